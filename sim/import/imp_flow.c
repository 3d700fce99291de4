/*
 * imp_flow.c — an imported kernel's branches as the synthetic ISA's
 * blocks: a backward branch closes a loop (`repeat`), a forward branch
 * skips a block (`if`), and a forward branch whose block ends with an
 * unconditional branch further forward is an if with an else; a
 * conditional branch to just past a loop's closing branch is that loop's
 * exit test (a `while` loop's, as RADV writes them), which the trip count
 * stands for. Control flow that does not nest that way is refused.
 */
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "imp_int.h"
#include "xalloc.h"

/* Orders regions by begin, the outer (longer) first. */
static int by_begin(const void *a, const void *b)
{
    const imp_region *x = a, *y = b;
    if (x->begin != y->begin)
        return x->begin < y->begin ? -1 : 1;
    if (x->end != y->end)
        return x->end > y->end ? -1 : 1;
    return x->branch < y->branch ? -1 : x->branch > y->branch;
}

static bool is_branch(const imp_insn *in)
{
    return in->row && in->row->op == IMP_OP_BRANCH;
}

/* Whether a branch is conditional: its row says so (s_cbranch_*), or a
 * guard does (@P0 BRA). */
static bool is_cond(const imp_insn *in)
{
    return (in->row->flags & IMP_F_COND) || in->guard.file != IMP_FILE_NONE;
}

/* Whether the forward branch at `i` to instruction `t` leaves a loop
 * around it: t follows an unconditional branch back to at or before i
 * (BB1: s_cmp ... s_cbranch_scc1 BB11 ... s_branch BB1, BB11:). */
static bool is_loop_exit(const imp_listing *l, size_t i, size_t t)
{
    const imp_insn *last = &l->insns[t - 1];
    if (t - 1 <= i || !is_branch(last) || is_cond(last))
        return false;
    const imp_label *b = imp_listing_find_label(l, last->target);
    return b && strcmp(b->name, last->target) == 0 && b->insn <= i;
}

const char *imp_flow_exit_of(const imp_listing *l, size_t i)
{
    const imp_insn *in = &l->insns[i];
    if (!is_branch(in) || !is_cond(in))
        return NULL;
    const imp_label *b = imp_listing_find_label(l, in->target);
    if (!b || strcmp(b->name, in->target) != 0 || b->insn <= i + 1
        || b->insn > l->n_insns || !is_loop_exit(l, i, b->insn))
        return NULL;
    return l->insns[b->insn - 1].target;
}

long imp_flow_regions(const imp_listing *l, imp_region **out,
                      cusim_error *err)
{
    size_t n = l->n_insns, count = 0;
    imp_region *v = xcalloc(n ? n : 1, sizeof *v);
    bool *consumed = xcalloc(n ? n : 1, sizeof *consumed);
    for (size_t i = 0; i < n; i++) {
        const imp_insn *in = &l->insns[i];
        if (!is_branch(in) || consumed[i])
            continue;
        const imp_label *b = imp_listing_label_named(l, in->target);
        if (!b) {
            free(v);
            free(consumed);
            return err_set(err, l->file, in->line, in->column, "'%s' "
                           "branches to '%s', which is not a label of "
                           "kernel '%s'", in->mnem, in->target,
                           l->meta.kernel);
        }
        size_t t = b->insn;
        imp_region r = { .branch = i, .label = b->name };
        if (t == i && !is_cond(in)) {
            continue;             /* a branch to itself: the trap after
                                     the end (SASS's BRA 0xb0 at 0xb0) */
        } else if (t <= i) {
            r.kind = IMP_LOOP;
            r.begin = t;
            r.end = r.mid = i;
        } else if (t == i + 1) {
            continue;             /* to the next instruction: nothing */
        } else if (is_cond(in) && is_loop_exit(l, i, t)) {
            continue;             /* the loop's exit test: --trip says
                                     how often it fails */
        } else if (!is_cond(in)) {
            free(v);
            free(consumed);
            return err_set(err, l->file, in->line, in->column, "'%s %s' "
                           "jumps forward over a block that is not an "
                           "if's else: this control flow is not "
                           "supported", in->mnem, in->target);
        } else {
            r.kind = IMP_IF;
            r.begin = i + 1;
            r.end = r.mid = t;
            /* then-block ending in `s_branch M` forward past t: an else */
            const imp_insn *last = &l->insns[t - 1];
            if (t - 1 > i && is_branch(last) && !is_cond(last)) {
                const imp_label *m = imp_listing_find_label(l, last->target);
                if (m && strcmp(m->name, last->target) == 0 && m->insn > t) {
                    r.mid = t;
                    r.end = m->insn;
                    consumed[t - 1] = true;
                }
            }
        }
        v[count++] = r;
    }
    free(consumed);
    qsort(v, count, sizeof *v, by_begin);
    /* proper nesting: each region inside the one around it, and inside
     * one side of an if with an else */
    size_t *stack = xcalloc(count ? count : 1, sizeof *stack), top = 0;
    for (size_t k = 0; k < count; k++) {
        const imp_region *r = &v[k];
        while (top && v[stack[top - 1]].end <= r->begin)
            top--;
        if (top) {
            const imp_region *o = &v[stack[top - 1]];
            bool crosses = r->end > o->end
                || (o->mid < o->end && r->begin < o->mid && r->end > o->mid);
            if (crosses) {
                const imp_insn *in = &l->insns[r->branch];
                const imp_insn *on = &l->insns[o->branch];
                imp_region_kind ok = o->kind;
                free(stack);
                free(v);
                return err_set(err, l->file, in->line, in->column, "'%s "
                               "%s' crosses the %s of '%s %s' at line %d: "
                               "control flow that does not nest is not "
                               "supported", in->mnem, in->target,
                               ok == IMP_LOOP ? "loop" : "if",
                               on->mnem, on->target, on->line);
            }
        }
        stack[top++] = k;
    }
    free(stack);
    *out = v;
    return (long)count;
}
