/*
 * check_program.c — the synthetic ISA: parsing (every syntax error at its
 * file location), resolving for a launch shape (unroll-and-jam of the body,
 * register renaming and numbering, loops and their jumps, counts that depend
 * on the shape, dynamic instruction counts) and the peak live registers
 * behind `registers: auto`. Expected values are worked out by hand in the
 * comments. Every program built or failing to resolve here does the same
 * through a clone of its parsed form (prog_ast_clone).
 */
#include "cutest.h"
#include "program.h"

#define NO PROG_NO_REG

/* The program text starts at line 10, column 5 of k.yaml: text line k,
 * column c is file line 9 + k, column 4 + c. */
static const prog_src src = { "k.yaml", 10, 5, NULL, .buffers = NULL };

/* A 16x16 workgroup on a 32-wide SIMD with E elements per invocation and
 * 1 KiB of shared memory (a shared-memory instruction needs some). */
static prog_shape shape_e(uint32_t e)
{
    return (prog_shape){ 16, 16, 1, 256, 32, e, .elements = 0,
                         .shared_bytes = 1024 };
}

static prog_ast *parse_ok(const char *text)
{
    cusim_error err = { "", 0, 0, "" };
    prog_ast *ast = prog_parse(text, &src, &err);
    ck_assert_msg(ast != NULL, "parse failed: %s:%d:%d: %s", err.file,
                  err.line, err.column, err.message);
    return ast;
}

static prog_code *resolve_ok(const prog_ast *ast, prog_shape shape)
{
    cusim_error err = { "", 0, 0, "" };
    prog_code *code = prog_resolve(ast, &shape, &err);
    ck_assert_msg(code != NULL, "resolve failed: %s:%d:%d: %s", err.file,
                  err.line, err.column, err.message);
    return code;
}

/* Asserts that two resolved programs are the same code. */
static void check_same_code(const prog_code *a, const prog_code *b)
{
    ck_assert_uint_eq(a->n_insns, b->n_insns);
    ck_assert_uint_eq(a->once_len, b->once_len);
    ck_assert_uint_eq(a->n_regs, b->n_regs);
    ck_assert_uint_eq(a->live_registers, b->live_registers);
    ck_assert_uint_eq(a->dynamic_insns, b->dynamic_insns);
    for (uint32_t i = 0; i < a->n_insns; i++) {
        const prog_insn *x = &a->insns[i], *y = &b->insns[i];
        ck_assert_msg(x->op == y->op && x->n_src == y->n_src
                      && x->pattern == y->pattern && x->dst == y->dst
                      && memcmp(x->src, y->src, sizeof x->src) == 0
                      && x->bytes == y->bytes && x->stride == y->stride
                      && x->count == y->count && x->jump == y->jump,
                      "insn %u differs", i);
    }
}

/* Parses and resolves `text` with E elements per invocation; a clone of
 * the parsed program, resolved after the original is freed, gives the
 * same code. */
static prog_code *build(const char *text, uint32_t e)
{
    prog_ast *ast = parse_ok(text);
    prog_code *code = resolve_ok(ast, shape_e(e));
    prog_ast *copy = prog_ast_clone(ast);
    prog_ast_free(ast);
    prog_code *again = resolve_ok(copy, shape_e(e));
    check_same_code(code, again);
    prog_code_free(again);
    prog_ast_free(copy);
    return code;
}

/* Asserts instruction `i`: opcode, destination and sources. */
static void check_insn(const prog_code *c, uint32_t i, int op, int dst,
                       int n_src, int s0, int s1, int s2)
{
    ck_assert_uint_lt(i, c->n_insns);
    const prog_insn *in = &c->insns[i];
    ck_assert_msg(in->op == op, "insn %u: op %d, expected %d", i, in->op, op);
    ck_assert_msg(in->dst == dst, "insn %u: dst %d, expected %d", i, in->dst,
                  dst);
    ck_assert_msg(in->n_src == n_src, "insn %u: n_src %d, expected %d", i,
                  in->n_src, n_src);
    int want[3] = { s0, s1, s2 };
    for (int k = 0; k < 3; k++)
        ck_assert_msg(in->src[k] == want[k], "insn %u: src[%d] %d, "
                      "expected %d", i, k, in->src[k], want[k]);
}

static void check_loop(const prog_code *c, uint32_t i, uint32_t count,
                       uint32_t end)
{
    ck_assert_uint_lt(end, c->n_insns);
    ck_assert_int_eq(c->insns[i].op, PROG_LOOP);
    ck_assert_uint_eq(c->insns[i].count, count);
    ck_assert_uint_eq(c->insns[i].jump, end);
    ck_assert_int_eq(c->insns[end].op, PROG_ENDLOOP);
    ck_assert_uint_eq(c->insns[end].jump, i);
}

/* Asserts that parsing `text` fails at FILE line/column with `part` in the
 * message. */
static void check_parse_error(const char *text, int line, int column,
                              const char *part)
{
    cusim_error err = { "", 0, 0, "" };
    prog_ast *ast = prog_parse(text, &src, &err);
    ck_assert_msg(ast == NULL, "'%s' parsed", text);
    ck_assert_str_eq(err.file, "k.yaml");
    ck_assert_msg(err.line == line && err.column == column,
                  "'%s': at %d:%d, expected %d:%d (%s)", text, err.line,
                  err.column, line, column, err.message);
    ck_assert_msg(strstr(err.message, part) != NULL,
                  "'%s': message '%s' lacks '%s'", text, err.message, part);
}

/* Asserts that `text` parses but resolving it for `shape` fails; so does
 * resolving a clone of it (the original freed), with the same error. */
static void check_resolve_error(const char *text, prog_shape shape, int line,
                                int column, const char *part)
{
    prog_ast *ast = parse_ok(text);
    prog_ast *copy = prog_ast_clone(ast);
    prog_ast_free(ast);
    for (int pass = 0; pass < 2; pass++) {
        cusim_error err = { "", 0, 0, "" };
        prog_ast *a = pass == 0 ? parse_ok(text) : copy;
        prog_code *code = prog_resolve(a, &shape, &err);
        prog_ast_free(a);
        ck_assert_msg(code == NULL, "'%s' resolved", text);
        ck_assert_str_eq(err.file, "k.yaml");
        ck_assert_msg(err.line == line && err.column == column,
                      "'%s'%s: at %d:%d, expected %d:%d (%s)", text,
                      pass ? " (clone)" : "", err.line, err.column, line,
                      column, err.message);
        ck_assert_msg(strstr(err.message, part) != NULL,
                      "'%s': message '%s' lacks '%s'", text, err.message,
                      part);
    }
}

/* The latency-bound example of docs/isa.md, with one source fewer in its
 * alu and fma. */
static const char *spec_example =
    "# latency-bound: one global load in every ten instructions\n"
    "once {                         # runs once per invocation\n"
    "  alu i\n"
    "}\n"
    "body {\n"
    "  ld.global x, i bytes=4 pattern=coalesced\n"
    "  repeat 9 {\n"
    "    fma x, x, x                # a dependent chain\n"
    "  }\n"
    "  st.global x, i bytes=4\n"
    "}\n";

/* E = 1: i is r0 (first in the once part), x is r1.
 *   0 alu r0 | 1 ld.global r1, r0 | 2 LOOP 9 -> 4 | 3 fma r1, r1, r1
 *   4 ENDLOOP -> 2 | 5 st.global r1, r0
 * dynamic: once 1 + body 1 + 9 + 1 = 12.
 * live: i on [0, 5], x on [1, 5] (x is live at the loop's entry and read
 * in it, so it spans the loop anyway): peak 2 at 1..5. */
START_TEST(test_spec_example_e1)
{
    prog_code *c = build(spec_example, 1);
    ck_assert_uint_eq(c->n_insns, 6);
    ck_assert_uint_eq(c->once_len, 1);
    ck_assert_uint_eq(c->n_regs, 2);
    check_insn(c, 0, ISA_OP_ALU, 0, 0, NO, NO, NO);
    check_insn(c, 1, ISA_OP_LD_GLOBAL, 1, 1, 0, NO, NO);
    check_loop(c, 2, 9, 4);
    check_insn(c, 3, ISA_OP_FMA, 1, 2, 1, 1, NO);
    check_insn(c, 5, ISA_OP_ST_GLOBAL, NO, 2, 1, 0, NO);
    ck_assert_uint_eq(c->insns[1].bytes, 4);
    ck_assert_uint_eq(c->insns[1].pattern, ISA_PATTERN_COALESCED);
    ck_assert_uint_eq(c->insns[5].bytes, 4);
    ck_assert_uint_eq(c->insns[3].bytes, 0);
    ck_assert_uint_eq(c->dynamic_insns, 12);
    ck_assert_uint_eq(c->live_registers, 2);
    prog_code_free(c);
}
END_TEST

/* E = 4: x is written in the body, so each copy has its own (x0..x3 =
 * r1..r4); i is only read there, so the copies share r0.
 *   0 alu r0
 *   1..4 ld.global r(1+c), r0
 *   5 LOOP 9 -> 10
 *   6..9 fma r(1+c), r(1+c), r(1+c)
 *   10 ENDLOOP -> 5
 *   11..14 st.global r(1+c), r0
 * dynamic: 1 + 4 + 9 * 4 + 4 = 45.
 * live: i on [0, 14]; x_c on [1 + c, 11 + c]; at 4..11 all five are live:
 * peak 5. */
START_TEST(test_spec_example_e4)
{
    prog_code *c = build(spec_example, 4);
    ck_assert_uint_eq(c->n_insns, 15);
    ck_assert_uint_eq(c->once_len, 1);
    ck_assert_uint_eq(c->n_regs, 5);
    check_insn(c, 0, ISA_OP_ALU, 0, 0, NO, NO, NO);
    for (int k = 0; k < 4; k++) {
        check_insn(c, 1 + k, ISA_OP_LD_GLOBAL, 1 + k, 1, 0, NO, NO);
        check_insn(c, 6 + k, ISA_OP_FMA, 1 + k, 2, 1 + k, 1 + k, NO);
        check_insn(c, 11 + k, ISA_OP_ST_GLOBAL, NO, 2, 1 + k, 0, NO);
    }
    check_loop(c, 5, 9, 10);
    ck_assert_uint_eq(c->dynamic_insns, 45);
    ck_assert_uint_eq(c->live_registers, 5);
    prog_code_free(c);
}
END_TEST

/* No once/body blocks: all body. With E = 2, a and c are written (per
 * copy), b only read (an input, shared). Numbered in order of appearance,
 * destination before sources:
 *   0 alu a0=r0, b=r1 | 1 alu a1=r2, r1 | 2 alu c0=r3, r0 | 3 alu c1=r4, r2
 * live: b [0,1], a0 [0,2], a1 [1,3], c0 [2,2], c1 [3,3] -> 2, 3, 3, 2:
 * peak 3. */
START_TEST(test_bare_program)
{
    prog_code *c = build("alu a, b\nalu c, a\n", 2);
    ck_assert_uint_eq(c->n_insns, 4);
    ck_assert_uint_eq(c->once_len, 0);
    ck_assert_uint_eq(c->n_regs, 5);
    check_insn(c, 0, ISA_OP_ALU, 0, 1, 1, NO, NO);
    check_insn(c, 1, ISA_OP_ALU, 2, 1, 1, NO, NO);
    check_insn(c, 2, ISA_OP_ALU, 3, 1, 0, NO, NO);
    check_insn(c, 3, ISA_OP_ALU, 4, 1, 2, NO, NO);
    ck_assert_uint_eq(c->dynamic_insns, 4);
    ck_assert_uint_eq(c->live_registers, 3);
    prog_code_free(c);
}
END_TEST

/* registers: auto leaves out scalar values (every definition a salu):
 *   0 salu n | 1 alu a, n | 2 salu n, n | 3 alu b, a, n | 4 alu k
 *   5 salu k, k
 * n lives in the scalar registers; a [1, 3], b [3, 3]; k is written by
 * an alu first, so it is a vector register [4, 5]: peak 2 (a and b at 3).
 * An input read by a salu (m) still counts: "salu s, m\nalu a, s"
 * keeps m [0, 0] and a [1, 1]: peak 1. */
START_TEST(test_scalar_registers_not_counted)
{
    prog_code *c = build("salu n\nalu a, n\nsalu n, n\nalu b, a, n\n"
                         "alu k\nsalu k, k\n", 1);
    ck_assert_uint_eq(c->live_registers, 2);
    prog_code_free(c);
    c = build("salu s, m\nalu a, s\n", 1);
    ck_assert_uint_eq(c->live_registers, 1);
    prog_code_free(c);
}
END_TEST

/* Nested repeats, a zero-count loop kept, and the body before the once
 * block in the text (the once part is still emitted first).
 *   0 LOOP 2 -> 8
 *   1   alu a=r0, r0
 *   2   LOOP 3 -> 4
 *   3     fma b=r1, r0, r1
 *   4   ENDLOOP -> 2
 *   5   LOOP 0 -> 7
 *   6     sfu c=r2, r1
 *   7   ENDLOOP -> 5
 *   8 ENDLOOP -> 0
 *   9 st.shared r1, r0
 * dynamic: alu 2 + fma 2*3 + sfu 0 + st 1 = 9.
 * live: a and b are read before written (inputs): [0, 9]; c, never read,
 * [6, 6]: peak 3 at 6. */
START_TEST(test_nested_repeats)
{
    prog_code *c = build("repeat 2 {\n"
                         "  alu a, a\n"
                         "  repeat 3 {\n"
                         "    fma b, a, b\n"
                         "  }\n"
                         "  repeat 0 {\n"
                         "    sfu c, b\n"
                         "  }\n"
                         "}\n"
                         "st.shared b, a\n", 1);
    ck_assert_uint_eq(c->n_insns, 10);
    check_loop(c, 0, 2, 8);
    check_insn(c, 1, ISA_OP_ALU, 0, 1, 0, NO, NO);
    check_loop(c, 2, 3, 4);
    check_insn(c, 3, ISA_OP_FMA, 1, 2, 0, 1, NO);
    check_loop(c, 5, 0, 7);
    check_insn(c, 6, ISA_OP_SFU, 2, 1, 1, NO, NO);
    check_insn(c, 9, ISA_OP_ST_SHARED, NO, 2, 1, 0, NO);
    ck_assert_uint_eq(c->dynamic_insns, 9);
    ck_assert_uint_eq(c->live_registers, 3);
    prog_code_free(c);
}
END_TEST

/* Loop control is emitted once however many copies there are; with E = 3
 * the repeat holds the three copies of each instruction. The loop counts
 * multiply: dynamic = 3 * (2 * 5) = 30. */
START_TEST(test_nested_repeats_copies)
{
    prog_code *c = build("repeat 2 {\n"
                         "  repeat 5 {\n"
                         "    alu x, x\n"
                         "  }\n"
                         "}\n", 3);
    ck_assert_uint_eq(c->n_insns, 7);
    check_loop(c, 0, 2, 6);
    check_loop(c, 1, 5, 5);
    for (int k = 0; k < 3; k++)
        check_insn(c, 2 + k, ISA_OP_ALU, k, 1, k, NO, NO);
    ck_assert_uint_eq(c->dynamic_insns, 30);
    ck_assert_uint_eq(c->n_regs, 3);
    prog_code_free(c);
}
END_TEST

/* One AST resolved for several shapes; counts depend on the shape. */
START_TEST(test_counts_from_shape)
{
    prog_ast *ast = parse_ok(
        "repeat log2(workgroup_size) {\n"
        "  barrier\n"
        "}\n"
        "repeat ceil((workgroup_x+2)*(workgroup_y+2)/workgroup_size) {\n"
        "  ld.shared t, p\n"
        "}\n"
        "repeat elements_per_invocation * 0 + 1 {\n"
        "  alu y, t\n"
        "}\n");
    prog_shape s = { 8, 8, 1, 64, 32, 1, .elements = 0,
                     .shared_bytes = 1024 };
    prog_code *c = resolve_ok(ast, s);
    ck_assert_uint_eq(c->insns[0].count, 6);    /* log2(64) */
    ck_assert_uint_eq(c->insns[3].count, 2);    /* ceil(100 / 64) */
    ck_assert_uint_eq(c->insns[6].count, 1);    /* a count of 1 stays */
    check_insn(c, 1, ISA_OP_BARRIER, NO, 0, NO, NO, NO);
    ck_assert_uint_eq(c->dynamic_insns, 6 + 2 + 1);
    prog_code_free(c);
    s = (prog_shape){ 16, 16, 1, 256, 32, 1, .elements = 0,
                      .shared_bytes = 1024 };
    c = resolve_ok(ast, s);
    ck_assert_uint_eq(c->insns[0].count, 8);    /* log2(256) */
    ck_assert_uint_eq(c->insns[3].count, 2);    /* ceil(324 / 256) */
    prog_code_free(c);
    s = (prog_shape){ 16, 4, 1, 64, 32, 1, .elements = 0,
                      .shared_bytes = 1024 };
    c = resolve_ok(ast, s);
    ck_assert_uint_eq(c->insns[3].count, 2);    /* ceil(108 / 64) */
    prog_code_free(c);
    prog_ast_free(ast);
}
END_TEST

/* The count may follow `repeat` without a blank. */
START_TEST(test_repeat_paren)
{
    prog_code *c = build("repeat(2) {\n  alu x\n}\n", 1);
    check_loop(c, 0, 2, 2);
    prog_code_free(c);
}
END_TEST

/* The iteration counts never cost memory: a huge count is one entry. */
START_TEST(test_huge_count)
{
    prog_code *c = build("repeat 4000000000 {\n  alu x, x\n}\n", 4);
    ck_assert_uint_eq(c->n_insns, 6);
    ck_assert_uint_eq(c->insns[0].count, 4000000000u);
    ck_assert_uint_eq(c->dynamic_insns, 16000000000ull);
    prog_code_free(c);
}
END_TEST

/* A register written both in once and in the body is per-copy; the once
 * part writes copy 0 (copy 1 is then an input to the body).
 *   0 alu acc0=r0 | 1 alu r0, r0, v=r1 | 2 alu acc1=r2, r2, r1 */
START_TEST(test_once_and_per_copy)
{
    prog_code *c = build("once {\n  alu acc\n}\n"
                         "body {\n  alu acc, acc, v\n}\n", 2);
    ck_assert_uint_eq(c->once_len, 1);
    ck_assert_uint_eq(c->n_insns, 3);
    check_insn(c, 0, ISA_OP_ALU, 0, 0, NO, NO, NO);
    check_insn(c, 1, ISA_OP_ALU, 0, 2, 0, 1, NO);
    check_insn(c, 2, ISA_OP_ALU, 2, 2, 2, 1, NO);
    ck_assert_uint_eq(c->n_regs, 3);
    prog_code_free(c);
}
END_TEST

START_TEST(test_memory_modifiers)
{
    prog_code *c = build("ld.shared a, p bytes=8 pattern=strided:4\n"
                         "st.global a, p pattern=random\n"
                         "ld.global b, p   pattern=coalesced   bytes=1024  "
                         "# comment, with, commas\n"
                         "st.shared b, p bytes=1\n", 1);
    ck_assert_uint_eq(c->insns[0].bytes, 8);
    ck_assert_uint_eq(c->insns[0].pattern, ISA_PATTERN_STRIDED);
    ck_assert_uint_eq(c->insns[0].stride, 4);
    ck_assert_uint_eq(c->insns[1].bytes, 4);
    ck_assert_uint_eq(c->insns[1].pattern, ISA_PATTERN_RANDOM);
    ck_assert_uint_eq(c->insns[2].bytes, 1024);
    ck_assert_uint_eq(c->insns[2].pattern, ISA_PATTERN_COALESCED);
    ck_assert_uint_eq(c->insns[3].bytes, 1);
    check_insn(c, 1, ISA_OP_ST_GLOBAL, NO, 2, 0, 1, NO);
    prog_code_free(c);
}
END_TEST

/* Operand counts of the DST_SRCS form: 0 to 3 sources. */
START_TEST(test_operand_counts)
{
    prog_code *c = build("alu a\nsfu b, a\nfma c, a, b\nfma d, a, b, c\n"
                         "barrier\n", 1);
    check_insn(c, 0, ISA_OP_ALU, 0, 0, NO, NO, NO);
    check_insn(c, 1, ISA_OP_SFU, 1, 1, 0, NO, NO);
    check_insn(c, 2, ISA_OP_FMA, 2, 2, 0, 1, NO);
    check_insn(c, 3, ISA_OP_FMA, 3, 3, 0, 1, 2);
    check_insn(c, 4, ISA_OP_BARRIER, NO, 0, NO, NO, NO);
    prog_code_free(c);
}
END_TEST

/* bytes=16 makes the loaded value 4 registers wide.
 *   0 ld.global v=r0 (width 4), p=r1 | 1 alu s=r2, r0 | 2 st.global r2, r1
 * live: v [0,1] x4, p (input) [0,2], s [1,2]: 5, 6, 2 -> peak 6. */
START_TEST(test_live_wide_load)
{
    prog_code *c = build("ld.global v, p bytes=16\nalu s, v\n"
                         "st.global s, p\n", 1);
    ck_assert_uint_eq(c->live_registers, 6);
    prog_code_free(c);
    /* bytes=6 rounds up to 2 registers: 2 + 1 + 1 = 4. */
    c = build("ld.global v, p bytes=6\nalu s, v\nst.global s, p\n", 1);
    ck_assert_uint_eq(c->live_registers, 4);
    prog_code_free(c);
}
END_TEST

/* Values never read live only at their definition: peak 1. An input read
 * late is live from the start: x [0, 2] with a [0,0], b [1,1], c [2,2]:
 * peak 2. */
START_TEST(test_live_simple)
{
    prog_code *c = build("alu a\nalu b\nalu c\n", 1);
    ck_assert_uint_eq(c->live_registers, 1);
    prog_code_free(c);
    c = build("alu a\nalu b\nalu c, x\n", 1);
    ck_assert_uint_eq(c->live_registers, 2);
    prog_code_free(c);
    /* A register rewritten after its last read is live up to that write:
     * a (input) [0, 3], b [0, 0], c [1, 2], d [2, 2]: 3 at 2. */
    c = build("alu b, a\nalu c\nalu d, c\nalu a\n", 1);
    ck_assert_uint_eq(c->live_registers, 3);
    prog_code_free(c);
}
END_TEST

/* A value live at a loop's entry and read in the loop spans the whole loop:
 *   0 alu a | 1 LOOP | 2 alu b, a | 3 alu c, b | 4 alu d, c | 5 ENDLOOP
 * a is [0, 5] (its last read at 2 extended to the ENDLOOP); b [2,3],
 * c [3,4], d [4,4]. At 3: a, b, c; at 4: a, c, d -> peak 3. Without the
 * extension it would be 2. */
START_TEST(test_live_loop_extension)
{
    prog_code *c = build("alu a\nrepeat 4 {\n  alu b, a\n  alu c, b\n"
                         "  alu d, c\n}\n", 1);
    ck_assert_uint_eq(c->live_registers, 3);
    prog_code_free(c);
    /* Loop-carried: t is read at the top of the loop and rewritten at its
     * bottom; u is a temporary of one iteration.
     *   0 alu t | 1 LOOP | 2 alu u, t | 3 alu t, u | 4 ENDLOOP
     *   5 alu w | 6 alu z, w
     * t [0, 4], u [2, 3]; w [5, 6], z [6, 6]: peak 2. */
    c = build("alu t\nrepeat 4 {\n  alu u, t\n  alu t, u\n}\n"
              "alu w\nalu z, w\n", 1);
    ck_assert_uint_eq(c->live_registers, 2);
    prog_code_free(c);
}
END_TEST

START_TEST(test_free_null)
{
    prog_ast_free(NULL);
    prog_code_free(NULL);
    ck_assert_ptr_null(prog_ast_clone(NULL));
}
END_TEST

/* Every syntax error, at its file location (text line k, column c is file
 * line 9 + k, column 4 + c). */
START_TEST(test_errors_opcodes)
{
    check_parse_error("ld.globl x, i", 10, 5,
                      "unknown opcode 'ld.globl' (did you mean "
                      "'ld.global'?)");
    check_parse_error("alu x\n  frobnicate x", 11, 7,
                      "unknown opcode 'frobnicate' (expected alu, fma, sfu, "
                      "ld.global, st.global, ld.shared, st.shared, barrier, "
                      "atom.global, atom.shared, shuffle, broadcast, ballot, "
                      "reduce, salu, repeat, once, body, if or after)");
    check_parse_error("once(", 10, 9, "expected '{' after 'once', found '('");
    check_parse_error("  repaet 3 {\n  alu x\n  }", 10, 7,
                      "did you mean 'repeat'?");
    check_parse_error("@alu x", 10, 5, "expected an instruction, 'repeat', "
                      "'if', 'once', 'body' or '}', found '@'");
    check_parse_error("alu{", 10, 8, "expected a blank after 'alu'");
    /* no far-fetched suggestion ('for' is two edits from 'fma'): control
     * flow is said to be repeat and if, in once and body */
    check_parse_error("while x", 10, 5, "'while': a program's control flow "
                      "is 'repeat N { ... }' and 'if COND { ... } else "
                      "{ ... }' inside 'once { ... }' and 'body { ... }' "
                      "(docs/isa.md)");
    check_parse_error("for x", 10, 5, "'for': a program's control flow");
    check_parse_error("ldx x", 10, 5, "unknown opcode 'ldx' (expected alu, "
                      "fma, sfu,");
}
END_TEST

START_TEST(test_errors_operands)
{
    check_parse_error("alu", 10, 8, "'alu' needs a destination");
    check_parse_error("alu   # nothing", 10, 11, "found 0 operands");
    check_parse_error("alu a, b, c, d, e", 10, 21,
                      "too many operands for 'alu'");
    check_parse_error("st.global x", 10, 16,
                      "'st.global' needs VALUE, ADDR; a store has no "
                      "destination, found 1 operand");
    check_parse_error("st.global x, i, j", 10, 21,
                      "too many operands for 'st.global'");
    check_parse_error("ld.global x", 10, 16, "'ld.global' needs DEST, ADDR");
    check_parse_error("barrier x", 10, 13,
                      "too many operands for 'barrier' (expected no "
                      "operands)");
    check_parse_error("alu 3x", 10, 9, "expected a register name");
    check_parse_error("ld.global x, 3", 10, 18,
                      "expected a register name after ','");
    check_parse_error("alu x,, y", 10, 11,
                      "expected a register name after ','");
    check_parse_error("alu x, y z", 10, 14,
                      "expected ',' between operands or the end of the "
                      "line, found 'z'");
    check_parse_error("alu x.y", 10, 10, "found '.'");
}
END_TEST

START_TEST(test_errors_modifiers)
{
    check_parse_error("alu x bytes=4", 10, 11, "'alu' takes no modifiers");
    check_parse_error("barrier bytes=4", 10, 13,
                      "'barrier' takes no modifiers");
    check_parse_error("ld.global x, i byts=4", 10, 20,
                      "unknown modifier 'byts' (did you mean 'bytes'?)");
    check_parse_error("ld.global x, i size=4", 10, 20,
                      "unknown modifier 'size' (expected bytes=N");
    check_parse_error("ld.global x, i bytes=0", 10, 26,
                      "bytes= must be a whole number from 1 to 1024, "
                      "found '0'");
    check_parse_error("ld.global x, i bytes=2048", 10, 26, "found '2048'");
    check_parse_error("ld.global x, i bytes=", 10, 26, "found ''");
    check_parse_error("ld.global x, i bytes=4 bytes=8", 10, 28,
                      "'bytes=' given twice");
    check_parse_error("st.global x, i pattern=zigzag", 10, 28,
                      "unknown pattern 'zigzag' (expected coalesced, "
                      "strided:N or random)");
    check_parse_error("ld.global x, i pattern=strided:-1", 10, 36,
                      "pattern=strided:N needs a whole number N >= 0 (0: "
                      "every lane the same element), found '-1'");
    check_parse_error("ld.global x, i pattern=strided:", 10, 36,
                      "found ''");
    check_parse_error("ld.global x, i j", 10, 20,
                      "expected a modifier such as bytes=4 or "
                      "pattern=coalesced after the operands of 'ld.global', "
                      "found 'j'");
}
END_TEST

START_TEST(test_errors_blocks)
{
    check_parse_error("repeat 3", 10, 12,
                      "expected '{' at the end of the 'repeat' line");
    check_parse_error("repeat", 10, 11, "expected '{' at the end");
    check_parse_error("repeat 3 { alu x }", 10, 22,
                      "expected '{' at the end");
    check_parse_error("}", 10, 5, "unmatched '}'");
    check_parse_error("repeat 3 {\n  alu x\n  } x", 12, 9,
                      "expected '}' alone on its line, found 'x'");
    check_parse_error("alu y\n  repeat 3 {\n  alu x\n", 11, 7,
                      "'repeat' block is never closed");
    check_parse_error("once {\n alu x\n}\nonce {\n alu y\n}", 13, 5,
                      "'once' given twice (first at line 10)");
    check_parse_error("body {\n once {\n", 11, 6,
                      "'once' block inside 'body'");
    check_parse_error("once {\n repeat 2 {\n  body {\n", 12, 7,
                      "'body' block inside 'repeat'");
    check_parse_error("alu x\nbody {\n alu y\n}", 11, 5,
                      "'body' block after instructions outside any block");
    check_parse_error("body {\n alu y\n}\nalu x", 13, 5,
                      "an instruction outside the once and body blocks");
    check_parse_error("once {\n alu y\n}\nrepeat 2 {", 13, 5,
                      "'repeat' outside the once and body blocks");
    check_parse_error("once\n", 10, 9,
                      "expected '{' after 'once', found the end of the line");
    check_parse_error("once { alu x\n}", 10, 12,
                      "expected the end of the line after 'once {'");
    check_parse_error("", 10, 5, "program has no instructions");
    check_parse_error("# only a comment\n\n", 10, 5,
                      "program has no instructions");
    check_parse_error("once {\n}\nbody {\n}\n", 10, 5,
                      "program has no instructions");
}
END_TEST

START_TEST(test_errors_nesting)
{
    char text[1024];
    size_t n = 0;
    for (int i = 0; i < PROG_MAX_DEPTH; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "repeat 1 {\n");
    n += (size_t)snprintf(text + n, sizeof text - n, "alu x\n");
    for (int i = 0; i < PROG_MAX_DEPTH; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "}\n");
    prog_code *c = build(text, 1);            /* 16 deep is fine */
    ck_assert_uint_eq(c->n_insns, 2 * PROG_MAX_DEPTH + 1);
    check_loop(c, 0, 1, 2 * PROG_MAX_DEPTH);
    prog_code_free(c);
    n = 0;
    for (int i = 0; i <= PROG_MAX_DEPTH; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "repeat 1 {\n");
    check_parse_error(text, 10 + PROG_MAX_DEPTH, 5,
                      "repeat blocks nested deeper than 16");
}
END_TEST

/* Count syntax errors are found at parse time, at the offending token. */
START_TEST(test_errors_count_syntax)
{
    check_parse_error("repeat {\n alu x\n}", 10, 12, "expected a count");
    check_parse_error("repeat 2 + {\n alu x\n}", 10, 16,
                      "found the end of the count");
    check_parse_error("repeat wg_size {\n alu x\n}", 10, 12,
                      "unknown name 'wg_size' in count (expected "
                      "workgroup_size, workgroup_x");
    check_parse_error("alu y\n  repeat 99999999999999999999 {\n alu x\n}",
                      11, 14, "number 99999999999999999999 is too large");
    check_parse_error("repeat (2 {\n alu x\n}", 10, 15, "expected ')'");
    check_parse_error("repeat 2.5 {\n alu x\n}", 10, 13, "found '.'");
}
END_TEST

/* A shared-memory instruction in a workgroup without shared memory
 * (shared_bytes 0 for the shape) is an error at the instruction, in the
 * once part or inside a loop alike; with shared memory it resolves. */
START_TEST(test_errors_shared_without_memory)
{
    prog_shape s = shape_e(1);
    s.shared_bytes = 0;
    /* text line 2, column 3: file line 10 + 1, column 5 + 2 */
    check_resolve_error("alu i\n  ld.shared x, i bytes=4\n", s, 11, 7,
                        "ld.shared: the workgroup has no shared memory "
                        "(shared_bytes is 0 at this launch shape)");
    /* text line 6, column 5: file line 15, column 9 */
    check_resolve_error("once {\n  alu i\n}\nbody {\n  repeat 2 {\n"
                        "    st.shared i, i bytes=4\n  }\n}\n", s, 15, 9,
                        "st.shared: the workgroup has no shared memory "
                        "(shared_bytes is 0 at this launch shape)");
    /* with at=shared[...] too, at the instruction rather than its at= */
    check_resolve_error("st.shared i, i at=shared[lid] bytes=4\n", s, 10, 5,
                        "st.shared: the workgroup has no shared memory");
    s.shared_bytes = 4;
    prog_ast *ast = parse_ok("alu i\n  ld.shared x, i bytes=4\n");
    prog_code *code = resolve_ok(ast, s);
    ck_assert_uint_eq(code->n_insns, 2);
    ck_assert_uint_eq(code->insns[1].space, PROG_SPACE_SHARED);
    prog_code_free(code);
    prog_ast_free(ast);
}
END_TEST

/* Count value errors are found at resolve time, at the count. */
START_TEST(test_errors_count_value)
{
    cusim_error err;
    prog_ast *ast = parse_ok("repeat log2(100) {\n  alu x\n}\n");
    prog_shape s = shape_e(1);
    ck_assert_ptr_null(prog_resolve(ast, &s, &err));
    ck_assert_str_eq(err.message, "repeat count log2(100) = 6.64386 is not "
                     "whole (wrap it in ceil() or floor())");
    ck_assert_int_eq(err.line, 10);
    ck_assert_int_eq(err.column, 12);
    prog_ast_free(ast);

    check_resolve_error("repeat 10/4 {\n alu x\n}", shape_e(1), 10, 12,
                        "repeat count 10/4 = 2.5 is not whole");
    check_resolve_error("alu y\nrepeat  workgroup_x - 19 {\n alu x\n}",
                        shape_e(1), 11, 13,
                        "repeat count workgroup_x - 19 is negative (-3)");
    check_resolve_error("repeat 2 {\n  repeat 64 / (simd_width - 32) {\n"
                        "    alu x\n  }\n}", shape_e(1), 11, 17,
                        "division by zero");
    check_resolve_error("repeat log2(workgroup_x - 16) {\n alu x\n}",
                        shape_e(1), 10, 12, "positive");
    check_resolve_error("repeat 4294967296 {\n alu x\n}", shape_e(1), 10,
                        12, "is too large (at most 4294967295)");
    check_resolve_error("repeat 4294967295 {\n repeat 4294967295 {\n"
                        "  repeat 4294967295 {\n   alu x\n  }\n }\n}",
                        shape_e(1), 12, 7, "more than");
    /* The same text resolves where the shape allows it. */
    prog_shape wide = { 20, 1, 1, 20, 32, 1, .elements = 0 };
    prog_code *c = resolve_ok(
        (ast = parse_ok("repeat workgroup_x - 19 {\n alu x\n}")), wide);
    ck_assert_uint_eq(c->insns[0].count, 1);
    prog_code_free(c);
    prog_ast_free(ast);
}
END_TEST

START_TEST(test_errors_resolve_limits)
{
    check_resolve_error("alu a\n", shape_e(0), 10, 5,
                        "elements_per_invocation is 0");
    /* Two shared registers, then one per-copy register in 70000 copies:
     * more than 65535 numbers, found at the second line. */
    check_resolve_error("st.global v, p\nalu a\n", shape_e(70000), 11, 5,
                        "program needs more than 65535 registers");
}
END_TEST

START_TEST(test_errors_divergence)
{
    /* Each at its token: line 10, column 5 is the program's first byte. */
    check_parse_error("if x", 10, 8, "expected '{' at the end of the 'if' "
                      "line");
    check_parse_error("if lane < {\n}", 10, 15, "if: expected a number, a "
                      "name or '(' in the expression");
    check_parse_error("if lane = 3 {\n}", 10, 13, "if: expected an operator "
                      "or the end of the expression, found '=' (a comparison "
                      "is '==')");
    check_parse_error("if lame < 3 {\n}", 10, 8, "if: unknown name 'lame' in "
                      "the address (did you mean 'lane'?)");
    check_parse_error("if lane < 3 {\n  alu x\n}\nelse {\n}", 13, 5,
                      "'else' goes on the line of its if's closing brace: "
                      "'} else {'");
    check_parse_error("repeat 3 {\n} else {\n}", 11, 7, "'else' after the "
                      "'}' of a 'repeat' block (expected it after an if's)");
    check_parse_error("if lane < 3 {\n} else {\n} else {\n}", 12, 7,
                      "'else' after the '}' of an 'else' block");
    check_parse_error("if lane < 3 {\n} else x {\n}", 11, 12,
                      "expected '{' after 'else', found 'x'");
    check_parse_error("if lane < 3 {\n  alu x", 10, 5, "'if' block is never "
                      "closed");
    check_parse_error("if lane < 3 {\n} else {\n  alu x", 11, 7,
                      "'else' block is never closed");
    /* 17 ifs deep (a repeat's depth is its own) */
    char deep[400] = "";
    for (int i = 0; i < 17; i++)
        strcat(deep, "if lane {\n");
    check_parse_error(deep, 26, 5, "if blocks nested deeper than 16");
    /* a divisor always 0 for the shape, at its operator */
    check_resolve_error("if lane / (simd_width - 32) > 0 {\n  alu x\n}",
                        shape_e(1),
                        10, 13, "division by zero in the condition (the "
                        "divisor is always 0)");
    check_resolve_error("repeat lane % (workgroup_x - 16) {\n  alu x\n}",
                        shape_e(1),
                        10, 17, "remainder by zero in the count (the divisor "
                        "is always 0)");
    /* a repeat count that is neither kind of expression keeps the
     * count's message */
    check_parse_error("repeat lanes {\n}", 10, 12, "unknown name 'lanes'");
}
END_TEST

START_TEST(test_resolve_divergence)
{
    /* The if triple and its partners; a per-lane repeat has count 0 and
     * its cond; `e` in a condition emits the if once per copy (E = 2). */
    prog_ast *ast = parse_ok("body {\n"
                             "  if lane < 3 {\n"
                             "    alu a\n"
                             "  }\n"
                             "  repeat lane {\n"
                             "    alu b\n"
                             "  }\n"
                             "  if e == 1 {\n"
                             "    alu c\n"
                             "  } else {\n"
                             "    alu d\n"
                             "  }\n"
                             "}\n");
    prog_code *c = resolve_ok(ast, shape_e(2));
    /* if(0) a a(1,2) else(3) endif(4) loop(5) b b(6,7) endloop(8), then
     * per copy: if c else d endif (9-13, 14-18) */
    ck_assert_uint_eq(c->n_insns, 19);
    ck_assert_int_eq(c->insns[0].op, PROG_IF);
    ck_assert_uint_eq(c->insns[0].jump, 3);
    ck_assert_int_eq(c->insns[3].op, PROG_ELSE);
    ck_assert_uint_eq(c->insns[3].jump, 4);
    ck_assert_int_eq(c->insns[4].op, PROG_ENDIF);
    ck_assert_uint_eq(c->insns[4].jump, 0);
    ck_assert_int_eq(c->insns[5].op, PROG_LOOP);
    ck_assert_uint_eq(c->insns[5].count, 0);
    ck_assert_ptr_nonnull(c->insns[5].cond);
    ck_assert_uint_eq(c->insns[5].body, 2);
    ck_assert_uint_eq(c->insns[5].jump, 8);
    for (uint32_t k = 9; k <= 14; k += 5) {
        ck_assert_int_eq(c->insns[k].op, PROG_IF);
        ck_assert_uint_eq(c->insns[k].jump, k + 2);
        ck_assert_int_eq(c->insns[k + 1].op, ISA_OP_ALU);
        ck_assert_int_eq(c->insns[k + 2].op, PROG_ELSE);
        ck_assert_uint_eq(c->insns[k + 2].jump, k + 4);
        ck_assert_int_eq(c->insns[k + 3].op, ISA_OP_ALU);
        ck_assert_int_eq(c->insns[k + 4].op, PROG_ENDIF);
        ck_assert_uint_eq(c->insns[k + 4].jump, k);
    }
    /* ifs and the repeat side by side: 1 deep at most */
    ck_assert_uint_eq(c->div_depth, 1);
    /* per invocation, the per-lane repeat left out: a a, then c d for
     * each copy = 6 */
    ck_assert_uint_eq(c->dynamic_insns, 6);
    prog_code_free(c);
    prog_ast_free(ast);
}
END_TEST

START_TEST(test_after_block)
{
    /* E = 4: the body's acc has 4 copies; the after block reads acc, so
     * the copies are combined into copy 0's by 3 alu in a tree (acc0 +=
     * acc1, acc2 += acc3, then acc0 += acc2), then the after block's store
     * reads copy 0. once: 1, body: 4 loads + 4 alu = 8, combine 3, after
     * 1: 13 entries, executed once each. */
    prog_ast *ast = parse_ok("once {\n"
                             "  alu acc\n"
                             "}\n"
                             "body {\n"
                             "  ld.global x, i\n"
                             "  alu acc, acc, x\n"
                             "}\n"
                             "after {\n"
                             "  st.global acc, i\n"
                             "}\n");
    prog_code *c = resolve_ok(ast, shape_e(4));
    ck_assert_uint_eq(c->n_insns, 13);
    ck_assert_uint_eq(c->dynamic_insns, 13);
    const prog_insn *in = c->insns;
    uint16_t acc[4];
    for (int k = 0; k < 4; k++)
        acc[k] = in[5 + k].dst;   /* the body's alu acc, copy k */
    ck_assert_uint_eq(in[9].dst, acc[0]);
    ck_assert_uint_eq(in[9].src[0], acc[0]);
    ck_assert_uint_eq(in[9].src[1], acc[1]);
    ck_assert_uint_eq(in[10].dst, acc[2]);
    ck_assert_uint_eq(in[10].src[1], acc[3]);
    ck_assert_uint_eq(in[11].dst, acc[0]);
    ck_assert_uint_eq(in[11].src[1], acc[2]);
    ck_assert_int_eq(in[12].op, ISA_OP_ST_GLOBAL);
    ck_assert_uint_eq(in[12].src[0], acc[0]);
    prog_code_free(c);
    /* E = 1: nothing to combine */
    c = resolve_ok(ast, shape_e(1));
    ck_assert_uint_eq(c->n_insns, 4);
    prog_code_free(c);
    prog_ast_free(ast);
    check_parse_error("body {\n  after {\n", 11, 7, "'after' block inside "
                      "'body' (expected once, body and after only at the top "
                      "level)");
    check_parse_error("after {\n  alu x\n}\nafter {\n}", 13, 5,
                      "'after' given twice (first at line 10)");
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("program");
    struct {
        const char *name;
        const TTest *test;
    } cases[] = {
        { "spec_example_e1", test_spec_example_e1 },
        { "spec_example_e4", test_spec_example_e4 },
        { "bare_program", test_bare_program },
        { "scalar_registers_not_counted", test_scalar_registers_not_counted },
        { "nested_repeats", test_nested_repeats },
        { "nested_repeats_copies", test_nested_repeats_copies },
        { "counts_from_shape", test_counts_from_shape },
        { "repeat_paren", test_repeat_paren },
        { "huge_count", test_huge_count },
        { "once_and_per_copy", test_once_and_per_copy },
        { "memory_modifiers", test_memory_modifiers },
        { "operand_counts", test_operand_counts },
        { "live_wide_load", test_live_wide_load },
        { "live_simple", test_live_simple },
        { "live_loop_extension", test_live_loop_extension },
        { "free_null", test_free_null },
        { "errors_opcodes", test_errors_opcodes },
        { "errors_divergence", test_errors_divergence },
        { "resolve_divergence", test_resolve_divergence },
        { "after_block", test_after_block },
        { "errors_operands", test_errors_operands },
        { "errors_modifiers", test_errors_modifiers },
        { "errors_blocks", test_errors_blocks },
        { "errors_nesting", test_errors_nesting },
        { "errors_count_syntax", test_errors_count_syntax },
        { "errors_count_value", test_errors_count_value },
        { "errors_shared_without_memory", test_errors_shared_without_memory },
        { "errors_resolve_limits", test_errors_resolve_limits },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        TCase *tc = tcase_create(cases[i].name);
        tcase_add_test(tc, cases[i].test);
        suite_add_tcase(s, tc);
    }
    return s;
}

CUTEST_MAIN(make_suite)
