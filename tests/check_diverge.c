/*
 * check_diverge.c — divergence (docs/isa.md "Divergence"): ifs and
 * per-lane repeats on kernels small enough to work out by hand, on the
 * tiny CU of cutest.h (one scheduler, single issue, width 32, 32 lanes per
 * unit, alu 4 / shared 30 / global 400 cycles, 64 bytes per cycle in
 * 32-byte transactions). One workgroup of one subgroup unless said.
 */
#include <string.h>

#include "cusim.h"
#include "cutest.h"
#include "program.h"

/* The error a run of `program` stops with. */
static void run_fails(const cusim_hw *hw, const char *program,
                      uint64_t max_instructions, const char *expect)
{
    cusim_kernel k = { .name = "k", .workgroup = { 32, 1, 1 },
                       .workgroup_dims = 1, .registers = 16,
                       .elements = 32, .elements_per_invocation = 1 };
    cusim_sim_options opt = { .max_instructions = max_instructions };
    cusim_error err;
    cusim_result r;
    ck_assert_int_ne(cutest_simulate(hw, &k, program, &opt, &r, &err), 0);
    ck_assert_msg(strstr(err.message, expect), "message: %s", err.message);
}

START_TEST(if_taken_by_half)
{
    /* a at 0 (ready 4). Lanes 0-15 take the first side: b at 4 (ready 8),
     * c at 8 (ready 12); lanes 16-31 the second: d (needs only a) at 9
     * (ready 13); reconverged, e at 10 (ready 14): 14 cycles. Lanes issued
     * 32 + 16 + 16 + 16 + 32 = 112 of 5 x 32 = 160 (0.7). One branch, and
     * it diverges: efficiency 0. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run_wg32(&hw, "alu a\n"
                              "if lane < 16 {\n"
                              "  alu b, a\n"
                              "  alu c, b\n"
                              "} else {\n"
                              "  alu d, a\n"
                              "}\n"
                              "alu e, a\n", 0, 1);
    ck_assert_uint_eq(r.cycles, 14);
    ck_assert_uint_eq(r.warp_instructions, 5);
    ck_assert_uint_eq(r.lane_instructions, 112);
    ck_assert_double_eq_tol(r.simd_efficiency, 0.7, 1e-12);
    ck_assert_uint_eq(r.branches, 1);
    ck_assert_uint_eq(r.divergent_branches, 1);
    ck_assert_double_eq_tol(r.branch_efficiency, 0.0, 1e-12);
}
END_TEST

START_TEST(if_without_divergence)
{
    /* `lane < 64` holds for every lane and `wg == 0` for the whole
     * subgroup (a uniform condition): both sides run with all 32 lanes, no
     * else runs, nothing diverges. `lane > 40` holds for no lane: its side
     * is skipped (no instruction of it issues), its else runs with all. So
     * a, b, c, e issue: 4 x 32 lanes; 3 branches, none divergent. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run_wg32(&hw, "alu a\n"
                              "if lane < 64 {\n"
                              "  alu b, a\n"
                              "}\n"
                              "if wg == 0 {\n"
                              "  alu c, a\n"
                              "}\n"
                              "if lane > 40 {\n"
                              "  alu d, a\n"
                              "  alu d, d\n"
                              "} else {\n"
                              "  alu e, a\n"
                              "}\n", 0, 1);
    ck_assert_uint_eq(r.warp_instructions, 4);
    ck_assert_uint_eq(r.lane_instructions, 128);
    ck_assert_uint_eq(r.branches, 3);
    ck_assert_uint_eq(r.divergent_branches, 0);
    ck_assert_double_eq_tol(r.branch_efficiency, 1.0, 1e-12);
}
END_TEST

START_TEST(nested_ifs)
{
    /* Outer: lanes 0-15; inner, of those, lanes 0-7. x: 8 lanes, y: 16,
     * z (after both): 32. Two branches, both divergent. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run_wg32(&hw, "if lane < 16 {\n"
                              "  if lane < 8 {\n"
                              "    alu x\n"
                              "  }\n"
                              "  alu y\n"
                              "}\n"
                              "alu z\n", 0, 1);
    ck_assert_uint_eq(r.warp_instructions, 3);
    ck_assert_uint_eq(r.lane_instructions, 8 + 16 + 32);
    ck_assert_uint_eq(r.branches, 2);
    ck_assert_uint_eq(r.divergent_branches, 2);
}
END_TEST

START_TEST(per_lane_repeat_1_to_32)
{
    /* Lane l repeats lane + 1 times: the subgroup runs 32 iterations, lane
     * l active in the first l + 1. Warp instructions 1 + 32; lanes 32 +
     * (1 + 2 + ... + 32) = 32 + 528 = 560. A chain of 33 dependent alus:
     * 33 x 4 = 132 cycles. Branches: the entry test and the 32 iteration
     * ends; the ends after iterations 1-31 let some lanes go and keep
     * others (31 divergent); the entry keeps all and the last end lets
     * all go. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run_wg32(&hw, "alu a\n"
                              "repeat lane + 1 {\n"
                              "  alu a, a\n"
                              "}\n", 0, 1);
    ck_assert_uint_eq(r.warp_instructions, 33);
    ck_assert_uint_eq(r.lane_instructions, 560);
    ck_assert_uint_eq(r.cycles, 132);
    ck_assert_uint_eq(r.branches, 33);
    ck_assert_uint_eq(r.divergent_branches, 31);
}
END_TEST

START_TEST(masks_of_two_words)
{
    /* A 128-lane subgroup (masks of two 64-bit words): lane l repeats l + 1
     * times: 1 + 128 = 129 warp-instructions, 128 + (1 + ... + 128) =
     * 128 + 8256 = 8384 lanes, 127 divergent ends of 129 branches; and an
     * if on lane < 70 (crossing the words): 70 + 58 lanes on its sides. */
    cusim_hw hw = cutest_tiny_cu();
    hw.simd_widths[0] = 128;
    hw.cu.max_invocations = 1024;
    hw.cu.max_workgroup_size = 1024;
    cusim_kernel k = { .name = "k", .workgroup = { 128, 1, 1 },
                       .workgroup_dims = 1, .registers = 16,
                       .elements = 128, .elements_per_invocation = 1 };
    const char *const programs[] = {
        "alu a\nrepeat lane + 1 {\n  alu a, a\n}\n",
        "if lane < 70 {\n  alu a\n} else {\n  alu b\n}\n",
    };
    cusim_result r[2];
    for (int i = 0; i < 2; i++)
        r[i] = cutest_run_kernel(&hw, &k, programs[i]);
    ck_assert_uint_eq(r[0].warp_instructions, 129);
    ck_assert_uint_eq(r[0].lane_instructions, 8384);
    ck_assert_uint_eq(r[0].branches, 129);
    ck_assert_uint_eq(r[0].divergent_branches, 127);
    ck_assert_uint_eq(r[1].warp_instructions, 2);
    ck_assert_uint_eq(r[1].lane_instructions, 128);
    ck_assert_uint_eq(r[1].divergent_branches, 1);
}
END_TEST

START_TEST(per_lane_repeat_some_lanes_none)
{
    /* lane % 4 iterations (0 .. 3): lanes 0, 4, ... never enter (8 of
     * them): the entry test diverges. Iteration 0: 24 lanes, 1: 16,
     * 2: 8; instructions 3, lanes 48. The repeat's `it` is its own
     * iteration inside: at= addresses per iteration would see it (not
     * checked here). Branches: entry (divergent) + 3 ends, of which the
     * first two divergent. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run_wg32(&hw, "repeat lane % 4 {\n"
                              "  alu a\n"
                              "}\n", 0, 1);
    ck_assert_uint_eq(r.warp_instructions, 3);
    ck_assert_uint_eq(r.lane_instructions, 48);
    ck_assert_uint_eq(r.branches, 4);
    ck_assert_uint_eq(r.divergent_branches, 3);
}
END_TEST

START_TEST(masked_load_coalesces_active_lanes)
{
    /* Flat model: 8 active lanes of 4 bytes at consecutive elements are
     * 32 bytes: one transaction (32 lanes would make 4). It leaves the
     * channel at cycle 1 (32 bytes at 64 per cycle, rounded up) and lands
     * 400 later: 401 cycles. With at=, lanes 0, 4, ..., 28 at elements 8
     * apart (32 bytes) touch 8 transactions. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run_wg32(&hw, "if lane < 8 {\n"
                              "  ld.global x, i bytes=4\n"
                              "}\n", 0, 1);
    ck_assert_uint_eq(r.memory_transactions, 1);
    ck_assert_uint_eq(r.memory_bytes, 32);
    ck_assert_uint_eq(r.cycles, 401);
    r = cutest_run_wg32(&hw, "if lane % 4 == 0 {\n"
                 "  ld.global x, i at=A[gid * 8]\n"
                 "}\n", 0, 1);
    ck_assert_uint_eq(r.memory_transactions, 8);
}
END_TEST

START_TEST(masked_shared_access_banks)
{
    /* 32 banks of 4 bytes. at=shared[lane * 32]: every lane's word is in
     * bank 0. All 32 lanes: 32 passes, 31 replays beyond the one a
     * conflict-free access takes: latency 30 + 31 = 61 after i (ready 4):
     * 65 cycles. Lanes 0 and 1 only: 2 passes, 1 replay: 4 + 31 = 35. */
    cusim_hw hw = cutest_tiny_cu();
    hw.cu.shared_banks = 32;
    hw.cu.shared_bank_bytes = 4;
    cusim_result r = cutest_run_wg32(&hw, "alu i\n"
                              "ld.shared y, i at=shared[lane * 32]\n",
                         4096, 1);
    ck_assert_uint_eq(r.cycles, 65);
    r = cutest_run_wg32(&hw, "alu i\n"
                 "if lane < 2 {\n"
                 "  ld.shared y, i at=shared[lane * 32]\n"
                 "}\n", 4096, 1);
    ck_assert_uint_eq(r.cycles, 35);
    /* Reconverged, all 32 lanes again: z waits for the unit (busy 1 + 1
     * replay after y issues at 4: free at 6), then takes 32 passes:
     * latency 61, ready at 67. */
    r = cutest_run_wg32(&hw, "alu i\n"
                 "if lane < 2 {\n"
                 "  ld.shared y, i at=shared[lane * 32]\n"
                 "}\n"
                 "ld.shared z, i at=shared[lane * 32]\n", 4096, 1);
    ck_assert_uint_eq(r.cycles, 67);
}
END_TEST

START_TEST(uniform_loads)
{
    /* A uniform value read by every lane: one element for the subgroup,
     * one 32-byte transaction (the flat model), whether written as
     * pattern=strided:0 or as an address with no per-lane name; 32 lanes
     * at consecutive elements make 4. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run_wg32(&hw, "ld.global x, i pattern=strided:0\n", 0, 1);
    ck_assert_uint_eq(r.memory_transactions, 1);
    ck_assert_uint_eq(r.cycles, 401);
    r = cutest_run_wg32(&hw, "ld.global x, i at=A[wg + it]\n", 0, 1);
    ck_assert_uint_eq(r.memory_transactions, 1);
    r = cutest_run_wg32(&hw, "ld.global x, i at=A[gid]\n", 0, 1);
    ck_assert_uint_eq(r.memory_transactions, 4);
}
END_TEST

START_TEST(condition_on_the_body_copy)
{
    /* elements_per_invocation 2: the body's if names e, so it is emitted
     * once per copy; copy 0 takes it (e == 0), copy 1 does not. One alu
     * issues, two branches, none divergent (e is the same for every
     * lane). */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run_wg32(&hw, "body {\n"
                              "  if e == 0 {\n"
                              "    alu a\n"
                              "  }\n"
                              "}\n", 0, 2);
    ck_assert_uint_eq(r.warp_instructions, 1);
    ck_assert_uint_eq(r.branches, 2);
    ck_assert_uint_eq(r.divergent_branches, 0);
}
END_TEST

START_TEST(faults)
{
    /* Lane 3 divides by zero in the condition; a per-lane count up to
     * 10^6 iterations of one instruction needs 10^6 warp-instructions,
     * above a budget of 1000. */
    cusim_hw hw = cutest_tiny_cu();
    run_fails(&hw, "if 10 / (lane - 3) > 0 {\n  alu a\n}\n", 0,
              "the condition of an if (entry 1 of dispatch 1) divides by "
              "zero");
    run_fails(&hw, "repeat (lane + 1) * 31250 {\n  alu a\n}\n", 1000,
              "a per-lane repeat (entry 1 of dispatch 1) would take the run "
              "past 1000 warp-instructions");
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("diverge");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, if_taken_by_half);
    tcase_add_test(tc, if_without_divergence);
    tcase_add_test(tc, nested_ifs);
    tcase_add_test(tc, per_lane_repeat_1_to_32);
    tcase_add_test(tc, per_lane_repeat_some_lanes_none);
    tcase_add_test(tc, masks_of_two_words);
    tcase_add_test(tc, masked_load_coalesces_active_lanes);
    tcase_add_test(tc, masked_shared_access_banks);
    tcase_add_test(tc, uniform_loads);
    tcase_add_test(tc, condition_on_the_body_copy);
    tcase_add_test(tc, faults);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
