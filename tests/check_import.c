/*
 * check_import.c — `cusim import` (sim/import/): the AMD mapping table
 * agrees with the synthetic ISA's units and latencies, the width of a
 * memory mnemonic, and small hand-written clang-style listings imported
 * into exactly the program worked out by hand in the comments (registers
 * as cusim registers, a carry out named with its sum, waits dropped, a
 * loop as repeat, an if with and without its else), with the errors of
 * control flow that does not nest; the SASS table and a hand-written
 * cuobjdump listing likewise (guards read, register pairs, a carry
 * predicate). tests/cli/run-import runs the real compiler listings of
 * tests/data/import/.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cutest.h"
#include "imp_addr.h"
#include "imp_int.h"

START_TEST(table_agrees_with_isa)
{
    size_t n;
    imp_format f = _i == 0 ? IMP_FORMAT_AMDGCN : IMP_FORMAT_SASS;
    const imp_map_row *rows = imp_map_table(f, &n);
    ck_assert_uint_gt(n, 50);
    for (size_t i = 0; i < n; i++) {
        const imp_map_row *r = &rows[i];
        if (r->op < ISA_OP_COUNT) {
            const isa_info *info = isa_get((isa_op)r->op);
            ck_assert_msg(r->unit == (int)info->unit
                          && r->latency == (int)info->latency,
                          "row %s: unit or latency is not %s's", r->pattern,
                          info->mnemonic);
        } else {
            ck_assert_msg(r->unit == IMP_NONE && r->latency == IMP_NONE,
                          "row %s: no opcode but a unit", r->pattern);
        }
    }
}
END_TEST

/* The opcode `mnem` maps to: an isa_op, IMP_OP_*, or -1 (no row). */
static int op_of(const char *mnem)
{
    const imp_map_row *r = imp_map_find(IMP_FORMAT_AMDGCN, mnem);
    return r ? r->op : -1;
}

START_TEST(lookup)
{
    ck_assert_int_eq(op_of("v_fma_f32"), ISA_OP_FMA);
    ck_assert_int_eq(op_of("v_mul_f32_e32"), ISA_OP_FMA);
    ck_assert_int_eq(op_of("v_add_f32_e32"), ISA_OP_ALU);
    ck_assert_int_eq(op_of("v_exp_f32_e32"), ISA_OP_SFU);
    ck_assert_int_eq(op_of("v_rsq_f32_e32"), ISA_OP_SFU);
    ck_assert_int_eq(op_of("s_waitcnt"), IMP_OP_DROP);
    ck_assert_int_eq(op_of("s_waitcnt_vscnt"), IMP_OP_DROP);
    ck_assert_int_eq(op_of("s_delay_alu"), IMP_OP_DROP);
    ck_assert_int_eq(op_of("s_barrier"), ISA_OP_BARRIER);
    ck_assert_int_eq(op_of("s_endpgm"), IMP_OP_END);
    ck_assert_int_eq(op_of("s_load_dwordx2"), ISA_OP_LD_GLOBAL);
    ck_assert_int_eq(op_of("global_load_dwordx4"), ISA_OP_LD_GLOBAL);
    ck_assert_int_eq(op_of("buffer_store_dword"), ISA_OP_ST_GLOBAL);
    ck_assert_int_eq(op_of("ds_read2st64_b32"), ISA_OP_LD_SHARED);
    ck_assert_int_eq(op_of("ds_store_b32"), ISA_OP_ST_SHARED);
    ck_assert_int_eq(op_of("global_atomic_add_f32"), ISA_OP_ATOM_GLOBAL);
    ck_assert_int_eq(op_of("ds_add_u32"), ISA_OP_ATOM_SHARED);
    ck_assert_int_eq(op_of("ds_swizzle_b32"), ISA_OP_SHUFFLE);
    ck_assert_int_eq(op_of("v_mov_b32_dpp"), ISA_OP_SHUFFLE);
    ck_assert_int_eq(op_of("v_readfirstlane_b32"), ISA_OP_BROADCAST);
    ck_assert_int_eq(op_of("s_swappc_b64"), IMP_OP_UNMAPPED);
    ck_assert_int_eq(op_of("v_mfma_f32_32x32x1f32"), IMP_OP_UNMAPPED);
    ck_assert_int_eq(op_of("image_load"), -1);
    ck_assert_int_eq(op_of("s_and_saveexec_b32"), IMP_OP_DROP);
    ck_assert_int_eq(op_of("s_or_b64"), ISA_OP_SALU);
    /* a scalar instruction writing exec: the mask's bookkeeping, dropped;
     * one that reads it (a compare's first operand is a source) or
     * writes an SGPR stays */
    ck_assert_int_eq(imp_map_find_dst(IMP_FORMAT_AMDGCN, "s_or_b64",
                                      "exec")->op, IMP_OP_DROP);
    ck_assert_int_eq(imp_map_find_dst(IMP_FORMAT_AMDGCN, "s_andn2_b32",
                                      "exec_lo")->op, IMP_OP_DROP);
    ck_assert_int_eq(imp_map_find_dst(IMP_FORMAT_AMDGCN, "s_mov_b64",
                                      "exec")->op, IMP_OP_DROP);
    ck_assert_int_eq(imp_map_find_dst(IMP_FORMAT_AMDGCN, "s_or_b64",
                                      "s[0:1]")->op, ISA_OP_SALU);
    ck_assert_int_eq(imp_map_find_dst(IMP_FORMAT_AMDGCN, "s_cmp_eq_u64",
                                      "exec")->op, ISA_OP_SALU);
    ck_assert_int_eq(imp_map_find_dst(IMP_FORMAT_AMDGCN, "v_cmpx_gt_u32_e32",
                                      "exec")->op, ISA_OP_ALU);
    /* SASS: an instruction guarded by !PT never runs; other guards keep
     * the opcode's row */
    ck_assert_int_eq(imp_map_find_key(IMP_FORMAT_SASS, "@!PT LDS")->op,
                     IMP_OP_DROP);
    ck_assert_ptr_null(imp_map_find_key(IMP_FORMAT_SASS, "@!P0 LDS"));
    ck_assert_ptr_null(imp_map_find_key(IMP_FORMAT_SASS, "@PT LDS"));
    ck_assert_int_eq(imp_map_find(IMP_FORMAT_SASS, "LDS")->op,
                     ISA_OP_LD_SHARED);
    /* the uniform datapath (U*) is salu, on the scalar unit; a uniform
     * constant load stays a load, a vector IMAD an fma */
    ck_assert_int_eq(imp_map_find(IMP_FORMAT_SASS, "UIADD3")->op, ISA_OP_SALU);
    ck_assert_int_eq(imp_map_find(IMP_FORMAT_SASS, "UIMAD.WIDE")->op,
                     ISA_OP_SALU);
    ck_assert_int_eq(imp_map_find(IMP_FORMAT_SASS, "UISETP.NE.AND")->unit,
                     CUSIM_UNIT_SCALAR);
    ck_assert_int_eq(imp_map_find(IMP_FORMAT_SASS, "ULDC.64")->op,
                     ISA_OP_LD_GLOBAL);
    ck_assert_int_eq(imp_map_find(IMP_FORMAT_SASS, "IMAD.WIDE")->op,
                     ISA_OP_FMA);
    ck_assert_int_eq(imp_map_find(IMP_FORMAT_AMDGCN, "s_lshl_b32")->unit,
                     CUSIM_UNIT_SCALAR);
    /* rows' roles and flags */
    const imp_map_row *r = imp_map_find(IMP_FORMAT_AMDGCN, "ds_add_rtn_u32");
    ck_assert_int_eq(r->op, ISA_OP_ATOM_SHARED);
    ck_assert(r->flags & IMP_F_RTN);
    ck_assert(!(imp_map_find(IMP_FORMAT_AMDGCN, "ds_add_u32")->flags
                & IMP_F_RTN));
    ck_assert(imp_map_find(IMP_FORMAT_AMDGCN, "s_cbranch_execz")->flags
              & IMP_F_COND);
    ck_assert(!(imp_map_find(IMP_FORMAT_AMDGCN, "s_branch")->flags
                & IMP_F_COND));
    ck_assert_int_eq(imp_map_find(IMP_FORMAT_AMDGCN,
                                  "v_add_co_ci_u32_e32")->op, ISA_OP_ALU);
    ck_assert_int_eq(imp_map_find(IMP_FORMAT_AMDGCN, "v_addc_co_u32_e32")
                         ->roles, IMP_R_DST2);
    ck_assert(imp_map_find(IMP_FORMAT_AMDGCN, "s_addc_u32")->flags
              & IMP_F_SCC_R);
}
END_TEST

/* The opcode SASS `mnem` maps to, or -1. */
static int sass_op(const char *mnem)
{
    const imp_map_row *r = imp_map_find(IMP_FORMAT_SASS, mnem);
    return r ? r->op : -1;
}

START_TEST(sass_lookup)
{
    ck_assert_int_eq(sass_op("FFMA"), ISA_OP_FMA);
    ck_assert_int_eq(sass_op("IMAD.WIDE.U32"), ISA_OP_FMA);
    ck_assert_int_eq(sass_op("IADD3.X"), ISA_OP_ALU);
    ck_assert_int_eq(sass_op("MUFU.EX2"), ISA_OP_SFU);
    ck_assert_int_eq(sass_op("LDG.E.128.CONSTANT"), ISA_OP_LD_GLOBAL);
    ck_assert_int_eq(sass_op("STG.E.64"), ISA_OP_ST_GLOBAL);
    ck_assert_int_eq(sass_op("LDSM.16.M88.4"), ISA_OP_LD_SHARED);
    ck_assert_int_eq(sass_op("LDS.U.128"), ISA_OP_LD_SHARED);
    ck_assert_int_eq(sass_op("STS.64"), ISA_OP_ST_SHARED);
    ck_assert_int_eq(sass_op("ULDC.64"), ISA_OP_LD_GLOBAL);
    ck_assert_int_eq(sass_op("BAR.SYNC"), ISA_OP_BARRIER);
    ck_assert_int_eq(sass_op("SHFL.BFLY"), ISA_OP_SHUFFLE);
    ck_assert_int_eq(sass_op("VOTE.ANY"), ISA_OP_BALLOT);
    ck_assert_int_eq(sass_op("ATOMS.ADD"), ISA_OP_ATOM_SHARED);
    ck_assert_int_eq(sass_op("RED.E.ADD.STRONG.GPU"), ISA_OP_ATOM_GLOBAL);
    ck_assert_int_eq(sass_op("REDUX.SUM"), ISA_OP_ALU);
    ck_assert_int_eq(sass_op("DEPBAR.LE"), IMP_OP_DROP);
    ck_assert_int_eq(sass_op("BSSY"), IMP_OP_DROP);
    ck_assert_int_eq(sass_op("BRA"), IMP_OP_BRANCH);
    ck_assert_int_eq(sass_op("EXIT"), IMP_OP_END);
    ck_assert_int_eq(sass_op("HMMA.16816.F32"), IMP_OP_UNMAPPED);
    ck_assert_int_eq(sass_op("FROB"), -1);
    ck_assert_uint_eq(imp_sass_width("LDG.E.128.CONSTANT"), 16);
    ck_assert_uint_eq(imp_sass_width("LDS.64"), 8);
    ck_assert_uint_eq(imp_sass_width("LDG.E.U8"), 1);
    ck_assert_uint_eq(imp_sass_width("LDG.E.S16"), 2);
    ck_assert_uint_eq(imp_sass_width("STG.E"), 4);
}
END_TEST

START_TEST(widths)
{
    ck_assert_uint_eq(imp_amd_width("global_load_dwordx4"), 16);
    ck_assert_uint_eq(imp_amd_width("global_load_dword"), 4);
    ck_assert_uint_eq(imp_amd_width("s_load_dwordx2"), 8);
    ck_assert_uint_eq(imp_amd_width("global_store_short"), 2);
    ck_assert_uint_eq(imp_amd_width("buffer_load_ubyte"), 1);
    ck_assert_uint_eq(imp_amd_width("ds_write_b128"), 16);
    /* two elements per lane: 2 x 4, 2 x 4, 2 x 8 */
    ck_assert_uint_eq(imp_amd_width("ds_read2_b32"), 8);
    ck_assert_uint_eq(imp_amd_width("ds_read2st64_b32"), 8);
    ck_assert_uint_eq(imp_amd_width("ds_read2_b64"), 16);
    /* an atomic's type names no width: 4 bytes, 8 for _x2 */
    ck_assert_uint_eq(imp_amd_width("global_atomic_add_f32"), 4);
    ck_assert_uint_eq(imp_amd_width("global_atomic_add_x2"), 8);
    ck_assert_uint_eq(imp_amd_width("v_add_f32"), 0);
}
END_TEST

/* The metadata clang writes after a kernel `k`, as much as the importer
 * reads: 5 VGPRs, groups of 64, wave64, no LDS. */
static const char meta[] =
    "\t.section\t.rodata,#alloc\n"
    "\t.amdhsa_kernel k\n"
    "\t.end_amdhsa_kernel\n"
    "\t.text\n"
    ".Lfunc_end0:\n"
    "\t.ident\t\"test clang\"\n"
    "\t.amdgpu_metadata\n"
    "---\n"
    "amdhsa.kernels:\n"
    "  - .args:\n"
    "      - .offset:         0\n"
    "        .size:           8\n"
    "    .group_segment_fixed_size: 0\n"
    "    .max_flat_workgroup_size: 64\n"
    "    .name:           k\n"
    "    .reqd_workgroup_size:\n"
    "      - 64\n"
    "      - 1\n"
    "      - 1\n"
    "    .sgpr_count:     8\n"
    "    .vgpr_count:     5\n"
    "    .wavefront_size: 64\n"
    "amdhsa.target:   amdgcn-amd-amdhsa--gfx900\n"
    "...\n"
    "\t.end_amdgpu_metadata\n";

/* Imports `code` (the kernel's lines after `k:`) with `o`'s options:
 * returns 0 with the YAML in *yaml (the caller frees it), or -1 with
 * `err` set. */
static int import_code(const char *code, imp_options *o, char **yaml,
                       cusim_error *err)
{
    char path[] = "/tmp/check_import_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    fprintf(f, "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx900\"\n"
               "\t.globl\tk\n\t.type\tk,@function\nk:\n%s%s", code, meta);
    fclose(f);
    o->file = path;
    char *warnings = NULL;
    int rc = imp_import(o, yaml, &warnings, err);
    free(warnings);
    unlink(path);
    return rc;
}

/* The program of `yaml`: its lines after "program: |", each without its
 * comment and trailing blanks, the YAML's two-space indent removed,
 * comment-only lines left out, joined by '\n'. */
static char *program_of(const char *yaml)
{
    const char *p = strstr(yaml, "program: |\n");
    ck_assert_ptr_nonnull(p);
    p += strlen("program: |\n");
    char *out = calloc(strlen(p) + 1, 1);
    size_t n = 0;
    while (*p) {
        const char *e = strchr(p, '\n');
        if (!e)
            e = p + strlen(p);
        const char *h = memchr(p, '#', (size_t)(e - p));
        const char *c = h ? h : e;
        while (c > p && c[-1] == ' ')
            c--;
        if (c - p > 2) {
            memcpy(out + n, p + 2, (size_t)(c - p - 2));
            n += (size_t)(c - p - 2);
            out[n++] = '\n';
        }
        p = *e ? e + 1 : e;
    }
    out[n] = '\0';
    return out;
}

START_TEST(loop_and_registers)
{
    /* a loop of 4 around a load and an FMA chain, its address a 64-bit
     * add in two halves */
    static const char code[] =
        "\ts_load_dwordx2 s[0:1], s[4:5], 0x0\n"   /* line 5 */
        "\tv_lshlrev_b32_e32 v1, 2, v0\n"
        "\ts_waitcnt lgkmcnt(0)\n"
        "\tv_mov_b32_e32 v2, s1\n"
        "\tv_add_co_u32_e32 v1, vcc, s0, v1\n"
        "\tv_addc_co_u32_e32 v2, vcc, v2, 0, vcc\n"
        "\ts_mov_b32 s2, 4\n"
        ".LBB0_1:\n"
        "\tglobal_load_dword v3, v[1:2], off\n"
        "\ts_waitcnt vmcnt(0)\n"
        "\tv_fma_f32 v4, v3, v3, v4\n"
        "\ts_add_i32 s2, s2, -1\n"
        "\ts_cmp_eq_u32 s2, 0\n"
        "\ts_cbranch_scc0 .LBB0_1\n"               /* line 18 */
        "\tglobal_store_dword v[1:2], v4, off\n"
        "\ts_endpgm\n";
    imp_options o;
    memset(&o, 0, sizeof o);
    o.trips[0] = (imp_label_opt){ ".LBB0_1", "4", "--trip .LBB0_1=4" };
    o.n_trips = 1;
    char *yaml;
    cusim_error err;
    ck_assert_msg(import_code(code, &o, &yaml, &err) == 0, "%s:%d:%d: %s",
                  err.file, err.line, err.column, err.message);
    char *prog = program_of(yaml);
    /* s[0:1] is one value, s0_1, from the scalar load (uniform, 8 bytes,
     * from the kernarg pointer s[4:5] at 0: the parameters' element 0);
     * v1 = v0 << 2; v2 = s1 (held by s0_1); the carry-out add writes v1
     * and vcc as v1_vcc, reading v1 (written 2nd) before s0_1 (1st); the
     * add with carry reads vcc (v1_vcc, 4th) and v2 (3rd) and writes
     * v2_vcc. In the loop the load's address v[1:2] is v1_vcc and v2_vcc:
     * the latest, v2_vcc, is its one source (v1_vcc left out: 1); the FMA
     * reads v3 twice (one source) and the input v4; s_add writes s2 and
     * SCC, s_cmp writes SCC alone (named scc). The store's data is v4, its
     * address v2_vcc again (v1_vcc left out: 2). Waits, the branch and
     * s_endpgm make nothing. The address (imp_addr_amd.c): v1 = v0 << 2
     * = 4 lid_x, then v1 = s0 + v1, the kernarg pointer at 0 plus 4
     * lid_x: element lid_x of arg0, for the load and the store. */
    ck_assert_str_eq(prog,
                     "ld.global s0_1, s4_5 bytes=8 at=params[0]\n"
                     "alu v1, v0\n"
                     "alu v2, s0_1\n"
                     "alu v1_vcc, v1, s0_1\n"
                     "alu v2_vcc, v1_vcc, v2\n"
                     "salu s2\n"
                     "repeat 4 {\n"
                     "  ld.global v3, v2_vcc at=arg0[lid_x]\n"
                     "  fma v4, v3, v4\n"
                     "  salu s2, s2\n"
                     "  salu scc, s2\n"
                     "}\n"
                     "st.global v4, v2_vcc at=arg0[lid_x]\n");
    ck_assert_ptr_nonnull(strstr(yaml, "\nregisters: 5\n"
                                       "registers_source: imported\n"
                                       "shared_bytes: 0\n"
                                       "subgroup_size: 64\n"));
    ck_assert_ptr_nonnull(strstr(yaml, "\nworkgroup_size: 64\n"));
    ck_assert_ptr_nonnull(strstr(yaml, "#   compiler:  test clang\n"));
    ck_assert_ptr_nonnull(strstr(yaml, "; 2 written sources beyond"));
    ck_assert_ptr_nonnull(strstr(yaml, "#   loop .LBB0_1 (s_cbranch_scc0, "
                                       "line 18): repeat 4 (--trip)\n"));
    ck_assert_ptr_nonnull(strstr(yaml, "\n# Unmapped opcodes: none\n"));
    free(prog);
    free(yaml);
}
END_TEST

/* A loop around one FMA whose counter s2 starts at `init`, is updated
 * by `update` and compared by `cmp` (with `between` after it), branching
 * back by `branch`: the trip count the importer reads from it, "" when
 * it reads none, in `trip`; its header's account in `why`. */
static void counted_loop(const char *init, const char *update,
                         const char *cmp, const char *between,
                         const char *branch, char *trip, size_t tsize,
                         char *why, size_t wsize)
{
    char code[1024];
    snprintf(code, sizeof code,
             "\ts_load_dword s3, s[4:5], 0x8\n"
             "\ts_mov_b32 s2, %s\n"
             ".LBB0_1:\n"
             "\tv_fma_f32 v4, v3, v3, v4\n"
             "\t%s\n\t%s\n%s"
             "\t%s .LBB0_1\n"
             "\ts_endpgm\n", init, update, cmp, between, branch);
    imp_options o;
    memset(&o, 0, sizeof o);
    char *yaml;
    cusim_error err;
    ck_assert_msg(import_code(code, &o, &yaml, &err) == 0, "%s:%d:%d: %s",
                  err.file, err.line, err.column, err.message);
    const char *h = strstr(yaml, "#   loop .LBB0_1 (");
    ck_assert_ptr_nonnull(h);
    const char *r = strstr(h, "): repeat ");
    ck_assert_ptr_nonnull(r);
    r += strlen("): repeat ");
    const char *f = strstr(r, " (from the code: ");
    const char *nl = strchr(r, '\n');
    trip[0] = why[0] = '\0';
    if (f && f < nl) {
        snprintf(trip, tsize, "%.*s", (int)(f - r), r);
        f += strlen(" (from the code: ");
        snprintf(why, wsize, "%.*s", (int)(nl - 1 - f), f);
        /* the program's repeat says the same count */
        char rep[48];
        snprintf(rep, sizeof rep, "\n  repeat %s {", trip);
        ck_assert_ptr_nonnull(strstr(yaml, rep));
    }
    free(yaml);
}

START_TEST(loop_counter_trips)
{
    /* each loop's count worked out by hand ("": none read), and its
     * account where it matters */
    static const struct {
        const char *init, *update, *cmp, *between, *branch, *trip, *why;
    } loops[] = {
        /* 4, 3, 2, 1 then 0 == 0: four trips, back while it is not */
        { "4", "s_add_i32 s2, s2, -1", "s_cmp_eq_u32 s2, 0", "",
          "s_cbranch_scc0", "4", "s2 = 4, -1 a trip, until s2 == 0" },
        /* 0 counting up by 3 while below 10: 3, 6, 9 go on, 12 leaves */
        { "0", "s_add_i32 s2, s2, 3", "s_cmp_lt_u32 s2, 10", "",
          "s_cbranch_scc1", "4", "s2 = 0, +3 a trip, while s2 < 10" },
        /* signed: -3 up by 1 while below 0: -2, -1 go on, 0 leaves (3);
         * unsigned, -2 is 2^32 - 2, not below 0: one trip */
        { "-3", "s_add_i32 s2, s2, 1", "s_cmp_lt_i32 s2, 0", "",
          "s_cbranch_scc1", "3", NULL },
        { "-3", "s_add_i32 s2, s2, 1", "s_cmp_lt_u32 s2, 0", "",
          "s_cbranch_scc1", "1", NULL },
        /* a shift: 64, 32, ... 1, 0 leaves after 7 trips (the constant
         * first: 0 < s2) */
        { "64", "s_lshr_b32 s2, s2, 1", "s_cmp_lt_u32 0, s2", "",
          "s_cbranch_scc1", "7", "s2 = 64, >> 1 a trip, while 0 < s2" },
        /* none read: SCC written again after the compare; the counter
         * compared with a parameter (s3, loaded); 2^32 trips */
        { "4", "s_add_i32 s2, s2, -1", "s_cmp_eq_u32 s2, 0",
          "\ts_and_b32 s6, s6, s7\n", "s_cbranch_scc0", "", NULL },
        { "0", "s_add_i32 s2, s2, 1", "s_cmp_lg_u32 s2, s3", "",
          "s_cbranch_scc1", "", NULL },
        { "0", "s_add_i32 s2, s2, 1", "s_cmp_lg_u32 s2, 0", "",
          "s_cbranch_scc1", "", NULL },
        /* counts in closed form, any up to 2^32 - 1: 2^20 and one more
         * (the most the stepping once read); i = 0; i += 3; i < 100:
         * 3, 6, ... 99 go on, 102 leaves (34); 3,000,000 */
        { "0", "s_add_i32 s2, s2, 1", "s_cmp_lt_u32 s2, 0x100000", "",
          "s_cbranch_scc1", "1048576", NULL },
        { "0", "s_add_i32 s2, s2, 1", "s_cmp_lt_u32 s2, 0x100001", "",
          "s_cbranch_scc1", "1048577", NULL },
        { "0", "s_add_i32 s2, s2, 3", "s_cmp_lt_u32 s2, 100", "",
          "s_cbranch_scc1", "34", "s2 = 0, +3 a trip, while s2 < 100" },
        { "0", "s_add_i32 s2, s2, 1", "s_cmp_lt_u32 s2, 3000000", "",
          "s_cbranch_scc1", "3000000", NULL },
        /* 0 up by 1 while below 2^32 - 1: it leaves at 2^32 - 1, the
         * largest count */
        { "0", "s_add_i32 s2, s2, 1", "s_cmp_lt_u32 s2, 0xffffffff", "",
          "s_cbranch_scc1", "4294967295", NULL },
        /* signed, -5 up by 7 until above 100: 2, 9, ... 100 go on
         * (-5 + 7 x 15), 107 leaves: 16 */
        { "-5", "s_add_i32 s2, s2, 7", "s_cmp_gt_i32 s2, 100", "",
          "s_cbranch_scc0", "16", NULL },
        /* wrapping: 0 up by 0x60000000 while not 0x20000000: 0x60000000,
         * 0xc0000000, then 0x120000000 mod 2^32 = 0x20000000 leaves: 3 */
        { "0", "s_add_i32 s2, s2, 0x60000000",
          "s_cmp_lg_u32 s2, 0x20000000", "", "s_cbranch_scc1", "3", NULL },
        /* 0 up by 3 until 1: 3k = 1 mod 2^32 first at k = 3's inverse,
         * 0xaaaaaaab = 2863311531 (3 x 2863311531 = 2 x 2^32 + 1) */
        { "0", "s_add_i32 s2, s2, 3", "s_cmp_eq_u32 s2, 1", "",
          "s_cbranch_scc0", "2863311531", NULL },
        /* never: 1 up by 2 is never 0 (odd); 64 >> 1 is never below 0
         * unsigned */
        { "1", "s_add_i32 s2, s2, 2", "s_cmp_eq_u32 s2, 0", "",
          "s_cbranch_scc0", "", NULL },
        { "64", "s_lshr_b32 s2, s2, 1", "s_cmp_ge_u32 s2, 0", "",
          "s_cbranch_scc1", "", NULL },
        /* 1000 >> 3 a trip while above 0: 125, 15, 1 go on, 0 leaves */
        { "1000", "s_lshr_b32 s2, s2, 3", "s_cmp_lt_u32 0, s2", "",
          "s_cbranch_scc1", "4", "s2 = 1000, >> 3 a trip, while 0 < s2" },
    };
    for (size_t i = 0; i < sizeof loops / sizeof loops[0]; i++) {
        char trip[32], why[200];
        counted_loop(loops[i].init, loops[i].update, loops[i].cmp,
                     loops[i].between, loops[i].branch, trip, sizeof trip,
                     why, sizeof why);
        ck_assert_msg(strcmp(trip, loops[i].trip) == 0,
                      "loop %zu: trip '%s', expected '%s'", i, trip,
                      loops[i].trip);
        if (loops[i].why)
            ck_assert_str_eq(why, loops[i].why);
    }
}
END_TEST

/* The count of addr_trip_count worked out by running the counter, pass
 * by pass, as the hardware would (at most `limit` passes; -1 beyond). */
static int64_t stepped(int op, bool is_signed, int side, bool when,
                       bool top, bool upd_first, int kind, int64_t step,
                       uint32_t c, uint32_t bound, int64_t limit)
{
    for (int64_t pass = 0; pass < limit; pass++) {
        if (upd_first)
            c = kind == UPD_ADD ? c + (uint32_t)step : c >> step;
        int64_t v = is_signed ? (int32_t)c : (int64_t)c;
        int64_t b = is_signed ? (int32_t)bound : (int64_t)bound;
        int64_t x = side == 0 ? v : b, y = side == 0 ? b : v;
        bool cond = op == CMP_LT ? x < y : op == CMP_LE ? x <= y
                  : op == CMP_GT ? x > y : op == CMP_GE ? x >= y
                  : op == CMP_EQ ? x == y : x != y;
        if (!upd_first)
            c = kind == UPD_ADD ? c + (uint32_t)step : c >> step;
        if (top && cond == when)
            return pass;
        if (!top && cond != when)
            return pass + 1;
    }
    return -1;
}

START_TEST(trip_count_closed_form)
{
    /* 200,000 loops of every shape, counters and bounds near 0, near
     * 2^31 and 2^32 and anywhere, steps small and large: the closed form
     * agrees with the counter run pass by pass wherever that ends within
     * 4,096 passes, and is -1 or beyond 4,096 where it does not */
    uint64_t x = 0x9e3779b97f4a7c15u;
    int checked = 0;
    for (int i = 0; i < 200000; i++) {
        uint32_t r[8];
        for (int k = 0; k < 8; k++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            r[k] = (uint32_t)(x >> 16);
        }
        static const uint32_t near[] = { 0, 1, 0x7fffffff, 0x80000000,
                                         0xffffffff, 100 };
        uint32_t c = r[0] % 3 == 0 ? near[r[1] % 6] + r[2] % 9 - 4 : r[2];
        uint32_t bound = r[3] % 3 == 0 ? near[r[4] % 6] + r[5] % 9 - 4
                       : r[3] % 3 == 1 ? c + r[4] % 5000 - 2500 : r[4];
        int kind = r[5] % 5 == 0 ? UPD_SHR : UPD_ADD;
        int64_t step = kind == UPD_SHR ? 1 + r[6] % 31
                     : r[6] % 4 == 0 ? (int64_t)(int32_t)r[7]
                                     : (int64_t)(r[7] % 21) - 10;
        int op = (int)(r[1] % 6);
        bool is_signed = r[6] & 1, when = r[6] & 2, top = r[6] & 4;
        bool first = r[6] & 8;
        int side = (r[6] >> 4) & 1;
        if (kind == UPD_ADD && r[0] % 3 == 1) {
            /* a step near 2^32 / q wraps every q passes or so; the bound
             * the counter's value at some pass within 4,000: met after
             * wrapping, found by the closed form's deeper steps */
            step = (int64_t)((((uint64_t)1 << 32) / (2 + r[1] % 60))
                             + r[5] % 101) - 50;
            bound = c + (uint32_t)((r[3] % 4000 + first) * (uint64_t)step);
            op = r[7] % 2 ? CMP_EQ : CMP_NE;
            when = op == CMP_EQ ? top : !top;   /* out when it is met */
        }
        int64_t want = stepped(op, is_signed, side, when, top, first, kind,
                               step, c, bound, 4096);
        int64_t got = addr_trip_count(op, is_signed, side, when, top, first,
                                      kind, step, c, bound);
        if (want >= 0) {
            ck_assert_msg(got == want, "op %d signed %d side %d when %d top "
                          "%d first %d kind %d step %lld c %u bound %u: "
                          "%lld, stepped %lld", op, is_signed, side, when,
                          top, first, kind, (long long)step, c, bound,
                          (long long)got, (long long)want);
            checked++;
        } else {
            ck_assert_msg(got == -1 || got > 4096, "c %u bound %u step "
                          "%lld: %lld where 4,096 passes do not leave", c,
                          bound, (long long)step, (long long)got);
        }
    }
    ck_assert_int_gt(checked, 50000);
}
END_TEST

/* An if with an else, as clang's structurizer writes one for a scalar
 * condition: the then-block ends with a branch over the else-block. */
static const char if_else[] =
    "\tv_cmp_gt_u32_e32 vcc, 16, v0\n"
    "\ts_and_saveexec_b64 s[0:1], vcc\n"
    "\ts_cbranch_execz .LBB0_2\n"           /* line 7 */
    "\tv_mov_b32_e32 v1, 1\n"
    "\ts_branch .LBB0_3\n"
    ".LBB0_2:\n"
    "\tv_mul_f32_e32 v1, v0, v0\n"
    ".LBB0_3:\n"
    "\ts_or_b64 exec, exec, s[0:1]\n"
    "\tglobal_store_dword v[2:3], v1, off\n"
    "\ts_endpgm\n";

START_TEST(if_with_else)
{
    imp_options o;
    memset(&o, 0, sizeof o);
    o.conds[0] = (imp_label_opt){ "LBB0_2", "lane < 16",
                                  "--cond LBB0_2=lane < 16" };
    o.n_conds = 1;
    char *yaml;
    cusim_error err;
    ck_assert_msg(import_code(if_else, &o, &yaml, &err) == 0, "%s",
                  err.message);
    char *prog = program_of(yaml);
    /* the compare writes vcc; saveexec (the if's entry) and s_or exec
     * (where its lanes reconverge) are the mask's bookkeeping, which the
     * if does: dropped; the then-block sets v1, the else-block
     * multiplies; the store's data is v1 (the else's, written last), its
     * address the input v2_3 */
    ck_assert_str_eq(prog,
                     "alu vcc, v0\n"
                     "if lane < 16 {\n"
                     "  alu v1\n"
                     "} else {\n"
                     "  fma v1, v0\n"
                     "}\n"
                     "st.global v1, v2_3\n");
    free(prog);
    free(yaml);
    /* without --cond: the then-block for every lane, no else */
    memset(&o, 0, sizeof o);
    ck_assert_int_eq(import_code(if_else, &o, &yaml, &err), 0);
    prog = program_of(yaml);
    ck_assert_str_eq(prog,
                     "alu vcc, v0\n"
                     "alu v1\n"
                     "st.global v1, v2_3\n");
    free(prog);
    free(yaml);
}
END_TEST

START_TEST(unstructured)
{
    /* a branch out of the loop .LBB0_1 (lines 5-9) to past its end */
    static const char code[] =
        ".LBB0_1:\n"
        "\tv_add_u32_e32 v0, 1, v0\n"           /* line 6 */
        "\ts_cbranch_scc1 .LBB0_3\n"            /* line 7 */
        "\tv_add_u32_e32 v1, 1, v1\n"
        "\ts_cbranch_vccnz .LBB0_1\n"           /* line 9 */
        ".LBB0_3:\n"
        "\ts_endpgm\n";
    imp_options o;
    memset(&o, 0, sizeof o);
    char *yaml = NULL;
    cusim_error err;
    ck_assert_int_eq(import_code(code, &o, &yaml, &err), -1);
    ck_assert_ptr_null(yaml);
    ck_assert_int_eq(err.line, 7);
    ck_assert_int_eq(err.column, 2);
    ck_assert_str_eq(err.message, "'s_cbranch_scc1 .LBB0_3' crosses the "
                     "loop of 's_cbranch_vccnz .LBB0_1' at line 9: control "
                     "flow that does not nest is not supported");
    /* a branch to a label of another function */
    ck_assert_int_eq(import_code("\ts_branch .LBB9_9\n\ts_endpgm\n", &o,
                                 &yaml, &err), -1);
    ck_assert_int_eq(err.line, 5);
    ck_assert_str_eq(err.message, "'s_branch' branches to '.LBB9_9', which "
                     "is not a label of kernel 'k'");
}
END_TEST

START_TEST(sass_program)
{
    /* a loop (the BRA at 0x80 back to 0x20) of a 64-bit load, a guarded
     * add, a 64-bit address in two halves with a carry predicate, a
     * shuffle and a 64-bit store; then EXIT and the trap BRA to itself */
    static const char sass[] =
        "\tcode for sm_80\n"                                        /* 1 */
        "\t\tFunction : k\n"
        "        /*0000*/                   S2R R0, SR_TID.X ;\n"
        "        /*0010*/                   ISETP.GE.AND P0, PT, R0, 0x10, PT ;\n"
        "        /*0020*/                   LDG.E.64 R2, [R4.64] ;\n"  /* 5 */
        "        /*0030*/               @P0 FADD R2, R2, R3 ;\n"
        "        /*0040*/                   IADD3 R6, P1, R2, R4, RZ ;\n"
        "        /*0050*/                   IADD3.X R7, R5, RZ, RZ, P1, !PT ;\n"
        "        /*0060*/                   SHFL.BFLY PT, R8, R2, 0x10, 0x1f ;\n"
        "        /*0070*/                   STG.E.64 [R6.64], R2 ;\n"  /* 10 */
        "        /*0080*/               @P0 BRA 0x20 ;\n"
        "        /*0090*/                   EXIT ;\n"
        "        /*00a0*/                   BRA 0xa0;\n"
        "\t\t..........\n"
        "\n"
        " Function k:\n"
        "  REG:16 STACK:0 SHARED:512 LOCAL:0\n";
    char path[] = "/tmp/check_import_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs(sass, f);
    fclose(f);
    imp_options o;
    memset(&o, 0, sizeof o);
    o.file = path;
    o.trips[0] = (imp_label_opt){ "0x20", "3", "--trip 0x20=3" };
    o.n_trips = 1;
    o.workgroup[0] = 64;
    o.workgroup_dims = 1;
    char *yaml, *warnings;
    cusim_error err;
    int rc = imp_import(&o, &yaml, &warnings, &err);
    unlink(path);
    ck_assert_msg(rc == 0, "%s:%d:%d: %s", err.file, err.line, err.column,
                  err.message);
    /* neither access's address is read (R4 and R6 hold no form of the
     * ids and a parameter): counted, one warning */
    char want[512];
    snprintf(want, sizeof want, "cusim import: warning: %s: 2 of 2 global "
             "accesses have addresses not read from the code: they keep "
             "their pattern (lines 5, 10; --at LINE=BUF[EXPR] to say)\n",
             path);
    ck_assert_str_eq(warnings, want);
    ck_assert_ptr_nonnull(strstr(yaml, "\n#   addresses read: 0 of 2 global "
                                 "accesses; not read from the code: 2, "
                                 "lines 5, 10\n"));
    char *prog = program_of(yaml);
    /* S2R reads a special register (no source); ISETP writes P0 (PT is
     * none) from R0. In the loop: the 64-bit load writes R2_3 from the
     * input pair R4_5; the guarded FADD reads R2 and R3 (both R2_3) and
     * its guard P0: R2_3 (written 3rd) before P0 (2nd); IADD3 writes R6
     * and its carry P1 as R6_P1 from R2 (4th) and the input R4; IADD3.X
     * writes R7 from P1 (R6_P1, 5th) and the input R5; SHFL writes R8
     * (PT is none) from R2; the store's data R[2:3] is held by R2 (4th)
     * and R2_3 (3rd): R2; its address R[6:7] by R7 (6th) and R6_P1 (5th):
     * R7 (two written sources left out). The BRA, EXIT and the trap make
     * nothing. */
    ck_assert_str_eq(prog,
                     "alu R0\n"
                     "alu P0, R0\n"
                     "repeat 3 {\n"
                     "  ld.global R2_3, R4_5 bytes=8\n"
                     "  alu R2, R2_3, P0\n"
                     "  alu R6_P1, R2, R4\n"
                     "  alu R7, R6_P1, R5\n"
                     "  shuffle R8, R2\n"
                     "  st.global R2, R7 bytes=8\n"
                     "}\n");
    ck_assert_ptr_nonnull(strstr(yaml, "\nworkgroup_size: 64\n"
                                       "registers: 16\n"
                                       "registers_source: imported\n"
                                       "shared_bytes: 512\n"
                                       "subgroup_size: 32\n"));
    ck_assert_ptr_nonnull(strstr(yaml, "#   target:    sm_80\n"));
    ck_assert_ptr_nonnull(strstr(yaml, "; 2 written sources beyond"));
    ck_assert_ptr_nonnull(strstr(yaml, "#   loop 0x20 (BRA, line 11): "
                                       "repeat 3 (--trip)\n"));
    free(prog);
    free(yaml);
    free(warnings);
}
END_TEST

/* A RADV listing as scripts/compile-vulkan writes one (header,
 * statistics, disassembly), its code a while loop: the exit test at the
 * top, the branch back at the bottom, s_code_end padding after the end. */
static const char radv[] =
    "; cusim vk-isa 1: RADV listing of dir/k.spv (entry main)\n"   /* 1 */
    "; device: Null hardware (RADV NAVI21)\n"
    "; driver: radv Mesa 22.3.6\n"
    "; family: navi21\n"
    "; local_size: 128 1 1\n"                                        /* 5 */
    "; executable: Compute Shader\n"
    "; subgroup_size: 64\n"
    "; statistic: SGPRs = 128\n"
    "; statistic: VGPRs = 12\n"
    "; statistic: LDS size = 512\n"                                 /* 10 */
    "; assembly: Assembly\n"
    "BB0:\n"
    "\ts_load_dwordx4 s[4:7], s[2:3], null           ; f4080101 fa000000\n"
    "\ts_movk_i32 s1, 0x4                            ; b0010004\n"
    "BB1:\n"                                                         /* 15 */
    "\ts_cmp_eq_u32 s1, 0                            ; bf068001\n"
    "\ts_cbranch_scc1 BB3                            ; bf850005\n"
    "BB2:\n"
    "\ts_waitcnt lgkmcnt(0)                          ; bf8cc07f\n"
    "\tbuffer_load_dword v1, v0, s[4:7], 0 offen    ; e0301000 80010100\n"
    "\ts_waitcnt vmcnt(0)                            ; bf8c3f70\n"
    "\tv_fmac_f32_e32 v2, v1, v1                     ; 56040301\n"
    "\ts_add_i32 s1, s1, -1                          ; 8101c101\n"
    "\ts_branch BB1                                  ; bf82fff8\n"
    "BB3:\n"                                                         /* 25 */
    "\tbuffer_store_dword v2, v0, s[4:7], 0 offen   ; e0701000 80010200\n"
    "\ts_endpgm                                      ; bf810000\n"
    "\ts_code_end                                    ; bf9f0000\n"
    "; end of assembly\n";

/* Imports listing `text` with `o`'s options, as import_code does. */
static int import_text(const char *text, imp_options *o, char **yaml,
                       cusim_error *err)
{
    char path[] = "/tmp/check_import_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    o->file = path;
    char *warnings = NULL;
    int rc = imp_import(o, yaml, &warnings, err);
    free(warnings);
    unlink(path);
    return rc;
}

START_TEST(radv_listing)
{
    ck_assert_int_eq(imp_detect(radv), IMP_FORMAT_RADV);
    size_t n, m;
    ck_assert_ptr_eq(imp_map_table(IMP_FORMAT_RADV, &n),
                     imp_map_table(IMP_FORMAT_AMDGCN, &m));
    ck_assert_uint_eq(n, m);
    imp_options o;
    memset(&o, 0, sizeof o);
    o.trips[0] = (imp_label_opt){ "BB1", "4", "--trip BB1=4" };
    o.n_trips = 1;
    o.strict = true;
    char *yaml;
    cusim_error err;
    ck_assert_msg(import_text(radv, &o, &yaml, &err) == 0, "%s:%d:%d: %s",
                  err.file, err.line, err.column, err.message);
    char *prog = program_of(yaml);
    /* the descriptor s[4:7] is one value from the scalar load (uniform,
     * 16 bytes); s_cbranch_scc1 BB3 goes to just past s_branch BB1: the
     * loop's exit test, no if; in the loop the load's address reads the
     * input v0 and s4_7, the one written (v0 left out, an input); the
     * FMA reads v1 twice; the store's data is v2, its address s4_7 again;
     * waits, branches, s_endpgm and s_code_end make nothing */
    ck_assert_str_eq(prog,
                     "ld.global s4_7, s2_3 bytes=16 pattern=strided:0\n"
                     "salu s1\n"
                     "repeat 4 {\n"
                     "  salu scc, s1\n"
                     "  ld.global v1, s4_7\n"
                     "  fma v2, v1\n"
                     "  salu s1, s1\n"
                     "}\n"
                     "st.global v2, s4_7\n");
    ck_assert_ptr_nonnull(strstr(yaml, "\nname: k\n"
                                       "workgroup_size: 128\n"
                                       "registers: 12\n"
                                       "registers_source: imported\n"
                                       "shared_bytes: 512\n"
                                       "subgroup_size: 64\n"));
    ck_assert_ptr_nonnull(strstr(yaml, "#   compiler:  radv Mesa 22.3.6\n"
                                       "#   target:    navi21\n"));
    ck_assert_ptr_nonnull(strstr(yaml, "its 128 SGPRs are not modelled"));
    ck_assert_ptr_nonnull(strstr(yaml, "#   loop BB1 (s_branch, line 24): "
                                       "repeat 4 (--trip)\n"
                                       "#   exit BB3 (s_cbranch_scc1, line "
                                       "17): loop BB1's exit test, nothing "
                                       "(the loop's trip count stands for it)\n"));
    free(prog);
    free(yaml);
    /* cut before its end line: truncated, at the last line */
    char cut[sizeof radv];
    memcpy(cut, radv, sizeof radv);
    *strstr(cut, "; end of assembly") = '\0';
    ck_assert_int_eq(import_text(cut, &o, &yaml, &err), -1);
    ck_assert_int_eq(err.line, 28);
    ck_assert_int_eq(err.column, 1);
    ck_assert_str_eq(err.message, "the listing ends inside the disassembly "
                     "(from line 11; no '; end of assembly' line): "
                     "truncated?");
    /* a control byte and a CR in the header: '?' in the comment, and the
     * kernel loads */
    char bad[sizeof radv + 8];
    snprintf(bad, sizeof bad, "%s", radv);
    memcpy(strstr(bad, "radv Mesa"), "radv\001Mesa", 9);
    memcpy(strstr(bad, "navi21\n; local"), "navi2\r", 6);
    ck_assert_msg(import_text(bad, &o, &yaml, &err) == 0, "%s", err.message);
    ck_assert_ptr_nonnull(strstr(yaml, "#   compiler:  radv?Mesa 22.3.6\n"
                                       "#   target:    navi2\n"));
    free(yaml);
}
END_TEST

/* compile-vulkan's `; frontend:` line (what made the SPIR-V) is the
 * header's frontend line, after the compiler's; a listing without one
 * (the one above) has none. A control byte in it is '?'. */
START_TEST(radv_frontend)
{
    const char *after = "; driver: radv Mesa 22.3.6\n";
    const char *at = strstr(radv, after) + strlen(after);
    size_t head = (size_t)(at - radv);
    char text[sizeof radv + 64];
    snprintf(text, sizeof text, "%.*s; frontend: naga 30.0.1\x01(naga-wasm "
             "30.1.0)\n%s", (int)head, radv, at);
    imp_options o;
    memset(&o, 0, sizeof o);
    o.trips[0] = (imp_label_opt){ "BB1", "4", "--trip BB1=4" };
    o.n_trips = 1;
    char *yaml;
    cusim_error err;
    ck_assert_msg(import_text(text, &o, &yaml, &err) == 0, "%s:%d:%d: %s",
                  err.file, err.line, err.column, err.message);
    ck_assert_ptr_nonnull(strstr(yaml, "#   compiler:  radv Mesa 22.3.6\n"
                                       "#   frontend:  naga 30.0.1?(naga-"
                                       "wasm 30.1.0)\n"
                                       "#   target:    navi21\n"));
    free(yaml);
    ck_assert_int_eq(import_text(radv, &o, &yaml, &err), 0);
    ck_assert_ptr_null(strstr(yaml, "frontend"));
    free(yaml);
}
END_TEST

START_TEST(sass_addresses)
{
    /* Addresses from the code (imp_addr.c), worked out by hand:
     *   R2 = (wg_x << 6) + lid_x (LEA)
     *   R4 = the parameter at 0x160 (LDC.64) + 4 x R2 (IMAD.WIDE.U32)
     * In the loop R4 steps by 0x200 (its one write adds to itself: an
     * induction variable, entry + 512 x it), so the load at [R4.64+0x100]
     * reads byte 0x160's pointer + 4 lid_x + 256 wg_x + 512 it + 256:
     * element lid_x + 64 wg_x + 128 it + 64 of 4 bytes. R9 counts the
     * trips. After the loop a LOP3 result is unknown (its store keeps its
     * pattern); R2 is not written in the loop and still known, so the
     * last store is element lid_x + 64 wg_x of the pointer at 0x168 (an
     * IMAD.WIDE.U32 whose addend is the constant-bank operand itself). */
    static const char sass[] =
        "\tcode for sm_80\n"
        "\t\tFunction : k\n"
        "        /*0000*/                   S2R R0, SR_TID.X ;\n"
        "        /*0010*/                   S2R R3, SR_CTAID.X ;\n"
        "        /*0020*/                   LEA R2, R3, R0, 0x6 ;\n"
        "        /*0030*/                   MOV R9, RZ ;\n"
        "        /*0040*/                   LDC.64 R4, c[0x0][0x160] ;\n"
        "        /*0050*/                   IMAD.WIDE.U32 R4, R2, 0x4, R4 ;\n"
        "        /*0060*/                   LDG.E R6, [R4.64+0x100] ;\n"
        "        /*0070*/                   IADD3 R4, R4, 0x200, RZ ;\n"
        "        /*0080*/                   IADD3 R9, R9, 0x1, RZ ;\n"
        "        /*0090*/                   ISETP.NE.AND P0, PT, R9, 0x4, PT ;\n"
        "        /*00a0*/               @P0 BRA 0x60 ;\n"
        "        /*00b0*/                   LOP3.LUT R7, R2, 0xff, RZ, 0xc0, !PT ;\n"
        "        /*00c0*/                   IMAD.WIDE.U32 R10, R7, 0x4, c[0x0][0x168] ;\n"
        "        /*00d0*/                   STG.E [R10.64], R6 ;\n"
        "        /*00e0*/                   IMAD.WIDE.U32 R12, R2, 0x4, c[0x0][0x168] ;\n"
        "        /*00f0*/                   STG.E [R12.64], R6 ;\n"
        "        /*0100*/                   EXIT ;\n"
        "        /*0110*/                   BRA 0x110;\n"
        "\t\t..........\n"
        "\n"
        " Function k:\n"
        "  REG:16 STACK:0 SHARED:0 LOCAL:0\n";
    char path[] = "/tmp/check_import_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs(sass, f);
    fclose(f);
    imp_options o;
    memset(&o, 0, sizeof o);
    o.file = path;
    o.trips[0] = (imp_label_opt){ "0x60", "4", "--trip 0x60=4" };
    o.n_trips = 1;
    o.workgroup[0] = 64;
    o.workgroup_dims = 1;
    char *yaml, *warnings;
    cusim_error err;
    int rc = imp_import(&o, &yaml, &warnings, &err);
    unlink(path);
    ck_assert_msg(rc == 0, "%s:%d:%d: %s", err.file, err.line, err.column,
                  err.message);
    /* the LOP3's store (0x00d0, line 16) is not read: one warning */
    char want[512];
    snprintf(want, sizeof want, "cusim import: warning: %s: 1 of 3 global "
             "accesses have addresses not read from the code: they keep "
             "their pattern (line 16; --at LINE=BUF[EXPR] to say)\n", path);
    ck_assert_str_eq(warnings, want);
    ck_assert_ptr_nonnull(strstr(yaml, "\n#   addresses read: 2 of 3 global "
                                 "accesses; not read from the code: 1, line "
                                 "16\n"));
    char *prog = program_of(yaml);
    ck_assert_ptr_nonnull(strstr(prog, "  ld.global R6, R4_5 "
                                       "at=arg160[lid_x + 64 * wg_x "
                                       "+ 128 * it + 64]\n"));
    ck_assert_ptr_nonnull(strstr(prog, "st.global R6, R10_11\n"));
    ck_assert_ptr_nonnull(strstr(prog, "st.global R6, R12_13 "
                                       "at=arg168[lid_x + 64 * wg_x]\n"));
    ck_assert_ptr_nonnull(strstr(yaml, "\nbuffers: { params: 368, "
                                       "arg160: 4 GiB, arg168: 4 GiB }\n"));
    ck_assert_ptr_null(strstr(yaml, "grid_x"));
    free(prog);
    free(yaml);
    free(warnings);
}
END_TEST

/* llvm-objdump -d of a code object with llvm-readelf --notes after it
 * (scripts/compile-amd --objdump writes both): no labels, a branch's
 * operand its offset in words from the next instruction (65532 is -4:
 * 0x10 + 4 - 16 = 0x4; 1: 0x1c + 4 + 4 = 0x24), the padding after
 * s_endpgm. */
static const char objdump[] =
    "\n"
    "k.o:\tfile format elf64-amdgpu\n"
    "\n"
    "Disassembly of section .text:\n"
    "\n"
    "0000000000000000 <k>:\n"                                         /* 6 */
    "\ts_mov_b32 s0, 4                    // 000000000000: BE800084\n"
    "\tv_add_f32_e32 v1, v1, v1           // 000000000004: 02020301\n"
    "\ts_add_i32 s0, s0, -1               // 000000000008: 8100C100\n"
    "\ts_cmp_lg_u32 s0, 0                 // 00000000000C: BF078000\n"
    "\ts_cbranch_scc1 65532               // 000000000010: BF85FFFC <k+0x4>\n"
    "\tv_cmp_gt_u32_e32 vcc, 64, v0       // 000000000014: 7D9800C0\n"
    "\ts_and_saveexec_b64 s[2:3], vcc     // 000000000018: BE82206A\n"
    "\ts_cbranch_execz 1                  // 00000000001C: BF880001 <k+0x24>\n"
    "\tv_mov_b32_e32 v1, 0                // 000000000020: 7E020280\n"
    "\ts_or_b64 exec, exec, s[2:3]        // 000000000024: 87FE027E\n"
    "\ts_endpgm                           // 000000000028: BF810000\n"
    "\ts_nop 0                            // 00000000002C: BF800000\n"
    "\ts_nop 0                            // 000000000030: BF800000\n"
    "\n"
    "Displaying notes found in: .note\n"                             /* 21 */
    "  Owner                Data size \tDescription\n"
    "  AMDGPU               0x00000100\tNT_AMDGPU_METADATA (AMDGPU Metadata)\n"
    "    AMDGPU Metadata:\n"
    "        ---\n"
    "amdhsa.kernels:\n"
    "  - .group_segment_fixed_size: 512\n"                           /* 27 */
    "    .max_flat_workgroup_size: 128\n"
    "    .name:           k\n"
    "    .reqd_workgroup_size:\n"
    "      - 128\n"
    "      - 1\n"
    "      - 1\n"
    "    .sgpr_count:     8\n"
    "    .vgpr_count:     2\n"
    "    .wavefront_size: 64\n"
    "amdhsa.target:   amdgcn-amd-amdhsa--gfx90a\n"
    "amdhsa.version:\n"
    "  - 1\n"
    "  - 1\n"
    "...\n";

START_TEST(objdump_listing)
{
    ck_assert_int_eq(imp_detect(objdump), IMP_FORMAT_AMDGCN);
    ck_assert(imp_is_objdump(objdump));
    imp_options o;
    memset(&o, 0, sizeof o);
    o.strict = true;
    char *yaml;
    cusim_error err;
    ck_assert_msg(import_text(objdump, &o, &yaml, &err) == 0, "%s:%d:%d: %s",
                  err.file, err.line, err.column, err.message);
    char *prog = program_of(yaml);
    /* s0 counts 4, 3, 2, 1 to 0: the loop back to 0x4 runs 4 times; the
     * forward branch to 0x24 skips v_mov for the lanes where vcc (64 >
     * lid_x) is false; the two s_nop after s_endpgm are padding */
    ck_assert_str_eq(prog,
                     "salu s0\n"
                     "repeat 4 {\n"
                     "  alu v1, v1\n"
                     "  salu s0, s0\n"
                     "  salu scc, s0\n"
                     "}\n"
                     "alu vcc, v0\n"
                     "if 64 > lid_x {\n"
                     "  alu v1\n"
                     "}\n");
    ck_assert_ptr_nonnull(strstr(yaml, "\nname: k\n"
                                       "workgroup_size: 128\n"
                                       "registers: 2\n"
                                       "registers_source: imported\n"
                                       "shared_bytes: 512\n"
                                       "subgroup_size: 64\n"));
    ck_assert_ptr_nonnull(strstr(yaml, "llvm-objdump -d)\n"));
    ck_assert_ptr_nonnull(strstr(yaml, "Metadata, "));
    ck_assert_ptr_nonnull(strstr(yaml, " line 27\n"
                                       "#   target:    amdgcn-amd-amdhsa"
                                       "--gfx90a\n"));
    ck_assert_ptr_nonnull(strstr(yaml, "# Mapping (docs/import.md): 11 "
                                       "instructions: "));
    ck_assert_ptr_nonnull(strstr(yaml, "#   loop 0x4 (s_cbranch_scc1, "
                                       "line 11): repeat 4"));
    ck_assert_ptr_nonnull(strstr(yaml, "#   if 0x24 (s_cbranch_execz, "
                                       "line 14): 64 > lid_x"));
    free(prog);
    free(yaml);
    /* without its notes: what is missing, naming the file */
    char cut[sizeof objdump];
    memcpy(cut, objdump, sizeof objdump);
    *strstr(cut, "Displaying notes") = '\0';
    ck_assert_int_eq(import_text(cut, &o, &yaml, &err), -1);
    ck_assert_int_eq(err.line, 0);
    ck_assert_ptr_nonnull(strstr(err.message, ": no AMDGPU metadata (the "
                                 "registers, shared memory and workgroup "
                                 "of its kernels): append llvm-readelf "
                                 "--notes's output of the code object, or "
                                 "give it with --resources FILE"));
    /* cut after the if's branch, the notes after it: truncated, at the
     * last instruction read */
    char *v_mov = strstr(cut, "\tv_mov_b32_e32 v1, 0");
    const char *notes = strstr(objdump, "\nDisplaying notes");
    memmove(v_mov, notes, strlen(notes) + 1);
    ck_assert_int_eq(import_text(cut, &o, &yaml, &err), -1);
    ck_assert_int_eq(err.line, 14);
    ck_assert_int_eq(err.column, 2);
    ck_assert_str_eq(err.message, "the disassembly of kernel 'k' ends with "
                     "s_cbranch_execz, not s_endpgm: truncated?");
    /* a word llvm-objdump did not decode (another --mcpu): at its line */
    char bad[sizeof objdump + 16];
    snprintf(bad, sizeof bad, "%s", objdump);
    memcpy(strstr(bad, "v_mov_b32_e32 v1, 0"), ".long 0x7E020280  ", 18);
    ck_assert_int_eq(import_text(bad, &o, &yaml, &err), -1);
    ck_assert_int_eq(err.line, 15);
    ck_assert_int_eq(err.column, 2);
}
END_TEST

/* --kernel as a number: the kernel in that place, from 1; beyond the
 * count, the list; none among several, the list numbered. */
/* A Mesa 25 RADV_DEBUG=shaders,shaderstats dump of two compute shaders
 * (the NIR's header cut to what the reader reads): the first plain, the
 * second named by its NIR ("name:") with a workgroup of 64 and 300 bytes
 * of shared memory, its statistics after its disassembly. */
static const char dump25[] =
    "shader: MESA_SHADER_COMPUTE\n"                                 /* 1 */
    "workgroup_size: 32, 1, 1\n"
    "impl main {\n"
    "}\n"
    "Compute Shader\n"                                               /* 5 */
    "disasm:\n"
    "BB0:\n"
    "\tv_mov_b32_e32 v5, 0                          ; 7e0a0280\n"
    "\ts_endpgm                                     ; bf810000\n"
    "\n"                                                            /* 10 */
    "shader: MESA_SHADER_COMPUTE\n"
    "source_blake3: {0x00000000}\n"
    "name: fill_main\n"
    "workgroup_size: 64, 1, 1\n"
    "shared_size: 300\n"                                            /* 15 */
    "impl main {\n"
    "}\n"
    "Compute Shader\n"
    "disasm:\n"
    "BB0:\n"                                                        /* 20 */
    "\tv_mov_b32_e32 v1, 0                          ; 7e020280\n"
    "\ts_endpgm                                     ; bf810000\n"
    "\n"
    "Compute Shader:\n"
    "*** SHADER STATS ***\n"                                        /* 25 */
    "SGPRs: 128\n"
    "VGPRs: 24\n"
    "LDS size: 512\n"
    "********************\n";

START_TEST(radv25_dump)
{
    ck_assert_int_eq(imp_detect(dump25), IMP_FORMAT_RADV);
    const char *picks[] = { "fill_main", "2" };
    for (int i = 0; i < 2; i++) {
        imp_options o;
        memset(&o, 0, sizeof o);
        o.kernel = picks[i];
        char *yaml;
        cusim_error err;
        ck_assert_msg(import_text(dump25, &o, &yaml, &err) == 0,
                      "%s:%d:%d: %s", err.file, err.line, err.column,
                      err.message);
        /* the statistics' 24 VGPRs, not v1's 2 rounded; their LDS size
         * 512, the NIR's 300 as allocated; no exec_lo: wave64 */
        ck_assert_ptr_nonnull(strstr(yaml, "\nname: fill_main\n"
                                           "workgroup_size: 64\n"
                                           "registers: 24\n"
                                           "registers_source: imported\n"
                                           "shared_bytes: 512\n"
                                           "subgroup_size: 64\n"));
        ck_assert_ptr_nonnull(strstr(yaml, "SHADER STATS at line 25:"));
        free(yaml);
    }
    /* by stage: two compute shaders, so none; the first by number, with
     * no statistics: v5 -> 6 VGPRs rounded up to 4 (no --family) */
    imp_options o;
    memset(&o, 0, sizeof o);
    o.kernel = "compute";
    char *yaml;
    cusim_error err;
    ck_assert_int_eq(import_text(dump25, &o, &yaml, &err), -1);
    ck_assert_ptr_nonnull(strstr(err.message, "holds 2 COMPUTE shaders: "
                                 "give its number (1: COMPUTE at line 1, "
                                 "2: COMPUTE fill_main at line 11)"));
    o.kernel = "1";
    ck_assert_int_eq(import_text(dump25, &o, &yaml, &err), 0);
    ck_assert_ptr_nonnull(strstr(yaml, "\nname: compute1\n"
                                       "workgroup_size: 32\n"
                                       "registers: 8\n"));
    free(yaml);
}
END_TEST

/* One ops table per ISA: clang -S, llvm-objdump and RADV (all AMD
 * GCN/RDNA) share one, SASS has its own; each has the operations every
 * pass calls, and only AMD the per-lane exits and do-while copies it
 * reads; each table's width is its ISA's (a dwordx4 load, LDG.E.128:
 * 16 bytes a lane; ds_read2_b32: two words). */
START_TEST(isa_tables)
{
    const imp_isa_ops *amd = imp_isa_of(IMP_FORMAT_AMDGCN);
    const imp_isa_ops *sass = imp_isa_of(IMP_FORMAT_SASS);
    ck_assert_ptr_eq(imp_isa_of(IMP_FORMAT_RADV), amd);
    ck_assert_ptr_ne(amd, sass);
    const imp_isa_ops *both[] = { amd, sass };
    for (int i = 0; i < 2; i++) {
        ck_assert_ptr_nonnull(both[i]->name);
        ck_assert(both[i]->insn && both[i]->writes && both[i]->self_add
                  && both[i]->update && both[i]->test && both[i]->width);
    }
    ck_assert_str_eq(amd->name, "AMD GCN/RDNA");
    ck_assert_str_eq(sass->name, "NVIDIA SASS");
    ck_assert(amd->start && amd->lane_test && amd->copy_add
              && amd->shift_counters);
    ck_assert(!sass->start && !sass->lane_test && !sass->copy_add
              && !sass->shift_counters);
    ck_assert_uint_eq(amd->width("global_load_dwordx4"), 16);
    ck_assert_uint_eq(amd->width("ds_read2_b32"), 8);
    ck_assert_uint_eq(sass->width("LDG.E.128"), 16);
    ck_assert_uint_eq(sass->width("STS.U16"), 2);
}
END_TEST

START_TEST(pick_kernel_by_number)
{
    char names[3][64] = { "copy", "reduction", "gemm_tile16" };
    const char *out;
    cusim_error err;
    ck_assert_int_eq(imp_pick_kernel("f", names, 3, "2", &out, &err), 0);
    ck_assert_str_eq(out, "reduction");
    ck_assert_int_eq(imp_pick_kernel("f", names, 3, "gemm_tile16", &out,
                                     &err), 0);
    ck_assert_str_eq(out, "gemm_tile16");
    ck_assert_int_eq(imp_pick_kernel("f", names, 3, "4", &out, &err), -1);
    ck_assert_str_eq(err.message, "--kernel 4: f holds 3 kernels (copy, "
                     "reduction, gemm_tile16)");
    ck_assert_int_eq(imp_pick_kernel("f", names, 3, "0", &out, &err), -1);
    ck_assert_int_eq(imp_pick_kernel("f", names, 3, NULL, &out, &err), -1);
    ck_assert_str_eq(err.message, "f holds 3 kernels (1: copy, 2: "
                     "reduction, 3: gemm_tile16): name one with --kernel "
                     "NAME or --kernel N");
}
END_TEST

/* The metadata's .args: each entry's offset, its name (a YAML tag and
 * quotes kept out) and whether it is a hidden_* argument; the entry's
 * other keys and the next kernel's entry are no parameter of it. */
START_TEST(metadata_params)
{
    static const char text[] =
        "amdhsa.kernels:\n"
        "  - .args:\n"
        "      - .name:           x\n"
        "        .offset:         0\n"
        "        .size:           8\n"
        "        .value_kind:     global_buffer\n"
        "      - .name:           !str n\n"
        "        .offset:         8\n"
        "        .value_kind:     by_value\n"
        "      - .offset:         16\n"
        "        .name:           'm'\n"
        "      - .offset:         24\n"
        "        .value_kind:     hidden_global_offset_x\n"
        "    .group_segment_fixed_size: 0\n"
        "    .name:           k\n"
        "    .vgpr_count:     5\n"
        "    .wavefront_size: 64\n"
        "  - .args:\n"
        "      - .offset:         32\n"
        "    .name:           other\n"
        "...\n";
    imp_meta m;
    memset(&m, 0, sizeof m);
    cusim_error err;
    ck_assert_int_eq(imp_amdgpu_metadata("f", text, 0, "k", &m, &err), 0);
    ck_assert(m.have_params);
    ck_assert_int_eq(m.n_params, 4);
    ck_assert_int_eq(m.params[0].offset, 0);
    ck_assert_str_eq(m.params[0].name, "x");
    ck_assert_int_eq(m.params[1].offset, 8);
    ck_assert_str_eq(m.params[1].name, "n");
    ck_assert(!m.params[1].hidden);
    ck_assert_int_eq(m.params[2].offset, 16);
    ck_assert_str_eq(m.params[2].name, "m");
    ck_assert_int_eq(m.params[3].offset, 24);
    ck_assert_str_eq(m.params[3].name, "");
    ck_assert(m.params[3].hidden);
    /* the other kernel's one parameter */
    memset(&m, 0, sizeof m);
    ck_assert_int_eq(imp_amdgpu_metadata("f", text, 0, "other", &m, &err),
                     -1);            /* no .vgpr_count: truncated */
}
END_TEST

/* Imports SASS text `sass` (workgroups of 256) with `o`'s options:
 * returns imp_import's code, the YAML in *yaml and the warnings in *warn
 * (the caller frees both). */
static int import_sass_text(const char *sass, imp_options *o, char **yaml,
                            char **warn, cusim_error *err)
{
    char path[] = "/tmp/check_import_XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    fputs(sass, f);
    fclose(f);
    o->file = path;
    o->workgroup[0] = 256;
    o->workgroup_dims = 1;
    int rc = imp_import(o, yaml, warn, err);
    unlink(path);
    return rc;
}

/* The bounds check of the flat id against an argument (issue 42, point
 * 3), worked by hand: R2 = (ctaid.x << 8) + tid.x = gid; ISETP.GE.U32 P0
 * of gid against c[0x0][0x170] and @P0 EXIT leave the lanes gid < n, so
 * n (arg170, no --arg) is the element count. R7 = HFMA2.MMA of the halves
 * 0 and 9.5367431640625e-07 = 2^-20 = 16 x 2^-24 (a subnormal half,
 * bits 0x0010): 16. The load reads x at 0x160 + 16 (gid + n): element
 * gid + elements of 16 bytes. With gid <= n (ISETP.GT) the lanes left
 * are gid <= n: no bounds check (i < n is), the argument keeps its
 * pattern with a warning (the EXIT's lanes are unknown: every lane goes
 * on). 1e-9 is no half (R7 unknown: the load keeps its pattern). A high
 * half of 0.5 (0x3800) and a low one of 0: the word 0x38000000. */
START_TEST(sass_bounds_check)
{
    static const char head[] =
        "\tcode for sm_80\n"
        "\t\tFunction : k\n"
        "        /*0000*/                   S2R R0, SR_TID.X ;\n"
        "        /*0010*/                   S2R R3, SR_CTAID.X ;\n"
        "        /*0020*/                   LEA R2, R3, R0, 0x8 ;\n";
    static const char tail[] =
        "        /*0040*/               @P0 EXIT ;\n"
        "        /*0050*/                   HFMA2.MMA R7, -RZ, RZ, 0, %s ;\n"
        "        /*0060*/                   IADD3 R4, R2, c[0x0][0x170], RZ ;\n"
        "        /*0070*/                   IMAD.WIDE.U32 R4, R4, R7, c[0x0][0x160] ;\n"
        "        /*0080*/                   LDG.E.128 R8, [R4.64] ;\n"
        "        /*0090*/                   EXIT ;\n"
        "        /*00a0*/                   BRA 0xa0;\n"
        "\t\t..........\n"
        "\n"
        " Function k:\n"
        "  REG:16 STACK:0 SHARED:0 LOCAL:0\n";
    static const struct {
        const char *cmp, *half, *if_line, *load;
        bool warned;
    } cases[] = {
        { "ISETP.GE.U32.AND P0, PT, R2, c[0x0][0x170], PT",
          "9.5367431640625e-07", "if gid < elements {",
          "ld.global R8_11, R4_5 bytes=16 at=arg160[lid_x + 256 * wg_x + "
          "(elements)]", false },
        { "ISETP.GT.U32.AND P0, PT, R2, c[0x0][0x170], PT",
          "9.5367431640625e-07", NULL,
          "ld.global R8_11, R4_5 bytes=16\n", true },
        { "ISETP.GE.U32.AND P0, PT, R2, c[0x0][0x170], PT", "1e-09",
          "if gid < elements {", "ld.global R8_11, R4_5 bytes=16\n",
          true },
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char sass[2048], t[1024];
        snprintf(t, sizeof t, tail, cases[c].half);
        snprintf(sass, sizeof sass, "%s        /*0030*/                   "
                 "%s ;\n%s", head, cases[c].cmp, t);
        imp_options o;
        memset(&o, 0, sizeof o);
        char *yaml, *warn;
        cusim_error err;
        ck_assert_msg(import_sass_text(sass, &o, &yaml, &warn, &err) == 0,
                      "%s", err.message);
        char *prog = program_of(yaml);
        ck_assert_msg(strstr(prog, cases[c].load), "case %zu: %s", c, prog);
        if (cases[c].if_line)
            ck_assert_msg(strstr(prog, cases[c].if_line), "case %zu: %s", c,
                          prog);
        ck_assert_int_eq(strstr(yaml, "argument arg170 = elements (the "
                                "bounds check at line 6)") != NULL,
                         cases[c].if_line != NULL);
        ck_assert_int_eq(strstr(warn, "global accesses have addresses")
                         != NULL, cases[c].warned);
        free(prog);
        free(yaml);
        free(warn);
    }
    /* a value of 1.5 and 0.5 as halves: 0x3e00 and 0x3800 */
    imp_options o;
    memset(&o, 0, sizeof o);
    char sass[2048], t[1024], *yaml, *warn;
    cusim_error err;
    snprintf(t, sizeof t, tail, "1.5");
    snprintf(sass, sizeof sass, "%s        /*0030*/                   "
             "ISETP.GE.U32.AND P0, PT, R2, c[0x0][0x170], PT ;\n%s", head, t);
    char *hf = strstr(sass, "0, 1.5");
    ck_assert_ptr_nonnull(hf);
    memcpy(hf, "0.5, 0", 6);   /* hi 0.5, lo 0: 0x38000000 */
    ck_assert_int_eq(import_sass_text(sass, &o, &yaml, &warn, &err), 0);
    /* 0x38000000 x (gid + n) bytes: elements of 16 bytes 0x3800000 =
     * 58,720,256 x gid (x 256 for wg_x) and as many n */
    char *prog = program_of(yaml);
    ck_assert_msg(strstr(prog, "at=arg160[58720256 * lid_x + 15032385536 * "
                               "wg_x + 58720256 * (elements)]"), "%s", prog);
    free(prog);
    free(yaml);
    free(warn);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("import");
    TCase *tc = tcase_create("table");
    tcase_add_loop_test(tc, table_agrees_with_isa, 0, 2);
    tcase_add_test(tc, lookup);
    tcase_add_test(tc, sass_lookup);
    tcase_add_test(tc, widths);
    suite_add_tcase(s, tc);
    tc = tcase_create("program");
    tcase_add_test(tc, loop_and_registers);
    tcase_add_test(tc, loop_counter_trips);
    tcase_add_test(tc, trip_count_closed_form);
    tcase_add_test(tc, if_with_else);
    tcase_add_test(tc, unstructured);
    tcase_add_test(tc, sass_program);
    tcase_add_test(tc, radv_listing);
    tcase_add_test(tc, radv_frontend);
    tcase_add_test(tc, sass_addresses);
    tcase_add_test(tc, objdump_listing);
    tcase_add_test(tc, radv25_dump);
    tcase_add_test(tc, isa_tables);
    tcase_add_test(tc, pick_kernel_by_number);
    tcase_add_test(tc, metadata_params);
    tcase_add_test(tc, sass_bounds_check);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
