/*
 * plot_label.c — a panel's default axis titles (see plot_label.h), drawn
 * from the result-field table (a field's meaning and unit) and the
 * configuration keys' help (a swept key's meaning).
 */
#include "plot_label.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "config.h"

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
 * (UNIT)" ("MEANING" for text); "KEY (UNIT)" when that is longer than
 * LABEL_MAX characters; the column's own name when it is no field. */
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
    size_t need = len + (text ? 0 : strlen(f->unit) + 3);
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
