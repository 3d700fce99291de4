/*
 * error.c — user errors as values (`FILE:LINE:COLUMN: message`, or
 * `cusim: message` for one of no place in an input).
 */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>

static int err_vset(cusim_error *err, const char *file, int line, int column,
                    const char *fmt, va_list ap)
{
    if (!err)
        return -1;
    snprintf(err->file, sizeof err->file, "%s", file ? file : "<input>");
    err->line = line > 0 ? line : 1;
    err->column = column > 0 ? column : 1;
    vsnprintf(err->message, sizeof err->message, fmt, ap);
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
    if (err->line == 0)
        fprintf(out, "cusim: %s\n", err->message);
    else
        fprintf(out, "%s:%d:%d: %s\n", err->file, err->line, err->column,
                err->message);
}
