/*
 * check_num.c — the one number parser (sim/base/num.c): digits only, a
 * sign only where allowed, no blank anywhere, and the 64-bit limits
 * exactly: the last value in range is read, the next one refused (never
 * wrapped or saturated); and intmath.h's bit helpers at their edges.
 */
#include <stdint.h>
#include <string.h>

#include "cutest.h"
#include "intmath.h"
#include "num.h"

static int u(const char *s, unsigned flags, uint64_t *v)
{
    return num_parse_u64(s, strlen(s), flags, v);
}

static int i(const char *s, unsigned flags, int64_t *v)
{
    return num_parse_i64(s, strlen(s), flags, v);
}

START_TEST(unsigned_limits)
{
    uint64_t v = 7;
    ck_assert_int_eq(u("0", 0, &v), NUM_OK);
    ck_assert_uint_eq(v, 0);
    ck_assert_int_eq(u("18446744073709551615", 0, &v), NUM_OK);
    ck_assert_uint_eq(v, UINT64_MAX);
    v = 7;
    ck_assert_int_eq(u("18446744073709551616", 0, &v), NUM_RANGE);
    ck_assert_int_eq(u("99999999999999999999999", 0, &v), NUM_RANGE);
    ck_assert_uint_eq(v, 7);                 /* unchanged when refused */
    /* not a number, however close */
    static const char *const bad[] = { "", " 5", "5 ", "+5", "-5", "5x",
                                       "0x10", "1e3", "1 000", "\t5" };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        ck_assert_msg(u(bad[k], 0, &v) == NUM_SYNTAX, "'%s'", bad[k]);
    ck_assert_uint_eq(v, 7);
    ck_assert_int_eq(num_parse_u64(NULL, 0, 0, &v), NUM_SYNTAX);
    /* only the given bytes count */
    ck_assert_int_eq(num_parse_u64("12x", 2, 0, &v), NUM_OK);
    ck_assert_uint_eq(v, 12);
}
END_TEST

START_TEST(plus_sign)
{
    uint64_t v = 0;
    ck_assert_int_eq(u("+5", NUM_PLUS, &v), NUM_OK);
    ck_assert_uint_eq(v, 5);
    ck_assert_int_eq(u("+", NUM_PLUS, &v), NUM_SYNTAX);
    ck_assert_int_eq(u("++5", NUM_PLUS, &v), NUM_SYNTAX);
    ck_assert_int_eq(u("+ 5", NUM_PLUS, &v), NUM_SYNTAX);
    int64_t s = 0;
    ck_assert_int_eq(i("+-5", NUM_PLUS, &s), NUM_SYNTAX);
    ck_assert_int_eq(i("-+5", NUM_PLUS, &s), NUM_SYNTAX);
    ck_assert_int_eq(i("+9223372036854775807", NUM_PLUS, &s), NUM_OK);
    ck_assert(s == INT64_MAX);
}
END_TEST

START_TEST(signed_limits)
{
    int64_t v = 7;
    ck_assert_int_eq(i("-9223372036854775808", 0, &v), NUM_OK);
    ck_assert(v == INT64_MIN);
    ck_assert_int_eq(i("9223372036854775807", 0, &v), NUM_OK);
    ck_assert(v == INT64_MAX);
    ck_assert_int_eq(i("-1", 0, &v), NUM_OK);
    ck_assert(v == -1);
    ck_assert_int_eq(i("-0", 0, &v), NUM_OK);
    ck_assert(v == 0);
    v = 7;
    ck_assert_int_eq(i("9223372036854775808", 0, &v), NUM_RANGE);
    ck_assert_int_eq(i("-9223372036854775809", 0, &v), NUM_RANGE);
    ck_assert(v == 7);
    static const char *const bad[] = { "-", "--1", " -1", "- 1", "+1", "1-",
                                       "" };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++)
        ck_assert_msg(i(bad[k], 0, &v) == NUM_SYNTAX, "'%s'", bad[k]);
    ck_assert(v == 7);
}
END_TEST

/* ceil_log2 by hand: 2^s >= v first at s; 0 for 0 and 1; 32 past 2^31. */
START_TEST(ceil_log2_edges)
{
    static const struct { uint32_t v, s; } c[] = {
        { 0, 0 }, { 1, 0 }, { 2, 1 }, { 3, 2 }, { 4, 2 }, { 5, 3 },
        { 32, 5 }, { 33, 6 }, { 128, 7 }, { 1u << 31, 31 },
        { (1u << 31) + 1, 32 }, { UINT32_MAX, 32 },
    };
    for (size_t k = 0; k < sizeof c / sizeof c[0]; k++)
        ck_assert_msg(ceil_log2(c[k].v) == c[k].s, "ceil_log2(%u) = %u",
                      c[k].v, ceil_log2(c[k].v));
}
END_TEST

/* popc32 by hand at its edges (the nibble table below 16, the bit
 * arithmetic above), and bit by bit for every 16-bit value. */
START_TEST(popc32_counts_bits)
{
    static const struct { uint32_t v, n; } c[] = {
        { 0, 0 }, { 1, 1 }, { 0x7, 3 }, { 0xE, 3 }, { 0xF, 4 }, { 0x10, 1 },
        { 0xF0, 4 }, { 0x8000000Fu, 5 }, { UINT32_MAX, 32 },
    };
    for (size_t k = 0; k < sizeof c / sizeof c[0]; k++)
        ck_assert_msg(popc32(c[k].v) == c[k].n, "popc32(%#x) = %u", c[k].v,
                      popc32(c[k].v));
    for (uint32_t v = 0; v < 1u << 16; v++) {
        uint32_t n = 0;
        for (uint32_t b = v; b; b >>= 1)
            n += b & 1;
        ck_assert_uint_eq(popc32(v), n);
    }
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("num");
    TCase *tc = tcase_create("unsigned");
    tcase_add_test(tc, unsigned_limits);
    tcase_add_test(tc, plus_sign);
    suite_add_tcase(s, tc);
    tc = tcase_create("signed");
    tcase_add_test(tc, signed_limits);
    suite_add_tcase(s, tc);
    tc = tcase_create("intmath");
    tcase_add_test(tc, ceil_log2_edges);
    tcase_add_test(tc, popc32_counts_bits);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
