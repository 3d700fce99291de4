/*
 * imp_gcn.c — the GCN/RDNA instruction syntax that both AMD readers
 * share: clang's assembly (imp_amdgcn.c) and RADV's disassembly
 * (imp_radv.c) write the same mnemonics and operands, so one parser
 * reads an instruction line of either into an imp_insn, mapped by the
 * one table isa/import/amdgcn.def. Also the line cursor (a comment after
 * ';' cut off) and labels (`NAME:`), which both listings write alike.
 */
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "imp_int.h"

bool imp_next_line(imp_lines *ls, imp_line *ln)
{
    if (!*ls->pos)
        return false;
    const char *s = ls->pos, *e = strchr(s, '\n');
    if (!e)
        e = s + strlen(s);
    ls->pos = *e ? e + 1 : e;
    ls->no++;
    const char *c = s;
    bool quoted = false;
    while (c < e && (quoted || *c != ';')) {
        if (*c == '"')
            quoted = !quoted;
        c++;
    }
    while (c > s && isspace((unsigned char)c[-1]))
        c--;
    ln->s = s;
    ln->len = (size_t)(c - s);
    ln->raw_len = (size_t)(e - s);
    ln->no = ls->no;
    return true;
}

size_t imp_line_indent(const imp_line *ln)
{
    size_t i = 0;
    while (i < ln->len && (ln->s[i] == ' ' || ln->s[i] == '\t'))
        i++;
    return i;
}

bool imp_line_label(const imp_line *ln, char *buf, size_t size)
{
    size_t i = imp_line_indent(ln);
    if (ln->len == 0 || ln->s[ln->len - 1] != ':' || ln->len - 1 <= i)
        return false;
    size_t n = ln->len - 1 - i;
    for (size_t k = 0; k < n; k++) {
        char c = ln->s[i + k];
        if (!isalnum((unsigned char)c) && c != '_' && c != '.' && c != '$')
            return false;
    }
    if (n + 1 > size)
        return false;
    memcpy(buf, ln->s + i, n);
    buf[n] = '\0';
    return true;
}

/* ----------------------------------------------------------- operands */

/* Parses a register operand `tok` (`n` bytes) into `r`; false when it is
 * none (a constant, `off`, a symbol). */
static bool parse_reg(const char *tok, size_t n, imp_reg *r)
{
    /* source modifiers: -v1, |v1|, -|v1|, abs(v1), neg(v1), sext(v1) */
    while (n && (*tok == '-' || *tok == '|' || *tok == '!')) {
        tok++;
        n--;
    }
    static const char *const wraps[] = { "abs(", "neg(", "sext(" };
    for (size_t w = 0; w < 3; w++) {
        size_t wl = strlen(wraps[w]);
        if (n > wl && memcmp(tok, wraps[w], wl) == 0) {
            tok += wl;
            n -= wl;
        }
    }
    while (n && (tok[n - 1] == '|' || tok[n - 1] == ')'))
        n--;
    if (n > 2 && tok[n - 2] == '.' && (tok[n - 1] == 'l' || tok[n - 1] == 'h'))
        n -= 2;   /* gfx11's 16-bit halves: v1.l */
    char w[32];
    if (n == 0 || n >= sizeof w)
        return false;
    memcpy(w, tok, n);
    w[n] = '\0';
    static const struct { const char *name; uint8_t file; uint16_t lo, hi; }
    special[] = {
        { "vcc", IMP_FILE_VCC, 0, 1 }, { "vcc_lo", IMP_FILE_VCC, 0, 0 },
        { "vcc_hi", IMP_FILE_VCC, 1, 1 }, { "exec", IMP_FILE_EXEC, 0, 1 },
        { "exec_lo", IMP_FILE_EXEC, 0, 0 }, { "exec_hi", IMP_FILE_EXEC, 1, 1 },
        { "scc", IMP_FILE_SCC, 0, 0 }, { "m0", IMP_FILE_M0, 0, 0 },
        { "flat_scratch", IMP_FILE_FLAT, 0, 1 },
        { "flat_scratch_lo", IMP_FILE_FLAT, 0, 0 },
        { "flat_scratch_hi", IMP_FILE_FLAT, 1, 1 },
        { "xnack_mask", IMP_FILE_XNACK, 0, 1 },
        { "xnack_mask_lo", IMP_FILE_XNACK, 0, 0 },
        { "xnack_mask_hi", IMP_FILE_XNACK, 1, 1 },
    };
    for (size_t i = 0; i < sizeof special / sizeof special[0]; i++)
        if (strcmp(w, special[i].name) == 0) {
            r->file = special[i].file;
            r->lo = special[i].lo;
            r->hi = special[i].hi;
            return true;
        }
    uint8_t file;
    const char *p = w;
    if (strncmp(p, "ttmp", 4) == 0) {
        file = IMP_FILE_TTMP;
        p += 4;
    } else if (*p == 'v' || *p == 's' || *p == 'a') {
        file = *p == 'v' ? IMP_FILE_V : *p == 's' ? IMP_FILE_S : IMP_FILE_A;
        p++;
    } else {
        return false;
    }
    unsigned long lo, hi;
    char *end;
    if (*p == '[') {
        lo = strtoul(p + 1, &end, 10);
        if (end == p + 1)
            return false;
        hi = lo;
        if (*end == ':') {
            const char *h = end + 1;
            hi = strtoul(h, &end, 10);
            if (end == h)
                return false;
        }
        if (strcmp(end, "]") != 0)
            return false;
    } else {
        if (!isdigit((unsigned char)*p))
            return false;
        lo = hi = strtoul(p, &end, 10);
        if (*end)
            return false;
    }
    if (hi < lo || hi >= IMP_FILE_REGS)
        return false;
    r->file = file;
    r->lo = (uint16_t)lo;
    r->hi = (uint16_t)hi;
    return true;
}

/* The value of an immediate operand [s, e) (0x10, 16), or -1 when it is
 * none (a symbol, an expression, a float). */
static int64_t immediate(const char *s, const char *e)
{
    char buf[32];
    size_t n = (size_t)(e - s);
    if (n == 0 || n >= sizeof buf || !isdigit((unsigned char)*s))
        return -1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    char *end;
    long long v = strtoll(buf, &end, 0);
    return *end == '\0' && v >= 0 && v <= (1LL << 20) ? (int64_t)v : -1;
}

/* Splits the operand text [s, e) of `in` into its operands (at commas
 * outside brackets; the last one's blank-separated words after the first
 * are modifiers). */
static void parse_operands(imp_insn *in, const char *s, const char *e)
{
    while (s < e) {
        while (s < e && isspace((unsigned char)*s))
            s++;
        if (s == e)
            break;
        const char *t = s;
        int depth = 0;
        while (t < e && (depth > 0 || *t != ',')) {
            if (*t == '[' || *t == '(')
                depth++;
            else if ((*t == ']' || *t == ')') && depth > 0)
                depth--;
            t++;
        }
        /* the operand: up to the first blank outside brackets */
        const char *o = s;
        depth = 0;
        while (o < t && (depth > 0 || !isspace((unsigned char)*o))) {
            if (*o == '[' || *o == '(')
                depth++;
            else if ((*o == ']' || *o == ')') && depth > 0)
                depth--;
            o++;
        }
        bool is_modifier = memchr(s, ':', (size_t)(o - s)) != NULL
                           && *s != 'v' && *s != 's' && *s != 'a'
                           && strncmp(s, "ttmp", 4) != 0;
        if (!is_modifier && in->n_ops < IMP_MAX_OPERANDS) {
            imp_reg r = { IMP_FILE_NONE, 0, 0 };
            parse_reg(s, (size_t)(o - s), &r);
            /* a register range within its file (imp_regs.c reads it) */
            assert(r.file == IMP_FILE_NONE
                   || (r.file < IMP_FILE_COUNT && r.lo <= r.hi
                       && r.hi < IMP_FILE_REGS));
            in->ops[in->n_ops++] = r;
            in->param_off = r.file == IMP_FILE_NONE
                            ? immediate(s, o) : -1;
            if (in->n_ops == 1 && in->row && in->row->op == IMP_OP_BRANCH) {
                size_t n = (size_t)(o - s);
                if (n >= sizeof in->target)
                    n = sizeof in->target - 1;
                memcpy(in->target, s, n);
                in->target[n] = '\0';
            }
        }
        /* modifiers: the words after the operand */
        const char *m = is_modifier ? s : o;
        while (m < t) {
            while (m < t && isspace((unsigned char)*m))
                m++;
            const char *me = m;
            while (me < t && !isspace((unsigned char)*me))
                me++;
            size_t ml = (size_t)(me - m);
            if ((ml == 3 && memcmp(m, "glc", 3) == 0)
                || (ml == 3 && memcmp(m, "sc0", 3) == 0))
                in->returns = true;
            m = me;
        }
        s = t < e ? t + 1 : t;
    }
}

/* ------------------------------------------------------- instructions */

int imp_gcn_insn(imp_listing *l, const imp_line *ln, size_t i,
                 cusim_error *err)
{
    size_t e = i;
    while (e < ln->len && !isspace((unsigned char)ln->s[e]))
        e++;
    if (e - i >= IMP_MNEM_MAX)
        return err_set(err, l->file, ln->no, (int)i + 1, "an instruction "
                       "mnemonic of %zu characters: not AMD GCN "
                       "assembly", e - i);
    imp_insn *in = imp_listing_insn(l, ln->no, (int)i + 1, err);
    if (!in)
        return -1;
    memcpy(in->mnem, ln->s + i, e - i);
    in->mnem[e - i] = '\0';
    for (char *c = in->mnem; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    in->line = ln->no;
    in->column = (int)i + 1;
    in->text = ln->s + i;
    in->text_len = (int)(ln->len - i);
    in->row = imp_map_find(IMP_FORMAT_AMDGCN, in->mnem);
    parse_operands(in, ln->s + e, ln->s + ln->len);
    if (in->n_ops > 0 && in->ops[0].file == IMP_FILE_EXEC)
        in->row = imp_map_find_dst(IMP_FORMAT_AMDGCN, in->mnem, "exec");
    if (in->row && in->row->op == IMP_OP_BRANCH && !in->target[0])
        return err_set(err, l->file, ln->no, (int)e + 1, "'%s' names no "
                       "label", in->mnem);
    return 0;
}
