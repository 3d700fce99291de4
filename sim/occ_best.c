/*
 * occ_best.c — the workgroup size with the most resident invocations per
 * CU (cusim_occupancy_best, cusim.h), searched as the CUDA Occupancy
 * Calculator's cudaOccupancyMaxPotentialBlockSize searches block sizes:
 * from the largest allowed down in steps of the subgroup width, keeping
 * the first size that beats every larger one, and stopping as soon as a
 * size fills the CU's invocation slots.
 */
#include <inttypes.h>
#include <stdio.h>

#include "cusim.h"

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
        char value[16];
        snprintf(value, sizeof value, "%" PRIu32, size);
        cusim_set set = { "kernel.workgroup_size", value, "--best", 1, 1 };
        cusim_kernel at;
        cusim_kernel_clone(&at, k);
        cusim_occupancy occ;
        cusim_error err;
        int ok = cusim_kernel_apply(&at, &set, 1, &err) == 0
                 && cusim_occupancy_compute(hw, &at, &occ, &err) == 0;
        cusim_kernel_free(&at);
        if (!ok)
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
