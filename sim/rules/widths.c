/*
 * widths.c — the compiler models that pick the SIMD width of a kernel on a
 * profile listing several (alloc.h, "width choice"): one function per row
 * of CUSIM_RULES, each what that vendor's shader compiler does for a
 * compute kernel when the kernel does not ask for a width itself.
 *
 *   nvidia  one width (32). A made-up multi-width profile under these
 *           rules gets the generic model: the widest width that holds the
 *           most invocations per CU.
 *   amd     GCN/CDNA: 64 only. RDNA ([32, 64]) as Mesa's RADV compiles
 *           compute shaders (src/amd/vulkan/radv_shader_info.c,
 *           gather_shader_info_cs): the device's default compute wave size,
 *           which radv_physical_device.c sets to 64 (cs_wave_size = 64;
 *           wave32 only with RADV_PERFTEST=cswave32), except that on gfx10+
 *           "a workgroup of at most 32 invocations" runs as wave32. LLVM's
 *           own default for HIP on gfx10+ is wave32; cusim follows RADV, the
 *           driver a WebGPU or Vulkan shader meets on Linux.
 *   intel   Mesa's brw compiler (src/intel/compiler/brw_simd_selection.cpp,
 *           brw_simd_should_compile) skips a width when "Workgroup size
 *           already fits in smaller SIMD" (at most half its lanes: a
 *           workgroup of <= 8 is SIMD8, one of <= 16 never SIMD32) and one
 *           that "Would spill"; of the rest cusim takes the widest whose
 *           registers fit one hardware thread's GRF (registers x width <=
 *           cu.register_granularity, the GRF of sim/rules/rule_intel.c), as IGC
 *           prefers the widest SIMD that does not spill, else the narrowest
 *           (which takes the large GRF where the profile has one). Mesa's
 *           own default for Vulkan compute stops at SIMD16 unless SIMD32 is
 *           required (its DefaultsToSIMD16 test); cusim does not model it.
 *   adreno  Mesa's ir3 (src/freedreno/ir3/ir3.c,
 *           ir3_should_double_threadsize): waves of the base size (64)
 *           are doubled (128) unless the workgroup has at most 64
 *           invocations or twice the wave's vec4 registers exceed the
 *           register file (reg_size_vec4).
 *   apple   one width (32): the only one.
 *
 * Every model only picks among widths at which a workgroup fits; when its
 * preferred width does not, it falls back to the widest that does.
 */
#include "alloc.h"

/* The widest width that fits, or -1. */
static int widest_fitting(const alloc_width_option *opt, int n)
{
    for (int i = n - 1; i >= 0; i--)
        if (opt[i].fits)
            return i;
    return -1;
}

/* The index of `width` when it is listed and fits, else -1. */
static int fitting(const alloc_width_option *opt, int n, uint32_t width)
{
    for (int i = 0; i < n; i++)
        if (opt[i].width == width && opt[i].fits)
            return i;
    return -1;
}

/* The generic model: the widest width holding the most invocations per CU
 * (a wider subgroup is cheaper to schedule, so it wins ties). */
static int most_resident(const alloc_width_option *opt, int n)
{
    int best = -1;
    for (int i = n - 1; i >= 0; i--)
        if (opt[i].fits && (best < 0 || opt[i].invocations_per_cu
                                            > opt[best].invocations_per_cu))
            best = i;
    return best;
}

int alloc_width_NVIDIA(const cusim_hw *hw, const cusim_kernel *k,
                       const alloc_width_option *opt, int n)
{
    (void)hw, (void)k;
    return most_resident(opt, n);
}

int alloc_width_AMD(const cusim_hw *hw, const cusim_kernel *k,
                    const alloc_width_option *opt, int n)
{
    (void)hw;
    /* RADV: wave32 for a workgroup of at most 32, else cs_wave_size 64. */
    uint32_t want = cusim_kernel_workgroup_size(k) <= 32 ? 32 : 64;
    int i = fitting(opt, n, want);
    return i >= 0 ? i : widest_fitting(opt, n);
}

int alloc_width_INTEL(const cusim_hw *hw, const cusim_kernel *k,
                      const alloc_width_option *opt, int n)
{
    const uint32_t wg = cusim_kernel_workgroup_size(k);
    const uint32_t grf = hw->cu.register_granularity;
    int narrowest = -1;
    for (int i = n - 1; i >= 0; i--) {
        /* brw_simd_should_compile: a width with more than twice the
         * workgroup's invocations as lanes is not compiled; the
         * narrowest width always is. */
        if (!opt[i].fits || (i > 0 && wg <= opt[i].width / 2))
            continue;
        if ((uint64_t)opt[i].registers * opt[i].width <= grf)
            return i;                   /* fits the GRF: no spill */
        narrowest = i;
    }
    return narrowest >= 0 ? narrowest : widest_fitting(opt, n);
}

int alloc_width_ADRENO(const cusim_hw *hw, const cusim_kernel *k,
                       const alloc_width_option *opt, int n)
{
    /* ir3: threadsize_base is the narrowest width, the doubled one twice
     * it; reg_size_vec4 is a partition's registers in vec4 per fiber of a
     * base-size wave. */
    const uint32_t base = opt[0].width;
    const uint64_t reg_size_vec4 = (uint64_t)hw->cu.registers
                                   / hw->cu.schedulers / (4 * base);
    int single = fitting(opt, n, base), twice = fitting(opt, n, 2 * base);
    if (twice >= 0 && cusim_kernel_workgroup_size(k) > base
        && (opt[twice].registers + 3) / 4 * 2 <= reg_size_vec4)
        return twice;
    return single >= 0 ? single : widest_fitting(opt, n);
}

int alloc_width_APPLE(const cusim_hw *hw, const cusim_kernel *k,
                      const alloc_width_option *opt, int n)
{
    (void)hw, (void)k;
    return most_resident(opt, n);
}
