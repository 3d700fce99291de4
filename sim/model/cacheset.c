/*
 * cacheset.c — a tag store's set-up and its rare changes (cacheset.h).
 */
#include "cacheset.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

uint64_t cacheset_bytes(uint64_t sets, uint32_t ways)
{
    uint64_t n = sets * ways;
    if (n == 0)
        n = 1;
    return n * (sizeof(uint64_t) + sizeof(slot) + 2 * sizeof(uint32_t))
           + sets * 3 * sizeof(uint32_t);
}

void cacheset_init(cacheset *c, uint32_t sets, uint32_t ways)
{
    size_t n = (size_t)sets * ways;
    if (n == 0)
        n = 1;
    c->sets = sets;
    c->ways = c->use = ways;
    c->tags = xcalloc(n, sizeof *c->tags);
    c->slots = xcalloc(n, sizeof *c->slots);
    c->older = xcalloc(n, sizeof *c->older);
    c->newer = xcalloc(n, sizeof *c->newer);
    c->fill = xcalloc(sets, sizeof *c->fill);
    c->lru = xmalloc(sizeof *c->lru * sets);
    c->mru = xmalloc(sizeof *c->mru * sets);
    for (uint32_t s = 0; s < sets; s++)
        c->lru[s] = c->mru[s] = NONE;
    for (size_t i = 0; i < n; i++)
        c->slots[i].mshr = NONE;
}

void cacheset_release(cacheset *c)
{
    free(c->tags);
    free(c->slots);
    free(c->older);
    free(c->newer);
    free(c->fill);
    free(c->lru);
    free(c->mru);
}

/* Takes line i out of set `set`'s recency list. */
static void unlink_line(cacheset *c, uint32_t set, uint32_t i)
{
    uint32_t o = c->older[i], n = c->newer[i];
    if (o == NONE)
        c->lru[set] = n;
    else
        c->newer[o] = n;
    if (n == NONE)
        c->mru[set] = o;
    else
        c->older[n] = o;
}

void cacheset_shrink(cacheset *c, uint32_t use)
{
    if (use > c->ways)
        use = c->ways;
    if (use < c->use)
        for (uint32_t s = 0; s < c->sets; s++) {
            for (uint32_t w = use; w < c->fill[s]; w++) {
                uint32_t i = s * c->ways + w;
                assert(c->slots[i].mshr == NONE);
                unlink_line(c, s, i);
                c->tags[i] = 0;
                memset(&c->slots[i], 0, sizeof c->slots[i]);
                c->slots[i].mshr = NONE;
            }
            if (c->fill[s] > use)
                c->fill[s] = use;
        }
    c->use = use;
}
