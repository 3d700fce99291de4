/*
 * cfg_dispatch.c — a loaded kernel's chain of further dispatches: deep
 * copies, overrides and freeing. (cfg_load.c loads the chain, each entry
 * through the same walk and conversions as the first dispatch.)
 *
 * Overrides applied to a loaded kernel change its first dispatch; each
 * later dispatch then takes again from the one before it every key it
 * inherited when it was loaded (a key whose mark equals the previous
 * dispatch's).
 */
#include <stdlib.h>
#include <string.h>

#include "cfg_int.h"
#include "xalloc.h"

/* Bytes of key `k`'s field and of its second field (see cfg_type). */
static size_t value_size(const cfg_key *k, size_t *aux)
{
    *aux = 0;
    switch (k->type) {
    case T_NAME:
        return k->max + 1;
    case T_UINT:
        return sizeof(uint32_t);
    case T_UINT64:
        return sizeof(uint64_t);
    case T_ENUM:
        return sizeof(int);
    case T_WIDTHS:
        *aux = sizeof(int);
        return CUSIM_MAX_WIDTHS * sizeof(uint32_t);
    case T_SHAPE:
        *aux = sizeof(int);
        return 3 * sizeof(uint32_t);
    case T_REGS:
        *aux = sizeof(bool);
        return sizeof(uint32_t);
    case T_TEXT:
        *aux = 2 * sizeof(int);
        return sizeof(char *);
    case T_COUNT:
        *aux = CFG_EXPR_CAP;
        return sizeof(uint64_t);
    case T_SIZE:
        *aux = sizeof(cusim_shape_expr);
        return sizeof(uint32_t);
    case T_BUFFERS:
        *aux = sizeof(int);
        return CUSIM_MAX_BUFFERS * sizeof(cusim_buffer);
    case T_DISPATCHES:
        break;
    }
    return 0;
}

/* Copies key `k`'s value from struct `src` to struct `dst` (a text is
 * duplicated, the one it replaces freed; the dispatch chain is not a value
 * and stays). */
static void copy_value(const cfg_key *k, char *dst, const char *src)
{
    size_t aux, size = value_size(k, &aux);
    if (k->type == T_TEXT) {
        char **to = (char **)(dst + k->offset);
        const char *from = *(char *const *)(src + k->offset);
        free(*to);
        *to = from ? xstrdup(from) : NULL;
    } else {
        memcpy(dst + k->offset, src + k->offset, size);
    }
    memcpy(dst + k->aux, src + k->aux, aux);
}

static bool same_mark(const cusim_mark *a, const cusim_mark *b)
{
    return a->file == b->file && a->line == b->line
           && a->column == b->column;
}

/* After overrides changed the first dispatch of `k` (a copy of `old`),
 * gives each later dispatch again what it took from the one before it
 * when it was loaded: each key whose mark equals the previous dispatch's,
 * and a default name. */
static void inherit_again(cusim_kernel *k, const cusim_kernel *old)
{
    const int name = cfg_key_index(&cfg_dispatch_table, "name");
    long position = 2;
    const cusim_kernel *prev_old = old;
    for (cusim_kernel *prev = k, *d = k->next; d;
         prev = d, d = d->next, prev_old = prev_old->next, position++) {
        const cusim_kernel *d_old = prev_old->next;
        for (int i = 0; i < cfg_dispatch_table.n; i++) {
            if (i == name || !same_mark(&d_old->marks[i],
                                        &prev_old->marks[i]))
                continue;
            copy_value(&cfg_dispatch_table.keys[i], (char *)d,
                       (const char *)prev);
            d->marks[i] = prev->marks[i];
        }
        if (d->marks[name].line == 0)
            cfg_dispatch_name(k->name, position, d->name, sizeof d->name);
    }
}

void cfg_kernel_clone(cusim_kernel *dst, const cusim_kernel *src)
{
    cusim_kernel *to = dst;
    for (const cusim_kernel *from = src; from; from = from->next) {
        memcpy(to, from, sizeof *to);
        to->program = from->program ? xstrdup(from->program) : NULL;
        to->program_map = NULL;     /* a loaded kernel's is gone */
        to->ast = NULL;
        to->next = from->next ? xmalloc(sizeof *to->next) : NULL;
        to = to->next;
    }
}

void cfg_kernel_free(cusim_kernel *k)
{
    if (!k)
        return;
    free(k->program);
    free(k->program_map);
    cfg_free_dispatches(k->next);
    k->program = NULL;
    k->program_map = NULL;
    k->next = NULL;
}

int cfg_kernel_apply(const cusim_kernel *k, const cusim_set *sets,
                     size_t n_sets, cusim_kernel *out, cusim_error *err)
{
    cfg_kernel_clone(out, k);
    if (cfg_apply_sets(&cfg_kernel_table, out, sets, n_sets, err) != 0) {
        cfg_kernel_free(out);
        return -1;
    }
    inherit_again(out, k);
    return 0;
}
