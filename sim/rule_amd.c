/*
 * rule_amd.c — AMD's occupancy rules (cu.rules: amd), as LLVM's AMDGPU
 * backend computes them (llvm/lib/Target/AMDGPU/Utils/AMDGPUBaseInfo.cpp):
 *
 *   - VGPRs are allocated per wave in granules (getVGPRAllocGranule) and
 *     a wave's VGPRs come from one SIMD, so waves per SIMD are the SIMD's
 *     VGPRs over the wave's (getNumWavesPerEUWithNumVGPRs): the partition
 *     rule of alloc_need_common with the profile's register_granularity
 *     equal to granule x wave size;
 *   - LDS per workgroup is rounded up to the LDS allocation granularity;
 *   - a workgroup of two or more waves takes one of the CU's hardware
 *     barriers, at most 16 on GCN (getMaxWorkGroupsPerCU: min(max waves /
 *     waves per group, 16)); a single-wave workgroup needs none. The
 *     profile gives the cap as cu.max_barrier_workgroups (0: none).
 *
 * RDNA's WGP mode, the 1.5x VGPR file of gfx11 and the unified VGPR/AGPR
 * file of gfx90a/gfx942 are further rules of this family.
 */
#include "alloc.h"

int alloc_rule_AMD(const cusim_hw *hw, const cusim_kernel *k, uint32_t width,
                   uint32_t registers, alloc_need *need, cusim_error *err)
{
    if (alloc_need_common(hw, k, width, registers, need, err) != 0)
        return -1;
    need->barrier = need->subgroups > 1 && hw->cu.max_barrier_workgroups != 0;
    return 0;
}
