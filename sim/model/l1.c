/*
 * l1.c — the L1 of every CU and its scalar cache (l1.h; the path of an
 * access is hier.h's).
 *
 * Every pool is allocated by l1_new and sized from the profile (see
 * l1_state_bytes, which mirrors it); nothing allocates per access. Per
 * CU, memory.max_inflight (`cap`) each: request records (accesses waiting
 * for a line's time), waiter nodes (a request waiting on an MSHR) and
 * lines on their way down; cache.l1.mshrs MSHRs, each with at most
 * cache.l1.mshr_merge requests; room for the lines of one held access.
 *
 * A load whose line's MSHR already holds cache.l1.mshr_merge requests
 * fails its reservation: the access stops at that line, and the rest of
 * its lines, with the CU's tag stage, wait for that MSHR's fill; then
 * they are looked up (the line a hit now), and the CU's next access
 * after them. GPGPU-Sim's L1 keeps such an access at the head of its
 * queue and retries it each cycle; the first retry that can succeed is
 * the one at the fill.
 */
#include "l1.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "addr.h"
#include "cacheset.h"
#include "intmath.h"
#include "program.h"
#include "timering.h"
#include "xalloc.h"

/* An L1 MSHR: a line being fetched. OPEN while some of its L2 requests
 * have no time yet; then TIMED (held until fill_at) and FREE. */
enum { MSHR_FREE, MSHR_OPEN, MSHR_TIMED };

typedef struct mshr {
    uint64_t fill_at;         /* the latest time known so far */
    uint32_t outstanding;     /* L2 requests without a time */
    uint32_t waiters;         /* node list head */
    uint32_t slot;            /* its L1 slot, or NONE (not allocated) */
    uint32_t kslot;           /* its scalar cache slot, or NONE */
    uint32_t merged;          /* requests waiting on it */
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
    mshr *mshrs;
    uint32_t *mshr_free;      /* stack */
    uint32_t n_mshr_free;
    /* The TIMED MSHRs by fill_at (timering.h), a ring of the CU's MSHR
     * count. */
    timering timed;
    node *nodes;
    uint32_t *node_free;
    uint32_t n_node_free;
    hreq *reqs;
    uint32_t *req_free;
    uint32_t n_req_free;
    uint32_t down;            /* lines on their way down */
    uint64_t tag_free;        /* first cycle the tag stage is free */
    bool blocked;             /* refused with NEVER: wake when room opens */
    /* The access held at a full MSHR (see the top): its lines not looked
     * up yet, its request record, and the MSHR whose fill it waits for
     * (NONE: none held). */
    addr_line *rest;          /* memory.max_inflight lines */
    uint32_t n_rest, held_req, held_on;
} l1cu;

struct l1 {
    evq *q;
    uint32_t kind;
    xbar *x;
    memlog *log;
    mem_stats *st;
    uint32_t n_cus, cap;
    uint32_t line1, sector, spl1, sets1, ways1, lpc, lat1, n_mshr, merge;
    bool write_back1;
    /* the scalar cache, per CU, of L1 lines (none: kways 0) */
    uint32_t ksets, kways, latk;
    cacheset c1;              /* the L1s: CU c's set s is c x sets1 + s */
    cacheset ck;              /* the scalar caches, likewise */
    l1cu *cus;
    uint64_t now;             /* the cycle of the issue being handled */
    uint32_t *wake;           /* CUs whose room opened, a ring */
    uint32_t wake_head, n_wake;
};

typedef struct geom {
    uint32_t sets1, ways1, ksets, kways;
} geom;

static uint32_t l1_size(const cusim_hw *hw)
{
    return hw->cache.l1.unified ? hw->cache.l1.unified : hw->cache.l1.bytes;
}

static geom geom_of(const cusim_hw *hw)
{
    geom g;
    cacheset_geometry(l1_size(hw), hw->cache.l1.ways, hw->cache.l1.line,
                      &g.sets1, &g.ways1);
    cacheset_geometry(hw->cache.scalar.bytes, hw->cache.scalar.ways,
                      hw->cache.l1.line, &g.ksets, &g.kways);
    return g;
}

uint32_t l1_event_count(const cusim_hw *hw)
{
    return hw->compute_units * (hw->memory.max_inflight + 1);
}

uint64_t l1_state_bytes(const cusim_hw *hw)
{
    geom g = geom_of(hw);
    uint64_t n = hw->compute_units, cap = hw->memory.max_inflight;
    uint64_t m = hw->cache.l1.mshrs;
    uint64_t b = sizeof(l1);
    b += n * sizeof(l1cu);
    b += cacheset_bytes(n * g.sets1, g.ways1);
    b += cacheset_bytes(n * g.ksets, g.kways);
    b += n * m * (sizeof(mshr) + sizeof(uint32_t) + sizeof(timed));
    b += n * cap * (sizeof(node) + sizeof(uint32_t) + sizeof(hreq)
                    + sizeof(uint32_t) + sizeof(addr_line));
    b += n * sizeof(uint32_t);
    return b;
}

l1 *l1_new(const cusim_hw *hw, evq *q, uint32_t ev_kind, xbar *x,
           memlog *log, mem_stats *st)
{
    geom g = geom_of(hw);
    l1 *h = xcalloc(1, sizeof *h);
    h->q = q;
    h->kind = ev_kind;
    h->x = x;
    h->log = log;
    h->st = st;
    h->n_cus = hw->compute_units;
    h->cap = hw->memory.max_inflight;
    h->line1 = hw->cache.l1.line;
    h->sector = hw->cache.l1.sector;
    h->spl1 = h->line1 / h->sector;
    h->sets1 = g.sets1;
    h->ways1 = g.ways1;
    h->lpc = hw->cache.l1.lines_per_cycle ? hw->cache.l1.lines_per_cycle : 1;
    h->lat1 = hw->cache.l1.latency;
    h->n_mshr = hw->cache.l1.mshrs;
    h->merge = hw->cache.l1.mshr_merge;
    h->write_back1 = hw->cache.l1.stores == CUSIM_STORES_WRITE_BACK;
    h->ksets = g.ksets;
    h->kways = g.kways;
    h->latk = hw->cache.scalar.latency;
    h->cus = xcalloc(h->n_cus, sizeof *h->cus);
    cacheset_init(&h->c1, h->n_cus * g.sets1, g.ways1);
    cacheset_init(&h->ck, h->n_cus * g.ksets, g.kways);
    /* One allocation per kind for all CUs. */
    size_t m = h->n_mshr, cap = h->cap, n = h->n_cus;
    mshr *mp = xcalloc(n * m, sizeof *mp);
    uint32_t *mf = xcalloc(n * m, sizeof *mf);
    timed *tp = xcalloc(n * m, sizeof *tp);
    node *np = xcalloc(n * cap, sizeof *np);
    uint32_t *nf = xcalloc(n * cap, sizeof *nf);
    hreq *rp = xcalloc(n * cap, sizeof *rp);
    uint32_t *rf = xcalloc(n * cap, sizeof *rf);
    addr_line *lp = xcalloc(n * cap, sizeof *lp);
    for (uint32_t c = 0; c < n; c++) {
        l1cu *l = &h->cus[c];
        l->rest = lp + c * cap;
        l->held_on = NONE;
        l->mshrs = mp + c * m;
        l->mshr_free = mf + c * m;
        timering_init(&l->timed, tp + c * m, (uint32_t)m);
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
    h->wake = xcalloc(n, sizeof *h->wake);
    return h;
}

void l1_free(l1 *h)
{
    if (!h)
        return;
    if (h->n_cus) {
        l1cu *l = &h->cus[0];
        free(l->mshrs);
        free(l->mshr_free);
        free(l->timed.e);
        free(l->nodes);
        free(l->node_free);
        free(l->reqs);
        free(l->req_free);
        free(l->rest);
    }
    cacheset_release(&h->c1);
    cacheset_release(&h->ck);
    free(h->cus);
    free(h->wake);
    free(h);
}

void l1_set_bytes(l1 *h, uint32_t bytes)
{
    uint64_t per_way = (uint64_t)h->sets1 * h->line1;
    uint32_t ways = per_way ? (uint32_t)(bytes / per_way) : 0;
    cacheset_shrink(&h->c1, ways);
}

/* ------------------------------------------------------------- wake-ups */

static void wake_cu(l1 *h, uint32_t cu)
{
    l1cu *l = &h->cus[cu];
    if (!l->blocked || l->held_on != NONE)   /* held: woken by resume */
        return;
    l->blocked = false;
    h->wake[(h->wake_head + h->n_wake++) % h->n_cus] = cu;
}

bool l1_next_wake(l1 *h, uint32_t *cu)
{
    if (h->n_wake == 0)
        return false;
    *cu = h->wake[h->wake_head];
    h->wake_head = (h->wake_head + 1) % h->n_cus;
    h->n_wake--;
    return true;
}

/* ---------------------------------------------------- requests' times */

/* A part of request `ri` of CU `cu` (a line, or a held access's rest) is
 * timed at `t`; the request completes (by event) when its last one is. */
static void req_part_done(l1 *h, uint32_t cu, uint32_t ri, uint64_t t)
{
    hreq *r = &h->cus[cu].reqs[ri];
    if (t > r->done)
        r->done = t;
    if (--r->pending == 0) {
        evq_set(h->q, h->kind, cu * h->cap + ri, r->done);
        if (h->log->on)
            memlog_push(h->log, cu, r->r.tx, r->done);
    }
}

/* A line of request `ri` of CU `cu` is timed at `t`; the request completes
 * (by event) when its last one is. */
static void req_line_timed(l1 *h, uint32_t cu, uint32_t ri, uint64_t t)
{
    hreq *r = &h->cus[cu].reqs[ri];
    h->st->latency_sum += t - r->issue;
    req_part_done(h, cu, ri, t);
}

/* MSHRs whose fill has landed by `now` are free again. */
static void mshr_reclaim(l1cu *l, uint64_t now)
{
    while (timering_due(&l->timed, now)) {
        uint32_t m = timering_pop(&l->timed);
        l->mshrs[m].state = MSHR_FREE;
        l->mshr_free[l->n_mshr_free++] = m;
    }
}

/* One of the L2 requests of L1 MSHR `mi` of CU `cu` is timed: its data
 * reaches the CU at `t`. When it was the last, the line is filled at the
 * latest such time and its waiters learn their time. */
static void l1_fill_timed(l1 *h, uint32_t cu, uint32_t mi, uint64_t t)
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
        slot *s = &h->c1.slots[m->slot];
        s->valid |= s->pend;
        s->pend = 0;
        if (m->fill_at > s->arrive)
            s->arrive = m->fill_at;
        s->mshr = NONE;
    }
    if (m->kslot != NONE) {
        slot *s = &h->ck.slots[m->kslot];
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
    timering_put(&l->timed, mi, m->fill_at);
    if (l->held_on == mi)     /* the held access goes on at the fill */
        evq_set(h->q, h->kind, h->n_cus * h->cap + cu, m->fill_at);
    wake_cu(h, cu);
}

/* Sends `sectors` of the L1 line at `addr` down from CU `cu`, looked up
 * at `t`. */
static void send_down(l1 *h, uint32_t cu, uint8_t kind, uint32_t ref,
                      uint64_t addr, uint32_t sectors, uint64_t t,
                      uint32_t ops, uint32_t lanes)
{
    h->cus[cu].down++;
    down d = { t, 0, addr, cu, ref, sectors, kind, (uint16_t)ops,
               (uint16_t)lanes };
    xbar_send(h->x, &d, h->now);
}

/* -------------------------------------------------------------- the L1 */

uint64_t l1_accept_at(l1 *h, uint32_t cu, uint32_t n, uint64_t at)
{
    l1cu *l = &h->cus[cu];
    uint64_t t = l->tag_free > at ? l->tag_free : at;
    uint32_t lines = h->write_back1 ? 2 * n : n;
    if (l->held_on != NONE || l->n_req_free == 0 || l->n_node_free < n
        || l->down + lines > h->cap) {
        l->blocked = true;
        return NEVER;
    }
    if (l->n_mshr_free >= n)
        return t;
    /* Room opens as timed MSHRs' fills land: the k-th earliest. */
    uint32_t k = n - l->n_mshr_free;
    if (k > l->timed.n) {
        l->blocked = true;
        return NEVER;
    }
    uint64_t kth = timering_kth(&l->timed, k);
    return kth > t ? kth : t;
}

/* Adds request `ri` as a waiter of MSHR `mi`. */
static void wait_on(l1cu *l, uint32_t mi, uint32_t ri)
{
    assert(l->n_node_free > 0);
    uint32_t n = l->node_free[--l->n_node_free];
    l->nodes[n] = (node){ ri, l->mshrs[mi].waiters };
    l->mshrs[mi].waiters = n;
    l->mshrs[mi].merged++;
    l->reqs[ri].pending++;
}

static uint32_t mshr_open(l1cu *l, uint32_t slot_index)
{
    assert(l->n_mshr_free > 0);
    uint32_t mi = l->mshr_free[--l->n_mshr_free];
    l->mshrs[mi] = (mshr){ .waiters = NONE, .slot = slot_index,
                           .kslot = NONE, .state = MSHR_OPEN };
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
 * the CU sent before is later than (l1_accept_at waited for the L1's
 * tag stage), so the CU's FIFO to the L2 stays in time order. */
static uint64_t scalar_issue(l1 *h, const mem_req *r, uint64_t now)
{
    const uint32_t cu = r->cu;
    l1cu *l = &h->cus[cu];
    const uint32_t whole = h->spl1 >= 32 ? UINT32_MAX
                                         : (1u << h->spl1) - 1;
    uint64_t known = now + h->latk;
    uint32_t ri = NONE;
    h->st->scalar_requests++;
    for (uint32_t i = 0; i < r->tx; i++) {
        const addr_line *ln = &r->lines[i];
        uint32_t k = popc32(ln->sectors);
        h->st->bytes += (uint64_t)k * h->sector;
        uint64_t set = (uint64_t)cu * h->ksets + ln->line % h->ksets;
        uint64_t tag = ln->line + 1;
        uint32_t vi = NONE, si = cacheset_find(&h->ck, set, tag, &vi);
        if (si != NONE) {
            slot *s = &h->ck.slots[si];
            cacheset_touch(&h->ck, set, si);
            h->st->scalar_hits++;
            if (s->mshr == NONE) {
                uint64_t t = now + h->latk;
                if (s->arrive > t)
                    t = s->arrive;
                h->st->latency_sum += t - now;
                if (t > known)
                    known = t;
                continue;
            }
            req_of(l, &ri, r, now, known);
            wait_on(l, s->mshr, ri);
            continue;
        }
        uint32_t mi = mshr_open(l, NONE);
        if (vi != NONE) {
            cacheset_put(&h->ck, set, vi, tag);
            h->ck.slots[vi] = (slot){ 0, 0, 0, 0, mi };
            l->mshrs[mi].kslot = vi;
        }
        req_of(l, &ri, r, now, known);
        wait_on(l, mi, ri);
        l->mshrs[mi].outstanding = 1;
        send_down(h, cu, DOWN_LOAD, mi, ln->line * h->line1, whole, now, 0,
                  0);
    }
    if (ri == NONE) {
        if (h->log->on)
            memlog_push(h->log, cu, r->tx, known);
        return known;
    }
    if (known > l->reqs[ri].done)
        l->reqs[ri].done = known;
    return MEM_LATER;
}

/* An access's lines being looked up: its issue cycle, the latest line
 * time known so far, its request record (NONE: none yet), and the full
 * MSHR it stopped at. */
typedef struct walk {
    uint64_t issue, known;
    uint32_t ri, full;
} walk;

/* Looks up lines[0 .. n) of access r of CU `cu`, line i at start + i /
 * lines_per_cycle. Returns n, or the index of a load's line whose MSHR is
 * full: the lines from it on are not looked up. */
static uint32_t look_up(l1 *h, const mem_req *r, const addr_line *lines,
                        uint32_t n, uint64_t start, walk *w)
{
    const uint32_t cu = r->cu;
    l1cu *l = &h->cus[cu];
    const bool store = r->dst == PROG_NO_REG;
    const uint64_t now = w->issue;
    for (uint32_t i = 0; i < n; i++) {
        const addr_line *ln = &lines[i];
        uint64_t tl = start + i / h->lpc;
        uint32_t mask = ln->sectors;
        uint32_t k = popc32(mask);
        uint64_t set = (uint64_t)cu * h->sets1 + ln->line % h->sets1;
        uint64_t tag = ln->line + 1;
        uint32_t vi = NONE, si = cacheset_find(&h->c1, set, tag, &vi);
        slot *s = NULL;
        if (si != NONE)
            s = &h->c1.slots[si];
        if (s && !r->atomic && !store && (mask & ~s->valid)
            && s->mshr != NONE && l->mshrs[s->mshr].merged >= h->merge) {
            h->st->l1_reservation_fails++;
            w->full = s->mshr;
            return i;
        }
        if (s)
            cacheset_touch(&h->c1, set, si);
        if (r->atomic) {
            /* performed at the L2: the L1's copy of its sectors goes */
            if (s)
                s->valid &= ~mask;
            req_of(l, &w->ri, r, now, w->known);
            l->reqs[w->ri].pending++;
            uint32_t ops = ln->ops ? ln->ops : 1;
            send_down(h, cu, DOWN_ATOMIC, w->ri, ln->line * h->line1, mask,
                      tl, ops, ln->lanes > ops ? ln->lanes : ops);
            continue;
        }
        if (store) {
            if (h->write_back1) {
                if (!s && vi != NONE) {
                    s = &h->c1.slots[vi];
                    uint64_t old = h->c1.tags[vi];
                    if (old && s->dirty)
                        send_down(h, cu, DOWN_WRITEBACK, NONE,
                                  (old - 1) * h->line1, s->dirty, tl, 0, 0);
                    cacheset_put(&h->c1, set, vi, tag);
                    *s = (slot){ 0, 0, 0, 0, NONE };
                }
                if (s) {
                    h->st->l1_hits += popc32(mask & s->valid);
                    s->valid |= mask;
                    s->dirty |= mask;
                    uint64_t t = tl + h->lat1;
                    h->st->latency_sum += t - now;
                    if (t > w->known)
                        w->known = t;
                    continue;
                }
            } else if (s) {
                h->st->l1_hits += popc32(mask & s->valid);
                s->valid |= mask;    /* the line it hits is updated */
            }
            req_of(l, &w->ri, r, now, w->known);
            l->reqs[w->ri].pending++;
            send_down(h, cu, DOWN_STORE, w->ri, ln->line * h->line1, mask,
                      tl, 0, 0);
            continue;
        }
        /* a load */
        uint64_t hit_t = tl + h->lat1;
        if (s) {
            const uint32_t have = mask & s->valid;
            if (s->arrive > hit_t && have)
                hit_t = s->arrive;
            if (have == mask) {
                h->st->l1_hits += k;
                h->st->latency_sum += hit_t - now;
                if (hit_t > w->known) {
                    w->known = hit_t;
                    if (w->ri != NONE && w->known > l->reqs[w->ri].done)
                        l->reqs[w->ri].done = w->known;
                }
                continue;
            }
            /* sectors on their way count as hits, as Nsight counts them
             * (l1tex__t_sector_hit_rate), and as pending hits */
            const uint32_t onway = popc32(mask & s->pend);
            h->st->l1_hits += popc32(have) + onway;
            h->st->l1_pending_hits += onway;
            const uint32_t need = mask & ~s->valid & ~s->pend;
            uint32_t mi = s->mshr;
            if (mi == NONE) {
                mi = mshr_open(l, si);
                s->mshr = mi;
            }
            if (hit_t > w->known)
                w->known = hit_t;
            req_of(l, &w->ri, r, now, w->known);
            if (w->known > l->reqs[w->ri].done)
                l->reqs[w->ri].done = w->known;
            wait_on(l, mi, w->ri);
            if (need) {
                s->pend |= need;
                l->mshrs[mi].outstanding++;
                send_down(h, cu, DOWN_LOAD, mi, ln->line * h->line1, need,
                          tl, 0, 0);
            }
            continue;
        }
        /* not in the L1: fetch it into a victim slot, if any */
        uint32_t mi;
        if (vi != NONE) {
            slot *v = &h->c1.slots[vi];
            uint64_t old = h->c1.tags[vi];
            if (old && v->dirty)
                send_down(h, cu, DOWN_WRITEBACK, NONE,
                          (old - 1) * h->line1, v->dirty, tl, 0, 0);
            mi = mshr_open(l, vi);
            cacheset_put(&h->c1, set, vi, tag);
            *v = (slot){ 0, 0, mask, 0, mi };
        } else {
            mi = mshr_open(l, NONE);
        }
        req_of(l, &w->ri, r, now, w->known);
        wait_on(l, mi, w->ri);
        l->mshrs[mi].outstanding = 1;
        send_down(h, cu, DOWN_LOAD, mi, ln->line * h->line1, mask, tl, 0, 0);
    }
    return n;
}

/* The tag stage of CU `cu` looks up `n` lines from `now`. */
static void tag_stage(l1 *h, l1cu *l, uint32_t n, uint64_t now)
{
    uint32_t busy = (n + h->lpc - 1) / h->lpc;
    l->tag_free = now + busy;
    h->st->l1_tag_cycles += busy;
}

/* Access r stopped at lines[i], of n (look_up): the rest waits, with the
 * tag stage, for that line's MSHR's fill (l1_fill_timed sets the event);
 * its request record counts the rest as one line without a time. */
static void hold(l1 *h, const mem_req *r, const addr_line *lines,
                 uint32_t i, uint32_t n, walk *w)
{
    l1cu *l = &h->cus[r->cu];
    req_of(l, &w->ri, r, w->issue, w->known);
    if (w->known > l->reqs[w->ri].done)
        l->reqs[w->ri].done = w->known;
    l->reqs[w->ri].pending++;
    /* lines may be l->rest itself (a held access held again) */
    memmove(l->rest, lines + i, (n - i) * sizeof *lines);
    l->n_rest = n - i;
    l->held_req = w->ri;
    l->held_on = w->full;
    l->tag_free = NEVER;
}

uint64_t l1_issue(l1 *h, const mem_req *r, uint64_t now)
{
    const uint32_t cu = r->cu, n = r->tx;
    l1cu *l = &h->cus[cu];
    h->now = now;
    mshr_reclaim(l, now);
    assert(l1_accept_at(h, cu, n, now) == now);
    h->st->transactions += n;
    if (r->scalar && h->kways)
        return scalar_issue(h, r, now);
    tag_stage(h, l, n, now);
    h->st->l1_requests++;
    uint32_t sectors = 0;
    for (uint32_t i = 0; i < n; i++)
        sectors += popc32(r->lines[i].sectors);
    h->st->l1_sectors += sectors;
    h->st->bytes += (uint64_t)sectors * h->sector;
    walk w = { now, now, NONE, NONE };
    uint32_t i = look_up(h, r, r->lines, n, now, &w);
    if (i < n) {
        hold(h, r, r->lines, i, n, &w);
        return MEM_LATER;
    }
    if (w.ri == NONE) {
        if (h->log->on)
            memlog_push(h->log, cu, n, w.known);
        return w.known;
    }
    if (w.known > l->reqs[w.ri].done)
        l->reqs[w.ri].done = w.known;
    return MEM_LATER;
}

/* The held access of CU `cu` goes on at `now`, its MSHR's fill. */
static void resume(l1 *h, uint32_t cu, uint64_t now)
{
    l1cu *l = &h->cus[cu];
    hreq *q = &l->reqs[l->held_req];
    const uint32_t n = l->n_rest;
    h->now = now;
    mshr_reclaim(l, now);
    l->held_on = NONE;
    tag_stage(h, l, n, now);
    walk w = { q->issue, q->done, l->held_req, NONE };
    uint32_t i = look_up(h, &q->r, l->rest, n, now, &w);
    if (i < n) {
        q->pending--;         /* hold counts it again */
        hold(h, &q->r, l->rest, i, n, &w);
    } else {
        /* the rest is looked up: the record's part for it is timed */
        req_part_done(h, cu, l->held_req, w.known);
    }
    wake_cu(h, cu);
}

/* ------------------------------------------------------ from the L2 */

void l1_fill(l1 *h, uint32_t cu, uint32_t mi, uint64_t t)
{
    l1_fill_timed(h, cu, mi, t);
}

void l1_written(l1 *h, uint32_t cu, uint8_t kind, uint32_t ref, uint64_t t)
{
    h->cus[cu].down--;
    if (kind != DOWN_WRITEBACK)
        req_line_timed(h, cu, ref, t);
    wake_cu(h, cu);
}

bool l1_event(l1 *h, uint32_t index, uint64_t now, mem_req *done)
{
    if (index >= h->n_cus * h->cap) {
        resume(h, index - h->n_cus * h->cap, now);
        return false;
    }
    uint32_t cu = index / h->cap, ri = index % h->cap;
    l1cu *l = &h->cus[cu];
    *done = l->reqs[ri].r;
    done->lines = NULL;
    l->req_free[l->n_req_free++] = ri;
    wake_cu(h, cu);
    return true;
}
