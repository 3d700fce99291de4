/*
 * evq.c — the event queue as a calendar: a wheel of EVQ_WHEEL one-cycle
 * buckets for the near future and a binary heap for the far future.
 *
 * Invariants:
 *  - `base` is the cycle of the last event popped (0 before the first);
 *    no event is ever scheduled before it;
 *  - every wheel event has base <= cycle < base + EVQ_WHEEL and sits in
 *    bucket cycle % EVQ_WHEEL, a FIFO list in scheduling order; bit b of
 *    `bits` says bucket b is non-empty;
 *  - every heap event has cycle >= base + EVQ_WHEEL, ordered by
 *    (cycle, seq).
 * When `base` advances, heap events that come within the wheel's reach move
 * into it, in (cycle, seq) order, before anything else can be scheduled at
 * those cycles: so within a bucket, FIFO order is scheduling order and the
 * queue pops in (cycle, sequence) order exactly as a single heap would,
 * while the common case (an event a few cycles ahead) costs O(1).
 */
#include "evq.h"
#include "heap.h"
#include "intmath.h"
#include "xalloc.h"

#include <assert.h>
#include <stdlib.h>

#define EVQ_WHEEL 1024u                  /* a power of two */
#define EVQ_WORDS (EVQ_WHEEL / 64)

enum { IN_NONE, IN_WHEEL, IN_HEAP };

typedef struct evq_item {
    uint64_t cycle;
    uint64_t seq;
    uint32_t handle;
} evq_item;

struct evq {
    uint32_t cap;                        /* handles, all kinds together */
    uint32_t n_kinds;
    uint32_t first[EVQ_MAX_KINDS + 1];   /* kind k's handles: first[k] ..
                                            first[k + 1] - 1 */
    uint32_t n;                          /* events pending, both parts */
    uint32_t n_of[EVQ_MAX_KINDS];        /* of them, per kind */
    uint64_t base;
    uint64_t next_seq;
    uint64_t appends;                    /* evq_set calls */
    /* per handle */
    uint64_t *cycle;
    uint32_t *next, *prev;               /* wheel bucket links */
    uint32_t *pos;                       /* heap index */
    uint8_t *where;
    evq_event *event;                    /* what the handle stands for */
    /* the wheel */
    uint32_t head[EVQ_WHEEL], tail[EVQ_WHEEL];
    uint64_t bits[EVQ_WORDS];
    /* the heap */
    evq_item *heap;
    uint32_t n_heap;
};

evq *evq_new(const uint32_t *counts, uint32_t n_kinds)
{
    assert(n_kinds >= 1 && n_kinds <= EVQ_MAX_KINDS);
    evq *q = xcalloc(1, sizeof *q);
    uint64_t n_handles = 0;
    for (uint32_t k = 0; k < n_kinds; k++) {
        q->first[k] = (uint32_t)n_handles;
        n_handles += counts[k];
    }
    assert(n_handles < NONE);
    q->first[n_kinds] = (uint32_t)n_handles;
    q->n_kinds = n_kinds;
    size_t n = n_handles ? n_handles : 1;
    q->cycle = xmalloc(sizeof *q->cycle * n);
    q->next = xmalloc(sizeof *q->next * n);
    q->prev = xmalloc(sizeof *q->prev * n);
    q->pos = xmalloc(sizeof *q->pos * n);
    q->where = xcalloc(n, sizeof *q->where);
    q->event = xmalloc(sizeof *q->event * n);
    q->heap = xmalloc(sizeof *q->heap * n);
    for (uint32_t b = 0; b < EVQ_WHEEL; b++)
        q->head[b] = q->tail[b] = NONE;
    for (uint32_t k = 0; k < n_kinds; k++)
        for (uint32_t h = q->first[k]; h < q->first[k + 1]; h++)
            q->event[h] = (evq_event){ k, h - q->first[k] };
    q->cap = (uint32_t)n_handles;
    return q;
}

uint64_t evq_state_bytes(const uint32_t *counts, uint32_t n_kinds)
{
    uint64_t n = 0;
    for (uint32_t k = 0; k < n_kinds; k++)
        n += counts[k];
    if (n == 0)
        n = 1;
    return sizeof(evq) + n * (sizeof(uint64_t) + 3 * sizeof(uint32_t)
                              + sizeof(uint8_t) + sizeof(evq_event)
                              + sizeof(evq_item));
}

void evq_free(evq *q)
{
    if (!q)
        return;
    free(q->cycle);
    free(q->next);
    free(q->prev);
    free(q->pos);
    free(q->where);
    free(q->event);
    free(q->heap);
    free(q);
}

/* ----------------------------------------------------------- the heap */

static bool before(const evq_item *a, const evq_item *b)
{
    return a->cycle < b->cycle || (a->cycle == b->cycle && a->seq < b->seq);
}

/* Stores item at heap index i, and where it is by its handle. */
#define EVQ_PLACE(q, a, i, x)                                                \
    do {                                                                      \
        (a)[i] = (x);                                                         \
        (q)->pos[(a)[i].handle] = (i);                                        \
    } while (0)

HEAP_DEFINE(evq_heap, evq_item, evq *, before, EVQ_PLACE)

static void sift_up(evq *q, uint32_t i)
{
    evq_heap_up(q, q->heap, i, q->heap[i]);
}

static void sift_down(evq *q, uint32_t i)
{
    evq_heap_down(q, q->heap, q->n_heap, i, q->heap[i]);
}

static void heap_remove_at(evq *q, uint32_t i)
{
    q->n_heap--;
    if (i == q->n_heap)
        return;
    evq_item moved = q->heap[q->n_heap];
    EVQ_PLACE(q, q->heap, i, moved);
    sift_down(q, i);
    sift_up(q, q->pos[moved.handle]);
}

static void heap_push(evq *q, uint32_t handle, uint64_t cycle)
{
    evq_item item = { cycle, q->next_seq++, handle };
    q->heap[q->n_heap] = item;
    q->pos[handle] = q->n_heap;
    sift_up(q, q->n_heap++);
}

/* ---------------------------------------------------------- the wheel */

static void wheel_append(evq *q, uint32_t handle, uint64_t cycle)
{
    uint32_t b = (uint32_t)(cycle % EVQ_WHEEL);
    q->next[handle] = NONE;
    q->prev[handle] = q->tail[b];
    if (q->tail[b] == NONE) {
        q->head[b] = handle;
        q->bits[b / 64] |= 1ull << (b % 64);
    } else {
        q->next[q->tail[b]] = handle;
    }
    q->tail[b] = handle;
}

static void wheel_unlink(evq *q, uint32_t handle)
{
    uint32_t b = (uint32_t)(q->cycle[handle] % EVQ_WHEEL);
    uint32_t n = q->next[handle], p = q->prev[handle];
    if (p == NONE)
        q->head[b] = n;
    else
        q->next[p] = n;
    if (n == NONE)
        q->tail[b] = p;
    else
        q->prev[n] = p;
    if (q->head[b] == NONE)
        q->bits[b / 64] &= ~(1ull << (b % 64));
}

/* The earliest wheel cycle, or UINT64_MAX when the wheel is empty: the
 * first non-empty bucket at or after base's, wrapping once. */
static uint64_t wheel_first(const evq *q)
{
    uint32_t start = (uint32_t)(q->base % EVQ_WHEEL);
    for (uint32_t k = 0; k <= EVQ_WORDS; k++) {
        uint32_t w = (start / 64 + k) % EVQ_WORDS;
        uint64_t bits = q->bits[w];
        if (k == 0)
            bits &= ~0ull << (start % 64);          /* at or after start */
        else if (k == EVQ_WORDS)
            bits &= (start % 64) ? ~(~0ull << (start % 64)) : 0; /* before */
        if (bits) {
            uint32_t b = w * 64 + (uint32_t)__builtin_ctzll(bits);
            return q->base + ((b - start) & (EVQ_WHEEL - 1));
        }
    }
    return UINT64_MAX;
}

/* Moves `base` to `cycle` and the heap events now within reach into the
 * wheel, in (cycle, seq) order. */
static void advance(evq *q, uint64_t cycle)
{
    assert(cycle >= q->base);
    q->base = cycle;
    while (q->n_heap > 0 && q->heap[0].cycle < q->base + EVQ_WHEEL) {
        evq_item top = q->heap[0];
        heap_remove_at(q, 0);
        q->where[top.handle] = IN_WHEEL;
        wheel_append(q, top.handle, top.cycle);
    }
}

/* ------------------------------------------------------------ the API */

static void detach(evq *q, uint32_t handle)
{
    if (q->where[handle] == IN_WHEEL)
        wheel_unlink(q, handle);
    else
        heap_remove_at(q, q->pos[handle]);
    q->where[handle] = IN_NONE;
    q->n--;
    q->n_of[q->event[handle].kind]--;
}

/* The handle of event (kind, index). */
static uint32_t handle_of(const evq *q, uint32_t kind, uint32_t index)
{
    assert(kind < q->n_kinds && index < q->first[kind + 1] - q->first[kind]);
    return q->first[kind] + index;
}

void evq_set(evq *q, uint32_t kind, uint32_t index, uint64_t cycle)
{
    uint32_t handle = handle_of(q, kind, index);
    assert(cycle >= q->base);
    if (q->where[handle] != IN_NONE)
        detach(q, handle);
    q->appends++;
    q->cycle[handle] = cycle;
    q->n++;
    q->n_of[kind]++;
    if (cycle < q->base + EVQ_WHEEL) {
        q->where[handle] = IN_WHEEL;
        wheel_append(q, handle, cycle);
    } else {
        q->where[handle] = IN_HEAP;
        heap_push(q, handle, cycle);
    }
}

uint64_t evq_appends(const evq *q)
{
    return q->appends;
}

void evq_cancel(evq *q, uint32_t kind, uint32_t index)
{
    uint32_t handle = handle_of(q, kind, index);
    if (q->where[handle] != IN_NONE)
        detach(q, handle);
}

bool evq_pending(const evq *q, uint32_t kind, uint32_t index,
                 uint64_t *cycle)
{
    uint32_t handle = handle_of(q, kind, index);
    if (q->where[handle] == IN_NONE)
        return false;
    if (cycle)
        *cycle = q->cycle[handle];
    return true;
}

bool evq_empty(const evq *q)
{
    return q->n == 0;
}

uint32_t evq_count(const evq *q, uint32_t kind)
{
    assert(kind < q->n_kinds);
    return q->n_of[kind];
}

uint64_t evq_next_cycle(const evq *q)
{
    assert(q->n > 0);
    uint64_t c = wheel_first(q);
    return c != UINT64_MAX ? c : q->heap[0].cycle;
}

evq_event evq_pop(evq *q, uint64_t *cycle)
{
    assert(q->n > 0);
    uint64_t c = q->base;
    uint32_t b = (uint32_t)(c % EVQ_WHEEL);
    if (q->head[b] == NONE) {
        /* nothing left at the last event's cycle: find the next one */
        c = wheel_first(q);
        if (c == UINT64_MAX)
            c = q->heap[0].cycle;   /* every wheel event is earlier */
        advance(q, c);
        b = (uint32_t)(c % EVQ_WHEEL);
    }
    /* The bucket's first event, unlinked from the front. */
    uint32_t handle = q->head[b];
    assert(handle != NONE && q->cycle[handle] == c);
    uint32_t n = q->next[handle];
    q->head[b] = n;
    if (n == NONE) {
        q->tail[b] = NONE;
        q->bits[b / 64] &= ~(1ull << (b % 64));
    } else {
        q->prev[n] = NONE;
    }
    q->where[handle] = IN_NONE;
    q->n--;
    q->n_of[q->event[handle].kind]--;
    if (cycle)
        *cycle = c;
    return q->event[handle];
}
