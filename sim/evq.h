/*
 * evq.h — the event queue: one for the whole GPU, ordered by (cycle,
 * sequence number) so that same-cycle events resolve in a deterministic
 * order (the order in which they were scheduled).
 *
 * Events are identified by a small integer handle chosen by the caller
 * (e.g. "scheduler 17", "workgroup slot 40"). Each handle is pending at most
 * once: scheduling a pending handle again moves it. Every handle's storage
 * is allocated by evq_new, so scheduling never allocates.
 */
#ifndef CUSIM_EVQ_H
#define CUSIM_EVQ_H

#include <stdbool.h>
#include <stdint.h>

typedef struct evq evq;

/* A queue for handles 0 .. n_handles-1; NULL when out of memory. */
evq *evq_new(uint32_t n_handles);
void evq_free(evq *q);   /* NULL-safe */

/* Schedules `handle` at `cycle` (moving it if already pending). */
void evq_set(evq *q, uint32_t handle, uint64_t cycle);

/* Removes `handle` if pending. */
void evq_cancel(evq *q, uint32_t handle);

/* True when `handle` is pending; its cycle goes to *cycle when non-NULL. */
bool evq_pending(const evq *q, uint32_t handle, uint64_t *cycle);

bool evq_empty(const evq *q);

/* The earliest (cycle, sequence) event: its cycle. evq_empty must be false. */
uint64_t evq_next_cycle(const evq *q);

/* Removes the earliest event and returns its handle; *cycle gets its cycle.
 * evq_empty must be false. */
uint32_t evq_pop(evq *q, uint64_t *cycle);

#endif /* CUSIM_EVQ_H */
