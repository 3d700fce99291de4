/*
 * check_xbar.c — the crossbar (sim/model/xbar.h) through its real
 * neighbours: lines sent with xbar_send reach a real L2 (l2.h, on a real
 * DRAM), and the order the L2 takes them in is the order of its answers
 * to a stub in place of the L1s. Every line here is a store of one
 * sector to a line the L2 does not hold: the L2 allocates it (an empty
 * way: no DRAM) and answers at once, l2_up.written(cu, ref, t) with t =
 * the slice port's end + back2, so both the order of the answers and
 * their times show the order of arrival.
 *
 * The profile is cutest_tiny_hier (cutest.h) with 3 CUs: L2 latency 100 over
 * 2 slices at 32 bytes per cycle (16 per slice: a 32-byte sector takes 2
 * cycles of its slice's port), interleave 256, so to_l2 = back2 = (100 -
 * 2) / 2 = 49 (memstage.h). A line looked up at t reaches the L2 at t +
 * 49; every line here is in slice 0 (addr / 256 even), so a line taken
 * at a has its port from max(a, the port's end) for 2 cycles, and its
 * answer at that end + 49: a line alone at a is answered at a + 51.
 * The crossbar's wheel (wheel_of): 2 x (49 + 1) + 64 = 164 buckets
 * needed, rounded up from 64 to a power of two: 256.
 */
#include "cutest.h"
#include "dram.h"
#include "evq.h"
#include "l2.h"
#include "memsys.h"
#include "xbar.h"

/* cutest_tiny_hier on three CUs. */
static cusim_hw tiny3(void)
{
    cusim_hw hw = cutest_tiny_hier();
    hw.compute_units = 3;
    return hw;
}

/* An answer of the L2 to the L1s. */
typedef struct answer {
    uint32_t cu, ref;
    uint64_t t;
} answer;

/* The crossbar is event 0, the DRAM channels 1.. (as in hier.c). */
typedef struct rig {
    cusim_hw hw;
    evq *q;
    dram *d;
    l2 *c;
    xbar *x;
    mem_stats st;
    answer log[16];
    uint32_t n;
} rig;

static void on_written(void *ctx, uint32_t cu, uint8_t kind, uint32_t ref,
                       uint64_t t)
{
    rig *r = ctx;
    ck_assert_uint_eq(kind, DOWN_STORE);
    ck_assert_uint_lt(r->n, 16);
    r->log[r->n++] = (answer){ cu, ref, t };
}

static void on_fill(void *ctx, uint32_t cu, uint32_t mshr, uint64_t t)
{
    (void)ctx;
    (void)cu;
    (void)mshr;
    (void)t;
    ck_abort_msg("no load here");
}

static void on_served(void *ctx, uint32_t ch, uint32_t tag, uint64_t t,
                      uint64_t now)
{
    (void)ctx;
    (void)ch;
    (void)tag;
    (void)t;
    (void)now;
    ck_abort_msg("no DRAM access here");
}

static void rig_init(rig *r, const cusim_hw *hw)
{
    memset(r, 0, sizeof *r);
    r->hw = *hw;
    uint32_t counts[1] = { 1 + dram_event_count(&r->hw)
                           + l2_event_count(&r->hw) };
    r->q = evq_new(counts, 1);
    r->d = dram_new(&r->hw, r->q, 0, 1, (dram_up){ r, on_served }, &r->st);
    r->c = l2_new(&r->hw, r->d, (l2_up){ r, on_fill, on_written }, &r->st,
                  r->q, 0, 1 + dram_event_count(&r->hw));
    r->x = xbar_new(&r->hw, r->q, 0, 0, r->c);
}

static void rig_free(rig *r)
{
    xbar_free(r->x);
    l2_free(r->c);
    dram_free(r->d);
    evq_free(r->q);
}

static void run_to(rig *r, uint64_t t)
{
    while (!evq_empty(r->q) && evq_next_cycle(r->q) <= t) {
        uint64_t now;
        evq_event ev = evq_pop(r->q, &now);
        if (ev.index == 0)
            xbar_event(r->x, now);
        else if (ev.index <= r->hw.dram.channels)
            dram_event(r->d, ev.index - 1, now);
        else
            ck_abort_msg("no L2 MSHR here");
    }
}

/* CU cu's store `ref` of sector 0 of the line at `addr`, looked up at t,
 * sent at `now`. */
static void store(rig *r, uint32_t cu, uint32_t ref, uint64_t addr,
                  uint64_t t, uint64_t now)
{
    down d = { t, 0, addr, cu, ref, 0x1, DOWN_STORE, 0, 0 };
    xbar_send(r->x, &d, now);
}

/* Answer i is CU cu's `ref`, at t. */
static void answer_is(const rig *r, uint32_t i, uint32_t cu, uint32_t ref,
                      uint64_t t)
{
    ck_assert_uint_lt(i, r->n);
    ck_assert_uint_eq(r->log[i].cu, cu);
    ck_assert_uint_eq(r->log[i].ref, ref);
    ck_assert_uint_eq(r->log[i].t, t);
}

START_TEST(same_cycle_lines_go_in_cu_order)
{
    /* CUs 2, 1 and 0, in that order, send a line looked up at 0: all
     * reach the L2 at 49, where they are taken CU 0 first whatever the
     * send order: CU 0's port 49 -> 51, answered at 100; CU 1's 51 -> 53,
     * 102; CU 2's 53 -> 55, 104. */
    rig r;
    cusim_hw hw = tiny3();
    rig_init(&r, &hw);
    store(&r, 2, 20, 0, 0, 0);
    store(&r, 1, 10, 128, 0, 0);
    store(&r, 0, 0, 512, 0, 0);
    run_to(&r, 48);
    ck_assert_uint_eq(r.n, 0);
    run_to(&r, 49);
    ck_assert_uint_eq(r.n, 3);
    answer_is(&r, 0, 0, 0, 100);
    answer_is(&r, 1, 1, 10, 102);
    answer_is(&r, 2, 2, 20, 104);
    rig_free(&r);
}
END_TEST

START_TEST(a_cu_s_lines_go_in_its_order)
{
    /* CU 1 sends lines looked up at 0 (ref 11) and 1 (12); then CU 0 at 0
     * (ref 1), 0 (2) and 1 (3). At the L2, (cycle, CU, sequence) order:
     * at 49 CU 0's 1 and 2, then CU 1's 11; at 50 CU 0's 3, then CU 1's
     * 12. The port: 1 49 -> 51 (answered 100), 2 51 -> 53 (102), 11 53 ->
     * 55 (104); at 50 the port is busy until 55: 3 55 -> 57 (106), 12 57
     * -> 59 (108). */
    rig r;
    cusim_hw hw = tiny3();
    rig_init(&r, &hw);
    store(&r, 1, 11, 0, 0, 0);
    store(&r, 1, 12, 128, 1, 0);
    store(&r, 0, 1, 512, 0, 0);
    store(&r, 0, 2, 640, 0, 0);
    store(&r, 0, 3, 1024, 1, 0);
    run_to(&r, 49);
    ck_assert_uint_eq(r.n, 3);
    run_to(&r, 1000);
    ck_assert_uint_eq(r.n, 5);
    answer_is(&r, 0, 0, 1, 100);
    answer_is(&r, 1, 0, 2, 102);
    answer_is(&r, 2, 1, 11, 104);
    answer_is(&r, 3, 0, 3, 106);
    answer_is(&r, 4, 1, 12, 108);
    rig_free(&r);
}
END_TEST

START_TEST(later_laps_wait_their_turn)
{
    /* Lines further apart than the wheel (256 cycles) share its buckets:
     *   CU 0: A looked up at 0   (reaches the L2 at 49,  bucket 49),
     *         B at 300            (349, bucket 349 - 256 = 93);
     *   CU 1: C at 44             (93,  bucket 93),
     *         D at 556            (605, bucket 605 - 2 x 256 = 93);
     *   CU 2: E at 300            (349, bucket 93).
     * All sent at 0, in that order. In (cycle, CU) order: A 49, C 93 (CU
     * 0's B, in the same bucket, is a later lap), B 349, E 349, D 605.
     * Answers: A 49 + 51 = 100, C 93 + 51 = 144, B 349 -> 351, 400; E 351
     * -> 353, 402; D 605 + 51 = 656. */
    rig r;
    cusim_hw hw = tiny3();
    rig_init(&r, &hw);
    store(&r, 0, 1, 0, 0, 0);
    store(&r, 0, 2, 128, 300, 0);
    store(&r, 1, 3, 512, 44, 0);
    store(&r, 1, 4, 640, 556, 0);
    store(&r, 2, 5, 1024, 300, 0);
    run_to(&r, 2000);
    ck_assert_uint_eq(r.n, 5);
    answer_is(&r, 0, 0, 1, 100);
    answer_is(&r, 1, 1, 3, 144);
    answer_is(&r, 2, 0, 2, 400);
    answer_is(&r, 3, 2, 5, 402);
    answer_is(&r, 4, 1, 4, 656);
    ck_assert(evq_empty(r.q));
    rig_free(&r);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("xbar");
    cutest_behaviour(s, "same cycle: CU order", same_cycle_lines_go_in_cu_order);
    cutest_behaviour(s, "a CU's own order", a_cu_s_lines_go_in_its_order);
    cutest_behaviour(s, "later laps", later_laps_wait_their_turn);
    return s;
}

CUTEST_MAIN(make_suite)
