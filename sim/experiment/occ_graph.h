/*
 * occ_graph.h — the CUDA Occupancy Calculator's three graphs (`cusim
 * occupancy HW KERNEL --graphs DIR`): theoretical occupancy against the
 * workgroup size, the registers per invocation and the shared memory per
 * workgroup, each varied alone, with the kernel's own point marked.
 */
#ifndef CUSIM_OCC_GRAPH_H
#define CUSIM_OCC_GRAPH_H

#include <stdint.h>
#include <stdio.h>

#include "cusim.h"

/* The most points of one graph (a sweep's step grows to fit). */
#define OCC_GRAPH_POINTS 256

enum { OCC_GRAPH_SIZE, OCC_GRAPH_REGISTERS, OCC_GRAPH_SHARED,
       OCC_GRAPH_COUNT };

/* One graph: occupancy y[i] (-1: cannot launch) at key value x[i]. */
typedef struct occ_series {
    const char *key;            /* "kernel.workgroup_size", ... */
    uint64_t x[OCC_GRAPH_POINTS];
    double y[OCC_GRAPH_POINTS];
    int n;
} occ_series;

typedef struct occ_graph {
    occ_series series[OCC_GRAPH_COUNT];
    uint64_t current[OCC_GRAPH_COUNT];  /* the kernel's own values */
    double current_occupancy;
} occ_graph;

/* Sweeps the three keys of k on hw (`now`: k's own occupancy): workgroup
 * sizes from the SIMD width to cu.max_workgroup_size in steps of the
 * width, registers from 1 to cu.max_registers_per_invocation, shared
 * memory from 0 to cu.max_shared_per_workgroup (or cu.shared_memory) in
 * steps of
 * cu.shared_granularity, each step widened to keep OCC_GRAPH_POINTS; the
 * kernel's own value joins each sweep where it falls between steps. */
void occ_graph_compute(const cusim_hw *hw, const cusim_kernel *k,
                       const cusim_occupancy *now, occ_graph *g);

/* The points as CSV: graph,x,occupancy,current (occupancy empty where
 * the kernel cannot launch; current true at the kernel's own value). */
void occ_graph_write_csv(FILE *out, const occ_graph *g);

/* The three graphs as a self-contained gnuplot script (png_out, svg_out
 * as in the experiments' plots), titled `title`. */
void occ_graph_write_gp(FILE *out, const occ_graph *g, const char *title);

#endif /* CUSIM_OCC_GRAPH_H */
