/*
 * cmd_diagnose.c — `cusim diagnose HW KERNEL`: the baseline and its
 * counterfactual runs (sim/experiment/diagnose.h), serially or on N forked workers,
 * then the report.
 *
 * With -j N the baseline and the variants run on forked workers
 * (cli_pool_run), which inherit the plan and send back (status, the
 * cusim_result's bytes, the error); the parent records them by variant,
 * so the report does not
 * depend on which worker ran what. A cusim_result's pointers (`bound`,
 * `bound_unit`, `busiest_unit_name`, the dispatches' `bound`) point to
 * constant strings of this same executable, so its bytes mean the same
 * in the parent.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "diagnose.h"

/* What a variant's run sends back. */
typedef struct variant_msg {
    int32_t rc;
    cusim_result res;
    cusim_error err;
} variant_msg;

/* The variants still to run, and the plan they record into. */
typedef struct variants {
    diag_plan *p;
    diag_kind todo[DIAG_COUNT];
    cusim_error base_err;   /* the baseline's error, as it came back */
} variants;

static void variant_run(void *ctx, int i, void *msg)
{
    const variants *vs = ctx;
    variant_msg *m = msg;
    m->rc = diag_simulate(vs->p, vs->todo[i], &m->res, &m->err);
}

static void variant_record(void *ctx, int i, const void *msg)
{
    variants *vs = ctx;
    const variant_msg *m = msg;
    cusim_error died;
    memset(&died, 0, sizeof died);
    snprintf(died.message, sizeof died.message, "its worker process died");
    const cusim_error *err = m ? &m->err : &died;
    if (vs->todo[i] == DIAG_BASELINE)
        vs->base_err = *err;
    diag_record(vs->p, vs->todo[i], m ? m->rc : 1, m ? &m->res : NULL, err);
}

int cli_diagnose(int argc, char **argv)
{
    const cli_command *cmd = cli_find("diagnose");
    cli_args args;
    int status;
    const unsigned opts = CLI_OPT_SET | CLI_OPT_FORMAT | CLI_OPT_JOBS
                          | CLI_OPT_BUDGET | CLI_OPT_PROGRESS;
    if (!cli_begin(cmd, argc, argv, opts, &args, &status))
        return status;
    if (args.format == CUSIM_FORMAT_CSV) {
        cli_say("cusim diagnose: --format expects text or json, got "
                "'csv'\n");
        return CLI_BAD_INPUT;
    }
    cusim_hw hw;
    cusim_kernel k;
    if ((status = cli_load_pair(cmd, &args, &hw, &k)) != CLI_OK)
        return status;
    cusim_error err;
    diag_plan *p = diag_plan_new(&hw, &k, &err);
    cusim_kernel_free(&k);
    if (!p)
        return cli_bad_input(&err);
    p->max_instructions = args.max_instructions;

    /* Every run on the pool, the baseline first; its failure is the
     * command's, reported once all have run. The pipes' variants run
     * after the baseline is recorded (it says which pipes can bind), in a
     * second round. */
    variants vs = { .p = p };
    cli_pool_tasks tasks = { .size = sizeof(variant_msg), .ctx = &vs,
                             .run = variant_run, .record = variant_record };
    cli_progress bar;
    cli_progress_start(&bar, "cusim diagnose", "runs", args.progress);
    tasks.progress = &bar;
    for (int round = 0; round < 2; round++) {
        tasks.n = 0;
        for (int i = 0; i < DIAG_COUNT; i++)
            if ((i == DIAG_BASELINE || p->v[i].applicable)
                && diag_from_baseline((diag_kind)i) == (round == 1))
                vs.todo[tasks.n++] = (diag_kind)i;
        if (round == 1 && p->v[DIAG_BASELINE].rc != 0)
            break;
        if (tasks.n > 0)
            cli_pool_run(&tasks, args.jobs);
    }
    cli_progress_end(&bar);
    const diag_variant *base = &p->v[DIAG_BASELINE];
    if (base->rc != 0) {
        int rc = base->rc;
        err = vs.base_err;
        diag_plan_free(p);
        if (rc < 0)
            return cli_bad_input(&err);
        cusim_error_print(&err, stderr);
        return CLI_FAILURE;
    }

    diag_verdict v;
    diag_conclude(p, &v);
    diag_print(stdout, p, &v, args.format);
    diag_plan_free(p);
    return CLI_OK;
}
