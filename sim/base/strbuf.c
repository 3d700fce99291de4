/*
 * strbuf.c — a growing string (see strbuf.h).
 */
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

void sb_putn(sbuf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        b->cap = (b->n + n + 1) * 2;
        b->s = xrealloc_array(b->s, b->cap, 1);
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
}

void sb_puts(sbuf *b, const char *s)
{
    sb_putn(b, s, strlen(s));
}

void sb_putc(sbuf *b, char c)
{
    sb_putn(b, &c, 1);
}

void sb_vprintf(sbuf *b, const char *fmt, va_list ap)
{
    char small[256];
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    if (n >= 0 && (size_t)n < sizeof small) {
        sb_putn(b, small, (size_t)n);
    } else if (n >= 0) {
        char *big = xmalloc((size_t)n + 1);
        vsnprintf(big, (size_t)n + 1, fmt, again);
        sb_putn(b, big, (size_t)n);
        free(big);
    }
    va_end(again);
}

void sb_printf(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(b, fmt, ap);
    va_end(ap);
}

void sb_put_doubled(sbuf *b, const char *s, char q)
{
    sb_putc(b, q);
    for (; *s; s++) {
        if (*s == q)
            sb_putc(b, q);
        sb_putc(b, *s);
    }
    sb_putc(b, q);
}

void sb_clear(sbuf *b)
{
    b->n = 0;
    if (b->s)
        b->s[0] = '\0';
}

char *sb_take(sbuf *b)
{
    char *s = b->s ? b->s : xstrdup("");
    b->s = NULL;
    b->n = b->cap = 0;
    return s;
}
