/*
 * rule_nvidia.c — NVIDIA's occupancy rules (cu.rules: nvidia), as the CUDA
 * Occupancy Calculator computes them (cuda_occupancy.h,
 * cudaOccMaxActiveBlocksPerMultiprocessor):
 *
 *   - registers are allocated per warp, rounded up to the allocation unit
 *     (cudaOccRegAllocationGranularity: 256), and a block's warps are
 *     spread over the SM's sub-partitions (cudaOccMaxBlocksPerSMRegsLimit);
 *   - shared memory is the block's bytes plus the per-block reserve
 *     (reservedSharedMemPerBlock, 1 KiB from sm_80), rounded up to the
 *     allocation granularity (cudaOccSMemPerBlock), under the per-block
 *     opt-in maximum;
 *   - warps, blocks and threads per SM are plain caps.
 *
 * These are alloc_need_common's rules exactly, so this family adds
 * nothing: a block's barriers (bar.sync, 16 per block) are its own and
 * cap no SM-wide count. tests/xcheck/cuda_occupancy.cc checks the result
 * against cuda_occupancy.h itself on every shipped NVIDIA profile.
 */
#include "alloc.h"

int alloc_rule_NVIDIA(const cusim_hw *hw, const cusim_kernel *k,
                      uint32_t width, uint32_t registers, alloc_need *need,
                      cusim_error *err)
{
    return alloc_need_common(hw, k, width, registers, need, err);
}
