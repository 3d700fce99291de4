/*
 * check_addr.c — addresses (sim/program/addr.h, docs/isa.md "Addresses"):
 * the expression language of at=BUF[EXPR], the lines and sector masks a
 * subgroup touches (closed form and per-lane pass alike), the kernel's
 * `buffers` and `grid_x` keys, at= in programs, and the sugar that gives
 * the old pattern modifiers an address. Every expected value is worked
 * out by hand in the comment above it.
 */
#include "addr.h"
#include "banks.h"
#include "coalesce.h"
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
 * coal_access; also checks the sorted per-lane pass gives the same. */
static uint32_t lines_of(const char *text, const addr_bind *b,
                         const addr_ctx *c, addr_line *out)
{
    addr_expr *x = resolve_text(text, b);
    addr_line ref[1024];
    uint32_t cap = addr_max_lines(x, 32, 128);
    ck_assert_uint_le(cap, 1024);
    uint32_t n = coal_access(x, c, 32, NULL, 128, 32, out, cap);
    uint32_t m = coal_access_lanes(x, c, 32, NULL, 128, 32, ref, cap);
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
    ck_assert_uint_eq(coal_access(x, &ctx0, 1, NULL, 128, 32, out, 4), 2);
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

/* The brute-force reference: each lane's bytes one by one, each byte's
 * sector marked on its line in a small list, sorted at the end. */
static uint32_t brute(const addr_expr *x, const addr_ctx *c, uint32_t lanes,
                      uint32_t bytes, uint32_t line, uint32_t sector,
                      addr_line *out)
{
    uint32_t n = 0;
    for (uint32_t l = 0; l < lanes; l++) {
        int div0;
        uint64_t a = addr_lane(x, c, l, &div0);
        if (div0)
            return ADDR_DIV0;
        for (uint64_t byte = a; byte < a + bytes; byte++) {
            uint32_t k = 0;
            while (k < n && out[k].line != byte / line)
                k++;
            if (k == n)
                out[n++] = (addr_line){ byte / line, 0, 0, 0 };
            out[k].sectors |= 1u << (byte % line / sector);
        }
    }
    for (uint32_t i = 1; i < n; i++)
        for (uint32_t j = i; j > 0 && out[j - 1].line > out[j].line; j--) {
            addr_line t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
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
        "lane * 4 + wg_x - wg_y", "max(lane - 16, 0) >> 1", "lane * sg",
        "lane * -3 + it2 * 7", "1000000 - gid * 33",
    };
    static const uint32_t sizes[] = { 1, 4, 8, 12, 64 };
    static const uint64_t bases[] = { 0, 12, 4088 };
    static const uint32_t geom[][2] = { { 128, 32 }, { 64, 32 },
                                        { 32, 32 }, { 128, 4 } };
    const addr_ctx ctxs[] = {
        { .wg = 0, .sg = 0, .width = 32 },
        { .wg = 5, .sg = 1, .width = 32, .it = { 3, 1, 0 } },
        { .wg = 2047, .sg = 1, .width = 32, .it = { 7, 0, 2 } },
    };
    addr_line got[4096], want[1 << 12];
    uint32_t checked = 0, closed = 0;
    for (size_t i = 0; i < sizeof exprs / sizeof exprs[0]; i++)
        for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
            for (size_t o = 0; o < sizeof bases / sizeof bases[0]; o++) {
                addr_bind b = bind_of(1 << 20, sizes[z]);
                b.grid_x = 3;
                b.base = bases[o];
                addr_expr *x = resolve_text(exprs[i], &b);
                closed += addr_is_affine(x);
                for (size_t c = 0; c < sizeof ctxs / sizeof ctxs[0]; c++)
                    for (size_t g = 0; g < 4; g++)
                        for (uint32_t lanes = 1; lanes <= 32;
                             lanes = lanes == 1 ? 7 : lanes == 7 ? 32 : 33) {
                            uint32_t ln = geom[g][0], sc = geom[g][1];
                            uint32_t cap = addr_max_lines(x, lanes, ln);
                            ck_assert_uint_le(cap, 4096);
                            uint32_t n = coal_access(x, &ctxs[c], lanes, NULL, ln,
                                                    sc, got, cap);
                            uint32_t m = brute(x, &ctxs[c], lanes,
                                               sizes[z], ln, sc, want);
                            ck_assert_msg(n == m, "%s bytes %u base %llu "
                                          "ctx %zu lanes %u line %u: %u "
                                          "lines, reference %u", exprs[i],
                                          sizes[z],
                                          (unsigned long long)bases[o], c,
                                          lanes, ln, n, m);
                            for (uint32_t k = 0; k < n; k++) {
                                ck_assert_uint_eq(got[k].line, want[k].line);
                                ck_assert_uint_eq(got[k].sectors,
                                                  want[k].sectors);
                            }
                            checked++;
                        }
                addr_expr_free(x);
            }
    /* 24 expressions x 5 sizes x 3 bases x 3 subgroups x 4 geometries x
     * 3 lane counts (1, 7, 32); 18 of the 24 are affine (all but the division,
     * min, and, xor, square and max ones) */
    ck_assert_uint_eq(checked, 24 * 5 * 3 * 3 * 4 * 3);
    ck_assert_uint_eq(closed, 18 * 5 * 3);
}
END_TEST

/* The planner's bound on a linear access's lines knows where its lanes
 * start within a line (addr.c, linear_lines), worked out by hand for
 * width 32, workgroups of 64 (lane 0 of any subgroup at a multiple of 32
 * for gid), and checked against every subgroup of 512 workgroups. */
START_TEST(linear_bound)
{
    static const struct { const char *text; uint32_t bytes, line;
                          uint64_t base, length; uint32_t want; } cases[] = {
        /* 32 lanes x 16 B from a multiple of 512 B: 16 transactions of
         * 32 B (the span alone: 512 / 32 + 4 = 20) */
        { "gid", 16, 32, 0, 1 << 20, 16 },
        /* 32 x 4 B from a multiple of 128: one line of 128 */
        { "gid", 4, 128, 0, 1 << 20, 1 },
        /* the same 12 bytes into its region: 2 lines */
        { "gid", 4, 128, 12, 1 << 20, 2 },
        /* lid + wg x 64 is gid */
        { "wg * 64 + lid", 4, 32, 0, 1 << 20, 4 },
        /* stride 2, no per-subgroup name: bytes 0 .. 251, 2 lines */
        { "lane * 2", 4, 128, 0, 1 << 20, 2 },
        /* gid + 1 may straddle (lanes 31 .. 62 of a 32-aligned run) and
         * falls back on the span: 128 / 128 + 4 */
        { "gid + 1", 4, 128, 0, 1 << 20, 5 },
        /* 1000 elements: gid wraps at 1000, not a multiple of 32: the
         * span's bound */
        { "gid", 4, 128, 0, 4000, 5 },
        /* descending: lanes at -gid, the lowest 31 below lane 0; a
         * multiple of 32 minus 31 is 1 mod 32: may straddle */
        { "-gid", 4, 128, 0, 1 << 20, 5 },
        /* descending from 31 more: the lowest at a multiple of 32 */
        { "31 - gid", 4, 128, 0, 1 << 20, 1 },
    };
    addr_line got[4096], want[4096];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        addr_bind b = bind_of(cases[i].length, cases[i].bytes);
        b.base = cases[i].base;
        addr_expr *x = resolve_text(cases[i].text, &b);
        uint32_t cap = addr_max_lines(x, 32, cases[i].line);
        ck_assert_msg(cap == cases[i].want, "%s: bound %u, want %u",
                      cases[i].text, cap, cases[i].want);
        uint32_t most = 0;
        for (uint32_t wg = 0; wg < 512; wg++)
            for (uint32_t sg = 0; sg < 2; sg++) {
                addr_ctx c = { .wg = wg, .sg = sg, .width = 32 };
                uint32_t m = brute(x, &c, 32, cases[i].bytes,
                                   cases[i].line, 32, want);
                uint32_t n = coal_access(x, &c, 32, NULL, cases[i].line, 32, got,
                                        cap);
                ck_assert_uint_le(m, cap);
                ck_assert_uint_eq(n, m);
                if (m > most)
                    most = m;
            }
        /* where the bound is the tight one, some subgroup reaches it */
        if (strcmp(cases[i].text, "gid + 1") != 0
            && strcmp(cases[i].text, "-gid") != 0
            && cases[i].length == 1 << 20)
            ck_assert_uint_eq(most, cap);
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
    ck_assert_uint_eq(coal_access(x, &ctx0, 32, NULL, 128, 32, out, 64), ADDR_DIV0);
    addr_expr_free(x);
    /* the divisor 0 only for sg 0 (a per-subgroup divisor) */
    x = resolve_text("lane / sg", &b);
    addr_ctx c1 = { .wg = 0, .sg = 1, .width = 32 };
    ck_assert_uint_eq(coal_access(x, &ctx0, 32, NULL, 128, 32, out, 64), ADDR_DIV0);
    ck_assert_uint_eq(coal_access(x, &c1, 32, NULL, 128, 32, out, 64), 1);
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

/* ------------------------------------------------ kernels and programs */

/* Loads kernel YAML `text` as "k.yaml"; aborts on an error. */
static void load_kernel(const char *text, const cusim_set *sets,
                        size_t n_sets, cusim_kernel *k)
{
    cusim_error err;
    if (cusim_kernel_load_string(text, "k.yaml", sets, n_sets, k, &err) != 0)
        ck_abort_msg("%s:%d:%d: %s", err.file, err.line, err.column,
                     err.message);
}

/* Loading `text` fails at line:column with `message`. */
static void load_fails(const char *text, int line, int column,
                       const char *message)
{
    cusim_kernel k;
    cusim_error err;
    ck_assert_int_ne(cusim_kernel_load_string(text, "k.yaml", NULL, 0, &k,
                                              &err), 0);
    ck_assert_msg(err.line == line && err.column == column,
                  "at %d:%d, expected %d:%d (%s)", err.line, err.column,
                  line, column, err.message);
    ck_assert_str_eq(err.message, message);
}

/* Resolving kernel `text` at width 32 fails at line:column with
 * `message`. */
static void resolve_fails(const char *text, int line, int column,
                          const char *message)
{
    cusim_kernel k;
    cusim_error err;
    load_kernel(text, NULL, 0, &k);
    prog_shape sh = prog_shape_of(&k, 32);
    ck_assert_ptr_null(prog_resolve(k.ast, &sh, &err));
    ck_assert_msg(err.line == line && err.column == column,
                  "at %d:%d, expected %d:%d (%s)", err.line, err.column,
                  line, column, err.message);
    ck_assert_str_eq(err.message, message);
    cusim_kernel_free(&k);
}

static uint64_t lane0(const prog_insn *in)
{
    int div0;
    uint64_t a = addr_lane(in->at ? in->at : in->sugar, &ctx0, 0, &div0);
    ck_assert(!div0);
    return a;
}

START_TEST(buffers_layout)
{
    /* sizes 100, 4 KiB = 4096, elements x 4 = 4096, 1 MiB; bases from 0,
     * each at the next multiple of 4096: A 0, B 4096 (A ends at 100),
     * C 8192, D 12288; D's last 4-byte element (index -1 wraps) at
     * 12288 + 1048576 - 4 = 1060860 */
    cusim_kernel k;
    load_kernel("name: t\nworkgroup_size: 64\nelements: 1024\n"
                "buffers: { A: 100, B: 4 KiB, C: elements * 4, D: 1MiB }\n"
                "program: |\n"
                "  ld.global x, i at=A[0]\n"
                "  ld.global x, i at=B[0]\n"
                "  ld.global x, i at=C[0]\n"
                "  ld.global x, i at=D[-1]\n"
                "  ld.global x, i at=A[26]\n", NULL, 0, &k);
    ck_assert_int_eq(k.n_buffers, 4);
    ck_assert_str_eq(k.buffers[1].size, "4096");
    ck_assert_str_eq(k.buffers[2].size, "elements * 4");
    prog_shape sh = prog_shape_of(&k, 32);
    cusim_error err;
    prog_code *code = prog_resolve(k.ast, &sh, &err);
    ck_assert_ptr_nonnull(code);
    ck_assert_uint_eq(lane0(&code->insns[0]), 0);
    ck_assert_uint_eq(lane0(&code->insns[1]), 4096);
    ck_assert_uint_eq(lane0(&code->insns[2]), 8192);
    ck_assert_uint_eq(lane0(&code->insns[3]), 1060860);
    /* A holds 100 / 4 = 25 elements: element 26 wraps to 1: byte 4 */
    ck_assert_uint_eq(lane0(&code->insns[4]), 4);
    ck_assert_uint_eq(code->insns[0].space, PROG_SPACE_GLOBAL);
    ck_assert_ptr_null(code->insns[0].sugar);
    prog_code_free(code);

    /* the echo writes the mapping back (numbers plain, an expression
     * quoted) and reads back to the same */
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    cusim_kernel_echo(f, &k);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(text, "buffers: { A: 100, B: 4096, C: "
                                 "\"elements * 4\", D: 1048576 }\n"));
    cusim_kernel back;
    load_kernel(text, NULL, 0, &back);
    ck_assert_int_eq(back.n_buffers, 4);
    ck_assert_str_eq(back.buffers[2].size, "elements * 4");
    cusim_kernel_free(&back);
    free(text);

    /* --set replaces the whole mapping: B alone, at 0 */
    cusim_set set = { "kernel.buffers", "{ D: 64, B: 8 }", "--set", 1, 1 };
    cusim_kernel_free(&k);
    load_kernel("name: t\nworkgroup_size: 64\nelements: 1024\n"
                "buffers: { A: 100, B: 4 KiB }\n"
                "program: |\n  ld.global x, i at=B[1]\n", &set, 1, &k);
    ck_assert_int_eq(k.n_buffers, 2);
    sh = prog_shape_of(&k, 32);
    code = prog_resolve(k.ast, &sh, &err);
    ck_assert_ptr_nonnull(code);
    /* D 0 .. 63, B at 4096: element 1 at 4100 */
    ck_assert_uint_eq(lane0(&code->insns[0]), 4100);
    prog_code_free(code);
    cusim_kernel_free(&k);
}
END_TEST

START_TEST(buffers_errors)
{
    /* "buffers: { " is 11 characters: the first name at column 12 */
    load_fails("name: t\nworkgroup_size: 64\nelements: 1024\n"
               "buffers: { shared: 4 }\nprogram: alu x\n", 4, 12,
               "buffers: 'shared' is reserved (at=shared[...] is the "
               "workgroup's shared memory); expected another buffer name");
    load_fails("name: t\nworkgroup_size: 64\nelements: 1024\n"
               "buffers: { it: 4 }\nprogram: alu x\n", 4, 12,
               "buffers: 'it' is reserved (a name of the at= expressions); "
               "expected another buffer name");
    /* "buffers: { A: 4, A: 8 }": the second A at column 18 */
    load_fails("name: t\nworkgroup_size: 64\nelements: 1024\n"
               "buffers: { A: 4, A: 8 }\nprogram: alu x\n", 4, 18,
               "buffers: buffer 'A' given twice (first at line 4, column "
               "12)");
    /* "buffers: { A: 4 * elemnts }": the size at column 15, the name
     * 'elemnts' 4 bytes into it: column 19 */
    load_fails("name: t\nworkgroup_size: 64\nelements: 1024\n"
               "buffers: { A: 4 * elemnts }\nprogram: alu x\n", 4, 19,
               "buffers.A: unknown name 'elemnts' in the size (did you "
               "mean 'elements'?)");
    load_fails("name: t\nworkgroup_size: 64\nelements: 1024\n"
               "buffers: { A: 0 KiB }\nprogram: alu x\n", 4, 15,
               "buffers.A: a buffer of 0 bytes (expected at least 1)");
    load_fails("name: t\nworkgroup_size: 64\nelements: 1024\n"
               "buffers: [ 4 ]\nprogram: alu x\n", 4, 10,
               "buffers: expected a mapping of up to 16 buffer names to "
               "sizes in bytes, got a list");
    /* 17 buffers: the 17th name (q) is refused, at 11 + 6 x 16 = 107 */
    load_fails("name: t\nworkgroup_size: 64\nelements: 1024\n"
               "buffers: {a: 1, b: 1, c: 1, d: 1, f: 1, g: 1, h: 1, i: 1, "
               "j: 1, k: 1, l: 1, m: 1, n: 1, o: 1, p: 1, r: 1, q: 1}\n"
               "program: alu x\n", 4, 107,
               "buffers: too many buffers (at most 16, got 17)");
    /* a size that evaluates to 0 for this shape: 1024 / 2048 = 0 */
    resolve_fails("name: t\nworkgroup_size: 64\nelements: 1024\n"
                  "buffers: { A: elements / 2048 }\n"
                  "program: ld.global x, i at=A[gid]\n", 4, 15,
                  "buffers.A: elements / 2048 = 0 bytes (expected 1 to "
                  "2^48)");
}
END_TEST

START_TEST(at_errors_located)
{
    static const char head[] = "name: t\nworkgroup_size: 64\n"
        "elements: 1024\nshared_bytes: 256\n"
        "buffers: { A: 4096, table: 64 }\nprogram: |\n  alu i\n";
    static const struct { const char *line; int column;
                          const char *message; } cases[] = {
        /* "  ld.global x, i at=" is 20 characters: BUF at column 21 */
        { "  ld.global x, i at=tabel[gid]", 21,
          "unknown buffer 'tabel' (did you mean 'table'?)" },
        { "  ld.global x, i at=Q[gid]", 21,
          "unknown buffer 'Q' (the kernel's buffers: A, table)" },
        { "  ld.global x, i at=A[gdi]", 23,
          "unknown name 'gdi' in the address (did you mean 'gid'?)" },
        { "  ld.global x, i at=A[gid * ]", 29,
          "expected a number, a name or '(' in the expression, found "
          "the end of the expression" },
        { "  ld.global x, i at=A[gid", 22, "expected ']' to close at=A[" },
        { "  ld.global x, i at=A(gid)", 22,
          "expected '[' after at=A (the element index goes in brackets), "
          "found '('" },
        { "  ld.global x, i at=shared[gid]", 21,
          "at=shared[...] is for ld.shared and st.shared; 'ld.global' "
          "names one of the kernel's buffers" },
        { "  ld.shared x, i at=A[gid]", 21,
          "'ld.shared' addresses the workgroup's shared memory: write "
          "at=shared[EXPR], not 'A'" },
        /* "  st.global i, i at=A[gid] " is 27 characters */
        { "  st.global i, i at=A[gid] pattern=random", 28,
          "'pattern=' with 'at=': at= says where the lanes go and pattern= "
          "is its older shorthand (give one)" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, "%s%s\n", head, cases[i].line);
        load_fails(text, 8, cases[i].column, cases[i].message);
    }
    /* constant division by zero, found when resolved: '%' at column
     * 20 + 11 = 31 of "  ld.global x, i at=A[gid + 1 % (simd_width - 32)]" */
    char text[512];
    snprintf(text, sizeof text, "%s%s\n", head,
             "  ld.global x, i at=A[gid + 1 % (simd_width - 32)]");
    resolve_fails(text, 8, 31, "remainder by zero in the address (the "
                  "divisor is always 0)");
    /* shared_bytes 256 holds 4-byte elements, not 512-byte ones */
    snprintf(text, sizeof text, "%s%s\n", head,
             "  ld.shared x, i at=shared[lane] bytes=512");
    resolve_fails(text, 8, 28, "at=shared[...]: shared_bytes (256 bytes) "
                  "holds no element of 512 bytes");
}
END_TEST

START_TEST(shared_at)
{
    /* at=shared[lane * 2]: lane l at byte 8 l of shared memory (base 0,
     * 512 bytes = 128 elements: lane 31 at 248) */
    cusim_kernel k;
    load_kernel("name: t\nworkgroup_size: 64\nelements: 1024\n"
                "shared_bytes: 512\nprogram: |\n"
                "  ld.shared x, i at=shared[lane * 2 + 64 * sg]\n",
                NULL, 0, &k);
    prog_shape sh = prog_shape_of(&k, 32);
    cusim_error err;
    prog_code *code = prog_resolve(k.ast, &sh, &err);
    ck_assert_ptr_nonnull(code);
    const prog_insn *in = &code->insns[0];
    ck_assert_uint_eq(in->space, PROG_SPACE_SHARED);
    ck_assert_ptr_null(in->sugar);
    int div0;
    ck_assert_uint_eq(addr_lane(in->at, &ctx0, 31, &div0), 248);
    /* sg 1: element 64 + 2 lane; lane 31: 126 x 4 = 504 */
    addr_ctx c1 = { .wg = 0, .sg = 1, .width = 32 };
    ck_assert_uint_eq(addr_lane(in->at, &c1, 31, &div0), 504);
    prog_code_free(code);
    cusim_kernel_free(&k);
}
END_TEST

/* The lines a 32-lane subgroup 0 of workgroup 0 touches through insn i's
 * sugar, in 128-byte lines of 32-byte sectors. */
static uint32_t sugar_lines(const prog_code *code, uint32_t i,
                            const addr_ctx *c, addr_line *out)
{
    const addr_expr *x = code->insns[i].sugar;
    ck_assert_ptr_nonnull(x);
    return coal_access(x, c, 32, NULL, 128, 32, out, addr_max_lines(x, 32, 128));
}

START_TEST(pattern_sugar)
{
    /* 65536 elements, E = 2: G = 32768 invocations */
    cusim_kernel k;
    load_kernel("name: t\nworkgroup_size: 64\nelements: 65536\n"
                "elements_per_invocation: 2\nprogram: |\n"
                "  ld.global a, i\n"
                "  ld.global b, i pattern=strided:2\n"
                "  ld.global c, i pattern=strided:32\n"
                "  ld.global d, i pattern=random\n"
                "  repeat 4 {\n"
                "    st.global a, i\n"
                "  }\n", NULL, 0, &k);
    prog_shape sh = prog_shape_of(&k, 32);
    ck_assert_uint_eq(sh.invocations, 32768);
    cusim_error err;
    prog_code *code = prog_resolve(k.ast, &sh, &err);
    ck_assert_ptr_nonnull(code);
    /* E = 2 copies of each: insns 0,1 coalesced, 2,3 strided:2, 4,5
     * strided:32, 6,7 random, 8 the loop, 9,10 the stores, 11 its end */
    addr_line out[64];
    /* coalesced: 32 consecutive 4-byte elements: 1 line, 4 sectors */
    ck_assert_uint_eq(sugar_lines(code, 0, &ctx0, out), 1);
    ck_assert_uint_eq(out[0].sectors, 0xF);
    /* strided:2: 2 lines; strided:32: 32 lines, one sector each */
    ck_assert_uint_eq(sugar_lines(code, 2, &ctx0, out), 2);
    ck_assert_uint_eq(sugar_lines(code, 4, &ctx0, out), 32);
    ck_assert_uint_eq(out[0].sectors, 0x1);
    /* random: each lane its own line (hashes of 32 consecutive x) */
    ck_assert_uint_eq(sugar_lines(code, 6, &ctx0, out), 32);
    /* regions: no buffers, so insn i's is 2^40 (i + 1): insn 0 lane 0 at
     * 2^40; copy e = 1 (insn 1) reads element G = 32768 of its own
     * region 2^41: 2^41 + 131072 */
    ck_assert_uint_eq(lane0(&code->insns[0]), (uint64_t)1 << 40);
    ck_assert_uint_eq(lane0(&code->insns[1]),
                      ((uint64_t)1 << 41) + 32768 * 4);
    /* the store in the loop, copy 0, iteration it = 3: element
     * G (0 + E x 3) = 196608: byte 786432 of region 2^40 x 10 */
    addr_ctx c3 = { .wg = 0, .sg = 0, .width = 32, .it = { 3, 0, 0 } };
    int div0;
    ck_assert_uint_eq(addr_lane(code->insns[9].sugar, &c3, 0, &div0),
                      ((uint64_t)10 << 40) + 786432);
    /* shared and non-memory instructions have none */
    ck_assert_ptr_null(code->insns[8].sugar);
    prog_code_free(code);
    cusim_kernel_free(&k);
}
END_TEST

START_TEST(grid_key)
{
    /* grid_x 4: wg 6 is (2, 1); at=A[wg_y * 1000 + wg_x] for lane 0:
     * element 1002: byte 4008 */
    cusim_kernel k;
    load_kernel("name: t\nworkgroup_size: 64\nelements: 65536\n"
                "grid_x: 4\nbuffers: { A: 1 MiB }\nprogram: |\n"
                "  ld.global a, i at=A[wg_y * 1000 + wg_x]\n", NULL, 0, &k);
    ck_assert_uint_eq(k.grid_x, 4);
    prog_shape sh = prog_shape_of(&k, 32);
    cusim_error err;
    prog_code *code = prog_resolve(k.ast, &sh, &err);
    ck_assert_ptr_nonnull(code);
    addr_ctx c = { .wg = 6, .sg = 0, .width = 32 };
    int div0;
    ck_assert_uint_eq(addr_lane(code->insns[0].at, &c, 0, &div0), 4008);
    prog_code_free(code);
    /* a clone resolves the same (the at= expression is copied) */
    cusim_kernel copy;
    cusim_kernel_clone(&copy, &k);
    cusim_kernel_free(&k);
    sh = prog_shape_of(&copy, 32);
    code = prog_resolve(copy.ast, &sh, &err);
    ck_assert_ptr_nonnull(code);
    ck_assert_uint_eq(addr_lane(code->insns[0].at, &c, 0, &div0), 4008);
    prog_code_free(code);
    /* resolved with a shape that has no buffers (another kernel's): an
     * error at the at= expression (line 7, after "  ld.global a, i at=A[",
     * 22 characters: column 23) */
    sh.n_buffers = 0;
    sh.buffers = NULL;
    ck_assert_ptr_null(prog_resolve(copy.ast, &sh, &err));
    ck_assert_int_eq(err.line, 7);
    ck_assert_int_eq(err.column, 23);
    ck_assert_str_eq(err.message, "at=: the program names buffer 1 of its "
                     "kernel, but the launch shape has 0 buffers (resolved "
                     "for another kernel)");
    cusim_kernel_free(&copy);
}
END_TEST

START_TEST(shared_bank_passes)
{
    /* 32 banks of 4 bytes, 32 lanes of 4-byte elements at
     * at=shared[EXPR] (subgroup 0, iteration 0): lane l in bank
     * (index mod 32):
     *   lane:       32 banks, one word each: 1 pass
     *   lane * 2:   banks 0, 2, .., 30 hold 2 words each: 2 passes
     *   lane * 32:  bank 0 holds 32 words: 32 passes
     *   lane * 33:  bank l: 1 pass (the padded transpose)
     *   7:          one word for all (broadcast): 1 pass
     *   lane / 2 * 32: 16 words in bank 0, pairs share one: 16 passes */
    static const struct { const char *expr; uint32_t passes; } cases[] = {
        { "lane", 1 }, { "lane * 2", 2 }, { "lane * 32", 32 },
        { "lane * 33", 1 }, { "7", 1 }, { "lane / 2 * 32", 16 },
    };
    cusim_hw hw;
    memset(&hw, 0, sizeof hw);
    hw.cu.shared_banks = 32;
    hw.cu.shared_bank_bytes = 4;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, "name: t\nworkgroup_size: 64\n"
                 "elements: 1024\nshared_bytes: 8192\nprogram: |\n"
                 "  ld.shared x, i at=shared[%s]\n", cases[i].expr);
        cusim_kernel k;
        load_kernel(text, NULL, 0, &k);
        prog_shape sh = prog_shape_of(&k, 32);
        cusim_error err;
        prog_code *code = prog_resolve(k.ast, &sh, &err);
        ck_assert_ptr_nonnull(code);
        ck_assert_msg(bank_insn_passes(&hw, &code->insns[0], 0, 32)
                      == cases[i].passes, "%s", cases[i].expr);
        prog_code_free(code);
        cusim_kernel_free(&k);
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
    tcase_add_test(tc, linear_bound);
    tcase_set_timeout(tc, 60);   /* the reference pass, under sanitizers */
    suite_add_tcase(s, tc);
    tc = tcase_create("expressions");
    tcase_add_test(tc, division_by_zero);
    tcase_add_test(tc, parse_errors);
    tcase_add_test(tc, arithmetic);
    suite_add_tcase(s, tc);
    tc = tcase_create("kernels");
    tcase_add_test(tc, buffers_layout);
    tcase_add_test(tc, buffers_errors);
    tcase_add_test(tc, at_errors_located);
    tcase_add_test(tc, shared_at);
    tcase_add_test(tc, pattern_sugar);
    tcase_add_test(tc, grid_key);
    tcase_add_test(tc, shared_bank_passes);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
