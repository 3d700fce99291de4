/*
 * plot.h — an experiment's figures: a plot_spec (parsed from the
 * experiment file's `plots:`, see experiment.h) drawn from the results CSV
 * by gnuplot.
 */
#ifndef CUSIM_PLOT_H
#define CUSIM_PLOT_H

#include "cusim.h"

/* One plot of an experiment: a figure with one or more panels. Each
 * written as FILE.gp (gnuplot script, kept so users can restyle it),
 * FILE.png (pngcairo, 800 pixels wide) and FILE.svg:
 *
 *   plots:
 *     - file: c2-throughput            # base name under the figures dir
 *       title: "Latency hiding needs ~40 subgroups (C2)"
 *       panels:                        # optional; without it the plot's
 *         - x: occupancy.achieved      #   own x/y/... keys make one panel
 *           y: [issue.ipc]             # one column or a list of columns
 *           series: hw.cu.policy       # optional: one line per value
 *           xlabel: "achieved occupancy (fraction)"
 *           ylabel: "warp instructions per cycle per CU"
 *           logx: false
 *           logy: false
 *           title: "..."               # optional panel title
 *           style: lines               # or stacked: one bar per point,
 *                                      #   the y columns stacked
 *           source: results            # or timeline: x and y name
 *                                      #   columns of the points' timelines
 *           points: [0, 5]             # timeline: the points drawn
 *                                      #   (default: all, at most 16)
 *
 * A timeline panel (source: timeline) draws one line per (y column,
 * point) from each point's timeline CSV (cusim sim --timeline; the
 * experiment's `timeline:` key writes them): x is `cycle` unless given,
 * y one or more timeline columns; a line is labelled by its series
 * column's value when `series` is given, else by the point's parameters.
 * Failed points are left out. It takes no wildcard and no stacked style.
 * A y entry PREFIX.* (stalls.*, warp_states.*) stands for every result
 * field of unit "fraction" under PREFIX, in the field table's order
 * (plot_spec_expand in plot_spec.h).
 */
#define PLOT_MAX_PANELS 6
#define PLOT_MAX_Y 6            /* y columns of a lines panel */
#define PLOT_MAX_STACK 12       /* y columns of a stacked panel (2 or more) */
#define PLOT_MAX_TIMELINES 16   /* points a timeline panel draws */

/* Where a panel's x and y columns come from. */
typedef enum plot_source {
    PLOT_RESULTS,       /* the results CSV: a point per row */
    PLOT_TIMELINE       /* each point's timeline CSV: a line per point */
} plot_source;

/* How a panel draws its y columns. */
typedef enum plot_style {
    PLOT_LINES,         /* a curve per (y column, series value), by x */
    PLOT_STACKED        /* a bar per point, the y columns stacked; no
                           series, no log axis */
} plot_style;

typedef struct plot_panel {
    char x[96];
    char y[PLOT_MAX_STACK][96];        /* n_y used: at most PLOT_MAX_Y for
                                          lines, PLOT_MAX_STACK stacked */
    int n_y;
    char series[96];                   /* "" for none */
    char xlabel[128], ylabel[128];
    char title[128];
    int logx, logy;
    plot_style style;
    plot_source source;
    size_t points[PLOT_MAX_TIMELINES];  /* timeline: the points drawn, in */
    int n_points;                       /* the order given; 0: all */
} plot_panel;

typedef struct plot_spec {
    char file[128];
    char title[160];
    plot_panel panels[PLOT_MAX_PANELS];
    int n_panels;
} plot_spec;

/* The length of the dotted prefix (through its last '.') that every y
 * column of `pn` starts with, 0 when there is none or it is a whole
 * column; a stacked panel's legend names each column without it
 * ("stalls.memory_throttle" as "memory_throttle"). */
size_t plot_stack_prefix(const plot_panel *pn);

/* Where the points' timelines are, for timeline panels: point p's is
 * paths[p] (NULL: it has none), p being the results CSV's data row p + 1
 * (the rows are in point order); the CSV's first `n_params` columns are
 * the parameters that label a line without a series. */
typedef struct plot_timelines {
    const char *const *paths;
    size_t n_points;
    size_t n_params;
} plot_timelines;

/* Writes `spec`'s figure from the results CSV at `csv_path` (header row of
 * dotted column names, as cusim run writes it) and, for timeline panels,
 * the timelines `tl` (NULL: none; then a timeline panel is an error) into
 * directory `dir`: FILE.gp, FILE.png, FILE.svg. Runs `gnuplot` (it must be
 * on PATH). Each file is written atomically (temporary name, then rename).
 * Returns 0; 1 when there is no gnuplot: FILE.gp is written, the images
 * are not (`err` says why; `gnuplot FILE.gp` draws them later); or -1 with
 * `err` set (a column the CSV lacks is an error naming the plot's file and
 * the column). */
int plot_write(const plot_spec *spec, const char *csv_path,
               const plot_timelines *tl, const char *dir, cusim_error *err);

#endif /* CUSIM_PLOT_H */
