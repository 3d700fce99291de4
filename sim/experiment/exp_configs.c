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

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "error.h"
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

/* The distinct configurations of one kind (hardware or kernel) pass 1
 * finds, before any is loaded. */
typedef struct config_count {
    hmap_str ids;       /* config_id -> its index, in the order first met */
    hmap_str sizes;     /* a kernel file's path -> its size in bytes
                           (capped) */
    size_t n;
    uint64_t bytes;     /* kernels: the sizes of their files, summed */
} config_count;

/* The first column that makes configurations of kind `hw` (else kernel)
 * differ: a varying file or override of that kind; NULL when none. */
static const exp_key *varying_key(const experiment *e, bool hw)
{
    const char *prefix = hw ? "hw." : "kernel.";
    exp_key_kind file = hw ? EXP_KEY_HARDWARE : EXP_KEY_KERNEL;
    for (size_t k = 0; k < e->sw.n_keys; k++) {
        const exp_key *c = &e->sw.keys[k];
        if (c->kind == file || (c->kind == EXP_KEY_SET
                                && strncmp(c->path, prefix,
                                           strlen(prefix)) == 0))
            return c;
    }
    return NULL;
}

/* The index of configuration `id` (taken over) of `file` in `c`, counting
 * a new one against EXP_MAX_CONFIGS and, for a kernel, its file's size
 * against EXP_MAX_CONFIG_BYTES (a hardware configuration has a fixed
 * size). Returns the index, or -1 with `err` set at the key that varies
 * the kind. */
static long config_index(const experiment *e, config_count *c, char *id,
                         const char *file, bool hw, cusim_error *err)
{
    long i = hmap_str_get(&c->ids, id);
    if (i >= 0) {
        free(id);
        return i;
    }
    long size = hw ? 0 : hmap_str_get(&c->sizes, file);
    if (size < 0) {
        struct stat st;   /* unreadable: the loader will say why */
        size = stat(file, &st) == 0 ? (long)(st.st_size < UINT32_MAX
                                             ? st.st_size : UINT32_MAX) : 0;
        hmap_str_put(&c->sizes, xstrdup(file), (uint32_t)size);
    }
    i = (long)c->n++;
    c->bytes += (uint64_t)size;
    hmap_str_put(&c->ids, id, (uint32_t)i);
    if (c->n <= EXP_MAX_CONFIGS && c->bytes <= EXP_MAX_CONFIG_BYTES)
        return i;
    const exp_key *k = varying_key(e, hw);
    cusim_mark at = k ? k->mark : (cusim_mark){ e->file, 1, 1 };
    const char *what = hw ? "hardware" : "kernel";
    if (c->n > EXP_MAX_CONFIGS)
        err_at(err, &at, "%s: the experiment has more than %d distinct %s "
               "configurations (at most %d: each is loaded and kept for the "
               "run; vary fewer values, or split the experiment)",
               k ? k->path : what, EXP_MAX_CONFIGS, what, EXP_MAX_CONFIGS);
    else
        err_at(err, &at, "%s: the experiment's distinct %s configurations "
               "are read from more than %d MiB of files in all (at most %d "
               "MiB: each is loaded and kept for the run; vary fewer values, "
               "or split the experiment)", k ? k->path : what, what,
               EXP_MAX_CONFIG_BYTES >> 20, EXP_MAX_CONFIG_BYTES >> 20);
    return -1;
}

/* Pass 1 of exp_configs_load: each point's hardware and kernel
 * configuration index, by identity (config_id), nothing loaded; refuses
 * more configurations than the limits before any is. */
static int count_configs(experiment *e, cusim_set *sets, config_count *hw,
                         config_count *k, cusim_error *err)
{
    for (size_t p = 0; p < e->sw.n_points; p++) {
        size_t n = point_sets(e, p, sets);
        const char *hw_file = exp_point_hw_file(e, p);
        const char *k_file = exp_point_kernel_file(e, p);
        long hi = config_index(e, hw, config_id(hw_file, sets, n, "kernel."),
                               hw_file, true, err);
        long ki = hi < 0 ? -1
                  : config_index(e, k, config_id(k_file, sets, n, "hw."),
                                 k_file, false, err);
        if (ki < 0)
            return -1;
        e->point_hw[p] = (uint32_t)hi;
        e->point_kernel[p] = (uint32_t)ki;
    }
    return 0;
}

static void count_free(config_count *c)
{
    hmap_str_free(&c->ids);
    hmap_str_free(&c->sizes);
}

int exp_configs_load(experiment *e, cusim_error *err)
{
    cusim_set *sets = xcalloc(e->max_sets + 1, sizeof *sets);
    config_count hwc = { 0 }, kc = { 0 };
    hmap_str pairs = { 0 }, texts = { 0 };
    e->point_hw = xcalloc(e->sw.n_points, sizeof *e->point_hw);
    e->point_kernel = xcalloc(e->sw.n_points, sizeof *e->point_kernel);
    e->point_reason = xcalloc(e->sw.n_points, sizeof *e->point_reason);
    int rc = count_configs(e, sets, &hwc, &kc, err);
    if (rc == 0) {
        e->hws = xcalloc(hwc.n, sizeof *e->hws);
        e->hw_hash = xcalloc(hwc.n, sizeof *e->hw_hash);
        e->kernels = xcalloc(kc.n, sizeof *e->kernels);
        e->kernel_hash = xcalloc(kc.n, sizeof *e->kernel_hash);
    }
    count_free(&hwc);
    count_free(&kc);

    /* Pass 2: each configuration loaded when a point first needs it (so
     * the first n_hws, n_kernels are those loaded), each pair checked. */
    for (size_t p = 0; p < e->sw.n_points && rc == 0; p++) {
        uint32_t hi = e->point_hw[p], ki = e->point_kernel[p];
        if (hi == e->n_hws || ki == e->n_kernels) {
            size_t n = point_sets(e, p, sets);
            if (hi == e->n_hws) {
                cusim_hw *hw = xcalloc(1, sizeof *hw);
                if (cusim_hw_load(exp_point_hw_file(e, p), sets, n, hw,
                                  err) != 0) {
                    free(hw);
                    rc = -1;
                    break;
                }
                e->hws[hi] = hw;
                e->hw_hash[hi] = echo_hash(hw, NULL);
                e->n_hws++;
            }
            if (ki == e->n_kernels) {
                cusim_kernel *k = xcalloc(1, sizeof *k);
                if (cusim_kernel_load(exp_point_kernel_file(e, p), sets, n,
                                      k, err) != 0) {
                    free(k);
                    rc = -1;
                    break;
                }
                e->kernels[ki] = k;
                e->kernel_hash[ki] = echo_hash(NULL, k);
                e->n_kernels++;
            }
        }

        /* Whether the pair runs: what cusim sim checks before it starts,
         * once per pair. One that does not is an infeasible point; its
         * reason is kept once per distinct text (a million infeasible
         * pairs say a few thousand things). */
        char *pair = xasprintf("%" PRIu32 ":%" PRIu32, hi, ki);
        long why = hmap_str_get(&pairs, pair);
        if (why < 0) {
            cusim_error perr;
            why = UINT32_MAX;
            cusim_sim_options budget = {
                .max_instructions = e->max_instructions };
            if (cusim_validate(e->hws[hi], e->kernels[ki], &budget, &perr)
                != 0) {
                cusim_mark at = { perr.file, perr.line, perr.column };
                const char *name = exp_line_name(e, &at);
                char *text = perr.line == 0
                    ? xstrdup(perr.message)
                    : name ? xasprintf("%s: %s", name, perr.message)
                    : xasprintf("%s:%d:%d: %s", perr.file, perr.line,
                                perr.column, perr.message);
                why = hmap_str_get(&texts, text);
                if (why < 0) {
                    e->reasons = grow(e->reasons, e->n_reasons,
                                      sizeof *e->reasons);
                    e->reasons[e->n_reasons] = text;
                    why = (long)e->n_reasons++;
                    hmap_str_put(&texts, xstrdup(text), (uint32_t)why);
                } else {
                    free(text);
                }
            }
            hmap_str_put(&pairs, pair, (uint32_t)why);
        } else {
            free(pair);
        }
        e->point_reason[p] = (uint32_t)why;
        e->n_infeasible += why != UINT32_MAX;
    }
    hmap_str_free(&pairs);
    hmap_str_free(&texts);
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
