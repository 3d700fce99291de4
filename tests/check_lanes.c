/*
 * check_lanes.c — the lane-address model (sim/model/lanes.h): where each
 * lane's bytes are, worked out by hand. The segments they touch are
 * check_coalesce.c's.
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

static Suite *make_suite(void)
{
    Suite *s = suite_create("lanes");
    TCase *tc = tcase_create("addresses");
    tcase_add_test(tc, addresses_by_pattern);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
