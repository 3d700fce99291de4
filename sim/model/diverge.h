/*
 * diverge.h — a subgroup whose lanes go different ways (docs/isa.md
 * "Divergence"): its active-lane mask through `if` / `else` and through a
 * `repeat` whose count differs per lane, as SIMT hardware runs them.
 *
 * An if evaluates its condition for the active lanes: the lanes where it
 * holds run the first side, then the others run the second, and all of
 * them reconverge at the if's end (its immediate post-dominator). A side
 * no lane takes is skipped; a condition the same for every lane is a
 * branch that does not diverge. A per-lane repeat runs as many iterations
 * as its largest count among the active lanes, each lane masked off once
 * its own count is done; the lanes reconverge after the last iteration.
 * Every if and every test of a per-lane repeat (its entry and each
 * iteration's end) is a branch, divergent when it splits the active
 * lanes: Nsight Compute's branch efficiency is
 * (branches - divergent) / branches.
 *
 * The state is the subgroup's current mask and a stack of frames, one per
 * open if or per-lane repeat, sized from the run's programs (prog_code's
 * div_depth) when the run starts: nothing allocates here. A run whose
 * programs never diverge has none, and its subgroups never come here.
 * While a subgroup's mask is not all its lanes (sg.masked), its accesses
 * take only the active lanes' addresses (diverge_lines, diverge_cost).
 */
#ifndef CUSIM_DIVERGE_H
#define CUSIM_DIVERGE_H

#include <stdint.h>

#include "decode.h"
#include "gpu.h"

/* One open if or per-lane repeat of a subgroup. */
typedef struct div_frame {
    uint32_t pc;            /* its PROG_IF or PROG_LOOP */
    uint32_t it;            /* per-lane repeat: the iteration running */
    uint32_t max;           /* per-lane repeat: the iterations it runs */
    uint32_t depth;         /* per-lane repeat: its index in sg.loop_left */
} div_frame;

/* The bytes diverge_init takes for g's subgroup slots: per slot, frames
 * and mask words for g->div_depth frames of g->div_words words. */
uint64_t diverge_state_bytes(const gpu *g);

/* Allocates the frames and masks (gpu_init; nothing when g->div_depth is
 * 0); diverge_free releases them. */
void diverge_init(gpu *g);
void diverge_free(gpu *g);

/* Subgroup si has been admitted with s->lanes lanes: all of them active,
 * no frame open. */
void diverge_start(gpu *g, uint32_t si);

/* Runs the control entry (INSN_IF .. INSN_ENDIF, INSN_LANE_LOOP,
 * INSN_LANE_ENDLOOP) at s->pc: sets the active lanes (s->lanes, s->masked)
 * and moves s->pc to the next entry to look at. A lane whose condition or
 * count divides by zero stops the run (g->fault_pc); so does a per-lane
 * repeat that would take the run past its instruction budget
 * (g->fault_budget). */
void diverge_step(gpu *g, sg *s, const insn_cost *c);

/* The lines (or, in the flat model, transactions) masked subgroup s's
 * global access c touches: coal_access over its active lanes into `out`
 * (g->lines_cap entries) with the hierarchy (at=, or its pattern
 * addresses); in the flat model coal_access_count when the instruction
 * has at=, else its pattern's count for as many lanes as are active. ADDR_DIV0 when a lane divides by zero. */
uint32_t diverge_lines(gpu *g, const sg *s, const insn_cost *c,
                       addr_line *out);

/* Masked subgroup s (of partition pt) has issued shared access c at
 * `now` as its masked table has it (decode_program_masked: no bank
 * replay): makes its unit's busy cycles, its result and its end those of
 * the bank passes of its active lanes. */
void diverge_issue(gpu *g, part *pt, sg *s, const insn_cost *c,
                   uint64_t now);

/* The per-subgroup names' values (addr.h) for subgroup s at entry c, with
 * `depth` repeats enclosing it (entries of s->loop_left): its workgroup,
 * its rank, and it, it1, it2 of the innermost three, per-lane repeats'
 * from their frames. */
addr_ctx diverge_ctx(const gpu *g, const sg *s, const insn_cost *c,
                     uint32_t depth);

/* Masked subgroup s's active lanes (valid until it next changes). */
const uint64_t *diverge_mask(const gpu *g, const sg *s);

/* The iteration (from 0) subgroup s runs of the repeat at loop depth
 * `depth` (an index of s->loop_left) when it is a per-lane one (its
 * count 0 in insn_cost.loops). */
uint32_t diverge_iteration(const gpu *g, const sg *s, uint32_t depth);

#endif /* CUSIM_DIVERGE_H */
