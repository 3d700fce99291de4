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
 * show, such as a parameter) the loop keeps --trip's count, or 1 with
 * the importer's warning.
 *
 * A per-lane count (AMD): the lanes leave one by one where a VGPR counter
 * (entry value a form of the local ids, a constant added each pass)
 * passes a constant, tested at the top (ACO: v_cmpx, s_andn2, s_cbranch
 * _scc0) or at the end of each pass (clang: v_cmp, s_or, s_andn2 exec,
 * s_cbranch_execnz); the count is worked out for every invocation of the
 * workgroup and written as an expression of lid:
 *
 *     v2 = 16 lid_y + lid_x, +256 a pass, out when v2 >= 324
 *         -> repeat 1 + (lid < 68)
 *
 * A loop with several exits gets its count from the one whose test is
 * read; the others (naga's bound) may leave sooner, so it is at most.
 */
#include <stdint.h>
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
                c = kind == UPD_ADD ? (int64_t)(uint32_t)((uint64_t)c
                                                          + (uint64_t)step)
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

/* The count from a uniform counter: the branch at `br` (`top`: an exit
 * test inside, else the closing branch) decided by a compare of a
 * register the loop updates once with a constant. */
static bool counter_trips(apass *p, const imp_listing *l, imp_region *r,
                          size_t br, bool top)
{
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

/* Whether `a` names only the local ids (lid_x, lid_y) and constants. */
static bool of_lids(const aff *a)
{
    if (!a->known)
        return false;
    for (int i = 0; i < a->n; i++)
        if (a->sym[i] != A_LID_X && a->sym[i] != A_LID_Y)
            return false;
    return true;
}

/* `a` for the invocation (x, y). */
static int64_t at_lid(const aff *a, int64_t x, int64_t y)
{
    int64_t v = a->c;
    for (int i = 0; i < a->n; i++)
        v += a->k[i] * (a->sym[i] == A_LID_X ? x : y);
    return v;
}

/* The count per lane from a per-lane counter: the lanes leave where
 * `counter op bound` holds, tested at the top of each pass (`top`) or
 * at its end, the counter a VGPR the loop adds a constant to, from an
 * entry value of the local ids. The count, for the lane whose counter
 * is v at its first test, is the passes before the test holds (+1 when
 * the test ends the pass); it is written as `C + (lid < T)` when it
 * takes two values split at one index, else max(0, (N -/+ INIT) / S). */
static bool lane_trips(apass *p, const imp_listing *l, imp_region *r,
                       size_t br, bool top)
{
    lanetest t;
    memset(&t, 0, sizeof t);
    if (l->format == IMP_FORMAT_SASS
        || !addr_amd_lane_test(p, l, r->begin, br, &t))
        return false;
    size_t last = 0;
    int64_t step = 0;
    int kind = 0;
    if (writers(p, l, r->begin, r->end, t.slot, &last) != 1)
        return false;
    if (!(updates(p, l, &l->insns[last], t.slot, &kind, &step)
          && kind == UPD_ADD)
        && !addr_amd_copy_add(p, l, r->begin, last, t.slot, &step))
        return false;
    const aff init = *t.slot;
    char iv[80];
    if (step == 0 || !of_lids(&init) || init.n == 0
        || !addr_expr_text(&init, iv, sizeof iv))
        return false;
    /* small enough that nothing below overflows */
    const int64_t big = (int64_t)1 << 32;
    if (step < -big || step > big || t.bound < -big || t.bound > big
        || init.c < -big || init.c > big)
        return false;
    for (int i = 0; i < init.n; i++)
        if (init.k[i] < -big || init.k[i] > big)
            return false;
    /* leave when v >= lim (step > 0) or v <= lim (step < 0), v the
     * counter at the test of pass it: init + step x (it + pre) */
    int64_t lim;
    if (step > 0 && (t.op == CMP_GE || t.op == CMP_GT))
        lim = t.bound + (t.op == CMP_GT);
    else if (step < 0 && (t.op == CMP_LE || t.op == CMP_LT))
        lim = t.bound - (t.op == CMP_LT);
    else
        return false;
    int64_t pre = last < t.at, a = step > 0 ? step : -step;
    /* passes before the test holds = max(0, ceil(d / a)), d = lim -
     * step x pre - init (step > 0) or init - lim - a x pre (step < 0) */
    int64_t base = step > 0 ? lim - step * pre + a - 1 : -lim - a * pre + a - 1;
    int extra = top ? 0 : 1;
    uint32_t wx = p->wg[0] ? p->wg[0] : 1, wy = p->wg[1] ? p->wg[1] : 1;
    uint32_t lanes = wx * wy;
    if (lanes > 4096)
        return false;
    /* the counts by flat index: c0 up to `split`, then c1 (when it
     * splits once) */
    int64_t lo = INT64_MAX, hi = INT64_MIN, c0 = 0, c1 = 0, split = -1;
    bool once = true;
    for (uint32_t k = 0; k < lanes; k++) {
        int64_t v = at_lid(&init, k % wx, k / wx);
        int64_t d = step > 0 ? base - v : base + v;
        int64_t c = (d > 0 ? d / a : 0) + extra;
        if (c > MAX_TRIPS || v < INT32_MIN || v > INT32_MAX)
            return false;
        if (k == 0) {
            c0 = c;
        } else if (split < 0 && c != c0) {
            split = k;
            c1 = c;
        } else if (split >= 0 && c != c1) {
            once = false;
        }
        lo = c < lo ? c : lo;
        hi = c > hi ? c : hi;
    }
    if (hi == 0)
        return false;                   /* no lane runs it */
    char expr[sizeof r->trip];
    bool flat = init.c == 0 && init.n >= 1;
    for (int i = 0; i < init.n; i++)
        flat &= init.k[i] == (init.sym[i] == A_LID_X ? 1 : (int64_t)wx);
    if (lo == hi) {
        snprintf(expr, sizeof expr, "%lld", (long long)lo);
    } else if (once && hi - lo == 1 && flat) {
        if (c1 > c0)
            snprintf(expr, sizeof expr, "%lld - (lid < %lld)", (long long)hi,
                     (long long)split);
        else
            snprintf(expr, sizeof expr, "%lld + (lid < %lld)", (long long)lo,
                     (long long)split);
    } else {
        int w = snprintf(expr, sizeof expr, "%smax(0, (%lld %s (%s)) / %lld)",
                         extra ? "1 + " : "", (long long)base,
                         step > 0 ? "-" : "+", iv, (long long)a);
        if (w < 0 || (size_t)w >= sizeof expr)
            return false;
    }
    snprintf(r->trip, sizeof r->trip, "%s", expr);
    snprintf(r->why, sizeof r->why, "%s = %s, %+lld a trip, per lane %s "
             "%s %s %lld", t.name, iv, (long long)step,
             top ? "until" : "until after a pass with", t.name,
             op_text[t.op], (long long)t.bound);
    return true;
}

bool addr_loop_trips(apass *p, const imp_listing *l, imp_region *r)
{
    /* the branches that may decide: the closing one when conditional
     * (taken: another pass), and each exit test inside (taken: out) */
    enum { MAX_DECIDERS = 8 };
    size_t dec[MAX_DECIDERS];
    bool top[MAX_DECIDERS];
    int n = 0;
    const imp_insn *closing = &l->insns[r->branch];
    if ((closing->row->flags & IMP_F_COND)
        || closing->guard.file != IMP_FILE_NONE) {
        dec[n] = r->branch;
        top[n++] = false;
    }
    for (size_t i = r->begin; i < r->branch; i++) {
        const char *loop = imp_flow_exit_of(l, i);
        if (loop && strcmp(loop, r->label) == 0) {
            if (n == MAX_DECIDERS)
                return false;
            dec[n] = i;
            top[n++] = true;
        }
    }
    /* the count from the one branch whose test shows it; another exit,
     * unread, may leave sooner: the count is then at most */
    int got = -1;
    size_t unread = SIZE_MAX;
    imp_region best = *r;
    for (int d = 0; d < n; d++) {
        imp_region c = *r;
        if (counter_trips(p, l, &c, dec[d], top[d])
            || lane_trips(p, l, &c, dec[d], top[d])) {
            if (got >= 0)
                return false;           /* two read: which first? */
            got = d;
            best = c;
        } else if (unread == SIZE_MAX) {
            unread = dec[d];
        }
    }
    if (got < 0)
        return false;
    *r = best;
    if (unread != SIZE_MAX) {
        r->unread_line = l->insns[unread].line;
        size_t u = strlen(r->why);
        snprintf(r->why + u, sizeof r->why - u, "; at most: the exit test "
                 "at line %d is not read", r->unread_line);
    }
    return true;
}
