/*
 * isa.h — the synthetic instruction set, generated from opcodes.def.
 */
#ifndef CUSIM_ISA_H
#define CUSIM_ISA_H

#include <stdbool.h>

#include "cusim.h"

typedef enum isa_op {
#define OP(id, mnem, unit, lat, form) ISA_OP_##id,
#include "opcodes.def"
#undef OP
    ISA_OP_COUNT
} isa_op;

typedef enum isa_form {
    ISA_FORM_DST_SRCS,
    ISA_FORM_LOAD,
    ISA_FORM_STORE,
    ISA_FORM_NONE
} isa_form;

/* Global and shared memory access patterns (`pattern=` modifier). */
typedef enum isa_pattern {
    ISA_PATTERN_COALESCED,     /* consecutive lanes, consecutive addresses */
    ISA_PATTERN_STRIDED,       /* `strided:N`: lane i at i * N elements */
    ISA_PATTERN_RANDOM         /* every lane its own transaction */
} isa_pattern;

/* One row of opcodes.def. */
typedef struct isa_info {
    const char *mnemonic;
    cusim_unit unit;
    cusim_latency_class latency;
    isa_form form;
} isa_info;

/* The row for `op` (op < ISA_OP_COUNT). */
const isa_info *isa_get(isa_op op);

/* The read-modify-write operations of an atomic (`op=`). */
typedef enum isa_atomic {
    ISA_ATOMIC_ADD, ISA_ATOMIC_MIN, ISA_ATOMIC_MAX, ISA_ATOMIC_EXCH,
    ISA_ATOMIC_CAS, ISA_ATOMIC_COUNT
} isa_atomic;

/* Whether `op` is an atomic (atom.global, atom.shared): a load that also
 * writes its addresses, lanes on one address one after another. */
bool isa_is_atomic(isa_op op);

/* The operations of a subgroup reduction (reduce's `op=`). */
typedef enum isa_reduce {
    ISA_REDUCE_ADD, ISA_REDUCE_MIN, ISA_REDUCE_MAX, ISA_REDUCE_AND,
    ISA_REDUCE_OR, ISA_REDUCE_XOR, ISA_REDUCE_COUNT
} isa_reduce;

/* The unit and latency class `op` has on profile hw: its row's, except
 * shuffle and broadcast on the shared-memory unit where cu.shuffle_unit
 * says so, and salu on the ALU where the profile has no scalar unit
 * (cu.scalar_cycles 0). */
void isa_unit_on(isa_op op, const cusim_hw *hw, cusim_unit *unit,
                 cusim_latency_class *latency);

/* Looks up a mnemonic of `len` bytes; returns ISA_OP_COUNT when unknown. */
isa_op isa_lookup(const char *mnemonic, size_t len);

#endif /* CUSIM_ISA_H */
