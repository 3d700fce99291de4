/*
 * rule_intel.c — Intel's occupancy rules (cu.rules: intel), as Intel's GPU
 * Occupancy Calculator computes them (oneAPI-samples,
 * Tools/GPU-Occupancy-Calculator/index.html) and IGC allocates registers:
 *
 *   - a CU is a subslice (Xe-LP) or Xe-core (Xe-HPG, Xe-HPC); a partition
 *     is an EU (vector engine) with its hardware threads as subgroup slots;
 *     a subgroup is one hardware thread running SIMD8, SIMD16 or SIMD32;
 *   - every thread owns a fixed register file, its GRF: 128 registers of
 *     32 bytes = 1024 32-bit registers, the profile's
 *     cu.register_granularity. A thread takes the whole GRF whatever the
 *     kernel uses; a kernel whose registers x width exceed it runs in
 *     large-GRF mode (256 registers, two GRFs' worth), which halves the
 *     threads per EU (the calculator's Large_GRF_Mode), where the profile
 *     allows it: the most a thread may hold is
 *     cu.max_registers_per_invocation x the narrowest width, rounded to
 *     whole GRFs (1024 on Xe-LP and Xe-HPG, no large GRF; 2048 on Xe-HPC);
 *   - threads per workgroup = ceil(workgroup size / SIMD width), under the
 *     subslice's thread count; SLM per subslice and per workgroup, in
 *     power-of-two blocks of 1 KiB and up; the workgroup cap
 *     (Max_Num_Of_Workgroups) and, for a workgroup of two or more threads,
 *     one of the barrier registers (Max_Num_Of_Barrier_Registers: the
 *     calculator charges one to every kernel that uses barriers, cusim to
 *     every workgroup with two threads to synchronise).
 *
 * The SIMD width itself is the compiler model's (sim/rules/widths.c).
 */
#include "alloc.h"
#include "config.h"
#include "error.h"

int alloc_rule_INTEL(const cusim_hw *hw, const cusim_kernel *k,
                     uint32_t width, uint32_t registers, alloc_need *need,
                     cusim_error *err)
{
    if (alloc_need_common(hw, k, width, registers, need, err) != 0)
        return -1;
    const uint64_t grf = hw->cu.register_granularity;
    const uint64_t cap = ((uint64_t)hw->cu.max_registers_per_invocation
                              * hw->simd_widths[0] + grf - 1) / grf * grf;
    if (need->sg_registers > cap) {
        const cusim_mark at = cfg_kernel_mark(k, "registers");
        return err_at(err, &at,
                      "%sregisters: %u registers per invocation at SIMD%u "
                      "need %llu registers per hardware thread; a thread of "
                      "%s has at most %llu (its GRF%s)",
                      cfg_kernel_prefix(k, &at), registers, width,
                      (unsigned long long)registers * width, hw->name,
                      (unsigned long long)cap,
                      cap > grf ? " in large-GRF mode" : "");
    }
    /* SLM is handed out in power-of-two sizes from 1 KiB (the calculator's
     * TG_SLM_Sizes: 1, 2, 4, ... 64 KiB). */
    if (need->shared_bytes > 0) {
        uint64_t slm = 1024;
        while (slm < need->shared)
            slm *= 2;
        if (slm > hw->cu.shared_memory) {
            const cusim_mark at = cfg_kernel_mark(k, "shared_bytes");
            return err_at(err, &at,
                          "%sshared_bytes: %u bytes per workgroup take an "
                          "SLM block of %llu bytes; a CU of %s has %u",
                          cfg_kernel_prefix(k, &at), need->shared_bytes, (unsigned long long)slm, hw->name,
                          hw->cu.shared_memory);
        }
        need->shared = (uint32_t)slm;
    }
    if (need->sg_registers < grf)
        need->sg_registers = (uint32_t)grf;   /* the whole GRF, always */
    need->barrier = need->subgroups > 1 && hw->cu.max_barrier_workgroups != 0;
    return 0;
}
