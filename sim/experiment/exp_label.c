/*
 * exp_label.c — an experiment's `label:`: the text its figures show for
 * each value of a swept key, in place of the value's own text (a mapping
 * such as kernel.buffers' { chain: 16 KiB }, a list, a number). Read once
 * the axes are known (pass 2 of exp_load, experiment.c), into
 * plot_value_label rows that every plot of the experiment shares
 * (plot.h; plot_label.c applies them).
 *
 *   sweep:
 *     kernel.buffers: [{ chain: 4 KiB }, { chain: 1 MiB }]
 *   label:
 *     kernel.buffers: [L1, DRAM]      # one per value, in the order written
 */
#include "exp_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "strbuf.h"
#include "suggest.h"
#include "xalloc.h"
#include "ynode.h"

/* The value column `k` takes at position `p` of axis `a` (its CSV
 * text), or NULL when the position does not set it. */
static const char *value_at(const exp_axis *a, size_t p, size_t k)
{
    for (size_t j = a->first[p]; j < a->first[p + 1]; j++)
        if (a->as[j].key == k)
            return a->as[j].v.shown;
    return NULL;
}

/* Checks key node `kn` of `label:`: a column that a sweep, a zip or a
 * hardware or kernel list varies, one value per position. Sets *col;
 * returns 0, or -1 with `err` set at the key. */
static int label_column(const experiment *e, ydoc *d, const yaml_node_t *kn,
                        size_t *col, cusim_error *err)
{
    const exp_sweep *sw = &e->sw;
    const char *key = yn_scalar(kn);
    cusim_mark m = ydoc_mark(d, kn);
    long k = exp_sweep_key(sw, key);
    if (k < 0 || sw->keys[k].kind == EXP_KEY_HW_NAME
        || sw->keys[k].kind == EXP_KEY_KERNEL_NAME) {
        const char **names = xcalloc(sw->n_keys + 1, sizeof *names);
        size_t n = 0;
        sbuf all = { 0 };
        for (size_t i = 0; i < sw->n_keys; i++)
            if (sw->keys[i].kind != EXP_KEY_HW_NAME
                && sw->keys[i].kind != EXP_KEY_KERNEL_NAME) {
                names[n++] = sw->keys[i].path;
                sb_printf(&all, "%s%s", all.n ? ", " : "", sw->keys[i].path);
            }
        const char *near = suggest_nearest(key, names, n);
        int rc;
        if (k >= 0)
            rc = err_at(err, &m, "label: '%s' is the name the %s file "
                        "gives; label the '%s' key instead", key,
                        sw->keys[k].kind == EXP_KEY_HW_NAME ? "hardware"
                                                            : "kernel",
                        sw->keys[k].kind == EXP_KEY_HW_NAME ? "hardware"
                                                            : "kernel");
        else if (near)
            rc = err_at(err, &m, "label: '%s' is not swept (did you mean "
                        "'%s'?)", key, near);
        else
            rc = err_at(err, &m, "label: '%s' is not swept (expected one "
                        "of the swept keys: %s)", key,
                        all.n ? all.s : "none: nothing varies");
        free(names);
        free(all.s);
        return rc;
    }
    const exp_axis *a = &sw->axes[sw->keys[k].axis];
    if (strcmp(a->what, "points") == 0)
        return err_at(err, &m, "label: '%s' is set by points:, whose "
                      "entries need not each give it (expected a key of "
                      "sweep:, zip:, or a hardware or kernel list)", key);
    *col = (size_t)k;
    return 0;
}

int exp_label_parse(experiment *e, ydoc *d, const yaml_node_t *n,
                    cusim_error *err)
{
    char got[200];
    cusim_mark m = ydoc_mark(d, n);
    size_t len = n->type == YAML_MAPPING_NODE
                 ? (size_t)(n->data.mapping.pairs.top
                            - n->data.mapping.pairs.start) : 0;
    if (len == 0)
        return err_at(err, &m, "label: expected a mapping of swept keys to "
                      "lists of labels, one per value ({ kernel.buffers: "
                      "[L1, L2, DRAM] }), got %s",
                      yn_describe(n, got, sizeof got));
    if (yn_check_keys(d, n, "label", err) != 0)
        return -1;
    size_t total = 0;
    for (size_t i = 0; i < len; i++) {
        const yaml_node_pair_t *pr = &n->data.mapping.pairs.start[i];
        const yaml_node_t *kn = ydoc_node(d, pr->key);
        const yaml_node_t *v = ydoc_node(d, pr->value);
        size_t col;
        if (label_column(e, d, kn, &col, err) != 0)
            return -1;
        const exp_axis *a = &e->sw.axes[e->sw.keys[col].axis];
        cusim_mark vm = ydoc_mark(d, v);
        size_t count = v->type == YAML_SEQUENCE_NODE
                       ? (size_t)(v->data.sequence.items.top
                                  - v->data.sequence.items.start) : 0;
        if (v->type != YAML_SEQUENCE_NODE)
            return err_at(err, &vm, "label: %s: expected a list of %zu "
                          "labels, one per value, got %s", yn_scalar(kn),
                          a->n, yn_describe(v, got, sizeof got));
        if (count != a->n)
            return err_at(err, &vm, "label: %s: %zu label%s for %zu "
                          "value%s (expected one per value, in the order "
                          "written)", yn_scalar(kn), count,
                          count == 1 ? "" : "s", a->n, a->n == 1 ? "" : "s");
        total += count;
    }
    e->labels = xcalloc(total, sizeof *e->labels);
    for (size_t i = 0; i < len; i++) {
        const yaml_node_pair_t *pr = &n->data.mapping.pairs.start[i];
        const yaml_node_t *kn = ydoc_node(d, pr->key);
        const yaml_node_t *v = ydoc_node(d, pr->value);
        size_t col, first = e->n_labels;
        label_column(e, d, kn, &col, err);
        const exp_axis *a = &e->sw.axes[e->sw.keys[col].axis];
        for (size_t p = 0; p < a->n; p++) {
            const yaml_node_t *it =
                ydoc_node(d, v->data.sequence.items.start[p]);
            cusim_mark im = ydoc_mark(d, it);
            if (!yn_is_scalar(it) || ydoc_is_null(it) || !*yn_scalar(it))
                return err_at(err, &im, "label: %s[%zu]: expected a label "
                              "(text), got %s", yn_scalar(kn), p,
                              yn_describe(it, got, sizeof got));
            for (size_t q = first; q < e->n_labels; q++)
                if (strcmp(e->labels[q].label, yn_scalar(it)) == 0)
                    return err_at(err, &im, "label: %s[%zu]: '%s' is also "
                                  "label %zu's (expected a label per value, "
                                  "each its own)", yn_scalar(kn), p,
                                  yn_scalar(it), q - first);
            plot_value_label *l = &e->labels[e->n_labels++];
            l->column = e->sw.keys[col].path;
            l->value = value_at(a, p, col);
            l->label = xstrdup(yn_scalar(it));
        }
    }
    return 0;
}
