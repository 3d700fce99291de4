/*
 * isa.c — the opcode table, expanded from opcodes.def.
 */
#include "isa.h"

#include <string.h>

static const isa_info isa_table[ISA_OP_COUNT] = {
#define OP(id, mnem, unit, lat, form) \
    [ISA_OP_##id] = { mnem, unit, lat, ISA_FORM_##form },
#include "opcodes.def"
#undef OP
};

const isa_info *isa_get(isa_op op)
{
    return &isa_table[op];
}

bool isa_is_atomic(isa_op op)
{
    return op == ISA_OP_ATOM_GLOBAL || op == ISA_OP_ATOM_SHARED;
}

void isa_unit_on(isa_op op, const cusim_hw *hw, cusim_unit *unit,
                 cusim_latency_class *latency)
{
    *unit = isa_table[op].unit;
    *latency = isa_table[op].latency;
    if ((op == ISA_OP_SHUFFLE || op == ISA_OP_BROADCAST)
        && hw->cu.shuffle_unit == CUSIM_SHUFFLE_SHARED) {
        *unit = CUSIM_UNIT_SHARED;
        *latency = CUSIM_LAT_SHARED;
    }
    if (*unit == CUSIM_UNIT_SCALAR && hw->cu.scalar_cycles == 0)
        *unit = CUSIM_UNIT_ALU;
}

isa_op isa_lookup(const char *mnemonic, size_t len)
{
    for (int op = 0; op < ISA_OP_COUNT; op++) {
        const char *m = isa_table[op].mnemonic;
        if (strlen(m) == len && memcmp(m, mnemonic, len) == 0)
            return (isa_op)op;
    }
    return ISA_OP_COUNT;
}
