/*
 * fuzz_exp.c — the experiment loader (exp_load_text) on any text, as if it
 * were a file in the repository's configs/experiments/ (so the shipped
 * experiments' relative file names resolve: CUSIM_FUZZ_ROOT is the
 * repository, set by the Makefile). An accepted experiment's points,
 * columns and echoes are walked, each point's config must be in range of
 * the experiment's config tables.
 */
#include "fuzz.h"

#include "experiment.h"

#ifndef CUSIM_FUZZ_ROOT
#define CUSIM_FUZZ_ROOT "."
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    experiment *e;
    cusim_error err;
    if (exp_load_text(CUSIM_FUZZ_ROOT "/configs/experiments/fuzz.yaml", text,
                      NULL, 0, &e, &err) == 0) {
        size_t n = exp_n_points(e), cols = exp_n_columns(e);
        if (n == 0 || n > EXP_MAX_POINTS)
            fuzz_fail("an experiment without points, or too many", NULL);
        /* the first points, the last: enough to touch every table */
        for (size_t p = 0; p < n; p = p < 8 ? p + 1 : (p < n - 1 ? n - 1 : n)) {
            for (size_t c = 0; c < cols; c++)
                if (!exp_column(e, c) || !exp_param(e, p, c))
                    fuzz_fail("a NULL column or parameter", NULL);
            if (exp_point_hw_config(e, p) >= exp_n_hw_configs(e)
                || exp_point_kernel_config(e, p) >= exp_n_kernel_configs(e))
                fuzz_fail("a point's config past the tables", NULL);
            if (!exp_point_infeasible(e, p)) {
                free(exp_point_hw_echo(e, p));
                free(exp_point_kernel_echo(e, p));
            }
        }
        exp_free(e);
    } else {
        fuzz_check_error(&err);
    }
    free(text);
    return 0;
}
