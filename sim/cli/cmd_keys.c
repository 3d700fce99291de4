/*
 * cmd_keys.c — `cusim keys [hw|kernel]`: the configuration keys, printed
 * from the same descriptor table that parses and validates them.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

int cli_keys(int argc, char **argv)
{
    const cli_command *cmd = cli_find("keys");
    cli_args args;
    int status;
    if (!cli_begin(cmd, argc, argv, 0, &args, &status))
        return status;
    bool hw = args.n_files == 0, kernel = args.n_files == 0;
    for (int i = 0; i < args.n_files; i++) {
        if (strcmp(args.files[i], "hw") == 0)
            hw = true;
        else if (strcmp(args.files[i], "kernel") == 0)
            kernel = true;
        else {
            cli_say("cusim keys: expected hw or kernel, got '%s'\n",
                    args.files[i]);
            return CLI_BAD_INPUT;
        }
    }
    if (hw) {
        puts("# hardware profile keys (--set hw.PATH=VALUE)");
        cusim_keys_print(stdout, CUSIM_FILE_HW);
    }
    if (hw && kernel)
        putchar('\n');
    if (kernel) {
        puts("# kernel keys (--set kernel.PATH=VALUE)");
        cusim_keys_print(stdout, CUSIM_FILE_KERNEL);
    }
    return CLI_OK;
}
