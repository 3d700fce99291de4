/*
 * check_dram.c — the DRAM channels on their own (sim/model/dram.h): a
 * request is queued with dram_enqueue, the channel's events run from an
 * event queue, and a stub in place of the L2 records what each channel
 * served (channel, tag, data-at-L2 time, cycle served).
 *
 * The profile is cutest_tiny_hier (cutest.h): 1 channel of 2 banks, 1 KiB
 * rows, 32 bytes per cycle, a row miss 20 cycles, dram.latency 300,
 * L2 latency 100 over 2 slices at 32 bytes per cycle, 32-byte sectors,
 * L2 interleave 256. Its stage latencies (memstage.h): xs = 32 x 2 / 32
 * = 2, xd = 32 x 1 / 32 = 1, so d_out + d_back = 300 - (100 + 20 + 1) =
 * 179: d_out = 1 (a slice sits beside its channel), d_back = 178.
 *
 * The rules used (dram.c, chan_run):
 *   - a request sent at s arrives at the channel at s + d_out = s + 1;
 *   - a row opening takes row_miss_cycles: the row is readable from
 *     now + 20;
 *   - a read takes bytes x channels / bytes_per_cycle cycles of the bus
 *     (32 x 1 / 32 = 1 here) from `now`: done = now + 1; its data is at
 *     the L2 at done + d_back;
 *   - FR-FCFS reads the oldest arrived request to an open row; FCFS only
 *     the oldest; FR-FCFS serves only the oldest once `window` reads went
 *     ahead of it.
 * Address mapping (channels 1): bank = addr / 1024 % 2, row = addr /
 * 2048.
 */
#include "cutest.h"
#include "dram.h"
#include "evq.h"
#include "memsys.h"

/* What a channel served, in order. */
typedef struct served {
    uint32_t ch, tag;
    uint64_t t, now;
} served;

typedef struct rig {
    cusim_hw hw;
    evq *q;
    dram *d;
    mem_stats st;
    served log[32];
    uint32_t n;
} rig;

static void on_served(void *ctx, uint32_t ch, uint32_t tag, uint64_t t,
                      uint64_t now)
{
    rig *r = ctx;
    ck_assert_uint_lt(r->n, 32);
    r->log[r->n++] = (served){ ch, tag, t, now };
}

static void rig_init(rig *r, const cusim_hw *hw)
{
    memset(r, 0, sizeof *r);
    r->hw = *hw;
    uint32_t counts[1] = { dram_event_count(&r->hw) };
    r->q = evq_new(counts, 1);
    r->d = dram_new(&r->hw, r->q, 0, 0, (dram_up){ r, on_served }, &r->st);
}

static void rig_free(rig *r)
{
    dram_free(r->d);
    evq_free(r->q);
}

/* Runs the channels' events up to cycle `t`. */
static void run_to(rig *r, uint64_t t)
{
    while (!evq_empty(r->q) && evq_next_cycle(r->q) <= t) {
        uint64_t now;
        evq_event ev = evq_pop(r->q, &now);
        dram_event(r->d, ev.index, now);
    }
}

/* Entry i of the log is tag `tag` served on channel `ch` at `now`, its
 * data at the L2 at `t`. */
static void served_is(const rig *r, uint32_t i, uint32_t ch, uint32_t tag,
                      uint64_t now, uint64_t t)
{
    ck_assert_uint_lt(i, r->n);
    ck_assert_uint_eq(r->log[i].tag, tag);
    ck_assert_uint_eq(r->log[i].ch, ch);
    ck_assert_uint_eq(r->log[i].now, now);
    ck_assert_uint_eq(r->log[i].t, t);
}

START_TEST(row_hit_against_row_miss)
{
    /* Read 1, byte 0 (bank 0, row 0), sent at 0: arrives 0 + 1 = 1;
     * bank 0 has no open row: opened 1 -> 21, read at 21, done 22, at
     * the L2 at 22 + 178 = 200.
     * Read 2, byte 32 (bank 0, row 0: open), sent at 1000: arrives 1001,
     * read at once, done 1002, at the L2 at 1180: 180 cycles.
     * Read 3, byte 2048 (bank 0, row 1), sent at 2000: arrives 2001, row
     * 1 opened 2001 -> 2021, read, done 2022, at the L2 at 2200: 200
     * cycles, row_miss_cycles (20) more than the row hit. */
    rig r;
    cusim_hw hw = cutest_tiny_hier();
    rig_init(&r, &hw);
    dram_enqueue(r.d, dram_channel(r.d, 0), 0, 32, 1, 0);
    run_to(&r, 999);
    dram_enqueue(r.d, dram_channel(r.d, 32), 32, 32, 2, 1000);
    run_to(&r, 1999);
    dram_enqueue(r.d, dram_channel(r.d, 2048), 2048, 32, 3, 2000);
    run_to(&r, 5000);
    ck_assert_uint_eq(r.n, 3);
    served_is(&r, 0, 0, 1, 21, 200);
    served_is(&r, 1, 0, 2, 1001, 1180);
    served_is(&r, 2, 0, 3, 2021, 2200);
    ck_assert_uint_eq(r.st.dram_accesses, 3);
    ck_assert_uint_eq(r.st.dram_row_hits, 1);
    ck_assert(evq_empty(r.q));
    rig_free(&r);
}
END_TEST

/* Row 0 of bank 0 opened by a read of byte 0 sent at 0 (served at 21,
 * row_hit_against_row_miss), then an older read of row 1 (byte 2048, tag
 * 1) and a younger one of row 0 (byte 64, tag 2) of bank 0, both sent at
 * 1000 and arriving at 1001. */
static void row_race(cusim_dram_sched sched, rig *r)
{
    cusim_hw hw = cutest_tiny_hier();
    hw.dram.scheduler = sched;
    rig_init(r, &hw);
    dram_enqueue(r->d, dram_channel(r->d, 0), 0, 32, 0, 0);
    run_to(r, 999);
    dram_enqueue(r->d, dram_channel(r->d, 2048), 2048, 32, 1, 1000);
    dram_enqueue(r->d, dram_channel(r->d, 64), 64, 32, 2, 1000);
    run_to(r, 5000);
}

START_TEST(fr_fcfs_serves_the_open_row_first)
{
    /* FR-FCFS at 1001: the younger is a row hit, read first: done 1002,
     * at the L2 at 1180. Row 0 has no more reads; the bank may open
     * another row once that read is done (1002): row 1 opens 1002 ->
     * 1022, the older is read at 1022, done 1023, at the L2 at 1201. */
    rig r;
    row_race(CUSIM_DRAM_FR_FCFS, &r);
    ck_assert_uint_eq(r.n, 3);
    served_is(&r, 1, 0, 2, 1001, 1180);
    served_is(&r, 2, 0, 1, 1022, 1201);
    ck_assert_uint_eq(r.st.dram_row_hits, 1);
    rig_free(&r);
}
END_TEST

START_TEST(fcfs_serves_the_oldest_first)
{
    /* FCFS at 1001: only the oldest, the row-1 read: the bank's last read
     * was done at 22, so row 1 opens 1001 -> 1021, read at 1021, done
     * 1022, at the L2 at 1200. Then the younger finds row 1 open: row 0
     * opens once that read is done, 1022 -> 1042, read, done 1043, at the
     * L2 at 1221. No row hit. */
    rig r;
    row_race(CUSIM_DRAM_FCFS, &r);
    ck_assert_uint_eq(r.n, 3);
    served_is(&r, 1, 0, 1, 1021, 1200);
    served_is(&r, 2, 0, 2, 1042, 1221);
    ck_assert_uint_eq(r.st.dram_row_hits, 0);
    rig_free(&r);
}
END_TEST

/* The bypass bound with dram.window w (2 or 3) on cutest_tiny_hier() with
 * dram.latency 123: d_out + d_back = 123 - 121 = 2, so d_out = 1 and
 * d_back = 1 (a request arrives the cycle after it is sent, and a row hit
 * can be sent while the one before it is read). Row 0 of bank 0 is
 * opened by a read of byte 0 sent at 0 (arrives 1, row open 21, read at
 * 21, done 22). At 100 an older read of row 1 (byte 2048, tag 10) and a
 * row hit (byte 32, tag 1) are sent; each later row hit (bytes 64, 96,
 * 128: tags 2, 3, 4) is sent in the cycle the one before it is read, as
 * soon as the queue (w entries) has room. */
static void bypass(uint32_t w, rig *r)
{
    cusim_hw hw = cutest_tiny_hier();
    hw.dram.latency = 123;
    hw.dram.window = w;
    rig_init(r, &hw);
    dram_enqueue(r->d, dram_channel(r->d, 0), 0, 32, 0, 0);
    run_to(r, 99);
    dram_enqueue(r->d, dram_channel(r->d, 2048), 2048, 32, 10, 100);
    dram_enqueue(r->d, dram_channel(r->d, 32), 32, 32, 1, 100);
    run_to(r, 101);
    dram_enqueue(r->d, dram_channel(r->d, 64), 64, 32, 2, 101);
    run_to(r, 102);
    dram_enqueue(r->d, dram_channel(r->d, 96), 96, 32, 3, 102);
    if (w > 2) {
        run_to(r, 103);
        dram_enqueue(r->d, dram_channel(r->d, 128), 128, 32, 4, 103);
    }
    run_to(r, 1000);
}

START_TEST(fr_fcfs_bounds_the_bypass)
{
    /* window 2: at 101 tag 1 (a row hit) goes ahead of the older: read,
     * done 102, at the L2 at 103 (1 read ahead). At 102 tag 2, arrived,
     * goes ahead too: done 103, at the L2 at 104 (2 reads ahead = the
     * window). At 103 tag 3 has arrived, a row hit, but 2 reads went
     * ahead: only the oldest is served. Its bank's last read was done at
     * 103: row 1 opens 103 -> 123, the older is read at 123, done 124,
     * at the L2 at 125. Tag 3 then finds row 1 open: row 0 opens once
     * that read is done, 124 -> 144, read, done 145, at the L2 at 146. */
    rig r;
    bypass(2, &r);
    ck_assert_uint_eq(r.n, 5);
    served_is(&r, 1, 0, 1, 101, 103);
    served_is(&r, 2, 0, 2, 102, 104);
    served_is(&r, 3, 0, 10, 123, 125);
    served_is(&r, 4, 0, 3, 144, 146);
    ck_assert_uint_eq(r.st.dram_row_hits, 2);
    rig_free(&r);

    /* window 3: tag 3 too goes ahead at 103 (done 104, at the L2 at
     * 105): 3 reads ahead. At 104 tag 4 (sent at 103) has arrived, a row
     * hit, but only the oldest may go: row 1 opens 104 -> 124, the older
     * is read at 124 (at the L2 at 126); tag 4 then opens row 0 at 125,
     * read at 145, at the L2 at 147. */
    bypass(3, &r);
    ck_assert_uint_eq(r.n, 6);
    served_is(&r, 1, 0, 1, 101, 103);
    served_is(&r, 2, 0, 2, 102, 104);
    served_is(&r, 3, 0, 3, 103, 105);
    served_is(&r, 4, 0, 10, 124, 126);
    served_is(&r, 5, 0, 4, 145, 147);
    ck_assert_uint_eq(r.st.dram_row_hits, 3);
    rig_free(&r);
}
END_TEST

START_TEST(channels_banks_and_rows_by_address)
{
    /* cutest_tiny_hier() with 4 channels: the L2's 256-byte interleave units go to
     * channels in turn, channel = addr / 256 % 4; within a channel its
     * units are packed: local = (addr / 256 / 4) x 256 + addr % 256, bank
     * = local / 1024 % 2, row = local / 2048. Stage latencies: xd = 32 x
     * 4 / 32 = 4, d_out + d_back = 300 - 124 = 176: 1 and 175; a 32-byte
     * read takes 32 x 4 / 32 = 4 cycles of its channel's bus.
     *   byte    channel  local  bank  row
     *   0       0        0      0     0
     *   1024    0        256    0     0     (row hit after byte 0)
     *   256     1        0      0     0     (its own channel: a row miss)
     *   4096    0        1024   1     0     (bank 1, never opened: miss)
     *   8192    0        2048   0     1     (row miss in bank 0)
     *   4128    0        1056   1     0     (bank 1's row still open)
     * Each sent alone at 1000 k (k = 0..5): a row miss arrives at +1,
     * opens its row by +21, is done at +25 and at the L2 at +200; a row
     * hit is read at +1, done at +5, at the L2 at +180. */
    cusim_hw hw = cutest_tiny_hier();
    hw.dram.channels = 4;
    rig r;
    rig_init(&r, &hw);
    ck_assert_uint_eq(dram_event_count(&hw), 4);
    ck_assert_uint_eq(dram_channel(r.d, 0), 0);
    ck_assert_uint_eq(dram_channel(r.d, 255), 0);
    ck_assert_uint_eq(dram_channel(r.d, 256), 1);
    ck_assert_uint_eq(dram_channel(r.d, 768), 3);
    ck_assert_uint_eq(dram_channel(r.d, 1024), 0);
    ck_assert_uint_eq(dram_channel(r.d, 1280 + 17), 1);
    const uint64_t addr[6] = { 0, 1024, 256, 4096, 8192, 4128 };
    const uint32_t ch[6] = { 0, 0, 1, 0, 0, 0 };
    const bool hit[6] = { false, true, false, false, false, true };
    for (uint32_t k = 0; k < 6; k++) {
        dram_enqueue(r.d, dram_channel(r.d, addr[k]), addr[k], 32, k, 1000 * k);
        run_to(&r, 1000 * k + 999);
        served_is(&r, k, ch[k], k, 1000 * k + (hit[k] ? 1 : 21),
                  1000 * k + (hit[k] ? 180 : 200));
    }
    ck_assert_uint_eq(r.st.dram_row_hits, 2);
    rig_free(&r);
}
END_TEST

START_TEST(room_in_a_channel_s_queue)
{
    /* dram.window 2: a queue of 2. Empty: room for 1 or 2, not 3. With
     * one queued (byte 0, sent at 0), room for 1; with two, none; the
     * other channel's queue is apart. Once one is served (the first at
     * 21, row_hit_against_row_miss) there is room for 1 again. */
    cusim_hw hw = cutest_tiny_hier();
    hw.dram.window = 2;
    hw.dram.channels = 2;
    rig r;
    rig_init(&r, &hw);
    ck_assert(dram_room(r.d, 0, 1));
    ck_assert(dram_room(r.d, 0, 2));
    ck_assert(!dram_room(r.d, 0, 3));
    dram_enqueue(r.d, dram_channel(r.d, 0), 0, 32, 1, 0);
    ck_assert(dram_room(r.d, 0, 1));
    ck_assert(!dram_room(r.d, 0, 2));
    dram_enqueue(r.d, dram_channel(r.d, 32), 32, 32, 2, 0);
    ck_assert(!dram_room(r.d, 0, 1));
    ck_assert(dram_room(r.d, 1, 2));
    /* 2 channels: xd = 2, d_out = 1: the first arrives at 1, its row
     * opens by 21 and it is read then. */
    run_to(&r, 20);
    ck_assert_uint_eq(r.n, 0);
    ck_assert(!dram_room(r.d, 0, 1));
    run_to(&r, 21);
    ck_assert_uint_eq(r.n, 1);
    ck_assert(dram_room(r.d, 0, 1));
    ck_assert(!dram_room(r.d, 0, 2));
    run_to(&r, 1000);
    rig_free(&r);

    /* A window of 0 is a queue of 1, but an empty queue takes a read and
     * its dirty victim's write together (dram.h), never three; with one
     * queued there is no room for another. */
    hw = cutest_tiny_hier();
    hw.dram.window = 0;
    rig_init(&r, &hw);
    ck_assert(dram_room(r.d, 0, 1));
    ck_assert(dram_room(r.d, 0, 2));
    ck_assert(!dram_room(r.d, 0, 3));
    dram_enqueue(r.d, dram_channel(r.d, 0), 0, 32, 1, 0);
    ck_assert(!dram_room(r.d, 0, 1));
    run_to(&r, 1000);
    ck_assert(dram_room(r.d, 0, 2));
    rig_free(&r);
}
END_TEST

/* A feeder in place of the L2 for the_bus_not_the_latency: each serve
 * sends the next read of the channel's stream at once. */
typedef struct stream {
    dram *d;
    uint32_t sent[2], served[2];
    uint64_t t[2][64];        /* each channel's reads' data-at-L2 times */
} stream;

/* The k-th read of channel c: 32 bytes at 512 k + 256 c (channel c,
 * bank 0, its channel's byte 256 k: row 0 while k < 256). */
static void stream_send(stream *s, uint32_t c, uint64_t now)
{
    uint64_t k = s->sent[c]++;
    dram_enqueue(s->d, c, 512 * k + 256 * c, 32, c, now);
}

static void stream_served(void *ctx, uint32_t ch, uint32_t tag, uint64_t t,
                          uint64_t now)
{
    stream *s = ctx;
    ck_assert_uint_eq(tag, ch);
    s->t[ch][s->served[ch]++] = t;
    if (s->sent[ch] < 64)
        stream_send(s, ch, now);
}

START_TEST(the_bus_not_the_latency)
{
    /* Two channels of one bank each, dram.latency 2000, a queue of 4,
     * rows of 64 KiB: a channel's reads all read row 0. Each channel has
     * 16 of the 32 bytes a cycle: a 32-byte read holds its bus 2 cycles.
     * xd = 32 x 2 / 32 = 2, so d_out = 1 and d_back = 2000 - (100 + 20 +
     * 2) - 1 = 1877: the data of a read done at d is at the L2 at
     * d + 1877. Each channel gets 4 reads at 0 and another each time it
     * serves one (it arrives the next cycle).
     * The first read arrives at 1, opens row 0 1 -> 21, is read at 21 and
     * done at 23; the bus frees at 23, so the next row hit is read at 22
     * (the cycle before) and done at 25, and so on: read k is done at
     * 23 + 2 k, its data at the L2 at 23 + 2 k + 1877. A channel moves 32
     * bytes every 2 cycles, its bus rate, while all 64 are on their way
     * back: the latency is a pipeline. (Were a queue entry held for the
     * latency, 4 reads would take about 1,900 cycles.) */
    cusim_hw hw = cutest_tiny_hier();
    hw.dram.latency = 2000;
    hw.dram.channels = 2;
    hw.dram.banks = 1;
    hw.dram.window = 4;
    hw.dram.row = 65536;
    stream s = { 0 };
    uint32_t counts[1] = { dram_event_count(&hw) };
    evq *q = evq_new(counts, 1);
    mem_stats st = { 0 };
    s.d = dram_new(&hw, q, 0, 0, (dram_up){ &s, stream_served }, &st);
    for (uint32_t i = 0; i < 4; i++)
        for (uint32_t c = 0; c < 2; c++)
            stream_send(&s, c, 0);
    while (!evq_empty(q)) {
        uint64_t now;
        evq_event ev = evq_pop(q, &now);
        dram_event(s.d, ev.index, now);
    }
    for (uint32_t c = 0; c < 2; c++) {
        ck_assert_uint_eq(s.served[c], 64);
        for (uint32_t k = 0; k < 64; k++)
            ck_assert_uint_eq(s.t[c][k], 23 + 2 * k + 1877);
    }
    ck_assert_uint_eq(st.dram_row_hits, 2 * 63);
    dram_free(s.d);
    evq_free(q);
}
END_TEST

/* The bus's turnaround (dram.read_to_write_cycles 5, write_to_read 3).
 * Row 0 of bank 0 is opened by read 0 (byte 0, sent at 0: read at 21,
 * done 22). At 1000 a write (byte 32, tag NONE) and then reads 2 and 3
 * (bytes 64, 96) are sent, all row-0 hits arriving at 1001. The bus last
 * read, so the reads go first though the write is older: read 2 at 1001
 * (done 1002, at the L2 at 1180), read 3 at 1002 (done 1003, 1181). The
 * write turns the bus around: it may start at 1003 + 5 = 1008, so the
 * channel takes it at 1007 (the cycle before) and it is done at 1009
 * (1187). Read 4 (byte 128) sent at 1010 arrives at 1011 and turns it
 * back: it starts at 1009 + 3 = 1012, done 1013, at the L2 at 1191. */
static void turnaround_run(rig *r, uint32_t rtw, uint32_t wtr)
{
    cusim_hw hw = cutest_tiny_hier();
    hw.dram.read_to_write_cycles = rtw;
    hw.dram.write_to_read_cycles = wtr;
    rig_init(r, &hw);
    dram_enqueue(r->d, dram_channel(r->d, 0), 0, 32, 0, 0);
    run_to(r, 999);
    dram_enqueue(r->d, dram_channel(r->d, 32), 32, 32, UINT32_MAX, 1000);
    dram_enqueue(r->d, dram_channel(r->d, 64), 64, 32, 2, 1000);
    dram_enqueue(r->d, dram_channel(r->d, 96), 96, 32, 3, 1000);
    run_to(r, 1009);
    dram_enqueue(r->d, dram_channel(r->d, 128), 128, 32, 4, 1010);
    run_to(r, 5000);
}

START_TEST(turnaround_between_reads_and_writes)
{
    rig r;
    turnaround_run(&r, 5, 3);
    ck_assert_uint_eq(r.n, 5);
    served_is(&r, 0, 0, 0, 21, 200);
    served_is(&r, 1, 0, 2, 1001, 1180);
    served_is(&r, 2, 0, 3, 1002, 1181);
    served_is(&r, 3, 0, UINT32_MAX, 1007, 1187);
    served_is(&r, 4, 0, 4, 1011, 1191);
    ck_assert_uint_eq(r.st.dram_row_hits, 4);
    rig_free(&r);
    /* Without a turnaround the oldest row hit goes first, whatever its
     * direction: the write at 1001, the reads at 1002 and 1003, read 4
     * at 1011 (done 1012, at the L2 at 1190). */
    turnaround_run(&r, 0, 0);
    ck_assert_uint_eq(r.n, 5);
    served_is(&r, 1, 0, UINT32_MAX, 1001, 1180);
    served_is(&r, 2, 0, 2, 1002, 1181);
    served_is(&r, 3, 0, 3, 1003, 1182);
    served_is(&r, 4, 0, 4, 1011, 1190);
    rig_free(&r);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("dram");
    cutest_behaviour(s, "row hit and row miss", row_hit_against_row_miss);
    cutest_behaviour(s, "FR-FCFS", fr_fcfs_serves_the_open_row_first);
    cutest_behaviour(s, "FCFS", fcfs_serves_the_oldest_first);
    cutest_behaviour(s, "bypass bound", fr_fcfs_bounds_the_bypass);
    cutest_behaviour(s, "address mapping", channels_banks_and_rows_by_address);
    cutest_behaviour(s, "queue room", room_in_a_channel_s_queue);
    cutest_behaviour(s, "throughput", the_bus_not_the_latency);
    cutest_behaviour(s, "turnaround", turnaround_between_reads_and_writes);
    return s;
}

CUTEST_MAIN(make_suite)
