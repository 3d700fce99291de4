/*
 * dispatch.c — the dispatcher: hands a dispatch's workgroups to compute
 * units round-robin while they fit (asking the admission rule, alloc.h),
 * starts their subgroups on the schedulers, frees a workgroup's resources
 * when it retires and refills its CU, and starts the next dispatch of a
 * chain once the previous one has drained. It also keeps the CUs'
 * residency integrals and takes the run's tallies (gpu.h).
 */
#include <assert.h>
#include <string.h>

#include "dispatch.h"
#include "scheduler.h"
#include "trace.h"

void dispatch_use(gpu *g, uint32_t i)
{
    const dispatch *d = &g->dispatches[i];
    g->code = d->code;
    g->stat = d->stat;
    g->width = d->occ.simd_width;
}

/* Residency integral of CU c up to `now`. */
static void cu_residency(cu *c, uint64_t now)
{
    c->res_integral += (uint64_t)c->resident_sg * (now - c->res_since);
    if (c->resident_sg > 0)
        c->active += now - c->res_since;
    c->res_since = now;
}

/* Admits workgroup `index` of the current dispatch to CU `ci` if all its
 * subgroups fit; returns 1 when admitted. */
static int cu_admit(gpu *g, uint32_t ci, uint32_t index, uint64_t now)
{
    const cusim_hw *hw = g->hw;
    const dispatch *d = &g->dispatches[g->cur];
    cu *c = &g->cus[ci];
    uint32_t invocations = d->wg_size;
    if ((uint64_t)index * d->wg_size + invocations > d->invocations)
        invocations = (uint32_t)(d->invocations - (uint64_t)index * d->wg_size);
    uint32_t n_sg = d->need.subgroups;
    if (!alloc_fits(&c->res, &d->need))
        return 0;

    cu_residency(c, now);
    alloc_take(&c->res, &d->need);
    assert(c->n_free_wgs > 0 && c->n_free_sgs >= n_sg);
    uint32_t wi = c->free_wgs[--c->n_free_wgs];
    wg *w = &g->wgs[wi];
    w->n_sg = n_sg;
    w->arrived = w->finished = 0;
    w->invocations = invocations;
    w->cu = ci;
    w->id = index;
    w->done_at = now;
    c->resident_wg++;
    if (c->resident_wg > c->peak_wg)
        c->peak_wg = c->resident_wg;
    g->workgroups++;
    g->invocations += invocations;

    for (uint32_t i = 0; i < n_sg; i++) {
        uint32_t p = ci * hw->cu.schedulers + alloc_place(&c->res, &d->need);
        uint32_t si = c->free_sgs[--c->n_free_sgs];
        sg *s = &g->sgs[si];
        uint64_t *ready = s->ready;
        memset(s, 0, sizeof *s);
        s->ready = ready;
        memset(ready, 0, sizeof *ready * g->n_regs);
        s->age = g->next_age++;
        s->wg = wi;
        s->rank = i;
        s->part = p;
        s->state = SG_RUN;
        s->done_at = now;
        s->ready_at = now;
        uint32_t before = i * g->width;
        s->lanes = invocations > before ? invocations - before : 0;
        if (s->lanes > g->width)
            s->lanes = g->width;
        s->cost = s->lanes ? dispatch_costs(d, s->lanes) : NULL;
        w->sgs[i] = si;
        c->resident_sg++;
        g->subgroups++;
        sched_start(g, si, now);
    }
    if (g->rec)
        trace_resident(g->rec, ci, n_sg, now);
    return 1;
}

/* Hands out workgroup next_wg if it fits on CU `ci`; returns 1 if so. */
static int hand_out(gpu *g, uint32_t ci, uint64_t now)
{
    if (!cu_admit(g, ci, g->next_wg, now))
        return 0;
    g->next_wg++;
    g->pending = g->next_wg < g->dispatches[g->cur].n_wg;
    return 1;
}

/* Once the dispatcher has nothing left, idle partitions are in the tail. */
static void note_exhausted(gpu *g, uint64_t now)
{
    if (g->pending)
        return;
    for (uint32_t p = 0; p < g->n_parts; p++)
        if (g->parts[p].reason == CUSIM_STALL_IDLE)
            sched_account(g, p, now, CUSIM_STALL_TAIL);
}

/* Hands workgroups to CU `ci` while they fit. Once the dispatcher has run
 * out, a partition that goes idle is in the tail from the start (plan), so
 * the idle ones are looked for only when this call runs it out: a cost per
 * dispatch, not per retirement. */
static void fill_cu(gpu *g, uint32_t ci, uint64_t now)
{
    if (!g->pending)
        return;
    while (g->pending && hand_out(g, ci, now))
        ;
    note_exhausted(g, now);
}

void dispatch_fill_all(gpu *g, uint64_t now)
{
    int progress = 1;
    while (progress && g->pending) {
        progress = 0;
        for (uint32_t ci = 0; ci < g->hw->compute_units && g->pending; ci++)
            if (hand_out(g, ci, now))
                progress = 1;
    }
    note_exhausted(g, now);
}

/* Frees workgroup slot wi's subgroup slots, places and resources. */
static void release(gpu *g, uint32_t wi)
{
    const dispatch *d = &g->dispatches[g->cur];
    wg *w = &g->wgs[wi];
    cu *c = &g->cus[w->cu];
    for (uint32_t i = 0; i < w->n_sg; i++) {
        const sg *s = &g->sgs[w->sgs[i]];
        alloc_unplace(&c->res, &d->need, s->part % g->hw->cu.schedulers);
        c->free_sgs[c->n_free_sgs++] = w->sgs[i];
    }
    c->free_wgs[c->n_free_wgs++] = wi;
    alloc_release(&c->res, &d->need);
}

/* Frees now every slot still in its turnover: the dispatch is over, and
 * the next one starts on an empty GPU. */
static void release_all(gpu *g)
{
    if (!g->hw->cu.turnover_cycles)
        return;   /* no slot waits: each was freed at its retirement */
    const uint32_t slots = g->hw->compute_units * g->hw->cu.max_workgroups;
    for (uint32_t wi = 0; wi < slots; wi++)
        if (evq_pending(g->q, EV_FREE, wi, NULL)) {
            evq_cancel(g->q, EV_FREE, wi);
            release(g, wi);
        }
}

void dispatch_retire(gpu *g, uint32_t wi, uint64_t now)
{
    const dispatch *d = &g->dispatches[g->cur];
    wg *w = &g->wgs[wi];
    cu *c = &g->cus[w->cu];
    cu_residency(c, now);
    for (uint32_t i = 0; i < w->n_sg; i++) {
        sg *s = &g->sgs[w->sgs[i]];
        assert(s->state == SG_DONE);
        g->retired_instructions += s->issued;
        s->state = SG_FREE;
        c->resident_sg--;
    }
    if (g->rec)
        trace_resident(g->rec, w->cu, -(int64_t)w->n_sg, now);
    c->resident_wg--;
    g->end = now;
    if (now > g->last_progress)
        g->last_progress = now;

    if (g->opt->progress && (++g->retired_all % g->progress_every == 0
                             || g->retired_all == g->total_wg))
        g->opt->progress(g->opt->progress_ctx, g->retired_all, g->total_wg);
    if (++g->retired_wg == d->n_wg) {
        release(g, wi);
        release_all(g);
        /* The next dispatch starts once the whole previous one is done,
         * its stores included (a kernel boundary). */
        if (g->cur + 1 >= g->n_dispatches)
            return;
        if (g->late_stores > 0)
            g->held = true;   /* sched_complete starts it */
        else
            evq_set(g->q, EV_DISPATCH, 0, g->drain > now ? g->drain : now);
        return;
    }
    if (g->hw->cu.turnover_cycles && g->pending) {
        evq_set(g->q, EV_FREE, wi, now + g->hw->cu.turnover_cycles);
        return;
    }
    release(g, wi);
    fill_cu(g, w->cu, now);
}

void dispatch_free(gpu *g, uint32_t wi, uint64_t now)
{
    release(g, wi);
    fill_cu(g, g->wgs[wi].cu, now);
}

tally dispatch_tally(gpu *g, uint64_t now)
{
    const mem_stats *ms = mem_get_stats(g->mem);
    tally t = { .at = now, .warp_instructions = g->warp_instructions,
                .beside_instructions = g->beside_instructions, .mem = *ms };
    for (uint32_t c = 0; c < g->hw->compute_units; c++) {
        cu_residency(&g->cus[c], now);
        t.residency += g->cus[c].res_integral;
    }
    memcpy(t.unit_busy, g->unit_busy, sizeof t.unit_busy);
    return t;
}

void dispatch_launch(gpu *g, uint64_t now)
{
    const cusim_hw *hw = g->hw;
    const dispatch *d = &g->dispatches[g->cur];
    if (hw->cache.l1.unified) {
        /* NVIDIA's carveout: the shared memory its resident workgroups
         * take at full occupancy is not L1. */
        uint64_t shared = (uint64_t)d->occ.workgroups_per_cu
                          * d->occ.shared_per_workgroup;
        mem_set_l1_bytes(g->mem, shared < hw->cache.l1.unified
                                 ? (uint32_t)(hw->cache.l1.unified - shared)
                                 : 0);
    }
    if (hw->launch_cycles)
        evq_set(g->q, EV_LAUNCH, 0, now + hw->launch_cycles);
    else
        dispatch_fill_all(g, now);
}

void dispatch_next(gpu *g, uint64_t now)
{
    g->cur++;
    g->dispatches[g->cur].start = dispatch_tally(g, now);
    g->next_wg = g->retired_wg = 0;
    g->pending = g->dispatches[g->cur].n_wg > 0;
    dispatch_use(g, g->cur);
    if (now > g->last_progress)
        g->last_progress = now;
    dispatch_launch(g, now);
}
