/*
 * imp_head.c — the kernel YAML's head, which imp_write.c puts before the
 * program: a comment naming the source, the compiler, the target and
 * every mapping decision (the registers' and shared bytes' sources, the
 * mapping's counts, the addresses read and not, each loop's and if's
 * count or condition, the unmapped opcodes), then the keys from the
 * compiler's metadata and the launch (name, workgroup_size, registers,
 * shared_bytes, subgroup_size, elements, grid_x, buffers).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "hmap.h"
#include "imp_int.h"
#include "xalloc.h"

/* A mnemonic for the header, printable. */
static const char *plain(const char *mnem, char *buf, size_t size)
{
    size_t n = 0;
    for (; mnem[n] && n + 1 < size; n++)
        buf[n] = imp_printable(mnem[n]);
    buf[n] = '\0';
    return buf;
}

/* The kernel's name `kernel` as the YAML value of key `name` into `buf`
 * (at most size - 1 bytes, the key's bound): as it is when it is an
 * identifier (letters, digits, '_', '.', '$', '-'; not first '.' or
 * '-'), else quoted ('...'), its bytes beyond printable ASCII as '?'. */
static void yaml_name(const char *kernel, char *buf, size_t size)
{
    bool plain = kernel[0] != '\0' && kernel[0] != '.' && kernel[0] != '-';
    for (const char *c = kernel; *c && plain; c++)
        plain = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z')
                || (*c >= '0' && *c <= '9') || *c == '_' || *c == '.'
                || *c == '$' || *c == '-';
    size_t n = 0;
    if (plain) {
        for (const char *c = kernel; *c && n + 1 < size; c++)
            buf[n++] = *c;
    } else {
        buf[n++] = '\'';
        for (const char *c = kernel; *c && n + 3 < size; c++) {
            if (*c == '\'' && n + 4 >= size)
                break;
            if (*c == '\'')
                buf[n++] = '\'';
            buf[n++] = imp_printable(*c);
        }
        buf[n++] = '\'';
    }
    buf[n] = '\0';
}

imp_wg_source imp_workgroup(const imp_listing *l, const imp_options *o,
                            uint32_t wg[3])
{
    wg[0] = 256;
    wg[1] = wg[2] = 1;
    if (o->workgroup_dims) {
        wg[0] = o->workgroup[0];
        wg[1] = o->workgroup_dims > 1 ? o->workgroup[1] : 1;
        return IMP_WG_OPTION;
    }
    if (l->meta.reqd[0]) {
        memcpy(wg, l->meta.reqd, 3 * sizeof wg[0]);
        return IMP_WG_REQD;
    }
    if (l->meta.max_flat) {
        wg[0] = l->meta.max_flat;
        return IMP_WG_MAX_FLAT;
    }
    return IMP_WG_DEFAULT;
}

/* The workgroups per row of the grid (kernel key grid_x) when the
 * addresses read the workgroup's row (wg_y): --grid-x, else the side of a
 * square grid when the workgroups make one (with a warning: the listing
 * does not say), else 0 (every workgroup in one row, wg_y 0: a warning
 * says to give --grid-x). 0 when no address reads wg_y. */
static uint64_t grid_width(const imp_listing *l, const imp_options *o,
                           const uint32_t wg[3], uint64_t elements,
                           sbuf *warn)
{
    bool rows = false;
    for (size_t i = 0; i < l->n_insns && !rows; i++)
        rows = strstr(l->insns[i].at, "wg_y") != NULL;
    if (o->grid_x || !rows)
        return o->grid_x;
    uint64_t size = (uint64_t)wg[0] * wg[1] * wg[2];
    uint64_t groups = (elements + size - 1) / size, side = 0;
    while ((side + 1) * (side + 1) <= groups)
        side++;
    if (side * side == groups) {
        sb_printf(warn, "cusim import: warning: %s: the addresses read the "
                  "workgroup's row (wg_y): grid_x taken as %llu, the side "
                  "of a square grid of %llu workgroups (give --grid-x)\n",
                  l->file, (unsigned long long)side,
                  (unsigned long long)groups);
        return side;
    }
    sb_printf(warn, "cusim import: warning: %s: the addresses read the "
              "workgroup's row (wg_y), but --grid-x does not say the "
              "workgroups per row: all %llu in one row\n", l->file,
              (unsigned long long)groups);
    return 0;
}

/* The kernel's buffers: params (the parameters read with at=params[...])
 * and one per pointer parameter an address was read from (argOFF, at=
 * argOFF[...]), 4 GiB each: the listing does not say how large they are,
 * and at 4 GiB no 32-bit index wraps. Nothing when there are none. */
static void put_buffers(const imp_listing *l, uint64_t params_end, sbuf *h)
{
    char names[CUSIM_MAX_BUFFERS][CUSIM_BUFFER_NAME_MAX + 1];
    int n = 0;
    for (size_t i = 0; i < l->n_insns && n < CUSIM_MAX_BUFFERS; i++) {
        size_t len = strcspn(l->insns[i].at, "[");
        if (!l->insns[i].at[0] || len >= sizeof names[0]
            || strncmp(l->insns[i].at, "shared[", 7) == 0)
            continue;
        /* params, when the parameters' own loads declare it */
        bool seen = params_end && len == 6
                    && strncmp(l->insns[i].at, "params", 6) == 0;
        for (int k = 0; k < n && !seen; k++)
            seen = strncmp(names[k], l->insns[i].at, len) == 0
                   && names[k][len] == '\0';
        if (!seen)
            snprintf(names[n++], sizeof names[0], "%.*s", (int)len,
                     l->insns[i].at);
    }
    if (!params_end && n == 0)
        return;
    sb_puts(h, "buffers: {");
    const char *sep = " ";
    if (params_end) {
        sb_printf(h, "%sparams: %llu", sep,
                  (unsigned long long)((params_end + 15) / 16 * 16));
        sep = ", ";
    }
    for (int k = 0; k < n; k++, sep = ", ")
        sb_printf(h, "%s%s: 4 GiB", sep, names[k]);
    sb_puts(h, " }\n");
}

/* Whether `in` is a global access of the lanes' own addresses (not a
 * uniform load: those read the parameters or keep strided:0). */
static bool lane_global(const imp_insn *in)
{
    const imp_map_row *row = in->row;
    if (!row || (row->flags & IMP_F_UNIFORM))
        return false;
    return row->op == ISA_OP_LD_GLOBAL || row->op == ISA_OP_ST_GLOBAL
           || row->op == ISA_OP_ATOM_GLOBAL || row->roles == IMP_R_COPY;
}

/* Appends to `b` the lines of the first few global accesses of `l`
 * whose address was not read ("line 23", "lines 23, 45, ..."): those
 * that need --arg (kind 0), or the others (kind 1). */
static void some_lines(const imp_listing *l, int kind, sbuf *b)
{
    enum { SHOWN = 8 };
    int n = 0, all = 0;
    for (size_t i = 0; i < l->n_insns; i++)
        all += lane_global(&l->insns[i]) && !l->insns[i].at[0]
               && (kind == 0) == (l->insns[i].need_args[0] != '\0');
    sb_puts(b, all == 1 ? "line " : "lines ");
    for (size_t i = 0; i < l->n_insns; i++) {
        const imp_insn *in = &l->insns[i];
        if (!lane_global(in) || in->at[0]
            || (kind == 0) != (in->need_args[0] != '\0'))
            continue;
        if (n < SHOWN)
            sb_printf(b, "%s%d", n ? ", " : "", in->line);
        else if (n == SHOWN)
            sb_puts(b, ", ...");
        n++;
    }
}

/* The header's count of the global accesses whose address was read
 * (at=), of all of them, and a warning for each kind of the others: one
 * line for those affine in kernel arguments no --arg gives (naming them),
 * one for those the importer cannot read. */
static void put_addresses_read(const imp_listing *l, sbuf *h, sbuf *warn)
{
    size_t all = 0, read = 0, args = 0;
    char names[256];
    size_t u = 0;
    names[0] = '\0';
    for (size_t i = 0; i < l->n_insns; i++) {
        const imp_insn *in = &l->insns[i];
        if (!lane_global(in))
            continue;
        all++;
        read += in->at[0] != '\0';
        if (in->at[0] || !in->need_args[0])
            continue;
        args++;
        /* each argument named once */
        const char *c = in->need_args;
        while (*c) {
            size_t len = strcspn(c, ",");
            bool seen = false;
            for (const char *q = names; *q && !seen;) {
                size_t ql = strcspn(q, ",");
                seen = ql == len && strncmp(q, c, len) == 0;
                q += ql;
                q += strspn(q, ", ");
            }
            if (!seen && u + len + 3 < sizeof names)
                u += (size_t)snprintf(names + u, sizeof names - u, "%s%.*s",
                                      u ? ", " : "", (int)len, c);
            c += len;
            c += strspn(c, ", ");
        }
    }
    if (all == 0)
        return;
    sb_printf(h, "#   addresses read: %zu of %zu global accesses", read,
              all);
    if (read == all) {
        sb_puts(h, "\n");
        return;
    }
    sbuf a = { 0 }, o = { 0 };
    some_lines(l, 0, &a);
    some_lines(l, 1, &o);
    if (args)
        sb_printf(h, "; affine in kernel arguments without --arg (%s): "
                  "%zu, %s", names, args, a.s);
    if (all - read - args)
        sb_printf(h, "; not read from the code: %zu, %s",
                  all - read - args, o.s);
    sb_puts(h, "\n");
    if (args)
        sb_printf(warn, "cusim import: warning: %s: %zu of %zu global "
                  "accesses have addresses affine in kernel arguments "
                  "with no value (%s): they keep their pattern; give "
                  "--arg NAME=VALUE (%s)\n", l->file, args, all,
                  names, a.s);
    if (all - read - args)
        sb_printf(warn, "cusim import: warning: %s: %zu of %zu global "
                  "accesses have addresses not read from the code: they "
                  "keep their pattern (%s; --at LINE=BUF[EXPR] to say)\n",
                  l->file, all - read - args, all, o.s);
    free(a.s);
    free(o.s);
}

/* The header's list of mapping decisions, one line per mnemonic and row
 * (s_or_b64 writing exec has a row of its own) in the order of first
 * appearance; in one pass, the pairs counted in a map (a listing may hold
 * tens of thousands of distinct mnemonics). */
static void put_decisions(const imp_listing *l, sbuf *h)
{
    hmap_str seen = { 0 };
    size_t *first = xcalloc(l->n_insns + 1, sizeof *first);
    size_t *count = xcalloc(l->n_insns + 1, sizeof *count);
    size_t n = 0;
    for (size_t i = 0; i < l->n_insns; i++) {
        const imp_insn *in = &l->insns[i];
        char key[IMP_MNEM_MAX + 24];
        snprintf(key, sizeof key, "%s %p", in->mnem, (const void *)in->row);
        long k = hmap_str_get(&seen, key);
        if (k < 0) {
            k = (long)n++;
            first[k] = i;
            hmap_str_put(&seen, xstrdup(key), (uint32_t)k);
        }
        count[k]++;
    }
    for (size_t k = 0; k < n; k++) {
        const imp_insn *in = &l->insns[first[k]];
        const imp_map_row *row = in->row;
        const char *to = !row || row->op == IMP_OP_UNMAPPED ? "UNMAPPED"
                       : row->op == IMP_OP_DROP ? "dropped"
                       : row->op == IMP_OP_BRANCH ? "control flow"
                       : row->op == IMP_OP_END ? "end"
                       : row->roles == IMP_R_COPY ? "ld+st.shared"
                       : isa_get((isa_op)row->op)->mnemonic;
        char pm[IMP_MNEM_MAX];
        sb_printf(h, "#   %-24s x%-4zu -> %-12s %s\n",
                  plain(in->mnem, pm, sizeof pm), count[k], to,
                  row ? row->note : "no row in the mapping table");
    }
    hmap_str_free(&seen);
    free(first);
    free(count);
}

/* The header's list of the unmapped opcodes, each once, in the order of
 * first appearance. */
static void put_unmapped(const imp_listing *l, sbuf *h)
{
    hmap_str seen = { 0 };
    for (size_t i = 0; i < l->n_insns; i++) {
        const imp_insn *in = &l->insns[i];
        if ((in->row && in->row->op != IMP_OP_UNMAPPED)
            || hmap_str_get(&seen, in->mnem) >= 0)
            continue;
        hmap_str_put(&seen, xstrdup(in->mnem), 0);
        char pm[IMP_MNEM_MAX];
        sb_printf(h, " %s", plain(in->mnem, pm, sizeof pm));
    }
    hmap_str_free(&seen);
}

void imp_head(const imp_listing *l, const imp_options *o,
              const imp_region *regions, size_t n_regions,
              const imp_head_counts *c, sbuf *h, sbuf *warn)
{
    const imp_meta *m = &l->meta;
    /* what the listing names, printable (a non-UTF-8 byte, an ESC, as
     * \xHH: the YAML holds no raw control byte) */
    char kernel[4 * sizeof m->kernel], compiler[4 * sizeof m->compiler];
    char frontend[4 * sizeof m->frontend], target[4 * sizeof m->target];
    err_escape(kernel, sizeof kernel, m->kernel);
    err_escape(compiler, sizeof compiler, m->compiler);
    err_escape(frontend, sizeof frontend, m->frontend);
    err_escape(target, sizeof target, m->target);
    /* the launch shape */
    uint32_t wg[3];
    const char *wg_from;
    switch (imp_workgroup(l, o, wg)) {
    case IMP_WG_OPTION:
        wg_from = "--workgroup-size";
        break;
    case IMP_WG_REQD:
        wg_from = l->meta.dump ? "the NIR's workgroup-size"
            : l->format == IMP_FORMAT_RADV
            ? "the shader's local size (SPIR-V LocalSize)"
            : ".reqd_workgroup_size";
        break;
    case IMP_WG_MAX_FLAT:
        wg_from = ".max_flat_workgroup_size (the largest the kernel "
                  "allows: give --workgroup-size)";
        sb_printf(warn, "cusim import: warning: %s: kernel '%s' has no "
                  ".reqd_workgroup_size: workgroups of %u "
                  "(.max_flat_workgroup_size); give --workgroup-size\n",
                  l->file, kernel, m->max_flat);
        break;
    default:
        wg_from = "not in the listing: 256 (give --workgroup-size)";
        sb_printf(warn, "cusim import: warning: %s: the listing does not "
                  "say kernel '%s''s workgroup size: 256; give "
                  "--workgroup-size\n", l->file, kernel);
        break;
    }
    if (m->dump && !m->dump_stats && !o->family)
        sb_printf(warn, "cusim import: warning: %s: the dump does not name "
                  "its chip: registers %u, its %u VGPRs rounded up to 4 (a "
                  "lower bound); give --family (navi21, gfx1100, ...)\n",
                  l->file, m->vgprs, m->dump_top);
    uint64_t elements = o->elements ? o->elements : IMP_DEFAULT_ELEMENTS;
    uint32_t regs = m->vgprs ? m->vgprs : 1;

    /* the paths as one printable line each (a comment stays a comment) */
    char out_path[CUSIM_PATH_MAX + 64], src_path[CUSIM_PATH_MAX + 64];
    err_escape(out_path, sizeof out_path,
               o->out ? o->out : "(standard output)");
    err_escape(src_path, sizeof src_path, l->file);
        sb_printf(h, "# %s: kernel '%s' imported by cusim import (cusim %s)\n",
              out_path, kernel, CUSIM_VERSION);
    bool amd = l->format != IMP_FORMAT_SASS;
    bool radv = l->format == IMP_FORMAT_RADV;
    sb_printf(h, "#   source:    %s (%s)\n", src_path,
              m->dump ? "Mesa RADV's RADV_DEBUG=shaders dump of a Vulkan "
                        "compute shader"
              : radv ? "Mesa RADV's ISA of a Vulkan compute shader, "
                       "scripts/compile-vulkan"
              : m->objdump ? "an AMD GCN/RDNA code object's "
                             "disassembly, llvm-objdump -d"
              : amd ? "AMD GCN/RDNA assembly, clang -S"
                    : "NVIDIA SASS, cuobjdump -sass / nvdisasm");
    sb_printf(h, "#   compiler:  %s\n",
              compiler[0] ? compiler : "(not named in the listing)");
    if (m->objdump) {
        char meta_path[CUSIM_PATH_MAX + 64];
        err_escape(meta_path, sizeof meta_path,
                   m->meta_file ? m->meta_file : l->file);
        sb_printf(h, "#   metadata:  llvm-readelf --notes's AMDGPU "
                  "Metadata, %s line %d%s\n", meta_path, m->meta_line,
                  m->meta_file ? " (--resources)" : "");
    }
    if (frontend[0])
        sb_printf(h, "#   frontend:  %s\n", frontend);
    sb_printf(h, "#   target:    %s\n", target[0] ? target : "?");
    /* --shared-bytes: said of the listing's own figure's line */
    uint32_t shared = o->shared_given ? o->shared_bytes : m->shared;
    char given[96];
    snprintf(given, sizeof given, "#   shared_bytes: %u, --shared-bytes (the "
             "listing says %u", shared, m->shared);
    if (radv && m->dump && m->dump_stats) {
        sb_printf(h, "#   registers: %u, RADV's VGPRs statistic (the "
                  "dump's SHADER STATS at line %d: VGPRs per invocation, "
                  "as allocated)", regs, m->dump_stats);
        if (m->have_sgprs)
            sb_printf(h, "; its %u SGPRs are not modelled", m->sgprs);
        if (o->shared_given)
            sb_printf(h, "\n#   shared_bytes: %u, --shared-bytes\n",
                      shared);
        else
            sb_printf(h, "\n#   shared_bytes: %u, RADV's LDS size "
                      "statistic (the NIR's shared_size, %u, as "
                      "allocated)\n", shared, m->dump_lds);
    } else if (radv && m->dump) {
        sb_printf(h, "#   registers: %u, the highest VGPR the disassembly "
                  "uses (%u of them) rounded up to %u, %s (RADV_DEBUG="
                  "shaders prints no statistics)\n", regs, m->dump_top,
                  m->dump_granule, o->family ? "the family's granule"
                  : "the least granule, with no --family: a lower bound");
        if (o->shared_given)
            sb_printf(h, "#   shared_bytes: %u, --shared-bytes\n", shared);
        else
            sb_printf(h, "#   shared_bytes: %u, the NIR's shared-size (%u) "
                      "rounded up to LDS's 512-byte pieces, as RADV "
                      "allocates it\n", shared, m->dump_lds);
    }
    if (radv && m->dump) {
        sb_printf(h, "#   subgroup_size: %u, %s\n", m->wave, m->wave == 32
                  ? "the disassembly's 32-bit exec mask (exec_lo, vcc_lo)"
                  : "RADV's default for compute (the disassembly names no "
                    "32-bit exec mask)");
    } else if (radv) {
        sb_printf(h, "#   registers: %u, RADV's VGPRs statistic (VGPRs "
                  "per invocation, as allocated)", regs);
        if (m->have_sgprs)
            sb_printf(h, "; its %u SGPRs are not modelled", m->sgprs);
        if (o->shared_given)
            sb_printf(h, "\n%s: RADV's LDS size statistic)\n", given);
        else
            sb_printf(h, "\n#   shared_bytes: %u, RADV's LDS size "
                      "statistic (LDS per workgroup, as allocated)\n",
                      m->shared);
        sb_printf(h, "#   subgroup_size: %u, the pipeline executable's "
                  "subgroup size (RADV's wave)\n", m->wave);
    } else if (amd) {
        sb_printf(h, "#   registers: %u, the compiler's .vgpr_count (VGPRs "
                  "per work-item%s)", regs,
                  m->have_agprs ? ", AGPRs included" : "");
        if (m->have_sgprs)
            sb_printf(h, "; its %u SGPRs are not modelled", m->sgprs);
        if (o->shared_given)
            sb_printf(h, "\n%s: .group_segment_fixed_size, without what "
                      "is allocated at launch)\n", given);
        else
            sb_printf(h, "\n#   shared_bytes: %u, "
                      ".group_segment_fixed_size\n", m->shared);
        sb_printf(h, "#   subgroup_size: %u, .wavefront_size\n", m->wave);
    } else {
        sb_printf(h, "#   registers: %u, REG (cuobjdump -res-usage: "
                  "registers per thread)\n", regs);
        if (o->shared_given)
            sb_printf(h, "%s: SHARED, static shared memory, without "
                      "what is allocated at launch)\n", given);
        else
            sb_printf(h, "#   shared_bytes: %u, SHARED (static shared "
                      "memory per block)\n", m->shared);
        sb_printf(h, "#   subgroup_size: %u, a warp\n", m->wave);
    }
    sb_printf(h, "#   workgroup_size: from %s\n", wg_from);
    sb_printf(h, "#   elements: %llu, %s\n", (unsigned long long)elements,
              o->elements ? "--elements" : "the default (--elements N)");
    sb_printf(h, "# Mapping (docs/import.md): %zu instructions: ",
              l->n_insns);
    for (int op = 0; op < ISA_OP_COUNT; op++)
        if (c->stats.per_op[op])
            sb_printf(h, "%llu %s, ",
                      (unsigned long long)c->stats.per_op[op],
                      isa_get((isa_op)op)->mnemonic);
    sb_printf(h, "%llu waits dropped, ",
              (unsigned long long)c->stats.dropped_waits);
    if (c->stats.dropped_masks)
        sb_printf(h, "%llu exec-mask writes dropped, ",
                  (unsigned long long)c->stats.dropped_masks);
    sb_printf(h, "%llu branches as blocks, %llu unmapped\n",
              (unsigned long long)c->stats.branches,
              (unsigned long long)c->stats.unmapped);
    put_decisions(l, h);
    if (l->format == IMP_FORMAT_RADV)
        sb_printf(h, "#   addresses: at=descOFF[...] where a buffer "
                  "access's offset is affine in the ids (descOFF: the "
                  "buffer whose descriptor is at byte OFF of the descriptor "
                  "set, binding OFF/16 where the bindings before it are "
                  "buffers; the workgroup ids' SGPRs: those the code "
                  "multiplies by the local size and adds to the local id), "
                  "else pattern=coalesced; scalar loads strided:0; the "
                  "address arithmetic stays as alu; to say where an access "
                  "reads, --at LINE=BUF[EXPR] (docs/isa.md)\n");
    else
        sb_printf(h, "#   addresses: at=argOFF[...] where the address "
                  "arithmetic is affine in the ids and a pointer "
                  "parameter's, else pattern=coalesced; %s at=params[offset] "
                  "(buffer params: the kernel's parameters), other uniform "
                  "loads strided:0; the address arithmetic stays as alu; to "
                  "say where an access reads, --at LINE=BUF[EXPR] "
                  "(docs/isa.md)\n",
                  amd ? "scalar loads from the kernarg segment"
                      : "constant-bank-0 loads (LDC, ULDC)");
    put_addresses_read(l, h, warn);
    for (int i = 0; i < o->n_args; i++) {
        /* the value, and how it was given: --arg argOFF=, --arg by the
         * parameter's index or name, or the bounds check it bounds */
        const imp_arg_opt *a = &o->args[i];
        char value[48], how[160];
        if (a->expr)
            snprintf(value, sizeof value, "%s", a->expr);
        else
            snprintf(value, sizeof value, "%lld", (long long)a->value);
        if (a->bounds_line)
            snprintf(how, sizeof how, "the bounds check at line %d",
                     a->bounds_line);
        else if (a->param >= 0)
            snprintf(how, sizeof how, "%s: parameter %d", a->option,
                     a->param);
        else
            snprintf(how, sizeof how, "--arg");
        sb_printf(h, "#   argument %s = %s (%s), in the addresses affine in "
                  "it\n", a->name, value, how);
    }
    if (!amd)
        sb_printf(h, "#   guards: a guarded instruction reads its "
                  "predicate as a source; where an ISETP set it from known "
                  "values it runs in an if of that condition (a guarded "
                  "EXIT: the lanes it does not end go on in one), else for "
                  "every lane\n");
    sb_printf(h, "#   registers: each instruction's destinations are one "
              "cusim register; %llu written sources beyond cusim's "
              "operands left out\n", (unsigned long long)c->regs_dropped);
    for (size_t k = 0; k < n_regions; k++) {
        const imp_region *r = &regions[k];
        const imp_insn *br = &l->insns[r->branch];
        if (r->kind == IMP_LOOP && r->derived)
            sb_printf(h, "#   loop %s (%s, line %d): repeat %s (from the "
                      "code: %s)\n", r->label, br->mnem, br->line, r->expr,
                      r->why);
        else if (r->kind == IMP_LOOP)
            sb_printf(h, "#   loop %s (%s, line %d): repeat %s%s\n",
                      r->label, br->mnem, br->line, r->expr ? r->expr : "1",
                      r->expr ? " (--trip)" : " (no --trip)");
        else
            sb_printf(h, "#   if %s (%s, line %d): %s%s\n", r->label,
                      br->mnem, br->line, r->expr ? r->expr
                                                   : "taken by all lanes",
                      r->derived ? " (from the code)"
                      : r->expr ? " (--cond)" : " (no --cond)");
    }
    for (size_t i = 0; i < l->n_insns; i++)
        if (l->insns[i].at_option)
            sb_printf(h, "#   at line %d (%s): at=%s (%s)\n",
                      l->insns[i].line, l->insns[i].mnem, l->insns[i].at,
                      l->insns[i].at_option);
    for (size_t i = 0; i < l->n_insns; i++) {
        const char *loop = imp_flow_exit_of(l, i);
        if (loop)
            sb_printf(h, "#   exit %s (%s, line %d): loop %s's exit test, "
                      "nothing (the loop's trip count stands for it)\n",
                      l->insns[i].target, l->insns[i].mnem,
                      l->insns[i].line, loop);
    }
    if (c->stats.unmapped) {
        sb_printf(h, "# Unmapped opcodes (%llu, left out of the program):",
                  (unsigned long long)c->stats.unmapped);
        put_unmapped(l, h);
        sb_puts(h, "\n");
    } else {
        sb_puts(h, "# Unmapped opcodes: none\n");
    }

    /* the keys */
    char name[64];
    yaml_name(m->kernel, name, sizeof name);
    sb_printf(h, "name: %s\n", name);
    if (wg[2] > 1)
        sb_printf(h, "workgroup_size: [%u, %u, %u]\n", wg[0], wg[1], wg[2]);
    else if (wg[1] > 1)
        sb_printf(h, "workgroup_size: [%u, %u]\n", wg[0], wg[1]);
    else
        sb_printf(h, "workgroup_size: %u\n", wg[0]);
    sb_printf(h, "registers: %u\n", regs);
    sb_puts(h, "registers_source: imported\n");
    sb_printf(h, "shared_bytes: %u\n", shared);
    sb_printf(h, "subgroup_size: %u\n", m->wave);
    sb_printf(h, "elements: %llu\n", (unsigned long long)elements);
    sb_puts(h, "elements_per_invocation: 1\n");
    uint64_t grid_x = grid_width(l, o, wg, elements, warn);
    if (grid_x)
        sb_printf(h, "grid_x: %llu\n", (unsigned long long)grid_x);
    put_buffers(l, c->params_end, h);
    sb_puts(h, "program: |\n");
}
