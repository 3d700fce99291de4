/*
 * waitq.h — a scheduler partition's waiting subgroups (`part` in gpu.h):
 * a wheel of PART_WHEEL one-cycle buckets for registers ready soon (most
 * alu results) and a min-heap on (ready cycle, age) for the rest (memory),
 * and the parking of a subgroup that waits for a late load.
 *
 * Internal to the scheduler (scheduler.c, sched_mem.c, sched_barrier.c)
 * and its tests (tests/check_sched.c): static inline, so that these steps
 * inline into the issue path as they did when they were static in
 * scheduler.c. The wheel's first non-empty bucket is kept in wfirst and
 * the heap's first ready cycle in wtop; the wheel's buckets are unordered
 * lists through sg.wnext (promotion sorts by age as it inserts into the
 * ready set).
 */
#ifndef CUSIM_WAITQ_H
#define CUSIM_WAITQ_H

#include <stdint.h>

#include "gpu.h"
#include "heap.h"

/* Heap order: earlier ready_at first, then older. A subgroup's ready_at
 * does not change while it waits, so the inline key stays exact. */
static inline int waitq_before(const wait_entry *x, const wait_entry *y)
{
    return x->ready_at < y->ready_at
           || (x->ready_at == y->ready_at && x->age < y->age);
}

HEAP_DEFINE(waitq_heap, wait_entry, void *, waitq_before, HEAP_STORE)

/* Pushes subgroup s into pt's heap, keyed by its ready_at and age. */
static inline void waitq_heap_push(gpu *g, part *pt, uint32_t s)
{
    wait_entry e = { g->sgs[s].ready_at, g->sgs[s].age, s };
    waitq_heap_up(NULL, pt->wait, pt->n_wait++, e);
    pt->wtop = pt->wait[0].ready_at;
}

/* Takes the heap's first subgroup (least (ready_at, age)) out and
 * returns it; the heap must not be empty. */
static inline uint32_t waitq_heap_pop(part *pt)
{
    uint32_t top = pt->wait[0].sg;
    wait_entry last = pt->wait[--pt->n_wait];
    if (pt->n_wait > 0)
        waitq_heap_down(NULL, pt->wait, pt->n_wait, 0, last);
    pt->wtop = pt->n_wait > 0 ? pt->wait[0].ready_at : NEVER;
    return top;
}

/* Puts subgroup s, waiting for its registers, on the wheel or the heap,
 * or parks it while one of them awaits a late load. */
static inline void waitq_push(gpu *g, part *pt, uint32_t si)
{
    sg *s = &g->sgs[si];
    if (s->ready_at >= pt->wbase + PART_WHEEL) {
        if (s->ready_at != SG_LATE) {
            waitq_heap_push(g, pt, si);
        } else {
            s->parked = 1;   /* until sched_complete */
            pt->n_parked++;
        }
        return;
    }
    /* Its bucket: its ready cycle, or the wheel's first cycle when that has
     * already passed. */
    uint64_t at = s->ready_at > pt->wbase ? s->ready_at : pt->wbase;
    uint32_t b = (uint32_t)(at % PART_WHEEL);
    s->wnext = pt->whead[b];
    pt->whead[b] = si;
    pt->wbits |= 1ull << b;
    if (at < pt->wfirst)
        pt->wfirst = at;
    pt->n_wheel++;
}

/* The first non-empty wheel bucket's cycle, or NEVER, found from the bits
 * (wfirst holds it between changes). */
static inline uint64_t waitq_scan(const part *pt)
{
    if (!pt->wbits)
        return NEVER;
    uint32_t start = (uint32_t)(pt->wbase % PART_WHEEL);
    uint64_t rot = start ? pt->wbits >> start | pt->wbits << (PART_WHEEL - start)
                         : pt->wbits;
    return pt->wbase + (uint64_t)__builtin_ctzll(rot);
}

#endif /* CUSIM_WAITQ_H */
