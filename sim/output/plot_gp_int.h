/*
 * plot_gp_int.h — what the files of a figure's gnuplot script share:
 * plot_gnuplot.c writes the script's frame (comments, styles, the
 * per-terminal loop), plot_gp_panel.c each lines or stacked panel's data
 * and commands, plot_gp_roof.c a roofline panel's. Not for other modules:
 * plot_gnuplot.h is the interface.
 */
#ifndef CUSIM_PLOT_GP_INT_H
#define CUSIM_PLOT_GP_INT_H

#include <stdbool.h>
#include <stdio.h>

#include "plot.h"
#include "plot_gnuplot.h"

#define PLOT_FONT "Sans,11"
#define PLOT_TITLE_FONT "Sans,13"

/* The legend names of a figure's stacked components, each once, in the
 * order the panels show them: component names the same in two panels
 * (issued, barrier, ... of stalls.* and warp_states.*) get one colour,
 * the stack colours' [their index here mod PLOT_MAX_STACK]. Starts empty
 * (n = 0). */
typedef struct plot_gp_legend {
    const char *names[PLOT_MAX_DRAWN * PLOT_MAX_STACK];
    int n;
} plot_gp_legend;

/* Writes `s` inside a comment line (line breaks become spaces). */
void plot_gp_comment(FILE *f, const char *s);

/* Ends curve i of panel p's comment line: its label (a timeline
 * point's) or series value, and its point count; when it has points,
 * opens its data block ($pP_cI) and returns true. */
bool plot_gp_curve_comment_end(FILE *f, const plot_panel *pn,
                               const plot_curve *c, int p, int i);

/* Writes the legend entry of curve `c` in panel `pn`, a gnuplot string. */
void plot_gp_curve_title(FILE *f, const plot_panel *pn, const plot_curve *c);

/* Writes the axis titles and the panel title every style has. */
void plot_gp_titles(FILE *f, const plot_panel *pn);

/* The gnuplot point type of the i-th curve drawn (of six that stay
 * distinct in grey, in turn). */
int plot_gp_point_type(int i);

/* Writes panel `p`'s data (of `d`) as heredoc blocks, with the comments
 * that say what each holds, and a blank line. */
void plot_gp_panel_data(FILE *f, const plot_spec *spec, int p,
                        const plot_data *d);

/* Writes panel `p`'s drawing commands (inside the per-terminal loop);
 * `lg`: the figure's stacked legend so far. */
void plot_gp_panel(FILE *f, const plot_spec *spec, int p, const plot_data *d,
                   plot_gp_legend *lg);

/* The data of roofline panel `p`: comments giving the roof's arithmetic,
 * a block per ceiling (two points: a slope from the axis's left end to
 * its ridge, the compute roof from the leftmost ridge to the right end),
 * and a block per series of points, each "x y label side". */
void plot_gp_roof_data(FILE *f, const plot_spec *spec, int p,
                       const plot_data *d);

/* Writes roofline panel `p`'s drawing commands: log-log decades, each
 * ceiling labelled on the plot (a slope's label along it, near its left
 * end; the compute roof's above it, at the right) and in the legend,
 * the points marked and labelled; then the settings the other panels
 * rely on put back. */
void plot_gp_roof_panel(FILE *f, const plot_spec *spec, int p,
                        const plot_data *d);

#endif /* CUSIM_PLOT_GP_INT_H */
