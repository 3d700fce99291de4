/*
 * check_coalesce.c — coalescing (sim/model/coalesce.h): the lines and
 * sector masks of an access from its lanes' addresses (a run in closed
 * form, a list through the bitmap or by sorting), an atomic's turns, the
 * evaluation of at= that feeds it (closed form and all lanes at once
 * against the per-lane pass), and the flat model's segments of a
 * pattern. Every expected value is worked out by hand in the comment
 * above it; the coalesced figures are the CUDA C++ Best Practices Guide's
 * ("Coalesced Access to Global Memory": a warp's 32 consecutive 4-byte
 * words are four 32-byte sectors; a stride of 2 touches eight).
 */
#include "addr.h"
#include "coalesce.h"

#include <stdio.h>

#include "cutest.h"
#include "lanes.h"

static addr_expr *resolve(const char *text, uint64_t length, uint32_t bytes)
{
    addr_error err;
    addr_src *s = addr_parse(text, strlen(text), ADDR_NAMES_INDEX, &err);
    ck_assert_msg(s != NULL, "%s: %s", text, err.message);
    /* workgroups of 64, subgroups of 32, one row */
    addr_bind b = { .workgroup_x = 64, .workgroup_y = 1, .workgroup_z = 1,
                    .workgroup_size = 64, .simd_width = 32,
                    .elements_per_invocation = 1, .elements = 65536,
                    .base = 0, .length = length, .bytes = bytes };
    addr_expr *x = addr_resolve(s, &b, &err);
    ck_assert_msg(x != NULL, "%s: %s", text, err.message);
    addr_src_free(s);
    return x;
}

static addr_lanes run_of(uint64_t lo, uint64_t step, uint32_t n,
                         uint32_t bytes)
{
    return (addr_lanes){ .lo = lo, .step = step, .n = n, .bytes = bytes,
                         .run = true };
}

/* Sets a list's lowest and highest address, as addr_eval does. */
static addr_lanes bounded(addr_lanes a)
{
    a.lo = UINT64_MAX;
    a.hi = 0;
    for (uint32_t l = 0; l < a.n; l++) {
        a.lo = a.at[l] < a.lo ? a.at[l] : a.lo;
        a.hi = a.at[l] > a.hi ? a.at[l] : a.hi;
    }
    return a;
}

static void expect_line(const addr_line *l, uint64_t line, uint32_t sectors)
{
    ck_assert_uint_eq(l->line, line);
    ck_assert_uint_eq(l->sectors, sectors);
}

START_TEST(run_unit_stride_and_stride_two)
{
    addr_line out[64];
    /* 32 lanes x 4 B from byte 0: bytes 0 .. 127, one line of 128 B, its
     * 4 sectors of 32 B */
    addr_lanes a = run_of(0, 4, 32, 4);
    ck_assert_uint_eq(coal_lines(&a, 128, 32, out, 64), 1);
    expect_line(&out[0], 0, 0xf);
    /* stride 2: lanes 8 B apart, bytes 0 .. 251: lines 0 and 1, 4 sectors
     * each (8 sectors) */
    a = run_of(0, 8, 32, 4);
    ck_assert_uint_eq(coal_lines(&a, 128, 32, out, 64), 2);
    expect_line(&out[0], 0, 0xf);
    expect_line(&out[1], 1, 0xf);
    /* stride 16 (64 B apart) from byte 4096: one sector in every other
     * pair, two lanes a line: 16 lines 32 .. 47, sectors 0 and 2 each */
    a = run_of(4096, 64, 32, 4);
    ck_assert_uint_eq(coal_lines(&a, 128, 32, out, 64), 16);
    expect_line(&out[0], 32, 0x5);
    expect_line(&out[15], 47, 0x5);
    /* 8-byte elements from byte 120: bytes 120 .. 375: line 0 sector 3,
     * line 1 all four, line 2 sectors 0 .. 3 (256 .. 375: 3 is 352 ..
     * 383) */
    a = run_of(120, 8, 32, 8);
    ck_assert_uint_eq(coal_lines(&a, 128, 32, out, 64), 3);
    expect_line(&out[0], 0, 0x8);
    expect_line(&out[1], 1, 0xf);
    expect_line(&out[2], 2, 0xf);
    /* no lane: no line */
    a = run_of(0, 4, 0, 4);
    ck_assert_uint_eq(coal_lines(&a, 128, 32, out, 64), 0);
}
END_TEST

/* The list of (lane x mul) % mod x 4 B, lanes 0 .. 31. */
static addr_lanes list_of(uint32_t mul, uint32_t add, uint32_t mod)
{
    addr_lanes a = { .n = 32, .bytes = 4 };
    for (uint32_t l = 0; l < 32; l++)
        a.at[l] = (uint64_t)((l * mul + add) % mod) * 4;
    return bounded(a);
}

START_TEST(list_bitmap_and_sort)
{
    addr_line out[64], ref[64];
    /* lookup-table's gather at it = 0: element 7 l, byte 28 l (0 .. 868);
     * each lane in one sector (28 l mod 32 <= 28), lanes 28 B apart so no
     * sector between is skipped: sectors 0 .. 27, lines 0 .. 6 full */
    addr_lanes a = list_of(7, 0, 256);
    ck_assert_uint_eq(coal_lines(&a, 128, 32, out, 64), 7);
    for (uint32_t i = 0; i < 7; i++)
        expect_line(&out[i], i, 0xf);
    /* at it = 1: element 7 l + 13, bytes 52 .. 923: sectors 1 .. 28:
     * line 0 sectors 1 .. 3, lines 1 .. 6 full, line 7 sector 0 */
    a = list_of(7, 13, 256);
    ck_assert_uint_eq(coal_lines(&a, 128, 32, out, 64), 8);
    expect_line(&out[0], 0, 0xe);
    expect_line(&out[3], 3, 0xf);
    expect_line(&out[7], 7, 0x1);
    /* at it = 10: element (7 l + 130) mod 256: lanes 0 .. 17 at 130 ..
     * 249 (bytes 520 .. 999: lines 4 .. 7), lanes 18 .. 31 wrap to 0 ..
     * 91 (bytes 0 .. 367: lines 0 .. 2): 7 lines, none of bytes 384 ..
     * 511 (line 3); the bitmap's answer the sort's */
    a = list_of(7, 130, 256);
    uint32_t n = coal_lines(&a, 128, 32, out, 64);
    ck_assert_uint_eq(n, coal_lines_sorted(&a, 128, 32, ref, 64, false));
    ck_assert_uint_eq(n, 7);
    ck_assert_uint_eq(out[2].line, 2);
    ck_assert_uint_eq(out[3].line, 4);
    for (uint32_t i = 0; i < n; i++) {
        ck_assert_uint_eq(out[i].line, ref[i].line);
        ck_assert_uint_eq(out[i].sectors, ref[i].sectors);
    }
    /* every iteration of the gather, its lanes marked aligned (a bit a
     * lane) and not: the sort's lines */
    for (uint32_t it = 0; it < 40; it++) {
        a = list_of(7, 13 * it, 256);
        uint32_t m = coal_lines_sorted(&a, 128, 32, ref, 64, false);
        for (int al = 0; al < 2; al++) {
            a.aligned = al;
            ck_assert_uint_eq(coal_lines(&a, 128, 32, out, 64), m);
            for (uint32_t i = 0; i < m; i++) {
                ck_assert_uint_eq(out[i].line, ref[i].line);
                ck_assert_uint_eq(out[i].sectors, ref[i].sectors);
            }
        }
    }
    /* lanes spread over more than COAL_WINDOW sectors (64 KiB apart):
     * sorted, one line each, ascending whatever the lane order */
    a = bounded((addr_lanes){ .n = 3, .bytes = 4,
                              .at = { 3 << 16, 1 << 16, 2 << 16 } });
    ck_assert_uint_eq(coal_lines(&a, 128, 32, out, 64), 3);
    expect_line(&out[0], (1 << 16) / 128, 0x1);
    expect_line(&out[2], (3 << 16) / 128, 0x1);
    /* room for 2: the first 2 lines */
    ck_assert_uint_eq(coal_lines(&a, 128, 32, out, 2), 2);
    expect_line(&out[1], (2 << 16) / 128, 0x1);
}
END_TEST

START_TEST(atomic_turns)
{
    addr_line out[8];
    /* lanes 0 .. 3 on byte 0, lanes 4, 5 on byte 4, lane 6 on 256: line 0
     * (sector 0) takes 4 turns (the most lanes on one address), line 2
     * one */
    addr_lanes a = bounded((addr_lanes){ .n = 7, .bytes = 4,
                                         .at = { 0, 0, 0, 0, 4, 4, 256 } });
    ck_assert_uint_eq(coal_lines_sorted(&a, 128, 32, out, 8, true), 2);
    expect_line(&out[0], 0, 0x1);
    ck_assert_uint_eq(out[0].ops, 4);
    expect_line(&out[1], 2, 0x1);
    ck_assert_uint_eq(out[1].ops, 1);
}
END_TEST

START_TEST(closed_form_is_the_per_lane_loop)
{
    /* lid x 3 + it of 4-byte elements, subgroup 1 of workgroup 2 at it
     * = 5: lane l at index (32 + l) x 3 + 5 = 101 + 3 l: a run from byte
     * 404, 12 B apart; the list gives lane by lane the same */
    addr_expr *x = resolve("lid * 3 + it", 1 << 20, 4);
    addr_ctx c = { .wg = 2, .sg = 1, .width = 32, .it = { 5, 0, 0 } };
    addr_lanes run, list;
    ck_assert_uint_eq(addr_eval(x, &c, 32, NULL, false, &run), 0);
    ck_assert(run.run);
    ck_assert_uint_eq(run.lo, 404);
    ck_assert_uint_eq(run.step, 12);
    ck_assert_uint_eq(run.n, 32);
    ck_assert_uint_eq(addr_eval(x, &c, 32, NULL, true, &list), 0);
    ck_assert(!list.run);
    ck_assert_uint_eq(list.n, 32);
    for (uint32_t l = 0; l < 32; l++)
        ck_assert_uint_eq(list.at[l], 404 + 12 * l);
    /* a negative step: 1000 - lane, a run from lane 31's element 969
     * (byte 3876) up, 4 B apart */
    addr_expr_free(x);
    x = resolve("1000 - lane", 1 << 20, 4);
    ck_assert_uint_eq(addr_eval(x, &c, 32, NULL, false, &run), 0);
    ck_assert(run.run);
    ck_assert_uint_eq(run.lo, 3876);
    ck_assert_uint_eq(run.step, 4);
    addr_expr_free(x);
}
END_TEST

START_TEST(general_all_lanes_at_once)
{
    /* (gid * 7 + it * 13) % 256 in a 1 KiB table, workgroup 1 (gid = 64
     * + lid), subgroup 0, it = 2: lane l at (448 + 7 l + 26) % 256 = (218
     * + 7 l) % 256: lane 0 at 218 (byte 872), lane 5 at 253, lane 6 at
     * 260 - 256 = 4 (byte 16); each lane as addr_lane has it */
    addr_expr *x = resolve("(gid * 7 + it * 13) % 256", 1024, 4);
    ck_assert(!addr_is_affine(x));
    addr_ctx c = { .wg = 1, .sg = 0, .width = 32, .it = { 2, 0, 0 } };
    addr_lanes a;
    ck_assert_uint_eq(addr_eval(x, &c, 32, NULL, true, &a), 0);
    ck_assert(!a.run);
    ck_assert_uint_eq(a.at[0], 872);
    ck_assert_uint_eq(a.at[5], 1012);
    ck_assert_uint_eq(a.at[6], 16);
    for (uint32_t l = 0; l < 32; l++) {
        int div0;
        ck_assert_uint_eq(a.at[l], addr_lane(x, &c, l, &div0));
        ck_assert(!div0);
    }
    addr_expr_free(x);
    /* lid_x, lid_y of a 16-wide workgroup: a subgroup of 32 crosses rows,
     * so they are per lane: lane 17 of subgroup 0 is lid_x 1, lid_y 1:
     * index 1 x 100 + 1 = 101 */
    addr_error err;
    addr_src *s = addr_parse("lid_y * 100 + lid_x", 19, ADDR_NAMES_INDEX,
                             &err);
    addr_bind b = { .workgroup_x = 16, .workgroup_y = 4, .workgroup_z = 1,
                    .workgroup_size = 64, .simd_width = 32,
                    .elements_per_invocation = 1, .elements = 65536,
                    .length = 1 << 20, .bytes = 4 };
    x = addr_resolve(s, &b, &err);
    addr_src_free(s);
    c = (addr_ctx){ .wg = 0, .sg = 1, .width = 32 };
    ck_assert_uint_eq(addr_eval(x, &c, 32, NULL, false, &a), 0);
    ck_assert_uint_eq(a.n, 32);
    /* subgroup 1: lids 32 .. 63, rows 2 and 3: lane 17 is lid 49: lid_x
     * 1, lid_y 3, index 301 */
    ck_assert_uint_eq(a.at[17], 301 * 4);
    for (uint32_t l = 0; l < 32; l++) {
        int div0;
        ck_assert_uint_eq(a.at[l], addr_lane(x, &c, l, &div0));
    }
    addr_expr_free(x);
}
END_TEST

/* The lines of x for subgroup c (32 lanes) as a run and by the sorted
 * lanes (the reference): the same, n of them. */
static void runs_are_the_list(const addr_expr *x, const addr_ctx *c,
                              addr_line *out, uint32_t n)
{
    addr_line ref[64];
    ck_assert_uint_eq(coal_access(x, c, 32, NULL, 128, 32, out, 64), n);
    ck_assert_uint_eq(coal_access_lanes(x, c, 32, NULL, 128, 32, ref, 64), n);
    for (uint32_t i = 0; i < n; i++)
        expect_line(&out[i], ref[i].line, ref[i].sectors);
    ck_assert_uint_eq(coal_access_count(x, c, 32, NULL, 128), n);
}

START_TEST(an_index_that_wraps_is_two_runs)
{
    /* (gid * 7 + it * 13) % 256 in a 1 KiB table of 256 elements (the
     * remainder is the region's own wrap), workgroup 1, subgroup 0, it =
     * 2: lane l at 218 + 7 l before the wrap. Lanes 0 .. 5 reach 253
     * (bytes 872 .. 1015), lanes 6 .. 31 wrap to 4 .. 179 (bytes 16 ..
     * 719): two runs 28 bytes apart, the lower first */
    addr_expr *x = resolve("(gid * 7 + it * 13) % 256", 1024, 4);
    addr_ctx c = { .wg = 1, .sg = 0, .width = 32, .it = { 2, 0, 0 } };
    addr_lanes a;
    ck_assert_uint_eq(addr_eval(x, &c, 32, NULL, false, &a), 0);
    ck_assert(a.run);
    ck_assert_uint_eq(a.lo, 16);
    ck_assert_uint_eq(a.n, 26);
    ck_assert_uint_eq(a.lo2, 872);
    ck_assert_uint_eq(a.n2, 6);
    ck_assert_uint_eq(a.step, 28);
    /* bytes 16 .. 719 touch every sector of lines 0 .. 4 and sectors 0 ..
     * 2 of line 5 (640 .. 735); 872 .. 1015 sector 3 of line 6 and all
     * of line 7 */
    addr_line out[64];
    runs_are_the_list(x, &c, out, 8);
    for (uint32_t i = 0; i < 5; i++)
        expect_line(&out[i], i, 0xF);
    expect_line(&out[5], 5, 0x7);
    expect_line(&out[6], 6, 0x8);
    expect_line(&out[7], 7, 0xF);
    addr_expr_free(x);
    /* stepping down: (5 - 3 lane) % 128 over 128 elements: lanes 0, 1 at
     * 5, 2 (bytes 8 .. 23: sector 0 of line 0), lanes 2 .. 31 at 127
     * down to 40 (bytes 160 .. 511: sectors 1 .. 3 of line 1, lines 2
     * and 3 whole) */
    x = resolve("(5 - 3 * lane) % 128", 512, 4);
    c = (addr_ctx){ .wg = 0, .sg = 0, .width = 32 };
    ck_assert_uint_eq(addr_eval(x, &c, 32, NULL, false, &a), 0);
    ck_assert(a.run);
    ck_assert_uint_eq(a.lo, 8);
    ck_assert_uint_eq(a.n, 2);
    ck_assert_uint_eq(a.lo2, 160);
    ck_assert_uint_eq(a.n2, 30);
    runs_are_the_list(x, &c, out, 4);
    expect_line(&out[0], 0, 0x1);
    expect_line(&out[1], 1, 0xE);
    expect_line(&out[2], 2, 0xF);
    expect_line(&out[3], 3, 0xF);
    addr_expr_free(x);
    /* an affine index over a region it spans whole (lane x 5 in 64
     * elements: 155 > 64) is listed; % 100 in a region of 256 is not the
     * region's wrap: listed too */
    x = resolve("lane * 5", 256, 4);
    ck_assert_uint_eq(addr_eval(x, &c, 32, NULL, false, &a), 0);
    ck_assert(!a.run);
    runs_are_the_list(x, &c, out, 2);
    addr_expr_free(x);
    x = resolve("(lane * 3 + 90) % 100", 1024, 4);
    ck_assert_uint_eq(addr_eval(x, &c, 32, NULL, false, &a), 0);
    ck_assert(!a.run);
    addr_expr_free(x);
}
END_TEST

/* Random affine indices in small regions (so that many wrap), plain and
 * taken % the region's elements: the runs' lines and count are the
 * sorted lanes' (2,000 draws of a fixed seed). */
START_TEST(wrapping_runs_are_the_sorted_lanes)
{
    uint64_t seed = 12345;
    uint32_t wraps = 0;
    for (int draw = 0; draw < 2000; draw++) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        int64_t step = (int64_t)(seed >> 33) % 41 - 20;
        uint32_t off = (uint32_t)(seed >> 20) % 1000;
        uint32_t elems = 16 + (uint32_t)(seed >> 45) % 400;
        uint32_t bytes = 1u << ((seed >> 12) % 5);
        char text[96];
        snprintf(text, sizeof text, draw % 2 ? "(lane * %lld + it + %u) %% %u"
                                             : "lane * %lld + it + %u + 0 * %u",
                 (long long)step, off, elems);
        addr_expr *x = resolve(text, (uint64_t)elems * bytes, bytes);
        addr_ctx c = { .wg = 0, .sg = 0, .width = 32,
                       .it = { (uint32_t)(seed >> 7) % 7, 0, 0 } };
        addr_lanes a;
        ck_assert_uint_eq(addr_eval(x, &c, 32, NULL, false, &a), 0);
        wraps += a.run && a.n2 > 0;
        addr_line out[80], ref[80];
        uint32_t n = coal_access(x, &c, 32, NULL, 128, 32, out, 80);
        ck_assert_uint_eq(coal_access_lanes(x, &c, 32, NULL, 128, 32, ref,
                                            80), n);
        for (uint32_t i = 0; i < n; i++) {
            ck_assert_uint_eq(out[i].line, ref[i].line);
            ck_assert_uint_eq(out[i].sectors, ref[i].sectors);
        }
        ck_assert_uint_eq(coal_access_count(x, &c, 32, NULL, 128), n);
        addr_expr_free(x);
    }
    ck_assert_uint_gt(wraps, 200);   /* the two-run path was drawn */
}
END_TEST

START_TEST(division_by_zero_only_in_active_lanes)
{
    /* 64 / (lane - 3): lane 3 divides by zero; with lane 3 masked off
     * the others' lines come (lane 4: 64, lane 5: 32, ... all below 65:
     * bytes below 260, elements 0 .. 64 wrapped in 1 MiB) */
    addr_expr *x = resolve("64 / (lane - 3)", 1 << 20, 4);
    addr_ctx c = { .wg = 0, .sg = 0, .width = 32 };
    addr_line out[64];
    ck_assert_uint_eq(coal_access(x, &c, 32, NULL, 128, 32, out, 64),
                      ADDR_DIV0);
    uint64_t mask = ~0ull & ~(1ull << 3) & 0xffffffffull;
    ck_assert_uint_ne(coal_access(x, &c, 32, &mask, 128, 32, out, 64),
                      ADDR_DIV0);
    /* only lanes 0 .. 2 active: 64 / -3 = -21, 64 / -2 = -32, 64 / -1 =
     * -64: elements wrapped to n - 21, n - 32, n - 64 (n = 2^18): the
     * last line of the region (bytes 2^20 - 256 .. 2^20 - 1: lines
     * 8190 and 8191) */
    mask = 0x7;
    addr_lanes a;
    ck_assert_uint_eq(addr_eval(x, &c, 32, &mask, false, &a), 0);
    ck_assert_uint_eq(a.n, 3);
    ck_assert_uint_eq(a.at[0], ((1u << 18) - 21) * 4);
    ck_assert_uint_eq(a.at[2], ((1u << 18) - 64) * 4);
    ck_assert_uint_eq(coal_lines(&a, 128, 32, out, 64), 2);
    /* 2^20 - 256 .. - 253 is line 8190 sector 0; 2^20 - 128 .. - 125
     * and 2^20 - 84 .. - 81 are line 8191 sectors 0 and 1 */
    expect_line(&out[0], 8190, 0x1);
    expect_line(&out[1], 8191, 0x3);
    /* a uniform divisor of zero: every lane's, none active none counts */
    addr_expr_free(x);
    x = resolve("lane % (it - 1)", 1 << 20, 4);
    c.it[0] = 1;
    ck_assert_uint_eq(coal_access(x, &c, 32, NULL, 128, 32, out, 64),
                      ADDR_DIV0);
    mask = 0;
    ck_assert_uint_eq(coal_access(x, &c, 32, &mask, 128, 32, out, 64), 0);
    addr_expr_free(x);
}
END_TEST

START_TEST(coalesced_segments)
{
    /* 32 lanes x 4 B = 128 contiguous bytes: 4 segments of 32 B, 1 of
     * 128 B; 20 lanes x 4 B = 80 B: 3 of 32 B; 32 x 16 B = 512 B: 16. */
    ck_assert_uint_eq(coal_segments(32, ISA_PATTERN_COALESCED, 0, 4, 0, 32), 4);
    ck_assert_uint_eq(coal_segments(128, ISA_PATTERN_COALESCED, 0, 4, 0, 32), 1);
    ck_assert_uint_eq(coal_segments(32, ISA_PATTERN_COALESCED, 0, 4, 0, 20), 3);
    ck_assert_uint_eq(coal_segments(32, ISA_PATTERN_COALESCED, 0, 16, 0, 32), 16);
    ck_assert_uint_eq(coal_segments(32, ISA_PATTERN_COALESCED, 0, 4, 0, 0), 0);
}
END_TEST

START_TEST(strided_segments)
{
    /* 4-byte elements, 32-byte segments:
     *   stride 2: lanes at 8 i, bytes 0 .. 251: segments 0 .. 7, 8 (the
     *   Best Practices Guide's 8 sectors);
     *   stride 8: lanes 32 B apart, one segment each: 32;
     *   stride 33: 132 B apart, a 4-byte element never straddles: 32. */
    ck_assert_uint_eq(coal_segments(32, ISA_PATTERN_STRIDED, 2, 4, 0, 32), 8);
    ck_assert_uint_eq(coal_segments(32, ISA_PATTERN_STRIDED, 8, 4, 0, 32), 32);
    ck_assert_uint_eq(coal_segments(32, ISA_PATTERN_STRIDED, 33, 4, 0, 32), 32);
    /* stride 4 in 128-byte segments: lanes 16 B apart span 0 .. 499: 4. */
    ck_assert_uint_eq(coal_segments(128, ISA_PATTERN_STRIDED, 4, 4, 0, 32), 4);
}
END_TEST

START_TEST(strided_odd_elements)
{
    /* 12-byte elements at stride 3: lane i covers [36 i, 36 i + 12);
     * the 24-byte gaps are shorter than a 32-byte segment, so every
     * segment from 0 to floor((36 x 31 + 11) / 32) = 35 is touched: 36
     * (lanes 6 and 7 of every 8 straddle a boundary). */
    ck_assert_uint_eq(coal_segments(32, ISA_PATTERN_STRIDED, 3, 12, 0, 32), 36);
    /* 48-byte elements at stride 1 are contiguous: 32 x 48 = 1536 B, 48
     * segments, as coalesced. */
    ck_assert_uint_eq(coal_segments(32, ISA_PATTERN_STRIDED, 1, 48, 0, 32), 48);
    ck_assert_uint_eq(coal_segments(32, ISA_PATTERN_COALESCED, 0, 48, 0, 32), 48);
    /* 24-byte elements at stride 4 (96 B apart): lane i covers
     * [96 i, 96 i + 24), inside segment 3 i: one each, 32. At stride 3
     * (72 B apart) lane i starts at 72 i: i = 1 covers 72 .. 95 (segment
     * 2), i = 3 covers 216 .. 239 (segments 6, 7): per 4 lanes (288 B =
     * 9 segments) lanes 0, 1, 2, 3 touch 1, 1, 2 (144 .. 167: 4, 5), 2:
     * 6 segments, and no two lanes share one: 8 x 6 = 48. */
    ck_assert_uint_eq(coal_segments(32, ISA_PATTERN_STRIDED, 4, 24, 0, 32), 32);
    ck_assert_uint_eq(coal_segments(32, ISA_PATTERN_STRIDED, 3, 24, 0, 32), 48);
}
END_TEST

START_TEST(random_segments_per_lane)
{
    /* random: each lane its own segments, whatever the draws: 4-byte
     * elements one each (32, or 5 for 5 lanes); 64-byte elements in
     * 32-byte segments two each. */
    ck_assert_uint_eq(coal_segments(32, ISA_PATTERN_RANDOM, 0, 4,
                                    lane_seed(3), 32), 32);
    ck_assert_uint_eq(coal_segments(32, ISA_PATTERN_RANDOM, 0, 4,
                                    lane_seed(3), 5), 5);
    ck_assert_uint_eq(coal_segments(32, ISA_PATTERN_RANDOM, 0, 64,
                                    lane_seed(3), 32), 64);
}
END_TEST

START_TEST(count_is_the_lines)
{
    addr_line out[2048];
    /* 32 lanes x 4 B from byte 0, lines of 32 B (the flat model's
     * transactions): bytes 0 .. 127, 4 lines */
    addr_lanes a = run_of(0, 4, 32, 4);
    ck_assert_uint_eq(coal_count(&a, 32), 4);
    /* 64 B apart, 4 B each, lines of 32 B: every other line, 32 */
    a = run_of(0, 64, 32, 4);
    ck_assert_uint_eq(coal_count(&a, 32), 32);
    /* 40 B apart, 8 B from byte 28: lane i's bytes 28 + 40 i .. + 7;
     * lane 0 spans lines 0 and 1 (bytes 28 .. 35), so do lanes whose
     * start is 25 .. 31 into a line; a gap (32 B) never holds a line:
     * bytes 28 .. 1275, lines 0 .. 39 */
    a = run_of(28, 40, 32, 8);
    ck_assert_uint_eq(coal_count(&a, 32), 40);
    /* 72 B apart, 8 B, lines of 32 B from byte 28: lane i at 28 + 72 i;
     * lanes 0 and 4k (starts 28 mod 32) cross into the next line; the
     * gaps (64 B) hold whole lines, counted lane by lane as coal_lines */
    a = run_of(28, 72, 32, 8);
    ck_assert_uint_eq(coal_count(&a, 32), coal_lines(&a, 32, 32, out, 2048));
    /* lookup-table's gather at it = 10 (list_bitmap_and_sort): 7 lines
     * of 128 B */
    a = list_of(7, 130, 256);
    ck_assert_uint_eq(coal_count(&a, 128), 7);
    /* no lane */
    a = run_of(0, 4, 0, 4);
    ck_assert_uint_eq(coal_count(&a, 32), 0);
    /* every stride and element size here, runs and the same lanes as a
     * list (the bitmap, or the sort past COAL_WINDOW lines): coal_lines'
     * count */
    for (uint64_t step = 0; step <= 4200; step += step < 64 ? 1 : 37)
        for (uint32_t bytes = 1; bytes <= 16; bytes *= 2)
            for (uint64_t lo = 0; lo < 64; lo += 13) {
                a = run_of(lo, step, 32, bytes);
                uint32_t want = coal_lines(&a, 32, 32, out, 2048);
                ck_assert_uint_eq(coal_count(&a, 32), want);
                addr_lanes l = { .n = 32, .bytes = bytes };
                for (uint32_t i = 0; i < 32; i++)
                    l.at[31 - i] = lo + i * step;   /* descending */
                l = bounded(l);
                ck_assert_uint_eq(coal_count(&l, 32), want);
                ck_assert_uint_eq(coal_lines(&l, 32, 32, out, 2048), want);
            }
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("coalesce");
    TCase *tc = tcase_create("lines");
    tcase_add_test(tc, run_unit_stride_and_stride_two);
    tcase_add_test(tc, list_bitmap_and_sort);
    tcase_add_test(tc, atomic_turns);
    tcase_add_test(tc, count_is_the_lines);
    suite_add_tcase(s, tc);
    tc = tcase_create("evaluation");
    tcase_add_test(tc, closed_form_is_the_per_lane_loop);
    tcase_add_test(tc, general_all_lanes_at_once);
    tcase_add_test(tc, an_index_that_wraps_is_two_runs);
    tcase_add_test(tc, wrapping_runs_are_the_sorted_lanes);
    tcase_add_test(tc, division_by_zero_only_in_active_lanes);
    suite_add_tcase(s, tc);
    tc = tcase_create("segments");
    tcase_add_test(tc, coalesced_segments);
    tcase_add_test(tc, strided_segments);
    tcase_add_test(tc, strided_odd_elements);
    tcase_add_test(tc, random_segments_per_lane);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
