/*
 * gpu.h — the timing simulator's state, shared by the run loop (sim.c),
 * the planner (plan.c), the dispatcher (dispatch.c), the schedulers
 * (scheduler.c) and the measurement (measure.c).
 *
 * Everything is allocated once when a run starts (pools sized by the
 * profile's caps); the per-cycle path only moves indices between lists.
 *
 * The modules talk one way: the dispatcher (dispatch.c) admits
 * workgroups through the admission rule (alloc.c) and hands their
 * subgroups to the schedulers (scheduler.c), which issue into the memory
 * system (memsys.c). The schedulers never call back: they tell the
 * dispatcher that a workgroup is done by scheduling its EV_RETIRE event,
 * and read `pending` to tell an idle partition from the tail.
 */
#ifndef CUSIM_GPU_H
#define CUSIM_GPU_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

#include "alloc.h"
#include "cusim.h"
#include "intmath.h"
#include "decode.h"
#include "evq.h"
#include "memsys.h"
#include "program.h"
#include "trace.h"


enum sg_state { SG_FREE, SG_RUN, SG_BARRIER, SG_DONE };

/* A register a late access (MEM_LATER, memsys.h) will write: its
 * scoreboard entry until the completion event, and the ready_at of a
 * subgroup whose next instruction waits for one. */
#define REG_LATE UINT64_MAX
#define SG_LATE (UINT64_MAX >> 1)

/* The kinds of event in the GPU's queue, and what their index is. */
enum gpu_event {
    EV_WAKE,        /* a batch of scheduler partitions (scheduler.c): each, in
                       order, issues what it can at this cycle */
    EV_RETIRE,      /* a workgroup slot whose last subgroup has completed:
                       its subgroups leave the CU */
    EV_DISPATCH,    /* 0: start the next dispatch (the previous one has
                       retired and its stores have drained) */
    EV_MEM,         /* a memory access completes that the memory system
                       could not time at issue (memsys.h): the index is
                       the memory system's */
    EV_LAUNCH,      /* 0: the current dispatch's workgroups start, its
                       launch_cycles after it began */
    EV_FREE,        /* a retired workgroup's slot, cu.turnover_cycles after
                       its retirement: its resources are freed and its CU
                       refilled */
    EV_KINDS
};

/* A subgroup (warp, wave). It holds only its position in the shared
 * program, its loop counters and its scoreboard, plus what its next
 * instruction needs (cached when it advances). */
typedef struct sg {
    uint64_t *ready;        /* per register: (cycle << 1) | from_global_load,
                               or REG_LATE */
    const insn_cost *cost;  /* its dispatch's issue costs, decoded for its
                               active lanes (decode.h) */
    uint64_t ready_at;      /* cycle the next instruction's registers are
                               ready (sources and destination), or SG_LATE */
    uint64_t done_at;       /* cycle the results it waits for (its register
                               writes) have all completed; stores do not
                               hold it (see gpu.drain) */
    uint64_t age;           /* admission order: smaller is older */
    uint32_t pc;            /* index into the dispatch's prog_code */
    uint32_t lanes;         /* active lanes */
    uint32_t wg;            /* workgroup slot */
    uint32_t part;          /* scheduler partition (global index) */
    uint32_t tx;            /* next instruction: transactions (global) */
    uint64_t issued;        /* instructions issued */
    uint32_t wnext;         /* next in its partition's wheel bucket */
    uint32_t loop_left[PROG_MAX_DEPTH];
    uint32_t rank;          /* its index in its workgroup (addresses' sg) */
    uint8_t depth;
    uint8_t state;          /* enum sg_state */
    uint8_t waits_global;   /* the register ready last comes from memory */
    uint8_t unit;           /* next instruction: cusim_unit */
    uint8_t global;         /* next instruction touches global memory */
    uint8_t in_ready;       /* in its partition's ready set */
    uint8_t parked;         /* waits for a late load: in no list of its
                               partition until the completion */
    uint8_t wstate;         /* cusim_warp_state while waiting (registers,
                               barrier); counted in its part's n_ws */
    uint8_t masked;         /* its lanes diverge: `lanes` counts the active
                               ones, fewer than at admission, and its
                               accesses take only theirs (diverge.h) */
    uint64_t wsince;        /* the cycle it entered wstate */
} sg;

/* An entry of a partition's waiting heap, its key held inline so that
 * sifting touches only the heap's own memory. */
typedef struct wait_entry {
    uint64_t ready_at;      /* the subgroup's ready_at when pushed */
    uint64_t age;
    uint32_t sg;
} wait_entry;

#define PART_WHEEL 64     /* cycles of near future a partition's wheel holds */
#define PART_TX 64        /* transaction counts a partition counts apart */

/* A scheduler partition: a share of the CU's registers and subgroup slots,
 * its own execution units, and the subgroups placed in it. Invariants:
 * every RUN subgroup of the partition is in exactly one of `ready` (its
 * registers were ready when last looked at; ordered by age, oldest first),
 * the wheel (registers ready within PART_WHEEL cycles of wbase: most alu
 * results), `wait` (a min-heap on (ready_at, age) for the rest: memory)
 * and none, parked, while a register it waits for awaits a late load's
 * completion (n_parked); BARRIER subgroups are in none and counted in
 * `n_barrier`.
 *
 * Warp states (docs/model.md): a live subgroup that waits (on the wheel,
 * in the heap, or at a barrier) is counted in n_ws[its wstate] and adds
 * its cycles to ws[] when it stops waiting; one in the ready set is
 * pipe_busy (n_rpipe of them), memory_throttle (n_rmem) or eligible (the
 * rest), as decided at the partition's last wake-up, and those counts
 * add to ws[] up to rs_since. */
typedef struct part {
    uint32_t *ready;
    uint32_t n_ready;
    wait_entry *wait;       /* far future: ready_at >= wbase + PART_WHEEL */
    uint32_t n_wait;
    uint64_t wtop;          /* wait[0].ready_at, or NEVER when empty */
    uint32_t whead[PART_WHEEL];  /* near future: bucket ready_at % PART_WHEEL,
                                    unordered lists through sg.wnext */
    uint64_t wbits;         /* bit b: bucket b is non-empty */
    uint64_t wfirst;        /* the first non-empty bucket's cycle, or NEVER */
    uint64_t wbase;         /* the wheel covers [wbase, wbase + PART_WHEEL) */
    uint32_t n_wheel;
    uint32_t n_barrier;
    uint32_t n_parked;
    uint32_t cu;
    uint32_t last;          /* subgroup issued last (gto, lrr), or NONE */
    uint64_t unit_free[CUSIM_UNIT_COUNT];
    uint64_t issued_at;     /* last cycle it issued, or NEVER */
    uint64_t accounted;     /* stall cycles are accounted up to here */
    uint8_t reason;         /* cusim_stall for cycles from `accounted` on */
    uint64_t stall[CUSIM_STALL_COUNT];
    uint32_t n_ready_unit[CUSIM_UNIT_COUNT];  /* ready set, by next unit */
    uint32_t ready_units;   /* bit u: n_ready_unit[u] > 0 */
    uint32_t mem_tx;        /* transactions of a global access in the ready
                               set, the reference for n_mem_other */
    uint32_t n_mem_other;   /* ready global accesses of another count than
                               mem_tx: while 0, a pick asks the in-flight
                               cap once for all of them */
    uint64_t mem_sizes;     /* bit k: n_mem_size[k] > 0 */
    uint32_t n_mem_size[PART_TX];  /* ready global accesses by transactions
                                      (PART_TX - 1: that many or more) */
    uint32_t n_ws[CUSIM_WS_COUNT];  /* waiting subgroups by warp state */
    uint32_t n_rpipe, n_rmem;       /* of the ready set, see above */
    uint64_t rs_since;
    uint64_t ws[CUSIM_WS_COUNT];    /* subgroup-cycles accounted so far */
} part;

/* A resident workgroup. Its resources are held until its last subgroup has
 * ended and their register writes have completed (C14). */
typedef struct wg {
    uint32_t *sgs;          /* its subgroups (capacity cu.max_subgroups) */
    uint32_t n_sg;
    uint32_t arrived;       /* at the current barrier */
    uint32_t finished;
    uint32_t invocations;
    uint32_t cu;
    uint32_t late;          /* its subgroups' loads whose completion is to
                               come: it retires only after them */
    uint32_t id;            /* its index in the dispatch (addresses' wg) */
    uint64_t done_at;
} wg;

typedef struct cu {
    alloc_cu res;           /* its free resources (the admission rule's) */
    uint32_t *free_sgs;     /* stack of free subgroup indices */
    uint32_t n_free_sgs;
    uint32_t *free_wgs;     /* stack of free workgroup slots */
    uint32_t n_free_wgs;
    uint32_t resident_sg, resident_wg, peak_wg;
    uint64_t res_since;     /* residency integral is accounted up to here */
    uint64_t res_integral;  /* resident subgroups x cycles */
    uint64_t active;        /* cycles with a resident subgroup */
} cu;

/* The run's cumulative counters at one cycle: taken when each dispatch
 * starts and when the run ends, so that a dispatch's own figures are the
 * differences between two of them. */
typedef struct tally {
    uint64_t at;            /* the cycle */
    uint64_t warp_instructions;
    uint64_t beside_instructions;   /* gpu.beside_instructions */
    mem_stats mem;          /* the memory system's counters */
    uint64_t residency;     /* resident subgroups x cycles, all CUs */
    uint64_t unit_busy[CUSIM_UNIT_COUNT];
} tally;

/* One dispatch of a kernel: its resolved program and launch shape. */
#define DISPATCH_COSTS 3  /* full subgroups, and two partial lane counts */

/* What one instruction of a dispatch did, for the findings (measure.c's
 * worst_global, worst_shared, worst_branch): counted as it issues or, for
 * an if or a per-lane repeat, as its lanes are tested. */
typedef struct insn_stat {
    uint64_t runs;          /* warp-level issues or branch tests */
    uint64_t units, ideal;  /* a global access: the sectors it asked for
                               (the flat model: transactions) and the
                               fewest its active lanes' bytes fill */
    uint64_t divergent;     /* branch tests that split the active lanes */
} insn_stat;

typedef struct dispatch {
    prog_code *code;
    insn_stat *stat;        /* per instruction of `code` (one more for its
                               end), zeroed when planned */
    insn_cost *cost[DISPATCH_COSTS];  /* per instruction of `code`
                                         (decode.h), for subgroups of
                                         cost_lanes[i] active lanes */
    uint32_t cost_lanes[DISPATCH_COSTS];
    int n_costs;
    insn_cost *masked_cost; /* for subgroups whose lanes diverge
                               (decode_program_masked), or NULL when the
                               program never diverges */
    cusim_occupancy occ;
    alloc_need need;        /* what one of its workgroups takes */
    uint64_t invocations;
    uint32_t n_wg;
    uint32_t wg_size;
    tally start;            /* the counters when it started */
} dispatch;

/* The issue costs for a subgroup of d with `lanes` active lanes (> 0):
 * one of the tables plan.c decoded for the lane counts its subgroups
 * have. Here, with the tables, rather than in dispatch.c: the dispatcher
 * (when it starts a subgroup) and diverge.c (when a subgroup's lanes
 * reconverge) both read it, and diverge.c, below the dispatcher, must
 * not call it (docs/architecture.md, "Layers"). */
static inline const insn_cost *dispatch_costs(const dispatch *d,
                                              uint32_t lanes)
{
    for (int i = 0; i < d->n_costs; i++)
        if (d->cost_lanes[i] == lanes)
            return d->cost[i];
    assert(0 && "a lane count decode_costs did not foresee");
    return d->cost[0];
}

typedef struct gpu {
    const cusim_hw *hw;
    const cusim_sim_options *opt;
    trace *rec;             /* what --trace and --timeline record, or NULL:
                               every hook is behind one test of it */
    const prog_code *code;  /* of the dispatch running */
    insn_stat *stat;        /* ... its per-instruction counts */
    uint32_t width;         /* of the dispatch running */
    uint32_t n_parts;       /* compute_units x schedulers */
    uint32_t n_regs;        /* scoreboard entries per subgroup */
    uint32_t wg_cap;        /* subgroups per workgroup, the most of any
                               dispatch */
    evq *q;
    memsys *mem;
    const mem_stats *mstats;   /* mem's counters (mem_get_stats): read
                                  around an access for the sectors the L1
                                  counted (the findings) */
    sg *sgs;
    uint64_t *regs;
    part *parts;
    wg *wgs;
    cu *cus;
    uint32_t *part_free;    /* the CUs' alloc_cu partition storage */
    uint32_t *ready_pool;   /* every partition's ready set, in slices */
    wait_entry *wait_pool;  /* ... and waiting heap */
    uint32_t *wg_sg_pool;   /* every workgroup slot's subgroup list */
    uint32_t *free_pool;    /* every CU's free subgroup and workgroup
                               stacks */

    /* Wake-up batches (scheduler.c): partitions whose wake-ups were scheduled
     * one right after another for one cycle share one EV_WAKE event. */
    uint32_t *bat_of;       /* per partition: the batch it waits in, or
                               NONE (no wake-up pending) */
    uint32_t *bat_next, *bat_prev;  /* per partition: its batch's order */
    uint32_t *bat_head, *bat_tail;  /* per batch (n_parts + 1 of them) */
    uint64_t *bat_at;       /* per batch: its cycle */
    uint32_t *bat_free;     /* free batch indices, a stack */
    uint32_t n_bat_free;
    uint32_t open_bat;      /* the batch a wake-up may join, or NONE */
    uint64_t open_appends;  /* evq_appends when it was scheduled */
    uint32_t running_bat;   /* the batch whose partitions are running, or
                               NONE */
    uint32_t *bat_pool;     /* the per-partition and per-batch index
                               arrays above, one allocation */

    dispatch *dispatches;
    uint32_t n_dispatches;
    uint32_t cur;           /* the dispatch running */
    uint32_t next_wg;       /* of the current dispatch, next to hand out */
    bool pending;           /* next_wg has not reached the current
                               dispatch's end (set by the dispatcher, read
                               by the schedulers) */
    uint32_t retired_wg;    /* of the current dispatch */
    uint64_t retired_all;   /* over all dispatches, for opt->progress */
    uint64_t total_wg;      /* the run's workgroups, all dispatches */
    uint64_t progress_every;  /* retirements between opt->progress calls */

    uint64_t now;
    /* The watchdog's mark: the last cycle something moved (an issue, a
     * retirement, a step of the memory system, a launch) or, when later,
     * the last cycle an issued instruction is known to complete or to
     * hold its unit. A wake-up more than the watchdog's window past it is
     * a stall; a wait up to a promised completion (a load's latency, a
     * busy unit, a barrier whose others are waiting so) never is. */
    uint64_t last_progress;
    uint64_t next_age;
    uint64_t end;           /* the last retirement or store completion */
    uint64_t drain;         /* the last global store's completion so far */
    uint64_t late_stores;   /* stores whose completion is to come */
    bool held;              /* the next dispatch waits for late_stores */

    /* Addresses (decode.h's `at`): the lines an access touches, of `line`
     * bytes with `sector`-byte sectors (the L1's, or the flat model's
     * memory.transaction for both), worked out once when the subgroup
     * advances to the access (sched's sg_advance). With the hierarchy
     * they are kept to its issue, which hands them to the memory system:
     * subgroup slot si's are lines[si x lines_cap ...] (lines_cap of them,
     * the most any access of the run's dispatches can touch); the flat
     * model needs only their count, and `lines` is one scratch slot. */
    addr_line *lines;
    uint32_t lines_cap;
    uint32_t line, sector;
    bool hier;              /* the memory system is the hierarchy */
    bool scalar_beside;     /* salu issues beside the scheduler's slots
                               (cu.scalar_issue beside, and a scalar
                               unit) */
    uint32_t fault_pc;      /* pc + 1 of an access whose address divides
                               by zero for some lane (the run stops), or 0 */
    bool fault_budget;      /* fault_pc is a per-lane repeat that would
                               pass the instruction budget */

    /* Divergence (diverge.h), for runs whose programs have ifs or per-lane
     * repeats (div_depth > 0): per subgroup slot, div_depth frames and
     * (1 + 2 x div_depth) x div_words mask words. */
    struct div_frame *div_frames;
    uint64_t *div_masks;
    uint8_t *div_open;      /* per subgroup slot: frames open */
    uint32_t div_depth;     /* the most of any dispatch's programs */
    uint32_t div_words;     /* ADDR_MASK_WORDS of the widest dispatch */
    uint64_t branches;      /* ifs and per-lane repeat tests run */
    uint64_t divergent_branches;   /* ... that split the active lanes */
    uint64_t insn_budget;   /* the instruction budget (--max-instructions) */
    uint64_t insn_planned;  /* what the run issues outside per-lane repeats
                               (at most; checked against the budget when
                               planned) */
    uint64_t insn_charged;  /* per-lane repeats' iterations, charged as
                               each starts */

    uint64_t warp_instructions;
    uint64_t beside_instructions;   /* of them, scalar ones issued beside
                                       the issue slots (scalar_beside) */
    uint64_t lane_instructions;
    uint64_t lane_slots;    /* simd_width per warp instruction issued */
    uint64_t unit_busy[CUSIM_UNIT_COUNT];   /* cycles each kind of execution
                                               unit was busy, summed over
                                               partitions (counted at issue) */
    uint64_t unit_lanes[CUSIM_UNIT_COUNT];  /* active lanes issued to it */
    uint64_t retired_instructions;  /* issued by subgroups whose workgroup
                                       has retired */
    uint64_t subgroups, invocations, workgroups;
} gpu;

/* gpu.c: sets up g's pools for its planned dispatches (plan.h); nothing
 * allocates after this until the run ends. */
void gpu_init(gpu *g);

/* gpu.c: frees what plan_run and gpu_init allocated (either may not have
 * run). */
void gpu_free(gpu *g);

/* gpu.c: bytes gpu_init allocates for g (its dispatches planned): what
 * the modelled hardware takes, whatever the work; UINT64_MAX when the
 * profile is too large to count. */
uint64_t gpu_state_bytes(const gpu *g);

#endif /* CUSIM_GPU_H */
