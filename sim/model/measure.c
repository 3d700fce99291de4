/*
 * measure.c — a run's figures from its counters, once, when it ends:
 * cycles, occupancy, stall and warp-state fractions, the memory figures,
 * and each span's speeds of light and bound (Nsight Compute's rule; the
 * whole run and each dispatch, from the tallies gpu.h describes). Nothing
 * here runs while the simulation does.
 */
#include <assert.h>

#include "gpu.h"
#include "insn_stats.h"
#include "measure.h"

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

/* The hierarchy's speeds of light over the span between tallies a and b
 * of `cycles` cycles: the L1 tag stages' busy share, the L2 slices' port
 * share, DRAM's bandwidth share (the bytes its buses moved: at most its
 * peak), and the busiest slice's atomic unit's
 * busy share (the growth of the busiest slice's busy cycles over the
 * span: exact for a whole run, at most the busiest slice's share of a
 * dispatch). */
static void hierarchy_sols(const gpu *g, const tally *a, const tally *b,
                           double cycles, double *l1, double *l2,
                           double *dram, double *atomic)
{
    const cusim_hw *hw = g->hw;
    const mem_stats d = mem_stats_since(&b->mem, &a->mem);
    *l1 = (double)d.l1_tag_cycles / (cycles * hw->compute_units);
    *l2 = (double)d.l2_port_slots
          / (cycles * hw->cache.l2.slices * hw->cache.l2.bytes_per_cycle);
    *dram = (double)d.dram_bus_bytes / (cycles * hw->dram.bytes_per_cycle);
    *atomic = (double)d.l2_atomic_busy_max
              / (cycles * hw->cache.l2.atomic_rate);
    if (*atomic > 1.0)
        *atomic = 1.0;
}

static double max3(double a, double b, double c)
{
    double m = a > b ? a : b;
    return m > c ? m : c;
}

/* The figures of the span between tallies a and b (a dispatch, or the
 * whole run from the zero tally): cycles, achieved occupancy and the
 * speeds of light. With a hierarchy, memory's is the highest of its
 * levels' (Nsight's memory throughput). */
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
    /* the issue slots used: scalar instructions issued beside take none */
    out->sol_compute = (double)(b->warp_instructions - a->warp_instructions
                                - (b->beside_instructions
                                   - a->beside_instructions))
        / (cycles * g->n_parts * hw->cu.issue_per_cycle);
    out->sol_busiest_unit = 0.0;
    for (int u = 0; u < CUSIM_UNIT_COUNT; u++) {
        double busy = (double)(b->unit_busy[u] - a->unit_busy[u])
            / (cycles * g->n_parts);
        if (u != CUSIM_UNIT_BARRIER && busy > out->sol_busiest_unit)
            out->sol_busiest_unit = busy;
    }
    if (mem_has_hierarchy(g->mem)) {
        double atomic;
        hierarchy_sols(g, a, b, cycles, &out->sol_l1, &out->sol_l2,
                       &out->sol_dram, &atomic);
        out->sol_memory = max3(out->sol_l1, out->sol_l2, out->sol_dram);
        if (atomic > out->sol_memory)
            out->sol_memory = atomic;
        out->hierarchy = true;
        const mem_stats d = mem_stats_since(&b->mem, &a->mem);
        out->l1_bytes = d.l1_sectors * hw->cache.l1.sector;
        out->l1_hit_rate = d.l1_sectors
            ? (double)d.l1_hits / (double)d.l1_sectors : 0.0;
        out->l2_bytes = d.l2_sectors * hw->cache.l2.sector;
        out->l2_hit_rate = d.l2_sectors
            ? (double)d.l2_hits / (double)d.l2_sectors : 0.0;
        out->dram_bytes = d.dram_read_bytes + d.dram_write_bytes;
    } else {
        out->sol_memory = (double)(b->mem.bytes - a->mem.bytes)
            / (cycles * hw->memory.bandwidth);
    }
}

/* Each unit's share of its peak over the whole run (r->sol_unit): the
 * pipes' busy cycles over the partitions' cycles, the levels' speeds of
 * light (the flat model's channel counts as dram, its l1, l2 and atomic
 * units are absent); then the busiest pipe's name (the first of alu, sfu, shared,
 * mem on a tie) and the unit at the top of all (bound_unit, ranked by
 * cusim_sol_ranking). */
static void unit_shares(const gpu *g, const tally *end, cusim_result *r,
                        double cycles)
{
    for (int u = 0; u < CUSIM_SOL_PIPES; u++)
        r->sol_unit[u] = (double)end->unit_busy[
            cusim_sol_unit_pipe((cusim_sol_unit)u)] / (cycles * g->n_parts);
    r->sol_unit[CUSIM_SOL_L1] = r->hierarchy ? r->sol_l1 : -1.0;
    r->sol_unit[CUSIM_SOL_L2] = r->hierarchy ? r->sol_l2 : -1.0;
    r->sol_unit[CUSIM_SOL_DRAM] = r->hierarchy ? r->sol_dram : r->sol_memory;
    if (!r->hierarchy)      /* (with one, measure_run set it) */
        r->sol_unit[CUSIM_SOL_ATOMIC] = -1.0;
    int busiest = 0;
    for (int u = 1; u < CUSIM_SOL_PIPES; u++)
        if (r->sol_unit[u] > r->sol_unit[busiest])
            busiest = u;
    r->busiest_unit_name = cusim_sol_unit_name((cusim_sol_unit)busiest);
    cusim_sol_unit order[CUSIM_SOL_UNIT_COUNT];
    cusim_sol_ranking(r, order);
    r->bound_unit = cusim_sol_unit_name(order[0]);
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

void measure_run(const gpu *g, const tally *end, cusim_result *r)
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
    r->branches = g->branches;
    r->divergent_branches = g->divergent_branches;
    r->branch_efficiency = g->branches
        ? (double)(g->branches - g->divergent_branches) / (double)g->branches
        : 1.0;
    insn_stats_measure(g, r);
    r->occupancy = g->dispatches[0].occ;
    uint64_t integral = 0, active = 0;
    r->peak_workgroups_per_cu = 0;
    for (uint32_t c = 0; c < hw->compute_units; c++) {
        integral += g->cus[c].res_integral;
        active += g->cus[c].active;
        if (g->cus[c].peak_wg > r->peak_workgroups_per_cu)
            r->peak_workgroups_per_cu = g->cus[c].peak_wg;
    }
    r->achieved_occupancy = (double)integral
        / (cycles * hw->compute_units * hw->cu.max_subgroups);
    r->achieved_active = active ? (double)integral
        / ((double)active * hw->cu.max_subgroups) : 0.0;
    r->ipc = (double)g->warp_instructions / cycles / hw->compute_units;
    r->issue_utilization = (double)(g->warp_instructions
                                    - g->beside_instructions)
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
    r->hierarchy = mem_has_hierarchy(g->mem);
    /* The path to memory's peak: the flat channel's memory.bandwidth, or
     * with a hierarchy DRAM's dram.bytes_per_cycle (memory.bandwidth is
     * then no part of the model): the bandwidth utilization's and the
     * roofline ridge's. */
    double peak = r->hierarchy ? (double)hw->dram.bytes_per_cycle
                               : (double)hw->memory.bandwidth;
    r->bandwidth_utilization = r->hierarchy ? 0.0   /* sol_dram, below */
                             : (double)ms->bytes / (cycles * peak);
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
    r->roofline_ridge = (double)g->n_parts * lanes / peak;
    r->bound = span_bound(&run);
    if (r->hierarchy) {
        uint32_t sector = hw->cache.l1.sector;
        r->l1_requests = ms->l1_requests;
        r->l1_bytes = ms->l1_sectors * sector;
        r->l1_hit_rate = ms->l1_sectors
            ? (double)ms->l1_hits / (double)ms->l1_sectors : 0.0;
        r->l1_sectors_per_request = ms->l1_requests
            ? (double)ms->l1_sectors / (double)ms->l1_requests : 0.0;
        r->l1_reservation_fails = ms->l1_reservation_fails;
        r->l1_pending_hits = ms->l1_pending_hits;
        r->l2_pending_hits = ms->l2_pending_hits;
        r->l2_bytes = ms->l2_sectors * hw->cache.l2.sector;
        r->l2_hit_rate = ms->l2_sectors
            ? (double)ms->l2_hits / (double)ms->l2_sectors : 0.0;
        r->l2_reservation_fails = ms->l2_reservation_fails;
        r->dram_bytes = ms->dram_read_bytes + ms->dram_write_bytes;
        r->dram_intensity = r->dram_bytes
            ? (double)arith / (double)r->dram_bytes : 0.0;
        r->atomic_requests = ms->l2_atomic_requests;
        r->atomic_ops = ms->l2_atomic_ops;
        r->atomic_wait = ms->l2_atomic_wait;
        r->dram_row_hit_rate = ms->dram_accesses
            ? (double)ms->dram_row_hits / (double)ms->dram_accesses : 0.0;
        hierarchy_sols(g, &zero, end, cycles, &r->sol_l1, &r->sol_l2,
                       &r->sol_dram, &r->sol_unit[CUSIM_SOL_ATOMIC]);
        /* the channel to memory is DRAM: its share, not the bytes the
         * CUs asked of the L1 against it */
        r->bandwidth_utilization = r->sol_dram;
    }
    unit_shares(g, end, r, cycles);
}
