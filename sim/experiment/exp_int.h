/*
 * exp_int.h — the loaded experiment's struct, shared by the files of the
 * experiment module only: experiment.c (loading passes, accessors),
 * exp_parse.c (the file's sections) and exp_configs.c (the configurations).
 * Everyone else, results.c included, uses experiment.h.
 */
#ifndef CUSIM_EXP_INT_H
#define CUSIM_EXP_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "exp_sweep.h"
#include "experiment.h"
#include "yamldoc.h"

/* Invariants after exp_load: sw.n_points is the product of the axes'
 * sizes (1 with no axes); every point has a hardware and a kernel file;
 * point_hw[p] and point_kernel[p] index loaded configs, each valid alone;
 * point_reason[p] says whether the two run together (an infeasible
 * point: a design-space result, not an error). */
struct experiment {
    char *file;              /* as given: marks and messages name it */
    uint64_t max_instructions;  /* the points' budget (exp_options) */
    char **line_names;       /* exp_options' (owned; NULL entries: none) */
    size_t n_line_names;
    char *dir;               /* its directory with a trailing '/', or "" */
    char name[64];
    char *description;
    char output[128];
    exp_value hardware, kernel;   /* top-level single files (text NULL:
                                     none, or a list: then an axis) */
    exp_assign *set;         /* `set:` */
    size_t n_set;
    cusim_set *cli;          /* the command line's, strings owned */
    size_t n_cli;
    exp_sweep sw;            /* the axes and the parameter columns */
    size_t max_sets;         /* the most overrides one point has */
    cusim_hw **hws;          /* each distinct hardware config, in the order
                                the points first need it */
    uint64_t *hw_hash;       /* of each one's echo */
    size_t n_hws;
    cusim_kernel **kernels;
    uint64_t *kernel_hash;
    size_t n_kernels;
    uint32_t *point_hw, *point_kernel;
    uint32_t *point_reason;  /* index in reasons of why the point cannot
                                run (cusim_validate), or UINT32_MAX */
    char **reasons;          /* one per infeasible (hardware, kernel) */
    size_t n_reasons;
    size_t n_infeasible;     /* points that cannot run */
    bool timeline;           /* `timeline:`: every point writes one */
    uint64_t timeline_every; /* its window, cycles; 0: cusim sim's default
                                (cusim_sim_options.timeline_every) */
    plot_spec *plots;
    size_t n_plots;
    plot_value_label *labels;   /* `label:` (exp_label.c): column and value
                                   point into `sw`, the label is owned */
    size_t n_labels;
    const char *metrics[CUSIM_REPORT_MAX];   /* CSV metric columns */
    size_t n_metrics;
    uint64_t metrics_hash;   /* of every report key, sim.* included */
};

/* exp_parse.c: passes 1 and 2 of exp_load (experiment.c) over document
 * `d` of `e->file`: every top-level section, the defaulted name and
 * output, then the axes in expansion order with their columns and the
 * rules across sections. Sets `*plots` to the `plots:` node (NULL when
 * there is none) for the column checks. Returns 0, or -1 with `err` set. */
int exp_parse(experiment *e, ydoc *d, const yaml_node_t **plots,
              cusim_error *err);

/* exp_label.c: reads `label:` node `n` of document `d` (pass 2, once the
 * axes and columns are known) into e->labels: for each swept key it
 * names, a list of distinct labels, one per value of the key's axis (a
 * sweep, a zip, or a top-level hardware or kernel list), in the order
 * written. Returns 0, or -1 with `err` set at the node at fault (a list
 * whose length differs from the values' count: at the list). */
int exp_label_parse(experiment *e, ydoc *d, const yaml_node_t *n,
                    cusim_error *err);

/* exp_configs.c: fills e->metrics and e->metrics_hash (before parsing:
 * the plots' column checks need them). */
void exp_configs_metrics(experiment *e);

/* exp_configs.c: pass 4 of exp_load: loads every point's hardware and
 * kernel (each distinct configuration once) and computes each distinct
 * pair's occupancy, in point order. Returns 0, or -1 with `err` set. */
int exp_configs_load(experiment *e, cusim_error *err);

/* exp_parse.c (with the marks it reads; exp_configs.c asks too): what the
 * user wrote that mark `m` stands for, when it is a line of generated
 * text with a name (exp_options.line_names), else NULL. */
const char *exp_line_name(const experiment *e, const cusim_mark *m);

/* exp_parse.c: writes where mark `m` is, for a message about another
 * place than its own: "by OPTION" for a named generated line, else "at
 * line L, column C". Returns buf. */
const char *exp_where(const experiment *e, const cusim_mark *m, char *buf,
                      size_t size);

#endif /* CUSIM_EXP_INT_H */
