/*
 * intmath.h — integer helpers the library shares.
 */
#ifndef CUSIM_INTMATH_H
#define CUSIM_INTMATH_H

#include <stdint.h>

/* The library's sentinels: a cycle that never comes, and an index (of a
 * pool entry, a slot, a CU) that names nothing. */
#define NEVER UINT64_MAX
#define NONE UINT32_MAX

/* ceil(a / b), b > 0, for a + b - 1 below 2^64. */
static inline uint64_t div_up(uint64_t a, uint64_t b)
{
    return (a + b - 1) / b;
}

/* The sum over i = 0 .. n-1 of floor((a i + b) / d), d > 0, in
 * O(log max(a, d)) steps (the floor sum of an arithmetic progression:
 * Euclid's algorithm on (a, d)); exact while the partial sums and a n + b
 * stay below 2^64. */
static inline uint64_t floor_sum(uint64_t n, uint64_t d, uint64_t a, uint64_t b)
{
    uint64_t sum = 0;
    for (;;) {
        if (a >= d) {
            sum += n * (n - 1) / 2 * (a / d);
            a %= d;
        }
        if (b >= d) {
            sum += n * (b / d);
            b %= d;
        }
        uint64_t y = a * n + b;
        if (y < d)
            return sum;
        n = y / d;
        b = y % d;
        uint64_t t = d;
        d = a;
        a = t;
    }
}

/* Bits set in v (inline: the builtin is a library call without a
 * popcount instruction in the baseline ISA). */
static inline uint32_t popc32(uint32_t v)
{
    /* a line's sector mask is mostly a few bits: a nibble's count from a
     * constant in two steps */
    if (v < 16)
        return (uint32_t)(0x4332322132212110ull >> (4 * v)) & 0xF;
    v = v - ((v >> 1) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
    v = (v + (v >> 4)) & 0x0F0F0F0Fu;
    return (v * 0x01010101u) >> 24;
}

/* ceil(log2(v)): the smallest s with 2^s >= v (0 for v <= 1). */
static inline uint32_t ceil_log2(uint32_t v)
{
    return v <= 1 ? 0 : 32 - (uint32_t)__builtin_clz(v - 1);
}

#endif /* CUSIM_INTMATH_H */
