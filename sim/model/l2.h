/*
 * l2.h — the L2 (hier.h): shared by all CUs, in slices chosen by address
 * (addrmap.h: each slice is one DRAM channel's), each with its port (its
 * share of cache.l2.bytes_per_cycle) and its atomic unit; sectored,
 * write-back, LRU; MSHRs that merge the L1s' misses of one line; misses
 * and dirty victims go to DRAM (dram.h).
 *
 * An arrival (xbar.h) that finds no room in the DRAM channel's queue it
 * needs waits at that channel (parked, in arrival order) until the
 * channel serves a request (l2_unpark); one that fails its reservation
 * (no MSHR free in its slice, or its line's MSHR full) waits at its
 * slice, with the slice's later arrivals behind it, until an MSHR of the
 * slice frees (the slice's event, l2_event). The crossbar never stops.
 */
#ifndef CUSIM_L2_H
#define CUSIM_L2_H

#include <stdbool.h>
#include <stdint.h>

#include "cusim.h"
#include "evq.h"
#include "memsys.h"
#include "xbar.h"

typedef struct l2 l2;
struct dram;

/* What the L2 tells the L1s above it (hier.c wires them to l1.h's). */
typedef struct l2_up {
    void *ctx;
    /* l1_fill: a load's line of L1 MSHR `mshr` of CU `cu` is back at t */
    void (*fill)(void *ctx, uint32_t cu, uint32_t mshr, uint64_t t);
    /* l1_written: a line that fills nothing was taken; done at t */
    void (*written)(void *ctx, uint32_t cu, uint8_t kind, uint32_t ref,
                    uint64_t t);
} l2_up;

/* Slice s's event is (ev_kind, ev_base + s) on q: l2_event_count. */
l2 *l2_new(const cusim_hw *hw, struct dram *d, l2_up up, mem_stats *st,
           evq *q, uint32_t ev_kind, uint32_t ev_base);
void l2_free(l2 *c);                              /* NULL-safe */
uint64_t l2_state_bytes(const cusim_hw *hw);
uint32_t l2_event_count(const cusim_hw *hw);

/* Line d arrives at `now`: taken (done, or waiting at a DRAM channel or
 * at its slice; the L2 keeps a copy). */
void l2_arrive(l2 *c, const down *d, uint64_t now);

/* A DRAM read of L2 MSHR `mshr` is back at the L2 at `t`. */
void l2_read_done(l2 *c, uint32_t mshr, uint64_t t);

/* DRAM channel `ch` served a request at `now`: the arrivals parked there
 * go on while it has room. */
void l2_unpark(l2 *c, uint32_t ch, uint64_t now);

/* Slice s's event at `now`: the arrivals waiting there go on, oldest
 * first, while they get their reservation. */
void l2_event(l2 *c, uint32_t s, uint64_t now);

#endif /* CUSIM_L2_H */
