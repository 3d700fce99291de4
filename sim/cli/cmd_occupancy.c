/*
 * cmd_occupancy.c — `cusim occupancy HW KERNEL`: static occupancy.
 */
#include <stdio.h>

#include "cli.h"

int cli_occupancy(int argc, char **argv)
{
    const cli_command *cmd = cli_find("occupancy");
    cli_args args;
    int status = cli_parse(cmd, argc, argv, CLI_OPT_SET | CLI_OPT_FORMAT, &args);
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
    cusim_occupancy occ;
    status = cusim_occupancy_compute(&hw, &k, &occ, &err);
    if (status != 0) {
        cusim_kernel_free(&k);
        return cli_bad_input(&err);
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
