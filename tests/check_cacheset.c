/*
 * check_cacheset.c — the tag store (sim/model/cacheset.h) on its own:
 * cacheset_find / touch / put / shrink and cacheset_geometry, by the
 * rules its header states:
 *   - a line `l` is kept as tag l + 1 (0: an empty way);
 *   - a set fills from way 0 on: a miss in a set of `fill` lines with
 *     fill < use gets way `fill` (slot set x ways + fill) as its victim;
 *   - a full set's victim is the least recently used line whose slot is
 *     not being fetched (mshr NONE), NONE when every one is;
 *   - cacheset_put and cacheset_touch make the slot the set's most
 *     recently used;
 *   - cacheset_shrink(use) keeps each set's first `use` ways and drops
 *     the lines in the others.
 * Slot indices are set x ways + way.
 */
#include "cacheset.h"
#include "cutest.h"

/* Misses line `line` in `set` (it must miss), puts it in the victim and
 * returns the victim's slot. */
static uint32_t miss_put(cacheset *c, uint64_t set, uint64_t line)
{
    uint32_t v = 12345;
    ck_assert_uint_eq(cacheset_find(c, set, line + 1, &v), NONE);
    ck_assert_uint_ne(v, NONE);
    cacheset_put(c, set, v, line + 1);
    return v;
}

/* The victim a miss of `line` in `set` would get. */
static uint32_t victim_of(const cacheset *c, uint64_t set, uint64_t line)
{
    uint32_t v = 12345;
    ck_assert_uint_eq(cacheset_find(c, set, line + 1, &v), NONE);
    return v;
}

START_TEST(a_line_put_is_found)
{
    /* 2 sets x 4 ways. Line 7 put in set 1 goes to its way 0 (slot 1 x 4
     * + 0 = 4) and is found there; set 0 is untouched: line 7 misses
     * there, with way 0 of set 0 (slot 0) as its victim. */
    cacheset c;
    cacheset_init(&c, 2, 4);
    ck_assert_uint_eq(miss_put(&c, 1, 7), 4);
    uint32_t v = 12345;
    ck_assert_uint_eq(cacheset_find(&c, 1, 8, &v), 4);
    ck_assert_uint_eq(v, 12345);         /* a hit leaves *victim alone */
    ck_assert_uint_eq(victim_of(&c, 0, 7), 0);
    ck_assert_uint_eq(c.fill[1], 1);
    ck_assert_uint_eq(c.fill[0], 0);
    cacheset_release(&c);
}
END_TEST

START_TEST(empty_ways_fill_in_order)
{
    /* A set fills from way 0 on: lines 10, 11, 12, 13 missing one after
     * another in set 1 of 2 x 4 take ways 0, 1, 2, 3 (slots 4, 5, 6, 7),
     * whatever their tags; each is found in its slot afterwards. */
    cacheset c;
    cacheset_init(&c, 2, 4);
    for (uint32_t w = 0; w < 4; w++)
        ck_assert_uint_eq(miss_put(&c, 1, 13 - w), 4 + w);
    ck_assert_uint_eq(c.fill[1], 4);
    for (uint32_t w = 0; w < 4; w++) {
        uint32_t v;
        ck_assert_uint_eq(cacheset_find(&c, 1, 13 - w + 1, &v), 4 + w);
    }
    cacheset_release(&c);
}
END_TEST

START_TEST(the_victim_is_the_least_recently_used)
{
    /* 1 set x 4 ways: lines A..D (0..3) put in ways 0..3, so the recency
     * order, oldest first, is A B C D. Touching A makes it B C D A: a
     * miss's victim is B (way 1). Putting E (4) there makes it C D A E:
     * the next victim is C (way 2). Touching the most recently used (E)
     * changes nothing: still C. Touching C then D: A E C D, victim A
     * (way 0). */
    cacheset c;
    cacheset_init(&c, 1, 4);
    for (uint64_t l = 0; l < 4; l++)
        ck_assert_uint_eq(miss_put(&c, 0, l), l);
    ck_assert_uint_eq(victim_of(&c, 0, 9), 0);   /* A, the oldest */
    cacheset_touch(&c, 0, 0);
    ck_assert_uint_eq(victim_of(&c, 0, 9), 1);
    ck_assert_uint_eq(miss_put(&c, 0, 4), 1);    /* E replaces B */
    uint32_t v;
    ck_assert_uint_eq(cacheset_find(&c, 0, 1 + 1, &v), NONE);   /* B gone */
    ck_assert_uint_eq(cacheset_find(&c, 0, 4 + 1, &v), 1);
    ck_assert_uint_eq(victim_of(&c, 0, 9), 2);
    cacheset_touch(&c, 0, 1);                    /* E, already the MRU */
    ck_assert_uint_eq(victim_of(&c, 0, 9), 2);
    cacheset_touch(&c, 0, 2);
    cacheset_touch(&c, 0, 3);
    ck_assert_uint_eq(victim_of(&c, 0, 9), 0);
    ck_assert_uint_eq(c.lru[0], 0);
    ck_assert_uint_eq(c.mru[0], 3);
    cacheset_release(&c);
}
END_TEST

START_TEST(a_line_being_fetched_is_no_victim)
{
    /* 1 set x 4 ways, lines 0..3 in ways 0..3 (recency 0 1 2 3). Line 0's
     * slot being fetched (mshr 5): the victim is the next oldest, line 1
     * (way 1); lines 0 and 1 being fetched: line 2 (way 2). Once line 0's
     * fetch is over (mshr NONE) it is the victim again. */
    cacheset c;
    cacheset_init(&c, 1, 4);
    for (uint64_t l = 0; l < 4; l++)
        miss_put(&c, 0, l);
    c.slots[0].mshr = 5;
    ck_assert_uint_eq(victim_of(&c, 0, 9), 1);
    c.slots[1].mshr = 6;
    ck_assert_uint_eq(victim_of(&c, 0, 9), 2);
    c.slots[0].mshr = NONE;
    ck_assert_uint_eq(victim_of(&c, 0, 9), 0);
    /* A line being fetched is still found (a hit on a line on its way). */
    uint32_t v;
    ck_assert_uint_eq(cacheset_find(&c, 0, 1 + 1, &v), 1);
    cacheset_release(&c);
}
END_TEST

START_TEST(no_victim_when_every_line_is_fetched)
{
    /* 2 sets x 2 ways, set 0 full of lines 0 and 2, both being fetched: a
     * miss there has no victim (NONE); set 1, empty, still has way 0
     * (slot 2). An empty way is taken before any fetched line is looked
     * at: with set 0's way 1 never filled the victim is way 1. */
    cacheset c;
    cacheset_init(&c, 2, 2);
    miss_put(&c, 0, 0);
    miss_put(&c, 0, 2);
    c.slots[0].mshr = 0;
    c.slots[1].mshr = 1;
    ck_assert_uint_eq(victim_of(&c, 0, 4), NONE);
    ck_assert_uint_eq(victim_of(&c, 1, 5), 2);
    cacheset_release(&c);

    cacheset_init(&c, 2, 2);
    miss_put(&c, 0, 0);
    c.slots[0].mshr = 0;
    ck_assert_uint_eq(victim_of(&c, 0, 4), 1);
    cacheset_release(&c);
}
END_TEST

START_TEST(shrink_drops_the_trailing_ways)
{
    /* 1 set x 4 ways, lines 0..3 in ways 0..3, line 0 touched: recency 1
     * 2 3 0. Shrinking to 2 ways drops lines 2 and 3 (ways 2, 3): they
     * miss; lines 0 and 1 stay, in their order (1 then 0), so a miss's
     * victim is line 1's way 1, and after touching it line 0's way 0.
     * The dropped ways are empty (tag 0). Growing back to 4 usable ways
     * gives the empty way 2 first. */
    cacheset c;
    cacheset_init(&c, 1, 4);
    for (uint64_t l = 0; l < 4; l++)
        miss_put(&c, 0, l);
    cacheset_touch(&c, 0, 0);
    cacheset_shrink(&c, 2);
    ck_assert_uint_eq(c.use, 2);
    ck_assert_uint_eq(c.fill[0], 2);
    ck_assert_uint_eq(c.tags[2], 0);
    ck_assert_uint_eq(c.tags[3], 0);
    uint32_t v;
    ck_assert_uint_eq(cacheset_find(&c, 0, 2 + 1, &v), NONE);
    ck_assert_uint_eq(cacheset_find(&c, 0, 3 + 1, &v), NONE);
    ck_assert_uint_eq(cacheset_find(&c, 0, 0 + 1, &v), 0);
    ck_assert_uint_eq(cacheset_find(&c, 0, 1 + 1, &v), 1);
    ck_assert_uint_eq(victim_of(&c, 0, 9), 1);
    cacheset_touch(&c, 0, 1);
    ck_assert_uint_eq(victim_of(&c, 0, 9), 0);
    ck_assert_uint_eq(c.mru[0], 1);
    cacheset_shrink(&c, 4);
    ck_assert_uint_eq(victim_of(&c, 0, 9), 2);
    ck_assert_uint_eq(miss_put(&c, 0, 9), 2);
    ck_assert_uint_eq(c.mru[0], 2);
    /* More than the ways allocated is all of them. */
    cacheset_shrink(&c, 9);
    ck_assert_uint_eq(c.use, 4);
    cacheset_release(&c);
}
END_TEST

START_TEST(fully_associative_is_one_set)
{
    /* cacheset_geometry: 1 KiB of 128-byte lines, 2 ways -> 1024 / (128
     * x 2) = 4 sets of 2; 0 ways (fully associative) -> 1 set of 1024 /
     * 128 = 8 ways; no cache (0 bytes) -> 1 set of 0 ways. */
    uint32_t sets, ways;
    cacheset_geometry(1024, 2, 128, &sets, &ways);
    ck_assert_uint_eq(sets, 4);
    ck_assert_uint_eq(ways, 2);
    cacheset_geometry(1024, 0, 128, &sets, &ways);
    ck_assert_uint_eq(sets, 1);
    ck_assert_uint_eq(ways, 8);
    /* In that one set any 8 lines fit, whatever their numbers (8 x k
     * would all be set 0 of an 8-set cache too, 0 .. 7 each its own):
     * lines 0, 8, 16, .., 56 fill ways 0..7; a ninth evicts the least
     * recently used, line 0 (way 0). */
    cacheset c;
    cacheset_init(&c, sets, ways);
    for (uint64_t w = 0; w < 8; w++)
        ck_assert_uint_eq(miss_put(&c, 0, 8 * w), w);
    for (uint64_t w = 0; w < 8; w++) {
        uint32_t v;
        ck_assert_uint_eq(cacheset_find(&c, 0, 8 * w + 1, &v), w);
    }
    ck_assert_uint_eq(miss_put(&c, 0, 3), 0);
    uint32_t v;
    ck_assert_uint_eq(cacheset_find(&c, 0, 0 + 1, &v), NONE);
    ck_assert_uint_eq(v, 1);   /* line 8 is now the oldest */
    cacheset_release(&c);

    cacheset_geometry(0, 4, 128, &sets, &ways);
    ck_assert_uint_eq(sets, 1);
    ck_assert_uint_eq(ways, 0);
    /* No way at all: every lookup misses with no victim. */
    cacheset_init(&c, sets, ways);
    ck_assert_uint_eq(victim_of(&c, 0, 0), NONE);
    cacheset_release(&c);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("cacheset");
    cutest_behaviour(s, "hit", a_line_put_is_found);
    cutest_behaviour(s, "fill order", empty_ways_fill_in_order);
    cutest_behaviour(s, "LRU victim", the_victim_is_the_least_recently_used);
    cutest_behaviour(s, "fetched line skipped", a_line_being_fetched_is_no_victim);
    cutest_behaviour(s, "every line fetched", no_victim_when_every_line_is_fetched);
    cutest_behaviour(s, "shrink", shrink_drops_the_trailing_ways);
    cutest_behaviour(s, "fully associative", fully_associative_is_one_set);
    return s;
}

CUTEST_MAIN(make_suite)
