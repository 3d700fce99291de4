/*
 * config.h — loading hardware profiles and kernels from YAML.
 *
 * One descriptor table per kind (cfg_keys.c) lists every key: its dotted
 * path, type, default, range and help text. That table alone drives
 * parsing, validation, defaults, `--set` overrides, the `cusim keys`
 * listing and the echo of a resolved config; nothing else in cusim spells
 * a key's default. The module is five files sharing cfg_int.h: cfg_keys.c
 * (the tables, key lookup, the listing), cfg_load.c (the passes,
 * overrides, a kernel's further dispatches), cfg_convert.c (a value by
 * its type), cfg_dispatch.c (copies of a loaded kernel's chain of
 * dispatches, overrides applied to it), cfg_echo.c.
 *
 * When adding a key: add a field to cusim_hw / cusim_kernel (cusim.h) and a
 * row to the table in cfg_keys.c; everything else follows.
 */
#ifndef CUSIM_CONFIG_H
#define CUSIM_CONFIG_H

#include <stdio.h>

#include "cusim.h"

typedef enum cfg_kind {
    CFG_HW,        /* key paths under "hw." in --set */
    CFG_KERNEL     /* key paths under "kernel." in --set */
} cfg_kind;

/* Loads `path` as a profile / kernel, applies the overrides of `sets` whose
 * path starts with "hw." / "kernel." (any other prefix is an error, at the
 * override's location), fills every missing key with its default, checks
 * every range, and records in `out->marks` where each key's value came
 * from. The kernel's `program` is copied but not parsed here. Returns 0, or
 * -1 with `err` set to the first problem: the file cannot be read, is empty,
 * is not YAML, its top level is not a mapping, a key is unknown (with a
 * did-you-mean) or duplicated, a value has the wrong type, is out of range
 * or overflows 64 bits, a required key is missing. */
int cfg_hw_load(const char *path, const cusim_set *sets, size_t n_sets,
                cusim_hw *out, cusim_error *err);
int cfg_kernel_load(const char *path, const cusim_set *sets, size_t n_sets,
                    cusim_kernel *out, cusim_error *err);

/* cusim_kernel_load_string (cusim.h) without parsing the programs. (For
 * profiles, cusim_hw_load_string and cusim_hw_apply are defined here.) */
int cfg_kernel_load_string(const char *text, const char *name,
                           const cusim_set *sets, size_t n_sets,
                           cusim_kernel *out, cusim_error *err);
int cfg_kernel_load_bytes(const char *text, size_t len, const char *name,
                          const cusim_set *sets, size_t n_sets,
                          cusim_kernel *out, cusim_error *err);

/* Fills `out` with `k` (a kernel loaded by cfg_kernel_load) with the
 * "kernel." overrides of `sets` applied, as cusim_kernel_apply (cusim.h)
 * but into a new kernel whose programs are not parsed (every `ast` NULL;
 * free it with cfg_kernel_free or, once parsed, cusim_kernel_free); on
 * failure nothing is left to free. */
int cfg_kernel_apply(const cusim_kernel *k, const cusim_set *sets,
                     size_t n_sets, cusim_kernel *out, cusim_error *err);

/* Fills `dst` with a deep copy of `src` and its dispatch chain: program
 * texts duplicated, every `ast` NULL. */
void cfg_kernel_clone(cusim_kernel *dst, const cusim_kernel *src);

/* Frees the program texts and the dispatch chain of a kernel whose `ast`
 * are all NULL (as cfg_kernel_load leaves them); NULL-safe. */
void cfg_kernel_free(cusim_kernel *k);

/* Where the value of key `path` (e.g. "workgroup_size", "cu.registers")
 * came from, with the config's own file name (pointing at its `file`) for
 * keys of the file; line 0 (the default) for keys never written. A path
 * that names no key gives file NULL, line 0. */
cusim_mark cfg_hw_mark(const cusim_hw *hw, const char *path);
cusim_mark cfg_kernel_mark(const cusim_kernel *k, const char *path);

/* The meaning of configuration key `column` (a dotted path as --set and
 * the results' parameter columns name it: "kernel.registers",
 * "hw.cu.schedulers"), as `cusim keys` shows it, or NULL when it names no
 * key. Static text. */
const char *cfg_key_help(const char *column);

/* How a message names a kernel key written at `at` (cfg_kernel_mark):
 * "kernel." to put before the key when `at` is not in the kernel's own
 * file (a --set, an experiment, which name it whole), else "". */
const char *cfg_kernel_prefix(const cusim_kernel *k, const cusim_mark *at);

/* Prints every key of `kind`: path, type, default, range, help. */
void cfg_print_keys(FILE *out, cfg_kind kind);

/* Prints the resolved config as YAML that loads back to the same value. */
void cfg_echo_hw(FILE *out, const cusim_hw *hw);
void cfg_echo_kernel(FILE *out, const cusim_kernel *k);

#endif /* CUSIM_CONFIG_H */
