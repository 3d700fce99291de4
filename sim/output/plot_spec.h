/*
 * plot_spec.h — reading an experiment's `plots:` (the format is in
 * plot.h) into plot_spec values, and checking that every column a plot
 * names is one the results will have. Used by the experiment loader.
 */
#ifndef CUSIM_PLOT_SPEC_H
#define CUSIM_PLOT_SPEC_H

#include <stdbool.h>
#include <stddef.h>

#include "cusim.h"
#include "plot.h"
#include "yamldoc.h"

/* Reads the `plots:` value `n` of document `d`: null (no plots) or a list
 * of plot mappings; expands y wildcards; fills the default axis labels (a
 * panel's x and first y column; for a stacked panel "PREFIX.*" when its
 * columns share a dotted prefix, else the columns joined by " + "). Figure names must be distinct base names. On success returns
 * 0 with `*plots` (the caller frees it; NULL for none) and `*n_plots`; on
 * failure returns -1 with `err` set at the node at fault, `*plots` NULL
 * and `*n_plots` 0. */
int plot_spec_parse(ydoc *d, const yaml_node_t *n, plot_spec **plots,
                    size_t *n_plots, cusim_error *err);

/* Whether y entry `s` is a wildcard: PREFIX.* with a non-empty PREFIX. */
bool plot_spec_is_wildcard(const char *s);

/* The columns wildcard `pattern` (plot_spec_is_wildcard) stands for: the
 * result fields of `cusim sim` of unit "fraction" whose keys start with
 * PREFIX., in the field table's order (so stalls.* is every stall class,
 * and warp_states.* every warp state but warp_states.cycles_per_issue).
 * Writes the first `max` keys (pointers to constant tables) to `names`;
 * returns how many there are, 0 for a prefix no such field has. */
size_t plot_spec_expand(const char *pattern, const char **names, size_t max);

/* Checks that every x, y and series column of `plots[0 .. n_plots-1]`,
 * read from `plots:` node `list` of `d`, is one of `cols[0 .. n_cols-1]`
 * (the results' columns), or for the x and y of a timeline panel a
 * timeline column. Returns 0, or -1 with `err` set at the node that
 * names the first missing one, with a did-you-mean when one is close. */
int plot_spec_check_columns(ydoc *d, const yaml_node_t *list,
                            const plot_spec *plots, size_t n_plots,
                            const char *const *cols, size_t n_cols,
                            cusim_error *err);

/* Checks the timeline panels of `plots[0 .. n_plots-1]`, read from
 * `plots:` node `list` of `d`, against the experiment: it must write
 * timelines (`has_timeline`), a panel without `points` may draw at most
 * PLOT_MAX_TIMELINES of its `n_points` points, and every point a panel
 * picks must exist. Returns 0, or -1 with `err` set at the panel's
 * `source` (or the point at fault). */
int plot_spec_check_timelines(ydoc *d, const yaml_node_t *list,
                              const plot_spec *plots, size_t n_plots,
                              bool has_timeline, size_t n_points,
                              cusim_error *err);

/* Fills the axis labels `pn` leaves empty (an empty label is not given):
 * for a results column, its result field's meaning and unit from the
 * field table ("simulated time in microseconds (us)"), or the column's
 * own name for a parameter; y of several lines columns: their unit when
 * every one is a field of that unit, else the columns joined by ", "; a
 * stacked panel's y: "PREFIX.*" when its columns share a dotted prefix,
 * else the columns joined by " + "; a timeline panel: the column names. */
void plot_spec_default_labels(plot_panel *pn);

/* The length of the dotted prefix (through its last '.') that every y
 * column of `pn` starts with, 0 when there is none or it is a whole
 * column: a stacked panel's default label is PREFIX.*, and its legend
 * (plot_gnuplot.c) names each column without the prefix
 * ("stalls.memory_throttle" as "memory_throttle"). */
size_t plot_spec_stack_prefix(const plot_panel *pn);

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
int plot_spec_hidden(const plot_panel *pl, const plot_params *pp,
                     bool *hidden);

/* Checks every panel of `plots[0 .. n_plots-1]`, read from `plots:` node
 * `list` of `d`, against the parameters `pp`: each where key must be a
 * parameter column; a panel that hides parameters gets them as its
 * facet columns (plot_panel.facet, in the CSV's order), unless it says
 * `facet: false`, which is then an error naming them; a figure may draw
 * at most PLOT_MAX_DRAWN panels, counting a faceted panel once per
 * combination of its hidden axes. Sets each plot's n_params. Returns 0,
 * or -1 with `err` set at the node at fault. */
int plot_spec_check_hidden(ydoc *d, const yaml_node_t *list,
                           plot_spec *plots, size_t n_plots,
                           const plot_params *pp, cusim_error *err);

#endif /* CUSIM_PLOT_SPEC_H */
