/*
 * check_report.c — the output field table (sim/output/fields.def), the reports it
 * drives, the enum tables' names, the JSON escaper, CSV quoting, and
 * `cusim fields`.
 *
 * The expected keys and outputs below are written out by hand, not taken
 * from the table, so a change to the table that changes an output fails
 * here.
 */
#include <math.h>
#include <stdlib.h>

#include "cusim.h"
#include "cutest.h"
#include "json.h"

/* What `print` writes, as a string the caller frees. */
#define CAPTURE(text, print)                                              \
    do {                                                                  \
        size_t size_;                                                     \
        FILE *f_ = open_memstream(&(text), &size_);                       \
        ck_assert_ptr_nonnull(f_);                                        \
        print;                                                            \
        ck_assert_int_eq(fclose(f_), 0);                                  \
    } while (0)
#define OUT f_

static bool starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* The C4 worked example, version A (docs/claims.md), with the workgroup
 * slots made unlimited so a limit prints as none. */
static cusim_occupancy c4_a(void)
{
    cusim_occupancy o = {
        .simd_width = 32, .subgroup_size_min = 32, .subgroup_size_max = 32,
        .registers_per_invocation = 40,
        .registers_source = CUSIM_REGISTERS_GIVEN,
        .subgroups_per_workgroup = 8, .registers_per_subgroup = 1280,
        .shared_per_workgroup = 1296,
        .limits = { [CUSIM_LIMIT_REGISTERS] = 6,
                    [CUSIM_LIMIT_SHARED_MEMORY] = 50,
                    [CUSIM_LIMIT_SUBGROUPS] = 8,
                    [CUSIM_LIMIT_WORKGROUPS] = CUSIM_UNLIMITED,
                    [CUSIM_LIMIT_INVOCATIONS] = 8 },
        .limiter = CUSIM_LIMIT_REGISTERS, .workgroups_per_cu = 6,
        .subgroups_per_cu = 48, .invocations_per_cu = 1536,
        .theoretical = 0.75,
        /* 768 first holds 2 groups = 1536 invocations (the most the
         * registers allow); 2 per CU on the seed's 30 CUs */
        .best_workgroup_size = 768, .best_grid = 60,
    };
    return o;
}

/* The keys of cusim sim's report after hw and kernel, as docs/model.md's
 * field table and the shipped outputs have them. */
static const char *const sim_keys[] = {
    "cycles", "time_us", "workgroups", "subgroups", "invocations",
    "warp_instructions", "lane_instructions", "simd_efficiency",
    "branches", "divergent_branches", "branch_efficiency",
    "simd_width", "occupancy.theoretical", "occupancy.achieved",
    "occupancy.achieved_active", "occupancy.limiter", "occupancy.workgroups_per_cu",
    "occupancy.subgroups_per_cu", "occupancy.invocations_per_cu",
    "occupancy.peak_workgroups_per_cu", "occupancy.limits.registers",
    "occupancy.limits.shared_memory", "occupancy.limits.subgroups",
    "occupancy.limits.workgroups", "occupancy.limits.invocations",
    "issue.ipc", "issue.utilization", "stalls.issued", "stalls.memory",
    "stalls.dependency", "stalls.barrier", "stalls.memory_throttle",
    "stalls.pipe_busy", "stalls.idle", "stalls.tail", "warp_states.issued",
    "warp_states.eligible", "warp_states.long_scoreboard",
    "warp_states.short_scoreboard", "warp_states.barrier",
    "warp_states.memory_throttle", "warp_states.pipe_busy",
    "warp_states.cycles_per_issue", "memory.transactions", "memory.bytes",
    "memory.bandwidth_utilization", "memory.avg_latency",
    "memory.avg_inflight", "l1.requests", "l1.bytes", "l1.hit_rate",
    "l1.pending_hits", "l1.sectors_per_request", "l1.reservation_fails",
    "l2.bytes", "l2.hit_rate", "l2.pending_hits", "l2.reservation_fails", "dram.bytes", "dram.row_hit_rate", "dram.bandwidth_utilization", "sol.compute",
    "sol.busiest_unit", "sol.memory", "sol.l1", "sol.l2", "sol.dram",
    "sol.unit.alu", "sol.unit.sfu", "sol.unit.shared", "sol.unit.mem",
    "sol.unit.scalar", "sol.unit.l1", "sol.unit.l2", "sol.unit.dram", "sol.unit.atomic",
    "sol.busiest_unit_name",
    "sol.top_units",
    "waves", "arithmetic_intensity", "roofline.performance",
    "roofline.ridge", "roofline.dram_intensity", "bound", "bound_unit",
    "dispatches",
    "sim.host_seconds",
    "sim.warp_instructions_per_second",
};
#define N_SIM_KEYS (sizeof sim_keys / sizeof sim_keys[0])

/* The keys of each dispatch of a run of two or more, after sim_keys, as
 * dispatch[N].KEY. */
static const char *const dispatch_keys[] = {
    "cycles", "occupancy.theoretical", "occupancy.achieved", "l1.bytes",
    "l1.hit_rate", "l2.bytes", "l2.hit_rate", "dram.bytes", "sol.compute",
    "sol.busiest_unit", "sol.memory", "sol.l1", "sol.l2", "sol.dram",
    "waves", "bound",
};
#define N_DISPATCH_KEYS (sizeof dispatch_keys / sizeof dispatch_keys[0])

/* ------------------------------------------------------------ reports */

START_TEST(occupancy_report_c4_json)
{
    cusim_report *r = calloc(1, sizeof *r);
    cusim_occupancy o = c4_a();
    cusim_report_occupancy(r, &o);
    char *text = NULL;
    CAPTURE(text, cusim_report_print(r, CUSIM_FORMAT_JSON, OUT));
    ck_assert_str_eq(text,
        "{\"simd_width\":32,\"subgroup_size_min\":32,"
        "\"subgroup_size_max\":32,\"registers_per_invocation\":40,"
        "\"registers_source\":\"given\",\"subgroups_per_workgroup\":8,\"registers_per_subgroup\":1280,"
        "\"shared_per_workgroup\":1296,\"occupancy\":{\"theoretical\":0.75,"
        "\"limiter\":\"registers\",\"workgroups_per_cu\":6,"
        "\"subgroups_per_cu\":48,\"invocations_per_cu\":1536,\"limits\":"
        "{\"registers\":6,\"shared_memory\":50,\"subgroups\":8,"
        "\"workgroups\":null,\"invocations\":8},"
        "\"best_workgroup_size\":768,\"best_grid\":60}}\n");
    free(text);
    free(r);
}
END_TEST

START_TEST(result_report_keys_and_values)
{
    cusim_result res;
    memset(&res, 0, sizeof res);
    res.occupancy = c4_a();
    res.occupancy.limiter = CUSIM_LIMIT_SHARED_MEMORY;
    res.cycles = 1234;
    res.time_us = 0.5;
    res.stalls[CUSIM_STALL_MEMORY_THROTTLE] = 0.25;
    res.stalls[CUSIM_STALL_TAIL] = 0.75;
    res.warp_states[CUSIM_WS_SHORT_SCOREBOARD] = 0.5;
    res.warp_states[CUSIM_WS_PIPE_BUSY] = 0.5;
    res.cycles_per_issue = 12.5;
    res.memory_bytes = 4096;
    res.sol_memory = 0.5;
    res.waves = 1.5;
    res.roofline_ridge = 8;
    res.bound = "latency";
    res.bound_unit = "dram";
    /* the flat model's units: no l1, l2, atomic (-1: none); dram is
     * sol.memory */
    const double units[CUSIM_SOL_UNIT_COUNT] = {
        [CUSIM_SOL_ALU] = 0.25, [CUSIM_SOL_SFU] = 0,
        [CUSIM_SOL_SHARED] = 0.1875, [CUSIM_SOL_MEM] = 0.0625,
        [CUSIM_SOL_SCALAR] = 0, [CUSIM_SOL_L1] = -1, [CUSIM_SOL_L2] = -1,
        [CUSIM_SOL_DRAM] = 0.5, [CUSIM_SOL_ATOMIC] = -1 };
    memcpy(res.sol_unit, units, sizeof units);
    res.busiest_unit_name = "alu";
    res.dispatches = 2;
    res.dispatch[0] = (cusim_dispatch_result){
        .cycles = 1000, .theoretical = 0.75, .achieved = 0.5,
        .sol_compute = 0.25, .sol_busiest_unit = 0.125, .sol_memory = 0.0625,
        .waves = 1.5, .bound = "balanced" };
    res.dispatch[1] = (cusim_dispatch_result){
        .cycles = 234, .theoretical = 1, .bound = "small_grid" };
    res.host_seconds = NAN;
    cusim_report *r = calloc(1, sizeof *r);
    cusim_report_result(r, &res);
    ck_assert_int_eq(r->n, (int)(N_SIM_KEYS + 2 * N_DISPATCH_KEYS));
    for (size_t i = 0; i < N_SIM_KEYS; i++)
        ck_assert_str_eq(r->fields[i].key, sim_keys[i]);
    for (size_t i = 0; i < 2 * N_DISPATCH_KEYS; i++) {
        char key[64];
        snprintf(key, sizeof key, "dispatch[%zu].%s", i / N_DISPATCH_KEYS,
                 dispatch_keys[i % N_DISPATCH_KEYS]);
        ck_assert_str_eq(r->fields[N_SIM_KEYS + i].key, key);
    }
    char *text = NULL;
    CAPTURE(text, cusim_report_print(r, CUSIM_FORMAT_CSV, OUT));
    const char *row = strchr(text, '\n') + 1;
    /* cycles .. simd_width; occupancy.*; issue.*; stalls.*;
     * warp_states.*; memory.*, then the hierarchy's l1.* (6), l2.* (4),
     * dram.* (3)
     * (none: no hierarchy); sol.* (the levels' none; the units', their
     * top three at whole percents: 18.75 rounds to 19), waves,
     * arithmetic_intensity, roofline.* (dram_intensity none); bound,
     * bound_unit, dispatches;
     * sim.* (NaN prints empty); dispatch[0].*, dispatch[1].* (their
     * hierarchy's none). */
    ck_assert_str_eq(row,
        "1234,0.5,0,0,0,0,0,0,0,0,0,32,"
        "0.75,0,0,shared_memory,6,48,1536,0,6,50,8,,8,"
        "0,0,"
        "0,0,0,0,0.25,0,0,0.75,"
        "0,0,0,0.5,0,0,0.5,12.5,"
        "0,4096,0,0,0,,,,,,,,,,,,,,"
        "0,0,0.5,,,,0.25,0,0.1875,0.0625,0,,,0.5,,alu,"
        "dram 50%  alu 25%  shared 19%,1.5,0,0,8,,"
        "latency,dram,2,,0,"
        "1000,0.75,0.5,,,,,,0.25,0.125,0.0625,,,,1.5,balanced,"
        "234,1,0,,,,,,0,0,0,,,,0,small_grid\n");
    free(text);
    free(r);
}
END_TEST

/* A run of one dispatch has no dispatch[N].* rows; JSON nests the rows of
 * two at their dots, one object per dispatch. */
START_TEST(result_report_dispatch_rows)
{
    cusim_result res;
    memset(&res, 0, sizeof res);
    res.occupancy = c4_a();
    res.bound = "compute";
    res.bound_unit = "alu";
    res.busiest_unit_name = "alu";
    res.dispatches = 1;
    res.dispatch[0].bound = "compute";
    cusim_report *r = calloc(1, sizeof *r);
    cusim_report_result(r, &res);
    ck_assert_int_eq(r->n, (int)N_SIM_KEYS);
    r->n = 0;
    res.dispatches = 2;
    /* dispatch 0 with the hierarchy's figures, dispatch 1 without (none) */
    res.dispatch[0] = (cusim_dispatch_result){
        .cycles = 7, .theoretical = 1, .achieved = 0.5, .sol_compute = 0.25,
        .sol_busiest_unit = 0.25, .sol_memory = 0.75, .waves = 2,
        .bound = "balanced", .hierarchy = true, .l1_bytes = 4096,
        .l1_hit_rate = 0.5, .l2_bytes = 2048, .l2_hit_rate = 0.25,
        .dram_bytes = 1536, .sol_l1 = 0.75, .sol_l2 = 0.125,
        .sol_dram = 0.0625 };
    res.dispatch[1] = (cusim_dispatch_result){
        .cycles = 3, .theoretical = 0.5, .achieved = 0.125, .waves = 0.5,
        .bound = "small_grid" };
    cusim_report_result(r, &res);
    char *text = NULL;
    CAPTURE(text, cusim_report_print(r, CUSIM_FORMAT_JSON, OUT));
    ck_assert_ptr_nonnull(strstr(text,
        ",\"dispatch[0]\":{\"cycles\":7,\"occupancy\":{\"theoretical\":1,"
        "\"achieved\":0.5},\"l1\":{\"bytes\":4096,\"hit_rate\":0.5},"
        "\"l2\":{\"bytes\":2048,\"hit_rate\":0.25},\"dram\":{\"bytes\":1536},"
        "\"sol\":{\"compute\":0.25,\"busiest_unit\":0.25,\"memory\":0.75,"
        "\"l1\":0.75,\"l2\":0.125,\"dram\":0.0625},\"waves\":2,"
        "\"bound\":\"balanced\"},"
        "\"dispatch[1]\":{\"cycles\":3,\"occupancy\":{\"theoretical\":0.5,"
        "\"achieved\":0.125},\"l1\":{\"bytes\":null,\"hit_rate\":null},"
        "\"l2\":{\"bytes\":null,\"hit_rate\":null},\"dram\":{\"bytes\":null},"
        "\"sol\":{\"compute\":0,\"busiest_unit\":0,\"memory\":0,\"l1\":null,"
        "\"l2\":null,\"dram\":null},\"waves\":0.5,"
        "\"bound\":\"small_grid\"}}\n"));
    free(text);
    free(r);
}
END_TEST

/* String fields in CSV are written by csv.c's field writer: quoted, with
 * quotes doubled, when they hold a comma, a quote, LF or CR. */
START_TEST(csv_quoting)
{
    cusim_report *r = calloc(1, sizeof *r);
    cusim_report_string(r, "a", "plain");
    cusim_report_string(r, "b", "x,y");
    cusim_report_string(r, "c", "say \"hi\"");
    cusim_report_string(r, "d", "cr\rhere");
    cusim_report_string(r, "e", "two\nlines");
    cusim_report_string(r, "f", "");
    cusim_report_int(r, "g", -3);
    char *text = NULL;
    CAPTURE(text, cusim_report_print(r, CUSIM_FORMAT_CSV, OUT));
    ck_assert_str_eq(text, "a,b,c,d,e,f,g\n"
                     "plain,\"x,y\",\"say \"\"hi\"\"\",\"cr\rhere\","
                     "\"two\nlines\",,-3\n");
    free(text);
    free(r);
}
END_TEST

/* ---------------------------------------------------------- the table */

START_TEST(table_covers_the_reports)
{
    size_t n_sim = 0, n_occ = 0, n_dispatch = 0, n = 0;
    const cusim_field_desc *d;
    for (; (d = cusim_field_at(n)); n++) {
        ck_assert(d->type != CUSIM_VALUE_NONE);
        ck_assert(*d->key && *d->unit && *d->meaning && *d->source);
        ck_assert(d->in & (CUSIM_IN_SIM | CUSIM_IN_OCCUPANCY));
        if (d->in & CUSIM_IN_CALLER)
            continue;
        if (d->in & CUSIM_IN_DISPATCH) {
            char key[64];
            ck_assert_uint_lt(n_dispatch, N_DISPATCH_KEYS);
            snprintf(key, sizeof key, "dispatch[N].%s",
                     dispatch_keys[n_dispatch++]);
            ck_assert_str_eq(d->key, key);
            ck_assert_uint_eq(d->in, CUSIM_IN_SIM | CUSIM_IN_DISPATCH);
            continue;
        }
        ck_assert_uint_eq(n_dispatch, 0);   /* they come last */
        if (d->in & CUSIM_IN_SIM) {
            ck_assert_uint_lt(n_sim, N_SIM_KEYS);
            ck_assert_str_eq(d->key, sim_keys[n_sim]);
            n_sim++;
        }
        n_occ += (d->in & CUSIM_IN_OCCUPANCY) != 0;
        ck_assert_int_eq((d->in & CUSIM_IN_HOST) != 0,
                         strncmp(d->key, "sim.", 4) == 0);
    }
    ck_assert_uint_eq(n_sim, N_SIM_KEYS);
    ck_assert_uint_eq(n_occ, 20);                   /* as the JSON above */
    ck_assert_uint_eq(n_dispatch, N_DISPATCH_KEYS);
    ck_assert_uint_eq(n, N_SIM_KEYS + 2 + 9 + N_DISPATCH_KEYS);
                                        /* hw, kernel, the occupancy-only
                                           nine and the per-dispatch rows */
    ck_assert_ptr_null(cusim_field_at(n + 1000));
}
END_TEST

/* Within each output, the rows sharing a dotted prefix are contiguous (the
 * JSON printer opens each object once) and no key repeats. */
START_TEST(table_prefixes_contiguous)
{
    const unsigned outputs[] = { CUSIM_IN_SIM, CUSIM_IN_OCCUPANCY };
    for (int o = 0; o < 2; o++) {
        const char *keys[CUSIM_REPORT_MAX];
        int n = 0;
        const cusim_field_desc *d;
        for (size_t i = 0; (d = cusim_field_at(i)); i++)
            if (d->in & outputs[o])
                keys[n++] = d->key;
        for (int i = 0; i < n; i++)
            for (int j = i + 1; j < n; j++) {
                ck_assert_str_ne(keys[i], keys[j]);
                /* Every prefix of keys[j] ending at a dot that keys[i]
                 * shares is shared by everything between them. */
                for (const char *dot = strchr(keys[j], '.'); dot;
                     dot = strchr(dot + 1, '.')) {
                    size_t len = (size_t)(dot - keys[j]) + 1;
                    if (strncmp(keys[i], keys[j], len) != 0)
                        break;
                    for (int k = i + 1; k < j; k++)
                        ck_assert_msg(strncmp(keys[k], keys[j], len) == 0,
                                      "%s between %s and %s", keys[k],
                                      keys[i], keys[j]);
                }
            }
    }
}
END_TEST

START_TEST(table_types_and_values)
{
    const cusim_field_desc *d;
    int limits = 0;
    for (size_t i = 0; (d = cusim_field_at(i)); i++) {
        if (strncmp(d->key, "occupancy.limits.", 17) == 0) {
            ck_assert(d->may_be_none && d->type == CUSIM_VALUE_INT);
            ck_assert_str_eq(d->key + 17,
                             cusim_limiter_name((cusim_limiter)limits++));
        } else if (strncmp(d->key, "l1.", 3) == 0
                   || strncmp(d->key, "l2.", 3) == 0
                   || strncmp(d->key, "dram.", 5) == 0
                   || strcmp(d->key, "sol.l1") == 0
                   || strcmp(d->key, "sol.l2") == 0
                   || strcmp(d->key, "sol.dram") == 0
                   || strcmp(d->key, "sol.unit.l1") == 0
                   || strcmp(d->key, "sol.unit.l2") == 0
                   || strcmp(d->key, "sol.unit.atomic") == 0
                   || strcmp(d->key, "roofline.dram_intensity") == 0
                   || (strncmp(d->key, "dispatch[N].", 12) == 0
                       && (strncmp(d->key + 12, "l1.", 3) == 0
                           || strncmp(d->key + 12, "l2.", 3) == 0
                           || strncmp(d->key + 12, "dram.", 5) == 0
                           || strcmp(d->key + 12, "sol.l1") == 0
                           || strcmp(d->key + 12, "sol.l2") == 0
                           || strcmp(d->key + 12, "sol.dram") == 0))) {
            /* the memory hierarchy's: none on a profile without one */
            ck_assert(d->may_be_none);
        } else {
            ck_assert(!d->may_be_none);
        }
        if (strcmp(d->key, "occupancy.limiter") == 0) {
            ck_assert_ptr_nonnull(d->values);
            ck_assert_str_eq(d->values[1], "shared_memory");
            ck_assert_ptr_null(d->values[CUSIM_LIMIT_COUNT]);
        } else if (strcmp(d->key, "bound") == 0
                   || strcmp(d->key, "dispatch[N].bound") == 0) {
            ck_assert_str_eq(d->values[4], "small_grid");
            ck_assert_ptr_null(d->values[5]);
        } else if (strcmp(d->key, "registers_source") == 0) {
            ck_assert_str_eq(d->values[0], "auto");
            ck_assert_str_eq(d->values[1], "given");
            ck_assert_str_eq(d->values[2], "imported");
            ck_assert_ptr_null(d->values[3]);
        } else if (strcmp(d->key, "bound_unit") == 0) {
            /* every unit, in CUSIM_SOL_UNITS' order */
            for (int u = 0; u < CUSIM_SOL_UNIT_COUNT; u++)
                ck_assert_str_eq(d->values[u],
                                 cusim_sol_unit_name((cusim_sol_unit)u));
            ck_assert_str_eq(d->values[3], "mem");
            ck_assert_str_eq(d->values[4], "scalar");
            ck_assert_str_eq(d->values[5], "l1");
            ck_assert_str_eq(d->values[8], "atomic");
            ck_assert_ptr_null(d->values[9]);
        } else if (strcmp(d->key, "sol.busiest_unit_name") == 0) {
            /* the pipes only, spelled as CUSIM_SOL_UNITS spells them */
            for (int u = 0; u < CUSIM_SOL_PIPES; u++)
                ck_assert_str_eq(d->values[u],
                                 cusim_sol_unit_name((cusim_sol_unit)u));
            ck_assert_ptr_null(d->values[CUSIM_SOL_PIPES]);
        } else {
            ck_assert_ptr_null(d->values);
        }
        if (strcmp(d->key, "cycles") == 0)
            ck_assert_str_eq(d->unit, "cycles");
        if (strcmp(d->key, "stalls.tail") == 0)
            ck_assert_str_eq(d->unit, "fraction");
    }
    ck_assert_int_eq(limits, CUSIM_LIMIT_COUNT);
}
END_TEST

/* -------------------------------------------------------------- names */

START_TEST(enum_names)
{
    ck_assert_str_eq(cusim_stall_name(CUSIM_STALL_ISSUED), "issued");
    ck_assert_str_eq(cusim_stall_name(CUSIM_STALL_MEMORY_THROTTLE),
                     "memory_throttle");
    ck_assert_str_eq(cusim_stall_name(CUSIM_STALL_PIPE_BUSY), "pipe_busy");
    ck_assert_str_eq(cusim_stall_name(CUSIM_STALL_TAIL), "tail");
    ck_assert_str_eq(cusim_stall_name(CUSIM_STALL_COUNT), "?");
    ck_assert_int_eq(CUSIM_STALL_COUNT, 8);
    ck_assert_str_eq(cusim_warp_state_name(CUSIM_WS_ISSUED), "issued");
    ck_assert_str_eq(cusim_warp_state_name(CUSIM_WS_LONG_SCOREBOARD),
                     "long_scoreboard");
    ck_assert_str_eq(cusim_warp_state_name(CUSIM_WS_PIPE_BUSY), "pipe_busy");
    ck_assert_str_eq(cusim_warp_state_name(CUSIM_WS_COUNT), "?");
    ck_assert_int_eq(CUSIM_WS_COUNT, 7);
    ck_assert_str_eq(cusim_limiter_name(CUSIM_LIMIT_INVOCATIONS),
                     "invocations");
    ck_assert_str_eq(cusim_limiter_name((cusim_limiter)-1), "?");
    ck_assert_str_eq(cusim_policy_name(CUSIM_POLICY_GTO), "gto");
    ck_assert_str_eq(cusim_policy_name(CUSIM_POLICY_OLDEST), "oldest");
    ck_assert_int_eq(CUSIM_POLICY_COUNT, 3);
    ck_assert_str_eq(cusim_bound_name(CUSIM_BOUND_COMPUTE), "compute");
    ck_assert_str_eq(cusim_bound_name(CUSIM_BOUND_SMALL_GRID), "small_grid");
    ck_assert_str_eq(cusim_bound_name(CUSIM_BOUND_COUNT), "?");
}
END_TEST

/* The units' ranking: highest share first, a tie in the fixed order alu,
 * sfu, shared, scalar, l1, l2, atomic, dram, mem, absent levels left
 * out. */
START_TEST(sol_unit_ranking)
{
    cusim_result r;
    memset(&r, 0, sizeof r);
    const double a[CUSIM_SOL_UNIT_COUNT] = {
        [CUSIM_SOL_ALU] = 0.5, [CUSIM_SOL_SFU] = 0.25,
        [CUSIM_SOL_SHARED] = 0.5, [CUSIM_SOL_MEM] = 0.75,
        [CUSIM_SOL_SCALAR] = 0.125, [CUSIM_SOL_L1] = -1,
        [CUSIM_SOL_L2] = -1, [CUSIM_SOL_DRAM] = 0.25,
        [CUSIM_SOL_ATOMIC] = -1 };
    memcpy(r.sol_unit, a, sizeof a);
    cusim_sol_unit o[CUSIM_SOL_UNIT_COUNT];
    ck_assert_int_eq(cusim_sol_ranking(&r, o), 6);
    /* mem 0.75; alu and shared tie at 0.5 (alu first); sfu and dram tie
     * at 0.25 (sfu first); scalar 0.125; l1, l2 and atomic absent */
    const cusim_sol_unit want[] = { CUSIM_SOL_MEM, CUSIM_SOL_ALU,
                                    CUSIM_SOL_SHARED, CUSIM_SOL_SFU,
                                    CUSIM_SOL_DRAM, CUSIM_SOL_SCALAR };
    for (int i = 0; i < 6; i++)
        ck_assert_int_eq(o[i], want[i]);
    /* all zero, with a hierarchy: the tie order, alu first, mem last */
    memset(r.sol_unit, 0, sizeof r.sol_unit);
    ck_assert_int_eq(cusim_sol_ranking(&r, o), CUSIM_SOL_UNIT_COUNT);
    const cusim_sol_unit ties[] = { CUSIM_SOL_ALU, CUSIM_SOL_SFU,
                                    CUSIM_SOL_SHARED, CUSIM_SOL_SCALAR,
                                    CUSIM_SOL_L1,
                                    CUSIM_SOL_L2, CUSIM_SOL_ATOMIC,
                                    CUSIM_SOL_DRAM, CUSIM_SOL_MEM };
    for (int i = 0; i < CUSIM_SOL_UNIT_COUNT; i++)
        ck_assert_int_eq(o[i], ties[i]);
    /* mem and the L1 at one rate: the L1 names it */
    r.sol_unit[CUSIM_SOL_MEM] = r.sol_unit[CUSIM_SOL_L1] = 0.5;
    cusim_sol_ranking(&r, o);
    ck_assert_int_eq(o[0], CUSIM_SOL_L1);
    ck_assert_int_eq(o[1], CUSIM_SOL_MEM);
    ck_assert_str_eq(cusim_sol_unit_name(CUSIM_SOL_SHARED), "shared");
    ck_assert_str_eq(cusim_sol_unit_name(CUSIM_SOL_UNIT_COUNT), "?");
    ck_assert_int_eq(cusim_sol_unit_pipe(CUSIM_SOL_MEM), CUSIM_UNIT_MEM);
    ck_assert_int_eq(cusim_sol_unit_pipe(CUSIM_SOL_L2), CUSIM_UNIT_COUNT);
}
END_TEST

START_TEST(enum_parse)
{
    cusim_policy p = CUSIM_POLICY_GTO;
    ck_assert_int_eq(cusim_policy_parse("lrr", &p), 0);
    ck_assert_int_eq(p, CUSIM_POLICY_LRR);
    ck_assert_int_eq(cusim_policy_parse("LRR", &p), -1);
    ck_assert_int_eq(cusim_policy_parse("", &p), -1);
    ck_assert_int_eq(p, CUSIM_POLICY_LRR);
    cusim_limiter l = CUSIM_LIMIT_REGISTERS;
    ck_assert_int_eq(cusim_limiter_parse("workgroups", &l), 0);
    ck_assert_int_eq(l, CUSIM_LIMIT_WORKGROUPS);
    ck_assert_int_eq(cusim_limiter_parse("shared", &l), -1);
    cusim_bound b = CUSIM_BOUND_COMPUTE;
    ck_assert_int_eq(cusim_bound_parse("balanced", &b), 0);
    ck_assert_int_eq(b, CUSIM_BOUND_BALANCED);
    ck_assert_int_eq(cusim_bound_parse("?", &b), -1);
    /* Every name parses back to its value. */
    for (int i = 0; i < CUSIM_LIMIT_COUNT; i++) {
        ck_assert_int_eq(cusim_limiter_parse(
            cusim_limiter_name((cusim_limiter)i), &l), 0);
        ck_assert_int_eq(l, i);
    }
    for (int i = 0; i < CUSIM_BOUND_COUNT; i++) {
        ck_assert_int_eq(cusim_bound_parse(cusim_bound_name((cusim_bound)i),
                                           &b), 0);
        ck_assert_int_eq(b, i);
    }
}
END_TEST

/* --------------------------------------------------------------- JSON */

START_TEST(json_escapes)
{
    char *text = NULL;
    CAPTURE(text, json_string(OUT, "a\"b\\c\x01\n\x1f\x7f~\xc3\xa9"));
    ck_assert_str_eq(text, "\"a\\\"b\\\\c\\u0001\\u000a\\u001f\\u007f~"
                           "\xc3\xa9\"");
    sbuf b = { 0 };
    json_string_sb(&b, "a\"b\\c\x01\n\x1f\x7f~\xc3\xa9");
    ck_assert_str_eq(b.s, text);
    free(text);
    free(b.s);
    CAPTURE(text, json_string(OUT, ""));
    ck_assert_str_eq(text, "\"\"");
    free(text);
}
END_TEST

/* ------------------------------------------------------- cusim fields */

START_TEST(fields_text)
{
    char *text = NULL;
    CAPTURE(text, cusim_fields_print(OUT, CUSIM_IN_OCCUPANCY,
                                     CUSIM_FORMAT_TEXT));
    /* A title, hw, kernel and the 20 of the JSON above. */
    int lines = 0;
    for (const char *p = text; *p; p++)
        lines += *p == '\n';
    ck_assert_int_eq(lines, 1 + 2 + 20);
    ck_assert_ptr_nonnull(strstr(text, "\noccupancy.limits.workgroups     "
                                       "integer|none  workgroups   "
                                       "workgroups per CU that "));
    ck_assert_ptr_nonnull(strstr(text, "\noccupancy.limiter  "));
    ck_assert_ptr_nonnull(strstr(text, "the resource that runs out first: "
                                       "registers, shared_memory, "
                                       "subgroups, workgroups, "
                                       "invocations\n"));
    ck_assert_ptr_null(strstr(text, "cycles"));
    free(text);
}
END_TEST

START_TEST(fields_json_and_csv)
{
    char *text = NULL;
    CAPTURE(text, cusim_fields_print(OUT, CUSIM_IN_SIM | CUSIM_IN_OCCUPANCY,
                                     CUSIM_FORMAT_JSON));
    ck_assert(starts_with(text, "{\"sim\":[{\"key\":\"hw\",\"type\":\"text\","
                                "\"unit\":\"-\","));
    ck_assert_ptr_nonnull(strstr(text, "]," "\"occupancy\":[{\"key\":\"hw\""));
    ck_assert_ptr_nonnull(strstr(text, "{\"key\":\"bound\",\"type\":\"name\","
                                       "\"values\":[\"compute\","
                                       "\"bandwidth\",\"latency\","
                                       "\"balanced\",\"small_grid\"],"));
    ck_assert_str_eq(text + strlen(text) - 4, "}]}\n");
    free(text);

    CAPTURE(text, cusim_fields_print(OUT, CUSIM_IN_SIM, CUSIM_FORMAT_CSV));
    ck_assert(starts_with(text, "output,key,type,unit,meaning,source\n"
                                "sim,hw,text,-,"));
    ck_assert_ptr_nonnull(strstr(text, "\nsim,cycles,integer,cycles,"));
    int lines = 0;
    for (const char *p = text; *p; p++)
        lines += *p == '\n';
    ck_assert_int_eq(lines, 1 + 2 + (int)(N_SIM_KEYS + N_DISPATCH_KEYS));
    free(text);
}
END_TEST

/* ------------------------------------------------------- docs/model.md */

/* Appends `s` to `b` with '|' escaped for a markdown table cell. */
static void md_cell(sbuf *b, const char *s)
{
    for (; *s; s++) {
        if (*s == '|')
            sb_putc(b, '\\');
        sb_putc(b, *s);
    }
}

/* The field table as docs/model.md shows it. */
static void md_fields(sbuf *b)
{
    sb_puts(b, "| field | type | unit | in | meaning | where it comes from |\n"
               "|---|---|---|---|---|---|\n");
    const cusim_field_desc *d;
    for (size_t i = 0; (d = cusim_field_at(i)); i++) {
        const char *type = d->values ? "name"
                         : d->type == CUSIM_VALUE_REAL ? "real"
                         : d->type == CUSIM_VALUE_STRING ? "text"
                         : d->may_be_none ? "integer|none" : "integer";
        const char *in = (d->in & CUSIM_IN_SIM) && (d->in & CUSIM_IN_OCCUPANCY)
                         ? "sim, occupancy"
                         : d->in & CUSIM_IN_DISPATCH ? "sim, 2+ dispatches"
                         : d->in & CUSIM_IN_SIM ? "sim" : "occupancy";
        sb_printf(b, "| `%s` | ", d->key);
        md_cell(b, type);
        sb_puts(b, " | ");
        md_cell(b, d->unit);
        sb_printf(b, " | %s | ", in);
        md_cell(b, d->meaning);
        for (size_t v = 0; d->values && d->values[v]; v++)
            sb_printf(b, "%s`%s`", v ? ", " : ": ", d->values[v]);
        sb_puts(b, " | ");
        md_cell(b, d->source);
        sb_puts(b, " |\n");
    }
}

#define MD_ITEM_(id, name, meaning) sb_puts(b, "- `" name "`: " meaning "\n");

static void md_stalls(sbuf *b)
{
    CUSIM_STALLS(MD_ITEM_)
}

static void md_warp_states(sbuf *b)
{
    CUSIM_WARP_STATES(MD_ITEM_)
}

static void md_bounds(sbuf *b)
{
    CUSIM_BOUNDS(MD_ITEM_)
}

/* The text between the lines "<!-- generated: NAME ... -->" and
 * "<!-- end: NAME -->" of `doc`, or NULL; the caller frees it. */
static char *md_block(const char *doc, const char *name)
{
    char open[64], close[64];
    snprintf(open, sizeof open, "\n<!-- generated: %s ", name);
    snprintf(close, sizeof close, "\n<!-- end: %s -->\n", name);
    const char *a = strstr(doc, open);
    if (!a || !(a = strchr(a + 1, '\n')))
        return NULL;
    const char *z = strstr(a, close);
    return z ? strndup(a + 1, (size_t)(z - a)) : NULL;
}

/* docs/model.md lists exactly the fields, stall classes and bounds of the
 * tables, worded as they are. When they differ, the whole expected text
 * is written to build/model-md.txt to paste in. */
START_TEST(docs_model_md_matches_the_tables)
{
    FILE *f = fopen(cutest_path("docs/model.md"), "r");
    ck_assert_ptr_nonnull(f);
    char *doc = NULL;
    size_t size = 0;
    ck_assert_int_ge(getdelim(&doc, &size, '\0', f), 1);
    fclose(f);
    static const struct {
        const char *name;
        void (*render)(sbuf *);
    } blocks[] = {
        { "fields", md_fields }, { "stalls", md_stalls },
        { "warp_states", md_warp_states }, { "bounds", md_bounds },
    };
    sbuf all = { 0 };
    const char *wrong = NULL;
    for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++) {
        sbuf want = { 0 };
        blocks[i].render(&want);
        char *have = md_block(doc, blocks[i].name);
        if (!wrong && (!have || strcmp(have, want.s) != 0))
            wrong = blocks[i].name;
        sb_printf(&all, "<!-- %s -->\n%s", blocks[i].name, want.s);
        free(have);
        free(want.s);
    }
    if (wrong) {
        FILE *out = fopen(cutest_path("build/model-md.txt"), "w");
        if (out) {
            fputs(all.s, out);
            fclose(out);
        }
    }
    ck_assert_msg(!wrong, "docs/model.md: the %s block differs from the "
                  "tables (the expected text is in build/model-md.txt)",
                  wrong);
    free(all.s);
    free(doc);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("report");
    TCase *tc = tcase_create("reports");
    tcase_add_test(tc, occupancy_report_c4_json);
    tcase_add_test(tc, result_report_keys_and_values);
    tcase_add_test(tc, result_report_dispatch_rows);
    suite_add_tcase(s, tc);
    tc = tcase_create("table");
    tcase_add_test(tc, table_covers_the_reports);
    tcase_add_test(tc, table_prefixes_contiguous);
    tcase_add_test(tc, table_types_and_values);
    suite_add_tcase(s, tc);
    tc = tcase_create("names");
    tcase_add_test(tc, enum_names);
    tcase_add_test(tc, enum_parse);
    tcase_add_test(tc, sol_unit_ranking);
    suite_add_tcase(s, tc);
    tc = tcase_create("json");
    tcase_add_test(tc, json_escapes);
    suite_add_tcase(s, tc);
    tc = tcase_create("csv");
    tcase_add_test(tc, csv_quoting);
    suite_add_tcase(s, tc);
    tc = tcase_create("fields");
    tcase_add_test(tc, fields_text);
    tcase_add_test(tc, fields_json_and_csv);
    suite_add_tcase(s, tc);
    tc = tcase_create("docs");
    tcase_add_test(tc, docs_model_md_matches_the_tables);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
