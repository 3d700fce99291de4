/*
 * dump.h — where a stalled or deadlocked run stands (sim.c prints it when
 * the watchdog fires): a screenful by default, the whole state on request.
 */
#ifndef CUSIM_DUMP_H
#define CUSIM_DUMP_H

#include <stddef.h>
#include <stdio.h>

#include "gpu.h"

/* The lines a dump takes at most by default: a terminal's screenful. */
#define DUMP_SCREEN_LINES 24

/* Writes g's state to `out` (NULL: nothing): a header line (the cycle,
 * the dispatch, its workgroups handed out and retired), two lines of
 * counts (the CUs holding work with the workgroups and subgroups
 * resident; the unfinished workgroups' subgroups by state), then the
 * details: a line
 * per CU holding work and a line per subgroup of each unfinished
 * workgroup, in slot order. With `max_lines` 0 every line is written.
 * Otherwise at most `max_lines` (at least 5) in all: the per-CU lines are
 * left out (the counts line sums them up), the first subgroup lines that
 * fit are written, and when some do not, a last line says how many
 * subgroups were left out, naming `how_all` (how to get the whole state)
 * when it is not NULL. Returns the number of subgroup lines left out. */
size_t dump_state(const gpu *g, FILE *out, size_t max_lines,
                  const char *how_all);

#endif /* CUSIM_DUMP_H */
