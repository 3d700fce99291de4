/*
 * alloc.h — the admission rule: what one workgroup of a kernel takes from a
 * compute unit, whether it fits in what a CU has free, and which scheduler
 * partition each of its subgroups goes to (claims C1, C3, C4, C14).
 *
 * This is the ONE place the allocation rules live. The timing simulator
 * asks it each time it hands a workgroup to a CU (alloc_fits, alloc_take,
 * alloc_place) and gives the resources back when the workgroup retires
 * (alloc_unplace, alloc_release); the static occupancy calculator asks the very same
 * functions of an empty CU (alloc_rooms), so static and dynamic residency
 * agree by construction.
 *
 * The resources of one CU (docs/model.md, "Compute units, partitions,
 * allocation"):
 *   - per partition (cu.schedulers of them): subgroup slots and registers;
 *     each subgroup takes one slot and its rounded registers from ONE
 *     partition; subgroups of one workgroup may go to different ones;
 *   - CU-wide: workgroup slots, barrier slots (taken only by workgroups
 *     that need a hardware barrier), invocation slots and shared memory.
 *
 * Data flow: kernel + profile -> alloc_need_of (what a workgroup takes,
 * and the user errors of a workgroup that can never fit) -> alloc_cu (a
 * CU's free resources) -> alloc_rooms / alloc_fits / alloc_take /
 * alloc_place / alloc_unplace / alloc_release.
 */
#ifndef CUSIM_ALLOC_H
#define CUSIM_ALLOC_H

#include <stdbool.h>
#include <stdint.h>

#include "cusim.h"

#define ALLOC_MAX_PARTS 64     /* the most cu.schedulers a profile may have */

/* What one workgroup takes. Invariant: invocations, subgroups >= 1. */
typedef struct alloc_need {
    uint32_t invocations;      /* invocation slots: the workgroup size (a
                                  partial last workgroup holds them all) */
    uint32_t subgroups;        /* each takes one slot and `sg_registers`
                                  registers in one partition */
    uint32_t sg_registers;     /* rounded to the allocation unit */
    uint32_t shared;           /* bytes: rounded, reserve included */
    uint32_t shared_bytes;     /* the kernel's shared_bytes at this shape
                                  (cusim_kernel_shared_bytes), unrounded */
    bool barrier;              /* takes one of the CU's barrier slots */
} alloc_need;

/* The free resources of one CU. `part` is the caller's storage of
 * 2 x n_parts entries: partition p has part[2p] free subgroup slots and
 * part[2p + 1] free registers. */
typedef struct alloc_cu {
    uint32_t workgroups;       /* free workgroup slots */
    uint32_t barriers;         /* free barrier slots */
    uint32_t invocations;      /* free invocation slots */
    uint32_t shared;           /* free shared memory bytes */
    uint32_t n_parts;
    uint32_t *part;
} alloc_cu;

/* Sets `c` to an empty CU of `hw`, using `part` (2 x cu.schedulers
 * entries) as its partitions' storage. */
void alloc_cu_init(alloc_cu *c, const cusim_hw *hw, uint32_t *part);

/* What a workgroup of `k` takes at SIMD width `width` with `registers`
 * registers per invocation, by the rules of hw's family (cu.rules).
 * Returns 0, or -1 with `err` at the kernel key at fault when a workgroup
 * can never fit on an empty CU of `hw` (naming the resource and by how
 * much). */
int alloc_need_of(const cusim_hw *hw, const cusim_kernel *k, uint32_t width,
                  uint32_t registers, alloc_need *need, cusim_error *err);

/* ---------------------------------------------------- rule families
 * One file per family, sim/rule_NAME.c, defines alloc_rule_ID (ID and NAME
 * from its row of CUSIM_RULES in cusim.h) with alloc_need_of's contract.
 * The rules every family shares are alloc_need_common; a family calls it
 * and adds or changes what its vendor publishes. */
typedef int alloc_rule_fn(const cusim_hw *hw, const cusim_kernel *k,
                          uint32_t width, uint32_t registers,
                          alloc_need *need, cusim_error *err);
#define ALLOC_RULE_DECLARE_(id, name, meaning) alloc_rule_fn alloc_rule_##id;
CUSIM_RULES(ALLOC_RULE_DECLARE_)
#undef ALLOC_RULE_DECLARE_

/* ------------------------------------------------------ width choice
 * A profile that lists several SIMD widths (simd_width: [8, 16, 32]) runs
 * a kernel at the one its family's compiler would pick. sim/rules/widths.c
 * defines alloc_width_ID for each row of CUSIM_RULES: the family's compiler
 * model, asked with what a workgroup takes at every width. A kernel's own
 * subgroup_size bypasses it (sim/rules/occupancy.c). */
typedef struct alloc_width_option {
    uint32_t width;            /* one of the profile's simd_width list */
    bool fits;                 /* a workgroup fits an empty CU at it */
    uint32_t registers;        /* per invocation at this width (`auto`
                                  resolved); 0 when !fits */
    uint32_t invocations_per_cu; /* resident on an empty CU; 0 when !fits */
} alloc_width_option;

/* Returns the index in opt[0 .. n-1] (ascending widths, n >= 1) of the
 * width the family's compiler picks for a workgroup of `k` on `hw`, one
 * with `fits` true, or -1 when none fits. */
typedef int alloc_width_fn(const cusim_hw *hw, const cusim_kernel *k,
                           const alloc_width_option *opt, int n);
#define ALLOC_WIDTH_DECLARE_(id, name, meaning) alloc_width_fn alloc_width_##id;
CUSIM_RULES(ALLOC_WIDTH_DECLARE_)
#undef ALLOC_WIDTH_DECLARE_

/* alloc_width_fn's contract, by the rules of hw's family (cu.rules). */
int alloc_choose_width(const cusim_hw *hw, const cusim_kernel *k,
                       const alloc_width_option *opt, int n);

/* docs/model.md's allocation rules, as alloc_need_of, with `need->barrier`
 * false: a subgroup is width invocations, its registers rounded up to
 * cu.register_granularity; shared memory with cu.shared_reserved rounded
 * up to cu.shared_granularity; the shape and per-workgroup caps. */
int alloc_need_common(const cusim_hw *hw, const cusim_kernel *k,
                      uint32_t width, uint32_t registers, alloc_need *need,
                      cusim_error *err);

/* How many more workgroups of `need` each resource of `c` admits, by
 * limiter (CUSIM_UNLIMITED where the workgroup takes none of it), and, in
 * *fit, how many all of them admit together. Asked of an empty CU, these
 * are the static occupancy's limits and workgroups per CU. */
void alloc_rooms(const alloc_cu *c, const alloc_need *need,
                 uint32_t rooms[CUSIM_LIMIT_COUNT], uint32_t *fit);

/* True when one more workgroup of `need` fits in `c` now. */
bool alloc_fits(const alloc_cu *c, const alloc_need *need);

/* Takes one workgroup of `need` from `c`'s CU-wide resources; alloc_fits
 * must be true. Each of its `need->subgroups` subgroups must then be
 * placed with alloc_place. */
void alloc_take(alloc_cu *c, const alloc_need *need);

/* Places one subgroup of a workgroup alloc_take admitted: takes a slot and
 * its registers from the partition with the most room for one more, the
 * lowest on ties, and returns that partition (0 .. n_parts-1). */
uint32_t alloc_place(alloc_cu *c, const alloc_need *need);

/* Gives back what alloc_place took from partition `p`. */
void alloc_unplace(alloc_cu *c, const alloc_need *need, uint32_t p);

/* Gives back what alloc_take took (after alloc_unplace of every one of
 * the workgroup's subgroups). */
void alloc_release(alloc_cu *c, const alloc_need *need);

#endif /* CUSIM_ALLOC_H */
