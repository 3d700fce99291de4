/*
 * timeline.h — the columns of the timeline CSV (`cusim sim --timeline`,
 * an experiment's timelines/; docs/formats.md, "Timeline CSV"), spelled
 * once: trace.c writes them as the CSV's header, its rows in this order,
 * and plot_check.c checks a timeline panel's x and y against them.
 */
#ifndef CUSIM_TIMELINE_H
#define CUSIM_TIMELINE_H

#define TRACE_TIMELINE_COLUMNS 12

/* The column names, in the CSV's order (defined in trace.c, beside the
 * row it writes). */
extern const char *const trace_timeline_columns[TRACE_TIMELINE_COLUMNS];

#endif /* CUSIM_TIMELINE_H */
