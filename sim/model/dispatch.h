/*
 * dispatch.h — the dispatcher (dispatch.c): workgroups handed to compute
 * units as they free up, retirements, and the chain of dispatches.
 */
#ifndef CUSIM_DISPATCH_H
#define CUSIM_DISPATCH_H

#include <stdint.h>

#include "gpu.h"

/* Makes dispatch i the one the schedulers issue from. */
void dispatch_use(gpu *g, uint32_t i);

/* Hands the current dispatch's workgroups out at `now`, round-robin, one
 * per CU with room per turn, while they fit. */
void dispatch_fill_all(gpu *g, uint64_t now);

/* Launches the current dispatch at `now`: its L1 share (a unified L1
 * gets what its resident shared memory leaves), then its workgroups
 * handed out `launch_cycles` later (EV_LAUNCH), or at once when that is
 * 0. */
void dispatch_launch(gpu *g, uint64_t now);

/* Workgroup slot wi's last subgroup has completed (its EV_RETIRE event):
 * its subgroups leave the CU; its slot and resources are freed and its CU
 * refilled at once, or cu.turnover_cycles later (EV_FREE) while the
 * dispatch has workgroups to hand out; when it was its dispatch's last
 * workgroup, every slot is freed and the next dispatch's EV_DISPATCH
 * scheduled for when the stores have drained. */
void dispatch_retire(gpu *g, uint32_t wi, uint64_t now);

/* Workgroup slot wi's turnover is over (its EV_FREE event): its slot and
 * resources are freed, and its CU refilled. */
void dispatch_free(gpu *g, uint32_t wi, uint64_t now);

/* Starts the next dispatch of the chain at `now` (its EV_DISPATCH). */
void dispatch_next(gpu *g, uint64_t now);

/* The run's cumulative counters at `now` (the CUs' residency accounted up
 * to it first). */
tally dispatch_tally(gpu *g, uint64_t now);

#endif /* CUSIM_DISPATCH_H */
