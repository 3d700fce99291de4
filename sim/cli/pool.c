/*
 * pool.c — tasks run on forked worker processes (cli_pool, cli.h): each
 * worker takes the next task not yet taken from a counter the workers
 * share (an anonymous shared mapping), so a worker that drew short tasks
 * goes on to the next one instead of idling while another works through a
 * fixed share; it sends each result back through its own pipe as (index,
 * bytes), and the parent records them by index, so what a command prints
 * does not depend on which worker ran what. A task a worker never reported
 * (it died, or no worker could be started) is run by the parent, or, when
 * it was taken and lost, recorded with no result.
 */
#define _DEFAULT_SOURCE   /* MAP_ANONYMOUS, past POSIX.1-2008 */
#include <errno.h>
#include <poll.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "xalloc.h"

/* Records task i's msg (NULL: none), and shows the progress. */
static void record(const cli_pool_tasks *t, int i, const void *msg, int *done)
{
    t->record(t->ctx, i, msg);
    ++*done;
    if (t->progress)
        cli_progress_show(t->progress, (uint64_t)*done, (uint64_t)t->n);
}

/* Runs every task in this process, in order. */
static void run_here(const cli_pool_tasks *t, void *msg, int *done)
{
    for (int i = 0; i < t->n; i++) {
        memset(msg, 0, t->size);
        t->run(t->ctx, i, msg);
        record(t, i, msg, done);
    }
}

void cli_pool_run(const cli_pool_tasks *t, int jobs)
{
    void *msg = xmalloc(t->size);
    int done = 0;
    if (jobs > t->n)
        jobs = t->n;
    if (jobs <= 1) {
        run_here(t, msg, &done);
        free(msg);
        return;
    }
    /* The next task to take, shared by the workers. */
    atomic_int *next = mmap(NULL, sizeof *next, PROT_READ | PROT_WRITE,
                            MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (next == MAP_FAILED) {
        perror("cusim: mmap");
        run_here(t, msg, &done);
        free(msg);
        return;
    }
    atomic_init(next, 0);
    int *fds = xmalloc((size_t)jobs * sizeof *fds);
    pid_t *pids = xmalloc((size_t)jobs * sizeof *pids);
    unsigned char *got = xcalloc((size_t)t->n, 1);
    int started = 0;
    for (int w = 0; w < jobs; w++) {
        int fd[2];
        if (pipe(fd) != 0) {
            perror("cusim: pipe");
            break;
        }
        fflush(NULL);
        pid_t pid = fork();
        if (pid < 0) {
            perror("cusim: fork");
            close(fd[0]);
            close(fd[1]);
            break;
        }
        if (pid == 0) {
            close(fd[0]);
            for (int j = 0; j < started; j++)
                close(fds[j]);
            for (int i; (i = atomic_fetch_add(next, 1)) < t->n;) {
                int32_t index = i;
                memset(msg, 0, t->size);
                t->run(t->ctx, i, msg);
                if (cli_write_full(fd[1], &index, sizeof index) != 0
                    || cli_write_full(fd[1], msg, t->size) != 0)
                    _exit(1);
            }
            _exit(0);
        }
        close(fd[1]);
        fds[started] = fd[0];
        pids[started++] = pid;
    }
    /* no worker at all: the parent takes every task itself */
    if (started == 0) {
        run_here(t, msg, &done);
        memset(got, 1, (size_t)t->n);
    }
    /* results as they come, from whichever worker has one (a worker
     * writes a whole result at a time), until every pipe is closed */
    struct pollfd *pf = xcalloc((size_t)(started ? started : 1), sizeof *pf);
    for (int w = 0; w < started; w++)
        pf[w] = (struct pollfd){ .fd = fds[w], .events = POLLIN };
    for (int open = started; open > 0;) {
        if (poll(pf, (nfds_t)started, -1) < 0) {
            if (errno == EINTR)
                continue;
            /* poll itself failed: read the open pipes in turn, blocking
             * (each ends when its worker does) */
            for (int w = 0; w < started; w++)
                pf[w].revents = pf[w].fd >= 0 ? POLLIN : 0;
        }
        for (int w = 0; w < started; w++) {
            if (pf[w].fd < 0 || !pf[w].revents)
                continue;
            int32_t index;
            if (cli_read_full(fds[w], &index, sizeof index) == 1
                && cli_read_full(fds[w], msg, t->size) == 1) {
                if (index >= 0 && index < t->n && !got[index]) {
                    got[index] = 1;
                    record(t, index, msg, &done);
                }
                continue;
            }
            close(fds[w]);          /* its end: every result read */
            waitpid(pids[w], NULL, 0);
            pf[w].fd = -1;
            open--;
        }
    }
    free(pf);
    /* taken by a worker that died before reporting it */
    for (int i = 0; i < t->n; i++)
        if (!got[i])
            record(t, i, NULL, &done);
    munmap(next, sizeof *next);
    free(got);
    free(pids);
    free(fds);
    free(msg);
}
