/*
 * check_memsys.c — the flat memory model (sim/model/memsys.c) through its
 * interface (sim/model/memsys.h): completion cycles and latency sums worked out
 * by hand, the floor sum the latency sum uses against a plain loop, the
 * in-flight cap's answer (kept per CU between changes) against a
 * recomputation from every access issued, and what a recorder reads
 * (mem_next_done) in completion order.
 */
#include <stdlib.h>

#include "cusim.h"
#include "cutest.h"
#include "intmath.h"
#include "memsys.h"
#include "program.h"

/* A flat memory of `cus` CUs: 64 bytes per cycle, 32-byte transactions,
 * latency 400, `cap` transactions in flight per CU. */
static memsys *flat(uint32_t cus, uint32_t cap)
{
    cusim_hw hw = cutest_tiny_cu();
    hw.compute_units = cus;
    hw.memory.max_inflight = cap;
    return mem_new(&hw, NULL, 0);
}

static uint64_t issue(memsys *m, uint32_t cu, uint32_t tx, uint64_t now)
{
    const mem_req r = { cu, 0, tx, 0, 0, 0, NULL };
    ck_assert_uint_eq(mem_accept_at(m, cu, tx, now), now);
    return mem_issue(m, &r, now);
}

START_TEST(floor_sum_against_a_loop)
{
    cutest_rng rng = { 12345 };
    for (int k = 0; k < 20000; k++) {
        uint64_t n = cutest_rnd(&rng, 200), d = 1 + cutest_rnd(&rng, 300);
        uint64_t a = cutest_rnd(&rng, 1000), b = cutest_rnd(&rng, 100000);
        uint64_t want = 0;
        for (uint64_t i = 0; i < n; i++)
            want += (a * i + b) / d;
        ck_assert_msg(floor_sum(n, d, a, b) == want,
                      "n %llu d %llu a %llu b %llu",
                      (unsigned long long)n, (unsigned long long)d,
                      (unsigned long long)a, (unsigned long long)b);
    }
    /* By hand: floor(0/3) + floor(2/3) + ... + floor(8/3) over i = 0..4 of
     * (2 i) / 3 = 0 + 0 + 1 + 2 + 2 = 5. */
    ck_assert_uint_eq(floor_sum(5, 3, 2, 0), 5);
}
END_TEST

START_TEST(completions_by_hand)
{
    /* Four transactions at cycle 0: the channel moves two per cycle, so
     * they leave at the ends of cycles 1, 1, 2, 2 and land 400 later: the
     * access completes at 402 and their latencies add to 401 + 401 + 402
     * + 402 = 1606. One more transaction at cycle 1 queues behind them
     * (bytes 128-160 of the channel: it leaves at 3) and lands at 403. */
    memsys *m = flat(1, 256);
    ck_assert_uint_eq(issue(m, 0, 4, 0), 402);
    ck_assert_uint_eq(mem_get_stats(m)->latency_sum, 1606);
    ck_assert_uint_eq(issue(m, 0, 1, 1), 403);
    ck_assert_uint_eq(mem_get_stats(m)->latency_sum, 1606 + 402);
    ck_assert_uint_eq(mem_get_stats(m)->transactions, 5);
    ck_assert_uint_eq(mem_get_stats(m)->bytes, 5 * 32);
    /* Issued later, with the channel idle: 10 + 1 + 400. */
    ck_assert_uint_eq(issue(m, 0, 2, 10), 411);
    ck_assert_uint_eq(mem_event_count(&(cusim_hw){ .compute_units = 1 }), 0);
    mem_free(m);
}
END_TEST

START_TEST(cap_by_hand)
{
    /* A cap of 4 transactions: 4 at cycle 0 (completing at 402) fill it;
     * 1 more may go when they have completed, at 402; the other CU is not
     * held. */
    memsys *m = flat(2, 4);
    ck_assert_uint_eq(issue(m, 0, 4, 0), 402);
    ck_assert_uint_eq(mem_accept_at(m, 0, 1, 5), 402);
    ck_assert_uint_eq(mem_accept_at(m, 0, 1, 500), 500);
    ck_assert_uint_eq(mem_accept_at(m, 1, 4, 5), 5);
    mem_free(m);
}
END_TEST

/* The reference for mem_accept_at: the earliest t >= at at which the
 * accesses still in flight (done > t) leave room for tx more
 * transactions and one more access under the cap. */
typedef struct ref_access {
    uint64_t done;
    uint32_t tx;
} ref_access;

static uint64_t ref_accept(const ref_access *a, int n, uint32_t cap,
                           uint32_t tx, uint64_t at)
{
    for (int pass = 0; pass <= n; pass++) {
        uint64_t t = at;
        if (pass > 0) {
            /* the candidates: each completion at or after `at` */
            if (a[pass - 1].done < at)
                continue;
            t = a[pass - 1].done;
        }
        uint64_t count = 0;
        uint32_t len = 0;
        for (int i = 0; i < n; i++)
            if (a[i].done > t) {
                count += a[i].tx;
                len++;
            }
        if (len == 0 || (count + tx <= cap && len < cap))
            return t;
    }
    ck_abort_msg("no cycle found");
    return 0;
}

START_TEST(accept_against_recomputation)
{
    /* Random accesses from 3 CUs under a cap of 16, each asked about
     * before it issues (the memo answers between issues, for any cycle)
     * and checked against the recomputation from all accesses so far. */
    enum { CUS = 3, CAP = 16, N = 3000 };
    memsys *m = flat(CUS, CAP);
    ref_access *hist[CUS];
    int n[CUS] = { 0 };
    for (int c = 0; c < CUS; c++)
        hist[c] = calloc(N, sizeof *hist[c]);
    cutest_rng rng = { 7 };
    uint64_t now = 0;
    for (int k = 0; k < N; k++) {
        now += cutest_rnd(&rng, 40);
        uint32_t cu = cutest_rnd(&rng, CUS), tx = 1 + cutest_rnd(&rng, CAP);
        /* a question about a later cycle first: it must not change the
         * answer for this one */
        uint64_t later = now + cutest_rnd(&rng, 800);
        ck_assert_uint_eq(mem_accept_at(m, cu, tx, later),
                          ref_accept(hist[cu], n[cu], CAP, tx, later));
        uint64_t want = ref_accept(hist[cu], n[cu], CAP, tx, now);
        ck_assert_uint_eq(mem_accept_at(m, cu, tx, now), want);
        if (want > now)
            now = want;   /* the issue waits for room, as a scheduler does */
        const mem_req r = { cu, 0, tx, 0, 0, 0, NULL };
        uint64_t done = mem_issue(m, &r, now);
        ck_assert_uint_gt(done, now);
        hist[cu][n[cu]++] = (ref_access){ done, tx };
    }
    for (int c = 0; c < CUS; c++)
        free(hist[c]);
    mem_free(m);
}
END_TEST

START_TEST(recorder_reads_completions_in_order)
{
    /* Watched: CU 0 issues 4 transactions at 0 (done 402), CU 1 one at 0
     * (queues behind: done 403), CU 0 one at 300 (behind them: bytes
     * 160-192 leave at 3, but not before 300: leaves at 301, done 701).
     * Read back by cycle: none by 401, CU 0's by 402, CU 1's by 500, CU
     * 0's second by 701. */
    memsys *m = flat(2, 256);
    mem_watch(m, true);
    issue(m, 0, 4, 0);
    issue(m, 1, 1, 0);
    issue(m, 0, 1, 300);
    uint32_t cu, tx;
    uint64_t done;
    ck_assert(!mem_next_done(m, 401, &cu, &tx, &done));
    ck_assert(mem_next_done(m, 402, &cu, &tx, &done));
    ck_assert_uint_eq(cu, 0);
    ck_assert_uint_eq(tx, 4);
    ck_assert_uint_eq(done, 402);
    ck_assert(!mem_next_done(m, 402, &cu, &tx, &done));
    ck_assert(mem_next_done(m, 700, &cu, &tx, &done));
    ck_assert_uint_eq(cu, 1);
    ck_assert_uint_eq(done, 403);
    ck_assert(!mem_next_done(m, 700, &cu, &tx, &done));
    ck_assert(mem_next_done(m, 701, &cu, &tx, &done));
    ck_assert_uint_eq(cu, 0);
    ck_assert_uint_eq(tx, 1);
    ck_assert_uint_eq(done, 701);
    /* Unwatched, nothing is kept. */
    mem_watch(m, false);
    issue(m, 0, 1, 800);
    ck_assert(!mem_next_done(m, 5000, &cu, &tx, &done));
    mem_free(m);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("memsys");
    TCase *tc = tcase_create("flat");
    tcase_add_test(tc, floor_sum_against_a_loop);
    tcase_add_test(tc, completions_by_hand);
    tcase_add_test(tc, cap_by_hand);
    tcase_add_test(tc, accept_against_recomputation);
    tcase_add_test(tc, recorder_reads_completions_in_order);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
