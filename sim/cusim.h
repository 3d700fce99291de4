/*
 * cusim.h — the public interface of libcusim, a cycle-approximate simulator
 * of GPU compute units.
 *
 * A caller loads a hardware profile and a kernel (YAML files, optionally
 * overridden by `--set PATH=VALUE` strings), then asks for the static
 * occupancy of the kernel on that hardware. Every function that can fail on
 * user input returns 0 on success and -1 on failure, filling a cusim_error
 * with `FILE:LINE:COLUMN: message`; the caller decides what to do (the
 * command line exits with status 2). No function exits or prints.
 *
 * There is no global state: every object is passed explicitly, so one
 * process can hold any number of profiles, kernels and simulations.
 */
#ifndef CUSIM_H
#define CUSIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CUSIM_VERSION "0.1.0"

/* The longest file path a loaded config or an error can name, in bytes
 * (Linux's PATH_MAX: any path the system can open fits). */
#define CUSIM_PATH_MAX 4096

/* ---------------------------------------------------------------- errors */

/* A user error as a value: where it is and what is wrong. */
typedef struct cusim_error {
    char file[CUSIM_PATH_MAX]; /* file name, or "--set" for a command-line
                                  override */
    int line;           /* 1-based; for "--set", which override (1 = first);
                           0: not a place in an input (a file that could not
                           be written: the message names it) */
    int column;         /* 1-based */
    char message[768];  /* names the key path and what was expected */
} cusim_error;

/* Writes "FILE:LINE:COLUMN: message\n" to `out`, or "cusim: message\n"
 * when the error has no place (line 0). */
void cusim_error_print(const cusim_error *err, FILE *out);

/* ------------------------------------------------------------ overrides */

/* One `--set PATH=VALUE` from the command line or an experiment's `set:`.
 * `path` starts with "hw." or "kernel."; `value` is YAML text (a scalar or a
 * flow sequence such as "[8, 8]"). `file`, `line` and `column` say where the
 * override was written, for error messages; the command line uses
 * file "--set", line = its position among the overrides, column 1. */
typedef struct cusim_set {
    const char *path;
    const char *value;
    const char *file;
    int line;
    int column;
} cusim_set;

/* Splits "PATH=VALUE" into `set` (pointing into `arg`, which must outlive
 * it). Returns -1 and fills `err` when there is no '=' or the path is empty. */
int cusim_set_parse(char *arg, int index, cusim_set *set, cusim_error *err);

/* ---------------------------------------------------- source locations */

/* Where a resolved key's value came from (for errors found after loading,
 * such as a workgroup that can never fit). line 0 means "the default". In
 * a config's `marks`, file NULL means the config's own `file` (so that a
 * copy of the struct stays right); the library resolves it when it reports
 * an error. */
typedef struct cusim_mark {
    const char *file;   /* the override's file ("--set"), or NULL: the
                           config's own file */
    int line;
    int column;
} cusim_mark;

/* ------------------------------------------------------ hardware profile */

#define CUSIM_MAX_WIDTHS 8
#define CUSIM_MAX_KEYS 96

/* The enum tables below are X-macro lists, one row per value:
 * X(ID, name, meaning). Each enum, its name function and its parser come
 * from its table (sim/base/enums.c), and so do the values `cusim fields` lists
 * and the report's fields (sim/output/fields.def). A table is a macro here rather
 * than a .def file so that this header stays self-contained once
 * installed. */
#define CUSIM_ENUM_ONE_(id, name, meaning) + 1

/* Scheduler policies: how a scheduler picks, among its subgroups that can
 * issue, the one that does (the `cu.policy` key). When adding a policy: a
 * row here and its pick in scheduler.c. */
#define CUSIM_POLICIES(X)                                                    \
    X(GTO, "gto", "greedy then oldest: keep issuing from the subgroup "     \
      "issued last while it can, else the oldest")                          \
    X(LRR, "lrr", "loose round robin: the first, in age order, after the "  \
      "subgroup issued last")                                               \
    X(OLDEST, "oldest", "oldest first")

typedef enum cusim_policy {
#define CUSIM_POLICY_ROW_(id, name, meaning) CUSIM_POLICY_##id,
    CUSIM_POLICIES(CUSIM_POLICY_ROW_)
#undef CUSIM_POLICY_ROW_
} cusim_policy;
enum { CUSIM_POLICY_COUNT = 0 CUSIM_POLICIES(CUSIM_ENUM_ONE_) };

/* "gto", "lrr", "oldest" (the `cu.policy` values); "?" out of range. */
const char *cusim_policy_name(cusim_policy p);

/* The policy named `name`; returns -1 (leaving *p) for any other name. */
int cusim_policy_parse(const char *name, cusim_policy *p);

/* Occupancy rule families: whose published rules decide what a workgroup
 * takes from a compute unit and how many fit (the `cu.rules` key). When
 * adding a family: a row here and its rule file sim/rule_NAME.c (see
 * sim/rules/alloc.h); nothing else. */
#define CUSIM_RULES(X)                                                       \
    X(NVIDIA, "nvidia", "the CUDA Occupancy Calculator's (cuda_occupancy.h)" \
      ": registers rounded per warp, sub-partitions, shared memory in "     \
      "granules with a per-block reserve")                                  \
    X(AMD, "amd", "LLVM's AMDGPU backend (AMDGPUBaseInfo.cpp): waves per "  \
      "SIMD by VGPR granules, LDS per CU, a hardware barrier for each "     \
      "workgroup of two or more waves")                                    \
    X(INTEL, "intel", "Intel's GPU occupancy calculator and IGC: a fixed "  \
      "GRF per hardware thread (two in large-GRF mode), threads per EU, "   \
      "SLM per subslice, a barrier register per workgroup of two or more "  \
      "threads")                                                            \
    X(ADRENO, "adreno", "Mesa's ir3 (ir3.c): registers in vec4 units per "  \
      "fiber, waves per SP by the register file, waves of 64 doubled to "   \
      "128 when the workgroup and the registers allow")                     \
    X(APPLE, "apple", "Apple's Metal limits and Asahi's AGX compiler "      \
      "occupancy table: threads per core by registers, 32 KiB of "          \
      "threadgroup memory per threadgroup")

typedef enum cusim_rules {
#define CUSIM_RULES_ROW_(id, name, meaning) CUSIM_RULES_##id,
    CUSIM_RULES(CUSIM_RULES_ROW_)
#undef CUSIM_RULES_ROW_
} cusim_rules;
enum { CUSIM_RULES_COUNT = 0 CUSIM_RULES(CUSIM_ENUM_ONE_) };

/* "nvidia", "amd", "intel", "adreno", "apple" (the `cu.rules` values); "?"
 * out of range. */
const char *cusim_rules_name(cusim_rules r);

/* What the scalar cache serves (the `cache.scalar.serves` key). */
#define CUSIM_SCALAR_SERVES(X)                                               \
    X(UNIFORM, "uniform", "every uniform load (AMD's scalar data cache, "   \
      "which s_load reads)")                                                \
    X(PARAMS, "params", "the uniform loads from buffer params, the "        \
      "kernel's parameters (NVIDIA's constant cache: LDC and ULDC of "      \
      "constant bank 0); other uniform loads go through the L1")

typedef enum cusim_scalar_serves {
#define CUSIM_SERVES_ROW_(id, name, meaning) CUSIM_SERVES_##id,
    CUSIM_SCALAR_SERVES(CUSIM_SERVES_ROW_)
#undef CUSIM_SERVES_ROW_
} cusim_scalar_serves;
enum { CUSIM_SERVES_COUNT = 0 CUSIM_SCALAR_SERVES(CUSIM_ENUM_ONE_) };

/* L1 store policies (the `cache.l1.stores` key). */
#define CUSIM_STORE_POLICIES(X)                                              \
    X(WRITE_THROUGH, "write_through", "a store goes on to the L2 and "      \
      "allocates no L1 line (a line it hits is updated)")                   \
    X(WRITE_BACK, "write_back", "a store allocates its L1 line and marks "  \
      "it dirty; the line goes to the L2 when evicted")

typedef enum cusim_store_policy {
#define CUSIM_STORE_ROW_(id, name, meaning) CUSIM_STORES_##id,
    CUSIM_STORE_POLICIES(CUSIM_STORE_ROW_)
#undef CUSIM_STORE_ROW_
} cusim_store_policy;
enum { CUSIM_STORES_COUNT = 0 CUSIM_STORE_POLICIES(CUSIM_ENUM_ONE_) };

const char *cusim_store_policy_name(cusim_store_policy p);

/* Where a subgroup's lanes exchange values (the `cu.shuffle_unit` key):
 * the unit `shuffle` and `broadcast` issue to (docs/isa.md "Subgroup
 * operations"). */
#define CUSIM_SHUFFLE_UNITS(X)                                               \
    X(ALU, "alu", "the ALU, at its lanes and latency.alu (cross-lane "     \
      "operands of ordinary instructions: AMD's DPP, Intel's regions)")     \
    X(SHARED, "shared", "the shared-memory unit, at its lanes and "        \
      "latency.shared (NVIDIA's SHFL through the shared-memory path)")

typedef enum cusim_shuffle_unit {
#define CUSIM_SHUFFLE_ROW_(id, name, meaning) CUSIM_SHUFFLE_##id,
    CUSIM_SHUFFLE_UNITS(CUSIM_SHUFFLE_ROW_)
#undef CUSIM_SHUFFLE_ROW_
} cusim_shuffle_unit;
enum { CUSIM_SHUFFLE_COUNT = 0 CUSIM_SHUFFLE_UNITS(CUSIM_ENUM_ONE_) };

/* DRAM schedulers (the `dram.scheduler` key). */
#define CUSIM_DRAM_SCHEDULERS(X)                                             \
    X(FR_FCFS, "fr_fcfs", "first ready, first come: requests to a bank's "  \
      "open row first, then the oldest, within dram.window")                \
    X(FCFS, "fcfs", "first come, first served")

typedef enum cusim_dram_sched {
#define CUSIM_DRAM_ROW_(id, name, meaning) CUSIM_DRAM_##id,
    CUSIM_DRAM_SCHEDULERS(CUSIM_DRAM_ROW_)
#undef CUSIM_DRAM_ROW_
} cusim_dram_sched;
enum { CUSIM_DRAM_SCHED_COUNT = 0 CUSIM_DRAM_SCHEDULERS(CUSIM_ENUM_ONE_) };

const char *cusim_dram_sched_name(cusim_dram_sched s);

/* Address hashes: how an address picks its DRAM channel (`dram.hash`) and
 * its L2 slice among its channel's (`cache.l2.hash`); addrmap.h. */
#define CUSIM_ADDR_HASHES(X)                                                 \
    X(LINEAR, "linear", "consecutive cache.l2.interleave blocks in turn "   \
      "(block modulo the count)")                                           \
    X(XOR, "xor", "the block's low bits XOR the bits above them (a "        \
      "power-of-two count)")                                                \
    X(IPOLY, "ipoly", "the block number modulo an irreducible polynomial "  \
      "over GF(2) (Rau, ISCA 1991) for the count's power-of-two factor, "   \
      "its odd factor by a rotating modulo")

typedef enum cusim_addr_hash {
#define CUSIM_HASH_ROW_(id, name, meaning) CUSIM_HASH_##id,
    CUSIM_ADDR_HASHES(CUSIM_HASH_ROW_)
#undef CUSIM_HASH_ROW_
} cusim_addr_hash;
enum { CUSIM_HASH_COUNT = 0 CUSIM_ADDR_HASHES(CUSIM_ENUM_ONE_) };

/* How a shared-memory load wider than a bank word is split (banks.h). */
#define CUSIM_SHARED_WIDE_RULES(X)                                           \
    X(PHASES, "phases", "in phases of banks x bank bytes / access bytes "   \
      "lanes, each as many passes as its busiest bank's words")             \
    X(PAIRED, "paired", "as phases, but when every lane's address is its "  \
      "partner's (lane n^1, or every one lane n^2's) the pair shares its "   \
      "data and a phase holds twice the lanes (NVIDIA)")

typedef enum cusim_shared_wide {
#define CUSIM_WIDE_ROW_(id, name, meaning) CUSIM_WIDE_##id,
    CUSIM_SHARED_WIDE_RULES(CUSIM_WIDE_ROW_)
#undef CUSIM_WIDE_ROW_
} cusim_shared_wide;
enum { CUSIM_WIDE_COUNT = 0 CUSIM_SHARED_WIDE_RULES(CUSIM_ENUM_ONE_) };

/* Execution units; the synthetic ISA maps every opcode to one. The
 * scalar unit (salu: AMD's SALU, NVIDIA's uniform datapath) is busy
 * cu.scalar_cycles per instruction, whatever the subgroup's width; a
 * profile without one (cu.scalar_cycles 0) runs salu on the ALU. */
typedef enum cusim_unit {
    CUSIM_UNIT_ALU,
    CUSIM_UNIT_SFU,
    CUSIM_UNIT_MEM,
    CUSIM_UNIT_SHARED,
    CUSIM_UNIT_BARRIER,
    CUSIM_UNIT_SCALAR,
    CUSIM_UNIT_COUNT
} cusim_unit;

/* How a scalar instruction issues (the `cu.scalar_issue` key). */
#define CUSIM_SCALAR_ISSUES(X)                                               \
    X(SLOT, "slot", "in one of the scheduler's cu.issue_per_cycle issues "  \
      "of its cycle (NVIDIA's uniform datapath: the scheduler dispatches "  \
      "one instruction a cycle, the uniform one included)")                 \
    X(BESIDE, "beside", "beside them: in the same cycle as the "            \
      "scheduler's other issues, from another subgroup (AMD: one "          \
      "instruction of each type per cycle, from different waves)")

typedef enum cusim_scalar_issue {
#define CUSIM_SCALAR_ISSUE_ROW_(id, name, meaning) CUSIM_SCALAR_ISSUE_##id,
    CUSIM_SCALAR_ISSUES(CUSIM_SCALAR_ISSUE_ROW_)
#undef CUSIM_SCALAR_ISSUE_ROW_
} cusim_scalar_issue;
enum { CUSIM_SCALAR_ISSUE_COUNT = 0 CUSIM_SCALAR_ISSUES(CUSIM_ENUM_ONE_) };

/* Latency classes; the synthetic ISA maps every opcode to one. */
typedef enum cusim_latency_class {
    CUSIM_LAT_ALU,
    CUSIM_LAT_SFU,
    CUSIM_LAT_SHARED,
    CUSIM_LAT_GLOBAL,
    CUSIM_LAT_BARRIER,
    CUSIM_LAT_COUNT
} cusim_latency_class;

/* A resolved hardware profile (a file in configs/hw/). A plain value: every
 * field is filled (from the file, a --set, or the key's default) and has
 * passed its range check. See `cusim keys hw` for the meaning of each. It
 * holds no pointer into itself, so it copies by assignment (marks of
 * overrides point at the cusim_set strings). */
typedef struct cusim_hw {
    char file[CUSIM_PATH_MAX];         /* where it was loaded from */
    char name[64];
    uint32_t simd_widths[CUSIM_MAX_WIDTHS]; /* ascending, distinct */
    int n_simd_widths;
    uint32_t compute_units;
    uint32_t clock_mhz;
    struct {
        uint32_t max_invocations;
        uint32_t max_subgroups;
        uint32_t max_workgroups;
        uint32_t max_barrier_workgroups; /* 0: none beyond max_workgroups */
        uint32_t max_workgroup_size;
        uint32_t registers;
        uint32_t register_granularity;
        uint32_t max_registers_per_invocation;
        uint32_t shared_memory;
        uint32_t shared_granularity;
        uint32_t shared_reserved;
        uint32_t max_shared_per_workgroup;
        uint32_t schedulers;
        uint32_t issue_per_cycle;
        cusim_policy policy;
        cusim_rules rules;              /* whose occupancy rules apply */
        uint32_t lanes[CUSIM_UNIT_COUNT];  /* barrier lanes unused */
        /* shared-memory banks (banks.h); keys cu.shared_banks and
         * cu.shared_bank_bytes */
        uint32_t shared_banks;          /* 0: no bank model (one pass) */
        uint32_t shared_bank_bytes;     /* bytes per bank word */
        cusim_shared_wide shared_wide;  /* loads wider than a word */
        cusim_shuffle_unit shuffle_unit;
        /* the scalar unit (salu): busy cycles per instruction, per
         * scheduler; 0: none (salu runs on the ALU, as alu) */
        uint32_t scalar_cycles;
        cusim_scalar_issue scalar_issue;
        /* cycles from a workgroup's retirement until its slot and
         * resources take the next workgroup (0: at once) */
        uint32_t turnover_cycles;
    } cu;
    uint32_t latency[CUSIM_LAT_COUNT];
    struct {
        uint32_t bandwidth;            /* bytes per cycle, whole GPU */
        uint32_t transaction;          /* bytes */
        uint32_t max_inflight;         /* transactions per CU */
    } memory;
    /* The memory hierarchy (docs/model.md "Memory
     * hierarchy"): on when cache.l2.bytes > 0; a profile without `cache:`
     * keeps the flat model above. */
    struct {
        struct {
            uint32_t bytes;            /* per CU; 0: no L1 (or unified) */
            uint32_t unified;          /* L1 + shared memory pool per CU:
                                          the L1 gets what resident shared
                                          memory leaves; 0: not unified */
            uint32_t line;             /* bytes */
            uint32_t sector;           /* bytes; divides line */
            uint32_t ways;             /* 0: fully associative */
            uint32_t latency;          /* hit, cycles from issue */
            uint32_t lines_per_cycle;  /* tag lookups per cycle */
            uint32_t mshrs;            /* distinct missing lines at once */
            uint32_t mshr_merge;       /* requests per MSHR, the first
                                          included */
            cusim_store_policy stores;
        } l1;
        struct {
            uint32_t bytes;            /* GPU-wide; 0: no hierarchy */
            uint32_t line, sector, ways;
            uint32_t slices;
            uint32_t interleave;       /* bytes per slice, power of two */
            uint32_t latency;          /* hit, cycles from issue */
            uint32_t bytes_per_cycle;  /* whole GPU */
            uint32_t mshrs;            /* per slice */
            uint32_t mshr_merge;       /* requests per MSHR, the first
                                          included */
            uint32_t atomic_cycles;    /* a slice's atomic unit, per
                                          operation on one address (a
                                          turn on one line) */
            uint32_t atomic_rate;      /* a slice's atomic unit,
                                          operations per cycle over its
                                          lines */
            cusim_addr_hash hash;      /* the slice among its channel's */
        } l2;
        struct {
            uint32_t bytes;            /* per CU; 0: none (uniform loads
                                          go through the L1) */
            uint32_t ways;             /* 0: fully associative */
            uint32_t latency;          /* hit, cycles from issue */
            cusim_scalar_serves serves; /* which uniform loads */
        } scalar;                      /* lines: cache.l1.line */
    } cache;
    struct {
        uint32_t latency;              /* an L2 miss, cycles from issue,
                                          unloaded */
        uint32_t bytes_per_cycle;      /* peak, whole GPU */
        uint32_t channels;
        uint32_t banks;                /* per channel */
        uint32_t row;                  /* bytes per row (per bank) */
        uint32_t row_miss_cycles;      /* extra cycles to open a row */
        cusim_dram_sched scheduler;
        uint32_t window;               /* requests the scheduler looks at
                                          per channel */
        cusim_addr_hash hash;          /* the channel of an address */
        /* the data bus's dead time when it turns around, from reads to
         * writes and from writes to reads (0: none) */
        uint32_t read_to_write_cycles;
        uint32_t write_to_read_cycles;
    } dram;
    uint32_t launch_cycles;            /* per dispatch, before its first
                                          workgroup starts */
    cusim_mark marks[CUSIM_MAX_KEYS];  /* per descriptor, see cfg_keys.c */
} cusim_hw;

/* ----------------------------------------------------------------- kernel */

/* A resolved kernel (a file in workloads/). `program` is the synthetic ISA text
 * (owned; freed by cusim_kernel_free). `program_line` and `program_column`
 * locate the text's first character in `file` so program errors point into
 * the YAML file: text line k, column c is file line program_line + k - 1,
 * column program_column + c - 1 (a quoted scalar's folded lines are
 * placed byte by byte instead, through program_map, while loading).
 *
 * A kernel of several dispatches (a reduction's second pass) is a chain:
 * the struct describes the first dispatch and `next` the following one, run
 * after it (the file's `dispatches` list; at most 8 further dispatches).
 * Each later dispatch is a full, resolved cusim_kernel with its own
 * `program` and `ast`; a key its entry does not write is copied from the
 * previous dispatch, mark included (so the mark says where the value was
 * written), except `name`, which defaults to "<first name>.N" (N = 2, 3,
 * ...: the dispatch's position in the chain). Messages name an entry's
 * keys `dispatches[I].KEY` with I counted from 0: dispatches[0] is the
 * second dispatch. A later dispatch's `elements` may be an expression of
 * the previous dispatch's counts: see cusim_dispatch_elements. */
/* One buffer of a kernel's `buffers` mapping (docs/isa.md "Addresses").
 * The size is kept as written and evaluated when the program is resolved
 * for a launch shape (it may be an expression of the shape); the layout
 * (from byte 0, in this order, each aligned to 4 KiB) is worked out then
 * too. `name_mark` and `size_mark` say where the entry's name and size are
 * written (file NULL: the kernel's own file, as for marks[]). */
#define CUSIM_MAX_BUFFERS 16
#define CUSIM_BUFFER_NAME_MAX 31
#define CUSIM_BUFFER_SIZE_MAX 63
typedef struct cusim_buffer {
    char name[CUSIM_BUFFER_NAME_MAX + 1];
    char size[CUSIM_BUFFER_SIZE_MAX + 1];  /* "4096", "64 MiB",
                                             "elements * 4" */
    cusim_mark name_mark, size_mark;
} cusim_buffer;

/* A kernel key written as an expression of the launch shape (the
 * grammar and names of a `repeat` count, docs/isa.md: workgroup_size,
 * workgroup_x/y/z, simd_width, elements_per_invocation), kept as written
 * and evaluated for each launch shape it runs at. `text` is "" when the
 * key was written as a number (held in the key's own field). */
typedef struct cusim_shape_expr {
    char text[128];
    bool columns;     /* byte i of `text` is i columns after the key's
                         mark (a plain scalar on one line, as in its
                         file); false: messages point at the mark */
} cusim_shape_expr;

/* Where a kernel's given `registers` count comes from (the kernel key
 * registers_source): written by hand, or a compiler's count that cusim
 * import read from its output. Ignored with registers: auto. */
#define CUSIM_REGISTERS_ORIGINS(X)                                           \
    X(GIVEN, "given", "a count written by hand")                            \
    X(IMPORTED, "imported", "a compiler's count, written by cusim import")

typedef enum cusim_registers_origin {
#define CUSIM_REGORIGIN_ROW_(id, name, meaning) CUSIM_REGORIGIN_##id,
    CUSIM_REGISTERS_ORIGINS(CUSIM_REGORIGIN_ROW_)
#undef CUSIM_REGORIGIN_ROW_
    CUSIM_REGORIGIN_COUNT
} cusim_registers_origin;

typedef struct cusim_kernel {
    char file[CUSIM_PATH_MAX];
    char name[64];
    uint32_t workgroup[3];             /* x, y, z; unused dimensions are 1 */
    int workgroup_dims;                /* 1..3, as written */
    uint32_t registers;                /* per invocation; 0 when auto */
    bool registers_auto;
    cusim_registers_origin registers_origin;  /* key registers_source:
                                          where a given count comes from */
    uint32_t shared_bytes;             /* per workgroup; 0 when written
                                          as an expression
                                          (shared_bytes_expr: see
                                          cusim_kernel_shared_bytes) */
    uint64_t elements;
    uint32_t elements_per_invocation;
    uint32_t subgroup_size;            /* 0: let the hardware model choose */
    char *program;
    int program_line;
    int program_column;
    int *program_map;                  /* while loading: for a program
                                          written as a quoted YAML scalar,
                                          whose lines fold, the file line
                                          and column of each byte (2 ints
                                          a byte, owned); NULL otherwise and
                                          once the program is parsed */
    struct prog_ast *ast;              /* the parsed program (owned); set by
                                          cusim_kernel_load */
    cusim_mark marks[CUSIM_MAX_KEYS];
    struct cusim_kernel *next;         /* the next dispatch (owned), or
                                          NULL: this is the last */
    char elements_expr[128];           /* a later dispatch's `elements` as
                                          written when it is an expression
                                          (then `elements` is 0); "" when a
                                          number (held in `elements`), and
                                          always for the first dispatch */
    cusim_buffer buffers[CUSIM_MAX_BUFFERS];   /* `buffers`, in the order
                                                  written */
    int n_buffers;
    uint32_t grid_x;                   /* workgroups per row of the grid
                                          (wg_x, wg_y); 0: one row */
    cusim_shape_expr shared_bytes_expr;  /* `shared_bytes` as written when
                                          an expression of the launch
                                          shape; text "" when a number */
} cusim_kernel;

/* Loads and validates a profile / kernel. `sets` may hold overrides for
 * either kind; those whose path starts with the other kind's prefix are
 * ignored, any other path is an error. A kernel's program is parsed here, so
 * its syntax errors surface at load time. On success fills `*out` (the
 * caller owns it: cusim_kernel_free for kernels; a cusim_kernel must not be
 * copied by value while both copies are freed: use cusim_kernel_clone) and
 * returns 0. Marks of overrides point into the cusim_set strings, which
 * must outlive `out`. */
int cusim_hw_load(const char *path, const cusim_set *sets, size_t n_sets,
                  cusim_hw *out, cusim_error *err);
int cusim_kernel_load(const char *path, const cusim_set *sets, size_t n_sets,
                      cusim_kernel *out, cusim_error *err);

/* The same from the NUL-terminated `text`, which messages and marks call
 * `name` (and whose default `name` key comes from it, as from a path):
 * the same value, or the same error at the same place, as loading a file
 * called `name` that holds `text`. For library users and fuzzers. */
int cusim_hw_load_string(const char *text, const char *name,
                         const cusim_set *sets, size_t n_sets, cusim_hw *out,
                         cusim_error *err);
int cusim_kernel_load_string(const char *text, const char *name,
                             const cusim_set *sets, size_t n_sets,
                             cusim_kernel *out, cusim_error *err);

/* The same from the `len` bytes at `text`, NUL bytes among them refused
 * where they stand, as in a file: what the command line loads a file it
 * has read once from (a pipe, /dev/stdin, a process substitution). */
int cusim_hw_load_bytes(const char *text, size_t len, const char *name,
                        const cusim_set *sets, size_t n_sets, cusim_hw *out,
                        cusim_error *err);
int cusim_kernel_load_bytes(const char *text, size_t len, const char *name,
                            const cusim_set *sets, size_t n_sets,
                            cusim_kernel *out, cusim_error *err);

/* Applies overrides to a loaded config in memory (no file is read again):
 * the same value, or the same first error at the same FILE:LINE:COLUMN, as
 * loading its file with its earlier overrides followed by `sets`. Paths of
 * the other kind are ignored, as at load. In a kernel, a later dispatch
 * takes the new value of every key it inherited from the one before it.
 * On failure the config is unchanged. */
int cusim_hw_apply(cusim_hw *hw, const cusim_set *sets, size_t n_sets,
                   cusim_error *err);
int cusim_kernel_apply(cusim_kernel *k, const cusim_set *sets, size_t n_sets,
                       cusim_error *err);

/* Fills `dst` with a deep copy of `src`: its own program texts, parsed
 * programs and dispatch chain, so either may be freed first. The caller
 * owns `dst` (cusim_kernel_free). */
void cusim_kernel_clone(cusim_kernel *dst, const cusim_kernel *src);

void cusim_kernel_free(cusim_kernel *k);   /* NULL-safe; frees `program`,
                                             `ast` and the `next` chain */

/* The element count of dispatch `d` when the dispatch before it had
 * `prev_elements` elements in `prev_workgroups` workgroups: `d->elements`
 * when it was written as a number, else its expression (`elements_expr`)
 * with the names `elements` and `workgroups` bound to those two. Returns 0
 * and sets `*out`, or -1 with `err` set at the mark of d's `elements` key
 * when the expression fails to evaluate (division by zero, overflow) or
 * its value is not a whole number, is below 1 or above 2^48. The syntax
 * and the names were checked when the kernel was loaded. */
int cusim_dispatch_elements(const cusim_kernel *d, uint64_t prev_elements,
                            uint64_t prev_workgroups, uint64_t *out,
                            cusim_error *err);

/* The shared memory bytes per workgroup of dispatch `k` run at SIMD width
 * `simd_width`: `k->shared_bytes` when it was written as a number, else
 * its expression (`shared_bytes_expr`) evaluated with k's workgroup
 * shape, elements_per_invocation and `simd_width`. Returns 0 and sets
 * `*out`, or -1 with `err` set at the offending character of the
 * expression (its start when the value as a whole is wrong), naming the
 * key, when it divides by zero, overflows, or its value is not whole, is
 * negative or above 1073741824 (the key's range). The syntax and the
 * names were checked when the kernel was loaded. */
int cusim_kernel_shared_bytes(const cusim_kernel *k, uint32_t simd_width,
                              uint32_t *out, cusim_error *err);

/* What kind of file a YAML file holds. */
typedef enum cusim_file_kind {
    CUSIM_FILE_HW,
    CUSIM_FILE_KERNEL,
    CUSIM_FILE_EXPERIMENT
} cusim_file_kind;

/* Tells what the file at `path` holds by its top-level keys, without
 * validating it: a kernel when it has `program`; else a hardware profile
 * when it has `cu` or `simd_width`; else an experiment when it has one of
 * an experiment's sections (hardware, kernel, set, sweep, zip, points,
 * output, plots). Returns 0 and sets *kind, or -1 with `err` set when the
 * file cannot be read or parsed, is not a mapping, or has none of those
 * keys. */
int cusim_file_sniff(const char *path, cusim_file_kind *kind, cusim_error *err);

/* cusim_file_sniff of the `len` bytes at `text`, read from a file called
 * `name`. */
int cusim_bytes_sniff(const char *text, size_t len, const char *name,
                      cusim_file_kind *kind, cusim_error *err);

/* Prints a resolved config as YAML that loads back to the same value. */
void cusim_hw_echo(FILE *out, const cusim_hw *hw);
void cusim_kernel_echo(FILE *out, const cusim_kernel *k);

/* Prints every key of one kind: path, type, default, range, help. */
void cusim_keys_print(FILE *out, cusim_file_kind kind);

/* Product of the workgroup dimensions. */
uint32_t cusim_kernel_workgroup_size(const cusim_kernel *k);

/* --------------------------------------------------------------- occupancy */

/* The resources that bound how many workgroups a CU holds (claim C3), in
 * the order ties are broken (the first of the scarcest is the limiter).
 * `name` is the value of occupancy.limiter and the last component of
 * occupancy.limits.NAME. When adding a resource: a row here and its rule
 * in alloc.c (alloc_rooms, alloc_fits, alloc_take and alloc_release), the
 * admission rule both occupancy.c and dispatch.c ask. */
#define CUSIM_LIMITERS(X)                                                    \
    X(REGISTERS, "registers", "the register file (cu.registers, split "     \
      "among the partitions, cu.register_granularity a subgroup)")          \
    X(SHARED_MEMORY, "shared_memory", "shared memory (cu.shared_memory, "   \
      "cu.shared_granularity a workgroup, cu.shared_reserved each)")        \
    X(SUBGROUPS, "subgroups", "the subgroup slots (cu.max_subgroups, split "\
      "among the partitions)")                                              \
    X(WORKGROUPS, "workgroups", "the workgroup slots (cu.max_workgroups; "  \
      "cu.max_barrier_workgroups for workgroups of several subgroups)")     \
    X(INVOCATIONS, "invocations", "the invocation slots "                   \
      "(cu.max_invocations)")

typedef enum cusim_limiter {
#define CUSIM_LIMITER_ROW_(id, name, meaning) CUSIM_LIMIT_##id,
    CUSIM_LIMITERS(CUSIM_LIMITER_ROW_)
#undef CUSIM_LIMITER_ROW_
    CUSIM_LIMIT_COUNT
} cusim_limiter;

/* "registers", "shared_memory", ... as in the output field names; "?" out
 * of range. */
const char *cusim_limiter_name(cusim_limiter l);

/* The limiter named `name`; returns -1 (leaving *l) for any other name. */
int cusim_limiter_parse(const char *name, cusim_limiter *l);

#define CUSIM_UNLIMITED UINT32_MAX   /* a limit that does not apply */

/* Where a kernel's register count comes from (the registers_source
 * field). When adding a source: a row here and where occupancy.c sets
 * it. */
#define CUSIM_REGISTER_SOURCES(X)                                            \
    X(AUTO, "auto", "registers: auto, the program's peak of live values: "  \
      "a lower bound of what a compiler allocates")                         \
    X(GIVEN, "given", "a number the kernel gives (registers: N)")           \
    X(IMPORTED, "imported", "a compiler's count, read from its output by " \
      "cusim import (registers_source: imported)")

typedef enum cusim_register_source {
#define CUSIM_REGSRC_ROW_(id, name, meaning) CUSIM_REGISTERS_##id,
    CUSIM_REGISTER_SOURCES(CUSIM_REGSRC_ROW_)
#undef CUSIM_REGSRC_ROW_
    CUSIM_REGISTERS_SOURCE_COUNT
} cusim_register_source;

/* "auto", "given", "imported" (the registers_source values); "?" out of
 * range. */
const char *cusim_register_source_name(cusim_register_source s);

/* Static occupancy of one kernel on one CU (docs/model.md). */
typedef struct cusim_occupancy {
    uint32_t simd_width;               /* the width used */
    uint32_t subgroup_size_min;        /* the profile's narrowest width */
    uint32_t subgroup_size_max;        /* the profile's widest width */
    uint32_t registers_per_invocation; /* after `auto` is resolved */
    uint32_t subgroups_per_workgroup;
    uint32_t registers_per_subgroup;   /* rounded to the granularity */
    uint32_t shared_per_workgroup;     /* rounded, reserve included */
    uint32_t limits[CUSIM_LIMIT_COUNT];/* workgroups each resource allows */
    cusim_limiter limiter;             /* the scarcest; ties: enum order */
    uint32_t workgroups_per_cu;
    uint32_t subgroups_per_cu;
    uint32_t invocations_per_cu;
    double theoretical;                /* subgroups_per_cu / max_subgroups:
                                          resident invocations / the most the
                                          CU admits (C1), counting a partial
                                          subgroup's masked lanes as held */
    uint32_t shared_bytes;             /* the kernel's shared_bytes at
                                          this shape (an expression
                                          evaluated), before rounding */
    cusim_register_source registers_source;  /* where
                                          registers_per_invocation comes
                                          from */
    /* filled by cusim_occupancy_best (cusim occupancy), else 0 */
    uint32_t best_workgroup_size;      /* the 1-D size most resident
                                          invocations per CU */
    uint64_t best_grid;                /* workgroups of that size that fill
                                          the GPU once */
} cusim_occupancy;

/* Computes the static occupancy. Fails (with the location of the kernel key
 * at fault) when a workgroup can never fit on a CU, naming the resource and
 * by how much, or when the program cannot be resolved for this shape. */
int cusim_occupancy_compute(const cusim_hw *hw, const cusim_kernel *k,
                            cusim_occupancy *out, cusim_error *err);

/* The workgroup size with the most resident invocations per CU, with the
 * semantics of cudaOccupancyMaxPotentialBlockSize (cuda_occupancy.h): 1-D
 * sizes from cu.max_workgroup_size down in steps of the SIMD width `o`
 * reports for k as given, the first (largest) on ties, stopping once a
 * size fills the CU's invocation slots; sizes that cannot launch or
 * resolve are skipped. Sets o->best_workgroup_size (0 when no size
 * launches) and o->best_grid (its workgroups per CU x compute_units). */
void cusim_occupancy_best(const cusim_hw *hw, const cusim_kernel *k,
                          cusim_occupancy *o);

/* ------------------------------------------------------------- simulation */

/* One instruction a finding names: where it is and what it did
 * (cusim_result's worst_global, worst_shared, worst_branch,
 * worst_atomic, worst_scalar). `line` 0: no
 * such instruction did anything to find. */
typedef struct cusim_insn_finding {
    int line;            /* its line in the kernel's file */
    uint32_t dispatch;   /* its dispatch, 0 the first */
    uint64_t runs;       /* its warp-level issues or branch tests */
    uint64_t measured;   /* a global access: sectors (the flat model:
                            transactions); a shared one: bank passes; a
                            branch: tests that split its lanes */
    uint64_t ideal;      /* the fewest: sectors its lanes' bytes fill,
                            conflict-free passes; a branch: 0 */
} cusim_insn_finding;

/* Stall classes: what a scheduler did in a cycle, or why it did not issue.
 * Every scheduler-cycle of a run falls in exactly one class, so the
 * stalls.NAME fractions sum to 1. A cycle without an issue goes to the
 * class that most of the partition's live subgroups are in (the warp
 * states below), ties to the class listed first; with no live subgroup,
 * to idle or tail. When adding a class: a row here, `stall_of` in scheduler.c
 * (and measure.c's bound rule if it counts there). */
#define CUSIM_STALLS(X)                                                      \
    X(ISSUED, "issued", "the scheduler issued at least one instruction")    \
    X(MEMORY, "memory", "most live subgroups wait on a register a global "  \
      "load produces (warp state long_scoreboard)")                         \
    X(DEPENDENCY, "dependency", "most live subgroups wait on a register "   \
      "alu, sfu or shared memory produces (short_scoreboard)")              \
    X(BARRIER, "barrier", "most live subgroups wait at a barrier or for "   \
      "its release (barrier)")                                              \
    X(MEMORY_THROTTLE, "memory_throttle", "most live subgroups are ready "  \
      "but held by the CU's memory in-flight cap (memory_throttle)")        \
    X(PIPE_BUSY, "pipe_busy", "most live subgroups are ready but their "    \
      "execution unit is busy (pipe_busy)")                                 \
    X(IDLE, "idle", "no live subgroup and workgroups remain to be "         \
      "dispatched")                                                         \
    X(TAIL, "tail", "no live subgroup and none remain to be dispatched "    \
      "(the dispatch tail and the final drain)")

typedef enum cusim_stall {
#define CUSIM_STALL_ROW_(id, name, meaning) CUSIM_STALL_##id,
    CUSIM_STALLS(CUSIM_STALL_ROW_)
#undef CUSIM_STALL_ROW_
    CUSIM_STALL_COUNT
} cusim_stall;

/* "issued", "memory", ... as in the stalls.* field names; "?" out of
 * range. */
const char *cusim_stall_name(cusim_stall s);

/* Warp states: what a live subgroup (admitted, not ended) does in a cycle.
 * Every live subgroup-cycle falls in exactly one state, so the
 * warp_states.NAME fractions sum to 1; each meaning names the Nsight
 * Compute warp state it corresponds to. scheduler.c counts them (docs/model.md
 * says when each is decided). When adding a state: a row here and where
 * scheduler.c puts a subgroup in it. */
#define CUSIM_WARP_STATES(X)                                                 \
    X(ISSUED, "issued", "it issued an instruction (Nsight Compute: "        \
      "selected)")                                                          \
    X(ELIGIBLE, "eligible", "it could issue but another subgroup was "      \
      "selected (not_selected)")                                            \
    X(LONG_SCOREBOARD, "long_scoreboard", "it waits on a register a "       \
      "global load produces (long_scoreboard)")                             \
    X(SHORT_SCOREBOARD, "short_scoreboard", "it waits on a register alu, "  \
      "sfu or shared memory produces (short_scoreboard, wait)")             \
    X(BARRIER, "barrier", "it waits at a barrier or for its release "       \
      "(barrier)")                                                          \
    X(MEMORY_THROTTLE, "memory_throttle", "it is ready but the CU's memory "\
      "in-flight cap holds its global access (lg_throttle)")                \
    X(PIPE_BUSY, "pipe_busy", "it is ready but its execution unit is busy " \
      "(math_pipe_throttle, mio_throttle)")

typedef enum cusim_warp_state {
#define CUSIM_WARP_STATE_ROW_(id, name, meaning) CUSIM_WS_##id,
    CUSIM_WARP_STATES(CUSIM_WARP_STATE_ROW_)
#undef CUSIM_WARP_STATE_ROW_
    CUSIM_WS_COUNT
} cusim_warp_state;

/* "issued", "eligible", ... as in the warp_states.* field names; "?" out
 * of range. */
const char *cusim_warp_state_name(cusim_warp_state s);

/* What bounds a run (the `bound` field), in docs/model.md's order.
 * `meaning` states the rule measure.c's bound_of applies, after Nsight
 * Compute's: a speed of light of 0.8 or more makes the run throughput-
 * bound (compute, from max(sol.compute, sol.busiest_unit), or bandwidth,
 * from sol.memory; the higher when both are); both under 0.6 make it
 * small_grid or latency; anything else is balanced. When adding a bound: a
 * row here and its rule in bound_of. */
#define CUSIM_BOUNDS(X)                                                      \
    X(COMPUTE, "compute", "the pipes are the limit: max(sol.compute, "      \
      "sol.busiest_unit) >= 0.8 and not below sol.memory")                  \
    X(BANDWIDTH, "bandwidth", "the memory channel is the limit: "           \
      "sol.memory >= 0.8 and above max(sol.compute, sol.busiest_unit)")     \
    X(LATENCY, "latency", "waits are not hidden: both speeds of light "     \
      "under 0.6, and not small_grid")                                      \
    X(BALANCED, "balanced", "a speed of light between 0.6 and 0.8, none "   \
      "at 0.8: neither limit is reached, nor far off")                      \
    X(SMALL_GRID, "small_grid", "too little work to fill the GPU: both "    \
      "speeds of light under 0.6, waves < 1 and occupancy.achieved < half " \
      "occupancy.theoretical")

typedef enum cusim_bound {
#define CUSIM_BOUND_ROW_(id, name, meaning) CUSIM_BOUND_##id,
    CUSIM_BOUNDS(CUSIM_BOUND_ROW_)
#undef CUSIM_BOUND_ROW_
    CUSIM_BOUND_COUNT
} cusim_bound;

/* "compute", "bandwidth", ... (the `bound` values); "?" out of range. */
const char *cusim_bound_name(cusim_bound b);

/* The bound named `name`; returns -1 (leaving *b) for any other name. */
int cusim_bound_parse(const char *name, cusim_bound *b);

/* The units a run's speeds of light name (the sol.unit.* fields and
 * bound_unit): the execution pipes by their cu.lanes.* names (cusim_unit:
 * alu for alu and fma, sfu, shared for ld.shared and st.shared, mem for
 * ld.global and st.global) and the scalar unit (salu), then the memory
 * levels, then the L2's atomic units. `pipe` is the pipe's cusim_unit, or
 * CUSIM_UNIT_COUNT for a level. When adding a unit: a row here, its share
 * in measure.c and its field row in fields.def. */
#define CUSIM_SOL_UNITS(X)                                                   \
    X(ALU, "alu", CUSIM_UNIT_ALU)                                           \
    X(SFU, "sfu", CUSIM_UNIT_SFU)                                           \
    X(SHARED, "shared", CUSIM_UNIT_SHARED)                                  \
    X(MEM, "mem", CUSIM_UNIT_MEM)                                           \
    X(SCALAR, "scalar", CUSIM_UNIT_SCALAR)                                  \
    X(L1, "l1", CUSIM_UNIT_COUNT)                                           \
    X(L2, "l2", CUSIM_UNIT_COUNT)                                           \
    X(DRAM, "dram", CUSIM_UNIT_COUNT)                                       \
    X(ATOMIC, "atomic", CUSIM_UNIT_COUNT)

typedef enum cusim_sol_unit {
#define CUSIM_SOL_UNIT_ROW_(id, name, pipe) CUSIM_SOL_##id,
    CUSIM_SOL_UNITS(CUSIM_SOL_UNIT_ROW_)
#undef CUSIM_SOL_UNIT_ROW_
    CUSIM_SOL_UNIT_COUNT
} cusim_sol_unit;

/* The execution pipes come first in cusim_sol_unit, before the levels. */
#define CUSIM_SOL_PIPES CUSIM_SOL_L1

/* "alu", "sfu", ... (the sol.unit.* names); "?" out of range. */
const char *cusim_sol_unit_name(cusim_sol_unit u);

/* The execution unit whose lanes pipe u is (cu.lanes.NAME), or
 * CUSIM_UNIT_COUNT for a memory level or out of range. */
cusim_unit cusim_sol_unit_pipe(cusim_sol_unit u);

/* The most CU ranges cusim_sim_options.trace_cus holds. */
#define CUSIM_TRACE_RANGES 16

/* How a run is simulated and what it records on the side; all zero is a
 * plain run. Recording never changes a result. The trace and timeline
 * formats are in docs/formats.md ("Traces and timelines"). */
/* The default of cusim_sim_options.max_instructions. */
#define CUSIM_DEFAULT_MAX_INSTRUCTIONS 10000000000ull

typedef struct cusim_sim_options {
    uint64_t watchdog_cycles;   /* stop after this many cycles without an
                                   issue or a retirement; 0: 10,000,000 */
    uint64_t max_instructions;  /* refuse, before it starts, a run whose
                                   dispatches issue more warp-instructions
                                   than this (their subgroups x the
                                   instructions each executes); 0:
                                   CUSIM_DEFAULT_MAX_INSTRUCTIONS */
    FILE *trace;                /* one line per issued instruction, or NULL */
    FILE *trace_json;           /* Chrome trace-event JSON, or NULL */
    uint64_t trace_from;        /* its window of cycles [from, to) */
    uint64_t trace_to;          /* 0: to the end of the run */
    uint32_t trace_cus[CUSIM_TRACE_RANGES][2];  /* its CUs: ranges [first,
                                   last]; CUs the GPU lacks are left out */
    uint32_t n_trace_cus;       /* 0: CUs 0 to 3 */
    uint64_t trace_max_bytes;   /* its size cap; 0: 48,000,000 */
    FILE *timeline;             /* GPU-wide counters per window, CSV, or
                                   NULL */
    uint64_t timeline_max_rows; /* the timeline's rows at most; 0:
                                   CUSIM_TIMELINE_MAX_ROWS */
    uint64_t timeline_every;    /* the window of the timeline and of the
                                   trace's counters, cycles; 0: 100 */
    /* Called as workgroups retire (about every thousandth of the run's
     * workgroups, and at its last) with the workgroups retired so far and
     * the run's total, over all dispatches; NULL: none. Only the caller's
     * display: it changes nothing in the run. */
    void (*progress)(void *ctx, uint64_t done, uint64_t total);
    void *progress_ctx;
    FILE *watchdog_dump;        /* when the watchdog stops the run: its
                                   whole state, a line per CU and per
                                   subgroup, or NULL (cusim_simulate's
                                   `dump` gets a screenful either way) */
} cusim_sim_options;

/* The most dispatches a kernel has: its first and at most 8 more (the
 * kernel key `dispatches`). */
#define CUSIM_DISPATCH_MAX 9

/* One dispatch's own figures in a run (the dispatch[N].* fields): from its
 * start (the previous one's stores landed) to the next one's start, or
 * the run's end. */
typedef struct cusim_dispatch_result {
    uint64_t cycles;
    double theoretical;      /* its static occupancy */
    double achieved;         /* its time-averaged occupancy */
    double sol_compute, sol_busiest_unit, sol_memory, waves;
    const char *bound;
    /* The memory hierarchy's, over the dispatch's own span (none when
     * `hierarchy` is false): as cusim_result's of the same names. */
    bool hierarchy;
    uint64_t l1_bytes, l2_bytes, dram_bytes;
    double l1_hit_rate, l2_hit_rate;
    double sol_l1, sol_l2, sol_dram;
} cusim_dispatch_result;

/* What one simulated run measured (docs/model.md's fields). Counters are
 * raw; fractions are derived from them when the run ends. */
typedef struct cusim_result {
    uint64_t cycles;
    double time_us;
    uint64_t workgroups, subgroups, invocations;   /* all dispatches */
    uint64_t warp_instructions, lane_instructions;
    double simd_efficiency;          /* lane / (warp x simd_width) */
    uint64_t branches, divergent_branches;   /* ifs, per-lane repeats */
    double branch_efficiency;        /* 1 - divergent / branches; 1: none */
    /* The per-instruction counts the findings read (cusim_findings,
     * sim/output/findings.h), over every dispatch: */
    uint64_t global_requests;        /* warp-level global accesses */
    uint64_t global_units, global_ideal;   /* the sectors the global
                                        accesses asked for (the flat model:
                                        transactions), and the fewest
                                        their active lanes' bytes fill */
    uint32_t global_unit_bytes;      /* a sector's (a transaction's) bytes */
    cusim_insn_finding worst_global; /* the global instruction with the
                                        most sectors beyond its ideal */
    uint64_t shared_requests;        /* warp-level shared accesses */
    uint64_t shared_passes, shared_ideal;  /* the shared accesses' bank
                                        passes (wavefronts), and those
                                        conflict-free accesses of their
                                        widths take */
    cusim_insn_finding worst_shared; /* the shared access with the most
                                        passes beyond its ideal */
    cusim_insn_finding worst_branch; /* the if or per-lane repeat with the
                                        most tests that split its lanes */
    cusim_insn_finding worst_atomic; /* the global atomic with the most
                                        issues (measured: those issues) */
    uint64_t atomic_requests;        /* requests the L2's atomic units
                                        performed (a subgroup's lanes on
                                        one line); 0 without a cache */
    uint64_t atomic_ops;             /* their operations (lanes) */
    uint64_t atomic_wait;            /* cycles they waited for the
                                        atomics before them on their line */
    cusim_insn_finding worst_scalar; /* the salu issued most on the
                                        scalar unit (measured: those
                                        issues); none without one */
    cusim_occupancy occupancy;       /* static, first dispatch */
    double achieved_occupancy;       /* time-averaged resident subgroups /
                                        (CUs x cu.max_subgroups) */
    uint32_t peak_workgroups_per_cu; /* most resident on any CU at once */
    double ipc;                      /* warp instructions per cycle per CU */
    double issue_utilization;        /* of all issue slots */
    double stalls[CUSIM_STALL_COUNT];
    double warp_states[CUSIM_WS_COUNT];  /* of live subgroup-cycles */
    double cycles_per_issue;         /* live subgroup-cycles / warp
                                        instructions */
    uint64_t memory_transactions, memory_bytes;
    double bandwidth_utilization;    /* bytes / (cycles x memory.bandwidth);
                                        with a hierarchy DRAM's share,
                                        sol_dram */
    double avg_latency;              /* per transaction, with queueing */
    double avg_inflight;             /* transactions, GPU-wide average */
    double sol_compute;              /* issue slots used / all of them */
    double sol_busiest_unit;         /* the busiest execution unit's busy
                                        share of its cycles */
    double sol_memory;               /* bytes / (cycles x memory.bandwidth);
                                        with a hierarchy the highest of
                                        sol_l1, sol_l2, sol_dram */
    double waves;                    /* workgroups / what the GPU holds at
                                        once, summed over dispatches */
    double arithmetic_intensity;     /* arithmetic lane instructions per
                                        byte of global traffic; 0 if none */
    double roofline_performance;     /* arithmetic lane instructions per
                                        cycle, GPU-wide */
    double roofline_ridge;           /* the intensity at which the compute
                                        roof meets the bandwidth roof
                                        (memory.bandwidth's, with a
                                        hierarchy dram.bytes_per_cycle's) */
    const char *bound;   /* compute, bandwidth, latency, balanced, small_grid */
    const char *bound_unit;          /* the unit with the highest speed of
                                        light (sol_unit's first by
                                        cusim_sol_ranking): alu, sfu,
                                        shared, mem, l1, l2 or dram */
    double sol_unit[CUSIM_SOL_UNIT_COUNT];  /* each unit's share of its
                                        peak over the run: a pipe's busy
                                        cycles / (cycles x partitions);
                                        sol_l1, sol_l2, sol_dram (the flat
                                        model: sol_memory as dram, l1 and
                                        l2 -1: absent) */
    const char *busiest_unit_name;   /* the pipe whose share is
                                        sol_busiest_unit: alu, sfu, shared
                                        or mem (on a tie, in that order) */
    double achieved_active;          /* Nsight's achieved occupancy: over
                                        the cycles each CU had resident
                                        work */
    /* The memory hierarchy's (docs/model.md "Memory hierarchy"): when `hierarchy` is false
     * (the profile has no cache) they do not apply and are reported as
     * none. */
    bool hierarchy;
    uint64_t l1_requests;            /* warp-level accesses looked up */
    uint64_t l1_bytes;               /* sectors requested x sector */
    double l1_hit_rate;              /* sectors present or on their way /
                                        requested */
    uint64_t l1_pending_hits;        /* of them, on their way */
    double l1_sectors_per_request;
    uint64_t l1_reservation_fails;   /* lines whose access waited for
                                        their MSHR's fill */
    uint64_t l2_bytes;               /* sectors requested at the L2 x sector */
    double l2_hit_rate;
    uint64_t l2_pending_hits;
    uint64_t l2_reservation_fails;   /* arrivals that began to wait at
                                        their slice for an MSHR */
    uint64_t dram_bytes;             /* read and written */
    double dram_row_hit_rate;
    double sol_l1, sol_l2, sol_dram; /* dram's is its bandwidth use */
    double dram_intensity;           /* arithmetic lane instructions per
                                        DRAM byte (the DRAM roofline's x);
                                        0 if none */
    uint32_t dispatches;
    cusim_dispatch_result dispatch[CUSIM_DISPATCH_MAX];  /* each dispatch's
                                        own figures, [0, dispatches) */
    uint64_t retired_instructions;   /* issued by subgroups whose workgroup
                                        retired: equals warp_instructions */
    double host_seconds;
    double warp_instructions_per_second;
    uint64_t timeline_cut_at;        /* the cycle from which the timeline's
                                        rows were left out (its row cap), or
                                        0: it is whole */
    int dead_if_line, dead_if_column;   /* an if whose condition is false
                                        for every lane at the first
                                        dispatch's launch shape (its first
                                        side never runs), in the kernel's
                                        file; 0: none */
    int wrap_line, wrap_column;         /* an at=shared[EXPR] some lane of
                                        the first dispatch's workgroup 0
                                        indexes outside shared_bytes with
                                        (it wraps), in the kernel's file;
                                        0: none */
    int64_t wrap_index;                 /* that index, before the wrap */
    uint64_t wrap_elements;             /* elements shared_bytes holds */
} cusim_result;

/* Ranks the units r names (sol_unit; absent levels left out) into
 * `order`: the highest share first, a tie in the fixed order alu, sfu,
 * shared, l1, l2, dram, mem (units.c says why mem is last).
 * Returns how many it wrote (5 without a hierarchy, 7 with). */
int cusim_sol_ranking(const cusim_result *r,
                      cusim_sol_unit order[CUSIM_SOL_UNIT_COUNT]);

/* The most subgroups one scheduler (partition) holds: cu.max_subgroups /
 * cu.schedulers (16 on every shipped GPU). Its ready set is an array in
 * age order, so an issue costs more as it fills; the bound keeps a run's
 * time linear in its work. */
#define CUSIM_MAX_SUBGROUPS_PER_PARTITION 1024

/* The timeline's rows at most, by default: about 100 MB of CSV. A run
 * longer than that many windows leaves the rest out (and says from which
 * cycle: cusim_result.timeline_cut_at); a larger window gives fewer rows. */
#define CUSIM_TIMELINE_MAX_ROWS 1000000ull

/* The most memory one simulation's state may take: what the modelled
 * hardware needs (its CUs' subgroup and workgroup slots, registers,
 * partitions and memory queues), never the work, which streams through
 * them. A profile that needs more is refused, naming compute_units. */
#define CUSIM_STATE_MAX_BYTES (1ull << 30)

/* Checks, without simulating, everything cusim_simulate checks before it
 * starts: the kernel's dispatches resolve on hw (occupancy, programs, the
 * element counts of later dispatches), no global access needs more
 * transactions than memory.max_inflight, the run is within
 * opt->max_instructions (opt may be NULL) and hw within
 * CUSIM_STATE_MAX_BYTES. Returns 0, or -1 with `err` set. */
int cusim_validate(const cusim_hw *hw, const cusim_kernel *k,
                   const cusim_sim_options *opt, cusim_error *err);

/* Simulates `k` on `hw` cycle by cycle. Returns 0 with `out` filled; -1
 * with `err` set on bad input (as cusim_occupancy_compute, a profile past
 * CUSIM_STATE_MAX_BYTES, or a run past opt->max_instructions); 1 with `err`
 * set when the simulation fails (the watchdog fired: the message and, when
 * `dump` is non-NULL, a screenful of the run's state written there, at most
 * 24 lines: the counts of CUs and subgroups by state and the first
 * subgroups; opt->watchdog_dump gets the whole state). */
int cusim_simulate(const cusim_hw *hw, const cusim_kernel *k,
                   const cusim_sim_options *opt, cusim_result *out,
                   FILE *dump, cusim_error *err);

/* ----------------------------------------------------------------- reports */

/* A result as an ordered list of (dotted key, value) fields, the form every
 * printer (text, JSON, CSV) works from. Keys sharing a dotted prefix must be
 * contiguous ("occupancy.a", "occupancy.b", then "issue.x"). Key strings
 * must outlive the report (they are usually literals). */
typedef enum cusim_value_type {
    CUSIM_VALUE_INT,
    CUSIM_VALUE_REAL,
    CUSIM_VALUE_STRING,
    CUSIM_VALUE_NONE       /* no value: "null" in JSON, empty in CSV */
} cusim_value_type;

#define CUSIM_REPORT_MAX 192

typedef struct cusim_field {
    const char *key;
    cusim_value_type type;
    int64_t i;
    double r;
    char s[64];
} cusim_field;

typedef struct cusim_report {
    cusim_field fields[CUSIM_REPORT_MAX];
    int n;
} cusim_report;

typedef enum cusim_format {
    CUSIM_FORMAT_TEXT,
    CUSIM_FORMAT_JSON,
    CUSIM_FORMAT_CSV
} cusim_format;

void cusim_report_int(cusim_report *r, const char *key, int64_t v);
void cusim_report_real(cusim_report *r, const char *key, double v);
void cusim_report_string(cusim_report *r, const char *key, const char *v);
void cusim_report_none(cusim_report *r, const char *key);

/* Prints `r`: TEXT as aligned "key  value" lines; JSON as one object with
 * dotted keys nested ("occupancy": {"limits": {...}}) on one line; CSV as a
 * header row of dotted keys and one row of values. Reals print with up to
 * 10 significant digits, so output is byte-identical for identical input. */
void cusim_report_print(const cusim_report *r, cusim_format fmt, FILE *out);

/* JSON's object as cusim_report_print writes it, without its closing
 * "}\n": the caller appends members (`,"findings":[...]`) and closes it. */
void cusim_report_print_json_open(const cusim_report *r, FILE *out);

/* Parses "text", "json" or "csv"; returns -1 for anything else. */
int cusim_format_parse(const char *name, cusim_format *fmt);

/* Appends the occupancy fields of docs/model.md (occupancy.*) plus
 * simd_width and the per-workgroup allocation figures. */
void cusim_report_occupancy(cusim_report *r, const cusim_occupancy *o);

/* Appends every field of a simulated run, in sim/output/fields.def's order. */
void cusim_report_result(cusim_report *r, const cusim_result *res);

/* The key of the first field of `r` that `cusim fields` calls a fraction
 * and whose value is outside [0, 1] (or not a number), or NULL: every
 * fraction a run reports is within [0, 1] (the invariant tests and the
 * fuzz harnesses check it). */
const char *cusim_report_bad_fraction(const cusim_report *r);

/* ----------------------------------------------------------- field table */

/* Which outputs a field belongs to (cusim_field_desc.in, a bit set). */
enum {
    CUSIM_IN_SIM = 1,        /* `cusim sim`, cusim_report_result */
    CUSIM_IN_OCCUPANCY = 2,  /* `cusim occupancy`, cusim_report_occupancy */
    CUSIM_IN_CALLER = 4,     /* added by the caller before the report
                                function's fields (hw, kernel: the command
                                line adds them), not by it */
    CUSIM_IN_HOST = 8,       /* measures the simulator on its host, so it
                                varies between runs (sim.*; not a metric
                                column of `cusim run`'s CSV) */
    CUSIM_IN_DISPATCH = 16   /* one per dispatch (dispatch[N].*, N from 0),
                                only in runs of 2 or more dispatches; not a
                                metric column of `cusim run`'s CSV */
};

/* One output field, as the table in sim/output/fields.def describes it. */
typedef struct cusim_field_desc {
    const char *key;            /* dotted, e.g. "occupancy.limits.registers" */
    cusim_value_type type;      /* INT, REAL or STRING (never NONE) */
    bool may_be_none;           /* NONE when it does not apply (a limit) */
    const char *const *values;  /* a STRING field's possible values (NULL-
                                   terminated), or NULL when free text */
    unsigned in;                /* CUSIM_IN_* bits */
    const char *unit;           /* "cycles", "fraction", ...; "-" for text */
    const char *meaning;        /* one line */
    const char *source;         /* where the value comes from */
} cusim_field_desc;

/* The output fields, every one once, in an order in which each report's
 * fields appear in its own order (the caller's fields first); NULL when
 * i is past the last. The pointers are to constant tables. */
const cusim_field_desc *cusim_field_at(size_t i);

/* Prints the fields of the outputs in `in` (CUSIM_IN_SIM and/or
 * CUSIM_IN_OCCUPANCY), each in that output's order. TEXT: per output a
 * "# ..." title line and one aligned line per field: key, type, unit,
 * meaning (outputs separated by an empty line); JSON: one object
 * {"sim": [{"key": ..., "type": ..., "unit": ..., "meaning": ...,
 * "source": ...}, ...], "occupancy": [...]} on one line; CSV: a header row
 * "output,key,type,unit,meaning,source" and one row per field. */
void cusim_fields_print(FILE *out, unsigned in, cusim_format fmt);

#ifdef __cplusplus
}
#endif

#endif /* CUSIM_H */
