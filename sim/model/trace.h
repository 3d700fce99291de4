/*
 * trace.h — the run's recorder: what `cusim sim --trace` and `--timeline`
 * write while a simulation runs (docs/formats.md, "Traces and timelines").
 *
 *   - the instruction trace (cusim_sim_options.trace): one text line per
 *     issued instruction;
 *   - the Chrome trace-event JSON (trace_json): one track per subgroup slot
 *     of the traced CUs, with its issue and warp-state slices, and counter
 *     tracks per traced CU; 1 cycle = 1 us in the viewer;
 *   - the timeline (timeline): GPU-wide counters averaged over windows of
 *     timeline_every cycles, as CSV.
 *
 * The simulator calls the hooks below, each behind one `if (g->rec)`, at
 * the state changes it already makes; the recorder never changes the
 * simulation. Counters are integrated between hooks (the state is
 * piecewise constant), so the cost grows with events, not cycles, apart
 * from one output row per window. Everything is allocated by trace_new.
 */
#ifndef CUSIM_TRACE_H
#define CUSIM_TRACE_H

#include <stdint.h>

#include "cusim.h"
#include "memsys.h"

typedef struct trace trace;

/* A recorder for a run of kernel `kernel` on `hw` with options `opt`, or
 * NULL when `opt` asks for no trace and no timeline. Writes the JSON
 * trace's opening and its track names at once. It reads the accesses'
 * completions from `mem` (mem_watch: from now on). `opt` and `mem` must
 * outlive it. */
trace *trace_new(const cusim_hw *hw, const cusim_sim_options *opt,
                 const char *kernel, memsys *mem);

/* Closes what is open at the run's end, cycle `end` (each subgroup has
 * ended; after a failed run, the cycle it stopped at): the last timeline
 * window and the JSON's closing. */
void trace_finish(trace *t, uint64_t end);

/* The cycle from which the timeline's rows were left out (its row cap),
 * or 0 (whole, or no timeline; NULL-safe). */
uint64_t trace_timeline_cut(const trace *t);

void trace_free(trace *t);   /* NULL-safe; closes no file */

/* Subgroup `sg` (a global slot index) of partition `part` of CU `cu`
 * starts running at `now` (its first instruction is ahead). */
void trace_start(trace *t, uint32_t sg, uint32_t cu, uint32_t part,
                 uint64_t now);

/* Subgroup `sg` has issued its last instruction at `now`. */
void trace_end(trace *t, uint32_t sg, uint64_t now);

/* Subgroup `sg` was in warp state `state` (waiting: on its registers or
 * at a barrier) over cycles [from, to); from `to` on it is in its
 * partition's ready set until it issues, unless another trace_state
 * follows first. */
void trace_state(trace *t, uint32_t sg, cusim_warp_state state,
                 uint64_t from, uint64_t to);

/* Subgroup `sg`, in partition `part` of CU `cu`, issues instruction `pc`
 * (`op`) at `now`; a global access of `tx` transactions (0: none) is in
 * flight from `now` until the memory system says it completed. */
void trace_issue(trace *t, uint64_t now, uint32_t cu, uint32_t part,
                 uint32_t sg, uint32_t pc, const char *op, uint32_t tx);

/* CU `cu`'s resident subgroups change by `delta` at `now` (workgroups
 * admitted and retired). */
void trace_resident(trace *t, uint32_t cu, int64_t delta, uint64_t now);

#endif /* CUSIM_TRACE_H */
