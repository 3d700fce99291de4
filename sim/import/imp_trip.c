/*
 * imp_trip.c — a loop's trip count read from its counter, where the code
 * shows one: a register the loop writes once, by adding a constant to
 * itself or shifting itself right, known at the loop's entry, compared
 * with a constant by the instruction that decides the loop's branch:
 *
 *     s_mov_b32 s4, 16                s_movk_i32 s1, 0x80
 *   .LBB0_1:                        BB1:
 *     ...                             s_cmp_ge_u32 0, s1
 *     s_add_i32 s4, s4, -2            s_cbranch_scc1 BB11   (the exit)
 *     s_cmp_eq_u32 s4, 0              ...
 *     ...                             s_lshr_b32 s1, s1, 1
 *     s_cbranch_scc0 .LBB0_1          s_branch BB1
 *
 * 8 trips each (16, 14, ... 2; 128, 64, ... 1). The count comes from
 * running the counter, in 32 bits as the hardware does, through the
 * loop's passes until the branch leaves it: at most MAX_TRIPS passes,
 * beyond which (or for a counter compared with a value the code does not
 * show, such as a parameter or a lane's id) the loop keeps --trip's
 * count, or 1 with the importer's warning.
 */
#include <stdio.h>
#include <string.h>

#include "imp_addr.h"

enum { MAX_TRIPS = 1 << 20 };

static int64_t word(int64_t v, bool is_signed)
{
    return is_signed ? (int64_t)(int32_t)(uint32_t)v : (int64_t)(uint32_t)v;
}

static bool holds(int op, int64_t a, int64_t b)
{
    switch (op) {
    case CMP_LT: return a < b;
    case CMP_LE: return a <= b;
    case CMP_GT: return a > b;
    case CMP_GE: return a >= b;
    case CMP_EQ: return a == b;
    default:     return a != b;
    }
}

static bool updates(apass *p, const imp_listing *l, const imp_insn *in,
                    const aff *s, int *kind, int64_t *k)
{
    return l->format == IMP_FORMAT_SASS ? addr_sass_update(p, in, s, kind, k)
                                        : addr_amd_update(p, in, s, kind, k);
}

/* How many instructions of [begin, end) write slot `s`; *last the last. */
static int writers(apass *p, const imp_listing *l, size_t begin, size_t end,
                   const aff *s, size_t *last)
{
    int count = 0;
    for (size_t i = begin; i < end; i++) {
        aff *w[4];
        int n = addr_writes(p, l, &l->insns[i], w);
        for (int j = 0; j < n; j++)
            if (w[j] == s) {
                count++;
                *last = i;
            }
    }
    return count;
}

/* The passes the loop runs: the counter from `c`, the update and the
 * compare in their order each pass (the update first when `upd_first`),
 * then the branch (`top`: an exit test, out when its compare is t->when;
 * else the closing branch, back when it is). 0 when the loop's body
 * never runs, -1 beyond MAX_TRIPS. */
static long run(const ltest *t, int side, bool top, bool upd_first,
                int kind, int64_t step, int64_t c, int64_t bound)
{
    for (long trips = 0; trips < MAX_TRIPS; trips++) {
        bool cond = false;
        for (int e = 0; e < 2; e++) {
            if ((e == 0) == upd_first) {
                c = kind == UPD_ADD ? (int64_t)(uint32_t)(c + step)
                                    : (int64_t)((uint32_t)c >> step);
            } else {
                int64_t a = word(c, t->is_signed);
                int64_t b = word(bound, t->is_signed);
                cond = side == 0 ? holds(t->op, a, b) : holds(t->op, b, a);
            }
        }
        if (top && cond == t->when)
            return trips;
        if (!top && cond != t->when)
            return trips + 1;
    }
    return -1;
}

static const char *const op_text[] = { "<", "<=", ">", ">=", "==", "!=" };

bool addr_loop_trips(apass *p, const imp_listing *l, imp_region *r)
{
    /* the branch that decides: the closing one when conditional (taken:
     * another pass), else an exit test inside (taken: out) */
    size_t br = r->branch;
    bool top = false;
    const imp_insn *closing = &l->insns[br];
    if (!(closing->row->flags & IMP_F_COND)
        && closing->guard.file == IMP_FILE_NONE) {
        size_t x = br;
        for (size_t i = r->begin; i < br; i++) {
            const char *loop = imp_flow_exit_of(l, i);
            if (loop && strcmp(loop, r->label) == 0) {
                if (x != br)
                    return false;       /* two exits */
                x = i;
            }
        }
        if (x == br)
            return false;
        br = x;
        top = true;
    }
    ltest t;
    memset(&t, 0, sizeof t);
    bool found = l->format == IMP_FORMAT_SASS
                     ? addr_sass_test(p, l, r->begin, br, &t)
                     : addr_amd_test(p, l, r->begin, br, &t);
    if (!found)
        return false;
    /* one side the counter (written once in the loop, by an update),
     * the other a constant (or a register the loop does not write that
     * holds one) */
    int side = -1, kind = 0;
    int64_t step = 0, bound, c;
    size_t u = 0;
    for (int i = 0; i < 2; i++) {
        if (!t.slot[i])
            continue;
        size_t last;
        int n = writers(p, l, r->begin, r->end, t.slot[i], &last);
        if (n == 0) {
            if (!t.slot[i]->known || t.slot[i]->n != 0)
                return false;
            t.k[i] = t.slot[i]->c;
            t.slot[i] = NULL;
        } else if (n == 1 && side < 0
                   && updates(p, l, &l->insns[last], t.slot[i], &kind,
                              &step)) {
            side = i;
            u = last;
        } else {
            return false;
        }
    }
    if (side < 0 || t.slot[1 - side] || !t.slot[side]->known
        || t.slot[side]->n != 0)
        return false;
    bound = t.k[1 - side];
    c = t.slot[side]->c;
    long trips = run(&t, side, top, u < t.at, kind, step, c, bound);
    if (trips <= 0)
        return false;                   /* never runs, or too long */
    snprintf(r->trip, sizeof r->trip, "%ld", trips);
    char upd[48], cmp[64];
    if (kind == UPD_ADD)
        snprintf(upd, sizeof upd, "%+lld a trip", (long long)step);
    else
        snprintf(upd, sizeof upd, ">> %lld a trip", (long long)step);
    const char *n = t.name[side];
    long long b = (long long)word(bound, t.is_signed);
    if (side == 0)
        snprintf(cmp, sizeof cmp, "%s %s %lld", n, op_text[t.op], b);
    else
        snprintf(cmp, sizeof cmp, "%lld %s %s", b, op_text[t.op], n);
    snprintf(r->why, sizeof r->why, "%s = %lld, %s, %s %s", n, (long long)c,
             upd, top == t.when ? "until" : "while", cmp);
    return true;
}
