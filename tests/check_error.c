/*
 * check_error.c — the one message formatter (sim/base/error.c): every
 * message is one line of printable text (control bytes and bytes that are
 * not UTF-8 escaped as \xHH, valid UTF-8 kept), escaping twice changes
 * nothing, and a message too long for its buffer loses its middle, never
 * what it names first or the reason at its end.
 */
#include <stdio.h>
#include <string.h>

#include "cutest.h"
#include "error.h"

START_TEST(escapes_what_is_not_printable)
{
    char out[256];
    err_escape(out, sizeof out, "a\nb\x1b[31mc\td\x7f");
    ck_assert_str_eq(out, "a\\x0ab\\x1b[31mc\\x09d\\x7f");
    /* UTF-8 kept: e acute (2 bytes), the euro sign (3), an emoji (4) */
    err_escape(out, sizeof out, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x99\x82");
    ck_assert_str_eq(out, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x99\x82");
    /* not UTF-8: a stray continuation, a truncated sequence, an overlong
     * '/', a surrogate, a byte 0xff; and the C1 control CSI (U+009B) */
    err_escape(out, sizeof out, "\x80|\xc3|\xc0\xaf|\xed\xa0\x80|\xff|\xc2\x9b");
    ck_assert_str_eq(out, "\\x80|\\xc3|\\xc0\\xaf|\\xed\\xa0\\x80|\\xff|"
                          "\\xc2\\x9b");
    /* a NUL among the bytes given */
    err_escape_n(out, sizeof out, "a\0b", 3);
    ck_assert_str_eq(out, "a\\x00b");
    /* twice: the same (a backslash is kept as it is) */
    char twice[256];
    err_escape(out, sizeof out, "x\x1by\\z");
    err_escape(twice, sizeof twice, out);
    ck_assert_str_eq(twice, out);
}
END_TEST

START_TEST(long_text_keeps_both_ends)
{
    char in[3000], out[64];
    memset(in, 'p', sizeof in);
    memcpy(in, "start", 5);
    snprintf(in + sizeof in - 12, 12, ": the why.");
    size_t n = err_escape(out, sizeof out, in);
    ck_assert_uint_eq(n, strlen(out));
    ck_assert_uint_le(n, sizeof out - 1);
    ck_assert(strncmp(out, "start", 5) == 0);
    ck_assert(strstr(out, "...") != NULL);
    ck_assert_str_eq(out + n - 10, ": the why.");
    /* never half a character or half an escape at the cut */
    char esc[3000];
    for (size_t i = 0; i + 1 < sizeof esc; i += 2)
        memcpy(esc + i, (i / 2) % 2 ? "\x1b\x1b" : "\xc3\xa9", 2);
    esc[sizeof esc - 1] = '\0';
    err_escape(out, sizeof out, esc);
    char *dots = strstr(out, "...");
    ck_assert(dots != NULL);
    ck_assert(dots == out || dots[-1] == '\xa9' || dots[-1] == 'b');
    ck_assert(dots[3] == '\\' || dots[3] == '\xc3');
}
END_TEST

START_TEST(errors_are_one_line_with_their_reason)
{
    cusim_error err;
    char path[5000];
    memset(path, 'd', sizeof path);
    path[0] = '/';
    path[sizeof path - 1] = '\0';
    err_noplace(&err, path, "cannot write %s/t.csv: %s", path,
                "No space left on device");
    ck_assert(strncmp(err.message, "cannot write /ddd", 17) == 0);
    size_t n = strlen(err.message);
    ck_assert_str_eq(err.message + n - 25, ": No space left on device");
    err_set(&err, "a\nb.yaml", 3, 4, "key 'x\x1by': %s", "expected 1");
    ck_assert_str_eq(err.file, "a\\x0ab.yaml");
    ck_assert_str_eq(err.message, "key 'x\\x1by': expected 1");
    /* written without err_set: cusim_error_print escapes it all the same */
    snprintf(err.message, sizeof err.message, "raw\nline\x1b");
    char buf[256] = { 0 };
    FILE *f = fmemopen(buf, sizeof buf, "w");
    cusim_error_print(&err, f);
    fclose(f);
    ck_assert_str_eq(buf, "a\\x0ab.yaml:3:4: raw\\x0aline\\x1b\n");
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("error");
    TCase *tc = tcase_create("escape");
    tcase_add_test(tc, escapes_what_is_not_printable);
    tcase_add_test(tc, long_text_keeps_both_ends);
    suite_add_tcase(s, tc);
    tc = tcase_create("errors");
    tcase_add_test(tc, errors_are_one_line_with_their_reason);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
