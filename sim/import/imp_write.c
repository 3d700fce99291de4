/*
 * imp_write.c — the kernel YAML `cusim import` writes: the program in the
 * synthetic ISA, each instruction followed by the one it stands for, its
 * regions as repeat / if blocks, after the head (imp_head.c: the header
 * comment naming the source, the compiler, the target and every mapping
 * decision, and the keys), which is written once the program has been
 * and so can count what it did.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "imp_addr.h"
#include "imp_int.h"
#include "xalloc.h"

/* The writer's state while it emits the program. */
typedef struct writer {
    const imp_listing *l;
    const imp_region *regions;
    size_t n_regions, next;      /* the next region to open */
    imp_regs regs;
    imp_stats stats;
    sbuf prog;                   /* the program's lines */
    sbuf *warn;
    const imp_options *o;
    size_t prog_lines;
    const char **line_option;    /* per program line (0-based), or NULL */
    size_t cap_line_option;
    uint64_t *mnem_count;        /* per instruction: the count of its
                                    mnemonic, at its first occurrence */
    struct {                     /* global-to-shared copies whose shared
                                    stores wait for the next wait */
        char value[40], addr[40], at[160];
        uint32_t bytes;
        int line;
    } copies[16];
    int n_copies;
    uint64_t params_end;         /* the end of the parameters read with
                                    at=params[...] (0: none) */
} writer;

/* Appends one program line at `depth` (`text` without its newline);
 * `option`, when set, is the option whose expression it holds. */
static void put_line(writer *w, int depth, const char *text,
                     const char *option)
{
    sb_printf(&w->prog, "  %*s%s\n", 2 * depth, "", text);
    if (w->prog_lines == w->cap_line_option) {
        w->cap_line_option = w->cap_line_option ? 2 * w->cap_line_option
                                                : 256;
        w->line_option = xrealloc_array(w->line_option, w->cap_line_option,
                                        sizeof *w->line_option);
    }
    w->line_option[w->prog_lines++] = option;
}

/* The atomic operation a mnemonic names (op=). */
static const char *atomic_op(const char *mnem)
{
    if (strstr(mnem, "cmpswap") || strstr(mnem, "cmpst"))
        return "cas";
    if (strstr(mnem, "swap") || strstr(mnem, "wrxchg"))
        return "exch";
    if (strstr(mnem, "_min") || strstr(mnem, "_umin") || strstr(mnem, "_smin"))
        return "min";
    if (strstr(mnem, "_max") || strstr(mnem, "_umax") || strstr(mnem, "_smax"))
        return "max";
    return "add";
}

/* A listing's byte for the kernel's comments: a control byte or one
 * beyond ASCII as '?' (the YAML stays UTF-8, whatever the listing
 * holds). */
char imp_printable(char c)
{
    unsigned char u = (unsigned char)c;
    return u < 32 || u >= 0x7f ? '?' : c;
}

/* The bytes of a character YAML may hold at `s` (n bytes left): 1 for
 * '\t', '\n' and printable ASCII, 2 to 4 for a well-formed UTF-8
 * sequence of a code point YAML's printable set has (not C1 controls
 * but NEL, nor surrogates, U+FFFE or U+FFFF), 0 for anything else. */
static size_t yaml_char(const unsigned char *s, size_t n)
{
    if (s[0] < 0x80)
        return s[0] == '\t' || s[0] == '\n'
               || (s[0] >= 0x20 && s[0] < 0x7f);
    size_t len = s[0] >= 0xc2 && s[0] <= 0xdf ? 2
               : s[0] >= 0xe0 && s[0] <= 0xef ? 3
               : s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : 0;
    if (!len || len > n)
        return 0;
    uint32_t c = s[0] & (0x7f >> len);
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        c = c << 6 | (s[i] & 0x3f);
    }
    static const uint32_t least[5] = { 0, 0, 0x80, 0x800, 0x10000 };
    if (c < least[len] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff)
        || (c >= 0x80 && c < 0xa0 && c != 0x85) || c == 0xfffe
        || c == 0xffff)
        return 0;
    return len;
}

void imp_yaml_safe(char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        size_t len = yaml_char((const unsigned char *)s + i, n - i);
        if (len) {
            i += len;
        } else {
            s[i++] = '?';
        }
    }
}


/* The instruction as written, for a comment: at most 60 bytes, blanks
 * for control bytes. */
static void as_written(const imp_insn *in, char *buf, size_t size)
{
    size_t n = 0;
    for (int i = 0; i < in->text_len && n + 1 < size && n < 60; i++) {
        char c = in->text[i];
        buf[n++] = c == '\t' || (unsigned char)c < 32 ? ' ' : imp_printable(c);
    }
    while (n && buf[n - 1] == ' ')
        n--;
    buf[n] = '\0';
}

/* The bytes per lane `in` moves, as its row or its mnemonic says. */
static uint32_t insn_bytes(const writer *w, const imp_insn *in)
{
    return in->row->bytes ? in->row->bytes
                          : imp_isa_of(w->l->format)->width(in->mnem);
}

/* The " bytes=N" of an access of `bytes` per lane ("" for 4). */
static void bytes_text(uint32_t bytes, char *buf, size_t size)
{
    buf[0] = '\0';
    if (bytes && bytes != 4)
        snprintf(buf, size, " bytes=%u", bytes);
}

/* Emits the shared stores of the copies issued since the last wait. */
static void flush_copies(writer *w, int depth)
{
    for (int k = 0; k < w->n_copies; k++) {
        char text[300], line[400], width[24];
        bytes_text(w->copies[k].bytes, width, sizeof width);
        w->stats.per_op[ISA_OP_ST_SHARED]++;
        snprintf(text, sizeof text, "st.shared %s, %s%s%s%s",
                 w->copies[k].value, w->copies[k].addr, width,
                 w->copies[k].at[0] ? " at=" : "", w->copies[k].at);
        snprintf(line, sizeof line, "%-40s # the shared store of line %d's "
                 "copy", text, w->copies[k].line);
        put_line(w, depth, line, NULL);
    }
    w->n_copies = 0;
}

/* Emits a global-to-shared copy (LDGSTS) as what it does: a global load
 * now, and a shared store of its value at the next wait (DEPBAR, a
 * barrier, the end of the block), so that copies issued together overlap
 * as the hardware's do (docs/import.md). */
static void emit_copy(writer *w, const imp_insn *in, int depth)
{
    char src[80], text[300], line[400], width[24];
    as_written(in, src, sizeof src);
    imp_operands ld, st;
    imp_regs_copy(&w->regs, in, &ld, &st);
    uint32_t bytes = insn_bytes(w, in);
    bytes_text(bytes, width, sizeof width);
    w->stats.per_op[ISA_OP_LD_GLOBAL]++;
    snprintf(text, sizeof text, "ld.global %s, %s%s%s%s", ld.dst, ld.src[0],
             width, in->at[0] ? " at=" : "", in->at);
    snprintf(line, sizeof line, "%-40s # %s  (line %d)", text, src,
             in->line);
    put_line(w, depth, line, in->at_option ? in->at_option
                                           : in->arg_option);
    if (w->n_copies == (int)(sizeof w->copies / sizeof w->copies[0]))
        flush_copies(w, depth);
    int k = w->n_copies++;
    snprintf(w->copies[k].value, sizeof w->copies[k].value, "%s", st.src[0]);
    snprintf(w->copies[k].addr, sizeof w->copies[k].addr, "%s", st.src[1]);
    snprintf(w->copies[k].at, sizeof w->copies[k].at, "%s", in->at_copy);
    w->copies[k].bytes = bytes;
    w->copies[k].line = in->line;
}

/* Where in the kernel's parameters uniform load `in` reads, or -1: SASS
 * LDC / ULDC of constant bank 0 (c[0x0][0x210]), or an AMD s_load from
 * the kernarg segment pointer at an immediate offset (imp_addresses
 * leaves param_off only on those). */
static int64_t param_offset(const imp_insn *in)
{
    return (in->row->flags & IMP_F_UNIFORM) ? in->param_off : -1;
}

/* Emits instruction `i` at `depth`. */
static void emit_insn(writer *w, size_t i, int depth)
{
    const imp_insn *in = &w->l->insns[i];
    char src[80], line[400];
    as_written(in, src, sizeof src);
    if (!in->row || in->row->op == IMP_OP_UNMAPPED) {
        w->stats.unmapped++;
        snprintf(line, sizeof line, "# unmapped: %s  (line %d)", src,
                 in->line);
        put_line(w, depth, line, NULL);
        return;
    }
    int op = in->row->op;
    /* a wait for the copies (DEPBAR), a barrier or the end: their shared
     * stores first */
    if ((op == IMP_OP_DROP && strncmp(in->mnem, "DEPBAR", 6) == 0)
        || op == ISA_OP_BARRIER || op == IMP_OP_END)
        flush_copies(w, depth);
    if (op == IMP_OP_DROP) {
        if (in->row->flags & IMP_F_EXEC_W)
            w->stats.dropped_masks++;
        else
            w->stats.dropped_waits++;
        return;
    }
    if (op == IMP_OP_BRANCH) {
        w->stats.branches++;
        return;
    }
    if (op == IMP_OP_END) {
        w->stats.ends++;
        return;
    }
    if (in->row->roles == IMP_R_COPY) {
        emit_copy(w, in, depth);
        return;
    }
    w->stats.per_op[op]++;
    const isa_info *info = isa_get((isa_op)op);
    int64_t param = param_offset(in);
    imp_operands ops;
    imp_regs_map(&w->regs, in, op, info->form == ISA_FORM_DST_SRCS ? 3 : 1,
                 &ops);
    char text[300];
    size_t u = (size_t)snprintf(text, sizeof text, "%s", info->mnemonic);
    bool first = true;
    if (info->form != ISA_FORM_STORE && info->form != ISA_FORM_NONE) {
        u += (size_t)snprintf(text + u, sizeof text - u, " %s", ops.dst);
        first = false;
    }
    for (int k = 0; k < ops.n_src && u < sizeof text; k++) {
        u += (size_t)snprintf(text + u, sizeof text - u, "%s%s",
                              first ? " " : ", ", ops.src[k]);
        first = false;
    }
    if ((info->form == ISA_FORM_LOAD || info->form == ISA_FORM_STORE)
        && u < sizeof text) {
        uint32_t bytes = insn_bytes(w, in);
        char width[24];
        bytes_text(bytes, width, sizeof width);
        u += (size_t)snprintf(text + u, sizeof text - u, "%s", width);
        if (in->at[0] && u < sizeof text) {
            u += (size_t)snprintf(text + u, sizeof text - u, " at=%s",
                                  in->at);
        } else if (param >= 0 && u < sizeof text) {
            /* the parameter's own bytes: an element of `bytes` */
            uint32_t b = bytes ? bytes : 4;
            u += (size_t)snprintf(text + u, sizeof text - u,
                                  " at=params[%lld]",
                                  (long long)(param / b));
            if ((uint64_t)param + b > w->params_end)
                w->params_end = (uint64_t)param + b;
        } else if ((in->row->flags & IMP_F_UNIFORM) && u < sizeof text) {
            u += (size_t)snprintf(text + u, sizeof text - u,
                                  " pattern=strided:0");
        }
        if (isa_is_atomic((isa_op)op) && u < sizeof text)
            u += (size_t)snprintf(text + u, sizeof text - u, " op=%s",
                                  atomic_op(in->mnem));
    }
    snprintf(line, sizeof line, "%-40s # %s  (line %d)", text, src,
             in->line);
    put_line(w, depth, line, in->at_option ? in->at_option
                                           : in->arg_option);
}

/* Whether instructions begin..end-1 hold one that becomes a cusim
 * instruction. */
static bool has_insns(const writer *w, size_t begin, size_t end)
{
    for (size_t i = begin; i < end; i++) {
        const imp_map_row *row = w->l->insns[i].row;
        if (row && row->op < ISA_OP_COUNT)
            return true;
    }
    return false;
}

static void emit_range(writer *w, size_t lo, size_t hi, int depth);

/* Emits region `r` at `depth`. */
static void emit_region(writer *w, const imp_region *r, int depth)
{
    const imp_insn *br = &w->l->insns[r->branch];
    char line[600];
    if (!has_insns(w, r->begin, r->end)) {
        snprintf(line, sizeof line, "# %s %s (line %d): nothing inside",
                 r->kind == IMP_LOOP ? "loop" : "if", r->label, br->line);
        put_line(w, depth, line, NULL);
        emit_range(w, r->begin, r->end, depth);
        return;
    }
    if (r->kind == IMP_LOOP) {
        const char *trip = r->expr ? r->expr : "1";
        snprintf(line, sizeof line, "repeat %s {%*s# loop %s: %s at line "
                 "%d%s", trip, 10, "", r->label, br->mnem, br->line,
                 r->derived ? " (its counter, from the code)"
                 : r->expr  ? " (--trip)"
                            : " (no --trip: runs once)");
        put_line(w, depth, line, r->option);
        emit_range(w, r->begin, r->end, depth + 1);
        put_line(w, depth, "}", NULL);
        return;
    }
    if (!r->expr) {
        /* taken by all lanes: the block, inline */
        snprintf(line, sizeof line, "# if %s (%s at line %d; no --cond: "
                 "taken by all lanes)", r->label, br->mnem, br->line);
        put_line(w, depth, line, NULL);
        emit_range(w, r->begin, r->mid, depth);
        if (r->mid < r->end) {
            snprintf(line, sizeof line, "# else of %s: not taken", r->label);
            put_line(w, depth, line, NULL);
            /* the else-block's instructions are not run */
        }
        snprintf(line, sizeof line, "# end if %s", r->label);
        put_line(w, depth, line, NULL);
        return;
    }
    snprintf(line, sizeof line, "if %s {%*s# if %s: %s at line %d (%s)",
             r->expr, 10, "", r->label, br->mnem, br->line,
             r->derived ? "its condition, from the code" : "--cond");
    put_line(w, depth, line, r->option);
    emit_range(w, r->begin, r->mid, depth + 1);
    if (r->mid < r->end) {
        put_line(w, depth, "} else {", NULL);
        emit_range(w, r->mid, r->end, depth + 1);
    }
    put_line(w, depth, "}", NULL);
}

/* Whether instruction `in` becomes a cusim instruction (its row maps it
 * to an opcode of the synthetic ISA). */
static bool emits(const imp_insn *in)
{
    return in->row && in->row->op < ISA_OP_COUNT;
}

/* Closes the guard's if of the run open at `depth` + 1, if any. */
static void close_guard(writer *w, const char **open, int depth)
{
    if (!*open)
        return;
    flush_copies(w, depth + 1);
    put_line(w, depth, "}", NULL);
    *open = NULL;
}

static void emit_range(writer *w, size_t lo, size_t hi, int depth)
{
    const char *open = NULL;     /* the guard condition of the open run */
    int base = depth, exits = 0;
    size_t i = lo;
    while (i < hi) {
        if (w->next < w->n_regions && w->regions[w->next].begin == i
            && w->regions[w->next].end <= hi) {
            const imp_region *r = &w->regions[w->next++];
            close_guard(w, &open, base);
            flush_copies(w, base);    /* a copy stays in its own block */
            emit_region(w, r, base);
            /* an if without --cond skipped its else: pass the regions
             * inside it */
            while (w->next < w->n_regions && w->regions[w->next].begin < r->end)
                w->next++;
            i = r->end > i ? r->end : i + 1;
            continue;
        }
        const imp_insn *in = &w->l->insns[i];
        char line[300];
        if (in->row && in->row->op == IMP_OP_END && in->guard_cond[0]) {
            /* a guarded EXIT: the lanes it ends do nothing more in this
             * block; the others go on in an if */
            close_guard(w, &open, base);
            flush_copies(w, base);
            w->stats.ends++;
            snprintf(line, sizeof line, "if %s {%*s# the lanes a guarded "
                     "%s (line %d) does not end", in->guard_not, 10, "",
                     in->mnem, in->line);
            put_line(w, base, line, NULL);
            base++;
            exits++;
            i++;
            continue;
        }
        if (emits(in)) {
            const char *want = in->guard_cond[0] ? in->guard_cond : NULL;
            if (open && (!want || strcmp(open, want) != 0))
                close_guard(w, &open, base);
            if (want && !open) {
                snprintf(line, sizeof line, "if %s {%*s# the lanes of its "
                         "guard", want, 10, "");
                put_line(w, base, line, NULL);
                open = want;
            }
        }
        emit_insn(w, i, open ? base + 1 : base);
        i++;
    }
    close_guard(w, &open, base);
    flush_copies(w, base);
    while (exits-- > 0)
        put_line(w, --base, "}", NULL);
}

void imp_write(const imp_listing *l, const imp_options *o,
               const imp_region *regions, size_t n_regions, sbuf *out,
               sbuf *warn, const char ***line_option, size_t *n_lines)
{
    writer w;
    memset(&w, 0, sizeof w);
    w.l = l;
    w.regions = regions;
    w.n_regions = n_regions;
    w.warn = warn;
    w.o = o;
    imp_regs_init(&w.regs);
    emit_range(&w, 0, l->n_insns, 0);

    imp_head_counts c = { w.stats, w.regs.dropped, w.params_end };
    sbuf h = { 0 };
    imp_head(l, o, regions, n_regions, &c, &h, warn);

    size_t head_lines = 0;
    for (size_t i = 0; i < h.n; i++)
        head_lines += h.s[i] == '\n';
    if (w.prog.n == 0)
        put_line(&w, 0, "# (no instruction)", NULL);
    sb_putn(&h, w.prog.s, w.prog.n);
    /* what the listing gave every line (a label, a mnemonic, a register's
     * name) is text YAML may hold, whatever its bytes were */
    imp_yaml_safe(h.s, h.n);
    *n_lines = head_lines + w.prog_lines;
    const char **lo = xcalloc(*n_lines + 1, sizeof *lo);
    for (size_t i = 0; i < w.prog_lines; i++)
        lo[head_lines + 1 + i] = w.line_option[i];
    *line_option = lo;
    *out = h;
    free(w.prog.s);
    free(w.line_option);
    imp_regs_free(&w.regs);
}
