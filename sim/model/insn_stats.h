/*
 * insn_stats.h — the per-instruction counts of a run summed for the
 * findings (insn_stats.c).
 */
#ifndef CUSIM_INSN_STATS_H
#define CUSIM_INSN_STATS_H

#include "cusim.h"
#include "gpu.h"

/* Fills r's global_*, shared_* and worst_* from every dispatch's
 * insn_stat (r's other fields untouched; those start zeroed). */
void insn_stats_measure(const gpu *g, cusim_result *r);

#endif /* CUSIM_INSN_STATS_H */
