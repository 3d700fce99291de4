/*
 * rule_apple.c — Apple GPU occupancy rules (cu.rules: apple): Metal's
 * limits (Apple, "Metal Feature Set Tables": 32 KiB of threadgroup memory
 * and 1024 threads per threadgroup, SIMD-groups of 32) and the register
 * rule of the Asahi Linux AGX compiler (Mesa, src/asahi/compiler/
 * agx_occupancy.c): the most threads resident for a register count, a
 * table whose every entry is 64 x floor(106496 half-registers / (64 x
 * half-registers used)) up to 1024 threads, i.e. a 208 KiB register file
 * allocated to pairs of SIMD-groups — alloc_need_common's partition rule
 * with two partitions of 26624 32-bit registers, allocated in units of 4
 * registers per lane (agx's register-file alignment of 8 half-registers).
 *
 * Apple publishes none of the register figures; the profiles mark them as
 * estimates (docs/profiles.md).
 */
#include "alloc.h"

int alloc_rule_APPLE(const cusim_hw *hw, const cusim_kernel *k,
                     uint32_t width, uint32_t registers, alloc_need *need,
                     cusim_error *err)
{
    return alloc_need_common(hw, k, width, registers, need, err);
}
