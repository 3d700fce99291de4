/*
 * yamlout.h — writing YAML text: the library's double-quoted scalar (the
 * one YAML quoter: the manifest, the values an experiment hands the config
 * loader, and the config echo), the test for text a literal block scalar
 * carries exactly, and a parsed node written back as flow text that reads
 * back to the same value.
 */
#ifndef CUSIM_YAMLOUT_H
#define CUSIM_YAMLOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "strbuf.h"
#include "yamldoc.h"

/* yamlout_node refuses nodes nested deeper than this, or text longer. */
#define YAMLOUT_MAX_DEPTH 32
#define YAMLOUT_MAX_BYTES (1 << 16)

/* yamlout_quoted's flags. */
#define YAMLOUT_UNICODE_BREAKS 1u   /* also escape U+0085 (\N), U+2028 (\L),
                                       U+2029 (\P) and U+FEFF (\uFEFF) */

/* Appends the `n` bytes at `s` to `b` as a YAML double-quoted scalar that
 * reads back (libyaml) as exactly those bytes: `"` and `\` are escaped with
 * a backslash, newline and tab as \n and \t, every other byte below 0x20
 * and 0x7F as \xHH (upper-case hex); other bytes, UTF-8 included, are
 * copied. With YAMLOUT_UNICODE_BREAKS the code points libyaml reads as
 * line breaks (NEL, LS, PS: a raw one inside quotes would be folded into a
 * space) or drops (a byte-order mark) are escaped too, as the config echo
 * writes them; without it they are copied, as the manifest and experiment
 * values always have been (kept so those outputs stay the same bytes).
 * `s` may hold NUL bytes (\x00). */
void yamlout_quoted(sbuf *b, const char *s, size_t n, unsigned flags);

/* Writes the same bytes as yamlout_quoted to `out`. */
void yamlout_write_quoted(FILE *out, const char *s, size_t n, unsigned flags);

/* Whether the `n` bytes at `s` read back (libyaml) as exactly those bytes
 * when written as a literal block scalar (`|`, with the indentation and
 * chomping indicators the text needs): they are not all spaces, tabs and
 * newlines, and hold no byte below 0x20 other than newline and tab, no
 * 0x7F and none of the code points YAMLOUT_UNICODE_BREAKS escapes. */
bool yamlout_literal_ok(const char *s, size_t n);

/* Appends node `n` of document `d` to `b` as YAML flow text that reads
 * back to the same value: sequences as [a, b], mappings as {k: v}, plain
 * scalars as written unless inside a collection they would read
 * differently there (then quoted, as are all quoted and block scalars;
 * an empty plain scalar inside a collection is ~). `top`: `n` is a whole
 * value, so a plain scalar is written as is. Aliases are followed. Returns
 * 0, or -1 when `n` nests deeper than YAMLOUT_MAX_DEPTH or `b` grows past
 * YAMLOUT_MAX_BYTES (aliases can make either happen); `b` then holds a
 * partial text the caller discards. */
int yamlout_node(sbuf *b, ydoc *d, const yaml_node_t *n, bool top);

#endif /* CUSIM_YAMLOUT_H */
