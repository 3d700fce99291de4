/*
 * sched_mem.c — the scheduler partitions' side of global accesses
 * (sched_int.h): the lines an access touches, worked out when its
 * subgroup advances to it; the ready set's global accesses tallied by
 * their size, and plan's walk over the sizes when they differ (the
 * in-flight cap's answer depends on the size); the completion of an
 * access the memory system answered MEM_LATER; and a CU's partitions
 * woken when the memory system has room again.
 *
 * A global access is handed to the memory system (memsys.h) at issue
 * (scheduler.c's issue_global). A load whose completion is known at issue
 * makes its register ready at that cycle; one answered MEM_LATER marks it
 * REG_LATE, and a subgroup whose next instruction needs such a register
 * is parked (in no list, waitq.h) until sched_complete, on the memory
 * system's completion event, makes it ready and wakes its partition. A
 * workgroup retires only when its late loads have landed, and a next
 * dispatch starts only when the late stores have.
 *
 * Nothing here is on the per-issue path of a kernel without global
 * accesses, and what a global access runs here was out of line when it
 * lived in scheduler.c (kept out of the issue path's inlining budget,
 * which kernels without global accesses need).
 */
#include <assert.h>

#include "coalesce.h"
#include "diverge.h"
#include "gpu.h"
#include "intmath.h"
#include "sched_int.h"
#include "scheduler.h"
#include "waitq.h"

/* --------------------------------------------------- an access's lines */

/* The lines of atomic access c by subgroup s, into `out` with their
 * operations: their count; in the flat model, its transactions (a line's
 * lanes on one address take one each: the sum over its lines of their
 * `ops`, at least one per line). */
static __attribute__((cold, noinline)) uint32_t atomic_lines(gpu *g,
                                                             const sg *s,
                                                             const insn_cost *c,
                                                             addr_line *out)
{
    addr_ctx ctx = diverge_ctx(g, s, c, s->depth);
    uint32_t n = coal_access_atomic(c->at, &ctx, s->lanes,
                                    s->masked ? diverge_mask(g, s) : NULL,
                                    g->line, g->sector, out, g->lines_cap);
    if (n == ADDR_DIV0 || g->hier)
        return n;
    uint32_t tx = 0;
    for (uint32_t i = 0; i < n; i++)
        tx += out[i].ops ? out[i].ops : 1;
    return tx;
}

/* (sched_int.h) */
uint32_t sched_lines(gpu *g, const sg *s, const insn_cost *c)
{
    uint32_t n;
    addr_line *out = sg_line_buf(g, s);
    if (c->atomic) {
        n = atomic_lines(g, s, c, out);
    } else if (s->masked) {
        n = diverge_lines(g, s, c, out);
    } else {
        addr_ctx ctx = diverge_ctx(g, s, c, s->depth);
        n = g->hier ? coal_access(c->at, &ctx, s->lanes, NULL, g->line,
                                  g->sector, out, g->lines_cap)
                    : coal_access_count(c->at, &ctx, s->lanes, NULL, g->line);
    }
    if (n == ADDR_DIV0) {
        if (!g->fault_pc)
            g->fault_pc = s->pc + 1;
        return 0;
    }
    assert(n <= c->tx);   /* the planner's bound (decode.c) holds */
    return n;
}

/* The findings' ideal of a subgroup whose lanes diverge: the sectors its
 * active lanes' bytes fill. */
static __attribute__((cold, noinline)) uint32_t masked_ideal(const gpu *g,
                                                             const sg *s)
{
    const uint64_t *m = diverge_mask(g, s);
    uint64_t lanes = 0;
    for (uint32_t w = 0; w < g->div_words; w++)
        lanes += (uint64_t)__builtin_popcountll(m[w]);
    return (uint32_t)div_up(lanes * g->code->insns[s->pc].bytes, g->sector);
}

/* (sched_int.h) */
uint64_t sched_sectors(const addr_line *lines, uint32_t n)
{
    uint64_t k = 0;
    for (uint32_t i = 0; i < n; i++)
        k += popc32(lines[i].sectors);
    return k;
}

/* (sched_int.h) */
void sched_count_global(gpu *g, const sg *s, const insn_cost *c,
                        uint64_t units)
{
    insn_stat *st = &g->stat[s->pc];
    st->runs++;
    st->units += units;
    st->ideal += s->masked ? masked_ideal(g, s) : c->count;
}

/* ----------------------------------------------- the ready set by size */

/* The bucket of n_mem_size a global access of `tx` transactions is
 * counted in. */
static inline uint32_t mem_size_of(uint32_t tx)
{
    return tx < PART_TX - 1 ? tx : PART_TX - 1;
}

/* (sched_int.h; out of line: kept out of the issue path's inlining
 * budget, which kernels without global accesses need) */
void sched_size_add(part *pt, uint32_t tx)
{
    if (pt->n_ready_unit[CUSIM_UNIT_MEM] == 0)
        pt->mem_tx = tx;
    else if (tx != pt->mem_tx)
        pt->n_mem_other++;
    uint32_t k = mem_size_of(tx);
    if (pt->n_mem_size[k]++ == 0)
        pt->mem_sizes |= 1ull << k;
}

void sched_size_sub(part *pt, uint32_t tx)
{
    if (tx != pt->mem_tx)
        pt->n_mem_other--;
    uint32_t k = mem_size_of(tx);
    if (--pt->n_mem_size[k] == 0)
        pt->mem_sizes &= ~(1ull << k);
}

/* (sched_int.h) */
void sched_plan_sizes(gpu *g, const part *pt, uint64_t from, uint64_t free,
                      uint64_t *best, uint32_t *pipe)
{
    uint64_t t0 = free > from ? free : from;
#ifndef NDEBUG
    uint64_t before = 0;
#endif
    for (uint64_t z = pt->mem_sizes; z; z &= z - 1) {
        uint32_t k = (uint32_t)__builtin_ctzll(z);
        if (k < PART_TX - 1) {
            uint64_t gate = sched_gate(g, pt, k, from), t = t0;
            /* (pick relies on it: a larger size no earlier) */
            assert(gate >= before);
#ifndef NDEBUG
            before = gate;
#endif
            if (gate > t)
                t = gate;
            if (t < *best)
                *best = t;
            if (t > from && free == t)
                *pipe += pt->n_mem_size[k];
            continue;
        }
        for (uint32_t i = 0; i < pt->n_ready; i++) {
            const sg *s = &g->sgs[pt->ready[i]];
            if (!s->global || s->tx < PART_TX - 1)
                continue;
            uint64_t gate = sched_gate(g, pt, s->tx, from), t = t0;
            if (gate > t)
                t = gate;
            if (t < *best)
                *best = t;
            *pipe += t > from && free == t;
        }
    }
}

/* ---------------------------------------------------------- completion */

/* (cold: kept out of the issue path's inlining decisions; the flat
 * model never calls it) */
__attribute__((cold)) void sched_complete(gpu *g, const mem_req *r,
                                          uint64_t now)
{
    if (r->dst == PROG_NO_REG) {
        /* A store: the dispatch ends when the last one lands. */
        assert(g->late_stores > 0);
        if (now > g->drain)
            g->drain = now;
        if (--g->late_stores == 0 && g->held) {
            g->held = false;
            evq_set(g->q, EV_DISPATCH, 0, now);
        }
        return;
    }
    uint32_t si = r->sg;
    sg *s = &g->sgs[si];
    wg *w = &g->wgs[s->wg];
    assert(w->late > 0 && s->ready[r->dst] == REG_LATE);
    s->ready[r->dst] = now << 1 | 1;
    if (now > s->done_at)
        s->done_at = now;
    if (now > w->done_at)
        w->done_at = now;
    if (--w->late == 0 && w->finished == w->n_sg) {
        evq_set(g->q, EV_RETIRE, s->wg, w->done_at);
        return;
    }
    if (!s->parked)
        return;   /* running, or at a barrier (its release looks again) */
    sg_refresh(s);
    if (s->ready_at == SG_LATE)
        return;   /* another of its registers is still to come */
    part *pt = &g->parts[s->part];
    s->parked = 0;
    pt->n_parked--;
    waitq_push(g, pt, si);
    sched_wake(g, s->part, s->ready_at > now ? s->ready_at : now);
}

__attribute__((cold)) void sched_wake_cu(gpu *g, uint32_t c,
                                          uint64_t now)
{
    uint32_t P = g->hw->cu.schedulers;
    for (uint32_t p = c * P; p < (c + 1) * P; p++)
        if (g->parts[p].n_ready > 0)
            sched_wake(g, p, now);
}
