/*
 * occupancy.c — static occupancy: how many workgroups of a kernel one CU
 * can hold at once, and which resource runs out first (claims C1, C3, C4).
 *
 * The rules are the allocation rules of SPEC.md section 2, the same ones
 * the timing simulator's allocator enforces dynamically:
 *
 *   - a workgroup of n invocations is ceil(n / w) subgroups of width w;
 *   - each subgroup takes one subgroup slot and round_up(registers x w,
 *     register_granularity) registers, both from ONE of the CU's
 *     `schedulers` partitions (each partition holds 1/schedulers of the
 *     slots and of the registers); subgroups of one workgroup may go to
 *     different partitions;
 *   - shared memory (round_up(shared_bytes + shared_reserved,
 *     shared_granularity) per workgroup), workgroup slots and invocation
 *     slots are CU-wide.
 *
 * Because a subgroup may go to any partition with room, a CU holds
 * schedulers x floor(partition registers / subgroup registers) subgroups'
 * worth of registers, which is exactly the CUDA Occupancy Calculator's
 * register rule (cuda_occupancy.h, cudaOccMaxBlocksPerSMRegsLimit: warps
 * per sub-partition times sub-partitions) and the AMD rule (waves per SIMD
 * by VGPRs times SIMDs). A workgroup that could never fit, even on an empty
 * CU, is a user error that says which resource and by how much.
 */
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "cusim.h"
#include "error.h"
#include "program.h"

static uint64_t round_up(uint64_t x, uint64_t unit)
{
    return (x + unit - 1) / unit * unit;
}

static uint64_t div_up(uint64_t x, uint64_t d)
{
    return (x + d - 1) / d;
}

/* Registers per invocation for `width`: the kernel's own figure, or the
 * program's peak live registers when it says `auto`. */
static int registers_for(const cusim_kernel *k, uint32_t width,
                         uint32_t *regs, cusim_error *err)
{
    prog_shape shape = {
        .workgroup_x = k->workgroup[0],
        .workgroup_y = k->workgroup[1],
        .workgroup_z = k->workgroup[2],
        .workgroup_size = cusim_kernel_workgroup_size(k),
        .simd_width = width,
        .elements_per_invocation = k->elements_per_invocation,
    };
    /* Resolving checks every count for this shape even when the register
     * figure is given, so a bad count surfaces here and not mid-run. */
    prog_code *code = prog_resolve(k->ast, &shape, err);
    if (!code)
        return -1;
    *regs = k->registers_auto ? code->live_registers : k->registers;
    prog_code_free(code);
    return 0;
}

/* Fills `o` for one SIMD width, or fails when a workgroup can never fit. */
static int occupancy_for_width(const cusim_hw *hw, const cusim_kernel *k,
                               uint32_t width, cusim_occupancy *o,
                               cusim_error *err)
{
    const cusim_mark *wg_mark = cfg_kernel_mark(k, "workgroup_size");
    const cusim_mark *reg_mark = cfg_kernel_mark(k, "registers");
    const cusim_mark *shm_mark = cfg_kernel_mark(k, "shared_bytes");
    const uint64_t n = cusim_kernel_workgroup_size(k);
    const uint64_t parts = hw->cu.schedulers;

    memset(o, 0, sizeof *o);
    o->simd_width = width;
    if (registers_for(k, width, &o->registers_per_invocation, err) != 0)
        return -1;

    const uint64_t sg = div_up(n, width);
    o->subgroups_per_workgroup = (uint32_t)sg;

    /* Shape limits: fixed caps that no amount of free resources lifts. */
    if (n > hw->cu.max_workgroup_size)
        return err_at(err, wg_mark,
                      "workgroup_size: a workgroup of %llu invocations is "
                      "larger than %s allows (cu.max_workgroup_size %u)",
                      (unsigned long long)n, hw->name,
                      hw->cu.max_workgroup_size);
    if (n > hw->cu.max_invocations)
        return err_at(err, wg_mark,
                      "workgroup_size: needs %llu invocation slots per "
                      "workgroup; a CU of %s has %u",
                      (unsigned long long)n, hw->name,
                      hw->cu.max_invocations);
    if (sg > hw->cu.max_subgroups)
        return err_at(err, wg_mark,
                      "workgroup_size: needs %llu subgroups of width %u per "
                      "workgroup; a CU of %s has %u subgroup slots",
                      (unsigned long long)sg, width, hw->name,
                      hw->cu.max_subgroups);

    /* Registers: per subgroup, rounded to the allocation unit, and placed
     * in partitions. */
    const uint64_t regs = o->registers_per_invocation;
    if (regs > hw->cu.max_registers_per_invocation)
        return err_at(err, reg_mark,
                      "registers: %llu registers per invocation; %s allows "
                      "at most %u (cu.max_registers_per_invocation)",
                      (unsigned long long)regs, hw->name,
                      hw->cu.max_registers_per_invocation);
    const uint64_t per_sg = round_up(regs * width, hw->cu.register_granularity);
    const uint64_t per_part = hw->cu.registers / parts;
    if (per_sg * sg > hw->cu.registers)
        return err_at(err, reg_mark,
                      "registers: needs %llu registers per workgroup "
                      "(%llu subgroups x %llu); a CU of %s has %u",
                      (unsigned long long)(per_sg * sg),
                      (unsigned long long)sg, (unsigned long long)per_sg,
                      hw->name, hw->cu.registers);
    const uint64_t sg_per_part_regs = per_sg ? per_part / per_sg : UINT32_MAX;
    if (sg_per_part_regs * parts < sg)
        return err_at(err, reg_mark,
                      "registers: needs %llu registers per workgroup as %llu "
                      "subgroups spread over %llu partitions (at most %llu "
                      "x %llu registers in one); a partition of %s has %llu",
                      (unsigned long long)(per_sg * round_up(sg, parts)),
                      (unsigned long long)sg, (unsigned long long)parts,
                      (unsigned long long)div_up(sg, parts),
                      (unsigned long long)per_sg, hw->name,
                      (unsigned long long)per_part);
    o->registers_per_subgroup = (uint32_t)per_sg;

    /* Shared memory: CU-wide, rounded, with the per-workgroup reserve. */
    const uint64_t shm_cap = hw->cu.max_shared_per_workgroup
                                 ? hw->cu.max_shared_per_workgroup
                                 : hw->cu.shared_memory;
    /* The reserve applies even to a workgroup that declares no shared
     * memory, as in cudaOccMaxBlocksPerSMSmemLimit. */
    const uint64_t shm = round_up((uint64_t)k->shared_bytes
                                      + hw->cu.shared_reserved,
                                  hw->cu.shared_granularity);
    /* As in cuda_occupancy.h (cudaOccSMemPerBlock), the per-workgroup cap
     * is compared with the rounded size and the reserve is added to it. */
    if (shm > shm_cap + hw->cu.shared_reserved)
        return err_at(err, shm_mark,
                      "shared_bytes: %u bytes per workgroup; %s allows at "
                      "most %llu per workgroup",
                      k->shared_bytes, hw->name, (unsigned long long)shm_cap);
    if (shm > hw->cu.shared_memory)
        return err_at(err, shm_mark,
                      "shared_bytes: needs %llu bytes of shared memory per "
                      "workgroup (with reserve and granularity); a CU of %s "
                      "has %u",
                      (unsigned long long)shm, hw->name,
                      hw->cu.shared_memory);
    o->shared_per_workgroup = (uint32_t)shm;

    /* Workgroups each resource allows on an empty CU. */
    uint32_t *lim = o->limits;
    lim[CUSIM_LIMIT_REGISTERS] =
        per_sg ? (uint32_t)(sg_per_part_regs * parts / sg) : CUSIM_UNLIMITED;
    lim[CUSIM_LIMIT_SHARED_MEMORY] =
        shm ? (uint32_t)(hw->cu.shared_memory / shm) : CUSIM_UNLIMITED;
    lim[CUSIM_LIMIT_SUBGROUPS] = (uint32_t)(hw->cu.max_subgroups / sg);
    /* Workgroups of several subgroups also need a hardware barrier; GCN
     * has 16 per CU, while single-wave groups need none (LLVM AMDGPU). */
    lim[CUSIM_LIMIT_WORKGROUPS] = hw->cu.max_workgroups;
    if (sg > 1 && hw->cu.max_barrier_workgroups
        && hw->cu.max_barrier_workgroups < hw->cu.max_workgroups)
        lim[CUSIM_LIMIT_WORKGROUPS] = hw->cu.max_barrier_workgroups;
    lim[CUSIM_LIMIT_INVOCATIONS] = (uint32_t)(hw->cu.max_invocations / n);

    o->limiter = CUSIM_LIMIT_REGISTERS;
    for (int l = 1; l < CUSIM_LIMIT_COUNT; l++)
        if (lim[l] < lim[o->limiter])
            o->limiter = (cusim_limiter)l;

    o->workgroups_per_cu = lim[o->limiter];
    o->subgroups_per_cu = (uint32_t)(o->workgroups_per_cu * sg);
    o->invocations_per_cu = (uint32_t)(o->workgroups_per_cu * n);
    o->theoretical = (double)o->subgroups_per_cu / hw->cu.max_subgroups;
    return 0;
}

int cusim_occupancy_compute(const cusim_hw *hw, const cusim_kernel *k,
                            cusim_occupancy *out, cusim_error *err)
{
    if (k->subgroup_size) {
        for (int i = 0; i < hw->n_simd_widths; i++)
            if (hw->simd_widths[i] == k->subgroup_size)
                return occupancy_for_width(hw, k, k->subgroup_size, out, err);
        char widths[96] = "";
        for (int i = 0, at = 0; i < hw->n_simd_widths; i++)
            at += snprintf(widths + at, sizeof widths - (size_t)at, "%s%u",
                           i ? ", " : "", hw->simd_widths[i]);
        return err_at(err, cfg_kernel_mark(k, "subgroup_size"),
                      "subgroup_size: %u is not a SIMD width of %s "
                      "(expected one of %s)",
                      k->subgroup_size, hw->name, widths);
    }

    /* Several widths: the compiler model picks the widest width that holds
     * the most invocations per CU (a wider subgroup is cheaper to schedule,
     * so it wins ties) — the register-pressure trade-off a compiler such as
     * Intel's IGC makes between SIMD8, SIMD16 and SIMD32. */
    int found = 0;
    for (int i = hw->n_simd_widths - 1; i >= 0; i--) {
        cusim_occupancy o;
        cusim_error e;
        if (occupancy_for_width(hw, k, hw->simd_widths[i], &o, &e) != 0) {
            if (!found && err)
                *err = e;
            continue;
        }
        if (!found || o.invocations_per_cu > out->invocations_per_cu)
            *out = o;
        found = 1;
    }
    return found ? 0 : -1;
}
