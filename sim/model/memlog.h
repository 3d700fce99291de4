/*
 * memlog.h — what the hierarchy's accesses complete when, for a recorder
 * (memsys.h's mem_watch and mem_next_done): a heap of completions by
 * (cycle, order kept), filled only while a recorder listens.
 */
#ifndef CUSIM_MEMLOG_H
#define CUSIM_MEMLOG_H

#include <stdbool.h>
#include <stdint.h>

typedef struct memlog_item {
    uint64_t done, seq;
    uint32_t cu, tx;
} memlog_item;

typedef struct memlog {
    bool on;                  /* a recorder listens */
    memlog_item *items;       /* a heap by (done, seq) */
    uint32_t n, cap;
    uint64_t seq;
} memlog;

/* Keeps access (cu, tx lines) completing at `done`; grows the heap (only
 * while a recorder listens: not the simulation's path). */
void memlog_push(memlog *g, uint32_t cu, uint32_t tx, uint64_t done);

/* Starts (on) or stops keeping; either forgets what was kept. */
void memlog_watch(memlog *g, bool on);

/* The earliest kept completion at or before `now`, taken out: true and its
 * fields; false when there is none. */
bool memlog_next(memlog *g, uint64_t now, uint32_t *cu, uint32_t *tx,
                 uint64_t *done);

void memlog_release(memlog *g);   /* frees what it holds */

#endif /* CUSIM_MEMLOG_H */
