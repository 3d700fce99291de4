/*
 * check_addrmap.c — the address map (sim/model/addrmap.h) on its own: the
 * DRAM channel, the L2 slice and the address within its channel of a byte
 * address, under each hash, worked out by hand; the properties the header
 * promises (a slice is one channel's; each hash permutes every run of its
 * count; linear is the interleave cusim had before the hashes) on every
 * shipped profile.
 *
 * Blocks are of 256 bytes (cache.l2.interleave) in every case: u = addr
 * >> 8.
 */
#include <dirent.h>
#include <string.h>

#include "addrmap.h"
#include "cutest.h"

/* A profile's map from its counts and hashes (only these keys matter). */
static addrmap map_of(uint32_t channels, uint32_t slices,
                      cusim_addr_hash dram, cusim_addr_hash l2)
{
    cusim_hw hw = cutest_tiny_hier();
    hw.dram.channels = channels;
    hw.cache.l2.slices = slices;
    hw.dram.hash = dram;
    hw.cache.l2.hash = l2;
    addrmap m;
    addrmap_init(&m, &hw);
    return m;
}

/* p(x) mod d(x) over GF(2), both nonzero, bit i the coefficient of x^i. */
static uint32_t gf2_mod(uint32_t p, uint32_t d)
{
    const int dd = 31 - __builtin_clz(d);
    for (int i = 31 - __builtin_clz(p); p && i >= dd;
         i = p ? 31 - __builtin_clz(p) : -1)
        p ^= d << (i - dd);
    return p;
}

START_TEST(the_polynomials_are_irreducible)
{
    /* Degree j's polynomial has degree j (bit j its top bit) and no
     * divisor of degree 1 .. j/2: trial division by every polynomial of
     * those degrees. Degrees 4, 5, 6 are hashing.cc's: x^4+x+1 (0x13),
     * x^5+x^2+1 (0x25), x^6+x+1 (0x43). */
    ck_assert_uint_eq(addrmap_poly(4), 0x13);
    ck_assert_uint_eq(addrmap_poly(5), 0x25);
    ck_assert_uint_eq(addrmap_poly(6), 0x43);
    ck_assert_uint_eq(addrmap_poly(13), 0);
    for (uint32_t j = 1; j <= 12; j++) {
        uint32_t p = addrmap_poly(j);
        ck_assert_uint_eq(31 - (uint32_t)__builtin_clz(p), j);
        for (uint32_t d = 2; d < 1u << (j / 2 + 1); d++)
            ck_assert_msg(gf2_mod(p, d) != 0, "degree %u: 0x%x divides 0x%x",
                          j, d, p);
    }
}
END_TEST

START_TEST(linear_is_the_interleave)
{
    /* Both linear: channel = u mod channels, slice = u mod slices, the
     * address within the channel (u / channels) x 256 + the offset. 40
     * channels, 80 slices; address 57,361 = block 224, offset 17: channel
     * 224 mod 40 = 24, slice 224 mod 80 = 64, within the channel block
     * 224 / 40 = 5, 5 x 256 + 17 = 1,297. */
    addrmap m = map_of(40, 80, CUSIM_HASH_LINEAR, CUSIM_HASH_LINEAR);
    ck_assert_uint_eq(addrmap_channel(&m, 57361), 24);
    ck_assert_uint_eq(addrmap_slice(&m, 57361), 64);
    ck_assert_uint_eq(addrmap_local(&m, 57361), 1297);
    /* Counts where neither divides the other stay as they were: 6
     * slices, 4 channels, block 7: slice 1, channel 3. */
    m = map_of(4, 6, CUSIM_HASH_LINEAR, CUSIM_HASH_LINEAR);
    ck_assert_uint_eq(addrmap_slice(&m, 7 * 256), 1);
    ck_assert_uint_eq(addrmap_channel(&m, 7 * 256), 3);
    /* And over a range, against the formulas as dram.c and l2.c had them */
    m = map_of(40, 80, CUSIM_HASH_LINEAR, CUSIM_HASH_LINEAR);
    for (uint64_t a = 0; a < (1u << 24); a += 4099) {
        uint64_t u = a >> 8;
        ck_assert_uint_eq(addrmap_channel(&m, a), u % 40);
        ck_assert_uint_eq(addrmap_slice(&m, a), u % 80);
        ck_assert_uint_eq(addrmap_local(&m, a), (u / 40 << 8) | (a & 255));
    }
}
END_TEST

START_TEST(xor_by_hand)
{
    /* 32 channels (j = 5), 64 slices (2 per channel), both xor. Block
     * u = 1,443 = 0b1_01101_00011: channel = 00011 ^ 01101 = 01110 = 14;
     * within the channel v = 1443 / 32 = 45 = 0b101101, its slice of 2:
     * bit 0 ^ bit 1 = 1 ^ 0 = 1; slice = 1 x 32 + 14 = 46. Block 0 stays
     * at channel 0, slice 0. */
    addrmap m = map_of(32, 64, CUSIM_HASH_XOR, CUSIM_HASH_XOR);
    ck_assert_uint_eq(addrmap_channel(&m, 1443 * 256 + 5), 14);
    ck_assert_uint_eq(addrmap_slice(&m, 1443 * 256 + 5), 46);
    ck_assert_uint_eq(addrmap_local(&m, 1443 * 256 + 5), 45 * 256 + 5);
    ck_assert_uint_eq(addrmap_channel(&m, 0), 0);
    ck_assert_uint_eq(addrmap_slice(&m, 0), 0);
}
END_TEST

START_TEST(ipoly_by_hand)
{
    /* 32 channels: the remainder modulo x^5 + x^2 + 1. x^5 = x^2 + 1
     * (0b00101 = 5) and x^8 = x^5 + x^3 = x^3 + x^2 + 1 (0b01101 = 13):
     * blocks 32 and 256 go to channels 5 and 13, as hashing.cc's 32-bank
     * equations give for higher bits a = 1 (a[0] feeds bits 0 and 2) and
     * a = 8 (a[3] feeds bits 0, 2 and 3). */
    addrmap m = map_of(32, 32, CUSIM_HASH_IPOLY, CUSIM_HASH_IPOLY);
    ck_assert_uint_eq(addrmap_channel(&m, 32 * 256), 5);
    ck_assert_uint_eq(addrmap_channel(&m, 256 * 256), 13);
    ck_assert_uint_eq(addrmap_slice(&m, 256 * 256), 13);

    /* nvidia-h200's counts: 40 channels = 2^3 x 5, 80 slices (2 per
     * channel), both ipoly. Modulo x^3 + x + 1: x^3 = 0b011, x^4 =
     * 0b110, x^5 = 0b111, x^6 = 0b101, x^7 = 0b001.
     *   - block 224 = 0b11100000 (8,192 x 7: row 7 of a 2,048-float
     *     pitch): low bits x^5 + x^6 + x^7 = 111 ^ 101 ^ 001 = 011 = 3;
     *     t = 224 >> 3 = 28 is 3 in its group of 5, group 28 / 5 = 5:
     *     (3 + 5) mod 5 = 3; channel 3 x 8 + 3 = 27 (linear: 24).
     *     Within the channel v = 224 / 40 = 5 = 0b101, its slice of 2
     *     the remainder modulo x + 1, the parity: 0; slice 27 (linear:
     *     64);
     *   - block 8 = x^3: low bits 3; t = 1, group 0: 1; channel 11;
     *   - block 40 = x^5 + x^3: 111 ^ 011 = 4; t = 5 is 0 in group 1:
     *     (0 + 1) mod 5 = 1; channel 12 (linear: 0); v = 1, parity 1:
     *     slice 40 + 12 = 52; its address 40 x 256 + 17 is 1 x 256 + 17
     *     = 273 within the channel. */
    m = map_of(40, 80, CUSIM_HASH_IPOLY, CUSIM_HASH_IPOLY);
    ck_assert_uint_eq(addrmap_channel(&m, 224 * 256), 27);
    ck_assert_uint_eq(addrmap_slice(&m, 224 * 256), 27);
    ck_assert_uint_eq(addrmap_channel(&m, 8 * 256), 11);
    ck_assert_uint_eq(addrmap_channel(&m, 40 * 256 + 17), 12);
    ck_assert_uint_eq(addrmap_slice(&m, 40 * 256 + 17), 52);
    ck_assert_uint_eq(addrmap_local(&m, 40 * 256 + 17), 273);
    ck_assert_uint_eq(addrmap_channel(&m, 0), 0);
    ck_assert_uint_eq(addrmap_slice(&m, 255), 0);
}
END_TEST

/* The ipoly hash against its definition, term by term: the low j bits
 * the remainder of all 64 bits of x, as a polynomial, modulo the degree-j
 * polynomial (gf2 long division, bit by bit), and the odd factor t mod m
 * plus the group's number (t / m) mod m, mod m, as the header words it;
 * for counts of each shape (a power of two, two: the parity, an odd one,
 * both) over 20,000 numbers of up to 63 bits (a fixed linear congruential
 * sequence; addrhash_pick's domain: block numbers, below 2^63). */
START_TEST(ipoly_matches_its_definition)
{
    static const uint32_t counts[] = { 1, 2, 5, 8, 32, 40, 48, 80, 96, 4096 };
    for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
        const uint32_t n = counts[c];
        addrmap m = map_of(n, n, CUSIM_HASH_IPOLY, CUSIM_HASH_LINEAR);
        const addrhash *h = &m.chan;
        const uint32_t j = (uint32_t)__builtin_ctz(n), odd = n >> j;
        const uint64_t p = addrmap_poly(j);
        uint64_t x = 12345;
        for (int i = 0; i < 20000; i++) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            uint64_t v = i % 3 == 0 ? x >> 1 : i % 3 == 1 ? x >> 24 : x >> 40;
            uint64_t r = 0;
            if (j > 0)
                for (int b = 63; b >= 0; b--) {
                    r = r << 1 | (v >> b & 1);
                    if (r >> j & 1)
                        r ^= p;
                }
            uint64_t t = v >> j;
            uint64_t hi = (t % odd + (t / odd) % odd) % odd;
            ck_assert_msg(addrhash_pick(h, v) == (hi << j | r),
                          "n %u, x %llu: %u, not %llu", n,
                          (unsigned long long)v, addrhash_pick(h, v),
                          (unsigned long long)(hi << j | r));
        }
    }
}
END_TEST

START_TEST(a_power_of_two_stride_spreads)
{
    /* A column of a 2,048-float matrix: blocks 32 i. Linear puts them on
     * 32 i mod 80: gcd(32, 80) = 16, 80 / 16 = 5 slices. ipoly on
     * nvidia-h200's counts uses every one of the 80 slices, none more
     * than twice as often as the average over 8,000 rows. */
    uint32_t lin[80] = { 0 }, ip[80] = { 0 };
    addrmap l = map_of(40, 80, CUSIM_HASH_LINEAR, CUSIM_HASH_LINEAR);
    addrmap m = map_of(40, 80, CUSIM_HASH_IPOLY, CUSIM_HASH_IPOLY);
    for (uint64_t i = 0; i < 8000; i++) {
        lin[addrmap_slice(&l, i * 8192)]++;
        ip[addrmap_slice(&m, i * 8192)]++;
    }
    uint32_t used = 0;
    for (int s = 0; s < 80; s++) {
        used += lin[s] > 0;
        ck_assert_uint_gt(ip[s], 0);
        ck_assert_uint_le(ip[s], 2 * 8000 / 80);
    }
    ck_assert_uint_eq(used, 5);
}
END_TEST

/* The header's promises for map m: slices are their channel's; in every
 * run of `channels` blocks each channel once, so (channel, address within
 * it) names one address. */
static void check_promises(const addrmap *m, const char *what)
{
    const uint32_t c = m->channels, s = m->slices;
    uint8_t seen[4096];
    for (uint64_t run = 0; run < 3000; run += run < 40 ? 1 : 97) {
        memset(seen, 0, c);
        for (uint64_t r = 0; r < c; r++) {
            uint64_t a = ((run * c + r) << m->shift) + 3;
            uint32_t ch = addrmap_channel(m, a), sl = addrmap_slice(m, a);
            ck_assert_msg(ch < c && sl < s, "%s: block %llu: channel %u, "
                          "slice %u", what, (unsigned long long)(run * c + r),
                          ch, sl);
            if (s % c == 0 || c % s == 0)
                ck_assert_msg(sl % (s < c ? s : c) == ch % (s < c ? s : c),
                              "%s: block %llu: slice %u is not channel "
                              "%u's", what,
                              (unsigned long long)(run * c + r), sl, ch);
            ck_assert_msg(!seen[ch], "%s: run %llu: channel %u twice",
                          what, (unsigned long long)run, ch);
            seen[ch] = 1;
            ck_assert_uint_eq(addrmap_local(m, a), (run << m->shift) + 3);
        }
    }
}

START_TEST(every_shipped_profile_keeps_its_slices_in_their_channel)
{
    /* Every profile with caches, as shipped and under each hash its counts
     * allow (xor: power-of-two channels and slices per channel). */
    DIR *dir = opendir(cutest_path("configs/hw"));
    ck_assert_ptr_nonnull(dir);
    int profiles = 0;
    for (struct dirent *e; (e = readdir(dir)) != NULL;) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".yaml") != 0)
            continue;
        char rel[300];
        snprintf(rel, sizeof rel, "configs/hw/%s", e->d_name);
        cusim_hw hw;
        cusim_error err;
        ck_assert_msg(cusim_hw_load(cutest_path(rel), NULL, 0, &hw, &err) == 0,
                      "%s: %s", rel, err.message);
        if (hw.cache.l2.bytes == 0)
            continue;
        profiles++;
        addrmap m;
        addrmap_init(&m, &hw);
        check_promises(&m, rel);
        const uint32_t c = hw.dram.channels, s = hw.cache.l2.slices;
        ck_assert_msg(s % c == 0 || c % s == 0, "%s: %u slices, %u channels",
                      rel, s, c);
        for (int d = 0; d < CUSIM_HASH_COUNT; d++)
            for (int l = 0; l < CUSIM_HASH_COUNT; l++) {
                if ((d == CUSIM_HASH_XOR && (c & (c - 1)))
                    || (l == CUSIM_HASH_XOR && s > c && ((s / c) & (s / c - 1))))
                    continue;
                hw.dram.hash = (cusim_addr_hash)d;
                hw.cache.l2.hash = (cusim_addr_hash)l;
                addrmap_init(&m, &hw);
                char what[400];
                snprintf(what, sizeof what, "%s, dram.hash %d, "
                         "cache.l2.hash %d", rel, d, l);
                check_promises(&m, what);
            }
    }
    closedir(dir);
    ck_assert_int_ge(profiles, 20);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("addrmap");
    cutest_behaviour(s, "irreducible", the_polynomials_are_irreducible);
    cutest_behaviour(s, "linear", linear_is_the_interleave);
    cutest_behaviour(s, "xor", xor_by_hand);
    cutest_behaviour(s, "ipoly", ipoly_by_hand);
    cutest_behaviour(s, "ipoly against its definition",
                     ipoly_matches_its_definition);
    cutest_behaviour(s, "stride", a_power_of_two_stride_spreads);
    cutest_behaviour(s, "ownership", every_shipped_profile_keeps_its_slices_in_their_channel);
    return s;
}

CUTEST_MAIN(make_suite)
