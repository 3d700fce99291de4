/*
 * plot_gp_roof.c — a roofline panel's part of a figure's gnuplot script
 * (plot.h, `style: roofline`): its roof and points as data blocks, with
 * the roof's arithmetic in comments, and its drawing commands, the pieces
 * placed by plot_roof_layout.c.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "plot_gp_int.h"
#include "plot_roof_layout.h"
#include "xalloc.h"

/* The ceilings' colours: the compute roof, then the levels (DRAM or the
 * flat channel, L2, L1); each at least 3:1 against white, and none the
 * first four series' (plot_line_color). */
static const char *const roof_colors[1 + PLOT_ROOF_LEVELS] = {
    "#333333", "#d95f02", "#00838f", "#8c564b",
};

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
            plot_roof_si3(v, label, sizeof label);
            size_t n = strlen(label);   /* "10 " for 10: no space left */
            if (n && label[n - 1] == ' ')
                label[n - 1] = '\0';
        }
        fprintf(f, "%s'%s' %.15g", first ? "" : ", ", label, v);
        first = 0;
    }
    fprintf(f, ")\n    set m%ctics 10\n", axis);
}

void plot_gp_roof_data(FILE *f, const plot_spec *spec, int p,
                       const plot_data *d)
{
    const plot_panel *pn = &spec->panels[p];
    const plot_roof *rf = &d->roof;
    double hz = rf->clock_mhz * 1e6;
    uint32_t lanes = rf->issue_per_cycle * rf->simd_width < rf->lanes_alu
                     ? rf->issue_per_cycle * rf->simd_width : rf->lanes_alu;
    plot_roof_axes ax;
    plot_roof_axes_of(d, &ax);
    fprintf(f, "# Panel %d: the roof of ", p + 1);
    plot_gp_comment(f, rf->hw_name);
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
    plot_roof_label_sides(d, &ax, sides);
    fprintf(f, "# Panel %d: each point is \"x y label side\", side 0 to 5 "
            "placing its label right above, right below, left above, left "
            "below, above or below its mark\n", p + 1);
    for (int i = 0; i < d->n_curves; i++) {
        const plot_curve *c = &d->curves[i];
        fprintf(f, "# Panel %d, points %d: x %s, y roofline.performance x "
                "%.15g", p + 1, i + 1, rf->hierarchy
                ? "roofline.dram_intensity" : "arithmetic_intensity",
                hz);
        if (!plot_gp_curve_comment_end(f, pn, c, p, i))
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

void plot_gp_roof_panel(FILE *f, const plot_spec *spec, int p,
                        const plot_data *d)
{
    const plot_panel *pn = &spec->panels[p];
    const plot_roof *rf = &d->roof;
    double hz = rf->clock_mhz * 1e6;
    plot_roof_axes ax;
    plot_roof_axes_of(d, &ax);
    fprintf(f, "    # Panel %d (roofline)\n", p + 1);
    plot_gp_titles(f, pn);
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
        plot_roof_box box;
        plot_roof_ceiling_text(rf, l, text, sizeof text);
        plot_roof_slope_label(rf, l, &ax, strlen(text), &x, &y, &angle, &box);
        fprintf(f, "    set label %d ", l + 2);
        plot_gp_string(f, text);
        fprintf(f, " at %.15g,%.15g rotate by %.1f left offset 0,0.6 "
                "font ',9' tc rgb '%s'\n", x, y, angle, roof_colors[l + 1]);
    }
    plot_roof_ceiling_text(rf, -1, text, sizeof text);
    fputs("    set label 1 ", f);
    plot_gp_string(f, text);
    fprintf(f, " at %.15g,%.15g right offset -1,0.7 font ',9' tc rgb '%s'\n",
            ax.xhi, rf->compute * hz, roof_colors[0]);
    fputs("    set key on\n    plot ", f);
    plot_roof_ceiling_text(rf, -1, text, sizeof text);
    fprintf(f, "$p%d_compute using 1:2 with lines lc rgb '%s' lw 2 "
            "title ", p + 1, roof_colors[0]);
    plot_gp_string(f, text);
    for (int l = 0; l < rf->n_levels; l++) {
        plot_roof_ceiling_text(rf, l, text, sizeof text);
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
                plot_gp_point_type(drawn));
        if (c->series)
            plot_gp_curve_title(f, pn, c);
        else
            plot_gp_string(f, "simulated runs");
        for (int side = 0; side < PLOT_ROOF_SIDES; side++)
            fprintf(f, ", \\\n         $p%d_c%d using 1:($4 == %d ? $2 : NaN)"
                    ":3 with labels %s offset %g,%g font ',9' tc lt %d "
                    "notitle", p + 1, i + 1, side, plot_roof_sides[side].align,
                    plot_roof_sides[side].dx, plot_roof_sides[side].dy,
                    drawn + 1);
        drawn++;
    }
    fputs("\n    unset label\n    unset mxtics\n    unset mytics\n"
          "    set xtics autofreq\n    set ytics autofreq\n"
          "    set xrange [*:*]\n    set yrange [*:*]\n", f);
}
