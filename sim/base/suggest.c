/*
 * suggest.c — edit distance and nearest names for did-you-mean messages:
 * the one place that decides which name a message proposes.
 */
#include "suggest.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

size_t suggest_distance(const char *a, size_t la, const char *b, size_t lb)
{
    size_t row[SUGGEST_MAX_LEN + 1];
    if (la > SUGGEST_MAX_LEN || lb > SUGGEST_MAX_LEN)
        return SIZE_MAX;
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

/* Whether the `clen` bytes at `cand` are close to the `len` bytes of
 * `word` by suggest_nearest's rule (abbreviations only when `abbr_ok`);
 * sets `*d` to their distance either way. */
static bool is_close(const char *word, size_t len, const char *cand,
                     size_t clen, bool abbr_ok, size_t *d)
{
    size_t limit = len / 3 > 2 ? len / 3 : 2;
    *d = suggest_distance(word, len, cand, clen);
    if (*d <= limit && *d < len)
        return true;
    if (!abbr_ok || len < 2 || clen == 0 || word[0] != cand[0])
        return false;
    size_t w = 0;   /* letters of `word` found in order */
    for (size_t c = 0; c < clen && w < len; c++)
        if (cand[c] == word[w])
            w++;
    return w == len;
}

const char *suggest_nearest(const char *word, const char *const *cands,
                            size_t n)
{
    size_t len = strlen(word), best = SIZE_MAX, d;
    const char *found = NULL;
    for (size_t i = 0; i < n; i++)
        if (is_close(word, len, cands[i], strlen(cands[i]), true, &d)
            && d < best) {
            best = d;
            found = cands[i];
        }
    return found;
}

const char *suggest_within(const char *word, size_t len,
                           const char *const *cands, size_t n,
                           size_t max_edits)
{
    size_t best = max_edits + 1;
    const char *found = NULL;
    for (size_t i = 0; i < n; i++) {
        size_t d = suggest_distance(word, len, cands[i], strlen(cands[i]));
        if (d < best) {
            best = d;
            found = cands[i];
        }
    }
    return found;
}

/* Length of the parent part of the first `len` bytes of a dotted path
 * ("cu.lanes" of "cu.lanes.x"; 0 at the top level). */
static size_t parent_len(const char *path, size_t len)
{
    while (len > 0 && path[len - 1] != '.')
        len--;
    return len ? len - 1 : 0;
}

const char *suggest_path(const char *path, const char *const *paths,
                         size_t n, char *buf, size_t size)
{
    size_t len = strlen(path), plen = parent_len(path, len);
    const char *leaf = plen ? path + plen + 1 : path;
    size_t llen = len - (size_t)(leaf - path);

    if (llen == 0 || len > SUGGEST_MAX_LEN)
        return NULL;
    for (int pass = 0; pass < 2; pass++) {
        size_t best = SIZE_MAX;
        for (size_t i = 0; i < n; i++) {
            /* the key itself, then each mapping above it */
            const char *cand = paths[i];
            for (size_t clen = strlen(cand);;) {
                size_t cplen = parent_len(cand, clen);
                const char *cleaf = cplen ? cand + cplen + 1 : cand;
                size_t cllen = clen - (size_t)(cleaf - cand), d;
                bool sibling = cplen == plen
                               && strncmp(cand, path, plen) == 0;
                bool close = is_close(leaf, llen, cleaf, cllen, pass == 0,
                                      &d);
                bool above = strncmp(path, cand, clen) == 0
                             && path[clen] == '.';
                if (pass == 0 && sibling && close && d < best) {
                    best = d;
                    snprintf(buf, size, "%.*s", (int)clen, cand);
                } else if (pass == 1 && !sibling && close && !above
                           && (d = suggest_distance(path, len, cand, clen))
                              < best) {
                    best = d;
                    snprintf(buf, size, "%.*s", (int)clen, cand);
                }
                if (!cplen)
                    break;
                clen = cplen;
            }
        }
        if (best != SIZE_MAX)
            return buf;
    }
    return NULL;
}
