/*
 * plot.c — an experiment's figures: results CSV in, gnuplot script, PNG and
 * SVG out.
 *
 * The steps, in order:
 *   1. read the CSV (RFC 4180: quoted fields, "" escapes, CRLF) into cells;
 *   2. per panel, resolve the x, y and series columns, drop failed rows
 *      (status = failed) and empty cells, and gather one curve per
 *      (y column, series value), sorted by x;
 *   3. write FILE.gp: comments, the data inlined as heredoc blocks, then the
 *      drawing commands, run once per terminal (pngcairo, then svg);
 *   4. run gnuplot on it, writing every file under a temporary name, and
 *      rename the three into place only when all of them exist.
 *
 * The script needs nothing but itself: `gnuplot FILE.gp` redraws FILE.png
 * and FILE.svg next to it, so a user can restyle a figure by editing it.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <spawn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "error.h"
#include "plot.h"
#include "suggest.h"
#include "xalloc.h"

extern char **environ;  /* POSIX: the caller declares it; handed to gnuplot */

/* Figure geometry: every panel row is PLOT_ROW_HEIGHT pixels of an image
 * PLOT_WIDTH pixels wide (design documents show figures at 800 px). */
#define PLOT_WIDTH 800
#define PLOT_ROW_HEIGHT 500
#define PLOT_FONT "Sans,11"
#define PLOT_TITLE_FONT "Sans,13"


/* Returns a new string: a, b and c concatenated (the caller frees it). */
static char *plot_concat(const char *a, const char *b, const char *c)
{
    size_t la = strlen(a), lb = strlen(b), lc = strlen(c);
    char *s = xrealloc_array(NULL, la + lb + lc + 1, 1);
    memcpy(s, a, la);
    memcpy(s + la, b, lb);
    memcpy(s + la + lb, c, lc + 1);
    return s;
}

/* ------------------------------------------------------------------ CSV */

/* One field: its unescaped text (inside plot_csv.buf) and where it starts
 * in the file (1-based line and character column), for error messages. */
typedef struct csv_cell {
    const char *text;
    int line, column;
} csv_cell;

/* A parsed CSV. Invariant: every record, the header included, has exactly
 * n_cols cells; cell (r, c) is cells[r * n_cols + c]; row 0 is the header. */
typedef struct plot_csv {
    const char *path;
    char *buf;          /* the file's bytes, unescaped in place */
    csv_cell *cells;
    int n_cols, n_rows; /* n_rows counts the header */
} plot_csv;

static void csv_free(plot_csv *csv)
{
    free(csv->buf);
    free(csv->cells);
    csv->buf = NULL;
    csv->cells = NULL;
}

static const csv_cell *csv_at(const plot_csv *csv, int row, int col)
{
    return &csv->cells[(size_t)row * (size_t)csv->n_cols + (size_t)col];
}

/* Reads the whole file into a NUL-terminated buffer. */
static int csv_slurp(const char *path, char **out, size_t *len,
                     cusim_error *err)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return err_set(err, path, 1, 1, "cannot open the results CSV: %s",
                       strerror(errno));
    size_t cap = 4096, n = 0;
    char *buf = xrealloc_array(NULL, cap, 1);
    for (;;) {
        if (cap - n < 2048) {
            cap *= 2;
            buf = xrealloc_array(buf, cap, 1);
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return err_set(err, path, 1, 1, "cannot read the results CSV");
    }
    buf[n] = '\0';
    *out = buf;
    *len = n;
    return 0;
}

/* Parses the CSV at `path` (RFC 4180). Fields may be quoted; a quoted field
 * may hold commas, newlines and doubled quotes. Empty lines are skipped.
 * On success the caller owns `csv` and frees it with csv_free(). */
static int csv_read(const char *path, plot_csv *csv, cusim_error *err)
{
    memset(csv, 0, sizeof *csv);
    csv->path = path;
    size_t len = 0;
    if (csv_slurp(path, &csv->buf, &len, err) < 0)
        return -1;

    /* Fields are unescaped in place: the write cursor `w` never passes the
     * read cursor `r`, since unescaping only ever shortens text. */
    char *r = csv->buf, *w = csv->buf, *end = csv->buf + len;
    int line = 1;
    const char *line_start = r;
    size_t n_cells = 0, cap = 64, row_first = 0;
    csv->cells = xrealloc_array(NULL, cap, sizeof *csv->cells);

    while (r < end) {
        /* A record: fields until a line break or the end of the file. */
        if (*r == '\n' || *r == '\r') {         /* an empty line */
            r += (*r == '\r' && r + 1 < end && r[1] == '\n') ? 2 : 1;
            line++;
            line_start = r;
            continue;
        }
        int rec_line = line;
        row_first = n_cells;
        for (;;) {
            if (n_cells == cap) {
                cap *= 2;
                csv->cells = xrealloc_array(csv->cells, cap, sizeof *csv->cells);
            }
            csv_cell *cell = &csv->cells[n_cells++];
            cell->text = w;
            cell->line = line;
            cell->column = (int)(r - line_start) + 1;
            if (r < end && *r == '"') {
                r++;
                for (;;) {
                    if (r >= end) {
                        int at_line = cell->line, at_col = cell->column;
                        csv_free(csv);
                        return err_set(err, path, at_line, at_col,
                                       "unterminated quoted field");
                    }
                    if (*r == '"') {
                        if (r + 1 < end && r[1] == '"') {
                            *w++ = '"';
                            r += 2;
                            continue;
                        }
                        r++;
                        break;
                    }
                    if (*r == '\n') {
                        line++;
                        line_start = r + 1;
                    }
                    *w++ = *r++;
                }
                if (r < end && *r != ',' && *r != '\n' && *r != '\r') {
                    int col = (int)(r - line_start) + 1;
                    csv_free(csv);
                    return err_set(err, path, line, col,
                                   "expected ',' or the end of the line after"
                                   " a closing quote");
                }
            } else {
                while (r < end && *r != ',' && *r != '\n' && *r != '\r')
                    *w++ = *r++;
            }
            /* r now sits on ',', a line break or the end; read it before
             * terminating the field, since w may equal r. */
            char sep = r < end ? *r : '\0';
            *w++ = '\0';
            if (sep == ',') {
                r++;
                continue;
            }
            if (sep == '\r')
                r += (r + 1 < end && r[1] == '\n') ? 2 : 1;
            else if (sep == '\n')
                r++;
            if (sep) {
                line++;
                line_start = r;
            }
            break;
        }
        int fields = (int)(n_cells - row_first);
        if (csv->n_rows == 0) {
            csv->n_cols = fields;
        } else if (fields != csv->n_cols) {
            csv_free(csv);
            return err_set(err, path, rec_line, 1,
                           "this row has %d field%s, the header has %d",
                           fields, fields == 1 ? "" : "s", csv->n_cols);
        }
        csv->n_rows++;
    }
    if (csv->n_rows == 0) {
        csv_free(csv);
        return err_set(err, path, 1, 1, "the results CSV is empty (no header"
                       " row)");
    }
    return 0;
}

/* Returns the index of the header column named `name`, or -1. */
static int csv_column(const plot_csv *csv, const char *name)
{
    for (int c = 0; c < csv->n_cols; c++)
        if (strcmp(csv_at(csv, 0, c)->text, name) == 0)
            return c;
    return -1;
}

/* Whether row `r` is a point that failed (its status cell reads "failed");
 * `status_col` is -1 when the CSV has no status column. */
static int row_failed(const plot_csv *csv, int status_col, int r)
{
    return status_col >= 0 &&
           strcmp(csv_at(csv, r, status_col)->text, "failed") == 0;
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

/* --------------------------------------------------- close column names */

/* Levenshtein distance, capped: returns at most `cap` + 1. */
static size_t edit_distance(const char *a, const char *b, size_t cap)
{
    size_t d = suggest_distance(a, strlen(a), b, strlen(b));
    return d > cap ? cap + 1 : d;
}

/* The last dotted component of a column name ("issue.ipc" -> "ipc"). */
static const char *last_component(const char *name)
{
    const char *dot = strrchr(name, '.');
    return dot ? dot + 1 : name;
}

/* Writes into `out` up to three header names close to `name` (by edit
 * distance, or sharing the last dotted component), best first. */
static void close_matches(const plot_csv *csv, const char *name, char *out,
                          size_t size)
{
    enum { N_BEST = 3 };
    int best[N_BEST];
    size_t best_d[N_BEST];
    int n = 0;
    size_t cap = strlen(name) / 3 > 2 ? strlen(name) / 3 : 2;
    for (int c = 0; c < csv->n_cols; c++) {
        const char *col = csv_at(csv, 0, c)->text;
        size_t d = edit_distance(name, col, cap);
        if (d > cap) {
            if (strcmp(last_component(name), last_component(col)) != 0)
                continue;
            d = cap + 1;                /* after every near spelling */
        }
        int at = n < N_BEST ? n : N_BEST;
        while (at > 0 && best_d[at - 1] > d)
            at--;
        if (at >= N_BEST)
            continue;
        int last = n < N_BEST ? n : N_BEST - 1;
        for (int k = last; k > at; k--) {
            best[k] = best[k - 1];
            best_d[k] = best_d[k - 1];
        }
        best[at] = c;
        best_d[at] = d;
        if (n < N_BEST)
            n++;
    }
    out[0] = '\0';
    for (int k = 0; k < n; k++) {
        size_t used = strlen(out);
        snprintf(out + used, size - used, "%s%s", k ? ", " : "",
                 csv_at(csv, 0, best[k])->text);
    }
}

/* --------------------------------------------------------------- curves */

typedef struct plot_point {
    double x, y;
    int row;            /* CSV row, so ties in x keep the file's order */
} plot_point;

/* One line of a panel: the points of y column `y` whose series cell reads
 * `series` (NULL without a series column), sorted by x then by row. */
typedef struct plot_curve {
    int y;
    const char *series;
    plot_point *pts;
    int n;
} plot_curve;

/* A panel resolved against the CSV. */
typedef struct plot_data {
    int x_col, y_col[PLOT_MAX_Y], series_col;   /* series_col -1: none */
    plot_curve *curves;
    int n_curves;
    int dropped_log;    /* points left out: <= 0 on a log axis */
} plot_data;

static int point_cmp(const void *pa, const void *pb)
{
    const plot_point *a = pa, *b = pb;
    if (a->x != b->x)
        return a->x < b->x ? -1 : 1;
    return (a->row > b->row) - (a->row < b->row);
}

static void data_free(plot_data *d)
{
    for (int i = 0; i < d->n_curves; i++)
        free(d->curves[i].pts);
    free(d->curves);
    d->curves = NULL;
    d->n_curves = 0;
}

/* Resolves one column of a panel; a missing one is an error at line 1,
 * column 1 of the CSV naming the plot, the column and any close matches. */
static int resolve_column(const plot_csv *csv, const plot_spec *spec,
                          int panel, const char *role, const char *name,
                          int *col, cusim_error *err)
{
    *col = csv_column(csv, name);
    if (*col >= 0)
        return 0;
    char near[256];
    close_matches(csv, name, near, sizeof near);
    char where[32] = "";
    if (spec->n_panels > 1)
        snprintf(where, sizeof where, " (panel %d)", panel + 1);
    return err_set(err, csv->path, 1, 1,
                   "plot '%s'%s: the results have no column '%s' for %s%s%s%s",
                   spec->file, where, name, role,
                   near[0] ? "; close matches: " : "", near,
                   near[0] ? "" : "; no column has a similar name");
}

/* Reads a numeric cell of a panel; text is an error naming the column. */
static int panel_number(const plot_csv *csv, const plot_spec *spec, int row,
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

/* Builds panel `p`'s curves from the CSV. On success the caller owns `d`
 * and frees it with data_free(). */
static int data_build(const plot_csv *csv, const plot_spec *spec, int p,
                      plot_data *d, cusim_error *err)
{
    const plot_panel *pn = &spec->panels[p];
    int status_col = csv_column(csv, "status");
    memset(d, 0, sizeof *d);
    d->series_col = -1;
    if (resolve_column(csv, spec, p, "x", pn->x, &d->x_col, err) < 0)
        return -1;
    for (int k = 0; k < pn->n_y; k++)
        if (resolve_column(csv, spec, p, "y", pn->y[k], &d->y_col[k], err) < 0)
            return -1;
    if (pn->series[0] && resolve_column(csv, spec, p, "series", pn->series,
                                        &d->series_col, err) < 0)
        return -1;
    int n_data = csv->n_rows - 1;

    /* The series values, in the order the rows first show them (the
     * experiment's own order: sweep values as the author wrote them). */
    const char **values = xrealloc_array(NULL, (size_t)(n_data > 0 ? n_data : 1),
                                     sizeof *values);
    int n_values = 0;
    if (d->series_col >= 0) {
        for (int r = 1; r < csv->n_rows; r++) {
            if (row_failed(csv, status_col, r))
                continue;
            const char *v = csv_at(csv, r, d->series_col)->text;
            int seen = 0;
            for (int i = 0; i < n_values && !seen; i++)
                seen = strcmp(values[i], v) == 0;
            if (!seen)
                values[n_values++] = v;
        }
    } else {
        values[n_values++] = NULL;
    }

    /* Curves: y columns outer, series values inner. */
    d->n_curves = pn->n_y * n_values;
    d->curves = xrealloc_array(NULL, (size_t)d->n_curves, sizeof *d->curves);
    for (int k = 0; k < pn->n_y; k++)
        for (int i = 0; i < n_values; i++) {
            plot_curve *c = &d->curves[k * n_values + i];
            c->y = k;
            c->series = values[i];
            c->pts = xrealloc_array(NULL, (size_t)(n_data > 0 ? n_data : 1),
                                sizeof *c->pts);
            c->n = 0;
        }
    free(values);

    for (int r = 1; r < csv->n_rows; r++) {
        if (row_failed(csv, status_col, r))
            continue;
        double x;
        int has_x;
        if (panel_number(csv, spec, r, d->x_col, "x", &x, &has_x, err) < 0)
            goto fail;
        int series = 0;
        if (d->series_col >= 0) {
            const char *v = csv_at(csv, r, d->series_col)->text;
            while (strcmp(d->curves[series].series, v) != 0)
                series++;
        }
        for (int k = 0; k < pn->n_y; k++) {
            double y;
            int has_y;
            if (panel_number(csv, spec, r, d->y_col[k], "y", &y, &has_y,
                             err) < 0)
                goto fail;
            if (!has_x || !has_y)
                continue;
            if ((pn->logx && x <= 0) || (pn->logy && y <= 0)) {
                d->dropped_log++;
                continue;
            }
            plot_curve *c = &d->curves[k * n_values + series];
            c->pts[c->n++] = (plot_point){ x, y, r };
        }
    }
    int total = 0;
    for (int i = 0; i < d->n_curves; i++) {
        qsort(d->curves[i].pts, (size_t)d->curves[i].n, sizeof(plot_point),
              point_cmp);
        total += d->curves[i].n;
    }
    if (total == 0) {
        err_set(err, csv->path, 1, 1,
                "plot '%s': panel %d (x = %s) has no point to draw: every row"
                " failed or has no value%s", spec->file, p + 1, pn->x,
                d->dropped_log ? " (or is <= 0 on a log axis)" : "");
        goto fail;
    }
    return 0;
fail:
    data_free(d);
    return -1;
}

/* --------------------------------------------------------------- script */

/* Writes `s` as a gnuplot single-quoted string: no escapes are interpreted
 * there, a quote is doubled, and line breaks become spaces. */
static void gp_string(FILE *f, const char *s)
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
static void curve_title(FILE *f, const plot_panel *pn, const plot_curve *c)
{
    char buf[512];
    if (c->series) {
        const char *v = c->series[0] ? c->series : "(empty)";
        if (pn->n_y > 1)
            snprintf(buf, sizeof buf, "%s, %s = %s", pn->y[c->y],
                     pn->series, v);
        else
            snprintf(buf, sizeof buf, "%s = %s", pn->series, v);
    } else {
        snprintf(buf, sizeof buf, "%s", pn->y[c->y]);
    }
    gp_string(f, buf);
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

/* Writes panel `p`'s drawing commands (inside the per-terminal loop). */
static void write_panel(FILE *f, const plot_spec *spec, int p,
                        const plot_data *d)
{
    const plot_panel *pn = &spec->panels[p];
    fprintf(f, "    # Panel %d\n", p + 1);
    if (pn->title[0]) {
        fputs("    set title ", f);
        gp_string(f, pn->title);
        fputs(" font '" PLOT_TITLE_FONT "'\n", f);
    } else {
        fputs("    unset title\n", f);
    }
    fputs("    set xlabel ", f);
    gp_string(f, pn->xlabel[0] ? pn->xlabel : pn->x);
    fputs("\n    set ylabel ", f);
    if (pn->ylabel[0]) {
        gp_string(f, pn->ylabel);
    } else {
        char buf[PLOT_MAX_Y * 98] = "";
        for (int k = 0; k < pn->n_y; k++) {
            size_t used = strlen(buf);
            snprintf(buf + used, sizeof buf - used, "%s%s", k ? ", " : "",
                     pn->y[k]);
        }
        gp_string(f, buf);
    }
    fprintf(f, "\n    set format x '%s'\n", axis_format(d, 0));
    fprintf(f, "    set format y '%s'\n", axis_format(d, 1));
    fputs("    unset logscale\n", f);
    if (pn->logx)
        fprintf(f, "    set logscale x %d\n", log_base(d, 0));
    if (pn->logy)
        fprintf(f, "    set logscale y %d\n", log_base(d, 1));
    fputs("    plot ", f);
    int drawn = 0;
    for (int i = 0; i < d->n_curves; i++) {
        const plot_curve *c = &d->curves[i];
        if (c->n == 0)
            continue;
        if (drawn)
            fputs(", \\\n         ", f);
        fprintf(f, "$p%d_c%d using 1:2 with linespoints lt %d pt %d title ",
                p + 1, i + 1, drawn + 1, point_types[drawn % N_POINT_TYPES]);
        curve_title(f, pn, c);
        drawn++;
    }
    fputc('\n', f);
}

/* Writes the whole script. `csv_path` is only named in comments. */
static void write_script(FILE *f, const plot_spec *spec, const char *csv_path,
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
    gp_string(f, name);
    fputs("\n    svg_out = here.", f);
    snprintf(name, sizeof name, "%s.svg", file);
    gp_string(f, name);
    fputs("\n}\n\n", f);

    /* Data: one block per curve, sorted by x. */
    for (int p = 0; p < spec->n_panels; p++) {
        const plot_panel *pn = &spec->panels[p];
        const plot_data *d = &data[p];
        for (int i = 0; i < d->n_curves; i++) {
            const plot_curve *c = &d->curves[i];
            fprintf(f, "# Panel %d, curve %d: ", p + 1, i + 1);
            gp_comment_text(f, pn->y[c->y]);
            fputs(" against ", f);
            gp_comment_text(f, pn->x);
            if (c->series) {
                fputs(", ", f);
                gp_comment_text(f, pn->series);
                fputs(" = ", f);
                gp_comment_text(f, c->series);
            }
            fprintf(f, " (%d point%s%s)\n", c->n, c->n == 1 ? "" : "s",
                    c->n ? "" : ": not drawn");
            if (c->n == 0)
                continue;
            fprintf(f, "$p%d_c%d << EOD\n", p + 1, i + 1);
            for (int j = 0; j < c->n; j++)
                fprintf(f, "%.15g %.15g\n", c->pts[j].x, c->pts[j].y);
            fputs("EOD\n", f);
        }
        if (d->dropped_log)
            fprintf(f, "# Panel %d: %d point%s <= 0 left out (log axis)\n",
                    p + 1, d->dropped_log, d->dropped_log == 1 ? "" : "s");
        fputc('\n', f);
    }

    /* Style shared by every panel and both terminals. */
    fputs("set style line 100 lc rgb '#dcdcdc' lw 1 dt solid\n"
          "set grid ls 100\n"
          "set key below center horizontal samplen 2 width 2 height 1\n"
          "set border 3 lw 1.2\n"
          "set tics nomirror out\n"
          "set pointsize 1.1\n"
          "do for [i = 1:8] { set linetype i lw 2 }\n\n", f);

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
        gp_string(f, spec->title);
        fputs(" font '" PLOT_TITLE_FONT "'", f);
    }
    fputc('\n', f);
    for (int p = 0; p < spec->n_panels; p++)
        write_panel(f, spec, p, &data[p]);
    fputs("    unset multiplot\n"
          "    set output\n"
          "}\n", f);
}

/* ------------------------------------------------------------- files */

/* Creates `dir` and its missing parents (mkdir -p). */
static int make_dirs(const char *dir, const char *csv_path,
                     const plot_spec *spec, cusim_error *err)
{
    char *path = plot_concat(dir, "", "");
    int rc = 0;
    for (char *s = path + 1; ; s++) {
        if (*s != '/' && *s != '\0')
            continue;
        char saved = *s;
        *s = '\0';
        if (mkdir(path, 0777) < 0 && errno != EEXIST) {
            rc = err_set(err, csv_path, 1, 1, "plot '%s': cannot create the"
                         " figures directory '%s': %s", spec->file, path,
                         strerror(errno));
            break;
        }
        *s = saved;
        if (!saved)
            break;
    }
    struct stat st;
    if (rc == 0 && (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode)))
        rc = err_set(err, csv_path, 1, 1, "plot '%s': '%s' is not a"
                     " directory", spec->file, dir);
    free(path);
    return rc;
}

/* Appends `s` to `buf` as a gnuplot single-quoted string. */
static char *append_quoted(char *buf, const char *s)
{
    size_t n = strlen(buf), extra = 3;
    for (const char *p = s; *p; p++)
        extra += *p == '\'' ? 2 : 1;
    buf = xrealloc_array(buf, n + extra, 1);
    char *w = buf + n;
    *w++ = '\'';
    for (; *s; s++) {
        if (*s == '\'')
            *w++ = '\'';
        *w++ = *s;
    }
    *w++ = '\'';
    *w = '\0';
    return buf;
}

/* Runs `gnuplot -e "png_out='PNG'; svg_out='SVG'" SCRIPT` without a shell,
 * its stdin from /dev/null and its output captured for the error message.
 * Returns 0 when it exits with status 0. */
static int run_gnuplot(const char *script, const char *png, const char *svg,
                       const char *csv_path, const plot_spec *spec,
                       cusim_error *err)
{
    char *vars = plot_concat("png_out=", "", "");
    vars = append_quoted(vars, png);
    char *tmp = plot_concat(vars, "; svg_out=", "");
    free(vars);
    vars = append_quoted(tmp, svg);

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
        return err_set(err, csv_path, 1, 1, "plot '%s': cannot run gnuplot:"
                       " %s (install gnuplot-nox, or put gnuplot on PATH)",
                       spec->file, strerror(spawn_rc));
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

/* Checks what the CSV cannot: a usable file name and panel counts. */
static int spec_check(const plot_spec *spec, const char *csv_path,
                      cusim_error *err)
{
    if (!spec->file[0] || strchr(spec->file, '/'))
        return err_set(err, csv_path, 1, 1, "plot file name '%s' must be a"
                       " non-empty base name", spec->file);
    if (spec->n_panels < 1 || spec->n_panels > PLOT_MAX_PANELS)
        return err_set(err, csv_path, 1, 1, "plot '%s': %d panels (1 to %d"
                       " allowed)", spec->file, spec->n_panels,
                       PLOT_MAX_PANELS);
    for (int p = 0; p < spec->n_panels; p++) {
        const plot_panel *pn = &spec->panels[p];
        if (!pn->x[0] || pn->n_y < 1 || pn->n_y > PLOT_MAX_Y)
            return err_set(err, csv_path, 1, 1, "plot '%s': panel %d needs an"
                           " x column and 1 to %d y columns", spec->file,
                           p + 1, PLOT_MAX_Y);
    }
    return 0;
}

int plot_write(const plot_spec *spec, const char *csv_path, const char *dir,
               cusim_error *err)
{
    if (spec_check(spec, csv_path, err) < 0)
        return -1;
    plot_csv csv;
    if (csv_read(csv_path, &csv, err) < 0)
        return -1;

    plot_data data[PLOT_MAX_PANELS];
    int n_built = 0, rc = -1;
    for (; n_built < spec->n_panels; n_built++)
        if (data_build(&csv, spec, n_built, &data[n_built], err) < 0)
            goto done;
    int status_col = csv_column(&csv, "status"), n_failed = 0;
    for (int r = 1; r < csv.n_rows; r++)
        n_failed += row_failed(&csv, status_col, r);
    if (make_dirs(dir, csv_path, spec, err) < 0)
        goto done;

    /* Final and temporary names: DIR/FILE.EXT and DIR/FILE.EXT.tmp.PID. */
    static const char *const exts[3] = { ".gp", ".png", ".svg" };
    char *final[3], *tmp[3];
    char suffix[32];
    snprintf(suffix, sizeof suffix, ".tmp.%ld", (long)getpid());
    char *base = plot_concat(dir, "/", spec->file);
    for (int i = 0; i < 3; i++) {
        final[i] = plot_concat(base, exts[i], "");
        tmp[i] = plot_concat(final[i], suffix, "");
    }
    free(base);

    FILE *f = fopen(tmp[0], "w");
    if (!f) {
        err_set(err, csv_path, 1, 1, "plot '%s': cannot write '%s': %s",
                spec->file, tmp[0], strerror(errno));
        goto cleanup;
    }
    write_script(f, spec, csv_path, data, csv.n_rows - 1 - n_failed,
                 n_failed);
    int bad = ferror(f);
    if (fclose(f) != 0 || bad) {
        err_set(err, csv_path, 1, 1, "plot '%s': cannot write '%s'",
                spec->file, tmp[0]);
        goto cleanup;
    }
    if (run_gnuplot(tmp[0], tmp[1], tmp[2], csv_path, spec, err) < 0)
        goto cleanup;
    for (int i = 1; i < 3; i++) {
        struct stat st;
        if (stat(tmp[i], &st) < 0 || st.st_size == 0) {
            err_set(err, csv_path, 1, 1, "plot '%s': gnuplot wrote no '%s'",
                    spec->file, final[i]);
            goto cleanup;
        }
    }
    for (int i = 0; i < 3; i++)
        if (rename(tmp[i], final[i]) < 0) {
            err_set(err, csv_path, 1, 1, "plot '%s': cannot rename '%s' to"
                    " '%s': %s", spec->file, tmp[i], final[i],
                    strerror(errno));
            goto cleanup;
        }
    rc = 0;
cleanup:
    for (int i = 0; i < 3; i++) {
        if (rc < 0)
            unlink(tmp[i]);
        free(final[i]);
        free(tmp[i]);
    }
done:
    for (int p = 0; p < n_built; p++)
        data_free(&data[p]);
    csv_free(&csv);
    return rc;
}
