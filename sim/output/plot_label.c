/*
 * plot_label.c — a panel's default axis titles (see plot_label.h), drawn
 * from the result-field table (a field's meaning and unit) and the
 * configuration keys' help (a swept key's meaning); and the text a figure
 * shows for a parameter's values (the experiment's `label:`, or a swept
 * mapping or list made readable).
 */
#include "plot_label.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "addr.h"
#include "config.h"
#include "hmap.h"
#include "num.h"
#include "strbuf.h"
#include "xalloc.h"
#include "yamldoc.h"
#include "ynode.h"

size_t plot_label_stack_prefix(const plot_panel *pn)
{
    if (pn->n_y < 1)
        return 0;
    const char *dot = strrchr(pn->y[0], '.');
    size_t len = dot ? (size_t)(dot - pn->y[0]) + 1 : 0;
    for (int k = 1; k < pn->n_y && len > 0; k++) {
        while (len > 0 && strncmp(pn->y[k], pn->y[0], len) != 0) {
            /* back to the '.' before */
            len--;
            while (len > 0 && pn->y[0][len - 1] != '.')
                len--;
        }
    }
    for (int k = 0; k < pn->n_y && len > 0; k++)
        if (pn->y[k][len] == '\0')
            return 0;
    return len;
}

/* The default y label of a stacked panel: "PREFIX.*" when every column
 * shares the dotted prefix PREFIX, else the columns joined by " + ", as
 * many whole ones as fit, then " + ..." for the rest. */
static void stacked_ylabel(plot_panel *pn)
{
    size_t common = plot_label_stack_prefix(pn);
    if (common > 0) {
        snprintf(pn->ylabel, sizeof pn->ylabel, "%.*s*", (int)common,
                 pn->y[0]);
        return;
    }
    const char more[] = " + ...";
    size_t at = 0;
    for (int k = 0; k < pn->n_y; k++) {
        size_t need = strlen(pn->y[k]) + (k ? 3 : 0);
        size_t keep = k + 1 < pn->n_y ? sizeof more - 1 : 0;
        if (at + need + keep >= sizeof pn->ylabel) {
            snprintf(pn->ylabel + at, sizeof pn->ylabel - at, "%s", more);
            return;
        }
        at += (size_t)snprintf(pn->ylabel + at, sizeof pn->ylabel - at,
                               "%s%s", k ? " + " : "", pn->y[k]);
    }
}

/* The result field of key `col` (a metric column of the results), or
 * NULL: a parameter, status or error. */
static const cusim_field_desc *result_field(const char *col)
{
    const cusim_field_desc *f;
    for (size_t i = 0; (f = cusim_field_at(i)) != NULL; i++)
        if (!(f->in & (CUSIM_IN_HOST | CUSIM_IN_DISPATCH | CUSIM_IN_CALLER))
            && strcmp(f->key, col) == 0)
            return f;
    return NULL;
}

/* The longest default label drawn from a field's meaning: about what an
 * axis of a 500-pixel panel holds at the figures' font. */
#define LABEL_MAX 56

/* The default label of results column `col`: its field's meaning, less a
 * closing parenthesis (a claim, a vendor's name), and unit: "MEANING
 * (UNIT)" ("MEANING" for text); when that is longer than LABEL_MAX
 * characters, the meaning up to its first ',', ';', ':' or '(' ("a
 * transaction's average latency (cycles)"), and "KEY (UNIT)" when even
 * that is; the column's own name when it is no field. */
static void column_label(const char *col, char *dst, size_t size)
{
    const cusim_field_desc *f = result_field(col);
    size_t clen = strlen(col);
    /* a configuration key but a name (hw.name, kernel.name: its values
     * say what it is) */
    const char *help = f || (clen >= 5 && strcmp(col + clen - 5, ".name") == 0)
                       ? NULL : cfg_key_help(col);
    if (help) {
        /* its meaning, up to a ':', ';' or '(' when it is too long, and the
         * key itself ("registers per invocation, or auto (kernel.registers)") */
        size_t len = strlen(help);
        if (len + clen + 3 > LABEL_MAX)
            len = strcspn(help, ":;(");
        while (len > 0 && help[len - 1] == ' ')
            len--;
        if (len > 0 && len + clen + 3 <= LABEL_MAX)
            snprintf(dst, size, "%.*s (%s)", (int)len, help, col);
        else
            snprintf(dst, size, "%s", col);
        return;
    }
    if (!f) {
        snprintf(dst, size, "%s", col);
        return;
    }
    size_t len = strlen(f->meaning);
    const char *open = strrchr(f->meaning, '(');
    if (len > 0 && f->meaning[len - 1] == ')' && open && open > f->meaning
        && open[-1] == ' ')
        len = (size_t)(open - 1 - f->meaning);
    bool text = strcmp(f->unit, "-") == 0;
    size_t unit = text ? 0 : strlen(f->unit) + 3;
    if (len + unit > LABEL_MAX) {
        size_t clause = strcspn(f->meaning, ",;:(");
        len = clause < len ? clause : len;
        while (len > 0 && f->meaning[len - 1] == ' ')
            len--;
    }
    size_t need = len == 0 ? LABEL_MAX + 1 : len + unit;
    if (need > LABEL_MAX && text)
        snprintf(dst, size, "%s", f->key);
    else if (need > LABEL_MAX)
        snprintf(dst, size, "%s (%s)", f->key, f->unit);
    else if (text)
        snprintf(dst, size, "%.*s", (int)len, f->meaning);
    else
        snprintf(dst, size, "%.*s (%s)", (int)len, f->meaning, f->unit);
}

/* The default y label of a lines panel of several columns: their unit
 * when every one is a result field of the same unit, else the columns
 * joined by ", ". */
static void lines_ylabel(plot_panel *pn)
{
    const cusim_field_desc *f0 = result_field(pn->y[0]);
    bool same = f0 && strcmp(f0->unit, "-") != 0;
    for (int k = 1; k < pn->n_y && same; k++) {
        const cusim_field_desc *f = result_field(pn->y[k]);
        same = f && strcmp(f->unit, f0->unit) == 0;
    }
    if (same) {
        snprintf(pn->ylabel, sizeof pn->ylabel, "%s", f0->unit);
        return;
    }
    size_t at = 0;
    for (int k = 0; k < pn->n_y && at < sizeof pn->ylabel; k++)
        at += (size_t)snprintf(pn->ylabel + at, sizeof pn->ylabel - at,
                               "%s%s", k ? ", " : "", pn->y[k]);
}

void plot_label_defaults(plot_panel *pn)
{
    bool timeline = pn->source == PLOT_TIMELINE;
    if (!pn->xlabel[0] && timeline)
        snprintf(pn->xlabel, sizeof pn->xlabel, "%s", pn->x);
    else if (!pn->xlabel[0])
        column_label(pn->x, pn->xlabel, sizeof pn->xlabel);
    if (pn->ylabel[0] || pn->n_y < 1)
        return;
    if (pn->style == PLOT_STACKED)
        stacked_ylabel(pn);
    else if (timeline)
        snprintf(pn->ylabel, sizeof pn->ylabel, "%s", pn->y[0]);
    else if (pn->n_y == 1)
        column_label(pn->y[0], pn->ylabel, sizeof pn->ylabel);
    else
        lines_ylabel(pn);
}

/* ------------------------------------------------ what a value shows */

/* One entry of a mapping value: its name and its value as shown. */
typedef struct map_entry {
    char *name;
    char *value;
} map_entry;

/* A value read for showing: a flow mapping of scalars (`n` entries), or a
 * flow list of scalars (`joined`: its items joined), or neither (n 0,
 * joined NULL: shown as written). */
typedef struct read_value {
    map_entry *e;
    size_t n;
    char *joined;
} read_value;

/* A buffer's size as the loader reads one (N, N KiB|MiB|GiB; addr.h) in
 * the largest of B, KiB, MiB and GiB that divides it: 16384 and "16 KiB"
 * both read "16 KiB", 64 "64 B"; anything else (an expression) as
 * written. The caller frees it. */
static char *size_text(const char *s)
{
    uint64_t bytes;
    addr_src *x = NULL;
    addr_error xe;
    if (addr_size_parse(s, strlen(s), &bytes, &x, &xe) != 0 || x) {
        addr_src_free(x);
        return xstrdup(s);
    }
    static const char *const unit[] = { "B", "KiB", "MiB", "GiB" };
    int u = 0;
    while (u < 3 && bytes >= 1024 && bytes % 1024 == 0) {
        bytes /= 1024;
        u++;
    }
    return xasprintf("%" PRIu64 " %s", bytes, unit[u]);
}

static void read_value_free(read_value *rv)
{
    for (size_t i = 0; i < rv->n; i++) {
        free(rv->e[i].name);
        free(rv->e[i].value);
    }
    free(rv->e);
    free(rv->joined);
    memset(rv, 0, sizeof *rv);
}

/* Reads `text` (a results cell) into `rv`: a mapping's entries or a
 * list's items when it is a YAML flow mapping or list of scalars (as the
 * experiment writes a swept mapping or list), else nothing. */
static void value_read(const char *text, read_value *rv)
{
    memset(rv, 0, sizeof *rv);
    if (text[0] != '{' && text[0] != '[')
        return;
    ydoc d;
    cusim_error err;
    if (ydoc_load_text(&d, text, "a results cell", "a value", &err) != 0)
        return;
    const yaml_node_t *root = ydoc_root(&d);
    bool ok = true;
    if (root->type == YAML_MAPPING_NODE) {
        size_t n = (size_t)(root->data.mapping.pairs.top
                            - root->data.mapping.pairs.start);
        rv->e = xcalloc(n ? n : 1, sizeof *rv->e);
        for (size_t i = 0; i < n && ok; i++) {
            const yaml_node_pair_t *pr = &root->data.mapping.pairs.start[i];
            const yaml_node_t *k = ydoc_node(&d, pr->key);
            const yaml_node_t *v = ydoc_node(&d, pr->value);
            ok = yn_is_scalar(k) && yn_is_scalar(v) && !ydoc_is_null(v);
            if (ok) {
                rv->e[rv->n].name = xstrdup(yn_scalar(k));
                rv->e[rv->n++].value = size_text(yn_scalar(v));
            }
        }
        ok = ok && rv->n > 0;
    } else if (root->type == YAML_SEQUENCE_NODE) {
        /* whole numbers (a workgroup's shape) joined by "x", as 16x16;
         * other items by ", " */
        bool whole = true;
        for (const yaml_node_item_t *it = root->data.sequence.items.start;
             it < root->data.sequence.items.top && whole; it++) {
            const yaml_node_t *v = ydoc_node(&d, *it);
            uint64_t u;
            whole = yn_is_scalar(v)
                    && num_parse_u64(yn_scalar(v), strlen(yn_scalar(v)), 0,
                                     &u) == NUM_OK;
        }
        sbuf b = { 0 };
        for (const yaml_node_item_t *it = root->data.sequence.items.start;
             it < root->data.sequence.items.top && ok; it++) {
            const yaml_node_t *v = ydoc_node(&d, *it);
            ok = yn_is_scalar(v);
            if (ok)
                sb_printf(&b, "%s%s", !b.n ? "" : whole ? "x" : ", ",
                          yn_scalar(v));
        }
        if (ok && b.n)
            rv->joined = sb_take(&b);
        else
            free(b.s);
        ok = rv->joined != NULL;
    }
    ydoc_free(&d);
    if (!ok)
        read_value_free(rv);
}

/* The label `spec`'s experiment gives value `value` of column `column`
 * (its `label:`), or NULL. */
static const char *given_label(const plot_spec *spec, const char *column,
                               const char *value)
{
    for (size_t i = 0; spec && i < spec->n_labels; i++)
        if (strcmp(spec->labels[i].column, column) == 0
            && strcmp(spec->labels[i].value, value) == 0)
            return spec->labels[i].label;
    return NULL;
}

/* What tells a column's mapping values apart, worked out once over all
 * of them (`rv[0 .. n-1]`, those with no entries not mappings): an entry
 * is constant when every mapping value holds it with the same value, so
 * it is one of the first mapping value's (`ref`), flagged in is_const. */
typedef struct map_common {
    const read_value *ref;      /* the first mapping value, or NULL */
    bool *is_const;             /* per entry of ref */
    bool one_name;              /* every mapping value is one entry, of
                                   ref's name */
} map_common;

static void map_common_of(const read_value *rv, size_t n, map_common *mc)
{
    memset(mc, 0, sizeof *mc);
    for (size_t j = 0; j < n && !mc->ref; j++)
        mc->ref = rv[j].n ? &rv[j] : NULL;
    if (!mc->ref)
        return;
    const read_value *ref = mc->ref;
    mc->is_const = xcalloc(ref->n, sizeof *mc->is_const);
    mc->one_name = true;
    for (size_t k = 0; k < ref->n; k++)
        mc->is_const[k] = true;
    for (size_t j = 0; j < n; j++) {
        if (rv[j].n == 0)
            continue;
        mc->one_name = mc->one_name && rv[j].n == 1
                       && strcmp(rv[j].e[0].name, ref->e[0].name) == 0;
        for (size_t k = 0; k < ref->n; k++) {
            bool same = false;
            for (size_t q = 0; q < rv[j].n && !same; q++)
                same = strcmp(rv[j].e[q].name, ref->e[k].name) == 0
                       && strcmp(rv[j].e[q].value, ref->e[k].value) == 0;
            mc->is_const[k] = mc->is_const[k] && same;
        }
    }
}

/* Whether entry `e` is in every mapping value with the same value. */
static bool entry_constant(const map_entry *e, const map_common *mc)
{
    for (size_t k = 0; k < mc->ref->n; k++)
        if (strcmp(mc->ref->e[k].name, e->name) == 0
            && strcmp(mc->ref->e[k].value, e->value) == 0)
            return mc->is_const[k];
    return false;
}

/* A mapping value's text: "NAME VALUE" for each entry that tells the
 * column's mapping values apart (all of them when none does), joined by
 * ", "; the VALUE alone when every mapping value is one entry of the same
 * name. */
static char *mapping_text(const read_value *v, const map_common *mc)
{
    if (mc->one_name)
        return xstrdup(v->e[0].value);
    size_t varying = 0;
    for (size_t k = 0; k < v->n; k++)
        varying += !entry_constant(&v->e[k], mc);
    sbuf b = { 0 };
    for (size_t k = 0; k < v->n; k++)
        if (varying == 0 || !entry_constant(&v->e[k], mc))
            sb_printf(&b, "%s%s %s", b.n ? ", " : "", v->e[k].name,
                      v->e[k].value);
    return sb_take(&b);
}

void plot_label_values(const plot_spec *spec, const char *column,
                       const char *const *vals, size_t n, char **shown)
{
    read_value *rv = xcalloc(n ? n : 1, sizeof *rv);
    for (size_t i = 0; i < n; i++)
        value_read(vals[i], &rv[i]);
    map_common mc;
    map_common_of(rv, n, &mc);
    for (size_t i = 0; i < n; i++) {
        const char *given = given_label(spec, column, vals[i]);
        shown[i] = given ? xstrdup(given)
                   : rv[i].joined ? xstrdup(rv[i].joined)
                   : rv[i].n ? mapping_text(&rv[i], &mc)
                   : xstrdup(vals[i]);
    }
    free(mc.is_const);
    for (size_t i = 0; i < n; i++)
        read_value_free(&rv[i]);
    free(rv);
}

int plot_label_cells(plot_label_shown *sh, const csv_table *csv,
                     const plot_spec *spec)
{
    memset(sh, 0, sizeof *sh);
    size_t n = spec->n_params < (size_t)csv->n_cols ? spec->n_params
                                                     : (size_t)csv->n_cols;
    sh->n = n;
    sh->at = xcalloc((size_t)csv->n_rows * (n ? n : 1), sizeof *sh->at);
    sh->labelled = xcalloc(n ? n : 1, sizeof *sh->labelled);
    sh->texts = xcalloc((size_t)csv->n_rows * (n ? n : 1),
                        sizeof *sh->texts);
    const char **vals = xcalloc((size_t)csv->n_rows, sizeof *vals);
    uint32_t *of_row = xcalloc((size_t)csv->n_rows, sizeof *of_row);
    for (size_t c = 0; c < n; c++) {
        hmap_str seen = { 0 };
        size_t nv = 0;
        for (int r = 1; r < csv->n_rows; r++) {
            const char *v = csv_at(csv, r, (int)c)->text;
            long i = hmap_str_get(&seen, v);
            if (i < 0) {
                i = (long)nv;
                vals[nv++] = v;
                hmap_str_put(&seen, xstrdup(v), (uint32_t)i);
            }
            of_row[r] = (uint32_t)i;
        }
        hmap_str_free(&seen);
        char **shown = sh->texts + sh->n_texts;
        plot_label_values(spec, csv_at(csv, 0, (int)c)->text, vals, nv,
                          shown);
        sh->n_texts += nv;
        for (size_t i = 0; i < nv; i++)
            sh->labelled[c] |= strcmp(shown[i], vals[i]) != 0;
        for (int r = 1; r < csv->n_rows; r++)
            sh->at[(size_t)r * n + c] = shown[of_row[r]];
    }
    free(vals);
    free(of_row);
    return 0;
}

const char *plot_label_cell(const plot_label_shown *sh, const csv_table *csv,
                            int r, int c)
{
    if (r > 0 && c >= 0 && (size_t)c < sh->n)
        return sh->at[(size_t)r * sh->n + (size_t)c];
    return csv_at(csv, r, c)->text;
}

bool plot_label_is_labelled(const plot_label_shown *sh, int c)
{
    return c >= 0 && (size_t)c < sh->n && sh->labelled[c];
}

void plot_label_cells_free(plot_label_shown *sh)
{
    for (size_t i = 0; i < sh->n_texts; i++)
        free(sh->texts[i]);
    free(sh->texts);
    free(sh->at);
    free(sh->labelled);
    memset(sh, 0, sizeof *sh);
}
