/*
 * xbar.c — the crossbar to the L2 (xbar.h): per-CU FIFOs merged by a wheel
 * of cycles over the CUs, drained by one event.
 */
#include "xbar.h"

#include <assert.h>
#include <stdlib.h>

#include "intmath.h"
#include "l2.h"
#include "memstage.h"
#include "xalloc.h"

/* A CU's FIFO of lines on their way down. */
typedef struct fifo {
    uint32_t head, len;
    uint64_t seq;             /* its lines, numbered */
} fifo;

struct xbar {
    evq *q;
    uint32_t kind, index;
    struct l2 *l2;
    uint32_t n_cus, cap;
    uint32_t to_l2;           /* cycles from a line's lookup to the L2 */
    down *ring;               /* n_cus x cap: CU c's FIFO at c x cap */
    fifo *fifos;
    /* The CUs with lines, by their oldest's (t, cu): a wheel of `wheel`
     * buckets (a power of two), bucket t % wheel holding a bit per CU
     * whose oldest line arrives at t (or at t plus a multiple of wheel: a
     * later lap, skipped until its turn). Every CU's oldest arrives at
     * `cursor` or later, and `first` (a CU), when not NONE, is the first
     * in (t, cu) order, arriving at `cursor`. */
    uint64_t *bits;           /* wheel x words */
    uint64_t *busy;           /* a bit per bucket with any CU */
    uint32_t wheel, words, n_heads;
    uint64_t cursor;
    uint32_t first;
    uint64_t tick_at;         /* the event's cycle, or NEVER */
    bool in_tick;             /* xbar_event runs: it sets the event after */
};

/* The wheel's buckets: a power of two that covers the crossbar's latency
 * and an access's spread of lookups, so that laps are rare (they stay
 * exact: a later lap's CU is skipped until its turn). */
static uint32_t wheel_of(const cusim_hw *hw)
{
    uint64_t need = 2 * ((uint64_t)memstage_of(hw).to_l2 + 1) + 64;
    uint32_t w = 64;
    while (w < need && w < 4096)
        w *= 2;
    return w;
}

xbar *xbar_new(const cusim_hw *hw, evq *q, uint32_t ev_kind,
               uint32_t ev_index, struct l2 *below)
{
    xbar *x = xcalloc(1, sizeof *x);
    x->q = q;
    x->kind = ev_kind;
    x->index = ev_index;
    x->l2 = below;
    x->n_cus = hw->compute_units;
    x->cap = hw->memory.max_inflight;
    x->to_l2 = memstage_of(hw).to_l2;
    x->ring = xcalloc((size_t)x->n_cus * x->cap, sizeof *x->ring);
    x->fifos = xcalloc(x->n_cus, sizeof *x->fifos);
    x->wheel = wheel_of(hw);
    x->words = (x->n_cus + 63) / 64;
    x->bits = xcalloc((size_t)x->wheel * x->words, sizeof *x->bits);
    x->busy = xcalloc(x->wheel / 64, sizeof *x->busy);
    x->first = NONE;
    x->tick_at = NEVER;
    return x;
}

uint64_t xbar_state_bytes(const cusim_hw *hw)
{
    uint64_t n = hw->compute_units, cap = hw->memory.max_inflight;
    uint64_t w = wheel_of(hw), words = (n + 63) / 64;
    return sizeof(xbar) + n * cap * sizeof(down) + n * sizeof(fifo)
           + w * words * sizeof(uint64_t) + w / 64 * sizeof(uint64_t);
}

void xbar_free(xbar *x)
{
    if (!x)
        return;
    free(x->ring);
    free(x->fifos);
    free(x->bits);
    free(x->busy);
    free(x);
}

/* The arrival cycle of CU cu's oldest line. */
static uint64_t head_t(const xbar *x, uint32_t cu)
{
    return x->ring[(size_t)cu * x->cap + x->fifos[cu].head].t;
}

/* CU cu's oldest line now arrives at t (`first` is the caller's). */
static void head_add(xbar *x, uint32_t cu, uint64_t t)
{
    uint32_t b = (uint32_t)(t & (x->wheel - 1));
    x->bits[(size_t)b * x->words + cu / 64] |= 1ull << (cu % 64);
    x->busy[b / 64] |= 1ull << (b % 64);
    x->n_heads++;
}

static void head_remove(xbar *x, uint32_t cu, uint64_t t)
{
    uint32_t b = (uint32_t)(t & (x->wheel - 1));
    uint64_t *w = &x->bits[(size_t)b * x->words];
    w[cu / 64] &= ~(1ull << (cu % 64));
    x->n_heads--;
    for (uint32_t i = 0; i < x->words; i++)
        if (w[i])
            return;
    x->busy[b / 64] &= ~(1ull << (b % 64));
}

/* CU cu's oldest line, arriving at t, has gone; its next arrives at nt
 * (another bucket or lap): head_remove then head_add, in one. */
static inline void head_move(xbar *x, uint32_t cu, uint64_t t, uint64_t nt)
{
    const uint32_t mask = x->wheel - 1;
    const uint32_t b = (uint32_t)(t & mask), nb = (uint32_t)(nt & mask);
    const uint64_t bit = 1ull << (cu % 64);
    if (b == nb)
        return;               /* a later lap, the same bucket */
    uint64_t *w = &x->bits[(size_t)b * x->words];
    w[cu / 64] &= ~bit;
    x->bits[(size_t)nb * x->words + cu / 64] |= bit;
    x->busy[nb / 64] |= 1ull << (nb % 64);
    for (uint32_t i = 0; i < x->words; i++)
        if (w[i])
            return;
    x->busy[b / 64] &= ~(1ull << (b % 64));
}

/* The first CU in bucket b whose oldest line arrives at t, or NONE. */
static uint32_t bucket_first(const xbar *x, uint32_t b, uint64_t t)
{
    const uint64_t *w = &x->bits[(size_t)b * x->words];
    for (uint32_t i = 0; i < x->words; i++)
        for (uint64_t m = w[i]; m; m &= m - 1) {
            uint32_t cu = i * 64 + (uint32_t)__builtin_ctzll(m);
            if (head_t(x, cu) == t)
                return cu;
        }
    return NONE;
}

/* The busy bucket nearest after b, cyclically, b included (there is
 * one). */
static uint32_t next_busy(const xbar *x, uint32_t b)
{
    uint32_t i = b / 64, words = x->wheel / 64;
    uint64_t m = x->busy[i] & (~0ull << (b % 64));
    while (!m) {
        i = i + 1 < words ? i + 1 : 0;
        m = x->busy[i];
    }
    return i * 64 + (uint32_t)__builtin_ctzll(m);
}

/* Finds `first`, moving the cursor on to its cycle: bucket by busy
 * bucket, skipping later laps. */
static void find_first(xbar *x)
{
    x->first = NONE;
    if (x->n_heads == 0)
        return;
    const uint32_t mask = x->wheel - 1;
    for (;;) {
        uint32_t b = (uint32_t)(x->cursor & mask);
        uint32_t nb = next_busy(x, b);
        x->cursor += (nb - b) & mask;
        uint32_t cu = bucket_first(x, nb, x->cursor);
        if (cu != NONE) {
            x->first = cu;
            return;
        }
        x->cursor++;          /* only later laps there */
    }
}

void xbar_send(xbar *x, const down *d, uint64_t now)
{
    const uint32_t cu = d->cu;
    fifo *f = &x->fifos[cu];
    down *ring = &x->ring[(size_t)cu * x->cap];
    assert(f->len < x->cap);
    uint32_t at = f->head + f->len;
    down *e = &ring[at < x->cap ? at : at - x->cap];
    *e = *d;
    e->t += x->to_l2;
    assert(f->len == 0 || e->t >= ring[(f->head + f->len - 1) % x->cap].t);
    e->seq = f->seq++;
    const uint64_t t0 = e->t;
    if (f->len++ == 0) {
        head_add(x, cu, t0);
        if (x->first == NONE || t0 < x->cursor
            || (t0 == x->cursor && cu < x->first)) {
            x->cursor = t0;
            x->first = cu;
        }
    }
    uint64_t t = x->cursor > now ? x->cursor : now;
    if (!x->in_tick && t < x->tick_at) {
        x->tick_at = t;
        evq_set(x->q, x->kind, x->index, t);
    }
}

/* The first CU's oldest line has gone to the L2. */
static void pop(xbar *x)
{
    uint32_t cu = x->first;
    fifo *f = &x->fifos[cu];
    uint64_t t = x->cursor;
    f->head = f->head + 1 < x->cap ? f->head + 1 : 0;
    if (--f->len > 0) {
        uint64_t nt = head_t(x, cu);
        if (nt == t)
            return;           /* it stays first */
        head_move(x, cu, t, nt);
    } else {
        head_remove(x, cu, t);
    }
    find_first(x);
}

void xbar_event(xbar *x, uint64_t now)
{
    x->tick_at = NEVER;
    x->in_tick = true;
    while (x->first != NONE && x->cursor <= now) {
        uint32_t cu = x->first;
        l2_arrive(x->l2, &x->ring[(size_t)cu * x->cap + x->fifos[cu].head],
                  now);
        pop(x);
    }
    x->in_tick = false;
    if (x->first != NONE) {
        assert(x->cursor > now);
        x->tick_at = x->cursor;
        evq_set(x->q, x->kind, x->index, x->tick_at);
    }
}
