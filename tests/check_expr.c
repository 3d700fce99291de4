/*
 * check_expr.c — count expressions: exact rational arithmetic, log2 of
 * powers of two, inexact log2 and its rounding, the launch-shape names,
 * the names of a later dispatch's element count (and that each set of
 * names rejects the other's), and every parse and evaluation error with
 * its offset.
 */
#include <math.h>

#include "cutest.h"
#include "expr.h"

/* A 16x16 workgroup on a 32-wide SIMD, 1 element per invocation. */
static const expr_env env16x16 = { 256, 16, 16, 1, 32, 1 };

/* Parses and evaluates `text`; fails the test on any error. */
static expr_value eval_ok(const char *text, const expr_env *env)
{
    expr_error err = { 0, "" };
    expr *e = expr_parse(text, strlen(text), &err);
    ck_assert_msg(e != NULL, "parse '%s': %s", text, err.message);
    expr_value v;
    int rc = expr_eval(e, env, &v, &err);
    ck_assert_msg(rc == 0, "eval '%s': %s", text, err.message);
    expr_free(e);
    return v;
}

/* Asserts `text` evaluates to the exact integer `want`. */
static void check_int(const char *text, const expr_env *env, int64_t want)
{
    expr_value v = eval_ok(text, env);
    ck_assert_msg(expr_value_is_integer(&v), "'%s' is not an exact integer",
                  text);
    ck_assert_msg(v.num == want, "'%s' = %lld, expected %lld", text,
                  (long long)v.num, (long long)want);
}

/* Asserts parsing `text` fails at `offset` with `part` in the message. */
static void check_parse_error(const char *text, size_t offset,
                              const char *part)
{
    expr_error err = { 0, "" };
    expr *e = expr_parse(text, strlen(text), &err);
    ck_assert_msg(e == NULL, "'%s' parsed", text);
    ck_assert_msg(err.offset == offset, "'%s': offset %zu, expected %zu (%s)",
                  text, err.offset, offset, err.message);
    ck_assert_msg(strstr(err.message, part) != NULL,
                  "'%s': message '%s' lacks '%s'", text, err.message, part);
}

/* Asserts `text` parses but evaluating it fails at `offset`. */
static void check_eval_error(const char *text, const expr_env *env,
                             size_t offset, const char *part)
{
    expr_error err = { 0, "" };
    expr *e = expr_parse(text, strlen(text), &err);
    ck_assert_msg(e != NULL, "parse '%s': %s", text, err.message);
    expr_value v;
    int rc = expr_eval(e, env, &v, &err);
    expr_free(e);
    ck_assert_msg(rc == -1, "'%s' evaluated", text);
    ck_assert_msg(err.offset == offset, "'%s': offset %zu, expected %zu (%s)",
                  text, err.offset, offset, err.message);
    ck_assert_msg(strstr(err.message, part) != NULL,
                  "'%s': message '%s' lacks '%s'", text, err.message, part);
}

START_TEST(test_literals_and_precedence)
{
    check_int("42", &env16x16, 42);
    check_int("  7  ", &env16x16, 7);
    check_int("2+3*4", &env16x16, 14);
    check_int("(2+3)*4", &env16x16, 20);
    check_int("10-2-3", &env16x16, 5);          /* left associative */
    check_int("64/4/2", &env16x16, 8);
    check_int("2*3+4*5", &env16x16, 26);
    check_int("9223372036854775807", &env16x16, INT64_MAX);
}
END_TEST

START_TEST(test_unary_minus)
{
    check_int("-3", &env16x16, -3);
    check_int("2*-3", &env16x16, -6);
    check_int("--4", &env16x16, 4);
    check_int("-(2+3)*2", &env16x16, -10);
    check_int("5 - -5", &env16x16, 10);
}
END_TEST

START_TEST(test_exact_division)
{
    expr_value v = eval_ok("10/4", &env16x16);
    ck_assert(v.exact);
    ck_assert(!expr_value_is_integer(&v));
    ck_assert_int_eq(v.num, 5);                /* reduced: 5/2 */
    ck_assert_int_eq(v.den, 2);
    ck_assert_double_eq_tol(v.real, 2.5, 1e-12);
    v = eval_ok("6/-4", &env16x16);           /* sign on the numerator */
    ck_assert_int_eq(v.num, -3);
    ck_assert_int_eq(v.den, 2);
    check_int("10/4*2", &env16x16, 5);         /* no truncation in between */
    check_int("1/3+1/3+1/3", &env16x16, 1);
    check_int("floor(10/4)", &env16x16, 2);
    check_int("ceil(10/4)", &env16x16, 3);
    check_int("floor(-10/4)", &env16x16, -3);
    check_int("ceil(-10/4)", &env16x16, -2);
    check_int("ceil(8/4)", &env16x16, 2);
}
END_TEST

START_TEST(test_names)
{
    const expr_env env = { 64, 8, 4, 2, 32, 4 };
    check_int("workgroup_size", &env, 64);
    check_int("workgroup_x", &env, 8);
    check_int("workgroup_y", &env, 4);
    check_int("workgroup_z", &env, 2);
    check_int("simd_width", &env, 32);
    check_int("elements_per_invocation", &env, 4);
    check_int("workgroup_size / simd_width", &env, 2);
}
END_TEST

START_TEST(test_log2)
{
    check_int("log2(256)", &env16x16, 8);
    check_int("log2(1)", &env16x16, 0);
    check_int("log2(1/4)", &env16x16, -2);
    check_int("log2(2*2*2)", &env16x16, 3);
    const expr_env env64 = { 64, 64, 1, 1, 32, 1 };
    check_int("log2(workgroup_size)", &env64, 6);
    check_int("log2(workgroup_size)", &env16x16, 8);

    expr_value v = eval_ok("log2(100)", &env16x16);
    ck_assert(!v.exact);
    ck_assert_double_eq_tol(v.real, 6.64385618977, 1e-9);
    v = eval_ok("log2(100) * 2", &env16x16);  /* inexact stays inexact */
    ck_assert(!v.exact);
    ck_assert_double_eq_tol(v.real, 13.2877123795, 1e-9);
    v = eval_ok("log2(3/2)", &env16x16);
    ck_assert(!v.exact);
    check_int("ceil(log2(100))", &env16x16, 7);
    check_int("floor(log2(100))", &env16x16, 6);
    check_int("ceil(log2(100) * 2)", &env16x16, 14);
    /* 6 * 4/3 = 8: the inexact sum lands on 3 up to rounding noise. */
    check_int("ceil(log2(6) + log2(4/3))", &env16x16, 3);
}
END_TEST

/* The stencil halo: tiles of (x+2)*(y+2) values loaded by x*y
 * invocations, so each loads ceil of their ratio. */
START_TEST(test_halo)
{
    const char *halo = "ceil((workgroup_x+2)*(workgroup_y+2)/workgroup_size)";
    const expr_env e16x16 = { 256, 16, 16, 1, 32, 1 };  /* 324/256 */
    const expr_env e8x8 = { 64, 8, 8, 1, 32, 1 };       /* 100/64 */
    const expr_env e16x4 = { 64, 16, 4, 1, 32, 1 };     /* 108/64 */
    check_int(halo, &e16x16, 2);
    check_int(halo, &e8x8, 2);
    check_int(halo, &e16x4, 2);
    expr_value v = eval_ok("(workgroup_x+2)*(workgroup_y+2)/workgroup_size",
                           &e16x4);
    ck_assert_int_eq(v.num, 27);               /* 108/64 reduced */
    ck_assert_int_eq(v.den, 16);
}
END_TEST

START_TEST(test_min_max)
{
    check_int("min(3, 5)", &env16x16, 3);
    check_int("max(3, 5)", &env16x16, 5);
    check_int("min(workgroup_size, 128)", &env16x16, 128);
    check_int("max(-1, -2)", &env16x16, -1);
    check_int("min(max(1, 2), 3) + 1", &env16x16, 3);
    expr_value v = eval_ok("min(1/2, 1/3)", &env16x16);
    ck_assert_int_eq(v.num, 1);
    ck_assert_int_eq(v.den, 3);
    check_int("max(log2(100), 7)", &env16x16, 7);  /* exact 7 wins */
    v = eval_ok("min(log2(100), 7)", &env16x16);
    ck_assert(!v.exact);
}
END_TEST

START_TEST(test_long_chain)
{
    /* 20000 terms: evaluation must not recurse per operator. */
    size_t n = 20000;
    char *text = malloc(2 * n);
    for (size_t i = 0; i < n; i++) {
        text[2 * i] = '1';
        text[2 * i + 1] = '+';
    }
    text[2 * n - 1] = '\0';
    check_int(text, &env16x16, (int64_t)n);
    free(text);
}
END_TEST

START_TEST(test_text)
{
    expr_error err;
    const char *s = "  log2(100)  ";
    expr *e = expr_parse(s, strlen(s), &err);
    ck_assert_ptr_nonnull(e);
    ck_assert_str_eq(expr_text(e), "log2(100)");
    expr_free(e);
    expr_free(NULL);
    /* Only `len` bytes are read. */
    e = expr_parse("12 {", 2, &err);
    ck_assert_ptr_nonnull(e);
    ck_assert_str_eq(expr_text(e), "12");
    expr_free(e);
}
END_TEST

START_TEST(test_parse_errors)
{
    check_parse_error("", 0, "expected a count");
    check_parse_error("   ", 3, "expected a count");
    check_parse_error("2 +", 3, "found the end of the count");
    check_parse_error("(2", 2, "expected ')'");
    check_parse_error("2)", 1, "expected an operator");
    check_parse_error("3 4", 2, "found '4'");
    check_parse_error("2.5", 1, "found '.'");
    check_parse_error("*2", 0, "expected a number, a name or '('");
    check_parse_error("wg_size", 0,
                      "unknown name 'wg_size' in count (expected "
                      "workgroup_size, workgroup_x");
    check_parse_error("1 + workgroup_w", 4, "unknown name 'workgroup_w'");
    check_parse_error("sqrt(4)", 0, "unknown function 'sqrt'");
    check_parse_error("workgroup_size(4)", 0,
                      "unknown function 'workgroup_size'");
    check_parse_error("log2 8", 5, "expected '(' after the function name");
    check_parse_error("min(1)", 5, "min() takes 2 arguments, found 1");
    check_parse_error("log2(1, 2)", 6, "log2() takes 1 argument");
    check_parse_error("max(1 2)", 6, "expected ','");
    check_parse_error("ceil(1", 6, "expected ')'");
    check_parse_error("99999999999999999999", 0,
                      "number 99999999999999999999 is too large");
    check_parse_error("1 + 9223372036854775808", 4, "too large");
}
END_TEST

START_TEST(test_nesting_limit)
{
    char text[512];
    size_t n = 0;
    for (int i = 0; i < 100; i++)
        text[n++] = '(';
    text[n++] = '1';
    for (int i = 0; i < 100; i++)
        text[n++] = ')';
    text[n] = '\0';
    check_parse_error(text, 64, "nested too deeply");
    check_int("((((((((((1))))))))))", &env16x16, 1);
}
END_TEST

/* Parses `text` with the dispatch names and evaluates it for a previous
 * dispatch of `elements` elements in `workgroups` workgroups. */
static expr_value eval_dispatch(const char *text, uint64_t elements,
                                uint64_t workgroups, expr_error *err,
                                int *rc)
{
    expr_counts counts = { workgroups, elements };
    expr_value v = { false, 0, 1, 0 };
    expr *e = expr_parse_names(text, strlen(text), EXPR_NAMES_DISPATCH, err);
    ck_assert_msg(e != NULL, "parse '%s': %s", text, err->message);
    *rc = expr_eval_counts(e, &counts, &v, err);
    expr_free(e);
    return v;
}

static void check_dispatch_int(const char *text, uint64_t elements,
                               uint64_t workgroups, int64_t want)
{
    expr_error err = { 0, "" };
    int rc;
    expr_value v = eval_dispatch(text, elements, workgroups, &err, &rc);
    ck_assert_msg(rc == 0, "eval '%s': %s", text, err.message);
    ck_assert_msg(expr_value_is_integer(&v) && v.num == want,
                  "'%s' = %g, expected %lld", text, v.real, (long long)want);
}

/* Asserts parsing `text` with `names` fails at `offset` with `part`. */
static void check_names_error(const char *text, expr_names names,
                              size_t offset, const char *part)
{
    expr_error err = { 0, "" };
    expr *e = expr_parse_names(text, strlen(text), names, &err);
    ck_assert_msg(e == NULL, "'%s' parsed", text);
    ck_assert_msg(err.offset == offset, "'%s': offset %zu, expected %zu (%s)",
                  text, err.offset, offset, err.message);
    ck_assert_msg(strstr(err.message, part) != NULL,
                  "'%s': message '%s' lacks '%s'", text, err.message, part);
}

/* A reduction's second pass: 1,048,576 elements in groups of 256 leave
 * 4096 partials. */
START_TEST(test_dispatch_names)
{
    check_dispatch_int("workgroups", 1048576, 4096, 4096);
    check_dispatch_int("elements", 1048576, 4096, 1048576);
    check_dispatch_int("ceil(workgroups / 3)", 1048576, 4096, 1366);
    check_dispatch_int("elements / workgroups", 1048576, 4096, 256);
    check_dispatch_int("max(1, workgroups / 64)", 1048576, 4096, 64);
    check_dispatch_int("log2(elements)", 1048576, 4096, 20);
    /* twice the largest element count a kernel may have is exact */
    check_dispatch_int("elements * 2", (uint64_t)1 << 48, 1,
                       (int64_t)1 << 49);

    expr_error err = { 0, "" };
    int rc;
    expr_value v = eval_dispatch("workgroups / 3", 10, 4, &err, &rc);
    ck_assert_int_eq(rc, 0);
    ck_assert(!expr_value_is_integer(&v));
    eval_dispatch("elements * elements * elements", (uint64_t)1 << 48, 1,
                  &err, &rc);
    ck_assert_int_eq(rc, -1);
    ck_assert_ptr_nonnull(strstr(err.message, "expression overflows"));
    eval_dispatch("elements", UINT64_MAX, 1, &err, &rc);
    ck_assert_int_eq(rc, -1);
    ck_assert_uint_eq(err.offset, 0);
    ck_assert_ptr_nonnull(strstr(err.message, "elements = "
                                 "18446744073709551615 is beyond exact "
                                 "64-bit arithmetic"));
    eval_dispatch("elements / (workgroups - 4)", 10, 4, &err, &rc);
    ck_assert_int_eq(rc, -1);
    ck_assert_uint_eq(err.offset, 9);
    ck_assert_str_eq(err.message, "division by zero");
}
END_TEST

/* Each set of names rejects the other's, listing its own. */
START_TEST(test_names_sets)
{
    check_names_error("workgroups", EXPR_NAMES_SHAPE, 0,
                      "unknown name 'workgroups' in count (expected "
                      "workgroup_size, workgroup_x, workgroup_y, "
                      "workgroup_z, simd_width or elements_per_invocation)");
    check_names_error("log2(elements)", EXPR_NAMES_SHAPE, 5,
                      "unknown name 'elements' in count");
    /* expr_parse is the shape set */
    check_parse_error("2 * elements", 4, "unknown name 'elements' in count");
    check_names_error("workgroup_size / 4", EXPR_NAMES_DISPATCH, 0,
                      "unknown name 'workgroup_size' in expression "
                      "(expected workgroups or elements)");
    check_names_error("ceil(groups / 4)", EXPR_NAMES_DISPATCH, 5,
                      "unknown name 'groups' in expression (expected "
                      "workgroups or elements)");
    check_names_error("", EXPR_NAMES_DISPATCH, 0,
                      "expected an expression (a number, a name such as "
                      "workgroups, or '(')");
    check_names_error("workgroups +", EXPR_NAMES_DISPATCH, 12,
                      "found the end of the expression");
    check_names_error("workgroups 4", EXPR_NAMES_DISPATCH, 11,
                      "expected an operator (+ - * /) or the end of the "
                      "expression, found '4'");
    check_names_error("sqrt(elements)", EXPR_NAMES_DISPATCH, 0,
                      "unknown function 'sqrt' in expression");

    /* evaluated with the other set's values: its first name fails */
    expr_error err = { 0, "" };
    expr_value v;
    expr_counts counts = { 4, 8 };
    expr *e = expr_parse_names("1 + workgroups", 14, EXPR_NAMES_DISPATCH,
                               &err);
    ck_assert_ptr_nonnull(e);
    ck_assert_int_eq(expr_eval(e, &env16x16, &v, &err), -1);
    ck_assert_uint_eq(err.offset, 4);
    ck_assert_str_eq(err.message, "'workgroups' has no value here");
    expr_free(e);
    e = expr_parse("simd_width", 10, &err);
    ck_assert_ptr_nonnull(e);
    ck_assert_int_eq(expr_eval_counts(e, &counts, &v, &err), -1);
    ck_assert_str_eq(err.message, "'simd_width' has no value here");
    ck_assert_int_eq(expr_eval(e, &env16x16, &v, &err), 0);
    ck_assert_int_eq(v.num, 32);
    expr_free(e);
}
END_TEST

START_TEST(test_eval_errors)
{
    check_eval_error("1/0", &env16x16, 1, "division by zero");
    check_eval_error("  8 / (2-2)", &env16x16, 4, "division by zero");
    check_eval_error("workgroup_size / (simd_width - 32)", &env16x16, 15,
                     "division by zero");
    check_eval_error("log2(0)", &env16x16, 0, "positive");
    check_eval_error("log2(-4)", &env16x16, 0, "positive");
    check_eval_error("9223372036854775807 + 1", &env16x16, 20, "overflows");
    check_eval_error("4294967296 * 4294967296", &env16x16, 11, "overflows");
    check_eval_error("1/4294967296/4294967296", &env16x16, 12, "overflows");
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("expr");
    struct {
        const char *name;
        const TTest *test;
    } cases[] = {
        { "literals_and_precedence", test_literals_and_precedence },
        { "unary_minus", test_unary_minus },
        { "exact_division", test_exact_division },
        { "names", test_names },
        { "log2", test_log2 },
        { "halo", test_halo },
        { "min_max", test_min_max },
        { "long_chain", test_long_chain },
        { "text", test_text },
        { "parse_errors", test_parse_errors },
        { "nesting_limit", test_nesting_limit },
        { "eval_errors", test_eval_errors },
        { "dispatch_names", test_dispatch_names },
        { "names_sets", test_names_sets },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        TCase *tc = tcase_create(cases[i].name);
        tcase_add_test(tc, cases[i].test);
        suite_add_tcase(s, tc);
    }
    return s;
}

CUTEST_MAIN(make_suite)
