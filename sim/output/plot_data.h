/*
 * plot_data.h — a figure's panel resolved against the results CSV (plot.c
 * asks, plot_gnuplot.h draws): its columns found, the rows its where: and
 * its facet select, failed points and empty cells left out, and what is
 * left gathered into curves (a lines panel: one per y column and series
 * value, sorted by x; a timeline panel: one per y column and point, from
 * the point's timeline), bars (a stacked panel) or marks under a roof
 * (a roofline panel).
 */
#ifndef CUSIM_PLOT_DATA_H
#define CUSIM_PLOT_DATA_H

#include "csv.h"
#include "cusim.h"
#include "plot.h"
#include "plot_label.h"
#include "plot_roof.h"

/* One point of a curve. */
typedef struct plot_point {
    double x, y;
    int row;            /* CSV row, so ties in x keep the file's order */
    char *label;        /* roofline: its text beside the mark (owned), or
                           NULL */
} plot_point;

/* One line of a panel: the points of y column `y` whose series cell reads
 * `series` (NULL without a series column), sorted by x then by row. A
 * timeline panel's line is one point's timeline: `point` (else -1), its
 * file's base name `file`, labelled by `series` (its series cell) or else
 * by `label` (owned: its parameters). */
typedef struct plot_curve {
    int y;
    const char *series;
    const char *series_shown;   /* how the legend shows `series`
                                   (plot_label.h) */
    char *label;
    long point;
    const char *file;
    plot_point *pts;
    int n;
} plot_curve;

/* One bar of a stacked panel: a point (CSV row) with x and every y. */
typedef struct plot_bar {
    const char *x_text;         /* the x cell (the CSV's storage) */
    const char *x_shown;        /* its label when x is a labelled
                                   parameter (plot_label.h), else NULL */
    double x;                   /* its value when x is numeric */
    double y[PLOT_MAX_STACK];   /* the panel's y columns, bottom first */
    int row;                    /* CSV row */
} plot_bar;

/* A panel resolved against the CSV: curves for a lines panel; bars for a
 * stacked one, sorted by x when every x is a number (ties in row order),
 * else in row order (the experiment's point order). */
typedef struct plot_data {
    int x_col, y_col[PLOT_MAX_STACK], series_col;   /* series_col -1: none */
    plot_curve *curves;
    int n_curves;
    int dropped_log;    /* points left out: <= 0 on a log axis */
    plot_bar *bars;
    int n_bars;
    int x_numeric;      /* stacked: every drawn x is a number */
    int dropped_empty;  /* stacked: rows left out, x or a y cell empty;
                           timeline: points left out, failed or without a
                           timeline */
    const char **x_cats;    /* lines: x's categories (its cells' text, in
                               the order the rows first show them) when an
                               x cell is text or x is labelled, else NULL;
                               a point's x is its category's index */
    const char **x_cat_shown;   /* each category's tick label */
    int n_cats;
    int where_col[PLOT_MAX_WHERE + PLOT_MAX_FACET_KEYS];  /* the rows drawn:
                               those whose cell in each column reads */
    const char *where_val[PLOT_MAX_WHERE + PLOT_MAX_FACET_KEYS];
    int n_where;            /* the panel's where: and its facet's values */
    plot_roof roof;         /* roofline: the roof of every point drawn */
    const plot_label_shown *shown;  /* what the parameter cells show (not
                                       owned) */
} plot_data;

/* Builds panel `p` of `spec` from `csv` into `d`: of the rows its where:
 * and `facet_vals` (its facet's value of each pn->facet column; NULL
 * without facets) select, the values shown as `sh` has them; timeline
 * panels read `tl`'s timelines, roofline panels `pf`'s profiles. Returns
 * 0 (the caller frees `d` with plot_data_free), or -1 with `err` set (a
 * column the CSV lacks, text where a number belongs, a value <= 0 on a
 * log axis at its cell naming the point, nothing to draw) and `d` freed. */
int plot_data_build(const csv_table *csv, const plot_label_shown *sh,
                    const plot_spec *spec, int p, const plot_timelines *tl,
                    const plot_profiles *pf, const char *const *facet_vals,
                    plot_data *d, cusim_error *err);

void plot_data_free(plot_data *d);

/* The column `name` of `csv` that panel `panel` of `spec` needs as
 * `role` ("x", "a facet", ...) into *col. Returns 0, or -1 with `err` set
 * at line 1, column 1 of the CSV naming the plot and the column, with the
 * header name closest to it when one is close. */
int plot_data_column(const csv_table *csv, const plot_spec *spec, int panel,
                     const char *role, const char *name, int *col,
                     cusim_error *err);

/* The rows of `csv` that are points without a result (status failed or
 * infeasible). */
int plot_data_failed_rows(const csv_table *csv);

#endif /* CUSIM_PLOT_DATA_H */
