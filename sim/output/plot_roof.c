/*
 * plot_roof.c — a roofline panel's roof from a profile (plot_roof.h).
 */
#include "plot_roof.h"

#include <stdio.h>
#include <string.h>

static void level(plot_roof *r, const char *name, double bpc,
                  const char *source)
{
    plot_roof_level *l = &r->level[r->n_levels++];
    l->name = name;
    l->bytes_per_cycle = bpc;
    snprintf(l->source, sizeof l->source, "%s", source);
}

void plot_roof_of(const cusim_hw *hw, uint32_t simd_width, plot_roof *out)
{
    memset(out, 0, sizeof *out);
    /* measure.c's roofline.ridge numerator: each partition issues at most
     * issue_per_cycle instructions of simd_width lanes, and its alu pipe
     * takes lanes.alu lanes a cycle */
    uint64_t lanes = (uint64_t)hw->cu.issue_per_cycle * simd_width;
    if (lanes > hw->cu.lanes[CUSIM_UNIT_ALU])
        lanes = hw->cu.lanes[CUSIM_UNIT_ALU];
    out->compute = (double)hw->compute_units * hw->cu.schedulers
                   * (double)lanes;
    out->clock_mhz = hw->clock_mhz;
    out->compute_units = hw->compute_units;
    out->schedulers = hw->cu.schedulers;
    out->issue_per_cycle = hw->cu.issue_per_cycle;
    out->simd_width = simd_width;
    out->lanes_alu = hw->cu.lanes[CUSIM_UNIT_ALU];
    snprintf(out->hw_name, sizeof out->hw_name, "%s", hw->name);
    out->hierarchy = hw->cache.l2.bytes > 0;
    if (!out->hierarchy) {
        level(out, "memory", hw->memory.bandwidth, "memory.bandwidth");
        return;
    }
    level(out, "DRAM", hw->dram.bytes_per_cycle, "dram.bytes_per_cycle");
    level(out, "L2", hw->cache.l2.bytes_per_cycle,
          "cache.l2.bytes_per_cycle");
    if (hw->cache.l1.bytes > 0 || hw->cache.l1.unified > 0)
        level(out, "L1", (double)hw->compute_units
                         * hw->cache.l1.lines_per_cycle * hw->cache.l1.line,
              "compute_units x cache.l1.lines_per_cycle x cache.l1.line");
}

bool plot_roof_same(const plot_roof *a, const plot_roof *b)
{
    if (a->compute != b->compute || a->clock_mhz != b->clock_mhz
        || a->n_levels != b->n_levels)
        return false;
    for (int i = 0; i < a->n_levels; i++)
        if (a->level[i].bytes_per_cycle != b->level[i].bytes_per_cycle
            || strcmp(a->level[i].name, b->level[i].name) != 0)
            return false;
    return true;
}
