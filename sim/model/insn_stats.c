/*
 * insn_stats.c — the per-instruction counts of a run (gpu.h's insn_stat)
 * summed for the findings (cusim_result's global_*, shared_*, worst_*):
 * the global accesses' sectors against the fewest their lanes' bytes
 * fill, the shared accesses' bank passes against a conflict-free access's,
 * the branch that splits its lanes most often, the global atomic issued
 * most and the salu issued most on the scalar unit, each with its line
 * in the kernel's file.
 */
#include "banks.h"
#include "insn_stats.h"
#include "isa.h"

/* Keeps `c` as *best when its excess (measured - ideal, or measured for
 * a branch) is the larger; ties keep the earlier instruction. */
static void keep_worst(cusim_insn_finding *best, const cusim_insn_finding *c)
{
    uint64_t e = c->measured > c->ideal ? c->measured - c->ideal : 0;
    uint64_t b = best->measured > best->ideal ? best->measured - best->ideal
                                               : 0;
    if (e > b)
        *best = *c;
}

/* The bank passes of a conflict-free access of `bytes` per lane by a
 * subgroup of `width` lanes: consecutive words, one pass per phase. */
static uint32_t conflict_free(const cusim_hw *hw, uint32_t bytes,
                              uint32_t width)
{
    return bank_passes(hw->cu.shared_banks, hw->cu.shared_bank_bytes,
                       ISA_PATTERN_COALESCED, 1, bytes, 0, width);
}

void insn_stats_measure(const gpu *g, cusim_result *r)
{
    const cusim_hw *hw = g->hw;
    r->global_unit_bytes = g->sector;
    for (uint32_t d = 0; d < g->n_dispatches; d++) {
        const dispatch *dp = &g->dispatches[d];
        const prog_code *code = dp->code;
        uint32_t width = dp->occ.simd_width;
        for (uint32_t pc = 0; pc < code->n_insns; pc++) {
            const insn_stat *st = &dp->stat[pc];
            const prog_insn *in = &code->insns[pc];
            if (st->runs == 0)
                continue;
            cusim_insn_finding f = { in->line, d, st->runs, 0, 0 };
            if (in->op == PROG_IF || in->op == PROG_LOOP) {
                f.measured = st->divergent;
                keep_worst(&r->worst_branch, &f);
            } else if (in->op < ISA_OP_COUNT
                       && in->space == PROG_SPACE_GLOBAL) {
                r->global_requests += st->runs;
                r->global_units += st->units;
                r->global_ideal += st->ideal;
                f.measured = st->units;
                f.ideal = st->ideal;
                keep_worst(&r->worst_global, &f);
                if (isa_is_atomic((isa_op)in->op)) {
                    cusim_insn_finding a = { in->line, d, st->runs,
                                             st->runs, 0 };
                    keep_worst(&r->worst_atomic, &a);   /* most issues */
                }
            } else if (in->op == ISA_OP_SALU) {
                /* counted only where it issues to a scalar unit */
                cusim_insn_finding a = { in->line, d, st->runs, st->runs,
                                         0 };
                keep_worst(&r->worst_scalar, &a);   /* most issues */
            } else if (in->op < ISA_OP_COUNT
                       && in->space == PROG_SPACE_SHARED) {
                /* the full subgroup's passes (banks.h: one count per
                 * instruction), times its issues */
                uint32_t p = bank_insn_passes(hw, in, pc, width);
                uint32_t ideal = conflict_free(hw, in->bytes, width);
                r->shared_requests += st->runs;
                r->shared_passes += st->runs * p;
                r->shared_ideal += st->runs * ideal;
                f.measured = st->runs * p;
                f.ideal = st->runs * ideal;
                keep_worst(&r->worst_shared, &f);
            }
        }
    }
}
