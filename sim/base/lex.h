/*
 * lex.h — the character classes the two small text parsers share: the
 * program parser (prog_parse.c) and the dispatch expression parser
 * (expr.c). ASCII only, whatever the locale.
 */
#ifndef CUSIM_LEX_H
#define CUSIM_LEX_H

#include <stdbool.h>

/* A blank inside a line: space, tab, or the '\r' of a CRLF line end. */
static inline bool lex_is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

static inline bool lex_is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* A name starts with a letter or '_' and goes on with those and digits. */
static inline bool lex_is_ident_start(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static inline bool lex_is_ident_char(char c)
{
    return lex_is_ident_start(c) || lex_is_digit(c);
}

#endif /* CUSIM_LEX_H */
