/*
 * suggest.c — edit distance and nearest names for did-you-mean messages.
 */
#include "suggest.h"

#include <stdbool.h>
#include <stdint.h>
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

const char *suggest_nearest(const char *word, const char *const *cands,
                            size_t n)
{
    size_t len = strlen(word), limit = len / 3 > 2 ? len / 3 : 2;
    size_t best = (size_t)-1;
    const char *found = NULL;
    for (size_t i = 0; i < n; i++) {
        size_t d = suggest_distance(word, len, cands[i], strlen(cands[i]));
        bool abbr = len >= 2 && word[0] == cands[i][0];
        const char *w = word;
        for (const char *c = cands[i]; abbr && *c && *w; c++)
            if (*c == *w)
                w++;
        abbr = abbr && *w == '\0';
        if (((d <= limit && d < len) || abbr) && d < best) {
            best = d;
            found = cands[i];
        }
    }
    return found;
}
