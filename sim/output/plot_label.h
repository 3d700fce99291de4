/*
 * plot_label.h — a panel's default axis titles (docs/formats.md, "Labels"),
 * from the result-field table and the configuration keys' help. Used by
 * the plot parser (plot_spec.c) and, for a stacked panel's legend, by the
 * gnuplot script (plot_gp_panel.c).
 */
#ifndef CUSIM_PLOT_LABEL_H
#define CUSIM_PLOT_LABEL_H

#include <stddef.h>

#include "plot.h"

/* Fills the axis labels `pn` leaves empty (an empty label is not given):
 * for a results column, its result field's meaning and unit from the
 * field table ("simulated time in microseconds (us)"), or the column's
 * own name for a parameter; y of several lines columns: their unit when
 * every one is a field of that unit, else the columns joined by ", "; a
 * stacked panel's y: "PREFIX.*" when its columns share a dotted prefix,
 * else the columns joined by " + "; a timeline panel: the column names. */
void plot_label_defaults(plot_panel *pn);

/* The length of the dotted prefix (through its last '.') that every y
 * column of `pn` starts with, 0 when there is none or it is a whole
 * column: a stacked panel's default label is PREFIX.*, and its legend
 * (plot_gp_panel.c) names each column without the prefix
 * ("stalls.memory_throttle" as "memory_throttle"). */
size_t plot_label_stack_prefix(const plot_panel *pn);

#endif /* CUSIM_PLOT_LABEL_H */
