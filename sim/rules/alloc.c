/*
 * alloc.c — the admission rule (see alloc.h): what a workgroup takes, and
 * the free resources of a compute unit it is taken from.
 *
 * What a workgroup takes is its family's rule (sim/rule_*.c, chosen by
 * cu.rules), and the SIMD width a multi-width profile runs at is its
 * family's compiler model (sim/rules/widths.c); what is free and how it is taken
 * is common to all families.
 *
 * Because a subgroup may go to any partition with room, a CU holds
 * schedulers x floor(partition registers / subgroup registers) subgroups'
 * worth of registers, which is exactly the CUDA Occupancy Calculator's
 * register rule (cuda_occupancy.h, cudaOccMaxBlocksPerSMRegsLimit: warps
 * per sub-partition times sub-partitions) and the AMD rule (waves per SIMD
 * by VGPRs times SIMDs).
 */
#include <assert.h>
#include <string.h>

#include "alloc.h"
#include "config.h"
#include "error.h"
#include "intmath.h"

static uint64_t round_up(uint64_t x, uint64_t unit)
{
    return (x + unit - 1) / unit * unit;
}

void alloc_cu_init(alloc_cu *c, const cusim_hw *hw, uint32_t *part)
{
    uint32_t parts = hw->cu.schedulers;
    assert(parts >= 1 && parts <= ALLOC_MAX_PARTS);
    c->workgroups = hw->cu.max_workgroups;
    c->barriers = hw->cu.max_barrier_workgroups;   /* amd's and intel's rules */
    c->invocations = hw->cu.max_invocations;
    c->shared = hw->cu.shared_memory;
    c->n_parts = parts;
    c->part = part;
    for (uint32_t p = 0; p < parts; p++) {
        part[2 * p] = hw->cu.max_subgroups / parts;
        part[2 * p + 1] = hw->cu.registers / parts;
    }
}

int alloc_need_of(const cusim_hw *hw, const cusim_kernel *k, uint32_t width,
                  uint32_t registers, alloc_need *need, cusim_error *err)
{
    static alloc_rule_fn *const families[CUSIM_RULES_COUNT] = {
#define ALLOC_RULE_ENTRY_(id, name, meaning) [CUSIM_RULES_##id] = alloc_rule_##id,
        CUSIM_RULES(ALLOC_RULE_ENTRY_)
#undef ALLOC_RULE_ENTRY_
    };
    assert((unsigned)hw->cu.rules < CUSIM_RULES_COUNT);
    return families[hw->cu.rules](hw, k, width, registers, need, err);
}

int alloc_choose_width(const cusim_hw *hw, const cusim_kernel *k,
                       const alloc_width_option *opt, int n)
{
    static alloc_width_fn *const compilers[CUSIM_RULES_COUNT] = {
#define ALLOC_WIDTH_ENTRY_(id, name, meaning) [CUSIM_RULES_##id] = alloc_width_##id,
        CUSIM_RULES(ALLOC_WIDTH_ENTRY_)
#undef ALLOC_WIDTH_ENTRY_
    };
    assert((unsigned)hw->cu.rules < CUSIM_RULES_COUNT && n >= 1);
    return compilers[hw->cu.rules](hw, k, opt, n);
}

int alloc_need_common(const cusim_hw *hw, const cusim_kernel *k,
                      uint32_t width, uint32_t registers, alloc_need *need,
                      cusim_error *err)
{
    const cusim_mark wg_at = cfg_kernel_mark(k, "workgroup_size");
    const cusim_mark reg_at = cfg_kernel_mark(k, "registers");
    const cusim_mark shm_at = cfg_kernel_mark(k, "shared_bytes");
    const cusim_mark *wg_mark = &wg_at, *reg_mark = &reg_at;
    const cusim_mark *shm_mark = &shm_at;
    /* keys named as where they were written: `registers` in the kernel's
     * own file, `kernel.registers` in a --set or an experiment */
    const char *wg_key = cfg_kernel_prefix(k, wg_mark);
    const char *reg_key = cfg_kernel_prefix(k, reg_mark);
    const char *shm_key = cfg_kernel_prefix(k, shm_mark);
    const uint64_t n = cusim_kernel_workgroup_size(k);
    const uint64_t parts = hw->cu.schedulers;
    const uint64_t sg = div_up(n, width);

    /* Shape limits: fixed caps that no amount of free resources lifts. */
    if (n > hw->cu.max_workgroup_size)
        return err_at(err, wg_mark,
                      "%sworkgroup_size: a workgroup of %llu invocations is "
                      "larger than %s allows (cu.max_workgroup_size %u)",
                      wg_key, (unsigned long long)n, hw->name,
                      hw->cu.max_workgroup_size);
    if (n > hw->cu.max_invocations)
        return err_at(err, wg_mark,
                      "%sworkgroup_size: needs %llu invocation slots per "
                      "workgroup; a CU of %s has %u", wg_key,
                      (unsigned long long)n, hw->name,
                      hw->cu.max_invocations);
    if (sg > hw->cu.max_subgroups)
        return err_at(err, wg_mark,
                      "%sworkgroup_size: needs %llu subgroups of width %u per "
                      "workgroup; a CU of %s has %u subgroup slots", wg_key,
                      (unsigned long long)sg, width, hw->name,
                      hw->cu.max_subgroups);

    /* Registers: per subgroup, rounded to the allocation unit, and placed
     * in partitions. */
    const uint64_t regs = registers;
    if (regs > hw->cu.max_registers_per_invocation)
        return err_at(err, reg_mark,
                      "%sregisters: %llu registers per invocation; %s allows "
                      "at most %u (cu.max_registers_per_invocation)", reg_key,
                      (unsigned long long)regs, hw->name,
                      hw->cu.max_registers_per_invocation);
    const uint64_t per_sg = round_up(regs * width, hw->cu.register_granularity);
    const uint64_t per_part = hw->cu.registers / parts;
    if (per_sg * sg > hw->cu.registers)
        return err_at(err, reg_mark,
                      "%sregisters: needs %llu registers per workgroup "
                      "(%llu subgroups x %llu); a CU of %s has %u", reg_key,
                      (unsigned long long)(per_sg * sg),
                      (unsigned long long)sg, (unsigned long long)per_sg,
                      hw->name, hw->cu.registers);
    const uint64_t sg_per_part_regs = per_sg ? per_part / per_sg : UINT32_MAX;
    if (sg_per_part_regs * parts < sg)
        return err_at(err, reg_mark,
                      "%sregisters: needs %llu registers per workgroup as %llu "
                      "subgroups spread over %llu partitions (at most %llu "
                      "x %llu registers in one); a partition of %s has %llu",
                      reg_key, (unsigned long long)(per_sg * round_up(sg, parts)),
                      (unsigned long long)sg, (unsigned long long)parts,
                      (unsigned long long)div_up(sg, parts),
                      (unsigned long long)per_sg, hw->name,
                      (unsigned long long)per_part);

    /* Shared memory: CU-wide, rounded, with the per-workgroup reserve;
     * the kernel's figure may be an expression of the launch shape. */
    uint32_t shared_bytes;
    if (cusim_kernel_shared_bytes(k, width, &shared_bytes, err) != 0)
        return -1;
    const uint64_t shm_cap = hw->cu.max_shared_per_workgroup
                                 ? hw->cu.max_shared_per_workgroup
                                 : hw->cu.shared_memory;
    /* The reserve applies even to a workgroup that declares no shared
     * memory, as in cudaOccMaxBlocksPerSMSmemLimit. */
    const uint64_t shm = round_up((uint64_t)shared_bytes
                                      + hw->cu.shared_reserved,
                                  hw->cu.shared_granularity);
    /* As in cuda_occupancy.h (cudaOccSMemPerBlock), the per-workgroup cap
     * is compared with the rounded size and the reserve is added to it. */
    if (shm > shm_cap + hw->cu.shared_reserved)
        return err_at(err, shm_mark,
                      "%sshared_bytes: %u bytes per workgroup; %s allows at "
                      "most %llu per workgroup", shm_key,
                      shared_bytes, hw->name, (unsigned long long)shm_cap);
    if (shm > hw->cu.shared_memory)
        return err_at(err, shm_mark,
                      "%sshared_bytes: needs %llu bytes of shared memory per "
                      "workgroup (with reserve and granularity); a CU of %s "
                      "has %u", shm_key,
                      (unsigned long long)shm, hw->name,
                      hw->cu.shared_memory);

    need->invocations = (uint32_t)n;
    need->subgroups = (uint32_t)sg;
    need->sg_registers = (uint32_t)per_sg;
    need->shared = (uint32_t)shm;
    need->shared_bytes = shared_bytes;
    need->barrier = false;
    return 0;
}

/* Subgroups partition p can still take, at need->sg_registers each. */
static uint32_t part_room(const alloc_cu *c, const alloc_need *need,
                          uint32_t p)
{
    uint32_t slots = c->part[2 * p], regs = c->part[2 * p + 1];
    uint32_t by_regs = need->sg_registers ? regs / need->sg_registers : slots;
    return by_regs < slots ? by_regs : slots;
}

void alloc_rooms(const alloc_cu *c, const alloc_need *need,
                 uint32_t rooms[CUSIM_LIMIT_COUNT], uint32_t *fit)
{
    uint64_t by_regs = 0, by_slots = 0, together = 0;
    for (uint32_t p = 0; p < c->n_parts; p++) {
        uint32_t slots = c->part[2 * p], regs = c->part[2 * p + 1];
        by_slots += slots;
        if (need->sg_registers)
            by_regs += regs / need->sg_registers;
        together += part_room(c, need, p);
    }
    uint32_t sg = need->subgroups;
    rooms[CUSIM_LIMIT_REGISTERS] =
        need->sg_registers ? (uint32_t)(by_regs / sg) : CUSIM_UNLIMITED;
    rooms[CUSIM_LIMIT_SHARED_MEMORY] =
        need->shared ? c->shared / need->shared : CUSIM_UNLIMITED;
    rooms[CUSIM_LIMIT_SUBGROUPS] = (uint32_t)(by_slots / sg);
    rooms[CUSIM_LIMIT_WORKGROUPS] =
        need->barrier && c->barriers < c->workgroups ? c->barriers
                                                     : c->workgroups;
    rooms[CUSIM_LIMIT_INVOCATIONS] = c->invocations / need->invocations;

    /* Registers and slots are taken together, partition by partition;
     * the CU-wide resources each on their own. */
    uint64_t all = together / sg;
    for (int l = CUSIM_LIMIT_SHARED_MEMORY; l < CUSIM_LIMIT_COUNT; l++)
        if (l != CUSIM_LIMIT_SUBGROUPS && rooms[l] < all)
            all = rooms[l];
    *fit = (uint32_t)all;
}

bool alloc_fits(const alloc_cu *c, const alloc_need *need)
{
    if (c->workgroups < 1 || (need->barrier && c->barriers < 1)
        || c->invocations < need->invocations || c->shared < need->shared)
        return false;
    uint32_t room = 0;
    for (uint32_t p = 0; p < c->n_parts; p++)
        room += part_room(c, need, p);
    return room >= need->subgroups;
}

void alloc_take(alloc_cu *c, const alloc_need *need)
{
    assert(alloc_fits(c, need));
    c->workgroups--;
    if (need->barrier)
        c->barriers--;
    c->invocations -= need->invocations;
    c->shared -= need->shared;
}

uint32_t alloc_place(alloc_cu *c, const alloc_need *need)
{
    uint32_t best = 0, best_room = part_room(c, need, 0);
    for (uint32_t p = 1; p < c->n_parts; p++) {
        uint32_t room = part_room(c, need, p);
        if (room > best_room) {
            best = p;
            best_room = room;
        }
    }
    assert(best_room > 0);
    c->part[2 * best]--;
    c->part[2 * best + 1] -= need->sg_registers;
    return best;
}

void alloc_unplace(alloc_cu *c, const alloc_need *need, uint32_t p)
{
    c->part[2 * p]++;
    c->part[2 * p + 1] += need->sg_registers;
}

void alloc_release(alloc_cu *c, const alloc_need *need)
{
    c->workgroups++;
    if (need->barrier)
        c->barriers++;
    c->invocations += need->invocations;
    c->shared += need->shared;
}
