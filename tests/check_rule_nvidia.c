/*
 * check_rule_nvidia.c — NVIDIA's occupancy rules (sim/rules/rule_nvidia.c) on the
 * shipped nvidia-*.yaml profiles: golden cases worked out by hand from the
 * CUDA Occupancy Calculator's formulas (cuda_occupancy.h, CUDA 13.0), so
 * they run where the toolkit is absent (tests/xcheck cross-checks a grid
 * against the header itself where it is present).
 *
 * The formulas, for a block of T threads, r registers per thread and s
 * bytes of shared memory (cudaOccMaxActiveBlocksPerMultiprocessor, the
 * minimum of four limits):
 *   W = ceil(T / 32) warps                        (warpsAllocatedPerCTA)
 *   R = roundup(r x 32, 256) registers per warp    (regsAllocatedPerWarp,
 *                                                  cudaOccRegAllocationGranularity)
 *   registers: floor(65536 / 4 / R) warps per sub-partition x 4
 *              sub-partitions / W blocks (cudaOccMaxBlocksPerSMRegsLimit);
 *              0, the block cannot launch, when R x W > 65536 (the
 *              software check) or R x roundup(W, 4) > 65536 (the hardware
 *              check: warps allocated to all four sub-partitions at once)
 *   warps:     floor(max warps per SM / W)        (cudaOccMaxBlocksPerSMWarpsLimit)
 *   blocks:    cudaOccMaxBlocksPerMultiprocessor  (cc 7.0 32, 7.5 16,
 *              8.0 32, 8.6 16, 8.9 24, 9.0 32)
 *   shared:    S = roundup(s + reserve, granularity) bytes per block, the
 *              reserve 1024 from cc 8.0 (reservedSharedMemPerBlock), the
 *              granularity 256 on cc 7.x and 128 from cc 8.0
 *              (cudaOccSMemAllocationGranularity); floor(shared per SM / S)
 *              blocks, unlimited when S = 0; 0 when S exceeds the opt-in
 *              maximum per block plus the reserve (cudaOccSMemPerBlock)
 *              (cudaOccMaxBlocksPerSMSmemLimit)
 * with the profiles' per-SM figures: max warps 64 (sm70, sm80, sm90,
 * h200), 32 (sm75), 48 (sm86, sm89); shared memory per SM 96 KiB (sm70),
 * 64 KiB (sm75), 164 KiB (sm80), 100 KiB (sm86, sm89), 228 KiB (sm90,
 * h200), the largest carveout (the calculator's default preference). The
 * theoretical occupancy is resident warps / max warps.
 */
#include "cusim.h"
#include "cutest.h"

#define SM70 "configs/hw/nvidia-sm70.yaml"
#define SM75 "configs/hw/nvidia-sm75.yaml"
#define SM80 "configs/hw/nvidia-sm80.yaml"
#define SM86 "configs/hw/nvidia-sm86.yaml"
#define SM89 "configs/hw/nvidia-sm89.yaml"
#define SM90 "configs/hw/nvidia-sm90.yaml"
#define H200 "configs/hw/nvidia-h200.yaml"

/* The occupancy of a block of `size` threads, `regs` registers per thread
 * and `smem` bytes of shared memory on the profile `hw_file` (the
 * cross-check kernel resized); aborts the test if the block cannot launch.
 * Every profile here must use NVIDIA's rules. */
static cusim_occupancy occ(const char *hw_file, unsigned size, unsigned regs,
                           unsigned smem)
{
    cutest_launch l = { 0, size, regs, smem };
    return cutest_launch_occ_or_abort(hw_file, CUSIM_RULES_NVIDIA, l);
}

/* Asserts that the block cannot launch and the message holds `part`. */
static void refused(const char *hw_file, unsigned size, unsigned regs,
                    unsigned smem, const char *part)
{
    cutest_launch l = { 0, size, regs, smem };
    cutest_launch_refused(hw_file, CUSIM_RULES_NVIDIA, l, part);
}

/* ---------------------------------------------------------- registers */

/* nvidia-sm80, blocks of 128 threads (W = 4): the 256-register unit per
 * warp. r = 37: 37 x 32 = 1184 -> R = 1280; 16384 / 1280 = 12 warps per
 * sub-partition, 48 per SM, 48 / 4 = 12 blocks (warps allow 64 / 4 = 16,
 * blocks 32, shared (0 + 1024) -> 167936 / 1024 = 164): 12, 48 / 64 =
 * 75% (the Best Practices Guide's 37-register example). r = 40: 1280
 * exactly, still 12. r = 41: 1312 -> 1536, 16384 / 1536 = 10 warps per
 * sub-partition, 40 / 4 = 10 blocks, 62.5%. */
START_TEST(granularity_per_warp)
{
    cusim_occupancy a = occ(SM80, 128, 37, 0);
    ck_assert_uint_eq(a.registers_per_subgroup, 1280);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_REGISTERS], 12);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_SUBGROUPS], 16);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_WORKGROUPS], 32);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_SHARED_MEMORY], 164);
    ck_assert_uint_eq(a.workgroups_per_cu, 12);
    ck_assert_int_eq(a.limiter, CUSIM_LIMIT_REGISTERS);
    ck_assert_double_eq(a.theoretical, 0.75);

    cusim_occupancy b = occ(SM80, 128, 40, 0);
    ck_assert_uint_eq(b.registers_per_subgroup, 1280);
    ck_assert_uint_eq(b.workgroups_per_cu, 12);

    cusim_occupancy c = occ(SM80, 128, 41, 0);
    ck_assert_uint_eq(c.registers_per_subgroup, 1536);
    ck_assert_uint_eq(c.limits[CUSIM_LIMIT_REGISTERS], 10);
    ck_assert_uint_eq(c.workgroups_per_cu, 10);
    ck_assert_double_eq(c.theoretical, 0.625);

    /* One register still takes a whole unit: 32 -> 256, 16384 / 256 = 64
     * warps per sub-partition, 256 / 4 = 64 blocks by registers; the 16
     * of the warp slots (64 / 4) bind. */
    cusim_occupancy d = occ(SM80, 128, 1, 0);
    ck_assert_uint_eq(d.registers_per_subgroup, 256);
    ck_assert_uint_eq(d.limits[CUSIM_LIMIT_REGISTERS], 64);
    ck_assert_uint_eq(d.workgroups_per_cu, 16);
}
END_TEST

/* Registers are counted per sub-partition, not per SM. nvidia-sm80, 80
 * registers: R = 2560; 16384 / 2560 = 6.4 -> 6 warps per sub-partition,
 * 24 per SM, where the whole SM would give 65536 / 2560 = 25. One-warp
 * blocks: 24 blocks (warps allow 64, blocks 32); four-warp blocks: 24 / 4
 * = 6. */
START_TEST(registers_per_sub_partition)
{
    cusim_occupancy a = occ(SM80, 32, 80, 0);
    ck_assert_uint_eq(a.registers_per_subgroup, 2560);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_REGISTERS], 24);
    ck_assert_uint_eq(a.workgroups_per_cu, 24);
    ck_assert_int_eq(a.limiter, CUSIM_LIMIT_REGISTERS);
    ck_assert_uint_eq(occ(SM80, 128, 80, 0).workgroups_per_cu, 6);
}
END_TEST

/* Register-limited on three profiles.
 * nvidia-sm86, 256 threads (W = 8) x 64: R = 2048, 16384 / 2048 = 8 warps
 *   per sub-partition, 32 per SM, 32 / 8 = 4 blocks; warps 48 / 8 = 6,
 *   blocks 16, shared (0 + 1024) -> 102400 / 1024 = 100: 4 blocks, 32 /
 *   48 warps.
 * nvidia-sm70, one warp x 255 (the most a thread may have): 8160 -> 8192,
 *   16384 / 8192 = 2 per sub-partition, 8 blocks; no reserve on cc 7.0, so
 *   0 bytes of shared memory take nothing: unlimited.
 * nvidia-sm75, 256 threads x 96: R = 3072, 16384 / 3072 = 5 per
 *   sub-partition, 20 per SM, 20 / 8 = 2 blocks (warps 32 / 8 = 4): 16 /
 *   32 warps. */
START_TEST(register_limited)
{
    cusim_occupancy a = occ(SM86, 256, 64, 0);
    ck_assert_uint_eq(a.registers_per_subgroup, 2048);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_REGISTERS], 4);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_SUBGROUPS], 6);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_WORKGROUPS], 16);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_SHARED_MEMORY], 100);
    ck_assert_uint_eq(a.workgroups_per_cu, 4);
    ck_assert_uint_eq(a.subgroups_per_cu, 32);
    ck_assert_int_eq(a.limiter, CUSIM_LIMIT_REGISTERS);
    ck_assert_double_eq(a.theoretical, 32.0 / 48.0);

    cusim_occupancy b = occ(SM70, 32, 255, 0);
    ck_assert_uint_eq(b.registers_per_subgroup, 8192);
    ck_assert_uint_eq(b.workgroups_per_cu, 8);
    ck_assert_uint_eq(b.limits[CUSIM_LIMIT_SHARED_MEMORY], CUSIM_UNLIMITED);
    ck_assert_int_eq(b.limiter, CUSIM_LIMIT_REGISTERS);

    cusim_occupancy c = occ(SM75, 256, 96, 0);
    ck_assert_uint_eq(c.registers_per_subgroup, 3072);
    ck_assert_uint_eq(c.limits[CUSIM_LIMIT_REGISTERS], 2);
    ck_assert_uint_eq(c.limits[CUSIM_LIMIT_SUBGROUPS], 4);
    ck_assert_uint_eq(c.workgroups_per_cu, 2);
    ck_assert_double_eq(c.theoretical, 0.5);
}
END_TEST

/* ------------------------------------------------------- shared memory */

/* The per-block reserve. nvidia-sm86, 128 threads x 32 registers, 20000
 * bytes: 20000 + 1024 = 21024 -> 21120 (165 x 128); 102400 / 21120 = 4.8
 * -> 4 blocks (registers 1024 a warp: 16 x 4 / 4 = 16, warps 48 / 4 = 12,
 * blocks 16). Without the reserve it would be 20096 and 5 blocks. */
START_TEST(shared_reserve_per_block)
{
    cusim_occupancy a = occ(SM86, 128, 32, 20000);
    ck_assert_uint_eq(a.shared_per_workgroup, 21120);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_SHARED_MEMORY], 4);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_REGISTERS], 16);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_SUBGROUPS], 12);
    ck_assert_uint_eq(a.workgroups_per_cu, 4);
    ck_assert_int_eq(a.limiter, CUSIM_LIMIT_SHARED_MEMORY);

    /* The reserve is taken by a block with no shared memory too (as in
     * cudaOccMaxBlocksPerSMSmemLimit): 1024 bytes, 100 blocks by shared
     * memory on sm86. On sm70 (no reserve) such a block takes none. */
    cusim_occupancy b = occ(SM86, 32, 16, 0);
    ck_assert_uint_eq(b.shared_per_workgroup, 1024);
    ck_assert_uint_eq(b.limits[CUSIM_LIMIT_SHARED_MEMORY], 100);
    cusim_occupancy c = occ(SM70, 32, 16, 0);
    ck_assert_uint_eq(c.shared_per_workgroup, 0);
    ck_assert_uint_eq(c.limits[CUSIM_LIMIT_SHARED_MEMORY], CUSIM_UNLIMITED);

    /* nvidia-sm90 and nvidia-h200, 48 KiB: 49152 + 1024 = 50176 (392 x
     * 128); 233472 / 50176 = 4.65 -> 4 blocks. */
    const char *hopper[] = { SM90, H200 };
    for (int i = 0; i < 2; i++) {
        cusim_occupancy h = occ(hopper[i], 128, 32, 49152);
        ck_assert_uint_eq(h.shared_per_workgroup, 50176);
        ck_assert_uint_eq(h.workgroups_per_cu, 4);
        ck_assert_int_eq(h.limiter, CUSIM_LIMIT_SHARED_MEMORY);
    }
}
END_TEST

/* cc 7.x: 256-byte granules, no reserve. 12000 bytes -> 12032 (47 x 256):
 * nvidia-sm70 98304 / 12032 = 8.2 -> 8 blocks (registers allow 16, warps
 * 16); nvidia-sm75 65536 / 12032 = 5.4 -> 5 (warps allow 32 / 4 = 8). */
START_TEST(shared_granularity_cc7)
{
    cusim_occupancy a = occ(SM70, 128, 32, 12000);
    ck_assert_uint_eq(a.shared_per_workgroup, 12032);
    ck_assert_uint_eq(a.workgroups_per_cu, 8);
    ck_assert_int_eq(a.limiter, CUSIM_LIMIT_SHARED_MEMORY);
    cusim_occupancy b = occ(SM75, 128, 32, 12000);
    ck_assert_uint_eq(b.shared_per_workgroup, 12032);
    ck_assert_uint_eq(b.workgroups_per_cu, 5);
    ck_assert_int_eq(b.limiter, CUSIM_LIMIT_SHARED_MEMORY);
}
END_TEST

/* The opt-in maximum per block. nvidia-sm86: 101376 bytes (99 KiB) + 1024
 * = 102400 <= 101376 + 1024: one block (102400 / 102400); 101377 + 1024
 * -> 102528 > 102400: cannot launch. nvidia-sm70: 98304 fits once; 98305
 * -> 98560 > 98304 cannot. */
START_TEST(shared_per_block_maximum)
{
    cusim_occupancy a = occ(SM86, 128, 32, 101376);
    ck_assert_uint_eq(a.shared_per_workgroup, 102400);
    ck_assert_uint_eq(a.workgroups_per_cu, 1);
    refused(SM86, 128, 32, 101377, "at most 101376");
    ck_assert_uint_eq(occ(SM70, 128, 32, 98304).workgroups_per_cu, 1);
    refused(SM70, 128, 32, 98305, "at most 98304");
}
END_TEST

/* ---------------------------------------------------------------- warps */

/* Warp-limited.
 * nvidia-sm75, 512 threads (W = 16) x 16: warps 32 / 16 = 2; registers
 *   512 a warp, 32 per sub-partition, 128 / 16 = 8; blocks 16: 2 blocks,
 *   all 32 warps. The thread slots (1024 / 512 = 2) tie; warps come first.
 * nvidia-sm89, 384 threads (W = 12) x 32: warps 48 / 12 = 4; registers
 *   1024 a warp, 64 / 12 = 5; blocks 24; shared 100: 4, all 48 warps.
 * nvidia-sm86, 100 threads: W = ceil(100 / 32) = 4 (a partial warp holds
 *   a whole slot); warps 48 / 4 = 12; registers 64 / 4 = 16; blocks 16:
 *   12 blocks, 1200 threads, all 48 warps. */
START_TEST(warp_limited)
{
    cusim_occupancy a = occ(SM75, 512, 16, 0);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_SUBGROUPS], 2);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_REGISTERS], 8);
    ck_assert_uint_eq(a.workgroups_per_cu, 2);
    ck_assert_int_eq(a.limiter, CUSIM_LIMIT_SUBGROUPS);
    ck_assert_double_eq(a.theoretical, 1.0);

    cusim_occupancy b = occ(SM89, 384, 32, 0);
    ck_assert_uint_eq(b.limits[CUSIM_LIMIT_SUBGROUPS], 4);
    ck_assert_uint_eq(b.limits[CUSIM_LIMIT_REGISTERS], 5);
    ck_assert_uint_eq(b.workgroups_per_cu, 4);
    ck_assert_int_eq(b.limiter, CUSIM_LIMIT_SUBGROUPS);
    ck_assert_double_eq(b.theoretical, 1.0);

    cusim_occupancy c = occ(SM86, 100, 32, 0);
    ck_assert_uint_eq(c.subgroups_per_workgroup, 4);
    ck_assert_uint_eq(c.workgroups_per_cu, 12);
    ck_assert_uint_eq(c.invocations_per_cu, 1200);
    ck_assert_int_eq(c.limiter, CUSIM_LIMIT_SUBGROUPS);
    ck_assert_double_eq(c.theoretical, 1.0);

    /* nvidia-sm90, 1024 threads (W = 32) x 32: registers 64 warps / 32 = 2
     * and warps 64 / 32 = 2 tie; the registers are named first. */
    cusim_occupancy d = occ(SM90, 1024, 32, 0);
    ck_assert_uint_eq(d.limits[CUSIM_LIMIT_REGISTERS], 2);
    ck_assert_uint_eq(d.limits[CUSIM_LIMIT_SUBGROUPS], 2);
    ck_assert_uint_eq(d.workgroups_per_cu, 2);
    ck_assert_int_eq(d.limiter, CUSIM_LIMIT_REGISTERS);
}
END_TEST

/* --------------------------------------------------------------- blocks */

/* Block-limited: small blocks run into cudaOccMaxBlocksPerMultiprocessor.
 * nvidia-sm86, 64 threads x 32: warps 24, registers 64 / 2 = 32, shared
 *   100, blocks 16: 16 blocks, 32 of 48 warps.
 * One-warp blocks x 16 registers (registers 512 a warp: 128 warps, never
 *   binding): sm75 16 blocks of 32 warps, sm89 24 of 48, sm90 32 of 64,
 *   sm70 32 of 64: half the warp slots each. */
START_TEST(block_limited)
{
    cusim_occupancy a = occ(SM86, 64, 32, 0);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_WORKGROUPS], 16);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_SUBGROUPS], 24);
    ck_assert_uint_eq(a.workgroups_per_cu, 16);
    ck_assert_int_eq(a.limiter, CUSIM_LIMIT_WORKGROUPS);
    ck_assert_double_eq(a.theoretical, 32.0 / 48.0);

    const struct { const char *hw; unsigned blocks; } one_warp[] = {
        { SM75, 16 }, { SM89, 24 }, { SM90, 32 }, { SM70, 32 },
    };
    for (int i = 0; i < 4; i++) {
        cusim_occupancy o = occ(one_warp[i].hw, 32, 16, 0);
        ck_assert_msg(o.workgroups_per_cu == one_warp[i].blocks
                          && o.limiter == CUSIM_LIMIT_WORKGROUPS,
                      "%s: %u blocks, limiter %s; expected %u, workgroups",
                      one_warp[i].hw, o.workgroups_per_cu,
                      cusim_limiter_name(o.limiter), one_warp[i].blocks);
        ck_assert_double_eq(o.theoretical, 0.5);
    }
}
END_TEST

/* ------------------------------------------------------ cannot launch */

/* nvidia-sm80, 1024 threads (W = 32) x 65: R = 2304, 2304 x 32 = 73728 >
 * 65536 (the software check): 0 blocks. x 64: 2048 x 32 = 65536, 8 warps
 * per sub-partition, 32 / 32 = 1 block, 32 of 64 warps.
 * 800 threads (W = 25) x 80: 2560 x 25 = 64000 fits the SM, but the
 * hardware check takes roundup(25, 4) = 28 warps: 71680 > 65536, and
 * indeed 16384 / 2560 = 6 warps per sub-partition hold 24 < 25: 0 blocks.
 * 256 registers: over the profile's 255 per thread. */
START_TEST(cannot_launch)
{
    refused(SM80, 1024, 65, 0, "needs 73728 registers per workgroup");
    cusim_occupancy a = occ(SM80, 1024, 64, 0);
    ck_assert_uint_eq(a.workgroups_per_cu, 1);
    ck_assert_double_eq(a.theoretical, 0.5);
    refused(SM80, 800, 80, 0, "partitions");
    refused(SM86, 32, 256, 0, "at most 255");
    /* nvidia-sm75, 1024 threads x 64: 2048 x 32 = 65536 fits, 1 block. */
    ck_assert_uint_eq(occ(SM75, 1024, 64, 0).workgroups_per_cu, 1);
}
END_TEST

/* ------------------------------------------------- simulated residency */

/* The simulation admits blocks by the same rule: one SM, four times as
 * many blocks as fit, the most resident at once is the figure above. */
START_TEST(simulated_residency_matches)
{
    const struct {
        const char *hw;
        cutest_launch launch;   /* { 0, threads, registers, bytes } */
        unsigned fit;
    } cases[] = {
        { SM86, { 0, 256, 64, 0 }, 4 },         /* registers */
        { SM80, { 0, 32, 80, 0 }, 24 },         /* sub-partitions */
        { SM86, { 0, 128, 32, 20000 }, 4 },     /* shared memory and reserve */
        { SM75, { 0, 512, 16, 0 }, 2 },         /* warps */
        { SM89, { 0, 32, 16, 0 }, 24 },         /* blocks */
    };
    for (int i = 0; i < 5; i++)
        cutest_check_residency(cases[i].hw, cases[i].launch, cases[i].fit);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("rule_nvidia");
    TCase *tc = tcase_create("registers");
    tcase_add_test(tc, granularity_per_warp);
    tcase_add_test(tc, registers_per_sub_partition);
    tcase_add_test(tc, register_limited);
    suite_add_tcase(s, tc);
    tc = tcase_create("shared memory");
    tcase_add_test(tc, shared_reserve_per_block);
    tcase_add_test(tc, shared_granularity_cc7);
    tcase_add_test(tc, shared_per_block_maximum);
    suite_add_tcase(s, tc);
    tc = tcase_create("warps");
    tcase_add_test(tc, warp_limited);
    suite_add_tcase(s, tc);
    tc = tcase_create("blocks");
    tcase_add_test(tc, block_limited);
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
