/*
 * imp_write.c — the kernel YAML `cusim import` writes: a header comment
 * naming the source, the compiler, the target and every mapping decision;
 * the keys from the compiler's metadata; the program in the synthetic
 * ISA, each instruction followed by the one it stands for.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
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

/* The instruction as written, for a comment: at most 60 bytes, '#' and
 * control bytes kept out. */
static void as_written(const imp_insn *in, char *buf, size_t size)
{
    size_t n = 0;
    for (int i = 0; i < in->text_len && n + 1 < size && n < 60; i++) {
        char c = in->text[i];
        buf[n++] = (c == '\t' || (unsigned char)c < 32) ? ' ' : c;
    }
    while (n && buf[n - 1] == ' ')
        n--;
    buf[n] = '\0';
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
    if (op == IMP_OP_DROP) {
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
    w->stats.per_op[op]++;
    const isa_info *info = isa_get((isa_op)op);
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
        uint32_t bytes = in->row->bytes ? in->row->bytes
            : w->l->format == IMP_FORMAT_SASS ? imp_sass_width(in->mnem)
            : imp_amd_width(in->mnem);
        if (bytes && bytes != 4)
            u += (size_t)snprintf(text + u, sizeof text - u, " bytes=%u",
                                  bytes);
        if ((in->row->flags & IMP_F_UNIFORM) && u < sizeof text)
            u += (size_t)snprintf(text + u, sizeof text - u,
                                  " pattern=strided:0");
        if (isa_is_atomic((isa_op)op) && u < sizeof text)
            u += (size_t)snprintf(text + u, sizeof text - u, " op=%s",
                                  atomic_op(in->mnem));
    }
    snprintf(line, sizeof line, "%-40s # %s  (line %d)", text, src,
             in->line);
    put_line(w, depth, line, NULL);
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
                 r->expr ? " (--trip)" : " (no --trip: runs once)");
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
    snprintf(line, sizeof line, "if %s {%*s# if %s: %s at line %d (--cond)",
             r->expr, 10, "", r->label, br->mnem, br->line);
    put_line(w, depth, line, r->option);
    emit_range(w, r->begin, r->mid, depth + 1);
    if (r->mid < r->end) {
        put_line(w, depth, "} else {", NULL);
        emit_range(w, r->mid, r->end, depth + 1);
    }
    put_line(w, depth, "}", NULL);
}

static void emit_range(writer *w, size_t lo, size_t hi, int depth)
{
    size_t i = lo;
    while (i < hi) {
        if (w->next < w->n_regions && w->regions[w->next].begin == i
            && w->regions[w->next].end <= hi) {
            const imp_region *r = &w->regions[w->next++];
            emit_region(w, r, depth);
            /* an if without --cond skipped its else: pass the regions
             * inside it */
            while (w->next < w->n_regions && w->regions[w->next].begin < r->end)
                w->next++;
            i = r->end > i ? r->end : i + 1;
            continue;
        }
        emit_insn(w, i, depth);
        i++;
    }
}

/* The header's list of mapping decisions, one line per mnemonic in the
 * order of first appearance. */
static void put_decisions(const imp_listing *l, sbuf *h)
{
    for (size_t i = 0; i < l->n_insns; i++) {
        const imp_insn *in = &l->insns[i];
        bool seen = false;
        for (size_t k = 0; k < i && !seen; k++)
            seen = strcmp(l->insns[k].mnem, in->mnem) == 0;
        if (seen)
            continue;
        size_t count = 0;
        for (size_t k = i; k < l->n_insns; k++)
            count += strcmp(l->insns[k].mnem, in->mnem) == 0;
        const imp_map_row *row = in->row;
        const char *to = !row || row->op == IMP_OP_UNMAPPED ? "UNMAPPED"
                       : row->op == IMP_OP_DROP ? "dropped"
                       : row->op == IMP_OP_BRANCH ? "control flow"
                       : row->op == IMP_OP_END ? "end"
                       : isa_get((isa_op)row->op)->mnemonic;
        sb_printf(h, "#   %-24s x%-4zu -> %-12s %s\n", in->mnem, count, to,
                  row ? row->note : "no row in the mapping table");
    }
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

    const imp_meta *m = &l->meta;
    /* the launch shape */
    uint32_t wg[3] = { 0, 1, 1 };
    const char *wg_from;
    if (o->workgroup_dims) {
        wg[0] = o->workgroup[0];
        wg[1] = o->workgroup_dims > 1 ? o->workgroup[1] : 1;
        wg_from = "--workgroup-size";
    } else if (m->reqd[0]) {
        memcpy(wg, m->reqd, sizeof wg);
        wg_from = l->format == IMP_FORMAT_RADV
            ? "the shader's local size (SPIR-V LocalSize)"
            : ".reqd_workgroup_size";
    } else if (m->max_flat) {
        wg[0] = m->max_flat;
        wg_from = ".max_flat_workgroup_size (the largest the kernel "
                  "allows: give --workgroup-size)";
        sb_printf(warn, "cusim import: warning: %s: kernel '%s' has no "
                  ".reqd_workgroup_size: workgroups of %u "
                  "(.max_flat_workgroup_size); give --workgroup-size\n",
                  l->file, m->kernel, m->max_flat);
    } else {
        wg[0] = 256;
        wg_from = "not in the listing: 256 (give --workgroup-size)";
        sb_printf(warn, "cusim import: warning: %s: the listing does not "
                  "say kernel '%s''s workgroup size: 256; give "
                  "--workgroup-size\n", l->file, m->kernel);
    }
    uint64_t elements = o->elements ? o->elements : IMP_DEFAULT_ELEMENTS;
    uint32_t regs = m->vgprs ? m->vgprs : 1;

    /* the paths as one printable line each (a comment stays a comment) */
    char out_path[CUSIM_PATH_MAX + 64], src_path[CUSIM_PATH_MAX + 64];
    err_escape(out_path, sizeof out_path,
               o->out ? o->out : "(standard output)");
    err_escape(src_path, sizeof src_path, l->file);
    sbuf h = { 0 };
    sb_printf(&h, "# %s: kernel '%s' imported by cusim import (cusim %s)\n",
              out_path, m->kernel, CUSIM_VERSION);
    bool amd = l->format != IMP_FORMAT_SASS;
    bool radv = l->format == IMP_FORMAT_RADV;
    sb_printf(&h, "#   source:    %s (%s)\n", src_path,
              radv ? "Mesa RADV's ISA of a Vulkan compute shader, "
                     "scripts/compile-vulkan"
              : amd ? "AMD GCN/RDNA assembly, clang -S"
                    : "NVIDIA SASS, cuobjdump -sass / nvdisasm");
    sb_printf(&h, "#   compiler:  %s\n",
              m->compiler[0] ? m->compiler : "(not named in the listing)");
    sb_printf(&h, "#   target:    %s\n", m->target[0] ? m->target : "?");
    if (radv) {
        sb_printf(&h, "#   registers: %u, RADV's VGPRs statistic (VGPRs "
                  "per invocation, as allocated)", regs);
        if (m->have_sgprs)
            sb_printf(&h, "; its %u SGPRs are not modelled", m->sgprs);
        sb_printf(&h, "\n#   shared_bytes: %u, RADV's LDS size statistic "
                  "(LDS per workgroup, as allocated)\n", m->shared);
        sb_printf(&h, "#   subgroup_size: %u, the pipeline executable's "
                  "subgroup size (RADV's wave)\n", m->wave);
    } else if (amd) {
        sb_printf(&h, "#   registers: %u, the compiler's .vgpr_count (VGPRs "
                  "per work-item%s)", regs,
                  m->have_agprs ? ", AGPRs included" : "");
        if (m->have_sgprs)
            sb_printf(&h, "; its %u SGPRs are not modelled", m->sgprs);
        sb_printf(&h, "\n#   shared_bytes: %u, .group_segment_fixed_size\n",
                  m->shared);
        sb_printf(&h, "#   subgroup_size: %u, .wavefront_size\n", m->wave);
    } else {
        sb_printf(&h, "#   registers: %u, REG (cuobjdump -res-usage: "
                  "registers per thread)\n", regs);
        sb_printf(&h, "#   shared_bytes: %u, SHARED (static shared memory "
                  "per block)\n", m->shared);
        sb_printf(&h, "#   subgroup_size: %u, a warp\n", m->wave);
    }
    sb_printf(&h, "#   workgroup_size: from %s\n", wg_from);
    sb_printf(&h, "#   elements: %llu, %s\n", (unsigned long long)elements,
              o->elements ? "--elements" : "the default (--elements N)");
    sb_printf(&h, "# Mapping (docs/import.md): %zu instructions: ",
              l->n_insns);
    for (int op = 0; op < ISA_OP_COUNT; op++)
        if (w.stats.per_op[op])
            sb_printf(&h, "%llu %s, ",
                      (unsigned long long)w.stats.per_op[op],
                      isa_get((isa_op)op)->mnemonic);
    sb_printf(&h, "%llu waits dropped, %llu branches as blocks, %llu "
              "unmapped\n", (unsigned long long)w.stats.dropped_waits,
              (unsigned long long)w.stats.branches,
              (unsigned long long)w.stats.unmapped);
    put_decisions(l, &h);
    sb_printf(&h, "#   addresses: pattern=coalesced (%s strided:0); the "
              "address arithmetic stays as alu\n",
              amd ? "scalar loads" : "constant loads");
    if (!amd)
        sb_printf(&h, "#   guards: a guarded instruction runs for every "
                  "lane, its predicate read as a source\n");
    sb_printf(&h, "#   registers: each instruction's destinations are one "
              "cusim register; %llu written sources beyond cusim's "
              "operands left out\n", (unsigned long long)w.regs.dropped);
    for (size_t k = 0; k < n_regions; k++) {
        const imp_region *r = &regions[k];
        const imp_insn *br = &l->insns[r->branch];
        if (r->kind == IMP_LOOP)
            sb_printf(&h, "#   loop %s (%s, line %d): repeat %s%s\n",
                      r->label, br->mnem, br->line, r->expr ? r->expr : "1",
                      r->expr ? " (--trip)" : " (no --trip)");
        else
            sb_printf(&h, "#   if %s (%s, line %d): %s%s\n", r->label,
                      br->mnem, br->line, r->expr ? r->expr
                                                   : "taken by all lanes",
                      r->expr ? " (--cond)" : " (no --cond)");
    }
    for (size_t i = 0; i < l->n_insns; i++) {
        const char *loop = imp_flow_exit_of(l, i);
        if (loop)
            sb_printf(&h, "#   exit %s (%s, line %d): loop %s's exit test, "
                      "nothing (its --trip counts the trips)\n",
                      l->insns[i].target, l->insns[i].mnem,
                      l->insns[i].line, loop);
    }
    if (w.stats.unmapped) {
        sb_printf(&h, "# Unmapped opcodes (%llu, left out of the program):",
                  (unsigned long long)w.stats.unmapped);
        for (size_t i = 0; i < l->n_insns; i++) {
            const imp_insn *in = &l->insns[i];
            if (in->row && in->row->op != IMP_OP_UNMAPPED)
                continue;
            bool seen = false;
            for (size_t k = 0; k < i && !seen; k++)
                seen = strcmp(l->insns[k].mnem, in->mnem) == 0;
            if (!seen)
                sb_printf(&h, " %s", in->mnem);
        }
        sb_puts(&h, "\n");
    } else {
        sb_puts(&h, "# Unmapped opcodes: none\n");
    }

    /* the keys */
    char name[64];
    size_t n = 0;
    for (const char *c = m->kernel; *c && n + 1 < sizeof name; c++)
        name[n++] = *c;
    name[n] = '\0';
    sb_printf(&h, "name: %s\n", name);
    if (wg[2] > 1)
        sb_printf(&h, "workgroup_size: [%u, %u, %u]\n", wg[0], wg[1], wg[2]);
    else if (wg[1] > 1)
        sb_printf(&h, "workgroup_size: [%u, %u]\n", wg[0], wg[1]);
    else
        sb_printf(&h, "workgroup_size: %u\n", wg[0]);
    sb_printf(&h, "registers: %u\n", regs);
    sb_puts(&h, "registers_source: imported\n");
    sb_printf(&h, "shared_bytes: %u\n", m->shared);
    sb_printf(&h, "subgroup_size: %u\n", m->wave);
    sb_printf(&h, "elements: %llu\n", (unsigned long long)elements);
    sb_puts(&h, "elements_per_invocation: 1\n");
    sb_puts(&h, "program: |\n");

    size_t head_lines = 0;
    for (size_t i = 0; i < h.n; i++)
        head_lines += h.s[i] == '\n';
    if (w.prog.n == 0)
        put_line(&w, 0, "# (no instruction)", NULL);
    sb_putn(&h, w.prog.s, w.prog.n);
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
