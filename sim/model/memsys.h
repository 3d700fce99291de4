/*
 * memsys.h — the global memory system behind the schedulers: what a
 * global access asks of it, when it accepts one, and when each completes.
 *
 * The interface (what any memory model behind it provides):
 *   - a scheduler asks mem_accept_at when CU `cu` may issue an access of
 *     `tx` transactions (back-pressure: the per-CU in-flight cap), and
 *     hands it over with mem_issue as a request (mem_req: the CU, the
 *     subgroup, the register it writes, its transactions);
 *   - mem_issue answers with the cycle the access completes when the model
 *     knows it at issue, or MEM_LATER: then the model schedules an event
 *     of the kind it was given (mem_new) for the completion cycle, and the
 *     run loop hands that event to mem_complete, which says which request
 *     completed; the scheduler then marks its register ready
 *     (sched_complete). Completions may come in any order;
 *   - a recorder (trace.c) reads what completed when through mem_watch and
 *     mem_next_done, in completion order, instead of keeping its own copy.
 * A completion known at issue is no event at all: the register is ready
 * at that cycle, and the partition's wake-up for it is scheduled with its
 * others (the same-cycle order, evq.h, is unchanged by it).
 *
 * Two models implement it (memlevel.h; memsys.c picks one per profile):
 *   - the flat one (flat.c), when the profile has no cache: one channel
 *     for the whole GPU that moves `memory.bandwidth` bytes per cycle,
 *     served in issue order, in front of a fixed `latency.global`: a
 *     transaction issued at cycle t starts when the channel is free (never
 *     before t), occupies it for transaction / bandwidth cycles, and
 *     completes `latency.global` cycles after it leaves the channel. Its
 *     latency is therefore the configured latency plus the queueing the
 *     bandwidth limit causes (claim C6c). Each CU may have at most
 *     `memory.max_inflight` transactions in flight (the planner refuses a
 *     kernel with a larger instruction). Every completion is known at
 *     issue: it never answers MEM_LATER and schedules no event;
 *   - the hierarchy (hier.h: l1.c, xbar.c, l2.c, dram.c), when it has
 *     caches.
 */
#ifndef CUSIM_MEMSYS_H
#define CUSIM_MEMSYS_H

#include <stdbool.h>
#include <stdint.h>

#include "cusim.h"
#include "evq.h"

typedef struct memsys memsys;

/* Counters, one per row of memstats.def; derived figures are computed by
 * the reporter. */
typedef struct mem_stats {
#define MEM_STAT(name, what) uint64_t name;
#include "memstats.def"
#undef MEM_STAT
} mem_stats;

/* The counters of the span from a to b (b taken later): b - a, each. */
static inline mem_stats mem_stats_since(const mem_stats *b,
                                        const mem_stats *a)
{
    mem_stats d;
#define MEM_STAT(name, what) d.name = b->name - a->name;
#include "memstats.def"
#undef MEM_STAT
    return d;
}

struct addr_line;

/* A global access handed to the memory system. */
typedef struct mem_req {
    uint32_t cu;                 /* the issuing compute unit */
    uint32_t sg;                 /* the issuing subgroup (its slot index) */
    uint32_t tx;                 /* transactions (> 0); the hierarchy: its
                                    lines */
    uint16_t dst;                /* the register it writes, or PROG_NO_REG
                                    (a store) */
    uint8_t atomic;              /* an atomic: the hierarchy performs it at
                                    the L2, its lines' `ops` one after
                                    another; the flat model counted them in
                                    tx */
    uint8_t scalar;              /* the hierarchy: a uniform load for the
                                    scalar cache (insn_cost.scalar) */
    const struct addr_line *lines;  /* the hierarchy: the lines (tx of them,
                                    ascending) and sectors it touches, valid
                                    during mem_issue only; the flat model
                                    reads only tx */
} mem_req;

/* mem_issue's answer when the completion comes later, by event. */
#define MEM_LATER UINT64_MAX

/* A memory system for `hw`. It may schedule events of kind `ev_kind`
 * with indices below mem_event_count(hw) on `q` (the run loop hands each
 * to mem_complete). */
memsys *mem_new(const cusim_hw *hw, evq *q, uint32_t ev_kind);
void mem_free(memsys *m);   /* NULL-safe */

/* Bytes mem_new(hw, ...) allocates. */
uint64_t mem_state_bytes(const cusim_hw *hw);

/* The event indices a memory system for `hw` may use (0: it completes
 * everything at issue). */
uint32_t mem_event_count(const cusim_hw *hw);

/* The earliest cycle >= at at which CU `cu` may issue an access of `tx`
 * transactions, as far as the accesses issued so far go, or NEVER
 * (UINT64_MAX) when that depends on an event not timed yet: then
 * mem_next_wake names the CU when it is. Changes nothing
 * the answers depend on (it may keep its last answer per CU until the
 * CU's in-flight set changes), so it may be asked about a future cycle. */
uint64_t mem_accept_at(memsys *m, uint32_t cu, uint32_t tx, uint64_t at);

/* The run ended at `cycle` (no event after it is run): the counters keep
 * only what moved by then (a transfer on DRAM's bus that ends later
 * counts the bytes it moved by `cycle`). */
void mem_end(memsys *m, uint64_t cycle);

/* Issues request `r` at cycle `now` (mem_accept_at must have returned
 * `now` for it). Returns the cycle it completes (> now), or MEM_LATER
 * when that is not known yet. */
uint64_t mem_issue(memsys *m, const mem_req *r, uint64_t now);

/* Event (ev_kind, index) at `now`, one the memory system scheduled: true
 * and the request it completes copied to *done, or false when it was one
 * of the memory system's own steps. Either way, mem_next_wake may then
 * name CUs to wake. */
bool mem_complete(memsys *m, uint32_t index, uint64_t now, mem_req *done);

/* A CU to which mem_accept_at answered NEVER (room opens with an event not
 * timed yet) and whose room has opened since: true and its index in *cu,
 * once per opening; false when there is none. */
bool mem_next_wake(memsys *m, uint32_t *cu);

/* The L1 bytes per CU from now on (cache.l1.unified: what the resident
 * shared memory leaves); nothing without a hierarchy. */
void mem_set_l1_bytes(memsys *m, uint32_t bytes);

/* True when the memory system is the hierarchy (its requests carry
 * lines). */
bool mem_has_hierarchy(const memsys *m);

const mem_stats *mem_get_stats(const memsys *m);

/* Starts (on) or stops keeping what each access issued from now on
 * completes, for mem_next_done (a recorder's; off by default: it costs at
 * every issue). Either forgets what was kept. */
void mem_watch(memsys *m, bool on);

/* With mem_watch: the next access, in completion order (ties in issue
 * order), that completes at or before `now` and was not returned yet
 * (the flat model's completion order is its issue order):
 * true and its CU, transactions and completion cycle in *cu, *tx, *done;
 * false when there is none. */
bool mem_next_done(memsys *m, uint64_t now, uint32_t *cu, uint32_t *tx,
                   uint64_t *done);

#endif /* CUSIM_MEMSYS_H */
