/*
 * cfg_keys.c — the descriptor tables of configuration keys.
 *
 * Everything cusim knows about a config key is one row of hw_keys[] or
 * kernel_keys[] below: dotted path, type, field, default, range and help.
 * The loader (cfg_load.c), the range checks, the defaults, `--set`, `cusim
 * keys` (here) and the echo of a resolved config (cfg_echo.c) are all
 * driven by those rows.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "cfg_int.h"

/* ----------------------------------------------------------- key table */

/* The names of the enum-valued keys, from their tables in cusim.h. */
#define NAME_(id, name, meaning) name,
static const char *const policy_names[] = { CUSIM_POLICIES(NAME_) };
static const char *const rules_names[] = { CUSIM_RULES(NAME_) };
static const char *const store_names[] = { CUSIM_STORE_POLICIES(NAME_) };
static const char *const dram_sched_names[] = { CUSIM_DRAM_SCHEDULERS(NAME_) };
static const char *const shuffle_names[] = { CUSIM_SHUFFLE_UNITS(NAME_) };
static const char *const origin_names[] = { CUSIM_REGISTERS_ORIGINS(NAME_) };
static const char *const serves_names[] = { CUSIM_SCALAR_SERVES(NAME_) };
static const char *const hash_names[] = { CUSIM_ADDR_HASHES(NAME_) };
static const char *const wide_names[] = { CUSIM_SHARED_WIDE_RULES(NAME_) };
static const char *const scalar_issue_names[] = { CUSIM_SCALAR_ISSUES(NAME_) };
#undef NAME_
const cfg_enum cfg_enums[] = {
    [CFG_ENUM_POLICY] = { policy_names, CUSIM_POLICY_COUNT },
    [CFG_ENUM_RULES] = { rules_names, CUSIM_RULES_COUNT },
    [CFG_ENUM_STORES] = { store_names, CUSIM_STORES_COUNT },
    [CFG_ENUM_DRAM_SCHED] = { dram_sched_names, CUSIM_DRAM_SCHED_COUNT },
    [CFG_ENUM_SHUFFLE] = { shuffle_names, CUSIM_SHUFFLE_COUNT },
    [CFG_ENUM_REGORIGIN] = { origin_names, CUSIM_REGORIGIN_COUNT },
    [CFG_ENUM_SERVES] = { serves_names, CUSIM_SERVES_COUNT },
    [CFG_ENUM_HASH] = { hash_names, CUSIM_HASH_COUNT },
    [CFG_ENUM_SHARED_WIDE] = { wide_names, CUSIM_WIDE_COUNT },
    [CFG_ENUM_SCALAR_ISSUE] = { scalar_issue_names, CUSIM_SCALAR_ISSUE_COUNT },
};
_Static_assert(sizeof(cusim_policy) == sizeof(int)
               && sizeof(cusim_rules) == sizeof(int)
               && sizeof(cusim_store_policy) == sizeof(int)
               && sizeof(cusim_dram_sched) == sizeof(int)
               && sizeof(cusim_registers_origin) == sizeof(int)
               && sizeof(cusim_shuffle_unit) == sizeof(int)
               && sizeof(cusim_scalar_serves) == sizeof(int)
               && sizeof(cusim_addr_hash) == sizeof(int)
               && sizeof(cusim_scalar_issue) == sizeof(int),
               "T_ENUM fields are int-sized");

#define HW(f) offsetof(cusim_hw, f)
#define KN(f) offsetof(cusim_kernel, f)

/* Rows that share a prefix ("cu.", "cu.lanes.") must be contiguous: the
 * echo writes each nested mapping once. When adding a key: add its field
 * to cusim.h and its row here; nothing else spells its default. */
static const cfg_key hw_keys[] = {
    { "name", T_NAME, HW(name), 0, "", 1, sizeof ((cusim_hw *)0)->name - 1,
      "shown in outputs" },
    { "simd_width", T_WIDTHS, HW(simd_widths), HW(n_simd_widths), NULL,
      1, 1024, "lanes per subgroup; a list lets the compiler model choose" },
    { "compute_units", T_UINT, HW(compute_units), 0, NULL, 1, 1000000,
      "compute units on the GPU" },
    { "clock_mhz", T_UINT, HW(clock_mhz), 0, "1500", 1, 100000,
      "core clock in MHz (turns cycles into time)" },
    { "cu.rules", T_ENUM, HW(cu.rules), CFG_ENUM_RULES, "nvidia", 0, 0,
      "whose occupancy rules apply: NVIDIA's (cuda_occupancy.h), AMD's "
      "(LLVM AMDGPU), Intel's, Adreno's (Mesa ir3) or Apple's" },
    { "cu.max_invocations", T_UINT, HW(cu.max_invocations), 0, NULL,
      1, 1048576, "resident invocations per CU" },
    { "cu.max_subgroups", T_UINT, HW(cu.max_subgroups), 0, NULL, 1, 65536,
      "resident subgroups per CU" },
    { "cu.max_workgroups", T_UINT, HW(cu.max_workgroups), 0, NULL,
      1, 65536, "resident workgroups per CU" },
    { "cu.max_barrier_workgroups", T_UINT, HW(cu.max_barrier_workgroups), 0,
      "0", 0, 65536, "resident workgroups of several subgroups per CU, "
      "which need a hardware barrier (0: no separate limit)" },
    { "cu.max_workgroup_size", T_UINT, HW(cu.max_workgroup_size), 0, "1024",
      1, 1048576, "largest workgroup a kernel may launch" },
    { "cu.registers", T_UINT, HW(cu.registers), 0, NULL, 1, 67108864,
      "32-bit registers per CU" },
    { "cu.register_granularity", T_UINT, HW(cu.register_granularity), 0,
      "256", 1, 1048576, "per-subgroup allocation unit, in registers" },
    { "cu.max_registers_per_invocation", T_UINT,
      HW(cu.max_registers_per_invocation), 0, "255", 1, 65536,
      "most registers one invocation may use" },
    { "cu.shared_memory", T_UINT, HW(cu.shared_memory), 0, NULL,
      0, 1073741824, "shared memory bytes per CU" },
    { "cu.shared_granularity", T_UINT, HW(cu.shared_granularity), 0, "256",
      1, 1048576, "shared memory allocation unit, in bytes" },
    { "cu.shared_reserved", T_UINT, HW(cu.shared_reserved), 0, "0",
      0, 1048576, "bytes reserved per workgroup (1 KiB from sm_80)" },
    { "cu.max_shared_per_workgroup", T_UINT,
      HW(cu.max_shared_per_workgroup), 0, "0", 0, 1073741824,
      "most shared bytes one workgroup may use (0: cu.shared_memory)" },
    { "cu.schedulers", T_UINT, HW(cu.schedulers), 0, "4", 1, 64,
      "partitions; registers and subgroup slots divide evenly among them" },
    { "cu.issue_per_cycle", T_UINT, HW(cu.issue_per_cycle), 0, "1", 1, 16,
      "instructions each scheduler may issue per cycle" },
    { "cu.policy", T_ENUM, HW(cu.policy), CFG_ENUM_POLICY, "gto", 0, 0,
      "scheduling: greedy-then-oldest, loose round robin, oldest first" },
    { "cu.lanes.alu", T_UINT, HW(cu.lanes[CUSIM_UNIT_ALU]), 0, "32",
      1, 1024, "ALU lanes (an instruction takes simd_width/lanes cycles)" },
    { "cu.lanes.sfu", T_UINT, HW(cu.lanes[CUSIM_UNIT_SFU]), 0, "8",
      1, 1024, "special-function unit lanes" },
    { "cu.lanes.mem", T_UINT, HW(cu.lanes[CUSIM_UNIT_MEM]), 0, "32",
      1, 1024, "global memory unit lanes" },
    { "cu.lanes.shared", T_UINT, HW(cu.lanes[CUSIM_UNIT_SHARED]), 0, "32",
      1, 1024, "shared memory unit lanes" },
    /* shared-memory banks (sim/model/banks.h): kept after cu.lanes.* so the cu.
     * rows stay contiguous */
    { "cu.shared_banks", T_UINT, HW(cu.shared_banks), 0, "0", 0, 64,
      "shared memory banks: an ld.shared/st.shared takes one pass per "
      "word its busiest bank serves (0: no bank model, every access one "
      "pass)" },
    { "cu.shared_bank_bytes", T_UINT, HW(cu.shared_bank_bytes), 0, "4",
      1, 64, "bytes per shared memory bank word (successive words, "
      "successive banks)" },
    { "cu.shared_wide_loads", T_ENUM, HW(cu.shared_wide), CFG_ENUM_SHARED_WIDE,
      "phases", 0, 0, "how an ld.shared wider than a bank word is split: "
      "phases (of banks x bank bytes / access bytes lanes, each as many "
      "passes as its busiest bank's words) or paired (as phases, but lanes "
      "whose addresses pair up, lane n with n^1 or every one with n^2, "
      "share their data: a phase holds twice the lanes; NVIDIA)" },
    { "cu.shuffle_unit", T_ENUM, HW(cu.shuffle_unit), CFG_ENUM_SHUFFLE,
      "alu", 0, 0, "the unit shuffle and broadcast issue to: alu (at "
      "cu.lanes.alu, latency.alu) or shared (cu.lanes.shared, "
      "latency.shared)" },
    { "cu.scalar_cycles", T_UINT, HW(cu.scalar_cycles), 0, "0", 0, 64,
      "cycles a scheduler's scalar unit is busy per salu instruction "
      "(its result after latency.alu); 0: no scalar unit, salu runs on "
      "the ALU as alu" },
    { "cu.scalar_issue", T_ENUM, HW(cu.scalar_issue), CFG_ENUM_SCALAR_ISSUE,
      "slot", 0, 0, "how a salu instruction issues: slot (it takes one of "
      "the scheduler's cu.issue_per_cycle issues: NVIDIA's uniform "
      "datapath) or beside (in the same cycle as the scheduler's other "
      "issues, from another subgroup: AMD's SALU)" },
    { "cu.turnover_cycles", T_UINT, HW(cu.turnover_cycles), 0, "0", 0,
      1000000, "cycles from a workgroup's retirement until the CU starts "
      "another in its place (its slot, registers and shared memory held "
      "meanwhile: the block's teardown and the next one's launch); 0: at "
      "once" },
    { "latency.alu", T_UINT, HW(latency[CUSIM_LAT_ALU]), 0, "4",
      1, 1000000, "cycles from issue to result: alu, fma" },
    { "latency.sfu", T_UINT, HW(latency[CUSIM_LAT_SFU]), 0, "20",
      1, 1000000, "cycles from issue to result: sfu" },
    { "latency.shared", T_UINT, HW(latency[CUSIM_LAT_SHARED]), 0, "30",
      1, 1000000, "cycles from issue to result: ld.shared, st.shared" },
    { "latency.global", T_UINT, HW(latency[CUSIM_LAT_GLOBAL]), 0, "400",
      1, 1000000, "cycles from issue to result: ld.global, before queueing" },
    { "latency.barrier", T_UINT, HW(latency[CUSIM_LAT_BARRIER]), 0, "1",
      1, 1000000, "cycles from the last arrival to release: barrier" },
    { "memory.bandwidth", T_UINT, HW(memory.bandwidth), 0, "64", 1, 1048576,
      "bytes per cycle, whole GPU" },
    { "memory.transaction", T_UINT, HW(memory.transaction), 0, "32",
      1, 4096, "bytes per memory transaction" },
    { "memory.max_inflight", T_UINT, HW(memory.max_inflight), 0, "256",
      1, 1048576, "transactions in flight per CU" },
    /* The memory hierarchy (docs/model.md, "Memory hierarchy"): on exactly
     * when cache.l2.bytes > 0; every other cache.* and dram.* key needs it
     * (cfg_check_hw), and the echo leaves them all out while it is off
     * (hw_echo_omits), so a profile without `cache:` echoes as before.
     * Latencies are end to end from issue; 0 means unset, required once
     * the hierarchy is on (cfg_check_hw names the key). */
    { "cache.l1.bytes", T_UINT, HW(cache.l1.bytes), 0, "0", 0, 1073741824,
      "L1 data cache bytes per CU (0: no L1, or see cache.l1.unified); a "
      "multiple of cache.l1.ways x cache.l1.line" },
    { "cache.l1.unified", T_UINT, HW(cache.l1.unified), 0, "0",
      0, 1073741824, "L1 and shared memory as one pool of this many bytes "
      "per CU: the L1 gets what the resident shared memory leaves (0: not "
      "unified; else at least cu.shared_memory, and cache.l1.bytes 0)" },
    { "cache.l1.line", T_UINT, HW(cache.l1.line), 0, "128", 1, 65536,
      "L1 line bytes (a power of two)" },
    { "cache.l1.sector", T_UINT, HW(cache.l1.sector), 0, "32", 1, 65536,
      "L1 sector bytes, the unit a miss fetches (a power of two dividing "
      "the line, at most 32 sectors per line)" },
    { "cache.l1.ways", T_UINT, HW(cache.l1.ways), 0, "4", 0, 65536,
      "L1 associativity (0: fully associative)" },
    { "cache.l1.latency", T_UINT, HW(cache.l1.latency), 0, "0", 0, 1000000,
      "L1 hit, cycles from issue to data; 0: unset, required when the CU "
      "has an L1 and cache.l2.bytes > 0" },
    { "cache.l1.lines_per_cycle", T_UINT, HW(cache.l1.lines_per_cycle), 0,
      "1", 1, 1024, "L1 tag lookups (lines) per cycle per CU" },
    { "cache.l1.mshrs", T_UINT, HW(cache.l1.mshrs), 0, "256", 1, 1048576,
      "distinct L1 lines missing at once per CU (same-line misses merge; "
      "full: the issuing subgroup waits)" },
    { "cache.l1.mshr_merge", T_UINT, HW(cache.l1.mshr_merge), 0, "8", 1,
      65536, "requests one L1 MSHR holds at most, the first included "
      "(full: the access that would merge next waits, and the CU's later "
      "accesses behind it, until the line is filled)" },
    { "cache.l1.stores", T_ENUM, HW(cache.l1.stores), CFG_ENUM_STORES,
      "write_through", 0, 0, "L1 store policy: write through without "
      "allocating, or write back allocating" },
    { "cache.l2.bytes", T_UINT, HW(cache.l2.bytes), 0, "0", 0, 2147483648u,
      "L2 bytes, whole GPU; 0: no memory hierarchy (the flat memory.* "
      "model); else a multiple of slices x ways x line" },
    { "cache.l2.line", T_UINT, HW(cache.l2.line), 0, "128", 1, 65536,
      "L2 line bytes (a power of two)" },
    { "cache.l2.sector", T_UINT, HW(cache.l2.sector), 0, "32", 1, 65536,
      "L2 sector bytes (a power of two dividing the line, at most 32 "
      "sectors per line)" },
    { "cache.l2.ways", T_UINT, HW(cache.l2.ways), 0, "16", 0, 65536,
      "L2 associativity per slice (0: fully associative)" },
    { "cache.l2.slices", T_UINT, HW(cache.l2.slices), 0, "1", 1, 4096,
      "L2 slices, chosen by address; each holds bytes / slices and serves "
      "its share of cache.l2.bytes_per_cycle" },
    { "cache.l2.interleave", T_UINT, HW(cache.l2.interleave), 0, "256",
      1, 1073741824, "bytes of consecutive addresses per slice (a power of "
      "two, at least cache.l2.line)" },
    { "cache.l2.latency", T_UINT, HW(cache.l2.latency), 0, "0", 0, 1000000,
      "L2 hit, cycles from issue to data, the L1 miss path included; 0: "
      "unset, required when cache.l2.bytes > 0" },
    { "cache.l2.bytes_per_cycle", T_UINT, HW(cache.l2.bytes_per_cycle), 0,
      "0", 0, 16777216, "L2 bandwidth, bytes per cycle, whole GPU; 0: "
      "unset, required when cache.l2.bytes > 0" },
    { "cache.l2.mshrs", T_UINT, HW(cache.l2.mshrs), 0, "192", 1, 65536,
      "MSHRs per L2 slice: distinct lines it fetches from DRAM at once, "
      "each held until its data is at the slice (none free: the arrival "
      "waits at the slice, and the slice's later arrivals behind it)" },
    { "cache.l2.mshr_merge", T_UINT, HW(cache.l2.mshr_merge), 0, "4", 1,
      65536, "requests one L2 MSHR holds at most, the first included "
      "(full: the next request to its line waits at the slice until the "
      "line is filled)" },
    { "cache.l2.atomic_cycles", T_UINT, HW(cache.l2.atomic_cycles), 0, "1",
      1, 1000000, "cycles an L2 slice's atomic unit takes per operation on "
      "one address (atomics are performed at the L2: lanes on one address "
      "take turns, a line's distinct addresses go together; requests on "
      "one line are performed in order, one after another)" },
    { "cache.l2.atomic_rate", T_UINT, HW(cache.l2.atomic_rate), 0, "1",
      1, 65536, "atomic operations (lanes) an L2 slice's atomic unit "
      "performs per cycle, over all its lines (different lines proceed "
      "in parallel up to it)" },
    { "cache.l2.hash", T_ENUM, HW(cache.l2.hash), CFG_ENUM_HASH, "linear",
      0, 0, "how an address picks its L2 slice among the cache.l2.slices / "
      "dram.channels slices of its DRAM channel (a channel owns its "
      "slices): linear, xor (a power-of-two slices per channel) or ipoly; "
      "no choice when slices <= channels" },
    { "cache.scalar.bytes", T_UINT, HW(cache.scalar.bytes), 0, "0", 0,
      1073741824, "scalar data cache bytes per CU, for uniform loads (an "
      "address with no per-lane name); 0: none, uniform loads go through "
      "the L1; else a multiple of cache.scalar.ways x cache.l1.line" },
    { "cache.scalar.ways", T_UINT, HW(cache.scalar.ways), 0, "4", 0, 65536,
      "scalar data cache associativity (0: fully associative)" },
    { "cache.scalar.latency", T_UINT, HW(cache.scalar.latency), 0, "0", 0,
      1000000, "scalar data cache hit, cycles from issue to data; 0: "
      "unset, required when cache.scalar.bytes > 0" },
    { "cache.scalar.serves", T_ENUM, HW(cache.scalar.serves),
      CFG_ENUM_SERVES, "uniform", 0, 0, "which uniform loads the scalar "
      "cache serves: every one (AMD's scalar data cache), or only those "
      "from buffer params, the kernel's parameters (NVIDIA's constant "
      "cache)" },
    { "dram.latency", T_UINT, HW(dram.latency), 0, "0", 0, 1000000,
      "an L2 miss, cycles from issue to data, unloaded; 0: unset, required "
      "when cache.l2.bytes > 0; latency.global is the flat model's" },
    { "dram.bytes_per_cycle", T_UINT, HW(dram.bytes_per_cycle), 0, "0",
      0, 16777216, "DRAM peak bandwidth, bytes per cycle, whole GPU; 0: "
      "unset, required when cache.l2.bytes > 0; memory.bandwidth is the "
      "flat model's" },
    { "dram.channels", T_UINT, HW(dram.channels), 0, "1", 1, 4096,
      "DRAM channels, each serving its share of dram.bytes_per_cycle" },
    { "dram.banks", T_UINT, HW(dram.banks), 0, "16", 1, 1024,
      "banks per channel, each with one open row" },
    { "dram.row", T_UINT, HW(dram.row), 0, "2048", 1, 16777216,
      "bytes per row of a bank (a power of two)" },
    { "dram.row_miss_cycles", T_UINT, HW(dram.row_miss_cycles), 0, "0",
      0, 1000000, "extra cycles a request pays to open another row (0: "
      "rows cost nothing)" },
    { "dram.scheduler", T_ENUM, HW(dram.scheduler), CFG_ENUM_DRAM_SCHED,
      "fr_fcfs", 0, 0, "DRAM request order per channel: open-row hits "
      "first then the oldest, or oldest first" },
    { "dram.window", T_UINT, HW(dram.window), 0, "16", 1, 65536,
      "requests per channel the scheduler looks at" },
    { "dram.hash", T_ENUM, HW(dram.hash), CFG_ENUM_HASH, "linear",
      0, 0, "how an address picks its DRAM channel, by blocks of "
      "cache.l2.interleave bytes: linear (block modulo channels), xor (a "
      "power-of-two channels) or ipoly; with xor or ipoly on either key "
      "one of cache.l2.slices and dram.channels divides the other" },
    { "dram.read_to_write_cycles", T_UINT, HW(dram.read_to_write_cycles),
      0, "0", 0, 10000, "cycles a channel's data bus idles between a read "
      "and a write after it (tRTW); while this or write_to_read_cycles is "
      "above 0 the scheduler serves row hits in the bus's direction first" },
    { "dram.write_to_read_cycles", T_UINT, HW(dram.write_to_read_cycles),
      0, "0", 0, 10000, "cycles a channel's data bus idles between a write "
      "and a read after it (tWTR)" },
    { "launch_cycles", T_UINT, HW(launch_cycles), 0, "0", 0, 100000000,
      "cycles from a dispatch's launch to its first workgroup (0: none)" },
};

static const cfg_key kernel_keys[] = {
    { "name", T_NAME, KN(name), 0, "", 1,
      sizeof ((cusim_kernel *)0)->name - 1, "shown in outputs" },
    { "workgroup_size", T_SHAPE, KN(workgroup), KN(workgroup_dims), NULL,
      1, 1048576, "invocations per workgroup: x, [x, y] or [x, y, z]" },
    { "registers", T_REGS, KN(registers), KN(registers_auto), "auto",
      1, 65536, "registers per invocation, or auto (from live values)" },
    { "registers_source", T_ENUM, KN(registers_origin), CFG_ENUM_REGORIGIN,
      "given", 0, 0, "where a given registers count comes from: given (by "
      "hand) or imported (a compiler's count, written by cusim import); "
      "reported as registers_source (auto with registers: auto)" },
    { "shared_bytes", T_SIZE, KN(shared_bytes), KN(shared_bytes_expr),
      "0", 0, 1073741824, "shared memory bytes per workgroup: a number, or "
      "an expression of the launch shape as a repeat count's "
      "(workgroup_size * 4), evaluated for each shape it runs at" },
    { "elements", T_COUNT, KN(elements), KN(elements_expr), NULL,
      1, (uint64_t)1 << 48, "work items in the dispatch" },
    { "elements_per_invocation", T_UINT, KN(elements_per_invocation), 0,
      "1", 1, 4096, "elements each invocation processes" },
    { "subgroup_size", T_UINT, KN(subgroup_size), 0, "0", 0, 1024,
      "subgroup width to use (0: the hardware model chooses)" },
    { "program", T_TEXT, KN(program), KN(program_line), NULL, 0, 0,
      "the synthetic ISA program text" },
    { "buffers", T_BUFFERS, KN(buffers), KN(n_buffers), "{}", 0,
      CUSIM_MAX_BUFFERS, "global memory buffers the program's at= names: "
      "name: bytes (N, N KiB|MiB|GiB, or an expression of the launch "
      "shape); laid out from address 0 in this order, each aligned to "
      "4 KiB (--set replaces the whole mapping)" },
    { "grid_x", T_UINT, KN(grid_x), 0, "0", 0, 4294967295u,
      "workgroups per row of the dispatch's grid, for wg_x and wg_y in "
      "at= (0: all in one row)" },
    /* must stay the last row: cfg_dispatch_table is the rows before it */
    { "dispatches", T_DISPATCHES, KN(next), 0, "[]", 0, 8,
      "further dispatches, run in order after the first (in the file "
      "only, not by --set; their keys follow)" },
};

_Static_assert(sizeof hw_keys / sizeof hw_keys[0] <= CUSIM_MAX_KEYS,
               "cusim_hw.marks is too small for hw_keys");
_Static_assert(sizeof kernel_keys / sizeof kernel_keys[0] <= CUSIM_MAX_KEYS,
               "cusim_kernel.marks is too small for kernel_keys");
_Static_assert(offsetof(cusim_kernel, program_column)
               == offsetof(cusim_kernel, program_line) + sizeof(int),
               "T_TEXT expects the column right after the line");
_Static_assert(offsetof(cusim_kernel, program_map)
               == offsetof(cusim_kernel, program_line) + 2 * sizeof(int),
               "T_TEXT expects the byte map right after the column");

#define N_KERNEL_KEYS ((int)(sizeof kernel_keys / sizeof kernel_keys[0]))

/* The keys the echo leaves out while they are 0 (their default: none),
 * each added after profiles that lack it were written. */
static const char *const omit_while_zero[] = {
    "launch_cycles", "cu.turnover_cycles", "dram.read_to_write_cycles",
    "dram.write_to_read_cycles",
};

/* Whether the echo leaves out row `i` of hw_keys for `obj`: the cache.*
 * and dram.* keys while the hierarchy is off (cache.l2.bytes 0: the
 * loader allows them only at their defaults then, or left behind by an
 * override that turned the hierarchy off, and nothing reads them), and
 * omit_while_zero's keys while 0. A profile without those keys echoes
 * byte for byte as before they existed, and what is left out loads back
 * to the same behaviour. The cache.scalar.* keys are left out too while
 * the profile has no scalar cache (cache.scalar.bytes 0), so the
 * profiles without one echo as before those keys existed, and
 * cache.scalar.serves while uniform (its default); cache.l2.hash and
 * dram.hash while linear (theirs). */
static bool hw_echo_omits(const void *obj, int i)
{
    const cusim_hw *hw = obj;
    const char *path = hw_keys[i].path;
    for (size_t z = 0; z < sizeof omit_while_zero / sizeof *omit_while_zero;
         z++)
        if (strcmp(path, omit_while_zero[z]) == 0) {
            assert(hw_keys[i].type == T_UINT);
            uint32_t v;
            memcpy(&v, (const char *)obj + hw_keys[i].offset, sizeof v);
            if (v == 0)
                return true;
        }
    if (strcmp(path, "cache.scalar.serves") == 0
        && hw->cache.scalar.serves == CUSIM_SERVES_UNIFORM)
        return true;
    if ((strcmp(path, "cache.l2.hash") == 0
         && hw->cache.l2.hash == CUSIM_HASH_LINEAR)
        || (strcmp(path, "dram.hash") == 0
            && hw->dram.hash == CUSIM_HASH_LINEAR))
        return true;
    if (strncmp(path, "cache.scalar.", 13) == 0)
        return hw->cache.l2.bytes == 0 || hw->cache.scalar.bytes == 0;
    if (strncmp(path, "cache.", 6) == 0 || strncmp(path, "dram.", 5) == 0)
        return hw->cache.l2.bytes == 0;
    return false;
}

const cfg_table cfg_hw_table = {
    hw_keys, (int)(sizeof hw_keys / sizeof hw_keys[0]), "hw.", "kernel.",
    "a hardware profile mapping", sizeof(cusim_hw), HW(file), HW(marks),
    cfg_check_hw, hw_echo_omits,
};

/* Whether the echo leaves out row `i` of kernel_keys for `obj`:
 * registers_source while it is given (the default), so a kernel without
 * the key echoes byte for byte as before it existed. */
static bool kernel_echo_omits(const void *obj, int i)
{
    const cusim_kernel *k = obj;
    return strcmp(kernel_keys[i].path, "registers_source") == 0
        && k->registers_origin == CUSIM_REGORIGIN_GIVEN;
}

const cfg_table cfg_kernel_table = {
    kernel_keys, N_KERNEL_KEYS, "kernel.", "hw.", "a kernel mapping",
    sizeof(cusim_kernel), KN(file), KN(marks), NULL, kernel_echo_omits,
};

/* The keys of one entry of `dispatches`: every kernel key but that list. */
const cfg_table cfg_dispatch_table = {
    kernel_keys, N_KERNEL_KEYS - 1, "kernel.", "hw.", "a dispatch mapping",
    sizeof(cusim_kernel), KN(file), KN(marks), NULL, kernel_echo_omits,
};

int cfg_key_index(const cfg_table *t, const char *path)
{
    for (int i = 0; i < t->n; i++)
        if (strcmp(t->keys[i].path, path) == 0)
            return i;
    return -1;
}

/* Whether `path` names a nested mapping: a proper prefix of some key. */
bool cfg_is_parent(const cfg_table *t, const char *path)
{
    size_t len = strlen(path);
    for (int i = 0; i < t->n; i++)
        if (strncmp(t->keys[i].path, path, len) == 0
            && t->keys[i].path[len] == '.')
            return true;
    return false;
}

/* Writes "a, b, c": the distinct next components of the keys under
 * `parent` ("" for the top level), in table order. */
void cfg_list_children(const cfg_table *t, const char *parent, char *buf,
                       size_t size)
{
    size_t plen = strlen(parent), o = 0;
    buf[0] = '\0';
    for (int i = 0; i < t->n; i++) {
        const char *p = t->keys[i].path;
        if (plen && (strncmp(p, parent, plen) != 0 || p[plen] != '.'))
            continue;
        const char *c = plen ? p + plen + 1 : p;
        size_t clen = strcspn(c, ".");
        bool seen = false;
        for (int j = 0; j < i && !seen; j++) {
            const char *q = t->keys[j].path;
            if (plen && (strncmp(q, parent, plen) != 0 || q[plen] != '.'))
                continue;
            const char *d = plen ? q + plen + 1 : q;
            seen = strcspn(d, ".") == clen && strncmp(c, d, clen) == 0;
        }
        if (seen)
            continue;
        int w = snprintf(buf + o, size - o, "%s%.*s", o ? ", " : "",
                         (int)clen, c);
        if (w < 0 || (size_t)w >= size - o)
            return;
        o += (size_t)w;
    }
}

/* Length of the parent part of a path ("cu.lanes" of "cu.lanes.x"; 0 at
 * the top level). */
size_t cfg_parent_len(const char *path)
{
    const char *dot = strrchr(path, '.');
    return dot ? (size_t)(dot - path) : 0;
}

const char *cfg_enum_list(const cfg_key *k, const char *sep, char *buf,
                          size_t size)
{
    size_t o = 0;
    buf[0] = '\0';
    const cfg_enum *en = &cfg_enums[k->aux];
    for (int i = 0; i < en->n; i++) {
        int w = snprintf(buf + o, size - o, "%s%s", i ? sep : "",
                         en->names[i]);
        if (w < 0 || (size_t)w >= size - o)
            break;
        o += (size_t)w;
    }
    return buf;
}

/* Mark `m` of a struct whose file name is `file`, made whole. */
cusim_mark cfg_mark_in(const char *file, const cusim_mark *m)
{
    cusim_mark r = *m;
    if (!r.file)
        r.file = file;
    return r;
}

cusim_mark cfg_hw_mark(const cusim_hw *hw, const char *path)
{
    int i = cfg_key_index(&cfg_hw_table, path);
    return i < 0 ? (cusim_mark){ NULL, 0, 0 }
                 : cfg_mark_in(hw->file, &hw->marks[i]);
}

cusim_mark cfg_kernel_mark(const cusim_kernel *k, const char *path)
{
    int i = cfg_key_index(&cfg_kernel_table, path);
    return i < 0 ? (cusim_mark){ NULL, 0, 0 }
                 : cfg_mark_in(k->file, &k->marks[i]);
}

const char *cfg_key_help(const char *column)
{
    const cfg_table *t = strncmp(column, "hw.", 3) == 0 ? &cfg_hw_table
                         : strncmp(column, "kernel.", 7) == 0
                         ? &cfg_kernel_table : NULL;
    int i = t ? cfg_key_index(t, strchr(column, '.') + 1) : -1;
    return i < 0 ? NULL : t->keys[i].help;
}

const char *cfg_kernel_prefix(const cusim_kernel *k, const cusim_mark *at)
{
    return at->file && at->line > 0 && strcmp(at->file, k->file) != 0
           ? "kernel." : "";
}

/* ---------------------------------------------------------- printing */

static const char *type_name(const cfg_key *k, char *buf, size_t size)
{
    switch (k->type) {
    case T_NAME:
    case T_TEXT:
        return "text";
    case T_UINT:
    case T_UINT64:
    case T_COUNT:
        return "integer";
    case T_SIZE:
        return "integer|expression";
    case T_ENUM:
        return cfg_enum_list(k, "|", buf, size);
    case T_WIDTHS:
    case T_SHAPE:
        return "integer list";
    case T_REGS:
        return "integer|auto";
    case T_DISPATCHES:
        return "list";
    case T_BUFFERS:
        return "mapping";
    }
    return "?";
}

static const char *range_text(const cfg_key *k, char *buf, size_t size)
{
    unsigned long long lo = k->min, hi = k->max;
    switch (k->type) {
    case T_NAME:
        snprintf(buf, size, "%llu..%llu chars", lo, hi);
        break;
    case T_UINT:
    case T_UINT64:
    case T_REGS:
    case T_COUNT:
    case T_SIZE:
        snprintf(buf, size, "%llu..%llu", lo, hi);
        break;
    case T_DISPATCHES:
    case T_BUFFERS:
        snprintf(buf, size, "up to %llu", hi);
        break;
    case T_WIDTHS:
        snprintf(buf, size, "%llu..%llu, up to %d", lo, hi,
                 CUSIM_MAX_WIDTHS);
        break;
    case T_SHAPE:
        snprintf(buf, size, "%llu..%llu, up to 3", lo, hi);
        break;
    case T_ENUM:
    case T_TEXT:
        snprintf(buf, size, "-");
        break;
    }
    return buf;
}

static const char *default_text(const cfg_key *k)
{
    if (!k->def)
        return "required";
    if (k->type == T_NAME && !*k->def)
        return "file name";
    return k->def;
}

/* One line of `cusim keys`. */
typedef struct key_line {
    char path[CFG_MAX_PATH + 16];
    char type[64];
    const char *def;
    char range[64];
    const char *help;
} key_line;

/* Fills `line` for row `k`; `entry`: as a key of a dispatches entry,
 * whose keys default to the previous dispatch's values. */
static void key_line_of(const cfg_key *k, bool entry, key_line *line)
{
    char type[64];
    snprintf(line->path, sizeof line->path, "%s%s",
             entry ? "dispatches[]." : "", k->path);
    snprintf(line->type, sizeof line->type, "%s",
             type_name(k, type, sizeof type));
    range_text(k, line->range, sizeof line->range);
    line->def = default_text(k);
    line->help = k->help;
    if (!entry)
        return;
    if (k->type == T_COUNT) {
        snprintf(line->type, sizeof line->type, "integer|expression");
        line->help = "work items in the dispatch: a number, or an "
                     "expression of workgroups and elements (the previous "
                     "dispatch's counts)";
    } else if (k->type == T_NAME) {
        line->def = "<name>.N";
        line->help = "shown in outputs (by default the kernel's name and "
                     "the dispatch's position: reduction.2)";
    } else {
        line->def = "previous";
    }
}

void cfg_print_keys(FILE *out, cfg_kind kind)
{
    const cfg_table *t = kind == CFG_HW ? &cfg_hw_table : &cfg_kernel_table;
    key_line lines[2 * CUSIM_MAX_KEYS];
    int n = 0, wp = 0, wt = 0, wd = 0, wr = 0;

    for (int i = 0; i < t->n; i++) {
        key_line_of(&t->keys[i], false, &lines[n++]);
        if (t->keys[i].type != T_DISPATCHES)
            continue;
        for (int j = 0; j < cfg_dispatch_table.n; j++)
            key_line_of(&cfg_dispatch_table.keys[j], true, &lines[n++]);
    }
    for (int i = 0; i < n; i++) {
        int a = (int)strlen(lines[i].path), b = (int)strlen(lines[i].type);
        int c = (int)strlen(lines[i].def), d = (int)strlen(lines[i].range);
        wp = a > wp ? a : wp;
        wt = b > wt ? b : wt;
        wd = c > wd ? c : wd;
        wr = d > wr ? d : wr;
    }
    for (int i = 0; i < n; i++)
        fprintf(out, "%-*s  %-*s  %-*s  %-*s  %s\n", wp, lines[i].path, wt,
                lines[i].type, wd, lines[i].def, wr, lines[i].range,
                lines[i].help);
}
