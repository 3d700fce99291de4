/*
 * api.c — the public entry points that tie config loading to the program
 * parser: a kernel is only "loaded" once the program of every one of its
 * dispatches parses.
 */
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "cusim.h"
#include "error.h"
#include "expr.h"
#include "program.h"

int cusim_hw_load(const char *path, const cusim_set *sets, size_t n_sets,
                  cusim_hw *out, cusim_error *err)
{
    return cfg_hw_load(path, sets, n_sets, out, err);
}

/* Parses the program of every dispatch of `k`, a kernel as the config
 * loader leaves it (no `ast`), in order; on failure frees `k`. */
static int parse_programs(cusim_kernel *k, cusim_error *err)
{
    for (cusim_kernel *d = k; d; d = d->next) {
        cusim_mark at = cfg_kernel_mark(d, "program");
        prog_src src = { at.file, d->program_line, d->program_column,
                         d->program_map, d->buffers, d->n_buffers };
        d->ast = prog_parse(d->program, &src, err);
        free(d->program_map);     /* the statements hold their places */
        d->program_map = NULL;
        if (!d->ast) {
            cusim_kernel_free(k);
            return -1;
        }
    }
    return 0;
}

int cusim_kernel_load(const char *path, const cusim_set *sets, size_t n_sets,
                      cusim_kernel *out, cusim_error *err)
{
    if (cfg_kernel_load(path, sets, n_sets, out, err) != 0)
        return -1;
    return parse_programs(out, err);
}

int cusim_kernel_load_string(const char *text, const char *name,
                             const cusim_set *sets, size_t n_sets,
                             cusim_kernel *out, cusim_error *err)
{
    if (cfg_kernel_load_string(text, name, sets, n_sets, out, err) != 0)
        return -1;
    return parse_programs(out, err);
}

int cusim_kernel_load_bytes(const char *text, size_t len, const char *name,
                            const cusim_set *sets, size_t n_sets,
                            cusim_kernel *out, cusim_error *err)
{
    if (cfg_kernel_load_bytes(text, len, name, sets, n_sets, out, err) != 0)
        return -1;
    return parse_programs(out, err);
}

int cusim_kernel_apply(cusim_kernel *k, const cusim_set *sets, size_t n_sets,
                       cusim_error *err)
{
    cusim_kernel applied;
    if (cfg_kernel_apply(k, sets, n_sets, &applied, err) != 0
        || parse_programs(&applied, err) != 0)
        return -1;
    cusim_kernel_free(k);
    *k = applied;
    return 0;
}

void cusim_kernel_clone(cusim_kernel *dst, const cusim_kernel *src)
{
    cfg_kernel_clone(dst, src);
    cusim_kernel *to = dst;
    for (const cusim_kernel *from = src; from; from = from->next) {
        to->ast = prog_ast_clone(from->ast);
        to = to->next;
    }
}

void cusim_kernel_free(cusim_kernel *k)
{
    if (!k)
        return;
    for (cusim_kernel *d = k; d; d = d->next) {   /* the parsed programs */
        prog_ast_free(d->ast);
        d->ast = NULL;
    }
    cfg_kernel_free(k);   /* the texts and the later dispatches */
}

int cusim_dispatch_elements(const cusim_kernel *d, uint64_t prev_elements,
                            uint64_t prev_workgroups, uint64_t *out,
                            cusim_error *err)
{
    const uint64_t max = (uint64_t)1 << 48;   /* as the `elements` key */
    const cusim_mark mark = cfg_kernel_mark(d, "elements"), *at = &mark;
    if (!d->elements_expr[0]) {
        *out = d->elements;
        return 0;
    }
    expr_error xe;
    expr *e = expr_parse_names(d->elements_expr, strlen(d->elements_expr),
                               EXPR_NAMES_DISPATCH, &xe);
    if (!e)   /* checked at load: only a hand-made struct gets here */
        return err_at(err, at, "elements of dispatch '%s': %s", d->name,
                      xe.message);
    expr_counts counts = { prev_workgroups, prev_elements };
    expr_value v;
    int rc = expr_eval_counts(e, &counts, &v, &xe);
    expr_free(e);
    if (rc != 0)
        return err_at(err, at, "elements of dispatch '%s': %s: %s (with "
                      "workgroups = %llu, elements = %llu)", d->name,
                      d->elements_expr, xe.message,
                      (unsigned long long)prev_workgroups,
                      (unsigned long long)prev_elements);
    if (!expr_value_is_integer(&v))
        return err_at(err, at, "elements of dispatch '%s': %s = %.10g is "
                      "not whole (with workgroups = %llu, elements = %llu; "
                      "wrap it in ceil() or floor())", d->name,
                      d->elements_expr, v.real,
                      (unsigned long long)prev_workgroups,
                      (unsigned long long)prev_elements);
    if (v.num < 1 || (uint64_t)v.num > max)
        return err_at(err, at, "elements of dispatch '%s': %s = %lld "
                      "(with workgroups = %llu, elements = %llu; expected "
                      "1 to %llu)", d->name, d->elements_expr,
                      (long long)v.num, (unsigned long long)prev_workgroups,
                      (unsigned long long)prev_elements,
                      (unsigned long long)max);
    *out = (uint64_t)v.num;
    return 0;
}

int cusim_kernel_shared_bytes(const cusim_kernel *k, uint32_t simd_width,
                              uint32_t *out, cusim_error *err)
{
    const int64_t max = 1073741824;   /* as the `shared_bytes` key */
    const cusim_shape_expr *x = &k->shared_bytes_expr;
    if (!x->text[0]) {
        *out = k->shared_bytes;
        return 0;
    }
    const cusim_mark mark = cfg_kernel_mark(k, "shared_bytes");
    const char *key = cfg_kernel_prefix(k, &mark);
    char shape[160];
    snprintf(shape, sizeof shape, "with workgroup_x = %u, workgroup_y = %u, "
             "workgroup_z = %u, simd_width = %u, elements_per_invocation = "
             "%u", k->workgroup[0], k->workgroup[1], k->workgroup[2],
             simd_width, k->elements_per_invocation);
    expr_error xe;
    expr *e = expr_parse(x->text, strlen(x->text), &xe);
    if (!e)   /* checked at load: only a hand-made struct gets here */
        return err_at(err, &mark, "%sshared_bytes: %s", key, xe.message);
    expr_env env = {
        .workgroup_size = cusim_kernel_workgroup_size(k),
        .workgroup_x = k->workgroup[0], .workgroup_y = k->workgroup[1],
        .workgroup_z = k->workgroup[2], .simd_width = simd_width,
        .elements_per_invocation = k->elements_per_invocation,
    };
    expr_value v;
    int rc = expr_eval(e, &env, &v, &xe);
    expr_free(e);
    if (rc != 0) {
        cusim_mark at = mark;
        if (x->columns)
            at.column += (int)xe.offset;
        return err_at(err, &at, "%sshared_bytes: %s: %s (%s)", key, x->text,
                      xe.message, shape);
    }
    if (!expr_value_is_integer(&v))
        return err_at(err, &mark, "%sshared_bytes: %s = %.10g is not whole "
                      "(%s; wrap it in ceil() or floor())", key, x->text,
                      v.real, shape);
    if (v.num < 0 || v.num > max)
        return err_at(err, &mark, "%sshared_bytes: %s = %lld bytes (%s; "
                      "expected 0 to %lld)", key, x->text, (long long)v.num,
                      shape, (long long)max);
    *out = (uint32_t)v.num;
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
