/*
 * addrmap.c — building the address map (addrmap.h): each hash's factors
 * and, for ipoly, its table of remainders.
 */
#include "addrmap.h"

#include <assert.h>
#include <string.h>

#include "intmath.h"

/* Irreducible polynomials over GF(2), one per degree, bit i the coefficient
 * of x^i. Degrees 4, 5 and 6 are those of GPGPU-Sim's ipoly_hash_function
 * (src/gpgpu-sim/hashing.cc: its equations for 16, 32 and 64 banks are the
 * remainders modulo x^4+x+1, x^5+x^2+1 and x^6+x+1); the others are the
 * trinomials and pentanomials of the usual tables (Peterson and Weldon,
 * "Error-Correcting Codes", appendix C). check_addrmap proves each
 * irreducible. Degree 12 covers the largest power-of-two factor of a count
 * (dram.channels and cache.l2.slices are at most 4,096). */
static const uint32_t polys[] = {
    0,
    0x3,     /* x + 1 */
    0x7,     /* x^2 + x + 1 */
    0xB,     /* x^3 + x + 1 */
    0x13,    /* x^4 + x + 1 */
    0x25,    /* x^5 + x^2 + 1 */
    0x43,    /* x^6 + x + 1 */
    0x83,    /* x^7 + x + 1 */
    0x11D,   /* x^8 + x^4 + x^3 + x^2 + 1 */
    0x211,   /* x^9 + x^4 + 1 */
    0x409,   /* x^10 + x^3 + 1 */
    0x805,   /* x^11 + x^2 + 1 */
    0x1053,  /* x^12 + x^6 + x^4 + x + 1 */
};

uint32_t addrmap_poly(uint32_t j)
{
    return j < sizeof polys / sizeof polys[0] ? polys[j] : 0;
}

/* (v x^s) mod p, p of degree j >= 1, v below 2^j. */
static uint32_t mulx_mod(uint32_t v, uint32_t s, uint32_t p, uint32_t j)
{
    for (uint32_t i = 0; i < s; i++) {
        v <<= 1;
        if (v >> j & 1)
            v ^= p;
    }
    return v;
}

static void hash_init(addrhash *h, cusim_addr_hash kind, uint32_t n)
{
    memset(h, 0, sizeof *h);
    h->n = n;
    h->bits = (uint32_t)__builtin_ctz(n);
    h->odd = n >> h->bits;
    h->mask = ((uint64_t)1 << h->bits) - 1;
    assert(kind != CUSIM_HASH_XOR || h->odd == 1);
    h->how = kind == CUSIM_HASH_XOR ? ADDRHASH_XOR
             : kind != CUSIM_HASH_IPOLY ? ADDRHASH_MOD
             : h->odd > 1 ? ADDRHASH_POLY_ODD
             : h->bits == 1 ? ADDRHASH_PARITY : ADDRHASH_POLY;
    if (kind != CUSIM_HASH_IPOLY || h->bits == 0)
        return;
    const uint32_t j = h->bits, p = addrmap_poly(j);
    assert(p != 0);
    /* x^(8k + i) mod p for each bit i of byte k; a byte's remainder is
     * the XOR of its bits' */
    for (uint32_t k = 0; k < 8; k++) {
        uint32_t bit[8];
        for (uint32_t i = 0; i < 8; i++)
            bit[i] = mulx_mod(1, 8 * k + i, p, j);
        for (uint32_t b = 0; b < 256; b++) {
            uint32_t r = 0;
            for (uint32_t i = 0; i < 8; i++)
                if (b >> i & 1)
                    r ^= bit[i];
            h->rem[k][b] = (uint16_t)r;
        }
    }
}

void addrmap_init(addrmap *m, const cusim_hw *hw)
{
    const uint32_t c = hw->dram.channels, s = hw->cache.l2.slices;
    m->shift = ceil_log2(hw->cache.l2.interleave);
    m->low = ((uint64_t)1 << m->shift) - 1;
    m->channels = c;
    m->slices = s;
    m->per = s % c == 0 ? s / c : 0;
    m->linear = hw->dram.hash == CUSIM_HASH_LINEAR
                && hw->cache.l2.hash == CUSIM_HASH_LINEAR;
    assert(m->linear || m->per || c % s == 0);
    hash_init(&m->chan, hw->dram.hash, c);
    hash_init(&m->sub, hw->cache.l2.hash, m->per ? m->per : 1);
}
