/*
 * rule_amd.c — AMD's occupancy rules (cu.rules: amd), as LLVM's AMDGPU
 * backend computes them (llvm/lib/Target/AMDGPU/Utils/AMDGPUBaseInfo.cpp).
 *
 * Every generation's difference is a value in its profile, not a branch
 * here; each profile key stands for one LLVM function:
 *
 *   cu.schedulers          getEUsPerCU: 4 SIMDs per CU below gfx10 and per
 *                          WGP in WGP mode, 2 per CU in CU mode;
 *   cu.max_subgroups       getMaxWavesPerEU x getEUsPerCU (10 waves per
 *                          SIMD on gfx6-9, 8 with gfx90a instructions, 20
 *                          on gfx10.1, 16 from gfx10.3);
 *   cu.registers           getTotalNumVGPRs x wave size x SIMDs;
 *   cu.register_granularity  getVGPRAllocGranule x wave size;
 *   cu.shared_memory       getLocalMemorySize (doubled in WGP mode);
 *   cu.max_shared_per_workgroup  getAddressableLocalMemorySize;
 *   cu.shared_granularity  getLdsDwGranularity x 4 bytes;
 *   cu.max_workgroups      getMaxWorkGroupsPerCU of a single-wave group:
 *                          max waves per CU;
 *   cu.max_barrier_workgroups  its MaxBarriers for groups of 2+ waves: 16,
 *                          or 32 on gfx10+ in WGP mode.
 *
 * Both the VGPR file and the granule are given per wave size in LLVM
 * (1024 / 512 VGPRs and granules of 16 / 8 on gfx10.3 for wave32 / wave64;
 * 1536 / 768 and 24 / 12 on gfx11 with Feature1_5xVGPRs), and in both cases
 * the product with the wave size is the same (512 x 64 = 1024 x 32 lane
 * registers per SIMD, 8 x 64 = 16 x 32 per granule). So one pair of keys
 * serves both widths, and a wave of `width` lanes with N VGPRs takes
 * round_up(N, granule) x width lane registers, which is
 * round_up(N x width, cu.register_granularity): alloc_need_common's rule.
 * Waves per SIMD are then the SIMD's lane registers over the wave's, capped
 * by its wave slots: getNumWavesPerEUWithNumVGPRs,
 * min(total / round_up(N, granule), max waves). On gfx90a and gfx942 the
 * file is one of 512 entries shared by VGPRs and AGPRs, and a kernel's
 * `registers` is their total (LLVM's TotalNumVgprs).
 *
 * What this family adds to the common rules: a workgroup of two or more
 * waves takes one of the CU's hardware barriers (getMaxWorkGroupsPerCU:
 * min(max waves / waves per group, MaxBarriers)); a single-wave workgroup
 * needs none. LDS per workgroup is rounded up to the allocation unit, as
 * the hardware's LDS_SIZE field is, where LLVM's occupancy estimate divides
 * unrounded bytes (AMDGPUSubtarget::getOccupancyWithLocalMemSize, marked
 * FIXME there); the two agree on every case of LLVM's occupancy tests.
 *
 * Not modelled: SGPRs (gfx8/9 lose waves above 80 SGPRs; gfx10+ never),
 * scratch, and the amdgpu-waves-per-eu attribute.
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
