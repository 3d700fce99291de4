/*
 * hier.c — the memory hierarchy (hier.h) as one memory model (memlevel.h):
 * it builds the levels, wires each one's answers to the level above, and
 * hands memsys.h's calls and events to the level they concern.
 */
#include "hier.h"

#include <stdlib.h>

#include "dram.h"
#include "intmath.h"
#include "l1.h"
#include "l2.h"
#include "memlog.h"
#include "xalloc.h"
#include "xbar.h"

typedef struct hier {
    l1 *l1;
    xbar *x;
    l2 *l2;
    dram *dram;
    uint32_t xbar_event;      /* its event index; the channels' follow,
                                 then the L2 slices' */
    uint32_t l2_event;        /* slice 0's event index */
    memlog log;
    mem_stats stats;
} hier;

uint32_t hier_event_count(const cusim_hw *hw)
{
    return l1_event_count(hw) + 1 + dram_event_count(hw)
           + l2_event_count(hw);
}

uint64_t hier_state_bytes(const cusim_hw *hw)
{
    return sizeof(hier) + l1_state_bytes(hw) + xbar_state_bytes(hw)
           + l2_state_bytes(hw) + dram_state_bytes(hw);
}

/* ------------------------------------------------ the levels' answers */

static void l2_fill_l1(void *ctx, uint32_t cu, uint32_t mshr, uint64_t t)
{
    hier *h = ctx;
    l1_fill(h->l1, cu, mshr, t);
}

static void l2_wrote_l1(void *ctx, uint32_t cu, uint8_t kind, uint32_t ref,
                        uint64_t t)
{
    hier *h = ctx;
    l1_written(h->l1, cu, kind, ref, t);
}

/* A channel served a request: a read's data goes to its L2 MSHR, and the
 * arrivals parked at the channel go on. */
static void dram_served(void *ctx, uint32_t ch, uint32_t tag, uint64_t t,
                        uint64_t now)
{
    hier *h = ctx;
    if (tag != NONE)
        l2_read_done(h->l2, tag, t);
    l2_unpark(h->l2, ch, now);
}

void *hier_new(const cusim_hw *hw, evq *q, uint32_t ev_kind)
{
    hier *h = xcalloc(1, sizeof *h);
    h->xbar_event = l1_event_count(hw);
    h->dram = dram_new(hw, q, ev_kind, h->xbar_event + 1,
                       (dram_up){ h, dram_served }, &h->stats);
    h->l2_event = h->xbar_event + 1 + dram_event_count(hw);
    h->l2 = l2_new(hw, h->dram, (l2_up){ h, l2_fill_l1, l2_wrote_l1 },
                   &h->stats, q, ev_kind, h->l2_event);
    h->x = xbar_new(hw, q, ev_kind, h->xbar_event, h->l2);
    h->l1 = l1_new(hw, q, ev_kind, h->x, &h->log, &h->stats);
    return h;
}

static void hier_free(void *self)
{
    hier *h = self;
    if (!h)
        return;
    l1_free(h->l1);
    xbar_free(h->x);
    l2_free(h->l2);
    dram_free(h->dram);
    memlog_release(&h->log);
    free(h);
}

/* ------------------------------------------------------ memsys's calls */

static uint64_t hier_accept_at(void *self, uint32_t cu, uint32_t n,
                               uint64_t at)
{
    hier *h = self;
    return l1_accept_at(h->l1, cu, n, at);
}

static uint64_t hier_issue(void *self, const mem_req *r, uint64_t now)
{
    hier *h = self;
    return l1_issue(h->l1, r, now);
}

static bool hier_event(void *self, uint32_t index, uint64_t now,
                       mem_req *done)
{
    hier *h = self;
    if (index < h->xbar_event)
        return l1_event(h->l1, index, now, done);
    if (index == h->xbar_event)
        xbar_event(h->x, now);
    else if (index < h->l2_event)
        dram_event(h->dram, index - h->xbar_event - 1, now);
    else
        l2_event(h->l2, index - h->l2_event, now);
    return false;
}

static bool hier_next_wake(void *self, uint32_t *cu)
{
    hier *h = self;
    return l1_next_wake(h->l1, cu);
}

static void hier_set_l1_bytes(void *self, uint32_t bytes)
{
    hier *h = self;
    l1_set_bytes(h->l1, bytes);
}

static const mem_stats *hier_stats(const void *self)
{
    const hier *h = self;
    return &h->stats;
}

static void hier_end(void *self, uint64_t cycle)
{
    hier *h = self;
    dram_end(h->dram, cycle);
}

static void hier_watch(void *self, bool on)
{
    hier *h = self;
    memlog_watch(&h->log, on);
}

static bool hier_next_done(void *self, uint64_t now, uint32_t *cu,
                           uint32_t *tx, uint64_t *done)
{
    hier *h = self;
    return memlog_next(&h->log, now, cu, tx, done);
}

const mem_ops hier_ops = {
    .accept_at = hier_accept_at,
    .issue = hier_issue,
    .event = hier_event,
    .next_wake = hier_next_wake,
    .set_l1_bytes = hier_set_l1_bytes,
    .stats = hier_stats,
    .watch = hier_watch,
    .end = hier_end,
    .next_done = hier_next_done,
    .free = hier_free,
};
