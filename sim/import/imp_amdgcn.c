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

/* Whether `ln`, from its first non-blank byte, starts with word `w`
 * followed by a blank or the end. */
static bool starts_word(const imp_line *ln, const char *w)
{
    size_t i = imp_line_indent(ln), n = strlen(w);
    return ln->len - i >= n && memcmp(ln->s + i, w, n) == 0
        && (ln->len - i == n || isspace((unsigned char)ln->s[i + n])
            || ln->s[i + n] == ',');
}

/* The word after the first word of `ln`, into `buf` (up to a blank or
 * ','; quotes kept out). */
static void second_word(const imp_line *ln, char *buf, size_t size)
{
    size_t i = imp_line_indent(ln);
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

/* ----------------------------------------------------------- metadata */

/* The unsigned number after "KEY:" on `ln` at byte `at`; false when none. */
static bool meta_number(const imp_line *ln, size_t at, uint32_t *v)
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

/* The word after "KEY:" on `ln` at byte `at`, into `buf` (quotes and a
 * YAML tag kept out: "!str n" is n); "" when none. */
static void meta_word(const imp_line *ln, size_t at, char *buf, size_t size)
{
    const char *p = ln->s + at, *e = ln->s + ln->len;
    while (p < e && *p != ':')
        p++;
    if (p < e)
        p++;
    while (p < e && isspace((unsigned char)*p))
        p++;
    if (p < e && *p == '!') {
        while (p < e && !isspace((unsigned char)*p))
            p++;
        while (p < e && isspace((unsigned char)*p))
            p++;
    }
    char q = p < e && (*p == '\'' || *p == '"') ? *p++ : '\0';
    size_t n = 0;
    while (p < e && n + 1 < size
           && (q ? *p != q : !isspace((unsigned char)*p)))
        buf[n++] = *p++;
    buf[n] = '\0';
}

/* Whether `ln` holds key `key` at byte `at`. */
static bool meta_key(const imp_line *ln, size_t at, const char *key)
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

int imp_amdgpu_metadata(const char *file, const char *text, int start,
                        const char *name, imp_meta *m, cusim_error *err)
{
    imp_lines ls = { text, text, 0 };
    imp_line ln;
    while (ls.no < start && imp_next_line(&ls, &ln))
        ;
    size_t item = SIZE_MAX;       /* the kernels' item indent */
    size_t arg_item = SIZE_MAX;   /* the .args entries' item indent */
    bool in_kernels = false, mine = false, in_reqd = false, in_args = false;
    bool arg_kept = false;        /* the .args entry read is in got */
    int n_reqd = 0, entry_line = 0;
    imp_meta got;
    memset(&got, 0, sizeof got);
    while (imp_next_line(&ls, &ln)) {
        size_t i = imp_line_indent(&ln);
        if (starts_word(&ln, ".end_amdgpu_metadata")
            || (ln.len == 3 && memcmp(ln.s, "...", 3) == 0))
            break;                /* the block's end, or the document's */
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
            got.have_params = true;
            entry_line = ln.no;
            in_reqd = in_args = false;
            i += 2;               /* the first key, after "- " */
        }
        size_t key = item + 2;
        if (in_args && i > key) {
            /* an entry of .args: "- .offset: 16", then its other keys */
            if (ln.s[i] == '-' && (arg_item == SIZE_MAX || i == arg_item)) {
                arg_item = i;
                i += 2;
                arg_kept = got.n_params < IMP_MAX_PARAMS;  /* else unread */
                if (arg_kept)
                    got.params[got.n_params++] = (imp_param){ 0, "", false };
            }
            imp_param *a = &got.params[got.n_params ? got.n_params - 1 : 0];
            char w[40];
            uint32_t off;
            if (arg_kept && i == arg_item + 2) {
                if (meta_key(&ln, i, ".offset") && meta_number(&ln, i, &off))
                    a->offset = off;
                else if (meta_key(&ln, i, ".name"))
                    meta_word(&ln, i, a->name, sizeof a->name);
                else if (meta_key(&ln, i, ".value_kind")) {
                    meta_word(&ln, i, w, sizeof w);
                    a->hidden = strncmp(w, "hidden_", 7) == 0;
                }
            }
            if (mine)
                keep_entry(m, &got, entry_line);
            continue;
        }
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
            continue;
        in_reqd = in_args = false;
        uint32_t v;
        if (meta_key(&ln, i, ".args")) {
            in_args = true;
            arg_item = SIZE_MAX;
            arg_kept = false;
        } else if (meta_key(&ln, i, ".name")) {
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
    imp_lines ls = { l->text, l->text, 0 };
    imp_line ln;
    /* first pass: the kernels, the target, the compiler, the metadata */
    while (imp_next_line(&ls, &ln)) {
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
    while (!ended && imp_next_line(&ls, &ln)) {
        char lab[IMP_LABEL_MAX];
        bool is_label = imp_line_label(&ln, lab, sizeof lab);
        if (!inside) {
            if (is_label && strcmp(lab, name) == 0) {
                inside = true;
                start_line = ln.no;
            }
            continue;
        }
        size_t i = imp_line_indent(&ln);
        if (i == ln.len)
            continue;
        if (is_label) {
            if (strncmp(lab, ".Lfunc_end", 10) == 0) {
                ended = true;
                break;
            }
            imp_label *b = imp_listing_label(l, ln.no, (int)i + 1, err);
            if (!b)
                return -1;
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
        if (imp_gcn_insn(l, &ln, i, err) != 0)
            return -1;
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
    return imp_amdgpu_metadata(file, l->text, meta_start, name, &l->meta,
                               err);
}
