/*
 * json.h — JSON string literals: the one escaper every JSON writer uses
 * (the report printers, the result files of `cusim run`).
 */
#ifndef CUSIM_JSON_H
#define CUSIM_JSON_H

#include <stdio.h>

#include "strbuf.h"

/* Writes `s` as a JSON string literal, quotes included: '"' and '\' are
 * escaped with a backslash, control characters (below 0x20) and DEL (0x7F)
 * as \u00XX; every other byte, UTF-8 included, is copied. */
void json_string(FILE *out, const char *s);

/* The same, appended to `b`. */
void json_string_sb(sbuf *b, const char *s);

#endif /* CUSIM_JSON_H */
