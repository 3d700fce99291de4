/*
 * plot_gnuplot.c — a figure's gnuplot script, and gnuplot run on it (see
 * plot_gnuplot.h).
 *
 * The script needs nothing but itself: `gnuplot FILE.gp` redraws FILE.png
 * and FILE.svg next to it, so a user can restyle a figure by editing it.
 */
#include "plot_gnuplot.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "error.h"
#include "plot_spec.h"
#include "plot_ticks.h"
#include "strbuf.h"
#include "xalloc.h"

extern char **environ;  /* POSIX: the caller declares it; handed to gnuplot */

#define PLOT_FONT "Sans,11"
#define PLOT_TITLE_FONT "Sans,13"

void plot_gp_string(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; *s; s++) {
        if (*s == '\'')
            fputs("''", f);
        else if ((unsigned char)*s < 0x20)
            fputc(' ', f);
        else
            fputc(*s, f);
    }
    fputc('\'', f);
}

void plot_gp_terminals(FILE *f, int width, int height)
{
    fprintf(f, "do for [t = 1:2] {\n"
            "  if (t == 1) { set terminal pngcairo size %d,%d noenhanced; "
            "set output png_out }\n"
            "  if (t == 2) { set terminal svg size %d,%d noenhanced; "
            "set output svg_out }\n", width, height, width, height);
}

/* Writes `s` inside a comment line (line breaks become spaces). */
static void gp_comment_text(FILE *f, const char *s)
{
    for (; *s; s++)
        fputc((unsigned char)*s < 0x20 ? ' ' : *s, f);
}

/* Rows and columns of the multiplot: panels side by side only when there
 * are four or more, so a panel is never narrower than half the figure. */
static void plot_layout(int n_panels, int *rows, int *cols)
{
    *cols = n_panels >= 4 ? 2 : 1;
    *rows = (n_panels + *cols - 1) / *cols;
}

/* The legend entry of curve `c` in panel `pn`. */
/* Ends curve i of panel p's comment line: its label (a timeline
 * point's) or series value, and its point count; when it has points,
 * opens its data block ($pP_cI) and returns true. */
static bool curve_comment_end(FILE *f, const plot_panel *pn,
                              const plot_curve *c, int p, int i)
{
    if (c->label) {
        fputs(", ", f);
        gp_comment_text(f, c->label);
    } else if (c->series) {
        fputs(", ", f);
        gp_comment_text(f, pn->series);
        fputs(" = ", f);
        gp_comment_text(f, c->series);
    }
    fprintf(f, " (%d point%s%s)\n", c->n, c->n == 1 ? "" : "s",
            c->n ? "" : ": not drawn");
    if (c->n == 0)
        return false;
    fprintf(f, "$p%d_c%d << EOD\n", p + 1, i + 1);
    return true;
}

static void curve_title(FILE *f, const plot_panel *pn, const plot_curve *c)
{
    char buf[512];
    if (c->label) {
        if (pn->n_y > 1)
            snprintf(buf, sizeof buf, "%s, %s", pn->y[c->y], c->label);
        else
            snprintf(buf, sizeof buf, "%s", c->label);
    } else if (c->series) {
        const char *v = c->series[0] ? c->series : "(empty)";
        if (pn->n_y > 1)
            snprintf(buf, sizeof buf, "%s, %s = %s", pn->y[c->y],
                     pn->series, v);
        else
            snprintf(buf, sizeof buf, "%s = %s", pn->series, v);
    } else {
        snprintf(buf, sizeof buf, "%s", pn->y[c->y]);
    }
    plot_gp_string(f, buf);
}

/* The base of a log axis: 2 for data within ten octaves (sweeps of sizes
 * and counts read best in powers of two), 10 beyond. */
static int log_base(const plot_data *d, int axis_y)
{
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < d->n_curves; i++)
        for (int j = 0; j < d->curves[i].n; j++) {
            double v = axis_y ? d->curves[i].pts[j].y : d->curves[i].pts[j].x;
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
        }
    return lo > 0 && hi / lo <= 1024.0 ? 2 : 10;
}

/* The tick label format of an axis: whole numbers as such ("%.0f") up to
 * 99999; larger whole numbers with a suffix so they fit under their tick:
 * binary ("32ki", "1Mi") when every value is a multiple of 1024, as sweeps
 * of sizes are, else SI ("150k"); anything else gnuplot's default. */
static const char *axis_format(const plot_data *d, int axis_y)
{
    double most = 0;
    int binary = 1;
    for (int i = 0; i < d->n_curves; i++)
        for (int j = 0; j < d->curves[i].n; j++) {
            double v = axis_y ? d->curves[i].pts[j].y : d->curves[i].pts[j].x;
            if (v != floor(v))
                return "% h";
            most = fabs(v) > most ? fabs(v) : most;
            binary = binary && fmod(v, 1024.0) == 0;
        }
    return most < 1e5 ? "%.0f" : binary ? "%.0b%B" : "%.0s%c";
}

/* The lines' colours, one per gnuplot linetype 1-8: each at least 3:1
 * against the white background (WCAG's contrast ratio; gnuplot's own
 * linetypes 3 to 5, sky blue, orange and yellow, are 2.3, 2.3 and 1.3:
 * hard to read), distinct from one another side by side. */
static const char *const line_colors[PLOT_LINE_COLORS] = {
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#d95f02", "#00838f",
    "#8c564b", "#c2185b",
};

const char *plot_line_color(int i)
{
    return line_colors[i % PLOT_LINE_COLORS];
}

/* Point types that stay distinct in grey: circle, square, triangles,
 * diamond, pentagon (all filled). */
static const int point_types[] = { 7, 5, 9, 11, 13, 15 };
#define N_POINT_TYPES (int)(sizeof point_types / sizeof point_types[0])

/* Fill colours of stacked components: Tableau 10 with its greys last,
 * then two more; distinct side by side. */
static const char *const stack_colors[PLOT_MAX_STACK] = {
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
    "#b07aa1", "#ff9da7", "#9c755f", "#d37295", "#8cd17d", "#bab0ac",
};

/* The legend names of a figure's stacked components, each once, in the
 * order the panels show them: component names the same in two panels
 * (issued, barrier, ... of stalls.* and warp_states.*) get one colour,
 * stack_colors[their index here mod PLOT_MAX_STACK]. */
typedef struct stack_legend {
    const char *names[PLOT_MAX_DRAWN * PLOT_MAX_STACK];
    int n;
} stack_legend;

/* The colour of `name` in `lg`, adding it when new. */
static const char *stack_color(stack_legend *lg, const char *name)
{
    int i = 0;
    while (i < lg->n && strcmp(lg->names[i], name) != 0)
        i++;
    if (i == lg->n)
        lg->names[lg->n++] = name;
    return stack_colors[i % PLOT_MAX_STACK];
}

/* Writes bar `b`'s x as its tick label, double-quoted for a data block:
 * a number as the shortest of "%.0f" (whole) and "%.4g", text as it is
 * with double quotes made single and line breaks spaces. */
static void bar_label(FILE *f, const plot_data *d, const plot_bar *b)
{
    fputc('"', f);
    if (d->x_numeric && b->x == floor(b->x) && fabs(b->x) < 1e15)
        fprintf(f, "%.0f", b->x);
    else if (d->x_numeric)
        fprintf(f, "%.4g", b->x);
    else
        for (const char *s = b->x_text; *s; s++)
            fputc(*s == '"' ? '\'' : (unsigned char)*s < 0x20 ? ' ' : *s, f);
    fputc('"', f);
}

/* The widest tick label of `d`'s bars, in characters (bytes). */
static int widest_label(const plot_data *d)
{
    int most = 0;
    for (int i = 0; i < d->n_bars; i++) {
        char buf[64];
        const plot_bar *b = &d->bars[i];
        int n = !d->x_numeric ? (int)strlen(b->x_text)
                : b->x == floor(b->x) && fabs(b->x) < 1e15
                ? snprintf(buf, sizeof buf, "%.0f", b->x)
                : snprintf(buf, sizeof buf, "%.4g", b->x);
        most = n > most ? n : most;
    }
    return most;
}

/* Writes the axis titles and panel title shared by both styles. */
static void write_titles(FILE *f, const plot_panel *pn)
{
    if (pn->title[0]) {
        /* a two-line title: 'LINE 1'."\n".'LINE 2' */
        const char *brk = strchr(pn->title, PLOT_TITLE_BREAK[0]);
        fputs("    set title ", f);
        if (brk) {
            char first[sizeof pn->title];
            snprintf(first, sizeof first, "%.*s", (int)(brk - pn->title),
                     pn->title);
            plot_gp_string(f, first);
            fputs(".\"\\n\".", f);
            plot_gp_string(f, brk + 1);
        } else {
            plot_gp_string(f, pn->title);
        }
        fputs(" font '" PLOT_TITLE_FONT "'\n", f);
    } else {
        fputs("    unset title\n", f);
    }
    fputs("    set xlabel ", f);
    plot_gp_string(f, pn->xlabel[0] ? pn->xlabel : pn->x);
    fputs("\n    set ylabel ", f);
    if (pn->ylabel[0]) {
        plot_gp_string(f, pn->ylabel);
    } else {
        char buf[PLOT_MAX_STACK * 98] = "";
        for (int k = 0; k < pn->n_y; k++) {
            size_t used = strlen(buf);
            snprintf(buf + used, sizeof buf - used, "%s%s", k ? ", " : "",
                     pn->y[k]);
        }
        plot_gp_string(f, buf);
    }
    fputc('\n', f);
}

/* Writes stacked panel `p`'s drawing commands: a rowstacked histogram of
 * block $pP_bars, one component per y column coloured by its legend name
 * (`lg`), then the settings the line panels rely on put back. */
static void write_stacked_panel(FILE *f, const plot_spec *spec, int p,
                                const plot_data *d, stack_legend *lg)
{
    const plot_panel *pn = &spec->panels[p];
    size_t cut = plot_spec_stack_prefix(pn);
    /* labels side by side need about a character more each than they
     * have; past about 90 characters across the panel, slant them */
    int slant = d->n_bars * (widest_label(d) + 2) > 90;
    /* when the tallest bar is 1 (fractions that sum to 1: stalls.*,
     * warp_states.*, as the CSV rounds them) the axis ends there */
    double top = 0;
    for (int i = 0; i < d->n_bars; i++) {
        double sum = 0;
        for (int k = 0; k < pn->n_y; k++)
            sum += d->bars[i].y[k];
        top = sum > top ? sum : top;
    }
    fprintf(f, "    # Panel %d (stacked)\n", p + 1);
    write_titles(f, pn);
    fputs("    set format y '% h'\n"
          "    unset logscale\n"
          "    set style data histograms\n"
          "    set style histogram rowstacked\n"
          "    set style fill solid border -1\n"
          "    set boxwidth 0.75 relative\n"
          "    set grid noxtics ytics ls 100\n", f);
    fprintf(f, "    set yrange [0:%s]\n", fabs(top - 1) <= 1e-6 ? "1" : "*");
    if (slant)
        fputs("    set xtics rotate by -45\n", f);
    fputs("    plot ", f);
    for (int k = 0; k < pn->n_y; k++) {
        if (k)
            fputs(", \\\n         ", f);
        fprintf(f, "$p%d_bars using %d%s lc rgb '%s' lw 1 title ", p + 1, k + 2,
                k == 0 ? ":xtic(1)" : "", stack_color(lg, pn->y[k] + cut));
        plot_gp_string(f, pn->y[k] + cut);
    }
    fputc('\n', f);
    if (slant)
        fputs("    set xtics norotate\n", f);
    fputs("    set yrange [*:*]\n"
          "    set grid xtics ytics ls 100\n"
          "    set style fill empty\n"
          "    set style data points\n", f);
}

/* A linear y axis's range and ticks, cusim's rather than gnuplot's
 * (plot_ticks.h: labels that never repeat): from 0 unless the panel says
 * `yzero: false` or gives `ymin` (or a value is negative), to `ymax` when
 * given. Returns whether it set them (not without points). */
static bool write_y_ticks(FILE *f, const plot_panel *pn, const plot_data *d)
{
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < d->n_curves; i++)
        for (int j = 0; j < d->curves[i].n; j++) {
            double y = d->curves[i].pts[j].y;
            lo = y < lo ? y : lo;
            hi = y > hi ? y : hi;
        }
    if (pn->has_ymin)
        lo = pn->ymin;
    if (pn->has_ymax)
        hi = pn->ymax;
    if (!(lo <= hi) || !isfinite(lo) || !isfinite(hi))
        return false;
    plot_axis ax;
    plot_axis_ticks(lo, hi, !pn->no_yzero && !pn->has_ymin, &ax);
    if (pn->has_ymin)
        ax.lo = pn->ymin;
    if (pn->has_ymax)
        ax.hi = pn->ymax;
    fprintf(f, "    set yrange [%.15g:%.15g]\n    set ytics (", ax.lo, ax.hi);
    for (int i = 0; i < ax.n; i++)
        fprintf(f, "%s'%s' %.15g", i ? ", " : "", ax.ticks[i].label,
                ax.ticks[i].at);
    fputs(")\n", f);
    return true;
}

/* ------------------------------------------------------------ roofline */

/* The ceilings' colours: the compute roof, then the levels (DRAM or the
 * flat channel, L2, L1); each at least 3:1 against white, and none the
 * first four series' (line_colors). */
static const char *const roof_colors[1 + PLOT_ROOF_LEVELS] = {
    "#333333", "#d95f02", "#00838f", "#8c564b",
};

/* `v` (> 0) with 3 significant digits and an SI prefix ("33.5 T",
 * "96 G", "4.8 T"), into `buf`. */
static void si3(double v, char *buf, size_t size)
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

/* The legend and on-plot text of ceiling `l` (-1: the compute roof). */
static void ceiling_text(const plot_roof *rf, int l, char *buf, size_t size)
{
    double hz = rf->clock_mhz * 1e6;
    char v[32];
    if (l < 0) {
        si3(rf->compute * hz, v, sizeof v);
        snprintf(buf, size, "alu peak %s/s", v);
    } else {
        si3(rf->level[l].bytes_per_cycle * hz, v, sizeof v);
        snprintf(buf, size, "%s %sB/s", rf->level[l].name, v);
    }
}

/* A roofline panel's axes: whole decades holding its points, every
 * level's ridge and, with room for its label, the compute roof; per
 * second (hz: the roof's clock). */
typedef struct roof_axes {
    double xlo, xhi, ylo, yhi;
} roof_axes;

static void roofline_axes(const plot_data *d, roof_axes *ax)
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
static void roof_px(const roof_axes *ax, double x, double y, double *px,
                    double *py)
{
    *px = log10(x / ax->xlo) / log10(ax->xhi / ax->xlo) * ROOF_W;
    *py = log10(y / ax->ylo) / log10(ax->yhi / ax->ylo) * ROOF_H;
}

/* A rectangle on the page, in pixels. */
typedef struct roof_box {
    double x0, y0, x1, y1;
} roof_box;

/* The area two boxes share, in square pixels. */
static double box_overlap(const roof_box *a, const roof_box *b)
{
    double w = fmin(a->x1, b->x1) - fmax(a->x0, b->x0);
    double h = fmin(a->y1, b->y1) - fmax(a->y0, b->y0);
    return w > 0 && h > 0 ? w * h : 0;
}

/* The label sides (column 4 of a points block): right above, right below,
 * left above, left below their mark (in gnuplot's character units offset
 * by (+-0.8, +-0.5): 8 pixels beside it, its middle 8 above or below),
 * centred above and centred below it (offset (0, +-0.9): its middle 15
 * above or below). */
#define ROOF_SIDES 6
static const struct {
    const char *align;
    double dx, dy;      /* gnuplot's offset, characters */
} roof_sides[ROOF_SIDES] = {
    { "left", 0.8, 0.5 }, { "left", 0.8, -0.5 }, { "right", -0.8, 0.5 },
    { "right", -0.8, -0.5 }, { "center", 0, 0.9 }, { "center", 0, -0.9 },
};

/* The box of a label of `chars` characters on `side` of the mark at
 * pixel (px, py). */
static roof_box label_box(double px, double py, size_t chars, int side)
{
    double w = (double)chars * LABEL_CHAR;
    double mid = py + (side < 4 ? (side % 2 ? -8 : 8) : side == 4 ? 15 : -15);
    double x0 = side < 2 ? px + 8 : side < 4 ? px - 8 - w : px - w / 2;
    roof_box b = { x0, mid - LABEL_H / 2, x0 + w, mid + LABEL_H / 2 };
    return b;
}

/* The on-plot label of slope `l` of `rf` in axes `ax`: its anchor (just
 * in from where the slope enters the plot area), its angle on the page in
 * degrees, and a box holding it. */
static void slope_label(const plot_roof *rf, int l, const roof_axes *ax,
                        size_t chars, double *x, double *y, double *angle,
                        roof_box *box)
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
                         const roof_box *lbl, const roof_box *fixed,
                         int n_fixed)
{
    roof_box b = label_box(px[k], py[k], strlen(text[k]), side);
    double hits = b.x0 < 0 || b.x1 > ROOF_W || b.y0 < 0 || b.y1 > ROOF_H
                  ? 1e6 : 0;
    for (int q = 0; q < n_fixed; q++)
        hits += box_overlap(&b, &fixed[q]);
    for (int m = 0; m < n; m++) {
        roof_box mark = { px[m] - 6, py[m] - 6, px[m] + 6, py[m] + 6 };
        if (m != k)
            hits += 2 * box_overlap(&b, &mark)
                    + (text[m][0] ? box_overlap(&b, &lbl[m]) : 0);
    }
    return hits;
}

/* Picks each point's label side: every label starts right above its mark;
 * then, a few times over, each label in turn takes the side where it
 * overlaps least (label_hits: the other labels as placed, the other
 * marks, the slopes' labels and the compute roof), keeping its side on a
 * tie. sides[k] for point k of the curves in order (curve by
 * curve). */
static void roofline_sides(const plot_data *d, const roof_axes *ax,
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
    roof_box *lbl = xcalloc((size_t)n, sizeof *lbl);
    roof_box fixed[PLOT_ROOF_LEVELS + 1];
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
        ceiling_text(rf, l, t, sizeof t);
        slope_label(rf, l, ax, strlen(t), &x, &y, &angle, &fixed[n_fixed++]);
    }
    double cx, cy, hz = rf->clock_mhz * 1e6;
    roof_px(ax, ax->xlo, rf->compute * hz, &cx, &cy);
    fixed[n_fixed++] = (roof_box){ 0, cy - 2, ROOF_W, cy + 2 };
    for (int pass = 0; pass < 4; pass++)
        for (int k = 0; k < n; k++) {
            if (!text[k][0])
                continue;
            int best = sides[k];
            double best_hits = label_hits(k, best, n, px, py, text, lbl,
                                          fixed, n_fixed);
            for (int side = 0; side < ROOF_SIDES && best_hits > 0; side++) {
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

/* Writes the decades from lo to hi as tick positions of axis `axis`:
 * x labelled as numbers ("0.01", "1000"), y with an SI prefix ("10 G",
 * "1 T"); nine minor ticks between. */
static void decade_tics(FILE *f, char axis, double lo, double hi)
{
    fprintf(f, "    set %ctics (", axis);
    int first = 1;
    for (double e = round(log10(lo)); e <= round(log10(hi)); e++) {
        char label[32];
        double v = pow(10, e);
        if (axis == 'x') {
            snprintf(label, sizeof label, "%g", v);
        } else {
            si3(v, label, sizeof label);
            size_t n = strlen(label);   /* "10 " for 10: no space left */
            if (n && label[n - 1] == ' ')
                label[n - 1] = '\0';
        }
        fprintf(f, "%s'%s' %.15g", first ? "" : ", ", label, v);
        first = 0;
    }
    fprintf(f, ")\n    set m%ctics 10\n", axis);
}

/* The data of roofline panel `p`: comments giving the roof's arithmetic,
 * a block per ceiling (two points: a slope from the axis's left end to
 * its ridge, the compute roof from the leftmost ridge to the right end),
 * and a block per series of points, each "x y label". */
static void write_roofline_data(FILE *f, const plot_spec *spec, int p,
                                const plot_data *d)
{
    const plot_panel *pn = &spec->panels[p];
    const plot_roof *rf = &d->roof;
    double hz = rf->clock_mhz * 1e6;
    uint32_t lanes = rf->issue_per_cycle * rf->simd_width < rf->lanes_alu
                     ? rf->issue_per_cycle * rf->simd_width : rf->lanes_alu;
    roof_axes ax;
    roofline_axes(d, &ax);
    fprintf(f, "# Panel %d: the roof of ", p + 1);
    gp_comment_text(f, rf->hw_name);
    fprintf(f, " (per cycle x clock_mhz %.15g = per second):\n"
            "#   alu peak = compute_units %u x cu.schedulers %u x "
            "min(cu.issue_per_cycle %u x simd_width %u, cu.lanes.alu %u) = "
            "%u x %u x %u = %.15g lane instructions/cycle = %.15g/s\n",
            rf->clock_mhz, rf->compute_units, rf->schedulers,
            rf->issue_per_cycle, rf->simd_width, rf->lanes_alu,
            rf->compute_units, rf->schedulers, lanes, rf->compute,
            rf->compute * hz);
    for (int l = 0; l < rf->n_levels; l++)
        fprintf(f, "#   %s = %s = %.15g bytes/cycle = %.15g bytes/s; ridge "
                "at %.15g instructions/byte\n", rf->level[l].name,
                rf->level[l].source, rf->level[l].bytes_per_cycle,
                rf->level[l].bytes_per_cycle * hz,
                rf->compute / rf->level[l].bytes_per_cycle);
    double left = INFINITY;
    for (int l = 0; l < rf->n_levels; l++) {
        double ridge = rf->compute / rf->level[l].bytes_per_cycle;
        left = fmin(left, ridge);
        fprintf(f, "$p%d_roof%d << EOD\n%.15g %.15g\n%.15g %.15g\nEOD\n",
                p + 1, l + 1, ax.xlo,
                rf->level[l].bytes_per_cycle * hz * ax.xlo, ridge,
                rf->compute * hz);
    }
    fprintf(f, "$p%d_compute << EOD\n%.15g %.15g\n%.15g %.15g\nEOD\n",
            p + 1, left, rf->compute * hz, ax.xhi, rf->compute * hz);
    int n_pts = 0, k = 0;
    for (int i = 0; i < d->n_curves; i++)
        n_pts += d->curves[i].n;
    int *sides = xcalloc((size_t)(n_pts ? n_pts : 1), sizeof *sides);
    roofline_sides(d, &ax, sides);
    fprintf(f, "# Panel %d: each point is \"x y label side\", side 0 to 5 "
            "placing its label right above, right below, left above, left "
            "below, above or below its mark\n", p + 1);
    for (int i = 0; i < d->n_curves; i++) {
        const plot_curve *c = &d->curves[i];
        fprintf(f, "# Panel %d, points %d: x %s, y roofline.performance x "
                "%.15g", p + 1, i + 1, rf->hierarchy
                ? "roofline.dram_intensity" : "arithmetic_intensity",
                hz);
        if (!curve_comment_end(f, pn, c, p, i))
            continue;
        for (int j = 0; j < c->n; j++, k++) {
            fprintf(f, "%.15g %.15g \"", c->pts[j].x, c->pts[j].y);
            for (const char *t = c->pts[j].label ? c->pts[j].label : "";
                 *t; t++)
                fputc(*t == '"' ? '\'' : (unsigned char)*t < 0x20 ? ' '
                      : *t, f);
            fprintf(f, "\" %d\n", sides[k]);
        }
        fputs("EOD\n", f);
    }
    free(sides);
    if (d->dropped_log)
        fprintf(f, "# Panel %d: %d point%s left out: no arithmetic, or no "
                "%s traffic (0 on a log axis)\n", p + 1, d->dropped_log,
                d->dropped_log == 1 ? "" : "s",
                rf->hierarchy ? "DRAM" : "memory");
    if (d->dropped_empty)
        fprintf(f, "# Panel %d: %d point%s left out: an empty cell\n", p + 1,
                d->dropped_empty, d->dropped_empty == 1 ? "" : "s");
}

/* Writes roofline panel `p`'s drawing commands: log-log decades, each
 * ceiling labelled on the plot (a slope's label along it, near its left
 * end; the compute roof's above it, at the right) and in the legend,
 * the points marked and labelled; then the settings the other panels
 * rely on put back. */
static void write_roofline_panel(FILE *f, const plot_spec *spec, int p,
                                 const plot_data *d)
{
    const plot_panel *pn = &spec->panels[p];
    const plot_roof *rf = &d->roof;
    double hz = rf->clock_mhz * 1e6;
    roof_axes ax;
    roofline_axes(d, &ax);
    fprintf(f, "    # Panel %d (roofline)\n", p + 1);
    write_titles(f, pn);
    fputs("    unset logscale\n    set logscale xy 10\n", f);
    /* a hair past the decades: gnuplot leaves out a log axis's tick that
     * falls exactly on its end */
    fprintf(f, "    set xrange [%.15g:%.15g]\n    set yrange [%.15g:%.15g]\n",
            ax.xlo / 1.001, ax.xhi * 1.001, ax.ylo / 1.001, ax.yhi * 1.001);
    decade_tics(f, 'x', ax.xlo, ax.xhi);
    decade_tics(f, 'y', ax.ylo, ax.yhi);
    char text[96];
    for (int l = 0; l < rf->n_levels; l++) {
        double x, y, angle;
        roof_box box;
        ceiling_text(rf, l, text, sizeof text);
        slope_label(rf, l, &ax, strlen(text), &x, &y, &angle, &box);
        fprintf(f, "    set label %d ", l + 2);
        plot_gp_string(f, text);
        fprintf(f, " at %.15g,%.15g rotate by %.1f left offset 0,0.6 "
                "font ',9' tc rgb '%s'\n", x, y, angle, roof_colors[l + 1]);
    }
    ceiling_text(rf, -1, text, sizeof text);
    fputs("    set label 1 ", f);
    plot_gp_string(f, text);
    fprintf(f, " at %.15g,%.15g right offset -1,0.7 font ',9' tc rgb '%s'\n",
            ax.xhi, rf->compute * hz, roof_colors[0]);
    fputs("    set key on\n    plot ", f);
    ceiling_text(rf, -1, text, sizeof text);
    fprintf(f, "$p%d_compute using 1:2 with lines lc rgb '%s' lw 2 "
            "title ", p + 1, roof_colors[0]);
    plot_gp_string(f, text);
    for (int l = 0; l < rf->n_levels; l++) {
        ceiling_text(rf, l, text, sizeof text);
        fprintf(f, ", \\\n         $p%d_roof%d using 1:2 with lines lc rgb "
                "'%s' lw 2 title ", p + 1, l + 1, roof_colors[l + 1]);
        plot_gp_string(f, text);
    }
    int drawn = 0;
    for (int i = 0; i < d->n_curves; i++) {
        const plot_curve *c = &d->curves[i];
        if (c->n == 0)
            continue;
        fprintf(f, ", \\\n         $p%d_c%d using 1:2 with points lt %d pt %d "
                "ps 1.4 title ", p + 1, i + 1, drawn + 1,
                point_types[drawn % N_POINT_TYPES]);
        if (c->series)
            curve_title(f, pn, c);
        else
            plot_gp_string(f, "simulated runs");
        for (int side = 0; side < ROOF_SIDES; side++)
            fprintf(f, ", \\\n         $p%d_c%d using 1:($4 == %d ? $2 : NaN)"
                    ":3 with labels %s offset %g,%g font ',9' tc lt %d "
                    "notitle", p + 1, i + 1, side, roof_sides[side].align,
                    roof_sides[side].dx, roof_sides[side].dy, drawn + 1);
        drawn++;
    }
    fputs("\n    unset label\n    unset mxtics\n    unset mytics\n"
          "    set xtics autofreq\n    set ytics autofreq\n"
          "    set xrange [*:*]\n    set yrange [*:*]\n", f);
}

/* Writes panel `p`'s drawing commands (inside the per-terminal loop). */
static void write_panel(FILE *f, const plot_spec *spec, int p,
                        const plot_data *d, stack_legend *lg)
{
    const plot_panel *pn = &spec->panels[p];
    if (pn->style == PLOT_STACKED) {
        fputs("    set key on\n", f);   /* its columns' legend */
        write_stacked_panel(f, spec, p, d, lg);
        return;
    }
    if (pn->style == PLOT_ROOFLINE) {
        write_roofline_panel(f, spec, p, d);
        return;
    }
    fprintf(f, "    # Panel %d\n", p + 1);
    write_titles(f, pn);
    fprintf(f, "    set format x '%s'\n", axis_format(d, 0));
    fprintf(f, "    set format y '%s'\n", axis_format(d, 1));
    bool slant = false;
    if (d->x_cats) {
        /* categories: x is each one's index, labelled by its text; past
         * about 90 characters across the panel (as stacked bars), the
         * labels are slanted so that they do not run into each other */
        int widest = 0;
        for (int i = 0; i < d->n_cats; i++) {
            int n = (int)strlen(d->x_cats[i]);
            widest = n > widest ? n : widest;
        }
        slant = d->n_cats * (widest + 2) > 90;
        if (slant)
            fputs("    set xtics rotate by -30\n", f);
        fputs("    set xtics (", f);
        for (int i = 0; i < d->n_cats; i++) {
            fputs(i ? ", " : "", f);
            plot_gp_string(f, d->x_cats[i]);
            fprintf(f, " %d", i);
        }
        fprintf(f, ")\n    set xrange [-0.5:%d.5]\n", d->n_cats - 1);
    }
    fputs("    unset logscale\n", f);
    if (pn->logx)
        fprintf(f, "    set logscale x %d\n", log_base(d, 0));
    if (pn->logy)
        fprintf(f, "    set logscale y %d\n", log_base(d, 1));
    bool ticks = !pn->logy && write_y_ticks(f, pn, d);
    /* a legend only where there is more than one curve to tell apart */
    int curves = 0;
    for (int i = 0; i < d->n_curves; i++)
        curves += d->curves[i].n > 0;
    fprintf(f, "    set key %s\n", curves > 1 ? "on" : "off");
    fputs("    plot ", f);
    int drawn = 0;
    for (int i = 0; i < d->n_curves; i++) {
        const plot_curve *c = &d->curves[i];
        if (c->n == 0)
            continue;
        if (drawn)
            fputs(", \\\n         ", f);
        if (pn->source == PLOT_TIMELINE)   /* a row per window: no marks;
                                              past 8 colours, dashes */
            fprintf(f, "$p%d_c%d using 1:2 with lines lt %d dt %d title ",
                    p + 1, i + 1, drawn % 8 + 1, drawn / 8 % 5 + 1);
        else
            fprintf(f, "$p%d_c%d using 1:2 with linespoints lt %d pt %d "
                    "title ", p + 1, i + 1, drawn + 1,
                    point_types[drawn % N_POINT_TYPES]);
        curve_title(f, pn, c);
        drawn++;
    }
    fputc('\n', f);
    if (d->x_cats)
        fputs("    set xtics autofreq\n    set xrange [*:*]\n", f);
    if (slant)
        fputs("    set xtics norotate\n", f);
    if (ticks)
        fputs("    set ytics autofreq\n    set yrange [*:*]\n", f);
}

void plot_gp_script(FILE *f, const plot_spec *spec, const char *csv_path,
                    const plot_data *data, int n_used, int n_failed)
{
    int rows, cols;
    plot_layout(spec->n_panels, &rows, &cols);
    const char *file = spec->file;

    fprintf(f, "# %s.gp: a cusim experiment figure (written by plot_write;"
            " edit freely to restyle).\n", file);
    if (spec->title[0]) {
        fputs("# Figure: ", f);
        gp_comment_text(f, spec->title);
        fputc('\n', f);
    }
    /* The CSV's base name only: the script must not depend on where the
     * results directory was (the figures are committed and compared). */
    const char *slash = strrchr(csv_path, '/');
    fputs("# Data: ", f);
    gp_comment_text(f, slash ? slash + 1 : csv_path);
    fprintf(f, " (%d row%s", n_used, n_used == 1 ? "" : "s");
    if (n_failed)
        fprintf(f, "; %d failed row%s left out", n_failed,
                n_failed == 1 ? "" : "s");
    fputs("), columns:\n", f);
    for (int p = 0; p < spec->n_panels; p++) {
        const plot_panel *pn = &spec->panels[p];
        fprintf(f, "#   panel %d: x = ", p + 1);
        gp_comment_text(f, pn->x);
        fputs(", y = ", f);
        for (int k = 0; k < pn->n_y; k++) {
            fputs(k ? ", " : "", f);
            gp_comment_text(f, pn->y[k]);
        }
        if (pn->series[0]) {
            fputs(", series = ", f);
            gp_comment_text(f, pn->series);
        }
        if (pn->logx || pn->logy)
            fprintf(f, " (log %s)", pn->logx && pn->logy ? "x and y"
                    : pn->logx ? "x" : "y");
        if (pn->style == PLOT_STACKED)
            fputs(" (stacked)", f);
        if (pn->style == PLOT_ROOFLINE)
            fputs(" (roofline)", f);
        if (pn->source == PLOT_TIMELINE)
            fputs(" (timelines)", f);
        for (int i = 0; i < data[p].n_where; i++) {
            fputs(i ? ", " : ", where ", f);
            gp_comment_text(f, i < pn->n_where ? pn->where[i].key
                                               : pn->facet[i - pn->n_where]);
            fputs(" = ", f);
            gp_comment_text(f, data[p].where_val[i]);
        }
        if (data[p].x_cats)
            fputs(" (x categorical)", f);
        fputc('\n', f);
    }
    fprintf(f,
            "# Re-render: gnuplot %s.gp\n"
            "#   writes %s.png (pngcairo, %d px wide) and %s.svg next to this"
            " script.\n"
            "#   The data is inlined below, so this file alone reproduces the"
            " figure.\n\n", file, file, PLOT_WIDTH, file);

    /* Outputs default to the script's own directory (ARG0 is its path);
     * plot_write passes png_out and svg_out with -e. */
    fputs("if (!exists(\"png_out\") || !exists(\"svg_out\")) {\n"
          "    here = ''\n"
          "    if (exists(\"ARG0\")) {\n"
          "        do for [i = strlen(ARG0):1:-1] {\n"
          "            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }"
          "\n"
          "        }\n"
          "    }\n", f);
    fputs("    png_out = here.", f);
    char name[160];
    snprintf(name, sizeof name, "%s.png", file);
    plot_gp_string(f, name);
    fputs("\n    svg_out = here.", f);
    snprintf(name, sizeof name, "%s.svg", file);
    plot_gp_string(f, name);
    fputs("\n}\n\n", f);

    /* Data: one block per curve, sorted by x; a stacked panel's one
     * block of bars, a row each: the x label, then the y values. */
    for (int p = 0; p < spec->n_panels; p++) {
        const plot_panel *pn = &spec->panels[p];
        const plot_data *d = &data[p];
        if (pn->style == PLOT_STACKED) {
            fprintf(f, "# Panel %d: %d bar%s of %d stacked columns, %s\n",
                    p + 1, d->n_bars, d->n_bars == 1 ? "" : "s", pn->n_y,
                    d->x_numeric ? "sorted by x" : "in the results' order");
            if (d->dropped_empty)
                fprintf(f, "# Panel %d: %d row%s without x or a y value left"
                        " out\n", p + 1, d->dropped_empty,
                        d->dropped_empty == 1 ? "" : "s");
            fprintf(f, "$p%d_bars << EOD\n", p + 1);
            for (int i = 0; i < d->n_bars; i++) {
                bar_label(f, d, &d->bars[i]);
                for (int k = 0; k < pn->n_y; k++)
                    fprintf(f, " %.15g", d->bars[i].y[k]);
                fputc('\n', f);
            }
            fputs("EOD\n\n", f);
            continue;
        }
        if (pn->style == PLOT_ROOFLINE) {
            write_roofline_data(f, spec, p, d);
            fputc('\n', f);
            continue;
        }
        if (d->x_cats) {
            fprintf(f, "# Panel %d: x categories, by index:", p + 1);
            for (int i = 0; i < d->n_cats; i++) {
                fprintf(f, "%s %d ", i ? "," : "", i);
                gp_comment_text(f, d->x_cats[i]);
            }
            fputc('\n', f);
        }
        for (int i = 0; i < d->n_curves; i++) {
            const plot_curve *c = &d->curves[i];
            fprintf(f, "# Panel %d, curve %d: ", p + 1, i + 1);
            gp_comment_text(f, pn->y[c->y]);
            fputs(" against ", f);
            gp_comment_text(f, pn->x);
            if (c->point >= 0) {
                fprintf(f, ", point %ld (", c->point);
                gp_comment_text(f, c->file);
                fputc(')', f);
            }
            if (!curve_comment_end(f, pn, c, p, i))
                continue;
            for (int j = 0; j < c->n; j++)
                fprintf(f, "%.15g %.15g\n", c->pts[j].x, c->pts[j].y);
            fputs("EOD\n", f);
        }
        if (d->dropped_log)
            fprintf(f, "# Panel %d: %d point%s <= 0 left out (log axis)\n",
                    p + 1, d->dropped_log, d->dropped_log == 1 ? "" : "s");
        if (pn->source == PLOT_TIMELINE && d->dropped_empty)
            fprintf(f, "# Panel %d: %d point%s left out (failed, or no "
                    "timeline)\n", p + 1, d->dropped_empty,
                    d->dropped_empty == 1 ? "" : "s");
        fputc('\n', f);
    }

    /* Style shared by every panel and both terminals. */
    fputs("set style line 100 lc rgb '#dcdcdc' lw 1 dt solid\n"
          "set grid ls 100\n"
          "set key below center horizontal samplen 2 width 2 height 1\n"
          "set border 3 lw 1.2\n"
          "set tics nomirror out\n"
          "set pointsize 1.1\n"
          , f);
    for (int i = 0; i < PLOT_LINE_COLORS; i++)
        fprintf(f, "set linetype %d lc rgb '%s' lw 2\n", i + 1,
                line_colors[i]);
    fputc('\n', f);

    fprintf(f, "# The figure, drawn once per terminal: PNG, then SVG.\n"
            "do for [fmt in \"png svg\"] {\n"
            "    if (fmt eq \"png\") {\n"
            "        set terminal pngcairo size %d,%d noenhanced font '"
            PLOT_FONT "'\n"
            "        set output png_out\n"
            "    } else {\n"
            "        set terminal svg size %d,%d dynamic noenhanced font '"
            PLOT_FONT "'\n"
            "        set output svg_out\n"
            "    }\n", PLOT_WIDTH, PLOT_ROW_HEIGHT * rows, PLOT_WIDTH,
            PLOT_ROW_HEIGHT * rows);
    fprintf(f, "    set multiplot layout %d,%d", rows, cols);
    if (spec->title[0]) {
        fputs(" title ", f);
        plot_gp_string(f, spec->title);
        fputs(" font '" PLOT_TITLE_FONT "'", f);
    }
    fputc('\n', f);
    stack_legend lg;
    lg.n = 0;
    for (int p = 0; p < spec->n_panels; p++)
        write_panel(f, spec, p, &data[p], &lg);
    fputs("    unset multiplot\n"
          "    set output\n"
          "}\n", f);
}

int plot_gp_run(const char *script, const char *png, const char *svg,
                const char *csv_path, const plot_spec *spec,
                cusim_error *err)
{
    sbuf b = { 0 };
    sb_puts(&b, "png_out=");          /* file names: bytes as they are */
    sb_put_doubled(&b, png, '\'');
    sb_puts(&b, "; svg_out=");
    sb_put_doubled(&b, svg, '\'');
    char *vars = sb_take(&b);

    int fds[2];
    if (pipe(fds) < 0) {
        free(vars);
        return err_set(err, csv_path, 1, 1, "plot '%s': cannot run gnuplot:"
                       " pipe: %s", spec->file, strerror(errno));
    }
    /* Only the child's dup2'd copies may outlive the exec. */
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);

    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 2);
    char *argv[] = { "gnuplot", "-e", vars, (char *)script, NULL };
    pid_t pid;
    int spawn_rc = posix_spawnp(&pid, "gnuplot", &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(fds[1]);
    free(vars);
    if (spawn_rc != 0) {
        close(fds[0]);
        err_set(err, csv_path, 1, 1, "plot '%s': cannot run gnuplot: %s "
                "(install gnuplot-nox, or put gnuplot on PATH)", spec->file,
                strerror(spawn_rc));
        return spawn_rc == ENOENT ? 1 : -1;
    }

    /* Keep the tail of its output: gnuplot stops at its first error and
     * reports it last. */
    char out[512];
    size_t n_out = 0;
    for (;;) {
        char chunk[1024];
        ssize_t got = read(fds[0], chunk, sizeof chunk);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0)
            break;
        for (ssize_t i = 0; i < got; i++) {
            if (n_out == sizeof out - 1) {
                memmove(out, out + 1, n_out - 1);
                n_out--;
            }
            out[n_out++] = chunk[i];
        }
    }
    close(fds[0]);
    out[n_out] = '\0';

    int status;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR)
            return err_set(err, csv_path, 1, 1, "plot '%s': waiting for"
                           " gnuplot: %s", spec->file, strerror(errno));
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
        return 0;

    /* One line of its output: line breaks become " | ". */
    char said[600] = "";
    size_t w = 0;
    for (const char *s = out; *s && w + 4 < sizeof said; s++) {
        if (*s == '\n') {
            while (s[1] == '\n')
                s++;
            if (w > 0 && s[1]) {
                memcpy(said + w, " | ", 3);
                w += 3;
            }
        } else if ((unsigned char)*s >= 0x20 || *s == '\t') {
            said[w++] = *s;
        }
    }
    said[w] = '\0';
    char how[48];
    if (WIFEXITED(status))
        snprintf(how, sizeof how, "exit status %d", WEXITSTATUS(status));
    else
        snprintf(how, sizeof how, "signal %d",
                 WIFSIGNALED(status) ? WTERMSIG(status) : 0);
    return err_set(err, csv_path, 1, 1, "plot '%s': gnuplot failed (%s)%s%s",
                   spec->file, how, said[0] ? ": " : "", said);
}

