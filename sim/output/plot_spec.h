/*
 * plot_spec.h — reading an experiment's `plots:` (the format is in
 * plot.h) into plot_spec values. Used by the experiment loader, which
 * then checks them (plot_check.h).
 */
#ifndef CUSIM_PLOT_SPEC_H
#define CUSIM_PLOT_SPEC_H

#include <stdbool.h>
#include <stddef.h>

#include "cusim.h"
#include "plot.h"
#include "yamldoc.h"

/* Reads the `plots:` value `n` of document `d`: null (no plots) or a list
 * of plot mappings; expands y wildcards; fills the default axis labels
 * (plot_label_defaults). Figure names must be distinct base names. On
 * success returns
 * 0 with `*plots` (the caller frees it; NULL for none) and `*n_plots`; on
 * failure returns -1 with `err` set at the node at fault, `*plots` NULL
 * and `*n_plots` 0. */
int plot_spec_parse(ydoc *d, const yaml_node_t *n, plot_spec **plots,
                    size_t *n_plots, cusim_error *err);

/* Whether y entry `s` is a wildcard: PREFIX.* with a non-empty PREFIX. */
bool plot_spec_is_wildcard(const char *s);

/* The columns wildcard `pattern` (plot_spec_is_wildcard) stands for: the
 * result fields of `cusim sim` of unit "fraction" whose keys start with
 * PREFIX., in the field table's order (so stalls.* is every stall class,
 * and warp_states.* every warp state but warp_states.cycles_per_issue).
 * Writes the first `max` keys (pointers to constant tables) to `names`;
 * returns how many there are, 0 for a prefix no such field has. */
size_t plot_spec_expand(const char *pattern, const char **names, size_t max);

/* The results columns a roofline panel reads: its x (arithmetic
 * intensity; with caches, roofline.dram_intensity instead), its y, and
 * the simd width its profile's compute ceiling takes (plot_roof.h). */
#define PLOT_ROOFLINE_COLUMNS 4
extern const char *const plot_spec_roofline_columns[PLOT_ROOFLINE_COLUMNS];

#endif /* CUSIM_PLOT_SPEC_H */
