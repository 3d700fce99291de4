/*
 * addr.h — where a memory instruction's lanes go: the resolved form of
 * `at=BUF[EXPR]` (docs/isa.md "Addresses") and its
 * evaluation for one subgroup's issue.
 *
 * A kernel declares its buffers (`buffers: { A: 67108864, table: 4096 }`);
 * they are laid out one after another from byte address 0, each aligned to
 * 4 KiB, in the order written. `at=A[EXPR]` makes each active lane touch
 * element EXPR (of the instruction's `bytes=` bytes) of buffer A: bytes
 * [base(A) + (EXPR mod n) x bytes, + bytes), n = A's size / bytes (an index
 * outside the buffer wraps, negative ones too: the result of mod is in
 * 0 .. n-1). `at=shared[EXPR]` addresses the workgroup's shared memory
 * the same way (base 0, size `shared_bytes`).
 *
 * EXPR is integer arithmetic (64-bit, two's complement wrap) over:
 *   per lane:       lane, lid, lid_x, lid_y, gid
 *   per subgroup:   wg, wg_x, wg_y, sg, it, it1, it2
 *   per instruction (folded when resolved): e and the launch shape's
 *                   names (prog_shape, plus elements and the buffers'
 *                   sizes)
 * with + - * / % << >> & | ^, min(a, b), max(a, b) and parentheses.
 * A division or remainder by zero for some lane is an error found when the
 * program is resolved wherever it can be (a constant divisor), else when
 * evaluated (addr_eval returns ADDR_DIV0).
 *
 * The resolved expression is a small program (addr_expr) owned by the
 * prog_code whose instruction points to it; it is evaluated without
 * allocation. An expression affine in the lane (a + b x lane, with a and b
 * per subgroup) is recognised when resolved and its lanes come as a run in
 * closed form; any other is evaluated for all the active lanes at once.
 * The lines and sectors an access touches are the model's coalescing
 * (sim/model/coalesce.h), from addr_eval's answer.
 */
#ifndef CUSIM_ADDR_H
#define CUSIM_ADDR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a subgroup's issue knows beyond the resolved instruction. */
typedef struct addr_ctx {
    uint32_t wg;                 /* workgroup index in the dispatch */
    uint32_t sg;                 /* subgroup index in its workgroup */
    uint32_t width;              /* lanes per subgroup (lid = sg x width +
                                    lane) */
    uint32_t it[3];              /* it, it1, it2: the iteration (from 0) of
                                    the innermost enclosing repeat and the
                                    ones outside it; 0 outside any */
} addr_ctx;

/* A line the access touches and which of its sectors. */
typedef struct addr_line {
    uint64_t line;               /* byte address / line size */
    uint32_t sectors;            /* bit s: sector s of the line */
    uint16_t ops;                /* coal_access_atomic: the most lanes whose
                                    element starts at one address of the
                                    line (those operations take turns); 0
                                    otherwise */
    uint16_t lanes;              /* coal_access_atomic: the lanes whose
                                    element starts in the line (its
                                    operations); 0 otherwise */
} addr_line;

typedef struct addr_expr addr_expr;   /* opaque; see addr.c */

/* addr_eval's (and the coalescing's, sim/model/coalesce.h) answer when
 * some lane divides by zero. */
#define ADDR_DIV0 UINT32_MAX

#define ADDR_MAX_LANES 1024            /* the widest subgroup addressed */
#define ADDR_MASK_WORDS(width) (((width) + 63) / 64)

/* Where a subgroup's lanes' bytes are, evaluated once for one access:
 * either a run in closed form (`run`: n lanes at lo, lo + step, ...,
 * ascending, step >= 0 bytes apart, and when n2 > 0 n2 lanes more at lo2,
 * lo2 + step, ..., above the first n's bytes: an index that wraps the
 * region once) or the first byte of each lane, in lane order, in at[0 ..
 * n), the lowest lo and the highest hi. Each lane touches `bytes` bytes
 * from its first. sim/model/coalesce.h turns it into lines and sectors. */
typedef struct addr_lanes {
    uint64_t lo, step;                 /* run; a list: lo its lowest
                                          address */
    uint64_t hi;                       /* a list: its highest address */
    uint64_t lo2;                      /* run: the second run's first */
    uint32_t n;                        /* lanes (a run: of its first) */
    uint32_t n2;                       /* run: the second run's lanes */
    uint32_t bytes;
    bool run;
    bool aligned;                      /* every lane's first byte is a
                                          multiple of `bytes` (the region
                                          starts at one) */
    uint64_t at[ADDR_MAX_LANES];       /* not run */
} addr_lanes;

/* Evaluates `x` for lanes 0 .. lanes-1 of the subgroup `c`, or for the
 * lanes of `mask` (addr.h's lane masks, of c->width lanes) when it is not
 * NULL, into *out: a run when the index is affine in the lane (or is an
 * affine index modulo the region's elements, which the region's wrap
 * does anyway) and the lanes span less than the region (one run, or two
 * where they wrap its end; and `list` is false), else
 * the list of the lanes' first bytes, an index that is not affine
 * evaluated for all lanes at once where the program allows (no per-lane
 * interpretation). Returns 0, or ADDR_DIV0 when a lane divides by zero.
 * Nothing allocates. */
uint32_t addr_eval(const addr_expr *x, const addr_ctx *c, uint32_t lanes,
                   const uint64_t *mask, bool list, addr_lanes *out);

/* The most lines `lanes` lanes may touch through `x`, of `line` bytes:
 * the room the coalescing of an access needs. */
uint32_t addr_max_lines(const addr_expr *x, uint32_t lanes, uint32_t line);

/* ------------------------------------------------- beyond the lead's core
 * Parsing (prog_parse: the text of `at=BUF[EXPR]`, and a buffer's size),
 * resolving (prog_resolve: names of the instruction folded) and the
 * per-lane pass (the reference the closed form is tested against, and
 * shared memory's per-lane addresses for its bank model). */

typedef struct addr_src addr_src;     /* opaque: a parsed EXPR */

/* Which names an expression may use: the index of `at=` (every name), or
 * a buffer's size (the launch shape and `elements` only). */
typedef enum addr_names { ADDR_NAMES_INDEX, ADDR_NAMES_SIZE } addr_names;

/* What went wrong and where: a byte offset into the text given to
 * addr_parse (for a constant division by zero, its operator). */
typedef struct addr_error {
    size_t offset;
    char message[256];
} addr_error;

/* Parses the `len` bytes at `text` (blanks around tokens allowed).
 * Returns NULL and fills `err` on a syntax error, a name not in `names`
 * (with a did-you-mean), an integer literal above INT64_MAX, or more than
 * ADDR_MAX_NODES operators and operands. The caller owns the result. */
#define ADDR_MAX_NODES 256
addr_src *addr_parse(const char *text, size_t len, addr_names names,
                     addr_error *err);
addr_src *addr_src_clone(const addr_src *s);   /* NULL for NULL */
void addr_src_free(addr_src *s);                /* NULL-safe */
const char *addr_src_text(const addr_src *s);   /* as written, trimmed */
bool addr_src_names_e(const addr_src *s);       /* it reads `e` */
/* It reads a name that differs from one workgroup to the next (gid, wg,
 * wg_x, wg_y): its addresses are the invocation's own, not a table every
 * workgroup reads alike. */
bool addr_src_names_workgroup(const addr_src *s);

/* What resolving binds: the names folded (the launch shape, `elements`,
 * the body copy `e`), what the per-lane names are computed from
 * (workgroup_x/_y, workgroup_size, grid_x) and the region addressed
 * (`base`, `length` bytes; elements of `bytes` bytes). */
typedef struct addr_bind {
    uint32_t workgroup_x, workgroup_y, workgroup_z, workgroup_size;
    uint32_t simd_width, elements_per_invocation;
    uint64_t elements;
    uint32_t grid_x;                   /* workgroups per row; 0: one row */
    uint32_t e;                        /* body copy */
    uint64_t base, length;             /* the region, in bytes */
    uint32_t bytes;                    /* per lane, >= 1 */
} addr_bind;

/* Resolves `s` (parsed with ADDR_NAMES_INDEX) for `b`: folds the constant
 * names and subexpressions and recognises an index affine in the lane.
 * Returns NULL and fills `err` on a division or remainder by a divisor
 * that folds to 0, or when the region holds no element (length < bytes).
 * The caller owns the result (addr_expr_free). */
addr_expr *addr_resolve(const addr_src *s, const addr_bind *b,
                        addr_error *err);
void addr_expr_free(addr_expr *x);              /* NULL-safe */

/* Evaluates `s` (parsed with ADDR_NAMES_SIZE) for `b`: 0, or -1 with
 * `err` set on a division by zero. */
int addr_const_eval(const addr_src *s, const addr_bind *b, int64_t *out,
                    addr_error *err);

/* Whether the `len` bytes at `s` are a name of the language (any set) or
 * one of its functions (min, max): a buffer may not be called that. */
bool addr_is_name(const char *s, size_t len);

/* A buffer's size as written (`len` bytes at `text`): a whole number of
 * bytes, optionally followed by KiB, MiB or GiB (blanks allowed between),
 * sets *bytes and *expr = NULL; anything else is parsed as an expression
 * of ADDR_NAMES_SIZE into *expr (the caller owns it; its value comes from
 * addr_const_eval). Returns 0, or -1 with `err` set: a syntax error, or a
 * number above 2^48 bytes. */
int addr_size_parse(const char *text, size_t len, uint64_t *bytes,
                    addr_src **expr, addr_error *err);

/* Whether `x` reads no per-lane name: every lane of a subgroup touches
 * the same address (a uniform load). */
bool addr_is_uniform(const addr_expr *x);

/* Whether `x` was recognised as affine in the lane (its lines come in
 * closed form). */
bool addr_is_affine(const addr_expr *x);

/* The byte address lane `lane` of the subgroup `c` touches first (its
 * element's first byte), wrap applied; sets *div0 (and returns 0) when
 * the lane divides by zero. */
uint64_t addr_lane(const addr_expr *x, const addr_ctx *c, uint32_t lane,
                   int *div0);

/* The elements of the region `x` addresses (its size / bytes). */
uint64_t addr_elements(const addr_expr *x);

/* ------------------------------------------------------- lane masks
 * A subgroup whose lanes diverge (an `if`, a repeat whose count differs
 * per lane: docs/isa.md "Divergence") runs with a mask of active lanes:
 * ADDR_MASK_WORDS(width) words, bit l % 64 of word l / 64 for lane l. */

/* The value of `x` (the index before any wrap: a condition or a count)
 * for each lane l of `mask` (of c->width lanes) into v[l]; the other
 * entries are left alone. Returns 0, or ADDR_DIV0 when a lane divides by
 * zero. Nothing allocates. */
uint32_t addr_values(const addr_expr *x, const addr_ctx *c,
                     const uint64_t *mask, int64_t *v);

/* Whether `x` folded to a constant when resolved (its value in *v): the
 * same for every lane of every subgroup. */
bool addr_const_value(const addr_expr *x, int64_t *v);

#endif /* CUSIM_ADDR_H */
