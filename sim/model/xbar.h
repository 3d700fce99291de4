/*
 * xbar.h — the crossbar from the CUs' L1s to the L2 (hier.h): the lines
 * on their way down, handed to the L2 in (cycle, CU, sequence) order by
 * one event per cycle with arrivals.
 *
 * A CU's lines go down in order of time (its tag stage is in order), so
 * each CU keeps a FIFO of its own (memory.max_inflight entries) and a wheel
 * of cycles, a bit per CU in the bucket of its oldest line's cycle, merges
 * them in (cycle, CU) order. The L2 takes every arrival (what cannot go
 * on waits there, l2.h).
 */
#ifndef CUSIM_XBAR_H
#define CUSIM_XBAR_H

#include <stdbool.h>
#include <stdint.h>

#include "cusim.h"
#include "evq.h"

/* A line on its way to the L2. An atomic is performed there: it goes down
 * as a store does (the L1's copy dropped), and its request completes when
 * the slice's atomic unit (l2atom.h) has done its `lanes` operations, its
 * `ops` turns on its busiest address among them. */
enum { DOWN_LOAD, DOWN_STORE, DOWN_WRITEBACK, DOWN_ATOMIC };

typedef struct down {
    uint64_t t;               /* cycle it reaches the L2 */
    uint64_t seq;
    uint64_t addr;            /* byte address of its L1 line */
    uint32_t cu;
    uint32_t ref;             /* LOAD: its L1 MSHR; STORE: its request */
    uint32_t sectors;         /* in L1 line coordinates */
    uint8_t kind;
    uint16_t ops;             /* ATOMIC: its turns on one address, >= 1 */
    uint16_t lanes;           /* ATOMIC: its operations (lanes) in all,
                                 >= ops */
} down;

typedef struct xbar xbar;
struct l2;

/* A crossbar for `hw` whose event is (ev_kind, ev_index) on q, handing
 * its arrivals to `below`. */
xbar *xbar_new(const cusim_hw *hw, evq *q, uint32_t ev_kind,
               uint32_t ev_index, struct l2 *below);
void xbar_free(xbar *x);                          /* NULL-safe */
uint64_t xbar_state_bytes(const cusim_hw *hw);

/* Sends a line of CU d->cu down, looked up in its L1 at d->t (no earlier
 * than the CU's previous line); `now` is the current cycle. The crossbar
 * keeps a copy, whose arrival at the L2 (t) it sets and which it numbers
 * (seq). */
void xbar_send(xbar *x, const down *d, uint64_t now);

/* The crossbar's event at `now`: the arrivals up to now, in order. */
void xbar_event(xbar *x, uint64_t now);

#endif /* CUSIM_XBAR_H */
