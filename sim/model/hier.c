/*
 * hier.c — the memory hierarchy behind hier.h: L1 per CU, sliced L2,
 * DRAM channels with banks and open rows.
 *
 * Every pool is allocated by hier_new and sized from the profile (see
 * hier_state_bytes, which mirrors it); nothing allocates per access. The
 * pools and their bounds:
 *   per CU, memory.max_inflight (`cap`) each: request records (accesses
 *     waiting for a line's time), waiter nodes (a request waiting on an
 *     MSHR), lines on their way down (queued for the L2 or waiting for
 *     DRAM); cache.l1.mshrs MSHRs;
 *   the L2's arrival queue: n_cus x cap (lines on their way down);
 *   per DRAM channel: a queue of `qcap` requests; L2 MSHRs: one per
 *     queued read at most (channels x qcap); L2 waiter nodes: n_cus x cap.
 * An L2 arrival that would overflow a DRAM channel's queue waits at that
 * channel (parked, in arrival order) until it serves one; only a lack of
 * L2 MSHRs stops the L2 as a whole. Nothing allocates per access but the
 * recorder's log (mem_watch), which grows only while a trace listens.
 */
#include "hier.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "addr.h"
#include "intmath.h"
#include "program.h"
#include "xalloc.h"

#define NEVER UINT64_MAX
#define NONE UINT32_MAX

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

/* An L1 MSHR: a line being fetched. OPEN while some of its L2 requests
 * have no time yet; then TIMED (held until fill_at) and FREE. */
enum { MSHR_FREE, MSHR_OPEN, MSHR_TIMED };

typedef struct mshr {
    uint64_t fill_at;         /* the latest time known so far */
    uint32_t outstanding;     /* L2 requests without a time */
    uint32_t waiters;         /* node list head */
    uint32_t slot;            /* its L1 slot, or NONE (not allocated) */
    uint32_t kslot;           /* its scalar cache slot, or NONE */
    uint8_t state;
} mshr;

typedef struct node {
    uint32_t req;
    uint32_t next;
} node;

/* An access with a line whose time is not known yet. */
typedef struct hreq {
    mem_req r;
    uint64_t issue;
    uint64_t done;            /* the latest line time known so far */
    uint32_t pending;         /* lines without a time */
} hreq;

typedef struct l1cu {
    slot *slots;              /* sets x ways */
    slot *kslots;             /* the scalar cache's: ksets x kways */
    mshr *mshrs;
    uint32_t *mshr_free;      /* stack */
    uint32_t n_mshr_free;
    uint64_t *timed;          /* heap of (fill_at, index) of TIMED MSHRs:
                                 fill_at << 20 would not fit; two arrays */
    uint32_t *timed_idx;
    uint32_t n_timed;
    node *nodes;
    uint32_t *node_free;
    uint32_t n_node_free;
    hreq *reqs;
    uint32_t *req_free;
    uint32_t n_req_free;
    uint32_t down;            /* lines on their way down */
    uint32_t r_head, r_len;   /* its FIFO in the L2's arrivals */
    uint64_t tag_free;        /* first cycle the tag stage is free */
    uint64_t seq;             /* its requests to the L2, numbered */
    bool blocked;             /* refused with NEVER: wake when room opens */
} l1cu;

/* A line on its way to the L2. An atomic is performed there: it goes down
 * as a store does (the L1's copy dropped), and its request completes when
 * the slice's atomic unit has done its `ops`. */
enum { DOWN_LOAD, DOWN_STORE, DOWN_WRITEBACK, DOWN_ATOMIC };

typedef struct down {
    uint64_t t;               /* cycle it reaches the L2 */
    uint64_t seq;
    uint64_t addr;            /* byte address of its L1 line */
    uint32_t cu;
    uint32_t ref;             /* LOAD: its L1 MSHR; STORE: its request */
    uint32_t sectors;         /* in L1 line coordinates */
    uint8_t kind;
    uint16_t ops;             /* ATOMIC: its turns on one address */
} down;

typedef struct l2mshr {
    uint64_t fill_at;
    uint32_t outstanding;
    uint32_t waiters;         /* l2node list */
    uint32_t slot;
} l2mshr;

typedef struct l2node {
    uint32_t cu, mshr;        /* the L1 MSHR to fill */
    uint32_t next;
} l2node;

typedef struct dreq {
    uint64_t arrive;
    uint64_t row;
    uint64_t seq;             /* the channel's arrival order */
    uint32_t bank;
    uint32_t bytes;
    uint32_t l2mshr;          /* a read's, or NONE (a write) */
    uint32_t next;            /* the next younger of its bank's queue, or
                                 the next free entry; NONE ends */
    uint8_t opened;           /* its bank's row was opened for it (a row
                                 miss) */
} dreq;

typedef struct bank {
    uint64_t open;            /* open row + 1 (0: none) */
    uint64_t open_at;         /* the open row can be read from then */
    uint64_t act_ok;          /* another row may be opened from then (its
                                 reads done) */
    uint32_t head, tail;      /* its requests, oldest first */
    uint32_t hits;            /* of them, to the open row */
} bank;

typedef struct chan {
    dreq *q;                  /* qcap entries: the banks' queues, the rest
                                 free from `free` */
    uint32_t free;
    uint32_t len;
    uint64_t seq;
    uint64_t bus_free;        /* in slots: 1 cycle = dram.bytes_per_cycle */
    uint64_t next;            /* its pending event's cycle, or NEVER */
    uint32_t park_head, park_tail;  /* L2 arrivals waiting for room in its
                                       queue, oldest first */
    uint32_t bypassed;        /* row hits served ahead of its oldest
                                 arrived request since that one came
                                 first */
    bank *banks;
} chan;

/* A CU with lines on their way to the L2: its oldest one's cycle. */
typedef struct cuhead {
    uint64_t t;
    uint32_t cu;
} cuhead;

/* A completion kept for mem_next_done. */
typedef struct flight {
    uint64_t done, seq;
    uint32_t cu, tx;
} flight;

struct hier {
    const cusim_hw *hw;
    evq *q;
    uint32_t kind;
    uint32_t n_cus, cap;
    /* L1 */
    uint32_t line1, sector, spl1, sets1, ways1, ways_eff, lpc, lat1, n_mshr;
    bool write_back1;
    /* the scalar cache, per CU, of L1 lines (none: kways 0) */
    uint32_t ksets, kways, latk;
    l1cu *cus;
    uint64_t lru_clock;
    /* L2 */
    uint32_t line2, sets2, ways2, slices, il_shift;
    uint64_t l2bpc;
    uint32_t to_l2, back2;
    slot *slots2;
    uint64_t *port_free;      /* per slice, in slots: 1 cycle = l2bpc */
    uint64_t *atom_free;      /* per slice: its atomic unit is free from
                                 then (cycles) */
    uint32_t atom_cycles;     /* per operation on one address */
    /* Arrivals, served in (t, cu, seq) order. A CU's lines go down in
     * order of time (its tag stage is in order), so each CU keeps a FIFO
     * of its own (`cap` entries in `ring`) and a heap over the CUs with
     * any, by their oldest's (t, cu), merges them. */
    down *ring;
    cuhead *heap;
    uint32_t n_heap, heap_cap;
    uint64_t tick_at;         /* the L2 event's cycle, or NEVER */
    bool in_tick;             /* l2_tick runs: it sets the event after */
    uint64_t now;             /* the cycle of the last call */
    bool l2_blocked;          /* its oldest arrival waits for an L2 MSHR:
                                 no event until a channel serves a read */
    down *parked;             /* heap_cap arrivals parked at a channel */
    uint32_t *park_next;      /* each one's successor, or the next free */
    uint32_t park_free;
    const struct chan *unparking;  /* the channel unpark serves */
    l2mshr *l2m;
    uint32_t *l2m_free;
    uint32_t n_l2m_free, n_l2m;
    l2node *l2n;
    uint32_t *l2n_free;
    uint32_t n_l2n_free, n_l2n;
    /* DRAM */
    uint32_t channels, banks, row, rmiss, window, qcap;
    uint64_t dbpc;
    uint32_t d_out, d_back;
    bool frfcfs;
    chan *chans;
    /* wake list */
    uint32_t *wake;
    uint32_t wake_head, n_wake;
    /* mem_watch */
    bool watched;
    flight *log;
    uint32_t n_log, log_cap;
    uint64_t log_seq;
    uint64_t *scratch;        /* mshrs entries, for accept_at's rare path */
    mem_stats stats;
};

/* ------------------------------------------------------------ geometry */

typedef struct geom {
    uint32_t sets1, ways1, sets2, ways2, qcap, n_l2m, n_l2n, heap_cap;
    uint32_t ksets, kways;
    uint64_t n_slots1, n_slots2, n_kslots;
} geom;

static uint32_t l1_size(const cusim_hw *hw)
{
    return hw->cache.l1.unified ? hw->cache.l1.unified : hw->cache.l1.bytes;
}

/* A cache of `bytes` in lines of `line`, `ways` to a set (0: fully
 * associative): its sets and ways; none (bytes 0) is 1 set of 0 ways. */
static void sets_ways(uint32_t bytes, uint32_t ways, uint32_t line,
                      uint32_t *sets, uint32_t *w)
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

static geom geom_of(const cusim_hw *hw)
{
    geom g;
    const uint32_t n = hw->compute_units, cap = hw->memory.max_inflight;
    sets_ways(l1_size(hw), hw->cache.l1.ways, hw->cache.l1.line, &g.sets1,
              &g.ways1);
    sets_ways(hw->cache.l2.bytes, hw->cache.l2.ways, hw->cache.l2.line,
              &g.sets2, &g.ways2);
    sets_ways(hw->cache.scalar.bytes, hw->cache.scalar.ways,
              hw->cache.l1.line, &g.ksets, &g.kways);
    g.n_kslots = (uint64_t)n * g.ksets * g.kways;
    g.n_slots1 = (uint64_t)n * g.sets1 * g.ways1;
    g.n_slots2 = (uint64_t)g.sets2 * g.ways2;
    uint32_t w = hw->dram.window ? hw->dram.window : 1;
    g.qcap = w;
    g.n_l2m = hw->dram.channels * g.qcap;
    g.n_l2n = n * cap;
    g.heap_cap = n * cap;
    return g;
}

uint32_t hier_event_count(const cusim_hw *hw)
{
    /* request completions, the L2's arrivals, one per DRAM channel */
    return hw->compute_units * hw->memory.max_inflight + 1
           + hw->dram.channels;
}

uint64_t hier_state_bytes(const cusim_hw *hw)
{
    geom g = geom_of(hw);
    uint64_t n = hw->compute_units, cap = hw->memory.max_inflight;
    uint64_t m = hw->cache.l1.mshrs;
    uint64_t b = sizeof(hier);
    b += n * sizeof(l1cu);
    b += (g.n_slots1 ? g.n_slots1 : 1) * sizeof(slot);
    b += (g.n_kslots ? g.n_kslots : 1) * sizeof(slot);
    b += n * m * (sizeof(mshr) + sizeof(uint32_t) + sizeof(uint64_t)
                  + sizeof(uint32_t));
    b += n * cap * (sizeof(node) + sizeof(uint32_t) + sizeof(hreq)
                    + sizeof(uint32_t));
    b += g.n_slots2 * sizeof(slot);
    b += 2 * (uint64_t)hw->cache.l2.slices * sizeof(uint64_t);
    b += g.heap_cap * (2 * sizeof(down) + sizeof(uint32_t));
    b += n * sizeof(cuhead);
    b += g.n_l2m * (sizeof(l2mshr) + sizeof(uint32_t));
    b += g.n_l2n * (sizeof(l2node) + sizeof(uint32_t));
    b += hw->dram.channels * (sizeof(chan) + g.qcap * sizeof(dreq)
                              + hw->dram.banks * sizeof(bank));
    b += n * sizeof(uint32_t);
    b += (m ? m : 1) * sizeof(uint64_t);
    return b;
}

static uint32_t log2u(uint32_t v)
{
    uint32_t s = 0;
    while ((1u << s) < v)
        s++;
    return s;
}

hier *hier_new(const cusim_hw *hw, evq *q, uint32_t ev_kind)
{
    geom g = geom_of(hw);
    hier *h = xcalloc(1, sizeof *h);
    h->hw = hw;
    h->q = q;
    h->kind = ev_kind;
    h->n_cus = hw->compute_units;
    h->cap = hw->memory.max_inflight;
    h->line1 = hw->cache.l1.line;
    h->sector = hw->cache.l1.sector;
    h->spl1 = h->line1 / h->sector;
    h->sets1 = g.sets1;
    h->ways1 = h->ways_eff = g.ways1;
    h->lpc = hw->cache.l1.lines_per_cycle ? hw->cache.l1.lines_per_cycle : 1;
    h->lat1 = hw->cache.l1.latency;
    h->n_mshr = hw->cache.l1.mshrs;
    h->write_back1 = hw->cache.l1.stores == CUSIM_STORES_WRITE_BACK;
    h->ksets = g.ksets;
    h->kways = g.kways;
    h->latk = hw->cache.scalar.latency;
    h->line2 = hw->cache.l2.line;
    h->sets2 = g.sets2;
    h->ways2 = g.ways2;
    h->slices = hw->cache.l2.slices;
    h->il_shift = log2u(hw->cache.l2.interleave);
    h->l2bpc = hw->cache.l2.bytes_per_cycle;
    h->channels = hw->dram.channels;
    h->banks = hw->dram.banks;
    h->row = hw->dram.row;
    h->rmiss = hw->dram.row_miss_cycles;
    h->window = hw->dram.window ? hw->dram.window : 1;
    h->qcap = g.qcap;
    h->dbpc = hw->dram.bytes_per_cycle;
    h->frfcfs = hw->dram.scheduler == CUSIM_DRAM_FR_FCFS;

    /* Stage latencies from the end-to-end figures of one sector,
     * unloaded (hier.h): an L2 hit is to_l2 + its slice transfer + back2,
     * a DRAM access adds d_out + a row miss + its channel transfer +
     * d_back. */
    uint32_t xs = (uint32_t)div_up((uint64_t)h->sector * h->slices, h->l2bpc);
    uint32_t l2lat = hw->cache.l2.latency;
    uint32_t rest2 = l2lat > xs + 1 ? l2lat - xs : 1;
    h->to_l2 = rest2 / 2 ? rest2 / 2 : 1;
    h->back2 = rest2 - h->to_l2;
    uint32_t xd = (uint32_t)div_up((uint64_t)h->sector * h->channels, h->dbpc);
    uint64_t below = (uint64_t)l2lat + h->rmiss + xd;
    uint32_t restd = hw->dram.latency > below + 1
                     ? (uint32_t)(hw->dram.latency - below) : 1;
    h->d_out = restd / 2 ? restd / 2 : 1;
    h->d_back = restd - h->d_out;

    h->cus = xcalloc(h->n_cus, sizeof *h->cus);
    slot *s1 = xcalloc(g.n_slots1 ? g.n_slots1 : 1, sizeof *s1);
    slot *sk = xcalloc(g.n_kslots ? g.n_kslots : 1, sizeof *sk);
    for (uint32_t c = 0; c < h->n_cus; c++) {
        l1cu *l = &h->cus[c];
        l->slots = s1 + (size_t)c * g.sets1 * g.ways1;
        l->kslots = sk + (size_t)c * g.ksets * g.kways;
    }
    /* One allocation per kind for all CUs. */
    size_t m = h->n_mshr, cap = h->cap, n = h->n_cus;
    mshr *mp = xcalloc(n * m, sizeof *mp);
    uint32_t *mf = xcalloc(n * m, sizeof *mf);
    uint64_t *tp = xcalloc(n * m, sizeof *tp);
    uint32_t *ti = xcalloc(n * m, sizeof *ti);
    node *np = xcalloc(n * cap, sizeof *np);
    uint32_t *nf = xcalloc(n * cap, sizeof *nf);
    hreq *rp = xcalloc(n * cap, sizeof *rp);
    uint32_t *rf = xcalloc(n * cap, sizeof *rf);
    for (uint32_t c = 0; c < n; c++) {
        l1cu *l = &h->cus[c];
        l->mshrs = mp + c * m;
        l->mshr_free = mf + c * m;
        l->timed = tp + c * m;
        l->timed_idx = ti + c * m;
        l->nodes = np + c * cap;
        l->node_free = nf + c * cap;
        l->reqs = rp + c * cap;
        l->req_free = rf + c * cap;
        for (uint32_t i = 0; i < m; i++)
            l->mshr_free[i] = (uint32_t)(m - 1 - i);
        l->n_mshr_free = (uint32_t)m;
        for (uint32_t i = 0; i < cap; i++) {
            l->node_free[i] = (uint32_t)(cap - 1 - i);
            l->req_free[i] = (uint32_t)(cap - 1 - i);
        }
        l->n_node_free = l->n_req_free = (uint32_t)cap;
    }
    h->slots2 = xcalloc(g.n_slots2, sizeof *h->slots2);
    h->port_free = xcalloc(2 * (size_t)h->slices, sizeof *h->port_free);
    h->atom_free = h->port_free + h->slices;
    h->atom_cycles = hw->cache.l2.atomic_cycles;
    h->heap_cap = g.heap_cap;
    h->ring = xcalloc(g.heap_cap, sizeof *h->ring);
    h->heap = xcalloc(n, sizeof *h->heap);
    h->parked = xcalloc(g.heap_cap, sizeof *h->parked);
    h->park_next = xcalloc(g.heap_cap, sizeof *h->park_next);
    for (uint32_t i = 0; i < g.heap_cap; i++)
        h->park_next[i] = i + 1 < g.heap_cap ? i + 1 : NONE;
    h->park_free = 0;
    h->tick_at = NEVER;
    h->n_l2m = g.n_l2m;
    h->l2m = xcalloc(g.n_l2m, sizeof *h->l2m);
    h->l2m_free = xcalloc(g.n_l2m, sizeof *h->l2m_free);
    for (uint32_t i = 0; i < g.n_l2m; i++)
        h->l2m_free[i] = g.n_l2m - 1 - i;
    h->n_l2m_free = g.n_l2m;
    h->n_l2n = g.n_l2n;
    h->l2n = xcalloc(g.n_l2n, sizeof *h->l2n);
    h->l2n_free = xcalloc(g.n_l2n, sizeof *h->l2n_free);
    for (uint32_t i = 0; i < g.n_l2n; i++)
        h->l2n_free[i] = g.n_l2n - 1 - i;
    h->n_l2n_free = g.n_l2n;
    h->chans = xcalloc(h->channels, sizeof *h->chans);
    dreq *dq = xcalloc((size_t)h->channels * h->qcap, sizeof *dq);
    bank *bk = xcalloc((size_t)h->channels * h->banks, sizeof *bk);
    for (uint32_t c = 0; c < h->channels; c++) {
        chan *ch = &h->chans[c];
        ch->q = dq + (size_t)c * h->qcap;
        for (uint32_t i = 0; i < h->qcap; i++)
            ch->q[i].next = i + 1 < h->qcap ? i + 1 : NONE;
        ch->free = 0;
        ch->banks = bk + (size_t)c * h->banks;
        for (uint32_t b = 0; b < h->banks; b++)
            ch->banks[b].head = ch->banks[b].tail = NONE;
        ch->next = NEVER;
        ch->park_head = ch->park_tail = NONE;
    }
    h->wake = xcalloc(n, sizeof *h->wake);
    h->scratch = xcalloc(m ? m : 1, sizeof *h->scratch);
    return h;
}

void hier_free(hier *h)
{
    if (!h)
        return;
    if (h->n_cus) {
        l1cu *l = &h->cus[0];
        free(l->slots);
        free(l->kslots);
        free(l->mshrs);
        free(l->mshr_free);
        free(l->timed);
        free(l->timed_idx);
        free(l->nodes);
        free(l->node_free);
        free(l->reqs);
        free(l->req_free);
    }
    free(h->cus);
    free(h->slots2);
    free(h->port_free);
    free(h->ring);
    free(h->heap);
    free(h->parked);
    free(h->park_next);
    free(h->l2m);
    free(h->l2m_free);
    free(h->l2n);
    free(h->l2n_free);
    if (h->channels) {
        free(h->chans[0].q);
        free(h->chans[0].banks);
    }
    free(h->chans);
    free(h->wake);
    free(h->scratch);
    free(h->log);
    free(h);
}

void hier_set_l1_bytes(hier *h, uint32_t bytes)
{
    uint64_t per_way = (uint64_t)h->sets1 * h->line1;
    uint32_t ways = per_way ? (uint32_t)(bytes / per_way) : 0;
    if (ways > h->ways1)
        ways = h->ways1;
    if (ways < h->ways_eff)
        for (uint32_t c = 0; c < h->n_cus; c++)
            for (uint32_t s = 0; s < h->sets1; s++)
                for (uint32_t w = ways; w < h->ways1; w++) {
                    slot *sl = &h->cus[c].slots[(size_t)s * h->ways1 + w];
                    assert(sl->mshr == NONE || sl->tag == 0);
                    memset(sl, 0, sizeof *sl);
                }
    h->ways_eff = ways;
}

/* ------------------------------------------------------------- helpers */

/* Bits set in v (inline: the builtin is a library call without a
 * popcount instruction in the baseline ISA). */
static inline uint32_t popc(uint32_t v)
{
    v = v - ((v >> 1) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
    v = (v + (v >> 4)) & 0x0F0F0F0Fu;
    return (v * 0x01010101u) >> 24;
}

static void wake_cu(hier *h, uint32_t cu)
{
    l1cu *l = &h->cus[cu];
    if (!l->blocked)
        return;
    l->blocked = false;
    h->wake[(h->wake_head + h->n_wake++) % h->n_cus] = cu;
}

bool hier_next_wake(hier *h, uint32_t *cu)
{
    if (h->n_wake == 0)
        return false;
    *cu = h->wake[h->wake_head];
    h->wake_head = (h->wake_head + 1) % h->n_cus;
    h->n_wake--;
    return true;
}

/* Looks line `tag - 1` up in set `set` of `slots` (ways each, the first
 * `use` usable): its slot, or NULL with *vic the slot to replace there (an
 * invalid one, else the least recently used one not being fetched; NULL
 * when every one is being fetched). One pass: a set fills from its first
 * way on and is never emptied in the middle (hier_set_l1_bytes empties
 * whole trailing ways), so no line sits past an invalid slot. */
static slot *lookup(slot *slots, uint32_t ways, uint32_t use, uint64_t set,
                    uint64_t tag, slot **vic)
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

/* ------------------------------------------------------------ watching */

static void log_push(hier *h, uint32_t cu, uint32_t tx, uint64_t done)
{
    if (h->n_log == h->log_cap) {
        /* (only while a recorder listens: not the simulation's path) */
        h->log_cap = h->log_cap ? 2 * h->log_cap : 256;
        h->log = xrealloc_array(h->log, h->log_cap, sizeof *h->log);
    }
    flight f = { done, h->log_seq++, cu, tx };
    uint32_t i = h->n_log++;
    while (i > 0) {
        uint32_t p = (i - 1) / 2;
        const flight *pf = &h->log[p];
        if (pf->done < f.done || (pf->done == f.done && pf->seq < f.seq))
            break;
        h->log[i] = *pf;
        i = p;
    }
    h->log[i] = f;
}

void hier_watch(hier *h, bool on)
{
    h->watched = on;
    h->n_log = 0;
}

bool hier_next_done(hier *h, uint64_t now, uint32_t *cu, uint32_t *tx,
                    uint64_t *done)
{
    if (h->n_log == 0 || h->log[0].done > now)
        return false;
    *cu = h->log[0].cu;
    *tx = h->log[0].tx;
    *done = h->log[0].done;
    flight last = h->log[--h->n_log];
    uint32_t i = 0;
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= h->n_log)
            break;
        if (c + 1 < h->n_log
            && (h->log[c + 1].done < h->log[c].done
                || (h->log[c + 1].done == h->log[c].done
                    && h->log[c + 1].seq < h->log[c].seq)))
            c++;
        if (last.done < h->log[c].done
            || (last.done == h->log[c].done && last.seq < h->log[c].seq))
            break;
        h->log[i] = h->log[c];
        i = c;
    }
    h->log[i] = last;
    return true;
}

/* ---------------------------------------------------- requests' times */

/* A line of request `ri` of CU `cu` is timed at `t`; the request completes
 * (by event) when its last one is. */
static void req_line_timed(hier *h, uint32_t cu, uint32_t ri, uint64_t t)
{
    hreq *r = &h->cus[cu].reqs[ri];
    if (t > r->done)
        r->done = t;
    h->stats.latency_sum += t - r->issue;
    if (--r->pending == 0) {
        evq_set(h->q, h->kind, cu * h->cap + ri, r->done);
        if (h->watched)
            log_push(h, cu, r->r.tx, r->done);
    }
}

/* Timed MSHRs: a heap by fill_at per CU. */
static void timed_push(l1cu *l, uint32_t m, uint64_t at)
{
    uint32_t i = l->n_timed++;
    while (i > 0) {
        uint32_t p = (i - 1) / 2;
        if (l->timed[p] <= at)
            break;
        l->timed[i] = l->timed[p];
        l->timed_idx[i] = l->timed_idx[p];
        i = p;
    }
    l->timed[i] = at;
    l->timed_idx[i] = m;
}

static void timed_pop(l1cu *l)
{
    uint64_t at = l->timed[--l->n_timed];
    uint32_t m = l->timed_idx[l->n_timed];
    uint32_t i = 0;
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= l->n_timed)
            break;
        if (c + 1 < l->n_timed && l->timed[c + 1] < l->timed[c])
            c++;
        if (at <= l->timed[c])
            break;
        l->timed[i] = l->timed[c];
        l->timed_idx[i] = l->timed_idx[c];
        i = c;
    }
    l->timed[i] = at;
    l->timed_idx[i] = m;
}

/* MSHRs whose fill has landed by `now` are free again. */
static void mshr_reclaim(l1cu *l, uint64_t now)
{
    while (l->n_timed > 0 && l->timed[0] <= now) {
        uint32_t m = l->timed_idx[0];
        timed_pop(l);
        l->mshrs[m].state = MSHR_FREE;
        l->mshr_free[l->n_mshr_free++] = m;
    }
}

/* One of the L2 requests of L1 MSHR `mi` of CU `cu` is timed: its data
 * reaches the CU at `t`. When it was the last, the line is filled at the
 * latest such time and its waiters learn their time. */
static void l1_fill_timed(hier *h, uint32_t cu, uint32_t mi, uint64_t t)
{
    l1cu *l = &h->cus[cu];
    mshr *m = &l->mshrs[mi];
    l->down--;
    if (t > m->fill_at)
        m->fill_at = t;
    if (--m->outstanding > 0) {
        wake_cu(h, cu);
        return;
    }
    if (m->slot != NONE) {
        slot *s = &l->slots[m->slot];
        s->valid |= s->pend;
        s->pend = 0;
        if (m->fill_at > s->arrive)
            s->arrive = m->fill_at;
        s->mshr = NONE;
    }
    if (m->kslot != NONE) {
        slot *s = &l->kslots[m->kslot];
        s->arrive = m->fill_at;
        s->mshr = NONE;
        m->kslot = NONE;
    }
    for (uint32_t n = m->waiters; n != NONE;) {
        node *nd = &l->nodes[n];
        uint32_t next = nd->next;
        req_line_timed(h, cu, nd->req, m->fill_at);
        l->node_free[l->n_node_free++] = n;
        n = next;
    }
    m->waiters = NONE;
    m->state = MSHR_TIMED;
    timed_push(l, mi, m->fill_at);
    wake_cu(h, cu);
}

/* ------------------------------------------------------- to the L2 */

static bool head_before(const cuhead *a, const cuhead *b)
{
    return a->t != b->t ? a->t < b->t : a->cu < b->cu;
}

static void heap_down(hier *h, cuhead x)
{
    uint32_t i = 0;
    for (;;) {
        uint32_t c = 2 * i + 1;
        if (c >= h->n_heap)
            break;
        if (c + 1 < h->n_heap && head_before(&h->heap[c + 1], &h->heap[c]))
            c++;
        if (!head_before(&h->heap[c], &x))
            break;
        h->heap[i] = h->heap[c];
        i = c;
    }
    h->heap[i] = x;
}

/* The next arrival, (t, cu, seq) first: the oldest of the CU first by
 * (t, cu). */
static down *heap_top(hier *h)
{
    const l1cu *l = &h->cus[h->heap[0].cu];
    return &h->ring[(size_t)h->heap[0].cu * h->cap + l->r_head];
}

static void heap_push(hier *h, const down *d)
{
    l1cu *l = &h->cus[d->cu];
    assert(l->r_len < h->cap);
    assert(l->r_len == 0 || d->t >= h->ring[(size_t)d->cu * h->cap
                                    + (l->r_head + l->r_len - 1) % h->cap].t);
    h->ring[(size_t)d->cu * h->cap + (l->r_head + l->r_len) % h->cap] = *d;
    if (l->r_len++ == 0) {
        cuhead x = { d->t, d->cu };
        uint32_t i = h->n_heap++;
        while (i > 0) {
            uint32_t p = (i - 1) / 2;
            if (!head_before(&x, &h->heap[p]))
                break;
            h->heap[i] = h->heap[p];
            i = p;
        }
        h->heap[i] = x;
    }
    uint64_t t = h->heap[0].t > h->now ? h->heap[0].t : h->now;
    if (!h->in_tick && !h->l2_blocked && t < h->tick_at) {
        h->tick_at = t;
        evq_set(h->q, h->kind, h->n_cus * h->cap, t);
    }
}

static void heap_pop(hier *h)
{
    uint32_t cu = h->heap[0].cu;
    l1cu *l = &h->cus[cu];
    l->r_head = l->r_head + 1 < h->cap ? l->r_head + 1 : 0;
    if (--l->r_len > 0) {
        cuhead x = { h->ring[(size_t)cu * h->cap + l->r_head].t, cu };
        heap_down(h, x);
    } else if (--h->n_heap > 0) {
        heap_down(h, h->heap[h->n_heap]);
    }
}

/* Sends `sectors` of the L1 line at `addr` down from CU `cu` at `t` (its
 * lookup cycle). */
static void send_down(hier *h, uint32_t cu, uint8_t kind, uint32_t ref,
                      uint64_t addr, uint32_t sectors, uint64_t t,
                      uint32_t ops)
{
    l1cu *l = &h->cus[cu];
    l->down++;
    down d = { t + h->to_l2, l->seq++, addr, cu, ref, sectors, kind,
               (uint16_t)ops };
    heap_push(h, &d);
}

/* -------------------------------------------------------------- the L1 */

uint64_t hier_accept_at(hier *h, uint32_t cu, uint32_t n, uint64_t at)
{
    l1cu *l = &h->cus[cu];
    uint64_t t = l->tag_free > at ? l->tag_free : at;
    uint32_t lines = h->write_back1 ? 2 * n : n;
    if (l->n_req_free == 0 || l->n_node_free < n || l->down + lines > h->cap) {
        l->blocked = true;
        return NEVER;
    }
    if (l->n_mshr_free >= n)
        return t;
    /* Room opens as timed MSHRs' fills land: the k-th earliest. */
    uint32_t k = n - l->n_mshr_free;
    if (k > l->n_timed) {
        l->blocked = true;
        return NEVER;
    }
    uint64_t *s = h->scratch;
    memcpy(s, l->timed, sizeof *s * l->n_timed);
    uint32_t len = l->n_timed;
    uint64_t kth = 0;
    for (uint32_t i = 0; i < k; i++) {
        uint32_t best = 0;
        for (uint32_t j = 1; j < len; j++)
            if (s[j] < s[best])
                best = j;
        kth = s[best];
        s[best] = s[--len];
    }
    return kth > t ? kth : t;
}

/* Adds request `ri` as a waiter of MSHR `mi`. */
static void wait_on(l1cu *l, uint32_t mi, uint32_t ri)
{
    assert(l->n_node_free > 0);
    uint32_t n = l->node_free[--l->n_node_free];
    l->nodes[n] = (node){ ri, l->mshrs[mi].waiters };
    l->mshrs[mi].waiters = n;
    l->reqs[ri].pending++;
}

static uint32_t mshr_open(l1cu *l, uint32_t slot_index)
{
    assert(l->n_mshr_free > 0);
    uint32_t mi = l->mshr_free[--l->n_mshr_free];
    l->mshrs[mi] = (mshr){ 0, 0, NONE, slot_index, NONE, MSHR_OPEN };
    return mi;
}

/* Makes *ri the request record of access r, issued at `now`, on its first
 * line that waits (nothing when it has one). */
static void req_of(l1cu *l, uint32_t *ri, const mem_req *r, uint64_t now,
                   uint64_t known)
{
    if (*ri == NONE) {
        assert(l->n_req_free > 0);
        *ri = l->req_free[--l->n_req_free];
        l->reqs[*ri] = (hreq){ *r, now, known, 0 };
    }
}

/* A uniform load in the scalar cache, its lines all looked up at `now`
 * (hier.h): a line there completes cache.scalar.latency after issue (or
 * when its fill lands); a line on its way waits for the MSHR fetching
 * it; a missing one takes an MSHR of the CU's and a slot (the least
 * recently used one not being fetched) and fetches the whole L1 line
 * from the L2, past the L1. Its lines go down at `now`, which no line
 * the CU sent before is later than (hier_accept_at waited for the L1's
 * tag stage), so the CU's FIFO to the L2 stays in time order. */
static uint64_t scalar_issue(hier *h, const mem_req *r, uint64_t now)
{
    const uint32_t cu = r->cu;
    l1cu *l = &h->cus[cu];
    const uint32_t whole = h->spl1 >= 32 ? UINT32_MAX
                                         : (1u << h->spl1) - 1;
    uint64_t known = now + h->latk;
    uint32_t ri = NONE;
    h->stats.scalar_requests++;
    for (uint32_t i = 0; i < r->tx; i++) {
        const addr_line *ln = &r->lines[i];
        uint32_t k = popc(ln->sectors);
        h->stats.bytes += (uint64_t)k * h->sector;
        uint64_t set = ln->line % h->ksets, tag = ln->line + 1;
        slot *v = NULL;
        slot *s = lookup(l->kslots, h->kways, h->kways, set, tag, &v);
        if (s) {
            s->lru = ++h->lru_clock;
            h->stats.scalar_hits++;
            if (s->mshr == NONE) {
                uint64_t t = now + h->latk;
                if (s->arrive > t)
                    t = s->arrive;
                h->stats.latency_sum += t - now;
                if (t > known)
                    known = t;
                continue;
            }
            req_of(l, &ri, r, now, known);
            wait_on(l, s->mshr, ri);
            continue;
        }
        uint32_t mi = mshr_open(l, NONE);
        if (v) {
            *v = (slot){ tag, 0, ++h->lru_clock, 0, 0, 0, mi };
            l->mshrs[mi].kslot = (uint32_t)(v - l->kslots);
        }
        req_of(l, &ri, r, now, known);
        wait_on(l, mi, ri);
        l->mshrs[mi].outstanding = 1;
        send_down(h, cu, DOWN_LOAD, mi, ln->line * h->line1, whole, now, 0);
    }
    if (ri == NONE) {
        if (h->watched)
            log_push(h, cu, r->tx, known);
        return known;
    }
    if (known > l->reqs[ri].done)
        l->reqs[ri].done = known;
    return MEM_LATER;
}

uint64_t hier_issue(hier *h, const mem_req *r, uint64_t now)
{
    const uint32_t cu = r->cu, n = r->tx;
    l1cu *l = &h->cus[cu];
    h->now = now;
    mshr_reclaim(l, now);
    assert(hier_accept_at(h, cu, n, now) == now);
    const bool store = r->dst == PROG_NO_REG;
    h->stats.transactions += n;
    uint64_t known = now;     /* the latest line time known at issue */
    uint32_t ri = NONE;
    if (r->scalar && h->kways)
        return scalar_issue(h, r, now);
    uint32_t busy = (n + h->lpc - 1) / h->lpc;
    l->tag_free = now + busy;
    h->stats.l1_tag_cycles += busy;
    h->stats.l1_requests++;
    for (uint32_t i = 0; i < n; i++) {
        const addr_line *ln = &r->lines[i];
        uint64_t tl = now + i / h->lpc;
        uint64_t addr = ln->line * h->line1;
        uint32_t mask = ln->sectors;
        uint32_t k = popc(mask);
        h->stats.l1_sectors += k;
        h->stats.bytes += (uint64_t)k * h->sector;
        uint64_t set = ln->line % h->sets1, tag = ln->line + 1;
        slot *v = NULL;
        slot *s = h->ways_eff ? lookup(l->slots, h->ways1, h->ways_eff, set,
                                       tag, &v)
                              : NULL;
        if (s)
            s->lru = ++h->lru_clock;
        if (r->atomic) {
            /* performed at the L2: the L1's copy of its sectors goes */
            if (s)
                s->valid &= ~mask;
            req_of(l, &ri, r, now, known);
            l->reqs[ri].pending++;
            send_down(h, cu, DOWN_ATOMIC, ri, addr, mask, tl,
                      ln->ops ? ln->ops : 1);
            continue;
        }
        if (store) {
            if (h->write_back1) {
                if (!s) {
                    s = v;
                    if (s) {
                        if (s->tag && s->dirty)
                            send_down(h, cu, DOWN_WRITEBACK, NONE,
                                      (s->tag - 1) * h->line1, s->dirty, tl, 0);
                        *s = (slot){ tag, 0, ++h->lru_clock, 0, 0, 0, NONE };
                    }
                }
                if (s) {
                    h->stats.l1_hits += popc(mask & s->valid);
                    s->valid |= mask;
                    s->dirty |= mask;
                    uint64_t t = tl + h->lat1;
                    h->stats.latency_sum += t - now;
                    if (t > known)
                        known = t;
                    continue;
                }
            } else if (s) {
                h->stats.l1_hits += popc(mask & s->valid);
                s->valid |= mask;    /* the line it hits is updated */
            }
            req_of(l, &ri, r, now, known);
            l->reqs[ri].pending++;
            send_down(h, cu, DOWN_STORE, ri, addr, mask, tl, 0);
            continue;
        }
        /* a load */
        uint64_t hit_t = tl + h->lat1;
        if (s) {
            uint32_t need = mask & ~s->valid & ~s->pend;
            h->stats.l1_hits += popc(mask & s->valid);
            if (s->arrive > hit_t && (mask & s->valid))
                hit_t = s->arrive;
            if ((mask & ~s->valid) == 0) {
                h->stats.latency_sum += hit_t - now;
                if (hit_t > known) {
                    known = hit_t;
                    if (ri != NONE && known > l->reqs[ri].done)
                        l->reqs[ri].done = known;
                }
                continue;
            }
            uint32_t mi = s->mshr;
            if (mi == NONE) {
                mi = mshr_open(l, (uint32_t)(s - l->slots));
                s->mshr = mi;
            }
            if (hit_t > known)
                known = hit_t;
            req_of(l, &ri, r, now, known);
            if (known > l->reqs[ri].done)
                l->reqs[ri].done = known;
            wait_on(l, mi, ri);
            if (need) {
                s->pend |= need;
                l->mshrs[mi].outstanding++;
                send_down(h, cu, DOWN_LOAD, mi, addr, need, tl, 0);
            }
            continue;
        }
        /* not in the L1: fetch it into a victim slot, if any */
        uint32_t mi;
        if (v) {
            if (v->tag && v->dirty)
                send_down(h, cu, DOWN_WRITEBACK, NONE,
                          (v->tag - 1) * h->line1, v->dirty, tl, 0);
            mi = mshr_open(l, (uint32_t)(v - l->slots));
            *v = (slot){ tag, 0, ++h->lru_clock, 0, mask, 0, mi };
        } else {
            mi = mshr_open(l, NONE);
        }
        req_of(l, &ri, r, now, known);
        wait_on(l, mi, ri);
        l->mshrs[mi].outstanding = 1;
        send_down(h, cu, DOWN_LOAD, mi, addr, mask, tl, 0);
    }
    if (ri == NONE) {
        if (h->watched)
            log_push(h, cu, n, known);
        return known;
    }
    if (known > l->reqs[ri].done)
        l->reqs[ri].done = known;
    return MEM_LATER;
}

/* -------------------------------------------------------------- the L2 */

static chan *chan_of(hier *h, uint64_t addr, uint32_t *bank_i, uint64_t *row)
{
    uint64_t unit = addr >> h->il_shift;
    uint32_t c = (uint32_t)(unit % h->channels);
    uint64_t local = (unit / h->channels << h->il_shift)
                     | (addr & ((1ull << h->il_shift) - 1));
    *bank_i = (uint32_t)(local / h->row % h->banks);
    *row = local / h->row / h->banks;
    return &h->chans[c];
}

static void chan_schedule(hier *h, chan *c, uint64_t at)
{
    if (at < c->next) {
        c->next = at;
        evq_set(h->q, h->kind,
                h->n_cus * h->cap + 1 + (uint32_t)(c - h->chans), at);
    }
}

static void dram_enqueue(hier *h, uint64_t addr, uint32_t bytes,
                         uint32_t l2m, uint64_t arrive)
{
    uint32_t b;
    uint64_t row;
    chan *c = chan_of(h, addr, &b, &row);
    assert(c->len < h->qcap && c->free != NONE);
    uint32_t i = c->free;
    c->free = c->q[i].next;
    c->q[i] = (dreq){ arrive, row, c->seq++, b, bytes, l2m, NONE, 0 };
    /* A bank's queue is in arrival order (then channel order): mostly an
     * append; a request that arrives before the last one goes before. */
    bank *bk = &c->banks[b];
    if (bk->tail == NONE) {
        bk->head = bk->tail = i;
    } else if (c->q[bk->tail].arrive <= arrive) {
        c->q[bk->tail].next = i;
        bk->tail = i;
    } else if (c->q[bk->head].arrive > arrive) {
        c->q[i].next = bk->head;
        bk->head = i;
    } else {
        uint32_t at = bk->head;
        while (c->q[c->q[at].next].arrive <= arrive)
            at = c->q[at].next;
        c->q[i].next = c->q[at].next;
        c->q[at].next = i;
    }
    bk->hits += bk->open == row + 1;
    c->len++;
    chan_schedule(h, c, arrive);
}

/* The L2 line of the L1 line at `addr` and its sectors there. */
static uint64_t l2_line(const hier *h, uint64_t addr, uint32_t sectors1,
                        uint32_t *sectors2)
{
    uint32_t off = (uint32_t)(addr % h->line2) / h->sector;
    *sectors2 = sectors1 << off;
    return addr / h->line2;
}

/* l2_handle's answers besides a channel to wait at. */
#define L2_DONE NONE
#define L2_MSHR (NONE - 1)

/* Whether channel c has room for n more requests (and no arrival waits
 * for it already: they go first). */
static bool chan_room(const hier *h, const chan *c, uint32_t n)
{
    return (c->park_head == NONE || c == h->unparking)
           && c->len + n <= h->qcap;
}

/* Handles one arrival at the L2 at `now`: L2_DONE; or, with nothing
 * changed, the channel whose queue has no room for what it needs there
 * (a read, a dirty victim's write), or L2_MSHR when no L2 MSHR is free. */
static uint32_t l2_handle(hier *h, const down *d, uint64_t now)
{
    uint32_t sec;
    uint64_t line = l2_line(h, d->addr, d->sectors, &sec);
    uint64_t set = line % h->sets2, tag = line + 1;
    slot *v = NULL;
    slot *s = lookup(h->slots2, h->ways2, h->ways2, set, tag, &v);
    bool load = d->kind == DOWN_LOAD;
    uint32_t need = !load ? 0 : s ? sec & ~s->valid & ~s->pend : sec;
    /* Room in the DRAM queues it needs: a read, a dirty victim's write. */
    uint32_t b;
    uint64_t row;
    if (need) {
        chan *c = chan_of(h, d->addr, &b, &row);
        if (!chan_room(h, c, 1))
            return (uint32_t)(c - h->chans);
        if (h->n_l2m_free == 0)
            return L2_MSHR;
    }
    if (v && v->tag && v->dirty) {
        chan *c = chan_of(h, (v->tag - 1) * h->line2, &b, &row);
        uint32_t n = 1 + (need && chan_of(h, d->addr, &b, &row) == c);
        if (!chan_room(h, c, n))
            return (uint32_t)(c - h->chans);
    }
    if (!load && !s && !v) {
        chan *c = chan_of(h, d->addr, &b, &row);
        if (!chan_room(h, c, 1))
            return (uint32_t)(c - h->chans);
    }
    /* The slice's port moves the sectors. */
    uint32_t slice = (uint32_t)((d->addr >> h->il_shift) % h->slices);
    uint64_t bytes = (uint64_t)popc(d->sectors) * h->sector;
    uint64_t start = now * h->l2bpc;
    if (h->port_free[slice] > start)
        start = h->port_free[slice];
    h->port_free[slice] = start + bytes * h->slices;
    h->stats.l2_port_slots += bytes * h->slices;
    uint64_t xfer = div_up(h->port_free[slice], h->l2bpc);
    if (d->kind != DOWN_WRITEBACK) {
        h->stats.l2_sectors += popc(sec);
        if (s)
            h->stats.l2_hits += popc(sec & s->valid);
    }
    if (v) {
        if (v->tag && v->dirty) {
            uint32_t db = popc(v->dirty) * h->sector;
            h->stats.dram_write_bytes += db;
            dram_enqueue(h, (v->tag - 1) * h->line2, db, NONE,
                         xfer + h->d_out);
        }
        *v = (slot){ tag, 0, 0, 0, 0, 0, NONE };
        s = v;
    }
    if (s)
        s->lru = ++h->lru_clock;
    if (!load) {
        if (s) {
            s->valid |= sec;
            s->dirty |= sec;
        } else {
            /* every way is being fetched: straight on to DRAM */
            uint32_t db = popc(sec) * h->sector;
            h->stats.dram_write_bytes += db;
            dram_enqueue(h, d->addr, db, NONE, xfer + h->d_out);
        }
        l1cu *l = &h->cus[d->cu];
        l->down--;
        if (d->kind == DOWN_STORE)
            req_line_timed(h, d->cu, d->ref, xfer + h->back2);
        if (d->kind == DOWN_ATOMIC) {
            /* the slice's atomic unit, one address's turns after another */
            uint64_t at = xfer > h->atom_free[slice] ? xfer
                                                      : h->atom_free[slice];
            h->atom_free[slice] = at + (uint64_t)d->ops * h->atom_cycles;
            req_line_timed(h, d->cu, d->ref, h->atom_free[slice] + h->back2);
        }
        wake_cu(h, d->cu);
        return L2_DONE;
    }
    /* a load */
    uint64_t ret = xfer + h->back2;
    if (s && s->arrive + h->back2 > ret && (sec & s->valid))
        ret = s->arrive + h->back2;
    uint32_t waiting = s ? (sec & s->pend) : 0;
    if (!need && !waiting) {
        l1_fill_timed(h, d->cu, d->ref, ret);
        return L2_DONE;
    }
    /* It waits for DRAM: on the line's L2 MSHR. */
    uint32_t mi = s ? s->mshr : NONE;
    if (mi == NONE) {
        assert(h->n_l2m_free > 0);
        mi = h->l2m_free[--h->n_l2m_free];
        h->l2m[mi] = (l2mshr){ 0, 0, NONE, s ? (uint32_t)(s - h->slots2)
                                              : NONE };
        if (s)
            s->mshr = mi;
    }
    l2mshr *m = &h->l2m[mi];
    if ((sec & ~need & ~waiting) && ret - h->back2 > m->fill_at)
        m->fill_at = ret - h->back2;   /* the part here already */
    assert(h->n_l2n_free > 0);
    uint32_t ni = h->l2n_free[--h->n_l2n_free];
    h->l2n[ni] = (l2node){ d->cu, d->ref, m->waiters };
    m->waiters = ni;
    if (need) {
        if (s)
            s->pend |= need;
        m->outstanding++;
        uint32_t db = popc(need) * h->sector;
        h->stats.dram_read_bytes += db;
        dram_enqueue(h, d->addr, db, mi, xfer + h->d_out);
    }
    return L2_DONE;
}

/* The L2's event: the arrivals up to this cycle, in (cycle, CU,
 * sequence) order. One that finds no room in a DRAM channel's queue waits
 * at that channel, behind the others waiting there, until it serves one
 * (unpark); one that finds no L2 MSHR stops the L2 until a channel serves
 * a read (l2_unblock). */
static void park(hier *h, uint32_t ch, const down *d)
{
    chan *c = &h->chans[ch];
    uint32_t i = h->park_free;
    assert(i != NONE);
    h->park_free = h->park_next[i];
    h->parked[i] = *d;
    h->park_next[i] = NONE;
    if (c->park_tail == NONE)
        c->park_head = i;
    else
        h->park_next[c->park_tail] = i;
    c->park_tail = i;
}

static void l2_tick(hier *h, uint64_t now)
{
    h->tick_at = NEVER;
    h->in_tick = true;
    while (h->n_heap > 0 && h->heap[0].t <= now) {
        down *d = heap_top(h);
        uint32_t r = l2_handle(h, d, now);
        if (r == L2_MSHR) {
            h->l2_blocked = true;
            break;
        }
        if (r != L2_DONE)
            park(h, r, d);             /* waits for that channel */
        heap_pop(h);
    }
    h->in_tick = false;
    if (h->n_heap > 0 && !h->l2_blocked) {
        assert(h->heap[0].t > now);
        h->tick_at = h->heap[0].t;
        evq_set(h->q, h->kind, h->n_cus * h->cap, h->tick_at);
    }
}

/* Channel c served a request at `now`: the arrivals waiting for it go on
 * while it has room, oldest first (one that then needs room at another
 * channel waits there). */
static void unpark(hier *h, chan *c, uint64_t now)
{
    h->unparking = c;
    while (c->park_head != NONE && c->len < h->qcap) {
        uint32_t i = c->park_head;
        uint32_t r = l2_handle(h, &h->parked[i], now);
        if (r == L2_MSHR) {
            h->l2_blocked = true;
            break;
        }
        if (r == (uint32_t)(c - h->chans))
            break;          /* (room for a read, not for its victim too) */
        c->park_head = h->park_next[i];
        if (c->park_head == NONE)
            c->park_tail = NONE;
        if (r != L2_DONE)
            park(h, r, &h->parked[i]);
        h->park_next[i] = h->park_free;
        h->park_free = i;
    }
    h->unparking = NULL;
}

/* A channel served a request at `now`: a blocked L2 tries again. */
static void l2_unblock(hier *h, uint64_t now)
{
    if (!h->l2_blocked)
        return;
    h->l2_blocked = false;
    h->tick_at = now + 1;
    evq_set(h->q, h->kind, h->n_cus * h->cap, h->tick_at);
}

/* ------------------------------------------------------------- DRAM */

/* Read `mi`'s data is at the L2 at `t`. */
static void l2_fill_timed(hier *h, uint32_t mi, uint64_t t)
{
    l2mshr *m = &h->l2m[mi];
    if (t > m->fill_at)
        m->fill_at = t;
    if (--m->outstanding > 0)
        return;
    if (m->slot != NONE) {
        slot *s = &h->slots2[m->slot];
        s->valid |= s->pend;
        s->pend = 0;
        if (m->fill_at > s->arrive)
            s->arrive = m->fill_at;
        s->mshr = NONE;
    }
    for (uint32_t n = m->waiters; n != NONE;) {
        l2node *nd = &h->l2n[n];
        uint32_t next = nd->next;
        l1_fill_timed(h, nd->cu, nd->mshr, m->fill_at + h->back2);
        h->l2n_free[h->n_l2n_free++] = n;
        n = next;
    }
    h->l2m_free[h->n_l2m_free++] = mi;
}

/* Takes entry i (after `prev`, or the head when prev is NONE) out of
 * bank b's queue of channel c. */
static void chan_remove(chan *c, bank *b, uint32_t i, uint32_t prev)
{
    uint32_t next = c->q[i].next;
    if (prev == NONE)
        b->head = next;
    else
        c->q[prev].next = next;
    if (b->tail == i)
        b->tail = prev;
    c->q[i].next = c->free;
    c->free = i;
    c->len--;
}

/* The request the scheduler looks at in bank b: its oldest arrived one
 * (oldest), and its oldest arrived one to the open row (hit, when the row
 * is open by `now`), each with the entry before it; `next` lowered to
 * when the first one not arrived yet arrives (the queue is in arrival
 * order: the rest come later). */
typedef struct pick {
    uint32_t i, prev;
    uint64_t seq;
} pick;

static void bank_look(const chan *c, const bank *b, uint64_t now,
                      pick *oldest, pick *hit, uint64_t *next)
{
    *oldest = *hit = (pick){ NONE, NONE, NEVER };
    bool want_hit = b->hits > 0 && b->open_at <= now;
    for (uint32_t i = b->head, prev = NONE; i != NONE;
         prev = i, i = c->q[i].next) {
        const dreq *q = &c->q[i];
        if (q->arrive > now) {
            if (q->arrive < *next)
                *next = q->arrive;
            return;
        }
        if (oldest->i == NONE)
            *oldest = (pick){ i, prev, q->seq };
        if (want_hit && b->open == q->row + 1) {
            *hit = (pick){ i, prev, q->seq };
            return;
        }
        if (!want_hit)
            return;
    }
}

/* A channel's event at `now`: its scheduler's commands, at most a read and
 * a row opening, among the requests of its queue (dram.window of them at
 * most) that have arrived; then its next event.
 *   - A read, when the data bus frees by the next cycle: of a request
 *     whose row is open, the oldest (fr_fcfs: any, "first ready"; fcfs:
 *     only the oldest request). It takes its share of the channel's
 *     bandwidth on the bus.
 *   - A row opening, for the oldest request of a bank that may open a row
 *     and whose open row no queued request still reads (fcfs, or fr_fcfs
 *     serving the oldest: the oldest request, whoever reads the open
 *     row): the row can be read dram.row_miss_cycles later, and other
 *     banks' reads go on meanwhile (bank-level parallelism).
 * So that a stream of row hits cannot starve an older request, fr_fcfs
 * serves only the oldest once `window` reads have gone ahead of it. */
static void chan_run(hier *h, chan *c, uint64_t now)
{
    c->next = NEVER;
    if (c->len == 0)
        return;
    bool strict = !h->frfcfs || c->bypassed >= h->window;
    uint64_t bus = div_up(c->bus_free, h->dbpc);
    bool bus_ok = bus <= now + 1;
    uint64_t next = NEVER;
    pick oldest = { NONE, NONE, NEVER }, read = oldest, act = oldest;
    uint32_t read_b = NONE, act_b = NONE, oldest_b = NONE;
    for (uint32_t b = 0; b < h->banks; b++) {
        bank *bk = &c->banks[b];
        if (bk->head == NONE)
            continue;
        pick o, hit;
        bank_look(c, bk, now, &o, &hit, &next);
        if (o.i == NONE)
            continue;
        if (o.seq < oldest.seq) {
            oldest = o;
            oldest_b = b;
        }
        if (hit.i != NONE) {
            if (!bus_ok) {
                uint64_t t = bus > 0 ? bus - 1 : 0;
                if (t < next)
                    next = t;
            } else if (hit.seq < read.seq) {
                read = hit;
                read_b = b;
            }
        } else if (bk->hits > 0 && bk->open_at > now) {
            if (bk->open_at < next)
                next = bk->open_at;
        } else if (bk->act_ok > now) {
            if (bk->act_ok < next)
                next = bk->act_ok;
        } else if (bk->hits == 0 && o.seq < act.seq) {
            act = o;
            act_b = b;
        }
    }
    if (oldest.i == NONE) {
        chan_schedule(h, c, next);
        return;
    }
    if (strict) {
        /* only the oldest: read it if its row is open, else open it */
        bank *bk = &c->banks[oldest_b];
        bool ready = bk->open == c->q[oldest.i].row + 1 && bk->open_at <= now;
        read_b = ready && bus_ok ? oldest_b : NONE;
        read = oldest;
        act_b = !ready && bk->open != c->q[oldest.i].row + 1
                && bk->act_ok <= now ? oldest_b : NONE;
        act = oldest;
        uint64_t t = ready ? (bus > 0 ? bus - 1 : 0)
                     : bk->open == c->q[oldest.i].row + 1 ? bk->open_at
                     : bk->act_ok;
        if (t < next)
            next = t;
    }
    if (read_b != NONE) {
        bank *bk = &c->banks[read_b];
        dreq r = c->q[read.i];
        c->bypassed = read.i == oldest.i ? 0 : c->bypassed + 1;
        chan_remove(c, bk, read.i, read.prev);
        bk->hits--;
        h->stats.dram_accesses++;
        h->stats.dram_row_hits += !r.opened;
        uint64_t slot0 = now * h->dbpc;
        if (c->bus_free > slot0)
            slot0 = c->bus_free;
        c->bus_free = slot0 + (uint64_t)r.bytes * h->channels;
        uint64_t done = div_up(c->bus_free, h->dbpc);
        if (done > bk->act_ok)
            bk->act_ok = done;
        if (r.l2mshr != NONE)
            l2_fill_timed(h, r.l2mshr, done + h->d_back);
        unpark(h, c, now);
        l2_unblock(h, now);
        uint64_t t = done > 0 ? done - 1 : 0;   /* the bus frees */
        if (t < next)
            next = t;
    }
    if (act_b != NONE && act_b != read_b) {
        bank *bk = &c->banks[act_b];
        dreq *q = &c->q[act.i];
        bk->open = q->row + 1;
        bk->open_at = bk->act_ok = now + h->rmiss;
        q->opened = 1;
        bk->hits = 0;
        for (uint32_t i = bk->head; i != NONE; i = c->q[i].next)
            bk->hits += c->q[i].row == q->row;
        if (bk->open_at < next)
            next = bk->open_at;
    } else if (act_b != NONE) {
        next = now + 1;   /* the bank just read opens its row next */
    }
    if (c->len == 0)
        return;
    if (next <= now)
        next = now + 1;
    chan_schedule(h, c, next);
}

/* ------------------------------------------------------------ events */

bool hier_event(hier *h, uint32_t index, uint64_t now, mem_req *done)
{
    h->now = now;
    uint32_t reqs = h->n_cus * h->cap;
    if (index < reqs) {
        uint32_t cu = index / h->cap, ri = index % h->cap;
        l1cu *l = &h->cus[cu];
        *done = l->reqs[ri].r;
        done->lines = NULL;
        l->req_free[l->n_req_free++] = ri;
        wake_cu(h, cu);
        return true;
    }
    if (index == reqs)
        l2_tick(h, now);
    else
        chan_run(h, &h->chans[index - reqs - 1], now);
    return false;
}

const mem_stats *hier_get_stats(const hier *h)
{
    return &h->stats;
}
