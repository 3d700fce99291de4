/*
 * imp_cond_amd.c — AMD GCN/RDNA's conditions for the address pass
 * (imp_addr.c) and the trip counts (imp_trip.c): the lanes a v_cmp of
 * known values selects and how vcc, exec and s_and_saveexec carry them
 * to an if's branch (its guard_not); the compare that decides a loop's
 * branch through SCC, vcc or exec; a per-lane exit; and a counter's
 * update in place (an add, or a right shift). Its operands are read with
 * imp_addr_amd.c's helpers (imp_amd.h).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "imp_amd.h"

/* An operand of a compare as an expression of the kernel language: its
 * value's form; a VGPR holding the lane's index in its wave (v_mbcnt:
 * WGSL's subgroup_invocation_id), "lane"; or a lone loop's SGPR shifted
 * right each pass, "(128 >> it)"; false when none is known. */
static bool operand_text(apass *p, const opnd *o, char *buf, size_t size)
{
    aff v = amd_value(p, o);
    if (addr_expr_text(&v, buf, size))
        return true;
    bool sg;
    int i;
    if (o->neg || !amd_slot(p, o->t, &sg, &i))
        return false;
    if (!sg && p->lane_mark[i] == (p->wave64 ? 2 : 1))
        return snprintf(buf, size, "lane") < (int)size;
    if (!sg || p->shr[i].step <= 0)
        return false;
    int w = p->shr[i].step == 1
            ? snprintf(buf, size, "(%lld >> it)", (long long)p->shr[i].init)
            : snprintf(buf, size, "(%lld >> %lld * it)",
                       (long long)p->shr[i].init, (long long)p->shr[i].step);
    return w > 0 && w < (int)size;
}

/* The lanes a v_cmp[x]_OP_TYPE of `o` at `line` holds ("lid_x < 128"),
 * or "": an integer compare of two known values (src0 OP src1, the
 * operands after its destination; v_cmpx on gfx10+ has none), or a
 * bounds check of the global id against a kernel argument ("gid <
 * elements": addr_bound_check). */
static bool compare(apass *p, const char *m, const opnd *o, int n,
                    int first, int line, char *out, size_t size)
{
    static const struct { const char *name, *op; } cmp[] = {
        { "lt", "<" }, { "le", "<=" }, { "gt", ">" }, { "ge", ">=" },
        { "eq", "==" }, { "ne", "!=" }, { "lg", "!=" },
    };
    const char *t = strncmp(m, "v_cmpx_", 7) == 0 ? m + 7 : m + 6;
    const char *op = NULL;
    for (size_t i = 0; i < sizeof cmp / sizeof cmp[0]; i++)
        if (strncmp(t, cmp[i].name, 2) == 0 && t[2] == '_')
            op = cmp[i].op;
    if (!op || n != first + 2 || (strncmp(t + 3, "u32", 3) != 0
                                  && strncmp(t + 3, "i32", 3) != 0))
        return false;
    if (addr_bound_check(p, amd_value(p, &o[first]),
                         amd_value(p, &o[first + 1]), op, line, out, size))
        return true;
    char a[40], b[40];
    if (!operand_text(p, &o[first], a, sizeof a)
        || !operand_text(p, &o[first + 1], b, sizeof b))
        return false;
    return snprintf(out, size, "%s %s %s", a, op, b) < (int)size;
}

/* What the instruction makes of vcc and exec: a v_cmp sets the lanes
 * they hold, s_and_saveexec moves them to exec, s_cbranch_execz's block
 * runs for exec's lanes (guard_not: the lanes falling into it); any other
 * instruction naming vcc, exec or a recorded SGPR makes it unknown. */
void amd_lanes(apass *p, imp_insn *in, const char *m, const opnd *o,
                  int n)
{
    char c[96] = "";
    bool sg;
    int i0;
    if (strncmp(m, "v_cmp_", 6) == 0 && n >= 1) {
        bool ok = compare(p, m, o, n, 1, in->line, c, sizeof c);
        if (strncmp(o[0].t, "vcc", 3) == 0) {
            snprintf(p->vcc, sizeof p->vcc, "%s", ok ? c : "");
        } else if (amd_slot(p, o[0].t, &sg, &i0) && sg) {
            snprintf(p->scond[i0], sizeof p->scond[0], "%s", ok ? c : "");
            p->vcc[0] = '\0';
        }
        return;
    }
    if (strncmp(m, "v_cmpx_", 7) == 0) {
        /* gfx10+: v_cmpx_OP a, b writes exec alone; gfx9: vcc, a, b */
        bool gfx9 = n == 3 && strncmp(o[0].t, "vcc", 3) == 0;
        bool ok = compare(p, m, o, n, gfx9 ? 1 : 0, in->line, c,
                          sizeof c);
        snprintf(p->exec, sizeof p->exec, "%s", ok ? c : "");
        if (gfx9)
            snprintf(p->vcc, sizeof p->vcc, "%s", ok ? c : "");
        return;
    }
    if (strncmp(m, "s_and_saveexec_", 15) == 0 && n == 2) {
        const char *src = strncmp(o[1].t, "vcc", 3) == 0 ? p->vcc
                          : amd_slot(p, o[1].t, &sg, &i0) && sg ? p->scond[i0]
                          : "";
        snprintf(p->exec, sizeof p->exec, "%s", src);
        return;
    }
    if ((strcmp(m, "s_mov_b64") == 0 || strcmp(m, "s_mov_b32") == 0)
        && n == 2 && strncmp(o[0].t, "exec", 4) == 0) {
        /* exec = vcc (Mesa 25's ACO, where exec was whole: the if's
         * lanes without saving it) */
        const char *src = strncmp(o[1].t, "vcc", 3) == 0 ? p->vcc
                          : amd_slot(p, o[1].t, &sg, &i0) && sg ? p->scond[i0]
                          : "";
        snprintf(p->exec, sizeof p->exec, "%s", src);
        return;
    }
    if (strcmp(m, "s_cbranch_execz") == 0) {
        snprintf(in->guard_not, sizeof in->guard_not, "%s", p->exec);
        addr_bound_taken(p, p->exec);
        return;
    }
    for (int i = 0; i < n; i++) {
        if (strncmp(o[i].t, "vcc", 3) == 0)
            p->vcc[0] = '\0';
        if (strncmp(o[i].t, "exec", 4) == 0)
            p->exec[0] = '\0';
    }
    if (n > 0 && amd_slot(p, o[0].t, &sg, &i0) && sg)
        p->scond[i0][0] = '\0';
}

/* Whether the scalar instruction `m` may write SCC (every SALU
 * instruction but those known not to: moves, selects, waits, loads,
 * branches and the like). */
static bool may_write_scc(const char *m)
{
    static const char *const keeps[] = {
        "s_mov", "s_cmov", "s_cselect", "s_waitcnt", "s_nop", "s_barrier",
        "s_load", "s_buffer_load", "s_clause", "s_delay_alu", "s_mul_i32",
        "s_setprio", "s_sleep", "s_dcache", "s_getpc", "s_sendmsg",
        "s_inst_prefetch", "s_set_inst_prefetch", "s_cbranch", "s_branch",
        "s_endpgm", "s_code_end", "s_icache", "s_wait_",
    };
    if (strncmp(m, "s_", 2) != 0)
        return false;
    for (size_t i = 0; i < sizeof keeps / sizeof keeps[0]; i++)
        if (strncmp(m, keeps[i], strlen(keeps[i])) == 0)
            return false;
    return true;
}

bool amd_test(apass *p, const imp_listing *l, size_t begin, size_t br,
                   ltest *t)
{
    char mnem[IMP_MNEM_MAX], m[IMP_MNEM_MAX];
    const char *s, *e;
    opnd o[8];
    int64_t off;
    if (!amd_half(&l->insns[br], 0, mnem, sizeof mnem, &s, &e))
        return false;
    if (strcmp(mnem, "s_cbranch_scc1") == 0)
        t->when = true;
    else if (strcmp(mnem, "s_cbranch_scc0") == 0)
        t->when = false;
    else
        return false;
    /* the last instruction before the branch that writes SCC: an
     * s_cmp[k]_OP_u32/i32 of two operands */
    for (size_t i = br; i-- > begin;) {
        if (!amd_half(&l->insns[i], 0, mnem, sizeof mnem, &s, &e))
            continue;
        amd_base_name(mnem, m, sizeof m);
        if (!may_write_scc(m))
            continue;
        const char *c = strncmp(m, "s_cmp_", 6) == 0    ? m + 6
                        : strncmp(m, "s_cmpk_", 7) == 0 ? m + 7
                                                        : NULL;
        static const struct { const char *name; int op; } ops[] = {
            { "eq_", CMP_EQ }, { "lg_", CMP_NE }, { "lt_", CMP_LT },
            { "le_", CMP_LE }, { "gt_", CMP_GT }, { "ge_", CMP_GE },
        };
        int op = -1;
        for (size_t k = 0; c && k < sizeof ops / sizeof ops[0]; k++)
            if (strncmp(c, ops[k].name, 3) == 0)
                op = ops[k].op;
        if (op < 0 || (strcmp(c + 3, "u32") != 0 && strcmp(c + 3, "i32") != 0)
            || amd_operands(s, e, o, 8, &off) != 2)
            return false;
        t->at = i;
        t->op = op;
        t->is_signed = c[3] == 'i';
        for (int k = 0; k < 2; k++) {
            bool sg;
            int idx;
            t->slot[k] = amd_slot(p, o[k].t, &sg, &idx);
            if (t->slot[k] && (!sg || o[k].neg || strchr(o[k].t, '[')))
                return false;           /* a VGPR, a pair */
            aff v = amd_value(p, &o[k]);
            if (!t->slot[k] && (!v.known || v.n != 0))
                return false;
            t->k[k] = v.c;
            snprintf(t->name[k], sizeof t->name[k], "%.15s", o[k].t);
        }
        return true;
    }
    return false;
}

/* The last instruction in [begin, br) whose mnemonic starts with one of
 * `names` (NULL-ended) and whose first operand starts with `dst` (NULL:
 * any), its operands in o; SIZE_MAX when an instruction naming `dst`
 * as its first operand comes first, or none is found. */
static size_t last_writer(const imp_listing *l, size_t begin, size_t br,
                          const char *const *names, const char *dst,
                          opnd *o, int *n)
{
    char mnem[IMP_MNEM_MAX];
    const char *s, *e;
    int64_t off;
    for (size_t i = br; i-- > begin;) {
        if (!amd_half(&l->insns[i], 0, mnem, sizeof mnem, &s, &e))
            continue;
        int k = amd_operands(s, e, o, 8, &off);
        bool match = false;
        for (const char *const *m = names; *m; m++)
            match |= strncmp(mnem, *m, strlen(*m)) == 0;
        if (match && (!dst || (k > 0 && strncmp(o[0].t, dst,
                                                 strlen(dst)) == 0))) {
            *n = k;
            return i;
        }
        if (dst && k > 0 && strncmp(o[0].t, dst, strlen(dst)) == 0)
            return SIZE_MAX;
    }
    return SIZE_MAX;
}

/* The compare `m` (v_cmp_OP_u32 / _i32, v_cmpx_...) of operands a, b
 * into t: the VGPR side the counter, the other a constant. */
static bool lane_compare(apass *p, const char *m, const opnd *a,
                         const opnd *b, lanetest *t)
{
    static const struct { const char *name; int op, flip; } ops[] = {
        { "lt_", CMP_LT, CMP_GT }, { "le_", CMP_LE, CMP_GE },
        { "gt_", CMP_GT, CMP_LT }, { "ge_", CMP_GE, CMP_LE },
    };
    const char *c = strncmp(m, "v_cmpx_", 7) == 0 ? m + 7 : m + 6;
    int k = -1;
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strncmp(c, ops[i].name, 3) == 0)
            k = (int)i;
    if (k < 0 || (strcmp(c + 3, "u32") != 0 && strcmp(c + 3, "i32") != 0))
        return false;
    bool sg;
    int i0;
    const opnd *ctr = a, *lim = b;
    t->op = ops[k].op;
    if (!amd_slot(p, a->t, &sg, &i0) || sg) {
        ctr = b;
        lim = a;
        t->op = ops[k].flip;
    }
    t->slot = amd_slot(p, ctr->t, &sg, &i0);
    if (!t->slot || sg || ctr->neg || strchr(ctr->t, '['))
        return false;
    aff v = amd_value(p, lim);
    if (!v.known || v.n != 0)
        return false;
    t->bound = v.c;
    t->is_signed = c[3] == 'i';
    snprintf(t->name, sizeof t->name, "%.15s", ctr->t);
    return true;
}

bool amd_lane_test(apass *p, const imp_listing *l, size_t begin,
                        size_t br, lanetest *t)
{
    char mnem[IMP_MNEM_MAX], m[IMP_MNEM_MAX];
    const char *s, *e;
    opnd o[8], c[8];
    int n, nc;
    int64_t off;
    if (!amd_half(&l->insns[br], 0, mnem, sizeof mnem, &s, &e))
        return false;
    static const char *const andn2[] = { "s_andn2_b", "s_and_not1_b",
                                         NULL };
    if (strcmp(mnem, "s_cbranch_scc0") == 0) {
        /* s_mov sA, exec; v_cmpx_OP a, b (exec: the lanes that leave);
         * s_andn2 sA, sA, exec (those that stay); s_cbranch_scc0 (none
         * stays: out) */
        size_t a = last_writer(l, begin, br, andn2, NULL, o, &n);
        if (a == SIZE_MAX || n != 3 || strcmp(o[0].t, o[1].t) != 0
            || strncmp(o[2].t, "exec", 4) != 0)
            return false;
        for (size_t i = a + 1; i < br; i++)   /* nothing else sets SCC */
            if (amd_half(&l->insns[i], 0, mnem, sizeof mnem, &s, &e)
                && strncmp(mnem, "s_", 2) == 0
                && strncmp(mnem, "s_waitcnt", 9) != 0)
                return false;
        static const char *const cmpx[] = { "v_cmpx_", NULL };
        size_t x = last_writer(l, begin, a, cmpx, NULL, c, &nc);
        if (x == SIZE_MAX || nc != 2)
            return false;
        amd_half(&l->insns[x], 0, mnem, sizeof mnem, &s, &e);
        amd_base_name(mnem, m, sizeof m);
        t->at = x;
        return lane_compare(p, m, &c[0], &c[1], t);
    }
    if (strcmp(mnem, "s_cbranch_execnz") == 0) {
        /* v_cmp_OP vcc, a, b (the lanes that leave after this pass);
         * s_or sAcc, vcc, sAcc (all that left); s_andn2 exec, exec,
         * sAcc; s_cbranch_execnz (a lane stays: again) */
        size_t a = last_writer(l, begin, br, andn2, "exec", o, &n);
        if (a == SIZE_MAX || n != 3 || strncmp(o[1].t, "exec", 4) != 0)
            return false;
        char acc[48];
        snprintf(acc, sizeof acc, "%s", o[2].t);
        static const char *const ors[] = { "s_or_b", NULL };
        size_t r = last_writer(l, begin, a, ors, acc, o, &n);
        if (r == SIZE_MAX || n != 3)
            return false;
        int v = strcmp(o[1].t, acc) == 0 ? 2 : strcmp(o[2].t, acc) == 0 ? 1
                                                                       : 0;
        if (!v || strncmp(o[v].t, "vcc", 3) != 0)
            return false;
        /* sAcc written there alone in the loop */
        for (size_t i = begin; i < br; i++)
            if (i != r && amd_half(&l->insns[i], 0, mnem, sizeof mnem, &s, &e)
                && amd_operands(s, e, c, 8, &off) > 0
                && strcmp(c[0].t, acc) == 0)
                return false;
        static const char *const cmp[] = { "v_cmp_", NULL };
        size_t x = last_writer(l, begin, r, cmp, "vcc", c, &nc);
        if (x == SIZE_MAX || nc != 3)
            return false;
        amd_half(&l->insns[x], 0, mnem, sizeof mnem, &s, &e);
        amd_base_name(mnem, m, sizeof m);
        t->at = x;
        return lane_compare(p, m, &c[1], &c[2], t);
    }
    return false;
}

bool amd_copy_add(apass *p, const imp_listing *l, size_t begin,
                       size_t mov, const aff *s, int64_t *step)
{
    char mnem[IMP_MNEM_MAX], m[IMP_MNEM_MAX];
    const char *b, *e;
    opnd o[8];
    int64_t off;
    bool sg;
    int i0;
    if (!amd_half(&l->insns[mov], 0, mnem, sizeof mnem, &b, &e)
        || l->insns[mov].guard.file != IMP_FILE_NONE)
        return false;
    amd_base_name(mnem, m, sizeof m);
    if ((!amd_is(m, "v_mov_b32") && !amd_is(m, "v_dual_mov_b32"))
        || amd_operands(b, e, o, 8, &off) != 2
        || amd_slot(p, o[0].t, &sg, &i0) != s)
        return false;
    char ctr[48], tmp[48];
    snprintf(ctr, sizeof ctr, "%s", o[0].t);
    snprintf(tmp, sizeof tmp, "%s", o[1].t);
    if (!amd_slot(p, tmp, &sg, &i0) || sg)
        return false;
    /* the temporary's one write before the move: tmp = c + ctr */
    for (size_t i = mov; i-- > begin;) {
        if (!amd_half(&l->insns[i], 0, mnem, sizeof mnem, &b, &e))
            continue;
        int n = amd_operands(b, e, o, 8, &off);
        if (n < 1 || (strcmp(o[0].t, tmp) != 0 && strcmp(o[0].t, ctr) != 0))
            continue;
        amd_base_name(mnem, m, sizeof m);
        if (strcmp(o[0].t, ctr) == 0 || n != 3
            || l->insns[i].guard.file != IMP_FILE_NONE
            || (!amd_is(m, "v_add_u32") && !amd_is(m, "v_add_nc_u32")))
            return false;
        for (int k = 1; k <= 2; k++)
            if (strcmp(o[k].t, ctr) == 0 && !o[k].neg) {
                aff c = amd_value(p, &o[3 - k]);
                if (!c.known || c.n != 0 || amd_slot(p, o[3 - k].t, &sg, &i0))
                    return false;
                *step = c.c;
                return true;
            }
        return false;
    }
    return false;
}

bool amd_update(apass *p, const imp_insn *in, const aff *s, int *kind,
                     int64_t *k)
{
    if (amd_self_add(p, in, s, k)) {
        *kind = UPD_ADD;
        return true;
    }
    char mnem[IMP_MNEM_MAX];
    const char *b, *e;
    opnd o[8];
    int64_t off;
    bool sg;
    int i0;
    if (in->guard.file != IMP_FILE_NONE
        || !amd_half(in, 0, mnem, sizeof mnem, &b, &e)
        || amd_operands(b, e, o, 8, &off) != 3
        || amd_slot(p, o[0].t, &sg, &i0) != s || strcmp(o[1].t, o[0].t) != 0
        || amd_slot(p, o[2].t, &sg, &i0))
        return false;
    aff c = amd_value(p, &o[2]);
    if (!c.known || c.n != 0)
        return false;
    if (strcmp(mnem, "s_sub_i32") == 0 || strcmp(mnem, "s_sub_u32") == 0) {
        *kind = UPD_ADD;
        *k = -c.c;
        return true;
    }
    if (strcmp(mnem, "s_lshr_b32") == 0 && c.c > 0 && c.c < 32) {
        *kind = UPD_SHR;
        *k = c.c;
        return true;
    }
    return false;
}
