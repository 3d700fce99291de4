/*
 * check_rule_amd.c — AMD's occupancy rules (sim/rules/rule_amd.c) on the shipped
 * AMD profiles, against LLVM's own expectations and hand-worked cases.
 *
 * LLVM's llvm/test/CodeGen/AMDGPU/occupancy-levels.ll (llvm/llvm-project)
 * compiles small kernels for gfx900, gfx950, gfx1010, gfx1030 and gfx1100
 * (wave32 and +wavefrontsize64, WGP mode) and checks the "; Occupancy: N"
 * line the backend prints: waves per SIMD. Each row below is one of those
 * checks, named by the test function in the .ll file:
 *   - used_N_vgprs: N VGPRs, "amdgpu-flat-work-group-size"="1,32" (one
 *     wave per group), no LDS;
 *   - used_lds_B / used_lds_8252_max_group_size_S: B bytes of LDS (8252),
 *     groups of S invocations (1024 when the kernel sets no size);
 *   - max_occupancy: an empty kernel.
 * LLVM's occupancy is min(waves per SIMD from VGPRs, from LDS, max waves),
 * where the LDS figure is ceil(groups per CU x waves per group / SIMDs);
 * from cusim's occupancy that is ceil(subgroups_per_cu / cu.schedulers).
 * The GFX9 rows apply to amd-gcn (gfx900); the GFX950 VGPR rows to
 * amd-cdna2-gfx90a and amd-cdna3-gfx942, which share gfx950's VGPR rules
 * (FeatureGFX90AInsts: 512 VGPRs, granule 8, 8 waves) but not its 160 KiB
 * LDS; the GFX1030 and GFX1100 rows (W32 and W64) to amd-rdna2-gfx1030 and
 * amd-rdna3-gfx1100, and their VGPR rows also to the -cu profiles (a wave's
 * VGPRs come from one SIMD in either mode). Rows for waves-per-eu
 * attributes and SGPRs have no cusim counterpart and are left out.
 */
#include "cusim.h"
#include "cutest.h"

/* Occupancy of the shipped profile `hw_file` for the cross-check kernel at
 * SIMD width `width`, `size` invocations per group, `regs` registers and
 * `lds` bytes of shared memory (a profile with AMD's rules). Aborts the
 * test if it cannot launch. */
static cusim_occupancy occ(const char *hw_file, unsigned width, unsigned size,
                           unsigned regs, unsigned lds)
{
    cutest_launch l = { width, size, regs, lds };
    return cutest_launch_occ_or_abort(hw_file, CUSIM_RULES_AMD, l);
}

/* LLVM's "Occupancy": waves per SIMD, rounded up. */
static unsigned waves_per_simd(const char *hw_file, unsigned width,
                               unsigned size, unsigned regs, unsigned lds)
{
    cusim_hw hw;
    cusim_kernel k;
    cutest_load(hw_file, "tests/xcheck/kernel.yaml", NULL, 0, &hw, &k);
    cusim_kernel_free(&k);
    cusim_occupancy o = occ(hw_file, width, size, regs, lds);
    return (o.subgroups_per_cu + hw.cu.schedulers - 1) / hw.cu.schedulers;
}

/* ------------------------------------------- occupancy-levels.ll, VGPRs */

#define GCN "configs/hw/amd-gcn.yaml"
#define MI210 "configs/hw/amd-cdna2-gfx90a.yaml"
#define MI300 "configs/hw/amd-cdna3-gfx942.yaml"
#define N21 "configs/hw/amd-rdna2-gfx1030.yaml"
#define N21CU "configs/hw/amd-rdna2-gfx1030-cu.yaml"
#define N31 "configs/hw/amd-rdna3-gfx1100.yaml"
#define N31CU "configs/hw/amd-rdna3-gfx1100-cu.yaml"

/* The VGPR counts of the used_N_vgprs functions, in file order, and the
 * expected occupancy per prefix (the row that applies when several do:
 * GFX10W64 for GFX1030W64 where no GFX1030W64 line is given, and so on). */
static const unsigned vgprs[] = { 24, 28, 32, 36, 40, 44, 48, 56, 64, 72, 80,
                                  84, 88, 96, 100, 112, 128, 144, 168, 200,
                                  256 };
enum { N_VGPR_ROWS = sizeof vgprs / sizeof vgprs[0] };

static const struct vgpr_expect {
    const char *prefix;       /* the FileCheck prefix in the .ll file */
    unsigned width;
    const char *hw[3];        /* the shipped profiles it applies to */
    unsigned waves[N_VGPR_ROWS];
} vgpr_rows[] = {
    { "GFX9", 64, { GCN },
      { 10, 9, 8, 7, 6, 5, 5, 4, 4, 3, 3, 3, 2, 2, 2, 2, 2, 1, 1, 1, 1 } },
    { "GFX950", 64, { MI210, MI300 },
      { 8, 8, 8, 8, 8, 8, 8, 8, 8, 7, 6, 5, 5, 5, 4, 4, 4, 3, 3, 2, 2 } },
    { "GFX1030W32", 32, { N21, N21CU },
      { 16, 16, 16, 16, 16, 16, 16, 16, 16, 12, 12, 10, 10, 10, 9, 9, 8, 7,
        5, 4, 4 } },
    { "GFX1030W64", 64, { N21, N21CU },
      { 16, 16, 16, 12, 12, 10, 10, 9, 8, 7, 6, 5, 5, 5, 4, 4, 4, 3, 3, 2,
        2 } },
    { "GFX1100W32", 32, { N31, N31CU },
      { 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 12, 12, 10,
        10, 9, 7, 5 } },
    { "GFX1100W64", 64, { N31, N31CU },
      { 16, 16, 16, 16, 16, 16, 16, 12, 10, 10, 9, 9, 8, 8, 7, 6, 5, 5, 4, 3,
        2 } },
};

START_TEST(llvm_used_n_vgprs)
{
    for (size_t p = 0; p < sizeof vgpr_rows / sizeof vgpr_rows[0]; p++)
        for (int h = 0; h < 3 && vgpr_rows[p].hw[h]; h++)
            for (int i = 0; i < N_VGPR_ROWS; i++) {
                unsigned got = waves_per_simd(vgpr_rows[p].hw[h],
                                              vgpr_rows[p].width, 32,
                                              vgprs[i], 0);
                ck_assert_msg(got == vgpr_rows[p].waves[i],
                              "used_%u_vgprs, %s on %s: %u waves per SIMD, "
                              "LLVM expects %u", vgprs[i],
                              vgpr_rows[p].prefix, vgpr_rows[p].hw[h], got,
                              vgpr_rows[p].waves[i]);
            }
}
END_TEST

/* max_occupancy: an empty kernel (no VGPR reaches a granule) gets every
 * wave slot: GFX9 10, GFX950 8, GFX1030 and GFX1100 16. */
START_TEST(llvm_max_occupancy)
{
    ck_assert_uint_eq(waves_per_simd(GCN, 64, 32, 1, 0), 10);
    ck_assert_uint_eq(waves_per_simd(MI210, 64, 32, 1, 0), 8);
    ck_assert_uint_eq(waves_per_simd(MI300, 64, 32, 1, 0), 8);
    const char *rdna[] = { N21, N21CU, N31, N31CU };
    for (int i = 0; i < 4; i++) {
        ck_assert_uint_eq(waves_per_simd(rdna[i], 32, 32, 1, 0), 16);
        ck_assert_uint_eq(waves_per_simd(rdna[i], 64, 32, 1, 0), 16);
    }
}
END_TEST

/* llvm/test/CodeGen/AMDGPU/agpr-register-count.ll, GFX90A rows: the
 * unified file counts VGPRs and AGPRs together (TotalNumVgprs), and all
 * three kernels reach gfx90a's 8 waves: kernel_32_agprs (9 VGPRs aligned to
 * 12 + 32 AGPRs = 44), kernel_0_agprs (1), kernel_40_vgprs (40 + 16 = 56;
 * 512 / 56 = 9, capped at 8, where gfx908's 256 / 40 gives 6). */
START_TEST(llvm_agpr_register_count)
{
    ck_assert_uint_eq(waves_per_simd(MI210, 64, 256, 44, 0), 8);
    ck_assert_uint_eq(waves_per_simd(MI210, 64, 256, 1, 0), 8);
    ck_assert_uint_eq(waves_per_simd(MI210, 64, 256, 56, 0), 8);
}
END_TEST

/* --------------------------------------------- occupancy-levels.ll, LDS */

static const struct lds_row {
    const char *function;     /* the test function in the .ll file */
    unsigned size, lds;
    unsigned gfx9;            /* GFX9 on amd-gcn */
    unsigned gfx1030_w32, gfx1030_w64, gfx1100_w32, gfx1100_w64;
} lds_rows[] = {
    /* No flat-work-group-size attribute: groups of up to 1024. */
    { "used_lds_6552", 1024, 6552, 8, 16, 16, 16, 16 },
    { "used_lds_6556", 1024, 6556, 8, 16, 16, 16, 16 },
    { "used_lds_13112", 1024, 13112, 8, 16, 16, 16, 16 },
    { "used_lds_8252_max_group_size_64", 64, 8252, 2, 8, 4, 8, 4 },
    { "used_lds_8252_max_group_size_96", 96, 8252, 4, 12, 8, 12, 8 },
    { "used_lds_8252_max_group_size_128", 128, 8252, 4, 15, 8, 15, 8 },
    { "used_lds_8252_max_group_size_192", 192, 8252, 6, 15, 12, 15, 12 },
    { "used_lds_8252_max_group_size_256", 256, 8252, 7, 16, 15, 16, 15 },
    { "used_lds_8252_max_group_size_512", 512, 8252, 10, 16, 16, 16, 16 },
    { "used_lds_8252_max_group_size_1024", 1024, 8252, 8, 16, 16, 16, 16 },
    { "used_lds_8252_max_group_size_32", 32, 8252, 2, 4, 4, 4, 4 },
};

START_TEST(llvm_used_lds)
{
    for (size_t i = 0; i < sizeof lds_rows / sizeof lds_rows[0]; i++) {
        const struct lds_row *r = &lds_rows[i];
        const struct { const char *hw; unsigned width, want; } runs[] = {
            { GCN, 64, r->gfx9 },
            { N21, 32, r->gfx1030_w32 }, { N21, 64, r->gfx1030_w64 },
            { N31, 32, r->gfx1100_w32 }, { N31, 64, r->gfx1100_w64 },
        };
        for (int j = 0; j < 5; j++) {
            unsigned got = waves_per_simd(runs[j].hw, runs[j].width, r->size,
                                          2, r->lds);
            ck_assert_msg(got == runs[j].want,
                          "%s on %s, wave%u: %u waves per SIMD, LLVM "
                          "expects %u", r->function, runs[j].hw,
                          runs[j].width, got, runs[j].want);
        }
    }
}
END_TEST

/* ------------------------------------------------ hand-worked, per profile */

/* One key pair serves both widths only if a granule and a SIMD's file are
 * whole VGPRs at each width (rule_amd.c): check that on every AMD
 * profile. */
START_TEST(granule_whole_vgprs_at_each_width)
{
    const char *files[] = { GCN, MI210, MI300, N21, N21CU, N31, N31CU };
    for (int f = 0; f < 7; f++) {
        cusim_hw hw;
        cusim_kernel k;
        cutest_load(files[f], "tests/xcheck/kernel.yaml", NULL, 0, &hw, &k);
        cusim_kernel_free(&k);
        ck_assert_int_eq(hw.cu.rules, CUSIM_RULES_AMD);
        for (int i = 0; i < hw.n_simd_widths; i++) {
            uint32_t w = hw.simd_widths[i];
            ck_assert_msg(hw.cu.register_granularity % w == 0, "%s", files[f]);
            ck_assert_msg(hw.cu.registers % (hw.cu.schedulers * w) == 0, "%s",
                          files[f]);
        }
    }
}
END_TEST

/* The barrier cap min(max waves / waves per group, MaxBarriers) binds on
 * its own only where two-wave groups outnumber the barriers: on GCN (40 / 2
 * = 20 > 16). On CDNA (32 / 2 = 16), RDNA in WGP mode (64 / 2 = 32) and in
 * CU mode (32 / 2 = 16) it equals the wave-slot limit. */
START_TEST(barrier_cap_binds_on_gcn)
{
    cusim_occupancy g = occ(GCN, 64, 128, 16, 0);
    ck_assert_uint_eq(g.limits[CUSIM_LIMIT_SUBGROUPS], 20);
    ck_assert_uint_eq(g.workgroups_per_cu, 16);
    ck_assert_int_eq(g.limiter, CUSIM_LIMIT_WORKGROUPS);
    const struct { const char *hw; unsigned width, size, cap; } ties[] = {
        { MI210, 64, 128, 16 }, { MI300, 64, 128, 16 },
        { N21, 32, 64, 32 }, { N21, 64, 128, 32 }, { N31, 32, 64, 32 },
        { N21CU, 32, 64, 16 }, { N31CU, 64, 128, 16 },
    };
    for (int i = 0; i < 7; i++) {
        cusim_occupancy o = occ(ties[i].hw, ties[i].width, ties[i].size, 16, 0);
        ck_assert_msg(o.limits[CUSIM_LIMIT_WORKGROUPS] == ties[i].cap
                          && o.limits[CUSIM_LIMIT_SUBGROUPS] == ties[i].cap
                          && o.workgroups_per_cu == ties[i].cap,
                      "%s wave%u: %u barriers, %u by slots, %u groups",
                      ties[i].hw, ties[i].width,
                      o.limits[CUSIM_LIMIT_WORKGROUPS],
                      o.limits[CUSIM_LIMIT_SUBGROUPS], o.workgroups_per_cu);
    }
}
END_TEST

/* amd-cdna2-gfx90a: 512 lane-VGPRs x 64 = 32768 per SIMD. 128 VGPRs+AGPRs
 * take 128 x 64 = 8192: 4 waves per SIMD, 16 per CU, 4 groups of 4 waves.
 * 16 KiB of LDS (a multiple of 512): 65536 / 16384 = 4 groups too. */
START_TEST(cdna2_registers_lds_barriers)
{
    cusim_occupancy a = occ(MI210, 64, 256, 128, 16384);
    ck_assert_uint_eq(a.registers_per_subgroup, 8192);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_REGISTERS], 4);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_SHARED_MEMORY], 4);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_SUBGROUPS], 8);     /* 32 / 4 */
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_WORKGROUPS], 16);   /* barriers */
    ck_assert_uint_eq(a.workgroups_per_cu, 4);
    ck_assert_int_eq(a.limiter, CUSIM_LIMIT_REGISTERS);        /* tie: first */
    /* The unified file lets one invocation use 512 (256 VGPRs + 256
     * AGPRs): 32768 per wave, one wave per SIMD. */
    cusim_occupancy b = occ(MI210, 64, 64, 512, 0);
    ck_assert_uint_eq(b.workgroups_per_cu, 4);
    ck_assert_uint_eq(b.subgroups_per_cu, 4);
    /* Single-wave groups need no barrier: 32, one per wave slot; groups
     * of two are held to 16 barriers, which 32 / 2 slots equal. */
    cusim_occupancy c = occ(MI210, 64, 64, 16, 0);
    cusim_occupancy d = occ(MI210, 64, 128, 16, 0);
    ck_assert_uint_eq(c.limits[CUSIM_LIMIT_WORKGROUPS], 32);
    ck_assert_uint_eq(c.workgroups_per_cu, 32);
    ck_assert_uint_eq(d.limits[CUSIM_LIMIT_WORKGROUPS], 16);
    ck_assert_uint_eq(d.workgroups_per_cu, 16);
    ck_assert_double_eq(d.theoretical, 1.0);
}
END_TEST

/* amd-cdna3-gfx942: 100 VGPRs round to 104 (granule 8): 32768 / 6656 = 4
 * waves per SIMD (LLVM: 512 / 104 = 4). 20000 bytes of LDS round to 20480:
 * 3 groups of 4 waves, 12 waves, 3 per SIMD. 513 registers cannot launch. */
START_TEST(cdna3_registers_lds_limit)
{
    cusim_occupancy a = occ(MI300, 64, 64, 100, 0);
    ck_assert_uint_eq(a.registers_per_subgroup, 104 * 64);
    ck_assert_uint_eq(a.workgroups_per_cu, 16);
    cusim_occupancy b = occ(MI300, 64, 256, 32, 20000);
    ck_assert_uint_eq(b.shared_per_workgroup, 20480);
    ck_assert_uint_eq(b.workgroups_per_cu, 3);
    ck_assert_int_eq(b.limiter, CUSIM_LIMIT_SHARED_MEMORY);
    ck_assert_uint_eq(waves_per_simd(MI300, 64, 256, 32, 20000), 3);

    cutest_launch_refused(MI300, CUSIM_RULES_AMD,
                          (cutest_launch){ 0, 128, 513, 0 }, "at most 512");
}
END_TEST

/* amd-rdna2-gfx1030 (WGP mode): 128 VGPRs are 8 waves per SIMD at wave32
 * (1024 / 128) and 4 at wave64 (512 / 128): the same 256 lanes. A group of
 * 1024 with 64 KiB of LDS: the WGP's 128 KiB hold 2, and 64 wave slots
 * hold 2 groups of 32 waves; 64 KiB + 1 byte is over one group's 64 KiB. */
START_TEST(rdna2_wgp_registers_lds)
{
    cusim_occupancy a32 = occ(N21, 32, 32, 128, 0);
    cusim_occupancy a64 = occ(N21, 64, 64, 128, 0);
    ck_assert_uint_eq(a32.subgroups_per_cu, 32);       /* 8 x 4 SIMDs */
    ck_assert_uint_eq(a64.subgroups_per_cu, 16);       /* 4 x 4 SIMDs */
    ck_assert_uint_eq(a32.invocations_per_cu, a64.invocations_per_cu);

    cusim_occupancy b = occ(N21, 32, 1024, 16, 65536);
    ck_assert_uint_eq(b.limits[CUSIM_LIMIT_SHARED_MEMORY], 2);
    ck_assert_uint_eq(b.limits[CUSIM_LIMIT_SUBGROUPS], 2);
    ck_assert_uint_eq(b.workgroups_per_cu, 2);

    cutest_launch_refused(N21, CUSIM_RULES_AMD,
                          (cutest_launch){ 0, 128, 32, 65537 },
                          "at most 65536");

    /* Groups of two wave32s: 32 barriers = 64 slots / 2; single waves: 64. */
    cusim_occupancy c = occ(N21, 32, 64, 16, 0);
    cusim_occupancy d = occ(N21, 32, 32, 16, 0);
    ck_assert_uint_eq(c.limits[CUSIM_LIMIT_WORKGROUPS], 32);
    ck_assert_uint_eq(c.workgroups_per_cu, 32);
    ck_assert_uint_eq(d.workgroups_per_cu, 64);
}
END_TEST

/* amd-rdna2-gfx1030-cu (CU mode): the same 40000 bytes of LDS (40448
 * rounded) fit once in a CU's 64 KiB but 3 times in a WGP's 128 KiB; groups
 * of two waves are held to 16 barriers per CU (32 slots / 2). */
START_TEST(rdna2_cu_lds_barriers)
{
    cusim_occupancy cu = occ(N21CU, 32, 256, 16, 40000);
    cusim_occupancy wgp = occ(N21, 32, 256, 16, 40000);
    ck_assert_uint_eq(cu.shared_per_workgroup, 40448);
    ck_assert_uint_eq(cu.workgroups_per_cu, 1);
    ck_assert_uint_eq(wgp.workgroups_per_cu, 3);
    cusim_occupancy b = occ(N21CU, 32, 64, 16, 0);
    ck_assert_uint_eq(b.limits[CUSIM_LIMIT_WORKGROUPS], 16);
    ck_assert_uint_eq(b.workgroups_per_cu, 16);
    ck_assert_uint_eq(occ(N21CU, 32, 32, 16, 0).workgroups_per_cu, 32);
}
END_TEST

/* amd-rdna3-gfx1100: the 1.5x file. 256 VGPRs round to 264 (granule 24):
 * 1536 / 264 = 5 waves per SIMD at wave32, 20 per WGP, where gfx1030 holds
 * 4; at wave64 768 / 264 = 2. */
START_TEST(rdna3_wgp_registers)
{
    cusim_occupancy a = occ(N31, 32, 32, 256, 0);
    ck_assert_uint_eq(a.registers_per_subgroup, 264 * 32);
    ck_assert_uint_eq(a.subgroups_per_cu, 20);
    ck_assert_uint_eq(occ(N21, 32, 32, 256, 0).subgroups_per_cu, 16);
    ck_assert_uint_eq(occ(N31, 64, 64, 256, 0).subgroups_per_cu, 8);
    /* Groups of 256 wave32s (8 waves) with 40 VGPRs: registers allow
     * 16 per SIMD (1536 / 48 = 32, capped); 64 slots / 8 = 8 groups. */
    cusim_occupancy b = occ(N31, 32, 256, 40, 0);
    ck_assert_uint_eq(b.workgroups_per_cu, 8);
    ck_assert_int_eq(b.limiter, CUSIM_LIMIT_SUBGROUPS);
}
END_TEST

/* amd-rdna3-gfx1100-cu: 2 SIMDs and 64 KiB per CU. Groups of 128 wave64s
 * (2 waves) with 32 KiB of LDS: 2 per CU, 4 waves, 2 per SIMD; 100 VGPRs
 * at wave64 round to 108: 768 / 108 = 7 waves per SIMD, 14 per CU. */
START_TEST(rdna3_cu_lds_registers)
{
    cusim_occupancy a = occ(N31CU, 64, 128, 16, 32768);
    ck_assert_uint_eq(a.workgroups_per_cu, 2);
    ck_assert_int_eq(a.limiter, CUSIM_LIMIT_SHARED_MEMORY);
    ck_assert_uint_eq(waves_per_simd(N31CU, 64, 128, 16, 32768), 2);
    cusim_occupancy b = occ(N31CU, 64, 64, 100, 0);
    ck_assert_uint_eq(b.subgroups_per_cu, 14);
    ck_assert_uint_eq(b.limits[CUSIM_LIMIT_WORKGROUPS], 32);
}
END_TEST

/* The simulation admits workgroups by the same rule: on one CU with four
 * times as many groups as fit, the most resident at once is the static
 * figure, at each width. */
START_TEST(simulated_residency_matches)
{
    const struct {
        const char *hw;
        cutest_launch launch;   /* { wave size, group size, VGPRs, LDS } */
        unsigned fit;
    } cases[] = {
        { MI210, { 64, 256, 128, 16384 }, 4 },   /* registers and LDS */
        { MI300, { 64, 64, 100, 0 }, 16 },       /* 4 waves per SIMD */
        { N21, { 32, 128, 2, 8252 }, 15 },       /* used_lds_8252_..._128 */
        { N21CU, { 64, 128, 16, 32768 }, 2 },    /* 64 KiB per CU */
        { N31, { 64, 64, 100, 0 }, 28 },         /* 7 waves per SIMD */
        { N31CU, { 32, 64, 16, 0 }, 16 },        /* 16 barriers */
    };
    for (int i = 0; i < 6; i++)
        cutest_check_residency(cases[i].hw, cases[i].launch, cases[i].fit);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("rule_amd");
    TCase *llvm = tcase_create("occupancy-levels.ll");
    tcase_add_test(llvm, llvm_used_n_vgprs);
    tcase_add_test(llvm, llvm_max_occupancy);
    tcase_add_test(llvm, llvm_used_lds);
    tcase_add_test(llvm, llvm_agpr_register_count);
    tcase_set_timeout(llvm, 60);
    suite_add_tcase(s, llvm);
    TCase *hand = tcase_create("hand-worked");
    tcase_add_test(hand, granule_whole_vgprs_at_each_width);
    tcase_add_test(hand, barrier_cap_binds_on_gcn);
    tcase_add_test(hand, cdna2_registers_lds_barriers);
    tcase_add_test(hand, cdna3_registers_lds_limit);
    tcase_add_test(hand, rdna2_wgp_registers_lds);
    tcase_add_test(hand, rdna2_cu_lds_barriers);
    tcase_add_test(hand, rdna3_wgp_registers);
    tcase_add_test(hand, rdna3_cu_lds_registers);
    tcase_add_test(hand, simulated_residency_matches);
    suite_add_tcase(s, hand);
    return s;
}

CUTEST_MAIN(make_suite)
