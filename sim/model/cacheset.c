/*
 * cacheset.c — a tag store's set-up and its rare changes (cacheset.h).
 */
#include "cacheset.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

/* The index's entries for n slots: a power of two at least twice n. */
static uint64_t index_size(uint64_t n)
{
    uint64_t size = 2;
    while (size < 2 * n)
        size *= 2;
    return size;
}

uint64_t cacheset_bytes(uint64_t sets, uint32_t ways)
{
    uint64_t n = sets * ways;
    if (n == 0)
        n = 1;
    uint64_t b = n * (sizeof(uint64_t) + sizeof(slot) + 2 * sizeof(uint32_t))
                 + sets * 3 * sizeof(uint32_t);
    if (ways > CACHESET_SCAN)
        b += index_size(n) * sizeof(uint32_t);
    return b;
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
    c->index = NULL;
    if (ways > CACHESET_SCAN) {
        uint64_t size = index_size(n);
        c->index = xmalloc(sizeof *c->index * size);
        for (uint64_t i = 0; i < size; i++)
            c->index[i] = NONE;
        c->index_mask = (uint32_t)(size - 1);
    }
}

/* Takes slot i's entry out of the index (backward-shift deletion: the
 * entries after it in its run move up where their probes allow). */
static void index_remove(cacheset *c, uint32_t i)
{
    uint32_t h = cacheset_hash(c, i / c->ways, c->tags[i]);
    while (c->index[h] != i)
        h = (h + 1) & c->index_mask;
    for (uint32_t j = (h + 1) & c->index_mask;; j = (j + 1) & c->index_mask) {
        uint32_t e = c->index[j];
        if (e == NONE)
            break;
        uint32_t home = cacheset_hash(c, e / c->ways, c->tags[e]);
        /* e may fill the hole at h unless its home lies cyclically in
         * (h, j] */
        if (((j - home) & c->index_mask) >= ((j - h) & c->index_mask)) {
            c->index[h] = e;
            h = j;
        }
    }
    c->index[h] = NONE;
}

void cacheset_reindex(cacheset *c, uint64_t set, uint32_t i, uint64_t tag)
{
    if (c->tags[i] != 0)
        index_remove(c, i);
    uint32_t h = cacheset_hash(c, set, tag);
    while (c->index[h] != NONE)
        h = (h + 1) & c->index_mask;
    c->index[h] = i;
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
    free(c->index);
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
                if (c->index)
                    index_remove(c, i);
                c->tags[i] = 0;
                memset(&c->slots[i], 0, sizeof c->slots[i]);
                c->slots[i].mshr = NONE;
            }
            if (c->fill[s] > use)
                c->fill[s] = use;
        }
    c->use = use;
}
