/*
 * decode.c — the per-instruction issue costs of a dispatch (decode.h).
 */
#include "decode.h"

#include "isa.h"
#include "memsys.h"
#include "xalloc.h"

uint32_t decode_bank_base(const cusim_hw *hw, uint32_t width)
{
    uint64_t pass = (uint64_t)hw->cu.shared_banks * hw->cu.shared_bank_bytes;
    if (pass == 0)
        return 1;
    uint64_t base = ((uint64_t)width * 4 + pass - 1) / pass;
    return base ? (uint32_t)base : 1;
}

uint64_t decode_replays(uint64_t busy, uint32_t passes, uint32_t base)
{
    /* the unit's lanes already move a conflict-free 4-byte access (base
     * passes); only more passes take longer */
    if (passes <= base)
        return 0;
    return (busy * passes + base - 1) / base - busy;
}

insn_cost *decode_program(const prog_code *code, const cusim_hw *hw,
                          uint32_t width)
{
    insn_cost *cost = xcalloc(code->n_insns ? code->n_insns : 1, sizeof *cost);
    uint32_t base = decode_bank_base(hw, width);
    for (uint32_t pc = 0; pc < code->n_insns; pc++) {
        const prog_insn *in = &code->insns[pc];
        insn_cost *c = &cost[pc];
        if (in->op >= ISA_OP_COUNT) {
            c->unit = CUSIM_UNIT_COUNT;   /* loop control */
            continue;
        }
        const isa_info *info = isa_get((isa_op)in->op);
        c->unit = (uint8_t)info->unit;
        c->global = info->latency == CUSIM_LAT_GLOBAL;
        uint64_t busy = 0, replays = 0;
        if (info->unit != CUSIM_UNIT_BARRIER) {
            uint32_t lanes = hw->cu.lanes[info->unit];
            busy = (width + lanes - 1) / lanes;
            if (info->unit == CUSIM_UNIT_SHARED)
                replays = decode_replays(busy, in->passes, base);
        }
        c->busy = (uint32_t)(busy + replays);
        c->latency = (uint32_t)(hw->latency[info->latency] + replays);
        c->tx = c->global ? mem_transactions(hw->memory.transaction, in->bytes,
                                             (isa_pattern)in->pattern,
                                             in->stride, width)
                          : 0;
    }
    return cost;
}
