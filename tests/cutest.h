/*
 * cutest.h — what every tests/check_<module>.c shares.
 *
 * Each test file builds one Check Suite and ends with
 *     CUTEST_MAIN(make_suite)
 * which runs it and exits non-zero on any failure. CUSIM_ROOT (set by the
 * Makefile) is the repository root, so tests can open shipped files with
 * cutest_path("configs/hw/seed-cu.yaml").
 */
#ifndef CUTEST_H
#define CUTEST_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cusim.h"
#include "program.h"

/* Returns CUSIM_ROOT/rel in a static buffer (tests are single-threaded). */
static inline const char *cutest_path(const char *rel)
{
    static char buf[4096];
    const char *root = getenv("CUSIM_ROOT");
    snprintf(buf, sizeof buf, "%s/%s", root ? root : ".", rel);
    return buf;
}

/* Loads the profile and kernel at repository-relative paths with the
 * overrides `sets`, as `cusim sim HW KERNEL --set ...` would; aborts the
 * test on any error. The caller frees `k` (cusim_kernel_free). */
static inline void cutest_load(const char *hw_rel, const char *kernel_rel,
                               const cusim_set *sets, size_t n_sets,
                               cusim_hw *hw, cusim_kernel *k)
{
    char hw_path[4096], kernel_path[4096];
    snprintf(hw_path, sizeof hw_path, "%s", cutest_path(hw_rel));
    snprintf(kernel_path, sizeof kernel_path, "%s", cutest_path(kernel_rel));
    cusim_error err;
    if (cusim_hw_load(hw_path, sets, n_sets, hw, &err) != 0
        || cusim_kernel_load(kernel_path, sets, n_sets, k, &err) != 0)
        ck_abort_msg("%s:%d:%d: %s", err.file, err.line, err.column,
                     err.message);
}

/* The seeds' hypothetical CU (docs/formats.md's example profile), built in
 * code so tests do not depend on the YAML loader. Shared granularity 1:
 * the seeds divide bytes exactly (65536 / 1296 = 50 groups). */
static inline cusim_hw cutest_seed_cu(void)
{
    cusim_hw hw = { .name = "seed-cu", .simd_widths = { 32 }, .n_simd_widths = 1,
                    .compute_units = 30, .clock_mhz = 1500 };
    hw.cu.max_invocations = 2048;
    hw.cu.max_subgroups = 64;
    hw.cu.max_workgroups = 32;
    hw.cu.max_workgroup_size = 1024;
    hw.cu.registers = 65536;
    hw.cu.register_granularity = 256;
    hw.cu.max_registers_per_invocation = 255;
    hw.cu.shared_memory = 65536;
    hw.cu.shared_granularity = 1;
    hw.cu.schedulers = 4;
    hw.cu.issue_per_cycle = 1;
    return hw;
}

/* A tiny CU for hand-checked cycle counts: one partition of 8 subgroup
 * slots, single issue, 32 lanes per unit, registers and shared memory
 * without rounding, alu 4 / sfu 20 / shared 30 / global 400 / barrier 1
 * cycles, 64 bytes per cycle in 32-byte transactions. */
static inline cusim_hw cutest_tiny_cu(void)
{
    cusim_hw hw = { .name = "tiny", .simd_widths = { 32 }, .n_simd_widths = 1,
                    .compute_units = 1, .clock_mhz = 1000 };
    hw.cu.max_invocations = 256;
    hw.cu.max_subgroups = 8;
    hw.cu.max_workgroups = 8;
    hw.cu.max_workgroup_size = 256;
    hw.cu.registers = 65536;
    hw.cu.register_granularity = 1;
    hw.cu.max_registers_per_invocation = 255;
    hw.cu.shared_memory = 65536;
    hw.cu.shared_granularity = 1;
    hw.cu.schedulers = 1;
    hw.cu.issue_per_cycle = 1;
    hw.cu.policy = CUSIM_POLICY_GTO;
    for (int u = 0; u < CUSIM_UNIT_COUNT; u++)
        hw.cu.lanes[u] = 32;
    hw.latency[CUSIM_LAT_ALU] = 4;
    hw.latency[CUSIM_LAT_SFU] = 20;
    hw.latency[CUSIM_LAT_SHARED] = 30;
    hw.latency[CUSIM_LAT_GLOBAL] = 400;
    hw.latency[CUSIM_LAT_BARRIER] = 1;
    hw.memory.bandwidth = 64;
    hw.memory.transaction = 32;
    hw.memory.max_inflight = 256;
    return hw;
}

/* Simulates `program` on `hw` as a 1-D kernel of `wg`-invocation
 * workgroups, 16 registers each, over `elements` elements; aborts the test
 * on a parse or simulation error. */
static inline cusim_result cutest_run(const cusim_hw *hw, uint32_t wg,
                                      uint64_t elements, const char *program)
{
    cusim_kernel k = { .name = "k", .workgroup = { wg, 1, 1 },
                       .workgroup_dims = 1, .registers = 16,
                       .elements = elements, .elements_per_invocation = 1 };
    cusim_error err;
    prog_src src = { "k.yaml", 1, 1, NULL };
    k.ast = prog_parse(program, &src, &err);
    if (!k.ast)
        ck_abort_msg("parse: %s", err.message);
    cusim_result r;
    int rc = cusim_simulate(hw, &k, NULL, &r, NULL, &err);
    cusim_kernel_free(&k);
    if (rc != 0)
        ck_abort_msg("simulate: %s", err.message);
    return r;
}

/* A fixed-seed generator for randomized tests, so failures reproduce. */
typedef struct cutest_rng {
    uint64_t s;
} cutest_rng;

static inline uint32_t cutest_rnd(cutest_rng *r, uint32_t n)   /* 0 .. n-1 */
{
    r->s = r->s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)((r->s >> 33) % n);
}

#define CUTEST_MAIN(make_suite)                                   \
    int main(void)                                                \
    {                                                             \
        SRunner *sr = srunner_create(make_suite());               \
        srunner_run_all(sr, CK_NORMAL);                           \
        int failed = srunner_ntests_failed(sr);                   \
        srunner_free(sr);                                         \
        return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;         \
    }

#endif /* CUTEST_H */
