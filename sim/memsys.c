/*
 * memsys.c — coalescing and the bandwidth-limited memory latency queue.
 *
 * Channel time is kept in byte slots (1 cycle = `bandwidth` slots) so that a
 * transaction shorter than one cycle's worth of bandwidth is exact in
 * integers. Each CU keeps a ring of its in-flight instructions (completion
 * cycle, transaction count) in completion order, which is issue order
 * because the channel is FIFO and the latency fixed.
 */
#include "memsys.h"
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

struct memsys {
    uint64_t bandwidth, transaction, latency, cap;
    uint64_t channel_free;       /* in byte slots */
    cu_ring *rings;
    uint32_t n_cus;
    mem_stats stats;
};

memsys *mem_new(const cusim_hw *hw)
{
    memsys *m = xcalloc(1, sizeof *m);
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

uint64_t mem_state_bytes(const cusim_hw *hw)
{
    return sizeof(memsys) + (uint64_t)hw->compute_units
        * (sizeof(cu_ring) + sizeof(inflight) * (uint64_t)hw->memory.max_inflight);
}

void mem_free(memsys *m)
{
    if (!m)
        return;
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

uint64_t mem_accept_at(memsys *m, uint32_t cu, uint32_t n, uint64_t at)
{
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

/* The sum over i = 0 .. n-1 of floor((a i + b) / d), d > 0 (the floor
 * sum of an arithmetic progression, in O(log) steps: Euclid's algorithm
 * on (a, d)). */
static uint64_t floor_sum(uint64_t n, uint64_t d, uint64_t a, uint64_t b)
{
    uint64_t sum = 0;
    for (;;) {
        if (a >= d) {
            sum += n * (n - 1) / 2 * (a / d);
            a %= d;
        }
        if (b >= d) {
            sum += n * (b / d);
            b %= d;
        }
        uint64_t y = a * n + b;
        if (y < d)
            return sum;
        n = y / d;
        b = y % d;
        uint64_t t = d;
        d = a;
        a = t;
    }
}

uint64_t mem_issue(memsys *m, uint32_t cu, uint32_t n, uint64_t now)
{
    cu_ring *r = &m->rings[cu];
    uint32_t cap = (uint32_t)m->cap;
    ring_retire(r, cap, now);
    assert(mem_accept_at(m, cu, n, now) == now);
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
    }
    return done;
}

const mem_stats *mem_get_stats(const memsys *m)
{
    return &m->stats;
}

uint32_t mem_inflight(memsys *m, uint32_t cu, uint64_t now)
{
    ring_retire(&m->rings[cu], (uint32_t)m->cap, now);
    return m->rings[cu].count;
}
