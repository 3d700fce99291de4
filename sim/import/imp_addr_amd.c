/*
 * imp_addr_amd.c — AMD GCN/RDNA for the address pass (imp_addr.c): the
 * kernel's ids where the hardware puts them (v0 and v1, or both packed in
 * v0 on gfx90a, gfx94x and gfx11+; the workgroup ids in the SGPRs after
 * the user SGPRs), the kernel's pointers from s_load of the kernarg
 * segment, the values of the address arithmetic (shifts, adds, a 64-bit
 * add's low half, multiply-adds, an or of bits that cannot overlap) and
 * the addresses of global_load / global_store. A 64-bit value is read
 * from its low register (offsets stay below 2^32). Its table of
 * operations (imp_isa_ops) is the ISA's for clang -S, llvm-objdump -d
 * and RADV alike; the conditions its branches test are imp_cond_amd.c's.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "imp_amd.h"

/* The operands in [s, e) (at commas outside brackets, each its first
 * word; modifiers such as offset:16 are left out, *offset gets N). */
int amd_operands(const char *s, const char *e, opnd *o, int max,
                    int64_t *offset)
{
    *offset = 0;
    int n = 0;
    while (s < e && n < max) {
        while (s < e && isspace((unsigned char)*s))
            s++;
        const char *t = s;
        int depth = 0;
        while (t < e && (depth > 0 || *t != ',')) {
            depth += *t == '[' ? 1 : *t == ']' ? -1 : 0;
            t++;
        }
        const char *w = s;
        while (w < t && !isspace((unsigned char)*w))
            w++;
        for (const char *m = w; m + 7 <= t; m++)
            if (strncmp(m, "offset:", 7) == 0)
                *offset = strtoll(m + 7, NULL, 0);
        opnd *p = &o[n];
        p->neg = s < w && *s == '-';
        size_t len = (size_t)(w - s) - p->neg;
        if (len >= sizeof p->t)
            len = sizeof p->t - 1;
        memcpy(p->t, s + p->neg, len);
        p->t[len] = '\0';
        bool modifier = strchr(p->t, ':') && p->t[0] != 'v'
                        && p->t[0] != 's';
        if (len > 0 && !modifier)
            n++;
        s = t < e ? t + 1 : t;
    }
    return n;
}

/* One half of instruction `in` (a dual instruction has two, "v_dual_x
 * ... :: v_dual_y ..."): its mnemonic and operand text [*s, *e). */
bool amd_half(const imp_insn *in, int which, char *mnem, size_t size,
                 const char **s, const char **e)
{
    const char *b = in->text, *end = in->text + in->text_len;
    /* the mnemonic within the instruction's own bytes (the text runs on
     * to the listing's end: strstr would search it all) */
    size_t ml = strlen(in->mnem);
    const char *m = NULL;
    for (const char *q = b; q + ml <= end && !m; q++)
        if (memcmp(q, in->mnem, ml) == 0)
            m = q;
    if (!m)
        return false;
    const char *dual = NULL;
    for (const char *q = m; q + 1 < end && !dual; q++)
        if (q[0] == ':' && q[1] == ':')
            dual = q;
    if (which == 1) {
        if (!dual)
            return false;
        m = dual + 2;
        while (m < end && isspace((unsigned char)*m))
            m++;
    } else if (dual) {
        end = dual;
    }
    const char *me = m;
    while (me < end && !isspace((unsigned char)*me))
        me++;
    snprintf(mnem, size, "%.*s", (int)(me - m), m);
    const char *semi = memchr(me, ';', (size_t)(end - me));
    *s = me;
    *e = semi ? semi : end;
    return true;
}

/* The slot of a register operand (v5, v[2:3], s4, s[0:1]: the first
 * register), NULL for anything else; *sgpr and *index say which. */
aff *amd_slot(apass *p, const char *t, bool *sgpr, int *index)
{
    bool v = t[0] == 'v', sg = t[0] == 's';
    if (!v && !sg)
        return NULL;
    const char *d = t + 1 + (t[1] == '[');
    if (!isdigit((unsigned char)*d))
        return NULL;
    long i = strtol(d, NULL, 10);
    if (i < 0 || i >= A_REGS)
        return NULL;
    *sgpr = sg;
    *index = (int)i;
    return sg ? &p->ur[i] : &p->r[i];
}

/* The last register of a range operand (v[2:3]: 3), else its first. */
int amd_last_index(const char *t, int first)
{
    const char *colon = strchr(t, ':');
    return colon ? (int)strtol(colon + 1, NULL, 10) : first;
}

aff amd_value(apass *p, const opnd *o)
{
    bool sg;
    int i;
    aff *s = amd_slot(p, o->t, &sg, &i);
    aff v = aff_unknown();
    if (s) {
        v = *s;
    } else if (isdigit((unsigned char)o->t[0])) {
        char *end;
        long long c = strtoll(o->t, &end, 0);
        if (!*end)
            v = aff_constant(c);
    }
    return o->neg ? aff_add(aff_constant(0), v, -1) : v;
}

/* The largest value of `a` when it is a non-negative sum of the local ids
 * (bounded by the workgroup), or -1. */
static int64_t bound(const apass *p, const aff *a)
{
    if (!a->known || a->c < 0)
        return -1;
    int64_t m = a->c;
    for (int i = 0; i < a->n; i++) {
        if (a->k[i] < 0 || (a->sym[i] != A_LID_X && a->sym[i] != A_LID_Y))
            return -1;
        m += a->k[i] * (int64_t)(p->wg[a->sym[i] == A_LID_Y] - 1);
    }
    return m;
}

/* How many low bits of `a` are known to be zero (62: all). An SGPR's
 * input (A_INPUT + r) counts as a whole number with `inputs` (an LLVM
 * kernel's, in the first pass of a disassembly without its descriptor:
 * k x wg_x has k's low zeros), else as a pointer, as RADV's, which hold
 * descriptors' addresses. */
static int low_zeros(const aff *a, bool inputs)
{
    int z = 62;
    for (int i = 0; i <= a->n; i++) {
        int64_t k = i < a->n ? a->k[i] : a->c;
        if (i < a->n && a->sym[i] >= A_PARAM
            && !(inputs && a->sym[i] >= A_INPUT
                 && a->sym[i] < A_INPUT + A_REGS))
            return 0;             /* a pointer: its low bits unknown */
        if (k == 0)
            continue;
        int t = 0;
        while (t < 62 && !((k >> t) & 1))
            t++;
        z = t < z ? t : z;
    }
    return z;
}

/* a | b as a + b where their bits cannot overlap: one a multiple of 2^k,
 * the other below 2^k. */
static aff or_as_add(const apass *p, aff a, aff b)
{
    if (!a.known || !b.known)
        return aff_unknown();
    for (int pass = 0; pass < 2; pass++) {
        int64_t m = bound(p, &b);
        int z = low_zeros(&a, p->vote && !p->radv);
        if (m >= 0 && (z >= 62 || m < ((int64_t)1 << z)))
            return aff_add(a, b, 1);
        aff t = a;
        a = b;
        b = t;
    }
    return aff_unknown();
}

/* `m` without its encoding suffix and a dual instruction's prefix:
 * v_add_u32_e32 -> v_add_u32, v_dual_mov_b32 -> v_mov_b32. */
void amd_base_name(const char *m, char *out, size_t size)
{
    if (strncmp(m, "v_dual_", 7) == 0)
        snprintf(out, size, "v_%s", m + 7);
    else
        snprintf(out, size, "%s", m);
    size_t n = strlen(out);
    if (n > 4 && (strcmp(out + n - 4, "_e32") == 0
                  || strcmp(out + n - 4, "_e64") == 0))
        out[n - 4] = '\0';
}

bool amd_is(const char *m, const char *name)
{
    return strcmp(m, name) == 0;
}

/* The value the instruction `m` writes to its first operand. */
static aff eval(apass *p, const char *m, const opnd *o, int n)
{
    bool sg;
    int i0;
    if (n == 2 && (amd_is(m, "v_mov_b32") || amd_is(m, "s_mov_b32")
                   || amd_is(m, "s_movk_i32") || amd_is(m, "s_mov_b64")))
        return amd_value(p, &o[1]);
    if (n == 3 && (amd_is(m, "v_lshlrev_b32") || amd_is(m, "v_lshlrev_b64")))
        return aff_shl(amd_value(p, &o[2]), amd_value(p, &o[1]));
    if (n == 3 && amd_is(m, "s_lshl_b32"))
        return aff_shl(amd_value(p, &o[1]), amd_value(p, &o[2]));
    if (n == 3 && (amd_is(m, "v_add_u32") || amd_is(m, "v_add_nc_u32")
                   || amd_is(m, "s_add_i32") || amd_is(m, "s_add_u32")))
        return aff_add(amd_value(p, &o[1]), amd_value(p, &o[2]), 1);
    if (n == 3 && (amd_is(m, "v_sub_u32") || amd_is(m, "v_sub_nc_u32")
                   || amd_is(m, "s_sub_i32") || amd_is(m, "s_sub_u32")))
        return aff_add(amd_value(p, &o[1]), amd_value(p, &o[2]), -1);
    if (n == 3 && (amd_is(m, "v_subrev_u32") || amd_is(m, "v_subrev_nc_u32")))
        return aff_add(amd_value(p, &o[2]), amd_value(p, &o[1]), -1);  /* b - a */
    if (n == 4 && amd_is(m, "v_add_co_u32"))        /* vD, vcc, a, b */
        return aff_add(amd_value(p, &o[2]), amd_value(p, &o[3]), 1);
    if (n == 4 && (amd_is(m, "v_lshl_add_u32") || amd_is(m, "v_lshl_add_u64")))
        return aff_add(amd_value(p, &o[3]),
                       aff_shl(amd_value(p, &o[1]), amd_value(p, &o[2])), 1);
    if (n == 4 && amd_is(m, "v_add_lshl_u32"))       /* (a + b) << s */
        return aff_shl(aff_add(amd_value(p, &o[1]), amd_value(p, &o[2]), 1),
                       amd_value(p, &o[3]));
    if (n == 4 && amd_is(m, "v_add3_u32"))
        return aff_add(aff_add(amd_value(p, &o[1]), amd_value(p, &o[2]), 1),
                       amd_value(p, &o[3]), 1);
    if (n == 4 && amd_is(m, "v_lshl_or_b32"))
        return or_as_add(p, aff_shl(amd_value(p, &o[1]), amd_value(p, &o[2])),
                         amd_value(p, &o[3]));
    if (n == 3 && amd_is(m, "v_or_b32"))
        return or_as_add(p, amd_value(p, &o[1]), amd_value(p, &o[2]));
    if (n == 4 && (amd_is(m, "v_mad_u32_u24") || amd_is(m, "v_mad_u64_u32")))
        return aff_add(aff_mul(amd_value(p, &o[1]), amd_value(p, &o[2])),
                       amd_value(p, &o[3]), 1);
    if (n == 5 && amd_is(m, "v_mad_u64_u32"))       /* with its carry out */
        return aff_add(aff_mul(amd_value(p, &o[2]), amd_value(p, &o[3])),
                       amd_value(p, &o[4]), 1);
    if (n == 3 && amd_is(m, "v_mul_lo_u32"))
        return aff_mul(amd_value(p, &o[1]), amd_value(p, &o[2]));
    /* the packed ids of v0: x in bits 0-9, y in 10-19 */
    if (p->packed_ids && n == 3 && amd_is(m, "v_and_b32"))
        for (int k = 1; k <= 2; k++) {
            /* x's 10 bits (0x3ff, a literal or an SGPR), or fewer where
             * they hold every x (Mesa 25: v_and_b32 v0, 15, v0 for 16) */
            aff mask = amd_value(p, &o[3 - k]);
            if (!amd_slot(p, o[k].t, &sg, &i0) || sg || i0 != 0 || !mask.known
                || mask.n != 0)
                continue;
            if (mask.c > 0 && mask.c <= 0x3ff && (mask.c & (mask.c + 1)) == 0
                && mask.c + 1 >= (int64_t)(p->wg[0] ? p->wg[0] : 1))
                return aff_named(A_LID_X);
            /* y's bits in place, z 0 (0xfffffc00): 1024 x lid_y */
            uint32_t m32 = (uint32_t)mask.c;
            if (p->wg[2] <= 1 && (m32 & 0x3ffu) == 0
                && (m32 & 0xffc00u) == 0xffc00u)
                return aff_mul(aff_named(A_LID_Y), aff_constant(1024));
        }
    /* y alone when z is 0: v_lshrrev_b32 vD, 10, v0 */
    if (p->packed_ids && n == 3 && amd_is(m, "v_lshrrev_b32")
        && p->wg[2] <= 1 && amd_slot(p, o[2].t, &sg, &i0) && !sg && i0 == 0
        && strcmp(o[1].t, "10") == 0)
        return aff_named(A_LID_Y);
    if (p->packed_ids && n == 4 && amd_is(m, "v_bfe_u32")
        && amd_slot(p, o[1].t, &sg, &i0) && !sg && i0 == 0
        && strcmp(o[3].t, "10") == 0) {
        if (strcmp(o[2].t, "0") == 0)
            return aff_named(A_LID_X);
        if (strcmp(o[2].t, "10") == 0)
            return aff_named(A_LID_Y);
    }
    return aff_unknown();
}

/* The invocation's flat index as ACO forms it for a wave64 workgroup:
 * the lane's index in its wave, v_mbcnt_hi_u32_b32 (-1, v_mbcnt_lo_u32
 * _b32 (-1, 0)), or'd with an SGPR's bits 6-11, the wave's index in the
 * workgroup times 64 (v_and_or_b32 vD, 0xfc0, sN, vLANE): lid_x +
 * local_size.x x lid_y (z being 0). `v` is what eval made of it; *mark
 * says what the destination holds for the next instruction. */
static aff flat_index(apass *p, const char *m, const opnd *o, int n, aff v,
                      uint8_t *mark)
{
    bool sg;
    int i0;
    *mark = 0;
    bool all = n >= 2 && o[1].neg && strcmp(o[1].t, "1") == 0;  /* -1 */
    if (n == 3 && amd_is(m, "v_mbcnt_lo_u32_b32") && all
        && strcmp(o[2].t, "0") == 0) {
        *mark = 1;
    } else if (n == 3 && amd_is(m, "v_mbcnt_hi_u32_b32") && all
               && amd_slot(p, o[2].t, &sg, &i0)
               && !sg && p->lane_mark[i0] == 1) {
        *mark = 2;
    } else if (n == 4 && amd_is(m, "v_and_or_b32") && p->wave64
               && p->wg[2] <= 1 && amd_slot(p, o[3].t, &sg, &i0) && !sg
               && p->lane_mark[i0] == 2) {
        for (int k = 1; k <= 2; k++) {
            aff mask = amd_value(p, &o[k]);
            bool ssg;
            int si;
            if (mask.known && mask.n == 0 && mask.c == 0xfc0
                && amd_slot(p, o[3 - k].t, &ssg, &si) && ssg)
                return aff_add(aff_named(A_LID_X),
                               aff_mul(aff_named(A_LID_Y),
                                       aff_constant(p->wg[0] ? p->wg[0]
                                                             : 1)), 1);
        }
    }
    return v;
}

/* Where the listing does not say which SGPRs hold the workgroup ids:
 * each SGPR holds its input (RADV; a code object's disassembly, only in
 * the first pass: else unknown, as in clang -S's), but the workgroup
 * ids' SGPRs, where the first pass found them: the one SGPR whose input
 * the code multiplies by local_size.x and adds to lid_x is wg_x (and y
 * alike). RADV puts the ids after its user SGPRs, whose count depends on
 * the descriptor sets, push constants and more that the listing does not
 * say; LLVM after the user SGPRs its kernel descriptor enables, which
 * llvm-objdump -d does not print. */
static void vote_inputs(apass *p)
{
    for (int r = 0; r < A_REGS && (p->radv || p->probe); r++)
        p->ur[r] = aff_named(A_INPUT + r);
    for (int d = 0; d < 2 && !p->probe; d++) {
        int found = -1, count = 0;
        for (int r = 0; r < A_REGS; r++)
            if (p->ids_vote[r][d] > 0 && p->ids_vote[r][1 - d] == 0) {
                found = r;
                count++;
            }
        if (count == 1)
            p->ur[found] = aff_named(A_WG_X + d);
    }
}

/* RADV's first pass: a form holding k x lid_x and k x local_size.x x an
 * SGPR's input is a vote for that SGPR being wg_x (and y alike). */
static void vote_ids(apass *p, const aff *a)
{
    for (int d = 0; d < 2 && a->known; d++) {
        int64_t lid = 0;
        for (int i = 0; i < a->n; i++)
            if (a->sym[i] == A_LID_X + d)
                lid = a->k[i];
        int64_t k;                  /* lid x local_size: none past 64 bits */
        if (lid == 0 || __builtin_mul_overflow(lid, (int64_t)p->wg[d], &k))
            continue;
        for (int i = 0; i < a->n; i++)
            if (a->sym[i] >= A_INPUT && a->sym[i] < A_INPUT + A_REGS
                && a->k[i] == k)
                p->ids_vote[a->sym[i] - A_INPUT][d]++;
    }
}

/* The user SGPRs that the kernel descriptor from `d` (".amdhsa_kernel
 * NAME", as llvm-objdump -D prints it: with no .amdhsa_user_sgpr_count)
 * enables, each of its size (LLVM's AMDGPUUsage, "Initial Kernel
 * Execution State"); -1 when `d` is NULL or names none. */
static long user_sgprs(const char *d)
{
    static const struct { const char *key; int sgprs; } user[] = {
        { ".amdhsa_user_sgpr_private_segment_buffer", 4 },
        { ".amdhsa_user_sgpr_dispatch_ptr", 2 },
        { ".amdhsa_user_sgpr_queue_ptr", 2 },
        { ".amdhsa_user_sgpr_kernarg_segment_ptr", 2 },
        { ".amdhsa_user_sgpr_dispatch_id", 2 },
        { ".amdhsa_user_sgpr_flat_scratch_init", 2 },
        { ".amdhsa_user_sgpr_private_segment_size", 1 },
    };
    const char *end = d ? strstr(d, ".end_amdhsa_kernel") : NULL;
    long n = 0;
    bool any = false;
    for (size_t k = 0; end && k < sizeof user / sizeof user[0]; k++) {
        const char *at = strstr(d, user[k].key);
        if (!at || at > end)
            continue;
        any = true;
        if (strtol(at + strlen(user[k].key), NULL, 10) == 1)
            n += user[k].sgprs;
    }
    return any ? n : -1;
}

static void amd_start(apass *p, const imp_listing *l)
{
    const char *t = l->meta.target;
    p->wave64 = l->meta.wave == 64;
    /* RADV names gfx11 chips navi31-33 and phoenix (Mesa 25) */
    p->packed_ids = strstr(t, "gfx90a") || strstr(t, "gfx94")
                    || strstr(t, "gfx11") || strstr(t, "gfx12")
                    || strstr(t, "navi3") || strstr(t, "phoenix");
    if (!p->packed_ids) {
        p->r[0] = aff_named(A_LID_X);
        p->r[1] = aff_named(A_LID_Y);
    } else if (p->wg[1] == 1 && p->wg[2] == 1) {
        p->r[0] = aff_named(A_LID_X);  /* packed, but y and z are 0 */
    }
    if (p->vote) {
        vote_inputs(p);
        return;
    }
    char key[96];
    snprintf(key, sizeof key, ".amdhsa_kernel %s", l->meta.kernel);
    const char *d = strstr(l->text, key);
    const char *usc = d ? strstr(d, ".amdhsa_user_sgpr_count") : NULL;
    long n = usc ? strtol(usc + strlen(".amdhsa_user_sgpr_count"), NULL, 10)
                 : user_sgprs(d);
    if (n < 0)
        return;
    static const char kx[] = ".amdhsa_system_sgpr_workgroup_id_x";
    static const char ky[] = ".amdhsa_system_sgpr_workgroup_id_y";
    const char *x = strstr(d, kx), *y = strstr(d, ky);
    int has_x = x && strtol(x + sizeof kx - 1, NULL, 10) == 1;
    int has_y = y && strtol(y + sizeof ky - 1, NULL, 10) == 1;
    if (n < 0 || n + 2 >= A_REGS)
        return;
    if (has_x)
        p->ur[n] = aff_named(A_WG_X);
    if (has_y)
        p->ur[n + has_x] = aff_named(A_WG_Y);
    for (int k = 0; k < has_x + has_y; k++)
        p->written_s[n + k] = true;
}

/* Whether `row` writes the first of `n` operands (a v_cmpx only among
 * three, vcc or an SGPR pair: gfx10+'s write exec alone, as the register
 * pass, imp_regs.c, reads them). */
static bool writes_first(const imp_map_row *row, int n)
{
    return row && (row->roles == IMP_R_DST || row->roles == IMP_R_DST2
                   || row->roles == IMP_R_LOAD || row->roles == IMP_R_ATOM
                   || (row->roles == IMP_R_CMPX && n >= 3));
}

static int amd_writes(apass *p, const imp_insn *in, aff **slots)
{
    int n = 0;
    for (int h = 0; h < 2; h++) {
        char mnem[IMP_MNEM_MAX];
        const char *s, *e;
        opnd o[8];
        int64_t off;
        if (!amd_half(in, h, mnem, sizeof mnem, &s, &e))
            continue;
        int count = amd_operands(s, e, o, 8, &off);
        if (count == 0 || !writes_first(in->row, count))
            continue;
        bool sg;
        int i0;
        aff *d = amd_slot(p, o[0].t, &sg, &i0);
        if (!d)
            continue;
        /* a range's first two registers (a 64-bit value's low and high);
         * wider loads' others are data, unknown from the first */
        int last = amd_last_index(o[0].t, i0);
        for (int k = i0; k <= last && k < i0 + 2 && k < A_REGS && n < 4; k++)
            slots[n++] = sg ? &p->ur[k] : &p->r[k];
    }
    return n;
}

bool amd_self_add(apass *p, const imp_insn *in, const aff *s,
                  int64_t *step)
{
    char mnem[IMP_MNEM_MAX], m[IMP_MNEM_MAX];
    const char *b, *e;
    opnd o[8];
    int64_t off;
    if (in->guard.file != IMP_FILE_NONE
        || !amd_half(in, 0, mnem, sizeof mnem, &b, &e)
        || amd_operands(b, e, o, 8, &off) != 3)
        return false;
    amd_base_name(mnem, m, sizeof m);
    if (!amd_is(m, "v_add_u32") && !amd_is(m, "v_add_nc_u32") && !amd_is(m, "s_add_i32")
        && !amd_is(m, "s_add_u32"))
        return false;
    bool sg;
    int i0;
    if (amd_slot(p, o[0].t, &sg, &i0) != s)
        return false;
    /* vD = c + vD or vD + c */
    for (int k = 1; k <= 2; k++)
        if (strcmp(o[k].t, o[0].t) == 0 && !o[k].neg) {
            aff c = amd_value(p, &o[3 - k]);
            if (!c.known || c.n != 0 || amd_slot(p, o[3 - k].t, &sg, &i0))
                return false;
            *step = c.c;
            return true;
        }
    return false;
}

/* The number after `key` ("offset1:") in [s, e), or 0. */
static int64_t modifier(const char *s, const char *e, const char *key)
{
    size_t n = strlen(key);
    for (const char *q = s; q + n <= e; q++)
        if (strncmp(q, key, n) == 0)
            return strtoll(q + n, NULL, 0);
    return 0;
}

/* An LDS access's at=shared[...]: its address register (a load's second
 * operand, a store's first) plus offset:N, the byte offset in the
 * workgroup's LDS (its allocation starts at 0). A two-address access
 * (ds_read2_b32, ds_write2st64_b32, ds_load_2addr_b32) is one access of
 * twice the width where its two elements are adjacent (offset1 =
 * offset0 + 1, no st64), else keeps its pattern. */
static void shared_at(apass *p, imp_insn *in, const char *mnem,
                      const char *s, const char *e, const opnd *o,
                      int64_t offset)
{
    uint32_t bytes = in->row->bytes ? in->row->bytes : imp_amd_width(mnem);
    aff a = amd_value(p, &o[in->row->roles == IMP_R_LOAD ? 1 : 0]);
    if (strstr(mnem, "read2") || strstr(mnem, "write2")
        || strstr(mnem, "2addr")) {
        int64_t o0 = modifier(s, e, "offset0:");
        int64_t o1 = modifier(s, e, "offset1:");
        if (strstr(mnem, "st64") || o1 != o0 + 1) {
            in->at[0] = '\0';
            return;
        }
        offset = o0 * (int64_t)(bytes / 2);
    }
    addr_shared_text(aff_add(a, aff_constant(offset), 1), bytes, in->at,
                     sizeof in->at);
}

/* Whether [s, e) holds the word `w` (a modifier: offen). */
static bool has_word(const char *s, const char *e, const char *w)
{
    size_t n = strlen(w);
    for (const char *q = s; q + n <= e; q++)
        if (strncmp(q, w, n) == 0 && (q == s || isspace((unsigned char)q[-1]))
            && (q + n == e || !isalnum((unsigned char)q[n])))
            return true;
    return false;
}

/* One half of an instruction: its global access's address, then what it
 * writes. */
static void one(apass *p, imp_insn *in, const char *mnem, const char *s,
                const char *e)
{
    opnd o[8];
    int64_t offset;
    int n = amd_operands(s, e, o, 8, &offset);
    const imp_map_row *row = in->row;
    if (row && (row->op == ISA_OP_LD_GLOBAL || row->op == ISA_OP_ST_GLOBAL
                || row->op == ISA_OP_ATOM_GLOBAL)
        && !(row->flags & IMP_F_UNIFORM)
        && strncmp(mnem, "global_", 7) == 0 && n >= 3) {
        /* global_load vD, v[a:b], off | vOff, s[a:b];
         * global_store v[a:b], vData, off | vOff, vData, s[a:b] */
        bool store = row->op == ISA_OP_ST_GLOBAL;
        const opnd *addr = &o[store ? 0 : 1], *saddr = &o[2];
        aff a = amd_value(p, addr);
        if (strcmp(saddr->t, "off") != 0)
            a = aff_add(a, amd_value(p, saddr), 1);
        a = aff_add(a, aff_constant(offset), 1);
        addr_at_text(p, a, row->bytes ? row->bytes : imp_amd_width(mnem),
                     in);
    }
    if (row && (row->op == ISA_OP_LD_GLOBAL || row->op == ISA_OP_ST_GLOBAL
                || row->op == ISA_OP_ATOM_GLOBAL)
        && strncmp(mnem, "buffer_", 7) == 0 && n >= 4) {
        /* buffer_load vD, vOff, s[desc], soffset offen offset:N: the
         * descriptor's base + vOff + soffset + N, without offen (vOff
         * `off`) base + soffset + N (a store's vData first alike);
         * idxen's index times a stride is left to the pattern */
        bool offen = has_word(s, e, "offen"), idxen = has_word(s, e,
                                                              "idxen");
        in->at[0] = '\0';
        if (!idxen) {
            aff a = amd_value(p, &o[2]);
            if (offen)                  /* else vOff is `off` */
                a = aff_add(a, amd_value(p, &o[1]), 1);
            a = aff_add(a, amd_value(p, &o[3]), 1);
            a = aff_add(a, aff_constant(offset), 1);
            addr_at_text(p, a, row->bytes ? row->bytes
                                          : imp_amd_width(mnem), in);
        }
    }
    if (row && (row->op == ISA_OP_LD_SHARED || row->op == ISA_OP_ST_SHARED)
        && (row->roles == IMP_R_LOAD || row->roles == IMP_R_STORE)
        && strncmp(mnem, "ds_", 3) == 0 && n >= 2)
        shared_at(p, in, mnem, s, e, o, offset);
    if (n == 0 || !writes_first(row, n))
        return;
    bool sg;
    int i0;
    aff *d = amd_slot(p, o[0].t, &sg, &i0);
    if (!d)
        return;
    int last = amd_last_index(o[0].t, i0);
    aff v[2] = { aff_unknown(), aff_unknown() };
    if (p->radv && row->op == ISA_OP_LD_GLOBAL
        && (row->flags & IMP_F_UNIFORM)) {
        /* s_load of 16 bytes at a constant offset of a descriptor set's
         * pointer (an SGPR's input): a buffer's descriptor, its base in
         * the first register */
        bool bsg;
        int bi;
        aff base = n >= 3 ? amd_value(p, &o[1]) : aff_unknown();
        aff off = n >= 3 ? amd_value(p, &o[2]) : aff_unknown();
        if (strcmp(o[n >= 3 ? 2 : 0].t, "null") == 0)
            off = aff_constant(0);
        bool desc = strncmp(mnem, "s_load_", 7) == 0 && last - i0 == 3
                    && amd_slot(p, o[1].t, &bsg, &bi) && bsg && base.known
                    && base.n == 1 && base.k[0] == 1 && base.c == 0
                    && base.sym[0] >= A_INPUT
                    && base.sym[0] < A_INPUT + A_REGS && off.known
                    && off.n == 0
                    && off.c >= 0;
        for (int k = i0; k <= last && k < A_REGS; k++)
            p->ur[k] = aff_unknown();
        int sym = desc ? addr_descriptor(p, base.sym[0] - A_INPUT, off.c)
                       : -1;
        if (sym >= 0)
            p->ur[i0] = aff_named(sym);
        return;
    }
    if (row->op == ISA_OP_LD_GLOBAL && (row->flags & IMP_F_UNIFORM)) {
        /* s_load from the kernarg pointer (SGPRs nothing wrote): the
         * parameters at its offset (the writer's at=params[...]), a
         * pointer in each 8 bytes; any other scalar load reads no
         * parameter */
        bool bsg;
        int bi;
        aff off = n >= 3 ? amd_value(p, &o[2]) : aff_unknown();
        bool kernarg = strncmp(mnem, "s_load_", 7) == 0 && n >= 3
                       && amd_slot(p, o[1].t, &bsg, &bi) && bsg
                       && !p->written_s[bi]
                       && (bi + 1 >= A_REGS || !p->written_s[bi + 1])
                       && off.known && off.n == 0 && off.c >= 0
                       && off.c < ((int64_t)1 << 32);
        if (!kernarg)
            in->param_off = -1;
        /* each 8 bytes a pointer (or an argument's value where the
         * address arithmetic uses it as one), a dword left over an
         * argument (s_load_dword s2, s[4:5], 0x10: arg10) */
        for (int k = i0; kernarg && k <= last && k < A_REGS; k++) {
            int64_t at = off.c + 4 * (k - i0);
            int sym = (k - i0) % 2 == 0 && k + 1 <= last ? addr_param(p, at)
                                                         : addr_arg(p, at);
            p->ur[k] = sym >= 0 ? aff_named(sym) : aff_unknown();
        }
        for (int k = i0; k <= last && k < A_REGS; k++)
            p->written_s[k] = true;
        return;
    }
    uint8_t mark = 0;
    if (row->roles == IMP_R_DST || row->roles == IMP_R_DST2) {
        char m[IMP_MNEM_MAX];
        amd_base_name(mnem, m, sizeof m);
        v[0] = eval(p, m, o, n);
        if (!sg)
            v[0] = flat_index(p, m, o, n, v[0], &mark);
    }
    if (in->guard.file != IMP_FILE_NONE)
        v[0] = aff_unknown();
    if (p->probe)
        vote_ids(p, &v[0]);
    for (int k = i0; k <= last && k < A_REGS; k++) {
        (sg ? p->ur : p->r)[k] = k == i0 ? v[0] : aff_unknown();
        if (sg)
            p->written_s[k] = true;
        else
            p->lane_mark[k] = k == i0 && in->guard.file == IMP_FILE_NONE
                              ? mark : 0;
    }
}

static void amd_insn(apass *p, imp_insn *in)
{
    {
        char mnem[IMP_MNEM_MAX], m[IMP_MNEM_MAX];
        const char *s, *e;
        opnd o[8];
        int64_t off;
        if (amd_half(in, 0, mnem, sizeof mnem, &s, &e)) {
            int n = amd_operands(s, e, o, 8, &off);
            amd_base_name(mnem, m, sizeof m);
            amd_lanes(p, in, m, o, n);
        }
    }
    /* a shifted SGPR written again is no longer init >> it */
    aff *w[4];
    int nw = amd_writes(p, in, w);
    for (int k = 0; k < nw; k++)
        if (w[k] >= p->ur && w[k] < p->ur + A_REGS)
            p->shr[w[k] - p->ur].step = 0;
    for (int h = 0; h < 2; h++) {
        char mnem[IMP_MNEM_MAX];
        const char *s, *e;
        if (amd_half(in, h, mnem, sizeof mnem, &s, &e))
            one(p, in, mnem, s, e);
    }
}

static const imp_isa_ops amd_ops = {
    .name = "AMD GCN/RDNA",
    .start = amd_start,
    .insn = amd_insn,
    .writes = amd_writes,
    .self_add = amd_self_add,
    .update = amd_update,
    .test = amd_test,
    .lane_test = amd_lane_test,
    .copy_add = amd_copy_add,
    .width = imp_amd_width,
    .shift_counters = true,
};

const imp_isa_ops *imp_isa_amd(void)
{
    return &amd_ops;
}
