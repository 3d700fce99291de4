/*
 * exp_parse.c — an experiment file's sections read into axes and values:
 * passes 1 and 2 of exp_load (see experiment.c for the passes and
 * experiment.h for the format).
 *
 * Pass 1 reads the top-level keys in the order written, checking each
 * section's shape, its key paths and values (a file named by a value must
 * be readable); a value is kept as the YAML text handed to the config
 * loader (yamlout.h). Pass 2 puts the axes in expansion order
 * (exp_sweep.h), builds the parameter columns and checks the rules across
 * sections: a key varies in one place, every point has hardware and a
 * kernel, the point count is bounded.
 *
 * Also cusim_file_sniff, the one test of what a file holds (profile,
 * kernel or experiment), by the same top-level keys.
 */
#include "exp_int.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "fileio.h"
#include "num.h"
#include "plot_spec.h"
#include "strbuf.h"
#include "suggest.h"
#include "xalloc.h"
#include "yamlout.h"
#include "ynode.h"

/* The top-level keys, in the order the format documents them. */
static const char *const top_keys[] = {
    "name", "description", "hardware", "kernel", "set", "sweep", "zip",
    "points", "output", "plots", "timeline", "label",
};
#define N_TOP (sizeof top_keys / sizeof top_keys[0])

/* While loading. */
typedef struct parser {
    experiment *e;
    ydoc *d;
    cusim_error *err;
    exp_axis *sweep;         /* one axis per sweep key, in order */
    size_t n_sweep;
    exp_axis zip, points, hw_list, kernel_list;
    bool has_zip, has_points, has_hw_list, has_kernel_list;
    const yaml_node_t *plots;
    const yaml_node_t *label;    /* `label:`, read once the axes are
                                    known (exp_label.c); NULL: none */
    const yaml_node_t *name;     /* NULL: defaulted */
} parser;

/* ------------------------------------------------------- node helpers */

static bool has_prefix(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* A key path an override may name: hw.X or kernel.X. */
static bool is_set_path(const char *s)
{
    return (has_prefix(s, "hw.") && s[3])
           || (has_prefix(s, "kernel.") && s[7]);
}

static int make_value(parser *P, const yaml_node_t *n, const char *what,
                      exp_value *v)
{
    sbuf b = { 0 };
    memset(v, 0, sizeof *v);
    v->mark = ydoc_mark(P->d, n);
    if (yamlout_node(&b, P->d, n, true) != 0) {
        free(b.s);
        return err_at(P->err, &v->mark, "%s: value nested too deeply or too "
                      "long (expected a scalar or a short list)", what);
    }
    v->text = sb_take(&b);
    v->shown = yn_is_scalar(n) ? xstrdup(yn_scalar(n)) : xstrdup(v->text);
    return 0;
}

/* Makes `v` from a node naming a file (`what`: "hardware" or "kernel"),
 * which must be readable. */
static int make_file(parser *P, const yaml_node_t *n, const char *what,
                     exp_value *v)
{
    char got[200];
    memset(v, 0, sizeof *v);
    v->mark = ydoc_mark(P->d, n);
    if (!yn_is_scalar(n) || ydoc_is_null(n) || !*yn_scalar(n))
        return err_at(P->err, &v->mark, "%s: expected a file name, got %s",
                      what, yn_describe(n, got, sizeof got));
    const char *name = yn_scalar(n);
    v->text = xstrdup(name);
    v->shown = xstrdup(name);
    v->path = name[0] == '/' ? xstrdup(name)
                             : xasprintf("%s%s", P->e->dir, name);
    struct stat st;
    const char *why = NULL;
    if (stat(v->path, &st) != 0)
        why = strerror(errno);
    else if (S_ISDIR(st.st_mode))
        why = "it is a directory";
    else if (!S_ISREG(st.st_mode))
        why = "not a regular file";
    else if (access(v->path, R_OK) != 0)
        why = strerror(errno);
    if (why) {
        int rc = err_at(P->err, &v->mark, "%s: cannot read '%s'%s%s%s: %s",
                        what, name, strcmp(name, v->path) ? " (" : "",
                        strcmp(name, v->path) ? v->path : "",
                        strcmp(name, v->path) ? ")" : "", why);
        exp_value_free(v);
        return rc;
    }
    return 0;
}

/* Reads a range's integer. */
static int range_int(parser *P, const yaml_node_t *n, const char *what,
                     const char *key, int64_t *out)
{
    char got[200];
    cusim_mark m = ydoc_mark(P->d, n);
    const char *s = yn_scalar(n);
    int64_t v = 0;
    int rc = yn_is_scalar(n) && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE
             ? num_parse_i64(s, strlen(s), NUM_PLUS, &v) : NUM_SYNTAX;
    if (rc == NUM_RANGE)
        return err_at(P->err, &m, "%s: range %s: %s does not fit in 64 bits "
                      "(expected an integer from -2^63 to 2^63 - 1)", what,
                      key, yn_describe(n, got, sizeof got));
    if (rc != NUM_OK)
        return err_at(P->err, &m, "%s: range %s: expected an integer, got "
                      "%s", what, key, yn_describe(n, got, sizeof got));
    *out = v;
    return 0;
}

/* Expands a range mapping {from, to, step} into values. */
static int parse_range(parser *P, const yaml_node_t *map, const char *what,
                       exp_value **vals, size_t *n)
{
    static const char *const keys[] = { "from", "to", "step" };
    const yaml_node_t *node[3] = { NULL, NULL, NULL };
    cusim_mark m = ydoc_mark(P->d, map);
    if (yn_check_keys(P->d, map, what, P->err) != 0)
        return -1;
    for (const yaml_node_pair_t *pr = map->data.mapping.pairs.start;
         pr < map->data.mapping.pairs.top; pr++) {
        const yaml_node_t *k = ydoc_node(P->d, pr->key);
        size_t i = 0;
        while (i < 3 && strcmp(yn_scalar(k), keys[i]) != 0)
            i++;
        if (i == 3) {
            cusim_mark km = ydoc_mark(P->d, k);
            const char *near = suggest_nearest(yn_scalar(k), keys, 3);
            if (near)
                return err_at(P->err, &km, "%s: unknown range key '%s' (did "
                              "you mean '%s'?)", what, yn_scalar(k), near);
            return err_at(P->err, &km, "%s: unknown range key '%s' (a range "
                          "is { from: A, to: B, step: S })", what,
                          yn_scalar(k));
        }
        node[i] = ydoc_node(P->d, pr->value);
    }
    for (int i = 0; i < 2; i++)
        if (!node[i])
            return err_at(P->err, &m, "%s: the range has no '%s' (a range "
                          "is { from: A, to: B, step: S }, step "
                          "optional)", what, keys[i]);
    int64_t from, to, step = 1;
    if (range_int(P, node[0], what, "from", &from) != 0
        || range_int(P, node[1], what, "to", &to) != 0
        || (node[2] && range_int(P, node[2], what, "step", &step) != 0))
        return -1;
    if (step < 1) {
        cusim_mark sm = ydoc_mark(P->d, node[2]);
        return err_at(P->err, &sm, "%s: range step: expected an integer of "
                      "at least 1, got %" PRId64, what, step);
    }
    if (to < from)
        return err_at(P->err, &m, "%s: empty range: 'to' (%" PRId64 ") is "
                      "below 'from' (%" PRId64 ")", what, to, from);
    /* the steps after the first value: below 2^64 however far apart the
     * ends are (counting the first too wrapped 2^64 values to 0) */
    uint64_t steps = ((uint64_t)to - (uint64_t)from) / (uint64_t)step;
    if (steps >= EXP_MAX_POINTS) {
        char count[32] = "2^64";
        if (steps < UINT64_MAX)
            snprintf(count, sizeof count, "%" PRIu64, steps + 1);
        return err_at(P->err, &m, "%s: the range has %s values (at most %d)",
                      what, count, EXP_MAX_POINTS);
    }
    uint64_t count = steps + 1;
    *vals = xcalloc((size_t)count, sizeof **vals);
    *n = (size_t)count;
    for (uint64_t i = 0; i < count; i++) {
        int64_t v = (int64_t)((uint64_t)from + i * (uint64_t)step);
        (*vals)[i].text = xasprintf("%" PRId64, v);
        (*vals)[i].shown = xstrdup((*vals)[i].text);
        (*vals)[i].mark = m;
    }
    return 0;
}

static void values_free(exp_value *vals, size_t n)
{
    for (size_t i = 0; i < n; i++)
        exp_value_free(&vals[i]);
    free(vals);
}

/* The values a sweep or zip key takes: a list, or for a key path a range.
 * `files`: the key is `hardware` or `kernel`. */
static int parse_values(parser *P, const yaml_node_t *n, const char *what,
                        const char *key, bool files, exp_value **vals,
                        size_t *count)
{
    char got[200];
    cusim_mark m = ydoc_mark(P->d, n);
    *vals = NULL;
    *count = 0;
    if (n->type == YAML_MAPPING_NODE && !files)
        return parse_range(P, n, what, vals, count);
    if (n->type != YAML_SEQUENCE_NODE) {
        if (files)
            return err_at(P->err, &m, "%s: expected a list of %s files, got "
                          "%s", what, key, yn_describe(n, got, sizeof got));
        return err_at(P->err, &m, "%s: expected a list of values or a range "
                      "{ from: A, to: B, step: S }, got %s (a single value "
                      "belongs under set:)", what,
                      yn_describe(n, got, sizeof got));
    }
    size_t len = (size_t)(n->data.sequence.items.top
                          - n->data.sequence.items.start);
    if (len == 0)
        return err_at(P->err, &m, "%s: empty list (expected at least one "
                      "value)", what);
    exp_value *v = xcalloc(len, sizeof *v);
    for (size_t i = 0; i < len; i++) {
        const yaml_node_t *it = ydoc_node(P->d,
                                          n->data.sequence.items.start[i]);
        int rc = files ? make_file(P, it, key, &v[i])
                       : make_value(P, it, what, &v[i]);
        if (rc != 0) {
            values_free(v, i);
            return -1;
        }
    }
    *vals = v;
    *count = len;
    return 0;
}

/* Checks a key of sweep, zip or points (`section`); sets *files when it
 * names the hardware or kernel files. */
static int check_axis_key(parser *P, const yaml_node_t *k, const char *section,
                          bool *files)
{
    static const char *const file_keys[] = { "hardware", "kernel" };
    const char *s = yn_scalar(k);
    cusim_mark m = ydoc_mark(P->d, k);
    *files = strcmp(s, "hardware") == 0 || strcmp(s, "kernel") == 0;
    if (*files || is_set_path(s))
        return 0;
    const char *near = suggest_nearest(s, file_keys, 2);
    if (near)
        return err_at(P->err, &m, "%s: unknown key '%s' (did you mean "
                      "'%s'?)", section, s, near);
    return err_at(P->err, &m, "%s: '%s' is not a key path (expected "
                  "hw.PATH or kernel.PATH, e.g. kernel.registers, or "
                  "hardware or kernel for the files)", section, s);
}

/* ------------------------------------------------------------- sections */

static int parse_name(parser *P, const yaml_node_t *n)
{
    char got[200];
    cusim_mark m = ydoc_mark(P->d, n);
    const char *s = yn_scalar(n);
    size_t len = strlen(s);
    bool ok = yn_is_scalar(n) && !ydoc_is_null(n) && len > 0
              && len < sizeof P->e->name && len == n->data.scalar.length;
    for (size_t i = 0; ok && i < len; i++)
        ok = (unsigned char)s[i] >= 0x20 && s[i] != 0x7F;
    if (!ok)
        return err_at(P->err, &m, "name: expected a name of 1 to %zu "
                      "printable characters, got %s", sizeof P->e->name - 1,
                      ydoc_describe(n, true, got, sizeof got));
    snprintf(P->e->name, sizeof P->e->name, "%s", s);
    P->name = n;
    return 0;
}

static int parse_description(parser *P, const yaml_node_t *n)
{
    char got[200];
    cusim_mark m = ydoc_mark(P->d, n);
    if (!yn_is_scalar(n))
        return err_at(P->err, &m, "description: expected text, got %s",
                      yn_describe(n, got, sizeof got));
    free(P->e->description);
    P->e->description = xstrdup(yn_scalar(n));
    return 0;
}

static int parse_output(parser *P, const yaml_node_t *n)
{
    char got[200];
    cusim_mark m = ydoc_mark(P->d, n);
    if (!yn_is_scalar(n)
        || !fio_is_base_name(yn_scalar(n), sizeof P->e->output - 1))
        return err_at(P->err, &m, "output: expected a file base name (1 to "
                      "%zu letters, digits, '.', '-', '_' or '+', not "
                      "starting with '.' or '-'), got %s",
                      sizeof P->e->output - 1,
                      ydoc_describe(n, true, got, sizeof got));
    snprintf(P->e->output, sizeof P->e->output, "%s", yn_scalar(n));
    return 0;
}

/* `timeline:`: true or false, or { every: N } with N >= 1 cycles. */
static int parse_timeline(parser *P, const yaml_node_t *n)
{
    char got[200];
    cusim_mark m = ydoc_mark(P->d, n);
    experiment *e = P->e;
    if (yn_is_plain(n, "true") || yn_is_plain(n, "false")) {
        e->timeline = yn_is_plain(n, "true");
        e->timeline_every = 0;
        return 0;
    }
    if (n->type != YAML_MAPPING_NODE)
        return err_at(P->err, &m, "timeline: expected true, false or "
                      "{ every: N } (cycles per row), got %s",
                      yn_describe(n, got, sizeof got));
    if (yn_check_keys(P->d, n, "timeline", P->err) != 0)
        return -1;
    e->timeline = true;
    e->timeline_every = 0;
    for (const yaml_node_pair_t *pr = n->data.mapping.pairs.start;
         pr < n->data.mapping.pairs.top; pr++) {
        const yaml_node_t *k = ydoc_node(P->d, pr->key);
        const yaml_node_t *v = ydoc_node(P->d, pr->value);
        cusim_mark km = ydoc_mark(P->d, k), vm = ydoc_mark(P->d, v);
        if (strcmp(yn_scalar(k), "every") != 0) {
            static const char *const keys[] = { "every" };
            const char *near = suggest_nearest(yn_scalar(k), keys, 1);
            if (near)
                return err_at(P->err, &km, "timeline: unknown key '%s' (did "
                              "you mean 'every'?)", yn_scalar(k));
            return err_at(P->err, &km, "timeline: unknown key '%s' "
                          "(expected { every: N })", yn_scalar(k));
        }
        const char *s = yn_scalar(v);
        uint64_t every = 0;
        if (!yn_is_scalar(v) || v->data.scalar.style != YAML_PLAIN_SCALAR_STYLE
            || num_parse_u64(s, strlen(s), 0, &every) != NUM_OK || every == 0)
            return err_at(P->err, &vm, "timeline.every: expected a whole "
                          "number of cycles of at least 1 (the window of a "
                          "timeline row), got %s",
                          ydoc_describe(v, true, got, sizeof got));
        e->timeline_every = every;
    }
    return 0;
}

/* Top-level `hardware:` / `kernel:`: one file, or a list (an axis). */
static int parse_file_key(parser *P, const yaml_node_t *n, const char *key)
{
    bool hw = strcmp(key, "hardware") == 0;
    if (n->type != YAML_SEQUENCE_NODE)
        return make_file(P, n, key, hw ? &P->e->hardware : &P->e->kernel);
    exp_value *vals;
    size_t count;
    if (parse_values(P, n, key, key, true, &vals, &count) != 0)
        return -1;
    exp_axis *a = hw ? &P->hw_list : &P->kernel_list;
    a->mark = ydoc_mark(P->d, n);
    a->what = hw ? "hardware" : "kernel";
    for (size_t i = 0; i < count; i++) {
        exp_axis_position(a, vals[i].mark);
        exp_axis_add(a, xstrdup(key), vals[i]);
        exp_axis_close(a);
    }
    free(vals);
    if (hw)
        P->has_hw_list = true;
    else
        P->has_kernel_list = true;
    return 0;
}

static int parse_set(parser *P, const yaml_node_t *n)
{
    char got[200];
    cusim_mark m = ydoc_mark(P->d, n);
    if (ydoc_is_null(n))
        return 0;
    if (n->type != YAML_MAPPING_NODE)
        return err_at(P->err, &m, "set: expected a mapping of key paths to "
                      "values (hw.cu.schedulers: 1), got %s",
                      yn_describe(n, got, sizeof got));
    if (yn_check_keys(P->d, n, "set", P->err) != 0)
        return -1;
    experiment *e = P->e;
    /* room for every key at once (the section is given once) */
    size_t len = (size_t)(n->data.mapping.pairs.top
                          - n->data.mapping.pairs.start);
    e->set = xrealloc_array(e->set, e->n_set + len, sizeof *e->set);
    for (const yaml_node_pair_t *pr = n->data.mapping.pairs.start;
         pr < n->data.mapping.pairs.top; pr++) {
        const yaml_node_t *k = ydoc_node(P->d, pr->key);
        cusim_mark km = ydoc_mark(P->d, k);
        const char *s = yn_scalar(k);
        if (strcmp(s, "hardware") == 0 || strcmp(s, "kernel") == 0)
            return err_at(P->err, &km, "set: '%s' names a file: write it at "
                          "the top level (%s: FILE)", s, s);
        if (!is_set_path(s))
            return err_at(P->err, &km, "set: '%s' is not a key path "
                          "(expected hw.PATH or kernel.PATH, e.g. "
                          "hw.cu.schedulers)", s);
        exp_value v;
        if (make_value(P, ydoc_node(P->d, pr->value), s, &v) != 0)
            return -1;
        e->set[e->n_set++] = (exp_assign){ xstrdup(s), 0, v };
    }
    return 0;
}

static int parse_sweep(parser *P, const yaml_node_t *n)
{
    char got[200];
    cusim_mark m = ydoc_mark(P->d, n);
    if (ydoc_is_null(n) || (n->type == YAML_MAPPING_NODE
                            && n->data.mapping.pairs.top
                               == n->data.mapping.pairs.start))
        return err_at(P->err, &m, "sweep: empty sweep (expected at least one "
                      "key with its list of values)");
    if (n->type != YAML_MAPPING_NODE)
        return err_at(P->err, &m, "sweep: expected a mapping of keys to "
                      "lists of values, got %s",
                      yn_describe(n, got, sizeof got));
    if (yn_check_keys(P->d, n, "sweep", P->err) != 0)
        return -1;
    /* an axis per key, room for all at once (the section is given once) */
    P->sweep = xrealloc_array(P->sweep, P->n_sweep + (size_t)(
                                  n->data.mapping.pairs.top
                                  - n->data.mapping.pairs.start),
                              sizeof *P->sweep);
    for (const yaml_node_pair_t *pr = n->data.mapping.pairs.start;
         pr < n->data.mapping.pairs.top; pr++) {
        const yaml_node_t *k = ydoc_node(P->d, pr->key);
        bool files;
        if (check_axis_key(P, k, "sweep", &files) != 0)
            return -1;
        char *what = xasprintf("sweep: %s", yn_scalar(k));
        exp_value *vals;
        size_t count;
        int rc = parse_values(P, ydoc_node(P->d, pr->value), what,
                              yn_scalar(k), files, &vals, &count);
        free(what);
        if (rc != 0)
            return -1;
        exp_axis *a = &P->sweep[P->n_sweep++];
        memset(a, 0, sizeof *a);
        a->mark = ydoc_mark(P->d, k);
        a->what = "sweep";
        for (size_t i = 0; i < count; i++) {
            exp_axis_position(a, vals[i].mark);
            exp_axis_add(a, xstrdup(yn_scalar(k)), vals[i]);
            exp_axis_close(a);
        }
        free(vals);
    }
    return 0;
}

static int parse_zip(parser *P, const yaml_node_t *n)
{
    char got[200];
    cusim_mark m = ydoc_mark(P->d, n);
    if (ydoc_is_null(n) || (n->type == YAML_MAPPING_NODE
                            && n->data.mapping.pairs.top
                               == n->data.mapping.pairs.start))
        return err_at(P->err, &m, "zip: empty zip (expected keys with lists "
                      "of the same length)");
    if (n->type != YAML_MAPPING_NODE)
        return err_at(P->err, &m, "zip: expected a mapping of keys to lists "
                      "of the same length, got %s",
                      yn_describe(n, got, sizeof got));
    if (yn_check_keys(P->d, n, "zip", P->err) != 0)
        return -1;
    size_t n_keys = (size_t)(n->data.mapping.pairs.top
                             - n->data.mapping.pairs.start);
    exp_value **vals = xcalloc(n_keys, sizeof *vals);
    size_t *counts = xcalloc(n_keys, sizeof *counts);
    const char **names = xcalloc(n_keys, sizeof *names);
    int rc = 0;
    for (size_t i = 0; i < n_keys && rc == 0; i++) {
        const yaml_node_pair_t *pr = &n->data.mapping.pairs.start[i];
        const yaml_node_t *k = ydoc_node(P->d, pr->key);
        const yaml_node_t *v = ydoc_node(P->d, pr->value);
        bool files;
        names[i] = yn_scalar(k);
        rc = check_axis_key(P, k, "zip", &files);
        if (rc != 0)
            break;
        char *what = xasprintf("zip: %s", yn_scalar(k));
        rc = parse_values(P, v, what, yn_scalar(k), files, &vals[i],
                          &counts[i]);
        free(what);
        if (rc == 0 && counts[i] != counts[0]) {
            cusim_mark vm = ydoc_mark(P->d, v);
            rc = err_at(P->err, &vm, "zip: %s has %zu values but %s has %zu "
                        "(zipped lists advance together: give them the same "
                        "length)", yn_scalar(k), counts[i], names[0],
                        counts[0]);
        }
    }
    if (rc == 0) {
        exp_axis *a = &P->zip;
        a->mark = m;
        a->what = "zip";
        for (size_t i = 0; i < counts[0]; i++) {
            exp_axis_position(a, vals[0][i].mark);
            for (size_t j = 0; j < n_keys; j++) {
                exp_axis_add(a, xstrdup(names[j]), vals[j][i]);
                memset(&vals[j][i], 0, sizeof vals[j][i]);
            }
            exp_axis_close(a);
        }
        P->has_zip = true;
    }
    for (size_t j = 0; j < n_keys; j++)
        values_free(vals[j], counts[j]);
    free(vals);
    free(counts);
    free(names);
    return rc;
}

static int parse_points(parser *P, const yaml_node_t *n)
{
    char got[200];
    cusim_mark m = ydoc_mark(P->d, n);
    if (n->type != YAML_SEQUENCE_NODE)
        return err_at(P->err, &m, "points: expected a list of mappings "
                      "({ key: value, ... }), got %s",
                      yn_describe(n, got, sizeof got));
    size_t len = (size_t)(n->data.sequence.items.top
                          - n->data.sequence.items.start);
    if (len == 0)
        return err_at(P->err, &m, "points: empty list (expected at least one "
                      "point)");
    exp_axis *a = &P->points;
    a->mark = m;
    a->what = "points";
    P->has_points = true;
    for (size_t i = 0; i < len; i++) {
        const yaml_node_t *it = ydoc_node(P->d,
                                          n->data.sequence.items.start[i]);
        cusim_mark im = ydoc_mark(P->d, it);
        char what[48];
        snprintf(what, sizeof what, "points[%zu]", i);
        if (it->type != YAML_MAPPING_NODE)
            return err_at(P->err, &im, "%s: expected a mapping of keys to "
                          "values, got %s", what,
                          yn_describe(it, got, sizeof got));
        if (yn_check_keys(P->d, it, what, P->err) != 0)
            return -1;
        exp_axis_position(a, im);
        for (const yaml_node_pair_t *pr = it->data.mapping.pairs.start;
             pr < it->data.mapping.pairs.top; pr++) {
            const yaml_node_t *k = ydoc_node(P->d, pr->key);
            const yaml_node_t *v = ydoc_node(P->d, pr->value);
            bool files;
            if (check_axis_key(P, k, what, &files) != 0)
                return -1;
            exp_value val;
            char *vwhat = xasprintf("%s: %s", what, yn_scalar(k));
            int rc = files ? make_file(P, v, yn_scalar(k), &val)
                           : make_value(P, v, vwhat, &val);
            free(vwhat);
            if (rc != 0)
                return -1;
            exp_axis_add(a, xstrdup(yn_scalar(k)), val);
        }
        exp_axis_close(a);
    }
    return 0;
}

/* ------------------------------------------------------------ the axes */

/* Puts the axes in expansion order, builds the columns and checks the
 * rules across sections. */
static int build_axes(parser *P)
{
    experiment *e = P->e;
    exp_sweep *sw = &e->sw;
    if (P->has_points)
        exp_sweep_add_axis(sw, &P->points);
    if (P->has_hw_list)
        exp_sweep_add_axis(sw, &P->hw_list);
    if (P->has_kernel_list)
        exp_sweep_add_axis(sw, &P->kernel_list);
    for (size_t i = 0; i < P->n_sweep; i++)
        exp_sweep_add_axis(sw, &P->sweep[i]);
    if (P->has_zip)
        exp_sweep_add_axis(sw, &P->zip);
    if (exp_sweep_columns(sw, P->err) != 0)
        return -1;

    /* a file given at the top level and varied too */
    static const char *const files[] = { "hardware", "kernel" };
    for (int f = 0; f < 2; f++) {
        const exp_value *top = f ? &e->kernel : &e->hardware;
        long k = exp_sweep_key(sw, files[f]);
        const char *what = k >= 0 ? sw->axes[sw->keys[k].axis].what : "";
        char where[512];
        if (top->text && k >= 0 && strcmp(what, "points") != 0)
            return err_at(P->err, &sw->keys[k].mark, "%s: '%s' is also given "
                          "at the top level %s (give it in one place)", what,
                          files[f], exp_where(e, &top->mark, where,
                                              sizeof where));
        if (top->text || (k >= 0 && strcmp(what, "points") != 0))
            continue;
        if (k < 0)
            return err_set(P->err, e->file, 1, 1, "missing required key '%s' "
                           "(the %s file, or a list of them)", files[f],
                           f ? "kernel" : "hardware profile");
        const exp_axis *ax = &sw->axes[sw->keys[k].axis];
        for (size_t p = 0; p < ax->n; p++) {
            bool named = false;
            for (size_t j = ax->first[p]; j < ax->first[p + 1]; j++)
                named |= ax->as[j].key == (size_t)k;
            if (!named)
                return err_at(P->err, &ax->pmarks[p], "points[%zu]: names no "
                              "%s and there is no top-level '%s'", p,
                              files[f], files[f]);
        }
    }

    /* `set:` and the command line may not name a varying key */
    for (size_t i = 0; i < e->n_set; i++) {
        long k = exp_sweep_key(sw, e->set[i].path);
        if (k >= 0) {
            char where[512];
            return err_at(P->err, &e->set[i].v.mark, "set: '%s' also "
                          "varies in %s %s (a key is either set or varied)",
                          e->set[i].path, sw->axes[sw->keys[k].axis].what,
                          exp_where(e, &sw->keys[k].mark, where,
                                    sizeof where));
        }
    }
    for (size_t i = 0; i < e->n_cli; i++) {
        long k = exp_sweep_key(sw, e->cli[i].path);
        if (k >= 0 && sw->keys[k].kind == EXP_KEY_SET) {
            const cusim_mark *f = &sw->keys[k].mark;
            cusim_mark m = { e->cli[i].file, e->cli[i].line,
                             e->cli[i].column };
            return err_at(P->err, &m, "'%s': the experiment varies this key "
                          "(in %s at %s:%d:%d); --set cannot override it",
                          e->cli[i].path, sw->axes[sw->keys[k].axis].what,
                          e->file, f->line, f->column);
        }
    }

    if (exp_sweep_count(sw, P->err) != 0)
        return -1;
    e->max_sets = e->n_set + e->n_cli + sw->max_assigns;
    return 0;
}

/* ------------------------------------------------------------- loading */

static const char sniff_what[] = "a hardware profile or kernel mapping";

/* cusim_file_sniff of the document `d`, loaded from `path`; frees it. */
static int sniff(ydoc *d, const char *path, cusim_file_kind *kind,
                 cusim_error *err)
{
    char got[200];
    bool hw = false, kernel = false, exp = false;

    const yaml_node_t *root = ydoc_root(d);
    if (root->type != YAML_MAPPING_NODE) {
        cusim_mark m = ydoc_mark(d, root);
        err_at(err, &m, "expected %s, got %s", sniff_what,
               ydoc_describe(root, true, got, sizeof got));
        ydoc_free(d);
        return -1;
    }
    for (const yaml_node_pair_t *pr = root->data.mapping.pairs.start;
         pr < root->data.mapping.pairs.top; pr++) {
        const char *k = yn_scalar(ydoc_node(d, pr->key));
        kernel |= strcmp(k, "program") == 0;
        hw |= strcmp(k, "cu") == 0 || strcmp(k, "simd_width") == 0;
        for (size_t i = 2; i < N_TOP; i++)   /* not name, description */
            exp |= strcmp(k, top_keys[i]) == 0;
    }
    ydoc_free(d);
    if (!kernel && !hw && !exp)
        return err_set(err, path, 1, 1, "neither a kernel (no 'program' key) "
                       "nor a hardware profile (no 'cu' or 'simd_width' key)");
    *kind = kernel ? CUSIM_FILE_KERNEL : hw ? CUSIM_FILE_HW
                                            : CUSIM_FILE_EXPERIMENT;
    return 0;
}

int cusim_file_sniff(const char *path, cusim_file_kind *kind, cusim_error *err)
{
    ydoc d;
    if (ydoc_load_file(&d, path, path, sniff_what, err) != 0)
        return -1;
    return sniff(&d, path, kind, err);
}

int cusim_bytes_sniff(const char *text, size_t len, const char *name,
                      cusim_file_kind *kind, cusim_error *err)
{
    ydoc d;
    if (ydoc_load_bytes(&d, text, len, name, sniff_what, err) != 0)
        return -1;
    return sniff(&d, name, kind, err);
}

/* Sets the name from the file's base name and the output from the name,
 * where the file does not give them. */
static int defaults(parser *P)
{
    experiment *e = P->e;
    if (!e->name[0]) {
        const char *base = strrchr(e->file, '/');
        base = base ? base + 1 : e->file;
        const char *dot = strrchr(base, '.');
        size_t len = dot && dot > base ? (size_t)(dot - base) : strlen(base);
        if (len >= sizeof e->name)
            len = sizeof e->name - 1;
        memcpy(e->name, base, len);
        e->name[len] = '\0';
    }
    if (!e->output[0]) {
        if (!fio_is_base_name(e->name, sizeof e->output - 1)) {
            cusim_mark m = P->name ? ydoc_mark(P->d, P->name)
                                   : (cusim_mark){ e->file, 1, 1 };
            return err_at(P->err, &m, "name '%s' cannot name the output files "
                          "(write output: BASENAME)", e->name);
        }
        snprintf(e->output, sizeof e->output, "%s", e->name);
    }
    return 0;
}

static int parse_top(parser *P, const yaml_node_t *root)
{
    char got[200];
    cusim_mark m = ydoc_mark(P->d, root);
    if (root->type != YAML_MAPPING_NODE)
        return err_at(P->err, &m, "expected an experiment mapping, got %s",
                      ydoc_describe(root, true, got, sizeof got));
    if (yn_check_keys(P->d, root, "experiment", P->err) != 0)
        return -1;
    for (const yaml_node_pair_t *pr = root->data.mapping.pairs.start;
         pr < root->data.mapping.pairs.top; pr++) {
        const yaml_node_t *k = ydoc_node(P->d, pr->key);
        const yaml_node_t *v = ydoc_node(P->d, pr->value);
        const char *s = yn_scalar(k);
        cusim_mark km = ydoc_mark(P->d, k);
        int rc;
        if (strcmp(s, "name") == 0)
            rc = parse_name(P, v);
        else if (strcmp(s, "description") == 0)
            rc = parse_description(P, v);
        else if (strcmp(s, "hardware") == 0 || strcmp(s, "kernel") == 0)
            rc = parse_file_key(P, v, s);
        else if (strcmp(s, "set") == 0)
            rc = parse_set(P, v);
        else if (strcmp(s, "sweep") == 0)
            rc = parse_sweep(P, v);
        else if (strcmp(s, "zip") == 0)
            rc = parse_zip(P, v);
        else if (strcmp(s, "points") == 0)
            rc = parse_points(P, v);
        else if (strcmp(s, "output") == 0)
            rc = parse_output(P, v);
        else if (strcmp(s, "timeline") == 0)
            rc = parse_timeline(P, v);
        else if (strcmp(s, "label") == 0) {
            P->label = v;
            rc = 0;
        }
        else if (strcmp(s, "plots") == 0) {
            rc = plot_spec_parse(P->d, v, &P->e->plots, &P->e->n_plots,
                                 P->err);
            P->plots = v;
        } else {
            const char *near = suggest_nearest(s, top_keys, N_TOP);
            if (near)
                return err_at(P->err, &km, "unknown key '%s' (did you mean "
                              "'%s'?)", s, near);
            return err_at(P->err, &km, "unknown key '%s' (valid keys: name, "
                          "description, hardware, kernel, set, sweep, zip, "
                          "points, output, plots, timeline, label)", s);
        }
        if (rc != 0)
            return -1;
    }
    return 0;
}


int exp_parse(experiment *e, ydoc *d, const yaml_node_t **plots,
              cusim_error *err)
{
    parser P;
    memset(&P, 0, sizeof P);
    P.e = e;
    P.d = d;
    P.err = err;
    int rc = parse_top(&P, ydoc_root(d));
    if (rc == 0)
        rc = defaults(&P);
    if (rc == 0)
        rc = build_axes(&P);
    if (rc == 0 && P.label)
        rc = exp_label_parse(e, d, P.label, err);
    for (size_t i = 0; i < P.n_sweep; i++)
        exp_axis_free(&P.sweep[i]);
    free(P.sweep);
    exp_axis_free(&P.zip);
    exp_axis_free(&P.points);
    exp_axis_free(&P.hw_list);
    exp_axis_free(&P.kernel_list);
    *plots = P.plots;
    return rc;
}

const char *exp_line_name(const experiment *e, const cusim_mark *m)
{
    if (!m || m->line < 1 || (size_t)m->line > e->n_line_names
        || (m->file && strcmp(m->file, e->file) != 0))
        return NULL;
    return e->line_names[m->line - 1];
}

const char *exp_where(const experiment *e, const cusim_mark *m, char *buf,
                      size_t size)
{
    const char *name = exp_line_name(e, m);
    if (name)
        snprintf(buf, size, "by %s", name);
    else
        snprintf(buf, size, "at line %d, column %d", m->line, m->column);
    return buf;
}
