/*
 * plan.c — everything a run works out and checks before it allocates its
 * state: the kernel's chain of dispatches resolved (each one's occupancy,
 * program, size and decoded issue costs), then the bounds a run must fit:
 * the memory in-flight cap, the instruction budget and the state size
 * (docs/formats.md, "Limits"). cusim_validate runs only this.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include "config.h"
#include "decode.h"
#include "error.h"
#include "gpu.h"
#include "intmath.h"
#include "isa.h"
#include "plan.h"
#include "xalloc.h"

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
    if (d->code->div_depth > 0)
        d->masked_cost = decode_program_masked(d->code, hw, width);
}

/* Makes room in g->lines for the lines any access of dispatch d with an
 * address expression can touch (addr_max_lines: coal_access's room), at the run's line and
 * sector sizes. */
static void lines_room(gpu *g, const dispatch *d)
{
    const cusim_hw *hw = g->hw;
    bool hier = hw->cache.l2.bytes > 0;
    g->line = hier ? hw->cache.l1.line : hw->memory.transaction;
    g->sector = hier ? hw->cache.l1.sector : hw->memory.transaction;
    for (uint32_t pc = 0; pc < d->code->n_insns; pc++) {
        const addr_expr *x = d->cost[0][pc].at;
        if (!x)
            continue;
        uint32_t n = addr_max_lines(x, d->occ.simd_width, g->line);
        if (n > g->lines_cap)
            g->lines_cap = n;
    }
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
        shape.shared_bytes = dp->occ.shared_bytes;   /* at this shape */
        shape.elements = elements;   /* a later dispatch's, now known */
        shape.invocations = div_up(elements, d->elements_per_invocation);
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
        dp->stat = xcalloc((size_t)dp->code->n_insns + 1, sizeof *dp->stat);
        if (n_wg > 0) {
            decode_costs(g->hw, dp);
            lines_room(g, dp);
        }
        if (dp->code->n_regs > g->n_regs)
            g->n_regs = dp->code->n_regs;
        if (dp->code->div_depth > g->div_depth)
            g->div_depth = dp->code->div_depth;
        if (ADDR_MASK_WORDS(dp->occ.simd_width) > g->div_words)
            g->div_words = ADDR_MASK_WORDS(dp->occ.simd_width);
        if (dp->need.subgroups > g->wg_cap)
            g->wg_cap = dp->need.subgroups;
        prev_elements = elements;
        prev_workgroups = n_wg;
    }
    return 0;
}

/* Refuses a global access that makes more transactions than one CU may
 * have in flight: it could never issue within the cap. With a memory
 * hierarchy, its lines count, against the MSHRs too (each line may miss;
 * with a write-back L1 each may also evict a dirty line on the way
 * down). */
static int check_inflight(const gpu *g, const cusim_kernel *k, cusim_error *err)
{
    const cusim_hw *hw = g->hw;
    if (hw->cache.l2.bytes > 0) {
        uint32_t per = hw->cache.l1.stores == CUSIM_STORES_WRITE_BACK ? 2 : 1;
        uint32_t value = hw->memory.max_inflight, cap = value / per;
        const char *key = "memory.max_inflight";
        if (hw->cache.l1.mshrs < cap) {
            value = cap = hw->cache.l1.mshrs;
            per = 1;
            key = "cache.l1.mshrs";
        }
        for (uint32_t i = 0; i < g->n_dispatches; i++) {
            const dispatch *d = &g->dispatches[i];
            for (uint32_t pc = 0; d->n_costs > 0 && pc < d->code->n_insns;
                 pc++) {
                const insn_cost *c = &d->cost[0][pc];
                if (!c->global || c->tx <= cap)
                    continue;
                const prog_insn *in = &d->code->insns[pc];
                cusim_mark at = cfg_hw_mark(hw, key);
                return err_at(err, &at,
                              "%s: %u is fewer than the lines one %s of "
                              "kernel '%s' may touch (%u lanes x %u bytes "
                              "in %u-byte lines: %u); expected at least %u",
                              key, value,
                              isa_get((isa_op)in->op)->mnemonic, k->name,
                              d->occ.simd_width, in->bytes,
                              hw->cache.l1.line, c->tx, c->tx * per);
            }
        }
        return 0;
    }
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
static int check_budget(gpu *g, const cusim_kernel *k, cusim_error *err)
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
    if (!over && total <= limit) {
        g->insn_budget = limit;      /* per-lane repeats charge the rest */
        g->insn_planned = total;
        return 0;
    }
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

/* The state g's run would take on profile `hw` (a variant of g's). */
static uint64_t state_on(const gpu *g, const cusim_hw *hw)
{
    gpu probe = *g;
    probe.hw = hw;
    return gpu_state_bytes(&probe);
}

static double mib(uint64_t bytes)
{
    return (double)bytes / 1048576.0;
}

/* The MiB `bytes` take, rounded up: a state a little over the bound is
 * never said to take just the bound. */
static double mib_up(uint64_t bytes)
{
    return (double)div_up(bytes, 1048576);
}

/* The GPU-wide state is too large: the L2's tags and line state (lines
 * of cache.l2.line bytes). Names the smallest line that fits, if any. */
static int l2_too_large(const gpu *g, uint64_t taken, uint64_t bytes,
                        cusim_error *err)
{
    const cusim_hw *hw = g->hw;
    cusim_hw h = *hw;
    uint32_t fits = 0;
    for (uint64_t line = 2 * (uint64_t)hw->cache.l2.line;
         line <= 65536 && !fits; line *= 2) {
        h.cache.l2.line = (uint32_t)line;
        if (state_on(g, &h) <= CUSIM_STATE_MAX_BYTES)
            fits = (uint32_t)line;
    }
    char what[96];
    if (fits)
        snprintf(what, sizeof what, "lines of %u bytes or more would fit",
                 fits);
    else
        snprintf(what, sizeof what, "no line size would fit beside the "
                 "rest (%.0f MiB)", mib(bytes - taken));
    cusim_mark at = cfg_hw_mark(hw, "cache.l2.line");
    return err_at(err, &at,
                  "cache.l2.line: the L2's %u lines of %u byte%s "
                  "(cache.l2.bytes %u) need %.0f MiB of simulator state for "
                  "their tags, %.0f MiB in all, more than the %u MiB a run "
                  "may take; %s",
                  hw->cache.l2.bytes / hw->cache.l2.line, hw->cache.l2.line,
                  hw->cache.l2.line == 1 ? "" : "s", hw->cache.l2.bytes,
                  mib(taken), mib_up(bytes), (unsigned)(CUSIM_STATE_MAX_BYTES >> 20), what);
}

/* The largest value of *field (a uint32_t of h, h a copy of g's profile)
 * below `hi` whose state fits, or 0 when none does. */
static uint32_t largest_fitting(const gpu *g, cusim_hw *h, uint32_t *field,
                                uint32_t hi)
{
    uint32_t lo = 0;                          /* lo fits (0: none), hi not */
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        *field = mid;
        if (state_on(g, h) <= CUSIM_STATE_MAX_BYTES)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* The GPU-wide state is too large: the DRAM channels' queues of
 * dram.window requests. Names the largest window that fits, if any. */
static int dram_too_large(const gpu *g, uint64_t taken, uint64_t bytes,
                          cusim_error *err)
{
    const cusim_hw *hw = g->hw;
    cusim_hw h = *hw;
    uint32_t lo = largest_fitting(g, &h, &h.dram.window, hw->dram.window);
    char what[96];
    if (lo)
        snprintf(what, sizeof what, "a dram.window of %u or less would fit",
                 lo);
    else
        snprintf(what, sizeof what, "even a window of 1 would not: fewer "
                 "channels would");
    cusim_mark at = cfg_hw_mark(hw, "dram.window");
    return err_at(err, &at,
                  "dram.window: %u DRAM channels x a window of %u (%llu "
                  "queued requests) need %.0f MiB of simulator state, %.0f "
                  "MiB in all, more than the %u MiB a run may take; %s",
                  hw->dram.channels, hw->dram.window,
                  (unsigned long long)hw->dram.channels * hw->dram.window,
                  mib(taken), mib_up(bytes),
                  (unsigned)(CUSIM_STATE_MAX_BYTES >> 20), what);
}

/* The GPU-wide state is too large: the L2 slices' MSHRs. Names the
 * largest count per slice that fits, if any. */
static int mshrs_too_large(const gpu *g, uint64_t taken, uint64_t bytes,
                           cusim_error *err)
{
    const cusim_hw *hw = g->hw;
    cusim_hw h = *hw;
    uint32_t lo = largest_fitting(g, &h, &h.cache.l2.mshrs,
                                  hw->cache.l2.mshrs);
    char what[96];
    if (lo)
        snprintf(what, sizeof what, "%u MSHRs a slice or fewer would fit",
                 lo);
    else
        snprintf(what, sizeof what, "even 1 would not: fewer slices would");
    cusim_mark at = cfg_hw_mark(hw, "cache.l2.mshrs");
    return err_at(err, &at,
                  "cache.l2.mshrs: %u L2 slices x %u MSHRs (%llu) need %.0f "
                  "MiB of simulator state, %.0f MiB in all, more than the %u "
                  "MiB a run may take; %s",
                  hw->cache.l2.slices, hw->cache.l2.mshrs,
                  (unsigned long long)hw->cache.l2.slices * hw->cache.l2.mshrs,
                  mib(taken), mib_up(bytes),
                  (unsigned)(CUSIM_STATE_MAX_BYTES >> 20), what);
}

/* Refuses a profile whose state would take more than
 * CUSIM_STATE_MAX_BYTES, naming the largest part and what would fit: the
 * CUs' state (compute_units: how many fit, if any), the L2's tags
 * (cache.l2.line: the smallest line that fits), its MSHRs (cache.l2.mshrs:
 * the most per slice that fit) or the DRAM channels' queues (dram.window:
 * the largest window that fits). */
static int check_state_size(const gpu *g, cusim_error *err)
{
    uint64_t bytes = gpu_state_bytes(g);
    if (bytes <= CUSIM_STATE_MAX_BYTES)
        return 0;
    /* The state is affine in the CU count: fixed + per_cu x CUs. */
    const cusim_hw *hw = g->hw;
    cusim_hw one = *hw, two = *hw;
    one.compute_units = 1;
    two.compute_units = 2;
    uint64_t with_one = state_on(g, &one);
    uint64_t per_cu = state_on(g, &two) - with_one;
    uint64_t fixed = with_one - per_cu;
    if (hw->cache.l2.bytes > 0) {
        /* what the GPU-wide levels take, each against the least of it (an
         * L2 of one set per slice, a window of 1) */
        cusim_hw h = one;
        uint64_t set = (uint64_t)hw->cache.l2.slices * hw->cache.l2.line
                       * (hw->cache.l2.ways ? hw->cache.l2.ways : 1);
        if (set < hw->cache.l2.bytes)
            h.cache.l2.bytes = (uint32_t)set;
        uint64_t least = state_on(g, &h);
        uint64_t l2_part = with_one > least ? with_one - least : 0;
        h = one;
        h.dram.window = 1;
        least = state_on(g, &h);
        uint64_t dram_part = with_one > least ? with_one - least : 0;
        h = one;
        h.cache.l2.mshrs = 1;
        least = state_on(g, &h);
        uint64_t mshr_part = with_one > least ? with_one - least : 0;
        uint64_t cus_part = per_cu * hw->compute_units;
        if (l2_part >= dram_part && l2_part >= mshr_part
            && l2_part > cus_part)
            return l2_too_large(g, l2_part, bytes, err);
        if (mshr_part >= dram_part && mshr_part > cus_part)
            return mshrs_too_large(g, mshr_part, bytes, err);
        if (dram_part > cus_part)
            return dram_too_large(g, dram_part, bytes, err);
    }
    cusim_mark at = cfg_hw_mark(hw, "compute_units");
    if (with_one > CUSIM_STATE_MAX_BYTES)
        return err_at(err, &at,
                      "compute_units: %u compute unit%s of this profile "
                      "need%s %.0f MiB of simulator state, more than the %u "
                      "MiB a run may take, and not even one fits: each CU's "
                      "subgroup and workgroup slots, registers, partitions, "
                      "L1 and memory queues take %.1f KiB, the GPU-wide state "
                      "%.1f MiB",
                      hw->compute_units, hw->compute_units == 1 ? "" : "s",
                      hw->compute_units == 1 ? "s" : "",
                      mib(bytes), (unsigned)(CUSIM_STATE_MAX_BYTES >> 20),
                      per_cu / 1024.0, mib(fixed));
    uint64_t fit = (CUSIM_STATE_MAX_BYTES - fixed) / per_cu;
    return err_at(err, &at,
                  "compute_units: %u compute units of this profile need "
                  "%.0f MiB of simulator state, more than the %u MiB a run "
                  "may take; at most %llu fit (each CU's subgroup and "
                  "workgroup slots, registers, partitions, L1 and memory "
                  "queues take %.1f KiB)",
                  hw->compute_units, mib(bytes),
                  (unsigned)(CUSIM_STATE_MAX_BYTES >> 20),
                  (unsigned long long)fit, per_cu / 1024.0);
}

int plan_run(gpu *g, const cusim_kernel *k, cusim_error *err)
{
    if (plan_dispatches(g, k, err) != 0 || check_inflight(g, k, err) != 0
        || check_budget(g, k, err) != 0 || check_state_size(g, err) != 0)
        return -1;
    return 0;
}
