/*
 * check_atomic.c — atomics (docs/isa.md "Atomics") on kernels small enough
 * to work out by hand, on the tiny CU of cutest.h (one scheduler, single
 * issue, width 32, 32 lanes per unit, alu 4 / shared 30 / global 400
 * cycles, 64 bytes per cycle in 32-byte transactions; the flat memory
 * model). One workgroup of one 32-lane subgroup. The hierarchy's atomic
 * unit has its own hand-worked case in check_hier.c.
 */
#include "cusim.h"
#include "cutest.h"
#include "program.h"

START_TEST(global_lanes_on_one_address_take_turns)
{
    /* 32 lanes on one address: one 32-byte transaction per turn, 32 of
     * them; at 64 bytes per cycle they leave the channel two per cycle at
     * 1, 1, 2, 2, ..., 16, 16: the last lands at 16 + 400 = 416.
     * 32 lanes on 32 consecutive 4-byte addresses: 4 transactions (one per
     * 32-byte segment, one turn each), as a load: 1, 1, 2, 2 -> 402. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run_wg32(&hw, "atom.global o, v at=A[0] op=add\n",
                                     0, 1);
    ck_assert_uint_eq(r.memory_transactions, 32);
    ck_assert_uint_eq(r.cycles, 416);
    r = cutest_run_wg32(&hw, "atom.global o, v at=A[lane] op=add\n", 0, 1);
    ck_assert_uint_eq(r.memory_transactions, 4);
    ck_assert_uint_eq(r.cycles, 402);
    /* 16 bins, lanes l and l + 16 on bin l: one segment of 64 bytes ->
     * two 32-byte lines of 8 bins, each taking 2 turns: 4 transactions */
    r = cutest_run_wg32(&hw, "atom.global o, v at=A[lane % 16] op=max\n",
                        0, 1);
    ck_assert_uint_eq(r.memory_transactions, 4);
}
END_TEST

START_TEST(shared_lanes_on_one_word_do_not_broadcast)
{
    /* 32 banks of 4 bytes. A load of one word by every lane is a
     * broadcast: 1 pass, i at 0 (ready 4), the load ready at 4 + 30 = 34.
     * An atomic on that word takes a turn per lane: 32 passes, 31 replays:
     * 4 + 30 + 31 = 65. On 32 consecutive words: 1 pass, 34. */
    cusim_hw hw = cutest_tiny_cu();
    hw.cu.shared_banks = 32;
    hw.cu.shared_bank_bytes = 4;
    cusim_result r = cutest_run_wg32(&hw, "alu i\n"
                                          "ld.shared y, i at=shared[0]\n",
                                     128, 1);
    ck_assert_uint_eq(r.cycles, 34);
    r = cutest_run_wg32(&hw, "alu i\n"
                             "atom.shared y, i at=shared[0] op=add\n",
                        128, 1);
    ck_assert_uint_eq(r.cycles, 65);
    r = cutest_run_wg32(&hw, "alu i\n"
                             "atom.shared y, i at=shared[lane] op=add\n",
                        128, 1);
    ck_assert_uint_eq(r.cycles, 34);
}
END_TEST

START_TEST(only_active_lanes_take_turns)
{
    /* Under `if lane < 4`, 4 lanes on one address: 4 transactions (1, 1,
     * 2, 2): 402. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run_wg32(&hw, "if lane < 4 {\n"
                                          "  atom.global o, v at=A[0]\n"
                                          "}\n", 0, 1);
    ck_assert_uint_eq(r.memory_transactions, 4);
    ck_assert_uint_eq(r.cycles, 402);
}
END_TEST

START_TEST(parse_errors)
{
    cutest_parse_fails("ld.global x, i op=add\n", 16,
                       "'ld.global' takes no op= (it is for atom.global, "
                       "atom.shared and reduce)");
    cutest_parse_fails("atom.shared x, i op=sub\n", 21,
                       "unknown atomic op 'sub' (expected add, min, max, "
                       "exch or cas)");
    cutest_parse_fails("atom.global x, i op=add op=min\n", 25,
                       "'op=' given twice");
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("atomic");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, global_lanes_on_one_address_take_turns);
    tcase_add_test(tc, shared_lanes_on_one_word_do_not_broadcast);
    tcase_add_test(tc, only_active_lanes_take_turns);
    tcase_add_test(tc, parse_errors);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
