/*
 * check_addr.c — addresses (sim/program/addr.h, docs/isa.md "Addresses"):
 * the expression language of at=BUF[EXPR], the lines and sector masks a
 * subgroup touches (closed form and per-lane pass alike), the kernel's
 * `buffers` and `grid_x` keys, at= in programs, and the sugar that gives
 * the old pattern modifiers an address. Every expected value is worked
 * out by hand in the comment above it.
 */
#include "addr.h"
#include "cutest.h"

/* A 32-lane subgroup shape: workgroup of 64 (2 subgroups), width 32. */
static addr_bind bind_of(uint64_t length, uint32_t bytes)
{
    return (addr_bind){ .workgroup_x = 64, .workgroup_y = 1,
                        .workgroup_z = 1, .workgroup_size = 64,
                        .simd_width = 32, .elements_per_invocation = 1,
                        .elements = 65536, .grid_x = 0, .e = 0, .base = 0,
                        .length = length, .bytes = bytes };
}

static addr_expr *resolve_text(const char *text, const addr_bind *b)
{
    addr_error err;
    addr_src *s = addr_parse(text, strlen(text), ADDR_NAMES_INDEX, &err);
    ck_assert_msg(s != NULL, "%s: %s", text, err.message);
    addr_expr *x = addr_resolve(s, b, &err);
    ck_assert_msg(x != NULL, "%s: %s", text, err.message);
    addr_src_free(s);
    return x;
}

static const addr_ctx ctx0 = { .wg = 0, .sg = 0, .width = 32 };

/* The lines of `text` for ctx `c`, 32 lanes, line 128, sector 32, by
 * addr_lines; also checks the per-lane pass gives the same. */
static uint32_t lines_of(const char *text, const addr_bind *b,
                         const addr_ctx *c, addr_line *out)
{
    addr_expr *x = resolve_text(text, b);
    addr_line ref[1024];
    uint32_t cap = addr_max_lines(x, 32, 128);
    ck_assert_uint_le(cap, 1024);
    uint32_t n = addr_lines(x, c, 32, 128, 32, out, cap);
    uint32_t m = addr_lines_lanes(x, c, 32, 128, 32, ref, cap);
    ck_assert_uint_eq(n, m);
    for (uint32_t i = 0; n != ADDR_DIV0 && i < n; i++) {
        ck_assert_uint_eq(out[i].line, ref[i].line);
        ck_assert_uint_eq(out[i].sectors, ref[i].sectors);
    }
    addr_expr_free(x);
    return n;
}

START_TEST(unit_stride_and_strides)
{
    addr_bind b = bind_of(1 << 20, 4);
    addr_line out[1024];
    /* 32 lanes x 4 B from byte 0: bytes 0 .. 127, one line, 4 sectors */
    ck_assert_uint_eq(lines_of("gid", &b, &ctx0, out), 1);
    ck_assert_uint_eq(out[0].line, 0);
    ck_assert_uint_eq(out[0].sectors, 0xF);
    /* stride 2: bytes 0 .. 251 (lane 31 at 248): lines 0 and 1, full */
    ck_assert_uint_eq(lines_of("gid*2", &b, &ctx0, out), 2);
    ck_assert_uint_eq(out[0].sectors, 0xF);
    ck_assert_uint_eq(out[1].line, 1);
    ck_assert_uint_eq(out[1].sectors, 0xF);
    /* stride 8: lanes 32 B apart, 4 per line: lines 0 .. 7, each with
     * sectors 0..3 touched (32 B apart = one lane per sector) */
    ck_assert_uint_eq(lines_of("8 * lane", &b, &ctx0, out), 8);
    ck_assert_uint_eq(out[7].line, 7);
    ck_assert_uint_eq(out[7].sectors, 0xF);
    /* stride 32: 128 B apart: lines 0 .. 31, sector 0 of each */
    ck_assert_uint_eq(lines_of("lane * 32", &b, &ctx0, out), 32);
    ck_assert_uint_eq(out[31].line, 31);
    ck_assert_uint_eq(out[31].sectors, 0x1);
    /* stride 40 (160 B): lane l at 160 l: line floor(160 l / 128),
     * sector (160 l mod 128) / 32 = l mod 4; lane 4 at 640 = line 5
     * sector 0; 32 distinct lines (160 > 128) */
    ck_assert_uint_eq(lines_of("lane * 40", &b, &ctx0, out), 32);
    ck_assert_uint_eq(out[1].line, 1);
    ck_assert_uint_eq(out[1].sectors, 0x2);   /* lane 1: byte 160 */
    /* all lanes the same element 5: byte 20, line 0 sector 0 */
    ck_assert_uint_eq(lines_of("5", &b, &ctx0, out), 1);
    ck_assert_uint_eq(out[0].sectors, 0x1);
    /* reversed: 31 - lane: the same 128 bytes */
    ck_assert_uint_eq(lines_of("31 - lane", &b, &ctx0, out), 1);
    ck_assert_uint_eq(out[0].sectors, 0xF);
}
END_TEST

START_TEST(straddles_and_offsets)
{
    addr_bind b = bind_of(1 << 20, 8);
    addr_line out[1024];
    /* 8-byte elements at stride 3 x 8 = 24 B from byte 8 x 5 = 40: lane l
     * at 40 + 24 l; gaps of 16 B < a sector: every sector from 40/32 = 1
     * to (40 + 24 x 31 + 7) / 32 = 791 / 32 = 24: sectors 1 .. 24 =
     * line 0 sectors 1..3 (0xE), lines 1 .. 5 full, line 6 sector 0 */
    ck_assert_uint_eq(lines_of("5 + 3 * lane", &b, &ctx0, out), 7);
    ck_assert_uint_eq(out[0].sectors, 0xE);
    ck_assert_uint_eq(out[5].sectors, 0xF);
    ck_assert_uint_eq(out[6].line, 6);
    ck_assert_uint_eq(out[6].sectors, 0x1);
    /* bytes=4, index 31 x lane + 7: lane l at 28 + 124 l, never across
     * a sector (4-aligned); 124 < 128, so every line from 0 to lane 31's
     * (3872 / 128 = 30) is touched: 31 lines; line 0 holds lane 0 only
     * (28 .. 31: sector 0) */
    addr_bind b4 = bind_of(1 << 20, 4);
    ck_assert_uint_eq(lines_of("31 * lane + 7", &b4, &ctx0, out), 31);
    ck_assert_uint_eq(out[0].sectors, 0x1);
    /* 64-byte elements at stride 1, from element 1 (byte 64): lane l
     * covers [64 + 64 l, 128 + 64 l): bytes 64 .. 2111: sectors 2 .. 65:
     * line 0 sectors 2,3 (0xC), lines 1 .. 15 full, line 16 sector 0..1
     * (0x3): 17 lines */
    addr_bind b64 = bind_of(1 << 20, 64);
    ck_assert_uint_eq(lines_of("lane + 1", &b64, &ctx0, out), 17);
    ck_assert_uint_eq(out[0].sectors, 0xC);
    ck_assert_uint_eq(out[16].line, 16);
    ck_assert_uint_eq(out[16].sectors, 0x3);
    /* a region at base 12, 8-byte elements at index 2 lane: lane l at
     * 12 + 16 l .. 19 + 16 l; lane 1 (28 .. 35) straddles sectors 0 and
     * 1; gaps of 8 B: every sector from 0 to 515 / 32 = 16: lines 0 .. 3
     * full, line 4 sector 0: 5 lines */
    addr_bind bb = b;
    bb.base = 12;
    ck_assert_uint_eq(lines_of("lane * 2", &bb, &ctx0, out), 5);
    ck_assert_uint_eq(out[3].sectors, 0xF);
    ck_assert_uint_eq(out[4].sectors, 0x1);
    /* one lane straddling a line: 8 bytes at 124 .. 131 (base 124):
     * line 0 sector 3 and line 1 sector 0 */
    bb.base = 124;
    addr_expr *x = resolve_text("0", &bb);
    ck_assert_uint_eq(addr_lines(x, &ctx0, 1, 128, 32, out, 4), 2);
    ck_assert_uint_eq(out[0].sectors, 0x8);
    ck_assert_uint_eq(out[1].line, 1);
    ck_assert_uint_eq(out[1].sectors, 0x1);
    addr_expr_free(x);
}
END_TEST

START_TEST(wrap_at_buffer_end)
{
    addr_line out[1024];
    /* a 64-byte buffer of 4-byte elements: 16 elements; 32 lanes at gid
     * wrap onto elements 0..15 twice: bytes 0 .. 63, line 0 sectors 0,1 */
    addr_bind b = bind_of(64, 4);
    ck_assert_uint_eq(lines_of("gid", &b, &ctx0, out), 1);
    ck_assert_uint_eq(out[0].sectors, 0x3);
    /* negative indices wrap too: -1 - lane = elements 15, 14, ..., 0, 15,
     * ...: the same 64 bytes */
    ck_assert_uint_eq(lines_of("-1 - lane", &b, &ctx0, out), 1);
    ck_assert_uint_eq(out[0].sectors, 0x3);
    /* a 1 KiB buffer at base 4096 (256 elements), from element 240:
     * lanes 0..15 at 4096 + 960 .. 1023 (line 39 sectors 2,3), lanes
     * 16..31 wrap to 4096 + 0 .. 63 (line 32 sectors 0,1): 2 lines,
     * ascending */
    addr_bind w = bind_of(1024, 4);
    w.base = 4096;
    ck_assert_uint_eq(lines_of("240 + lane", &w, &ctx0, out), 2);
    ck_assert_uint_eq(out[0].line, 32);
    ck_assert_uint_eq(out[0].sectors, 0x3);
    ck_assert_uint_eq(out[1].line, 39);
    ck_assert_uint_eq(out[1].sectors, 0xC);
}
END_TEST

START_TEST(subgroup_names)
{
    addr_line out[1024];
    addr_bind b = bind_of(1 << 24, 4);
    /* wg 3, sg 1 of a 64-invocation group: gid = 3 x 64 + 32 + lane =
     * 224 + lane: bytes 896 .. 1023: line 7, full */
    addr_ctx c = { .wg = 3, .sg = 1, .width = 32 };
    ck_assert_uint_eq(lines_of("gid", &b, &c, out), 1);
    ck_assert_uint_eq(out[0].line, 7);
    ck_assert_uint_eq(out[0].sectors, 0xF);
    /* it = 2, it1 = 5: index 1024 x it1 + 32 x it + lane = 5184 + lane:
     * byte 20736 = line 162, full */
    addr_ctx ci = { .wg = 0, .sg = 0, .width = 32, .it = { 2, 5, 0 } };
    ck_assert_uint_eq(lines_of("1024 * it1 + 32 * it + lane", &b, &ci, out),
                      1);
    ck_assert_uint_eq(out[0].line, 162);
    /* wg_x, wg_y with grid_x = 4: wg 9 is (1, 2); index
     * (wg_y x 4 + wg_x) x 32 + lane = 9 x 32 + lane: byte 1152, line 9 */
    b.grid_x = 4;
    addr_ctx cw = { .wg = 9, .sg = 0, .width = 32 };
    ck_assert_uint_eq(lines_of("(wg_y * 4 + wg_x) * 32 + lane", &b, &cw,
                               out), 1);
    ck_assert_uint_eq(out[0].line, 9);
    /* a 2D group 16 x 4: lid_x = lid % 16, lid_y = lid / 16; row-major
     * A[lid_y x 1024 + lid_x]: 2 rows of 16 per subgroup: rows 0, 1:
     * bytes 0..63 and 4096..4159: lines 0 and 32, 2 sectors each */
    addr_bind g = b;
    g.workgroup_x = 16;
    g.workgroup_y = 4;
    ck_assert_uint_eq(lines_of("lid_y * 1024 + lid_x", &g, &ctx0, out), 2);
    ck_assert_uint_eq(out[1].line, 32);
    ck_assert_uint_eq(out[1].sectors, 0x3);
    /* e folds: copy e = 3 of a 4-element invocation, index
     * gid x 4 + e: lane l at 16 l + 12: bytes 12 .. 511: lines 0..3 */
    addr_bind be = b;
    be.e = 3;
    be.elements_per_invocation = 4;
    ck_assert_uint_eq(lines_of("gid * elements_per_invocation + e", &be,
                               &ctx0, out), 4);
}
END_TEST

START_TEST(affine_recognised)
{
    addr_bind b = bind_of(1 << 24, 4);
    static const struct { const char *text; bool affine; } cases[] = {
        { "gid", true }, { "lid * 3 - 7", true }, { "-(lane << 2)", true },
        { "wg * 1000 + it * 64 + lane * sg", true },
        /* workgroup_x 64, width 32: a subgroup stays in one row */
        { "lid_x", true },
        { "lane / 2", false }, { "lane % 4", false }, { "lane & 7", false },
        { "min(lane, 7)", false }, { "lane * lane", false },
        { "(gid * 2654435761) >> 7", false },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        addr_expr *x = resolve_text(cases[i].text, &b);
        ck_assert_msg(addr_is_affine(x) == cases[i].affine, "%s",
                      cases[i].text);
        addr_expr_free(x);
    }
    /* workgroup_x 48 with width 32: a subgroup crosses a row */
    b.workgroup_x = 48;
    b.workgroup_size = 48;
    addr_expr *x = resolve_text("lid_x", &b);
    ck_assert(!addr_is_affine(x));
    addr_expr_free(x);
}
END_TEST

/* The brute-force reference: each lane's bytes by hand, sectors marked in
 * a bitmap of the first 2^16 lines. */
static uint32_t brute(const addr_expr *x, const addr_ctx *c, uint32_t lanes,
                      addr_line *out)
{
    static uint32_t mask[1 << 16];
    memset(mask, 0, sizeof mask);
    for (uint32_t l = 0; l < lanes; l++) {
        int div0;
        uint64_t a = addr_lane(x, c, l, &div0);
        if (div0)
            return ADDR_DIV0;
        for (uint64_t byte = a; byte < a + 8 /* bytes */; byte++)
            mask[byte / 128] |= 1u << (byte % 128 / 32);
    }
    uint32_t n = 0;
    for (uint32_t i = 0; i < (1 << 16); i++)
        if (mask[i])
            out[n++] = (addr_line){ i, mask[i] };
    return n;
}

START_TEST(closed_form_matches_reference)
{
    static const char *const exprs[] = {
        "gid", "gid * 2", "lane * 3 + 1", "lane * 17", "lane * 16",
        "lid * 5 - 3", "-lane", "-(lane * 9) + 100", "lane << 3",
        "it * 1000 + lane * 2", "wg * 64 + lid", "lane / 3 + lane % 2",
        "min(lane, 9) * 4", "(lane * 7) & 31", "lane ^ 5", "lid_x + lid_y",
        "gid * gid", "lane * 100000", "0x7fffffffffffffff * lane",
        "lane * 4 + wg_x - wg_y", "max(lane - 16, 0) >> 1",
    };
    addr_bind b = bind_of(1 << 20, 8);   /* 131072 elements of 8 B */
    b.grid_x = 3;
    const addr_ctx ctxs[] = {
        { .wg = 0, .sg = 0, .width = 32 },
        { .wg = 5, .sg = 1, .width = 32, .it = { 3, 1, 0 } },
        { .wg = 2047, .sg = 1, .width = 32, .it = { 7, 0, 2 } },
    };
    addr_line got[1024], want[1 << 12];
    for (size_t i = 0; i < sizeof exprs / sizeof exprs[0]; i++) {
        addr_expr *x = resolve_text(exprs[i], &b);
        for (size_t c = 0; c < sizeof ctxs / sizeof ctxs[0]; c++)
            for (uint32_t lanes = 1; lanes <= 32; lanes += 7) {
                uint32_t n = addr_lines(x, &ctxs[c], lanes, 128, 32, got,
                                        addr_max_lines(x, lanes, 128));
                uint32_t m = brute(x, &ctxs[c], lanes, want);
                ck_assert_msg(n == m, "%s ctx %zu lanes %u: %u lines, "
                              "reference %u", exprs[i], c, lanes, n, m);
                for (uint32_t k = 0; k < n; k++) {
                    ck_assert_uint_eq(got[k].line, want[k].line);
                    ck_assert_uint_eq(got[k].sectors, want[k].sectors);
                }
            }
        addr_expr_free(x);
    }
}
END_TEST

START_TEST(division_by_zero)
{
    addr_bind b = bind_of(1 << 20, 4);
    addr_error err;
    /* constant divisor 0 after folding: e - e is not folded as a
     * difference, but (simd_width - 32) is: resolve fails at the '/'
     * (offset 5) */
    addr_src *s = addr_parse("lane / (simd_width - 32)", 24,
                             ADDR_NAMES_INDEX, &err);
    ck_assert_ptr_nonnull(s);
    ck_assert_ptr_null(addr_resolve(s, &b, &err));
    ck_assert_uint_eq(err.offset, 5);
    ck_assert_str_eq(err.message, "division by zero in the address (the "
                     "divisor is always 0)");
    addr_src_free(s);
    /* lane-dependent divisor: lane 0 divides by 0: ADDR_DIV0 */
    addr_line out[64];
    addr_expr *x = resolve_text("100 % lane", &b);
    ck_assert_uint_eq(addr_lines(x, &ctx0, 32, 128, 32, out, 64), ADDR_DIV0);
    addr_expr_free(x);
    /* the divisor 0 only for sg 0 (a per-subgroup divisor) */
    x = resolve_text("lane / sg", &b);
    addr_ctx c1 = { .wg = 0, .sg = 1, .width = 32 };
    ck_assert_uint_eq(addr_lines(x, &ctx0, 32, 128, 32, out, 64), ADDR_DIV0);
    ck_assert_uint_eq(addr_lines(x, &c1, 32, 128, 32, out, 64), 1);
    addr_expr_free(x);
}
END_TEST

START_TEST(parse_errors)
{
    static const struct { const char *text; size_t offset;
                          const char *message; } cases[] = {
        { "gdi + 1", 0, "unknown name 'gdi' in the address (did you mean "
          "'gid'?)" },
        { "lane + ", 7, "expected a number, a name or '(' in the "
          "expression, found the end of the expression" },
        { "(lane + 1", 9, "expected ')' to close the '(' at offset 0, "
          "found the end of the expression" },
        { "lane 3", 5, "expected an operator or the end of the expression, "
          "found '3'" },
        { "min(lane)", 8, "expected ',' between the two arguments of "
          "'min', found ')'" },
        { "lane + 9223372036854775808", 7, "the number "
          "'9223372036854775808' is too large (at most "
          "9223372036854775807)" },
        { "12ab", 0, "malformed number '12a'" },
        { "lane $ 2", 5, "expected an operator or the end of the "
          "expression, found '$'" },
        { "", 0, "expected an expression, found nothing" },
        { "foo", 0, "unknown name 'foo' in the address (expected lane, "
          "lid, lid_x, lid_y, gid, wg, wg_x, wg_y, sg, it, it1, it2, e or "
          "a launch-shape name)" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        addr_error err;
        addr_src *s = addr_parse(cases[i].text, strlen(cases[i].text),
                                 ADDR_NAMES_INDEX, &err);
        ck_assert_msg(s == NULL, "%s parsed", cases[i].text);
        ck_assert_msg(err.offset == cases[i].offset, "%s: offset %zu",
                      cases[i].text, err.offset);
        ck_assert_str_eq(err.message, cases[i].message);
    }
    /* a size sees only the launch shape: lane is unknown there */
    addr_error err;
    ck_assert_ptr_null(addr_parse("lane * 4", 8, ADDR_NAMES_SIZE, &err));
    ck_assert_str_eq(err.message, "unknown name 'lane' in the size "
                     "(expected a launch-shape name: workgroup_size, "
                     "workgroup_x, workgroup_y, workgroup_z, simd_width, "
                     "elements_per_invocation, elements)");
}
END_TEST

START_TEST(arithmetic)
{
    /* C precedence and wrap: 1 + 2 * 3 << 1 = (1 + 6) << 1 = 14;
     * 7 & 3 | 8 ^ 1 = (7 & 3) | (8 ^ 1) = 3 | 9 = 11; -7 / 2 = -3
     * (truncation), -7 % 2 = -1, -8 >> 1 = -4; 2^63 - 1 + 1 wraps to
     * -2^63; min/max */
    static const struct { const char *text; int64_t v; } cases[] = {
        { "1 + 2 * 3 << 1", 14 }, { "7 & 3 | 8 ^ 1", 11 },
        { "-7 / 2", -3 }, { "-7 % 2", -1 }, { "-8 >> 1", -4 },
        { "9223372036854775807 + 1", INT64_MIN },
        { "min(3, -4) * max(2, 5)", -20 }, { "0x10 - -2", 18 },
        { "elements / 1024 * workgroup_size", 64 * 64 },
    };
    addr_bind b = bind_of(4096, 4);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        addr_error err;
        int64_t v;
        addr_src *s = addr_parse(cases[i].text, strlen(cases[i].text),
                                 ADDR_NAMES_SIZE, &err);
        ck_assert_msg(s != NULL, "%s: %s", cases[i].text, err.message);
        ck_assert_int_eq(addr_const_eval(s, &b, &v, &err), 0);
        ck_assert_msg(v == cases[i].v, "%s = %lld", cases[i].text,
                      (long long)v);
        addr_src_free(s);
    }
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("addr");
    TCase *tc = tcase_create("lines");
    tcase_add_test(tc, unit_stride_and_strides);
    tcase_add_test(tc, straddles_and_offsets);
    tcase_add_test(tc, wrap_at_buffer_end);
    tcase_add_test(tc, subgroup_names);
    tcase_add_test(tc, affine_recognised);
    tcase_add_test(tc, closed_form_matches_reference);
    suite_add_tcase(s, tc);
    tc = tcase_create("expressions");
    tcase_add_test(tc, division_by_zero);
    tcase_add_test(tc, parse_errors);
    tcase_add_test(tc, arithmetic);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
