/*
 * experiment.h — experiment files (configs/experiments/NAME.yaml): which
 * hardware and kernel files, which overrides, which sweep, which outputs
 * and which plots to draw; and the expansion of a sweep into points. The
 * results directory that `cusim run` fills point by point is described in
 * results.h, the figures in plot.h.
 *
 * Format (keys are a contract: add, never rename):
 *
 *   name: c2-latency-hiding          # default: the file's base name
 *   description: text                # optional, shown in docs
 *   hardware: ../hw/seed-cu.yaml     # relative to this file; or a list
 *   kernel: ../../workloads/x.yaml   # relative to this file; or a list
 *   set:                             # overrides for every point
 *     hw.cu.schedulers: 1
 *   sweep:                           # cartesian product of its keys, in the
 *     kernel.registers: [32, 40, 48] # order written (the last varies fastest)
 *     hw.cu.max_workgroups: { from: 1, to: 32, step: 1 }
 *                                    # a range: from, from+step, ... while
 *                                    # <= to (the end is included when
 *                                    # reached exactly); `to` is required,
 *                                    # `step` defaults to 1
 *     hardware: [a.yaml, b.yaml]     # the files themselves sweep too
 *   zip:                             # lists advanced together (one axis of
 *     kernel.workgroup_size: [64, 128]  # the product, after `sweep`'s);
 *     kernel.registers: [32, 40]     # all lists the same length
 *   points:                          # explicit points: each is combined
 *     - { hw.cu.policy: gto }        # with every sweep/zip combination
 *     - { hw.cu.policy: lrr }        # (one more axis, slowest of all)
 *   output: c2                       # base name of the CSV/JSONL files
 *   timeline: { every: 100 }         # optional: every point also writes
 *                                    # its timeline (cusim sim --timeline,
 *                                    # window `every` cycles, default 100;
 *                                    # `timeline: true` for the default)
 *                                    # into the results directory
 *   plots: [...]                     # see plot_spec (plot.h)
 *   label:                           # optional: what the figures show
 *     kernel.registers: [low, high]  # for each value of a swept key, one
 *                                    # per value in order (exp_label.c)
 *
 * A swept or set value is YAML text handed to the config loader as a
 * `--set` value (so lists like [8, 8] work for workgroup_size). Keys are
 * dotted paths starting with hw. or kernel.; `hardware` and `kernel` name
 * files. Every key is validated against the loaders' descriptor tables
 * before anything runs.
 *
 * Expansion. The points are the product of the axes, numbered from 0 like
 * the digits of a number whose last axis varies fastest. The axes, slowest
 * first:
 *   1. `points` (each entry one position);
 *   2. a top-level `hardware` list, then a top-level `kernel` list;
 *   3. each key of `sweep`, in the order written;
 *   4. `zip` (its lists advance together).
 * So `sweep: {a: [1, 2], b: [x, y]}` runs (1,x) (1,y) (2,x) (2,y). A key
 * may vary on one axis only, and neither `set:` nor a command-line --set
 * may name a key that varies. A point's overrides apply in this order: the
 * experiment's `set:`, the command line's --set, then its own axis values.
 * A `points` entry that names no `hardware` (or `kernel`) uses the
 * top-level one. An empty list, range, sweep, zip or points list is an
 * error, as are more than EXP_MAX_POINTS points.
 *
 * Validation (exp_load) loads every distinct hardware and kernel
 * configuration the points need and computes each pair's occupancy, so an
 * unknown key, a bad value, a missing file or a workgroup that can never
 * fit fails before anything runs, located at the experiment file's value
 * (or in the hardware/kernel file when the fault is there).
 *
 * Parameter columns: one per key that varies, in axis order (keys of
 * `points` in the order they first appear), where a varying `hardware` is
 * followed by `hw.name` and a varying `kernel` by `kernel.name` (the
 * resolved names). They open every row of the results (results.h). A
 * parameter a point does not set (a key some `points` entries omit) is
 * empty.
 */
#ifndef CUSIM_EXPERIMENT_H
#define CUSIM_EXPERIMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cusim.h"
#include "plot.h"

#define EXP_MAX_POINTS 1000000

/* Distinct hardware configurations, and distinct kernel configurations,
 * one experiment may have (a configuration: a file and the overrides that
 * reach it), and the sizes of the kernels' files summed over the distinct
 * kernel configurations (each keeps its program; a hardware configuration
 * has a fixed size): each is loaded once and kept for the run, so these
 * bound the time and memory of loading an experiment (a sweep of 10^6
 * kernel.elements values took 98 s and 11.6 GB). Counted before any
 * configuration is loaded. */
#define EXP_MAX_CONFIGS 16384
#define EXP_MAX_CONFIG_BYTES (64u << 20)

/* A loaded, validated experiment: its points and their resolved configs. */
typedef struct experiment experiment;

/* Loads the experiment at `path` with the command line's overrides `sets`
 * (applied to every point after the experiment's own `set:`; the strings
 * are copied), expands its points and validates everything a run needs
 * (see the file comment). On success the caller owns `*out` (exp_free);
 * on failure returns -1 with `err` set to the first problem. */
int exp_load(const char *path, const cusim_set *sets, size_t n_sets,
             experiment **out, cusim_error *err);
void exp_free(experiment *e);   /* NULL-safe */

/* What exp_load_opts takes besides the file: the instruction budget every
 * point is checked against and runs with (cusim_sim_options
 * .max_instructions; 0: CUSIM_DEFAULT_MAX_INSTRUCTIONS). A point past it
 * is infeasible. exp_load and exp_load_text use the defaults. */
typedef struct exp_options {
    uint64_t max_instructions;
    /* For text generated from what the user wrote elsewhere (cusim
     * sweep's options): line i + 1 of the text stands for line_names[i]
     * (NULL: for nothing), and a message or an infeasible point's reason
     * about such a line names it ("--vary kernel.registers=16,300")
     * instead of a place in a text the user never sees. Copied. */
    const char *const *line_names;
    size_t n_line_names;
} exp_options;

/* exp_load (text NULL: the file at `path`) or exp_load_text, with
 * `opt` (NULL: the defaults). */
int exp_load_opts(const char *path, const char *text, const cusim_set *sets,
                  size_t n_sets, const exp_options *opt, experiment **out,
                  cusim_error *err);

/* exp_load_opts of the `len` bytes at `text` (NUL bytes among them refused
 * where they stand, as in a file; `text` NULL: the file at `path`), read
 * from the file at `path`: how the command line loads an experiment it
 * has read once (a pipe, /dev/stdin). */
int exp_load_bytes(const char *path, const char *text, size_t len,
                   const cusim_set *sets, size_t n_sets,
                   const exp_options *opt, experiment **out, cusim_error *err);

/* The budget the points run with (0: the default). */
uint64_t exp_max_instructions(const experiment *e);

/* exp_load of the experiment text `text` as if it were the file at
 * `path` (which names it in messages and the manifest, and whose
 * directory the files it names are relative to; nothing is read there):
 * how cusim sweep runs the experiment its options describe. */
int exp_load_text(const char *path, const char *text, const cusim_set *sets,
                  size_t n_sets, experiment **out, cusim_error *err);

const char *exp_file(const experiment *e);     /* the path as given */
const char *exp_name(const experiment *e);
const char *exp_output(const experiment *e);   /* base name of the files */
size_t exp_n_points(const experiment *e);

/* The parameter columns (see the file comment) and point `p`'s value in
 * column `c` ("" when the point does not set it). Strings belong to `e`. */
size_t exp_n_columns(const experiment *e);
const char *exp_column(const experiment *e, size_t c);
const char *exp_param(const experiment *e, size_t p, size_t c);

/* Point `p`'s value in column `c` as the experiment wrote it: the YAML
 * text of an override, or a file name as written (then `*is_file` is
 * set). NULL when the point does not set the column or the column is
 * derived (hw.name, kernel.name). Owned by `e`. */
const char *exp_param_text(const experiment *e, size_t p, size_t c,
                           bool *is_file);

/* Point `p`'s resolved configuration (owned by `e`). */
/* Why point p cannot run (its workgroup does not fit the hardware, a
 * width it lacks, a program that does not resolve for that shape, ...: a
 * located message), or NULL when it can. An infeasible point is a result
 * of the sweep, recorded with status "infeasible", not an error. */
const char *exp_point_infeasible(const experiment *e, size_t p);

/* The points that cannot run. */
size_t exp_n_infeasible(const experiment *e);

const cusim_hw *exp_point_hw(const experiment *e, size_t p);
const cusim_kernel *exp_point_kernel(const experiment *e, size_t p);

/* The echo (cusim_hw_echo, cusim_kernel_echo) of point `p`'s resolved
 * hardware or kernel, as text; the caller frees it. */
char *exp_point_hw_echo(const experiment *e, size_t p);
char *exp_point_kernel_echo(const experiment *e, size_t p);

/* The paths of point `p`'s hardware and kernel files, resolved against the
 * experiment's directory (owned by `e`). */
const char *exp_point_hw_file(const experiment *e, size_t p);
const char *exp_point_kernel_file(const experiment *e, size_t p);

/* The distinct configurations the points run, numbered from 0 in the
 * order the points first need them, and point `p`'s: points with the same
 * number run the same hardware (or kernel) configuration. */
size_t exp_n_hw_configs(const experiment *e);
size_t exp_n_kernel_configs(const experiment *e);
size_t exp_point_hw_config(const experiment *e, size_t p);
size_t exp_point_kernel_config(const experiment *e, size_t p);

/* The metric columns of the results, in order: every field
 * cusim_report_result fills but sim.* (host timing, which varies run to
 * run). The strings are the report's static keys. */
size_t exp_n_metrics(const experiment *e);
const char *exp_metric(const experiment *e, size_t i);

/* Whether every point writes its timeline (`timeline:`), and its window
 * in cycles (0: cusim sim's default, as cusim_sim_options.timeline_every
 * reads 0). */
bool exp_timeline(const experiment *e);
uint64_t exp_timeline_every(const experiment *e);

/* The fingerprint of point `p`'s configuration: the cusim version, every
 * report key (sim.* included), the echo of the point's resolved hardware
 * and kernel, and the timeline's window when there is one. A result of
 * another fingerprint is not this point's. */
uint64_t exp_point_fingerprint(const experiment *e, size_t p);

/* Point `p`'s id: a hash of what it runs (the echo of its resolved
 * hardware and kernel, and the timeline's window when there is one), not
 * of its position, so it names the same simulation after the experiment
 * gains or loses other points (cusim run --list, --point). Points that run
 * the same configuration share an id. */
uint64_t exp_point_id(const experiment *e, size_t p);

size_t exp_n_plots(const experiment *e);
const plot_spec *exp_plot(const experiment *e, size_t i);

#endif /* CUSIM_EXPERIMENT_H */
