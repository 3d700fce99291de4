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
    if (args.n_files != 2) {
        fprintf(stderr, "cusim occupancy: expected HW.yaml KERNEL.yaml, got "
                "%d file%s (see cusim occupancy --help)\n", args.n_files,
                args.n_files == 1 ? "" : "s");
        return CLI_BAD_INPUT;
    }

    cusim_error err;
    cusim_hw hw;
    cusim_kernel k;
    cusim_occupancy occ;
    if (cusim_hw_load(args.files[0], args.sets, (size_t)args.n_sets, &hw, &err))
        return cli_bad_input(&err);
    if (cusim_kernel_load(args.files[1], args.sets, (size_t)args.n_sets, &k,
                          &err))
        return cli_bad_input(&err);
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
