/*
 * imp_map.c — the mapping tables of `cusim import`, one per ISA family
 * (isa/import/<family>.def), and their lookup.
 */
#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

#include "imp_int.h"

/* The .def columns as values. */
#define IMP_OPV_ALU ISA_OP_ALU
#define IMP_OPV_FMA ISA_OP_FMA
#define IMP_OPV_SFU ISA_OP_SFU
#define IMP_OPV_LD_GLOBAL ISA_OP_LD_GLOBAL
#define IMP_OPV_ST_GLOBAL ISA_OP_ST_GLOBAL
#define IMP_OPV_LD_SHARED ISA_OP_LD_SHARED
#define IMP_OPV_ST_SHARED ISA_OP_ST_SHARED
#define IMP_OPV_BARRIER ISA_OP_BARRIER
#define IMP_OPV_ATOM_GLOBAL ISA_OP_ATOM_GLOBAL
#define IMP_OPV_ATOM_SHARED ISA_OP_ATOM_SHARED
#define IMP_OPV_SHUFFLE ISA_OP_SHUFFLE
#define IMP_OPV_BROADCAST ISA_OP_BROADCAST
#define IMP_OPV_BALLOT ISA_OP_BALLOT
#define IMP_OPV_SALU ISA_OP_SALU
#define IMP_OPV_DROP IMP_OP_DROP
#define IMP_OPV_BRANCH IMP_OP_BRANCH
#define IMP_OPV_END IMP_OP_END
#define IMP_OPV_UNMAPPED IMP_OP_UNMAPPED

#define IMP_UNITV_ALU CUSIM_UNIT_ALU
#define IMP_UNITV_SFU CUSIM_UNIT_SFU
#define IMP_UNITV_MEM CUSIM_UNIT_MEM
#define IMP_UNITV_SHARED CUSIM_UNIT_SHARED
#define IMP_UNITV_BARRIER CUSIM_UNIT_BARRIER
#define IMP_UNITV_SCALAR CUSIM_UNIT_SCALAR
#define IMP_UNITV_NONE IMP_NONE

#define IMP_LATV_ALU CUSIM_LAT_ALU
#define IMP_LATV_SFU CUSIM_LAT_SFU
#define IMP_LATV_SHARED CUSIM_LAT_SHARED
#define IMP_LATV_GLOBAL CUSIM_LAT_GLOBAL
#define IMP_LATV_BARRIER CUSIM_LAT_BARRIER
#define IMP_LATV_NONE IMP_NONE

/* FLAGS are written with the names the .def uses. */
#define SCC_W IMP_F_SCC_W
#define SCC_R IMP_F_SCC_R
#define EXEC_W IMP_F_EXEC_W
#define UNIFORM IMP_F_UNIFORM
#define RTN IMP_F_RTN
#define RTN_GLC IMP_F_RTN_GLC
#define COND IMP_F_COND

static const imp_map_row amdgcn_rows[] = {
#define MAP(pat, op, unit, lat, bytes, roles, flags, note)                   \
    { pat, IMP_OPV_##op, IMP_UNITV_##unit, IMP_LATV_##lat, bytes,            \
      IMP_R_##roles, flags, note },
#include "import/amdgcn.def"
#undef MAP
};

static const imp_map_row sass_rows[] = {
#define MAP(pat, op, unit, lat, bytes, roles, flags, note)                   \
    { pat, IMP_OPV_##op, IMP_UNITV_##unit, IMP_LATV_##lat, bytes,            \
      IMP_R_##roles, flags, note },
#include "import/sass.def"
#undef MAP
};

const imp_map_row *imp_map_table(imp_format f, size_t *n)
{
    if (f == IMP_FORMAT_AMDGCN || f == IMP_FORMAT_RADV) {
        *n = sizeof amdgcn_rows / sizeof amdgcn_rows[0];
        return amdgcn_rows;
    }
    if (f == IMP_FORMAT_SASS) {
        *n = sizeof sass_rows / sizeof sass_rows[0];
        return sass_rows;
    }
    *n = 0;
    return NULL;
}

const imp_map_row *imp_map_find(imp_format f, const char *mnem)
{
    size_t n;
    const imp_map_row *rows = imp_map_table(f, &n);
    for (size_t i = 0; i < n; i++)
        if (fnmatch(rows[i].pattern, mnem, 0) == 0)
            return &rows[i];
    return NULL;
}

const imp_map_row *imp_map_find_key(imp_format f, const char *key)
{
    size_t n;
    const imp_map_row *rows = imp_map_table(f, &n);
    for (size_t i = 0; i < n; i++)
        if (strchr(rows[i].pattern, ' ')
            && fnmatch(rows[i].pattern, key, 0) == 0)
            return &rows[i];
    return NULL;
}

const imp_map_row *imp_map_find_dst(imp_format f, const char *mnem,
                                    const char *dst)
{
    const imp_map_row *row = imp_map_find(f, mnem);
    if (!row || row->roles != IMP_R_DST)
        return row;
    char key[IMP_MNEM_MAX + 32];
    snprintf(key, sizeof key, "%s %s", mnem, dst);
    const imp_map_row *own = imp_map_find_key(f, key);
    return own ? own : row;
}

/* Whether `s` ends with `suffix`. */
static bool ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

uint32_t imp_amd_width(const char *mnem)
{
    static const struct { const char *suffix; uint32_t bytes; } widths[] = {
        { "_dwordx16", 64 }, { "_dwordx8", 32 }, { "_dwordx4", 16 },
        { "_dwordx3", 12 }, { "_dwordx2", 8 }, { "_dword", 4 },
        { "_b512", 64 }, { "_b256", 32 }, { "_b128", 16 }, { "_b96", 12 },
        { "_b64", 8 }, { "_b32", 4 }, { "_b16", 2 }, { "_b8", 1 },
        { "_u16", 2 }, { "_i16", 2 }, { "_u8", 1 }, { "_i8", 1 },
        { "_ushort", 2 }, { "_sshort", 2 }, { "_short", 2 },
        { "_ubyte", 1 }, { "_sbyte", 1 }, { "_byte", 1 },
        { "_short_d16", 2 }, { "_short_d16_hi", 2 },
        { "_ubyte_d16", 1 }, { "_ubyte_d16_hi", 1 },
        { "_sbyte_d16", 1 }, { "_sbyte_d16_hi", 1 },
        { "_u16_d16", 2 }, { "_u16_d16_hi", 2 },
        { "_u8_d16", 1 }, { "_u8_d16_hi", 1 },
        { "_i8_d16", 1 }, { "_i8_d16_hi", 1 },
    };
    /* the suffix after the data type: global_load_dword, ds_read2_b32;
     * an atomic's type (global_atomic_add_f32, ds_add_u32) is one word */
    uint32_t bytes = 0;
    for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++)
        if (ends_with(mnem, widths[i].suffix)) {
            bytes = widths[i].bytes;
            break;
        }
    if (bytes == 0) {
        if (ends_with(mnem, "_x2") || ends_with(mnem, "_f64")
            || ends_with(mnem, "_u64") || ends_with(mnem, "_i64"))
            bytes = 8;
        else if (strstr(mnem, "atomic") || strncmp(mnem, "ds_", 3) == 0)
            bytes = 4;
    }
    if (strstr(mnem, "read2") || strstr(mnem, "write2")
        || strstr(mnem, "load_2addr") || strstr(mnem, "store_2addr"))
        bytes *= 2;
    return bytes;
}

uint32_t imp_sass_width(const char *mnem)
{
    /* the modifiers after the first '.' */
    uint32_t bytes = 4;
    for (const char *m = strchr(mnem, '.'); m; m = strchr(m + 1, '.')) {
        size_t n = strcspn(m + 1, ".");
        if ((n == 2 && (memcmp(m + 1, "U8", 2) == 0
                        || memcmp(m + 1, "S8", 2) == 0)))
            bytes = 1;
        else if (n == 3 && (memcmp(m + 1, "U16", 3) == 0
                            || memcmp(m + 1, "S16", 3) == 0))
            bytes = 2;
        else if (n == 2 && memcmp(m + 1, "64", 2) == 0)
            bytes = 8;
        else if (n == 3 && memcmp(m + 1, "128", 3) == 0)
            bytes = 16;
    }
    return bytes;
}
