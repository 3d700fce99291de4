/*
 * check_sim.c — golden cycle counts of the timing simulator on kernels
 * small enough to work out by hand. Every expected number is derived in the
 * comment above its test from docs/model.md's rules:
 *
 *   - a workgroup is admitted at cycle 0 and its subgroups may issue then;
 *   - an instruction's result is ready `latency[class]` cycles after issue;
 *     its unit is busy ceil(simd_width / lanes) cycles;
 *   - a global access is ceil(bytes x lanes / 32) transactions (coalesced)
 *     or one per lane (random); each takes 32 / bandwidth cycles on the
 *     GPU-wide channel and completes `latency.global` cycles after it leaves
 *     the channel (rounded up to whole cycles);
 *   - a run ends when the last workgroup's work has completed.
 *
 * The tiny GPU: one CU, one scheduler, width 32, alu latency 4, global 400,
 * barrier 1, 64 bytes per cycle, 32-byte transactions, gto.
 */
#include "cusim.h"
#include "cutest.h"
#include "program.h"

#include <string.h>

static double stall_sum(const cusim_result *r)
{
    double sum = 0;
    for (int s = 0; s < CUSIM_STALL_COUNT; s++)
        sum += r->stalls[s];
    return sum;
}

START_TEST(three_dependent_alu)
{
    /* One subgroup: a issues at 0 (ready 4), b at 4 (ready 8), c at 8
     * (ready 12). 12 scheduler-cycles: 3 issued, 6 waiting on alu results
     * (1-3, 5-7), 3 in the tail (9-11: nothing left to issue, c in flight). */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run(&hw, 32, 32, "alu a\nalu b, a\nalu c, b\n");
    ck_assert_uint_eq(r.cycles, 12);
    ck_assert_uint_eq(r.warp_instructions, 3);
    ck_assert_double_eq_tol(r.stalls[CUSIM_STALL_ISSUED], 3.0 / 12, 1e-12);
    ck_assert_double_eq_tol(r.stalls[CUSIM_STALL_DEPENDENCY], 6.0 / 12, 1e-12);
    ck_assert_double_eq_tol(r.stalls[CUSIM_STALL_TAIL], 3.0 / 12, 1e-12);
    ck_assert_double_eq_tol(stall_sum(&r), 1.0, 1e-12);
}
END_TEST

START_TEST(load_then_use)
{
    /* 32 lanes x 4 bytes = 128 bytes = 4 transactions of 32 bytes. At 64
     * bytes per cycle they leave the channel at cycles 1, 1, 2, 2 and
     * complete 400 later: x is ready at 402, y issues then, ready at 406.
     * Average latency (401 + 401 + 402 + 402) / 4 = 401.5. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run(&hw, 32, 32, "ld.global x, i bytes=4\nalu y, x\n");
    ck_assert_uint_eq(r.cycles, 406);
    ck_assert_uint_eq(r.memory_transactions, 4);
    ck_assert_uint_eq(r.memory_bytes, 128);
    ck_assert_double_eq_tol(r.avg_latency, 401.5, 1e-12);
    /* 2 issued cycles (0, 402), 401 waiting on memory (1-401), 3 in the
     * tail (403-405, y in flight). */
    ck_assert_double_eq_tol(r.stalls[CUSIM_STALL_ISSUED], 2.0 / 406, 1e-12);
    ck_assert_double_eq_tol(r.stalls[CUSIM_STALL_MEMORY], 401.0 / 406, 1e-12);
    ck_assert_double_eq_tol(r.stalls[CUSIM_STALL_TAIL], 3.0 / 406, 1e-12);
}
END_TEST

START_TEST(a_unit_busier_than_its_latency)
{
    /* One SFU lane: a subgroup's sfu keeps the unit 32 cycles, longer than
     * its 20-cycle result. y is ready at 20, but the run is over only
     * when the unit is done, at 32: its speed of light is 32 / 32 = 1,
     * not 32 / 20 (issue 25, class 9: no fraction above 1). */
    cusim_hw hw = cutest_tiny_cu();
    hw.cu.lanes[CUSIM_UNIT_SFU] = 1;
    cusim_result r = cutest_run(&hw, 32, 32, "sfu y\n");
    ck_assert_uint_eq(r.cycles, 32);
    ck_assert_double_eq_tol(r.sol_busiest_unit, 1.0, 1e-12);
}
END_TEST

START_TEST(two_subgroups_one_scheduler)
{
    /* A workgroup of 64 = two subgroups. gto: sg0 issues a at 0; at 1 sg0
     * waits (a ready at 4), so the oldest ready, sg1, issues a. Then sg0 b
     * at 4, sg1 b at 5, sg0 c at 8, sg1 c at 9 (ready 13). 13 cycles: 6
     * issued, 4 dependency (2, 3, 6, 7), 3 tail (10, 11, 12: nothing left
     * to issue, the last result in flight). */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run(&hw, 64, 64, "alu a\nalu b, a\nalu c, b\n");
    ck_assert_uint_eq(r.cycles, 13);
    ck_assert_uint_eq(r.warp_instructions, 6);
    ck_assert_double_eq_tol(r.stalls[CUSIM_STALL_ISSUED], 6.0 / 13, 1e-12);
    ck_assert_double_eq_tol(r.stalls[CUSIM_STALL_DEPENDENCY], 4.0 / 13, 1e-12);
    ck_assert_double_eq_tol(r.stalls[CUSIM_STALL_TAIL], 3.0 / 13, 1e-12);
}
END_TEST

/* The scalar unit (salu): two subgroups (a workgroup of 64) each issue
 * `salu s` then an independent `alu a` on the tiny CU (one scheduler, one
 * issue a cycle, alu 1 cycle of its pipe, results after 4). */
static const char *const scalar_then_alu = "salu s\nalu a\n";

START_TEST(scalar_in_the_issue_slot)
{
    /* cu.scalar_cycles 1, cu.scalar_issue slot (NVIDIA): every
     * instruction takes the cycle's one issue. gto: sg0's salu at 0, its
     * alu at 1 (ready 5); sg1's salu at 2, its alu at 3 (ready 7): 7
     * cycles, 4 issue slots used; the scalar unit busy 2 of 7, the alu
     * 2 of 7. */
    cusim_hw hw = cutest_tiny_cu();
    hw.cu.scalar_cycles = 1;
    hw.cu.scalar_issue = CUSIM_SCALAR_ISSUE_SLOT;
    cusim_result r = cutest_run(&hw, 64, 64, scalar_then_alu);
    ck_assert_uint_eq(r.cycles, 7);
    ck_assert_uint_eq(r.warp_instructions, 4);
    ck_assert_double_eq_tol(r.sol_compute, 4.0 / 7, 1e-12);
    ck_assert_double_eq_tol(r.sol_unit[CUSIM_SOL_SCALAR], 2.0 / 7, 1e-12);
    ck_assert_double_eq_tol(r.sol_unit[CUSIM_SOL_ALU], 2.0 / 7, 1e-12);
}
END_TEST

START_TEST(scalar_beside_the_issue_slot)
{
    /* cu.scalar_issue beside (AMD): a salu takes none of the cycle's
     * issues. At 0 sg0's salu issues beside; sg1's salu finds the scalar
     * unit busy (free at 1). At 1 sg0's alu takes the slot (gto: the
     * last issued) and sg1's salu issues beside it; at 2 sg1's alu
     * (ready 6): 6 cycles, 3 issuing and 3 of tail. Two of the four
     * instructions took a slot: sol.compute 2 / 6. */
    cusim_hw hw = cutest_tiny_cu();
    hw.cu.scalar_cycles = 1;
    hw.cu.scalar_issue = CUSIM_SCALAR_ISSUE_BESIDE;
    cusim_result r = cutest_run(&hw, 64, 64, scalar_then_alu);
    ck_assert_uint_eq(r.cycles, 6);
    ck_assert_uint_eq(r.warp_instructions, 4);
    ck_assert_double_eq_tol(r.sol_compute, 2.0 / 6, 1e-12);
    ck_assert_double_eq_tol(r.issue_utilization, 2.0 / 6, 1e-12);
    ck_assert_double_eq_tol(r.sol_unit[CUSIM_SOL_SCALAR], 2.0 / 6, 1e-12);
    ck_assert_double_eq_tol(r.stalls[CUSIM_STALL_ISSUED], 3.0 / 6, 1e-12);
    ck_assert_double_eq_tol(r.stalls[CUSIM_STALL_TAIL], 3.0 / 6, 1e-12);
}
END_TEST

START_TEST(scalar_without_a_scalar_unit)
{
    /* cu.scalar_cycles 0: salu is an alu (cu.scalar_issue beside says
     * nothing then): the same 7 cycles as in the slot, the alu pipe busy
     * 4 of 7, the scalar unit 0. */
    cusim_hw hw = cutest_tiny_cu();
    hw.cu.scalar_issue = CUSIM_SCALAR_ISSUE_BESIDE;
    cusim_result r = cutest_run(&hw, 64, 64, scalar_then_alu);
    ck_assert_uint_eq(r.cycles, 7);
    ck_assert_double_eq_tol(r.sol_unit[CUSIM_SOL_ALU], 4.0 / 7, 1e-12);
    ck_assert_double_eq(r.sol_unit[CUSIM_SOL_SCALAR], 0.0);
}
END_TEST

START_TEST(scalar_unit_busy_per_instruction)
{
    /* A GCN-like scalar unit shared by four SIMDs, each's turn every 4th
     * cycle: cu.scalar_cycles 4, whatever the width (64 here, where an
     * alu of 32 lanes is 2 cycles). One subgroup: salu a at 0 (ready 4),
     * salu b, a at 4 (the unit free at 4 too; ready 8), alu c, b at 8
     * (2 cycles of the pipe, ready 12): 12 cycles, the scalar unit busy
     * 8 of them. */
    cusim_hw hw = cutest_tiny_cu();
    hw.simd_widths[0] = 64;
    hw.cu.scalar_cycles = 4;
    hw.cu.scalar_issue = CUSIM_SCALAR_ISSUE_BESIDE;
    cusim_result r = cutest_run(&hw, 64, 64, "salu a\nsalu b, a\nalu c, b\n");
    ck_assert_uint_eq(r.cycles, 12);
    ck_assert_double_eq_tol(r.sol_unit[CUSIM_SOL_SCALAR], 8.0 / 12, 1e-12);
    ck_assert_double_eq_tol(r.sol_unit[CUSIM_SOL_ALU], 2.0 / 12, 1e-12);
    ck_assert_str_eq(r.bound_unit, "scalar");
}
END_TEST

START_TEST(barrier)
{
    /* sg0: alu a at 0, barrier at 1 (waits). sg1: alu a at 2, barrier at 3:
     * all arrived, released at 3 + 1 = 4. sg0's a is ready (4): b at 4.
     * sg1's a is ready at 6: b at 6, ready at 10. Cycle 5: sg1 waits on a. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run(&hw, 64, 64, "alu a\nbarrier\nalu b, a\n");
    ck_assert_uint_eq(r.cycles, 10);
    ck_assert_uint_eq(r.warp_instructions, 6);
}
END_TEST

/* Workgroup turnover (cu.turnover_cycles): one workgroup of 32 at a time
 * (cu.max_workgroups 1), three of them, each `alu a; alu b, a`: a issues
 * at t, b at t + 4, the workgroup retires at t + 8 (b's result). */
static const char *const two_dependent = "alu a\nalu b, a\n";

START_TEST(turnover_none)
{
    /* Each workgroup starts when the last retires: 0, 8, 16; done at 24.
     * Per workgroup 2 issued and 3 dependency cycles (t+1..t+3); t+5..t+7
     * nothing lives: idle for the first two (workgroups remain), tail for
     * the last. */
    cusim_hw hw = cutest_tiny_cu();
    hw.cu.max_workgroups = 1;
    cusim_result r = cutest_run(&hw, 32, 96, two_dependent);
    ck_assert_uint_eq(r.cycles, 24);
    ck_assert_double_eq_tol(r.stalls[CUSIM_STALL_IDLE], 6.0 / 24, 1e-12);
    ck_assert_double_eq_tol(r.stalls[CUSIM_STALL_TAIL], 3.0 / 24, 1e-12);
}
END_TEST

START_TEST(turnover_delays_each_refill)
{
    /* cu.turnover_cycles 100: the slot freed at 8 takes the next workgroup
     * at 108 (ends 116), then at 216 (ends 224). The 200 turnover cycles
     * are idle (nothing lives, workgroups remain): idle 6 + 200, tail 3,
     * issued 6, dependency 9 of 224. */
    cusim_hw hw = cutest_tiny_cu();
    hw.cu.max_workgroups = 1;
    hw.cu.turnover_cycles = 100;
    cusim_result r = cutest_run(&hw, 32, 96, two_dependent);
    ck_assert_uint_eq(r.cycles, 224);
    ck_assert_uint_eq(r.warp_instructions, 6);
    ck_assert_double_eq_tol(r.stalls[CUSIM_STALL_ISSUED], 6.0 / 224, 1e-12);
    ck_assert_double_eq_tol(r.stalls[CUSIM_STALL_DEPENDENCY], 9.0 / 224,
                            1e-12);
    ck_assert_double_eq_tol(r.stalls[CUSIM_STALL_IDLE], 206.0 / 224, 1e-12);
    ck_assert_double_eq_tol(r.stalls[CUSIM_STALL_TAIL], 3.0 / 224, 1e-12);
    ck_assert_double_eq_tol(stall_sum(&r), 1.0, 1e-12);
}
END_TEST

START_TEST(turnover_per_slot)
{
    /* Two slots (cu.max_workgroups 2), three workgroups, turnover 100:
     * wg0 issues a at 0, wg1 at 1, b at 4 and 5; they retire at 8 and 9.
     * wg2 takes wg0's slot at 108 (not wg1's, free at 109) and ends at
     * 116. A single wave pays none: two workgroups end at 9. */
    cusim_hw hw = cutest_tiny_cu();
    hw.cu.max_workgroups = 2;
    hw.cu.turnover_cycles = 100;
    cusim_result r = cutest_run(&hw, 32, 96, two_dependent);
    ck_assert_uint_eq(r.cycles, 116);
    r = cutest_run(&hw, 32, 64, two_dependent);
    ck_assert_uint_eq(r.cycles, 9);
}
END_TEST

START_TEST(bandwidth_limited_pair)
{
    /* Two subgroups each load 32 random lanes: 32 transactions = 1024 bytes
     * = 16 cycles of channel each. sg0 at 0 leaves the channel at 16, done
     * at 416; sg1 at 1 queues behind it: leaves at 32, done at 432; its alu
     * issues at 432, ready 436. The channel moved 2048 bytes. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run(&hw, 64, 64,
                         "ld.global x, i bytes=4 pattern=random\nalu y, x\n");
    ck_assert_uint_eq(r.cycles, 436);
    ck_assert_uint_eq(r.memory_bytes, 2048);
    ck_assert_uint_eq(r.memory_transactions, 64);
    /* sg0: sum over k=1..16 of 2 x (k + 400) = 13072; sg1 (issued at 1):
     * 2 x sum over k=17..32 of (k + 399) = 13552; 26624 / 64 = 416. */
    ck_assert_double_eq_tol(r.avg_latency, 416.0, 1e-12);
}
END_TEST

START_TEST(partial_subgroup_lanes)
{
    /* C12: a group of 40 on width 32 is 2 subgroups of 32 and 8 lanes:
     * 64 lanes issued for 40 invocations, 62.5%. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run(&hw, 40, 40, "alu a\n");
    ck_assert_uint_eq(r.subgroups, 2);
    ck_assert_uint_eq(r.lane_instructions, 40);
    ck_assert_double_eq_tol(r.simd_efficiency, 0.625, 1e-12);
}
END_TEST

START_TEST(partial_last_workgroup)
{
    /* 100 elements in groups of 64: the second group has 36 invocations,
     * subgroups of 32 and 4 lanes. Per instruction 100 lanes of 128. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run(&hw, 64, 100, "alu a\nalu b, a\n");
    ck_assert_uint_eq(r.workgroups, 2);
    ck_assert_uint_eq(r.invocations, 100);
    ck_assert_uint_eq(r.lane_instructions, 200);
    ck_assert_uint_eq(r.warp_instructions, 8);
    ck_assert_double_eq_tol(r.simd_efficiency, 100.0 / 128, 1e-12);
}
END_TEST

START_TEST(loops_repeat)
{
    /* repeat 5 of a dependent alu: 5 issues 4 cycles apart, last ready at
     * 4 x 5 = 20; a zero-count loop issues nothing. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run(&hw, 32, 32,
                         "repeat 5 {\n  alu x, x\n}\nrepeat 0 {\n  alu y\n}\n");
    ck_assert_uint_eq(r.cycles, 20);
    ck_assert_uint_eq(r.warp_instructions, 5);
}
END_TEST

/* ------------------------------------------ speed of light and shape */

START_TEST(sol_dependent_alu)
{
    /* three_dependent_alu with 16 alu lanes: each alu keeps the unit busy
     * ceil(32 / 16) = 2 cycles, less than the 4-cycle latency, so the run
     * still takes 12 cycles. One partition, one issue slot a cycle: 3 of
     * 12 slots used (sol.compute 0.25); the alu unit busy 3 x 2 = 6 of 12
     * (sol.busiest_unit 0.5). No global traffic: sol.memory and the
     * intensity are 0. 3 x 32 lanes / 12 cycles = 8 lanes a cycle; the
     * ridge is 1 x min(1 x 32, 16) / 64 = 0.25. One workgroup of the 8 a
     * CU holds (subgroup slots: 8 / 1): 0.125 waves; one subgroup resident
     * for all 12 cycles of 8 slots: achieved 0.125 against theoretical 1.
     * Both SOLs under 0.6, under a wave, achieved under half: small_grid. */
    cusim_hw hw = cutest_tiny_cu();
    hw.cu.lanes[CUSIM_UNIT_ALU] = 16;
    cusim_result r = cutest_run(&hw, 32, 32, "alu a\nalu b, a\nalu c, b\n");
    ck_assert_uint_eq(r.cycles, 12);
    ck_assert_double_eq_tol(r.sol_compute, 0.25, 1e-12);
    ck_assert_double_eq_tol(r.sol_busiest_unit, 0.5, 1e-12);
    ck_assert_double_eq(r.sol_memory, 0.0);
    ck_assert_double_eq(r.arithmetic_intensity, 0.0);
    ck_assert_double_eq_tol(r.roofline_performance, 8.0, 1e-12);
    ck_assert_double_eq_tol(r.roofline_ridge, 0.25, 1e-12);
    ck_assert_double_eq_tol(r.waves, 0.125, 1e-12);
    ck_assert_double_eq_tol(r.achieved_occupancy, 0.125, 1e-12);
    ck_assert_str_eq(r.bound, "small_grid");
}
END_TEST

START_TEST(sol_load_then_use)
{
    /* load_then_use: 406 cycles, 128 bytes: sol.memory 128 / (406 x 64).
     * Two issue slots used of 406; the mem and alu units each busy one
     * cycle. One alu of 32 lanes per 128 bytes: intensity 0.25; 32 lanes
     * in 406 cycles. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run(&hw, 32, 32, "ld.global x, i bytes=4\nalu y, x\n");
    ck_assert_uint_eq(r.cycles, 406);
    ck_assert_double_eq_tol(r.sol_memory, 128.0 / (406 * 64), 1e-12);
    ck_assert_double_eq_tol(r.sol_compute, 2.0 / 406, 1e-12);
    ck_assert_double_eq_tol(r.sol_busiest_unit, 1.0 / 406, 1e-12);
    ck_assert_double_eq_tol(r.arithmetic_intensity, 0.25, 1e-12);
    ck_assert_double_eq_tol(r.roofline_performance, 32.0 / 406, 1e-12);
}
END_TEST

START_TEST(sol_units_shared_pipe)
{
    /* Each unit's speed of light, worked by hand: one subgroup issues 4
     * independent ld.shared, then an alu, on the tiny CU with 8 shared
     * lanes and no bank model (one pass each). Each ld.shared keeps the
     * shared pipe ceil(32 / 8) = 4 cycles: they issue at 0, 4, 8 and 12
     * (the pipe is busy in between), the alu at 13 (1 cycle of its pipe,
     * ready at 17); the last load's result is ready at 12 + 30 = 42, the
     * run's end. Shares of the 42 cycles of the one partition: shared
     * 4 x 4 = 16 / 42, alu 1 / 42, sfu and mem 0; the flat model's dram
     * is its channel, idle: 0; no l1, l2 (-1: none). The top: shared,
     * then alu, then sfu at 0 ahead of mem and dram at 0 (the fixed
     * order); 16 / 42 = 38.1% and 1 / 42 = 2.4% round to 38% and 2%. */
    cusim_hw hw = cutest_tiny_cu();
    hw.cu.lanes[CUSIM_UNIT_SHARED] = 8;
    cusim_result r = cutest_run(&hw, 32, 32,
                                "ld.shared a, i bytes=4\n"
                                "ld.shared b, i bytes=4\n"
                                "ld.shared c, i bytes=4\n"
                                "ld.shared d, i bytes=4\n"
                                "alu e, i\n");
    ck_assert_uint_eq(r.cycles, 42);
    ck_assert_double_eq_tol(r.sol_unit[CUSIM_SOL_SHARED], 16.0 / 42, 1e-12);
    ck_assert_double_eq_tol(r.sol_unit[CUSIM_SOL_ALU], 1.0 / 42, 1e-12);
    ck_assert_double_eq(r.sol_unit[CUSIM_SOL_SFU], 0.0);
    ck_assert_double_eq(r.sol_unit[CUSIM_SOL_MEM], 0.0);
    ck_assert_double_eq(r.sol_unit[CUSIM_SOL_DRAM], 0.0);
    ck_assert(r.sol_unit[CUSIM_SOL_L1] < 0 && r.sol_unit[CUSIM_SOL_L2] < 0);
    ck_assert_double_eq_tol(r.sol_busiest_unit, 16.0 / 42, 1e-12);
    ck_assert_str_eq(r.busiest_unit_name, "shared");
    ck_assert_str_eq(r.bound_unit, "shared");
    cusim_report rep = { .n = 0 };
    cusim_report_result(&rep, &r);
    const cusim_field *top = NULL;
    for (int i = 0; i < rep.n; i++)
        if (strcmp(rep.fields[i].key, "sol.top_units") == 0)
            top = &rep.fields[i];
    ck_assert_ptr_nonnull(top);
    ck_assert_str_eq(top->s, "shared 38%  alu 2%  sfu 0%");
}
END_TEST

START_TEST(bound_bandwidth)
{
    /* 64 workgroups of 8 subgroups, each lane loading and storing one
     * random 4-byte word: 32 transactions = 16 channel cycles per
     * instruction, against 2 issue slots. With a 100-cycle latency the
     * channel needs 64 x 100 bytes = 200 transactions in flight to stay
     * busy; 8 subgroups of 64 transactions (the cap raised to 1024) keep
     * it so (sol.memory near 1), the issue slots nearly idle. */
    cusim_hw hw = cutest_tiny_cu();
    hw.latency[CUSIM_LAT_GLOBAL] = 100;
    hw.memory.max_inflight = 1024;
    cusim_result r = cutest_run(&hw, 256, 64 * 256,
                         "ld.global x, i bytes=4 pattern=random\n"
                         "st.global x, i bytes=4 pattern=random\n");
    ck_assert_double_ge(r.sol_memory, 0.95);
    ck_assert_double_lt(r.sol_compute, 0.1);
    ck_assert_double_eq_tol(r.waves, 64.0, 1e-12);
    ck_assert_str_eq(r.bound, "bandwidth");
}
END_TEST

START_TEST(bound_compute)
{
    /* 8 resident subgroups of 64 dependent alus each (latency 4): some
     * subgroup is always ready, so the one issue slot is used nearly every
     * cycle, over 16 waves. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_result r = cutest_run(&hw, 256, 16 * 256, "repeat 64 {\n  alu x, x\n}\n");
    ck_assert_double_ge(r.sol_compute, 0.95);
    ck_assert_double_eq(r.sol_memory, 0.0);
    ck_assert_str_eq(r.bound, "compute");
}
END_TEST

START_TEST(bound_latency)
{
    /* One workgroup slot, so one resident subgroup, that loads and then
     * uses: 8 waves of 406 cycles in which the channel moves 128 bytes and
     * 2 instructions issue. Far from both throughputs but the GPU was full
     * (its one slot taken): latency, not small_grid. */
    cusim_hw hw = cutest_tiny_cu();
    hw.cu.max_workgroups = 1;
    cusim_result r = cutest_run(&hw, 32, 8 * 32, "ld.global x, i bytes=4\nalu y, x\n");
    ck_assert_double_eq_tol(r.waves, 8.0, 1e-12);
    ck_assert_double_lt(r.sol_memory, 0.01);
    ck_assert_double_lt(r.sol_compute, 0.01);
    ck_assert_str_eq(r.bound, "latency");
}
END_TEST

/* The shipped files, on the shipped profiles. */
static cusim_result run_files(const char *hw_path, const char *kernel_path,
                              const cusim_set *sets, size_t n_sets,
                              cusim_hw *hw, cusim_kernel *k)
{
    cusim_error err;
    if (cusim_hw_load(cutest_path(hw_path), sets, n_sets, hw, &err) != 0
        || cusim_kernel_load(cutest_path(kernel_path), sets, n_sets, k,
                             &err) != 0)
        ck_abort_msg("load: %s", err.message);
    cusim_result r;
    if (cusim_simulate(hw, k, NULL, &r, NULL, &err) != 0)
        ck_abort_msg("simulate: %s", err.message);
    return r;
}

START_TEST(bound_why_copy_inflight_cap)
{
    /* Issue 8's first case: copy on nvidia-sm90 with 32 transactions in
     * flight per CU is held by the cap, not the pipes: its issue slots are
     * 0.1% used and its channel about 12%: latency, not compute. (The
     * flat model's cap, as issue 8 measured it.) */
    cusim_set set[] = { { "hw.memory.max_inflight", "32", "test", 1, 1 },
                        { "hw.cache.l2.bytes", "0", "test", 2, 1 } };
    cusim_hw hw;
    cusim_kernel k;
    cusim_result r = run_files("configs/hw/nvidia-sm90.yaml",
                               "workloads/copy.yaml", set, 2, &hw, &k);
    ck_assert_double_lt(r.sol_compute, 0.01);
    ck_assert_double_lt(r.sol_memory, 0.2);
    ck_assert_str_eq(r.bound, "latency");
    cusim_kernel_free(&k);
}
END_TEST

START_TEST(bound_why_latency_bound_small_grid)
{
    /* Issue 8's third case: latency-bound on nvidia-sm90 is 65536 / 64 =
     * 1024 workgroups against 132 CUs x 32 resident (workgroup slots):
     * 1024 / 4224 waves; achieved occupancy about 0.23 of 1: small_grid.
     * (With no shared memory: the shipped 32 KiB per group limit residency
     * instead.) */
    cusim_set set[] = { { "kernel.shared_bytes", "0", "test", 1, 1 } };
    cusim_hw hw;
    cusim_kernel k;
    cusim_result r = run_files("configs/hw/nvidia-sm90.yaml",
                               "workloads/latency-bound.yaml", set, 1, &hw,
                               &k);
    ck_assert_uint_eq(r.occupancy.workgroups_per_cu, 32);
    ck_assert_double_eq_tol(r.waves, 1024.0 / 4224, 1e-12);
    ck_assert_double_eq(r.occupancy.theoretical, 1.0);
    ck_assert_double_lt(r.achieved_occupancy, 0.5);
    ck_assert_str_eq(r.bound, "small_grid");
    cusim_kernel_free(&k);
}
END_TEST

START_TEST(dispatches_of_reduction)
{
    /* reduction: pass 1 over 1048576 elements in groups of 256 (4096
     * workgroups), pass 2 over its 4096 partials (16 workgroups). Each
     * dispatch's cycles are its own, so they add up to the run's; each
     * one's theoretical occupancy is its own static one; the waves add up. */
    static const char *const profiles[] = { "configs/hw/seed-cu.yaml",
                                            "configs/hw/nvidia-sm90.yaml" };
    for (int i = 0; i < 2; i++) {
        cusim_hw hw;
        cusim_kernel k;
        cusim_result r = run_files(profiles[i], "workloads/reduction.yaml",
                                   NULL, 0, &hw, &k);
        ck_assert_uint_eq(r.dispatches, 2);
        ck_assert_uint_eq(r.dispatch[0].cycles + r.dispatch[1].cycles,
                          r.cycles);
        ck_assert_uint_gt(r.dispatch[1].cycles, 0);
        cusim_occupancy occ[2];
        cusim_error err;
        ck_assert_int_eq(cusim_occupancy_compute(&hw, &k, &occ[0], &err), 0);
        ck_assert_ptr_nonnull(k.next);
        ck_assert_int_eq(cusim_occupancy_compute(&hw, k.next, &occ[1], &err),
                         0);
        double waves = 0;
        for (int d = 0; d < 2; d++) {
            ck_assert_double_eq(r.dispatch[d].theoretical,
                                occ[d].theoretical);
            ck_assert_double_le(r.dispatch[d].achieved,
                                r.dispatch[d].theoretical);
            waves += r.dispatch[d].waves;
        }
        ck_assert_double_eq_tol(r.dispatch[0].waves,
                                4096.0 / (hw.compute_units
                                          * occ[0].workgroups_per_cu), 1e-12);
        ck_assert_double_eq_tol(r.dispatch[1].waves,
                                16.0 / (hw.compute_units
                                        * occ[1].workgroups_per_cu), 1e-12);
        ck_assert_double_eq_tol(r.waves, waves, 1e-12);
        /* 16 workgroups cannot fill a GPU of 30 or 132 CUs. */
        ck_assert_str_eq(r.dispatch[1].bound, "small_grid");
        /* The hierarchy's per dispatch (nvidia-sm90; none on seed-cu):
         * every access is a subgroup's 32 x 4 coalesced bytes, 4 sectors
         * of 32 asked of the L1, a load and a store per invocation: pass
         * 1 asks 1048576 x 8 = 8388608 bytes, pass 2 4096 x 8 = 32768.
         * The bytes sum to the run's, and the hit rates weighted by
         * their bytes give the run's. */
        ck_assert(r.dispatch[0].hierarchy == r.hierarchy
                  && r.dispatch[1].hierarchy == r.hierarchy);
        ck_assert(r.hierarchy == (i == 1));
        if (r.hierarchy) {
            const cusim_dispatch_result *d0 = &r.dispatch[0],
                                        *d1 = &r.dispatch[1];
            ck_assert_uint_eq(d0->l1_bytes, 8388608);
            ck_assert_uint_eq(d1->l1_bytes, 32768);
            ck_assert_uint_eq(d0->l1_bytes + d1->l1_bytes, r.l1_bytes);
            ck_assert_uint_eq(d0->l2_bytes + d1->l2_bytes, r.l2_bytes);
            ck_assert_uint_eq(d0->dram_bytes + d1->dram_bytes, r.dram_bytes);
            ck_assert_double_eq_tol(d0->l1_hit_rate * d0->l1_bytes
                                    + d1->l1_hit_rate * d1->l1_bytes,
                                    r.l1_hit_rate * r.l1_bytes, 1e-6);
            ck_assert_double_eq_tol(d0->l2_hit_rate * d0->l2_bytes
                                    + d1->l2_hit_rate * d1->l2_bytes,
                                    r.l2_hit_rate * r.l2_bytes, 1e-6);
            /* the levels' speeds of light are busy time over cycles:
             * weighted by each span's cycles they give the run's */
            ck_assert_double_eq_tol(d0->sol_dram * d0->cycles
                                    + d1->sol_dram * d1->cycles,
                                    r.sol_dram * r.cycles, 1e-6);
            ck_assert_double_eq_tol(d0->sol_l1 * d0->cycles
                                    + d1->sol_l1 * d1->cycles,
                                    r.sol_l1 * r.cycles, 1e-6);
            ck_assert_double_eq_tol(d0->sol_l2 * d0->cycles
                                    + d1->sol_l2 * d1->cycles,
                                    r.sol_l2 * r.cycles, 1e-6);
        }
        cusim_kernel_free(&k);
    }
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("sim");
    TCase *golden = tcase_create("golden");
    tcase_add_test(golden, three_dependent_alu);
    tcase_add_test(golden, a_unit_busier_than_its_latency);
    tcase_add_test(golden, load_then_use);
    tcase_add_test(golden, two_subgroups_one_scheduler);
    tcase_add_test(golden, barrier);
    tcase_add_test(golden, scalar_in_the_issue_slot);
    tcase_add_test(golden, scalar_beside_the_issue_slot);
    tcase_add_test(golden, scalar_without_a_scalar_unit);
    tcase_add_test(golden, scalar_unit_busy_per_instruction);
    tcase_add_test(golden, turnover_none);
    tcase_add_test(golden, turnover_delays_each_refill);
    tcase_add_test(golden, turnover_per_slot);
    tcase_add_test(golden, bandwidth_limited_pair);
    tcase_add_test(golden, partial_subgroup_lanes);
    tcase_add_test(golden, partial_last_workgroup);
    tcase_add_test(golden, loops_repeat);
    suite_add_tcase(s, golden);
    TCase *sol = tcase_create("sol");
    tcase_add_test(sol, sol_dependent_alu);
    tcase_add_test(sol, sol_load_then_use);
    tcase_add_test(sol, sol_units_shared_pipe);
    tcase_add_test(sol, bound_bandwidth);
    tcase_add_test(sol, bound_compute);
    tcase_add_test(sol, bound_latency);
    tcase_add_test(sol, bound_why_copy_inflight_cap);
    tcase_add_test(sol, bound_why_latency_bound_small_grid);
    tcase_add_test(sol, dispatches_of_reduction);
    tcase_set_timeout(sol, 120);
    suite_add_tcase(s, sol);
    return s;
}

CUTEST_MAIN(make_suite)
