/*
 * check_hier.c — the memory hierarchy (sim/model/hier.c and its levels)
 * through the memory system's interface (memsys.h), on a tiny profile
 * whose every cycle is worked out by hand below: hits and misses at each
 * level, an L1 hit overtaking an older miss, MSHR merges, the MSHR file
 * filling up, DRAM row hits against row misses and the FR-FCFS scheduler
 * against FCFS, the tag stage's throughput.
 *
 * The tiny profile is cutest_tiny_hier (cutest.h, with its stage
 * latencies: to_l2 = back2 = 49, d_out = 1, d_back = 178).
 * Address mapping: slice = (addr / 256) % 2; channel 0; bank = (addr /
 * 1024) % 2; row = addr / 2048.
 */
#include <stdlib.h>
#include <string.h>

#include "addr.h"
#include "cusim.h"
#include "cutest.h"
#include "evq.h"
#include "memsys.h"
#include "program.h"

/* A memory system on its own event queue; completions recorded by the
 * request's subgroup field. */
typedef struct rig {
    cusim_hw hw;
    evq *q;
    memsys *m;
    uint64_t done[16];
    uint32_t woken[4];
} rig;

static void rig_init(rig *r, const cusim_hw *hw)
{
    r->hw = *hw;
    uint32_t counts[1] = { mem_event_count(&r->hw) };
    r->q = evq_new(counts, 1);
    r->m = mem_new(&r->hw, r->q, 0);
    for (int i = 0; i < 16; i++)
        r->done[i] = 0;
    for (int i = 0; i < 4; i++)
        r->woken[i] = 0;
}

static void rig_free(rig *r)
{
    mem_free(r->m);
    evq_free(r->q);
}

/* Runs the memory system's events up to cycle `t`. */
static void run_to(rig *r, uint64_t t)
{
    while (!evq_empty(r->q) && evq_next_cycle(r->q) <= t) {
        uint64_t now;
        evq_event ev = evq_pop(r->q, &now);
        mem_req d;
        if (mem_complete(r->m, ev.index, now, &d))
            r->done[d.sg] = now;
        for (uint32_t c; mem_next_wake(r->m, &c);)
            r->woken[c]++;
    }
}

/* Issues access q at `now`, which the memory system must accept then;
 * returns mem_issue's answer. */
static uint64_t issue_at(rig *r, const mem_req *q, uint64_t now)
{
    run_to(r, now);
    ck_assert_uint_eq(mem_accept_at(r->m, q->cu, q->tx, now), now);
    return mem_issue(r->m, q, now);
}

/* Issues a load (or a store) of `n` lines by subgroup `sg` of CU `cu` at
 * `now`; returns mem_issue's answer. */
static uint64_t access(rig *r, uint32_t cu, uint32_t sg, bool store,
                       const addr_line *lines, uint32_t n, uint64_t now)
{
    const mem_req q = { cu, sg, n, store ? PROG_NO_REG : 0, 0, 0, lines };
    return issue_at(r, &q, now);
}

/* An atomic of `lanes` lanes on `line`'s `sectors`, taking `ops` turns
 * on its busiest address. */
static uint64_t atomic_n(rig *r, uint32_t cu, uint32_t sg, uint64_t line,
                         uint32_t sectors, uint32_t ops, uint32_t lanes,
                         uint64_t now)
{
    run_to(r, now);
    const addr_line l = { line, sectors, (uint16_t)ops, (uint16_t)lanes };
    const mem_req q = { cu, sg, 1, 0, 1, 0, &l };
    return mem_issue(r->m, &q, now);
}

/* An atomic on `line`'s `sectors` whose lanes, all on one address, take
 * `ops` turns. */
static uint64_t atomic1(rig *r, uint32_t cu, uint32_t sg, uint64_t line,
                        uint32_t sectors, uint32_t ops, uint64_t now)
{
    return atomic_n(r, cu, sg, line, sectors, ops, ops, now);
}

/* A uniform load (the scalar cache's) of `line`'s `sectors`. */
static uint64_t uniform1(rig *r, uint32_t cu, uint32_t sg, uint64_t line,
                         uint32_t sectors, uint64_t now)
{
    const addr_line l = { line, sectors, 0, 0 };
    const mem_req q = { cu, sg, 1, 0, 0, 1, &l };
    return issue_at(r, &q, now);
}

static uint64_t load1(rig *r, uint32_t cu, uint32_t sg, uint64_t line,
                      uint32_t sectors, uint64_t now)
{
    const addr_line l = { line, sectors, 0, 0 };
    return access(r, cu, sg, false, &l, 1, now);
}

START_TEST(one_miss_then_one_hit)
{
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    rig_init(&r, &hw);
    /* Line 0, sector 0, cold at cycle 0: reaches the L2 at 49, misses;
     * slice 0's port moves it 49 -> 51; DRAM at 51 + 1 = 52; bank 0 has
     * no open row: 52 + 20 = 72, 1 cycle on the channel: 73; at the L2 at
     * 73 + 178 = 251, at the CU at 251 + 49 = 300 = dram.latency. */
    ck_assert_uint_eq(load1(&r, 0, 1, 0, 0x1, 0), MEM_LATER);
    run_to(&r, 1000);
    ck_assert_uint_eq(r.done[1], 300);
    /* Again at 400: an L1 hit, known at issue, 400 + 20. */
    ck_assert_uint_eq(load1(&r, 0, 2, 0, 0x1, 400), 420);
    /* CU 1 at 500: its L1 misses, the L2 hits: 500 + 49 = 549, the port
     * 549 -> 551, back at 551 + 49 = 600 = 500 + l2.latency. */
    ck_assert_uint_eq(load1(&r, 1, 3, 0, 0x1, 500), MEM_LATER);
    run_to(&r, 2000);
    ck_assert_uint_eq(r.done[3], 600);
    const mem_stats *s = mem_get_stats(r.m);
    ck_assert_uint_eq(s->l1_requests, 3);
    ck_assert_uint_eq(s->l1_sectors, 3);
    ck_assert_uint_eq(s->l1_hits, 1);
    ck_assert_uint_eq(s->l2_sectors, 2);
    ck_assert_uint_eq(s->l2_hits, 1);
    ck_assert_uint_eq(s->dram_read_bytes, 32);
    ck_assert_uint_eq(s->dram_accesses, 1);
    ck_assert_uint_eq(s->dram_row_hits, 0);
    /* issue to completion per line: 300 + 20 + 100 */
    ck_assert_uint_eq(s->latency_sum, 420);
    rig_free(&r);
}
END_TEST

START_TEST(row_hit_is_cheaper_than_row_miss)
{
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    rig_init(&r, &hw);
    load1(&r, 0, 1, 0, 0x1, 0);
    run_to(&r, 1000);
    ck_assert_uint_eq(r.done[1], 300);
    /* Sector 1 of line 0 at 1000: L1 and L2 miss it (each fetched only
     * sector 0); DRAM at 1000 + 49 + 2 + 1 = 1052, bank 0's open row 0:
     * no row miss, 1053; back at 1053 + 178 + 49 = 1280: 280 cycles, 20
     * fewer than the row miss. */
    ck_assert_uint_eq(load1(&r, 0, 2, 0, 0x2, 1000), MEM_LATER);
    run_to(&r, 3000);
    ck_assert_uint_eq(r.done[2], 1280);
    ck_assert_uint_eq(mem_get_stats(r.m)->dram_row_hits, 1);
    ck_assert_uint_eq(mem_get_stats(r.m)->dram_accesses, 2);
    rig_free(&r);
}
END_TEST

START_TEST(a_hit_overtakes_an_older_miss)
{
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    rig_init(&r, &hw);
    load1(&r, 0, 1, 0, 0x1, 0);
    run_to(&r, 1000);
    /* At 1000 line 1 misses (a row hit in DRAM, as above: 1280); at 1001
     * line 0 hits: 1021, long before the older load. */
    ck_assert_uint_eq(load1(&r, 0, 2, 1, 0x1, 1000), MEM_LATER);
    ck_assert_uint_eq(load1(&r, 0, 3, 0, 0x1, 1001), 1021);
    run_to(&r, 3000);
    ck_assert_uint_eq(r.done[2], 1280);
    rig_free(&r);
}
END_TEST

START_TEST(two_subgroups_read_one_line)
{
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    rig_init(&r, &hw);
    /* Subgroup 1 misses line 0 at 0 (300, above); subgroup 2 asks for it
     * at 1, while it is on its way: it merges into the same MSHR and
     * completes with it; one request went down. */
    ck_assert_uint_eq(load1(&r, 0, 1, 0, 0x1, 0), MEM_LATER);
    ck_assert_uint_eq(load1(&r, 0, 2, 0, 0x1, 1), MEM_LATER);
    run_to(&r, 1000);
    ck_assert_uint_eq(r.done[1], 300);
    ck_assert_uint_eq(r.done[2], 300);
    ck_assert_uint_eq(mem_get_stats(r.m)->l2_sectors, 1);
    ck_assert_uint_eq(mem_get_stats(r.m)->dram_accesses, 1);
    /* Once the fill has landed, a third is a plain hit: 400 + 20. */
    ck_assert_uint_eq(load1(&r, 0, 3, 0, 0x1, 400), 420);
    rig_free(&r);
}
END_TEST

START_TEST(tag_stage_takes_a_line_per_cycle)
{
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    hw.cache.l1.mshrs = 8;   /* room for a second access of 4 misses */
    rig_init(&r, &hw);
    /* Warm lines 0..3 (one access of 4 lines; each a 32-byte sector). */
    const addr_line four[4] = { { 0, 1, 0, 0 }, { 1, 1, 0, 0 }, { 2, 1, 0, 0 }, { 3, 1, 0, 0 } };
    ck_assert_uint_eq(access(&r, 0, 1, false, four, 4, 0), MEM_LATER);
    /* The tag stage looks them up at 0, 1, 2, 3: the CU's next access
     * waits for cycle 4. */
    ck_assert_uint_eq(mem_accept_at(r.m, 0, 1, 1), 4);
    ck_assert_uint_eq(mem_accept_at(r.m, 1, 1, 1), 1);
    run_to(&r, 2000);
    /* All hit at 2000: looked up at 2000..2003, the last done at 2023. */
    ck_assert_uint_eq(access(&r, 0, 2, false, four, 4, 2000), 2023);
    ck_assert_uint_eq(mem_get_stats(r.m)->l1_tag_cycles, 8);
    rig_free(&r);
}
END_TEST

START_TEST(full_mshrs_hold_the_cu)
{
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    rig_init(&r, &hw);
    /* Four distinct lines miss: the 4 MSHRs are taken; no further access
     * may issue until a fill is timed (NEVER: not known yet). */
    const addr_line four[4] = { { 0, 1, 0, 0 }, { 9, 1, 0, 0 }, { 18, 1, 0, 0 }, { 27, 1, 0, 0 } };
    ck_assert_uint_eq(access(&r, 0, 1, false, four, 4, 0), MEM_LATER);
    ck_assert_uint_eq(mem_accept_at(r.m, 0, 1, 10), UINT64_MAX);
    ck_assert_uint_eq(r.woken[0], 0);
    /* The first line reaches its channel at 52, its row opens then and
     * it is read at 72 (above): its fill is timed then, the CU is woken,
     * and its first MSHR frees when that fill lands, at 300. */
    run_to(&r, 71);
    ck_assert_uint_eq(r.woken[0], 0);
    run_to(&r, 72);
    ck_assert_uint_ge(r.woken[0], 1);
    ck_assert_uint_eq(mem_accept_at(r.m, 0, 1, 73), 300);
    rig_free(&r);
}
END_TEST

/* Two loads reach DRAM in the same cycle, bank 0: an older one to row 1
 * and a younger one to the open row 0. */
static void row_race(cusim_dram_sched sched, uint64_t *older,
                     uint64_t *younger, uint64_t *row_hits)
{
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    hw.dram.scheduler = sched;
    rig_init(&r, &hw);
    load1(&r, 0, 1, 0, 0x1, 0);          /* opens row 0 of bank 0 */
    run_to(&r, 1000);
    /* Line 16 (byte 2048: slice 0, bank 0, row 1) from CU 0 and line 2
     * (byte 256: slice 1, bank 0, row 0) from CU 1, both at 1000: both
     * reach the channel at 1000 + 49 + 2 + 1 = 1052, CU 0's first. */
    ck_assert_uint_eq(load1(&r, 0, 2, 16, 0x1, 1000), MEM_LATER);
    ck_assert_uint_eq(load1(&r, 1, 3, 2, 0x1, 1000), MEM_LATER);
    run_to(&r, 5000);
    *older = r.done[2];
    *younger = r.done[3];
    *row_hits = mem_get_stats(r.m)->dram_row_hits;
    rig_free(&r);
}

START_TEST(fr_fcfs_serves_the_open_row_first)
{
    uint64_t older, younger, hits;
    /* FR-FCFS: the row hit first, at 1052 -> 1053, back at 1053 + 227 =
     * 1280; then row 1: the bank is ready at 1053, + 20 = 1073, 1074,
     * back at 1301. */
    row_race(CUSIM_DRAM_FR_FCFS, &older, &younger, &hits);
    ck_assert_uint_eq(younger, 1280);
    ck_assert_uint_eq(older, 1301);
    ck_assert_uint_eq(hits, 1);
    /* FCFS: row 1 first, 1052 + 20 = 1072, 1073, back at 1300; then row
     * 0 is no longer open: 1073 + 20 = 1093, 1094, back at 1321. */
    row_race(CUSIM_DRAM_FCFS, &older, &younger, &hits);
    ck_assert_uint_eq(older, 1300);
    ck_assert_uint_eq(younger, 1321);
    ck_assert_uint_eq(hits, 0);
}
END_TEST

START_TEST(stores_write_through_to_the_l2)
{
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    rig_init(&r, &hw);
    /* A store of line 0, sector 0 at 0: nothing allocated in the L1; the
     * L2 takes it at 49, its port 49 -> 51, acknowledged at 51 + 49 =
     * 100. A load of it at 200 then misses the L1 and hits the L2:
     * 200 + 100 = 300. */
    const addr_line l = { 0, 1, 0, 0 };
    ck_assert_uint_eq(access(&r, 0, 1, true, &l, 1, 0), MEM_LATER);
    run_to(&r, 150);
    ck_assert_uint_eq(r.done[1], 100);
    ck_assert_uint_eq(load1(&r, 0, 2, 0, 0x1, 200), MEM_LATER);
    run_to(&r, 1000);
    ck_assert_uint_eq(r.done[2], 300);
    ck_assert_uint_eq(mem_get_stats(r.m)->dram_accesses, 0);
    rig_free(&r);
}
END_TEST

START_TEST(state_is_sized_by_the_profile)
{
    /* A cache of N lines is N tags: the state does not depend on what a
     * kernel touches, and doubling the L2 doubles only its tags. */
    cusim_hw a = cutest_tiny_hier(), b = cutest_tiny_hier();
    b.cache.l2.bytes *= 2;
    uint64_t sa = mem_state_bytes(&a), sb = mem_state_bytes(&b);
    ck_assert_uint_gt(sb, sa);
    ck_assert_uint_lt(sb - sa, 64 * 64);   /* 64 more lines, < 64 B each */
}
END_TEST

/* The figures that divide by memory's peak take DRAM's with a hierarchy
 * (docs/model.md "What is reported"): one subgroup loads 32 x 4 bytes (1
 * line, 4 sectors: 128 bytes that miss the L1 and the L2, so DRAM reads
 * 128) and two alus use the value (64 arithmetic lanes). On cutest_tiny_hier():
 *   memory.bandwidth_utilization = dram.bandwidth_utilization
 *       = 128 / (cycles x dram.bytes_per_cycle 32);
 *   roofline.ridge = 2 CUs x 1 scheduler x min(1 x 32, 32) lanes / 32
 *       = 2 instructions per byte (memory.bandwidth's 64 would say 1);
 *   roofline.dram_intensity = 64 / 128 = 0.5.
 * memory.bandwidth is no part of the hierarchy: doubling it changes
 * nothing. The same kernel without the cache (cache.l2.bytes = 0) keeps
 * the flat model's: 128 / (cycles x 64), ridge 64 / 64 = 1. */
START_TEST(peaks_are_dram_s_with_a_hierarchy)
{
    const char *prog = "ld.global x, i bytes=4\nalu y, x\nalu z, x\n";
    cusim_hw hw = cutest_tiny_hier();
    cusim_result r = cutest_run(&hw, 32, 32, prog);
    ck_assert(r.hierarchy);
    ck_assert_uint_eq(r.dram_bytes, 128);
    ck_assert_double_eq_tol(r.bandwidth_utilization,
                            128.0 / ((double)r.cycles * 32), 1e-12);
    ck_assert_double_eq(r.bandwidth_utilization, r.sol_dram);
    ck_assert_double_eq_tol(r.roofline_ridge, 2.0, 1e-12);
    ck_assert_double_eq_tol(r.dram_intensity, 0.5, 1e-12);
    ck_assert_double_eq_tol(r.arithmetic_intensity, 64.0 / r.memory_bytes,
                            1e-12);

    hw.memory.bandwidth = 128;
    cusim_result r2 = cutest_run(&hw, 32, 32, prog);
    ck_assert_uint_eq(r2.cycles, r.cycles);
    ck_assert_double_eq(r2.bandwidth_utilization, r.bandwidth_utilization);
    ck_assert_double_eq(r2.roofline_ridge, r.roofline_ridge);

    hw = cutest_tiny_hier();
    hw.cache.l2.bytes = 0;
    cusim_result f = cutest_run(&hw, 32, 32, prog);
    ck_assert(!f.hierarchy);
    ck_assert_uint_eq(f.memory_bytes, 128);
    ck_assert_double_eq_tol(f.bandwidth_utilization,
                            128.0 / ((double)f.cycles * 64), 1e-12);
    ck_assert_double_eq_tol(f.roofline_ridge, 1.0, 1e-12);
}
END_TEST

START_TEST(atomics_take_turns_at_the_slice)
{
    /* Atomics are performed at the L2 by the slice's atomic unit, 3 cycles
     * per turn here. CU 0's (4 turns) and CU 1's (2 turns) on line 0
     * (slice 0) both reach the L2 at 49; in (cycle, CU) order CU 0's goes
     * first: the port moves its sector 49 -> 51, the unit works 51 -> 63
     * (4 x 3), its answer is back at 63 + 49 = 112. CU 1's sector moves
     * 51 -> 53, its turns wait for the unit: 63 -> 69, back at 118. No
     * DRAM read: the line is allocated and written at the L2. A load of
     * line 0 at 200 by CU 0 misses in its L1 (the atomic dropped its
     * copy) and hits in the L2: 200 + 100 (its latency, the port's 2
     * cycles included) = 300. */
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    hw.cache.l2.atomic_cycles = 3;
    rig_init(&r, &hw);
    ck_assert_uint_eq(atomic1(&r, 0, 0, 0, 1, 4, 0), MEM_LATER);
    ck_assert_uint_eq(atomic1(&r, 1, 1, 0, 1, 2, 0), MEM_LATER);
    run_to(&r, 150);
    ck_assert_uint_eq(r.done[0], 112);
    ck_assert_uint_eq(r.done[1], 118);
    ck_assert_uint_eq(mem_get_stats(r.m)->dram_read_bytes, 0);
    ck_assert_uint_eq(load1(&r, 0, 2, 0, 1, 200), MEM_LATER);
    run_to(&r, 400);
    ck_assert_uint_eq(r.done[2], 300);
    rig_free(&r);
}
END_TEST

START_TEST(one_address_takes_turns_at_the_unit_s_rate)
{
    /* 3 cycles a turn, 4 operations a cycle per slice. 32 lanes on one
     * address of line 0 (slice 0), at the L2 at 49: the port moves its
     * sector 49 -> 51; 32 turns of 3 cycles: 51 -> 147 (the unit's rate
     * would drain 32 operations by 51 + 8 = 59); back at 147 + 49 = 196.
     * 32 lanes on 32 addresses of line 2 (slice 1, its own unit), its 4
     * sectors at the L2 at 49 too: the port 49 -> 57, one turn of 3
     * cycles (57 -> 60), but 32 operations at 4 a cycle: 57 -> 65; back
     * at 65 + 49 = 114. */
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    hw.cache.l2.atomic_cycles = 3;
    hw.cache.l2.atomic_rate = 4;
    rig_init(&r, &hw);
    ck_assert_uint_eq(atomic_n(&r, 0, 0, 0, 1, 32, 32, 0), MEM_LATER);
    ck_assert_uint_eq(atomic_n(&r, 1, 1, 2, 0xf, 1, 32, 0), MEM_LATER);
    run_to(&r, 300);
    ck_assert_uint_eq(r.done[0], 196);
    ck_assert_uint_eq(r.done[1], 114);
    const mem_stats *st = mem_get_stats(r.m);
    ck_assert_uint_eq(st->l2_atomic_requests, 2);
    ck_assert_uint_eq(st->l2_atomic_ops, 64);
    ck_assert_uint_eq(st->l2_atomic_wait, 0);
    /* busy while performing its operations (51 -> 59 at 4 a cycle: 32
     * quarter-cycles): no request waited for its line's turns, so they do
     * not count */
    ck_assert_uint_eq(st->l2_atomic_busy_max, 32);
    rig_free(&r);
}
END_TEST

START_TEST(two_lines_of_a_slice_proceed_together)
{
    /* 3 cycles a turn, 4 operations a cycle. CU 0's 4 turns on line 0 and
     * CU 1's 4 turns on line 1, both lines of slice 0 (256-byte
     * interleave), both at the L2 at 49. CU 0's sector crosses the port
     * 49 -> 51, its turns 51 -> 63: back at 112. CU 1's 51 -> 53, and its
     * line is its own: 53 -> 65, back at 114 (one line after the other
     * would be 63 -> 75, 124). The unit's 8 operations take 2 of its
     * cycles. Then CU 0's 2 turns on line 0 at the L2 at 149 (issued at
     * 100): the port 149 -> 151, the line free since 63: 151 -> 157,
     * back at 206. */
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    hw.cache.l2.atomic_cycles = 3;
    hw.cache.l2.atomic_rate = 4;
    rig_init(&r, &hw);
    ck_assert_uint_eq(atomic1(&r, 0, 0, 0, 1, 4, 0), MEM_LATER);
    ck_assert_uint_eq(atomic1(&r, 1, 1, 1, 1, 4, 0), MEM_LATER);
    run_to(&r, 100);
    ck_assert_uint_eq(atomic1(&r, 0, 2, 0, 1, 2, 100), MEM_LATER);
    run_to(&r, 300);
    ck_assert_uint_eq(r.done[0], 112);
    ck_assert_uint_eq(r.done[1], 114);
    ck_assert_uint_eq(r.done[2], 206);
    const mem_stats *st = mem_get_stats(r.m);
    ck_assert_uint_eq(st->l2_atomic_wait, 0);
    /* the operations only (none waited), in quarter-cycles: 4 from 51,
     * 4 from 53, 2 from 151 */
    ck_assert_uint_eq(st->l2_atomic_busy_max, 10);
    rig_free(&r);
}
END_TEST

START_TEST(one_line_from_two_cus_waits_its_turn)
{
    /* 1 cycle a turn, 64 operations a cycle: the line, not the unit,
     * orders them. CU 0's 8 turns and CU 1's 8 turns on line 0, at the L2
     * at 49: CU 0's 51 -> 59, back at 108; CU 1's sector 51 -> 53 waits
     * for the line till 59 (6 cycles): 59 -> 67, back at 116. */
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    hw.cache.l2.atomic_rate = 64;
    rig_init(&r, &hw);
    ck_assert_uint_eq(atomic1(&r, 0, 0, 0, 1, 8, 0), MEM_LATER);
    ck_assert_uint_eq(atomic1(&r, 1, 1, 0, 1, 8, 0), MEM_LATER);
    run_to(&r, 300);
    ck_assert_uint_eq(r.done[0], 108);
    ck_assert_uint_eq(r.done[1], 116);
    ck_assert_uint_eq(mem_get_stats(r.m)->l2_atomic_wait, 6);
    /* in 1/64 cycles: CU 0's 8 operations from 51, then CU 1's turns,
     * waited for, 59 -> 67 */
    ck_assert_uint_eq(mem_get_stats(r.m)->l2_atomic_busy_max, 8 + 8 * 64);
    rig_free(&r);
}
END_TEST

START_TEST(uniform_loads_use_the_scalar_cache)
{
    /* A scalar cache of 512 bytes (2 ways of 2 sets of 128-byte lines),
     * hit 10 cycles. A uniform load of line 0's sector 0 at 0 misses and
     * fetches the whole line (4 sectors) from the L2, past the L1: at the
     * L2 at 49, a miss; the slice's port moves 4 sectors 49 -> 57 (2
     * cycles each); DRAM at 57 + 1 = 58, bank 0's row opened: 78; 4
     * sectors on the channel: 82; at the L2 at 82 + 178 = 260, at the CU
     * at 260 + 49 = 309. */
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    hw.cache.scalar.bytes = 512;
    hw.cache.scalar.ways = 2;
    hw.cache.scalar.latency = 10;
    rig_init(&r, &hw);
    ck_assert_uint_eq(uniform1(&r, 0, 1, 0, 0x1, 0), MEM_LATER);
    run_to(&r, 350);
    ck_assert_uint_eq(r.done[1], 309);
    /* Sector 1 at 400: the whole line is there, 400 + 10, known at
     * issue. */
    ck_assert_uint_eq(uniform1(&r, 0, 2, 0, 0x2, 400), 410);
    /* Line 2 (slice 1, bank 0's open row 0) at 1000 and again at 1001:
     * the second waits for the first's fill. 1000 + 49, the port 1049 ->
     * 1057, DRAM at 1057 + 1 = 1058, a row hit, 4 sectors: 1062, back
     * at 1062 + 178 + 49 = 1289 for both. */
    ck_assert_uint_eq(uniform1(&r, 0, 3, 2, 0x1, 1000), MEM_LATER);
    ck_assert_uint_eq(uniform1(&r, 0, 4, 2, 0x1, 1001), MEM_LATER);
    run_to(&r, 1500);
    ck_assert_uint_eq(r.done[3], 1289);
    ck_assert_uint_eq(r.done[4], 1289);
    /* The vector L1 never saw line 0: a plain load of it at 2000 misses
     * there and hits in the L2, 2000 + 100. */
    ck_assert_uint_eq(load1(&r, 0, 5, 0, 0x1, 2000), MEM_LATER);
    run_to(&r, 2500);
    ck_assert_uint_eq(r.done[5], 2100);
    const mem_stats *s = mem_get_stats(r.m);
    ck_assert_uint_eq(s->scalar_requests, 4);
    ck_assert_uint_eq(s->scalar_hits, 2);
    ck_assert_uint_eq(s->l1_requests, 1);
    ck_assert_uint_eq(s->dram_accesses, 2);
    ck_assert_uint_eq(s->dram_read_bytes, 256);
    rig_free(&r);
}
END_TEST

START_TEST(no_scalar_cache_means_the_l1)
{
    /* Without a scalar cache a uniform load is a plain load: line 0 cold
     * at 0 takes dram.latency, 300 (one_miss_then_one_hit), and again at
     * 400 an L1 hit, 420. */
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    rig_init(&r, &hw);
    ck_assert_uint_eq(uniform1(&r, 0, 1, 0, 0x1, 0), MEM_LATER);
    run_to(&r, 350);
    ck_assert_uint_eq(r.done[1], 300);
    ck_assert_uint_eq(uniform1(&r, 0, 2, 0, 0x1, 400), 420);
    ck_assert_uint_eq(mem_get_stats(r.m)->scalar_requests, 0);
    rig_free(&r);
}
END_TEST

/* One subgroup's 16 dependent uniform loads, buffer[0] .. buffer[15]
 * (at=BUFFER[it]: no per-lane name), as one 32-invocation workgroup, its
 * buffer (1 MiB) named `buffer`. */
static cusim_result chain_over(const cusim_hw *hw, const char *buffer)
{
    char prog[128];
    snprintf(prog, sizeof prog, "body {\n  repeat 16 {\n"
             "    ld.global a, a at=%s[it]\n  }\n}\n", buffer);
    cusim_kernel k = { .name = "k", .workgroup = { 32, 1, 1 },
                       .workgroup_dims = 1, .registers = 16,
                       .elements = 32, .elements_per_invocation = 1,
                       .n_buffers = 1 };
    strcpy(k.buffers[0].name, buffer);
    strcpy(k.buffers[0].size, "1048576");
    return cutest_run_kernel(hw, &k, prog);
}

START_TEST(a_kernel_s_uniform_chain)
{
    /* One subgroup, 16 dependent uniform loads of A[0] .. A[15], bytes 0
     * .. 63 of line 0 (at=A[it]: no per-lane name). Through the L1, which
     * fetches sectors: A[0] misses to DRAM, 300; A[1..7] hit, 20 each;
     * A[8] is in sector 1, which neither the L1 nor the L2 fetched: DRAM
     * again, its row open, 280 (row_hit_is_cheaper_than_row_miss);
     * A[9..15] hit: 300 + 140 + 280 + 140 = 860 cycles of loads. Through
     * the scalar cache, which fetches the whole line: 309
     * (uniform_loads_use_the_scalar_cache), then 15 hits of 10: 459.
     * Everything else is the same: 401 cycles fewer. */
    cusim_hw hw = cutest_tiny_hier();
    hw.compute_units = 1;
    cusim_result l1 = chain_over(&hw, "A");
    hw.cache.scalar.bytes = 512;
    hw.cache.scalar.ways = 2;
    hw.cache.scalar.latency = 10;
    cusim_result k = chain_over(&hw, "A");
    ck_assert_uint_eq(l1.cycles - k.cycles, 401);
    ck_assert_uint_eq(k.warp_instructions, l1.warp_instructions);
}
END_TEST

START_TEST(a_constant_cache_serves_only_the_parameters)
{
    /* cache.scalar.serves: params (NVIDIA's constant cache): the uniform
     * chain of a_kernel_s_uniform_chain over buffer params, the kernel's
     * parameters, is the scalar cache's (401 cycles fewer than through
     * the L1); over buffer A it goes through the L1, as without a scalar
     * cache. With serves: uniform (AMD's), both are the cache's. */
    cusim_hw hw = cutest_tiny_hier();
    hw.compute_units = 1;
    cusim_result l1 = chain_over(&hw, "params");
    hw.cache.scalar.bytes = 512;
    hw.cache.scalar.ways = 2;
    hw.cache.scalar.latency = 10;
    hw.cache.scalar.serves = CUSIM_SERVES_PARAMS;
    cusim_result kp = chain_over(&hw, "params");
    cusim_result ka = chain_over(&hw, "A");
    ck_assert_uint_eq(l1.cycles - kp.cycles, 401);
    ck_assert_uint_eq(ka.cycles, l1.cycles);
    hw.cache.scalar.serves = CUSIM_SERVES_UNIFORM;
    ck_assert_uint_eq(chain_over(&hw, "A").cycles, kp.cycles);
    ck_assert_uint_eq(chain_over(&hw, "params").cycles, kp.cycles);
}
END_TEST

/* Runs `program` on one CU of cutest_tiny_hier() as one workgroup of 64 invocations
 * (2 subgroups) over a buffer A of 1 MiB: the run's status and result. */
static int run_wg64(const char *program, cusim_result *r)
{
    cusim_hw hw = cutest_tiny_hier();
    hw.compute_units = 1;
    cusim_kernel k = { .name = "k", .workgroup = { 64, 1, 1 },
                       .workgroup_dims = 1, .registers = 16,
                       .elements = 64, .elements_per_invocation = 1,
                       .n_buffers = 1 };
    strcpy(k.buffers[0].name, "A");
    strcpy(k.buffers[0].size, "1048576");
    cusim_error err;
    int rc = cutest_simulate(&hw, &k, program, NULL, r, &err);
    if (rc != 0)
        ck_abort_msg("simulate: %s", err.message);
    return rc;
}

START_TEST(a_late_load_lands_while_its_subgroup_waits_at_a_barrier)
{
    /* Subgroup 0 loads `a` (a DRAM miss: its register is late, known only
     * when the L2 answers, about 309 cycles on) and waits at the barrier;
     * subgroup 1 first runs 100 dependent alu (400 cycles), so the load
     * lands while subgroup 0 is at the barrier, and the instruction after
     * it reads `a`. The barrier's release must see `a` ready: the run
     * ends, and exactly as when that instruction reads nothing late
     * (the load landed before the release either way). Before the fix the
     * release parked subgroup 0 on a completion already past: "simulation
     * deadlocked" (an imported gfx90a GEMM found it). */
    const char *late = "body {\n"
                       "  ld.global a, i at=A[gid]\n"
                       "  if sg == 1 {\n"
                       "    repeat 100 {\n"
                       "      alu b, b\n"
                       "    }\n"
                       "  }\n"
                       "  barrier\n"
                       "  alu c, a\n"
                       "}\n";
    const char *none = "body {\n"
                       "  ld.global a, i at=A[gid]\n"
                       "  if sg == 1 {\n"
                       "    repeat 100 {\n"
                       "      alu b, b\n"
                       "    }\n"
                       "  }\n"
                       "  barrier\n"
                       "  alu c, i\n"
                       "}\n";
    cusim_result r1, r2;
    ck_assert_int_eq(run_wg64(late, &r1), 0);
    ck_assert_int_eq(run_wg64(none, &r2), 0);
    ck_assert_uint_eq(r1.cycles, r2.cycles);
    ck_assert_uint_gt(r1.cycles, 400);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("hier");
    TCase *tc = tcase_create("hier");
    tcase_add_test(tc, one_miss_then_one_hit);
    tcase_add_test(tc, row_hit_is_cheaper_than_row_miss);
    tcase_add_test(tc, a_hit_overtakes_an_older_miss);
    tcase_add_test(tc, two_subgroups_read_one_line);
    tcase_add_test(tc, tag_stage_takes_a_line_per_cycle);
    tcase_add_test(tc, full_mshrs_hold_the_cu);
    tcase_add_test(tc, fr_fcfs_serves_the_open_row_first);
    tcase_add_test(tc, stores_write_through_to_the_l2);
    tcase_add_test(tc, state_is_sized_by_the_profile);
    tcase_add_test(tc, peaks_are_dram_s_with_a_hierarchy);
    tcase_add_test(tc, atomics_take_turns_at_the_slice);
    tcase_add_test(tc, one_address_takes_turns_at_the_unit_s_rate);
    tcase_add_test(tc, two_lines_of_a_slice_proceed_together);
    tcase_add_test(tc, one_line_from_two_cus_waits_its_turn);
    tcase_add_test(tc, uniform_loads_use_the_scalar_cache);
    tcase_add_test(tc, no_scalar_cache_means_the_l1);
    tcase_add_test(tc, a_constant_cache_serves_only_the_parameters);
    tcase_add_test(tc, a_kernel_s_uniform_chain);
    tcase_add_test(tc, a_late_load_lands_while_its_subgroup_waits_at_a_barrier);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
