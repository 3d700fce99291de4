/*
 * check_xalloc.c — the one out-of-memory policy: allocations that succeed
 * are usable, an injected failure (xalloc_fail_after) ends the process
 * with exit status 1 after saying "cusim: out of memory", the hook counts
 * allocations exactly (xalloc_count too) and applies to the process that
 * set it, not to one it forks. Failures run in a forked child, since the
 * policy is to exit.
 */
#include <sys/wait.h>
#include <unistd.h>

#include "cutest.h"
#include "xalloc.h"

/* Runs `allocs` allocations in a child with the hook set to `n`; returns
 * the child's wait status and its stderr in `msg`. */
static int run_child(long n, int allocs, char *msg, size_t size)
{
    int fd[2];
    ck_assert_int_eq(pipe(fd), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        dup2(fd[1], 2);
        close(fd[0]);
        xalloc_fail_after(n);
        for (int i = 0; i < allocs; i++) {
            char *p = i % 2 ? xcalloc(4, 4) : xmalloc(16);
            p[0] = 1;
            free(p);
        }
        _exit(0);
    }
    close(fd[1]);
    ssize_t got = read(fd[0], msg, size - 1);
    msg[got > 0 ? got : 0] = '\0';
    close(fd[0]);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    return status;
}

START_TEST(nth_allocation_fails)
{
    char msg[256];
    /* 3 allocations allowed, the 4th fails. */
    int status = run_child(3, 10, msg, sizeof msg);
    ck_assert(WIFEXITED(status));
    ck_assert_int_eq(WEXITSTATUS(status), 1);
    ck_assert_str_eq(msg, "cusim: out of memory\n");
    /* Exactly 3 allocations: the hook set to 3 lets all of them through. */
    status = run_child(3, 3, msg, sizeof msg);
    ck_assert(WIFEXITED(status));
    ck_assert_int_eq(WEXITSTATUS(status), 0);
    ck_assert_str_eq(msg, "");
}
END_TEST

START_TEST(hook_off_by_default_and_when_negative)
{
    char msg[256];
    int status = run_child(-1, 100, msg, sizeof msg);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    char *s = xasprintf("%d-%s", 42, "x");
    ck_assert_str_eq(s, "42-x");
    free(s);
}
END_TEST

START_TEST(overflowing_array_is_out_of_memory)
{
    int fd[2];
    ck_assert_int_eq(pipe(fd), 0);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(fd[1], 2);
        void *p = xrealloc_array(NULL, SIZE_MAX / 2, 4);
        _exit(p ? 3 : 4);
    }
    close(fd[1]);
    char msg[64] = "";
    ssize_t got = read(fd[0], msg, sizeof msg - 1);
    msg[got > 0 ? got : 0] = '\0';
    close(fd[0]);
    int status;
    waitpid(pid, &status, 0);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 1);
    ck_assert_str_eq(msg, "cusim: out of memory\n");
}
END_TEST

START_TEST(count_and_forked_children)
{
    long before = xalloc_count();
    free(xmalloc(8));
    free(xcalloc(2, 8));
    free(xasprintf("%d", 7));
    ck_assert_int_eq(xalloc_count() - before, 3);
    /* set here, the hook fails this process's next allocation but not a
     * child's: the child allocates freely and exits 0 */
    xalloc_fail_after(0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        char *p = xmalloc(16);
        p[0] = 1;
        free(p);
        _exit(0);
    }
    xalloc_fail_after(-1);
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("xalloc");
    TCase *tc = tcase_create("policy");
    tcase_add_test(tc, nth_allocation_fails);
    tcase_add_test(tc, hook_off_by_default_and_when_negative);
    tcase_add_test(tc, overflowing_array_is_out_of_memory);
    tcase_add_test(tc, count_and_forked_children);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
