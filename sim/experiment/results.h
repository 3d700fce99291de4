/*
 * results.h — the results directory `cusim run` fills from an experiment
 * (experiment.h), point by point: one result file per point, written by
 * whichever worker ran it and reused by --resume, then assembled into the
 * outputs.
 *
 * Results directory DIR (cusim run's --out):
 *   DIR/points/NNNNN.json   one point's result, written atomically by the
 *                           worker that ran it, with a sum of its bytes
 *                           (internal; --resume reads it)
 *   DIR/timelines/NNNNN.csv with the experiment's `timeline:` only: the
 *                           point's timeline (cusim sim --timeline), written
 *                           atomically before its result; none for a point
 *                           that failed
 *   DIR/OUTPUT.csv          the table below, rows in point order
 *   DIR/OUTPUT.jsonl        one object per point, in point order: point,
 *                           params, status, error, then every result field
 *                           (sim.* included) nested as cusim sim's JSON
 *   DIR/manifest.yaml       each point's fully resolved hardware and kernel
 *                           (cusim_hw_echo / cusim_kernel_echo; a config
 *                           shared by several points is written once and
 *                           referred to with a YAML alias)
 *   DIR/figures/            the plots (plot_write)
 * Each output is written under a temporary name and renamed (fileio.h), so
 * a reader (or a run killed at any moment) sees either the old file or the
 * new one.
 *
 * Columns (the CSV header, in order): the experiment's parameter columns
 * (exp_column); then every field of cusim_report_result except sim.* (host
 * timing, which varies run to run: it is in the JSONL only); then `status`
 * (ok | failed) and `error`. A failed point's metric cells are empty.
 */
#ifndef CUSIM_RESULTS_H
#define CUSIM_RESULTS_H

#include <stdbool.h>
#include <stddef.h>

#include "cusim.h"
#include "experiment.h"
#include "fileio.h"

/* Makes DIR, DIR/points and (with timelines) DIR/timelines, locks DIR
 * against a second run (the lock is `*lock_fd`: keep it open until the run
 * ends, then close it), removes temporary files a killed run left, and
 * unless `resume` removes the point results and timelines of an earlier
 * run. Returns 0, or -1 with `err` set. */
int results_prepare(const experiment *e, const char *dir, bool resume,
                    int *lock_fd, cusim_error *err);

/* The first of `inputs` that running (or collecting) experiment `e` into
 * DIR would write over or remove, or NULL: one lying in DIR (links
 * resolved) as OUTPUT.csv, OUTPUT.jsonl, manifest.yaml, run.yaml, .lock
 * or a temporary file, as a point result or timeline in DIR/points or
 * DIR/timelines, or as a plot's file in DIR/figures. Asked before
 * anything is written (cusim run, sweep, collect). */
const fio_input *results_overwrites(const experiment *e, const char *dir,
                                    const fio_inputs *inputs);

/* Prepares DIR for processes that each run some of the points into it
 * at once, perhaps on several machines sharing the file system (cusim run
 * --shard, --point): makes DIR, DIR/points and (with timelines)
 * DIR/timelines, and nothing else: no lock, nothing removed (a temporary
 * file may be another process's write in progress). Returns 0, or -1 with
 * `err` set. */
int results_prepare_shared(const experiment *e, const char *dir,
                           cusim_error *err);

/* Prepares DIR for assembling its outputs from point results (cusim
 * collect): makes DIR and DIR/points, locks DIR as results_prepare does
 * and removes the temporary files of an earlier assembly killed midway;
 * the point results stay. Returns 0, or -1 with `err` set. */
int results_prepare_collect(const experiment *e, const char *dir,
                            int *lock_fd, cusim_error *err);

/* Copies point `p`'s result (and its timeline, when the experiment has
 * them) from results directory `from` into `to`, when `from` holds a
 * complete one (results_point_done); each file written atomically.
 * Returns 1 when copied, 0 when `from` has none, -1 with `err` set. */
int results_import(const experiment *e, const char *from, const char *to,
                   size_t p, cusim_error *err);

/* Whether DIR holds a complete result for point `p` of exactly this
 * configuration (same cusim version, same resolved hardware and kernel,
 * same timeline window) and, when the point ran and the experiment has
 * timelines, its timeline. */
bool results_point_done(const experiment *e, const char *dir, size_t p);

/* Whether DIR holds a result of point `p`'s configuration that was
 * changed after it was written (its sum does not match its bytes, or its
 * row has not one cell per metric): not done, run again by --resume and
 * reported by collect. A missing file, or one an older cusim wrote
 * without a sum, is not damaged, only absent. */
bool results_point_damaged(const experiment *e, const char *dir, size_t p);

/* Simulates point `p` and writes its result file (and before it, with
 * timelines, its timeline; a failed point's is removed). Returns 0 when
 * the point ran, 1 when the simulation failed (the failure is its
 * recorded result; `err` says why), -1 when the result could not be
 * written (`err`). */
int results_point_run(const experiment *e, const char *dir, size_t p,
                      cusim_error *err);

/* Records point `p` as failed with `message` (a worker that died): the
 * outputs show it failed, and results_point_done says it is not done, so
 * --resume runs it again. Returns 0, or -1 with `err` set when the file
 * cannot be written. */
int results_point_fail(const experiment *e, const char *dir, size_t p,
                       const char *message, cusim_error *err);

/* Whether point `p`'s result in DIR (complete, results_point_done) says
 * it failed. */
bool results_point_failed(const experiment *e, const char *dir, size_t p);

/* Assembles DIR/OUTPUT.csv, DIR/OUTPUT.jsonl and DIR/manifest.yaml from the
 * point results, every point of which must be present. Sets `*n_failed`.
 * Returns 0, or -1 with `err` set. */
int results_assemble(const experiment *e, const char *dir, size_t *n_failed,
                     cusim_error *err);

/* Draws every plot from DIR/OUTPUT.csv (and DIR/timelines) into
 * DIR/figures (plot_write), each whatever became of the others.
 * *no_images counts the plots written as a script only, for want of
 * gnuplot (then `err` says so when nothing failed). When every point is
 * infeasible there is nothing to draw: no plot is written and *undrawn
 * counts them (an infeasible point is a result, so this is no failure).
 * Returns 0, or -1 with `err` set at the first plot that fails. */
int results_plot_all(const experiment *e, const char *dir, size_t *no_images,
                     size_t *undrawn, cusim_error *err);

#endif /* CUSIM_RESULTS_H */
