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
 *
 * A y entry PREFIX.* (stalls.*, warp_states.*) stands for every result
 * field of unit "fraction" under PREFIX, in the field table's order
 * (plot_spec_expand in plot_spec.h).
 */
#define PLOT_MAX_PANELS 6
#define PLOT_MAX_Y 6            /* y columns of a lines panel */
#define PLOT_MAX_STACK 12       /* y columns of a stacked panel (2 or more) */

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

/* Writes `spec`'s figure from the results CSV at `csv_path` (header row of
 * dotted column names, as cusim run writes it) into directory `dir`:
 * FILE.gp, FILE.png, FILE.svg. Runs `gnuplot` (it must be on PATH). Each
 * file is written atomically (temporary name, then rename). Returns 0, or
 * -1 with `err` set (a column the CSV lacks is an error naming the plot's
 * file and the column). */
int plot_write(const plot_spec *spec, const char *csv_path, const char *dir,
               cusim_error *err);

#endif /* CUSIM_PLOT_H */
