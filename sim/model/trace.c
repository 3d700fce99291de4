/*
 * trace.c — the run's recorder: the instruction trace, the Chrome
 * trace-event JSON of the traced CUs and the GPU-wide timeline CSV
 * (trace.h; the formats are in docs/formats.md).
 *
 * Counters (resident subgroups, instructions issued, transactions in
 * flight) are piecewise constant between hooks, so they are integrated at
 * each change: `step` adds value x elapsed cycles up to a hook's cycle,
 * closing every window of `every` cycles it passes (one CSV row, and one
 * counter event per traced CU and counter). A global access leaves the
 * count when its last transaction completes, a cycle no hook may come at:
 * the memory system says which accesses completed when (mem_watch,
 * mem_next_done, in completion order), and each is taken off at its own
 * cycle before anything later is counted.
 *
 * Slices are written when they end: a subgroup's warp-state interval when
 * it stops waiting (trace_state), its stay in the ready set and its issues
 * when it issues. Back-to-back issues of one subgroup are one "issue"
 * slice whose args.count says how many.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "json.h"
#include "timeline.h"
#include "trace.h"
#include "xalloc.h"

#define DEFAULT_EVERY 100
#define DEFAULT_MAX_BYTES 48000000ull
#define DEFAULT_CUS 4
#define CLOSING_BYTES 1024   /* kept back from the cap for the closing */
#define NO_TRACK UINT32_MAX

/* A traced CU's counters: their values, and their integrals over the
 * current window up to `since`. */
typedef struct cu_count {
    uint64_t resident, tx;
    uint64_t since;
    uint64_t res_int, tx_int, issued;
} cu_count;

/* A subgroup slot's open slices (JSON only). */
typedef struct slot {
    uint32_t track;         /* its tid while it runs on a traced CU, else
                               NO_TRACK */
    uint32_t cu;
    uint64_t ready_since;   /* it entered the ready set */
    uint64_t run_from;      /* back-to-back issues not written yet: */
    uint32_t run_n;         /* how many (0: none) */
    uint32_t run_pc;        /* the first one's pc and opcode */
    const char *run_op;
} slot;

struct trace {
    FILE *text, *json, *csv;
    const cusim_hw *hw;
    const char *kernel;             /* its name, for the JSON */
    uint32_t n_cus, per_part;       /* tracks per partition */
    uint64_t every, from, to, max_bytes;
    uint64_t rows, max_rows;        /* the timeline's rows, its cap */
    uint64_t cut_at;                /* its rows left out from then, or 0 */
    bool counting;                  /* the counters are needed */

    /* counters, GPU-wide: values, integrals over the window [win, at) */
    uint64_t at, win;
    uint64_t resident, tx;
    uint64_t res_int, tx_int, issued;
    memsys *mem;                    /* whose accesses complete when */
    mem_stats seen;                 /* its counters at the last window */

    /* the JSON's */
    uint32_t *tcus;                 /* the traced CUs, ascending */
    uint32_t n_tcus;
    cu_count *cus;                  /* per CU; used for traced ones */
    uint8_t *traced;                /* per CU */
    uint8_t *busy;                  /* per track of every CU: in use */
    slot *slots;                    /* per subgroup slot (global index) */
    uint64_t bytes, events;
    bool truncated;
    uint64_t truncated_at;
};

/* ------------------------------------------------------------- JSON out */

/* Writes one trace event (printf-style, without the separator) unless the
 * size cap would be passed, in which case the trace is cut at `now`: an
 * instant event says so and nothing more is written but the closing. */
static void __attribute__((format(printf, 3, 4)))
emit(trace *t, uint64_t now, const char *fmt, ...)
{
    if (t->truncated)
        return;
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    assert(len > 0 && (size_t)len < sizeof buf);
    const char *sep = t->events ? ",\n" : "\n";
    if (t->bytes + 2 + (uint64_t)len + CLOSING_BYTES > t->max_bytes) {
        t->truncated = true;
        t->truncated_at = now;
        t->bytes += (uint64_t)fprintf(t->json, "%s{\"name\":\"trace truncated"
            "\",\"ph\":\"i\",\"s\":\"g\",\"pid\":0,\"tid\":0,\"ts\":%llu,"
            "\"args\":{\"reason\":\"the size cap (--trace-max-bytes) was "
            "reached; later events are left out\"}}", sep,
            (unsigned long long)now);
        t->events++;
        return;
    }
    t->bytes += (uint64_t)fprintf(t->json, "%s%s", sep, buf);
    t->events++;
}

/* A slice [a, b) named `name` on s's track, cut to the window; `args`
 * is the text of its args object, or NULL. */
static void slice(trace *t, const slot *s, const char *name, uint64_t a,
                  uint64_t b, uint64_t now, const char *args)
{
    if (a < t->from)
        a = t->from;
    if (b > t->to)
        b = t->to;
    if (a >= b)
        return;
    emit(t, now, "{\"name\":\"%s\",\"ph\":\"X\",\"pid\":%u,\"tid\":%u,"
         "\"ts\":%llu,\"dur\":%llu%s%s}", name, s->cu, s->track,
         (unsigned long long)a, (unsigned long long)(b - a),
         args ? ",\"args\":" : "", args ? args : "");
}

/* Writes s's pending run of back-to-back issues. */
static void flush_run(trace *t, slot *s, uint64_t now)
{
    if (s->run_n == 0)
        return;
    uint64_t a = s->run_from < t->from ? t->from : s->run_from;
    uint64_t b = s->run_from + s->run_n;
    if (b > t->to)
        b = t->to;
    if (a < b) {
        char args[128];
        snprintf(args, sizeof args, "{\"count\":%llu,\"pc\":%u,\"op\":\"%s\"}",
                 (unsigned long long)(b - a), s->run_pc, s->run_op);
        slice(t, s, "issue", a, b, now, args);
    }
    s->run_n = 0;
}

static void write_tracks(trace *t)
{
    const cusim_hw *hw = t->hw;
    for (uint32_t i = 0; i < t->n_tcus; i++) {
        uint32_t c = t->tcus[i];
        emit(t, 0, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":%u,"
             "\"args\":{\"name\":\"CU %u\"}}", c, c);
        emit(t, 0, "{\"name\":\"process_sort_index\",\"ph\":\"M\","
             "\"pid\":%u,\"args\":{\"sort_index\":%u}}", c, c);
        for (uint32_t p = 0; p < hw->cu.schedulers; p++)
            for (uint32_t k = 0; k < t->per_part; k++) {
                uint32_t tid = p * t->per_part + k;
                emit(t, 0, "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":"
                     "%u,\"tid\":%u,\"args\":{\"name\":\"partition %u slot "
                     "%u\"}}", c, tid, p, k);
                emit(t, 0, "{\"name\":\"thread_sort_index\",\"ph\":\"M\","
                     "\"pid\":%u,\"tid\":%u,\"args\":{\"sort_index\":%u}}",
                     c, tid, tid);
            }
    }
}

/* ------------------------------------------------------------- counters */

/* Integrates traced CU c's counters up to `now`. */
static void cu_acc(trace *t, uint32_t c, uint64_t now)
{
    cu_count *k = &t->cus[c];
    assert(now >= k->since);
    k->res_int += k->resident * (now - k->since);
    k->tx_int += k->tx * (now - k->since);
    k->since = now;
}

static double per(uint64_t x, uint64_t d)
{
    return (double)x / (double)d;
}

const char *const trace_timeline_columns[TRACE_TIMELINE_COLUMNS] = {
    "cycle", "resident_subgroups", "occupancy", "issued", "issue_rate",
    "bytes_in_flight", "transactions_in_flight",
    "l1_hit_rate", "l2_hit_rate", "l1_bytes", "l2_bytes", "dram_bytes",
};

/* The memory hierarchy's columns of a window: hit rates and bytes per
 * level from the memory system's counters since the last window (empty
 * without a hierarchy, or, for a rate, without a request). */
static void level_columns(trace *t, FILE *out)
{
    const mem_stats *s = mem_get_stats(t->mem);
    if (!mem_has_hierarchy(t->mem)) {
        fputs(",,,,,", out);
        return;
    }
    const mem_stats d = mem_stats_since(s, &t->seen);
    uint64_t l1 = d.l1_sectors, l1h = d.l1_hits;
    uint64_t l2 = d.l2_sectors, l2h = d.l2_hits;
    uint64_t dram = d.dram_read_bytes + d.dram_write_bytes;
    if (l1)
        fprintf(out, ",%.10g", per(l1h, l1));
    else
        fputc(',', out);
    if (l2)
        fprintf(out, ",%.10g", per(l2h, l2));
    else
        fputc(',', out);
    fprintf(out, ",%llu,%llu,%llu",
            (unsigned long long)l1 * t->hw->cache.l1.sector,
            (unsigned long long)l2 * t->hw->cache.l2.sector,
            (unsigned long long)dram);
    t->seen = *s;
}

/* Ends the current window at `end` (> win): its CSV row and the traced
 * CUs' counter events; the next window starts there. */
static void close_window(trace *t, uint64_t end)
{
    uint64_t len = end - t->win;
    t->res_int += t->resident * (end - t->at);
    t->tx_int += t->tx * (end - t->at);
    t->at = end;
    if (t->csv && t->rows == t->max_rows) {
        t->cut_at = t->win;   /* the rest is left out: no more rows */
        t->csv = NULL;
    }
    if (t->csv) {
        const cusim_hw *hw = t->hw;
        t->rows++;
        fprintf(t->csv, "%llu,%.10g,%.10g,%llu,%.10g,%.10g,%.10g",
                (unsigned long long)end, per(t->res_int, len),
                per(t->res_int, len * hw->compute_units * hw->cu.max_subgroups),
                (unsigned long long)t->issued,
                per(t->issued, len * hw->compute_units),
                per(t->tx_int * hw->memory.transaction, len),
                per(t->tx_int, len));
        level_columns(t, t->csv);
        fputc('\n', t->csv);
    }
    if (t->json) {
        bool shown = end > t->from && t->win < t->to;
        uint64_t ts = t->win < t->from ? t->from : t->win;
        for (uint32_t i = 0; i < t->n_tcus; i++) {
            uint32_t c = t->tcus[i];
            cu_count *k = &t->cus[c];
            cu_acc(t, c, end);
            if (shown) {
                emit(t, end, "{\"name\":\"resident_subgroups\",\"ph\":\"C\","
                     "\"pid\":%u,\"ts\":%llu,\"args\":{\"value\":%.10g}}", c,
                     (unsigned long long)ts, per(k->res_int, len));
                emit(t, end, "{\"name\":\"issue_rate\",\"ph\":\"C\",\"pid\":"
                     "%u,\"ts\":%llu,\"args\":{\"value\":%.10g}}", c,
                     (unsigned long long)ts, per(k->issued, len));
                emit(t, end, "{\"name\":\"bytes_in_flight\",\"ph\":\"C\","
                     "\"pid\":%u,\"ts\":%llu,\"args\":{\"value\":%.10g}}", c,
                     (unsigned long long)ts,
                     per(k->tx_int * t->hw->memory.transaction, len));
            }
            k->res_int = k->tx_int = k->issued = 0;
        }
    }
    t->res_int = t->tx_int = t->issued = 0;
    t->win = end;
    if (!t->csv && (!t->json || t->truncated || end >= t->to)) {
        t->counting = false;   /* nothing left to write them to */
        mem_watch(t->mem, false);
    }
}

/* Integrates the GPU-wide counters up to `now`, closing the windows that
 * end by then. */
static void step(trace *t, uint64_t now)
{
    assert(now >= t->at);
    while (now >= t->win + t->every)
        close_window(t, t->win + t->every);
    t->res_int += t->resident * (now - t->at);
    t->tx_int += t->tx * (now - t->at);
    t->at = now;
}

/* Brings the counters to `now`: the accesses that complete by then leave
 * the count, each at its completion. */
static void advance(trace *t, uint64_t now)
{
    uint32_t cu, n;
    uint64_t done;
    while (mem_next_done(t->mem, now, &cu, &n, &done)) {
        step(t, done);
        if (t->traced[cu]) {
            cu_acc(t, cu, done);
            t->cus[cu].tx -= n;
        }
        t->tx -= n;
    }
    step(t, now);
}

/* ---------------------------------------------------------------- set-up */

trace *trace_new(const cusim_hw *hw, const cusim_sim_options *opt,
                 const char *kernel, memsys *mem)
{
    if (!opt->trace && !opt->trace_json && !opt->timeline)
        return NULL;
    trace *t = xcalloc(1, sizeof *t);
    t->text = opt->trace;
    t->json = opt->trace_json;
    t->csv = opt->timeline;
    t->hw = hw;
    t->kernel = kernel;
    t->mem = mem;
    t->n_cus = hw->compute_units;
    t->per_part = (hw->cu.max_subgroups + hw->cu.schedulers - 1)
                  / hw->cu.schedulers;
    t->every = opt->timeline_every ? opt->timeline_every : DEFAULT_EVERY;
    t->from = opt->trace_from;
    t->to = opt->trace_to ? opt->trace_to : UINT64_MAX;
    t->max_bytes = opt->trace_max_bytes ? opt->trace_max_bytes
                                        : DEFAULT_MAX_BYTES;
    t->max_rows = opt->timeline_max_rows ? opt->timeline_max_rows
                                         : CUSIM_TIMELINE_MAX_ROWS;
    t->counting = t->json || t->csv;
    t->traced = xcalloc(t->n_cus, 1);
    t->cus = xcalloc(t->n_cus, sizeof *t->cus);
    if (t->counting)
        mem_watch(mem, true);
    for (int c = 0; t->csv && c < TRACE_TIMELINE_COLUMNS; c++)
        fprintf(t->csv, "%s%c", trace_timeline_columns[c],
                c + 1 < TRACE_TIMELINE_COLUMNS ? ',' : '\n');
    if (!t->json)
        return t;

    if (opt->n_trace_cus == 0)
        for (uint32_t c = 0; c < DEFAULT_CUS && c < t->n_cus; c++)
            t->traced[c] = 1;
    for (uint32_t r = 0; r < opt->n_trace_cus && r < CUSIM_TRACE_RANGES; r++)
        for (uint64_t c = opt->trace_cus[r][0];
             c <= opt->trace_cus[r][1] && c < t->n_cus; c++)
            t->traced[c] = 1;
    t->tcus = xcalloc(t->n_cus, sizeof *t->tcus);
    for (uint32_t c = 0; c < t->n_cus; c++)
        if (t->traced[c])
            t->tcus[t->n_tcus++] = c;
    t->busy = xcalloc((size_t)t->n_cus * hw->cu.schedulers * t->per_part, 1);
    size_t n_sgs = (size_t)t->n_cus * hw->cu.max_subgroups;
    t->slots = xcalloc(n_sgs, sizeof *t->slots);
    for (size_t s = 0; s < n_sgs; s++)
        t->slots[s].track = NO_TRACK;
    t->bytes = (uint64_t)fprintf(t->json, "{\"traceEvents\":[");
    write_tracks(t);
    return t;
}

void trace_finish(trace *t, uint64_t end)
{
    if (t->counting) {
        advance(t, end);
        if (end > t->win)
            close_window(t, end);
    }
    if (!t->json)
        return;
    size_t n_sgs = (size_t)t->n_cus * t->hw->cu.max_subgroups;
    for (size_t s = 0; s < n_sgs; s++)
        if (t->slots[s].track != NO_TRACK)
            flush_run(t, &t->slots[s], end);   /* a failed run's */
    fprintf(t->json, "\n],\"displayTimeUnit\":\"ms\",\"otherData\":{"
            "\"cycle\":\"1 us in the viewer is 1 cycle\",\"hw\":");
    json_string(t->json, t->hw->name);
    fputs(",\"kernel\":", t->json);
    json_string(t->json, t->kernel);
    uint64_t to = t->to < end ? t->to : end;
    fprintf(t->json, ",\"from\":%llu,\"to\":%llu,\"every\":%llu,"
            "\"events\":%llu,\"truncated\":%s,\"truncated_at\":",
            (unsigned long long)t->from,
            (unsigned long long)(to > t->from ? to : t->from),
            (unsigned long long)t->every, (unsigned long long)t->events,
            t->truncated ? "true" : "false");
    if (t->truncated)
        fprintf(t->json, "%llu}}\n", (unsigned long long)t->truncated_at);
    else
        fputs("null}}\n", t->json);
}

uint64_t trace_timeline_cut(const trace *t)
{
    return t ? t->cut_at : 0;
}

void trace_free(trace *t)
{
    if (!t)
        return;
    free(t->tcus);
    free(t->cus);
    free(t->traced);
    free(t->busy);
    free(t->slots);
    free(t);
}

/* ----------------------------------------------------------------- hooks */

void trace_start(trace *t, uint32_t sg, uint32_t cu, uint32_t part,
                 uint64_t now)
{
    if (!t->json || !t->traced[cu] || t->truncated)
        return;
    slot *s = &t->slots[sg];
    uint8_t *busy = t->busy
        + ((size_t)cu * t->hw->cu.schedulers + part) * t->per_part;
    for (uint32_t k = 0; k < t->per_part; k++)
        if (!busy[k]) {
            busy[k] = 1;
            s->track = part * t->per_part + k;
            break;
        }
    assert(s->track != NO_TRACK);   /* a partition's slots are its cap */
    s->cu = cu;
    s->ready_since = now;
    s->run_n = 0;
}

void trace_end(trace *t, uint32_t sg, uint64_t now)
{
    if (!t->json || t->slots[sg].track == NO_TRACK)
        return;
    slot *s = &t->slots[sg];
    flush_run(t, s, now);
    t->busy[(size_t)s->cu * t->hw->cu.schedulers * t->per_part + s->track] = 0;
    s->track = NO_TRACK;
}

void trace_state(trace *t, uint32_t sg, cusim_warp_state state,
                 uint64_t from, uint64_t to)
{
    if (!t->json || t->slots[sg].track == NO_TRACK || t->truncated)
        return;
    slot *s = &t->slots[sg];
    if (to > from) {
        flush_run(t, s, to);
        slice(t, s, cusim_warp_state_name(state), from, to, to, NULL);
    }
    s->ready_since = to;
}

void trace_issue(trace *t, uint64_t now, uint32_t cu, uint32_t part,
                 uint32_t sg, uint32_t pc, const char *op, uint32_t tx)
{
    if (t->text)
        fprintf(t->text, "%llu cu%u p%u sg%u %u %s\n",
                (unsigned long long)now, cu, part, sg, pc, op);
    if (t->counting) {
        advance(t, now);
        t->issued++;
        if (t->traced[cu]) {
            cu_acc(t, cu, now);
            t->cus[cu].issued++;
            t->cus[cu].tx += tx;
        }
        t->tx += tx;
    }
    if (!t->json || t->slots[sg].track == NO_TRACK || t->truncated)
        return;
    slot *s = &t->slots[sg];
    if (s->ready_since < now) {
        flush_run(t, s, now);
        slice(t, s, "ready", s->ready_since, now, now, NULL);
    }
    if (s->run_n > 0 && s->run_from + s->run_n == now) {
        s->run_n++;
        return;
    }
    flush_run(t, s, now);
    s->run_from = now;
    s->run_n = 1;
    s->run_pc = pc;
    s->run_op = op;
}

void trace_resident(trace *t, uint32_t cu, int64_t delta, uint64_t now)
{
    if (!t->counting)
        return;
    advance(t, now);
    t->resident = (uint64_t)((int64_t)t->resident + delta);
    if (t->traced[cu]) {
        cu_acc(t, cu, now);
        t->cus[cu].resident = (uint64_t)((int64_t)t->cus[cu].resident + delta);
    }
}
