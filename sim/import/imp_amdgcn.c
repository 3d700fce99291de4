/*
 * imp_amdgcn.c — the reader of AMD GCN/RDNA assembly as clang prints it
 * (`clang -target amdgcn-amd-amdhsa -mcpu=gfxNNN -S`): one kernel's
 * instructions and labels, its target and compiler, and its registers,
 * shared memory, wave size and workgroup size from the code object's
 * metadata (the `.amdgpu_metadata` YAML block).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "imp_int.h"

#define MAX_KERNELS 64

/* One line of the text: [s, s + len), its number, comment cut off. */
typedef struct line_t {
    const char *s;
    size_t len;
    int no;
} line_t;

/* A cursor over the text's lines. */
typedef struct lines {
    const char *text, *pos;
    int no;
} lines;

/* The next line of `ls` into `*ln` (comment after ';' cut, trailing blanks
 * cut); false at the end. */
static bool next_line(lines *ls, line_t *ln)
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
    ln->no = ls->no;
    return true;
}

/* The first non-blank column of `ln` (an index), or len. */
static size_t indent_of(const line_t *ln)
{
    size_t i = 0;
    while (i < ln->len && (ln->s[i] == ' ' || ln->s[i] == '\t'))
        i++;
    return i;
}

/* Whether `ln`, from its first non-blank byte, starts with word `w`
 * followed by a blank or the end. */
static bool starts_word(const line_t *ln, const char *w)
{
    size_t i = indent_of(ln), n = strlen(w);
    return ln->len - i >= n && memcmp(ln->s + i, w, n) == 0
        && (ln->len - i == n || isspace((unsigned char)ln->s[i + n])
            || ln->s[i + n] == ',');
}

/* The word after the first word of `ln`, into `buf` (up to a blank or
 * ','; quotes kept out). */
static void second_word(const line_t *ln, char *buf, size_t size)
{
    size_t i = indent_of(ln);
    while (i < ln->len && !isspace((unsigned char)ln->s[i]))
        i++;
    while (i < ln->len && isspace((unsigned char)ln->s[i]))
        i++;
    size_t n = 0;
    bool q = i < ln->len && ln->s[i] == '"';
    if (q)
        i++;
    while (i < ln->len && n + 1 < size
           && (q ? ln->s[i] != '"' : !isspace((unsigned char)ln->s[i])
                                         && ln->s[i] != ','))
        buf[n++] = ln->s[i++];
    buf[n] = '\0';
}

/* Whether `ln` is a label line `NAME:`; its name into `buf`. */
static bool label_of(const line_t *ln, char *buf, size_t size)
{
    size_t i = indent_of(ln);
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

/* ----------------------------------------------------------- metadata */

/* The unsigned number after "KEY:" on `ln` at byte `at`; false when none. */
static bool meta_number(const line_t *ln, size_t at, uint32_t *v)
{
    const char *p = ln->s + at, *e = ln->s + ln->len;
    while (p < e && *p != ':')
        p++;
    if (p == e)
        return false;
    p++;
    while (p < e && isspace((unsigned char)*p))
        p++;
    if (p == e || !isdigit((unsigned char)*p))
        return false;
    char buf[24];
    size_t n = (size_t)(e - p);
    if (n >= sizeof buf)
        return false;
    memcpy(buf, p, n);
    buf[n] = '\0';
    char *end;
    unsigned long x = strtoul(buf, &end, 0);
    if (*end || x > UINT32_MAX)
        return false;
    *v = (uint32_t)x;
    return true;
}

/* Whether `ln` holds key `key` at byte `at`. */
static bool meta_key(const line_t *ln, size_t at, const char *key)
{
    size_t n = strlen(key);
    return ln->len >= at + n + 1 && memcmp(ln->s + at, key, n) == 0
        && ln->s[at + n] == ':';
}

/* Keeps in `m` what the kernel's metadata entry (from `line`) has said so
 * far, `got`; m's names stay. */
static void keep_entry(imp_meta *m, const imp_meta *got, int line)
{
    imp_meta keep = *m;
    *m = *got;
    memcpy(m->kernel, keep.kernel, sizeof m->kernel);
    memcpy(m->compiler, keep.compiler, sizeof m->compiler);
    memcpy(m->target, keep.target, sizeof m->target);
    m->meta_line = line;
}

/* Reads the metadata of kernel `name` from the `.amdgpu_metadata` block
 * starting after line `start` into `m`. Returns 0, or -1 with `err` set. */
static int read_metadata(const char *file, const char *text, int start,
                         const char *name, imp_meta *m, cusim_error *err)
{
    lines ls = { text, text, 0 };
    line_t ln;
    while (ls.no < start && next_line(&ls, &ln))
        ;
    size_t item = SIZE_MAX;       /* the kernels' item indent */
    bool in_kernels = false, mine = false, in_reqd = false;
    int n_reqd = 0, entry_line = 0;
    imp_meta got;
    memset(&got, 0, sizeof got);
    while (next_line(&ls, &ln)) {
        size_t i = indent_of(&ln);
        if (starts_word(&ln, ".end_amdgpu_metadata"))
            break;
        if (i == ln.len)
            continue;
        if (i == 0) {
            in_kernels = meta_key(&ln, 0, "amdhsa.kernels");
            if (meta_key(&ln, 0, "amdhsa.target") && !m->target[0])
                second_word(&ln, m->target, sizeof m->target);
            if (!in_kernels && mine)
                break;
            continue;
        }
        if (!in_kernels)
            continue;
        if (ln.s[i] == '-' && (item == SIZE_MAX || i == item)) {
            if (mine)
                break;            /* the next kernel's entry */
            item = i;
            memset(&got, 0, sizeof got);
            entry_line = ln.no;
            in_reqd = false;
            i += 2;               /* the first key, after "- " */
        }
        size_t key = item + 2;
        if (in_reqd && i > key && ln.s[i] == '-') {
            /* "- 256": the number after the dash */
            char *end;
            unsigned long v = strtoul(ln.s + i + 1, &end, 10);
            if (n_reqd < 3 && end > ln.s + i + 1 && v <= UINT32_MAX)
                got.reqd[n_reqd++] = (uint32_t)v;
            if (mine)
                keep_entry(m, &got, entry_line);
            continue;
        }
        if (i != key)
            continue;             /* inside .args */
        in_reqd = false;
        uint32_t v;
        if (meta_key(&ln, i, ".name")) {
            char nm[64];
            second_word(&ln, nm, sizeof nm);
            mine = strcmp(nm, name) == 0;
        } else if (meta_key(&ln, i, ".vgpr_count") && meta_number(&ln, i, &v)) {
            got.vgprs = v;
            got.have_vgprs = true;
        } else if (meta_key(&ln, i, ".agpr_count") && meta_number(&ln, i, &v)) {
            got.agprs = v;
            got.have_agprs = true;
        } else if (meta_key(&ln, i, ".sgpr_count") && meta_number(&ln, i, &v)) {
            got.sgprs = v;
            got.have_sgprs = true;
        } else if (meta_key(&ln, i, ".group_segment_fixed_size")
                   && meta_number(&ln, i, &v)) {
            got.shared = v;
            got.have_shared = true;
        } else if (meta_key(&ln, i, ".wavefront_size")
                   && meta_number(&ln, i, &v)) {
            got.wave = v;
            got.have_wave = true;
        } else if (meta_key(&ln, i, ".max_flat_workgroup_size")
                   && meta_number(&ln, i, &v)) {
            got.max_flat = v;
        } else if (meta_key(&ln, i, ".reqd_workgroup_size")) {
            in_reqd = true;
            n_reqd = 0;
        }
        if (mine)
            keep_entry(m, &got, entry_line);
    }
    if (!m->meta_line)
        return err_set(err, file, ln.no, 1, "the listing's .amdgpu_metadata "
                       "has no entry for kernel '%s' (truncated?)", name);
    const char *missing = !m->have_vgprs ? ".vgpr_count"
                        : !m->have_shared ? ".group_segment_fixed_size"
                        : !m->have_wave ? ".wavefront_size" : NULL;
    if (missing)
        return err_set(err, file, m->meta_line, 1, "kernel '%s''s metadata "
                       "has no %s (truncated?)", name, missing);
    if (m->reqd[0] && (!m->reqd[1] || !m->reqd[2]))
        return err_set(err, file, m->meta_line, 1, "kernel '%s''s "
                       ".reqd_workgroup_size has fewer than 3 numbers "
                       "(truncated?)", name);
    return 0;
}

/* ------------------------------------------------------------- reader */

int imp_amdgcn_read(imp_listing *l, const char *kernel, cusim_error *err)
{
    const char *file = l->file;
    char names[MAX_KERNELS][64];
    int n_names = 0, meta_start = 0, last = 0;
    char fn_name[64] = "";
    lines ls = { l->text, l->text, 0 };
    line_t ln;
    /* first pass: the kernels, the target, the compiler, the metadata */
    while (next_line(&ls, &ln)) {
        last = ln.no;
        char w[96];
        if (starts_word(&ln, ".amdhsa_kernel")) {
            second_word(&ln, w, sizeof w);
            size_t wl = strlen(w);
            if (n_names < MAX_KERNELS && wl > 0 && wl < 64)
                memcpy(names[n_names++], w, wl + 1);
        } else if (starts_word(&ln, ".amdgcn_target")) {
            second_word(&ln, l->meta.target, sizeof l->meta.target);
        } else if (starts_word(&ln, ".ident")) {
            second_word(&ln, l->meta.compiler, sizeof l->meta.compiler);
        } else if (starts_word(&ln, ".amdgpu_metadata")) {
            meta_start = ln.no;
        } else if (starts_word(&ln, ".type") && strstr(ln.s, "@function")
                   && !fn_name[0]) {
            second_word(&ln, fn_name, sizeof fn_name);
        }
    }
    l->end_line = last;
    if (n_names == 0) {
        if (fn_name[0])
            return err_set(err, file, last > 0 ? last : 1, 1, "the listing "
                           "ends before function '%s''s kernel descriptor "
                           "(.amdhsa_kernel): truncated?", fn_name);
        return err_set(err, file, 1, 1, "no kernel in this file: it is "
                       "not AMD GCN assembly from clang -S (no "
                       ".amdhsa_kernel directive)");
    }
    const char *name;
    if (imp_pick_kernel(file, names, n_names, kernel, &name, err) != 0)
        return -1;
    snprintf(l->meta.kernel, sizeof l->meta.kernel, "%s", name);

    /* second pass: the kernel's code, from its label to the end of the
     * function (.Lfunc_end) or the next section */
    ls.pos = l->text;
    ls.no = 0;
    bool inside = false, ended = false;
    int start_line = 0;
    while (!ended && next_line(&ls, &ln)) {
        char lab[IMP_LABEL_MAX];
        bool is_label = label_of(&ln, lab, sizeof lab);
        if (!inside) {
            if (is_label && strcmp(lab, name) == 0) {
                inside = true;
                start_line = ln.no;
            }
            continue;
        }
        size_t i = indent_of(&ln);
        if (i == ln.len)
            continue;
        if (is_label) {
            if (strncmp(lab, ".Lfunc_end", 10) == 0) {
                ended = true;
                break;
            }
            imp_label *b = imp_listing_label(l);
            snprintf(b->name, sizeof b->name, "%s", lab);
            b->insn = l->n_insns;
            b->line = ln.no;
            b->column = (int)i + 1;
            continue;
        }
        if (ln.s[i] == '.') {
            if (starts_word(&ln, ".section") || starts_word(&ln, ".size"))
                ended = true;
            continue;             /* other directives */
        }
        if (!isalpha((unsigned char)ln.s[i]))
            return err_set(err, file, ln.no, (int)i + 1, "expected an "
                           "instruction, a label or a directive in kernel "
                           "'%s'", name);
        size_t e = i;
        while (e < ln.len && !isspace((unsigned char)ln.s[e]))
            e++;
        if (e - i >= IMP_MNEM_MAX)
            return err_set(err, file, ln.no, (int)i + 1, "an instruction "
                           "mnemonic of %zu characters: not AMD GCN "
                           "assembly", e - i);
        imp_insn *in = imp_listing_insn(l);
        memcpy(in->mnem, ln.s + i, e - i);
        in->mnem[e - i] = '\0';
        for (char *c = in->mnem; *c; c++)
            *c = (char)tolower((unsigned char)*c);
        in->line = ln.no;
        in->column = (int)i + 1;
        in->text = ln.s + i;
        in->text_len = (int)(ln.len - i);
        in->row = imp_map_find(IMP_FORMAT_AMDGCN, in->mnem);
        parse_operands(in, ln.s + e, ln.s + ln.len);
        if (in->row && in->row->op == IMP_OP_BRANCH && !in->target[0])
            return err_set(err, file, ln.no, (int)e + 1, "'%s' names no "
                           "label", in->mnem);
    }
    if (!inside)
        return err_set(err, file, last > 0 ? last : 1, 1, "kernel '%s' has "
                       "a descriptor but no code (no '%s:' label)", name,
                       name);
    if (!ended)
        return err_set(err, file, last > 0 ? last : 1, 1, "the listing ends "
                       "inside kernel '%s' (from line %d; no .Lfunc_end "
                       "label or .section after its code): truncated?",
                       name, start_line);
    if (!meta_start)
        return err_set(err, file, last > 0 ? last : 1, 1, "the listing has "
                       "no .amdgpu_metadata block (the registers and "
                       "shared memory of kernel '%s'): truncated?", name);
    return read_metadata(file, l->text, meta_start, name, &l->meta, err);
}
