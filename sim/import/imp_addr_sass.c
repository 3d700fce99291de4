/*
 * imp_addr_sass.c — NVIDIA SASS for the address pass (imp_addr.c): the
 * values of the address arithmetic (S2R of the ids, LDC / MOV of the
 * parameters, IADD3, LEA, SHF.L.U32, IMAD, IMAD.WIDE with a constant
 * factor) and the bracketed addresses of global accesses; the ISETP
 * that decides a loop's branch and its counter's IADD3; and the ISA's
 * table of operations (imp_isa_ops).
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "imp_addr.h"

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

/* An operand's value: a register's, an immediate, a constant-bank-0 word
 * (a parameter: its name, a pointer if an address is based on it). */
static aff value(apass *p, const opnd *o)
{
    bool zero;
    aff *slot = reg_slot(p, o->t, &zero);
    aff v = zero ? aff_constant(0) : slot ? *slot : aff_unknown();
    if (!zero && !slot) {
        char *end;
        if (o->t[0] == 'c' && o->t[1] == '[') {
            int64_t off = imp_sass_cbank0(o->t, o->t + strlen(o->t));
            int sym = off >= 0 ? addr_param(p, off) : -1;
            v = sym >= 0 ? aff_named(sym) : aff_unknown();
        } else if (isdigit((unsigned char)o->t[0])) {
            long long c = strtoll(o->t, &end, 0);
            v = *end ? aff_unknown() : aff_constant(c);
        }
    }
    return o->neg ? aff_add(aff_constant(0), v, -1) : v;
}

/* The IEEE half-precision bits of the number `t` as cuobjdump prints an
 * HFMA2 operand ("0", "2.384185791015625e-07": 0x0004), where it is one
 * exactly; -1 else (a negative, an infinity, a value between halves). */
static int64_t half_bits(const char *t)
{
    char *end;
    double v = strtod(t, &end);
    if (end == t || *end || !(v >= 0) || v > 65504)
        return -1;
    if (v == 0)
        return 0;
    int e;
    frexp(v, &e);                     /* v = f x 2^e, f in [0.5, 1) */
    if (e - 1 < -14) {                /* subnormal: m x 2^-24 */
        double m = ldexp(v, 24);
        return m == (double)(int64_t)m && m < 1024 ? (int64_t)m : -1;
    }
    double m = ldexp(v, 11 - e) - 1024;   /* (1 + m / 1024) x 2^(e - 1) */
    if (m != (double)(int64_t)m || m < 0 || m >= 1024)
        return -1;
    return ((int64_t)(e - 1 + 15) << 10) | (int64_t)m;
}

/* sm_90's shared window (`S2UR UR5, SR_CgaCtaId; UMOV UR4, 0x400; UPRMT
 * UR4, UR5, 0x654, UR4`): the CTA's rank in its cluster in the top byte
 * (0: cusim launches no clusters) over a byte offset in the window, whose
 * first 1 KiB the driver reserves per block before the kernel's data
 * (cudaDevAttrReservedSharedMemoryPerBlock, the profiles'
 * cu.shared_reserved). cusim's shared offsets count from the kernel's
 * data: the offset less 1 KiB (0x400: 0, the first array; 0x800: the
 * second). Any other byte permute is unknown. */
static aff window(aff rank, aff selector, aff base)
{
    enum { RESERVED = 1024 };
    bool cga = rank.known && rank.n == 1 && rank.sym[0] == A_CGA
               && rank.k[0] == 1 && rank.c == 0;
    if (cga && selector.known && selector.n == 0 && selector.c == 0x654
        && base.known && base.n == 0 && base.c >= RESERVED
        && base.c < (1 << 24))
        return aff_constant(base.c - RESERVED);
    return aff_unknown();
}

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
                return aff_named(sr[i].sym);
        if (n == 2 && strcmp(o[1].t, "SR_CgaCtaId") == 0)
            return aff_named(A_CGA);
        return aff_unknown();
    }
    /* HFMA2.MMA R9, -RZ, RZ, 0, 2.384185791015625e-07: -0 x 0 plus the
     * two halves, hi and lo, a constant nvcc forms so (here 4, an
     * element's bytes) */
    if ((strcmp(m, "HFMA2.MMA") == 0 || strcmp(m, "HFMA2") == 0) && n == 5
        && strcmp(o[1].t, "RZ") == 0 && strcmp(o[2].t, "RZ") == 0
        && !o[3].neg && !o[4].neg) {
        int64_t hi = half_bits(o[3].t), lo = half_bits(o[4].t);
        return hi < 0 || lo < 0 ? aff_unknown() : aff_constant(hi << 16 | lo);
    }
    if ((strcmp(m, "PRMT") == 0 || strcmp(m, "UPRMT") == 0) && n == 4)
        return window(value(p, &o[1]), value(p, &o[2]), value(p, &o[3]));
    if (strchr(m, '.') && strncmp(m, "IMAD", 4) != 0
        && strncmp(m, "LDC", 3) != 0 && strncmp(m, "ULDC", 4) != 0
        && strcmp(m, "SHF.L.U32") != 0 && strcmp(m, "MOV.U32") != 0)
        return aff_unknown();         /* LEA.HI, IADD3.X, SHF.R, ...: no */
    if ((strcmp(m, "MOV") == 0 || strcmp(m, "UMOV") == 0
         || strcmp(m, "MOV.U32") == 0) && n == 2)
        return value(p, &o[1]);
    if ((strncmp(m, "LDC", 3) == 0 || strncmp(m, "ULDC", 4) == 0) && n == 2)
        return value(p, &o[1]);
    if ((strcmp(m, "IADD3") == 0 || strcmp(m, "UIADD3") == 0) && n == 4)
        return aff_add(aff_add(value(p, &o[1]), value(p, &o[2]), 1),
                          value(p, &o[3]), 1);
    if ((strcmp(m, "LEA") == 0 || strcmp(m, "ULEA") == 0) && n == 4)
        return aff_add(value(p, &o[2]), aff_shl(value(p, &o[1]),
                                               value(p, &o[3])), 1);
    if (strcmp(m, "SHF.L.U32") == 0 && n == 4 && strcmp(o[3].t, "RZ") == 0)
        return aff_shl(value(p, &o[1]), value(p, &o[2]));
    if (strncmp(m, "IMAD", 4) == 0 && n == 4) {
        if (strcmp(m, "IMAD.MOV.U32") == 0 || strcmp(m, "IMAD.MOV") == 0)
            return value(p, &o[3]);
        if (strcmp(m, "IMAD") == 0 || strcmp(m, "IMAD.WIDE") == 0
            || strcmp(m, "IMAD.WIDE.U32") == 0 || strcmp(m, "IMAD.IADD") == 0
            || strcmp(m, "IMAD.SHL.U32") == 0)
            return aff_add(aff_mul(value(p, &o[1]), value(p, &o[2])),
                              value(p, &o[3]), 1);
    }
    return aff_unknown();
}

/* The address of the `nth` (from 0) bracketed operand of a memory
 * access: [R2.64], [R2.64+0x10], [R2.U32+UR4], [R0.X4+0x400] (a
 * register, scaled by .X4, and an offset); LDGSTS has two, the shared
 * destination's and the global source's. */
static aff bracket_nth(apass *p, const opnd *o, int n, int nth)
{
    const opnd *b = NULL;
    for (int i = 0; i < n && !b; i++)
        if (o[i].t[0] == '[' && nth-- == 0)
            b = &o[i];
    if (!b)
        return aff_unknown();
    opnd r = { "", false };
    const char *s = b->t + 1;
    size_t k = 0;
    while (s[k] && s[k] != '+' && s[k] != ']' && s[k] != '.'
           && k + 1 < sizeof r.t) {
        r.t[k] = s[k];
        k++;
    }
    r.t[k] = '\0';
    aff a = value(p, &r);
    /* .64, .U32: a width; .X4, .X8, .X16: a scale of the register */
    while (s[k] == '.') {
        if (s[k + 1] == 'X' && isdigit((unsigned char)s[k + 2]))
            a = aff_mul(a, aff_constant(strtol(s + k + 2, NULL, 10)));
        k++;
        while (isalnum((unsigned char)s[k]))
            k++;
    }
    if (s[k] == '+') {
        opnd off = { "", false };
        snprintf(off.t, sizeof off.t, "%.*s", (int)strcspn(s + k + 1, "]"),
                 s + k + 1);
        a = aff_add(a, value(p, &off), 1);
    }
    return a;
}

/* The address of a memory access's one bracketed operand. */
static aff bracket(apass *p, const opnd *o, int n)
{
    return bracket_nth(p, o, n, 0);
}

/* Whether `row` writes its first operand (and what this pass evaluates). */
static bool writes_first(const imp_map_row *row)
{
    return row && (row->roles == IMP_R_DST || row->roles == IMP_R_LOAD
                   || row->roles == IMP_R_PDST || row->roles == IMP_R_DST2
                   || row->roles == IMP_R_ATOM);
}

static int sass_writes(apass *p, const imp_insn *in, aff **slots)
{
    if (!writes_first(in->row))
        return 0;
    opnd o[8];
    int n = split_operands(in, o, 8);
    bool zero;
    aff *s = n > 0 ? reg_slot(p, o[0].t, &zero) : NULL;
    if (!s)
        return 0;
    slots[0] = s;
    bool wide = strstr(in->mnem, ".WIDE") || strstr(in->mnem, ".64");
    aff *end = o[0].t[0] == 'U' ? p->ur + A_REGS : p->r + A_REGS;
    if (wide && s + 1 < end) {
        slots[1] = s + 1;         /* the high half */
        return 2;
    }
    return 1;
}

static bool sass_self_add(apass *p, const imp_insn *in, const aff *s,
                          int64_t *step)
{
    opnd o[8];
    int n = split_operands(in, o, 8);
    bool zero;
    if (strcmp(in->mnem, "IADD3") != 0 || n != 4
        || in->guard.file != IMP_FILE_NONE
        || reg_slot(p, o[0].t, &zero) != s || strcmp(o[1].t, o[0].t) != 0
        || o[1].neg || strcmp(o[3].t, "RZ") != 0
        || !isdigit((unsigned char)o[2].t[0]))
        return false;
    *step = (o[2].neg ? -1 : 1) * strtoll(o[2].t, NULL, 0);
    return true;
}

/* The predicate register P0..P6 an operand names (with a '!' read as
 * its negation), or -1. */
static int pred_index(const char *t)
{
    if (t[0] == '!')
        t++;
    return t[0] == 'P' && t[1] >= '0' && t[1] <= '6' && !t[2] ? t[1] - '0'
                                                                 : -1;
}

/* The guard's condition: the lanes a guarded instruction runs for, where
 * its predicate's is known. */
static void guard_condition(const apass *p, imp_insn *in)
{
    in->guard_cond[0] = in->guard_not[0] = '\0';
    const char *t = in->text;
    while (*t == ' ' || *t == '\t')
        t++;
    if (*t != '@' || in->guard.file != IMP_FILE_P || in->guard.lo > 6)
        return;
    bool neg = t[1] == '!';
    const char *c = neg ? p->pred_not[in->guard.lo] : p->pred[in->guard.lo];
    const char *o = neg ? p->pred[in->guard.lo] : p->pred_not[in->guard.lo];
    snprintf(in->guard_cond, sizeof in->guard_cond, "%s", c);
    snprintf(in->guard_not, sizeof in->guard_not, "%s", o);
}

/* What an instruction makes of the predicates: ISETP.CMP[.U32].AND Pd,
 * PT, a, b, PT of known values sets Pd to the lanes where a CMP b holds;
 * any other predicate it names becomes unknown (it may write it). */
static void predicates(apass *p, const imp_insn *in, const opnd *o, int n)
{
    for (int i = 0; i < n; i++) {
        int k = pred_index(o[i].t);
        if (k >= 0)
            p->pred[k][0] = p->pred_not[k][0] = '\0';
    }
    static const struct { const char *name, *op, *not; } cmp[] = {
        { "GT", ">", "<=" }, { "GE", ">=", "<" }, { "LT", "<", ">=" },
        { "LE", "<=", ">" }, { "EQ", "==", "!=" }, { "NE", "!=", "==" },
    };
    const char *m = in->mnem;
    size_t len = strlen(m);
    if (strncmp(m, "ISETP.", 6) != 0 || len < 10
        || strcmp(m + len - 4, ".AND") != 0 || n != 5
        || pred_index(o[0].t) < 0 || o[0].t[0] == '!'
        || strcmp(o[1].t, "PT") != 0 || strcmp(o[4].t, "PT") != 0
        || in->guard.file != IMP_FILE_NONE)
        return;
    const char *op = NULL, *not = NULL;
    for (size_t i = 0; i < sizeof cmp / sizeof cmp[0]; i++)
        if (strncmp(m + 6, cmp[i].name, 2) == 0 && m[8] == '.') {
            op = cmp[i].op;
            not = cmp[i].not;
        }
    char a[40], b[40];
    aff va = value(p, &o[2]), vb = value(p, &o[3]);
    int d = pred_index(o[0].t);
    /* a bounds check, gid >= n set to end the lanes past it (@P0 EXIT):
     * its false lanes are gid < n (addr_bound_check) */
    char keep[96];
    if (op && addr_bound_check(p, va, vb, not, in->line, keep, sizeof keep)
        && strncmp(keep, "gid < ", 6) == 0) {
        snprintf(p->pred_not[d], sizeof p->pred_not[0], "%s", keep);
        snprintf(p->pred[d], sizeof p->pred[0], "gid >= %.80s", keep + 6);
        return;
    }
    if (!op || !addr_expr_text(&va, a, sizeof a)
        || !addr_expr_text(&vb, b, sizeof b))
        return;
    snprintf(p->pred[d], sizeof p->pred[0], "%s %s %s", a, op, b);
    snprintf(p->pred_not[d], sizeof p->pred_not[0], "%s %s %s", a, not, b);
}

static void sass_insn(apass *p, imp_insn *in)
{
    opnd o[8];
    int n = split_operands(in, o, 8);
    const imp_map_row *row = in->row;
    guard_condition(p, in);
    /* a guarded EXIT whose lanes going on are a bounds check's: its
     * argument is the element count from here on */
    if (strcmp(in->mnem, "EXIT") == 0)
        addr_bound_taken(p, in->guard_not);
    predicates(p, in, o, n);
    if (row && (row->op == ISA_OP_LD_GLOBAL || row->op == ISA_OP_ST_GLOBAL
                || row->op == ISA_OP_ATOM_GLOBAL)
        && !(row->flags & IMP_F_UNIFORM) && row->roles != IMP_R_COPY)
        addr_at_text(p, bracket(p, o, n), row->bytes ? row->bytes
                                          : imp_sass_width(in->mnem), in);
    /* LDS / STS [R21+0x400]: the byte offset in the CTA's shared
     * memory, where its window starts at 0 (an address that reads an
     * unknown base, as sm_90's shared window register, keeps the
     * pattern) */
    if (row && (row->op == ISA_OP_LD_SHARED || row->op == ISA_OP_ST_SHARED)
        && (row->roles == IMP_R_LOAD || row->roles == IMP_R_STORE))
        addr_shared_text(bracket(p, o, n), row->bytes ? row->bytes
                                           : imp_sass_width(in->mnem),
                         in->at, sizeof in->at);
    /* LDGSTS [R21+0x400], [R10.64]: the copy's global source (its load)
     * and its shared destination (its store) */
    if (row && row->roles == IMP_R_COPY) {
        uint32_t bytes = row->bytes ? row->bytes : imp_sass_width(in->mnem);
        addr_at_text(p, bracket_nth(p, o, n, 1), bytes, in);
        addr_shared_text(bracket_nth(p, o, n, 0), bytes, in->at_copy,
                         sizeof in->at_copy);
    }
    aff *w[4];
    int nw = sass_writes(p, in, w);
    if (nw == 0)
        return;
    /* a DST row's value, an LDC's parameter; a load's data is unknown;
     * a guarded write holds for some lanes only */
    aff v = aff_unknown();
    if (row->roles == IMP_R_DST
        || (row->roles == IMP_R_LOAD && (row->flags & IMP_F_UNIFORM)))
        v = eval_sass(p, in, o, n);
    if (in->guard.file != IMP_FILE_NONE)
        v = aff_unknown();
    *w[0] = v;
    for (int k = 1; k < nw; k++)
        *w[k] = aff_unknown();    /* the high half: never an address */
}

static bool sass_test(apass *p, const imp_listing *l, size_t begin,
                      size_t br, ltest *t)
{
    const imp_insn *b = &l->insns[br];
    if (b->guard.file != IMP_FILE_P || b->guard.lo > 6)
        return false;
    const char *g = b->text;
    while (*g == ' ' || *g == '\t')
        g++;
    t->when = !(g[0] == '@' && g[1] == '!');
    int pd = (int)b->guard.lo;
    /* the last instruction before the branch naming its predicate: an
     * unguarded ISETP.CMP[.U32].AND Pd, PT, a, b, PT */
    for (size_t i = br; i-- > begin;) {
        const imp_insn *in = &l->insns[i];
        opnd o[8];
        int n = split_operands(in, o, 8);
        bool names = false;
        for (int k = 0; k < n; k++)
            names |= pred_index(o[k].t) == pd;
        if (!names)
            continue;
        static const struct { const char *name; int op; } ops[] = {
            { "GT.", CMP_GT }, { "GE.", CMP_GE }, { "LT.", CMP_LT },
            { "LE.", CMP_LE }, { "EQ.", CMP_EQ }, { "NE.", CMP_NE },
        };
        const char *m = in->mnem;
        size_t len = strlen(m);
        if (strncmp(m, "ISETP.", 6) != 0 || len < 10
            || strcmp(m + len - 4, ".AND") != 0 || n != 5
            || pred_index(o[0].t) != pd || o[0].t[0] == '!'
            || strcmp(o[1].t, "PT") != 0 || strcmp(o[4].t, "PT") != 0
            || in->guard.file != IMP_FILE_NONE)
            return false;
        t->op = -1;
        for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++)
            if (strncmp(m + 6, ops[k].name, 3) == 0)
                t->op = ops[k].op;
        if (t->op < 0)
            return false;
        t->at = i;
        t->is_signed = strstr(m, ".U32") == NULL;
        for (int k = 0; k < 2; k++) {
            bool zero;
            const opnd *x = &o[2 + k];
            t->slot[k] = x->neg ? NULL : reg_slot(p, x->t, &zero);
            aff v = value(p, x);
            if (!t->slot[k] && (!v.known || v.n != 0))
                return false;
            t->k[k] = v.c;
            snprintf(t->name[k], sizeof t->name[k], "%.15s", x->t);
        }
        return true;
    }
    return false;
}

static bool sass_update(apass *p, const imp_insn *in, const aff *s,
                        int *kind, int64_t *k)
{
    *kind = UPD_ADD;
    return sass_self_add(p, in, s, k);
}

static const imp_isa_ops sass_ops = {
    .name = "NVIDIA SASS",
    .start = NULL,
    .insn = sass_insn,
    .writes = sass_writes,
    .self_add = sass_self_add,
    .update = sass_update,
    .test = sass_test,
    .lane_test = NULL,
    .copy_add = NULL,
    .width = imp_sass_width,
    .shift_counters = false,
};

const imp_isa_ops *imp_isa_sass(void)
{
    return &sass_ops;
}
