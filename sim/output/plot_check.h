/*
 * plot_check.h — an experiment's plots (plot_spec.h) checked against what
 * the experiment will write, before anything runs: the columns each panel
 * names, its timeline points, its where: keys and the swept parameters it
 * hides (which facet it). Used by the experiment loader.
 */
#ifndef CUSIM_PLOT_CHECK_H
#define CUSIM_PLOT_CHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "cusim.h"
#include "plot.h"
#include "yamldoc.h"

/* Checks that every x, y and series column of `plots[0 .. n_plots-1]`,
 * read from `plots:` node `list` of `d`, is one of `cols[0 .. n_cols-1]`
 * (the results' columns), or for the x and y of a timeline panel a
 * timeline column. Returns 0, or -1 with `err` set at the node that
 * names the first missing one, with a did-you-mean when one is close. */
int plot_check_columns(ydoc *d, const yaml_node_t *list,
                            const plot_spec *plots, size_t n_plots,
                            const char *const *cols, size_t n_cols,
                            cusim_error *err);

/* Checks the timeline panels of `plots[0 .. n_plots-1]`, read from
 * `plots:` node `list` of `d`, against the experiment: it must write
 * timelines (`has_timeline`), a panel without `points` may draw at most
 * PLOT_MAX_TIMELINES of its `n_points` points, and every point a panel
 * picks must exist. Returns 0, or -1 with `err` set at the panel's
 * `source` (or the point at fault). */
int plot_check_timelines(ydoc *d, const yaml_node_t *list,
                              const plot_spec *plots, size_t n_plots,
                              bool has_timeline, size_t n_points,
                              cusim_error *err);

/* The parameter columns of an experiment's results, and the axes that
 * vary them (experiment.h: the axes, slowest first). */
typedef struct plot_params {
    const char *const *names;   /* the columns, in the CSV's order */
    const size_t *axis;         /* the axis of each column */
    size_t n;
    const size_t *axis_size;    /* the positions of each axis */
    size_t n_axes;
} plot_params;

/* Which axes panel `pl` hides (plot.h, "Hidden parameters"): sets
 * hidden[a] (room for pp->n_axes) and returns how many. An axis is
 * accounted for when x, series or a where key is one of its columns, or
 * it has one position; with x a result field (no parameter), the fastest
 * axis left is the one that moves x. A timeline panel hides none. */
int plot_check_hidden_axes(const plot_panel *pl, const plot_params *pp,
                     bool *hidden);

/* Checks every panel of `plots[0 .. n_plots-1]`, read from `plots:` node
 * `list` of `d`, against the parameters `pp`: each where key must be a
 * parameter column; a panel that hides parameters gets them as its
 * facet columns (plot_panel.facet, in the CSV's order), unless it says
 * `facet: false`, which is then an error naming them; a figure may draw
 * at most PLOT_MAX_DRAWN panels, counting a faceted panel once per
 * combination of its hidden axes. Sets each plot's n_params. Returns 0,
 * or -1 with `err` set at the node at fault. */
int plot_check_hidden(ydoc *d, const yaml_node_t *list,
                           plot_spec *plots, size_t n_plots,
                           const plot_params *pp, cusim_error *err);

#endif /* CUSIM_PLOT_CHECK_H */
