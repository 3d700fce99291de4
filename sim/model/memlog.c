/*
 * memlog.c — the hierarchy's completion log (memlog.h).
 */
#include "memlog.h"

#include <stdlib.h>

#include "heap.h"
#include "xalloc.h"

static bool before(const memlog_item *a, const memlog_item *b)
{
    return a->done != b->done ? a->done < b->done : a->seq < b->seq;
}

HEAP_DEFINE(log_heap, memlog_item, void *, before, HEAP_STORE)

void memlog_push(memlog *g, uint32_t cu, uint32_t tx, uint64_t done)
{
    if (g->n == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 256;
        g->items = xrealloc_array(g->items, g->cap, sizeof *g->items);
    }
    memlog_item f = { done, g->seq++, cu, tx };
    log_heap_up(NULL, g->items, g->n++, f);
}

void memlog_watch(memlog *g, bool on)
{
    g->on = on;
    g->n = 0;
}

bool memlog_next(memlog *g, uint64_t now, uint32_t *cu, uint32_t *tx,
                 uint64_t *done)
{
    if (g->n == 0 || g->items[0].done > now)
        return false;
    *cu = g->items[0].cu;
    *tx = g->items[0].tx;
    *done = g->items[0].done;
    memlog_item last = g->items[--g->n];
    log_heap_down(NULL, g->items, g->n, 0, last);
    return true;
}

void memlog_release(memlog *g)
{
    free(g->items);
    g->items = NULL;
    g->n = g->cap = 0;
}
