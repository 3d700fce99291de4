/*
 * check_lanes.c — the lane-address model (sim/model/lanes.h): where each lane's
 * bytes are, and the distinct aligned segments a subgroup's active lanes
 * touch (the flat model's transactions), worked out by hand from the
 * byte ranges. The coalesced figures are the CUDA C++ Best Practices
 * Guide's ("Coalesced Access to Global Memory": a warp's 32 consecutive
 * 4-byte words are four 32-byte sectors; a stride of 2 touches eight).
 */
#include "cutest.h"
#include "lanes.h"

START_TEST(addresses_by_pattern)
{
    /* coalesced: lane i at 4 i; strided:3 of 8-byte elements at 24 i. */
    ck_assert_uint_eq(lane_address(ISA_PATTERN_COALESCED, 0, 4, 0, 7), 28);
    ck_assert_uint_eq(lane_address(ISA_PATTERN_STRIDED, 3, 8, 0, 5), 120);
    /* random: an element below 2^20, times the element size; a pure
     * function of (seed, lane) (check_banks.c works a draw out). */
    uint64_t a = lane_address(ISA_PATTERN_RANDOM, 0, 16, lane_seed(9), 4);
    ck_assert_uint_eq(a % 16, 0);
    ck_assert_uint_lt(a / 16, 1u << 20);
    ck_assert_uint_eq(a, lane_address(ISA_PATTERN_RANDOM, 0, 16,
                                      lane_seed(9), 4));
}
END_TEST

START_TEST(coalesced_segments)
{
    /* 32 lanes x 4 B = 128 contiguous bytes: 4 segments of 32 B, 1 of
     * 128 B; 20 lanes x 4 B = 80 B: 3 of 32 B; 32 x 16 B = 512 B: 16. */
    ck_assert_uint_eq(lane_segments(32, ISA_PATTERN_COALESCED, 0, 4, 0, 32), 4);
    ck_assert_uint_eq(lane_segments(128, ISA_PATTERN_COALESCED, 0, 4, 0, 32), 1);
    ck_assert_uint_eq(lane_segments(32, ISA_PATTERN_COALESCED, 0, 4, 0, 20), 3);
    ck_assert_uint_eq(lane_segments(32, ISA_PATTERN_COALESCED, 0, 16, 0, 32), 16);
    ck_assert_uint_eq(lane_segments(32, ISA_PATTERN_COALESCED, 0, 4, 0, 0), 0);
}
END_TEST

START_TEST(strided_segments)
{
    /* 4-byte elements, 32-byte segments:
     *   stride 2: lanes at 8 i, bytes 0 .. 251: segments 0 .. 7, 8 (the
     *   Best Practices Guide's 8 sectors);
     *   stride 8: lanes 32 B apart, one segment each: 32;
     *   stride 33: 132 B apart, a 4-byte element never straddles: 32. */
    ck_assert_uint_eq(lane_segments(32, ISA_PATTERN_STRIDED, 2, 4, 0, 32), 8);
    ck_assert_uint_eq(lane_segments(32, ISA_PATTERN_STRIDED, 8, 4, 0, 32), 32);
    ck_assert_uint_eq(lane_segments(32, ISA_PATTERN_STRIDED, 33, 4, 0, 32), 32);
    /* stride 4 in 128-byte segments: lanes 16 B apart span 0 .. 499: 4. */
    ck_assert_uint_eq(lane_segments(128, ISA_PATTERN_STRIDED, 4, 4, 0, 32), 4);
}
END_TEST

START_TEST(strided_odd_elements)
{
    /* 12-byte elements at stride 3: lane i covers [36 i, 36 i + 12);
     * the 24-byte gaps are shorter than a 32-byte segment, so every
     * segment from 0 to floor((36 x 31 + 11) / 32) = 35 is touched: 36
     * (lanes 6 and 7 of every 8 straddle a boundary). */
    ck_assert_uint_eq(lane_segments(32, ISA_PATTERN_STRIDED, 3, 12, 0, 32), 36);
    /* 48-byte elements at stride 1 are contiguous: 32 x 48 = 1536 B, 48
     * segments, as coalesced. */
    ck_assert_uint_eq(lane_segments(32, ISA_PATTERN_STRIDED, 1, 48, 0, 32), 48);
    ck_assert_uint_eq(lane_segments(32, ISA_PATTERN_COALESCED, 0, 48, 0, 32), 48);
    /* 24-byte elements at stride 4 (96 B apart): lane i covers
     * [96 i, 96 i + 24), inside segment 3 i: one each, 32. At stride 3
     * (72 B apart) lane i starts at 72 i: i = 1 covers 72 .. 95 (segment
     * 2), i = 3 covers 216 .. 239 (segments 6, 7): per 4 lanes (288 B =
     * 9 segments) lanes 0, 1, 2, 3 touch 1, 1, 2 (144 .. 167: 4, 5), 2:
     * 6 segments, and no two lanes share one: 8 x 6 = 48. */
    ck_assert_uint_eq(lane_segments(32, ISA_PATTERN_STRIDED, 4, 24, 0, 32), 32);
    ck_assert_uint_eq(lane_segments(32, ISA_PATTERN_STRIDED, 3, 24, 0, 32), 48);
}
END_TEST

START_TEST(random_segments_per_lane)
{
    /* random: each lane its own segments, whatever the draws: 4-byte
     * elements one each (32, or 5 for 5 lanes); 64-byte elements in
     * 32-byte segments two each. */
    ck_assert_uint_eq(lane_segments(32, ISA_PATTERN_RANDOM, 0, 4,
                                    lane_seed(3), 32), 32);
    ck_assert_uint_eq(lane_segments(32, ISA_PATTERN_RANDOM, 0, 4,
                                    lane_seed(3), 5), 5);
    ck_assert_uint_eq(lane_segments(32, ISA_PATTERN_RANDOM, 0, 64,
                                    lane_seed(3), 32), 64);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("lanes");
    TCase *tc = tcase_create("addresses");
    tcase_add_test(tc, addresses_by_pattern);
    suite_add_tcase(s, tc);
    tc = tcase_create("segments");
    tcase_add_test(tc, coalesced_segments);
    tcase_add_test(tc, strided_segments);
    tcase_add_test(tc, strided_odd_elements);
    tcase_add_test(tc, random_segments_per_lane);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
