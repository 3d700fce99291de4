/*
 * l2atom.c — the L2 slices' atomic units (l2atom.h).
 */
#include "l2atom.h"

#include <assert.h>
#include <stdbool.h>
#include <stdlib.h>

#include "intmath.h"
#include "xalloc.h"

struct l2atom {
    mem_stats *st;
    uint32_t turn;            /* cache.l2.atomic_cycles: cycles a turn */
    uint32_t rate;            /* cache.l2.atomic_rate: operations a cycle
                                 per slice */
    uint32_t slices, n_slots;
    uint64_t *unit_at;        /* per slice: its unit is free from then, in
                                 1 / rate cycles */
    uint64_t *busy_to;        /* per slice: its busy time counted up to,
                                 in 1 / rate cycles */
    uint64_t *busy;           /* per slice: its busy time, in 1 / rate
                                 cycles */
    uint64_t *line_at;        /* per L2 slot: its line's last atomic is
                                 done then (0: none pending) */
};

uint64_t l2atom_state_bytes(const cusim_hw *hw, uint32_t n_slots)
{
    return sizeof(l2atom) + 3 * (uint64_t)hw->cache.l2.slices
                            * sizeof(uint64_t)
           + (uint64_t)n_slots * sizeof(uint64_t);
}

l2atom *l2atom_new(const cusim_hw *hw, uint32_t n_slots, mem_stats *st)
{
    l2atom *a = xcalloc(1, sizeof *a);
    a->st = st;
    a->turn = hw->cache.l2.atomic_cycles;
    a->rate = hw->cache.l2.atomic_rate;
    a->slices = hw->cache.l2.slices;
    a->n_slots = n_slots;
    assert(a->rate > 0);
    a->unit_at = xcalloc(3 * (size_t)a->slices, sizeof *a->unit_at);
    a->busy_to = a->unit_at + a->slices;
    a->busy = a->busy_to + a->slices;
    a->line_at = xcalloc(n_slots, sizeof *a->line_at);
    return a;
}

void l2atom_free(l2atom *a)
{
    if (!a)
        return;
    free(a->unit_at);
    free(a->line_at);
    free(a);
}

void l2atom_forget(l2atom *a, uint32_t slot)
{
    assert(slot < a->n_slots);
    a->line_at[slot] = 0;
}

uint64_t l2atom_perform(l2atom *a, uint32_t slice, uint32_t slot,
                        uint32_t ops, uint32_t lanes, uint64_t at)
{
    assert(slice < a->slices && ops >= 1 && lanes >= ops);
    mem_stats *st = a->st;
    /* the line's turn: after its requests before this one */
    uint64_t start = at;
    bool waited = slot != NONE && a->line_at[slot] > start;
    if (waited) {
        st->l2_atomic_wait += a->line_at[slot] - start;
        start = a->line_at[slot];
    }
    /* the unit's rate: its operations after those it took before */
    uint64_t u = start * a->rate;
    if (a->unit_at[slice] > u)
        u = a->unit_at[slice];
    a->unit_at[slice] = u + lanes;
    uint64_t go = u / a->rate;
    uint64_t done = go + (uint64_t)ops * a->turn;
    uint64_t drained = div_up(u + lanes, a->rate);
    if (drained > done)
        done = drained;
    if (slot != NONE)
        a->line_at[slot] = done;
    /* The unit is busy while it performs the operations (u to u + lanes,
     * in 1 / rate cycles), and while a line that others wait for takes its
     * turns (to done): the time it binds. Counted once where requests
     * overlap (their starts only grow, per slice, but for a line's rare
     * early one). */
    uint64_t b1 = waited ? done * a->rate : u + lanes;
    uint64_t from = u > a->busy_to[slice] ? u : a->busy_to[slice];
    if (b1 > from) {
        a->busy[slice] += b1 - from;
        a->busy_to[slice] = b1;
        if (a->busy[slice] > st->l2_atomic_busy_max)
            st->l2_atomic_busy_max = a->busy[slice];
    }
    st->l2_atomic_requests++;
    st->l2_atomic_ops += lanes;
    return done;
}
