/*
 * check_experiment.c — experiment files and the results directory
 * (sim/experiment/experiment.c and its exp_*.c, plot_spec.c; sim/experiment/results.c).
 *
 * Expansion: the order and count of points for a cartesian sweep, zip,
 * explicit points, ranges (the end rule), hardware and kernel file lists;
 * the parameter columns; the order overrides apply in. Bad input: every
 * tests/bad/exp-*.yaml fails with exactly the line, column and message of
 * bad_cases[]. Running: point results, a point that cannot run (infeasible), a
 * worker's death recorded as a failure, --resume's fingerprint, and the
 * assembled CSV, JSONL and manifest.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cutest.h"
#include "experiment.h"
#include "hmap.h"
#include "results.h"

/* ------------------------------------------------------------- helpers */

#define ASSERT_OK(rc, err)                                               \
    ck_assert_msg((rc) == 0, "unexpected error %s:%d:%d: %s", (err).file, \
                  (err).line, (err).column, (err).message)

/* A temporary directory holding the experiment under test and copies of
 * the shipped files it names (so relative paths are exercised). */
static char tmpdir[64];

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    char *buf = calloc(1, 1 << 20);
    ck_assert_ptr_nonnull(buf);
    size_t n = fread(buf, 1, (1 << 20) - 1, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static void copy_shipped(const char *rel, const char *name)
{
    char *text = read_text(cutest_path(rel));
    char path[256];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    write_text(path, text);
    free(text);
}

static void setup(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/cusim-check-exp-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
    copy_shipped("configs/hw/seed-cu.yaml", "seed.yaml");
    copy_shipped("configs/hw/amd-gcn.yaml", "gcn.yaml");
    copy_shipped("workloads/latency-bound.yaml", "lat.yaml");
    copy_shipped("workloads/compute-bound.yaml", "comp.yaml");
    /* a kernel whose second dispatch cannot run (an infeasible point)
     * unless pass 1's workgroup count is a multiple of 3 */
    char path[256];
    snprintf(path, sizeof path, "%s/thirds.yaml", tmpdir);
    write_text(path, "name: thirds\n"
                     "workgroup_size: 64\n"
                     "registers: 16\n"
                     "elements: 192\n"
                     "program: |\n"
                     "  alu x, i\n"
                     "  st.global x, i bytes=4\n"
                     "dispatches:\n"
                     "  - elements: workgroups / 3\n");
}

static void teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    ck_assert_int_eq(system(cmd), 0);
}

/* Writes `text` as TMPDIR/NAME and loads it. */
static experiment *load_text(const char *name, const char *text,
                             const cusim_set *sets, size_t n_sets)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    write_text(path, text);
    experiment *e = NULL;
    cusim_error err;
    ASSERT_OK(exp_load(path, sets, n_sets, &e, &err), err);
    ck_assert_ptr_nonnull(e);
    return e;
}

/* Loads text that must fail; returns the error. */
static cusim_error load_bad(const char *text, const cusim_set *sets,
                            size_t n_sets)
{
    char path[256];
    snprintf(path, sizeof path, "%s/bad.yaml", tmpdir);
    write_text(path, text);
    experiment *e = NULL;
    cusim_error err;
    memset(&err, 0, sizeof err);
    ck_assert_int_eq(exp_load(path, sets, n_sets, &e, &err), -1);
    ck_assert_ptr_null(e);
    return err;
}

/* Point p's parameters joined with '|'. */
static const char *params(const experiment *e, size_t p)
{
    static char buf[512];
    size_t o = 0;
    buf[0] = '\0';
    for (size_t c = 0; c < exp_n_columns(e); c++)
        o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s", c ? "|" : "",
                              exp_param(e, p, c));
    return buf;
}

static const char *columns(const experiment *e)
{
    static char buf[512];
    size_t o = 0;
    buf[0] = '\0';
    for (size_t c = 0; c < exp_n_columns(e); c++)
        o += (size_t)snprintf(buf + o, sizeof buf - o, "%s%s", c ? "|" : "",
                              exp_column(e, c));
    return buf;
}

#define HEAD "hardware: seed.yaml\nkernel: lat.yaml\n"

/* ----------------------------------------------------------- expansion */

START_TEST(cartesian_last_fastest)
{
    experiment *e = load_text("a.yaml", HEAD
        "sweep:\n"
        "  kernel.registers: [16, 32, 48]\n"
        "  hw.cu.max_workgroups: [2, 4]\n", NULL, 0);
    ck_assert_uint_eq(exp_n_points(e), 6);
    ck_assert_str_eq(columns(e), "kernel.registers|hw.cu.max_workgroups");
    static const char *const want[] = { "16|2", "16|4", "32|2", "32|4",
                                        "48|2", "48|4" };
    for (size_t p = 0; p < 6; p++)
        ck_assert_str_eq(params(e, p), want[p]);
    /* the values reached the configs */
    ck_assert_uint_eq(exp_point_kernel(e, 2)->registers, 32);
    ck_assert_uint_eq(exp_point_hw(e, 2)->cu.max_workgroups, 2);
    ck_assert_uint_eq(exp_point_hw(e, 5)->cu.max_workgroups, 4);
    ck_assert_uint_eq(exp_point_kernel(e, 5)->registers, 48);
    ck_assert_str_eq(exp_name(e), "a");
    ck_assert_str_eq(exp_output(e), "a");
    exp_free(e);
}
END_TEST

START_TEST(zip_after_sweep)
{
    experiment *e = load_text("z.yaml", HEAD
        "zip:\n"
        "  kernel.workgroup_size: [64, 128, 256]\n"
        "  kernel.elements: [640, 1280, 2560]\n"
        "sweep:\n"
        "  kernel.registers: [16, 32]\n", NULL, 0);
    ck_assert_uint_eq(exp_n_points(e), 6);
    /* the sweep's axes come before zip's whatever the order written */
    ck_assert_str_eq(columns(e),
                     "kernel.registers|kernel.workgroup_size|kernel.elements");
    ck_assert_str_eq(params(e, 0), "16|64|640");
    ck_assert_str_eq(params(e, 1), "16|128|1280");
    ck_assert_str_eq(params(e, 2), "16|256|2560");
    ck_assert_str_eq(params(e, 3), "32|64|640");
    ck_assert_str_eq(params(e, 5), "32|256|2560");
    ck_assert_uint_eq(exp_point_kernel(e, 4)->workgroup[0], 128);
    ck_assert_uint_eq(exp_point_kernel(e, 4)->elements, 1280);
    exp_free(e);
}
END_TEST

START_TEST(points_slowest)
{
    experiment *e = load_text("p.yaml", HEAD
        "sweep:\n"
        "  kernel.registers: [16, 32]\n"
        "points:\n"
        "  - { hw.cu.policy: lrr }\n"
        "  - { hw.cu.policy: oldest, kernel.elements: 4096 }\n"
        "  - {}\n", NULL, 0);
    ck_assert_uint_eq(exp_n_points(e), 6);
    ck_assert_str_eq(columns(e),
                     "hw.cu.policy|kernel.elements|kernel.registers");
    ck_assert_str_eq(params(e, 0), "lrr||16");
    ck_assert_str_eq(params(e, 1), "lrr||32");
    ck_assert_str_eq(params(e, 2), "oldest|4096|16");
    ck_assert_str_eq(params(e, 4), "||16");   /* {}: the base point */
    ck_assert_int_eq(exp_point_hw(e, 1)->cu.policy, CUSIM_POLICY_LRR);
    ck_assert_int_eq(exp_point_hw(e, 3)->cu.policy, CUSIM_POLICY_OLDEST);
    ck_assert_int_eq(exp_point_hw(e, 5)->cu.policy, CUSIM_POLICY_GTO);
    ck_assert_uint_eq(exp_point_kernel(e, 3)->elements, 4096);
    ck_assert_uint_eq(exp_point_kernel(e, 5)->elements, 65536);
    exp_free(e);
}
END_TEST

START_TEST(range_end_rule)
{
    static const struct {
        const char *range, *want;
        size_t n;
    } cases[] = {
        { "{ from: 1, to: 10, step: 3 }", "1 4 7 10", 4 },   /* end reached */
        { "{ from: 1, to: 9, step: 3 }", "1 4 7", 3 },       /* passed over */
        { "{ from: 2, to: 4 }", "2 3 4", 3 },                /* step 1 */
        { "{ from: 5, to: 5, step: 7 }", "5", 1 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[256], got[128] = "";
        snprintf(text, sizeof text, HEAD "sweep:\n  hw.cu.max_workgroups: "
                 "%s\n", cases[i].range);
        experiment *e = load_text("r.yaml", text, NULL, 0);
        ck_assert_uint_eq(exp_n_points(e), cases[i].n);
        for (size_t p = 0; p < exp_n_points(e); p++) {
            size_t o = strlen(got);
            snprintf(got + o, sizeof got - o, "%s%s", p ? " " : "",
                     exp_param(e, p, 0));
            ck_assert_uint_eq(exp_point_hw(e, p)->cu.max_workgroups,
                              strtoul(exp_param(e, p, 0), NULL, 10));
        }
        ck_assert_str_eq(got, cases[i].want);
        exp_free(e);
    }
}
END_TEST

START_TEST(hardware_lists)
{
    /* a top-level list is an axis, slower than the sweep's */
    experiment *e = load_text("h.yaml",
        "hardware: [seed.yaml, gcn.yaml]\n"
        "kernel: lat.yaml\n"
        "sweep:\n"
        "  kernel.registers: [16, 32]\n", NULL, 0);
    ck_assert_uint_eq(exp_n_points(e), 4);
    ck_assert_str_eq(columns(e), "hardware|hw.name|kernel.registers");
    ck_assert_str_eq(params(e, 0), "seed.yaml|seed-cu|16");
    ck_assert_str_eq(params(e, 1), "seed.yaml|seed-cu|32");
    ck_assert_str_eq(params(e, 2), "gcn.yaml|amd-gcn|16");
    ck_assert_str_eq(exp_point_hw(e, 3)->name, "amd-gcn");
    exp_free(e);

    /* swept files, both kinds, with a zip */
    e = load_text("h2.yaml",
        "sweep:\n"
        "  kernel: [lat.yaml, comp.yaml]\n"
        "  hardware: [gcn.yaml, seed.yaml]\n"
        "zip:\n"
        "  kernel.elements: [2048, 4096]\n", NULL, 0);
    ck_assert_uint_eq(exp_n_points(e), 8);
    ck_assert_str_eq(columns(e),
                     "kernel|kernel.name|hardware|hw.name|kernel.elements");
    ck_assert_str_eq(params(e, 0),
                     "lat.yaml|latency-bound|gcn.yaml|amd-gcn|2048");
    ck_assert_str_eq(params(e, 3),
                     "lat.yaml|latency-bound|seed.yaml|seed-cu|4096");
    ck_assert_str_eq(params(e, 7),
                     "comp.yaml|compute-bound|seed.yaml|seed-cu|4096");
    ck_assert_str_eq(exp_point_kernel(e, 7)->name, "compute-bound");
    exp_free(e);

    /* points may name files; the top-level ones are the default */
    e = load_text("h3.yaml", HEAD
        "points:\n"
        "  - { hardware: gcn.yaml }\n"
        "  - { kernel.registers: 24 }\n", NULL, 0);
    ck_assert_uint_eq(exp_n_points(e), 2);
    ck_assert_str_eq(columns(e), "hardware|hw.name|kernel.registers");
    ck_assert_str_eq(params(e, 0), "gcn.yaml|amd-gcn|");
    ck_assert_str_eq(params(e, 1), "|seed-cu|24");
    exp_free(e);
}
END_TEST

START_TEST(single_point_and_lists_as_values)
{
    experiment *e = load_text("one.yaml", HEAD, NULL, 0);
    ck_assert_uint_eq(exp_n_points(e), 1);
    ck_assert_uint_eq(exp_n_columns(e), 0);
    exp_free(e);

    /* a list value for a list-valued key */
    e = load_text("wg.yaml", HEAD
        "sweep:\n"
        "  kernel.workgroup_size: [[8, 8], [16, 4], 64]\n", NULL, 0);
    ck_assert_uint_eq(exp_n_points(e), 3);
    ck_assert_str_eq(params(e, 0), "[8, 8]");
    ck_assert_str_eq(params(e, 2), "64");
    ck_assert_int_eq(exp_point_kernel(e, 1)->workgroup_dims, 2);
    ck_assert_uint_eq(exp_point_kernel(e, 1)->workgroup[0], 16);
    ck_assert_uint_eq(exp_point_kernel(e, 1)->workgroup[1], 4);
    exp_free(e);
}
END_TEST

START_TEST(override_order)
{
    char a1[] = "kernel.elements=2000", a2[] = "hw.cu.schedulers=2";
    cusim_set sets[2];
    cusim_error err;
    ASSERT_OK(cusim_set_parse(a1, 1, &sets[0], &err), err);
    ASSERT_OK(cusim_set_parse(a2, 2, &sets[1], &err), err);
    /* the command line applies after set: */
    experiment *e = load_text("o.yaml", HEAD
        "set:\n"
        "  kernel.elements: 1000\n"
        "  hw.cu.issue_per_cycle: 2\n"
        "sweep:\n"
        "  kernel.registers: [16, 32]\n", sets, 2);
    for (size_t p = 0; p < 2; p++) {
        ck_assert_uint_eq(exp_point_kernel(e, p)->elements, 2000);
        ck_assert_uint_eq(exp_point_hw(e, p)->cu.schedulers, 2);
        ck_assert_uint_eq(exp_point_hw(e, p)->cu.issue_per_cycle, 2);
    }
    exp_free(e);

    /* the command line may not override a key that varies */
    char a3[] = "kernel.registers=64";
    ASSERT_OK(cusim_set_parse(a3, 1, &sets[0], &err), err);
    err = load_bad(HEAD "sweep:\n  kernel.registers: [16, 32]\n", sets, 1);
    ck_assert_str_eq(err.file, "--set");
    ck_assert_int_eq(err.line, 1);
    ck_assert_ptr_nonnull(strstr(err.message, "the experiment varies this "
                                 "key (in sweep at "));

    /* a bad command-line key is located on the command line */
    char a4[] = "hw.cu.regsters=5";
    ASSERT_OK(cusim_set_parse(a4, 1, &sets[0], &err), err);
    err = load_bad(HEAD, sets, 1);
    ck_assert_str_eq(err.file, "--set");
    ck_assert_ptr_nonnull(strstr(err.message, "did you mean "
                                 "'hw.cu.registers'"));
}
END_TEST

/* Whether cusim_file_sniff takes the file at `path` for an experiment. */
static bool is_experiment(const char *path)
{
    cusim_file_kind kind;
    cusim_error err;
    return cusim_file_sniff(path, &kind, &err) == 0
           && kind == CUSIM_FILE_EXPERIMENT;
}

START_TEST(names_and_sniff)
{
    experiment *e = load_text("named.yaml", HEAD
        "name: c2 latency hiding\n"
        "output: c2\n"
        "description: words\n", NULL, 0);
    ck_assert_str_eq(exp_name(e), "c2 latency hiding");
    ck_assert_str_eq(exp_output(e), "c2");
    exp_free(e);

    cusim_error err = load_bad(HEAD "name: c2 latency hiding\n", NULL, 0);
    ck_assert_int_eq(err.line, 3);
    ck_assert_ptr_nonnull(strstr(err.message, "cannot name the output"));

    ck_assert(is_experiment(cutest_path("configs/experiments/smoke.yaml")));
    ck_assert(!is_experiment(cutest_path("configs/hw/seed-cu.yaml")));
    ck_assert(!is_experiment(cutest_path("workloads/latency-bound.yaml")));
    ck_assert(!is_experiment(cutest_path("tests/bad/cfg-hw-typo-top.yaml")));
    ck_assert(!is_experiment("/nonexistent.yaml"));
}
END_TEST

START_TEST(smoke_loads)
{
    experiment *e = NULL;
    cusim_error err;
    ASSERT_OK(exp_load(cutest_path("configs/experiments/smoke.yaml"), NULL, 0,
                       &e, &err), err);
    ck_assert_uint_eq(exp_n_points(e), 6);
    ck_assert_uint_eq(exp_n_plots(e), 3);
    ck_assert(exp_timeline(e));
    ck_assert_uint_eq(exp_timeline_every(e), 200);
    const plot_spec *ps = exp_plot(e, 0);
    ck_assert_str_eq(ps->file, "smoke-cycles");
    ck_assert_int_eq(ps->n_panels, 1);
    ck_assert_str_eq(ps->panels[0].x, "hw.cu.max_workgroups");
    ck_assert_int_eq(ps->panels[0].n_y, 1);
    ck_assert_str_eq(ps->panels[0].y[0], "cycles");
    ck_assert_str_eq(ps->panels[0].series, "kernel.registers");
    ps = exp_plot(e, 1);        /* stalls.* and warp_states.*, stacked */
    ck_assert_str_eq(ps->file, "smoke-stalls");
    ck_assert_int_eq(ps->n_panels, 2);
    ck_assert_int_eq(ps->panels[0].style, PLOT_STACKED);
    ck_assert_int_eq(ps->panels[0].n_y, CUSIM_STALL_COUNT);
    ck_assert_int_eq(ps->panels[1].n_y, CUSIM_WS_COUNT);
    ps = exp_plot(e, 2);        /* two points' timelines */
    ck_assert_str_eq(ps->file, "smoke-timeline");
    ck_assert_int_eq(ps->panels[0].source, PLOT_TIMELINE);
    ck_assert_str_eq(ps->panels[0].x, "cycle");          /* the default */
    ck_assert_str_eq(ps->panels[0].y[0], "occupancy");
    ck_assert_int_eq(ps->panels[0].n_points, 2);
    ck_assert_uint_eq(ps->panels[0].points[1], 1);
    ck_assert_str_eq(ps->panels[1].series, "hw.cu.max_workgroups");
    exp_free(e);
}
END_TEST

/* `timeline:` true, false or { every: N }; absent is off. The window is
 * part of a point's fingerprint only when there is a timeline. */
START_TEST(timeline_key)
{
    const char *base = HEAD "sweep:\n  kernel.registers: [16, 32]\n";
    char text[512];
    experiment *off = load_text("t0.yaml", base, NULL, 0);
    ck_assert(!exp_timeline(off));
    ck_assert_uint_eq(exp_timeline_every(off), 0);
    snprintf(text, sizeof text, "%stimeline: false\n", base);
    experiment *no = load_text("t0.yaml", text, NULL, 0);
    ck_assert(!exp_timeline(no));
    ck_assert_uint_eq(exp_point_fingerprint(no, 1),
                      exp_point_fingerprint(off, 1));
    snprintf(text, sizeof text, "%stimeline: true\n", base);
    experiment *on = load_text("t0.yaml", text, NULL, 0);
    ck_assert(exp_timeline(on));
    ck_assert_uint_eq(exp_timeline_every(on), 0);    /* cusim sim's 100 */
    snprintf(text, sizeof text, "%stimeline: { every: 7 }\n", base);
    experiment *seven = load_text("t0.yaml", text, NULL, 0);
    ck_assert(exp_timeline(seven));
    ck_assert_uint_eq(exp_timeline_every(seven), 7);
    snprintf(text, sizeof text, "%stimeline: {}\n", base);
    experiment *empty = load_text("t0.yaml", text, NULL, 0);
    ck_assert(exp_timeline(empty));
    ck_assert_uint_eq(exp_timeline_every(empty), 0);
    ck_assert_uint_ne(exp_point_fingerprint(on, 1),
                      exp_point_fingerprint(off, 1));
    ck_assert_uint_ne(exp_point_fingerprint(seven, 1),
                      exp_point_fingerprint(on, 1));
    ck_assert_uint_eq(exp_point_fingerprint(empty, 1),
                      exp_point_fingerprint(on, 1));
    exp_free(off);
    exp_free(no);
    exp_free(on);
    exp_free(seven);
    exp_free(empty);

    /* a timeline panel needs points to pick past PLOT_MAX_TIMELINES */
    cusim_error err = load_bad(HEAD
        "sweep:\n  kernel.elements: { from: 1024, to: 18432, step: 1024 }\n"
        "timeline: true\n"
        "plots:\n"
        "  - { file: f, source: timeline, y: occupancy }\n", NULL, 0);
    ck_assert_int_eq(err.line, 7);
    ck_assert_int_eq(err.column, 24);
    ck_assert_str_eq(err.message, "plots[0].source: a timeline panel draws "
                     "at most 16 points and the experiment has 18 (pick "
                     "them with points: [N, ...])");
    err = load_bad(HEAD "timeline: true\nplots:\n"
        "  - { file: f, source: timeline, x: cycles, y: occupancy }\n",
        NULL, 0);
    ck_assert_str_eq(err.message, "plots[0].x: no timeline column 'cycles' "
                     "(did you mean 'cycle'?)");
    err = load_bad(HEAD "timeline: true\nplots:\n"
        "  - { file: f, source: timeline, y: occupancy, series: hw.x }\n",
        NULL, 0);
    ck_assert_ptr_nonnull(strstr(err.message, "plots[0].series: no column "
                                 "'hw.x' in the results"));
}
END_TEST

START_TEST(plot_panels)
{
    experiment *e = load_text("pl.yaml", HEAD
        "sweep:\n"
        "  kernel.registers: [16, 32]\n"
        "plots:\n"
        "  - file: two\n"
        "    title: Two panels\n"
        "    panels:\n"
        "      - { x: kernel.registers, y: [cycles, issue.ipc], logy: true }\n"
        "      - x: occupancy.achieved\n"
        "        y: stalls.memory\n"
        "        xlabel: achieved occupancy\n"
        "        title: stalls\n", NULL, 0);
    const plot_spec *ps = exp_plot(e, 0);
    ck_assert_str_eq(ps->title, "Two panels");
    ck_assert_int_eq(ps->n_panels, 2);
    ck_assert_int_eq(ps->panels[0].n_y, 2);
    ck_assert_str_eq(ps->panels[0].y[1], "issue.ipc");
    ck_assert_int_eq(ps->panels[0].logy, 1);
    ck_assert_int_eq(ps->panels[0].logx, 0);
    /* the default: the key's meaning (cusim keys) and the key */
    ck_assert_str_eq(ps->panels[0].xlabel,
                     "registers per invocation, or auto (kernel.registers)");
    ck_assert_str_eq(ps->panels[1].xlabel, "achieved occupancy");
    ck_assert_str_eq(ps->panels[1].title, "stalls");
    exp_free(e);

    /* sim.* is not a CSV column */
    cusim_error err = load_bad(HEAD
        "plots:\n"
        "  - { file: f, x: cycles, y: sim.host_seconds }\n", NULL, 0);
    ck_assert_int_eq(err.line, 4);
    ck_assert_ptr_nonnull(strstr(err.message, "no column 'sim.host_seconds'"));
}
END_TEST

/* The distinct configurations an experiment loads and keeps are bounded
 * before any is loaded: a sweep of 10^6 kernel.elements values took 98 s
 * and 11.6 GB to check. More than EXP_MAX_CONFIGS of a kind, or files of
 * more than EXP_MAX_CONFIG_BYTES in all, are refused at the key that
 * varies them. */
START_TEST(config_limits)
{
    cusim_error err = load_bad(HEAD "sweep:\n"
                               "  kernel.registers: [16, 32]\n"
                               "  kernel.elements: { from: 1, to: 100000 }\n",
                               NULL, 0);
    ck_assert_int_eq(err.line, 4);
    ck_assert_int_eq(err.column, 22);
    ck_assert_str_eq(err.message, "kernel.registers: the experiment has more "
                     "than 16384 distinct kernel configurations (at most "
                     "16384: each is loaded and kept for the run; vary fewer "
                     "values, or split the experiment)");
    err = load_bad(HEAD "zip:\n"
                   "  hw.clock_mhz: { from: 1, to: 16385 }\n"
                   "  hw.cu.max_workgroups: { from: 1, to: 16385 }\n",
                   NULL, 0);
    ck_assert_int_eq(err.line, 4);
    ck_assert_str_eq(err.message, "hw.clock_mhz: the experiment has more "
                     "than 16384 distinct hardware configurations (at most "
                     "16384: each is loaded and kept for the run; vary fewer "
                     "values, or split the experiment)");

    /* a kernel file of 1,048,090 bytes (mostly a comment): 65 of its
     * configurations are more than 64 MiB of files, 64 are not */
    char path[256];
    snprintf(path, sizeof path, "%s/big.yaml", tmpdir);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("name: big\nworkgroup_size: 64\nregisters: 16\nelements: 64\n"
          "program: |\n  alu x, gid\n  st.global x, gid bytes=4\n#", f);
    for (int i = 0; i < 1048000; i++)
        fputc('x', f);
    fputc('\n', f);
    ck_assert_int_eq(fclose(f), 0);
    err = load_bad("hardware: seed.yaml\nkernel: big.yaml\nsweep:\n"
                   "  kernel.elements: { from: 1, to: 65 }\n", NULL, 0);
    ck_assert_int_eq(err.line, 4);
    ck_assert_int_eq(err.column, 20);
    ck_assert_str_eq(err.message, "kernel.elements: the experiment's distinct "
                     "kernel configurations are read from more than 64 MiB "
                     "of files in all (at most 64 MiB: each is loaded and "
                     "kept for the run; vary fewer values, or split the "
                     "experiment)");
    /* 64 of them fit, each loaded once */
    experiment *e = load_text("big64.yaml", "hardware: seed.yaml\n"
                              "kernel: big.yaml\nsweep:\n"
                              "  kernel.elements: { from: 1, to: 64 }\n",
                              NULL, 0);
    ck_assert_uint_eq(exp_n_kernel_configs(e), 64);
    ck_assert_uint_eq(exp_n_hw_configs(e), 1);
    ck_assert_uint_eq(exp_point_kernel(e, 63)->elements, 64);
    exp_free(e);
}
END_TEST

/* An experiment of many distinct keys is read in time linear in them: each
 * key is found by its hash, never compared with every other (50,000 sweep
 * keys took 45 s to check, now 0.6 s). The messages are those of
 * a few keys: the duplicate named at its first place, and a key both set
 * and varied. */
START_TEST(many_distinct_keys)
{
    enum { N = 50000 };
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    ck_assert_ptr_nonnull(f);
    fputs(HEAD "sweep:\n", f);
    for (int i = 0; i < N; i++)
        fprintf(f, "  kernel.s%d: [1]\n", i);
    fputs("  kernel.s7: [2]\n", f);         /* line N + 4 */
    ck_assert_int_eq(fclose(f), 0);
    cusim_error err = load_bad(text, NULL, 0);
    ck_assert_int_eq(err.line, N + 4);
    ck_assert_int_eq(err.column, 3);
    ck_assert_str_eq(err.message, "sweep: duplicate key 'kernel.s7' (first "
                     "written at line 11, column 3)");
    free(text);

    f = open_memstream(&text, &size);
    ck_assert_ptr_nonnull(f);
    fputs(HEAD "set:\n", f);
    for (int i = 0; i < N; i++)
        fprintf(f, "  kernel.t%d: 1\n", i);
    fputs("  kernel.s49999: 1\n", f);       /* line N + 4 */
    fputs("sweep:\n", f);
    for (int i = 0; i < N; i++)
        fprintf(f, "  kernel.s%d: [1]\n", i);
    ck_assert_int_eq(fclose(f), 0);
    err = load_bad(text, NULL, 0);
    ck_assert_int_eq(err.line, N + 4);
    ck_assert_int_eq(err.column, 18);
    ck_assert_str_eq(err.message, "set: 'kernel.s49999' also varies in sweep "
                     "at line 100005, column 19 (a key is either set or "
                     "varied)");
    free(text);
}
END_TEST

/* ----------------------------------------------------------- bad files */

typedef struct bad_case {
    const char *file;
    int line, column;
    const char *message;   /* the start of the message */
} bad_case;

static const bad_case bad_cases[] = {
    { "exp-bad-prefix.yaml", 5, 3, "sweep: 'registers' is not a key path "
      "(expected hw.PATH or kernel.PATH" },
    { "exp-bad-value.yaml", 5, 30, "kernel.registers: expected an integer "
      "from 1 to 65536 or 'auto', got 'lots'" },
    { "exp-duplicate.yaml", 6, 3, "sweep: duplicate key 'kernel.registers' "
      "(first written at line 5, column 3)" },
    { "exp-empty-list.yaml", 6, 25, "sweep: hw.cu.max_workgroups: empty list "
      "(expected at least one value)" },
    { "exp-empty-range.yaml", 5, 21, "sweep: kernel.registers: empty range: "
      "'to' (16) is below 'from' (64)" },
    { "exp-empty-sweep.yaml", 4, 8, "sweep: empty sweep" },
    { "exp-key-escape.yaml", 6, 29, "unknown key 'kernel.regi\\x1b[2Jsters' "
      "(did you mean 'kernel.registers'?)" },
    { "exp-missing-hw-file.yaml", 2, 11, "hardware: cannot read "
      "'../../configs/hw/no-such-gpu.yaml'" },
    { "exp-missing-swept-file.yaml", 4, 48, "kernel: cannot read "
      "'../../workloads/nope.yaml'" },
    { "exp-no-hardware.yaml", 1, 1, "missing required key 'hardware'" },
    { "exp-output-name.yaml", 4, 9, "output: expected a file base name" },
    { "exp-plot-column.yaml", 9, 8, "plots[0].y: no column 'cylces' in the "
      "results (did you mean 'cycles'?)" },
    { "exp-plot-key.yaml", 10, 5, "plots[0]: unknown key 'seires' (did you "
      "mean 'series'?)" },
    { "exp-plot-ymax-below.yaml", 11, 11, "plots[0].ymax: 1000 is not above "
      "ymin 1000 (expected ymin < ymax)" },
    { "exp-plot-ymin-text.yaml", 11, 15, "plots[0].panels[0].ymin: expected a "
      "number, got 'low'" },
    { "exp-plot-stacked-yzero.yaml", 11, 16, "plots[0].panels[0].yzero: a "
      "stacked panel's bars stack up from 0 (expected no 'yzero', or style: "
      "lines)" },
    { "exp-plot-logy-ymin.yaml", 11, 11, "plots[0].ymin: expected a number "
      "above 0 on a log axis (logy: true)" },
    { "exp-plot-stacked-logy.yaml", 11, 15, "plots[0].panels[0].logy: "
      "expected false for a stacked panel (its bars stack up from 0)" },
    { "exp-plot-stacked-one-y.yaml", 9, 8, "plots[0].y: expected 2 to 12 "
      "columns for a stacked panel, got 1" },
    { "exp-plot-stacked-series.yaml", 11, 13, "plots[0].series: a stacked "
      "panel draws one bar per point, so it takes no series" },
    { "exp-plot-points-results.yaml", 10, 13, "plots[0].points: only a "
      "timeline panel (source: timeline) picks points" },
    { "exp-plot-source.yaml", 10, 13, "plots[0].source: expected results or "
      "timeline, got 'trace'" },
    { "exp-plot-timeline-column.yaml", 10, 20, "plots[0].y: no timeline "
      "column 'cycles' (did you mean 'cycle'?)" },
    { "exp-plot-timeline-none.yaml", 8, 13, "plots[0].source: a timeline "
      "panel needs the points' timelines (add the experiment key timeline: "
      "{ every: N })" },
    { "exp-plot-timeline-point.yaml", 11, 17, "plots[0].points: no point 2 "
      "(the experiment has points 0 to 1)" },
    { "exp-plot-timeline-stacked.yaml", 11, 12, "plots[0].style: expected "
      "lines for a timeline panel" },
    { "exp-plot-timeline-wildcard.yaml", 10, 8, "plots[0].y: a wildcard "
      "stands for result fields; a timeline panel's y are timeline columns" },
    { "exp-plot-style.yaml", 10, 12, "plots[0].style: expected lines, "
      "stacked or roofline, got 'bars'" },
    { "exp-plot-roofline-y.yaml", 9, 8, "plots[0].y: a roofline panel takes "
      "no 'y': its y is roofline.performance, per second (expected no 'y', "
      "or style: lines)" },
    { "exp-plot-roofline-logx.yaml", 10, 15, "plots[0].panels[0].logx: a "
      "roofline panel takes no 'logx': both its axes are logarithmic" },
    { "exp-plot-roofline-timeline.yaml", 10, 13, "plots[0].source: a "
      "roofline panel takes no 'source': it draws a point per run, from the "
      "results" },
    { "exp-plot-wildcard-lines.yaml", 9, 8, "plots[0].y: expected 1 to 6 "
      "columns, got 8 ('stalls.*' stands for 8; a panel of style stacked "
      "takes up to 12)" },
    { "exp-plot-wildcard.yaml", 9, 17, "plots[0].y: unknown wildcard "
      "'stall.*' (did you mean 'stalls.*'?)" },
    { "exp-points-empty.yaml", 4, 9, "points: empty list" },
    { "exp-points-no-hw.yaml", 5, 5, "points[1]: names no hardware and there "
      "is no top-level 'hardware'" },
    { "exp-range-key.yaml", 5, 33, "sweep: kernel.registers: unknown range "
      "key 'until'" },
    { "exp-range-overflow.yaml", 5, 37, "sweep: kernel.registers: range "
      "to: '9223372036854775808' does not fit in 64 bits (expected an "
      "integer from -2^63 to 2^63 - 1)" },
    { "exp-range-step.yaml", 5, 47, "sweep: kernel.registers: range step: "
      "expected an integer of at least 1, got 0" },
    { "exp-range-wide.yaml", 6, 21, "sweep: kernel.registers: the range "
      "has 2^64 values (at most 1000000)" },
    { "exp-scalar-sweep.yaml", 5, 21, "sweep: kernel.registers: expected a "
      "list of values or a range" },
    { "exp-set-file.yaml", 5, 3, "set: 'hardware' names a file" },
    { "exp-set-swept.yaml", 5, 21, "set: 'kernel.registers' also varies in "
      "sweep at line 7, column 22" },
    { "exp-set-value.yaml", 5, 21, "hw.cu.schedulers: expected an integer "
      "from 1 to 64, got '0'" },
    { "exp-timeline-key.yaml", 6, 13, "timeline: unknown key 'evry' (did "
      "you mean 'every'?)" },
    { "exp-timeline-value.yaml", 6, 11, "timeline: expected true, false or "
      "{ every: N } (cycles per row), got '50'" },
    { "exp-timeline-zero.yaml", 6, 20, "timeline.every: expected a whole "
      "number of cycles of at least 1 (the window of a timeline row), got "
      "'0'" },
    { "exp-too-many.yaml", 5, 3, "sweep: the experiment would have more than "
      "1000000 points" },
    { "exp-twice.yaml", 8, 22, "zip: 'kernel.registers' also varies in sweep "
      "at line 5, column 22" },
    { "exp-typo-top.yaml", 4, 1, "unknown key 'swep' (did you mean "
      "'sweep'?)" },
    { "exp-unknown-key.yaml", 5, 20, "unknown key 'hw.cu.regsters' (did you "
      "mean 'hw.cu.registers'?)" },
    { "exp-zip-length.yaml", 6, 21, "zip: kernel.registers has 2 values but "
      "kernel.workgroup_size has 3" },
};
#define N_BAD ((int)(sizeof bad_cases / sizeof bad_cases[0]))

START_TEST(bad_file)
{
    const bad_case *c = &bad_cases[_i];
    char rel[128], path[4096];
    snprintf(rel, sizeof rel, "tests/bad/%s", c->file);
    snprintf(path, sizeof path, "%s", cutest_path(rel));
    experiment *e = NULL;
    cusim_error err;
    memset(&err, 0, sizeof err);
    ck_assert_msg(is_experiment(path), "%s is not sniffed as an experiment",
                  c->file);
    ck_assert_int_eq(exp_load(path, NULL, 0, &e, &err), -1);
    ck_assert_ptr_null(e);
    ck_assert_msg(strcmp(err.file, path) == 0 && err.line == c->line
                  && err.column == c->column
                  && strncmp(err.message, c->message,
                             strlen(c->message)) == 0,
                  "%s: got %s:%d:%d: %s", c->file, err.file, err.line,
                  err.column, err.message);
}
END_TEST

/* Every tests/bad/exp-*.yaml has a row in bad_cases[]. */
START_TEST(bad_files_all_listed)
{
    DIR *d = opendir(cutest_path("tests/bad"));
    ck_assert_ptr_nonnull(d);
    struct dirent *de;
    int found = 0;
    while ((de = readdir(d))) {
        if (strncmp(de->d_name, "exp-", 4) != 0)
            continue;
        bool listed = false;
        for (int i = 0; i < N_BAD; i++)
            listed |= strcmp(bad_cases[i].file, de->d_name) == 0;
        ck_assert_msg(listed, "tests/bad/%s has no row in bad_cases[]",
                      de->d_name);
        found++;
    }
    closedir(d);
    ck_assert_int_eq(found, N_BAD);
}
END_TEST

/* ------------------------------------------------------------- running */

static char *out_dir(void)
{
    char *dir = malloc(256);
    ck_assert_ptr_nonnull(dir);
    snprintf(dir, 256, "%s/out", tmpdir);
    return dir;
}

/* Fields of a CSV line (quotes respected). */
static int csv_fields(const char *line)
{
    int n = 1;
    bool quoted = false;
    for (; *line && *line != '\n'; line++) {
        if (*line == '"')
            quoted = !quoted;
        else if (*line == ',' && !quoted)
            n++;
    }
    return n;
}

static bool starts_with(const char *s, const char *prefix)
{
    return s && strncmp(s, prefix, strlen(prefix)) == 0;
}

static const char *line_of(const char *text, int k)
{
    for (; k > 0 && text; k--) {
        text = strchr(text, '\n');
        if (text)
            text++;
    }
    return text;
}

START_TEST(run_and_assemble)
{
    experiment *e = load_text("run.yaml",
        "hardware: seed.yaml\n"
        "kernel: thirds.yaml\n"
        "sweep:\n"
        "  kernel.elements: [192, 256, 384]\n", NULL, 0);
    char *dir = out_dir();
    cusim_error err;
    int lock = -1;
    size_t failed = 99;
    ASSERT_OK(results_prepare(e, dir, false, &lock, &err), err);
    ck_assert_int_ge(lock, 0);

    /* nothing ran yet: assembling says which point is missing */
    ck_assert_int_eq(results_assemble(e, dir, &failed, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.file, "points/00000.json"));

    /* 192 elements: 3 workgroups, 1 in the second dispatch; 256: 4, and
     * 4 / 3 is not whole, so point 1 cannot run: infeasible, a result (the
     * load found it out; running it writes the reason, simulating nothing) */
    ck_assert_uint_eq(exp_n_infeasible(e), 1);
    ck_assert_ptr_null(exp_point_infeasible(e, 0));
    ck_assert_ptr_nonnull(strstr(exp_point_infeasible(e, 1), "thirds.yaml:9:15: "));
    ck_assert_ptr_nonnull(strstr(exp_point_infeasible(e, 1), "is not whole"));
    ck_assert_ptr_null(exp_point_infeasible(e, 2));
    ASSERT_OK(results_point_run(e, dir, 0, &err), err);
    ASSERT_OK(results_point_run(e, dir, 1, &err), err);
    ck_assert(!results_point_done(e, dir, 2));
    ASSERT_OK(results_point_run(e, dir, 2, &err), err);
    for (size_t p = 0; p < 3; p++)
        ck_assert(results_point_done(e, dir, p));

    ASSERT_OK(results_assemble(e, dir, &failed, &err), err);
    ck_assert_uint_eq(failed, 0);
    char path[512];
    snprintf(path, sizeof path, "%s/run.csv", dir);
    char *csv = read_text(path);
    ck_assert(starts_with(csv, "kernel.elements,cycles,time_us,"));
    ck_assert_ptr_null(strstr(csv, "sim."));
    int n = csv_fields(csv);
    for (int k = 1; k <= 3; k++)
        ck_assert_int_eq(csv_fields(line_of(csv, k)), n);
    ck_assert_str_eq(line_of(csv, 4), "");
    ck_assert(starts_with(line_of(csv, 2), "256,,,"));
    ck_assert_ptr_nonnull(strstr(line_of(csv, 2), ",infeasible,\""));
    ck_assert_ptr_nonnull(strstr(line_of(csv, 1), ",ok,\n"));
    free(csv);

    snprintf(path, sizeof path, "%s/run.jsonl", dir);
    char *jsonl = read_text(path);
    ck_assert(starts_with(jsonl, "{\"point\":0,\"params\":{\"kernel."
                          "elements\":192},\"status\":\"ok\",\"error\":null,"
                          "\"cycles\":"));
    ck_assert(starts_with(line_of(jsonl, 1), "{\"point\":1,\"params\":{"
                          "\"kernel.elements\":256},\"status\":\"infeasible\","
                          "\"error\":\""));
    ck_assert_ptr_nonnull(strstr(jsonl, "\"sim\":{\"host_seconds\":"));
    free(jsonl);

    snprintf(path, sizeof path, "%s/manifest.yaml", dir);
    char *man = read_text(path);
    ck_assert_ptr_nonnull(strstr(man, "  - point: 2\n    params:\n      "
                                 "kernel.elements: 384\n"));
    ck_assert_ptr_nonnull(strstr(man, "    hw: *hw0\n"));
    ck_assert_ptr_nonnull(strstr(man, "    kernel: &kernel2\n"));
    free(man);

    /* a worker's death is a failed point too */
    ASSERT_OK(results_point_fail(e, dir, 0, "killed by signal 9", &err), err);
    ck_assert(!results_point_done(e, dir, 0));   /* --resume runs it again */
    ck_assert(results_point_done(e, dir, 1));    /* but not an infeasible one */
    ASSERT_OK(results_assemble(e, dir, &failed, &err), err);
    ck_assert_uint_eq(failed, 1);
    snprintf(path, sizeof path, "%s/run.csv", dir);
    csv = read_text(path);
    ck_assert_ptr_nonnull(strstr(line_of(csv, 1), ",failed,killed by "
                                 "signal 9\n"));
    free(csv);
    close(lock);
    exp_free(e);
    free(dir);
}
END_TEST

START_TEST(resume_fingerprint)
{
    const char *text = HEAD "sweep:\n  kernel.registers: [16, 32]\n"
                       "set:\n  kernel.elements: 2048\n";
    experiment *e = load_text("fp.yaml", text, NULL, 0);
    char *dir = out_dir();
    cusim_error err;
    int lock = -1, lock2 = -1;
    ASSERT_OK(results_prepare(e, dir, false, &lock, &err), err);
    /* a second run cannot use the directory meanwhile */
    /* (fcntl locks are per process: try from a child) */
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0)
        _exit(results_prepare(e, dir, true, &lock2, &err) == -1
              && strstr(err.message, "another cusim run") ? 0 : 1);
    int st;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);

    ASSERT_OK(results_point_run(e, dir, 0, &err), err);
    ck_assert(results_point_done(e, dir, 0));
    ck_assert(!results_point_done(e, dir, 1));
    close(lock);

    /* the same experiment resumes; another configuration does not */
    experiment *same = load_text("fp.yaml", text, NULL, 0);
    ck_assert(results_point_done(same, dir, 0));
    char a1[] = "kernel.elements=4096";
    cusim_set set;
    ASSERT_OK(cusim_set_parse(a1, 1, &set, &err), err);
    experiment *other = load_text("fp.yaml", text, &set, 1);
    ck_assert(!results_point_done(other, dir, 0));

    /* an incomplete file is not a result */
    char path[512];
    snprintf(path, sizeof path, "%s/points/00000.json", dir);
    char *full = read_text(path);
    full[strlen(full) / 2] = '\0';
    write_text(path, full);
    free(full);
    ck_assert(!results_point_done(same, dir, 0));

    /* --resume keeps point files, a fresh run removes them; both remove
     * what a killed run left half-written */
    ASSERT_OK(results_point_run(same, dir, 1, &err), err);
    snprintf(path, sizeof path, "%s/points/00007.json.tmp.123", dir);
    write_text(path, "{");
    ASSERT_OK(results_prepare(same, dir, true, &lock, &err), err);
    ck_assert(results_point_done(same, dir, 1));
    ck_assert_int_ne(access(path, F_OK), 0);
    close(lock);
    ASSERT_OK(results_prepare(same, dir, false, &lock, &err), err);
    ck_assert(!results_point_done(same, dir, 1));
    close(lock);

    exp_free(e);
    exp_free(same);
    exp_free(other);
    free(dir);
}
END_TEST

/* Issue 25, class 4: a point result carries the sum of its bytes. One
 * whose row had a separator changed (the example), a digit of its JSON
 * changed, or a cell taken away with its sum made to match is damaged:
 * not done, and assembling names it; one of an older cusim, without a
 * sum, is only absent (run again, not called damaged). */
START_TEST(damaged_results)
{
    const char *text = HEAD "sweep:\n  kernel.registers: [16, 32]\n"
                       "set:\n  kernel.elements: 2048\n";
    experiment *e = load_text("dmg.yaml", text, NULL, 0);
    char *dir = out_dir();
    cusim_error err;
    int lock = -1;
    size_t failed;
    ASSERT_OK(results_prepare(e, dir, false, &lock, &err), err);
    ASSERT_OK(results_point_run(e, dir, 0, &err), err);
    ASSERT_OK(results_point_run(e, dir, 1, &err), err);
    char path[512];
    snprintf(path, sizeof path, "%s/points/00000.json", dir);
    char *good = read_text(path);
    ck_assert(results_point_done(e, dir, 0));
    ck_assert(!results_point_damaged(e, dir, 0));
    ck_assert_ptr_nonnull(strstr(good, "},\"sum\":\""));

    /* a separator in the row: ',' for ';' */
    char *bad = strdup(good);
    char *row = strstr(bad, "\"csv\":\"");
    char *comma = strchr(row, ',');
    *comma = ';';
    write_text(path, bad);
    ck_assert(!results_point_done(e, dir, 0));
    ck_assert(results_point_damaged(e, dir, 0));
    ck_assert_int_eq(results_assemble(e, dir, &failed, &err), -1);
    ck_assert_str_eq(err.message, "the result of point 0 is damaged (its "
                     "sum does not match its bytes; run again with "
                     "--resume)");

    /* a digit of the JSON object, which no CSV row shows */
    strcpy(bad, good);
    char *digit = strstr(bad, "\"cycles\":") + strlen("\"cycles\":");
    *digit = *digit == '9' ? '8' : (char)(*digit + 1);
    write_text(path, bad);
    ck_assert(results_point_damaged(e, dir, 0));

    /* a cell less, the sum made to match: the row is still short */
    strcpy(bad, good);
    row = strstr(bad, "\"csv\":\"") + strlen("\"csv\":\"");
    comma = strchr(row, ',');
    memmove(row, comma + 1, strlen(comma + 1) + 1);
    char *sum = strstr(bad, ",\"sum\":\"");
    uint64_t h = hmap_fnv(bad, (size_t)(sum - bad), HMAP_FNV_SEED);
    snprintf(sum, 30, ",\"sum\":\"%016llx\"}\n", (unsigned long long)h);
    write_text(path, bad);
    ck_assert(results_point_damaged(e, dir, 0));

    /* an older cusim's file, without the sum: absent, not damaged */
    strcpy(bad, good);
    strcpy(strstr(bad, ",\"sum\":\""), "}\n");
    write_text(path, bad);
    ck_assert(!results_point_done(e, dir, 0));
    ck_assert(!results_point_damaged(e, dir, 0));

    /* run again, the point is whole and assembles */
    ASSERT_OK(results_point_run(e, dir, 0, &err), err);
    ck_assert(results_point_done(e, dir, 0));
    ASSERT_OK(results_assemble(e, dir, &failed, &err), err);
    free(bad);
    free(good);
    close(lock);
    exp_free(e);
    free(dir);
}
END_TEST

/* With `timeline:`, a point that ran writes DIR/timelines/NNNNN.csv, one
 * row per window of `every` cycles (ceil(cycles / every) rows) whose
 * `issued` sums to the run's warp_instructions; an infeasible point
 * writes none; a point is done only with its timeline; --resume keeps
 * timelines, a fresh run removes them. */
START_TEST(timelines_written)
{
    experiment *e = load_text("tl.yaml",
        "hardware: seed.yaml\n"
        "kernel: thirds.yaml\n"
        "timeline: { every: 50 }\n"
        "sweep:\n"
        "  kernel.elements: [192, 256]\n", NULL, 0);
    char *dir = out_dir();
    cusim_error err;
    int lock = -1;
    ASSERT_OK(results_prepare(e, dir, false, &lock, &err), err);
    ASSERT_OK(results_point_run(e, dir, 0, &err), err);
    ASSERT_OK(results_point_run(e, dir, 1, &err), err);   /* infeasible */
    ck_assert(results_point_done(e, dir, 0));
    ck_assert(results_point_done(e, dir, 1));

    cusim_result res;
    cusim_sim_options opt;
    memset(&opt, 0, sizeof opt);
    ASSERT_OK(cusim_simulate(exp_point_hw(e, 0), exp_point_kernel(e, 0), &opt,
                             &res, NULL, &err), err);
    char path[512];
    snprintf(path, sizeof path, "%s/timelines/00000.csv", dir);
    char *tl = read_text(path);
    ck_assert(starts_with(tl, "cycle,resident_subgroups,occupancy,issued,"
                          "issue_rate,bytes_in_flight,"
                          "transactions_in_flight,l1_hit_rate,l2_hit_rate,"
                          "l1_bytes,l2_bytes,dram_bytes\n"));
    uint64_t rows = 0, issued = 0, last = 0;
    for (const char *l = line_of(tl, 1); l && *l; l = line_of(l, 1)) {
        unsigned long long cyc, iss;
        double a, b;
        ck_assert_int_eq(sscanf(l, "%llu,%lf,%lf,%llu,", &cyc, &a, &b, &iss),
                         4);
        rows++;
        issued += iss;
        last = cyc;
    }
    ck_assert_uint_gt(res.cycles, 50);
    ck_assert_uint_eq(rows, (res.cycles + 49) / 50);
    ck_assert_uint_eq(last, res.cycles);
    ck_assert_uint_eq(issued, res.warp_instructions);
    free(tl);
    snprintf(path, sizeof path, "%s/timelines/00001.csv", dir);
    ck_assert_int_ne(access(path, F_OK), 0);      /* the failed point's */

    /* no timeline, not done */
    snprintf(path, sizeof path, "%s/timelines/00000.csv", dir);
    char moved[512];
    snprintf(moved, sizeof moved, "%s/moved.csv", dir);
    ck_assert_int_eq(rename(path, moved), 0);
    ck_assert(!results_point_done(e, dir, 0));
    ck_assert_int_eq(rename(moved, path), 0);
    ck_assert(results_point_done(e, dir, 0));
    close(lock);

    ASSERT_OK(results_prepare(e, dir, true, &lock, &err), err);
    ck_assert_int_eq(access(path, F_OK), 0);
    close(lock);
    ASSERT_OK(results_prepare(e, dir, false, &lock, &err), err);
    ck_assert_int_ne(access(path, F_OK), 0);
    close(lock);
    exp_free(e);
    free(dir);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("experiment");
    TCase *tc = tcase_create("expansion");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, cartesian_last_fastest);
    tcase_add_test(tc, zip_after_sweep);
    tcase_add_test(tc, points_slowest);
    tcase_add_test(tc, range_end_rule);
    tcase_add_test(tc, hardware_lists);
    tcase_add_test(tc, single_point_and_lists_as_values);
    tcase_add_test(tc, override_order);
    tcase_add_test(tc, names_and_sniff);
    tcase_add_test(tc, smoke_loads);
    tcase_add_test(tc, plot_panels);
    tcase_add_test(tc, timeline_key);
    tcase_add_test(tc, many_distinct_keys);
    tcase_add_test(tc, config_limits);
    suite_add_tcase(s, tc);

    tc = tcase_create("bad files");
    tcase_add_loop_test(tc, bad_file, 0, N_BAD);
    tcase_add_test(tc, bad_files_all_listed);
    suite_add_tcase(s, tc);

    tc = tcase_create("running");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, run_and_assemble);
    tcase_add_test(tc, resume_fingerprint);
    tcase_add_test(tc, damaged_results);
    tcase_add_test(tc, timelines_written);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
