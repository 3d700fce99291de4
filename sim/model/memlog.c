/*
 * memlog.c — the hierarchy's completion log (memlog.h).
 */
#include "memlog.h"

#include <stdlib.h>

#include "xalloc.h"

static bool before(const memlog_item *a, const memlog_item *b)
{
    return a->done != b->done ? a->done < b->done : a->seq < b->seq;
}

void memlog_push(memlog *g, uint32_t cu, uint32_t tx, uint64_t done)
{
    if (g->n == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 256;
        g->items = xrealloc_array(g->items, g->cap, sizeof *g->items);
    }
    memlog_item f = { done, g->seq++, cu, tx };
    uint32_t i = g->n++;
    while (i > 0) {
        uint32_t p = (i - 1) / 2;
        if (before(&g->items[p], &f))
            break;
        g->items[i] = g->items[p];
        i = p;
    }
    g->items[i] = f;
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
    uint32_t i = 0;
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= g->n)
            break;
        if (c + 1 < g->n && before(&g->items[c + 1], &g->items[c]))
            c++;
        if (!before(&g->items[c], &last))
            break;
        g->items[i] = g->items[c];
        i = c;
    }
    g->items[i] = last;
    return true;
}

void memlog_release(memlog *g)
{
    free(g->items);
    g->items = NULL;
    g->n = g->cap = 0;
}
