/*
 * xbar.c — the crossbar to the L2 (xbar.h): per-CU FIFOs merged by a heap
 * over the CUs, drained by one event.
 */
#include "xbar.h"

#include <assert.h>
#include <stdlib.h>

#include "l2.h"
#include "memstage.h"
#include "xalloc.h"

#define NEVER UINT64_MAX

/* A CU's FIFO of lines on their way down. */
typedef struct fifo {
    uint32_t head, len;
    uint64_t seq;             /* its lines, numbered */
} fifo;

/* A CU with lines on their way to the L2: its oldest one's cycle. */
typedef struct cuhead {
    uint64_t t;
    uint32_t cu;
} cuhead;

struct xbar {
    evq *q;
    uint32_t kind, index;
    struct l2 *l2;
    uint32_t n_cus, cap;
    uint32_t to_l2;           /* cycles from a line's lookup to the L2 */
    down *ring;               /* n_cus x cap: CU c's FIFO at c x cap */
    fifo *fifos;
    cuhead *heap;             /* the CUs with lines, by (t, cu) */
    uint32_t n_heap;
    uint64_t tick_at;         /* the event's cycle, or NEVER */
    bool in_tick;             /* xbar_event runs: it sets the event after */
    bool blocked;             /* the L2 took no more: no event until
                                 xbar_unblock */
};

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
    x->heap = xcalloc(x->n_cus, sizeof *x->heap);
    x->tick_at = NEVER;
    return x;
}

uint64_t xbar_state_bytes(const cusim_hw *hw)
{
    uint64_t n = hw->compute_units, cap = hw->memory.max_inflight;
    return sizeof(xbar) + n * cap * sizeof(down)
           + n * (sizeof(fifo) + sizeof(cuhead));
}

void xbar_free(xbar *x)
{
    if (!x)
        return;
    free(x->ring);
    free(x->fifos);
    free(x->heap);
    free(x);
}

static bool head_before(const cuhead *a, const cuhead *b)
{
    return a->t != b->t ? a->t < b->t : a->cu < b->cu;
}

static void heap_down(xbar *x, cuhead c)
{
    uint32_t i = 0;
    for (;;) {
        uint32_t k = 2 * i + 1;
        if (k >= x->n_heap)
            break;
        if (k + 1 < x->n_heap && head_before(&x->heap[k + 1], &x->heap[k]))
            k++;
        if (!head_before(&x->heap[k], &c))
            break;
        x->heap[i] = x->heap[k];
        i = k;
    }
    x->heap[i] = c;
}

void xbar_send(xbar *x, down d, uint64_t now)
{
    fifo *f = &x->fifos[d.cu];
    down *ring = &x->ring[(size_t)d.cu * x->cap];
    assert(f->len < x->cap);
    d.t += x->to_l2;
    assert(f->len == 0 || d.t >= ring[(f->head + f->len - 1) % x->cap].t);
    d.seq = f->seq++;
    ring[(f->head + f->len) % x->cap] = d;
    if (f->len++ == 0) {
        cuhead c = { d.t, d.cu };
        uint32_t i = x->n_heap++;
        while (i > 0) {
            uint32_t p = (i - 1) / 2;
            if (!head_before(&c, &x->heap[p]))
                break;
            x->heap[i] = x->heap[p];
            i = p;
        }
        x->heap[i] = c;
    }
    uint64_t t = x->heap[0].t > now ? x->heap[0].t : now;
    if (!x->in_tick && !x->blocked && t < x->tick_at) {
        x->tick_at = t;
        evq_set(x->q, x->kind, x->index, t);
    }
}

/* The next arrival, (t, cu, seq) first: the oldest of the CU first by
 * (t, cu). */
static down *top(xbar *x)
{
    uint32_t cu = x->heap[0].cu;
    return &x->ring[(size_t)cu * x->cap + x->fifos[cu].head];
}

static void pop(xbar *x)
{
    uint32_t cu = x->heap[0].cu;
    fifo *f = &x->fifos[cu];
    f->head = f->head + 1 < x->cap ? f->head + 1 : 0;
    if (--f->len > 0) {
        cuhead c = { x->ring[(size_t)cu * x->cap + f->head].t, cu };
        heap_down(x, c);
    } else if (--x->n_heap > 0) {
        heap_down(x, x->heap[x->n_heap]);
    }
}

void xbar_event(xbar *x, uint64_t now)
{
    x->tick_at = NEVER;
    x->in_tick = true;
    while (x->n_heap > 0 && x->heap[0].t <= now) {
        if (!l2_arrive(x->l2, top(x), now)) {
            x->blocked = true;
            break;
        }
        pop(x);
    }
    x->in_tick = false;
    if (x->n_heap > 0 && !x->blocked) {
        assert(x->heap[0].t > now);
        x->tick_at = x->heap[0].t;
        evq_set(x->q, x->kind, x->index, x->tick_at);
    }
}

void xbar_block(xbar *x)
{
    x->blocked = true;
}

void xbar_unblock(xbar *x, uint64_t now)
{
    if (!x->blocked)
        return;
    x->blocked = false;
    x->tick_at = now + 1;
    evq_set(x->q, x->kind, x->index, x->tick_at);
}
