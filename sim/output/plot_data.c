/*
 * plot_data.c — a panel resolved against the results CSV (see
 * plot_data.h): its columns, the rows it draws, and its curves, bars or
 * roofline marks.
 */
#include "plot_data.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "strbuf.h"
#include "suggest.h"
#include "xalloc.h"

/* Whether row `r` is a point without a result (its status cell reads
 * "failed" or "infeasible": a gap in the curves); `status_col` is -1 when
 * the CSV has no status column. */
static int row_failed(const csv_table *csv, int status_col, int r)
{
    return status_col >= 0
           && (strcmp(csv_at(csv, r, status_col)->text, "failed") == 0
               || strcmp(csv_at(csv, r, status_col)->text, "infeasible") == 0);
}

/* Parses a numeric cell. Returns 1 with *v set for a finite number, 0 for
 * a cell with no value (empty, or nan/inf as a results file writes an
 * undefined metric), -1 for text that is not a number. */
static int cell_number(const char *s, double *v)
{
    while (isspace((unsigned char)*s))
        s++;
    if (!*s)
        return 0;
    if (strpbrk(s, "xX"))           /* strtod's hex floats: not CSV numbers */
        return -1;
    char *rest;
    errno = 0;
    double d = strtod(s, &rest);
    if (rest == s)
        return -1;
    while (isspace((unsigned char)*rest))
        rest++;
    if (*rest)
        return -1;
    if (!isfinite(d))
        return 0;
    *v = d;
    return 1;
}

/* Whether row `r` is one panel `d` draws: its cell in each where column
 * reads the condition's value (a where: key, or a facet's column). */
static int row_matches(const csv_table *csv, const plot_data *d, int r)
{
    for (int i = 0; i < d->n_where; i++)
        if (strcmp(csv_at(csv, r, d->where_col[i])->text, d->where_val[i]))
            return 0;
    return 1;
}

static int point_cmp(const void *pa, const void *pb)
{
    const plot_point *a = pa, *b = pb;
    if (a->x != b->x)
        return a->x < b->x ? -1 : 1;
    return (a->row > b->row) - (a->row < b->row);
}

static int bar_cmp(const void *pa, const void *pb)
{
    const plot_bar *a = pa, *b = pb;
    if (a->x != b->x)
        return a->x < b->x ? -1 : 1;
    return (a->row > b->row) - (a->row < b->row);
}

void plot_data_free(plot_data *d)
{
    for (int i = 0; i < d->n_curves; i++) {
        for (int j = 0; j < d->curves[i].n; j++)
            free(d->curves[i].pts[j].label);
        free(d->curves[i].pts);
        free(d->curves[i].label);
    }
    free(d->curves);
    free(d->bars);
    free(d->x_cats);
    free(d->x_cat_shown);
    d->x_cats = NULL;
    d->x_cat_shown = NULL;
    d->n_cats = 0;
    d->curves = NULL;
    d->n_curves = 0;
    d->bars = NULL;
    d->n_bars = 0;
}

/* Resolves one column of a panel in `csv` (`whose`: "results have" or
 * "timeline has"); a missing one is an error at line 1, column 1 of the CSV
 * naming the plot and the column, with the header name closest to it
 * (suggest.h) when one is close. */
static int resolve_in(const csv_table *csv, const char *whose,
                      const plot_spec *spec, int panel, const char *role,
                      const char *name, int *col, cusim_error *err)
{
    *col = csv_column(csv, name);
    if (*col >= 0)
        return 0;
    const char **names = xcalloc((size_t)csv->n_cols, sizeof *names);
    for (int c = 0; c < csv->n_cols; c++)
        names[c] = csv_at(csv, 0, c)->text;
    const char *near = suggest_nearest(name, names, (size_t)csv->n_cols);
    char where[32] = "";
    if (spec->n_panels > 1)
        snprintf(where, sizeof where, " (panel %d)", panel + 1);
    if (near)
        err_set(err, csv->path, 1, 1, "plot '%s'%s: the %s no "
                "column '%s' for %s (did you mean '%s'?)", spec->file, where,
                whose, name, role, near);
    else
        err_set(err, csv->path, 1, 1, "plot '%s'%s: the %s no "
                "column '%s' for %s; no column has a similar name",
                spec->file, where, whose, name, role);
    free(names);
    return -1;
}

int plot_data_column(const csv_table *csv, const plot_spec *spec, int panel,
                     const char *role, const char *name, int *col,
                     cusim_error *err)
{
    return resolve_in(csv, "results have", spec, panel, role, name, col, err);
}

/* Reads a numeric cell of a panel; text is an error naming the column. */
static int panel_number(const csv_table *csv, const plot_spec *spec, int row,
                        int col, const char *role, double *v, int *has,
                        cusim_error *err)
{
    const csv_cell *cell = csv_at(csv, row, col);
    int rc = cell_number(cell->text, v);
    if (rc < 0)
        return err_set(err, csv->path, cell->line, cell->column,
                       "plot '%s': column '%s' (%s) must be numeric, but this"
                       " row has '%s'", spec->file, csv_at(csv, 0, col)->text,
                       role, cell->text);
    *has = rc;
    return 0;
}

/* Builds stacked panel `p`'s bars (columns already resolved): one per
 * row that did not fail and has x and every y. */
static int bars_build(const csv_table *csv, const plot_spec *spec, int p,
                      plot_data *d, cusim_error *err)
{
    const plot_panel *pn = &spec->panels[p];
    int status_col = csv_column(csv, "status");
    int n_data = csv->n_rows - 1;
    d->bars = xrealloc_array(NULL, (size_t)(n_data > 0 ? n_data : 1),
                             sizeof *d->bars);
    d->x_numeric = 1;
    for (int r = 1; r < csv->n_rows; r++) {
        if (row_failed(csv, status_col, r) || !row_matches(csv, d, r))
            continue;
        plot_bar *b = &d->bars[d->n_bars];
        b->x_text = csv_at(csv, r, d->x_col)->text;
        b->x_shown = plot_label_is_labelled(d->shown, d->x_col)
                     ? plot_label_cell(d->shown, csv, r, d->x_col) : NULL;
        b->row = r;
        b->x = 0;
        /* text (-1) is a label; an empty cell or nan (0) no x */
        int has = cell_number(b->x_text, &b->x), has_all = 1;
        if (has < 0)
            d->x_numeric = 0;
        for (int k = 0; k < pn->n_y; k++) {
            int has_y;
            if (panel_number(csv, spec, r, d->y_col[k], "y", &b->y[k], &has_y,
                             err) < 0)
                return -1;
            has_all = has_all && has_y;
        }
        if (has != 0 && has_all)
            d->n_bars++;
        else
            d->dropped_empty++;
    }
    if (d->x_numeric)
        qsort(d->bars, (size_t)d->n_bars, sizeof *d->bars, bar_cmp);
    if (d->n_bars == 0)
        return err_set(err, csv->path, 1, 1, "plot '%s': panel %d (x = %s)"
                       " has no bar to draw: every row failed or lacks x or "
                       "a y value", spec->file, p + 1, pn->x);
    return 0;
}

/* The legend text of point row `r` of `csv` without a series: its
 * parameters "KEY=VALUE, ..." (the first n_params columns, empty ones
 * left out; each value as `sh` shows it, or its text when `sh` is NULL),
 * or "point P" when it has none. The caller frees it. */
static char *point_label(const csv_table *csv, const plot_label_shown *sh,
                         size_t n_params, int r)
{
    sbuf b = { 0 };
    for (size_t c = 0; c < n_params && (int)c < csv->n_cols; c++) {
        const char *v = sh ? plot_label_cell(sh, csv, r, (int)c)
                           : csv_at(csv, r, (int)c)->text;
        if (!*v)
            continue;
        sb_printf(&b, "%s%s=%s", b.n ? ", " : "",
                  csv_at(csv, 0, (int)c)->text, v);
    }
    if (!b.n)
        sb_printf(&b, "point %d", r - 1);
    return sb_take(&b);
}

/* Reads point `point`'s timeline (results row `r`) into the curves
 * d->curves[k * n_lines + line] for each y column k. */
static int timeline_read(const csv_table *csv, const plot_spec *spec, int p,
                         const plot_timelines *tl, int r, int line,
                         int n_lines, plot_data *d, cusim_error *err)
{
    const plot_panel *pn = &spec->panels[p];
    size_t point = (size_t)(r - 1);
    csv_table t;
    if (csv_read(tl->paths[point], "a point's timeline", &t, err) < 0)
        return -1;
    int x_col, y_col[PLOT_MAX_STACK], rc = -1;
    if (resolve_in(&t, "timeline has", spec, p, "x", pn->x, &x_col, err) < 0)
        goto done;
    for (int k = 0; k < pn->n_y; k++)
        if (resolve_in(&t, "timeline has", spec, p, "y", pn->y[k], &y_col[k],
                       err) < 0)
            goto done;
    for (int k = 0; k < pn->n_y; k++) {
        plot_curve *c = &d->curves[k * n_lines + line];
        c->y = k;
        c->point = (long)point;
        c->file = strrchr(tl->paths[point], '/');
        c->file = c->file ? c->file + 1 : tl->paths[point];
        if (d->series_col >= 0) {
            c->series = csv_at(csv, r, d->series_col)->text;
            c->series_shown = plot_label_cell(d->shown, csv, r,
                                              d->series_col);
        } else {
            c->label = point_label(csv, d->shown, tl->n_params, r);
        }
        c->pts = xrealloc_array(NULL, (size_t)(t.n_rows > 1 ? t.n_rows - 1
                                                            : 1),
                                sizeof *c->pts);
        c->n = 0;
        for (int tr = 1; tr < t.n_rows; tr++) {
            double x, y;
            int has_x, has_y;
            if (panel_number(&t, spec, tr, x_col, "x", &x, &has_x, err) < 0
                || panel_number(&t, spec, tr, y_col[k], "y", &y, &has_y,
                                err) < 0)
                goto done;
            if (!has_x || !has_y)
                continue;
            if ((pn->logx && x <= 0) || (pn->logy && y <= 0)) {
                d->dropped_log++;
                continue;
            }
            c->pts[c->n++] = (plot_point){ x, y, tr, NULL };
        }
        qsort(c->pts, (size_t)c->n, sizeof *c->pts, point_cmp);
    }
    rc = 0;
done:
    csv_free(&t);
    return rc;
}

/* Builds timeline panel `p`'s curves: for each y column, one per point it
 * draws (those of pn->points, in that order, else every one) that did not
 * fail and has a timeline. */
static int timelines_build(const csv_table *csv, const plot_spec *spec, int p,
                           const plot_timelines *tl, plot_data *d,
                           cusim_error *err)
{
    const plot_panel *pn = &spec->panels[p];
    int status_col = csv_column(csv, "status");
    if (!tl)
        return err_set(err, csv->path, 1, 1, "plot '%s': panel %d draws "
                       "timelines, and the experiment writes none",
                       spec->file, p + 1);
    int rows[PLOT_MAX_TIMELINES], n_lines = 0;
    int n_pick = pn->n_points ? pn->n_points : csv->n_rows - 1;
    for (int i = 0; i < n_pick; i++) {
        int r = pn->n_points ? (int)pn->points[i] + 1 : i + 1;
        if (r >= csv->n_rows || (size_t)(r - 1) >= tl->n_points
            || row_failed(csv, status_col, r) || !tl->paths[r - 1]) {
            d->dropped_empty++;
            continue;
        }
        if (n_lines == PLOT_MAX_TIMELINES)
            return err_set(err, csv->path, 1, 1, "plot '%s': panel %d would "
                           "draw more than %d timelines (pick points with "
                           "points: [N, ...])", spec->file, p + 1,
                           PLOT_MAX_TIMELINES);
        rows[n_lines++] = r;
    }
    d->n_curves = pn->n_y * n_lines;
    d->curves = xcalloc((size_t)(d->n_curves ? d->n_curves : 1),
                        sizeof *d->curves);
    for (int i = 0; i < n_lines; i++)
        if (timeline_read(csv, spec, p, tl, rows[i], i, n_lines, d, err) < 0)
            return -1;
    int total = 0;
    for (int i = 0; i < d->n_curves; i++)
        total += d->curves[i].n;
    if (total == 0)
        return err_set(err, csv->path, 1, 1, "plot '%s': panel %d (x = %s) "
                       "has no timeline point to draw: every point it picks "
                       "failed or its timeline has no value%s", spec->file,
                       p + 1, pn->x, d->dropped_log
                       ? " (or is <= 0 on a log axis)" : "");
    return 0;
}

/* Resolves panel `p`'s where columns and its facet's (`facet_vals`: the
 * value of each pn->facet column; NULL without facets) into d->where_*. */
static int where_build(const csv_table *csv, const plot_spec *spec, int p,
                       const char *const *facet_vals, plot_data *d,
                       cusim_error *err)
{
    const plot_panel *pn = &spec->panels[p];
    for (int i = 0; i < pn->n_where; i++, d->n_where++) {
        if (plot_data_column(csv, spec, p, "where", pn->where[i].key,
                             &d->where_col[d->n_where], err) < 0)
            return -1;
        d->where_val[d->n_where] = pn->where[i].value;
    }
    for (int i = 0; facet_vals && i < pn->n_facet; i++, d->n_where++) {
        if (plot_data_column(csv, spec, p, "a facet", pn->facet[i],
                             &d->where_col[d->n_where], err) < 0)
            return -1;
        d->where_val[d->n_where] = facet_vals[i];
    }
    return 0;
}

/* The panel's x categories when an x cell of a row it draws is text (a
 * profile's name, a policy) or x is a labelled parameter (plot_label.h: a
 * label: or a mapping made readable): each distinct text once, in row
 * order, into d->x_cats, shown as d->x_cat_shown; none (d->x_cats NULL)
 * when every x is a number or empty. */
static int categories_build(const csv_table *csv, const plot_spec *spec,
                            int p, plot_data *d, cusim_error *err)
{
    const plot_panel *pn = &spec->panels[p];
    int status_col = csv_column(csv, "status");
    int text = 0, labelled = plot_label_is_labelled(d->shown, d->x_col);
    for (int r = 1; r < csv->n_rows && !text; r++) {
        double v;
        text = !row_failed(csv, status_col, r) && row_matches(csv, d, r)
               && cell_number(csv_at(csv, r, d->x_col)->text, &v) < 0;
    }
    if (!text && !labelled)
        return 0;
    if (pn->logx) {
        const char *name = csv_at(csv, 0, d->x_col)->text;
        return err_set(err, csv->path, 1, 1, "plot '%s': panel %d: logx, but"
                       " x column '%s' %s (categories); a log axis needs "
                       "numbers (drop logx)", spec->file, p + 1, name,
                       text ? "holds text" : "is labelled");
    }
    d->x_cats = xcalloc((size_t)csv->n_rows, sizeof *d->x_cats);
    d->x_cat_shown = xcalloc((size_t)csv->n_rows, sizeof *d->x_cat_shown);
    for (int r = 1; r < csv->n_rows; r++) {
        if (row_failed(csv, status_col, r) || !row_matches(csv, d, r))
            continue;
        const char *v = csv_at(csv, r, d->x_col)->text;
        int seen = !*v;
        for (int i = 0; i < d->n_cats && !seen; i++)
            seen = strcmp(d->x_cats[i], v) == 0;
        if (!seen) {
            d->x_cat_shown[d->n_cats] = plot_label_cell(d->shown, csv, r,
                                                        d->x_col);
            d->x_cats[d->n_cats++] = v;
        }
    }
    return 0;
}

/* Point row `r`'s x in panel `d`: its category's index when x is
 * categorical, else the number (panel_number). */
static int row_x(const csv_table *csv, const plot_spec *spec, int r,
                 const plot_data *d, double *x, int *has_x, cusim_error *err)
{
    if (!d->x_cats)
        return panel_number(csv, spec, r, d->x_col, "x", x, has_x, err);
    const char *v = csv_at(csv, r, d->x_col)->text;
    *has_x = 0;
    for (int i = 0; i < d->n_cats && !*has_x; i++)
        if (strcmp(d->x_cats[i], v) == 0) {
            *x = i;
            *has_x = 1;
        }
    return 0;
}

/* The error for a value <= 0 on a log axis: at the cell, naming the plot,
 * the panel, the column and the point (its parameters). */
static int log_error(const csv_table *csv, const plot_spec *spec, int p,
                     int r, int col, const char *axis, cusim_error *err)
{
    const csv_cell *cell = csv_at(csv, r, col);
    char title[sizeof spec->panels[p].title];
    snprintf(title, sizeof title, "%s", spec->panels[p].title);
    for (char *t = title; (t = strchr(t, PLOT_TITLE_BREAK[0])) != NULL;)
        *t = ',';   /* a facet's line: "TITLE,FACET" */
    char *point = spec->n_params ? point_label(csv, NULL, spec->n_params, r)
                                 : xstrdup("");
    int rc = err_set(err, csv->path, cell->line, cell->column, "plot '%s': "
                     "panel %d%s%s%s: %s needs values > 0, and column '%s' is "
                     "%s at point %d%s%s%s; drop %s, or leave the point out "
                     "with where:", spec->file, p + 1, title[0] ? " ('" : "",
                     title, title[0] ? "')" : "", axis,
                     csv_at(csv, 0, col)->text, cell->text, r - 1,
                     point[0] ? " (" : "", point, point[0] ? ")" : "", axis);
    free(point);
    return rc;
}

/* The error for a where: no row matches: the panel, its conditions and
 * the values the first condition's column holds. */
static int where_error(const csv_table *csv, const plot_spec *spec, int p,
                       const plot_data *d, cusim_error *err)
{
    sbuf cond = { 0 }, seen = { 0 };
    for (int i = 0; i < d->n_where; i++)
        sb_printf(&cond, "%s%s = %s", i ? ", " : "",
                  csv_at(csv, 0, d->where_col[i])->text, d->where_val[i]);
    const char *shown[8];
    int n_seen = 0;
    for (int r = 1; r < csv->n_rows && n_seen < 8; r++) {
        const char *v = csv_at(csv, r, d->where_col[0])->text;
        int dup = 0;
        for (int q = 0; q < n_seen && !dup; q++)
            dup = strcmp(shown[q], v) == 0;
        if (!dup) {
            sb_printf(&seen, "%s%s", n_seen ? ", " : "", v);
            shown[n_seen++] = v;
        }
    }
    int rc = err_set(err, csv->path, 1, 1, "plot '%s': panel %d: no point "
                     "matches where: %s (%s takes %s)", spec->file, p + 1,
                     cond.s, csv_at(csv, 0, d->where_col[0])->text,
                     seen.s ? seen.s : "no value");
    free(cond.s);
    free(seen.s);
    return rc;
}

/* Allocates d->curves, y columns outer and series values inner: the
 * series values in the order the rows `d` draws first show them (the
 * experiment's own order: sweep values as the author wrote them), one
 * NULL value without a series; each curve with room for every row.
 * Returns the number of series values. */
static int curves_alloc(const csv_table *csv, const plot_panel *pn,
                        plot_data *d)
{
    int status_col = csv_column(csv, "status");
    int n_data = csv->n_rows - 1;
    const char **values = xrealloc_array(NULL,
                                         (size_t)(n_data > 0 ? n_data : 1),
                                         sizeof *values);
    const char **shown = xrealloc_array(NULL,
                                        (size_t)(n_data > 0 ? n_data : 1),
                                        sizeof *shown);
    int n_values = 0;
    if (d->series_col >= 0) {
        for (int r = 1; r < csv->n_rows; r++) {
            if (row_failed(csv, status_col, r) || !row_matches(csv, d, r))
                continue;
            const char *v = csv_at(csv, r, d->series_col)->text;
            int seen = 0;
            for (int i = 0; i < n_values && !seen; i++)
                seen = strcmp(values[i], v) == 0;
            if (!seen) {
                shown[n_values] = plot_label_cell(d->shown, csv, r,
                                                  d->series_col);
                values[n_values++] = v;
            }
        }
    }
    if (n_values == 0) {
        shown[n_values] = NULL;
        values[n_values++] = NULL;
    }
    d->n_curves = pn->n_y * n_values;
    d->curves = xrealloc_array(NULL, (size_t)d->n_curves, sizeof *d->curves);
    for (int k = 0; k < pn->n_y; k++)
        for (int i = 0; i < n_values; i++) {
            plot_curve *c = &d->curves[k * n_values + i];
            c->y = k;
            c->series = values[i];
            c->series_shown = shown[i];
            c->label = NULL;
            c->point = -1;
            c->file = NULL;
            c->pts = xrealloc_array(NULL, (size_t)(n_data > 0 ? n_data : 1),
                                    sizeof *c->pts);
            c->n = 0;
        }
    free(values);
    free(shown);
    return n_values;
}

/* The text beside roofline point row `r`: its label columns' cells
 * (pn->label) as `sh` shows them, joined by ", " as "COLUMN=VALUE" when
 * there are several; NULL when it has none. */
static char *roofline_label(const csv_table *csv, const plot_label_shown *sh,
                            const plot_spec *spec, int p, int r,
                            cusim_error *err, int *rc)
{
    const plot_panel *pn = &spec->panels[p];
    sbuf b = { 0 };
    *rc = 0;
    for (int k = 0; k < pn->n_label; k++) {
        int col;
        if (plot_data_column(csv, spec, p, "a point's label",
                             pn->label[k], &col, err) < 0) {
            *rc = -1;
            break;
        }
        const char *v = plot_label_cell(sh, csv, r, col);
        if (pn->n_label == 1)
            sb_puts(&b, v);
        else
            sb_printf(&b, "%s%s=%s", b.n ? ", " : "", pn->label[k], v);
    }
    if (*rc < 0 || !b.n) {
        free(b.s);
        return NULL;
    }
    return sb_take(&b);
}

/* Builds roofline panel `p`'s points (x, y and series columns already
 * resolved): for each row drawn, its roof from its point's profile in
 * `pf` (plot_roof.h; every row's must be the same), x its intensity
 * against DRAM (roofline.dram_intensity with caches, arithmetic_intensity
 * without), y roofline.performance x clock_mhz x 10^6; a row without an
 * intensity or a performance above 0 is left out (d->dropped_log). */
static int roofline_build(const csv_table *csv, const plot_spec *spec, int p,
                          const plot_profiles *pf, plot_data *d,
                          cusim_error *err)
{
    const plot_panel *pn = &spec->panels[p];
    int status_col = csv_column(csv, "status");
    int dram_col, simd_col, first = 0, total = 0;
    if (!pf)
        return err_set(err, csv->path, 1, 1, "plot '%s': panel %d draws a "
                       "roofline, and no profiles were given for its roof",
                       spec->file, p + 1);
    if (plot_data_column(csv, spec, p, "the roofline",
                         "roofline.dram_intensity", &dram_col, err) < 0
        || plot_data_column(csv, spec, p, "the roofline", "simd_width",
                            &simd_col, err) < 0)
        return -1;
    int n_values = curves_alloc(csv, pn, d);
    for (int r = 1; r < csv->n_rows; r++) {
        if (row_failed(csv, status_col, r) || !row_matches(csv, d, r))
            continue;
        size_t point = (size_t)(r - 1);
        if (point >= pf->n_points || !pf->hw[point])
            return err_set(err, csv->path, 1, 1, "plot '%s': panel %d: no "
                           "profile for point %zu, whose roof it draws",
                           spec->file, p + 1, point);
        double simd, ai, dram, perf;
        int has_simd, has_ai, has_dram, has_perf;
        if (panel_number(csv, spec, r, simd_col, "simd width", &simd,
                         &has_simd, err) < 0
            || panel_number(csv, spec, r, d->x_col, "x", &ai, &has_ai,
                            err) < 0
            || panel_number(csv, spec, r, dram_col, "x", &dram, &has_dram,
                            err) < 0
            || panel_number(csv, spec, r, d->y_col[0], "y", &perf,
                            &has_perf, err) < 0)
            return -1;
        if (!has_simd || simd < 1 || simd > UINT32_MAX) {
            d->dropped_empty++;
            continue;
        }
        plot_roof roof;
        plot_roof_of(pf->hw[point], (uint32_t)simd, &roof);
        if (!first) {
            d->roof = roof;
            first = r;
        } else if (!plot_roof_same(&roof, &d->roof)) {
            char *a = point_label(csv, NULL, spec->n_params, first);
            char *b = point_label(csv, NULL, spec->n_params, r);
            int rc = err_set(err, csv->path, 1, 1, "plot '%s': panel %d: "
                             "point %d (%s) and point %d (%s) have different "
                             "roofs (their compute peak, clock or bandwidths "
                             "differ) and a roofline panel draws one: split "
                             "them with where:, or sweep what changes the "
                             "roof before the key that labels the points (it "
                             "then facets)", spec->file, p + 1, first - 1, a,
                             r - 1, b);
            free(a);
            free(b);
            return rc;
        }
        double x = roof.hierarchy ? dram : ai;
        int has_x = roof.hierarchy ? has_dram : has_ai;
        if (!has_x || !has_perf) {
            d->dropped_empty++;
            continue;
        }
        double y = perf * roof.clock_mhz * 1e6;
        if (x <= 0 || y <= 0) {
            d->dropped_log++;
            continue;
        }
        int series = 0;
        if (d->series_col >= 0) {
            const char *v = csv_at(csv, r, d->series_col)->text;
            while (series < n_values
                   && strcmp(d->curves[series].series, v) != 0)
                series++;
        }
        int lrc;
        char *label = roofline_label(csv, d->shown, spec, p, r, err, &lrc);
        if (lrc < 0)
            return -1;
        plot_curve *c = &d->curves[series];
        c->pts[c->n++] = (plot_point){ x, y, r, label };
        total++;
    }
    for (int i = 0; i < d->n_curves; i++)
        qsort(d->curves[i].pts, (size_t)d->curves[i].n, sizeof(plot_point),
              point_cmp);
    if (total == 0 && d->n_where > 0 && !first) {
        where_error(csv, spec, p, d, err);
        return -1;
    }
    if (total == 0)
        return err_set(err, csv->path, 1, 1, "plot '%s': panel %d (a "
                       "roofline) has no point to draw: every row failed, "
                       "or has no arithmetic or no traffic (its intensity or "
                       "its performance is 0)", spec->file, p + 1);
    return 0;
}

int plot_data_build(const csv_table *csv, const plot_label_shown *sh,
                    const plot_spec *spec, int p, const plot_timelines *tl,
                    const plot_profiles *pf, const char *const *facet_vals,
                    plot_data *d, cusim_error *err)
{
    const plot_panel *pn = &spec->panels[p];
    int status_col = csv_column(csv, "status");
    memset(d, 0, sizeof *d);
    d->shown = sh;
    d->series_col = -1;
    if (pn->source == PLOT_TIMELINE) {
        if ((pn->series[0] && plot_data_column(csv, spec, p, "series",
                                               pn->series, &d->series_col,
                                               err) < 0)
            || timelines_build(csv, spec, p, tl, d, err) < 0) {
            plot_data_free(d);
            return -1;
        }
        return 0;
    }
    if (plot_data_column(csv, spec, p, "x", pn->x, &d->x_col, err) < 0)
        return -1;
    for (int k = 0; k < pn->n_y; k++)
        if (plot_data_column(csv, spec, p, "y", pn->y[k], &d->y_col[k],
                             err) < 0)
            return -1;
    if (pn->series[0] && plot_data_column(csv, spec, p, "series", pn->series,
                                          &d->series_col, err) < 0)
        return -1;
    if (where_build(csv, spec, p, facet_vals, d, err) < 0)
        return -1;
    if (pn->style == PLOT_STACKED) {
        if (bars_build(csv, spec, p, d, err) == 0)
            return 0;
        plot_data_free(d);
        return -1;
    }
    if (pn->style == PLOT_ROOFLINE) {
        if (roofline_build(csv, spec, p, pf, d, err) == 0)
            return 0;
        plot_data_free(d);
        return -1;
    }
    if (categories_build(csv, spec, p, d, err) < 0)
        return -1;
    int n_rows = 0;

    int n_values = curves_alloc(csv, pn, d);

    for (int r = 1; r < csv->n_rows; r++) {
        if (row_failed(csv, status_col, r))
            continue;
        if (!row_matches(csv, d, r))
            continue;
        n_rows++;
        double x;
        int has_x;
        if (row_x(csv, spec, r, d, &x, &has_x, err) < 0)
            goto fail;
        int series = 0;
        if (d->series_col >= 0) {
            const char *v = csv_at(csv, r, d->series_col)->text;
            while (strcmp(d->curves[series].series, v) != 0)
                series++;
        }
        if (has_x && pn->logx && x <= 0) {
            log_error(csv, spec, p, r, d->x_col, "logx", err);
            goto fail;
        }
        for (int k = 0; k < pn->n_y; k++) {
            double y;
            int has_y;
            if (panel_number(csv, spec, r, d->y_col[k], "y", &y, &has_y,
                             err) < 0)
                goto fail;
            if (!has_x || !has_y)
                continue;
            if (pn->logy && y <= 0) {
                log_error(csv, spec, p, r, d->y_col[k], "logy", err);
                goto fail;
            }
            plot_curve *c = &d->curves[k * n_values + series];
            c->pts[c->n++] = (plot_point){ x, y, r, NULL };
        }
    }
    int total = 0;
    for (int i = 0; i < d->n_curves; i++) {
        qsort(d->curves[i].pts, (size_t)d->curves[i].n, sizeof(plot_point),
              point_cmp);
        total += d->curves[i].n;
    }
    if (total == 0 && n_rows == 0 && d->n_where > 0) {
        where_error(csv, spec, p, d, err);
        goto fail;
    }
    if (total == 0) {
        err_set(err, csv->path, 1, 1,
                "plot '%s': panel %d (x = %s) has no point to draw: every row"
                " failed or has no value", spec->file, p + 1, pn->x);
        goto fail;
    }
    return 0;
fail:
    plot_data_free(d);
    return -1;
}

int plot_data_failed_rows(const csv_table *csv)
{
    int status_col = csv_column(csv, "status"), n = 0;
    for (int r = 1; r < csv->n_rows; r++)
        n += row_failed(csv, status_col, r);
    return n;
}
