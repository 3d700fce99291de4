/*
 * exp_configs.c — the configurations an experiment's points run: the
 * hardware and kernel files each point names, each distinct hardware and
 * kernel configuration loaded once (a configuration is its file plus the
 * overrides that reach it, with where each was written), each distinct
 * pair's occupancy checked, and the fingerprint of what a point runs (the
 * cusim version, the report's keys, the echo of its resolved hardware and
 * kernel, and its timeline's window when it writes one), which --resume
 * compares.
 */
#include "exp_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hmap.h"
#include "strbuf.h"
#include "xalloc.h"

/* Fills `sets` (room for e->max_sets) with point p's overrides, in the
 * order they apply: the experiment's `set:`, the command line's, then the
 * point's axis values; returns how many. */
static size_t point_sets(const experiment *e, size_t p, cusim_set *sets)
{
    size_t n = 0;
    for (size_t i = 0; i < e->n_set; i++)
        sets[n++] = (cusim_set){ e->set[i].path, e->set[i].v.text, e->file,
                                 e->set[i].v.mark.line,
                                 e->set[i].v.mark.column };
    for (size_t i = 0; i < e->n_cli; i++)
        sets[n++] = e->cli[i];
    return n + exp_sweep_sets(&e->sw, p, e->file, sets + n);
}

/* The resolved path of the file of `kind` point p uses: its axis value,
 * or else the top-level one. */
static const char *point_file(const experiment *e, size_t p,
                              exp_key_kind kind)
{
    for (size_t k = 0; k < e->sw.n_keys; k++)
        if (e->sw.keys[k].kind == kind) {
            const exp_value *v = exp_sweep_value(&e->sw, p, k);
            if (v)
                return v->path;
        }
    return kind == EXP_KEY_HARDWARE ? e->hardware.path : e->kernel.path;
}

const char *exp_point_hw_file(const experiment *e, size_t p)
{
    return point_file(e, p, EXP_KEY_HARDWARE);
}

const char *exp_point_kernel_file(const experiment *e, size_t p)
{
    return point_file(e, p, EXP_KEY_KERNEL);
}

void exp_configs_metrics(experiment *e)
{
    /* Every field of a simulated run but the host's (sim.*) and the
     * per-dispatch ones (dispatch[N].*, in the JSON Lines only), from the
     * field table; the hash covers them all, so a results directory of
     * another field set is not resumed. */
    uint64_t h = HMAP_FNV_SEED;
    const cusim_field_desc *d;
    for (size_t i = 0; (d = cusim_field_at(i)); i++) {
        if (!(d->in & CUSIM_IN_SIM) || (d->in & CUSIM_IN_CALLER))
            continue;
        h = hmap_fnv(d->key, strlen(d->key) + 1, h);
        if (!(d->in & (CUSIM_IN_HOST | CUSIM_IN_DISPATCH)))
            e->metrics[e->n_metrics++] = d->key;
    }
    e->metrics_hash = h;
}

/* The echo of `hw` (when not NULL) or else of `k` (cusim_hw_echo,
 * cusim_kernel_echo) as a string of `*size` bytes; the caller frees it. */
static char *echo_text(const cusim_hw *hw, const cusim_kernel *k,
                       size_t *size)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, size);   /* fails only out of memory */
    if (!f)
        xalloc_die();
    if (hw)
        cusim_hw_echo(f, hw);
    else
        cusim_kernel_echo(f, k);
    if (fclose(f) != 0)
        xalloc_die();
    return text;
}

/* Hash of a config's echo: the fingerprint of what a point ran. */
static uint64_t echo_hash(const cusim_hw *hw, const cusim_kernel *k)
{
    size_t size = 0;
    char *text = echo_text(hw, k, &size);
    uint64_t h = hmap_fnv(text, size, HMAP_FNV_SEED);
    free(text);
    return h;
}

/* The identity of a config: its file and the overrides that reach it
 * (those not of `skip`'s kind), with where each was written. */
static char *config_id(const char *file, const cusim_set *sets, size_t n,
                       const char *skip)
{
    sbuf b = { 0 };
    sb_puts(&b, file);
    for (size_t i = 0; i < n; i++)
        if (strncmp(sets[i].path, skip, strlen(skip)) != 0)
            sb_printf(&b, "\n%s=%s@%s:%d:%d", sets[i].path, sets[i].value,
                      sets[i].file, sets[i].line, sets[i].column);
    return sb_take(&b);
}

/* Array `a` of `n` elements of `size` bytes with room for one more: its
 * capacity doubles at each power of two, so appending n elements copies
 * O(n) of them, not O(n^2) (a sweep of a million infeasible points has as
 * many reasons). */
static void *grow(void *a, size_t n, size_t size)
{
    return n & (n - 1) ? a : xrealloc_array(a, n ? 2 * n : 1, size);
}

int exp_configs_load(experiment *e, cusim_error *err)
{
    cusim_set *sets = xcalloc(e->max_sets + 1, sizeof *sets);
    hmap_str hw_ids = { 0 }, k_ids = { 0 };
    hmap_str pairs = { 0 };
    int rc = 0;
    e->point_hw = xcalloc(e->sw.n_points, sizeof *e->point_hw);
    e->point_kernel = xcalloc(e->sw.n_points, sizeof *e->point_kernel);
    e->point_reason = xcalloc(e->sw.n_points, sizeof *e->point_reason);

    for (size_t p = 0; p < e->sw.n_points && rc == 0; p++) {
        size_t n = point_sets(e, p, sets);
        const char *hw_file = exp_point_hw_file(e, p);
        const char *k_file = exp_point_kernel_file(e, p);

        char *id = config_id(hw_file, sets, n, "kernel.");
        long hi = hmap_str_get(&hw_ids, id);
        if (hi < 0) {
            cusim_hw *hw = xcalloc(1, sizeof *hw);
            if (cusim_hw_load(hw_file, sets, n, hw, err) != 0) {
                free(hw);
                free(id);
                rc = -1;
                break;
            }
            e->hws = grow(e->hws, e->n_hws, sizeof *e->hws);
            e->hw_hash = grow(e->hw_hash, e->n_hws, sizeof *e->hw_hash);
            e->hws[e->n_hws] = hw;
            e->hw_hash[e->n_hws] = echo_hash(hw, NULL);
            hi = (long)e->n_hws++;
            hmap_str_put(&hw_ids, id, (uint32_t)hi);
        } else {
            free(id);
        }

        id = config_id(k_file, sets, n, "hw.");
        long ki = hmap_str_get(&k_ids, id);
        if (ki < 0) {
            cusim_kernel *k = xcalloc(1, sizeof *k);
            if (cusim_kernel_load(k_file, sets, n, k, err) != 0) {
                free(k);
                free(id);
                rc = -1;
                break;
            }
            e->kernels = grow(e->kernels, e->n_kernels, sizeof *e->kernels);
            e->kernel_hash = grow(e->kernel_hash, e->n_kernels,
                                  sizeof *e->kernel_hash);
            e->kernels[e->n_kernels] = k;
            e->kernel_hash[e->n_kernels] = echo_hash(NULL, k);
            ki = (long)e->n_kernels++;
            hmap_str_put(&k_ids, id, (uint32_t)ki);
        } else {
            free(id);
        }
        e->point_hw[p] = (uint32_t)hi;
        e->point_kernel[p] = (uint32_t)ki;

        /* Whether the pair runs: what cusim sim checks before it starts,
         * once per pair. One that does not is an infeasible point. */
        char *pair = xasprintf("%ld:%ld", hi, ki);
        long why = hmap_str_get(&pairs, pair);
        if (why < 0) {
            cusim_error perr;
            why = UINT32_MAX;
            cusim_sim_options budget = {
                .max_instructions = e->max_instructions };
            if (cusim_validate(e->hws[hi], e->kernels[ki], &budget, &perr)
                != 0) {
                e->reasons = grow(e->reasons, e->n_reasons,
                                  sizeof *e->reasons);
                cusim_mark at = { perr.file, perr.line, perr.column };
                const char *name = exp_line_name(e, &at);
                e->reasons[e->n_reasons] = perr.line == 0
                    ? xstrdup(perr.message)
                    : name ? xasprintf("%s: %s", name, perr.message)
                    : xasprintf("%s:%d:%d: %s", perr.file, perr.line,
                                perr.column, perr.message);
                why = (long)e->n_reasons++;
            }
            hmap_str_put(&pairs, pair, (uint32_t)why);
        } else {
            free(pair);
        }
        e->point_reason[p] = (uint32_t)why;
        e->n_infeasible += why != UINT32_MAX;
    }
    hmap_str_free(&hw_ids);
    hmap_str_free(&k_ids);
    hmap_str_free(&pairs);
    free(sets);
    return rc;
}

char *exp_point_hw_echo(const experiment *e, size_t p)
{
    size_t size;
    return echo_text(e->hws[e->point_hw[p]], NULL, &size);
}

char *exp_point_kernel_echo(const experiment *e, size_t p)
{
    size_t size;
    return echo_text(NULL, e->kernels[e->point_kernel[p]], &size);
}

uint64_t exp_point_id(const experiment *e, size_t p)
{
    uint64_t h = hmap_fnv(&e->hw_hash[e->point_hw[p]], sizeof(uint64_t),
                          HMAP_FNV_SEED);
    h = hmap_fnv(&e->kernel_hash[e->point_kernel[p]], sizeof(uint64_t), h);
    if (e->timeline) {
        h = hmap_fnv("timeline", 8, h);
        h = hmap_fnv(&e->timeline_every, sizeof e->timeline_every, h);
    }
    return h;
}

uint64_t exp_point_fingerprint(const experiment *e, size_t p)
{
    uint64_t h = hmap_fnv(CUSIM_VERSION, sizeof CUSIM_VERSION, HMAP_FNV_SEED);
    h = hmap_fnv(&e->metrics_hash, sizeof e->metrics_hash, h);
    h = hmap_fnv(&e->hw_hash[e->point_hw[p]], sizeof(uint64_t), h);
    h = hmap_fnv(&e->kernel_hash[e->point_kernel[p]], sizeof(uint64_t), h);
    /* a timeline's window is part of what a point writes (only when there
     * is one, so an experiment without timelines keeps its fingerprint) */
    if (e->timeline) {
        h = hmap_fnv("timeline", 8, h);
        h = hmap_fnv(&e->timeline_every, sizeof e->timeline_every, h);
    }
    return h;
}
