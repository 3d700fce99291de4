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
    for (uint32_t i = 0; i < code->n_insns; i++) {
        addr_expr_free((addr_expr *)code->insns[i].at);
        addr_expr_free((addr_expr *)code->insns[i].sugar);
    }
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
    const prog_shape *shape;
    uint64_t buf_base[CUSIM_MAX_BUFFERS];   /* the layout of the buffers */
    uint64_t buf_len[CUSIM_MAX_BUFFERS];
    uint64_t sugar_base;               /* the first sugar region */
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

/* ------------------------------------------------------------ addresses */

#define BUFFER_ALIGN 4096u
#define SUGAR_REGION ((uint64_t)1 << 40)
#define RANDOM_ELEMENTS ((uint64_t)1 << 26)

static addr_bind bind_of(const prog_shape *sh, uint32_t e)
{
    return (addr_bind){
        .workgroup_x = sh->workgroup_x, .workgroup_y = sh->workgroup_y,
        .workgroup_z = sh->workgroup_z,
        .workgroup_size = sh->workgroup_size, .simd_width = sh->simd_width,
        .elements_per_invocation = sh->elements_per_invocation,
        .elements = sh->elements, .grid_x = sh->grid_x, .e = e,
    };
}

/* The buffers' sizes for this shape and their layout: from byte 0, in
 * the order written, each at the next multiple of 4 KiB; the sugar
 * regions start at the first multiple of 2^40 after them, plus 2^40. */
static int layout_buffers(resolver *rs)
{
    const prog_shape *sh = rs->shape;
    const uint64_t max = (uint64_t)1 << 48;
    uint64_t end = 0;
    for (int i = 0; i < sh->n_buffers; i++) {
        const cusim_buffer *b = &sh->buffers[i];
        const char *file = b->size_mark.file ? b->size_mark.file : sh->file;
        uint64_t bytes;
        addr_src *x;
        addr_error xe;
        if (addr_size_parse(b->size, strlen(b->size), &bytes, &x, &xe) != 0)
            return err_set(rs->err, file, b->size_mark.line,
                           b->size_mark.column, "buffers.%s: %s", b->name,
                           xe.message);
        if (x) {
            addr_bind bd = bind_of(sh, 0);
            int64_t v;
            int rc = addr_const_eval(x, &bd, &v, &xe);
            addr_src_free(x);
            if (rc != 0)
                return err_set(rs->err, file, b->size_mark.line,
                               b->size_mark.column, "buffers.%s: %s: %s",
                               b->name, b->size, xe.message);
            if (v < 1 && sh->elements == 0)
                v = BUFFER_ALIGN;   /* elements not known yet: a count-only
                                       resolve, no address is evaluated */
            if (v < 1 || (uint64_t)v > max)
                return err_set(rs->err, file, b->size_mark.line,
                               b->size_mark.column, "buffers.%s: %s = %lld "
                               "bytes (expected 1 to 2^48)", b->name,
                               b->size, (long long)v);
            bytes = (uint64_t)v;
        }
        rs->buf_base[i] = (end + BUFFER_ALIGN - 1) / BUFFER_ALIGN
                          * BUFFER_ALIGN;
        rs->buf_len[i] = bytes;
        end = rs->buf_base[i] + bytes;
    }
    rs->sugar_base = (end + SUGAR_REGION - 1) / SUGAR_REGION * SUGAR_REGION
                     + SUGAR_REGION;
    return 0;
}

/* Resolves statement s's at= for body copy `copy` into in->at. */
static int resolve_at(resolver *rs, const prog_stmt *s, uint32_t copy,
                      prog_insn *in)
{
    const prog_shape *sh = rs->shape;
    addr_bind b = bind_of(sh, copy);
    b.bytes = s->bytes;
    bool shared = s->at_space == PROG_SPACE_SHARED;
    if (!shared && s->at_buffer >= sh->n_buffers)
        return err_set(rs->err, rs->ast->file, s->at_line, s->at_column,
                       "at=: the program names buffer %u of its kernel, but "
                       "the launch shape has %d buffers (resolved for "
                       "another kernel)", s->at_buffer + 1, sh->n_buffers);
    if (shared) {
        b.base = 0;
        b.length = sh->shared_bytes;
    } else {
        b.base = rs->buf_base[s->at_buffer];
        b.length = rs->buf_len[s->at_buffer];
    }
    if (b.length < b.bytes)
        return err_set(rs->err, rs->ast->file, s->at_line, s->at_column,
                       "at=%s[...]: %s (%llu bytes) holds no element of "
                       "%u bytes", shared ? "shared"
                       : sh->buffers[s->at_buffer].name,
                       shared ? "shared_bytes" : "the buffer",
                       (unsigned long long)b.length, b.bytes);
    addr_error xe;
    addr_expr *x = addr_resolve(s->at, &b, &xe);
    if (!x)
        return err_set(rs->err, rs->ast->file, s->at_line,
                       s->at_column + (int)xe.offset, "%s", xe.message);
    in->at = x;
    return 0;
}

/* The address expression with the meaning of statement s's pattern, for
 * body copy `copy`, as instruction `index` (docs/isa.md "Addresses": its
 * own region; element gid + G (e + E k), k the flattened iteration of the
 * three innermost repeats; strided:N times N; random a hash of it). */
static addr_expr *sugar_of(const resolver *rs, const prog_stmt *s,
                           uint32_t copy, uint32_t index)
{
    const prog_shape *sh = rs->shape;
    uint64_t c[3] = { 0, 0, 0 };       /* counts: innermost first */
    for (int d = 0; d < 3 && d < rs->depth; d++)
        c[d] = rs->code->insns[rs->loops[rs->depth - 1 - d]].count;
    uint64_t g = sh->invocations ? sh->invocations : 1;
    uint64_t c01 = c[0] * c[1];        /* wraps as the language does */
    char text[320], outer[48];
    if (c01 <= INT64_MAX)
        snprintf(outer, sizeof outer, "%llu", (unsigned long long)c01);
    else   /* a literal above INT64_MAX is refused: its wrapped value */
        snprintf(outer, sizeof outer, "(-%llu - 1)",
                 (unsigned long long)(UINT64_MAX - c01));
    snprintf(text, sizeof text,
             "gid + %llu * (%u + %u * (it + %llu * it1 + %s * it2))",
             (unsigned long long)g, copy, sh->elements_per_invocation,
             (unsigned long long)c[0], outer);
    char full[400];
    uint64_t length = SUGAR_REGION;
    switch ((isa_pattern)s->pattern) {
    case ISA_PATTERN_STRIDED:
        snprintf(full, sizeof full, "%u * (%s)", s->stride, text);
        break;
    case ISA_PATTERN_RANDOM:
        /* Fibonacci hashing: the top 26 bits of x times 2^64 / phi */
        snprintf(full, sizeof full, "((%s) * -7046029254386353131) >> 38 "
                 "& 67108863", text);
        length = RANDOM_ELEMENTS * s->bytes;
        break;
    default:
        snprintf(full, sizeof full, "%s", text);
        break;
    }
    addr_error xe;
    addr_src *src = addr_parse(full, strlen(full), ADDR_NAMES_INDEX, &xe);
    addr_bind b = bind_of(sh, copy);
    b.bytes = s->bytes;
    b.base = rs->sugar_base + SUGAR_REGION * index;
    b.length = length;
    addr_expr *x = src ? addr_resolve(src, &b, &xe) : NULL;
    addr_src_free(src);
    if (!x)
        abort();   /* made here: no division, a region of 2^26 elements */
    return x;
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
            const isa_info *info = isa_get(s->op);
            bool memory = info->form == ISA_FORM_LOAD
                          || info->form == ISA_FORM_STORE;
            in.space = !memory ? PROG_SPACE_NONE
                       : info->unit == CUSIM_UNIT_SHARED ? PROG_SPACE_SHARED
                       : PROG_SPACE_GLOBAL;
            if (in.space == PROG_SPACE_SHARED && rs->shape->shared_bytes == 0)
                return err_set(rs->err, rs->ast->file, s->line, s->column,
                               "%s: the workgroup has no shared memory "
                               "(shared_bytes is 0 at this launch shape)",
                               info->mnemonic);
            for (uint32_t c = 0; c < copies; c++) {
                in.at = NULL;
                in.sugar = NULL;
                if (s->at && resolve_at(rs, s, c, &in) < 0)
                    return -1;
                if (!s->at && in.space == PROG_SPACE_GLOBAL)
                    in.sugar = sugar_of(rs, s, c, code->n_insns);
                /* Numbered in textual order: destination, then sources. */
                if (reg_number(rs, s->dst, c, s, &in.dst) < 0)
                    goto fail;
                for (int k = 0; k < s->n_src; k++)
                    if (reg_number(rs, s->src[k], c, s, &in.src[k]) < 0)
                        goto fail;
                emit(code, &in);
                if (__builtin_add_overflow(code->dynamic_insns,
                                           rs->mult[rs->depth],
                                           &code->dynamic_insns))
                    return err_set(rs->err, rs->ast->file, s->line,
                                   s->column, "the program executes more "
                                   "than %llu instructions per invocation",
                                   (unsigned long long)UINT64_MAX);
                continue;
            fail:   /* not emitted: its expressions are not the code's */
                addr_expr_free((addr_expr *)in.at);
                addr_expr_free((addr_expr *)in.sugar);
                return -1;
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
    if (n_insns > PROG_MAX_INSNS) {
        err_set(err, ast->file, ast->line, ast->column,
                "program too large: %llu instructions once "
                "elements_per_invocation = %u copies the body (at most %u: "
                "a smaller elements_per_invocation or a shorter body)",
                (unsigned long long)n_insns, copies, PROG_MAX_INSNS);
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
        .shape = shape,
    };
    if (layout_buffers(&rs) < 0)
        return NULL;
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
    uint64_t elements = k->elements_expr[0] ? 0 : k->elements;
    uint32_t epi = k->elements_per_invocation;
    return (prog_shape){
        .workgroup_x = k->workgroup[0],
        .workgroup_y = k->workgroup[1],
        .workgroup_z = k->workgroup[2],
        .workgroup_size = cusim_kernel_workgroup_size(k),
        .simd_width = width,
        .elements_per_invocation = epi,
        .elements = elements,
        .invocations = epi ? (elements + epi - 1) / epi : 0,
        .grid_x = k->grid_x,
        .shared_bytes = k->shared_bytes,
        .buffers = k->buffers,
        .n_buffers = k->n_buffers,
        .file = k->file,
    };
}
