/*
 * plan.h — what a run works out and checks before anything of its state
 * is allocated (plan.c).
 */
#ifndef CUSIM_PLAN_H
#define CUSIM_PLAN_H

#include "cusim.h"
#include "gpu.h"

/* Plans g's run of kernel `k` (g->hw and g->opt set, everything else
 * zero): resolves its chain of dispatches into g->dispatches (each one's
 * occupancy, program, size and issue costs) and
 * checks that the run fits the memory in-flight cap, the instruction
 * budget and CUSIM_STATE_MAX_BYTES. Returns 0, or -1 with `err` set (what
 * it planned is still g's: gpu_free frees it either way). */
int plan_run(gpu *g, const cusim_kernel *k, cusim_error *err);

#endif /* CUSIM_PLAN_H */
