/*
 * scheduler.h — the scheduler partitions (scheduler.c): what the dispatcher and
 * the run loop ask of them.
 *
 * The dispatcher starts subgroups here; the run loop hands each EV_WAKE
 * event to sched_run_batch. Nothing here calls back: a workgroup whose
 * last subgroup has ended is announced by scheduling its EV_RETIRE event.
 */
#ifndef CUSIM_SCHEDULER_H
#define CUSIM_SCHEDULER_H

#include <stdint.h>

#include "cusim.h"
#include "gpu.h"
#include "memsys.h"

/* The wake-up batches gpu_init sets up: one per partition, and one. */
#define SCHED_BATCHES(n_parts) ((n_parts) + 1)

/* Wake-up batch b's event at `now`: each of its partitions, in order,
 * accounts its stall cycles up to `now`, issues what it can and schedules
 * its next wake-up. */
void sched_run_batch(gpu *g, uint32_t b, uint64_t now);

/* Accounts partition p's stall cycles up to `now` and sets the reason for
 * the cycles after it. */
void sched_account(gpu *g, uint32_t p, uint64_t now, cusim_stall reason);

/* Starts newly admitted subgroup s (lanes, partition and workgroup set)
 * at `now`: moves it to its first instruction (its program may begin with
 * loops) and wakes its partition, or, when it has no lane or nothing to
 * run, ends it at once (it holds its slot and registers until its
 * workgroup retires). */
void sched_start(gpu *g, uint32_t s, uint64_t now);

/* Request r, which mem_issue answered MEM_LATER, completes at `now` (its
 * EV_MEM event): its register is ready from `now` (a subgroup parked on
 * it goes back to waiting and its partition is woken), or, for a store,
 * the dispatch's drain moves to `now`. A workgroup whose last late load
 * this was, all its subgroups ended, retires at once; a next dispatch
 * held for the last late store starts. */
void sched_complete(gpu *g, const mem_req *r, uint64_t now);

/* The memory system has room again for CU `cu` (mem_next_wake): each of
 * its partitions is woken at `now` (if not sooner), in partition order. */
void sched_wake_cu(gpu *g, uint32_t c, uint64_t now);

#endif /* CUSIM_SCHEDULER_H */
