/*
 * fuzz_hier.c — the memory hierarchy under random keys within their
 * ranges (issue 43, point 2). The input is text, a line each:
 *   - a shipped profile with caches (its name, or any text: picked by its
 *     hash among them);
 *   - a kernel of the harness's own (its name, or any text: picked so), a
 *     few lines of global accesses that stress the hierarchy (strided
 *     stores, random loads and stores, a copy, a re-read, atomics);
 *   - then any number of KEY=VALUE: KEY one of the profile's cache.*,
 *     dram.* and memory.* keys and compute_units (by name, or any text:
 *     picked by its hash), VALUE within the key's range as `cusim keys`
 *     prints it (a number there as it is, another folded into it; for a
 *     key of names, one of them), or `elements=N` (N modulo 65,536,
 *     plus 1).
 * The overrides are applied as --set options (cusim_hw_apply): a profile
 * they make invalid is refused there, which is cusim check's business.
 * What cusim_validate accepts is simulated with at most 10,000
 * warp-instructions and a 100,000-cycle watchdog (as fuzz_sim.c) on at
 * most 256 CUs, and must complete: no crash, assertion, index out of
 * range or deadlock (the crash and the deadlock of issue 43 are this
 * harness's tests/fuzz/regress/hier/ inputs); retired = issued
 * warp-instructions; stall classes and warp states sum to 1.
 * Every field `cusim fields` calls a fraction is within [0, 1] (issue 43,
 * point 4: DRAM's utilization counts what its buses moved within the
 * run).
 */
#include "fuzz.h"

#include <math.h>

#include "config.h"
#include "cusim.h"
#include "hmap.h"

#ifndef CUSIM_FUZZ_ROOT
#define CUSIM_FUZZ_ROOT "."
#endif

#define MAX_SETS 32
#define MAX_KEYS 128

/* The shipped profiles with a memory hierarchy (cache.l2.bytes > 0). */
static const char *const profiles[] = {
    "adreno-a650", "adreno-a740", "amd-cdna2-gfx90a", "amd-cdna3-gfx942",
    "amd-gcn", "amd-rdna2-gfx1030", "amd-rdna3-gfx1100", "apple-m1",
    "apple-m3", "intel-xe-hpc", "intel-xe-hpg", "intel-xe-lp", "nvidia-h200",
    "nvidia-sm70", "nvidia-sm75", "nvidia-sm80", "nvidia-sm86",
    "nvidia-sm89", "nvidia-sm90",
};
#define N_PROFILES (sizeof profiles / sizeof profiles[0])

/* The harness's kernels: name, then the rest of the file after the
 * name line (elements 4,096 unless the input says; the first two are
 * tests/cli/run-hier's, whose cases tests/fuzz/regress/hier/ holds). */
static const char *const kernels[][2] = {
    { "strided-stores",
      "workgroup_size: 256\nregisters: 16\nshared_bytes: 0\nelements: 4096\n"
      "buffers: { dst: elements * 64 }\n"
      "program: |\n  body {\n    st.global v, v at=dst[gid * 4] bytes=16\n"
      "  }\n" },
    { "random-load-store-load",
      "workgroup_size: 256\nregisters: 32\nshared_bytes: 0\nelements: 4096\n"
      "program: |\n  body {\n"
      "    ld.global v, i pattern=random bytes=64\n"
      "    st.global v, i pattern=random bytes=64\n"
      "    ld.global w, i pattern=random bytes=64\n  }\n" },
    { "copy",
      "workgroup_size: 256\nelements: 4096\n"
      "buffers: { src: elements * 16, dst: elements * 16 }\n"
      "program: |\n  body {\n    ld.global v, i at=src[gid] bytes=16\n"
      "    st.global v, i at=dst[gid] bytes=16\n  }\n" },
    { "reread",
      "workgroup_size: 128\nelements: 4096\nbuffers: { src: 65536 }\n"
      "program: |\n  body {\n    repeat 4 {\n"
      "      ld.global v, i at=src[gid % 1024] bytes=4\n    }\n  }\n" },
    { "atomics",
      "workgroup_size: 64\nelements: 4096\nbuffers: { hist: 1024 }\n"
      "program: |\n  body {\n"
      "    atom.global v, i at=hist[gid % 16] op=add\n  }\n" },
};
#define N_KERNELS (sizeof kernels / sizeof kernels[0])

/* A key of the profile within its range: an integer lo..hi, or names. */
typedef struct key {
    char path[64];
    uint64_t lo, hi;        /* integer keys */
    char names[8][24];      /* a key of names: its values */
    int n_names;            /* 0: an integer key */
} key;

/* The keys fuzzed, read from cfg_print_keys (what `cusim keys hw`
 * prints): PATH TYPE DEFAULT RANGE HELP. */
static int read_keys(key *keys)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        abort();
    cfg_print_keys(f, CFG_HW);
    fclose(f);
    int n = 0;
    for (char *line = strtok(text, "\n"); line && n < MAX_KEYS;
         line = strtok(NULL, "\n")) {
        char path[64], type[64], def[64], range[64];
        if (sscanf(line, "%63s %63s %63s %63s", path, type, def, range) != 4)
            continue;
        if (strncmp(path, "cache.", 6) != 0 && strncmp(path, "dram.", 5) != 0
            && strncmp(path, "memory.", 7) != 0
            && strcmp(path, "compute_units") != 0)
            continue;
        key *k = &keys[n];
        memset(k, 0, sizeof *k);
        snprintf(k->path, sizeof k->path, "%s", path);
        unsigned long long lo, hi;
        if (strcmp(type, "integer") == 0
            && sscanf(range, "%llu..%llu", &lo, &hi) == 2 && lo <= hi) {
            k->lo = lo;
            k->hi = hi;
            n++;
        } else if (strchr(type, '|')) {
            for (char *s = type, *bar; s && k->n_names < 8; s = bar) {
                bar = strchr(s, '|');
                if (bar)
                    *bar++ = '\0';
                snprintf(k->names[k->n_names++], sizeof k->names[0], "%s", s);
            }
            n++;
        }
    }
    free(text);
    return n;
}

/* The hash that picks an entry when a line names none. */
static uint64_t hash(const char *s)
{
    return hmap_fnv(s, strlen(s), HMAP_FNV_SEED);
}

/* The profile line `s` names, else its hash's pick. */
static size_t pick_profile(const char *s)
{
    for (size_t i = 0; i < N_PROFILES; i++)
        if (strcmp(s, profiles[i]) == 0)
            return i;
    return (size_t)(hash(s) % N_PROFILES);
}

/* The kernel line `s` names, else its hash's pick. */
static size_t pick_kernel(const char *s)
{
    for (size_t i = 0; i < N_KERNELS; i++)
        if (strcmp(s, kernels[i][0]) == 0)
            return i;
    return (size_t)(hash(s) % N_KERNELS);
}

/* VALUE as a number: its decimal digits (at most 19), else its hash. */
static uint64_t number(const char *s)
{
    size_t n = strspn(s, "0123456789");
    if (n > 0 && n <= 19 && s[n] == '\0')
        return strtoull(s, NULL, 10);
    return hash(s);
}

static double sum(const double *v, size_t n)
{
    double s = 0;
    for (size_t i = 0; i < n; i++)
        s += v[i];
    return s;
}

static void simulate(const cusim_hw *hw, const cusim_kernel *k)
{
    cusim_sim_options opt = { .watchdog_cycles = 100000,
                              .max_instructions = 10000 };
    cusim_result res;
    cusim_error err;
    if (hw->compute_units > 256 || cusim_validate(hw, k, &opt, &err) != 0)
        return;
    if (cusim_simulate(hw, k, &opt, &res, NULL, &err) != 0)
        fuzz_fail("a run cusim_validate accepted failed", err.message);
    if (res.retired_instructions != res.warp_instructions)
        fuzz_fail("retired != issued warp-instructions", NULL);
    if (fabs(sum(res.stalls, CUSIM_STALL_COUNT) - 1) > 1e-6)
        fuzz_fail("stall classes do not sum to 1", NULL);
    if (res.warp_instructions
        && fabs(sum(res.warp_states, CUSIM_WS_COUNT) - 1) > 1e-6)
        fuzz_fail("warp states do not sum to 1", NULL);
    cusim_report rep = { .n = 0 };
    cusim_report_result(&rep, &res);
    const char *bad = cusim_report_bad_fraction(&rep);
    if (bad)
        fuzz_fail("a fraction outside [0, 1]", bad);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static key keys[MAX_KEYS];
    static int n_keys;
    if (n_keys == 0)
        n_keys = read_keys(keys);
    if (n_keys == 0)
        fuzz_fail("no hierarchy keys in cusim keys", NULL);

    char *text = fuzz_text(data, size);
    char *lines[2 + MAX_SETS];
    int n_lines = 0;
    for (char *s = text, *nl; s && n_lines < 2 + MAX_SETS; s = nl) {
        nl = strchr(s, '\n');
        if (nl)
            *nl++ = '\0';
        lines[n_lines++] = s;
    }
    if (n_lines < 2) {
        free(text);
        return 0;
    }
    size_t p = pick_profile(lines[0]);
    size_t kk = pick_kernel(lines[1]);

    char path[512];
    snprintf(path, sizeof path, "%s/configs/hw/%s.yaml", CUSIM_FUZZ_ROOT,
             profiles[p]);
    cusim_hw hw;
    cusim_error err;
    if (cusim_hw_load(path, NULL, 0, &hw, &err) != 0)
        fuzz_fail("a shipped profile does not load", err.message);
    char *ktext = xasprintf("name: %s\n%s", kernels[kk][0], kernels[kk][1]);
    cusim_kernel k;
    if (cusim_kernel_load_string(ktext, "kernel.yaml", NULL, 0, &k, &err) != 0)
        fuzz_fail("a kernel of the harness does not load", err.message);

    /* the overrides, as --set options */
    char args[MAX_SETS][160];
    cusim_set hw_sets[MAX_SETS], k_sets[1];
    size_t n_hw = 0, n_k = 0;
    for (int i = 2; i < n_lines; i++) {
        char *eq = strchr(lines[i], '=');
        if (!eq)
            continue;
        *eq = '\0';
        const char *name = lines[i], *value = eq + 1;
        if (strcmp(name, "elements") == 0) {
            snprintf(args[i - 2], sizeof args[0], "kernel.elements=%llu",
                     (unsigned long long)(number(value) % 65536 + 1));
            if (cusim_set_parse(args[i - 2], i, &k_sets[0], &err) == 0)
                n_k = 1;
            continue;
        }
        size_t j = 0;
        while (j < (size_t)n_keys && strcmp(keys[j].path, name) != 0)
            j++;
        if (j == (size_t)n_keys)
            j = (size_t)(hash(name) % (uint64_t)n_keys);
        const key *kd = &keys[j];
        if (kd->n_names)
            snprintf(args[i - 2], sizeof args[0], "hw.%s=%s", kd->path,
                     kd->names[number(value) % (uint64_t)kd->n_names]);
        else {
            /* a value in the range as it is, else folded into it */
            uint64_t v = number(value), width = kd->hi - kd->lo;
            if ((v < kd->lo || v > kd->hi) && width < UINT64_MAX)
                v = kd->lo + v % (width + 1);
            snprintf(args[i - 2], sizeof args[0], "hw.%s=%llu", kd->path,
                     (unsigned long long)v);
        }
        if (cusim_set_parse(args[i - 2], i, &hw_sets[n_hw], &err) == 0)
            n_hw++;
    }
    if (cusim_hw_apply(&hw, hw_sets, n_hw, &err) == 0
        && cusim_kernel_apply(&k, k_sets, n_k, &err) == 0)
        simulate(&hw, &k);
    cusim_kernel_free(&k);
    free(ktext);
    free(text);
    return 0;
}
