/*
 * check_exp_sweep.c — an experiment's axes expanded into points
 * (sim/experiment/exp_sweep.c), with no YAML: axes are built by hand as exp_parse.c
 * builds them, and each point's values checked against expectations
 * worked out on paper from the rule "the last axis varies fastest".
 */
#include <stdlib.h>
#include <string.h>

#include "cutest.h"
#include "exp_sweep.h"
#include "experiment.h"

/* ------------------------------------------------------------- helpers */

static exp_value val(const char *text, int line, int column)
{
    exp_value v = { strdup(text), strdup(text), NULL,
                    { "exp.yaml", line, column } };
    return v;
}

/* One sweep key's axis: position i assigns `path` to values[i], written
 * on line `line` at column 10 + i. */
static void sweep_axis(exp_sweep *s, const char *what, const char *path,
                       const char *const *values, size_t n, int line)
{
    exp_axis a;
    memset(&a, 0, sizeof a);
    a.mark = (cusim_mark){ "exp.yaml", line, 3 };
    a.what = what;
    for (size_t i = 0; i < n; i++) {
        exp_axis_position(&a, (cusim_mark){ "exp.yaml", line, 10 + (int)i });
        exp_axis_add(&a, strdup(path), val(values[i], line, 10 + (int)i));
        exp_axis_close(&a);
    }
    exp_sweep_add_axis(s, &a);
}

/* Expands `s`, failing the test on an error. */
static void expand(exp_sweep *s)
{
    cusim_error err;
    ck_assert_int_eq(exp_sweep_columns(s, &err), 0);
    ck_assert_int_eq(exp_sweep_count(s, &err), 0);
}

/* Point p's value of the column named `path` ("-" when unset). */
static const char *at(const exp_sweep *s, size_t p, const char *path)
{
    long k = exp_sweep_key(s, path);
    ck_assert_msg(k >= 0, "no column %s", path);
    const exp_value *v = exp_sweep_value(s, p, (size_t)k);
    return v ? v->text : "-";
}

/* Every point's values of columns `paths`, joined: "1x 1y 2x 2y". */
static char *all_points(const exp_sweep *s, const char *const *paths,
                        size_t n)
{
    static char buf[512];
    buf[0] = '\0';
    for (size_t p = 0; p < s->n_points; p++) {
        if (p)
            strcat(buf, " ");
        for (size_t i = 0; i < n; i++)
            strcat(buf, at(s, p, paths[i]));
    }
    return buf;
}

/* --------------------------------------------------------------- tests */

START_TEST(cartesian_last_fastest)
{
    /* sweep: {a: [1, 2], b: [x, y]} gives (1,x) (1,y) (2,x) (2,y) */
    static const char *const a[] = { "1", "2" }, *const b[] = { "x", "y" };
    static const char *const cols[] = { "a", "b" };
    exp_sweep s;
    memset(&s, 0, sizeof s);
    sweep_axis(&s, "sweep", "a", a, 2, 2);
    sweep_axis(&s, "sweep", "b", b, 2, 3);
    expand(&s);
    ck_assert_uint_eq(s.n_points, 4);
    ck_assert_uint_eq(s.axes[0].stride, 2);
    ck_assert_uint_eq(s.axes[1].stride, 1);
    ck_assert_str_eq(all_points(&s, cols, 2), "1x 1y 2x 2y");
    ck_assert_uint_eq(s.n_keys, 2);
    ck_assert_str_eq(s.keys[0].path, "a");
    ck_assert_str_eq(s.keys[1].path, "b");
    ck_assert_uint_eq(exp_sweep_position(&s, 0, 3), 1);
    ck_assert_uint_eq(exp_sweep_position(&s, 1, 2), 0);
    exp_sweep_free(&s);
}
END_TEST

START_TEST(three_axes_count)
{
    /* 3 x 2 x 2 = 12 points; point 7 = 1*4 + 1*2 + 1: (q, y, 2) */
    static const char *const a[] = { "p", "q", "r" };
    static const char *const b[] = { "x", "y" }, *const c[] = { "1", "2" };
    exp_sweep s;
    memset(&s, 0, sizeof s);
    sweep_axis(&s, "sweep", "a", a, 3, 2);
    sweep_axis(&s, "sweep", "b", b, 2, 3);
    sweep_axis(&s, "sweep", "c", c, 2, 4);
    expand(&s);
    ck_assert_uint_eq(s.n_points, 12);
    ck_assert_str_eq(at(&s, 7, "a"), "q");
    ck_assert_str_eq(at(&s, 7, "b"), "y");
    ck_assert_str_eq(at(&s, 7, "c"), "2");
    ck_assert_str_eq(at(&s, 11, "a"), "r");
    ck_assert_uint_eq(s.max_assigns, 3);
    exp_sweep_free(&s);
}
END_TEST

START_TEST(zip_advances_together)
{
    /* sweep: {s: [A, B]} then zip: {p: [64, 128], q: [32, 40]}: the zip
     * is one axis, after the sweep's: A6432 A12840 B6432 B12840 */
    static const char *const sv[] = { "A", "B" };
    static const char *const cols[] = { "s", "p", "q" };
    exp_sweep s;
    memset(&s, 0, sizeof s);
    sweep_axis(&s, "sweep", "s", sv, 2, 2);
    exp_axis z;
    memset(&z, 0, sizeof z);
    z.what = "zip";
    static const char *const pv[] = { "64", "128" }, *const qv[] = { "32",
                                                                     "40" };
    for (int i = 0; i < 2; i++) {
        exp_axis_position(&z, (cusim_mark){ "exp.yaml", 5, 5 });
        exp_axis_add(&z, strdup("p"), val(pv[i], 5, 10 + i));
        exp_axis_add(&z, strdup("q"), val(qv[i], 6, 10 + i));
        exp_axis_close(&z);
    }
    exp_sweep_add_axis(&s, &z);
    ck_assert_ptr_null(z.as);          /* taken over */
    expand(&s);
    ck_assert_uint_eq(s.n_points, 4);
    ck_assert_str_eq(all_points(&s, cols, 3), "A6432 A12840 B6432 B12840");
    ck_assert_uint_eq(s.max_assigns, 3);   /* one of s, two of the zip */
    exp_sweep_free(&s);
}
END_TEST

START_TEST(points_slowest_and_partial)
{
    /* points: [{k: 1}, {m: 2, k: 3}] before sweep: {s: [u, v]}: the points
     * axis is slowest; the first entry leaves m unset. Columns in axis
     * order, then in the order first assigned: k, m, s. */
    static const char *const sv[] = { "u", "v" };
    static const char *const cols[] = { "k", "m", "s" };
    exp_sweep s;
    memset(&s, 0, sizeof s);
    exp_axis pts;
    memset(&pts, 0, sizeof pts);
    pts.what = "points";
    exp_axis_position(&pts, (cusim_mark){ "exp.yaml", 2, 5 });
    exp_axis_add(&pts, strdup("k"), val("1", 2, 9));
    exp_axis_close(&pts);
    exp_axis_position(&pts, (cusim_mark){ "exp.yaml", 3, 5 });
    exp_axis_add(&pts, strdup("m"), val("2", 3, 9));
    exp_axis_add(&pts, strdup("k"), val("3", 3, 15));
    exp_axis_close(&pts);
    exp_sweep_add_axis(&s, &pts);
    sweep_axis(&s, "sweep", "s", sv, 2, 5);
    expand(&s);
    ck_assert_uint_eq(s.n_points, 4);
    ck_assert_uint_eq(s.n_keys, 3);
    ck_assert_str_eq(s.keys[0].path, "k");
    ck_assert_str_eq(s.keys[1].path, "m");
    ck_assert_str_eq(s.keys[2].path, "s");
    ck_assert_str_eq(all_points(&s, cols, 3), "1-u 1-v 32u 32v");

    /* the overrides of point 2: the points entry's, in its order, then
     * the sweep's, each placed where written */
    cusim_set sets[8];
    size_t n = exp_sweep_sets(&s, 2, "exp.yaml", sets);
    ck_assert_uint_eq(n, 3);
    ck_assert_str_eq(sets[0].path, "m");
    ck_assert_str_eq(sets[1].path, "k");
    ck_assert_str_eq(sets[1].value, "3");
    ck_assert_int_eq(sets[1].line, 3);
    ck_assert_int_eq(sets[1].column, 15);
    ck_assert_str_eq(sets[2].path, "s");
    ck_assert_str_eq(sets[2].value, "u");
    ck_assert_str_eq(sets[2].file, "exp.yaml");
    exp_sweep_free(&s);
}
END_TEST

START_TEST(file_axes_bring_name_columns)
{
    /* hardware: [a, b] brings hw.name (derived, unset); kernel varies with
     * kernel.name swept too, so no derived kernel.name; file columns are
     * no overrides */
    static const char *const hw[] = { "a.yaml", "b.yaml" };
    static const char *const k[] = { "k.yaml" }, *const kn[] = { "n1" };
    exp_sweep s;
    memset(&s, 0, sizeof s);
    sweep_axis(&s, "hardware", "hardware", hw, 2, 2);
    sweep_axis(&s, "sweep", "kernel", k, 1, 3);
    sweep_axis(&s, "sweep", "kernel.name", kn, 1, 4);
    expand(&s);
    ck_assert_uint_eq(s.n_keys, 4);
    ck_assert_str_eq(s.keys[0].path, "hardware");
    ck_assert_int_eq(s.keys[0].kind, EXP_KEY_HARDWARE);
    ck_assert_str_eq(s.keys[1].path, "hw.name");
    ck_assert_int_eq(s.keys[1].kind, EXP_KEY_HW_NAME);
    ck_assert_uint_eq(s.keys[1].axis, 0);
    ck_assert_str_eq(s.keys[2].path, "kernel");
    ck_assert_int_eq(s.keys[2].kind, EXP_KEY_KERNEL);
    ck_assert_str_eq(s.keys[3].path, "kernel.name");
    ck_assert_int_eq(s.keys[3].kind, EXP_KEY_SET);
    ck_assert_ptr_null(exp_sweep_value(&s, 1, 1));
    ck_assert_str_eq(at(&s, 1, "hardware"), "b.yaml");
    cusim_set sets[4];
    ck_assert_uint_eq(exp_sweep_sets(&s, 0, "exp.yaml", sets), 1);
    ck_assert_str_eq(sets[0].path, "kernel.name");
    exp_sweep_free(&s);
}
END_TEST

START_TEST(key_on_two_axes)
{
    static const char *const a[] = { "1", "2" }, *const b[] = { "3" };
    exp_sweep s;
    memset(&s, 0, sizeof s);
    sweep_axis(&s, "sweep", "a", a, 2, 2);
    sweep_axis(&s, "zip", "a", b, 1, 7);
    cusim_error err;
    ck_assert_int_eq(exp_sweep_columns(&s, &err), -1);
    ck_assert_str_eq(err.file, "exp.yaml");
    ck_assert_int_eq(err.line, 7);
    ck_assert_int_eq(err.column, 10);
    ck_assert_str_eq(err.message, "zip: 'a' also varies in sweep at line 2, "
                     "column 10 (a key may vary in one place only)");
    exp_sweep_free(&s);
}
END_TEST

START_TEST(too_many_points)
{
    /* 1000 x 1001 > EXP_MAX_POINTS (1000000): the slowest axis, the one
     * that takes the product past the bound, is named; 1000 x 1000 is
     * allowed */
    enum { N = 1001 };
    static char texts[N][16];
    const char *v[N];
    for (int i = 0; i < N; i++) {
        snprintf(texts[i], sizeof texts[i], "%d", i);
        v[i] = texts[i];
    }
    exp_sweep s;
    memset(&s, 0, sizeof s);
    sweep_axis(&s, "sweep", "a", v, 1000, 2);
    sweep_axis(&s, "sweep", "b", v, 1000, 3);
    expand(&s);
    ck_assert_uint_eq(s.n_points, 1000000);
    ck_assert_str_eq(at(&s, 999999, "a"), "999");
    exp_sweep_free(&s);

    memset(&s, 0, sizeof s);
    sweep_axis(&s, "sweep", "a", v, 1000, 2);
    sweep_axis(&s, "sweep", "b", v, N, 3);
    cusim_error err;
    ck_assert_int_eq(exp_sweep_columns(&s, &err), 0);
    ck_assert_int_eq(exp_sweep_count(&s, &err), -1);
    ck_assert_int_eq(err.line, 2);
    ck_assert_int_eq(err.column, 3);
    ck_assert_str_eq(err.message, "sweep: the experiment would have more "
                     "than 1000000 points");
    exp_sweep_free(&s);
}
END_TEST

START_TEST(no_axes_one_point)
{
    exp_sweep s;
    memset(&s, 0, sizeof s);
    expand(&s);
    ck_assert_uint_eq(s.n_points, 1);
    ck_assert_uint_eq(s.n_keys, 0);
    cusim_set sets[1];
    ck_assert_uint_eq(exp_sweep_sets(&s, 0, "exp.yaml", sets), 0);
    exp_sweep_free(&s);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("exp_sweep");
    TCase *tc = tcase_create("expansion");
    tcase_add_test(tc, cartesian_last_fastest);
    tcase_add_test(tc, three_axes_count);
    tcase_add_test(tc, zip_advances_together);
    tcase_add_test(tc, points_slowest_and_partial);
    tcase_add_test(tc, file_axes_bring_name_columns);
    tcase_add_test(tc, no_axes_one_point);
    suite_add_tcase(s, tc);
    tc = tcase_create("errors");
    tcase_add_test(tc, key_on_two_axes);
    tcase_add_test(tc, too_many_points);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
