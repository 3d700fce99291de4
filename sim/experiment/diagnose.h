/*
 * diagnose.h — what bounds a kernel, found by experiment (`cusim
 * diagnose`, issue 8): the kernel is simulated as given (the baseline) and
 * again with one thing changed at a time (a counterfactual: twice the
 * residency, twice the bandwidth, half the global latency, twice the
 * issue rate or the partitions, ...; with a memory hierarchy twice the
 * L1 or the L2, or no L1 at all; twice the lanes of each execution pipe
 * busy enough to bind: alu, sfu, shared, mem; twice the L2's atomic
 * throughput when its atomic units are busy enough to bind), all with
 * the same simulator (cusim_simulate, never a formula). The speedups say
 * which resource the kernel waits on; a verdict names it, with the
 * speedups as evidence, the first thing to try and a Little's-law line.
 *
 * Use: diag_plan_new (builds every variant's configs and says which cannot
 * apply), then for each variant diag_simulate (pure: may run in another
 * process) and diag_record, then diag_conclude and diag_print. The pipes'
 * variants and the atomic units' (diag_from_baseline) apply or not by the
 * baseline's run: record the baseline before running them (in variant
 * order, it is).
 */
#ifndef CUSIM_DIAGNOSE_H
#define CUSIM_DIAGNOSE_H

#include <stdbool.h>
#include <stdio.h>

#include "cusim.h"
#include "findings.h"

/* The variants, in the order they run and print: X(ID, name, label,
 * holds). `name` is the JSON `variants[].name`; `label` the text
 * report's; `holds` what the variant keeps as the baseline has it besides
 * DIAG_HOLDS, which every variant keeps (check_diagnose asserts it lever
 * by lever). When adding a variant: a row here and its change in
 * diag_plan.c's plan_one. */
#define DIAG_HOLDS "the kernel's work and the global bytes it asks for"
#define DIAG_HOLDS_RESIDENCY                                               \
    "the hardware but what limits residency (the CU's slots, or the "     \
    "kernel's registers or shared memory per workgroup)"
#define DIAG_HOLDS_LANES                                                   \
    "residency, the issue rate, the other pipes and the memory system"
#define DIAG_VARIANTS(X)                                                   \
    X(BASELINE, "baseline", "baseline", "")                               \
    X(RESIDENCY_UP, "residency_up", "+2x residency", DIAG_HOLDS_RESIDENCY)  \
    X(RESIDENCY_DOWN, "residency_down", "1/2 residency",                  \
      DIAG_HOLDS_RESIDENCY)                                               \
    X(BANDWIDTH, "bandwidth", "2x bandwidth",                             \
      "residency, every latency and the caches")                          \
    X(LATENCY, "latency", "1/2 latency",                                  \
      "residency, every bandwidth and the caches")                        \
    X(ISSUE, "issue", "2x issue rate",                                    \
      "residency, the pipes and the memory system")                       \
    X(SCHEDULERS, "schedulers", "2x schedulers",                          \
      "residency and the memory system (each partition brings its issue " \
      "slot and pipes)")                                                  \
    X(INFLIGHT, "inflight", "2x in-flight cap",                           \
      "residency, every latency and bandwidth")                           \
    X(ELEMENTS, "elements", "2x elements per invocation",                 \
      "the hardware, each global address following the element; half "   \
      "the invocations, each running the body twice")                     \
    X(L1_SIZE, "l1_size", "2x L1",                                        \
      "residency, every latency and bandwidth; fewer misses may reach "   \
      "the levels below")                                                 \
    X(L2_SIZE, "l2_size", "2x L2",                                        \
      "residency, every latency and bandwidth; fewer misses may reach "   \
      "DRAM")                                                             \
    X(L1_BYPASS, "l1_bypass", "no L1",                                    \
      "residency, the L2 and DRAM; every access is looked up at the L2")  \
    X(ALU_LANES, "alu_lanes", "2x alu lanes", DIAG_HOLDS_LANES)           \
    X(SFU_LANES, "sfu_lanes", "2x sfu lanes", DIAG_HOLDS_LANES)           \
    X(SHARED_LANES, "shared_lanes", "2x shared lanes", DIAG_HOLDS_LANES)  \
    X(MEM_LANES, "mem_lanes", "2x mem lanes", DIAG_HOLDS_LANES)           \
    X(ATOMIC, "atomic", "2x atomic throughput",                           \
      "residency, every latency and bandwidth and the caches; the L2's "  \
      "atomic units perform twice the operations per cycle (and a turn "  \
      "on one address takes half the cycles, when it takes 2 or more)")  \
    X(SCALAR, "scalar", "2x scalar throughput",                           \
      "residency, the issue rate, the vector pipes and the memory "       \
      "system; the scalar unit takes half the cycles per salu")

typedef enum diag_kind {
#define DIAG_KIND_ROW_(id, name, label, holds) DIAG_##id,
    DIAG_VARIANTS(DIAG_KIND_ROW_)
#undef DIAG_KIND_ROW_
    DIAG_COUNT
} diag_kind;

/* The most overrides one variant writes: 1/2 latency's five (the L1's,
 * the scalar cache's, the L2's, DRAM's and its row misses'). */
#define DIAG_MAX_SETS 5

/* A pipe's lanes variant runs when the baseline keeps the pipe busy at
 * least DIAG_PIPE_SHARE of its cycles (sol.unit.NAME), or when it is the
 * busiest pipe and busy at least DIAG_PIPE_FLOOR: a pipe less busy than
 * that cannot be what binds, and its run would cost time for nothing. */
#define DIAG_PIPE_SHARE 0.5
#define DIAG_PIPE_FLOOR 0.25

/* One variant: its configs, whether it applies, and once recorded its run.
 * Its overrides' marks point into the struct's own strings, so a variant
 * must not be copied once planned (the plan is allocated once). */
typedef struct diag_variant {
    diag_kind kind;
    char change[320];           /* "kernel.shared_bytes 16384 -> 8192";
                                   "" for the baseline */
    bool applicable;            /* false: it cannot apply or launch */
    char why[384];              /* when not applicable: why, one line */
    cusim_hw hw;
    cusim_kernel k;             /* owned (freed by diag_plan_free) */
    cusim_occupancy occ;        /* static occupancy of hw and k */
    cusim_set sets[DIAG_MAX_SETS];
    char paths[DIAG_MAX_SETS][48], values[DIAG_MAX_SETS][24];
    int n_sets;
    bool ran;                   /* diag_record was called */
    int rc;                     /* cusim_simulate's: 0 ran, 1 failed */
    cusim_result res;           /* when rc is 0 */
    char error[768];            /* when rc is 1: the failure's message */
} diag_variant;

/* The memory levels of a hierarchy, as the Little's-law lines and the
 * verdict's `level` name them. */
typedef enum diag_level { DIAG_L1, DIAG_L2, DIAG_DRAM, DIAG_LEVELS } diag_level;

/* The rule that named the verdict's level (docs/cli.md's table), in the
 * order they are tried; DIAG_RULE_NONE when no level is named. */
typedef enum diag_level_rule {
    DIAG_RULE_NONE,
    DIAG_RULE_CAPACITY,         /* 2x L1 or 2x L2 helps */
    DIAG_RULE_DRAM_BANDWIDTH,   /* 2x bandwidth helps */
    DIAG_RULE_L1_LIMIT,         /* served from L1, its lookups busy enough
                                   to bind */
    DIAG_RULE_L1_LATENCY,       /* served from L1, the loads wait on its
                                   latency */
    DIAG_RULE_WAIT,             /* memory waits are the top stall: where
                                   the loads wait */
    DIAG_RULE_BUSIEST           /* a bandwidth verdict: the busiest level */
} diag_level_rule;

/* A level gets a Little's-law line when at least this share of the sectors
 * the kernel asks for gets to it (diag_law.reached). */
#define DIAG_REACH 0.10

/* Little's law at one level of a hierarchy: the bytes it needs in flight
 * to run at its peak, against those the CUs keep in flight. */
typedef struct diag_law {
    bool present;               /* false: the level is absent (no L1) */
    double share;               /* of the sectors the kernel asks for, the
                                   share that gets to this level: 1 at the
                                   first, then (1 - h1), (1 - h1)(1 - h2) */
    bool reached;               /* the misses reach it: share at least
                                   DIAG_REACH (its line is printed) */
    double latency;             /* cycles: cache.l1.latency,
                                   cache.l2.latency, dram.latency */
    double bytes_per_cycle;     /* peak: L1 per CU (lines_per_cycle x
                                   line), the L2's and DRAM's GPU-wide */
    double needed_bytes;        /* latency x bytes_per_cycle */
    double achieved_bytes;      /* the CUs' bytes in flight (the L1's per
                                   CU): an upper bound below the L1 */
} diag_law;

/* The verdict's kinds, named as the `bound` values where they say the
 * same thing. */
typedef struct diag_verdict {
    const char *kind;           /* "bandwidth", "latency", "compute",
                                   "small_grid" or "balanced" */
    diag_kind lever;            /* the variant that helped most, or
                                   DIAG_BASELINE when none helped (a
                                   pipe's lanes before 2x schedulers,
                                   which doubles every pipe at once) */
    const char *unit;           /* the pipe the verdict names ("shared",
                                   ...: its lanes are the lever), or NULL */
    char evidence[512];         /* "latency-bound: +2x residency -> 1.80x
                                   faster; 2x bandwidth -> 1.00x; ..." */
    char bound[32];             /* the baseline's `bound` */
    bool agrees;                /* kind equals bound */
    char try_first[1024];       /* the first thing to try, one sentence */
    double waves;               /* workgroups / (CUs x workgroups per CU) */
    double needed_bytes;        /* latency.global x memory.bandwidth
                                   (with a hierarchy, DRAM's: dram.latency
                                   x dram.bytes_per_cycle) */
    double achieved_bytes;      /* memory.avg_inflight x transaction
                                   (with a hierarchy, x the bytes per
                                   line requested) */
    double subgroups_needed;    /* resident subgroups per CU that would
                                   keep needed_bytes in flight; 0 when the
                                   kernel has no global traffic */
    double cap_bytes;           /* the most the in-flight caps allow:
                                   max_inflight x transaction x CUs (with
                                   a hierarchy, min(max_inflight, L1
                                   mshrs) x cache.l1.line x CUs) */
    /* With a memory hierarchy (the baseline's result.hierarchy): */
    const char *level;          /* the level the verdict names: "l1",
                                   "l2", "dram"; NULL without a hierarchy,
                                   for a compute verdict, or without
                                   global traffic */
    char level_text[256];       /* why that level, one sentence; "" when
                                   level is NULL */
    diag_level_rule level_rule; /* the rule that named it */
    diag_law law[DIAG_LEVELS];  /* Little's law per level */
    finding findings[FINDING_COUNT];  /* the baseline's (findings.h) */
    int n_findings;
    double finding_gain[FINDING_COUNT];  /* per finding, the speedup of the
                                   counterfactual that measures its fix
                                   (the occupancy limiter's: +2x
                                   residency; contended atomics': 2x
                                   atomic throughput), or 0 */
} diag_verdict;

typedef struct diag_plan {
    diag_variant v[DIAG_COUNT];
    uint64_t max_instructions;   /* each run's budget (cusim_sim_options);
                                    0: the default */
} diag_plan;

/* "baseline", "residency_up", ... and "baseline", "+2x residency", ...;
 * "?" out of range. */
const char *diag_kind_name(diag_kind k);
const char *diag_kind_label(diag_kind k);
/* What variant k keeps as the baseline has it besides DIAG_HOLDS ("" for
 * the baseline). */
const char *diag_kind_holds(diag_kind k);

/* Whether variant k applies or not by the baseline's run (a pipe's
 * lanes, or the atomic units' throughput: see DIAG_PIPE_SHARE): run it only after diag_record has recorded
 * the baseline, and only if it is still applicable then. */
bool diag_from_baseline(diag_kind k);

/* Builds every variant of `k` on `hw` (copies: the caller keeps its own).
 * Returns the plan (the caller frees it with diag_plan_free), or NULL with
 * `err` set when the baseline itself cannot launch (its occupancy fails).
 * A variant that cannot apply or launch is marked not applicable. */
diag_plan *diag_plan_new(const cusim_hw *hw, const cusim_kernel *k,
                         cusim_error *err);

void diag_plan_free(diag_plan *p);   /* NULL-safe */

/* Simulates variant `i` (applicable) without changing the plan, so it may
 * run in a forked worker: cusim_simulate's status, `out` and `err`. */
int diag_simulate(const diag_plan *p, diag_kind i, cusim_result *out,
                  cusim_error *err);

/* Records variant i's run (what diag_simulate returned). A variant whose
 * simulation says it cannot launch (status -1) becomes not applicable.
 * The baseline's run marks the pipes' variants whose pipe cannot bind
 * (DIAG_PIPE_SHARE) not applicable, saying how busy it was. */
void diag_record(diag_plan *p, diag_kind i, int rc, const cusim_result *res,
                 const cusim_error *err);

/* Variant i's speedup over the baseline (baseline cycles / its cycles), or
 * 0 when it is not applicable or did not run. */
double diag_speedup(const diag_plan *p, diag_kind i);

/* The verdict from the recorded runs. The baseline must have run (rc 0). */
void diag_conclude(const diag_plan *p, diag_verdict *v);

/* Prints the report: TEXT as sections (baseline, counterfactuals,
 * verdict, Little's law); JSON as one object {"hw", "kernel", "baseline",
 * "variants": [...], "verdict"} on one line. CSV is not offered. */
void diag_print(FILE *out, const diag_plan *p, const diag_verdict *v,
                cusim_format fmt);

#endif /* CUSIM_DIAGNOSE_H */
