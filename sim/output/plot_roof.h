/*
 * plot_roof.h — a roofline panel's roof (plot.h, `style: roofline`): the
 * compute ceiling and the bandwidth slope of each memory level, worked
 * out from a point's profile with the same keys and the same arithmetic
 * the simulator uses for roofline.ridge and the speeds of light
 * (sim/model/measure.c), so that a simulated point sits under it.
 */
#ifndef CUSIM_PLOT_ROOF_H
#define CUSIM_PLOT_ROOF_H

#include <stdint.h>

#include "cusim.h"

#define PLOT_ROOF_LEVELS 3      /* DRAM (or the flat channel), L2, L1 */

/* One memory level's slope: bytes per cycle, GPU-wide. */
typedef struct plot_roof_level {
    const char *name;           /* "DRAM", "L2", "L1", or "memory" (the
                                   flat model's channel) */
    double bytes_per_cycle;
    char source[96];            /* the keys it comes from, for the
                                   script's comments and docs */
} plot_roof_level;

/* Invariant: compute > 0, clock_mhz > 0, 1 <= n_levels <=
 * PLOT_ROOF_LEVELS, each level's bytes_per_cycle > 0, in the order DRAM
 * (the lowest slope), L2, L1. */
typedef struct plot_roof {
    double compute;             /* arithmetic lane instructions per cycle,
                                   GPU-wide: the alu peak */
    double clock_mhz;
    bool hierarchy;             /* the profile has caches: x is the
                                   intensity against DRAM bytes */
    int n_levels;
    plot_roof_level level[PLOT_ROOF_LEVELS];
    /* compute's factors and the profile's name, for the script's
     * comments */
    uint32_t compute_units, schedulers, issue_per_cycle, simd_width,
             lanes_alu;
    char hw_name[64];
} plot_roof;

/* The roof of profile `hw` for a kernel whose subgroups are `simd_width`
 * lanes wide:
 *   compute = compute_units x cu.schedulers
 *             x min(cu.issue_per_cycle x simd_width, cu.lanes.alu)
 *   without caches: memory = memory.bandwidth;
 *   with them (cache.l2.bytes > 0): DRAM = dram.bytes_per_cycle,
 *   L2 = cache.l2.bytes_per_cycle, and, when the profile has an L1
 *   (cache.l1.bytes or cache.l1.unified above 0), L1 = compute_units x
 *   cache.l1.lines_per_cycle x cache.l1.line.
 * Multiplied by clock_mhz x 10^6 they are per second. */
void plot_roof_of(const cusim_hw *hw, uint32_t simd_width, plot_roof *out);

/* Whether two roofs draw the same lines (same compute, clock and
 * levels). */
bool plot_roof_same(const plot_roof *a, const plot_roof *b);

#endif /* CUSIM_PLOT_ROOF_H */
