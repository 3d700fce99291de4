/*
 * decode.h — what issuing each instruction of a dispatch takes on a
 * profile, worked out once when the dispatch is planned so that the
 * schedulers' per-issue path reads one small record instead of the ISA
 * table, the profile and the coalescing and bank rules.
 *
 * Every figure is for a subgroup with all `width` lanes active; the
 * schedulers work out a partial subgroup's transactions and bank passes
 * at issue (the last subgroup of a workgroup, rare).
 */
#ifndef CUSIM_DECODE_H
#define CUSIM_DECODE_H

#include <stdint.h>

#include "cusim.h"
#include "program.h"

typedef struct insn_cost {
    uint8_t unit;           /* cusim_unit; loop control: CUSIM_UNIT_COUNT */
    uint8_t global;         /* touches global memory (its latency is the
                               memory system's) */
    uint32_t latency;       /* cycles to the result, bank replays
                               included; global: unused */
    uint32_t busy;          /* cycles it keeps its unit busy, bank replays
                               included (none for a barrier) */
    uint32_t tx;            /* global: memory transactions */
} insn_cost;

/* Bank passes of a conflict-free 4-byte access by `width` lanes on hw:
 * what cu.lanes.shared's throughput already counts (1 when a pass holds a
 * whole subgroup, or with no bank model). */
uint32_t decode_bank_base(const cusim_hw *hw, uint32_t width);

/* Unit cycles and result latency of a shared access of `passes` bank
 * passes whose conflict-free form keeps the unit `busy` cycles: the passes
 * beyond `base` are replayed one after another, adding to both. */
uint64_t decode_replays(uint64_t busy, uint32_t passes, uint32_t base);

/* One insn_cost per instruction of `code` (loop control included), for
 * subgroups of `width` lanes on hw; `code`'s bank passes must be annotated
 * (banks.h). The caller frees the array. */
insn_cost *decode_program(const prog_code *code, const cusim_hw *hw,
                          uint32_t width);

#endif /* CUSIM_DECODE_H */
