/*
 * check_banks.c — shared-memory bank conflicts (banks.h): the passes one
 * access takes, worked out by hand from the lanes' addresses on 32 banks of
 * 4 bytes (bank = (address / 4) mod 32), and what they cost a kernel; and
 * the banks of the shipped profiles (16 of 4 B on Intel Xe-LP and the Apple
 * estimate, 64 of 8 B on Xe-HPC, 32 of 4 B on Adreno) worked the same way.
 */
#include "banks.h"
#include "lanes.h"
#include "cutest.h"

static uint32_t passes(isa_pattern p, uint32_t stride, uint32_t bytes,
                       uint32_t lanes)
{
    return bank_passes(32, 4, p, stride, bytes, 0, lanes);
}

START_TEST(strided_degrees)
{
    /* strided:1 = coalesced: lane i in bank i, no conflict. */
    ck_assert_uint_eq(passes(ISA_PATTERN_COALESCED, 0, 4, 32), 1);
    ck_assert_uint_eq(passes(ISA_PATTERN_STRIDED, 1, 4, 32), 1);
    /* strided:2: lane i at word 2i, bank 2i mod 32: lanes i and i + 16
     * share a bank with different words, 2-way. */
    ck_assert_uint_eq(passes(ISA_PATTERN_STRIDED, 2, 4, 32), 2);
    /* strided:4: banks 0, 4, ..., 28, each hit by 4 lanes. */
    ck_assert_uint_eq(passes(ISA_PATTERN_STRIDED, 4, 4, 32), 4);
    /* strided:32: word 32i is always bank 0, 32 distinct words: 32-way. */
    ck_assert_uint_eq(passes(ISA_PATTERN_STRIDED, 32, 4, 32), 32);
    /* strided:33 (the padded tile's column): bank 33i mod 32 = i. */
    ck_assert_uint_eq(passes(ISA_PATTERN_STRIDED, 33, 4, 32), 1);
    /* An odd stride never conflicts on 32 banks; 16 lanes at stride 32 are
     * 16-way (a partial subgroup). */
    ck_assert_uint_eq(passes(ISA_PATTERN_STRIDED, 7, 4, 32), 1);
    ck_assert_uint_eq(passes(ISA_PATTERN_STRIDED, 32, 4, 16), 16);
}
END_TEST

START_TEST(wide_accesses_in_phases)
{
    /* 16 B x 32 lanes = 512 B: phases of 128 / 16 = 8 lanes; lane i covers
     * words 4i .. 4i+3, so a phase's 8 lanes cover 32 distinct banks: 4
     * phases, 1 pass each. */
    ck_assert_uint_eq(passes(ISA_PATTERN_COALESCED, 0, 16, 32), 4);
    /* 8 B: two half-warp phases of 16 lanes, each conflict-free. */
    ck_assert_uint_eq(passes(ISA_PATTERN_COALESCED, 0, 8, 32), 2);
    /* 16 B at strided:2: lane i at byte 32i, words 8i .. 8i+3. In a phase
     * of 8 lanes, lanes 0-3 take banks 0-3, 8-11, 16-19, 24-27 and lanes
     * 4-7 (words 32 .. 59) the same banks again: 2 passes per phase, 8. */
    ck_assert_uint_eq(passes(ISA_PATTERN_STRIDED, 2, 16, 32), 8);
    /* 1 B per lane: 32 lanes in 8 words, one bank each: 1 pass. Bytes of
     * one word are broadcast, not a conflict. */
    ck_assert_uint_eq(passes(ISA_PATTERN_COALESCED, 0, 1, 32), 1);
    /* 1 B strided:4: lane i alone in word i, bank i: 1 pass. */
    ck_assert_uint_eq(passes(ISA_PATTERN_STRIDED, 4, 1, 32), 1);
    /* A wave of 64 lanes x 4 B = 256 B: two phases of 32 lanes. */
    ck_assert_uint_eq(passes(ISA_PATTERN_COALESCED, 0, 4, 64), 2);
    /* One lane wider than a pass: 256 B = 64 words round 32 banks twice. */
    ck_assert_uint_eq(passes(ISA_PATTERN_COALESCED, 0, 256, 2), 4);
}
END_TEST

START_TEST(no_bank_model)
{
    /* cu.shared_banks 0: every access is one pass, as before banks. */
    ck_assert_uint_eq(bank_passes(0, 4, ISA_PATTERN_STRIDED, 32, 4, 0, 32), 1);
    ck_assert_uint_eq(bank_passes(0, 4, ISA_PATTERN_COALESCED, 0, 16, 0, 32), 1);
}
END_TEST

START_TEST(random_from_the_generator)
{
    /* Seed 1, 4-byte elements: SplitMix64(1 + i) >> 44 gives lane i's
     * element (worked out independently of this code); the banks (element
     * mod 32) of the 32 lanes are
     *   2 3 17 30 19 10 30 5 21 17 22 31 3 29 25 24
     *   7 11 7 5 0 30 29 12 12 31 3 7 20 5 25 23
     * Bank 3 holds lanes 1, 12, 26; bank 30 lanes 3, 6, 21; bank 5 lanes
     * 7, 19, 29; bank 7 lanes 16, 18, 27 (all distinct elements); no bank
     * holds four: 3 passes. */
    ck_assert_uint_eq(lane_address(ISA_PATTERN_RANDOM, 0, 4, 1, 0),
                      594082u * 4);
    ck_assert_uint_eq(lane_address(ISA_PATTERN_RANDOM, 0, 4, 1, 1),
                      619907u * 4);
    ck_assert_uint_eq(lane_address(ISA_PATTERN_RANDOM, 0, 4, 1, 31),
                      962231u * 4);
    ck_assert_uint_eq(bank_passes(32, 4, ISA_PATTERN_RANDOM, 0, 4, 1, 32), 3);
    /* The same draw every time; another instruction another seed. */
    ck_assert_uint_eq(lane_seed(5), lane_seed(5));
    ck_assert_uint_ne(lane_seed(5), lane_seed(6));
}
END_TEST

/* The tiny CU (one partition, 32 shared lanes: a pass is 1 cycle) with 32
 * banks of 4 bytes. */
static cusim_hw banked_cu(void)
{
    cusim_hw hw = cutest_tiny_cu();
    hw.cu.shared_banks = 32;
    hw.cu.shared_bank_bytes = 4;
    return hw;
}

START_TEST(conflicts_serialise)
{
    cusim_hw hw = banked_cu();
    /* Conflict-free: x ready at 30, y issues at 30, ready at 34. */
    cusim_result r = cutest_run(&hw, 32, 32,
                                "ld.shared x, t bytes=4\nalu y, x\n");
    ck_assert_uint_eq(r.cycles, 34);
    /* strided:32: 32 passes of 1 cycle; x is ready when the last is done,
     * 30 + 31 = 61; y ready at 65. */
    r = cutest_run(&hw, 32, 32,
                   "ld.shared x, t bytes=4 pattern=strided:32\nalu y, x\n");
    ck_assert_uint_eq(r.cycles, 65);
    /* Two independent strided:2 loads: the first holds the unit 2 cycles,
     * so the second issues at 2; ready at 0 + 31 and 2 + 31 = 33. */
    r = cutest_run(&hw, 32, 32,
                   "ld.shared a, t pattern=strided:2\n"
                   "ld.shared b, t pattern=strided:2\n");
    ck_assert_uint_eq(r.cycles, 33);
    /* Without the bank model the same program costs what it always did:
     * 1 cycle of unit each, ready at 30 and 31. */
    hw.cu.shared_banks = 0;
    r = cutest_run(&hw, 32, 32,
                   "ld.shared a, t pattern=strided:2\n"
                   "ld.shared b, t pattern=strided:2\n");
    ck_assert_uint_eq(r.cycles, 31);
}
END_TEST

START_TEST(a_store_ends_when_its_passes_are_done)
{
    /* A lone conflicted shared store (issue 25, class 9): strided:8 puts
     * lanes 32 bytes apart, on banks 0, 8, 16 and 24 only, 8 lanes each:
     * 8 passes of 1 cycle, so the unit is busy 8 cycles and the store is
     * performed at 30 + 7 = 37. Nothing reads it, but the run is not over
     * before then: 37 cycles (the run used to end at cycle 1 with the
     * shared unit busy 8 cycles, a speed of light of 8). */
    cusim_hw hw = banked_cu();
    cusim_result r = cutest_run(&hw, 32, 32,
                                "st.shared v, t bytes=4 pattern=strided:8\n");
    ck_assert_uint_eq(r.cycles, 37);
    ck_assert_double_eq_tol(r.sol_busiest_unit, 8.0 / 37, 1e-12);
    /* Conflict-free, the store is performed at 30. */
    r = cutest_run(&hw, 32, 32, "st.shared v, t bytes=4\n");
    ck_assert_uint_eq(r.cycles, 30);
    ck_assert_double_eq_tol(r.sol_busiest_unit, 1.0 / 30, 1e-12);
}
END_TEST

START_TEST(the_issue_example_on_shipped_profiles)
{
    /* The issue's own case: one shared store of 12 random bytes per lane,
     * one CU. Its speed of light was 2.75 on seed-cu (4 partitions: the
     * unit busy 11 cycles in a run of 1) and above 1 on adreno-a740; the
     * run now lasts until the store is performed: latency.shared (30 on
     * seed-cu) plus its 10 replays = 40 cycles, 11 / (40 x 4). */
    static const char *const profiles[] = { "configs/hw/seed-cu.yaml",
                                            "configs/hw/adreno-a740.yaml" };
    for (int i = 0; i < 2; i++) {
        cusim_hw hw;
        cusim_kernel k;
        cutest_load(profiles[i], "workloads/latency-bound.yaml", NULL, 0,
                    &hw, &k);
        cusim_kernel_free(&k);
        hw.compute_units = 1;
        cusim_result r = cutest_run(&hw, 32, 32,
                                    "st.shared v, t bytes=12 pattern=random\n");
        ck_assert_msg(r.sol_busiest_unit <= 1.0, "%s: %g", profiles[i],
                      r.sol_busiest_unit);
        if (i == 0) {
            ck_assert_uint_eq(r.cycles, 40);
            ck_assert_double_eq_tol(r.sol_busiest_unit, 11.0 / 160, 1e-12);
        }
    }
}
END_TEST

START_TEST(wave64_counts_against_its_own_base)
{
    /* A wave64 CU (GCN's shape): 32 banks of 4 bytes, 8 shared lanes, so
     * the unit's lanes move a conflict-free 4-byte wave access in 8 cycles,
     * which is 2 bank passes (256 bytes, 128 a pass): that is the base,
     * not a conflict. Two independent conflict-free loads: unit busy 8
     * cycles each, the second issues at 8; ready at 30 and 38. At
     * strided:2 each half-wave phase is 2-way (4 passes, twice the base):
     * 16 cycles each, results 8 cycles late: ready at 38 and 16 + 38 =
     * 54. */
    cusim_hw hw = banked_cu();
    hw.simd_widths[0] = 64;
    hw.cu.lanes[CUSIM_UNIT_SHARED] = 8;
    cusim_result r = cutest_run(&hw, 64, 64,
                                "ld.shared a, t bytes=4\n"
                                "ld.shared b, t bytes=4\n");
    ck_assert_uint_eq(r.cycles, 38);
    r = cutest_run(&hw, 64, 64,
                   "ld.shared a, t bytes=4 pattern=strided:2\n"
                   "ld.shared b, t bytes=4 pattern=strided:2\n");
    ck_assert_uint_eq(r.cycles, 54);
}
END_TEST

START_TEST(partial_subgroup_counts_its_lanes)
{
    /* A workgroup of 48: subgroup 0 has 32 lanes, subgroup 1 16. At
     * strided:32 they take 32 and 16 passes: sg0 issues at 0 (unit busy
     * to 32, x ready 30 + 31 = 61), sg1 at 32 (busy 16, ready 32 + 30 + 15
     * = 77). */
    cusim_hw hw = banked_cu();
    cusim_result r = cutest_run(&hw, 48, 48,
                                "ld.shared x, t pattern=strided:32\n");
    ck_assert_uint_eq(r.cycles, 77);
}
END_TEST

/* Cycles of a 16 x 16 tile kernel on nvidia-sm80 whose tile reads use
 * `pattern`. */
static uint64_t tile_cycles(const char *pattern)
{
    cusim_hw hw;
    cusim_error err;
    if (cusim_hw_load(cutest_path("configs/hw/nvidia-sm80.yaml"), NULL, 0, &hw,
                      &err) != 0)
        ck_abort_msg("%s", err.message);
    char program[512];
    snprintf(program, sizeof program,
             "ld.global a, i bytes=4\n"
             "st.shared a, t bytes=4\n"
             "barrier\n"
             "repeat 16 {\n"
             "  ld.shared x, t bytes=4 pattern=%s\n"
             "  fma acc, x, x, acc\n"
             "}\n"
             "st.global acc, i bytes=4\n", pattern);
    cusim_kernel k = { .name = "tile", .workgroup = { 16, 16, 1 },
                       .workgroup_dims = 2, .registers = 16,
                       .shared_bytes = 1024,   /* a 16 x 16 float tile */
                       .elements = 65536, .elements_per_invocation = 1 };
    prog_src src = { "tile.yaml", 1, 1, NULL, .buffers = NULL };
    k.ast = prog_parse(program, &src, &err);
    if (!k.ast)
        ck_abort_msg("parse: %s", err.message);
    cusim_result r;
    int rc = cusim_simulate(&hw, &k, NULL, &r, NULL, &err);
    cusim_kernel_free(&k);
    if (rc != 0)
        ck_abort_msg("simulate: %s", err.message);
    return r.cycles;
}

START_TEST(tile_kernel_feels_the_pattern)
{
    /* The issue's case: the same tile kernel took the same cycles with
     * every pattern. Now strided:2 costs more than coalesced, strided:32
     * more still, and the padded stride 33 as little as coalesced. */
    uint64_t coalesced = tile_cycles("coalesced");
    uint64_t two = tile_cycles("strided:2");
    uint64_t thirty_two = tile_cycles("strided:32");
    ck_assert_uint_lt(coalesced, two);
    ck_assert_uint_lt(two, thirty_two);
    ck_assert_uint_eq(tile_cycles("strided:33"), coalesced);
    ck_assert_uint_eq(tile_cycles("strided:1"), coalesced);
}
END_TEST

/* A shipped profile's banks, as its file gives them. */
static cusim_hw profile(const char *name)
{
    char path[128];
    snprintf(path, sizeof path, "configs/hw/%s.yaml", name);
    cusim_hw hw;
    cusim_error err;
    if (cusim_hw_load(cutest_path(path), NULL, 0, &hw, &err) != 0)
        ck_abort_msg("%s", err.message);
    return hw;
}

/* Passes of a 4-byte access of `lanes` lanes at `pattern`/`stride` on
 * `hw`'s banks. */
static uint32_t passes_on(const cusim_hw *hw, isa_pattern p, uint32_t stride,
                          uint32_t lanes)
{
    return bank_passes(hw->cu.shared_banks, hw->cu.shared_bank_bytes, p,
                       stride, 4, 0, lanes);
}

START_TEST(intel_xe_lp_sixteen_banks)
{
    /* Intel's optimization guide: 64 consecutive bytes in 16 banks of 4 B
     * (bank = (address / 4) mod 16); a pass moves 64 B, so 4-byte accesses
     * go in phases of 16 lanes. */
    cusim_hw hw = profile("intel-xe-lp");
    ck_assert_uint_eq(hw.cu.shared_banks, 16);
    ck_assert_uint_eq(hw.cu.shared_bank_bytes, 4);
    /* SIMD16, coalesced: lane i in bank i, 1 pass; SIMD32: two phases of
     * 16, 1 pass each = 2 (the conflict-free base). */
    ck_assert_uint_eq(passes_on(&hw, ISA_PATTERN_COALESCED, 0, 16), 1);
    ck_assert_uint_eq(passes_on(&hw, ISA_PATTERN_COALESCED, 0, 32), 2);
    /* strided:2: lane i at word 2i, bank 2i mod 16: lanes i and i + 8 of
     * a phase share a bank with different words, 2-way: 2 passes for
     * SIMD16, 2 + 2 = 4 for SIMD32. */
    ck_assert_uint_eq(passes_on(&hw, ISA_PATTERN_STRIDED, 2, 16), 2);
    ck_assert_uint_eq(passes_on(&hw, ISA_PATTERN_STRIDED, 2, 32), 4);
    /* strided:16 (the bank count): word 16i is always bank 0, 16-way in
     * each phase: 16 for SIMD16, 32 for SIMD32; SIMD8 (one phase of 8
     * lanes) 8. */
    ck_assert_uint_eq(passes_on(&hw, ISA_PATTERN_STRIDED, 16, 16), 16);
    ck_assert_uint_eq(passes_on(&hw, ISA_PATTERN_STRIDED, 16, 32), 32);
    ck_assert_uint_eq(passes_on(&hw, ISA_PATTERN_STRIDED, 16, 8), 8);
    /* strided:32 is 16-way too (32i mod 16 = 0), and the padded stride 17
     * is conflict-free (17i mod 16 = i mod 16): the base again. */
    ck_assert_uint_eq(passes_on(&hw, ISA_PATTERN_STRIDED, 32, 32), 32);
    ck_assert_uint_eq(passes_on(&hw, ISA_PATTERN_STRIDED, 17, 32), 2);
}
END_TEST

START_TEST(intel_xe_hpc_wide_banks)
{
    /* Ponte Vecchio: 64 banks of 8 B, a 512-byte pass, so a SIMD32 4-byte
     * access is one phase. Coalesced: 32 lanes in 16 words (two lanes per
     * word), 1 pass. strided:2: lane i at byte 8i = word i, bank i: 1 pass,
     * no conflict where 4-byte banks have one. strided:16: byte 64i, word
     * 8i, bank 8i mod 64: 8 banks of 4 lanes each, 4 passes. strided:64:
     * word 32i, banks 0 and 32 only, 16 lanes each: 16 passes. */
    cusim_hw hw = profile("intel-xe-hpc");
    ck_assert_uint_eq(hw.cu.shared_banks, 64);
    ck_assert_uint_eq(hw.cu.shared_bank_bytes, 8);
    ck_assert_uint_eq(passes_on(&hw, ISA_PATTERN_COALESCED, 0, 32), 1);
    ck_assert_uint_eq(passes_on(&hw, ISA_PATTERN_STRIDED, 2, 32), 1);
    ck_assert_uint_eq(passes_on(&hw, ISA_PATTERN_STRIDED, 16, 32), 4);
    ck_assert_uint_eq(passes_on(&hw, ISA_PATTERN_STRIDED, 64, 32), 16);
}
END_TEST

START_TEST(apple_and_adreno_banks)
{
    /* apple-m1 (estimate: 16 banks of 4 B) with its SIMD-group of 32: as
     * Intel's SIMD32 above: coalesced 2 passes (two phases of 16),
     * strided:2 4, strided:16 32, padded strided:17 2. */
    cusim_hw hw = profile("apple-m1");
    ck_assert_uint_eq(hw.cu.shared_banks, 16);
    ck_assert_uint_eq(hw.cu.shared_bank_bytes, 4);
    ck_assert_uint_eq(passes_on(&hw, ISA_PATTERN_COALESCED, 0, 32), 2);
    ck_assert_uint_eq(passes_on(&hw, ISA_PATTERN_STRIDED, 2, 32), 4);
    ck_assert_uint_eq(passes_on(&hw, ISA_PATTERN_STRIDED, 16, 32), 32);
    ck_assert_uint_eq(passes_on(&hw, ISA_PATTERN_STRIDED, 17, 32), 2);
    /* adreno-a650 (estimate: 32 banks of 4 B), waves of 64 and 128:
     * phases of 32 lanes. Wave64 coalesced 2 passes, strided:2 2-way per
     * phase = 4, strided:32 32-way per phase = 64; wave128 strided:32 four
     * phases = 128, strided:33 conflict-free = 4. */
    hw = profile("adreno-a650");
    ck_assert_uint_eq(hw.cu.shared_banks, 32);
    ck_assert_uint_eq(hw.cu.shared_bank_bytes, 4);
    ck_assert_uint_eq(passes_on(&hw, ISA_PATTERN_COALESCED, 0, 64), 2);
    ck_assert_uint_eq(passes_on(&hw, ISA_PATTERN_STRIDED, 2, 64), 4);
    ck_assert_uint_eq(passes_on(&hw, ISA_PATTERN_STRIDED, 32, 64), 64);
    ck_assert_uint_eq(passes_on(&hw, ISA_PATTERN_STRIDED, 32, 128), 128);
    ck_assert_uint_eq(passes_on(&hw, ISA_PATTERN_STRIDED, 33, 128), 4);
}
END_TEST

START_TEST(every_profile_gives_its_banks)
{
    /* Issue 9 point 4: each shipped profile sets cu.shared_banks (0 would
     * mean no bank model). */
    static const char *const names[] = {
        "seed-cu", "nvidia-sm70", "nvidia-sm75", "nvidia-sm80", "nvidia-sm86",
        "nvidia-sm89", "nvidia-sm90", "nvidia-h200", "amd-gcn",
        "amd-cdna2-gfx90a", "amd-cdna3-gfx942", "amd-rdna2-gfx1030",
        "amd-rdna2-gfx1030-cu", "amd-rdna3-gfx1100", "amd-rdna3-gfx1100-cu",
        "apple-m1", "apple-m3", "intel-xe-lp", "intel-xe-hpg", "intel-xe-hpc",
        "adreno-a650", "adreno-a740",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        cusim_hw hw = profile(names[i]);
        ck_assert_msg(hw.cu.shared_banks > 0, "%s has no banks", names[i]);
    }
}
END_TEST

/* Cycles of one subgroup's `load` (an ld.shared of x at=shared[...]) and
 * a dependent alu, on banked_cu with cu.shared_wide_loads `wide` and 1 KiB
 * of shared memory: 33 + the load's passes (conflicts_serialise). */
static uint64_t wide_load_cycles(cusim_shared_wide wide, const char *load)
{
    cusim_hw hw = banked_cu();
    hw.cu.shared_wide = wide;
    cusim_kernel k = { .name = "k", .workgroup = { 32, 1, 1 },
                       .workgroup_dims = 1, .registers = 16,
                       .shared_bytes = 1024, .elements = 32,
                       .elements_per_invocation = 1 };
    char program[256];
    snprintf(program, sizeof program, "%s\nalu y, x\n", load);
    return cutest_run_kernel(&hw, &k, program).cycles;
}

START_TEST(paired_lanes_share_a_wide_load)
{
    const cusim_shared_wide P = CUSIM_WIDE_PHASES, Q = CUSIM_WIDE_PAIRED;
    /* Every lane on one 16-byte element: 4 phases of 8 lanes, 1 pass each
     * (4 words in 4 banks): 4. Paired (lane n reads what n^1 reads): the
     * data of a pair is packed, phases of 16 lanes: 2 (NVIDIA's forum,
     * thread 77228: "from 4 to 2"). */
    const char *one = "ld.shared x, t bytes=16 at=shared[0]";
    ck_assert_uint_eq(wide_load_cycles(P, one), 33 + 4);
    ck_assert_uint_eq(wide_load_cycles(Q, one), 33 + 2);
    /* Lanes 0-15 on element 0, 16-31 on element 2 (byte 32): thread
     * 373160's access pattern 2, 2 wavefronts on compute capability 8.6
     * and 9.0; 4 by phases. */
    const char *halves = "ld.shared x, t bytes=16 at=shared[lane / 16 * 2]";
    ck_assert_uint_eq(wide_load_cycles(P, halves), 33 + 4);
    ck_assert_uint_eq(wide_load_cycles(Q, halves), 33 + 2);
    /* Lanes n and n + 16 on byte 32 (n mod 16): its pattern 1, 8
     * wavefronts measured. Lane n and n^1 differ, n and n^2 too: no
     * pairs; a phase of 8 lanes at bytes 0, 32, .. 224 uses banks 0-3,
     * 8-11, 16-19, 24-27 twice: 2 passes, 8 in all, either rule. */
    const char *pairs16 = "ld.shared x, t bytes=16 at=shared[lane % 16 * 2]";
    ck_assert_uint_eq(wide_load_cycles(P, pairs16), 33 + 8);
    ck_assert_uint_eq(wide_load_cycles(Q, pairs16), 33 + 8);
    /* Lanes n and n^2 on one element (lanes 0 and 2 on element 0, 1 and
     * 3 on 1, 4 and 6 on 2, ...): a paired phase of 16 lanes reads
     * elements 0-7, 128 bytes in 32 banks: 1 pass each, 2; phases of 8
     * lanes read 4 elements each: 4. */
    const char *xor2 = "ld.shared x, t bytes=16 at=shared[lane / 4 * 2 + lane % 2]";
    ck_assert_uint_eq(wide_load_cycles(Q, xor2), 33 + 2);
    ck_assert_uint_eq(wide_load_cycles(P, xor2), 33 + 4);
    /* 8 bytes on one element: 2 half-warp phases, or 1 paired. */
    const char *one8 = "ld.shared x, t bytes=8 at=shared[0]";
    ck_assert_uint_eq(wide_load_cycles(P, one8), 33 + 2);
    ck_assert_uint_eq(wide_load_cycles(Q, one8), 33 + 1);
    /* 4 bytes: one word a lane, no packing to gain: 1 pass either way. */
    ck_assert_uint_eq(wide_load_cycles(Q, "ld.shared x, t bytes=4 at=shared[0]"),
                      33 + 1);
    /* Coalesced 16 B (lane n at byte 16 n): no pairs, 4. */
    ck_assert_uint_eq(wide_load_cycles(Q, "ld.shared x, t bytes=16 at=shared[lane]"),
                      33 + 4);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("banks");
    TCase *t = tcase_create("passes");
    tcase_add_test(t, wave64_counts_against_its_own_base);
    tcase_add_test(t, strided_degrees);
    tcase_add_test(t, wide_accesses_in_phases);
    tcase_add_test(t, paired_lanes_share_a_wide_load);
    tcase_add_test(t, no_bank_model);
    tcase_add_test(t, random_from_the_generator);
    suite_add_tcase(s, t);
    t = tcase_create("profiles");
    tcase_add_test(t, intel_xe_lp_sixteen_banks);
    tcase_add_test(t, intel_xe_hpc_wide_banks);
    tcase_add_test(t, apple_and_adreno_banks);
    tcase_add_test(t, every_profile_gives_its_banks);
    suite_add_tcase(s, t);
    t = tcase_create("timing");
    tcase_add_test(t, conflicts_serialise);
    tcase_add_test(t, a_store_ends_when_its_passes_are_done);
    tcase_add_test(t, the_issue_example_on_shipped_profiles);
    tcase_add_test(t, partial_subgroup_counts_its_lanes);
    tcase_add_test(t, tile_kernel_feels_the_pattern);
    suite_add_tcase(s, t);
    return s;
}

CUTEST_MAIN(make_suite)
