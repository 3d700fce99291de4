/*
 * check_invariants.c — properties every run must have, checked on a few
 * hundred randomized small configurations (profiles, launch shapes and
 * programs drawn from a fixed-seed generator, so failures reproduce):
 *
 *   - every issued instruction retires (with its workgroup);
 *   - stall fractions sum to 1, and every field `cusim fields` calls a
 *     fraction is within [0, 1] (the sol.unit.* fields among them), and
 *     the unit names agree with the shares (check_units);
 *   - no CU ever holds more workgroups than the static occupancy allows,
 *     and when there are enough workgroups every CU reaches exactly that
 *     (dynamic residency = static occupancy); the allocators' own
 *     capacities are asserted inside the simulator in this debug build;
 *   - cycles >= instructions / issue slots, >= bytes / bandwidth, and >= the
 *     dependency chain of one subgroup running alone on idealised hardware
 *     (its results and its global stores' completion);
 *   - the same inputs give the same result;
 *   - divergence that never splits a subgroup changes nothing: the program
 *     inside an if every lane takes, its repeats' counts written per lane
 *     with the same value for every lane, runs as the program alone.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cusim.h"
#include "cutest.h"
#include "isa.h"
#include "program.h"

/* The units' speeds of light agree with the fields named from them:
 * sol.busiest_unit is the highest pipe's share and
 * sol.busiest_unit_name names a pipe at that share; bound_unit names a
 * unit at the highest share of all (pipes and levels); without a
 * hierarchy l1 and l2 are absent and dram is the channel (sol.memory). */
static void check_units(const cusim_result *a)
{
    double pipes = 0, all = 0;
    for (int u = 0; u < CUSIM_SOL_UNIT_COUNT; u++) {
        double x = a->sol_unit[u];
        if (u < CUSIM_SOL_PIPES && x > pipes)
            pipes = x;
        if (x > all)
            all = x;
    }
    ck_assert_double_eq(a->sol_busiest_unit, pipes);
    int named = -1, bound = -1;
    for (int u = 0; u < CUSIM_SOL_UNIT_COUNT; u++) {
        if (strcmp(a->busiest_unit_name,
                   cusim_sol_unit_name((cusim_sol_unit)u)) == 0)
            named = u;
        if (strcmp(a->bound_unit, cusim_sol_unit_name((cusim_sol_unit)u))
            == 0)
            bound = u;
    }
    ck_assert(named >= 0 && named < CUSIM_SOL_PIPES);
    ck_assert_double_eq(a->sol_unit[named], pipes);
    ck_assert(bound >= 0);
    ck_assert_double_eq(a->sol_unit[bound], all);
    if (!a->hierarchy) {
        ck_assert(a->sol_unit[CUSIM_SOL_L1] < 0);
        ck_assert(a->sol_unit[CUSIM_SOL_L2] < 0);
        ck_assert_double_eq(a->sol_unit[CUSIM_SOL_DRAM], a->sol_memory);
    }
}

static cusim_hw random_hw(cutest_rng *r)
{
    static const uint32_t widths[] = { 8, 16, 32, 64 };
    cusim_hw hw = { .name = "random", .n_simd_widths = 1 };
    hw.simd_widths[0] = widths[cutest_rnd(r, 4)];
    hw.compute_units = 1 + cutest_rnd(r, 4);
    hw.clock_mhz = 1000;
    hw.cu.schedulers = 1 + cutest_rnd(r, 4);
    hw.cu.max_subgroups = hw.cu.schedulers * (2 + cutest_rnd(r, 15));
    hw.cu.max_invocations = hw.cu.max_subgroups * hw.simd_widths[0];
    hw.cu.max_workgroups = 1 + cutest_rnd(r, 32);
    hw.cu.rules = (cusim_rules)cutest_rnd(r, CUSIM_RULES_COUNT);
    hw.cu.max_barrier_workgroups =
        hw.cu.rules == CUSIM_RULES_AMD && cutest_rnd(r, 2) ? 1 + cutest_rnd(r, 16) : 0;
    hw.cu.max_workgroup_size = 1024;
    hw.cu.registers = hw.cu.schedulers * 256 * (16 + cutest_rnd(r, 64));
    hw.cu.register_granularity = 1u << cutest_rnd(r, 9);
    hw.cu.max_registers_per_invocation = 255;
    hw.cu.shared_memory = 1024 * (cutest_rnd(r, 64));
    hw.cu.shared_granularity = 1u << cutest_rnd(r, 10);
    hw.cu.shared_reserved = cutest_rnd(r, 2) ? 0 : 256;
    hw.cu.issue_per_cycle = 1 + cutest_rnd(r, 2);
    hw.cu.policy = (cusim_policy)cutest_rnd(r, 3);
    for (int u = 0; u < CUSIM_UNIT_COUNT; u++)
        hw.cu.lanes[u] = 1u << cutest_rnd(r, 7);
    hw.latency[CUSIM_LAT_ALU] = 1 + cutest_rnd(r, 8);
    hw.latency[CUSIM_LAT_SFU] = 1 + cutest_rnd(r, 30);
    hw.latency[CUSIM_LAT_SHARED] = 1 + cutest_rnd(r, 40);
    hw.latency[CUSIM_LAT_GLOBAL] = 1 + cutest_rnd(r, 600);
    hw.latency[CUSIM_LAT_BARRIER] = 1 + cutest_rnd(r, 20);
    hw.memory.bandwidth = 1 + cutest_rnd(r, 512);
    hw.memory.transaction = 1u << (3 + cutest_rnd(r, 5));
    hw.memory.max_inflight = 1 + cutest_rnd(r, 300);
    return hw;
}

/* A random program over registers r0..r5, with loops and barriers. */
static void random_program(cutest_rng *r, char *buf, size_t size)
{
    static const char *const ops[] = {
        "alu", "fma", "sfu", "ld.global", "st.global", "ld.shared",
        "st.shared", "barrier",
    };
    static const char *const patterns[] = {
        "", " pattern=random", " pattern=strided:3", " pattern=coalesced",
    };
    size_t at = 0;
    int depth = 0;
    int n = 1 + (int)cutest_rnd(r, 14);
    for (int i = 0; i < n; i++) {
        if (depth < 2 && cutest_rnd(r, 6) == 0) {
            at += (size_t)snprintf(buf + at, size - at, "repeat %u {\n",
                                   cutest_rnd(r, 4));
            depth++;
        }
        const char *op = ops[cutest_rnd(r, 8)];
        unsigned d = cutest_rnd(r, 6), a = cutest_rnd(r, 6), b = cutest_rnd(r, 6);
        if (strcmp(op, "barrier") == 0)
            at += (size_t)snprintf(buf + at, size - at, "barrier\n");
        else if (strncmp(op, "ld.", 3) == 0 || strncmp(op, "st.", 3) == 0)
            at += (size_t)snprintf(buf + at, size - at, "%s r%u, r%u bytes=%u%s\n",
                                   op, d, a, 1u << cutest_rnd(r, 5),
                                   patterns[cutest_rnd(r, 4)]);
        else
            at += (size_t)snprintf(buf + at, size - at, "%s r%u, r%u, r%u\n",
                                   op, d, a, b);
        if (depth > 0 && cutest_rnd(r, 3) == 0) {
            at += (size_t)snprintf(buf + at, size - at, "}\n");
            depth--;
        }
    }
    while (depth-- > 0)
        at += (size_t)snprintf(buf + at, size - at, "}\n");
}

/* The earliest one subgroup alone could finish: in-order issue one cycle
 * apart, each instruction waiting for its registers, results after their
 * latency (a global access after at least latency + 1: its transactions
 * take at least a cycle on the channel), barriers releasing at once. */
static uint64_t chain_bound(const cusim_hw *hw, const prog_code *code)
{
    uint64_t ready[1024] = { 0 };
    uint64_t t = 0, end = 0;
    uint32_t left[PROG_MAX_DEPTH];
    int depth = 0;
    ck_assert_uint_le(code->n_regs, 1024);
    uint32_t pc = 0;
    while (pc < code->n_insns) {
        const prog_insn *in = &code->insns[pc];
        if (in->op == PROG_LOOP) {
            if (in->count == 0) {
                pc = in->jump + 1;
                continue;
            }
            left[depth++] = in->count;
            pc++;
            continue;
        }
        if (in->op == PROG_ENDLOOP) {
            if (--left[depth - 1] > 0)
                pc = in->jump + 1;
            else {
                depth--;
                pc++;
            }
            continue;
        }
        const isa_info *info = isa_get((isa_op)in->op);
        uint64_t at = t;
        for (int i = 0; i < in->n_src; i++)
            if (ready[in->src[i]] > at)
                at = ready[in->src[i]];
        if (in->dst != PROG_NO_REG && ready[in->dst] > at)
            at = ready[in->dst];
        uint64_t done = at + hw->latency[info->latency]
                        + (info->latency == CUSIM_LAT_GLOBAL);
        if (in->dst != PROG_NO_REG)
            ready[in->dst] = done;
        /* The run waits for results and for global stores to land; a
         * shared store or a barrier holds nothing once issued. */
        if ((in->dst != PROG_NO_REG || info->latency == CUSIM_LAT_GLOBAL)
            && done > end)
            end = done;
        t = at + 1;
        if (at + 1 > end)
            end = at + 1;
        if (info->unit == CUSIM_UNIT_BARRIER)
            t = at + hw->latency[CUSIM_LAT_BARRIER];
        pc++;
    }
    return end;
}

static int same_result(const cusim_result *a, const cusim_result *b)
{
    if (a->cycles != b->cycles || a->warp_instructions != b->warp_instructions
        || a->memory_bytes != b->memory_bytes
        || a->peak_workgroups_per_cu != b->peak_workgroups_per_cu)
        return 0;
    for (int s = 0; s < CUSIM_STALL_COUNT; s++)
        if (a->stalls[s] != b->stalls[s])
            return 0;
    return a->avg_latency == b->avg_latency
           && a->achieved_occupancy == b->achieved_occupancy;
}

START_TEST(randomized)
{
    cutest_rng r = { 20261130 };
    int ran = 0, tried = 0, full = 0;
    char text[4096];
    while (ran < 300) {
        tried++;
        ck_assert_int_lt(tried, 3000);
        cusim_hw hw = random_hw(&r);
        random_program(&r, text, sizeof text);
        uint32_t wx = 1 + cutest_rnd(&r, 128), wy = cutest_rnd(&r, 3) ? 1 : 1 + cutest_rnd(&r, 4);
        cusim_kernel k = { .name = "random", .workgroup = { wx, wy, 1 },
                           .workgroup_dims = 2, .registers = 4 + cutest_rnd(&r, 60),
                           .shared_bytes = cutest_rnd(&r, 2) ? 0 : cutest_rnd(&r, 8192),
                           .elements_per_invocation = 1 + cutest_rnd(&r, 3) };
        if (k.shared_bytes == 0 && strstr(text, ".shared"))
            k.shared_bytes = 4;   /* a shared access needs shared memory */
        cusim_error err;
        prog_src src = { "random.yaml", 1, 1, NULL, .buffers = NULL };
        k.ast = prog_parse(text, &src, &err);
        ck_assert_msg(k.ast != NULL, "%s\n%s", err.message, text);
        cusim_occupancy occ;
        if (cusim_occupancy_compute(&hw, &k, &occ, &err) != 0) {
            cusim_kernel_free(&k);
            continue;   /* does not fit this random CU: not a run */
        }
        uint64_t wg = (uint64_t)wx * wy;
        uint64_t groups = 1 + cutest_rnd(&r, hw.compute_units * occ.workgroups_per_cu * 3);
        k.elements = groups * wg * k.elements_per_invocation - cutest_rnd(&r, (uint32_t)wg);

        cusim_result a, b;
        cusim_sim_options opt = { .watchdog_cycles = 100000000 };
        if (cusim_validate(&hw, &k, &opt, &err) != 0) {
            /* refused before it starts (a global access larger than the
             * random in-flight cap, say): not a run either */
            ck_assert_int_eq(cusim_simulate(&hw, &k, &opt, &a, NULL, &err), -1);
            cusim_kernel_free(&k);
            continue;
        }
        int rc = cusim_simulate(&hw, &k, &opt, &a, stderr, &err);
        ck_assert_msg(rc == 0, "run %d: %s\n%s", ran, err.message, text);
        ck_assert_int_eq(cusim_simulate(&hw, &k, &opt, &b, NULL, &err), 0);
        ck_assert_msg(same_result(&a, &b), "run %d not deterministic", ran);

        ck_assert_uint_eq(a.retired_instructions, a.warp_instructions);
        double sum = 0;
        for (int s = 0; s < CUSIM_STALL_COUNT; s++) {
            ck_assert(a.stalls[s] >= 0 && a.stalls[s] <= 1);
            sum += a.stalls[s];
        }
        ck_assert_double_eq_tol(sum, 1.0, 1e-9);
        ck_assert(a.bandwidth_utilization <= 1.0 + 1e-12);
        cusim_report rep = { .n = 0 };
        cusim_report_result(&rep, &a);
        const char *bad = cusim_report_bad_fraction(&rep);
        ck_assert_msg(bad == NULL, "run %d: %s outside [0, 1]\n%s", ran, bad,
                      text);
        check_units(&a);

        ck_assert_uint_le(a.peak_workgroups_per_cu, occ.workgroups_per_cu);
        uint64_t workgroups = (k.elements + k.elements_per_invocation - 1)
                              / k.elements_per_invocation;
        workgroups = (workgroups + wg - 1) / wg;
        if (workgroups >= (uint64_t)hw.compute_units * occ.workgroups_per_cu) {
            ck_assert_msg(a.peak_workgroups_per_cu == occ.workgroups_per_cu,
                          "run %d: peak %u resident, static %u", ran,
                          a.peak_workgroups_per_cu, occ.workgroups_per_cu);
            full++;
        }

        uint64_t slots = (uint64_t)hw.compute_units * hw.cu.schedulers
                         * hw.cu.issue_per_cycle;
        ck_assert_uint_ge(a.cycles, (a.warp_instructions + slots - 1) / slots);
        ck_assert_uint_ge(a.cycles * hw.memory.bandwidth, a.memory_bytes);
        prog_shape shape = { wx, wy, 1, (uint32_t)wg, occ.simd_width,
                             k.elements_per_invocation, .elements = 0,
                             .shared_bytes = k.shared_bytes };
        prog_code *code = prog_resolve(k.ast, &shape, &err);
        ck_assert_ptr_nonnull(code);
        uint64_t chain = chain_bound(&hw, code);
        ck_assert_msg(a.cycles >= chain, "run %d: %llu cycles < chain %llu\n%s",
                      ran, (unsigned long long)a.cycles,
                      (unsigned long long)chain, text);
        prog_code_free(code);
        cusim_kernel_free(&k);
        ran++;
    }
    /* The generator must exercise the full-residency case often. */
    ck_assert_int_gt(full, 30);
}
END_TEST

START_TEST(bandwidth_with_caches)
{
    /* The fuzz harness sim's finding (tests/fuzz/regress/sim/
     * apple-m3-stride-reread.yaml): with a cache hierarchy,
     * memory.bandwidth_utilization was the bytes the accesses asked of
     * the L1s over the flat model's memory.bandwidth, 1.37 here, where
     * the rereads hit in the caches; it is DRAM's share now. */
    cusim_hw hw;
    cusim_kernel k;
    cusim_result r;
    cusim_error err;
    cutest_load("configs/hw/apple-m3.yaml", "workloads/stride-reread.yaml",
                NULL, 0, &hw, &k);
    cusim_sim_options opt = { .watchdog_cycles = 0 };
    ck_assert_int_eq(cusim_simulate(&hw, &k, &opt, &r, NULL, &err), 0);
    ck_assert(r.hierarchy);
    ck_assert_uint_gt(r.memory_bytes, 40 * r.dram_bytes);
    ck_assert_double_eq(r.bandwidth_utilization, r.sol_dram);
    cusim_report rep = { .n = 0 };
    cusim_report_result(&rep, &r);
    const char *bad = cusim_report_bad_fraction(&rep);
    ck_assert_msg(bad == NULL, "%s outside [0, 1]", bad);
    cusim_kernel_free(&k);
}
END_TEST

/* `text` with every `repeat N {` written as a per-lane count of the same
 * value for every lane, all inside an if every lane takes, into out. */
static void never_splits(const char *text, char *out, size_t size)
{
    size_t at = (size_t)snprintf(out, size, "if lane < 100000 {\n");
    for (const char *p = text; *p;) {
        unsigned n;
        if (sscanf(p, "repeat %u {", &n) == 1)
            at += (size_t)snprintf(out + at, size - at,
                                   "repeat lane * 0 + %u {", n);
        else
            at += (size_t)snprintf(out + at, size - at, "%.*s",
                                   (int)strcspn(p, "\n"), p);
        p += strcspn(p, "\n");
        if (*p == '\n') {
            at += (size_t)snprintf(out + at, size - at, "\n");
            p++;
        }
    }
    snprintf(out + at, size - at, "} else {\n  alu never\n}\n");
}

/* Runs `text` as kernel k; 0, or -1 when the random profile refuses it. */
static int run_text(const cusim_hw *hw, cusim_kernel *k, const char *text,
                    cusim_result *out)
{
    cusim_error err;
    prog_src src = { "random.yaml", 1, 1, NULL, .buffers = NULL };
    k->ast = prog_parse(text, &src, &err);
    ck_assert_msg(k->ast != NULL, "%s\n%s", err.message, text);
    cusim_sim_options opt = { .watchdog_cycles = 100000000 };
    int rc = cusim_validate(hw, k, &opt, &err) == 0
             ? cusim_simulate(hw, k, &opt, out, NULL, &err) : -1;
    prog_ast_free(k->ast);
    k->ast = NULL;
    return rc;
}

START_TEST(divergence_that_never_splits)
{
    cutest_rng r = { 20261202 };
    char text[4096], wrapped[8192];
    int ran = 0;
    for (int tried = 0; ran < 150 && tried < 1500; tried++) {
        cusim_hw hw = random_hw(&r);
        random_program(&r, text, sizeof text);
        never_splits(text, wrapped, sizeof wrapped);
        uint32_t wx = 1 + cutest_rnd(&r, 128);
        cusim_kernel k = { .name = "random", .workgroup = { wx, 1, 1 },
                           .workgroup_dims = 1, .registers = 8,
                           .shared_bytes = 4096,
                           .elements_per_invocation = 1 + cutest_rnd(&r, 3) };
        k.elements = (1 + cutest_rnd(&r, 64)) * wx - cutest_rnd(&r, wx);
        cusim_result a, b;
        if (run_text(&hw, &k, text, &a) != 0)
            continue;
        ck_assert_msg(run_text(&hw, &k, wrapped, &b) == 0, "%s", wrapped);
        ck_assert_msg(same_result(&a, &b), "run %d: %llu vs %llu cycles\n%s",
                      ran, (unsigned long long)a.cycles,
                      (unsigned long long)b.cycles, wrapped);
        ck_assert_uint_eq(a.lane_instructions, b.lane_instructions);
        ck_assert_uint_eq(b.divergent_branches, 0);
        ck_assert_uint_ge(b.branches, 1);
        ran++;
    }
    ck_assert_int_eq(ran, 150);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("invariants");
    TCase *tc = tcase_create("randomized");
    tcase_add_test(tc, randomized);
    tcase_add_test(tc, divergence_that_never_splits);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(s, tc);
    tc = tcase_create("shipped");
    tcase_add_test(tc, bandwidth_with_caches);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
