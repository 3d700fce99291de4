/*
 * cmd_portability.c — `cusim portability KERNEL`: the kernel at each
 * workgroup size on each profile (sim/experiment/portability.h), serially or on N
 * forked workers (cli_pool_run), then the report, and with --out the CSV
 * and the heatmap.
 *
 * Without --hw the profiles are every configs/hw/ profile (*.yaml) under the current
 * directory, in name order.
 */
#include <glob.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fileio.h"
#include "portability.h"
#include "xalloc.h"

/* What a cell's run sends back. */
typedef struct cell_msg {
    int32_t rc;
    cusim_result res;
    cusim_error err;
} cell_msg;

static void cell_run(void *ctx, int i, void *msg)
{
    const port_plan *p = ctx;
    cell_msg *m = msg;
    if (p->cells[i].runs)
        m->rc = port_simulate(p, i, &m->res, &m->err);
    else
        m->rc = -2;                     /* nothing to run */
}

static void cell_record(void *ctx, int i, const void *msg)
{
    port_plan *p = ctx;
    const cell_msg *m = msg;
    if (!p->cells[i].runs)
        return;
    if (m)
        port_record(p, i, m->rc, &m->res, &m->err);
    else
        port_record(p, i, 1, NULL, NULL);
}

/* Loads the profiles (args->hws, or every .yaml of configs/hw/) into hw[],
 * adding their files to `in`. Returns their count, or -1 after printing
 * the error. */
static int load_profiles(const cli_command *cmd, const cli_args *args,
                         cusim_hw *hw, fio_inputs *in)
{
    glob_t g;
    memset(&g, 0, sizeof g);
    const char *const *files = args->hws;
    int n = args->n_hws;
    if (n == 0) {
        if (glob("configs/hw/*.yaml", 0, NULL, &g) != 0 || g.gl_pathc == 0) {
            cli_say("cusim %s: no --hw given and no configs/hw/*.yaml "
                    "under the current directory: name the profiles with "
                    "--hw FILE\n", cmd->name);
            globfree(&g);
            return -1;
        }
        files = (const char *const *)g.gl_pathv;
        n = (int)g.gl_pathc;
    }
    if (n > PORT_MAX_HW) {
        cli_say("cusim %s: expected at most %d profiles, got %d\n",
                cmd->name, PORT_MAX_HW, n);
        globfree(&g);
        return -1;
    }
    for (int h = 0; h < n; h++) {
        fio_inputs_add(in, files[h], "a hardware profile");
        cusim_error err;
        if (cusim_hw_load(files[h], args->sets, (size_t)args->n_sets, &hw[h],
                          &err) != 0) {
            cli_bad_input(&err);
            globfree(&g);
            return -1;
        }
    }
    globfree(&g);
    return n;
}

static void write_csv(FILE *f, const void *p)
{
    port_print(f, p, CUSIM_FORMAT_CSV);
}

static void write_gp(FILE *f, const void *p)
{
    port_write_gp(f, p);
}

int cli_portability(int argc, char **argv)
{
    const cli_command *cmd = cli_find("portability");
    cli_args args;
    int status;
    const unsigned opts = CLI_OPT_SET | CLI_OPT_FORMAT | CLI_OPT_PORT
                          | CLI_OPT_BUDGET | CLI_OPT_PROGRESS;
    if (!cli_begin(cmd, argc, argv, opts, &args, &status))
        return status;
    if (args.n_files != 1) {
        cli_say("cusim portability: expected one KERNEL.yaml, got %d "
                "files (see cusim portability --help)\n", args.n_files);
        return CLI_BAD_INPUT;
    }
    cusim_kernel k;
    cusim_error err;
    if (cusim_kernel_load(args.files[0], args.sets, (size_t)args.n_sets, &k,
                          &err) != 0)
        return cli_bad_input(&err);
    port_size sizes[PORT_MAX_SIZES];
    int n_sizes;
    if (args.sizes) {
        char msg[256];
        n_sizes = port_parse_sizes(args.sizes, sizes, PORT_MAX_SIZES, msg,
                                   sizeof msg);
        if (n_sizes < 0) {
            cli_say("cusim portability: --sizes: %s\n", msg);
            cusim_kernel_free(&k);
            return CLI_BAD_INPUT;
        }
    } else {
        n_sizes = port_default_sizes(&k, sizes, PORT_MAX_SIZES);
    }
    cusim_hw *hw = xcalloc(PORT_MAX_HW, sizeof *hw);
    fio_inputs in = { 0 };
    fio_inputs_add(&in, args.files[0], "the kernel");
    int n_hw = load_profiles(cmd, &args, hw, &in);
    port_plan *p = n_hw > 0 ? port_plan_new(hw, n_hw, &k, sizes, n_sizes,
                                            &err)
                            : NULL;
    free(hw);
    cusim_kernel_free(&k);
    /* the outputs replace no input: refused before anything runs */
    status = p && args.out ? cli_check_figure(cmd, "--out", args.out,
                                              "figures", "portability", &in)
                           : CLI_OK;
    fio_inputs_free(&in);
    if (!p)
        return n_hw > 0 ? cli_bad_input(&err) : CLI_BAD_INPUT;
    if (status != CLI_OK) {
        port_plan_free(p);
        return status;
    }
    p->max_instructions = args.max_instructions;

    /* an --out that cannot be made fails before anything runs */
    if (args.out) {
        size_t len = strlen(args.out) + 16;
        char *figures = xmalloc(len);
        snprintf(figures, len, "%s/figures", args.out);
        int made = fio_make_dirs(figures, &err);
        free(figures);
        if (made != 0) {
            cusim_error_print(&err, stderr);
            port_plan_free(p);
            return CLI_FAILURE;
        }
    }
    cli_pool_tasks tasks = { .n = port_cell_count(p),
                             .size = sizeof(cell_msg), .ctx = p,
                             .run = cell_run, .record = cell_record };
    cli_progress bar;
    cli_progress_start(&bar, "cusim portability", "runs", args.progress);
    tasks.progress = &bar;
    cli_pool_run(&tasks, args.jobs);
    cli_progress_end(&bar);
    port_conclude(p);
    if (args.out
        && (status = cli_write_figure(cmd, args.out, "figures",
                                      "portability", write_csv, write_gp, p))
               != CLI_OK) {
        port_plan_free(p);
        return status;
    }
    port_print(stdout, p, args.format);
    port_plan_free(p);
    return CLI_OK;
}
