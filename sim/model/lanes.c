/*
 * lanes.c — the lane-address model (lanes.h): where each lane's bytes
 * are, and the segments a subgroup's lanes touch.
 */
#include "lanes.h"

/* SplitMix64's output function (Steele, Lea and Flood, "Fast splittable
 * pseudorandom number generators", OOPSLA 2014): a well-mixed 64-bit value
 * of a counter, so lane i's draw is a pure function of (seed, i). */
static uint64_t mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint64_t lane_seed(uint32_t pc)
{
    return mix64(0x243f6a8885a308d3ull ^ pc);
}

uint64_t lane_address(isa_pattern pattern, uint32_t stride, uint32_t bytes,
                      uint64_t seed, uint32_t lane)
{
    switch (pattern) {
    case ISA_PATTERN_COALESCED:
        break;
    case ISA_PATTERN_STRIDED:
        return (uint64_t)lane * stride * bytes;
    case ISA_PATTERN_RANDOM:
        return (mix64(seed + lane) >> 44) * bytes;   /* element < 2^20 */
    }
    return (uint64_t)lane * bytes;
}

uint32_t lane_segments(uint32_t segment, isa_pattern pattern, uint32_t stride,
                       uint32_t bytes, uint64_t seed, uint32_t lanes)
{
    if (lanes == 0)
        return 0;
    if (pattern == ISA_PATTERN_COALESCED) {
        /* One contiguous range from byte 0. */
        return (uint32_t)(((uint64_t)bytes * lanes + segment - 1) / segment);
    }
    /* The lanes' ranges in lane order: strided ones start ever higher, so
     * a segment a lane shares with an earlier one can only be the last
     * segment counted; random lanes share none by the model's rule. */
    uint64_t count = 0, last = 0;
    for (uint32_t i = 0; i < lanes; i++) {
        uint64_t a = lane_address(pattern, stride, bytes, seed, i);
        uint64_t first = a / segment, end = (a + bytes - 1) / segment;
        if (pattern == ISA_PATTERN_STRIDED && i > 0 && first <= last)
            first = last + 1;
        if (end >= first)
            count += end - first + 1;
        last = end;
    }
    return (uint32_t)count;
}
