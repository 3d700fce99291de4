/*
 * check_alloc.c — the admission rule (alloc.h) on hand-worked cases: what a
 * workgroup takes, the rooms of an empty CU, where subgroups are placed,
 * the barrier cap, and on randomized CUs the property that makes static
 * and dynamic residency one rule: admitting workgroups one by one into an
 * empty CU stops after exactly as many as alloc_rooms says fit, and
 * releasing them all gives the empty CU back.
 */
#include <string.h>

#include "alloc.h"
#include "cutest.h"

/* The seeds' CU (docs/formats.md's example profile; claim C4 of
 * docs/claims.md): 65536 registers in 4 partitions, 64 subgroup slots, 32
 * workgroups, 2048 invocations, 64 KiB of shared memory in 256-byte units. */
static cusim_hw seed_cu(void)
{
    cusim_hw hw = { .name = "seed-cu", .simd_widths = { 32 },
                    .n_simd_widths = 1, .compute_units = 1,
                    .clock_mhz = 1500 };
    hw.cu.max_invocations = 2048;
    hw.cu.max_subgroups = 64;
    hw.cu.max_workgroups = 32;
    hw.cu.max_workgroup_size = 1024;
    hw.cu.registers = 65536;
    hw.cu.register_granularity = 256;
    hw.cu.max_registers_per_invocation = 255;
    hw.cu.shared_memory = 65536;
    hw.cu.shared_granularity = 256;
    hw.cu.schedulers = 4;
    hw.cu.issue_per_cycle = 1;
    return hw;
}

static cusim_kernel kernel(uint32_t x, uint32_t y, uint32_t shared)
{
    cusim_kernel k = { .name = "k", .workgroup = { x, y, 1 },
                       .workgroup_dims = 2, .shared_bytes = shared,
                       .elements = 1, .elements_per_invocation = 1 };
    return k;
}

/* C4 version A: a 16x16 group, 40 registers, a 1296-byte tile. */
START_TEST(need_c4_version_a)
{
    cusim_hw hw = seed_cu();
    cusim_kernel k = kernel(16, 16, 1296);
    alloc_need need;
    cusim_error err;
    ck_assert_int_eq(alloc_need_of(&hw, &k, 32, 40, &need, &err), 0);
    ck_assert_uint_eq(need.invocations, 256);
    ck_assert_uint_eq(need.subgroups, 8);            /* 256 / 32 */
    ck_assert_uint_eq(need.sg_registers, 1280);      /* 40 x 32, a multiple of 256 */
    ck_assert_uint_eq(need.shared, 1536);            /* 1296 up to 6 x 256 */
    ck_assert(!need.barrier);                        /* no barrier cap */

    uint32_t part[2 * ALLOC_MAX_PARTS], rooms[CUSIM_LIMIT_COUNT], fit;
    alloc_cu c;
    alloc_cu_init(&c, &hw, part);
    alloc_rooms(&c, &need, rooms, &fit);
    /* 16384 registers per partition hold 12 subgroups of 1280: 48 in all,
     * 6 groups of 8; 65536 / 1536 = 42; 64 / 8 = 8; 32; 2048 / 256 = 8. */
    ck_assert_uint_eq(rooms[CUSIM_LIMIT_REGISTERS], 6);
    ck_assert_uint_eq(rooms[CUSIM_LIMIT_SHARED_MEMORY], 42);
    ck_assert_uint_eq(rooms[CUSIM_LIMIT_SUBGROUPS], 8);
    ck_assert_uint_eq(rooms[CUSIM_LIMIT_WORKGROUPS], 32);
    ck_assert_uint_eq(rooms[CUSIM_LIMIT_INVOCATIONS], 8);
    ck_assert_uint_eq(fit, 6);
}
END_TEST

/* Subgroups go to the partition with the most room, the lowest on ties:
 * 8 subgroups over 4 equal partitions go 0 1 2 3 0 1 2 3. */
START_TEST(placement_round_robins_equal_partitions)
{
    cusim_hw hw = seed_cu();
    cusim_kernel k = kernel(16, 16, 0);
    alloc_need need;
    cusim_error err;
    ck_assert_int_eq(alloc_need_of(&hw, &k, 32, 40, &need, &err), 0);
    uint32_t part[2 * ALLOC_MAX_PARTS];
    alloc_cu c;
    alloc_cu_init(&c, &hw, part);
    ck_assert(alloc_fits(&c, &need));
    alloc_take(&c, &need);
    for (uint32_t i = 0; i < 8; i++)
        ck_assert_uint_eq(alloc_place(&c, &need), i % 4);
    ck_assert_uint_eq(c.part[0], 14);                 /* slots: 16 - 2 */
    ck_assert_uint_eq(c.part[1], 16384 - 2 * 1280);
    ck_assert_uint_eq(c.workgroups, 31);
    ck_assert_uint_eq(c.invocations, 2048 - 256);
    ck_assert_uint_eq(c.shared, 65536);               /* takes none */
}
END_TEST

/* GCN: 40 workgroup slots, 16 hardware barriers for groups of two or more
 * waves (LLVM AMDGPU getMaxWorkGroupsPerCU); a single-wave group needs no
 * barrier. */
START_TEST(barrier_cap_applies_to_multi_subgroup_groups)
{
    cusim_hw hw = seed_cu();
    hw.simd_widths[0] = 64;
    hw.cu.max_subgroups = 40;
    hw.cu.max_invocations = 2560;
    hw.cu.max_workgroups = 40;
    hw.cu.rules = CUSIM_RULES_AMD;
    hw.cu.max_barrier_workgroups = 16;
    alloc_need two, one;
    cusim_error err;
    cusim_kernel k2 = kernel(128, 1, 0), k1 = kernel(64, 1, 0);
    ck_assert_int_eq(alloc_need_of(&hw, &k2, 64, 4, &two, &err), 0);
    ck_assert_int_eq(alloc_need_of(&hw, &k1, 64, 4, &one, &err), 0);
    ck_assert(two.barrier);
    ck_assert(!one.barrier);
    /* NVIDIA has no such SM-wide cap: a block's barriers are its own. */
    hw.cu.rules = CUSIM_RULES_NVIDIA;
    hw.cu.max_barrier_workgroups = 0;
    alloc_need nv;
    ck_assert_int_eq(alloc_need_of(&hw, &k2, 64, 4, &nv, &err), 0);
    ck_assert(!nv.barrier);
    hw.cu.rules = CUSIM_RULES_AMD;
    hw.cu.max_barrier_workgroups = 16;
    uint32_t part[2 * ALLOC_MAX_PARTS], rooms[CUSIM_LIMIT_COUNT], fit;
    alloc_cu c;
    alloc_cu_init(&c, &hw, part);
    alloc_rooms(&c, &two, rooms, &fit);
    ck_assert_uint_eq(rooms[CUSIM_LIMIT_WORKGROUPS], 16);
    ck_assert_uint_eq(fit, 16);                        /* slots allow 20 */
    alloc_rooms(&c, &one, rooms, &fit);
    ck_assert_uint_eq(rooms[CUSIM_LIMIT_WORKGROUPS], 40);
    ck_assert_uint_eq(fit, 40);
}
END_TEST

/* A workgroup that can never fit names the resource and by how much. */
START_TEST(never_fits_names_the_resource)
{
    cusim_hw hw = seed_cu();
    cusim_kernel k = kernel(1024, 1, 0);
    alloc_need need;
    cusim_error err;
    ck_assert_int_eq(alloc_need_of(&hw, &k, 32, 128, &need, &err), -1);
    ck_assert_str_eq(err.message,
                     "registers: needs 131072 registers per workgroup "
                     "(32 subgroups x 4096); a CU of seed-cu has 65536");
    k = kernel(16, 16, 70000);
    ck_assert_int_eq(alloc_need_of(&hw, &k, 32, 8, &need, &err), -1);
    ck_assert_str_eq(err.message,
                     "shared_bytes: 70000 bytes per workgroup; seed-cu "
                     "allows at most 65536 per workgroup");
}
END_TEST

typedef struct rng {
    uint64_t s;
} rng;

static uint32_t rnd(rng *r, uint32_t n)   /* 0 .. n-1 */
{
    r->s = r->s * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)((r->s >> 33) % n);
}

/* Admitting one workgroup at a time into an empty CU admits exactly the
 * `fit` of alloc_rooms, and each room counts down by one per admission
 * until it refuses; releasing everything restores the empty CU. */
START_TEST(one_by_one_admission_equals_rooms)
{
    rng r = { 12345 };
    int tried = 0;
    for (int i = 0; i < 2000; i++) {
        cusim_hw hw = seed_cu();
        hw.cu.schedulers = 1 + rnd(&r, 4);
        hw.cu.max_subgroups = hw.cu.schedulers * (1 + rnd(&r, 16));
        hw.cu.max_invocations = 64 * (1 + rnd(&r, 40));
        hw.cu.max_workgroups = 1 + rnd(&r, 40);
        hw.cu.rules = (cusim_rules)rnd(&r, CUSIM_RULES_COUNT);
        hw.cu.max_barrier_workgroups =
            hw.cu.rules == CUSIM_RULES_AMD && rnd(&r, 2) ? 1 + rnd(&r, 20) : 0;
        hw.cu.registers = hw.cu.schedulers * 256 * (1 + rnd(&r, 64));
        hw.cu.register_granularity = 1u << rnd(&r, 9);
        hw.cu.shared_memory = 512 * rnd(&r, 64);
        hw.cu.shared_granularity = 1u << rnd(&r, 10);
        hw.cu.shared_reserved = rnd(&r, 3) ? 0 : 128;
        uint32_t width = 8u << rnd(&r, 4);
        cusim_kernel k = kernel(1 + rnd(&r, 256), 1, rnd(&r, 3) ? 0 : rnd(&r, 9000));
        alloc_need need;
        cusim_error err;
        if (alloc_need_of(&hw, &k, width, rnd(&r, 64), &need, &err) != 0)
            continue;
        tried++;
        uint32_t part[2 * ALLOC_MAX_PARTS], empty_part[2 * ALLOC_MAX_PARTS];
        uint32_t rooms[CUSIM_LIMIT_COUNT], fit;
        alloc_cu c, empty;
        alloc_cu_init(&c, &hw, part);
        alloc_cu_init(&empty, &hw, empty_part);
        alloc_rooms(&c, &need, rooms, &fit);
        ck_assert_uint_ge(fit, 1);
        static uint32_t placed[4096];
        uint32_t n = 0, admitted = 0;
        while (alloc_fits(&c, &need)) {
            alloc_take(&c, &need);
            for (uint32_t s = 0; s < need.subgroups; s++)
                placed[n++] = alloc_place(&c, &need);
            admitted++;
            uint32_t left[CUSIM_LIMIT_COUNT], fit_left;
            alloc_rooms(&c, &need, left, &fit_left);
            ck_assert_uint_eq(fit_left, fit - admitted);
        }
        ck_assert_uint_eq(admitted, fit);
        for (uint32_t s = 0; s < n; s++)
            alloc_unplace(&c, &need, placed[s]);
        for (uint32_t w = 0; w < admitted; w++)
            alloc_release(&c, &need);
        ck_assert_uint_eq(c.workgroups, empty.workgroups);
        ck_assert_uint_eq(c.barriers, empty.barriers);
        ck_assert_uint_eq(c.invocations, empty.invocations);
        ck_assert_uint_eq(c.shared, empty.shared);
        ck_assert(memcmp(part, empty_part, 2 * hw.cu.schedulers * sizeof part[0]) == 0);
    }
    ck_assert_int_ge(tried, 500);   /* the generator mostly makes CUs that fit */
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("alloc");
    TCase *tc = tcase_create("hand-worked");
    tcase_add_test(tc, need_c4_version_a);
    tcase_add_test(tc, placement_round_robins_equal_partitions);
    tcase_add_test(tc, barrier_cap_applies_to_multi_subgroup_groups);
    tcase_add_test(tc, never_fits_names_the_resource);
    suite_add_tcase(s, tc);
    tc = tcase_create("one rule");
    tcase_add_test(tc, one_by_one_admission_equals_rooms);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
