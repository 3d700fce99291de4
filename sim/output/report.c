/*
 * report.c — results as ordered (key, value) fields, and their printers.
 *
 * The model fills plain counter structs; this module turns them into fields
 * and prints them as text, JSON or CSV. Printers know nothing about GPUs.
 * Which fields a result has, in what order, with what type, unit and
 * meaning is the table sim/output/fields.def: it drives the report functions,
 * cusim_field_at and `cusim fields`.
 */
#include <assert.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "csv.h"
#include "cusim.h"
#include "json.h"

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
        else if (fmt == CUSIM_FORMAT_CSV)
            csv_write_field(out, f->s);
        else
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

/* The JSON object of `r`, all but its closing brace. */
static void print_json_open(const cusim_report *r, FILE *out)
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
}

void cusim_report_print_json_open(const cusim_report *r, FILE *out)
{
    print_json_open(r, out);
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
        print_json_open(r, out);
        fputs("}\n", out);
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

/* ------------------------------------------------------ the field table */

/* Appending one field of each fields.def TYPE. */
static void add_INT(cusim_report *r, const char *key, int64_t v)
{
    cusim_report_int(r, key, v);
}

static void add_REAL(cusim_report *r, const char *key, double v)
{
    cusim_report_real(r, key, v);
}

static void add_TEXT(cusim_report *r, const char *key, const char *v)
{
    cusim_report_string(r, key, v);
}

static void add_LIMIT(cusim_report *r, const char *key, uint32_t v)
{
    if (v == CUSIM_UNLIMITED)
        cusim_report_none(r, key);
    else
        cusim_report_int(r, key, v);
}

static void add_LIMITER(cusim_report *r, const char *key, cusim_limiter v)
{
    cusim_report_string(r, key, cusim_limiter_name(v));
}

static void add_REGSOURCE(cusim_report *r, const char *key,
                          cusim_register_source v)
{
    cusim_report_string(r, key, cusim_register_source_name(v));
}

/* A result's bound is already its name (cusim_bound_name), and so is its
 * bound unit. */
#define add_BOUND add_TEXT
#define add_UNIT add_TEXT
#define add_PIPE add_TEXT

/* The three units of res with the highest shares, highest first:
 * "shared 94%  alu 61%  l1 40%" (cusim_sol_ranking's order). */
static void add_TOP(cusim_report *r, const char *key, const cusim_result *res)
{
    cusim_sol_unit order[CUSIM_SOL_UNIT_COUNT];
    int n = cusim_sol_ranking(res, order);
    char text[sizeof r->fields[0].s] = "";
    size_t at = 0;
    for (int i = 0; i < n && i < 3 && at < sizeof text; i++)
        at += (size_t)snprintf(text + at, sizeof text - at, "%s%s %.0f%%",
                               i ? "  " : "", cusim_sol_unit_name(order[i]),
                               100 * res->sol_unit[order[i]]);
    cusim_report_string(r, key, text);
}

/* The hierarchy's counters and fractions: negative when the run has
 * none, reported as none. */
static void add_HINT(cusim_report *r, const char *key, int64_t v)
{
    if (v < 0)
        cusim_report_none(r, key);
    else
        cusim_report_int(r, key, v);
}

static void add_HREAL(cusim_report *r, const char *key, double v)
{
    if (v < 0)
        cusim_report_none(r, key);
    else
        cusim_report_real(r, key, v);
}

/* IN_SIM_<IN>(code) keeps `code` for the rows cusim_report_result
 * appends, IN_OCC_<IN>(code) for those of cusim_report_occupancy. */
#define IN_SIM_SIM(code) code
#define IN_SIM_HOST(code) code
#define IN_SIM_BOTH(code) code
#define IN_SIM_OCC(code)
#define IN_SIM_CALLER(code)
#define IN_OCC_SIM(code)
#define IN_OCC_HOST(code)
#define IN_OCC_BOTH(code) code
#define IN_OCC_OCC(code) code
#define IN_OCC_CALLER(code)

void cusim_report_occupancy(cusim_report *r, const cusim_occupancy *o)
{
#define FIELD(key, type, in, value, unit, meaning, source) \
    IN_OCC_##in(add_##type(r, key, (value));)
#include "fields.def"
#undef FIELD
}

/* The keys dispatch[N].KEY of the per-dispatch rows, N from 0. */
#define DISPATCH_KEY_(n, key, type, value, unit, meaning, source) \
    "dispatch[" #n "]." key,
#define DISPATCH_KEYS_(n) { CUSIM_DISPATCH_FIELDS(DISPATCH_KEY_, n) },
static const char *const dispatch_keys[][sizeof (const char *[]) {
    CUSIM_DISPATCH_FIELDS(DISPATCH_KEY_, N) } / sizeof (const char *)] = {
    DISPATCH_KEYS_(0) DISPATCH_KEYS_(1) DISPATCH_KEYS_(2) DISPATCH_KEYS_(3)
    DISPATCH_KEYS_(4) DISPATCH_KEYS_(5) DISPATCH_KEYS_(6) DISPATCH_KEYS_(7)
    DISPATCH_KEYS_(8)
};
#undef DISPATCH_KEYS_
#undef DISPATCH_KEY_
_Static_assert(sizeof dispatch_keys / sizeof dispatch_keys[0]
               == CUSIM_DISPATCH_MAX, "a key row per possible dispatch");

void cusim_report_result(cusim_report *r, const cusim_result *res)
{
    const cusim_occupancy *o = &res->occupancy;
#define FIELD(key, type, in, value, unit, meaning, source) \
    IN_SIM_##in(add_##type(r, key, (value));)
#include "fields.def"
#undef FIELD
    if (res->dispatches < 2)
        return;
    for (uint32_t n = 0; n < res->dispatches && n < CUSIM_DISPATCH_MAX; n++) {
        const cusim_dispatch_result *dr = &res->dispatch[n];
        int k = 0;
#define ROW_(n_, key, type, value, unit, meaning, source) \
        add_##type(r, dispatch_keys[n][k++], (value));
        CUSIM_DISPATCH_FIELDS(ROW_, -)
#undef ROW_
    }
}

#define NAME_(id, name, meaning) name,
static const char *const limiter_values[] = { CUSIM_LIMITERS(NAME_) NULL };
static const char *const bound_values[] = { CUSIM_BOUNDS(NAME_) NULL };
static const char *const regsrc_values[] = {
    CUSIM_REGISTER_SOURCES(NAME_) NULL
};
#undef NAME_
#define UNIT_NAME_(id, name, pipe) name,
static const char *const unit_values[] = { CUSIM_SOL_UNITS(UNIT_NAME_) NULL };
#undef UNIT_NAME_
/* CUSIM_SOL_UNITS' pipes, the rows before CUSIM_SOL_PIPES
 * (tests/check_report.c checks they match) */
static const char *const pipe_values[] = { "alu", "sfu", "shared", "mem",
                                           "scalar", NULL };
_Static_assert(sizeof pipe_values / sizeof pipe_values[0]
               == CUSIM_SOL_PIPES + 1, "one name per pipe");

/* A fields.def TYPE as cusim_field_desc's type, may_be_none, values. */
#define DESC_INT CUSIM_VALUE_INT, false, NULL
#define DESC_REAL CUSIM_VALUE_REAL, false, NULL
#define DESC_TEXT CUSIM_VALUE_STRING, false, NULL
#define DESC_LIMIT CUSIM_VALUE_INT, true, NULL
#define DESC_LIMITER CUSIM_VALUE_STRING, false, limiter_values
#define DESC_BOUND CUSIM_VALUE_STRING, false, bound_values
#define DESC_UNIT CUSIM_VALUE_STRING, false, unit_values
#define DESC_REGSOURCE CUSIM_VALUE_STRING, false, regsrc_values
#define DESC_PIPE CUSIM_VALUE_STRING, false, pipe_values
#define DESC_TOP CUSIM_VALUE_STRING, false, NULL
#define DESC_HINT CUSIM_VALUE_INT, true, NULL
#define DESC_HREAL CUSIM_VALUE_REAL, true, NULL

/* A fields.def IN as cusim_field_desc's bits. */
#define BITS_SIM CUSIM_IN_SIM
#define BITS_HOST (CUSIM_IN_SIM | CUSIM_IN_HOST)
#define BITS_OCC CUSIM_IN_OCCUPANCY
#define BITS_BOTH (CUSIM_IN_SIM | CUSIM_IN_OCCUPANCY)
#define BITS_CALLER (CUSIM_IN_SIM | CUSIM_IN_OCCUPANCY | CUSIM_IN_CALLER)

static const cusim_field_desc field_table[] = {
#define FIELD(key, type, in, value, unit, meaning, source) \
    { key, DESC_##type, BITS_##in, unit, meaning, source },
#include "fields.def"
#undef FIELD
#define ROW_(n, key, type, value, unit, meaning, source) \
    { "dispatch[" #n "]." key, DESC_##type, CUSIM_IN_SIM | CUSIM_IN_DISPATCH, \
      unit, meaning, source },
    CUSIM_DISPATCH_FIELDS(ROW_, N)
#undef ROW_
};

#define N_FIELDS (sizeof field_table / sizeof field_table[0])

const cusim_field_desc *cusim_field_at(size_t i)
{
    return i < N_FIELDS ? &field_table[i] : NULL;
}

/* The description of report key `key` (dispatch[0].KEY is dispatch[N].KEY),
 * or NULL. */
static const cusim_field_desc *desc_of(const char *key)
{
    const char *rest = NULL;
    if (strncmp(key, "dispatch[", 9) == 0 && (rest = strstr(key, "].")))
        rest += 2;
    for (size_t i = 0; i < N_FIELDS; i++) {
        const char *k = field_table[i].key;
        if (rest ? strncmp(k, "dispatch[N].", 12) == 0 && !strcmp(k + 12, rest)
                 : !strcmp(k, key))
            return &field_table[i];
    }
    return NULL;
}

const char *cusim_report_bad_fraction(const cusim_report *r)
{
    for (int i = 0; i < r->n; i++) {
        const cusim_field *f = &r->fields[i];
        if (f->type != CUSIM_VALUE_REAL)
            continue;
        const cusim_field_desc *d = desc_of(f->key);
        if (d && strcmp(d->unit, "fraction") == 0 && !(f->r >= 0 && f->r <= 1))
            return f->key;
    }
    return NULL;
}

/* ------------------------------------------------------- cusim fields */

/* The type as `cusim fields` shows it. */
static const char *type_text(const cusim_field_desc *d)
{
    if (d->values)
        return "name";
    switch (d->type) {
    case CUSIM_VALUE_INT:
        return d->may_be_none ? "integer|none" : "integer";
    case CUSIM_VALUE_REAL:
        return "real";
    case CUSIM_VALUE_STRING:
    case CUSIM_VALUE_NONE:
        break;
    }
    return "text";
}

/* The meaning as `cusim fields` shows it: a name's values follow it. */
static void meaning_text(const cusim_field_desc *d, char *buf, size_t size)
{
    size_t at = (size_t)snprintf(buf, size, "%s", d->meaning);
    for (size_t i = 0; d->values && d->values[i] && at < size; i++)
        at += (size_t)snprintf(buf + at, size - at, "%s%s", i ? ", " : ": ",
                               d->values[i]);
}

/* The outputs `cusim fields` lists, in its order. */
static const struct {
    unsigned in;
    const char *name;      /* the JSON member, the CSV output column */
    const char *title;     /* the text title line */
} outputs[] = {
    { CUSIM_IN_SIM, "sim", "# cusim sim fields (json nests them at the "
      "dots)" },
    { CUSIM_IN_OCCUPANCY, "occupancy", "# cusim occupancy fields" },
};

static void fields_text(FILE *out, unsigned in)
{
    int wk = 0, wt = 0, wu = 0;
    for (size_t i = 0; i < N_FIELDS; i++) {
        const cusim_field_desc *d = &field_table[i];
        if (!(d->in & in))
            continue;
        int k = (int)strlen(d->key), t = (int)strlen(type_text(d));
        int u = (int)strlen(d->unit);
        wk = k > wk ? k : wk;
        wt = t > wt ? t : wt;
        wu = u > wu ? u : wu;
    }
    for (size_t i = 0; i < N_FIELDS; i++) {
        const cusim_field_desc *d = &field_table[i];
        char meaning[512];
        if (!(d->in & in))
            continue;
        meaning_text(d, meaning, sizeof meaning);
        fprintf(out, "%-*s  %-*s  %-*s  %s\n", wk, d->key, wt, type_text(d),
                wu, d->unit, meaning);
    }
}

static void fields_json(FILE *out, unsigned in)
{
    bool first = true;
    for (size_t i = 0; i < N_FIELDS; i++) {
        const cusim_field_desc *d = &field_table[i];
        char meaning[512];
        if (!(d->in & in))
            continue;
        meaning_text(d, meaning, sizeof meaning);
        fputs(first ? "{\"key\":" : ",{\"key\":", out);
        first = false;
        json_string(out, d->key);
        fputs(",\"type\":", out);
        json_string(out, type_text(d));
        if (d->values) {
            fputs(",\"values\":[", out);
            for (size_t v = 0; d->values[v]; v++) {
                if (v)
                    fputc(',', out);
                json_string(out, d->values[v]);
            }
            fputc(']', out);
        }
        fputs(",\"unit\":", out);
        json_string(out, d->unit);
        fputs(",\"meaning\":", out);
        json_string(out, meaning);
        fputs(",\"source\":", out);
        json_string(out, d->source);
        fputc('}', out);
    }
}

static void fields_csv(FILE *out, unsigned in, const char *output)
{
    for (size_t i = 0; i < N_FIELDS; i++) {
        const cusim_field_desc *d = &field_table[i];
        char meaning[512];
        if (!(d->in & in))
            continue;
        meaning_text(d, meaning, sizeof meaning);
        fprintf(out, "%s,%s,%s,", output, d->key, type_text(d));
        csv_write_field(out, d->unit);
        fputc(',', out);
        csv_write_field(out, meaning);
        fputc(',', out);
        csv_write_field(out, d->source);
        fputc('\n', out);
    }
}

void cusim_fields_print(FILE *out, unsigned in, cusim_format fmt)
{
    bool first = true;
    if (fmt == CUSIM_FORMAT_JSON)
        fputc('{', out);
    else if (fmt == CUSIM_FORMAT_CSV)
        fputs("output,key,type,unit,meaning,source\n", out);
    for (size_t o = 0; o < sizeof outputs / sizeof outputs[0]; o++) {
        if (!(outputs[o].in & in))
            continue;
        switch (fmt) {
        case CUSIM_FORMAT_TEXT:
            fprintf(out, "%s%s\n", first ? "" : "\n", outputs[o].title);
            fields_text(out, outputs[o].in);
            break;
        case CUSIM_FORMAT_JSON:
            fprintf(out, "%s\"%s\":[", first ? "" : ",", outputs[o].name);
            fields_json(out, outputs[o].in);
            fputc(']', out);
            break;
        case CUSIM_FORMAT_CSV:
            fields_csv(out, outputs[o].in, outputs[o].name);
            break;
        }
        first = false;
    }
    if (fmt == CUSIM_FORMAT_JSON)
        fputs("}\n", out);
}
