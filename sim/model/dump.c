/*
 * dump.c — a stalled run's state as text (see dump.h).
 */
#include "dump.h"

#include <assert.h>

/* The header and the two lines of counts. */
#define HEAD_LINES 3

static const char *const sg_states[] = { "free", "running", "barrier",
                                         "done" };

/* Writes the line of subgroup `i` of workgroup slot `wi`. */
static void sg_line(const gpu *g, FILE *out, uint32_t wi, uint32_t i)
{
    const wg *w = &g->wgs[wi];
    const sg *s = &g->sgs[w->sgs[i]];
    fprintf(out, "    cu%u wg%u sg%u p%u: %s at pc %u, registers ready at "
            "%llu\n", w->cu, wi, w->sgs[i], s->part % g->hw->cu.schedulers,
            s->state < 4 ? sg_states[s->state] : "?", s->pc,
            (unsigned long long)s->ready_at);
}

size_t dump_state(const gpu *g, FILE *out, size_t max_lines,
                  const char *how_all)
{
    if (!out)
        return 0;
    assert(max_lines == 0 || max_lines > HEAD_LINES + 1);
    uint32_t n_cus = g->hw->compute_units;
    uint32_t n_slots = n_cus * g->hw->cu.max_workgroups;
    uint64_t cus = 0, wgs = 0, sgs = 0, by_state[4] = { 0 }, unfinished = 0;
    for (uint32_t ci = 0; ci < n_cus; ci++)
        if (g->cus[ci].resident_wg) {
            cus++;
            wgs += g->cus[ci].resident_wg;
            sgs += g->cus[ci].resident_sg;
        }
    for (uint32_t wi = 0; wi < n_slots; wi++) {
        const wg *w = &g->wgs[wi];
        if (w->finished == w->n_sg)
            continue;
        for (uint32_t i = 0; i < w->n_sg; i++) {
            uint8_t st = g->sgs[w->sgs[i]].state;
            by_state[st < 4 ? st : 0]++;
            unfinished++;
        }
    }
    fprintf(out, "state at cycle %llu (dispatch %u of %u, %u of %u "
            "workgroups handed out, %u retired):\n",
            (unsigned long long)g->now, g->cur + 1, g->n_dispatches,
            g->next_wg, g->dispatches[g->cur].n_wg, g->retired_wg);
    fprintf(out, "  CUs holding work: %llu of %u (%llu workgroups, %llu "
            "subgroups resident)\n", (unsigned long long)cus, n_cus,
            (unsigned long long)wgs, (unsigned long long)sgs);
    fprintf(out, "  unfinished workgroups' subgroups: %llu (%llu running, "
            "%llu at a barrier, %llu done)\n", (unsigned long long)unfinished,
            (unsigned long long)by_state[SG_RUN],
            (unsigned long long)by_state[SG_BARRIER],
            (unsigned long long)by_state[SG_DONE]);
    /* the details: with a cap, the subgroup lines alone (the counts sum
     * up the CUs'), as many as the header, the counts and the closing
     * line leave room for */
    uint64_t details = (max_lines ? 0 : cus) + unfinished;
    uint64_t room = max_lines == 0 || details <= max_lines - HEAD_LINES
                    ? details : max_lines - HEAD_LINES - 1;
    if (max_lines == 0)
        for (uint32_t ci = 0; ci < n_cus; ci++) {
            const cu *c = &g->cus[ci];
            if (c->resident_wg)
                fprintf(out, "  cu%u: %u workgroups, %u subgroups "
                        "resident\n", ci, c->resident_wg, c->resident_sg);
        }
    uint64_t written = max_lines ? 0 : cus;
    for (uint32_t wi = 0; wi < n_slots && written < room; wi++) {
        const wg *w = &g->wgs[wi];
        if (w->finished == w->n_sg)
            continue;
        for (uint32_t i = 0; i < w->n_sg && written < room; i++, written++)
            sg_line(g, out, wi, i);
    }
    uint64_t left = details - written;
    if (left > 0)
        fprintf(out, "  ... %llu more subgroup%s left out%s%s%s\n",
                (unsigned long long)left, left == 1 ? "" : "s",
                how_all ? " (the whole state: " : "", how_all ? how_all : "",
                how_all ? ")" : "");
    return (size_t)left;
}
