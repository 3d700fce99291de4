/*
 * memsys.c — the memory system behind memsys.h: the model the profile
 * asks for (memlevel.h), chosen once when the run starts, and every call
 * handed to it through its table. A profile with caches (cache.l2.bytes >
 * 0) gets the hierarchy (hier.c: L1, L2, DRAM), any other the flat channel
 * (flat.c).
 */
#include "memlevel.h"
#include "memsys.h"
#include "xalloc.h"

#include <stdlib.h>

struct memsys {
    const mem_ops *ops;
    void *self;                  /* the model's state */
    bool hier;
};

static bool hierarchical(const cusim_hw *hw)
{
    return hw->cache.l2.bytes > 0;
}

memsys *mem_new(const cusim_hw *hw, evq *q, uint32_t ev_kind)
{
    memsys *m = xcalloc(1, sizeof *m);
    m->hier = hierarchical(hw);
    m->ops = m->hier ? &hier_ops : &flat_ops;
    m->self = m->hier ? hier_new(hw, q, ev_kind) : flat_new(hw);
    return m;
}

void mem_free(memsys *m)
{
    if (!m)
        return;
    m->ops->free(m->self);
    free(m);
}

uint64_t mem_state_bytes(const cusim_hw *hw)
{
    return sizeof(memsys) + (hierarchical(hw) ? hier_state_bytes(hw)
                                              : flat_state_bytes(hw));
}

uint32_t mem_event_count(const cusim_hw *hw)
{
    return hierarchical(hw) ? hier_event_count(hw) : 0;
}

bool mem_has_hierarchy(const memsys *m)
{
    return m->hier;
}

uint64_t mem_accept_at(memsys *m, uint32_t cu, uint32_t tx, uint64_t at)
{
    return m->ops->accept_at(m->self, cu, tx, at);
}

uint64_t mem_issue(memsys *m, const mem_req *r, uint64_t now)
{
    return m->ops->issue(m->self, r, now);
}

bool mem_complete(memsys *m, uint32_t index, uint64_t now, mem_req *done)
{
    return m->ops->event(m->self, index, now, done);
}

bool mem_next_wake(memsys *m, uint32_t *cu)
{
    return m->ops->next_wake(m->self, cu);
}

void mem_set_l1_bytes(memsys *m, uint32_t bytes)
{
    m->ops->set_l1_bytes(m->self, bytes);
}

const mem_stats *mem_get_stats(const memsys *m)
{
    return m->ops->stats(m->self);
}

void mem_watch(memsys *m, bool on)
{
    m->ops->watch(m->self, on);
}

void mem_end(memsys *m, uint64_t cycle)
{
    if (m->ops->end)
        m->ops->end(m->self, cycle);
}

bool mem_next_done(memsys *m, uint64_t now, uint32_t *cu, uint32_t *tx,
                   uint64_t *done)
{
    return m->ops->next_done(m->self, now, cu, tx, done);
}
