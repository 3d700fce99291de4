/*
 * cfg_load.c — loading hardware profiles and kernels from YAML, and
 * applying overrides to loaded ones.
 *
 * Loading runs in passes, so the error reported is the first one a reader
 * of the file would meet:
 *   1. walk the file's mappings building dotted paths ("cu.lanes.alu") and
 *      pick each key's value node: unknown, duplicated and misplaced keys
 *      stop here (nested mappings are implied by the paths' prefixes);
 *   2. walk each `--set` of this kind the same way; its node replaces the
 *      file's;
 *   3. convert the picked nodes in the order they were written (types and
 *      ranges), report the first missing required key, then convert each
 *      remaining key's default text through the same code;
 *   4. check the rules that tie two keys together;
 * then a kernel's further dispatches are loaded (cfg_dispatch.c).
 *
 * Applying overrides to a loaded config (cusim_hw_apply, cfg_kernel_apply)
 * runs pass 2 on the overrides alone, then pass 3 on the values they wrote
 * and pass 4, on a copy of the config: the file's values were converted
 * and checked when it was loaded, so the first error is the one loading
 * the file with the same overrides reports.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cfg_int.h"
#include "error.h"
#include "expr.h"
#include "suggest.h"
#include "xalloc.h"

static void *field(const cfg_loader *L, size_t offset)
{
    return L->obj + offset;
}

/* Writes `s` for a message: control characters as '?', cut when long. */
static const char *shown_text(const char *s, size_t len, char *buf,
                              size_t size)
{
    size_t o = 0;
    for (size_t i = 0; i < len && o + 4 < size; i++)
        buf[o++] = ((unsigned char)s[i] < 0x20 || s[i] == 0x7F) ? '?' : s[i];
    if (o + 4 >= size && o < len)
        memcpy(buf + o, "...", 3), o += 3;
    buf[o] = '\0';
    return buf;
}

/* The key or mapping name of `t` closest to `path` (see suggest_path),
 * written to `buf`, or NULL. */
static const char *suggest_key(const cfg_table *t, const char *path, char *buf,
                               size_t size)
{
    const char *paths[CUSIM_MAX_KEYS];
    for (int i = 0; i < t->n; i++)
        paths[i] = t->keys[i].path;
    return suggest_path(path, paths, (size_t)t->n, buf, size);
}

static int unknown_key(const cfg_loader *L, const char *path, size_t len,
                       const cusim_mark *at)
{
    char shown[96], near[CFG_MAX_PATH + 1], valid[512];
    shown_text(path, len, shown, sizeof shown);
    if (len <= CFG_MAX_PATH && strlen(path) == len
        && suggest_key(L->t, path, near, sizeof near))
        return err_at(L->err, at, "unknown key '%s%s' (did you mean "
                      "'%s%s'?)", L->shown, shown, L->shown, near);
    char parent[CFG_MAX_PATH + 1] = "";
    size_t plen = len <= CFG_MAX_PATH ? cfg_parent_len(path) : 0;
    memcpy(parent, path, plen);
    parent[plen] = '\0';
    if (!cfg_is_parent(L->t, parent))
        parent[0] = '\0';
    cfg_list_children(L->t, parent, valid, sizeof valid);
    if (parent[0])
        return err_at(L->err, at, "unknown key '%s%s' (valid keys under "
                      "'%s%s': %s)", L->shown, shown, L->shown, parent,
                      valid);
    return err_at(L->err, at, "unknown key '%s%s' (valid keys: %s)",
                  L->shown, shown, valid);
}

/* Handles `path: value`, written at `key_mark`: picks the value for a key,
 * walks into a nested mapping, or reports an unknown key. */
static int visit(cfg_loader *L, const char *path, const cusim_mark *key_mark,
                 const yaml_node_t *value)
{
    for (int j = 0; j < L->t->n && L->doc->fixed; j++) {
        size_t n = strlen(L->t->keys[j].path);
        char shown[96];
        if (L->t->keys[j].type != T_DISPATCHES
            || strncmp(path, L->t->keys[j].path, n) != 0
            || (path[n] != '\0' && path[n] != '.' && path[n] != '['))
            continue;
        return err_at(L->err, key_mark, "%s%s: --set cannot change the "
                      "list of dispatches or its entries (write them in "
                      "the kernel file)", L->shown,
                      shown_text(path, strlen(path), shown, sizeof shown));
    }
    int i = cfg_key_index(L->t, path);
    if (i >= 0) {
        cfg_slot *s = &L->slots[i];
        s->doc = L->doc;
        s->value = value;
        s->mark = ydoc_mark(L->doc, value);
        s->key_mark = *key_mark;
        s->rank = L->rank;
        s->shown = L->shown;
        return 0;
    }
    if (cfg_is_parent(L->t, path)) {
        if (value->type == YAML_MAPPING_NODE)
            return cfg_walk(L, value, path);
        char got[200], keys[512];
        cusim_mark m = ydoc_mark(L->doc, value);
        cfg_list_children(L->t, path, keys, sizeof keys);
        return err_at(L->err, &m, "%s%s: expected a mapping (of %s), got %s",
                      L->shown, path, keys,
                      ydoc_describe(value, false, got, sizeof got));
    }
    return unknown_key(L, path, strlen(path), key_mark);
}

/* Visits every pair of mapping `map`, whose keys sit under `parent` ("" at
 * the top level). */
int cfg_walk(cfg_loader *L, const yaml_node_t *map, const char *parent)
{
    const yaml_node_pair_t *start = map->data.mapping.pairs.start;
    const yaml_node_pair_t *top = map->data.mapping.pairs.top;

    for (const yaml_node_pair_t *pr = start; pr < top; pr++) {
        const yaml_node_t *k = ydoc_node(L->doc, pr->key);
        const yaml_node_t *v = ydoc_node(L->doc, pr->value);
        char got[200], path[CFG_MAX_PATH + 2];
        assert(k && v);
        cusim_mark km = ydoc_mark(L->doc, k);
        if (k->type != YAML_SCALAR_NODE)
            return err_at(L->err, &km, "expected a key name%s%s%s, got %s",
                          *parent ? " under '" : "", parent,
                          *parent ? "'" : "",
                          ydoc_describe(k, false, got, sizeof got));
        const char *name = (const char *)k->data.scalar.value;
        size_t len = k->data.scalar.length;

        for (const yaml_node_pair_t *q = start; q < pr; q++) {
            const yaml_node_t *e = ydoc_node(L->doc, q->key);
            if (e->type != YAML_SCALAR_NODE || e->data.scalar.length != len
                || memcmp(e->data.scalar.value, name, len) != 0)
                continue;
            char shown[96];
            shown_text(name, len, shown, sizeof shown);
            cusim_mark first = ydoc_mark(L->doc, e);
            if (L->doc->fixed)
                return err_at(L->err, &km, "duplicate key '%s%s%s%s'",
                              L->shown, parent, *parent ? "." : "", shown);
            return err_at(L->err, &km, "duplicate key '%s%s%s%s' (first "
                          "written at line %d, column %d)", L->shown,
                          parent, *parent ? "." : "", shown, first.line,
                          first.column);
        }
        if (memchr(name, '.', len)) {
            char shown[96];
            shown_text(name, len, shown, sizeof shown);
            size_t head = strcspn(shown, ".");
            return err_at(L->err, &km, "key '%s%s%s%s' contains '.' (write "
                          "nested mappings: %.*s: { %s: ... })", L->shown,
                          parent, *parent ? "." : "", shown, (int)head,
                          shown, shown + head + 1);
        }
        int w = snprintf(path, sizeof path, "%s%s%.*s", parent,
                         *parent ? "." : "", (int)len, name);
        if (strlen(name) != len || w < 0 || (size_t)w >= sizeof path - 1)
            return unknown_key(L, name, len, &km);
        if (visit(L, path, &km, v) != 0)
            return -1;
    }
    return 0;
}

/* --------------------------------------------------------- conversion */

/* Parses plain decimal digits with an optional '+': 0, or -1 when `s` is
 * not such a number, or 1 when it does not fit in 64 bits. */
static int parse_decimal(const char *s, size_t len, uint64_t *v)
{
    size_t i = (len > 0 && s[0] == '+') ? 1 : 0;
    if (i == len)
        return -1;
    *v = 0;
    int overflow = 0;
    for (; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        unsigned d = (unsigned)(s[i] - '0');
        if (*v > (UINT64_MAX - d) / 10)
            overflow = 1;
        else
            *v = *v * 10 + d;
    }
    return overflow;
}

/* What a key accepts, for "expected ..." in messages. */
const char *cfg_expectation(const cfg_key *k, char *buf, size_t size)
{
    unsigned long long lo = k->min, hi = k->max;
    switch (k->type) {
    case T_NAME:
        snprintf(buf, size, "a name of %llu to %llu printable characters",
                 lo, hi);
        break;
    case T_UINT:
    case T_UINT64:
    case T_COUNT:
        snprintf(buf, size, "an integer from %llu to %llu", lo, hi);
        break;
    case T_ENUM: {
        char names[128];
        snprintf(buf, size, "one of %s",
                 cfg_enum_list(k, ", ", names, sizeof names));
        break;
    }
    case T_WIDTHS:
        snprintf(buf, size, "an integer from %llu to %llu or a list of them",
                 lo, hi);
        break;
    case T_SHAPE:
        snprintf(buf, size, "an integer from %llu to %llu or a list of 1 "
                 "to 3 of them", lo, hi);
        break;
    case T_REGS:
        snprintf(buf, size, "an integer from %llu to %llu or 'auto'", lo,
                 hi);
        break;
    case T_TEXT:
        snprintf(buf, size, "the program text");
        break;
    case T_DISPATCHES:
        snprintf(buf, size, "a list of up to %llu dispatch mappings", hi);
        break;
    }
    return buf;
}

/* What key `k` accepts where `L` reads it: in a dispatches entry, a count
 * may also be an expression. */
static const char *expectation_in(const cfg_loader *L, const cfg_key *k,
                                  char *buf, size_t size)
{
    cfg_expectation(k, buf, size);
    if (k->type == T_COUNT && L->entry >= 0) {
        size_t len = strlen(buf);
        snprintf(buf + len, size - len, " or an expression of workgroups "
                 "and elements");
    }
    return buf;
}

int cfg_wrong(const cfg_loader *L, const cfg_slot *s, const cfg_key *k,
              const cusim_mark *at, const yaml_node_t *n, bool show_quoted)
{
    char want[160], got[200];
    return err_at(L->err, at, "%s%s: expected %s, got %s", s->shown, k->path,
                  expectation_in(L, k, want, sizeof want),
                  ydoc_describe(n, show_quoted, got, sizeof got));
}

/* Reads node `n` (the slot's value or one of its list items) as an
 * integer from k->min to k->max. */
static int get_uint(const cfg_loader *L, const cfg_slot *s, const cfg_key *k,
                    const yaml_node_t *n, uint64_t *v)
{
    char want[160], got[200];
    cusim_mark m = ydoc_mark(s->doc, n);
    if (n->type != YAML_SCALAR_NODE
        || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
        return cfg_wrong(L, s, k, &m, n, false);
    int rc = parse_decimal((const char *)n->data.scalar.value,
                           n->data.scalar.length, v);
    if (rc > 0)
        return err_at(L->err, &m, "%s%s: %s does not fit in 64 bits "
                      "(expected %s)", s->shown, k->path,
                      ydoc_describe(n, false, got, sizeof got),
                      expectation_in(L, k, want, sizeof want));
    if (rc < 0 || *v < k->min || *v > k->max)
        return cfg_wrong(L, s, k, &m, n, false);
    return 0;
}

/* Reads a one-number-or-list key into `v` (at most `max_items`). */
static int get_list(const cfg_loader *L, const cfg_slot *s, const cfg_key *k,
                    const char *items, int max_items, uint32_t *v, int *n)
{
    const yaml_node_t *node = s->value;
    uint64_t x;

    if (node->type == YAML_SCALAR_NODE) {
        if (get_uint(L, s, k, node, &x) != 0)
            return -1;
        v[0] = (uint32_t)x;
        *n = 1;
        return 0;
    }
    if (node->type != YAML_SEQUENCE_NODE)
        return cfg_wrong(L, s, k, &s->mark, node, false);
    const yaml_node_item_t *it = node->data.sequence.items.start;
    long count = node->data.sequence.items.top - it;
    if (count == 0)
        return err_at(L->err, &s->mark, "%s%s: expected a list of 1 to %d "
                      "%s, got an empty list", s->shown, k->path, max_items,
                      items);
    if (count > max_items)
        return err_at(L->err, &s->mark, "%s%s: expected a list of 1 to %d "
                      "%s, got %ld", s->shown, k->path, max_items, items,
                      count);
    for (long i = 0; i < count; i++) {
        if (get_uint(L, s, k, ydoc_node((ydoc *)s->doc, it[i]), &x) != 0)
            return -1;
        v[i] = (uint32_t)x;
    }
    *n = (int)count;
    return 0;
}

static int convert_widths(const cfg_loader *L, const cfg_slot *s,
                          const cfg_key *k)
{
    uint32_t v[CUSIM_MAX_WIDTHS];
    int n;
    if (get_list(L, s, k, "widths", CUSIM_MAX_WIDTHS, v, &n) != 0)
        return -1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            if (v[i] == v[j]) {
                const yaml_node_item_t *it =
                    s->value->data.sequence.items.start;
                cusim_mark m = ydoc_mark(s->doc,
                                         ydoc_node((ydoc *)s->doc, it[i]));
                return err_at(L->err, &m, "%s%s: %u is listed twice "
                              "(expected distinct widths)", s->shown,
                              k->path, v[i]);
            }
    for (int i = 1; i < n; i++)   /* insertion sort: at most 8 */
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            uint32_t tmp = v[j];
            v[j] = v[j - 1];
            v[j - 1] = tmp;
        }
    memcpy(field(L, k->offset), v, (size_t)n * sizeof v[0]);
    *(int *)field(L, k->aux) = n;
    return 0;
}

static int convert_shape(const cfg_loader *L, const cfg_slot *s,
                         const cfg_key *k)
{
    uint32_t v[3] = { 1, 1, 1 };
    int n;
    if (get_list(L, s, k, "sizes", 3, v, &n) != 0)
        return -1;
    uint64_t product = (uint64_t)v[0] * v[1] * v[2];
    if (product > k->max) {
        char dims[64];
        if (n == 2)
            snprintf(dims, sizeof dims, "%u x %u", v[0], v[1]);
        else
            snprintf(dims, sizeof dims, "%u x %u x %u", v[0], v[1], v[2]);
        return err_at(L->err, &s->mark, "%s%s: %s = %llu invocations "
                      "(expected at most %llu)", s->shown, k->path, dims,
                      (unsigned long long)product,
                      (unsigned long long)k->max);
    }
    memcpy(field(L, k->offset), v, sizeof v);
    *(int *)field(L, k->aux) = n;
    return 0;
}

/* Reads a scalar that may be any text (names, the policy, the program);
 * returns NULL after reporting a list, a mapping or nothing. */
static const char *get_text(const cfg_loader *L, const cfg_slot *s,
                            const cfg_key *k, size_t *len)
{
    const yaml_node_t *n = s->value;
    if (n->type != YAML_SCALAR_NODE || ydoc_is_null(n)) {
        cfg_wrong(L, s, k, &s->mark, n, true);
        return NULL;
    }
    *len = n->data.scalar.length;
    return (const char *)n->data.scalar.value;
}

static int convert_name(const cfg_loader *L, const cfg_slot *s,
                        const cfg_key *k)
{
    char want[160];
    size_t len;
    const char *text = get_text(L, s, k, &len);
    if (!text)
        return -1;
    bool printable = strlen(text) == len;
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)text[i] < 0x20 || text[i] == 0x7F)
            printable = false;
    if (len > k->max)
        return err_at(L->err, &s->mark, "%s%s: expected %s, got %zu bytes",
                      s->shown, k->path, cfg_expectation(k, want, sizeof want),
                      len);
    if (!printable || len < k->min)
        return cfg_wrong(L, s, k, &s->mark, s->value, true);
    memcpy(field(L, k->offset), text, len + 1);
    return 0;
}

static int convert_enum(const cfg_loader *L, const cfg_slot *s,
                        const cfg_key *k)
{
    size_t len;
    const char *text = get_text(L, s, k, &len);
    if (!text)
        return -1;
    const cfg_enum *en = &cfg_enums[k->aux];
    for (int i = 0; i < en->n; i++)
        if (strcmp(text, en->names[i]) == 0 && len == strlen(text)) {
            *(int *)field(L, k->offset) = i;
            return 0;
        }
    return cfg_wrong(L, s, k, &s->mark, s->value, true);
}

static int convert_regs(const cfg_loader *L, const cfg_slot *s,
                        const cfg_key *k)
{
    const yaml_node_t *n = s->value;
    uint64_t v;
    if (n->type == YAML_SCALAR_NODE
        && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE
        && strcmp((const char *)n->data.scalar.value, "auto") == 0) {
        *(uint32_t *)field(L, k->offset) = 0;
        *(bool *)field(L, k->aux) = true;
        return 0;
    }
    if (get_uint(L, s, k, n, &v) != 0)
        return -1;
    *(uint32_t *)field(L, k->offset) = (uint32_t)v;
    *(bool *)field(L, k->aux) = false;
    return 0;
}

/* Byte offset of character `column` (0-based) in a UTF-8 line. */
static size_t column_offset(const char *line, size_t len, int column)
{
    size_t i = 0;
    for (int c = 0; i < len && c < column; c++) {
        i++;
        while (i < len && ((unsigned char)line[i] & 0xC0) == 0x80)
            i++;
    }
    return i;
}

/* Where the text of a scalar starts in its file, so that a program's
 * line k, column c sits at line + k - 1, column + c - 1. */
static void text_origin(const cfg_slot *s, int *line, int *column)
{
    const yaml_node_t *n = s->value;
    *line = s->mark.line;
    *column = s->mark.column;
    if (s->doc->fixed)
        return;
    switch (n->data.scalar.style) {
    case YAML_SINGLE_QUOTED_SCALAR_STYLE:
    case YAML_DOUBLE_QUOTED_SCALAR_STYLE:
        *column += 1;
        return;
    case YAML_LITERAL_SCALAR_STYLE:
    case YAML_FOLDED_SCALAR_STYLE:
        break;
    default:
        return;
    }
    /* A block scalar: the text starts on the line after its indicator, at
     * the block's indentation, which is either given by a digit in the
     * indicator (relative to the key's column) or that of the first line
     * that is not blank. */
    *line = s->mark.line + 1;
    *column = s->key_mark.column + 2;   /* a guess, if the bytes are odd */
    size_t len;
    const char *ln = ydoc_line(s->doc, s->mark.line - 1, &len);
    if (!ln)
        return;
    size_t i = column_offset(ln, len, s->mark.column - 1);
    while (i < len && (ln[i] == '&' || ln[i] == '!')) {   /* anchor, tag */
        while (i < len && ln[i] != ' ' && ln[i] != '\t')
            i++;
        while (i < len && (ln[i] == ' ' || ln[i] == '\t'))
            i++;
    }
    if (i < len && (ln[i] == '|' || ln[i] == '>')) {
        for (size_t j = i + 1; j < len && j <= i + 2; j++)
            if (ln[j] >= '1' && ln[j] <= '9') {
                *column = s->key_mark.column + (ln[j] - '0');
                return;
            }
    }
    for (int l = s->mark.line; (ln = ydoc_line(s->doc, l, &len)); l++) {
        size_t sp = 0;
        while (sp < len && ln[sp] == ' ')
            sp++;
        size_t rest = sp;
        while (rest < len && (ln[rest] == ' ' || ln[rest] == '\t'))
            rest++;
        if (rest < len) {
            *column = (int)sp + 1;
            return;
        }
    }
}

static int convert_text(const cfg_loader *L, const cfg_slot *s,
                        const cfg_key *k)
{
    char want[160];
    size_t len;
    const char *text = get_text(L, s, k, &len);
    if (!text)
        return -1;
    if (strlen(text) != len)
        return err_at(L->err, &s->mark, "%s%s: the text contains a NUL "
                      "character (expected %s)", s->shown, k->path,
                      cfg_expectation(k, want, sizeof want));
    if (strspn(text, " \t\r\n") == len)
        return err_at(L->err, &s->mark, "%s%s: expected %s, got %s",
                      s->shown, k->path, cfg_expectation(k, want, sizeof want),
                      len ? "only blank text" : "an empty text");
    char *copy = xmalloc(len + 1);
    memcpy(copy, text, len + 1);
    char **dst = field(L, k->offset);
    free(*dst);
    *dst = copy;
    int *where = field(L, k->aux);
    text_origin(s, &where[0], &where[1]);
    return 0;
}

/* The column of byte `offset` of a plain scalar's value: counted from
 * the value's start when the file holds the value as it reads, on one
 * line; else the value's own column (a value folded over several lines). */
static int scalar_column(const cfg_slot *s, size_t offset)
{
    const yaml_node_t *n = s->value;
    const char *value = (const char *)n->data.scalar.value;
    size_t vlen = n->data.scalar.length, len;
    const char *ln = s->doc->fixed ? NULL
                     : ydoc_line(s->doc, s->mark.line - 1, &len);
    if (!ln)
        return s->mark.column;
    size_t at = column_offset(ln, len, s->mark.column - 1);
    if (len - at < vlen || memcmp(ln + at, value, vlen) != 0)
        return s->mark.column;
    int column = s->mark.column;
    for (size_t i = 0; i < offset && i < vlen; i++)
        if (((unsigned char)value[i] & 0xC0) != 0x80)
            column++;
    return column;
}

/* An entry's count written as an expression: checks its syntax and names
 * and keeps its text (the number becomes 0 until it is evaluated). */
static int convert_expression(const cfg_loader *L, const cfg_slot *s,
                              const cfg_key *k)
{
    const yaml_node_t *n = s->value;
    const char *text = (const char *)n->data.scalar.value;
    size_t len = n->data.scalar.length;
    char want[160];
    expr_error xe;

    if (strlen(text) != len)
        return err_at(L->err, &s->mark, "%s%s: the text contains a NUL "
                      "character (expected %s)", s->shown, k->path,
                      expectation_in(L, k, want, sizeof want));
    expr *e = expr_parse_names(text, len, EXPR_NAMES_DISPATCH, &xe);
    if (!e) {
        cusim_mark m = s->mark;
        m.column = scalar_column(s, xe.offset);
        return err_at(L->err, &m, "%s%s: %s", s->shown, k->path,
                      xe.message);
    }
    size_t tlen = strlen(expr_text(e));
    if (tlen >= CFG_EXPR_CAP) {
        expr_free(e);
        return err_at(L->err, &s->mark, "%s%s: the expression is %zu "
                      "characters long (at most %zu)", s->shown, k->path,
                      tlen, CFG_EXPR_CAP - 1);
    }
    memcpy(field(L, k->aux), expr_text(e), tlen + 1);
    expr_free(e);
    *(uint64_t *)field(L, k->offset) = 0;
    return 0;
}

static int convert_count(const cfg_loader *L, const cfg_slot *s,
                         const cfg_key *k)
{
    const yaml_node_t *n = s->value;
    uint64_t v;
    *(char *)field(L, k->aux) = '\0';
    if (L->entry >= 0 && n->type == YAML_SCALAR_NODE
        && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE
        && !ydoc_is_null(n)
        && parse_decimal((const char *)n->data.scalar.value,
                         n->data.scalar.length, &v) < 0)
        return convert_expression(L, s, k);
    if (get_uint(L, s, k, n, &v) != 0)
        return -1;
    *(uint64_t *)field(L, k->offset) = v;
    return 0;
}

/* Converts slot `i`'s value into its field, checking type and range. */
static int convert(const cfg_loader *L, int i)
{
    const cfg_key *k = &L->t->keys[i];
    const cfg_slot *s = &L->slots[i];
    uint64_t v;

    switch (k->type) {
    case T_NAME:
        return convert_name(L, s, k);
    case T_UINT:
        if (get_uint(L, s, k, s->value, &v) != 0)
            return -1;
        *(uint32_t *)field(L, k->offset) = (uint32_t)v;
        return 0;
    case T_UINT64:
        if (get_uint(L, s, k, s->value, &v) != 0)
            return -1;
        *(uint64_t *)field(L, k->offset) = v;
        return 0;
    case T_ENUM:
        return convert_enum(L, s, k);
    case T_WIDTHS:
        return convert_widths(L, s, k);
    case T_SHAPE:
        return convert_shape(L, s, k);
    case T_REGS:
        return convert_regs(L, s, k);
    case T_TEXT:
        return convert_text(L, s, k);
    case T_COUNT:
        return convert_count(L, s, k);
    case T_DISPATCHES:
        return cfg_convert_dispatches(L, s, k);
    }
    return -1;
}

/* The mark kept in the struct for `m`: NULL for the config's own file. */
static cusim_mark kept_mark(const cfg_loader *L, cusim_mark m)
{
    if (m.file == L->file)
        m.file = NULL;
    return m;
}

/* Whether mark `a` (of rank ra) was written after `b` (rank rb). */
static bool later(const cusim_mark *a, int ra, const cusim_mark *b, int rb)
{
    if (ra != rb)
        return ra > rb;
    if (a->line != b->line)
        return a->line > b->line;
    return a->column > b->column;
}

/* The file's base name without its extension, cut to fit `size`. */
static void base_name(const char *path, char *out, size_t size)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    const char *dot = strrchr(b, '.');
    size_t len = (dot && dot != b) ? (size_t)(dot - b) : strlen(b);
    if (len >= size) {
        len = size - 1;
        while (len > 0 && ((unsigned char)b[len] & 0xC0) == 0x80)
            len--;   /* do not cut a UTF-8 character in two */
    }
    memcpy(out, b, len);
    out[len] = '\0';
}

/* The rules that tie two hardware keys together: each reported at the
 * later of the two keys. */
int cfg_check_hw(const cfg_loader *L)
{
    static const char *const divided[] = { "cu.registers",
                                           "cu.max_subgroups" };
    int sched = cfg_key_index(L->t, "cu.schedulers");
    uint32_t parts = *(const uint32_t *)field(L, L->t->keys[sched].offset);

    for (size_t d = 0; d < sizeof divided / sizeof divided[0]; d++) {
        int i = cfg_key_index(L->t, divided[d]);
        uint32_t v = *(const uint32_t *)field(L, L->t->keys[i].offset);
        if (v % parts == 0)
            continue;
        int at = later(&L->marks[i], L->slots[i].rank, &L->marks[sched],
                       L->slots[sched].rank) ? i : sched;
        cusim_mark m = cfg_mark_in(L->file, &L->marks[at]);
        return err_at(L->err, &m, "%s (%u) must divide evenly among "
                      "cu.schedulers (%u)", divided[d], v, parts);
    }

    /* Hardware barrier slots are an AMD resource (sim/rule_amd.c). */
    int rules = cfg_key_index(L->t, "cu.rules");
    int bar = cfg_key_index(L->t, "cu.max_barrier_workgroups");
    cusim_rules family = *(const cusim_rules *)field(L, L->t->keys[rules].offset);
    uint32_t cap = *(const uint32_t *)field(L, L->t->keys[bar].offset);
    if (cap != 0 && family != CUSIM_RULES_AMD) {
        int at = later(&L->marks[bar], L->slots[bar].rank, &L->marks[rules],
                       L->slots[rules].rank) ? bar : rules;
        cusim_mark m = cfg_mark_in(L->file, &L->marks[at]);
        return err_at(L->err, &m, "cu.max_barrier_workgroups (%u) applies "
                      "only to cu.rules amd (this profile's rules are %s; "
                      "expected 0)", cap, cusim_rules_name(family));
    }
    return 0;
}

/* Frees the text fields and the dispatch chain of a half-built struct. */
static void free_texts(const cfg_loader *L)
{
    for (int i = 0; i < L->t->n; i++)
        if (L->t->keys[i].type == T_TEXT) {
            char **p = field(L, L->t->keys[i].offset);
            free(*p);
            *p = NULL;
        } else if (L->t->keys[i].type == T_DISPATCHES) {
            cusim_kernel **p = field(L, L->t->keys[i].offset);
            cfg_free_dispatches(*p);
            *p = NULL;
        }
}

/* Applies the overrides of this kind (pass 2); docs[i] keeps set i's
 * value alive. */
static int walk_sets(cfg_loader *L, const cusim_set *sets, size_t n_sets,
                     ydoc *docs)
{
    size_t plen = strlen(L->t->prefix);
    for (size_t i = 0; i < n_sets; i++) {
        const cusim_set *set = &sets[i];
        const char *path = set->path ? set->path : "";
        const char *value = set->value ? set->value : "";
        cusim_mark at = { set->file ? set->file : "--set",
                          set->line > 0 ? set->line : 1,
                          set->column > 0 ? set->column : 1 };
        char shown[96], shown_value[96];
        if (strncmp(path, L->t->other, strlen(L->t->other)) == 0)
            continue;
        shown_text(path, strlen(path), shown, sizeof shown);
        if (strncmp(path, L->t->prefix, plen) != 0)
            return err_at(L->err, &at, "'%s=%s': a --set path starts with "
                          "'hw.' or 'kernel.'", shown,
                          shown_text(value, strlen(value), shown_value,
                                     sizeof shown_value));
        if (ydoc_load_string(&docs[i], value, &at, shown, L->err) != 0)
            return -1;
        L->doc = &docs[i];
        L->rank = L->set_rank + (int)i;
        L->shown = L->t->prefix;
        if (strlen(path + plen) > CFG_MAX_PATH)
            return unknown_key(L, path + plen, strlen(path + plen), &at);
        if (visit(L, path + plen, &at, ydoc_root(&docs[i])) != 0)
            return -1;
    }
    return 0;
}

/* Pass 3, first half: converts the values written, in the order they
 * were written, and marks where each came from. */
int cfg_convert_written(cfg_loader *L)
{
    int order[CUSIM_MAX_KEYS], n = 0;

    for (int i = 0; i < L->t->n; i++) {   /* insertion sort by position */
        if (!L->slots[i].doc)
            continue;
        int j = n++;
        for (; j > 0; j--) {
            const cfg_slot *p = &L->slots[order[j - 1]];
            if (!later(&p->mark, p->rank, &L->slots[i].mark,
                       L->slots[i].rank))
                break;
            order[j] = order[j - 1];
        }
        order[j] = i;
    }
    for (int j = 0; j < n; j++) {
        if (convert(L, order[j]) != 0)
            return -1;
        L->marks[order[j]] = kept_mark(L, L->slots[order[j]].mark);
    }
    return 0;
}

/* Passes 3 and 4: converts what was written, then the defaults; checks the
 * rules across keys; then loads the further dispatches of a kernel. */
static int resolve(cfg_loader *L)
{
    if (cfg_convert_written(L) != 0)
        return -1;

    for (int i = 0; i < L->t->n; i++) {
        const cfg_key *k = &L->t->keys[i];
        if (!L->slots[i].doc && !k->def)
            return err_set(L->err, L->file, 1, 1, "missing required key "
                           "'%s' (%s)", k->path, k->help);
    }

    cusim_mark def = { L->file, 0, 0 };
    for (int i = 0; i < L->t->n; i++) {
        const cfg_key *k = &L->t->keys[i];
        if (L->slots[i].doc || k->type == T_DISPATCHES)
            continue;   /* no further dispatches: `next` stays NULL */
        if (k->type == T_NAME && !*k->def) {
            base_name(L->file, field(L, k->offset), k->max + 1);
            continue;
        }
        ydoc d;
        ydoc_scalar(&d, k->def, &def);
        cfg_slot *s = &L->slots[i];
        s->doc = &d;
        s->value = ydoc_root(&d);
        s->mark = def;
        s->shown = "";
        int rc = convert(L, i);
        assert(rc == 0 && "a default is out of its own range");
        s->doc = NULL;
        ydoc_free(&d);
        if (rc != 0)
            return -1;
    }
    if (L->t->check && L->t->check(L) != 0)
        return -1;
    for (int i = 0; i < L->t->n; i++)
        if (L->t->keys[i].type == T_DISPATCHES
            && cfg_load_dispatches(L, i) != 0)
            return -1;
    return 0;
}

/* Loads the file at `path`, or when `text` is non-NULL that text under
 * the name `path`, with the overrides `sets`, into `obj`. */
static int load(const cfg_table *t, const char *path, const char *text,
                const cusim_set *sets, size_t n_sets, void *obj,
                cusim_error *err)
{
    cfg_loader L;
    ydoc file;
    ydoc *docs = NULL;
    int rc = -1;

    memset(obj, 0, t->size);
    memset(&L, 0, sizeof L);
    L.entry = -1;
    L.t = t;
    L.obj = obj;
    L.marks = (cusim_mark *)field(&L, t->marks);
    L.err = err;
    char *fname = field(&L, t->file);
    L.file = fname;
    L.set_rank = 2;
    if (!path)
        path = "";
    if (strlen(path) >= sizeof ((cusim_hw *)0)->file)
        return err_set(err, path, 1, 1, "cannot read: the file name is "
                       "longer than %zu bytes",
                       sizeof ((cusim_hw *)0)->file - 1);
    strcpy(fname, path);
    for (int i = 0; i < t->n; i++)
        L.marks[i] = (cusim_mark){ NULL, 0, 0 };

    if ((text ? ydoc_load_text(&file, text, fname, t->what, err)
              : ydoc_load_file(&file, path, fname, t->what, err)) != 0)
        return -1;
    docs = xmalloc(n_sets * sizeof *docs);
    memset(docs, 0, n_sets * sizeof *docs);

    const yaml_node_t *root = ydoc_root(&file);
    if (root->type != YAML_MAPPING_NODE) {
        char got[200];
        cusim_mark m = ydoc_mark(&file, root);
        err_at(err, &m, "expected %s, got %s", t->what,
               ydoc_describe(root, true, got, sizeof got));
        goto done;
    }
    L.doc = &file;
    L.rank = 1;
    L.shown = "";
    if (cfg_walk(&L, root, "") != 0 || walk_sets(&L, sets, n_sets, docs) != 0
        || resolve(&L) != 0)
        goto done;
    rc = 0;
done:
    for (size_t i = 0; i < n_sets; i++)
        ydoc_free(&docs[i]);
    free(docs);
    ydoc_free(&file);
    if (rc != 0)
        free_texts(&L);
    return rc;
}

int cfg_hw_load(const char *path, const cusim_set *sets, size_t n_sets,
                cusim_hw *out, cusim_error *err)
{
    return load(&cfg_hw_table, path, NULL, sets, n_sets, out, err);
}

int cfg_kernel_load(const char *path, const cusim_set *sets, size_t n_sets,
                    cusim_kernel *out, cusim_error *err)
{
    return load(&cfg_kernel_table, path, NULL, sets, n_sets, out, err);
}

int cusim_hw_load_string(const char *text, const char *name,
                         const cusim_set *sets, size_t n_sets, cusim_hw *out,
                         cusim_error *err)
{
    return load(&cfg_hw_table, name, text ? text : "", sets, n_sets, out, err);
}

int cfg_kernel_load_string(const char *text, const char *name,
                           const cusim_set *sets, size_t n_sets,
                           cusim_kernel *out, cusim_error *err)
{
    return load(&cfg_kernel_table, name, text ? text : "", sets, n_sets, out,
                err);
}

/* ------------------------------------------------------ loaded configs */

/* Applies the overrides of `t`'s kind to `obj`, a loaded config the caller
 * may change: passes 2 to 4 (see the file comment). On failure `obj` may
 * hold some of the new values; the caller throws it away. */
int cfg_apply_sets(const cfg_table *t, void *obj, const cusim_set *sets,
                   size_t n_sets, cusim_error *err)
{
    cfg_loader L;
    memset(&L, 0, sizeof L);
    L.entry = -1;
    L.t = t;
    L.obj = obj;
    L.marks = (cusim_mark *)field(&L, t->marks);
    L.err = err;
    L.file = field(&L, t->file);
    L.set_rank = 3;
    for (int i = 0; i < t->n; i++)   /* the rank each value was loaded at */
        L.slots[i].rank = L.marks[i].line == 0 ? 0 : !L.marks[i].file ? 1
                          : 2;
    ydoc *docs = xcalloc(n_sets ? n_sets : 1, sizeof *docs);
    int rc = walk_sets(&L, sets, n_sets, docs) == 0
             && cfg_convert_written(&L) == 0
             && (!t->check || t->check(&L) == 0) ? 0 : -1;
    for (size_t i = 0; i < n_sets; i++)
        ydoc_free(&docs[i]);
    free(docs);
    return rc;
}

int cusim_hw_apply(cusim_hw *hw, const cusim_set *sets, size_t n_sets,
                   cusim_error *err)
{
    cusim_hw copy = *hw;
    if (cfg_apply_sets(&cfg_hw_table, &copy, sets, n_sets, err) != 0)
        return -1;
    *hw = copy;
    return 0;
}

/* ------------------------------------------------------------ --set */

int cusim_set_parse(char *arg, int index, cusim_set *set, cusim_error *err)
{
    char *eq = arg ? strchr(arg, '=') : NULL;
    if (!eq || eq == arg)
        return err_set(err, "--set", index, 1, "expected PATH=VALUE, got "
                       "'%.200s'", arg ? arg : "");
    *eq = '\0';
    set->path = arg;
    set->value = eq + 1;
    set->file = "--set";
    set->line = index;
    set->column = 1;
    return 0;
}
