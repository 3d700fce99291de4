/*
 * timering.h — entries of a pool that are busy until a known time, in
 * order of that time: an L1's or an L2 slice's MSHRs whose fill has a
 * time (l1.c, l2.c). Each becomes free again at its time; whoever takes
 * entries reclaims the due ones first.
 *
 * A ring of `size` entries (the pool's size, so it never overflows),
 * n of them from `head`, ordered by time, ties in the order they were
 * put. Times are mostly put in the order they fall (a channel or a CU's
 * fills land in order), so an entry goes in at or near the ring's end:
 * the insertion walks back from the end.
 *
 * The ring's storage is the caller's (size entries), never allocated
 * here.
 */
#ifndef CUSIM_TIMERING_H
#define CUSIM_TIMERING_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct timed {
    uint64_t at;              /* free again from then */
    uint32_t id;              /* the pool's entry */
} timed;

typedef struct timering {
    timed *e;                 /* size entries */
    uint32_t size, head, n;
} timering;

static inline void timering_init(timering *r, timed *storage, uint32_t size)
{
    r->e = storage;
    r->size = size;
    r->head = r->n = 0;
}

/* Entry `id` is busy until `at`: into the ring after those no later. */
static inline void timering_put(timering *r, uint32_t id, uint64_t at)
{
    assert(r->n < r->size);
    uint32_t i = r->head + r->n;
    if (i >= r->size)
        i -= r->size;
    r->n++;
    for (;;) {
        uint32_t p = i ? i - 1 : r->size - 1;
        if (i == r->head || r->e[p].at <= at)
            break;
        r->e[i] = r->e[p];
        i = p;
    }
    r->e[i] = (timed){ at, id };
}

/* Whether the earliest entry is free by `now`. */
static inline bool timering_due(const timering *r, uint64_t now)
{
    return r->n > 0 && r->e[r->head].at <= now;
}

/* Takes the earliest entry out (there is one): its id. */
static inline uint32_t timering_pop(timering *r)
{
    assert(r->n > 0);
    uint32_t id = r->e[r->head].id;
    r->head = r->head + 1 < r->size ? r->head + 1 : 0;
    r->n--;
    return id;
}

/* The time of the k-th earliest entry (k from 1; k <= n). */
static inline uint64_t timering_kth(const timering *r, uint32_t k)
{
    assert(k >= 1 && k <= r->n);
    uint32_t i = r->head + k - 1;
    return r->e[i < r->size ? i : i - r->size].at;
}

#endif /* CUSIM_TIMERING_H */
