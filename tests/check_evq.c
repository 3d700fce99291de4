/*
 * check_evq.c — the event queue: (cycle, sequence) order, moves, cancels.
 */
#include "cutest.h"
#include "evq.h"

START_TEST(orders_by_cycle_then_sequence)
{
    evq *q = evq_new((uint32_t[]){ 8 }, 1);
    evq_set(q, 0, 3, 10);
    evq_set(q, 0, 1, 5);
    evq_set(q, 0, 2, 10);   /* same cycle as 3, scheduled later: pops after */
    evq_set(q, 0, 0, 7);
    uint64_t c;
    ck_assert_uint_eq(evq_next_cycle(q), 5);
    ck_assert_uint_eq(evq_pop(q, &c).index, 1);
    ck_assert_uint_eq(c, 5);
    ck_assert_uint_eq(evq_pop(q, &c).index, 0);
    ck_assert_uint_eq(evq_pop(q, &c).index, 3);
    ck_assert_uint_eq(evq_pop(q, &c).index, 2);
    ck_assert_uint_eq(c, 10);
    ck_assert(evq_empty(q));
    evq_free(q);
}
END_TEST

START_TEST(moves_and_cancels)
{
    evq *q = evq_new((uint32_t[]){ 4 }, 1);
    evq_set(q, 0, 0, 100);
    evq_set(q, 0, 1, 50);
    evq_set(q, 0, 0, 20);   /* moved earlier */
    evq_set(q, 0, 2, 60);
    evq_cancel(q, 0, 1);
    evq_cancel(q, 0, 3);    /* not pending: no effect */
    uint64_t c;
    ck_assert(evq_pending(q, 0, 2, &c));
    ck_assert_uint_eq(c, 60);
    ck_assert(!evq_pending(q, 0, 1, NULL));
    ck_assert_uint_eq(evq_pop(q, &c).index, 0);
    ck_assert_uint_eq(c, 20);
    ck_assert_uint_eq(evq_pop(q, &c).index, 2);
    ck_assert(evq_empty(q));
    evq_free(q);
}
END_TEST

/* evq_appends counts evq_set calls, moves included, and nothing else:
 * what the schedulers' wake-up batches rely on. */
START_TEST(counts_appends)
{
    evq *q = evq_new((uint32_t[]){ 4 }, 1);
    ck_assert_uint_eq(evq_appends(q), 0);
    evq_set(q, 0, 0, 10);
    evq_set(q, 0, 1, 10);
    evq_set(q, 0, 0, 12);   /* a move is an append */
    ck_assert_uint_eq(evq_appends(q), 3);
    evq_cancel(q, 0, 1);
    uint64_t c;
    ck_assert_uint_eq(evq_pop(q, &c).index, 0);
    ck_assert(!evq_pending(q, 0, 2, NULL));
    ck_assert_uint_eq(evq_appends(q), 3);
    evq_free(q);
}
END_TEST

/* Kinds are separate index spaces: (1, 0) is not (0, 0), and pop says
 * which kind it returns. */
START_TEST(kinds_name_their_events)
{
    evq *q = evq_new((uint32_t[]){ 2, 3, 1 }, 3);
    evq_set(q, 1, 0, 9);
    evq_set(q, 0, 0, 4);
    evq_set(q, 2, 0, 9);
    evq_set(q, 1, 2, 1);
    ck_assert(evq_pending(q, 1, 0, NULL));
    ck_assert(!evq_pending(q, 0, 1, NULL));
    evq_cancel(q, 0, 0);
    ck_assert(evq_pending(q, 1, 0, NULL));
    uint64_t c;
    evq_event e = evq_pop(q, &c);
    ck_assert_uint_eq(e.kind, 1);
    ck_assert_uint_eq(e.index, 2);
    ck_assert_uint_eq(c, 1);
    e = evq_pop(q, &c);
    ck_assert_uint_eq(e.kind, 1);
    ck_assert_uint_eq(e.index, 0);
    e = evq_pop(q, &c);
    ck_assert_uint_eq(e.kind, 2);
    ck_assert_uint_eq(e.index, 0);
    ck_assert_uint_eq(c, 9);
    ck_assert(evq_empty(q));
    evq_free(q);
}
END_TEST

START_TEST(random_against_sorting)
{
    /* 2000 random sets/moves/cancels on 64 handles; popping must yield
     * every pending handle in (cycle, last-set order). */
    enum { H = 64 };
    evq *q = evq_new((uint32_t[]){ H }, 1);
    uint64_t when[H], seq[H], s = 0;
    int pending[H] = { 0 };
    uint32_t x = 12345;
    for (int step = 0; step < 2000; step++) {
        x = x * 1103515245u + 12345u;
        uint32_t h = (x >> 8) % H;
        if ((x >> 20) % 5 == 0) {
            evq_cancel(q, 0, h);
            pending[h] = 0;
        } else {
            when[h] = (x >> 12) % 97;
            seq[h] = s++;
            pending[h] = 1;
            evq_set(q, 0, h, when[h]);
        }
    }
    uint64_t last_c = 0, last_s = 0;
    int first = 1, count = 0;
    while (!evq_empty(q)) {
        uint64_t c;
        uint32_t h = evq_pop(q, &c).index;
        ck_assert(pending[h]);
        ck_assert_uint_eq(c, when[h]);
        ck_assert(first || c > last_c || (c == last_c && seq[h] > last_s));
        last_c = c, last_s = seq[h], first = 0;
        pending[h] = 0;
        count++;
    }
    for (int h = 0; h < H; h++)
        ck_assert(!pending[h]);
    ck_assert_int_gt(count, 10);
    evq_free(q);
}
END_TEST

START_TEST(interleaved_against_reference)
{
    /* Sets, moves, cancels and pops interleaved, with cycles from the
     * current one to far beyond the calendar's wheel (1024 cycles), checked
     * against a plain reference: the pending handle with the smallest
     * (cycle, last-set order). */
    enum { H = 97, STEPS = 200000 };
    evq *q = evq_new((uint32_t[]){ H }, 1);
    uint64_t when[H], seq[H], s = 0, now = 0;
    int pending[H] = { 0 };
    uint32_t x = 777;
    int pops = 0;
    for (int step = 0; step < STEPS; step++) {
        x = x * 1103515245u + 12345u;
        uint32_t h = (x >> 8) % H, op = (x >> 20) % 10;
        if (op < 4) {
            /* pop: compare with the reference minimum */
            int best = -1;
            for (int i = 0; i < H; i++)
                if (pending[i] && (best < 0 || when[i] < when[best]
                                   || (when[i] == when[best] && seq[i] < seq[best])))
                    best = i;
            ck_assert_int_eq(evq_empty(q), best < 0);
            if (best < 0)
                continue;
            ck_assert_uint_eq(evq_next_cycle(q), when[best]);
            uint64_t c;
            uint32_t got = evq_pop(q, &c).index;
            ck_assert_uint_eq(got, (uint32_t)best);
            ck_assert_uint_eq(c, when[best]);
            pending[best] = 0;
            now = c;
            pops++;
        } else if (op == 4) {
            evq_cancel(q, 0, h);
            pending[h] = 0;
        } else {
            /* near (same cycle, a few ahead) or far (past the wheel) */
            uint32_t r = (x >> 12);
            uint64_t ahead = op < 8 ? r % 8 : op == 8 ? r % 1500 : r % 5000;
            when[h] = now + ahead;
            seq[h] = s++;
            pending[h] = 1;
            evq_set(q, 0, h, when[h]);
            uint64_t c;
            ck_assert(evq_pending(q, 0, h, &c));
            ck_assert_uint_eq(c, when[h]);
        }
    }
    ck_assert_int_gt(pops, STEPS / 10);
    evq_free(q);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("evq");
    TCase *tc = tcase_create("order");
    tcase_add_test(tc, orders_by_cycle_then_sequence);
    tcase_add_test(tc, moves_and_cancels);
    tcase_add_test(tc, counts_appends);
    tcase_add_test(tc, kinds_name_their_events);
    tcase_add_test(tc, random_against_sorting);
    tcase_add_test(tc, interleaved_against_reference);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
