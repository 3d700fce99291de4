/*
 * check_subgroup.c — subgroup operations (docs/isa.md "Subgroup
 * operations"): shuffle, broadcast, ballot and reduce, resolved and timed
 * by hand on the tiny CU of cutest.h (width 32, 32 lanes per unit, alu 4 /
 * shared 30 cycles), one 32-lane subgroup.
 */
#include "cusim.h"
#include "cutest.h"
#include "program.h"

/* Resolves `text` for subgroups `width` lanes wide (one group of them). */
static prog_code *resolve_at_width(const char *text, uint32_t width)
{
    cusim_error err;
    prog_src src = { "k.yaml", 1, 1, NULL, .buffers = NULL };
    prog_ast *ast = prog_parse(text, &src, &err);
    ck_assert_msg(ast != NULL, "%s", err.message);
    prog_shape sh = { width, 1, 1, width, width, 1, .elements = width,
                      .invocations = width };
    prog_code *c = prog_resolve(ast, &sh, &err);
    ck_assert_msg(c != NULL, "%s", err.message);
    prog_ast_free(ast);
    return c;
}

START_TEST(reduce_is_a_butterfly)
{
    /* width 32: log2 32 = 5 levels of (shuffle t, x; alu s, x, t), the
     * first from a, the others from s: 10 entries; width 64: 12; width 1:
     * s = a, one alu. */
    prog_code *c = resolve_at_width("reduce s, a op=add\n", 32);
    ck_assert_uint_eq(c->n_insns, 10);
    ck_assert_uint_eq(c->dynamic_insns, 10);
    uint16_t s = c->insns[1].dst, a = c->insns[0].src[0],
             t = c->insns[0].dst;
    ck_assert_uint_ne(t, s);
    ck_assert_uint_ne(t, a);
    for (uint32_t k = 0; k < 5; k++) {
        const prog_insn *sh = &c->insns[2 * k], *op = &c->insns[2 * k + 1];
        ck_assert_int_eq(sh->op, ISA_OP_SHUFFLE);
        ck_assert_uint_eq(sh->dst, t);
        ck_assert_uint_eq(sh->src[0], k == 0 ? a : s);
        ck_assert_int_eq(op->op, ISA_OP_ALU);
        ck_assert_uint_eq(op->dst, s);
        ck_assert_uint_eq(op->src[0], k == 0 ? a : s);
        ck_assert_uint_eq(op->src[1], t);
    }
    prog_code_free(c);
    c = resolve_at_width("reduce s, a op=max\n", 64);
    ck_assert_uint_eq(c->n_insns, 12);
    prog_code_free(c);
    c = resolve_at_width("reduce s, a op=xor\n", 1);
    ck_assert_uint_eq(c->n_insns, 1);
    ck_assert_int_eq(c->insns[0].op, ISA_OP_ALU);
    prog_code_free(c);
}
END_TEST

START_TEST(timing_on_either_unit)
{
    /* On the ALU (cu.shuffle_unit alu, the default): ten dependent
     * instructions of 4 cycles: 40. On the shared-memory unit, each
     * shuffle takes latency.shared: 5 x (30 + 4) = 170. A single shuffle,
     * broadcast or ballot: 4 (ballot stays on the ALU: 4 either way). */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run_wg32(&hw, "reduce s, a op=add\n", 0, 1);
    ck_assert_uint_eq(r.cycles, 40);
    ck_assert_uint_eq(r.warp_instructions, 10);
    r = cutest_run_wg32(&hw, "shuffle t, a, b\n", 0, 1);
    ck_assert_uint_eq(r.cycles, 4);
    hw.cu.shuffle_unit = CUSIM_SHUFFLE_SHARED;
    r = cutest_run_wg32(&hw, "reduce s, a op=add\n", 0, 1);
    ck_assert_uint_eq(r.cycles, 170);
    r = cutest_run_wg32(&hw, "broadcast t, a\n", 0, 1);
    ck_assert_uint_eq(r.cycles, 30);
    r = cutest_run_wg32(&hw, "ballot t, a\n", 0, 1);
    ck_assert_uint_eq(r.cycles, 4);
}
END_TEST

START_TEST(parse_errors)
{
    cutest_parse_fails("reduce s, a, b op=add\n", 1,
                       "'reduce' needs a destination and one source "
                       "(reduce d, a op=add), found 3 operands");
    cutest_parse_fails("reduce s, a op=exch\n", 16,
                       "unknown reduce op 'exch' (expected add, min, max, "
                       "and, or or xor)");
    cutest_parse_fails("reduce s, a bytes=4\n", 13,
                       "'reduce' takes only op= (add, min, max, and, or or "
                       "xor)");
    cutest_parse_fails("shuffle t, a op=add\n", 14,
                       "'shuffle' takes no modifiers");
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("subgroup");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, reduce_is_a_butterfly);
    tcase_add_test(tc, timing_on_either_unit);
    tcase_add_test(tc, parse_errors);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
