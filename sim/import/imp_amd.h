/*
 * imp_amd.h — what AMD GCN/RDNA's two files of the address pass share
 * (internal to sim/import): imp_addr_amd.c, an instruction's values and
 * the ISA's operations table, and imp_cond_amd.c, the compares, exec
 * masks and loop counters its branches test. Calls go one way:
 * imp_cond_amd.c calls imp_addr_amd.c's operand helpers, and
 * imp_addr_amd.c calls only amd_lanes of it (and names its functions in
 * the table).
 */
#ifndef CUSIM_IMP_AMD_H
#define CUSIM_IMP_AMD_H

#include "imp_addr.h"

/* imp_addr_amd.c: reading operands. */

/* The operands in [s, e) into o[0..max) (at commas outside brackets,
 * each its first word; modifiers such as offset:16 are left out,
 * *offset gets N); their count. */
int amd_operands(const char *s, const char *e, opnd *o, int max,
                 int64_t *offset);
/* One half of instruction `in` (a dual instruction has two, "v_dual_x
 * ... :: v_dual_y ..."): its mnemonic and operand text [*s, *e); false
 * when it has no such half. */
bool amd_half(const imp_insn *in, int which, char *mnem, size_t size,
              const char **s, const char **e);
/* The slot of a register operand (v5, v[2:3], s4, s[0:1]: the first
 * register, its index below A_REGS), NULL for anything else; *sgpr and
 * *index say which. */
aff *amd_slot(apass *p, const char *t, bool *sgpr, int *index);
/* The last register of a range operand (v[2:3]: 3), else `first`. */
int amd_last_index(const char *t, int first);
/* An operand's value: its register's, or an immediate's (negated by its
 * '-'). */
aff amd_value(apass *p, const opnd *o);
/* `m` without its encoding suffix and a dual instruction's prefix
 * (v_add_u32_e32 -> v_add_u32, v_dual_mov_b32 -> v_mov_b32). */
void amd_base_name(const char *m, char *out, size_t size);
bool amd_is(const char *m, const char *name);
/* Whether `in` adds a constant to slot `s` in place (*step): v_add,
 * v_add_nc, s_add of the register and an immediate. */
bool amd_self_add(apass *p, const imp_insn *in, const aff *s,
                  int64_t *step);

/* imp_cond_amd.c: what an instruction makes of vcc, exec and the SGPRs
 * a compare wrote (base mnemonic `m`, operands o[0..n)), and the
 * table's loop operations (imp_isa_ops: test, lane_test, copy_add,
 * update). */
void amd_lanes(apass *p, imp_insn *in, const char *m, const opnd *o, int n);
bool amd_test(apass *p, const imp_listing *l, size_t begin, size_t br,
              ltest *t);
bool amd_lane_test(apass *p, const imp_listing *l, size_t begin, size_t br,
                   lanetest *t);
bool amd_copy_add(apass *p, const imp_listing *l, size_t begin, size_t mov,
                  const aff *s, int64_t *step);
bool amd_update(apass *p, const imp_insn *in, const aff *s, int *kind,
                int64_t *k);

#endif /* CUSIM_IMP_AMD_H */
