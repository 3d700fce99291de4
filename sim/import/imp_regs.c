/*
 * imp_regs.c — machine registers to cusim registers, so that an imported
 * program's dependencies are the compiled code's.
 *
 * Each instruction's written operands together become one cusim register,
 * named after them ("v2", "v[0:3]" as "v0_3", a carry out with its sum as
 * "v0_vcc"); from then on that name holds each of those machine
 * registers, until another instruction writes it. A read of a machine
 * register reads the name holding it now, so a 64-bit address written in
 * two halves is read as both writers' names, and v[0:3] loaded at once is
 * one value. A register read before any write is an input (ready at
 * start), named after the operand.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "imp_int.h"
#include "xalloc.h"

void imp_regs_init(imp_regs *r)
{
    memset(r, 0, sizeof *r);
}

void imp_regs_free(imp_regs *r)
{
    free(r->names);
    memset(r, 0, sizeof *r);
}

/* The name index of `name` (interned). */
static uint32_t intern(imp_regs *r, const char *name)
{
    for (size_t i = 0; i < r->n_names; i++)
        if (strcmp(r->names[i], name) == 0)
            return (uint32_t)i;
    if (r->n_names == r->cap_names) {
        r->cap_names = r->cap_names ? 2 * r->cap_names : 64;
        r->names = xrealloc_array(r->names, r->cap_names, sizeof *r->names);
    }
    snprintf(r->names[r->n_names], sizeof r->names[0], "%s", name);
    return (uint32_t)r->n_names++;
}

/* The operand's canonical text as a cusim identifier: v5, v0_3, s4_5,
 * vcc, exec_lo, scc, m0. */
static void canon(const imp_reg *g, char *buf, size_t size)
{
    static const char *const prefix[IMP_FILE_COUNT] = {
        [IMP_FILE_V] = "v", [IMP_FILE_S] = "s", [IMP_FILE_A] = "a",
        [IMP_FILE_TTMP] = "ttmp", [IMP_FILE_R] = "R", [IMP_FILE_P] = "P",
        [IMP_FILE_UR] = "UR", [IMP_FILE_UP] = "UP",
    };
    static const char *const pair[IMP_FILE_COUNT] = {
        [IMP_FILE_VCC] = "vcc", [IMP_FILE_EXEC] = "exec",
        [IMP_FILE_FLAT] = "flat_scratch", [IMP_FILE_XNACK] = "xnack_mask",
    };
    if (prefix[g->file]) {
        if (g->lo == g->hi)
            snprintf(buf, size, "%s%u", prefix[g->file], g->lo);
        else
            snprintf(buf, size, "%s%u_%u", prefix[g->file], g->lo, g->hi);
    } else if (pair[g->file]) {
        snprintf(buf, size, "%s%s", pair[g->file],
                 g->lo != g->hi ? "" : g->lo == 0 ? "_lo" : "_hi");
    } else {
        snprintf(buf, size, "%s", g->file == IMP_FILE_SCC ? "scc" : "m0");
    }
}

/* The sources read: distinct names with when they were written. */
typedef struct read1 {
    uint32_t name, seq;
} read1;
typedef struct reads {
    read1 v[64];
    int n;
} reads;

/* Adds what operand `g` reads to `rd`. */
static void read_reg(imp_regs *r, const imp_reg *g, reads *rd)
{
    if (g->file == IMP_FILE_NONE)
        return;
    /* the readers' invariant (imp_gcn.c, imp_sass.c): a register range
     * within its file */
    assert(g->file < IMP_FILE_COUNT && g->lo <= g->hi
           && g->hi < IMP_FILE_REGS);
    for (unsigned i = g->lo; i <= g->hi; i++) {
        uint32_t h = r->holder[g->file][i], seq = r->seq[g->file][i];
        uint32_t name;
        if (h == 0) {
            char buf[40];
            canon(g, buf, sizeof buf);
            name = intern(r, buf);
            seq = 0;
        } else {
            name = h - 1;
        }
        int k = 0;
        while (k < rd->n && rd->v[k].name != name)
            k++;
        if (k == rd->n && rd->n < 64) {
            rd->v[rd->n].name = name;
            rd->v[rd->n].seq = seq;
            rd->n++;
        }
    }
}

/* Keeps the `max` sources of `rd` written last (inputs last of all) in
 * `out`'s sources from position `at`; counts the written ones left out. */
static void pick(imp_regs *r, reads *rd, int max, imp_operands *out)
{
    /* insertion sort by seq, latest first (stable: ties keep their order) */
    for (int i = 1; i < rd->n; i++)
        for (int j = i; j > 0 && rd->v[j].seq > rd->v[j - 1].seq; j--) {
            read1 t = rd->v[j];
            rd->v[j] = rd->v[j - 1];
            rd->v[j - 1] = t;
        }
    for (int i = 0; i < rd->n; i++) {
        if (i < max && out->n_src < 3)
            snprintf(out->src[out->n_src++], sizeof out->src[0], "%s",
                     r->names[rd->v[i].name]);
        else if (rd->v[i].seq > 0)
            r->dropped++;
    }
}

/* Whether `g` is vcc or an SGPR range (a compare's scalar destination). */
static bool is_sdst(const imp_reg *g)
{
    return g->file == IMP_FILE_VCC || g->file == IMP_FILE_S;
}

void imp_regs_map(imp_regs *r, const imp_insn *in, int op, int max_src,
                  imp_operands *out)
{
    memset(out, 0, sizeof *out);
    const imp_map_row *row = in->row;
    int n = in->n_ops;
    bool written[IMP_MAX_OPERANDS] = { false };
    bool sass = false;            /* operands marked by the SASS reader */
    for (int i = 0; i < n; i++)
        sass |= in->is_addr[i] || in->is_pred[i];
    int lead = 0;                 /* leading predicate operands */
    while (lead < n && in->is_pred[lead])
        lead++;
    switch (row->roles) {
    case IMP_R_NONE:
        if (in->guard.file == IMP_FILE_NONE)
            return;
        break;
    case IMP_R_DST:
        if (n > 0)
            written[0] = true;
        /* SASS: predicates right after it are written too (a carry out) */
        for (int i = 1; sass && i < n && in->is_pred[i] && i + 1 < n; i++)
            written[i] = true;
        break;
    case IMP_R_LOAD:
        if (n > 0)
            written[0] = true;
        break;
    case IMP_R_DST2:
        for (int i = 0; i < n && i < 2; i++)
            written[i] = true;
        break;
    case IMP_R_CMPX:
        written[0] = n >= 3 && is_sdst(&in->ops[0]);
        break;
    case IMP_R_SETP:
        for (int i = 0; i < lead && i + 1 < n; i++)
            written[i] = true;
        break;
    case IMP_R_PDST:
        for (int i = 0; i <= lead && i < n; i++)
            written[i] = true;
        break;
    case IMP_R_ATOM:
        if (sass) {
            /* after the predicates, a register before the address */
            if (lead < n && !in->is_addr[lead])
                written[lead] = true;
        } else {
            written[0] = n > 0 && ((row->flags & IMP_F_RTN)
                                   || ((row->flags & IMP_F_RTN_GLC)
                                       && in->returns));
        }
        break;
    case IMP_R_SRCS:
    case IMP_R_STORE:
    case IMP_R_STORE_BUF:
    case IMP_R_COPY:              /* imp_regs_copy's; read as sources here */
        break;
    }

    /* sources */
    imp_reg scc = { IMP_FILE_SCC, 0, 0 };
    if (op == ISA_OP_ST_GLOBAL || op == ISA_OP_ST_SHARED) {
        /* st value, addr: the data's latest name, then the address's */
        reads data = { .n = 0 }, addr = { .n = 0 };
        for (int i = 0; i < n; i++) {
            const imp_reg *g = &in->ops[i];
            bool is_data = sass ? !in->is_addr[i]
                : row->roles == IMP_R_STORE_BUF ? i == 0
                : i > 0 && g->file != IMP_FILE_S;
            read_reg(r, g, is_data ? &data : &addr);
        }
        read_reg(r, &in->guard, &addr);
        if (data.n == 0)
            data.v[data.n++].name = intern(r, "k0");
        if (addr.n == 0)
            addr.v[addr.n++].name = intern(r, "k0");
        pick(r, &data, 1, out);
        pick(r, &addr, 1, out);
        return;
    }
    reads rd = { .n = 0 };
    for (int i = 0; i < n; i++)
        if (!written[i])
            read_reg(r, &in->ops[i], &rd);
    read_reg(r, &in->guard, &rd);
    if (row->flags & IMP_F_SCC_R)
        read_reg(r, &scc, &rd);
    if (op == ISA_OP_LD_GLOBAL || op == ISA_OP_LD_SHARED
        || op == ISA_OP_ATOM_GLOBAL || op == ISA_OP_ATOM_SHARED) {
        if (rd.n == 0)
            rd.v[rd.n++].name = intern(r, "k0");
        max_src = 1;
    }
    if (op == ISA_OP_BARRIER)
        return;                   /* a guarded barrier: no operands */
    pick(r, &rd, max_src, out);

    /* the destination: what it writes, named together */
    char name[40] = "";
    size_t used = 0;
    for (int i = 0; i < n; i++) {
        char part[40];
        if (!written[i] || in->ops[i].file == IMP_FILE_NONE)
            continue;
        canon(&in->ops[i], part, sizeof part);
        used += (size_t)snprintf(name + used, sizeof name - used, "%s%s",
                                 used ? "_" : "", part);
        if (used >= sizeof name)
            used = sizeof name - 1;
    }
    if (!used && (row->flags & IMP_F_SCC_W))
        snprintf(name, sizeof name, "scc");
    else if (!used && (row->flags & IMP_F_EXEC_W))
        snprintf(name, sizeof name, "exec");
    else if (!used)
        snprintf(name, sizeof name, "_none");
    snprintf(out->dst, sizeof out->dst, "%s", name);
    uint32_t id = intern(r, name) + 1, seq = ++r->clock;
    for (int i = 0; i < n; i++) {
        const imp_reg *g = &in->ops[i];
        if (!written[i] || g->file == IMP_FILE_NONE)
            continue;
        assert(g->file < IMP_FILE_COUNT && g->lo <= g->hi
               && g->hi < IMP_FILE_REGS);
        for (unsigned k = g->lo; k <= g->hi; k++) {
            r->holder[g->file][k] = id;
            r->seq[g->file][k] = seq;
        }
    }
    if (row->flags & IMP_F_SCC_W) {
        r->holder[IMP_FILE_SCC][0] = id;
        r->seq[IMP_FILE_SCC][0] = seq;
    }
    if (row->flags & IMP_F_EXEC_W)
        for (int k = 0; k < 2; k++) {
            r->holder[IMP_FILE_EXEC][k] = id;
            r->seq[IMP_FILE_EXEC][k] = seq;
        }
}

void imp_regs_copy(imp_regs *r, const imp_insn *in, imp_operands *ld,
                   imp_operands *st)
{
    memset(ld, 0, sizeof *ld);
    memset(st, 0, sizeof *st);
    /* the bracketed operands in order: the shared address, the global */
    reads shared = { .n = 0 }, global = { .n = 0 };
    int addr = 0;
    for (int i = 0; i < in->n_ops; i++)
        if (in->is_addr[i])
            read_reg(r, &in->ops[i], addr++ == 0 ? &shared : &global);
    read_reg(r, &in->guard, &global);
    if (global.n == 0)
        global.v[global.n++].name = intern(r, "k0");
    if (shared.n == 0)
        shared.v[shared.n++].name = intern(r, "k0");
    pick(r, &global, 1, ld);
    /* a value of its own per copy, so that copies in flight do not wait
     * for one another as writers of one register would */
    snprintf(ld->dst, sizeof ld->dst, "cp%d", in->line);
    intern(r, ld->dst);
    snprintf(st->src[st->n_src++], sizeof st->src[0], "%s", ld->dst);
    pick(r, &shared, 1, st);
}
