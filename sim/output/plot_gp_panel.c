/*
 * plot_gp_panel.c — a lines or stacked panel's part of a figure's gnuplot
 * script (plot.h): its data blocks, a curve's or a bar's each, and its
 * drawing commands (titles, axes and ticks, legend, the plot command);
 * a roofline panel's are plot_gp_roof.c's.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "plot_gp_int.h"
#include "plot_label.h"
#include "plot_ticks.h"

bool plot_gp_curve_comment_end(FILE *f, const plot_panel *pn,
                               const plot_curve *c, int p, int i)
{
    if (c->label) {
        fputs(", ", f);
        plot_gp_comment(f, c->label);
    } else if (c->series) {
        fputs(", ", f);
        plot_gp_comment(f, pn->series);
        fputs(" = ", f);
        plot_gp_comment(f, c->series);
    }
    fprintf(f, " (%d point%s%s)\n", c->n, c->n == 1 ? "" : "s",
            c->n ? "" : ": not drawn");
    if (c->n == 0)
        return false;
    fprintf(f, "$p%d_c%d << EOD\n", p + 1, i + 1);
    return true;
}

/* The legend entry of curve `c` in panel `pn`. */
void plot_gp_curve_title(FILE *f, const plot_panel *pn, const plot_curve *c)
{
    char buf[512];
    if (c->label) {
        if (pn->n_y > 1)
            snprintf(buf, sizeof buf, "%s, %s", pn->y[c->y], c->label);
        else
            snprintf(buf, sizeof buf, "%s", c->label);
    } else if (c->series) {
        const char *v = c->series_shown ? c->series_shown : c->series;
        v = v[0] ? v : "(empty)";
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

/* Point types that stay distinct in grey: circle, square, triangles,
 * diamond, pentagon (all filled). */
static const int point_types[] = { 7, 5, 9, 11, 13, 15 };
#define N_POINT_TYPES (int)(sizeof point_types / sizeof point_types[0])

int plot_gp_point_type(int i)
{
    return point_types[i % N_POINT_TYPES];
}

/* Fill colours of stacked components: Tableau 10 with its greys last,
 * then two more; distinct side by side. */
static const char *const stack_colors[PLOT_MAX_STACK] = {
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
    "#b07aa1", "#ff9da7", "#9c755f", "#d37295", "#8cd17d", "#bab0ac",
};

/* The colour of `name` in `lg`, adding it when new. */
static const char *stack_color(plot_gp_legend *lg, const char *name)
{
    int i = 0;
    while (i < lg->n && strcmp(lg->names[i], name) != 0)
        i++;
    if (i == lg->n)
        lg->names[lg->n++] = name;
    return stack_colors[i % PLOT_MAX_STACK];
}

/* Writes bar `b`'s x as its tick label, double-quoted for a data block:
 * its label when it has one (x_shown), else a number as the shortest of
 * "%.0f" (whole) and "%.4g", text as it is; double quotes made single and
 * line breaks spaces. */
static void bar_label(FILE *f, const plot_data *d, const plot_bar *b)
{
    fputc('"', f);
    if (b->x_shown)
        for (const char *s = b->x_shown; *s; s++)
            fputc(*s == '"' ? '\'' : (unsigned char)*s < 0x20 ? ' ' : *s, f);
    else if (d->x_numeric && b->x == floor(b->x) && fabs(b->x) < 1e15)
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
        int n = b->x_shown ? (int)strlen(b->x_shown)
                : !d->x_numeric ? (int)strlen(b->x_text)
                : b->x == floor(b->x) && fabs(b->x) < 1e15
                ? snprintf(buf, sizeof buf, "%.0f", b->x)
                : snprintf(buf, sizeof buf, "%.4g", b->x);
        most = n > most ? n : most;
    }
    return most;
}

void plot_gp_titles(FILE *f, const plot_panel *pn)
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
                                const plot_data *d, plot_gp_legend *lg)
{
    const plot_panel *pn = &spec->panels[p];
    size_t cut = plot_label_stack_prefix(pn);
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
    plot_gp_titles(f, pn);
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

void plot_gp_panel_data(FILE *f, const plot_spec *spec, int p,
                        const plot_data *d)
{
    const plot_panel *pn = &spec->panels[p];
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
        return;
    }
    if (pn->style == PLOT_ROOFLINE) {
        plot_gp_roof_data(f, spec, p, d);
        fputc('\n', f);
        return;
    }
    if (d->x_cats) {
        fprintf(f, "# Panel %d: x categories, by index:", p + 1);
        for (int i = 0; i < d->n_cats; i++) {
            fprintf(f, "%s %d ", i ? "," : "", i);
            plot_gp_comment(f, d->x_cats[i]);
        }
        fputc('\n', f);
    }
    for (int i = 0; i < d->n_curves; i++) {
        const plot_curve *c = &d->curves[i];
        fprintf(f, "# Panel %d, curve %d: ", p + 1, i + 1);
        plot_gp_comment(f, pn->y[c->y]);
        fputs(" against ", f);
        plot_gp_comment(f, pn->x);
        if (c->point >= 0) {
            fprintf(f, ", point %ld (", c->point);
            plot_gp_comment(f, c->file);
            fputc(')', f);
        }
        if (!plot_gp_curve_comment_end(f, pn, c, p, i))
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

void plot_gp_panel(FILE *f, const plot_spec *spec, int p, const plot_data *d,
                   plot_gp_legend *lg)
{
    const plot_panel *pn = &spec->panels[p];
    if (pn->style == PLOT_STACKED) {
        fputs("    set key on\n", f);   /* its columns' legend */
        write_stacked_panel(f, spec, p, d, lg);
        return;
    }
    if (pn->style == PLOT_ROOFLINE) {
        plot_gp_roof_panel(f, spec, p, d);
        return;
    }
    fprintf(f, "    # Panel %d\n", p + 1);
    plot_gp_titles(f, pn);
    fprintf(f, "    set format x '%s'\n", axis_format(d, 0));
    fprintf(f, "    set format y '%s'\n", axis_format(d, 1));
    bool slant = false;
    if (d->x_cats) {
        /* categories: x is each one's index, labelled by its text; past
         * about 90 characters across the panel (as stacked bars), the
         * labels are slanted so that they do not run into each other */
        int widest = 0;
        for (int i = 0; i < d->n_cats; i++) {
            int n = (int)strlen(d->x_cat_shown[i]);
            widest = n > widest ? n : widest;
        }
        slant = d->n_cats * (widest + 2) > 90;
        if (slant)
            fputs("    set xtics rotate by -30\n", f);
        fputs("    set xtics (", f);
        for (int i = 0; i < d->n_cats; i++) {
            fputs(i ? ", " : "", f);
            plot_gp_string(f, d->x_cat_shown[i]);
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
                    plot_gp_point_type(drawn));
        plot_gp_curve_title(f, pn, c);
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
