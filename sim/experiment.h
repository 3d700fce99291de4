/*
 * experiment.h — experiment files (configs/experiments/NAME.yaml): which
 * hardware and kernel files, which overrides, which sweep, where the results
 * go and which plots to draw; the expansion of a sweep into points; and the
 * results directory `cusim run` fills, point by point.
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
 *   plots: [...]                     # see plot_spec
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
 * Columns (the CSV header, in order): the parameter columns, one per key
 * that varies, in axis order (keys of `points` in the order they first
 * appear), where a varying `hardware` is followed by `hw.name` and a
 * varying `kernel` by `kernel.name` (the resolved names); then every field
 * of cusim_report_result except sim.* (host timing, which varies run to
 * run: it is in the JSONL only); then `status` (ok | failed) and `error`.
 * A parameter a point does not set (a key some `points` entries omit) is
 * empty.
 *
 * Results directory DIR (cusim run's --out):
 *   DIR/points/NNNNN.json   one point's result, written atomically by the
 *                           worker that ran it (internal; --resume reads it)
 *   DIR/OUTPUT.csv          the table above, rows in point order
 *   DIR/OUTPUT.jsonl        one object per point, in point order: point,
 *                           params, status, error, then every result field
 *                           (sim.* included) nested as cusim sim's JSON
 *   DIR/manifest.yaml       each point's fully resolved hardware and kernel
 *                           (cusim_hw_echo / cusim_kernel_echo; a config
 *                           shared by several points is written once and
 *                           referred to with a YAML alias)
 *   DIR/figures/            the plots (plot_write)
 * Each output is written under a temporary name and renamed, so a reader
 * (or a run killed at any moment) sees either the old file or the new one.
 */
#ifndef CUSIM_EXPERIMENT_H
#define CUSIM_EXPERIMENT_H

#include <stdbool.h>
#include <stddef.h>

#include "cusim.h"

/* One plot of an experiment: a figure with one or more panels. Each
 * written as FILE.gp (gnuplot script, kept so users can restyle it),
 * FILE.png (pngcairo, 800 pixels wide) and FILE.svg:
 *
 *   plots:
 *     - file: c2-throughput            # base name under the figures dir
 *       title: "Latency hiding needs ~40 subgroups (C2)"
 *       panels:                        # optional; without it the plot's
 *         - x: occupancy.achieved      #   own x/y/... keys make one panel
 *           y: [issue.ipc]             # one column or a list of columns
 *           series: hw.cu.policy       # optional: one line per value
 *           xlabel: "achieved occupancy (fraction)"
 *           ylabel: "warp instructions per cycle per CU"
 *           logx: false
 *           logy: false
 *           title: "..."               # optional panel title
 */
#define PLOT_MAX_PANELS 6
#define PLOT_MAX_Y 6

typedef struct plot_panel {
    char x[96];
    char y[PLOT_MAX_Y][96];
    int n_y;
    char series[96];                   /* "" for none */
    char xlabel[128], ylabel[128];
    char title[128];
    int logx, logy;
} plot_panel;

typedef struct plot_spec {
    char file[128];
    char title[160];
    plot_panel panels[PLOT_MAX_PANELS];
    int n_panels;
} plot_spec;

/* Writes `spec`'s figure from the results CSV at `csv_path` (header row of
 * dotted column names, as cusim run writes it) into directory `dir`:
 * FILE.gp, FILE.png, FILE.svg. Runs `gnuplot` (it must be on PATH). Each
 * file is written atomically (temporary name, then rename). Returns 0, or
 * -1 with `err` set (a column the CSV lacks is an error naming the plot's
 * file and the column). */
int plot_write(const plot_spec *spec, const char *csv_path, const char *dir,
               cusim_error *err);

/* ------------------------------------------------------------ experiments */

#define EXP_MAX_POINTS 1000000

/* A loaded, validated experiment: its points and their resolved configs. */
typedef struct experiment experiment;

/* Whether the file at `path` looks like an experiment (a top-level key of
 * the experiment format such as `sweep`, `hardware` or `kernel`, and none
 * of a kernel's `program` or a profile's `cu`/`simd_width`). Unreadable or
 * unparsable files are not experiments (the config loaders report them). */
bool exp_sniff(const char *path);

/* Loads the experiment at `path` with the command line's overrides `sets`
 * (applied to every point after the experiment's own `set:`; the strings
 * are copied), expands its points and validates everything a run needs
 * (see the file comment). On success the caller owns `*out` (exp_free);
 * on failure returns -1 with `err` set to the first problem. */
int exp_load(const char *path, const cusim_set *sets, size_t n_sets,
             experiment **out, cusim_error *err);
void exp_free(experiment *e);   /* NULL-safe */

const char *exp_name(const experiment *e);
const char *exp_output(const experiment *e);   /* base name of the files */
size_t exp_n_points(const experiment *e);

/* The parameter columns (see the file comment) and point `p`'s value in
 * column `c` ("" when the point does not set it). Strings belong to `e`. */
size_t exp_n_columns(const experiment *e);
const char *exp_column(const experiment *e, size_t c);
const char *exp_param(const experiment *e, size_t p, size_t c);

/* Point `p`'s resolved configuration (owned by `e`). */
const cusim_hw *exp_point_hw(const experiment *e, size_t p);
const cusim_kernel *exp_point_kernel(const experiment *e, size_t p);

size_t exp_n_plots(const experiment *e);
const plot_spec *exp_plot(const experiment *e, size_t i);

/* ------------------------------------------------------------- running */

/* Makes DIR and DIR/points, locks DIR against a second run (the lock is
 * `*lock_fd`: keep it open until the run ends, then close it), removes
 * temporary files a killed run left, and unless `resume` removes the
 * point results of an earlier run. Returns 0, or -1 with `err` set. */
int exp_dir_prepare(const experiment *e, const char *dir, bool resume,
                    int *lock_fd, cusim_error *err);

/* Whether DIR holds a complete result for point `p` of exactly this
 * configuration (same cusim version, same resolved hardware and kernel). */
bool exp_point_done(const experiment *e, const char *dir, size_t p);

/* Simulates point `p` and writes its result file. Returns 0 when the point
 * ran, 1 when the simulation failed (the failure is its recorded result;
 * `err` says why), -1 when the result could not be written (`err`). */
int exp_point_run(const experiment *e, const char *dir, size_t p,
                  cusim_error *err);

/* Records point `p` as failed with `message` (a worker that died): the
 * outputs show it failed, and exp_point_done says it is not done, so
 * --resume runs it again. Returns 0, or -1 with `err` set when the file
 * cannot be written. */
int exp_point_fail(const experiment *e, const char *dir, size_t p,
                   const char *message, cusim_error *err);

/* Assembles DIR/OUTPUT.csv, DIR/OUTPUT.jsonl and DIR/manifest.yaml from the
 * point results, every point of which must be present. Sets `*n_failed`.
 * Returns 0, or -1 with `err` set. */
int exp_assemble(const experiment *e, const char *dir, size_t *n_failed,
                 cusim_error *err);

/* Draws every plot from DIR/OUTPUT.csv into DIR/figures (plot_write).
 * Returns 0, or -1 with `err` set at the first plot that fails. */
int exp_plot_all(const experiment *e, const char *dir, cusim_error *err);

#endif /* CUSIM_EXPERIMENT_H */
