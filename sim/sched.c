/*
 * sched.c — a scheduler partition of a compute unit: picking a ready
 * subgroup by policy, issuing its instruction (scoreboard, execution unit,
 * memory queue, barrier), advancing it through loops, and accounting every
 * cycle of the partition to one stall class.
 *
 * A partition is woken by the event queue only when something can change
 * for it: at the first cycle one of its subgroups can issue, when a barrier
 * releases, or when a workgroup is placed in it. Between wake-ups nothing
 * changes, so the cycles in between belong to the stall class decided at
 * the last wake-up; that is how cycle skipping keeps exact accounting.
 */
#include <assert.h>

#include "gpu.h"
#include "isa.h"

static const prog_insn *next_insn(const gpu *g, const sg *s)
{
    return &g->dispatches[g->cur].code->insns[s->pc];
}

void sched_account(gpu *g, uint32_t p, uint64_t now, cusim_stall reason)
{
    part *pt = &g->parts[p];
    if (now > pt->accounted) {
        pt->stall[pt->reason] += now - pt->accounted;
        pt->accounted = now;
    }
    pt->reason = (uint8_t)reason;
}

void sched_wake(gpu *g, uint32_t p, uint64_t at)
{
    uint64_t pending;
    if (g->parts[p].issued_at != NEVER && at <= g->parts[p].issued_at)
        at = g->parts[p].issued_at + 1;
    if (!evq_pending(g->q, p, &pending) || at < pending)
        evq_set(g->q, p, at);
}

/* Recomputes when s's next instruction has its registers: the latest of its
 * sources and its destination (no write may overtake a pending one). */
static void sg_refresh(gpu *g, sg *s)
{
    const prog_insn *in = next_insn(g, s);
    uint64_t best = 0;
    for (int i = 0; i < in->n_src; i++)
        if (s->ready[in->src[i]] > best)
            best = s->ready[in->src[i]];
    if (in->dst != PROG_NO_REG && s->ready[in->dst] > best)
        best = s->ready[in->dst];
    s->ready_at = best >> 1;
    s->waits_global = best & 1;
}

/* Moves s past loop control to its next instruction. Returns 1 when the
 * program has ended. */
static int sg_advance(gpu *g, sg *s)
{
    const prog_code *code = g->dispatches[g->cur].code;
    while (s->pc < code->n_insns) {
        const prog_insn *in = &code->insns[s->pc];
        if (in->op == PROG_LOOP) {
            if (in->count == 0) {
                s->pc = in->jump + 1;
                continue;
            }
            assert(s->depth < PROG_MAX_DEPTH);
            s->loop_left[s->depth++] = in->count;
            s->pc++;
        } else if (in->op == PROG_ENDLOOP) {
            assert(s->depth > 0);
            if (--s->loop_left[s->depth - 1] > 0) {
                s->pc = in->jump + 1;
            } else {
                s->depth--;
                s->pc++;
            }
        } else {
            sg_refresh(g, s);
            return 0;
        }
    }
    return 1;
}

int sched_start(gpu *g, sg *s)
{
    return sg_advance(g, s);
}

/* Transactions s's next (global memory) instruction makes. */
static uint32_t sg_transactions(const gpu *g, const sg *s, const prog_insn *in)
{
    return mem_transactions(g->hw->memory.transaction, in->bytes,
                            (isa_pattern)in->pattern, in->stride, s->lanes);
}

/* The earliest cycle >= now at which s can issue its next instruction, and
 * the stall class while it waits. */
static uint64_t sg_issue_time(gpu *g, const part *pt, const sg *s,
                              uint64_t now, cusim_stall *why)
{
    const prog_insn *in = next_insn(g, s);
    const isa_info *info = isa_get((isa_op)in->op);
    uint64_t t = s->ready_at;
    *why = s->waits_global ? CUSIM_STALL_MEMORY : CUSIM_STALL_DEPENDENCY;
    if (info->unit != CUSIM_UNIT_BARRIER && pt->unit_free[info->unit] > t) {
        t = pt->unit_free[info->unit];
        *why = CUSIM_STALL_THROTTLE;
    }
    if (t < now)
        t = now;
    if (isa_is_global((isa_op)in->op)) {
        uint64_t m = mem_accept_at(g->mem, pt->cu, sg_transactions(g, s, in), now);
        if (m > t) {
            t = m;
            *why = CUSIM_STALL_THROTTLE;
        }
    }
    return t;
}

static int can_issue(gpu *g, const part *pt, const sg *s, uint64_t now)
{
    cusim_stall why;
    return s->state == SG_RUN && sg_issue_time(g, pt, s, now, &why) == now;
}

static uint32_t oldest_ready(gpu *g, const part *pt, uint64_t now)
{
    for (uint32_t i = 0; i < pt->n; i++)
        if (can_issue(g, pt, &g->sgs[pt->list[i]], now))
            return pt->list[i];
    return NONE32;
}

/* The subgroup the policy issues from at `now`, or NONE32. */
static uint32_t pick(gpu *g, const part *pt, uint64_t now)
{
    switch (g->hw->cu.policy) {
    case CUSIM_POLICY_GTO:
        if (pt->last != NONE32 && can_issue(g, pt, &g->sgs[pt->last], now))
            return pt->last;
        return oldest_ready(g, pt, now);
    case CUSIM_POLICY_OLDEST:
        return oldest_ready(g, pt, now);
    case CUSIM_POLICY_LRR: {
        uint32_t start = 0;
        for (uint32_t i = 0; i < pt->n; i++)
            if (pt->list[i] == pt->last) {
                start = i + 1;
                break;
            }
        for (uint32_t k = 0; k < pt->n; k++) {
            uint32_t s = pt->list[(start + k) % pt->n];
            if (can_issue(g, pt, &g->sgs[s], now))
                return s;
        }
        return NONE32;
    }
    }
    return NONE32;
}

/* Removes subgroup s from its partition's list, keeping age order. */
static void part_remove(part *pt, uint32_t s)
{
    uint32_t i = 0;
    while (i < pt->n && pt->list[i] != s)
        i++;
    assert(i < pt->n);
    for (; i + 1 < pt->n; i++)
        pt->list[i] = pt->list[i + 1];
    pt->n--;
    if (pt->last == s)
        pt->last = NONE32;
}

/* Every subgroup of workgroup w has reached the barrier at `now`. */
static void barrier_release(gpu *g, wg *w, uint64_t now)
{
    uint64_t at = now + g->hw->latency[CUSIM_LAT_BARRIER];
    for (uint32_t i = 0; i < w->n_sg; i++) {
        sg *s = &g->sgs[w->sgs[i]];
        assert(s->state == SG_BARRIER);
        s->state = SG_RUN;
        if (s->ready_at < at)
            s->ready_at = at;
        sched_wake(g, s->part, at);
    }
    w->arrived = 0;
}

static void issue(gpu *g, part *pt, uint32_t si, uint64_t now)
{
    sg *s = &g->sgs[si];
    const prog_insn *in = next_insn(g, s);
    const isa_info *info = isa_get((isa_op)in->op);
    const cusim_hw *hw = g->hw;

    if (g->opt->trace)
        fprintf(g->opt->trace, "%llu cu%u p%u sg%u %u %s\n",
                (unsigned long long)now, pt->cu,
                (unsigned)(pt - g->parts) % hw->cu.schedulers, si, s->pc,
                info->mnemonic);
    g->warp_instructions++;
    g->lane_instructions += s->lanes;
    g->last_progress = now;
    if (info->unit != CUSIM_UNIT_BARRIER) {
        uint32_t lanes = hw->cu.lanes[info->unit];
        pt->unit_free[info->unit] = now + (g->width + lanes - 1) / lanes;
    }

    uint64_t done = now + 1;
    uint64_t global = 0;
    switch (info->latency) {
    case CUSIM_LAT_GLOBAL:
        done = mem_issue(g->mem, pt->cu, sg_transactions(g, s, in), now);
        global = 1;
        break;
    case CUSIM_LAT_BARRIER:
        done = now + hw->latency[CUSIM_LAT_BARRIER];
        break;
    default:
        done = now + hw->latency[info->latency];
        break;
    }
    if (in->dst != PROG_NO_REG)
        s->ready[in->dst] = done << 1 | global;
    if (done > s->done_at)
        s->done_at = done;
    pt->last = si;
    s->pc++;

    if (info->unit == CUSIM_UNIT_BARRIER) {
        wg *w = &g->wgs[s->wg];
        s->state = SG_BARRIER;
        if (sg_advance(g, s)) {
            /* A trailing barrier: nothing after it to wait for. */
            s->state = SG_DONE;
        }
        if (++w->arrived == w->n_sg)
            barrier_release(g, w, now);
        if (s->state == SG_DONE) {
            part_remove(pt, si);
            gpu_subgroup_finished(g, si, now);
        }
        return;
    }
    if (sg_advance(g, s)) {
        s->state = SG_DONE;
        part_remove(pt, si);
        gpu_subgroup_finished(g, si, now);
    }
}

/* Schedules p's next wake-up at or after `from` and decides the stall
 * class of the cycles until then. */
static void plan(gpu *g, uint32_t p, uint64_t from)
{
    part *pt = &g->parts[p];
    uint64_t best = NEVER;
    cusim_stall reason = CUSIM_STALL_TAIL;
    int any_barrier = 0;
    for (uint32_t i = 0; i < pt->n; i++) {
        const sg *s = &g->sgs[pt->list[i]];
        if (s->state == SG_BARRIER) {
            any_barrier = 1;
            continue;
        }
        cusim_stall why;
        uint64_t t = sg_issue_time(g, pt, s, from, &why);
        if (t < best) {
            best = t;
            reason = why;
        }
    }
    if (best == NEVER) {
        evq_cancel(g->q, p);
        reason = any_barrier ? CUSIM_STALL_BARRIER
                 : gpu_has_pending(g) ? CUSIM_STALL_IDLE : CUSIM_STALL_TAIL;
    } else {
        evq_set(g->q, p, best);
    }
    sched_account(g, p, from, reason);
}

void sched_run(gpu *g, uint32_t p, uint64_t now)
{
    part *pt = &g->parts[p];
    if (pt->issued_at == now) {
        /* Woken twice in a cycle it already issued in: try again next. */
        evq_set(g->q, p, now + 1);
        return;
    }
    sched_account(g, p, now, (cusim_stall)pt->reason);
    uint32_t issued = 0;
    while (issued < g->hw->cu.issue_per_cycle) {
        uint32_t s = pick(g, pt, now);
        if (s == NONE32)
            break;
        issue(g, pt, s, now);
        issued++;
    }
    if (issued) {
        sched_account(g, p, now, CUSIM_STALL_ISSUED);
        sched_account(g, p, now + 1, CUSIM_STALL_ISSUED);
        pt->issued_at = now;
        plan(g, p, now + 1);
    } else {
        plan(g, p, now);
    }
}
