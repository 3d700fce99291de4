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
        addr_expr_free((addr_expr *)code->insns[i].cond);
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
    int line;                          /* the statement being emitted's
                                          file line (prog_insn.line) */
    expr_env env;
    cusim_error *err;
    prog_code *code;
    uint32_t copies;                   /* elements_per_invocation */
    size_t *slot;
    uint32_t *number;
    uint32_t loops[PROG_MAX_DEPTH];    /* open PROG_LOOP indices */
    uint64_t mult[PROG_MAX_DEPTH + 1]; /* iterations of each depth */
    int depth;
    uint32_t ifs[PROG_MAX_DEPTH];      /* open PROG_IF indices */
    uint32_t elses[PROG_MAX_DEPTH];    /* their PROG_ELSE, or UNNUMBERED */
    int if_depth;
    uint32_t div_depth;                /* open ifs and per-lane repeats */
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

/* Appends `in`, from the statement at file line rs->line. */
static void emit(resolver *rs, const prog_insn *in)
{
    prog_code *code = rs->code;
    code->insns[code->n_insns] = *in;
    code->insns[code->n_insns++].line = rs->line;
}

/* ------------------------------------------------------------ addresses */

#define BUFFER_ALIGN 4096u
/* The iterations a per-lane repeat counts for in a pattern's addresses
 * (its count is not known when resolved): docs/isa.md "Addresses". */
#define LANE_LOOP_SPAN 65536u
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
        in->params = strcmp(sh->buffers[s->at_buffer].name, "params") == 0;
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
    for (int d = 0; d < 3 && d < rs->depth; d++) {
        const prog_insn *loop = &rs->code->insns[rs->loops[rs->depth - 1 - d]];
        c[d] = loop->cond ? LANE_LOOP_SPAN : loop->count;
    }
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
        /* strided:0, every lane on one element: an index with no per-lane
         * name, a uniform load (addr_is_uniform) */
        if (s->stride == 0)
            snprintf(full, sizeof full, "0");
        else
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

/* Resolves a condition or per-lane count (statement s's `cond`) for body
 * copy `copy` into *out. */
static int resolve_cond(resolver *rs, const prog_stmt *s, uint32_t copy,
                        const addr_expr **out)
{
    addr_bind b = bind_of(rs->shape, copy);
    b.bytes = 1;
    b.length = 1;
    addr_error xe;
    addr_expr *x = addr_resolve(s->cond, &b, &xe);
    if (!x) {
        /* its messages speak of an address: this is a condition or count */
        char *at = strstr(xe.message, " in the address");
        if (at)
            snprintf(at, sizeof xe.message - (size_t)(at - xe.message),
                     " in the %s (the divisor is always 0)",
                     s->kind == STMT_IF ? "condition" : "count");
        return err_set(rs->err, rs->ast->file, s->cond_line,
                       s->cond_column + (int)xe.offset, "%s", xe.message);
    }
    *out = x;
    return 0;
}

/* The index of the statement closing the block statement `i` opens (its
 * STMT_END or STMT_ENDIF; an if's STMT_ELSE is inside). */
static uint32_t block_end(const stmt_list *l, uint32_t i)
{
    int depth = 0;
    for (uint32_t j = i; j < l->n; j++) {
        stmt_kind k = l->v[j].kind;
        depth += k == STMT_REPEAT || k == STMT_IF;
        depth -= k == STMT_END || k == STMT_ENDIF;
        if (depth == 0)
            return j;
    }
    abort();   /* the parser closed every block */
}

static int emit_stmts(resolver *rs, const stmt_list *l, uint32_t from,
                      uint32_t to, uint32_t c0, uint32_t copies);

/* Emits an if or repeat statement (at `i` of l) that opens a block. */
static int emit_open(resolver *rs, const prog_stmt *s, uint32_t c0)
{
    prog_code *code = rs->code;
    prog_insn in = { .dst = PROG_NO_REG,
                     .src = { PROG_NO_REG, PROG_NO_REG, PROG_NO_REG } };
    if (s->cond && resolve_cond(rs, s, c0, &in.cond) < 0)
        return -1;
    if (s->cond && ++rs->div_depth > code->div_depth)
        code->div_depth = rs->div_depth;
    if (s->kind == STMT_IF) {
        int64_t v;
        if (addr_const_value(in.cond, &v) && v == 0 && !code->dead_if_line) {
            code->dead_if_line = s->line;
            code->dead_if_column = s->column;
        }
        in.op = PROG_IF;
        rs->ifs[rs->if_depth] = code->n_insns;
        rs->elses[rs->if_depth++] = UNNUMBERED;
        emit(rs, &in);
        return 0;
    }
    in.op = PROG_LOOP;
    if (!s->cond && eval_count(rs, s, &in.count) < 0)
        return -1;
    /* A per-lane repeat's iterations are charged as they run: nothing
     * inside it counts here (prog_code.dynamic_insns). */
    uint64_t m = s->cond ? 0 : rs->mult[rs->depth] * in.count;
    if (in.count && m / in.count != rs->mult[rs->depth]) {
        addr_expr_free((addr_expr *)in.cond);
        return err_set(rs->err, rs->ast->file, s->line, s->column,
                       "the program executes more than %llu "
                       "instructions per invocation",
                       (unsigned long long)UINT64_MAX);
    }
    rs->loops[rs->depth++] = code->n_insns;
    rs->mult[rs->depth] = m;
    emit(rs, &in);
    return 0;
}

/* Emits the close of the innermost open block: `kind` is STMT_END,
 * STMT_ELSE or STMT_ENDIF. */
static void emit_close(resolver *rs, stmt_kind kind)
{
    prog_code *code = rs->code;
    prog_insn in = { .dst = PROG_NO_REG,
                     .src = { PROG_NO_REG, PROG_NO_REG, PROG_NO_REG } };
    if (kind == STMT_END) {
        uint32_t start = rs->loops[--rs->depth];
        rs->div_depth -= code->insns[start].cond != NULL;
        in.op = PROG_ENDLOOP;
        in.jump = start;
        code->insns[start].jump = code->n_insns;
        emit(rs, &in);
        return;
    }
    int d = rs->if_depth - 1;
    if (kind == STMT_ENDIF && rs->elses[d] == UNNUMBERED)
        emit_close(rs, STMT_ELSE);   /* an if without else: an empty one */
    if (kind == STMT_ELSE) {
        in.op = PROG_ELSE;
        code->insns[rs->ifs[d]].jump = code->n_insns;
        rs->elses[d] = code->n_insns;
        emit(rs, &in);
        return;
    }
    in.op = PROG_ENDIF;
    in.jump = rs->ifs[d];
    code->insns[rs->elses[d]].jump = code->n_insns;
    rs->if_depth--;
    rs->div_depth--;
    emit(rs, &in);
}

/* The shuffle and alu pairs a reduce takes on subgroups `width` lanes
 * wide: ceil(log2(width)), the butterfly's levels. */
static uint32_t reduce_steps(uint32_t width)
{
    uint32_t steps = 0;
    while (steps < 32 && (1u << steps) < width)
        steps++;
    return steps;
}

/* The entries one copy of statement s resolves to. */
static uint32_t insn_entries(const prog_stmt *s, uint32_t width)
{
    if (s->op != ISA_OP_REDUCE)
        return 1;
    uint32_t steps = reduce_steps(width);
    return steps ? 2 * steps : 1;
}

/* Emits reduce `in` (statement s, its registers numbered): d = the combination of a over
 * the subgroup's lanes, as compilers write subgroupAdd (a butterfly: t =
 * shuffle(a); d = a op t; then t = shuffle(d); d = d op t, log2(width)
 * times), t a register of its own; on a subgroup of one lane, d = a. */
static int emit_reduce(resolver *rs, const prog_stmt *s, const prog_insn *in)
{
    prog_code *code = rs->code;
    uint16_t d = in->dst, a = in->src[0], t = PROG_NO_REG;
    uint32_t steps = reduce_steps(rs->shape->simd_width);
    if (steps > 0) {
        if (code->n_regs == PROG_NO_REG)
            return err_set(rs->err, rs->ast->file, s->line, s->column,
                           "program needs more than %d registers (with "
                           "elements_per_invocation = %u)", PROG_NO_REG,
                           rs->copies);
        t = (uint16_t)code->n_regs++;
    }
    for (uint32_t k = 0; k < (steps ? steps : 1); k++) {
        prog_insn x = { .dst = PROG_NO_REG,
                        .src = { PROG_NO_REG, PROG_NO_REG, PROG_NO_REG } };
        if (steps) {
            x.op = ISA_OP_SHUFFLE;
            x.n_src = 1;
            x.dst = t;
            x.src[0] = k == 0 ? a : d;
            emit(rs, &x);
        }
        x.op = ISA_OP_ALU;
        x.dst = d;
        x.n_src = steps ? 2 : 1;
        x.src[0] = k == 0 ? a : d;
        x.src[1] = steps ? t : PROG_NO_REG;
        emit(rs, &x);
    }
    return 0;
}

/* Records, the first time, an at=shared[EXPR] (`x`, of statement s)
 * that an active lane of workgroup 0 indexes outside shared_bytes with:
 * every subgroup of the workgroup, its lanes masked by the open ifs'
 * conditions, at the first and the last iteration of each of its three
 * innermost uniform repeats (0 of a per-lane one, whose lanes that
 * repeat it 0 times are left out). Addresses wrap (docs/isa.md), so such
 * a kernel runs; the caller warns. At most 8 x (open ifs + per-lane
 * repeats + 1) passes over the workgroup's lanes per instruction and body
 * copy. */
static void check_shared(resolver *rs, const prog_stmt *s,
                         const addr_expr *x)
{
    prog_code *code = rs->code;
    const prog_shape *sh = rs->shape;
    uint32_t last[3] = { 0, 0, 0 };
    for (int d = 0; d < 3 && d < rs->depth; d++) {
        const prog_insn *loop = &code->insns[rs->loops[rs->depth - 1 - d]];
        if (!loop->cond && loop->count == 0)
            return;                    /* never runs */
        last[d] = loop->cond ? 0 : loop->count - 1;
    }
    uint32_t width = sh->simd_width ? sh->simd_width : 1;
    if (width > ADDR_MAX_LANES)
        return;
    int64_t v[ADDR_MAX_LANES];
    uint64_t mask[ADDR_MAX_LANES / 64];
    const uint64_t elems = addr_elements(x);
    for (uint32_t k = 0; k < 8; k++)
        for (uint32_t sg = 0; sg * width < sh->workgroup_size; sg++) {
            addr_ctx c = { .wg = 0, .sg = sg, .width = width,
                           .it = { k & 1 ? last[0] : 0, k & 2 ? last[1] : 0,
                                   k & 4 ? last[2] : 0 } };
            uint32_t lanes = sh->workgroup_size - sg * width;
            if (lanes > width)
                lanes = width;
            memset(mask, 0, sizeof mask);
            for (uint32_t l = 0; l < lanes; l++)
                mask[l / 64] |= 1ull << (l % 64);
            bool div0 = false;
            for (int d = 0; d < 3 && d < rs->depth && !div0; d++) {
                const prog_insn *loop =
                    &code->insns[rs->loops[rs->depth - 1 - d]];
                if (!loop->cond)
                    continue;
                /* its count, where `it` is the iteration outside it */
                addr_ctx o = c;
                for (int e = 0; e < 3; e++)
                    o.it[e] = d + 1 + e < 3 ? c.it[d + 1 + e] : 0;
                div0 = addr_values(loop->cond, &o, mask, v) != 0;
                for (uint32_t l = 0; l < lanes && !div0; l++)
                    if (v[l] <= 0)
                        mask[l / 64] &= ~(1ull << (l % 64));
            }
            for (int d = 0; d < rs->if_depth && !div0; d++) {
                const prog_insn *f = &code->insns[rs->ifs[d]];
                bool taken = rs->elses[d] == UNNUMBERED;   /* its first side */
                div0 = addr_values(f->cond, &c, mask, v) != 0;
                for (uint32_t l = 0; l < lanes && !div0; l++)
                    if ((v[l] != 0) != taken)
                        mask[l / 64] &= ~(1ull << (l % 64));
            }
            if (div0 || addr_values(x, &c, mask, v) != 0)
                continue;
            for (uint32_t l = 0; l < lanes; l++)
                if (mask[l / 64] >> (l % 64) & 1
                    && (v[l] < 0 || (uint64_t)v[l] >= elems)) {
                    code->wrap_line = s->at_line;
                    code->wrap_column = s->at_column;
                    code->wrap_index = v[l];
                    code->wrap_elements = elems;
                    return;
                }
        }
}

/* Emits instruction statement s for body copies c0 .. c0 + copies - 1, one
 * after another. */
static int emit_insn(resolver *rs, const prog_stmt *s, uint32_t c0,
                     uint32_t copies)
{
    prog_code *code = rs->code;
    prog_insn in = { .dst = PROG_NO_REG,
                     .src = { PROG_NO_REG, PROG_NO_REG, PROG_NO_REG } };
    in.op = (uint16_t)s->op;
    in.n_src = s->n_src;
    in.pattern = s->pattern;
    in.bytes = s->bytes;
    in.stride = s->stride;
    const isa_info *info = isa_get(s->op);
    bool memory = info->form == ISA_FORM_LOAD || info->form == ISA_FORM_STORE;
    in.space = !memory ? PROG_SPACE_NONE
               : info->unit == CUSIM_UNIT_SHARED ? PROG_SPACE_SHARED
               : PROG_SPACE_GLOBAL;
    if (in.space == PROG_SPACE_SHARED && rs->shape->shared_bytes == 0)
        return err_set(rs->err, rs->ast->file, s->line, s->column,
                       "%s: the workgroup has no shared memory "
                       "(shared_bytes is 0 at this launch shape)",
                       info->mnemonic);
    for (uint32_t c = c0; c < c0 + copies; c++) {
        in.at = NULL;
        in.sugar = NULL;
        if (s->at && resolve_at(rs, s, c, &in) < 0)
            return -1;
        if (s->at && in.space == PROG_SPACE_SHARED && !code->wrap_line
            && (c == c0 || c == c0 + copies - 1))
            check_shared(rs, s, in.at);
        if (!s->at && in.space == PROG_SPACE_GLOBAL)
            in.sugar = sugar_of(rs, s, c, code->n_insns);
        /* Numbered in textual order: destination, then sources. */
        if (reg_number(rs, s->dst, c, s, &in.dst) < 0)
            goto fail;
        for (int k = 0; k < s->n_src; k++)
            if (reg_number(rs, s->src[k], c, s, &in.src[k]) < 0)
                goto fail;
        uint64_t n = insn_entries(s, rs->shape->simd_width);
        if (s->op == ISA_OP_REDUCE) {
            if (emit_reduce(rs, s, &in) < 0)
                return -1;
        } else {
            emit(rs, &in);
        }
        uint64_t add;
        if (__builtin_mul_overflow(n, rs->mult[rs->depth], &add)
            || __builtin_add_overflow(code->dynamic_insns, add,
                                      &code->dynamic_insns))
            return err_set(rs->err, rs->ast->file, s->line, s->column,
                           "the program executes more than %llu "
                           "instructions per invocation",
                           (unsigned long long)UINT64_MAX);
        continue;
    fail:   /* not emitted: its expressions are not the code's */
        addr_expr_free((addr_expr *)in.at);
        addr_expr_free((addr_expr *)in.sugar);
        return -1;
    }
    return 0;
}

/* Emits statements [from, to) of l for body copies c0 .. c0 + copies - 1
 * (1 copy for the once part, E for the body: instructions one copy after
 * another in place, control once for all). A block whose condition or
 * per-lane count names `e` differs from copy to copy: it is emitted whole
 * once per copy instead. */
static int emit_stmts(resolver *rs, const stmt_list *l, uint32_t from,
                      uint32_t to, uint32_t c0, uint32_t copies)
{
    for (uint32_t i = from; i < to; i++) {
        const prog_stmt *s = &l->v[i];
        rs->line = s->line;
        switch (s->kind) {
        case STMT_INSN:
            if (emit_insn(rs, s, c0, copies) < 0)
                return -1;
            break;
        case STMT_REPEAT:
        case STMT_IF:
            if (copies > 1 && s->cond && addr_src_names_e(s->cond)) {
                uint32_t end = block_end(l, i);
                for (uint32_t c = c0; c < c0 + copies; c++)
                    if (emit_stmts(rs, l, i, end + 1, c, 1) < 0)
                        return -1;
                i = end;
            } else if (emit_open(rs, s, c0) < 0) {
                return -1;
            }
            break;
        case STMT_END:
        case STMT_ELSE:
        case STMT_ENDIF:
            emit_close(rs, s->kind);
            break;
        }
    }
    return 0;
}

/* The entries statements [from, to) of l resolve to for `copies` body
 * copies (as emit_stmts emits them: an if is always three entries). */
static uint64_t count_entries(const stmt_list *l, uint32_t from, uint32_t to,
                              uint32_t copies, uint32_t width)
{
    uint64_t n = 0;
    for (uint32_t i = from; i < to; i++) {
        const prog_stmt *s = &l->v[i];
        switch (s->kind) {
        case STMT_INSN:
            n += (uint64_t)copies * insn_entries(s, width);
            break;
        case STMT_REPEAT:
        case STMT_IF:
            if (copies > 1 && s->cond && addr_src_names_e(s->cond)) {
                uint32_t end = block_end(l, i);
                n += copies * count_entries(l, i, end + 1, 1, width);
                i = end;
            } else {
                n += s->kind == STMT_IF ? 2 : 1;   /* an if's else too */
            }
            break;
        case STMT_END:
        case STMT_ENDIF:
            n++;
            break;
        case STMT_ELSE:
            break;
        }
    }
    return n;
}

/* Calls `each(rs, r, s)` for every per-copy register r the after block
 * reads (the first statement s reading it), once each, in the order of
 * first reading; returns how many. */
static uint32_t after_reads(resolver *rs, int (*each)(resolver *, uint32_t,
                                                      const prog_stmt *))
{
    const prog_ast *ast = rs->ast;
    uint32_t n = 0;
    for (uint32_t i = 0; i < ast->after.n; i++) {
        const prog_stmt *s = &ast->after.v[i];
        for (int k = 0; k < s->n_src; k++) {
            uint32_t r = s->src[k];
            bool first = ast->regs[r].per_copy;
            for (uint32_t j = 0; j <= i && first; j++) {
                const prog_stmt *t = &ast->after.v[j];
                for (int m = 0; m < (j == i ? k : t->n_src) && first; m++)
                    first = t->src[m] != r;
            }
            if (!first)
                continue;
            n++;
            if (each && each(rs, r, s) < 0)
                return UINT32_MAX;
        }
    }
    return n;
}

/* The after block reads per-copy register r: its copies are combined into
 * copy 0's, as a compiler combines partial results, by E - 1 alu in a
 * tree (copy i += copy i + s for s = 1, 2, 4, ...: ceil(log2 E) deep). */
static int emit_combine(resolver *rs, uint32_t r, const prog_stmt *s)
{
    rs->line = s->line;
    for (uint32_t step = 1; step < rs->copies; step *= 2)
        for (uint32_t i = 0; i + step < rs->copies; i += 2 * step) {
            prog_insn in = { .op = ISA_OP_ALU, .n_src = 2,
                             .src = { PROG_NO_REG, PROG_NO_REG,
                                      PROG_NO_REG } };
            if (reg_number(rs, r, i, s, &in.dst) < 0
                || reg_number(rs, r, i, s, &in.src[0]) < 0
                || reg_number(rs, r, i + step, s, &in.src[1]) < 0)
                return -1;
            emit(rs, &in);
            rs->code->dynamic_insns++;
        }
    return 0;
}

/* Sets each per-lane PROG_LOOP's `body`: the instructions one iteration
 * executes, uniform repeats inside multiplied out, per-lane ones inside
 * left out (they charge their own). */
static void lane_loop_bodies(prog_code *code)
{
    for (uint32_t i = 0; i < code->n_insns; i++) {
        prog_insn *loop = &code->insns[i];
        if (loop->op != PROG_LOOP || !loop->cond)
            continue;
        uint64_t mult[PROG_MAX_DEPTH + 1] = { 1 }, body = 0;
        int depth = 0;
        for (uint32_t j = i + 1; j < loop->jump; j++) {
            const prog_insn *in = &code->insns[j];
            if (in->op == PROG_LOOP && in->cond) {
                j = in->jump;   /* charges its own */
            } else if (in->op == PROG_LOOP) {
                uint64_t m = mult[depth] * in->count;
                if (in->count && m / in->count != mult[depth])
                    m = UINT64_MAX;
                mult[++depth] = m;
            } else if (in->op == PROG_ENDLOOP) {
                depth--;
            } else if (in->op < ISA_OP_COUNT
                       && __builtin_add_overflow(body, mult[depth], &body)) {
                body = UINT64_MAX;
            }
        }
        loop->body = body;
    }
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
    uint32_t w = shape->simd_width;
    uint64_t n_insns = count_entries(&ast->once, 0, ast->once.n, 1, w)
                       + count_entries(&ast->body, 0, ast->body.n, copies, w)
                       + count_entries(&ast->after, 0, ast->after.n, 1, w);
    resolver probe = { .ast = ast };
    n_insns += (uint64_t)after_reads(&probe, NULL) * (copies - 1);
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
    int rc = emit_stmts(&rs, &ast->once, 0, ast->once.n, 0, 1);
    code->once_len = code->n_insns;
    if (rc == 0)
        rc = emit_stmts(&rs, &ast->body, 0, ast->body.n, 0, copies);
    if (rc == 0 && copies > 1 && after_reads(&rs, emit_combine) == UINT32_MAX)
        rc = -1;
    if (rc == 0)
        rc = emit_stmts(&rs, &ast->after, 0, ast->after.n, 0, 1);
    if (rc == 0)
        lane_loop_bodies(code);
    free(rs.slot);
    free(rs.number);
    if (rc < 0) {
        prog_code_free(code);
        return NULL;
    }
    code->live_registers = prog_live_peak(code);
    return code;
}

/* Public (cusim.h), and here rather than with the loader's entry points
 * (config/api.c): the workgroup's size is part of the launch shape, and
 * the program layer sits below the config layer (docs/architecture.md). */
uint32_t cusim_kernel_workgroup_size(const cusim_kernel *k)
{
    return k->workgroup[0] * k->workgroup[1] * k->workgroup[2];
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
