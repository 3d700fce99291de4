/*
 * cacheset.h — the tag store the L1, the scalar cache and the L2 share: a
 * set-associative array of sectored line slots with LRU replacement.
 */
#ifndef CUSIM_CACHESET_H
#define CUSIM_CACHESET_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

#ifndef NONE
#define NONE UINT32_MAX
#endif

/* A cache line slot. tag = line number + 1 (0: invalid). */
typedef struct slot {
    uint64_t tag;
    uint64_t arrive;          /* the sectors in `valid` are there from then */
    uint64_t lru;             /* last use, a counter: smaller is older */
    uint32_t valid;           /* sectors present or timed to arrive */
    uint32_t pend;            /* sectors fetched, arrival not timed yet */
    uint32_t dirty;
    uint32_t mshr;            /* the open MSHR fetching them, or NONE */
} slot;

/* Looks line `tag - 1` up in set `set` of `slots` (ways each, the first
 * `use` usable): its slot, or NULL with *vic the slot to replace there (an
 * invalid one, else the least recently used one not being fetched; NULL
 * when every one is being fetched). One pass: a set fills from its first
 * way on and is never emptied in the middle (an L1 that shrinks empties
 * whole trailing ways), so no line sits past an invalid slot. */
static inline slot *cacheset_lookup(slot *slots, uint32_t ways, uint32_t use,
                                    uint64_t set, uint64_t tag, slot **vic)
{
    slot *s = &slots[set * ways], *best = NULL;
    for (uint32_t w = 0; w < use; w++) {
        if (s[w].tag == tag)
            return &s[w];
        if (s[w].tag == 0) {
#ifndef NDEBUG
            for (uint32_t x = w + 1; x < use; x++)
                assert(s[x].tag == 0);
#endif
            *vic = &s[w];
            return NULL;
        }
        if (s[w].mshr == NONE && (!best || s[w].lru < best->lru))
            best = &s[w];
    }
    *vic = best;
    return NULL;
}

/* A cache of `bytes` in lines of `line`, `ways` to a set (0: fully
 * associative): its sets and ways; none (bytes 0) is 1 set of 0 ways. */
static inline void cacheset_geometry(uint32_t bytes, uint32_t ways,
                                     uint32_t line, uint32_t *sets,
                                     uint32_t *w)
{
    if (bytes == 0) {
        *sets = 1;
        *w = 0;
    } else if (ways == 0) {
        *sets = 1;
        *w = bytes / line;
    } else {
        *w = ways;
        *sets = bytes / (line * ways);
    }
}

#endif /* CUSIM_CACHESET_H */
