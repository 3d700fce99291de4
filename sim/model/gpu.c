/*
 * gpu.c — setting up and freeing the simulator's state (gpu.h): every
 * pool a run needs, allocated once from the profile's caps and the
 * planned dispatches, and the bytes that takes, worked out beforehand so
 * that a run too large is refused before anything is allocated.
 */
#include <assert.h>
#include <stdlib.h>

#include "diverge.h"
#include "gpu.h"
#include "scheduler.h"
#include "xalloc.h"

void gpu_free(gpu *g)
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
            free(g->dispatches[d].stat);
            for (int i = 0; i < g->dispatches[d].n_costs; i++)
                free(g->dispatches[d].cost[i]);
            free(g->dispatches[d].masked_cost);
        }
    free(g->dispatches);
    free(g->sgs);
    free(g->regs);
    free(g->parts);
    free(g->wgs);
    free(g->cus);
    free(g->part_free);
    free(g->lines);
    diverge_free(g);
}

/* How many subgroups' lines g->lines holds (gpu.h): every slot's with
 * the hierarchy (memsys.c's test for it), one scratch slot without. */
static uint64_t gpu_line_slots(const cusim_hw *hw)
{
    return hw->cache.l2.bytes > 0
           ? (uint64_t)hw->compute_units * hw->cu.max_subgroups : 1;
}

/* The events of the GPU's queue, by kind. */
static void event_counts(const cusim_hw *hw, uint32_t counts[EV_KINDS])
{
    counts[EV_WAKE] = SCHED_BATCHES(hw->compute_units * hw->cu.schedulers);
    counts[EV_RETIRE] = hw->compute_units * hw->cu.max_workgroups;
    counts[EV_DISPATCH] = 1;
    counts[EV_MEM] = mem_event_count(hw);
    counts[EV_LAUNCH] = 1;
    counts[EV_FREE] = hw->compute_units * hw->cu.max_workgroups;
}

/* Kept next to gpu_init, which it mirrors allocation by allocation. */
uint64_t gpu_state_bytes(const gpu *g)
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
    /* (a program without registers still takes one, as xcalloc of none
     * does) */
    uint64_t regs = n_cu * sg_per_cu * g->n_regs;
    bytes += n_cu * sg_per_cu * sizeof(sg) + (regs ? regs : 1) * sizeof(uint64_t);
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
    /* (none still takes one, as xcalloc of none does) */
    uint64_t lines = gpu_line_slots(hw) * g->lines_cap;
    bytes += (lines ? lines : 1) * sizeof(addr_line);
    bytes += diverge_state_bytes(g);
    return bytes;
}

void gpu_init(gpu *g)
{
    const cusim_hw *hw = g->hw;
    uint32_t n_cu = hw->compute_units, P = hw->cu.schedulers;
    uint32_t sg_per_cu = hw->cu.max_subgroups, wg_per_cu = hw->cu.max_workgroups;
    g->n_parts = n_cu * P;
#ifndef NDEBUG
    unsigned long long before = xalloc_bytes();
#endif
    uint32_t events[EV_KINDS];
    event_counts(hw, events);
    g->q = evq_new(events, EV_KINDS);
    g->mem = mem_new(hw, g->q, EV_MEM);
    g->mstats = mem_get_stats(g->mem);
    g->hier = mem_has_hierarchy(g->mem);
    g->scalar_beside = hw->cu.scalar_cycles > 0
                       && hw->cu.scalar_issue == CUSIM_SCALAR_ISSUE_BESIDE;
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
    g->lines = xcalloc(gpu_line_slots(hw) * g->lines_cap, sizeof *g->lines);
    diverge_init(g);
    for (uint32_t p = 0; p < g->n_parts; p++) {
        part *pt = &g->parts[p];
        pt->ready = g->ready_pool + p * per_part;
        pt->wait = g->wait_pool + p * per_part;
        pt->cu = p / P;
        pt->last = NONE;
        pt->issued_at = NEVER;
        pt->wfirst = pt->wtop = NEVER;
        pt->reason = CUSIM_STALL_IDLE;
        for (uint32_t b = 0; b < PART_WHEEL; b++)
            pt->whead[b] = NONE;
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
        g->bat_of[p] = NONE;
    for (uint32_t b = 0; b < n_bat; b++)
        g->bat_free[b] = n_bat - 1 - b;
    g->n_bat_free = n_bat;
    g->open_bat = g->running_bat = NONE;
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
    /* What the planner checked against CUSIM_STATE_MAX_BYTES is what was
     * taken. */
    assert(xalloc_bytes() - before == gpu_state_bytes(g));
}
