/*
 * fuzz_prog.c — the ISA parser alone (prog_parse) on any program text, and
 * an accepted program resolved (prog_resolve) for a few launch shapes. The
 * resolved code must keep program.h's invariants: loop partners point at
 * each other, registers are below n_regs.
 */
#include "fuzz.h"

#include "program.h"

static const prog_shape shapes[] = {
    { 64, 1, 1, 64, 32, 1 },
    { 16, 16, 1, 256, 64, 4 },
    { 1, 1, 1, 1, 1, 1 },
};

static void check_code(const prog_code *c)
{
    if (c->once_len > c->n_insns)
        fuzz_fail("once_len past the code", NULL);
    for (uint32_t i = 0; i < c->n_insns; i++) {
        const prog_insn *in = &c->insns[i];
        if (in->op == PROG_LOOP) {
            if (in->jump <= i || in->jump >= c->n_insns
                || c->insns[in->jump].op != PROG_ENDLOOP
                || c->insns[in->jump].jump != i)
                fuzz_fail("a loop without its partner", NULL);
            continue;
        }
        if (in->op == PROG_ENDLOOP)
            continue;
        if (in->dst != PROG_NO_REG && in->dst >= c->n_regs)
            fuzz_fail("a destination past n_regs", NULL);
        for (unsigned s = 0; s < in->n_src; s++)
            if (in->src[s] >= c->n_regs)
                fuzz_fail("a source past n_regs", NULL);
    }
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
    }
    free(text);
    return 0;
}
