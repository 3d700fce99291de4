/*
 * prog_live.c — how many registers a resolved program keeps live at once:
 * the figure `registers: auto` stands for.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "prog_int.h"
#include "xalloc.h"

/*
 * Peak live 32-bit registers of the resolved code, for `registers: auto`.
 *
 * The rule, on the linear code (every loop walked once):
 *  - Each register number has ONE interval [start, end] of instruction
 *    indices (loop markers included). start is its first definition, or 0
 *    when it is read before it is ever written (an input, ready at start;
 *    an instruction reads its sources before writing its destination).
 *    end is its last read or write (a value defined and never used is
 *    live for just its defining instruction).
 *  - Loops: a register live at the entry of a loop (start before the
 *    PROG_LOOP) and read inside it stays live to the loop's PROG_ENDLOOP,
 *    since the next iteration reads it again. A loop-carried value (read in
 *    the loop before it is written there) is covered by the same rule: it
 *    was defined before the loop or is an input, so it is live at entry.
 *  - Width: ceil(bytes / 4) registers when some load with bytes=N defines
 *    it, else 1 (the largest such definition wins); 0 when every
 *    definition is a salu: a scalar value lives in the scalar registers
 *    (AMD's SGPRs, NVIDIA's uniform registers), not in the invocation's
 *    (an input read before any write counts 1, as it did).
 *  - Intervals are closed, so an instruction's sources at their last use
 *    and its destination are counted together.
 * The result is the largest sum of widths over the intervals covering any
 * one instruction, and at least 1.
 */
uint32_t prog_live_peak(const prog_code *code)
{
    uint32_t n = code->n_insns, r_count = code->n_regs;
    if (n == 0 || r_count == 0)
        return 1;
    uint32_t *start = xrealloc_array(NULL, r_count, sizeof *start);
    uint32_t *end = xrealloc_array(NULL, r_count, sizeof *end);
    uint32_t *width = xrealloc_array(NULL, r_count, sizeof *width);
    int64_t *delta = xrealloc_array(NULL, (size_t)n + 1, sizeof *delta);
    for (uint32_t r = 0; r < r_count; r++) {
        start[r] = end[r] = 0;
        width[r] = 1;
    }
    /* Every register appears in some instruction; the first appearance
     * fixes start (0 for a read, the index for a write). */
    bool *seen = xrealloc_array(NULL, r_count, sizeof *seen);
    memset(seen, 0, r_count * sizeof *seen);
    /* scalar[r]: 1 while every definition of r seen is a salu (2: not) */
    uint8_t *scalar = xrealloc_array(NULL, r_count, sizeof *scalar);
    memset(scalar, 0, r_count * sizeof *scalar);
    for (uint32_t i = 0; i < n; i++) {
        const prog_insn *in = &code->insns[i];
        for (int k = 0; k < in->n_src; k++) {
            uint16_t r = in->src[k];
            if (!seen[r]) {
                start[r] = 0;
                scalar[r] = 2;   /* an input */
            }
            seen[r] = true;
            end[r] = i;
        }
        if (in->dst != PROG_NO_REG) {
            uint16_t r = in->dst;
            if (!seen[r])
                start[r] = i;
            seen[r] = true;
            end[r] = i;
            if (scalar[r] != 2)
                scalar[r] = in->op == ISA_OP_SALU ? 1 : 2;
            if (in->op < ISA_OP_COUNT &&
                isa_get((isa_op)in->op)->form == ISA_FORM_LOAD &&
                (in->bytes + 3) / 4 > width[r])
                width[r] = (in->bytes + 3) / 4;
        }
    }
    /* Loop extension: the outermost enclosing loop that starts after the
     * register's start reaches furthest. */
    uint32_t open[PROG_MAX_DEPTH];
    int depth = 0;
    for (uint32_t i = 0; i < n; i++) {
        const prog_insn *in = &code->insns[i];
        if (in->op == PROG_LOOP) {
            open[depth++] = i;
            continue;
        }
        if (in->op == PROG_ENDLOOP) {
            depth--;
            continue;
        }
        for (int k = 0; k < in->n_src; k++) {
            uint16_t r = in->src[k];
            for (int d = 0; d < depth; d++)
                if (start[r] < open[d]) {
                    uint32_t stop = code->insns[open[d]].jump;
                    if (stop > end[r])
                        end[r] = stop;
                    break;
                }
        }
    }
    memset(delta, 0, ((size_t)n + 1) * sizeof *delta);
    for (uint32_t r = 0; r < r_count; r++) {
        if (scalar[r] == 1)
            continue;   /* a scalar register */
        delta[start[r]] += width[r];
        delta[end[r] + 1] -= width[r];
    }
    int64_t live = 0, peak = 1;
    for (uint32_t i = 0; i < n; i++) {
        live += delta[i];
        if (live > peak)
            peak = live;
    }
    free(start);
    free(end);
    free(width);
    free(delta);
    free(seen);
    free(scalar);
    return (uint32_t)peak;
}
