/*
 * check_portability.c — `cusim portability`'s sizes, its conclusions from
 * the cells' times (each device's best, each size's worst case, the
 * recommendation), and a size a device cannot run.
 *
 * The conclusions are checked on made-up times (a real plan whose cells'
 * cycles are overwritten), worked out by hand:
 *
 *            size 64   size 128   size 256
 *   dev A      100        80        120      best 128: 1.25 1.00 1.50
 *   dev B       90       100         60      best 256: 1.50 1.67 1.00
 *   worst     1.50      1.67       1.50      -> 64 (the first of the two
 *                                               smallest worst cases)
 *
 * and with size 64 unable to run on B, 256 (the smallest worst case among
 * the sizes that run on both devices).
 */
#include "cutest.h"
#include "portability.h"

START_TEST(sizes_parse)
{
    port_size z[8];
    char err[256];
    ck_assert_int_eq(port_parse_sizes("32,64,8x8,16x4", z, 8, err,
                                      sizeof err), 4);
    ck_assert_str_eq(z[0].label, "32");
    ck_assert_uint_eq(z[0].x, 32);
    ck_assert_uint_eq(z[0].y, 0);
    ck_assert_str_eq(z[3].label, "16x4");
    ck_assert_uint_eq(z[3].x, 16);
    ck_assert_uint_eq(z[3].y, 4);
    static const char *const bad[] = { "", "0", "8x", "x8", "8x8x8", "a",
                                       "64,", "64,,128", "99999999",
                                       "8x0", "-4" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(port_parse_sizes(bad[i], z, 8, err, sizeof err) == -1,
                      "'%s' accepted", bad[i]);
        ck_assert_ptr_nonnull(strstr(err, "expected sizes such as"));
    }
    ck_assert_int_eq(port_parse_sizes("64,128,64", z, 8, err, sizeof err),
                     -1);
    ck_assert_str_eq(err, "size 64 is listed twice");
    ck_assert_int_eq(port_parse_sizes("1,2,3", z, 2, err, sizeof err), -1);
    ck_assert_str_eq(err, "expected at most 2 sizes");
}
END_TEST

START_TEST(default_sizes)
{
    cusim_hw hw;
    cusim_kernel k;
    port_size z[PORT_MAX_SIZES];
    cutest_load("configs/hw/seed-cu.yaml", "workloads/copy.yaml", NULL, 0,
                &hw, &k);
    ck_assert_int_eq(port_default_sizes(&k, z, PORT_MAX_SIZES), 6);
    ck_assert_str_eq(z[0].label, "32");
    ck_assert_str_eq(z[5].label, "1024");
    cusim_kernel_free(&k);
    cutest_load("configs/hw/seed-cu.yaml", "workloads/blur-tiled.yaml", NULL,
                0, &hw, &k);
    ck_assert_int_eq(port_default_sizes(&k, z, PORT_MAX_SIZES), 7);
    ck_assert_str_eq(z[0].label, "8x4");
    ck_assert_str_eq(z[6].label, "32x32");
    cusim_kernel_free(&k);
}
END_TEST

/* A plan of copy on two seed CUs (renamed A and B) at 64, 128 and 256. */
static port_plan *made_up_plan(void)
{
    cusim_hw hw[2];
    cusim_kernel k;
    cusim_set small = { "kernel.elements", "4096", "test", 1, 1 };
    cutest_load("configs/hw/seed-cu.yaml", "workloads/copy.yaml", &small, 1,
                &hw[0], &k);
    hw[1] = hw[0];
    snprintf(hw[0].name, sizeof hw[0].name, "A");
    snprintf(hw[1].name, sizeof hw[1].name, "B");
    port_size z[3];
    char msg[256];
    ck_assert_int_eq(port_parse_sizes("64,128,256", z, 3, msg, sizeof msg),
                     3);
    cusim_error err;
    port_plan *p = port_plan_new(hw, 2, &k, z, 3, &err);
    cusim_kernel_free(&k);
    ck_assert_ptr_nonnull(p);
    static const uint64_t cycles[2][3] = { { 100, 80, 120 },
                                           { 90, 100, 60 } };
    for (int h = 0; h < 2; h++)
        for (int s = 0; s < 3; s++) {
            ck_assert(p->cells[h * 3 + s].runs);
            cusim_result r;
            memset(&r, 0, sizeof r);
            r.cycles = cycles[h][s];
            port_record(p, h * 3 + s, 0, &r, NULL);
        }
    return p;
}

START_TEST(conclusions)
{
    port_plan *p = made_up_plan();
    port_conclude(p);
    ck_assert_int_eq(p->best[0], 1);
    ck_assert_int_eq(p->best[1], 2);
    ck_assert_double_eq_tol(p->cells[0].relative, 1.25, 1e-12);
    ck_assert_double_eq_tol(p->cells[4].relative, 100.0 / 60, 1e-12);
    ck_assert_double_eq_tol(p->worst[0], 1.5, 1e-12);
    ck_assert_double_eq_tol(p->worst[1], 100.0 / 60, 1e-12);
    ck_assert_double_eq_tol(p->worst[2], 1.5, 1e-12);
    ck_assert_int_eq(p->covered[1], 2);
    ck_assert_int_eq(p->recommended, 0);
    /* 64 cannot run on B: the best of the sizes that run everywhere */
    p->cells[3].runs = false;
    port_conclude(p);
    ck_assert_int_eq(p->covered[0], 1);
    ck_assert_double_eq_tol(p->worst[0], 1.25, 1e-12);
    ck_assert_int_eq(p->recommended, 2);
    port_plan_free(p);
}
END_TEST

START_TEST(a_size_that_cannot_run)
{
    /* the seed CU admits workgroups of at most 1024 invocations */
    cusim_hw hw;
    cusim_kernel k;
    cusim_set small = { "kernel.elements", "8192", "test", 1, 1 };
    cutest_load("configs/hw/seed-cu.yaml", "workloads/copy.yaml", &small, 1,
                &hw, &k);
    port_size z[2];
    char msg[256];
    ck_assert_int_eq(port_parse_sizes("256,2048", z, 2, msg, sizeof msg), 2);
    cusim_error err;
    port_plan *p = port_plan_new(&hw, 1, &k, z, 2, &err);
    cusim_kernel_free(&k);
    ck_assert_ptr_nonnull(p);
    ck_assert(p->cells[0].runs);
    ck_assert(!p->cells[1].runs);
    ck_assert_ptr_nonnull(strstr(p->cells[1].why, "2048 invocations"));
    cusim_result r;
    ck_assert_int_eq(port_simulate(p, 0, &r, &err), 0);
    port_record(p, 0, 0, &r, &err);
    port_conclude(p);
    ck_assert_int_eq(p->best[0], 0);
    ck_assert_int_eq(p->recommended, 0);
    ck_assert_int_eq(p->covered[1], 0);
    /* the cell's run is the simulation of that size: 8192 / 256 groups */
    ck_assert_uint_eq(r.workgroups, 32);
    port_plan_free(p);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("portability");
    TCase *t = tcase_create("portability");
    tcase_add_test(t, sizes_parse);
    tcase_add_test(t, default_sizes);
    tcase_add_test(t, conclusions);
    tcase_add_test(t, a_size_that_cannot_run);
    suite_add_tcase(s, t);
    return s;
}

CUTEST_MAIN(make_suite)
