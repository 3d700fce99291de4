/*
 * cfg_convert.c — pass 3 of loading a config (see cfg_load.c): turning
 * the YAML node picked for a key into its typed value, by the key's row
 * of the descriptor table (type, range), with the loader's "KEY: expected
 * X, got Y" messages. Every value comes through here: from the file, a
 * --set, or the key's default text.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cfg_int.h"
#include "error.h"
#include "lex.h"
#include "addr.h"
#include "expr.h"
#include "num.h"
#include "suggest.h"
#include "xalloc.h"

/* Parses a YAML integer of plain decimal digits with an optional '+' (the
 * one number parser, num.h): 0, or -1 when `s` is not such a number, or 1
 * when it does not fit in 64 bits. */
static int parse_decimal(const char *s, size_t len, uint64_t *v)
{
    return num_parse_u64(s, len, NUM_PLUS, v);
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
    case T_SIZE:
        snprintf(buf, size, "an integer from %llu to %llu or an expression "
                 "of the launch shape", lo, hi);
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
    case T_BUFFERS:
        snprintf(buf, size, "a mapping of up to %llu buffer names to sizes "
                 "in bytes", hi);
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
    memcpy(cfg_field(L, k->offset), v, (size_t)n * sizeof v[0]);
    *(int *)cfg_field(L, k->aux) = n;
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
    memcpy(cfg_field(L, k->offset), v, sizeof v);
    *(int *)cfg_field(L, k->aux) = n;
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
    memcpy(cfg_field(L, k->offset), text, len + 1);
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
            *(int *)cfg_field(L, k->offset) = i;
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
        *(uint32_t *)cfg_field(L, k->offset) = 0;
        *(bool *)cfg_field(L, k->aux) = true;
        return 0;
    }
    if (get_uint(L, s, k, n, &v) != 0)
        return -1;
    *(uint32_t *)cfg_field(L, k->offset) = (uint32_t)v;
    *(bool *)cfg_field(L, k->aux) = false;
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

/* For a text written as a quoted scalar (its lines fold, its escapes
 * shrink), the file line and column of each of its `len` bytes
 * (ydoc_quoted_map; the caller owns it), or NULL: a plain or block
 * scalar, a --set value, or source the map does not follow. */
static int *quoted_map(const cfg_slot *s, size_t len)
{
    const yaml_node_t *n = s->value;
    if (s->doc->fixed || len == 0
        || (n->data.scalar.style != YAML_SINGLE_QUOTED_SCALAR_STYLE
            && n->data.scalar.style != YAML_DOUBLE_QUOTED_SCALAR_STYLE))
        return NULL;
    size_t ln_len;
    const char *ln = ydoc_line(s->doc, s->mark.line - 1, &ln_len);
    if (!ln)
        return NULL;
    const char *src = ln + column_offset(ln, ln_len, s->mark.column - 1);
    size_t avail = (size_t)(s->doc->text + s->doc->size - src);
    int *map = xcalloc(2 * len + 1, sizeof *map);
    if (ydoc_quoted_map(src, avail, len, map) != 0) {
        free(map);
        return NULL;
    }
    for (size_t i = 0; i < len; i++) {
        map[2 * i + 1] += map[2 * i] ? 0 : s->mark.column;
        map[2 * i] += s->mark.line;
    }
    return map;
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
    char **dst = cfg_field(L, k->offset);
    free(*dst);
    *dst = copy;
    int *where = cfg_field(L, k->aux);
    text_origin(s, &where[0], &where[1]);
    int **map = cfg_field(L, k->aux + 2 * sizeof(int));
    free(*map);
    *map = quoted_map(s, len);
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

/* The launch-shape names a T_SIZE expression may use (expr.h's
 * EXPR_NAMES_SHAPE), for did-you-mean. */
static const char *const shape_names[] = {
    "workgroup_size", "workgroup_x", "workgroup_y", "workgroup_z",
    "simd_width", "elements_per_invocation",
};

/* The error for key k's expression (its text `text`, `len` bytes) that
 * expr.c refused with `xe`: at the offending character; for a launch
 * shape's name that does not exist, a did-you-mean; expr.c's "the count"
 * (a repeat's) called "the expression". */
static int expression_error(const cfg_loader *L, const cfg_slot *s,
                            const cfg_key *k, const char *text, size_t len,
                            expr_names names, const expr_error *xe)
{
    cusim_mark m = s->mark;
    m.column = scalar_column(s, xe->offset);
    if (names == EXPR_NAMES_SHAPE
        && strncmp(xe->message, "unknown name '", 14) == 0) {
        size_t w = 0;
        while (xe->offset + w < len
               && lex_is_ident_char(text[xe->offset + w]))
            w++;
        char word[SUGGEST_MAX_LEN + 1];
        snprintf(word, sizeof word, "%.*s", (int)w, text + xe->offset);
        const char *near = suggest_within(word, strlen(word), shape_names, 6,
                                          w > 2 ? 2 : w ? w - 1 : 0);
        if (!near)   /* abbreviations */
            near = suggest_nearest(word, shape_names, 6);
        if (near)
            return err_at(L->err, &m, "%s%s: unknown name '%.*s' in the "
                          "expression (did you mean '%s'?)", s->shown,
                          k->path, (int)w, text + xe->offset, near);
        return err_at(L->err, &m, "%s%s: unknown name '%.*s' in the "
                      "expression (expected workgroup_size, workgroup_x, "
                      "workgroup_y, workgroup_z, simd_width or "
                      "elements_per_invocation)", s->shown, k->path, (int)w,
                      text + xe->offset);
    }
    char msg[sizeof xe->message + 16];
    const char *count = strstr(xe->message, "the count");
    if (count)
        snprintf(msg, sizeof msg, "%.*sthe expression%s",
                 (int)(count - xe->message), xe->message, count + 9);
    else
        snprintf(msg, sizeof msg, "%s", xe->message);
    return err_at(L->err, &m, "%s%s: %s", s->shown, k->path, msg);
}

/* Key k's value written as an expression of `names`: checks it holds no
 * NUL (`want`: what the key expects, for that message), its syntax and
 * names, and that its text fits `cap` bytes with its NUL; copies the text
 * to `out`. */
static int expression_text(const cfg_loader *L, const cfg_slot *s,
                           const cfg_key *k, expr_names names,
                           const char *want, char *out, size_t cap)
{
    const yaml_node_t *n = s->value;
    const char *text = (const char *)n->data.scalar.value;
    size_t len = n->data.scalar.length;
    expr_error xe;
    if (strlen(text) != len)
        return err_at(L->err, &s->mark, "%s%s: the text contains a NUL "
                      "character (expected %s)", s->shown, k->path, want);
    expr *e = expr_parse_names(text, len, names, &xe);
    if (!e)
        return expression_error(L, s, k, text, len, names, &xe);
    size_t tlen = strlen(expr_text(e));
    if (tlen >= cap) {
        expr_free(e);
        return err_at(L->err, &s->mark, "%s%s: the expression is %zu "
                      "characters long (at most %zu)", s->shown, k->path,
                      tlen, cap - 1);
    }
    memcpy(out, expr_text(e), tlen + 1);
    expr_free(e);
    return 0;
}

/* An entry's count written as an expression: checks its syntax and names
 * and keeps its text (the number becomes 0 until it is evaluated). */
static int convert_expression(const cfg_loader *L, const cfg_slot *s,
                              const cfg_key *k)
{
    char want[160];
    if (expression_text(L, s, k, EXPR_NAMES_DISPATCH,
                        expectation_in(L, k, want, sizeof want),
                        cfg_field(L, k->aux), CFG_EXPR_CAP) != 0)
        return -1;
    *(uint64_t *)cfg_field(L, k->offset) = 0;
    return 0;
}

static int convert_count(const cfg_loader *L, const cfg_slot *s,
                         const cfg_key *k)
{
    const yaml_node_t *n = s->value;
    uint64_t v;
    *(char *)cfg_field(L, k->aux) = '\0';
    if (L->entry >= 0 && n->type == YAML_SCALAR_NODE
        && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE
        && !ydoc_is_null(n)
        && parse_decimal((const char *)n->data.scalar.value,
                         n->data.scalar.length, &v) < 0)
        return convert_expression(L, s, k);
    if (get_uint(L, s, k, n, &v) != 0)
        return -1;
    *(uint64_t *)cfg_field(L, k->offset) = v;
    return 0;
}

/* A T_SIZE key written as an expression of the launch shape: checks its
 * syntax and names (an unknown name with a did-you-mean) and keeps its
 * text, and whether its columns read as in the file; the number becomes
 * 0 until it is evaluated for a shape. */
static int convert_size_expression(const cfg_loader *L, const cfg_slot *s,
                                   const cfg_key *k)
{
    char want[160];
    cusim_shape_expr *x = cfg_field(L, k->aux);
    if (expression_text(L, s, k, EXPR_NAMES_SHAPE,
                        cfg_expectation(k, want, sizeof want), x->text,
                        sizeof x->text) != 0)
        return -1;
    /* the columns read as in the file when byte 1 is one column on */
    size_t tlen = strlen(x->text);
    x->columns = tlen > 1 && scalar_column(s, 1) == s->mark.column + 1;
    *(uint32_t *)cfg_field(L, k->offset) = 0;
    return 0;
}

/* A T_SIZE key: a plain decimal number as T_UINT (with its messages), or
 * else an expression of the launch shape. */
static int convert_size(const cfg_loader *L, const cfg_slot *s,
                        const cfg_key *k)
{
    const yaml_node_t *n = s->value;
    uint64_t v;
    cusim_shape_expr *x = cfg_field(L, k->aux);
    memset(x, 0, sizeof *x);
    if (n->type == YAML_SCALAR_NODE
        && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE
        && !ydoc_is_null(n)
        && parse_decimal((const char *)n->data.scalar.value,
                         n->data.scalar.length, &v) < 0)
        return convert_size_expression(L, s, k);
    if (get_uint(L, s, k, n, &v) != 0)
        return -1;
    *(uint32_t *)cfg_field(L, k->offset) = (uint32_t)v;
    return 0;
}

/* The mark kept in the struct for `m`: file NULL for the config's own
 * file (as cfg_load.c keeps marks[]). */
static cusim_mark kept(const cfg_loader *L, cusim_mark m)
{
    if (m.file == L->file)
        m.file = NULL;
    return m;
}

/* `buffers`: a mapping of at most k->max `name: size` entries, each name
 * an identifier that is not `shared` nor a name of the address language,
 * each size a number of bytes (with KiB, MiB or GiB) or an expression of
 * the launch shape, checked here and evaluated when the program is
 * resolved. Replaces the whole list (a --set too). */
static int convert_buffers(const cfg_loader *L, const cfg_slot *s,
                           const cfg_key *k)
{
    const yaml_node_t *n = s->value;
    char got[200];
    cusim_buffer v[CUSIM_MAX_BUFFERS];
    if (n->type != YAML_MAPPING_NODE)
        return cfg_wrong(L, s, k, &s->mark, n, false);
    const yaml_node_pair_t *start = n->data.mapping.pairs.start;
    const yaml_node_pair_t *top = n->data.mapping.pairs.top;
    int count = 0;
    for (const yaml_node_pair_t *pr = start; pr < top; pr++, count++) {
        const yaml_node_t *kn = ydoc_node((ydoc *)s->doc, pr->key);
        const yaml_node_t *vn = ydoc_node((ydoc *)s->doc, pr->value);
        cusim_mark km = ydoc_mark(s->doc, kn), vm = ydoc_mark(s->doc, vn);
        if (count == (int)k->max)
            return err_at(L->err, &km, "%s%s: too many buffers (at most "
                          "%llu, got %ld)", s->shown, k->path,
                          (unsigned long long)k->max, (long)(top - start));
        if (kn->type != YAML_SCALAR_NODE)
            return err_at(L->err, &km, "%s%s: expected a buffer name, got "
                          "%s", s->shown, k->path,
                          ydoc_describe(kn, false, got, sizeof got));
        const char *name = (const char *)kn->data.scalar.value;
        size_t len = kn->data.scalar.length;
        bool ident = len > 0 && strlen(name) == len
                     && lex_is_ident_start(name[0]);
        for (size_t i = 1; ident && i < len; i++)
            ident = lex_is_ident_char(name[i]);
        if (!ident || len > CUSIM_BUFFER_NAME_MAX)
            return err_at(L->err, &km, "%s%s: expected a buffer name (a "
                          "letter or '_', then letters, digits or '_'; at "
                          "most %d characters), got %s", s->shown, k->path,
                          CUSIM_BUFFER_NAME_MAX,
                          ydoc_describe(kn, true, got, sizeof got));
        if ((len == 6 && memcmp(name, "shared", 6) == 0)
            || addr_is_name(name, len))
            return err_at(L->err, &km, "%s%s: '%s' is reserved (%s); "
                          "expected another buffer name", s->shown, k->path,
                          name, len == 6 && memcmp(name, "shared", 6) == 0
                          ? "at=shared[...] is the workgroup's shared "
                            "memory" : "a name of the at= expressions");
        for (int j = 0; j < count; j++)
            if (strcmp(v[j].name, name) == 0)
                return err_at(L->err, &km, "%s%s: buffer '%s' given twice "
                              "(first at line %d, column %d)", s->shown,
                              k->path, name, v[j].name_mark.line,
                              v[j].name_mark.column);
        if (vn->type != YAML_SCALAR_NODE || ydoc_is_null(vn))
            return err_at(L->err, &vm, "%s%s.%s: expected a size in bytes "
                          "(N, N KiB|MiB|GiB or an expression of the "
                          "launch shape), got %s", s->shown, k->path, name,
                          ydoc_describe(vn, true, got, sizeof got));
        const char *text = (const char *)vn->data.scalar.value;
        size_t tlen = vn->data.scalar.length;
        addr_error xe;
        addr_src *x;
        uint64_t bytes;
        if (strlen(text) != tlen
            || addr_size_parse(text, tlen, &bytes, &x, &xe) != 0) {
            cusim_mark m = vm;
            if (strlen(text) != tlen)
                snprintf(xe.message, sizeof xe.message, "the text contains "
                         "a NUL character");
            else if (vn->data.scalar.style == YAML_PLAIN_SCALAR_STYLE) {
                cfg_slot at = *s;
                at.value = vn;
                at.mark = vm;
                m.column = scalar_column(&at, xe.offset);
            }
            return err_at(L->err, &m, "%s%s.%s: %s", s->shown, k->path,
                          name, xe.message);
        }
        size_t shown = x ? strlen(addr_src_text(x)) : tlen;
        const char *keep = x ? addr_src_text(x) : text;
        if (!x && bytes == 0) {
            return err_at(L->err, &vm, "%s%s.%s: a buffer of 0 bytes "
                          "(expected at least 1)", s->shown, k->path, name);
        }
        if (shown > CUSIM_BUFFER_SIZE_MAX) {
            addr_src_free(x);
            return err_at(L->err, &vm, "%s%s.%s: the size is %zu characters "
                          "long (at most %d)", s->shown, k->path, name,
                          shown, CUSIM_BUFFER_SIZE_MAX);
        }
        memset(&v[count], 0, sizeof v[count]);
        memcpy(v[count].name, name, len + 1);
        if (x)
            memcpy(v[count].size, keep, shown + 1);
        else
            snprintf(v[count].size, sizeof v[count].size, "%llu",
                     (unsigned long long)bytes);
        addr_src_free(x);
        v[count].name_mark = kept(L, km);
        v[count].size_mark = kept(L, vm);
    }
    cusim_buffer *dst = cfg_field(L, k->offset);
    memset(dst, 0, CUSIM_MAX_BUFFERS * sizeof *dst);
    memcpy(dst, v, (size_t)count * sizeof *v);
    *(int *)cfg_field(L, k->aux) = count;
    return 0;
}

/* Checks the shape of the list of further dispatches: at most k->max
 * entries, each a mapping. The entries themselves are loaded once the
 * first dispatch is resolved (cfg_load_dispatches, cfg_dispatch.c). */
static int convert_dispatches(const cfg_loader *L, const cfg_slot *s,
                              const cfg_key *k)
{
    const yaml_node_t *n = s->value;
    char got[200], keys[512];
    if (n->type != YAML_SEQUENCE_NODE)
        return cfg_wrong(L, s, k, &s->mark, n, false);
    const yaml_node_item_t *it = n->data.sequence.items.start;
    long count = n->data.sequence.items.top - it;
    for (long i = 0; i < count; i++) {
        const yaml_node_t *e = ydoc_node((ydoc *)s->doc, it[i]);
        cusim_mark m = ydoc_mark(s->doc, e);
        if (i == (long)k->max)
            return err_at(L->err, &m, "%s%s[%ld]: too many dispatches (at "
                          "most %llu may follow the first, got %ld)",
                          s->shown, k->path, i,
                          (unsigned long long)k->max, count);
        if (e->type != YAML_MAPPING_NODE) {
            cfg_list_children(&cfg_dispatch_table, "", keys, sizeof keys);
            return err_at(L->err, &m, "%s%s[%ld]: expected a dispatch "
                          "mapping (of %s), got %s", s->shown, k->path, i,
                          keys, ydoc_describe(e, false, got, sizeof got));
        }
    }
    return 0;
}

/* Converts slot `i`'s value into its field, checking type and range. */
int cfg_convert(const cfg_loader *L, int i)
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
        *(uint32_t *)cfg_field(L, k->offset) = (uint32_t)v;
        return 0;
    case T_UINT64:
        if (get_uint(L, s, k, s->value, &v) != 0)
            return -1;
        *(uint64_t *)cfg_field(L, k->offset) = v;
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
    case T_SIZE:
        return convert_size(L, s, k);
    case T_DISPATCHES:
        return convert_dispatches(L, s, k);
    case T_BUFFERS:
        return convert_buffers(L, s, k);
    }
    return -1;
}
