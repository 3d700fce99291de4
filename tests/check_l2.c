/*
 * check_l2.c — the L2 (sim/model/l2.h) through l2_arrive, l2_read_done,
 * l2_unpark and l2_event, on a real DRAM (dram.h), with stubs in place of
 * the L1s (l2_up: they record each answer) and of hier.c's wiring of the
 * DRAM's answers (dram_up: as hier.c does, l2_read_done then l2_unpark at
 * the cycle a channel serves a request). Arrivals are handed to l2_arrive
 * by the test, at the cycle they reach the L2, as the crossbar would; the
 * channels' and the slices' events run from one event queue.
 *
 * The profile is cutest_tiny_hier (cutest.h): L2 8 KiB of 128-byte lines, 2
 * slices (slice = addr / 256 % 2) at 32 bytes per cycle in all, latency
 * 100; DRAM 1 channel of 2 banks (bank = addr / 1024 % 2, row = addr /
 * 2048), 32 bytes per cycle, row miss 20, latency 300. Stage latencies
 * (memstage.h): a 32-byte sector takes xs = 32 x 2 / 32 = 2 cycles of its
 * slice's port, back2 = (100 - 2) - (100 - 2) / 2 = 49; on the channel
 * xd = 1 cycle, d_out = 1, d_back = 178 (300 - 100 - 20 - 1 = 179).
 * So, for one sector:
 *   - a hit taken at a: port a -> a + 2, answered at a + 2 + 49 = a + 51;
 *   - a miss taken at a: port a -> a + 2, at the channel at a + 3; a
 *     row miss opens its row 20 cycles, a row hit is read at once; read
 *     done 1 cycle later; the data at the L2 d_back = 178 later; answered
 *     back2 = 49 after that.
 */
#include "cutest.h"
#include "dram.h"
#include "evq.h"
#include "l2.h"
#include "memsys.h"
#include "xbar.h"

/* An answer of the L2 to an L1: a fill of (cu, MSHR ref) or a store's
 * acknowledgement, at t. */
typedef struct answer {
    uint32_t cu, ref;
    uint64_t t;
    bool fill;
} answer;

/* A read a channel served. */
typedef struct read_back {
    uint32_t tag;
    uint64_t t, now;
} read_back;

typedef struct rig {
    cusim_hw hw;
    evq *q;
    dram *d;
    l2 *c;
    mem_stats st;
    bool writes;              /* DRAM writes (dirty victims) expected */
    answer log[16];
    uint32_t n;
    read_back reads[16];
    uint32_t n_reads;
} rig;

static void on_fill(void *ctx, uint32_t cu, uint32_t mshr, uint64_t t)
{
    rig *r = ctx;
    ck_assert_uint_lt(r->n, 16);
    r->log[r->n++] = (answer){ cu, mshr, t, true };
}

static void on_written(void *ctx, uint32_t cu, uint8_t kind, uint32_t ref,
                       uint64_t t)
{
    rig *r = ctx;
    ck_assert_uint_eq(kind, DOWN_STORE);
    ck_assert_uint_lt(r->n, 16);
    r->log[r->n++] = (answer){ cu, ref, t, false };
}

/* hier.c's dram_served but the crossbar: no L2 MSHR shortage here. */
static void on_served(void *ctx, uint32_t ch, uint32_t tag, uint64_t t,
                      uint64_t now)
{
    rig *r = ctx;
    if (tag == UINT32_MAX) {   /* a write: nothing to answer */
        ck_assert(r->writes);
        l2_unpark(r->c, ch, now);
        return;
    }
    ck_assert_uint_lt(r->n_reads, 16);
    r->reads[r->n_reads++] = (read_back){ tag, t, now };
    l2_read_done(r->c, tag, t);
    l2_unpark(r->c, ch, now);
}

static void rig_init(rig *r, const cusim_hw *hw)
{
    memset(r, 0, sizeof *r);
    r->hw = *hw;
    uint32_t channels = dram_event_count(&r->hw);
    uint32_t counts[1] = { channels + l2_event_count(&r->hw) };
    r->q = evq_new(counts, 1);
    r->d = dram_new(&r->hw, r->q, 0, 0, (dram_up){ r, on_served }, &r->st);
    r->c = l2_new(&r->hw, r->d, (l2_up){ r, on_fill, on_written }, &r->st,
                  r->q, 0, channels);
}

static void rig_free(rig *r)
{
    l2_free(r->c);
    dram_free(r->d);
    evq_free(r->q);
}

static void run_to(rig *r, uint64_t t)
{
    while (!evq_empty(r->q) && evq_next_cycle(r->q) <= t) {
        uint64_t now;
        evq_event ev = evq_pop(r->q, &now);
        if (ev.index < r->hw.dram.channels)
            dram_event(r->d, ev.index, now);
        else
            l2_event(r->c, ev.index - r->hw.dram.channels, now);
    }
}

/* CU cu's load (L1 MSHR ref) of `sectors` of the line at `addr`, at the
 * L2 at `now`. */
static void load(rig *r, uint32_t cu, uint32_t ref, uint64_t addr,
                 uint32_t sectors, uint64_t now)
{
    down d = { now, 0, addr, cu, ref, sectors, DOWN_LOAD, 0, 0 };
    l2_arrive(r->c, &d, now);
}

/* CU 0's store of sector 0 of the line at `addr`, request `ref`, at the
 * L2 at `now`. */
static void store(rig *r, uint32_t ref, uint64_t addr, uint64_t now)
{
    down d = { now, 0, addr, 0, ref, 0x1, DOWN_STORE, 0, 0 };
    l2_arrive(r->c, &d, now);
}

/* Answer i is a fill (or an acknowledgement) of (cu, ref) at t. */
static void answer_is(const rig *r, uint32_t i, bool fill, uint32_t cu,
                      uint32_t ref, uint64_t t)
{
    ck_assert_uint_lt(i, r->n);
    ck_assert_int_eq(r->log[i].fill, fill);
    ck_assert_uint_eq(r->log[i].cu, cu);
    ck_assert_uint_eq(r->log[i].ref, ref);
    ck_assert_uint_eq(r->log[i].t, t);
}

START_TEST(a_miss_and_hits)
{
    /* CU 0's load of sector 0 of line 0 (MSHR 5) at the L2 at 49: a miss;
     * port 49 -> 51, at the channel at 52, bank 0's row 0 opens 52 ->
     * 72, read 72 -> 73, data at the L2 at 251, the L1 filled at 251 + 49
     * = 300 (dram.latency after an L1 lookup at 0, to_l2 = 49 before this
     * arrival). Nothing is answered before the channel serves it at 72.
     * CU 1's load of it at 200: a hit, the sector valid since 72 but
     * there only from 251: port 200 -> 202 would answer 251, its data
     * answers 251 + 49 = 300.
     * CU 1's load at 549: a hit, port 549 -> 551, answered 600. */
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    rig_init(&r, &hw);
    load(&r, 0, 5, 0, 0x1, 49);
    ck_assert_uint_eq(r.n, 0);
    run_to(&r, 71);
    ck_assert_uint_eq(r.n, 0);
    run_to(&r, 72);
    ck_assert_uint_eq(r.n, 1);
    answer_is(&r, 0, true, 0, 5, 300);
    load(&r, 1, 6, 0, 0x1, 200);
    answer_is(&r, 1, true, 1, 6, 300);
    load(&r, 1, 7, 0, 0x1, 549);
    answer_is(&r, 2, true, 1, 7, 600);
    run_to(&r, 2000);
    ck_assert_uint_eq(r.n, 3);
    ck_assert_uint_eq(r.st.l2_sectors, 3);
    ck_assert_uint_eq(r.st.l2_hits, 2);
    ck_assert_uint_eq(r.st.dram_read_bytes, 32);
    ck_assert_uint_eq(r.st.dram_accesses, 1);
    ck_assert_uint_eq(r.st.l2_port_slots, 3 * 64);
    rig_free(&r);
}
END_TEST

START_TEST(two_l1s_share_an_l2_mshr)
{
    /* CU 0 (MSHR 1) and CU 1 (MSHR 2) miss sector 0 of line 0 at 49, CU 0
     * first: CU 0's takes an L2 MSHR and reads from DRAM (port 49 -> 51,
     * filled at 300 as in a_miss_and_hits); CU 1's finds the sector on
     * its way (port 51 -> 53) and waits on the same MSHR: no second read;
     * the sector on its way is a hit (Nsight's lts__t_sector_hit_rate
     * counts it so), and a pending hit. When the read is served (72)
     * both are filled at the data's 251 + 49 = 300. */
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    rig_init(&r, &hw);
    load(&r, 0, 1, 0, 0x1, 49);
    load(&r, 1, 2, 0, 0x1, 49);
    run_to(&r, 2000);
    ck_assert_uint_eq(r.n, 2);
    ck_assert_uint_eq(r.n_reads, 1);
    for (uint32_t i = 0; i < 2; i++) {
        ck_assert(r.log[i].fill);
        ck_assert_uint_eq(r.log[i].t, 300);
        ck_assert_uint_eq(r.log[i].ref, r.log[i].cu + 1);
    }
    ck_assert_uint_ne(r.log[0].cu, r.log[1].cu);
    ck_assert_uint_eq(r.st.dram_accesses, 1);
    ck_assert_uint_eq(r.st.dram_read_bytes, 32);
    ck_assert_uint_eq(r.st.l2_sectors, 2);
    ck_assert_uint_eq(r.st.l2_hits, 1);
    ck_assert_uint_eq(r.st.l2_pending_hits, 1);
    rig_free(&r);
}
END_TEST

START_TEST(a_parked_line_is_served_once)
{
    /* dram.window 1: the channel queues one request (and the L2 has 1
     * MSHR). A: CU 0's line 0 (byte 0, MSHR 1) at 49, a miss: its read
     * fills the queue (port 49 -> 51, at the channel at 52, row 0 of bank
     * 0 opened by 72, read then). B: CU 1's line 1 (byte 128: slice
     * 0, bank 0, row 0; MSHR 2) at 50, a miss with no room: parked at the
     * channel, nothing else done (no port time, not counted). C: CU 0's
     * line 2 (byte 256: slice 1, bank 0, row 0; MSHR 3) at 51: parked
     * behind B.
     * At 72 the channel serves A (filled at 300) and B goes on, once: its
     * port 72 -> 74, at the channel at 75, a row hit, read 75 -> 76, data
     * at 76 + 178 = 254, filled at 303. The queue is full again: C waits.
     * At 75 the channel serves B and C goes on: slice 1's port 75 -> 77,
     * at the channel at 78, a row hit, read 78 -> 79, data at 257, filled
     * at 306. Each line counted once at the L2 and moved once by its
     * port. */
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    hw.dram.window = 1;
    rig_init(&r, &hw);
    load(&r, 0, 1, 0, 0x1, 49);
    load(&r, 1, 2, 128, 0x1, 50);
    load(&r, 0, 3, 256, 0x1, 51);
    ck_assert_uint_eq(r.st.l2_sectors, 1);
    ck_assert_uint_eq(r.st.l2_port_slots, 64);
    run_to(&r, 74);
    ck_assert_uint_eq(r.n, 1);
    answer_is(&r, 0, true, 0, 1, 300);
    ck_assert_uint_eq(r.st.l2_sectors, 2);
    run_to(&r, 77);
    ck_assert_uint_eq(r.n, 2);
    answer_is(&r, 1, true, 1, 2, 303);
    run_to(&r, 5000);
    ck_assert_uint_eq(r.n, 3);
    answer_is(&r, 2, true, 0, 3, 306);
    ck_assert_uint_eq(r.n_reads, 3);
    ck_assert_uint_eq(r.reads[1].now, 75);
    ck_assert_uint_eq(r.reads[2].now, 78);
    ck_assert_uint_eq(r.st.l2_sectors, 3);
    ck_assert_uint_eq(r.st.l2_port_slots, 3 * 64);
    ck_assert_uint_eq(r.st.dram_accesses, 3);
    ck_assert_uint_eq(r.st.dram_row_hits, 2);
    rig_free(&r);
}
END_TEST

START_TEST(a_ninth_request_waits_for_a_merge_of_eight)
{
    /* cache.l2.mshr_merge 8. Nine loads of sector 0 of line 0 (slice 0),
     * from CUs 0..8 (L1 MSHR 1 each), at the L2 at 49: the first misses
     * and takes an MSHR (a_miss_and_hits: port 49 -> 51, served at 72,
     * its data at the L2 at 251, filled at 300); the next seven find the
     * sector on its way and wait on that MSHR (ports to 65): 8 requests,
     * the merge limit. The ninth finds it full: its reservation fails and
     * it waits at slice 0, nothing done (no port time, not counted). A
     * load of line 4 (byte 512: slice 0, bank 0, row 0) from CU 9 at 50
     * could take a free MSHR but waits behind it.
     * At 72 the channel serves the read: the eight are filled at 300, and
     * the MSHR stays held until its data is at the slice, 251: the slice
     * tries again then. The ninth is a hit (the sector there from 251):
     * port 251 -> 253, answered 253 + 49 = 302. Line 4 then: a miss, port
     * 253 -> 255, at the channel at 256, row 0 still open: read 256 ->
     * 257, data at 257 + 178 = 435, filled at 484. One reservation
     * failed. Hits: the seven sectors on their way (pending hits) and the
     * ninth's. */
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    hw.compute_units = 10;
    hw.cache.l2.mshr_merge = 8;
    rig_init(&r, &hw);
    for (uint32_t cu = 0; cu < 9; cu++)
        load(&r, cu, 1, 0, 0x1, 49);
    load(&r, 9, 1, 512, 0x1, 50);
    ck_assert_uint_eq(r.st.l2_sectors, 8);
    ck_assert_uint_eq(r.st.l2_reservation_fails, 1);
    run_to(&r, 250);
    ck_assert_uint_eq(r.n, 8);
    for (uint32_t i = 0; i < 8; i++) {
        ck_assert_uint_eq(r.log[i].t, 300);
        ck_assert_uint_lt(r.log[i].cu, 8);
    }
    ck_assert_uint_eq(r.st.l2_sectors, 8);
    run_to(&r, 251);
    ck_assert_uint_eq(r.n, 9);
    answer_is(&r, 8, true, 8, 1, 302);
    run_to(&r, 5000);
    ck_assert_uint_eq(r.n, 10);
    answer_is(&r, 9, true, 9, 1, 484);
    ck_assert_uint_eq(r.n_reads, 2);
    ck_assert_uint_eq(r.reads[1].now, 256);
    ck_assert_uint_eq(r.st.l2_sectors, 10);
    ck_assert_uint_eq(r.st.l2_hits, 8);
    ck_assert_uint_eq(r.st.l2_pending_hits, 7);
    ck_assert_uint_eq(r.st.l2_reservation_fails, 1);
    rig_free(&r);
}
END_TEST

START_TEST(a_full_mshr_file_stalls_its_slice)
{
    /* cache.l2.mshrs 1: one MSHR per slice. A: CU 0's line 0 (slice 0,
     * MSHR 1) at 49, a miss: it takes slice 0's MSHR (served at 72, data
     * at the L2 at 251, filled at 300). B: CU 1's line 1 (byte 128: slice
     * 0, MSHR 2) at 50, a miss: no MSHR free, its reservation fails, it
     * waits at slice 0. C: a store to line 4 (byte 512: slice 0) at 51
     * needs no MSHR but is behind B: it waits too. D: CU 2's line 2 (byte
     * 256: slice 1, bank 0, row 0) at 52 goes on in its own slice: port
     * 52 -> 54, at the channel at 55; row 0 opens for A by 72 and A is
     * read first (the oldest), 72 -> 73; D 73 -> 74, data at 252, filled
     * at 301.
     * At 251 A's data is at slice 0: its MSHR frees, the slice tries
     * again. B: port 251 -> 253, at the channel at 254, row 0 open: read
     * 254 -> 255, data at 433, filled at 482. C: port 253 -> 255,
     * acknowledged at 255 + 49 = 304. */
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    hw.cache.l2.mshrs = 1;
    rig_init(&r, &hw);
    load(&r, 0, 1, 0, 0x1, 49);
    load(&r, 1, 2, 128, 0x1, 50);
    store(&r, 9, 512, 51);
    load(&r, 2, 3, 256, 0x1, 52);
    ck_assert_uint_eq(r.st.l2_sectors, 2);
    ck_assert_uint_eq(r.st.l2_reservation_fails, 1);
    run_to(&r, 250);
    ck_assert_uint_eq(r.n, 2);
    answer_is(&r, 0, true, 0, 1, 300);
    answer_is(&r, 1, true, 2, 3, 301);
    run_to(&r, 251);
    ck_assert_uint_eq(r.n, 3);
    answer_is(&r, 2, false, 0, 9, 304);
    run_to(&r, 5000);
    ck_assert_uint_eq(r.n, 4);
    answer_is(&r, 3, true, 1, 2, 482);
    ck_assert_uint_eq(r.n_reads, 3);
    ck_assert_uint_eq(r.reads[2].now, 254);
    ck_assert_uint_eq(r.st.l2_reservation_fails, 1);
    rig_free(&r);
}
END_TEST

START_TEST(a_full_park_pool_moves_an_arrival_to_another_channel)
{
    /* Issue 43's crash, by hand. 1 CU x memory.max_inflight 2: a pool of
     * 2 parked arrivals. The L2: 2 sets of 2 ways (512 bytes, 1 slice;
     * line i in set i % 2); DRAM: 2 channels of window 1, line i in
     * channel i / 2 % 2 (interleave 256). Line i is at byte 128 i; every
     * store dirties one sector (32 bytes).
     *   Set 1 first: lines 3 (ch 1), then 1 (ch 0): LRU 3. Set 0: lines 0
     * (ch 0), 2 (ch 1); line 4 (ch 0) evicts 0 (a write fills ch 0); a hit
     * on 2 leaves 4 the LRU. Then e (line 8) and f (line 10) both need 4's
     * write in ch 0: both parked there, the pool full.
     *   When ch 0 writes 0, e goes on (4 written to ch 0: full again) and f
     * stays, its victim now 2, in ch 1. g (line 5) evicts 3 into ch 1
     * (full) and h (line 7), whose victim 1 is in ch 0 behind f, takes e's
     * entry: the pool is full again. When ch 0 writes 4, f must wait at
     * ch 1: it moves there in its own entry (before the fix it took a new
     * one first, and there was none: park() indexed with NONE); h goes on
     * (1 written to ch 0); when ch 1 writes 3, f goes on (2 written).
     * Every store is acknowledged once; 5 dirty sectors written. */
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    hw.compute_units = 1;
    hw.memory.max_inflight = 2;
    hw.cache.l2.bytes = 512;
    hw.cache.l2.ways = 2;
    hw.cache.l2.slices = 1;
    hw.dram.channels = 2;
    hw.dram.window = 1;
    rig_init(&r, &hw);
    r.writes = true;
    store(&r, 1, 3 * 128, 5);
    store(&r, 2, 1 * 128, 6);
    store(&r, 3, 0 * 128, 10);
    store(&r, 4, 2 * 128, 11);
    store(&r, 5, 4 * 128, 12);
    store(&r, 6, 2 * 128, 13);    /* a hit */
    ck_assert_uint_eq(r.n, 6);
    ck_assert_uint_eq(r.st.dram_write_bytes, 32);
    store(&r, 7, 8 * 128, 14);    /* e: parked */
    store(&r, 8, 10 * 128, 15);   /* f: parked */
    ck_assert_uint_eq(r.n, 6);
    /* until ch 0 has written line 0 and taken e's victim */
    while (r.st.dram_write_bytes < 64 && !evq_empty(r.q))
        run_to(&r, evq_next_cycle(r.q));
    ck_assert_uint_eq(r.n, 7);
    ck_assert_uint_eq(r.log[6].ref, 7);      /* e went on, f waits */
    uint64_t now = evq_next_cycle(r.q) - 1;
    store(&r, 9, 5 * 128, now);   /* g: 3 into ch 1 */
    ck_assert_uint_eq(r.st.dram_write_bytes, 96);
    store(&r, 10, 7 * 128, now);  /* h: parked, pool full */
    ck_assert_uint_eq(r.n, 8);
    run_to(&r, 100000);
    ck_assert_uint_eq(r.n, 10);
    bool acked[11] = { false };
    for (uint32_t i = 0; i < r.n; i++) {
        ck_assert(!r.log[i].fill);
        ck_assert(!acked[r.log[i].ref]);
        acked[r.log[i].ref] = true;
    }
    ck_assert_uint_eq(r.st.dram_write_bytes, 5 * 32);
    rig_free(&r);
}
END_TEST

START_TEST(a_store_takes_no_reservation)
{
    /* cache.l2.mshr_merge 1. CU 0's load of sector 0 of line 0 at 49
     * misses and fills its MSHR's one place (a_miss_and_hits: port 49 ->
     * 51, filled at 300). A store to the same sector at 50 takes no MSHR:
     * it is not refused for the full one, but taken at once, port 51 ->
     * 53, acknowledged at 53 + 49 = 102 (not after the fill at 251). */
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    hw.cache.l2.mshr_merge = 1;
    rig_init(&r, &hw);
    load(&r, 0, 1, 0, 0x1, 49);
    store(&r, 9, 0, 50);
    ck_assert_uint_eq(r.n, 1);
    answer_is(&r, 0, false, 0, 9, 102);
    ck_assert_uint_eq(r.st.l2_reservation_fails, 0);
    run_to(&r, 5000);
    ck_assert_uint_eq(r.n, 2);
    answer_is(&r, 1, true, 0, 1, 300);
    rig_free(&r);
}
END_TEST

START_TEST(a_line_evicts_only_in_its_slice)
{
    /* The L2 512 bytes of 2 ways in 2 slices: each slice one set of its
     * own 2 lines. Line i (byte 128 i) is in slice i / 2 % 2 (interleave
     * 256): lines 0, 1, 4 and 5 in slice 0, lines 2 and 3 in slice 1.
     * Loads of lines 0, 2 and 4 (sector 0 each, each after the one before
     * is filled) miss; line 2 takes slice 1's set, so 0 and 4 both stay
     * in slice 0's and a load of 0 hits. (Sets shared by all slices, set
     * = line mod 2, put 0, 2 and 4 in one set of 2 ways: 4 evicted 0.)
     * Line 1 then evicts slice 0's least recently used line, 4; line 2
     * still hits, 4 misses: 2 hits, 5 reads. */
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    hw.cache.l2.bytes = 512;
    hw.cache.l2.ways = 2;
    rig_init(&r, &hw);
    const uint32_t line[7] = { 0, 2, 4, 0, 1, 2, 4 };
    const uint32_t hits[7] = { 0, 0, 0, 1, 1, 2, 2 };
    for (uint32_t i = 0; i < 7; i++) {
        uint64_t at = 49 + 1000 * i;
        load(&r, 0, i, line[i] * 128, 0x1, at);
        run_to(&r, at + 999);
        ck_assert_uint_eq(r.n, i + 1);
        ck_assert_uint_eq(r.st.l2_hits, hits[i]);
    }
    ck_assert_uint_eq(r.st.dram_accesses, 5);
    rig_free(&r);
}
END_TEST

START_TEST(a_merged_load_waits_for_its_port_turn)
{
    /* cache.l2.bytes_per_cycle 1: a sector takes xs = 32 x 2 / 1 = 64
     * cycles of its slice's port; back2 = (100 - 64) - 18 = 18 (memstage.h;
     * DRAM's stages as in the header: d_out 1, d_back 178). Five loads of
     * sector 0 of line 0 (slice 0), from CUs 0..4: CU 0's at 49 misses,
     * port 49 -> 113, at the channel at 114, row open 114 -> 134, read 134
     * -> 135, data at the slice at 135 + 178 = 313. CUs 1..4's at 50 find
     * the sector on its way and wait on its MSHR, their own sectors on the
     * port after it: 113 -> 177, 177 -> 241, 241 -> 305, 305 -> 369. Each
     * is answered when its data is at the slice and through the port:
     * CUs 0..3 at 313 + 18 = 331, CU 4 at 369 + 18 = 387 (it was 331: a
     * port busier than the run is long). */
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    hw.cache.l2.bytes_per_cycle = 1;
    hw.compute_units = 5;
    rig_init(&r, &hw);
    load(&r, 0, 1, 0, 0x1, 49);
    for (uint32_t cu = 1; cu < 5; cu++)
        load(&r, cu, 1, 0, 0x1, 50);
    run_to(&r, 2000);
    ck_assert_uint_eq(r.n, 5);
    ck_assert_uint_eq(r.n_reads, 1);
    for (uint32_t i = 0; i < 5; i++) {
        ck_assert(r.log[i].fill);
        ck_assert_uint_eq(r.log[i].t, r.log[i].cu == 4 ? 387 : 331);
    }
    ck_assert_uint_eq(r.st.l2_port_slots, 5 * 64);
    rig_free(&r);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("l2");
    cutest_behaviour(s, "hit and miss", a_miss_and_hits);
    cutest_behaviour(s, "MSHR merge", two_l1s_share_an_l2_mshr);
    cutest_behaviour(s, "parked at a full DRAM queue", a_parked_line_is_served_once);
    cutest_behaviour(s, "MSHR merge limit",
                     a_ninth_request_waits_for_a_merge_of_eight);
    cutest_behaviour(s, "no MSHR free", a_full_mshr_file_stalls_its_slice);
    cutest_behaviour(s, "a slice's own sets", a_line_evicts_only_in_its_slice);
    cutest_behaviour(s, "the port after a merge",
                     a_merged_load_waits_for_its_port_turn);
    cutest_behaviour(s, "stores take no MSHR", a_store_takes_no_reservation);
    cutest_behaviour(s, "a full park pool",
                     a_full_park_pool_moves_an_arrival_to_another_channel);
    return s;
}

CUTEST_MAIN(make_suite)
