/*
 * imp_addr.h — what the address pass's files share (internal to
 * sim/import: imp_addr.c, the pass; imp_aff.c, the affine forms and their
 * text; imp_addr_sass.c, and imp_addr_amd.c with imp_cond_amd.c, each
 * ISA's instructions behind its table of operations, imp_isa_ops;
 * imp_trip.c, a loop's trip count). Calls go one way: the pass calls the
 * others (an ISA's only through its table), the ISAs' files and
 * imp_trip.c call imp_aff.c, and imp_aff.c calls none of them.
 */
#ifndef CUSIM_IMP_ADDR_H
#define CUSIM_IMP_ADDR_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

#include "imp_int.h"

enum { A_TERMS = 6, A_REGS = 256 };

/* The names of a form: A_PARAM + i is buffer i's address (bufs[i]: a
 * pointer parameter, or a RADV descriptor's base); A_INPUT + r is SGPR
 * r's value at the kernel's start where the listing does not say what it
 * holds (RADV's user and system SGPRs); A_CGA the CTA's rank in its
 * cluster (SASS SR_CgaCtaId), which only sm_90's shared window reads. */
enum { A_LID_X, A_LID_Y, A_WG_X, A_WG_Y, A_IT, A_PARAM, A_BUFS = 16,
       A_INPUT = A_PARAM + A_BUFS, A_CGA = A_INPUT + A_REGS,
       A_ARG, A_ARGS = 16 };
/* A_ARG + i is the 4-byte kernel argument args[i] (AMD: a dword of the
 * kernarg segment no pointer holds); a pointer parameter's name used as
 * a value (not an address's base) is the argument at its offset too. */

/* An affine form c + k[0] x sym[0] + ...; known false: not one. */
typedef struct aff {
    bool known;
    int n;
    int sym[A_TERMS];
    int64_t k[A_TERMS];
    int64_t c;
} aff;

/* The pass's state: each register's value, the parameters seen. */
typedef struct apass {
    aff r[A_REGS], ur[A_REGS];       /* SASS R, UR; AMD VGPRs, SGPRs */
    bool written_s[A_REGS];          /* AMD: an SGPR some instruction wrote
                                        (an s_load's base not written is
                                        the kernarg segment pointer) */
    bool packed_ids;                 /* AMD: v0 holds the x and y ids */
    uint32_t wg[3];                  /* the workgroup (ids' bounds) */
    struct {
        int64_t key;                 /* the parameter's byte offset; RADV:
                                        the descriptor's SGPR and offset */
        char name[24];               /* its buffer: arg10, desc10 */
    } bufs[A_BUFS];
    int n_bufs;
    bool radv;                       /* a RADV listing (imp_addr_amd.c) */
    bool vote;                       /* two passes: the listing does not
                                        say which SGPRs hold the
                                        workgroup ids (RADV; llvm-objdump
                                        -d without the descriptor) */
    bool probe;                      /* the first of those passes: it
                                        finds the workgroup ids' SGPRs */
    int64_t arg_off[A_ARGS];         /* A_ARG + i: the argument at byte
                                        arg_off[i] */
    int n_args;
    const imp_arg_opt *vals;         /* --arg: the arguments' values */
    int n_vals;
    imp_arg_opt found[A_ARGS];       /* the arguments with no --arg that a
                                        bounds check made the element
                                        count (expr "elements", name its
                                        off, bounds_line the compare's) */
    int n_found;
    int64_t bound_off;               /* the last v_cmp (ISETP) that was
                                        such a bounds check: its
                                        argument's offset and line (0:
                                        none), pending until a branch
                                        skips the lanes it leaves out */
    int bound_line;
    uint64_t steps;                  /* counter values the trip counts
                                        have worked out (imp_trip.c: at
                                        most IMP_MAX_STEPS a listing) */
    int ids_vote[A_REGS][2];         /* vote: forms where SGPR r's input is
                                        k x local_size.x (y) times lid_x
                                        (lid_y)'s k */
    char pred[8][96];                /* SASS P0..P6: the lanes where it is
                                        true ("lid_x > 127"), "" unknown */
    char pred_not[8][96];            /* and where it is false ("lid_x <=
                                        127") */
    char vcc[96], exec[96];          /* AMD: the lanes vcc and exec hold,
                                        where a v_cmp of known values set
                                        them, else "" */
    char scond[A_REGS][96];          /* AMD: an SGPR (pair) a v_cmp_e64
                                        wrote its lanes to */
    uint8_t lane_mark[A_REGS];       /* AMD: a VGPR holding v_mbcnt_lo
                                        (-1, 0) (1) or the lane's index
                                        in its wave, its _hi after (2) */
    bool wave64;                     /* AMD: the kernel runs in wave64 */
    struct {
        int64_t init, step;          /* AMD: an SGPR a lone loop shifts
                                        right by `step` once a pass, from
                                        `init` at its entry: init >> (step
                                        x it) until the shift (step 0:
                                        none) */
    } shr[A_REGS];
} apass;

/* One operand's text, without a leading '-' (neg). */
typedef struct opnd {
    char t[48];
    bool neg;
} opnd;

/* The forms (imp_aff.c). */
aff aff_unknown(void);
aff aff_constant(int64_t c);
aff aff_named(int sym);
aff aff_add(aff a, aff b, int64_t m);     /* a + m x b */
aff aff_mul(aff a, aff b);                /* affine when one is constant */
aff aff_shl(aff a, aff s);

/* Writes `a` as an expression of the kernel language ("lid_x + 64 *
 * wg_x"); false when it is unknown, names a pointer parameter, or does
 * not fit. */
bool addr_expr_text(const aff *a, char *buf, size_t size);

/* The name index of the pointer parameter at byte `off`, or -1. */
int addr_param(apass *p, int64_t off);

/* The name index of the buffer whose RADV descriptor a scalar load read
 * at byte `off` of the descriptor set SGPR `sgpr` points to, or -1. */
int addr_descriptor(apass *p, int sgpr, int64_t off);

/* The name index of the 4-byte kernel argument at byte `off`, or -1. */
int addr_arg(apass *p, int64_t off);

/* The value of the argument at byte `off`: its --arg, or the element
 * count a bounds check made it (p->found); NULL when neither. */
const imp_arg_opt *addr_arg_value(const apass *p, int64_t off);

/* A compare of `a` against `b` (`op`, one of "<" "<=" ">" ">=" "==" "!="
 * of src0 against src1) that is a bounds check of the flat global id
 * (wg_x x workgroup_x + lid_x, a one-dimensional workgroup) against a
 * kernel argument: the lanes it keeps as text into `out` ("gid <
 * elements", "gid < 1024", "gid < (elements / 2)"), the argument's value
 * its --arg, else `elements`; then, with no --arg, p->bound_off and
 * p->bound_line (`line`) hold it until the branch (addr_bound_taken).
 * False when it is no such compare (`out` untouched). */
bool addr_bound_check(apass *p, aff a, aff b, const char *op, int line,
                      char *out, size_t size);

/* The branch whose lanes are those of the pending bounds check (`lanes`
 * its text) skips the others: its argument is the element count from
 * here on (p->found). */
void addr_bound_taken(apass *p, const char *lanes);

/* Writes the at= text of an access `in` of `bytes` per lane at address
 * `a` (one pointer parameter plus a form divisible by `bytes`; a kernel
 * argument in it by its --arg value) into in->at, else "", and then the
 * arguments with no value it needs into in->need_args. */
void addr_at_text(const apass *p, aff a, uint32_t bytes, imp_insn *in);

/* Writes the at= text of a shared-memory access of `bytes` per lane at
 * byte `a` of the workgroup's shared memory (a form of the ids, `it` and
 * constants, divisible by `bytes`): "shared[INDEX]", else "". */
void addr_shared_text(aff a, uint32_t bytes, char *at, size_t size);

/* A loop's counter (imp_trip.c): the compare that decides the branch at
 * `br`, between a register slot and a register slot or a constant. */
enum { CMP_LT, CMP_LE, CMP_GT, CMP_GE, CMP_EQ, CMP_NE };
typedef struct ltest {
    size_t at;                  /* the compare instruction */
    int op;                     /* CMP_*, of side 0 against side 1 */
    bool is_signed;             /* i32 rather than u32 */
    aff *slot[2];               /* a side's register, or NULL: */
    int64_t k[2];               /* its constant */
    char name[2][16];           /* a register's name (s4, R18) */
    bool when;                  /* the branch is taken when it holds */
} ltest;
enum { UPD_ADD, UPD_SHR };

/* The passes a loop runs whose counter starts at `c` and is updated once
 * a pass (`kind`: UPD_ADD adds `step`, UPD_SHR shifts right by `step`,
 * 1..31; in 32 bits, as the hardware does), before its compare when
 * `upd_first`; the compare `op` of the counter (side 0, else side 1)
 * against the constant `bound`, as words signed or not; the branch it
 * decides an exit test (`top`: out when the compare is `when`) or the
 * closing branch (back when it is). In closed form, constant time: the
 * first pass k whose counter c + k step (mod 2^32) lands in the words
 * that leave (an arc of the ring) by Euclid's steps; a shift's at most
 * 33 values stepped. Returns the count (0: the body never runs), or -1
 * when the loop never leaves or its count is beyond 2^32 - 1
 * (imp_trip.c). */
int64_t addr_trip_count(int op, bool is_signed, int side, bool when,
                        bool top, bool upd_first, int kind, int64_t step,
                        int64_t c, int64_t bound);


/* A per-lane exit: the loop's branch at `br` leaves the lanes for which
 * `counter op bound` holds, a VGPR against a constant (AMD: the
 * v_cmpx / s_andn2 / s_cbranch_scc0 of an exit test, the v_cmp / s_or /
 * s_andn2 exec / s_cbranch_execnz of a closing branch). */
typedef struct lanetest {
    size_t at;                  /* the compare */
    int op;                     /* CMP_*: counter op bound */
    bool is_signed;
    aff *slot;                  /* the counter's register */
    char name[16];
    int64_t bound;
} lanetest;

/* The trip count of loop region `r` read from its counter (at its entry,
 * with p's values then) into r->trip and r->why; false when the code
 * does not show it: imp_trip.c. */
bool addr_loop_trips(apass *p, const imp_listing *l, imp_region *r);


/* One instruction set's operations for the address pass and the trip
 * counts: what they ask of an instruction, so that neither tests a
 * listing's format (AMD GCN/RDNA, whose table imp_addr_amd.c gives, is
 * clang -S's, llvm-objdump's and RADV's alike; NVIDIA SASS's is
 * imp_addr_sass.c's). A new ISA is one file defining such a table and a
 * case in imp_isa_of. Every function is given the pass's state `p` and
 * reads the instruction's text (imp_insn) as its reader left it. */
typedef struct imp_isa_ops {
    const char *name;            /* "AMD GCN/RDNA", "NVIDIA SASS" */
    /* before a pass over listing `l` (the ids' registers, the kernel's
     * pointers); NULL: nothing */
    void (*start)(apass *p, const imp_listing *l);
    /* one instruction: its global access's address into in->at (and
     * at_copy, guard_not), then the values of what it writes */
    void (*insn)(apass *p, imp_insn *in);
    /* the register slots `in` writes, at most 4, into slots[]: each in
     * p->r or p->ur */
    int (*writes)(apass *p, const imp_insn *in, aff **slots);
    /* whether `in` adds a constant to slot `s` in place (*step): an
     * induction variable's one write */
    bool (*self_add)(apass *p, const imp_insn *in, const aff *s,
                     int64_t *step);
    /* whether `in` updates slot `s` in place: a loop counter's step
     * (*kind UPD_ADD by *k, or UPD_SHR by *k bits) */
    bool (*update)(apass *p, const imp_insn *in, const aff *s, int *kind,
                   int64_t *k);
    /* the compare that decides the conditional branch at `br` (the last
     * instruction in [begin, br) that sets what it reads) */
    bool (*test)(apass *p, const imp_listing *l, size_t begin, size_t br,
                 ltest *t);
    /* a per-lane exit (lanetest); NULL: the ISA has none the pass reads */
    bool (*lane_test)(apass *p, const imp_listing *l, size_t begin,
                      size_t br, lanetest *t);
    /* whether the instruction at `mov` (a move COUNTER = TMP, slot `s`)
     * ends a two-step update whose first step, in [begin, mov), is TMP =
     * COUNTER + *step (clang's do-while counters); NULL: none */
    bool (*copy_add)(apass *p, const imp_listing *l, size_t begin,
                     size_t mov, const aff *s, int64_t *step);
    /* the bytes per lane a memory mnemonic moves where its mapping row
     * says 0 (imp_write.c) */
    uint32_t (*width)(const char *mnem);
    /* a lone loop's uniform register (p->ur) that `update` shifts right
     * once a pass from a constant is a counter, init >> it (AMD's s_lshr
     * of RADV's reduction loops) */
    bool shift_counters;
} imp_isa_ops;

/* The tables (each the ISA's file's) and the one of a listing's format. */
const imp_isa_ops *imp_isa_amd(void);
const imp_isa_ops *imp_isa_sass(void);
static inline const imp_isa_ops *imp_isa_of(imp_format f)
{
    return f == IMP_FORMAT_SASS ? imp_isa_sass() : imp_isa_amd();
}

/* The index of register slot `w` in its file (p->r, else p->ur: *uniform
 * says which); debug builds assert that it is one of them. */
static inline int addr_slot_index(const apass *p, const aff *w,
                                  bool *uniform)
{
    *uniform = w >= p->ur && w < p->ur + A_REGS;
    assert(*uniform || (w >= p->r && w < p->r + A_REGS));
    return (int)(w - (*uniform ? p->ur : p->r));
}

/* The register slots instruction `in` writes (at most 4), by its ISA: the
 * pass's and imp_trip.c's, inline so that imp_trip.c, which the pass
 * calls, never calls the pass. Debug builds assert each is a slot. */
static inline int addr_writes(apass *p, const imp_listing *l,
                              const imp_insn *in, aff **slots)
{
    int n = imp_isa_of(l->format)->writes(p, in, slots);
    assert(n >= 0 && n <= 4);
    for (int k = 0; k < n; k++) {
        bool u;
        (void)addr_slot_index(p, slots[k], &u);
    }
    return n;
}

#endif /* CUSIM_IMP_ADDR_H */
