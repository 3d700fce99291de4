/*
 * json.c — JSON string literals (see json.h).
 */
#include "json.h"

#include <stdio.h>

/* Writes the escape sequence of `c` into `buf` and returns it, or returns
 * NULL when `c` stands for itself. */
static const char *escape(unsigned char c, char buf[8])
{
    if (c == '"' || c == '\\') {
        buf[0] = '\\';
        buf[1] = (char)c;
        buf[2] = '\0';
        return buf;
    }
    if (c < 0x20 || c == 0x7F) {
        snprintf(buf, 8, "\\u%04x", c);
        return buf;
    }
    return NULL;
}

void json_string(FILE *out, const char *s)
{
    char buf[8];
    fputc('"', out);
    for (; *s; s++) {
        const char *e = escape((unsigned char)*s, buf);
        if (e)
            fputs(e, out);
        else
            fputc(*s, out);
    }
    fputc('"', out);
}

void json_string_sb(sbuf *b, const char *s)
{
    char buf[8];
    sb_putc(b, '"');
    for (; *s; s++) {
        const char *e = escape((unsigned char)*s, buf);
        if (e)
            sb_puts(b, e);
        else
            sb_putc(b, *s);
    }
    sb_putc(b, '"');
}
