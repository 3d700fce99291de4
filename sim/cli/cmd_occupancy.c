/*
 * cmd_occupancy.c — `cusim occupancy HW KERNEL`: static occupancy, the
 * best workgroup size, and with --graphs the Occupancy Calculator's three
 * graphs (sim/experiment/occ_graph.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "occ_graph.h"
#include "xalloc.h"

/* The graphs and their title, for cli_write_figure. */
typedef struct titled {
    const occ_graph *g;
    char title[192];
} titled;

static void graph_csv(FILE *f, const void *ctx)
{
    const titled *t = ctx;
    occ_graph_write_csv(f, t->g);
}

static void graph_gp(FILE *f, const void *ctx)
{
    const titled *t = ctx;
    occ_graph_write_gp(f, t->g, t->title);
}

int cli_occupancy(int argc, char **argv)
{
    const cli_command *cmd = cli_find("occupancy");
    cli_args args;
    int status;
    const unsigned opts = CLI_OPT_SET | CLI_OPT_FORMAT | CLI_OPT_GRAPHS;
    if (!cli_begin(cmd, argc, argv, opts, &args, &status))
        return status;
    cusim_hw hw;
    cusim_kernel k;
    if ((status = cli_load_pair(cmd, &args, &hw, &k)) != CLI_OK)
        return status;
    if (args.graphs) {     /* the graphs replace neither input */
        fio_inputs in = { 0 };
        fio_inputs_add(&in, args.files[0], "the hardware profile");
        fio_inputs_add(&in, args.files[1], "the kernel");
        status = cli_check_figure(cmd, "--graphs", args.graphs, NULL,
                                  "occupancy", &in);
        fio_inputs_free(&in);
        if (status != CLI_OK) {
            cusim_kernel_free(&k);
            return status;
        }
    }
    cusim_error err;
    cusim_occupancy occ;
    status = cusim_occupancy_compute(&hw, &k, &occ, &err);
    if (status != 0) {
        cusim_kernel_free(&k);
        return cli_bad_input(&err);
    }

    cli_warn_auto_registers("cusim occupancy", &hw, &occ);
    cusim_occupancy_best(&hw, &k, &occ);
    if (args.graphs) {
        occ_graph *g = xmalloc(sizeof *g);
        occ_graph_compute(&hw, &k, &occ, g);
        titled t = { .g = g };
        snprintf(t.title, sizeof t.title, "%s on %s: theoretical occupancy "
                 "(best workgroup size %u)", k.name, hw.name,
                 occ.best_workgroup_size);
        status = cli_write_figure(cmd, args.graphs, NULL, "occupancy",
                                  graph_csv, graph_gp, &t);
        free(g);
        if (status != CLI_OK) {
            cusim_kernel_free(&k);
            return status;
        }
    }

    static cusim_report r;  /* large; one per process */
    r.n = 0;
    cusim_report_string(&r, "hw", hw.name);
    cusim_report_string(&r, "kernel", k.name);
    cusim_report_occupancy(&r, &occ);
    cusim_report_print(&r, args.format, stdout);
    cusim_kernel_free(&k);
    return CLI_OK;
}
