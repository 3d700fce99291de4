/*
 * hier.h — the memory hierarchy (docs/model.md, "Memory hierarchy"): one
 * L1 per CU (l1.c), the crossbar (xbar.c), an L2 shared by all CUs in
 * address-interleaved slices (l2.c), DRAM channels with banks and open
 * rows (dram.c). hier.c wires them and is the memory model memsys.c
 * dispatches to when the profile has caches (cache.l2.bytes > 0; its
 * table is memlevel.h's hier_ops); the interface is memsys.h's, with the
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
 * DRAM access (a row miss) dram.latency (memstage.h).
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
 * the L1 answers NEVER and names the CU to mem_next_wake
 * once it opens. State is allocated by hier_new, sized by the profile: a
 * cache of N lines is N tags, whatever the footprint.
 *
 * Events (memsys.h's kind): request completions first (l1.h, compute_units
 * x memory.max_inflight), then the crossbar's, then one per DRAM channel.
 */
#ifndef CUSIM_HIER_H
#define CUSIM_HIER_H

#include "memlevel.h"   /* hier_new, hier_state_bytes, hier_event_count,
                           hier_ops */

#endif /* CUSIM_HIER_H */
