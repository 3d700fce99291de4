/*
 * diag_print.c — `cusim diagnose`'s report (diagnose.h): the baseline, the
 * counterfactuals, the verdict and Little's law, as text or as one JSON
 * object.
 */
#include <inttypes.h>
#include <stdio.h>

#include "diag_int.h"
#include "json.h"

/* ---------------------------------------------------------------- text */

static void text_changes(FILE *out, const diag_variant *b,
                         const diag_variant *v)
{
    const cusim_result *r0 = &b->res, *r = &v->res;
    cusim_warp_state t0 = diag_top_state(r0), t = diag_top_state(r);
    /* with a hierarchy, the busiest level's share (sol.memory): the
     * flat channel's memory.bandwidth is not the hierarchy's */
    bool h = r0->hierarchy;
    fprintf(out, "      subgroups per CU %.1f -> %.1f, %s %.1f%% -> "
            "%.1f%%, issue %.1f%% -> %.1f%%, top state %s",
            diag_resident(b), diag_resident(v), h ? "memory" : "bandwidth",
            100 * (h ? r0->sol_memory : r0->bandwidth_utilization),
            100 * (h ? r->sol_memory : r->bandwidth_utilization),
            100 * r0->issue_utilization,
            100 * r->issue_utilization, cusim_warp_state_name(t0));
    if (t != t0)
        fprintf(out, " -> %s", cusim_warp_state_name(t));
    fputc('\n', out);
}

/* Little's law: the bytes in flight the memory needs at its peak
 * (latency x bandwidth), those the CUs keep in flight, the subgroups that
 * would take and what the in-flight caps allow. With a hierarchy a line
 * per level, the levels the kernel's misses do not reach (diag_law's
 * `reached`) said so instead, and the subgroups only for DRAM reached;
 * the flat channel's one level otherwise. */
static void text_laws(FILE *out, const diag_variant *b, const diag_verdict *v)
{
    const cusim_result *r = &b->res;
    const cusim_hw *hw = &b->hw;
    const bool h = r->hierarchy;
    fprintf(out, "\nLittle's law (bytes in flight = latency x bandwidth%s)\n",
            h ? ", per level" : "");
    if (h) {
        static const char *const names[DIAG_LEVELS] = { "L1 (per CU)", "L2",
                                                         "DRAM" };
        for (int i = 0; i < DIAG_LEVELS; i++) {
            const diag_law *l = &v->law[i];
            if (!l->present)
                fprintf(out, "  %-12s none (cache.l1.bytes and "
                        "cache.l1.unified are 0)\n", names[i]);
            else if (!l->reached && r->l1_requests > 0)
                fprintf(out, "  %-12s not reached: %.1f%% of the sectors "
                        "asked for get there (under %.0f%%)\n", names[i],
                        100 * l->share, 100 * DIAG_REACH);
            else
                fprintf(out, "  %-12s needed %.0f bytes (%.0f cycles x %.0f "
                        "bytes per cycle), %s %.0f bytes (%.0f%%)\n",
                        names[i], l->needed_bytes, l->latency,
                        l->bytes_per_cycle,
                        i == DIAG_L1 ? "achieved" : "achieved at most",
                        l->achieved_bytes, l->needed_bytes > 0
                        ? 100 * l->achieved_bytes / l->needed_bytes : 0.0);
        }
        double per_line = r->avg_inflight > 0
                          ? v->achieved_bytes / r->avg_inflight : 0;
        fprintf(out, "  achieved: the CUs' %.1f lines in flight x %.1f bytes "
                "requested per line (the L2 and DRAM see only the misses' "
                "share)\n", r->avg_inflight, per_line);
    } else {
        fprintf(out, "  needed    %.0f bytes (%" PRIu32 " cycles x %" PRIu32
                " bytes per cycle)\n", v->needed_bytes,
                hw->latency[CUSIM_LAT_GLOBAL], hw->memory.bandwidth);
        fprintf(out, "  achieved  %.0f bytes (%.1f transactions x %" PRIu32
                " bytes)\n", v->achieved_bytes, r->avg_inflight,
                hw->memory.transaction);
    }
    bool reached = !h || v->law[DIAG_DRAM].reached;
    if (v->achieved_bytes <= 0) {
        fprintf(out, "  the kernel has no global memory traffic\n");
        return;
    }
    if (!reached)
        return;
    if (v->subgroups_needed > 0)
        fprintf(out, "  %s about %.0f resident subgroups per CU at this "
                "kernel's bytes per subgroup (now %.1f; the CU holds %" PRIu32
                ")\n", h ? "DRAM's takes" : "that takes", v->subgroups_needed,
                diag_resident(b), hw->cu.max_subgroups);
    if (v->cap_bytes < v->needed_bytes) {
        /* the caps: lines of cache.l1.line with a hierarchy, transactions
         * of memory.transaction without */
        uint32_t unit = h ? hw->cache.l1.line : hw->memory.transaction;
        fprintf(out, "  the in-flight cap%s at most %.0f bytes (%.0f %s x "
                "%" PRIu32 " bytes x %" PRIu32 " CU%s): less than %s\n",
                h ? "s allow" : " allows", v->cap_bytes,
                v->cap_bytes / unit / hw->compute_units,
                h ? "lines" : "transactions", unit, hw->compute_units,
                hw->compute_units == 1 ? "" : "s", h ? "DRAM needs" : "needed");
    }
}

/* The baseline's findings, a line each with the line of the kernel it
 * comes from and the gain a counterfactual measured. */
static void text_findings(FILE *out, const diag_verdict *v)
{
    if (v->n_findings == 0)
        return;
    fprintf(out, "\nFindings\n");
    for (int i = 0; i < v->n_findings; i++) {
        const finding *f = &v->findings[i];
        fprintf(out, "  %s", finding_name(f->id));
        if (f->line)
            fprintf(out, " (line %d)", f->line);
        fprintf(out, ": %s", f->what);
        if (v->finding_gain[i] > 0)
            fprintf(out, " (%s measures %.2fx)",
                    diag_kind_label(diag_lever_of(f->id)),
                    v->finding_gain[i]);
        fputc('\n', out);
    }
}

static void print_text(FILE *out, const diag_plan *p, const diag_verdict *v)
{
    const diag_variant *b = &p->v[DIAG_BASELINE];
    const cusim_result *r = &b->res;
    cusim_stall top = diag_top_stall(r);
    cusim_warp_state ws = diag_top_state(r);
    fprintf(out, "cusim diagnose: %s on %s\n\n", b->k.name, b->hw.name);
    fprintf(out, "Baseline\n");
    fprintf(out, "  time       %" PRIu64 " cycles (%.1f us), %.2f waves of "
            "workgroups; bound %s\n", r->cycles, r->time_us, v->waves,
            v->bound);
    fprintf(out, "  occupancy  %.2f achieved, %.2f theoretical: %.1f "
            "subgroups per CU, limited by %s\n",
            r->achieved_occupancy, r->occupancy.theoretical, diag_resident(b),
            cusim_limiter_name(b->occ.limiter));
    if (r->hierarchy)
        fprintf(out, "  memory     %.1f%% of the busiest level's peak "
                "(sol.memory), %.1f lines in flight on average\n",
                100 * r->sol_memory, r->avg_inflight);
    else
        fprintf(out, "  memory     %.1f%% of the bandwidth used, %.1f "
                "transactions in flight on average\n",
                100 * r->bandwidth_utilization, r->avg_inflight);
    fprintf(out, "  issue      %.1f%% of the issue slots used (busiest "
            "unit %.1f%%); top stall %s (%.1f%% of scheduler-cycles)\n",
            100 * r->issue_utilization, 100 * r->sol_busiest_unit,
            cusim_stall_name(top), 100 * r->stalls[top]);
    fprintf(out, "  states     %.1f%% of subgroup-cycles %s, %.1f cycles "
            "per issued instruction\n", 100 * r->warp_states[ws],
            cusim_warp_state_name(ws), r->cycles_per_issue);
    if (r->hierarchy)
        fprintf(out, "  caches     L1 hit rate %.1f%%, L2 %.1f%%; speeds of "
                "light L1 %.1f%%, L2 %.1f%%, DRAM %.1f%%; busiest unit %s\n",
                100 * r->l1_hit_rate, 100 * r->l2_hit_rate, 100 * r->sol_l1,
                100 * r->sol_l2, 100 * r->sol_dram,
                r->bound_unit ? r->bound_unit : "?");

    text_findings(out, v);

    fprintf(out, "\nCounterfactuals (one change each, simulated again; each "
            "holds %s)\n", DIAG_HOLDS);
    for (int i = 1; i < DIAG_COUNT; i++) {
        const diag_variant *x = &p->v[i];
        if (!x->applicable) {
            fprintf(out, "  %-27s n/a     %s\n", diag_kind_label(x->kind),
                    x->why);
            continue;
        }
        if (!x->ran || x->rc != 0) {
            fprintf(out, "  %-27s failed  %s\n", diag_kind_label(x->kind),
                    x->ran ? x->error : "did not run");
            continue;
        }
        fprintf(out, "  %-27s %5.2fx  %s\n", diag_kind_label(x->kind),
                diag_speedup(p, x->kind), x->change);
        fprintf(out, "      holds %s\n", diag_kind_holds(x->kind));
        text_changes(out, b, x);
    }

    fprintf(out, "\nVerdict\n  %s\n", v->evidence);
    if (v->level)
        fprintf(out, "  level %s: %s\n", v->level, v->level_text);
    if (v->agrees)
        fprintf(out, "  the speedups bear out the baseline's bound (%s, from "
                "its speeds of light)\n", v->bound);
    else
        fprintf(out, "  the baseline's bound says %s (from its speeds of "
                "light), the measured speedups say %s: trust the "
                "speedups\n", v->bound, v->kind);
    fprintf(out, "  try first: %s\n", v->try_first);

    text_laws(out, b, v);
}

/* ---------------------------------------------------------------- json */

static void json_real(FILE *out, const char *key, double x)
{
    fprintf(out, "\"%s\": %.10g", key, x);
}

static void json_run(FILE *out, const diag_variant *v)
{
    const cusim_result *r = &v->res;
    fprintf(out, "\"cycles\": %" PRIu64 ", ", r->cycles);
    json_real(out, "achieved_occupancy", r->achieved_occupancy);
    fputs(", ", out);
    json_real(out, "resident_subgroups", diag_resident(v));
    fputs(", ", out);
    json_real(out, "bandwidth_utilization", r->bandwidth_utilization);
    fputs(", ", out);
    json_real(out, "issue_utilization", r->issue_utilization);
    fprintf(out, ", \"top_stall\": \"%s\", \"top_state\": \"%s\"",
            cusim_stall_name(diag_top_stall(r)),
            cusim_warp_state_name(diag_top_state(r)));
}

static void print_json(FILE *out, const diag_plan *p, const diag_verdict *v)
{
    const diag_variant *b = &p->v[DIAG_BASELINE];
    fputs("{\"hw\": ", out);
    json_string(out, b->hw.name);
    fputs(", \"kernel\": ", out);
    json_string(out, b->k.name);
    fputs(", \"baseline\": {", out);
    json_run(out, b);
    fprintf(out, ", \"limiter\": \"%s\", \"bound\": ",
            cusim_limiter_name(b->occ.limiter));
    json_string(out, v->bound);
    fputs(", ", out);
    json_real(out, "waves", v->waves);
    fputs("}, \"variants\": [", out);
    for (int i = 1; i < DIAG_COUNT; i++) {
        const diag_variant *x = &p->v[i];
        fprintf(out, "%s{\"name\": \"%s\", \"change\": ", i > 1 ? ", " : "",
                diag_kind_name(x->kind));
        json_string(out, x->change);
        fprintf(out, ", \"holds\": \"%s, %s\"", DIAG_HOLDS,
                diag_kind_holds(x->kind));
        fprintf(out, ", \"applicable\": %s", x->applicable ? "true" : "false");
        if (!x->applicable) {
            fputs(", \"reason\": ", out);
            json_string(out, x->why);
        } else if (!x->ran || x->rc != 0) {
            fputs(", \"error\": ", out);
            json_string(out, x->ran ? x->error : "did not run");
        } else {
            fputs(", ", out);
            json_real(out, "speedup", diag_speedup(p, x->kind));
            fputs(", ", out);
            json_run(out, x);
        }
        fputs("}", out);
    }
    fprintf(out, "], \"verdict\": {\"kind\": \"%s\", \"lever\": \"%s\", "
            "\"evidence\": ", v->kind,
            v->lever == DIAG_BASELINE ? "none" : diag_kind_name(v->lever));
    json_string(out, v->evidence);
    fputs(", \"unit\": ", out);
    if (v->unit)
        fprintf(out, "\"%s\"", v->unit);
    else
        fputs("null", out);
    fputs(", \"bound\": ", out);
    json_string(out, v->bound);
    fprintf(out, ", \"agrees_with_bound\": %s, \"try\": ",
            v->agrees ? "true" : "false");
    json_string(out, v->try_first);
    fputs(", \"level\": ", out);
    if (v->level) {
        fprintf(out, "\"%s\", \"level_why\": ", v->level);
        json_string(out, v->level_text);
    } else {
        fputs("null", out);
    }
    fputs(", \"findings\": ", out);
    findings_json(out, v->findings, v->n_findings, v->finding_gain, true);
    fputs(", \"littles_law\": {", out);
    json_real(out, "needed_bytes", v->needed_bytes);
    fputs(", ", out);
    json_real(out, "achieved_bytes", v->achieved_bytes);
    fputs(", ", out);
    json_real(out, "subgroups_per_cu", v->subgroups_needed);
    fputs(", ", out);
    json_real(out, "cap_bytes", v->cap_bytes);
    if (b->res.hierarchy) {
        fputs(", \"levels\": {", out);
        for (int i = 0; i < DIAG_LEVELS; i++) {
            const diag_law *l = &v->law[i];
            fprintf(out, "%s\"%s\": ", i ? ", " : "", diag_level_name((diag_level)i));
            if (!l->present) {
                fputs("null", out);
                continue;
            }
            fprintf(out, "{\"reached\": %s, ", l->reached ? "true" : "false");
            json_real(out, "share", l->share);
            fputs(", ", out);
            json_real(out, "latency", l->latency);
            fputs(", ", out);
            json_real(out, "bytes_per_cycle", l->bytes_per_cycle);
            fputs(", ", out);
            json_real(out, "needed_bytes", l->needed_bytes);
            fputs(", ", out);
            json_real(out, "achieved_bytes", l->achieved_bytes);
            fputs("}", out);
        }
        fputs("}", out);
    }
    fputs("}}}\n", out);
}

void diag_print(FILE *out, const diag_plan *p, const diag_verdict *v,
                cusim_format fmt)
{
    if (fmt == CUSIM_FORMAT_JSON)
        print_json(out, p, v);
    else
        print_text(out, p, v);
}
