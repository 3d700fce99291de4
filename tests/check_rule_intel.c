/*
 * check_rule_intel.c — Intel's occupancy rules (sim/rules/rule_intel.c) on the
 * shipped intel-*.yaml profiles, worked out by hand from Intel's GPU
 * Occupancy Calculator (oneAPI-samples, Tools/GPU-Occupancy-Calculator/
 * index.html, compute_ss_occupancy) with the device rows the profiles
 * cite, and from the GRF rule of the source's header.
 *
 * The calculator, per subslice / Xe-core, for a workgroup of WG work-items
 * at SIMD width SG:
 *   threads   = WG / SG                    hardware threads per workgroup
 *   slots     = Max_Threads_Per_Sub_Slice, halved in large-GRF mode
 *   by threads: floor(slots / threads)
 *   by SLM:     floor(SLM_Size_Per_Sub_Slice / SLM), the SLM rounded up to
 *               the next TG_SLM_Sizes entry (1, 2, 4, ... KB); no limit
 *               without SLM
 *   cap:        Max_Num_Of_Barrier_Registers (32) when the kernel uses a
 *               barrier, else Max_Num_Of_Workgroups
 *   workgroups = the least of these; occupancy = threads x workgroups /
 *               Max_Threads_Per_Sub_Slice (cusim's `theoretical`).
 * The rows: Xe-LP (Iris Xe, 96 EUs) 112 threads (16 EUs x 7), 64 KB of
 * SLM, 112 workgroups, groups of at most 512; Xe-HPG (Arc A770) 128
 * threads (16 x 8), 128 KB, 64 KB per group, 128 workgroups; Xe-HPC (Max
 * 1550) 64 threads (8 x 8), 128 KB, 128 KB per group, 64 workgroups, large
 * GRF available.
 *
 * What the calculator takes as inputs cusim derives (rule_intel.c): a
 * thread owns one GRF of 1024 32-bit registers (128 x 32 B) whatever it
 * uses; registers x SG beyond it need the large GRF (2048: half the
 * threads per EU, so half the slots), allowed only where the profile's
 * per-invocation cap x the narrowest width reaches it (Xe-HPC: 128 x 16 =
 * 2048; Xe-LP and Xe-HPG: 128 x 8 = 1024, no large GRF); the barrier cap
 * applies to workgroups of two or more threads (the calculator: to every
 * kernel with a barrier). cusim rounds SLM to powers of two, where Xe-HPC's
 * list also has 48 and 96 KB: the cases below use sizes where both agree.
 * Every case pins the SIMD width (kernel.subgroup_size), so the compiler
 * model of sim/rules/widths.c plays no part.
 */
#include "cusim.h"
#include "cutest.h"

#define XE_LP "configs/hw/intel-xe-lp.yaml"
#define XE_HPG "configs/hw/intel-xe-hpg.yaml"
#define XE_HPC "configs/hw/intel-xe-hpc.yaml"

/* The occupancy of workgroups of `size` work-items at SIMD `width`, `regs`
 * registers and `slm` bytes on the profile `hw_file` (the cross-check
 * kernel resized); aborts the test if they cannot launch. Every profile
 * here must use Intel's rules, and the width must hold. */
static cusim_occupancy occ(const char *hw_file, unsigned width, unsigned size,
                           unsigned regs, unsigned slm)
{
    cutest_launch l = { width, size, regs, slm };
    cusim_occupancy o =
        cutest_launch_occ_or_abort(hw_file, CUSIM_RULES_INTEL, l);
    ck_assert_uint_eq(o.simd_width, width);
    return o;
}

/* Asserts that the workgroup cannot launch and the message holds `part`. */
static void refused(const char *hw_file, unsigned width, unsigned size,
                    unsigned regs, unsigned slm, const char *part)
{
    cutest_launch l = { width, size, regs, slm };
    cutest_launch_refused(hw_file, CUSIM_RULES_INTEL, l, part);
}

/* ------------------------------------------------------ hardware threads */

/* Thread-limited, and the whole GRF per thread.
 * intel-xe-lp, WG 256 at SIMD16: 16 threads; 112 / 16 = 7 workgroups;
 *   barrier cap 32; no SLM: 7, occupancy 16 x 7 / 112 = 100%. 32
 *   registers x 16 = 512 take the whole GRF, 1024; an EU's 7 x 1024 hold 7
 *   threads, 112 in all: the register limit is the thread limit, and comes
 *   first on the tie.
 * intel-xe-hpg, WG 64 at SIMD8, 128 registers (128 x 8 = 1024, one GRF):
 *   8 threads, 128 / 8 = 16 workgroups, 100%. */
START_TEST(thread_limited)
{
    cusim_occupancy a = occ(XE_LP, 16, 256, 32, 0);
    ck_assert_uint_eq(a.subgroups_per_workgroup, 16);
    ck_assert_uint_eq(a.registers_per_subgroup, 1024);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_SUBGROUPS], 7);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_REGISTERS], 7);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_WORKGROUPS], 32);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_SHARED_MEMORY], CUSIM_UNLIMITED);
    ck_assert_uint_eq(a.workgroups_per_cu, 7);
    ck_assert_int_eq(a.limiter, CUSIM_LIMIT_REGISTERS);
    ck_assert_double_eq(a.theoretical, 1.0);

    cusim_occupancy b = occ(XE_HPG, 8, 64, 128, 0);
    ck_assert_uint_eq(b.registers_per_subgroup, 1024);
    ck_assert_uint_eq(b.workgroups_per_cu, 16);
    ck_assert_double_eq(b.theoretical, 1.0);

    /* A thread of 8 registers x SIMD8 = 64 still holds its whole GRF. */
    ck_assert_uint_eq(occ(XE_LP, 8, 64, 8, 0).registers_per_subgroup, 1024);
}
END_TEST

/* ---------------------------------------------------------- large GRF */

/* intel-xe-hpc, WG 512 at SIMD32: 16 threads. 32 registers x 32 = 1024:
 * one GRF, 64 / 16 = 4 workgroups, 100%. 64 registers x 32 = 2048: the
 * large GRF, 8192 / 2048 = 4 threads per EU, 32 slots (the calculator's
 * Large_GRF_Mode: 64 / 2), 32 / 16 = 2 workgroups, 16 x 2 / 64 = 50%.
 * SIMD16 x 128 registers = 2048 is large too: WG 256 = 16 threads, 2.
 * A thread needing more than one GRF takes two: 40 x 32 = 1280 -> 2048,
 * again 4 threads per EU (not 8192 / 1280 = 6) and 2 workgroups. */
START_TEST(large_grf_halves_threads)
{
    cusim_occupancy a = occ(XE_HPC, 32, 512, 32, 0);
    ck_assert_uint_eq(a.registers_per_subgroup, 1024);
    ck_assert_uint_eq(a.workgroups_per_cu, 4);
    ck_assert_double_eq(a.theoretical, 1.0);

    cusim_occupancy b = occ(XE_HPC, 32, 512, 64, 0);
    ck_assert_uint_eq(b.registers_per_subgroup, 2048);
    ck_assert_uint_eq(b.limits[CUSIM_LIMIT_REGISTERS], 2);
    ck_assert_uint_eq(b.limits[CUSIM_LIMIT_SUBGROUPS], 4);
    ck_assert_uint_eq(b.workgroups_per_cu, 2);
    ck_assert_uint_eq(b.subgroups_per_cu, 32);
    ck_assert_int_eq(b.limiter, CUSIM_LIMIT_REGISTERS);
    ck_assert_double_eq(b.theoretical, 0.5);

    cusim_occupancy c = occ(XE_HPC, 16, 256, 128, 0);
    ck_assert_uint_eq(c.registers_per_subgroup, 2048);
    ck_assert_uint_eq(c.workgroups_per_cu, 2);

    cusim_occupancy d = occ(XE_HPC, 32, 512, 40, 0);
    ck_assert_uint_eq(d.registers_per_subgroup, 2048);
    ck_assert_uint_eq(d.subgroups_per_cu, 32);
    ck_assert_uint_eq(d.workgroups_per_cu, 2);
}
END_TEST

/* Beyond what a thread may hold. intel-xe-hpc: 65 x 32 = 2080 rounds to
 * 3072 > 2048 (even the large GRF); 128 x 32 = 4096 likewise. intel-xe-lp
 * and intel-xe-hpg have no large GRF: 64 x 32 = 2048 > 1024 and 72 x 16 =
 * 1152 > 1024 fail, where 32 x 32 = 1024 (WG 512 = 16 threads, 112 / 16
 * = 7 groups) fits. 129 registers are over every profile's cap of 128. */
START_TEST(grf_cannot_hold)
{
    refused(XE_HPC, 32, 64, 65, 0, "at most 2048 (its GRF in large-GRF mode)");
    refused(XE_HPC, 32, 64, 128, 0, "at most 2048");
    refused(XE_LP, 32, 64, 64, 0, "at most 1024 (its GRF)");
    refused(XE_HPG, 16, 64, 72, 0, "at most 1024 (its GRF)");
    ck_assert_uint_eq(occ(XE_LP, 32, 512, 32, 0).workgroups_per_cu, 7);
    refused(XE_LP, 8, 64, 129, 0, "at most 128");
}
END_TEST

/* ------------------------------------------------------------------ SLM */

/* SLM in power-of-two blocks from 1 KB.
 * intel-xe-lp, WG 64 at SIMD16 (4 threads), 5000 bytes: 4.9 KB -> 8 KB;
 *   64 / 8 = 8 workgroups (threads 112 / 4 = 28, barriers 32): 8, 4 x 8 /
 *   112 = 28.6%. 16384 bytes = 16 KB: 4; 16385 -> 32 KB: 2; 1 byte ->
 *   1 KB: 64, so the 28 of the threads bind.
 * intel-xe-hpc, WG 64 at SIMD16, 40 KB: the calculator rounds to its 48 KB
 *   block, 128 / 48 = 2; cusim to 64 KB, 128 / 64 = 2: both 2. 128 KB
 *   (the per-group maximum): 1; a byte more cannot launch. */
START_TEST(slm_blocks)
{
    cusim_occupancy a = occ(XE_LP, 16, 64, 16, 5000);
    ck_assert_uint_eq(a.shared_per_workgroup, 8192);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_SHARED_MEMORY], 8);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_SUBGROUPS], 28);
    ck_assert_uint_eq(a.workgroups_per_cu, 8);
    ck_assert_int_eq(a.limiter, CUSIM_LIMIT_SHARED_MEMORY);
    ck_assert_double_eq(a.theoretical, 32.0 / 112.0);

    ck_assert_uint_eq(occ(XE_LP, 16, 64, 16, 16384).workgroups_per_cu, 4);
    cusim_occupancy b = occ(XE_LP, 16, 64, 16, 16385);
    ck_assert_uint_eq(b.shared_per_workgroup, 32768);
    ck_assert_uint_eq(b.workgroups_per_cu, 2);
    cusim_occupancy c = occ(XE_LP, 16, 64, 16, 1);
    ck_assert_uint_eq(c.shared_per_workgroup, 1024);
    ck_assert_uint_eq(c.limits[CUSIM_LIMIT_SHARED_MEMORY], 64);
    ck_assert_uint_eq(c.workgroups_per_cu, 28);

    ck_assert_uint_eq(occ(XE_HPC, 16, 64, 16, 40960).workgroups_per_cu, 2);
    ck_assert_uint_eq(occ(XE_HPC, 16, 64, 16, 131072).workgroups_per_cu, 1);
    refused(XE_HPC, 16, 64, 16, 131073, "at most 131072");
}
END_TEST

/* intel-xe-hpg: 128 KB per Xe-core but 64 KB per workgroup. WG 1024 at
 * SIMD32 (32 threads) with 64 KB: threads 128 / 32 = 4, SLM 128 / 64 = 2:
 * 2 workgroups, 64 / 128 = 50%. 65537 bytes are over the group's 64 KB. */
START_TEST(slm_per_workgroup_cap)
{
    cusim_occupancy a = occ(XE_HPG, 32, 1024, 32, 65536);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_SUBGROUPS], 4);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_SHARED_MEMORY], 2);
    ck_assert_uint_eq(a.workgroups_per_cu, 2);
    ck_assert_int_eq(a.limiter, CUSIM_LIMIT_SHARED_MEMORY);
    ck_assert_double_eq(a.theoretical, 0.5);
    refused(XE_HPG, 32, 1024, 32, 65537, "at most 65536");
}
END_TEST

/* ------------------------------------------------------ barrier registers */

/* Two-thread workgroups are held to the 32 barrier registers.
 * intel-xe-lp, WG 16 at SIMD8: 2 threads, 112 / 2 = 56 by threads, 32 by
 *   barriers: 32 workgroups, 64 / 112 threads.
 * intel-xe-hpg, WG 32 at SIMD16: 2 threads, 128 / 2 = 64, 32 by
 *   barriers: 32, 50%.
 * A one-thread workgroup (WG 8 at SIMD8) synchronises nothing: the
 * calculator's no-barrier case, Max_Num_Of_Workgroups 112 = 112 / 1
 * threads: 112 workgroups, 100%. */
START_TEST(barrier_registers)
{
    cusim_occupancy a = occ(XE_LP, 8, 16, 16, 0);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_SUBGROUPS], 56);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_WORKGROUPS], 32);
    ck_assert_uint_eq(a.workgroups_per_cu, 32);
    ck_assert_int_eq(a.limiter, CUSIM_LIMIT_WORKGROUPS);
    ck_assert_double_eq(a.theoretical, 64.0 / 112.0);

    cusim_occupancy b = occ(XE_HPG, 16, 32, 16, 0);
    ck_assert_uint_eq(b.limits[CUSIM_LIMIT_SUBGROUPS], 64);
    ck_assert_uint_eq(b.workgroups_per_cu, 32);
    ck_assert_int_eq(b.limiter, CUSIM_LIMIT_WORKGROUPS);
    ck_assert_double_eq(b.theoretical, 0.5);

    cusim_occupancy c = occ(XE_LP, 8, 8, 16, 0);
    ck_assert_uint_eq(c.limits[CUSIM_LIMIT_WORKGROUPS], 112);
    ck_assert_uint_eq(c.workgroups_per_cu, 112);
    ck_assert_double_eq(c.theoretical, 1.0);
}
END_TEST

/* ------------------------------------------------- simulated residency */

/* The simulation admits workgroups by the same rule: one subslice, four
 * times as many groups as fit. */
START_TEST(simulated_residency_matches)
{
    const struct {
        const char *hw;
        cutest_launch launch;   /* { SIMD, work-items, registers, SLM } */
        unsigned fit;
    } cases[] = {
        { XE_LP, { 16, 64, 16, 5000 }, 8 },     /* SLM */
        { XE_HPG, { 16, 32, 16, 0 }, 32 },      /* barrier registers */
        { XE_HPC, { 32, 512, 64, 0 }, 2 },      /* large GRF */
    };
    for (int i = 0; i < 3; i++)
        cutest_check_residency(cases[i].hw, cases[i].launch, cases[i].fit);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("rule_intel");
    TCase *tc = tcase_create("hardware threads");
    tcase_add_test(tc, thread_limited);
    suite_add_tcase(s, tc);
    tc = tcase_create("large GRF");
    tcase_add_test(tc, large_grf_halves_threads);
    tcase_add_test(tc, grf_cannot_hold);
    suite_add_tcase(s, tc);
    tc = tcase_create("SLM");
    tcase_add_test(tc, slm_blocks);
    tcase_add_test(tc, slm_per_workgroup_cap);
    suite_add_tcase(s, tc);
    tc = tcase_create("barrier registers");
    tcase_add_test(tc, barrier_registers);
    suite_add_tcase(s, tc);
    tc = tcase_create("simulated residency");
    tcase_add_test(tc, simulated_residency_matches);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
