/*
 * evq.c — an indexed binary min-heap of (cycle, seq, handle).
 *
 * Invariants: heap[0 .. n-1] is a min-heap on (cycle, seq); pos[h] is the
 * index of handle h in heap, or NONE when h is not pending.
 */
#include "evq.h"

#include <assert.h>
#include <stdlib.h>

#define NONE UINT32_MAX

typedef struct evq_item {
    uint64_t cycle;
    uint64_t seq;
    uint32_t handle;
} evq_item;

struct evq {
    evq_item *heap;
    uint32_t *pos;
    uint32_t n;
    uint32_t cap;
    uint64_t next_seq;
};

evq *evq_new(uint32_t n_handles)
{
    evq *q = calloc(1, sizeof *q);
    if (!q)
        return NULL;
    q->heap = malloc(sizeof *q->heap * (n_handles ? n_handles : 1));
    q->pos = malloc(sizeof *q->pos * (n_handles ? n_handles : 1));
    if (!q->heap || !q->pos) {
        evq_free(q);
        return NULL;
    }
    for (uint32_t h = 0; h < n_handles; h++)
        q->pos[h] = NONE;
    q->cap = n_handles;
    return q;
}

void evq_free(evq *q)
{
    if (!q)
        return;
    free(q->heap);
    free(q->pos);
    free(q);
}

static bool before(const evq_item *a, const evq_item *b)
{
    return a->cycle < b->cycle || (a->cycle == b->cycle && a->seq < b->seq);
}

static void place(evq *q, uint32_t i, evq_item item)
{
    q->heap[i] = item;
    q->pos[item.handle] = i;
}

static void sift_up(evq *q, uint32_t i)
{
    evq_item item = q->heap[i];
    while (i > 0) {
        uint32_t parent = (i - 1) / 2;
        if (!before(&item, &q->heap[parent]))
            break;
        place(q, i, q->heap[parent]);
        i = parent;
    }
    place(q, i, item);
}

static void sift_down(evq *q, uint32_t i)
{
    evq_item item = q->heap[i];
    for (;;) {
        uint32_t child = 2 * i + 1;
        if (child >= q->n)
            break;
        if (child + 1 < q->n && before(&q->heap[child + 1], &q->heap[child]))
            child++;
        if (!before(&q->heap[child], &item))
            break;
        place(q, i, q->heap[child]);
        i = child;
    }
    place(q, i, item);
}

/* Removes the item at heap index i. */
static void remove_at(evq *q, uint32_t i)
{
    q->pos[q->heap[i].handle] = NONE;
    q->n--;
    if (i == q->n)
        return;
    evq_item moved = q->heap[q->n];
    place(q, i, moved);
    sift_down(q, i);
    sift_up(q, q->pos[moved.handle]);
}

void evq_set(evq *q, uint32_t handle, uint64_t cycle)
{
    assert(handle < q->cap);
    if (q->pos[handle] != NONE)
        remove_at(q, q->pos[handle]);
    evq_item item = { cycle, q->next_seq++, handle };
    q->heap[q->n] = item;
    q->pos[handle] = q->n;
    sift_up(q, q->n++);
}

void evq_cancel(evq *q, uint32_t handle)
{
    assert(handle < q->cap);
    if (q->pos[handle] != NONE)
        remove_at(q, q->pos[handle]);
}

bool evq_pending(const evq *q, uint32_t handle, uint64_t *cycle)
{
    assert(handle < q->cap);
    if (q->pos[handle] == NONE)
        return false;
    if (cycle)
        *cycle = q->heap[q->pos[handle]].cycle;
    return true;
}

bool evq_empty(const evq *q)
{
    return q->n == 0;
}

uint64_t evq_next_cycle(const evq *q)
{
    assert(q->n > 0);
    return q->heap[0].cycle;
}

uint32_t evq_pop(evq *q, uint64_t *cycle)
{
    assert(q->n > 0);
    evq_item top = q->heap[0];
    remove_at(q, 0);
    if (cycle)
        *cycle = top.cycle;
    return top.handle;
}
