/*
 * sim.c — the timing simulator's run: plan (plan.c), set up (gpu.c), the
 * event loop, and the figures (measure.c). A run reads one way:
 * config -> plan -> dispatch (dispatch.c) -> schedule (scheduler.c) ->
 * memory (memsys.c) -> measure -> report (report.c).
 *
 * The loop pops events from one queue for the whole GPU, ordered by
 * (cycle, sequence), each naming its kind (enum gpu_event): scheduler
 * wake-ups, workgroup retirements, the start of the next dispatch, and
 * the completions the memory system times later than at issue.
 * Time jumps from one event to the next, so idle cycles cost nothing.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dispatch.h"
#include "dump.h"
#include "error.h"
#include "gpu.h"
#include "measure.h"
#include "plan.h"
#include "scheduler.h"

#define DEFAULT_WATCHDOG 10000000ull

/* What a stalled or deadlocked run prints (dump.h): a screenful to
 * `dump`, and the whole state to opt->watchdog_dump when it is given. */
static void dump_stall(const gpu *g, FILE *dump)
{
    dump_state(g, dump, DUMP_SCREEN_LINES, g->opt->watchdog_dump
               ? "in the --watchdog-dump file"
               : "cusim sim --watchdog-dump FILE");
    dump_state(g, g->opt->watchdog_dump, 0, NULL);
}

/* The latest cycle the work issued so far is due to end by: a result, a
 * shared store performed, a unit's passes (each subgroup's done_at), a
 * global store acknowledged (drain). The watchdog asks only when it would
 * fire, so the issue path keeps no running maximum. */
static uint64_t promised(const gpu *g)
{
    uint64_t t = g->drain;
    size_t n = (size_t)g->hw->compute_units * g->hw->cu.max_subgroups;
    for (size_t i = 0; i < n; i++)
        if (g->sgs[i].state != SG_FREE && g->sgs[i].done_at > t)
            t = g->sgs[i].done_at;
    for (uint32_t p = 0; p < g->n_parts; p++)
        for (int u = 0; u < CUSIM_UNIT_COUNT; u++)
            if (g->parts[p].unit_free[u] > t)
                t = g->parts[p].unit_free[u];
    return t;
}

/* Whether an event other than a wake-up is scheduled. */
static bool steps_pending(const gpu *g)
{
    for (uint32_t k = 0; k < EV_KINDS; k++)
        if (k != EV_WAKE && evq_count(g->q, k) > 0)
            return true;
    return false;
}

/* Whether the run, at g->now past the watchdog's window since its last
 * step, is stalled: nothing it issued is still due within the window, and
 * no step is scheduled (an event of another kind than a wake-up: a DRAM
 * read's data on its way for longer than the window is one). When
 * something is, that cycle becomes its last step. */
static bool stalled(gpu *g, uint64_t watchdog)
{
    if (steps_pending(g)) {
        g->last_progress = g->now;
        return false;
    }
    uint64_t t = promised(g);
    if (t > g->last_progress)
        g->last_progress = t;
    return g->now > g->last_progress && g->now - g->last_progress > watchdog;
}

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

int cusim_validate(const cusim_hw *hw, const cusim_kernel *k,
                   const cusim_sim_options *opt, cusim_error *err)
{
    static const cusim_sim_options no_options = { 0 };
    gpu g = { .hw = hw, .opt = opt ? opt : &no_options };
    int rc = plan_run(&g, k, err);
    gpu_free(&g);
    return rc;
}

/* The error that stops a run at g->fault_pc: a lane dividing by zero in
 * an address, a condition or a per-lane count, or a per-lane repeat
 * passing the instruction budget. */
static void fault_message(const gpu *g, const cusim_kernel *k, uint64_t now,
                          cusim_error *err)
{
    const prog_insn *in = &g->code->insns[g->fault_pc - 1];
    const char *what = in->op == PROG_IF ? "the condition of an if"
                       : in->op == PROG_LOOP ? "the count of a per-lane repeat"
                       : NULL;
    if (g->fault_budget)
        err_set(err, k->file, k->program_line, k->program_column,
                "program: a per-lane repeat (entry %u of dispatch %u) "
                "would take the run past %llu warp-instructions at cycle "
                "%llu; use smaller counts, or raise the limit "
                "(--max-instructions)", g->fault_pc, g->cur + 1,
                (unsigned long long)g->insn_budget, (unsigned long long)now);
    else if (what)
        err_set(err, k->file, k->program_line, k->program_column,
                "program: %s (entry %u of dispatch %u) divides by zero for "
                "some lane at cycle %llu (expected a divisor that is never "
                "0)", what, g->fault_pc, g->cur + 1, (unsigned long long)now);
    else
        err_set(err, k->file, k->program_line, k->program_column,
                "program: the at= address of %s (instruction %u of "
                "dispatch %u) divides by zero for some lane at cycle "
                "%llu (expected a divisor that is never 0)",
                isa_get((isa_op)in->op)->mnemonic, g->fault_pc,
                g->cur + 1, (unsigned long long)now);
}

/* Whether every workgroup of every dispatch has retired and every store
 * has landed. */
static bool kernel_done(const gpu *g)
{
    return g->cur + 1 == g->n_dispatches
           && g->retired_wg == g->dispatches[g->cur].n_wg
           && g->late_stores == 0 && !g->held;
}

/* The cycle the kernel ends: its last retirement, or its last store's
 * landing if later. */
static uint64_t run_end(const gpu *g)
{
    return g->drain > g->end ? g->drain : g->end;
}

int cusim_simulate(const cusim_hw *hw, const cusim_kernel *k,
                   const cusim_sim_options *opt, cusim_result *out,
                   FILE *dump, cusim_error *err)
{
    static const cusim_sim_options no_options = { 0 };
    double t0 = seconds();
    gpu g = { .hw = hw, .opt = opt ? opt : &no_options };
    if (plan_run(&g, k, err) != 0) {
        gpu_free(&g);
        return -1;
    }
    dispatch_use(&g, 0);
    gpu_init(&g);
    for (uint32_t i = 0; i < g.n_dispatches; i++)
        g.total_wg += g.dispatches[i].n_wg;
    g.progress_every = g.total_wg / 1000 ? g.total_wg / 1000 : 1;
    g.rec = trace_new(hw, g.opt, k->name, g.mem);
    g.pending = g.dispatches[0].n_wg > 0;
    uint64_t watchdog = g.opt->watchdog_cycles ? g.opt->watchdog_cycles
                                               : DEFAULT_WATCHDOG;
    dispatch_launch(&g, 0);

    int status = 0;
    while (!evq_empty(g.q)) {
        /* The kernel is over once its last workgroup has retired and its
         * stores have landed: what the memory system still has queued
         * after that (DRAM writing back dirty lines) is not part of the
         * run, whose counters say what moved within it. */
        if (kernel_done(&g) && evq_next_cycle(g.q) > run_end(&g))
            break;
        uint64_t now;
        evq_event ev = evq_pop(g.q, &now);
        g.now = now;
        /* Every event but a wake-up is a step the model scheduled when it
         * learnt of it (a memory stage, a retirement, a dispatch, the
         * launch): progress, however long after the last. Only a partition
         * woken past every promised completion can be stalled. */
        if (ev.kind != EV_WAKE && now > g.last_progress)
            g.last_progress = now;
        else if (ev.kind == EV_WAKE && now > g.last_progress
                 && now - g.last_progress > watchdog && stalled(&g, watchdog)) {
            err_set(err, k->file, 1, 1, "simulation stalled: no instruction "
                    "issued, no workgroup retired and no memory access "
                    "moved for %llu cycles after the last result due (at "
                    "cycle %llu)", (unsigned long long)watchdog,
                    (unsigned long long)now);
            dump_stall(&g, dump);
            status = 1;
            break;
        }
        switch ((enum gpu_event)ev.kind) {
        case EV_WAKE:
            sched_run_batch(&g, ev.index, now);
            break;
        case EV_RETIRE:
            dispatch_retire(&g, ev.index, now);
            break;
        case EV_DISPATCH:
            dispatch_next(&g, now);
            break;
        case EV_LAUNCH:
            dispatch_fill_all(&g, now);
            break;
        case EV_FREE:
            dispatch_free(&g, ev.index, now);
            break;
        case EV_MEM: {
            mem_req done;
            if (mem_complete(g.mem, ev.index, now, &done))
                sched_complete(&g, &done, now);
            for (uint32_t c; mem_next_wake(g.mem, &c);)
                sched_wake_cu(&g, c, now);
            break;
        }
        case EV_KINDS:
            assert(0);
            break;
        }
        if (g.fault_pc) {
            fault_message(&g, k, now, err);
            gpu_free(&g);
            return -1;
        }
    }
    if (status == 0 && (g.cur + 1 < g.n_dispatches
                        || g.retired_wg < g.dispatches[g.cur].n_wg)) {
        err_set(err, k->file, 1, 1, "simulation deadlocked at cycle %llu: "
                "nothing left to happen but work remains",
                (unsigned long long)g.now);
        dump_stall(&g, dump);
        status = 1;
    }
    if (status == 0) {
        g.end = run_end(&g);   /* the kernel ends when its stores land */
        mem_end(g.mem, g.end);
    }
    if (g.rec)
        trace_finish(g.rec, status == 0 ? g.end : g.now);
    if (status == 0) {
#ifndef NDEBUG
        uint32_t empty_part[2 * ALLOC_MAX_PARTS];
        alloc_cu empty;
        alloc_cu_init(&empty, hw, empty_part);
        for (uint32_t c = 0; c < hw->compute_units; c++) {
            const alloc_cu *res = &g.cus[c].res;
            assert(g.cus[c].resident_wg == 0 && g.cus[c].resident_sg == 0
                   && res->workgroups == empty.workgroups
                   && res->barriers == empty.barriers
                   && res->invocations == empty.invocations
                   && res->shared == empty.shared
                   && memcmp(res->part, empty.part,
                             sizeof empty_part[0] * 2 * res->n_parts) == 0);
        }
#endif
        for (uint32_t p = 0; p < g.n_parts; p++)
            assert(g.parts[p].n_ready == 0 && g.parts[p].n_wait == 0
                   && g.parts[p].n_wheel == 0 && g.parts[p].n_parked == 0
                   && g.bat_of[p] == NONE);
        assert(g.late_stores == 0 && !g.held);
        assert(g.n_bat_free == SCHED_BATCHES(g.n_parts));
        for (uint32_t p = 0; p < g.n_parts; p++)
            sched_account(&g, p, g.end, CUSIM_STALL_TAIL);
        tally end = dispatch_tally(&g, g.end);
        memset(out, 0, sizeof *out);
        measure_run(&g, &end, out);
        out->timeline_cut_at = trace_timeline_cut(g.rec);
        out->dead_if_line = g.dispatches[0].code->dead_if_line;
        out->dead_if_column = g.dispatches[0].code->dead_if_column;
        out->wrap_line = g.dispatches[0].code->wrap_line;
        out->wrap_column = g.dispatches[0].code->wrap_column;
        out->wrap_index = g.dispatches[0].code->wrap_index;
        out->wrap_elements = g.dispatches[0].code->wrap_elements;
        out->host_seconds = seconds() - t0;
        out->warp_instructions_per_second = out->host_seconds > 0
            ? (double)out->warp_instructions / out->host_seconds : 0.0;
    }
    gpu_free(&g);
    return status;
}
