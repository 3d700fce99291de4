/*
 * api.c — the public entry points that tie config loading to the program
 * parser: a kernel is only "loaded" once its program parses.
 */
#include <stdlib.h>

#include "config.h"
#include "cusim.h"
#include "program.h"

int cusim_hw_load(const char *path, const cusim_set *sets, size_t n_sets,
                  cusim_hw *out, cusim_error *err)
{
    return cfg_hw_load(path, sets, n_sets, out, err);
}

int cusim_kernel_load(const char *path, const cusim_set *sets, size_t n_sets,
                      cusim_kernel *out, cusim_error *err)
{
    if (cfg_kernel_load(path, sets, n_sets, out, err) != 0)
        return -1;
    prog_src src = { cfg_kernel_mark(out, "program")->file, out->program_line,
                     out->program_column };
    out->ast = prog_parse(out->program, &src, err);
    if (!out->ast) {
        cusim_kernel_free(out);
        return -1;
    }
    return 0;
}

void cusim_kernel_free(cusim_kernel *k)
{
    if (!k)
        return;
    prog_ast_free(k->ast);
    free(k->program);
    k->ast = NULL;
    k->program = NULL;
}

uint32_t cusim_kernel_workgroup_size(const cusim_kernel *k)
{
    return k->workgroup[0] * k->workgroup[1] * k->workgroup[2];
}

int cusim_file_sniff(const char *path, cusim_file_kind *kind, cusim_error *err)
{
    cfg_kind k;
    if (cfg_sniff(path, &k, err) != 0)
        return -1;
    *kind = k == CFG_HW ? CUSIM_FILE_HW : CUSIM_FILE_KERNEL;
    return 0;
}

void cusim_hw_echo(FILE *out, const cusim_hw *hw)
{
    cfg_echo_hw(out, hw);
}

void cusim_kernel_echo(FILE *out, const cusim_kernel *k)
{
    cfg_echo_kernel(out, k);
}

void cusim_keys_print(FILE *out, cusim_file_kind kind)
{
    cfg_print_keys(out, kind == CUSIM_FILE_HW ? CFG_HW : CFG_KERNEL);
}
