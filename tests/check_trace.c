/*
 * check_trace.c — the run's recorder (sim/model/trace.c): the Chrome trace
 * JSON's slices on tiny kernels worked out by hand (the same kernels and
 * GPU as check_stalls.c, whose comments derive each cycle), the
 * timeline's windows on a hand-checked kernel and their sums against a
 * multi-CU run's totals, and results that recording does not change.
 *
 * The tiny GPU: one CU, one scheduler of 8 slots, width 32, every unit 32
 * lanes (busy one cycle), alu latency 4, global 400, 64 bytes per cycle in
 * 32-byte transactions, gto.
 */
#include <stdlib.h>
#include <string.h>

#include "cusim.h"
#include "cutest.h"
#include "program.h"

/* What a run recorded, as text (the caller frees both). */
typedef struct recorded {
    char *json;
    char *csv;
} recorded;

static char *slurp(FILE *f)
{
    fflush(f);
    long n = ftell(f);
    ck_assert(n >= 0);
    char *s = malloc((size_t)n + 1);
    rewind(f);
    ck_assert_uint_eq(fread(s, 1, (size_t)n, f), (size_t)n);
    s[n] = '\0';
    fclose(f);
    return s;
}

/* cutest_run with options `opt`, recording the JSON trace and the
 * timeline into memory. */
static cusim_result run_recorded(const cusim_hw *hw, uint32_t wg,
                                 uint64_t elements, const char *program,
                                 cusim_sim_options opt, recorded *out)
{
    cusim_kernel k = { .name = "k", .workgroup = { wg, 1, 1 },
                       .workgroup_dims = 1, .registers = 16,
                       .elements = elements, .elements_per_invocation = 1 };
    cusim_error err;
    prog_src src = { "k.yaml", 1, 1, NULL, .buffers = NULL };
    k.ast = prog_parse(program, &src, &err);
    ck_assert_msg(k.ast != NULL, "parse: %s", err.message);
    opt.trace_json = tmpfile();
    opt.timeline = tmpfile();
    ck_assert(opt.trace_json && opt.timeline);
    cusim_result r;
    int rc = cusim_simulate(hw, &k, &opt, &r, NULL, &err);
    cusim_kernel_free(&k);
    ck_assert_msg(rc == 0, "simulate: %s", err.message);
    out->json = slurp(opt.trace_json);
    out->csv = slurp(opt.timeline);
    return r;
}

static int by_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The trace's lines that hold events of phase `ph` ("X", "C", ...),
 * without their separating comma, sorted (the recorder writes a slice
 * when it ends, so the order between tracks is the simulator's); `*n`
 * says how many. Points into `json`, which it cuts into lines. */
static char **events(char *json, const char *ph, size_t *n)
{
    char key[16];
    snprintf(key, sizeof key, "\"ph\":\"%s\"", ph);
    size_t cap = 16;
    char **lines = malloc(cap * sizeof *lines);
    *n = 0;
    for (char *save = NULL, *l = strtok_r(json, "\n", &save); l;
         l = strtok_r(NULL, "\n", &save)) {
        size_t len = strlen(l);
        if (len && l[len - 1] == ',')
            l[len - 1] = '\0';
        if (!strstr(l, key))
            continue;
        if (*n == cap)
            lines = realloc(lines, (cap *= 2) * sizeof *lines);
        lines[(*n)++] = l;
    }
    qsort(lines, *n, sizeof *lines, by_text);
    return lines;
}

/* Asserts that the trace's slices are exactly `want` (in any order). */
static void check_slices(char *json, const char *const *want, size_t n_want)
{
    size_t n;
    char **got = events(json, "X", &n);
    const char **sorted = malloc(n_want * sizeof *sorted);
    memcpy(sorted, want, n_want * sizeof *sorted);
    qsort(sorted, n_want, sizeof *sorted, by_text);
    for (size_t i = 0; i < n && i < n_want; i++)
        ck_assert_str_eq(got[i], sorted[i]);
    ck_assert_uint_eq(n, n_want);
    free(sorted);
    free(got);
}

#define SLICE(name, tid, ts, dur) \
    "{\"name\":\"" name "\",\"ph\":\"X\",\"pid\":0,\"tid\":" #tid \
    ",\"ts\":" #ts ",\"dur\":" #dur "}"
#define ISSUE(tid, ts, n, pc) \
    "{\"name\":\"issue\",\"ph\":\"X\",\"pid\":0,\"tid\":" #tid ",\"ts\":" #ts \
    ",\"dur\":" #n ",\"args\":{\"count\":" #n ",\"pc\":" #pc ",\"op\":\"alu\"}}"

/* ------------------------------------------------------------ slices */

START_TEST(three_dependent_alu)
{
    /* One subgroup: a at 0, b at 4 (a ready at 4), c at 8; it waits on
     * the scoreboard 1-3 and 5-7 (check_stalls.c). */
    cusim_hw hw = cutest_tiny_cu();
    cusim_sim_options opt = { 0 };
    recorded rec;
    run_recorded(&hw, 32, 32, "alu a\nalu b, a\nalu c, b\n", opt, &rec);
    const char *const want[] = {
        ISSUE(0, 0, 1, 0), SLICE("short_scoreboard", 0, 1, 3),
        ISSUE(0, 4, 1, 1), SLICE("short_scoreboard", 0, 5, 3),
        ISSUE(0, 8, 1, 2),
    };
    check_slices(rec.json, want, sizeof want / sizeof want[0]);
    free(rec.json);
    free(rec.csv);
}
END_TEST

START_TEST(window_cuts_slices)
{
    /* The same run seen through --trace-window 2:6: the slices cut to
     * [2, 6); the first and last issues fall outside. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_sim_options opt = { .trace_from = 2, .trace_to = 6 };
    recorded rec;
    run_recorded(&hw, 32, 32, "alu a\nalu b, a\nalu c, b\n", opt, &rec);
    const char *const want[] = {
        SLICE("short_scoreboard", 0, 2, 2), ISSUE(0, 4, 1, 1),
        SLICE("short_scoreboard", 0, 5, 1),
    };
    char *copy = strdup(rec.json);
    check_slices(copy, want, sizeof want / sizeof want[0]);
    free(copy);
    /* One counter window [0, 100) covers it, shown from 2. */
    size_t n;
    char **c = events(rec.json, "C", &n);
    ck_assert_uint_eq(n, 3);
    ck_assert_str_eq(c[0], "{\"name\":\"bytes_in_flight\",\"ph\":\"C\","
                     "\"pid\":0,\"ts\":2,\"args\":{\"value\":0}}");
    /* 3 issues in the 12-cycle run; one subgroup resident 0-12. */
    ck_assert_str_eq(c[1], "{\"name\":\"issue_rate\",\"ph\":\"C\","
                     "\"pid\":0,\"ts\":2,\"args\":{\"value\":0.25}}");
    ck_assert_str_eq(c[2], "{\"name\":\"resident_subgroups\",\"ph\":\"C\","
                     "\"pid\":0,\"ts\":2,\"args\":{\"value\":1}}");
    free(c);
    free(rec.json);
    free(rec.csv);
}
END_TEST

START_TEST(back_to_back_issues_merge)
{
    /* Three independent alu instructions issue at 0, 1, 2: one slice of
     * 3, named after the first. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_sim_options opt = { 0 };
    recorded rec;
    cusim_result r = run_recorded(&hw, 32, 32, "alu a\nalu b\nalu c\n", opt,
                                  &rec);
    ck_assert_uint_eq(r.warp_instructions, 3);
    const char *const want[] = { ISSUE(0, 0, 3, 0) };
    check_slices(rec.json, want, 1);
    free(rec.json);
    free(rec.csv);
}
END_TEST

START_TEST(barrier_and_ready)
{
    /* check_stalls.c's barrier_release: latency.barrier 5. sg0 (track 0)
     * issues alu a and the barrier at 0, 1 and waits at it from 2; sg1
     * (track 1) is ready 0-1, issues at 2, 3 and releases both at 3: the
     * barrier holds them 4-7 (a second slice: the release's latency; sg1
     * has none before it). At 8 sg1 issues b; sg0, ready at 8, at 9. */
    cusim_hw hw = cutest_tiny_cu();
    hw.latency[CUSIM_LAT_BARRIER] = 5;
    cusim_sim_options opt = { 0 };
    recorded rec;
    run_recorded(&hw, 64, 64, "alu a\nbarrier\nalu b, a\n", opt, &rec);
    const char *const want[] = {
        "{\"name\":\"issue\",\"ph\":\"X\",\"pid\":0,\"tid\":0,\"ts\":0,"
        "\"dur\":2,\"args\":{\"count\":2,\"pc\":0,\"op\":\"alu\"}}",
        SLICE("barrier", 0, 2, 2), SLICE("barrier", 0, 4, 4),
        SLICE("ready", 0, 8, 1), ISSUE(0, 9, 1, 2),
        SLICE("ready", 1, 0, 2),
        "{\"name\":\"issue\",\"ph\":\"X\",\"pid\":0,\"tid\":1,\"ts\":2,"
        "\"dur\":2,\"args\":{\"count\":2,\"pc\":0,\"op\":\"alu\"}}",
        SLICE("barrier", 1, 4, 4), ISSUE(1, 8, 1, 2),
    };
    check_slices(rec.json, want, sizeof want / sizeof want[0]);
    free(rec.json);
    free(rec.csv);
}
END_TEST

START_TEST(tracks_named_and_json_closed)
{
    /* One CU of one partition of 8 slots: 2 process and 16 thread
     * metadata events; the closing says what was written. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_sim_options opt = { .trace_from = 1000 };   /* after the end */
    recorded rec;
    run_recorded(&hw, 32, 32, "alu a\n", opt, &rec);
    ck_assert_ptr_nonnull(strstr(rec.json, "\n{\"name\":\"process_name\","
                                 "\"ph\":\"M\",\"pid\":0,\"args\":{\"name\":"
                                 "\"CU 0\"}},\n"));
    ck_assert_ptr_nonnull(strstr(rec.json, "{\"name\":\"thread_name\","
                                 "\"ph\":\"M\",\"pid\":0,\"tid\":7,\"args\":"
                                 "{\"name\":\"partition 0 slot 7\"}}"));
    size_t len = strlen(rec.json);
    const char *tail = "\n],\"displayTimeUnit\":\"ms\",\"otherData\":"
        "{\"cycle\":\"1 us in the viewer is 1 cycle\",\"hw\":\"tiny\","
        "\"kernel\":\"k\",\"from\":1000,\"to\":1000,\"every\":100,"
        "\"events\":18,\"truncated\":false,\"truncated_at\":null}}\n";
    ck_assert_uint_ge(len, strlen(tail));
    ck_assert_str_eq(rec.json + len - strlen(tail), tail);
    ck_assert(strncmp(rec.json, "{\"traceEvents\":[\n{", 18) == 0);
    size_t n;
    char **x = events(rec.json, "X", &n);
    ck_assert_uint_eq(n, 0);
    free(x);
    free(rec.json);
    free(rec.csv);
}
END_TEST

START_TEST(size_cap_cuts_cleanly)
{
    /* A cap below the metadata: the first event that does not fit is the
     * note that the trace was cut, then only the closing. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_sim_options opt = { .trace_max_bytes = 2000 };
    recorded rec;
    run_recorded(&hw, 32, 32, "alu a\nalu b, a\n", opt, &rec);
    ck_assert_uint_lt(strlen(rec.json), 2000 + 400);
    ck_assert_ptr_nonnull(strstr(rec.json, "\"truncated\":true,"
                                 "\"truncated_at\":0}}\n"));
    size_t n;
    char **i = events(rec.json, "i", &n);
    ck_assert_uint_eq(n, 1);
    ck_assert_ptr_nonnull(strstr(i[0], "\"name\":\"trace truncated\""));
    free(i);
    free(rec.json);
    free(rec.csv);
}
END_TEST

/* ---------------------------------------------------------- timeline */

START_TEST(two_loads_in_flight)
{
    /* check_stalls.c's two_loads: sg0's load (4 transactions) at 0, its
     * last done at 402; sg1's at 1, done 404; the alu instructions at 402
     * and 404; the workgroup of both retires at 408. Windows of 100:
     * transactions in flight 4 x 100 + 4 x 99 = 796 in [0, 100), 800 in
     * each of the next three, 4 x 2 + 4 x 4 = 24 in [400, 408). */
    cusim_hw hw = cutest_tiny_cu();
    cusim_sim_options opt = { 0 };
    recorded rec;
    cusim_result r = run_recorded(&hw, 64, 64,
                                  "ld.global x, i bytes=4\nalu y, x\n", opt,
                                  &rec);
    ck_assert_uint_eq(r.cycles, 408);
    /* (the memory hierarchy's five columns are empty: a flat profile) */
    ck_assert_str_eq(rec.csv,
        "cycle,resident_subgroups,occupancy,issued,issue_rate,"
        "bytes_in_flight,transactions_in_flight,l1_hit_rate,l2_hit_rate,"
        "l1_bytes,l2_bytes,dram_bytes\n"
        "100,2,0.25,2,0.02,254.72,7.96,,,,,\n"
        "200,2,0.25,0,0,256,8,,,,,\n"
        "300,2,0.25,0,0,256,8,,,,,\n"
        "400,2,0.25,0,0,256,8,,,,,\n"
        "408,2,0.25,2,0.25,96,3,,,,,\n");
    free(rec.json);
    free(rec.csv);
}
END_TEST

START_TEST(rows_past_the_cap_are_left_out)
{
    /* two_loads_in_flight's run (408 cycles: five windows of 100) with a
     * cap of 3 rows: the rows of 100, 200 and 300, then the windows from
     * cycle 300 on left out (issue 25, class 6: a long run at a small
     * window wrote without bound). The same run with a cap of 5 is whole. */
    cusim_hw hw = cutest_tiny_cu();
    cusim_sim_options opt = { .timeline_max_rows = 3 };
    recorded rec;
    cusim_result r = run_recorded(&hw, 64, 64,
                                  "ld.global x, i bytes=4\nalu y, x\n", opt,
                                  &rec);
    ck_assert_uint_eq(r.cycles, 408);
    ck_assert_uint_eq(r.timeline_cut_at, 300);
    ck_assert_str_eq(rec.csv,
        "cycle,resident_subgroups,occupancy,issued,issue_rate,"
        "bytes_in_flight,transactions_in_flight,l1_hit_rate,l2_hit_rate,"
        "l1_bytes,l2_bytes,dram_bytes\n"
        "100,2,0.25,2,0.02,254.72,7.96,,,,,\n"
        "200,2,0.25,0,0,256,8,,,,,\n"
        "300,2,0.25,0,0,256,8,,,,,\n");
    free(rec.json);
    free(rec.csv);
    opt.timeline_max_rows = 5;
    r = run_recorded(&hw, 64, 64, "ld.global x, i bytes=4\nalu y, x\n", opt,
                     &rec);
    ck_assert_uint_eq(r.timeline_cut_at, 0);
    free(rec.json);
    free(rec.csv);
}
END_TEST

/* Sums the timeline's windows: issued, resident x cycles, the last
 * cycle and the rows. */
static void sum_timeline(char *csv, uint64_t *issued, double *residency,
                         uint64_t *last, uint64_t *rows)
{
    *issued = *rows = *last = 0;
    *residency = 0;
    char *save = NULL;
    char *l = strtok_r(csv, "\n", &save);   /* the header */
    while ((l = strtok_r(NULL, "\n", &save))) {
        unsigned long long cycle, n;
        double resident;
        ck_assert_int_eq(sscanf(l, "%llu,%lf,%*f,%llu,", &cycle, &resident,
                                &n), 3);
        *residency += resident * (double)(cycle - *last);
        *issued += n;
        *last = cycle;
        (*rows)++;
    }
}

START_TEST(windows_add_up_to_the_run)
{
    /* On 30 CUs, two dispatches (reduction), windows of 37 cycles: the
     * windows' issues are the run's, their mean residency its achieved
     * occupancy, and they end at its last cycle. */
    cusim_hw hw;
    cusim_kernel k;
    cusim_set set = { "kernel.elements", "20000", "--set", 1, 1 };
    cutest_load("configs/hw/seed-cu.yaml", "workloads/reduction.yaml", &set,
                1, &hw, &k);
    cusim_sim_options opt = { .timeline_every = 37 };
    opt.timeline = tmpfile();
    cusim_error err;
    cusim_result r;
    ck_assert_int_eq(cusim_simulate(&hw, &k, &opt, &r, NULL, &err), 0);
    cusim_kernel_free(&k);
    char *csv = slurp(opt.timeline);
    uint64_t issued, last, rows;
    double residency;
    sum_timeline(csv, &issued, &residency, &last, &rows);
    ck_assert_uint_eq(r.dispatches, 2);
    ck_assert_uint_eq(issued, r.warp_instructions);
    ck_assert_uint_eq(last, r.cycles);
    ck_assert_uint_eq(rows, (r.cycles + 36) / 37);
    double achieved = residency / (double)r.cycles / (30.0 * 64);
    ck_assert_double_eq_tol(achieved, r.achieved_occupancy, 1e-8);
    free(csv);
}
END_TEST

START_TEST(recording_changes_no_result)
{
    /* Every output field is the same with and without the trace, the
     * JSON trace of every CU and the timeline. */
    cusim_hw hw;
    cusim_kernel k;
    cusim_set set = { "kernel.elements", "20000", "--set", 1, 1 };
    cutest_load("configs/hw/seed-cu.yaml", "workloads/blur-tiled.yaml", &set,
                1, &hw, &k);
    cusim_error err;
    cusim_result plain, traced;
    ck_assert_int_eq(cusim_simulate(&hw, &k, NULL, &plain, NULL, &err), 0);
    cusim_sim_options opt = { .n_trace_cus = 1, .timeline_every = 7 };
    opt.trace_cus[0][1] = UINT32_MAX;
    opt.trace = tmpfile();
    opt.trace_json = tmpfile();
    opt.timeline = tmpfile();
    ck_assert_int_eq(cusim_simulate(&hw, &k, &opt, &traced, NULL, &err), 0);
    cusim_kernel_free(&k);
    free(slurp(opt.trace));
    free(slurp(opt.trace_json));
    free(slurp(opt.timeline));
    plain.host_seconds = traced.host_seconds = 0;
    plain.warp_instructions_per_second = traced.warp_instructions_per_second = 0;
    ck_assert(memcmp(&plain, &traced, sizeof plain) == 0);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("trace");
    TCase *slices = tcase_create("slices");
    tcase_add_test(slices, three_dependent_alu);
    tcase_add_test(slices, window_cuts_slices);
    tcase_add_test(slices, back_to_back_issues_merge);
    tcase_add_test(slices, barrier_and_ready);
    tcase_add_test(slices, tracks_named_and_json_closed);
    tcase_add_test(slices, size_cap_cuts_cleanly);
    suite_add_tcase(s, slices);
    TCase *timeline = tcase_create("timeline");
    tcase_set_timeout(timeline, 120);
    tcase_add_test(timeline, two_loads_in_flight);
    tcase_add_test(timeline, rows_past_the_cap_are_left_out);
    tcase_add_test(timeline, windows_add_up_to_the_run);
    tcase_add_test(timeline, recording_changes_no_result);
    suite_add_tcase(s, timeline);
    return s;
}

CUTEST_MAIN(make_suite)
