/*
 * imp_radv.c — the reader of a Vulkan compute shader as Mesa's RADV
 * compiled it, in the listing scripts/compile-vulkan writes (its
 * scripts/vk-isa.c asks the driver through
 * VK_KHR_pipeline_executable_properties; docs/import.md, "The Vulkan
 * path"):
 *
 *   ; cusim vk-isa 1: RADV listing of copy.spv (entry main)
 *   ; device: Null hardware (RADV NAVI21)
 *   ; driver: radv Mesa 22.3.6
 *   ; frontend: glslang 11:12.0.0
 *   ; family: navi21
 *   ; local_size: 256 1 1
 *   ; executable: Compute Shader
 *   ; subgroup_size: 64
 *   ; statistic: VGPRs = 8
 *   ; statistic: LDS size = 0
 *   ; assembly: Assembly
 *   BB0:
 *           s_mov_b32 s0, s3                          ; be800303
 *   ; end of assembly
 *
 * The instructions are the GCN/RDNA syntax of clang's (imp_gcn.c); what
 * differs is around them: labels `BB1:`, each instruction's encoding in a
 * comment, the resources as the driver's statistics, and (Mesa 25) a run
 * of one instruction folded into "(then repeated N times)". `frontend`,
 * what made the SPIR-V, is compile-vulkan's; a header key this reader
 * does not know is left alone.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "imp_int.h"

#define RADV_MAGIC "; cusim vk-isa "
#define RADV_VERSION 1
/* The most "(then repeated N times)" may repeat an instruction. */
#define RADV_MAX_REPEAT 4096

/* What the header said, with the line of each thing found (0: not). */
typedef struct radv_head {
    int vgprs_line, lds_line, wave_line, local_line, asm_line, end_line;
    int last_head;                /* the last header line */
    char perftest[48];            /* RADV_PERFTEST ("cswave32"), or "" */
} radv_head;

/* Whether the raw line `ln` starts with `prefix`; the rest into *rest. */
static bool raw_prefix(const imp_line *ln, const char *prefix,
                       const char **rest, size_t *rest_len)
{
    size_t n = strlen(prefix);
    if (ln->raw_len < n || memcmp(ln->s, prefix, n) != 0)
        return false;
    *rest = ln->s + n;
    *rest_len = ln->raw_len - n;
    return true;
}

/* The unsigned number of [s, s + n) (blanks around it allowed) into *v;
 * false when it is none. */
static bool number_of(const char *s, size_t n, uint32_t *v)
{
    char buf[32];
    while (n && isspace((unsigned char)*s))
        s++, n--;
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    if (n == 0 || n >= sizeof buf || !isdigit((unsigned char)*s))
        return false;
    memcpy(buf, s, n);
    buf[n] = '\0';
    char *end;
    unsigned long long x = strtoull(buf, &end, 10);
    if (*end || x > UINT32_MAX)
        return false;
    *v = (uint32_t)x;
    return true;
}

/* [s, s + n) into `buf` (cut to size, trailing blanks cut), every byte
 * but printable ASCII as '?': it goes into the YAML's header comment,
 * which a control byte or broken UTF-8 would keep from loading. */
static void copy_text(char *buf, size_t size, const char *s, size_t n)
{
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    if (n >= size)
        n = size - 1;
    for (size_t i = 0; i < n; i++)
        buf[i] = s[i] >= 0x20 && s[i] < 0x7f ? s[i] : '?';
    buf[n] = '\0';
}

/* The shader's name from the first line's "listing of PATH (entry E)":
 * PATH's base name without its extension, every byte but letters,
 * digits, '_' and '-' as '_' ("copy.spv" -> copy). */
static void shader_name(const char *s, size_t n, char *buf, size_t size)
{
    const char *of = NULL;
    for (size_t i = 0; i + 11 <= n && !of; i++)
        if (memcmp(s + i, "listing of ", 11) == 0)
            of = s + i + 11;
    size_t k = 0;
    if (of) {
        const char *e = of;
        while (e < s + n && *e != ' ')
            e++;
        const char *b = e;
        while (b > of && b[-1] != '/')
            b--;
        const char *dot = e;
        while (dot > b && *dot != '.')
            dot--;
        if (dot > b)
            e = dot;
        for (; b < e && k + 1 < size; b++)
            buf[k++] = isalnum((unsigned char)*b) || *b == '-' ? *b : '_';
    }
    buf[k] = '\0';
    if (!k)
        snprintf(buf, size, "shader");
}

/* Reads one header line `ln` ("; KEY: VALUE") into `m` and `h`. Returns
 * 0, or -1 with `err` at the line for a value that is not what its key
 * needs. Unknown keys are left alone (a later vk-isa may say more). */
static int head_line(imp_listing *l, const imp_line *ln, radv_head *h,
                     cusim_error *err)
{
    imp_meta *m = &l->meta;
    const char *v;
    size_t n;
    uint32_t x;
    h->last_head = ln->no;
    if (raw_prefix(ln, "; driver: ", &v, &n)) {
        copy_text(m->compiler, sizeof m->compiler, v, n);
    } else if (raw_prefix(ln, "; frontend: ", &v, &n)) {
        copy_text(m->frontend, sizeof m->frontend, v, n);
    } else if (raw_prefix(ln, "; family: ", &v, &n)) {
        copy_text(m->target, sizeof m->target, v, n);
    } else if (raw_prefix(ln, "; radv_perftest: ", &v, &n)) {
        copy_text(h->perftest, sizeof h->perftest, v, n);
    } else if (raw_prefix(ln, "; subgroup_size: ", &v, &n)) {
        if (!number_of(v, n, &m->wave) || m->wave == 0)
            return err_set(err, l->file, ln->no, 18, "subgroup_size: "
                           "expected a whole number");
        m->have_wave = true;
        h->wave_line = ln->no;
    } else if (raw_prefix(ln, "; local_size: ", &v, &n)) {
        const char *e = v + n, *p = v;
        for (int k = 0; k < 3; k++) {
            while (p < e && *p == ' ')
                p++;
            const char *q = p;
            while (q < e && *q != ' ')
                q++;
            if (!number_of(p, (size_t)(q - p), &m->reqd[k]))
                return err_set(err, l->file, ln->no, (int)(p - ln->s) + 1,
                               "local_size: expected three whole numbers "
                               "(X Y Z)");
            p = q;
        }
        h->local_line = ln->no;
    } else if (raw_prefix(ln, "; statistic: ", &v, &n)) {
        const char *eq = memchr(v, '=', n);
        if (!eq)
            return err_set(err, l->file, ln->no, 14, "a statistic line "
                           "without '= VALUE'");
        size_t name_len = (size_t)(eq - v);
        while (name_len && v[name_len - 1] == ' ')
            name_len--;
        bool vgprs = name_len == 5 && memcmp(v, "VGPRs", 5) == 0;
        bool sgprs = name_len == 5 && memcmp(v, "SGPRs", 5) == 0;
        bool lds = name_len == 8 && memcmp(v, "LDS size", 8) == 0;
        const char *val = eq + 1;
        while (val < v + n && *val == ' ')
            val++;
        if ((vgprs || sgprs || lds)
            && !number_of(val, (size_t)(v + n - val), &x))
            return err_set(err, l->file, ln->no, (int)(val - ln->s) + 1,
                           "statistic %.*s: expected a whole number",
                           (int)name_len, v);
        if (vgprs) {
            m->vgprs = x;
            m->have_vgprs = true;
            h->vgprs_line = ln->no;
            if (!m->meta_line)
                m->meta_line = ln->no;
        } else if (sgprs) {
            m->sgprs = x;
            m->have_sgprs = true;
        } else if (lds) {
            m->shared = x;
            m->have_shared = true;
            h->lds_line = ln->no;
            if (!m->meta_line)
                m->meta_line = ln->no;
        }
    }
    return 0;
}

/* Reads the disassembly after the "; assembly:" line: labels and
 * instructions up to "; end of assembly". Returns 0, or -1 with `err`
 * set; h->end_line 0 when the text ends first. */
static int read_code(imp_listing *l, imp_lines *ls, radv_head *h,
                     bool dump, cusim_error *err)
{
    imp_line ln;
    bool after_insn = false;      /* the line before was an instruction */
    while (imp_next_line(ls, &ln)) {
        const char *rest;
        size_t n;
        if (raw_prefix(&ln, "; end of assembly", &rest, &n)) {
            h->end_line = ln.no;
            return 0;
        }
        /* a dump's disassembly ends at a blank line or the next thing
         * it prints (a line neither indented nor a label) */
        char lab[IMP_LABEL_MAX];
        if (dump && (ln.raw_len == 0
                     || (!isspace((unsigned char)ln.s[0])
                         && !imp_line_label(&ln, lab, sizeof lab)))) {
            h->end_line = ln.no;
            return 0;
        }
        size_t i = imp_line_indent(&ln);
        if (i == ln.len)
            continue;             /* blank, or a comment alone */
        if (imp_line_label(&ln, lab, sizeof lab)) {
            imp_label *b = imp_listing_label(l, ln.no, (int)i + 1, err);
            if (!b)
                return -1;
            snprintf(b->name, sizeof b->name, "%s", lab);
            b->insn = l->n_insns;
            b->line = ln.no;
            b->column = (int)i + 1;
            after_insn = false;
            continue;
        }
        static const char rep[] = "(then repeated ";
        if (ln.len - i > sizeof rep - 1
            && memcmp(ln.s + i, rep, sizeof rep - 1) == 0) {
            /* Mesa 25's disassembler: the instruction above, N more
             * times ("(then repeated 7 times)") */
            const char *p = ln.s + i + sizeof rep - 1, *e = ln.s + ln.len;
            const char *q = p;
            while (q < e && isdigit((unsigned char)*q))
                q++;
            uint32_t times = 0;
            if (!after_insn)
                return err_set(err, l->file, ln.no, (int)i + 1, "'(then "
                               "repeated N times)' after no instruction");
            if (!number_of(p, (size_t)(q - p), &times) || times == 0
                || times > RADV_MAX_REPEAT || e - q < 7
                || memcmp(q, " times)", 7) != 0)
                return err_set(err, l->file, ln.no, (int)(p - ln.s) + 1,
                               "expected '(then repeated N times)', N from "
                               "1 to %d", RADV_MAX_REPEAT);
            for (uint32_t k = 0; k < times; k++) {
                imp_insn copy = l->insns[l->n_insns - 1];
                imp_insn *in = imp_listing_insn(l, ln.no, (int)i + 1, err);
                if (!in)
                    return -1;
                *in = copy;
            }
            continue;
        }
        if (!isalpha((unsigned char)ln.s[i]))
            return err_set(err, l->file, ln.no, (int)i + 1, "expected an "
                           "instruction or a label in RADV's disassembly");
        if (imp_gcn_insn(l, &ln, i, err) != 0)
            return -1;
        after_insn = true;
    }
    return 0;
}

/* Whether [s, s + n) holds `word`. */
static bool strstr_n(const char *s, size_t n, const char *word)
{
    size_t w = strlen(word);
    for (size_t i = 0; i + w <= n; i++)
        if (memcmp(s + i, word, w) == 0)
            return true;
    return false;
}

bool imp_is_radv_dump(const char *text)
{
    return (strncmp(text, "shader: MESA_SHADER_", 20) == 0
            || strstr(text, "\nshader: MESA_SHADER_"))
           && strstr(text, "\ndisasm:\n");
}

/* ------------------------------------------------ RADV_DEBUG=shaders */

/* The most shaders a dump may hold. */
#define DUMP_MAX_SHADERS 64

/* One shader of a dump: its stage ("COMPUTE"), its name (the NIR's
 * "name:", "" when it has none), where its NIR starts, its workgroup and
 * shared bytes from the NIR's header, where its disassembly starts (0:
 * none) and, where RADV_DEBUG=shaderstats printed them after it (Mesa
 * 25's "*** SHADER STATS ***"), its VGPRs, SGPRs and LDS size
 * (stats_line 0: no statistics). */
typedef struct dump_shader {
    char stage[24];
    char name[64];
    int line, disasm_line, stats_line;
    uint32_t wg[3], shared;
    bool have_wg;
    uint32_t st_vgprs, st_sgprs, st_lds;
    bool have_vgprs, have_sgprs, have_lds;
} dump_shader;

/* The VGPR granule, wave64 and wave32, of the chips RADV names (its
 * RADV_FORCE_FAMILY names, or gfxNNNN): as RADV's VGPRs statistic rounds
 * the registers used (measured on Mesa 22.3.6's null device, with the
 * listings' statistics beside the dumps: vega10 4; navi10 4 / 8; navi21
 * 8 / 16; gfx1100 12 / 24; docs/import.md). */
static const struct {
    const char *name;
    uint32_t granule64, granule32;
} families[] = {
    { "vega10", 4, 4 }, { "vega12", 4, 4 }, { "vega20", 4, 4 },
    { "raven", 4, 4 }, { "raven2", 4, 4 }, { "renoir", 4, 4 },
    { "arcturus", 4, 4 }, { "aldebaran", 4, 4 }, { "gfx900", 4, 4 },
    { "gfx906", 4, 4 }, { "gfx908", 4, 4 }, { "gfx90a", 4, 4 },
    { "navi10", 4, 8 }, { "navi12", 4, 8 }, { "navi14", 4, 8 },
    { "gfx1010", 4, 8 }, { "gfx1011", 4, 8 }, { "gfx1012", 4, 8 },
    { "navi21", 8, 16 }, { "navi22", 8, 16 }, { "navi23", 8, 16 },
    { "navi24", 8, 16 }, { "vangogh", 8, 16 }, { "rembrandt", 8, 16 },
    { "gfx1030", 8, 16 }, { "gfx1031", 8, 16 }, { "gfx1032", 8, 16 },
    { "gfx1034", 8, 16 }, { "gfx1035", 8, 16 }, { "gfx1036", 8, 16 },
    { "gfx1100", 12, 24 }, { "gfx1101", 12, 24 }, { "gfx1102", 12, 24 },
    { "gfx1103", 12, 24 }, { "navi31", 12, 24 }, { "navi32", 12, 24 },
    { "navi33", 12, 24 }, { "phoenix", 12, 24 },
};

int imp_radv_family(const char *name)
{
    for (size_t i = 0; i < sizeof families / sizeof families[0]; i++)
        if (strcmp(families[i].name, name) == 0)
            return (int)i;
    return -1;
}

/* Reads one line of a shader's statistics block ("VGPRs: 12") into
 * `sh`. Returns 0, or -1 with `err` at the value for a register or LDS
 * count that is not a number. Other statistics are left alone. */
static int stats_line(const imp_listing *l, const imp_line *ln,
                      dump_shader *sh, cusim_error *err)
{
    static const char *const keys[] = { "VGPRs: ", "SGPRs: ",
                                        "LDS size: " };
    uint32_t *vals[] = { &sh->st_vgprs, &sh->st_sgprs, &sh->st_lds };
    bool *have[] = { &sh->have_vgprs, &sh->have_sgprs, &sh->have_lds };
    const char *r;
    size_t rn;
    for (int k = 0; k < 3; k++) {
        if (!raw_prefix(ln, keys[k], &r, &rn))
            continue;
        if (!number_of(r, rn, vals[k]))
            return err_set(err, l->file, ln->no, (int)strlen(keys[k]) + 1,
                           "statistic %.*s: expected a whole number",
                           (int)strlen(keys[k]) - 2, keys[k]);
        *have[k] = true;
    }
    return 0;
}

/* The shaders of dump `l` into v (at most DUMP_MAX_SHADERS). The NIR's
 * header says "workgroup-size:" and "shared-size:" in Mesa 22,
 * "workgroup_size:" and "shared_size:" (absent when 0) in Mesa 25. */
static int dump_shaders(const imp_listing *l, dump_shader *v,
                        cusim_error *err)
{
    imp_lines ls = { l->text, l->text, 0 };
    imp_line ln;
    int n = 0;
    bool in_stats = false;
    const char *r;
    size_t rn;
    while (imp_next_line(&ls, &ln)) {
        dump_shader *sh = n ? &v[n - 1] : NULL;
        if (raw_prefix(&ln, "shader: MESA_SHADER_", &r, &rn)) {
            if (n == DUMP_MAX_SHADERS)
                return err_set(err, l->file, ln.no, 1, "more than %d "
                               "shaders in the dump", DUMP_MAX_SHADERS);
            memset(&v[n], 0, sizeof v[n]);
            copy_text(v[n].stage, sizeof v[n].stage, r, rn);
            v[n++].line = ln.no;
            in_stats = false;
        } else if (!sh) {
            continue;
        } else if (in_stats) {
            if (ln.raw_len >= 4 && memcmp(ln.s, "****", 4) == 0)
                in_stats = false;
            else if (stats_line(l, &ln, sh, err) != 0)
                return -1;
        } else if (sh->disasm_line) {
            if (!sh->stats_line && raw_prefix(&ln, "*** SHADER STATS ***",
                                              &r, &rn)) {
                sh->stats_line = ln.no;
                in_stats = true;
            }
        } else if (raw_prefix(&ln, "workgroup-size: ", &r, &rn)
                   || raw_prefix(&ln, "workgroup_size: ", &r, &rn)) {
            char buf[64];
            copy_text(buf, sizeof buf, r, rn);
            unsigned long x, y, z;
            if (sscanf(buf, "%lu, %lu, %lu", &x, &y, &z) == 3
                && x <= UINT32_MAX && y <= UINT32_MAX && z <= UINT32_MAX) {
                sh->wg[0] = (uint32_t)x;
                sh->wg[1] = (uint32_t)y;
                sh->wg[2] = (uint32_t)z;
                sh->have_wg = true;
            }
        } else if (raw_prefix(&ln, "shared-size: ", &r, &rn)
                   || raw_prefix(&ln, "shared_size: ", &r, &rn)) {
            if (!number_of(r, rn, &sh->shared))
                return err_set(err, l->file, ln.no, 14, "%.11s: expected a "
                               "whole number", ln.s);
        } else if (raw_prefix(&ln, "name: ", &r, &rn) && !sh->name[0]) {
            copy_text(sh->name, sizeof sh->name, r, rn);
        } else if (ln.raw_len >= 7 && memcmp(ln.s, "disasm:", 7) == 0) {
            sh->disasm_line = ln.no;
        }
    }
    return n;
}

/* Whether `kernel` names stage `stage` ("COMPUTE"): "compute",
 * "COMPUTE" or "MESA_SHADER_COMPUTE", in any case. */
static bool names_stage(const char *kernel, const char *stage)
{
    if (strncmp(kernel, "MESA_SHADER_", 12) == 0)
        kernel += 12;
    for (; *kernel && *stage; kernel++, stage++)
        if (toupper((unsigned char)*kernel) != *stage)
            return false;
    return *kernel == '\0' && *stage == '\0';
}

/* The shader of the dump's `n` shaders in `v` that `kernel` names: its
 * number from 1, its NIR name, or its stage where the dump holds one
 * shader of it; with no `kernel`, the only compute shader. `list` says
 * them all. Returns its index, or -1 with `err` set. */
static int pick_shader(const imp_listing *l, const dump_shader *v, int n,
                       const char *kernel, const char *list,
                       cusim_error *err)
{
    int compute = 0, first = -1;
    for (int i = 0; i < n; i++)
        if (strcmp(v[i].stage, "COMPUTE") == 0 && compute++ == 0)
            first = i;
    if (compute == 0)
        return err_set(err, l->file, n ? v[0].line : 1, 1, "a RADV_DEBUG="
                       "shaders dump with no compute shader (its shaders: "
                       "%s)", n ? list : "none");
    if (!kernel) {
        if (compute > 1)
            return err_noplace(err, l->file, "%s holds %d compute shaders: "
                               "name one with --kernel N "
                               "(%s)", l->file, compute, list);
        return first;
    }
    char *end;
    long k = strtol(kernel, &end, 10);
    if (*end == '\0' && end != kernel && k >= 1 && k <= n)
        return (int)k - 1;
    int by_name = -1, named = 0, by_stage = -1, staged = 0;
    for (int i = 0; i < n; i++) {
        if (v[i].name[0] && strcmp(v[i].name, kernel) == 0 && named++ == 0)
            by_name = i;
        if (names_stage(kernel, v[i].stage) && staged++ == 0)
            by_stage = i;
    }
    if (named == 1)
        return by_name;
    if (named == 0 && staged == 1)
        return by_stage;
    if (named > 1)
        return err_noplace(err, l->file, "--kernel %s: %d shaders of %s "
                           "are named %s: give its number (%s)", kernel,
                           named, l->file, kernel, list);
    if (named == 0 && staged > 1)
        return err_noplace(err, l->file, "--kernel %s: %s holds %d %s "
                           "shaders: give its number (%s)", kernel,
                           l->file, staged, v[by_stage].stage, list);
    return err_noplace(err, l->file, "--kernel %s: no such shader in %s: "
                       "give its number, stage or name (%s)", kernel,
                       l->file, list);
}

/* Reads a RADV_DEBUG=shaders dump: the compute shader `kernel` names
 * (pick_shader), else its only one; its workgroup and shared bytes from
 * the NIR's header, its instructions after "disasm:", its wave from the
 * exec mask's width (exec_lo or vcc_lo: 32; else RADV's default for
 * compute, 64) and its registers from its statistics where the dump has
 * them (RADV_DEBUG=shaderstats), else from the highest VGPR it uses,
 * rounded up to the granule of `family` (4 without it: a lower bound,
 * which the caller warns of). */
static int read_dump(imp_listing *l, const char *kernel, const char *family,
                     cusim_error *err)
{
    dump_shader v[DUMP_MAX_SHADERS];
    int n = dump_shaders(l, v, err);
    if (n < 0)
        return -1;
    char list[512];
    size_t u = 0;
    list[0] = '\0';
    for (int i = 0; i < n && u < sizeof list; i++)
        u += (size_t)snprintf(list + u, sizeof list - u, "%s%d: %s%s%s at "
                              "line %d", i ? ", " : "", i + 1, v[i].stage,
                              v[i].name[0] ? " " : "", v[i].name,
                              v[i].line);
    int pick = pick_shader(l, v, n, kernel, list, err);
    if (pick < 0)
        return -1;
    dump_shader *sh = &v[pick];
    if (strcmp(sh->stage, "COMPUTE") != 0)
        return err_noplace(err, l->file, "--kernel %s: shader %d is a %s "
                           "shader; cusim imports compute shaders (%s)",
                           kernel, pick + 1, sh->stage, list);
    if (!sh->disasm_line)
        return err_set(err, l->file, sh->line, 1, "shader %d has no "
                       "'disasm:' section (RADV_DEBUG=shaders prints one "
                       "after its ACO IR): truncated?", pick + 1);
    if (sh->stats_line && !(sh->have_vgprs && sh->have_lds))
        return err_set(err, l->file, sh->stats_line, 1, "shader %d's "
                       "statistics have no '%s: N' line (cut out?)",
                       pick + 1, sh->have_vgprs ? "LDS size" : "VGPRs");
    imp_meta *m = &l->meta;
    if (sh->name[0]) {
        /* its NIR name, as a kernel name: letters, digits, '_', '-' */
        size_t k = 0;
        for (; sh->name[k] && k + 1 < sizeof m->kernel; k++)
            m->kernel[k] = isalnum((unsigned char)sh->name[k])
                           || sh->name[k] == '-' ? sh->name[k] : '_';
        m->kernel[k] = '\0';
    } else {
        snprintf(m->kernel, sizeof m->kernel, "compute%d", pick + 1);
    }
    m->dump = true;
    m->meta_line = sh->line;
    snprintf(m->compiler, sizeof m->compiler, "Mesa RADV (a RADV_DEBUG="
             "shaders dump)");
    int f = family ? imp_radv_family(family) : -1;
    snprintf(m->target, sizeof m->target, "%s", f >= 0 ? family
             : "(the dump does not say: --family)");
    if (sh->have_wg)
        memcpy(m->reqd, sh->wg, sizeof m->reqd);
    /* LDS as allocated: RADV's statistic where the dump has it, else
     * the NIR's bytes in 512-byte pieces (128 dwords, from gfx7), as the
     * statistic says it (1296 -> 1536 on navi21 and gfx1100 alike) */
    m->dump_lds = sh->shared;
    if (sh->stats_line)
        m->shared = sh->st_lds;
    else
        m->shared = sh->shared > UINT32_MAX - 511
                    ? sh->shared : (sh->shared + 511) / 512 * 512;
    m->have_shared = true;
    /* the disassembly */
    imp_lines ls = { l->text, l->text, 0 };
    imp_line ln;
    while (ls.no < sh->disasm_line && imp_next_line(&ls, &ln))
        ;
    radv_head h;
    memset(&h, 0, sizeof h);
    if (read_code(l, &ls, &h, true, err) != 0)
        return -1;
    l->end_line = ls.no;
    /* the wave and the registers, from what the code uses */
    bool wave32 = false;
    uint32_t top = 0;
    for (size_t i = 0; i < l->n_insns; i++) {
        const imp_insn *in = &l->insns[i];
        for (int k = 0; k < in->n_ops; k++)
            if (in->ops[k].file == IMP_FILE_V
                && (uint32_t)in->ops[k].hi + 1 > top)
                top = (uint32_t)in->ops[k].hi + 1;
        wave32 |= strstr_n(in->text, (size_t)in->text_len, "exec_lo")
                  || strstr_n(in->text, (size_t)in->text_len, "vcc_lo");
    }
    m->wave = wave32 ? 32 : 64;
    m->have_wave = true;
    m->dump_top = top;
    m->have_vgprs = true;
    if (sh->stats_line) {
        m->dump_stats = sh->stats_line;
        m->vgprs = sh->st_vgprs;
        m->sgprs = sh->st_sgprs;
        m->have_sgprs = sh->have_sgprs;
        return 0;
    }
    uint32_t g = f < 0 ? 4 : wave32 ? families[f].granule32
                                    : families[f].granule64;
    m->vgprs = top ? (top + g - 1) / g * g : g;
    m->dump_granule = g;
    return 0;
}

int imp_radv_read(imp_listing *l, const char *kernel, const char *family,
                  cusim_error *err)
{
    imp_lines ls = { l->text, l->text, 0 };
    imp_line ln;
    const char *v;
    size_t n;
    if (imp_next_line(&ls, &ln) && !raw_prefix(&ln, RADV_MAGIC, &v, &n)
        && imp_is_radv_dump(l->text))
        return read_dump(l, kernel, family, err);
    ls = (imp_lines){ l->text, l->text, 0 };
    if (!imp_next_line(&ls, &ln) || !raw_prefix(&ln, RADV_MAGIC, &v, &n))
        return err_set(err, l->file, 1, 1, "not a RADV listing: its first "
                       "line is not '" RADV_MAGIC "%d: RADV ...' (made by "
                       "scripts/compile-vulkan)", RADV_VERSION);
    uint32_t version = 0;
    const char *colon = memchr(v, ':', n);
    if (!colon || !number_of(v, (size_t)(colon - v), &version)
        || version != RADV_VERSION)
        return err_set(err, l->file, 1, (int)strlen(RADV_MAGIC) + 1,
                       "vk-isa listing format '%.*s': this cusim reads "
                       "format %d", colon ? (int)(colon - v) : (int)n, v,
                       RADV_VERSION);
    char names[1][64];
    shader_name(v, n, names[0], sizeof names[0]);
    const char *name;
    if (imp_pick_kernel(l->file, names, 1, kernel, &name, err) != 0)
        return -1;
    snprintf(l->meta.kernel, sizeof l->meta.kernel, "%s", name);
    radv_head h;
    memset(&h, 0, sizeof h);
    h.last_head = 1;
    while (imp_next_line(&ls, &ln)) {
        if (raw_prefix(&ln, "; assembly:", &v, &n)) {
            h.asm_line = ln.no;
            break;
        }
        if (head_line(l, &ln, &h, err) != 0)
            return -1;
    }
    l->end_line = ls.no;
    if (h.perftest[0]) {
        /* it changed the code (cswave32): the target says so */
        size_t u = strlen(l->meta.target);
        snprintf(l->meta.target + u, sizeof l->meta.target - u,
                 " (RADV_PERFTEST=%s)", h.perftest);
    }
    if (!h.asm_line)
        return err_set(err, l->file, ls.no > 0 ? ls.no : 1, 1, "the "
                       "listing ends before its '; assembly:' line: "
                       "truncated?");
    if (read_code(l, &ls, &h, false, err) != 0)
        return -1;
    l->end_line = ls.no;
    if (!h.end_line)
        return err_set(err, l->file, ls.no, 1, "the listing ends inside "
                       "the disassembly (from line %d; no '; end of "
                       "assembly' line): truncated?", h.asm_line);
    const char *missing = !h.vgprs_line ? "'; statistic: VGPRs = N'"
                        : !h.lds_line ? "'; statistic: LDS size = N'"
                        : !h.wave_line ? "'; subgroup_size: N'"
                        : !h.local_line ? "'; local_size: X Y Z'" : NULL;
    if (missing)
        return err_set(err, l->file, h.last_head, 1, "the listing's header "
                       "has no %s line (cut out?)", missing);
    return 0;
}
