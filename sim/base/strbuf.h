/*
 * strbuf.h — a growing string, for text built a piece at a time (result
 * files, the manifest, YAML text handed to the config loader).
 */
#ifndef CUSIM_STRBUF_H
#define CUSIM_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

/* A zeroed sbuf is empty. Invariant: when `s` is not NULL it holds `n`
 * bytes and a terminating NUL within `cap`. The sbuf owns `s`: release it
 * with free(b.s), or take it with sb_take. Appending aborts when memory
 * runs out (xalloc.h). */
typedef struct sbuf {
    char *s;           /* the text, NUL-terminated; NULL until written */
    size_t n, cap;     /* bytes used (without the NUL) and allocated */
} sbuf;

void sb_putn(sbuf *b, const char *s, size_t n);   /* n bytes of s */
void sb_puts(sbuf *b, const char *s);
void sb_putc(sbuf *b, char c);
void sb_printf(sbuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void sb_vprintf(sbuf *b, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));

/* Appends `s` between two `q` characters, each `q` inside doubled: a CSV
 * field's quoting with '"', a gnuplot single-quoted string's with '\''. */
void sb_put_doubled(sbuf *b, const char *s, char q);

/* Empties `b`, keeping its memory for what comes next. */
void sb_clear(sbuf *b);

/* Takes the text out of `b` (never NULL; the caller frees it), leaving `b`
 * empty and owning nothing. */
char *sb_take(sbuf *b);

#endif /* CUSIM_STRBUF_H */
