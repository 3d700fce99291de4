/*
 * prog_resolve.c — turns a parsed program plus a launch shape into the
 * flat prog_code the simulator executes.
 *
 * Resolving evaluates every count, then emits the once part followed by the
 * body "unrolled and jammed": every body instruction is emitted
 * elements_per_invocation (E) times in place, copy 0 .. E-1 consecutively,
 * while loop control is emitted once, so the copies run in lockstep through
 * the same loops. Per-copy registers get one number per copy; all others
 * (inputs, values only read in the body) are shared by the copies.
 */
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "prog_int.h"
#include "xalloc.h"

void prog_code_free(prog_code *code)
{
    if (!code)
        return;
    free(code->insns);
    free(code);
}

#define UNNUMBERED UINT32_MAX

/* Resolver state. `slot[r]` is the first of register name r's slots in
 * `number` (E slots for per-copy names, one for shared names); `number`
 * holds the dense register number given to a slot, or UNNUMBERED. */
typedef struct resolver {
    const prog_ast *ast;
    expr_env env;
    cusim_error *err;
    prog_code *code;
    uint32_t copies;                   /* elements_per_invocation */
    size_t *slot;
    uint32_t *number;
    uint32_t loops[PROG_MAX_DEPTH];    /* open PROG_LOOP indices */
    uint64_t mult[PROG_MAX_DEPTH + 1]; /* iterations of each depth */
    int depth;
} resolver;

/* The register number of name `r` in body copy `copy`, numbering it on
 * first appearance. */
static int reg_number(resolver *rs, uint32_t r, uint32_t copy,
                      const prog_stmt *s, uint16_t *out)
{
    if (r == STMT_NO_REG) {
        *out = PROG_NO_REG;
        return 0;
    }
    uint32_t *num = &rs->number[rs->slot[r] +
                                (rs->ast->regs[r].per_copy ? copy : 0)];
    if (*num == UNNUMBERED) {
        if (rs->code->n_regs == PROG_NO_REG)
            return err_set(rs->err, rs->ast->file, s->line, s->column,
                           "program needs more than %d registers (with "
                           "elements_per_invocation = %u)", PROG_NO_REG,
                           rs->copies);
        *num = rs->code->n_regs++;
    }
    *out = (uint16_t)*num;
    return 0;
}

/* Evaluates a repeat's count: an exact whole number in 0 .. UINT32_MAX. */
static int eval_count(resolver *rs, const prog_stmt *s, uint32_t *out)
{
    const prog_ast *ast = rs->ast;
    int col = s->count_column + (int)s->count_start;
    const char *text = expr_text(s->count);
    expr_error xe;
    expr_value v;
    if (expr_eval(s->count, &rs->env, &v, &xe) < 0)
        return err_set(rs->err, ast->file, s->line,
                       s->count_column + (int)xe.offset, "%s", xe.message);
    if (!expr_value_is_integer(&v))
        return err_set(rs->err, ast->file, s->line, col,
                       "repeat count %s = %g is not whole (wrap it in ceil() "
                       "or floor())", text, v.real);
    if (v.num < 0)
        return err_set(rs->err, ast->file, s->line, col,
                       "repeat count %s is negative (%lld)", text,
                       (long long)v.num);
    if (v.num > UINT32_MAX)
        return err_set(rs->err, ast->file, s->line, col,
                       "repeat count %s = %lld is too large (at most %u)",
                       text, (long long)v.num, UINT32_MAX);
    *out = (uint32_t)v.num;
    return 0;
}

static void emit(prog_code *code, const prog_insn *in)
{
    code->insns[code->n_insns++] = *in;
}

/* Emits one statement list; `copies` is 1 for the once part and E for the
 * body. */
static int emit_list(resolver *rs, const stmt_list *l, uint32_t copies)
{
    prog_code *code = rs->code;
    for (uint32_t i = 0; i < l->n; i++) {
        const prog_stmt *s = &l->v[i];
        prog_insn in = { .dst = PROG_NO_REG,
                         .src = { PROG_NO_REG, PROG_NO_REG, PROG_NO_REG } };
        if (s->kind == STMT_REPEAT) {
            in.op = PROG_LOOP;
            if (eval_count(rs, s, &in.count) < 0)
                return -1;
            uint64_t m = rs->mult[rs->depth] * in.count;
            if (in.count && m / in.count != rs->mult[rs->depth])
                return err_set(rs->err, rs->ast->file, s->line, s->column,
                               "the program executes more than %llu "
                               "instructions per invocation",
                               (unsigned long long)UINT64_MAX);
            rs->loops[rs->depth++] = code->n_insns;
            rs->mult[rs->depth] = m;
            emit(code, &in);
        } else if (s->kind == STMT_END) {
            uint32_t start = rs->loops[--rs->depth];
            in.op = PROG_ENDLOOP;
            in.jump = start;
            code->insns[start].jump = code->n_insns;
            emit(code, &in);
        } else {
            in.op = (uint16_t)s->op;
            in.n_src = s->n_src;
            in.pattern = s->pattern;
            in.bytes = s->bytes;
            in.stride = s->stride;
            for (uint32_t c = 0; c < copies; c++) {
                /* Numbered in textual order: destination, then sources. */
                if (reg_number(rs, s->dst, c, s, &in.dst) < 0)
                    return -1;
                for (int k = 0; k < s->n_src; k++)
                    if (reg_number(rs, s->src[k], c, s, &in.src[k]) < 0)
                        return -1;
                emit(code, &in);
                if (__builtin_add_overflow(code->dynamic_insns,
                                           rs->mult[rs->depth],
                                           &code->dynamic_insns))
                    return err_set(rs->err, rs->ast->file, s->line,
                                   s->column, "the program executes more "
                                   "than %llu instructions per invocation",
                                   (unsigned long long)UINT64_MAX);
            }
        }
    }
    return 0;
}

prog_code *prog_resolve(const prog_ast *ast, const prog_shape *shape,
                        cusim_error *err)
{
    uint32_t copies = shape->elements_per_invocation;
    if (copies == 0) {
        err_set(err, ast->file, ast->line, ast->column,
                "elements_per_invocation is 0 (expected at least 1)");
        return NULL;
    }
    uint64_t n_insns = (uint64_t)ast->once.n + ast->body.n +
                       (uint64_t)prog_count_insns(&ast->body) * (copies - 1);
    if (n_insns > UINT32_MAX) {
        err_set(err, ast->file, ast->line, ast->column,
                "program too large: %llu instructions with "
                "elements_per_invocation = %u", (unsigned long long)n_insns,
                copies);
        return NULL;
    }
    resolver rs = {
        .ast = ast,
        .env = { shape->workgroup_size, shape->workgroup_x,
                 shape->workgroup_y, shape->workgroup_z, shape->simd_width,
                 shape->elements_per_invocation },
        .err = err,
        .copies = copies,
        .mult = { 1 },
    };
    rs.slot = xrealloc_array(NULL, ast->n_regs + 1, sizeof *rs.slot);
    size_t slots = 0;
    for (uint32_t r = 0; r < ast->n_regs; r++) {
        rs.slot[r] = slots;
        slots += ast->regs[r].per_copy ? copies : 1;
    }
    rs.number = xrealloc_array(NULL, slots + 1, sizeof *rs.number);
    for (size_t i = 0; i < slots; i++)
        rs.number[i] = UNNUMBERED;

    prog_code *code = xrealloc_array(NULL, 1, sizeof *code);
    *code = (prog_code){ 0 };
    code->insns = xrealloc_array(NULL, n_insns ? n_insns : 1,
                             sizeof *code->insns);
    rs.code = code;
    int rc = emit_list(&rs, &ast->once, 1);
    code->once_len = code->n_insns;
    if (rc == 0)
        rc = emit_list(&rs, &ast->body, copies);
    free(rs.slot);
    free(rs.number);
    if (rc < 0) {
        prog_code_free(code);
        return NULL;
    }
    code->live_registers = prog_live_peak(code);
    return code;
}

prog_shape prog_shape_of(const cusim_kernel *k, uint32_t width)
{
    return (prog_shape){
        .workgroup_x = k->workgroup[0],
        .workgroup_y = k->workgroup[1],
        .workgroup_z = k->workgroup[2],
        .workgroup_size = cusim_kernel_workgroup_size(k),
        .simd_width = width,
        .elements_per_invocation = k->elements_per_invocation,
    };
}
