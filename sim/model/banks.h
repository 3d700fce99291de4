/*
 * banks.h — shared-memory banks: how many passes (wavefronts, in Nsight
 * Compute's terms) one subgroup's ld.shared / st.shared takes, from the
 * addresses its lanes touch.
 *
 * Shared memory is `cu.shared_banks` banks of `cu.shared_bank_bytes`;
 * successive bank-sized words map to successive banks (CUDA C++
 * Programming Guide, "Shared Memory" for compute capability 5.x and later:
 * 32 banks of 32-bit words). A pass serves at most one word per bank;
 * lanes reading the same word share it (broadcast), lanes touching
 * different words of one bank need one pass per word: an n-way bank
 * conflict costs n passes. A pass moves at most banks x bank_bytes bytes,
 * so an access wider than a bank (a 16-byte vector per lane) is split into
 * phases of consecutive lanes, each one pass when conflict-free: 16 B x 32
 * lanes = 4 phases of 8 lanes on 32 banks of 4 B, the "LDS.128 requires 4
 * requests" of NVIDIA's developer forum (thread 77228). The passes of an
 * access are the sum over its phases of the most words any one bank must
 * deliver in that phase. With cu.shared_wide_loads `paired` (NVIDIA), a
 * wide ld.shared whose every lane reads what lane n^1 reads, or every one
 * what lane n^2 reads, has its pairs' data packed: phases of twice the
 * lanes (the same thread: "requests/instruction should reduce from 4 to
 * 2" for LDS.128 on compute capability 7.x; thread 373160's Nsight counts
 * on 8.6 and 9.0 agree: 2 wavefronts for lanes 0-15 on one address and
 * 16-31 on another, 8 for lanes n and n + 16 paired instead). An atom.shared's lanes on one word do not share
 * it: every lane's word counts, so lanes on one address take turns.
 *
 * The lanes' addresses are the lane-address model's (lanes.h), from the
 * instruction's `pattern=`; or, for an ld.shared / st.shared with
 * at=shared[EXPR], that expression evaluated for subgroup 0 of workgroup 0
 * at iteration 0 (it, it1, it2 = 0), all its lanes at once
 * (coalesce.h's coal_lane_addresses): one count per instruction, as for a
 * pattern (docs/isa.md "Addresses"). A lane that divides by zero there
 * counts as address 0.
 *
 * Patterns are static, so the count for a subgroup at the full width is
 * computed once per instruction when a dispatch starts (decode.h); only a
 * partial subgroup counts at issue. Nothing allocates.
 */
#ifndef CUSIM_BANKS_H
#define CUSIM_BANKS_H

#include <stdint.h>

#include "cusim.h"
#include "isa.h"
#include "program.h"

/* Largest cu.shared_banks the model takes (the key's range). */
#define BANK_MAX_BANKS 64

/* Passes one access of `lanes` lanes (0 < lanes) takes on `banks` banks of
 * `bank_bytes` (1 <= banks <= BANK_MAX_BANKS, bank_bytes >= 1): the sum,
 * over phases of banks x bank_bytes / max(bytes, bank_bytes) consecutive
 * lanes (at least 1), of the most distinct words one bank holds. With
 * banks == 0 (no bank model) it is 1. */
uint32_t bank_passes(uint32_t banks, uint32_t bank_bytes, isa_pattern pattern,
                     uint32_t stride, uint32_t bytes, uint64_t seed,
                     uint32_t lanes);

/* Passes of `in` (at index `pc`) for a subgroup of `lanes` lanes on `hw`:
 * bank_passes for ld.shared / st.shared (from in->at when it has one), 1
 * for anything else. */
uint32_t bank_insn_passes(const cusim_hw *hw, const prog_insn *in, uint32_t pc,
                          uint32_t lanes);

/* The same for the lanes of `mask` (addr.h's lane masks) among lanes
 * 0 .. lanes-1, or all of them when mask is NULL: a subgroup some of
 * whose lanes sit out (diverge.h). Phases stay those of the lanes'
 * positions; one with no active lane takes no pass. */
uint32_t bank_insn_passes_mask(const cusim_hw *hw, const prog_insn *in,
                               uint32_t pc, const uint64_t *mask,
                               uint32_t lanes);

#endif /* CUSIM_BANKS_H */
