/*
 * import.c — `cusim import` end to end: the listing read, its format
 * detected, its kernel's instructions mapped, its branches turned into
 * blocks with the user's trip counts and conditions, the kernel YAML
 * written and checked to load before anyone sees it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "fileio.h"
#include "imp_int.h"
#include "xalloc.h"

#define IMP_MAX_FILE_BYTES ((size_t)64 << 20)

/* The labels of `l`'s regions of kind `kind`, "a, b" into `buf`. */
static void region_labels(const imp_region *v, size_t n,
                          imp_region_kind kind, char *buf, size_t size)
{
    size_t u = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < n && u < size; i++)
        if (v[i].kind == kind)
            u += (size_t)snprintf(buf + u, size - u, "%s%s", u ? ", " : "",
                                  v[i].label);
    if (!u)
        snprintf(buf, size, "none");
}

/* Gives each region its --trip or --cond. Returns 0, or -1 with `err`
 * naming an option whose label is no loop (no if) of the kernel. */
static int attach_options(const imp_listing *l, const imp_options *o,
                          imp_region *v, size_t n, cusim_error *err)
{
    for (int pass = 0; pass < 2; pass++) {
        const imp_label_opt *opts = pass == 0 ? o->trips : o->conds;
        int count = pass == 0 ? o->n_trips : o->n_conds;
        imp_region_kind kind = pass == 0 ? IMP_LOOP : IMP_IF;
        for (int i = 0; i < count; i++) {
            const imp_label *b = imp_listing_find_label(l, opts[i].label);
            /* one option for a label gives it to every region the label
             * ends; the j-th of several, to the j-th of those regions */
            int given = 0, nth = 0;
            for (int j = 0; j < count; j++) {
                const imp_label *bj = imp_listing_find_label(l,
                                                             opts[j].label);
                if (bj && bj == b) {
                    nth += j < i;
                    given++;
                }
            }
            bool found = false;
            int seen = 0;
            for (size_t k = 0; k < n && b; k++)
                if (v[k].kind == kind && strcmp(v[k].label, b->name) == 0) {
                    if (given == 1 || seen == nth) {
                        v[k].expr = opts[i].expr;
                        v[k].option = opts[i].option;
                        found = true;
                    }
                    seen++;
                }
            if (b && given > 1 && given != seen)
                return err_noplace(err, l->file, "%s: label %s ends %d "
                                   "%s in kernel '%s' and is given %d "
                                   "times: give it once (for all) or once "
                                   "for each, in order", opts[i].option,
                                   b->name, seen, kind == IMP_LOOP
                                   ? "loops" : "ifs", l->meta.kernel, given);
            if (!found) {
                char list[512];
                region_labels(v, n, kind, list, sizeof list);
                return err_noplace(err, l->file, "%s: %s in kernel '%s' of "
                                   "%s (its %s: %s)", opts[i].option,
                                   b ? (kind == IMP_LOOP
                                        ? "the label closes no loop"
                                        : "the label ends no if")
                                     : "no such label", l->meta.kernel,
                                   l->file, kind == IMP_LOOP
                                   ? "loops, by the label a backward "
                                     "branch goes to"
                                   : "ifs, by the label a forward branch "
                                     "skips to", list);
            }
        }
    }
    return 0;
}

/* Gives the instructions their --at LINE=BUF[EXPR] (after the address
 * pass: the user's word is the last). Returns 0, or -1 with `err` naming
 * the option: no number, no instruction at that line, one that is no
 * memory access, an address of the wrong form or memory space. The
 * expression itself is checked when the kernel loads (check_loads). */
static int attach_ats(imp_listing *l, const imp_options *o,
                      cusim_error *err)
{
    for (int i = 0; i < o->n_ats; i++) {
        const imp_label_opt *a = &o->ats[i];
        char *end;
        long line = strtol(a->label, &end, 10);
        if (*end || end == a->label || line < 1)
            return err_noplace(err, l->file, "%s: expected LINE=BUF[EXPR], "
                               "LINE the instruction's line in the listing "
                               "(as the imported kernel's comments give it)",
                               a->option);
        imp_insn *in = NULL;
        for (size_t k = 0; k < l->n_insns && !in; k++)
            if (l->insns[k].line == line)
                in = &l->insns[k];
        if (!in)
            return err_noplace(err, l->file, "%s: no instruction of kernel "
                               "'%s' at line %ld of %s", a->option,
                               l->meta.kernel, line, l->file);
        int op = in->row ? in->row->op : -1;
        bool global = op == ISA_OP_LD_GLOBAL || op == ISA_OP_ST_GLOBAL
                      || op == ISA_OP_ATOM_GLOBAL;
        bool shared = op == ISA_OP_LD_SHARED || op == ISA_OP_ST_SHARED
                      || op == ISA_OP_ATOM_SHARED;
        if (!global && !shared)
            return err_noplace(err, l->file, "%s: line %ld is %s, not a "
                               "memory access", a->option, line, in->mnem);
        size_t name = 0;
        while (a->expr[name] == '_' || (a->expr[name] >= 'a'
                                        && a->expr[name] <= 'z')
               || (a->expr[name] >= 'A' && a->expr[name] <= 'Z')
               || (name > 0 && a->expr[name] >= '0' && a->expr[name] <= '9'))
            name++;
        size_t len = strlen(a->expr);
        if (name == 0 || a->expr[name] != '[' || a->expr[len - 1] != ']')
            return err_noplace(err, l->file, "%s: expected LINE=BUF[EXPR] "
                               "(a buffer's name, then the element's index "
                               "in brackets)", a->option);
        bool to_shared = name == 6 && strncmp(a->expr, "shared", 6) == 0;
        if (to_shared != shared)
            return err_noplace(err, l->file, "%s: line %ld is %s, a %s "
                               "access: expected %s", a->option, line,
                               in->mnem, shared ? "shared-memory" : "global",
                               shared ? "shared[EXPR]" : "a buffer other "
                                                         "than shared");
        if (len >= sizeof in->at)
            return err_noplace(err, l->file, "%s: the address is longer "
                               "than %zu characters", a->option,
                               sizeof in->at - 1);
        memcpy(in->at, a->expr, len + 1);
        in->at_option = a->option;
    }
    return 0;
}

/* Checks that `yaml` loads as a kernel. Returns 0, or -1 with `err` set:
 * naming the option whose expression is at fault when the error is on a
 * line one wrote (line_option), else as the importer's own failure. */
static int check_loads(const char *yaml, const imp_options *o,
                       const char **line_option, size_t n_lines,
                       cusim_error *err)
{
    cusim_kernel k;
    cusim_error e;
    const char *name = o->out ? o->out : "imported.yaml";
    if (cusim_kernel_load_string(yaml, name, NULL, 0, &k, &e) == 0) {
        cusim_kernel_free(&k);
        return 0;
    }
    if (e.line > 0 && (size_t)e.line <= n_lines && line_option[e.line])
        return err_noplace(err, o->file, "%s: %s",
                           line_option[e.line], e.message);
    return err_noplace(err, o->file, "the imported kernel does not load "
                       "(an importer bug: please report it): %s:%d:%d: %s",
                       e.file, e.line, e.column, e.message);
}

int imp_import(const imp_options *o, char **yaml, char **warnings,
               cusim_error *err)
{
    *yaml = NULL;
    *warnings = NULL;
    imp_listing l;
    memset(&l, 0, sizeof l);
    l.file = o->file;
    size_t len;
    if (fio_read_file(o->file, IMP_MAX_FILE_BYTES, "the listing", &l.text,
                      &len, err) != 0)
        return -1;
    int rc;
    if (memchr(l.text, '\0', len)) {
        imp_listing_free(&l);
        return err_set(err, o->file, 1, 1, "a NUL byte: not a text "
                       "listing (cusim import reads assembly text)");
    }
    imp_format detected = imp_detect(l.text);
    l.format = o->format != IMP_FORMAT_AUTO ? o->format : detected;
    if (l.format == IMP_FORMAT_AUTO) {
        imp_listing_free(&l);
        return err_set(err, o->file, 1, 1, "not a listing cusim import "
                       "reads: neither AMD GCN/RDNA assembly from clang -S "
                       "(.amdgcn_target, .amdhsa_kernel) nor NVIDIA SASS "
                       "(cuobjdump -sass, nvdisasm) nor a RADV listing "
                       "(scripts/compile-vulkan)");
    }
    if (o->format != IMP_FORMAT_AUTO && detected != IMP_FORMAT_AUTO
        && detected != o->format) {
        imp_listing_free(&l);
        return err_set(err, o->file, 1, 1, "--format %s, but this looks "
                       "like %s", imp_format_name(o->format),
                       imp_format_what(detected));
    }
    if (o->resources && l.format != IMP_FORMAT_SASS) {
        bool radv = l.format == IMP_FORMAT_RADV;
        imp_listing_free(&l);
        return err_noplace(err, o->file, "--resources %s: for SASS "
                           "listings (cuobjdump -res-usage); %s is %s, "
                           "which says its resources", o->resources,
                           o->file, radv ? "a RADV listing"
                                         : "AMD assembly");
    }
    rc = l.format == IMP_FORMAT_SASS
        ? imp_sass_read(&l, o->kernel, o->resources, err)
        : l.format == IMP_FORMAT_RADV ? imp_radv_read(&l, o->kernel, err)
        : imp_amdgcn_read(&l, o->kernel, err);
    if (rc != 0) {
        imp_listing_free(&l);
        return -1;
    }
    if (o->strict)
        for (size_t i = 0; i < l.n_insns; i++) {
            const imp_insn *in = &l.insns[i];
            if (!in->row || in->row->op == IMP_OP_UNMAPPED) {
                err_set(err, o->file, in->line, in->column, "unmapped "
                        "opcode '%s' (--strict refuses what the mapping "
                        "table has no cusim instruction for)", in->mnem);
                imp_listing_free(&l);
                return -1;
            }
        }
    imp_region *v = NULL;
    long n = imp_flow_regions(&l, &v, err);
    if (n < 0 || attach_options(&l, o, v, (size_t)n, err) != 0) {
        free(v);
        imp_listing_free(&l);
        return -1;
    }
    uint32_t wg[3];
    imp_workgroup(&l, o, wg);
    imp_addresses(&l, v, (size_t)n, wg);
    if (attach_ats(&l, o, err) != 0) {
        free(v);
        imp_listing_free(&l);
        return -1;
    }
    sbuf warn = { 0 };
    /* ifs without a condition: the first few one line each, the rest
     * in one (naga's bounded loops have one in every pass) */
    enum { IF_LINES = 3, IF_NAMES = 8 };
    int ifs = 0;
    sbuf more = { 0 };
    for (long k = 0; k < n; k++) {
        const imp_insn *br = &l.insns[v[k].branch];
        if (v[k].derived && v[k].kind == IMP_LOOP && v[k].unread_line)
            sb_printf(&warn, "cusim import: warning: %s:%d:%d: loop %s: "
                      "repeat %s from its counter, at most: its exit test "
                      "at line %d is not read (--trip %s=EXPR to say)\n",
                      l.file, br->line, br->column, v[k].label, v[k].expr,
                      v[k].unread_line, v[k].label);
        else if (!v[k].expr && v[k].kind == IMP_LOOP)
            sb_printf(&warn, "cusim import: warning: %s:%d:%d: loop %s has "
                      "no --trip %s=EXPR: it runs once\n", l.file, br->line,
                      br->column, v[k].label, v[k].label);
        else if (!v[k].expr) {
            ifs++;
            if (ifs <= IF_LINES)
                sb_printf(&warn, "cusim import: warning: %s:%d:%d: if %s "
                          "has no --cond %s=EXPR: taken by all lanes\n",
                          l.file, br->line, br->column, v[k].label,
                          v[k].label);
            else if (ifs <= IF_LINES + IF_NAMES)
                sb_printf(&more, "%s%s", ifs > IF_LINES + 1 ? ", " : "",
                          v[k].label);
        }
    }
    if (ifs > IF_LINES) {
        sb_printf(&warn, "cusim import: warning: %s: %d more ifs have no "
                  "--cond, taken by all lanes: %s%s (the header lists "
                  "each)\n", l.file, ifs - IF_LINES, more.s,
                  ifs > IF_LINES + IF_NAMES ? ", ..." : "");
    }
    free(more.s);
    sbuf out = { 0 };
    const char **line_option = NULL;
    size_t n_lines = 0;
    imp_write(&l, o, v, (size_t)n, &out, &warn, &line_option, &n_lines);
    free(v);
    char *text = sb_take(&out);
    rc = check_loads(text, o, line_option, n_lines, err);
    free(line_option);
    imp_listing_free(&l);
    if (rc != 0) {
        free(text);
        free(warn.s);
        return -1;
    }
    *yaml = text;
    *warnings = sb_take(&warn);
    return 0;
}
