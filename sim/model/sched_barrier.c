/*
 * sched_barrier.c — barriers and the end of subgroups (sched_int.h): a
 * workgroup's subgroups meet at a barrier, which releases them a fixed
 * latency after the last of them arrives (or ends); when the last of
 * them ends, and its late loads have landed, the partition schedules the
 * workgroup's EV_RETIRE event for the dispatcher (dispatch.c); nothing
 * here calls the dispatcher.
 *
 * Called by the issue path (scheduler.c) only at a barrier instruction
 * or a subgroup's last one, and by sched_start for a subgroup with
 * nothing to run.
 */
#include <assert.h>

#include "gpu.h"
#include "sched_int.h"
#include "scheduler.h"
#include "trace.h"
#include "waitq.h"

/* Every subgroup of w that has not ended waits at the barrier: releases
 * them `latency.barrier` (>= 1) cycles after `now`, the cycle the last of
 * them issued in. From the next cycle on each waits in state barrier
 * until then, or on its registers if they are ready later. */
static void barrier_release(gpu *g, wg *w, uint64_t now)
{
    uint64_t at = now + g->hw->latency[CUSIM_LAT_BARRIER];
    for (uint32_t i = 0; i < w->n_sg; i++) {
        uint32_t si = w->sgs[i];
        sg *s = &g->sgs[si];
        if (s->state != SG_BARRIER)
            continue;   /* ended */
        part *pt = &g->parts[s->part];
        s->state = SG_RUN;
        /* its next instruction's readiness again: a late load may have
         * landed while it waited (sched_complete leaves it unparked) */
        sg_refresh(s);
        int held = s->ready_at < at;
        if (held)
            s->ready_at = at;
        ws_leave(g->rec, pt, s, si, now + 1);
        ws_enter(pt, s, wait_state(s, now + 1, held), now + 1);
        pt->n_barrier--;
        waitq_push(g, pt, si);
        sched_wake(g, s->part, at);
    }
    w->arrived = 0;
}

/* (sched_int.h) */
void sched_barrier_arrive(gpu *g, part *pt, sg *s, uint64_t now)
{
    wg *w = &g->wgs[s->wg];
    s->state = SG_BARRIER;
    ws_enter(pt, s, CUSIM_WS_BARRIER, now + 1);
    pt->n_barrier++;
    if (++w->arrived + w->finished == w->n_sg)
        barrier_release(g, w, now);
}

/* (sched_int.h) */
void sched_subgroup_ended(gpu *g, uint32_t si, uint64_t now)
{
    sg *s = &g->sgs[si];
    wg *w = &g->wgs[s->wg];
    uint64_t done = s->done_at > now + 1 ? s->done_at : now + 1;
    if (done > w->done_at)
        w->done_at = done;
    if (g->rec)
        trace_end(g->rec, si, now);
    if (++w->finished == w->n_sg && w->late == 0)
        evq_set(g->q, EV_RETIRE, s->wg, w->done_at);
    else if (w->arrived > 0 && w->arrived + w->finished == w->n_sg)
        barrier_release(g, w, now);   /* the others waited for it */
}
