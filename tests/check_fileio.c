/*
 * check_fileio.c — output files (sim/base/fileio.c): a regular file is written
 * under a temporary name and renamed into place; a path that exists and
 * is not a regular file (a FIFO here, a device such as /dev/full on the
 * command line) is written in place and stays what it was; failures name
 * the file the user gave, not the temporary.
 */
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cutest.h"
#include "fileio.h"
#include "xalloc.h"

static char dir[] = "/tmp/check_fileio.XXXXXX";

static void setup(void)
{
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void teardown(void)
{
    char cmd[64];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
    strcpy(dir, "/tmp/check_fileio.XXXXXX");
}

START_TEST(regular_file_renamed_into_place)
{
    char path[128];
    snprintf(path, sizeof path, "%s/out.csv", dir);
    cusim_error err;
    ck_assert_int_eq(fio_write_file(path, "a,b\n", 4, &err), 0);
    char *text;
    size_t n;
    ck_assert_int_eq(fio_read(path, 100, &text, &n), 0);
    ck_assert_str_eq(text, "a,b\n");
    free(text);
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert(S_ISREG(st.st_mode));
}
END_TEST

/* Before the fix, the temporary file was renamed over the FIFO (as it was
 * over /dev/full when run as root). */
START_TEST(fifo_written_in_place)
{
    char path[128];
    snprintf(path, sizeof path, "%s/fifo", dir);
    ck_assert_int_eq(mkfifo(path, 0600), 0);
    int rd = open(path, O_RDONLY | O_NONBLOCK);
    ck_assert_int_ge(rd, 0);
    cusim_error err;
    ck_assert_int_eq(fio_write_file(path, "through\n", 8, &err), 0);
    char buf[32] = "";
    ck_assert_int_eq(read(rd, buf, sizeof buf - 1), 8);
    ck_assert_str_eq(buf, "through\n");
    close(rd);
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert(S_ISFIFO(st.st_mode));
}
END_TEST

/* What a results directory holds is read and written without blocking:
 * a FIFO (or a link to one) no one writes to is refused when read, and a
 * results file is replaced, never written in place. */
START_TEST(results_files_never_block)
{
    char fifo[128], link_path[128], sub[128];
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    snprintf(link_path, sizeof link_path, "%s/link", dir);
    snprintf(sub, sizeof sub, "%s/sub", dir);
    ck_assert_int_eq(mkfifo(fifo, 0600), 0);
    ck_assert_int_eq(symlink(fifo, link_path), 0);
    ck_assert_int_eq(mkdir(sub, 0700), 0);
    cusim_error err;
    char *text;
    size_t n;
    FILE *f = NULL;
    ck_assert_int_eq(fio_open_regular(fifo, &f), FIO_NOT_REGULAR);
    ck_assert_int_eq(fio_open_regular(link_path, &f), FIO_NOT_REGULAR);
    ck_assert_int_eq(fio_open_regular(sub, &f), FIO_NOT_REGULAR);
    ck_assert_int_eq(fio_read_file(link_path, 100, "the point result", &text,
                                   &n, &err), -1);
    ck_assert_str_eq(err.message, "the point result is not a regular file "
                     "(a FIFO, a device or a directory): refused");
    /* replaced: the FIFO becomes the file, nothing waits for a reader */
    ck_assert_int_eq(fio_replace_file(fifo, "{}\n", 3, &err), 0);
    struct stat st;
    ck_assert_int_eq(stat(fifo, &st), 0);
    ck_assert(S_ISREG(st.st_mode));
    ck_assert_int_eq(fio_read_file(fifo, 100, "the point result", &text, &n,
                                   &err), 0);
    ck_assert_str_eq(text, "{}\n");
    free(text);
    rmdir(sub);
    unlink(link_path);
}
END_TEST

/* What a command reads is found again by any path to it: another
 * spelling (../), a symbolic or a hard link; a file elsewhere is not it;
 * an input lying in a directory (links resolved) is found by its name
 * there, and a file not there yet by its directory. */
static bool named_yaml(const char *name, const void *ctx)
{
    return strcmp(name, ctx) == 0;
}

START_TEST(inputs_found_by_any_path)
{
    char in[128], other[128], dots[160], sym[128], hard[128], later[128];
    snprintf(in, sizeof in, "%s/k.yaml", dir);
    snprintf(other, sizeof other, "%s/other.yaml", dir);
    snprintf(dots, sizeof dots, "%s/../%s/k.yaml", dir, strrchr(dir, '/') + 1);
    snprintf(sym, sizeof sym, "%s/sym.csv", dir);
    snprintf(hard, sizeof hard, "%s/hard.csv", dir);
    snprintf(later, sizeof later, "%s/later.yaml", dir);
    cusim_error err;
    ck_assert_int_eq(fio_write_file(in, "name: k\n", 8, &err), 0);
    ck_assert_int_eq(fio_write_file(other, "name: o\n", 8, &err), 0);
    ck_assert_int_eq(symlink(in, sym), 0);
    ck_assert_int_eq(link(in, hard), 0);
    fio_inputs ins = { 0 };
    fio_inputs_add(&ins, in, "the kernel");
    fio_inputs_add(&ins, dots, "the kernel again");   /* the same file */
    fio_inputs_add(&ins, later, "the experiment");    /* not there yet */
    ck_assert_uint_eq(ins.n, 2);
    ck_assert_str_eq(fio_inputs_file(&ins, dots)->what, "the kernel");
    ck_assert_str_eq(fio_inputs_file(&ins, sym)->path, in);
    ck_assert_ptr_nonnull(fio_inputs_file(&ins, hard));
    ck_assert_ptr_null(fio_inputs_file(&ins, other));
    ck_assert_ptr_null(fio_inputs_file(&ins, later));
    ck_assert_str_eq(fio_inputs_in_dir(&ins, dir, named_yaml, "k.yaml")->path,
                     in);
    ck_assert_str_eq(fio_inputs_in_dir(&ins, dir, named_yaml,
                                       "later.yaml")->what, "the experiment");
    ck_assert_ptr_null(fio_inputs_in_dir(&ins, dir, named_yaml, "x.yaml"));
    fio_inputs_free(&ins);
    /* a file since replaced at its path is the same file */
    ck_assert(fio_same_file(dots, in));
    ck_assert(!fio_same_file(other, in));
    ck_assert(fio_same_file("/nowhere/a/../b.yaml", "/nowhere/b.yaml"));
    unlink(sym);
    unlink(hard);
    unlink(in);
    unlink(other);
}
END_TEST

START_TEST(errors_name_the_file)
{
    char path[128];
    snprintf(path, sizeof path, "%s/missing/out.csv", dir);
    cusim_error err;
    ck_assert_int_eq(fio_write_file(path, "x", 1, &err), -1);
    char want[256];
    snprintf(want, sizeof want, "cannot write %s: No such file or directory",
             path);
    ck_assert_str_eq(err.message, want);
    ck_assert_int_eq(err.line, 0);
    /* a directory given as the file */
    ck_assert_int_eq(fio_write_file(dir, "x", 1, &err), -1);
    snprintf(want, sizeof want, "cannot write %s: Is a directory", dir);
    ck_assert_str_eq(err.message, want);
}
END_TEST

/* A close that cannot flush what was written leaves no file in place and
 * no temporary. */
START_TEST(failed_close_commits_nothing)
{
    char path[128];
    snprintf(path, sizeof path, "%s/out.csv", dir);
    fio_out o;
    cusim_error err;
    ck_assert_int_eq(fio_open(&o, xstrdup(path), &err), 0);
    char *tmp = xstrdup(o.tmp);
    fputs("buffered, never flushed\n", o.f);
    close(fileno(o.f));   /* the flush at close fails */
    ck_assert_int_eq(fio_close(&o, true, &err), -1);
    char want[256];
    snprintf(want, sizeof want, "cannot write %s: Bad file descriptor", path);
    ck_assert_str_eq(err.message, want);
    ck_assert_int_ne(access(path, F_OK), 0);
    ck_assert_int_ne(access(tmp, F_OK), 0);
    free(tmp);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("fileio");
    TCase *tc = tcase_create("output files");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, regular_file_renamed_into_place);
    tcase_add_test(tc, fifo_written_in_place);
    tcase_add_test(tc, results_files_never_block);
    tcase_add_test(tc, inputs_found_by_any_path);
    tcase_add_test(tc, errors_name_the_file);
    tcase_add_test(tc, failed_close_commits_nothing);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
