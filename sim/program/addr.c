/*
 * addr.c — the address of each lane of a memory instruction: the
 * expression language of `at=BUF[EXPR]` (docs/isa.md "Addresses"), its
 * resolution for one instruction, and the addresses a subgroup's lanes
 * touch (whose lines and sectors are sim/model/coalesce.c's).
 *
 * Three steps:
 *   addr_parse    text -> addr_src: a tree of nodes in one array (syntax
 *                 and names checked; offsets kept for messages)
 *   addr_resolve  addr_src + the instruction's constants -> addr_expr: a
 *                 postfix program with every constant subtree folded, and
 *                 a flag saying whether the index is affine in the lane
 *   addr_eval     addr_expr + a subgroup -> its lanes' addresses, a run
 *                 in closed form or a list; no allocation
 *
 * Affine: lane, lid and gid are a + lane (a per subgroup); so are lid_x
 * when workgroup_x is a multiple of the SIMD width (a subgroup never
 * crosses a row), and then lid_y is per subgroup. Sums, differences,
 * negations of affine terms, products and left shifts of an affine term by
 * a per-subgroup one stay affine; anything else of a lane-dependent term
 * is general. In 64-bit wrap arithmetic an affine f is exactly
 * f(0) + (f(1) - f(0)) x lane, so two evaluations give a and b. An index
 * `f % elems`, f affine and elems the region's elements, wraps as f does:
 * its lanes are f's (addr_expr's `wrapped`), a run when they span less
 * than the region (two runs where they cross its end).
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "addr.h"
#include "lex.h"
#include "suggest.h"
#include "xalloc.h"

/* ------------------------------------------------------------- the names */

/* Every name, by kind. Order matters: the leaves of the postfix program
 * are these indices. */
#define ADDR_NAMES(X)                                                       \
    X(LANE, "lane", LANE)                                                   \
    X(LID, "lid", LANE)                                                     \
    X(LID_X, "lid_x", LANE)                                                 \
    X(LID_Y, "lid_y", LANE)                                                 \
    X(GID, "gid", LANE)                                                     \
    X(WG, "wg", GROUP)                                                      \
    X(WG_X, "wg_x", GROUP)                                                  \
    X(WG_Y, "wg_y", GROUP)                                                  \
    X(SG, "sg", GROUP)                                                      \
    X(IT, "it", GROUP)                                                      \
    X(IT1, "it1", GROUP)                                                    \
    X(IT2, "it2", GROUP)                                                    \
    X(E, "e", INSN)                                                         \
    X(WORKGROUP_SIZE, "workgroup_size", SHAPE)                              \
    X(WORKGROUP_X, "workgroup_x", SHAPE)                                    \
    X(WORKGROUP_Y, "workgroup_y", SHAPE)                                    \
    X(WORKGROUP_Z, "workgroup_z", SHAPE)                                    \
    X(SIMD_WIDTH, "simd_width", SHAPE)                                      \
    X(ELEMENTS_PER_INVOCATION, "elements_per_invocation", SHAPE)            \
    X(ELEMENTS, "elements", SHAPE)

enum name_kind { KIND_LANE, KIND_GROUP, KIND_INSN, KIND_SHAPE };

#define ID_(id, text, kind) NAME_##id,
enum { ADDR_NAMES(ID_) N_NAMES };
#undef ID_
#define TEXT_(id, text, kind) text,
static const char *const name_text[] = { ADDR_NAMES(TEXT_) };
#undef TEXT_
#define KIND_(id, text, kind) KIND_##kind,
static const unsigned char name_kind[] = { ADDR_NAMES(KIND_) };
#undef KIND_

/* ------------------------------------------------------- the parsed tree */

typedef enum node_kind {
    NODE_NUM, NODE_NAME, NODE_NEG, NODE_NOT, NODE_BIN
} node_kind;

/* Binary operators, also the postfix program's operations after the
 * leaves (OP_BASE + op). */
typedef enum bin_op {
    B_ADD, B_SUB, B_MUL, B_DIV, B_MOD, B_SHL, B_SHR, B_AND, B_OR, B_XOR,
    B_MIN, B_MAX,
    B_EQ, B_NE, B_LT, B_LE, B_GT, B_GE,    /* 1 or 0 */
    B_LAND, B_LOR                          /* 1 or 0; the right operand
                                              only when the left does not
                                              decide (as in C) */
} bin_op;

static const char *const bin_text[] = {
    "+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "min", "max",
    "==", "!=", "<", "<=", ">", ">=", "&&", "||"
};

typedef struct addr_node {
    unsigned char kind;                /* node_kind */
    unsigned char op;                  /* bin_op / the name */
    uint16_t a, b;                     /* operands (node indices) */
    uint32_t offset;                   /* in the text, for messages */
    int64_t value;                     /* NODE_NUM */
} addr_node;

struct addr_src {
    addr_node *v;
    uint32_t n, root;
    char *text;                        /* trimmed copy */
    size_t lead;                       /* blanks cut before it */
};

typedef struct parser {
    const char *s;
    size_t len, pos;
    addr_names names;
    addr_src *src;
    addr_error *err;
    int depth;
} parser;

static int fail(parser *p, size_t at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(parser *p, size_t at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->err->message, sizeof p->err->message, fmt, ap);
    va_end(ap);
    p->err->offset = at;
    return -1;
}

static void skip(parser *p)
{
    while (p->pos < p->len && lex_is_blank(p->s[p->pos]))
        p->pos++;
}

static const char *what_is_at(const parser *p, size_t at, char buf[16])
{
    if (at >= p->len)
        return "the end of the expression";
    snprintf(buf, 16, "'%c'", p->s[at]);
    return buf;
}

static int node_add(parser *p, addr_node n, size_t at)
{
    if (p->src->n == ADDR_MAX_NODES)
        return fail(p, at, "the expression is too long (at most %d "
                    "operators and operands)", ADDR_MAX_NODES);
    n.offset = (uint32_t)at;
    p->src->v[p->src->n] = n;
    return (int)p->src->n++;
}

static int parse_expr(parser *p, int level);

/* The binary operators by precedence level, loosest first (C's); within a
 * level the longer of two texts that share a start comes first. */
static const bin_op levels[][4] = {
    { B_LOR }, { B_LAND }, { B_OR }, { B_XOR }, { B_AND }, { B_EQ, B_NE },
    { B_LE, B_LT, B_GE, B_GT }, { B_SHL, B_SHR }, { B_ADD, B_SUB },
    { B_MUL, B_DIV, B_MOD },
};
static const int level_ops[] = { 1, 1, 1, 1, 1, 2, 4, 2, 2, 3 };
#define N_LEVELS 10

static int parse_primary(parser *p)
{
    char buf[16];
    skip(p);
    size_t at = p->pos;
    if (at >= p->len)
        return fail(p, at, "expected a number, a name or '(' in the "
                    "expression, found the end of the expression");
    char c = p->s[at];
    if (c == '-' || (c == '!' && !(at + 1 < p->len && p->s[at + 1] == '='))) {
        p->pos++;
        if (++p->depth > 64)
            return fail(p, at, "the expression is nested too deeply");
        int a = parse_primary(p);
        p->depth--;
        if (a < 0)
            return -1;
        return node_add(p, (addr_node){ .kind = c == '-' ? NODE_NEG
                                                         : NODE_NOT,
                                        .a = (uint16_t)a }, at);
    }
    if (c == '(') {
        p->pos++;
        if (++p->depth > 64)
            return fail(p, at, "the expression is nested too deeply");
        int a = parse_expr(p, 0);
        p->depth--;
        if (a < 0)
            return -1;
        skip(p);
        if (p->pos >= p->len || p->s[p->pos] != ')')
            return fail(p, p->pos, "expected ')' to close the '(' at "
                        "offset %zu, found %s", at,
                        what_is_at(p, p->pos, buf));
        p->pos++;
        return a;
    }
    if (lex_is_digit(c)) {
        uint64_t v = 0;
        size_t i = at;
        int base = 10;
        if (c == '0' && i + 1 < p->len
            && (p->s[i + 1] == 'x' || p->s[i + 1] == 'X')) {
            base = 16;
            i += 2;
        }
        size_t digits = i;
        for (;; i++) {
            int d = -1;
            char ch = i < p->len ? p->s[i] : '\0';
            if (lex_is_digit(ch))
                d = ch - '0';
            else if (base == 16 && ch >= 'a' && ch <= 'f')
                d = ch - 'a' + 10;
            else if (base == 16 && ch >= 'A' && ch <= 'F')
                d = ch - 'A' + 10;
            if (d < 0)
                break;
            if (v > ((uint64_t)INT64_MAX - (uint64_t)d) / (uint64_t)base)
                return fail(p, at, "the number '%.*s' is too large (at "
                            "most %lld)", (int)(i - at + 1), p->s + at,
                            (long long)INT64_MAX);
            v = v * (uint64_t)base + (uint64_t)d;
        }
        if (i == digits || (i < p->len && lex_is_ident_char(p->s[i])))
            return fail(p, at, "malformed number '%.*s'",
                        (int)(i - at + (i < p->len)), p->s + at);
        p->pos = i;
        return node_add(p, (addr_node){ .kind = NODE_NUM,
                                        .value = (int64_t)v }, at);
    }
    if (!lex_is_ident_start(c))
        return fail(p, at, "expected a number, a name or '(' in the "
                    "expression, found %s", what_is_at(p, at, buf));
    size_t end = at;
    while (end < p->len && lex_is_ident_char(p->s[end]))
        end++;
    const char *w = p->s + at;
    size_t wl = end - at;
    p->pos = end;
    bool is_min = wl == 3 && memcmp(w, "min", 3) == 0;
    bool is_max = wl == 3 && memcmp(w, "max", 3) == 0;
    if (is_min || is_max) {
        skip(p);
        if (p->pos >= p->len || p->s[p->pos] != '(')
            return fail(p, p->pos, "expected '(' after '%s' (it takes two "
                        "arguments: %s(a, b)), found %s", is_min ? "min"
                        : "max", is_min ? "min" : "max",
                        what_is_at(p, p->pos, buf));
        p->pos++;
        int a = parse_expr(p, 0);
        if (a < 0)
            return -1;
        skip(p);
        if (p->pos >= p->len || p->s[p->pos] != ',')
            return fail(p, p->pos, "expected ',' between the two arguments "
                        "of '%s', found %s", is_min ? "min" : "max",
                        what_is_at(p, p->pos, buf));
        p->pos++;
        int b = parse_expr(p, 0);
        if (b < 0)
            return -1;
        skip(p);
        if (p->pos >= p->len || p->s[p->pos] != ')')
            return fail(p, p->pos, "expected ')' after the two arguments "
                        "of '%s', found %s", is_min ? "min" : "max",
                        what_is_at(p, p->pos, buf));
        p->pos++;
        return node_add(p, (addr_node){ .kind = NODE_BIN,
                                        .op = is_min ? B_MIN : B_MAX,
                                        .a = (uint16_t)a, .b = (uint16_t)b },
                        at);
    }
    int first = p->names == ADDR_NAMES_SIZE ? NAME_WORKGROUP_SIZE : 0;
    for (int i = first; i < N_NAMES; i++)
        if (strlen(name_text[i]) == wl && memcmp(name_text[i], w, wl) == 0)
            return node_add(p, (addr_node){ .kind = NODE_NAME,
                                            .op = (unsigned char)i }, at);
    const char *cands[N_NAMES + 2];
    size_t nc = 0;
    for (int i = first; i < N_NAMES; i++)
        cands[nc++] = name_text[i];
    cands[nc++] = "min";
    cands[nc++] = "max";
    const char *near = suggest_within(w, wl, cands, nc, wl > 2 ? 2 : wl - 1);
    if (!near)
        near = suggest_nearest(w, cands, nc);   /* abbreviations */
    if (near)
        return fail(p, at, "unknown name '%.*s' in the %s (did you mean "
                    "'%s'?)", (int)wl, w, p->names == ADDR_NAMES_SIZE
                    ? "size" : "address", near);
    return fail(p, at, "unknown name '%.*s' in the %s (expected %s)",
                (int)wl, w, p->names == ADDR_NAMES_SIZE ? "size"
                : "address", p->names == ADDR_NAMES_SIZE
                ? "a launch-shape name: workgroup_size, workgroup_x, "
                  "workgroup_y, workgroup_z, simd_width, "
                  "elements_per_invocation, elements"
                : "lane, lid, lid_x, lid_y, gid, wg, wg_x, wg_y, sg, it, "
                  "it1, it2, e or a launch-shape name");
}

/* The operator at the current position among level `lv`'s, or -1. */
static int match_op(parser *p, int lv, size_t *oplen)
{
    skip(p);
    for (int k = 0; k < level_ops[lv]; k++) {
        const char *t = bin_text[levels[lv][k]];
        size_t tl = strlen(t);
        if (p->pos + tl > p->len || memcmp(p->s + p->pos, t, tl) != 0)
            continue;
        /* '|' is not the start of '||', '&' of '&&', '<' of '<<' */
        char next = p->pos + tl < p->len ? p->s[p->pos + tl] : '\0';
        if (tl == 1 && (next == t[0] || ((t[0] == '<' || t[0] == '>')
                                         && next == '=')))
            continue;
        *oplen = tl;
        return levels[lv][k];
    }
    return -1;
}

static int parse_expr(parser *p, int level)
{
    if (level == N_LEVELS)
        return parse_primary(p);
    int a = parse_expr(p, level + 1);
    if (a < 0)
        return -1;
    for (;;) {
        size_t oplen;
        int op = match_op(p, level, &oplen);
        if (op < 0)
            return a;
        size_t at = p->pos;
        p->pos += oplen;
        int b = parse_expr(p, level + 1);
        if (b < 0)
            return -1;
        a = node_add(p, (addr_node){ .kind = NODE_BIN, .op = (unsigned char)op,
                                     .a = (uint16_t)a, .b = (uint16_t)b },
                     at);
        if (a < 0)
            return -1;
    }
}

bool addr_is_name(const char *s, size_t len)
{
    for (int i = 0; i < N_NAMES; i++)
        if (strlen(name_text[i]) == len && memcmp(name_text[i], s, len) == 0)
            return true;
    return (len == 3 && (memcmp(s, "min", 3) == 0
                         || memcmp(s, "max", 3) == 0));
}

int addr_size_parse(const char *text, size_t len, uint64_t *bytes,
                    addr_src **expr, addr_error *err)
{
    static const struct { const char *suffix; unsigned shift; } units[] = {
        { "", 0 }, { "KiB", 10 }, { "MiB", 20 }, { "GiB", 30 },
    };
    const uint64_t max = (uint64_t)1 << 48;
    size_t i = 0, end = len;
    while (i < len && lex_is_blank(text[i]))
        i++;
    while (end > i && lex_is_blank(text[end - 1]))
        end--;
    size_t d = i;
    uint64_t v = 0;
    bool big = false;
    while (d < end && lex_is_digit(text[d])) {
        v = v * 10 + (uint64_t)(text[d++] - '0');
        big |= v > max;
    }
    size_t u = d;
    while (u < end && lex_is_blank(text[u]))
        u++;
    *expr = NULL;
    if (d > i && !(d + 1 < end && (text[d] == 'x' || text[d] == 'X')))
        for (size_t k = 0; k < sizeof units / sizeof units[0]; k++) {
            size_t sl = strlen(units[k].suffix);
            if (end - u != sl || memcmp(text + u, units[k].suffix, sl) != 0
                || (sl == 0 && u != d))
                continue;
            if (big || v > (max >> units[k].shift)) {
                err->offset = i;
                snprintf(err->message, sizeof err->message,
                         "the size '%.*s' is more than 2^48 bytes",
                         (int)(end - i), text + i);
                return -1;
            }
            *bytes = v << units[k].shift;
            return 0;
        }
    *expr = addr_parse(text, len, ADDR_NAMES_SIZE, err);
    return *expr ? 0 : -1;
}

void addr_src_free(addr_src *s)
{
    if (!s)
        return;
    free(s->v);
    free(s->text);
    free(s);
}

addr_src *addr_parse(const char *text, size_t len, addr_names names,
                     addr_error *err)
{
    char buf[16];
    addr_src *src = xcalloc(1, sizeof *src);
    src->v = xrealloc_array(NULL, ADDR_MAX_NODES, sizeof *src->v);
    parser p = { .s = text, .len = len, .names = names, .src = src,
                 .err = err };
    skip(&p);
    size_t lead = p.pos;
    int root = p.pos >= len
               ? fail(&p, p.pos, "expected an expression, found nothing")
               : parse_expr(&p, 0);
    if (root >= 0) {
        skip(&p);
        if (p.pos < len) {
            root = fail(&p, p.pos, "expected an operator or the end of the "
                        "expression, found %s%s", what_is_at(&p, p.pos, buf),
                        p.s[p.pos] == '=' ? " (a comparison is '==')" : "");
        }
    }
    if (root < 0) {
        addr_src_free(src);
        return NULL;
    }
    size_t end = len;
    while (end > lead && lex_is_blank(text[end - 1]))
        end--;
    src->root = (uint32_t)root;
    src->text = xstrndup(text + lead, end - lead);
    src->lead = lead;
    return src;
}

addr_src *addr_src_clone(const addr_src *s)
{
    if (!s)
        return NULL;
    addr_src *c = xcalloc(1, sizeof *c);
    *c = *s;
    c->v = xrealloc_array(NULL, ADDR_MAX_NODES, sizeof *c->v);
    memcpy(c->v, s->v, s->n * sizeof *s->v);
    c->text = xstrdup(s->text);
    return c;
}

const char *addr_src_text(const addr_src *s)
{
    return s->text;
}

bool addr_src_names_e(const addr_src *s)
{
    for (uint32_t i = 0; i < s->n; i++)
        if (s->v[i].kind == NODE_NAME && s->v[i].op == NAME_E)
            return true;
    return false;
}

bool addr_src_names_workgroup(const addr_src *s)
{
    for (uint32_t i = 0; i < s->n; i++)
        if (s->v[i].kind == NODE_NAME
            && (s->v[i].op == NAME_GID || s->v[i].op == NAME_WG
                || s->v[i].op == NAME_WG_X || s->v[i].op == NAME_WG_Y))
            return true;
    return false;
}

/* ------------------------------------------------------------ arithmetic */

/* 64-bit two's complement wrap; C's truncating division, with
 * INT64_MIN / -1 = INT64_MIN and INT64_MIN % -1 = 0; shift counts taken
 * mod 64, >> arithmetic. Returns -1 on a division by zero. */
static int apply(bin_op op, int64_t a, int64_t b, int64_t *out)
{
    uint64_t ua = (uint64_t)a, ub = (uint64_t)b;
    switch (op) {
    case B_ADD: *out = (int64_t)(ua + ub); return 0;
    case B_SUB: *out = (int64_t)(ua - ub); return 0;
    case B_MUL: *out = (int64_t)(ua * ub); return 0;
    case B_DIV:
    case B_MOD:
        if (b == 0)
            return -1;
        if (b == -1) {
            *out = op == B_DIV ? (int64_t)(0 - ua) : 0;
            return 0;
        }
        *out = op == B_DIV ? a / b : a % b;
        return 0;
    case B_SHL: *out = (int64_t)(ua << (ub & 63)); return 0;
    case B_SHR:
        *out = a < 0 ? (int64_t)~(~ua >> (ub & 63)) : (int64_t)(ua >> (ub & 63));
        return 0;
    case B_AND: *out = (int64_t)(ua & ub); return 0;
    case B_OR: *out = (int64_t)(ua | ub); return 0;
    case B_XOR: *out = (int64_t)(ua ^ ub); return 0;
    case B_MIN: *out = a < b ? a : b; return 0;
    case B_MAX: *out = a > b ? a : b; return 0;
    case B_EQ: *out = a == b; return 0;
    case B_NE: *out = a != b; return 0;
    case B_LT: *out = a < b; return 0;
    case B_LE: *out = a <= b; return 0;
    case B_GT: *out = a > b; return 0;
    case B_GE: *out = a >= b; return 0;
    case B_LAND: *out = a != 0 && b != 0; return 0;
    case B_LOR: *out = a != 0 || b != 0; return 0;
    }
    return 0;
}

/* -------------------------------------------------------------- resolved */

/* The postfix program: a leaf pushes a name's value (op < N_NAMES) or a
 * constant (OP_CONST); OP_NEG negates, OP_NOT is C's `!`, OP_BOOL makes
 * the top 1 when it is not 0; OP_BIN + op combines two. `a && b` is a's
 * code, OP_JZ, b's code, OP_BOOL: OP_JZ leaves 0 and skips `value` ops
 * (b's and the OP_BOOL) when a is 0, else pops a; `a || b` the same with
 * OP_JNZ, which leaves 1 and skips when a is not 0. Jumps are relative,
 * so code moved as a block keeps them. */
enum { OP_CONST = N_NAMES, OP_NEG, OP_NOT, OP_BOOL, OP_JZ, OP_JNZ, OP_BIN };

typedef struct addr_op {
    uint8_t op;
    int64_t value;                     /* OP_CONST; OP_JZ/OP_JNZ: ops to
                                          skip */
} addr_op;

/* The most ops a parsed expression resolves to: a node emits at most two
 * (a logical operator's jump and OP_BOOL). */
#define ADDR_MAX_OPS (2 * ADDR_MAX_NODES + 1)

/* Invariant: `code` is a well-formed postfix program of n ops needing at
 * most ADDR_MAX_NODES stack slots; `elems` >= 1. */
struct addr_expr {
    uint64_t base;                     /* the region's first byte */
    uint64_t elems;                    /* elements in it (wrap modulus) */
    uint32_t bytes;                    /* per element */
    uint32_t width;                    /* SIMD width affinity assumed */
    uint32_t wx, wy, wg_size, grid_x;  /* for lid_x, lid_y, gid, wg_x/y */
    bool affine;
    bool lane_free;                    /* no per-lane name at all */
    bool vec;                          /* its lanes can be evaluated all
                                          at once (find_vec) */
    bool linear;                       /* the index is lin[NAME_E] + the sum
                                          of lin[i] x name i (wrap
                                          arithmetic): evaluated without
                                          the program */
    int64_t lin[NAME_E + 1];
    uint32_t uses;                     /* bit i: name i is read */
    /* the index is `wrapped`'s (an affine program) modulo elems: the
     * same once wrapped into the region, so a subgroup's lanes can be
     * a run of it (addr_eval); NULL otherwise. Owned. */
    struct addr_expr *wrapped;
    uint32_t n;
    addr_op code[];
};

/* How a folded subtree depends on the lane. */
typedef enum dep { DEP_CONST, DEP_GROUP, DEP_AFFINE, DEP_GENERAL } dep;

typedef struct folder {
    const addr_src *s;
    const addr_bind *b;
    addr_error *err;
    addr_op *code;
    uint32_t n;
    bool lidx_affine;                  /* workgroup_x % simd_width == 0 */
    uint32_t uses;                     /* bit i: name i is emitted */
    int mod_dep;                       /* the root is `a % elems`, a not
                                          constant: a's dependence; else
                                          -1 */
} folder;

static bool shape_value(const addr_bind *b, int name, int64_t *v)
{
    switch (name) {
    case NAME_E: *v = b->e; return true;
    case NAME_WORKGROUP_SIZE: *v = b->workgroup_size; return true;
    case NAME_WORKGROUP_X: *v = b->workgroup_x; return true;
    case NAME_WORKGROUP_Y: *v = b->workgroup_y; return true;
    case NAME_WORKGROUP_Z: *v = b->workgroup_z; return true;
    case NAME_SIMD_WIDTH: *v = b->simd_width; return true;
    case NAME_ELEMENTS_PER_INVOCATION:
        *v = b->elements_per_invocation;
        return true;
    case NAME_ELEMENTS: *v = (int64_t)b->elements; return true;
    }
    return false;
}

static int fold(folder *f, uint32_t i, int64_t *value);

/* fold for `a && b` / `a || b` (node nd). A constant left operand that
 * decides drops the right one's code (its constant divisions by zero are
 * still errors); one that does not leaves b made 0 or 1. */
static int fold_logical(folder *f, const addr_node *nd, int64_t *value)
{
    bool and = nd->op == B_LAND;
    int64_t va, vb;
    int da = fold(f, nd->a, &va);
    if (da < 0)
        return -1;
    uint32_t mark = f->n;
    if (da != DEP_CONST)
        f->code[f->n++] = (addr_op){ and ? OP_JZ : OP_JNZ, 0 };
    uint32_t jump = f->n - 1;
    int db = fold(f, nd->b, &vb);
    if (db < 0)
        return -1;
    if (da == DEP_CONST && (va != 0) != and) {
        f->n = mark;   /* decided by a */
        *value = !and;
        return DEP_CONST;
    }
    if (db == DEP_CONST) {
        if (da == DEP_CONST) {
            *value = vb != 0;
            return DEP_CONST;
        }
        f->code[f->n++] = (addr_op){ OP_CONST, vb };
    }
    f->code[f->n++] = (addr_op){ OP_BOOL, 0 };
    if (da != DEP_CONST)
        f->code[jump].value = f->n - 1 - jump;
    int hi = da > db ? da : db;
    return hi <= DEP_GROUP ? DEP_GROUP : DEP_GENERAL;
}

/* Folds node i: when it is constant returns DEP_CONST with *value and
 * emits nothing; otherwise emits its postfix code (constant operands
 * pushed as OP_CONST) and returns how it depends on the lane. -1 on a
 * constant division by zero. */
static int fold(folder *f, uint32_t i, int64_t *value)
{
    const addr_node *nd = &f->s->v[i];
    switch ((node_kind)nd->kind) {
    case NODE_NUM:
        *value = nd->value;
        return DEP_CONST;
    case NODE_NAME: {
        if (shape_value(f->b, nd->op, value))
            return DEP_CONST;
        f->code[f->n++] = (addr_op){ nd->op, 0 };
        f->uses |= 1u << nd->op;
        if (name_kind[nd->op] == KIND_GROUP)
            return DEP_GROUP;
        if (nd->op == NAME_LID_X)
            return f->lidx_affine ? DEP_AFFINE : DEP_GENERAL;
        if (nd->op == NAME_LID_Y)
            return f->lidx_affine ? DEP_GROUP : DEP_GENERAL;
        return DEP_AFFINE;
    }
    case NODE_NEG:
    case NODE_NOT: {
        int64_t v;
        int d = fold(f, nd->a, &v);
        if (d < 0)
            return -1;
        bool neg = nd->kind == NODE_NEG;
        if (d == DEP_CONST) {
            *value = neg ? (int64_t)(0 - (uint64_t)v) : v == 0;
            return DEP_CONST;
        }
        f->code[f->n++] = (addr_op){ neg ? OP_NEG : OP_NOT, 0 };
        return neg || d != DEP_AFFINE ? d : DEP_GENERAL;
    }
    case NODE_BIN:
        break;
    }
    bin_op op = (bin_op)nd->op;
    if (op == B_LAND || op == B_LOR)
        return fold_logical(f, nd, value);
    uint32_t mark = f->n;
    int64_t va, vb;
    int da = fold(f, nd->a, &va);
    if (da < 0)
        return -1;
    int db = fold(f, nd->b, &vb);
    if (db < 0)
        return -1;
    if (i == f->s->root && op == B_MOD && db == DEP_CONST
        && (uint64_t)vb == f->b->length / f->b->bytes && da != DEP_CONST)
        f->mod_dep = da;
    if (da == DEP_CONST && db == DEP_CONST) {
        if (apply(op, va, vb, value) < 0) {
            f->err->offset = nd->offset;
            snprintf(f->err->message, sizeof f->err->message,
                     "%s by zero in the address (the divisor is always 0)",
                     op == B_DIV ? "division" : "remainder");
            return -1;
        }
        return DEP_CONST;
    }
    if (db == DEP_CONST && vb == 0 && (op == B_DIV || op == B_MOD)) {
        f->err->offset = nd->offset;
        snprintf(f->err->message, sizeof f->err->message,
                 "%s by zero in the address (the divisor is always 0)",
                 op == B_DIV ? "division" : "remainder");
        return -1;
    }
    /* Constant operands were not emitted: put them in place. */
    if (da == DEP_CONST) {
        memmove(&f->code[mark + 1], &f->code[mark],
                (f->n - mark) * sizeof *f->code);
        f->code[mark] = (addr_op){ OP_CONST, va };
        f->n++;
    }
    if (db == DEP_CONST)
        f->code[f->n++] = (addr_op){ OP_CONST, vb };
    f->code[f->n++] = (addr_op){ (uint8_t)(OP_BIN + op), 0 };
    int hi = da > db ? da : db;
    int lo = da < db ? da : db;
    if (hi <= DEP_GROUP)
        return DEP_GROUP;
    if (hi == DEP_GENERAL)
        return DEP_GENERAL;
    switch (op) {
    case B_ADD:
    case B_SUB:
        return DEP_AFFINE;
    case B_MUL:
        return lo <= DEP_GROUP ? DEP_AFFINE : DEP_GENERAL;
    case B_SHL:
        return da == DEP_AFFINE && db <= DEP_GROUP ? DEP_AFFINE
                                                   : DEP_GENERAL;
    default:
        return DEP_GENERAL;
    }
}

static addr_expr *expr_new(uint32_t n)
{
    addr_expr *x = xmalloc(sizeof *x + (n ? n : 1) * sizeof(addr_op));
    memset(x, 0, sizeof *x);
    x->n = n;
    return x;
}

static void find_linear(addr_expr *x);
static bool find_vec(const addr_expr *x);

addr_expr *addr_resolve(const addr_src *s, const addr_bind *b,
                        addr_error *err)
{
    if (b->bytes == 0 || b->length < b->bytes) {
        err->offset = 0;
        snprintf(err->message, sizeof err->message,
                 "the region addressed (%llu bytes) holds no element of "
                 "%u bytes", (unsigned long long)b->length, b->bytes);
        return NULL;
    }
    addr_op code[ADDR_MAX_OPS];
    folder f = { .s = s, .b = b, .err = err, .code = code,
                 .lidx_affine = b->simd_width > 0 && b->workgroup_x > 0
                                && b->workgroup_x % b->simd_width == 0,
                 .mod_dep = -1 };
    int64_t v;
    int d = fold(&f, s->root, &v);
    if (d < 0)
        return NULL;
    if (d == DEP_CONST)
        code[f.n++] = (addr_op){ OP_CONST, v };
    addr_expr *x = expr_new(f.n);
    memcpy(x->code, code, f.n * sizeof *code);
    x->base = b->base;
    x->elems = b->length / b->bytes;
    x->bytes = b->bytes;
    x->width = b->simd_width;
    x->wx = b->workgroup_x ? b->workgroup_x : 1;
    x->wy = b->workgroup_y ? b->workgroup_y : 1;
    x->wg_size = b->workgroup_size;
    x->grid_x = b->grid_x;
    x->affine = d != DEP_GENERAL;
    x->lane_free = d <= DEP_GROUP;
    x->uses = f.uses;
    find_linear(x);
    x->vec = find_vec(x);
    if (f.mod_dep == DEP_AFFINE) {
        /* `a % elems`, a affine: a's program is the code but its last two
         * ops (the constant and the remainder) */
        assert(f.n >= 2 && x->code[f.n - 1].op == OP_BIN + B_MOD);
        addr_expr *w = expr_new(f.n - 2);
        memcpy(w, x, sizeof *w);
        w->n = f.n - 2;
        memcpy(w->code, code, w->n * sizeof *code);
        w->affine = true;
        w->linear = false;
        find_linear(w);
        w->vec = find_vec(w);
        w->wrapped = NULL;
        x->wrapped = w;
    }
    return x;
}

/* Whether x's program is linear in the per-lane and per-subgroup names
 * (sums, differences and products by a constant of them and constants):
 * then its coefficients go to x->lin. Worked out once, when resolved. */
static void find_linear(addr_expr *x)
{
    enum { W = NAME_E + 1 };
    uint64_t (*st)[W] = xcalloc(x->n + 1, sizeof *st);
    uint32_t sp = 0;
    bool ok = true;
    for (uint32_t i = 0; i < x->n && ok; i++) {
        const addr_op *o = &x->code[i];
        if (o->op < NAME_E) {
            memset(st[sp], 0, sizeof st[sp]);
            st[sp++][o->op] = 1;
        } else if (o->op == OP_CONST) {
            memset(st[sp], 0, sizeof st[sp]);
            st[sp++][NAME_E] = (uint64_t)o->value;
        } else if (o->op == OP_NEG) {
            for (int k = 0; k < W; k++)
                st[sp - 1][k] = 0 - st[sp - 1][k];
        } else if (o->op < OP_BIN) {
            ok = false;        /* !, a condition: not linear */
        } else {
            sp--;
            uint64_t *a = st[sp - 1], *b = st[sp];
            bool a_const = true, b_const = true;
            for (int k = 0; k < NAME_E; k++) {
                a_const &= a[k] == 0;
                b_const &= b[k] == 0;
            }
            switch ((bin_op)(o->op - OP_BIN)) {
            case B_ADD:
                for (int k = 0; k < W; k++)
                    a[k] += b[k];
                break;
            case B_SUB:
                for (int k = 0; k < W; k++)
                    a[k] -= b[k];
                break;
            case B_MUL:
                if (b_const)
                    for (int k = 0; k < W; k++)
                        a[k] *= b[NAME_E];
                else if (a_const)
                    for (int k = 0; k < W; k++)
                        a[k] = b[k] * a[NAME_E];
                else
                    ok = false;
                break;
            case B_SHL:   /* by a constant below 64: a product */
                if (b_const && b[NAME_E] < 64)
                    for (int k = 0; k < W; k++)
                        a[k] <<= b[NAME_E];
                else
                    ok = false;
                break;
            default:
                ok = false;   /* (a constant one was folded away) */
                break;
            }
        }
    }
    if (ok && sp == 1) {
        x->linear = true;
        for (int k = 0; k < W; k++)
            x->lin[k] = (int64_t)st[0][k];
    }
    free(st);
}

void addr_expr_free(addr_expr *x)
{
    if (x)
        free(x->wrapped);
    free(x);
}

bool addr_is_uniform(const addr_expr *x)
{
    return x->lane_free;
}

bool addr_is_affine(const addr_expr *x)
{
    return x->affine;
}

int addr_const_eval(const addr_src *s, const addr_bind *b, int64_t *out,
                    addr_error *err)
{
    addr_op code[ADDR_MAX_OPS];
    folder f = { .s = s, .b = b, .err = err, .code = code };
    int d = fold(&f, s->root, out);
    if (d < 0)
        return -1;
    /* ADDR_NAMES_SIZE has only constant names: everything folded. */
    return d == DEP_CONST ? 0 : -1;
}

/* ------------------------------------------------------------ evaluation */

/* The values of the per-subgroup names, and the base of the per-lane
 * ones. */
typedef struct lane_env {
    int64_t v[NAME_E];                 /* lane and group names */
    uint64_t lid0;                     /* lid of lane 0 */
} lane_env;

static void env_group(const addr_expr *x, const addr_ctx *c, lane_env *env)
{
    env->v[NAME_WG] = c->wg;
    if (x->uses & (1u << NAME_WG_X | 1u << NAME_WG_Y)) {
        env->v[NAME_WG_X] = x->grid_x ? c->wg % x->grid_x : c->wg;
        env->v[NAME_WG_Y] = x->grid_x ? c->wg / x->grid_x : 0;
    }
    env->v[NAME_SG] = c->sg;
    env->v[NAME_IT] = c->it[0];
    env->v[NAME_IT1] = c->it[1];
    env->v[NAME_IT2] = c->it[2];
    env->lid0 = (uint64_t)c->sg * c->width;
}

static void env_lane(const addr_expr *x, const addr_ctx *c, lane_env *env,
                     uint32_t lane)
{
    uint64_t lid = env->lid0 + lane;
    env->v[NAME_LANE] = lane;
    env->v[NAME_LID] = (int64_t)lid;
    if (x->uses & (1u << NAME_LID_X | 1u << NAME_LID_Y)) {
        env->v[NAME_LID_X] = (int64_t)(lid % x->wx);
        env->v[NAME_LID_Y] = (int64_t)((lid / x->wx) % x->wy);
    }
    env->v[NAME_GID] = (int64_t)((uint64_t)c->wg * x->wg_size + lid);
}

/* The index (before wrap) the program computes with `env`; -1 on a
 * division by zero. */
static int run_program(const addr_expr *x, const lane_env *env,
                       int64_t *out);

static int run(const addr_expr *x, const lane_env *env, int64_t *out)
{
    if (x->linear) {
        uint64_t v = (uint64_t)x->lin[NAME_E];
        for (uint32_t u = x->uses & ((1u << NAME_E) - 1); u; u &= u - 1) {
            int k = __builtin_ctz(u);
            v += (uint64_t)x->lin[k] * (uint64_t)env->v[k];
        }
        *out = (int64_t)v;
#ifndef NDEBUG
        int64_t check;
        assert(run_program(x, env, &check) == 0 && check == *out);
#endif
        return 0;
    }
    return run_program(x, env, out);
}

/* run by the postfix program itself. */
static int run_program(const addr_expr *x, const lane_env *env,
                       int64_t *out)
{
    int64_t st[ADDR_MAX_NODES + 1];
    uint32_t sp = 0;
    for (uint32_t i = 0; i < x->n; i++) {
        const addr_op *o = &x->code[i];
        if (o->op < NAME_E) {
            st[sp++] = env->v[o->op];
        } else if (o->op == OP_CONST) {
            st[sp++] = o->value;
        } else if (o->op == OP_NEG) {
            st[sp - 1] = (int64_t)(0 - (uint64_t)st[sp - 1]);
        } else if (o->op == OP_NOT) {
            st[sp - 1] = st[sp - 1] == 0;
        } else if (o->op == OP_BOOL) {
            st[sp - 1] = st[sp - 1] != 0;
        } else if (o->op == OP_JZ || o->op == OP_JNZ) {
            if ((st[sp - 1] != 0) == (o->op == OP_JNZ)) {
                st[sp - 1] = o->op == OP_JNZ;
                i += (uint32_t)o->value;
            } else {
                sp--;
            }
        } else {
            sp--;
            if (apply((bin_op)(o->op - OP_BIN), st[sp - 1], st[sp],
                      &st[sp - 1]) < 0)
                return -1;
        }
    }
    *out = st[0];
    return 0;
}

/* An index wrapped into the region: floor mod, in 0 .. elems-1. */
static uint64_t wrap(const addr_expr *x, int64_t idx)
{
    if (idx >= 0 && (uint64_t)idx < x->elems)
        return (uint64_t)idx;   /* inside: no division */
    if (idx >= 0)
        return (uint64_t)idx % x->elems;
    uint64_t m = (0 - (uint64_t)idx) % x->elems;
    return m ? x->elems - m : 0;
}

uint64_t addr_lane(const addr_expr *x, const addr_ctx *c, uint32_t lane,
                   int *div0)
{
    lane_env env;
    int64_t idx;
    env_group(x, c, &env);
    env_lane(x, c, &env, lane);
    *div0 = run(x, &env, &idx) < 0;
    return *div0 ? 0 : x->base + wrap(x, idx) * x->bytes;
}

uint64_t addr_elements(const addr_expr *x)
{
    return x->elems;
}

/* The largest power of two dividing v, at most 2^62 (2^62 for 0). */
static uint64_t pow2_part(uint64_t v)
{
    uint64_t p = v & (0 - v);
    return p == 0 || p > (1ull << 62) ? 1ull << 62 : p;
}

/* The most lines a linear index stepping by `step` elements from lane to
 * lane can touch with `lanes` lanes (spanning `span` bytes), from where
 * its lowest element can sit; 0 when that is not known. Lane 0's index is
 * lin[E] + ((lin[lid] + lin[gid]) x width + lin[sg]) x sg + (lin[gid] x
 * wg_size + lin[wg]) x wg + lin[wg_x] x wg_x + ... + lin[it2] x it2:
 * whatever the subgroup, it is lin[E] modulo g, the largest power of two
 * dividing every coefficient of a per-subgroup name (a power of two, so
 * the 64-bit wrap keeps it). The lowest element is that plus min(step, 0)
 * x (lanes - 1); wrapped into the region's n elements it stays so modulo
 * g2 = gcd(g, n), so it is r (its residue) plus a multiple of g2, and its
 * first byte, base + its index x bytes, lies base + r x bytes modulo
 * h = gcd(g2 x bytes, line): at most line - h + that, modulo h, bytes
 * into its line. The lanes cannot cross the region's end when
 * r + |step| x (lanes - 1) < g2 (the next multiple of g2 is at most n);
 * where they may, the caller's bound stands. `line` is a power of two. */
static uint64_t linear_lines(const addr_expr *x, uint64_t step,
                             uint32_t lanes, uint32_t line, uint64_t span)
{
    const int64_t *l = x->lin;
    const uint64_t coef[] = {
        ((uint64_t)l[NAME_LID] + (uint64_t)l[NAME_GID]) * x->width
            + (uint64_t)l[NAME_SG],
        (uint64_t)l[NAME_GID] * x->wg_size + (uint64_t)l[NAME_WG],
        (uint64_t)l[NAME_WG_X], (uint64_t)l[NAME_WG_Y],
        (uint64_t)l[NAME_IT], (uint64_t)l[NAME_IT1], (uint64_t)l[NAME_IT2],
    };
    uint64_t g2 = pow2_part(x->elems);
    for (size_t i = 0; i < sizeof coef / sizeof coef[0]; i++)
        if (coef[i] != 0 && pow2_part(coef[i]) < g2)
            g2 = pow2_part(coef[i]);
    uint64_t mag = (int64_t)step < 0 ? 0 - step : step;
    uint64_t low = (uint64_t)l[NAME_E];
    if ((int64_t)step < 0)
        low -= mag * (lanes - 1);
    uint64_t r = low & (g2 - 1);
    if (r + mag * (lanes - 1) >= g2)
        return 0;                     /* may wrap */
    uint64_t h = g2 >= line ? line : g2 * pow2_part(x->bytes);
    if (h > line)
        h = line;
    uint64_t first = line - h + (x->base % h + r % h * (x->bytes % h)) % h;
    return (first + span - 1) / line + 1;
}

uint32_t addr_max_lines(const addr_expr *x, uint32_t lanes, uint32_t line)
{
    uint64_t per = (x->bytes - 1) / line + 2;
    uint64_t n = per * lanes;
    /* A linear index whose per-lane names are lane, lid and gid steps by a
     * constant from lane to lane: its lanes span |step| x bytes x (lanes -
     * 1) + bytes, one range, two where it wraps at the region's end;
     * fewer where its lanes start within a line is known
     * (linear_lines). */
    const uint32_t stepping = 1u << NAME_LANE | 1u << NAME_LID | 1u << NAME_GID;
    const uint32_t other = 1u << NAME_LID_X | 1u << NAME_LID_Y;
    if (x->linear && !(x->uses & other) && lanes > 0) {
        uint64_t step = (uint64_t)x->lin[NAME_LANE] + (uint64_t)x->lin[NAME_LID]
                        + (uint64_t)x->lin[NAME_GID];
        if (!(x->uses & stepping))
            step = 0;
        uint64_t mag = (int64_t)step < 0 ? 0 - step : step;
        if (mag <= (UINT64_MAX / 2) / ((uint64_t)x->bytes * lanes)) {
            uint64_t span = mag * x->bytes * (lanes - 1) + x->bytes;
            uint64_t ranges = span / line + 2 + 2;   /* ends, and a wrap */
            if (ranges < n)
                n = ranges;
            uint64_t tight = linear_lines(x, step, lanes, line, span);
            if (tight > 0 && tight < n)
                n = tight;
        }
    }
    return n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
}

/* ------------------------------------------------- all lanes at once
 * A general index (addr_is_affine false) is evaluated for a subgroup's
 * lanes together rather than lane by lane: the postfix program runs once,
 * each stack slot a value of every lane. A slot stays symbolic while it
 * can, uniform (one value) or affine (a + b x lane, exact in wrap
 * arithmetic), and becomes one value per lane only at the first operation
 * that is neither (a remainder, a division, a comparison ...), which then
 * runs as one loop over the lanes. For `(gid * 7 + it * 13) % 256` that
 * is one loop, the remainder's (and none in a region of 256 elements,
 * whose own wrap is that remainder: addr_eval takes it as a run of the
 * affine index, `wrapped`). Programs with a logical operator's jump,
 * deeper than VEC_DEPTH or wider than VEC_LANES take the lane-by-lane
 * pass (run); both give the same values and the same division by zero
 * (a lane faults at its first one; only active lanes' faults count). */

#define VEC_LANES 64
#define VEC_DEPTH 16

enum { VK_UNI, VK_AFF, VK_VEC };

typedef struct vval {
    int kind;
    int64_t a, b;                      /* VK_UNI: a; VK_AFF: a + b x lane */
} vval;

/* Whether x's program can run all lanes at once: no jump, at most
 * VEC_DEPTH stack slots. Worked out once, when resolved. */
static bool find_vec(const addr_expr *x)
{
    uint32_t sp = 0, most = 0;
    for (uint32_t i = 0; i < x->n; i++) {
        uint8_t op = x->code[i].op;
        if (op == OP_JZ || op == OP_JNZ)
            return false;
        if (op < OP_NEG)
            sp++;
        else if (op >= OP_BIN)
            sp--;
        if (sp > most)
            most = sp;
    }
    return most <= VEC_DEPTH;
}

/* v's value for lanes 0 .. n-1 into buf (which it may already be). */
static void vec_fill(const vval *v, int64_t *buf, uint32_t n)
{
    if (v->kind == VK_UNI) {
        for (uint32_t l = 0; l < n; l++)
            buf[l] = v->a;
    } else if (v->kind == VK_AFF) {
        uint64_t a = (uint64_t)v->a, b = (uint64_t)v->b;
        for (uint32_t l = 0; l < n; l++)
            buf[l] = (int64_t)(a + b * l);
    }
}

/* Runs x for lanes 0 .. n-1 (n <= VEC_LANES; `live`: the lanes whose
 * division by zero counts) into *res: uniform or affine, or one value per
 * lane in buf[0][0 .. n) (VK_VEC). Returns -1 when a live lane divides by
 * zero. */
static int run_vec(const addr_expr *x, const addr_ctx *c, uint32_t n,
                   uint64_t live, vval *res, int64_t buf[][VEC_LANES])
{
    vval st[VEC_DEPTH];
    lane_env env;
    *res = (vval){ VK_UNI, 0, 0 };     /* (no live lane faults: unread) */
    env_group(x, c, &env);
    uint64_t lid0 = env.lid0;
    uint64_t gid0 = (uint64_t)c->wg * x->wg_size + lid0;
    /* lid_x, lid_y: a + lane and per subgroup when the lanes stay in one
     * row of the workgroup */
    uint64_t rx = lid0 % x->wx;
    bool in_row = rx + n <= x->wx;
    uint32_t sp = 0;
    for (uint32_t i = 0; i < x->n; i++) {
        const addr_op *o = &x->code[i];
        vval *t = &st[sp];
        if (o->op < NAME_E) {
            sp++;
            switch (o->op) {
            case NAME_LANE: *t = (vval){ VK_AFF, 0, 1 }; break;
            case NAME_LID: *t = (vval){ VK_AFF, (int64_t)lid0, 1 }; break;
            case NAME_GID: *t = (vval){ VK_AFF, (int64_t)gid0, 1 }; break;
            case NAME_LID_X:
            case NAME_LID_Y:
                if (in_row) {
                    *t = o->op == NAME_LID_X
                         ? (vval){ VK_AFF, (int64_t)rx, 1 }
                         : (vval){ VK_UNI,
                                   (int64_t)((lid0 / x->wx) % x->wy), 0 };
                    break;
                }
                t->kind = VK_VEC;
                for (uint32_t l = 0; l < n; l++) {
                    uint64_t lid = lid0 + l;
                    buf[sp - 1][l] = o->op == NAME_LID_X
                                     ? (int64_t)(lid % x->wx)
                                     : (int64_t)((lid / x->wx) % x->wy);
                }
                break;
            default:
                *t = (vval){ VK_UNI, env.v[o->op], 0 };
                break;
            }
            continue;
        }
        if (o->op == OP_CONST) {
            *t = (vval){ VK_UNI, o->value, 0 };
            sp++;
            continue;
        }
        vval *a = &st[sp - 1];
        int64_t *ra = buf[sp - 1];
        if (o->op == OP_NEG) {
            if (a->kind == VK_VEC) {
                for (uint32_t l = 0; l < n; l++)
                    ra[l] = (int64_t)(0 - (uint64_t)ra[l]);
            } else {
                a->a = (int64_t)(0 - (uint64_t)a->a);
                a->b = (int64_t)(0 - (uint64_t)a->b);
            }
            continue;
        }
        if (o->op == OP_NOT || o->op == OP_BOOL) {
            bool not = o->op == OP_NOT;
            if (a->kind == VK_UNI) {
                a->a = not ? a->a == 0 : a->a != 0;
                continue;
            }
            vec_fill(a, ra, n);
            a->kind = VK_VEC;
            for (uint32_t l = 0; l < n; l++)
                ra[l] = not ? ra[l] == 0 : ra[l] != 0;
            continue;
        }
        /* a binary operator: a (slot sp-2) op b (slot sp-1) */
        bin_op op = (bin_op)(o->op - OP_BIN);
        sp--;
        vval *b = &st[sp];
        a = &st[sp - 1];
        ra = buf[sp - 1];
        int64_t *rb = buf[sp];
        if (a->kind == VK_UNI && b->kind == VK_UNI) {
            if (apply(op, a->a, b->a, &a->a) < 0)
                return live ? -1 : 0;     /* every lane's */
            continue;
        }
        if (a->kind != VK_VEC && b->kind != VK_VEC) {
            /* affine with affine or uniform: stays affine where it can */
            uint64_t aa = (uint64_t)a->a, ab = a->kind == VK_AFF
                                               ? (uint64_t)a->b : 0;
            uint64_t ba = (uint64_t)b->a, bb = b->kind == VK_AFF
                                               ? (uint64_t)b->b : 0;
            bool done = true;
            if (op == B_ADD)
                *a = (vval){ VK_AFF, (int64_t)(aa + ba), (int64_t)(ab + bb) };
            else if (op == B_SUB)
                *a = (vval){ VK_AFF, (int64_t)(aa - ba), (int64_t)(ab - bb) };
            else if (op == B_MUL && b->kind == VK_UNI)
                *a = (vval){ VK_AFF, (int64_t)(aa * ba), (int64_t)(ab * ba) };
            else if (op == B_MUL && a->kind == VK_UNI)
                *a = (vval){ VK_AFF, (int64_t)(ba * aa), (int64_t)(bb * aa) };
            else if (op == B_SHL && b->kind == VK_UNI)
                *a = (vval){ VK_AFF, (int64_t)(aa << (ba & 63)),
                             (int64_t)(ab << (ba & 63)) };
            else
                done = false;
            if (done)
                continue;
        }
        if (b->kind == VK_UNI && (op == B_DIV || op == B_MOD || op == B_AND)) {
            /* by a uniform: one loop, a's lanes made as it goes when a
             * is affine */
            int64_t u = b->a;
            if (op != B_AND && u == 0)
                return live ? -1 : 0;
            if (op != B_AND && u == -1) {
                vec_fill(a, ra, n);
                for (uint32_t l = 0; l < n; l++)
                    ra[l] = op == B_DIV ? (int64_t)(0 - (uint64_t)ra[l]) : 0;
            } else if (a->kind == VK_AFF) {
                uint64_t v = (uint64_t)a->a, d = (uint64_t)a->b;
                if (op == B_DIV)
                    for (uint32_t l = 0; l < n; l++, v += d)
                        ra[l] = (int64_t)v / u;
                else if (op == B_MOD)
                    for (uint32_t l = 0; l < n; l++, v += d)
                        ra[l] = (int64_t)v % u;
                else
                    for (uint32_t l = 0; l < n; l++, v += d)
                        ra[l] = (int64_t)(v & (uint64_t)u);
            } else if (op == B_DIV) {
                for (uint32_t l = 0; l < n; l++)
                    ra[l] /= u;
            } else if (op == B_MOD) {
                for (uint32_t l = 0; l < n; l++)
                    ra[l] %= u;
            } else {
                for (uint32_t l = 0; l < n; l++)
                    ra[l] &= u;
            }
            a->kind = VK_VEC;
            continue;
        }
        vec_fill(a, ra, n);
        a->kind = VK_VEC;
        vec_fill(b, rb, n);
        for (uint32_t l = 0; l < n; l++)
            if (apply(op, ra[l], rb[l], &ra[l]) < 0) {
                if (live >> l & 1)
                    return -1;
                ra[l] = 0;
            }
    }
    *res = st[0];
    return 0;
}

/* eval_list of a linear index (x->linear, ADDR_NAMES' per-lane names
 * in it at most once each as a coefficient): its per-subgroup part once,
 * then lane by lane, lid_x and lid_y stepped along the row without a
 * division. */
static void linear_list(const addr_expr *x, const addr_ctx *c, uint32_t n,
                        const uint64_t *mask, addr_lanes *out)
{
    const int64_t *k = x->lin;
    lane_env env;
    env_group(x, c, &env);
    uint64_t g = (uint64_t)k[NAME_E];
    const uint32_t group = (1u << NAME_WG | 1u << NAME_WG_X | 1u << NAME_WG_Y
                            | 1u << NAME_SG | 1u << NAME_IT | 1u << NAME_IT1
                            | 1u << NAME_IT2);
    for (uint32_t u = x->uses & group; u; u &= u - 1) {
        int i = __builtin_ctz(u);
        g += (uint64_t)k[i] * (uint64_t)env.v[i];
    }
    uint64_t lid0 = env.lid0;
    g += (uint64_t)k[NAME_LID] * lid0
         + (uint64_t)k[NAME_GID] * ((uint64_t)c->wg * x->wg_size + lid0);
    uint64_t per = (uint64_t)k[NAME_LANE] + (uint64_t)k[NAME_LID]
                   + (uint64_t)k[NAME_GID];
    uint64_t cx = (uint64_t)k[NAME_LID_X], cy = (uint64_t)k[NAME_LID_Y];
    uint64_t rx = 0, ry = 0;
    if (x->uses & (1u << NAME_LID_X | 1u << NAME_LID_Y)) {
        rx = lid0 % x->wx;
        ry = (lid0 / x->wx) % x->wy;
    } else {
        cx = cy = 0;
    }
    uint64_t lo = UINT64_MAX, hi = 0;
    uint64_t base = x->base, bytes = x->bytes, elems = x->elems;
    uint32_t m = 0;
    for (uint32_t l = 0; l < n; l++) {
        uint64_t v = g + per * l + cx * rx + cy * ry;
        if (++rx == x->wx) {
            rx = 0;
            if (++ry == x->wy)
                ry = 0;
        }
        if (mask && !(mask[l / 64] >> (l % 64) & 1))
            continue;
        uint64_t i = v < elems ? v : wrap(x, (int64_t)v);
        uint64_t at = base + i * bytes;
        out->at[m++] = at;
        lo = at < lo ? at : lo;
        hi = at > hi ? at : hi;
    }
    out->n = m;
    out->lo = lo;
    out->hi = hi;
}

/* The indices of lanes 0 .. n-1 whose bit is set in `mask` (NULL: all),
 * in lane order, as byte addresses into out->at: out->n of them. */
static uint32_t eval_list(const addr_expr *x, const addr_ctx *c, uint32_t n,
                          const uint64_t *mask, addr_lanes *out)
{
    out->run = false;
    out->n = 0;
    if (n > ADDR_MAX_LANES)
        n = ADDR_MAX_LANES;
    if (x->linear) {
        linear_list(x, c, n, mask, out);
        return 0;
    }
    if (x->vec && n <= VEC_LANES) {
        uint64_t all = n == 64 ? ~0ull : (1ull << n) - 1;
        uint64_t live = mask ? mask[0] & all : all;
        int64_t buf[VEC_DEPTH][VEC_LANES];
        vval v;
        if (run_vec(x, c, n, live, &v, buf) < 0)
            return ADDR_DIV0;
        if (v.kind != VK_VEC)
            vec_fill(&v, buf[0], n);
        const int64_t *idx = buf[0];
        uint64_t lo = UINT64_MAX, hi = 0;
        uint64_t base = x->base, bytes = x->bytes, elems = x->elems;
        if (live == all) {
            /* every lane: no mask to walk; an index inside the region
             * needs no wrap */
            for (uint32_t l = 0; l < n; l++) {
                uint64_t i = (uint64_t)idx[l];
                if (i >= elems)
                    i = wrap(x, idx[l]);
                uint64_t at = base + i * bytes;
                out->at[l] = at;
                lo = at < lo ? at : lo;
                hi = at > hi ? at : hi;
            }
            out->n = n;
        } else {
            for (uint64_t bits = live; bits; bits &= bits - 1) {
                uint32_t l = (uint32_t)__builtin_ctzll(bits);
                uint64_t at = base + wrap(x, idx[l]) * bytes;
                out->at[out->n++] = at;
                lo = at < lo ? at : lo;
                hi = at > hi ? at : hi;
            }
        }
        out->lo = lo;
        out->hi = hi;
        return 0;
    }
    lane_env env;
    env_group(x, c, &env);
    uint64_t lo = UINT64_MAX, hi = 0;
    for (uint32_t l = 0; l < n; l++) {
        int64_t idx;
        if (mask && !(mask[l / 64] >> (l % 64) & 1))
            continue;
        env_lane(x, c, &env, l);
        if (run(x, &env, &idx) < 0)
            return ADDR_DIV0;
        uint64_t at = x->base + wrap(x, idx) * x->bytes;
        out->at[out->n++] = at;
        lo = at < lo ? at : lo;
        hi = at > hi ? at : hi;
    }
    out->lo = lo;
    out->hi = hi;
    return 0;
}

/* eval_run's answer when the lanes are not a run (addr_eval lists them
 * then). */
#define NOT_A_RUN (UINT32_MAX - 1)

/* The lanes 0 .. lanes-1 of subgroup c (c->width == x->width) through x,
 * affine, as a run (or two, where they wrap the region's end), or
 * NOT_A_RUN when they span the region or more. */
static uint32_t eval_run(const addr_expr *x, const addr_ctx *c,
                         uint32_t lanes, addr_lanes *out)
{
    lane_env env;
    int64_t f0, f1 = 0;
    env_group(x, c, &env);
    env_lane(x, c, &env, 0);
    if (run(x, &env, &f0) < 0)
        return ADDR_DIV0;
    if (!x->lane_free && lanes > 1) {
        env_lane(x, c, &env, 1);
        if (run(x, &env, &f1) < 0)
            return ADDR_DIV0;
    } else {
        f1 = f0;
    }
    /* index(lane) = f0 + step x lane (wrap arithmetic). The lanes stay in
     * one period of the region when first + step x (lanes-1) does, else
     * they wrap its end once when they span less than the region: two
     * runs, the lanes before the wrap and those after. (Wider, or when
     * the span overflows, they are listed lane by lane.) */
    int64_t step = (int64_t)((uint64_t)f1 - (uint64_t)f0);
    uint64_t first = wrap(x, f0);
    uint64_t k = lanes - 1;
    uint64_t mag = step < 0 ? 0 - (uint64_t)step : (uint64_t)step;
    if (mag != 0 && k > UINT64_MAX / mag)
        return NOT_A_RUN;
    uint64_t span = mag * k;
    uint64_t lo_idx, lo2_idx = 0;
    uint32_t n = lanes, n2 = 0;
    if (step >= 0 && span < x->elems - first) {
        lo_idx = first;
    } else if (step < 0 && span <= first) {
        lo_idx = first - span;
    } else if (span >= x->elems) {
        return NOT_A_RUN;
    } else if (step > 0) {
        /* lanes 0 .. a-1 from first up to the end; the rest from the
         * region's start, below them */
        uint64_t a = (x->elems - first + mag - 1) / mag;
        lo_idx = first + mag * a - x->elems;
        n = (uint32_t)(lanes - a);
        lo2_idx = first;
        n2 = (uint32_t)a;
    } else {
        /* lanes 0 .. a-1 from first down to the start; the rest from the
         * region's end, above them */
        uint64_t a = first / mag + 1;
        lo_idx = first - mag * (a - 1);
        n = (uint32_t)a;
        lo2_idx = first + x->elems - span;
        n2 = (uint32_t)(lanes - a);
    }
    out->run = true;
    out->n = n;
    out->n2 = n2;
    out->lo = x->base + lo_idx * x->bytes;
    out->lo2 = x->base + lo2_idx * x->bytes;
    out->step = mag * x->bytes;
    return 0;
}

uint32_t addr_eval(const addr_expr *x, const addr_ctx *c, uint32_t lanes,
                   const uint64_t *mask, bool list, addr_lanes *out)
{
    out->bytes = x->bytes;
    out->aligned = x->base % x->bytes == 0;
    if (mask)
        lanes = c->width;
    if (lanes == 0) {
        *out = (addr_lanes){ .bytes = x->bytes, .run = true,
                             .aligned = out->aligned };
        return 0;
    }
    const addr_expr *r = x->affine ? x : x->wrapped;
    if (!list && !mask && r && c->width == x->width) {
        uint32_t e = eval_run(r, c, lanes, out);
        if (e != NOT_A_RUN)
            return e;
    }
    return eval_list(x, c, lanes, mask, out);
}

uint32_t addr_values(const addr_expr *x, const addr_ctx *c,
                     const uint64_t *mask, int64_t *v)
{
    lane_env env;
    uint32_t lanes = c->width < ADDR_MAX_LANES ? c->width : ADDR_MAX_LANES;
    if (x->vec && lanes <= VEC_LANES) {
        /* all lanes at once, as eval_list */
        uint64_t all = lanes == 64 ? ~0ull : (1ull << lanes) - 1;
        uint64_t live = mask[0] & all;
        int64_t buf[VEC_DEPTH][VEC_LANES];
        vval r;
        if (run_vec(x, c, lanes, live, &r, buf) < 0)
            return ADDR_DIV0;
        if (r.kind != VK_VEC)
            vec_fill(&r, buf[0], lanes);
        for (uint64_t bits = live; bits; bits &= bits - 1) {
            uint32_t l = (uint32_t)__builtin_ctzll(bits);
            v[l] = buf[0][l];
        }
        return 0;
    }
    env_group(x, c, &env);
    for (uint32_t w = 0; w * 64 < lanes; w++)
        for (uint64_t bits = mask[w]; bits; bits &= bits - 1) {
            uint32_t l = w * 64 + (uint32_t)__builtin_ctzll(bits);
            if (l >= lanes)
                break;
            env_lane(x, c, &env, l);
            if (run(x, &env, &v[l]) < 0)
                return ADDR_DIV0;
        }
    return 0;
}

bool addr_const_value(const addr_expr *x, int64_t *v)
{
    if (x->n != 1 || x->code[0].op != OP_CONST)
        return false;
    *v = x->code[0].value;
    return true;
}

