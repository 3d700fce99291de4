/*
 * cmd_check.c — `cusim check FILE...`: validates profiles, kernels and
 * experiments, and resolves every kernel against every profile given.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "error.h"
#include "experiment.h"
#include "xalloc.h"

int cli_check(int argc, char **argv)
{
    const cli_command *cmd = cli_find("check");
    cli_args args;
    int status;
    const unsigned opts = CLI_OPT_SET | CLI_OPT_ECHO;
    if (!cli_begin(cmd, argc, argv, opts, &args, &status))
        return status;
    if (args.n_files == 0) {
        fputs("cusim check: expected at least one FILE.yaml (see cusim check "
              "--help)\n", stderr);
        return CLI_BAD_INPUT;
    }

    /* With --echo the status lines are YAML comments, so that the echo of
     * a file loads back as it is. */
    const char *lead = args.echo ? "# " : "";
    cusim_hw *hws = xcalloc((size_t)args.n_files, sizeof *hws);
    cusim_kernel *ks = xcalloc((size_t)args.n_files, sizeof *ks);
    int n_hw = 0, n_k = 0;
    status = CLI_OK;
    cusim_error err;

    for (int i = 0; i < args.n_files; i++) {
        const char *file = args.files[i];
        char shown[CUSIM_PATH_MAX];   /* the name, one printable line */
        err_escape(shown, sizeof shown, file);
        const cusim_set *sets = args.sets;
        size_t n_sets = (size_t)args.n_sets;
        cusim_file_kind kind;
        experiment *e;
        cli_input in;   /* read once: the file may be a pipe */
        if (cli_input_read(&in, file) != 0) {
            status = cli_bad_input(&in.err);
        } else if (cusim_bytes_sniff(in.text, in.len, file, &kind, &err)
                   != 0) {
            status = cli_bad_input(&err);
        } else if (kind == CUSIM_FILE_EXPERIMENT) {
            if (exp_load_bytes(file, in.text, in.len, sets, n_sets, NULL, &e,
                               &err) != 0) {
                status = cli_bad_input(&err);
                cli_input_free(&in);
                continue;
            }
            printf("%s%s: ok (experiment '%s', %zu point%s", lead, shown,
                   exp_name(e), exp_n_points(e),
                   exp_n_points(e) == 1 ? "" : "s");
            if (exp_n_infeasible(e)) {
                /* counted, and the first one's reason shown */
                size_t p = 0;
                while (!exp_point_infeasible(e, p))
                    p++;
                printf(", %zu infeasible, the first: point %zu, %s",
                       exp_n_infeasible(e), p, exp_point_infeasible(e, p));
            }
            puts(")");
            exp_free(e);
        } else if (kind == CUSIM_FILE_HW) {
            if (cusim_hw_load_bytes(in.text, in.len, file, sets, n_sets,
                                    &hws[n_hw], &err) != 0) {
                status = cli_bad_input(&err);
                cli_input_free(&in);
                continue;
            }
            printf("%s%s: ok (hardware profile '%s')\n", lead, shown,
                   hws[n_hw].name);
            if (args.echo)
                cusim_hw_echo(stdout, &hws[n_hw]);
            n_hw++;
        } else {
            if (cusim_kernel_load_bytes(in.text, in.len, file, sets, n_sets,
                                        &ks[n_k], &err) != 0) {
                status = cli_bad_input(&err);
                cli_input_free(&in);
                continue;
            }
            printf("%s%s: ok (kernel '%s')\n", lead, shown, ks[n_k].name);
            if (args.echo)
                cusim_kernel_echo(stdout, &ks[n_k]);
            n_k++;
        }
        cli_input_free(&in);
    }

    for (int k = 0; k < n_k; k++)
        for (int h = 0; h < n_hw; h++) {
            cusim_occupancy occ;
            if (cusim_occupancy_compute(&hws[h], &ks[k], &occ, &err) != 0
                || cusim_validate(&hws[h], &ks[k], NULL, &err) != 0) {
                status = cli_bad_input(&err);
                continue;
            }
            printf("%s%s on %s: ok (%u workgroups per CU, occupancy %.4g, "
                   "limited by %s)\n", lead, ks[k].name, hws[h].name,
                   occ.workgroups_per_cu, occ.theoretical,
                   cusim_limiter_name(occ.limiter));
        }

    for (int k = 0; k < n_k; k++)
        cusim_kernel_free(&ks[k]);
    free(ks);
    free(hws);
    return status;
}
