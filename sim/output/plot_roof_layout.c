/*
 * plot_roof_layout.c — where a roofline panel's pieces go on the page (see
 * plot_roof_layout.h): decades for its axes, the slopes' labels along
 * them, and each point's label on the side of its mark where it covers
 * the fewest other labels and marks.
 */
#include "plot_roof_layout.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

void plot_roof_si3(double v, char *buf, size_t size)
{
    static const char *const prefix[] = { "", "k", "M", "G", "T", "P", "E" };
    int e = v >= 1 ? (int)floor(log10(v) / 3) : 0;
    e = e < 0 ? 0 : e > 6 ? 6 : e;
    double m = v / pow(10, 3 * e);
    if (m >= 999.5 && e < 6) {   /* 999.7 G rounds to 1 T */
        m /= 1000;
        e++;
    }
    snprintf(buf, size, "%.3g %s", m, prefix[e]);
}

void plot_roof_ceiling_text(const plot_roof *rf, int l, char *buf,
                            size_t size)
{
    double hz = rf->clock_mhz * 1e6;
    char v[32];
    if (l < 0) {
        plot_roof_si3(rf->compute * hz, v, sizeof v);
        snprintf(buf, size, "alu peak %s/s", v);
    } else {
        plot_roof_si3(rf->level[l].bytes_per_cycle * hz, v, sizeof v);
        snprintf(buf, size, "%s %sB/s", rf->level[l].name, v);
    }
}

void plot_roof_axes_of(const plot_data *d, plot_roof_axes *ax)
{
    const plot_roof *rf = &d->roof;
    double hz = rf->clock_mhz * 1e6, peak = rf->compute * hz;
    double xmin = INFINITY, xmax = 0, ymin = peak / 100, ymax = peak;
    for (int i = 0; i < d->n_curves; i++)
        for (int j = 0; j < d->curves[i].n; j++) {
            const plot_point *pt = &d->curves[i].pts[j];
            xmin = fmin(xmin, pt->x);
            xmax = fmax(xmax, pt->x);
            ymin = fmin(ymin, pt->y);
            ymax = fmax(ymax, pt->y);
        }
    for (int l = 0; l < rf->n_levels; l++) {
        double ridge = rf->compute / rf->level[l].bytes_per_cycle;
        xmin = fmin(xmin, ridge);
        xmax = fmax(xmax, ridge);
    }
    ax->xlo = pow(10, floor(log10(xmin / 2)));
    ax->xhi = pow(10, ceil(log10(xmax * 2)));
    ax->ylo = pow(10, floor(log10(ymin / 2)));
    ax->yhi = pow(10, ceil(log10(ymax * 3)));
}

/* The page: a roofline panel's plot area is about ROOF_W x ROOF_H pixels
 * (an 800 x 500 panel less its tick labels, axis titles, facet title and
 * legend); a label of the points' font is about LABEL_CHAR pixels a
 * character wide and LABEL_H high. Only the labels' layout and the
 * slopes' angle use them. */
#define ROOF_W 660.0
#define ROOF_H 330.0
#define LABEL_CHAR 6.0
#define LABEL_H 11.0

/* Where (x, y) of a roofline panel with axes `ax` is on its plot area, in
 * pixels from the bottom left. */
static void roof_px(const plot_roof_axes *ax, double x, double y, double *px,
                    double *py)
{
    *px = log10(x / ax->xlo) / log10(ax->xhi / ax->xlo) * ROOF_W;
    *py = log10(y / ax->ylo) / log10(ax->yhi / ax->ylo) * ROOF_H;
}

/* The area two boxes share, in square pixels. */
static double box_overlap(const plot_roof_box *a, const plot_roof_box *b)
{
    double w = fmin(a->x1, b->x1) - fmax(a->x0, b->x0);
    double h = fmin(a->y1, b->y1) - fmax(a->y0, b->y0);
    return w > 0 && h > 0 ? w * h : 0;
}

/* Their boxes on the page: label_box. */
const plot_roof_side plot_roof_sides[PLOT_ROOF_SIDES] = {
    { "left", 0.8, 0.5 }, { "left", 0.8, -0.5 }, { "right", -0.8, 0.5 },
    { "right", -0.8, -0.5 }, { "center", 0, 0.9 }, { "center", 0, -0.9 },
};

/* The box of a label of `chars` characters on `side` of the mark at
 * pixel (px, py). */
static plot_roof_box label_box(double px, double py, size_t chars, int side)
{
    double w = (double)chars * LABEL_CHAR;
    double mid = py + (side < 4 ? (side % 2 ? -8 : 8) : side == 4 ? 15 : -15);
    double x0 = side < 2 ? px + 8 : side < 4 ? px - 8 - w : px - w / 2;
    plot_roof_box b = { x0, mid - LABEL_H / 2, x0 + w, mid + LABEL_H / 2 };
    return b;
}

void plot_roof_slope_label(const plot_roof *rf, int l,
                           const plot_roof_axes *ax, size_t chars, double *x,
                           double *y, double *angle, plot_roof_box *box)
{
    double hz = rf->clock_mhz * 1e6, bw = rf->level[l].bytes_per_cycle * hz;
    double dx = log10(ax->xhi / ax->xlo), dy = log10(ax->yhi / ax->ylo);
    *x = fmax(ax->xlo, ax->ylo / bw) * pow(10, 0.04 * dx);
    *y = bw * *x;
    /* slope 1 on log-log: a decade of x is ROOF_W / dx pixels, of y
     * ROOF_H / dy */
    double a = atan2(ROOF_H / dy, ROOF_W / dx);
    *angle = a * 45 / atan(1.0);
    double px, py, w = (double)chars * LABEL_CHAR;
    roof_px(ax, *x, *y, &px, &py);
    box->x0 = px;
    box->y0 = py;
    box->x1 = px + w * cos(a) + LABEL_H * sin(a);
    box->y1 = py + w * sin(a) + LABEL_H * cos(a) + 6;
}

/* How badly point k's label on `side` sits (boxes: every label as now
 * placed, in `lbl`): the square pixels it shares with the other labels,
 * the other points' marks (twice: a hidden mark is worse) and the
 * `n_fixed` obstacles, plus 10^6 when it leaves the plot area. */
static double label_hits(int k, int side, int n, const double *px,
                         const double *py, const char *const *text,
                         const plot_roof_box *lbl, const plot_roof_box *fixed,
                         int n_fixed)
{
    plot_roof_box b = label_box(px[k], py[k], strlen(text[k]), side);
    double hits = b.x0 < 0 || b.x1 > ROOF_W || b.y0 < 0 || b.y1 > ROOF_H
                  ? 1e6 : 0;
    for (int q = 0; q < n_fixed; q++)
        hits += box_overlap(&b, &fixed[q]);
    for (int m = 0; m < n; m++) {
        plot_roof_box mark = { px[m] - 6, py[m] - 6, px[m] + 6, py[m] + 6 };
        if (m != k)
            hits += 2 * box_overlap(&b, &mark)
                    + (text[m][0] ? box_overlap(&b, &lbl[m]) : 0);
    }
    return hits;
}

void plot_roof_label_sides(const plot_data *d, const plot_roof_axes *ax,
                           int *sides)
{
    const plot_roof *rf = &d->roof;
    int n = 0;
    for (int i = 0; i < d->n_curves; i++)
        n += d->curves[i].n;
    if (n == 0)
        return;
    double *px = xcalloc((size_t)n, sizeof *px);
    double *py = xcalloc((size_t)n, sizeof *py);
    const char **text = xcalloc((size_t)n, sizeof *text);
    plot_roof_box *lbl = xcalloc((size_t)n, sizeof *lbl);
    plot_roof_box fixed[PLOT_ROOF_LEVELS + 1];
    int n_fixed = 0;
    for (int i = 0, k = 0; i < d->n_curves; i++)
        for (int j = 0; j < d->curves[i].n; j++, k++) {
            roof_px(ax, d->curves[i].pts[j].x, d->curves[i].pts[j].y, &px[k],
                    &py[k]);
            text[k] = d->curves[i].pts[j].label ? d->curves[i].pts[j].label
                                                : "";
            sides[k] = 0;
            lbl[k] = label_box(px[k], py[k], strlen(text[k]), 0);
        }
    for (int l = 0; l < rf->n_levels; l++) {
        char t[96];
        double x, y, angle;
        plot_roof_ceiling_text(rf, l, t, sizeof t);
        plot_roof_slope_label(rf, l, ax, strlen(t), &x, &y, &angle,
                              &fixed[n_fixed++]);
    }
    double cx, cy, hz = rf->clock_mhz * 1e6;
    roof_px(ax, ax->xlo, rf->compute * hz, &cx, &cy);
    fixed[n_fixed++] = (plot_roof_box){ 0, cy - 2, ROOF_W, cy + 2 };
    for (int pass = 0; pass < 4; pass++)
        for (int k = 0; k < n; k++) {
            if (!text[k][0])
                continue;
            int best = sides[k];
            double best_hits = label_hits(k, best, n, px, py, text, lbl,
                                          fixed, n_fixed);
            for (int side = 0; side < PLOT_ROOF_SIDES && best_hits > 0;
                 side++) {
                double hits = label_hits(k, side, n, px, py, text, lbl,
                                         fixed, n_fixed);
                if (hits < best_hits) {
                    best = side;
                    best_hits = hits;
                }
            }
            sides[k] = best;
            lbl[k] = label_box(px[k], py[k], strlen(text[k]), best);
        }
    free(px);
    free(py);
    free(text);
    free(lbl);
}
