/*
 * diag_plan.c — `cusim diagnose`'s plan (diagnose.h): every variant's
 * configs and whether it applies, its run, its record and its speedup.
 *
 * Each counterfactual is a set of in-memory overrides (cusim_hw_apply /
 * cusim_kernel_apply, so it is validated exactly as a --set would be) on a
 * copy of the baseline's configs. The residency variants change what limits
 * the baseline's residency (occupancy.limiter): registers per invocation,
 * shared memory per workgroup, or, when a slot cap limits, the CU's slot
 * caps together (subgroups, workgroups, invocations), so that the next slot
 * does not take over at the same count.
 */
#include <assert.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "diag_int.h"
#include "program.h"
#include "xalloc.h"

static const char *const kind_names[] = {
#define DIAG_NAME_ROW_(id, name, label, holds) name,
    DIAG_VARIANTS(DIAG_NAME_ROW_)
#undef DIAG_NAME_ROW_
};

static const char *const kind_labels[] = {
#define DIAG_LABEL_ROW_(id, name, label, holds) label,
    DIAG_VARIANTS(DIAG_LABEL_ROW_)
#undef DIAG_LABEL_ROW_
};

static const char *const kind_holds[] = {
#define DIAG_HOLDS_ROW_(id, name, label, holds) holds,
    DIAG_VARIANTS(DIAG_HOLDS_ROW_)
#undef DIAG_HOLDS_ROW_
};

const char *diag_kind_name(diag_kind k)
{
    return k >= 0 && k < DIAG_COUNT ? kind_names[k] : "?";
}

const char *diag_kind_label(diag_kind k)
{
    return k >= 0 && k < DIAG_COUNT ? kind_labels[k] : "?";
}

const char *diag_kind_holds(diag_kind k)
{
    return k >= 0 && k < DIAG_COUNT ? kind_holds[k] : "?";
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
        if (diag_has_l1(hw) && !set_add(v, "hw.cache.l1.latency",
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

bool diag_from_baseline(diag_kind k)
{
    return diag_is_pipe(k) || k == DIAG_ATOMIC;
}

/* The overrides of 2x atomic throughput: twice the operations the L2's
 * atomic units perform per cycle, and half the cycles of a turn on one
 * address when there are 2 or more to halve (at 1, one address's turns
 * stay as they are: only the units' rate doubles). */
static bool atomic_sets(diag_variant *v, const cusim_hw *hw)
{
    if (!set_add(v, "hw.cache.l2.atomic_rate", hw->cache.l2.atomic_rate,
                 2 * (uint64_t)hw->cache.l2.atomic_rate))
        return false;
    if (hw->cache.l2.atomic_cycles >= 2)
        return set_add(v, "hw.cache.l2.atomic_cycles",
                       hw->cache.l2.atomic_cycles,
                       hw->cache.l2.atomic_cycles / 2);
    return true;
}

/* The override of a pipe's variant: twice its lanes (hw.cu.lanes.NAME),
 * unless they already cover the subgroup: an instruction then keeps the
 * pipe one cycle (ceil(simd_width / lanes)), and more lanes change
 * nothing. */
static bool pipe_sets(diag_variant *v, diag_kind kind, const cusim_hw *hw,
                      const cusim_occupancy *o)
{
    cusim_sol_unit u = diag_pipe_of(kind);
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

/* The override of 2x scalar throughput: half the cycles the scalar unit
 * takes per salu (hw.cu.scalar_cycles), where it takes 2 or more. */
static bool scalar_sets(diag_variant *v, const cusim_hw *hw)
{
    uint32_t c = hw->cu.scalar_cycles;
    if (c == 0) {
        not_applicable(v, "the profile has no scalar unit "
                       "(cu.scalar_cycles is 0): salu runs on the alu pipe");
        return false;
    }
    if (c == 1) {
        not_applicable(v, "the scalar unit takes a salu every cycle "
                       "(cu.scalar_cycles is 1): the model has no faster "
                       "one");
        return false;
    }
    return set_add(v, "hw.cu.scalar_cycles", c, c / 2);
}

/* Once the baseline has run: 2x atomic throughput does not apply when
 * the L2's atomic units cannot bind (under DIAG_PIPE_FLOOR busy: the
 * busiest slice's, sol.unit.atomic). */
static void atomic_from_baseline(diag_plan *p)
{
    const cusim_result *r = &p->v[DIAG_BASELINE].res;
    diag_variant *v = &p->v[DIAG_ATOMIC];
    double share = r->sol_unit[CUSIM_SOL_ATOMIC];
    if (!v->applicable || v->ran || share >= DIAG_PIPE_FLOOR)
        return;
    if (r->atomic_requests == 0)
        not_applicable(v, "the kernel performs no global atomic at the L2");
    else
        not_applicable(v, "the L2's atomic units are %.1f%% busy "
                       "(sol.unit.atomic): under %.0f%%, they cannot bind",
                       100 * share, 100 * DIAG_PIPE_FLOOR);
}

/* Once the baseline has run: the pipes' variants whose pipe cannot bind
 * (DIAG_PIPE_SHARE, DIAG_PIPE_FLOOR) do not apply. */
static void pipes_from_baseline(diag_plan *p)
{
    const cusim_result *r = &p->v[DIAG_BASELINE].res;
    for (int i = 0; i < DIAG_COUNT; i++) {
        diag_variant *v = &p->v[i];
        cusim_sol_unit u = diag_pipe_of((diag_kind)i);
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

/* Whether 2x elements per invocation keeps the kernel's work and bytes:
 * every global at= of each dispatch's body reads `e`, so each copy moves
 * elements of its own. Otherwise the copies re-read the same bytes while
 * the grid halves: the variant would move fewer bytes (a stream copy half
 * of them) and its speedup would not be the lever's; it is n/a, saying
 * which access and how to write it. */
static bool elements_follow(diag_variant *v, const cusim_kernel *k)
{
    for (const cusim_kernel *d = k; d; d = d->next) {
        int line, column;
        uint32_t buf;
        const char *text;
        if (!prog_body_fixed_address(d->ast, &line, &column, &buf, &text))
            continue;
        const char *name = (int)buf < d->n_buffers ? d->buffers[buf].name
                                                   : "?";
        /* the expression as written, its first 60 bytes at most */
        char expr[64];
        size_t n = strlen(text);
        snprintf(expr, sizeof expr, n > 60 ? "%.57s..." : "%s", text);
        not_applicable(v, "its addresses do not follow the element: "
                       "line %d's at=%s[%s] does not read `e`, so the "
                       "body's copies would move the same bytes and the "
                       "variant fewer bytes than the kernel (an address "
                       "such as %s[gid + e * (elements / "
                       "elements_per_invocation)] follows "
                       "it)",
                       line, name, expr, name);
        return false;
    }
    return true;
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
        ok = diag_has_hierarchy(hw)
             ? hierarchy_sets(v, kind, hw)
             : set_add(v, "hw.memory.bandwidth", hw->memory.bandwidth,
                       2 * (uint64_t)hw->memory.bandwidth);
        break;
    case DIAG_LATENCY:
        ok = diag_has_hierarchy(hw)
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
        ok = elements_follow(v, k)
             && set_add(v, "kernel.elements_per_invocation",
                     k->elements_per_invocation,
                     2 * (uint64_t)k->elements_per_invocation);
        break;
    case DIAG_L1_SIZE:
    case DIAG_L2_SIZE:
    case DIAG_L1_BYPASS:
        if (!diag_has_hierarchy(hw)) {
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

    case DIAG_ATOMIC:
        if (!diag_has_hierarchy(hw)) {
            not_applicable(v, "the profile has no cache (cache.l2.bytes is "
                           "0): no L2 atomic unit performs the atomics");
            ok = false;
        } else {
            ok = atomic_sets(v, hw);
        }
        break;
    case DIAG_SCALAR:
        ok = scalar_sets(v, hw);
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
    if (i == DIAG_BASELINE && rc == 0) {
        pipes_from_baseline(p);
        atomic_from_baseline(p);
    }
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
