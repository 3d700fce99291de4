/*
 * imp_sass.c — the reader of NVIDIA SASS as `cuobjdump -sass` (and
 * `nvdisasm -c`) print it: one kernel's instructions, its branch targets
 * as labels (an address such as 0x100, or nvdisasm's .L_x_0), its target
 * (sm_80), and its registers and shared memory from the resource lines
 * of `cuobjdump -res-usage` (`REG:32 SHARED:2048`), in the listing or in
 * a file of their own (--resources).
 */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "fileio.h"
#include "imp_int.h"
#include "suggest.h"
#include "xalloc.h"

#define MAX_KERNELS 64

/* One line: [s, s + len), its number. */
typedef struct sline {
    const char *s;
    size_t len;
    int no;
} sline;

/* The next line of the text at *pos into `ln`; false at the end. */
static bool next_line(const char **pos, int *no, sline *ln)
{
    if (!**pos)
        return false;
    const char *s = *pos, *e = strchr(s, '\n');
    if (!e)
        e = s + strlen(s);
    *pos = *e ? e + 1 : e;
    ln->s = s;
    ln->len = (size_t)(e - s);
    while (ln->len && isspace((unsigned char)s[ln->len - 1]))
        ln->len--;
    ln->no = ++*no;
    return true;
}

static size_t skip_blank(const sline *ln, size_t i)
{
    while (i < ln->len && isspace((unsigned char)ln->s[i]))
        i++;
    return i;
}

/* Whether the line, from its first non-blank byte, starts with `w`;
 * then *at is the byte after it. */
static bool starts(const sline *ln, const char *w, size_t *at)
{
    size_t i = skip_blank(ln, 0), n = strlen(w);
    if (ln->len - i < n || memcmp(ln->s + i, w, n) != 0)
        return false;
    if (at)
        *at = i + n;
    return true;
}

/* The name of a kernel header on `ln` into `buf`: cuobjdump's
 * "Function : NAME" or nvdisasm's ".text.NAME:" label. */
static bool kernel_header(const sline *ln, char *buf, size_t size)
{
    size_t at, n = 0;
    if (starts(ln, "Function : ", &at)) {
        at = skip_blank(ln, at);
        while (at < ln->len && !isspace((unsigned char)ln->s[at])
               && n + 1 < size)
            buf[n++] = ln->s[at++];
    } else if (starts(ln, ".text.", &at) && ln->s[ln->len - 1] == ':') {
        while (at < ln->len - 1 && n + 1 < size)
            buf[n++] = ln->s[at++];
    } else {
        return false;
    }
    buf[n] = '\0';
    return n > 0;
}

/* Whether `ln` is cuobjdump's line of dots closing a function. */
static bool is_dots(const sline *ln)
{
    size_t i = skip_blank(ln, 0);
    if (ln->len - i < 4)
        return false;
    for (size_t k = i; k < ln->len; k++)
        if (ln->s[k] != '.')
            return false;
    return true;
}

/* ----------------------------------------------------------- operands */

/* A register token [t, t + n) (no brackets, no sign): R12, UR4, P0, UP1;
 * RZ, URZ, PT, UPT are none. A `.64` suffix makes a pair. */
static bool parse_reg(const char *t, size_t n, imp_reg *r, bool *pred)
{
    *pred = false;
    uint8_t file;
    size_t p;
    if (n >= 2 && t[0] == 'U' && t[1] == 'R') {
        file = IMP_FILE_UR;
        p = 2;
    } else if (n >= 2 && t[0] == 'U' && t[1] == 'P') {
        file = IMP_FILE_UP;
        p = 2;
        *pred = true;
    } else if (n >= 1 && t[0] == 'R') {
        file = IMP_FILE_R;
        p = 1;
    } else if (n >= 1 && t[0] == 'P') {
        file = IMP_FILE_P;
        p = 1;
        *pred = true;
    } else {
        return false;
    }
    if (p < n && t[p] == 'T' && (p + 1 == n || t[p + 1] == '.'))
        return false;             /* PT, UPT: always true */
    if (p < n && t[p] == 'Z' && (p + 1 == n || t[p + 1] == '.')) {
        *pred = false;
        return false;             /* RZ, URZ: zero */
    }
    if (p >= n || !isdigit((unsigned char)t[p])) {
        *pred = false;
        return false;
    }
    unsigned long v = 0;
    while (p < n && isdigit((unsigned char)t[p]) && v < IMP_FILE_REGS)
        v = v * 10 + (unsigned long)(t[p++] - '0');
    if (p < n && t[p] != '.') {
        *pred = false;
        return false;
    }
    if (v + 1 >= IMP_FILE_REGS)
        return false;
    r->file = file;
    r->lo = r->hi = (uint16_t)v;
    if (p + 3 <= n && memcmp(t + p, ".64", 3) == 0)
        r->hi = (uint16_t)(v + 1);
    return true;
}

int64_t imp_sass_cbank0(const char *s, const char *e)
{
    char buf[64];
    size_t n = (size_t)(e - s) < sizeof buf - 1 ? (size_t)(e - s)
                                                : sizeof buf - 1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    char *end;
    long bank = strtol(buf + 2, &end, 0);
    if (bank != 0 || end[0] != ']' || end[1] != '[')
        return -1;
    const char *o = end + 2;
    long off = strtol(o, &end, 0);
    if (end == o || *end != ']' || off < 0 || off > (1L << 20))
        return -1;
    return off;
}

/* Adds operand [s, e) of `in`: a bracketed address adds each register in
 * it (is_addr), a constant-bank operand c[..][..] none (its bank-0 offset
 * goes to param_off). */
static void add_operand(imp_insn *in, const char *s, const char *e)
{
    while (s < e && isspace((unsigned char)*s))
        s++;
    while (e > s && isspace((unsigned char)e[-1]))
        e--;
    if (s == e || in->n_ops >= IMP_MAX_OPERANDS)
        return;
    if (e - s > 1 && s[0] == 'c' && s[1] == '[')
        in->param_off = imp_sass_cbank0(s, e);
    if (memchr(s, '[', (size_t)(e - s)) && !(e - s > 1 && s[0] == 'c'
                                             && s[1] == '[')) {
        /* an address: [R2.64], [R0.X4+0x400], desc[UR4][R2.64+0x10] */
        const char *p = s;
        while (p < e && in->n_ops < IMP_MAX_OPERANDS) {
            while (p < e && !isalpha((unsigned char)*p))
                p++;
            const char *t = p;
            while (p < e && (isalnum((unsigned char)*p) || *p == '.'
                             || *p == '_'))
                p++;
            imp_reg r = { IMP_FILE_NONE, 0, 0 };
            bool pred;
            if (p > t && parse_reg(t, (size_t)(p - t), &r, &pred)) {
                assert(r.file < IMP_FILE_COUNT && r.lo <= r.hi
                       && r.hi < IMP_FILE_REGS);
                in->is_addr[in->n_ops] = true;
                in->ops[in->n_ops++] = r;
            }
        }
        return;
    }
    while (s < e && (*s == '-' || *s == '|' || *s == '!' || *s == '~'))
        s++;
    while (e > s && e[-1] == '|')
        e--;
    imp_reg r = { IMP_FILE_NONE, 0, 0 };
    bool pred = false;
    parse_reg(s, (size_t)(e - s), &r, &pred);
    if (!pred && (e - s == 2 || e - s == 3)
        && (memcmp(s, "PT", 2) == 0 || memcmp(s, "UPT", 3) == 0))
        pred = true;              /* PT among the predicate operands */
    /* a register range within its file (imp_regs.c reads it) */
    assert(r.file == IMP_FILE_NONE
           || (r.file < IMP_FILE_COUNT && r.lo <= r.hi
               && r.hi < IMP_FILE_REGS));
    in->is_pred[in->n_ops] = pred;
    in->ops[in->n_ops++] = r;
}

/* Parses the instruction text [s, e) (after the address, before ';'). */
static int parse_insn(imp_insn *in, const char *s, const char *e,
                      const char *file, int line, int col0,
                      cusim_error *err)
{
    const char *p = s;
    const char *guard = NULL;    /* "@!P0" */
    size_t guard_len = 0;
    if (*p == '@') {
        guard = p;
        p++;
        if (*p == '!')
            p++;
        const char *g = p;
        while (p < e && !isspace((unsigned char)*p))
            p++;
        guard_len = (size_t)(p - guard);
        bool pred;
        parse_reg(g, (size_t)(p - g), &in->guard, &pred);
        while (p < e && isspace((unsigned char)*p))
            p++;
    }
    const char *m = p;
    while (p < e && !isspace((unsigned char)*p))
        p++;
    if (p == m || (size_t)(p - m) >= IMP_MNEM_MAX)
        return err_set(err, file, line, col0 + (int)(m - s) + 1,
                       "expected a SASS opcode");
    memcpy(in->mnem, m, (size_t)(p - m));
    in->mnem[p - m] = '\0';
    in->column = col0 + (int)(m - s) + 1;
    in->row = imp_map_find(IMP_FORMAT_SASS, in->mnem);
    if (guard && guard_len < 16) {
        /* a guard's own row: @!PT never runs */
        char key[IMP_MNEM_MAX + 20];
        snprintf(key, sizeof key, "%.*s %s", (int)guard_len, guard,
                 in->mnem);
        const imp_map_row *own = imp_map_find_key(IMP_FORMAT_SASS, key);
        if (own)
            in->row = own;
    }
    /* operands, split at commas outside brackets */
    const char *o = p;
    int depth = 0;
    for (const char *q = p; q <= e; q++) {
        if (q < e && (*q == '[' || *q == '(' || *q == '{'))
            depth++;
        else if (q < e && (*q == ']' || *q == ')' || *q == '}'))
            depth--;
        if (q == e || (*q == ',' && depth == 0)) {
            if (in->row && in->row->op == IMP_OP_BRANCH && !in->target[0]) {
                /* the target: 0x100, or `(.L_x_0) */
                const char *t = o;
                while (t < q && (isspace((unsigned char)*t) || *t == '`'
                                 || *t == '('))
                    t++;
                const char *te = t;
                while (te < q && !isspace((unsigned char)*te) && *te != ')')
                    te++;
                if (te - t > 2 && t[0] == '0' && t[1] == 'x') {
                    unsigned long a = strtoul(t, NULL, 16);
                    snprintf(in->target, sizeof in->target, "0x%lx", a);
                } else if (te > t && (size_t)(te - t) < sizeof in->target) {
                    memcpy(in->target, t, (size_t)(te - t));
                    in->target[te - t] = '\0';
                }
            } else {
                add_operand(in, o, q);
            }
            o = q + 1;
        }
    }
    /* widths the opcode gives its registers */
    uint32_t bytes = imp_sass_width(in->mnem);
    if (in->row && bytes > 4) {
        int op = in->row->op;
        uint16_t extra = (uint16_t)(bytes / 4 - 1);
        for (int i = 0; i < in->n_ops; i++) {
            imp_reg *r = &in->ops[i];
            if (r->file != IMP_FILE_R && r->file != IMP_FILE_UR)
                continue;
            bool data = !in->is_addr[i];
            bool widen = (op == ISA_OP_LD_GLOBAL || op == ISA_OP_LD_SHARED)
                             ? i == 0 && data
                         : (op == ISA_OP_ST_GLOBAL || op == ISA_OP_ST_SHARED)
                             ? data : false;
            if (widen && r->lo + extra < IMP_FILE_REGS)
                r->hi = (uint16_t)(r->lo + extra);
        }
    }
    if (strstr(in->mnem, ".WIDE") && in->n_ops > 0
        && in->ops[0].file == IMP_FILE_R)
        in->ops[0].hi = (uint16_t)(in->ops[0].lo + 1);
    if (strncmp(in->mnem, "DFMA", 4) == 0 || strncmp(in->mnem, "DADD", 4) == 0
        || strncmp(in->mnem, "DMUL", 4) == 0)
        for (int i = 0; i < in->n_ops; i++)
            if (in->ops[i].file == IMP_FILE_R)
                in->ops[i].hi = (uint16_t)(in->ops[i].lo + 1);
    return 0;
}

/* ---------------------------------------------------------- resources */

/* Finds "Function NAME:" followed by its "REG:N ... SHARED:N" line in
 * `text`; fills m. Returns 1 found, 0 not there, -1 with `err` set (a
 * line without REG or SHARED: truncated). */
static int read_resources(const char *text, const char *file,
                          const char *name, imp_meta *m, cusim_error *err)
{
    const char *pos = text;
    int no = 0;
    sline ln;
    bool mine = false;
    while (next_line(&pos, &no, &ln)) {
        size_t at;
        if (starts(&ln, "Function ", &at) && ln.s[ln.len - 1] == ':') {
            size_t n = ln.len - 1 - at;
            mine = n == strlen(name) && memcmp(ln.s + at, name, n) == 0;
            continue;
        }
        if (!mine || !starts(&ln, "REG:", NULL))
            continue;
        char buf[512];
        size_t n = ln.len < sizeof buf - 1 ? ln.len : sizeof buf - 1;
        memcpy(buf, ln.s, n);
        buf[n] = '\0';
        const char *r = strstr(buf, "REG:"), *sh = strstr(buf, "SHARED:");
        if (!r || !sh)
            return err_set(err, file, ln.no, 1, "kernel '%s''s resource "
                           "line has no %s (truncated?)", name,
                           !r ? "REG:" : "SHARED:");
        m->vgprs = (uint32_t)strtoul(r + 4, NULL, 10);
        m->shared = (uint32_t)strtoul(sh + 7, NULL, 10);
        m->have_vgprs = m->have_shared = true;
        m->meta_line = ln.no;
        m->meta_file = file;
        return 1;
    }
    return 0;
}

/* -------------------------------------------------------------- reader */

int imp_sass_read(imp_listing *l, const char *kernel, const char *resources,
                  cusim_error *err)
{
    const char *file = l->file;
    char names[MAX_KERNELS][64];
    int n_names = 0, last = 0;
    const char *pos = l->text;
    int no = 0;
    sline ln;
    bool cuobjdump = false;
    while (next_line(&pos, &no, &ln)) {
        last = ln.no;
        size_t at;
        char w[64];
        if (kernel_header(&ln, w, sizeof w)) {
            cuobjdump |= starts(&ln, "Function : ", NULL);
            bool dup = false;
            for (int i = 0; i < n_names; i++)
                dup |= strcmp(names[i], w) == 0;
            if (!dup && n_names < MAX_KERNELS)
                memcpy(names[n_names++], w, strlen(w) + 1);
        } else if (starts(&ln, "code for ", &at) && !l->meta.target[0]) {
            size_t n = ln.len - at;
            if (n >= sizeof l->meta.target)
                n = sizeof l->meta.target - 1;
            memcpy(l->meta.target, ln.s + at, n);
            l->meta.target[n] = '\0';
        }
    }
    l->end_line = last;
    if (n_names == 0)
        return err_set(err, file, 1, 1, "no kernel in this file: it is not "
                       "SASS from cuobjdump -sass or nvdisasm (no "
                       "'Function : NAME' line)");
    const char *name;
    if (imp_pick_kernel(file, names, n_names, kernel, &name, err) != 0)
        return -1;
    snprintf(l->meta.kernel, sizeof l->meta.kernel, "%s", name);

    /* the kernel's instructions */
    size_t *addr = NULL, cap = 0;
    pos = l->text;
    no = 0;
    bool inside = false, ended = false;
    int start_line = 0;
    while (!ended && next_line(&pos, &no, &ln)) {
        char w[64];
        if (kernel_header(&ln, w, sizeof w)) {
            if (inside) {
                ended = !cuobjdump;
                if (cuobjdump)
                    break;        /* the next function before the dots */
                continue;
            }
            inside = strcmp(w, name) == 0;
            start_line = ln.no;
            continue;
        }
        if (!inside)
            continue;
        if (is_dots(&ln)) {
            ended = true;
            break;
        }
        size_t i = skip_blank(&ln, 0);
        if (i < ln.len && ln.s[i] == '.' && ln.s[ln.len - 1] == ':'
            && ln.len - i - 1 < IMP_LABEL_MAX) {
            /* nvdisasm: .L_x_0: */
            imp_label *b = imp_listing_label(l, ln.no, (int)i + 1, err);
            if (!b) {
                free(addr);
                return -1;
            }
            memcpy(b->name, ln.s + i, ln.len - i - 1);
            b->name[ln.len - i - 1] = '\0';
            b->insn = l->n_insns;
            b->line = ln.no;
            b->column = (int)i + 1;
            continue;
        }
        if (ln.len - i < 4 || memcmp(ln.s + i, "/*", 2) != 0
            || !isxdigit((unsigned char)ln.s[i + 2]))
            continue;             /* encodings, directives, blank lines */
        char *end;
        unsigned long a = strtoul(ln.s + i + 2, &end, 16);
        if (memcmp(end, "*/", 2) != 0)
            continue;
        const char *t = end + 2;
        while (t < ln.s + ln.len && isspace((unsigned char)*t))
            t++;
        const char *semi = memchr(t, ';', (size_t)(ln.s + ln.len - t));
        if (!semi) {
            free(addr);
            return err_set(err, file, ln.no, (int)(t - ln.s) + 1, "an "
                           "instruction without its ';' (a truncated "
                           "listing?)");
        }
        imp_insn *in = imp_listing_insn(l, ln.no, (int)(t - ln.s) + 1, err);
        if (!in) {
            free(addr);
            return -1;
        }
        in->line = ln.no;
        in->text = t;
        in->text_len = (int)(semi - t);
        if (parse_insn(in, t, semi, file, ln.no, (int)(t - ln.s), err)
            != 0) {
            free(addr);
            return -1;
        }
        if (l->n_insns > cap) {
            cap = cap ? 2 * cap : 256;
            addr = xrealloc_array(addr, cap, sizeof *addr);
        }
        addr[l->n_insns - 1] = a;
    }
    if (!inside || (!ended && cuobjdump)) {
        free(addr);
        return err_set(err, file, last > 0 ? last : 1, 1, "the listing ends "
                       "inside kernel '%s' (from line %d; no line of dots "
                       "after its code): truncated?", name, start_line);
    }
    /* branch targets given as addresses become labels (the addresses
     * ascend, as cuobjdump and nvdisasm print them: the instruction at
     * one found by bisection; else, in a listing whose addresses do not,
     * by a scan from the first) */
    bool ascending = true;
    for (size_t k = 1; k < l->n_insns && ascending; k++)
        ascending = addr[k - 1] < addr[k];
    for (size_t i = 0; i < l->n_insns; i++) {
        imp_insn *in = &l->insns[i];
        if (!in->target[0] || strncmp(in->target, "0x", 2) != 0
            || imp_listing_find_label(l, in->target))
            continue;
        unsigned long a = strtoul(in->target, NULL, 16);
        size_t k = 0, hi = l->n_insns;
        while (ascending && k < hi) {
            size_t mid = k + (hi - k) / 2;
            if (addr[mid] < a)
                k = mid + 1;
            else
                hi = mid;
        }
        while (!ascending && k < l->n_insns && addr[k] != a)
            k++;
        if (k == l->n_insns || addr[k] != a)
            continue;
        imp_label *b = imp_listing_label(l, in->line, in->column, err);
        if (!b) {
            free(addr);
            return -1;
        }
        snprintf(b->name, sizeof b->name, "%s", in->target);
        b->insn = k;
        b->line = l->insns[k].line;
        b->column = 1;
    }
    free(addr);

    /* registers and shared memory */
    l->meta.wave = 32;
    l->meta.have_wave = true;
    int rc = read_resources(l->text, file, name, &l->meta, err);
    if (rc < 0)
        return -1;
    if (rc == 0 && resources) {
        char *rtext;
        size_t rlen;
        if (fio_read_file(resources, (size_t)16 << 20, "the resource usage",
                          &rtext, &rlen, err) != 0)
            return -1;
        rc = read_resources(rtext, resources, name, &l->meta, err);
        free(rtext);
        if (rc < 0)
            return -1;
        if (rc == 0)
            return err_noplace(err, resources, "--resources %s: no resource "
                               "line (Function %s: ... REG:N SHARED:N) for "
                               "kernel '%s'", resources, name, name);
    }
    if (rc == 0)
        return err_noplace(err, file, "kernel '%s': %s has no resource "
                           "usage (REG:N SHARED:N): give --resources FILE "
                           "with cuobjdump -res-usage's output", name, file);
    return 0;
}
