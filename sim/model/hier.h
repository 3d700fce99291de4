/*
 * hier.h — the memory hierarchy (docs/model.md, "Memory hierarchy"): one
 * L1 per CU, an L2 shared by all CUs in address-interleaved slices, DRAM
 * channels with banks and open rows. memsys.c hands its calls here when the profile has
 * caches (cache.l2.bytes > 0); the interface is memsys.h's, with the
 * request's lines (addr.h) instead of a transaction count.
 *
 * The path of a load, one line at a time (docs/model.md, "Memory
 * hierarchy"):
 *   - L1 tag stage, `cache.l1.lines_per_cycle` lines per cycle: line i of
 *     an access issued at t is looked up at t + i / lines_per_cycle. A
 *     line whose requested sectors are all present completes
 *     `cache.l1.latency` after its lookup (or when a fill already on its
 *     way lands, if later). A missing line takes an MSHR (or merges into
 *     the one already fetching it) and its missing sectors go to the L2.
 *   - crossbar to the L2 slice that owns the address, L2 tag lookup and
 *     the slice's port (its share of `cache.l2.bytes_per_cycle`), back
 *     over the crossbar; a miss goes on to DRAM.
 *   - DRAM: the channel's scheduler (FR-FCFS within `dram.window`, or
 *     FCFS), the bank's open row (a different row costs
 *     `dram.row_miss_cycles`), the channel's share of
 *     `dram.bytes_per_cycle`.
 * The stage latencies are derived from the profile's end-to-end figures,
 * which are those of one sector, unloaded, as a pointer chase measures
 * them: an L1 hit takes cache.l1.latency, an L2 hit cache.l2.latency, a
 * DRAM access (a row miss) dram.latency.
 *
 * Determinism and the parallel engine: the L2 and DRAM, shared by all
 * CUs, see requests in (cycle, CU, sequence) order: a CU's requests are
 * queued with the cycle they reach the L2, at least `to_l2` cycles after
 * their issue, and served by one event per cycle in that order, so no
 * CU's request is seen by another sooner than to_l2 cycles after it was
 * made, whatever order the host simulates CUs in.
 *
 * Back-pressure: an access is accepted when the L1 tag stage is free and
 * the CU has room for all of its lines: MSHRs (as if every line missed),
 * waiting-request entries and lines on their way down (memory.max_inflight
 * each). When room opens only with an event whose time is not known yet,
 * hier_accept_at answers NEVER and the CU is listed for hier_next_wake
 * once it opens. State is allocated by hier_new, sized by the profile: a
 * cache of N lines is N tags, whatever the footprint.
 */
#ifndef CUSIM_HIER_H
#define CUSIM_HIER_H

#include <stdbool.h>
#include <stdint.h>

#include "cusim.h"
#include "evq.h"
#include "memsys.h"

typedef struct hier hier;

hier *hier_new(const cusim_hw *hw, evq *q, uint32_t ev_kind);
void hier_free(hier *h);                          /* NULL-safe */
uint64_t hier_state_bytes(const cusim_hw *hw);    /* what hier_new takes */
uint32_t hier_event_count(const cusim_hw *hw);

/* The L1 capacity per CU from now on (a unified pool's share left by
 * shared memory): whole ways are kept, lines in the others dropped. */
void hier_set_l1_bytes(hier *h, uint32_t bytes);

/* As memsys.h's; NEVER when room opens with an event not yet timed. */
uint64_t hier_accept_at(hier *h, uint32_t cu, uint32_t n, uint64_t at);
uint64_t hier_issue(hier *h, const mem_req *r, uint64_t now);

/* Event `index` at `now`: true and the completed request in *done when it
 * completes one; false for the hierarchy's own events. */
bool hier_event(hier *h, uint32_t index, uint64_t now, mem_req *done);

/* A CU refused by hier_accept_at whose room has opened since: true and
 * its index, once per opening. */
bool hier_next_wake(hier *h, uint32_t *cu);

const mem_stats *hier_get_stats(const hier *h);

/* mem_watch / mem_next_done for the hierarchy. */
void hier_watch(hier *h, bool on);
bool hier_next_done(hier *h, uint64_t now, uint32_t *cu, uint32_t *tx,
                    uint64_t *done);

#endif /* CUSIM_HIER_H */
