/*
 * occ_graph.c — occupancy explored one kernel key at a time, through the
 * same static calculator as every other occupancy figure:
 *
 *   - the workgroup size with the most resident invocations per CU
 *     (cusim_occupancy_best, cusim.h), searched as the CUDA Occupancy
 *     Calculator's cudaOccupancyMaxPotentialBlockSize searches block sizes:
 *     from the largest allowed down in steps of the subgroup width,
 *     keeping the first size that beats every larger one, and stopping as
 *     soon as a size fills the CU's invocation slots;
 *   - the Calculator's three graphs (`cusim occupancy --graphs DIR`,
 *     occ_graph.h): theoretical occupancy against the workgroup size, the
 *     registers per invocation and the shared memory per workgroup, each
 *     varied alone from the kernel as given.
 */
#include "occ_graph.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "csv.h"
#include "plot_gnuplot.h"

/* The static occupancy of k with key `path` set to `value` (as --set
 * would set it). Returns 0, or -1 when it cannot launch or resolve. */
static int occupancy_with(const cusim_hw *hw, const cusim_kernel *k,
                          const char *path, uint64_t value,
                          cusim_occupancy *occ)
{
    char text[24];
    snprintf(text, sizeof text, "%" PRIu64, value);
    cusim_set set = { path, text, "--graphs", 1, 1 };
    cusim_kernel at;
    cusim_kernel_clone(&at, k);
    cusim_error err;
    int ok = cusim_kernel_apply(&at, &set, 1, &err) == 0
             && cusim_occupancy_compute(hw, &at, occ, &err) == 0;
    cusim_kernel_free(&at);
    return ok ? 0 : -1;
}

/* Occupancy with key `path` set to `value`, or -1 when it cannot launch
 * or resolve. */
static double occupancy_at(const cusim_hw *hw, const cusim_kernel *k,
                           const char *path, uint64_t value)
{
    cusim_occupancy occ;
    return occupancy_with(hw, k, path, value, &occ) == 0 ? occ.theoretical
                                                         : -1;
}

/* ------------------------------------------------------ the best size */

void cusim_occupancy_best(const cusim_hw *hw, const cusim_kernel *k,
                          cusim_occupancy *o)
{
    o->best_workgroup_size = 0;
    o->best_grid = 0;
    uint32_t step = o->simd_width ? o->simd_width : hw->simd_widths[0];
    uint32_t limit = hw->cu.max_workgroup_size;
    uint64_t most = 0;
    for (uint64_t aligned = (limit + step - 1) / step * step; aligned > 0;
         aligned -= step) {
        uint32_t size = aligned < limit ? (uint32_t)aligned : limit;
        cusim_occupancy occ;
        if (occupancy_with(hw, k, "kernel.workgroup_size", size, &occ) != 0)
            continue;
        uint64_t resident = (uint64_t)size * occ.workgroups_per_cu;
        if (resident > most) {
            most = resident;
            o->best_workgroup_size = size;
            o->best_grid = (uint64_t)occ.workgroups_per_cu * hw->compute_units;
        }
        if (most >= hw->cu.max_invocations)
            break;
    }
}

/* ------------------------------------------------------------ graphs */

/* The step that keeps a sweep from 0 (or `from`) to `to` within
 * OCC_GRAPH_POINTS points, a multiple of `unit`. */
static uint64_t step_for(uint64_t from, uint64_t to, uint64_t unit)
{
    uint64_t span = to > from ? to - from : 0;
    uint64_t step = unit;
    while (span / step + 1 > OCC_GRAPH_POINTS)
        step += unit;
    return step;
}

void occ_graph_compute(const cusim_hw *hw, const cusim_kernel *k,
                       const cusim_occupancy *now, occ_graph *g)
{
    memset(g, 0, sizeof *g);
    static const char *const keys[OCC_GRAPH_COUNT] = {
        "kernel.workgroup_size", "kernel.registers", "kernel.shared_bytes",
    };
    uint32_t width = now->simd_width ? now->simd_width : 32;
    uint64_t from[OCC_GRAPH_COUNT] = { width, 1, 0 };
    uint64_t to[OCC_GRAPH_COUNT] = {
        hw->cu.max_workgroup_size, hw->cu.max_registers_per_invocation,
        hw->cu.max_shared_per_workgroup ? hw->cu.max_shared_per_workgroup
                                        : hw->cu.shared_memory,
    };
    uint64_t unit[OCC_GRAPH_COUNT] = {
        width, 1, hw->cu.shared_granularity ? hw->cu.shared_granularity : 256,
    };
    g->current[OCC_GRAPH_SIZE] = cusim_kernel_workgroup_size(k);
    g->current[OCC_GRAPH_REGISTERS] = now->registers_per_invocation;
    g->current[OCC_GRAPH_SHARED] = now->shared_bytes;   /* at this shape */
    for (int i = 0; i < OCC_GRAPH_COUNT; i++) {
        occ_series *s = &g->series[i];
        s->key = keys[i];
        uint64_t step = step_for(from[i], to[i], unit[i]);
        bool seen = false;
        for (uint64_t x = from[i]; x <= to[i] && s->n < OCC_GRAPH_POINTS - 1;
             x += step) {
            /* the kernel's own value joins the sweep where it falls */
            if (!seen && g->current[i] < x && g->current[i] >= from[i]) {
                s->x[s->n] = g->current[i];
                s->y[s->n++] = now->theoretical;
            }
            seen = seen || g->current[i] <= x;
            s->x[s->n] = x;
            s->y[s->n] = occupancy_at(hw, k, keys[i], x);
            s->n++;
        }
    }
    g->current_occupancy = now->theoretical;
}

void occ_graph_write_csv(FILE *out, const occ_graph *g)
{
    fputs("graph,x,occupancy,current\n", out);
    for (int i = 0; i < OCC_GRAPH_COUNT; i++) {
        const occ_series *s = &g->series[i];
        for (int j = 0; j < s->n; j++) {
            csv_write_field(out, s->key);
            fprintf(out, ",%" PRIu64 ",", s->x[j]);
            if (s->y[j] >= 0)
                fprintf(out, "%.10g", s->y[j]);
            fprintf(out, ",%s\n", s->x[j] == g->current[i] ? "true" : "false");
        }
    }
}

void occ_graph_write_gp(FILE *out, const occ_graph *g, const char *title)
{
    static const char *const xlabels[OCC_GRAPH_COUNT] = {
        "workgroup size (invocations)", "registers per invocation",
        "shared memory per workgroup (bytes)",
    };
    fputs("# cusim occupancy --graphs: theoretical occupancy against each "
          "of three kernel keys, the others as given; the kernel's own "
          "point is marked.\n", out);
    for (int i = 0; i < OCC_GRAPH_COUNT; i++) {
        const occ_series *s = &g->series[i];
        fprintf(out, "$g%d << EOD\n", i);
        for (int j = 0; j < s->n; j++)
            if (s->y[j] >= 0)
                fprintf(out, "%" PRIu64 " %.6f\n", s->x[j], s->y[j]);
        fprintf(out, "EOD\n$m%d << EOD\n%" PRIu64 " %.6f\nEOD\n", i,
                g->current[i], g->current_occupancy);
    }
    fputs("if (!exists(\"png_out\")) png_out = 'occupancy.png'\n"
          "if (!exists(\"svg_out\")) svg_out = 'occupancy.svg'\n", out);
    plot_gp_terminals(out, 800, 1200);
    fputs("  set multiplot layout 3,1 title ", out);
    plot_gp_string(out, title);
    fputs("\n  set grid\n  set yrange [0:1.05]\n"
          "  set ylabel 'theoretical occupancy'\n  unset key\n", out);
    for (int i = 0; i < OCC_GRAPH_COUNT; i++)
        fprintf(out, "  set xlabel '%s'\n"
                "  plot $g%d with steps lw 2 lc rgb '#2c7bb6', "
                "$m%d with points pt 7 ps 2 lc rgb '#d7191c'\n",
                xlabels[i], i, i);
    fputs("  unset multiplot\n  set output\n}\n", out);
}
