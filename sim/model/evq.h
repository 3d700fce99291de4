/*
 * evq.h — the event queue: one for the whole GPU, ordered by (cycle,
 * sequence number) so that same-cycle events resolve in a deterministic
 * order (the order in which they were scheduled).
 *
 * An event names its kind and an index within that kind, both chosen by
 * the caller (e.g. kind "wake a scheduler partition", index 17); the queue
 * gives them no meaning. Each (kind, index) is pending at most once:
 * scheduling a pending one again moves it. All storage is allocated by
 * evq_new, so scheduling never allocates.
 *
 * The same-cycle order (a rule of the model, not of this queue alone):
 * events of one cycle run in the order they were scheduled (set or moved),
 * whatever their kind. Kinds have no priority. The simulator relies on it
 * as an arbitration rule: a partition held back by a shared resource (the
 * CU's in-flight cap, a unit) schedules its wake-up for when the resource
 * frees at the moment it is held, so of two partitions held for the same
 * cycle the one held first runs first ("first held, first served"). Other
 * orders change results by up to 22% (docs/performance.md);
 * tests/check_order.c fails if it changes. A new event source keeps it by
 * scheduling each event at the moment the simulation learns of it, never
 * earlier or later to win a place, and by saying in docs/model.md ("Time
 * and events") where its events fall among the others.
 */
#ifndef CUSIM_EVQ_H
#define CUSIM_EVQ_H

#include <stdbool.h>
#include <stdint.h>

typedef struct evq evq;

#define EVQ_MAX_KINDS 8

/* An event: its kind (0 .. n_kinds-1) and index within the kind. */
typedef struct evq_event {
    uint32_t kind;
    uint32_t index;
} evq_event;

/* A queue for `n_kinds` kinds of event (at most EVQ_MAX_KINDS), kind k
 * having indices 0 .. counts[k]-1 (fewer than 2^32 - 1 in all). */
evq *evq_new(const uint32_t *counts, uint32_t n_kinds);
void evq_free(evq *q);   /* NULL-safe */

/* Bytes evq_new(counts, n_kinds) allocates. */
uint64_t evq_state_bytes(const uint32_t *counts, uint32_t n_kinds);

/* Schedules event (kind, index) at `cycle` (moving it if already pending). */
void evq_set(evq *q, uint32_t kind, uint32_t index, uint64_t cycle);

/* How many times evq_set has been called: two calls in a row (this count
 * one apart) for one cycle put their events next to each other in the
 * queue's order. */
uint64_t evq_appends(const evq *q);

/* Removes event (kind, index) if pending. */
void evq_cancel(evq *q, uint32_t kind, uint32_t index);

/* True when (kind, index) is pending; its cycle goes to *cycle when
 * non-NULL. */
bool evq_pending(const evq *q, uint32_t kind, uint32_t index,
                 uint64_t *cycle);

bool evq_empty(const evq *q);

/* The events of `kind` pending. */
uint32_t evq_count(const evq *q, uint32_t kind);

/* The earliest (cycle, sequence) event: its cycle. evq_empty must be false. */
uint64_t evq_next_cycle(const evq *q);

/* Removes the earliest event and returns it; *cycle gets its cycle.
 * evq_empty must be false. */
evq_event evq_pop(evq *q, uint64_t *cycle);

#endif /* CUSIM_EVQ_H */
