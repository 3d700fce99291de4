/*
 * check_stalls.c — the two views of where a run's time goes (docs/model.md):
 * stall classes per scheduler-cycle (stalls.*) and warp states per live
 * subgroup-cycle (warp_states.*). Tiny kernels whose every cycle is worked
 * out by hand in the comment above each test, both views summing to 1 on
 * every shipped profile x workload, and the issue's latency-bound example
 * charged to memory.
 *
 * The tiny GPU is check_sim.c's: one CU, one scheduler, width 32, every
 * unit 32 lanes (busy one cycle), alu latency 4, global 400, barrier 1,
 * 64 bytes per cycle, 32-byte transactions, gto. A subgroup is live from
 * its admission (cycle 0) to the cycle it issues its last instruction.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "cusim.h"
#include "cutest.h"
#include "program.h"

/* Expected scheduler-cycles per stall class and subgroup-cycles per warp
 * state, in the tables' order; the fractions follow from the totals. */
typedef struct expect {
    uint64_t cycles;
    uint64_t stalls[CUSIM_STALL_COUNT];
    uint64_t states[CUSIM_WS_COUNT];
} expect;

static void check(const cusim_result *r, const expect *e)
{
    ck_assert_uint_eq(r->cycles, e->cycles);
    uint64_t cycles = 0, live = 0;
    for (int s = 0; s < CUSIM_STALL_COUNT; s++)
        cycles += e->stalls[s];
    for (int w = 0; w < CUSIM_WS_COUNT; w++)
        live += e->states[w];
    ck_assert_uint_eq(cycles, e->cycles);   /* the expectation adds up */
    for (int s = 0; s < CUSIM_STALL_COUNT; s++)
        ck_assert_msg(r->stalls[s] == (double)e->stalls[s] / (double)cycles,
                      "stalls.%s: %.17g, want %llu / %llu",
                      cusim_stall_name((cusim_stall)s), r->stalls[s],
                      (unsigned long long)e->stalls[s],
                      (unsigned long long)cycles);
    for (int w = 0; w < CUSIM_WS_COUNT; w++)
        ck_assert_msg(r->warp_states[w] == (double)e->states[w] / (double)live,
                      "warp_states.%s: %.17g, want %llu / %llu",
                      cusim_warp_state_name((cusim_warp_state)w),
                      r->warp_states[w], (unsigned long long)e->states[w],
                      (unsigned long long)live);
    ck_assert_double_eq(r->cycles_per_issue,
                        (double)live / (double)r->warp_instructions);
}

/* ------------------------------------------------------------- golden */

START_TEST(three_dependent_alu)
{
    /* One subgroup: a at 0 (ready 4), b at 4 (ready 8), c at 8 (ready
     * 12). Scheduler: issued 0, 4, 8; dependency 1-3, 5-7; tail 9-11.
     * The subgroup is live 0-8: issued 3, short_scoreboard 6; 9 cycles
     * per 3 instructions. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run(&hw, 32, 32, "alu a\nalu b, a\nalu c, b\n");
    expect e = { .cycles = 12 };
    e.stalls[CUSIM_STALL_ISSUED] = 3;
    e.stalls[CUSIM_STALL_DEPENDENCY] = 6;
    e.stalls[CUSIM_STALL_TAIL] = 3;
    e.states[CUSIM_WS_ISSUED] = 3;
    e.states[CUSIM_WS_SHORT_SCOREBOARD] = 6;
    check(&r, &e);
    ck_assert_double_eq(r.cycles_per_issue, 3.0);
}
END_TEST

START_TEST(two_loads)
{
    /* Two subgroups, each ld.global x (4 transactions) then alu y, x.
     * sg0's load at 0 leaves the channel at 1, 1, 2, 2: x ready at 402.
     * sg1's at 1 queues behind it (bytes 128-256: cycles 3, 3, 4, 4): x
     * ready at 404. sg0's alu at 402, sg1's at 404 (ready 408).
     * Scheduler: issued 0, 1, 402, 404; memory 2-401 and 403 (sg1 waits
     * on its load); tail 405-407.
     * sg0, live 0-402: issued 2, long_scoreboard 1-401 (401).
     * sg1, live 0-404: eligible at 0 (sg0 was selected), issued 1 and
     * 404, long_scoreboard 2-403 (402). */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run(&hw, 64, 64, "ld.global x, i bytes=4\nalu y, x\n");
    expect e = { .cycles = 408 };
    e.stalls[CUSIM_STALL_ISSUED] = 4;
    e.stalls[CUSIM_STALL_MEMORY] = 401;
    e.stalls[CUSIM_STALL_TAIL] = 3;
    e.states[CUSIM_WS_ISSUED] = 4;
    e.states[CUSIM_WS_ELIGIBLE] = 1;
    e.states[CUSIM_WS_LONG_SCOREBOARD] = 401 + 402;
    check(&r, &e);
    ck_assert_double_eq(r.cycles_per_issue, 808.0 / 4);
}
END_TEST

START_TEST(memory_throttled)
{
    /* Three subgroups, each ld.global x (4 transactions) then alu y, x,
     * with memory.max_inflight 4: one load fills the cap, so each goes
     * alone once nothing else is in flight.
     * sg0's load at 0, done 402. sg1 and sg2 are ready from 1 but the cap
     * holds them until 402; at 402 sg0's alu goes first (gto), sg1's load
     * at 403 (channel from cycle 403: done 805), sg0 has ended. sg2 is held
     * again until 805, where sg1's alu goes first; sg2's load at 806 (done
     * 1208), its alu at 1208 (ready 1212).
     * Scheduler: issued 0, 402, 403, 805, 806, 1208; 1-401
     * memory_throttle (sg1 and sg2 held, sg0 on its load: 2 to 1);
     * 404-804 memory (sg1 on its load, sg2 held: 1 to 1, the tie to the
     * class listed first); 807-1207 memory; tail 1209-1211.
     * sg0 (0-402): issued 2, long_scoreboard 401.
     * sg1 (0-805): eligible 0 and 402 (the cap had room, another went),
     * memory_throttle 1-401, issued 403 and 805, long_scoreboard 404-804.
     * sg2 (0-1208): eligible 0, 402, 403, 805; memory_throttle 1-401 and
     * 404-804; issued 806 and 1208; long_scoreboard 807-1207. */
    cusim_hw hw = cutest_tiny_cu();
    hw.memory.max_inflight = 4;
    cusim_result r = cutest_run(&hw, 96, 96, "ld.global x, i bytes=4\nalu y, x\n");
    expect e = { .cycles = 1212 };
    e.stalls[CUSIM_STALL_ISSUED] = 6;
    e.stalls[CUSIM_STALL_MEMORY_THROTTLE] = 401;
    e.stalls[CUSIM_STALL_MEMORY] = 802;
    e.stalls[CUSIM_STALL_TAIL] = 3;
    e.states[CUSIM_WS_ISSUED] = 6;
    e.states[CUSIM_WS_ELIGIBLE] = 2 + 4;
    e.states[CUSIM_WS_MEMORY_THROTTLE] = 401 + 802;
    e.states[CUSIM_WS_LONG_SCOREBOARD] = 3 * 401;
    check(&r, &e);
    ck_assert_double_eq(r.cycles_per_issue, 2418.0 / 6);
}
END_TEST

START_TEST(memory_throttled_while_issuing)
{
    /* memory.max_inflight 4; two subgroups of ld.global x (4
     * transactions, the whole cap) and an independent alu y. sg0's load at 0 (done 402),
     * its alu at 1 (gto), where it ends. sg1's load waits for the cap: in
     * cycle 1 another subgroup issues while the cap is full, then the
     * partition cannot issue until the cap frees at 402. sg1's load at 402
     * (done 804), its alu at 403; the run ends when the load lands.
     * Scheduler: issued 0, 1, 402, 403; memory_throttle 2-401; tail
     * 404-803 (no live subgroup, the load in flight).
     * sg0 (0-1): issued 2. sg1 (0-403): eligible 0 (a global access went
     * first), memory_throttle 1-401, issued 402, 403. */
    cusim_hw hw = cutest_tiny_cu();
    hw.memory.max_inflight = 4;
    cusim_result r = cutest_run(&hw, 64, 64, "ld.global x, i bytes=4\nalu y\n");
    expect e = { .cycles = 804 };
    e.stalls[CUSIM_STALL_ISSUED] = 4;
    e.stalls[CUSIM_STALL_MEMORY_THROTTLE] = 400;
    e.stalls[CUSIM_STALL_TAIL] = 400;
    e.states[CUSIM_WS_ISSUED] = 4;
    e.states[CUSIM_WS_ELIGIBLE] = 1;
    e.states[CUSIM_WS_MEMORY_THROTTLE] = 401;
    check(&r, &e);
}
END_TEST

START_TEST(pipe_busy)
{
    /* cu.lanes.alu 16: an alu instruction holds the unit 2 cycles. Two
     * subgroups of two independent alu instructions each. sg0 at 0 and
     * 2 (gto keeps it), sg1 at 4 and 6 (ready 10).
     * Scheduler: issued 0, 2, 4, 6; pipe_busy 1, 3, 5; tail 7-9.
     * sg0 (0-2): issued 2, pipe_busy 1. sg1 (0-6): eligible 0 and 2
     * (the unit was free, sg0 went), pipe_busy 1, 3, 5, issued 4 and 6. */
    cusim_hw hw = cutest_tiny_cu();
    hw.cu.lanes[CUSIM_UNIT_ALU] = 16;
    cusim_result r = cutest_run(&hw, 64, 64, "alu a\nalu b\n");
    expect e = { .cycles = 10 };
    e.stalls[CUSIM_STALL_ISSUED] = 4;
    e.stalls[CUSIM_STALL_PIPE_BUSY] = 3;
    e.stalls[CUSIM_STALL_TAIL] = 3;
    e.states[CUSIM_WS_ISSUED] = 4;
    e.states[CUSIM_WS_ELIGIBLE] = 2;
    e.states[CUSIM_WS_PIPE_BUSY] = 1 + 3;
    check(&r, &e);
}
END_TEST

START_TEST(greedy_run)
{
    /* Two subgroups of four independent alu instructions: each next
     * instruction is ready the cycle after the last, so gto keeps the one
     * it issued. sg0 at 0-3, sg1 at 4-7 (its last ready at 11).
     * Scheduler: issued 0-7; tail 8-10.
     * sg0 (0-3): issued 4. sg1 (0-7): eligible 0-3 (ready, sg0 went),
     * issued 4-7. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run(&hw, 64, 64, "alu a\nalu b\nalu c\nalu d\n");
    expect e = { .cycles = 11 };
    e.stalls[CUSIM_STALL_ISSUED] = 8;
    e.stalls[CUSIM_STALL_TAIL] = 3;
    e.states[CUSIM_WS_ISSUED] = 8;
    e.states[CUSIM_WS_ELIGIBLE] = 4;
    check(&r, &e);
}
END_TEST

START_TEST(barrier_release)
{
    /* latency.barrier 5. sg0: alu a at 0, barrier at 1. sg1 (eligible at
     * 0 and 1): alu a at 2, barrier at 3: released at 3 + 5 = 8; both a
     * are ready before then (4, 6), so both wait in state barrier until
     * 8. At 8 sg1 (issued last, gto) issues b, sg0 at 9 (ready 13).
     * Scheduler: issued 0-3, 8, 9; barrier 4-7 (both at the barrier);
     * tail 10-12.
     * sg0 (0-9): issued 0, 1, 9; barrier 2-7; eligible 8.
     * sg1 (0-8): eligible 0, 1; issued 2, 3, 8; barrier 4-7. */
    cusim_hw hw = cutest_tiny_cu();
    hw.latency[CUSIM_LAT_BARRIER] = 5;
    cusim_result r = cutest_run(&hw, 64, 64, "alu a\nbarrier\nalu b, a\n");
    expect e = { .cycles = 13 };
    e.stalls[CUSIM_STALL_ISSUED] = 6;
    e.stalls[CUSIM_STALL_BARRIER] = 4;
    e.stalls[CUSIM_STALL_TAIL] = 3;
    e.states[CUSIM_WS_ISSUED] = 6;
    e.states[CUSIM_WS_ELIGIBLE] = 1 + 2;
    e.states[CUSIM_WS_BARRIER] = 6 + 4;
    check(&r, &e);
}
END_TEST

START_TEST(barrier_then_scoreboard)
{
    /* latency.barrier 1: sg0 (alu a at 0, barrier at 1) waits at the
     * barrier 2-3; sg1 (alu a at 2, barrier at 3) releases both at 4. sg0's
     * a is ready at 4: b at 4. sg1's a is ready at 6, after the release:
     * short_scoreboard 4-5, b at 6 (ready 10).
     * Scheduler: issued 0-4, 6; dependency 5; tail 7-9.
     * sg0 (0-4): issued 3, barrier 2. sg1 (0-6): eligible 2, issued 3,
     * short_scoreboard 2. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run(&hw, 64, 64, "alu a\nbarrier\nalu b, a\n");
    expect e = { .cycles = 10 };
    e.stalls[CUSIM_STALL_ISSUED] = 6;
    e.stalls[CUSIM_STALL_DEPENDENCY] = 1;
    e.stalls[CUSIM_STALL_TAIL] = 3;
    e.states[CUSIM_WS_ISSUED] = 6;
    e.states[CUSIM_WS_ELIGIBLE] = 2;
    e.states[CUSIM_WS_BARRIER] = 2;
    e.states[CUSIM_WS_SHORT_SCOREBOARD] = 2;
    check(&r, &e);
}
END_TEST

/* ------------------------------------------------------ shipped files */

static double sum(const double *v, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    return s;
}

/* The .yaml files of `dir` (repository-relative), as full paths in
 * names[]; returns how many. */
static int yaml_files(const char *dir, char names[][1024], int max)
{
    char path[512];
    const char *root = getenv("CUSIM_ROOT");
    snprintf(path, sizeof path, "%.200s/%.200s", root ? root : ".", dir);
    DIR *d = opendir(path);
    ck_assert_ptr_nonnull(d);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 5, ".yaml") != 0)
            continue;
        ck_assert_int_lt(n, max);
        snprintf(names[n++], 1024, "%s/%.255s", path, e->d_name);
    }
    closedir(d);
    return n;
}

START_TEST(both_views_sum_to_one_everywhere)
{
    /* Every shipped profile x workload, at 16384 elements so the sanitizer
     * build runs them in seconds. */
    static char hws[32][1024], kernels[64][1024];
    int n_hw = yaml_files("configs/hw", hws, 32);
    int n_k = yaml_files("workloads", kernels, 64);
    ck_assert_int_ge(n_hw, 5);
    ck_assert_int_ge(n_k, 10);
    cusim_set small = { "kernel.elements", "16384", "test", 1, 1 };
    int cannot = 0;
    for (int h = 0; h < n_hw; h++)
        for (int i = 0; i < n_k; i++) {
            cusim_hw hw;
            cusim_kernel k;
            cusim_error err;
            ck_assert_msg(cusim_hw_load(hws[h], &small, 1, &hw, &err) == 0
                          && cusim_kernel_load(kernels[i], &small, 1, &k,
                                               &err) == 0,
                          "%s", err.message);
            /* A workgroup larger than a profile runs (a dispatch of 1024
             * invocations on Xe-LP's 512) is the user error occupancy
             * reports; skip it. */
            cusim_occupancy o;
            int fits = 1;
            for (const cusim_kernel *d = &k; d && fits; d = d->next)
                fits = cusim_occupancy_compute(&hw, d, &o, &err) == 0;
            if (!fits) {
                ck_assert_msg(strncmp(err.message, "workgroup_size:", 15) == 0,
                              "%s %s: %s", hws[h], kernels[i], err.message);
                cannot++;
                cusim_kernel_free(&k);
                continue;
            }
            cusim_result r;
            ck_assert_msg(cusim_simulate(&hw, &k, NULL, &r, NULL, &err) == 0,
                          "%s %s: %s", hws[h], kernels[i], err.message);
            cusim_kernel_free(&k);
            double st = sum(r.stalls, CUSIM_STALL_COUNT);
            double ws = sum(r.warp_states, CUSIM_WS_COUNT);
            ck_assert_msg(st > 1 - 1e-12 && st < 1 + 1e-12 && ws > 1 - 1e-12
                          && ws < 1 + 1e-12, "%s %s: stalls %.17g, "
                          "warp_states %.17g", hws[h], kernels[i], st, ws);
            for (int w = 0; w < CUSIM_WS_COUNT; w++)
                ck_assert(r.warp_states[w] >= 0 && r.warp_states[w] <= 1);
            ck_assert(r.cycles_per_issue >= 1);
        }
    ck_assert_int_lt(cannot, n_hw * n_k / 10);
}
END_TEST

START_TEST(latency_bound_charged_to_memory)
{
    /* Issue 8's example: latency-bound on nvidia-sm90 at 4325376 elements.
     * Halving the global latency saves 47% and removing alu latency 3.5%,
     * so most cycles without an issue must be charged to memory, not to
     * the 4-cycle alu waits the soonest-ready rule reported (0.586; now
     * 0.013 with the profile's ipoly hashes, 0.008 with the interleave). */
    cusim_hw hw;
    cusim_kernel k;
    cusim_set big = { "kernel.elements", "4325376", "test", 1, 1 };
    cutest_load("configs/hw/nvidia-sm90.yaml", "workloads/latency-bound.yaml",
                &big, 1, &hw, &k);
    cusim_result r;
    cusim_error err;
    ck_assert_int_eq(cusim_simulate(&hw, &k, NULL, &r, NULL, &err), 0);
    cusim_kernel_free(&k);
    double waiting = 1 - r.stalls[CUSIM_STALL_ISSUED];
    ck_assert_double_gt(r.stalls[CUSIM_STALL_MEMORY], 0.9 * waiting);
    ck_assert_double_lt(r.stalls[CUSIM_STALL_DEPENDENCY], 0.02);
    ck_assert_double_gt(r.warp_states[CUSIM_WS_LONG_SCOREBOARD], 0.9);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("stalls");
    TCase *golden = tcase_create("golden");
    tcase_add_test(golden, three_dependent_alu);
    tcase_add_test(golden, two_loads);
    tcase_add_test(golden, memory_throttled);
    tcase_add_test(golden, memory_throttled_while_issuing);
    tcase_add_test(golden, pipe_busy);
    tcase_add_test(golden, greedy_run);
    tcase_add_test(golden, barrier_release);
    tcase_add_test(golden, barrier_then_scoreboard);
    suite_add_tcase(s, golden);
    TCase *shipped = tcase_create("shipped");
    tcase_set_timeout(shipped, 300);
    tcase_add_test(shipped, both_views_sum_to_one_everywhere);
    tcase_add_test(shipped, latency_bound_charged_to_memory);
    suite_add_tcase(s, shipped);
    return s;
}

CUTEST_MAIN(make_suite)
