/*
 * findings.c — a run's findings (findings.h): each rule reads the run's
 * figures and, past its threshold, says what it measured, the ideal, the
 * line and the fix.
 */
#include "findings.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "config.h"
#include "json.h"

static const char *const names[] = {
#define FINDING_NAME_ROW_(id, name) name,
    FINDINGS(FINDING_NAME_ROW_)
#undef FINDING_NAME_ROW_
};

const char *finding_name(finding_id id)
{
    return id >= 0 && id < FINDING_COUNT ? names[id] : "?";
}

/* The line of kernel key `path` in the kernel's own file, or 0 (a
 * default, or a --set). */
static int key_line(const cusim_kernel *k, const char *path)
{
    cusim_mark m = cfg_kernel_mark(k, path);
    return m.file && strcmp(m.file, k->file) == 0 ? m.line : 0;
}

/* Uncoalesced global accesses: the sectors (transactions) the accesses
 * ask for against the fewest their active lanes' bytes fill. */
static bool uncoalesced(const cusim_result *r, finding *f)
{
    if (r->global_requests == 0 || r->global_ideal == 0
        || (double)r->global_units
           < FINDING_MIN_UNCOALESCED * (double)r->global_ideal)
        return false;
    const cusim_insn_finding *w = &r->worst_global;
    const char *u = r->hierarchy ? "sectors" : "transactions";
    double req = (double)r->global_requests;
    f->measured = (double)r->global_units / req;
    f->ideal = (double)r->global_ideal / req;
    f->unit = r->hierarchy ? "sectors per request" : "transactions per request";
    f->line = w->line;
    double unused = 1 - (double)r->global_ideal / (double)r->global_units;
    snprintf(f->what, sizeof f->what, "uncoalesced global accesses: %.1f %s "
             "per request where %.1f would do (%.0f%% of the %u-byte %s "
             "moved unused); the worst instruction: %.1f per request "
             "against %.1f: make consecutive lanes touch consecutive addresses "
             "(transpose through shared memory, or change the index)",
             f->measured, u, f->ideal, 100 * unused, r->global_unit_bytes, u,
             (double)w->measured / (double)w->runs,
             (double)w->ideal / (double)w->runs);
    return true;
}

/* Shared-memory bank conflicts: the passes (wavefronts) the shared
 * accesses take against conflict-free accesses of their widths. */
static bool bank_conflicts(const cusim_result *r, finding *f)
{
    if (r->shared_requests == 0 || r->shared_ideal == 0
        || (double)r->shared_passes
           < FINDING_MIN_CONFLICTS * (double)r->shared_ideal)
        return false;
    const cusim_insn_finding *w = &r->worst_shared;
    double req = (double)r->shared_requests;
    f->measured = (double)r->shared_passes / req;
    f->ideal = (double)r->shared_ideal / req;
    f->unit = "passes per access";
    f->line = w->line;
    snprintf(f->what, sizeof f->what, "shared-memory bank conflicts: %.2f "
             "passes (wavefronts) per access where %.2f would do; the worst "
             "instruction is %.0f-way (%.1f passes against %.1f): pad the array "
             "(a word more per row) or change the index so that a "
             "subgroup's lanes fall in distinct banks",
             f->measured, f->ideal,
             w->ideal ? (double)w->measured / (double)w->ideal : 0,
             (double)w->measured / (double)w->runs,
             (double)w->ideal / (double)w->runs);
    return true;
}

/* Whether kernel t with `v` of what limits residency (registers per
 * invocation, or shared bytes per workgroup) fits more than `at`
 * subgroups per CU on hw. */
static bool fits_more(const cusim_hw *hw, cusim_kernel *t, cusim_limiter lim,
                      uint32_t v, uint32_t at)
{
    cusim_occupancy o;
    cusim_error err;
    if (lim == CUSIM_LIMIT_REGISTERS) {
        t->registers = v;
        t->registers_auto = false;
    } else {
        t->shared_bytes = v;
        t->shared_bytes_expr.text[0] = '\0';
    }
    return cusim_occupancy_compute(hw, t, &o, &err) == 0
           && o.subgroups_per_cu > at;
}

/* The largest count below `now`, in steps of `step` (now - step, now -
 * 2 step, ..., above 0), at which the CU holds more subgroups than `at`,
 * or 0 when none does. The subgroups a CU holds only grow as the count
 * falls, so a bisection over the steps finds it. */
static uint32_t raises_at(const cusim_hw *hw, const cusim_kernel *k,
                          cusim_limiter lim, uint32_t now, uint32_t step,
                          uint32_t at)
{
    cusim_kernel t = *k;   /* shallow: the keys read here only */
    t.next = NULL;
    uint32_t steps = (now - 1) / step;   /* now - j step > 0: j <= steps */
    if (steps == 0 || !fits_more(hw, &t, lim, now - steps * step, at))
        return 0;
    uint32_t lo = 0, hi = steps;   /* lo: does not fit more; hi: does */
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (fits_more(hw, &t, lim, now - mid * step, at))
            hi = mid;
        else
            lo = mid;
    }
    return now - hi * step;
}

/* Occupancy limited by a named resource, with what would raise it. */
static bool occupancy_limit(const cusim_result *r, const cusim_hw *hw,
                            const cusim_kernel *k, finding *f)
{
    const cusim_occupancy *o = &r->occupancy;
    if (o->theoretical >= 1.0 || r->waves < 1)
        return false;   /* under a wave, the grid, not the CU, is short */
    f->measured = o->theoretical;
    f->ideal = 1;
    f->unit = "occupancy";
    char raise[160] = "";
    if (o->limiter == CUSIM_LIMIT_REGISTERS) {
        uint32_t v = raises_at(hw, k, o->limiter, o->registers_per_invocation,
                               1, o->subgroups_per_cu);
        f->line = key_line(k, "registers");
        if (v)
            snprintf(raise, sizeof raise, "%u registers per invocation "
                     "(now %u) would fit more subgroups", v,
                     o->registers_per_invocation);
    } else if (o->limiter == CUSIM_LIMIT_SHARED_MEMORY && o->shared_bytes) {
        uint32_t g = hw->cu.shared_granularity ? hw->cu.shared_granularity
                                               : 1;
        uint32_t v = raises_at(hw, k, o->limiter, o->shared_bytes, g,
                               o->subgroups_per_cu);
        f->line = key_line(k, "shared_bytes");
        if (v)
            snprintf(raise, sizeof raise, "%u bytes of shared memory per "
                     "workgroup (now %u) would fit more subgroups", v,
                     o->shared_bytes);
    } else {
        f->line = key_line(k, "workgroup_size");
        snprintf(raise, sizeof raise, "another workgroup size fills the "
                 "CU's %s slots differently", cusim_limiter_name(o->limiter));
    }
    snprintf(f->what, sizeof f->what, "theoretical occupancy %.0f%%, limited "
             "by %s (%u subgroups per CU of %u)%s%s", 100 * o->theoretical,
             cusim_limiter_name(o->limiter), o->subgroups_per_cu,
             hw->cu.max_subgroups, raise[0] ? ": " : "", raise);
    return true;
}

/* Achieved occupancy well under the theoretical: the CUs sat partly
 * empty (a tail, too few workgroups, uneven ones). */
static bool achieved(const cusim_result *r, const cusim_kernel *k,
                     finding *f)
{
    double th = r->occupancy.theoretical;
    if (th <= 0 || r->waves < 1
        || r->achieved_occupancy >= FINDING_MIN_ACHIEVED * th)
        return false;
    f->measured = r->achieved_occupancy;
    f->ideal = th;
    f->unit = "occupancy";
    f->line = key_line(k, "elements");
    snprintf(f->what, sizeof f->what, "achieved occupancy %.0f%% against "
             "the theoretical %.0f%% (%.2f waves of workgroups): the CUs "
             "sit partly empty while workgroups start and drain; more "
             "workgroups per dispatch, or work spread evenly over them",
             100 * r->achieved_occupancy, 100 * th, r->waves);
    return true;
}

/* A tail effect: the last wave of workgroups partly full, the GPU partly
 * idle for its time (about 1 / ceil(waves) of the run). */
static bool tail(const cusim_result *r, const cusim_kernel *k, finding *f)
{
    double w = r->waves;
    if (w <= 1)
        return false;   /* under one wave: a small grid, the verdict's */
    double full = floor(w), fill = w - full;
    if (fill <= 0)
        return false;
    double idle = (1 - fill) / ceil(w);
    if (idle < FINDING_MIN_TAIL)
        return false;
    f->measured = w;
    f->ideal = ceil(w);
    f->unit = "waves";
    f->line = key_line(k, "elements");
    snprintf(f->what, sizeof f->what, "tail effect: %.2f waves of "
             "workgroups, the last %.0f%% full, so the GPU is about %.0f%% "
             "idle for its share of the run; a grid of whole waves (the "
             "element count, or the workgroup size) avoids it", w,
             100 * fill, 100 * (1 - fill));
    return true;
}

/* Divergent branches: Nsight's branch efficiency under 90%. */
static bool divergence(const cusim_result *r, finding *f)
{
    if (r->branches == 0 || r->branch_efficiency >= FINDING_MIN_BRANCHES)
        return false;
    const cusim_insn_finding *w = &r->worst_branch;
    f->measured = r->branch_efficiency;
    f->ideal = 1;
    f->unit = "branch efficiency";
    f->line = w->line;
    snprintf(f->what, sizeof f->what, "divergent branches: %.0f%% of the "
             "branch tests keep a subgroup's lanes together; the worst "
             "branch: %llu of its %llu tests split the lanes (both sides run, "
             "one after the other): a condition uniform across a subgroup, "
             "or the data sorted so that neighbours agree",
             100 * r->branch_efficiency, (unsigned long long)w->measured,
             (unsigned long long)w->runs);
    return true;
}

/* Contended atomics: the busiest L2 slice's atomic unit binds (its
 * operations, or a line's turns that others wait for), so the kernel's
 * global atomics take turns at a few addresses. */
static bool atomics(const cusim_result *r, finding *f)
{
    double busy = r->sol_unit[CUSIM_SOL_ATOMIC];
    if (!r->hierarchy || r->atomic_requests == 0 || busy < FINDING_MIN_ATOMIC)
        return false;
    double req = (double)r->atomic_requests;
    f->measured = busy;
    f->ideal = 0;
    f->unit = "atomic unit busy";
    f->line = r->worst_atomic.line;
    snprintf(f->what, sizeof f->what, "contended atomics: the busiest L2 "
             "slice's atomic unit is %.0f%% busy, a request (%.1f lanes on "
             "a line) waits %.0f cycles for earlier ones on its line: a "
             "subgroup reduction first, or privatize (shared-memory bins "
             "per workgroup, then one global atomic per bin)",
             100 * busy, (double)r->atomic_ops / req,
             (double)r->atomic_wait / req);
    return true;
}

/* Scalar overhead: the scalar unit binds (cu.scalar_cycles a salu), so
 * the kernel's per-subgroup bookkeeping (loop counters, bounds, address
 * bases) is what it waits on. */
static bool scalar(const cusim_result *r, const cusim_hw *hw, finding *f)
{
    double busy = r->sol_unit[CUSIM_SOL_SCALAR];
    if (hw->cu.scalar_cycles == 0 || busy < FINDING_MIN_SCALAR)
        return false;
    f->measured = busy;
    f->ideal = 0;
    f->unit = "scalar unit busy";
    f->line = r->worst_scalar.line;
    snprintf(f->what, sizeof f->what, "scalar overhead: the scalar unit is "
             "%.0f%% busy (%" PRIu32 " cycles a salu; the one issued most "
             "ran %" PRIu64 " times): less per-subgroup bookkeeping, fewer "
             "loop passes (unrolled, or more elements per pass), loop "
             "bounds and address bases hoisted", 100 * busy,
             hw->cu.scalar_cycles, r->worst_scalar.runs);
    return true;
}

int findings_of(const cusim_result *r, const cusim_hw *hw,
                const cusim_kernel *k, finding *out)
{
    int n = 0;
    for (int id = 0; id < FINDING_COUNT; id++) {
        finding *f = &out[n];
        memset(f, 0, sizeof *f);
        f->id = (finding_id)id;
        bool found = false;
        switch ((finding_id)id) {
        case FINDING_UNCOALESCED:
            found = uncoalesced(r, f);
            break;
        case FINDING_BANK_CONFLICTS:
            found = bank_conflicts(r, f);
            break;
        case FINDING_OCCUPANCY_LIMIT:
            found = occupancy_limit(r, hw, k, f);
            break;
        case FINDING_ACHIEVED_OCCUPANCY:
            found = achieved(r, k, f);
            break;
        case FINDING_TAIL:
            found = tail(r, k, f);
            break;
        case FINDING_DIVERGENCE:
            found = divergence(r, f);
            break;
        case FINDING_ATOMICS:
            found = atomics(r, f);
            break;
        case FINDING_SCALAR:
            found = scalar(r, hw, f);
            break;
        case FINDING_COUNT:
            break;
        }
        n += found;
    }
    return n;
}

void findings_json(FILE *out, const finding *f, int n, const double *gain,
                   bool spaced)
{
    const char *c = spaced ? ": " : ":", *s = spaced ? ", " : ",";
    fputc('[', out);
    for (int i = 0; i < n; i++) {
        fprintf(out, "%s{\"id\"%s\"%s\"%s\"line\"%s%d%s\"what\"%s",
                i ? s : "", c, finding_name(f[i].id), s, c, f[i].line, s, c);
        json_string(out, f[i].what);
        fprintf(out, "%s\"measured\"%s%.10g%s\"ideal\"%s%.10g%s\"unit\"%s",
                s, c, f[i].measured, s, c, f[i].ideal, s, c);
        json_string(out, f[i].unit);
        if (gain && gain[i] > 0)
            fprintf(out, "%s\"gain\"%s%.10g", s, c, gain[i]);
        fputc('}', out);
    }
    fputc(']', out);
}
