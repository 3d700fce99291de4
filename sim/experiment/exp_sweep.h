/*
 * exp_sweep.h — an experiment's axes and their expansion into points
 * (experiment.h states the order), with nothing of YAML or files: the
 * experiment's parser (exp_parse.c) fills axes of values, this module
 * numbers the points, finds each point's value of each parameter column
 * and checks that a key varies on one axis only.
 *
 * Point numbering: with axes 0 .. n-1 (slowest first) of n_0 .. n_{n-1}
 * positions, point p sits at position (p / stride_a) % n_a of axis a,
 * where stride_a is the product of the sizes of the axes after a (the last
 * axis varies fastest, like the digits of a number). So axes a = [1, 2]
 * and b = [x, y] give points (1,x) (1,y) (2,x) (2,y).
 */
#ifndef CUSIM_EXP_SWEEP_H
#define CUSIM_EXP_SWEEP_H

#include <stddef.h>

#include "cusim.h"
#include "hmap.h"

/* One value a key takes on an axis (or in `set:`). Owns its strings. */
typedef struct exp_value {
    char *text;        /* YAML text for the loader; a file name as written */
    char *shown;       /* how the CSV and JSONL show it */
    char *path;        /* files: resolved against the experiment's dir */
    cusim_mark mark;   /* where it is written (file: the experiment) */
} exp_value;

/* One key set to one value at one position of an axis. */
typedef struct exp_assign {
    char *path;        /* "kernel.registers", "hardware" or "kernel" */
    size_t key;        /* its column (set by exp_sweep_columns) */
    exp_value v;
} exp_assign;

/* One axis of the product: `n` positions, position i setting the
 * assignments as[first[i]] .. as[first[i + 1] - 1] (a sweep key's axis has
 * one per position, a zip's one per zipped key, a points entry any). */
typedef struct exp_axis {
    size_t n;
    exp_assign *as;
    size_t n_as, cap_as;
    size_t *first;       /* n + 1 offsets */
    cusim_mark *pmarks;  /* where each position is written */
    size_t cap_pos;
    size_t stride;       /* points between two positions (exp_sweep_count) */
    cusim_mark mark;     /* where the axis is written */
    const char *what;    /* "sweep", "zip", "points", "hardware", "kernel" */
} exp_axis;

/* What a parameter column holds. */
typedef enum exp_key_kind {
    EXP_KEY_SET,          /* an hw.* / kernel.* override */
    EXP_KEY_HARDWARE,     /* the hardware file (path "hardware") */
    EXP_KEY_KERNEL,       /* the kernel file (path "kernel") */
    EXP_KEY_HW_NAME,      /* derived: the resolved hardware name */
    EXP_KEY_KERNEL_NAME   /* derived: the resolved kernel name */
} exp_key_kind;

/* One parameter column. */
typedef struct exp_key {
    char *path;
    exp_key_kind kind;
    size_t axis;         /* the axis that varies it (derived: the file's) */
    cusim_mark mark;     /* where first written */
} exp_key;

/* The axes and the columns. A zeroed exp_sweep has no axes (one point once
 * counted). Invariants after exp_sweep_count: n_points is the product of
 * the axes' sizes; every assignment's `key` is the column of its path, and
 * that column's axis is the assignment's. */
typedef struct exp_sweep {
    exp_axis *axes;      /* slowest first */
    size_t n_axes, cap_axes;
    exp_key *keys;       /* the columns, in axis order */
    size_t n_keys, cap_keys;
    hmap_str key_index;  /* each column's path -> its index, so finding a
                            key is O(1): an experiment of n keys is read in
                            O(n) */
    size_t n_points;
    size_t max_assigns;  /* the most assignments one point has */
} exp_sweep;

/* Frees what `v` owns and zeroes it. */
void exp_value_free(exp_value *v);

/* Building an axis: exp_axis_position starts a new position, written at
 * `mark`; exp_axis_add gives it an assignment of `path` (taken over, a
 * malloc'd string) to `v` (taken over); exp_axis_close ends it. */
void exp_axis_position(exp_axis *a, cusim_mark mark);
void exp_axis_add(exp_axis *a, char *path, exp_value v);
void exp_axis_close(exp_axis *a);

/* Frees what `a` owns and zeroes it. */
void exp_axis_free(exp_axis *a);

/* Appends axis `a` (after those already there: slower ones first) to `s`,
 * taking over what it owns; `a` is zeroed. */
void exp_sweep_add_axis(exp_sweep *s, exp_axis *a);

/* Builds the parameter columns: one per path assigned on an axis, in axis
 * order and, within an axis, in the order first assigned; a `hardware`
 * column is followed by hw.name and a `kernel` column by kernel.name
 * (derived, on the same axis) unless some axis assigns that name itself.
 * Returns 0, or -1 with `err` set at the assignment when a path is also
 * assigned on an earlier axis ("a key may vary in one place only"). */
int exp_sweep_columns(exp_sweep *s, cusim_error *err);

/* The column of `path`, or -1. */
long exp_sweep_key(const exp_sweep *s, const char *path);

/* Sets each axis's stride, n_points and max_assigns. Returns 0, or -1 with
 * `err` set at the axis that takes the product past EXP_MAX_POINTS
 * (experiment.h), counting from the fastest axis. */
int exp_sweep_count(exp_sweep *s, cusim_error *err);

/* Point `p`'s position on axis `a` (after exp_sweep_count). */
size_t exp_sweep_position(const exp_sweep *s, size_t a, size_t p);

/* The value column `key` takes at point `p`, or NULL when the point's
 * position on the column's axis does not assign it (a `points` entry that
 * omits the key, or a derived column). Owned by `s`. */
const exp_value *exp_sweep_value(const exp_sweep *s, size_t p, size_t key);

/* Writes point `p`'s override assignments (EXP_KEY_SET columns) to
 * `out` (room for max_assigns) as cusim_set values placed at `file` and
 * each value's line and column, slowest axis first and in the order an
 * axis position lists them; returns how many. The strings belong to `s`. */
size_t exp_sweep_sets(const exp_sweep *s, size_t p, const char *file,
                      cusim_set *out);

/* Frees the axes and the columns and zeroes `s`. */
void exp_sweep_free(exp_sweep *s);

#endif /* CUSIM_EXP_SWEEP_H */
