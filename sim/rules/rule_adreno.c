/*
 * rule_adreno.c — Qualcomm Adreno's occupancy rules (cu.rules: adreno), as
 * Mesa's ir3 compiler computes them (src/freedreno/ir3/ir3.c,
 * ir3_get_reg_dependent_max_waves and ir3_get_reg_independent_max_waves;
 * device constants from src/freedreno/common/freedreno_devices.py):
 *
 *   - a CU is an SP (shader processor core); registers are allocated per
 *     fiber in vec4 units (four 32-bit registers), so a wave of W fibers
 *     takes ceil(registers / 4) x 4 x W registers: the allocation unit is
 *     4 registers per lane, whatever the width (64, or 128 when ir3
 *     doubles the threadsize);
 *   - waves per SP by registers are reg_size_vec4 / (vec4 x (doubled ? 2 :
 *     1)) x wave_granularity, at most max_waves (16): the partition rule of
 *     alloc_need_common with cu.schedulers = wave_granularity (2) and a
 *     partition of reg_size_vec4 x 4 x 64 registers;
 *   - shared memory is allocated in 1 KiB chunks (cu.shared_granularity)
 *     from the SP's cs_shared_mem_size.
 *
 * Whether a wave is 64 or 128 wide is the compiler model's (sim/rules/widths.c).
 */
#include "alloc.h"

int alloc_rule_ADRENO(const cusim_hw *hw, const cusim_kernel *k,
                      uint32_t width, uint32_t registers, alloc_need *need,
                      cusim_error *err)
{
    /* The profile's register_granularity is the unit of a base-size wave;
     * the unit of this wave is 4 registers for each of its fibers. */
    cusim_hw at_width = *hw;
    at_width.cu.register_granularity = 4 * width;
    return alloc_need_common(&at_width, k, width, registers, need, err);
}
