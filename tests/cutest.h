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

/* ------------------------------------------- the cross-check kernel */

/* The kernel that the vendor-rule tests (check_rule_*.c) and the CUDA
 * cross-check (tests/xcheck) resize with --set. */
#define CUTEST_XCHECK_KERNEL "tests/xcheck/kernel.yaml"

/* A launch of the cross-check kernel: what the vendor-rule tests vary.
 * width 0 leaves kernel.subgroup_size unset (the profile's compiler model
 * picks it, sim/rules/widths.c); the other three are always set. */
typedef struct cutest_launch {
    unsigned width;   /* kernel.subgroup_size; 0: unset */
    unsigned size;    /* kernel.workgroup_size, invocations per workgroup */
    unsigned regs;    /* kernel.registers, per invocation */
    unsigned lds;     /* kernel.shared_bytes, per workgroup */
} cutest_launch;

/* Overrides built from numbers. Each set's value points into `text`, so a
 * cutest_sets is filled in place and must outlive the loads that use it;
 * do not copy one. */
enum { CUTEST_MAX_SETS = 8 };
typedef struct cutest_sets {
    cusim_set set[CUTEST_MAX_SETS];
    char text[CUTEST_MAX_SETS][24];
    size_t n;
} cutest_sets;

/* Appends `path`=`value`, as the next --set of the command line. */
static inline void cutest_sets_add(cutest_sets *s, const char *path,
                                   unsigned long long value)
{
    ck_assert_uint_lt(s->n, CUTEST_MAX_SETS);
    snprintf(s->text[s->n], sizeof s->text[0], "%llu", value);
    s->set[s->n] = (cusim_set){ path, s->text[s->n], "--set",
                                (int)s->n + 1, 1 };
    s->n++;
}

/* Appends the overrides that resize the cross-check kernel to `l`. */
static inline void cutest_sets_launch(cutest_sets *s, cutest_launch l)
{
    if (l.width)
        cutest_sets_add(s, "kernel.subgroup_size", l.width);
    cutest_sets_add(s, "kernel.workgroup_size", l.size);
    cutest_sets_add(s, "kernel.registers", l.regs);
    cutest_sets_add(s, "kernel.shared_bytes", l.lds);
}

/* "HW, N x R registers, B B[, width W]" for failure messages, in a static
 * buffer (overwritten by the next call). */
static inline const char *cutest_launch_str(const char *hw_rel,
                                            cutest_launch l)
{
    static char buf[4200];
    int n = snprintf(buf, sizeof buf, "%s, %u x %u registers, %u B", hw_rel,
                     l.size, l.regs, l.lds);
    if (l.width && n > 0 && (size_t)n < sizeof buf)
        snprintf(buf + n, sizeof buf - (size_t)n, ", width %u", l.width);
    return buf;
}

/* Loads the shipped profile `hw_rel`, asserts that it uses the occupancy
 * rules `rules`, and computes the occupancy of the cross-check kernel
 * resized to `l` into `o`. Returns cusim_occupancy_compute's status: 0,
 * or -1 with `err` set when the workgroup cannot launch. A load error
 * aborts the test. */
static inline int cutest_launch_occ(const char *hw_rel, cusim_rules rules,
                                    cutest_launch l, cusim_occupancy *o,
                                    cusim_error *err)
{
    cutest_sets s = { .n = 0 };
    cutest_sets_launch(&s, l);
    cusim_hw hw;
    cusim_kernel k;
    cutest_load(hw_rel, CUTEST_XCHECK_KERNEL, s.set, s.n, &hw, &k);
    ck_assert_msg(hw.cu.rules == rules, "%s: cu.rules %s, expected %s",
                  hw_rel, cusim_rules_name(hw.cu.rules),
                  cusim_rules_name(rules));
    int rc = cusim_occupancy_compute(&hw, &k, o, err);
    cusim_kernel_free(&k);
    return rc;
}

/* The occupancy of `l` on `hw_rel`, as cutest_launch_occ computes it;
 * aborts the test, naming the launch, if the workgroup cannot launch. */
static inline cusim_occupancy cutest_launch_occ_or_abort(const char *hw_rel,
                                                         cusim_rules rules,
                                                         cutest_launch l)
{
    cusim_occupancy o;
    cusim_error err;
    if (cutest_launch_occ(hw_rel, rules, l, &o, &err) != 0)
        ck_abort_msg("%s: %s", cutest_launch_str(hw_rel, l), err.message);
    return o;
}

/* Asserts that `l` cannot launch on `hw_rel` (loaded as by
 * cutest_launch_occ) and that the message holds `part`. */
static inline void cutest_launch_refused(const char *hw_rel, cusim_rules rules,
                                         cutest_launch l, const char *part)
{
    cusim_occupancy o;
    cusim_error err;
    ck_assert_msg(cutest_launch_occ(hw_rel, rules, l, &o, &err) == -1,
                  "%s: launched %u workgroups", cutest_launch_str(hw_rel, l),
                  o.workgroups_per_cu);
    ck_assert_msg(strstr(err.message, part) != NULL, "'%s' lacks '%s'",
                  err.message, part);
}

/* Simulates `l` on one CU of `hw_rel` (hw.compute_units=1) with four
 * times as many workgroups as `fit`, and asserts that both the static
 * occupancy and the most workgroups resident at once in the run are
 * `fit`: the simulation admits workgroups by the same rule. A load or
 * simulation error fails the test. */
static inline void cutest_check_residency(const char *hw_rel, cutest_launch l,
                                          unsigned fit)
{
    cutest_sets s = { .n = 0 };
    cutest_sets_add(&s, "hw.compute_units", 1);
    cutest_sets_launch(&s, l);
    cutest_sets_add(&s, "kernel.elements", 4ull * fit * l.size);
    cusim_hw hw;
    cusim_kernel k;
    cutest_load(hw_rel, CUTEST_XCHECK_KERNEL, s.set, s.n, &hw, &k);
    cusim_result res;
    cusim_error err;
    int rc = cusim_simulate(&hw, &k, NULL, &res, NULL, &err);
    cusim_kernel_free(&k);
    ck_assert_msg(rc == 0, "%s: %s", cutest_launch_str(hw_rel, l),
                  err.message);
    ck_assert_msg(res.occupancy.workgroups_per_cu == fit
                      && res.peak_workgroups_per_cu == fit,
                  "%s: static %u, peak %u, expected %u",
                  cutest_launch_str(hw_rel, l),
                  res.occupancy.workgroups_per_cu,
                  res.peak_workgroups_per_cu, fit);
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

/* The tiny memory hierarchy the memory modules' tests work out by hand
 * (check_hier.c, check_l1.c, check_xbar.c, check_l2.c, check_dram.c), on
 * two of cutest_tiny_cu's CUs:
 *   L1: 1 KiB, 128-byte lines of 32-byte sectors, 2 ways (4 sets), hit
 *       20 cycles, 1 line per cycle, 4 MSHRs, write-through;
 *   L2: 8 KiB, 4 ways, 2 slices interleaved by 256 bytes, 32 bytes per
 *       cycle in all (16 per slice), hit 100 cycles, 8 MSHRs per slice of
 *       at most 8 requests each;
 *   DRAM: 1 channel of 2 banks, 1 KiB rows, 32 bytes per cycle, a row miss
 *       20 cycles more, dram.latency 300, FR-FCFS over 8.
 * Its stage latencies (memstage.h): one sector takes xs = 32 x 2 / 32 = 2
 * cycles on a slice, so to_l2 = (100 - 2) / 2 = 49 and back2 = 49; one
 * sector takes xd = 32 x 1 / 32 = 1 cycle on the channel, so d_out +
 * d_back = 300 - 100 - 20 - 1 = 179: d_out = 1, d_back = 178. */
static inline cusim_hw cutest_tiny_hier(void)
{
    cusim_hw hw = cutest_tiny_cu();
    hw.compute_units = 2;
    hw.memory.max_inflight = 64;
    hw.cache.l1.bytes = 1024;
    hw.cache.l1.line = 128;
    hw.cache.l1.sector = 32;
    hw.cache.l1.ways = 2;
    hw.cache.l1.latency = 20;
    hw.cache.l1.lines_per_cycle = 1;
    hw.cache.l1.mshrs = 4;
    hw.cache.l1.mshr_merge = 8;
    hw.cache.l1.stores = CUSIM_STORES_WRITE_THROUGH;
    hw.cache.l2.bytes = 8192;
    hw.cache.l2.line = 128;
    hw.cache.l2.sector = 32;
    hw.cache.l2.ways = 4;
    hw.cache.l2.slices = 2;
    hw.cache.l2.interleave = 256;
    hw.cache.l2.latency = 100;
    hw.cache.l2.bytes_per_cycle = 32;
    hw.cache.l2.mshrs = 8;
    hw.cache.l2.mshr_merge = 8;
    hw.cache.l2.atomic_cycles = 1;      /* the keys' defaults */
    hw.cache.l2.atomic_rate = 1;
    hw.dram.latency = 300;
    hw.dram.bytes_per_cycle = 32;
    hw.dram.channels = 1;
    hw.dram.banks = 2;
    hw.dram.row = 1024;
    hw.dram.row_miss_cycles = 20;
    hw.dram.scheduler = CUSIM_DRAM_FR_FCFS;
    hw.dram.window = 8;
    return hw;
}

/* Adds `test` to suite s as a TCase of its own named `name` (one TCase
 * per behaviour). */
static inline void cutest_behaviour(Suite *s, const char *name,
                                    const TTest *test)
{
    TCase *tc = tcase_create(name);
    tcase_add_test(tc, test);
    suite_add_tcase(s, tc);
}

/* Parses `program` into kernel k (its own buffers nameable) and
 * simulates it on hw with `opt` (NULL: defaults) into *r: cusim_simulate's
 * answer, the error in *err; a parse error aborts the test. k's program
 * is freed again, the rest of k is the caller's. */
static inline int cutest_simulate(const cusim_hw *hw, cusim_kernel *k,
                                  const char *program,
                                  const cusim_sim_options *opt,
                                  cusim_result *r, cusim_error *err)
{
    prog_src src = { "k.yaml", 1, 1, NULL, .buffers = k->buffers,
                     .n_buffers = k->n_buffers };
    k->ast = prog_parse(program, &src, err);
    if (!k->ast)
        ck_abort_msg("parse: %s", err->message);
    int rc = cusim_simulate(hw, k, opt, r, NULL, err);
    prog_ast_free(k->ast);
    k->ast = NULL;
    return rc;
}

/* cutest_simulate that aborts the test unless the run succeeds. */
static inline cusim_result cutest_run_kernel(const cusim_hw *hw,
                                             cusim_kernel *k,
                                             const char *program)
{
    cusim_result r;
    cusim_error err;
    if (cutest_simulate(hw, k, program, NULL, &r, &err) != 0)
        ck_abort_msg("simulate: %s", err.message);
    return r;
}

/* Simulates `program` on `hw` as a 1-D kernel of `wg`-invocation
 * workgroups, 16 registers each, over `elements` elements; aborts the test
 * on a parse or simulation error. A program that uses shared memory
 * declares 4 bytes of it (a shared-memory instruction needs some; its
 * pattern's addresses do not read the size). */
static inline cusim_result cutest_run(const cusim_hw *hw, uint32_t wg,
                                      uint64_t elements, const char *program)
{
    cusim_kernel k = { .name = "k", .workgroup = { wg, 1, 1 },
                       .workgroup_dims = 1, .registers = 16,
                       .shared_bytes = strstr(program, ".shared") ? 4 : 0,
                       .elements = elements, .elements_per_invocation = 1 };
    return cutest_run_kernel(hw, &k, program);
}

/* Simulates `program` as one 32-invocation workgroup with `shared_bytes`,
 * `epi` elements per invocation and one buffer A of 1 MiB; aborts the
 * test on an error. */
static inline cusim_result cutest_run_wg32(const cusim_hw *hw,
                                           const char *program,
                                           uint32_t shared_bytes,
                                           uint32_t epi)
{
    cusim_kernel k = { .name = "k", .workgroup = { 32, 1, 1 },
                       .workgroup_dims = 1, .registers = 16,
                       .elements = 32ull * epi,
                       .elements_per_invocation = epi,
                       .shared_bytes = shared_bytes, .n_buffers = 1 };
    strcpy(k.buffers[0].name, "A");
    strcpy(k.buffers[0].size, "1048576");
    return cutest_run_kernel(hw, &k, program);
}

/* Asserts that the one-line program `text` fails to parse at line 1,
 * column `column`, with a message that starts with `message`. */
static inline void cutest_parse_fails(const char *text, int column,
                                      const char *message)
{
    cusim_error err;
    prog_src src = { "k.yaml", 1, 1, NULL, .buffers = NULL };
    prog_ast *ast = prog_parse(text, &src, &err);
    ck_assert_msg(ast == NULL, "'%s' parsed", text);
    ck_assert_int_eq(err.line, 1);
    ck_assert_int_eq(err.column, column);
    ck_assert_msg(strncmp(err.message, message, strlen(message)) == 0,
                  "'%s': %s", text, err.message);
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
