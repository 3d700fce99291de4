/*
 * import.h — `cusim import`: a compiler's listing of a real kernel (AMD
 * GCN/RDNA assembly from clang -S) turned into a cusim kernel YAML whose
 * program is the synthetic ISA (docs/import.md).
 *
 * NVIDIA SASS (cuobjdump -sass, nvdisasm) with its resource lines
 * (cuobjdump -res-usage) too, and Mesa RADV's ISA of a Vulkan compute
 * shader (scripts/compile-vulkan), the GCN/RDNA mnemonics of clang's.
 *
 * The module is one file per concept, sharing imp_int.h:
 *   import.c       the whole path: read, detect, map, control flow, write,
 *                  and the check that the written kernel loads
 *   imp_listing.c  the listing every reader fills (instructions, labels,
 *                  the compiler's metadata) and format detection
 *   imp_gcn.c      the GCN/RDNA instruction syntax both AMD readers share
 *   imp_amdgcn.c   the reader of AMD GCN/RDNA assembly (clang -S)
 *   imp_objdump.c  the reader of a code object's disassembly
 *                  (llvm-objdump -d, llvm-readelf --notes)
 *   imp_radv.c     the reader of RADV's listing (scripts/compile-vulkan)
 *   imp_sass.c     the reader of NVIDIA SASS and its resource usage
 *   imp_map.c      the mapping tables (isa/import/<family>.def)
 *   imp_regs.c     registers to cusim registers: dependencies
 *   imp_flow.c     branches to repeat and if blocks
 *   imp_write.c    the kernel YAML: header comment, keys, program
 */
#ifndef CUSIM_IMPORT_H
#define CUSIM_IMPORT_H

#include <stdbool.h>
#include <stdint.h>

#include "cusim.h"

typedef enum imp_format {
    IMP_FORMAT_AUTO,      /* detected from the text */
    IMP_FORMAT_AMDGCN,    /* AMD GCN/RDNA assembly, clang -S */
    IMP_FORMAT_SASS,      /* NVIDIA SASS text (cuobjdump -sass, nvdisasm) */
    IMP_FORMAT_RADV,      /* Mesa RADV's statistics and disassembly, as
                             scripts/compile-vulkan prints them, or its
                             RADV_DEBUG=shaders dump */
    IMP_FORMAT_COUNT
} imp_format;

/* "auto", "amdgcn", "sass", "radv". */
const char *imp_format_name(imp_format f);

/* The format named `name`; -1 for any other name. */
int imp_format_parse(const char *name, imp_format *f);

#define IMP_MAX_LABEL_OPTS 64

/* A --trip LABEL=EXPR or --cond LABEL=EXPR as given: `option` is the
 * whole argument as written ("--trip .LBB0_1=8"), for messages. */
typedef struct imp_label_opt {
    const char *label;
    const char *expr;
    const char *option;
} imp_label_opt;

/* A --arg NAME=VALUE: a kernel argument's value, for the addresses that
 * depend on it. `name` is as given: the importer's argOFF (the argument
 * at byte OFF, hexadecimal, of the kernel's parameters), a parameter's
 * index (decimal, from 0, in the source's order: the metadata's .args
 * without its hidden_* entries) or its name in the source (where the
 * metadata has .name); imp_import resolves it to argOFF (`off`, where
 * `name` then points). The value a whole number (`value`, `expr` NULL) or
 * an expression of the launch shape that stays one in the address
 * (`expr`: "elements", "elements / 4"); `option` as given, NULL for one
 * the importer found (`bounds_line`). */
typedef struct imp_arg_opt {
    const char *name;
    int64_t value;
    const char *expr;
    const char *option;
    int param;                   /* resolved: the parameter's index where
                                    NAME was one or a name, else -1 */
    int bounds_line;             /* 0; or, not given, the line of the
                                    bounds check (gid < it) that made it
                                    the element count (expr "elements") */
    char off[24];                /* resolved: argOFF */
} imp_arg_opt;

/* What `cusim import` was told. Zero means "not given" for the numbers. */
typedef struct imp_options {
    const char *file;                 /* the listing */
    imp_format format;
    const char *kernel;               /* --kernel NAME, or NULL */
    const char *resources;            /* --resources FILE (SASS), or NULL */
    const char *family;               /* --family NAME (a RADV_DEBUG=shaders
                                         dump's chip), or NULL */
    imp_label_opt trips[IMP_MAX_LABEL_OPTS];
    int n_trips;
    imp_label_opt conds[IMP_MAX_LABEL_OPTS];
    int n_conds;
    imp_label_opt ats[IMP_MAX_LABEL_OPTS];   /* --at LINE=BUF[EXPR]: the
                                                label is the instruction's
                                                line in the listing */
    int n_ats;
    imp_arg_opt args[IMP_MAX_LABEL_OPTS];   /* --arg NAME=VALUE */
    int n_args;
    uint32_t workgroup[2];            /* --workgroup-size N or X,Y */
    int workgroup_dims;               /* 0: not given */
    uint64_t elements;                /* --elements N, 0: not given */
    uint64_t grid_x;                  /* --grid-x N, 0: not given */
    uint32_t shared_bytes;            /* --shared-bytes N: the workgroup's
                                         shared memory, with what it
                                         allocates at launch */
    bool shared_given;                /* --shared-bytes was given */
    bool strict;                      /* --strict: unmapped opcodes refused */
    const char *out;                  /* --out FILE (named in the header);
                                         NULL: standard output */
} imp_options;

/* The largest workgroup, in invocations (the kernel key workgroup_size's
 * bound). */
#define IMP_MAX_WORKGROUP 1048576u

/* The default element count when --elements is not given. */
#define IMP_DEFAULT_ELEMENTS 1048576u

/* Imports `o->file`: on success `*yaml` is the kernel's YAML text (the
 * caller frees it), checked to load as a cusim kernel, and `*warnings`
 * holds zero or more lines, each ending in '\n' (the caller frees it; a
 * loop without --trip, an if without --cond). Returns 0; or -1 with `err`
 * set and nothing allocated: FILE:LINE:COLUMN for a problem of the
 * listing (another format, a truncated listing, an unmapped opcode under
 * --strict, unstructured control flow), or a message naming the option
 * (`err->file` the option as given, line 0 printed as "cusim: ...") for a
 * kernel not in the file or a label that is no branch target. */
int imp_import(const imp_options *o, char **yaml, char **warnings,
               cusim_error *err);

#endif /* CUSIM_IMPORT_H */
