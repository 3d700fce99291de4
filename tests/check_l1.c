/*
 * check_l1.c — the L1s (sim/model/l1.h) through l1_accept_at, l1_issue,
 * l1_event and l1_next_wake, on their real neighbours (a real
 * crossbar, L2 and DRAM: the L1's answers come only from the L2), wired
 * as hier.c wires them but for a stub that counts the L2's fills on the
 * way to l1_fill (one per load line that went down).
 *
 * The profile is cutest_tiny_hier (cutest.h): L1 1 KiB of 128-byte lines of
 * 32-byte sectors, 2 ways (4 sets: set = line % 4), hit 20 cycles, 1 line
 * per cycle, 4 MSHRs, write-through; L2 latency 100 (to_l2 = back2 = 49,
 * a sector 2 cycles of its slice's port, slice = line / 2 % 2); DRAM 1
 * channel of 2 banks (bank = line / 8 % 2, row = line / 16), a row miss
 * 20 cycles, d_out 1, d_back 178, a sector 1 cycle of the bus
 * (memstage.h; check_l2.c and check_dram.c work them out). A line looked
 * up at t:
 *   - hit: completes at t + 20 (hier.h: the tag stage, then
 *     cache.l1.latency), known at issue;
 *   - miss, L2 miss, row miss: at the L2 at t + 49, port to t + 51, at the
 *     channel at t + 52, row open by t + 72, read done t + 73, data at
 *     the L2 at t + 251, at the CU at t + 300 = dram.latency.
 */
#include "addr.h"
#include "cutest.h"
#include "dram.h"
#include "evq.h"
#include "l1.h"
#include "l2.h"
#include "memlog.h"
#include "memsys.h"
#include "xbar.h"

/* Events as hier.c numbers them: the requests' completions, then the
 * crossbar, then the channels. */
typedef struct rig {
    cusim_hw hw;
    evq *q;
    dram *d;
    l2 *c;
    xbar *x;
    l1 *l;
    memlog log;
    mem_stats st;
    uint32_t xbar_event, l2_event;
    uint32_t fills;           /* the L2's fills of L1 MSHRs */
    uint64_t done[16];        /* completion cycle by subgroup */
    uint32_t woken[2];
} rig;

static void on_fill(void *ctx, uint32_t cu, uint32_t mshr, uint64_t t)
{
    rig *r = ctx;
    r->fills++;
    l1_fill(r->l, cu, mshr, t);
}

static void on_written(void *ctx, uint32_t cu, uint8_t kind, uint32_t ref,
                       uint64_t t)
{
    rig *r = ctx;
    l1_written(r->l, cu, kind, ref, t);
}

static void on_served(void *ctx, uint32_t ch, uint32_t tag, uint64_t t,
                      uint64_t now)
{
    rig *r = ctx;
    if (tag != UINT32_MAX)
        l2_read_done(r->c, tag, t);
    l2_unpark(r->c, ch, now);
}

static void rig_init(rig *r, const cusim_hw *hw)
{
    memset(r, 0, sizeof *r);
    r->hw = *hw;
    r->xbar_event = l1_event_count(&r->hw);
    r->l2_event = r->xbar_event + 1 + dram_event_count(&r->hw);
    uint32_t counts[1] = { r->l2_event + l2_event_count(&r->hw) };
    r->q = evq_new(counts, 1);
    r->d = dram_new(&r->hw, r->q, 0, r->xbar_event + 1,
                    (dram_up){ r, on_served }, &r->st);
    r->c = l2_new(&r->hw, r->d, (l2_up){ r, on_fill, on_written }, &r->st,
                  r->q, 0, r->l2_event);
    r->x = xbar_new(&r->hw, r->q, 0, r->xbar_event, r->c);
    r->l = l1_new(&r->hw, r->q, 0, r->x, &r->log, &r->st);
}

static void rig_free(rig *r)
{
    l1_free(r->l);
    xbar_free(r->x);
    l2_free(r->c);
    dram_free(r->d);
    memlog_release(&r->log);
    evq_free(r->q);
}

/* Runs the events up to cycle t: completions recorded by subgroup, CUs
 * woken counted. */
static void run_to(rig *r, uint64_t t)
{
    while (!evq_empty(r->q) && evq_next_cycle(r->q) <= t) {
        uint64_t now;
        evq_event ev = evq_pop(r->q, &now);
        if (ev.index < r->xbar_event) {
            mem_req done;
            if (l1_event(r->l, ev.index, now, &done)) {
                ck_assert_uint_lt(done.sg, 16);
                r->done[done.sg] = now;
            }
        } else if (ev.index == r->xbar_event) {
            xbar_event(r->x, now);
        } else if (ev.index < r->l2_event) {
            dram_event(r->d, ev.index - r->xbar_event - 1, now);
        } else {
            l2_event(r->c, ev.index - r->l2_event, now);
        }
        for (uint32_t cu; l1_next_wake(r->l, &cu);)
            r->woken[cu]++;
    }
}

/* Subgroup sg of CU cu loads `n` lines at `now` (which the L1 must
 * accept then): l1_issue's answer. */
static uint64_t load(rig *r, uint32_t cu, uint32_t sg, const addr_line *lines,
                     uint32_t n, uint64_t now)
{
    run_to(r, now);
    ck_assert_uint_eq(l1_accept_at(r->l, cu, n, now), now);
    const mem_req q = { cu, sg, n, 0, 0, 0, lines };
    return l1_issue(r->l, &q, now);
}

static uint64_t load1(rig *r, uint32_t cu, uint32_t sg, uint64_t line,
                      uint32_t sectors, uint64_t now)
{
    const addr_line l = { line, sectors, 0, 0 };
    return load(r, cu, sg, &l, 1, now);
}

START_TEST(a_miss_then_a_hit)
{
    /* Line 0, sector 0, cold at 0: not known at issue (MEM_LATER); its
     * completion event comes at 300 (above), not a cycle before. Again
     * at 400: a hit, known at issue, 400 + 20 = 420, no event. */
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    rig_init(&r, &hw);
    ck_assert_uint_eq(load1(&r, 0, 1, 0, 0x1, 0), MEM_LATER);
    run_to(&r, 299);
    ck_assert_uint_eq(r.done[1], 0);
    run_to(&r, 300);
    ck_assert_uint_eq(r.done[1], 300);
    ck_assert_uint_eq(load1(&r, 0, 2, 0, 0x1, 400), 420);
    ck_assert(evq_empty(r.q));
    ck_assert_uint_eq(r.fills, 1);
    ck_assert_uint_eq(r.st.l1_requests, 2);
    ck_assert_uint_eq(r.st.l1_sectors, 2);
    ck_assert_uint_eq(r.st.l1_hits, 1);
    ck_assert_uint_eq(r.st.latency_sum, 300 + 20);
    rig_free(&r);
}
END_TEST

START_TEST(misses_of_one_line_share_an_mshr)
{
    /* Subgroup 1 misses sector 0 of line 0 at 0 (an MSHR, one line down:
     * 300); subgroup 2 asks for the same sector at 1, on its way: it
     * waits on that MSHR and sends nothing: one fill from the L2, both
     * complete at 300. Its sector, on its way, is a hit, as Nsight counts
     * it (l1tex__t_sector_hit_rate): 1 hit of 2 sectors, 1 pending. */
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    rig_init(&r, &hw);
    ck_assert_uint_eq(load1(&r, 0, 1, 0, 0x1, 0), MEM_LATER);
    ck_assert_uint_eq(load1(&r, 0, 2, 0, 0x1, 1), MEM_LATER);
    run_to(&r, 1000);
    ck_assert_uint_eq(r.done[1], 300);
    ck_assert_uint_eq(r.done[2], 300);
    ck_assert_uint_eq(r.fills, 1);
    ck_assert_uint_eq(r.st.l2_sectors, 1);
    ck_assert_uint_eq(r.st.l1_sectors, 2);
    ck_assert_uint_eq(r.st.l1_hits, 1);
    ck_assert_uint_eq(r.st.l1_pending_hits, 1);
    rig_free(&r);

    /* With a third, subgroup 3, asking at 2 for sector 1 of line 0: the
     * same MSHR, but sector 1 goes down (looked up at 2, at the L2 at 51;
     * it follows sector 0 on slice 0's port, 51 -> 53; at the channel at
     * 54, behind sector 0 in bank 0, whose row 0 opens 52 -> 72: sector
     * 0 read 72 -> 73, sector 1 73 -> 74, its data at the L2 at 74 + 178
     * = 252). The L2's MSHR for the line fills both L1 lines at the
     * latest data, 252 + 49 = 301, and the L1's MSHR completes its three
     * waiters then. Two fills, two DRAM reads. */
    rig_init(&r, &hw);
    ck_assert_uint_eq(load1(&r, 0, 1, 0, 0x1, 0), MEM_LATER);
    ck_assert_uint_eq(load1(&r, 0, 2, 0, 0x1, 1), MEM_LATER);
    ck_assert_uint_eq(load1(&r, 0, 3, 0, 0x2, 2), MEM_LATER);
    run_to(&r, 1000);
    ck_assert_uint_eq(r.done[1], 301);
    ck_assert_uint_eq(r.done[2], 301);
    ck_assert_uint_eq(r.done[3], 301);
    ck_assert_uint_eq(r.fills, 2);
    ck_assert_uint_eq(r.st.dram_accesses, 2);
    rig_free(&r);
}
END_TEST

START_TEST(the_tag_stage_looks_up_a_line_per_cycle)
{
    /* 8 MSHRs (room for 4 misses and more). An access of lines 0..3 at 0:
     * looked up at 0, 1, 2, 3, so CU 0's next access is accepted at 4 at
     * the earliest; CU 1's tag stage is its own: 1. Once they are in
     * (run to 2000), the same access hits: the last line looked up at
     * 2003, done at 2023. The tag stage was busy 4 + 4 cycles. */
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    hw.cache.l1.mshrs = 8;
    rig_init(&r, &hw);
    const addr_line four[4] = { { 0, 1, 0, 0 }, { 1, 1, 0, 0 }, { 2, 1, 0, 0 },
                                { 3, 1, 0, 0 } };
    ck_assert_uint_eq(load(&r, 0, 1, four, 4, 0), MEM_LATER);
    ck_assert_uint_eq(l1_accept_at(r.l, 0, 1, 1), 4);
    ck_assert_uint_eq(l1_accept_at(r.l, 1, 1, 1), 1);
    run_to(&r, 2000);
    ck_assert_uint_gt(r.done[1], 0);
    ck_assert_uint_eq(load(&r, 0, 2, four, 4, 2000), 2023);
    ck_assert_uint_eq(r.st.l1_tag_cycles, 8);
    rig_free(&r);

    /* 2 lines per cycle: looked up at 2000, 2000, 2001, 2001: the next
     * access at 2002, the last line done at 2021. */
    hw.cache.l1.lines_per_cycle = 2;
    rig_init(&r, &hw);
    ck_assert_uint_eq(load(&r, 0, 1, four, 4, 0), MEM_LATER);
    ck_assert_uint_eq(l1_accept_at(r.l, 0, 1, 1), 2);
    run_to(&r, 2000);
    ck_assert_uint_eq(load(&r, 0, 2, four, 4, 2000), 2021);
    ck_assert_uint_eq(l1_accept_at(r.l, 0, 1, 2000), 2002);
    ck_assert_uint_eq(r.st.l1_tag_cycles, 4);
    rig_free(&r);
}
END_TEST

START_TEST(no_mshr_free_means_never_until_a_fill_is_timed)
{
    /* Lines 0, 9, 18, 27 (L1 sets 0..3; L2 slices 0, 0, 1, 1; DRAM bank
     * 0 row 0, bank 1 row 0, bank 0 row 1, bank 1 row 1), looked up at 0,
     * 1, 2, 3, all miss: the 4 MSHRs are taken. Another access must wait
     * for an MSHR whose fill has no time yet: NEVER, and the CU is named
     * once a fill is timed.
     *   line 0: at the channel at 52, bank 0's row opens 52 -> 72, read
     *     at 72: its fill timed then, for 300;
     *   line 9: looked up at 1, at the L2 at 50, after line 0 on slice 0's
     *     port (51 -> 53), at the channel at 54, bank 1's row opens 54 ->
     *     74, read at 74: its fill timed then, for 302.
     * So: NEVER at 10; CU 0 woken (once) at 72, not before; then 1 MSHR
     * frees at 300 (accept_at = 300) but 2 only with line 9's fill, not
     * timed yet (NEVER); CU 0 woken again at 74, and then 2 MSHRs at
     * 302, the later of the two. At 300 line 0 is there: a hit, 320. */
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    rig_init(&r, &hw);
    const addr_line four[4] = { { 0, 1, 0, 0 }, { 9, 1, 0, 0 }, { 18, 1, 0, 0 },
                                { 27, 1, 0, 0 } };
    ck_assert_uint_eq(load(&r, 0, 1, four, 4, 0), MEM_LATER);
    ck_assert_uint_eq(l1_accept_at(r.l, 0, 1, 10), UINT64_MAX);
    ck_assert_uint_eq(l1_accept_at(r.l, 1, 1, 10), 10);
    run_to(&r, 71);
    ck_assert_uint_eq(r.woken[0], 0);
    run_to(&r, 72);
    ck_assert_uint_eq(r.woken[0], 1);
    ck_assert_uint_eq(l1_accept_at(r.l, 0, 1, 73), 300);
    ck_assert_uint_eq(l1_accept_at(r.l, 0, 2, 73), UINT64_MAX);
    run_to(&r, 73);
    ck_assert_uint_eq(r.woken[0], 1);
    run_to(&r, 74);
    ck_assert_uint_eq(r.woken[0], 2);
    ck_assert_uint_eq(l1_accept_at(r.l, 0, 2, 75), 302);
    ck_assert_uint_eq(load1(&r, 0, 2, 0, 0x1, 300), 320);
    ck_assert_uint_eq(r.woken[1], 0);
    rig_free(&r);
}
END_TEST

START_TEST(a_ninth_load_waits_for_a_merge_of_eight)
{
    /* cache.l1.mshr_merge 8. Subgroups 1..8 load sector 0 of line 0 at
     * 0..7: the first misses (one line down, 300), the others wait on its
     * MSHR, which then holds 8 requests; all complete at 300. Subgroup
     * 9's access of lines 0 and 1 at 8 finds line 0's MSHR full: a
     * reservation failure. Neither line is looked up; the access and the
     * CU's tag stage wait for the fill (the CU's next access: NEVER).
     * At 300 line 0 is looked up again, a hit (320), and line 1 at 301,
     * a miss that finds DRAM bank 0's row 0 open (line 0's): at the L2 at
     * 350, port 350 -> 352, at the channel at 353, read 353 -> 354, data
     * at the L2 at 354 + 178 = 532, at the CU at 532 + 49 = 581: the
     * access completes at 581. The CU is woken at 300; its tag stage is
     * busy until 302. One reservation failure; two lines filled. Hits:
     * the seven sectors on their way (pending hits) and line 0 at 300. */
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    ck_assert_uint_eq(hw.cache.l1.mshr_merge, 8);
    rig_init(&r, &hw);
    for (uint32_t sg = 1; sg <= 8; sg++)
        ck_assert_uint_eq(load1(&r, 0, sg, 0, 0x1, sg - 1), MEM_LATER);
    const addr_line two[2] = { { 0, 1, 0, 0 }, { 1, 1, 0, 0 } };
    ck_assert_uint_eq(load(&r, 0, 9, two, 2, 8), MEM_LATER);
    ck_assert_uint_eq(r.st.l1_reservation_fails, 1);
    ck_assert_uint_eq(l1_accept_at(r.l, 0, 1, 9), UINT64_MAX);
    ck_assert_uint_eq(l1_accept_at(r.l, 1, 1, 9), 9);
    run_to(&r, 299);
    ck_assert_uint_eq(r.woken[0], 0);
    ck_assert_uint_eq(r.fills, 1);
    run_to(&r, 300);
    ck_assert_uint_eq(r.woken[0], 1);
    for (uint32_t sg = 1; sg <= 8; sg++)
        ck_assert_uint_eq(r.done[sg], 300);
    ck_assert_uint_eq(l1_accept_at(r.l, 0, 1, 300), 302);
    run_to(&r, 2000);
    ck_assert_uint_eq(r.done[9], 581);
    ck_assert_uint_eq(r.fills, 2);
    ck_assert_uint_eq(r.st.l1_reservation_fails, 1);
    ck_assert_uint_eq(r.st.l1_sectors, 10);
    ck_assert_uint_eq(r.st.l1_hits, 8);
    ck_assert_uint_eq(r.st.l1_pending_hits, 7);
    rig_free(&r);

    /* A merge of 9: the ninth merges too; its line 1 looked up at 9 (at
     * the L2 at 58, behind line 0 on slice 0's port 51 -> 53: 58 -> 60,
     * at the channel at 61, row 0 opening 52 -> 72: read 73 -> 74, data
     * at the CU at 74 + 178 + 49 = 301). No failure. */
    hw.cache.l1.mshr_merge = 9;
    rig_init(&r, &hw);
    for (uint32_t sg = 1; sg <= 8; sg++)
        ck_assert_uint_eq(load1(&r, 0, sg, 0, 0x1, sg - 1), MEM_LATER);
    ck_assert_uint_eq(load(&r, 0, 9, two, 2, 8), MEM_LATER);
    run_to(&r, 2000);
    ck_assert_uint_eq(r.done[9], 301);
    ck_assert_uint_eq(r.st.l1_reservation_fails, 0);
    rig_free(&r);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("l1");
    cutest_behaviour(s, "miss and hit", a_miss_then_a_hit);
    cutest_behaviour(s, "MSHR merge", misses_of_one_line_share_an_mshr);
    cutest_behaviour(s, "tag stage", the_tag_stage_looks_up_a_line_per_cycle);
    cutest_behaviour(s, "MSHR merge limit",
                     a_ninth_load_waits_for_a_merge_of_eight);
    cutest_behaviour(s, "MSHRs exhausted",
              no_mshr_free_means_never_until_a_fill_is_timed);
    return s;
}

CUTEST_MAIN(make_suite)
