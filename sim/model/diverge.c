/*
 * diverge.c — a subgroup's active lanes through ifs and per-lane repeats
 * (diverge.h states the model).
 *
 * Subgroup slot si's state: div_open[si] frames open of div_depth, in
 * div_frames[si x div_depth ...]; its masks, div_words words each, in
 * div_masks from si x (1 + 2 x div_depth) x div_words: the active lanes,
 * then per frame the lanes at its entry (`saved`, restored when it
 * closes) and an if's lanes for its second side (`other`). Invariant: the
 * active lanes are a subset of every open frame's saved lanes, and
 * sg.lanes counts them.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "banks.h"
#include "coalesce.h"
#include "dispatch.h"
#include "diverge.h"
#include "lanes.h"
#include "xalloc.h"

#define MAX_WORDS ADDR_MASK_WORDS(ADDR_MAX_LANES)

uint64_t diverge_state_bytes(const gpu *g)
{
    if (g->div_depth == 0)
        return 0;
    uint64_t slots = (uint64_t)g->hw->compute_units * g->hw->cu.max_subgroups;
    return slots * (g->div_depth * sizeof(div_frame) + 1
                    + (1 + 2 * (uint64_t)g->div_depth) * g->div_words
                      * sizeof(uint64_t));
}

void diverge_init(gpu *g)
{
    if (g->div_depth == 0)
        return;
    size_t slots = (size_t)g->hw->compute_units * g->hw->cu.max_subgroups;
    g->div_frames = xcalloc(slots * g->div_depth, sizeof *g->div_frames);
    g->div_open = xcalloc(slots, 1);
    g->div_masks = xcalloc(slots * (1 + 2 * (size_t)g->div_depth)
                           * g->div_words, sizeof *g->div_masks);
}

void diverge_free(gpu *g)
{
    free(g->div_frames);
    free(g->div_open);
    free(g->div_masks);
}

/* ------------------------------------------------------------- masks */

static uint64_t *mask_of(const gpu *g, uint32_t si, uint32_t k)
{
    size_t per = (1 + 2 * (size_t)g->div_depth) * g->div_words;
    return g->div_masks + si * per + (size_t)k * g->div_words;
}

/* The active lanes, and frame f's saved and other lanes. */
#define ACTIVE(g, si) mask_of(g, si, 0)
#define SAVED(g, si, f) mask_of(g, si, 1 + 2 * (f))
#define OTHER(g, si, f) mask_of(g, si, 2 + 2 * (f))

static uint32_t mask_count(const uint64_t *m, uint32_t words)
{
    uint32_t n = 0;
    for (uint32_t w = 0; w < words; w++)
        n += (uint32_t)__builtin_popcountll(m[w]);
    return n;
}

static void mask_copy(uint64_t *to, const uint64_t *from, uint32_t words)
{
    memcpy(to, from, words * sizeof *to);
}

/* s's active lanes have changed: counts them, and whether they are
 * fewer than at admission (frame 0's saved lanes when a frame is open);
 * a masked subgroup issues from its dispatch's masked table. */
static void recount(const gpu *g, sg *s, uint32_t si)
{
    const dispatch *d = &g->dispatches[g->cur];
    s->lanes = mask_count(ACTIVE(g, si), g->div_words);
    uint32_t full = g->div_open[si] > 0
                    ? mask_count(SAVED(g, si, 0), g->div_words) : s->lanes;
    s->masked = s->lanes != full;
    s->cost = s->masked ? d->masked_cost : dispatch_costs(d, full);
}

void diverge_start(gpu *g, uint32_t si)
{
    if (g->div_depth == 0)
        return;
    uint64_t *m = ACTIVE(g, si);
    uint32_t lanes = g->sgs[si].lanes;
    for (uint32_t w = 0; w < g->div_words; w++, lanes -= lanes < 64 ? lanes : 64)
        m[w] = lanes >= 64 ? UINT64_MAX : (UINT64_C(1) << lanes) - 1;
    g->div_open[si] = 0;
    g->sgs[si].masked = 0;
}

/* ------------------------------------------------------------ context */

const uint64_t *diverge_mask(const gpu *g, const sg *s)
{
    return ACTIVE(g, (uint32_t)(s - g->sgs));
}

uint32_t diverge_iteration(const gpu *g, const sg *s, uint32_t depth)
{
    uint32_t si = (uint32_t)(s - g->sgs);
    const div_frame *fr = &g->div_frames[(size_t)si * g->div_depth];
    for (uint32_t f = g->div_open[si]; f-- > 0;)
        if (g->code->insns[fr[f].pc].op == PROG_LOOP && fr[f].depth == depth)
            return fr[f].max - s->loop_left[depth];
    assert(0 && "a per-lane repeat without its frame");
    return 0;
}

addr_ctx diverge_ctx(const gpu *g, const sg *s, const insn_cost *c,
                     uint32_t depth)
{
    addr_ctx ctx = { .wg = g->wgs[s->wg].id, .sg = s->rank,
                     .width = g->width };
    for (uint32_t k = 0; k < 3 && k < depth; k++)
        ctx.it[k] = c->loops[k]
                    ? c->loops[k] - s->loop_left[depth - 1 - k]
                    : diverge_iteration(g, s, depth - 1 - k);
    return ctx;
}

/* The values of x for the lanes of `lanes` into v: 0, or -1 (the run
 * stops at `pc`: a lane divides by zero). */
static int values(gpu *g, const addr_expr *x, const addr_ctx *ctx,
                  const uint64_t *lanes, int64_t *v, uint32_t pc)
{
    if (addr_values(x, ctx, lanes, v) == 0)
        return 0;
    if (!g->fault_pc)
        g->fault_pc = pc + 1;
    return -1;
}

/* Into `out`, the lanes of `in` whose v is above `floor`. */
static void lanes_above(const uint64_t *in, const int64_t *v, int64_t floor,
                        uint64_t *out, uint32_t words)
{
    for (uint32_t w = 0; w < words; w++) {
        out[w] = 0;
        for (uint64_t b = in[w]; b; b &= b - 1) {
            uint32_t l = (uint32_t)__builtin_ctzll(b);
            if (v[w * 64 + l] > floor)
                out[w] |= UINT64_C(1) << l;
        }
    }
}

static bool mask_any(const uint64_t *m, uint32_t words)
{
    for (uint32_t w = 0; w < words; w++)
        if (m[w])
            return true;
    return false;
}

static bool mask_same(const uint64_t *a, const uint64_t *b, uint32_t words)
{
    return memcmp(a, b, words * sizeof *a) == 0;
}

/* --------------------------------------------------------------- steps */

static void step_if(gpu *g, sg *s, uint32_t si, const insn_cost *c)
{
    const uint32_t W = g->div_words;
    const prog_insn *in = &g->code->insns[s->pc];
    uint32_t f = g->div_open[si]++;
    assert(f < g->div_depth);
    g->div_frames[(size_t)si * g->div_depth + f].pc = s->pc;
    uint64_t *act = ACTIVE(g, si), *saved = SAVED(g, si, f),
             *other = OTHER(g, si, f);
    int64_t v[ADDR_MAX_LANES];
    uint64_t taken[MAX_WORDS];
    addr_ctx ctx = diverge_ctx(g, s, c, s->depth);
    mask_copy(saved, act, W);
    if (values(g, in->cond, &ctx, act, v, s->pc) < 0)
        memset(v, 0, sizeof v);   /* the run stops: any side will do */
    for (uint32_t w = 0; w < W; w++) {
        taken[w] = 0;
        for (uint64_t b = act[w]; b; b &= b - 1) {
            uint32_t l = (uint32_t)__builtin_ctzll(b);
            if (v[w * 64 + l] != 0)
                taken[w] |= UINT64_C(1) << l;
        }
        other[w] = act[w] & ~taken[w];
    }
    g->branches++;
    bool first = mask_any(taken, W), second = mask_any(other, W);
    g->divergent_branches += first && second;
    g->stat[s->pc].runs++;
    g->stat[s->pc].divergent += first && second;
    if (first) {
        mask_copy(act, taken, W);
        s->pc++;
    } else {
        memset(other, 0, W * sizeof *other);   /* taken now, not at ELSE */
        s->pc = in->jump + 1;
    }
    recount(g, s, si);
}

static void step_else(gpu *g, sg *s, uint32_t si, const insn_cost *c)
{
    uint32_t f = g->div_open[si] - 1;
    uint64_t *other = OTHER(g, si, f);
    if (mask_any(other, g->div_words)) {
        mask_copy(ACTIVE(g, si), other, g->div_words);
        memset(other, 0, g->div_words * sizeof *other);
        s->pc++;
        recount(g, s, si);
    } else {
        s->pc = c->jump;   /* its PROG_ENDIF */
    }
}

/* Closes frame f (an if's end, a per-lane repeat's last iteration): the
 * lanes reconverge. */
static void step_close(gpu *g, sg *s, uint32_t si)
{
    uint32_t f = --g->div_open[si];
    mask_copy(ACTIVE(g, si), SAVED(g, si, f), g->div_words);
    s->pc++;
    recount(g, s, si);
}

static void step_lane_loop(gpu *g, sg *s, uint32_t si, const insn_cost *c)
{
    const uint32_t W = g->div_words;
    const prog_insn *in = &g->code->insns[s->pc];
    uint64_t *act = ACTIVE(g, si);
    int64_t v[ADDR_MAX_LANES];
    uint64_t run[MAX_WORDS];
    addr_ctx ctx = diverge_ctx(g, s, c, s->depth);
    if (values(g, in->cond, &ctx, act, v, s->pc) < 0) {
        s->pc = c->jump + 1;
        return;
    }
    int64_t most = 0;
    for (uint32_t w = 0; w < W; w++)
        for (uint64_t b = act[w]; b; b &= b - 1) {
            int64_t x = v[w * 64 + (uint32_t)__builtin_ctzll(b)];
            if (x > most)
                most = x;
        }
    uint32_t max = most > UINT32_MAX ? UINT32_MAX : (uint32_t)most;
    lanes_above(act, v, 0, run, W);
    g->branches++;
    bool split = max > 0 && !mask_same(run, act, W);
    g->divergent_branches += split;
    g->stat[s->pc].runs++;
    g->stat[s->pc].divergent += split;
    if (max == 0) {
        s->pc = c->jump + 1;
        return;
    }
    /* the budget: its iterations' instructions, charged before they run */
    uint64_t charge;
    if (__builtin_mul_overflow((uint64_t)max, in->body, &charge)
        || __builtin_add_overflow(g->insn_charged, charge, &g->insn_charged)
        || g->insn_planned + g->insn_charged > g->insn_budget
        || g->insn_planned + g->insn_charged < g->insn_planned) {
        if (!g->fault_pc) {
            g->fault_pc = s->pc + 1;
            g->fault_budget = true;
        }
        s->pc = c->jump + 1;
        return;
    }
    uint32_t f = g->div_open[si]++;
    assert(f < g->div_depth && s->depth < PROG_MAX_DEPTH);
    div_frame *fr = &g->div_frames[(size_t)si * g->div_depth + f];
    *fr = (div_frame){ .pc = s->pc, .max = max, .depth = s->depth };
    mask_copy(SAVED(g, si, f), act, W);
    s->loop_left[s->depth++] = max;
    mask_copy(act, run, W);
    s->pc++;
    recount(g, s, si);
}

static void step_lane_endloop(gpu *g, sg *s, uint32_t si)
{
    const uint32_t W = g->div_words;
    uint32_t f = g->div_open[si] - 1;
    const div_frame *fr = &g->div_frames[(size_t)si * g->div_depth + f];
    g->branches++;
    g->stat[fr->pc].runs++;
    if (--s->loop_left[fr->depth] == 0) {
        s->depth--;
        step_close(g, s, si);   /* every lane is done */
        return;
    }
    uint32_t it = fr->max - s->loop_left[fr->depth];
    const prog_insn *in = &g->code->insns[fr->pc];
    uint64_t *act = ACTIVE(g, si);
    const uint64_t *saved = SAVED(g, si, f);
    int64_t v[ADDR_MAX_LANES];
    uint64_t run[MAX_WORDS];
    addr_ctx ctx = diverge_ctx(g, s, &s->cost[fr->pc], fr->depth);
    if (values(g, in->cond, &ctx, saved, v, fr->pc) < 0)
        memset(v, 0, sizeof v);
    lanes_above(saved, v, it, run, W);
    if (!mask_any(run, W))
        mask_copy(run, act, W);   /* (only after a fault) */
    bool split = !mask_same(run, act, W);
    g->divergent_branches += split;
    g->stat[fr->pc].divergent += split;
    mask_copy(act, run, W);
    s->pc = fr->pc + 1;
    recount(g, s, si);
}

void diverge_step(gpu *g, sg *s, const insn_cost *c)
{
    uint32_t si = (uint32_t)(s - g->sgs);
    switch ((enum insn_kind)c->kind) {
    case INSN_IF: step_if(g, s, si, c); break;
    case INSN_ELSE: step_else(g, s, si, c); break;
    case INSN_ENDIF: step_close(g, s, si); break;
    case INSN_LANE_LOOP: step_lane_loop(g, s, si, c); break;
    case INSN_LANE_ENDLOOP: step_lane_endloop(g, s, si); break;
    default: assert(0); break;
    }
}

/* ------------------------------------------------------------ accesses */

uint32_t diverge_lines(gpu *g, const sg *s, const insn_cost *c,
                       addr_line *out)
{
    uint32_t si = (uint32_t)(s - g->sgs);
    if (g->hier) {
        addr_ctx ctx = diverge_ctx(g, s, c, s->depth);
        return coal_access(c->at, &ctx, 0, ACTIVE(g, si), g->line,
                           g->sector, out, g->lines_cap);
    }
    if (g->code->insns[s->pc].at) {
        addr_ctx ctx = diverge_ctx(g, s, c, s->depth);
        return coal_access_count(c->at, &ctx, 0, ACTIVE(g, si), g->line);
    }
    const prog_insn *in = &g->code->insns[s->pc];
    return coal_segments(g->hw->memory.transaction, (isa_pattern)in->pattern,
                         in->stride, in->bytes, lane_seed(s->pc), s->lanes);
}

void diverge_issue(gpu *g, part *pt, sg *s, const insn_cost *c,
                   uint64_t now)
{
    uint32_t si = (uint32_t)(s - g->sgs);
    const prog_insn *in = &g->code->insns[s->pc];
    uint32_t passes = bank_insn_passes_mask(g->hw, in, s->pc,
                                            ACTIVE(g, si), g->width);
    insn_cost m = decode_with_passes(c, g->hw, in, g->width, passes);
    /* c took no replay: m is at least as long in every respect */
    assert(m.busy >= c->busy && m.latency >= c->latency);
    pt->unit_free[c->unit] = now + m.busy;
    g->unit_busy[c->unit] += m.busy - c->busy;
    if (c->dst != PROG_NO_REG)
        s->ready[c->dst] = (now + m.latency) << 1;
    if (now + m.finish > s->done_at)
        s->done_at = now + m.finish;
}
