/*
 * l2.h — the L2 (hier.h): shared by all CUs, in slices chosen by address
 * (addrmap.h: each slice is one DRAM channel's), each with its port (its
 * share of cache.l2.bytes_per_cycle) and its atomic unit; sectored,
 * write-back, LRU; MSHRs that merge the L1s' misses of one line; misses
 * and dirty victims go to DRAM (dram.h).
 *
 * An arrival (xbar.h) that finds no room in the DRAM channel's queue it
 * needs waits at that channel (parked, in arrival order) until the
 * channel serves a request (l2_unpark); one that finds no L2 MSHR stops
 * the crossbar until a channel serves a read.
 */
#ifndef CUSIM_L2_H
#define CUSIM_L2_H

#include <stdbool.h>
#include <stdint.h>

#include "cusim.h"
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

l2 *l2_new(const cusim_hw *hw, struct dram *d, l2_up up, mem_stats *st);
void l2_free(l2 *c);                              /* NULL-safe */
uint64_t l2_state_bytes(const cusim_hw *hw);

/* Line d arrives at `now`: true when it was taken (done, or parked at a
 * DRAM channel); false, with nothing changed, when no L2 MSHR is free. */
bool l2_arrive(l2 *c, const down *d, uint64_t now);

/* A DRAM read of L2 MSHR `mshr` is back at the L2 at `t`. */
void l2_read_done(l2 *c, uint32_t mshr, uint64_t t);

/* DRAM channel `ch` served a request at `now`: the arrivals parked there
 * go on while it has room. False when one found no L2 MSHR free (the
 * crossbar must stop). */
bool l2_unpark(l2 *c, uint32_t ch, uint64_t now);

#endif /* CUSIM_L2_H */
