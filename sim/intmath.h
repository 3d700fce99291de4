/*
 * intmath.h — integer helpers the library shares.
 */
#ifndef CUSIM_INTMATH_H
#define CUSIM_INTMATH_H

#include <stdint.h>

/* ceil(a / b), b > 0, for a + b - 1 below 2^64. */
static inline uint64_t div_up(uint64_t a, uint64_t b)
{
    return (a + b - 1) / b;
}

#endif /* CUSIM_INTMATH_H */
