/*
 * sched_int.h — what the scheduler's files share (internal: only
 * scheduler.c, sched_mem.c and sched_barrier.c include it).
 *
 *   scheduler.c      a partition's wake-up: policy, scoreboard, units,
 *                    the ready set and the waiting subgroups, stall and
 *                    warp-state accounting, wake-up batches; a subgroup's
 *                    start
 *   sched_mem.c      the scheduler's side of global accesses: their
 *                    lines, the ready set's tallies by size and plan's
 *                    walk over the sizes, late completions, a CU woken
 *                    when the memory system has room again
 *   sched_barrier.c  barriers and the end of subgroups
 *
 * The per-issue path stays in scheduler.c, one translation unit, so that
 * gcc inlines its steps into the wake-up (the Makefile's HOT_CFLAGS);
 * what the other two hold was out of line already (cold or noinline) or
 * runs only at a barrier or a subgroup's end. The steps below are static
 * inline for the same reason: they inline into the issue path as they
 * did when they were static in scheduler.c.
 */
#ifndef CUSIM_SCHED_INT_H
#define CUSIM_SCHED_INT_H

#include <assert.h>
#include <stdint.h>

#include "cusim.h"
#include "gpu.h"
#include "memsys.h"
#include "trace.h"

/* ------------------------------------------------------ subgroup state */

/* Caches what s's next instruction needs: its registers' ready cycle (the
 * latest of its sources and its destination, so no write overtakes a
 * pending one) and its unit (its memory transactions are sg_advance's). */
static inline void sg_refresh(sg *s)
{
    const insn_cost *c = &s->cost[s->pc];
    uint64_t best = 0;
    for (int i = 0; i < c->n_deps; i++)
        if (s->ready[c->deps[i]] > best)
            best = s->ready[c->deps[i]];
    s->ready_at = best >> 1;
    s->waits_global = best & 1;
    s->unit = c->unit;
    s->global = c->global;
}

/* Where subgroup s's lines go (gpu.h: its own slot's with the
 * hierarchy, kept to the issue; the scratch slot in the flat model). */
static inline addr_line *sg_line_buf(const gpu *g, const sg *s)
{
    return g->hier ? g->lines + (size_t)(s - g->sgs) * g->lines_cap
                   : g->lines;
}

/* When the CU's memory in-flight cap lets `n` transactions in (the
 * memory system keeps its answer while the CU's in-flight set stays). */
static inline uint64_t sched_gate(gpu *g, const part *pt, uint32_t n,
                                  uint64_t now)
{
    return mem_accept_at(g->mem, pt->cu, n, now);
}

/* --------------------------------------------------------- warp states */

/* Waiting subgroup s enters state w at cycle t; when it leaves (at a
 * cycle >= t) the cycles in between go to w. */
static inline void ws_enter(part *pt, sg *s, cusim_warp_state w, uint64_t t)
{
    s->wstate = (uint8_t)w;
    s->wsince = t;
    pt->n_ws[w]++;
}

/* `rec` is the run's recorder (g->rec, read once by the caller), `si`
 * the index of s. */
static inline void ws_leave(trace *rec, part *pt, const sg *s, uint32_t si,
                            uint64_t t)
{
    assert(t >= s->wsince);
    pt->n_ws[s->wstate]--;
    pt->ws[s->wstate] += t - s->wsince;
    if (rec)
        trace_state(rec, si, (cusim_warp_state)s->wstate, s->wsince, t);
}

/* The state of s waiting from cycle t on: eligible when its registers
 * are already ready (its partition has not looked yet), barrier while a
 * barrier's release holds it (`held`), else the scoreboard its registers
 * wait on. */
static inline cusim_warp_state wait_state(const sg *s, uint64_t t, int held)
{
    if (s->ready_at <= t)
        return CUSIM_WS_ELIGIBLE;
    if (held)
        return CUSIM_WS_BARRIER;
    return s->waits_global ? CUSIM_WS_LONG_SCOREBOARD
                           : CUSIM_WS_SHORT_SCOREBOARD;
}

/* --------------------------------------------------------- scheduler.c */

/* Makes sure partition p is woken no later than `at` (and not again in a
 * cycle it has issued in). */
void sched_wake(gpu *g, uint32_t p, uint64_t at);

/* --------------------------------------------------------- sched_mem.c */

/* The lines (or, in the flat model, transactions) subgroup s's global
 * access c touches at its current iteration, into sg_line_buf(g, s):
 * their count. Called once per access, when s advances to it; with the
 * hierarchy the lines stay there until it issues (nothing they depend
 * on changes in between). A lane that divides by zero stops the run
 * (g->fault_pc) and the access touches nothing. */
uint32_t sched_lines(gpu *g, const sg *s, const insn_cost *c);

/* Counts a ready global access of `tx` transactions in pt's tallies by
 * size (n_mem_size, mem_sizes, mem_tx, n_mem_other); sched_size_sub
 * takes it out again. */
void sched_size_add(part *pt, uint32_t tx);
void sched_size_sub(part *pt, uint32_t tx);

/* plan's share for the ready global accesses when they differ in size:
 * asks the in-flight cap once per size in the ready set (every one: see
 * gate_seen in scheduler.c), in increasing order, those of PART_TX - 1
 * or more transactions one by one; lowers *best to the first cycle one
 * of them can issue and adds to *pipe those that wait for the memory
 * unit (free at `free`) rather than the cap. */
void sched_plan_sizes(gpu *g, const part *pt, uint64_t from, uint64_t free,
                      uint64_t *best, uint32_t *pipe);

/* ----------------------------------------------------- sched_barrier.c */

/* Subgroup s has issued a barrier at `now`: from the next cycle on it
 * waits for every subgroup of its workgroup that has not ended (one that
 * ends at a trailing barrier has nothing to wait for). */
void sched_barrier_arrive(gpu *g, part *pt, sg *s, uint64_t now);

/* Subgroup si (state SG_DONE) has issued its last instruction at `now`
 * (or had none to issue). Its workgroup retires when all its subgroups
 * have ended and their results have landed: the dispatcher hears of it
 * through EV_RETIRE (scheduled here, or by sched_complete when a late
 * load lands last). */
void sched_subgroup_ended(gpu *g, uint32_t si, uint64_t now);

/* Counts subgroup s's global access, at issue, in its instruction's
 * insn_stat: a run, the `units` it asked for (sectors; the flat model:
 * transactions) and the fewest its active lanes' bytes fill. */
void sched_count_global(gpu *g, const sg *s, const insn_cost *c,
                        uint64_t units);

/* The sectors of n lines (a scalar-cache load's: the L1 does not count
 * them). */
uint64_t sched_sectors(const addr_line *lines, uint32_t n);

#endif /* CUSIM_SCHED_INT_H */
