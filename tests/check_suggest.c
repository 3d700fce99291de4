/*
 * check_suggest.c — did-you-mean (sim/base/suggest.c): the edit distance, the
 * nearest-name rule with abbreviations, the fixed-limit rule of the
 * program parser, and the dotted-path rule of config keys. Distances are
 * worked out by hand in the comments.
 */
#include <stdint.h>

#include "cutest.h"
#include "suggest.h"

#define N(a) (sizeof (a) / sizeof (a)[0])

START_TEST(distance)
{
    /* kitten -> sitten -> sittin -> sitting */
    ck_assert_uint_eq(suggest_distance("kitten", 6, "sitting", 7), 3);
    ck_assert_uint_eq(suggest_distance("", 0, "abc", 3), 3);
    ck_assert_uint_eq(suggest_distance("same", 4, "same", 4), 0);
    /* only the given bytes count */
    ck_assert_uint_eq(suggest_distance("regsXYZ", 4, "regs", 4), 0);
    static char longer[SUGGEST_MAX_LEN + 2];
    memset(longer, 'a', sizeof longer - 1);
    ck_assert_uint_eq(suggest_distance(longer, SUGGEST_MAX_LEN + 1, "a", 1),
                      SIZE_MAX);
}
END_TEST

START_TEST(nearest)
{
    static const char *const keys[] = { "registers", "shared_memory",
                                        "policy", "lanes" };
    /* "regs" is 5 edits from "registers" but abbreviates it */
    ck_assert_str_eq(suggest_nearest("regs", keys, N(keys)), "registers");
    ck_assert_str_eq(suggest_nearest("polcy", keys, N(keys)), "policy");
    /* a one-letter word: 1 edit is not fewer than its letters */
    static const char *const one[] = { "y" };
    ck_assert_ptr_null(suggest_nearest("x", one, 1));
    /* 8 letters: at most max(2, 8/3) = 2 edits; 8 are too many */
    ck_assert_ptr_null(suggest_nearest("abcdefgh", keys, N(keys)));
    /* equals: the first wins */
    static const char *const ties[] = { "ax", "ay" };
    ck_assert_str_eq(suggest_nearest("ab", ties, 2), "ax");
    /* an abbreviation must start with the same letter */
    ck_assert_ptr_null(suggest_nearest("egs", keys, N(keys)));
}
END_TEST

START_TEST(within)
{
    static const char *const ops[] = { "alu", "fma", "sfu", "ld.global",
                                       "st.global" };
    ck_assert_str_eq(suggest_within("fmaa", 4, ops, N(ops), 2), "fma");
    /* ld.globl: 1 from ld.global, 3 from st.global */
    ck_assert_str_eq(suggest_within("ld.globl", 8, ops, N(ops), 2),
                     "ld.global");
    /* "xyz" is 3 from each three-letter opcode */
    ck_assert_ptr_null(suggest_within("xyz", 3, ops, N(ops), 2));
    ck_assert_str_eq(suggest_within("xyz", 3, ops, N(ops), 3), "alu");
    /* no abbreviations: "ld.g" is 5 edits from "ld.global", 4 or more
     * from the others */
    ck_assert_ptr_null(suggest_within("ld.g", 4, ops, N(ops), 2));
}
END_TEST

START_TEST(path)
{
    static const char *const paths[] = { "name", "cu.registers",
                                         "cu.lanes.alu", "cu.lanes.sfu",
                                         "latency.alu" };
    char buf[64];
    /* a sibling first: "regs" abbreviates "registers" */
    ck_assert_str_eq(suggest_path("cu.regs", paths, N(paths), buf,
                                  sizeof buf), "cu.registers");
    ck_assert_str_eq(suggest_path("cu.lanes.alv", paths, N(paths), buf,
                                  sizeof buf), "cu.lanes.alu");
    /* a misspelt mapping: siblings of "latncy" there are none; of the
     * keys whose last part is close, latency.alu is 1 edit away */
    ck_assert_str_eq(suggest_path("latncy.alu", paths, N(paths), buf,
                                  sizeof buf), "latency.alu");
    /* a key under the wrong mapping: no sibling of cu is close to "alu"
     * (lanes is 4 edits); cu.lanes.alu and latency.alu are both 6 edits
     * from cu.alu, and the first wins; "cu" itself is above cu.alu */
    ck_assert_str_eq(suggest_path("cu.alu", paths, N(paths), buf,
                                  sizeof buf), "cu.lanes.alu");
    /* a mapping name is a candidate too */
    ck_assert_str_eq(suggest_path("cu.lane", paths, N(paths), buf,
                                  sizeof buf), "cu.lanes");
    ck_assert_str_eq(suggest_path("nme", paths, N(paths), buf, sizeof buf),
                     "name");
    ck_assert_ptr_null(suggest_path("cu.", paths, N(paths), buf,
                                    sizeof buf));
    ck_assert_ptr_null(suggest_path("", paths, N(paths), buf, sizeof buf));
    ck_assert_ptr_null(suggest_path("memory.bandwidth", paths, N(paths),
                                    buf, sizeof buf));
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("suggest");
    TCase *tc = tcase_create("distance");
    tcase_add_test(tc, distance);
    suite_add_tcase(s, tc);
    tc = tcase_create("nearest");
    tcase_add_test(tc, nearest);
    tcase_add_test(tc, within);
    suite_add_tcase(s, tc);
    tc = tcase_create("path");
    tcase_add_test(tc, path);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
