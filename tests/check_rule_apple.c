/*
 * check_rule_apple.c — Apple's occupancy rules (sim/rules/rule_apple.c) on the
 * shipped apple-m1 and apple-m3 profiles, against the Asahi AGX compiler's
 * occupancy table and Metal's published limits, worked by hand.
 *
 * Mesa, src/asahi/compiler/agx_occupancy.c: the most threads resident for
 * a register count, looked up as the first entry whose half-register count
 * is at least the shader's:
 *   {104, 1024}, {112, 896}, {128, 832}, {136, 768}, {144, 704},
 *   {160, 640}, {184, 576}, {208, 512}, {232, 448}, {256, 384}.
 * A kernel's r 32-bit registers are 2r half-registers. Apple, "Metal
 * Feature Set Tables": 32 KB of threadgroup memory and 1024 threads per
 * threadgroup, SIMD-groups of 32, threadgroup memory lengths in multiples
 * of 16 bytes. The profiles add 64 KB of threadgroup memory per core
 * (metal-benchmarks) and one workgroup per SIMD-group slot (32); apple-m3
 * carries apple-m1's figures (estimates), so the table applies to both.
 * Resident workgroups are floor(threads from the table / group size) where
 * registers bind.
 */
#include "cusim.h"
#include "cutest.h"

#define M1 "configs/hw/apple-m1.yaml"
#define M3 "configs/hw/apple-m3.yaml"

/* The occupancy of threadgroups of `size` threads, `regs` registers per
 * thread and `smem` bytes of threadgroup memory on the profile `hw_file`
 * (the cross-check kernel resized); aborts the test if they cannot launch.
 * Every profile here must use Apple's rules and SIMD-groups of 32. */
static cusim_occupancy occ(const char *hw_file, unsigned size, unsigned regs,
                           unsigned smem)
{
    cutest_launch l = { 0, size, regs, smem };
    cusim_occupancy o =
        cutest_launch_occ_or_abort(hw_file, CUSIM_RULES_APPLE, l);
    ck_assert_uint_eq(o.simd_width, 32);
    return o;
}

/* Asserts that the threadgroup cannot launch and the message holds
 * `part`. */
static void refused(const char *hw_file, unsigned size, unsigned regs,
                    unsigned smem, const char *part)
{
    cutest_launch l = { 0, size, regs, smem };
    cutest_launch_refused(hw_file, CUSIM_RULES_APPLE, l, part);
}

/* ------------------------------------------------------ the AGX table */

/* Every entry of the table, and counts between entries (looked up at the
 * next entry up): threads resident for r registers, in groups of 64 (two
 * SIMD-groups), so threads / 64 groups. */
static const struct agx_row {
    unsigned regs;       /* 32-bit registers per thread */
    unsigned halfregs;   /* the table entry it falls in */
    unsigned threads;    /* that entry's max_threads */
} agx_rows[] = {
    { 52, 104, 1024 }, { 56, 112, 896 }, { 64, 128, 832 }, { 68, 136, 768 },
    { 72, 144, 704 }, { 80, 160, 640 }, { 92, 184, 576 }, { 104, 208, 512 },
    { 116, 232, 448 }, { 128, 256, 384 },
    /* between entries: 2 -> 104, 106 -> 112, 120 -> 128, 168 -> 184,
     * 240 -> 256 half-registers */
    { 1, 104, 1024 }, { 53, 112, 896 }, { 60, 128, 832 }, { 84, 184, 576 },
    { 120, 256, 384 },
};

START_TEST(agx_occupancy_table)
{
    const char *files[] = { M1, M3 };
    for (int f = 0; f < 2; f++)
        for (size_t i = 0; i < sizeof agx_rows / sizeof agx_rows[0]; i++) {
            const struct agx_row *row = &agx_rows[i];
            cusim_occupancy o = occ(files[f], 64, row->regs, 0);
            ck_assert_msg(o.invocations_per_cu == row->threads
                              && o.workgroups_per_cu == row->threads / 64,
                          "%s, %u registers (%u half-registers): %u threads "
                          "in %u groups, AGX allows %u", files[f], row->regs,
                          row->halfregs, o.invocations_per_cu,
                          o.workgroups_per_cu, row->threads);
        }
}
END_TEST

/* Registers in units of 8 half-registers (4 registers) per thread: a
 * SIMD-group of 32 at 52 registers (104 half-registers) holds 13 x 4 x 32
 * = 1664; at 53 (106, aligned to 112) 14 x 4 x 32 = 1792; at 72 (144) 18
 * x 4 x 32 = 2304. 72 registers: 704 threads = 22 SIMD-groups, 11 groups
 * of 64 (the slots would allow 16), 22 / 32 of the slots: registers are
 * the limiter. */
START_TEST(register_unit)
{
    ck_assert_uint_eq(occ(M1, 64, 52, 0).registers_per_subgroup, 1664);
    ck_assert_uint_eq(occ(M1, 64, 53, 0).registers_per_subgroup, 1792);
    cusim_occupancy o = occ(M1, 64, 72, 0);
    ck_assert_uint_eq(o.registers_per_subgroup, 18 * 4 * 32);
    ck_assert_uint_eq(o.limits[CUSIM_LIMIT_REGISTERS], 11);
    ck_assert_uint_eq(o.limits[CUSIM_LIMIT_SUBGROUPS], 16);
    ck_assert_uint_eq(o.subgroups_per_cu, 22);
    ck_assert_int_eq(o.limiter, CUSIM_LIMIT_REGISTERS);
    ck_assert_double_eq(o.theoretical, 22.0 / 32.0);
}
END_TEST

/* ----------------------------------------------- threads per threadgroup */

/* A threadgroup must fit whole: 1024 threads need at most 104
 * half-registers (52 registers): one group, 100%. At 53 registers the
 * table allows 896 threads, so 1024 cannot launch (32 SIMD-groups x 1792
 * = 57344 registers); 896 threads (28 SIMD-groups) can, once; 960 cannot. */
START_TEST(threadgroup_must_fit)
{
    cusim_occupancy a = occ(M1, 1024, 52, 0);
    ck_assert_uint_eq(a.workgroups_per_cu, 1);
    ck_assert_double_eq(a.theoretical, 1.0);
    refused(M1, 1024, 53, 0, "needs 57344 registers per workgroup");
    cusim_occupancy b = occ(M3, 896, 56, 0);
    ck_assert_uint_eq(b.workgroups_per_cu, 1);
    ck_assert_uint_eq(b.invocations_per_cu, 896);
    refused(M3, 960, 56, 0, "registers");
    refused(M1, 64, 129, 0, "at most 128");
}
END_TEST

/* ------------------------------------------------- threadgroup memory */

/* 64 KB per core in 16-byte multiples, 32 KB per threadgroup. Groups of
 * 64 x 16 registers (registers allow 52 SIMD-groups, slots 32: 16 groups):
 * 32768 bytes: 65536 / 32768 = 2 groups; 32769 cannot launch. 17000 ->
 * 17008 (1063 x 16): 65536 / 17008 = 3.85 -> 3. 16384: 4; 16385 -> 16400:
 * 3.996 -> 3. 1000 -> 1008: 65, so the 16 of the slots bind. */
START_TEST(threadgroup_memory)
{
    cusim_occupancy a = occ(M1, 64, 16, 32768);
    ck_assert_uint_eq(a.workgroups_per_cu, 2);
    ck_assert_int_eq(a.limiter, CUSIM_LIMIT_SHARED_MEMORY);
    refused(M1, 64, 16, 32769, "at most 32768");
    cusim_occupancy b = occ(M1, 64, 16, 17000);
    ck_assert_uint_eq(b.shared_per_workgroup, 17008);
    ck_assert_uint_eq(b.workgroups_per_cu, 3);
    ck_assert_uint_eq(occ(M1, 64, 16, 16384).workgroups_per_cu, 4);
    cusim_occupancy c = occ(M3, 64, 16, 16385);
    ck_assert_uint_eq(c.shared_per_workgroup, 16400);
    ck_assert_uint_eq(c.workgroups_per_cu, 3);
    cusim_occupancy d = occ(M1, 64, 16, 1000);
    ck_assert_uint_eq(d.shared_per_workgroup, 1008);
    ck_assert_uint_eq(d.limits[CUSIM_LIMIT_SHARED_MEMORY], 65);
    ck_assert_uint_eq(d.workgroups_per_cu, 16);
}
END_TEST

/* ------------------------------------------------------ SIMD-group slots */

/* One-SIMD-group threadgroups: 32 x 16 registers: 32 slots, 32
 * workgroups, 1024 / 32 = 32 by threads: 32 groups, 100%. A group of 16
 * still holds a whole SIMD-group (half its lanes masked): 32 groups, 512
 * threads, the slots all held. */
START_TEST(simdgroup_slots)
{
    cusim_occupancy a = occ(M1, 32, 16, 0);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_SUBGROUPS], 32);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_WORKGROUPS], 32);
    ck_assert_uint_eq(a.workgroups_per_cu, 32);
    ck_assert_int_eq(a.limiter, CUSIM_LIMIT_SUBGROUPS);
    ck_assert_double_eq(a.theoretical, 1.0);
    cusim_occupancy b = occ(M1, 16, 16, 0);
    ck_assert_uint_eq(b.workgroups_per_cu, 32);
    ck_assert_uint_eq(b.invocations_per_cu, 512);
    ck_assert_double_eq(b.theoretical, 1.0);
}
END_TEST

/* ------------------------------------------------- simulated residency */

/* The simulation admits threadgroups by the same rule: one core, four
 * times as many groups as fit. */
START_TEST(simulated_residency_matches)
{
    const struct {
        const char *hw;
        cutest_launch launch;   /* { 0, threads, registers, bytes } */
        unsigned fit;
    } cases[] = {
        { M1, { 0, 64, 72, 0 }, 11 },         /* registers: 704 threads */
        { M1, { 0, 64, 16, 17000 }, 3 },      /* threadgroup memory */
        { M3, { 0, 896, 56, 0 }, 1 },         /* the table's 896 threads */
    };
    for (int i = 0; i < 3; i++)
        cutest_check_residency(cases[i].hw, cases[i].launch, cases[i].fit);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("rule_apple");
    TCase *tc = tcase_create("AGX registers");
    tcase_add_test(tc, agx_occupancy_table);
    tcase_add_test(tc, register_unit);
    suite_add_tcase(s, tc);
    tc = tcase_create("threadgroup size");
    tcase_add_test(tc, threadgroup_must_fit);
    suite_add_tcase(s, tc);
    tc = tcase_create("threadgroup memory");
    tcase_add_test(tc, threadgroup_memory);
    suite_add_tcase(s, tc);
    tc = tcase_create("SIMD-group slots");
    tcase_add_test(tc, simdgroup_slots);
    suite_add_tcase(s, tc);
    tc = tcase_create("simulated residency");
    tcase_add_test(tc, simulated_residency_matches);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
