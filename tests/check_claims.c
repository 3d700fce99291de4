/*
 * check_claims.c — what a C test says best about the seeds' claims: exact
 * counts and invariants on simulated runs of the SHIPPED hardware profiles
 * and workloads. Each run loads a profile and a workload from the repository
 * exactly as `cusim sim HW KERNEL --set PATH=VALUE...` would.
 *
 * The claims' criteria themselves live in one place, scripts/claims, which
 * decides every claim on the results of the shipped experiments
 * (configs/experiments/) and writes docs/claims.md; tests/cli/run-claims
 * runs it. What stays here is what no experiment's CSV shows: the exact
 * shapes of a dispatch (C15), the allocation rules' ends of a register
 * staircase (C5) and C16 at the shipped memory bandwidth, which the c15-c16
 * experiment raises.
 *
 * Every expected value is either the seeds' own number or follows from
 * simple arithmetic stated in the comment above the assertion.
 */
#include "cusim.h"
#include "cutest.h"

#define SEED_CU "configs/hw/seed-cu.yaml"
#define MAX_SETS 8

/* Runs workload `kernel` on profile `hw` (repository-relative paths) with
 * the NULL-terminated "PATH=VALUE" overrides `sets`, as the command line's
 * --set does. Aborts the test on any load or simulation error. */
static cusim_result sim_run(const char *hw, const char *kernel,
                            const char *const *sets)
{
    char text[MAX_SETS][128];
    cusim_set set[MAX_SETS];
    size_t n = 0;
    cusim_error err;
    for (; sets && sets[n]; n++) {
        ck_assert_uint_lt(n, MAX_SETS);
        snprintf(text[n], sizeof text[n], "%s", sets[n]);
        if (cusim_set_parse(text[n], (int)n + 1, &set[n], &err) != 0)
            ck_abort_msg("--set %s: %s", sets[n], err.message);
    }
    cusim_hw h;
    cusim_kernel k;
    cutest_load(hw, kernel, set, n, &h, &k);
    cusim_result r;
    int rc = cusim_simulate(&h, &k, NULL, &r, NULL, &err);
    cusim_kernel_free(&k);
    if (rc != 0)
        ck_abort_msg("simulate %s on %s: %s", kernel, hw, err.message);
    return r;
}

#define SIM(hw, kernel, ...) \
    sim_run((hw), (kernel), (const char *const[]){ __VA_ARGS__, NULL })

/* ------------------------------------------------------------------ C5 */

START_TEST(c5_staircase_ends)
{
    /* latency-bound (groups of 64, 2 subgroups of 32, with no shared
     * memory so that registers are what limits) on one seed CU as shipped (4 schedulers, 65536 registers, 64 subgroup slots; one CU so
     * memory never queues). The ends of its register staircase, from the
     * allocation rules (256-register granules per subgroup, registers split
     * evenly between the 4 schedulers, 16384 each):
     *   24 registers: 24 x 32 = 768 per subgroup, floor(16384 / 768) = 21
     *   per scheduler, 84 subgroups: the registers allow 42 groups, but the
     *   slots (64 subgroups, 2048 invocations, 32 workgroups) allow 32;
     *   128 registers: 4096 per subgroup, 4 per scheduler, 16 subgroups: 8
     *   groups, and the registers are what limits.
     * The simulation's allocator holds exactly as many (peak). The shape of
     * the staircase between is scripts/claims' C5, on the c4-c5 experiment. */
    static const struct {
        const char *registers;
        uint32_t register_limit, groups;
    } ends[] = {
        { "kernel.registers=24", 42, 32 },
        { "kernel.registers=128", 8, 8 },
    };
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
        cusim_result r = SIM(SEED_CU, "workloads/latency-bound.yaml",
                             "hw.compute_units=1", "kernel.elements=16384",
                             "kernel.shared_bytes=0", ends[i].registers);
        ck_assert_uint_eq(r.occupancy.limits[CUSIM_LIMIT_REGISTERS],
                          ends[i].register_limit);
        ck_assert_uint_eq(r.occupancy.workgroups_per_cu, ends[i].groups);
        ck_assert_uint_eq(r.peak_workgroups_per_cu, ends[i].groups);
    }
}
END_TEST

/* ----------------------------------------------------------------- C15 */

/* The shapes of C15's dispatch: 5000 elements on the seed GPU's 30 CUs, as
 * shipped (scripts/claims' C15 checks the timing on the c15-c16
 * experiment). */
START_TEST(c15_dispatch_shapes)
{
    cusim_result g64 = SIM(SEED_CU, "workloads/elementwise-scale.yaml",
                           "kernel.elements=5000", "kernel.workgroup_size=64");
    cusim_result g256 = SIM(SEED_CU, "workloads/elementwise-scale.yaml",
                            "kernel.elements=5000", "kernel.workgroup_size=256");
    /* The seed: ceil(5000 / 256) = 20 groups, ceil(5000 / 64) = 79. */
    ck_assert_uint_eq(g256.workgroups, 20);
    ck_assert_uint_eq(g64.workgroups, 79);
    /* 20 groups on 30 CUs: one per busy CU, 10 CUs idle; 79 groups reach
     * every CU, ceil(79 / 30) = 3 on the busiest. */
    ck_assert_uint_eq(g256.peak_workgroups_per_cu, 1);
    ck_assert_uint_eq(g64.peak_workgroups_per_cu, 3);
    /* The partial last groups run masked lanes: 5000 invocations, not
     * 20 x 256 = 5120 or 79 x 64 = 5056, and only their 5000 lanes count as
     * issued work (4 instructions each: alu, ld.global, fma, st.global). */
    ck_assert_uint_eq(g256.invocations, 5000);
    ck_assert_uint_eq(g64.invocations, 5000);
    ck_assert_uint_eq(g256.lane_instructions, 4 * 5000);
    ck_assert_uint_eq(g64.lane_instructions, 4 * 5000);
}
END_TEST

/* ----------------------------------------------------------------- C16 */

START_TEST(c16_no_advantage_at_shipped_bandwidth)
{
    /* elementwise-scale (no shared memory, no barrier) on a large domain,
     * 262144 elements, on the seed GPU as shipped, where the 64 B/cycle
     * channel sets the time for every size: groups of 256 and 1024 bring
     * nothing over 64, they only hold resources longer and leave a coarser
     * tail. The c15-c16 experiment (scripts/claims' C16) raises the channel
     * so that latency and dispatch granularity rule instead. */
    cusim_result g64 = SIM(SEED_CU, "workloads/elementwise-scale.yaml",
                           "kernel.elements=262144", "kernel.workgroup_size=64");
    cusim_result g256 = SIM(SEED_CU, "workloads/elementwise-scale.yaml",
                            "kernel.elements=262144", "kernel.workgroup_size=256");
    cusim_result g1024 = SIM(SEED_CU, "workloads/elementwise-scale.yaml",
                             "kernel.elements=262144",
                             "kernel.workgroup_size=1024");
    ck_assert_msg(g64.cycles <= g256.cycles && g64.cycles <= g1024.cycles,
                  "64: %llu, 256: %llu, 1024: %llu cycles",
                  (unsigned long long)g64.cycles,
                  (unsigned long long)g256.cycles,
                  (unsigned long long)g1024.cycles);
}
END_TEST

/* ---------------------------------------------------------------- suite */

static void claim(Suite *s, const char *name, const TTest *test)
{
    TCase *tc = tcase_create(name);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test);
    suite_add_tcase(s, tc);
}

static Suite *make_suite(void)
{
    Suite *s = suite_create("claims");
    claim(s, "C5", c5_staircase_ends);
    claim(s, "C15", c15_dispatch_shapes);
    claim(s, "C16", c16_no_advantage_at_shipped_bandwidth);
    return s;
}

CUTEST_MAIN(make_suite)
