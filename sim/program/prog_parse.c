/*
 * prog_parse.c — the synthetic ISA's text form (docs/isa.md): a
 * line-oriented parser into a statement list.
 *
 * Parsing keeps two statement lists, `once` and `body` (a program without
 * blocks is all body). Each list is flat: a `repeat` is a STMT_REPEAT
 * holding its count expression, its `}` a STMT_END. Registers are interned
 * by name; a name written anywhere in the body is marked per-copy.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "lex.h"
#include "prog_int.h"
#include "suggest.h"
#include "xalloc.h"

/* --------------------------------------------------------------- the AST */


static void stmt_list_free(stmt_list *l)
{
    for (uint32_t i = 0; i < l->n; i++) {
        expr_free(l->v[i].count);
        addr_src_free(l->v[i].at);
        addr_src_free(l->v[i].cond);
    }
    free(l->v);
}

void prog_ast_free(prog_ast *ast)
{
    if (!ast)
        return;
    stmt_list_free(&ast->once);
    stmt_list_free(&ast->body);
    stmt_list_free(&ast->after);
    for (uint32_t i = 0; i < ast->n_regs; i++)
        free(ast->regs[i].name);
    free(ast->regs);
    free(ast->file);
    free(ast);
}

bool prog_body_fixed_address(const prog_ast *ast, int *line, int *column,
                             uint32_t *buffer, const char **text)
{
    for (uint32_t i = 0; ast && i < ast->body.n; i++) {
        const prog_stmt *s = &ast->body.v[i];
        if (s->kind == STMT_INSN && s->at && s->at_space == PROG_SPACE_GLOBAL
            && addr_src_names_workgroup(s->at) && !addr_src_names_e(s->at)) {
            *line = s->at_line;
            *column = s->at_column;
            *buffer = s->at_buffer;
            *text = addr_src_text(s->at);
            return true;
        }
    }
    return false;
}

/* Fills `to` with a copy of `from`: each count parsed again from its text
 * (which parsed before, so it parses again), its columns moved so that
 * offsets into the text without its leading blanks land where they did. */
static void stmt_list_clone(stmt_list *to, const stmt_list *from)
{
    *to = *from;
    to->v = xrealloc_array(NULL, from->cap ? from->cap : 1, sizeof *to->v);
    for (uint32_t i = 0; i < from->n; i++) {
        prog_stmt *s = &to->v[i];
        *s = from->v[i];
        s->at = addr_src_clone(from->v[i].at);
        s->cond = addr_src_clone(from->v[i].cond);
        if (!s->count)
            continue;
        const char *text = expr_text(from->v[i].count);
        expr_error xe;
        s->count = expr_parse(text, strlen(text), &xe);
        if (!s->count)
            abort();   /* the same text parsed when the program did */
        s->count_column += (int)s->count_start;
        s->count_start = 0;
    }
}

prog_ast *prog_ast_clone(const prog_ast *ast)
{
    if (!ast)
        return NULL;
    prog_ast *c = xmalloc(sizeof *c);
    *c = *ast;
    c->file = xstrdup(ast->file);
    stmt_list_clone(&c->once, &ast->once);
    stmt_list_clone(&c->body, &ast->body);
    stmt_list_clone(&c->after, &ast->after);
    c->regs = xrealloc_array(NULL, ast->cap_regs ? ast->cap_regs : 1,
                             sizeof *c->regs);
    for (uint32_t i = 0; i < ast->n_regs; i++)
        c->regs[i] = (prog_reg){ xstrdup(ast->regs[i].name),
                                 ast->regs[i].per_copy };
    return c;
}

/* ---------------------------------------------------------------- parser */

typedef enum block_kind {
    BLOCK_ONCE, BLOCK_BODY, BLOCK_AFTER, BLOCK_REPEAT, BLOCK_IF, BLOCK_ELSE
} block_kind;

static const char *const block_names[] = { "once", "body", "after", "repeat",
                                           "if", "else" };

/* Whether the top level holds instructions or once/body blocks; the two
 * cannot mix. */
typedef enum top_kind { TOP_EMPTY, TOP_BARE, TOP_BLOCKS } top_kind;

typedef struct parser {
    prog_ast *ast;
    cusim_error *err;
    const char *text;                  /* the whole program text */
    size_t text_len;
    const int *map;                    /* prog_src's byte map, or NULL */
    const cusim_buffer *buffers;       /* what at= may name */
    int n_buffers;
    const char *line;                  /* the current line, comment cut */
    size_t len;
    int lineno;                        /* 1-based line in the text */
    top_kind top;
    stmt_list *cur;                    /* where statements go; NULL
                                          between blocks */
    struct {
        block_kind kind;
        int line, column;              /* file location of its keyword */
    } open[2 * PROG_MAX_DEPTH + 1];    /* once/body plus nested repeats
                                          and ifs */
    int depth, repeats, ifs;           /* open blocks, repeats, ifs */
    int seen_line[3];                  /* file line of once / body / after,
                                          or 0 */
} parser;

/* The file line and column of byte `offset` of the current line. */
static int file_line(const parser *p, size_t offset)
{
    if (p->map) {
        size_t i = (size_t)(p->line - p->text) + offset;
        return p->map[2 * (i < p->text_len ? i : p->text_len - 1)];
    }
    return p->ast->line + p->lineno - 1;
}

static int file_column(const parser *p, size_t offset)
{
    if (p->map) {
        size_t i = (size_t)(p->line - p->text) + offset;
        return p->map[2 * (i < p->text_len ? i : p->text_len - 1) + 1]
               + (i < p->text_len ? 0 : (int)(i - p->text_len + 1));
    }
    return p->ast->column + (int)offset;
}

/* Fails at byte `offset` of the current line. */
static int fail(parser *p, size_t offset, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(parser *p, size_t offset, const char *fmt, ...)
{
    char msg[sizeof p->err->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return err_set(p->err, p->ast->file, file_line(p, offset),
                   file_column(p, offset), "%s", msg);
}

static size_t skip_blanks(const parser *p, size_t pos)
{
    while (pos < p->len && lex_is_blank(p->line[pos]))
        pos++;
    return pos;
}

/* End of the identifier starting at `pos` ([A-Za-z_][A-Za-z0-9_]*). */
static size_t ident_end(const parser *p, size_t pos)
{
    if (pos >= p->len || !lex_is_ident_start(p->line[pos]))
        return pos;
    while (pos < p->len && lex_is_ident_char(p->line[pos]))
        pos++;
    return pos;
}

static bool span_is(const char *s, size_t n, const char *word)
{
    return strlen(word) == n && memcmp(s, word, n) == 0;
}

/* Describes the character at `pos` for "found ..." in messages. */
static const char *found(const parser *p, size_t pos, char buf[8])
{
    if (pos >= p->len)
        return "the end of the line";
    snprintf(buf, 8, "'%c'", p->line[pos]);
    return buf;
}


static prog_stmt *stmt_add(stmt_list *l, stmt_kind kind, int line,
                           int column)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->v = xrealloc_array(l->v, l->cap, sizeof *l->v);
    }
    prog_stmt *s = &l->v[l->n++];
    *s = (prog_stmt){ .kind = kind, .line = line, .column = column,
                      .op = ISA_OP_COUNT, .dst = STMT_NO_REG,
                      .src = { STMT_NO_REG, STMT_NO_REG, STMT_NO_REG } };
    return s;
}

/* The index of register `name` (interned on first sight). Linear search:
 * programs name a few dozen registers. */
static uint32_t reg_intern(prog_ast *ast, const char *name, size_t n)
{
    for (uint32_t i = 0; i < ast->n_regs; i++)
        if (span_is(name, n, ast->regs[i].name))
            return i;
    if (ast->n_regs == ast->cap_regs) {
        ast->cap_regs = ast->cap_regs ? 2 * ast->cap_regs : 16;
        ast->regs = xrealloc_array(ast->regs, ast->cap_regs, sizeof *ast->regs);
    }
    ast->regs[ast->n_regs] = (prog_reg){ xstrndup(name, n), false };
    return ast->n_regs++;
}

/* Checks that an instruction or a repeat may stand where it is, and makes
 * sure there is a list to put it in. */
static int place_statement(parser *p, size_t offset, const char *what)
{
    if (p->depth > 0)
        return 0;
    if (p->top == TOP_BLOCKS)
        return fail(p, offset,
                    "%s outside the once and body blocks (when a program "
                    "has once or body blocks, everything goes inside them)",
                    what);
    p->top = TOP_BARE;
    p->cur = &p->ast->body;
    return 0;
}

static int open_block(parser *p, block_kind kind, size_t offset)
{
    const char *name = block_names[kind];
    if (kind == BLOCK_ONCE || kind == BLOCK_BODY || kind == BLOCK_AFTER) {
        if (p->depth > 0)
            return fail(p, offset,
                        "'%s' block inside '%s' (expected once, body and "
                        "after only at the top level)", name,
                        block_names[p->open[p->depth - 1].kind]);
        if (p->top == TOP_BARE)
            return fail(p, offset,
                        "'%s' block after instructions outside any block "
                        "(when a program has once or body blocks, "
                        "everything goes inside them)", name);
        if (p->seen_line[kind])
            return fail(p, offset, "'%s' given twice (first at line %d)",
                        name, p->seen_line[kind]);
        p->seen_line[kind] = file_line(p, offset);
        p->top = TOP_BLOCKS;
        p->cur = kind == BLOCK_ONCE ? &p->ast->once
                 : kind == BLOCK_BODY ? &p->ast->body : &p->ast->after;
    } else if (kind == BLOCK_REPEAT && p->repeats == PROG_MAX_DEPTH) {
        return fail(p, offset, "repeat blocks nested deeper than %d",
                    PROG_MAX_DEPTH);
    } else if (kind == BLOCK_IF && p->ifs == PROG_MAX_DEPTH) {
        return fail(p, offset, "if blocks nested deeper than %d",
                    PROG_MAX_DEPTH);
    } else if (kind == BLOCK_REPEAT) {
        p->repeats++;
    } else if (kind == BLOCK_IF) {
        p->ifs++;
    }
    p->open[p->depth].kind = kind;
    p->open[p->depth].line = file_line(p, offset);
    p->open[p->depth].column = file_column(p, offset);
    p->depth++;
    return 0;
}

/* `} else {` after the `}` at `offset`: `rest` is where `else` starts. */
static int parse_else(parser *p, size_t offset, size_t rest)
{
    char buf[8];
    size_t end = ident_end(p, rest);
    if (p->depth == 0)
        return fail(p, offset, "unmatched '}' (no block is open)");
    block_kind kind = p->open[p->depth - 1].kind;
    if (kind != BLOCK_IF)
        return fail(p, rest, "'else' after the '}' of %s '%s' block "
                    "(expected it after an if's)", kind == BLOCK_ELSE
                    ? "an" : "a", block_names[kind]);
    size_t pos = skip_blanks(p, end);
    if (pos >= p->len || p->line[pos] != '{')
        return fail(p, pos, "expected '{' after 'else', found %s",
                    found(p, pos, buf));
    size_t tail = skip_blanks(p, pos + 1);
    if (tail < p->len)
        return fail(p, tail, "expected the end of the line after "
                    "'} else {' (the block's lines follow it), found %s",
                    found(p, tail, buf));
    p->open[p->depth - 1].kind = BLOCK_ELSE;
    p->open[p->depth - 1].line = file_line(p, rest);
    p->open[p->depth - 1].column = file_column(p, rest);
    stmt_add(p->cur, STMT_ELSE, file_line(p, rest), file_column(p, rest));
    return 0;
}

/* `}` at `offset`. */
static int close_block(parser *p, size_t offset)
{
    char buf[8];
    size_t rest = skip_blanks(p, offset + 1);
    if (rest < p->len && span_is(p->line + rest, ident_end(p, rest) - rest,
                                 "else"))
        return parse_else(p, offset, rest);
    if (rest < p->len)
        return fail(p, rest, "expected '}' alone on its line, found %s",
                    found(p, rest, buf));
    if (p->depth == 0)
        return fail(p, offset, "unmatched '}' (no block is open)");
    p->depth--;
    block_kind kind = p->open[p->depth].kind;
    if (kind == BLOCK_REPEAT) {
        p->repeats--;
        stmt_add(p->cur, STMT_END, file_line(p, offset),
                 file_column(p, offset));
    } else if (kind == BLOCK_IF || kind == BLOCK_ELSE) {
        p->ifs--;
        stmt_add(p->cur, STMT_ENDIF, file_line(p, offset),
                 file_column(p, offset));
    } else {
        p->cur = NULL;
    }
    return 0;
}

/* `once {` / `body {`: the keyword ends at `end`. */
static int parse_block_line(parser *p, block_kind kind, size_t offset,
                            size_t end)
{
    char buf[8];
    size_t pos = skip_blanks(p, end);
    if (pos >= p->len || p->line[pos] != '{')
        return fail(p, pos, "expected '{' after '%s', found %s",
                    block_names[kind], found(p, pos, buf));
    size_t rest = skip_blanks(p, pos + 1);
    if (rest < p->len)
        return fail(p, rest,
                    "expected the end of the line after '%s {' (the "
                    "block's lines follow it), found %s",
                    block_names[kind], found(p, rest, buf));
    return open_block(p, kind, offset);
}

/* `repeat EXPR {` or `if COND {` (`kind`): the keyword ends at `end`; the
 * expression is everything up to the '{' that ends the line. A repeat's
 * count is a launch-shape count (expr.h) or, when that does not parse but
 * an address expression does (it names lane, gid, it, ...), a count per
 * lane; an if's condition is an address expression. */
static int parse_control(parser *p, block_kind kind, size_t offset,
                         size_t end)
{
    const char *word = block_names[kind];
    size_t last = p->len;
    while (last > end && lex_is_blank(p->line[last - 1]))
        last--;
    if (last == end || p->line[last - 1] != '{')
        return fail(p, last > end ? last - 1 : end,
                    "expected '{' at the end of the '%s' line (the "
                    "block's lines follow it)", word);
    char what[16];
    snprintf(what, sizeof what, "'%s'", word);
    if (place_statement(p, offset, what) < 0)
        return -1;
    const char *text = p->line + end;
    size_t len = last - 1 - end;
    expr *count = NULL;
    addr_src *cond = NULL;
    expr_error xe;
    addr_error ae;
    if (kind == BLOCK_REPEAT) {
        count = expr_parse(text, len, &xe);
        if (!count && !(cond = addr_parse(text, len, ADDR_NAMES_INDEX, &ae)))
            return fail(p, end + xe.offset, "%s", xe.message);
    } else if (!(cond = addr_parse(text, len, ADDR_NAMES_INDEX, &ae))) {
        return fail(p, end + ae.offset, "if: %s", ae.message);
    }
    if (open_block(p, kind, offset) < 0) {
        expr_free(count);
        addr_src_free(cond);
        return -1;
    }
    prog_stmt *s = stmt_add(p->cur, kind == BLOCK_REPEAT ? STMT_REPEAT
                                                         : STMT_IF,
                            file_line(p, offset), file_column(p, offset));
    s->count = count;
    s->count_column = file_column(p, end);
    s->count_start = skip_blanks(p, end) - end;
    s->cond = cond;
    s->cond_line = file_line(p, end);
    s->cond_column = file_column(p, end);
    return 0;
}

/* Parses an unsigned decimal in [min, max] from the `n` bytes at `s`. */
static bool parse_u32(const char *s, size_t n, uint32_t min, uint32_t max,
                      uint32_t *out)
{
    uint64_t v = 0;
    if (n == 0)
        return false;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return false;
        v = v * 10 + (uint64_t)(s[i] - '0');
        if (v > max)
            return false;
    }
    if (v < min)
        return false;
    *out = (uint32_t)v;
    return true;
}

#define PROG_MAX_BYTES 1024

/* `at=BUF[EXPR]`: the value starts at `vpos`; returns the position after
 * its ']', or 0 on error. BUF is `shared` for ld.shared/st.shared, else a
 * buffer of the kernel. */
static size_t parse_at(parser *p, prog_stmt *s, size_t vpos)
{
    const char *mnem = isa_get(s->op)->mnemonic;
    bool shared_op = isa_get(s->op)->unit == CUSIM_UNIT_SHARED;
    char buf[8];
    size_t bend = ident_end(p, vpos);
    if (bend == vpos) {
        fail(p, vpos, "at= needs BUF[EXPR] (a buffer name, or shared, then "
             "the element index in brackets), found %s",
             found(p, vpos, buf));
        return 0;
    }
    const char *name = p->line + vpos;
    size_t nlen = bend - vpos;
    bool is_shared = span_is(name, nlen, "shared");
    if (shared_op && !is_shared) {
        fail(p, vpos, "'%s' addresses the workgroup's shared memory: write "
             "at=shared[EXPR], not '%.*s'", mnem, (int)nlen, name);
        return 0;
    }
    if (!shared_op && is_shared) {
        fail(p, vpos, "at=shared[...] is for ld.shared and st.shared; '%s' "
             "names one of the kernel's buffers", mnem);
        return 0;
    }
    int index = -1;
    for (int i = 0; !is_shared && i < p->n_buffers; i++)
        if (span_is(name, nlen, p->buffers[i].name))
            index = i;
    if (!is_shared && index < 0) {
        const char *cands[CUSIM_MAX_BUFFERS];
        char list[CUSIM_MAX_BUFFERS * (CUSIM_BUFFER_NAME_MAX + 2) + 1];
        size_t used = 0;
        list[0] = '\0';
        for (int i = 0; i < p->n_buffers; i++) {
            cands[i] = p->buffers[i].name;
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
                                     i ? ", " : "", p->buffers[i].name);
        }
        const char *near = suggest_within(name, nlen, cands,
                                          (size_t)p->n_buffers,
                                          nlen > 2 ? 2 : nlen - 1);
        if (near)
            fail(p, vpos, "unknown buffer '%.*s' (did you mean '%s'?)",
                 (int)nlen, name, near);
        else if (p->n_buffers)
            fail(p, vpos, "unknown buffer '%.*s' (the kernel's buffers: "
                 "%s)", (int)nlen, name, list);
        else
            fail(p, vpos, "unknown buffer '%.*s' (the kernel declares no "
                 "buffers: add `buffers: { %.*s: BYTES }`)", (int)nlen, name,
                 (int)nlen, name);
        return 0;
    }
    if (bend >= p->len || p->line[bend] != '[') {
        fail(p, bend, "expected '[' after at=%.*s (the element index goes "
             "in brackets), found %s", (int)nlen, name, found(p, bend, buf));
        return 0;
    }
    size_t open = bend + 1, close = open;
    while (close < p->len && p->line[close] != ']' && p->line[close] != '[')
        close++;
    if (close >= p->len || p->line[close] != ']') {
        fail(p, close >= p->len ? bend : close,
             "expected ']' to close at=%.*s[", (int)nlen, name);
        return 0;
    }
    addr_error xe;
    addr_src *x = addr_parse(p->line + open, close - open, ADDR_NAMES_INDEX,
                             &xe);
    if (!x) {
        fail(p, open + xe.offset, "%s", xe.message);
        return 0;
    }
    s->at = x;
    s->at_space = is_shared ? PROG_SPACE_SHARED : PROG_SPACE_GLOBAL;
    s->at_buffer = (uint8_t)(index < 0 ? 0 : index);
    s->at_line = file_line(p, open);
    s->at_column = file_column(p, open);
    return close + 1;
}

/* One `key=value` modifier of a load or store, at `pos`; returns the
 * position after it, or 0 on error (a modifier never starts a line). */
static size_t parse_modifier(parser *p, prog_stmt *s, size_t pos,
                             bool seen[4])
{
    static const char *const keys[] = { "bytes", "pattern", "at", "op" };
    static const char *const atomic_ops[] = { "add", "min", "max", "exch",
                                              "cas" };
    static const char *const reduce_ops[] = { "add", "min", "max", "and",
                                              "or", "xor" };
    const char *mnem = isa_get(s->op)->mnemonic;
    char buf[8];
    size_t kend = ident_end(p, pos);
    if (kend == pos || kend >= p->len || p->line[kend] != '=') {
        fail(p, pos, "expected a modifier such as bytes=4 or "
             "pattern=coalesced after the operands of '%s', found %s",
             mnem, found(p, pos, buf));
        return 0;
    }
    const char *key = p->line + pos;
    size_t klen = kend - pos;
    int which = span_is(key, klen, "bytes") ? 0
              : span_is(key, klen, "pattern") ? 1
              : span_is(key, klen, "at") ? 2
              : span_is(key, klen, "op") ? 3 : -1;
    bool reduce = s->op == ISA_OP_REDUCE;
    if (which == 3 && !isa_is_atomic(s->op) && !reduce) {
        fail(p, pos, "'%s' takes no op= (it is for atom.global, "
             "atom.shared and reduce)", mnem);
        return 0;
    }
    if (reduce && which != 3) {
        fail(p, pos, "'reduce' takes only op= (add, min, max, and, or or "
             "xor)");
        return 0;
    }
    if (which < 0) {
        const char *near = suggest_within(key, klen, keys, 4, 2);
        if (near)
            fail(p, pos, "unknown modifier '%.*s' (did you mean '%s'?)",
                 (int)klen, key, near);
        else
            fail(p, pos, "unknown modifier '%.*s' (expected bytes=N, "
                 "pattern=coalesced|strided:N|random or at=BUF[EXPR])",
                 (int)klen, key);
        return 0;
    }
    if (seen[which]) {
        fail(p, pos, "'%s=' given twice", keys[which]);
        return 0;
    }
    if ((which == 1 && seen[2]) || (which == 2 && seen[1])) {
        fail(p, pos, "'%s=' with '%s=': at= says where the lanes go and "
             "pattern= is its older shorthand (give one)", keys[which],
             keys[3 - which]);
        return 0;
    }
    seen[which] = true;
    if (which == 2)
        return parse_at(p, s, kend + 1);
    size_t vpos = kend + 1, vend = vpos;
    while (vend < p->len && !lex_is_blank(p->line[vend]))
        vend++;
    const char *val = p->line + vpos;
    size_t vlen = vend - vpos;
    if (which == 3) {
        const char *const *ops = reduce ? reduce_ops : atomic_ops;
        int n_ops = reduce ? ISA_REDUCE_COUNT : ISA_ATOMIC_COUNT;
        for (int i = 0; i < n_ops; i++)
            if (span_is(val, vlen, ops[i]))
                return vend;   /* every op costs the same: not kept */
        fail(p, vpos, "unknown %s op '%.*s' (expected %s)",
             reduce ? "reduce" : "atomic", (int)vlen, val,
             reduce ? "add, min, max, and, or or xor"
                    : "add, min, max, exch or cas");
        return 0;
    }
    if (which == 0) {
        if (!parse_u32(val, vlen, 1, PROG_MAX_BYTES, &s->bytes)) {
            fail(p, vpos, "bytes= must be a whole number from 1 to %d, "
                 "found '%.*s'", PROG_MAX_BYTES, (int)vlen, val);
            return 0;
        }
    } else if (span_is(val, vlen, "coalesced")) {
        s->pattern = ISA_PATTERN_COALESCED;
    } else if (span_is(val, vlen, "random")) {
        s->pattern = ISA_PATTERN_RANDOM;
    } else if (vlen >= 8 && memcmp(val, "strided:", 8) == 0) {
        if (!parse_u32(val + 8, vlen - 8, 0, UINT32_MAX, &s->stride)) {
            fail(p, vpos + 8, "pattern=strided:N needs a whole number "
                 "N >= 0 (0: every lane the same element), found '%.*s'",
                 (int)(vlen - 8), val + 8);
            return 0;
        }
        s->pattern = ISA_PATTERN_STRIDED;
    } else {
        fail(p, vpos, "unknown pattern '%.*s' (expected coalesced, "
             "strided:N or random)", (int)vlen, val);
        return 0;
    }
    return vend;
}

/* The operand text each form expects, for messages. */
static const char *form_operands(isa_form form)
{
    switch (form) {
    case ISA_FORM_DST_SRCS: return "DEST[, SRC]... (at most 3 sources)";
    case ISA_FORM_LOAD: return "DEST, ADDR";
    case ISA_FORM_STORE: return "VALUE, ADDR; a store has no destination";
    case ISA_FORM_NONE: return "no operands";
    }
    return "";
}

/* Mnemonics and block keywords, for did-you-mean on the first word. */
static const char *const first_words[] = {
#define OP(id, mnem, unit, lat, form) mnem,
#include "opcodes.def"
#undef OP
    "repeat", "once", "body", "if", "after",
};

/* An instruction whose opcode spans [offset, end). */
static int parse_insn(parser *p, size_t offset, size_t end)
{
    const char *word = p->line + offset;
    size_t wlen = end - offset;
    char buf[8];
    isa_op op = isa_lookup(word, wlen);
    if (op == ISA_OP_COUNT) {
        static const char *const control[] = { "for", "while", "do", "loop",
                                               "switch", "elif", "goto" };
        if (span_is(word, wlen, "else"))
            return fail(p, offset, "'else' goes on the line of its if's "
                        "closing brace: '} else {'");
        for (size_t i = 0; i < sizeof control / sizeof *control; i++)
            if (strlen(control[i]) == wlen
                && strncmp(control[i], word, wlen) == 0)
                return fail(p, offset, "'%.*s': a program's control flow is "
                            "'repeat N { ... }' and 'if COND { ... } else "
                            "{ ... }' inside 'once { ... }' and "
                            "'body { ... }' (docs/isa.md)",
                            (int)wlen, word);
        /* a suggestion only when close: at most a third of the word */
        size_t n_words = sizeof first_words / sizeof *first_words;
        size_t edits = wlen / 3 < 2 ? wlen / 3 : 2;
        const char *near = edits ? suggest_within(word, wlen, first_words,
                                                  n_words, edits)
                                 : NULL;
        if (near)
            return fail(p, offset,
                        "unknown opcode '%.*s' (did you mean '%s'?)",
                        (int)wlen, word, near);
        char list[256];
        size_t used = 0;
        for (size_t i = 0; i < n_words && used < sizeof list; i++)
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
                                     i == 0 ? "" : i + 1 < n_words ? ", "
                                                                   : " or ",
                                     first_words[i]);
        return fail(p, offset, "unknown opcode '%.*s' (expected %s)",
                    (int)wlen, word, list);
    }
    if (end < p->len && !lex_is_blank(p->line[end]))
        return fail(p, end, "expected a blank after '%.*s', found %s",
                    (int)wlen, word, found(p, end, buf));
    if (place_statement(p, offset, "an instruction") < 0)
        return -1;
    isa_form form = isa_get(op)->form;
    const char *mnem = isa_get(op)->mnemonic;
    int max_ops = form == ISA_FORM_DST_SRCS ? 1 + PROG_MAX_SRCS
                : form == ISA_FORM_NONE ? 0 : 2;
    int min_ops = form == ISA_FORM_DST_SRCS ? 1 : max_ops;

    /* Operands: REG {',' REG}; a `key=` starts the modifiers instead. */
    uint32_t regs[1 + PROG_MAX_SRCS];
    int n = 0;
    size_t pos = skip_blanks(p, end);
    for (;;) {
        size_t rend = ident_end(p, pos);
        bool is_reg = rend > pos && (rend >= p->len || p->line[rend] != '=');
        if (!is_reg) {
            if (n == 0 && rend == pos && pos < p->len)
                return fail(p, pos, "expected a register name (a letter or "
                            "'_', then letters, digits or '_'), found %s",
                            found(p, pos, buf));
            break;
        }
        if (n == max_ops)
            return fail(p, pos, "too many operands for '%s' (expected %s)",
                        mnem, form_operands(form));
        regs[n++] = reg_intern(p->ast, p->line + pos, rend - pos);
        pos = skip_blanks(p, rend);
        if (pos >= p->len || p->line[pos] != ',')
            break;
        pos = skip_blanks(p, pos + 1);
        if (ident_end(p, pos) == pos)
            return fail(p, pos, "expected a register name after ',', "
                        "found %s", found(p, pos, buf));
    }
    if (n < min_ops)
        return fail(p, pos, "'%s' needs %s%s, found %d operand%s", mnem,
                    form == ISA_FORM_DST_SRCS ? "a destination: " : "",
                    form_operands(form), n, n == 1 ? "" : "s");
    if (op == ISA_OP_REDUCE && n != 2)
        return fail(p, offset, "'reduce' needs a destination and one "
                    "source (reduce d, a op=add), found %d operand%s", n,
                    n == 1 ? "" : "s");

    prog_stmt *s = stmt_add(p->cur, STMT_INSN, file_line(p, offset),
                            file_column(p, offset));
    s->op = op;
    bool memory = form == ISA_FORM_LOAD || form == ISA_FORM_STORE;
    if (form == ISA_FORM_DST_SRCS || form == ISA_FORM_LOAD) {
        s->dst = regs[0];
        if (p->cur == &p->ast->body)
            p->ast->regs[regs[0]].per_copy = true;
        for (int i = 1; i < n; i++)
            s->src[s->n_src++] = regs[i];
    } else {
        for (int i = 0; i < n; i++)
            s->src[s->n_src++] = regs[i];
    }
    if (memory) {
        s->bytes = 4;
        s->pattern = ISA_PATTERN_COALESCED;
    }

    bool seen[4] = { false, false, false, false };
    while (pos < p->len) {
        if (!memory && op != ISA_OP_REDUCE) {
            size_t kend = ident_end(p, pos);
            if (kend > pos && kend < p->len && p->line[kend] == '=')
                return fail(p, pos, "'%s' takes no modifiers (bytes=, "
                            "pattern= and at= are for loads and stores)",
                            mnem);
            return fail(p, pos, "expected ',' between operands or the end "
                        "of the line, found %s", found(p, pos, buf));
        }
        pos = parse_modifier(p, s, pos, seen);
        if (pos == 0)
            return -1;
        pos = skip_blanks(p, pos);
    }
    return 0;
}

/* One line of text (without its newline, comment already cut). */
static int parse_line(parser *p)
{
    char buf[8];
    size_t pos = skip_blanks(p, 0);
    if (pos == p->len)
        return 0;
    char c = p->line[pos];
    if (c == '}')
        return close_block(p, pos);
    if (!lex_is_ident_start(c))
        return fail(p, pos, "expected an instruction, 'repeat', 'if', "
                    "'once', 'body' or '}', found %s", found(p, pos, buf));
    size_t end = pos;
    while (end < p->len && (lex_is_ident_char(p->line[end]) ||
                            p->line[end] == '.'))
        end++;
    const char *word = p->line + pos;
    size_t wlen = end - pos;
    if (span_is(word, wlen, "repeat"))
        return parse_control(p, BLOCK_REPEAT, pos, end);
    if (span_is(word, wlen, "if") && (end == p->len
                                      || lex_is_blank(p->line[end])
                                      || p->line[end] == '('))
        return parse_control(p, BLOCK_IF, pos, end);
    if (span_is(word, wlen, "once"))
        return parse_block_line(p, BLOCK_ONCE, pos, end);
    if (span_is(word, wlen, "body"))
        return parse_block_line(p, BLOCK_BODY, pos, end);
    if (span_is(word, wlen, "after"))
        return parse_block_line(p, BLOCK_AFTER, pos, end);
    return parse_insn(p, pos, end);
}

uint32_t prog_count_insns(const stmt_list *l)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < l->n; i++)
        n += l->v[i].kind == STMT_INSN;
    return n;
}

prog_ast *prog_parse(const char *text, const prog_src *src, cusim_error *err)
{
    prog_ast *ast = xrealloc_array(NULL, 1, sizeof *ast);
    *ast = (prog_ast){ 0 };
    const char *file = src && src->file ? src->file : "<program>";
    ast->file = xstrdup(file);
    ast->line = src ? src->line : 1;
    ast->column = src ? src->column : 1;
    const char *s = text ? text : "";
    parser p = { .ast = ast, .err = err, .text = s, .text_len = strlen(s),
                 .map = src && strlen(s) ? src->map : NULL,
                 .buffers = src ? src->buffers : NULL,
                 .n_buffers = src && src->buffers ? src->n_buffers : 0 };

    for (p.lineno = 1;; p.lineno++) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        const char *hash = memchr(s, '#', len);
        p.line = s;
        p.len = hash ? (size_t)(hash - s) : len;
        if (parse_line(&p) < 0)
            goto fail;
        if (!nl)
            break;
        s = nl + 1;
    }
    if (p.depth > 0) {
        int d = p.depth - 1;
        err_set(err, ast->file, p.open[d].line, p.open[d].column,
                "'%s' block is never closed (expected '}' alone on a line)",
                block_names[p.open[d].kind]);
        goto fail;
    }
    if (prog_count_insns(&ast->once) + prog_count_insns(&ast->body)
        + prog_count_insns(&ast->after) == 0) {
        err_set(err, ast->file, ast->line, ast->column,
                "program has no instructions (expected at least one line "
                "such as 'alu x')");
        goto fail;
    }
    return ast;
fail:
    prog_ast_free(ast);
    return NULL;
}
