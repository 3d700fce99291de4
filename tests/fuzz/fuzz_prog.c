/*
 * fuzz_prog.c — the ISA parser alone (prog_parse) on any program text, and
 * an accepted program resolved (prog_resolve) for a few launch shapes. The
 * resolved code must keep program.h's invariants: loop partners point at
 * each other, registers are below n_regs. The same program four times as
 * big (fuzz_program_times), when it parses and resolves too, takes at
 * most about four times the allocations and resolves to at most four
 * times the instructions (fuzz_check_linear).
 */
#include "fuzz.h"

#include "program.h"

/* With shared memory, but for the last (a shared-memory instruction is
 * refused there). */
static const prog_shape shapes[] = {
    { 64, 1, 1, 64, 32, 1, .shared_bytes = 256 },
    { 16, 16, 1, 256, 64, 4, .shared_bytes = 4096 },
    { 1, 1, 1, 1, 1, 1 },
};

static void check_code(const prog_code *c)
{
    if (c->once_len > c->n_insns)
        fuzz_fail("once_len past the code", NULL);
    for (uint32_t i = 0; i < c->n_insns; i++) {
        const prog_insn *in = &c->insns[i];
        if (in->op == PROG_LOOP) {
            if (in->cond && in->count != 0)
                fuzz_fail("a per-lane loop with a count", NULL);
            if (in->jump <= i || in->jump >= c->n_insns
                || c->insns[in->jump].op != PROG_ENDLOOP
                || c->insns[in->jump].jump != i)
                fuzz_fail("a loop without its partner", NULL);
            continue;
        }
        if (in->op == PROG_ENDLOOP)
            continue;
        if (in->op == PROG_IF) {
            const prog_insn *e = in->jump > i && in->jump < c->n_insns
                                 ? &c->insns[in->jump] : NULL;
            if (!in->cond || !e || e->op != PROG_ELSE || e->jump <= in->jump
                || e->jump >= c->n_insns || c->insns[e->jump].op != PROG_ENDIF
                || c->insns[e->jump].jump != i)
                fuzz_fail("an if without its else and end", NULL);
            continue;
        }
        if (in->op == PROG_ELSE || in->op == PROG_ENDIF)
            continue;
        if (in->op >= ISA_OP_COUNT)
            fuzz_fail("an entry of no known kind", NULL);
        if (in->dst != PROG_NO_REG && in->dst >= c->n_regs)
            fuzz_fail("a destination past n_regs", NULL);
        for (unsigned s = 0; s < in->n_src; s++)
            if (in->src[s] >= c->n_regs)
                fuzz_fail("a source past n_regs", NULL);
    }
}

/* Parses and resolves `text` for the second shape; the instructions it
 * resolves to in *n_insns. Returns 0, or -1 when either refuses it. */
static int parse_resolve(const char *text, uint32_t *n_insns)
{
    prog_src src = { "fuzz.yaml", 1, 1 };
    cusim_error err;
    prog_ast *ast = prog_parse(text, &src, &err);
    prog_code *code = ast ? prog_resolve(ast, &shapes[1], &err) : NULL;
    if (code)
        *n_insns = code->n_insns;
    prog_code_free(code);
    prog_ast_free(ast);
    return code ? 0 : -1;
}

static void check_growth(const char *text)
{
    char *big = fuzz_program_times(text, 4);
    uint32_t n1 = 0, n4 = 0;
    fuzz_work start = fuzz_work_now();
    int rc1 = parse_resolve(text, &n1);
    fuzz_work one = fuzz_work_since(start);
    start = fuzz_work_now();
    int rc4 = rc1 == 0 ? parse_resolve(big, &n4) : -1;
    fuzz_work four = fuzz_work_since(start);
    if (rc1 == 0 && rc4 == 0) {
        if (n4 > 4 * n1)
            fuzz_fail("four times the program resolves to more than four "
                      "times the instructions", big);
        fuzz_check_linear("prog_parse and prog_resolve", one, four);
    }
    free(big);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    prog_src src = { "fuzz.yaml", 1, 1 };
    cusim_error err;
    prog_ast *ast = prog_parse(text, &src, &err);
    if (ast) {
        for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
            prog_code *code = prog_resolve(ast, &shapes[i], &err);
            if (code)
                check_code(code);
            prog_code_free(code);
        }
        prog_ast *copy = prog_ast_clone(ast);
        prog_ast_free(ast);
        prog_ast_free(copy);
        check_growth(text);
    }
    free(text);
    return 0;
}
