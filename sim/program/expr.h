/*
 * expr.h — count expressions: the small arithmetic language of `repeat`
 * counts, which may depend on the launch shape (a reduction's
 * log2(workgroup_size), a stencil's halo from the group's width and height).
 *
 *   EXPR  := TERM { ('+' | '-') TERM }
 *   TERM  := UNARY { ('*' | '/') UNARY }
 *   UNARY := '-' UNARY | PRIMARY
 *   PRIMARY := INTEGER | NAME | FUNC '(' EXPR [',' EXPR] ')' | '(' EXPR ')'
 *   NAME  := workgroup_size | workgroup_x | workgroup_y | workgroup_z
 *          | simd_width | elements_per_invocation      (EXPR_NAMES_SHAPE)
 *          | workgroups | elements                     (EXPR_NAMES_DISPATCH)
 *   FUNC  := log2 | ceil | floor (one argument) | min | max (two)
 *
 * Values are exact rationals (int64 numerator / denominator, reduced) so
 * that `/` divides exactly and "not whole" is a precise notion. log2 of an
 * exact power of two (1/2^k included) stays exact; any other log2 gives an
 * inexact real, and arithmetic on an inexact value stays inexact until
 * ceil() or floor() turns it back into an exact integer. Overflow of the
 * int64 arithmetic is an error, never a silent wrap.
 *
 * Which names exist depends on where the expression is written: a `repeat`
 * count of the ISA sees the launch shape (EXPR_NAMES_SHAPE); the `elements`
 * of a kernel's later dispatch sees the previous dispatch's workgroup and
 * element counts (EXPR_NAMES_DISPATCH). Each set rejects the other's names
 * as unknown.
 *
 * Two steps, like the program that holds the counts: expr_parse() checks
 * the syntax and the names once; expr_eval() computes the value for one
 * launch shape. The module knows nothing about programs: errors are
 * reported as a byte offset into the parsed text plus a message, and the
 * caller turns the offset into its own file location.
 */
#ifndef CUSIM_EXPR_H
#define CUSIM_EXPR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct expr expr;            /* opaque: a parsed expression */

/* The sets of names an expression may use. */
typedef enum expr_names {
    EXPR_NAMES_SHAPE,      /* repeat counts: the launch shape */
    EXPR_NAMES_DISPATCH    /* a later dispatch's elements: workgroups,
                              elements (of the previous dispatch) */
} expr_names;

/* The values of the names of EXPR_NAMES_SHAPE. */
typedef struct expr_env {
    uint32_t workgroup_size;
    uint32_t workgroup_x, workgroup_y, workgroup_z;
    uint32_t simd_width;
    uint32_t elements_per_invocation;
} expr_env;

/* The values of the names of EXPR_NAMES_DISPATCH: the previous dispatch's
 * counts. A value above INT64_MAX makes evaluation fail (overflow). */
typedef struct expr_counts {
    uint64_t workgroups;
    uint64_t elements;
} expr_counts;

/* A value. Invariant: when `exact`, the value is num/den with den > 0 and
 * gcd(|num|, den) == 1, neither is INT64_MIN, and `real` is its nearest
 * double; when not `exact`, only `real` (finite) holds the value. */
typedef struct expr_value {
    bool exact;
    int64_t num, den;
    double real;
} expr_value;

/* What went wrong and where: `offset` is a byte offset into the text given
 * to expr_parse() (for evaluation errors, the offending operator, function
 * or literal). */
typedef struct expr_error {
    size_t offset;
    char message[256];
} expr_error;

/* Parses the `len` bytes at `text` (leading and trailing blanks allowed)
 * as a repeat count: expr_parse_names() with EXPR_NAMES_SHAPE. */
expr *expr_parse(const char *text, size_t len, expr_error *err);

/* Parses the `len` bytes at `text`, allowing the names of `names`.
 * Returns NULL and fills `err` on a syntax error, a name not in `names`
 * (the message lists that set's names) or an unknown function, a wrong
 * number of arguments, or an integer literal too large for int64. Messages
 * call the text "the count" for EXPR_NAMES_SHAPE and "the expression" for
 * EXPR_NAMES_DISPATCH. The caller owns the result (expr_free). */
expr *expr_parse_names(const char *text, size_t len, expr_names names,
                       expr_error *err);

void expr_free(expr *e);             /* NULL-safe */

/* The expression's text as written, without surrounding blanks (owned by
 * `e`; valid until expr_free). For messages such as "log2(100) = 6.64". */
const char *expr_text(const expr *e);

/* Evaluates `e`, parsed with EXPR_NAMES_SHAPE, with the names bound by
 * `env`. Returns 0 and fills `out`, or returns -1 and fills `err` on
 * division by zero, log2 of a value <= 0, or overflow. */
int expr_eval(const expr *e, const expr_env *env, expr_value *out,
              expr_error *err);

/* The same for `e` parsed with EXPR_NAMES_DISPATCH, its names bound by
 * `counts`. (Evaluating an expression with the other set's values fails
 * on its first name.) */
int expr_eval_counts(const expr *e, const expr_counts *counts,
                     expr_value *out, expr_error *err);

/* True when `v` is an exact integer (den == 1). */
bool expr_value_is_integer(const expr_value *v);

#endif /* CUSIM_EXPR_H */
