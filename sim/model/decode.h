/*
 * decode.h — what issuing each instruction of a dispatch takes on a
 * profile, worked out once when the dispatch is planned so that the
 * schedulers' per-issue path reads one small record instead of the ISA
 * table, the profile and the coalescing and bank rules.
 *
 * A table is for subgroups of one active lane count: the dispatch's width,
 * or a partial subgroup's (the last of a workgroup), each subgroup reading
 * its own.
 *
 * A shared-memory access of P bank passes (banks.h) keeps the shared unit
 * P / B times as long as a conflict-free 4-byte access, which takes B
 * passes (1 for a 32-wide subgroup on 32 banks of 4 bytes, 2 for a
 * wave64) and is what cu.lanes.shared's throughput counts; its result
 * comes the extra unit occupancies later: the passes are replayed one
 * after another.
 */
#ifndef CUSIM_DECODE_H
#define CUSIM_DECODE_H

#include <stdint.h>

#include "addr.h"
#include "cusim.h"
#include "program.h"

/* What the entry at a pc is: an instruction to issue, loop control (of a
 * uniform repeat, or of one whose count is per lane), an if's control, or
 * the end of the program (one entry past its last instruction). The
 * control of divergence (INSN_LANE_LOOP .. INSN_ENDIF) reads its
 * condition or count from the prog_code (`cond`). */
enum insn_kind {
    INSN_ISSUE, INSN_LOOP, INSN_ENDLOOP, INSN_END,
    INSN_LANE_LOOP, INSN_LANE_ENDLOOP, INSN_IF, INSN_ELSE, INSN_ENDIF
};

typedef struct insn_cost {
    uint8_t kind;           /* enum insn_kind */
    uint8_t unit;           /* cusim_unit; loop control: CUSIM_UNIT_COUNT */
    uint8_t global;         /* touches global memory (its latency is the
                               memory system's) */
    uint8_t atomic;         /* an atomic (isa_is_atomic): a global one's
                               lines carry their operations (`ops`) */
    uint8_t scalar;         /* a uniform global load (no per-lane name in
                               its address) on a profile with a scalar
                               cache: the hierarchy serves it there */
    uint8_t masked;         /* in a masked table (decode_program's
                               `masked`): a shared access whose busy
                               cycles and latency are its active lanes'
                               (diverge_cost) */
    uint32_t latency;       /* cycles to the result, bank replays
                               included; global: unused */
    uint32_t busy;          /* cycles it keeps its unit busy, bank replays
                               included (none for a barrier) */
    uint32_t finish;        /* not global: cycles to the end of its work,
                               the later of its result and its unit's
                               passes (a shared store: performed); 0 for a
                               barrier */
    uint32_t tx;            /* global: memory transactions (with `at`:
                            the most its lanes may make) */
    const addr_expr *at;    /* global: where its lanes go, evaluated at
                               each issue (the memory hierarchy's lines, or
                               the flat model's transactions for an at=);
                               NULL: `tx` from its pattern, fixed */
    uint32_t loops[3];      /* the iteration counts of its innermost
                               enclosing repeats (it, it1, it2); 0 outside,
                               and 0 for a per-lane repeat (its count is
                               the subgroup's: a uniform repeat of 0
                               iterations runs nothing inside) */
    uint16_t dst;           /* the register it writes, or PROG_NO_REG */
    uint8_t n_deps;
    uint16_t deps[PROG_MAX_SRCS + 1];  /* the registers whose pending
                                          writes it waits for: its sources
                                          and its destination, each once */
    uint32_t count;         /* INSN_LOOP: iterations; a global access:
                               the fewest sectors (the flat model:
                               transactions) its lanes' bytes fill, the
                               findings' ideal */
    uint32_t jump;          /* loop control: its partner's pc */
} insn_cost;

/* One insn_cost per instruction of `code` (loop control included) and an
 * INSN_END entry after them, for subgroups of `lanes` active lanes of a
 * dispatch `width` lanes wide on hw. The caller frees the array. */
insn_cost *decode_program(const prog_code *code, const cusim_hw *hw,
                          uint32_t width, uint32_t lanes);

/* The costs for subgroups whose lanes diverge (diverge.h), `width` lanes
 * wide: decode_program's for full subgroups, except that every global
 * access has addresses (`at`: its at=, or its pattern's, the lines then
 * worked out for the active lanes at each issue) and every shared access
 * is `masked`, decoded without bank replays (the scheduler adds its
 * active lanes' at issue). The caller frees the array. */
insn_cost *decode_program_masked(const prog_code *code, const cusim_hw *hw,
                                 uint32_t width);

/* `from`, an ISA instruction `in`'s cost, with its unit's busy cycles,
 * latency and finish worked out for an access of `passes` bank passes
 * by subgroups `width` lanes wide on hw (a shared access takes longer
 * when its passes are more than a conflict-free one's; any other
 * instruction is unchanged by them). */
insn_cost decode_with_passes(const insn_cost *from, const cusim_hw *hw,
                             const prog_insn *in, uint32_t width,
                             uint32_t passes);

#endif /* CUSIM_DECODE_H */
