/*
 * check_occ_graph.c — the best workgroup size (cusim_occupancy_best, with
 * cudaOccupancyMaxPotentialBlockSize's semantics; tests/xcheck compares it
 * with cuda_occupancy.h itself on a grid) and the Occupancy Calculator's
 * three graphs, on cases worked out by hand.
 */
#include "cutest.h"
#include "occ_graph.h"

static cusim_occupancy occupancy(const char *hw_rel, const char *k_rel,
                                 const cusim_set *sets, size_t n,
                                 cusim_hw *hw, cusim_kernel *k)
{
    cutest_load(hw_rel, k_rel, sets, n, hw, k);
    cusim_occupancy o;
    cusim_error err;
    ck_assert_msg(cusim_occupancy_compute(hw, k, &o, &err) == 0, "%s",
                  err.message);
    return o;
}

START_TEST(best_size_by_hand)
{
    /* nvidia-sm80 (4 partitions of 16384 registers, granule 256 per warp,
     * 2048 invocations, 32 workgroups per SM, 108 SMs):
     *   - 32 registers: a warp takes 1024, 16 per partition, 64 warps =
     *     2048 invocations: size 1024 fills the SM twice over at once and
     *     the search stops there (best 1024, 2 per SM, grid 216);
     *   - 40 registers: 1280 per warp, 12 per partition, 48 warps = 1536
     *     invocations; 768 is the largest size that fits twice (1024 fits
     *     once): best 768, grid 216;
     *   - 64 registers: 2048 per warp, 8 per partition, 1024 invocations:
     *     1024 fits once, and no smaller size beats it (ties go to the
     *     larger): best 1024, grid 108. */
    static const struct { const char *regs; uint32_t size; uint64_t grid; }
        cases[] = { { "32", 1024, 216 }, { "40", 768, 216 },
                    { "64", 1024, 108 } };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cusim_set sets[] = { { "kernel.registers", cases[i].regs, "test", 1,
                               1 } };
        cusim_hw hw;
        cusim_kernel k;
        cusim_occupancy o = occupancy("configs/hw/nvidia-sm80.yaml",
                                      "tests/xcheck/kernel.yaml", sets, 1,
                                      &hw, &k);
        cusim_occupancy_best(&hw, &k, &o);
        ck_assert_msg(o.best_workgroup_size == cases[i].size, "%s: %u",
                      cases[i].regs, o.best_workgroup_size);
        ck_assert_uint_eq(o.best_grid, cases[i].grid);
        /* the search leaves the kernel's own figures alone */
        ck_assert_uint_eq(o.subgroups_per_workgroup, 4);
        cusim_kernel_free(&k);
    }
}
END_TEST

START_TEST(graphs_by_hand)
{
    /* The xcheck kernel (128 invocations, 32 registers, no shared memory)
     * on nvidia-sm80: occupancy 1 at 32 registers, 0.75 at 40 (48 of 64
     * warps, see above), 0.125 at 255 (255 x 32 = 8160 -> 8192 per warp,
     * 2 per partition: 8 warps = 2 groups of 4); workgroup sizes from 32
     * to 1024 in steps of 32 (32 points); shared memory from 0 to the
     * profile's cu.max_shared_per_workgroup in steps of whole granules,
     * widened to fit 256 points. */
    cusim_hw hw;
    cusim_kernel k;
    cusim_occupancy o = occupancy("configs/hw/nvidia-sm80.yaml",
                                  "tests/xcheck/kernel.yaml", NULL, 0, &hw,
                                  &k);
    static occ_graph g;
    occ_graph_compute(&hw, &k, &o, &g);
    const occ_series *r = &g.series[OCC_GRAPH_REGISTERS];
    ck_assert_int_eq(r->n, 255);
    ck_assert_uint_eq(r->x[31], 32);
    ck_assert_double_eq(r->y[31], 1.0);
    ck_assert_uint_eq(r->x[39], 40);
    ck_assert_double_eq(r->y[39], 0.75);
    ck_assert_double_eq(r->y[254], 0.125);
    const occ_series *s = &g.series[OCC_GRAPH_SIZE];
    ck_assert_int_eq(s->n, 32);
    ck_assert_uint_eq(s->x[0], 32);
    ck_assert_uint_eq(s->x[31], 1024);
    const occ_series *m = &g.series[OCC_GRAPH_SHARED];
    ck_assert_int_le(m->n, OCC_GRAPH_POINTS);
    ck_assert_uint_eq(m->x[0], 0);
    ck_assert_uint_le(m->x[m->n - 1], hw.cu.max_shared_per_workgroup);
    ck_assert_uint_eq(g.current[OCC_GRAPH_SIZE], 128);
    ck_assert_uint_eq(g.current[OCC_GRAPH_REGISTERS], 32);
    ck_assert_double_eq(g.current_occupancy, 1.0);
    /* the CSV marks the kernel's own point in each graph once */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    occ_graph_write_csv(f, &g);
    fclose(f);
    int marks = 0;
    for (char *p = buf; (p = strstr(p, ",true\n")); p++)
        marks++;
    ck_assert_int_eq(marks, 3);
    ck_assert_ptr_nonnull(strstr(buf, "kernel.registers,40,0.75,false\n"));
    free(buf);
    cusim_kernel_free(&k);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("occ_graph");
    TCase *t = tcase_create("occ_graph");
    tcase_add_test(t, best_size_by_hand);
    tcase_add_test(t, graphs_by_hand);
    suite_add_tcase(s, t);
    return s;
}

CUTEST_MAIN(make_suite)
