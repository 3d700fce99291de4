/*
 * import.c — `cusim import` end to end: the listing read, its format
 * detected, its kernel's instructions mapped, its branches turned into
 * blocks with the user's trip counts and conditions, the kernel YAML
 * written and checked to load before anyone sees it.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "addr.h"
#include "error.h"
#include "fileio.h"
#include "imp_int.h"
#include "program.h"
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

/* The line number LINE of --at LINE=...: 0 and *line, or -1 when it is
 * not a whole number from 1 (a number beyond any listing's lines, however
 * long, is INT_MAX + 1: no instruction is there). */
static int at_line(const char *text, long *line)
{
    if (!*text)
        return -1;
    long v = 0;
    for (const char *c = text; *c; c++) {
        if (*c < '0' || *c > '9')
            return -1;
        if (v <= INT_MAX)
            v = 10 * v + (*c - '0');
    }
    if (v == 0)
        return -1;
    *line = v > INT_MAX ? (long)INT_MAX + 1 : v;
    return 0;
}

/* Gives the instructions their --at LINE=BUF[EXPR] (after the address
 * pass: the user's word is the last). Returns 0, or -1 with `err` naming
 * the option: no number, no instruction at that line, one that is no
 * memory access, a line given twice, an address of the wrong form or
 * memory space, a buffer name the kernel cannot declare (a name of the
 * at= expressions, too long). The expression itself is checked when the
 * kernel loads and resolves (check_loads). */
static int attach_ats(imp_listing *l, const imp_options *o,
                      cusim_error *err)
{
    for (int i = 0; i < o->n_ats; i++) {
        const imp_label_opt *a = &o->ats[i];
        long line;
        if (at_line(a->label, &line) != 0)
            return err_noplace(err, l->file, "%s: expected LINE=BUF[EXPR], "
                               "LINE the instruction's line in the listing "
                               "(as the imported kernel's comments give it)",
                               a->option);
        for (int j = 0; j < i; j++) {
            long other;
            if (at_line(o->ats[j].label, &other) == 0 && other == line)
                return err_noplace(err, l->file, "%s: line %s is given "
                                   "twice (also %s): give one --at a line",
                                   a->option, a->label, o->ats[j].option);
        }
        imp_insn *in = NULL;
        for (size_t k = 0; k < l->n_insns && !in; k++)
            if (l->insns[k].line == line)
                in = &l->insns[k];
        if (!in)
            return err_noplace(err, l->file, "%s: no instruction of kernel "
                               "'%s' at line %s of %s", a->option,
                               l->meta.kernel, a->label, l->file);
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
        if (!to_shared && addr_is_name(a->expr, name))
            return err_noplace(err, l->file, "%s: '%.*s' is a name of the "
                               "at= expressions (docs/isa.md), not a "
                               "buffer: name the buffer otherwise",
                               a->option, (int)name, a->expr);
        if (name > CUSIM_BUFFER_NAME_MAX)
            return err_noplace(err, l->file, "%s: a buffer name of %zu "
                               "characters (at most %d)", a->option, name,
                               CUSIM_BUFFER_NAME_MAX);
        if (len >= sizeof in->at)
            return err_noplace(err, l->file, "%s: the address is longer "
                               "than %zu characters", a->option,
                               sizeof in->at - 1);
        memcpy(in->at, a->expr, len + 1);
        in->at_option = a->option;
    }
    return 0;
}

/* Checks what the kernel read from the listing can be imported: an
 * instruction cusim runs, registers, shared memory and a subgroup size
 * within the kernel keys' ranges, a workgroup of 1 to IMP_MAX_WORKGROUP
 * invocations (the option's or the listing's), into `wg`. Returns 0, or
 * -1 with `err` at the listing's line or naming the option. */
static int check_kernel(const imp_listing *l, const imp_options *o,
                        uint32_t wg[3], cusim_error *err)
{
    bool runs = false;
    for (size_t i = 0; i < l->n_insns && !runs; i++)
        runs = l->insns[i].row && l->insns[i].row->op < ISA_OP_COUNT;
    if (!runs) {
        const imp_insn *first = l->n_insns ? &l->insns[0] : NULL;
        return err_set(err, l->file, first ? first->line : l->meta.meta_line,
                       first ? first->column : 1, "kernel '%s' has no "
                       "instruction that cusim runs (%zu instruction%s: "
                       "waits, branches, its end or unmapped opcodes): "
                       "nothing to import", l->meta.kernel, l->n_insns,
                       l->n_insns == 1 ? "" : "s");
    }
    /* shared memory accessed where the listing says there is none: a
     * kernel that allocates it at launch (HIP's extern __shared__,
     * CUDA's dynamic shared memory), which the metadata does not count */
    for (size_t i = 0; i < l->n_insns && !o->shared_given
                       && l->meta.shared == 0; i++) {
        const imp_insn *in = &l->insns[i];
        int op = in->row ? in->row->op : -1;
        if (op == ISA_OP_LD_SHARED || op == ISA_OP_ST_SHARED
            || op == ISA_OP_ATOM_SHARED
            || (in->row && in->row->roles == IMP_R_COPY))
            return err_set(err, l->file, in->line, in->column, "'%s' "
                           "accesses shared memory, but the listing says "
                           "kernel '%s' has none (memory it allocates at "
                           "launch is not counted): give --shared-bytes N",
                           in->mnem, l->meta.kernel);
    }
    /* the keys the metadata gives, within the kernel keys' ranges */
    const imp_meta *m = &l->meta;
    const struct { const char *what; uint32_t value, max; } keys[] = {
        { "registers", m->vgprs, 65536 },
        { "shared memory bytes", m->shared, 1073741824 },
        { "a subgroup size of", m->wave, 1024 },
    };
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
        if (keys[k].value > keys[k].max)
            return err_set(err, m->meta_file ? m->meta_file : l->file,
                           m->meta_line, 1, "kernel '%s''s metadata says "
                           "%s %u: a kernel has at most %u", m->kernel,
                           keys[k].what, keys[k].value, keys[k].max);
    imp_wg_source from = imp_workgroup(l, o, wg);
    uint64_t size = (uint64_t)wg[0] * wg[1] * wg[2];
    if (size >= 1 && size <= IMP_MAX_WORKGROUP)
        return 0;
    if (from == IMP_WG_OPTION)
        return err_noplace(err, l->file, "--workgroup-size %u,%u: %llu "
                           "invocations (expected 1 to %u)", wg[0], wg[1],
                           (unsigned long long)size, IMP_MAX_WORKGROUP);
    return err_set(err, l->file, l->meta.meta_line, 1, "kernel '%s''s "
                   "workgroup is %u x %u x %u = %llu invocations (expected "
                   "1 to %u): give --workgroup-size", l->meta.kernel, wg[0],
                   wg[1], wg[2], (unsigned long long)size, IMP_MAX_WORKGROUP);
}

/* Keeps the kernel's buffers within CUSIM_MAX_BUFFERS: `params` (the
 * parameters' own loads) and one per name an address reads, those of
 * --at first. An address read from the code whose buffer would be one
 * too many keeps its pattern instead; an --at's is refused. Returns 0,
 * or -1 with `err` naming the option. */
static int limit_buffers(imp_listing *l, cusim_error *err)
{
    char names[CUSIM_MAX_BUFFERS][CUSIM_BUFFER_NAME_MAX + 1];
    int n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < l->n_insns; i++) {
            imp_insn *in = &l->insns[i];
            const char *name = in->at;
            size_t len = strcspn(in->at, "[");
            if (pass == 0 && in->row && (in->row->flags & IMP_F_UNIFORM)
                && in->param_off >= 0 && !in->at[0]) {
                name = "params";
                len = 6;
            } else if (!in->at[0] || (pass == 0) != (in->at_option != NULL)
                       || (len == 6 && strncmp(in->at, "shared", 6) == 0)) {
                continue;
            }
            bool seen = false;
            for (int k = 0; k < n && !seen; k++)
                seen = strlen(names[k]) == len
                       && strncmp(names[k], name, len) == 0;
            if (seen)
                continue;
            if (n == CUSIM_MAX_BUFFERS && in->at_option) {
                char list[CUSIM_MAX_BUFFERS * (CUSIM_BUFFER_NAME_MAX + 2)];
                size_t u = 0;
                for (int k = 0; k < n; k++)
                    u += (size_t)snprintf(list + u, sizeof list - u, "%s%s",
                                          k ? ", " : "", names[k]);
                return err_noplace(err, l->file, "%s: a buffer beyond the "
                                   "%d a kernel may have (%s)",
                                   in->at_option, CUSIM_MAX_BUFFERS, list);
            }
            if (n == CUSIM_MAX_BUFFERS || len > CUSIM_BUFFER_NAME_MAX) {
                in->at[0] = '\0';        /* its pattern stays */
                continue;
            }
            snprintf(names[n++], sizeof names[0], "%.*s", (int)len, name);
        }
    return 0;
}

/* Whether `name` is argHEX, the importer's name of the argument at byte
 * HEX (*off); it wins over a parameter of that name in the source. */
static bool arg_offset_name(const char *name, int64_t *off)
{
    if (strncmp(name, "arg", 3) != 0 || !name[3] || strlen(name) > 12)
        return false;
    for (const char *c = name + 3; *c; c++)
        if (!((*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'f')))
            return false;
    *off = strtoll(name + 3, NULL, 16);
    return true;
}

/* The kernel's parameters as a message lists them, "0 x (arg0), 1 y
 * (arg8), 2 n (arg10)" (without a name where the metadata has none). */
static void param_list(const imp_meta *m, char *buf, size_t size)
{
    size_t u = 0;
    int k = 0;
    buf[0] = '\0';
    for (int i = 0; i < m->n_params && u < size; i++) {
        const imp_param *a = &m->params[i];
        if (a->hidden)
            continue;
        u += (size_t)snprintf(buf + u, size - u, "%s%d%s%s (arg%llx)",
                              k ? ", " : "", k, a->name[0] ? " " : "",
                              a->name, (unsigned long long)a->offset);
        k++;
    }
    if (!k)
        snprintf(buf, size, "none");
}

/* Resolves each --arg of `o` to argOFF (its `off`, where its name then
 * points): argOFF as given; a parameter's index (from 0, the metadata's
 * .args without its hidden_* entries) or its name in the source, through
 * `l`'s metadata. Returns 0, or -1 with `err` naming the option: an index
 * or a name where the listing has no parameter list (SASS, RADV), one
 * the kernel does not have (listing those it has), or two options naming
 * one argument. */
static int resolve_args(const imp_listing *l, imp_options *o,
                        cusim_error *err)
{
    const imp_meta *m = &l->meta;
    for (int i = 0; i < o->n_args; i++) {
        imp_arg_opt *a = &o->args[i];
        const char *given = a->option ? a->option : a->name;
        int64_t off = 0;
        a->param = -1;
        bool index = a->name[0] >= '0' && a->name[0] <= '9';
        if (!arg_offset_name(a->name, &off)) {
            if (!m->have_params)
                return err_noplace(err, l->file, "%s: %s lists no "
                                   "parameters: give the argument by its "
                                   "byte offset in them, argOFF in "
                                   "hexadecimal, as the warnings name it "
                                   "(arg10: byte 0x10)", given,
                                   l->format == IMP_FORMAT_SASS
                                   ? "a SASS listing (cuobjdump -sass)"
                                   : l->format == IMP_FORMAT_RADV
                                   ? "a RADV listing" : "the listing");
            char names[512];
            param_list(m, names, sizeof names);
            int k = 0;
            char *end;
            long want = index ? strtol(a->name, &end, 10) : -1;
            bool any_name = false;
            for (int j = 0; j < m->n_params && a->param < 0; j++) {
                const imp_param *p = &m->params[j];
                if (p->hidden)
                    continue;
                any_name |= p->name[0] != '\0';
                if (index ? k == want : strcmp(p->name, a->name) == 0) {
                    a->param = k;
                    off = p->offset;
                }
                k++;
            }
            if (a->param < 0 && index)
                return err_noplace(err, l->file, "%s: kernel '%s' has %d "
                                   "parameters, by index from 0: %s", given,
                                   m->kernel, k, names);
            if (a->param < 0)
                return err_noplace(err, l->file, "%s: kernel '%s' has no "
                                   "parameter '%s'%s; its parameters, by "
                                   "index from 0: %s", given, m->kernel,
                                   a->name, any_name ? ""
                                   : " (its metadata names none: OpenCL "
                                     "without -cl-kernel-arg-info)", names);
        }
        snprintf(a->off, sizeof a->off, "arg%llx", (unsigned long long)off);
        a->name = a->off;
        for (int j = 0; j < i; j++)
            if (strcmp(o->args[j].name, a->name) == 0)
                return err_noplace(err, l->file, "%s: argument %s is given "
                                   "twice (%s)", given, a->name,
                                   o->args[j].option ? o->args[j].option
                                                     : o->args[j].name);
    }
    return 0;
}

/* The listing's line that line `yline` of the imported `yaml` comes from
 * (its "(line N)" comment), or 0. */
static int listing_line(const char *yaml, int yline)
{
    const char *p = yaml;
    for (int k = 1; k < yline && p; k++) {
        p = strchr(p, '\n');
        p = p ? p + 1 : NULL;
    }
    if (!p)
        return 0;
    const char *end = strchr(p, '\n');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    int line = 0;
    for (size_t i = 0; i + 6 <= len; i++)
        if (memcmp(p + i, "(line ", 6) == 0) {
            line = 0;
            for (size_t j = i + 6; j < len && p[j] >= '0' && p[j] <= '9'
                                   && line < 100000000; j++)
                line = line * 10 + (p[j] - '0');
        }
    return line;
}

/* Checks that `yaml` loads as a kernel and that its program resolves at
 * the kernel's own launch shape (every count and condition evaluates; no
 * address divides by a constant zero), as `cusim sim` will resolve it.
 * Returns 0, or -1 with `err` set: naming the option whose expression is
 * at fault when the error is on a line one wrote (line_option), else as
 * the importer's own failure. */
static int check_loads(const char *yaml, const imp_options *o,
                       const char **line_option, size_t n_lines,
                       cusim_error *err)
{
    cusim_kernel k;
    cusim_error e;
    const char *name = o->out ? o->out : "imported.yaml";
    int rc = cusim_kernel_load_string(yaml, name, NULL, 0, &k, &e);
    if (rc == 0) {
        uint32_t width = k.subgroup_size ? k.subgroup_size : 32;
        prog_shape shape = prog_shape_of(&k, width);
        prog_code *code = NULL;
        rc = cusim_kernel_shared_bytes(&k, width, &shape.shared_bytes, &e);
        if (rc == 0) {
            code = prog_resolve(k.ast, &shape, &e);
            rc = code ? 0 : -1;
        }
        prog_code_free(code);
        cusim_kernel_free(&k);
        if (rc == 0)
            return 0;
    }
    if (e.line > 0 && (size_t)e.line <= n_lines && line_option[e.line])
        return err_noplace(err, o->file, "%s: %s",
                           line_option[e.line], e.message);
    /* a shared access wider than the shared memory the listing (or
     * --shared-bytes) gives the kernel: the input's, not the importer's */
    const char *what = strstr(e.message, "at=shared[...]: shared_bytes (");
    unsigned long long have;
    unsigned need;
    if (what && sscanf(what, "at=shared[...]: shared_bytes (%llu bytes) "
                       "holds no element of %u bytes", &have, &need) == 2) {
        if (o->shared_given)
            return err_noplace(err, o->file, "--shared-bytes %u: fewer "
                               "than the kernel's %u-byte shared access",
                               o->shared_bytes, need);
        int at = listing_line(yaml, e.line);
        if (at > 0)
            return err_set(err, o->file, at, 1, "a %u-byte shared access, "
                           "where the listing gives the kernel %llu byte%s "
                           "of shared memory (its size is wrong, or give "
                           "--shared-bytes N)", need, have,
                           have == 1 ? "" : "s");
    }
    return err_noplace(err, o->file, "the imported kernel does not load "
                       "(an importer bug: please report it): %s:%d:%d: %s",
                       e.file, e.line, e.column, e.message);
}

int imp_import(const imp_options *given, char **yaml, char **warnings,
               cusim_error *err)
{
    /* the options, their --arg resolved (resolve_args) and those the
     * address pass finds appended (imp_addresses) */
    imp_options opts = *given;
    imp_options *o = &opts;
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
                       "(.amdgcn_target, .amdhsa_kernel) or llvm-objdump "
                       "-d (elf64-amdgpu) nor NVIDIA SASS (cuobjdump "
                       "-sass, nvdisasm) nor a RADV listing "
                       "(scripts/compile-vulkan)");
    }
    if (o->format != IMP_FORMAT_AUTO && detected != IMP_FORMAT_AUTO
        && detected != o->format) {
        imp_listing_free(&l);
        return err_set(err, o->file, 1, 1, "--format %s, but this looks "
                       "like %s", imp_format_name(o->format),
                       imp_format_what(detected));
    }
    if (o->family && imp_radv_family(o->family) < 0) {
        imp_listing_free(&l);
        return err_noplace(err, o->file, "--family %s: a chip RADV names "
                           "(navi21, gfx1100, navi31, vega10, navi10, "
                           "gfx1030, ...; docs/import.md lists them)",
                           o->family);
    }
    if (o->family && (l.format != IMP_FORMAT_RADV
                      || !imp_is_radv_dump(l.text))) {
        imp_listing_free(&l);
        return err_noplace(err, o->file, "--family %s: for a RADV_DEBUG="
                           "shaders dump, whose VGPRs the family's granule "
                           "rounds; %s says its registers", o->family,
                           o->file);
    }
    bool objdump = l.format == IMP_FORMAT_AMDGCN && imp_is_objdump(l.text);
    if (o->resources && l.format != IMP_FORMAT_SASS && !objdump) {
        bool radv = l.format == IMP_FORMAT_RADV;
        imp_listing_free(&l);
        return err_noplace(err, o->file, "--resources %s: for SASS "
                           "listings (cuobjdump -res-usage) and code "
                           "objects' disassembly (llvm-readelf --notes); "
                           "%s is %s, which says its resources",
                           o->resources, o->file, radv ? "a RADV listing"
                           : "AMD assembly from clang -S");
    }
    rc = l.format == IMP_FORMAT_SASS
        ? imp_sass_read(&l, o->kernel, o->resources, err)
        : l.format == IMP_FORMAT_RADV ? imp_radv_read(&l, o->kernel,
                                                      o->family, err)
        : objdump ? imp_objdump_read(&l, o->kernel, o->resources, err)
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
    if (resolve_args(&l, o, err) != 0) {
        imp_listing_free(&l);
        return -1;
    }
    imp_region *v = NULL;
    long n = imp_flow_regions(&l, &v, err);
    if (n < 0 || attach_options(&l, o, v, (size_t)n, err) != 0) {
        free(v);
        imp_listing_free(&l);
        return -1;
    }
    uint32_t wg[3];
    if (check_kernel(&l, o, wg, err) != 0) {
        free(v);
        imp_listing_free(&l);
        return -1;
    }
    imp_addresses(&l, v, (size_t)n, wg, o);
    if (attach_ats(&l, o, err) != 0 || limit_buffers(&l, err) != 0) {
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
    imp_yaml_safe(warn.s, warn.n);
    *warnings = sb_take(&warn);
    return 0;
}
