/*
 * plot_label.h — a panel's default axis titles (docs/formats.md, "Labels"),
 * from the result-field table and the configuration keys' help, and the
 * text a figure shows for a parameter's values: the experiment's `label:`
 * for it, else a swept mapping or list made readable. Used by the plot
 * parser (plot_spec.c), the figure (plot.c, plot_data.c) and, for a
 * stacked panel's legend, the gnuplot script (plot_gp_panel.c).
 */
#ifndef CUSIM_PLOT_LABEL_H
#define CUSIM_PLOT_LABEL_H

#include <stdbool.h>
#include <stddef.h>

#include "csv.h"
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

/* The text a figure shows for each distinct value vals[0 .. n-1] (the
 * CSV's text) of results column `column`, into shown[i], a new string
 * each (the caller frees them):
 *   - the label `spec`'s experiment gives it (spec->labels, `label:`);
 *   - a YAML flow mapping of scalars, as a swept kernel.buffers is
 *     written ("{data: 4 MiB, hist: 64}"): each value a size in bytes
 *     (N, N KiB|MiB|GiB) in the largest of B, KiB, MiB, GiB that divides
 *     it ("64 B", "16 KiB"), others as written; "NAME VALUE" for each
 *     entry that tells the column's mapping values apart (all of them
 *     when none does), joined by ", " ("hist 64 B"); the VALUE alone when
 *     every mapping value is one entry of the same name ("{chain: 16
 *     KiB}" as "16 KiB");
 *   - a YAML flow list of scalars: whole numbers (a workgroup's shape,
 *     "[16, 16]") joined by "x" ("16x16"), other items by ", ";
 *   - anything else: the value as it is. */
void plot_label_values(const plot_spec *spec, const char *column,
                       const char *const *vals, size_t n, char **shown);

/* The text a figure shows for each cell of a results CSV's parameter
 * columns (its first spec->n_params), by plot_label_values over each
 * column's distinct values. */
typedef struct plot_label_shown {
    const char **at;        /* cell (r, c)'s: at[r * n + c], in texts */
    bool *labelled;         /* column c shows a value other than its text */
    char **texts;           /* owned */
    size_t n, n_texts;      /* n: the parameter columns */
} plot_label_shown;

/* Fills `sh` for `csv` and `spec` (free it with plot_label_cells_free).
 * Returns 0. */
int plot_label_cells(plot_label_shown *sh, const csv_table *csv,
                     const plot_spec *spec);

/* The text shown for cell (r, c) of `csv` (r > 0): a parameter's as
 * `sh` has it, any other column's own text. */
const char *plot_label_cell(const plot_label_shown *sh, const csv_table *csv,
                            int r, int c);

/* Whether parameter column `c` shows some value as other than its text
 * (a label: or a mapping made readable): its x axis is then drawn as
 * categories. */
bool plot_label_is_labelled(const plot_label_shown *sh, int c);

void plot_label_cells_free(plot_label_shown *sh);   /* NULL-safe fields */

#endif /* CUSIM_PLOT_LABEL_H */
