/*
 * check_sched.c — the schedulers against a memory system whose accesses
 * complete by event and out of issue order (sim/model/memsys.h's MEM_LATER
 * path, which the flat model never takes): the scoreboard waits on the
 * completion event, a later load that lands first is used first, a
 * workgroup retires only when its late loads have landed, and a dispatch
 * chain waits for its late stores; and a partition's near-future wheel
 * and far-future heap, with results on either side of their boundary and
 * directly (sim/model/waitq.h, the scheduler's internal header).
 * Every cycle is worked out by hand.
 *
 * The memory system here replaces sim/model/memsys.c at link time: this file
 * defines every function memsys.h declares, so the linker takes these and
 * leaves memsys.o out of the test program (a link seam; the library is
 * unchanged). Access k, in issue order over the run, completes
 * `latency.global` cycles after its issue when k is even and
 * `latency.shared` cycles after when k is odd, so every second access
 * overtakes the one before it; there is no in-flight cap.
 *
 * The GPU is cutest_tiny_cu: one CU, one scheduler, width 32, every unit
 * 32 lanes (busy one cycle), alu latency 4, shared 30, global 400,
 * barrier 1, gto.
 */
#include <stdlib.h>
#include <string.h>

#include "cusim.h"
#include "cutest.h"
#include "memsys.h"
#include "program.h"
#include "waitq.h"
#include "xalloc.h"

/* ------------------------------------------- the out-of-order memory */

#define SLOTS 64

struct memsys {
    evq *q;
    uint32_t kind;
    uint64_t lat[2];           /* by issue order: even, odd */
    uint64_t issued;
    mem_req req[SLOTS];
    uint8_t used[SLOTS];
    mem_stats stats;
};

memsys *mem_new(const cusim_hw *hw, evq *q, uint32_t ev_kind)
{
    memsys *m = xcalloc(1, sizeof *m);
    m->q = q;
    m->kind = ev_kind;
    m->lat[0] = hw->latency[CUSIM_LAT_GLOBAL];
    m->lat[1] = hw->latency[CUSIM_LAT_SHARED];
    return m;
}

void mem_free(memsys *m)
{
    free(m);
}

uint64_t mem_state_bytes(const cusim_hw *hw)
{
    (void)hw;
    return sizeof(memsys);
}

uint32_t mem_event_count(const cusim_hw *hw)
{
    (void)hw;
    return SLOTS;
}

uint64_t mem_accept_at(memsys *m, uint32_t c, uint32_t tx, uint64_t at)
{
    (void)m;
    (void)c;
    (void)tx;
    return at;
}

uint64_t mem_issue(memsys *m, const mem_req *r, uint64_t now)
{
    uint32_t i = 0;
    while (i < SLOTS && m->used[i])
        i++;
    ck_assert_msg(i < SLOTS, "the test memory's slots are full");
    m->used[i] = 1;
    m->req[i] = *r;
    uint64_t lat = m->lat[m->issued++ % 2];
    evq_set(m->q, m->kind, i, now + lat);
    m->stats.transactions += r->tx;
    m->stats.latency_sum += r->tx * lat;
    return MEM_LATER;
}

bool mem_complete(memsys *m, uint32_t index, uint64_t now, mem_req *done)
{
    (void)now;
    ck_assert(index < SLOTS && m->used[index]);
    *done = m->req[index];
    m->used[index] = 0;
    return true;
}

bool mem_next_wake(memsys *m, uint32_t *c)
{
    (void)m, (void)c;
    return false;
}

void mem_set_l1_bytes(memsys *m, uint32_t bytes)
{
    (void)m, (void)bytes;
}

bool mem_has_hierarchy(const memsys *m)
{
    (void)m;
    return false;
}

const mem_stats *mem_get_stats(const memsys *m)
{
    return &m->stats;
}

void mem_watch(memsys *m, bool on)
{
    (void)m;
    ck_assert_msg(!on, "no recorder in these tests");
}

bool mem_next_done(memsys *m, uint64_t now, uint32_t *c, uint32_t *tx,
                   uint64_t *done)
{
    (void)m, (void)now, (void)c, (void)tx, (void)done;
    return false;
}

void mem_end(memsys *m, uint64_t cycle)
{
    (void)m, (void)cycle;   /* nothing queued past the run */
}

/* ------------------------------------------------------------ helpers */

static void expect_stalls(const cusim_result *r, uint64_t issued,
                          uint64_t memory, uint64_t tail)
{
    uint64_t all = issued + memory + tail;
    ck_assert_uint_eq(r->cycles, all);
    ck_assert_double_eq(r->stalls[CUSIM_STALL_ISSUED],
                        (double)issued / (double)all);
    ck_assert_double_eq(r->stalls[CUSIM_STALL_MEMORY],
                        (double)memory / (double)all);
    ck_assert_double_eq(r->stalls[CUSIM_STALL_TAIL],
                        (double)tail / (double)all);
}

/* -------------------------------------------------------------- tests */

START_TEST(later_load_lands_first)
{
    /* ld a at 0 (access 0: lands at 400); ld b at 1 (access 1: lands at
     * 31); alu c, b waits for b's completion event: issued at 31; alu d, a
     * at 400, its result at 404, the end. A memory that returned accesses
     * in issue order would hold alu c until after 400.
     * Scheduler: issued 0, 1, 31, 400; memory 2-30 and 32-399 (29 + 368:
     * the subgroup waits on a late register, long_scoreboard); tail
     * 401-403. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run(&hw, 32, 32, "ld.global a, z\nld.global b, z\n"
                                "alu c, b\nalu d, a\n");
    expect_stalls(&r, 4, 29 + 368, 3);
    uint64_t live = 4 + 29 + 368;
    ck_assert_double_eq(r.warp_states[CUSIM_WS_LONG_SCOREBOARD],
                        (double)(29 + 368) / (double)live);
    ck_assert_double_eq(r.warp_states[CUSIM_WS_ISSUED], 4.0 / (double)live);
}
END_TEST

START_TEST(two_subgroups_out_of_order)
{
    /* Two subgroups, each ld a then alu b, a. sg0's load at 0 is access 0
     * (lands at 400), sg1's at 1 access 1 (lands at 31): sg1's alu b issues
     * at 31 and sg1 ends there, sg0's at 400, its result at 404.
     * Scheduler: issued 0, 1, 31, 400; memory 2-30, 32-399; tail 401-403.
     * The workgroup retires at 404. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run(&hw, 64, 64, "ld.global a, z\nalu b, a\n");
    expect_stalls(&r, 4, 29 + 368, 3);
    ck_assert_uint_eq(r.warp_instructions, 4);
}
END_TEST

START_TEST(retire_waits_for_late_loads)
{
    /* A subgroup whose last instruction is a load ends when it issues it
     * (cycle 0), but its workgroup holds its resources until the load
     * lands at 400: the run ends at 400, not at 1.
     * Scheduler: issued 0; tail 1-399 (nothing left to issue). */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run(&hw, 32, 32, "ld.global a, z\n");
    ck_assert_uint_eq(r.cycles, 400);
    ck_assert_double_eq(r.stalls[CUSIM_STALL_ISSUED], 1.0 / 400.0);
    ck_assert_double_eq(r.stalls[CUSIM_STALL_TAIL], 399.0 / 400.0);
    /* The workgroup was resident all along: 1 subgroup of 8 slots. */
    ck_assert_double_eq(r.achieved_occupancy, 1.0 / 8.0);
}
END_TEST

START_TEST(late_store_ends_the_run)
{
    /* alu a at 0 (ready 4); st.global a, z at 4 (access 0: lands at 404).
     * The subgroup ends at 4 and its workgroup retires at 5 (a store does
     * not hold it), but the run ends when the store lands: 404. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run(&hw, 32, 32, "alu a\nst.global a, z\n");
    ck_assert_uint_eq(r.cycles, 404);
}
END_TEST

START_TEST(next_dispatch_waits_for_late_stores)
{
    /* Two dispatches of one subgroup each: st.global x, i. Dispatch 0's
     * store (access 0) issues at 0 and lands at 400; its workgroup retires
     * at 1, but dispatch 1 starts only when the store has landed, at 400;
     * its store (access 1) lands at 430, the end. Starting dispatch 1 at
     * its predecessor's retirement would end the run at 400. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_kernel k;
    cusim_error err;
    const char *text = "name: chain\nworkgroup_size: 32\nregisters: 16\n"
                       "elements: 32\nprogram: |\n  st.global x, i\n"
                       "dispatches:\n  - elements: 32\n";
    ck_assert_msg(cusim_kernel_load_string(text, "chain.yaml", NULL, 0, &k,
                                           &err) == 0, "%s", err.message);
    cusim_result r;
    int rc = cusim_simulate(&hw, &k, NULL, &r, NULL, &err);
    cusim_kernel_free(&k);
    ck_assert_msg(rc == 0, "simulate: %s", err.message);
    ck_assert_uint_eq(r.dispatches, 2);
    ck_assert_uint_eq(r.cycles, 430);
    ck_assert_uint_eq(r.dispatch[0].cycles, 400);
    ck_assert_uint_eq(r.dispatch[1].cycles, 30);
}
END_TEST

START_TEST(parked_at_a_barrier)
{
    /* Two subgroups: ld a, barrier, alu b, a. sg0 issues its load at 0
     * (access 0, lands at 400) and its barrier at 1 (gto keeps it); sg1
     * its load at 2 (access 1, lands at 32) and its barrier at 3: both are
     * released at 4 (latency.barrier 1), each parked on its late a. sg1's
     * alu b issues at 32, sg0's at 400, its result at 404.
     * Scheduler: issued 0-3, 32, 400; memory 4-31, 33-399 (28 + 367);
     * tail 401-403. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run(&hw, 64, 64,
                                "ld.global a, z\nbarrier\nalu b, a\n");
    expect_stalls(&r, 6, 28 + 367, 3);
}
END_TEST

/* -------------------------------------- the partition's wheel and heap */

/* A partition keeps subgroups whose registers are ready within 64 cycles
 * (PART_WHEEL) on a wheel and the others in a heap, moving them to the
 * wheel as its reach comes to them (sim/model/gpu.h, `part`). These dependent
 * chains cross that boundary: every result is used as soon as it is
 * ready, so a chain of n instructions of latency L ends at n x L. */

static uint64_t chain_cycles(uint32_t latency)
{
    cusim_hw hw = cutest_tiny_cu();
    hw.latency[CUSIM_LAT_ALU] = latency;
    cusim_result r = cutest_run(&hw, 32, 32, "alu a\nalu b, a\nalu c, b\n");
    return r.cycles;
}

START_TEST(chains_across_the_wheel)
{
    ck_assert_uint_eq(chain_cycles(1), 3);
    ck_assert_uint_eq(chain_cycles(63), 3 * 63);    /* wheel */
    ck_assert_uint_eq(chain_cycles(64), 3 * 64);    /* heap, then wheel */
    ck_assert_uint_eq(chain_cycles(65), 3 * 65);
    ck_assert_uint_eq(chain_cycles(1000), 3 * 1000);
}
END_TEST

START_TEST(wheel_and_heap_interleaved)
{
    /* sfu latency 70 (the heap), alu 5 (the wheel):
     *   sfu a at 0 (ready 70); alu b at 1 (ready 6); alu c, b at 6 (ready
     *   11); alu d, a at 70 (ready 75), the end.
     * Two such subgroups (gto): sg0 issues sfu a at 0, alu b at 1; sg1 its
     * sfu a at 2 (ready 72), alu b at 3 (ready 8); sg0's alu c at 6, sg1's
     * at 8; sg0's alu d at 70, sg1's at 72 (ready 77), the end. */
    cusim_hw hw = cutest_tiny_cu();
    hw.latency[CUSIM_LAT_ALU] = 5;
    hw.latency[CUSIM_LAT_SFU] = 70;
    const char *prog = "sfu a\nalu b\nalu c, b\nalu d, a\n";
    ck_assert_uint_eq(cutest_run(&hw, 32, 32, prog).cycles, 75);
    cusim_result r = cutest_run(&hw, 64, 64, prog);
    ck_assert_uint_eq(r.cycles, 77);
    /* issued 0-3, 6, 8, 70, 72; between them the subgroups wait on alu
     * and sfu results (short scoreboard): 4-5, 7, 9-69, 71; tail 73-76 */
    ck_assert_double_eq(r.stalls[CUSIM_STALL_ISSUED], 8.0 / 77.0);
    ck_assert_double_eq(r.stalls[CUSIM_STALL_DEPENDENCY], 65.0 / 77.0);
    ck_assert_double_eq(r.stalls[CUSIM_STALL_TAIL], 4.0 / 77.0);
}
END_TEST

/* ------------------------------- the wheel and heap, directly (waitq.h) */

/* A partition of 8 subgroup slots, empty, its wheel at `wbase`. */
typedef struct tiny_part {
    gpu g;
    part pt;
    sg sgs[8];
    wait_entry wait[8];
} tiny_part;

static void tiny_init(tiny_part *t, uint64_t wbase)
{
    memset(t, 0, sizeof *t);
    t->g.sgs = t->sgs;
    t->pt.wait = t->wait;
    t->pt.wbase = wbase;
    t->pt.wfirst = t->pt.wtop = NEVER;
    for (uint32_t b = 0; b < PART_WHEEL; b++)
        t->pt.whead[b] = NONE;
}

START_TEST(heap_orders_by_ready_then_age)
{
    /* ready_at 300, 100, 100, 200, 1000 for ages 0 .. 4: out in the order
     * (100, age 1), (100, age 2), (200, 3), (300, 0), (1000, 4). */
    tiny_part t;
    tiny_init(&t, 0);
    const uint64_t ready[] = { 300, 100, 100, 200, 1000 };
    for (uint32_t s = 0; s < 5; s++) {
        t.sgs[s].ready_at = ready[s];
        t.sgs[s].age = s;
        waitq_heap_push(&t.g, &t.pt, s);
    }
    ck_assert_uint_eq(t.pt.wtop, 100);
    const uint32_t order[] = { 1, 2, 3, 0, 4 };
    for (int i = 0; i < 5; i++) {
        ck_assert_uint_eq(waitq_heap_pop(&t.pt), order[i]);
        ck_assert_uint_eq(t.pt.wtop, i < 4 ? ready[order[i + 1]] : NEVER);
    }
    ck_assert_uint_eq(t.pt.n_wait, 0);
}
END_TEST

START_TEST(push_picks_wheel_heap_or_park)
{
    /* The wheel at 20 reaches 20 .. 83: ready at 30 goes to bucket 30,
     * at 25 to bucket 25 (wfirst 25), at 10 (already past) to bucket 20,
     * the wheel's first cycle (wfirst 20); at 84 to the heap; SG_LATE is
     * parked. */
    tiny_part t;
    tiny_init(&t, 20);
    const uint64_t ready[] = { 30, 25, 10, 84, SG_LATE };
    for (uint32_t s = 0; s < 5; s++) {
        t.sgs[s].ready_at = ready[s];
        t.sgs[s].age = s;
        waitq_push(&t.g, &t.pt, s);
    }
    ck_assert_uint_eq(t.pt.n_wheel, 3);
    ck_assert_uint_eq(t.pt.n_wait, 1);
    ck_assert_uint_eq(t.pt.wtop, 84);
    ck_assert_uint_eq(t.pt.n_parked, 1);
    ck_assert(t.sgs[4].parked);
    ck_assert_uint_eq(t.pt.wfirst, 20);
    ck_assert_uint_eq(t.pt.whead[20], 2);
    ck_assert_uint_eq(t.pt.whead[25], 1);
    ck_assert_uint_eq(t.pt.whead[30], 0);
    ck_assert_uint_eq(t.pt.wbits, 1ull << 20 | 1ull << 25 | 1ull << 30);
}
END_TEST

START_TEST(scan_wraps_round_the_wheel)
{
    /* The wheel at 60 reaches 60 .. 123: cycles 62 and 65 sit in buckets
     * 62 and 1 (65 mod 64). The scan finds 62, then, bucket 62 emptied,
     * 65 (round the wheel's end); none left: NEVER. */
    tiny_part t;
    tiny_init(&t, 60);
    t.sgs[0].ready_at = 65;
    t.sgs[1].ready_at = 62;
    waitq_push(&t.g, &t.pt, 0);
    waitq_push(&t.g, &t.pt, 1);
    ck_assert_uint_eq(t.pt.wfirst, 62);
    ck_assert_uint_eq(waitq_scan(&t.pt), 62);
    t.pt.wbits &= ~(1ull << 62);
    ck_assert_uint_eq(waitq_scan(&t.pt), 65);
    t.pt.wbits = 0;
    ck_assert_uint_eq(waitq_scan(&t.pt), NEVER);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("sched");
    TCase *tc = tcase_create("late_completions");
    tcase_add_test(tc, later_load_lands_first);
    tcase_add_test(tc, two_subgroups_out_of_order);
    tcase_add_test(tc, retire_waits_for_late_loads);
    tcase_add_test(tc, late_store_ends_the_run);
    tcase_add_test(tc, next_dispatch_waits_for_late_stores);
    tcase_add_test(tc, parked_at_a_barrier);
    suite_add_tcase(s, tc);
    tc = tcase_create("wheel_and_heap");
    tcase_add_test(tc, chains_across_the_wheel);
    tcase_add_test(tc, wheel_and_heap_interleaved);
    tcase_add_test(tc, heap_orders_by_ready_then_age);
    tcase_add_test(tc, push_picks_wheel_heap_or_park);
    tcase_add_test(tc, scan_wraps_round_the_wheel);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
