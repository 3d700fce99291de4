/*
 * occupancy.c — static occupancy: how many workgroups of a kernel one CU
 * can hold at once, and which resource runs out first (claims C1, C3, C4).
 *
 * The rules are the admission rule of alloc.h, asked of an empty CU: the
 * timing simulator's dispatcher asks the same functions as workgroups come
 * and go, so static and dynamic residency agree by construction. This file
 * adds what is static only: registers resolved from the program (`auto`),
 * the SIMD width a multi-width profile runs at (the kernel's subgroup_size,
 * else its family's compiler model, alloc_choose_width), and the limiter.
 * A workgroup that could never fit, even on an empty CU, is a
 * user error that says which resource and by how much.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "config.h"
#include "cusim.h"
#include "error.h"
#include "program.h"

/* Registers per invocation for `width`: the kernel's own figure, or the
 * program's peak live registers when it says `auto`. `shared_bytes` is
 * the kernel's at this shape (the region at=shared[...] addresses). */
static int registers_for(const cusim_kernel *k, uint32_t width,
                         uint32_t shared_bytes, uint32_t *regs,
                         cusim_error *err)
{
    prog_shape shape = prog_shape_of(k, width);
    shape.shared_bytes = shared_bytes;
    /* Resolving checks every count for this shape even when the register
     * figure is given, so a bad count surfaces here and not mid-run. */
    prog_code *code = prog_resolve(k->ast, &shape, err);
    if (!code)
        return -1;
    *regs = k->registers_auto ? code->live_registers : k->registers;
    prog_code_free(code);
    return 0;
}

/* Fills `o` for one SIMD width, or fails when a workgroup can never fit:
 * the admission rule asked of an empty CU. */
static int occupancy_for_width(const cusim_hw *hw, const cusim_kernel *k,
                               uint32_t width, cusim_occupancy *o,
                               cusim_error *err)
{
    memset(o, 0, sizeof *o);
    o->simd_width = width;
    o->subgroup_size_min = hw->simd_widths[0];
    o->subgroup_size_max = hw->simd_widths[hw->n_simd_widths - 1];
    o->registers_source = k->registers_auto ? CUSIM_REGISTERS_AUTO
        : k->registers_origin == CUSIM_REGORIGIN_IMPORTED
            ? CUSIM_REGISTERS_IMPORTED : CUSIM_REGISTERS_GIVEN;
    alloc_need need;
    if (cusim_kernel_shared_bytes(k, width, &o->shared_bytes, err) != 0
        || registers_for(k, width, o->shared_bytes,
                         &o->registers_per_invocation, err) != 0
        || alloc_need_of(hw, k, width, o->registers_per_invocation, &need,
                         err) != 0)
        return -1;
    o->subgroups_per_workgroup = need.subgroups;
    o->registers_per_subgroup = need.sg_registers;
    o->shared_per_workgroup = need.shared;

    uint32_t part[2 * ALLOC_MAX_PARTS];
    alloc_cu empty;
    alloc_cu_init(&empty, hw, part);
    alloc_rooms(&empty, &need, o->limits, &o->workgroups_per_cu);

    o->limiter = CUSIM_LIMIT_REGISTERS;
    for (int l = 1; l < CUSIM_LIMIT_COUNT; l++)
        if (o->limits[l] < o->limits[o->limiter])
            o->limiter = (cusim_limiter)l;
    assert(o->workgroups_per_cu == o->limits[o->limiter]);

    o->subgroups_per_cu = o->workgroups_per_cu * need.subgroups;
    o->invocations_per_cu = o->workgroups_per_cu * need.invocations;
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
        cusim_mark at = cfg_kernel_mark(k, "subgroup_size");
        return err_at(err, &at,
                      "subgroup_size: %u is not a SIMD width of %s "
                      "(expected one of %s)",
                      k->subgroup_size, hw->name, widths);
    }

    /* Several widths: the family's compiler model picks one (sim/rules/widths.c)
     * from what a workgroup takes at each. When none fits, the error is
     * the widest width's. */
    alloc_width_option opt[CUSIM_MAX_WIDTHS];
    cusim_occupancy occ[CUSIM_MAX_WIDTHS];
    cusim_error first = { 0 };
    int n = hw->n_simd_widths, failed = 0;
    for (int i = n - 1; i >= 0; i--) {
        cusim_error e;
        opt[i] = (alloc_width_option){ .width = hw->simd_widths[i] };
        if (occupancy_for_width(hw, k, hw->simd_widths[i], &occ[i], &e) != 0) {
            if (!failed++)
                first = e;
            continue;
        }
        opt[i].fits = true;
        opt[i].registers = occ[i].registers_per_invocation;
        opt[i].invocations_per_cu = occ[i].invocations_per_cu;
    }
    int pick = failed == n ? -1 : alloc_choose_width(hw, k, opt, n);
    if (pick < 0) {
        if (err)
            *err = first;
        return -1;
    }
    assert(pick < n && opt[pick].fits);
    *out = occ[pick];
    return 0;
}
