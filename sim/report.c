/*
 * report.c — results as ordered (key, value) fields, and their printers.
 *
 * The model fills plain counter structs; this module turns them into fields
 * and prints them as text, JSON or CSV. Printers know nothing about GPUs.
 */
#include <assert.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "cusim.h"

static cusim_field *report_add(cusim_report *r, const char *key,
                               cusim_value_type type)
{
    assert(r->n < CUSIM_REPORT_MAX);
    cusim_field *f = &r->fields[r->n++];
    memset(f, 0, sizeof *f);
    f->key = key;
    f->type = type;
    return f;
}

void cusim_report_int(cusim_report *r, const char *key, int64_t v)
{
    report_add(r, key, CUSIM_VALUE_INT)->i = v;
}

void cusim_report_real(cusim_report *r, const char *key, double v)
{
    report_add(r, key, CUSIM_VALUE_REAL)->r = v;
}

void cusim_report_string(cusim_report *r, const char *key, const char *v)
{
    cusim_field *f = report_add(r, key, CUSIM_VALUE_STRING);
    snprintf(f->s, sizeof f->s, "%s", v);
}

void cusim_report_none(cusim_report *r, const char *key)
{
    report_add(r, key, CUSIM_VALUE_NONE);
}

int cusim_format_parse(const char *name, cusim_format *fmt)
{
    static const char *const names[] = { "text", "json", "csv" };
    for (int i = 0; i < 3; i++)
        if (strcmp(name, names[i]) == 0) {
            *fmt = (cusim_format)i;
            return 0;
        }
    return -1;
}

/* Prints a JSON string literal. */
static void json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

static void print_value(FILE *out, const cusim_field *f, cusim_format fmt)
{
    switch (f->type) {
    case CUSIM_VALUE_INT:
        fprintf(out, "%lld", (long long)f->i);
        break;
    case CUSIM_VALUE_REAL:
        if (isfinite(f->r))
            fprintf(out, "%.10g", f->r);
        else
            fputs(fmt == CUSIM_FORMAT_JSON ? "null" : "", out);
        break;
    case CUSIM_VALUE_STRING:
        if (fmt == CUSIM_FORMAT_JSON)
            json_string(out, f->s);
        else if (fmt == CUSIM_FORMAT_CSV && strpbrk(f->s, ",\"\n")) {
            fputc('"', out);
            for (const char *p = f->s; *p; p++) {
                if (*p == '"')
                    fputc('"', out);
                fputc(*p, out);
            }
            fputc('"', out);
        } else
            fputs(f->s, out);
        break;
    case CUSIM_VALUE_NONE:
        fputs(fmt == CUSIM_FORMAT_JSON ? "null"
              : fmt == CUSIM_FORMAT_TEXT ? "-" : "", out);
        break;
    }
}

/* Drops the last component of a dotted prefix: "a.b." -> "a.", "a." -> "". */
static void prefix_pop(char *prefix)
{
    size_t n = strlen(prefix);
    assert(n > 0 && prefix[n - 1] == '.');
    n--;
    while (n > 0 && prefix[n - 1] != '.')
        n--;
    prefix[n] = '\0';
}

static void print_json(const cusim_report *r, FILE *out)
{
    /* `open` is the dotted prefix of the objects currently open, e.g.
     * "occupancy.limits." at depth 2; comma[d] says whether the object at
     * depth d already has a member. */
    char open[256] = "";
    bool comma[16] = { false };
    int depth = 0;
    fputc('{', out);
    for (int i = 0; i < r->n; i++) {
        const char *key = r->fields[i].key;
        while (depth > 0 && strncmp(key, open, strlen(open)) != 0) {
            fputc('}', out);
            depth--;
            prefix_pop(open);
        }
        for (;;) {
            size_t at = strlen(open);
            const char *dot = strchr(key + at, '.');
            if (!dot)
                break;
            assert(depth + 1 < (int)(sizeof comma / sizeof comma[0]));
            assert((size_t)(dot - key) + 2 <= sizeof open);
            if (comma[depth])
                fputc(',', out);
            comma[depth] = true;
            fputc('"', out);
            fwrite(key + at, 1, (size_t)(dot - key) - at, out);
            fputs("\":{", out);
            comma[++depth] = false;
            memcpy(open, key, (size_t)(dot - key) + 1);
            open[dot - key + 1] = '\0';
        }
        if (comma[depth])
            fputc(',', out);
        comma[depth] = true;
        json_string(out, key + strlen(open));
        fputc(':', out);
        print_value(out, &r->fields[i], CUSIM_FORMAT_JSON);
    }
    for (; depth > 0; depth--)
        fputc('}', out);
    fputs("}\n", out);
}

void cusim_report_print(const cusim_report *r, cusim_format fmt, FILE *out)
{
    switch (fmt) {
    case CUSIM_FORMAT_TEXT: {
        int width = 0;
        for (int i = 0; i < r->n; i++) {
            int len = (int)strlen(r->fields[i].key);
            width = len > width ? len : width;
        }
        for (int i = 0; i < r->n; i++) {
            fprintf(out, "%-*s  ", width, r->fields[i].key);
            print_value(out, &r->fields[i], fmt);
            fputc('\n', out);
        }
        break;
    }
    case CUSIM_FORMAT_JSON:
        print_json(r, out);
        break;
    case CUSIM_FORMAT_CSV:
        for (int i = 0; i < r->n; i++)
            fprintf(out, "%s%s", i ? "," : "", r->fields[i].key);
        fputc('\n', out);
        for (int i = 0; i < r->n; i++) {
            if (i)
                fputc(',', out);
            print_value(out, &r->fields[i], fmt);
        }
        fputc('\n', out);
        break;
    }
}

static void report_limit(cusim_report *r, const char *key, uint32_t v)
{
    if (v == CUSIM_UNLIMITED)
        cusim_report_none(r, key);
    else
        cusim_report_int(r, key, v);
}

void cusim_report_occupancy(cusim_report *r, const cusim_occupancy *o)
{
    cusim_report_int(r, "simd_width", o->simd_width);
    cusim_report_int(r, "registers_per_invocation", o->registers_per_invocation);
    cusim_report_int(r, "subgroups_per_workgroup", o->subgroups_per_workgroup);
    cusim_report_int(r, "registers_per_subgroup", o->registers_per_subgroup);
    cusim_report_int(r, "shared_per_workgroup", o->shared_per_workgroup);
    cusim_report_real(r, "occupancy.theoretical", o->theoretical);
    cusim_report_string(r, "occupancy.limiter", cusim_limiter_name(o->limiter));
    cusim_report_int(r, "occupancy.workgroups_per_cu", o->workgroups_per_cu);
    cusim_report_int(r, "occupancy.subgroups_per_cu", o->subgroups_per_cu);
    cusim_report_int(r, "occupancy.invocations_per_cu", o->invocations_per_cu);
    static const char *const keys[CUSIM_LIMIT_COUNT] = {
        "occupancy.limits.registers", "occupancy.limits.shared_memory",
        "occupancy.limits.subgroups", "occupancy.limits.workgroups",
        "occupancy.limits.invocations",
    };
    for (int l = 0; l < CUSIM_LIMIT_COUNT; l++)
        report_limit(r, keys[l], o->limits[l]);
}

void cusim_report_result(cusim_report *r, const cusim_result *res)
{
    static const char *const stall_keys[CUSIM_STALL_COUNT] = {
        "stalls.issued", "stalls.memory", "stalls.dependency",
        "stalls.barrier", "stalls.throttle", "stalls.idle", "stalls.tail",
    };
    const cusim_occupancy *o = &res->occupancy;
    cusim_report_int(r, "cycles", (int64_t)res->cycles);
    cusim_report_real(r, "time_us", res->time_us);
    cusim_report_int(r, "workgroups", (int64_t)res->workgroups);
    cusim_report_int(r, "subgroups", (int64_t)res->subgroups);
    cusim_report_int(r, "invocations", (int64_t)res->invocations);
    cusim_report_int(r, "warp_instructions", (int64_t)res->warp_instructions);
    cusim_report_int(r, "lane_instructions", (int64_t)res->lane_instructions);
    cusim_report_real(r, "simd_efficiency", res->simd_efficiency);
    cusim_report_int(r, "simd_width", o->simd_width);
    cusim_report_real(r, "occupancy.theoretical", o->theoretical);
    cusim_report_real(r, "occupancy.achieved", res->achieved_occupancy);
    cusim_report_string(r, "occupancy.limiter", cusim_limiter_name(o->limiter));
    cusim_report_int(r, "occupancy.workgroups_per_cu", o->workgroups_per_cu);
    cusim_report_int(r, "occupancy.subgroups_per_cu", o->subgroups_per_cu);
    cusim_report_int(r, "occupancy.invocations_per_cu", o->invocations_per_cu);
    cusim_report_int(r, "occupancy.peak_workgroups_per_cu",
                     res->peak_workgroups_per_cu);
    static const char *const keys[CUSIM_LIMIT_COUNT] = {
        "occupancy.limits.registers", "occupancy.limits.shared_memory",
        "occupancy.limits.subgroups", "occupancy.limits.workgroups",
        "occupancy.limits.invocations",
    };
    for (int l = 0; l < CUSIM_LIMIT_COUNT; l++)
        report_limit(r, keys[l], o->limits[l]);
    cusim_report_real(r, "issue.ipc", res->ipc);
    cusim_report_real(r, "issue.utilization", res->issue_utilization);
    for (int s = 0; s < CUSIM_STALL_COUNT; s++)
        cusim_report_real(r, stall_keys[s], res->stalls[s]);
    cusim_report_int(r, "memory.transactions", (int64_t)res->memory_transactions);
    cusim_report_int(r, "memory.bytes", (int64_t)res->memory_bytes);
    cusim_report_real(r, "memory.bandwidth_utilization",
                      res->bandwidth_utilization);
    cusim_report_real(r, "memory.avg_latency", res->avg_latency);
    cusim_report_real(r, "memory.avg_inflight", res->avg_inflight);
    cusim_report_string(r, "bound", res->bound);
    cusim_report_int(r, "dispatches", res->dispatches);
    cusim_report_real(r, "sim.host_seconds", res->host_seconds);
    cusim_report_real(r, "sim.warp_instructions_per_second",
                      res->warp_instructions_per_second);
}
