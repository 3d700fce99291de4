/*
 * imp_int.h — what the files of the importer share (internal: only
 * the sim/import sources include it). See import.h for the module's files.
 */
#ifndef CUSIM_IMP_INT_H
#define CUSIM_IMP_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cusim.h"
#include "import.h"
#include "isa.h"
#include "strbuf.h"

/* ------------------------------------------------------------ mapping */

/* What a row of a mapping table makes of an instruction: a cusim opcode
 * (values below ISA_OP_COUNT), or one of these. */
enum {
    IMP_OP_DROP = ISA_OP_COUNT,  /* nothing: a wait or a hint (cusim's
                                    scoreboard recreates the waits) */
    IMP_OP_BRANCH,               /* control flow (imp_flow.c) */
    IMP_OP_END,                  /* the end of the program */
    IMP_OP_UNMAPPED              /* known, but with no cusim meaning (a
                                    call): listed and counted as unmapped */
};

/* Which operands are written and which read (the listing's order). */
typedef enum imp_roles {
    IMP_R_NONE,      /* no register operands that matter */
    IMP_R_DST,       /* first operand written, the others read */
    IMP_R_DST2,      /* first two written (a carry out), the others read */
    IMP_R_SRCS,      /* all read (what is written is implicit: flags) */
    IMP_R_CMPX,      /* v_cmpx: a first operand that is vcc or an SGPR
                        range among three is written; exec is written */
    IMP_R_LOAD,      /* first written (the data), the others the address */
    IMP_R_STORE,     /* first the address, then the data, then address */
    IMP_R_STORE_BUF, /* first the data, the others the address */
    IMP_R_ATOM,      /* with a return (flag or glc/sc0): the first is
                        written; the others the address and the data.
                        SASS: after leading predicates, a register
                        before the bracketed address is written */
    IMP_R_SETP,      /* SASS: the leading predicate operands written */
    IMP_R_PDST,      /* SASS: the leading predicates and the next operand
                        written (SHFL PT, R5, ...) */
    IMP_R_COPY       /* SASS LDGSTS [shared], [global]: nothing written; a
                        global load into a value of its own, then a
                        shared store of it (imp_regs_copy) */
} imp_roles;

/* Flags of a row. */
enum {
    IMP_F_SCC_W = 1,      /* writes SCC (most scalar ALU) */
    IMP_F_SCC_R = 2,      /* reads SCC (s_addc, s_cselect, s_cbranch_scc) */
    IMP_F_EXEC_W = 4,     /* writes exec (s_*_saveexec, v_cmpx) */
    IMP_F_UNIFORM = 8,    /* one address for the whole subgroup:
                             pattern=strided:0 (scalar loads) */
    IMP_F_RTN = 16,       /* an atomic that always returns the old value */
    IMP_F_RTN_GLC = 32,   /* an atomic that returns it with glc / sc0 */
    IMP_F_COND = 64       /* a conditional branch */
};

/* The unit and latency class columns; NONE for rows of no cusim opcode. */
enum { IMP_NONE = -1 };

/* One row of a mapping table (isa/import/<family>.def). */
typedef struct imp_map_row {
    const char *pattern;   /* a mnemonic, or a glob of them (fnmatch) */
    int op;                /* isa_op, or IMP_OP_* */
    int unit;              /* cusim_unit, or IMP_NONE (documentation: the
                              opcode's own, checked by check_import) */
    int latency;           /* cusim_latency_class, or IMP_NONE (the same) */
    uint32_t bytes;        /* per lane; 0: from the mnemonic's width */
    imp_roles roles;
    unsigned flags;
    const char *note;      /* what the row means, for docs/import.md and
                              the header comment */
} imp_map_row;

/* The rows of family `f`'s table, in match order (first match wins);
 * RADV's listing has AMDGCN's table. */
const imp_map_row *imp_map_table(imp_format f, size_t *n);

/* The first row of `f`'s table matching `mnem`, or NULL (unmapped). */
const imp_map_row *imp_map_find(imp_format f, const char *mnem);

/* The first row of `f`'s table whose pattern has a space and matches
 * `key` ("s_or_b64 exec", "@!PT LDS"), or NULL. */
const imp_map_row *imp_map_find_key(imp_format f, const char *key);

/* The row of an instruction `mnem` whose first operand is `dst`: where
 * `mnem`'s own row writes its first operand (IMP_R_DST), the first row
 * whose pattern has a space and matches "MNEM DST" ("s_* exec*"), else
 * `mnem`'s own row. */
const imp_map_row *imp_map_find_dst(imp_format f, const char *mnem,
                                    const char *dst);

/* The byte offset of a SASS constant operand [s, e) of bank 0,
 * c[0x0][0x210] (the kernel's parameters and the driver's constants), or
 * -1: another bank, or an offset in a register (c[0x0][R2]). */
int64_t imp_sass_cbank0(const char *s, const char *e);

/* The bytes per lane a SASS opcode moves, from its modifiers (.U8 1,
 * .S16 2, .64 8, .128 16; else 4). */
uint32_t imp_sass_width(const char *mnem);

/* The bytes per lane an AMD memory mnemonic moves, from its width suffix
 * (dword 4, dwordx4 16, b64 8, ubyte 1, short 2, ...; a read2/write2
 * moves two of its elements), or 0 when it names none. */
uint32_t imp_amd_width(const char *mnem);

/* ------------------------------------------------------------ listing */

/* Register files (imp_reg.file); NONE marks an operand that is no
 * register (a constant, `off`, a symbol). */
typedef enum imp_file {
    IMP_FILE_NONE,
    IMP_FILE_V,          /* VGPRs */
    IMP_FILE_S,          /* SGPRs */
    IMP_FILE_A,          /* AGPRs (gfx908, gfx90a, gfx94x) */
    IMP_FILE_TTMP,       /* trap temporaries */
    IMP_FILE_VCC,        /* vcc: index 0 vcc_lo, 1 vcc_hi */
    IMP_FILE_EXEC,       /* exec: index 0 exec_lo, 1 exec_hi */
    IMP_FILE_SCC,
    IMP_FILE_M0,
    IMP_FILE_FLAT,       /* flat_scratch: 0 lo, 1 hi */
    IMP_FILE_XNACK,      /* xnack_mask */
    IMP_FILE_R,          /* SASS: R0 .. R255 */
    IMP_FILE_P,          /* SASS: predicates P0 .. P6 */
    IMP_FILE_UR,         /* SASS: uniform registers */
    IMP_FILE_UP,         /* SASS: uniform predicates */
    IMP_FILE_COUNT
} imp_file;

#define IMP_FILE_REGS 512    /* indices per file */

/* One register operand: registers lo..hi of `file`. */
typedef struct imp_reg {
    uint8_t file;        /* imp_file */
    uint16_t lo, hi;
} imp_reg;

#define IMP_MAX_OPERANDS 8
#define IMP_MNEM_MAX 48
#define IMP_LABEL_MAX 64

/* One instruction of the listing. Invariant: `text` points into the
 * listing's own copy of the file, `text_len` bytes on line `line`. */
typedef struct imp_insn {
    char mnem[IMP_MNEM_MAX];
    int line, column;            /* of the mnemonic, 1-based */
    const char *text;            /* the instruction as written */
    int text_len;
    imp_reg ops[IMP_MAX_OPERANDS];  /* the operands in order (file NONE:
                                       not a register) */
    bool is_addr[IMP_MAX_OPERANDS]; /* SASS: the operand is a bracketed
                                       address ([R2.64]) */
    bool is_pred[IMP_MAX_OPERANDS]; /* SASS: a predicate operand (P0, PT,
                                       !P1), written or read */
    int n_ops;
    imp_reg guard;               /* SASS: the guard (@P0, @!P0) read;
                                    file NONE without one */
    bool returns;                /* glc or sc0 among the modifiers */
    int64_t param_off;           /* where in the kernel's parameters a
                                    uniform load may read: SASS, a
                                    constant-bank-0 operand's byte offset
                                    (c[0x0][0x210]); AMD, the last
                                    immediate operand (an s_load's offset
                                    from its base; imp_addresses keeps it
                                    only on kernarg loads); -1 when none */
    char target[IMP_LABEL_MAX];  /* a branch's label; "" for others */
    char guard_cond[96];         /* SASS: the lanes a guarded instruction
                                    runs for, when its predicate compares
                                    known values ("lid_x <= 127"), else ""
                                    (it runs for every lane) */
    char guard_not[96];          /* the others ("lid_x > 127"): the lanes
                                    a guarded EXIT does not end */
    char at[160];                /* a global access's address read from
                                    the code, as at=...'s text
                                    ("arg160[lid_x + 64 * wg_x]"), or "":
                                    its pattern stays (imp_addresses) */
    char at_copy[160];           /* a global-to-shared copy's (LDGSTS)
                                    shared destination, as at=...'s text
                                    ("shared[lid_x + 256]"), or "" */
    const char *at_option;       /* the --at that gave `at`, or NULL */
    const char *arg_option;      /* the --arg whose expression `at`
                                    holds, or NULL */
    char need_args[48];          /* a global access whose address is
                                    affine in kernel arguments no --arg
                                    gives: their names ("arg10, arg14"),
                                    else "" */
    const imp_map_row *row;      /* its mapping row, NULL: unmapped */
} imp_insn;

/* A label: the instruction it stands before (n_insns when none follows). */
typedef struct imp_label {
    char name[IMP_LABEL_MAX];
    size_t insn;
    int line, column;
} imp_label;

/* The most parameters of a kernel the metadata's .args list is read for
 * (the others are not named by index or name). */
#define IMP_MAX_PARAMS 64

/* One entry of the AMDGPU metadata's .args list: a kernel parameter, or
 * an argument the compiler adds after them (value_kind hidden_*). */
typedef struct imp_param {
    int64_t offset;              /* its byte offset in the kernarg segment */
    char name[32];               /* the source's name (.name: HIP, OpenCL
                                    with -cl-kernel-arg-info), or "" */
    bool hidden;                 /* a hidden_* argument: no parameter of
                                    the source, not counted by index */
} imp_param;

/* What the compiler says of the kernel. */
typedef struct imp_meta {
    char kernel[64];
    char compiler[128];          /* "" when the listing does not say */
    char frontend[128];          /* what made the SPIR-V (RADV), or "" */
    char target[96];
    uint32_t vgprs, agprs, sgprs, shared, wave;
    bool have_vgprs, have_agprs, have_sgprs, have_shared, have_wave;
    uint32_t reqd[3];            /* .reqd_workgroup_size, reqd[0] 0: none */
    uint32_t max_flat;           /* .max_flat_workgroup_size, 0: none */
    int meta_line;               /* where the kernel's metadata starts
                                    (RADV: its statistics; SASS: its
                                    resource line) */
    bool dump;                   /* a RADV_DEBUG=shaders dump: vgprs
                                    is its VGPRs statistic (dump_stats
                                    its line), else dump_top rounded up
                                    to dump_granule */
    uint32_t dump_top, dump_granule;
    int dump_stats;              /* the line of the dump's statistics
                                    (RADV_DEBUG=shaderstats), 0: none */
    uint32_t dump_lds;           /* the NIR's shared-size, before its
                                    rounding to LDS's 512-byte pieces */
    const char *meta_file;       /* the file of meta_line: the listing,
                                    or SASS's --resources; NULL: the
                                    listing */
    bool objdump;                /* an llvm-objdump -d disassembly of a
                                    code object (imp_objdump.c) */
    bool ids_unknown;            /* the listing does not say which SGPRs
                                    hold the workgroup ids (no kernel
                                    descriptor): the address pass finds
                                    them in the code */
    bool have_params;            /* the metadata lists the parameters
                                    (AMDGPU's .args; none: SASS, RADV) */
    imp_param params[IMP_MAX_PARAMS];   /* its .args, in order */
    int n_params;
} imp_meta;

/* A listing read for one kernel. The reader owns `text` (its copy of the
 * file) and every array. */
typedef struct imp_listing {
    const char *file;
    imp_format format;
    char *text;
    imp_insn *insns;
    size_t n_insns, cap_insns;
    imp_label *labels;
    size_t n_labels, cap_labels;
    struct imp_label_index *by_name;  /* the labels by name, built as
                                         they are looked up (owned; the
                                         lookups take a const listing) */
    imp_meta meta;
    int end_line;                /* the file's last line */
} imp_listing;

/* The format `text` looks like: RADV, AMDGCN, SASS, or AUTO when none. */
imp_format imp_detect(const char *text);

/* What format `f` is, for messages ("NVIDIA SASS"). */
const char *imp_format_what(imp_format f);

/* The most instructions, and the most labels, of one kernel that a
 * listing may hold: what one import reads in about half a second and
 * 100 MB (the largest kernels compilers emit have some tens of thousands
 * of instructions; a program beyond it would not run: PROG_MAX_INSNS). */
#define IMP_MAX_INSNS 65536

/* Appends an instruction / a label (zeroed, then returned to fill), read
 * at `line`, `column` of the listing. Returns NULL, with `err` set there,
 * when the kernel already holds IMP_MAX_INSNS of them. */
imp_insn *imp_listing_insn(imp_listing *l, int line, int column,
                           cusim_error *err);
imp_label *imp_listing_label(imp_listing *l, int line, int column,
                             cusim_error *err);

/* The first label named `name`, else the first named '.' + name, else
 * (when `name` starts with '.') the first named name + 1; or NULL. In
 * constant time: a listing's branches each look up their label. */
const imp_label *imp_listing_find_label(const imp_listing *l,
                                        const char *name);

/* The first label named exactly `name`, or NULL. */
const imp_label *imp_listing_label_named(const imp_listing *l,
                                         const char *name);

void imp_listing_free(imp_listing *l);

/* The kernel to read among the `n` (at most 64) `names` of `file`:
 * `kernel` (its name, else a number from 1: its place), or the only one
 * when it is NULL. Returns 0 with *out one of `names`; or -1 with `err`
 * naming --kernel (not there, with a did-you-mean or the list; a number
 * beyond n), or saying the file holds several (the list, numbered). */
int imp_pick_kernel(const char *file, char (*names)[64], int n,
                    const char *kernel, const char **out, cusim_error *err);

/* --------------------------------------------- GCN/RDNA syntax (both) */

/* One line of a text: [s, s + len) with a comment after ';' and trailing
 * blanks cut off, [s, s + raw_len) as written (no newline), number no. */
typedef struct imp_line {
    const char *s;
    size_t len, raw_len;
    int no;
} imp_line;

/* A cursor over a text's lines: start it as { text, text, 0 }. */
typedef struct imp_lines {
    const char *text, *pos;
    int no;
} imp_lines;

/* The next line of `ls` into `*ln`; false at the end of the text. */
bool imp_next_line(imp_lines *ls, imp_line *ln);

/* The first non-blank column of `ln` (an index), or ln->len. */
size_t imp_line_indent(const imp_line *ln);

/* Whether `ln` is a label line `NAME:` (clang's `.LBB0_1:`, RADV's
 * `BB1:`); its name into `buf`. */
bool imp_line_label(const imp_line *ln, char *buf, size_t size);

/* Appends to `l` the GCN/RDNA instruction of `ln` whose mnemonic starts
 * at byte `at` (a letter): its mnemonic (lower case), operands,
 * modifiers, branch target and row of isa/import/amdgcn.def. Returns 0,
 * or -1 with `err` at the line: a mnemonic too long to be one, a branch
 * that names no label. */
int imp_gcn_insn(imp_listing *l, const imp_line *ln, size_t at,
                 cusim_error *err);

/* Reads kernel `kernel` (NULL: the only one) of AMD assembly `l->text`
 * (`l->file` names it) into `l`. Returns 0, or -1 with `err` set: at
 * FILE:LINE:COLUMN for a listing that is not clang's AMD assembly, or is
 * truncated (a kernel without its end or its metadata); naming --kernel
 * for a kernel not in it, or when several are and none is named. */
int imp_amdgcn_read(imp_listing *l, const char *kernel, cusim_error *err);

/* Reads the `.amdgpu_metadata` YAML of kernel `name` (amdhsa.kernels,
 * from line `start` + 1 of `text`, up to `.end_amdgpu_metadata` or the
 * document's `...`: clang -S's block, or llvm-readelf --notes's "AMDGPU
 * Metadata") into `m`: its registers, shared memory, wave, workgroup
 * and the target. Returns 0, or -1 with `err` set at `file`'s line: no
 * entry for the kernel, or one without a count it needs. */
int imp_amdgpu_metadata(const char *file, const char *text, int start,
                        const char *name, imp_meta *m, cusim_error *err);

/* Whether `text` is llvm-objdump's disassembly of an AMDGPU code object
 * ("file format elf64-amdgpu", "Disassembly of section"). */
bool imp_is_objdump(const char *text);

/* Reads kernel `kernel` (NULL: the only one; else its name or its
 * number, from 1, among the code object's kernels) of llvm-objdump -d's
 * disassembly `l->text` into `l`: its instructions (the alignment
 * padding after its last s_endpgm left out), its branch targets as
 * labels named by their address ("0x68"), and its metadata from llvm-
 * readelf --notes's text, in the listing or in `resources` (a file;
 * NULL: none). Returns 0, or -1 with `err` set: at FILE:LINE:COLUMN for a
 * word the disassembler did not decode, a line without its address, or
 * the last kernel's code cut short before its s_endpgm;
 * naming the file when no metadata is there, --resources when it has
 * none for the kernel, --kernel as imp_pick_kernel does. */
int imp_objdump_read(imp_listing *l, const char *kernel,
                     const char *resources, cusim_error *err);

/* Reads kernel `kernel` (NULL: the only one) of SASS text `l->text` as
 * cuobjdump -sass or nvdisasm prints it into `l`, with its registers and
 * shared memory from the resource lines of cuobjdump -res-usage: in the
 * listing, or else in `resources` (a file; NULL: none). Returns 0, or -1
 * with `err` set, as imp_amdgcn_read; also when no resource line names
 * the kernel (naming --resources). */
int imp_sass_read(imp_listing *l, const char *kernel, const char *resources,
                  cusim_error *err);

/* Reads the listing of scripts/compile-vulkan (build/vk-isa: a header of
 * '; KEY: VALUE' lines and RADV's statistics, then the disassembly
 * between '; assembly:' and '; end of assembly') into `l`: the shader's
 * instructions and labels, its VGPRs and LDS statistics, its subgroup
 * size and local size. `kernel` (NULL: any) must be the shader's name.
 * Returns 0, or -1 with `err` set, as imp_amdgcn_read: FILE:LINE:COLUMN
 * for a listing that is not one or is truncated (no end line, a missing
 * header line or statistic). */
int imp_radv_read(imp_listing *l, const char *kernel, const char *family,
                  cusim_error *err);

/* Whether `text` is a RADV_DEBUG=shaders dump (a "shader:
 * MESA_SHADER_..." line and a "disasm:" one), which imp_radv_read reads
 * too. */
bool imp_is_radv_dump(const char *text);

/* The index of the chip `name` (RADV's family names, gfxNNNN) in the
 * dump reader's table of VGPR granules, or -1. */
int imp_radv_family(const char *name);

/* ---------------------------------------------------------- registers */

/* The dependency tracker: which cusim register holds each machine
 * register now. Invariant: holder[f][i] is 0 (never written: an input) or
 * a name index + 1; seq[f][i] is when it was written (0: an input). */
typedef struct imp_regs {
    uint32_t holder[IMP_FILE_COUNT][IMP_FILE_REGS];
    uint32_t seq[IMP_FILE_COUNT][IMP_FILE_REGS];
    char (*names)[40];           /* cusim register names */
    size_t n_names, cap_names;
    uint32_t clock;
    uint64_t dropped;            /* written sources left out (over the
                                    form's operand count) */
} imp_regs;

/* The operands of one cusim instruction, names as text. */
typedef struct imp_operands {
    char dst[40];                /* "" when the instruction writes none */
    char src[3][40];
    int n_src;
} imp_operands;

void imp_regs_init(imp_regs *r);
void imp_regs_free(imp_regs *r);

/* The cusim operands of `in` mapped by its row as opcode `op`: sources
 * the names holding what it reads (at most `max_src`, the latest written
 * first, inputs last; what is left out is counted in r->dropped unless an
 * input), then its destination named after what it writes, which from
 * then on holds those registers. */
void imp_regs_map(imp_regs *r, const imp_insn *in, int op, int max_src,
                  imp_operands *out);

/* The two cusim instructions of a global-to-shared copy (IMP_R_COPY):
 * `ld` an ld.global of the second bracketed address (and the guard) into
 * a value named after the listing's line, `st` an st.shared of that value
 * to the first bracketed address. */
void imp_regs_copy(imp_regs *r, const imp_insn *in, imp_operands *ld,
                   imp_operands *st);

/* ------------------------------------------------------- control flow */

typedef enum imp_region_kind { IMP_LOOP, IMP_IF } imp_region_kind;

/* A region of the program: a loop (instructions begin..end-1, its
 * backward branch at end) or an if (its forward branch at begin - 1, the
 * block begin..end-1; with an else, the then-block ends at mid - 1, an
 * unconditional branch over the else-block mid..end-1). */
typedef struct imp_region {
    imp_region_kind kind;
    size_t begin, mid, end;     /* mid == end: no else */
    size_t branch;              /* the branch instruction */
    const char *label;          /* its target label */
    const char *expr;           /* --trip / --cond, or NULL */
    const char *option;         /* that option as given, or NULL */
    bool derived;               /* expr is the branch's own condition,
                                   or the loop's trip count, read from
                                   the code (imp_addresses) */
    char trip[96];              /* a loop's count read from the code */
    char why[240];              /* and how: "s4 = 16, -2 a trip, until
                                   s4 == 0" */
    int unread_line;            /* an exit the count did not read (it
                                   is at most), or 0 */
} imp_region;

/* The regions of `l`'s branches, properly nested, sorted by begin (outer
 * first). Returns the count (*out allocated, the caller frees it), or -1
 * with `err` set at the branch: unstructured control flow, or a branch to
 * a label not in the kernel. */
long imp_flow_regions(const imp_listing *l, imp_region **out,
                      cusim_error *err);

/* The label of the loop whose exit test the branch at `i` is (a
 * conditional branch to just past the loop's closing branch, which
 * imp_flow_regions makes nothing of), or NULL when it is none. */
const char *imp_flow_exit_of(const imp_listing *l, size_t i);

/* ---------------------------------------------------------- addresses */

/* Fills each global access's `at` from the address arithmetic before it
 * (imp_addr.c), for workgroups of `workgroup` (the ids' bounds), a kernel
 * argument's value from `o`'s --arg (resolved: argOFF); the accesses
 * whose address is not read keep "" (need_args naming the arguments with
 * no value, where those are what it lacks). Guards' conditions too
 * (guard_cond, guard_not), and an if without --cond whose branch's
 * condition is known gets it (expr, derived). An argument with no --arg
 * that an if's bounds check compares the flat global id with (gid < it)
 * is the element count: read as `elements` in the addresses after it,
 * and appended to o->args (bounds_line its line) for the header. */
void imp_addresses(imp_listing *l, imp_region *v, size_t n_regions,
                   const uint32_t workgroup[3], imp_options *o);

/* ------------------------------------------------------------ writing */

/* Counts of what the mapping did, for the header comment. */
typedef struct imp_stats {
    uint64_t per_op[ISA_OP_COUNT];
    uint64_t dropped_waits, dropped_masks, branches, unmapped, ends;
} imp_stats;

/* Writes the kernel YAML for `l` into `out`: the header comment, the keys
 * and the program, regions as repeat / if blocks. `line_option[k]` is set,
 * for each line k of `out` (1-based) that an option's expression went
 * into, to that option (for messages when the kernel does not load; the
 * caller sizes it: imp_write_lines). Warnings are appended to `warn`. */
/* Where the workgroup comes from, and `wg` it: --workgroup-size, the
 * metadata's .reqd_workgroup_size, its .max_flat_workgroup_size, or 256. */
typedef enum imp_wg_source {
    IMP_WG_OPTION, IMP_WG_REQD, IMP_WG_MAX_FLAT, IMP_WG_DEFAULT
} imp_wg_source;
imp_wg_source imp_workgroup(const imp_listing *l, const imp_options *o,
                            uint32_t wg[3]);

/* Replaces in the `n` bytes at `s` each byte that does not begin or
 * continue a character YAML may hold ('\t', '\n', printable ASCII, a
 * well-formed UTF-8 sequence of a printable code point) with '?'. */
void imp_yaml_safe(char *s, size_t n);

void imp_write(const imp_listing *l, const imp_options *o,
               const imp_region *regions, size_t n_regions, sbuf *out,
               sbuf *warn, const char ***line_option, size_t *n_lines);

/* What writing the program counted, for the head: the mapping's counts,
 * the written sources beyond cusim's operands left out, and the end of
 * the parameters read with at=params[...] (0: none). */
typedef struct imp_head_counts {
    imp_stats stats;
    uint64_t regs_dropped;
    uint64_t params_end;
} imp_head_counts;

/* Appends to `h` the kernel YAML's head for `l` (imp_head.c): its header
 * comment, then its keys up to "program: |"; warnings (a workgroup or a
 * chip the listing does not say, addresses not read, a grid that does
 * not fit) to `warn`. imp_write calls it after the program. */
void imp_head(const imp_listing *l, const imp_options *o,
              const imp_region *regions, size_t n_regions,
              const imp_head_counts *c, sbuf *h, sbuf *warn);

/* A listing's byte for the kernel's comments: a control byte or one
 * beyond ASCII as '?' (the YAML stays UTF-8, whatever the listing
 * holds). */
char imp_printable(char c);

#endif /* CUSIM_IMP_INT_H */
