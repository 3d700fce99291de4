/*
 * lanes.c — the lane-address model (lanes.h): where each lane's bytes
 * are.
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
