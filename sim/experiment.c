/*
 * experiment.c — experiment files and the expansion of a sweep into points
 * (see experiment.h for the format and the expansion order); each point's
 * fingerprint and the manifest's text for the results directory
 * (experiment_int.h, results.c).
 *
 * Loading runs in passes so the error reported is the first a reader of
 * the file would meet:
 *   1. the top-level keys, in the order written: each section's shape, its
 *      key paths and values (a file named by a value must be readable);
 *   2. the axes put in expansion order, the parameter columns built, the
 *      rules across sections checked (a key varies in one place, every
 *      point has hardware and a kernel, the point count is bounded);
 *   3. the plots' columns;
 *   4. every point's hardware and kernel loaded through the config loaders
 *      (each distinct configuration once) with the point's overrides as
 *      cusim_set values located at the experiment file's text, and each
 *      distinct pair's occupancy computed, in point order.
 */
#include "experiment.h"
#include "experiment_int.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "error.h"
#include "strbuf.h"
#include "suggest.h"
#include "xalloc.h"
#include "yamldoc.h"

/* ------------------------------------------------------------- hashing */

/* FNV-1a, 64 bits: fingerprints and hash tables. */
static uint64_t fnv(const void *p, size_t n, uint64_t h)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++) {
        h ^= c[i];
        h *= 0x100000001b3ull;
    }
    return h;
}
#define FNV_SEED 0xcbf29ce484222325ull

/* A string -> index map (open addressing; keys owned). */
typedef struct smap {
    char **keys;
    uint32_t *vals;
    size_t cap, n;
} smap;

static size_t smap_slot(const smap *m, const char *k)
{
    size_t i = (size_t)fnv(k, strlen(k), FNV_SEED) & (m->cap - 1);
    while (m->keys[i] && strcmp(m->keys[i], k) != 0)
        i = (i + 1) & (m->cap - 1);
    return i;
}

static long smap_get(const smap *m, const char *k)
{
    if (!m->cap)
        return -1;
    size_t i = smap_slot(m, k);
    return m->keys[i] ? (long)m->vals[i] : -1;
}

static void smap_put(smap *m, char *k, uint32_t v)
{
    if (2 * (m->n + 1) > m->cap) {
        smap old = *m;
        m->cap = old.cap ? 2 * old.cap : 64;
        m->keys = xcalloc(m->cap, sizeof *m->keys);
        m->vals = xcalloc(m->cap, sizeof *m->vals);
        m->n = 0;
        for (size_t i = 0; i < old.cap; i++)
            if (old.keys[i]) {
                size_t j = smap_slot(m, old.keys[i]);
                m->keys[j] = old.keys[i];
                m->vals[j] = old.vals[i];
                m->n++;
            }
        free(old.keys);
        free(old.vals);
    }
    size_t i = smap_slot(m, k);
    if (m->keys[i])
        free(m->keys[i]);
    else
        m->n++;
    m->keys[i] = k;
    m->vals[i] = v;
}

static void smap_free(smap *m)
{
    for (size_t i = 0; i < m->cap; i++)
        free(m->keys[i]);
    free(m->keys);
    free(m->vals);
    memset(m, 0, sizeof *m);
}

/* ------------------------------------------------------------ structures */

/* One value a key takes on an axis (or in `set:`). */
typedef struct exp_value {
    char *text;        /* YAML text for the loader; a file name as written */
    char *shown;       /* how the CSV and JSONL show it */
    char *path;        /* files: resolved against the experiment's dir */
    cusim_mark mark;   /* where it is written (file: the experiment) */
} exp_value;

/* One key set to one value at one position of an axis. */
typedef struct exp_assign {
    char *path;        /* "kernel.registers", "hardware" or "kernel" */
    size_t key;        /* its column */
    exp_value v;
} exp_assign;

/* One axis of the product: `n` positions, position i setting the
 * assignments as[first[i]] .. as[first[i + 1] - 1]. */
typedef struct exp_axis {
    size_t n;
    exp_assign *as;
    size_t n_as, cap_as;
    size_t *first;       /* n + 1 offsets */
    cusim_mark *pmarks;  /* where each position is written */
    size_t cap_pos;
    size_t stride;       /* points between two positions */
    cusim_mark mark;     /* where the axis is written */
    const char *what;    /* "sweep", "zip", "points", "hardware", "kernel" */
} exp_axis;

typedef enum key_kind {
    KEY_SET,          /* hw.* / kernel.* override */
    KEY_HARDWARE,     /* the hardware file */
    KEY_KERNEL,       /* the kernel file */
    KEY_HW_NAME,      /* derived: the resolved hardware name */
    KEY_KERNEL_NAME   /* derived: the resolved kernel name */
} key_kind;

/* One parameter column. */
typedef struct exp_key {
    char *path;
    key_kind kind;
    size_t axis;         /* the axis that varies it (derived: the file's) */
    cusim_mark mark;     /* where first written */
} exp_key;

/* Invariants after exp_load: n_points = product of axes[i].n (1 with no
 * axes); every point has a hardware and a kernel file; point_hw[p] and
 * point_kernel[p] index loaded configs that passed validation together. */
struct experiment {
    char *file;              /* as given: marks and messages name it */
    char *dir;               /* its directory with a trailing '/', or "" */
    char name[64];
    char *description;
    char output[128];
    exp_value hardware, kernel;   /* top-level single files (text NULL:
                                     none, or a list: then an axis) */
    exp_assign *set;         /* `set:` */
    size_t n_set;
    cusim_set *cli;          /* the command line's, strings owned */
    size_t n_cli;
    exp_axis *axes;          /* slowest first */
    size_t n_axes;
    exp_key *keys;
    size_t n_keys;
    size_t n_points;
    size_t max_sets;         /* the most overrides one point has */
    cusim_hw **hws;
    uint64_t *hw_hash;       /* of each one's echo */
    size_t n_hws;
    cusim_kernel **kernels;
    uint64_t *kernel_hash;
    size_t n_kernels;
    uint32_t *point_hw, *point_kernel;
    plot_spec *plots;
    size_t n_plots;
    const char *metrics[CUSIM_REPORT_MAX];   /* CSV metric columns */
    size_t n_metrics;
    uint64_t metrics_hash;   /* of every report key, sim.* included */
};

/* The top-level keys, in the order the format documents them. */
static const char *const top_keys[] = {
    "name", "description", "hardware", "kernel", "set", "sweep", "zip",
    "points", "output", "plots",
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
    const yaml_node_t *name;     /* NULL: defaulted */
} parser;

static void value_free(exp_value *v)
{
    free(v->text);
    free(v->shown);
    free(v->path);
    memset(v, 0, sizeof *v);
}

static void axis_free(exp_axis *a)
{
    for (size_t i = 0; i < a->n_as; i++) {
        free(a->as[i].path);
        value_free(&a->as[i].v);
    }
    free(a->as);
    free(a->first);
    free(a->pmarks);
    memset(a, 0, sizeof *a);
}

/* Adds an assignment to the axis's last position (see axis_position). */
static void axis_add(exp_axis *a, char *path, exp_value v)
{
    if (a->n_as == a->cap_as) {
        a->cap_as = a->cap_as ? 2 * a->cap_as : 8;
        a->as = xrealloc_array(a->as, a->cap_as, sizeof *a->as);
    }
    a->as[a->n_as++] = (exp_assign){ path, 0, v };
}

/* Starts a new position of the axis, written at `mark`; its assignments
 * follow (axis_add), then axis_close. */
static void axis_position(exp_axis *a, cusim_mark mark)
{
    if (a->n + 1 >= a->cap_pos) {
        a->cap_pos = a->cap_pos ? 2 * a->cap_pos : 8;
        a->first = xrealloc_array(a->first, a->cap_pos + 1, sizeof *a->first);
        a->pmarks = xrealloc_array(a->pmarks, a->cap_pos, sizeof *a->pmarks);
    }
    a->pmarks[a->n] = mark;
    a->first[a->n] = a->n_as;
    a->n++;
    a->first[a->n] = a->n_as;
}

static void axis_close(exp_axis *a)
{
    a->first[a->n] = a->n_as;
}

/* -------------------------------------------------------- YAML as text */

enum { EMIT_MAX_DEPTH = 32, EMIT_MAX_BYTES = 1 << 16 };

static void emit_quoted(sbuf *b, const char *s, size_t n)
{
    sb_putc(b, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') {
            sb_putc(b, '\\');
            sb_putc(b, (char)c);
        } else if (c == '\n') {
            sb_puts(b, "\\n");
        } else if (c == '\t') {
            sb_puts(b, "\\t");
        } else if (c < 0x20 || c == 0x7F) {
            sb_printf(b, "\\x%02X", c);
        } else {
            sb_putc(b, (char)c);
        }
    }
    sb_putc(b, '"');
}

/* Whether plain text would read differently inside a flow collection. */
static bool flow_unsafe(const char *s, size_t n)
{
    if (n == 0)
        return false;
    for (size_t i = 0; i < n; i++)
        if (strchr(",[]{}", s[i]) || (s[i] == ':' && (i + 1 == n
                                                       || s[i + 1] == ' '))
            || (s[i] == '#' && i > 0 && s[i - 1] == ' '))
            return true;
    return false;
}

/* Appends node `n` as YAML flow text that reads back to the same value;
 * `top`: the node is a whole value, so a plain scalar is written as is.
 * Returns -1 when nested deeper than EMIT_MAX_DEPTH or longer than
 * EMIT_MAX_BYTES (aliases can make either happen). */
static int emit_node(ydoc *d, const yaml_node_t *n, int depth, bool top,
                     sbuf *b)
{
    if (depth > EMIT_MAX_DEPTH || b->n > EMIT_MAX_BYTES)
        return -1;
    switch (n->type) {
    case YAML_SCALAR_NODE: {
        const char *s = (const char *)n->data.scalar.value;
        size_t len = n->data.scalar.length;
        if (n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE
            && (top || !flow_unsafe(s, len)))
            sb_putn(b, len || top ? s : "~", len || top ? len : 1);
        else
            emit_quoted(b, s, len);
        return 0;
    }
    case YAML_SEQUENCE_NODE: {
        sb_putc(b, '[');
        for (const yaml_node_item_t *it = n->data.sequence.items.start;
             it < n->data.sequence.items.top; it++) {
            if (it > n->data.sequence.items.start)
                sb_puts(b, ", ");
            if (emit_node(d, ydoc_node(d, *it), depth + 1, false, b) != 0)
                return -1;
        }
        sb_putc(b, ']');
        return 0;
    }
    case YAML_MAPPING_NODE: {
        sb_putc(b, '{');
        for (const yaml_node_pair_t *pr = n->data.mapping.pairs.start;
             pr < n->data.mapping.pairs.top; pr++) {
            if (pr > n->data.mapping.pairs.start)
                sb_puts(b, ", ");
            if (emit_node(d, ydoc_node(d, pr->key), depth + 1, false, b) != 0)
                return -1;
            sb_puts(b, ": ");
            if (emit_node(d, ydoc_node(d, pr->value), depth + 1, false, b)
                != 0)
                return -1;
        }
        sb_putc(b, '}');
        return 0;
    }
    default:
        sb_puts(b, "~");
        return 0;
    }
}

/* ------------------------------------------------------- node helpers */

static cusim_mark mark_of(const parser *P, const yaml_node_t *n)
{
    return ydoc_mark(P->d, n);
}

static const char *describe(const yaml_node_t *n, char *buf, size_t size)
{
    return ydoc_describe(n, false, buf, size);
}

static bool is_scalar(const yaml_node_t *n)
{
    return n->type == YAML_SCALAR_NODE;
}

/* The scalar's text; "" for other nodes. */
static const char *scalar(const yaml_node_t *n)
{
    return is_scalar(n) ? (const char *)n->data.scalar.value : "";
}

/* A plain (unquoted) scalar equal to `word`. */
static bool is_plain(const yaml_node_t *n, const char *word)
{
    return is_scalar(n) && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE
           && strcmp(scalar(n), word) == 0;
}

/* Checks a mapping's keys: scalars, no '\0' inside, none twice. `what`
 * names the mapping in messages ("sweep", "points[2]"). */
static int check_keys(parser *P, const yaml_node_t *map, const char *what)
{
    const yaml_node_pair_t *start = map->data.mapping.pairs.start;
    for (const yaml_node_pair_t *pr = start; pr < map->data.mapping.pairs.top;
         pr++) {
        const yaml_node_t *k = ydoc_node(P->d, pr->key);
        cusim_mark m = mark_of(P, k);
        char got[200];
        if (!is_scalar(k) || strlen(scalar(k)) != k->data.scalar.length)
            return err_at(P->err, &m, "%s: expected a key name, got %s",
                          what, describe(k, got, sizeof got));
        for (const yaml_node_pair_t *q = start; q < pr; q++) {
            const yaml_node_t *o = ydoc_node(P->d, q->key);
            if (is_scalar(o) && strcmp(scalar(o), scalar(k)) == 0) {
                cusim_mark f = mark_of(P, o);
                return err_at(P->err, &m, "%s: duplicate key '%s' (first "
                              "written at line %d, column %d)", what,
                              scalar(k), f.line, f.column);
            }
        }
    }
    return 0;
}

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

/* A base name for an output or figure file. */
static bool is_base_name(const char *s, size_t max)
{
    size_t n = strlen(s);
    if (n == 0 || n > max || s[0] == '.' || s[0] == '-')
        return false;
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z')
              || (s[i] >= '0' && s[i] <= '9') || strchr("._-+", s[i])))
            return false;
    return true;
}

/* Makes `v` from a value node (anything YAML: the loader judges it). */
static int make_value(parser *P, const yaml_node_t *n, const char *what,
                      exp_value *v)
{
    sbuf b = { 0 };
    memset(v, 0, sizeof *v);
    v->mark = mark_of(P, n);
    if (emit_node(P->d, n, 0, true, &b) != 0) {
        free(b.s);
        return err_at(P->err, &v->mark, "%s: value nested too deeply or too "
                      "long (expected a scalar or a short list)", what);
    }
    v->text = sb_take(&b);
    v->shown = is_scalar(n) ? xstrdup(scalar(n)) : xstrdup(v->text);
    return 0;
}

/* Makes `v` from a node naming a file (`what`: "hardware" or "kernel"),
 * which must be readable. */
static int make_file(parser *P, const yaml_node_t *n, const char *what,
                     exp_value *v)
{
    char got[200];
    memset(v, 0, sizeof *v);
    v->mark = mark_of(P, n);
    if (!is_scalar(n) || ydoc_is_null(n) || !*scalar(n))
        return err_at(P->err, &v->mark, "%s: expected a file name, got %s",
                      what, describe(n, got, sizeof got));
    const char *name = scalar(n);
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
        value_free(v);
        return rc;
    }
    return 0;
}

/* Reads a range's integer. */
static int range_int(parser *P, const yaml_node_t *n, const char *what,
                     const char *key, long long *out)
{
    char got[200];
    cusim_mark m = mark_of(P, n);
    const char *s = scalar(n);
    char *end = NULL;
    errno = 0;
    long long v = strtoll(s, &end, 10);
    if (!is_scalar(n) || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE
        || !*s || *end || errno || s[0] == ' ')
        return err_at(P->err, &m, "%s: range %s: expected an integer, got "
                      "%s", what, key, describe(n, got, sizeof got));
    *out = v;
    return 0;
}

/* Expands a range mapping {from, to, step} into values. */
static int parse_range(parser *P, const yaml_node_t *map, const char *what,
                       exp_value **vals, size_t *n)
{
    static const char *const keys[] = { "from", "to", "step" };
    const yaml_node_t *node[3] = { NULL, NULL, NULL };
    cusim_mark m = mark_of(P, map);
    if (check_keys(P, map, what) != 0)
        return -1;
    for (const yaml_node_pair_t *pr = map->data.mapping.pairs.start;
         pr < map->data.mapping.pairs.top; pr++) {
        const yaml_node_t *k = ydoc_node(P->d, pr->key);
        size_t i = 0;
        while (i < 3 && strcmp(scalar(k), keys[i]) != 0)
            i++;
        if (i == 3) {
            cusim_mark km = mark_of(P, k);
            const char *near = suggest_nearest(scalar(k), keys, 3);
            if (near)
                return err_at(P->err, &km, "%s: unknown range key '%s' (did "
                              "you mean '%s'?)", what, scalar(k), near);
            return err_at(P->err, &km, "%s: unknown range key '%s' (a range "
                          "is { from: A, to: B, step: S })", what, scalar(k));
        }
        node[i] = ydoc_node(P->d, pr->value);
    }
    for (int i = 0; i < 2; i++)
        if (!node[i])
            return err_at(P->err, &m, "%s: the range has no '%s' (a range "
                          "is { from: A, to: B, step: S }, step "
                          "optional)", what, keys[i]);
    long long from, to, step = 1;
    if (range_int(P, node[0], what, "from", &from) != 0
        || range_int(P, node[1], what, "to", &to) != 0
        || (node[2] && range_int(P, node[2], what, "step", &step) != 0))
        return -1;
    if (step < 1) {
        cusim_mark sm = mark_of(P, node[2]);
        return err_at(P->err, &sm, "%s: range step: expected an integer of "
                      "at least 1, got %lld", what, step);
    }
    if (to < from)
        return err_at(P->err, &m, "%s: empty range: 'to' (%lld) is below "
                      "'from' (%lld)", what, to, from);
    uint64_t count = ((uint64_t)to - (uint64_t)from) / (uint64_t)step + 1;
    if (count > EXP_MAX_POINTS)
        return err_at(P->err, &m, "%s: the range has %llu values (at most "
                      "%d)", what, (unsigned long long)count,
                      EXP_MAX_POINTS);
    *vals = xcalloc((size_t)count, sizeof **vals);
    *n = (size_t)count;
    for (uint64_t i = 0; i < count; i++) {
        long long v = (long long)((uint64_t)from + i * (uint64_t)step);
        (*vals)[i].text = xasprintf("%lld", v);
        (*vals)[i].shown = xstrdup((*vals)[i].text);
        (*vals)[i].mark = m;
    }
    return 0;
}

static void values_free(exp_value *vals, size_t n)
{
    for (size_t i = 0; i < n; i++)
        value_free(&vals[i]);
    free(vals);
}

/* The values a sweep or zip key takes: a list, or for a key path a range.
 * `files`: the key is `hardware` or `kernel`. */
static int parse_values(parser *P, const yaml_node_t *n, const char *what,
                        const char *key, bool files, exp_value **vals,
                        size_t *count)
{
    char got[200];
    cusim_mark m = mark_of(P, n);
    *vals = NULL;
    *count = 0;
    if (n->type == YAML_MAPPING_NODE && !files)
        return parse_range(P, n, what, vals, count);
    if (n->type != YAML_SEQUENCE_NODE) {
        if (files)
            return err_at(P->err, &m, "%s: expected a list of %s files, got "
                          "%s", what, key, describe(n, got, sizeof got));
        return err_at(P->err, &m, "%s: expected a list of values or a range "
                      "{ from: A, to: B, step: S }, got %s (a single value "
                      "belongs under set:)", what,
                      describe(n, got, sizeof got));
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
    const char *s = scalar(k);
    cusim_mark m = mark_of(P, k);
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
    cusim_mark m = mark_of(P, n);
    const char *s = scalar(n);
    size_t len = strlen(s);
    bool ok = is_scalar(n) && !ydoc_is_null(n) && len > 0
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
    cusim_mark m = mark_of(P, n);
    if (!is_scalar(n))
        return err_at(P->err, &m, "description: expected text, got %s",
                      describe(n, got, sizeof got));
    free(P->e->description);
    P->e->description = xstrdup(scalar(n));
    return 0;
}

static int parse_output(parser *P, const yaml_node_t *n)
{
    char got[200];
    cusim_mark m = mark_of(P, n);
    if (!is_scalar(n) || !is_base_name(scalar(n), sizeof P->e->output - 1))
        return err_at(P->err, &m, "output: expected a file base name (1 to "
                      "%zu letters, digits, '.', '-', '_' or '+', not "
                      "starting with '.' or '-'), got %s",
                      sizeof P->e->output - 1,
                      ydoc_describe(n, true, got, sizeof got));
    snprintf(P->e->output, sizeof P->e->output, "%s", scalar(n));
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
    a->mark = mark_of(P, n);
    a->what = hw ? "hardware" : "kernel";
    for (size_t i = 0; i < count; i++) {
        axis_position(a, vals[i].mark);
        axis_add(a, xstrdup(key), vals[i]);
        axis_close(a);
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
    cusim_mark m = mark_of(P, n);
    if (ydoc_is_null(n))
        return 0;
    if (n->type != YAML_MAPPING_NODE)
        return err_at(P->err, &m, "set: expected a mapping of key paths to "
                      "values (hw.cu.schedulers: 1), got %s",
                      describe(n, got, sizeof got));
    if (check_keys(P, n, "set") != 0)
        return -1;
    experiment *e = P->e;
    for (const yaml_node_pair_t *pr = n->data.mapping.pairs.start;
         pr < n->data.mapping.pairs.top; pr++) {
        const yaml_node_t *k = ydoc_node(P->d, pr->key);
        cusim_mark km = mark_of(P, k);
        const char *s = scalar(k);
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
        e->set = xrealloc_array(e->set, e->n_set + 1, sizeof *e->set);
        e->set[e->n_set++] = (exp_assign){ xstrdup(s), 0, v };
    }
    return 0;
}

static int parse_sweep(parser *P, const yaml_node_t *n)
{
    char got[200];
    cusim_mark m = mark_of(P, n);
    if (ydoc_is_null(n) || (n->type == YAML_MAPPING_NODE
                            && n->data.mapping.pairs.top
                               == n->data.mapping.pairs.start))
        return err_at(P->err, &m, "sweep: empty sweep (expected at least one "
                      "key with its list of values)");
    if (n->type != YAML_MAPPING_NODE)
        return err_at(P->err, &m, "sweep: expected a mapping of keys to "
                      "lists of values, got %s", describe(n, got, sizeof got));
    if (check_keys(P, n, "sweep") != 0)
        return -1;
    for (const yaml_node_pair_t *pr = n->data.mapping.pairs.start;
         pr < n->data.mapping.pairs.top; pr++) {
        const yaml_node_t *k = ydoc_node(P->d, pr->key);
        bool files;
        if (check_axis_key(P, k, "sweep", &files) != 0)
            return -1;
        char *what = xasprintf("sweep: %s", scalar(k));
        exp_value *vals;
        size_t count;
        int rc = parse_values(P, ydoc_node(P->d, pr->value), what, scalar(k),
                              files, &vals, &count);
        free(what);
        if (rc != 0)
            return -1;
        P->sweep = xrealloc_array(P->sweep, P->n_sweep + 1, sizeof *P->sweep);
        exp_axis *a = &P->sweep[P->n_sweep++];
        memset(a, 0, sizeof *a);
        a->mark = mark_of(P, k);
        a->what = "sweep";
        for (size_t i = 0; i < count; i++) {
            axis_position(a, vals[i].mark);
            axis_add(a, xstrdup(scalar(k)), vals[i]);
            axis_close(a);
        }
        free(vals);
    }
    return 0;
}

static int parse_zip(parser *P, const yaml_node_t *n)
{
    char got[200];
    cusim_mark m = mark_of(P, n);
    if (ydoc_is_null(n) || (n->type == YAML_MAPPING_NODE
                            && n->data.mapping.pairs.top
                               == n->data.mapping.pairs.start))
        return err_at(P->err, &m, "zip: empty zip (expected keys with lists "
                      "of the same length)");
    if (n->type != YAML_MAPPING_NODE)
        return err_at(P->err, &m, "zip: expected a mapping of keys to lists "
                      "of the same length, got %s",
                      describe(n, got, sizeof got));
    if (check_keys(P, n, "zip") != 0)
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
        names[i] = scalar(k);
        rc = check_axis_key(P, k, "zip", &files);
        if (rc != 0)
            break;
        char *what = xasprintf("zip: %s", scalar(k));
        rc = parse_values(P, v, what, scalar(k), files, &vals[i], &counts[i]);
        free(what);
        if (rc == 0 && counts[i] != counts[0]) {
            cusim_mark vm = mark_of(P, v);
            rc = err_at(P->err, &vm, "zip: %s has %zu values but %s has %zu "
                        "(zipped lists advance together: give them the same "
                        "length)", scalar(k), counts[i], names[0], counts[0]);
        }
    }
    if (rc == 0) {
        exp_axis *a = &P->zip;
        a->mark = m;
        a->what = "zip";
        for (size_t i = 0; i < counts[0]; i++) {
            axis_position(a, vals[0][i].mark);
            for (size_t j = 0; j < n_keys; j++) {
                axis_add(a, xstrdup(names[j]), vals[j][i]);
                memset(&vals[j][i], 0, sizeof vals[j][i]);
            }
            axis_close(a);
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
    cusim_mark m = mark_of(P, n);
    if (n->type != YAML_SEQUENCE_NODE)
        return err_at(P->err, &m, "points: expected a list of mappings "
                      "({ key: value, ... }), got %s",
                      describe(n, got, sizeof got));
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
        cusim_mark im = mark_of(P, it);
        char what[48];
        snprintf(what, sizeof what, "points[%zu]", i);
        if (it->type != YAML_MAPPING_NODE)
            return err_at(P->err, &im, "%s: expected a mapping of keys to "
                          "values, got %s", what,
                          describe(it, got, sizeof got));
        if (check_keys(P, it, what) != 0)
            return -1;
        axis_position(a, im);
        for (const yaml_node_pair_t *pr = it->data.mapping.pairs.start;
             pr < it->data.mapping.pairs.top; pr++) {
            const yaml_node_t *k = ydoc_node(P->d, pr->key);
            const yaml_node_t *v = ydoc_node(P->d, pr->value);
            bool files;
            if (check_axis_key(P, k, what, &files) != 0)
                return -1;
            exp_value val;
            char *vwhat = xasprintf("%s: %s", what, scalar(k));
            int rc = files ? make_file(P, v, scalar(k), &val)
                           : make_value(P, v, vwhat, &val);
            free(vwhat);
            if (rc != 0)
                return -1;
            axis_add(a, xstrdup(scalar(k)), val);
        }
        axis_close(a);
    }
    return 0;
}

/* --------------------------------------------------------------- plots */

/* Copies a scalar into a fixed field. */
static int plot_text(parser *P, const yaml_node_t *n, const char *what,
                     char *dst, size_t size)
{
    char got[200];
    cusim_mark m = mark_of(P, n);
    if (!is_scalar(n) || ydoc_is_null(n))
        return err_at(P->err, &m, "%s: expected text, got %s", what,
                      describe(n, got, sizeof got));
    if (strlen(scalar(n)) >= size)
        return err_at(P->err, &m, "%s: longer than %zu characters", what,
                      size - 1);
    snprintf(dst, size, "%s", scalar(n));
    return 0;
}

static int plot_bool(parser *P, const yaml_node_t *n, const char *what,
                     int *dst)
{
    char got[200];
    cusim_mark m = mark_of(P, n);
    if (is_plain(n, "true") || is_plain(n, "false")) {
        *dst = is_plain(n, "true");
        return 0;
    }
    return err_at(P->err, &m, "%s: expected true or false, got %s", what,
                  describe(n, got, sizeof got));
}

static const char *const panel_keys[] = {
    "x", "y", "series", "xlabel", "ylabel", "logx", "logy", "title",
};
#define N_PANEL_KEYS (sizeof panel_keys / sizeof panel_keys[0])

static const char *const plot_keys[] = {
    "file", "title", "panels", "x", "y", "series", "xlabel", "ylabel",
    "logx", "logy",
};
#define N_PLOT_KEYS (sizeof plot_keys / sizeof plot_keys[0])

/* Reads one panel's key `key` (already known valid). */
static int panel_key(parser *P, plot_panel *pn, const char *key,
                     const yaml_node_t *v, const char *what)
{
    char w[160], got[200];
    snprintf(w, sizeof w, "%s.%s", what, key);
    if (strcmp(key, "x") == 0)
        return plot_text(P, v, w, pn->x, sizeof pn->x);
    if (strcmp(key, "series") == 0)
        return plot_text(P, v, w, pn->series, sizeof pn->series);
    if (strcmp(key, "xlabel") == 0)
        return plot_text(P, v, w, pn->xlabel, sizeof pn->xlabel);
    if (strcmp(key, "ylabel") == 0)
        return plot_text(P, v, w, pn->ylabel, sizeof pn->ylabel);
    if (strcmp(key, "title") == 0)
        return plot_text(P, v, w, pn->title, sizeof pn->title);
    if (strcmp(key, "logx") == 0)
        return plot_bool(P, v, w, &pn->logx);
    if (strcmp(key, "logy") == 0)
        return plot_bool(P, v, w, &pn->logy);
    /* y: one column or a list */
    if (v->type != YAML_SEQUENCE_NODE) {
        pn->n_y = 1;
        return plot_text(P, v, w, pn->y[0], sizeof pn->y[0]);
    }
    size_t len = (size_t)(v->data.sequence.items.top
                          - v->data.sequence.items.start);
    cusim_mark m = mark_of(P, v);
    if (len == 0 || len > PLOT_MAX_Y)
        return err_at(P->err, &m, "%s: expected 1 to %d columns, got %s", w,
                      PLOT_MAX_Y, len ? "more" : describe(v, got, sizeof got));
    for (size_t i = 0; i < len; i++)
        if (plot_text(P, ydoc_node(P->d, v->data.sequence.items.start[i]), w,
                      pn->y[i], sizeof pn->y[i]) != 0)
            return -1;
    pn->n_y = (int)len;
    return 0;
}

/* Checks a panel's required keys and fills default axis labels. */
static int panel_finish(parser *P, plot_panel *pn, const cusim_mark *m,
                        const char *what)
{
    if (!pn->x[0])
        return err_at(P->err, m, "%s: missing required key 'x' (the column "
                      "on the horizontal axis)", what);
    if (pn->n_y == 0)
        return err_at(P->err, m, "%s: missing required key 'y' (a column or "
                      "a list of columns on the vertical axis)", what);
    if (!pn->xlabel[0])
        snprintf(pn->xlabel, sizeof pn->xlabel, "%s", pn->x);
    if (!pn->ylabel[0])
        snprintf(pn->ylabel, sizeof pn->ylabel, "%s", pn->y[0]);
    return 0;
}

static int parse_panel(parser *P, const yaml_node_t *n, const char *what,
                       plot_panel *pn)
{
    char got[200];
    cusim_mark m = mark_of(P, n);
    if (n->type != YAML_MAPPING_NODE)
        return err_at(P->err, &m, "%s: expected a panel mapping (x, y, "
                      "...), got %s", what, describe(n, got, sizeof got));
    if (check_keys(P, n, what) != 0)
        return -1;
    memset(pn, 0, sizeof *pn);
    for (const yaml_node_pair_t *pr = n->data.mapping.pairs.start;
         pr < n->data.mapping.pairs.top; pr++) {
        const yaml_node_t *k = ydoc_node(P->d, pr->key);
        cusim_mark km = mark_of(P, k);
        const char *s = scalar(k);
        size_t i = 0;
        while (i < N_PANEL_KEYS && strcmp(s, panel_keys[i]) != 0)
            i++;
        if (i == N_PANEL_KEYS) {
            const char *near = suggest_nearest(s, panel_keys, N_PANEL_KEYS);
            if (near)
                return err_at(P->err, &km, "%s: unknown key '%s' (did you "
                              "mean '%s'?)", what, s, near);
            return err_at(P->err, &km, "%s: unknown key '%s' (valid keys: x, "
                          "y, series, xlabel, ylabel, logx, logy, title)",
                          what, s);
        }
        if (panel_key(P, pn, s, ydoc_node(P->d, pr->value), what) != 0)
            return -1;
    }
    return panel_finish(P, pn, &m, what);
}

static int parse_plot(parser *P, const yaml_node_t *n, size_t index,
                      plot_spec *ps)
{
    char what[48], got[200];
    cusim_mark m = mark_of(P, n);
    snprintf(what, sizeof what, "plots[%zu]", index);
    memset(ps, 0, sizeof *ps);
    if (n->type != YAML_MAPPING_NODE)
        return err_at(P->err, &m, "%s: expected a plot mapping (file, "
                      "title, x, y, ...), got %s", what,
                      describe(n, got, sizeof got));
    if (check_keys(P, n, what) != 0)
        return -1;
    const yaml_node_t *panels = NULL, *file = NULL;
    const yaml_node_t *first_panel_key = NULL;
    plot_panel own;
    memset(&own, 0, sizeof own);
    for (const yaml_node_pair_t *pr = n->data.mapping.pairs.start;
         pr < n->data.mapping.pairs.top; pr++) {
        const yaml_node_t *k = ydoc_node(P->d, pr->key);
        const yaml_node_t *v = ydoc_node(P->d, pr->value);
        cusim_mark km = mark_of(P, k);
        const char *s = scalar(k);
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
                          "logx, logy)", what, s);
        }
        if (strcmp(s, "file") == 0) {
            file = v;
            if (plot_text(P, v, w, ps->file, sizeof ps->file) != 0)
                return -1;
            cusim_mark vm = mark_of(P, v);
            if (!is_base_name(ps->file, sizeof ps->file - 1))
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
            if (panel_key(P, &own, s, v, what) != 0)
                return -1;
        }
    }
    if (!file)
        return err_at(P->err, &m, "%s: missing required key 'file' (the "
                      "figure's base name)", what);
    if (panels && first_panel_key) {
        cusim_mark km = mark_of(P, first_panel_key);
        return err_at(P->err, &km, "%s: '%s' belongs in each panel when the "
                      "plot has panels", what, scalar(first_panel_key));
    }
    if (!panels) {
        if (panel_finish(P, &own, &m, what) != 0)
            return -1;
        ps->panels[0] = own;
        ps->n_panels = 1;
        return 0;
    }
    cusim_mark pm = mark_of(P, panels);
    if (panels->type != YAML_SEQUENCE_NODE)
        return err_at(P->err, &pm, "%s.panels: expected a list of panels, got "
                      "%s", what, describe(panels, got, sizeof got));
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

static int parse_plots(parser *P, const yaml_node_t *n)
{
    char got[200];
    cusim_mark m = mark_of(P, n);
    if (ydoc_is_null(n))
        return 0;
    if (n->type != YAML_SEQUENCE_NODE)
        return err_at(P->err, &m, "plots: expected a list of plots, got %s",
                      describe(n, got, sizeof got));
    size_t len = (size_t)(n->data.sequence.items.top
                          - n->data.sequence.items.start);
    experiment *e = P->e;
    e->plots = xcalloc(len, sizeof *e->plots);
    for (size_t i = 0; i < len; i++) {
        const yaml_node_t *it = ydoc_node(P->d,
                                          n->data.sequence.items.start[i]);
        if (parse_plot(P, it, i, &e->plots[i]) != 0)
            return -1;
        e->n_plots = i + 1;
        for (size_t j = 0; j < i; j++)
            if (strcmp(e->plots[j].file, e->plots[i].file) == 0) {
                cusim_mark im = mark_of(P, it);
                return err_at(P->err, &im, "plots[%zu]: file '%s' is also "
                              "plots[%zu]'s (figures need distinct names)",
                              i, e->plots[i].file, j);
            }
    }
    P->plots = n;
    return 0;
}

/* ------------------------------------------------------------ the axes */

/* Appends a moved axis to the experiment. */
static void add_axis(experiment *e, exp_axis *a)
{
    e->axes = xrealloc_array(e->axes, e->n_axes + 1, sizeof *e->axes);
    e->axes[e->n_axes++] = *a;
    memset(a, 0, sizeof *a);
}

static long key_find(const experiment *e, const char *path)
{
    for (size_t i = 0; i < e->n_keys; i++)
        if (strcmp(e->keys[i].path, path) == 0)
            return (long)i;
    return -1;
}

static size_t key_add(experiment *e, const char *path, key_kind kind,
                      size_t axis, cusim_mark mark)
{
    e->keys = xrealloc_array(e->keys, e->n_keys + 1, sizeof *e->keys);
    e->keys[e->n_keys] = (exp_key){ xstrdup(path), kind, axis, mark };
    return e->n_keys++;
}

/* Orders the axes, builds the columns and checks the rules across
 * sections. */
static int build_axes(parser *P)
{
    experiment *e = P->e;
    if (P->has_points)
        add_axis(e, &P->points);
    if (P->has_hw_list)
        add_axis(e, &P->hw_list);
    if (P->has_kernel_list)
        add_axis(e, &P->kernel_list);
    for (size_t i = 0; i < P->n_sweep; i++)
        add_axis(e, &P->sweep[i]);
    if (P->has_zip)
        add_axis(e, &P->zip);

    /* a varying file brings the resolved name's column, unless the name
     * itself varies */
    bool hw_name = false, kernel_name = false;
    for (size_t a = 0; a < e->n_axes; a++)
        for (size_t i = 0; i < e->axes[a].n_as; i++) {
            hw_name |= strcmp(e->axes[a].as[i].path, "hw.name") == 0;
            kernel_name |= strcmp(e->axes[a].as[i].path, "kernel.name") == 0;
        }
    for (size_t a = 0; a < e->n_axes; a++) {
        exp_axis *ax = &e->axes[a];
        for (size_t i = 0; i < ax->n_as; i++) {
            exp_assign *as = &ax->as[i];
            long k = key_find(e, as->path);
            if (k >= 0 && e->keys[k].axis != a) {
                const cusim_mark *f = &e->keys[k].mark;
                return err_at(P->err, &as->v.mark, "%s: '%s' also varies in "
                              "%s at line %d, column %d (a key may vary in "
                              "one place only)", ax->what, as->path,
                              e->axes[e->keys[k].axis].what, f->line,
                              f->column);
            }
            if (k < 0) {
                key_kind kind = strcmp(as->path, "hardware") == 0
                                ? KEY_HARDWARE
                                : strcmp(as->path, "kernel") == 0
                                ? KEY_KERNEL : KEY_SET;
                k = (long)key_add(e, as->path, kind, a, as->v.mark);
                if (kind == KEY_HARDWARE && !hw_name)
                    key_add(e, "hw.name", KEY_HW_NAME, a, as->v.mark);
                if (kind == KEY_KERNEL && !kernel_name)
                    key_add(e, "kernel.name", KEY_KERNEL_NAME, a, as->v.mark);
            }
            as->key = (size_t)k;
        }
    }

    /* a file given at the top level and varied too */
    static const char *const files[] = { "hardware", "kernel" };
    for (int f = 0; f < 2; f++) {
        const exp_value *top = f ? &e->kernel : &e->hardware;
        long k = key_find(e, files[f]);
        if (top->text && k >= 0
            && strcmp(e->axes[e->keys[k].axis].what, "points") != 0)
            return err_at(P->err, &e->keys[k].mark, "%s: '%s' is also given "
                          "at the top level at line %d, column %d (give it in "
                          "one place)", e->axes[e->keys[k].axis].what,
                          files[f], top->mark.line, top->mark.column);
        if (top->text || (k >= 0 && strcmp(e->axes[e->keys[k].axis].what,
                                           "points") != 0))
            continue;
        if (k < 0)
            return err_set(P->err, e->file, 1, 1, "missing required key '%s' "
                           "(the %s file, or a list of them)", files[f],
                           f ? "kernel" : "hardware profile");
        const exp_axis *ax = &e->axes[e->keys[k].axis];
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
        long k = key_find(e, e->set[i].path);
        if (k >= 0) {
            const cusim_mark *f = &e->keys[k].mark;
            return err_at(P->err, &e->set[i].v.mark, "set: '%s' also "
                          "varies in %s at line %d, column %d (a key is "
                          "either set or varied)", e->set[i].path,
                          e->axes[e->keys[k].axis].what, f->line, f->column);
        }
    }
    for (size_t i = 0; i < e->n_cli; i++) {
        long k = key_find(e, e->cli[i].path);
        if (k >= 0 && e->keys[k].kind == KEY_SET) {
            const cusim_mark *f = &e->keys[k].mark;
            cusim_mark m = { e->cli[i].file, e->cli[i].line,
                             e->cli[i].column };
            return err_at(P->err, &m, "'%s': the experiment varies this key "
                          "(in %s at %s:%d:%d); --set cannot override it",
                          e->cli[i].path, e->axes[e->keys[k].axis].what,
                          e->file, f->line, f->column);
        }
    }

    /* the product, and each axis's stride (the last varies fastest) */
    uint64_t total = 1;
    for (size_t a = e->n_axes; a-- > 0;) {
        e->axes[a].stride = (size_t)total;
        total *= e->axes[a].n;
        if (total > EXP_MAX_POINTS)
            return err_at(P->err, &e->axes[a].mark, "%s: the experiment "
                          "would have more than %d points", e->axes[a].what,
                          EXP_MAX_POINTS);
    }
    e->n_points = (size_t)total;
    e->max_sets = e->n_set + e->n_cli;
    for (size_t a = 0; a < e->n_axes; a++) {
        size_t most = 0;
        for (size_t p = 0; p < e->axes[a].n; p++) {
            size_t n = e->axes[a].first[p + 1] - e->axes[a].first[p];
            most = n > most ? n : most;
        }
        e->max_sets += most;
    }
    return 0;
}

/* Point p's position on axis a. */
static size_t position(const experiment *e, size_t a, size_t p)
{
    return (p / e->axes[a].stride) % e->axes[a].n;
}

/* The value key k takes at point p, or NULL. */
static const exp_value *point_value(const experiment *e, size_t p, size_t k)
{
    const exp_axis *ax = &e->axes[e->keys[k].axis];
    size_t pos = position(e, e->keys[k].axis, p);
    for (size_t j = ax->first[pos]; j < ax->first[pos + 1]; j++)
        if (ax->as[j].key == k)
            return &ax->as[j].v;
    return NULL;
}

/* The file (resolved path) `kind` names at point p. */
static const char *point_file(const experiment *e, size_t p, key_kind kind)
{
    for (size_t k = 0; k < e->n_keys; k++)
        if (e->keys[k].kind == kind) {
            const exp_value *v = point_value(e, p, k);
            if (v)
                return v->path;
        }
    return kind == KEY_HARDWARE ? e->hardware.path : e->kernel.path;
}

static cusim_set set_of(const experiment *e, const exp_assign *as)
{
    return (cusim_set){ as->path, as->v.text, e->file, as->v.mark.line,
                        as->v.mark.column };
}

/* Fills `sets` (room for e->max_sets) with point p's overrides, in the
 * order they apply; returns how many. */
static size_t point_sets(const experiment *e, size_t p, cusim_set *sets)
{
    size_t n = 0;
    for (size_t i = 0; i < e->n_set; i++)
        sets[n++] = set_of(e, &e->set[i]);
    for (size_t i = 0; i < e->n_cli; i++)
        sets[n++] = e->cli[i];
    for (size_t a = 0; a < e->n_axes; a++) {
        const exp_axis *ax = &e->axes[a];
        size_t pos = position(e, a, p);
        for (size_t j = ax->first[pos]; j < ax->first[pos + 1]; j++)
            if (e->keys[ax->as[j].key].kind == KEY_SET)
                sets[n++] = set_of(e, &ax->as[j]);
    }
    return n;
}

/* ------------------------------------------------------------- columns */

/* The metric columns: every report field but sim.*. */
static void metric_columns(experiment *e)
{
    cusim_report *r = xcalloc(1, sizeof *r);
    cusim_result res;
    memset(&res, 0, sizeof res);
    res.bound = "";
    cusim_report_result(r, &res);
    uint64_t h = FNV_SEED;
    for (int i = 0; i < r->n; i++) {
        h = fnv(r->fields[i].key, strlen(r->fields[i].key) + 1, h);
        if (!has_prefix(r->fields[i].key, "sim."))
            e->metrics[e->n_metrics++] = r->fields[i].key;
    }
    e->metrics_hash = h;
    free(r);
}

/* Whether `name` is a column of the CSV; otherwise sets err at m. */
static int check_column(parser *P, const char *name, const char *what,
                        const cusim_mark *m)
{
    experiment *e = P->e;
    size_t n = e->n_keys + e->n_metrics + 2;
    const char **cols = xcalloc(n, sizeof *cols);
    size_t c = 0;
    for (size_t i = 0; i < e->n_keys; i++)
        cols[c++] = e->keys[i].path;
    for (size_t i = 0; i < e->n_metrics; i++)
        cols[c++] = e->metrics[i];
    cols[c++] = "status";
    cols[c++] = "error";
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
    free(cols);
    return rc;
}

/* The node of key `key` in mapping `map`, or the mapping itself. */
static const yaml_node_t *child(parser *P, const yaml_node_t *map,
                                const char *key)
{
    if (!map || map->type != YAML_MAPPING_NODE)
        return map;
    for (const yaml_node_pair_t *pr = map->data.mapping.pairs.start;
         pr < map->data.mapping.pairs.top; pr++)
        if (strcmp(scalar(ydoc_node(P->d, pr->key)), key) == 0)
            return ydoc_node(P->d, pr->value);
    return map;
}

/* Checks every column the plots name, at the node that names it. */
static int check_plot_columns(parser *P)
{
    experiment *e = P->e;
    for (size_t i = 0; i < e->n_plots; i++) {
        const yaml_node_t *pn =
            ydoc_node(P->d, P->plots->data.sequence.items.start[i]);
        const yaml_node_t *panels = child(P, pn, "panels");
        for (int j = 0; j < e->plots[i].n_panels; j++) {
            const plot_panel *pl = &e->plots[i].panels[j];
            const yaml_node_t *node = pn;
            char what[64];
            if (panels != pn) {
                node = ydoc_node(P->d, panels->data.sequence.items.start[j]);
                snprintf(what, sizeof what, "plots[%zu].panels[%d]", i, j);
            } else {
                snprintf(what, sizeof what, "plots[%zu]", i);
            }
            const char *names[2 + PLOT_MAX_Y];
            const char *keys[2 + PLOT_MAX_Y];
            int n = 0;
            names[n] = pl->x, keys[n++] = "x";
            if (pl->series[0])
                names[n] = pl->series, keys[n++] = "series";
            for (int y = 0; y < pl->n_y; y++)
                names[n] = pl->y[y], keys[n++] = "y";
            for (int c = 0; c < n; c++) {
                const yaml_node_t *at = child(P, node, keys[c]);
                if (at->type == YAML_SEQUENCE_NODE)
                    for (const yaml_node_item_t *it =
                             at->data.sequence.items.start;
                         it < at->data.sequence.items.top; it++)
                        if (strcmp(scalar(ydoc_node(P->d, *it)), names[c])
                            == 0) {
                            at = ydoc_node(P->d, *it);
                            break;
                        }
                cusim_mark m = mark_of(P, at);
                char w[96];
                snprintf(w, sizeof w, "%s.%s", what, keys[c]);
                if (check_column(P, names[c], w, &m) != 0)
                    return -1;
            }
        }
    }
    return 0;
}

/* ------------------------------------------------------ loading configs */

/* The echo of `hw` (when not NULL) or else of `k` (cusim_hw_echo,
 * cusim_kernel_echo) as a string of `*size` bytes; the caller frees it. */
static char *echo_text(const cusim_hw *hw, const cusim_kernel *k,
                       size_t *size)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, size);
    if (!f)
        abort();
    if (hw)
        cusim_hw_echo(f, hw);
    else
        cusim_kernel_echo(f, k);
    if (fclose(f) != 0)
        abort();
    return text;
}

/* Hash of a config's echo: the fingerprint of what a point ran. */
static uint64_t echo_hash(const cusim_hw *hw, const cusim_kernel *k)
{
    size_t size = 0;
    char *text = echo_text(hw, k, &size);
    uint64_t h = fnv(text, size, FNV_SEED);
    free(text);
    return h;
}

/* The identity of a config: its file and the overrides that reach it
 * (those not of `skip`'s kind), with where each was written. */
static char *config_id(const char *file, const cusim_set *sets, size_t n,
                       const char *skip)
{
    sbuf b = { 0 };
    sb_puts(&b, file);
    for (size_t i = 0; i < n; i++)
        if (!has_prefix(sets[i].path, skip))
            sb_printf(&b, "\n%s=%s@%s:%d:%d", sets[i].path, sets[i].value,
                      sets[i].file, sets[i].line, sets[i].column);
    return sb_take(&b);
}

/* A set of (hw, kernel) index pairs already checked. */
typedef struct pairset {
    uint64_t *v;    /* value + 1; 0 = empty */
    size_t cap, n;
} pairset;

static bool pairset_add(pairset *s, uint64_t v)
{
    if (2 * (s->n + 1) > s->cap) {
        pairset old = *s;
        s->cap = old.cap ? 2 * old.cap : 64;
        s->v = xcalloc(s->cap, sizeof *s->v);
        s->n = 0;
        for (size_t i = 0; i < old.cap; i++)
            if (old.v[i])
                pairset_add(s, old.v[i] - 1);
        free(old.v);
    }
    size_t i = (size_t)fnv(&v, sizeof v, FNV_SEED) & (s->cap - 1);
    while (s->v[i] && s->v[i] != v + 1)
        i = (i + 1) & (s->cap - 1);
    if (s->v[i])
        return false;
    s->v[i] = v + 1;
    s->n++;
    return true;
}

/* Loads every point's configuration (each distinct one once) and checks
 * each distinct pair fits, in point order. */
static int load_configs(parser *P)
{
    experiment *e = P->e;
    cusim_set *sets = xcalloc(e->max_sets + 1, sizeof *sets);
    smap hw_ids = { 0 }, k_ids = { 0 };
    pairset pairs = { 0 };
    int rc = 0;
    e->point_hw = xcalloc(e->n_points, sizeof *e->point_hw);
    e->point_kernel = xcalloc(e->n_points, sizeof *e->point_kernel);

    for (size_t p = 0; p < e->n_points && rc == 0; p++) {
        size_t n = point_sets(e, p, sets);
        const char *hw_file = point_file(e, p, KEY_HARDWARE);
        const char *k_file = point_file(e, p, KEY_KERNEL);

        char *id = config_id(hw_file, sets, n, "kernel.");
        long hi = smap_get(&hw_ids, id);
        if (hi < 0) {
            cusim_hw *hw = xcalloc(1, sizeof *hw);
            if (cusim_hw_load(hw_file, sets, n, hw, P->err) != 0) {
                free(hw);
                free(id);
                rc = -1;
                break;
            }
            e->hws = xrealloc_array(e->hws, e->n_hws + 1, sizeof *e->hws);
            e->hw_hash = xrealloc_array(e->hw_hash, e->n_hws + 1,
                                        sizeof *e->hw_hash);
            e->hws[e->n_hws] = hw;
            e->hw_hash[e->n_hws] = echo_hash(hw, NULL);
            hi = (long)e->n_hws++;
            smap_put(&hw_ids, id, (uint32_t)hi);
        } else {
            free(id);
        }

        id = config_id(k_file, sets, n, "hw.");
        long ki = smap_get(&k_ids, id);
        if (ki < 0) {
            cusim_kernel *k = xcalloc(1, sizeof *k);
            if (cusim_kernel_load(k_file, sets, n, k, P->err) != 0) {
                free(k);
                free(id);
                rc = -1;
                break;
            }
            e->kernels = xrealloc_array(e->kernels, e->n_kernels + 1,
                                        sizeof *e->kernels);
            e->kernel_hash = xrealloc_array(e->kernel_hash, e->n_kernels + 1,
                                            sizeof *e->kernel_hash);
            e->kernels[e->n_kernels] = k;
            e->kernel_hash[e->n_kernels] = echo_hash(NULL, k);
            ki = (long)e->n_kernels++;
            smap_put(&k_ids, id, (uint32_t)ki);
        } else {
            free(id);
        }
        e->point_hw[p] = (uint32_t)hi;
        e->point_kernel[p] = (uint32_t)ki;

        if (pairset_add(&pairs, ((uint64_t)hi << 32) | (uint64_t)ki))
            for (const cusim_kernel *d = e->kernels[ki]; d && rc == 0;
                 d = d->next) {
                cusim_occupancy occ;
                rc = cusim_occupancy_compute(e->hws[hi], d, &occ, P->err);
            }
    }
    smap_free(&hw_ids);
    smap_free(&k_ids);
    free(pairs.v);
    free(sets);
    return rc;
}

/* ------------------------------------------------------------- loading */

bool exp_sniff(const char *path)
{
    static const char *const config_keys[] = { "program", "cu", "simd_width" };
    ydoc d;
    cusim_error err;
    bool is_exp = false, config_key = false;
    if (ydoc_load_file(&d, path, path, "an experiment mapping", &err) != 0)
        return false;
    const yaml_node_t *root = ydoc_root(&d);
    if (root->type == YAML_MAPPING_NODE)
        for (const yaml_node_pair_t *pr = root->data.mapping.pairs.start;
             pr < root->data.mapping.pairs.top; pr++) {
            const char *k = scalar(ydoc_node(&d, pr->key));
            for (size_t i = 0; i < 3; i++)
                config_key |= strcmp(k, config_keys[i]) == 0;
            for (size_t i = 2; i < N_TOP; i++)   /* not name, description */
                is_exp |= strcmp(k, top_keys[i]) == 0;
        }
    ydoc_free(&d);
    return is_exp && !config_key;
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
        if (!is_base_name(e->name, sizeof e->output - 1)) {
            cusim_mark m = P->name ? mark_of(P, P->name)
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
    cusim_mark m = mark_of(P, root);
    if (root->type != YAML_MAPPING_NODE)
        return err_at(P->err, &m, "expected an experiment mapping, got %s",
                      ydoc_describe(root, true, got, sizeof got));
    if (check_keys(P, root, "experiment") != 0)
        return -1;
    for (const yaml_node_pair_t *pr = root->data.mapping.pairs.start;
         pr < root->data.mapping.pairs.top; pr++) {
        const yaml_node_t *k = ydoc_node(P->d, pr->key);
        const yaml_node_t *v = ydoc_node(P->d, pr->value);
        const char *s = scalar(k);
        cusim_mark km = mark_of(P, k);
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
        else if (strcmp(s, "plots") == 0)
            rc = parse_plots(P, v);
        else {
            const char *near = suggest_nearest(s, top_keys, N_TOP);
            if (near)
                return err_at(P->err, &km, "unknown key '%s' (did you mean "
                              "'%s'?)", s, near);
            return err_at(P->err, &km, "unknown key '%s' (valid keys: name, "
                          "description, hardware, kernel, set, sweep, zip, "
                          "points, output, plots)", s);
        }
        if (rc != 0)
            return -1;
    }
    return 0;
}

int exp_load(const char *path, const cusim_set *sets, size_t n_sets,
             experiment **out, cusim_error *err)
{
    experiment *e = xcalloc(1, sizeof *e);
    parser P;
    ydoc d;
    memset(&P, 0, sizeof P);
    *out = NULL;
    e->file = xstrdup(path ? path : "");
    const char *slash = strrchr(e->file, '/');
    e->dir = xstrndup(e->file, slash ? (size_t)(slash - e->file) + 1 : 0);
    e->cli = xcalloc(n_sets, sizeof *e->cli);
    for (size_t i = 0; i < n_sets; i++) {
        e->cli[i] = sets[i];
        e->cli[i].path = xstrdup(sets[i].path ? sets[i].path : "");
        e->cli[i].value = xstrdup(sets[i].value ? sets[i].value : "");
        e->cli[i].file = xstrdup(sets[i].file ? sets[i].file : "--set");
        e->n_cli = i + 1;
    }
    metric_columns(e);
    P.e = e;
    P.d = &d;
    P.err = err;

    if (ydoc_load_file(&d, e->file, e->file, "an experiment mapping",
                       err) != 0) {
        exp_free(e);
        return -1;
    }
    int rc = parse_top(&P, ydoc_root(&d));
    if (rc == 0)
        rc = defaults(&P);
    if (rc == 0)
        rc = build_axes(&P);
    if (rc == 0)
        rc = check_plot_columns(&P);
    ydoc_free(&d);
    for (size_t i = 0; i < P.n_sweep; i++)
        axis_free(&P.sweep[i]);
    free(P.sweep);
    axis_free(&P.zip);
    axis_free(&P.points);
    axis_free(&P.hw_list);
    axis_free(&P.kernel_list);
    if (rc == 0)
        rc = load_configs(&P);
    if (rc != 0) {
        exp_free(e);
        return -1;
    }
    *out = e;
    return 0;
}

void exp_free(experiment *e)
{
    if (!e)
        return;
    free(e->file);
    free(e->dir);
    free(e->description);
    value_free(&e->hardware);
    value_free(&e->kernel);
    for (size_t i = 0; i < e->n_set; i++) {
        free(e->set[i].path);
        value_free(&e->set[i].v);
    }
    free(e->set);
    for (size_t i = 0; i < e->n_cli; i++) {
        free((char *)e->cli[i].path);
        free((char *)e->cli[i].value);
        free((char *)e->cli[i].file);
    }
    free(e->cli);
    for (size_t a = 0; a < e->n_axes; a++)
        axis_free(&e->axes[a]);
    free(e->axes);
    for (size_t i = 0; i < e->n_keys; i++)
        free(e->keys[i].path);
    free(e->keys);
    for (size_t i = 0; i < e->n_hws; i++)
        free(e->hws[i]);
    free(e->hws);
    free(e->hw_hash);
    for (size_t i = 0; i < e->n_kernels; i++) {
        cusim_kernel_free(e->kernels[i]);
        free(e->kernels[i]);
    }
    free(e->kernels);
    free(e->kernel_hash);
    free(e->point_hw);
    free(e->point_kernel);
    free(e->plots);
    free(e);
}

/* ----------------------------------------------------------- accessors */

const char *exp_name(const experiment *e)
{
    return e->name;
}

const char *exp_output(const experiment *e)
{
    return e->output;
}

size_t exp_n_points(const experiment *e)
{
    return e->n_points;
}

size_t exp_n_columns(const experiment *e)
{
    return e->n_keys;
}

const char *exp_column(const experiment *e, size_t c)
{
    return c < e->n_keys ? e->keys[c].path : NULL;
}

const char *exp_param(const experiment *e, size_t p, size_t c)
{
    if (c >= e->n_keys || p >= e->n_points)
        return "";
    if (e->keys[c].kind == KEY_HW_NAME)
        return e->hws[e->point_hw[p]]->name;
    if (e->keys[c].kind == KEY_KERNEL_NAME)
        return e->kernels[e->point_kernel[p]]->name;
    const exp_value *v = point_value(e, p, c);
    return v ? v->shown : "";
}

const cusim_hw *exp_point_hw(const experiment *e, size_t p)
{
    return p < e->n_points ? e->hws[e->point_hw[p]] : NULL;
}

const cusim_kernel *exp_point_kernel(const experiment *e, size_t p)
{
    return p < e->n_points ? e->kernels[e->point_kernel[p]] : NULL;
}

size_t exp_n_plots(const experiment *e)
{
    return e->n_plots;
}

const plot_spec *exp_plot(const experiment *e, size_t i)
{
    return i < e->n_plots ? &e->plots[i] : NULL;
}

/* ------------------------------- for the results directory (results.c) */

size_t exp_n_metrics(const experiment *e)
{
    return e->n_metrics;
}

const char *exp_metric(const experiment *e, size_t i)
{
    return i < e->n_metrics ? e->metrics[i] : NULL;
}

uint64_t exp_point_fingerprint(const experiment *e, size_t p)
{
    uint64_t h = fnv(CUSIM_VERSION, sizeof CUSIM_VERSION, FNV_SEED);
    h = fnv(&e->metrics_hash, sizeof e->metrics_hash, h);
    h = fnv(&e->hw_hash[e->point_hw[p]], sizeof(uint64_t), h);
    return fnv(&e->kernel_hash[e->point_kernel[p]], sizeof(uint64_t), h);
}

/* Writes `s` as a YAML double-quoted scalar. */
static void yaml_quoted(sbuf *b, const char *s)
{
    emit_quoted(b, s, strlen(s));
}

/* Writes a config's echo indented by `indent` (lines left empty stay
 * empty, so block text reads back the same). */
static void echo_indented(sbuf *b, const cusim_hw *hw, const cusim_kernel *k,
                          int indent)
{
    size_t size = 0;
    char *text = echo_text(hw, k, &size);
    for (const char *line = text; *line;) {
        size_t n = strcspn(line, "\n");
        if (n)
            sb_printf(b, "%*s%.*s", indent, "", (int)n, line);
        sb_putc(b, '\n');
        line += n + (line[n] == '\n');
    }
    free(text);
}

char *exp_manifest(const experiment *e)
{
    sbuf b = { 0 };
    bool *hw_seen = xcalloc(e->n_hws, sizeof *hw_seen);
    bool *k_seen = xcalloc(e->n_kernels, sizeof *k_seen);
    sb_printf(&b, "# The fully resolved configuration of every point of the "
              "experiment, written\n# by cusim %s run. A configuration "
              "several points share is written at the\n# first of them "
              "(&hwN, &kernelN) and referred to after (*hwN, *kernelN).\n",
              CUSIM_VERSION);
    sb_puts(&b, "experiment: ");
    yaml_quoted(&b, e->file);
    sb_puts(&b, "\nname: ");
    yaml_quoted(&b, e->name);
    sb_printf(&b, "\npoints:\n");
    for (size_t p = 0; p < e->n_points; p++) {
        sb_printf(&b, "  - point: %zu\n", p);
        bool any = false;
        for (size_t c = 0; c < e->n_keys; c++) {
            const exp_value *v;
            key_kind kind = e->keys[c].kind;
            if (kind == KEY_HW_NAME || kind == KEY_KERNEL_NAME
                || !(v = point_value(e, p, c)))
                continue;
            if (!any)
                sb_puts(&b, "    params:\n");
            any = true;
            sb_printf(&b, "      %s: ", e->keys[c].path);
            if (kind == KEY_SET)
                sb_puts(&b, v->text);
            else
                yaml_quoted(&b, v->text);
            sb_putc(&b, '\n');
        }
        sb_puts(&b, "    hardware_file: ");
        yaml_quoted(&b, point_file(e, p, KEY_HARDWARE));
        sb_puts(&b, "\n    kernel_file: ");
        yaml_quoted(&b, point_file(e, p, KEY_KERNEL));
        uint32_t h = e->point_hw[p], k = e->point_kernel[p];
        if (hw_seen[h]) {
            sb_printf(&b, "\n    hw: *hw%u\n", h);
        } else {
            sb_printf(&b, "\n    hw: &hw%u\n", h);
            echo_indented(&b, e->hws[h], NULL, 6);
            hw_seen[h] = true;
        }
        if (k_seen[k]) {
            sb_printf(&b, "    kernel: *kernel%u\n", k);
        } else {
            sb_printf(&b, "    kernel: &kernel%u\n", k);
            echo_indented(&b, NULL, e->kernels[k], 6);
            k_seen[k] = true;
        }
    }
    free(hw_seen);
    free(k_seen);
    return sb_take(&b);
}
