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

#endif /* CUSIM_SUGGEST_H */
