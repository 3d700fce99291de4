/*
 * portability.h — which workgroup size is safe on every GPU (`cusim
 * portability`, claims C8 and C13): one kernel simulated at each
 * workgroup size on each hardware profile, with the same simulator every
 * time; each device's best size, each size's worst-case slowdown against
 * each device's best, and the size whose worst case is smallest.
 *
 * Use: port_plan_new (every cell's configs, and which cannot launch),
 * then for each cell port_simulate (pure: may run in another process) and
 * port_record, then port_conclude and port_print / port_write_csv /
 * port_write_gp.
 */
#ifndef CUSIM_PORTABILITY_H
#define CUSIM_PORTABILITY_H

#include <stdbool.h>
#include <stdio.h>

#include "cusim.h"

#define PORT_MAX_HW 64
#define PORT_MAX_SIZES 32

/* A workgroup size: x, or x by y ("8x8"). */
typedef struct port_size {
    uint32_t x, y;              /* y 0: a 1-D size */
    char label[24];             /* "64", "16x4" */
} port_size;

/* One (device, size) pair. */
typedef struct port_cell {
    bool runs;                  /* false: the size cannot launch there */
    char why[768];              /* when it cannot: why, one line */
    cusim_kernel k;             /* the kernel at this size (owned) */
    bool ran;                   /* port_record was called */
    int rc;                     /* cusim_simulate's: 0 ran, 1 failed */
    uint64_t cycles;
    double time_us, theoretical, achieved;
    uint32_t simd_width;
    double relative;            /* cycles / the device's best; 0: none */
} port_cell;

typedef struct port_plan {
    int n_hw, n_sizes;
    cusim_hw hw[PORT_MAX_HW];
    port_size sizes[PORT_MAX_SIZES];
    port_cell *cells;           /* [hw * n_sizes + size] */
    char kernel[64];            /* the kernel's name */
    uint64_t max_instructions;  /* each run's budget (cusim_sim_options);
                                   0: the default */
    /* port_conclude's answers */
    int best[PORT_MAX_HW];      /* each device's fastest size, -1: none */
    double worst[PORT_MAX_SIZES];   /* each size's largest relative time
                                       over the devices that run it */
    int covered[PORT_MAX_SIZES];    /* devices that run each size */
    int recommended;            /* the size with the smallest worst case
                                   among those that run on the most
                                   devices; -1 when none runs anywhere */
} port_plan;

/* Parses "32,64,128" or "8x8,16x4,64x1" into sizes[] (at most max).
 * Returns the count, or -1 with a message in err (one line naming the
 * bad entry and what was expected). */
int port_parse_sizes(const char *text, port_size *sizes, int max,
                     char *err, size_t err_size);

/* The default sizes for kernel k: 32 to 1024 in powers of two for a 1-D
 * workgroup, 8x4 .. 32x32 for a 2-D one. Returns the count. */
int port_default_sizes(const cusim_kernel *k, port_size *sizes, int max);

/* Builds every cell of k (the caller keeps its own) on hw[0 .. n_hw-1]
 * at sizes[0 .. n_sizes-1]: the kernel with its workgroup_size set as a
 * --set would, and its static occupancy on the device; a size that cannot
 * apply or launch is marked as not running there, with the reason.
 * Returns the plan (port_plan_free), or NULL with err set when a size is
 * refused by the kernel itself (out of range on every device). */
port_plan *port_plan_new(const cusim_hw *hw, int n_hw, const cusim_kernel *k,
                         const port_size *sizes, int n_sizes,
                         cusim_error *err);

void port_plan_free(port_plan *p);   /* NULL-safe */

int port_cell_count(const port_plan *p);

/* Simulates cell i (it runs): cusim_simulate's status, *out, *err. */
int port_simulate(const port_plan *p, int i, cusim_result *out,
                  cusim_error *err);

/* Records cell i's run; res NULL (with rc 1) when it did not come back. A
 * simulation that says it cannot launch (rc -1) marks the cell as not
 * running, with err's message. */
void port_record(port_plan *p, int i, int rc, const cusim_result *res,
                 const cusim_error *err);

/* Fills relative, best, worst, covered and recommended. */
void port_conclude(port_plan *p);

/* The report as text or JSON (fmt), or the CSV (one row per cell). */
void port_print(FILE *out, const port_plan *p, cusim_format fmt);

/* The heatmap (sizes x devices, relative time) as a self-contained
 * gnuplot script drawing into png_out and svg_out (gnuplot variables, as
 * the experiments' plots do). */
void port_write_gp(FILE *out, const port_plan *p);

#endif /* CUSIM_PORTABILITY_H */
