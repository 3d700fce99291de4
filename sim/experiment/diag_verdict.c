/*
 * diag_verdict.c — `cusim diagnose`'s verdict (diagnose.h): the kind of
 * bound the counterfactuals' speedups bear out, the lever, the evidence,
 * the memory level, Little's law and the first thing to try.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "diag_int.h"

/* The three kinds of lever: what a counterfactual that helps says the
 * kernel waits on. */
typedef enum lever_kind { LK_LATENCY, LK_BANDWIDTH, LK_COMPUTE, LK_COUNT }
    lever_kind;

/* The levers, each of one kind (the residency-down and elements variants
 * are not levers: one is the way back, the other a change of the
 * kernel's code; no L1 is a probe, never a remedy). A larger cache is a
 * bandwidth lever: it moves fewer bytes from the level below; a pipe's
 * lanes are a compute lever, one pipe's share of it; the L2's atomic
 * throughput a bandwidth lever (a memory unit's). On a flat profile
 * the cache levers do not apply and count for nothing. */
static const diag_kind levers[] = { DIAG_RESIDENCY_UP, DIAG_BANDWIDTH,
                                    DIAG_LATENCY, DIAG_ISSUE,
                                    DIAG_SCHEDULERS, DIAG_INFLIGHT,
                                    DIAG_L1_SIZE, DIAG_L2_SIZE,
                                    DIAG_ALU_LANES, DIAG_SFU_LANES,
                                    DIAG_SHARED_LANES, DIAG_MEM_LANES,
                                    DIAG_ATOMIC, DIAG_SCALAR };
enum { N_LEVERS = sizeof levers / sizeof levers[0] };

static lever_kind kind_of(diag_kind k)
{
    switch (k) {
    case DIAG_BANDWIDTH:
    case DIAG_L1_SIZE:
    case DIAG_L2_SIZE:
    case DIAG_ATOMIC:
        return LK_BANDWIDTH;
    case DIAG_ISSUE:
    case DIAG_SCHEDULERS:
    case DIAG_ALU_LANES:
    case DIAG_SFU_LANES:
    case DIAG_SHARED_LANES:
    case DIAG_MEM_LANES:
    case DIAG_SCALAR:
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

const char *diag_level_name(diag_level l)
{
    return l >= 0 && l < DIAG_LEVELS ? level_names[l] : "?";
}

/* Whether a memory level busy `sol` of its peak can be what binds: the
 * pipes' rule (DIAG_PIPE_SHARE, or DIAG_PIPE_FLOOR when it is the
 * busiest unit). */
static bool level_binds(const cusim_result *r, diag_level l, double sol)
{
    return sol >= DIAG_PIPE_SHARE
           || (sol >= DIAG_PIPE_FLOOR && r->bound_unit
               && strcmp(r->bound_unit, level_names[l]) == 0);
}

/* A hit rate without its sectors on their way (pending of them, of
 * bytes / sector requested): the share served at the level's own
 * latency. */
static double present_rate(double rate, uint64_t pending, uint64_t bytes,
                           uint32_t sector)
{
    double sectors = sector ? (double)bytes / sector : 0;
    double h = sectors > 0 ? rate - (double)pending / sectors : rate;
    return h > 0 ? h : 0;
}

/* The level of a hierarchy the verdict names, and why (v->level,
 * v->level_text, v->level_rule), from the cache levers' speedups, the
 * baseline's speeds of light and its top stall, first rule that holds:
 *   1. capacity: 2x L1 or 2x L2 gives >= DIAG_HELPS, at least as much as
 *      2x DRAM bandwidth: that cache (the L1 on a tie);
 *   2. DRAM bandwidth: 2x bandwidth gives >= DIAG_HELPS: dram;
 *   3. served from L1: no L1 is slower (speedup <= 1 / DIAG_HELPS) and
 *      DRAM is under 60% busy (sol.dram): l1; the L1 is called the limit
 *      only when its lookups are busy enough to bind (level_binds), else
 *      the loads wait on its latency;
 *   4. when memory waits are the top stall class (stalls.memory, the
 *      largest of the waits: idle and the tail are not the kernel's) and
 *      the lever is not a compute one (issue, schedulers, a pipe's
 *      lanes), for a verdict other than bandwidth: where the loads wait, the largest of
 *      each level's share of a sector's unloaded wait at the measured hit
 *      rates (h1 x l1 latency, (1 - h1) h2 x l2 latency, (1 - h1)(1 - h2)
 *      x dram latency; the L1 on a tie);
 *   5. for bandwidth, the busiest level (bound_unit when it is one, else
 *      the highest of sol.l1, sol.l2, sol.dram, the first on a tie).
 * None without a hierarchy, without global traffic, for a compute verdict
 * (the pipes, not memory), or when no rule holds (another stall class
 * tops a latency verdict: the loads are not what the subgroups wait on). */
static void conclude_level(const diag_plan *p, diag_verdict *v)
{
    const cusim_result *r = &p->v[DIAG_BASELINE].res;
    v->level = NULL;
    v->level_text[0] = '\0';
    v->level_rule = DIAG_RULE_NONE;
    if (!r->hierarchy || r->l1_requests == 0
        || strcmp(v->kind, "compute") == 0)
        return;
    char *t = v->level_text;
    size_t size = sizeof v->level_text;
    double s1 = diag_speedup(p, DIAG_L1_SIZE), s2 = diag_speedup(p, DIAG_L2_SIZE);
    double sbw = diag_speedup(p, DIAG_BANDWIDTH);
    double sby = diag_speedup(p, DIAG_L1_BYPASS);
    double cap = s1 >= s2 ? s1 : s2;
    diag_level l = DIAG_L1;
    if (cap >= DIAG_HELPS && cap >= sbw) {
        l = s1 >= s2 ? DIAG_L1 : DIAG_L2;
        v->level_rule = DIAG_RULE_CAPACITY;
        snprintf(t, size, "cache capacity (%s): %s -> %.2fx (%s hit rate "
                 "%.1f%%): the working set does not fit the %s",
                 level_labels[l], diag_kind_label(l == DIAG_L1 ? DIAG_L1_SIZE
                                                               : DIAG_L2_SIZE),
                 cap, level_labels[l],
                 100 * (l == DIAG_L1 ? r->l1_hit_rate : r->l2_hit_rate),
                 level_labels[l]);
    } else if (sbw >= DIAG_HELPS) {
        l = DIAG_DRAM;
        v->level_rule = DIAG_RULE_DRAM_BANDWIDTH;
        snprintf(t, size, "DRAM bandwidth: 2x bandwidth -> %.2fx, DRAM "
                 "%.1f%% busy (L1 hit rate %.1f%%, L2 %.1f%%)", sbw,
                 100 * r->sol_dram, 100 * r->l1_hit_rate,
                 100 * r->l2_hit_rate);
    } else if (sby > 0 && sby * DIAG_HELPS <= 1 && r->sol_dram < 0.6) {
        l = DIAG_L1;
        bool binds = level_binds(r, DIAG_L1, r->sol_l1);
        v->level_rule = binds ? DIAG_RULE_L1_LIMIT : DIAG_RULE_L1_LATENCY;
        snprintf(t, size, "served from L1 (hit rate %.1f%%; no L1 -> "
                 "%.2fx; DRAM %.1f%% busy): not DRAM-bound; %s (its lookups "
                 "%.1f%% busy%s)", 100 * r->l1_hit_rate, sby,
                 100 * r->sol_dram, binds ? "the load unit / L1 is the limit"
                                          : "the loads wait on the L1's "
                                            "latency",
                 100 * r->sol_l1, binds ? "" : ": too few to bind");
    } else if (strcmp(v->kind, "bandwidth") != 0) {
        if (diag_top_wait(r) != CUSIM_STALL_MEMORY
            || (v->lever != DIAG_BASELINE
                && kind_of(v->lever) == LK_COMPUTE))
            return;
        const cusim_hw *hw = &p->v[DIAG_BASELINE].hw;
        double h1 = present_rate(r->l1_hit_rate, r->l1_pending_hits,
                                 r->l1_bytes, hw->cache.l1.sector);
        double h2 = present_rate(r->l2_hit_rate, r->l2_pending_hits,
                                 r->l2_bytes, hw->cache.l2.sector);
        const double wait[DIAG_LEVELS] = {
            h1 * hw->cache.l1.latency, (1 - h1) * h2 * hw->cache.l2.latency,
            (1 - h1) * (1 - h2) * hw->dram.latency };
        double all = wait[0] + wait[1] + wait[2];
        for (int i = 1; i < DIAG_LEVELS; i++)
            if (wait[i] > wait[l])
                l = (diag_level)i;
        if (all <= 0)
            all = 1;
        v->level_rule = DIAG_RULE_WAIT;
        snprintf(t, size, "the loads wait mostly on the %s (of a sector's "
                 "unloaded wait, at these hit rates: L1 %.0f%%, L2 %.0f%%, "
                 "DRAM %.0f%%)", level_labels[l], 100 * wait[0] / all,
                 100 * wait[1] / all, 100 * wait[2] / all);
    } else if (diag_atomic_binds(r)) {
        l = DIAG_L2;
        v->level_rule = DIAG_RULE_BUSIEST;
        snprintf(t, size, "the L2's atomic units are the busiest (the "
                 "busiest slice's %.1f%% busy; L1 %.1f%%, L2 %.1f%%, DRAM "
                 "%.1f%%): the atomics take turns at a few addresses",
                 100 * r->sol_unit[CUSIM_SOL_ATOMIC], 100 * r->sol_l1,
                 100 * r->sol_l2, 100 * r->sol_dram);
    } else {
        const double sol[DIAG_LEVELS] = { r->sol_l1, r->sol_l2, r->sol_dram };
        for (int i = 1; i < DIAG_LEVELS; i++)
            if (sol[i] > sol[l])
                l = (diag_level)i;
        for (int i = 0; i < DIAG_LEVELS; i++)
            if (r->bound_unit && strcmp(r->bound_unit, level_names[i]) == 0)
                l = (diag_level)i;
        v->level_rule = DIAG_RULE_BUSIEST;
        snprintf(t, size, "the busiest level is the %s (%.1f%% of its peak; "
                 "L1 %.1f%%, L2 %.1f%%, DRAM %.1f%%; hit rates L1 %.1f%%, "
                 "L2 %.1f%%)", level_labels[l], 100 * sol[l],
                 100 * sol[DIAG_L1], 100 * sol[DIAG_L2], 100 * sol[DIAG_DRAM],
                 100 * r->l1_hit_rate, 100 * r->l2_hit_rate);
    }
    v->level = level_names[l];
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
    if (strcmp(unit, "scalar") == 0)
        return "less per-subgroup bookkeeping: fewer loop passes "
               "(unrolled, or more elements per pass), loop bounds and "
               "address bases hoisted, 32-bit counters where 64 are "
               "not needed";
    return "simpler arithmetic: fewer alu and fma per element (strength "
           "reduction, invariant work hoisted out of loops)";
}

/* The first thing to try for verdict `v`. */
static void advice(const diag_plan *p, diag_verdict *v)
{
    const diag_variant *b = &p->v[DIAG_BASELINE];
    const char *what = "";
    char buf[448] = "";
    if (v->lever == DIAG_ATOMIC
        || (strcmp(v->kind, "bandwidth") == 0 && diag_atomic_binds(&b->res))) {
        double s = diag_speedup(p, DIAG_ATOMIC);
        char gain[48] = "";
        if (s > 0)
            snprintf(gain, sizeof gain, "; 2x atomic throughput -> %.2fx", s);
        snprintf(buf, sizeof buf, "the L2's atomic units are the limit "
                 "(%.0f%% busy%s): fewer global atomics on the same "
                 "addresses: a subgroup reduction first (lanes on one "
                 "address combine, one lane adds), then privatize (bins in "
                 "shared memory per workgroup, atom.shared, then one global "
                 "atomic per bin)", 100 * b->res.sol_unit[CUSIM_SOL_ATOMIC],
                 gain);
        what = buf;
    } else if (strcmp(v->kind, "bandwidth") == 0) {
        what = "move fewer bytes: wider, coalesced accesses, reuse through "
               "shared memory, or fused passes; more residency will not help";
    } else if (v->unit && strcmp(v->kind, "compute") == 0) {
        snprintf(buf, sizeof buf, "the %s pipe is the limit (%.0f%% busy; "
                 "%s -> %.2fx): %s", v->unit,
                 100 * b->res.sol_unit[diag_pipe_of(v->lever)],
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
    } else if (diag_top_state(&b->res) == CUSIM_WS_BARRIER) {
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
    } else if (diag_top_wait(&b->res) == CUSIM_STALL_DEPENDENCY) {
        what = "more independent work per subgroup (interleave independent "
               "chains), or more resident subgroups";
    } else {
        what = "more independent loads per subgroup before their first use "
               "(ILP), or more resident subgroups";
    }
    const char *at = "";
    const bool on_l1 = v->level && strcmp(v->level, "l1") == 0;
    const bool on_l2 = v->level && strcmp(v->level, "l2") == 0;
    switch (v->level_rule) {
    case DIAG_RULE_CAPACITY:
        at = on_l1 ? "fit the working set in the L1 (tile or block the "
                     "accesses; less shared memory leaves a unified L1 "
                     "more): "
                   : "fit the working set in the L2 (tile or block the "
                     "accesses): ";
        break;
    case DIAG_RULE_L1_LIMIT:
        at = "the data is served from L1, not DRAM: fewer, wider loads "
             "(vector accesses, values kept in registers or shared memory) "
             "relieve the load unit; more DRAM bandwidth will not help; ";
        break;
    case DIAG_RULE_L1_LATENCY:
        at = "the data is served from L1, not DRAM, and the loads wait on "
             "its latency: more DRAM bandwidth will not help; ";
        break;
    case DIAG_RULE_WAIT:
        at = on_l1 ? "the loads wait on the L1: "
             : on_l2 ? "the loads wait on the L2: " : "the loads wait on DRAM: ";
        break;
    case DIAG_RULE_DRAM_BANDWIDTH:
    case DIAG_RULE_BUSIEST:
        at = on_l1 ? "at the L1: " : on_l2 ? "at the L2: " : "at DRAM: ";
        break;
    case DIAG_RULE_NONE:
        break;
    }
    /* no memory level, and the subgroups wait on each other's results:
     * an execution dependency, named as such */
    char dep[160];
    if (v->level_rule == DIAG_RULE_NONE && strcmp(v->kind, "compute") != 0
        && strcmp(v->kind, "bandwidth") != 0
        && diag_top_wait(&b->res) == CUSIM_STALL_DEPENDENCY) {
        snprintf(dep, sizeof dep, "the subgroups wait on a dependent chain, "
                 "not on memory (%.0f%% of the scheduler-cycles wait on an "
                 "alu, sfu or shared-memory result: short scoreboard): ",
                 100 * b->res.stalls[CUSIM_STALL_DEPENDENCY]);
        at = dep;
    }
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
            if (diag_is_pipe((diag_kind)i)
                && (pipe == DIAG_BASELINE
                    || diag_speedup(p, (diag_kind)i)
                       > diag_speedup(p, pipe)))
                pipe = (diag_kind)i;
        double sp = diag_speedup(p, pipe);
        if (sp >= DIAG_HELPS && sp >= diag_speedup(p, DIAG_ISSUE))
            v->lever = pipe;
    }
    if (diag_is_pipe(v->lever))
        v->unit = cusim_sol_unit_name(diag_pipe_of(v->lever));

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
        if (diag_is_pipe((diag_kind)i) && i != (int)v->lever
            && (strcmp(v->kind, "compute") == 0
                || diag_speedup(p, (diag_kind)i) >= DIAG_HELPS))
            evidence_add(e, size, p, (diag_kind)i, &first);
    /* with a hierarchy, its probes and the atomic units (n/a on a flat
     * profile, or when they cannot bind: nothing) */
    static const diag_kind cache[] = { DIAG_L1_SIZE, DIAG_L2_SIZE,
                                       DIAG_L1_BYPASS, DIAG_ATOMIC };
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
        l1->present = diag_has_l1(hw);
        l1->latency = l1->present ? hw->cache.l1.latency : 0;
        l1->bytes_per_cycle = l1->present ? (double)hw->cache.l1.lines_per_cycle
                                            * hw->cache.l1.line : 0;
        l1->achieved_bytes = l1->present ? inflight / hw->compute_units : 0;
        *l2 = (diag_law){ .present = true, .latency = hw->cache.l2.latency,
                          .bytes_per_cycle = hw->cache.l2.bytes_per_cycle,
                          .achieved_bytes = inflight };
        *dram = (diag_law){ .present = true, .latency = hw->dram.latency,
                            .bytes_per_cycle = hw->dram.bytes_per_cycle,
                            .achieved_bytes = inflight };
        /* the share of the sectors asked for that gets to each level: the
         * bytes each level is asked for (a sector on its way is a hit,
         * but not a lookup the next level is spared: it asked once) */
        double asked = (double)(l1->present ? r->l1_bytes : r->l2_bytes);
        l1->share = l1->present ? 1 : 0;
        l2->share = asked > 0 ? (double)r->l2_bytes / asked : 1;
        dram->share = asked > 0 ? (double)r->dram_bytes / asked : 1;
        for (int i = 0; i < DIAG_LEVELS; i++) {
            diag_law *l = &v->law[i];
            l->needed_bytes = l->latency * l->bytes_per_cycle;
            l->reached = l->present && r->l1_requests > 0
                         && l->share >= DIAG_REACH;
        }
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
    /* the subgroups DRAM's (the flat channel's) law takes: only when the
     * kernel's misses reach it */
    bool dram_reached = !r->hierarchy || v->law[DIAG_DRAM].reached;
    if (v->achieved_bytes > 0 && dram_reached)
        v->subgroups_needed = diag_resident(b) * v->needed_bytes
                              / v->achieved_bytes;
    conclude_level(p, v);
    advice(p, v);
    v->n_findings = findings_of(r, hw, &b->k, v->findings);
    for (int i = 0; i < v->n_findings; i++) {
        diag_kind lever = diag_lever_of(v->findings[i].id);
        v->finding_gain[i] = lever != DIAG_COUNT ? diag_speedup(p, lever)
                                                 : 0;
    }
}
