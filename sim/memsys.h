/*
 * memsys.h — the global memory system: coalescing of a subgroup's access
 * into transactions, and the memory latency queue they pass through.
 *
 * The queue is one channel for the whole GPU that moves
 * `memory.bandwidth` bytes per cycle, served in issue order, in front of a
 * fixed `latency.global`: a transaction issued at cycle t starts when the
 * channel is free (never before t), occupies it for transaction /
 * bandwidth cycles, and completes `latency.global` cycles after it leaves
 * the channel. Its latency is therefore the configured latency plus the
 * queueing the bandwidth limit causes (claim C6c). Each CU may have at most
 * `memory.max_inflight` transactions in flight (the simulator refuses a
 * kernel with a larger instruction; here one is let through alone).
 *
 * Completion times are known at issue, so the simulator needs no memory
 * events: a load's destination register is simply ready at its completion.
 */
#ifndef CUSIM_MEMSYS_H
#define CUSIM_MEMSYS_H

#include <stdint.h>

#include "cusim.h"
#include "isa.h"

typedef struct memsys memsys;

/* Counters; derived figures are computed by the reporter. */
typedef struct mem_stats {
    uint64_t transactions;
    uint64_t bytes;              /* transactions x transaction size */
    uint64_t latency_sum;        /* over transactions, issue to completion */
} mem_stats;

/* A memory system for `hw`. */
memsys *mem_new(const cusim_hw *hw);

/* Bytes mem_new(hw) allocates. */
uint64_t mem_state_bytes(const cusim_hw *hw);
void mem_free(memsys *m);   /* NULL-safe */

/* The earliest cycle >= at at which CU `cu` may issue `n` transactions
 * under its in-flight cap, as far as the transactions issued so far go.
 * Changes nothing the answers depend on (it keeps its last answer per CU
 * until the CU's in-flight set changes), so it may be asked about a
 * future cycle. */
uint64_t mem_accept_at(memsys *m, uint32_t cu, uint32_t n, uint64_t at);

/* Issues `n` transactions from CU `cu` at cycle `now` (mem_accept_at must
 * have returned `now`); returns the cycle the last one completes. */
uint64_t mem_issue(memsys *m, uint32_t cu, uint32_t n, uint64_t now);

const mem_stats *mem_get_stats(const memsys *m);

/* Transactions CU `cu` has in flight at `now` (for state dumps). */
uint32_t mem_inflight(memsys *m, uint32_t cu, uint64_t now);

#endif /* CUSIM_MEMSYS_H */
