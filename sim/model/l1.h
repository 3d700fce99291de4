/*
 * l1.h — the L1 of every CU (hier.h): sectored tags with LRU, MSHRs that
 * merge same-line misses, the fill timing, the request records of the
 * accesses waiting for a line, and the scalar cache of uniform loads
 * beside it (sharing its MSHRs). Its misses, stores, write-backs and
 * atomics go down by the crossbar (xbar.h); the L2 answers with l1_fill
 * and l1_written.
 *
 * Back-pressure: an access is accepted when the tag stage is free and the
 * CU has room for all of its lines: MSHRs (as if every line missed),
 * request records, waiter nodes and lines on their way down
 * (memory.max_inflight each). When room opens only with an event whose
 * time is not known yet, l1_accept_at answers NEVER and the CU is named
 * by l1_next_wake once it opens.
 */
#ifndef CUSIM_L1_H
#define CUSIM_L1_H

#include <stdbool.h>
#include <stdint.h>

#include "cusim.h"
#include "evq.h"
#include "memlog.h"
#include "memsys.h"
#include "xbar.h"

typedef struct l1 l1;

/* The L1s of `hw`'s CUs. Request r_i of CU c completes by event (ev_kind,
 * c x memory.max_inflight + r_i) on q; lines go down by x; completions are
 * kept in `log` while it is on; counters go to *st. */
l1 *l1_new(const cusim_hw *hw, evq *q, uint32_t ev_kind, xbar *x,
           memlog *log, mem_stats *st);
void l1_free(l1 *l);                              /* NULL-safe */
uint64_t l1_state_bytes(const cusim_hw *hw);

/* The event indices: the requests' completions, then one per CU for its
 * held access. */
uint32_t l1_event_count(const cusim_hw *hw);

/* The L1 capacity per CU from now on (a unified pool's share left by
 * shared memory): whole ways are kept, lines in the others dropped. */
void l1_set_bytes(l1 *l, uint32_t bytes);

/* As memsys.h's mem_accept_at and mem_issue. */
uint64_t l1_accept_at(l1 *l, uint32_t cu, uint32_t n, uint64_t at);
uint64_t l1_issue(l1 *l, const mem_req *r, uint64_t now);

/* Event `index` at `now`: a request's completion (true, the request in
 * *done), or a held access going on (false; l1.c). */
bool l1_event(l1 *l, uint32_t index, uint64_t now, mem_req *done);

/* As mem_next_wake. */
bool l1_next_wake(l1 *l, uint32_t *cu);

/* The L2 timed one of the requests of MSHR `mshr` of CU `cu`: its data
 * reaches the CU at `t`. */
void l1_fill(l1 *l, uint32_t cu, uint32_t mshr, uint64_t t);

/* The L2 took a line of CU `cu` that fills nothing (kind DOWN_STORE,
 * DOWN_ATOMIC or DOWN_WRITEBACK); a store's or an atomic's line of request
 * `ref` is done at `t`. */
void l1_written(l1 *l, uint32_t cu, uint8_t kind, uint32_t ref, uint64_t t);

#endif /* CUSIM_L1_H */
