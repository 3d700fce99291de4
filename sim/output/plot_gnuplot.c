/*
 * plot_gnuplot.c — a figure's gnuplot script (see plot_gnuplot.h): its
 * comments, the data of each panel, the style every panel shares and the
 * loop that draws the figure once per terminal. Each panel's data and
 * commands are plot_gp_panel.c's (plot_gp_roof.c's for a roofline);
 * gnuplot is run by plot_gp_run.c.
 *
 * The script needs nothing but itself: `gnuplot FILE.gp` redraws FILE.png
 * and FILE.svg next to it, so a user can restyle a figure by editing it.
 */
#include "plot_gnuplot.h"

#include <string.h>

#include "plot_gp_int.h"

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

void plot_gp_comment(FILE *f, const char *s)
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
        plot_gp_comment(f, spec->title);
        fputc('\n', f);
    }
    /* The CSV's base name only: the script must not depend on where the
     * results directory was (the figures are committed and compared). */
    const char *slash = strrchr(csv_path, '/');
    fputs("# Data: ", f);
    plot_gp_comment(f, slash ? slash + 1 : csv_path);
    fprintf(f, " (%d row%s", n_used, n_used == 1 ? "" : "s");
    if (n_failed)
        fprintf(f, "; %d failed row%s left out", n_failed,
                n_failed == 1 ? "" : "s");
    fputs("), columns:\n", f);
    for (int p = 0; p < spec->n_panels; p++) {
        const plot_panel *pn = &spec->panels[p];
        fprintf(f, "#   panel %d: x = ", p + 1);
        plot_gp_comment(f, pn->x);
        fputs(", y = ", f);
        for (int k = 0; k < pn->n_y; k++) {
            fputs(k ? ", " : "", f);
            plot_gp_comment(f, pn->y[k]);
        }
        if (pn->series[0]) {
            fputs(", series = ", f);
            plot_gp_comment(f, pn->series);
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
            plot_gp_comment(f, i < pn->n_where ? pn->where[i].key
                                               : pn->facet[i - pn->n_where]);
            fputs(" = ", f);
            plot_gp_comment(f, data[p].where_val[i]);
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
    for (int p = 0; p < spec->n_panels; p++)
        plot_gp_panel_data(f, spec, p, &data[p]);

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
    plot_gp_legend lg;
    lg.n = 0;
    for (int p = 0; p < spec->n_panels; p++)
        plot_gp_panel(f, spec, p, &data[p], &lg);
    fputs("    unset multiplot\n"
          "    set output\n"
          "}\n", f);
}
