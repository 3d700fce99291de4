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
 *           xlabel: "achieved occupancy (fraction)"   # default:
 *           ylabel: "warp instructions per cycle per CU"
 *                                      #   plot_label_defaults
 *           logx: false
 *           logy: false
 *           title: "..."               # optional panel title
 *           style: lines               # or stacked: one bar per point,
 *                                      #   the y columns stacked; or
 *                                      #   roofline (no x, y, logx,
 *                                      #   logy, ymin, ymax, yzero)
 *           source: results            # or timeline: x and y name
 *                                      #   columns of the points' timelines
 *           points: [0, 5]             # timeline: the points drawn
 *                                      #   (default: all, at most 16)
 *           where: { hw.name: x }      # optional: only the points whose
 *                                      #   parameter columns read so
 *           facet: true                # false: one panel, so a hidden
 *                                      #   parameter is an error
 *
 * Hidden parameters (docs/formats.md, "Facets"): a results panel accounts
 * for an axis of the sweep when x, series or a where key is one of the
 * axis's parameter columns; when x is a result field (not a parameter),
 * the fastest-varying axis not otherwise accounted for is taken as the
 * one that moves it. Every other axis is hidden: the panel is drawn once
 * per combination of the hidden axes' columns (facets), or, with
 * `facet: false`, the experiment is rejected. The experiment loader finds
 * them (plot_check_hidden) and fills `facet` of each panel; a figure
 * draws at most PLOT_MAX_DRAWN panels, facets included.
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
 *
 * An x column with text among the rows a lines panel draws, or whose
 * values a figure shows as other than their text (plot_label.h: the
 * experiment's `label:`, a swept mapping or list made readable), is
 * categorical: each distinct value a position, in row order, labelled as
 * shown. A value <= 0 on a log axis of a results panel is an error (a
 * timeline panel leaves it out). docs/formats.md ("Plots") is the user's
 * description of all of it.
 */
#define PLOT_MAX_PANELS 6
#define PLOT_MAX_Y 6            /* y columns of a lines panel */
#define PLOT_MAX_STACK 12       /* y columns of a stacked panel (2 or more) */
#define PLOT_MAX_TIMELINES 16   /* points a timeline panel draws */
#define PLOT_MAX_WHERE 8        /* where: keys of a panel */
#define PLOT_MAX_FACET_KEYS 8   /* columns a panel facets by */
#define PLOT_MAX_DRAWN 12       /* panels a figure draws, facets included */

/* One condition of a panel's `where:`: column `key` reads `value` (the
 * CSV's text). */
typedef struct plot_where {
    char key[96];
    char value[96];
} plot_where;

/* Where a panel's x and y columns come from. */
typedef enum plot_source {
    PLOT_RESULTS,       /* the results CSV: a point per row */
    PLOT_TIMELINE       /* each point's timeline CSV: a line per point */
} plot_source;

/* How a panel draws its y columns. */
typedef enum plot_style {
    PLOT_LINES,         /* a curve per (y column, series value), by x */
    PLOT_STACKED,       /* a bar per point, the y columns stacked; no
                           series, no log axis */
    PLOT_ROOFLINE       /* a point per run, log-log: x its arithmetic
                           intensity (against DRAM bytes with caches:
                           roofline.dram_intensity, else
                           arithmetic_intensity), y roofline.performance
                           per second, under the roof of its profile
                           (plot_roof.h); x and y are fixed, so the panel
                           takes no x, y, log or y-range key */
} plot_style;

/* In a panel's title, where a line ends (a facet's title below the
 * panel's own); a byte no YAML text holds. */
#define PLOT_TITLE_BREAK "\x1f"

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
    plot_where where[PLOT_MAX_WHERE];   /* only the rows that match all */
    int n_where;
    int no_facet;                       /* `facet: false` */
    int no_yzero;                       /* `yzero: false`: a linear y axis
                                           fits the data instead of
                                           starting at 0 */
    int has_ymin, has_ymax;             /* `ymin`, `ymax` given */
    double ymin, ymax;
    char facet[PLOT_MAX_FACET_KEYS][96];  /* the hidden parameter columns: */
    int n_facet;                        /* one panel per combination of
                                           their values (0: one panel) */
    char label[PLOT_MAX_FACET_KEYS][96];  /* roofline: the columns that */
    int n_label;                        /* label each point (the axis that
                                           moves x, plot_check_hidden_axes; 0:
                                           none) */
} plot_panel;

/* The text a figure shows for one value of a parameter column (an
 * experiment's `label:`): a cell of column `column` reading `value` (the
 * CSV's text) is drawn as `label`. */
typedef struct plot_value_label {
    const char *column;
    const char *value;
    const char *label;
} plot_value_label;

typedef struct plot_spec {
    char file[128];
    char title[160];
    plot_panel panels[PLOT_MAX_DRAWN];  /* an experiment's: at most
                                           PLOT_MAX_PANELS; the figure
                                           plot_write draws, facets laid
                                           out: at most PLOT_MAX_DRAWN */
    int n_panels;
    size_t n_params;    /* the results' parameter columns (the CSV's first
                           ones), which name a point in messages; 0: none */
    const plot_value_label *labels;   /* the experiment's `label:` (not */
    size_t n_labels;                  /* owned: it outlives the spec) */
} plot_spec;

/* Where the points' timelines are, for timeline panels: point p's is
 * paths[p] (NULL: it has none), p being the results CSV's data row p + 1
 * (the rows are in point order); the CSV's first `n_params` columns are
 * the parameters that label a line without a series. */
typedef struct plot_timelines {
    const char *const *paths;
    size_t n_points;
    size_t n_params;
} plot_timelines;

/* The points' hardware profiles, for roofline panels: point p's is hw[p]
 * (p as in plot_timelines). */
typedef struct plot_profiles {
    const cusim_hw *const *hw;
    size_t n_points;
} plot_profiles;

/* Writes `spec`'s figure from the results CSV at `csv_path` (header row of
 * dotted column names, as cusim run writes it), for timeline panels the
 * timelines `tl` (NULL: none; then a timeline panel is an error) and for
 * roofline panels the profiles `pf` (NULL: none; then a roofline panel is
 * an error) into directory `dir`: FILE.gp, FILE.png, FILE.svg. Runs `gnuplot` (it must be
 * on PATH). Each file is written atomically (temporary name, then rename).
 * A panel with facet columns is drawn once per combination of their
 * values (in row order, at most PLOT_MAX_DRAWN panels in all), its where:
 * and its facet's values selecting the rows.
 * Returns 0; 1 when there is no gnuplot: FILE.gp is written, the images
 * are not (`err` says why; `gnuplot FILE.gp` draws them later); or -1 with
 * `err` set (a column the CSV lacks is an error naming the plot's file and
 * the column; a value <= 0 on a log axis one at its cell naming the point,
 * by its first spec->n_params columns). */
int plot_write(const plot_spec *spec, const char *csv_path,
               const plot_timelines *tl, const plot_profiles *pf,
               const char *dir, cusim_error *err);

#endif /* CUSIM_PLOT_H */
