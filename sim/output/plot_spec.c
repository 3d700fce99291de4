/*
 * plot_spec.c — an experiment's `plots:` read into plot_spec values (y
 * wildcards expanded from the result-field table; see plot_spec.h). The
 * default axis titles are plot_label.c's; the checks against what the
 * experiment writes, plot_check.c's.
 */
#include "plot_spec.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "fileio.h"
#include "num.h"
#include "plot_label.h"
#include "suggest.h"
#include "xalloc.h"
#include "ynode.h"

/* While reading. */
typedef struct ps_parser {
    ydoc *d;
    cusim_error *err;
} ps_parser;

/* Copies a scalar into a fixed field. */
static int plot_text(ps_parser *P, const yaml_node_t *n, const char *what,
                     char *dst, size_t size)
{
    char got[200];
    cusim_mark m = ydoc_mark(P->d, n);
    if (!yn_is_scalar(n) || ydoc_is_null(n))
        return err_at(P->err, &m, "%s: expected text, got %s", what,
                      yn_describe(n, got, sizeof got));
    if (strlen(yn_scalar(n)) >= size)
        return err_at(P->err, &m, "%s: longer than %zu characters", what,
                      size - 1);
    snprintf(dst, size, "%s", yn_scalar(n));
    return 0;
}

/* A finite real number, written as YAML writes one (1000, 0.5, -2e3). */
static int plot_real(ps_parser *P, const yaml_node_t *n, const char *what,
                     double *dst)
{
    char got[200];
    cusim_mark m = ydoc_mark(P->d, n);
    const char *s = yn_is_scalar(n) && !ydoc_is_null(n) ? yn_scalar(n) : "";
    char *end = NULL;
    errno = 0;
    double v = *s && !isspace((unsigned char)*s) ? strtod(s, &end) : 0;
    if (!end || *end || errno || !isfinite(v) || isspace((unsigned char)*s))
        return err_at(P->err, &m, "%s: expected a number, got %s", what,
                      yn_describe(n, got, sizeof got));
    *dst = v;
    return 0;
}

static int plot_bool(ps_parser *P, const yaml_node_t *n, const char *what,
                     int *dst)
{
    char got[200];
    cusim_mark m = ydoc_mark(P->d, n);
    if (yn_is_plain(n, "true") || yn_is_plain(n, "false")) {
        *dst = yn_is_plain(n, "true");
        return 0;
    }
    return err_at(P->err, &m, "%s: expected true or false, got %s", what,
                  yn_describe(n, got, sizeof got));
}

static const char *const panel_keys[] = {
    "x", "y", "series", "xlabel", "ylabel", "logx", "logy", "title", "style",
    "source", "points", "where", "facet", "ymin", "ymax", "yzero",
};
#define N_PANEL_KEYS (sizeof panel_keys / sizeof panel_keys[0])

static const char *const plot_keys[] = {
    "file", "title", "panels", "x", "y", "series", "xlabel", "ylabel",
    "logx", "logy", "style", "source", "points", "where", "facet", "ymin",
    "ymax", "yzero",
};
#define N_PLOT_KEYS (sizeof plot_keys / sizeof plot_keys[0])

/* ----------------------------------------------------------- wildcards */

/* Whether result field `f` is one a wildcard stands for: a metric of
 * `cusim sim` (not the host's timing, not per dispatch) of unit
 * "fraction". */
static bool is_fraction_field(const cusim_field_desc *f)
{
    return (f->in & CUSIM_IN_SIM)
           && !(f->in & (CUSIM_IN_HOST | CUSIM_IN_DISPATCH))
           && strcmp(f->unit, "fraction") == 0;
}

bool plot_spec_is_wildcard(const char *s)
{
    size_t n = strlen(s);
    return n > 2 && strcmp(s + n - 2, ".*") == 0;
}

size_t plot_spec_expand(const char *pattern, const char **names, size_t max)
{
    assert(plot_spec_is_wildcard(pattern));
    size_t len = strlen(pattern) - 1, n = 0;    /* the prefix with its '.' */
    const cusim_field_desc *f;
    for (size_t i = 0; (f = cusim_field_at(i)) != NULL; i++)
        if (is_fraction_field(f) && strncmp(f->key, pattern, len) == 0
            && !strchr(f->key + len, '.')) {   /* one level: sol.* is not
                                                  sol.unit.* */
            if (n < max)
                names[n] = f->key;
            n++;
        }
    return n;
}

/* The wildcards there are: "PREFIX.*" for each dotted prefix of a fraction
 * field, distinct, in table order, into `out` (at most `max`). */
#define MAX_WILDCARDS 32
static size_t known_wildcards(char out[][96], size_t max)
{
    size_t n = 0;
    const cusim_field_desc *f;
    for (size_t i = 0; (f = cusim_field_at(i)) != NULL; i++) {
        if (!is_fraction_field(f))
            continue;
        for (const char *dot = strchr(f->key, '.'); dot && n < max;
             dot = strchr(dot + 1, '.')) {
            char w[96];
            snprintf(w, sizeof w, "%.*s.*", (int)(dot - f->key), f->key);
            bool seen = false;
            for (size_t j = 0; j < n && !seen; j++)
                seen = strcmp(out[j], w) == 0;
            if (!seen)
                snprintf(out[n++], sizeof out[0], "%s", w);
        }
    }
    return n;
}

/* What a panel's keys were, for the checks made once all are read. */
typedef struct panel_nodes {
    const yaml_node_t *x, *y, *series, *logx, *logy;  /* values; NULL:
                                                         absent */
    const yaml_node_t *ymin, *ymax, *yzero;
    const yaml_node_t *style, *source, *points, *where;
    int n_y;            /* columns y names, wildcards expanded (pn->y holds
                           the first PLOT_MAX_STACK) */
    char wildcard[96];  /* the first wildcard of y, "" for none */
    int n_wildcard;     /* the columns it stands for */
} panel_nodes;

/* Adds y entry `item` (a column or a wildcard) to `pn`. */
static int add_y(ps_parser *P, plot_panel *pn, panel_nodes *nd,
                 const yaml_node_t *item, const char *what)
{
    char name[96];
    if (plot_text(P, item, what, name, sizeof name) != 0)
        return -1;
    if (!plot_spec_is_wildcard(name)) {
        if (nd->n_y < PLOT_MAX_STACK)
            snprintf(pn->y[nd->n_y], sizeof pn->y[0], "%s", name);
        nd->n_y++;
        return 0;
    }
    const char *cols[PLOT_MAX_STACK];
    size_t n = plot_spec_expand(name, cols, PLOT_MAX_STACK);
    if (n == 0) {
        char known[MAX_WILDCARDS][96];
        const char *cands[MAX_WILDCARDS];
        size_t k = known_wildcards(known, MAX_WILDCARDS);
        for (size_t i = 0; i < k; i++)
            cands[i] = known[i];
        const char *near = suggest_nearest(name, cands, k);
        cusim_mark m = ydoc_mark(P->d, item);
        if (near)
            return err_at(P->err, &m, "%s: unknown wildcard '%s' (did you "
                          "mean '%s'?)", what, name, near);
        char list[MAX_WILDCARDS * 98] = "";
        for (size_t i = 0, at = 0; i < k && at < sizeof list; i++)
            at += (size_t)snprintf(list + at, sizeof list - at, "%s%s",
                                   i ? ", " : "", known[i]);
        return err_at(P->err, &m, "%s: unknown wildcard '%s' (expected one "
                      "of %s)", what, name, list);
    }
    if (!nd->wildcard[0]) {
        snprintf(nd->wildcard, sizeof nd->wildcard, "%s", name);
        nd->n_wildcard = (int)n;
    }
    for (size_t i = 0; i < n; i++, nd->n_y++)
        if (nd->n_y < PLOT_MAX_STACK && i < PLOT_MAX_STACK)
            snprintf(pn->y[nd->n_y], sizeof pn->y[0], "%s", cols[i]);
    return 0;
}

/* Reads a panel's `points:` (`what` names it): a list of 1 to
 * PLOT_MAX_TIMELINES distinct point numbers. */
static int panel_points(ps_parser *P, plot_panel *pn, const yaml_node_t *v,
                        const char *what)
{
    char got[200];
    cusim_mark m = ydoc_mark(P->d, v);
    size_t len = v->type == YAML_SEQUENCE_NODE
                 ? (size_t)(v->data.sequence.items.top
                            - v->data.sequence.items.start) : 0;
    if (len == 0 || len > PLOT_MAX_TIMELINES)
        return err_at(P->err, &m, "%s: expected a list of 1 to %d point "
                      "numbers (as points/ and timelines/ name them), got %s",
                      what, PLOT_MAX_TIMELINES,
                      len ? "more" : yn_describe(v, got, sizeof got));
    for (size_t i = 0; i < len; i++) {
        const yaml_node_t *it = ydoc_node(P->d, v->data.sequence.items.start[i]);
        cusim_mark im = ydoc_mark(P->d, it);
        const char *s = yn_scalar(it);
        uint64_t p = 0;
        if (!yn_is_scalar(it) || it->data.scalar.style != YAML_PLAIN_SCALAR_STYLE
            || num_parse_u64(s, strlen(s), 0, &p) != NUM_OK || p > SIZE_MAX)
            return err_at(P->err, &im, "%s: expected a point number (0, 1, "
                          "...), got %s", what,
                          ydoc_describe(it, true, got, sizeof got));
        for (size_t j = 0; j < i; j++)
            if (pn->points[j] == (size_t)p)
                return err_at(P->err, &im, "%s: point %zu is listed twice",
                              what, (size_t)p);
        pn->points[i] = (size_t)p;
    }
    pn->n_points = (int)len;
    return 0;
}

/* Reads a panel's `where:` (`what` names it): a mapping of 1 to
 * PLOT_MAX_WHERE distinct column names to scalar values. Whether each
 * names a parameter is checked later (plot_check_hidden). */
static int panel_where(ps_parser *P, plot_panel *pn, const yaml_node_t *v,
                       const char *what)
{
    char got[200];
    cusim_mark m = ydoc_mark(P->d, v);
    size_t len = v->type == YAML_MAPPING_NODE
                 ? (size_t)(v->data.mapping.pairs.top
                            - v->data.mapping.pairs.start) : 0;
    if (len == 0 || len > PLOT_MAX_WHERE)
        return err_at(P->err, &m, "%s: expected a mapping of 1 to %d "
                      "parameter columns to values ({ hw.name: nvidia-sm80 "
                      "}), got %s", what, PLOT_MAX_WHERE,
                      len ? "more" : yn_describe(v, got, sizeof got));
    for (size_t i = 0; i < len; i++) {
        const yaml_node_pair_t *pr = &v->data.mapping.pairs.start[i];
        const yaml_node_t *k = ydoc_node(P->d, pr->key);
        const yaml_node_t *val = ydoc_node(P->d, pr->value);
        char w[200];
        snprintf(w, sizeof w, "%s.%s", what, yn_scalar(k));
        plot_where *wh = &pn->where[i];
        if (plot_text(P, k, what, wh->key, sizeof wh->key) != 0
            || plot_text(P, val, w, wh->value, sizeof wh->value) != 0)
            return -1;
        for (size_t j = 0; j < i; j++)
            if (strcmp(pn->where[j].key, wh->key) == 0) {
                cusim_mark km = ydoc_mark(P->d, k);
                return err_at(P->err, &km, "%s: '%s' is given twice", what,
                              wh->key);
            }
    }
    pn->n_where = (int)len;
    return 0;
}

/* Reads one panel's key `key` (already known valid). */
static int panel_key(ps_parser *P, plot_panel *pn, panel_nodes *nd,
                     const char *key, const yaml_node_t *v, const char *what)
{
    char w[160], got[200];
    snprintf(w, sizeof w, "%s.%s", what, key);
    if (strcmp(key, "x") == 0) {
        nd->x = v;
        return plot_text(P, v, w, pn->x, sizeof pn->x);
    }
    if (strcmp(key, "series") == 0) {
        nd->series = v;
        return plot_text(P, v, w, pn->series, sizeof pn->series);
    }
    if (strcmp(key, "xlabel") == 0)
        return plot_text(P, v, w, pn->xlabel, sizeof pn->xlabel);
    if (strcmp(key, "ylabel") == 0)
        return plot_text(P, v, w, pn->ylabel, sizeof pn->ylabel);
    if (strcmp(key, "where") == 0) {
        nd->where = v;
        return panel_where(P, pn, v, w);
    }
    if (strcmp(key, "facet") == 0) {
        int facet = 1;
        int rc = plot_bool(P, v, w, &facet);
        pn->no_facet = !facet;
        return rc;
    }
    if (strcmp(key, "title") == 0)
        return plot_text(P, v, w, pn->title, sizeof pn->title);
    if (strcmp(key, "yzero") == 0) {
        int zero = 1;
        nd->yzero = v;
        int rc = plot_bool(P, v, w, &zero);
        pn->no_yzero = !zero;
        return rc;
    }
    if (strcmp(key, "ymin") == 0) {
        nd->ymin = v;
        pn->has_ymin = 1;
        return plot_real(P, v, w, &pn->ymin);
    }
    if (strcmp(key, "ymax") == 0) {
        nd->ymax = v;
        pn->has_ymax = 1;
        return plot_real(P, v, w, &pn->ymax);
    }
    if (strcmp(key, "logx") == 0) {
        nd->logx = v;
        return plot_bool(P, v, w, &pn->logx);
    }
    if (strcmp(key, "logy") == 0) {
        nd->logy = v;
        return plot_bool(P, v, w, &pn->logy);
    }
    if (strcmp(key, "source") == 0) {
        cusim_mark m = ydoc_mark(P->d, v);
        nd->source = v;
        if (yn_is_plain(v, "results") || yn_is_plain(v, "timeline")) {
            pn->source = yn_is_plain(v, "results") ? PLOT_RESULTS
                                                   : PLOT_TIMELINE;
            return 0;
        }
        return err_at(P->err, &m, "%s: expected results or timeline, got %s",
                      w, yn_describe(v, got, sizeof got));
    }
    if (strcmp(key, "points") == 0) {
        nd->points = v;
        return panel_points(P, pn, v, w);
    }
    if (strcmp(key, "style") == 0) {
        cusim_mark m = ydoc_mark(P->d, v);
        nd->style = v;
        if (yn_is_plain(v, "lines") || yn_is_plain(v, "stacked")
            || yn_is_plain(v, "roofline")) {
            pn->style = yn_is_plain(v, "lines") ? PLOT_LINES
                        : yn_is_plain(v, "stacked") ? PLOT_STACKED
                        : PLOT_ROOFLINE;
            return 0;
        }
        return err_at(P->err, &m, "%s: expected lines, stacked or roofline, "
                      "got %s", w, yn_describe(v, got, sizeof got));
    }
    /* y: one column or a list; a wildcard stands for several */
    nd->y = v;
    if (v->type != YAML_SEQUENCE_NODE)
        return add_y(P, pn, nd, v, w);
    for (const yaml_node_item_t *it = v->data.sequence.items.start;
         it < v->data.sequence.items.top; it++)
        if (add_y(P, pn, nd, ydoc_node(P->d, *it), w) != 0)
            return -1;
    return 0;
}

/* Checks the y column count against the panel's style. */
static int check_y_count(ps_parser *P, const plot_panel *pn,
                         const panel_nodes *nd, const char *what)
{
    char got[200];
    cusim_mark m = ydoc_mark(P->d, nd->y);
    if (pn->style == PLOT_STACKED) {
        if (nd->n_y >= 2 && nd->n_y <= PLOT_MAX_STACK)
            return 0;
        if (nd->n_y == 0)
            return err_at(P->err, &m, "%s.y: expected 2 to %d columns for a "
                          "stacked panel, got %s", what, PLOT_MAX_STACK,
                          yn_describe(nd->y, got, sizeof got));
        return err_at(P->err, &m, "%s.y: expected 2 to %d columns for a "
                      "stacked panel, got %d", what, PLOT_MAX_STACK, nd->n_y);
    }
    if (nd->n_y >= 1 && nd->n_y <= PLOT_MAX_Y)
        return 0;
    if (nd->n_y == 0)
        return err_at(P->err, &m, "%s.y: expected 1 to %d columns, got %s",
                      what, PLOT_MAX_Y, yn_describe(nd->y, got, sizeof got));
    if (nd->wildcard[0])
        return err_at(P->err, &m, "%s.y: expected 1 to %d columns, got %d "
                      "('%s' stands for %d; a panel of style stacked takes "
                      "up to %d)", what, PLOT_MAX_Y, nd->n_y, nd->wildcard,
                      nd->n_wildcard, PLOT_MAX_STACK);
    return err_at(P->err, &m, "%s.y: expected 1 to %d columns, got more",
                  what, PLOT_MAX_Y);
}

const char *const plot_spec_roofline_columns[PLOT_ROOFLINE_COLUMNS] = {
    "arithmetic_intensity", "roofline.performance", "roofline.dram_intensity",
    "simd_width",
};

/* A roofline panel's keys: what it rules out, then its fixed axes and
 * their default labels. */
static int roofline_finish(ps_parser *P, plot_panel *pn,
                           const panel_nodes *nd, const char *what)
{
    const struct { const yaml_node_t *v; const char *key, *why; } no[] = {
        { nd->x, "x", "its x is the arithmetic intensity, per DRAM byte "
          "(roofline.dram_intensity; arithmetic_intensity without caches)" },
        { nd->y, "y", "its y is roofline.performance, per second" },
        { nd->logx, "logx", "both its axes are logarithmic" },
        { nd->logy, "logy", "both its axes are logarithmic" },
        { nd->ymin, "ymin", "its axes fit the points and the roof" },
        { nd->ymax, "ymax", "its axes fit the points and the roof" },
        { nd->yzero, "yzero", "its axes are logarithmic" },
        { pn->source == PLOT_TIMELINE ? nd->source : NULL, "source",
          "it draws a point per run, from the results" },
        { nd->points, "points", "it draws every point of the results" },
    };
    for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
        if (no[i].v) {
            cusim_mark vm = ydoc_mark(P->d, no[i].v);
            return err_at(P->err, &vm, "%s.%s: a roofline panel takes no "
                          "'%s': %s (expected no '%s', or style: lines)",
                          what, no[i].key, no[i].key, no[i].why, no[i].key);
        }
    snprintf(pn->x, sizeof pn->x, "%s", plot_spec_roofline_columns[0]);
    snprintf(pn->y[0], sizeof pn->y[0], "%s", plot_spec_roofline_columns[1]);
    pn->n_y = 1;
    pn->logx = pn->logy = 1;
    if (!pn->xlabel[0])
        snprintf(pn->xlabel, sizeof pn->xlabel, "arithmetic intensity "
                 "(arithmetic lane instructions per DRAM byte)");
    if (!pn->ylabel[0])
        snprintf(pn->ylabel, sizeof pn->ylabel, "arithmetic lane "
                 "instructions per second");
    return 0;
}

/* Checks a panel's required keys and what its style rules out, and fills
 * default axis labels. */
static int panel_finish(ps_parser *P, plot_panel *pn, const panel_nodes *nd,
                        const cusim_mark *m, const char *what)
{
    if (pn->style == PLOT_ROOFLINE)
        return roofline_finish(P, pn, nd, what);
    if (pn->source == PLOT_TIMELINE) {
        const struct { const yaml_node_t *v; const char *msg; } no[] = {
            { pn->style == PLOT_STACKED ? nd->style : NULL, "style: expected "
              "lines for a timeline panel (source: timeline draws a line per "
              "point)" },
            { nd->wildcard[0] ? nd->y : NULL, "y: a wildcard stands for "
              "result fields; a timeline panel's y are timeline columns "
              "(occupancy, bytes_in_flight, ...)" },
        };
        for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
            if (no[i].v) {
                cusim_mark vm = ydoc_mark(P->d, no[i].v);
                return err_at(P->err, &vm, "%s.%s", what, no[i].msg);
            }
        if (!pn->x[0])
            snprintf(pn->x, sizeof pn->x, "cycle");
        if (nd->where) {
            cusim_mark vm = ydoc_mark(P->d, nd->where);
            return err_at(P->err, &vm, "%s.where: a timeline panel picks its "
                          "points with points: [N, ...]; where: filters the "
                          "rows of a results panel", what);
        }
    } else if (nd->points) {
        cusim_mark vm = ydoc_mark(P->d, nd->points);
        return err_at(P->err, &vm, "%s.points: only a timeline panel "
                      "(source: timeline) picks points; a results panel "
                      "draws every point", what);
    }
    if (nd->y && check_y_count(P, pn, nd, what) != 0)
        return -1;
    if (!pn->x[0])
        return err_at(P->err, m, "%s: missing required key 'x' (the column "
                      "on the horizontal axis)", what);
    if (!nd->y)
        return err_at(P->err, m, "%s: missing required key 'y' (a column or "
                      "a list of columns on the vertical axis)", what);
    pn->n_y = nd->n_y;
    if (pn->style == PLOT_STACKED) {
        const struct { const yaml_node_t *v; const char *msg; } no[] = {
            { pn->series[0] ? nd->series : NULL, "series: a stacked panel "
              "draws one bar per point, so it takes no series (expected no "
              "'series', or style: lines)" },
            { pn->logx ? nd->logx : NULL, "logx: expected false for a "
              "stacked panel (its x axis is one bar per point)" },
            { pn->logy ? nd->logy : NULL, "logy: expected false for a "
              "stacked panel (its bars stack up from 0)" },
            { nd->ymin, "ymin: a stacked panel's bars stack up from 0 "
              "(expected no 'ymin', or style: lines)" },
            { nd->ymax, "ymax: a stacked panel's axis ends at its tallest "
              "bar (expected no 'ymax', or style: lines)" },
            { nd->yzero, "yzero: a stacked panel's bars stack up from 0 "
              "(expected no 'yzero', or style: lines)" },
        };
        for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
            if (no[i].v) {
                cusim_mark vm = ydoc_mark(P->d, no[i].v);
                return err_at(P->err, &vm, "%s.%s", what, no[i].msg);
            }
    }
    if (pn->has_ymin && pn->has_ymax && !(pn->ymin < pn->ymax)) {
        cusim_mark vm = ydoc_mark(P->d, nd->ymax);
        return err_at(P->err, &vm, "%s.ymax: %g is not above ymin %g "
                      "(expected ymin < ymax)", what, pn->ymax, pn->ymin);
    }
    if (pn->logy && ((pn->has_ymin && pn->ymin <= 0)
                     || (pn->has_ymax && pn->ymax <= 0))) {
        const yaml_node_t *at = pn->has_ymin && pn->ymin <= 0 ? nd->ymin
                                                              : nd->ymax;
        cusim_mark vm = ydoc_mark(P->d, at);
        return err_at(P->err, &vm, "%s.%s: expected a number above 0 on a "
                      "log axis (logy: true)", what,
                      at == nd->ymin ? "ymin" : "ymax");
    }
    plot_label_defaults(pn);
    return 0;
}

static int parse_panel(ps_parser *P, const yaml_node_t *n, const char *what,
                       plot_panel *pn)
{
    char got[200];
    cusim_mark m = ydoc_mark(P->d, n);
    if (n->type != YAML_MAPPING_NODE)
        return err_at(P->err, &m, "%s: expected a panel mapping (x, y, "
                      "...), got %s", what, yn_describe(n, got, sizeof got));
    if (yn_check_keys(P->d, n, what, P->err) != 0)
        return -1;
    memset(pn, 0, sizeof *pn);
    panel_nodes nd;
    memset(&nd, 0, sizeof nd);
    for (const yaml_node_pair_t *pr = n->data.mapping.pairs.start;
         pr < n->data.mapping.pairs.top; pr++) {
        const yaml_node_t *k = ydoc_node(P->d, pr->key);
        cusim_mark km = ydoc_mark(P->d, k);
        const char *s = yn_scalar(k);
        size_t i = 0;
        while (i < N_PANEL_KEYS && strcmp(s, panel_keys[i]) != 0)
            i++;
        if (i == N_PANEL_KEYS) {
            const char *near = suggest_nearest(s, panel_keys, N_PANEL_KEYS);
            if (near)
                return err_at(P->err, &km, "%s: unknown key '%s' (did you "
                              "mean '%s'?)", what, s, near);
            return err_at(P->err, &km, "%s: unknown key '%s' (valid keys: x, "
                          "y, series, xlabel, ylabel, logx, logy, title, "
                          "style, source, points, where, facet, ymin, ymax, "
                          "yzero)", what, s);
        }
        if (panel_key(P, pn, &nd, s, ydoc_node(P->d, pr->value), what) != 0)
            return -1;
    }
    return panel_finish(P, pn, &nd, &m, what);
}

static int parse_plot(ps_parser *P, const yaml_node_t *n, size_t index,
                      plot_spec *ps)
{
    char what[48], got[200];
    cusim_mark m = ydoc_mark(P->d, n);
    snprintf(what, sizeof what, "plots[%zu]", index);
    memset(ps, 0, sizeof *ps);
    if (n->type != YAML_MAPPING_NODE)
        return err_at(P->err, &m, "%s: expected a plot mapping (file, "
                      "title, x, y, ...), got %s", what,
                      yn_describe(n, got, sizeof got));
    if (yn_check_keys(P->d, n, what, P->err) != 0)
        return -1;
    const yaml_node_t *panels = NULL, *file = NULL;
    const yaml_node_t *first_panel_key = NULL;
    plot_panel own;
    panel_nodes nd;
    memset(&own, 0, sizeof own);
    memset(&nd, 0, sizeof nd);
    for (const yaml_node_pair_t *pr = n->data.mapping.pairs.start;
         pr < n->data.mapping.pairs.top; pr++) {
        const yaml_node_t *k = ydoc_node(P->d, pr->key);
        const yaml_node_t *v = ydoc_node(P->d, pr->value);
        cusim_mark km = ydoc_mark(P->d, k);
        const char *s = yn_scalar(k);
        char w[80];
        snprintf(w, sizeof w, "%s.%s", what, s);
        size_t i = 0;
        while (i < N_PLOT_KEYS && strcmp(s, plot_keys[i]) != 0)
            i++;
        if (i == N_PLOT_KEYS) {
            const char *near = suggest_nearest(s, plot_keys, N_PLOT_KEYS);
            if (near)
                return err_at(P->err, &km, "%s: unknown key '%s' (did you "
                              "mean '%s'?)", what, s, near);
            return err_at(P->err, &km, "%s: unknown key '%s' (valid keys: "
                          "file, title, panels, x, y, series, xlabel, ylabel, "
                          "logx, logy, style, source, points, where, facet, "
                          "ymin, ymax, yzero)", what, s);
        }
        if (strcmp(s, "file") == 0) {
            file = v;
            if (plot_text(P, v, w, ps->file, sizeof ps->file) != 0)
                return -1;
            cusim_mark vm = ydoc_mark(P->d, v);
            if (!fio_is_base_name(ps->file, sizeof ps->file - 1))
                return err_at(P->err, &vm, "%s: expected a file base name "
                              "(letters, digits, '.', '-', '_' or '+', not "
                              "starting with '.' or '-'), got '%s'", w,
                              ps->file);
        } else if (strcmp(s, "title") == 0) {
            if (plot_text(P, v, w, ps->title, sizeof ps->title) != 0)
                return -1;
        } else if (strcmp(s, "panels") == 0) {
            panels = v;
        } else {
            if (!first_panel_key)
                first_panel_key = k;
            if (panel_key(P, &own, &nd, s, v, what) != 0)
                return -1;
        }
    }
    if (!file)
        return err_at(P->err, &m, "%s: missing required key 'file' (the "
                      "figure's base name)", what);
    if (panels && first_panel_key) {
        cusim_mark km = ydoc_mark(P->d, first_panel_key);
        return err_at(P->err, &km, "%s: '%s' belongs in each panel when the "
                      "plot has panels", what, yn_scalar(first_panel_key));
    }
    if (!panels) {
        if (panel_finish(P, &own, &nd, &m, what) != 0)
            return -1;
        ps->panels[0] = own;
        ps->n_panels = 1;
        return 0;
    }
    cusim_mark pm = ydoc_mark(P->d, panels);
    if (panels->type != YAML_SEQUENCE_NODE)
        return err_at(P->err, &pm, "%s.panels: expected a list of panels, got "
                      "%s", what, yn_describe(panels, got, sizeof got));
    size_t len = (size_t)(panels->data.sequence.items.top
                          - panels->data.sequence.items.start);
    if (len == 0 || len > PLOT_MAX_PANELS)
        return err_at(P->err, &pm, "%s.panels: expected 1 to %d panels, got "
                      "%zu", what, PLOT_MAX_PANELS, len);
    for (size_t i = 0; i < len; i++) {
        char pw[80];
        snprintf(pw, sizeof pw, "%s.panels[%zu]", what, i);
        const yaml_node_t *pn =
            ydoc_node(P->d, panels->data.sequence.items.start[i]);
        if (parse_panel(P, pn, pw, &ps->panels[i]) != 0)
            return -1;
    }
    ps->n_panels = (int)len;
    return 0;
}

int plot_spec_parse(ydoc *d, const yaml_node_t *n, plot_spec **plots,
                    size_t *n_plots, cusim_error *err)
{
    ps_parser P0 = { d, err }, *P = &P0;
    char got[200];
    cusim_mark m = ydoc_mark(P->d, n);
    *plots = NULL;
    *n_plots = 0;
    if (ydoc_is_null(n))
        return 0;
    if (n->type != YAML_SEQUENCE_NODE)
        return err_at(P->err, &m, "plots: expected a list of plots, got %s",
                      yn_describe(n, got, sizeof got));
    size_t len = (size_t)(n->data.sequence.items.top
                          - n->data.sequence.items.start);
    plot_spec *ps = xcalloc(len, sizeof *ps);
    for (size_t i = 0; i < len; i++) {
        const yaml_node_t *it = ydoc_node(P->d,
                                          n->data.sequence.items.start[i]);
        int rc = parse_plot(P, it, i, &ps[i]);
        for (size_t j = 0; j < i && rc == 0; j++)
            if (strcmp(ps[j].file, ps[i].file) == 0) {
                cusim_mark im = ydoc_mark(P->d, it);
                rc = err_at(P->err, &im, "plots[%zu]: file '%s' is also "
                            "plots[%zu]'s (figures need distinct names)",
                            i, ps[i].file, j);
            }
        if (rc != 0) {
            free(ps);
            return -1;
        }
    }
    *plots = ps;
    *n_plots = len;
    return 0;
}
