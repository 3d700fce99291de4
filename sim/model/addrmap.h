/*
 * addrmap.h — the address map of the shared memory levels (hier.h): the
 * DRAM channel of a byte address (`dram.hash`), its L2 slice
 * (`cache.l2.hash`), and its address within its channel, from which dram.c
 * takes the bank and the row.
 *
 * Addresses move in blocks of cache.l2.interleave bytes (a power of two):
 * block u = addr >> log2(interleave). A hash picks one of n things for a
 * number x (a block, or a block within its channel):
 *   - linear: x mod n (consecutive blocks in turn);
 *   - xor, n = 2^j: the low j bits of x XOR the j bits above them
 *     (GPGPU-Sim's bitwise_hash_function, src/gpgpu-sim/hashing.cc);
 *   - ipoly, n = 2^j m (m odd): the low j bits are x, read as a polynomial
 *     over GF(2), modulo an irreducible polynomial of degree j (Rau,
 *     "Pseudo-randomly interleaved memory", ISCA 1991: every power-of-two
 *     stride spreads over all 2^j values; GPGPU-Sim implements the degrees
 *     4, 5 and 6 in ipoly_hash_function, hashing.cc, with the polynomials
 *     used here); the odd factor is (x >> j) mod m rotated by the number
 *     of the run of n blocks x is in, so that a stride of whole runs
 *     spreads too. GPGPU-Sim's IPOLY-modulo (addrdec.cc,
 *     -gpgpu_memory_partition_indexing 6) serves the same purpose for
 *     counts that are not powers of two; this is cusim's own construction.
 * Within every run of n consecutive numbers each hash is a permutation of
 * 0..n-1 (xor and ipoly change the low bits by a function of the bits
 * above them): so a channel's blocks are numbered u / channels, one to one,
 * and a channel's address is well defined.
 *
 * Ownership: a memory partition owns its slices (on the hardware and in
 * GPGPU-Sim), so that the shared levels can be split by channel. With
 * slices = k x channels, slice = s x channels + c, where c is the block's
 * channel and s (0..k-1) is cache.l2.hash of the block's number within its
 * channel; with slices dividing channels, slice = c mod slices (a slice
 * serves whole channels). With both hashes linear this is today's slice,
 * u mod slices, bit for bit; so it is kept for any counts (then a slice is
 * a channel's only when one count divides the other). The configuration
 * refuses xor or ipoly when neither count divides the other, and xor on a
 * count that is not a power of two (cfg_load.c).
 *
 * The map is a value, built once (addrmap_init) and read by the inline
 * functions below on the per-line path: shifts, masks, table lookups and
 * at most two divisions by a count.
 */
#ifndef CUSIM_ADDRMAP_H
#define CUSIM_ADDRMAP_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

#include "cusim.h"
#include "intmath.h"

/* One hash of a number onto 0..n-1; fields fixed by addrmap_init. */
/* How addrhash_pick computes a hash (addrmap_init chooses; the results
 * are the hash's own): x mod n; xor; ipoly of a power of two by its
 * tables; ipoly of one bit (x + 1), the parity of x; ipoly with an odd
 * factor. */
enum { ADDRHASH_MOD, ADDRHASH_XOR, ADDRHASH_POLY, ADDRHASH_PARITY,
       ADDRHASH_POLY_ODD };

typedef struct addrhash {
    uint32_t how;               /* ADDRHASH_*, from cusim_addr_hash */
    uint32_t n;
    uint32_t bits;              /* j: 2^j is n's power-of-two factor */
    uint32_t odd;               /* m = n >> j */
    uint64_t mask;              /* 2^j - 1 */
    /* ipoly: rem[k][b] = (b x^(8k)) mod P, P the degree-j polynomial:
     * x mod P is the XOR of rem[k][byte k of x] */
    uint16_t rem[8][256];
} addrhash;

typedef struct addrmap {
    uint32_t shift;             /* log2(cache.l2.interleave) */
    uint64_t low;               /* interleave - 1 */
    uint32_t channels, slices;
    uint32_t per;               /* slices / channels when a multiple,
                                   else 0 */
    bool linear;                /* both hashes linear: today's map */
    addrhash chan;              /* dram.hash over channels */
    addrhash sub;               /* cache.l2.hash over per */
} addrmap;

/* Builds m from hw's cache.l2 and dram keys (validated: see above). */
void addrmap_init(addrmap *m, const cusim_hw *hw);

/* The irreducible polynomial of degree j (1..12) ipoly uses, bit i the
 * coefficient of x^i; 0 for other degrees. */
uint32_t addrmap_poly(uint32_t j);

/* x (a number of its run) onto 0..h->n-1. */
static inline uint32_t addrhash_pick(const addrhash *h, uint64_t x)
{
    uint32_t lo;
    switch (h->how) {
    case ADDRHASH_XOR:
        return (uint32_t)((x ^ (x >> h->bits)) & h->mask);
    case ADDRHASH_PARITY:
        /* x^i = 1 modulo x + 1: the remainder is the parity of x's bits */
        return (uint32_t)__builtin_parityll(x);
    case ADDRHASH_POLY:
    case ADDRHASH_POLY_ODD:
        lo = h->rem[0][x & 0xff] ^ h->rem[1][x >> 8 & 0xff]
             ^ h->rem[2][x >> 16 & 0xff] ^ h->rem[3][x >> 24 & 0xff];
        for (uint32_t k = 4; k < 8 && (x >> 8 * k) != 0; k++)
            lo ^= h->rem[k][x >> 8 * k & 0xff];
        if (h->how == ADDRHASH_POLY)
            return lo;
        /* t's place in its group of m, turned by the group's number:
         * (t mod m + (t / m) mod m) mod m = (t + t / m) mod m, which
         * does not overflow: x is a block number, below 2^63 */
        assert(x >> 63 == 0);
        {
            uint64_t t = x >> h->bits;
            uint32_t hi = (uint32_t)((t + t / h->odd) % h->odd);
            return hi << h->bits | lo;
        }
    default:
        return (uint32_t)(x % h->n);
    }
}

static inline uint32_t addrmap_channel(const addrmap *m, uint64_t addr)
{
    return addrhash_pick(&m->chan, addr >> m->shift);
}

/* The L2 slice of byte address `addr`, whose channel is c
 * (addrmap_channel's answer): one of c's slices. */
static inline uint32_t addrmap_slice_in(const addrmap *m, uint64_t addr,
                                        uint32_t c)
{
    uint64_t u = addr >> m->shift;
    if (m->linear)
        return (uint32_t)(u % m->slices);
    if (m->per == 0)
        return c % m->slices;
    return addrhash_pick(&m->sub, u / m->channels) * m->channels + c;
}

/* The L2 slice of byte address `addr`. */
static inline uint32_t addrmap_slice(const addrmap *m, uint64_t addr)
{
    return addrmap_slice_in(m, addr, addrmap_channel(m, addr));
}

/* The DRAM channel of every address of slice `slice` when it has one
 * (slices a multiple of channels: slice = s x channels + c, with either
 * hash), else NONE (a slice serves several channels). */
static inline uint32_t addrmap_slice_channel(const addrmap *m, uint32_t slice)
{
    return m->per ? slice % m->channels : NONE;
}

/* The byte address of `addr` within its channel: its block's number among
 * the channel's blocks, and its offset in the block. */
static inline uint64_t addrmap_local(const addrmap *m, uint64_t addr)
{
    return (addr >> m->shift) / m->channels << m->shift | (addr & m->low);
}

#endif /* CUSIM_ADDRMAP_H */
