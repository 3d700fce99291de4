/*
 * exp_sweep.c — an experiment's axes expanded into points, and the
 * parameter columns (see exp_sweep.h).
 */
#include "exp_sweep.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "experiment.h"
#include "xalloc.h"

void exp_value_free(exp_value *v)
{
    free(v->text);
    free(v->shown);
    free(v->path);
    memset(v, 0, sizeof *v);
}

void exp_axis_position(exp_axis *a, cusim_mark mark)
{
    if (a->n + 1 >= a->cap_pos) {
        a->cap_pos = a->cap_pos ? 2 * a->cap_pos : 8;
        a->first = xrealloc_array(a->first, a->cap_pos + 1, sizeof *a->first);
        a->pmarks = xrealloc_array(a->pmarks, a->cap_pos, sizeof *a->pmarks);
    }
    a->pmarks[a->n] = mark;
    a->first[a->n] = a->n_as;
    a->n++;
    a->first[a->n] = a->n_as;
}

void exp_axis_add(exp_axis *a, char *path, exp_value v)
{
    if (a->n_as == a->cap_as) {
        a->cap_as = a->cap_as ? 2 * a->cap_as : 8;
        a->as = xrealloc_array(a->as, a->cap_as, sizeof *a->as);
    }
    a->as[a->n_as++] = (exp_assign){ path, 0, v };
}

void exp_axis_close(exp_axis *a)
{
    a->first[a->n] = a->n_as;
}

void exp_axis_free(exp_axis *a)
{
    for (size_t i = 0; i < a->n_as; i++) {
        free(a->as[i].path);
        exp_value_free(&a->as[i].v);
    }
    free(a->as);
    free(a->first);
    free(a->pmarks);
    memset(a, 0, sizeof *a);
}

void exp_sweep_add_axis(exp_sweep *s, exp_axis *a)
{
    if (s->n_axes == s->cap_axes) {
        s->cap_axes = s->cap_axes ? 2 * s->cap_axes : 8;
        s->axes = xrealloc_array(s->axes, s->cap_axes, sizeof *s->axes);
    }
    s->axes[s->n_axes++] = *a;
    memset(a, 0, sizeof *a);
}

long exp_sweep_key(const exp_sweep *s, const char *path)
{
    return hmap_str_get(&s->key_index, path);
}

static size_t key_add(exp_sweep *s, const char *path, exp_key_kind kind,
                      size_t axis, cusim_mark mark)
{
    if (s->n_keys == s->cap_keys) {
        s->cap_keys = s->cap_keys ? 2 * s->cap_keys : 8;
        s->keys = xrealloc_array(s->keys, s->cap_keys, sizeof *s->keys);
    }
    s->keys[s->n_keys] = (exp_key){ xstrdup(path), kind, axis, mark };
    hmap_str_put(&s->key_index, xstrdup(path), (uint32_t)s->n_keys);
    return s->n_keys++;
}

int exp_sweep_columns(exp_sweep *s, cusim_error *err)
{
    /* a varying file brings the resolved name's column, unless the name
     * itself varies */
    bool hw_name = false, kernel_name = false;
    for (size_t a = 0; a < s->n_axes; a++)
        for (size_t i = 0; i < s->axes[a].n_as; i++) {
            hw_name |= strcmp(s->axes[a].as[i].path, "hw.name") == 0;
            kernel_name |= strcmp(s->axes[a].as[i].path, "kernel.name") == 0;
        }
    for (size_t a = 0; a < s->n_axes; a++) {
        exp_axis *ax = &s->axes[a];
        for (size_t i = 0; i < ax->n_as; i++) {
            exp_assign *as = &ax->as[i];
            long k = exp_sweep_key(s, as->path);
            if (k >= 0 && s->keys[k].axis != a) {
                const cusim_mark *f = &s->keys[k].mark;
                return err_at(err, &as->v.mark, "%s: '%s' also varies in "
                              "%s at line %d, column %d (a key may vary in "
                              "one place only)", ax->what, as->path,
                              s->axes[s->keys[k].axis].what, f->line,
                              f->column);
            }
            if (k < 0) {
                exp_key_kind kind = strcmp(as->path, "hardware") == 0
                                    ? EXP_KEY_HARDWARE
                                    : strcmp(as->path, "kernel") == 0
                                    ? EXP_KEY_KERNEL : EXP_KEY_SET;
                k = (long)key_add(s, as->path, kind, a, as->v.mark);
                if (kind == EXP_KEY_HARDWARE && !hw_name)
                    key_add(s, "hw.name", EXP_KEY_HW_NAME, a, as->v.mark);
                if (kind == EXP_KEY_KERNEL && !kernel_name)
                    key_add(s, "kernel.name", EXP_KEY_KERNEL_NAME, a,
                            as->v.mark);
            }
            as->key = (size_t)k;
        }
    }
    return 0;
}

int exp_sweep_count(exp_sweep *s, cusim_error *err)
{
    uint64_t total = 1;
    for (size_t a = s->n_axes; a-- > 0;) {
        s->axes[a].stride = (size_t)total;
        total *= s->axes[a].n;
        if (total > EXP_MAX_POINTS)
            return err_at(err, &s->axes[a].mark, "%s: the experiment "
                          "would have more than %d points", s->axes[a].what,
                          EXP_MAX_POINTS);
    }
    s->n_points = (size_t)total;
    s->max_assigns = 0;
    for (size_t a = 0; a < s->n_axes; a++) {
        size_t most = 0;
        for (size_t p = 0; p < s->axes[a].n; p++) {
            size_t n = s->axes[a].first[p + 1] - s->axes[a].first[p];
            most = n > most ? n : most;
        }
        s->max_assigns += most;
    }
    return 0;
}

size_t exp_sweep_position(const exp_sweep *s, size_t a, size_t p)
{
    return (p / s->axes[a].stride) % s->axes[a].n;
}

const exp_value *exp_sweep_value(const exp_sweep *s, size_t p, size_t key)
{
    const exp_axis *ax = &s->axes[s->keys[key].axis];
    size_t pos = exp_sweep_position(s, s->keys[key].axis, p);
    for (size_t j = ax->first[pos]; j < ax->first[pos + 1]; j++)
        if (ax->as[j].key == key)
            return &ax->as[j].v;
    return NULL;
}

size_t exp_sweep_sets(const exp_sweep *s, size_t p, const char *file,
                      cusim_set *out)
{
    size_t n = 0;
    for (size_t a = 0; a < s->n_axes; a++) {
        const exp_axis *ax = &s->axes[a];
        size_t pos = exp_sweep_position(s, a, p);
        for (size_t j = ax->first[pos]; j < ax->first[pos + 1]; j++) {
            const exp_assign *as = &ax->as[j];
            if (s->keys[as->key].kind == EXP_KEY_SET)
                out[n++] = (cusim_set){ as->path, as->v.text, file,
                                        as->v.mark.line, as->v.mark.column };
        }
    }
    return n;
}

void exp_sweep_free(exp_sweep *s)
{
    for (size_t a = 0; a < s->n_axes; a++)
        exp_axis_free(&s->axes[a]);
    free(s->axes);
    for (size_t i = 0; i < s->n_keys; i++)
        free(s->keys[i].path);
    free(s->keys);
    hmap_str_free(&s->key_index);
    memset(s, 0, sizeof *s);
}
