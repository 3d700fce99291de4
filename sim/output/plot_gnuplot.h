/*
 * plot_gnuplot.h — the gnuplot side of a figure (plot.c): the curves of
 * each panel, already gathered from the results CSV, written as a
 * self-contained gnuplot script, and gnuplot run on it; also the pieces
 * of script the other figures share (occ_graph.c, portability.c).
 */
#ifndef CUSIM_PLOT_GNUPLOT_H
#define CUSIM_PLOT_GNUPLOT_H

#include <stdio.h>

#include "cusim.h"
#include "plot.h"
#include "plot_roof.h"

/* Figure geometry: every panel row is PLOT_ROW_HEIGHT pixels of an image
 * PLOT_WIDTH pixels wide (design documents show figures at 800 px). */
/* The lines' colours (gnuplot linetypes 1 to 8): each at least 3:1 against
 * white. plot_line_color(i) is linetype i + 1's, "#rrggbb". */
#define PLOT_LINE_COLORS 8
const char *plot_line_color(int i);

#define PLOT_WIDTH 800
#define PLOT_ROW_HEIGHT 500

/* In a panel's title, where a line ends (a facet's title below the
 * panel's own); a byte no YAML text holds. */
#define PLOT_TITLE_BREAK "\x1f"

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
    const struct plot_label_shown *shown;   /* what the parameter cells
                                               show (not owned) */
} plot_data;

/* Writes `s` as a gnuplot single-quoted string: no escapes are interpreted
 * there, a quote is doubled, and a control character (a line break)
 * becomes a space. */
void plot_gp_string(FILE *f, const char *s);

/* Opens the loop that draws a figure of `width` x `height` pixels twice:
 * as PNG (pngcairo) into png_out, then as SVG into svg_out. The caller
 * writes the drawing commands, then closes the loop with "  set output\n}".
 * (plot_gp_script writes its own loop: fonts, and an SVG that scales.) */
void plot_gp_terminals(FILE *f, int width, int height);

/* Writes the gnuplot script of `spec` drawing `data[0 .. n_panels-1]` to
 * `f`: comments (the CSV's base name from `csv_path`, `n_used` rows drawn
 * from, `n_failed` failed rows left out, the columns), the data inlined
 * as heredoc blocks, then the drawing commands run once per terminal
 * (pngcairo, then svg) into png_out and svg_out, which default to FILE.png
 * and FILE.svg next to the script. */
void plot_gp_script(FILE *f, const plot_spec *spec, const char *csv_path,
                    const plot_data *data, int n_used, int n_failed);

/* Runs `gnuplot -e "png_out='PNG'; svg_out='SVG'" SCRIPT` without a shell,
 * its stdin from /dev/null. Returns 0 when it exits with status 0; 1 when
 * there is no gnuplot to run (`err` says so: the script stays useful);
 * else -1 with `err` set at `csv_path` (line 1, column 1) naming plot
 * `spec->file` and quoting the tail of gnuplot's output on one line. */
int plot_gp_run(const char *script, const char *png, const char *svg,
                const char *csv_path, const plot_spec *spec,
                cusim_error *err);

#endif /* CUSIM_PLOT_GNUPLOT_H */
