/*
 * suggest.h — "did you mean ...?": the edit distance and the rules every
 * did-you-mean in cusim (config keys, opcodes, experiment keys, plot
 * columns) is based on.
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

/* The candidate closest to the `len` bytes at `word` within `max_edits`
 * edits, the first of equals; NULL when none is that close. For short
 * fixed vocabularies (opcodes, modifiers), where abbreviations mislead. */
const char *suggest_within(const char *word, size_t len,
                           const char *const *cands, size_t n,
                           size_t max_edits);

/* The key or mapping name closest to the dotted `path` among the `n` key
 * paths `paths` and the mappings above them ("cu" and "cu.lanes" of
 * "cu.lanes.alu"), written to `buf`; NULL when none is close. First among
 * its siblings (the same parent), by suggest_nearest's rule on the last
 * components; then among the others (a key under the wrong mapping, or a
 * misspelt mapping; never a mapping `path` is under) whose last component
 * is within suggest_nearest's edit limit, the whole path nearest. The
 * first of equals wins, in the order of `paths`. */
const char *suggest_path(const char *path, const char *const *paths,
                         size_t n, char *buf, size_t size);

#endif /* CUSIM_SUGGEST_H */
