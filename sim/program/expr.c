/*
 * expr.c — count expressions: a recursive-descent parser into a node array,
 * and an evaluator over exact rationals with an inexact (double) fallback
 * for log2 of values that are not powers of two. See expr.h for the grammar.
 *
 * The parser appends a node only after its operands, so the node array is
 * in post-order: every node's operands have smaller indices. Evaluation is
 * therefore one loop over the array, with no recursion however long an
 * operator chain such as 1+1+...+1 is.
 */
#include "expr.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"
#include "xalloc.h"

/* Deeper nesting of parentheses, unary minus or function calls is refused,
 * which bounds the parser's recursion. */
#define EXPR_MAX_NESTING 64

typedef enum expr_kind {
    EXPR_NUM,                          /* literal: `value` */
    EXPR_NAME,                         /* a name: `value` indexes
                                          name_table */
    EXPR_NEG,                          /* -lhs */
    EXPR_ADD, EXPR_SUB, EXPR_MUL, EXPR_DIV,  /* lhs OP rhs */
    EXPR_LOG2, EXPR_CEIL, EXPR_FLOOR,  /* f(lhs) */
    EXPR_MIN, EXPR_MAX                 /* f(lhs, rhs) */
} expr_kind;

/* One node. `offset` is the byte offset (in the text given to expr_parse)
 * of the token that made it: the literal, the name, the operator or the
 * function name; evaluation errors point there. */
typedef struct expr_node {
    expr_kind kind;
    size_t offset;
    int64_t value;
    uint32_t lhs, rhs;                 /* operand node indices */
} expr_node;

struct expr {
    expr_node *nodes;                  /* post-order; the last is the root */
    uint32_t n_nodes, cap;
    char *text;                        /* the source, blanks trimmed */
    expr_names names;                  /* the set it was parsed with */
};

/* Every name, in the order of expr_env's fields then expr_counts's (see
 * name_value); each set of names is a contiguous run of it. */
static const char *const name_table[] = {
    "workgroup_size", "workgroup_x", "workgroup_y", "workgroup_z",
    "simd_width", "elements_per_invocation",
    "workgroups", "elements",
};

/* A set of names and how messages speak of an expression using it. */
typedef struct name_set {
    size_t first, n;                   /* its run of name_table */
    const char *what;                  /* "count" */
    const char *a_what;                /* "a count" */
    const char *list;                  /* for "unknown name" */
    const char *example;               /* for "expected a count (...)" */
} name_set;

static const name_set name_sets[] = {
    [EXPR_NAMES_SHAPE] = { 0, 6, "count", "a count",
        "workgroup_size, workgroup_x, workgroup_y, workgroup_z, simd_width "
        "or elements_per_invocation", "workgroup_size" },
    [EXPR_NAMES_DISPATCH] = { 6, 2, "expression", "an expression",
        "workgroups or elements", "workgroups" },
};

static const struct {
    const char *name;
    expr_kind kind;
    int args;
} expr_funcs[] = {
    { "log2", EXPR_LOG2, 1 },
    { "ceil", EXPR_CEIL, 1 },
    { "floor", EXPR_FLOOR, 1 },
    { "min", EXPR_MIN, 2 },
    { "max", EXPR_MAX, 2 },
};
#define EXPR_N_FUNCS (sizeof expr_funcs / sizeof expr_funcs[0])


static int expr_fail(expr_error *err, size_t offset, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int expr_fail(expr_error *err, size_t offset, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->offset = offset;
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* ---------------------------------------------------------------- parser */

typedef struct expr_parser {
    const char *s;
    size_t len, pos;
    int depth;
    expr *e;
    expr_error *err;
    const name_set *names;
} expr_parser;

/* Skips blanks and returns the next character, or '\0' at the end. */
static char peek(expr_parser *p)
{
    while (p->pos < p->len && lex_is_blank(p->s[p->pos]))
        p->pos++;
    return p->pos < p->len ? p->s[p->pos] : '\0';
}

/* Fails with "expected WHAT, found X" at the current position. */
static int expected(expr_parser *p, const char *what)
{
    char c = peek(p);
    if (c == '\0')
        return expr_fail(p->err, p->pos, "expected %s, found the end of "
                         "the %s", what, p->names->what);
    return expr_fail(p->err, p->pos, "expected %s, found '%c'", what, c);
}

static uint32_t add_node(expr_parser *p, expr_kind kind, size_t offset,
                         int64_t value, uint32_t lhs, uint32_t rhs)
{
    expr *e = p->e;
    if (e->n_nodes == e->cap) {
        e->cap = e->cap ? 2 * e->cap : 8;
        e->nodes = xrealloc_array(e->nodes, e->cap, sizeof *e->nodes);
    }
    e->nodes[e->n_nodes] = (expr_node){ kind, offset, value, lhs, rhs };
    return e->n_nodes++;
}

static int parse_sum(expr_parser *p, uint32_t *out);

static int parse_number(expr_parser *p, uint32_t *out)
{
    size_t start = p->pos;
    int64_t v = 0;
    bool overflow = false;
    while (p->pos < p->len && lex_is_digit(p->s[p->pos])) {
        int d = p->s[p->pos] - '0';
        if (v > (INT64_MAX - d) / 10)
            overflow = true;
        else
            v = v * 10 + d;
        p->pos++;
    }
    if (overflow)
        return expr_fail(p->err, start,
                         "number %.*s is too large (at most %lld)",
                         (int)(p->pos - start), p->s + start,
                         (long long)INT64_MAX);
    *out = add_node(p, EXPR_NUM, start, v, 0, 0);
    return 0;
}

static int parse_call(expr_parser *p, size_t start, size_t n, uint32_t *out)
{
    const char *name = p->s + start;
    size_t f;
    for (f = 0; f < EXPR_N_FUNCS; f++)
        if (strlen(expr_funcs[f].name) == n &&
            memcmp(expr_funcs[f].name, name, n) == 0)
            break;
    if (f == EXPR_N_FUNCS)
        return expr_fail(p->err, start,
                         "unknown function '%.*s' in %s (expected log2, "
                         "ceil, floor, min or max)", (int)n, name,
                         p->names->what);
    p->pos++;                          /* '(' */
    uint32_t args[2] = { 0, 0 };
    for (int i = 0; i < expr_funcs[f].args; i++) {
        if (i > 0) {
            if (peek(p) != ',') {
                if (peek(p) == ')')
                    return expr_fail(p->err, p->pos,
                                     "%s() takes %d arguments, found %d",
                                     expr_funcs[f].name, expr_funcs[f].args,
                                     i);
                return expected(p, "',' between the arguments");
            }
            p->pos++;
        }
        if (parse_sum(p, &args[i]) < 0)
            return -1;
    }
    if (peek(p) != ')') {
        if (peek(p) == ',')
            return expr_fail(p->err, p->pos, "%s() takes %d argument%s",
                             expr_funcs[f].name, expr_funcs[f].args,
                             expr_funcs[f].args == 1 ? "" : "s");
        return expected(p, "')' after the arguments");
    }
    p->pos++;
    *out = add_node(p, expr_funcs[f].kind, start, 0, args[0], args[1]);
    return 0;
}

static int parse_name(expr_parser *p, uint32_t *out)
{
    size_t start = p->pos;
    while (p->pos < p->len && lex_is_ident_char(p->s[p->pos]))
        p->pos++;
    size_t n = p->pos - start;
    const char *name = p->s + start;
    if (peek(p) == '(')
        return parse_call(p, start, n, out);
    for (size_t i = p->names->first; i < p->names->first + p->names->n; i++)
        if (strlen(name_table[i]) == n && memcmp(name_table[i], name, n) == 0) {
            *out = add_node(p, EXPR_NAME, start, (int64_t)i, 0, 0);
            return 0;
        }
    for (size_t f = 0; f < EXPR_N_FUNCS; f++)
        if (strlen(expr_funcs[f].name) == n &&
            memcmp(expr_funcs[f].name, name, n) == 0)
            return expected(p, "'(' after the function name");
    return expr_fail(p->err, start, "unknown name '%.*s' in %s (expected "
                     "%s)", (int)n, name, p->names->what, p->names->list);
}

/* UNARY := '-' UNARY | PRIMARY */
static int parse_unary(expr_parser *p, uint32_t *out)
{
    char c = peek(p);
    if (++p->depth > EXPR_MAX_NESTING)
        return expr_fail(p->err, p->pos,
                         "%s nested too deeply (at most %d levels)",
                         p->names->what, EXPR_MAX_NESTING);
    int rc;
    if (c == '-') {
        size_t at = p->pos++;
        uint32_t operand;
        rc = parse_unary(p, &operand);
        if (rc == 0)
            *out = add_node(p, EXPR_NEG, at, 0, operand, 0);
    } else if (c == '(') {
        p->pos++;
        rc = parse_sum(p, out);
        if (rc == 0) {
            if (peek(p) == ')')
                p->pos++;
            else
                rc = expected(p, "')' or an operator (+ - * /)");
        }
    } else if (lex_is_digit(c)) {
        rc = parse_number(p, out);
    } else if (lex_is_ident_start(c)) {
        rc = parse_name(p, out);
    } else {
        rc = expected(p, "a number, a name or '('");
    }
    p->depth--;
    return rc;
}

/* TERM := UNARY { ('*' | '/') UNARY } */
static int parse_product(expr_parser *p, uint32_t *out)
{
    uint32_t lhs, rhs;
    if (parse_unary(p, &lhs) < 0)
        return -1;
    for (char c = peek(p); c == '*' || c == '/'; c = peek(p)) {
        size_t at = p->pos++;
        if (parse_unary(p, &rhs) < 0)
            return -1;
        lhs = add_node(p, c == '*' ? EXPR_MUL : EXPR_DIV, at, 0, lhs, rhs);
    }
    *out = lhs;
    return 0;
}

/* EXPR := TERM { ('+' | '-') TERM } */
static int parse_sum(expr_parser *p, uint32_t *out)
{
    uint32_t lhs, rhs;
    if (parse_product(p, &lhs) < 0)
        return -1;
    for (char c = peek(p); c == '+' || c == '-'; c = peek(p)) {
        size_t at = p->pos++;
        if (parse_product(p, &rhs) < 0)
            return -1;
        lhs = add_node(p, c == '+' ? EXPR_ADD : EXPR_SUB, at, 0, lhs, rhs);
    }
    *out = lhs;
    return 0;
}

expr *expr_parse(const char *text, size_t len, expr_error *err)
{
    return expr_parse_names(text, len, EXPR_NAMES_SHAPE, err);
}

expr *expr_parse_names(const char *text, size_t len, expr_names names,
                       expr_error *err)
{
    expr *e = xrealloc_array(NULL, 1, sizeof *e);
    *e = (expr){ 0 };
    e->names = names;
    expr_parser p = { text, len, 0, 0, e, err, &name_sets[names] };
    uint32_t root;
    char what[160];
    if (peek(&p) == '\0') {
        snprintf(what, sizeof what, "%s (a number, a name such as %s, or "
                 "'(')", p.names->a_what, p.names->example);
        expected(&p, what);
        goto fail;
    }
    if (parse_sum(&p, &root) < 0)
        goto fail;
    if (peek(&p) != '\0') {
        snprintf(what, sizeof what, "an operator (+ - * /) or the end of "
                 "the %s", p.names->what);
        expected(&p, what);
        goto fail;
    }
    /* The root is the last node appended (post-order). */
    size_t start = 0, end = len;
    while (start < end && lex_is_blank(text[start]))
        start++;
    while (end > start && lex_is_blank(text[end - 1]))
        end--;
    e->text = xrealloc_array(NULL, end - start + 1, 1);
    memcpy(e->text, text + start, end - start);
    e->text[end - start] = '\0';
    return e;
fail:
    expr_free(e);
    return NULL;
}

void expr_free(expr *e)
{
    if (!e)
        return;
    free(e->nodes);
    free(e->text);
    free(e);
}

const char *expr_text(const expr *e)
{
    return e->text;
}

/* ------------------------------------------------------------- evaluator */

bool expr_value_is_integer(const expr_value *v)
{
    return v->exact && v->den == 1;
}

static int64_t gcd64(int64_t a, int64_t b)
{
    /* Callers never pass INT64_MIN (the expr_value invariant). */
    if (a < 0)
        a = -a;
    if (b < 0)
        b = -b;
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static expr_value exact_value(int64_t num, int64_t den)
{
    return (expr_value){ true, num, den, (double)num / (double)den };
}

static expr_value real_value(double x)
{
    return (expr_value){ false, 0, 1, x };
}

/* Builds num/den reduced with den > 0. Returns -1 when either part is
 * INT64_MIN (which has no positive counterpart): callers report overflow. */
static int make_exact(int64_t num, int64_t den, expr_value *out)
{
    if (num == INT64_MIN || den == INT64_MIN || den == 0)
        return -1;
    if (den < 0) {
        num = -num;
        den = -den;
    }
    int64_t g = gcd64(num, den);
    if (g > 1) {
        num /= g;
        den /= g;
    }
    *out = exact_value(num, den);
    return 0;
}

static int rat_add(expr_value a, expr_value b, expr_value *out)
{
    int64_t g = gcd64(a.den, b.den);
    int64_t x, y, num, den;
    if (__builtin_mul_overflow(a.num, b.den / g, &x) ||
        __builtin_mul_overflow(b.num, a.den / g, &y) ||
        __builtin_add_overflow(x, y, &num) ||
        __builtin_mul_overflow(a.den, b.den / g, &den))
        return -1;
    return make_exact(num, den, out);
}

static int rat_mul(expr_value a, expr_value b, expr_value *out)
{
    int64_t g1 = gcd64(a.num, b.den), g2 = gcd64(b.num, a.den);
    int64_t num, den;
    if (g1 == 0 || g2 == 0) {          /* a zero operand */
        *out = exact_value(0, 1);
        return 0;
    }
    if (__builtin_mul_overflow(a.num / g1, b.num / g2, &num) ||
        __builtin_mul_overflow(a.den / g2, b.den / g1, &den))
        return -1;
    return make_exact(num, den, out);
}

/* -1, 0 or 1 as a < b, a == b, a > b. */
static int compare(expr_value a, expr_value b)
{
    if (a.exact && b.exact) {
        int64_t x, y;
        if (!__builtin_mul_overflow(a.num, b.den, &x) &&
            !__builtin_mul_overflow(b.num, a.den, &y))
            return (x > y) - (x < y);
        /* Too large to cross-multiply: long double tells them apart unless
         * they differ by less than its precision. */
        long double p = (long double)a.num / a.den;
        long double q = (long double)b.num / b.den;
        return (p > q) - (p < q);
    }
    return (a.real > b.real) - (a.real < b.real);
}

static bool is_power_of_two(int64_t x)
{
    return x > 0 && (x & (x - 1)) == 0;
}

static int log2_value(expr_value a, const expr_node *n, expr_error *err,
                      expr_value *out)
{
    if (a.exact ? a.num <= 0 : a.real <= 0)
        return expr_fail(err, n->offset,
                         "log2() needs a positive argument, got %g", a.real);
    if (a.exact && a.den == 1 && is_power_of_two(a.num)) {
        *out = exact_value(__builtin_ctzll((unsigned long long)a.num), 1);
        return 0;
    }
    if (a.exact && a.num == 1 && is_power_of_two(a.den)) {
        *out = exact_value(-__builtin_ctzll((unsigned long long)a.den), 1);
        return 0;
    }
    *out = real_value(log2(a.real));
    return 0;
}

/* ceil() or floor() of `a` as an exact integer. An inexact value within
 * 1e-9 (relative) of an integer is taken as that integer, so that rounding
 * noise in log2 sums such as log2(6) + log2(4/3) does not step it. */
static int round_value(expr_value a, bool up, const expr_node *n,
                       const char *what, expr_error *err, expr_value *out)
{
    if (a.exact) {
        int64_t q = a.num / a.den, r = a.num % a.den;
        if (r != 0 && up && a.num > 0)
            q++;
        if (r != 0 && !up && a.num < 0)
            q--;
        *out = exact_value(q, 1);
        return 0;
    }
    double x = a.real, near = nearbyint(x);
    double r = fabs(x - near) <= 1e-9 * fmax(1.0, fabs(x))
                   ? near : (up ? ceil(x) : floor(x));
    if (!(r > -9.2e18 && r < 9.2e18))
        return expr_fail(err, n->offset, "%s overflows (%g)", what, x);
    *out = exact_value((int64_t)r, 1);
    return 0;
}

/* The values an evaluation binds the names to: one of the two is NULL. */
typedef struct expr_bind {
    const expr_env *env;
    const expr_counts *counts;
} expr_bind;

/* The value of name `which` (an index of name_table); false when `bind`
 * holds no value for it. */
static bool name_value(const expr_bind *bind, int64_t which, uint64_t *out)
{
    const expr_env *env = bind->env;
    const expr_counts *counts = bind->counts;
    bool shape = which < (int64_t)name_sets[EXPR_NAMES_DISPATCH].first;
    if (shape ? !env : !counts)
        return false;
    switch (which) {
    case 0: *out = env->workgroup_size; break;
    case 1: *out = env->workgroup_x; break;
    case 2: *out = env->workgroup_y; break;
    case 3: *out = env->workgroup_z; break;
    case 4: *out = env->simd_width; break;
    case 5: *out = env->elements_per_invocation; break;
    case 6: *out = counts->workgroups; break;
    default: *out = counts->elements; break;
    }
    return true;
}

/* Evaluates node `n` whose operands are already in `v`; `what` names the
 * expression in messages ("count"). */
static int eval_node(const expr_node *n, const expr_bind *bind,
                     const expr_value *v, const char *what, expr_error *err,
                     expr_value *out)
{
    if (n->kind == EXPR_NUM) {
        *out = exact_value(n->value, 1);
        return 0;
    }
    if (n->kind == EXPR_NAME) {
        uint64_t x;
        if (!name_value(bind, n->value, &x))
            return expr_fail(err, n->offset, "'%s' has no value here",
                             name_table[n->value]);
        if (x > INT64_MAX)
            return expr_fail(err, n->offset, "%s overflows (%s = %llu is "
                             "beyond exact 64-bit arithmetic)", what,
                             name_table[n->value], (unsigned long long)x);
        *out = exact_value((int64_t)x, 1);
        return 0;
    }
    /* Unary nodes leave `rhs` 0: b is then some evaluated node, unused. */
    expr_value a = v[n->lhs], b = v[n->rhs];
    bool exact = a.exact && b.exact;
    int rc = 0;
    double x = 0;
    switch (n->kind) {
    case EXPR_NUM:
    case EXPR_NAME:
        break;                         /* handled above */
    case EXPR_NEG:
        if (a.exact) {
            *out = exact_value(-a.num, a.den);
            return 0;
        }
        x = -a.real;
        break;
    case EXPR_ADD:
    case EXPR_SUB:
        if (n->kind == EXPR_SUB)
            b = b.exact ? exact_value(-b.num, b.den) : real_value(-b.real);
        if (exact)
            rc = rat_add(a, b, out);
        x = a.real + b.real;
        break;
    case EXPR_MUL:
        if (exact)
            rc = rat_mul(a, b, out);
        x = a.real * b.real;
        break;
    case EXPR_DIV:
        if (b.exact ? b.num == 0 : b.real == 0)
            return expr_fail(err, n->offset, "division by zero");
        if (exact)
            rc = rat_mul(a, exact_value(b.den, b.num), out);
        x = a.real / b.real;
        break;
    case EXPR_LOG2:
        return log2_value(a, n, err, out);
    case EXPR_CEIL:
    case EXPR_FLOOR:
        return round_value(a, n->kind == EXPR_CEIL, n, what, err, out);
    case EXPR_MIN:
    case EXPR_MAX:
        *out = (compare(a, b) <= 0) == (n->kind == EXPR_MIN) ? a : b;
        return 0;
    }
    if (rc < 0)
        return expr_fail(err, n->offset,
                         "%s overflows (%g is beyond exact 64-bit "
                         "arithmetic)", what, x);
    if (exact)
        return 0;
    if (!isfinite(x))
        return expr_fail(err, n->offset, "%s overflows (%g)", what, x);
    *out = real_value(x);
    return 0;
}

static int eval_all(const expr *e, const expr_bind *bind, expr_value *out,
                    expr_error *err)
{
    expr_value *v = xrealloc_array(NULL, e->n_nodes, sizeof *v);
    int rc = 0;
    for (uint32_t i = 0; i < e->n_nodes && rc == 0; i++)
        rc = eval_node(&e->nodes[i], bind, v, name_sets[e->names].what, err,
                       &v[i]);
    if (rc == 0)
        *out = v[e->n_nodes - 1];
    free(v);
    return rc;
}

int expr_eval(const expr *e, const expr_env *env, expr_value *out,
              expr_error *err)
{
    expr_bind bind = { env, NULL };
    return eval_all(e, &bind, out, err);
}

int expr_eval_counts(const expr *e, const expr_counts *counts,
                     expr_value *out, expr_error *err)
{
    expr_bind bind = { NULL, counts };
    return eval_all(e, &bind, out, err);
}
