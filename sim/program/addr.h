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
 * evaluated (addr_lines returns ADDR_DIV0).
 *
 * The resolved expression is a small program (addr_expr) owned by the
 * prog_code whose instruction points to it; it is evaluated without
 * allocation. An expression affine in the lane (a + b x lane, with a and b
 * per subgroup) is recognised when resolved and its lines are produced in
 * closed form; any other takes one pass over the active lanes.
 */
#ifndef CUSIM_ADDR_H
#define CUSIM_ADDR_H

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
} addr_line;

typedef struct addr_expr addr_expr;   /* opaque; see addr.c */

/* addr_lines' answer when some lane divides by zero. */
#define ADDR_DIV0 UINT32_MAX

/* The distinct lines lanes 0 .. lanes-1 of a subgroup touch through `x`
 * (each lane its instruction's `bytes` bytes), in ascending address order,
 * with their sector masks, into out[0 .. cap): returns how many (at most
 * cap: the caller gives cap >= addr_max_lines(x, lanes, line)), or
 * ADDR_DIV0. `line` and `sector` are powers of two, sector <= line, at
 * most 32 sectors per line. */
uint32_t addr_lines(const addr_expr *x, const addr_ctx *c, uint32_t lanes,
                    uint32_t line, uint32_t sector, addr_line *out,
                    uint32_t cap);

/* The most lines `lanes` lanes may touch through `x`. */
uint32_t addr_max_lines(const addr_expr *x, uint32_t lanes, uint32_t line);

#endif /* CUSIM_ADDR_H */
