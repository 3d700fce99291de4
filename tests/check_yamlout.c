/*
 * check_yamlout.c — YAML double-quoted scalars and flow text
 * (sim/format/yamlout.c): the exact bytes written, and that libyaml reads them
 * back as the value they came from.
 */
#include <stdlib.h>
#include <string.h>

#include "cutest.h"
#include "yamldoc.h"
#include "yamlout.h"

static char *quoted(const char *s, size_t n, unsigned flags)
{
    sbuf b = { 0 };
    yamlout_quoted(&b, s, n, flags);
    return sb_take(&b);
}

/* The flow text of `yaml`'s root node. */
static char *flow(const char *yaml, bool top)
{
    ydoc d;
    cusim_error err;
    cusim_mark at = { "t", 1, 1 };
    ck_assert_int_eq(ydoc_load_string(&d, yaml, &at, "t", &err), 0);
    sbuf b = { 0 };
    ck_assert_int_eq(yamlout_node(&b, &d, ydoc_root(&d), top), 0);
    ydoc_free(&d);
    return sb_take(&b);
}

/* Asserts that libyaml reads `text` as one scalar of the `n` bytes at
 * `value`. */
static void assert_reads_back(const char *text, const char *value, size_t n)
{
    ydoc d;
    cusim_error err;
    cusim_mark at = { "t", 1, 1 };
    ck_assert_int_eq(ydoc_load_string(&d, text, &at, "t", &err), 0);
    const yaml_node_t *node = ydoc_root(&d);
    ck_assert_int_eq(node->type, YAML_SCALAR_NODE);
    ck_assert_uint_eq(node->data.scalar.length, n);
    ck_assert_mem_eq(node->data.scalar.value, value, n);
    ydoc_free(&d);
}

START_TEST(quoted_escapes)
{
    static const char in[] = "a\"b\\c\nd\te\x01\x7f" "f";
    char *q = quoted(in, sizeof in - 1, 0);
    ck_assert_str_eq(q, "\"a\\\"b\\\\c\\nd\\te\\x01\\x7Ff\"");
    assert_reads_back(q, in, sizeof in - 1);
    free(q);
    q = quoted("a\0b", 3, 0);                 /* a NUL inside */
    ck_assert_str_eq(q, "\"a\\x00b\"");
    assert_reads_back(q, "a\0b", 3);
    free(q);
    q = quoted("", 0, 0);
    ck_assert_str_eq(q, "\"\"");
    free(q);
}
END_TEST

START_TEST(unicode_breaks)
{
    /* U+2028 (LS), U+0085 (NEL), U+FEFF, U+2029 (PS), and é (U+00E9,
     * copied either way) */
    static const char in[] = "a\xe2\x80\xa8" "b\xc2\x85" "c\xef\xbb\xbf"
                             "d\xe2\x80\xa9" "e\xc3\xa9";
    char *q = quoted(in, sizeof in - 1, YAMLOUT_UNICODE_BREAKS);
    ck_assert_str_eq(q, "\"a\\Lb\\Nc\\uFEFFd\\Pe\xc3\xa9\"");
    assert_reads_back(q, in, sizeof in - 1);
    free(q);
    q = quoted(in, sizeof in - 1, 0);         /* copied as they are */
    ck_assert_uint_eq(strlen(q), sizeof in - 1 + 2);
    free(q);
}
END_TEST

START_TEST(write_quoted)
{
    /* the same bytes to a FILE, a NUL inside included */
    static const char in[] = "a\"\xe2\x80\xa8\0b\n";
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    ck_assert_ptr_nonnull(f);
    yamlout_write_quoted(f, in, sizeof in - 1, YAMLOUT_UNICODE_BREAKS);
    yamlout_write_quoted(f, in, 1, 0);
    ck_assert_int_eq(fclose(f), 0);
    ck_assert_uint_eq(size, strlen(text));
    ck_assert_str_eq(text, "\"a\\\"\\L\\x00b\\n\"\"a\"");
    free(text);
}
END_TEST

START_TEST(literal_ok)
{
    static const struct { const char *s; bool ok; } cases[] = {
        { "alu x\n", true },
        { "\n  \talu x\n\n", true },          /* leading blanks are fine */
        { "caf\xc3\xa9\n", true },             /* other UTF-8 is copied */
        { "", false },
        { " \t\n", false },                    /* only white space */
        { "a\rb", false },
        { "a\x7f", false },
        { "a\x01", false },
        { "a\xc2\x85", false },                 /* NEL */
        { "a\xe2\x80\xa8", false },             /* LS */
        { "a\xe2\x80\xa9", false },             /* PS */
        { "\xef\xbb\xbf" "a", false },          /* BOM */
        { "a\xe2\x80", true },                 /* a cut LS is not one */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        ck_assert_msg(yamlout_literal_ok(cases[i].s, strlen(cases[i].s))
                      == cases[i].ok, "case %zu", i);
    /* a NUL inside counts as a control byte */
    ck_assert(!yamlout_literal_ok("a\0b", 3));
    ck_assert(yamlout_literal_ok("a\0b", 1));
}
END_TEST

START_TEST(flow_text)
{
    /* plain text that would read differently inside a collection is
     * quoted there, written as is at the top; empty becomes ~ */
    static const struct { const char *yaml; bool top; const char *out; }
        cases[] = {
        { "[8, 8]", true, "[8, 8]" },
        { "a: b", true, "{a: b}" },
        { "x: y", false, "{x: y}" },
        { "- 'x, y'\n- a: b\n- c #d\n- ''\n-\n", true,
          "[\"x, y\", {a: b}, c, \"\", ~]" },
        { "[a:b, 'k: v', '#c']", true, "[a:b, \"k: v\", \"#c\"]" },
        { "plain text, with comma", true, "plain text, with comma" },
        { "'quoted'", true, "\"quoted\"" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *t = flow(cases[i].yaml, cases[i].top);
        ck_assert_str_eq(t, cases[i].out);
        free(t);
    }
}
END_TEST

START_TEST(too_deep)
{
    /* 40 nested lists: past YAMLOUT_MAX_DEPTH (32) */
    char text[128] = "";
    for (int i = 0; i < 40; i++)
        strcat(text, "[");
    for (int i = 0; i < 40; i++)
        strcat(text, "]");
    ydoc d;
    cusim_error err;
    cusim_mark at = { "t", 1, 1 };
    ck_assert_int_eq(ydoc_load_string(&d, text, &at, "t", &err), 0);
    sbuf b = { 0 };
    ck_assert_int_eq(yamlout_node(&b, &d, ydoc_root(&d), true), -1);
    free(b.s);
    ydoc_free(&d);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("yamlout");
    TCase *tc = tcase_create("quoted");
    tcase_add_test(tc, quoted_escapes);
    tcase_add_test(tc, unicode_breaks);
    tcase_add_test(tc, write_quoted);
    suite_add_tcase(s, tc);
    tc = tcase_create("literal blocks");
    tcase_add_test(tc, literal_ok);
    suite_add_tcase(s, tc);
    tc = tcase_create("nodes");
    tcase_add_test(tc, flow_text);
    tcase_add_test(tc, too_deep);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
