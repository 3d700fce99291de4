/*
 * sim.c — the timing simulator: setting up the GPU's pools, the dispatcher
 * that hands workgroups to compute units as they free up (asking the
 * admission rule of alloc.h whether each fits), the event loop, and the
 * measurement of a run.
 *
 * The loop pops events from one queue for the whole GPU, ordered by
 * (cycle, sequence), each naming its kind (enum gpu_event): scheduler
 * wake-ups, workgroup retirements and the start of the next dispatch.
 * Time jumps from one event to the next, so idle cycles cost nothing.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config.h"
#include "decode.h"
#include "error.h"
#include "gpu.h"
#include "isa.h"
#include "xalloc.h"

#define DEFAULT_WATCHDOG 10000000ull

static uint64_t div_up(uint64_t a, uint64_t b)
{
    return (a + b - 1) / b;
}

/* ------------------------------------------------------------ dispatches */

/* Makes dispatch i the one the schedulers issue from. */
static void use_dispatch(gpu *g, uint32_t i)
{
    const dispatch *d = &g->dispatches[i];
    g->code = d->code;
    g->width = d->occ.simd_width;
}

/* Decodes dispatch d's issue costs for full subgroups and for each lane
 * count a partial one can have: a workgroup's last subgroup, and the last
 * workgroup's (at most two counts). */
static void decode_costs(const cusim_hw *hw, dispatch *d)
{
    uint32_t width = d->occ.simd_width;
    uint64_t last_wg = d->invocations - (uint64_t)(d->n_wg - 1) * d->wg_size;
    const uint32_t lanes[DISPATCH_COSTS] = {
        width, d->wg_size % width, (uint32_t)(last_wg % width)
    };
    for (int i = 0; i < DISPATCH_COSTS; i++) {
        bool seen = lanes[i] == 0;
        for (int j = 0; j < d->n_costs && !seen; j++)
            seen = d->cost_lanes[j] == lanes[i];
        if (seen)
            continue;
        d->cost_lanes[d->n_costs] = lanes[i];
        d->cost[d->n_costs++] = decode_program(d->code, hw, width, lanes[i]);
    }
}

/* The issue costs for a subgroup of d with `lanes` active lanes (> 0). */
static const insn_cost *costs_for(const dispatch *d, uint32_t lanes)
{
    for (int i = 0; i < d->n_costs; i++)
        if (d->cost_lanes[i] == lanes)
            return d->cost[i];
    assert(0 && "a lane count decode_costs did not foresee");
    return d->cost[0];
}

/* Resolves the kernel's chain of dispatches: each one's occupancy, program
 * and size (a later dispatch's element count may depend on the previous
 * one's, as a reduction's second pass takes the first pass's partials). */
static int plan_dispatches(gpu *g, const cusim_kernel *k, cusim_error *err)
{
    for (const cusim_kernel *d = k; d; d = d->next)
        g->n_dispatches++;
    g->dispatches = xcalloc(g->n_dispatches, sizeof *g->dispatches);
    uint64_t prev_elements = 0, prev_workgroups = 0;
    uint32_t i = 0;
    for (const cusim_kernel *d = k; d; d = d->next, i++) {
        dispatch *dp = &g->dispatches[i];
        uint64_t elements = d->elements;
        if (i > 0 && cusim_dispatch_elements(d, prev_elements, prev_workgroups,
                                             &elements, err) != 0)
            return -1;
        if (cusim_occupancy_compute(g->hw, d, &dp->occ, err) != 0
            || alloc_need_of(g->hw, d, dp->occ.simd_width,
                             dp->occ.registers_per_invocation, &dp->need,
                             err) != 0)
            return -1;
        prog_shape shape = prog_shape_of(d, dp->occ.simd_width);
        dp->code = prog_resolve(d->ast, &shape, err);
        if (!dp->code)
            return -1;
        dp->wg_size = cusim_kernel_workgroup_size(d);
        dp->invocations = div_up(elements, d->elements_per_invocation);
        uint64_t n_wg = div_up(dp->invocations, dp->wg_size);
        cusim_mark at = cfg_kernel_mark(d, "elements");
        if (n_wg > UINT32_MAX)
            return err_at(err, &at,
                          "%selements: %llu workgroups is more than cusim "
                          "can dispatch (at most %u)",
                          cfg_kernel_prefix(d, &at), (unsigned long long)n_wg,
                          UINT32_MAX);
        dp->n_wg = (uint32_t)n_wg;
        if (n_wg > 0)
            decode_costs(g->hw, dp);
        if (dp->code->n_regs > g->n_regs)
            g->n_regs = dp->code->n_regs;
        if (dp->need.subgroups > g->wg_cap)
            g->wg_cap = dp->need.subgroups;
        prev_elements = elements;
        prev_workgroups = n_wg;
    }
    use_dispatch(g, 0);
    return 0;
}

/* ----------------------------------------------------------- admission */

/* Residency integral of CU c up to `now`. */
static void cu_residency(cu *c, uint64_t now)
{
    c->res_integral += (uint64_t)c->resident_sg * (now - c->res_since);
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
        s->part = p;
        s->state = SG_RUN;
        s->done_at = now;
        s->ready_at = now;
        uint32_t before = i * g->width;
        s->lanes = invocations > before ? invocations - before : 0;
        if (s->lanes > g->width)
            s->lanes = g->width;
        s->cost = s->lanes ? costs_for(d, s->lanes) : NULL;
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

/* Hands workgroups round-robin, one per CU with room per turn. */
static void fill_all(gpu *g, uint64_t now)
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

/* Workgroup slot wi's last subgroup has completed: free everything. */
static void wg_retire(gpu *g, uint32_t wi, uint64_t now)
{
    const dispatch *d = &g->dispatches[g->cur];
    wg *w = &g->wgs[wi];
    cu *c = &g->cus[w->cu];
    cu_residency(c, now);
    for (uint32_t i = 0; i < w->n_sg; i++) {
        sg *s = &g->sgs[w->sgs[i]];
        alloc_unplace(&c->res, &d->need, s->part % g->hw->cu.schedulers);
        assert(s->state == SG_DONE);
        g->retired_instructions += s->issued;
        s->state = SG_FREE;
        c->free_sgs[c->n_free_sgs++] = w->sgs[i];
        c->resident_sg--;
    }
    if (g->rec)
        trace_resident(g->rec, w->cu, -(int64_t)w->n_sg, now);
    c->free_wgs[c->n_free_wgs++] = wi;
    alloc_release(&c->res, &d->need);
    c->resident_wg--;
    g->end = now;
    g->last_progress = now;

    if (g->opt->progress && (++g->retired_all % g->progress_every == 0
                             || g->retired_all == g->total_wg))
        g->opt->progress(g->opt->progress_ctx, g->retired_all, g->total_wg);
    if (++g->retired_wg == d->n_wg) {
        /* The next dispatch starts once the whole previous one is done,
         * its stores included (a kernel boundary). */
        if (g->cur + 1 < g->n_dispatches)
            evq_set(g->q, EV_DISPATCH, 0, g->drain > now ? g->drain : now);
        return;
    }
    fill_cu(g, w->cu, now);
}

/* The run's cumulative counters at `now` (the CUs' residency accounted up
 * to it first). */
static tally tally_at(gpu *g, uint64_t now)
{
    tally t = { .at = now, .warp_instructions = g->warp_instructions,
                .bytes = mem_get_stats(g->mem)->bytes };
    for (uint32_t c = 0; c < g->hw->compute_units; c++) {
        cu_residency(&g->cus[c], now);
        t.residency += g->cus[c].res_integral;
    }
    memcpy(t.unit_busy, g->unit_busy, sizeof t.unit_busy);
    return t;
}

/* Starts the next dispatch at `now`. */
static void next_dispatch(gpu *g, uint64_t now)
{
    g->cur++;
    g->dispatches[g->cur].start = tally_at(g, now);
    g->next_wg = g->retired_wg = 0;
    g->pending = g->dispatches[g->cur].n_wg > 0;
    use_dispatch(g, g->cur);
    g->last_progress = now;
    fill_all(g, now);
}

/* -------------------------------------------------------------- set-up */

static void gpu_free(gpu *g)
{
    trace_free(g->rec);
    evq_free(g->q);
    mem_free(g->mem);
    free(g->ready_pool);
    free(g->wait_pool);
    free(g->bat_pool);
    free(g->bat_at);
    free(g->wg_sg_pool);
    free(g->free_pool);
    if (g->dispatches)
        for (uint32_t d = 0; d < g->n_dispatches; d++) {
            prog_code_free(g->dispatches[d].code);
            for (int i = 0; i < g->dispatches[d].n_costs; i++)
                free(g->dispatches[d].cost[i]);
        }
    free(g->dispatches);
    free(g->sgs);
    free(g->regs);
    free(g->parts);
    free(g->wgs);
    free(g->cus);
    free(g->part_free);
}

/* The events of the GPU's queue, by kind. */
static void event_counts(const cusim_hw *hw, uint32_t counts[EV_KINDS])
{
    counts[EV_WAKE] = SCHED_BATCHES(hw->compute_units * hw->cu.schedulers);
    counts[EV_RETIRE] = hw->compute_units * hw->cu.max_workgroups;
    counts[EV_DISPATCH] = 1;
}

/* Bytes gpu_init allocates for g (its dispatches planned): what the
 * modelled hardware takes, whatever the work. Kept next to gpu_init, which
 * it mirrors allocation by allocation. */
static uint64_t gpu_state_bytes(const gpu *g)
{
    const cusim_hw *hw = g->hw;
    uint64_t n_cu = hw->compute_units, P = hw->cu.schedulers;
    uint64_t sg_per_cu = hw->cu.max_subgroups, wg_per_cu = hw->cu.max_workgroups;
    uint64_t per_part = sg_per_cu / P;
    uint32_t counts[EV_KINDS];
    uint64_t bytes = 0;
    if (n_cu * P <= UINT32_MAX && n_cu * wg_per_cu <= UINT32_MAX) {
        event_counts(hw, counts);
        bytes += evq_state_bytes(counts, EV_KINDS);
    } else {
        return UINT64_MAX;
    }
    bytes += mem_state_bytes(hw);
    bytes += n_cu * sg_per_cu * (sizeof(sg) + g->n_regs * sizeof(uint64_t));
    bytes += n_cu * P * (sizeof(part) + per_part * (sizeof(uint32_t)
                                                   + sizeof(wait_entry))
                         + 2 * sizeof(uint32_t))
             + sizeof(uint32_t) + sizeof(wait_entry);
    bytes += n_cu * wg_per_cu * (sizeof(wg) + (g->wg_cap ? g->wg_cap : 1)
                                              * sizeof(uint32_t));
    bytes += n_cu * P * 3 * sizeof(uint32_t)
             + SCHED_BATCHES(n_cu * P) * (3 * sizeof(uint32_t)
                                          + sizeof(uint64_t));
    bytes += n_cu * (sizeof(cu) + (sg_per_cu + wg_per_cu) * sizeof(uint32_t));
    return bytes;
}

/* Refuses a global access that makes more transactions than one CU may
 * have in flight: it could never issue within the cap. */
static int check_inflight(const gpu *g, const cusim_kernel *k, cusim_error *err)
{
    uint32_t cap = g->hw->memory.max_inflight;
    for (uint32_t i = 0; i < g->n_dispatches; i++) {
        const dispatch *d = &g->dispatches[i];
        /* the full subgroups' costs (cost[0]): the most transactions */
        for (uint32_t pc = 0; d->n_costs > 0 && pc < d->code->n_insns; pc++) {
            const insn_cost *c = &d->cost[0][pc];
            if (!c->global || c->tx <= cap)
                continue;
            const prog_insn *in = &d->code->insns[pc];
            cusim_mark at = cfg_hw_mark(g->hw, "memory.max_inflight");
            return err_at(err, &at,
                          "memory.max_inflight: %u transactions in flight "
                          "per CU is fewer than one %s of kernel '%s' makes "
                          "(%u lanes x %u bytes in %u-byte transactions: "
                          "%u); expected at least %u",
                          cap, isa_get((isa_op)in->op)->mnemonic, k->name,
                          d->occ.simd_width, in->bytes,
                          g->hw->memory.transaction, c->tx, c->tx);
        }
    }
    return 0;
}

/* Refuses a run that would issue more warp-instructions than the options
 * allow: every subgroup of every dispatch executes its whole program (the
 * count is exact unless a subgroup has no lane). */
static int check_budget(const gpu *g, const cusim_kernel *k, cusim_error *err)
{
    uint64_t limit = g->opt->max_instructions ? g->opt->max_instructions
                                              : CUSIM_DEFAULT_MAX_INSTRUCTIONS;
    uint64_t total = 0;
    bool over = false;
    for (uint32_t i = 0; i < g->n_dispatches; i++) {
        const dispatch *d = &g->dispatches[i];
        uint64_t sgs, n;
        over |= __builtin_mul_overflow((uint64_t)d->n_wg, d->need.subgroups, &sgs)
                | __builtin_mul_overflow(sgs, d->code->dynamic_insns, &n)
                | __builtin_add_overflow(total, n, &total);
    }
    if (!over && total <= limit)
        return 0;
    cusim_mark at = cfg_kernel_mark(k, "elements");
    const dispatch *d = &g->dispatches[0];
    char amount[48];
    if (over)
        snprintf(amount, sizeof amount, "more than %llu",
                 (unsigned long long)UINT64_MAX);
    else
        snprintf(amount, sizeof amount, "%llu", (unsigned long long)total);
    return err_at(err, &at,
                  "%selements: the run would issue %s warp-instructions (%u "
                  "workgroups x %u subgroups x %llu instructions each%s), "
                  "more than the limit of %llu; use fewer elements or "
                  "repeats, or raise the limit (--max-instructions)",
                  cfg_kernel_prefix(k, &at), amount, d->n_wg, d->need.subgroups,
                  (unsigned long long)d->code->dynamic_insns,
                  g->n_dispatches > 1 ? ", first dispatch" : "",
                  (unsigned long long)limit);
}

/* Refuses a profile whose state would take more than
 * CUSIM_STATE_MAX_BYTES, naming compute_units (the size that grows it
 * most) and how many would fit. */
static int check_state_size(const gpu *g, cusim_error *err)
{
    uint64_t bytes = gpu_state_bytes(g);
    if (bytes <= CUSIM_STATE_MAX_BYTES)
        return 0;
    /* The state is affine in the CU count: fixed + per_cu x CUs. */
    cusim_hw one = *g->hw, two = *g->hw;
    one.compute_units = 1;
    two.compute_units = 2;
    gpu probe = *g;
    probe.hw = &one;
    uint64_t fixed = gpu_state_bytes(&probe);
    probe.hw = &two;
    uint64_t per_cu = gpu_state_bytes(&probe) - fixed;
    fixed -= per_cu;
    uint64_t fit = fixed < CUSIM_STATE_MAX_BYTES
                   ? (CUSIM_STATE_MAX_BYTES - fixed) / per_cu : 0;
    cusim_mark at = cfg_hw_mark(g->hw, "compute_units");
    return err_at(err, &at,
                  "compute_units: %u compute units of this profile need "
                  "%.0f MiB of simulator state, more than the %u MiB a run "
                  "may take; at most %llu fit (each CU's subgroup and "
                  "workgroup slots, registers and partitions take %.1f KiB)",
                  g->hw->compute_units, bytes / 1048576.0,
                  (unsigned)(CUSIM_STATE_MAX_BYTES >> 20),
                  (unsigned long long)fit,
                  per_cu / 1024.0);
}

static void gpu_init(gpu *g)
{
    const cusim_hw *hw = g->hw;
    uint32_t n_cu = hw->compute_units, P = hw->cu.schedulers;
    uint32_t sg_per_cu = hw->cu.max_subgroups, wg_per_cu = hw->cu.max_workgroups;
    g->n_parts = n_cu * P;
    uint32_t events[EV_KINDS];
    event_counts(hw, events);
    g->q = evq_new(events, EV_KINDS);
    g->mem = mem_new(hw);
    g->sgs = xcalloc((size_t)n_cu * sg_per_cu, sizeof *g->sgs);
    g->regs = xcalloc((size_t)n_cu * sg_per_cu * g->n_regs, sizeof *g->regs);
    g->parts = xcalloc(g->n_parts, sizeof *g->parts);
    g->wgs = xcalloc((size_t)n_cu * wg_per_cu, sizeof *g->wgs);
    g->cus = xcalloc(n_cu, sizeof *g->cus);
    g->part_free = xcalloc((size_t)n_cu * P * 2, sizeof *g->part_free);
    for (uint32_t s = 0; s < n_cu * sg_per_cu; s++)
        g->sgs[s].ready = g->regs + (size_t)s * g->n_regs;
    /* Each partition's, workgroup slot's and CU's lists are slices of one
     * allocation per kind: no allocator overhead per slot. */
    size_t per_part = sg_per_cu / P, wg_cap = g->wg_cap ? g->wg_cap : 1;
    g->ready_pool = xcalloc(g->n_parts * per_part + 1, sizeof *g->ready_pool);
    g->wait_pool = xcalloc(g->n_parts * per_part + 1, sizeof *g->wait_pool);
    g->wg_sg_pool = xcalloc((size_t)n_cu * wg_per_cu * wg_cap,
                            sizeof *g->wg_sg_pool);
    g->free_pool = xcalloc((size_t)n_cu * (sg_per_cu + wg_per_cu),
                           sizeof *g->free_pool);
    for (uint32_t p = 0; p < g->n_parts; p++) {
        part *pt = &g->parts[p];
        pt->ready = g->ready_pool + p * per_part;
        pt->wait = g->wait_pool + p * per_part;
        pt->cu = p / P;
        pt->last = NONE32;
        pt->issued_at = NEVER;
        pt->wfirst = pt->wtop = NEVER;
        pt->reason = CUSIM_STALL_IDLE;
        for (uint32_t b = 0; b < PART_WHEEL; b++)
            pt->whead[b] = NONE32;
    }
    for (uint32_t w = 0; w < n_cu * wg_per_cu; w++)
        g->wgs[w].sgs = g->wg_sg_pool + w * wg_cap;
    uint32_t n_bat = SCHED_BATCHES(g->n_parts);
    g->bat_pool = xmalloc(sizeof *g->bat_pool
                          * (3 * (size_t)g->n_parts + 3 * (size_t)n_bat));
    g->bat_of = g->bat_pool;
    g->bat_next = g->bat_of + g->n_parts;
    g->bat_prev = g->bat_next + g->n_parts;
    g->bat_head = g->bat_prev + g->n_parts;
    g->bat_tail = g->bat_head + n_bat;
    g->bat_free = g->bat_tail + n_bat;
    g->bat_at = xcalloc(n_bat, sizeof *g->bat_at);
    for (uint32_t p = 0; p < g->n_parts; p++)
        g->bat_of[p] = NONE32;
    for (uint32_t b = 0; b < n_bat; b++)
        g->bat_free[b] = n_bat - 1 - b;
    g->n_bat_free = n_bat;
    g->open_bat = g->running_bat = NONE32;
    for (uint32_t ci = 0; ci < n_cu; ci++) {
        cu *c = &g->cus[ci];
        alloc_cu_init(&c->res, hw, g->part_free + (size_t)ci * P * 2);
        c->free_sgs = g->free_pool + (size_t)ci * (sg_per_cu + wg_per_cu);
        c->free_wgs = c->free_sgs + sg_per_cu;
        /* Stacks popped from the end: lowest index first. */
        for (uint32_t i = 0; i < sg_per_cu; i++)
            c->free_sgs[c->n_free_sgs++] = ci * sg_per_cu + sg_per_cu - 1 - i;
        for (uint32_t i = 0; i < wg_per_cu; i++)
            c->free_wgs[c->n_free_wgs++] = ci * wg_per_cu + wg_per_cu - 1 - i;
    }
}

/* ----------------------------------------------------------------- run */

static void dump_state(const gpu *g, FILE *out)
{
    if (!out)
        return;
    fprintf(out, "state at cycle %llu (dispatch %u of %u, %u of %u "
            "workgroups handed out, %u retired):\n",
            (unsigned long long)g->now, g->cur + 1, g->n_dispatches,
            g->next_wg, g->dispatches[g->cur].n_wg, g->retired_wg);
    for (uint32_t ci = 0; ci < g->hw->compute_units; ci++) {
        const cu *c = &g->cus[ci];
        if (c->resident_wg == 0)
            continue;
        fprintf(out, "  cu%u: %u workgroups, %u subgroups resident\n", ci,
                c->resident_wg, c->resident_sg);
    }
    static const char *const states[] = { "free", "running", "barrier", "done" };
    for (uint32_t wi = 0; wi < g->hw->compute_units * g->hw->cu.max_workgroups; wi++) {
        const wg *w = &g->wgs[wi];
        if (w->finished == w->n_sg)
            continue;
        for (uint32_t i = 0; i < w->n_sg; i++) {
            const sg *s = &g->sgs[w->sgs[i]];
            fprintf(out, "    cu%u wg%u sg%u p%u: %s at pc %u, registers "
                    "ready at %llu\n", w->cu, wi, w->sgs[i],
                    s->part % g->hw->cu.schedulers, states[s->state], s->pc,
                    (unsigned long long)s->ready_at);
        }
    }
}

/* What bounds a run or a dispatch (CUSIM_BOUNDS), Nsight Compute's rule:
 * a speed of light (SOL) of 80% or more is that throughput's bound, the
 * higher one's when both are (compute on a tie); both under 60% is a
 * latency bound, or a small grid when the work is less than one wave and
 * the achieved occupancy is below half the theoretical (the GPU was never
 * filled); in between is balanced. `compute` is the higher of the issue
 * slots' and the busiest execution unit's SOL. */
static cusim_bound bound_of(double compute, double memory, double waves,
                            double achieved, double theoretical)
{
    if (compute >= 0.8 || memory >= 0.8)
        return compute >= memory ? CUSIM_BOUND_COMPUTE : CUSIM_BOUND_BANDWIDTH;
    if (compute < 0.6 && memory < 0.6)
        return waves < 1.0 && achieved < 0.5 * theoretical
               ? CUSIM_BOUND_SMALL_GRID : CUSIM_BOUND_LATENCY;
    return CUSIM_BOUND_BALANCED;
}

/* The figures of the span between tallies a and b (a dispatch, or the
 * whole run from the zero tally): cycles, achieved occupancy and the
 * speeds of light. */
static void span_figures(const gpu *g, const tally *a, const tally *b,
                         cusim_dispatch_result *out)
{
    const cusim_hw *hw = g->hw;
    assert(b->at >= a->at);
    uint64_t T = b->at - a->at;
    double cycles = T ? (double)T : 1.0;
    out->cycles = T;
    out->achieved = (double)(b->residency - a->residency)
        / (cycles * hw->compute_units * hw->cu.max_subgroups);
    out->sol_compute = (double)(b->warp_instructions - a->warp_instructions)
        / (cycles * g->n_parts * hw->cu.issue_per_cycle);
    out->sol_busiest_unit = 0.0;
    for (int u = 0; u < CUSIM_UNIT_COUNT; u++) {
        double busy = (double)(b->unit_busy[u] - a->unit_busy[u])
            / (cycles * g->n_parts);
        if (u != CUSIM_UNIT_BARRIER && busy > out->sol_busiest_unit)
            out->sol_busiest_unit = busy;
    }
    out->sol_memory = (double)(b->bytes - a->bytes)
        / (cycles * hw->memory.bandwidth);
}

/* Dispatch d's waves: its workgroups / what the GPU holds at once. */
static double waves_of(const gpu *g, const dispatch *d)
{
    return (double)d->n_wg
        / ((double)g->hw->compute_units * d->occ.workgroups_per_cu);
}

static const char *span_bound(const cusim_dispatch_result *f)
{
    double compute = f->sol_compute > f->sol_busiest_unit
                     ? f->sol_compute : f->sol_busiest_unit;
    return cusim_bound_name(bound_of(compute, f->sol_memory, f->waves,
                                     f->achieved, f->theoretical));
}

/* Fills `r` from the run's counters; `end` is their tally at its end. */
static void measure(const gpu *g, const tally *end, cusim_result *r)
{
    const cusim_hw *hw = g->hw;
    const mem_stats *ms = mem_get_stats(g->mem);
    uint64_t T = g->end;
    double cycles = T ? (double)T : 1.0;
    r->cycles = T;
    r->time_us = (double)T / hw->clock_mhz;
    r->workgroups = g->workgroups;
    r->subgroups = g->subgroups;
    r->invocations = g->invocations;
    r->warp_instructions = g->warp_instructions;
    r->lane_instructions = g->lane_instructions;
    r->simd_efficiency = g->lane_slots
        ? (double)g->lane_instructions / (double)g->lane_slots : 0.0;
    r->occupancy = g->dispatches[0].occ;
    uint64_t integral = 0;
    r->peak_workgroups_per_cu = 0;
    for (uint32_t c = 0; c < hw->compute_units; c++) {
        integral += g->cus[c].res_integral;
        if (g->cus[c].peak_wg > r->peak_workgroups_per_cu)
            r->peak_workgroups_per_cu = g->cus[c].peak_wg;
    }
    r->achieved_occupancy = (double)integral
        / (cycles * hw->compute_units * hw->cu.max_subgroups);
    r->ipc = (double)g->warp_instructions / cycles / hw->compute_units;
    r->issue_utilization = (double)g->warp_instructions
        / (cycles * g->n_parts * hw->cu.issue_per_cycle);
    uint64_t total[CUSIM_STALL_COUNT] = { 0 }, all = 0;
    for (uint32_t p = 0; p < g->n_parts; p++)
        for (int s = 0; s < CUSIM_STALL_COUNT; s++) {
            total[s] += g->parts[p].stall[s];
            all += g->parts[p].stall[s];
        }
    for (int s = 0; s < CUSIM_STALL_COUNT; s++)
        r->stalls[s] = all ? (double)total[s] / (double)all : 0.0;
    uint64_t states[CUSIM_WS_COUNT] = { 0 }, live = 0;
    for (uint32_t p = 0; p < g->n_parts; p++)
        for (int s = 0; s < CUSIM_WS_COUNT; s++) {
            states[s] += g->parts[p].ws[s];
            live += g->parts[p].ws[s];
        }
    for (int s = 0; s < CUSIM_WS_COUNT; s++)
        r->warp_states[s] = live ? (double)states[s] / (double)live : 0.0;
    r->cycles_per_issue = g->warp_instructions
        ? (double)live / (double)g->warp_instructions : 0.0;
    r->memory_transactions = ms->transactions;
    r->memory_bytes = ms->bytes;
    r->bandwidth_utilization = (double)ms->bytes / (cycles * hw->memory.bandwidth);
    r->avg_latency = ms->transactions
        ? (double)ms->latency_sum / (double)ms->transactions : 0.0;
    r->avg_inflight = (double)ms->latency_sum / cycles;
    r->dispatches = g->n_dispatches;
    r->retired_instructions = g->retired_instructions;

    /* Speed of light and shape: the whole run is the span from the zero
     * tally; each dispatch the span to the next one's start. */
    const tally zero = { 0 };
    cusim_dispatch_result run = { 0 };
    span_figures(g, &zero, end, &run);
    run.theoretical = r->occupancy.theoretical;
    assert(g->n_dispatches <= CUSIM_DISPATCH_MAX);
    for (uint32_t i = 0; i < g->n_dispatches; i++) {
        const dispatch *d = &g->dispatches[i];
        cusim_dispatch_result *dr = &r->dispatch[i];
        span_figures(g, &d->start,
                     i + 1 < g->n_dispatches ? &g->dispatches[i + 1].start
                                             : end, dr);
        dr->theoretical = d->occ.theoretical;
        dr->waves = waves_of(g, d);
        dr->bound = span_bound(dr);
        run.waves += dr->waves;
    }
    r->sol_compute = run.sol_compute;
    r->sol_busiest_unit = run.sol_busiest_unit;
    r->sol_memory = run.sol_memory;
    r->waves = run.waves;
    uint64_t arith = g->unit_lanes[CUSIM_UNIT_ALU]
                     + g->unit_lanes[CUSIM_UNIT_SFU];
    r->arithmetic_intensity = ms->bytes ? (double)arith / (double)ms->bytes
                                        : 0.0;
    r->roofline_performance = (double)arith / cycles;
    uint32_t lanes = hw->cu.issue_per_cycle * g->dispatches[0].occ.simd_width;
    if (lanes > hw->cu.lanes[CUSIM_UNIT_ALU])
        lanes = hw->cu.lanes[CUSIM_UNIT_ALU];
    r->roofline_ridge = (double)g->n_parts * lanes / hw->memory.bandwidth;
    r->bound = span_bound(&run);
}

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Everything a run checks before it starts: its dispatches resolve, and
 * it fits the memory cap, the instruction budget and the state bound. */
static int plan_run(gpu *g, const cusim_kernel *k, cusim_error *err)
{
    if (plan_dispatches(g, k, err) != 0 || check_inflight(g, k, err) != 0
        || check_budget(g, k, err) != 0 || check_state_size(g, err) != 0)
        return -1;
    return 0;
}

int cusim_validate(const cusim_hw *hw, const cusim_kernel *k,
                   const cusim_sim_options *opt, cusim_error *err)
{
    static const cusim_sim_options no_options = { 0 };
    gpu g = { .hw = hw, .opt = opt ? opt : &no_options };
    int rc = plan_run(&g, k, err);
    gpu_free(&g);
    return rc;
}

int cusim_simulate(const cusim_hw *hw, const cusim_kernel *k,
                   const cusim_sim_options *opt, cusim_result *out,
                   FILE *dump, cusim_error *err)
{
    static const cusim_sim_options no_options = { 0 };
    double t0 = seconds();
    gpu g = { .hw = hw, .opt = opt ? opt : &no_options };
    if (plan_run(&g, k, err) != 0) {
        gpu_free(&g);
        return -1;
    }
    gpu_init(&g);
    for (uint32_t i = 0; i < g.n_dispatches; i++)
        g.total_wg += g.dispatches[i].n_wg;
    g.progress_every = g.total_wg / 1000 ? g.total_wg / 1000 : 1;
    g.rec = trace_new(hw, g.opt, k->name);
    g.pending = g.dispatches[0].n_wg > 0;
    uint64_t watchdog = g.opt->watchdog_cycles ? g.opt->watchdog_cycles
                                               : DEFAULT_WATCHDOG;
    fill_all(&g, 0);

    int status = 0;
    while (!evq_empty(g.q)) {
        uint64_t now;
        evq_event ev = evq_pop(g.q, &now);
        g.now = now;
        if (now - g.last_progress > watchdog) {
            err_set(err, k->file, 1, 1, "simulation stalled: no instruction "
                    "issued and no workgroup retired for %llu cycles (at "
                    "cycle %llu)", (unsigned long long)watchdog,
                    (unsigned long long)now);
            dump_state(&g, dump);
            status = 1;
            break;
        }
        switch ((enum gpu_event)ev.kind) {
        case EV_WAKE:
            sched_run_batch(&g, ev.index, now);
            break;
        case EV_RETIRE:
            wg_retire(&g, ev.index, now);
            break;
        case EV_DISPATCH:
            next_dispatch(&g, now);
            break;
        case EV_KINDS:
            assert(0);
            break;
        }
    }
    if (status == 0 && (g.cur + 1 < g.n_dispatches
                        || g.retired_wg < g.dispatches[g.cur].n_wg)) {
        err_set(err, k->file, 1, 1, "simulation deadlocked at cycle %llu: "
                "nothing left to happen but work remains",
                (unsigned long long)g.now);
        dump_state(&g, dump);
        status = 1;
    }
    if (status == 0 && g.drain > g.end)
        g.end = g.drain;   /* the kernel ends when its stores land */
    if (g.rec)
        trace_finish(g.rec, status == 0 ? g.end : g.now);
    if (status == 0) {
#ifndef NDEBUG
        uint32_t empty_part[2 * ALLOC_MAX_PARTS];
        alloc_cu empty;
        alloc_cu_init(&empty, hw, empty_part);
        for (uint32_t c = 0; c < hw->compute_units; c++) {
            const alloc_cu *res = &g.cus[c].res;
            assert(g.cus[c].resident_wg == 0 && g.cus[c].resident_sg == 0
                   && res->workgroups == empty.workgroups
                   && res->barriers == empty.barriers
                   && res->invocations == empty.invocations
                   && res->shared == empty.shared
                   && memcmp(res->part, empty.part,
                             sizeof empty_part[0] * 2 * res->n_parts) == 0);
        }
#endif
        for (uint32_t p = 0; p < g.n_parts; p++)
            assert(g.parts[p].n_ready == 0 && g.parts[p].n_wait == 0
                   && g.parts[p].n_wheel == 0 && g.bat_of[p] == NONE32);
        assert(g.n_bat_free == SCHED_BATCHES(g.n_parts));
        for (uint32_t p = 0; p < g.n_parts; p++)
            sched_account(&g, p, g.end, CUSIM_STALL_TAIL);
        tally end = tally_at(&g, g.end);
        memset(out, 0, sizeof *out);
        measure(&g, &end, out);
        out->host_seconds = seconds() - t0;
        out->warp_instructions_per_second = out->host_seconds > 0
            ? (double)out->warp_instructions / out->host_seconds : 0.0;
    }
    gpu_free(&g);
    return status;
}
