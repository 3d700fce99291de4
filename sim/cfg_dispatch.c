/*
 * cfg_dispatch.c — the chain of further dispatches of a kernel.
 *
 * The `dispatches` row (the last of kernel_keys) holds a list of mappings,
 * one per further dispatch. Pass 3 of the loader checks only the list's
 * shape; once the first dispatch is fully resolved, each entry is loaded
 * with the same walk and conversions over cfg_dispatch_table (kernel_keys
 * without that last row, so row i means the same key in both) into a
 * cusim_kernel that starts as a copy of the previous dispatch: a key the
 * entry does not write keeps the previous dispatch's value and mark. Only
 * `elements` must be written; in an entry it may be an expression of
 * `workgroups` and `elements` (the previous dispatch's), whose syntax is
 * checked here and which is evaluated when the dispatch runs
 * (cusim_dispatch_elements). Messages name an entry's keys
 * `dispatches[I].KEY`, I counted from 0. A `--set` cannot reach the list.
 *
 * Overrides applied to a loaded kernel change its first dispatch; each
 * later dispatch then takes again from the one before it every key it
 * inherited when it was loaded (a key whose mark equals the previous
 * dispatch's).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cfg_int.h"
#include "error.h"
#include "xalloc.h"

/* Frees a chain of further dispatches as the loader builds it (their
 * programs are not parsed yet). */
void cfg_free_dispatches(cusim_kernel *d)
{
    while (d) {
        cusim_kernel *next = d->next;
        free(d->program);
        free(d->program_map);
        free(d);
        d = next;
    }
}

/* The default name of the dispatch at `position` (2 for the second) of a
 * kernel named `first`: "first.2", the name cut to make room. */
static void dispatch_name(const char *first, long position, char *out,
                          size_t size)
{
    char suffix[24];
    snprintf(suffix, sizeof suffix, ".%ld", position);
    size_t len = strlen(first), room = size - 1 - strlen(suffix);
    if (len > room) {
        len = room;
        while (len > 0 && ((unsigned char)first[len] & 0xC0) == 0x80)
            len--;   /* do not cut a UTF-8 character in two */
    }
    memcpy(out, first, len);
    strcpy(out + len, suffix);
}

/* Loads the entries of the list in slot `row` (its shape already checked
 * by cfg_convert) into the chain at obj's `next`, each entry starting
 * from a copy of the dispatch before it. A dispatch joins the chain before
 * it is filled, so a failure leaves everything to free_texts. */
int cfg_load_dispatches(cfg_loader *L, int row)
{
    const cfg_slot *s = &L->slots[row];
    const cfg_key *k = &L->t->keys[row];
    if (!s->doc)
        return 0;
    assert(k->type == T_DISPATCHES && row == cfg_dispatch_table.n);
    const int name = cfg_key_index(&cfg_dispatch_table, "name");
    const int elements = cfg_key_index(&cfg_dispatch_table, "elements");
    const int program = cfg_key_index(&cfg_dispatch_table, "program");
    const cusim_kernel *first = (const cusim_kernel *)L->obj;
    cusim_kernel *prev = (cusim_kernel *)L->obj;
    const yaml_node_item_t *it = s->value->data.sequence.items.start;
    long count = s->value->data.sequence.items.top - it;

    for (long i = 0; i < count; i++) {
        const yaml_node_t *entry = ydoc_node((ydoc *)s->doc, it[i]);
        cusim_kernel *d = xmalloc(sizeof *d);
        memcpy(d, prev, sizeof *d);
        d->program = NULL;
        d->program_map = NULL;
        d->ast = NULL;
        d->next = NULL;
        d->elements = 0;
        d->elements_expr[0] = '\0';
        prev->next = d;

        cfg_loader E;
        memset(&E, 0, sizeof E);
        E.t = &cfg_dispatch_table;
        E.obj = (char *)d;
        E.marks = d->marks;
        E.file = L->file;   /* the document's name, as in its marks */
        E.doc = (ydoc *)s->doc;
        E.rank = s->rank;
        E.err = L->err;
        E.entry = (int)i;
        snprintf(E.entry_shown, sizeof E.entry_shown, "%s%s[%ld].",
                 s->shown, k->path, i);
        E.shown = E.entry_shown;
        if (cfg_walk(&E, entry, "") != 0 || cfg_convert_written(&E) != 0)
            return -1;
        if (!E.slots[elements].doc) {
            cusim_mark m = ydoc_mark(s->doc, entry);
            return err_at(L->err, &m, "missing required key '%selements' "
                          "(%s)", E.shown,
                          cfg_dispatch_table.keys[elements].help);
        }
        if (!E.slots[name].doc) {
            dispatch_name(first->name, i + 2, d->name, sizeof d->name);
            d->marks[name] = (cusim_mark){ NULL, 0, 0 };
        }
        if (!E.slots[program].doc) {
            size_t len = strlen(prev->program);
            d->program = xmalloc(len + 1);
            memcpy(d->program, prev->program, len + 1);
            if (prev->program_map) {
                d->program_map = xcalloc(2 * len + 1, sizeof(int));
                memcpy(d->program_map, prev->program_map,
                       2 * len * sizeof(int));
            }
        }
        prev = d;
    }
    return 0;
}

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
            dispatch_name(k->name, position, d->name, sizeof d->name);
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
