/*
 * program.h — the synthetic ISA's text form: parsing, and resolving a parsed
 * program for one launch shape into the flat code the simulator executes.
 *
 * Two steps, because a kernel is parsed once but resolved for every launch
 * shape a sweep tries:
 *
 *   prog_parse()    text -> prog_ast (syntax only; counts kept as
 *                   expressions, every token keeps its file location)
 *   prog_resolve()  prog_ast + prog_shape -> prog_code (counts evaluated,
 *                   body copied elements_per_invocation times with renamed
 *                   registers and the copies interleaved instruction by
 *                   instruction, registers numbered densely, peak live
 *                   registers counted)
 *
 * prog_code is flat: an array of instructions where `repeat` becomes a
 * PROG_LOOP / PROG_ENDLOOP pair, so its size depends on the program text and
 * elements_per_invocation, never on the number of elements or iterations.
 * All subgroups of a dispatch share one prog_code; a subgroup holds only a
 * program counter, a loop-counter stack and its scoreboard.
 *
 * The module is prog_parse.c (text -> prog_ast), prog_resolve.c
 * (prog_ast -> prog_code) and prog_live.c (the peak live registers),
 * sharing prog_int.h.
 */
#ifndef CUSIM_PROGRAM_H
#define CUSIM_PROGRAM_H

#include <stdint.h>

#include "addr.h"
#include "cusim.h"
#include "isa.h"

/* Where the program text sits in its file: text line k (1-based), column c
 * (1-based) is file line `line + k - 1`, column `column + c - 1`; or, when
 * `map` is not NULL (a quoted YAML scalar, whose lines fold), byte i of
 * the text is at file line map[2 i], column map[2 i + 1]. */
typedef struct prog_src {
    const char *file;
    int line;
    int column;
    const int *map;
    const cusim_buffer *buffers;       /* the kernel's, which at=BUF[...]
                                          may name (NULL when n_buffers
                                          is 0) */
    int n_buffers;
} prog_src;

/* The launch shape that counts may depend on, and what addresses need
 * (docs/isa.md "Addresses"): the dispatch's size, the grid's rows, the
 * buffers and the shared memory at= may name. */
typedef struct prog_shape {
    uint32_t workgroup_x, workgroup_y, workgroup_z;
    uint32_t workgroup_size;           /* x * y * z */
    uint32_t simd_width;
    uint32_t elements_per_invocation;
    uint64_t elements;                 /* the dispatch's; 0: not known (a
                                          later dispatch whose count is an
                                          expression, until plan.c sets
                                          it) */
    uint64_t invocations;              /* ceil(elements / E) */
    uint32_t grid_x;                   /* workgroups per row; 0: one row */
    uint32_t shared_bytes;             /* the region of at=shared[...] */
    const cusim_buffer *buffers;       /* the kernel's (borrowed) */
    int n_buffers;
    const char *file;                  /* the kernel's file, for a buffer
                                          mark whose file is NULL */
} prog_shape;

/* The launch shape of kernel `k` run at SIMD width `width`, with k's
 * elements (0 when they are an expression of the previous dispatch's:
 * the caller that knows them sets `elements` and `invocations`) and k's
 * shared_bytes (0 when it is an expression of the shape: the caller sets
 * `shared_bytes` from cusim_kernel_shared_bytes). */
prog_shape prog_shape_of(const cusim_kernel *k, uint32_t width);

typedef struct prog_ast prog_ast;    /* opaque: a parsed program */

/* Parses `text`. Returns NULL and fills `err` (at the offending token's file
 * location, via `src`) on a syntax error: unknown opcode (with a
 * did-you-mean), wrong operand count, a destination on a store or barrier,
 * a bad modifier, an unbalanced brace, a malformed count expression, `once`
 * or `body` given twice or nested. The caller owns the result. */
prog_ast *prog_parse(const char *text, const prog_src *src, cusim_error *err);
void prog_ast_free(prog_ast *ast);   /* NULL-safe */

/* A deep copy of `ast`, or NULL for NULL: the same program, resolving to
 * the same code and failing with the same errors at the same places. The
 * caller owns it (prog_ast_free). */
prog_ast *prog_ast_clone(const prog_ast *ast);

/* A global access of the body whose at= address is the invocation's own
 * (it reads gid, wg, wg_x or wg_y) but does not read `e`: under
 * elements_per_invocation every copy of it moves the same bytes, so the
 * copies do not process elements of their own. Returns the first such
 * access's location (*line, *column: its EXPR's byte 0), its buffer's
 * index and EXPR as written, or false when there is none. An address
 * every workgroup reads alike (a table indexed by lane, lid, sg or `it`)
 * is the same data for every element, and an access by pattern follows
 * the element by construction (docs/isa.md "Addresses"). */
bool prog_body_fixed_address(const prog_ast *ast, int *line, int *column,
                             uint32_t *buffer, const char **text);

/* The kinds of entries in prog_code: an ISA opcode, loop control or an
 * if's control. */
enum {
    PROG_LOOP = ISA_OP_COUNT,          /* start of a repeat */
    PROG_ENDLOOP,                      /* end of a repeat */
    PROG_IF,                           /* an if: its lanes take the first
                                          side */
    PROG_ELSE,                         /* the end of the first side: the
                                          other lanes take the second */
    PROG_ENDIF                         /* the lanes reconverge */
};

#define PROG_NO_REG UINT16_MAX
#define PROG_MAX_SRCS 3
#define PROG_MAX_DEPTH 16              /* nesting of repeat blocks */
/* The most instructions a resolved program holds: its once block and
 * elements_per_invocation copies of its body (each a few hundred bytes of
 * decoded state, so a check or run stays within about 100 MB). */
#define PROG_MAX_INSNS 262144

/* Where a memory instruction's addresses are. */
enum { PROG_SPACE_NONE, PROG_SPACE_GLOBAL, PROG_SPACE_SHARED };

/* One resolved instruction. Invariant: for a PROG_LOOP at index i, `count`
 * is the iteration count (may be 0) and `jump` is the index of its matching
 * PROG_ENDLOOP; for that PROG_ENDLOOP, `jump` is i. A PROG_LOOP whose
 * `cond` is not NULL repeats a count per lane (`cond`'s value for each
 * lane, none when below 1): its `count` is 0 and `body` the instructions
 * one iteration executes (nested per-lane repeats' own bodies left out),
 * the budget's charge per iteration. An if is always the triple PROG_IF
 * (`cond` its condition, `jump` its PROG_ELSE), PROG_ELSE (`jump` its
 * PROG_ENDIF), PROG_ENDIF (`jump` its PROG_IF), with nothing between
 * PROG_ELSE and PROG_ENDIF when the if has no else.
 *
 * Addresses: `at` is the resolved at=BUF[EXPR] (NULL without at=);
 * `sugar`, for a global access without at=, the address expression with
 * its pattern's meaning (docs/isa.md "Addresses": its own region, after
 * the buffers), which the flat model does not read (it keeps `pattern`).
 * Both are owned by the prog_code (prog_code_free). */
typedef struct prog_insn {
    uint16_t op;                       /* isa_op, PROG_LOOP or PROG_ENDLOOP */
    uint8_t n_src;
    uint8_t pattern;                   /* isa_pattern, memory ops only */
    uint16_t dst;                      /* register number or PROG_NO_REG */
    uint16_t src[PROG_MAX_SRCS];
    uint32_t bytes;                    /* per lane, memory ops only */
    uint32_t stride;                   /* for ISA_PATTERN_STRIDED */
    uint32_t count;                    /* PROG_LOOP: iterations */
    uint32_t jump;                     /* loop partner index */
    uint8_t space;                     /* PROG_SPACE_*, memory ops */
    uint8_t params;                    /* at= names buffer params, the
                                          kernel's parameters (a profile's
                                          constant cache serves those) */
    const addr_expr *at;               /* at=, or NULL */
    const addr_expr *sugar;            /* the pattern's addresses, or NULL */
    const addr_expr *cond;             /* PROG_IF, per-lane PROG_LOOP */
    uint64_t body;                     /* per-lane PROG_LOOP (above) */
    int line;                          /* the file line of the statement
                                          it comes from (a combine of the
                                          after block: the statement that
                                          reads it); 0 for none */
} prog_insn;

/* A resolved program. `once_len` instructions of `insns` form the
 * once-per-invocation part; the rest is the body with its copies. */
typedef struct prog_code {
    prog_insn *insns;
    uint32_t n_insns;
    uint32_t once_len;
    uint32_t n_regs;                   /* registers are 0 .. n_regs-1 */
    uint32_t live_registers;           /* peak live 32-bit registers */
    uint64_t dynamic_insns;            /* ISA instructions one invocation
                                          executes, loops unrolled: both
                                          sides of an if counted, and of a
                                          per-lane repeat what is outside
                                          it (its iterations are charged
                                          as it runs) */
    uint32_t div_depth;                /* the most ifs and per-lane repeats
                                          nested at one point (0: no lane
                                          ever diverges) */
    int dead_if_line, dead_if_column;  /* the first if whose condition is
                                          constant 0 at this launch shape
                                          (its first side never runs), or
                                          0 */
    int wrap_line, wrap_column;        /* the first at=shared[EXPR] found
                                          to index outside shared_bytes
                                          (prog_resolve.c, check_shared:
                                          workgroup 0, every lane, the
                                          first and last iterations of its
                                          repeats), or 0 */
    int64_t wrap_index;                /* that index, before the wrap */
    uint64_t wrap_elements;            /* the elements shared_bytes holds */
} prog_code;

/* Resolves `ast` for `shape`. Returns NULL and fills `err` (at the count's
 * location) when a count is negative, not whole ("wrap it in ceil() or
 * floor()"), divides by zero, overflows, or uses an unknown name; or when
 * the program needs more than PROG_NO_REG registers; or (addresses) when a
 * buffer's size does not evaluate to 1 .. 2^48 bytes, an at= divides by a
 * divisor that is always 0, or its region holds no element. The caller
 * owns the result. */
prog_code *prog_resolve(const prog_ast *ast, const prog_shape *shape,
                        cusim_error *err);
void prog_code_free(prog_code *code); /* NULL-safe */

#endif /* CUSIM_PROGRAM_H */
