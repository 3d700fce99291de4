/*
 * plot_check.c — an experiment's plots checked against what the
 * experiment will write (see plot_check.h): the columns each panel names,
 * its timeline points, its where: keys, and the swept parameters it
 * hides, which facet it.
 */
#include "plot_check.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "plot_spec.h"
#include "strbuf.h"
#include "suggest.h"
#include "timeline.h"
#include "xalloc.h"
#include "ynode.h"

/* While checking. */
typedef struct pc_state {
    ydoc *d;
    cusim_error *err;
} pc_state;

/* Whether `name` is one of the columns (`timeline`: of the timeline
 * CSV's); otherwise sets err at m. */
static int check_column(pc_state *P, const char *const *cols, size_t c,
                        const char *name, const char *what,
                        const cusim_mark *m, bool timeline)
{
    if (timeline) {
        const char *const *tl = trace_timeline_columns;
        char all[256] = "";
        for (size_t i = 0; i < TRACE_TIMELINE_COLUMNS; i++) {
            if (strcmp(tl[i], name) == 0)
                return 0;
            snprintf(all + strlen(all), sizeof all - strlen(all), "%s%s",
                     i ? ", " : "", tl[i]);
        }
        const char *near = suggest_nearest(name, tl, TRACE_TIMELINE_COLUMNS);
        if (near)
            return err_at(P->err, m, "%s: no timeline column '%s' (did you "
                          "mean '%s'?)", what, name, near);
        return err_at(P->err, m, "%s: no timeline column '%s' (expected one "
                      "of %s)", what, name, all);
    }
    int rc = 0;
    bool found = false;
    for (size_t i = 0; i < c && !found; i++)
        found = strcmp(cols[i], name) == 0;
    if (!found) {
        const char *near = suggest_nearest(name, cols, c);
        if (near)
            rc = err_at(P->err, m, "%s: no column '%s' in the results (did "
                        "you mean '%s'?)", what, name, near);
        else
            rc = err_at(P->err, m, "%s: no column '%s' in the results "
                        "(columns: the swept keys, the fields of cusim sim "
                        "but sim.*, status, error)", what, name);
    }
    return rc;
}

/* The node of key `key` in mapping `map`, or the mapping itself. */
static const yaml_node_t *child(pc_state *P, const yaml_node_t *map,
                                const char *key)
{
    if (!map || map->type != YAML_MAPPING_NODE)
        return map;
    for (const yaml_node_pair_t *pr = map->data.mapping.pairs.start;
         pr < map->data.mapping.pairs.top; pr++)
        if (strcmp(yn_scalar(ydoc_node(P->d, pr->key)), key) == 0)
            return ydoc_node(P->d, pr->value);
    return map;
}

int plot_check_columns(ydoc *d, const yaml_node_t *list,
                            const plot_spec *plots, size_t n_plots,
                            const char *const *cols, size_t n_cols,
                            cusim_error *err)
{
    pc_state P0 = { d, err }, *P = &P0;
    for (size_t i = 0; i < n_plots; i++) {
        const yaml_node_t *pn =
            ydoc_node(P->d, list->data.sequence.items.start[i]);
        const yaml_node_t *panels = child(P, pn, "panels");
        for (int j = 0; j < plots[i].n_panels; j++) {
            const plot_panel *pl = &plots[i].panels[j];
            const yaml_node_t *node = pn;
            char what[64];
            if (panels != pn) {
                node = ydoc_node(P->d, panels->data.sequence.items.start[j]);
                snprintf(what, sizeof what, "plots[%zu].panels[%d]", i, j);
            } else {
                snprintf(what, sizeof what, "plots[%zu]", i);
            }
            const char *names[PLOT_ROOFLINE_COLUMNS + 2 + PLOT_MAX_STACK];
            const char *keys[PLOT_ROOFLINE_COLUMNS + 2 + PLOT_MAX_STACK];
            int n = 0;
            if (pl->style == PLOT_ROOFLINE)   /* its columns, at its style */
                for (size_t r = 0; r < PLOT_ROOFLINE_COLUMNS; r++)
                    names[n] = plot_spec_roofline_columns[r],
                    keys[n++] = "style";
            else
                names[n] = pl->x, keys[n++] = "x";
            if (pl->series[0])
                names[n] = pl->series, keys[n++] = "series";
            for (int y = 0; y < pl->n_y && pl->style != PLOT_ROOFLINE; y++)
                names[n] = pl->y[y], keys[n++] = "y";
            for (int c = 0; c < n; c++) {
                const yaml_node_t *at = child(P, node, keys[c]);
                if (at->type == YAML_SEQUENCE_NODE)
                    for (const yaml_node_item_t *it =
                             at->data.sequence.items.start;
                         it < at->data.sequence.items.top; it++)
                        if (strcmp(yn_scalar(ydoc_node(P->d, *it)), names[c])
                            == 0) {
                            at = ydoc_node(P->d, *it);
                            break;
                        }
                cusim_mark m = ydoc_mark(P->d, at);
                char w[96];
                snprintf(w, sizeof w, "%s.%s", what, keys[c]);
                bool tl = pl->source == PLOT_TIMELINE
                          && strcmp(keys[c], "series") != 0;
                if (check_column(P, cols, n_cols, names[c], w, &m, tl) != 0)
                    return -1;
            }
        }
    }
    return 0;
}

int plot_check_timelines(ydoc *d, const yaml_node_t *list,
                              const plot_spec *plots, size_t n_plots,
                              bool has_timeline, size_t n_points,
                              cusim_error *err)
{
    pc_state P0 = { d, err }, *P = &P0;
    for (size_t i = 0; i < n_plots; i++) {
        const yaml_node_t *pn =
            ydoc_node(P->d, list->data.sequence.items.start[i]);
        const yaml_node_t *panels = child(P, pn, "panels");
        for (int j = 0; j < plots[i].n_panels; j++) {
            const plot_panel *pl = &plots[i].panels[j];
            if (pl->source != PLOT_TIMELINE)
                continue;
            const yaml_node_t *node = pn;
            char what[64];
            if (panels != pn) {
                node = ydoc_node(P->d, panels->data.sequence.items.start[j]);
                snprintf(what, sizeof what, "plots[%zu].panels[%d]", i, j);
            } else {
                snprintf(what, sizeof what, "plots[%zu]", i);
            }
            const yaml_node_t *source = child(P, node, "source");
            cusim_mark sm = ydoc_mark(P->d, source);
            if (!has_timeline)
                return err_at(P->err, &sm, "%s.source: a timeline panel "
                              "needs the points' timelines (add the "
                              "experiment key timeline: { every: N })",
                              what);
            if (pl->n_points == 0 && n_points > PLOT_MAX_TIMELINES)
                return err_at(P->err, &sm, "%s.source: a timeline panel "
                              "draws at most %d points and the experiment "
                              "has %zu (pick them with points: [N, ...])",
                              what, PLOT_MAX_TIMELINES, n_points);
            const yaml_node_t *pts = child(P, node, "points");
            for (int k = 0; k < pl->n_points; k++)
                if (pl->points[k] >= n_points) {
                    const yaml_node_t *it = ydoc_node(
                        P->d, pts->data.sequence.items.start[k]);
                    cusim_mark im = ydoc_mark(P->d, it);
                    return err_at(P->err, &im, "%s.points: no point %zu "
                                  "(the experiment has points 0 to %zu)",
                                  what, pl->points[k], n_points - 1);
                }
        }
    }
    return 0;
}

/* Panel `j` of plot `i` of `plots:` node `list`: its node (the plot's own
 * when it has no panels) and its name for messages into `what`. */
static const yaml_node_t *panel_at(pc_state *P, const yaml_node_t *list,
                                   size_t i, int j, char *what, size_t size)
{
    const yaml_node_t *pn = ydoc_node(P->d, list->data.sequence.items.start[i]);
    const yaml_node_t *panels = child(P, pn, "panels");
    if (panels == pn) {
        snprintf(what, size, "plots[%zu]", i);
        return pn;
    }
    snprintf(what, size, "plots[%zu].panels[%d]", i, j);
    return ydoc_node(P->d, panels->data.sequence.items.start[j]);
}

/* The parameter column named `name`, or -1. */
static long param_of(const plot_params *pp, const char *name)
{
    for (size_t c = 0; c < pp->n; c++)
        if (strcmp(pp->names[c], name) == 0)
            return (long)c;
    return -1;
}

/* Checks panel `pl`'s where keys: each one a parameter column. */
static int check_where(pc_state *P, const yaml_node_t *node,
                       const plot_panel *pl, const plot_params *pp,
                       const char *what)
{
    const yaml_node_t *where = child(P, node, "where");
    for (int w = 0; w < pl->n_where; w++) {
        if (param_of(pp, pl->where[w].key) >= 0)
            continue;
        cusim_mark m = ydoc_mark(P->d, ydoc_node(P->d,
                                 where->data.mapping.pairs.start[w].key));
        if (pp->n == 0)
            return err_at(P->err, &m, "%s.where: no parameter '%s': nothing "
                          "varies in this experiment", what,
                          pl->where[w].key);
        const char *near = suggest_nearest(pl->where[w].key, pp->names,
                                           pp->n);
        if (near)
            return err_at(P->err, &m, "%s.where: '%s' is not a parameter of "
                          "the sweep (did you mean '%s'?)", what,
                          pl->where[w].key, near);
        sbuf b = { 0 };
        for (size_t c = 0; c < pp->n; c++)
            sb_printf(&b, "%s%s", c ? ", " : "", pp->names[c]);
        int rc = err_at(P->err, &m, "%s.where: '%s' is not a parameter of "
                        "the sweep (the parameters: %s)", what,
                        pl->where[w].key, b.s);
        free(b.s);
        return rc;
    }
    return 0;
}

/* A log x axis over a column of names (hw.name, kernel.name) or files
 * (hardware, kernel) is an error: those are always text. */
static int check_text_logx(pc_state *P, const yaml_node_t *node,
                           const plot_panel *pl, const char *what)
{
    static const char *const text_cols[] = {
        "hw.name", "kernel.name", "hardware", "kernel",
    };
    if (!pl->logx || pl->source == PLOT_TIMELINE)
        return 0;
    for (size_t i = 0; i < sizeof text_cols / sizeof text_cols[0]; i++)
        if (strcmp(pl->x, text_cols[i]) == 0) {
            cusim_mark m = ydoc_mark(P->d, child(P, node, "logx"));
            return err_at(P->err, &m, "%s.logx: x is '%s', text drawn as "
                          "categories; a log axis needs numbers (expected "
                          "logx: false)", what, pl->x);
        }
    return 0;
}

/* Sets acc[a] (room for pp->n_axes) to whether panel `pl` accounts for
 * axis a by its x, series or where keys, or by the axis having one
 * position; returns the axis that moves x when x is a result field (the
 * fastest axis left, which it then marks accounted for too), else -1. */
static long accounted(const plot_panel *pl, const plot_params *pp,
                      bool *acc)
{
    long x = param_of(pp, pl->x);
    long series = pl->series[0] ? param_of(pp, pl->series) : -1;
    if (x >= 0)
        acc[pp->axis[x]] = true;
    if (series >= 0)
        acc[pp->axis[series]] = true;
    for (int w = 0; w < pl->n_where; w++) {
        long c = param_of(pp, pl->where[w].key);
        if (c >= 0)
            acc[pp->axis[c]] = true;
    }
    /* an axis of one position hides nothing */
    for (size_t a = 0; a < pp->n_axes; a++)
        acc[a] = acc[a] || pp->axis_size[a] < 2;
    /* a result field on x: the fastest axis left is what moves it */
    for (size_t a = pp->n_axes; x < 0 && a-- > 0;)
        if (!acc[a]) {
            acc[a] = true;
            return (long)a;
        }
    return -1;
}

int plot_check_hidden_axes(const plot_panel *pl, const plot_params *pp,
                     bool *hidden)
{
    for (size_t a = 0; a < pp->n_axes; a++)
        hidden[a] = false;
    if (pl->source == PLOT_TIMELINE)
        return 0;
    /* hidden[] first holds whether each axis is accounted for */
    accounted(pl, pp, hidden);
    int n = 0;
    for (size_t a = 0; a < pp->n_axes; a++) {
        hidden[a] = !hidden[a];
        n += hidden[a];
    }
    return n;
}

/* The column of the hidden ones a where: would best fix: a name (hw.name,
 * kernel.name) rather than the file it comes from. */
static const char *where_hint(const plot_panel *pl, int n_cols)
{
    for (int c = 0; c < n_cols && c < PLOT_MAX_FACET_KEYS; c++)
        if (strcmp(pl->facet[c], "hardware") != 0
            && strcmp(pl->facet[c], "kernel") != 0)
            return pl->facet[c];
    return pl->facet[0];
}

/* A roofline panel's label columns: those of the axis that moves its x
 * (accounted), in the CSV's order, the hardware (kernel) file left out
 * when hw.name (kernel.name) is there too. `scratch` has room for
 * pp->n_axes flags. */
static void roofline_labels(plot_panel *pl, const plot_params *pp,
                            bool *scratch)
{
    for (size_t a = 0; a < pp->n_axes; a++)
        scratch[a] = false;
    long moving = accounted(pl, pp, scratch);
    pl->n_label = 0;
    for (size_t c = 0; c < pp->n && moving >= 0; c++) {
        if (pp->axis[c] != (size_t)moving || pl->n_label == PLOT_MAX_FACET_KEYS)
            continue;
        const char *name = pp->names[c];
        bool named = false;
        for (size_t j = 0; j < pp->n && !named; j++)
            named = pp->axis[j] == (size_t)moving
                    && ((strcmp(name, "hardware") == 0
                         && strcmp(pp->names[j], "hw.name") == 0)
                        || (strcmp(name, "kernel") == 0
                            && strcmp(pp->names[j], "kernel.name") == 0));
        if (!named)
            snprintf(pl->label[pl->n_label++], sizeof pl->label[0], "%s",
                     name);
    }
}

/* Checks panel j of plot i for hidden parameters (plot_check_hidden_axes) and
 * fills its facet columns; `*drawn` counts the figure's panels so far. */
static int panel_facets(pc_state *P, const yaml_node_t *node,
                        const char *what, plot_panel *pl,
                        const plot_params *pp, int *drawn)
{
    bool *hidden = xcalloc(pp->n_axes ? pp->n_axes : 1, sizeof *hidden);
    pl->n_facet = 0;
    if (pl->style == PLOT_ROOFLINE)
        roofline_labels(pl, pp, hidden);
    if (plot_check_hidden_axes(pl, pp, hidden) == 0) {
        free(hidden);
        (*drawn)++;
        return 0;
    }
    /* the hidden columns, and the panels their combinations make (at
     * most PLOT_MAX_DRAWN + 1 counted) */
    sbuf names = { 0 };
    size_t facets = 1;
    int n_cols = 0;
    for (size_t c = 0; c < pp->n; c++)
        if (hidden[pp->axis[c]]) {
            sb_printf(&names, "%s%s", n_cols ? ", " : "", pp->names[c]);
            if (n_cols < PLOT_MAX_FACET_KEYS)
                snprintf(pl->facet[n_cols], sizeof pl->facet[0], "%s",
                         pp->names[c]);
            n_cols++;
        }
    for (size_t a = 0; a < pp->n_axes; a++)
        if (hidden[a])
            facets = facets * pp->axis_size[a] > PLOT_MAX_DRAWN
                     ? PLOT_MAX_DRAWN + 1 : facets * pp->axis_size[a];
    free(hidden);
    const char *s = n_cols > 1 ? "s" : "", *them = n_cols > 1 ? "them" : "it";
    cusim_mark m = ydoc_mark(P->d, node);
    int rc = 0;
    if (pl->no_facet) {
        cusim_mark fm = ydoc_mark(P->d, child(P, node, "facet"));
        rc = err_at(P->err, &fm, "%s: facet: false, but the panel hides the "
                    "swept parameter%s %s (neither x, series nor fixed by "
                    "where:), so each curve would mix %s %s%zu "
                    "combinations of values; make one the series, fix %s "
                    "with where: { %s: VALUE }, or drop facet: false to draw "
                    "a panel per combination", what, s, names.s,
                    n_cols > 1 ? "their" : "its",
                    facets > PLOT_MAX_DRAWN ? "more than " : "",
                    facets > PLOT_MAX_DRAWN ? (size_t)PLOT_MAX_DRAWN : facets,
                    them, where_hint(pl, n_cols));
    } else if (n_cols > PLOT_MAX_FACET_KEYS) {
        rc = err_at(P->err, &m, "%s: the panel hides %d swept parameters "
                    "(%s), more than the %d a panel facets by; fix some with "
                    "where: or make one the series", what, n_cols, names.s,
                    PLOT_MAX_FACET_KEYS);
    } else if (*drawn + (int)facets > PLOT_MAX_DRAWN) {
        rc = err_at(P->err, &m, "%s: the panel hides the swept parameter%s "
                    "%s, and a panel per combination (%s%zu) takes the figure "
                    "past %d panels; fix %s with where: { %s: VALUE }, make "
                    "one the series, or split the plot", what, s, names.s,
                    facets > PLOT_MAX_DRAWN ? "more than " : "",
                    facets > PLOT_MAX_DRAWN ? (size_t)PLOT_MAX_DRAWN : facets,
                    PLOT_MAX_DRAWN, them, where_hint(pl, n_cols));
    }
    free(names.s);
    if (rc != 0)
        return -1;
    pl->n_facet = n_cols;
    *drawn += (int)facets;
    return 0;
}

int plot_check_hidden(ydoc *d, const yaml_node_t *list,
                           plot_spec *plots, size_t n_plots,
                           const plot_params *pp, cusim_error *err)
{
    pc_state P0 = { d, err }, *P = &P0;
    for (size_t i = 0; i < n_plots; i++) {
        plot_spec *ps = &plots[i];
        int drawn = 0;
        ps->n_params = pp->n;
        for (int j = 0; j < ps->n_panels; j++) {
            plot_panel *pl = &ps->panels[j];
            char what[64];
            const yaml_node_t *node = panel_at(P, list, i, j, what,
                                               sizeof what);
            if (check_where(P, node, pl, pp, what) != 0
                || check_text_logx(P, node, pl, what) != 0
                || panel_facets(P, node, what, pl, pp, &drawn) != 0)
                return -1;
        }
    }
    return 0;
}
