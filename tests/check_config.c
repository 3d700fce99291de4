/*
 * check_config.c — loading hardware profiles and kernels (sim/cfg_*.c).
 *
 * Good files in tests/good/cfg-*.yaml are checked value by value and mark
 * by mark; every file in tests/bad/cfg-*.yaml must fail with exactly the
 * line, column and message in bad_cases[]; --set overrides replace file
 * values and carry their own marks; the echo loads back to the same value.
 * Kernels of several dispatches: each later dispatch inherits what its
 * entry does not write (marks included), its program is its own, its
 * element count may be an expression evaluated by cusim_dispatch_elements.
 * Configs are values: a profile copies by assignment, a kernel clones;
 * overrides applied in memory, and loads from a string, give what loading
 * the file with them gives, errors included.
 */
#include <dirent.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "cutest.h"
#include "error.h"
#include "program.h"
#include "yamldoc.h"

/* ------------------------------------------------------------- helpers */

#define ASSERT_LOADED(rc, err)                                           \
    ck_assert_msg((rc) == 0, "unexpected error %s:%d:%d: %s", (err).file, \
                  (err).line, (err).column, (err).message)

static void assert_mark(cusim_mark m, const char *file, int line,
                        int column)
{
    ck_assert_ptr_nonnull(m.file);
    ck_assert_str_eq(m.file, file);
    ck_assert_int_eq(m.line, line);
    if (line > 0)
        ck_assert_int_eq(m.column, column);
}

/* The 1-based number of the first line of FILE that starts with PREFIX
 * (a shipped file's key, found as a reader would, so that its comments
 * can change). */
static int line_starting(const char *file, const char *prefix)
{
    FILE *f = fopen(file, "r");
    ck_assert_ptr_nonnull(f);
    char buf[512];
    int line = 0, found = 0;
    while (!found && fgets(buf, sizeof buf, f)) {
        line++;
        found = strncmp(buf, prefix, strlen(prefix)) == 0;
    }
    fclose(f);
    ck_assert_msg(found, "%s: no line starts with %s", file, prefix);
    return line;
}

static void assert_marks_equal(const cusim_mark *a, const cusim_mark *b)
{
    for (int i = 0; i < CUSIM_MAX_KEYS; i++) {
        ck_assert_msg(a[i].file == b[i].file && a[i].line == b[i].line
                      && a[i].column == b[i].column, "marks[%d]: %s:%d:%d "
                      "and %s:%d:%d", i, a[i].file ? a[i].file : "(own)",
                      a[i].line, a[i].column,
                      b[i].file ? b[i].file : "(own)", b[i].line,
                      b[i].column);
    }
}

/* Every value and mark of two profiles is the same. */
static void assert_hw_equal(const cusim_hw *a, const cusim_hw *b)
{
    /* the fields before `marks` are char arrays and 32-bit values: no
     * padding between them */
    ck_assert_int_eq(memcmp(a, b, offsetof(cusim_hw, memory)
                                  + sizeof a->memory), 0);
    assert_marks_equal(a->marks, b->marks);
}

/* The values of two profiles are the same (their files and marks may
 * differ). */
static void same_hw(const cusim_hw *a, const cusim_hw *b)
{
    ck_assert_str_eq(a->name, b->name);
    ck_assert_int_eq(a->n_simd_widths, b->n_simd_widths);
    for (int i = 0; i < a->n_simd_widths; i++)
        ck_assert_uint_eq(a->simd_widths[i], b->simd_widths[i]);
    ck_assert_uint_eq(a->compute_units, b->compute_units);
    ck_assert_uint_eq(a->clock_mhz, b->clock_mhz);
    ck_assert_uint_eq(a->cu.max_invocations, b->cu.max_invocations);
    ck_assert_uint_eq(a->cu.max_subgroups, b->cu.max_subgroups);
    ck_assert_uint_eq(a->cu.max_workgroups, b->cu.max_workgroups);
    ck_assert_uint_eq(a->cu.max_workgroup_size, b->cu.max_workgroup_size);
    ck_assert_uint_eq(a->cu.registers, b->cu.registers);
    ck_assert_uint_eq(a->cu.register_granularity,
                      b->cu.register_granularity);
    ck_assert_uint_eq(a->cu.max_registers_per_invocation,
                      b->cu.max_registers_per_invocation);
    ck_assert_uint_eq(a->cu.shared_memory, b->cu.shared_memory);
    ck_assert_uint_eq(a->cu.shared_granularity, b->cu.shared_granularity);
    ck_assert_uint_eq(a->cu.shared_reserved, b->cu.shared_reserved);
    ck_assert_uint_eq(a->cu.max_shared_per_workgroup,
                      b->cu.max_shared_per_workgroup);
    ck_assert_uint_eq(a->cu.schedulers, b->cu.schedulers);
    ck_assert_uint_eq(a->cu.issue_per_cycle, b->cu.issue_per_cycle);
    ck_assert_int_eq(a->cu.policy, b->cu.policy);
    /* the hierarchy's fields are plain uint32_t and int-sized enums;
     * while it is off nothing reads them (and the echo leaves them out) */
    ck_assert_uint_eq(a->cache.l2.bytes, b->cache.l2.bytes);
    if (a->cache.l2.bytes) {
        ck_assert(memcmp(&a->cache.l1, &b->cache.l1, sizeof a->cache.l1)
                  == 0);
        ck_assert(memcmp(&a->cache.l2, &b->cache.l2, sizeof a->cache.l2)
                  == 0);
        ck_assert_uint_eq(a->cache.scalar.bytes, b->cache.scalar.bytes);
        if (a->cache.scalar.bytes)   /* else unread, and left out */
            ck_assert(memcmp(&a->cache.scalar, &b->cache.scalar,
                             sizeof a->cache.scalar) == 0);
        ck_assert(memcmp(&a->dram, &b->dram, sizeof a->dram) == 0);
    }
    ck_assert_uint_eq(a->launch_cycles, b->launch_cycles);
    for (int u = 0; u < CUSIM_UNIT_COUNT; u++)
        ck_assert_uint_eq(a->cu.lanes[u], b->cu.lanes[u]);
    for (int l = 0; l < CUSIM_LAT_COUNT; l++)
        ck_assert_uint_eq(a->latency[l], b->latency[l]);
    ck_assert_uint_eq(a->memory.bandwidth, b->memory.bandwidth);
    ck_assert_uint_eq(a->memory.transaction, b->memory.transaction);
    ck_assert_uint_eq(a->memory.max_inflight, b->memory.max_inflight);
}

/* The values of two kernels and of their dispatches are the same. */
static void same_kernel(const cusim_kernel *a, const cusim_kernel *b)
{
    ck_assert_str_eq(a->name, b->name);
    ck_assert_int_eq(a->workgroup_dims, b->workgroup_dims);
    for (int i = 0; i < 3; i++)
        ck_assert_uint_eq(a->workgroup[i], b->workgroup[i]);
    ck_assert_uint_eq(a->registers, b->registers);
    ck_assert_int_eq(a->registers_auto, b->registers_auto);
    ck_assert_uint_eq(a->shared_bytes, b->shared_bytes);
    ck_assert_uint_eq(a->elements, b->elements);
    ck_assert_uint_eq(a->elements_per_invocation,
                      b->elements_per_invocation);
    ck_assert_uint_eq(a->subgroup_size, b->subgroup_size);
    ck_assert_str_eq(a->program, b->program);
    ck_assert_str_eq(a->elements_expr, b->elements_expr);
    ck_assert_str_eq(a->shared_bytes_expr.text, b->shared_bytes_expr.text);
    ck_assert_int_eq(a->next != NULL, b->next != NULL);
    if (a->next)
        same_kernel(a->next, b->next);
}

/* Every value and mark of two kernels and their dispatches is the same,
 * and both are parsed or neither is. */
static void assert_kernel_equal(const cusim_kernel *a, const cusim_kernel *b)
{
    same_kernel(a, b);   /* the values, and as many dispatches */
    for (; a; a = a->next, b = b->next) {
        ck_assert_str_eq(a->file, b->file);
        ck_assert_int_eq(a->program_line, b->program_line);
        ck_assert_int_eq(a->program_column, b->program_column);
        ck_assert_int_eq(a->ast != NULL, b->ast != NULL);
        assert_marks_equal(a->marks, b->marks);
    }
}

/* Writes `text` to a new temporary file; returns its malloc'd path. */
static char *temp_file(const char *text)
{
    char *path = strdup("/tmp/cusim-check-config-XXXXXX");
    ck_assert_ptr_nonnull(path);
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
    return path;
}

static void remove_temp(char *path)
{
    unlink(path);
    free(path);
}

/* ------------------------------------------------------ hardware files */

START_TEST(hw_every_key)
{
    cusim_hw hw;
    cusim_error err;
    char *path = strdup(cutest_path("tests/good/cfg-hw-full.yaml"));
    ASSERT_LOADED(cfg_hw_load(path, NULL, 0, &hw, &err), err);

    ck_assert_str_eq(hw.file, path);
    ck_assert_str_eq(hw.name, "full-cu");
    ck_assert_int_eq(hw.n_simd_widths, 3);
    ck_assert_uint_eq(hw.simd_widths[0], 16);   /* stored ascending */
    ck_assert_uint_eq(hw.simd_widths[1], 32);
    ck_assert_uint_eq(hw.simd_widths[2], 64);
    ck_assert_uint_eq(hw.compute_units, 30);
    ck_assert_uint_eq(hw.clock_mhz, 1750);
    ck_assert_uint_eq(hw.cu.max_invocations, 2048);
    ck_assert_uint_eq(hw.cu.max_subgroups, 64);
    ck_assert_uint_eq(hw.cu.max_workgroups, 32);
    ck_assert_uint_eq(hw.cu.max_workgroup_size, 512);
    ck_assert_uint_eq(hw.cu.registers, 65536);
    ck_assert_uint_eq(hw.cu.register_granularity, 128);
    ck_assert_uint_eq(hw.cu.max_registers_per_invocation, 127);
    ck_assert_uint_eq(hw.cu.shared_memory, 65536);
    ck_assert_uint_eq(hw.cu.shared_granularity, 512);
    ck_assert_uint_eq(hw.cu.shared_reserved, 1024);
    ck_assert_uint_eq(hw.cu.max_shared_per_workgroup, 49152);
    ck_assert_uint_eq(hw.cu.schedulers, 2);
    ck_assert_uint_eq(hw.cu.issue_per_cycle, 2);
    ck_assert_int_eq(hw.cu.policy, CUSIM_POLICY_OLDEST);
    ck_assert_uint_eq(hw.cu.lanes[CUSIM_UNIT_ALU], 16);
    ck_assert_uint_eq(hw.cu.lanes[CUSIM_UNIT_SFU], 4);
    ck_assert_uint_eq(hw.cu.lanes[CUSIM_UNIT_MEM], 16);
    ck_assert_uint_eq(hw.cu.lanes[CUSIM_UNIT_SHARED], 8);
    ck_assert_uint_eq(hw.latency[CUSIM_LAT_ALU], 6);
    ck_assert_uint_eq(hw.latency[CUSIM_LAT_SFU], 24);
    ck_assert_uint_eq(hw.latency[CUSIM_LAT_SHARED], 32);
    ck_assert_uint_eq(hw.latency[CUSIM_LAT_GLOBAL], 500);
    ck_assert_uint_eq(hw.latency[CUSIM_LAT_BARRIER], 2);
    ck_assert_uint_eq(hw.memory.bandwidth, 128);
    ck_assert_uint_eq(hw.memory.transaction, 64);
    ck_assert_uint_eq(hw.memory.max_inflight, 128);
    free(path);
}
END_TEST

/* Each mark is where the key's value starts (1-based), and points at the
 * struct's own copy of the file name. */
START_TEST(hw_marks)
{
    cusim_hw hw;
    cusim_error err;
    ASSERT_LOADED(cfg_hw_load(cutest_path("tests/good/cfg-hw-full.yaml"),
                              NULL, 0, &hw, &err), err);
    static const struct {
        const char *key;
        int line, column;
    } want[] = {
        { "name", 3, 7 },
        { "simd_width", 4, 13 },
        { "compute_units", 5, 16 },
        { "clock_mhz", 6, 12 },
        { "cu.max_invocations", 8, 20 },
        { "cu.registers", 12, 14 },
        { "cu.max_registers_per_invocation", 14, 33 },
        { "cu.policy", 21, 11 },
        { "cu.lanes.alu", 22, 17 },
        { "cu.lanes.shared", 22, 46 },
        { "latency.alu", 23, 17 },
        { "latency.barrier", 23, 63 },
        { "memory.max_inflight", 27, 17 },
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        cusim_mark m = cfg_hw_mark(&hw, want[i].key);
        ck_assert_msg(m.file != NULL, "no mark for %s", want[i].key);
        ck_assert_ptr_eq(m.file, hw.file);
        ck_assert_msg(m.line == want[i].line && m.column == want[i].column,
                      "%s at %d:%d, expected %d:%d", want[i].key, m.line,
                      m.column, want[i].line, want[i].column);
    }
    for (int i = 0; i < CUSIM_MAX_KEYS; i++)   /* none points into hw */
        ck_assert_ptr_null(hw.marks[i].file);
    ck_assert_ptr_null(cfg_hw_mark(&hw, "cu.regs").file);
    ck_assert_int_eq(cfg_hw_mark(&hw, "cu.regs").line, 0);
    ck_assert_ptr_null(cfg_hw_mark(&hw, "cu").file);
}
END_TEST

START_TEST(hw_defaults)
{
    cusim_hw hw;
    cusim_error err;
    ASSERT_LOADED(cfg_hw_load(cutest_path("tests/good/cfg-hw-minimal.yaml"),
                              NULL, 0, &hw, &err), err);
    ck_assert_str_eq(hw.name, "cfg-hw-minimal");   /* the base name */
    ck_assert_int_eq(hw.n_simd_widths, 1);
    ck_assert_uint_eq(hw.simd_widths[0], 32);
    ck_assert_uint_eq(hw.clock_mhz, 1500);
    ck_assert_uint_eq(hw.cu.max_workgroup_size, 1024);
    ck_assert_uint_eq(hw.cu.register_granularity, 256);
    ck_assert_uint_eq(hw.cu.max_registers_per_invocation, 255);
    ck_assert_uint_eq(hw.cu.shared_granularity, 256);
    ck_assert_uint_eq(hw.cu.shared_reserved, 0);
    ck_assert_uint_eq(hw.cu.max_shared_per_workgroup, 0);
    ck_assert_uint_eq(hw.cu.schedulers, 4);
    ck_assert_uint_eq(hw.cu.issue_per_cycle, 1);
    ck_assert_int_eq(hw.cu.policy, CUSIM_POLICY_GTO);
    ck_assert_uint_eq(hw.cu.lanes[CUSIM_UNIT_ALU], 32);
    ck_assert_uint_eq(hw.cu.lanes[CUSIM_UNIT_SFU], 8);
    ck_assert_uint_eq(hw.cu.lanes[CUSIM_UNIT_MEM], 32);
    ck_assert_uint_eq(hw.cu.lanes[CUSIM_UNIT_SHARED], 32);
    ck_assert_uint_eq(hw.latency[CUSIM_LAT_ALU], 4);
    ck_assert_uint_eq(hw.latency[CUSIM_LAT_SFU], 20);
    ck_assert_uint_eq(hw.latency[CUSIM_LAT_SHARED], 30);
    ck_assert_uint_eq(hw.latency[CUSIM_LAT_GLOBAL], 400);
    ck_assert_uint_eq(hw.latency[CUSIM_LAT_BARRIER], 1);
    ck_assert_uint_eq(hw.memory.bandwidth, 64);
    ck_assert_uint_eq(hw.memory.transaction, 32);
    ck_assert_uint_eq(hw.memory.max_inflight, 256);

    assert_mark(cfg_hw_mark(&hw, "clock_mhz"), hw.file, 0, 0);
    assert_mark(cfg_hw_mark(&hw, "name"), hw.file, 0, 0);
    assert_mark(cfg_hw_mark(&hw, "cu.lanes.sfu"), hw.file, 0, 0);
    assert_mark(cfg_hw_mark(&hw, "cu.registers"), hw.file, 8, 14);
    ck_assert_ptr_eq(cfg_hw_mark(&hw, "clock_mhz").file, hw.file);
}
END_TEST

/* tests/good/cfg-hw-cache.yaml writes every key of the memory hierarchy;
 * the minimal profile leaves it off, at the defaults. */
START_TEST(hw_cache_keys)
{
    cusim_hw hw;
    cusim_error err;
    ASSERT_LOADED(cfg_hw_load(cutest_path("tests/good/cfg-hw-cache.yaml"),
                              NULL, 0, &hw, &err), err);
    ck_assert_uint_eq(hw.cache.l1.bytes, 0);
    ck_assert_uint_eq(hw.cache.l1.unified, 131072);
    ck_assert_uint_eq(hw.cache.l1.line, 128);
    ck_assert_uint_eq(hw.cache.l1.sector, 32);
    ck_assert_uint_eq(hw.cache.l1.ways, 4);
    ck_assert_uint_eq(hw.cache.l1.latency, 30);
    ck_assert_uint_eq(hw.cache.l1.lines_per_cycle, 2);
    ck_assert_uint_eq(hw.cache.l1.mshrs, 128);
    ck_assert_int_eq(hw.cache.l1.stores, CUSIM_STORES_WRITE_BACK);
    ck_assert_uint_eq(hw.cache.l2.bytes, 6291456);
    ck_assert_uint_eq(hw.cache.l2.line, 128);
    ck_assert_uint_eq(hw.cache.l2.sector, 32);
    ck_assert_uint_eq(hw.cache.l2.ways, 16);
    ck_assert_uint_eq(hw.cache.l2.slices, 64);
    ck_assert_uint_eq(hw.cache.l2.interleave, 256);
    ck_assert_uint_eq(hw.cache.l2.latency, 215);
    ck_assert_uint_eq(hw.cache.l2.bytes_per_cycle, 1775);
    ck_assert_uint_eq(hw.cache.l2.mshrs, 96);
    ck_assert_uint_eq(hw.cache.l2.mshr_merge, 8);
    ck_assert_uint_eq(hw.cache.l1.mshr_merge, 16);
    ck_assert_uint_eq(hw.cache.scalar.bytes, 16384);
    ck_assert_uint_eq(hw.cache.scalar.ways, 2);
    ck_assert_uint_eq(hw.cache.scalar.latency, 48);
    ck_assert_int_eq(hw.cache.scalar.serves, CUSIM_SERVES_PARAMS);
    ck_assert_uint_eq(hw.dram.latency, 437);
    ck_assert_uint_eq(hw.dram.bytes_per_cycle, 588);
    ck_assert_uint_eq(hw.dram.channels, 32);
    ck_assert_uint_eq(hw.dram.banks, 16);
    ck_assert_uint_eq(hw.dram.row, 2048);
    ck_assert_uint_eq(hw.dram.row_miss_cycles, 40);
    ck_assert_int_eq(hw.dram.scheduler, CUSIM_DRAM_FCFS);
    ck_assert_uint_eq(hw.dram.window, 32);
    ck_assert_uint_eq(hw.launch_cycles, 5000);
    assert_mark(cfg_hw_mark(&hw, "cache.l1.unified"), hw.file, 13, 14);
    assert_mark(cfg_hw_mark(&hw, "cache.scalar.latency"), hw.file, 36, 14);
    assert_mark(cfg_hw_mark(&hw, "cache.scalar.serves"), hw.file, 37, 13);
    assert_mark(cfg_hw_mark(&hw, "launch_cycles"), hw.file, 47, 16);

    ASSERT_LOADED(cfg_hw_load(cutest_path("tests/good/cfg-hw-minimal.yaml"),
                              NULL, 0, &hw, &err), err);
    ck_assert_uint_eq(hw.cache.l1.bytes, 0);
    ck_assert_uint_eq(hw.cache.l1.unified, 0);
    ck_assert_uint_eq(hw.cache.l1.line, 128);
    ck_assert_uint_eq(hw.cache.l1.sector, 32);
    ck_assert_uint_eq(hw.cache.l1.ways, 4);
    ck_assert_uint_eq(hw.cache.l1.latency, 0);
    ck_assert_uint_eq(hw.cache.l1.lines_per_cycle, 1);
    ck_assert_uint_eq(hw.cache.l1.mshrs, 256);
    ck_assert_int_eq(hw.cache.l1.stores, CUSIM_STORES_WRITE_THROUGH);
    ck_assert_uint_eq(hw.cache.l2.bytes, 0);
    ck_assert_uint_eq(hw.cache.l2.ways, 16);
    ck_assert_uint_eq(hw.cache.scalar.bytes, 0);
    ck_assert_uint_eq(hw.cache.scalar.ways, 4);
    ck_assert_uint_eq(hw.cache.scalar.latency, 0);
    ck_assert_int_eq(hw.cache.scalar.serves, CUSIM_SERVES_UNIFORM);
    ck_assert_uint_eq(hw.cache.l2.slices, 1);
    ck_assert_uint_eq(hw.cache.l2.interleave, 256);
    ck_assert_uint_eq(hw.cache.l2.mshrs, 192);
    ck_assert_uint_eq(hw.cache.l2.mshr_merge, 4);
    ck_assert_uint_eq(hw.cache.l1.mshr_merge, 8);
    ck_assert_uint_eq(hw.dram.channels, 1);
    ck_assert_uint_eq(hw.dram.banks, 16);
    ck_assert_uint_eq(hw.dram.row, 2048);
    ck_assert_uint_eq(hw.dram.row_miss_cycles, 0);
    ck_assert_int_eq(hw.dram.scheduler, CUSIM_DRAM_FR_FCFS);
    ck_assert_uint_eq(hw.dram.window, 16);
    ck_assert_uint_eq(hw.launch_cycles, 0);

    /* an override of cache.l2.bytes written after the file's cache.*
     * turns the hierarchy off (a sweep of flat against cached), loaded
     * or applied */
    cusim_set off = { "hw.cache.l2.bytes", "0", "--set", 1, 1 };
    ASSERT_LOADED(cfg_hw_load(cutest_path("tests/good/cfg-hw-cache.yaml"),
                              &off, 1, &hw, &err), err);
    ck_assert_uint_eq(hw.cache.l2.bytes, 0);
    ASSERT_LOADED(cfg_hw_load(cutest_path("tests/good/cfg-hw-cache.yaml"),
                              NULL, 0, &hw, &err), err);
    ASSERT_LOADED(cusim_hw_apply(&hw, &off, 1, &err), err);
    ck_assert_uint_eq(hw.cache.l2.bytes, 0);
}
END_TEST

/* A name is cut to 63 bytes; a file without an extension keeps its name. */
START_TEST(hw_name_from_file)
{
    cusim_hw hw;
    cusim_error err;
    char *path = temp_file("simd_width: 32\ncompute_units: 1\ncu: "
                           "{ max_invocations: 64, max_subgroups: 4, "
                           "max_workgroups: 4, registers: 1024, "
                           "shared_memory: 0 }\n");
    ASSERT_LOADED(cfg_hw_load(path, NULL, 0, &hw, &err), err);
    ck_assert_str_eq(hw.name, strrchr(path, '/') + 1);
    ck_assert_uint_eq(hw.cu.shared_memory, 0);
    remove_temp(path);
}
END_TEST

/* ------------------------------------------------------------- kernels */

static const char good_program[] =
    "# one global load in every ten instructions\n"
    "once {\n"
    "  alu i\n"
    "}\n"
    "body {\n"
    "  ld.global x, i bytes=4\n"
    "  repeat 9 {\n"
    "    fma x, x, x\n"
    "  }\n"
    "  st.global x, i bytes=4\n"
    "}\n";

START_TEST(kernel_every_key)
{
    cusim_kernel k;
    cusim_error err;
    ASSERT_LOADED(cfg_kernel_load(cutest_path("tests/good/cfg-kernel.yaml"),
                                  NULL, 0, &k, &err), err);
    ck_assert_str_eq(k.name, "latency-bound");
    ck_assert_int_eq(k.workgroup_dims, 3);
    ck_assert_uint_eq(k.workgroup[0], 16);
    ck_assert_uint_eq(k.workgroup[1], 8);
    ck_assert_uint_eq(k.workgroup[2], 2);
    ck_assert(!k.registers_auto);
    ck_assert_uint_eq(k.registers, 40);
    ck_assert_uint_eq(k.shared_bytes, 1296);
    ck_assert_uint_eq(k.elements, 1048576);
    ck_assert_uint_eq(k.elements_per_invocation, 4);
    ck_assert_uint_eq(k.subgroup_size, 32);
    ck_assert_str_eq(k.program, good_program);
    /* "program: |" is on line 9; the text starts on line 10, column 3 */
    ck_assert_int_eq(k.program_line, 10);
    ck_assert_int_eq(k.program_column, 3);
    assert_mark(cfg_kernel_mark(&k, "program"), k.file, 9, 10);
    assert_mark(cfg_kernel_mark(&k, "workgroup_size"), k.file, 3, 17);
    assert_mark(cfg_kernel_mark(&k, "elements"), k.file, 6, 11);
    ck_assert_ptr_null(cfg_kernel_mark(&k, "cu.registers").file);
    cfg_kernel_free(&k);
}
END_TEST

START_TEST(kernel_defaults)
{
    cusim_kernel k;
    cusim_error err;
    ASSERT_LOADED(cfg_kernel_load(
                      cutest_path("tests/good/cfg-kernel-minimal.yaml"),
                      NULL, 0, &k, &err), err);
    ck_assert_str_eq(k.name, "cfg-kernel-minimal");
    ck_assert_int_eq(k.workgroup_dims, 1);
    ck_assert_uint_eq(k.workgroup[0], 64);
    ck_assert_uint_eq(k.workgroup[1], 1);
    ck_assert_uint_eq(k.workgroup[2], 1);
    ck_assert(k.registers_auto);
    ck_assert_uint_eq(k.registers, 0);
    ck_assert_uint_eq(k.shared_bytes, 0);
    ck_assert_uint_eq(k.elements, 5000);
    ck_assert_uint_eq(k.elements_per_invocation, 1);
    ck_assert_uint_eq(k.subgroup_size, 0);
    ck_assert_str_eq(k.program, "alu x");
    ck_assert_int_eq(k.program_line, 4);      /* a plain scalar: its mark */
    ck_assert_int_eq(k.program_column, 10);
    assert_mark(cfg_kernel_mark(&k, "registers"), k.file, 0, 0);
    cfg_kernel_free(&k);
}
END_TEST

/* Where program text starts, for each way of writing a scalar. */
START_TEST(kernel_program_origin)
{
    static const struct {
        const char *yaml;
        const char *text;
        int line, column;
    } cases[] = {
        { "program: \"alu x\"\n", "alu x", 3, 11 },
        { "program: 'alu x'\n", "alu x", 3, 11 },
        { "program:    alu x\n", "alu x", 3, 13 },
        { "program: |\n    alu x\n    alu y\n", "alu x\nalu y\n", 4, 5 },
        { "program: |-\n\n   \n     alu x\n", "\n\nalu x", 4, 6 },
        { "program: |2\n     alu x\n", "   alu x\n", 4, 3 },
        { "program: >+ # folded\n  alu x\n\n", "alu x\n\n", 4, 3 },
        { "program: &p !!str |\n    alu x\n", "alu x\n", 4, 5 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, "workgroup_size: 64\nelements: 5\n%s",
                 cases[i].yaml);
        char *path = temp_file(text);
        cusim_kernel k;
        cusim_error err;
        ASSERT_LOADED(cfg_kernel_load(path, NULL, 0, &k, &err), err);
        ck_assert_str_eq(k.program, cases[i].text);
        ck_assert_msg(k.program_line == cases[i].line
                      && k.program_column == cases[i].column,
                      "case %zu: program at %d:%d, expected %d:%d", i,
                      k.program_line, k.program_column, cases[i].line,
                      cases[i].column);
        cfg_kernel_free(&k);
        remove_temp(path);
    }
}
END_TEST

/* ------------------------------------------------------------ overrides */

START_TEST(set_overrides)
{
    cusim_set sets[] = {
        { "kernel.workgroup_size", "[8, 8]", "--set", 1, 1 },
        { "hw.cu.shared_memory", "32768", "--set", 2, 1 },
        { "kernel.registers", "auto", "--set", 3, 1 },
        { "hw.cu.policy", "lrr", "--set", 4, 1 },
        { "hw.clock_mhz", "2000", "--set", 5, 1 },   /* not in the file */
        { "hw.clock_mhz", "2100", "exp.yaml", 12, 7 },   /* the last wins */
        { "hw.cu.lanes", "{ alu: 8, sfu: 2 }", "--set", 7, 1 },
    };
    size_t n = sizeof sets / sizeof sets[0];
    cusim_hw hw;
    cusim_kernel k;
    cusim_error err;

    ASSERT_LOADED(cfg_hw_load(cutest_path("tests/good/cfg-hw-full.yaml"),
                              sets, n, &hw, &err), err);
    ck_assert_uint_eq(hw.cu.shared_memory, 32768);
    ck_assert_int_eq(hw.cu.policy, CUSIM_POLICY_LRR);
    ck_assert_uint_eq(hw.clock_mhz, 2100);
    ck_assert_uint_eq(hw.cu.lanes[CUSIM_UNIT_ALU], 8);
    ck_assert_uint_eq(hw.cu.lanes[CUSIM_UNIT_SFU], 2);
    ck_assert_uint_eq(hw.cu.lanes[CUSIM_UNIT_MEM], 16);   /* the file's */
    ck_assert_uint_eq(hw.cu.registers, 65536);
    assert_mark(cfg_hw_mark(&hw, "cu.shared_memory"), "--set", 2, 1);
    ck_assert_ptr_eq(cfg_hw_mark(&hw, "cu.shared_memory").file,
                     sets[1].file);
    assert_mark(cfg_hw_mark(&hw, "cu.policy"), "--set", 4, 1);
    assert_mark(cfg_hw_mark(&hw, "clock_mhz"), "exp.yaml", 12, 7);
    assert_mark(cfg_hw_mark(&hw, "cu.lanes.alu"), "--set", 7, 1);
    assert_mark(cfg_hw_mark(&hw, "cu.lanes.mem"), hw.file, 22, 34);

    ASSERT_LOADED(cfg_kernel_load(cutest_path("tests/good/cfg-kernel.yaml"),
                                  sets, n, &k, &err), err);
    ck_assert_int_eq(k.workgroup_dims, 2);
    ck_assert_uint_eq(k.workgroup[0], 8);
    ck_assert_uint_eq(k.workgroup[1], 8);
    ck_assert_uint_eq(k.workgroup[2], 1);
    ck_assert(k.registers_auto);
    ck_assert_uint_eq(k.registers, 0);
    assert_mark(cfg_kernel_mark(&k, "workgroup_size"), "--set", 1, 1);
    assert_mark(cfg_kernel_mark(&k, "registers"), "--set", 3, 1);
    assert_mark(cfg_kernel_mark(&k, "shared_bytes"), k.file, 5, 15);
    cfg_kernel_free(&k);
}
END_TEST

/* An override replaces the file's value before it is checked. */
START_TEST(set_replaces_bad_value)
{
    cusim_set set = { "hw.cu.registers", "32768", "--set", 1, 1 };
    cusim_hw hw;
    cusim_error err;
    ASSERT_LOADED(cfg_hw_load(cutest_path("tests/bad/cfg-hw-word.yaml"),
                              &set, 1, &hw, &err), err);
    ck_assert_uint_eq(hw.cu.registers, 32768);
}
END_TEST

START_TEST(set_parse)
{
    cusim_set set;
    cusim_error err;
    char ok[] = "hw.cu.registers=a=b";
    ck_assert_int_eq(cusim_set_parse(ok, 4, &set, &err), 0);
    ck_assert_str_eq(set.path, "hw.cu.registers");
    ck_assert_str_eq(set.value, "a=b");
    ck_assert_str_eq(set.file, "--set");
    ck_assert_int_eq(set.line, 4);
    ck_assert_int_eq(set.column, 1);

    char empty_value[] = "kernel.program=";
    ck_assert_int_eq(cusim_set_parse(empty_value, 1, &set, &err), 0);
    ck_assert_str_eq(set.value, "");

    char bad[] = "abc";
    ck_assert_int_eq(cusim_set_parse(bad, 3, &set, &err), -1);
    ck_assert_str_eq(err.file, "--set");
    ck_assert_int_eq(err.line, 3);
    ck_assert_int_eq(err.column, 1);
    ck_assert_str_eq(err.message, "expected PATH=VALUE, got 'abc'");

    char no_path[] = "=5";
    ck_assert_int_eq(cusim_set_parse(no_path, 2, &set, &err), -1);
    ck_assert_str_eq(err.message, "expected PATH=VALUE, got '=5'");
}
END_TEST

/* ---------------------------------------------------------- bad input */

/* Each case loads `file` as `kind`: 'h' a profile, 'k' a kernel, 'p' a
 * kernel through cusim_kernel_load (which also parses every dispatch's
 * program); with `set`, the file is good and the override (the second on
 * the command line) is at fault. */
typedef struct bad_case {
    char kind;
    const char *file;
    const char *set;
    int line, column;
    const char *message;
} bad_case;

static const bad_case bad_cases[] = {
    { 'h', "cfg-empty.yaml", NULL, 1, 1,
      "empty file (expected a hardware profile mapping)" },
    { 'k', "cfg-comments-only.yaml", NULL, 1, 1,
      "empty file (expected a kernel mapping)" },
    { 'h', "cfg-null-document.yaml", NULL, 1, 1,
      "empty file (expected a hardware profile mapping)" },
    { 'h', "cfg-syntax.yaml", NULL, 2, 18,
      "YAML syntax error: mapping values are not allowed in this context" },
    { 'h', "cfg-unclosed-list.yaml", NULL, 2, 14,
      "YAML syntax error: did not find expected ',' or ']'" },
    { 'h', "cfg-binary.yaml", NULL, 1, 1,
      "YAML syntax error: control characters are not allowed (0x7F)" },
    { 'h', "cfg-invalid-utf8.yaml", NULL, 1, 10,
      "YAML syntax error: invalid trailing UTF-8 octet (0x0A)" },
    { 'h', "cfg-control-char.yaml", NULL, 2, 10,
      "YAML syntax error: control characters are not allowed (0x01)" },
    { 'h', "cfg-two-documents.yaml", NULL, 9, 1,
      "a second YAML document starts here (expected a hardware profile "
      "mapping alone in the file)" },
    { 'h', "cfg-top-list.yaml", NULL, 1, 1,
      "expected a hardware profile mapping, got a list" },
    { 'k', "cfg-top-scalar.yaml", NULL, 1, 1,
      "expected a kernel mapping, got 'just some words'" },
    { 'h', "cfg-hw-number-list.yaml", NULL, 2, 16,
      "compute_units: expected an integer from 1 to 1000000, got a list" },
    { 'h', "cfg-hw-number-mapping.yaml", NULL, 7, 14,
      "cu.registers: expected an integer from 1 to 67108864, got a "
      "mapping" },
    { 'h', "cfg-hw-negative.yaml", NULL, 7, 14,
      "cu.registers: expected an integer from 1 to 67108864, got '-5'" },
    { 'h', "cfg-hw-word.yaml", NULL, 7, 14,
      "cu.registers: expected an integer from 1 to 67108864, got 'abc'" },
    { 'h', "cfg-hw-zero.yaml", NULL, 9, 23,
      "cu.shared_granularity: expected an integer from 1 to 1048576, "
      "got '0'" },
    { 'h', "cfg-hw-simd-zero.yaml", NULL, 1, 13,
      "simd_width: expected an integer from 1 to 1024 or a list of them, "
      "got '0'" },
    { 'h', "cfg-hw-simd-item.yaml", NULL, 1, 18,
      "simd_width: expected an integer from 1 to 1024 or a list of them, "
      "got '2048'" },
    { 'h', "cfg-hw-simd-twice.yaml", NULL, 1, 22,
      "simd_width: 32 is listed twice (expected distinct widths)" },
    { 'h', "cfg-hw-simd-many.yaml", NULL, 1, 13,
      "simd_width: expected a list of 1 to 8 widths, got 9" },
    { 'h', "cfg-hw-simd-empty.yaml", NULL, 1, 13,
      "simd_width: expected a list of 1 to 8 widths, got an empty list" },
    { 'h', "cfg-hw-overflow.yaml", NULL, 7, 14,
      "cu.registers: '99999999999999999999' does not fit in 64 bits "
      "(expected an integer from 1 to 67108864)" },
    { 'h', "cfg-hw-quoted.yaml", NULL, 7, 14,
      "cu.registers: expected an integer from 1 to 67108864, got a quoted "
      "string" },
    { 'h', "cfg-hw-float.yaml", NULL, 9, 12,
      "clock_mhz: expected an integer from 1 to 100000, got '1.5e3'" },
    { 'h', "cfg-hw-hex.yaml", NULL, 10, 16,
      "memory.transaction: expected an integer from 1 to 4096, got '0x20'" },
    { 'h', "cfg-hw-range.yaml", NULL, 10, 11,
      "latency.global: expected an integer from 1 to 1000000, got "
      "'1000001'" },
    { 'h', "cfg-hw-typo.yaml", NULL, 7, 3,
      "unknown key 'cu.regsters' (did you mean 'cu.registers'?)" },
    { 'h', "cfg-hw-typo-top.yaml", NULL, 9, 1,
      "unknown key 'latncy' (did you mean 'latency'?)" },
    { 'h', "cfg-hw-misplaced.yaml", NULL, 9, 1,
      "unknown key 'registers' (did you mean 'cu.registers'?)" },
    { 'h', "cfg-hw-unknown.yaml", NULL, 9, 3,
      "unknown key 'cu.frobnicate' (valid keys under 'cu': "
      "rules, max_invocations, max_subgroups, max_workgroups, max_barrier_workgroups, max_workgroup_size, "
      "registers, register_granularity, max_registers_per_invocation, "
      "shared_memory, shared_granularity, shared_reserved, "
      "max_shared_per_workgroup, schedulers, issue_per_cycle, policy, "
      "lanes, shared_banks, shared_bank_bytes, shared_wide_loads, shuffle_unit, scalar_cycles, "
      "scalar_issue, turnover_cycles)" },
    { 'h', "cfg-hw-lanes-unknown.yaml", NULL, 9, 21,
      "unknown key 'cu.lanes.tensor' (valid keys under 'cu.lanes': alu, "
      "sfu, mem, shared)" },
    { 'h', "cfg-hw-recursive-alias.yaml", NULL, 4, 3,
      "unknown key 'cu.lanes.lanes' (did you mean 'cache.l1.line'?)" },
    { 'h', "cfg-hw-duplicate.yaml", NULL, 9, 3,
      "duplicate key 'cu.max_subgroups' (first written at line 5, column "
      "3)" },
    { 'h', "cfg-hw-duplicate-mapping.yaml", NULL, 9, 1,
      "duplicate key 'cu' (first written at line 3, column 1)" },
    { 'h', "cfg-hw-missing.yaml", NULL, 1, 1,
      "missing required key 'cu.registers' (32-bit registers per CU)" },
    { 'h', "cfg-hw-subgroups-divide.yaml", NULL, 5, 18,
      "cu.max_subgroups (63) must divide evenly among cu.schedulers (4)" },
    { 'h', "cfg-hw-subgroups-per-scheduler.yaml", NULL, 5, 18,
      "cu.max_subgroups (8192) over cu.schedulers (4) is 2048 subgroups per "
      "scheduler (expected at most 1024)" },
    { 'h', "cfg-hw-registers-divide.yaml", NULL, 9, 15,
      "cu.registers (65536) must divide evenly among cu.schedulers (3)" },
    { 'h', "cfg-hw-policy.yaml", NULL, 9, 11,
      "cu.policy: expected one of gto, lrr, oldest, got 'fifo'" },
    { 'h', "cfg-hw-rules.yaml", NULL, 9, 10,
      "cu.rules: expected one of nvidia, amd, intel, adreno, apple, got 'powervr'" },
    { 'h', "cfg-hw-barrier-nvidia.yaml", NULL, 7, 27,
      "cu.max_barrier_workgroups (16) applies only to cu.rules amd and intel (this "
      "profile's rules are nvidia; expected 0)" },
    { 'h', "cfg-hw-shared-per-group.yaml", NULL, 9, 18,
      "cu.max_shared_per_workgroup (100000) is more than the CU's "
      "cu.shared_memory (65536); expected at most 65536, or 0 for no separate "
      "limit" },
    { 'h', "cfg-hw-cu-scalar.yaml", NULL, 3, 5,
      "cu: expected a mapping (of rules, max_invocations, max_subgroups, "
      "max_workgroups, max_barrier_workgroups, max_workgroup_size, registers, register_granularity, "
      "max_registers_per_invocation, shared_memory, shared_granularity, "
      "shared_reserved, max_shared_per_workgroup, schedulers, "
      "issue_per_cycle, policy, lanes, shared_banks, shared_bank_bytes, shared_wide_loads, "
      "shuffle_unit, scalar_cycles, scalar_issue, turnover_cycles), got '4'" },
    { 'h', "cfg-hw-name-long.yaml", NULL, 1, 7,
      "name: expected a name of 1 to 63 printable characters, got 64 "
      "bytes" },
    { 'h', "cfg-hw-name-list.yaml", NULL, 1, 7,
      "name: expected a name of 1 to 63 printable characters, got a list" },
    { 'h', "cfg-hw-dotted-key.yaml", NULL, 9, 1,
      "key 'cu.schedulers' contains '.' (write nested mappings: cu: { "
      "schedulers: ... })" },
    { 'h', "cfg-hw-key-list.yaml", NULL, 9, 3,
      "expected a key name, got a list" },
    { 'h', "cfg-hw-null-value.yaml", NULL, 2, 15,
      "compute_units: expected an integer from 1 to 1000000, got nothing" },
    { 'h', "cfg-hw-tab.yaml", NULL, 7, 1,
      "YAML syntax error: found a tab character that violates "
      "indentation" },
    { 'k', "cfg-kernel-wg-product.yaml", NULL, 1, 17,
      "workgroup_size: 1024 x 1024 x 2 = 2097152 invocations (expected at "
      "most 1048576)" },
    { 'k', "cfg-kernel-wg-dims.yaml", NULL, 1, 17,
      "workgroup_size: expected a list of 1 to 3 sizes, got 4" },
    { 'k', "cfg-kernel-wg-item.yaml", NULL, 1, 22,
      "workgroup_size: expected an integer from 1 to 1048576 or a list of "
      "1 to 3 of them, got '0'" },
    { 'k', "cfg-kernel-wg-mapping.yaml", NULL, 1, 17,
      "workgroup_size: expected an integer from 1 to 1048576 or a list of "
      "1 to 3 of them, got a mapping" },
    { 'k', "cfg-kernel-registers.yaml", NULL, 4, 12,
      "registers: expected an integer from 1 to 65536 or 'auto', got "
      "'automatic'" },
    { 'k', "cfg-kernel-registers-quoted.yaml", NULL, 4, 12,
      "registers: expected an integer from 1 to 65536 or 'auto', got a "
      "quoted string" },
    { 'k', "cfg-kernel-no-program.yaml", NULL, 1, 1,
      "missing required key 'program' (the synthetic ISA program text)" },
    { 'k', "cfg-kernel-blank-program.yaml", NULL, 3, 10,
      "program: expected the program text, got an empty text" },
    { 'k', "cfg-kernel-program-list.yaml", NULL, 4, 3,
      "program: expected the program text, got a list" },
    { 'k', "cfg-kernel-elements-big.yaml", NULL, 2, 11,
      "elements: expected an integer from 1 to 281474976710656, got "
      "'281474976710657'" },
    { 'k', "cfg-kernel-alias.yaml", NULL, 2, 11,
      "YAML syntax error: found undefined alias" },
    { 'k', "cfg-kernel-typo.yaml", NULL, 4, 1,
      "unknown key 'elements_per_invocaton' (did you mean "
      "'elements_per_invocation'?)" },
    { 'k', "cfg-kernel-plus-zero.yaml", NULL, 4, 26,
      "elements_per_invocation: expected an integer from 1 to 4096, got "
      "'+0'" },
    { 'k', "cfg-kernel-dispatch-typo.yaml", NULL, 6, 5,
      "unknown key 'dispatches[0].elemnts' (did you mean "
      "'dispatches[0].elements'?)" },
    { 'k', "cfg-kernel-dispatch-name.yaml", NULL, 6, 20,
      "dispatches[1].elements: unknown name 'groups' in expression "
      "(expected workgroups or elements)" },
    { 'p', "cfg-kernel-dispatch-program.yaml", NULL, 12, 7,
      "unknown opcode 'fmaa' (did you mean 'fma'?)" },
    /* quoted programs: their lines fold, errors are placed byte by byte */
    { 'p', "cfg-kernel-program-double-quoted.yaml", NULL, 9, 3,
      "expected ',' between operands or the end of the line, found 'b'" },
    { 'p', "cfg-kernel-program-else.yaml", NULL, 11, 3,
      "'else' goes on the line of its if's closing brace: '} else {'" },
    { 'p', "cfg-kernel-program-escapes.yaml", NULL, 7, 32,
      "unknown opcode 'bogus' (expected alu, fma, sfu, ld.global, "
      "st.global, ld.shared, st.shared, barrier, atom.global, atom.shared, "
      "shuffle, broadcast, ballot, reduce, salu, "
      "repeat, once, body, if or after)" },
    { 'p', "cfg-kernel-program-single-quoted.yaml", NULL, 11, 3,
      "unknown opcode 'bogus' (expected alu, fma, sfu, ld.global, "
      "st.global, ld.shared, st.shared, barrier, atom.global, atom.shared, "
      "shuffle, broadcast, ballot, reduce, salu, "
      "repeat, once, body, if or after)" },
    { 'k', "cfg-kernel-quoted-missing-key.yaml", NULL, 1, 1,
      "missing required key 'workgroup_size' (invocations per workgroup: "
      "x, [x, y] or [x, y, z])" },
    /* hostile text: escaped in the message, never expanded, no recursion */
    { 'h', "cfg-hw-name-escape.yaml", NULL, 3, 7,
      "name: expected a name of 1 to 63 printable characters, got "
      "'red\\x1b[31mtext\\x07'" },
    { 'h', "cfg-hw-alias-bomb.yaml", NULL, 19, 14,
      "simd_width: expected an integer from 1 to 1024 or a list of them, "
      "got a list" },
    { 'h', "cfg-hw-deep-block.yaml", NULL, 4, 3,
      "name: expected a name of 1 to 63 printable characters, got a list" },
    { 'k', "cfg-kernel-dispatch-scalar.yaml", NULL, 4, 13,
      "dispatches: expected a list of up to 8 dispatch mappings, got "
      "'combine'" },
    { 'k', "cfg-kernel-dispatch-entry.yaml", NULL, 6, 5,
      "dispatches[1]: expected a dispatch mapping (of name, workgroup_size, "
      "registers, registers_source, shared_bytes, elements, "
      "elements_per_invocation, subgroup_size, program, buffers, grid_x), "
      "got 'workgroups'" },
    { 'k', "cfg-kernel-dispatch-many.yaml", NULL, 13, 5,
      "dispatches[8]: too many dispatches (at most 8 may follow the first, "
      "got 9)" },
    { 'k', "cfg-kernel-dispatch-zero.yaml", NULL, 6, 15,
      "dispatches[0].elements: expected an integer from 1 to "
      "281474976710656 or an expression of workgroups and elements, got "
      "'0'" },
    { 'k', "cfg-kernel-dispatch-missing.yaml", NULL, 5, 5,
      "missing required key 'dispatches[0].elements' (work items in the "
      "dispatch)" },
    { 'k', "cfg-kernel-hw-key.yaml", NULL, 4, 1,
      "unknown key 'cu' (valid keys: name, workgroup_size, registers, "
      "registers_source, shared_bytes, elements, elements_per_invocation, "
      "subgroup_size, program, buffers, grid_x, dispatches)" },

    /* the memory hierarchy's keys (cfg_check_hw: check_hierarchy) */
    { 'h', "cfg-hw-cache-banks.yaml", NULL, 20, 10,
      "dram.banks: expected an integer from 1 to 1024, got '0'" },
    { 'h', "cfg-hw-cache-atomic-rate.yaml", NULL, 17, 18,
      "cache.l2.atomic_rate: expected an integer from 1 to 65536, got "
      "'0'" },
    { 'h', "cfg-hw-cache-channels.yaml", NULL, 20, 13,
      "dram.channels: expected an integer from 1 to 4096, got '0'" },
    { 'h', "cfg-hw-cache-l2-line-l1-sectors.yaml", NULL, 18, 11,
      "cache.l2.line (256) holds 64 of cache.l1.sector (4): the L2 keeps "
      "a line's L1 sectors, at most 32; expected cache.l1.sector at least "
      "8 or cache.l2.line at most 128" },
    { 'h', "cfg-hw-cache-l1-mshr-merge.yaml", NULL, 13, 17,
      "cache.l1.mshr_merge: expected an integer from 1 to 65536, got '0'" },
    { 'h', "cfg-hw-cache-l2-mshr-merge.yaml", NULL, 17, 17,
      "cache.l2.mshr_merge: expected an integer from 1 to 65536, got '0'" },
    { 'h', "cfg-hw-scalar-issue.yaml", NULL, 10, 17,
      "cu.scalar_issue: expected one of slot, beside, got 'alongside'" },
    { 'h', "cfg-hw-scalar-cycles.yaml", NULL, 9, 18,
      "cu.scalar_cycles: expected an integer from 0 to 64, got '65'" },
    { 'h', "cfg-hw-turnover-cycles.yaml", NULL, 9, 20,
      "cu.turnover_cycles: expected an integer from 0 to 1000000, "
      "got '-5'" },
    { 'h', "cfg-hw-cache-dram-bandwidth.yaml", NULL, 14, 12,
      "missing required key 'dram.bytes_per_cycle' (DRAM peak "
      "bandwidth, bytes per cycle, whole GPU; 0: unset, required when "
      "cache.l2.bytes > 0; memory.bandwidth is the flat model's)" },
    { 'h', "cfg-hw-dram-turnaround.yaml", NULL, 20, 25,
      "dram.read_to_write_cycles: expected an integer from 0 to 10000, "
      "got '10001'" },
    { 'h', "cfg-hw-cache-dram-latency.yaml", NULL, 14, 12,
      "missing required key 'dram.latency' (an L2 miss, cycles from "
      "issue to data, unloaded; 0: unset, required when "
      "cache.l2.bytes > 0; latency.global is the flat model's)" },
    { 'h', "cfg-hw-cache-dram-needs-l2.yaml", NULL, 10, 12,
      "dram.latency: dram needs cache.l2 (expected cache.l2.bytes > "
      "0: without an L2 the flat memory.* model runs and reads no "
      "cache.* or dram.* key)" },
    { 'h', "cfg-hw-cache-dram-order.yaml", NULL, 18, 12,
      "dram.latency (150) must be more than cache.l2.latency (200): "
      "both are end to end from issue, a DRAM access includes the L2 "
      "miss" },
    { 'h', "cfg-hw-cache-hash-owner.yaml", NULL, 22, 13,
      "cache.l2.hash ipoly needs each slice to be one channel's, got "
      "cache.l2.slices 6 and dram.channels 4 (expected one a multiple of "
      "the other, or both hashes linear)" },
    { 'h', "cfg-hw-cache-hash-xor.yaml", NULL, 22, 9,
      "dram.hash xor needs a power-of-two dram.channels, got 40 (expected "
      "1, 2, 4, ... channels, or dram.hash ipoly or linear)" },
    { 'h', "cfg-hw-cache-interleave-line.yaml", NULL, 15, 17,
      "cache.l2.interleave (64) is less than cache.l2.line (128): a "
      "line lives in one slice; expected at least 128" },
    { 'h', "cfg-hw-cache-interleave.yaml", NULL, 15, 17,
      "cache.l2.interleave (384) is not a power of two (expected 256, "
      "4096, ... bytes per slice)" },
    { 'h', "cfg-hw-cache-l1-both.yaml", NULL, 12, 14,
      "cache.l1.bytes (32768) and cache.l1.unified (131072) are both "
      "set; expected one of them (unified: the L1 gets what shared "
      "memory leaves of the pool)" },
    { 'h', "cfg-hw-cache-l1-latency.yaml", NULL, 11, 14,
      "missing required key 'cache.l1.latency' (L1 hit, cycles from "
      "issue to data; 0: unset, required when the CU has an L1 and "
      "cache.l2.bytes > 0)" },
    { 'h', "cfg-hw-cache-l1-lines.yaml", NULL, 12, 11,
      "cache.l1.bytes (1000) is not a multiple of cache.l1.line "
      "(128): a fully associative cache holds whole lines" },
    { 'h', "cfg-hw-cache-l1-needs-l2.yaml", NULL, 11, 12,
      "cache.l1.bytes: cache.l1 needs cache.l2 (expected "
      "cache.l2.bytes > 0: without an L2 the flat memory.* model runs "
      "and reads no cache.* or dram.* key)" },
    { 'h', "cfg-hw-cache-l1-sets.yaml", NULL, 11, 12,
      "cache.l1.bytes (100000) is not a multiple of cache.l1.ways x "
      "cache.l1.line (4 x 128 = 512): the cache holds whole sets" },
    { 'h', "cfg-hw-cache-l2-bandwidth.yaml", NULL, 14, 12,
      "missing required key 'cache.l2.bytes_per_cycle' (L2 bandwidth, "
      "bytes per cycle, whole GPU; 0: unset, required when "
      "cache.l2.bytes > 0)" },
    { 'h', "cfg-hw-cache-l2-latency.yaml", NULL, 14, 12,
      "missing required key 'cache.l2.latency' (L2 hit, cycles from "
      "issue to data, the L1 miss path included; 0: unset, required "
      "when cache.l2.bytes > 0)" },
    { 'h', "cfg-hw-cache-l2-sets.yaml", NULL, 15, 13,
      "cache.l2.bytes (1048576) is not a multiple of cache.l2.slices "
      "x cache.l2.ways x cache.l2.line (3 x 16 x 128 = 6144): each "
      "slice holds whole sets" },
    { 'h', "cfg-hw-cache-latency-order.yaml", NULL, 15, 14,
      "cache.l2.latency (30) must be more than cache.l1.latency (30): "
      "both are end to end from issue, an L2 hit includes the L1 miss" },
    { 'h', "cfg-hw-cache-line.yaml", NULL, 12, 11,
      "cache.l1.line (96) is not a power of two (expected 32, 64, "
      "128, ... bytes)" },
    { 'h', "cfg-hw-cache-row.yaml", NULL, 20, 8,
      "dram.row (3000) is not a power of two (expected 1024, 2048, "
      "... bytes)" },
    { 'h', "cfg-hw-cache-scalar-latency.yaml", NULL, 14, 12,
      "missing required key 'cache.scalar.latency' (scalar data cache "
      "hit, cycles from issue to data; 0: unset, required when "
      "cache.scalar.bytes > 0)" },
    { 'h', "cfg-hw-cache-scalar-needs-l2.yaml", NULL, 11, 12,
      "cache.scalar.bytes: cache.scalar needs cache.l2 (expected "
      "cache.l2.bytes > 0: without an L2 the flat memory.* model runs "
      "and reads no cache.* or dram.* key)" },
    { 'h', "cfg-hw-cache-scalar-order.yaml", NULL, 18, 14,
      "cache.l2.latency (200) must be more than cache.scalar.latency "
      "(300): both are end to end from issue, an L2 hit includes the "
      "scalar cache's miss" },
    { 'h', "cfg-hw-cache-scalar-sets.yaml", NULL, 14, 12,
      "cache.scalar.bytes (1000) is not a multiple of cache.scalar.ways "
      "x cache.l1.line (4 x 128 = 512): the cache holds whole sets of "
      "the L1's lines" },
    { 'h', "cfg-hw-cache-scheduler.yaml", NULL, 20, 14,
      "dram.scheduler: expected one of fr_fcfs, fcfs, got 'frfcfs'" },
    { 'h', "cfg-hw-cache-sector-line.yaml", NULL, 12, 13,
      "cache.l1.sector (256) does not divide cache.l1.line (128); "
      "expected a power of two at most 128" },
    { 'h', "cfg-hw-cache-sector.yaml", NULL, 15, 13,
      "cache.l2.sector (24) is not a power of two (expected 32, 64, "
      "... bytes, dividing cache.l2.line)" },
    { 'h', "cfg-hw-cache-sectors.yaml", NULL, 15, 11,
      "cache.l2.line (2048) holds 64 sectors of cache.l2.sector (32); "
      "expected at most 32 sectors per line (cache.l2.sector at least "
      "64)" },
    { 'h', "cfg-hw-cache-slices.yaml", NULL, 15, 13,
      "cache.l2.slices: expected an integer from 1 to 4096, got '0'" },
    { 'h', "cfg-hw-cache-stores.yaml", NULL, 13, 13,
      "cache.l1.stores: expected one of write_through, write_back, "
      "got 'write_around'" },
    { 'h', "cfg-hw-cache-unified.yaml", NULL, 11, 14,
      "cache.l1.unified (32768) is less than cu.shared_memory "
      "(65536): the pool holds the largest shared memory carveout; "
      "expected at least 65536" },

    /* overrides, on good files */
    /* the hierarchy is off in the minimal profile: its keys need it */
    { 'h', NULL, "hw.cache.l1.bytes=32768", 2, 1,
      "cache.l1.bytes: cache.l1 needs cache.l2 (expected cache.l2.bytes > "
      "0: without an L2 the flat memory.* model runs and reads no cache.* "
      "or dram.* key)" },
    { 'h', NULL, "hw.dram.channels=8", 2, 1,
      "dram.channels: dram needs cache.l2 (expected cache.l2.bytes > 0: "
      "without an L2 the flat memory.* model runs and reads no cache.* or "
      "dram.* key)" },
    { 'h', NULL, "hw.cache.l2.bytes=1048576", 2, 1,
      "missing required key 'cache.l2.latency' (L2 hit, cycles from issue "
      "to data, the L1 miss path included; 0: unset, required when "
      "cache.l2.bytes > 0)" },
    { 'h', NULL, "hw.cu.regs=5", 2, 1,
      "unknown key 'hw.cu.regs' (did you mean 'hw.cu.registers'?)" },
    { 'h', NULL, "hw.latncy.alu=4", 2, 1,
      "unknown key 'hw.latncy.alu' (did you mean 'hw.latency.alu'?)" },
    { 'k', NULL, "foo=1", 2, 1,
      "'foo=1': a --set path starts with 'hw.' or 'kernel.'" },
    { 'h', NULL, "hw.=1", 2, 1,
      "unknown key 'hw.' (valid keys: name, simd_width, compute_units, "
      "clock_mhz, cu, latency, memory, cache, dram, launch_cycles)" },
    { 'h', NULL, "hw.cu.registers=-5", 2, 1,
      "hw.cu.registers: expected an integer from 1 to 67108864, got "
      "'-5'" },
    { 'h', NULL, "hw.cu=4", 2, 1,
      "hw.cu: expected a mapping (of rules, max_invocations, max_subgroups, "
      "max_workgroups, max_barrier_workgroups, max_workgroup_size, registers, register_granularity, "
      "max_registers_per_invocation, shared_memory, shared_granularity, "
      "shared_reserved, max_shared_per_workgroup, schedulers, "
      "issue_per_cycle, policy, lanes, shared_banks, shared_bank_bytes, shared_wide_loads, "
      "shuffle_unit, scalar_cycles, scalar_issue, turnover_cycles), got '4'" },
    { 'h', NULL, "hw.cu.schedulers=3", 2, 1,
      "cu.registers (65536) must divide evenly among cu.schedulers (3)" },
    { 'h', NULL, "hw.cu.lanes={alu: 1, alu: 2}", 2, 1,
      "duplicate key 'hw.cu.lanes.alu'" },
    { 'k', NULL, "kernel.workgroup_size=[8,", 2, 1,
      "kernel.workgroup_size: YAML syntax error: did not find expected "
      "node content" },
    { 'k', NULL, "kernel.elements=1\n---\n2", 2, 1,
      "kernel.elements: expected one value, found a second YAML "
      "document" },
    { 'k', NULL, "kernel.registers='auto'", 2, 1,
      "kernel.registers: expected an integer from 1 to 65536 or 'auto', "
      "got a quoted string" },
    { 'k', NULL, "kernel.program=", 2, 1,
      "kernel.program: expected the program text, got nothing" },
    { 'k', NULL, "kernel.workgroup_size=[2048, 1024]", 2, 1,
      "kernel.workgroup_size: 2048 x 1024 = 2097152 invocations (expected "
      "at most 1048576)" },
    { 'k', NULL, "kernel.dispatches=[{elements: 4}]", 2, 1,
      "kernel.dispatches: --set cannot change the list of dispatches or "
      "its entries (write them in the kernel file)" },
    { 'k', NULL, "kernel.dispatches[0].elements=3", 2, 1,
      "kernel.dispatches[0].elements: --set cannot change the list of "
      "dispatches or its entries (write them in the kernel file)" },
    /* shared_bytes as an expression of the launch shape: its syntax and
     * names are checked at load, at the character */
    { 'k', "cfg-kernel-shared-name.yaml", NULL, 3, 36,
      "shared_bytes: unknown name 'workgroup_yy' in the expression (did "
      "you mean 'workgroup_y'?)" },
    { 'k', "cfg-kernel-shared-unknown.yaml", NULL, 3, 15,
      "shared_bytes: unknown name 'tile' in the expression (expected "
      "workgroup_size, workgroup_x, workgroup_y, workgroup_z, simd_width "
      "or elements_per_invocation)" },
    { 'k', "cfg-kernel-shared-syntax.yaml", NULL, 3, 36,
      "shared_bytes: expected a number, a name or '(', found the end of "
      "the expression" },
    { 'k', NULL, "kernel.shared_bytes=workgroup_siz * 4", 2, 1,
      "kernel.shared_bytes: unknown name 'workgroup_siz' in the "
      "expression (did you mean 'workgroup_size'?)" },
    { 'k', NULL, "kernel.shared_bytes=elements * 4", 2, 1,
      "kernel.shared_bytes: unknown name 'elements' in the expression "
      "(did you mean 'elements_per_invocation'?)" },
    { 'k', NULL, "kernel.dispatches.elements=3", 2, 1,
      "kernel.dispatches.elements: --set cannot change the list of "
      "dispatches or its entries (write them in the kernel file)" },
};

/* Asserts that `err` is bad case `c`'s error (in `path` for a file). */
static void assert_bad_case(const bad_case *c, const char *path, int rc,
                            const cusim_error *err, const char *how)
{
    ck_assert_msg(rc == -1, "%s%s: %s without error",
                  c->file ? c->file : "--set ", c->file ? "" : c->set, how);
    ck_assert_str_eq(err->file, c->file ? path : "--set");
    ck_assert_msg(err->line == c->line && err->column == c->column,
                  "%s: %s: error at %d:%d (%s), expected %d:%d",
                  c->file ? c->file : c->set, how, err->line, err->column,
                  err->message, c->line, c->column);
    ck_assert_str_eq(err->message, c->message);
}

/* Loads `path` (or, with `text`, that text named `path`) as bad case
 * `c`'s kind; a kernel that loads is freed, one that fails must leave
 * nothing to free. */
static int load_as(const bad_case *c, const char *path, const char *text,
                   const cusim_set *sets, size_t n_sets, cusim_error *err)
{
    int rc;
    memset(err, 0, sizeof *err);
    if (c->kind == 'h') {
        cusim_hw hw;
        return text ? cusim_hw_load_string(text, path, sets, n_sets, &hw, err)
                    : cfg_hw_load(path, sets, n_sets, &hw, err);
    }
    cusim_kernel k;
    if (text)
        rc = c->kind == 'p'
             ? cusim_kernel_load_string(text, path, sets, n_sets, &k, err)
             : cfg_kernel_load_string(text, path, sets, n_sets, &k, err);
    else
        rc = c->kind == 'p' ? cusim_kernel_load(path, sets, n_sets, &k, err)
                            : cfg_kernel_load(path, sets, n_sets, &k, err);
    if (rc == 0) {
        cusim_kernel_free(&k);
    } else {
        ck_assert_ptr_null(k.program);   /* nothing left to free */
        ck_assert_ptr_null(k.next);
    }
    return rc;
}

/* Loads `path` without overrides, then applies `sets` to it in memory:
 * the error must be the one loading with them gives, and the config must
 * be left as it was. */
static int apply_as(const bad_case *c, const char *path,
                    const cusim_set *sets, size_t n_sets, cusim_error *err)
{
    int rc;
    if (c->kind == 'h') {
        cusim_hw hw, before;
        ASSERT_LOADED(cusim_hw_load(path, NULL, 0, &hw, err), *err);
        before = hw;
        rc = cusim_hw_apply(&hw, sets, n_sets, err);
        assert_hw_equal(&hw, &before);
        return rc;
    }
    cusim_kernel k, before;
    ASSERT_LOADED(cusim_kernel_load(path, NULL, 0, &k, err), *err);
    cusim_kernel_clone(&before, &k);
    if (c->kind == 'p') {
        rc = cusim_kernel_apply(&k, sets, n_sets, err);
    } else {
        cusim_kernel out;
        rc = cfg_kernel_apply(&k, sets, n_sets, &out, err);
        if (rc == 0)
            cfg_kernel_free(&out);
    }
    assert_kernel_equal(&k, &before);
    cusim_kernel_free(&k);
    cusim_kernel_free(&before);
    return rc;
}

/* Reads the file at `path` into a new string, or NULL when it cannot be
 * read or holds a NUL byte (which would end the string). */
static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    ck_assert_ptr_nonnull(buf);
    for (size_t got; (got = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += got;
        if (n == cap) {
            cap *= 2;
            buf = realloc(buf, cap + 1);
            ck_assert_ptr_nonnull(buf);
        }
    }
    bool bad = ferror(f) || memchr(buf, '\0', n);
    fclose(f);
    buf[n] = '\0';
    if (bad) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* Each case fails where and how bad_cases[] says: loaded from its file,
 * and from that file's text by load_string; an override case also when
 * its overrides are applied to the loaded file in memory. */
START_TEST(bad_input)
{
    const bad_case *c = &bad_cases[_i];
    char path[4096], arg[256];
    cusim_set sets[3];
    size_t n_sets = 0;
    cusim_error err;

    if (c->file) {
        char rel[256];
        snprintf(rel, sizeof rel, "tests/bad/%s", c->file);
        snprintf(path, sizeof path, "%s", cutest_path(rel));
    } else {
        snprintf(path, sizeof path, "%s", cutest_path(
                     c->kind == 'h' ? "tests/good/cfg-hw-minimal.yaml"
                                    : "tests/good/cfg-kernel-minimal.yaml"));
        /* a good override first, and one for the other kind (ignored) */
        sets[n_sets++] = c->kind == 'h'
            ? (cusim_set){ "hw.clock_mhz", "1000", "--set", 1, 1 }
            : (cusim_set){ "kernel.elements", "10", "--set", 1, 1 };
        snprintf(arg, sizeof arg, "%s", c->set);
        ck_assert_int_eq(cusim_set_parse(arg, 2, &sets[n_sets++], &err), 0);
        sets[n_sets++] = c->kind == 'h'
            ? (cusim_set){ "kernel.elements", "x", "--set", 3, 1 }
            : (cusim_set){ "hw.clock_mhz", "x", "--set", 3, 1 };
    }
    int rc = load_as(c, path, NULL, sets, n_sets, &err);
    assert_bad_case(c, path, rc, &err, "loaded");
    if (!c->file) {
        rc = apply_as(c, path, sets, n_sets, &err);
        assert_bad_case(c, path, rc, &err, "applied");
        return;
    }
    char *text = read_text(path);
    if (text) {
        rc = load_as(c, path, text, NULL, 0, &err);
        assert_bad_case(c, path, rc, &err, "loaded from a string");
        free(text);
    }
}
END_TEST

/* Every file of the corpus has its expected error in bad_cases[]. */
START_TEST(corpus_complete)
{
    DIR *dir = opendir(cutest_path("tests/bad"));
    ck_assert_ptr_nonnull(dir);
    int files = 0;
    for (struct dirent *e; (e = readdir(dir));) {
        if (strncmp(e->d_name, "cfg-", 4) != 0)
            continue;
        bool listed = false;
        for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++)
            listed |= bad_cases[i].file
                      && strcmp(bad_cases[i].file, e->d_name) == 0;
        ck_assert_msg(listed, "tests/bad/%s has no case in bad_cases[]",
                      e->d_name);
        files++;
    }
    closedir(dir);
    ck_assert_int_ge(files, 25);
}
END_TEST

START_TEST(unreadable)
{
    cusim_hw hw;
    cusim_kernel k;
    cusim_error err;
    char missing[4096];
    snprintf(missing, sizeof missing, "%s",
             cutest_path("tests/bad/no-such-file.yaml"));
    ck_assert_int_eq(cfg_hw_load(missing, NULL, 0, &hw, &err), -1);
    ck_assert_str_eq(err.file, missing);
    ck_assert_int_eq(err.line, 1);
    ck_assert_int_eq(err.column, 1);
    ck_assert_str_eq(err.message, "cannot read: No such file or directory");

    ck_assert_int_eq(cfg_kernel_load(cutest_path("tests"), NULL, 0, &k,
                                     &err), -1);
    ck_assert_str_eq(err.message, "cannot read: Is a directory");
}
END_TEST

/* A file of YDOC_MAX_BYTES is refused unparsed; one byte less is read and
 * parsed (here up to the NUL bytes after its first line; the files are
 * sparse, so this is quick). */
START_TEST(size_limit)
{
    char path[] = "/tmp/cusim-big-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, "name: a\n", 8), 8);
    close(fd);
    static const char *const refused[2] = {
        "file is larger than 64 MiB (expected a small YAML file)",
        "YAML syntax error: control characters are not allowed (0x00)",
    };
    for (int shorter = 0; shorter < 2; shorter++) {   /* by 0, 1 byte */
        cusim_hw hw;
        cusim_error err;
        ck_assert_int_eq(truncate(path, YDOC_MAX_BYTES - shorter), 0);
        ck_assert_int_eq(cfg_hw_load(path, NULL, 0, &hw, &err), -1);
        ck_assert_int_eq(err.line, 1 + shorter);
        ck_assert_int_eq(err.column, 1);
        ck_assert_str_eq(err.message, refused[shorter]);
    }
    unlink(path);
}
END_TEST

/* Nothing crashes, leaks or reads out of bounds on scrambled input: random
 * strings of YAML punctuation and key names, and deep nesting. */
START_TEST(scrambled_input)
{
    static const char *const bits[] = {
        "cu", ":", " ", "\n", "  ", "[", "]", "{", "}", "- ", ",", "&a ",
        "*a", "|", ">", "'", "\"", "#", "\t", "? ", "!!str ", "simd_width",
        "lanes", "alu", "program", "workgroup_size", "registers", "32",
        "0", "-1", "auto", "---\n", "\\", "\xc3\xa9", "\xff", "\x01", ".",
        "~", "99999999999999999999999", "cu.registers", "name",
    };
    uint32_t seed = 12345;
    char text[512];
    for (int round = 0; round < 400; round++) {
        size_t o = 0;
        while (o < 400) {
            seed = seed * 1103515245u + 12345u;
            const char *b = bits[(seed >> 16) % (sizeof bits / sizeof *bits)];
            size_t len = strlen(b);
            memcpy(text + o, b, len);
            o += len;
        }
        text[o] = '\0';
        char *path = temp_file(text);
        cusim_hw hw;
        cusim_kernel k;
        cusim_error err;
        if (cfg_hw_load(path, NULL, 0, &hw, &err) != 0)
            ck_assert(err.line >= 1 && err.column >= 1 && err.message[0]);
        if (cfg_kernel_load(path, NULL, 0, &k, &err) == 0)
            cusim_kernel_free(&k);
        else
            ck_assert(err.line >= 1 && err.column >= 1 && err.message[0]);
        cusim_file_kind kind;
        cusim_file_sniff(path, &kind, &err);
        remove_temp(path);
    }

    size_t depth = 100000;
    char *deep = malloc(2 * depth + 32);
    ck_assert_ptr_nonnull(deep);
    strcpy(deep, "simd_width: ");
    size_t o = strlen(deep);
    memset(deep + o, '[', depth);
    memset(deep + o + depth, ']', depth);
    strcpy(deep + o + 2 * depth, "\n");
    char *path = temp_file(deep);
    cusim_hw hw;
    cusim_error err;
    ck_assert_int_eq(cfg_hw_load(path, NULL, 0, &hw, &err), -1);
    ck_assert_int_eq(err.line, 1);
    ck_assert_int_eq(err.column, 13 + 256);   /* the 257th '[' */
    ck_assert_str_eq(err.message, "YAML syntax error: lists or mappings "
                     "nested more than 256 deep");
    remove_temp(path);
    free(deep);
}
END_TEST

/* A kernel whose program holds `n` copies of `sep` between two
 * instructions, then `after` more lines of instructions (malloc'd). */
static char *blank_kernel(size_t n, const char *sep, size_t after)
{
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    ck_assert_ptr_nonnull(f);
    fputs("name: blank\nworkgroup_size: 64\nregisters: 16\nelements: 64\n"
          "program: |\n  alu x, gid\n", f);
    for (size_t i = 0; i < n; i++)
        fputs(sep, f);
    for (size_t i = 0; i < after; i++)
        fputs("  alu x, x\n", f);
    fputs("  st.global x, gid bytes=4\n", f);
    ck_assert_int_eq(fclose(f), 0);
    return text;
}

/* Loads `text` as a kernel file: 0, or -1 with `err` set. */
static int load_kernel_text(const char *text, cusim_error *err)
{
    char *path = temp_file(text);
    cusim_kernel k;
    int rc = cfg_kernel_load(path, NULL, 0, &k, err);
    if (rc == 0)
        cusim_kernel_free(&k);
    remove_temp(path);
    return rc;
}

/* libyaml's time grows with a scalar's run of blank lines (or of blanks
 * in a line) times the lines after it: 10^6 blank lines then 10^6 more
 * took 47 s to check. Runs past YDOC_MAX_BLANK_LINES and
 * YDOC_MAX_BLANK_RUN are refused before parsing, at the first line or
 * blank past the limit; runs of the limit load. */
START_TEST(blank_runs)
{
    static const char *const seps[] = { "\n", "\r\n", "  \t\n" };
    static const char msg_lines[] = "more than 1024 blank lines in a row (the "
        "YAML parser's time grows with such a run times the lines after it)";
    cusim_error err;
    for (size_t i = 0; i < sizeof seps / sizeof seps[0]; i++) {
        char *text = blank_kernel(YDOC_MAX_BLANK_LINES, seps[i], 3);
        ck_assert_msg(load_kernel_text(text, &err) == 0, "%zu: %s", i,
                      err.message);
        free(text);
        text = blank_kernel(YDOC_MAX_BLANK_LINES + 1, seps[i], 3);
        ck_assert_int_eq(load_kernel_text(text, &err), -1);
        ck_assert_int_eq(err.line, 7 + YDOC_MAX_BLANK_LINES);
        ck_assert_int_eq(err.column, 1);
        ck_assert_str_eq(err.message, msg_lines);
        free(text);
    }
    /* the example: a million blank lines, then a million lines */
    char *text = blank_kernel(1000000, "\n", 1000000);
    ck_assert_int_eq(load_kernel_text(text, &err), -1);
    ck_assert_int_eq(err.line, 7 + YDOC_MAX_BLANK_LINES);
    ck_assert_str_eq(err.message, msg_lines);
    free(text);

    /* blanks in a row within a line of a quoted scalar */
    for (size_t n = YDOC_MAX_BLANK_RUN; n <= YDOC_MAX_BLANK_RUN + 1; n++) {
        char *t = malloc(n + 256);
        ck_assert_ptr_nonnull(t);
        int o = sprintf(t, "name: blank\nworkgroup_size: 64\nregisters: 16\n"
                        "elements: 64\nprogram: \"alu x, gid");
        memset(t + o, n % 2 ? ' ' : '\t', n);
        strcpy(t + o + n, "\n  st.global x, gid bytes=4\"\n");
        int rc = load_kernel_text(t, &err);
        if (n == YDOC_MAX_BLANK_RUN) {
            ck_assert_msg(rc == 0, "%s", err.message);
        } else {
            ck_assert_int_eq(rc, -1);
            ck_assert_int_eq(err.line, 5);
            ck_assert_int_eq(err.column, 21 + YDOC_MAX_BLANK_RUN);
            ck_assert_str_eq(err.message, "more than 1024 spaces and tabs "
                             "in a row (the YAML parser's time grows with "
                             "such a run times the lines after it)");
        }
        free(t);
    }
}
END_TEST

/* ------------------------------------------------------- sniff, keys */

/* The kind of `text` as a file, or -1 when the sniffer refuses it. */
static int sniffed(const char *text)
{
    char *path = temp_file(text);
    cusim_file_kind kind;
    cusim_error err;
    int rc = cusim_file_sniff(path, &kind, &err);
    remove_temp(path);
    return rc == 0 ? (int)kind : -1;
}

START_TEST(sniff)
{
    static const struct { const char *file; int kind; const char *error; }
        cases[] = {
        { "tests/good/cfg-hw-minimal.yaml", CUSIM_FILE_HW, NULL },
        { "tests/good/cfg-kernel.yaml", CUSIM_FILE_KERNEL, NULL },
        { "configs/experiments/smoke.yaml", CUSIM_FILE_EXPERIMENT, NULL },
        /* not validated: a typo does not stop sniffing */
        { "tests/bad/cfg-hw-typo.yaml", CUSIM_FILE_HW, NULL },
        { "tests/bad/cfg-top-list.yaml", -1, "expected a hardware profile "
          "or kernel mapping, got a list" },
        { "tests/bad/cfg-empty.yaml", -1, "empty file (expected a hardware "
          "profile or kernel mapping)" },
        { "tests/bad/no-such-file.yaml", -1, "cannot read: No such file or "
          "directory" },
    };
    cusim_file_kind kind;
    cusim_error err;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int rc = cusim_file_sniff(cutest_path(cases[i].file), &kind, &err);
        ck_assert_int_eq(rc, cases[i].error ? -1 : 0);
        if (cases[i].error)
            ck_assert_str_eq(err.message, cases[i].error);
        else
            ck_assert_int_eq(kind, cases[i].kind);
    }
    char *path = temp_file("name: something\nsize: 3\n");
    ck_assert_int_eq(cusim_file_sniff(path, &kind, &err), -1);
    ck_assert_int_eq(err.line, 1);
    ck_assert_int_eq(err.column, 1);
    ck_assert_str_eq(err.message, "neither a kernel (no 'program' key) nor "
                     "a hardware profile (no 'cu' or 'simd_width' key)");
    remove_temp(path);

    /* which key wins: program, then cu or simd_width, then a section of
     * an experiment; name and description belong to every kind */
    ck_assert_int_eq(sniffed("sweep: 1\nprogram: x\n"), CUSIM_FILE_KERNEL);
    ck_assert_int_eq(sniffed("cu: 1\nprogram: x\n"), CUSIM_FILE_KERNEL);
    ck_assert_int_eq(sniffed("plots: 1\nsimd_width: 32\n"), CUSIM_FILE_HW);
    ck_assert_int_eq(sniffed("kernel: k.yaml\ncu: 1\n"), CUSIM_FILE_HW);
    ck_assert_int_eq(sniffed("name: n\nset: 1\n"), CUSIM_FILE_EXPERIMENT);
    ck_assert_int_eq(sniffed("output: o\n"), CUSIM_FILE_EXPERIMENT);
    ck_assert_int_eq(sniffed("name: n\ndescription: d\n"), -1);
    ck_assert_int_eq(sniffed("? [program]\n: 1\n"), -1);   /* not a scalar */
}
END_TEST

/* The loaders of bytes read once (what the command line reads a pipe
 * into): the same kind, value and errors as the file, a NUL byte refused
 * where it stands, never a place to cut the text. */
START_TEST(bytes_as_the_file)
{
    static const char nul[] = "name: a\0b\nsimd_width: 32\n";
    cusim_file_kind kind;
    cusim_error err;
    cusim_hw hw;
    ck_assert_int_eq(cusim_bytes_sniff(nul, sizeof nul - 1, "in", &kind,
                                       &err), -1);
    ck_assert_str_eq(err.file, "in");
    ck_assert_int_eq(err.line, 1);
    ck_assert_int_eq(err.column, 8);
    ck_assert_str_eq(err.message, "YAML syntax error: control characters "
                     "are not allowed (0x00)");
    ck_assert_int_eq(cusim_hw_load_bytes(nul, sizeof nul - 1, "in", NULL, 0,
                                         &hw, &err), -1);
    ck_assert_int_eq(err.column, 8);
    /* the string loader stops at the NUL: a profile "a" without simd_width
     * is another error, at another place */
    ck_assert_int_eq(cusim_hw_load_string(nul, "in", NULL, 0, &hw, &err), -1);
    ck_assert_int_ne(err.column, 8);

    const char *path = cutest_path("tests/good/cfg-kernel.yaml");
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    char text[1 << 16];
    size_t len = fread(text, 1, sizeof text, f);
    fclose(f);
    ck_assert_int_eq(cusim_bytes_sniff(text, len, path, &kind, &err), 0);
    ck_assert_int_eq(kind, CUSIM_FILE_KERNEL);
    cusim_kernel a, b;
    ck_assert_int_eq(cusim_kernel_load(path, NULL, 0, &a, &err), 0);
    ck_assert_int_eq(cusim_kernel_load_bytes(text, len, path, NULL, 0, &b,
                                             &err), 0);
    char *ea = NULL, *eb = NULL;
    size_t na = 0, nb = 0;
    FILE *fa = open_memstream(&ea, &na), *fb = open_memstream(&eb, &nb);
    cusim_kernel_echo(fa, &a);
    cusim_kernel_echo(fb, &b);
    fclose(fa);
    fclose(fb);
    ck_assert_str_eq(ea, eb);
    free(ea);
    free(eb);
    cusim_kernel_free(&a);
    cusim_kernel_free(&b);
}
END_TEST

/* One aligned line per key: path, type, default, range, help. */
START_TEST(print_keys)
{
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    ck_assert_ptr_nonnull(f);
    cfg_print_keys(f, CFG_HW);
    fclose(f);

    int lines = 0;
    const char *reg = NULL, *policy = NULL;
    for (const char *p = buf; *p; p = strchr(p, '\n') + 1) {
        lines++;
        if (strncmp(p, "cu.registers ", 13) == 0)
            reg = p;
        if (strncmp(p, "cu.policy ", 10) == 0)
            policy = p;
    }
    ck_assert_int_eq(lines, 78);
    ck_assert_ptr_nonnull(reg);
    ck_assert_ptr_nonnull(policy);
    ck_assert(strstr(reg, "required") && strstr(reg, "1..67108864")
              && strstr(reg, "32-bit registers per CU"));
    ck_assert(strstr(policy, "gto|lrr|oldest") && strstr(policy, " gto "));
    /* aligned: the type column starts at the same place on every line */
    ck_assert_int_eq(strstr(reg, "integer") - reg,
                     strstr(policy, "gto|lrr") - policy);
    free(buf);

    buf = NULL;
    f = open_memstream(&buf, &size);
    cfg_print_keys(f, CFG_KERNEL);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(buf, "\nregisters "));
    ck_assert_ptr_nonnull(strstr(buf, "integer|auto"));
    ck_assert_ptr_nonnull(strstr(buf, "\nprogram "));
    ck_assert_ptr_nonnull(strstr(buf, "\ndispatches "));
    const char *el = strstr(buf, "\ndispatches[].elements ");
    ck_assert_ptr_nonnull(el);
    ck_assert(strstr(el, "integer|expression") && strstr(el, "required")
              && strstr(el, "workgroups and elements"));
    const char *wg = strstr(buf, "\ndispatches[].workgroup_size ");
    ck_assert_ptr_nonnull(wg);
    ck_assert_ptr_nonnull(strstr(wg, "previous"));
    ck_assert_ptr_null(strstr(buf, "dispatches[].dispatches"));
    free(buf);
}
END_TEST

/* ----------------------------------------------------------------- echo */

static void echo_round_trip_hw(const char *path, const cusim_set *sets,
                               size_t n_sets)
{
    cusim_hw a, b;
    cusim_error err;
    ASSERT_LOADED(cfg_hw_load(path, sets, n_sets, &a, &err), err);
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    cfg_echo_hw(f, &a);
    fclose(f);
    char *copy = temp_file(buf);
    ASSERT_LOADED(cfg_hw_load(copy, NULL, 0, &b, &err), err);
    same_hw(&a, &b);
    remove_temp(copy);
    free(buf);
}

static void echo_round_trip_kernel(const char *path)
{
    cusim_kernel a, b;
    cusim_error err;
    ASSERT_LOADED(cfg_kernel_load(path, NULL, 0, &a, &err), err);
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    cfg_echo_kernel(f, &a);
    fclose(f);
    char *copy = temp_file(buf);
    ASSERT_LOADED(cfg_kernel_load(copy, NULL, 0, &b, &err), err);
    same_kernel(&a, &b);
    remove_temp(copy);
    free(buf);
    cusim_kernel_free(&a);
    cusim_kernel_free(&b);
}

START_TEST(echo_hw)
{
    cusim_set sets[] = {
        { "hw.name", "\"a: \\\"quoted\\\" # name\"", "--set", 1, 1 },
        { "hw.simd_width", "[8]", "--set", 2, 1 },
    };
    echo_round_trip_hw(cutest_path("tests/good/cfg-hw-full.yaml"), NULL, 0);
    echo_round_trip_hw(cutest_path("tests/good/cfg-hw-minimal.yaml"), NULL,
                       0);
    echo_round_trip_hw(cutest_path("tests/good/cfg-hw-full.yaml"), sets, 2);
}
END_TEST

/* The echo of `path` loaded with `sets`, as a new string. */
static char *echo_of_hw(const char *path, const cusim_set *sets, size_t n)
{
    cusim_hw hw;
    cusim_error err;
    ASSERT_LOADED(cfg_hw_load(path, sets, n, &hw, &err), err);
    char *buf = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&buf, &size);
    cfg_echo_hw(f, &hw);
    fclose(f);
    return buf;
}

/* The hierarchy's keys are echoed when it is on; while it is off the echo
 * leaves cache: and dram: out (and launch_cycles while 0), so a profile
 * without them echoes as before they existed. */
START_TEST(echo_hw_hierarchy)
{
    char cache[4096];   /* cutest_path's buffer is reused */
    snprintf(cache, sizeof cache, "%s",
             cutest_path("tests/good/cfg-hw-cache.yaml"));
    echo_round_trip_hw(cache, NULL, 0);
    char *on = echo_of_hw(cache, NULL, 0);
    ck_assert_ptr_nonnull(strstr(on, "\ncache:\n  l1:\n    bytes: 0\n"
                                     "    unified: 131072\n"));
    ck_assert_ptr_nonnull(strstr(on, "\ndram:\n  latency: 437\n"));
    ck_assert_ptr_nonnull(strstr(on, "\nlaunch_cycles: 5000\n"));
    ck_assert_ptr_nonnull(strstr(on, "\n  scalar:\n    bytes: 16384\n"
                                     "    ways: 2\n    latency: 48\n"));
    free(on);
    /* without a scalar cache its keys are left out */
    cusim_set nok = { "hw.cache.scalar.bytes", "0", "--set", 1, 1 };
    echo_round_trip_hw(cache, &nok, 1);
    char *nokecho = echo_of_hw(cache, &nok, 1);
    ck_assert_ptr_null(strstr(nokecho, "  scalar:"));
    ck_assert_ptr_nonnull(strstr(nokecho, "\ndram:\n  latency: 437\n"));
    free(nokecho);

    char *flat = echo_of_hw(cutest_path("tests/good/cfg-hw-minimal.yaml"),
                            NULL, 0);
    ck_assert_ptr_null(strstr(flat, "cache"));
    ck_assert_ptr_null(strstr(flat, "dram"));
    ck_assert_ptr_null(strstr(flat, "launch_cycles"));
    /* the last key is memory.max_inflight, as before */
    const char *last = "\n  max_inflight: 256\n";
    size_t len = strlen(flat);
    ck_assert(len > strlen(last)
              && strcmp(flat + len - strlen(last), last) == 0);
    free(flat);

    cusim_set off = { "hw.cache.l2.bytes", "0", "--set", 1, 1 };
    echo_round_trip_hw(cache, &off, 1);
    char *cut = echo_of_hw(cache, &off, 1);
    ck_assert_ptr_null(strstr(cut, "\ncache:"));
    ck_assert_ptr_null(strstr(cut, "\ndram:"));
    ck_assert_ptr_nonnull(strstr(cut, "\nlaunch_cycles: 5000\n"));
    free(cut);
}
END_TEST

/* Programs that are awkward to write back: leading and trailing blank
 * lines, leading white space, tabs, quotes, control characters, Unicode
 * line separators. Each is given as a double-quoted YAML scalar. */
START_TEST(echo_kernel)
{
    static const char *const programs[] = {
        "\"alu x\"",
        "\"alu x\\n\"",
        "\"alu x\\n\\n\\n\"",
        "\"\\n\\nalu x\\n\"",
        "\"  alu x\\n  fma y\\n\"",
        "\"\\talu x\\n\"",
        "\"alu\\n\\n  fma\\n\\tsfu\"",
        "\"   \\n  alu\\n\"",
        "\"alu x   \\n   \\n\"",
        "\"say \\\"hi\\\" \\\\ # not a comment\\n---\\n...\\n\"",
        "\"line\\r\\nbreak\"",
        "\"x\\x01y\\x7f\"",
        "\"caf\\u00e9 \\u2028 next \\u0085 \\ufeff\"",
        "\"- alu\\n? x\\n: y\\n\"",
    };
    echo_round_trip_kernel(cutest_path("tests/good/cfg-kernel.yaml"));
    echo_round_trip_kernel(cutest_path("tests/good/cfg-kernel-minimal.yaml"));
    echo_round_trip_kernel(
        cutest_path("tests/good/cfg-kernel-dispatches.yaml"));
    echo_round_trip_kernel(cutest_path("workloads/reduction.yaml"));
    for (size_t i = 0; i < sizeof programs / sizeof programs[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, "name: odd\nworkgroup_size: [4, 4]\n"
                 "registers: 17\nelements: 281474976710656\n"
                 "program: %s\n", programs[i]);
        char *path = temp_file(text);
        echo_round_trip_kernel(path);
        remove_temp(path);
    }
}
END_TEST

/* ----------------------------------------------------------- dispatches */

/* tests/good/cfg-kernel-dispatches.yaml: the second dispatch names itself
 * and inherits the rest; the third writes every key it may. */
START_TEST(dispatches_values)
{
    cusim_kernel k;
    cusim_error err;
    ASSERT_LOADED(cfg_kernel_load(
                      cutest_path("tests/good/cfg-kernel-dispatches.yaml"),
                      NULL, 0, &k, &err), err);
    ck_assert_str_eq(k.name, "reduce3");
    ck_assert_uint_eq(k.elements, 1048576);
    ck_assert_str_eq(k.elements_expr, "");
    assert_mark(cfg_kernel_mark(&k, "dispatches"), k.file, 13, 3);

    const cusim_kernel *d = k.next;
    ck_assert_ptr_nonnull(d);
    ck_assert_str_eq(d->name, "combine");
    assert_mark(cfg_kernel_mark(d, "name"), k.file, 13, 11);
    ck_assert_uint_eq(d->elements, 0);
    ck_assert_str_eq(d->elements_expr, "workgroups");
    assert_mark(cfg_kernel_mark(d, "elements"), k.file, 14, 15);
    /* inherited, marks included */
    ck_assert_int_eq(d->workgroup_dims, 1);
    ck_assert_uint_eq(d->workgroup[0], 256);
    assert_mark(cfg_kernel_mark(d, "workgroup_size"), k.file, 5, 17);
    ck_assert(!d->registers_auto);
    ck_assert_uint_eq(d->registers, 16);
    ck_assert_uint_eq(d->shared_bytes, 1024);
    assert_mark(cfg_kernel_mark(d, "shared_bytes"), k.file, 7, 15);
    ck_assert_uint_eq(d->elements_per_invocation, 1);
    assert_mark(cfg_kernel_mark(d, "elements_per_invocation"), k.file, 0, 0);
    ck_assert_uint_eq(d->subgroup_size, 0);
    ck_assert_str_eq(d->program, k.program);
    ck_assert_ptr_ne(d->program, k.program);   /* its own copy */
    ck_assert_int_eq(d->program_line, 10);
    ck_assert_int_eq(d->program_column, 3);
    assert_mark(cfg_kernel_mark(d, "program"), k.file, 9, 10);
    ck_assert_ptr_null(d->ast);

    d = d->next;
    ck_assert_ptr_nonnull(d);
    ck_assert_str_eq(d->name, "reduce3.3");
    assert_mark(cfg_kernel_mark(d, "name"), k.file, 0, 0);
    ck_assert_str_eq(d->elements_expr, "ceil(workgroups / 4) + 0 * elements");
    assert_mark(cfg_kernel_mark(d, "elements"), k.file, 15, 15);
    ck_assert_int_eq(d->workgroup_dims, 2);
    ck_assert_uint_eq(d->workgroup[0], 8);
    ck_assert_uint_eq(d->workgroup[1], 8);
    ck_assert_uint_eq(d->workgroup[2], 1);
    assert_mark(cfg_kernel_mark(d, "workgroup_size"), k.file, 16, 21);
    ck_assert(d->registers_auto);
    ck_assert_uint_eq(d->shared_bytes, 0);
    ck_assert_uint_eq(d->elements_per_invocation, 4);
    ck_assert_uint_eq(d->subgroup_size, 32);
    ck_assert_str_eq(d->program, "alu x\nst.global x, i\n");
    ck_assert_int_eq(d->program_line, 22);
    ck_assert_int_eq(d->program_column, 7);
    assert_mark(cfg_kernel_mark(d, "program"), k.file, 21, 14);
    ck_assert_ptr_null(d->next);

    /* the element counts a run would use */
    uint64_t n = 0;
    ck_assert_int_eq(cusim_dispatch_elements(&k, 1, 1, &n, &err), 0);
    ck_assert_uint_eq(n, 1048576);
    ck_assert_int_eq(cusim_dispatch_elements(k.next, 1048576, 4096, &n,
                                             &err), 0);
    ck_assert_uint_eq(n, 4096);
    ck_assert_int_eq(cusim_dispatch_elements(k.next->next, 4096, 16, &n,
                                             &err), 0);
    ck_assert_uint_eq(n, 4);
    cusim_kernel_free(&k);
    ck_assert_ptr_null(k.next);
    cusim_kernel_free(&k);   /* twice is harmless */
    cusim_kernel_free(NULL);
}
END_TEST

/* cusim_kernel_load parses each dispatch's program into its own ast. */
START_TEST(dispatches_parsed)
{
    cusim_kernel k;
    cusim_error err;
    ASSERT_LOADED(cusim_kernel_load(cutest_path("workloads/reduction.yaml"),
                                    NULL, 0, &k, &err), err);
    ck_assert_ptr_nonnull(k.ast);
    ck_assert_ptr_nonnull(k.next);
    ck_assert_ptr_nonnull(k.next->ast);
    ck_assert_ptr_ne(k.next->ast, k.ast);
    ck_assert_str_eq(k.next->name, "reduction.combine");
    ck_assert_str_eq(k.next->elements_expr, "workgroups");
    ck_assert_ptr_null(k.next->next);
    cusim_kernel_free(&k);

    ASSERT_LOADED(cusim_kernel_load(
                      cutest_path("tests/good/cfg-kernel-dispatches.yaml"),
                      NULL, 0, &k, &err), err);
    int n = 0;
    for (const cusim_kernel *d = &k; d; d = d->next, n++)
        ck_assert_ptr_nonnull(d->ast);
    ck_assert_int_eq(n, 3);
    cusim_kernel_free(&k);
}
END_TEST

/* An override of the first dispatch reaches the dispatches that inherit
 * the key, with the override's mark; an entry that writes it keeps its.
 * The same overrides applied in memory to the loaded kernel give the same
 * kernel. */
START_TEST(dispatches_inherit_set)
{
    cusim_set sets[] = {
        { "kernel.workgroup_size", "[4, 4]", "--set", 1, 1 },
        { "kernel.program", "alu y", "exp.yaml", 7, 9 },
        { "kernel.name", "r", "--set", 3, 1 },
        { "hw.cu.registers", "nonsense", "--set", 4, 1 },   /* ignored */
    };
    cusim_kernel k, applied;
    cusim_error err;
    char path[4096];
    snprintf(path, sizeof path, "%s",
             cutest_path("tests/good/cfg-kernel-dispatches.yaml"));
    ASSERT_LOADED(cusim_kernel_load(path, sets, 4, &k, &err), err);
    ASSERT_LOADED(cusim_kernel_load(path, NULL, 0, &applied, &err), err);
    ASSERT_LOADED(cusim_kernel_apply(&applied, sets, 4, &err), err);
    assert_kernel_equal(&applied, &k);
    cusim_kernel_free(&applied);
    ck_assert_str_eq(k.name, "r");
    const cusim_kernel *d = k.next;
    ck_assert_int_eq(d->workgroup_dims, 2);
    ck_assert_uint_eq(d->workgroup[0], 4);
    assert_mark(cfg_kernel_mark(d, "workgroup_size"), "--set", 1, 1);
    ck_assert_str_eq(d->program, "alu y");
    assert_mark(cfg_kernel_mark(d, "program"), "exp.yaml", 7, 9);
    ck_assert_int_eq(d->program_line, 7);
    ck_assert_int_eq(d->program_column, 9);
    ck_assert_str_eq(d->name, "combine");
    d = d->next;
    ck_assert_uint_eq(d->workgroup[0], 8);      /* its own */
    assert_mark(cfg_kernel_mark(d, "workgroup_size"), k.file, 16, 21);
    ck_assert_str_eq(d->program, "alu x\nst.global x, i\n");
    ck_assert_str_eq(d->name, "r.3");           /* from the final name */
    cusim_kernel_free(&k);
}
END_TEST

/* Kernel texts with dispatches that must fail, each at a place and with a
 * message; `text` follows "workgroup_size: 4\nelements: 9\nprogram: alu
 * x\n", so its first line is line 4. */
static const struct {
    const char *text;
    int line, column;
    const char *message;
} dispatch_cases[] = {
    { "dispatches:\n  - elements: 4\n    elements: 5\n", 6, 5,
      "duplicate key 'dispatches[0].elements' (first written at line 5, "
      "column 5)" },
    { "dispatches:\n  - elements: 4\n    dispatches: []\n", 6, 5,
      "unknown key 'dispatches[0].dispatches' (valid keys: name, "
      "workgroup_size, registers, registers_source, shared_bytes, "
      "elements, elements_per_invocation, subgroup_size, program, "
      "buffers, grid_x)" },
    { "dispatches:\n  - elements: 4\n    cu: { registers: 4 }\n", 6, 5,
      "unknown key 'dispatches[0].cu' (valid keys: name, workgroup_size, "
      "registers, registers_source, shared_bytes, elements, "
      "elements_per_invocation, subgroup_size, program, buffers, grid_x)" },
    { "dispatches:\n  - elements: 4\n    regsters: 4\n", 6, 5,
      "unknown key 'dispatches[0].regsters' (did you mean "
      "'dispatches[0].registers'?)" },
    { "dispatches:\n  - elements: \"workgroups\"\n", 5, 15,
      "dispatches[0].elements: expected an integer from 1 to "
      "281474976710656 or an expression of workgroups and elements, got a "
      "quoted string" },
    { "dispatches:\n  - elements:\n", 5, 14,
      "dispatches[0].elements: expected an integer from 1 to "
      "281474976710656 or an expression of workgroups and elements, got "
      "nothing" },
    { "dispatches:\n  - elements: 99999999999999999999\n", 5, 15,
      "dispatches[0].elements: '99999999999999999999' does not fit in 64 "
      "bits (expected an integer from 1 to 281474976710656 or an "
      "expression of workgroups and elements)" },
    { "dispatches:\n  - elements: 1.5\n", 5, 16,
      "dispatches[0].elements: expected an operator (+ - * /) or the end "
      "of the expression, found '.'" },
    { "dispatches:\n  - elements: workgroups\n      / (4\n", 5, 15,
      "dispatches[0].elements: expected ')' or an operator (+ - * /), "
      "found the end of the expression" },
    { "dispatches:\n  - elements: [workgroups]\n", 5, 15,
      "dispatches[0].elements: expected an integer from 1 to "
      "281474976710656 or an expression of workgroups and elements, got a "
      "list" },
    { "dispatches:\n  - elements: 4\n  - elements: 4\n"
      "    workgroup_size: 2000000\n", 7, 21,
      "dispatches[1].workgroup_size: expected an integer from 1 to 1048576 "
      "or a list of 1 to 3 of them, got '2000000'" },
    { "dispatches:\n  - elements: 4\n    program: \"  \"\n", 6, 14,
      "dispatches[0].program: expected the program text, got only blank "
      "text" },
    { "dispatches:\n  - elements: 4\n    name: [a]\n", 6, 11,
      "dispatches[0].name: expected a name of 1 to 63 printable "
      "characters, got a list" },
    { "dispatches:\n  -\n", 5, 4,
      "dispatches[0]: expected a dispatch mapping (of name, "
      "workgroup_size, registers, registers_source, shared_bytes, "
      "elements, elements_per_invocation, subgroup_size, program, "
      "buffers, grid_x), got nothing" },
    { "dispatches: { elements: 4 }\n", 4, 13,
      "dispatches: expected a list of up to 8 dispatch mappings, got a "
      "mapping" },
    { "dispatches:\n", 4, 12,
      "dispatches: expected a list of up to 8 dispatch mappings, got "
      "nothing" },
    { "dispatches: []\ndispatches: []\n", 5, 1,
      "duplicate key 'dispatches' (first written at line 4, column 1)" },
    { "dispatch: []\n", 4, 1,
      "unknown key 'dispatch' (did you mean 'dispatches'?)" },
    /* only a later dispatch's count may be an expression */
    { "dispatches: []\nelements_per_invocation: workgroups\n", 5, 26,
      "elements_per_invocation: expected an integer from 1 to 4096, got "
      "'workgroups'" },
};

START_TEST(dispatches_bad)
{
    char text[512];
    snprintf(text, sizeof text, "workgroup_size: 4\nelements: 9\n"
             "program: alu x\n%s", dispatch_cases[_i].text);
    char *path = temp_file(text);
    cusim_kernel k;
    cusim_error err;
    memset(&err, 0, sizeof err);
    int rc = cfg_kernel_load(path, NULL, 0, &k, &err);
    if (rc == 0)
        cusim_kernel_free(&k);
    ck_assert_msg(rc == -1, "case %d loaded", _i);
    ck_assert_ptr_null(k.program);
    ck_assert_ptr_null(k.next);
    ck_assert_str_eq(err.file, path);
    ck_assert_msg(err.line == dispatch_cases[_i].line
                  && err.column == dispatch_cases[_i].column,
                  "case %d: error at %d:%d (%s), expected %d:%d", _i,
                  err.line, err.column, err.message,
                  dispatch_cases[_i].line, dispatch_cases[_i].column);
    ck_assert_str_eq(err.message, dispatch_cases[_i].message);
    remove_temp(path);
}
END_TEST

/* The first dispatch's elements stays a number; a top-level expression is
 * refused like any other word. */
START_TEST(dispatches_top_level_count)
{
    char *path = temp_file("workgroup_size: 4\nelements: workgroups\n"
                           "program: alu x\n");
    cusim_kernel k;
    cusim_error err;
    ck_assert_int_eq(cfg_kernel_load(path, NULL, 0, &k, &err), -1);
    ck_assert_int_eq(err.line, 2);
    ck_assert_int_eq(err.column, 11);
    ck_assert_str_eq(err.message, "elements: expected an integer from 1 to "
                     "281474976710656, got 'workgroups'");
    remove_temp(path);
}
END_TEST

/* An empty list is no further dispatch; a long name is cut to make room
 * for the default's suffix; the longest expression fits. */
START_TEST(dispatches_edges)
{
    cusim_kernel k;
    cusim_error err;
    char *path = temp_file("workgroup_size: 4\nelements: 9\nprogram: alu x\n"
                           "dispatches: []\n");
    ASSERT_LOADED(cfg_kernel_load(path, NULL, 0, &k, &err), err);
    ck_assert_ptr_null(k.next);
    assert_mark(cfg_kernel_mark(&k, "dispatches"), k.file, 4, 13);
    cusim_kernel_free(&k);
    remove_temp(path);

    char text[1024], name[64], expr[160];
    memset(name, 'n', 63);
    name[63] = '\0';
    size_t o = 0;
    while (o < 127) {   /* "1+1+...+1": 127 characters */
        expr[o++] = '1';
        if (o < 127)
            expr[o++] = '+';
    }
    expr[o] = '\0';
    snprintf(text, sizeof text, "name: %s\nworkgroup_size: 4\nelements: 9\n"
             "program: alu x\ndispatches:\n  - elements: %s\n", name, expr);
    path = temp_file(text);
    ASSERT_LOADED(cfg_kernel_load(path, NULL, 0, &k, &err), err);
    ck_assert_str_eq(k.next->name,
                     "nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn"
                     "nnnnnnn.2");
    ck_assert_str_eq(k.next->elements_expr, expr);
    uint64_t n;
    ck_assert_int_eq(cusim_dispatch_elements(k.next, 9, 3, &n, &err), 0);
    ck_assert_uint_eq(n, 64);
    cusim_kernel_free(&k);
    remove_temp(path);

    snprintf(text, sizeof text, "workgroup_size: 4\nelements: 9\n"
             "program: alu x\ndispatches:\n  - elements: %s+1\n", expr);
    path = temp_file(text);
    ck_assert_int_eq(cfg_kernel_load(path, NULL, 0, &k, &err), -1);
    ck_assert_int_eq(err.line, 5);
    ck_assert_int_eq(err.column, 15);
    ck_assert_str_eq(err.message, "dispatches[0].elements: the expression "
                     "is 129 characters long (at most 127)");
    remove_temp(path);

    /* eight further dispatches are allowed */
    o = (size_t)snprintf(text, sizeof text, "workgroup_size: 4\n"
                         "elements: 9\nprogram: alu x\ndispatches:\n");
    for (int i = 0; i < 8; i++)
        o += (size_t)snprintf(text + o, sizeof text - o,
                              "  - elements: workgroups\n");
    path = temp_file(text);
    ASSERT_LOADED(cfg_kernel_load(path, NULL, 0, &k, &err), err);
    int count = 0;
    for (const cusim_kernel *d = k.next; d; d = d->next)
        count++;
    ck_assert_int_eq(count, 8);
    cusim_kernel_free(&k);
    remove_temp(path);
}
END_TEST

/* cusim_dispatch_elements: each way a count can come out wrong, reported
 * at the entry's `elements` value (line 5, column 15). */
START_TEST(dispatches_count_errors)
{
    static const struct {
        const char *expr;
        uint64_t elements, workgroups;
        const char *message;
    } cases[] = {
        { "workgroups / 3", 100, 25,
          "elements of dispatch 'k.2': workgroups / 3 = 8.333333333 is not "
          "whole (with workgroups = 25, elements = 100; wrap it in ceil() "
          "or floor())" },
        { "workgroups - 25", 100, 25,
          "elements of dispatch 'k.2': workgroups - 25 = 0 (with "
          "workgroups = 25, elements = 100; expected 1 to "
          "281474976710656)" },
        { "-1", 100, 25,
          "elements of dispatch 'k.2': -1 = -1 (with workgroups = 25, "
          "elements = 100; expected 1 to 281474976710656)" },
        { "elements * 2", (uint64_t)1 << 48, 1,
          "elements of dispatch 'k.2': elements * 2 = 562949953421312 "
          "(with workgroups = 1, elements = 281474976710656; expected 1 to "
          "281474976710656)" },
        { "elements / (workgroups - 25)", 100, 25,
          "elements of dispatch 'k.2': elements / (workgroups - 25): "
          "division by zero (with workgroups = 25, elements = 100)" },
        { "elements * elements * elements", (uint64_t)1 << 40, 1,
          "elements of dispatch 'k.2': elements * elements * elements: "
          "expression overflows (1.20893e+24 is beyond exact 64-bit "
          "arithmetic) (with workgroups = 1, elements = 1099511627776)" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, "name: k\nworkgroup_size: 4\n"
                 "elements: 9\nprogram: alu x\ndispatches:\n"
                 "  - elements: %s\n", cases[i].expr);
        char *path = temp_file(text);
        cusim_kernel k;
        cusim_error err;
        ASSERT_LOADED(cfg_kernel_load(path, NULL, 0, &k, &err), err);
        uint64_t n = 12345;
        memset(&err, 0, sizeof err);
        ck_assert_int_eq(cusim_dispatch_elements(k.next, cases[i].elements,
                                                 cases[i].workgroups, &n,
                                                 &err), -1);
        ck_assert_uint_eq(n, 12345);
        ck_assert_str_eq(err.file, path);
        ck_assert_int_eq(err.line, 6);
        ck_assert_int_eq(err.column, 15);
        ck_assert_str_eq(err.message, cases[i].message);
        cusim_kernel_free(&k);
        remove_temp(path);
    }
}
END_TEST

/* The echo writes each dispatch as a list item, its program as a block
 * indented under the item; odd programs come back unchanged. */
START_TEST(dispatches_echo)
{
    static const char *const programs[] = {
        "\"alu x\"",
        "\"  alu x\\n  fma y\\n\"",
        "\"\\n\\nalu x\\n\\n\\n\"",
        "\"x\\x01y\"",
    };
    for (size_t i = 0; i < sizeof programs / sizeof programs[0]; i++) {
        char text[512];
        snprintf(text, sizeof text, "workgroup_size: [4, 4]\nelements: 9\n"
                 "program: %s\ndispatches:\n  - elements: max(1, "
                 "workgroups / 2)\n    program: %s\n  - name: \"x: # y\"\n"
                 "    elements: 7\n", programs[i], programs[i]);
        char *path = temp_file(text);
        echo_round_trip_kernel(path);
        remove_temp(path);
    }
}
END_TEST

/* ---------------------------------------------- shape expressions */

/* shared_bytes written as an expression of the launch shape is kept as
 * written (the number 0) and evaluated for each shape. A 5x5 stencil's
 * tile with its halo, (x + 4) x (y + 4) floats: at 8 x 8, 12 x 12 x 4 =
 * 576 bytes; at 32 x 32, 36 x 36 x 4 = 5184 bytes. */
START_TEST(shared_expression_values)
{
    char *path = temp_file("name: k\nworkgroup_size: [8, 8]\n"
                           "elements: 64\nshared_bytes: (workgroup_x + 4) "
                           "* (workgroup_y + 4) * 4\nprogram: alu x\n");
    cusim_kernel k;
    cusim_error err;
    ASSERT_LOADED(cusim_kernel_load(path, NULL, 0, &k, &err), err);
    ck_assert_uint_eq(k.shared_bytes, 0);
    ck_assert_str_eq(k.shared_bytes_expr.text,
                     "(workgroup_x + 4) * (workgroup_y + 4) * 4");
    ck_assert(k.shared_bytes_expr.columns);
    assert_mark(cfg_kernel_mark(&k, "shared_bytes"), k.file, 4, 15);
    uint32_t v = 0;
    ck_assert_int_eq(cusim_kernel_shared_bytes(&k, 32, &v, &err), 0);
    ck_assert_uint_eq(v, 576);

    /* the shape changes (a sweep's point, portability's size): it follows */
    cusim_set wg = { "kernel.workgroup_size", "[32, 32]", "--set", 1, 1 };
    ASSERT_LOADED(cusim_kernel_apply(&k, &wg, 1, &err), err);
    ck_assert_int_eq(cusim_kernel_shared_bytes(&k, 32, &v, &err), 0);
    ck_assert_uint_eq(v, 5184);

    /* one float per subgroup: 1024 / 32 x 4 = 128 bytes at width 32,
     * 1024 / 64 x 4 = 64 at width 64 */
    cusim_set per_sg = { "kernel.shared_bytes",
                         "workgroup_size / simd_width * 4", "--set", 1, 1 };
    ASSERT_LOADED(cusim_kernel_apply(&k, &per_sg, 1, &err), err);
    ck_assert_str_eq(k.shared_bytes_expr.text,
                     "workgroup_size / simd_width * 4");
    ck_assert_int_eq(cusim_kernel_shared_bytes(&k, 32, &v, &err), 0);
    ck_assert_uint_eq(v, 128);
    ck_assert_int_eq(cusim_kernel_shared_bytes(&k, 64, &v, &err), 0);
    ck_assert_uint_eq(v, 64);

    /* a number again: no expression left */
    cusim_set number = { "kernel.shared_bytes", "1296", "--set", 1, 1 };
    ASSERT_LOADED(cusim_kernel_apply(&k, &number, 1, &err), err);
    ck_assert_str_eq(k.shared_bytes_expr.text, "");
    ck_assert_uint_eq(k.shared_bytes, 1296);
    ck_assert_int_eq(cusim_kernel_shared_bytes(&k, 32, &v, &err), 0);
    ck_assert_uint_eq(v, 1296);
    cusim_kernel_free(&k);

    /* the echo keeps the expression and loads back to it */
    echo_round_trip_kernel(path);
    remove_temp(path);
}
END_TEST

/* A later dispatch that does not write shared_bytes inherits the
 * expression and evaluates it at its own shape: workgroup_size * 4 is
 * 256 x 4 = 1024 bytes for the first, 64 x 4 = 256 for the second. */
START_TEST(shared_expression_dispatches)
{
    char *path = temp_file("workgroup_size: 256\nelements: 4096\n"
                           "shared_bytes: workgroup_size * 4\n"
                           "program: alu x\ndispatches:\n"
                           "  - workgroup_size: 64\n"
                           "    elements: workgroups\n");
    cusim_kernel k;
    cusim_error err;
    ASSERT_LOADED(cusim_kernel_load(path, NULL, 0, &k, &err), err);
    uint32_t v = 0;
    ck_assert_int_eq(cusim_kernel_shared_bytes(&k, 32, &v, &err), 0);
    ck_assert_uint_eq(v, 1024);
    ck_assert_ptr_nonnull(k.next);
    ck_assert_str_eq(k.next->shared_bytes_expr.text, "workgroup_size * 4");
    ck_assert_int_eq(cusim_kernel_shared_bytes(k.next, 32, &v, &err), 0);
    ck_assert_uint_eq(v, 256);
    cusim_kernel_free(&k);
    remove_temp(path);
}
END_TEST

/* Evaluation errors, at [8, 8] (elements_per_invocation 1): located at
 * the offending character (an operator) or at the expression's start (the
 * value as a whole), naming the key and the shape. The value starts at
 * line 4, column 15. */
START_TEST(shared_expression_errors)
{
#define SHAPE_AT_(w) "(with workgroup_x = 8, workgroup_y = 8, workgroup_z = " \
                     "1, simd_width = " #w ", elements_per_invocation = 1"
    static const struct {
        const char *expr;
        uint32_t width;
        int column;
        const char *message;   /* NULL: evaluates to `value` */
        uint32_t value;
    } cases[] = {
        /* the '/' is byte 5 of the text: column 15 + 5 */
        { "1024 / (workgroup_x - 8)", 32, 20,
          "shared_bytes: 1024 / (workgroup_x - 8): division by zero "
          SHAPE_AT_(32) ")", 0 },
        /* 64 / 3 = 21.333... */
        { "workgroup_size / 3", 32, 15,
          "shared_bytes: workgroup_size / 3 = 21.33333333 is not whole "
          SHAPE_AT_(32) "; wrap it in ceil() or floor())", 0 },
        /* 32 / 64 = 0.5 at width 32; 64 / 64 = 1 at width 64 */
        { "simd_width / 64", 32, 15,
          "shared_bytes: simd_width / 64 = 0.5 is not whole " SHAPE_AT_(32)
          "; wrap it in ceil() or floor())", 0 },
        { "simd_width / 64", 64, 0, NULL, 1 },
        /* log2(9) = 3.169925001..., inexact; its ceiling is 4 */
        { "log2(workgroup_x + 1)", 32, 15,
          "shared_bytes: log2(workgroup_x + 1) = 3.169925001 is not whole "
          SHAPE_AT_(32) "; wrap it in ceil() or floor())", 0 },
        { "ceil(log2(workgroup_x + 1))", 32, 0, NULL, 4 },
        /* 8 - 9 = -1 */
        { "workgroup_x - 9", 32, 15,
          "shared_bytes: workgroup_x - 9 = -1 bytes " SHAPE_AT_(32)
          "; expected 0 to 1073741824)", 0 },
        /* 64 x 16777216 = 2^30, the key's largest; 64 x 16777217 =
         * 1073741888 is 64 above it */
        { "workgroup_size * 16777216", 32, 0, NULL, 1073741824 },
        { "workgroup_size * 16777217", 32, 15,
          "shared_bytes: workgroup_size * 16777217 = 1073741888 bytes "
          SHAPE_AT_(32) "; expected 0 to 1073741824)", 0 },
        /* min(8, 4) x max(8, 16) = 64 */
        { "min(workgroup_x, 4) * max(workgroup_y, 16)", 32, 0, NULL, 64 },
    };
#undef SHAPE_AT_
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[256];
        snprintf(text, sizeof text, "name: k\nworkgroup_size: [8, 8]\n"
                 "elements: 64\nshared_bytes: %s\nprogram: alu x\n",
                 cases[i].expr);
        char *path = temp_file(text);
        cusim_kernel k;
        cusim_error err;
        ASSERT_LOADED(cusim_kernel_load(path, NULL, 0, &k, &err), err);
        uint32_t v = 12345;
        memset(&err, 0, sizeof err);
        int rc = cusim_kernel_shared_bytes(&k, cases[i].width, &v, &err);
        if (!cases[i].message) {
            ASSERT_LOADED(rc, err);
            ck_assert_uint_eq(v, cases[i].value);
        } else {
            ck_assert_int_eq(rc, -1);
            ck_assert_uint_eq(v, 12345);
            ck_assert_str_eq(err.file, path);
            ck_assert_int_eq(err.line, 4);
            ck_assert_int_eq(err.column, cases[i].column);
            ck_assert_str_eq(err.message, cases[i].message);
        }
        cusim_kernel_free(&k);
        remove_temp(path);
    }
}
END_TEST

/* Nothing crashes, leaks or reads out of bounds on random lists of
 * entries built from good and bad keys and values; some load, some not. */
START_TEST(dispatches_scrambled)
{
    static const char *const keys[] = {
        "elements", "elements", "name", "program", "workgroup_size",
        "registers", "shared_bytes", "elemnts", "dispatches",
    };
    static const char *const values[] = {
        "workgroups", "elements", "ceil(workgroups / 4)", "0", "4",
        "[8, 8]", "auto", "alu x", "fmaa x", "(", "", "-1", "\"q\"",
        "workgroups / 0", "elements * elements * elements", "{ a: 1 }",
        "|\n      alu x\n      repeat 2 {\n        fma x, x\n      }",
    };
    const uint32_t n_keys = sizeof keys / sizeof keys[0];
    const uint32_t n_values = sizeof values / sizeof values[0];
    uint32_t seed = 777;
    char text[4096];
    int loaded = 0, failed = 0;
    for (int round = 0; round < 400; round++) {
        size_t o = (size_t)snprintf(text, sizeof text, "workgroup_size: 4\n"
                                    "elements: 1000\nprogram: alu x\n"
                                    "dispatches:\n");
        seed = seed * 1103515245u + 12345u;
        int entries = (int)((seed >> 16) % 10);
        for (int e = 0; e < entries; e++) {
            seed = seed * 1103515245u + 12345u;
            int lines = 1 + (int)((seed >> 16) % 3);
            for (int l = 0; l < lines; l++) {
                seed = seed * 1103515245u + 12345u;
                const char *k = keys[(seed >> 8) % n_keys];
                /* mostly good values: the first seven */
                uint32_t pick = (seed >> 16) % ((seed >> 20) % 4 ? 7
                                                                 : n_values);
                o += (size_t)snprintf(text + o, sizeof text - o,
                                      "%s%s: %s\n", l ? "    " : "  - ", k,
                                      values[pick]);
            }
        }
        if (entries == 0)
            o += (size_t)snprintf(text + o, sizeof text - o, "  []\n");
        char *path = temp_file(text);
        cusim_kernel k;
        cusim_error err;
        if (cusim_kernel_load(path, NULL, 0, &k, &err) == 0) {
            loaded++;
            uint64_t n = k.elements, wg = (n + 3) / 4;
            for (const cusim_kernel *d = k.next; d; d = d->next) {
                if (cusim_dispatch_elements(d, n, wg, &n, &err) != 0)
                    break;
                wg = (n + cusim_kernel_workgroup_size(d) - 1)
                     / cusim_kernel_workgroup_size(d);
            }
            cusim_kernel_free(&k);
        } else {
            failed++;
            ck_assert(err.line >= 1 && err.column >= 1 && err.message[0]);
            ck_assert_ptr_null(k.next);
        }
        remove_temp(path);
    }
    ck_assert_int_gt(loaded, 10);
    ck_assert_int_gt(failed, 10);
}
END_TEST

/* --------------------------------------------------------- config values */

/* A profile copies by assignment: the copy's marks and the errors found
 * through them still name the file, after the original is overwritten and
 * freed (ASan would catch a mark pointing into it). */
START_TEST(hw_copy_by_value)
{
    cusim_set set = { "hw.clock_mhz", "2000", "--set", 1, 1 };
    char path[4096];
    snprintf(path, sizeof path, "%s",
             cutest_path("tests/good/cfg-hw-full.yaml"));
    cusim_error err;
    cusim_hw *orig = malloc(sizeof *orig);
    ck_assert_ptr_nonnull(orig);
    ASSERT_LOADED(cusim_hw_load(path, &set, 1, orig, &err), err);
    cusim_hw copy = *orig;
    memset(orig, 0x5A, sizeof *orig);
    free(orig);

    ck_assert_str_eq(copy.file, path);
    ck_assert_uint_eq(copy.cu.registers, 65536);
    ck_assert_uint_eq(copy.clock_mhz, 2000);
    assert_mark(cfg_hw_mark(&copy, "cu.registers"), path, 12, 14);
    ck_assert_ptr_eq(cfg_hw_mark(&copy, "cu.registers").file, copy.file);
    assert_mark(cfg_hw_mark(&copy, "cu.lanes.shared"), path, 22, 46);
    assert_mark(cfg_hw_mark(&copy, "clock_mhz"), "--set", 1, 1);
    assert_mark(cfg_hw_mark(&copy, "cu.lanes.sfu"), path, 22, 26);

    /* an error at a mark of the copy, as the library reports one */
    cusim_mark at = cfg_hw_mark(&copy, "cu.max_registers_per_invocation");
    err_at(&err, &at, "too many");
    ck_assert_str_eq(err.file, path);
    ck_assert_int_eq(err.line, 14);
    ck_assert_int_eq(err.column, 33);

    /* applying to the copy: the rule across keys is checked as at load */
    cusim_set bad = { "hw.cu.schedulers", "3", "--set", 2, 1 };
    ck_assert_int_eq(cusim_hw_apply(&copy, &bad, 1, &err), -1);
    ck_assert_str_eq(err.file, "--set");
    ck_assert_int_eq(err.line, 2);
    ck_assert_str_eq(err.message, "cu.registers (65536) must divide evenly "
                     "among cu.schedulers (3)");
    ck_assert_uint_eq(copy.cu.schedulers, 2);   /* unchanged */
}
END_TEST

/* A clone owns all of its dispatches: with the original freed, its
 * values, texts, parsed programs and occupancy are those of a fresh load
 * (seed-cu, reduction: the slots limit of docs/claims.md's C3, 8 groups of
 * 8 subgroups). */
START_TEST(kernel_clone)
{
    cusim_hw hw;
    cusim_kernel fresh, clone;
    cusim_kernel *orig = malloc(sizeof *orig);
    ck_assert_ptr_nonnull(orig);
    cusim_error err;
    cutest_load("configs/hw/seed-cu.yaml", "workloads/reduction.yaml", NULL,
                0, &hw, orig);
    cutest_load("configs/hw/seed-cu.yaml", "workloads/reduction.yaml", NULL,
                0, &hw, &fresh);
    cusim_kernel_clone(&clone, orig);
    ck_assert_ptr_ne(clone.program, orig->program);
    ck_assert_ptr_ne(clone.ast, orig->ast);
    ck_assert_ptr_ne(clone.next, orig->next);
    ck_assert_ptr_ne(clone.next->ast, orig->next->ast);
    cusim_kernel_free(orig);
    memset(orig, 0x5A, sizeof *orig);
    free(orig);

    assert_kernel_equal(&clone, &fresh);
    ck_assert_str_eq(clone.name, "reduction");
    ck_assert_uint_eq(clone.workgroup[0], 256);
    ck_assert_uint_eq(clone.registers, 16);
    ck_assert_uint_eq(clone.shared_bytes, 0);   /* an expression: */
    ck_assert_str_eq(clone.shared_bytes_expr.text, "workgroup_size * 4");
    uint32_t shared = 0;   /* 256 x 4 */
    ck_assert_int_eq(cusim_kernel_shared_bytes(&clone, 32, &shared, &err), 0);
    ck_assert_uint_eq(shared, 1024);
    ck_assert_uint_eq(clone.elements, 1048576);
    ck_assert_ptr_nonnull(clone.next);
    ck_assert_str_eq(clone.next->name, "reduction.combine");
    ck_assert_str_eq(clone.next->elements_expr, "workgroups");
    ck_assert_str_eq(clone.next->program, clone.program);
    ck_assert_ptr_null(clone.next->next);
    assert_mark(cfg_kernel_mark(&clone, "workgroup_size"), clone.file,
                line_starting(clone.file, "workgroup_size:"), 17);

    cusim_occupancy a, b;
    ck_assert_int_eq(cusim_occupancy_compute(&hw, &clone, &a, &err), 0);
    ck_assert_int_eq(cusim_occupancy_compute(&hw, &fresh, &b, &err), 0);
    ck_assert_int_eq(a.limiter, CUSIM_LIMIT_SUBGROUPS);
    ck_assert_uint_eq(a.workgroups_per_cu, 8);
    ck_assert_uint_eq(a.subgroups_per_cu, 64);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_REGISTERS], 16);
    ck_assert_uint_eq(a.limits[CUSIM_LIMIT_SHARED_MEMORY], 64);
    ck_assert(a.theoretical == 1.0);
    ck_assert_int_eq(a.limiter, b.limiter);
    ck_assert_uint_eq(a.workgroups_per_cu, b.workgroups_per_cu);
    ck_assert_uint_eq(a.registers_per_subgroup, b.registers_per_subgroup);
    ck_assert_uint_eq(a.shared_per_workgroup, b.shared_per_workgroup);
    ck_assert_int_eq(memcmp(a.limits, b.limits, sizeof a.limits), 0);

    /* the second dispatch's program resolves to the same code */
    prog_shape shape = { 256, 1, 1, 256, 32, 1, .elements = 0,
                         .shared_bytes = 1024 };   /* 256 x 4 */
    prog_code *ca = prog_resolve(clone.next->ast, &shape, &err);
    prog_code *cb = prog_resolve(fresh.next->ast, &shape, &err);
    ck_assert_ptr_nonnull(ca);
    ck_assert_ptr_nonnull(cb);
    ck_assert_uint_eq(ca->n_insns, cb->n_insns);
    ck_assert_uint_eq(ca->once_len, 2);
    ck_assert_uint_eq(ca->once_len, cb->once_len);
    ck_assert_uint_eq(ca->n_regs, cb->n_regs);
    ck_assert_uint_eq(ca->dynamic_insns, cb->dynamic_insns);
    for (uint32_t i = 0; i < ca->n_insns; i++) {
        ck_assert_uint_eq(ca->insns[i].op, cb->insns[i].op);
        ck_assert_uint_eq(ca->insns[i].count, cb->insns[i].count);
        ck_assert_uint_eq(ca->insns[i].dst, cb->insns[i].dst);
    }
    prog_code_free(ca);
    prog_code_free(cb);
    cusim_kernel_free(&clone);
    cusim_kernel_free(&fresh);
    cusim_kernel_free(&clone);   /* twice is harmless */
}
END_TEST

/* A clone's program fails to resolve with the original's error, at the
 * same place: a count with blanks before it, divided by zero at its '/'
 * (text line 2 is file line 5; "repeat" at column 3, '/' 12 bytes on). */
START_TEST(kernel_clone_errors)
{
    char *path = temp_file("workgroup_size: 64\nelements: 64\nprogram: |\n"
                           "  alu x\n  repeat   64 / (workgroup_size - 64) {\n"
                           "    alu x\n  }\ndispatches:\n  - elements: 1\n");
    cusim_kernel k, clone;
    cusim_error err, clone_err;
    ASSERT_LOADED(cusim_kernel_load(path, NULL, 0, &k, &err), err);
    cusim_kernel_clone(&clone, &k);
    prog_shape shape = { 64, 1, 1, 64, 32, 1, .elements = 0 };
    ck_assert_ptr_null(prog_resolve(k.next->ast, &shape, &err));
    cusim_kernel_free(&k);
    ck_assert_ptr_null(prog_resolve(clone.next->ast, &shape, &clone_err));
    ck_assert_str_eq(clone_err.file, path);
    ck_assert_int_eq(clone_err.line, 5);
    ck_assert_int_eq(clone_err.column, 15);
    ck_assert_str_eq(clone_err.message, err.message);
    ck_assert_int_eq(clone_err.line, err.line);
    ck_assert_int_eq(clone_err.column, err.column);
    ck_assert_str_eq(clone_err.file, err.file);
    cusim_kernel_free(&clone);
    remove_temp(path);
}
END_TEST

/* Applying overrides in memory gives what loading with them gives. */
START_TEST(apply_hw)
{
    char path[4096];
    snprintf(path, sizeof path, "%s", cutest_path("configs/hw/seed-cu.yaml"));
    cusim_set set = { "hw.cu.registers", "32768", "--set", 1, 1 };
    cusim_hw applied, loaded;
    cusim_error err;
    ASSERT_LOADED(cusim_hw_load(path, NULL, 0, &applied, &err), err);
    ck_assert_uint_eq(applied.cu.registers, 65536);
    ASSERT_LOADED(cusim_hw_apply(&applied, &set, 1, &err), err);
    ASSERT_LOADED(cusim_hw_load(path, &set, 1, &loaded, &err), err);
    assert_hw_equal(&applied, &loaded);
    ck_assert_uint_eq(applied.cu.registers, 32768);
    assert_mark(cfg_hw_mark(&applied, "cu.registers"), "--set", 1, 1);
    assert_mark(cfg_hw_mark(&applied, "cu.schedulers"), path, 40, 15);

    /* in two steps, a nested mapping, and a kernel path (ignored) */
    cusim_set more[] = {
        { "hw.cu.lanes", "{ alu: 16, sfu: 4 }", "exp.yaml", 12, 7 },
        { "kernel.registers", "nonsense", "--set", 3, 1 },
        { "hw.cu.registers", "16384", "--set", 4, 1 },
    };
    cusim_set all[] = { set, more[0], more[1], more[2] };
    ASSERT_LOADED(cusim_hw_apply(&applied, more, 3, &err), err);
    ASSERT_LOADED(cusim_hw_load(path, all, 4, &loaded, &err), err);
    assert_hw_equal(&applied, &loaded);
    ck_assert_uint_eq(applied.cu.lanes[CUSIM_UNIT_ALU], 16);
    ck_assert_uint_eq(applied.cu.lanes[CUSIM_UNIT_SFU], 4);
    ck_assert_uint_eq(applied.cu.registers, 16384);
    assert_mark(cfg_hw_mark(&applied, "cu.lanes.sfu"), "exp.yaml", 12, 7);
}
END_TEST

/* A bad override applied in memory fails with the message and place that
 * loading with it gives, and changes nothing. */
START_TEST(apply_hw_errors)
{
    static const struct {
        const char *path, *value;
        int line, column;
        const char *message;
    } cases[] = {
        { "hw.cu.registers", "lots", 2, 1, "hw.cu.registers: expected an "
          "integer from 1 to 67108864, got 'lots'" },
        { "hw.cu.schedulers", "3", 2, 1, "cu.registers (65536) must "
          "divide evenly among cu.schedulers (3)" },
        { "hw.cu.regs", "1", 2, 1, "unknown key 'hw.cu.regs' (did you mean "
          "'hw.cu.registers'?)" },
        { "hw.simd_width", "[32, 32]", 2, 1, "hw.simd_width: 32 is listed "
          "twice (expected distinct widths)" },
        { "gpu.cu.registers", "1", 2, 1, "'gpu.cu.registers=1': a --set "
          "path starts with 'hw.' or 'kernel.'" },
    };
    char path[4096];
    snprintf(path, sizeof path, "%s", cutest_path("configs/hw/seed-cu.yaml"));
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        cusim_set sets[] = {
            { "hw.clock_mhz", "1000", "--set", 1, 1 },
            { cases[i].path, cases[i].value, "--set", 2, 1 },
        };
        cusim_hw hw, before;
        cusim_error at_load, applied;
        ck_assert_int_eq(cusim_hw_load(path, sets, 2, &hw, &at_load), -1);
        ASSERT_LOADED(cusim_hw_load(path, NULL, 0, &hw, &applied), applied);
        before = hw;
        ck_assert_int_eq(cusim_hw_apply(&hw, sets, 2, &applied), -1);
        assert_hw_equal(&hw, &before);
        ck_assert_str_eq(at_load.file, "--set");
        ck_assert_int_eq(at_load.line, cases[i].line);
        ck_assert_int_eq(at_load.column, cases[i].column);
        ck_assert_str_eq(at_load.message, cases[i].message);
        ck_assert_str_eq(applied.file, at_load.file);
        ck_assert_int_eq(applied.line, at_load.line);
        ck_assert_int_eq(applied.column, at_load.column);
        ck_assert_str_eq(applied.message, at_load.message);
    }
}
END_TEST

/* A bad override applied to a loaded kernel: the error loading with it
 * gives (here from the program parser), and the kernel unchanged. */
START_TEST(apply_kernel_errors)
{
    char path[4096];
    snprintf(path, sizeof path, "%s",
             cutest_path("tests/good/cfg-kernel-dispatches.yaml"));
    cusim_set bad = { "kernel.program", "fmaa y, x", "--set", 5, 1 };
    cusim_kernel k, before;
    cusim_error err, at_load;
    ck_assert_int_eq(cusim_kernel_load(path, &bad, 1, &k, &at_load), -1);
    ASSERT_LOADED(cusim_kernel_load(path, NULL, 0, &k, &err), err);
    cusim_kernel_clone(&before, &k);
    ck_assert_int_eq(cusim_kernel_apply(&k, &bad, 1, &err), -1);
    ck_assert_str_eq(err.file, "--set");
    ck_assert_int_eq(err.line, at_load.line);
    ck_assert_int_eq(err.column, at_load.column);
    ck_assert_str_eq(err.message, at_load.message);
    ck_assert_str_eq(err.message, "unknown opcode 'fmaa' (did you mean "
                     "'fma'?)");
    assert_kernel_equal(&k, &before);
    cusim_kernel_free(&before);
    cusim_kernel_free(&k);
}
END_TEST

/* Loading a file's text gives what loading the file gives. */
START_TEST(load_string_same)
{
    static const char *const hws[] = { "configs/hw/seed-cu.yaml",
                                       "tests/good/cfg-hw-full.yaml" };
    static const char *const kernels[] = {
        "workloads/reduction.yaml", "tests/good/cfg-kernel-dispatches.yaml",
        "tests/good/cfg-kernel.yaml",
    };
    cusim_set set = { "hw.cu.registers", "32768", "--set", 1, 1 };
    cusim_error err;
    for (size_t i = 0; i < sizeof hws / sizeof hws[0]; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s", cutest_path(hws[i]));
        char *text = read_text(path);
        ck_assert_ptr_nonnull(text);
        cusim_hw a, b;
        ASSERT_LOADED(cusim_hw_load(path, &set, 1, &a, &err), err);
        ASSERT_LOADED(cusim_hw_load_string(text, path, &set, 1, &b, &err),
                      err);
        assert_hw_equal(&a, &b);
        ck_assert_uint_eq(b.cu.registers, 32768);
        free(text);
    }
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s", cutest_path(kernels[i]));
        char *text = read_text(path);
        ck_assert_ptr_nonnull(text);
        cusim_kernel a, b;
        ASSERT_LOADED(cusim_kernel_load(path, NULL, 0, &a, &err), err);
        ASSERT_LOADED(cusim_kernel_load_string(text, path, NULL, 0, &b,
                                               &err), err);
        assert_kernel_equal(&a, &b);
        cusim_kernel_free(&a);
        cusim_kernel_free(&b);
        free(text);
    }
    /* the name gives the default name and is what messages call it */
    cusim_hw hw;
    ASSERT_LOADED(cusim_hw_load_string("simd_width: 32\ncompute_units: 1\n"
                                       "cu: { max_invocations: 64, "
                                       "max_subgroups: 4, max_workgroups: 4,"
                                       " registers: 1024, shared_memory: 0 }"
                                       "\n", "dir/tiny.yaml", NULL, 0, &hw,
                                       &err), err);
    ck_assert_str_eq(hw.name, "tiny");
    ck_assert_int_eq(cusim_hw_load_string("simd_width: 32\ncu: 4\n",
                                          "mem", NULL, 0, &hw, &err), -1);
    ck_assert_str_eq(err.file, "mem");
    ck_assert_int_eq(err.line, 2);
    ck_assert_int_eq(err.column, 5);
    ck_assert_int_eq(cusim_hw_load_string("", "empty", NULL, 0, &hw, &err),
                     -1);
    ck_assert_str_eq(err.message, "empty file (expected a hardware profile "
                     "mapping)");
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("config");
    TCase *tc;

    tc = tcase_create("hardware");
    tcase_add_test(tc, hw_every_key);
    tcase_add_test(tc, hw_marks);
    tcase_add_test(tc, hw_defaults);
    tcase_add_test(tc, hw_name_from_file);
    tcase_add_test(tc, hw_cache_keys);
    suite_add_tcase(s, tc);

    tc = tcase_create("kernel");
    tcase_add_test(tc, kernel_every_key);
    tcase_add_test(tc, kernel_defaults);
    tcase_add_test(tc, kernel_program_origin);
    suite_add_tcase(s, tc);

    tc = tcase_create("overrides");
    tcase_add_test(tc, set_overrides);
    tcase_add_test(tc, set_replaces_bad_value);
    tcase_add_test(tc, set_parse);
    suite_add_tcase(s, tc);

    tc = tcase_create("bad input");
    tcase_add_loop_test(tc, bad_input, 0,
                        (int)(sizeof bad_cases / sizeof bad_cases[0]));
    tcase_add_test(tc, corpus_complete);
    tcase_add_test(tc, unreadable);
    tcase_add_test(tc, size_limit);
    tcase_add_test(tc, scrambled_input);
    tcase_add_test(tc, blank_runs);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);

    tc = tcase_create("sniff and keys");
    tcase_add_test(tc, sniff);
    tcase_add_test(tc, bytes_as_the_file);
    tcase_add_test(tc, print_keys);
    suite_add_tcase(s, tc);

    tc = tcase_create("echo");
    tcase_add_test(tc, echo_hw);
    tcase_add_test(tc, echo_hw_hierarchy);
    tcase_add_test(tc, echo_kernel);
    suite_add_tcase(s, tc);

    tc = tcase_create("values");
    tcase_add_test(tc, hw_copy_by_value);
    tcase_add_test(tc, kernel_clone);
    tcase_add_test(tc, kernel_clone_errors);
    tcase_add_test(tc, apply_hw);
    tcase_add_test(tc, apply_hw_errors);
    tcase_add_test(tc, apply_kernel_errors);
    tcase_add_test(tc, load_string_same);
    suite_add_tcase(s, tc);

    tc = tcase_create("dispatches");
    tcase_add_test(tc, dispatches_values);
    tcase_add_test(tc, dispatches_parsed);
    tcase_add_test(tc, dispatches_inherit_set);
    tcase_add_loop_test(tc, dispatches_bad, 0,
                        (int)(sizeof dispatch_cases
                              / sizeof dispatch_cases[0]));
    tcase_add_test(tc, dispatches_top_level_count);
    tcase_add_test(tc, dispatches_edges);
    tcase_add_test(tc, dispatches_count_errors);
    tcase_add_test(tc, dispatches_echo);
    tcase_add_test(tc, dispatches_scrambled);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);

    tc = tcase_create("shape expressions");
    tcase_add_test(tc, shared_expression_values);
    tcase_add_test(tc, shared_expression_dispatches);
    tcase_add_test(tc, shared_expression_errors);
    suite_add_tcase(s, tc);

    return s;
}

CUTEST_MAIN(make_suite)
