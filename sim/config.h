/*
 * config.h — loading hardware profiles and kernels from YAML.
 *
 * One descriptor table per kind (config.c) lists every key: its dotted path,
 * type, default, range and help text. That table alone drives parsing,
 * validation, defaults, `--set` overrides, the `cusim keys` listing and the
 * echo of a resolved config; nothing else in cusim spells a key's default.
 *
 * When adding a key: add a field to cusim_hw / cusim_kernel (cusim.h) and a
 * row to the table in config.c; everything else follows.
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

/* Where the value of key `path` (e.g. "workgroup_size", "cu.registers")
 * came from; a mark with line 0 (the default) for keys never written. */
const cusim_mark *cfg_hw_mark(const cusim_hw *hw, const char *path);
const cusim_mark *cfg_kernel_mark(const cusim_kernel *k, const char *path);

/* Prints every key of `kind`: path, type, default, range, help. */
void cfg_print_keys(FILE *out, cfg_kind kind);

/* Prints the resolved config as YAML that loads back to the same value. */
void cfg_echo_hw(FILE *out, const cusim_hw *hw);
void cfg_echo_kernel(FILE *out, const cusim_kernel *k);

/* Tells a profile from a kernel by its top-level keys, without validating
 * it: returns 0 and sets *kind, or -1 with `err` set when the file cannot be
 * read or parsed or has neither `program` nor `cu`/`simd_width`. */
int cfg_sniff(const char *path, cfg_kind *kind, cusim_error *err);

#endif /* CUSIM_CONFIG_H */
