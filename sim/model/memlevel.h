/*
 * memlevel.h — the interface every memory model behind memsys.h
 * implements: the flat channel (flat.c) and the hierarchy (hier.c).
 * memsys.c picks one for the profile when a run starts and dispatches each
 * of its calls through the model's table once; the contracts are
 * memsys.h's, on the model's own state (`self`).
 *
 * Adding a model: a constructor that returns its state and its table, its
 * state_bytes and event_count beside them, and one line in memsys.c's
 * choice.
 */
#ifndef CUSIM_MEMLEVEL_H
#define CUSIM_MEMLEVEL_H

#include <stdbool.h>
#include <stdint.h>

#include "memsys.h"

typedef struct mem_ops {
    uint64_t (*accept_at)(void *self, uint32_t cu, uint32_t tx, uint64_t at);
    uint64_t (*issue)(void *self, const mem_req *r, uint64_t now);
    bool (*event)(void *self, uint32_t index, uint64_t now, mem_req *done);
    bool (*next_wake)(void *self, uint32_t *cu);
    void (*set_l1_bytes)(void *self, uint32_t bytes);
    const mem_stats *(*stats)(const void *self);
    void (*watch)(void *self, bool on);
    void (*end)(void *self, uint64_t cycle);      /* NULL: nothing to do */
    bool (*next_done)(void *self, uint64_t now, uint32_t *cu, uint32_t *tx,
                      uint64_t *done);
    void (*free)(void *self);                     /* NULL-safe */
} mem_ops;

/* The flat model (flat.c): one channel for the GPU, every completion known
 * at issue, no event. */
extern const mem_ops flat_ops;
void *flat_new(const cusim_hw *hw);
uint64_t flat_state_bytes(const cusim_hw *hw);

/* The hierarchy (hier.c): L1, L2 and DRAM. */
extern const mem_ops hier_ops;
void *hier_new(const cusim_hw *hw, evq *q, uint32_t ev_kind);
uint64_t hier_state_bytes(const cusim_hw *hw);
uint32_t hier_event_count(const cusim_hw *hw);

#endif /* CUSIM_MEMLEVEL_H */
