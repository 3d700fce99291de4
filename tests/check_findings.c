/*
 * check_findings.c — a run's per-instruction counts (insn_stats.c) and the
 * findings drawn from them (sim/output/findings.c), on
 * tests/data/findings.yaml, whose numbers are worked out by hand in its
 * header:
 *   - 4096 elements in subgroups of 32: 128 subgroups, each running every
 *     instruction once;
 *   - the load x[gid * 2] of 4 bytes (line 15): lanes 8 bytes apart, 32
 *     lanes over 256 bytes: 8 sectors (transactions) of 32 bytes, where
 *     their 128 bytes fill 4; the store y[gid] (line 21): 4 and 4. So 256
 *     requests, 1536 sectors against 1024: 6.0 per request against 4.0;
 *   - the shared store shared[lid * 2] (line 16): words 0, 2, .. 62, so
 *     banks 0, 2, .. 30 twice over on 32 banks: 2 passes where 1 would do;
 *     the load shared[lid]: 1 and 1. 256 accesses, 384 passes against
 *     256: 1.5 per access;
 *   - `if lane < 16` (line 18) splits every one of its 128 tests: branch
 *     efficiency 0.
 * The same counts on the flat seed CU (32-byte transactions) and on the
 * hierarchy of tests/data/hw-h200-hier.yaml (32-byte sectors).
 */
#include "cutest.h"
#include "findings.h"

#define SET(path, value) { path, value, "--set", 1, 1 }

static void run(const char *hw_rel, const char *k_rel, const cusim_set *sets,
                size_t n, cusim_result *r, cusim_hw *hw, cusim_kernel *k)
{
    cusim_error err;
    cutest_load(hw_rel, k_rel, sets, n, hw, k);
    ck_assert_msg(cusim_simulate(hw, k, NULL, r, NULL, &err) == 0, "%s",
                  err.message);
}

/* tests/data/findings.yaml on seed-cu with `sets`: its findings into f,
 * how many. */
static int findings_with(const cusim_set *sets, size_t n_sets, finding *f)
{
    cusim_result r;
    cusim_hw hw;
    cusim_kernel k;
    run("configs/hw/seed-cu.yaml", "tests/data/findings.yaml", sets, n_sets,
        &r, &hw, &k);
    int n = findings_of(&r, &hw, &k, f);
    cusim_kernel_free(&k);
    return n;
}

static const finding *find(const finding *f, int n, finding_id id)
{
    for (int i = 0; i < n; i++)
        if (f[i].id == id)
            return &f[i];
    return NULL;
}

static void assert_counts(const char *hw_rel, bool hierarchy)
{
    cusim_set sets[] = { SET("hw.compute_units", "2") };
    cusim_result r;
    cusim_hw hw;
    cusim_kernel k;
    run(hw_rel, "tests/data/findings.yaml", sets, 1, &r, &hw, &k);
    ck_assert(r.hierarchy == hierarchy);
    ck_assert_uint_eq(r.global_unit_bytes, 32);
    ck_assert_uint_eq(r.global_requests, 256);
    ck_assert_uint_eq(r.global_units, 1536);
    ck_assert_uint_eq(r.global_ideal, 1024);
    ck_assert_int_eq(r.worst_global.line, 15);
    ck_assert_uint_eq(r.worst_global.runs, 128);
    ck_assert_uint_eq(r.worst_global.measured, 1024);
    ck_assert_uint_eq(r.worst_global.ideal, 512);
    ck_assert_uint_eq(r.shared_requests, 256);
    ck_assert_uint_eq(r.shared_passes, 384);
    ck_assert_uint_eq(r.shared_ideal, 256);
    ck_assert_int_eq(r.worst_shared.line, 16);
    ck_assert_uint_eq(r.worst_shared.measured, 256);
    ck_assert_uint_eq(r.worst_shared.ideal, 128);
    ck_assert_int_eq(r.worst_branch.line, 18);
    ck_assert_uint_eq(r.worst_branch.runs, 128);
    ck_assert_uint_eq(r.worst_branch.measured, 128);

    finding f[FINDING_COUNT];
    int n = findings_of(&r, &hw, &k, f);
    const finding *u = find(f, n, FINDING_UNCOALESCED);
    ck_assert_ptr_nonnull(u);
    ck_assert_int_eq(u->line, 15);
    ck_assert_double_eq(u->measured, 6.0);
    ck_assert_double_eq(u->ideal, 4.0);
    ck_assert_ptr_nonnull(strstr(u->what, "6.0 "));
    ck_assert_ptr_nonnull(strstr(u->what, "the worst instruction: 8.0 per "
                                 "request against 4.0"));
    const finding *b = find(f, n, FINDING_BANK_CONFLICTS);
    ck_assert_ptr_nonnull(b);
    ck_assert_int_eq(b->line, 16);
    ck_assert_double_eq(b->measured, 1.5);
    ck_assert_double_eq(b->ideal, 1.0);
    ck_assert_ptr_nonnull(strstr(b->what, "2-way"));
    const finding *d = find(f, n, FINDING_DIVERGENCE);
    ck_assert_ptr_nonnull(d);
    ck_assert_int_eq(d->line, 18);
    ck_assert_double_eq(d->measured, 0);
    ck_assert_ptr_nonnull(strstr(d->what, "128 of its 128 tests"));
    /* the 64 workgroups fill the 2 CUs' slots once and drain: the achieved
     * occupancy falls short, named at the kernel's `elements` (line 11) */
    const finding *a = find(f, n, FINDING_ACHIEVED_OCCUPANCY);
    ck_assert_ptr_nonnull(a);
    ck_assert_int_eq(a->line, 11);
    ck_assert_double_eq(a->ideal, 1.0);
    /* 16 registers, 1 KiB: nothing limits residency below the slots */
    ck_assert_ptr_null(find(f, n, FINDING_OCCUPANCY_LIMIT));
    cusim_kernel_free(&k);
}

START_TEST(counts_flat)
{
    assert_counts("configs/hw/seed-cu.yaml", false);
}
END_TEST

START_TEST(counts_hierarchy)
{
    assert_counts("tests/data/hw-h200-hier.yaml", true);
}
END_TEST

/* The occupancy limiter and what raises it, by hand on seed-cu: 65536
 * registers split over 4 partitions (16384 each), 256 a subgroup at
 * least. At 96 registers per invocation a subgroup takes 3072: 5 per
 * partition, 20 per CU (31%). Six per partition need at most 16384 / 6 =
 * 2730 each, rounded down to the granule 2560: 80 per invocation, the
 * largest count below 96 that fits more. */
START_TEST(occupancy_limiter)
{
    cusim_set sets[] = { SET("hw.compute_units", "2"),
                         SET("kernel.registers", "96") };
    finding f[FINDING_COUNT];
    int n = findings_with(sets, 2, f);
    const finding *o = find(f, n, FINDING_OCCUPANCY_LIMIT);
    ck_assert_ptr_nonnull(o);
    ck_assert_double_eq(o->measured, 0.3125);
    ck_assert_ptr_nonnull(strstr(o->what, "limited by registers (20 "
                                 "subgroups per CU of 64)"));
    ck_assert_ptr_nonnull(strstr(o->what, "80 registers per invocation "
                                 "(now 96) would fit more subgroups"));
    ck_assert_int_eq(o->line, 0);   /* given by --set: no line of the file */
}
END_TEST

/* A tail: 2 seed CUs hold 32 workgroups of 64 each (64 subgroups of 2), 64
 * at once; 5120 elements are 80 workgroups, 1.25 waves: the second wave a
 * quarter full, the GPU three quarters idle for its half of the run
 * (0.75 / 2 = 37.5% of it, past 10%). 4096 elements are 1.00 wave: none. */
START_TEST(tail_effect)
{
    cusim_set sets[] = { SET("hw.compute_units", "2"),
                         SET("kernel.elements", "5120") };
    finding f[FINDING_COUNT];
    int n = findings_with(sets, 2, f);
    const finding *t = find(f, n, FINDING_TAIL);
    ck_assert_ptr_nonnull(t);
    ck_assert_double_eq_tol(t->measured, 1.25, 1e-9);
    ck_assert_double_eq(t->ideal, 2);
    ck_assert_ptr_nonnull(strstr(t->what, "the last 25% full"));
    n = findings_with(sets, 1, f);
    ck_assert_ptr_null(find(f, n, FINDING_TAIL));
}
END_TEST

/* Contended atomics: workloads/histogram.yaml (its atom.global on line
 * 42) into 16 bins (a 64-byte `hist`: one line), 65536 values on 8 CUs of
 * tests/data/hw-h200-hier.yaml at 8 operations a cycle per slice, no
 * launch time: every subgroup's 32 lanes land on that one line, 2 on each
 * bin: 2048 requests of 32 operations (4 cycles each at 8 a cycle), all
 * at one slice, whose unit binds (8192 of the run's ~9100 cycles). Into
 * 4,096 bins (16 KiB) the lanes spread over 128 lines and 64 slices: no
 * finding. On seed-cu (no cache) the atomics have no L2 unit: none. */
START_TEST(contended_atomics)
{
    cusim_set sets[] = { SET("kernel.elements", "65536"),
                         SET("kernel.buffers", "{data: 256 KiB, hist: 64}"),
                         SET("hw.cache.l2.atomic_rate", "8"),
                         SET("hw.launch_cycles", "0"),
                         SET("hw.compute_units", "8") };
    cusim_result r;
    cusim_hw hw;
    cusim_kernel k;
    run("tests/data/hw-h200-hier.yaml", "workloads/histogram.yaml", sets, 5,
        &r, &hw, &k);
    ck_assert_uint_eq(r.atomic_requests, 2048);
    ck_assert_uint_eq(r.atomic_ops, 65536);
    ck_assert_int_eq(r.worst_atomic.line, 43);
    ck_assert_uint_eq(r.worst_atomic.runs, 2048);
    ck_assert_str_eq(r.bound_unit, "atomic");
    finding f[FINDING_COUNT];
    int n = findings_of(&r, &hw, &k, f);
    const finding *a = find(f, n, FINDING_ATOMICS);
    ck_assert_ptr_nonnull(a);
    ck_assert_int_eq(a->line, 43);
    ck_assert_double_ge(a->measured, FINDING_MIN_ATOMIC);
    ck_assert_ptr_nonnull(strstr(a->what, "(32.0 lanes on a line)"));
    ck_assert_ptr_nonnull(strstr(a->what, "privatize (shared-memory bins "
                                 "per workgroup, then one global atomic "
                                 "per bin)"));
    cusim_kernel_free(&k);

    sets[1] = (cusim_set)SET("kernel.buffers",
                             "{data: 256 KiB, hist: 16 KiB}");
    run("tests/data/hw-h200-hier.yaml", "workloads/histogram.yaml", sets, 5,
        &r, &hw, &k);
    ck_assert_uint_eq(r.atomic_ops, 65536);
    ck_assert_str_eq(r.bound_unit, "l1");
    n = findings_of(&r, &hw, &k, f);
    ck_assert_ptr_null(find(f, n, FINDING_ATOMICS));
    cusim_kernel_free(&k);

    run("configs/hw/seed-cu.yaml", "workloads/histogram.yaml", sets, 2, &r,
        &hw, &k);
    ck_assert_uint_eq(r.atomic_requests, 0);
    ck_assert_double_eq(r.sol_unit[CUSIM_SOL_ATOMIC], -1);
    n = findings_of(&r, &hw, &k, f);
    ck_assert_ptr_null(find(f, n, FINDING_ATOMICS));
    cusim_kernel_free(&k);
}
END_TEST

/* Scalar overhead: tests/data/scalar-loop.yaml (three salu a pass of
 * its 64-pass loop, lines 19-21) on 4 CUs of amd-gcn, 65536 elements:
 * 1024 wave64 subgroups, each issuing line 19's salu 64 times: 65536
 * issues, as many as lines 20 and 21 (a tie keeps the first). The
 * scalar unit (4 cycles a salu) binds: at least 80% busy, the finding
 * drawn. With a 1-cycle unit it is about half busy: none. On
 * nvidia-sm70 (no scalar unit) salu is an alu: no scalar issue counted,
 * no finding. */
START_TEST(scalar_overhead)
{
    cusim_set sets[] = { SET("hw.compute_units", "4"),
                         SET("kernel.elements", "65536"),
                         SET("hw.cu.scalar_cycles", "1") };
    cusim_result r;
    cusim_hw hw;
    cusim_kernel k;
    run("configs/hw/amd-gcn.yaml", "tests/data/scalar-loop.yaml", sets, 2,
        &r, &hw, &k);
    ck_assert_int_eq(r.worst_scalar.line, 19);
    ck_assert_uint_eq(r.worst_scalar.runs, 65536);
    ck_assert_str_eq(r.bound_unit, "scalar");
    finding f[FINDING_COUNT];
    int n = findings_of(&r, &hw, &k, f);
    const finding *a = find(f, n, FINDING_SCALAR);
    ck_assert_ptr_nonnull(a);
    ck_assert_int_eq(a->line, 19);
    ck_assert_double_ge(a->measured, FINDING_MIN_SCALAR);
    ck_assert_ptr_nonnull(strstr(a->what, "(4 cycles a salu; the one "
                                 "issued most ran 65536 times)"));
    cusim_kernel_free(&k);

    run("configs/hw/amd-gcn.yaml", "tests/data/scalar-loop.yaml", sets, 3,
        &r, &hw, &k);
    ck_assert_double_lt(r.sol_unit[CUSIM_SOL_SCALAR], FINDING_MIN_SCALAR);
    n = findings_of(&r, &hw, &k, f);
    ck_assert_ptr_null(find(f, n, FINDING_SCALAR));
    cusim_kernel_free(&k);

    run("configs/hw/nvidia-sm70.yaml", "tests/data/scalar-loop.yaml", sets,
        2, &r, &hw, &k);
    ck_assert_int_eq(r.worst_scalar.line, 0);
    ck_assert_double_eq(r.sol_unit[CUSIM_SOL_SCALAR], 0);
    n = findings_of(&r, &hw, &k, f);
    ck_assert_ptr_null(find(f, n, FINDING_SCALAR));
    cusim_kernel_free(&k);
}
END_TEST

START_TEST(names)
{
    ck_assert_str_eq(finding_name(FINDING_ATOMICS), "contended_atomics");
    ck_assert_str_eq(finding_name(FINDING_SCALAR), "scalar_overhead");
    ck_assert_str_eq(finding_name(FINDING_UNCOALESCED), "uncoalesced_global");
    ck_assert_str_eq(finding_name(FINDING_DIVERGENCE), "divergence");
    ck_assert_str_eq(finding_name(FINDING_COUNT), "?");
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("findings");
    TCase *tc = tcase_create("findings");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, counts_flat);
    tcase_add_test(tc, counts_hierarchy);
    tcase_add_test(tc, occupancy_limiter);
    tcase_add_test(tc, tail_effect);
    tcase_add_test(tc, contended_atomics);
    tcase_add_test(tc, scalar_overhead);
    tcase_add_test(tc, names);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
