/*
 * check_rule_adreno.c — Qualcomm Adreno's occupancy rules
 * (sim/rules/rule_adreno.c) on the shipped adreno-a650 and adreno-a740 profiles,
 * worked out by hand from Mesa's ir3 compiler (src/freedreno/ir3/ir3.c)
 * and the device constants of src/freedreno/common/freedreno_devices.py.
 *
 * ir3, for a compute shader of R vec4 registers per fiber (a 32-bit
 * register count r takes R = ceil(r / 4)):
 *   ir3_should_double_threadsize: waves are doubled from threadsize_base
 *     64 to 128 unless the workgroup has at most 64 invocations or
 *     R x 2 > reg_size_vec4;
 *   ir3_get_reg_dependent_max_waves: floor(reg_size_vec4 / (R x (doubled ?
 *     2 : 1))) x wave_granularity;
 *   ir3_get_reg_independent_max_waves: at most max_waves; shared memory in
 *     1 KiB chunks, floor(local_mem_size / chunks) workgroups;
 *   max_waves = the least of them.
 * a650 (a6xx gen3): reg_size_vec4 64; a740 (a7xx): 96; both
 * wave_granularity 2, max_waves 16, cs_shared_mem_size 32 KiB.
 * A workgroup of N invocations holds ceil(N / wave) waves, so its
 * residency is floor(max_waves / waves per group) where registers bind.
 * ir3's shared-memory limit counts waves in pairs (waves_per_wg is rounded
 * up to wave_granularity waves); the shared-memory cases below use groups
 * of two waves, where a pair is exact.
 */
#include "cusim.h"
#include "cutest.h"

#define A650 "configs/hw/adreno-a650.yaml"
#define A740 "configs/hw/adreno-a740.yaml"

/* The occupancy of workgroups of `size` invocations, `regs` registers and
 * `smem` bytes on the profile `hw_file` (the cross-check kernel resized);
 * `width` 0 leaves the wave size to ir3's choice (sim/rules/widths.c),
 * else pins it. Aborts the test if they cannot launch. Every profile here
 * must use Adreno's rules. */
static cusim_occupancy occ(const char *hw_file, unsigned width, unsigned size,
                           unsigned regs, unsigned smem)
{
    cutest_launch l = { width, size, regs, smem };
    return cutest_launch_occ_or_abort(hw_file, CUSIM_RULES_ADRENO, l);
}

/* Asserts that the workgroup cannot launch and the message holds `part`. */
static void refused(const char *hw_file, unsigned width, unsigned size,
                    unsigned regs, unsigned smem, const char *part)
{
    cutest_launch l = { width, size, regs, smem };
    cutest_launch_refused(hw_file, CUSIM_RULES_ADRENO, l, part);
}

/* ------------------------------------------------------------ registers */

/* Registers by the vec4, single waves (groups of 64: never doubled).
 * adreno-a650: r = 32 -> R = 8: 64 / 8 x 2 = 16 waves = max_waves, 16
 *   groups of one wave, 100%. r = 48 -> R = 12: floor(64 / 12) = 5, x 2 =
 *   10 waves. r = 45 -> R = 12 too: 10. r = 49 -> R = 13: 4 x 2 = 8.
 * A wave of 64 fibers takes R x 4 x 64 registers: 8 -> 2048, 12 -> 3072,
 * 13 -> 3328. */
START_TEST(vec4_registers_single_waves)
{
    cusim_occupancy a = occ(A650, 0, 64, 32, 0);
    ck_assert_uint_eq(a.simd_width, 64);
    ck_assert_uint_eq(a.registers_per_subgroup, 2048);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_REGISTERS], 16);
    ck_assert_uint_eq(a.workgroups_per_cu, 16);
    ck_assert_double_eq(a.theoretical, 1.0);

    const struct { unsigned regs, per_wave, waves; } rows[] = {
        { 48, 3072, 10 }, { 45, 3072, 10 }, { 49, 3328, 8 },
    };
    for (int i = 0; i < 3; i++) {
        cusim_occupancy o = occ(A650, 0, 64, rows[i].regs, 0);
        ck_assert_msg(o.simd_width == 64
                          && o.registers_per_subgroup == rows[i].per_wave
                          && o.subgroups_per_cu == rows[i].waves
                          && o.limiter == CUSIM_LIMIT_REGISTERS,
                      "%u registers: width %u, %u per wave, %u waves, %s",
                      rows[i].regs, o.simd_width, o.registers_per_subgroup,
                      o.subgroups_per_cu, cusim_limiter_name(o.limiter));
    }
    ck_assert_double_eq(occ(A650, 0, 64, 48, 0).theoretical, 10.0 / 16.0);
}
END_TEST

/* The unit is 4 registers per fiber at either wave size: r = 17 -> R = 5
 * takes 5 x 4 x 64 = 1280 in a wave of 64 and 5 x 4 x 128 = 2560 in a
 * wave of 128 (the profile's register_granularity, 256, is the 64-wide
 * unit). */
START_TEST(vec4_unit_at_each_width)
{
    ck_assert_uint_eq(occ(A650, 64, 256, 17, 0).registers_per_subgroup, 1280);
    ck_assert_uint_eq(occ(A650, 128, 256, 17, 0).registers_per_subgroup, 2560);
    ck_assert_uint_eq(occ(A740, 128, 256, 17, 0).registers_per_subgroup, 2560);
}
END_TEST

/* ----------------------------------------------------------- doubling */

/* Doubled waves: groups of more than 64 invocations whose registers allow.
 * adreno-a650, 256 invocations x 20 registers: R = 5, 5 x 2 = 10 <= 64:
 *   doubled, 2 waves of 128 per group; 64 / 10 = 6, x 2 = 12 waves (1536
 *   fibers), 12 / 2 = 6 groups, 12 / 16 = 75%. x 21: R = 6, 64 / 12 = 5,
 *   10 waves, 5 groups.
 * adreno-a650, 128 invocations x 132: R = 33, 66 > 64: not doubled, 2
 *   waves of 64; 64 / 33 = 1, x 2 = 2 waves: 1 group. x 128: R = 32, 64
 *   <= 64: doubled, one wave of 128; 64 / 64 = 1, x 2 = 2 waves: 2 groups.
 * adreno-a740 (96 vec4), 128 x 132: 66 <= 96: doubled; 96 / 66 = 1, x 2 =
 *   2 waves: 2 groups. */
START_TEST(doubled_threadsize)
{
    cusim_occupancy a = occ(A650, 0, 256, 20, 0);
    ck_assert_uint_eq(a.simd_width, 128);
    ck_assert_uint_eq(a.subgroups_per_workgroup, 2);
    ck_assert_uint_eq(a.registers_per_subgroup, 2560);
    ck_assert_uint_eq(a.subgroups_per_cu, 12);
    ck_assert_uint_eq(a.workgroups_per_cu, 6);
    ck_assert_uint_eq(a.invocations_per_cu, 1536);
    ck_assert_int_eq(a.limiter, CUSIM_LIMIT_REGISTERS);
    ck_assert_double_eq(a.theoretical, 0.75);
    ck_assert_uint_eq(occ(A650, 0, 256, 21, 0).workgroups_per_cu, 5);

    cusim_occupancy b = occ(A650, 0, 128, 132, 0);
    ck_assert_uint_eq(b.simd_width, 64);
    ck_assert_uint_eq(b.subgroups_per_cu, 2);
    ck_assert_uint_eq(b.workgroups_per_cu, 1);
    cusim_occupancy c = occ(A650, 0, 128, 128, 0);
    ck_assert_uint_eq(c.simd_width, 128);
    ck_assert_uint_eq(c.subgroups_per_cu, 2);
    ck_assert_uint_eq(c.workgroups_per_cu, 2);

    cusim_occupancy d = occ(A740, 0, 128, 132, 0);
    ck_assert_uint_eq(d.simd_width, 128);
    ck_assert_uint_eq(d.registers_per_subgroup, 33 * 4 * 128);
    ck_assert_uint_eq(d.workgroups_per_cu, 2);
}
END_TEST

/* ------------------------------------------------------------ max_waves */

/* adreno-a740, 64 x 24: R = 6, 96 / 6 x 2 = 32 waves by registers, capped
 * at max_waves 16: 16 groups of one wave. 1024 x 16: R = 4, doubled (8 <=
 * 96): 8 waves of 128 a group; 96 / 8 x 2 = 24 waves, capped at 16: 2
 * groups (registers alone: 24 / 8 = 3). */
START_TEST(max_waves_cap)
{
    cusim_occupancy a = occ(A740, 0, 64, 24, 0);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_REGISTERS], 32);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_SUBGROUPS], 16);
    ck_assert_uint_eq(a.workgroups_per_cu, 16);
    ck_assert_int_eq(a.limiter, CUSIM_LIMIT_SUBGROUPS);
    ck_assert_double_eq(a.theoretical, 1.0);

    cusim_occupancy b = occ(A740, 0, 1024, 16, 0);
    ck_assert_uint_eq(b.simd_width, 128);
    ck_assert_uint_eq(b.subgroups_per_workgroup, 8);
    ck_assert_uint_eq(b.limits[CUSIM_LIMIT_REGISTERS], 3);
    ck_assert_uint_eq(b.limits[CUSIM_LIMIT_SUBGROUPS], 2);
    ck_assert_uint_eq(b.workgroups_per_cu, 2);
    ck_assert_int_eq(b.limiter, CUSIM_LIMIT_SUBGROUPS);
}
END_TEST

/* ------------------------------------------------------- shared memory */

/* 1 KiB chunks from 32 KiB. adreno-a650, 256 x 4 (R = 1, doubled: 2
 * waves a group): 9000 bytes -> 9 chunks, 32 / 9 = 3 groups (ir3: min(16,
 * 1 pair x 3 x 2) = 6 waves = 3 groups of 2); registers allow 64 / 2 x 2
 * = 64 waves, 32 groups; slots 8. 8192 -> 8 chunks, 4; 8193 -> 9, 3;
 * 32768 -> 1 group; 32769 bytes are over cs_shared_mem_size. */
START_TEST(shared_chunks)
{
    cusim_occupancy a = occ(A650, 0, 256, 4, 9000);
    ck_assert_uint_eq(a.simd_width, 128);
    ck_assert_uint_eq(a.shared_per_workgroup, 9216);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_SHARED_MEMORY], 3);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_REGISTERS], 32);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_SUBGROUPS], 8);
    ck_assert_uint_eq(a.workgroups_per_cu, 3);
    ck_assert_uint_eq(a.subgroups_per_cu, 6);
    ck_assert_int_eq(a.limiter, CUSIM_LIMIT_SHARED_MEMORY);
    ck_assert_uint_eq(occ(A650, 0, 256, 4, 8192).workgroups_per_cu, 4);
    ck_assert_uint_eq(occ(A650, 0, 256, 4, 8193).workgroups_per_cu, 3);
    ck_assert_uint_eq(occ(A650, 0, 256, 4, 32768).workgroups_per_cu, 1);
    refused(A650, 0, 256, 4, 32769, "at most 32768");
    /* The same on adreno-a740: shared memory does not grow with it. */
    ck_assert_uint_eq(occ(A740, 0, 256, 4, 9000).workgroups_per_cu, 3);
}
END_TEST

/* -------------------------------------------------------- cannot launch */

/* adreno-a650: 192 registers (48 vec4, r0-r47) fit: 64 / 48 x 2 = 2 waves,
 * 2 groups of 64; 193 do not. 1024 x 64: R = 16, doubled (32 <= 64), 8
 * waves of 16 x 4 x 128 = 8192 registers, 65536 for the group where the
 * SP has 64 x 4 x 64 x 2 = 32768: 64 / 32 x 2 = 4 waves fit (ir3:
 * "impossible to have enough concurrent waves"); undoubled, 16 waves
 * against 64 / 16 x 2 = 8: neither launches, and the message is the
 * doubled wave's. */
START_TEST(cannot_launch)
{
    cusim_occupancy a = occ(A650, 0, 64, 192, 0);
    ck_assert_uint_eq(a.registers_per_subgroup, 48 * 4 * 64);
    ck_assert_uint_eq(a.workgroups_per_cu, 2);
    refused(A650, 0, 64, 193, 0, "at most 192");
    refused(A650, 0, 1024, 64, 0,
            "needs 65536 registers per workgroup (8 subgroups x 8192)");
}
END_TEST

/* ------------------------------------------------- simulated residency */

/* The simulation admits workgroups by the same rule: one SP, four times
 * as many groups as fit. */
START_TEST(simulated_residency_matches)
{
    const struct {
        const char *hw;
        cutest_launch launch;   /* { 0: ir3's wave, size, registers, bytes } */
        unsigned fit;
    } cases[] = {
        { A650, { 0, 64, 48, 0 }, 10 },       /* registers, single waves */
        { A650, { 0, 256, 20, 0 }, 6 },       /* doubled waves */
        { A650, { 0, 256, 4, 9000 }, 3 },     /* shared memory */
        { A740, { 0, 1024, 16, 0 }, 2 },      /* max_waves */
    };
    for (int i = 0; i < 4; i++)
        cutest_check_residency(cases[i].hw, cases[i].launch, cases[i].fit);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("rule_adreno");
    TCase *tc = tcase_create("vec4 registers");
    tcase_add_test(tc, vec4_registers_single_waves);
    tcase_add_test(tc, vec4_unit_at_each_width);
    suite_add_tcase(s, tc);
    tc = tcase_create("doubled threadsize");
    tcase_add_test(tc, doubled_threadsize);
    suite_add_tcase(s, tc);
    tc = tcase_create("max_waves");
    tcase_add_test(tc, max_waves_cap);
    suite_add_tcase(s, tc);
    tc = tcase_create("shared memory");
    tcase_add_test(tc, shared_chunks);
    suite_add_tcase(s, tc);
    tc = tcase_create("cannot launch");
    tcase_add_test(tc, cannot_launch);
    suite_add_tcase(s, tc);
    tc = tcase_create("simulated residency");
    tcase_add_test(tc, simulated_residency_matches);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
