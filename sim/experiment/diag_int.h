/*
 * diag_int.h — what the three parts of `cusim diagnose` share (internal to
 * sim/experiment): the thresholds of the verdict, and the small readings
 * of a profile and a run that the plan, the verdict and the printers all
 * make. diag_plan.c builds and runs the variants, diag_verdict.c draws the
 * verdict, diag_print.c prints them (diagnose.h is the interface).
 */
#ifndef CUSIM_DIAG_INT_H
#define CUSIM_DIAG_INT_H

#include <string.h>

#include "diagnose.h"

/* A speedup at or above this is a resource the kernel waits on. */
#define DIAG_HELPS 1.15
/* A speedup at or above this is measurable: the resource matters. */
#define DIAG_MATTERS 1.05
/* Two levers of different kinds within this ratio of each other: balanced. */
#define DIAG_CLOSE 1.10

/* Whether the profile has a memory hierarchy (docs/model.md: exactly when
 * cache.l2.bytes > 0). */
static inline bool diag_has_hierarchy(const cusim_hw *hw)
{
    return hw->cache.l2.bytes > 0;
}

/* Whether the hierarchy has an L1 (its own bytes, or a unified pool). */
static inline bool diag_has_l1(const cusim_hw *hw)
{
    return hw->cache.l1.bytes > 0 || hw->cache.l1.unified > 0;
}

/* The pipe of a lanes variant (CUSIM_SOL_ALU ..) or of 2x scalar
 * throughput (CUSIM_SOL_SCALAR), or CUSIM_SOL_UNIT_COUNT for any other
 * variant. */
static inline cusim_sol_unit diag_pipe_of(diag_kind k)
{
    switch (k) {
    case DIAG_ALU_LANES:
        return CUSIM_SOL_ALU;
    case DIAG_SFU_LANES:
        return CUSIM_SOL_SFU;
    case DIAG_SHARED_LANES:
        return CUSIM_SOL_SHARED;
    case DIAG_MEM_LANES:
        return CUSIM_SOL_MEM;
    case DIAG_SCALAR:
        return CUSIM_SOL_SCALAR;
    default:
        return CUSIM_SOL_UNIT_COUNT;
    }
}

/* Whether the L2's atomic units are what binds run r: bound_unit atomic,
 * busy at least DIAG_PIPE_SHARE (the pipes' rule). */
static inline bool diag_atomic_binds(const cusim_result *r)
{
    return r->hierarchy && r->bound_unit
           && strcmp(r->bound_unit, "atomic") == 0
           && r->sol_unit[CUSIM_SOL_ATOMIC] >= DIAG_PIPE_SHARE;
}

/* The lever that measures finding `id`'s fix (its gain), or DIAG_COUNT
 * for a finding no lever measures. */
static inline diag_kind diag_lever_of(finding_id id)
{
    switch (id) {
    case FINDING_OCCUPANCY_LIMIT:
        return DIAG_RESIDENCY_UP;
    case FINDING_ATOMICS:
        return DIAG_ATOMIC;
    case FINDING_SCALAR:
        return DIAG_SCALAR;
    default:
        return DIAG_COUNT;
    }
}

/* Whether variant k is a pipe's lanes. */
static inline bool diag_is_pipe(diag_kind k)
{
    return diag_pipe_of(k) != CUSIM_SOL_UNIT_COUNT;
}

/* The stall class with the largest share besides issuing. */
static inline cusim_stall diag_top_stall(const cusim_result *r)
{
    cusim_stall top = CUSIM_STALL_ISSUED;
    for (int s = 0; s < CUSIM_STALL_COUNT; s++)
        if (s != CUSIM_STALL_ISSUED
            && (top == CUSIM_STALL_ISSUED || r->stalls[s] > r->stalls[top]))
            top = (cusim_stall)s;
    return top;
}

/* The stall class with the largest share among those that are waits of
 * live subgroups (not issuing, idle or the tail): what the kernel's
 * subgroups wait on when they wait. */
static inline cusim_stall diag_top_wait(const cusim_result *r)
{
    cusim_stall top = CUSIM_STALL_MEMORY;
    for (int s = 0; s < CUSIM_STALL_COUNT; s++)
        if (s != CUSIM_STALL_ISSUED && s != CUSIM_STALL_IDLE
            && s != CUSIM_STALL_TAIL && r->stalls[s] > r->stalls[top])
            top = (cusim_stall)s;
    return top;
}

/* The warp state most live subgroup-cycles are in. */
static inline cusim_warp_state diag_top_state(const cusim_result *r)
{
    cusim_warp_state top = CUSIM_WS_ISSUED;
    for (int w = 0; w < CUSIM_WS_COUNT; w++)
        if (r->warp_states[w] > r->warp_states[top])
            top = (cusim_warp_state)w;
    return top;
}

/* Resident subgroups per CU, averaged over the run (achieved occupancy in
 * subgroups, so variants that change the slot cap compare). */
static inline double diag_resident(const diag_variant *v)
{
    return v->res.achieved_occupancy * v->hw.cu.max_subgroups;
}

/* "l1", "l2", "dram"; "?" out of range. */
const char *diag_level_name(diag_level l);

#endif /* CUSIM_DIAG_INT_H */
