/*
 * imp_addr.c — global addresses read from the compiled code's address
 * arithmetic, so that an imported kernel's loads and stores touch the
 * bytes the real kernel's do (docs/import.md "Addresses").
 *
 * A forward pass over the listing keeps, for each register, its value as
 * an affine form over the launch's names (lid_x, lid_y, wg_x, wg_y, the
 * innermost loop's iteration `it`) and the kernel's pointer parameters:
 *
 *     value = c + k1 x name1 + k2 x name2 + ...
 *
 * An instruction whose result is not such a form (a logic operation, a
 * product of two names, a load) makes its registers unknown. A global
 * access whose address is one pointer parameter (coefficient 1) plus a
 * form whose coefficients and constant divide by the access's bytes gets
 * `at=argOFF[INDEX]`, the parameter's buffer (named by its offset in the
 * parameters) at the element INDEX; any other keeps its pattern.
 *
 * Loops: a register whose one write in a loop adds a constant to itself
 * (IADD3 R2, R2, 0x10, RZ) is an induction variable, entry + step x `it`
 * inside that loop, and in nested loops only the innermost counts (an
 * outer one's are unknown). After a loop or an if, what it wrote is
 * unknown. NVIDIA SASS only, for now: AMD listings keep their patterns.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "imp_int.h"
#include "xalloc.h"

enum { A_TERMS = 6 };

/* The names of a form; A_PARAM + i is pointer parameter i (offs[i]). */
enum { A_LID_X, A_LID_Y, A_WG_X, A_WG_Y, A_IT, A_PARAM };

static const char *const name_text[A_PARAM] = {
    "lid_x", "lid_y", "wg_x", "wg_y", "it",
};

typedef struct aff {
    bool known;
    int n;
    int sym[A_TERMS];
    int64_t k[A_TERMS];
    int64_t c;
} aff;

#define A_REGS 256

/* The pass's state: each R and UR register's value, the parameters seen. */
typedef struct apass {
    aff r[A_REGS], ur[A_REGS];
    int64_t offs[16];
    int n_offs;
} apass;

static aff unknown(void)
{
    aff a;
    memset(&a, 0, sizeof a);
    return a;
}

static aff constant(int64_t c)
{
    aff a = unknown();
    a.known = true;
    a.c = c;
    return a;
}

static aff named(int sym)
{
    aff a = constant(0);
    a.n = 1;
    a.sym[0] = sym;
    a.k[0] = 1;
    return a;
}

/* a + m x b; unknown when either is, or the terms overflow. */
static aff add_scaled(aff a, aff b, int64_t m)
{
    if (!a.known || !b.known)
        return unknown();
    a.c += m * b.c;
    for (int i = 0; i < b.n; i++) {
        int j = 0;
        while (j < a.n && a.sym[j] != b.sym[i])
            j++;
        if (j == a.n) {
            if (a.n == A_TERMS)
                return unknown();
            a.sym[a.n] = b.sym[i];
            a.k[a.n++] = 0;
        }
        a.k[j] += m * b.k[i];
    }
    /* drop the terms that cancelled */
    int w = 0;
    for (int i = 0; i < a.n; i++)
        if (a.k[i] != 0) {
            a.sym[w] = a.sym[i];
            a.k[w++] = a.k[i];
        }
    a.n = w;
    return a;
}

/* a x b: affine only when one of them is a constant. */
static aff mul(aff a, aff b)
{
    if (!a.known || !b.known)
        return unknown();
    if (b.n != 0) {
        aff t = a;
        a = b;
        b = t;
    }
    if (b.n != 0)
        return unknown();
    return add_scaled(constant(0), a, b.c);
}

static aff shl(aff a, aff s)
{
    if (!s.known || s.n != 0 || s.c < 0 || s.c > 31)
        return unknown();
    return mul(a, constant((int64_t)1 << s.c));
}

/* ----------------------------------------------------------- operands */

/* One operand's text, without a leading '-' or a trailing .reuse. */
typedef struct opnd {
    char t[48];
    bool neg;
} opnd;

/* Splits the operands of SASS instruction `in` (after the mnemonic, up to
 * ';', at commas outside brackets). Returns their count. */
static int split_operands(const imp_insn *in, opnd *o, int max)
{
    const char *s = in->text, *e = in->text + in->text_len;
    const char *m = strstr(s, in->mnem);
    if (!m || m >= e)
        return 0;
    s = m + strlen(in->mnem);
    const char *semi = memchr(s, ';', (size_t)(e - s));
    if (semi)
        e = semi;
    int n = 0;
    while (s < e && n < max) {
        while (s < e && isspace((unsigned char)*s))
            s++;
        const char *t = s;
        int depth = 0;
        while (t < e && (depth > 0 || *t != ',')) {
            depth += *t == '[' ? 1 : *t == ']' ? -1 : 0;
            t++;
        }
        const char *te = t;
        while (te > s && isspace((unsigned char)te[-1]))
            te--;
        opnd *p = &o[n];
        p->neg = s < te && *s == '-';
        if (p->neg)
            s++;
        size_t len = (size_t)(te - s);
        if (len >= sizeof p->t)
            len = sizeof p->t - 1;
        memcpy(p->t, s, len);
        p->t[len] = '\0';
        char *reuse = strstr(p->t, ".reuse");
        if (reuse)
            *reuse = '\0';
        if (len > 0)
            n++;
        s = t < e ? t + 1 : t;
    }
    return n;
}

/* The register slot an operand names (R12, UR4), NULL for RZ, URZ and
 * anything else; *zero is set for RZ / URZ. */
static aff *reg_slot(apass *p, const char *t, bool *zero)
{
    *zero = strcmp(t, "RZ") == 0 || strcmp(t, "URZ") == 0;
    bool ur = t[0] == 'U' && t[1] == 'R';
    const char *d = t + (ur ? 2 : 1);
    if ((t[0] != 'R' && !ur) || !isdigit((unsigned char)*d))
        return NULL;
    char *end;
    long i = strtol(d, &end, 10);
    if (i < 0 || i >= A_REGS || (*end && *end != '.'))
        return NULL;
    return ur ? &p->ur[i] : &p->r[i];
}

/* A pointer parameter's name index (A_PARAM + i) for byte offset `off`. */
static int param_sym(apass *p, int64_t off)
{
    for (int i = 0; i < p->n_offs; i++)
        if (p->offs[i] == off)
            return A_PARAM + i;
    if (p->n_offs == (int)(sizeof p->offs / sizeof p->offs[0]))
        return -1;
    p->offs[p->n_offs] = off;
    return A_PARAM + p->n_offs++;
}

/* An operand's value: a register's, an immediate, a constant-bank-0 word
 * (a parameter: its name, a pointer if an address is based on it). */
static aff value(apass *p, const opnd *o)
{
    bool zero;
    aff *slot = reg_slot(p, o->t, &zero);
    aff v = zero ? constant(0) : slot ? *slot : unknown();
    if (!zero && !slot) {
        char *end;
        if (o->t[0] == 'c' && o->t[1] == '[') {
            if (strncmp(o->t, "c[0x0][0x", 9) == 0) {
                long long off = strtoll(o->t + 7, &end, 16);
                int sym = *end == ']' ? param_sym(p, off) : -1;
                v = sym >= 0 ? named(sym) : unknown();
            }
        } else if (isdigit((unsigned char)o->t[0])) {
            long long c = strtoll(o->t, &end, 0);
            v = *end ? unknown() : constant(c);
        }
    }
    return o->neg ? add_scaled(constant(0), v, -1) : v;
}

/* ----------------------------------------------------------- the pass */

/* The value SASS instruction `in` writes to its first operand, from its
 * mnemonic and operands (unknown for what is not address arithmetic). */
static aff eval_sass(apass *p, const imp_insn *in, const opnd *o, int n)
{
    const char *m = in->mnem;
    if (strncmp(m, "S2R", 3) == 0 || strncmp(m, "S2UR", 4) == 0) {
        static const struct { const char *sr; int sym; } sr[] = {
            { "SR_TID.X", A_LID_X }, { "SR_TID.Y", A_LID_Y },
            { "SR_CTAID.X", A_WG_X }, { "SR_CTAID.Y", A_WG_Y },
        };
        for (size_t i = 0; n == 2 && i < sizeof sr / sizeof sr[0]; i++)
            if (strcmp(o[1].t, sr[i].sr) == 0)
                return named(sr[i].sym);
        return unknown();
    }
    if (strchr(m, '.') && strncmp(m, "IMAD", 4) != 0
        && strncmp(m, "LDC", 3) != 0 && strncmp(m, "ULDC", 4) != 0
        && strcmp(m, "SHF.L.U32") != 0 && strcmp(m, "MOV.U32") != 0)
        return unknown();         /* LEA.HI, IADD3.X, SHF.R, ...: no */
    if ((strcmp(m, "MOV") == 0 || strcmp(m, "UMOV") == 0
         || strcmp(m, "MOV.U32") == 0) && n == 2)
        return value(p, &o[1]);
    if ((strncmp(m, "LDC", 3) == 0 || strncmp(m, "ULDC", 4) == 0) && n == 2)
        return value(p, &o[1]);
    if ((strcmp(m, "IADD3") == 0 || strcmp(m, "UIADD3") == 0) && n == 4)
        return add_scaled(add_scaled(value(p, &o[1]), value(p, &o[2]), 1),
                          value(p, &o[3]), 1);
    if ((strcmp(m, "LEA") == 0 || strcmp(m, "ULEA") == 0) && n == 4)
        return add_scaled(value(p, &o[2]), shl(value(p, &o[1]),
                                               value(p, &o[3])), 1);
    if (strcmp(m, "SHF.L.U32") == 0 && n == 4 && strcmp(o[3].t, "RZ") == 0)
        return shl(value(p, &o[1]), value(p, &o[2]));
    if (strncmp(m, "IMAD", 4) == 0 && n == 4) {
        if (strcmp(m, "IMAD.MOV.U32") == 0 || strcmp(m, "IMAD.MOV") == 0)
            return value(p, &o[3]);
        if (strcmp(m, "IMAD") == 0 || strcmp(m, "IMAD.WIDE") == 0
            || strcmp(m, "IMAD.WIDE.U32") == 0 || strcmp(m, "IMAD.IADD") == 0
            || strcmp(m, "IMAD.SHL.U32") == 0)
            return add_scaled(mul(value(p, &o[1]), value(p, &o[2])),
                              value(p, &o[3]), 1);
    }
    return unknown();
}

/* The at= text of global access `in` from its bracketed address, or ""
 * (its pattern stays). */
static void address_of(apass *p, const opnd *o, int n, uint32_t bytes,
                       char *at, size_t size)
{
    at[0] = '\0';
    const opnd *b = NULL;
    for (int i = 0; i < n && !b; i++)
        if (o[i].t[0] == '[')
            b = &o[i];
    if (!b || bytes == 0)
        return;
    /* [R2.64], [R2.64+0x10], [R2.U32+UR4] ... : a register and an offset */
    opnd r = { "", false };
    const char *s = b->t + 1;
    size_t k = 0;
    while (s[k] && s[k] != '+' && s[k] != ']' && s[k] != '.'
           && k + 1 < sizeof r.t) {
        r.t[k] = s[k];
        k++;
    }
    r.t[k] = '\0';
    while (s[k] == '.' || isalnum((unsigned char)s[k]))
        k++;                      /* .64, .U32: a width, not a scale */
    aff a = value(p, &r);
    if (s[k] == '+') {
        opnd off = { "", false };
        snprintf(off.t, sizeof off.t, "%.*s", (int)strcspn(s + k + 1, "]"),
                 s + k + 1);
        a = add_scaled(a, value(p, &off), 1);
    }
    if (!a.known)
        return;
    int base = -1;
    for (int i = 0; i < a.n; i++)
        if (a.sym[i] >= A_PARAM) {
            if (base >= 0 || a.k[i] != 1)
                return;
            base = i;
        }
    if (base < 0 || a.c % bytes != 0)
        return;
    char expr[120];
    size_t u = 0;
    for (int i = 0; i < a.n; i++) {
        if (i == base)
            continue;
        if (a.k[i] % bytes != 0)
            return;
        int64_t k1 = a.k[i] / (int64_t)bytes, m = k1 < 0 ? -k1 : k1;
        char coef[32] = "";
        if (m != 1)
            snprintf(coef, sizeof coef, "%lld * ", (long long)m);
        u += (size_t)snprintf(expr + u, sizeof expr - u, "%s%s%s%s",
                              u ? " " : "", u ? (k1 < 0 ? "- " : "+ ")
                                              : (k1 < 0 ? "-" : ""),
                              coef, name_text[a.sym[i]]);
        if (u >= sizeof expr)
            return;
    }
    int64_t c = a.c / (int64_t)bytes;
    if (c != 0 || u == 0)
        u += (size_t)snprintf(expr + u, sizeof expr - u, "%s%lld",
                              u ? (c < 0 ? " - " : " + ") : "",
                              (long long)(u && c < 0 ? -c : c));
    if (u >= sizeof expr || size < sizeof expr + 24)
        return;
    snprintf(at, size, "arg%llx[%.*s]",
             (unsigned long long)p->offs[a.sym[base] - A_PARAM],
             (int)(sizeof expr - 1), expr);
}

/* The registers instruction `in` writes: the first operand (and, for a
 * WIDE or .64 result, the next register, whose value is the high half). */
static void write_result(apass *p, const imp_insn *in, const opnd *o,
                         int n, aff v)
{
    bool zero;
    aff *slot = n > 0 ? reg_slot(p, o[0].t, &zero) : NULL;
    if (!slot)
        return;
    if (in->guard.file != IMP_FILE_NONE)
        v = unknown();            /* written for some lanes only */
    *slot = v;
    bool wide = strstr(in->mnem, ".WIDE") || strstr(in->mnem, ".64");
    aff *end = o[0].t[0] == 'U' ? p->ur + A_REGS : p->r + A_REGS;
    if (wide && slot + 1 < end)
        slot[1] = unknown();      /* the high half: never an address */
}

/* Whether the loop [begin, end) writes register slot `s` once, by adding
 * a constant to itself (IADD3 R2, R2, 0x10, RZ); *step gets it. */
static bool induction(apass *p, const imp_listing *l, size_t begin,
                      size_t end, const aff *s, int64_t *step)
{
    int writes = 0;
    bool self_add = false;
    for (size_t i = begin; i < end; i++) {
        const imp_insn *in = &l->insns[i];
        opnd o[8];
        int n = split_operands(in, o, 8);
        bool zero;
        if (n == 0 || reg_slot(p, o[0].t, &zero) != s)
            continue;
        if (!in->row || in->row->op == IMP_OP_BRANCH
            || (in->row->roles != IMP_R_DST && in->row->roles != IMP_R_LOAD
                && in->row->roles != IMP_R_PDST))
            continue;
        writes++;
        self_add = strcmp(in->mnem, "IADD3") == 0 && n == 4
                   && in->guard.file == IMP_FILE_NONE
                   && strcmp(o[1].t, o[0].t) == 0 && !o[1].neg
                   && strcmp(o[3].t, "RZ") == 0
                   && isdigit((unsigned char)o[2].t[0]);
        if (self_add)
            *step = (o[2].neg ? -1 : 1) * strtoll(o[2].t, NULL, 0);
    }
    return writes == 1 && self_add;
}

/* Makes every register that instructions begin..end-1 write unknown
 * (their first operand: what an instruction of a DST, LOAD or PDST row
 * writes; a store's first operand is read, but forgetting it too only
 * loses an address). */
static void forget_writes(apass *p, const imp_listing *l, size_t begin,
                          size_t end)
{
    for (size_t i = begin; i < end; i++) {
        opnd o[8];
        int n = split_operands(&l->insns[i], o, 8);
        bool zero;
        aff *s = n > 0 ? reg_slot(p, o[0].t, &zero) : NULL;
        if (s) {
            *s = unknown();
            if (strstr(l->insns[i].mnem, ".WIDE")
                || strstr(l->insns[i].mnem, ".64"))
                if (s + 1 != p->r + A_REGS && s + 1 != p->ur + A_REGS)
                    s[1] = unknown();
        }
    }
}

/* Makes the registers instructions begin..end-1 write unknown where their
 * value names the loop's iteration. */
static void forget_varying(apass *p, const imp_listing *l, size_t begin,
                           size_t end)
{
    for (size_t i = begin; i < end; i++) {
        opnd o[8];
        int n = split_operands(&l->insns[i], o, 8);
        bool zero;
        aff *s = n > 0 ? reg_slot(p, o[0].t, &zero) : NULL;
        for (int t = 0; s && t < s->n; t++)
            if (s->sym[t] == A_IT)
                *s = unknown();
    }
}

/* Whether region k of `v` is a loop that neither holds another loop nor
 * lies in one: the loops whose induction variables are read (`it` is the
 * innermost loop's iteration, and only a loop alone is sure to be it). */
static bool lone_loop(const imp_region *v, size_t n, size_t k)
{
    if (v[k].kind != IMP_LOOP)
        return false;
    for (size_t j = 0; j < n; j++)
        if (j != k && v[j].kind == IMP_LOOP
            && ((v[j].begin <= v[k].begin && v[k].end <= v[j].end)
                || (v[k].begin <= v[j].begin && v[j].end <= v[k].end)))
            return false;
    return true;
}

void imp_addresses(imp_listing *l, const imp_region *v, size_t n_regions)
{
    if (l->format != IMP_FORMAT_SASS)
        return;
    apass *p = xcalloc(1, sizeof *p);
    for (size_t i = 0; i < l->n_insns; i++) {
        imp_insn *in = &l->insns[i];
        /* a region begins here: a loop's induction variables become
         * entry + step x it (in the innermost loop only); an outer loop's
         * writes are unknown inside it */
        for (size_t k = 0; k < n_regions; k++) {
            if (v[k].begin != i || v[k].kind != IMP_LOOP)
                continue;
            aff saved[2][A_REGS];
            memcpy(saved[0], p->r, sizeof p->r);
            memcpy(saved[1], p->ur, sizeof p->ur);
            forget_writes(p, l, v[k].begin, v[k].end);
            if (!lone_loop(v, n_regions, k))
                continue;
            for (int f = 0; f < 2; f++)
                for (int r = 0; r < A_REGS; r++) {
                    aff *s = f ? &p->ur[r] : &p->r[r];
                    int64_t step = 0;
                    if (saved[f][r].known
                        && induction(p, l, v[k].begin, v[k].end, s, &step))
                        *s = add_scaled(saved[f][r], named(A_IT), step);
                }
        }
        opnd o[8];
        int n = split_operands(in, o, 8);
        const imp_map_row *row = in->row;
        if (row && (row->op == ISA_OP_LD_GLOBAL || row->op == ISA_OP_ST_GLOBAL
                    || row->op == ISA_OP_ATOM_GLOBAL)
            && !(row->flags & IMP_F_UNIFORM) && row->roles != IMP_R_COPY)
            address_of(p, o, n, row->bytes ? row->bytes
                                            : imp_sass_width(in->mnem),
                       in->at, sizeof in->at);
        if (row && (row->roles == IMP_R_DST || row->roles == IMP_R_LOAD
                    || row->roles == IMP_R_PDST || row->roles == IMP_R_DST2
                    || row->roles == IMP_R_ATOM)) {
            aff val = row->roles == IMP_R_DST && n > 0
                      ? eval_sass(p, in, o, n) : unknown();
            if (row->roles == IMP_R_LOAD && (row->flags & IMP_F_UNIFORM))
                val = eval_sass(p, in, o, n);   /* LDC: a parameter */
            write_result(p, in, o, n, val);
        }
        /* a region ends after instruction i: what an if wrote is unknown
         * (some lanes wrote it); what a loop wrote keeps its last
         * iteration's value when that is the same in every iteration (no
         * `it` in it: a loop-carried value was unknown from the start) */
        for (size_t k = 0; k < n_regions; k++) {
            if (v[k].kind == IMP_IF && v[k].end == i + 1)
                forget_writes(p, l, v[k].begin, v[k].end);
            if (v[k].kind == IMP_LOOP && v[k].branch == i)
                forget_varying(p, l, v[k].begin, v[k].end);
        }
    }
    free(p);
}
