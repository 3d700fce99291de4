/*
 * diagnose.c — `cusim diagnose`: the baseline and its counterfactual runs,
 * the verdict drawn from their speedups, and the report (see diagnose.h).
 *
 * Each counterfactual is a set of in-memory overrides (cusim_hw_apply /
 * cusim_kernel_apply, so it is validated exactly as a --set would be) on a
 * copy of the baseline's configs. The residency variants change what limits
 * the baseline's residency (occupancy.limiter): registers per invocation,
 * shared memory per workgroup, or, when a slot cap limits, the CU's slot
 * caps together (subgroups, workgroups, invocations), so that the next slot
 * does not take over at the same count.
 */
#include "diagnose.h"

#include <assert.h>

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "xalloc.h"

/* A speedup at or above this is a resource the kernel waits on. */
#define DIAG_HELPS 1.15
/* A speedup at or above this is measurable: the resource matters. */
#define DIAG_MATTERS 1.05
/* Two levers of different kinds within this ratio of each other: balanced. */
#define DIAG_CLOSE 1.10

static const char *const kind_names[] = {
#define DIAG_NAME_ROW_(id, name, label) name,
    DIAG_VARIANTS(DIAG_NAME_ROW_)
#undef DIAG_NAME_ROW_
};

static const char *const kind_labels[] = {
#define DIAG_LABEL_ROW_(id, name, label) label,
    DIAG_VARIANTS(DIAG_LABEL_ROW_)
#undef DIAG_LABEL_ROW_
};

const char *diag_kind_name(diag_kind k)
{
    return k >= 0 && k < DIAG_COUNT ? kind_names[k] : "?";
}

const char *diag_kind_label(diag_kind k)
{
    return k >= 0 && k < DIAG_COUNT ? kind_labels[k] : "?";
}

/* Appends printf text to v->change. */
static void change_add(diag_variant *v, const char *fmt, ...)
{
    size_t len = strlen(v->change);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->change + len, sizeof v->change - len, fmt, ap);
    va_end(ap);
}

static void not_applicable(diag_variant *v, const char *fmt, ...)
{
    v->applicable = false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->why, sizeof v->why, fmt, ap);
    va_end(ap);
}

/* Adds the override `path`=`to` (the value was `from`) to v, 0 allowed. */
static bool set_to(diag_variant *v, const char *path, uint64_t from,
                   uint64_t to)
{
    assert(v->n_sets < DIAG_MAX_SETS);
    int i = v->n_sets++;
    snprintf(v->paths[i], sizeof v->paths[i], "%s", path);
    snprintf(v->values[i], sizeof v->values[i], "%" PRIu64, to);
    v->sets[i] = (cusim_set){ v->paths[i], v->values[i], "diagnose",
                              (int)v->kind, 1 };
    change_add(v, "%s%s %" PRIu64 " -> %" PRIu64, i ? ", " : "", path, from,
               to);
    return true;
}

/* set_to, except that a `to` of 0 (nothing left to halve) marks v not
 * applicable and returns false. */
static bool set_add(diag_variant *v, const char *path, uint64_t from,
                    uint64_t to)
{
    if (to == 0) {
        not_applicable(v, "%s is already %" PRIu64 ": nothing to halve", path,
                       from);
        return false;
    }
    return set_to(v, path, from, to);
}

/* Whether the profile has a memory hierarchy (docs/model.md: exactly when
 * cache.l2.bytes > 0). */
static bool has_hierarchy(const cusim_hw *hw)
{
    return hw->cache.l2.bytes > 0;
}

/* Whether the hierarchy has an L1 (its own bytes, or a unified pool). */
static bool has_l1(const cusim_hw *hw)
{
    return hw->cache.l1.bytes > 0 || hw->cache.l1.unified > 0;
}

/* The overrides of the hierarchy's variants (2x L1, 2x L2, no L1), and of
 * 2x bandwidth and 1/2 latency, which with a hierarchy change DRAM's
 * bandwidth and every level's latency (the hierarchy reads no
 * memory.bandwidth nor latency.global). */
static bool hierarchy_sets(diag_variant *v, diag_kind kind,
                           const cusim_hw *hw)
{
    const uint32_t l1b = hw->cache.l1.bytes, uni = hw->cache.l1.unified;
    switch (kind) {
    case DIAG_L1_SIZE:      /* the pool when unified: it stays >= the
                               shared memory it holds */
        if (uni)
            return set_add(v, "hw.cache.l1.unified", uni, 2 * (uint64_t)uni);
        if (l1b)
            return set_add(v, "hw.cache.l1.bytes", l1b, 2 * (uint64_t)l1b);
        break;
    case DIAG_L1_BYPASS:    /* every access looked up at the L2 */
        if (uni)
            return set_to(v, "hw.cache.l1.unified", uni, 0);
        if (l1b)
            return set_to(v, "hw.cache.l1.bytes", l1b, 0);
        break;
    case DIAG_L2_SIZE:
        return set_add(v, "hw.cache.l2.bytes", hw->cache.l2.bytes,
                       2 * (uint64_t)hw->cache.l2.bytes);
    case DIAG_BANDWIDTH:
        return set_add(v, "hw.dram.bytes_per_cycle", hw->dram.bytes_per_cycle,
                       2 * (uint64_t)hw->dram.bytes_per_cycle);
    case DIAG_LATENCY:      /* every level's, so that their order holds
                               and the whole path halves, as
                               latency.global halves the flat model's */
        if (has_l1(hw) && !set_add(v, "hw.cache.l1.latency",
                                   hw->cache.l1.latency,
                                   hw->cache.l1.latency / 2))
            return false;
        if (hw->cache.scalar.bytes
            && !set_add(v, "hw.cache.scalar.latency",
                        hw->cache.scalar.latency,
                        hw->cache.scalar.latency / 2))
            return false;
        if (!set_add(v, "hw.cache.l2.latency", hw->cache.l2.latency,
                     hw->cache.l2.latency / 2)
            || !set_add(v, "hw.dram.latency", hw->dram.latency,
                        hw->dram.latency / 2))
            return false;
        if (hw->dram.row_miss_cycles > 1)
            return set_add(v, "hw.dram.row_miss_cycles",
                           hw->dram.row_miss_cycles,
                           hw->dram.row_miss_cycles / 2);
        return true;
    default:
        return true;
    }
    not_applicable(v, "the profile has no L1 (cache.l1.bytes and "
                   "cache.l1.unified are 0)");
    return false;
}

/* The pipe of a lanes variant (CUSIM_SOL_ALU ..), or CUSIM_SOL_UNIT_COUNT
 * for any other variant. */
static cusim_sol_unit pipe_of(diag_kind k)
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
    default:
        return CUSIM_SOL_UNIT_COUNT;
    }
}

bool diag_from_baseline(diag_kind k)
{
    return pipe_of(k) != CUSIM_SOL_UNIT_COUNT;
}

/* The override of a pipe's variant: twice its lanes (hw.cu.lanes.NAME),
 * unless they already cover the subgroup: an instruction then keeps the
 * pipe one cycle (ceil(simd_width / lanes)), and more lanes change
 * nothing. */
static bool pipe_sets(diag_variant *v, diag_kind kind, const cusim_hw *hw,
                      const cusim_occupancy *o)
{
    cusim_sol_unit u = pipe_of(kind);
    const char *name = cusim_sol_unit_name(u);
    uint32_t lanes = hw->cu.lanes[cusim_sol_unit_pipe(u)];
    if (lanes >= o->simd_width) {
        not_applicable(v, "cu.lanes.%s (%" PRIu32 ") already covers a "
                       "%" PRIu32 "-lane subgroup: an instruction keeps the "
                       "pipe one cycle, more lanes change nothing", name,
                       lanes, o->simd_width);
        return false;
    }
    char path[48];
    snprintf(path, sizeof path, "hw.cu.lanes.%s", name);
    return set_add(v, path, lanes, 2 * (uint64_t)lanes);
}

/* Once the baseline has run: the pipes' variants whose pipe cannot bind
 * (DIAG_PIPE_SHARE, DIAG_PIPE_FLOOR) do not apply. */
static void pipes_from_baseline(diag_plan *p)
{
    const cusim_result *r = &p->v[DIAG_BASELINE].res;
    for (int i = 0; i < DIAG_COUNT; i++) {
        diag_variant *v = &p->v[i];
        cusim_sol_unit u = pipe_of((diag_kind)i);
        if (u == CUSIM_SOL_UNIT_COUNT || !v->applicable || v->ran)
            continue;
        const char *name = cusim_sol_unit_name(u);
        double share = r->sol_unit[u];
        bool busiest = r->busiest_unit_name
                       && strcmp(r->busiest_unit_name, name) == 0;
        if (share >= DIAG_PIPE_SHARE
            || (busiest && share >= DIAG_PIPE_FLOOR))
            continue;
        if (busiest)
            not_applicable(v, "the %s pipe, the busiest, is %.1f%% busy "
                           "(sol.unit.%s): under %.0f%%, it cannot bind",
                           name, 100 * share, name, 100 * DIAG_PIPE_FLOOR);
        else
            not_applicable(v, "the %s pipe is %.1f%% busy (sol.unit.%s): "
                           "under %.0f%% and not the busiest (%s), it "
                           "cannot bind", name, 100 * share, name,
                           100 * DIAG_PIPE_SHARE,
                           r->busiest_unit_name ? r->busiest_unit_name
                                                : "?");
    }
}

/* Scales `x` up (twice) or down (half). */
static uint64_t scaled(uint64_t x, bool up)
{
    return up ? 2 * x : x / 2;
}

/* The overrides of a residency variant: more (up) or fewer resident
 * workgroups, by changing what limits the baseline. */
static bool residency_sets(diag_variant *v, const cusim_hw *hw,
                           const cusim_occupancy *o, bool up)
{
    switch (o->limiter) {
    case CUSIM_LIMIT_REGISTERS:   /* fewer registers: more workgroups */
        return set_add(v, "kernel.registers", o->registers_per_invocation,
                       scaled(o->registers_per_invocation, !up));
    case CUSIM_LIMIT_SHARED_MEMORY:
        if (o->shared_bytes == 0) {
            not_applicable(v, "the kernel uses no shared memory: the "
                           "per-workgroup reserve (hw.cu.shared_reserved) "
                           "limits it");
            return false;
        }
        return set_add(v, "kernel.shared_bytes", o->shared_bytes,
                       scaled(o->shared_bytes, !up));
    case CUSIM_LIMIT_SUBGROUPS:
    case CUSIM_LIMIT_WORKGROUPS:
    case CUSIM_LIMIT_INVOCATIONS:
    default:
        /* a slot cap: the hardware's, all slots together */
        if (!set_add(v, "hw.cu.max_subgroups", hw->cu.max_subgroups,
                     scaled(hw->cu.max_subgroups, up))
            || !set_add(v, "hw.cu.max_workgroups", hw->cu.max_workgroups,
                        scaled(hw->cu.max_workgroups, up))
            || !set_add(v, "hw.cu.max_invocations", hw->cu.max_invocations,
                        scaled(hw->cu.max_invocations, up)))
            return false;
        if (hw->cu.max_barrier_workgroups)
            return set_add(v, "hw.cu.max_barrier_workgroups",
                           hw->cu.max_barrier_workgroups,
                           scaled(hw->cu.max_barrier_workgroups, up));
        return true;
    }
}

/* Builds variant `kind` from the baseline's configs and occupancy. */
static void plan_one(diag_variant *v, diag_kind kind, const cusim_hw *hw,
                     const cusim_kernel *k, const cusim_occupancy *o)
{
    v->kind = kind;
    v->applicable = true;
    v->hw = *hw;
    cusim_kernel_clone(&v->k, k);
    bool ok = true;
    switch (kind) {
    case DIAG_BASELINE:
        break;
    case DIAG_RESIDENCY_UP:
    case DIAG_RESIDENCY_DOWN:
        ok = residency_sets(v, hw, o, kind == DIAG_RESIDENCY_UP);
        break;
    case DIAG_BANDWIDTH:
        ok = has_hierarchy(hw)
             ? hierarchy_sets(v, kind, hw)
             : set_add(v, "hw.memory.bandwidth", hw->memory.bandwidth,
                       2 * (uint64_t)hw->memory.bandwidth);
        break;
    case DIAG_LATENCY:
        ok = has_hierarchy(hw)
             ? hierarchy_sets(v, kind, hw)
             : set_add(v, "hw.latency.global", hw->latency[CUSIM_LAT_GLOBAL],
                       hw->latency[CUSIM_LAT_GLOBAL] / 2);
        break;
    case DIAG_ISSUE:
        ok = set_add(v, "hw.cu.issue_per_cycle", hw->cu.issue_per_cycle,
                     2 * (uint64_t)hw->cu.issue_per_cycle);
        break;
    case DIAG_SCHEDULERS:   /* each partition brings its issue and pipes */
        ok = set_add(v, "hw.cu.schedulers", hw->cu.schedulers,
                     2 * (uint64_t)hw->cu.schedulers);
        break;
    case DIAG_INFLIGHT:
        ok = set_add(v, "hw.memory.max_inflight", hw->memory.max_inflight,
                     2 * (uint64_t)hw->memory.max_inflight);
        break;
    case DIAG_ELEMENTS:
        ok = set_add(v, "kernel.elements_per_invocation",
                     k->elements_per_invocation,
                     2 * (uint64_t)k->elements_per_invocation);
        break;
    case DIAG_L1_SIZE:
    case DIAG_L2_SIZE:
    case DIAG_L1_BYPASS:
        if (!has_hierarchy(hw)) {
            not_applicable(v, "the profile has no cache (cache.l2.bytes is "
                           "0)");
            ok = false;
        } else {
            ok = hierarchy_sets(v, kind, hw);
        }
        break;
    case DIAG_ALU_LANES:
    case DIAG_SFU_LANES:
    case DIAG_SHARED_LANES:
    case DIAG_MEM_LANES:
        ok = pipe_sets(v, kind, hw, o);
        break;
    case DIAG_COUNT:
        break;
    }
    if (!ok)
        return;
    cusim_error err;
    if (cusim_hw_apply(&v->hw, v->sets, (size_t)v->n_sets, &err) != 0
        || cusim_kernel_apply(&v->k, v->sets, (size_t)v->n_sets, &err) != 0) {
        not_applicable(v, "%s", err.message);
        return;
    }
    if (cusim_occupancy_compute(&v->hw, &v->k, &v->occ, &err) != 0)
        not_applicable(v, "cannot launch: %s", err.message);
}

diag_plan *diag_plan_new(const cusim_hw *hw, const cusim_kernel *k,
                         cusim_error *err)
{
    cusim_occupancy o;
    if (cusim_occupancy_compute(hw, k, &o, err) != 0)
        return NULL;
    diag_plan *p = xcalloc(1, sizeof *p);
    for (int i = 0; i < DIAG_COUNT; i++)
        plan_one(&p->v[i], (diag_kind)i, hw, k, &o);
    return p;
}

void diag_plan_free(diag_plan *p)
{
    if (!p)
        return;
    for (int i = 0; i < DIAG_COUNT; i++)
        cusim_kernel_free(&p->v[i].k);
    free(p);
}

int diag_simulate(const diag_plan *p, diag_kind i, cusim_result *out,
                  cusim_error *err)
{
    const diag_variant *v = &p->v[i];
    cusim_sim_options opt = { .max_instructions = p->max_instructions };
    return cusim_simulate(&v->hw, &v->k, &opt, out, NULL, err);
}

void diag_record(diag_plan *p, diag_kind i, int rc, const cusim_result *res,
                 const cusim_error *err)
{
    diag_variant *v = &p->v[i];
    v->ran = true;
    v->rc = rc;
    if (rc == 0)
        v->res = *res;
    else if (rc < 0)
        not_applicable(v, "cannot launch: %s", err->message);
    else
        snprintf(v->error, sizeof v->error, "%s", err->message);
    if (i == DIAG_BASELINE && rc == 0)
        pipes_from_baseline(p);
}

/* Whether variant i has a result to compare. */
static bool has_result(const diag_variant *v)
{
    return v->applicable && v->ran && v->rc == 0;
}

double diag_speedup(const diag_plan *p, diag_kind i)
{
    const diag_variant *b = &p->v[DIAG_BASELINE], *v = &p->v[i];
    if (!has_result(b) || !has_result(v) || v->res.cycles == 0)
        return 0;
    return (double)b->res.cycles / (double)v->res.cycles;
}

/* The stall class with the largest share besides issuing. */
static cusim_stall top_stall(const cusim_result *r)
{
    cusim_stall top = CUSIM_STALL_ISSUED;
    for (int s = 0; s < CUSIM_STALL_COUNT; s++)
        if (s != CUSIM_STALL_ISSUED
            && (top == CUSIM_STALL_ISSUED || r->stalls[s] > r->stalls[top]))
            top = (cusim_stall)s;
    return top;
}

/* The warp state most live subgroup-cycles are in. */
static cusim_warp_state top_state(const cusim_result *r)
{
    cusim_warp_state top = CUSIM_WS_ISSUED;
    for (int w = 0; w < CUSIM_WS_COUNT; w++)
        if (r->warp_states[w] > r->warp_states[top])
            top = (cusim_warp_state)w;
    return top;
}

/* Resident subgroups per CU, averaged over the run (achieved occupancy in
 * subgroups, so variants that change the slot cap compare). */
static double resident(const diag_variant *v)
{
    return v->res.achieved_occupancy * v->hw.cu.max_subgroups;
}

/* The three kinds of lever: what a counterfactual that helps says the
 * kernel waits on. */
typedef enum lever_kind { LK_LATENCY, LK_BANDWIDTH, LK_COMPUTE, LK_COUNT }
    lever_kind;

/* The levers, each of one kind (the residency-down and elements variants
 * are not levers: one is the way back, the other a change of the
 * kernel's code; no L1 is a probe, never a remedy). A larger cache is a
 * bandwidth lever: it moves fewer bytes from the level below; a pipe's
 * lanes are a compute lever, one pipe's share of it. On a flat profile
 * the cache levers do not apply and count for nothing. */
static const diag_kind levers[] = { DIAG_RESIDENCY_UP, DIAG_BANDWIDTH,
                                    DIAG_LATENCY, DIAG_ISSUE,
                                    DIAG_SCHEDULERS, DIAG_INFLIGHT,
                                    DIAG_L1_SIZE, DIAG_L2_SIZE,
                                    DIAG_ALU_LANES, DIAG_SFU_LANES,
                                    DIAG_SHARED_LANES, DIAG_MEM_LANES };
enum { N_LEVERS = sizeof levers / sizeof levers[0] };

static lever_kind kind_of(diag_kind k)
{
    switch (k) {
    case DIAG_BANDWIDTH:
    case DIAG_L1_SIZE:
    case DIAG_L2_SIZE:
        return LK_BANDWIDTH;
    case DIAG_ISSUE:
    case DIAG_SCHEDULERS:
    case DIAG_ALU_LANES:
    case DIAG_SFU_LANES:
    case DIAG_SHARED_LANES:
    case DIAG_MEM_LANES:
        return LK_COMPUTE;
    default:
        return LK_LATENCY;
    }
}

/* What the counterfactuals measured, by kind of lever. */
typedef struct gains {
    double of[LK_COUNT];        /* each kind's best speedup (0: none ran) */
    diag_kind lever[LK_COUNT];  /* the lever that gave it */
    lever_kind best;            /* the kind with the largest gain */
    int matter;                 /* kinds whose gain is >= DIAG_MATTERS */
} gains;

static gains gains_of(const diag_plan *p)
{
    gains g = { .best = LK_LATENCY };
    for (int k = 0; k < LK_COUNT; k++)
        g.lever[k] = DIAG_BASELINE;
    for (int i = 0; i < N_LEVERS; i++) {
        lever_kind k = kind_of(levers[i]);
        double s = diag_speedup(p, levers[i]);
        if (s > g.of[k]) {
            g.of[k] = s;
            g.lever[k] = levers[i];
        }
    }
    for (int k = 0; k < LK_COUNT; k++) {
        if (g.of[k] > g.of[g.best])
            g.best = (lever_kind)k;
        if (g.of[k] >= DIAG_MATTERS)
            g.matter++;
    }
    return g;
}

/* The speed of light the bound rule reads for kind k: max(sol.compute,
 * sol.busiest_unit) for compute, sol.memory for bandwidth; 0 for latency
 * (it has none). */
static double sol_of(const cusim_result *r, lever_kind k)
{
    if (k == LK_COMPUTE)
        return r->sol_compute > r->sol_busiest_unit ? r->sol_compute
                                                    : r->sol_busiest_unit;
    return k == LK_BANDWIDTH ? r->sol_memory : 0;
}

/* Whether the measured gains bear out bound b of run r: a latency bound
 * when its kind of lever gains the most (at least DIAG_MATTERS); a
 * throughput bound the same, or when no lever matters (a resource at 80%
 * of its peak that one doubling does not relieve: another is at its roof
 * too); small_grid when more residency does not help; balanced when no
 * single kind stands out (two or more matter, or none does) or when the
 * one that matters is a throughput whose speed of light is in the
 * balanced band (0.6 or more: the nearest roof, not reached). */
static bool confirms(const gains *g, cusim_bound b, double s_res,
                     const cusim_result *r)
{
    lever_kind k;
    switch (b) {
    case CUSIM_BOUND_COMPUTE:
        k = LK_COMPUTE;
        break;
    case CUSIM_BOUND_BANDWIDTH:
        k = LK_BANDWIDTH;
        break;
    case CUSIM_BOUND_LATENCY:
        k = LK_LATENCY;
        break;
    case CUSIM_BOUND_SMALL_GRID:
        return s_res < DIAG_HELPS;
    default:
        return g->matter != 1 || sol_of(r, g->best) >= 0.6;
    }
    if (g->matter == 0 && k != LK_LATENCY)
        return true;
    return g->best == k && g->of[k] >= DIAG_MATTERS;
}

/* The bound the counterfactuals alone point to, for a run whose `bound`
 * they do not bear out. */
static cusim_bound measured_bound(const gains *g, double waves,
                                  double s_res)
{
    double top = g->of[g->best];
    if (top < DIAG_HELPS)
        return waves < 1 ? CUSIM_BOUND_SMALL_GRID : CUSIM_BOUND_BALANCED;
    for (int k = 0; k < LK_COUNT; k++)
        if (k != (int)g->best && g->of[k] >= DIAG_HELPS
            && top / g->of[k] < DIAG_CLOSE)
            return CUSIM_BOUND_BALANCED;
    if (g->best == LK_BANDWIDTH)
        return CUSIM_BOUND_BANDWIDTH;
    if (g->best == LK_COMPUTE)
        return CUSIM_BOUND_COMPUTE;
    return waves < 1 && s_res < DIAG_HELPS ? CUSIM_BOUND_SMALL_GRID
                                           : CUSIM_BOUND_LATENCY;
}

/* Appends "; 2x bandwidth -> 1.00x" for lever k when it ran (the first
 * one without "; ", and with " faster" when it helped). */
static void evidence_add(char *buf, size_t size, const diag_plan *p,
                         diag_kind k, bool *first)
{
    size_t len = strlen(buf);
    double s = diag_speedup(p, k);
    if (s <= 0)
        return;
    snprintf(buf + len, size - len, "%s%s -> %.2fx%s", *first ? "" : "; ",
             diag_kind_label(k), s, *first && s >= DIAG_HELPS ? " faster"
                                                             : "");
    *first = false;
}

/* The memory level's names, in the order of diag_level. */
static const char *const level_names[DIAG_LEVELS] = { "l1", "l2", "dram" };
static const char *const level_labels[DIAG_LEVELS] = { "L1", "L2", "DRAM" };

/* The level of a hierarchy the verdict names, and why (v->level,
 * v->level_text), from the cache levers' speedups and the baseline's
 * speeds of light, first rule that holds:
 *   1. capacity: 2x L1 or 2x L2 gives >= DIAG_HELPS, at least as much as
 *      2x DRAM bandwidth: that cache (the L1 on a tie);
 *   2. DRAM bandwidth: 2x bandwidth gives >= DIAG_HELPS: dram;
 *   3. served from L1: no L1 is slower (speedup <= 1 / DIAG_HELPS) and
 *      DRAM is under 60% busy (sol.dram): l1, the load unit / L1 being
 *      the limit, not DRAM;
 *   4. for a verdict other than bandwidth, where the loads wait: the
 *      largest of each level's share of a sector's unloaded wait at the
 *      measured hit rates (h1 x l1 latency, (1 - h1) h2 x l2 latency,
 *      (1 - h1)(1 - h2) x dram latency; the L1 on a tie);
 *   5. for bandwidth, the busiest level (bound_unit when it is one, else
 *      the highest of sol.l1, sol.l2, sol.dram, the first on a tie).
 * None without a hierarchy, without global traffic, or for a compute
 * verdict (the pipes, not memory). */
static void conclude_level(const diag_plan *p, diag_verdict *v)
{
    const cusim_result *r = &p->v[DIAG_BASELINE].res;
    v->level = NULL;
    v->level_text[0] = '\0';
    if (!r->hierarchy || r->l1_requests == 0
        || strcmp(v->kind, "compute") == 0)
        return;
    char *t = v->level_text;
    size_t size = sizeof v->level_text;
    double s1 = diag_speedup(p, DIAG_L1_SIZE), s2 = diag_speedup(p, DIAG_L2_SIZE);
    double sbw = diag_speedup(p, DIAG_BANDWIDTH);
    double sby = diag_speedup(p, DIAG_L1_BYPASS);
    double cap = s1 >= s2 ? s1 : s2;
    if (cap >= DIAG_HELPS && cap >= sbw) {
        diag_level l = s1 >= s2 ? DIAG_L1 : DIAG_L2;
        v->level = level_names[l];
        snprintf(t, size, "cache capacity (%s): %s -> %.2fx (%s hit rate "
                 "%.1f%%): the working set does not fit the %s",
                 level_labels[l], diag_kind_label(l == DIAG_L1 ? DIAG_L1_SIZE
                                                               : DIAG_L2_SIZE),
                 cap, level_labels[l],
                 100 * (l == DIAG_L1 ? r->l1_hit_rate : r->l2_hit_rate),
                 level_labels[l]);
    } else if (sbw >= DIAG_HELPS) {
        v->level = level_names[DIAG_DRAM];
        snprintf(t, size, "DRAM bandwidth: 2x bandwidth -> %.2fx, DRAM "
                 "%.1f%% busy (L1 hit rate %.1f%%, L2 %.1f%%)", sbw,
                 100 * r->sol_dram, 100 * r->l1_hit_rate,
                 100 * r->l2_hit_rate);
    } else if (sby > 0 && sby * DIAG_HELPS <= 1 && r->sol_dram < 0.6) {
        v->level = level_names[DIAG_L1];
        snprintf(t, size, "served from L1 (hit rate %.1f%%; no L1 -> "
                 "%.2fx; DRAM %.1f%% busy): not DRAM-bound; the load unit / "
                 "L1 is the limit (its lookups %.1f%% busy)",
                 100 * r->l1_hit_rate, sby, 100 * r->sol_dram,
                 100 * r->sol_l1);
    } else if (strcmp(v->kind, "bandwidth") != 0) {
        const cusim_hw *hw = &p->v[DIAG_BASELINE].hw;
        double h1 = r->l1_hit_rate, h2 = r->l2_hit_rate;
        const double wait[DIAG_LEVELS] = {
            h1 * hw->cache.l1.latency, (1 - h1) * h2 * hw->cache.l2.latency,
            (1 - h1) * (1 - h2) * hw->dram.latency };
        double all = wait[0] + wait[1] + wait[2];
        diag_level l = DIAG_L1;
        for (int i = 1; i < DIAG_LEVELS; i++)
            if (wait[i] > wait[l])
                l = (diag_level)i;
        if (all <= 0)
            all = 1;
        v->level = level_names[l];
        snprintf(t, size, "the loads wait mostly on the %s (of a sector's "
                 "unloaded wait, at these hit rates: L1 %.0f%%, L2 %.0f%%, "
                 "DRAM %.0f%%)", level_labels[l], 100 * wait[0] / all,
                 100 * wait[1] / all, 100 * wait[2] / all);
    } else {
        const double sol[DIAG_LEVELS] = { r->sol_l1, r->sol_l2, r->sol_dram };
        diag_level l = DIAG_L1;
        for (int i = 1; i < DIAG_LEVELS; i++)
            if (sol[i] > sol[l])
                l = (diag_level)i;
        for (int i = 0; i < DIAG_LEVELS; i++)
            if (r->bound_unit && strcmp(r->bound_unit, level_names[i]) == 0)
                l = (diag_level)i;
        v->level = level_names[l];
        snprintf(t, size, "the busiest level is the %s (%.1f%% of its peak; "
                 "L1 %.1f%%, L2 %.1f%%, DRAM %.1f%%; hit rates L1 %.1f%%, "
                 "L2 %.1f%%)", level_labels[l], 100 * sol[l],
                 100 * sol[DIAG_L1], 100 * sol[DIAG_L2], 100 * sol[DIAG_DRAM],
                 100 * r->l1_hit_rate, 100 * r->l2_hit_rate);
    }
}

/* What a programmer can change to relieve pipe `unit`. */
static const char *pipe_cure(const char *unit)
{
    if (strcmp(unit, "shared") == 0)
        return "fewer shared-memory accesses per FMA (register blocking: "
               "more outputs per invocation from each value loaded), wider "
               "shared loads where they are narrow (16-byte vectors), "
               "conflict-free addresses (padding)";
    if (strcmp(unit, "sfu") == 0)
        return "fewer transcendentals: fast-math approximations "
               "(__expf, __sinf, rsqrt), tables, or algebra that replaces "
               "them";
    if (strcmp(unit, "mem") == 0)
        return "fewer, wider global accesses: vector (16-byte) loads and "
               "stores, values reused from registers or shared memory";
    return "simpler arithmetic: fewer alu and fma per element (strength "
           "reduction, invariant work hoisted out of loops)";
}

/* The first thing to try for verdict `v`. */
static void advice(const diag_plan *p, diag_verdict *v)
{
    const diag_variant *b = &p->v[DIAG_BASELINE];
    const char *what = "";
    char buf[448] = "";
    if (strcmp(v->kind, "bandwidth") == 0) {
        what = "move fewer bytes: wider, coalesced accesses, reuse through "
               "shared memory, or fused passes; more residency will not help";
    } else if (v->unit && strcmp(v->kind, "compute") == 0) {
        snprintf(buf, sizeof buf, "the %s pipe is the limit (%.0f%% busy; "
                 "%s -> %.2fx): %s", v->unit,
                 100 * b->res.sol_unit[pipe_of(v->lever)],
                 diag_kind_label(v->lever), diag_speedup(p, v->lever),
                 pipe_cure(v->unit));
        what = buf;
    } else if (strcmp(v->kind, "compute") == 0) {
        what = "issue fewer instructions: simpler arithmetic, less "
               "per-element overhead, full subgroups";
    } else if (strcmp(v->kind, "small_grid") == 0) {
        snprintf(buf, sizeof buf, "give the GPU more work per dispatch (%.2f "
                 "waves of workgroups), or smaller workgroups so every CU "
                 "gets some", v->waves);
        what = buf;
    } else if (strcmp(v->kind, "balanced") == 0) {
        const cusim_result *r = &b->res;
        if (r->bandwidth_utilization >= 0.6 && r->issue_utilization >= 0.6) {
            snprintf(buf, sizeof buf, "the memory channel (%.0f%%) and the "
                     "issue slots (%.0f%%) are both near their peaks: cut "
                     "bytes and instructions together",
                     100 * r->bandwidth_utilization,
                     100 * r->issue_utilization);
            what = buf;
        } else if (v->lever != DIAG_BASELINE
                   && diag_speedup(p, v->lever) >= DIAG_HELPS) {
            static const char *const cure[LK_COUNT] = {
                [LK_LATENCY] = "hide the waits (more resident subgroups, "
                               "or more independent loads per subgroup)",
                [LK_BANDWIDTH] = "move fewer bytes",
                [LK_COMPUTE] = "issue fewer instructions",
            };
            snprintf(buf, sizeof buf, "no resource is at its peak; the "
                     "largest gain is %s (%.2fx): %s",
                     diag_kind_label(v->lever), diag_speedup(p, v->lever),
                     v->unit ? pipe_cure(v->unit) : cure[kind_of(v->lever)]);
            what = buf;
        } else {
            what = "no single resource dominates: profile the hot loop's "
                   "instruction mix";
        }
    } else if (top_state(&b->res) == CUSIM_WS_BARRIER) {
        snprintf(buf, sizeof buf, "the subgroups spend %.0f%% of their "
                 "cycles at barriers: fewer barriers per element, or more "
                 "resident workgroups (smaller groups, fewer registers or "
                 "less shared memory each) so others run while one waits",
                 100 * b->res.warp_states[CUSIM_WS_BARRIER]);
        what = buf;
    } else if (v->lever == DIAG_INFLIGHT) {
        snprintf(buf, sizeof buf, "the CU's in-flight cap (%" PRIu32
                 " transactions) is full: fewer, larger transactions "
                 "(coalesced or vector accesses); more residency will not "
                 "help", b->hw.memory.max_inflight);
        what = buf;
    } else if (v->lever == DIAG_RESIDENCY_UP) {
        switch (b->occ.limiter) {
        case CUSIM_LIMIT_REGISTERS:
            snprintf(buf, sizeof buf, "fewer registers per invocation "
                     "(now %" PRIu32 ", the limiter): more resident "
                     "subgroups hide the waits",
                     b->occ.registers_per_invocation);
            break;
        case CUSIM_LIMIT_SHARED_MEMORY:
            snprintf(buf, sizeof buf, "less shared memory per workgroup "
                     "(now %" PRIu32 " bytes, the limiter): more resident "
                     "subgroups hide the waits", b->occ.shared_bytes);
            break;
        default:
            snprintf(buf, sizeof buf, "the CU's slots are full (%s): more "
                     "independent work per subgroup (several loads in "
                     "flight before their first use)",
                     cusim_limiter_name(b->occ.limiter));
            break;
        }
        what = buf;
    } else {
        what = "more independent loads per subgroup before their first use "
               "(ILP), or more resident subgroups";
    }
    const char *at = "";
    if (v->level && strncmp(v->level_text, "cache capacity", 14) == 0)
        at = strcmp(v->level, "l1") == 0
             ? "fit the working set in the L1 (tile or block the accesses; "
               "less shared memory leaves a unified L1 more): "
             : "fit the working set in the L2 (tile or block the "
               "accesses): ";
    else if (v->level && strncmp(v->level_text, "served from L1", 14) == 0)
        at = "the data is served from L1, not DRAM: fewer, wider loads "
             "(vector accesses, values kept in registers or shared memory) "
             "relieve the load unit; more DRAM bandwidth will not help; ";
    else if (v->level && strncmp(v->level_text, "the loads wait", 14) == 0)
        at = strcmp(v->level, "l1") == 0 ? "the loads wait on the L1: "
             : strcmp(v->level, "l2") == 0 ? "the loads wait on the L2: "
                                           : "the loads wait on DRAM: ";
    else if (v->level)
        at = strcmp(v->level, "l1") == 0 ? "at the L1: "
             : strcmp(v->level, "l2") == 0 ? "at the L2: " : "at DRAM: ";
    snprintf(v->try_first, sizeof v->try_first, "%s%s", at, what);
    double se = diag_speedup(p, DIAG_ELEMENTS);
    if (se >= DIAG_HELPS) {
        size_t len = strlen(v->try_first);
        snprintf(v->try_first + len, sizeof v->try_first - len,
                 "; 2x elements per invocation already gives %.2fx", se);
    }
}

void diag_conclude(const diag_plan *p, diag_verdict *v)
{
    memset(v, 0, sizeof *v);
    const diag_variant *b = &p->v[DIAG_BASELINE];
    const cusim_result *r = &b->res;
    v->waves = r->waves;
    snprintf(v->bound, sizeof v->bound, "%s", r->bound ? r->bound : "?");

    /* the baseline's bound, borne out by the gains or replaced by them */
    gains g = gains_of(p);
    double s_res = diag_speedup(p, DIAG_RESIDENCY_UP);
    cusim_bound bound = CUSIM_BOUND_BALANCED;
    bool known = r->bound && cusim_bound_parse(r->bound, &bound) == 0;
    v->agrees = known && confirms(&g, bound, s_res, r);
    cusim_bound kind = v->agrees ? bound : measured_bound(&g, v->waves, s_res);
    if (known && kind == bound)
        v->agrees = true;   /* the gains alone point to the same bound */
    v->kind = cusim_bound_name(kind);

    /* the lever: the best of the verdict's kind, else the best overall */
    lever_kind lk = kind == CUSIM_BOUND_COMPUTE     ? LK_COMPUTE
                    : kind == CUSIM_BOUND_BANDWIDTH ? LK_BANDWIDTH
                    : kind == CUSIM_BOUND_LATENCY   ? LK_LATENCY
                                                    : g.best;
    v->lever = g.of[lk] >= DIAG_MATTERS ? g.lever[lk] : DIAG_BASELINE;
    /* more residency does not help but a wider cap does: the cap is the
     * wall (shorter latency helps only by freeing its slots sooner) */
    double s_cap = diag_speedup(p, DIAG_INFLIGHT);
    if (kind == CUSIM_BOUND_LATENCY && s_res < DIAG_HELPS
        && s_cap >= DIAG_HELPS && s_cap * DIAG_CLOSE >= g.of[LK_LATENCY])
        v->lever = DIAG_INFLIGHT;

    /* a compute lever: the pipe whose lanes help most names it when they
     * help (DIAG_HELPS) at least as much as 2x issue rate: 2x schedulers
     * doubles the issue slots and every pipe at once, so its larger
     * speedup does not say which of them binds */
    if (v->lever != DIAG_BASELINE && kind_of(v->lever) == LK_COMPUTE) {
        diag_kind pipe = DIAG_BASELINE;
        for (int i = 0; i < DIAG_COUNT; i++)
            if (diag_from_baseline((diag_kind)i)
                && (pipe == DIAG_BASELINE
                    || diag_speedup(p, (diag_kind)i)
                       > diag_speedup(p, pipe)))
                pipe = (diag_kind)i;
        double sp = diag_speedup(p, pipe);
        if (sp >= DIAG_HELPS && sp >= diag_speedup(p, DIAG_ISSUE))
            v->lever = pipe;
    }
    if (diag_from_baseline(v->lever))
        v->unit = cusim_sol_unit_name(pipe_of(v->lever));

    /* the evidence: the lever first, then the three the issue names */
    char *e = v->evidence;
    size_t size = sizeof v->evidence;
    if (strcmp(v->kind, "small_grid") == 0)
        snprintf(e, size, "small grid (%.2f waves of workgroups): ",
                 v->waves);
    else if (strcmp(v->kind, "balanced") == 0)
        snprintf(e, size, "balanced: ");
    else if (v->unit)
        snprintf(e, size, "%s-bound (the %s pipe): ", v->kind, v->unit);
    else
        snprintf(e, size, "%s-bound: ", v->kind);
    bool first = true;
    if (v->lever != DIAG_BASELINE)
        evidence_add(e, size, p, v->lever, &first);
    static const diag_kind shown[] = { DIAG_RESIDENCY_UP, DIAG_BANDWIDTH,
                                       DIAG_LATENCY };
    for (size_t i = 0; i < sizeof shown / sizeof shown[0]; i++)
        if (shown[i] != v->lever)
            evidence_add(e, size, p, shown[i], &first);
    static const diag_kind compute[] = { DIAG_ISSUE, DIAG_SCHEDULERS };
    for (size_t i = 0; i < sizeof compute / sizeof compute[0]; i++)
        if (compute[i] != v->lever
            && (strcmp(v->kind, "compute") == 0
                || diag_speedup(p, compute[i]) >= DIAG_HELPS))
            evidence_add(e, size, p, compute[i], &first);
    /* the pipes that ran (n/a when they cannot bind: nothing) */
    for (int i = 0; i < DIAG_COUNT; i++)
        if (diag_from_baseline((diag_kind)i) && i != (int)v->lever
            && (strcmp(v->kind, "compute") == 0
                || diag_speedup(p, (diag_kind)i) >= DIAG_HELPS))
            evidence_add(e, size, p, (diag_kind)i, &first);
    /* with a hierarchy, its probes (n/a on a flat profile: nothing) */
    static const diag_kind cache[] = { DIAG_L1_SIZE, DIAG_L2_SIZE,
                                       DIAG_L1_BYPASS };
    for (size_t i = 0; i < sizeof cache / sizeof cache[0]; i++)
        if (cache[i] != v->lever)
            evidence_add(e, size, p, cache[i], &first);

    /* Little's law: bytes in flight = latency x bandwidth */
    const cusim_hw *hw = &b->hw;
    if (r->hierarchy) {
        /* the CUs' bytes in flight: lines in flight x bytes per line */
        double per_line = r->memory_transactions
            ? (double)r->memory_bytes / (double)r->memory_transactions : 0;
        double inflight = r->avg_inflight * per_line;
        diag_law *l1 = &v->law[DIAG_L1], *l2 = &v->law[DIAG_L2],
                 *dram = &v->law[DIAG_DRAM];
        l1->present = has_l1(hw);
        l1->latency = l1->present ? hw->cache.l1.latency : 0;
        l1->bytes_per_cycle = l1->present ? (double)hw->cache.l1.lines_per_cycle
                                            * hw->cache.l1.line : 0;
        l1->achieved_bytes = l1->present ? inflight / hw->compute_units : 0;
        *l2 = (diag_law){ true, hw->cache.l2.latency,
                          hw->cache.l2.bytes_per_cycle, 0, inflight };
        *dram = (diag_law){ true, hw->dram.latency, hw->dram.bytes_per_cycle,
                            0, inflight };
        for (int i = 0; i < DIAG_LEVELS; i++)
            v->law[i].needed_bytes = v->law[i].latency
                                     * v->law[i].bytes_per_cycle;
        v->needed_bytes = dram->needed_bytes;
        v->achieved_bytes = inflight;
        uint32_t lines = hw->memory.max_inflight;
        if (l1->present && hw->cache.l1.mshrs < lines)
            lines = hw->cache.l1.mshrs;
        v->cap_bytes = (double)lines * hw->cache.l1.line * hw->compute_units;
    } else {
        v->needed_bytes = (double)hw->latency[CUSIM_LAT_GLOBAL]
                          * hw->memory.bandwidth;
        v->achieved_bytes = r->avg_inflight * hw->memory.transaction;
        v->cap_bytes = (double)hw->memory.max_inflight
                       * hw->memory.transaction * hw->compute_units;
    }
    if (v->achieved_bytes > 0)
        v->subgroups_needed = resident(b) * v->needed_bytes
                              / v->achieved_bytes;
    conclude_level(p, v);
    advice(p, v);
}

/* ---------------------------------------------------------------- text */

static void text_changes(FILE *out, const diag_variant *b,
                         const diag_variant *v)
{
    const cusim_result *r0 = &b->res, *r = &v->res;
    cusim_warp_state t0 = top_state(r0), t = top_state(r);
    /* with a hierarchy, the busiest level's share (sol.memory): the
     * flat channel's memory.bandwidth is not the hierarchy's */
    bool h = r0->hierarchy;
    fprintf(out, "      subgroups per CU %.1f -> %.1f, %s %.1f%% -> "
            "%.1f%%, issue %.1f%% -> %.1f%%, top state %s",
            resident(b), resident(v), h ? "memory" : "bandwidth",
            100 * (h ? r0->sol_memory : r0->bandwidth_utilization),
            100 * (h ? r->sol_memory : r->bandwidth_utilization),
            100 * r0->issue_utilization,
            100 * r->issue_utilization, cusim_warp_state_name(t0));
    if (t != t0)
        fprintf(out, " -> %s", cusim_warp_state_name(t));
    fputc('\n', out);
}

/* Little's law per level of a hierarchy. */
static void text_laws(FILE *out, const diag_variant *b, const diag_verdict *v)
{
    const cusim_result *r = &b->res;
    fprintf(out, "\nLittle's law (bytes in flight = latency x bandwidth, per "
            "level)\n");
    static const char *const names[DIAG_LEVELS] = { "L1 (per CU)", "L2",
                                                     "DRAM" };
    for (int i = 0; i < DIAG_LEVELS; i++) {
        const diag_law *l = &v->law[i];
        if (!l->present) {
            fprintf(out, "  %-12s none (cache.l1.bytes and cache.l1.unified "
                    "are 0)\n", names[i]);
            continue;
        }
        fprintf(out, "  %-12s needed %.0f bytes (%.0f cycles x %.0f bytes "
                "per cycle), %s %.0f bytes (%.0f%%)\n", names[i],
                l->needed_bytes, l->latency, l->bytes_per_cycle,
                i == DIAG_L1 ? "achieved" : "achieved at most",
                l->achieved_bytes, l->needed_bytes > 0
                ? 100 * l->achieved_bytes / l->needed_bytes : 0.0);
    }
    double per_line = r->avg_inflight > 0 ? v->achieved_bytes / r->avg_inflight
                                          : 0;
    fprintf(out, "  achieved: the CUs' %.1f lines in flight x %.1f bytes "
            "requested per line (the L2 and DRAM see only the misses' "
            "share)\n", r->avg_inflight, per_line);
    if (v->subgroups_needed > 0)
        fprintf(out, "  DRAM's takes about %.0f resident subgroups per CU at "
                "this kernel's bytes per subgroup (now %.1f; the CU holds "
                "%" PRIu32 ")\n", v->subgroups_needed, resident(b),
                b->hw.cu.max_subgroups);
    else
        fprintf(out, "  the kernel has no global memory traffic\n");
    if (v->cap_bytes < v->needed_bytes)
        fprintf(out, "  the in-flight caps allow at most %.0f bytes (%.0f "
                "lines x %" PRIu32 " bytes x %" PRIu32 " CU%s): less than "
                "DRAM needs\n", v->cap_bytes,
                v->cap_bytes / b->hw.cache.l1.line / b->hw.compute_units,
                b->hw.cache.l1.line, b->hw.compute_units,
                b->hw.compute_units == 1 ? "" : "s");
}

static void print_text(FILE *out, const diag_plan *p, const diag_verdict *v)
{
    const diag_variant *b = &p->v[DIAG_BASELINE];
    const cusim_result *r = &b->res;
    cusim_stall top = top_stall(r);
    cusim_warp_state ws = top_state(r);
    fprintf(out, "cusim diagnose: %s on %s\n\n", b->k.name, b->hw.name);
    fprintf(out, "Baseline\n");
    fprintf(out, "  time       %" PRIu64 " cycles (%.1f us), %.2f waves of "
            "workgroups; bound %s\n", r->cycles, r->time_us, v->waves,
            v->bound);
    fprintf(out, "  occupancy  %.2f achieved, %.2f theoretical: %.1f "
            "subgroups per CU, limited by %s\n",
            r->achieved_occupancy, r->occupancy.theoretical, resident(b),
            cusim_limiter_name(b->occ.limiter));
    if (r->hierarchy)
        fprintf(out, "  memory     %.1f%% of the busiest level's peak "
                "(sol.memory), %.1f lines in flight on average\n",
                100 * r->sol_memory, r->avg_inflight);
    else
        fprintf(out, "  memory     %.1f%% of the bandwidth used, %.1f "
                "transactions in flight on average\n",
                100 * r->bandwidth_utilization, r->avg_inflight);
    fprintf(out, "  issue      %.1f%% of the issue slots used (busiest "
            "unit %.1f%%); top stall %s (%.1f%% of scheduler-cycles)\n",
            100 * r->issue_utilization, 100 * r->sol_busiest_unit,
            cusim_stall_name(top), 100 * r->stalls[top]);
    fprintf(out, "  states     %.1f%% of subgroup-cycles %s, %.1f cycles "
            "per issued instruction\n", 100 * r->warp_states[ws],
            cusim_warp_state_name(ws), r->cycles_per_issue);
    if (r->hierarchy)
        fprintf(out, "  caches     L1 hit rate %.1f%%, L2 %.1f%%; speeds of "
                "light L1 %.1f%%, L2 %.1f%%, DRAM %.1f%%; busiest unit %s\n",
                100 * r->l1_hit_rate, 100 * r->l2_hit_rate, 100 * r->sol_l1,
                100 * r->sol_l2, 100 * r->sol_dram,
                r->bound_unit ? r->bound_unit : "?");

    fprintf(out, "\nCounterfactuals (one change each, simulated again)\n");
    for (int i = 1; i < DIAG_COUNT; i++) {
        const diag_variant *x = &p->v[i];
        if (!x->applicable) {
            fprintf(out, "  %-27s n/a     %s\n", diag_kind_label(x->kind),
                    x->why);
            continue;
        }
        if (!x->ran || x->rc != 0) {
            fprintf(out, "  %-27s failed  %s\n", diag_kind_label(x->kind),
                    x->ran ? x->error : "did not run");
            continue;
        }
        fprintf(out, "  %-27s %5.2fx  %s\n", diag_kind_label(x->kind),
                diag_speedup(p, x->kind), x->change);
        text_changes(out, b, x);
    }

    fprintf(out, "\nVerdict\n  %s\n", v->evidence);
    if (v->level)
        fprintf(out, "  level %s: %s\n", v->level, v->level_text);
    if (v->agrees)
        fprintf(out, "  the speedups bear out the baseline's bound (%s, from "
                "its speeds of light)\n", v->bound);
    else
        fprintf(out, "  the baseline's bound says %s (from its speeds of "
                "light), the measured speedups say %s: trust the "
                "speedups\n", v->bound, v->kind);
    fprintf(out, "  try first: %s\n", v->try_first);

    if (r->hierarchy) {
        text_laws(out, b, v);
        return;
    }
    fprintf(out, "\nLittle's law (bytes in flight = latency x bandwidth)\n");
    fprintf(out, "  needed    %.0f bytes (%" PRIu32 " cycles x %" PRIu32
            " bytes per cycle)\n", v->needed_bytes,
            b->hw.latency[CUSIM_LAT_GLOBAL], b->hw.memory.bandwidth);
    fprintf(out, "  achieved  %.0f bytes (%.1f transactions x %" PRIu32
            " bytes)\n", v->achieved_bytes, r->avg_inflight,
            b->hw.memory.transaction);
    if (v->subgroups_needed > 0)
        fprintf(out, "  that takes about %.0f resident subgroups per CU at "
                "this kernel's bytes per subgroup (now %.1f; the CU holds "
                "%" PRIu32 ")\n", v->subgroups_needed, resident(b),
                b->hw.cu.max_subgroups);
    else
        fprintf(out, "  the kernel has no global memory traffic\n");
    if (v->cap_bytes < v->needed_bytes)
        fprintf(out, "  the in-flight cap allows at most %.0f bytes (%" PRIu32
                " transactions x %" PRIu32 " bytes x %" PRIu32 " CU%s): "
                "less than needed\n", v->cap_bytes, b->hw.memory.max_inflight,
                b->hw.memory.transaction, b->hw.compute_units,
                b->hw.compute_units == 1 ? "" : "s");
}

/* ---------------------------------------------------------------- json */

static void json_real(FILE *out, const char *key, double x)
{
    fprintf(out, "\"%s\": %.10g", key, x);
}

static void json_run(FILE *out, const diag_variant *v)
{
    const cusim_result *r = &v->res;
    fprintf(out, "\"cycles\": %" PRIu64 ", ", r->cycles);
    json_real(out, "achieved_occupancy", r->achieved_occupancy);
    fputs(", ", out);
    json_real(out, "resident_subgroups", resident(v));
    fputs(", ", out);
    json_real(out, "bandwidth_utilization", r->bandwidth_utilization);
    fputs(", ", out);
    json_real(out, "issue_utilization", r->issue_utilization);
    fprintf(out, ", \"top_stall\": \"%s\", \"top_state\": \"%s\"",
            cusim_stall_name(top_stall(r)),
            cusim_warp_state_name(top_state(r)));
}

static void print_json(FILE *out, const diag_plan *p, const diag_verdict *v)
{
    const diag_variant *b = &p->v[DIAG_BASELINE];
    fputs("{\"hw\": ", out);
    json_string(out, b->hw.name);
    fputs(", \"kernel\": ", out);
    json_string(out, b->k.name);
    fputs(", \"baseline\": {", out);
    json_run(out, b);
    fprintf(out, ", \"limiter\": \"%s\", \"bound\": ",
            cusim_limiter_name(b->occ.limiter));
    json_string(out, v->bound);
    fputs(", ", out);
    json_real(out, "waves", v->waves);
    fputs("}, \"variants\": [", out);
    for (int i = 1; i < DIAG_COUNT; i++) {
        const diag_variant *x = &p->v[i];
        fprintf(out, "%s{\"name\": \"%s\", \"change\": ", i > 1 ? ", " : "",
                diag_kind_name(x->kind));
        json_string(out, x->change);
        fprintf(out, ", \"applicable\": %s", x->applicable ? "true" : "false");
        if (!x->applicable) {
            fputs(", \"reason\": ", out);
            json_string(out, x->why);
        } else if (!x->ran || x->rc != 0) {
            fputs(", \"error\": ", out);
            json_string(out, x->ran ? x->error : "did not run");
        } else {
            fputs(", ", out);
            json_real(out, "speedup", diag_speedup(p, x->kind));
            fputs(", ", out);
            json_run(out, x);
        }
        fputs("}", out);
    }
    fprintf(out, "], \"verdict\": {\"kind\": \"%s\", \"lever\": \"%s\", "
            "\"evidence\": ", v->kind,
            v->lever == DIAG_BASELINE ? "none" : diag_kind_name(v->lever));
    json_string(out, v->evidence);
    fputs(", \"unit\": ", out);
    if (v->unit)
        fprintf(out, "\"%s\"", v->unit);
    else
        fputs("null", out);
    fputs(", \"bound\": ", out);
    json_string(out, v->bound);
    fprintf(out, ", \"agrees_with_bound\": %s, \"try\": ",
            v->agrees ? "true" : "false");
    json_string(out, v->try_first);
    fputs(", \"level\": ", out);
    if (v->level) {
        fprintf(out, "\"%s\", \"level_why\": ", v->level);
        json_string(out, v->level_text);
    } else {
        fputs("null", out);
    }
    fputs(", \"littles_law\": {", out);
    json_real(out, "needed_bytes", v->needed_bytes);
    fputs(", ", out);
    json_real(out, "achieved_bytes", v->achieved_bytes);
    fputs(", ", out);
    json_real(out, "subgroups_per_cu", v->subgroups_needed);
    fputs(", ", out);
    json_real(out, "cap_bytes", v->cap_bytes);
    if (b->res.hierarchy) {
        fputs(", \"levels\": {", out);
        for (int i = 0; i < DIAG_LEVELS; i++) {
            const diag_law *l = &v->law[i];
            fprintf(out, "%s\"%s\": ", i ? ", " : "", level_names[i]);
            if (!l->present) {
                fputs("null", out);
                continue;
            }
            fputs("{", out);
            json_real(out, "latency", l->latency);
            fputs(", ", out);
            json_real(out, "bytes_per_cycle", l->bytes_per_cycle);
            fputs(", ", out);
            json_real(out, "needed_bytes", l->needed_bytes);
            fputs(", ", out);
            json_real(out, "achieved_bytes", l->achieved_bytes);
            fputs("}", out);
        }
        fputs("}", out);
    }
    fputs("}}}\n", out);
}

void diag_print(FILE *out, const diag_plan *p, const diag_verdict *v,
                cusim_format fmt)
{
    if (fmt == CUSIM_FORMAT_JSON)
        print_json(out, p, v);
    else
        print_text(out, p, v);
}
