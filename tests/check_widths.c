/*
 * check_widths.c — the family compiler models that pick a multi-width
 * profile's SIMD width (sim/rules/widths.c) and the Intel, Adreno and Apple rules
 * (sim/rule_*.c), on the shipped profiles, with every expected value worked
 * out by hand from the vendor's published rule (docs/profiles.md, "Intel,
 * Adreno and Apple"):
 *
 *   Intel (IGC, the GPU Occupancy Calculator): SIMD32 while registers x 32
 *     fit a thread's 1024-register GRF, else 16, else 8; a workgroup of <= 8
 *     is SIMD8, of <= 16 never SIMD32; threads per subslice, SLM in
 *     power-of-two blocks; large GRF (2048, half the threads) on Xe-HPC.
 *   Adreno (Mesa ir3): waves of 64 doubled to 128 unless the workgroup has
 *     <= 64 invocations or 2 x vec4 registers exceed reg_size_vec4; waves
 *     per SP = reg_size_vec4 / (vec4 x (doubled ? 2 : 1)) x 2, at most 16.
 *   Apple (Asahi's agx_occupancy.c): threads = 64 x floor(832 / registers)
 *     up to 1024; Metal's 1024 threads and 32 KiB per threadgroup.
 *   AMD RDNA (Mesa RADV): wave64 unless the workgroup has <= 32
 *     invocations.
 */
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "cutest.h"
#include "program.h"

static cusim_hw profile(const char *name)
{
    char rel[128];
    snprintf(rel, sizeof rel, "configs/hw/%s.yaml", name);
    cusim_hw hw;
    cusim_error err;
    if (cusim_hw_load(cutest_path(rel), NULL, 0, &hw, &err) != 0)
        ck_abort_msg("%s: %s", rel, err.message);
    return hw;
}

/* A 1-D kernel of `n` invocations with a one-instruction program. */
static cusim_kernel kernel(uint32_t n, uint32_t regs, uint32_t shared)
{
    cusim_kernel k = { .name = "k", .workgroup = { n, 1, 1 },
                       .workgroup_dims = 1, .registers = regs,
                       .shared_bytes = shared, .elements = 1u << 20,
                       .elements_per_invocation = 1 };
    cusim_error err;
    prog_src src = { "k.yaml", 1, 1, NULL, .buffers = NULL };
    k.ast = prog_parse("alu x", &src, &err);
    ck_assert_ptr_nonnull(k.ast);
    return k;
}

static cusim_occupancy occ(const char *hw_name, uint32_t n, uint32_t regs,
                           uint32_t shared, uint32_t subgroup_size)
{
    cusim_hw hw = profile(hw_name);
    cusim_kernel k = kernel(n, regs, shared);
    k.subgroup_size = subgroup_size;
    cusim_occupancy o;
    cusim_error err;
    if (cusim_occupancy_compute(&hw, &k, &o, &err) != 0)
        ck_abort_msg("%s: %s", hw_name, err.message);
    cusim_kernel_free(&k);
    return o;
}

/* The error message of a kernel that cannot run. */
static const char *refused(const char *hw_name, uint32_t n, uint32_t regs,
                           uint32_t shared, uint32_t subgroup_size)
{
    static cusim_error err;
    cusim_hw hw = profile(hw_name);
    cusim_kernel k = kernel(n, regs, shared);
    k.subgroup_size = subgroup_size;
    cusim_occupancy o;
    ck_assert_int_eq(cusim_occupancy_compute(&hw, &k, &o, &err), -1);
    cusim_kernel_free(&k);
    return err.message;
}

/* ------------------------------------------------------------------ Intel */

START_TEST(intel_width_narrows_as_registers_grow)
{
    /* Xe-LP, 256 invocations. 16 registers: 16 x 32 = 512 <= 1024, SIMD32;
     * 8 threads per group, 112 threads per subslice -> 14 groups, 3584
     * invocations. */
    cusim_occupancy o = occ("intel-xe-lp", 256, 16, 0, 0);
    ck_assert_uint_eq(o.simd_width, 32);
    ck_assert_uint_eq(o.subgroups_per_workgroup, 8);
    ck_assert_uint_eq(o.registers_per_subgroup, 1024);
    ck_assert_uint_eq(o.workgroups_per_cu, 14);
    ck_assert_uint_eq(o.invocations_per_cu, 3584);
    ck_assert_uint_eq(o.subgroup_size_min, 8);
    ck_assert_uint_eq(o.subgroup_size_max, 32);
    /* 48: x 32 = 1536 > 1024, x 16 = 768 fits: SIMD16, 16 threads per
     * group -> 7 groups, 1792 invocations. */
    o = occ("intel-xe-lp", 256, 48, 0, 0);
    ck_assert_uint_eq(o.simd_width, 16);
    ck_assert_uint_eq(o.workgroups_per_cu, 7);
    ck_assert_uint_eq(o.invocations_per_cu, 1792);
    /* 100: x 16 = 1600 > 1024, x 8 = 800: SIMD8, 32 threads per group ->
     * floor(112 / 32) = 3 groups, 768 invocations. */
    o = occ("intel-xe-lp", 256, 100, 0, 0);
    ck_assert_uint_eq(o.simd_width, 8);
    ck_assert_uint_eq(o.workgroups_per_cu, 3);
    ck_assert_uint_eq(o.invocations_per_cu, 768);
    /* The same on Xe-HPG (128 threads per Xe-core): 16, 8, 4 groups. */
    ck_assert_uint_eq(occ("intel-xe-hpg", 256, 16, 0, 0).workgroups_per_cu, 16);
    ck_assert_uint_eq(occ("intel-xe-hpg", 256, 48, 0, 0).workgroups_per_cu, 8);
    ck_assert_uint_eq(occ("intel-xe-hpg", 256, 100, 0, 0).workgroups_per_cu, 4);
}
END_TEST

START_TEST(intel_small_workgroups)
{
    /* <= 8 invocations: SIMD8 even with few registers; <= 16: SIMD16. */
    ck_assert_uint_eq(occ("intel-xe-lp", 8, 16, 0, 0).simd_width, 8);
    ck_assert_uint_eq(occ("intel-xe-lp", 16, 16, 0, 0).simd_width, 16);
    ck_assert_uint_eq(occ("intel-xe-lp", 17, 16, 0, 0).simd_width, 32);
    /* A single-thread group takes no barrier register: 112 groups. */
    ck_assert_uint_eq(occ("intel-xe-lp", 8, 16, 0, 0).workgroups_per_cu, 112);
    /* Two threads need one of the 32 barrier registers. */
    cusim_occupancy o = occ("intel-xe-lp", 64, 16, 0, 0);
    ck_assert_uint_eq(o.simd_width, 32);
    ck_assert_uint_eq(o.workgroups_per_cu, 32);
    ck_assert_int_eq(o.limiter, CUSIM_LIMIT_WORKGROUPS);
}
END_TEST

START_TEST(intel_subgroup_size_overrides)
{
    ck_assert_uint_eq(occ("intel-xe-lp", 256, 16, 0, 8).simd_width, 8);
    ck_assert_str_eq(refused("intel-xe-lp", 256, 48, 0, 32),
                     "registers: 48 registers per invocation at SIMD32 need "
                     "1536 registers per hardware thread; a thread of "
                     "intel-xe-lp has at most 1024 (its GRF)");
}
END_TEST

START_TEST(intel_large_grf_and_slm_blocks)
{
    /* Xe-HPC, 100 registers: SIMD32 would need 3200 > 2048; SIMD16 1600
     * exceeds the 1024 GRF but fits the large one (2048, two threads'
     * worth): 4 threads per XVE, 32 per Xe-core, 16 per group -> 2 groups. */
    cusim_occupancy o = occ("intel-xe-hpc", 256, 100, 0, 0);
    ck_assert_uint_eq(o.simd_width, 16);
    ck_assert_uint_eq(o.registers_per_subgroup, 2048);
    ck_assert_uint_eq(o.workgroups_per_cu, 2);
    ck_assert_int_eq(o.limiter, CUSIM_LIMIT_REGISTERS);
    ck_assert_uint_eq(o.subgroup_size_min, 16);
    /* 48 registers: SIMD32 would fit the large GRF (1536 <= 2048), SIMD16
     * fits the small one (768): SIMD16, 8 threads per XVE, 4 groups. (Both
     * hold 1024 invocations, so a model preferring the widest on ties
     * would say 32.) */
    o = occ("intel-xe-hpc", 256, 48, 0, 0);
    ck_assert_uint_eq(o.simd_width, 16);
    ck_assert_uint_eq(o.registers_per_subgroup, 1024);
    ck_assert_uint_eq(o.workgroups_per_cu, 4);
    /* 5000 bytes of SLM take an 8 KiB block: 64 KiB / 8 KiB = 8 groups. */
    o = occ("intel-xe-lp", 64, 16, 5000, 0);
    ck_assert_uint_eq(o.shared_per_workgroup, 8192);
    ck_assert_uint_eq(o.limits[CUSIM_LIMIT_SHARED_MEMORY], 8);
}
END_TEST

/* ----------------------------------------------------------------- Adreno */

START_TEST(adreno_doubles_both_ways)
{
    /* a650: reg_size_vec4 64, two halves of 16384 registers, 16 waves.
     * 128 invocations, 16 registers (4 vec4): 8 <= 64, doubled: a wave of
     * 128 takes 4 x 4 x 128 = 2048 registers; 16 waves by registers (ir3:
     * 64 / 8 x 2), 16 groups, 2048 invocations. */
    cusim_occupancy o = occ("adreno-a650", 128, 16, 0, 0);
    ck_assert_uint_eq(o.simd_width, 128);
    ck_assert_uint_eq(o.registers_per_subgroup, 2048);
    ck_assert_uint_eq(o.workgroups_per_cu, 16);
    ck_assert_uint_eq(o.invocations_per_cu, 2048);
    ck_assert_uint_eq(o.subgroup_size_min, 64);
    ck_assert_uint_eq(o.subgroup_size_max, 128);
    /* 64 invocations: never doubled. */
    o = occ("adreno-a650", 64, 16, 0, 0);
    ck_assert_uint_eq(o.simd_width, 64);
    ck_assert_uint_eq(o.invocations_per_cu, 1024);
    /* 160 registers (40 vec4): 80 > 64, single waves of 10240 registers,
     * one per half (ir3: 64 / 40 x 2 = 2 waves), one 2-wave group. */
    o = occ("adreno-a650", 128, 160, 0, 0);
    ck_assert_uint_eq(o.simd_width, 64);
    ck_assert_uint_eq(o.registers_per_subgroup, 10240);
    ck_assert_uint_eq(o.workgroups_per_cu, 1);
    /* a740's file is 96 vec4: 48 vec4 doubled is 96, still doubled. */
    ck_assert_uint_eq(occ("adreno-a740", 128, 160, 0, 0).simd_width, 128);
    /* 37 registers = 10 vec4, 256 invocations: doubled, 5120 registers a
     * wave, 3 per half (ir3: 64 / 20 x 2 = 6), 3 groups of 2 waves. */
    o = occ("adreno-a650", 256, 37, 0, 0);
    ck_assert_uint_eq(o.simd_width, 128);
    ck_assert_uint_eq(o.workgroups_per_cu, 3);
    /* The kernel may ask for 64. */
    ck_assert_uint_eq(occ("adreno-a650", 128, 16, 0, 64).simd_width, 64);
}
END_TEST

/* ------------------------------------------------------------------ Apple */

START_TEST(apple_matches_the_agx_table)
{
    /* agx_occupancy.c: 112 half-registers (56) -> 896 threads, 120 (60) ->
     * 832, 256 (128) -> 384, <= 104 (52) -> 1024. */
    static const uint32_t regs[] = { 16, 52, 56, 60, 68, 128 };
    static const uint32_t threads[] = { 1024, 1024, 896, 832, 768, 384 };
    for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++) {
        cusim_occupancy o = occ("apple-m1", 64, regs[i], 0, 0);
        ck_assert_msg(o.invocations_per_cu == threads[i],
                      "%u registers: %u threads, expected %u", regs[i],
                      o.invocations_per_cu, threads[i]);
        ck_assert_uint_eq(o.simd_width, 32);
    }
}
END_TEST

START_TEST(apple_metal_limits)
{
    ck_assert_uint_eq(occ("apple-m3", 1024, 16, 32768, 0).workgroups_per_cu, 1);
    ck_assert_str_eq(refused("apple-m1", 1025, 16, 0, 0),
                     "workgroup_size: a workgroup of 1025 invocations is "
                     "larger than apple-m1 allows (cu.max_workgroup_size "
                     "1024)");
    ck_assert_str_eq(refused("apple-m1", 64, 16, 32784, 0),
                     "shared_bytes: 32784 bytes per workgroup; apple-m1 "
                     "allows at most 32768 per workgroup");
}
END_TEST

/* -------------------------------------------------------------------- AMD */

START_TEST(rdna_defaults_to_wave64)
{
    /* amd-gcn with RDNA's two wave sizes: RADV runs wave64 unless the
     * workgroup has at most 32 invocations; the kernel may ask for 32. */
    cusim_hw hw = profile("amd-gcn");
    hw.simd_widths[0] = 32, hw.simd_widths[1] = 64;
    hw.n_simd_widths = 2;
    static const uint32_t sizes[] = { 256, 64, 33, 32, 16 };
    static const uint32_t want[] = { 64, 64, 64, 32, 32 };
    for (size_t i = 0; i < 5; i++) {
        cusim_kernel k = kernel(sizes[i], 16, 0);
        cusim_occupancy o;
        cusim_error err;
        ck_assert_int_eq(cusim_occupancy_compute(&hw, &k, &o, &err), 0);
        ck_assert_uint_eq(o.simd_width, want[i]);
        k.subgroup_size = 32;
        ck_assert_int_eq(cusim_occupancy_compute(&hw, &k, &o, &err), 0);
        ck_assert_uint_eq(o.simd_width, 32);
        cusim_kernel_free(&k);
    }
    /* GCN itself: 64 only. */
    ck_assert_uint_eq(occ("amd-gcn", 16, 16, 0, 0).simd_width, 64);
}
END_TEST

/* ------------------------------------------ what one workgroup takes */

START_TEST(need_per_family)
{
    cusim_error err;
    alloc_need need;
    /* Xe-LP, SIMD16, 48 registers, 256 invocations, 3000 bytes: 16
     * threads, each the whole GRF (768 used -> 1024), SLM 3000 -> 3 KiB ->
     * a 4 KiB block, a barrier register. */
    cusim_hw hw = profile("intel-xe-lp");
    cusim_kernel k = kernel(256, 48, 3000);
    ck_assert_int_eq(alloc_need_of(&hw, &k, 16, 48, &need, &err), 0);
    ck_assert_uint_eq(need.subgroups, 16);
    ck_assert_uint_eq(need.sg_registers, 1024);
    ck_assert_uint_eq(need.shared, 4096);
    ck_assert(need.barrier);
    cusim_kernel_free(&k);
    /* One SIMD8 thread: no barrier register. */
    k = kernel(8, 16, 0);
    ck_assert_int_eq(alloc_need_of(&hw, &k, 8, 16, &need, &err), 0);
    ck_assert_uint_eq(need.subgroups, 1);
    ck_assert(!need.barrier);
    cusim_kernel_free(&k);

    /* a650, waves of 128, 37 registers (10 vec4), 1500 bytes: 2 waves of
     * 10 x 4 x 128 = 5120 registers, shared in 1 KiB chunks -> 2048. */
    hw = profile("adreno-a650");
    k = kernel(256, 37, 1500);
    ck_assert_int_eq(alloc_need_of(&hw, &k, 128, 37, &need, &err), 0);
    ck_assert_uint_eq(need.subgroups, 2);
    ck_assert_uint_eq(need.sg_registers, 5120);
    ck_assert_uint_eq(need.shared, 2048);
    ck_assert(!need.barrier);
    /* The same at 64: 10 x 4 x 64 = 2560 per wave, 4 waves. */
    ck_assert_int_eq(alloc_need_of(&hw, &k, 64, 37, &need, &err), 0);
    ck_assert_uint_eq(need.subgroups, 4);
    ck_assert_uint_eq(need.sg_registers, 2560);
    cusim_kernel_free(&k);

    /* M1, 60 registers, 64 threads, 100 bytes: 2 SIMD-groups of 60 x 32 =
     * 1920 (a multiple of 4 x 32), shared in 16-byte units -> 112. */
    hw = profile("apple-m1");
    k = kernel(64, 60, 100);
    ck_assert_int_eq(alloc_need_of(&hw, &k, 32, 60, &need, &err), 0);
    ck_assert_uint_eq(need.subgroups, 2);
    ck_assert_uint_eq(need.sg_registers, 1920);
    ck_assert_uint_eq(need.shared, 112);
    cusim_kernel_free(&k);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("widths");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, intel_width_narrows_as_registers_grow);
    tcase_add_test(tc, intel_small_workgroups);
    tcase_add_test(tc, intel_subgroup_size_overrides);
    tcase_add_test(tc, intel_large_grf_and_slm_blocks);
    tcase_add_test(tc, adreno_doubles_both_ways);
    tcase_add_test(tc, apple_matches_the_agx_table);
    tcase_add_test(tc, apple_metal_limits);
    tcase_add_test(tc, rdna_defaults_to_wave64);
    tcase_add_test(tc, need_per_family);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
