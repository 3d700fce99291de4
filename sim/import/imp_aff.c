/*
 * imp_aff.c — the address pass's values (imp_addr.c): affine forms over
 * the launch's names and the kernel's buffers, the buffers named as the
 * listing shows them, and a form written as the kernel language's text
 * (an at= index). What the pass and each ISA's instructions
 * (imp_addr_sass.c, imp_addr_amd.c, imp_trip.c) compute with; it calls
 * none of them.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "imp_addr.h"

static const char *const name_text[A_PARAM] = {
    "lid_x", "lid_y", "wg_x", "wg_y", "it",
};

aff aff_unknown(void)
{
    aff a;
    memset(&a, 0, sizeof a);
    return a;
}

aff aff_constant(int64_t c)
{
    aff a = aff_unknown();
    a.known = true;
    a.c = c;
    return a;
}

/* The invariant of a known form: at most A_TERMS terms, each a name the
 * pass has (below A_ARG + A_ARGS), once, with a coefficient that is not
 * 0 (a cancelled term is dropped). Debug builds assert it of every form
 * the operations make. */
#ifndef NDEBUG
static bool form_ok(const aff *a)
{
    if (!a->known)
        return true;
    if (a->n < 0 || a->n > A_TERMS)
        return false;
    for (int i = 0; i < a->n; i++) {
        if (a->sym[i] < 0 || a->sym[i] >= A_ARG + A_ARGS || a->k[i] == 0)
            return false;
        for (int j = 0; j < i; j++)
            if (a->sym[j] == a->sym[i])
                return false;
    }
    return true;
}
#endif

aff aff_named(int sym)
{
    assert(sym >= 0 && sym < A_ARG + A_ARGS);
    aff a = aff_constant(0);
    a.n = 1;
    a.sym[0] = sym;
    a.k[0] = 1;
    return a;
}

/* *x += m * y; false where that overflows 64 bits (the form is then
 * unknown: no listing's address needs such numbers). */
static bool add_scaled(int64_t *x, int64_t m, int64_t y)
{
    int64_t t;
    return !__builtin_mul_overflow(m, y, &t)
           && !__builtin_add_overflow(*x, t, x);
}

aff aff_add(aff a, aff b, int64_t m)
{
    if (!a.known || !b.known || !add_scaled(&a.c, m, b.c))
        return aff_unknown();
    /* a form's terms: at most A_TERMS, each a name the pass has */
    assert(a.n >= 0 && a.n <= A_TERMS && b.n >= 0 && b.n <= A_TERMS);
    for (int i = 0; i < b.n; i++)
        assert(b.sym[i] >= 0 && b.sym[i] < A_ARG + A_ARGS);
    for (int i = 0; i < b.n; i++) {
        int j = 0;
        while (j < a.n && a.sym[j] != b.sym[i])
            j++;
        if (j == a.n) {
            if (a.n == A_TERMS)
                return aff_unknown();
            a.sym[a.n] = b.sym[i];
            a.k[a.n++] = 0;
        }
        if (!add_scaled(&a.k[j], m, b.k[i]))
            return aff_unknown();
    }
    /* drop the terms that cancelled */
    int w = 0;
    for (int i = 0; i < a.n; i++)
        if (a.k[i] != 0) {
            a.sym[w] = a.sym[i];
            a.k[w++] = a.k[i];
        }
    a.n = w;
    assert(form_ok(&a));
    return a;
}

aff aff_mul(aff a, aff b)
{
    if (!a.known || !b.known)
        return aff_unknown();
    if (b.n != 0) {
        aff t = a;
        a = b;
        b = t;
    }
    if (b.n != 0)
        return aff_unknown();
    return aff_add(aff_constant(0), a, b.c);
}

aff aff_shl(aff a, aff s)
{
    if (!s.known || s.n != 0 || s.c < 0 || s.c > 31)
        return aff_unknown();
    return aff_mul(a, aff_constant((int64_t)1 << s.c));
}

/* The name index of the buffer `key`, named `name` when it is new. */
static int buffer(apass *p, int64_t key, const char *name)
{
    for (int i = 0; i < p->n_bufs; i++)
        if (p->bufs[i].key == key)
            return A_PARAM + i;
    if (p->n_bufs == A_BUFS)
        return -1;
    p->bufs[p->n_bufs].key = key;
    snprintf(p->bufs[p->n_bufs].name, sizeof p->bufs[0].name, "%s", name);
    return A_PARAM + p->n_bufs++;
}

int addr_param(apass *p, int64_t off)
{
    char name[24];
    snprintf(name, sizeof name, "arg%llx", (unsigned long long)off);
    return buffer(p, off, name);
}

int addr_arg(apass *p, int64_t off)
{
    for (int i = 0; i < p->n_args; i++)
        if (p->arg_off[i] == off)
            return A_ARG + i;
    if (p->n_args == A_ARGS)
        return -1;
    p->arg_off[p->n_args] = off;
    return A_ARG + p->n_args++;
}

int addr_descriptor(apass *p, int sgpr, int64_t off)
{
    /* RADV puts the first descriptor set's pointer in s2 (s[0:1] are
     * its ring offsets): desc10 there, desc10_s3 for another set's */
    char name[24];
    if (sgpr == 2)
        snprintf(name, sizeof name, "desc%llx", (unsigned long long)off);
    else
        snprintf(name, sizeof name, "desc%llx_s%d", (unsigned long long)off,
                 sgpr);
    return buffer(p, (int64_t)sgpr << 32 | off, name);
}

bool addr_expr_text(const aff *a, char *buf, size_t size)
{
    if (!a->known)
        return false;
    size_t u = 0;
    buf[0] = '\0';
    for (int i = 0; i < a->n; i++) {
        if (a->sym[i] >= A_PARAM)
            return false;
        int64_t k = a->k[i], m = k < 0 ? -k : k;
        char coef[32] = "";
        if (m != 1)
            snprintf(coef, sizeof coef, "%lld * ", (long long)m);
        u += (size_t)snprintf(buf + u, size - u, "%s%s%s%s", u ? " " : "",
                              u ? (k < 0 ? "- " : "+ ") : (k < 0 ? "-" : ""),
                              coef, name_text[a->sym[i]]);
        if (u >= size)
            return false;
    }
    if (a->c != 0 || u == 0)
        u += (size_t)snprintf(buf + u, size - u, "%s%lld",
                              u ? (a->c < 0 ? " - " : " + ") : "",
                              (long long)(u && a->c < 0 ? -a->c : a->c));
    return u < size;
}

const imp_arg_opt *addr_arg_value(const apass *p, int64_t off)
{
    char name[24];
    snprintf(name, sizeof name, "arg%llx", (unsigned long long)off);
    for (int i = 0; i < p->n_vals; i++)
        if (strcmp(p->vals[i].name, name) == 0)
            return &p->vals[i];
    for (int i = 0; i < p->n_found; i++)
        if (strcmp(p->found[i].off, name) == 0)
            return &p->found[i];
    return NULL;
}

/* The offset of the kernel argument form `a` is alone (1 x it: AMD's
 * dword of the kernarg segment, or a parameter's word read as a value,
 * SASS's c[0x0][0x170]), or -1. */
static int64_t lone_arg(const apass *p, const aff *a)
{
    if (!a->known || a->n != 1 || a->k[0] != 1 || a->c != 0)
        return -1;
    int s = a->sym[0];
    if (s >= A_ARG && s < A_ARG + p->n_args)
        return p->arg_off[s - A_ARG];
    if (s >= A_PARAM && s < A_PARAM + p->n_bufs
        && strncmp(p->bufs[s - A_PARAM].name, "arg", 3) == 0)
        return p->bufs[s - A_PARAM].key;
    return -1;
}

/* Whether `a` is the flat global id of a one-dimensional workgroup,
 * wg_x x workgroup_x + lid_x. */
static bool flat_gid(const apass *p, const aff *a)
{
    if (!a->known || a->n != 2 || a->c != 0 || p->wg[1] > 1 || p->wg[2] > 1)
        return false;
    bool lid = false, wg = false;
    for (int i = 0; i < 2; i++) {
        lid |= a->sym[i] == A_LID_X && a->k[i] == 1;
        wg |= a->sym[i] == A_WG_X && a->k[i] == (int64_t)p->wg[0];
    }
    return lid && wg;
}

bool addr_bound_check(apass *p, aff a, aff b, const char *op, int line,
                      char *out, size_t size)
{
    /* gid < n as written, or n > gid */
    int64_t off;
    if (flat_gid(p, &a) && strcmp(op, "<") == 0)
        off = lone_arg(p, &b);
    else if (flat_gid(p, &b) && strcmp(op, ">") == 0)
        off = lone_arg(p, &a);
    else
        return false;
    if (off < 0)
        return false;
    const imp_arg_opt *v = addr_arg_value(p, off);
    int w;
    if (v && v->expr && !v->bounds_line)
        w = snprintf(out, size, "gid < (%s)", v->expr);
    else if (v && !v->expr)
        w = snprintf(out, size, "gid < %lld", (long long)v->value);
    else {
        w = snprintf(out, size, "gid < elements");
        if (!v) {
            p->bound_off = off;
            p->bound_line = line;
        }
    }
    return w > 0 && (size_t)w < size;
}

void addr_bound_taken(apass *p, const char *lanes)
{
    if (!p->bound_line || strcmp(lanes, "gid < elements") != 0
        || addr_arg_value(p, p->bound_off) || p->n_found == A_ARGS)
        return;
    imp_arg_opt *f = &p->found[p->n_found++];
    *f = (imp_arg_opt){ .expr = "elements", .param = -1,
                        .bounds_line = p->bound_line };
    snprintf(f->off, sizeof f->off, "arg%llx",
             (unsigned long long)p->bound_off);
    f->name = f->off;
    p->bound_line = 0;
}

void addr_at_text(const apass *p, aff a, uint32_t bytes, imp_insn *in)
{
    char *at = in->at;
    size_t size = sizeof in->at;
    at[0] = '\0';
    in->need_args[0] = '\0';
    in->arg_option = NULL;
    if (!a.known || bytes == 0)
        return;
    assert(form_ok(&a) && p->n_bufs <= A_BUFS && p->n_args <= A_ARGS);
#ifndef NDEBUG
    /* a buffer's or an argument's name is one the pass gave out */
    for (int i = 0; i < a.n; i++) {
        int s = a.sym[i];
        assert(s < A_PARAM || s >= A_PARAM + A_BUFS
               || s < A_PARAM + p->n_bufs);
        assert(s < A_ARG || s < A_ARG + p->n_args);
    }
#endif
    /* the base: the one pointer parameter added as it is (a second, or
     * one scaled, is an argument's value: an int beside the pointers) */
    int base = -1;
    for (int i = 0; i < a.n; i++)
        if (a.sym[i] >= A_PARAM && a.sym[i] < A_INPUT && a.k[i] == 1) {
            if (base >= 0)
                return;             /* two pointers: which one? */
            base = i;
        }
    if (base < 0)
        return;
    /* the arguments by their --arg values (a number into the form, an
     * expression of the launch shape kept as text: " + 4 * (elements)",
     * in bytes until divided below); those without, named */
    aff rest = aff_constant(a.c);
    size_t u = 0;
    char kept[160] = "";
    size_t ku = 0;
    const char *kept_option = NULL;
    for (int i = 0; i < a.n; i++) {
        int s = a.sym[i];
        int64_t off, kv;
        if (i == base || s < A_PARAM) {
            rest = aff_add(rest, aff_named(s), a.k[i]);
            continue;
        }
        if (s >= A_ARG && s < A_ARG + p->n_args)
            off = p->arg_off[s - A_ARG];
        else if (s < A_INPUT && strncmp(p->bufs[s - A_PARAM].name, "arg", 3)
                 == 0)
            off = p->bufs[s - A_PARAM].key;
        else
            return;                 /* an input SGPR, a descriptor, ... */
        const imp_arg_opt *v = addr_arg_value(p, off);
        if (!v) {
            if (u + 24 < sizeof in->need_args)
                u += (size_t)snprintf(in->need_args + u,
                                      sizeof in->need_args - u,
                                      "%sarg%llx", u ? ", " : "",
                                      (unsigned long long)off);
            continue;
        }
        if (v->expr) {
            /* k bytes a unit of it: k / bytes elements */
            int64_t k = a.k[i];
            if (k % bytes != 0)
                return;
            k /= bytes;
            int w = k == 1 ? snprintf(kept + ku, sizeof kept - ku,
                                      " + (%s)", v->expr)
                  : k == -1 ? snprintf(kept + ku, sizeof kept - ku,
                                       " - (%s)", v->expr)
                  : snprintf(kept + ku, sizeof kept - ku, " %c %lld * (%s)",
                             k < 0 ? '-' : '+',
                             (long long)(k < 0 ? -k : k), v->expr);
            if (w < 0 || (size_t)w >= sizeof kept - ku)
                return;
            ku += (size_t)w;
            kept_option = v->option;
            continue;
        }
        if (__builtin_mul_overflow(a.k[i], v->value, &kv)
            || __builtin_add_overflow(rest.c, kv, &rest.c))
            return;
    }
    if (u)
        return;                     /* it needs --arg */
    if (rest.c % bytes != 0)
        return;
    /* the index: the form without its pointer, in elements of `bytes` */
    int param = a.sym[base];
    aff idx = aff_add(rest, aff_named(param), -1);
    for (int i = 0; i < idx.n; i++) {
        if (idx.k[i] % bytes != 0)
            return;
        idx.k[i] /= bytes;
    }
    idx.c /= bytes;
    char expr[120];
    if (!addr_expr_text(&idx, expr, sizeof expr))
        return;
    int w = snprintf(at, size, "%s[%s%s]", p->bufs[param - A_PARAM].name,
                     expr, kept);
    if (w < 0 || (size_t)w >= size) {
        at[0] = '\0';                /* too long to say */
        return;
    }
    in->arg_option = kept_option;
}

void addr_shared_text(aff a, uint32_t bytes, char *at, size_t size)
{
    at[0] = '\0';
    if (!a.known || bytes == 0 || a.c % bytes != 0)
        return;
    for (int i = 0; i < a.n; i++) {
        if (a.sym[i] >= A_PARAM || a.k[i] % bytes != 0)
            return;
        a.k[i] /= bytes;
    }
    a.c /= bytes;
    char expr[120];
    if (!addr_expr_text(&a, expr, sizeof expr) || size < sizeof expr + 10)
        return;
    snprintf(at, size, "shared[%s]", expr);
}
