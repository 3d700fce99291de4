/*
 * l2atom.h — the L2 slices' atomic units (l2.h), where the hierarchy
 * performs a global atomic (docs/isa.md "Atomics").
 *
 * A request is one subgroup's lanes on one L2 line (xbar.h's down): its
 * `lanes` operations, `ops` of them turns on its busiest address. Two
 * limits time it:
 *   - the line: requests on one line are performed in order, each after
 *     the one before it is done, and a request's turns take
 *     cache.l2.atomic_cycles each (the distinct addresses of the line go
 *     together, lanes on one address take turns);
 *   - the slice's unit: cache.l2.atomic_rate operations per cycle over
 *     all its lines, so different lines proceed in parallel up to it.
 * Contention is per line (the granularity at which the L2 tracks a line's
 * state; see docs/model.md "Atomics at the L2").
 *
 * State, sized by the profile when the L2 is made: per slice its unit's
 * next free time and its busy time; per L2 slot (sets x ways) the time its
 * line's last atomic is done. Nothing is allocated or scanned per request.
 */
#ifndef CUSIM_L2ATOM_H
#define CUSIM_L2ATOM_H

#include <stdint.h>

#include "cusim.h"
#include "memsys.h"

typedef struct l2atom l2atom;

/* The atomic units of hw's L2, whose tags have n_slots slots; counting
 * into st (the l2_atomic_* rows of memstats.def). */
l2atom *l2atom_new(const cusim_hw *hw, uint32_t n_slots, mem_stats *st);
void l2atom_free(l2atom *a);                      /* NULL-safe */
uint64_t l2atom_state_bytes(const cusim_hw *hw, uint32_t n_slots);

/* Slot `slot` holds a new line from now: no atomic of it is pending. */
void l2atom_forget(l2atom *a, uint32_t slot);

/* Performs a request of `lanes` operations, `ops` turns on its busiest
 * address (1 <= ops <= lanes), at slice `slice` on the line in L2 slot
 * `slot` (or NONE: the line has no slot, every way being fetched; then
 * only the unit's rate orders it), its data at the unit at `at`. Returns
 * the cycle its last operation is done. */
uint64_t l2atom_perform(l2atom *a, uint32_t slice, uint32_t slot,
                        uint32_t ops, uint32_t lanes, uint64_t at);

#endif /* CUSIM_L2ATOM_H */
