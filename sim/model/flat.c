/*
 * flat.c — the flat memory model (memlevel.h): one bandwidth-limited
 * channel for the whole GPU in front of a fixed latency, and each CU's
 * in-flight cap (memsys.h says what it computes).
 *
 * Channel time is kept in byte slots (1 cycle = `bandwidth` slots) so that a
 * transaction shorter than one cycle's worth of bandwidth is exact in
 * integers. Each CU keeps a ring of its in-flight accesses (completion
 * cycle, transaction count) in completion order, which is issue order
 * because the channel is FIFO and the latency fixed. Every completion is
 * known at issue, so this model schedules no event.
 */
#include "intmath.h"
#include "memlevel.h"
#include "xalloc.h"

#include <assert.h>
#include <stdlib.h>

typedef struct inflight {
    uint64_t done;               /* completion cycle of its last transaction */
    uint32_t n;                  /* transactions */
} inflight;

typedef struct cu_ring {
    inflight *items;             /* capacity: max_inflight */
    uint32_t head, len;
    uint32_t count;              /* transactions in the ring */
    /* mem_accept_at's last answer while the ring has not changed: room for
     * memo_n transactions opens at memo_at (0: at once). A CU's partitions
     * ask the same question between two of its issues. */
    uint32_t memo_n;             /* 0: no answer kept */
    uint64_t memo_at;
} cu_ring;

/* An access in flight, for a recorder (mem_watch). */
typedef struct flight {
    uint64_t done;
    uint32_t cu, tx;
} flight;

typedef struct flat {
    uint64_t bandwidth, transaction, latency, cap;
    uint64_t channel_free;       /* in byte slots */
    cu_ring *rings;
    uint32_t n_cus;
    mem_stats stats;
    /* mem_watch's: the accesses in flight, GPU-wide, in completion order
     * (issue order: one FIFO channel, one latency), a ring */
    flight *log;
    uint32_t log_head, n_log, log_cap;
    bool watched;
} flat;

void *flat_new(const cusim_hw *hw)
{
    flat *m = xcalloc(1, sizeof *m);
    m->bandwidth = hw->memory.bandwidth;
    m->transaction = hw->memory.transaction;
    m->latency = hw->latency[CUSIM_LAT_GLOBAL];
    m->cap = hw->memory.max_inflight;
    m->n_cus = hw->compute_units;
    m->rings = xcalloc(m->n_cus, sizeof *m->rings);
    for (uint32_t c = 0; c < m->n_cus; c++)
        m->rings[c].items = xmalloc(sizeof(inflight) * m->cap);
    return m;
}

uint64_t flat_state_bytes(const cusim_hw *hw)
{
    return sizeof(flat) + (uint64_t)hw->compute_units
        * (sizeof(cu_ring) + sizeof(inflight) * (uint64_t)hw->memory.max_inflight);
}

static void flat_free(void *self)
{
    flat *m = self;
    if (!m)
        return;
    free(m->log);
    if (m->rings)
        for (uint32_t c = 0; c < m->n_cus; c++)
            free(m->rings[c].items);
    free(m->rings);
    free(m);
}

/* Drops the ring's instructions that completed by `now`. */
static void ring_retire(cu_ring *r, uint32_t cap, uint64_t now)
{
    while (r->len > 0 && r->items[r->head].done <= now) {
        r->count -= r->items[r->head].n;
        r->head = (r->head + 1) % cap;
        r->len--;
        r->memo_n = 0;
    }
}

static uint64_t flat_accept_at(void *self, uint32_t cu, uint32_t n,
                               uint64_t at)
{
    flat *m = self;
    /* Reads the ring without retiring anything: a scheduler asks about a
     * cycle ahead while other CUs' schedulers may still issue in this one.
     * Entries complete in ring order, so walking from the oldest finds the
     * first cycle at which room for n transactions (and one entry) opens:
     * the completion of the last entry that must leave, whatever `at`. */
    cu_ring *r = &m->rings[cu];
    if (r->memo_n != n || n == 0) {
        uint32_t cap = (uint32_t)m->cap;
        uint32_t count = r->count, len = r->len;
        uint64_t when = 0;
        for (uint32_t i = 0;; i++) {
            if (len == 0 || (count + n <= m->cap && len < cap))
                break;
            const inflight *it = &r->items[(r->head + i) % cap];
            count -= it->n;
            len--;
            when = it->done;   /* entries complete in ring order */
        }
        r->memo_n = n;
        r->memo_at = when;
    }
    return r->memo_at > at ? r->memo_at : at;
}

/* Keeps the access (cu, n transactions, completing at `done`) for
 * mem_next_done. */
static void log_push(flat *m, uint32_t cu, uint32_t n, uint64_t done)
{
    assert(m->n_log < m->log_cap);
    assert(m->n_log == 0
           || m->log[(m->log_head + m->n_log - 1) % m->log_cap].done <= done);
    m->log[(m->log_head + m->n_log++) % m->log_cap] = (flight){ done, cu, n };
}

static uint64_t flat_issue(void *self, const mem_req *req, uint64_t now)
{
    flat *m = self;
    uint32_t cu = req->cu, n = req->tx;
    cu_ring *r = &m->rings[cu];
    uint32_t cap = (uint32_t)m->cap;
    ring_retire(r, cap, now);
    assert(flat_accept_at(m, cu, n, now) == now);
    uint64_t slot = now * m->bandwidth;
    if (m->channel_free < slot)
        m->channel_free = slot;
    /* Transaction i (0-based) leaves the channel at the end of the cycle
     * its last byte uses, ceil((c0 + (i + 1) T) / B), and arrives latency
     * cycles later: the n of them sum in closed form. */
    uint64_t done = now;
    if (n > 0) {
        const uint64_t c0 = m->channel_free, T = m->transaction;
        const uint64_t B = m->bandwidth;
        m->channel_free = c0 + n * T;
        done = (m->channel_free + B - 1) / B + m->latency;
        m->stats.latency_sum += floor_sum(n, B, T, c0 + T + B - 1)
                                + n * m->latency - n * now;
    }
    m->stats.transactions += n;
    m->stats.bytes += (uint64_t)n * m->transaction;
    if (n > 0) {
        r->items[(r->head + r->len) % cap] = (inflight){ done, n };
        r->len++;
        r->count += n;
        r->memo_n = 0;
        if (m->watched)
            log_push(m, cu, n, done);
    }
    return done;
}

static const mem_stats *flat_stats(const void *self)
{
    const flat *m = self;
    return &m->stats;
}

static void flat_watch(void *self, bool on)
{
    flat *m = self;
    m->watched = on;
    m->log_head = m->n_log = 0;
    if (!on || m->log)
        return;
    /* Each CU has at most `cap` transactions, so at most `cap` accesses,
     * in flight; the reader takes what completed at each of its hooks,
     * and a hook follows every issue, so one more may wait in the log. */
    m->log_cap = (uint32_t)(m->n_cus * m->cap + 1);
    m->log = xmalloc(sizeof *m->log * m->log_cap);
}

static bool flat_next_done(void *self, uint64_t now, uint32_t *cu,
                           uint32_t *tx, uint64_t *done)
{
    flat *m = self;
    if (m->n_log == 0 || m->log[m->log_head].done > now)
        return false;
    const flight *f = &m->log[m->log_head];
    *cu = f->cu;
    *tx = f->tx;
    *done = f->done;
    m->log_head = (m->log_head + 1) % m->log_cap;
    m->n_log--;
    return true;
}

/* The flat model schedules no event, and its room opens only at times
 * known at issue (accept_at never answers NEVER). */
static bool flat_event(void *self, uint32_t index, uint64_t now,
                       mem_req *done)
{
    (void)self, (void)index, (void)now, (void)done;
    assert(!"the flat model schedules no completion event");
    return false;
}

static bool flat_next_wake(void *self, uint32_t *cu)
{
    (void)self, (void)cu;
    return false;
}

static void flat_set_l1_bytes(void *self, uint32_t bytes)
{
    (void)self, (void)bytes;   /* no L1 */
}

const mem_ops flat_ops = {
    .accept_at = flat_accept_at,
    .issue = flat_issue,
    .event = flat_event,
    .next_wake = flat_next_wake,
    .set_l1_bytes = flat_set_l1_bytes,
    .stats = flat_stats,
    .watch = flat_watch,
    .next_done = flat_next_done,
    .free = flat_free,
};
