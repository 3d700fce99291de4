/*
 * cmd_fields.c — `cusim fields [sim|occupancy]`: the output fields, printed
 * from the same table that drives the reports (sim/output/fields.def), as
 * `cusim keys` prints the input keys.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

int cli_fields(int argc, char **argv)
{
    const cli_command *cmd = cli_find("fields");
    cli_args args;
    int status;
    if (!cli_begin(cmd, argc, argv, CLI_OPT_FORMAT, &args, &status))
        return status;
    unsigned in = args.n_files == 0 ? CUSIM_IN_SIM | CUSIM_IN_OCCUPANCY : 0;
    for (int i = 0; i < args.n_files; i++) {
        if (strcmp(args.files[i], "sim") == 0)
            in |= CUSIM_IN_SIM;
        else if (strcmp(args.files[i], "occupancy") == 0)
            in |= CUSIM_IN_OCCUPANCY;
        else {
            cli_say("cusim fields: expected sim or occupancy, got "
                    "'%s'\n", args.files[i]);
            return CLI_BAD_INPUT;
        }
    }
    cusim_fields_print(stdout, in, args.format);
    return CLI_OK;
}
