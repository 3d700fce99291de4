/*
 * plot_roof_layout.h — where a roofline panel's pieces go on the page
 * (plot_gp_roof.c draws them): its log axes, the ceilings' texts and the
 * slopes' labels along them, and the side of its mark each point's label
 * takes so that labels and marks cover each other least.
 */
#ifndef CUSIM_PLOT_ROOF_LAYOUT_H
#define CUSIM_PLOT_ROOF_LAYOUT_H

#include <stddef.h>

#include "plot_gnuplot.h"
#include "plot_roof.h"

/* A roofline panel's axes: whole decades holding its points, every
 * level's ridge and, with room for its label, the compute roof; per
 * second (hz: the roof's clock). */
typedef struct plot_roof_axes {
    double xlo, xhi, ylo, yhi;
} plot_roof_axes;

/* A rectangle on the page, in pixels. */
typedef struct plot_roof_box {
    double x0, y0, x1, y1;
} plot_roof_box;

/* The label sides (column 4 of a points block): right above, right below,
 * left above, left below their mark (in gnuplot's character units offset
 * by (+-0.8, +-0.5): 8 pixels beside it, its middle 8 above or below),
 * centred above and centred below it (offset (0, +-0.9): its middle 15
 * above or below). */
#define PLOT_ROOF_SIDES 6
typedef struct plot_roof_side {
    const char *align;  /* gnuplot's: left, right, center */
    double dx, dy;      /* gnuplot's offset, characters */
} plot_roof_side;
extern const plot_roof_side plot_roof_sides[PLOT_ROOF_SIDES];

/* `v` (> 0) with 3 significant digits and an SI prefix ("33.5 T",
 * "96 G", "4.8 T"), into `buf`. */
void plot_roof_si3(double v, char *buf, size_t size);

/* The legend and on-plot text of ceiling `l` of `rf` (-1: the compute
 * roof), into `buf`: "alu peak 33.5 T/s", "DRAM 4.8 TB/s". */
void plot_roof_ceiling_text(const plot_roof *rf, int l, char *buf,
                            size_t size);

/* The axes of roofline panel data `d` (its points and its roof). */
void plot_roof_axes_of(const plot_data *d, plot_roof_axes *ax);

/* The on-plot label of slope `l` of `rf` in axes `ax`, `chars` characters
 * long: its anchor (x, y) (just in from where the slope enters the plot
 * area), its angle on the page in degrees, and a box holding it. */
void plot_roof_slope_label(const plot_roof *rf, int l,
                           const plot_roof_axes *ax, size_t chars, double *x,
                           double *y, double *angle, plot_roof_box *box);

/* Picks each point's label side (0 to PLOT_ROOF_SIDES - 1, as
 * plot_roof_sides): every label starts right above its mark; then, a few
 * times over, each label in turn takes the side where it overlaps least
 * (the other labels as placed, the other marks, the slopes' labels and the
 * compute roof), keeping its side on a tie. Writes sides[k] for point k
 * of `d`'s curves in order (curve by curve): room for all of them. */
void plot_roof_label_sides(const plot_data *d, const plot_roof_axes *ax,
                           int *sides);

#endif /* CUSIM_PLOT_ROOF_LAYOUT_H */
