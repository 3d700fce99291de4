/*
 * scheduler.c — a scheduler partition of a compute unit: picking a ready
 * subgroup by policy, issuing its instruction (scoreboard, execution unit,
 * memory queue, barrier), advancing it through loops, and accounting every
 * cycle of the partition to one stall class and every cycle of each live
 * subgroup to one warp state.
 *
 * A partition is woken by the event queue only when something can change
 * for it: when a waiting subgroup's registers become ready, when a blocked
 * execution unit or the memory in-flight cap frees, when a barrier
 * releases, or when a workgroup is placed in it. Between wake-ups nothing
 * changes, so the cycles in between belong to the stall class and the warp
 * states decided at the last wake-up; that is how cycle skipping keeps
 * exact accounting. A waiting subgroup's warp state is stamped with the
 * cycle it began and accounted when it ends, O(1) each; the ready set's
 * states are counts per partition, multiplied by the elapsed time at each
 * wake-up; the stall class of a stretch without an issue is read from the
 * counts (the state most live subgroups are in).
 *
 * Partitions whose wake-ups are scheduled one right after another for the
 * same cycle share one queue event (a batch, below): the queue would have
 * popped them one right after another anyway, so this changes no order,
 * only the number of pops (partitions that issue every cycle, one after
 * another, take one pop between them, not one each). The batches live
 * here, not in a module of their own, because every wake-up goes through
 * them: as static functions they inline into the issue path.
 *
 * A global access is handed to the memory system (memsys.h) at issue. A
 * load whose completion is known at issue makes its register ready at that
 * cycle; one answered MEM_LATER marks it REG_LATE, and its subgroup is
 * parked when its next instruction needs that register, until
 * sched_complete (sched_mem.c) makes it ready.
 *
 * Cost per issued instruction: O(1) on the partition's wheel for results a
 * few cycles away (O(log n) in its heap for memory), plus a walk of the
 * ready set that stops at the first subgroup able to issue.
 *
 * What an instruction costs (its unit's busy cycles and its latency, bank
 * replays included, and its transactions) is decoded once per dispatch
 * (decode.h); a conflicted shared access's replays keep the shared unit
 * busy, so other subgroups' shared accesses queue behind them.
 *
 * When a trace or timeline is asked for, the run's recorder (trace.h)
 * hears of each issue, each waiting state's end and each subgroup's start
 * and end, every hook behind one test of g->rec.
 *
 * The scheduler is three files (sched_int.h): this one, the per-issue
 * path, in one translation unit so that its steps inline into the
 * wake-up; sched_mem.c, the scheduler's side of global accesses (their
 * lines, the ready set's sizes, late completions); and sched_barrier.c,
 * barriers and the end of subgroups.
 */
#include <assert.h>

#include "diverge.h"
#include "gpu.h"
#include "isa.h"
#include "sched_int.h"
#include "scheduler.h"
#include "waitq.h"
#include "trace.h"

/* ------------------------------------------------------ subgroup state */

/* (sg_refresh, the scoreboard's read for the next instruction, is
 * sched_int.h's; an access's lines, sched_lines, sched_mem.c's.) */

/* Moves s past loop control to its next instruction. Returns 1 when the
 * program has ended. */
static int sg_advance(gpu *g, sg *s)
{
    for (;;) {
        const insn_cost *c = &s->cost[s->pc];
        switch ((enum insn_kind)c->kind) {
        case INSN_ISSUE:
            sg_refresh(s);
            s->tx = c->at ? sched_lines(g, s, c) : c->tx;
            return 0;
        case INSN_LOOP:
            if (c->count == 0) {
                s->pc = c->jump + 1;
                break;
            }
            assert(s->depth < PROG_MAX_DEPTH);
            s->loop_left[s->depth++] = c->count;
            s->pc++;
            break;
        case INSN_ENDLOOP:
            assert(s->depth > 0);
            if (--s->loop_left[s->depth - 1] > 0) {
                s->pc = c->jump + 1;
            } else {
                s->depth--;
                s->pc++;
            }
            break;
        case INSN_END:
            return 1;
        default:   /* an if's or a per-lane repeat's control */
            diverge_step(g, s, c);
            break;
        }
    }
}

/* --------------------------------------------------------- warp states */

/* Adds the subgroup-cycles of p's ready set from rs_since to t (t >=
 * rs_since): n_rpipe pipe_busy, n_rmem memory_throttle, the rest
 * eligible. */
static void ws_flush_ready(part *pt, uint64_t t)
{
    assert(t >= pt->rs_since);
    if (pt->n_ready > 0) {
        uint64_t dt = t - pt->rs_since;
        pt->ws[CUSIM_WS_PIPE_BUSY] += pt->n_rpipe * dt;
        pt->ws[CUSIM_WS_MEMORY_THROTTLE] += pt->n_rmem * dt;
        pt->ws[CUSIM_WS_ELIGIBLE] += (pt->n_ready - pt->n_rpipe - pt->n_rmem) * dt;
    }
    pt->rs_since = t;
}

/* (A waiting subgroup's state: ws_enter, ws_leave and wait_state in
 * sched_int.h.) */

/* ------------------------- waiting (waitq.h: wheel and heap); the ready set */

/* Counts s in the ready set's tallies by unit (s is, or is about to be,
 * in its array). */
static void ready_count(part *pt, sg *s)
{
    /* (only global accesses go to the memory unit: plan relies on it) */
    assert(s->global == (s->unit == CUSIM_UNIT_MEM));
    if (s->global)
        sched_size_add(pt, s->tx);
    pt->n_ready_unit[s->unit]++;
    pt->ready_units |= 1u << s->unit;
    s->in_ready = 1;
}

/* Takes s out of the tallies (it stays in the array until ready_cut). */
static void ready_uncount(part *pt, sg *s)
{
    if (--pt->n_ready_unit[s->unit] == 0)
        pt->ready_units &= ~(1u << s->unit);
    if (s->global)
        sched_size_sub(pt, s->tx);
    s->in_ready = 0;
}

/* Inserts s into the ready set, keeping age order. */
static void ready_insert(gpu *g, part *pt, uint32_t si)
{
    sg *s = &g->sgs[si];
    uint64_t age = s->age;
    ready_count(pt, s);
    uint32_t i = pt->n_ready++;
    while (i > 0 && g->sgs[pt->ready[i - 1]].age > age) {
        pt->ready[i] = pt->ready[i - 1];
        i--;
    }
    pt->ready[i] = si;
}

/* Removes index i from the ready set's array (its subgroup uncounted). */
static void ready_cut(part *pt, uint32_t i)
{
    for (; i + 1 < pt->n_ready; i++)
        pt->ready[i] = pt->ready[i + 1];
    pt->n_ready--;
}

/* Moves the subgroups whose registers are ready by `now` into the ready
 * set (they leave their waiting state), then the wheel forward to `now`,
 * taking from the heap what comes within its reach. */
static void promote(gpu *g, part *pt, uint64_t now)
{
    trace *rec = g->rec;
    while (pt->wfirst <= now) {
        uint32_t b = (uint32_t)(pt->wfirst % PART_WHEEL);
        for (uint32_t si = pt->whead[b], next; si != NONE; si = next) {
            next = g->sgs[si].wnext;
            ws_leave(rec, pt, &g->sgs[si], si, now);
            ready_insert(g, pt, si);
            pt->n_wheel--;
        }
        pt->whead[b] = NONE;
        pt->wbits &= ~(1ull << b);
        pt->wfirst = waitq_scan(pt);
    }
    if (now > pt->wbase)
        pt->wbase = now;
    /* (the wheel's reach covers `now`, so one test finds both cases) */
    if (pt->wtop >= pt->wbase + PART_WHEEL)
        return;
    while (pt->wtop <= now) {
        uint32_t si = waitq_heap_pop(pt);
        ws_leave(rec, pt, &g->sgs[si], si, now);
        ready_insert(g, pt, si);
    }
    while (pt->wtop < pt->wbase + PART_WHEEL)
        waitq_push(g, pt, waitq_heap_pop(pt));
}

/* The first cycle a waiting subgroup's registers are ready, or NEVER.
 * Right after promote(now) every one left is ready after `now`, so a
 * wheel bucket's cycle is its subgroups' ready_at. */
static uint64_t first_ready_at(const part *pt)
{
    uint64_t c = pt->wfirst;
    if (c == NEVER)
        return pt->wtop;
    return c;
}

/* ------------------------------------------------------------- waking */

void sched_account(gpu *g, uint32_t p, uint64_t now, cusim_stall reason)
{
    part *pt = &g->parts[p];
    if (now > pt->accounted) {
        pt->stall[pt->reason] += now - pt->accounted;
        pt->accounted = now;
    }
    pt->reason = (uint8_t)reason;
}

/* A partition's wake-up waits in a batch: the partitions whose wake-ups
 * were scheduled one right after another (nothing else scheduled in
 * between, evq_appends) for one cycle. The queue pops a cycle's events in
 * the order they were scheduled, so these would have been popped one right
 * after another, in that order; a batch is one event that runs them so,
 * one pop for all. A batch takes new members while the queue's last event
 * scheduled is its own, and until it is popped. */

/* Unlinks p from batch b's order. */
static void batch_unlink(gpu *g, uint32_t b, uint32_t p)
{
    uint32_t next = g->bat_next[p], prev = g->bat_prev[p];
    if (prev == NONE)
        g->bat_head[b] = next;
    else
        g->bat_next[prev] = next;
    if (next == NONE)
        g->bat_tail[b] = prev;
    else
        g->bat_prev[next] = prev;
    g->bat_of[p] = NONE;
}

/* Takes p out of the batch it waits in, if any: its wake-up is no longer
 * pending. A batch left empty is cancelled (but the one running, which
 * its handler frees). */
static void wake_clear(gpu *g, uint32_t p)
{
    uint32_t b = g->bat_of[p];
    if (b == NONE)
        return;
    batch_unlink(g, b, p);
    if (g->bat_head[b] == NONE && b != g->running_bat) {
        evq_cancel(g->q, EV_WAKE, b);
        if (g->open_bat == b)
            g->open_bat = NONE;
        g->bat_free[g->n_bat_free++] = b;
    }
}

/* Schedules p's wake-up at `at` (moving it if one is pending), as the last
 * of the open batch when that is for `at` and nothing was scheduled since,
 * else as a new batch of its own. */
static void wake_set(gpu *g, uint32_t p, uint64_t at)
{
    if (g->bat_of[p] != NONE)
        wake_clear(g, p);
    uint32_t b = g->open_bat;
    if (b == NONE || g->bat_at[b] != at
        || evq_appends(g->q) != g->open_appends) {
        assert(g->n_bat_free > 0);
        b = g->bat_free[--g->n_bat_free];
        g->bat_head[b] = g->bat_tail[b] = NONE;
        g->bat_at[b] = at;
        evq_set(g->q, EV_WAKE, b, at);
        g->open_bat = b;
        g->open_appends = evq_appends(g->q);
    }
    g->bat_of[p] = b;
    g->bat_next[p] = NONE;
    g->bat_prev[p] = g->bat_tail[b];
    if (g->bat_tail[b] == NONE)
        g->bat_head[b] = p;
    else
        g->bat_next[g->bat_tail[b]] = p;
    g->bat_tail[b] = p;
}

/* (sched_int.h) */
void sched_wake(gpu *g, uint32_t p, uint64_t at)
{
    if (g->parts[p].issued_at != NEVER && at <= g->parts[p].issued_at)
        at = g->parts[p].issued_at + 1;
    uint32_t b = g->bat_of[p];
    if (b == NONE || at < g->bat_at[b])
        wake_set(g, p, at);
}

/* ------------------------------------------------------ subgroup start */

void sched_start(gpu *g, uint32_t si, uint64_t now)
{
    sg *s = &g->sgs[si];
    diverge_start(g, si);
    if (s->lanes == 0 || sg_advance(g, s)) {
        s->state = SG_DONE;
        sched_subgroup_ended(g, si, now);
        return;
    }
    part *pt = &g->parts[s->part];
    if (g->rec)
        trace_start(g->rec, si, pt->cu, s->part % g->hw->cu.schedulers, now);
    ws_enter(pt, s, wait_state(s, now, 0), now);
    waitq_push(g, pt, si);
    sched_wake(g, s->part, now);
}

/* ------------------------------------------------------------- issuing */

/* The transaction counts the in-flight cap lets in at one cycle, as far
 * as one pick has asked (nothing issues in between): bit tx of `asked`
 * and of `open`, for tx < 64; a larger count asks each time. A pick asks
 * about the sizes its walk meets and no others: an answer of NEVER has
 * the memory system wake the CU when room opens (mem_next_wake), so what
 * a pick asks is part of the same-cycle order. */
typedef struct gate_seen {
    uint64_t asked, open;
} gate_seen;

/* True when the in-flight cap lets an access of `tx` transactions in at
 * `now` (the memory unit is free). */
static bool gate_open(gpu *g, const part *pt, gate_seen *m, uint32_t tx,
                      uint64_t now)
{
    if (tx >= 64)
        return sched_gate(g, pt, tx, now) <= now;
    uint64_t bit = 1ull << tx;
    if (!(m->asked & bit)) {
        m->asked |= bit;
        if (sched_gate(g, pt, tx, now) <= now)
            m->open |= bit;
    }
    return (m->open & bit) != 0;
}

/* The units a ready subgroup may issue to at `now`, as a bit set (bit u:
 * unit u): a unit that is free, and the memory unit when it is free and
 * the in-flight cap lets the ready set's global accesses in. Bit
 * CUSIM_UNIT_COUNT: the ready global accesses differ in size, so each must
 * ask the cap itself (gate_open). */
static uint32_t units_open(gpu *g, const part *pt, uint64_t now)
{
    uint32_t open = 0;
    for (uint32_t m = pt->ready_units; m; m &= m - 1) {
        int u = __builtin_ctz(m);
        if (u != CUSIM_UNIT_BARRIER && pt->unit_free[u] > now)
            continue;
        if (u != CUSIM_UNIT_MEM)
            open |= 1u << u;
        else if (pt->n_mem_other > 0)
            open |= 1u << CUSIM_UNIT_COUNT;
        else if (sched_gate(g, pt, pt->mem_tx, now) <= now)
            open |= 1u << u;
    }
    return open;
}

/* True when ready subgroup s can issue at `now`, given units_open's set
 * (with bit CUSIM_UNIT_COUNT the memory unit is free: the cap decides). */
static bool can_issue(gpu *g, const part *pt, const sg *s, uint64_t now,
                      uint32_t open, gate_seen *m)
{
    if (open >> s->unit & 1)
        return true;
    return s->global && (open >> CUSIM_UNIT_COUNT & 1)
           && gate_open(g, pt, m, s->tx, now);
}

/* Index in the ready set of the subgroup the policy issues from at `now`
 * to one of the units in `allow` (a bit set, as units_open's), or NONE. */
static uint32_t pick(gpu *g, const part *pt, uint64_t now, uint32_t allow)
{
    uint32_t open = units_open(g, pt, now) & allow;
    gate_seen seen = { 0, 0 };
    if ((open & ~(1u << CUSIM_UNIT_COUNT)) == 0) {
        if (open == 0)
            return NONE;
        /* Only a global access can issue, and the cap lets a larger one in
         * no earlier than a smaller (plan checks so): when it refuses the
         * smallest it refuses them all, and the walk below would ask
         * every size to find none (plan, which follows, asks them all). */
        uint32_t k = (uint32_t)__builtin_ctzll(pt->mem_sizes);
        if (k < PART_TX - 1 && !gate_open(g, pt, &seen, k, now))
            return NONE;
    }
    uint32_t start = 0;
    switch (g->hw->cu.policy) {
    case CUSIM_POLICY_GTO:
        /* Greedy: the subgroup issued last, while it can; then oldest. */
        if (pt->last != NONE && g->sgs[pt->last].in_ready
            && can_issue(g, pt, &g->sgs[pt->last], now, open, &seen))
            for (uint32_t i = 0; i < pt->n_ready; i++)
                if (pt->ready[i] == pt->last)
                    return i;
        break;
    case CUSIM_POLICY_LRR:
        /* Round robin: the first, in age order, after the last issued. */
        if (pt->last != NONE) {
            uint64_t age = g->sgs[pt->last].age;
            while (start < pt->n_ready && g->sgs[pt->ready[start]].age <= age)
                start++;
        }
        break;
    case CUSIM_POLICY_OLDEST:
        break;
    }
    for (uint32_t k = 0; k < pt->n_ready; k++) {
        uint32_t i = start + k < pt->n_ready ? start + k : start + k - pt->n_ready;
        if (can_issue(g, pt, &g->sgs[pt->ready[i]], now, open, &seen))
            return i;
    }
    return NONE;
}

/* Hands the global access of subgroup s (index si, instruction cost c)
 * to the memory system at `now`. A load's register is ready when the
 * access completes, its cycle known now or, when the memory system
 * answers MEM_LATER, REG_LATE until sched_complete; the subgroup cannot
 * end its workgroup before it. A store is fire-and-forget for the
 * subgroup, but the dispatch is not over until it has reached memory. */
static void issue_global(gpu *g, const part *pt, sg *s, uint32_t si,
                         const insn_cost *c, uint64_t now)
{
    mem_req r = { pt->cu, si, s->tx, c->dst, c->atomic, c->scalar, NULL };
    if (c->at && g->hier)
        r.lines = sg_line_buf(g, s);   /* sg_advance's */
    uint64_t sectors = g->mstats->l1_sectors;   /* the L1 counts them */
    uint64_t done = mem_issue(g->mem, &r, now);
    sched_count_global(g, s, c, !r.lines ? s->tx
                                : c->scalar ? sched_sectors(r.lines, s->tx)
                                : g->mstats->l1_sectors - sectors);
    if (c->dst != PROG_NO_REG) {
        s->ready[c->dst] = done << 1 | 1;   /* REG_LATE for MEM_LATER */
        if (done == MEM_LATER)
            g->wgs[s->wg].late++;
        else if (done > s->done_at)
            s->done_at = done;
    } else if (done == MEM_LATER) {
        g->late_stores++;
    } else if (done > g->drain) {
        g->drain = done;
    }
}

/* What issue() returns: the unit it used, and ISSUE_BACK when the
 * subgroup is to go back into the ready set (below). */
#define ISSUE_BACK 0x100u

/* Issues the instruction of the subgroup at ready-set index `ri`: the
 * subgroup is `issued` in cycle `now` and in its next state from now + 1.
 * A subgroup whose next instruction's registers are ready at now + 1
 * would wait on the wheel for no cycle and be promoted back at now + 1.
 * When this is the cycle's `last` issue and no recorder is listening
 * (its trace lists that empty wait), it skips both: it keeps its place in
 * the ready set's array, out of its tallies (the cycle's accounting does
 * not count it), and ISSUE_BACK asks the caller to count it back in once
 * that accounting is done. */
static uint32_t issue(gpu *g, part *pt, uint32_t ri, uint64_t now, bool last)
{
    uint32_t si = pt->ready[ri];
    sg *s = &g->sgs[si];
    const insn_cost *c = &s->cost[s->pc];
    const cusim_hw *hw = g->hw;

    g->warp_instructions++;
    g->lane_instructions += s->lanes;
    g->lane_slots += g->width;
    s->issued++;
    g->last_progress = now;
    pt->ws[CUSIM_WS_ISSUED]++;
    ready_uncount(pt, s);
    pt->last = si;
    if (c->unit != CUSIM_UNIT_BARRIER) {
        pt->unit_free[c->unit] = now + c->busy;
        g->unit_busy[c->unit] += c->busy;
        g->unit_lanes[c->unit] += s->lanes;
    }

    if (c->unit == CUSIM_UNIT_SHARED || c->unit == CUSIM_UNIT_SCALAR)
        g->stat[s->pc].runs++;   /* its bank passes, or the scalar
                                    unit's issues: insn_stats.c */
    if (!s->global) {
        if (c->dst != PROG_NO_REG)
            s->ready[c->dst] = (now + c->latency) << 1;
        /* The subgroup cannot end before its result is there, nor before
         * a store (to shared memory) is performed and its unit has done
         * its passes (c->finish): the run is not over while a unit still
         * works for it (so no unit is busy for more than the run's
         * cycles). A barrier's finish is 0: now, which is no later than
         * the subgroup's end anyway. */
        if (now + c->finish > s->done_at)
            s->done_at = now + c->finish;
    } else {
        issue_global(g, pt, s, si, c, now);
    }
    if (__builtin_expect(c->masked, 0))
        diverge_issue(g, pt, s, c, now);   /* its active lanes' passes */
    if (g->rec)
        trace_issue(g->rec, now, pt->cu,
                    (uint32_t)(pt - g->parts) % hw->cu.schedulers, si, s->pc,
                    isa_get((isa_op)g->code->insns[s->pc].op)->mnemonic,
                    s->global ? s->tx : 0);
    s->pc++;

    int ended = sg_advance(g, s);
    if (s->ready_at <= now + 1 && last && !ended
        && c->unit != CUSIM_UNIT_BARRIER && !g->rec)
        return c->unit | ISSUE_BACK;   /* left at ready[ri], uncounted */
    ready_cut(pt, ri);
    if (c->unit == CUSIM_UNIT_BARRIER && !ended) {
        sched_barrier_arrive(g, pt, s, now);
    } else if (!ended) {
        ws_enter(pt, s, wait_state(s, now + 1, 0), now + 1);
        waitq_push(g, pt, si);
    } else {
        s->state = SG_DONE;
        pt->last = NONE;
        sched_subgroup_ended(g, si, now);
    }
    return c->unit;
}

/* The stall class of a stretch without an issue: the state most of p's
 * live subgroups are in, ties to the class CUSIM_STALLS lists first;
 * idle or tail when none is live. */
static cusim_stall stall_of(const gpu *g, const part *pt)
{
    cusim_stall reason = CUSIM_STALL_MEMORY;
    uint32_t most = pt->n_ws[CUSIM_WS_LONG_SCOREBOARD];
    if (pt->n_ws[CUSIM_WS_SHORT_SCOREBOARD] > most) {
        reason = CUSIM_STALL_DEPENDENCY;
        most = pt->n_ws[CUSIM_WS_SHORT_SCOREBOARD];
    }
    if (pt->n_ws[CUSIM_WS_BARRIER] > most) {
        reason = CUSIM_STALL_BARRIER;
        most = pt->n_ws[CUSIM_WS_BARRIER];
    }
    if (pt->n_rmem > most) {
        reason = CUSIM_STALL_MEMORY_THROTTLE;
        most = pt->n_rmem;
    }
    if (pt->n_rpipe > most) {
        reason = CUSIM_STALL_PIPE_BUSY;
        most = pt->n_rpipe;
    }
    if (most == 0)
        reason = g->pending ? CUSIM_STALL_IDLE : CUSIM_STALL_TAIL;
    return reason;
}

/* Schedules p's next wake-up at or after `from` (p has just promoted to
 * `from`) and decides the states of its ready subgroups and its stall
 * class for the cycles until then. When the wake-up is later than `from`,
 * no ready subgroup can issue before it: each is pipe_busy when its unit
 * is what frees last (at or after the in-flight cap), else
 * memory_throttle. */
static void plan(gpu *g, uint32_t p, uint64_t from)
{
    part *pt = &g->parts[p];
    uint64_t best = NEVER;
    uint32_t pipe = 0;
    /* By unit: all ready subgroups of a unit wait for the same cycle, but
     * global accesses of different sizes (plan_sizes). */
    for (uint32_t m = pt->ready_units; m; m &= m - 1) {
        int u = __builtin_ctz(m);
        uint32_t n = pt->n_ready_unit[u];
        uint64_t free = u == CUSIM_UNIT_BARRIER ? 0 : pt->unit_free[u];
        if (u == CUSIM_UNIT_MEM && pt->n_mem_other > 0) {
            sched_plan_sizes(g, pt, from, free, &best, &pipe);
            continue;
        }
        uint64_t t = free > from ? free : from;
        if (u == CUSIM_UNIT_MEM) {
            uint64_t gate = sched_gate(g, pt, pt->mem_tx, from);
            if (gate > t)
                t = gate;
        }
        if (t < best)
            best = t;
        if (t > from && free == t)
            pipe += n;
    }
    /* The registers' ready cycle is a lower bound: if the unit or the cap
     * then holds the subgroup back, the next wake-up finds out. */
    uint64_t t = first_ready_at(pt);
    if (t < best)
        best = t;
    if (best == from) {
        /* Wakes again at once: the counts hold for no cycle. */
        pt->n_rpipe = pt->n_rmem = 0;
        wake_set(g, p, best);
        return;
    }
    pt->n_rpipe = pipe;
    pt->n_rmem = pt->n_ready - pipe;
    if (best == NEVER)
        wake_clear(g, p);
    else
        wake_set(g, p, best);
    sched_account(g, p, from, stall_of(g, pt));
}

/* sched_run's issues at `now` where salu issues beside the slots
 * (g->scalar_beside): up to cu.issue_per_cycle issues of any unit, and
 * a salu that takes none of them, so a full cycle may still issue one
 * salu (of another subgroup: the issued one has left the ready set, or
 * is out of its tallies). Sets *used and *back as sched_run's loop does;
 * returns the issues. */
static __attribute__((noinline)) uint32_t
issue_beside(gpu *g, part *pt, uint64_t now, uint32_t *used, uint32_t *back)
{
    uint32_t issued = 0, slots = 0, allow = ~0u;
    uint32_t width = g->hw->cu.issue_per_cycle;
    for (;;) {
        uint32_t ri = pick(g, pt, now, allow);
        if (ri == NONE)
            break;
        bool scalar = g->sgs[pt->ready[ri]].unit == CUSIM_UNIT_SCALAR;
        uint32_t after = slots + !scalar;
        /* the cycle's last issue unless the scalar unit can take one
         * after it */
        bool more = after < width
                    || (!scalar && (pt->ready_units >> CUSIM_UNIT_SCALAR & 1)
                        && pt->unit_free[CUSIM_UNIT_SCALAR] <= now);
        uint32_t r = issue(g, pt, ri, now, !more);
        *used |= 1u << (r & 0xff);
        if (r & ISSUE_BACK)
            *back = pt->last;
        issued++;
        g->beside_instructions += scalar;
        slots = after;
        if (!more)
            break;
        if (slots == width)
            allow = 1u << CUSIM_UNIT_SCALAR;
    }
    return issued;
}

/* Partition p's wake-up at `now`: accounts its stall cycles up to `now`,
 * issues what it can, and schedules its next wake-up. */
static void sched_run(gpu *g, uint32_t p, uint64_t now)
{
    part *pt = &g->parts[p];
    if (pt->issued_at == now) {
        /* Woken again in a cycle it already issued in: try the next. */
        wake_set(g, p, now + 1);
        return;
    }
    sched_account(g, p, now, (cusim_stall)pt->reason);
    ws_flush_ready(pt, now);
    promote(g, pt, now);
    uint32_t issued = 0, used = 0, width = g->hw->cu.issue_per_cycle;
    uint32_t back = NONE;
    /* (Without a ready salu the beside rule issues as the slot rule:
     * promotions come before the loop, so none joins during it.) */
    if (__builtin_expect(g->scalar_beside
                         && (pt->ready_units >> CUSIM_UNIT_SCALAR & 1), 0)) {
        issued = issue_beside(g, pt, now, &used, &back);
    } else {
        while (issued < width) {
            uint32_t ri = pick(g, pt, now, ~0u);
            if (ri == NONE)
                break;
            uint32_t r = issue(g, pt, ri, now, issued + 1 == width);
            used |= 1u << (r & 0xff);
            if (r & ISSUE_BACK)
                back = pt->last;
            issued++;
        }
    }
    if (issued) {
        /* The cycles before were accounted on waking: this one issued. */
        pt->stall[CUSIM_STALL_ISSUED]++;
        pt->accounted = now + 1;
        pt->reason = CUSIM_STALL_ISSUED;
        pt->issued_at = now;
        /* The ready subgroups that did not issue, in this cycle, as it
         * began: memory_throttle when their access is global and the
         * in-flight cap was full (no global access issued), else
         * pipe_busy when their unit was busy, else eligible. */
        uint32_t waiting = pt->n_ready - (back != NONE);
        if (waiting > 0) {
            uint32_t pipe = 0, mem = 0;
            uint32_t others = pt->ready_units & ~used
                              & ~(1u << CUSIM_UNIT_MEM | 1u << CUSIM_UNIT_BARRIER);
            for (; others; others &= others - 1) {
                int u = __builtin_ctz(others);
                if (pt->unit_free[u] > now)
                    pipe += pt->n_ready_unit[u];
            }
            uint32_t n_mem = pt->n_ready_unit[CUSIM_UNIT_MEM];
            if (n_mem > 0 && !(used >> CUSIM_UNIT_MEM & 1)) {
                if (mem_accept_at(g->mem, pt->cu, 1, now) > now)
                    mem = n_mem;
                else if (pt->unit_free[CUSIM_UNIT_MEM] > now)
                    pipe += n_mem;
            }
            pt->ws[CUSIM_WS_PIPE_BUSY] += pipe;
            pt->ws[CUSIM_WS_MEMORY_THROTTLE] += mem;
            pt->ws[CUSIM_WS_ELIGIBLE] += waiting - pipe - mem;
        }
        pt->rs_since = now + 1;
        /* (Two paths with a promote and a plan each: merged into one, gcc
         * laid the wake-up out 1 to 7% slower; docs/performance.md.) */
        if (back == NONE) {
            promote(g, pt, now + 1);
            plan(g, p, now + 1);
            return;
        }
        sg *b = &g->sgs[back];
        ready_count(pt, b);
        promote(g, pt, now + 1);
        if (!b->global && (b->unit == CUSIM_UNIT_BARRIER
                           || pt->unit_free[b->unit] <= now + 1)) {
            /* The subgroup kept can issue at now + 1: plan would find so
             * and wake the partition then, the counts holding for no
             * cycle. */
            pt->n_rpipe = pt->n_rmem = 0;
            wake_set(g, p, now + 1);
        } else {
            plan(g, p, now + 1);
        }
    } else {
        plan(g, p, now);
    }
}

void sched_run_batch(gpu *g, uint32_t b, uint64_t now)
{
    if (g->open_bat == b)
        g->open_bat = NONE;
    g->running_bat = b;
    for (uint32_t p; (p = g->bat_head[b]) != NONE;) {
        batch_unlink(g, b, p);
        sched_run(g, p, now);
    }
    g->running_bat = NONE;
    g->bat_free[g->n_bat_free++] = b;
}
