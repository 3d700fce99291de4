/*
 * experiment.c — a loaded experiment: loading in passes, freeing and the
 * accessors (see experiment.h for the format and the expansion order).
 * The passes live in their own files: the sections and axes in
 * exp_parse.c, the expansion in exp_sweep.c, the plots in plot_spec.c,
 * the configurations in exp_configs.c.
 *
 * Loading runs in passes so the error reported is the first a reader of
 * the file would meet:
 *   1. the top-level keys, in the order written: each section's shape, its
 *      key paths and values (a file named by a value must be readable);
 *   2. the axes put in expansion order, the parameter columns built, the
 *      rules across sections checked (a key varies in one place, every
 *      point has hardware and a kernel, the point count is bounded);
 *   3. the plots' columns, where keys, hidden parameters and timelines;
 *   4. every point's hardware and kernel loaded through the config loaders
 *      (each distinct configuration once) with the point's overrides as
 *      cusim_set values located at the experiment file's text, and each
 *      distinct pair's occupancy computed, in point order.
 */
#include "experiment.h"
#include "exp_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot_check.h"
#include "xalloc.h"
#include "yamldoc.h"

/* Pass 3: every column the plots name is a column of the results (or of
 * the timelines), every where key a parameter, the hidden parameters
 * become facets (or an error), and the timeline panels have timelines to
 * draw. */
static int check_plot_columns(experiment *e, ydoc *d,
                              const yaml_node_t *plots, cusim_error *err)
{
    if (e->n_plots == 0)
        return 0;
    for (size_t i = 0; i < e->n_plots; i++) {
        e->plots[i].labels = e->labels;
        e->plots[i].n_labels = e->n_labels;
    }
    size_t n = e->sw.n_keys + e->n_metrics + 2, c = 0;
    const char **cols = xcalloc(n, sizeof *cols);
    for (size_t i = 0; i < e->sw.n_keys; i++)
        cols[c++] = e->sw.keys[i].path;
    for (size_t i = 0; i < e->n_metrics; i++)
        cols[c++] = e->metrics[i];
    cols[c++] = "status";
    cols[c++] = "error";
    int rc = plot_check_columns(d, plots, e->plots, e->n_plots, cols, c,
                                err);
    /* the parameters and their axes, for the hidden-parameter check */
    size_t *axis = xcalloc(e->sw.n_keys + 1, sizeof *axis);
    size_t *axis_size = xcalloc(e->sw.n_axes + 1, sizeof *axis_size);
    for (size_t i = 0; i < e->sw.n_keys; i++)
        axis[i] = e->sw.keys[i].axis;
    for (size_t a = 0; a < e->sw.n_axes; a++)
        axis_size[a] = e->sw.axes[a].n;
    plot_params pp = { cols, axis, e->sw.n_keys, axis_size, e->sw.n_axes };
    if (rc == 0)
        rc = plot_check_hidden(d, plots, e->plots, e->n_plots, &pp, err);
    free(axis);
    free(axis_size);
    if (rc == 0)
        rc = plot_check_timelines(d, plots, e->plots, e->n_plots,
                                  e->timeline, e->sw.n_points, err);
    free(cols);
    return rc;
}

/* A new experiment named by `path`, holding copies of the command
 * line's overrides. */
static experiment *exp_new(const char *path, const cusim_set *sets,
                           size_t n_sets)
{
    experiment *e = xcalloc(1, sizeof *e);
    e->file = xstrdup(path ? path : "");
    const char *slash = strrchr(e->file, '/');
    e->dir = xstrndup(e->file, slash ? (size_t)(slash - e->file) + 1 : 0);
    e->cli = xcalloc(n_sets, sizeof *e->cli);
    for (size_t i = 0; i < n_sets; i++) {
        e->cli[i] = sets[i];
        e->cli[i].path = xstrdup(sets[i].path ? sets[i].path : "");
        e->cli[i].value = xstrdup(sets[i].value ? sets[i].value : "");
        e->cli[i].file = xstrdup(sets[i].file ? sets[i].file : "--set");
        e->n_cli = i + 1;
    }
    exp_configs_metrics(e);
    return e;
}

/* Passes 1 to 4 over the parsed document `d` (freed here). */
static int exp_finish(experiment *e, ydoc *d, experiment **out,
                      cusim_error *err)
{
    const yaml_node_t *plots = NULL;
    int rc = exp_parse(e, d, &plots, err);
    if (rc == 0)
        rc = check_plot_columns(e, d, plots, err);
    ydoc_free(d);
    if (rc == 0)
        rc = exp_configs_load(e, err);
    if (rc != 0) {
        exp_free(e);
        return -1;
    }
    *out = e;
    return 0;
}

int exp_load_opts(const char *path, const char *text, const cusim_set *sets,
                  size_t n_sets, const exp_options *opt, experiment **out,
                  cusim_error *err)
{
    return exp_load_bytes(path, text, text ? strlen(text) : 0, sets, n_sets,
                          opt, out, err);
}

int exp_load_bytes(const char *path, const char *text, size_t len,
                   const cusim_set *sets, size_t n_sets,
                   const exp_options *opt, experiment **out, cusim_error *err)
{
    experiment *e = exp_new(path, sets, n_sets);
    e->max_instructions = opt ? opt->max_instructions : 0;
    if (opt && opt->n_line_names) {
        e->n_line_names = opt->n_line_names;
        e->line_names = xcalloc(e->n_line_names, sizeof *e->line_names);
        for (size_t i = 0; i < e->n_line_names; i++)
            e->line_names[i] = opt->line_names[i]
                               ? xstrdup(opt->line_names[i]) : NULL;
    }
    ydoc d;
    *out = NULL;
    int rc = text ? ydoc_load_bytes(&d, text, len, e->file,
                                    "an experiment mapping", err)
                  : ydoc_load_file(&d, e->file, e->file,
                                   "an experiment mapping", err);
    if (rc != 0) {
        exp_free(e);
        return -1;
    }
    return exp_finish(e, &d, out, err);
}

int exp_load(const char *path, const cusim_set *sets, size_t n_sets,
             experiment **out, cusim_error *err)
{
    return exp_load_opts(path, NULL, sets, n_sets, NULL, out, err);
}

int exp_load_text(const char *path, const char *text, const cusim_set *sets,
                  size_t n_sets, experiment **out, cusim_error *err)
{
    return exp_load_opts(path, text, sets, n_sets, NULL, out, err);
}

uint64_t exp_max_instructions(const experiment *e)
{
    return e->max_instructions;
}

void exp_free(experiment *e)
{
    if (!e)
        return;
    free(e->file);
    free(e->dir);
    for (size_t i = 0; i < e->n_line_names; i++)
        free(e->line_names[i]);
    free(e->line_names);
    free(e->description);
    exp_value_free(&e->hardware);
    exp_value_free(&e->kernel);
    for (size_t i = 0; i < e->n_set; i++) {
        free(e->set[i].path);
        exp_value_free(&e->set[i].v);
    }
    free(e->set);
    for (size_t i = 0; i < e->n_cli; i++) {
        free((char *)e->cli[i].path);
        free((char *)e->cli[i].value);
        free((char *)e->cli[i].file);
    }
    free(e->cli);
    exp_sweep_free(&e->sw);
    for (size_t i = 0; i < e->n_hws; i++)
        free(e->hws[i]);
    free(e->hws);
    free(e->hw_hash);
    for (size_t i = 0; i < e->n_kernels; i++) {
        cusim_kernel_free(e->kernels[i]);
        free(e->kernels[i]);
    }
    free(e->kernels);
    free(e->kernel_hash);
    free(e->point_hw);
    free(e->point_kernel);
    free(e->point_reason);
    for (size_t i = 0; i < e->n_reasons; i++)
        free(e->reasons[i]);
    free(e->reasons);
    free(e->plots);
    for (size_t i = 0; i < e->n_labels; i++)
        free((char *)e->labels[i].label);
    free(e->labels);
    free(e);
}

/* ----------------------------------------------------------- accessors */

const char *exp_name(const experiment *e)
{
    return e->name;
}

const char *exp_output(const experiment *e)
{
    return e->output;
}

size_t exp_n_points(const experiment *e)
{
    return e->sw.n_points;
}

size_t exp_n_columns(const experiment *e)
{
    return e->sw.n_keys;
}

const char *exp_column(const experiment *e, size_t c)
{
    return c < e->sw.n_keys ? e->sw.keys[c].path : NULL;
}

const char *exp_param(const experiment *e, size_t p, size_t c)
{
    if (c >= e->sw.n_keys || p >= e->sw.n_points)
        return "";
    if (e->sw.keys[c].kind == EXP_KEY_HW_NAME)
        return e->hws[e->point_hw[p]]->name;
    if (e->sw.keys[c].kind == EXP_KEY_KERNEL_NAME)
        return e->kernels[e->point_kernel[p]]->name;
    const exp_value *v = exp_sweep_value(&e->sw, p, c);
    return v ? v->shown : "";
}

const char *exp_point_infeasible(const experiment *e, size_t p)
{
    if (p >= e->sw.n_points || e->point_reason[p] == UINT32_MAX)
        return NULL;
    return e->reasons[e->point_reason[p]];
}

size_t exp_n_infeasible(const experiment *e)
{
    return e->n_infeasible;
}

const cusim_hw *exp_point_hw(const experiment *e, size_t p)
{
    return p < e->sw.n_points ? e->hws[e->point_hw[p]] : NULL;
}

const cusim_kernel *exp_point_kernel(const experiment *e, size_t p)
{
    return p < e->sw.n_points ? e->kernels[e->point_kernel[p]] : NULL;
}

bool exp_timeline(const experiment *e)
{
    return e->timeline;
}

uint64_t exp_timeline_every(const experiment *e)
{
    return e->timeline_every;
}

size_t exp_n_plots(const experiment *e)
{
    return e->n_plots;
}

const plot_spec *exp_plot(const experiment *e, size_t i)
{
    return i < e->n_plots ? &e->plots[i] : NULL;
}


const char *exp_file(const experiment *e)
{
    return e->file;
}

const char *exp_param_text(const experiment *e, size_t p, size_t c,
                           bool *is_file)
{
    *is_file = false;
    if (c >= e->sw.n_keys || p >= e->sw.n_points)
        return NULL;
    exp_key_kind kind = e->sw.keys[c].kind;
    const exp_value *v;
    if (kind == EXP_KEY_HW_NAME || kind == EXP_KEY_KERNEL_NAME
        || !(v = exp_sweep_value(&e->sw, p, c)))
        return NULL;
    *is_file = kind != EXP_KEY_SET;
    return v->text;
}

size_t exp_n_hw_configs(const experiment *e)
{
    return e->n_hws;
}

size_t exp_n_kernel_configs(const experiment *e)
{
    return e->n_kernels;
}

size_t exp_point_hw_config(const experiment *e, size_t p)
{
    return e->point_hw[p];
}

size_t exp_point_kernel_config(const experiment *e, size_t p)
{
    return e->point_kernel[p];
}

size_t exp_n_metrics(const experiment *e)
{
    return e->n_metrics;
}

const char *exp_metric(const experiment *e, size_t i)
{
    return i < e->n_metrics ? e->metrics[i] : NULL;
}
