/*
 * check_csv.c — the library's CSV (sim/format/csv.c) and the whole-file reader
 * under it (fio_read and fio_read_file, sim/base/fileio.c): the bytes csv_field
 * writes, that csv_read reads them back as the same fields, and the
 * reader's limits and failures.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csv.h"
#include "cutest.h"
#include "fileio.h"

static char path[64];

static void setup(void)
{
    snprintf(path, sizeof path, "/tmp/cusim-csv-XXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
}

static void teardown(void)
{
    unlink(path);
}

static void write_file(const char *text, size_t n)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(text, 1, n, f), n);
    ck_assert_int_eq(fclose(f), 0);
}

static char *field(const char *s)
{
    sbuf b = { 0 };
    csv_field(&b, s);
    return sb_take(&b);
}

START_TEST(writer_quotes_when_it_must)
{
    static const struct { const char *in, *out; } cases[] = {
        { "plain", "plain" },
        { "", "" },
        { "a,b", "\"a,b\"" },
        { "say \"hi\"", "\"say \"\"hi\"\"\"" },
        { "two\nlines", "\"two\nlines\"" },
        { "cr\rhere", "\"cr\rhere\"" },
        { "[64, 1]", "\"[64, 1]\"" },
        { "tab\tand 'single'", "tab\tand 'single'" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *got = field(cases[i].in);
        ck_assert_str_eq(got, cases[i].out);
        free(got);
        /* the same bytes through a FILE */
        char *text = NULL;
        size_t size = 0;
        FILE *f = open_memstream(&text, &size);
        ck_assert_ptr_nonnull(f);
        csv_write_field(f, cases[i].in);
        ck_assert_int_eq(fclose(f), 0);
        ck_assert_uint_eq(size, strlen(cases[i].out));
        ck_assert_str_eq(text, cases[i].out);
        free(text);
    }
}
END_TEST

START_TEST(written_fields_read_back)
{
    static const char *const row[] = { "a,b", "say \"hi\"", "two\nlines",
                                       "", "cr\rhere" };
    enum { N = sizeof row / sizeof row[0] };
    sbuf b = { 0 };
    sb_puts(&b, "h1,h2,h3,h4,h5\r\n\n");        /* CRLF, then a blank line */
    for (int i = 0; i < N; i++) {
        if (i)
            sb_putc(&b, ',');
        csv_field(&b, row[i]);
    }
    sb_putc(&b, '\n');
    write_file(b.s, b.n);
    free(b.s);
    csv_table t;
    cusim_error err;
    ck_assert_int_eq(csv_read(path, "the test CSV", &t, &err), 0);
    ck_assert_int_eq(t.n_rows, 2);
    ck_assert_int_eq(t.n_cols, N);
    ck_assert_int_eq(csv_column(&t, "h4"), 3);
    ck_assert_int_eq(csv_column(&t, "h6"), -1);
    for (int i = 0; i < N; i++)
        ck_assert_str_eq(csv_at(&t, 1, i)->text, row[i]);
    /* the data row is line 3; its second field starts at column 7 */
    ck_assert_int_eq(csv_at(&t, 1, 1)->line, 3);
    ck_assert_int_eq(csv_at(&t, 1, 1)->column, 7);
    csv_free(&t);
    csv_free(&t);                                /* safe twice */
}
END_TEST

START_TEST(reader_errors)
{
    csv_table t;
    cusim_error err;
    write_file("", 0);
    ck_assert_int_eq(csv_read(path, "the test CSV", &t, &err), -1);
    ck_assert_str_eq(err.message, "the test CSV is empty (no header row)");
    write_file("a,b\n\"x\"y,2\n", 11);
    ck_assert_int_eq(csv_read(path, "the test CSV", &t, &err), -1);
    ck_assert_int_eq(err.line, 2);
    ck_assert_int_eq(err.column, 4);
    ck_assert_str_eq(err.message, "expected ',' or the end of the line after "
                     "a closing quote");
    ck_assert_int_eq(csv_read("/nonexistent/x.csv", "the test CSV", &t,
                              &err), -1);
    ck_assert_str_eq(err.message, "cannot open the test CSV: No such file or "
                     "directory");
}
END_TEST

START_TEST(read_file_limit)
{
    char *text;
    size_t n;
    cusim_error err;
    write_file("12345", 5);
    ck_assert_int_eq(fio_read_file(path, 5, "the file", &text, &n, &err), 0);
    ck_assert_uint_eq(n, 5);
    ck_assert_str_eq(text, "12345");
    free(text);
    ck_assert_int_eq(fio_read_file(path, 4, "the file", &text, &n, &err), -1);
    ck_assert_str_eq(err.file, path);
    ck_assert_str_eq(err.message, "the file is larger than 4 bytes");
    /* larger than the first buffer (4096 bytes), with a NUL inside */
    enum { BIG = 10000 };
    char *big = malloc(BIG);
    memset(big, 'x', BIG);
    big[100] = '\0';
    write_file(big, BIG);
    ck_assert_int_eq(fio_read_file(path, BIG, "the file", &text, &n, &err),
                     0);
    ck_assert_uint_eq(n, BIG);
    ck_assert_int_eq(memcmp(text, big, BIG), 0);
    ck_assert_int_eq(text[BIG], '\0');
    free(text);
    free(big);
}
END_TEST

/* fio_read's codes, with errno, at the size limit on either side of a
 * grown buffer: 6000 bytes take a second read past the first 4096. */
START_TEST(read_codes)
{
    enum { MAX = 6000 };
    char *text = NULL, *big = malloc(MAX + 1);
    size_t n = 0;
    memset(big, 'y', MAX + 1);
    write_file(big, MAX);
    ck_assert_int_eq(fio_read(path, MAX, &text, &n), 0);
    ck_assert_uint_eq(n, MAX);
    ck_assert_int_eq(memcmp(text, big, MAX), 0);
    ck_assert_int_eq(text[MAX], '\0');
    free(text);
    write_file(big, MAX + 1);
    text = NULL;
    ck_assert_int_eq(fio_read(path, MAX, &text, &n), FIO_TOO_LARGE);
    ck_assert_ptr_null(text);
    write_file("", 0);
    ck_assert_int_eq(fio_read(path, 0, &text, &n), 0);
    ck_assert_uint_eq(n, 0);
    ck_assert_str_eq(text, "");
    free(text);
    write_file("z", 1);
    ck_assert_int_eq(fio_read(path, 0, &text, &n), FIO_TOO_LARGE);
    ck_assert_int_eq(fio_read("/nonexistent/x.csv", MAX, &text, &n),
                     FIO_CANNOT_OPEN);
    ck_assert_int_eq(errno, ENOENT);
    ck_assert_int_eq(fio_read("/tmp", MAX, &text, &n), FIO_CANNOT_READ);
    ck_assert_int_eq(errno, EISDIR);
    free(big);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("csv");
    TCase *tc = tcase_create("csv");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, writer_quotes_when_it_must);
    tcase_add_test(tc, written_fields_read_back);
    tcase_add_test(tc, reader_errors);
    tcase_add_test(tc, read_file_limit);
    tcase_add_test(tc, read_codes);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
