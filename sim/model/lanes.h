/*
 * lanes.h — where a subgroup's lanes' bytes are: the one lane-address
 * model, from which both the global accesses' coalescing (coalesce.c) and
 * the shared accesses' bank passes (banks.c) are derived.
 *
 * Today an instruction's lanes follow its `pattern=`, relative to the
 * access's first byte (docs/isa.md):
 *   - coalesced: lane i at i x bytes (consecutive lanes, consecutive
 *     elements);
 *   - strided:N: lane i at i x N x bytes;
 *   - random: lane i at an element drawn from 2^20 by a generator seeded
 *     per instruction (lane_seed): a pure function of (seed, i), the same
 *     on every run and every -j.
 * A lane touches the byte range [address, address + bytes). Only the
 * active lanes, 0 .. lanes-1, touch anything (a partial subgroup's last
 * lanes are masked off).
 *
 * Coalescing counts the distinct `segment`-byte aligned segments (the
 * flat model's transactions) the lanes' ranges touch, with one rule of
 * the flat model for random: each lane's segments are its own, as if no
 * two lanes' draws shared one (docs/model.md, "Memory"). The count is
 * exact for any element size (an element that straddles a segment
 * boundary touches both). Nothing allocates; a count is one pass over the
 * lanes at most, done once per instruction and lane count when a dispatch
 * is planned (decode.h).
 */
#ifndef CUSIM_LANES_H
#define CUSIM_LANES_H

#include <stdint.h>

#include "isa.h"

/* The random pattern's seed for the instruction at index `pc` of a
 * dispatch's code: static per instruction. */
uint64_t lane_seed(uint32_t pc);

/* The byte address, relative to the access's first byte, that lane `lane`
 * touches first: pattern `pattern` (stride in elements of `bytes` for
 * ISA_PATTERN_STRIDED), `seed` drawing the random pattern's elements. */
uint64_t lane_address(isa_pattern pattern, uint32_t stride, uint32_t bytes,
                      uint64_t seed, uint32_t lane);

#endif /* CUSIM_LANES_H */
