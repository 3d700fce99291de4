/*
 * imp_objdump.c — the reader of an AMDGPU code object (a .hsaco, a .co,
 * one extracted from a fat binary) as `llvm-objdump -d --mcpu=gfxNNN`
 * prints it: each symbol of .text as `ADDRESS <NAME>:`, then one
 * instruction a line with its address and encoding in a comment
 * (`s_cbranch_execz 6   // 00000000005C: BF880006 <reduction+0x78>`),
 * no labels and no directives. The mnemonics and operands are clang -S's
 * (imp_gcn.c reads them); a branch's operand is its offset in words,
 * so its target becomes a label named by its address ("0x78").
 *
 * The registers, shared memory, wave and workgroup are in the code
 * object's metadata note, which `llvm-readelf --notes` prints ("AMDGPU
 * Metadata:", the YAML clang -S writes as .amdgpu_metadata): after the
 * disassembly in the same file, or in a file of its own (--resources).
 * The kernel descriptor, which says which SGPRs hold the workgroup ids,
 * is in .rodata, which `-d` does not print (`-D` does, as
 * `.amdhsa_kernel NAME` ... `.end_amdhsa_kernel`): without it the
 * address pass finds those SGPRs in the code (imp_addr.c).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "fileio.h"
#include "imp_int.h"
#include "xalloc.h"

#define MAX_KERNELS 64

bool imp_is_objdump(const char *text)
{
    return strstr(text, "file format elf64-amdgpu")
           || strstr(text, "Disassembly of section ");
}

/* Whether `ln` starts (no indent) with `w`. */
static bool starts(const imp_line *ln, const char *w)
{
    size_t n = strlen(w);
    return ln->len >= n && memcmp(ln->s, w, n) == 0;
}

/* Whether `ln` is a symbol line `0000000000000100 <NAME>:`; its name into
 * `buf` (false when longer than `size` - 1). */
static bool symbol_line(const imp_line *ln, char *buf, size_t size)
{
    size_t i = 0;
    while (i < ln->len && isxdigit((unsigned char)ln->s[i]))
        i++;
    if (i == 0 || i + 4 > ln->len || ln->s[i] != ' ' || ln->s[i + 1] != '<'
        || ln->s[ln->len - 1] != ':' || ln->s[ln->len - 2] != '>')
        return false;
    size_t n = ln->len - 2 - (i + 2);
    if (n == 0 || n >= size)
        return false;
    memcpy(buf, ln->s + i + 2, n);
    buf[n] = '\0';
    return true;
}

/* The line where `text`'s AMDGPU metadata starts (llvm-readelf's "AMDGPU
 * Metadata:", or clang -S's .amdgpu_metadata), or 0 when it has none. */
static int metadata_start(const char *text)
{
    imp_lines ls = { text, text, 0 };
    imp_line ln;
    while (imp_next_line(&ls, &ln)) {
        size_t i = imp_line_indent(&ln);
        if ((ln.len - i == 16 && memcmp(ln.s + i, "AMDGPU Metadata:", 16)
                                 == 0)
            || (ln.len - i == 16 && memcmp(ln.s + i, ".amdgpu_metadata", 16)
                                    == 0))
            return ln.no;
    }
    return 0;
}

/* The metadata's amdhsa.target (after every kernel's entry, which
 * imp_amdgpu_metadata stops at when a later kernel's follows) into
 * `buf`, unless it holds one already. */
static void metadata_target(const char *text, int start, char *buf,
                            size_t size)
{
    imp_lines ls = { text, text, 0 };
    imp_line ln;
    static const char key[] = "amdhsa.target:";
    while (!buf[0] && imp_next_line(&ls, &ln)) {
        if (ls.no <= start || ln.len < sizeof key - 1
            || memcmp(ln.s, key, sizeof key - 1) != 0)
            continue;
        size_t i = sizeof key - 1, n = 0;
        while (i < ln.len && (ln.s[i] == ' ' || ln.s[i] == '\''
                              || ln.s[i] == '"'))
            i++;
        while (i < ln.len && ln.s[i] != ' ' && ln.s[i] != '\''
               && ln.s[i] != '"' && n + 1 < size)
            buf[n++] = ln.s[i++];
        buf[n] = '\0';
    }
}

/* The address in llvm-objdump's comment on instruction line `ln` (`//
 * 00000000005C: ...`), the comment's start in *comment; false when the
 * line has none. */
static bool line_address(const imp_line *ln, unsigned long *addr,
                         size_t *comment)
{
    const char *c = NULL;
    for (size_t k = 0; k + 1 < ln->len && !c; k++)
        if (ln->s[k] == '/' && ln->s[k + 1] == '/')
            c = ln->s + k;
    if (!c)
        return false;
    const char *p = c + 2;
    while (p < ln->s + ln->len && *p == ' ')
        p++;
    char *end;
    *addr = strtoul(p, &end, 16);
    if (end == p || *end != ':')
        return false;
    *comment = (size_t)(c - ln->s);
    return true;
}

/* The code object's kernels: the symbols of .text (of an executable
 * section: llvm-objdump -D prints others too), those with metadata when
 * `meta` is not NULL, into `names`. Returns their count. */
static int kernel_names(const imp_listing *l, const char *meta,
                        int meta_line, const char *meta_file,
                        char (*names)[64])
{
    imp_lines ls = { l->text, l->text, 0 };
    imp_line ln;
    bool code = false;
    int n = 0;
    while (imp_next_line(&ls, &ln)) {
        char name[64];
        if (starts(&ln, "Disassembly of section "))
            code = starts(&ln, "Disassembly of section .text");
        else if (code && n < MAX_KERNELS
                 && symbol_line(&ln, name, sizeof name)) {
            imp_meta scratch;
            cusim_error ignored;
            memset(&scratch, 0, sizeof scratch);
            if (meta && imp_amdgpu_metadata(meta_file, meta, meta_line,
                                            name, &scratch, &ignored) != 0)
                continue;         /* a function, not a kernel */
            memcpy(names[n++], name, strlen(name) + 1);
        }
    }
    return n;
}

/* Reads the instructions of symbol `name` (of .text) into `l`, with
 * each one's address into *addr (allocated, the caller frees it);
 * *followed: whether another symbol or section follows its code (else
 * other text or the file's end: it may have been cut). */
static int read_code(imp_listing *l, const char *name, unsigned long **addr,
                     bool *followed, cusim_error *err)
{
    imp_lines ls = { l->text, l->text, 0 };
    imp_line ln;
    bool code = false, inside = false;
    size_t cap = 0;
    *addr = NULL;
    *followed = false;
    while (imp_next_line(&ls, &ln)) {
        char sym[64];
        if (starts(&ln, "Disassembly of section ")) {
            if (inside) {
                *followed = true;
                break;
            }
            code = starts(&ln, "Disassembly of section .text");
            continue;
        }
        if (symbol_line(&ln, sym, sizeof sym)) {
            if (inside) {
                *followed = true;
                break;
            }
            inside = code && strcmp(sym, name) == 0;
            continue;
        }
        size_t i = imp_line_indent(&ln);
        if (!inside || i == ln.len)
            continue;
        unsigned long a;
        size_t comment;
        if (!line_address(&ln, &a, &comment)) {
            if (i == 0)
                break;            /* the disassembly's end: other text */
            return err_set(err, l->file, ln.no, (int)i + 1, "an "
                           "instruction without llvm-objdump's '// "
                           "ADDRESS: ENCODING' comment (give llvm-objdump "
                           "-d its default output)");
        }
        if (ln.s[i] == '.' || !isalpha((unsigned char)ln.s[i]))
            return err_set(err, l->file, ln.no, (int)i + 1, "a word "
                           "llvm-objdump did not decode in kernel '%s' "
                           "(was --mcpu the code object's target?)", name);
        imp_line code_ln = ln;
        code_ln.len = comment;
        while (code_ln.len > i && isspace((unsigned char)ln.s[code_ln.len
                                                              - 1]))
            code_ln.len--;
        if (imp_gcn_insn(l, &code_ln, i, err) != 0)
            return -1;
        if (l->n_insns > cap) {
            cap = cap ? 2 * cap : 256;
            *addr = xrealloc_array(*addr, cap, sizeof **addr);
        }
        (*addr)[l->n_insns - 1] = a;
    }
    return 0;
}

/* Leaves out the alignment padding after the kernel's last s_endpgm:
 * the s_nop 0 (or s_code_end, gfx10+) the assembler fills the rest of
 * its 256 bytes with, which clang -S does not print. */
static void drop_padding(imp_listing *l)
{
    size_t n = l->n_insns;
    while (n > 0 && (strcmp(l->insns[n - 1].mnem, "s_nop") == 0
                     || strcmp(l->insns[n - 1].mnem, "s_code_end") == 0))
        n--;
    if (n > 0 && n < l->n_insns
        && strcmp(l->insns[n - 1].mnem, "s_endpgm") == 0)
        l->n_insns = n;
}

/* Turns each branch's offset (in words, from the next instruction:
 * SOPP's simm16) into its target's address and a label there named by
 * it ("0x78", as llvm-objdump's comment prints it, relative to .text). */
static int branch_labels(imp_listing *l, const unsigned long *addr,
                         cusim_error *err)
{
    for (size_t i = 0; i < l->n_insns; i++) {
        imp_insn *in = &l->insns[i];
        char *end;
        unsigned long off = strtoul(in->target, &end, 0);
        if (!in->target[0] || *end || off > 0xffff)
            continue;
        long target = (long)addr[i] + 4 + 4 * (long)(int16_t)off;
        snprintf(in->target, sizeof in->target, "0x%lx",
                 (unsigned long)target);
        size_t k = 0, hi = l->n_insns;
        while (k < hi) {
            size_t mid = k + (hi - k) / 2;
            if ((long)addr[mid] < target)
                k = mid + 1;
            else
                hi = mid;
        }
        if (k == l->n_insns || (long)addr[k] != target
            || imp_listing_label_named(l, in->target))
            continue;             /* outside the kernel: imp_flow says so */
        imp_label *b = imp_listing_label(l, in->line, in->column, err);
        if (!b)
            return -1;
        snprintf(b->name, sizeof b->name, "%s", in->target);
        b->insn = k;
        b->line = l->insns[k].line;
        b->column = l->insns[k].column;
    }
    return 0;
}

int imp_objdump_read(imp_listing *l, const char *kernel,
                     const char *resources, cusim_error *err)
{
    /* the metadata: in the listing, else in --resources */
    const char *meta = l->text, *meta_file = l->file;
    char *rtext = NULL;
    int start = metadata_start(l->text);
    if (!start && resources) {
        size_t rlen;
        if (fio_read_file(resources, (size_t)16 << 20, "the metadata",
                          &rtext, &rlen, err) != 0)
            return -1;
        meta = rtext;
        meta_file = resources;
        start = metadata_start(rtext);
        if (!start) {
            free(rtext);
            return err_noplace(err, resources, "--resources %s: no AMDGPU "
                               "metadata in it (expected llvm-readelf "
                               "--notes's output of the code object, with "
                               "its 'AMDGPU Metadata:')", resources);
        }
    }
    char names[MAX_KERNELS][64];
    int n = kernel_names(l, start ? meta : NULL, start, meta_file, names);
    if (n == 0) {
        free(rtext);
        return err_set(err, l->file, 1, 1, "no kernel in this "
                       "disassembly: no symbol of section .text%s (llvm-"
                       "objdump -d of an AMDGPU code object)",
                       start ? " that the metadata names" : "");
    }
    if (!start) {
        free(rtext);
        return err_noplace(err, l->file, "%s: no AMDGPU metadata (the "
                           "registers, shared memory and workgroup of its "
                           "kernels): append llvm-readelf --notes's output "
                           "of the code object, or give it with "
                           "--resources FILE", l->file);
    }
    const char *name;
    if (imp_pick_kernel(l->file, names, n, kernel, &name, err) != 0) {
        free(rtext);
        return -1;
    }
    snprintf(l->meta.kernel, sizeof l->meta.kernel, "%s", name);
    unsigned long *addr;
    bool followed;
    int rc = read_code(l, name, &addr, &followed, err);
    if (rc == 0) {
        drop_padding(l);
        rc = branch_labels(l, addr, err);
    }
    /* the last kernel's code, cut short before the notes or the end:
     * LLVM ends a kernel with s_endpgm, then its padding */
    const imp_insn *last = l->n_insns ? &l->insns[l->n_insns - 1] : NULL;
    if (rc == 0 && !followed
        && (!last || strcmp(last->mnem, "s_endpgm") != 0)) {
        rc = -1;
        err_set(err, l->file, last ? last->line : 1,
                last ? last->column : 1, "the disassembly "
                "of kernel '%s' ends %s%s, not s_endpgm: truncated?", name,
                last ? "with " : "before its first instruction",
                last ? last->mnem : "");
    }
    free(addr);
    if (rc == 0)
        rc = imp_amdgpu_metadata(meta_file, meta, start, name, &l->meta,
                                 err);
    if (rc == 0)
        metadata_target(meta, start, l->meta.target, sizeof l->meta.target);
    free(rtext);
    if (rc != 0)
        return -1;
    imp_meta *m = &l->meta;
    m->objdump = true;
    m->meta_file = meta == l->text ? NULL : resources;
    /* the kernel descriptor, where llvm-objdump -D printed it */
    char key[96];
    snprintf(key, sizeof key, ".amdhsa_kernel %s\n", name);
    m->ids_unknown = !strstr(l->text, key);
    imp_lines ls = { l->text, l->text, 0 };
    imp_line ln;
    while (imp_next_line(&ls, &ln))
        ;
    l->end_line = ls.no;
    return 0;
}
