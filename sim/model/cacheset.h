/*
 * cacheset.h — the tag store the L1, the scalar cache and the L2 share: a
 * set-associative array of sectored line slots, LRU among the slots not
 * being fetched.
 *
 * Laid out for the lookup: the tags of a set side by side (a 20-way set
 * is 160 bytes), the rest of each slot apart, and per set a recency list
 * of its lines, so that a hit scans the set's lines and nothing else and
 * a miss finds its victim at the list's old end (the least recently used
 * line, past the few being fetched) instead of scanning the set again. A
 * set of more than CACHESET_SCAN ways (a fully associative cache: one set
 * of every line) is not scanned: a hash index of its lines finds one in
 * a few probes, so a lookup costs the same whatever the associativity.
 * (Measured: on a 20-way L2 the index costs more than the scan.)
 *
 * Invariants: a set's lines are its first `fill` ways (a set fills from
 * way 0 on and only cacheset_shrink empties ways, whole trailing ones);
 * its recency list holds exactly those, least recently used first.
 */
#ifndef CUSIM_CACHESET_H
#define CUSIM_CACHESET_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "intmath.h"

/* A line slot but its tag. */
typedef struct slot {
    uint64_t arrive;          /* the sectors in `valid` are there from then */
    uint32_t valid;           /* sectors present or timed to arrive */
    uint32_t pend;            /* sectors fetched, arrival not timed yet */
    uint32_t dirty;
    uint32_t mshr;            /* the open MSHR fetching them, or NONE */
} slot;

typedef struct cacheset {
    uint32_t sets, ways;      /* ways: allocated per set */
    uint32_t use;             /* of them usable (an L1 shrunk by shared
                                 memory keeps its first `use`) */
    uint64_t *tags;           /* sets x ways: line number + 1, 0 empty */
    slot *slots;              /* sets x ways */
    uint32_t *older, *newer;  /* per slot: its recency neighbours in the
                                 set's list, NONE at the ends */
    uint32_t *fill;           /* per set: its lines (its first ways) */
    uint32_t *lru, *mru;      /* per set: the list's ends, NONE if empty */
    /* Sets wider than CACHESET_SCAN: every line's slot, by (set, tag),
     * open addressing with linear probing, at most half full */
    uint32_t *index;          /* NULL: sets are scanned */
    uint32_t index_mask;
} cacheset;

#define CACHESET_SCAN 64

/* The index's first probe for line `tag - 1` of set `set`. */
static inline uint32_t cacheset_hash(const cacheset *c, uint64_t set,
                                     uint64_t tag)
{
    uint64_t k = (tag + set * 0x9E3779B97F4A7C15ull) * 0xBF58476D1CE4E5B9ull;
    return (uint32_t)(k >> 32) & c->index_mask;
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

/* What cacheset_init allocates for sets x ways. */
uint64_t cacheset_bytes(uint64_t sets, uint32_t ways);

/* Empty store of sets x ways, all usable. */
void cacheset_init(cacheset *c, uint32_t sets, uint32_t ways);
void cacheset_release(cacheset *c);

/* Only the first `use` ways of each set are usable from now on: the lines
 * in the others are dropped (none may be being fetched). */
void cacheset_shrink(cacheset *c, uint32_t use);

/* Looks line `tag - 1` up in set `set`: its slot's index, or NONE with
 * *victim the slot to fill there: an empty one, else the least recently
 * used line not being fetched (NONE when every one is). */
static inline uint32_t cacheset_find(const cacheset *c, uint64_t set,
                                     uint64_t tag, uint32_t *victim)
{
    const uint32_t base = (uint32_t)(set * c->ways), n = c->fill[set];
    if (c->index) {
        for (uint32_t h = cacheset_hash(c, set, tag);;
             h = (h + 1) & c->index_mask) {
            uint32_t e = c->index[h];
            if (e == NONE)
                break;
            if (c->tags[e] == tag && e - base < c->ways)
                return e;
        }
    } else {
        const uint64_t *t = &c->tags[base];
        for (uint32_t w = 0; w < n; w++)
            if (t[w] == tag)
                return base + w;
    }
    if (n < c->use) {
        *victim = base + n;
        return NONE;
    }
    uint32_t i = c->lru[set];
    while (i != NONE && c->slots[i].mshr != NONE)
        i = c->newer[i];
    *victim = i;
    return NONE;
}

/* Slot i, a line of set `set`, was used: it becomes the set's most
 * recently used. */
static inline void cacheset_touch(cacheset *c, uint64_t set, uint32_t i)
{
    uint32_t m = c->mru[set];
    if (m == i)
        return;
    uint32_t o = c->older[i], n = c->newer[i];   /* n: i is not the MRU */
    if (o == NONE)
        c->lru[set] = n;
    else
        c->newer[o] = n;
    c->older[n] = o;
    c->older[i] = m;
    c->newer[i] = NONE;
    c->newer[m] = i;
    c->mru[set] = i;
}

/* The index: slot i of set `set` holds line `tag - 1` from now on (its
 * old line leaves the index). */
void cacheset_reindex(cacheset *c, uint64_t set, uint32_t i, uint64_t tag);

/* Line `tag - 1` goes into slot i of set `set` (cacheset_find's victim):
 * an empty slot becomes a line, a line's slot changes hands; either way it
 * is the set's most recently used. The slot's other fields are the
 * caller's. */
static inline void cacheset_put(cacheset *c, uint64_t set, uint32_t i,
                                uint64_t tag)
{
    if (c->index)
        cacheset_reindex(c, set, i, tag);
    if (c->tags[i] != 0) {
        c->tags[i] = tag;
        cacheset_touch(c, set, i);
        return;
    }
    assert(i - set * c->ways == c->fill[set]);
    c->fill[set]++;
    c->tags[i] = tag;
    uint32_t m = c->mru[set];
    c->older[i] = m;
    c->newer[i] = NONE;
    if (m != NONE)
        c->newer[m] = i;
    else
        c->lru[set] = i;
    c->mru[set] = i;
}

#endif /* CUSIM_CACHESET_H */
