/*
 * check_occupancy.c — static occupancy against the seeds' worked examples
 * (C3, C4), the CUDA guides' published examples, the AMD GCN rules, and a
 * grid checked against the CUDA Occupancy Calculator's algorithm written out
 * independently here from its documentation (docs/profiles.md, "Occupancy
 * checks the profiles must satisfy", gives the steps and the sources).
 */
#include <stdlib.h>

#include "cusim.h"
#include "cutest.h"
#include "program.h"

/* ---------------------------------------------------------------- fixtures */

/* An NVIDIA SM as the CUDA Occupancy Calculator sees it (cuda_occupancy.h:
 * cudaOccMaxBlocksPerMultiprocessor, cudaOccSMemAllocationGranularity,
 * reservedSharedMemPerBlock). */
static cusim_hw nvidia(int sm)
{
    cusim_hw hw = cutest_seed_cu();
    snprintf(hw.name, sizeof hw.name, "sm_%d", sm);
    hw.cu.max_workgroups = sm == 75 || sm == 86 ? 16 : sm == 89 ? 24 : 32;
    hw.cu.max_subgroups = sm == 75 ? 32 : sm == 86 || sm == 89 ? 48 : 64;
    hw.cu.max_invocations = hw.cu.max_subgroups * 32;
    hw.cu.shared_memory = sm == 70 ? 98304 : sm == 75 ? 65536
                          : sm == 80 ? 167936 : sm == 90 ? 233472 : 102400;
    hw.cu.max_shared_per_workgroup = hw.cu.shared_memory - (sm >= 80 ? 1024 : 0);
    hw.cu.shared_granularity = sm >= 80 ? 128 : 256;
    hw.cu.shared_reserved = sm >= 80 ? 1024 : 0;
    return hw;
}

/* AMD GCN (gfx9): 4 SIMDs of 10 wave64 slots and 256 VGPRs per lane, VGPR
 * granule 4 (256 registers per wave), LDS 64 KiB in 512-byte units, 16
 * workgroups per CU. */
static cusim_hw amd_gcn(void)
{
    cusim_hw hw = cutest_seed_cu();
    snprintf(hw.name, sizeof hw.name, "gcn");
    hw.simd_widths[0] = 64;
    hw.cu.max_subgroups = 40;
    hw.cu.max_invocations = 2560;
    hw.cu.max_workgroups = 16;
    hw.cu.max_registers_per_invocation = 256;
    hw.cu.shared_granularity = 512;
    return hw;
}

/* A kernel of a given shape with a one-instruction program. */
static cusim_kernel kernel(uint32_t x, uint32_t y, uint32_t regs,
                           uint32_t shared)
{
    cusim_kernel k = { .name = "k", .workgroup = { x, y, 1 },
                       .workgroup_dims = y > 1 ? 2 : 1, .registers = regs,
                       .shared_bytes = shared, .elements = 1u << 20,
                       .elements_per_invocation = 1 };
    cusim_error err;
    prog_src src = { "k.yaml", 1, 1, NULL, .buffers = NULL };
    k.ast = prog_parse("alu x", &src, &err);
    ck_assert_ptr_nonnull(k.ast);
    return k;
}

static cusim_occupancy occupancy(const cusim_hw *hw, cusim_kernel *k)
{
    cusim_occupancy o;
    cusim_error err;
    int rc = cusim_occupancy_compute(hw, k, &o, &err);
    if (rc != 0)
        ck_abort_msg("occupancy failed: %s", err.message);
    cusim_kernel_free(k);
    return o;
}

/* --------------------------------------------------------- seeds: C3, C4 */

START_TEST(seed_c4_version_a)
{
    /* 16x16 group, 1296-byte tile, 40 registers: shared allows 50 groups,
     * registers 6, slots 8 -> 6 groups, 1536 invocations, 75%. */
    cusim_hw hw = cutest_seed_cu();
    cusim_kernel k = kernel(16, 16, 40, 1296);
    cusim_occupancy o = occupancy(&hw, &k);
    ck_assert_uint_eq(o.limits[CUSIM_LIMIT_SHARED_MEMORY], 50);
    ck_assert_uint_eq(o.limits[CUSIM_LIMIT_REGISTERS], 6);
    ck_assert_uint_eq(o.limits[CUSIM_LIMIT_INVOCATIONS], 8);
    ck_assert_uint_eq(o.limits[CUSIM_LIMIT_SUBGROUPS], 8);
    ck_assert_uint_eq(o.workgroups_per_cu, 6);
    ck_assert_uint_eq(o.invocations_per_cu, 1536);
    ck_assert_uint_eq(o.subgroups_per_cu, 48);
    ck_assert_int_eq(o.limiter, CUSIM_LIMIT_REGISTERS);
    ck_assert_double_eq(o.theoretical, 0.75);
}
END_TEST

START_TEST(seed_c4_version_b)
{
    /* 72 registers: 65536 / 72 = 910 invocations -> 3 groups, 37.5%. */
    cusim_hw hw = cutest_seed_cu();
    cusim_kernel k = kernel(16, 16, 72, 1296);
    cusim_occupancy o = occupancy(&hw, &k);
    ck_assert_uint_eq(o.workgroups_per_cu, 3);
    ck_assert_uint_eq(o.invocations_per_cu, 768);
    ck_assert_int_eq(o.limiter, CUSIM_LIMIT_REGISTERS);
    ck_assert_double_eq(o.theoretical, 0.375);
}
END_TEST

START_TEST(seed_c3_registers)
{
    /* 65536 registers: 64 per invocation -> 1024 invocations, 128 -> 512. */
    cusim_hw hw = cutest_seed_cu();
    cusim_kernel k64 = kernel(256, 1, 64, 0);
    cusim_kernel k128 = kernel(256, 1, 128, 0);
    ck_assert_uint_eq(occupancy(&hw, &k64).invocations_per_cu, 1024);
    ck_assert_uint_eq(occupancy(&hw, &k128).invocations_per_cu, 512);
}
END_TEST

START_TEST(seed_c3_shared_memory)
{
    /* 32 KiB per CU: 8 KiB per group -> 4 groups, 16 KiB -> 2. */
    cusim_hw hw = cutest_seed_cu();
    hw.cu.shared_memory = 32768;
    cusim_kernel k8 = kernel(64, 1, 16, 8192);
    cusim_kernel k16 = kernel(64, 1, 16, 16384);
    cusim_occupancy o8 = occupancy(&hw, &k8), o16 = occupancy(&hw, &k16);
    ck_assert_uint_eq(o8.workgroups_per_cu, 4);
    ck_assert_int_eq(o8.limiter, CUSIM_LIMIT_SHARED_MEMORY);
    ck_assert_uint_eq(o16.workgroups_per_cu, 2);
    ck_assert_int_eq(o16.limiter, CUSIM_LIMIT_SHARED_MEMORY);
}
END_TEST

START_TEST(seed_c3_slots)
{
    /* @workgroup_size(16) on hardware that admits 16 resident groups:
     * 256 live invocations though 2048 would fit. */
    cusim_hw hw = cutest_seed_cu();
    hw.cu.max_workgroups = 16;
    cusim_kernel k = kernel(16, 1, 16, 0);
    cusim_occupancy o = occupancy(&hw, &k);
    ck_assert_uint_eq(o.invocations_per_cu, 256);
    ck_assert_int_eq(o.limiter, CUSIM_LIMIT_WORKGROUPS);
    /* 16 subgroups of 64 slots: the masked half of each is held too. */
    ck_assert_double_eq(o.theoretical, 0.25);
}
END_TEST

/* ---------------------------------------------- published NVIDIA examples */

START_TEST(cuda_best_practices_cc70)
{
    /* CUDA C++ Best Practices Guide, cc 7.0: 128 threads x 37 registers ->
     * 12 blocks, 75%; 320 threads x 37 -> 4 blocks, 62.5%. */
    cusim_hw hw = nvidia(70);
    cusim_kernel a = kernel(128, 1, 37, 0), b = kernel(320, 1, 37, 0);
    cusim_occupancy oa = occupancy(&hw, &a), ob = occupancy(&hw, &b);
    ck_assert_uint_eq(oa.workgroups_per_cu, 12);
    ck_assert_double_eq(oa.theoretical, 0.75);
    ck_assert_uint_eq(ob.workgroups_per_cu, 4);
    ck_assert_double_eq(ob.theoretical, 0.625);
    ck_assert_uint_eq(oa.registers_per_subgroup, 1280);  /* 1184 -> 1280 */
}
END_TEST

START_TEST(cuda_programming_guide)
{
    /* CUDA Programming Guide: 512 threads x 64 registers -> 2 blocks on a
     * 64K-register SM; x 65 registers -> 1 block. */
    cusim_hw hw = nvidia(70);
    cusim_kernel a = kernel(512, 1, 64, 0), b = kernel(512, 1, 65, 0);
    ck_assert_uint_eq(occupancy(&hw, &a).workgroups_per_cu, 2);
    ck_assert_uint_eq(occupancy(&hw, &b).workgroups_per_cu, 1);
}
END_TEST

START_TEST(cuda_shared_reserve_sm80)
{
    /* sm_80: 1 KiB reserved per block, 128-byte granularity, 164 KiB per
     * SM: 48 KiB blocks take 49 KiB -> 3 blocks (167936 / 50176). */
    cusim_hw hw = nvidia(80);
    cusim_kernel k = kernel(128, 1, 32, 48 * 1024);
    cusim_occupancy o = occupancy(&hw, &k);
    ck_assert_uint_eq(o.shared_per_workgroup, 49 * 1024);
    ck_assert_uint_eq(o.limits[CUSIM_LIMIT_SHARED_MEMORY], 3);
    ck_assert_uint_eq(o.workgroups_per_cu, 3);
}
END_TEST

/* ------------------------------------------------------------- AMD GCN */

START_TEST(gcn_vgpr_waves)
{
    /* 40 VGPRs -> 6 waves per SIMD (LLVM AMDGPU: 256 / round_up(40, 4));
     * one-wave groups: 4 SIMDs x 6 = 24, capped by 16 workgroups. */
    cusim_hw hw = amd_gcn();
    cusim_kernel one = kernel(64, 1, 40, 0), four = kernel(256, 1, 40, 0);
    cusim_occupancy o1 = occupancy(&hw, &one), o4 = occupancy(&hw, &four);
    ck_assert_uint_eq(o1.limits[CUSIM_LIMIT_REGISTERS], 24);
    ck_assert_uint_eq(o1.workgroups_per_cu, 16);
    ck_assert_int_eq(o1.limiter, CUSIM_LIMIT_WORKGROUPS);
    ck_assert_uint_eq(o4.workgroups_per_cu, 6);         /* 24 waves / 4 */
    ck_assert_uint_eq(o4.subgroups_per_cu, 24);
    ck_assert_double_eq(o4.theoretical, 24.0 / 40.0);
}
END_TEST

START_TEST(gcn_old_vgpr_table)
{
    /* The GCN table: <=24 VGPRs -> 10 waves, 28 -> 9, 32 -> 8, 36 -> 7,
     * 40 -> 6, 48 -> 5, 64 -> 4, 84 -> 3, 128 -> 2, else 1 (per SIMD). */
    static const struct { uint32_t vgprs, waves; } table[] = {
        { 24, 10 }, { 25, 9 }, { 28, 9 }, { 32, 8 }, { 36, 7 }, { 40, 6 },
        { 41, 5 }, { 48, 5 }, { 64, 4 }, { 84, 3 }, { 85, 2 }, { 128, 2 },
        { 129, 1 }, { 256, 1 },
    };
    cusim_hw hw = amd_gcn();
    hw.cu.max_workgroups = 64;   /* let registers or slots decide */
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        cusim_kernel k = kernel(64, 1, table[i].vgprs, 0);
        cusim_occupancy o = occupancy(&hw, &k);
        ck_assert_msg(o.subgroups_per_cu == 4 * table[i].waves,
                      "%u VGPRs: %u waves per CU, expected %u",
                      table[i].vgprs, o.subgroups_per_cu, 4 * table[i].waves);
    }
}
END_TEST

START_TEST(gcn_lds_granularity)
{
    /* LDS in 512-byte units: 1296 bytes take 1536 -> 42 groups of 64 KiB. */
    cusim_hw hw = amd_gcn();
    cusim_kernel k = kernel(64, 1, 16, 1296);
    cusim_occupancy o = occupancy(&hw, &k);
    ck_assert_uint_eq(o.shared_per_workgroup, 1536);
    ck_assert_uint_eq(o.limits[CUSIM_LIMIT_SHARED_MEMORY], 42);
}
END_TEST

/* ------------------------------------------- grid vs the CUDA algorithm */

/* The CUDA Occupancy Calculator's result, written out from its documented
 * steps (docs/profiles.md; cuda_occupancy.h
 * cudaOccMaxActiveBlocksPerMultiprocessor):
 * the minimum of the warp, register, shared-memory and block limits. */
static int cuda_blocks(const cusim_hw *hw, int threads, int regs, int smem)
{
    int warps = (threads + 31) / 32;
    int max_warps = (int)hw->cu.max_invocations / 32;
    int warp_limit = max_warps / warps;
    int per_warp = (regs * 32 + 255) / 256 * 256;
    int reg_limit;
    if (regs > 255 || per_warp * ((warps + 3) / 4 * 4) > 65536)
        reg_limit = 0;
    else
        reg_limit = 4 * ((65536 / 4) / per_warp) / warps;
    int gran = (int)hw->cu.shared_granularity;
    int per_block = smem ? (smem + (int)hw->cu.shared_reserved + gran - 1) / gran * gran : 0;
    int smem_limit = per_block ? (int)hw->cu.shared_memory / per_block : 1 << 30;
    int limit = warp_limit < reg_limit ? warp_limit : reg_limit;
    limit = smem_limit < limit ? smem_limit : limit;
    return (int)hw->cu.max_workgroups < limit ? (int)hw->cu.max_workgroups : limit;
}

START_TEST(cuda_grid)
{
    static const int sms[] = { 70, 75, 80, 86, 89, 90 };
    static const int smems[] = { 0, 1, 1296, 4096, 12000, 32768 };
    int checked = 0;
    for (size_t s = 0; s < sizeof sms / sizeof sms[0]; s++) {
        cusim_hw hw = nvidia(sms[s]);
        for (int threads = 32; threads <= 1024; threads += 32 + (threads % 96))
            for (int regs = 1; regs <= 255; regs += 7)
                for (size_t m = 0; m < sizeof smems / sizeof smems[0]; m++) {
                    int expect = cuda_blocks(&hw, threads, regs, smems[m]);
                    if ((int)hw.cu.max_invocations < threads)
                        continue;
                    cusim_kernel k = kernel((uint32_t)threads, 1, (uint32_t)regs,
                                            (uint32_t)smems[m]);
                    cusim_occupancy o;
                    cusim_error err;
                    int rc = cusim_occupancy_compute(&hw, &k, &o, &err);
                    cusim_kernel_free(&k);
                    if (expect == 0) {
                        ck_assert_msg(rc != 0, "sm_%d %d threads x %d regs: "
                                      "CUDA cannot launch, cusim fits %u",
                                      sms[s], threads, regs, o.workgroups_per_cu);
                    } else {
                        ck_assert_msg(rc == 0 && (int)o.workgroups_per_cu == expect,
                                      "sm_%d %d threads x %d regs, %d B: cusim "
                                      "%u, CUDA %d", sms[s], threads, regs,
                                      smems[m], rc ? 0 : o.workgroups_per_cu,
                                      expect);
                    }
                    checked++;
                }
    }
    ck_assert_int_gt(checked, 2000);
}
END_TEST

/* --------------------------------------------------------- fit errors */

START_TEST(error_registers_per_workgroup)
{
    /* 1024 invocations x 72 registers = 73728 > 65536: never fits. */
    cusim_hw hw = cutest_seed_cu();
    cusim_kernel k = kernel(1024, 1, 72, 0);
    cusim_occupancy o;
    cusim_error err;
    ck_assert_int_eq(cusim_occupancy_compute(&hw, &k, &o, &err), -1);
    ck_assert_str_eq(err.message,
                     "registers: needs 73728 registers per workgroup (32 "
                     "subgroups x 2304); a CU of seed-cu has 65536");
    cusim_kernel_free(&k);
}
END_TEST

START_TEST(error_shape_and_shared)
{
    cusim_hw hw = cutest_seed_cu();
    cusim_occupancy o;
    cusim_error err;
    cusim_kernel big = kernel(2048, 1, 8, 0);
    ck_assert_int_eq(cusim_occupancy_compute(&hw, &big, &o, &err), -1);
    ck_assert_str_eq(err.message,
                     "workgroup_size: a workgroup of 2048 invocations is "
                     "larger than seed-cu allows (cu.max_workgroup_size 1024)");
    cusim_kernel_free(&big);

    cusim_kernel shm = kernel(64, 1, 8, 70000);
    ck_assert_int_eq(cusim_occupancy_compute(&hw, &shm, &o, &err), -1);
    ck_assert_str_eq(err.message,
                     "shared_bytes: 70000 bytes per workgroup; seed-cu allows "
                     "at most 65536 per workgroup");
    cusim_kernel_free(&shm);

    cusim_kernel regs = kernel(64, 1, 300, 0);
    ck_assert_int_eq(cusim_occupancy_compute(&hw, &regs, &o, &err), -1);
    ck_assert_str_eq(err.message,
                     "registers: 300 registers per invocation; seed-cu allows "
                     "at most 255 (cu.max_registers_per_invocation)");
    cusim_kernel_free(&regs);
}
END_TEST

/* shared_bytes as an expression of the launch shape follows the shape.
 * Profile: the seed CU with 16 KiB of shared memory in 128-byte granules
 * and a 1 KiB reserve per workgroup (as NVIDIA's sm_80 reserves); the
 * kernel: 16 registers, shared_bytes: workgroup_size * 4.
 *   64 invocations: 256 + 1024 = 1280 bytes (a multiple of 128):
 *     floor(16384 / 1280) = 12 workgroups of 2 subgroups = 24 of the 64
 *     slots: 0.375, limited by shared memory;
 *   256: 1024 + 1024 = 2048 -> 8 workgroups of 8 subgroups = 64: 1.0
 *     (shared memory's 8 ties the slots' 64 / 8 = 8: the first in order).
 * The constant the kernel held before (1024, the figure at 256) gives at
 * 64: 2048 bytes -> 8 workgroups -> 16 of 64 slots: 0.25. */
START_TEST(shared_expression_follows_shape)
{
    cusim_hw hw = cutest_seed_cu();
    hw.cu.shared_memory = 16384;
    hw.cu.shared_granularity = 128;
    hw.cu.shared_reserved = 1024;
    static const struct {
        uint32_t size;
        const char *shared;    /* an expression, or "" for 1024 */
        uint32_t bytes, per_wg, limit, wg;
        double theoretical;
    } cases[] = {
        { 64, "workgroup_size * 4", 256, 1280, 12, 12, 0.375 },
        { 256, "workgroup_size * 4", 1024, 2048, 8, 8, 1.0 },
        { 64, "", 1024, 2048, 8, 8, 0.25 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cusim_kernel k = kernel(cases[i].size, 1, 16, 1024);
        if (cases[i].shared[0]) {
            k.shared_bytes = 0;
            snprintf(k.shared_bytes_expr.text, sizeof k.shared_bytes_expr.text,
                     "%s", cases[i].shared);
        }
        cusim_occupancy o = occupancy(&hw, &k);
        ck_assert_uint_eq(o.shared_bytes, cases[i].bytes);
        ck_assert_uint_eq(o.shared_per_workgroup, cases[i].per_wg);
        ck_assert_uint_eq(o.limits[CUSIM_LIMIT_SHARED_MEMORY],
                          cases[i].limit);
        ck_assert_uint_eq(o.workgroups_per_cu, cases[i].wg);
        ck_assert_int_eq(o.limiter, CUSIM_LIMIT_SHARED_MEMORY);
        ck_assert_double_eq_tol(o.theoretical, cases[i].theoretical, 1e-12);
    }

    /* a value the key refuses, at this shape: 64 x 4 - 300 = -44 */
    cusim_kernel bad = kernel(64, 1, 16, 0);
    snprintf(bad.shared_bytes_expr.text, sizeof bad.shared_bytes_expr.text,
             "workgroup_size * 4 - 300");
    cusim_occupancy o;
    cusim_error err;
    ck_assert_int_eq(cusim_occupancy_compute(&hw, &bad, &o, &err), -1);
    ck_assert_str_eq(err.message, "shared_bytes: workgroup_size * 4 - 300 = "
                     "-44 bytes (with workgroup_x = 64, workgroup_y = 1, "
                     "workgroup_z = 1, simd_width = 32, "
                     "elements_per_invocation = 1; expected 0 to "
                     "1073741824)");
    cusim_kernel_free(&bad);
}
END_TEST

/* registers_source: `given` for a number, `auto` for the live-value
 * count ("alu x" holds one register: 1). */
START_TEST(registers_source)
{
    cusim_hw hw = cutest_seed_cu();
    cusim_kernel given = kernel(64, 1, 16, 0);
    cusim_occupancy o = occupancy(&hw, &given);
    ck_assert_int_eq(o.registers_source, CUSIM_REGISTERS_GIVEN);
    ck_assert_uint_eq(o.registers_per_invocation, 16);
    cusim_kernel automatic = kernel(64, 1, 0, 0);
    automatic.registers_auto = true;
    o = occupancy(&hw, &automatic);
    ck_assert_int_eq(o.registers_source, CUSIM_REGISTERS_AUTO);
    ck_assert_uint_eq(o.registers_per_invocation, 1);
    ck_assert_str_eq(cusim_register_source_name(CUSIM_REGISTERS_AUTO), "auto");
    ck_assert_str_eq(cusim_register_source_name(CUSIM_REGISTERS_GIVEN),
                     "given");
    ck_assert_str_eq(cusim_register_source_name(CUSIM_REGISTERS_IMPORTED),
                     "imported");
    ck_assert_str_eq(cusim_register_source_name(CUSIM_REGISTERS_SOURCE_COUNT),
                     "?");
}
END_TEST

START_TEST(error_partition_spread)
{
    /* 4 partitions of 16000 registers; 130 registers x 32 lanes = 4160 per
     * subgroup. The CU as a whole has room for 15 such subgroups (64000 /
     * 4160), but each partition only for 3 (16000 / 4160), 12 in all, so a
     * workgroup of 13 subgroups (416 invocations) can never be placed. */
    cusim_hw hw = cutest_seed_cu();
    hw.cu.registers = 64000;
    hw.cu.register_granularity = 32;
    cusim_kernel k = kernel(13 * 32, 1, 130, 0);
    cusim_occupancy o;
    cusim_error err;
    ck_assert_int_eq(cusim_occupancy_compute(&hw, &k, &o, &err), -1);
    ck_assert_str_eq(err.message,
                     "registers: needs 66560 registers per workgroup as 13 "
                     "subgroups spread over 4 partitions (at most 4 x 4160 "
                     "registers in one); a partition of seed-cu has 16000");
    cusim_kernel_free(&k);
}
END_TEST

/* ------------------------------------------------------- widths (C11/C20) */

START_TEST(width_choice)
{
    /* Widths 8/16/32 with 128 registers per invocation: per subgroup 1024,
     * 2048 or 4096 registers; the partition holds 16 slots and 16384
     * registers. Width 32: 4 subgroups per partition = 512 invocations per
     * CU; width 16: 8 per partition = 512; width 8: 16 = 512. All tie at 512
     * invocations, so the widest (32) wins. With 16 registers, width 32
     * holds 2048 invocations, width 8 only 512: 32 wins again. A kernel may
     * also ask for a width; 48 is not one of them. */
    cusim_hw hw = cutest_seed_cu();
    hw.simd_widths[0] = 8, hw.simd_widths[1] = 16, hw.simd_widths[2] = 32;
    hw.n_simd_widths = 3;
    cusim_kernel k = kernel(64, 1, 128, 0);
    cusim_occupancy o = occupancy(&hw, &k);
    ck_assert_uint_eq(o.simd_width, 32);
    ck_assert_uint_eq(o.invocations_per_cu, 512);

    cusim_kernel k16 = kernel(64, 1, 16, 0);
    k16.subgroup_size = 16;
    o = occupancy(&hw, &k16);
    ck_assert_uint_eq(o.simd_width, 16);
    ck_assert_uint_eq(o.subgroups_per_workgroup, 4);

    cusim_kernel bad = kernel(64, 1, 16, 0);
    bad.subgroup_size = 48;
    cusim_error err;
    ck_assert_int_eq(cusim_occupancy_compute(&hw, &bad, &o, &err), -1);
    ck_assert_str_eq(err.message, "subgroup_size: 48 is not a SIMD width of "
                     "seed-cu (expected one of 8, 16, 32)");
    cusim_kernel_free(&bad);
}
END_TEST

START_TEST(partial_subgroups)
{
    /* C12: a group of 40 on width 32 is 2 subgroups, so 32 groups fill all
     * 64 subgroup slots (occupancy 1) with 1280 invocations; the 24 masked
     * lanes of each second subgroup are simd_efficiency's business. */
    cusim_hw hw = cutest_seed_cu();
    cusim_kernel k = kernel(40, 1, 16, 0);
    cusim_occupancy o = occupancy(&hw, &k);
    ck_assert_uint_eq(o.subgroups_per_workgroup, 2);
    ck_assert_uint_eq(o.limits[CUSIM_LIMIT_SUBGROUPS], 32);
    ck_assert_uint_eq(o.limits[CUSIM_LIMIT_INVOCATIONS], 51);
    ck_assert_uint_eq(o.workgroups_per_cu, 32);
    ck_assert_uint_eq(o.invocations_per_cu, 1280);
    ck_assert_double_eq(o.theoretical, 1.0);
}
END_TEST

/* ------------------------------------------------- the shipped profiles */

/* Occupancy of the shipped profile `hw` for the cross-check kernel resized
 * to `threads` invocations and `regs` registers. */
static cusim_occupancy shipped(const char *hw_file, const char *threads,
                               const char *regs)
{
    cusim_set sets[] = {
        { "kernel.workgroup_size", threads, "--set", 1, 1 },
        { "kernel.registers", regs, "--set", 2, 1 },
    };
    cusim_hw hw;
    cusim_kernel k;
    cutest_load(hw_file, "tests/xcheck/kernel.yaml", sets, 2, &hw, &k);
    return occupancy(&hw, &k);
}

START_TEST(shipped_nvidia_sm70)
{
    /* The CUDA guides' examples on configs/hw/nvidia-sm70.yaml. */
    cusim_occupancy a = shipped("configs/hw/nvidia-sm70.yaml", "128", "37");
    cusim_occupancy b = shipped("configs/hw/nvidia-sm70.yaml", "320", "37");
    cusim_occupancy c = shipped("configs/hw/nvidia-sm70.yaml", "512", "64");
    cusim_occupancy d = shipped("configs/hw/nvidia-sm70.yaml", "512", "65");
    ck_assert_uint_eq(a.workgroups_per_cu, 12);
    ck_assert_double_eq(a.theoretical, 0.75);
    ck_assert_uint_eq(b.workgroups_per_cu, 4);
    ck_assert_double_eq(b.theoretical, 0.625);
    ck_assert_uint_eq(c.workgroups_per_cu, 2);
    ck_assert_uint_eq(d.workgroups_per_cu, 1);
}
END_TEST

START_TEST(shipped_amd_gcn)
{
    /* configs/hw/amd-gcn.yaml: 40 VGPRs -> 6 waves per SIMD (groups of 4
     * waves: 6 groups, 24 waves); single-wave groups need no barrier, so 40
     * of them fit (one per wave slot); groups of 2 waves are held to the 16
     * hardware barriers (32 waves, 80%). */
    cusim_occupancy a = shipped("configs/hw/amd-gcn.yaml", "256", "40");
    cusim_occupancy b = shipped("configs/hw/amd-gcn.yaml", "64", "16");
    cusim_occupancy c = shipped("configs/hw/amd-gcn.yaml", "128", "16");
    ck_assert_uint_eq(a.workgroups_per_cu, 6);
    ck_assert_uint_eq(a.subgroups_per_cu, 24);
    ck_assert_int_eq(a.limiter, CUSIM_LIMIT_REGISTERS);
    ck_assert_uint_eq(b.workgroups_per_cu, 40);
    ck_assert_double_eq(b.theoretical, 1.0);
    ck_assert_uint_eq(c.workgroups_per_cu, 16);
    ck_assert_int_eq(c.limiter, CUSIM_LIMIT_WORKGROUPS);
    ck_assert_double_eq(c.theoretical, 0.8);
}
END_TEST

START_TEST(shipped_seed_cu)
{
    /* C4 on configs/hw/seed-cu.yaml and workloads/blur-tiled.yaml. */
    cusim_hw hw;
    cusim_kernel k;
    cutest_load("configs/hw/seed-cu.yaml", "workloads/blur-tiled.yaml", NULL, 0,
                &hw, &k);
    cusim_occupancy o = occupancy(&hw, &k);
    ck_assert_uint_eq(o.limits[CUSIM_LIMIT_SHARED_MEMORY], 50);
    ck_assert_uint_eq(o.workgroups_per_cu, 6);
    ck_assert_double_eq(o.theoretical, 0.75);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("occupancy");
    TCase *seeds = tcase_create("seeds");
    tcase_add_test(seeds, seed_c4_version_a);
    tcase_add_test(seeds, seed_c4_version_b);
    tcase_add_test(seeds, seed_c3_registers);
    tcase_add_test(seeds, seed_c3_shared_memory);
    tcase_add_test(seeds, seed_c3_slots);
    suite_add_tcase(s, seeds);
    TCase *nv = tcase_create("nvidia");
    tcase_add_test(nv, cuda_best_practices_cc70);
    tcase_add_test(nv, cuda_programming_guide);
    tcase_add_test(nv, cuda_shared_reserve_sm80);
    tcase_add_test(nv, cuda_grid);
    tcase_set_timeout(nv, 60);
    suite_add_tcase(s, nv);
    TCase *amd = tcase_create("amd");
    tcase_add_test(amd, gcn_vgpr_waves);
    tcase_add_test(amd, gcn_old_vgpr_table);
    tcase_add_test(amd, gcn_lds_granularity);
    suite_add_tcase(s, amd);
    TCase *ship = tcase_create("shipped profiles");
    tcase_add_test(ship, shipped_nvidia_sm70);
    tcase_add_test(ship, shipped_amd_gcn);
    tcase_add_test(ship, shipped_seed_cu);
    suite_add_tcase(s, ship);
    TCase *errs = tcase_create("errors");
    tcase_add_test(errs, error_registers_per_workgroup);
    tcase_add_test(errs, error_shape_and_shared);
    tcase_add_test(errs, error_partition_spread);
    suite_add_tcase(s, errs);
    TCase *w = tcase_create("widths");
    tcase_add_test(w, width_choice);
    tcase_add_test(w, partial_subgroups);
    suite_add_tcase(s, w);
    TCase *x = tcase_create("shape expressions");
    tcase_add_test(x, shared_expression_follows_shape);
    tcase_add_test(x, registers_source);
    suite_add_tcase(s, x);
    return s;
}

CUTEST_MAIN(make_suite)
