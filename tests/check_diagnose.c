/*
 * check_diagnose.c — the counterfactual runs of `cusim diagnose` and the
 * verdict drawn from them, on shipped workloads cut to small element
 * counts (so the suite stays fast under ASan).
 *
 * Expected sizes, from docs/model.md's rules:
 *   - copy on seed-cu moves 32 bytes per element through a 64-byte-per-
 *     cycle channel that is saturated (bound bandwidth): twice the
 *     bandwidth halves the time (>= 1.6x), more resident subgroups only
 *     lengthen the queue (< 1.1x).
 *   - latency-bound on one CU with one scheduler, 16 KiB of shared memory
 *     per workgroup of two subgroups: 4 workgroups = 8 subgroups resident.
 *     Each subgroup alternates a 400-cycle load (plus about 1.5 cycles on
 *     the channel) with nine dependent fma (9 x 4 cycles): about 437 cycles
 *     per 10 instructions, so 8 subgroups issue about 80 in 437 cycles (18%
 *     of the slots) and 16 would issue twice as many, still under the
 *     slots: +2x residency gives about 2x (1.9 to 2.05). Half the global
 *     latency makes the period about 237 cycles: 437 / 237 = 1.84x (1.75
 *     to 1.9). The channel is about 4% busy: 2x bandwidth < 1.1x.
 */
#include <math.h>

#include "cutest.h"
#include "diagnose.h"

/* Plans and runs every applicable variant of k on hw in this process. */
static diag_plan *diagnose_loaded(const cusim_hw *hw, cusim_kernel *k,
                                  diag_verdict *v)
{
    cusim_error err;
    diag_plan *p = diag_plan_new(hw, k, &err);
    cusim_kernel_free(k);
    if (!p)
        ck_abort_msg("plan: %s", err.message);
    for (int i = 0; i < DIAG_COUNT; i++) {
        if (!p->v[i].applicable)
            continue;
        cusim_result res;
        int rc = diag_simulate(p, (diag_kind)i, &res, &err);
        diag_record(p, (diag_kind)i, rc, &res, &err);
    }
    diag_conclude(p, v);
    return p;
}

static diag_plan *diagnose(const char *hw_rel, const char *k_rel,
                           const cusim_set *sets, size_t n_sets,
                           diag_verdict *v)
{
    cusim_hw hw;
    cusim_kernel k;
    cutest_load(hw_rel, k_rel, sets, n_sets, &hw, &k);
    return diagnose_loaded(&hw, &k, v);
}

/* The warp state most live subgroup-cycles of variant i are in. */
static cusim_warp_state top_state(const diag_plan *p, diag_kind i)
{
    const double *ws = p->v[i].res.warp_states;
    int top = 0;
    for (int w = 1; w < CUSIM_WS_COUNT; w++)
        if (ws[w] > ws[top])
            top = w;
    return (cusim_warp_state)top;
}

#define SET(path, value) { path, value, "--set", 1, 1 }

START_TEST(bandwidth_bound_copy)
{
    cusim_set sets[] = { SET("kernel.elements", "262144") };
    diag_verdict v;
    diag_plan *p = diagnose("configs/hw/seed-cu.yaml", "workloads/copy.yaml",
                            sets, 1, &v);
    ck_assert_double_ge(diag_speedup(p, DIAG_BANDWIDTH), 1.6);
    ck_assert_double_lt(diag_speedup(p, DIAG_RESIDENCY_UP), 1.1);
    ck_assert_double_lt(diag_speedup(p, DIAG_LATENCY), 1.1);
    ck_assert_str_eq(v.kind, "bandwidth");
    ck_assert_int_eq(v.lever, DIAG_BANDWIDTH);
    ck_assert_str_eq(v.bound, "bandwidth");
    /* the channel's queue backs up into the CUs' in-flight caps */
    ck_assert_int_eq(top_state(p, DIAG_BASELINE), CUSIM_WS_MEMORY_THROTTLE);
    ck_assert(v.agrees);
    ck_assert_ptr_nonnull(strstr(v.evidence, "bandwidth-bound: 2x bandwidth"));
    /* the limiter is the subgroup slots: all slot caps doubled together */
    ck_assert_str_eq(p->v[DIAG_RESIDENCY_UP].change,
                     "hw.cu.max_subgroups 64 -> 128, hw.cu.max_workgroups "
                     "32 -> 64, hw.cu.max_invocations 2048 -> 4096");
    /* Little's law: 400 cycles x 64 bytes per cycle */
    ck_assert_double_eq(v.needed_bytes, 25600);
    ck_assert_double_gt(v.achieved_bytes, v.needed_bytes);
    diag_plan_free(p);
}
END_TEST

static const cusim_set latency_sets[] = {
    SET("hw.cu.schedulers", "1"), SET("hw.compute_units", "1"),
    SET("kernel.shared_bytes", "16384"), SET("kernel.elements", "8192"),
};

START_TEST(latency_bound_residency)
{
    diag_verdict v;
    diag_plan *p = diagnose("configs/hw/seed-cu.yaml",
                            "workloads/latency-bound.yaml", latency_sets, 4,
                            &v);
    const diag_variant *b = &p->v[DIAG_BASELINE];
    ck_assert_uint_eq(b->occ.subgroups_per_cu, 8);
    ck_assert_int_eq(b->occ.limiter, CUSIM_LIMIT_SHARED_MEMORY);
    ck_assert_str_eq(p->v[DIAG_RESIDENCY_UP].change,
                     "kernel.shared_bytes 16384 -> 8192");
    ck_assert_uint_eq(p->v[DIAG_RESIDENCY_UP].occ.subgroups_per_cu, 16);
    ck_assert_uint_eq(p->v[DIAG_RESIDENCY_DOWN].occ.subgroups_per_cu, 4);
    double up = diag_speedup(p, DIAG_RESIDENCY_UP);
    ck_assert_double_ge(up, 1.9);
    ck_assert_double_le(up, 2.05);
    double lat = diag_speedup(p, DIAG_LATENCY);
    ck_assert_double_ge(lat, 1.75);
    ck_assert_double_le(lat, 1.9);
    ck_assert_double_lt(diag_speedup(p, DIAG_BANDWIDTH), 1.1);
    ck_assert_double_lt(diag_speedup(p, DIAG_RESIDENCY_DOWN), 0.6);
    ck_assert_str_eq(v.kind, "latency");
    ck_assert_str_eq(v.bound, "latency");
    ck_assert_int_eq(v.lever, DIAG_RESIDENCY_UP);
    ck_assert(v.agrees);
    /* 400 of every ~437 cycles waiting on the load */
    ck_assert_int_eq(top_state(p, DIAG_BASELINE), CUSIM_WS_LONG_SCOREBOARD);
    ck_assert_double_gt(p->v[DIAG_BASELINE].res.warp_states
                        [CUSIM_WS_LONG_SCOREBOARD], 0.85);
    ck_assert_ptr_nonnull(strstr(v.evidence,
                                 "latency-bound: +2x residency -> "));
    /* far below the 25600 bytes the channel needs in flight */
    ck_assert_double_lt(v.achieved_bytes, 2000);
    ck_assert_double_gt(v.subgroups_needed, 64);
    diag_plan_free(p);
}
END_TEST

START_TEST(compute_bound_pipes)
{
    /* compute-bound on nvidia-sm90: 384 fma per load, most of the issue
     * slots used. An alu instruction keeps its partition's 32 lanes busy
     * one cycle (width 32), so a partition completes at most one per cycle
     * however many it may issue: 2x issue rate < 1.1x. Twice the
     * partitions bring twice the pipes: >= 1.5x (not 2x: the memory phase
     * and the tail do not shrink). 16 CUs and 32768 elements keep the
     * shipped run's work per CU (262144 on 132 CUs) at an eighth of the
     * cost. (The flat memory model, where issue 8 measured it: the
     * profile's caches and launch latency, added later, change the
     * memory phase and add a fixed start.) */
    cusim_set sets[] = { SET("hw.compute_units", "16"),
                         SET("kernel.elements", "32768"),
                         SET("hw.cache.l2.bytes", "0"),
                         SET("hw.launch_cycles", "0") };
    diag_verdict v;
    diag_plan *p = diagnose("configs/hw/nvidia-sm90.yaml",
                            "workloads/compute-bound.yaml", sets, 4, &v);
    ck_assert_double_lt(diag_speedup(p, DIAG_ISSUE), 1.1);
    ck_assert_double_ge(diag_speedup(p, DIAG_SCHEDULERS), 1.5);
    ck_assert_double_lt(diag_speedup(p, DIAG_BANDWIDTH), 1.1);
    ck_assert_str_eq(v.kind, "compute");
    ck_assert_str_eq(v.bound, "compute");
    ck_assert(v.agrees);
    ck_assert_int_eq(v.lever, DIAG_SCHEDULERS);
    /* more ready subgroups than pipes: most wait eligible */
    ck_assert_int_eq(top_state(p, DIAG_BASELINE), CUSIM_WS_ELIGIBLE);
    ck_assert_str_eq(p->v[DIAG_SCHEDULERS].change, "hw.cu.schedulers 4 -> 8");
    diag_plan_free(p);
}
END_TEST

START_TEST(shared_pipe_bound_gemm)
{
    /* Issue 24: workloads/gemm-regblock.yaml on nvidia-h200 (one CU, 8
     * workgroups of 256 at 5 a CU: 1.6 waves, as the shipped size's 1.55)
     * is bound by the shared pipe (8 lanes a partition, 32 banks of 4
     * bytes: one 128-byte pass a cycle per 8 lanes). Per subgroup, by
     * hand from docs/model.md's rules, with every wide access in
     * quarter-warp phases (cu.shared_wide_loads: phases): a 16-byte
     * ld.shared or st.shared of 32 lanes is 4 bank passes (8 lanes of 16
     * bytes each, one pass apiece: A's read broadcasts, B's and the
     * stores are consecutive)
     * against the 1 of a 4-byte access, so ceil(32 / 8) = 4 cycles x 4 =
     * 16 cycles of the pipe; an fma keeps the 32 alu lanes 1 cycle; a
     * 16-byte ld.global or st.global keeps the 8 mem lanes 4. Over the run
     * (32 tile steps of 2 ld.global, 2 st.shared and 16 x (2 ld.shared +
     * 16 fma); 7 alu before, 4 st.global after):
     *   shared 32 x (2 x 16 + 16 x 2 x 16) = 17408 cycles,
     *   alu    7 + 32 x 16 x 16           =  8199,
     *   mem    32 x 2 x 4 + 4 x 4         =   272,
     * the same for every subgroup, so the shares (over the same cycles and
     * partitions) stand in those ratios: shared / alu = 17408 / 8199,
     * shared / mem = 64. The shared pipe is the busiest unit. Doubling
     * its lanes halves its busy cycles: the verdict's lever, 1.15x or
     * more, above every other single-resource lever; 2x alu lanes cannot
     * apply (32 lanes cover the 32-lane subgroup), nor 2x sfu lanes (no
     * sfu: 0% busy). */
    cusim_set sets[] = { SET("hw.compute_units", "1"),
                         SET("kernel.elements", "32768"),
                         SET("hw.cu.shared_wide_loads", "phases") };
    diag_verdict v;
    diag_plan *p = diagnose("configs/hw/nvidia-h200.yaml",
                            "workloads/gemm-regblock.yaml", sets, 3, &v);
    const cusim_result *r = &p->v[DIAG_BASELINE].res;
    ck_assert_double_eq_tol(r->sol_unit[CUSIM_SOL_SHARED]
                            / r->sol_unit[CUSIM_SOL_ALU], 17408.0 / 8199,
                            1e-9);
    ck_assert_double_eq_tol(r->sol_unit[CUSIM_SOL_SHARED]
                            / r->sol_unit[CUSIM_SOL_MEM], 64.0, 1e-9);
    ck_assert_str_eq(r->bound_unit, "shared");
    ck_assert_str_eq(r->busiest_unit_name, "shared");
    ck_assert_str_eq(r->bound, "compute");
    ck_assert_str_eq(v.kind, "compute");
    ck_assert(v.agrees);
    ck_assert_int_eq(v.lever, DIAG_SHARED_LANES);
    ck_assert_str_eq(v.unit, "shared");
    double top = diag_speedup(p, DIAG_SHARED_LANES);
    ck_assert_double_ge(top, 1.15);
    for (int i = 1; i < DIAG_COUNT; i++)
        if (i != DIAG_SHARED_LANES && i != DIAG_SCHEDULERS
            && i != DIAG_ELEMENTS)
            ck_assert_msg(diag_speedup(p, (diag_kind)i) < top, "%s %.3f",
                          diag_kind_name((diag_kind)i),
                          diag_speedup(p, (diag_kind)i));
    ck_assert(!p->v[DIAG_ALU_LANES].applicable);
    ck_assert(!p->v[DIAG_SFU_LANES].applicable);
    ck_assert_str_eq(p->v[DIAG_SHARED_LANES].change,
                     "hw.cu.lanes.shared 8 -> 16");
    ck_assert_ptr_nonnull(strstr(v.try_first, "the shared pipe is the limit"));
    ck_assert_ptr_nonnull(strstr(v.evidence,
                                 "compute-bound (the shared pipe): 2x shared "
                                 "lanes -> "));
    diag_plan_free(p);

    /* As the profile ships, paired (issue 39): A's read, whose lanes n and
     * n^1 share a row's address, packs the pairs' data and takes 2 passes
     * (8 cycles of the pipe), the rest as above: shared 32 x (2 x 16 + 16
     * x (8 + 16)) = 13312 cycles against alu's 8199. Still the busiest
     * unit. */
    diag_plan *q = diagnose("configs/hw/nvidia-h200.yaml",
                            "workloads/gemm-regblock.yaml", sets, 2, &v);
    r = &q->v[DIAG_BASELINE].res;
    ck_assert_double_eq_tol(r->sol_unit[CUSIM_SOL_SHARED]
                            / r->sol_unit[CUSIM_SOL_ALU], 13312.0 / 8199,
                            1e-9);
    ck_assert_str_eq(r->bound_unit, "shared");
    diag_plan_free(q);
}
END_TEST

START_TEST(inflight_cap_bound)
{
    /* The issue's first case, on 8 CUs: copy on nvidia-sm90 with a cap of
     * 32 transactions in flight per CU. A CU then moves 32 x 32 bytes per
     * 660-cycle round trip, about 1.6 bytes per cycle, far below the
     * channel's 1692: twice the cap doubles the rate (>= 1.8x), more
     * resident subgroups only queue behind the cap (< 1.1x), as does more
     * bandwidth. The cap allows 32 x 32 x 8 = 8192 bytes in flight. (The
     * flat model's cap of transactions: with the profile's caches the cap
     * counts lines of 128 bytes, check_hier.) */
    cusim_set sets[] = { SET("hw.memory.max_inflight", "32"),
                         SET("hw.compute_units", "8"),
                         SET("kernel.elements", "262144"),
                         SET("hw.cache.l2.bytes", "0") };
    diag_verdict v;
    diag_plan *p = diagnose("configs/hw/nvidia-sm90.yaml",
                            "workloads/copy.yaml", sets, 4, &v);
    ck_assert_double_ge(diag_speedup(p, DIAG_INFLIGHT), 1.8);
    ck_assert_double_lt(diag_speedup(p, DIAG_RESIDENCY_UP), 1.1);
    ck_assert_double_lt(diag_speedup(p, DIAG_BANDWIDTH), 1.1);
    ck_assert_str_eq(v.kind, "latency");
    ck_assert_str_eq(v.bound, "latency");
    ck_assert(v.agrees);
    ck_assert_int_eq(v.lever, DIAG_INFLIGHT);
    ck_assert_int_eq(top_state(p, DIAG_BASELINE), CUSIM_WS_MEMORY_THROTTLE);
    ck_assert_double_eq(v.cap_bytes, 8192);
    ck_assert_double_le(v.achieved_bytes, v.cap_bytes);
    ck_assert_ptr_nonnull(strstr(v.try_first, "in-flight cap (32"));
    diag_plan_free(p);
}
END_TEST

START_TEST(variants_that_cannot_apply)
{
    /* A workgroup that takes all 64 KiB cannot take twice that (cannot
     * launch); issue rate 16 is the key's maximum (32 is out of range);
     * a global latency of 1 cannot be halved. Each is n/a, not an error,
     * and the others still run. */
    cusim_set sets[] = {
        SET("hw.cu.schedulers", "1"), SET("hw.compute_units", "1"),
        SET("kernel.shared_bytes", "65536"), SET("kernel.elements", "256"),
        SET("hw.cu.issue_per_cycle", "16"), SET("hw.latency.global", "1"),
    };
    diag_verdict v;
    diag_plan *p = diagnose("configs/hw/seed-cu.yaml",
                            "workloads/latency-bound.yaml", sets, 6, &v);
    ck_assert(!p->v[DIAG_RESIDENCY_DOWN].applicable);
    ck_assert_ptr_nonnull(strstr(p->v[DIAG_RESIDENCY_DOWN].why,
                                 "cannot launch"));
    ck_assert(!p->v[DIAG_ISSUE].applicable);
    ck_assert(!p->v[DIAG_LATENCY].applicable);
    ck_assert_str_eq(p->v[DIAG_LATENCY].why,
                     "hw.latency.global is already 1: nothing to halve");
    ck_assert_double_eq(diag_speedup(p, DIAG_LATENCY), 0);
    ck_assert(p->v[DIAG_RESIDENCY_UP].applicable);
    ck_assert(p->v[DIAG_BANDWIDTH].ran);
    ck_assert_double_gt(diag_speedup(p, DIAG_RESIDENCY_UP), 1.5);
    diag_plan_free(p);
}
END_TEST

START_TEST(why_inflight_cap_on_the_whole_gpu)
{
    /* The issue's first case as a user ran it: copy on nvidia-sm90 (132
     * CUs, 4194304 elements) with the in-flight cap at 32. Issue slots are
     * 0.1% used and the channel 12%: the throttled cycles are the memory
     * cap's (not the pipes'), so the run is latency-bound, not compute,
     * and nearly every subgroup-cycle waits on the cap. (The flat model's
     * cap, as issue 8 measured it.) */
    cusim_set sets[] = { SET("hw.memory.max_inflight", "32"),
                         SET("hw.cache.l2.bytes", "0") };
    cusim_hw hw;
    cusim_kernel k;
    cutest_load("configs/hw/nvidia-sm90.yaml", "workloads/copy.yaml", sets,
                2, &hw, &k);
    cusim_result r;
    cusim_error err;
    ck_assert_int_eq(cusim_simulate(&hw, &k, NULL, &r, NULL, &err), 0);
    cusim_kernel_free(&k);
    ck_assert_str_eq(r.bound, "latency");
    ck_assert_double_lt(r.sol_compute, 0.01);
    ck_assert_double_lt(r.sol_memory, 0.2);
    ck_assert_double_gt(r.stalls[CUSIM_STALL_MEMORY_THROTTLE], 0.5);
    ck_assert_double_lt(r.stalls[CUSIM_STALL_PIPE_BUSY], 0.01);
    ck_assert_double_gt(r.warp_states[CUSIM_WS_MEMORY_THROTTLE], 0.9);
}
END_TEST

START_TEST(small_grid_latency_bound)
{
    /* The issue's third case: latency-bound on nvidia-sm90 with no shared
     * memory (as it shipped before its 32 KiB per group, which makes it
     * residency-limited). 65536 elements in groups of 64 are 1024
     * workgroups; a CU holds 32 (64 subgroup slots, 2 subgroups each), 132
     * CUs 4224: 0.2424 waves. More residency cannot help a grid that does
     * not fill the slots. */
    cusim_set sets[] = { SET("kernel.shared_bytes", "0") };
    diag_verdict v;
    diag_plan *p = diagnose("configs/hw/nvidia-sm90.yaml",
                            "workloads/latency-bound.yaml", sets, 1, &v);
    ck_assert_double_eq_tol(v.waves, 1024.0 / 4224.0, 1e-12);
    ck_assert_str_eq(v.bound, "small_grid");
    ck_assert_str_eq(v.kind, "small_grid");
    ck_assert(v.agrees);
    ck_assert_double_lt(diag_speedup(p, DIAG_RESIDENCY_UP), 1.05);
    ck_assert_int_eq(top_state(p, DIAG_BASELINE), CUSIM_WS_LONG_SCOREBOARD);
    ck_assert_ptr_nonnull(strstr(v.evidence, "small grid (0.24 waves"));
    ck_assert_ptr_nonnull(strstr(v.try_first, "more work per dispatch"));
    diag_plan_free(p);
}
END_TEST

START_TEST(barrier_bound)
{
    /* One workgroup of 8 subgroups at a time on one seed CU (the workgroup
     * slot is the limiter), each doing alu, barrier 16 times with a
     * 100-cycle barrier: a subgroup issues 2 instructions per ~100-cycle
     * release, so nearly all its cycles are barrier waits (> 0.9) and the
     * CU idles through each release. A second resident workgroup runs in
     * those gaps: +2x residency about 2x (1.9 to 2.05); no memory traffic,
     * so 2x bandwidth < 1.05x. Both speeds of light far under 0.6 and a
     * full wave (16 groups, one at a time): bound latency. */
    static const char text[] =
        "name: barrier-bound\n"
        "workgroup_size: 256\n"
        "registers: 32\n"
        "elements: 4096\n"
        "program: |\n"
        "  body {\n"
        "    repeat 16 {\n"
        "      alu a, a\n"
        "      barrier\n"
        "    }\n"
        "  }\n";
    cusim_set sets[] = { SET("hw.compute_units", "1"),
                         SET("hw.latency.barrier", "100"),
                         SET("hw.cu.max_workgroups", "1") };
    cusim_hw hw;
    cusim_kernel k;
    cusim_error err;
    ck_assert_msg(cusim_hw_load(cutest_path("configs/hw/seed-cu.yaml"), sets,
                                3, &hw, &err) == 0, "%s", err.message);
    ck_assert_msg(cusim_kernel_load_string(text, "barrier-bound.yaml", NULL,
                                           0, &k, &err) == 0, "%s",
                  err.message);
    diag_verdict v;
    diag_plan *p = diagnose_loaded(&hw, &k, &v);
    const cusim_result *r = &p->v[DIAG_BASELINE].res;
    ck_assert_int_eq(top_state(p, DIAG_BASELINE), CUSIM_WS_BARRIER);
    ck_assert_double_gt(r->warp_states[CUSIM_WS_BARRIER], 0.9);
    ck_assert_str_eq(v.bound, "latency");
    ck_assert_str_eq(v.kind, "latency");
    ck_assert(v.agrees);
    ck_assert_int_eq(v.lever, DIAG_RESIDENCY_UP);
    double up = diag_speedup(p, DIAG_RESIDENCY_UP);
    ck_assert_double_ge(up, 1.9);
    ck_assert_double_le(up, 2.05);
    ck_assert_double_lt(diag_speedup(p, DIAG_BANDWIDTH), 1.05);
    ck_assert_ptr_nonnull(strstr(v.try_first, "barrier"));
    diag_plan_free(p);
}
END_TEST

/* The verdict rule alone, on made-up speedups: a real plan whose runs'
 * cycles and bound are overwritten (baseline 1000 cycles; a variant with
 * speedup s gets 1000 / s). */
static diag_plan *rule_plan(void)
{
    cusim_set sets[] = { SET("hw.compute_units", "1"),
                         SET("kernel.elements", "256") };
    cusim_hw hw;
    cusim_kernel k;
    cutest_load("configs/hw/seed-cu.yaml", "workloads/latency-bound.yaml",
                sets, 2, &hw, &k);
    cusim_error err;
    diag_plan *p = diag_plan_new(&hw, &k, &err);
    cusim_kernel_free(&k);
    ck_assert_ptr_nonnull(p);
    return p;
}

/* Speedups for residency_up, bandwidth, latency, issue, schedulers,
 * in-flight, on a baseline whose bound is `bound` at `waves`. */
static void rule_case(diag_plan *p, const char *bound, double waves,
                      const double s[6], diag_verdict *v)
{
    static const diag_kind order[6] = { DIAG_RESIDENCY_UP, DIAG_BANDWIDTH,
                                        DIAG_LATENCY, DIAG_ISSUE,
                                        DIAG_SCHEDULERS, DIAG_INFLIGHT };
    for (int i = 0; i < DIAG_COUNT; i++) {
        diag_variant *x = &p->v[i];
        x->applicable = x->ran = true;
        x->rc = 0;
        memset(&x->res, 0, sizeof x->res);
        x->res.cycles = 1000;
    }
    p->v[DIAG_BASELINE].res.bound = bound;
    p->v[DIAG_BASELINE].res.waves = waves;
    for (int i = 0; i < 6; i++)
        p->v[order[i]].res.cycles = (uint64_t)(1000 / s[i] + 0.5);
    diag_conclude(p, v);
}

START_TEST(verdict_rule)
{
    diag_plan *p = rule_plan();
    diag_verdict v;
    /*                     res   bw    lat   issue sched cap */
    const double bw[6] = { 1.00, 1.90, 1.00, 1.00, 1.00, 1.00 };
    rule_case(p, "bandwidth", 4, bw, &v);
    ck_assert(v.agrees);
    ck_assert_str_eq(v.kind, "bandwidth");
    ck_assert_int_eq(v.lever, DIAG_BANDWIDTH);
    /* the same speedups do not bear out a latency bound */
    rule_case(p, "latency", 4, bw, &v);
    ck_assert(!v.agrees);
    ck_assert_str_eq(v.kind, "bandwidth");
    /* a throughput bound that no single doubling relieves */
    const double none[6] = { 1.00, 1.04, 1.01, 1.00, 1.02, 1.00 };
    rule_case(p, "bandwidth", 6.4, none, &v);
    ck_assert(v.agrees);
    ck_assert_int_eq(v.lever, DIAG_BASELINE);
    /* ... but a latency bound must answer to its levers */
    rule_case(p, "latency", 6.4, none, &v);
    ck_assert(!v.agrees);
    ck_assert_str_eq(v.kind, "balanced");
    rule_case(p, "latency", 0.5, none, &v);
    ck_assert_str_eq(v.kind, "small_grid");
    /* balanced: two kinds matter (>= 1.05), the larger gain is the lever */
    const double two[6] = { 1.00, 1.00, 1.09, 1.00, 1.65, 1.00 };
    rule_case(p, "balanced", 0.97, two, &v);
    ck_assert(v.agrees);
    ck_assert_str_eq(v.kind, "balanced");
    ck_assert_int_eq(v.lever, DIAG_SCHEDULERS);
    ck_assert_ptr_nonnull(strstr(v.try_first, "2x schedulers (1.65x)"));
    /* one kind alone stands out, and the bound rule saw its throughput
     * far from the roof (sol.compute 0): not balanced but compute */
    const double one[6] = { 1.00, 1.00, 1.02, 1.00, 1.65, 1.00 };
    rule_case(p, "balanced", 0.97, one, &v);
    ck_assert(!v.agrees);
    ck_assert_str_eq(v.kind, "compute");
    ck_assert_int_eq(v.lever, DIAG_SCHEDULERS);
    /* ... the same with the busiest unit at 0.7, in the balanced band:
     * the one lever that matters is the nearest roof, balanced stands */
    p->v[DIAG_BASELINE].res.sol_busiest_unit = 0.7;
    diag_conclude(p, &v);
    ck_assert(v.agrees);
    ck_assert_str_eq(v.kind, "balanced");
    ck_assert_int_eq(v.lever, DIAG_SCHEDULERS);
    /* but not when only the latency levers matter (they have no speed of
     * light): that is latency */
    const double lat_only[6] = { 1.00, 1.00, 1.40, 1.00, 1.00, 1.00 };
    rule_case(p, "balanced", 4, lat_only, &v);
    p->v[DIAG_BASELINE].res.sol_busiest_unit = 0.7;
    diag_conclude(p, &v);
    ck_assert(!v.agrees);
    ck_assert_str_eq(v.kind, "latency");
    /* small_grid stands while more residency does not help */
    const double lat[6] = { 1.00, 1.00, 1.40, 1.00, 1.00, 1.00 };
    rule_case(p, "small_grid", 0.24, lat, &v);
    ck_assert(v.agrees);
    const double res[6] = { 1.50, 1.00, 1.40, 1.00, 1.00, 1.00 };
    rule_case(p, "small_grid", 0.24, res, &v);
    ck_assert(!v.agrees);
    ck_assert_str_eq(v.kind, "latency");
    ck_assert_int_eq(v.lever, DIAG_RESIDENCY_UP);
    /* a pipe's lanes that help name the pipe, ahead of 2x schedulers
     * (every pipe and issue slot at once): the issue's GEMM, schedulers
     * 1.84x, issue 1.13x, shared lanes 1.39x */
    const double gemm[6] = { 1.00, 1.00, 1.00, 1.13, 1.84, 1.00 };
    rule_case(p, "compute", 1.6, gemm, &v);
    p->v[DIAG_SHARED_LANES].res.cycles = (uint64_t)(1000 / 1.39 + 0.5);
    diag_conclude(p, &v);
    ck_assert_str_eq(v.kind, "compute");
    ck_assert_int_eq(v.lever, DIAG_SHARED_LANES);
    ck_assert_str_eq(v.unit, "shared");
    ck_assert_ptr_nonnull(strstr(v.try_first, "register blocking"));
    /* ... but not when 2x issue rate helps more (the issue slots, not
     * the pipe), nor when the pipe's gain is under DIAG_HELPS (1.15) */
    p->v[DIAG_ISSUE].res.cycles = (uint64_t)(1000 / 1.50 + 0.5);
    diag_conclude(p, &v);
    ck_assert_int_eq(v.lever, DIAG_SCHEDULERS);
    ck_assert_ptr_null(v.unit);
    p->v[DIAG_ISSUE].res.cycles = (uint64_t)(1000 / 1.13 + 0.5);
    p->v[DIAG_SHARED_LANES].res.cycles = (uint64_t)(1000 / 1.10 + 0.5);
    diag_conclude(p, &v);
    ck_assert_int_eq(v.lever, DIAG_SCHEDULERS);
    ck_assert_ptr_null(v.unit);
    /* the in-flight cap is the wall when more residency does not help */
    const double cap[6] = { 1.00, 1.00, 1.60, 1.00, 1.00, 1.95 };
    rule_case(p, "latency", 8, cap, &v);
    ck_assert(v.agrees);
    ck_assert_int_eq(v.lever, DIAG_INFLIGHT);
    diag_plan_free(p);
}
END_TEST

/* ------------------------------------------------ the memory hierarchy */

#define H200 "tests/data/hw-h200-hier.yaml"

/* Plans k on hw without running anything. */
static diag_plan *plan_only(const char *hw_rel, const char *k_rel,
                            const cusim_set *sets, size_t n_sets)
{
    cusim_hw hw;
    cusim_kernel k;
    cutest_load(hw_rel, k_rel, sets, n_sets, &hw, &k);
    cusim_error err;
    diag_plan *p = diag_plan_new(&hw, &k, &err);
    cusim_kernel_free(&k);
    ck_assert_msg(p != NULL, "plan: %s", err.message);
    return p;
}

START_TEST(plan_flat_profile)
{
    /* seed-cu has no cache: the three cache variants are n/a with one
     * why, and 2x bandwidth and 1/2 latency change the flat model's keys
     * as before (memory.bandwidth 64, latency.global 400 in the file) */
    cusim_set sets[] = { SET("hw.compute_units", "1"),
                         SET("kernel.elements", "256") };
    diag_plan *p = plan_only("configs/hw/seed-cu.yaml",
                             "workloads/latency-bound.yaml", sets, 2);
    static const diag_kind cache[] = { DIAG_L1_SIZE, DIAG_L2_SIZE,
                                       DIAG_L1_BYPASS };
    for (int i = 0; i < 3; i++) {
        ck_assert(!p->v[cache[i]].applicable);
        ck_assert_str_eq(p->v[cache[i]].why, "the profile has no cache "
                         "(cache.l2.bytes is 0)");
        ck_assert_int_eq(p->v[cache[i]].n_sets, 0);
    }
    ck_assert_str_eq(p->v[DIAG_BANDWIDTH].change,
                     "hw.memory.bandwidth 64 -> 128");
    ck_assert_str_eq(p->v[DIAG_LATENCY].change,
                     "hw.latency.global 400 -> 200");
    /* no L2, so no atomic unit to make faster */
    ck_assert(!p->v[DIAG_ATOMIC].applicable);
    ck_assert_str_eq(p->v[DIAG_ATOMIC].why, "the profile has no cache "
                     "(cache.l2.bytes is 0): no L2 atomic unit performs the "
                     "atomics");
    diag_plan_free(p);
}
END_TEST

START_TEST(plan_hierarchy_profile)
{
    /* nvidia-h200 (tests/data, 971ce78): cache.l1.unified 262144,
     * cache.l2.bytes 52428800, dram.bytes_per_cycle 2424; latencies L1
     * 34, L2 265, DRAM 655, row_miss_cycles 24: each doubled or halved
     * (integer division: 265 / 2 = 132, 655 / 2 = 327) by hand */
    cusim_set sets[] = { SET("hw.compute_units", "1"),
                         SET("kernel.elements", "256") };
    diag_plan *p = plan_only(H200, "workloads/latency-bound.yaml", sets, 2);
    const diag_variant *v = p->v;
    /* every variant applies before the baseline has run, but 2x alu
     * lanes (the profile's 32 alu lanes cover its 32-lane subgroup) and
     * 2x scalar throughput (that copy of the profile predates the scalar
     * unit: cu.scalar_cycles 0) */
    for (int i = 0; i < DIAG_COUNT; i++)
        ck_assert_msg(v[i].applicable
                      == (i != DIAG_ALU_LANES && i != DIAG_SCALAR),
                      "%s: %s", diag_kind_name(i), v[i].why);
    ck_assert_str_eq(v[DIAG_SCALAR].why, "the profile has no scalar unit "
                     "(cu.scalar_cycles is 0): salu runs on the alu pipe");
    ck_assert_str_eq(v[DIAG_SFU_LANES].change, "hw.cu.lanes.sfu 4 -> 8");
    ck_assert_str_eq(v[DIAG_MEM_LANES].change, "hw.cu.lanes.mem 8 -> 16");
    ck_assert_str_eq(v[DIAG_L1_SIZE].change,
                     "hw.cache.l1.unified 262144 -> 524288");
    ck_assert_uint_eq(v[DIAG_L1_SIZE].hw.cache.l1.unified, 524288);
    ck_assert_str_eq(v[DIAG_L2_SIZE].change,
                     "hw.cache.l2.bytes 52428800 -> 104857600");
    ck_assert_uint_eq(v[DIAG_L2_SIZE].hw.cache.l2.bytes, 104857600);
    ck_assert_str_eq(v[DIAG_L1_BYPASS].change,
                     "hw.cache.l1.unified 262144 -> 0");
    ck_assert_uint_eq(v[DIAG_L1_BYPASS].hw.cache.l1.unified, 0);
    ck_assert_uint_eq(v[DIAG_L1_BYPASS].hw.cache.l1.bytes, 0);
    ck_assert_str_eq(v[DIAG_BANDWIDTH].change,
                     "hw.dram.bytes_per_cycle 2424 -> 4848");
    ck_assert_uint_eq(v[DIAG_BANDWIDTH].hw.memory.bandwidth,
                      v[DIAG_BASELINE].hw.memory.bandwidth);
    ck_assert_str_eq(v[DIAG_LATENCY].change,
                     "hw.cache.l1.latency 34 -> 17, hw.cache.l2.latency "
                     "265 -> 132, hw.dram.latency 655 -> 327, "
                     "hw.dram.row_miss_cycles 24 -> 12");
    /* the file sets no atomic key: the defaults, 1 operation a cycle and
     * 1 cycle a turn (nothing to halve) */
    ck_assert_str_eq(v[DIAG_ATOMIC].change,
                     "hw.cache.l2.atomic_rate 1 -> 2");
    diag_plan_free(p);

    /* 4 cycles a turn: halved with the rate doubled */
    cusim_set turns[] = { SET("hw.compute_units", "1"),
                          SET("kernel.elements", "256"),
                          SET("hw.cache.l2.atomic_cycles", "4") };
    p = plan_only(H200, "workloads/latency-bound.yaml", turns, 3);
    ck_assert_str_eq(p->v[DIAG_ATOMIC].change,
                     "hw.cache.l2.atomic_rate 1 -> 2, "
                     "hw.cache.l2.atomic_cycles 4 -> 2");
    ck_assert_uint_eq(p->v[DIAG_ATOMIC].hw.cache.l2.atomic_cycles, 2);
    diag_plan_free(p);

    /* a GCN-like scalar unit, 4 cycles a salu: 2; at 1 cycle, no faster
     * one to try */
    cusim_set scalar[] = { SET("hw.compute_units", "1"),
                           SET("kernel.elements", "256"),
                           SET("hw.cu.scalar_cycles", "4") };
    p = plan_only(H200, "workloads/latency-bound.yaml", scalar, 3);
    ck_assert_str_eq(p->v[DIAG_SCALAR].change, "hw.cu.scalar_cycles 4 -> 2");
    ck_assert_uint_eq(p->v[DIAG_SCALAR].hw.cu.scalar_cycles, 2);
    diag_plan_free(p);
    scalar[2] = (cusim_set)SET("hw.cu.scalar_cycles", "1");
    p = plan_only(H200, "workloads/latency-bound.yaml", scalar, 3);
    ck_assert(!p->v[DIAG_SCALAR].applicable);
    diag_plan_free(p);

    /* an L1 of its own (not unified): its bytes double, or go to 0 */
    cusim_set own[] = { SET("hw.compute_units", "1"),
                        SET("kernel.elements", "256"),
                        SET("hw.cache.l1.unified", "0"),
                        SET("hw.cache.l1.bytes", "131072") };
    p = plan_only(H200, "workloads/latency-bound.yaml", own, 4);
    ck_assert_str_eq(p->v[DIAG_L1_SIZE].change,
                     "hw.cache.l1.bytes 131072 -> 262144");
    ck_assert_str_eq(p->v[DIAG_L1_BYPASS].change,
                     "hw.cache.l1.bytes 131072 -> 0");
    diag_plan_free(p);

    /* no L1: nothing to double or bypass; 1/2 latency leaves the unused
     * L1 latency alone */
    cusim_set none[] = { SET("hw.compute_units", "1"),
                         SET("kernel.elements", "256"),
                         SET("hw.cache.l1.unified", "0") };
    p = plan_only(H200, "workloads/latency-bound.yaml", none, 3);
    ck_assert(!p->v[DIAG_L1_SIZE].applicable);
    ck_assert_str_eq(p->v[DIAG_L1_SIZE].why, "the profile has no L1 "
                     "(cache.l1.bytes and cache.l1.unified are 0)");
    ck_assert(!p->v[DIAG_L1_BYPASS].applicable);
    ck_assert(p->v[DIAG_L2_SIZE].applicable);
    ck_assert_str_eq(p->v[DIAG_LATENCY].change,
                     "hw.cache.l2.latency 265 -> 132, hw.dram.latency 655 "
                     "-> 327, hw.dram.row_miss_cycles 24 -> 12");
    diag_plan_free(p);

    /* halving cannot keep DRAM above the L2 (264 / 2 = 265 / 2 = 132):
     * n/a with the validation's own line */
    cusim_set tight[] = { SET("hw.compute_units", "1"),
                          SET("kernel.elements", "256"),
                          SET("hw.cache.l2.latency", "264"),
                          SET("hw.dram.latency", "265") };
    p = plan_only(H200, "workloads/latency-bound.yaml", tight, 4);
    ck_assert(!p->v[DIAG_LATENCY].applicable);
    ck_assert_ptr_nonnull(strstr(p->v[DIAG_LATENCY].why,
                                 "dram.latency (132) must be more than "
                                 "cache.l2.latency (132)"));
    diag_plan_free(p);

    /* a scalar cache (the AMD profiles): 1/2 latency halves it too, five
     * overrides (amd-cdna2-gfx90a's L1 124, scalar 48, L2 292, DRAM 684,
     * row miss 48 in its file) */
    cusim_set amd[] = { SET("hw.compute_units", "1"),
                        SET("kernel.elements", "256") };
    p = plan_only("configs/hw/amd-cdna2-gfx90a.yaml",
                  "workloads/latency-bound.yaml", amd, 2);
    ck_assert(p->v[DIAG_LATENCY].applicable);
    ck_assert_int_eq(p->v[DIAG_LATENCY].n_sets, 5);
    ck_assert_str_eq(p->v[DIAG_LATENCY].change,
                     "hw.cache.l1.latency 124 -> 62, hw.cache.scalar.latency "
                     "48 -> 24, hw.cache.l2.latency 292 -> 146, "
                     "hw.dram.latency 684 -> 342, hw.dram.row_miss_cycles "
                     "48 -> 24");
    ck_assert_uint_eq(p->v[DIAG_LATENCY].hw.cache.scalar.latency, 24);
    diag_plan_free(p);
}
END_TEST

/* The shared pipe's busy cycles over the run, all partitions together:
 * the shared accesses a run makes, each at its passes and lanes. */
static double shared_busy(const diag_variant *v)
{
    return v->res.sol_unit[CUSIM_SOL_SHARED] * (double)v->res.cycles
           * v->hw.cu.schedulers;
}

/* Every lever keeps the kernel's work and its bytes (DIAG_HOLDS): each
 * variant that ran asks for the baseline's global bytes (the flat model's
 * memory.bytes, the hierarchy's l1.bytes: 8 per element of
 * tests/data/diag-bytes.yaml, 131,072), moves DRAM's (the hierarchy's
 * dram.bytes: the 65,536 read once, the writes staying in the 50 MB L2;
 * the kernel reuses nothing, so even the cache levers keep them, and a
 * variant whose copies re-read one element's bytes would move half) and
 * keeps the shared pipe as busy but 2x shared lanes, which halves each
 * access's cycles (the lever about it). 2x elements per invocation
 * applies: the kernel's addresses follow the element. */
static void assert_levers_keep_bytes(const char *hw_rel, const cusim_set *sets,
                                     size_t n_sets, bool hierarchy)
{
    diag_verdict v;
    diag_plan *p = diagnose(hw_rel, "tests/data/diag-bytes.yaml", sets, n_sets,
                            &v);
    const diag_variant *b = &p->v[DIAG_BASELINE];
    ck_assert_int_eq(b->rc, 0);
    uint64_t base = hierarchy ? b->res.l1_bytes : b->res.memory_bytes;
    ck_assert_uint_eq(base, 131072);
    ck_assert(!hierarchy || b->res.dram_bytes == 65536);
    ck_assert_msg(p->v[DIAG_ELEMENTS].applicable, "%s",
                  p->v[DIAG_ELEMENTS].why);
    int ran = 0;
    for (int i = 1; i < DIAG_COUNT; i++) {
        const diag_variant *x = &p->v[i];
        if (!x->applicable)
            continue;
        ck_assert_msg(x->ran && x->rc == 0, "%s did not run",
                      diag_kind_name(i));
        ran++;
        uint64_t got = hierarchy ? x->res.l1_bytes : x->res.memory_bytes;
        ck_assert_msg(got == base, "%s asks for %llu global bytes, the "
                      "baseline %llu", diag_kind_name(i),
                      (unsigned long long)got, (unsigned long long)base);
        ck_assert_msg(!hierarchy || x->res.dram_bytes == 65536,
                      "%s moves %llu DRAM bytes, the baseline 65536",
                      diag_kind_name(i),
                      (unsigned long long)x->res.dram_bytes);
        double s0 = shared_busy(b), s = shared_busy(x);
        double want = i == DIAG_SHARED_LANES ? s0 / 2 : s0;
        ck_assert_msg(s0 > 0 && fabs(s - want) <= 1e-6 * s0 + 1e-6,
                      "%s: shared pipe busy %.3f cycles, want %.3f",
                      diag_kind_name(i), s, want);
    }
    ck_assert_int_ge(ran, hierarchy ? 11 : 8);
    diag_plan_free(p);
}

START_TEST(levers_keep_bytes)
{
    /* seed-cu: one CU; 4 shared lanes (so 2x shared lanes runs) */
    cusim_set flat[] = { SET("hw.compute_units", "1"),
                         SET("hw.cu.lanes.shared", "8") };
    assert_levers_keep_bytes("configs/hw/seed-cu.yaml", flat, 2, false);
    cusim_set hier[] = { SET("hw.compute_units", "2"),
                         SET("hw.cu.lanes.shared", "8") };
    assert_levers_keep_bytes(H200, hier, 2, true);
}
END_TEST

/* 2x elements per invocation is n/a when a global address of the body does
 * not read `e`: tests/data/copy-gid.yaml's at=src[gid] (its line 11) would
 * be read twice by each invocation of half the grid, half the bytes. */
START_TEST(elements_must_follow_the_element)
{
    cusim_set sets[] = { SET("kernel.elements", "4096") };
    diag_plan *p = plan_only("configs/hw/seed-cu.yaml",
                             "tests/data/copy-gid.yaml", sets, 1);
    ck_assert(!p->v[DIAG_ELEMENTS].applicable);
    ck_assert_str_eq(p->v[DIAG_ELEMENTS].why,
                     "its addresses do not follow the element: line 11's "
                     "at=src[gid] does not read `e`, so the body's copies "
                     "would move the same bytes and the variant fewer "
                     "bytes than the kernel (an address such as src[gid + "
                     "e * (elements / elements_per_invocation)] follows "
                     "it)");
    diag_plan_free(p);
    /* the shipped copy's addresses read `e`: it applies */
    p = plan_only("configs/hw/seed-cu.yaml", "workloads/copy.yaml", sets, 1);
    ck_assert_msg(p->v[DIAG_ELEMENTS].applicable, "%s",
                  p->v[DIAG_ELEMENTS].why);
    diag_plan_free(p);
}
END_TEST

START_TEST(hierarchy_served_from_l1)
{
    /* tests/data/hier-table.yaml on 8 H200 CUs: 128 loads per invocation
     * from 32 lines that every subgroup shares, so after a CU's first pass
     * its loads hit the L1 (34 cycles) and nothing streams from DRAM
     * (the 4 KiB read once per CU and 128 KiB of results: DRAM under 1%
     * busy). Without the L1 every load takes the L2's 265 cycles, about
     * 8x the hit: far slower than the 1/1.15 the rule asks (< 0.87x).
     * Twice either cache or DRAM's bandwidth changes nothing (< 1.05x):
     * the 4 KiB working set fits already. So: served from L1. */
    cusim_set sets[] = { SET("hw.compute_units", "8") };
    diag_verdict v;
    diag_plan *p = diagnose(H200, "tests/data/hier-table.yaml", sets, 1, &v);
    const cusim_result *r = &p->v[DIAG_BASELINE].res;
    ck_assert(r->hierarchy);
    ck_assert_double_lt(r->sol_dram, 0.01);
    ck_assert_double_lt(diag_speedup(p, DIAG_L1_BYPASS), 0.87);
    ck_assert_double_gt(diag_speedup(p, DIAG_L1_BYPASS), 0);
    ck_assert_double_lt(diag_speedup(p, DIAG_L1_SIZE), 1.05);
    ck_assert_double_lt(diag_speedup(p, DIAG_L2_SIZE), 1.05);
    ck_assert_double_lt(diag_speedup(p, DIAG_BANDWIDTH), 1.05);
    ck_assert_str_eq(v.level, "l1");
    ck_assert_ptr_nonnull(strstr(v.level_text, "served from L1"));
    ck_assert_ptr_nonnull(strstr(v.level_text, "not DRAM-bound; the load "
                                 "unit / L1 is the limit"));
    ck_assert_ptr_nonnull(strstr(v.try_first, "served from L1, not DRAM"));
    ck_assert_ptr_nonnull(strstr(v.evidence, "no L1 -> 0."));
    /* Little's law by hand from the profile: L1 34 x (1 line x 128 B) =
     * 4352 per CU; L2 265 x 4899 = 1298235; DRAM 655 x 2424 = 1587720;
     * the caps: min(max_inflight 1024, mshrs 512) x 128 B x 8 CUs */
    ck_assert(v.law[DIAG_L1].present);
    ck_assert_double_eq(v.law[DIAG_L1].needed_bytes, 4352);
    ck_assert_double_eq(v.law[DIAG_L2].needed_bytes, 1298235);
    ck_assert_double_eq(v.law[DIAG_DRAM].needed_bytes, 1587720);
    ck_assert_double_eq(v.needed_bytes, 1587720);
    ck_assert_double_eq(v.cap_bytes, 524288);
    ck_assert_double_eq_tol(v.law[DIAG_L1].achieved_bytes * 8,
                            v.law[DIAG_DRAM].achieved_bytes, 1e-6);
    diag_plan_free(p);
}
END_TEST

START_TEST(hierarchy_streams_from_dram)
{
    /* tests/data/hier-stream.yaml: every byte is read once and written
     * once at addresses nothing else touches, so no load hits either
     * cache (hit rates 0: all of a sector's unloaded wait is DRAM's):
     * the loads wait on DRAM. No L1 changes little (nothing hit it). */
    cusim_set sets[] = { SET("hw.compute_units", "8") };
    diag_verdict v;
    diag_plan *p = diagnose(H200, "tests/data/hier-stream.yaml", sets, 1,
                            &v);
    const cusim_result *r = &p->v[DIAG_BASELINE].res;
    ck_assert_double_eq(r->l1_hit_rate, 0);
    ck_assert_double_eq(r->l2_hit_rate, 0);
    ck_assert_str_eq(v.kind, "latency");
    ck_assert_str_eq(v.level, "dram");
    ck_assert_ptr_nonnull(strstr(v.level_text, "the loads wait mostly on "
                                 "the DRAM"));
    ck_assert_ptr_nonnull(strstr(v.level_text, "DRAM 100%"));
    ck_assert_ptr_nonnull(strstr(v.try_first, "the loads wait on DRAM: "));
    double by = diag_speedup(p, DIAG_L1_BYPASS);
    ck_assert_double_gt(by, 0.95);
    ck_assert_double_lt(by, 1.05);
    diag_plan_free(p);
}
END_TEST

START_TEST(hierarchy_dependent_chain)
{
    /* tests/data/fma-chain.yaml on 2 CUs: a subgroup issues 1,024 fma one
     * cycle each and waits 3 more on each result (the 4-cycle fma
     * latency): 3,072 cycles in short_scoreboard against one load's wait
     * of about 950 (34 + 265 + 655, nothing hits) and 1,024 issuing, so
     * about 60% short scoreboard, 20% issued, 19% long; 7 or 8 subgroups
     * per CU (200 registers) do not fill the issue slots. The top wait is
     * the dependency, so the verdict names no memory level (before
     * issue 41: "the loads wait on DRAM") and says the chain. */
    cusim_set sets[] = { SET("hw.compute_units", "2") };
    diag_verdict v;
    diag_plan *p = diagnose(H200, "tests/data/fma-chain.yaml", sets, 1, &v);
    const cusim_result *r = &p->v[DIAG_BASELINE].res;
    ck_assert_double_gt(r->warp_states[CUSIM_WS_SHORT_SCOREBOARD], 0.55);
    ck_assert_double_lt(r->warp_states[CUSIM_WS_SHORT_SCOREBOARD], 0.70);
    ck_assert_double_gt(r->stalls[CUSIM_STALL_DEPENDENCY],
                        2 * r->stalls[CUSIM_STALL_MEMORY]);
    ck_assert_str_eq(v.kind, "latency");
    ck_assert_ptr_null(v.level);
    ck_assert_msg(strncmp(v.try_first, "the subgroups wait on a dependent "
                          "chain, not on memory (", 56) == 0, "%s",
                  v.try_first);
    ck_assert_ptr_null(strstr(v.try_first, "the loads wait"));
    diag_plan_free(p);
}
END_TEST

/* The level rule on made-up speedups, on the H200 plan: as rule_case,
 * with the cache levers' speedups too (2x L1, 2x L2, no L1) and a
 * baseline that went through the hierarchy (sol.dram `dram`, hit rates
 * h1, h2). */
static void level_case_at(diag_plan *p, const char *bound,
                          const double s[9], double dram, double h1,
                          double h2, double sol_l1, double dependency,
                          diag_verdict *v);

static void level_case(diag_plan *p, const char *bound, const double s[9],
                       double dram, double h1, double h2, diag_verdict *v)
{
    level_case_at(p, bound, s, dram, h1, h2, 0, 0, v);
}

/* level_case with the L1's speed of light `sol_l1` and the share of
 * scheduler-cycles in the dependency stall (the memory stall, 0.3, is
 * the top wait when it is below that). */
static void level_case_at(diag_plan *p, const char *bound,
                          const double s[9], double dram, double h1,
                          double h2, double sol_l1, double dependency,
                          diag_verdict *v)
{
    static const diag_kind order[9] = { DIAG_RESIDENCY_UP, DIAG_BANDWIDTH,
                                        DIAG_LATENCY, DIAG_ISSUE,
                                        DIAG_SCHEDULERS, DIAG_INFLIGHT,
                                        DIAG_L1_SIZE, DIAG_L2_SIZE,
                                        DIAG_L1_BYPASS };
    for (int i = 0; i < DIAG_COUNT; i++) {
        diag_variant *x = &p->v[i];
        x->applicable = x->ran = true;
        x->rc = 0;
        memset(&x->res, 0, sizeof x->res);
        x->res.cycles = 1000;
    }
    cusim_result *r = &p->v[DIAG_BASELINE].res;
    r->bound = bound;
    r->waves = 4;
    r->hierarchy = true;
    r->l1_requests = 100;
    r->sol_dram = dram;
    r->l1_hit_rate = h1;
    r->l2_hit_rate = h2;
    /* the bytes each level is asked for, at those hit rates (no sector on
     * its way): 100,000 sectors of 32 bytes at the L1 */
    r->l1_bytes = 3200000;
    r->l2_bytes = (uint64_t)llround(3200000 * (1 - h1));
    r->dram_bytes = (uint64_t)llround((double)r->l2_bytes * (1 - h2));
    r->sol_l1 = sol_l1;
    r->stalls[CUSIM_STALL_MEMORY] = 0.3;
    r->stalls[CUSIM_STALL_DEPENDENCY] = dependency;
    for (int i = 0; i < 9; i++)
        p->v[order[i]].res.cycles = (uint64_t)(1000 / s[i] + 0.5);
    diag_conclude(p, v);
}

START_TEST(level_rule)
{
    cusim_set sets[] = { SET("hw.compute_units", "1"),
                         SET("kernel.elements", "256") };
    diag_plan *p = plan_only(H200, "workloads/latency-bound.yaml", sets, 2);
    diag_verdict v;
    /*                        res  bw   lat  iss  sch  cap  2xL1 2xL2 noL1 */
    const double l1cap[9] = { 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.5, 1.1, 0.5 };
    level_case(p, "bandwidth", l1cap, 0.3, 0.4, 0.5, &v);
    /* a bigger cache is a bandwidth lever: 1.5x, the best, bears it out */
    ck_assert(v.agrees);
    ck_assert_int_eq(v.lever, DIAG_L1_SIZE);
    ck_assert_str_eq(v.level, "l1");
    ck_assert_str_eq(v.level_text, "cache capacity (L1): 2x L1 -> 1.50x "
                     "(L1 hit rate 40.0%): the working set does not fit "
                     "the L1");
    ck_assert_ptr_nonnull(strstr(v.try_first, "fit the working set in the "
                                 "L1"));
    ck_assert_ptr_nonnull(strstr(v.evidence, "bandwidth-bound: 2x L1 -> "
                                 "1.50x faster"));
    /* the L2's capacity beats DRAM's bandwidth (1.4 > 1.2) */
    const double l2cap[9] = { 1.0, 1.2, 1.0, 1.0, 1.0, 1.0, 1.0, 1.4, 1.0 };
    level_case(p, "bandwidth", l2cap, 0.7, 0.0, 0.3, &v);
    ck_assert_str_eq(v.level, "l2");
    ck_assert_ptr_nonnull(strstr(v.level_text, "cache capacity (L2): 2x L2 "
                                 "-> 1.40x (L2 hit rate 30.0%)"));
    /* DRAM's bandwidth when no cache helps */
    const double bw[9] = { 1.0, 1.9, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0 };
    level_case(p, "bandwidth", bw, 0.85, 0.0, 0.0, &v);
    ck_assert_str_eq(v.level, "dram");
    ck_assert_str_eq(v.level_text, "DRAM bandwidth: 2x bandwidth -> 1.90x, "
                     "DRAM 85.0% busy (L1 hit rate 0.0%, L2 0.0%)");
    ck_assert_ptr_nonnull(strstr(v.try_first, "at DRAM: move fewer bytes"));
    /* served from L1: no L1 is slower (0.5 <= 1/1.15) and DRAM idle */
    const double l1[9] = { 1.0, 1.0, 1.4, 1.0, 1.0, 1.0, 1.0, 1.0, 0.5 };
    level_case(p, "latency", l1, 0.05, 0.9, 0.0, &v);
    ck_assert_str_eq(v.kind, "latency");
    ck_assert_str_eq(v.level, "l1");
    ck_assert_str_eq(v.level_text, "served from L1 (hit rate 90.0%; no L1 "
                     "-> 0.50x; DRAM 5.0% busy): not DRAM-bound; the loads "
                     "wait on the L1's latency (its lookups 0.0% busy: too "
                     "few to bind)");
    ck_assert_int_eq(v.level_rule, DIAG_RULE_L1_LATENCY);
    ck_assert_ptr_nonnull(strstr(v.try_first, "the loads wait on its "
                                 "latency: more DRAM bandwidth will not "
                                 "help"));
    ck_assert_ptr_null(strstr(v.try_first, "fewer, wider loads"));
    /* the L1 is the limit only at a speed of light that can bind, the
     * pipes' rule: 50% (here 77%), or 25% as the busiest unit */
    level_case_at(p, "latency", l1, 0.05, 0.9, 0.0, 0.77, 0, &v);
    ck_assert_int_eq(v.level_rule, DIAG_RULE_L1_LIMIT);
    ck_assert_str_eq(v.level_text, "served from L1 (hit rate 90.0%; no L1 "
                     "-> 0.50x; DRAM 5.0% busy): not DRAM-bound; the load "
                     "unit / L1 is the limit (its lookups 77.0% busy)");
    ck_assert_ptr_nonnull(strstr(v.try_first, "fewer, wider loads"));
    level_case_at(p, "latency", l1, 0.05, 0.9, 0.0, 0.30, 0, &v);
    ck_assert_int_eq(v.level_rule, DIAG_RULE_L1_LATENCY);
    p->v[DIAG_BASELINE].res.bound_unit = "l1";
    diag_conclude(p, &v);
    ck_assert_int_eq(v.level_rule, DIAG_RULE_L1_LIMIT);
    p->v[DIAG_BASELINE].res.bound_unit = NULL;
    /* ... but not with DRAM 70% busy: then where the waits are, at hit
     * rates 0.9 and 0.5: L1 0.9 x 34 = 30.6, L2 0.1 x 0.5 x 265 = 13.25,
     * DRAM 0.1 x 0.5 x 655 = 32.75 of 76.6 cycles: DRAM, 43% */
    level_case(p, "latency", l1, 0.7, 0.9, 0.5, &v);
    ck_assert_str_eq(v.level, "dram");
    ck_assert_str_eq(v.level_text, "the loads wait mostly on the DRAM (of a "
                     "sector's unloaded wait, at these hit rates: L1 40%, "
                     "L2 17%, DRAM 43%)");
    /* the same rates with the dependency stall on top (0.57 against the
     * memory stall's 0.3): the loads are not what the subgroups wait on,
     * so no level, and the dependency is named */
    const double lat[9] = { 1.0, 1.0, 1.3, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0 };
    level_case_at(p, "latency", lat, 0.7, 0.9, 0.5, 0, 0.57, &v);
    ck_assert_str_eq(v.kind, "latency");
    ck_assert_ptr_null(v.level);
    ck_assert_int_eq(v.level_rule, DIAG_RULE_NONE);
    ck_assert_str_eq(v.try_first, "the subgroups wait on a dependent chain, "
                     "not on memory (57% of the scheduler-cycles wait on an "
                     "alu, sfu or shared-memory result: short scoreboard): "
                     "more independent work per subgroup (interleave "
                     "independent chains), or more resident subgroups");
    /* with memory on top it is where the loads wait: DRAM, 43% (above) */
    level_case_at(p, "latency", lat, 0.7, 0.9, 0.5, 0, 0.2, &v);
    ck_assert_int_eq(v.level_rule, DIAG_RULE_WAIT);
    ck_assert_str_eq(v.level, "dram");
    ck_assert_ptr_nonnull(strstr(v.try_first, "the loads wait on DRAM: "));
    /* ... but not when the lever is a pipe's: 2x issue rate 1.3x beats
     * 1/2 latency's 1.2x, a compute lever, so the memory sentence would
     * contradict it */
    const double iss[9] = { 1.0, 1.0, 1.2, 1.3, 1.0, 1.0, 1.0, 1.0, 1.0 };
    level_case_at(p, "balanced", iss, 0.7, 0.9, 0.5, 0, 0.2, &v);
    ck_assert_int_eq(v.lever, DIAG_ISSUE);
    ck_assert_ptr_null(v.level);
    /* Little's law: a level gets its line when at least 10% of the
     * sectors asked for reach it: at h1 0.973 the L2 gets 2.7% and DRAM
     * (h2 0) 2.7%: neither; DRAM's subgroups are not worked out */
    level_case_at(p, "latency", l1, 0.05, 0.973, 0.0, 0, 0, &v);
    ck_assert(v.law[DIAG_L1].reached);
    ck_assert_double_eq_tol(v.law[DIAG_L2].share, 0.027, 1e-9);
    ck_assert(!v.law[DIAG_L2].reached);
    ck_assert(!v.law[DIAG_DRAM].reached);
    ck_assert_double_eq(v.subgroups_needed, 0);
    /* at h1 0.85, h2 0.4: the L2 gets 15%, DRAM 0.15 x 0.6 = 9%: the L2
     * only */
    level_case_at(p, "latency", l1, 0.05, 0.85, 0.4, 0, 0, &v);
    ck_assert(v.law[DIAG_L2].reached);
    ck_assert_double_eq_tol(v.law[DIAG_DRAM].share, 0.09, 1e-9);
    ck_assert(!v.law[DIAG_DRAM].reached);
    /* a compute verdict names no level */
    const double cmp[9] = { 1.0, 1.0, 1.0, 1.0, 1.8, 1.0, 1.0, 1.0, 1.0 };
    level_case(p, "compute", cmp, 0.1, 0.5, 0.5, &v);
    ck_assert_str_eq(v.kind, "compute");
    ck_assert_ptr_null(v.level);
    ck_assert_str_eq(v.level_text, "");
    /* nor a run that did not go through a hierarchy */
    level_case(p, "latency", l1, 0.05, 0.9, 0.0, &v);
    p->v[DIAG_BASELINE].res.hierarchy = false;
    diag_conclude(p, &v);
    ck_assert_ptr_null(v.level);
    diag_plan_free(p);
}
END_TEST

/* A histogram into 16 bins (one line) on 8 CUs of the h200 profile, 8
 * atomic operations a cycle per slice, no launch time (check_findings.c's
 * contended_atomics case): every atomic of the GPU goes to one slice's
 * unit, 90% busy, so the run is bandwidth-bound on it: 2x atomic
 * throughput is the lever (about 1.8x: the unit's 8192 of ~9100 cycles
 * halve, the line's 2 turns a request of 1 cycle then binding), the advice names a subgroup reduction and privatization, the
 * finding carries the lever's gain, and the variant keeps the kernel's
 * bytes (L1 and DRAM). Into 4,096 bins the units are ~5% busy: the
 * variant is n/a. */
START_TEST(atomic_bound_histogram)
{
    cusim_set sets[] = { SET("kernel.elements", "65536"),
                         SET("kernel.buffers", "{data: 256 KiB, hist: 64}"),
                         SET("hw.cache.l2.atomic_rate", "8"),
                         SET("hw.launch_cycles", "0"),
                         SET("hw.compute_units", "8") };
    diag_verdict v;
    diag_plan *p = diagnose(H200, "workloads/histogram.yaml", sets, 5, &v);
    const diag_variant *b = &p->v[DIAG_BASELINE], *a = &p->v[DIAG_ATOMIC];
    ck_assert_str_eq(b->res.bound_unit, "atomic");
    ck_assert_msg(a->applicable && a->ran, "%s", a->why);
    ck_assert_str_eq(a->change, "hw.cache.l2.atomic_rate 8 -> 16");
    double s = diag_speedup(p, DIAG_ATOMIC);
    ck_assert_double_ge(s, 1.5);
    ck_assert_double_le(s, 2.0);
    ck_assert_uint_eq(a->res.l1_bytes, b->res.l1_bytes);
    ck_assert_uint_eq(a->res.dram_bytes, b->res.dram_bytes);
    ck_assert_str_eq(v.kind, "bandwidth");
    ck_assert_int_eq(v.lever, DIAG_ATOMIC);
    ck_assert(v.agrees);
    ck_assert_str_eq(v.level, "l2");
    ck_assert_ptr_nonnull(strstr(v.evidence,
                                 "bandwidth-bound: 2x atomic throughput"));
    ck_assert_ptr_nonnull(strstr(v.level_text, "the L2's atomic units are "
                                 "the busiest"));
    ck_assert_ptr_nonnull(strstr(v.try_first, "the L2's atomic units are "
                                 "the limit"));
    ck_assert_ptr_nonnull(strstr(v.try_first, "a subgroup reduction first"));
    ck_assert_ptr_nonnull(strstr(v.try_first, "then privatize (bins in "
                                 "shared memory per workgroup"));
    int found = -1;
    for (int i = 0; i < v.n_findings; i++)
        if (v.findings[i].id == FINDING_ATOMICS)
            found = i;
    ck_assert_int_ge(found, 0);
    ck_assert_double_eq(v.finding_gain[found], s);
    diag_plan_free(p);

    sets[1] = (cusim_set)SET("kernel.buffers",
                             "{data: 256 KiB, hist: 16 KiB}");
    p = diagnose(H200, "workloads/histogram.yaml", sets, 5, &v);
    ck_assert(!p->v[DIAG_ATOMIC].applicable);
    ck_assert_ptr_nonnull(strstr(p->v[DIAG_ATOMIC].why, "the L2's atomic "
                                 "units are "));
    ck_assert_ptr_nonnull(strstr(p->v[DIAG_ATOMIC].why, "busy "
                                 "(sol.unit.atomic): under 25%, they cannot "
                                 "bind"));
    ck_assert_ptr_null(strstr(v.try_first, "atomic"));
    diag_plan_free(p);
}
END_TEST

START_TEST(names)
{
    ck_assert_str_eq(diag_kind_name(DIAG_RESIDENCY_UP), "residency_up");
    ck_assert_str_eq(diag_kind_label(DIAG_LATENCY), "1/2 latency");
    ck_assert_str_eq(diag_kind_name(DIAG_SCHEDULERS), "schedulers");
    ck_assert_str_eq(diag_kind_name(DIAG_L1_SIZE), "l1_size");
    ck_assert_str_eq(diag_kind_name(DIAG_L2_SIZE), "l2_size");
    ck_assert_str_eq(diag_kind_name(DIAG_L1_BYPASS), "l1_bypass");
    ck_assert_str_eq(diag_kind_label(DIAG_L1_SIZE), "2x L1");
    ck_assert_str_eq(diag_kind_label(DIAG_L2_SIZE), "2x L2");
    ck_assert_str_eq(diag_kind_label(DIAG_L1_BYPASS), "no L1");
    /* the new rows come after the old ones: the old order stays */
    ck_assert_int_eq(DIAG_L1_SIZE, DIAG_ELEMENTS + 1);
    ck_assert_int_eq(DIAG_ALU_LANES, DIAG_L1_BYPASS + 1);
    ck_assert_str_eq(diag_kind_name(DIAG_SHARED_LANES), "shared_lanes");
    ck_assert_str_eq(diag_kind_label(DIAG_SHARED_LANES), "2x shared lanes");
    ck_assert(diag_from_baseline(DIAG_MEM_LANES));
    ck_assert(!diag_from_baseline(DIAG_SCHEDULERS));
    ck_assert_int_eq(DIAG_ATOMIC, DIAG_MEM_LANES + 1);
    ck_assert_str_eq(diag_kind_name(DIAG_ATOMIC), "atomic");
    ck_assert_str_eq(diag_kind_label(DIAG_ATOMIC), "2x atomic throughput");
    ck_assert(diag_from_baseline(DIAG_ATOMIC));
    ck_assert_int_eq(DIAG_SCALAR, DIAG_ATOMIC + 1);
    ck_assert_str_eq(diag_kind_name(DIAG_SCALAR), "scalar");
    ck_assert_str_eq(diag_kind_label(DIAG_SCALAR), "2x scalar throughput");
    ck_assert(diag_from_baseline(DIAG_SCALAR));
    ck_assert_str_eq(diag_kind_name(DIAG_COUNT), "?");
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("diagnose");
    TCase *runs = tcase_create("counterfactuals");
    tcase_set_timeout(runs, 120);
    tcase_add_test(runs, bandwidth_bound_copy);
    tcase_add_test(runs, latency_bound_residency);
    tcase_add_test(runs, compute_bound_pipes);
    tcase_add_test(runs, shared_pipe_bound_gemm);
    tcase_add_test(runs, inflight_cap_bound);
    tcase_add_test(runs, variants_that_cannot_apply);
    tcase_add_test(runs, why_inflight_cap_on_the_whole_gpu);
    tcase_add_test(runs, small_grid_latency_bound);
    tcase_add_test(runs, barrier_bound);
    tcase_add_test(runs, hierarchy_served_from_l1);
    tcase_add_test(runs, hierarchy_streams_from_dram);
    tcase_add_test(runs, levers_keep_bytes);
    tcase_add_test(runs, hierarchy_dependent_chain);
    tcase_add_test(runs, atomic_bound_histogram);
    suite_add_tcase(s, runs);
    TCase *tables = tcase_create("names");
    tcase_add_test(tables, names);
    tcase_add_test(tables, verdict_rule);
    tcase_add_test(tables, level_rule);
    tcase_add_test(tables, plan_flat_profile);
    tcase_add_test(tables, plan_hierarchy_profile);
    tcase_add_test(tables, elements_must_follow_the_element);
    suite_add_tcase(s, tables);
    return s;
}

CUTEST_MAIN(make_suite)
