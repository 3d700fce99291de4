/*
 * cmd_collect.c — `cusim collect DIR...`: the outputs of an experiment
 * whose points ran as shards (cusim run --shard, --point), perhaps on
 * many machines and into many directories, assembled into one results
 * directory exactly as a local `cusim run` writes them.
 *
 * Each DIR's run.yaml (origin.c) names the experiment and the --set
 * options its points ran with; every DIR must name the same. The
 * experiment is loaded again from the working directory the run was
 * started in (the manifest names it as the command line did), each point's
 * complete result is taken from the first DIR holding one (copied into
 * the output directory when it is elsewhere), and the outputs are
 * assembled from those results: the same bytes as a local run's, since
 * assembling is copying the points' text in point order.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "experiment.h"
#include "fileio.h"
#include "results.h"
#include "strbuf.h"
#include "xalloc.h"

/* The most missing or failed points listed one by one. */
enum { LIST_MAX = 20 };

/* Prints point p as --list does: its id and parameters. */
static void print_point(const experiment *e, size_t p, const char *what)
{
    sbuf b = { 0 };
    for (size_t c = 0; c < exp_n_columns(e); c++)
        if (*exp_param(e, p, c))
            sb_printf(&b, " %s=%s", exp_column(e, c), exp_param(e, p, c));
    cli_say("cusim collect: point %zu (%016llx%s) %s", p,
            (unsigned long long)exp_point_id(e, p), b.s ? b.s : "", what);
    free(b.s);
}

/* Reads every DIR's run.yaml into `o` (the first; the others must say
 * the same). Returns CLI_OK, or prints why not. */
static int read_origins(const cli_args *args, cli_origin *o)
{
    cusim_error err;
    if (cli_origin_read(args->files[0], o, &err) != 0) {
        cusim_error_print(&err, stderr);
        return CLI_BAD_INPUT;
    }
    for (int i = 1; i < args->n_files; i++) {
        cli_origin other;
        if (cli_origin_read(args->files[i], &other, &err) != 0) {
            cusim_error_print(&err, stderr);
            cli_origin_free(o);
            return CLI_BAD_INPUT;
        }
        bool same = strcmp(other.experiment, o->experiment) == 0
                    && other.n_sets == o->n_sets
                    && other.max_instructions == o->max_instructions;
        for (int s = 0; same && s < o->n_sets; s++)
            same = strcmp(other.sets[s], o->sets[s]) == 0;
        cli_origin_free(&other);
        if (!same) {
            cli_say("%s/run.yaml:1:1: its points are of another "
                    "run than those of %s (another experiment, or other "
                    "--set options): collect them separately\n",
                    args->files[i], args->files[0]);
            cli_origin_free(o);
            return CLI_BAD_INPUT;
        }
    }
    return CLI_OK;
}

/* Gathers every point's result into `out` from `dirs`, listing the points
 * missing or failed (the first LIST_MAX of each). Sets `*n_missing`;
 * returns CLI_OK, or CLI_FAILURE after printing why a copy failed. */
static int gather(const experiment *e, char **dirs, int n_dirs,
                  const char *out, size_t *n_missing)
{
    cusim_error err;
    size_t n_failed = 0;
    *n_missing = 0;
    for (size_t p = 0; p < exp_n_points(e); p++) {
        bool found = results_point_done(e, out, p);
        for (int d = 0; d < n_dirs && !found; d++) {
            if (strcmp(dirs[d], out) == 0)
                continue;
            int rc = results_import(e, dirs[d], out, p, &err);
            if (rc < 0) {
                cusim_error_print(&err, stderr);
                return CLI_FAILURE;
            }
            found = rc == 1;
        }
        if (!found && (*n_missing)++ < LIST_MAX) {
            /* a damaged result is named, so that its shard is run again */
            const char *damaged = results_point_damaged(e, out, p) ? out
                                  : NULL;
            for (int d = 0; d < n_dirs && !damaged; d++)
                if (results_point_damaged(e, dirs[d], p))
                    damaged = dirs[d];
            char *what = damaged
                ? xasprintf("has a damaged result (%s/points/%05zu.json: its "
                            "sum does not match its bytes)", damaged, p)
                : xstrdup("has no complete result");
            print_point(e, p, what);
            free(what);
        }
        if (found && results_point_failed(e, out, p)
            && n_failed++ < LIST_MAX)
            print_point(e, p, "failed");
    }
    return CLI_OK;
}

int cli_collect(int argc, char **argv)
{
    const cli_command *cmd = cli_find("collect");
    cli_args args;
    int status;
    if (!cli_begin(cmd, argc, argv, CLI_OPT_OUT, &args, &status))
        return status;
    if (args.n_files < 1) {
        fputs("cusim collect: expected one or more results directories "
              "(see cusim collect --help)\n", stderr);
        return CLI_BAD_INPUT;
    }
    return cli_collect_dirs(&args);
}

int cli_collect_dirs(const cli_args *args)
{
    const cli_command *cmd = cli_find("collect");
    cli_origin o;
    int status = read_origins(args, &o);
    if (status != CLI_OK)
        return status;

    /* absolute only when collect enters the run's directory: a working
     * directory deeper than 4096 bytes makes an absolute path no system
     * call takes, where the path as given works */
    bool enter = o.experiment[0] != '/';
    char **dirs = xcalloc((size_t)args->n_files, sizeof *dirs);
    for (int i = 0; i < args->n_files; i++)
        dirs[i] = enter ? fio_absolute(args->files[i])
                        : xstrdup(args->files[i]);
    const char *out_given = args->out ? args->out : args->files[0];
    char *out = enter ? fio_absolute(out_given) : xstrdup(out_given);
    cusim_set *sets = xcalloc((size_t)o.n_sets + 1, sizeof *sets);
    cusim_error err;
    experiment *e = NULL;
    for (int i = 0; i < o.n_sets && status == CLI_OK; i++)
        if (cusim_set_parse(o.sets[i], i + 1, &sets[i], &err) != 0)
            status = cli_bad_input(&err);
    if (status == CLI_OK && enter && chdir(o.directory) != 0) {
        cli_say("cusim collect: cannot enter %s, where the run "
                "started (%s/run.yaml names the experiment %s relative to "
                "it): %s\n", o.directory, args->files[0], o.experiment,
                strerror(errno));
        status = CLI_BAD_INPUT;
    }
    exp_options eo = { .max_instructions = o.max_instructions };
    if (status == CLI_OK && exp_load_opts(o.experiment, NULL, sets,
                                          (size_t)o.n_sets, &eo, &e, &err))
        status = cli_bad_input(&err);

    if (status == CLI_OK) {
        /* the outputs replace no input, nor another experiment's results */
        fio_inputs in = { 0 };
        cli_experiment_inputs(e, &in);
        status = cli_check_results_dir(cmd, e, o.experiment, out,
                                       args->out ? "--out" : NULL, false, &in);
        fio_inputs_free(&in);
    }
    int lock_fd = -1;
    if (status == CLI_OK && results_prepare_collect(e, out, &lock_fd, &err)) {
        cusim_error_print(&err, stderr);
        status = CLI_FAILURE;
    }
    size_t n_missing = 0;
    if (status == CLI_OK)
        status = gather(e, dirs, args->n_files, out, &n_missing);
    if (status == CLI_OK && n_missing) {
        cli_say("cusim collect: %zu of %zu points have no complete "
                "result%s; run their shards again (a shard keeps the "
                "points it already has), then collect\n", n_missing,
                exp_n_points(e), n_missing > LIST_MAX ? " (the first "
                "listed)" : "");
        status = CLI_FAILURE;
    }
    if (status == CLI_OK && strcmp(out, dirs[0]) != 0) {
        cli_args from = { .max_instructions = o.max_instructions };
        for (int i = 0; i < o.n_sets; i++)
            from.sets[from.n_sets++] = sets[i];
        if (cli_origin_write(out, o.experiment, &from, false, &err) != 0) {
            cusim_error_print(&err, stderr);
            status = CLI_FAILURE;
        }
    }
    size_t assembled_failed = 0, no_images = 0, undrawn = 0;
    if (status == CLI_OK
        && results_assemble(e, out, &assembled_failed, &err) != 0) {
        cusim_error_print(&err, stderr);
        status = CLI_FAILURE;
    }
    /* a plot that fails is reported, and the summary still follows */
    bool plot_failed = status == CLI_OK
                       && results_plot_all(e, out, &no_images, &undrawn,
                                           &err) != 0;
    if (plot_failed) {
        cusim_error_print(&err, stderr);
    } else if (status == CLI_OK && undrawn > 0) {
        cli_say("cusim collect: warning: %zu plot%s not drawn: every "
                "point is infeasible\n", undrawn, undrawn == 1 ? "" : "s");
    } else if (status == CLI_OK && no_images > 0) {
        cli_say("cusim collect: warning: %zu plot%s written as "
                "gnuplot script%s only (%s)\n", no_images,
                no_images == 1 ? "" : "s", no_images == 1 ? "" : "s",
                err.message);
    }
    if (status == CLI_OK) {
        char infeasible[48] = "";
        if (exp_n_infeasible(e))
            snprintf(infeasible, sizeof infeasible, ", %zu infeasible",
                     exp_n_infeasible(e));
        cli_say("collected %zu point%s (%zu failed%s) from %d "
                "director%s: %s/%s.csv\n", exp_n_points(e),
                exp_n_points(e) == 1 ? "" : "s", assembled_failed,
                infeasible, args->n_files, args->n_files == 1 ? "y" : "ies",
                out, exp_output(e));
        if (assembled_failed || plot_failed)
            status = CLI_FAILURE;
    }
    if (lock_fd >= 0)
        close(lock_fd);
    exp_free(e);
    free(sets);
    for (int i = 0; i < args->n_files; i++)
        free(dirs[i]);
    free(dirs);
    free(out);
    cli_origin_free(&o);
    return status;
}
