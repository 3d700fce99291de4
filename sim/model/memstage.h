/*
 * memstage.h — the hierarchy's stage latencies, derived from the profile's
 * end-to-end figures (hier.h), which are those of one sector, unloaded, as
 * a pointer chase measures them: an L1 hit takes cache.l1.latency, an L2
 * hit cache.l2.latency, a DRAM access (a row miss) dram.latency.
 *
 * An L2 hit is to_l2 (the crossbar down) + its slice transfer + back2 (the
 * way back), the split halved, the odd cycle going back. A DRAM access
 * adds d_out + a row miss + its channel transfer + d_back, where d_out is
 * one cycle (a slice sits beside its channel's controller: a request
 * waits in the channel's queue, not on a wire) and d_back the rest: the
 * column access, the PHY and the way back after the read's transfer, a
 * pipeline the channel does not wait for (it reads the next request the
 * next bus slot), so a channel's throughput is its bus rate whatever
 * dram.latency is.
 */
#ifndef CUSIM_MEMSTAGE_H
#define CUSIM_MEMSTAGE_H

#include <stdint.h>

#include "cusim.h"
#include "intmath.h"

typedef struct memstage {
    uint32_t to_l2, back2;    /* L1 to the L2 slice, and back */
    uint32_t d_out, d_back;   /* L2 to the DRAM channel, and back */
} memstage;

static inline memstage memstage_of(const cusim_hw *hw)
{
    memstage s;
    uint64_t sector = hw->cache.l1.sector;
    uint32_t xs = (uint32_t)div_up(sector * hw->cache.l2.slices,
                                   hw->cache.l2.bytes_per_cycle);
    uint32_t l2lat = hw->cache.l2.latency;
    uint32_t rest2 = l2lat > xs + 1 ? l2lat - xs : 1;
    s.to_l2 = rest2 / 2 ? rest2 / 2 : 1;
    s.back2 = rest2 - s.to_l2;
    uint32_t xd = (uint32_t)div_up(sector * hw->dram.channels,
                                   hw->dram.bytes_per_cycle);
    uint64_t below = (uint64_t)l2lat + hw->dram.row_miss_cycles + xd;
    uint32_t restd = hw->dram.latency > below + 1
                     ? (uint32_t)(hw->dram.latency - below) : 1;
    s.d_out = 1;
    s.d_back = restd - 1;
    return s;
}

#endif /* CUSIM_MEMSTAGE_H */
