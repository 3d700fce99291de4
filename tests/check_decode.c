/*
 * check_decode.c — the per-instruction issue costs of a dispatch
 * (decode.h's decode_program) on tiny programs resolved through
 * program.h, on shipped profiles, every field worked out by hand:
 *
 *   - unit and latency from the ISA table (isa/opcodes.def) and the
 *     profile's latency.* figures;
 *   - busy = U = ceil(width / cu.lanes[unit]) cycles (none for a barrier);
 *     a shared access of P bank passes where a conflict-free 4-byte access
 *     takes B = ceil(width x 4 / (banks x bank_bytes)) keeps the unit
 *     ceil(U x P / B) cycles when P > B, and its result comes the extra
 *     ceil(U x P / B) - U cycles late (decode.h; docs/model.md,
 *     "Shared-memory banks"); the passes as banks.h defines them (each
 *     phase's most distinct words in one bank), counted here from the
 *     lanes' addresses;
 *   - the transactions of a global access: the 32-byte sectors the lanes'
 *     bytes touch, as in the CUDA C++ Best Practices Guide, "Coalesced
 *     Access to Global Memory" (cc 6.0+: a warp's consecutive aligned
 *     4-byte words are 4 sectors; stride 2 doubles them, "50% load/store
 *     efficiency"), and docs/model.md's rule: coalesced ceil(bytes x lanes
 *     / size); strided:N the span's segments until the stride reaches a
 *     transaction, then one a lane; random one a lane;
 *   - dependencies: the sources and the destination, each register once;
 *   - loop control: kind, iteration count and the partner's pc; the END
 *     entry one past the last instruction.
 *
 * Registers are numbered in order of appearance, the destination before
 * the sources (check_program.c): in `alu a, b` a is r0 and b r1.
 */
#include "cutest.h"
#include "decode.h"
#include "program.h"

#define NO PROG_NO_REG

#define SM70 "configs/hw/nvidia-sm70.yaml"
#define GCN "configs/hw/amd-gcn.yaml"
#define XE_HPC "configs/hw/intel-xe-hpc.yaml"

/* The shipped profile `file`, loaded as cusim would, with its flat memory
 * model: the transactions below are the flat model's (a profile's caches
 * make lines of the L1's instead: check_hier, check_addr). */
static cusim_hw profile(const char *file)
{
    cusim_hw hw;
    cusim_kernel k;
    const cusim_set flat = { "hw.cache.l2.bytes", "0", "--set", 1, 1 };
    cutest_load(file, "tests/xcheck/kernel.yaml", &flat, 1, &hw, &k);
    cusim_kernel_free(&k);
    return hw;
}

/* `text` parsed and resolved for one-dimensional groups of 64 at SIMD
 * `width`, one element per invocation. The caller frees it. */
static prog_code *resolve(const char *text, uint32_t width)
{
    static const prog_src src = { "k.yaml", 1, 1, NULL, .buffers = NULL };
    cusim_error err = { "", 0, 0, "" };
    prog_ast *ast = prog_parse(text, &src, &err);
    ck_assert_msg(ast != NULL, "parse: %s", err.message);
    prog_shape shape = { 64, 1, 1, 64, width, 1, .elements = 0,
                         .shared_bytes = 256 };   /* 64 x 4 */
    prog_code *code = prog_resolve(ast, &shape, &err);
    prog_ast_free(ast);
    ck_assert_msg(code != NULL, "resolve: %s", err.message);
    return code;
}

/* Asserts the entry at `pc` is an issued instruction with these costs and
 * the registers dep[0 .. n-1] (in any order) as its dependencies. */
static void check_issue(const insn_cost *cost, uint32_t pc, cusim_unit unit,
                        int global, uint32_t latency, uint32_t busy,
                        uint32_t tx, int dst, int n, int d0, int d1, int d2,
                        int d3)
{
    const insn_cost *c = &cost[pc];
    const int want[4] = { d0, d1, d2, d3 };
    ck_assert_msg(c->kind == INSN_ISSUE, "pc %u: kind %d", pc, c->kind);
    ck_assert_msg(c->unit == unit, "pc %u: unit %d, expected %d", pc, c->unit,
                  unit);
    ck_assert_msg(c->global == global, "pc %u: global %d", pc, c->global);
    ck_assert_msg(c->latency == latency, "pc %u: latency %u, expected %u", pc,
                  c->latency, latency);
    ck_assert_msg(c->busy == busy, "pc %u: busy %u, expected %u", pc, c->busy,
                  busy);
    ck_assert_msg(c->tx == tx, "pc %u: %u transactions, expected %u", pc,
                  c->tx, tx);
    ck_assert_msg(c->dst == dst, "pc %u: dst %d, expected %d", pc, c->dst,
                  dst);
    ck_assert_msg(c->n_deps == n, "pc %u: %d dependencies, expected %d", pc,
                  c->n_deps, n);
    for (int i = 0; i < n; i++) {
        int found = 0;
        for (int j = 0; j < c->n_deps; j++)
            found += c->deps[j] == want[i];
        ck_assert_msg(found == 1, "pc %u: register %d among the "
                      "dependencies %d times", pc, want[i], found);
    }
}

/* Asserts the entry at `pc` is loop control of `kind` (with `count`
 * iterations for a LOOP) whose partner is at `jump`. */
static void check_loop(const insn_cost *cost, uint32_t pc, int kind,
                       uint32_t count, uint32_t jump)
{
    const insn_cost *c = &cost[pc];
    ck_assert_msg(c->kind == kind, "pc %u: kind %d, expected %d", pc, c->kind,
                  kind);
    ck_assert_uint_eq(c->unit, CUSIM_UNIT_COUNT);
    if (kind == INSN_LOOP)
        ck_assert_uint_eq(c->count, count);
    ck_assert_uint_eq(c->jump, jump);
    ck_assert_uint_eq(c->n_deps, 0);
    ck_assert_uint_eq(c->busy, 0);
    ck_assert_uint_eq(c->dst, NO);
}

/* Asserts the entry at `pc` is the program's end. */
static void check_end(const insn_cost *cost, uint32_t pc)
{
    ck_assert_int_eq(cost[pc].kind, INSN_END);
    ck_assert_uint_eq(cost[pc].unit, CUSIM_UNIT_COUNT);
    ck_assert_uint_eq(cost[pc].dst, NO);
    ck_assert_uint_eq(cost[pc].n_deps, 0);
}

/* ------------------------------------------------ units and latencies */

/* nvidia-sm70, warps of 32: lanes alu 16, sfu 4, mem 8, shared 8;
 * latencies alu 4, sfu 20, shared 19, global 400, barrier 20; 32 banks of
 * 4 bytes; 32-byte transactions. a = r0, b = r1, c = r2, d = r3, e = r4,
 * f = r5.
 *   0 alu a, b            alu   busy 32 / 16 = 2, latency 4
 *   1 fma c, a, b         alu   2, 4
 *   2 sfu d, c            sfu   32 / 4 = 8, 20
 *   3 ld.global e, a      mem   32 / 8 = 4, global (400), 4 x 32 / 32 = 4
 *                               transactions
 *   4 st.global e, a bytes=8   mem 4, 8 x 32 / 32 = 8 transactions
 *   5 ld.shared f, a      shared 32 / 8 = 4; coalesced 4 B: word i in
 *                               bank i, P = 1 = B: 4, 19
 *   6 barrier             barrier: busy 0, latency 20, no registers
 *   7 END */
START_TEST(units_and_latencies)
{
    cusim_hw hw = profile(SM70);
    prog_code *code = resolve("alu a, b\n"
                              "fma c, a, b\n"
                              "sfu d, c\n"
                              "ld.global e, a\n"
                              "st.global e, a bytes=8\n"
                              "ld.shared f, a\n"
                              "barrier\n", 32);
    ck_assert_uint_eq(code->n_insns, 7);
    insn_cost *cost = decode_program(code, &hw, 32, 32);
    check_issue(cost, 0, CUSIM_UNIT_ALU, 0, 4, 2, 0, 0, 2, 1, 0, 0, 0);
    check_issue(cost, 1, CUSIM_UNIT_ALU, 0, 4, 2, 0, 2, 3, 0, 1, 2, 0);
    check_issue(cost, 2, CUSIM_UNIT_SFU, 0, 20, 8, 0, 3, 2, 2, 3, 0, 0);
    check_issue(cost, 3, CUSIM_UNIT_MEM, 1, 400, 4, 4, 4, 2, 0, 4, 0, 0);
    check_issue(cost, 4, CUSIM_UNIT_MEM, 1, 400, 4, 8, NO, 2, 4, 0, 0, 0);
    check_issue(cost, 5, CUSIM_UNIT_SHARED, 0, 19, 4, 0, 5, 2, 0, 5, 0, 0);
    check_issue(cost, 6, CUSIM_UNIT_BARRIER, 0, 20, 0, 0, NO, 0, 0, 0, 0, 0);
    check_end(cost, 7);
    free(cost);
    prog_code_free(code);
}
END_TEST

/* amd-gcn, wave64: lanes alu 16, sfu 4, mem 4; latencies alu 4, sfu 20,
 * barrier 20: alu 64 / 16 = 4 cycles, sfu 64 / 4 = 16, mem 64 / 4 = 16. */
START_TEST(wave64_busy)
{
    cusim_hw hw = profile(GCN);
    prog_code *code = resolve("alu a\nsfu b, a\nst.global b, a\n", 64);
    insn_cost *cost = decode_program(code, &hw, 64, 64);
    check_issue(cost, 0, CUSIM_UNIT_ALU, 0, 4, 4, 0, 0, 1, 0, 0, 0, 0);
    check_issue(cost, 1, CUSIM_UNIT_SFU, 0, 20, 16, 0, 1, 2, 0, 1, 0, 0);
    /* 64 lanes x 4 B = 256 B in 64-byte lines: 4 transactions */
    check_issue(cost, 2, CUSIM_UNIT_MEM, 1, 700, 16, 4, NO, 2, 1, 0, 0, 0);
    check_end(cost, 3);
    free(cost);
    prog_code_free(code);
}
END_TEST

/* ------------------------------------------------------- dependencies */

/* Sources and destination, each once. a = r0, b = r1, c = r2, d = r3,
 * e = r4.
 *   0 alu a, b           {r1, r0}
 *   1 fma c, a, a, b     {r0, r1, r2}: a read twice, listed once
 *   2 fma a, a, a, a     {r0}: the destination is also every source
 *   3 sfu d              {r3}: no source, the destination alone (a write
 *                        waits for the register's pending write)
 *   4 fma e, b, c, d     {r1, r2, r3, r4}: the most, PROG_MAX_SRCS + 1
 *   5 st.global c, a     {r2, r0}: no destination
 *   6 barrier            {} */
START_TEST(dependencies_each_once)
{
    cusim_hw hw = profile(SM70);
    prog_code *code = resolve("alu a, b\n"
                              "fma c, a, a, b\n"
                              "fma a, a, a, a\n"
                              "sfu d\n"
                              "fma e, b, c, d\n"
                              "st.global c, a\n"
                              "barrier\n", 32);
    insn_cost *cost = decode_program(code, &hw, 32, 32);
    check_issue(cost, 0, CUSIM_UNIT_ALU, 0, 4, 2, 0, 0, 2, 1, 0, 0, 0);
    check_issue(cost, 1, CUSIM_UNIT_ALU, 0, 4, 2, 0, 2, 3, 0, 1, 2, 0);
    check_issue(cost, 2, CUSIM_UNIT_ALU, 0, 4, 2, 0, 0, 1, 0, 0, 0, 0);
    check_issue(cost, 3, CUSIM_UNIT_SFU, 0, 20, 8, 0, 3, 1, 3, 0, 0, 0);
    check_issue(cost, 4, CUSIM_UNIT_ALU, 0, 4, 2, 0, 4, 4, 1, 2, 3, 4);
    check_issue(cost, 5, CUSIM_UNIT_MEM, 1, 400, 4, 4, NO, 2, 2, 0, 0, 0);
    check_issue(cost, 6, CUSIM_UNIT_BARRIER, 0, 20, 0, 0, NO, 0, 0, 0, 0, 0);
    check_end(cost, 7);
    free(cost);
    prog_code_free(code);
}
END_TEST

/* ------------------------------------------------ shared-memory banks */

/* nvidia-sm70: U = 32 / 8 = 4, B = ceil(32 x 4 / 128) = 1, latency 19.
 * a = r0, p = r1, b = r2, c = r3, d = r4, e = r5. Passes for 32 lanes,
 * then 16 (bank = word mod 32):
 *   0 strided:2    lane i at word 2i: banks 2i mod 32, 2 words each: P = 2;
 *                  16 lanes: words 0..30, all distinct banks: 1
 *   1 strided:32   word 32i, all in bank 0: 32; 16 lanes: 16
 *   2 strided:33   word 33i, bank i: 1; 1
 *   3 bytes=8      phases of 128 / 8 = 16 lanes, each covering words
 *                  0..31 of its own: 2; 16 lanes, one phase: 1
 *   4 bytes=16     phases of 8 lanes: 4; 2
 *   5 st.shared strided:4   word 4i: banks 0, 4, .. 28, 4 words each: 4;
 *                  16 lanes: 2
 * busy = 4 x P, latency = 19 + 4 x P - 4 when P > 1; else 4 and 19. */
START_TEST(shared_bank_passes)
{
    cusim_hw hw = profile(SM70);
    prog_code *code = resolve("ld.shared a, p pattern=strided:2\n"
                              "ld.shared b, p pattern=strided:32\n"
                              "ld.shared c, p pattern=strided:33\n"
                              "ld.shared d, p bytes=8\n"
                              "ld.shared e, p bytes=16\n"
                              "st.shared e, p pattern=strided:4\n", 32);
    static const struct { uint32_t busy32, lat32, busy16, lat16; } want[] = {
        { 8, 23, 4, 19 },        /* P 2, 1 */
        { 128, 143, 64, 79 },    /* P 32, 16 */
        { 4, 19, 4, 19 },        /* P 1, 1 */
        { 8, 23, 4, 19 },        /* P 2, 1 */
        { 16, 31, 8, 23 },       /* P 4, 2 */
        { 16, 31, 8, 23 },       /* P 4, 2 */
    };
    static const int dst[] = { 0, 2, 3, 4, 5, NO };
    insn_cost *full = decode_program(code, &hw, 32, 32);
    insn_cost *half = decode_program(code, &hw, 32, 16);
    for (uint32_t pc = 0; pc < 5; pc++) {
        check_issue(full, pc, CUSIM_UNIT_SHARED, 0, want[pc].lat32,
                    want[pc].busy32, 0, dst[pc], 2, 1, dst[pc], 0, 0);
        check_issue(half, pc, CUSIM_UNIT_SHARED, 0, want[pc].lat16,
                    want[pc].busy16, 0, dst[pc], 2, 1, dst[pc], 0, 0);
    }
    check_issue(full, 5, CUSIM_UNIT_SHARED, 0, 31, 16, 0, NO, 2, 5, 1, 0, 0);
    check_issue(half, 5, CUSIM_UNIT_SHARED, 0, 23, 8, 0, NO, 2, 5, 1, 0, 0);
    check_end(full, 6);
    check_end(half, 6);
    free(full);
    free(half);
    prog_code_free(code);
}
END_TEST

/* amd-gcn, wave64 on 32 banks of 4 B: U = 64 / 8 = 8, B = ceil(256 / 128)
 * = 2 (two half-wave phases), latency 48. a = r0, p = r1, b = r2.
 *   coalesced: each phase 1 pass, P = 2 = B: no replay: busy 8, 48.
 *   strided:2: each 32-lane phase 2 passes, P = 4: ceil(8 x 4 / 2) = 16,
 *     48 + 8 = 56.
 * 40 lanes: coalesced 1 + 1 = 2: 8, 48; strided:2: lanes 0-31 2 passes,
 *   lanes 32-39 (words 64..78, banks 0..14 even) 1: P = 3, ceil(24 / 2) =
 *   12, 52.
 * 20 lanes: coalesced P = 1 < B: still U, 8 and 48 (a partial wave holds
 *   the unit as long as a full one); strided:2, words 0..38: banks 0..6
 *   hold two words, P = 2 = B: 8, 48. */
START_TEST(shared_wave64_base)
{
    cusim_hw hw = profile(GCN);
    prog_code *code = resolve("ld.shared a, p\n"
                              "ld.shared b, p pattern=strided:2\n", 64);
    static const struct { uint32_t lanes, busy0, lat0, busy1, lat1; } want[] = {
        { 64, 8, 48, 16, 56 }, { 40, 8, 48, 12, 52 }, { 20, 8, 48, 8, 48 },
    };
    for (int i = 0; i < 3; i++) {
        insn_cost *cost = decode_program(code, &hw, 64, want[i].lanes);
        check_issue(cost, 0, CUSIM_UNIT_SHARED, 0, want[i].lat0,
                    want[i].busy0, 0, 0, 2, 1, 0, 0, 0);
        check_issue(cost, 1, CUSIM_UNIT_SHARED, 0, want[i].lat1,
                    want[i].busy1, 0, 2, 2, 1, 2, 0, 0);
        free(cost);
    }
    prog_code_free(code);
}
END_TEST

/* intel-xe-hpc, SIMD32 on 64 banks of 8 B: U = 32 / 4 = 8, B = ceil(128 /
 * 512) = 1, latency 40. 4-byte lanes, bank = (address / 8) mod 64:
 *   coalesced: two lanes a word, words 0..15: 1 pass: 8, 40
 *   strided:2: lane i at word i: 1: 8, 40
 *   strided:16: lane i at byte 64i, word 8i, bank 8i mod 64: 8 banks of
 *     4 words: 4: busy 32, 40 + 24 = 64
 *   strided:32: word 16i, banks 0, 16, 32, 48 of 8 words: 8: 64, 96;
 *     8 lanes: 2 words a bank, 2: 16, 48 */
START_TEST(shared_wide_banks)
{
    cusim_hw hw = profile(XE_HPC);
    prog_code *code = resolve("ld.shared a, p\n"
                              "ld.shared b, p pattern=strided:2\n"
                              "ld.shared c, p pattern=strided:16\n"
                              "st.shared c, p pattern=strided:32\n", 32);
    insn_cost *cost = decode_program(code, &hw, 32, 32);
    check_issue(cost, 0, CUSIM_UNIT_SHARED, 0, 40, 8, 0, 0, 2, 1, 0, 0, 0);
    check_issue(cost, 1, CUSIM_UNIT_SHARED, 0, 40, 8, 0, 2, 2, 1, 2, 0, 0);
    check_issue(cost, 2, CUSIM_UNIT_SHARED, 0, 64, 32, 0, 3, 2, 1, 3, 0, 0);
    check_issue(cost, 3, CUSIM_UNIT_SHARED, 0, 96, 64, 0, NO, 2, 3, 1, 0, 0);
    free(cost);
    cost = decode_program(code, &hw, 32, 8);
    check_issue(cost, 3, CUSIM_UNIT_SHARED, 0, 48, 16, 0, NO, 2, 3, 1, 0, 0);
    free(cost);
    prog_code_free(code);
}
END_TEST

/* -------------------------------------------------- global transactions */

/* nvidia-sm70, 32-byte transactions, for 32, 20 and 1 active lanes (the
 * sectors the lanes' bytes touch, lane 0 at byte 0):
 *   0 coalesced 4 B        128 B: 4;  80 B: 3;  1
 *   1 coalesced 16 B       512 B: 16; 320 B: 10; 1
 *   2 strided:2, 4 B       lane i at 8i, bytes 0..251: 8 (the Guide's
 *                          50%); 0..155: 5; 1
 *   3 strided:4, 4 B       16i, 0..499: 16; 0..307: 10; 1
 *   4 strided:8, 4 B       32i: a sector a lane: 32; 20; 1
 *   5 strided:2, 16 B      32i: 32; 20; 1
 *   6 random, 4 B          a sector a lane: 32; 20; 1
 *   7 random, 64 B         two a lane: 64; 40; 2
 *   8 coalesced 1 B        32 B: 1; 1; 1
 * Every one: unit mem, busy 32 / 8 = 4 whatever the lanes, global. */
START_TEST(global_transactions)
{
    cusim_hw hw = profile(SM70);
    prog_code *code = resolve("ld.global a, p\n"
                              "ld.global b, p bytes=16\n"
                              "ld.global c, p pattern=strided:2\n"
                              "ld.global d, p pattern=strided:4\n"
                              "st.global a, p pattern=strided:8\n"
                              "ld.global e, p bytes=16 pattern=strided:2\n"
                              "ld.global f, p pattern=random\n"
                              "ld.global g, p bytes=64 pattern=random\n"
                              "ld.global h, p bytes=1\n", 32);
    ck_assert_uint_eq(code->n_insns, 9);
    static const uint32_t lanes[] = { 32, 20, 1 };
    static const uint32_t tx[9][3] = {
        { 4, 3, 1 }, { 16, 10, 1 }, { 8, 5, 1 }, { 16, 10, 1 },
        { 32, 20, 1 }, { 32, 20, 1 }, { 32, 20, 1 }, { 64, 40, 2 },
        { 1, 1, 1 },
    };
    /* a = r0, p = r1, then b .. h = r2 .. r8; the store writes nothing */
    static const int dst[9] = { 0, 2, 3, 4, NO, 5, 6, 7, 8 };
    for (int l = 0; l < 3; l++) {
        insn_cost *cost = decode_program(code, &hw, 32, lanes[l]);
        for (uint32_t pc = 0; pc < 9; pc++)
            check_issue(cost, pc, CUSIM_UNIT_MEM, 1, 400, 4, tx[pc][l],
                        dst[pc], 2, 1, dst[pc] == NO ? 0 : dst[pc], 0, 0);
        check_end(cost, 9);
        free(cost);
    }
    prog_code_free(code);
}
END_TEST

/* amd-gcn, 64-byte transactions, wave64: coalesced 4 B, 256 B: 4; 40
 * lanes, 160 B: 3; 20 lanes, 80 B: 2. strided:4 (lane i at 16i): bytes
 * 0..1011: 16; 0..627: 10; 0..307: 5. strided:16 (64i): one a lane, 64. */
START_TEST(global_transactions_wave64)
{
    cusim_hw hw = profile(GCN);
    prog_code *code = resolve("ld.global a, p\n"
                              "ld.global b, p pattern=strided:4\n"
                              "ld.global c, p pattern=strided:16\n", 64);
    static const struct { uint32_t lanes, tx[3]; } want[] = {
        { 64, { 4, 16, 64 } }, { 40, { 3, 10, 40 } }, { 20, { 2, 5, 20 } },
    };
    static const int dst[] = { 0, 2, 3 };
    for (int i = 0; i < 3; i++) {
        insn_cost *cost = decode_program(code, &hw, 64, want[i].lanes);
        for (uint32_t pc = 0; pc < 3; pc++)
            check_issue(cost, pc, CUSIM_UNIT_MEM, 1, 700, 16, want[i].tx[pc],
                        dst[pc], 2, 1, dst[pc], 0, 0);
        free(cost);
    }
    prog_code_free(code);
}
END_TEST

/* ------------------------------------------------------ loop control */

/* The once part first, then the body; repeat counts resolved for the
 * shape (groups of 64 at SIMD32: 64 / 32 = 2). i = r0, x = r1, y = r2.
 *   0 alu i                         alu 2, 4; {r0}
 *   1 LOOP 2 -> 6
 *   2   ld.shared x, i strided:32   P = 32: busy 4 x 32 = 128, 19 + 124
 *                                   = 143; {r0, r1}
 *   3   LOOP 0 -> 5
 *   4     sfu y, x                  8, 20; {r1, r2}
 *   5   ENDLOOP -> 3
 *   6 ENDLOOP -> 1
 *   7 st.global x, i bytes=8 strided:2   lane i at 16i, bytes 0..503: 16
 *                                   sectors; {r1, r0}
 *   8 END */
START_TEST(loop_control_and_end)
{
    cusim_hw hw = profile(SM70);
    prog_code *code = resolve("once {\n"
                              "  alu i\n"
                              "}\n"
                              "body {\n"
                              "  repeat workgroup_size / simd_width {\n"
                              "    ld.shared x, i pattern=strided:32\n"
                              "    repeat 0 {\n"
                              "      sfu y, x\n"
                              "    }\n"
                              "  }\n"
                              "  st.global x, i bytes=8 pattern=strided:2\n"
                              "}\n", 32);
    ck_assert_uint_eq(code->n_insns, 8);
    insn_cost *cost = decode_program(code, &hw, 32, 32);
    check_issue(cost, 0, CUSIM_UNIT_ALU, 0, 4, 2, 0, 0, 1, 0, 0, 0, 0);
    check_loop(cost, 1, INSN_LOOP, 2, 6);
    check_issue(cost, 2, CUSIM_UNIT_SHARED, 0, 143, 128, 0, 1, 2, 0, 1, 0, 0);
    check_loop(cost, 3, INSN_LOOP, 0, 5);
    check_issue(cost, 4, CUSIM_UNIT_SFU, 0, 20, 8, 0, 2, 2, 1, 2, 0, 0);
    check_loop(cost, 5, INSN_ENDLOOP, 0, 3);
    check_loop(cost, 6, INSN_ENDLOOP, 0, 1);
    check_issue(cost, 7, CUSIM_UNIT_MEM, 1, 400, 4, 16, NO, 2, 1, 0, 0, 0);
    check_end(cost, 8);
    free(cost);
    /* A partial subgroup of 16 lanes: the same control, its own costs:
     * strided:32 16 passes, busy 64, 19 + 60 = 79; bytes 0..247: 8. */
    cost = decode_program(code, &hw, 32, 16);
    check_loop(cost, 1, INSN_LOOP, 2, 6);
    check_issue(cost, 2, CUSIM_UNIT_SHARED, 0, 79, 64, 0, 1, 2, 0, 1, 0, 0);
    check_loop(cost, 6, INSN_ENDLOOP, 0, 1);
    check_issue(cost, 7, CUSIM_UNIT_MEM, 1, 400, 4, 8, NO, 2, 1, 0, 0, 0);
    check_end(cost, 8);
    free(cost);
    prog_code_free(code);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("decode");
    TCase *tc = tcase_create("units and latencies");
    tcase_add_test(tc, units_and_latencies);
    tcase_add_test(tc, wave64_busy);
    suite_add_tcase(s, tc);
    tc = tcase_create("dependencies");
    tcase_add_test(tc, dependencies_each_once);
    suite_add_tcase(s, tc);
    tc = tcase_create("shared-memory banks");
    tcase_add_test(tc, shared_bank_passes);
    tcase_add_test(tc, shared_wave64_base);
    tcase_add_test(tc, shared_wide_banks);
    suite_add_tcase(s, tc);
    tc = tcase_create("global transactions");
    tcase_add_test(tc, global_transactions);
    tcase_add_test(tc, global_transactions_wave64);
    suite_add_tcase(s, tc);
    tc = tcase_create("loop control");
    tcase_add_test(tc, loop_control_and_end);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
