/*
 * imp_addr.c — global addresses read from the compiled code's address
 * arithmetic, so that an imported kernel's loads and stores touch the
 * bytes the real kernel's do (docs/import.md "Addresses").
 *
 * A forward pass over the listing keeps, for each register, its value as
 * an affine form over the launch's names (lid_x, lid_y, wg_x, wg_y, the
 * loop's iteration `it`) and the kernel's pointer parameters:
 *
 *     value = c + k1 x name1 + k2 x name2 + ...
 *
 * An instruction whose result is not such a form (a logic operation, a
 * product of two names, a load) makes what it writes unknown. A global
 * access whose address is one pointer parameter (coefficient 1) plus a
 * form whose coefficients and constant divide by the access's bytes gets
 * `at=argOFF[INDEX]`, the parameter's buffer (named by its offset in the
 * parameters) at the element INDEX; any other keeps its pattern. Each
 * ISA's instructions are its table's (imp_isa_ops: imp_addr_amd.c's,
 * imp_addr_sass.c's), the forms and their text imp_aff.c's, a loop's
 * trip count imp_trip.c's: this file, the pass, calls them, and they
 * never call it; it never asks which ISA a listing is.
 *
 * Loops: in a loop that holds no other loop and lies in none, a register
 * whose one write adds a constant to itself is an induction variable,
 * entry + step x `it`; whatever else the loop writes is unknown inside
 * it, and after it keeps its last value where that names no `it` (the
 * same every iteration: a loop-carried value was unknown from the start).
 * After an if, what it wrote is unknown (some lanes wrote it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "imp_addr.h"
#include "xalloc.h"

/* ----------------------------------------------------------- the pass */

/* Makes what instructions begin..end-1 write unknown; with `varying`,
 * only where its value names the loop's iteration. */
static void forget(apass *p, const imp_listing *l, size_t begin,
                   size_t end, bool varying)
{
    for (size_t i = begin; i < end; i++) {
        aff *w[4];
        int n = addr_writes(p, l, &l->insns[i], w);
        for (int k = 0; k < n; k++) {
            bool it = false;
            for (int t = 0; t < w[k]->n; t++)
                it |= w[k]->sym[t] == A_IT;
            if (!varying || it)
                *w[k] = aff_unknown();
        }
    }
}

/* Which regions of `v` (sorted by begin, outer first, properly nested)
 * are loops that neither hold another loop nor lie in one: the loops
 * whose induction variables are read (`it` is the innermost loop's
 * iteration, and only a loop alone is sure to be it). One walk with the
 * regions open around each; the caller frees the answer. */
static bool *lone_loops(const imp_region *v, size_t n)
{
    bool *lone = xcalloc(n ? n : 1, sizeof *lone);
    size_t *open = xcalloc(n ? n : 1, sizeof *open), top = 0;
    for (size_t k = 0; k < n; k++) {
        while (top && v[open[top - 1]].end < v[k].end
               && v[open[top - 1]].end <= v[k].begin)
            top--;
        if (v[k].kind == IMP_LOOP) {
            lone[k] = true;
            for (size_t j = 0; j < top; j++)
                if (v[open[j]].kind == IMP_LOOP)
                    lone[k] = lone[open[j]] = false;
        }
        open[top++] = k;
    }
    free(open);
    return lone;
}

/* A loop begins at its `begin`: what it writes is unknown inside it but
 * its induction variables, entry + step x it. */
static void enter_loop(apass *p, const imp_listing *l, imp_region *v,
                       bool lone, size_t k)
{
    const imp_isa_ops *isa = imp_isa_of(l->format);
    /* its trip count from its counter, unless --trip said */
    if (!p->probe && !v[k].expr && addr_loop_trips(p, l, &v[k])) {
        v[k].expr = v[k].trip;
        v[k].derived = true;
    }
    memset(p->pred, 0, sizeof p->pred);
    memset(p->pred_not, 0, sizeof p->pred_not);
    p->vcc[0] = p->exec[0] = '\0';
    aff(*saved)[A_REGS] = xcalloc(2, sizeof *saved);
    memcpy(saved[0], p->r, sizeof p->r);
    memcpy(saved[1], p->ur, sizeof p->ur);
    forget(p, l, v[k].begin, v[k].end, false);
    if (lone) {
        /* one pass over the loop: how often each register is written
         * and where last (a register's one write, a self-add, makes it
         * an induction variable) */
        int(*count)[A_REGS] = xcalloc(2, sizeof *count);
        size_t(*last)[A_REGS] = xcalloc(2, sizeof *last);
        for (size_t i = v[k].begin; i < v[k].end; i++) {
            aff *w[4];
            int n = addr_writes(p, l, &l->insns[i], w);
            for (int j = 0; j < n; j++) {
                bool f;
                int r = addr_slot_index(p, w[j], &f);
                count[f][r]++;
                last[f][r] = i;
            }
        }
        for (int f = 0; f < 2; f++)
            for (int r = 0; r < A_REGS; r++) {
                aff *s = f ? &p->ur[r] : &p->r[r];
                int64_t step = 0;
                int kind;
                if (saved[f][r].known && count[f][r] == 1
                    && isa->self_add(p, &l->insns[last[f][r]], s, &step))
                    *s = aff_add(saved[f][r], aff_named(A_IT), step);
                else if (f == 1 && isa->shift_counters
                         && saved[f][r].known && saved[f][r].n == 0
                         && saved[f][r].c > 0 && count[f][r] == 1
                         && isa->update(p, &l->insns[last[f][r]], s, &kind,
                                        &step)
                         && kind == UPD_SHR) {
                    p->shr[r].init = saved[f][r].c;
                    p->shr[r].step = step;
                }
            }
        free(count);
        free(last);
    }
    free(saved);
}

/* A region with something to do at an instruction: its entry (begin),
 * its branch, the instruction before it or its last. */
typedef struct reg_event {
    size_t i, k;                 /* the instruction, the region */
} reg_event;

static int by_insn(const void *a, const void *b)
{
    const reg_event *x = a, *y = b;
    if (x->i != y->i)
        return x->i < y->i ? -1 : 1;
    return x->k < y->k ? -1 : x->k > y->k;
}

/* The (instruction, region) pairs at which a region may act, sorted and
 * each once, so that a pass visits at each instruction only its regions
 * (in their order), not all of them: *n of them (the caller frees). */
static reg_event *region_events(const imp_region *v, size_t n_regions,
                                size_t *n)
{
    reg_event *e = xcalloc(4 * n_regions + 1, sizeof *e);
    size_t m = 0;
    for (size_t k = 0; k < n_regions; k++) {
        const size_t at[4] = { v[k].begin, v[k].branch, v[k].begin - 1,
                               v[k].end - 1 };
        for (int j = 0; j < 4; j++)
            if ((j < 2 || (j == 2 ? v[k].begin : v[k].end) > 0))
                e[m++] = (reg_event){ at[j], k };
    }
    qsort(e, m, sizeof *e, by_insn);
    size_t u = 0;
    for (size_t j = 0; j < m; j++)
        if (u == 0 || by_insn(&e[u - 1], &e[j]) != 0)
            e[u++] = e[j];
    *n = u;
    return e;
}

/* One pass over the listing. */
static void pass(apass *p, imp_listing *l, imp_region *v, size_t n_regions)
{
    const imp_isa_ops *isa = imp_isa_of(l->format);
    if (isa->start)
        isa->start(p, l);
    size_t n_events, e0 = 0;
    reg_event *ev = region_events(v, n_regions, &n_events);
    bool *lone = lone_loops(v, n_regions);
    for (size_t i = 0; i < l->n_insns; i++) {
        /* the regions acting here: ev[e0, e1) */
        while (e0 < n_events && ev[e0].i < i)
            e0++;
        size_t e1 = e0;
        while (e1 < n_events && ev[e1].i == i)
            e1++;
        for (size_t e = e0; e < e1; e++) {
            size_t k = ev[e].k;
            if (v[k].begin == i && v[k].kind == IMP_LOOP)
                enter_loop(p, l, v, lone[k], k);
        }
        isa->insn(p, &l->insns[i]);
        /* an if's branch whose condition is known: the lanes that fall
         * into the block (guard_not), unless --cond said */
        for (size_t e = e0; e < e1 && !p->probe; e++) {
            size_t k = ev[e].k;
            if (v[k].kind == IMP_IF && v[k].branch == i && !v[k].expr
                && l->insns[i].guard_not[0] && v[k].mid == v[k].end) {
                v[k].expr = l->insns[i].guard_not;
                v[k].derived = true;
            }
        }
        for (size_t e = e0; e < e1; e++) {
            size_t k = ev[e].k;
            if (v[k].kind == IMP_IF && v[k].end == i + 1)
                forget(p, l, v[k].begin, v[k].end, false);
            if (v[k].kind == IMP_LOOP && v[k].branch == i) {
                forget(p, l, v[k].begin, v[k].end, true);
                memset(p->shr, 0, sizeof p->shr);
            }
            if ((v[k].kind == IMP_IF && v[k].end == i + 1)
                || (v[k].kind == IMP_LOOP && v[k].branch == i)
                || (v[k].kind == IMP_IF && v[k].begin == i + 1)) {
                memset(p->pred, 0, sizeof p->pred);
                memset(p->pred_not, 0, sizeof p->pred_not);
                p->vcc[0] = p->exec[0] = '\0';
            }
        }
    }
    free(ev);
    free(lone);
}

void imp_addresses(imp_listing *l, imp_region *v, size_t n_regions,
                   const uint32_t workgroup[3], imp_options *o)
{
    apass *p = xcalloc(1, sizeof *p);
    memcpy(p->wg, workgroup, sizeof p->wg);
    p->vals = o->args;
    p->n_vals = o->n_args;
    p->radv = l->format == IMP_FORMAT_RADV;
    p->vote = p->radv || l->meta.ids_unknown;
    /* RADV's listings, and a code object's disassembly without its
     * kernel descriptor, do not say which SGPRs hold the workgroup ids: a
     * first pass finds them where the code forms an invocation's global
     * id, wg_x x local_size.x + lid_x (imp_addr_amd.c, its table's start) */
    if (p->vote) {
        p->probe = true;
        pass(p, l, v, n_regions);
        int votes[A_REGS][2];
        memcpy(votes, p->ids_vote, sizeof votes);
        memset(p, 0, sizeof *p);
        memcpy(p->ids_vote, votes, sizeof votes);
        memcpy(p->wg, workgroup, sizeof p->wg);
        p->vals = o->args;
        p->n_vals = o->n_args;
        p->radv = l->format == IMP_FORMAT_RADV;
        p->vote = true;
        for (size_t i = 0; i < l->n_insns && p->radv; i++)
            l->insns[i].param_off = -1;     /* no kernarg segment */
    }
    pass(p, l, v, n_regions);
    /* the arguments a bounds check made the element count, for the
     * header (their names their own copy's off) */
    for (int i = 0; i < p->n_found && o->n_args < IMP_MAX_LABEL_OPTS; i++) {
        imp_arg_opt *a = &o->args[o->n_args++];
        *a = p->found[i];
        a->name = a->off;
    }
    free(p);
}
