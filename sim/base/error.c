/*
 * error.c — user errors as values (`FILE:LINE:COLUMN: message`, or
 * `cusim: message` for one of no place in an input).
 */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"

/* The length of the valid UTF-8 character at s (n bytes left, s[0] at
 * least 0x80), 0 when none starts there (a stray or overlong byte, a
 * surrogate, past U+10FFFF). */
static size_t utf8_char(const unsigned char *s, size_t n)
{
    size_t len;
    unsigned lo = 0x80, hi = 0xbf;
    if (s[0] >= 0xc2 && s[0] <= 0xdf)
        len = 2;
    else if (s[0] >= 0xe0 && s[0] <= 0xef)
        len = 3;
    else if (s[0] >= 0xf0 && s[0] <= 0xf4)
        len = 4;
    else
        return 0;
    if (len > n)
        return 0;
    if (s[0] == 0xe0)
        lo = 0xa0;                    /* overlong */
    else if (s[0] == 0xed)
        hi = 0x9f;                    /* surrogates */
    else if (s[0] == 0xf0)
        lo = 0x90;                    /* overlong */
    else if (s[0] == 0xf4)
        hi = 0x8f;                    /* past U+10FFFF */
    if (s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if (s[i] < 0x80 || s[i] > 0xbf)
            return 0;
    return len;
}

/* utf8_char, but 0 for a C1 control (U+0080 to U+009F) too: escaped. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    size_t len = utf8_char(s, n);
    return len == 2 && s[0] == 0xc2 && s[1] <= 0x9f ? 0 : len;
}

bool err_is_utf8(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t n = strlen(s);
    for (size_t i = 0, len; i < n; i += len) {
        len = u[i] < 0x80 ? 1 : utf8_char(u + i, n - i);
        if (len == 0)
            return false;
    }
    return true;
}

/* The escaped text of the n bytes at src, appended to b. */
static void escape_into(sbuf *b, const unsigned char *src, size_t n)
{
    for (size_t i = 0; i < n;) {
        size_t len = src[i] >= 0x80 ? utf8_len(src + i, n - i) : 0;
        if (len) {
            sb_putn(b, (const char *)src + i, len);
            i += len;
        } else if (src[i] < 0x20 || src[i] >= 0x7f) {
            sb_printf(b, "\\x%02x", src[i]);
            i++;
        } else {
            sb_putc(b, (char)src[i]);
            i++;
        }
    }
}

/* Whether byte i of s begins a character (not a UTF-8 continuation byte
 * nor inside a \xHH escape). */
static int starts_char(const char *s, size_t i)
{
    if (((unsigned char)s[i] & 0xc0) == 0x80)
        return 0;
    for (size_t back = 1; back <= 3 && back <= i; back++)
        if (s[i - back] == '\\' && s[i - back + 1] == 'x')
            return 0;
    return 1;
}

size_t err_escape_n(char *dst, size_t cap, const char *src, size_t n)
{
    sbuf b = { 0 };
    escape_into(&b, (const unsigned char *)src, n);
    size_t len = b.n;
    if (len < cap) {
        memcpy(dst, b.s ? b.s : "", len);
        dst[len] = '\0';
    } else {
        /* the head and the tail, each cut at a character */
        size_t room = cap - 1 - 3, head = room / 2, tail = len - (room - head);
        while (head > 0 && !starts_char(b.s, head))
            head--;
        while (tail < len && !starts_char(b.s, tail))
            tail++;
        memcpy(dst, b.s, head);
        memcpy(dst + head, "...", 3);
        memcpy(dst + head + 3, b.s + tail, len - tail);
        len = head + 3 + (len - tail);
        dst[len] = '\0';
    }
    free(b.s);
    return len;
}

size_t err_escape(char *dst, size_t cap, const char *src)
{
    return err_escape_n(dst, cap, src, strlen(src));
}

static int err_vset(cusim_error *err, const char *file, int line, int column,
                    const char *fmt, va_list ap)
{
    if (!err)
        return -1;
    sbuf m = { 0 };
    sb_vprintf(&m, fmt, ap);
    err_escape(err->file, sizeof err->file, file ? file : "<input>");
    err->line = line > 0 ? line : 1;
    err->column = column > 0 ? column : 1;
    err_escape(err->message, sizeof err->message, m.s ? m.s : "");
    free(m.s);
    return -1;
}

int err_set(cusim_error *err, const char *file, int line, int column,
            const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err_vset(err, file, line, column, fmt, ap);
    va_end(ap);
    return -1;
}

int err_noplace(cusim_error *err, const char *file, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err_vset(err, file, 0, 0, fmt, ap);
    va_end(ap);
    if (err)
        err->line = err->column = 0;
    return -1;
}

int err_at(cusim_error *err, const cusim_mark *mark, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    err_vset(err, mark->file, mark->line, mark->column, fmt, ap);
    va_end(ap);
    return -1;
}

void cusim_error_print(const cusim_error *err, FILE *out)
{
    /* escaped again: a message written without err_set stays one line */
    char file[sizeof err->file], message[sizeof err->message];
    err_escape_n(file, sizeof file, err->file, strnlen(err->file, sizeof err->file));
    err_escape_n(message, sizeof message, err->message,
                 strnlen(err->message, sizeof err->message));
    if (err->line == 0)
        fprintf(out, "cusim: %s\n", message);
    else
        fprintf(out, "%s:%d:%d: %s\n", file, err->line, err->column,
                message);
}
