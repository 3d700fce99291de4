/*
 * suggest.h — "did you mean ...?": the edit distance every did-you-mean in
 * cusim (config keys, opcodes, experiment keys, plot columns) is based on.
 */
#ifndef CUSIM_SUGGEST_H
#define CUSIM_SUGGEST_H

#include <stddef.h>

#define SUGGEST_MAX_LEN 255   /* longer words never match anything */

/* Levenshtein distance between the `la` bytes at `a` and the `lb` bytes at
 * `b`, or SIZE_MAX when either is longer than SUGGEST_MAX_LEN. */
size_t suggest_distance(const char *a, size_t la, const char *b, size_t lb);

/* The candidate of `cands[0 .. n-1]` closest to `word`, by the rule the
 * config loader applies to key names: within max(2, len/3) edits (and
 * fewer edits than `word` has letters), or `word` abbreviates it (at least
 * two letters, the same first letter, its letters in order: "regs" of
 * "registers"). The nearest wins, the first of equals. NULL when none is
 * close. */
const char *suggest_nearest(const char *word, const char *const *cands,
                            size_t n);

#endif /* CUSIM_SUGGEST_H */
