/*
 * l2.c — the L2's slices, ports, MSHRs and the arrivals parked at a full
 * DRAM channel (l2.h); the slices' atomic units are l2atom.c's.
 *
 * Every pool is allocated by l2_new and sized from the profile (see
 * l2_state_bytes): cache.l2.mshrs MSHRs per slice, each with at most
 * cache.l2.mshr_merge requests; waiter nodes and parked arrivals, one per
 * line on its way down at most (compute_units x memory.max_inflight).
 * Nothing allocates per access.
 *
 * An MSHR is held from the miss until its data is at the slice (its
 * fill), not only until DRAM serves it: a slice's MSHRs, not the DRAM
 * queues, bound the reads it has in flight. An arrival that finds no MSHR
 * free in its slice, or its line's MSHR full, fails its reservation: it
 * waits at the slice, oldest first, with the slice's later arrivals
 * behind it, and tries again when an MSHR of the slice frees (the
 * slice's event, at the fill that frees it).
 */
#include "l2.h"

#include <assert.h>
#include <stdlib.h>

#include "addrmap.h"
#include "cacheset.h"
#include "dram.h"
#include "intmath.h"
#include "l2atom.h"
#include "memstage.h"
#include "timering.h"
#include "xalloc.h"

typedef struct l2mshr {
    uint64_t fill_at;
    uint32_t outstanding;     /* DRAM reads not served yet */
    uint32_t waiters;         /* l2node list */
    uint32_t merged;          /* requests on it, the first included */
    uint32_t slot;
} l2mshr;

typedef struct l2node {
    uint64_t port;            /* its sectors' time through the slice's port */
    uint32_t cu, mshr;        /* the L1 MSHR to fill */
    uint32_t next;
} l2node;

/* A parked arrival, with its line's channel and slice (addrmap.h),
 * asked once when it arrived. */
typedef struct parked {
    down d;
    uint32_t lc, slice;
} parked;

/* Arrivals parked at a channel, or waiting at a slice for an MSHR,
 * oldest first. */
typedef struct parklist {
    uint32_t head, tail;
} parklist;

/* A slice's MSHRs: a free stack and the ones whose fill has a time
 * (free from then), and the arrivals waiting for one. */
typedef struct l2slice {
    uint32_t *free;           /* stack of cache.l2.mshrs */
    uint32_t n_free;
    timering filling;
    parklist waiting;
    uint64_t retry;           /* its event's cycle, or NEVER */
} l2slice;

struct l2 {
    struct dram *dram;
    l2_up up;
    mem_stats *st;
    evq *q;
    uint32_t kind, base;      /* slice s's event is (kind, base + s) */
    uint32_t sector;
    uint32_t line2, sets2, ways2, slices;
    uint32_t per_slice;       /* sets per slice: slice s's are s x
                                 per_slice .. + per_slice - 1 */
    uint32_t block_lines;     /* log2 of lines per interleave block */
    const addrmap *map;       /* the slice of an address (dram's) */
    uint64_t l2bpc;
    uint32_t back2;
    cacheset c2;              /* the tags, all slices' sets */
    uint64_t *port_free;      /* per slice, in slots: 1 cycle = l2bpc */
    l2atom *atom;             /* the slices' atomic units */
    parked *parked;           /* n_park arrivals parked at a channel or
                                 waiting at a slice */
    uint32_t *park_next;      /* each one's successor, or the next free */
    uint32_t park_free, n_park;
    parklist *parks;          /* per DRAM channel */
    uint32_t unparking;       /* the channel l2_unpark serves, or NONE */
    l2mshr *l2m;              /* slice s's are s x mshrs .. + mshrs - 1 */
    uint32_t mshrs, merge;
    l2slice *sl;
    l2node *l2n;
    uint32_t *l2n_free;
    uint32_t n_l2n_free, n_l2n;
};

typedef struct geom {
    uint32_t sets2, ways2, n_l2n, n_park;
    uint64_t n_l2m;
} geom;

static geom geom_of(const cusim_hw *hw)
{
    geom g;
    const uint32_t n = hw->compute_units, cap = hw->memory.max_inflight;
    cacheset_geometry(hw->cache.l2.bytes, hw->cache.l2.ways,
                      hw->cache.l2.line, &g.sets2, &g.ways2);
    if (hw->cache.l2.ways == 0 && hw->cache.l2.bytes) {
        /* fully associative: each slice one set of its own lines */
        g.sets2 = hw->cache.l2.slices;
        g.ways2 /= hw->cache.l2.slices;
    }
    g.n_l2m = (uint64_t)hw->cache.l2.slices * hw->cache.l2.mshrs;
    g.n_l2n = n * cap;
    g.n_park = n * cap;
    return g;
}

uint32_t l2_event_count(const cusim_hw *hw)
{
    return hw->cache.l2.slices;
}

uint64_t l2_state_bytes(const cusim_hw *hw)
{
    geom g = geom_of(hw);
    uint64_t b = sizeof(l2);
    b += cacheset_bytes(g.sets2, g.ways2);
    b += (uint64_t)hw->cache.l2.slices * sizeof(uint64_t);
    b += (uint64_t)hw->cache.l2.slices * sizeof(l2slice);
    b += l2atom_state_bytes(hw, g.sets2 * g.ways2);
    b += g.n_park * (sizeof(parked) + sizeof(uint32_t));
    b += (uint64_t)hw->dram.channels * sizeof(parklist);
    b += g.n_l2m * (sizeof(l2mshr) + sizeof(uint32_t) + sizeof(timed));
    b += g.n_l2n * (sizeof(l2node) + sizeof(uint32_t));
    return b;
}

l2 *l2_new(const cusim_hw *hw, struct dram *d, l2_up up, mem_stats *st,
           evq *q, uint32_t ev_kind, uint32_t ev_base)
{
    geom g = geom_of(hw);
    l2 *h = xcalloc(1, sizeof *h);
    h->dram = d;
    h->up = up;
    h->st = st;
    h->q = q;
    h->kind = ev_kind;
    h->base = ev_base;
    h->sector = hw->cache.l1.sector;
    h->line2 = hw->cache.l2.line;
    h->sets2 = g.sets2;
    h->ways2 = g.ways2;
    h->slices = hw->cache.l2.slices;
    h->per_slice = g.sets2 / h->slices;
    h->map = dram_map(d);
    h->block_lines = h->map->shift - ceil_log2(h->line2);
    h->l2bpc = hw->cache.l2.bytes_per_cycle;
    h->back2 = memstage_of(hw).back2;
    cacheset_init(&h->c2, g.sets2, g.ways2);
    h->port_free = xcalloc(h->slices, sizeof *h->port_free);
    h->atom = l2atom_new(hw, g.sets2 * g.ways2, st);
    h->n_park = g.n_park;
    h->parked = xcalloc(g.n_park, sizeof *h->parked);
    h->park_next = xcalloc(g.n_park, sizeof *h->park_next);
    for (uint32_t i = 0; i < g.n_park; i++)
        h->park_next[i] = i + 1 < g.n_park ? i + 1 : NONE;
    h->park_free = 0;
    h->parks = xcalloc(hw->dram.channels, sizeof *h->parks);
    for (uint32_t c = 0; c < hw->dram.channels; c++)
        h->parks[c].head = h->parks[c].tail = NONE;
    h->unparking = NONE;
    h->mshrs = hw->cache.l2.mshrs;
    h->merge = hw->cache.l2.mshr_merge;
    h->l2m = xcalloc(g.n_l2m, sizeof *h->l2m);
    h->sl = xcalloc(h->slices, sizeof *h->sl);
    uint32_t *stack = xcalloc(g.n_l2m, sizeof *stack);
    timed *ring = xcalloc(g.n_l2m, sizeof *ring);
    for (uint32_t s = 0; s < h->slices; s++) {
        l2slice *c = &h->sl[s];
        c->free = stack + (size_t)s * h->mshrs;
        for (uint32_t i = 0; i < h->mshrs; i++)
            c->free[i] = s * h->mshrs + h->mshrs - 1 - i;
        c->n_free = h->mshrs;
        timering_init(&c->filling, ring + (size_t)s * h->mshrs, h->mshrs);
        c->waiting.head = c->waiting.tail = NONE;
        c->retry = NEVER;
    }
    h->n_l2n = g.n_l2n;
    h->l2n = xcalloc(g.n_l2n, sizeof *h->l2n);
    h->l2n_free = xcalloc(g.n_l2n, sizeof *h->l2n_free);
    for (uint32_t i = 0; i < g.n_l2n; i++)
        h->l2n_free[i] = g.n_l2n - 1 - i;
    h->n_l2n_free = g.n_l2n;
    return h;
}

void l2_free(l2 *h)
{
    if (!h)
        return;
    cacheset_release(&h->c2);
    free(h->port_free);
    l2atom_free(h->atom);
    free(h->parked);
    free(h->park_next);
    free(h->parks);
    free(h->l2m);
    if (h->slices) {
        free(h->sl[0].free);
        free(h->sl[0].filling.e);
    }
    free(h->sl);
    free(h->l2n);
    free(h->l2n_free);
    free(h);
}

/* The L2 line of the L1 line at `addr` and its sectors there; *n2 is how
 * many (n1: of sectors1, whose count they are unless the shift dropped
 * some). */
static uint64_t l2_line(const l2 *h, uint64_t addr, uint32_t sectors1,
                        uint32_t n1, uint32_t *sectors2, uint32_t *n2)
{
    uint32_t off = (uint32_t)(addr % h->line2) / h->sector;
    *sectors2 = sectors1 << off;
    *n2 = off == 0 || (uint64_t)sectors1 >> (32 - off) == 0 ? n1
                                                            : popc32(*sectors2);
    return addr / h->line2;
}

/* The set of the line at `addr` in its slice: a slice's sets are its own
 * (a memory partition's L2 bank indexes its sets by the address with the
 * partition's bits taken out: GPGPU-Sim's get_partition_addr, addrdec.cc),
 * so a line only ever evicts lines of its own slice, and of its own DRAM
 * channel. The index is the line's number among its slice's lines (the
 * block's number u / slices, then the line in the block), modulo the
 * slice's sets. */
static uint64_t l2_set(const l2 *h, uint64_t addr, uint32_t slice)
{
    const addrmap *m = h->map;
    uint64_t local = ((addr >> m->shift) / h->slices << h->block_lines)
                     | (addr & m->low) / h->line2;
    return (uint64_t)slice * h->per_slice + local % h->per_slice;
}

/* l2_handle's answers besides a channel to wait at. */
#define L2_DONE NONE
#define L2_MSHR (NONE - 1)

/* Whether channel ch has room for n more requests (and no arrival waits
 * for it already: they go first). */
static bool chan_room(const l2 *h, uint32_t ch, uint32_t n)
{
    return (h->parks[ch].head == NONE || ch == h->unparking)
           && dram_room(h->dram, ch, n);
}

/* Whether slice s has an MSHR free at `now` (those whose fill has landed
 * by then are free again). */
static bool mshr_free_at(l2 *h, uint32_t s, uint64_t now)
{
    l2slice *c = &h->sl[s];
    while (timering_due(&c->filling, now))
        c->free[c->n_free++] = timering_pop(&c->filling);
    return c->n_free > 0;
}

/* Handles one arrival at the L2 at `now` (lc and slice: its line's
 * channel and slice, addrmap.h, asked once by the caller): L2_DONE; or,
 * with nothing changed, the channel whose queue has no room for what it
 * needs there (a read, a dirty victim's write), or L2_MSHR when it fails
 * its reservation: it waits for DRAM and its line's MSHR is full, or it
 * needs one and its slice has none free. */
static uint32_t l2_handle(l2 *h, const down *d, uint64_t now, uint32_t lc,
                          uint32_t slice)
{
    uint32_t sec, nsec;
    const uint32_t n1 = popc32(d->sectors);
    uint64_t line = l2_line(h, d->addr, d->sectors, n1, &sec, &nsec);
    uint64_t set = l2_set(h, d->addr, slice), tag = line + 1;
    uint32_t vi = NONE, si = cacheset_find(&h->c2, set, tag, &vi);
    slot *s = si != NONE ? &h->c2.slots[si] : NULL;
    slot *v = vi != NONE ? &h->c2.slots[vi] : NULL;
    uint64_t vtag = v ? h->c2.tags[vi] : 0;   /* the line it holds + 1 */
    bool load = d->kind == DOWN_LOAD;
    uint32_t need = !load ? 0 : s ? sec & ~s->valid & ~s->pend : sec;
    uint32_t waiting = s ? (sec & s->pend) : 0;
    /* Room in the DRAM queues it needs: a read, a dirty victim's write
     * (lc: the line's channel). */
    if (need) {
        if (!chan_room(h, lc, 1))
            return lc;
    }
    /* Its reservation, when it is a load that waits for DRAM: a place on
     * its line's MSHR, or a free MSHR of its slice (a store or an atomic
     * takes none). */
    if (load && (need || waiting)) {
        if (s && s->mshr != NONE) {
            if (h->l2m[s->mshr].merged >= h->merge)
                return L2_MSHR;
        } else if (!mshr_free_at(h, slice, now)) {
            return L2_MSHR;
        }
    }
    /* the victim's channel: its slice's, or asked */
    uint32_t vc = NONE;
    if (vtag && v->dirty) {
        vc = addrmap_slice_channel(h->map, slice);
        if (vc == NONE)
            vc = dram_channel(h->dram, (vtag - 1) * h->line2);
        uint32_t n = 1 + (need && lc == vc);
        if (!chan_room(h, vc, n))
            return vc;
    }
    if (!load && !s && !v && !chan_room(h, lc, 1))
        return lc;
    /* The slice's port moves the sectors. */
    uint64_t bytes = (uint64_t)n1 * h->sector;
    uint64_t start = now * h->l2bpc;
    if (h->port_free[slice] > start)
        start = h->port_free[slice];
    h->port_free[slice] = start + bytes * h->slices;
    h->st->l2_port_slots += bytes * h->slices;
    uint64_t xfer = div_up(h->port_free[slice], h->l2bpc);
    if (d->kind != DOWN_WRITEBACK) {
        h->st->l2_sectors += nsec;
        /* a load's sectors on their way count as hits (Nsight's) */
        const uint32_t onway = load ? popc32(waiting) : 0;
        if (s)
            h->st->l2_hits += popc32(sec & s->valid) + onway;
        h->st->l2_pending_hits += onway;
    }
    if (v) {
        if (vtag && v->dirty) {
            uint32_t db = popc32(v->dirty) * h->sector;
            h->st->dram_write_bytes += db;
            dram_enqueue(h->dram, vc, (vtag - 1) * h->line2, db, NONE,
                         xfer);
        }
        cacheset_put(&h->c2, set, vi, tag);
        *v = (slot){ 0, 0, 0, 0, NONE };
        l2atom_forget(h->atom, vi);
        s = v;
        si = vi;
    } else if (s) {
        cacheset_touch(&h->c2, set, si);
    }
    if (!load) {
        if (s) {
            s->valid |= sec;
            s->dirty |= sec;
        } else {
            /* every way is being fetched: straight on to DRAM */
            uint32_t db = nsec * h->sector;
            h->st->dram_write_bytes += db;
            dram_enqueue(h->dram, lc, d->addr, db, NONE, xfer);
        }
        uint64_t t = xfer + h->back2;
        if (d->kind == DOWN_ATOMIC)    /* the slice's atomic unit */
            t = l2atom_perform(h->atom, slice, s ? si : NONE, d->ops,
                               d->lanes, xfer) + h->back2;
        h->up.written(h->up.ctx, d->cu, d->kind, d->ref, t);
        return L2_DONE;
    }
    /* a load */
    uint64_t ret = xfer + h->back2;
    if (s && s->arrive + h->back2 > ret && (sec & s->valid))
        ret = s->arrive + h->back2;
    if (!need && !waiting) {
        h->up.fill(h->up.ctx, d->cu, d->ref, ret);
        return L2_DONE;
    }
    /* It waits for DRAM: on the line's L2 MSHR. */
    uint32_t mi = s ? s->mshr : NONE;
    if (mi == NONE) {
        l2slice *c = &h->sl[slice];
        assert(c->n_free > 0);
        mi = c->free[--c->n_free];
        h->l2m[mi] = (l2mshr){ 0, 0, NONE, 0, s ? si : NONE };
        if (s)
            s->mshr = mi;
    }
    l2mshr *m = &h->l2m[mi];
    assert(m->merged < h->merge);
    m->merged++;
    if ((sec & ~need & ~waiting) && ret - h->back2 > m->fill_at)
        m->fill_at = ret - h->back2;   /* the part here already */
    assert(h->n_l2n_free > 0);
    uint32_t ni = h->l2n_free[--h->n_l2n_free];
    h->l2n[ni] = (l2node){ xfer, d->cu, d->ref, m->waiters };
    m->waiters = ni;
    if (need) {
        if (s)
            s->pend |= need;
        m->outstanding++;
        uint32_t db = (need == sec ? nsec : popc32(need)) * h->sector;
        h->st->dram_read_bytes += db;
        dram_enqueue(h->dram, lc, d->addr, db, mi, xfer);
    }
    return L2_DONE;
}

/* l2_handle of parked entry i. */
static uint32_t handle_parked(l2 *h, uint32_t i, uint64_t now)
{
    const parked *p = &h->parked[i];
    return l2_handle(h, &p->d, now, p->lc, p->slice);
}

/* Appends parked entry i to list c. */
static void list_append(l2 *h, parklist *c, uint32_t i)
{
    h->park_next[i] = NONE;
    if (c->tail == NONE)
        c->head = i;
    else
        h->park_next[c->tail] = i;
    c->tail = i;
}

/* Takes list c's head (there is one) out: its entry. */
static uint32_t list_pop(l2 *h, parklist *c)
{
    uint32_t i = c->head;
    c->head = h->park_next[i];
    if (c->head == NONE)
        c->tail = NONE;
    return i;
}

/* Arrival d in an entry of the pool: there is one, as every parked
 * arrival is a line on its way down from some CU, and a CU has at most
 * memory.max_inflight of those (l1.h). */
static uint32_t park_entry(l2 *h, const down *d, uint32_t lc,
                           uint32_t slice)
{
    uint32_t i = h->park_free;
    assert(i != NONE);
    h->park_free = h->park_next[i];
    h->parked[i] = (parked){ *d, lc, slice };
    return i;
}

static void park_release(l2 *h, uint32_t i)
{
    h->park_next[i] = h->park_free;
    h->park_free = i;
}

/* Slice s's event at `at`, unless one is due sooner. */
static void slice_retry_at(l2 *h, uint32_t s, uint64_t at)
{
    l2slice *c = &h->sl[s];
    if (at < c->retry) {
        c->retry = at;
        evq_set(h->q, h->kind, h->base + s, at);
    }
}

/* Slice s, whose head waiter failed its reservation at `now`, tries
 * again when its next MSHR frees: the earliest of those timed (after
 * `now`, the due ones reclaimed), or one timed later (l2_read_done). */
static void retry_later(l2 *h, uint32_t s, uint64_t now)
{
    l2slice *c = &h->sl[s];
    mshr_free_at(h, s, now);
    if (c->filling.n > 0)
        slice_retry_at(h, s, timering_kth(&c->filling, 1));
}

/* Parked entry i failed its reservation at slice s at `now`: it waits
 * there. */
static void wait_at_slice(l2 *h, uint32_t s, uint32_t i, uint64_t now)
{
    h->st->l2_reservation_fails++;
    list_append(h, &h->sl[s].waiting, i);
    retry_later(h, s, now);
}

void l2_arrive(l2 *h, const down *d, uint64_t now)
{
    const uint32_t lc = addrmap_channel(h->map, d->addr);
    const uint32_t s = addrmap_slice_in(h->map, d->addr, lc);
    l2slice *c = &h->sl[s];
    if (c->waiting.head != NONE) {
        /* behind the slice's waiting ones */
        list_append(h, &c->waiting, park_entry(h, d, lc, s));
        return;
    }
    uint32_t r = l2_handle(h, d, now, lc, s);
    if (r == L2_MSHR)
        wait_at_slice(h, s, park_entry(h, d, lc, s), now);
    else if (r != L2_DONE)   /* it waits for that channel */
        list_append(h, &h->parks[r], park_entry(h, d, lc, s));
}

/* Parked entry i, taken off its list, goes on at `now` after l2_handle's
 * answer r: it is done, or waits at a channel, or at its slice. */
static void go_on(l2 *h, uint32_t i, uint32_t r, uint64_t now)
{
    if (r == L2_DONE)
        park_release(h, i);
    else if (r == L2_MSHR)
        wait_at_slice(h, h->parked[i].slice, i, now);
    else
        list_append(h, &h->parks[r], i);
}

void l2_unpark(l2 *h, uint32_t ch, uint64_t now)
{
    parklist *c = &h->parks[ch];
    h->unparking = ch;
    while (c->head != NONE && dram_room(h->dram, ch, 1)) {
        uint32_t r = handle_parked(h, c->head, now);
        if (r == ch)
            break;          /* (room for a read, not for its victim too) */
        go_on(h, list_pop(h, c), r, now);
    }
    h->unparking = NONE;
}

void l2_event(l2 *h, uint32_t s, uint64_t now)
{
    l2slice *c = &h->sl[s];
    c->retry = NEVER;
    while (c->waiting.head != NONE) {
        uint32_t r = handle_parked(h, c->waiting.head, now);
        if (r == L2_MSHR)
            break;
        go_on(h, list_pop(h, &c->waiting), r, now);
    }
    if (c->waiting.head != NONE)
        retry_later(h, s, now);
}

/* Read `mi`'s data is at the L2 at `t`. */
void l2_read_done(l2 *h, uint32_t mi, uint64_t t)
{
    l2mshr *m = &h->l2m[mi];
    if (t > m->fill_at)
        m->fill_at = t;
    if (--m->outstanding > 0)
        return;
    if (m->slot != NONE) {
        slot *s = &h->c2.slots[m->slot];
        s->valid |= s->pend;
        s->pend = 0;
        if (m->fill_at > s->arrive)
            s->arrive = m->fill_at;
        s->mshr = NONE;
    }
    for (uint32_t n = m->waiters; n != NONE;) {
        l2node *nd = &h->l2n[n];
        uint32_t next = nd->next;
        /* its data leaves once it is at the slice and its own turn on the
         * slice's port has come */
        uint64_t at = nd->port > m->fill_at ? nd->port : m->fill_at;
        h->up.fill(h->up.ctx, nd->cu, nd->mshr, at + h->back2);
        h->l2n_free[h->n_l2n_free++] = n;
        n = next;
    }
    /* The MSHR is held until the data is at the slice. */
    const uint32_t s = mi / h->mshrs;
    timering_put(&h->sl[s].filling, mi, m->fill_at);
    if (h->sl[s].waiting.head != NONE)
        slice_retry_at(h, s, m->fill_at);
}
