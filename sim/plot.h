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
 */
#define PLOT_MAX_PANELS 6
#define PLOT_MAX_Y 6

typedef struct plot_panel {
    char x[96];
    char y[PLOT_MAX_Y][96];
    int n_y;
    char series[96];                   /* "" for none */
    char xlabel[128], ylabel[128];
    char title[128];
    int logx, logy;
} plot_panel;

typedef struct plot_spec {
    char file[128];
    char title[160];
    plot_panel panels[PLOT_MAX_PANELS];
    int n_panels;
} plot_spec;

/* Writes `spec`'s figure from the results CSV at `csv_path` (header row of
 * dotted column names, as cusim run writes it) into directory `dir`:
 * FILE.gp, FILE.png, FILE.svg. Runs `gnuplot` (it must be on PATH). Each
 * file is written atomically (temporary name, then rename). Returns 0, or
 * -1 with `err` set (a column the CSV lacks is an error naming the plot's
 * file and the column). */
int plot_write(const plot_spec *spec, const char *csv_path, const char *dir,
               cusim_error *err);

#endif /* CUSIM_PLOT_H */
