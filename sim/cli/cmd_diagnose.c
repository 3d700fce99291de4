/*
 * cmd_diagnose.c — `cusim diagnose HW KERNEL`: the baseline and its
 * counterfactual runs (sim/diagnose.h), serially or on N forked workers,
 * then the report.
 *
 * With -j N each worker inherits the plan, simulates every N-th applicable
 * variant and sends back (index, status, the cusim_result's bytes, the
 * error) through its own pipe; the parent records them by index, so the
 * report does not depend on which worker ran what. A cusim_result holds
 * one pointer (`bound`), to a constant string of this same executable, so
 * its bytes mean the same in the parent.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "diagnose.h"
#include "xalloc.h"

/* What a worker sends back for each variant it ran. */
typedef struct variant_msg {
    int32_t index;
    int32_t rc;
    cusim_result res;
    cusim_error err;
} variant_msg;

/* Runs the variants listed in todo[] serially, in this process. */
static void run_serial(diag_plan *p, const diag_kind *todo, int n)
{
    for (int i = 0; i < n; i++) {
        cusim_result res;
        cusim_error err;
        memset(&err, 0, sizeof err);
        int rc = diag_simulate(p, todo[i], &res, &err);
        diag_record(p, todo[i], rc, &res, &err);
    }
}

/* Runs todo[] on `jobs` workers. Returns 0, or -1 (with a message) when
 * no worker could be started. */
static int run_parallel(diag_plan *p, const diag_kind *todo, int n, int jobs)
{
    if (jobs > n)
        jobs = n;
    int fds[DIAG_COUNT];
    pid_t pids[DIAG_COUNT];
    int started = 0;
    for (int w = 0; w < jobs; w++) {
        int fd[2];
        if (pipe(fd) != 0) {
            perror("cusim diagnose: pipe");
            break;
        }
        fflush(NULL);
        pid_t pid = fork();
        if (pid < 0) {
            perror("cusim diagnose: fork");
            close(fd[0]);
            close(fd[1]);
            break;
        }
        if (pid == 0) {
            close(fd[0]);
            for (int j = 0; j < started; j++)
                close(fds[j]);
            for (int i = w; i < n; i += jobs) {
                variant_msg m;
                memset(&m, 0, sizeof m);
                m.index = (int32_t)todo[i];
                m.rc = diag_simulate(p, todo[i], &m.res, &m.err);
                if (cli_write_full(fd[1], &m, sizeof m) != 0)
                    _exit(1);
            }
            _exit(0);
        }
        close(fd[1]);
        fds[started] = fd[0];
        pids[started++] = pid;
    }
    if (started == 0)
        return -1;
    /* fewer workers than asked: the parent runs what nobody took */
    for (int w = started; w < jobs; w++)
        for (int i = w; i < n; i += jobs)
            run_serial(p, &todo[i], 1);
    variant_msg *m = xmalloc(sizeof *m);
    for (int w = 0; w < started; w++) {
        while (cli_read_full(fds[w], m, sizeof *m) == 1)
            if (m->index > 0 && m->index < DIAG_COUNT)
                diag_record(p, (diag_kind)m->index, m->rc, &m->res, &m->err);
        close(fds[w]);
        waitpid(pids[w], NULL, 0);
    }
    free(m);
    /* a worker that died left its variants unrecorded */
    cusim_error died;
    memset(&died, 0, sizeof died);
    snprintf(died.message, sizeof died.message, "its worker process died");
    for (int i = 0; i < n; i++)
        if (!p->v[todo[i]].ran)
            diag_record(p, todo[i], 1, NULL, &died);
    return 0;
}

int cli_diagnose(int argc, char **argv)
{
    const cli_command *cmd = cli_find("diagnose");
    cli_args args;
    int status = cli_parse(cmd, argc, argv,
                           CLI_OPT_SET | CLI_OPT_FORMAT | CLI_OPT_JOBS, &args);
    if (status != CLI_OK)
        return status;
    if (args.help) {
        fputs(cmd->help, stdout);
        return CLI_OK;
    }
    if (args.format == CUSIM_FORMAT_CSV) {
        fprintf(stderr, "cusim diagnose: --format expects text or json, got "
                "'csv'\n");
        return CLI_BAD_INPUT;
    }
    cusim_hw hw;
    cusim_kernel k;
    if ((status = cli_load_pair(cmd, &args, &hw, &k)) != CLI_OK)
        return status;
    cusim_error err;
    diag_plan *p = diag_plan_new(&hw, &k, &err);
    cusim_kernel_free(&k);
    if (!p)
        return cli_bad_input(&err);

    /* the baseline here (its failure is the command's), the rest after */
    cusim_result res;
    int rc = diag_simulate(p, DIAG_BASELINE, &res, &err);
    if (rc != 0) {
        diag_plan_free(p);
        if (rc < 0)
            return cli_bad_input(&err);
        cusim_error_print(&err, stderr);
        return CLI_FAILURE;
    }
    diag_record(p, DIAG_BASELINE, rc, &res, &err);
    diag_kind todo[DIAG_COUNT];
    int n = 0;
    for (int i = 1; i < DIAG_COUNT; i++)
        if (p->v[i].applicable)
            todo[n++] = (diag_kind)i;
    if (args.jobs > 1 && n > 1) {
        if (run_parallel(p, todo, n, args.jobs) != 0) {
            diag_plan_free(p);
            return CLI_FAILURE;
        }
    } else {
        run_serial(p, todo, n);
    }

    diag_verdict v;
    diag_conclude(p, &v);
    diag_print(stdout, p, &v, args.format);
    diag_plan_free(p);
    return CLI_OK;
}
