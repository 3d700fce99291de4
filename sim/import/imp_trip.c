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
 * 8 trips each (16, 14, ... 2; 128, 64, ... 1). The count is the first
 * pass whose counter, in 32 bits as the hardware has it, makes the branch
 * leave, in closed form (addr_trip_count: an arithmetic progression mod
 * 2^32 meeting the arc of words the compare leaves on, by Euclid's steps;
 * a shift's at most 33 values), so any count up to 2^32 - 1 costs the
 * same. A loop that never leaves, one beyond 2^32 - 1 passes, or a
 * counter compared with a value the code does not show (a parameter),
 * keeps --trip's count, or 1 with the importer's warning.
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

/* The most passes a per-lane count may give a lane (lane_trips). */
enum { MAX_TRIPS = 1 << 20 };

/* The most counter values a listing's trip counts work out one by one:
 * a per-lane count's one per invocation of the workgroup (at most 4,096
 * a loop), a shift counter's at most 33 (an arithmetic counter's count
 * is one closed form). 4,096 per-lane loops of 4,096-invocation groups;
 * beyond, a loop keeps --trip's count, or 1 with the warning. */
#define IMP_MAX_STEPS ((uint64_t)1 << 24)

/* The most passes a uniform counter's count may be: the largest repeat
 * count a loop of the listing is given. */
#define MAX_COUNT UINT32_MAX

#define WORDS ((uint64_t)1 << 32)        /* 32-bit words: the ring */

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
    return imp_isa_of(l->format)->update(p, in, s, kind, k);
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

/* The least x >= 0 with l <= a x mod m <= r, or -1 when there is none;
 * 0 <= a < m <= 2^32, 0 <= l <= r < m. Euclid's steps (at most about 46
 * levels): x = ceil(l / a) when a x <= r does not wrap past m; else the
 * x sought lands in [m y + l, m y + r] for the least y whose m y mod a
 * is in [a - r mod a, a - l mod a] (a multiple of a in that window;
 * found the same way, with (m mod a, a) for (a, m)), and is
 * ceil((m y + l) / a). */
static int64_t least_in(uint64_t a, uint64_t m, uint64_t l, uint64_t r)
{
    if (l == 0)
        return 0;
    if (a == 0)
        return -1;
    uint64_t x = (l + a - 1) / a;          /* a x < l + a <= 2^33 */
    if (a * x <= r)
        return (int64_t)x;
    /* no multiple of a in [l, r]: 1 <= l mod a <= r mod a < a */
    int64_t y = least_in(m % a, a, a - r % a, a - l % a);
    if (y < 0)
        return -1;
    /* y < a, so m y + l + a - 1 < m a + a <= 2^64 */
    return (int64_t)((m * (uint64_t)y + l + a - 1) / a);
}

/* The words v for which `v op b` holds, v and b read signed or not: an
 * arc of the ring, *len words from *lo up (mod 2^32; *len 0: none). */
static void arc_of(int op, bool is_signed, int64_t b, uint32_t *lo,
                   uint64_t *len)
{
    int64_t min = is_signed ? INT32_MIN : 0;
    int64_t max = is_signed ? INT32_MAX : (int64_t)UINT32_MAX;
    int64_t x, y;                          /* the values [x, y] */
    switch (op) {
    case CMP_LT: x = min; y = b - 1; break;
    case CMP_LE: x = min; y = b;     break;
    case CMP_GT: x = b + 1; y = max; break;
    case CMP_GE: x = b; y = max;     break;
    case CMP_EQ: x = b; y = b;       break;
    default:                               /* all but b */
        *lo = (uint32_t)(b + 1);
        *len = WORDS - 1;
        return;
    }
    *lo = (uint32_t)x;
    *len = y < x ? 0 : (uint64_t)(y - x) + 1;
}

/* The op that holds where `op` does not (a negated test). */
static int negated(int op)
{
    static const int neg[] = { CMP_GE, CMP_GT, CMP_LE, CMP_LT, CMP_NE,
                               CMP_EQ };
    return neg[op];
}

/* `op` with its sides swapped (b op v as v op' b). */
static int swapped(int op)
{
    static const int sw[] = { CMP_GT, CMP_GE, CMP_LT, CMP_LE, CMP_EQ,
                              CMP_NE };
    return sw[op];
}

int64_t addr_trip_count(int op, bool is_signed, int side, bool when,
                        bool top, bool upd_first, int kind, int64_t step,
                        int64_t c, int64_t bound)
{
    /* a pass leaves where `v op b` holds, v the counter as compared */
    if (side == 1)
        op = swapped(op);
    if ((top ? when : !when) == false)
        op = negated(op);
    int64_t b = word(bound, is_signed);
    int64_t pass;                          /* the first pass that leaves */
    if (kind == UPD_ADD) {
        /* the counter at pass k's compare: c0 + k step, mod 2^32 */
        uint64_t s = (uint64_t)step % WORDS;
        uint64_t c0 = ((uint64_t)c + (upd_first ? s : 0)) % WORDS;
        uint32_t lo;
        uint64_t len;
        arc_of(op, is_signed, b, &lo, &len);
        if (len == 0)
            return -1;
        /* k s mod 2^32 in the arc moved down by c0; one holding 0 (it
         * wraps past 2^32) is met at once */
        uint64_t from = ((uint64_t)lo + WORDS - c0) % WORDS;
        pass = from + len > WORDS ? 0
                                  : least_in(s, WORDS, from, from + len - 1);
    } else {
        /* a shift reaches 0 within 32 passes and stays: at most 33 */
        pass = -1;
        for (int64_t k = 0; k <= 32 && pass < 0; k++) {
            int64_t sh = (k + upd_first) * step;
            uint32_t v = sh >= 32 ? 0 : (uint32_t)c >> sh;
            if (holds(op, word(v, is_signed), b))
                pass = k;
        }
    }
    if (pass < 0)
        return -1;
    int64_t trips = top ? pass : pass + 1;
    return trips > (int64_t)MAX_COUNT ? -1 : trips;
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
    if (!imp_isa_of(l->format)->test(p, l, r->begin, br, &t))
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
    if (kind == UPD_SHR) {
        if (p->steps + 33 > IMP_MAX_STEPS)
            return false;
        p->steps += 33;
    }
    int64_t trips = addr_trip_count(t.op, t.is_signed, side, t.when, top,
                                    u < t.at, kind, step, c, bound);
    if (trips <= 0)
        return false;                   /* never runs, or never leaves */
    snprintf(r->trip, sizeof r->trip, "%lld", (long long)trips);
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
    const imp_isa_ops *isa = imp_isa_of(l->format);
    lanetest t;
    memset(&t, 0, sizeof t);
    if (!isa->lane_test || !isa->lane_test(p, l, r->begin, br, &t))
        return false;
    size_t last = 0;
    int64_t step = 0;
    int kind = 0;
    if (writers(p, l, r->begin, r->end, t.slot, &last) != 1)
        return false;
    if (!(updates(p, l, &l->insns[last], t.slot, &kind, &step)
          && kind == UPD_ADD)
        && !(isa->copy_add
             && isa->copy_add(p, l, r->begin, last, t.slot, &step)))
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
    if (lanes > 4096 || p->steps + lanes > IMP_MAX_STEPS)
        return false;
    p->steps += lanes;
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
