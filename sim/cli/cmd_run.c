/*
 * cmd_run.c — `cusim run EXPERIMENT`: every point of an experiment on N
 * worker processes, then the outputs and the plots.
 *
 * The experiment is loaded and validated completely first (bad input: exit
 * 2, nothing written). Then the parent forks the workers, each of which
 * inherits the loaded experiment; it hands each worker one point index at a
 * time through the worker's command pipe and hears back through the
 * worker's result pipe when the point's result file is written (the worker
 * writes it itself, atomically). A worker that dies mid-point is seen as
 * end-of-file on its result pipe: its point is recorded as failed and a
 * new worker takes its place. Simulations are independent and their
 * results are assembled in point order, so the outputs do not depend on
 * which worker ran what.
 *
 * Killed at any moment (even SIGKILL to the whole process group), a run
 * leaves only complete point files behind; `--resume` runs the rest.
 * Killing the parent alone makes each worker finish its point and exit at
 * the end-of-file on its command pipe.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "experiment.h"
#include "results.h"
#include "xalloc.h"

/* What a worker tells the parent after each point (under PIPE_BUF bytes,
 * so one write() arrives whole). */
typedef struct done_msg {
    uint32_t point;
    int32_t rc;            /* results_point_run's: 0 ran, 1 failed */
    char error[4000];      /* when rc is 1: the error's line as
                              cusim_error_print writes it (a path of
                              thousands of bytes cut short) */
} done_msg;

_Static_assert(sizeof(done_msg) <= 4096, "done_msg must fit in PIPE_BUF");

typedef struct worker {
    pid_t pid;             /* 0: not running */
    int cmd;               /* parent writes point indices */
    int done;              /* parent reads done_msg */
    long point;            /* the point it runs, or -1 */
} worker;

/* The state of one run. */
typedef struct run {
    const experiment *e;
    const char *dir;
    worker *w;
    int n_workers;
    size_t *todo;          /* points to run, in order */
    size_t n_todo, next, n_done;
    size_t n_failed, n_resumed, n_points;
    bool tty;
    double start, last_draw;
    bool bar_shown;
    int sig_fd;            /* signalfd of SIGINT and SIGTERM, or -1 */
    sigset_t old_mask;     /* the signal mask before the run blocked them */
    int stopped_by;        /* the signal that stopped the run, or 0 */
    bool pause;            /* CUSIM_TEST_PAUSE_AFTER given: pause once */
    size_t pause_after;    /* n_done reaches it (test_pause) */
} run;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A worker's life: run each point it is given until its command pipe
 * closes. Never returns. */
static void worker_main(const experiment *e, const char *dir, int cmd,
                        int done)
{
    uint32_t point;
    while (cli_read_full(cmd, &point, sizeof point) == 1) {
        done_msg m;
        memset(&m, 0, sizeof m);
        m.point = point;
        cusim_error err;
        m.rc = results_point_run(e, dir, point, &err);
        if (m.rc < 0) {   /* the result could not be written */
            cusim_error_print(&err, stderr);
            _exit(1);
        }
        if (m.rc > 0) {
            char *line = NULL;
            size_t size = 0;
            FILE *f = open_memstream(&line, &size);
            if (!f)
                xalloc_die();
            cusim_error_print(&err, f);
            if (fclose(f) != 0)
                xalloc_die();
            if (snprintf(m.error, sizeof m.error, "%s", line)
                >= (int)sizeof m.error)
                m.error[sizeof m.error - 2] = '\n';
            free(line);
        }
        if (cli_write_full(done, &m, sizeof m) != 0)
            _exit(1);
    }
    _exit(0);
}

/* Starts worker `i`. Returns 0, or -1 (with a message) when it cannot. */
static int spawn(run *R, int i)
{
    int cmd[2], done[2];
    if (pipe(cmd) != 0) {
        perror("cusim run: pipe");
        return -1;
    }
    if (pipe(done) != 0) {
        perror("cusim run: pipe");
        close(cmd[0]);
        close(cmd[1]);
        return -1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        perror("cusim run: fork");
        close(cmd[0]);
        close(cmd[1]);
        close(done[0]);
        close(done[1]);
        return -1;
    }
    if (pid == 0) {
        /* the other workers' pipes are the parent's business */
        for (int j = 0; j < R->n_workers; j++)
            if (R->w[j].pid) {
                close(R->w[j].cmd);
                close(R->w[j].done);
            }
        close(cmd[1]);
        close(done[0]);
        /* a worker dies of SIGINT and SIGTERM as any program does: the
         * point it was writing stays a temporary file */
        if (R->sig_fd >= 0)
            close(R->sig_fd);
        sigprocmask(SIG_SETMASK, &R->old_mask, NULL);
        worker_main(R->e, R->dir, cmd[0], done[1]);
    }
    close(cmd[0]);
    close(done[1]);
    R->w[i] = (worker){ pid, cmd[1], done[0], -1 };
    return 0;
}

/* Gives worker `i` the next point, if any is left. */
static void assign(run *R, int i)
{
    if (R->next >= R->n_todo)
        return;
    uint32_t point = (uint32_t)R->todo[R->next];
    if (cli_write_full(R->w[i].cmd, &point, sizeof point) != 0)
        return;   /* it died: its result pipe will say so */
    R->w[i].point = (long)R->todo[R->next++];
}

static void bar_clear(run *R)
{
    if (R->bar_shown) {
        fputs("\r\033[K", stderr);
        R->bar_shown = false;
    }
}

static void format_seconds(double s, char *buf, size_t size)
{
    if (s < 60)
        snprintf(buf, size, "%.1f s", s);
    else if (s < 3600)
        snprintf(buf, size, "%dm%02ds", (int)s / 60, (int)s % 60);
    else
        snprintf(buf, size, "%dh%02dm", (int)s / 3600, (int)s % 3600 / 60);
}

/* The progress bar: points done/total, elapsed, ETA. */
static void bar_draw(run *R, bool force)
{
    double t = now();
    if (!R->tty || (!force && t - R->last_draw < 0.1))
        return;
    R->last_draw = t;
    size_t total = R->n_points, done = R->n_resumed + R->n_done;
    enum { WIDTH = 30 };
    int fill = total ? (int)((double)WIDTH * (double)done / (double)total) : 0;
    char bar[WIDTH + 1], elapsed[32], eta[32] = "-";
    for (int i = 0; i < WIDTH; i++)
        bar[i] = i < fill ? '#' : '.';
    bar[WIDTH] = '\0';
    format_seconds(t - R->start, elapsed, sizeof elapsed);
    if (R->n_done > 0)
        format_seconds((t - R->start) / (double)R->n_done
                       * (double)(R->n_todo - R->n_done), eta, sizeof eta);
    fprintf(stderr, "\r\033[K[%s] %zu/%zu points  %s elapsed  ETA %s", bar,
            done, total, elapsed, eta);
    if (R->n_failed)
        fprintf(stderr, "  (%zu failed)", R->n_failed);
    fflush(stderr);
    R->bar_shown = true;
}

/* The test hook CUSIM_TEST_PAUSE_AFTER=N (tests/cli/run-robust): once N
 * of the points this run runs have ended (0: as its workers start; all of
 * them: before the results are assembled), the parent says so on stderr
 * and then waits for good (SIGINT and SIGTERM stay blocked: SIGKILL ends
 * it), so that a test's kill lands at a known point of the run whatever
 * the machine's speed or load. The workers go on with the points they
 * hold. */
static void test_pause(const run *R)
{
    if (!R->pause || R->n_done != R->pause_after)
        return;
    fprintf(stderr, "cusim run: paused, %zu of its points ended "
            "(CUSIM_TEST_PAUSE_AFTER)\n", R->n_done);
    fflush(stderr);
    for (;;)
        pause();
}

/* Records that worker i's point ended. */
static void point_ended(run *R, int i, bool failed)
{
    R->w[i].point = -1;
    R->n_done++;
    R->n_failed += failed;
    test_pause(R);
}

/* Whether SIGINT or SIGTERM arrived (then R->stopped_by says which). */
static bool signalled(run *R)
{
    if (R->sig_fd < 0)
        return false;
    struct signalfd_siginfo si;
    if (read(R->sig_fd, &si, sizeof si) == (ssize_t)sizeof si)
        R->stopped_by = (int)si.ssi_signo;
    return R->stopped_by != 0;
}

/* Worker i's result pipe is readable: a finished point, or its death.
 * Returns -1 when the run cannot go on. */
static int hear(run *R, int i)
{
    worker *w = &R->w[i];
    done_msg m;
    int r = cli_read_full(w->done, &m, sizeof m);
    if (r == 1) {
        if (m.rc != 0) {
            bar_clear(R);
            cli_say("cusim run: point %u failed: %s", m.point,
                    m.error);
        }
        point_ended(R, i, m.rc != 0);
        assign(R, i);
        return 0;
    }
    /* end of file: the worker is gone */
    int st = 0;
    close(w->cmd);
    close(w->done);
    waitpid(w->pid, &st, 0);
    w->pid = 0;
    if (w->point >= 0 && results_point_done(R->e, R->dir, (size_t)w->point)) {
        point_ended(R, i, false);   /* it died after writing the result */
    } else if (w->point >= 0 && signalled(R)) {
        return -1;      /* a Ctrl-C reached the workers too: not a crash */
    } else if (w->point >= 0) {
        char msg[160];
        if (WIFSIGNALED(st))
            snprintf(msg, sizeof msg, "the worker running this point was "
                     "killed by signal %d (%s)", WTERMSIG(st),
                     strsignal(WTERMSIG(st)));
        else
            snprintf(msg, sizeof msg, "the worker running this point exited "
                     "with status %d", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
        bar_clear(R);
        cli_say("cusim run: point %ld failed: %s\n", w->point, msg);
        cusim_error err;
        if (results_point_fail(R->e, R->dir, (size_t)w->point, msg, &err)
            != 0) {
            cusim_error_print(&err, stderr);
            return -1;
        }
        point_ended(R, i, true);
    }
    if (R->next < R->n_todo) {
        if (spawn(R, i) != 0)
            return -1;
        assign(R, i);
    }
    return 0;
}

/* Runs R->todo on the workers. Returns 0, or -1 on a failure of the run
 * itself (a message is printed). */
static int run_points(run *R)
{
    int rc = 0;
    for (int i = 0; i < R->n_workers && rc == 0; i++)
        rc = spawn(R, i);
    for (int i = 0; i < R->n_workers && rc == 0; i++)
        assign(R, i);
    struct pollfd *fds = xcalloc((size_t)R->n_workers + 1, sizeof *fds);
    int *who = xcalloc((size_t)R->n_workers, sizeof *who);
    if (rc == 0)
        test_pause(R);   /* CUSIM_TEST_PAUSE_AFTER=0 */
    while (rc == 0 && R->n_done < R->n_todo) {
        nfds_t n = 0;
        for (int i = 0; i < R->n_workers; i++)
            if (R->w[i].pid) {
                fds[n] = (struct pollfd){ R->w[i].done, POLLIN, 0 };
                who[n++] = i;
            }
        if (n == 0) {   /* cannot happen: a dead worker is replaced */
            fputs("cusim run: no worker left\n", stderr);
            rc = -1;
            break;
        }
        fds[n] = (struct pollfd){ R->sig_fd, POLLIN, 0 };
        int ready = poll(fds, n + (R->sig_fd >= 0), R->tty ? 100 : -1);
        if (ready < 0 && errno != EINTR) {
            perror("cusim run: poll");
            rc = -1;
        }
        /* a signal first: the workers it also reached are not crashes */
        if (ready > 0 && R->sig_fd >= 0 && fds[n].revents && signalled(R))
            rc = -1;
        for (nfds_t j = 0; j < n && rc == 0 && ready > 0; j++)
            if (fds[j].revents)
                rc = hear(R, who[j]);
        bar_draw(R, false);
    }
    /* closing the command pipes ends the workers */
    for (int i = 0; i < R->n_workers; i++)
        if (R->w[i].pid) {
            close(R->w[i].cmd);
            close(R->w[i].done);
            if (rc != 0)
                kill(R->w[i].pid, SIGTERM);
            waitpid(R->w[i].pid, NULL, 0);
            R->w[i].pid = 0;
        }
    free(fds);
    free(who);
    return rc;
}

static int online_cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n > 0 ? (int)(n < 4096 ? n : 4096) : 1;
}

/* Whether the command line picks point p: every point, those of shard
 * K of N (p mod N == K - 1: neighbouring points, often of like cost, go
 * to different shards), or those of one id. */
static bool picked(const cli_args *args, const experiment *e, size_t p,
                   uint64_t id)
{
    if (args->shard_n && p % args->shard_n != args->shard_k - 1)
        return false;
    return !args->point_id || exp_point_id(e, p) == id;
}

/* --list: a line per picked point, its id and its parameters. */
static void list_points(const cli_args *args, const experiment *e,
                        uint64_t id)
{
    for (size_t p = 0; p < exp_n_points(e); p++) {
        if (!picked(args, e, p, id))
            continue;
        printf("%016llx", (unsigned long long)exp_point_id(e, p));
        for (size_t c = 0; c < exp_n_columns(e); c++)
            if (*exp_param(e, p, c))
                printf("\t%s=%s", exp_column(e, c), exp_param(e, p, c));
        putchar('\n');
    }
}

/* Assembles the outputs and draws the plots of a whole run into DIR and
 * prints the summary line. Returns the exit status. */
static int finish_run(const run *R, const char *dir, bool summary)
{
    const experiment *e = R->e;
    cusim_error err;
    size_t n_failed = 0;
    if (results_assemble(e, dir, &n_failed, &err) != 0) {
        cusim_error_print(&err, stderr);
        return CLI_FAILURE;
    }
    size_t no_images = 0, undrawn = 0;
    /* a plot that fails is reported, and the summary still follows: the
     * points ran and their CSV is there */
    int plotted = results_plot_all(e, dir, &no_images, &undrawn, &err);
    if (plotted != 0)
        cusim_error_print(&err, stderr);
    if (undrawn > 0)
        cli_say("cusim run: warning: %zu plot%s not drawn: every "
                "point is infeasible\n", undrawn, undrawn == 1 ? "" : "s");
    if (plotted == 0 && no_images > 0)
        cli_say("cusim run: warning: %zu plot%s written as gnuplot "
                "script%s only (%s); `gnuplot FILE.gp` in %s/figures draws "
                "them\n", no_images, no_images == 1 ? "" : "s",
                no_images == 1 ? "" : "s", err.message, dir);
    char infeasible[48] = "";
    if (exp_n_infeasible(e))
        snprintf(infeasible, sizeof infeasible, ", %zu infeasible",
                 exp_n_infeasible(e));
    if (summary)
        cli_say("ran %zu point%s (%zu failed%s, %zu resumed) in "
                "%.1f s on %d worker%s: %s/%s.csv\n", R->n_points,
                R->n_points == 1 ? "" : "s", n_failed, infeasible,
                R->n_resumed, now() - R->start, R->n_workers,
                R->n_workers == 1 ? "" : "s", dir, exp_output(e));
    return n_failed || plotted != 0 ? CLI_FAILURE : CLI_OK;
}

/* The summary line of a shard (--shard, --point), which writes point
 * results only. Returns the exit status. */
static int finish_shard(const run *R, const cli_args *args, const char *dir,
                        size_t n_picked, size_t n_infeasible)
{
    char what[64];
    if (args->shard_n)
        snprintf(what, sizeof what, "shard %u/%u", args->shard_k,
                 args->shard_n);
    else
        snprintf(what, sizeof what, "point %s", args->point_id);
    char infeasible[48] = "";
    if (n_infeasible)
        snprintf(infeasible, sizeof infeasible, ", %zu infeasible",
                 n_infeasible);
    cli_say("ran %s: %zu of %zu point%s (%zu failed%s, %zu resumed) "
            "in %.1f s on %d worker%s into %s/points; cusim collect %s "
            "writes the outputs\n", what, n_picked, exp_n_points(R->e),
            exp_n_points(R->e) == 1 ? "" : "s", R->n_failed, infeasible,
            R->n_resumed, now() - R->start, R->n_workers,
            R->n_workers == 1 ? "" : "s", dir, dir);
    return R->n_failed ? CLI_FAILURE : CLI_OK;
}

int cli_run_experiment(const cli_command *cmd, const experiment *e,
                       const char *exp_path, const char *dir,
                       const char *option, const cli_args *args,
                       bool summary)
{
    /* nothing is written over an input or another experiment's results */
    fio_inputs in = { 0 };
    cli_experiment_inputs(e, &in);
    int checked = cli_check_results_dir(cmd, e, exp_path, dir, option,
                                        args->shard_n || args->point_id, &in);
    fio_inputs_free(&in);
    if (checked != CLI_OK)
        return checked;

    const char *id_text = args->point_id;
    uint64_t id = id_text ? strtoull(id_text, NULL, 16) : 0;
    size_t n_picked = 0, n_infeasible = 0;
    for (size_t p = 0; p < exp_n_points(e); p++)
        if (picked(args, e, p, id)) {
            n_picked++;
            n_infeasible += exp_point_infeasible(e, p) != NULL;
        }
    bool shard = args->shard_n || args->point_id;
    cusim_error err;
    int ok = cli_origin_check(exp_path, &err);
    if (ok != CLI_OK) {
        cusim_error_print(&err, stderr);
        return ok;
    }
    int lock_fd = -1;
    int prc = shard ? results_prepare_shared(e, dir, &err)
                    : results_prepare(e, dir, args->resume, &lock_fd, &err);
    if (prc == 0)
        prc = cli_origin_write(dir, exp_path, args, shard, &err);
    if (prc != 0) {
        cusim_error_print(&err, stderr);
        if (lock_fd >= 0)
            close(lock_fd);
        return CLI_FAILURE;
    }

    run R;
    memset(&R, 0, sizeof R);
    R.e = e;
    R.dir = dir;
    R.n_points = n_picked;
    R.tty = isatty(STDERR_FILENO);
    R.start = now();
    R.todo = xcalloc(R.n_points ? R.n_points : 1, sizeof *R.todo);
    uint64_t pause_after;
    const char *hook = getenv("CUSIM_TEST_PAUSE_AFTER");
    if (hook && cli_parse_count(hook, &pause_after) == 0
        && pause_after <= R.n_points) {
        R.pause = true;
        R.pause_after = (size_t)pause_after;
    }
    int jobs = args->jobs ? args->jobs : online_cpus();
    /* a shard keeps whatever DIR already holds: it may be another's */
    bool keep = args->resume || shard;
    size_t n_damaged = 0;
    for (size_t p = 0; p < exp_n_points(e); p++) {
        if (!picked(args, e, p, id))
            continue;
        if (keep && results_point_done(e, dir, p)) {
            R.n_resumed++;
            continue;
        }
        R.todo[R.n_todo++] = p;
        /* a result changed since it was written is run again, and said */
        if (keep && results_point_damaged(e, dir, p) && n_damaged++ < 20)
            fprintf(stderr, "cusim run: point %zu (%016llx) has a damaged "
                    "result (%s/points/%05zu.json: its sum does not match "
                    "its bytes): running it again\n", p,
                    (unsigned long long)exp_point_id(e, p), dir, p);
    }
    R.n_workers = R.n_todo < (size_t)jobs ? (int)R.n_todo : jobs;
    R.w = xcalloc((size_t)R.n_workers + 1, sizeof *R.w);

    /* a worker that dies must not take the parent with it */
    struct sigaction ign, old_pipe;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &ign, &old_pipe);
    /* SIGINT and SIGTERM stop the run between points' results: they are
     * read from a signalfd in the parent's poll loop */
    sigset_t stop;
    sigemptyset(&stop);
    for (int sig = SIGINT; sig; sig = sig == SIGINT ? SIGTERM : 0) {
        struct sigaction was;    /* one the caller ignores stays ignored */
        if (sigaction(sig, NULL, &was) == 0 && was.sa_handler != SIG_IGN)
            sigaddset(&stop, sig);
    }
    sigprocmask(SIG_BLOCK, &stop, &R.old_mask);
    R.sig_fd = signalfd(-1, &stop, SFD_NONBLOCK | SFD_CLOEXEC);
    int status = CLI_OK;
    bar_draw(&R, true);
    if (R.n_todo && run_points(&R) != 0)
        status = CLI_FAILURE;
    if (R.n_todo == 0)
        test_pause(&R);   /* CUSIM_TEST_PAUSE_AFTER=0, nothing to run */
    bar_draw(&R, true);
    if (R.bar_shown)
        fputc('\n', stderr);
    if (R.sig_fd >= 0 && !R.stopped_by)
        signalled(&R);   /* one that came as the last point ended */
    if (R.sig_fd >= 0)
        close(R.sig_fd);
    sigprocmask(SIG_SETMASK, &R.old_mask, NULL);
    sigaction(SIGPIPE, &old_pipe, NULL);

    if (R.stopped_by) {
        size_t done = R.n_resumed + R.n_done;
        cli_say("cusim run: stopped by %s: %zu of %zu point%s "
                "done, the others not run; run the same command %s to "
                "finish\n", R.stopped_by == SIGINT ? "SIGINT" : "SIGTERM",
                done, R.n_points, R.n_points == 1 ? "" : "s",
                shard ? "again" : "with --resume");
        status = 128 + R.stopped_by;
    } else if (status == CLI_OK)
        status = shard ? finish_shard(&R, args, dir, n_picked, n_infeasible)
                       : finish_run(&R, dir, summary);
    if (lock_fd >= 0)
        close(lock_fd);
    free(R.w);
    free(R.todo);
    return status;
}

int cli_run(int argc, char **argv)
{
    const cli_command *cmd = cli_find("run");
    cli_args args;
    int status;
    const unsigned opts = CLI_OPT_SET | CLI_OPT_RUN | CLI_OPT_SHARD
                          | CLI_OPT_BUDGET;
    if (!cli_begin(cmd, argc, argv, opts, &args, &status))
        return status;
    if (args.n_files != 1) {
        cli_say("cusim run: expected one EXPERIMENT.yaml, got %d "
                "files (see cusim run --help)\n", args.n_files);
        return CLI_BAD_INPUT;
    }
    if (args.shard_n && args.point_id) {
        fputs("cusim run: --shard and --point cannot go together (a point "
              "is in one shard)\n", stderr);
        return CLI_BAD_INPUT;
    }

    cusim_error err;
    cusim_file_kind kind;
    cli_input in;   /* read once: the file may be a pipe */
    if (cli_input_read(&in, args.files[0]) != 0)
        return cli_bad_input(&in.err);
    if (cusim_bytes_sniff(in.text, in.len, args.files[0], &kind, &err) == 0
        && kind != CUSIM_FILE_EXPERIMENT) {
        cli_say("%s:1:1: this is a %s, not an experiment (cusim run "
                "takes an experiment file: see cusim run --help)\n",
                args.files[0],
                kind == CUSIM_FILE_HW ? "hardware profile" : "kernel");
        cli_input_free(&in);
        return CLI_BAD_INPUT;
    }
    experiment *e;
    exp_options eo = { .max_instructions = args.max_instructions };
    int loaded = exp_load_bytes(args.files[0], in.text, in.len, args.sets,
                                (size_t)args.n_sets, &eo, &e, &err);
    cli_input_free(&in);
    if (loaded != 0)
        return cli_bad_input(&err);
    uint64_t id = args.point_id ? strtoull(args.point_id, NULL, 16) : 0;
    size_t n_picked = 0;
    for (size_t p = 0; p < exp_n_points(e); p++)
        n_picked += picked(&args, e, p, id);
    if (args.point_id && n_picked == 0) {
        cli_say("cusim run: --point %s: no point of %s has this id "
                "(cusim run %s --list lists them)\n", args.point_id,
                args.files[0], args.files[0]);
        exp_free(e);
        return CLI_BAD_INPUT;
    }
    if (args.list) {
        list_points(&args, e, id);
        exp_free(e);
        return CLI_OK;
    }

    char *dir = args.out ? xstrdup(args.out)
                         : xasprintf("results/%s", exp_output(e));
    status = cli_run_experiment(cmd, e, args.files[0], dir,
                                args.out ? "--out" : NULL, &args, true);
    free(dir);
    exp_free(e);
    return status;
}
