/*
 * plot_gnuplot.h — the gnuplot side of a figure (plot.c): the curves of
 * each panel, already gathered from the results CSV (plot_data.h), written
 * as a self-contained gnuplot script, and gnuplot run on it; also the
 * pieces of script the other figures share (occ_graph.c, portability.c).
 */
#ifndef CUSIM_PLOT_GNUPLOT_H
#define CUSIM_PLOT_GNUPLOT_H

#include <stdio.h>

#include "cusim.h"
#include "plot.h"
#include "plot_data.h"

/* Figure geometry: every panel row is PLOT_ROW_HEIGHT pixels of an image
 * PLOT_WIDTH pixels wide (design documents show figures at 800 px). */
/* The lines' colours (gnuplot linetypes 1 to 8): each at least 3:1 against
 * white. plot_line_color(i) is linetype i + 1's, "#rrggbb". */
#define PLOT_LINE_COLORS 8
const char *plot_line_color(int i);

#define PLOT_WIDTH 800
#define PLOT_ROW_HEIGHT 500

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
