/*
 * decode.c — the per-instruction issue costs of a dispatch (decode.h).
 */
#include "decode.h"

#include "banks.h"
#include "coalesce.h"
#include "intmath.h"
#include "isa.h"
#include "lanes.h"
#include "xalloc.h"

/* Bank passes of a conflict-free 4-byte access by `width` lanes: what
 * cu.lanes.shared's throughput already counts (1 when a pass holds a whole
 * subgroup, or with no bank model). */
static uint32_t bank_base(const cusim_hw *hw, uint32_t width)
{
    uint64_t pass = (uint64_t)hw->cu.shared_banks * hw->cu.shared_bank_bytes;
    if (pass == 0)
        return 1;
    uint64_t base = ((uint64_t)width * 4 + pass - 1) / pass;
    return base ? (uint32_t)base : 1;
}

insn_cost *decode_program_masked(const prog_code *code, const cusim_hw *hw,
                                 uint32_t width)
{
    insn_cost *cost = decode_program(code, hw, width, width);
    for (uint32_t pc = 0; pc < code->n_insns; pc++) {
        const prog_insn *in = &code->insns[pc];
        insn_cost *c = &cost[pc];
        if (c->kind != INSN_ISSUE)
            continue;
        if (c->global && !c->at)
            c->at = in->sugar;
        if (c->unit == CUSIM_UNIT_SHARED) {
            *c = decode_with_passes(c, hw, in, width, 1);
            c->masked = 1;
        }
    }
    return cost;
}

insn_cost decode_with_passes(const insn_cost *from, const cusim_hw *hw,
                             const prog_insn *in, uint32_t width,
                             uint32_t passes)
{
    insn_cost c = *from;
    cusim_unit unit;
    cusim_latency_class lat;
    isa_unit_on((isa_op)in->op, hw, &unit, &lat);
    uint64_t busy = 0, replays = 0;
    if (unit == CUSIM_UNIT_SCALAR) {
        busy = hw->cu.scalar_cycles;   /* one value, whatever the width */
    } else if (unit != CUSIM_UNIT_BARRIER) {
        uint32_t unit_lanes = hw->cu.lanes[unit];
        busy = (width + unit_lanes - 1) / unit_lanes;
        uint32_t base = bank_base(hw, width);
        /* only passes beyond a conflict-free access's take longer */
        if (unit == CUSIM_UNIT_SHARED && passes > base)
            replays = (busy * passes + base - 1) / base - busy;
    }
    c.busy = (uint32_t)(busy + replays);
    c.latency = (uint32_t)(hw->latency[lat] + replays);
    c.finish = unit == CUSIM_UNIT_BARRIER ? 0
               : c.busy > c.latency ? c.busy : c.latency;
    return c;
}

/* The most `line`-byte lines `lanes` lanes of `bytes`-byte elements can
 * touch: regions start at 4 KiB boundaries (addr.h) and elements at
 * multiples of their size, so an element straddles a line boundary only
 * when neither size divides the other. */
static uint32_t most_lines(uint32_t bytes, uint32_t lanes, uint32_t line)
{
    uint64_t per = (bytes + line - 1) / line;
    if (bytes % line != 0 && line % bytes != 0)
        per++;
    uint64_t n = per * lanes;
    return n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
}

/* The cost of instruction `in` (at index `pc` of `code`) for a subgroup of `lanes`
 * active lanes (1 .. width) of a dispatch `width` lanes wide on hw. */
static insn_cost decode_insn(const prog_code *code, const prog_insn *in,
                             uint32_t pc, const cusim_hw *hw, uint32_t width,
                             uint32_t lanes)
{
    insn_cost c = { .unit = CUSIM_UNIT_COUNT, .dst = in->dst,
                    .count = in->count, .jump = in->jump };
    switch (in->op) {
    case PROG_LOOP:
        c.kind = in->cond ? INSN_LANE_LOOP : INSN_LOOP;
        return c;
    case PROG_ENDLOOP:
        c.kind = code->insns[in->jump].cond ? INSN_LANE_ENDLOOP
                                            : INSN_ENDLOOP;
        return c;
    case PROG_IF: c.kind = INSN_IF; return c;
    case PROG_ELSE: c.kind = INSN_ELSE; return c;
    case PROG_ENDIF: c.kind = INSN_ENDIF; return c;
    }
    c.kind = INSN_ISSUE;
    cusim_unit unit;
    cusim_latency_class lat;
    isa_unit_on((isa_op)in->op, hw, &unit, &lat);
    c.unit = (uint8_t)unit;
    c.global = lat == CUSIM_LAT_GLOBAL;
    c.atomic = isa_is_atomic((isa_op)in->op);
    c = decode_with_passes(&c, hw, in, width,
                           unit == CUSIM_UNIT_BARRIER ? 1
                           : bank_insn_passes(hw, in, pc, lanes));
    if (c.global && hw->cache.l2.bytes > 0) {
        /* the hierarchy: lines of the L1's, from at= or the pattern's
         * addresses */
        c.at = in->at ? in->at : in->sugar;
        c.tx = most_lines(in->bytes, lanes, hw->cache.l1.line);
        uint32_t n = addr_max_lines(c.at, lanes, hw->cache.l1.line);
        if (n < c.tx)
            c.tx = n;
        /* a load every lane makes at one address: the scalar cache's,
         * when the profile has one and it serves every uniform load, or
         * this one reads the kernel's parameters */
        c.scalar = hw->cache.scalar.bytes > 0 && !c.atomic
                   && in->dst != PROG_NO_REG && addr_is_uniform(c.at)
                   && (hw->cache.scalar.serves == CUSIM_SERVES_UNIFORM
                       || (in->at && in->params));
    } else if (c.global && c.atomic) {
        /* the flat model: a transaction per line and per turn of the
         * lanes on one address (at most one per lane and line touched) */
        c.at = in->at ? in->at : in->sugar;
        c.tx = most_lines(in->bytes, lanes, hw->memory.transaction);
    } else if (c.global && in->at) {
        c.at = in->at;
        c.tx = most_lines(in->bytes, lanes, hw->memory.transaction);
        uint32_t n = addr_max_lines(c.at, lanes, hw->memory.transaction);
        if (n < c.tx)
            c.tx = n;
    } else if (c.global) {
        c.tx = coal_segments(hw->memory.transaction,
                             (isa_pattern)in->pattern, in->stride,
                             in->bytes, lane_seed(pc), lanes);
    }
    if (c.global) {
        /* the findings' ideal: the sectors (transactions) `lanes` lanes'
         * bytes fill */
        uint32_t sector = hw->cache.l2.bytes > 0 ? hw->cache.l1.sector
                                                 : hw->memory.transaction;
        c.count = (uint32_t)div_up((uint64_t)lanes * in->bytes, sector);
    }
    for (int i = 0; i <= in->n_src; i++) {
        uint16_t r = i < in->n_src ? in->src[i] : in->dst;
        int seen = r == PROG_NO_REG;
        for (int j = 0; j < c.n_deps && !seen; j++)
            seen = c.deps[j] == r;
        if (!seen)
            c.deps[c.n_deps++] = r;
    }
    return c;
}

insn_cost *decode_program(const prog_code *code, const cusim_hw *hw,
                          uint32_t width, uint32_t lanes)
{
    insn_cost *cost = xcalloc((size_t)code->n_insns + 1, sizeof *cost);
    uint32_t counts[PROG_MAX_DEPTH], depth = 0;
    for (uint32_t pc = 0; pc < code->n_insns; pc++) {
        const prog_insn *in = &code->insns[pc];
        cost[pc] = decode_insn(code, in, pc, hw, width, lanes);
        if (in->op == PROG_ENDLOOP)
            depth--;
        for (uint32_t k = 0; k < 3 && k < depth; k++)
            cost[pc].loops[k] = counts[depth - 1 - k];
        if (in->op == PROG_LOOP)
            counts[depth++] = in->count;   /* 0 for a per-lane one */
    }
    cost[code->n_insns] = (insn_cost){ .kind = INSN_END,
                                       .unit = CUSIM_UNIT_COUNT,
                                       .dst = PROG_NO_REG };
    return cost;
}
