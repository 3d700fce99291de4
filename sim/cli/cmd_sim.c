/*
 * cmd_sim.c — `cusim sim HW KERNEL`: a timing simulation and its report.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "xalloc.h"

int cli_sim(int argc, char **argv)
{
    const cli_command *cmd = cli_find("sim");
    cli_args args;
    int status = cli_parse(cmd, argc, argv,
                           CLI_OPT_SET | CLI_OPT_FORMAT | CLI_OPT_TRACE, &args);
    if (status != CLI_OK)
        return status;
    if (args.help) {
        fputs(cmd->help, stdout);
        return CLI_OK;
    }
    cusim_hw hw;
    cusim_kernel k;
    if ((status = cli_load_pair(cmd, &args, &hw, &k)) != CLI_OK)
        return status;
    cusim_error err;

    cusim_sim_options opt = { .watchdog_cycles = args.watchdog };
    FILE *trace = NULL;
    if (args.trace) {
        trace = fopen(args.trace, "w");
        if (!trace) {
            perror(args.trace);
            cusim_kernel_free(&k);
            return CLI_FAILURE;
        }
        opt.trace = trace;
    }
    cusim_result res;
    int rc = cusim_simulate(&hw, &k, &opt, &res, stderr, &err);
    cusim_kernel_free(&k);
    if (trace && fclose(trace) != 0) {
        perror(args.trace);
        return CLI_FAILURE;
    }
    if (rc < 0)
        return cli_bad_input(&err);
    if (rc > 0) {
        cusim_error_print(&err, stderr);
        return CLI_FAILURE;
    }

    cusim_report *r = xcalloc(1, sizeof *r);
    cusim_report_string(r, "hw", hw.name);
    cusim_report_string(r, "kernel", k.name);
    cusim_report_result(r, &res);
    cusim_report_print(r, args.format, stdout);
    free(r);
    return CLI_OK;
}
