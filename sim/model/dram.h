/*
 * dram.h — DRAM (hier.h): channels chosen by address (addrmap.h), each with
 * banks that keep a row open, a queue of dram.window requests and a
 * scheduler (FR-FCFS: row hits first, oldest first, with a bound on how
 * long the oldest waits; or FCFS) that issues at most a read and a row
 * opening per cycle on its share of dram.bytes_per_cycle. The data bus
 * idles dram.read_to_write_cycles / write_to_read_cycles when it turns
 * around; with either above 0, FR-FCFS takes the row hits in the bus's
 * direction first.
 */
#ifndef CUSIM_DRAM_H
#define CUSIM_DRAM_H

#include <stdbool.h>
#include <stdint.h>

#include "cusim.h"
#include "evq.h"
#include "intmath.h"
#include "memsys.h"

typedef struct dram dram;

/* What a channel tells the L2 when it has served a request (hier.c wires
 * it): channel `ch` served one at `now`; a read's `tag` (the L2 MSHR it
 * fills, or NONE for a write) has its data at the L2 at `t`. */
typedef struct dram_up {
    void *ctx;
    void (*served)(void *ctx, uint32_t ch, uint32_t tag, uint64_t t,
                   uint64_t now);
} dram_up;

/* Channel c's events are (ev_kind, ev_base + c) on q. */
dram *dram_new(const cusim_hw *hw, evq *q, uint32_t ev_kind,
               uint32_t ev_base, dram_up up, mem_stats *st);
void dram_free(dram *d);                          /* NULL-safe */
uint64_t dram_state_bytes(const cusim_hw *hw);
uint32_t dram_event_count(const cusim_hw *hw);

/* The channel byte address `addr` is in. */
uint32_t dram_channel(const dram *d, uint64_t addr);

/* The address map d chooses channels by, which the L2 picks its slices
 * with (owned by d: valid until dram_free). */
const struct addrmap *dram_map(const dram *d);

/* Whether channel `ch`'s queue has room for n more requests (n <= 2):
 * dram.window at most, or two in an empty queue. */
bool dram_room(const dram *d, uint32_t ch, uint32_t n);

/* The run ended at `cycle`: the bytes of the transfers still on a bus
 * after it are taken out of dram_bus_bytes (they move after the run). */
void dram_end(dram *d, uint64_t cycle);

/* Queues a request of `bytes` at `addr` in its channel `ch`
 * (dram_channel's answer, which the caller has) sent from the L2 at
 * `sent`: a read of `tag` (l2.h's MSHR), or a write (tag NONE). The
 * channel must have room. */
void dram_enqueue(dram *d, uint32_t ch, uint64_t addr, uint32_t bytes,
                  uint32_t tag, uint64_t sent);

/* Channel ch's event at `now`. */
void dram_event(dram *d, uint32_t ch, uint64_t now);

#endif /* CUSIM_DRAM_H */
