/*
 * error.h — building cusim_error values inside the library.
 *
 * Library code never prints or exits on bad input: it fills a cusim_error
 * with err_set() and returns -1; the command line decides the exit status.
 */
#ifndef CUSIM_ERROR_H
#define CUSIM_ERROR_H

#include "cusim.h"

/* Fills `err` (when non-NULL) with a location and a printf-style message,
 * both through err_escape (one printable line, shortened in the middle to
 * fit). Always returns -1 so callers can write `return err_set(...);`. */
int err_set(cusim_error *err, const char *file, int line, int column,
            const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* The same, at a cusim_mark (a mark with line 0, a default, is reported at
 * line 1, column 1 of its file). */
int err_at(cusim_error *err, const cusim_mark *mark, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* An error of no place in an input, such as a file that could not be
 * written (`file` is the path it concerns; line 0: printed as
 * "cusim: message"). Returns -1. */
int err_noplace(cusim_error *err, const char *file, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The one message formatter's rule: writes `src` into `dst` (`cap` bytes,
 * at least 16) as printable text on one line: a control byte (a newline,
 * ESC, DEL, C1 controls) and a byte that is not part of valid UTF-8 become
 * \xHH; valid UTF-8 is kept (a backslash too, so escaping twice changes
 * nothing). When that is longer than `cap` - 1 bytes, its middle gives way
 * to "...", never its start (what it names) or its end (the reason).
 * Returns the length written. */
size_t err_escape(char *dst, size_t cap, const char *src);

/* The same for the `n` bytes at `src` (NUL bytes among them escaped). */
size_t err_escape_n(char *dst, size_t cap, const char *src, size_t n);

/* Whether `s` is valid UTF-8 (what YAML can hold: a path that is not
 * cannot be recorded in a YAML file cusim writes and read back). */
bool err_is_utf8(const char *s);

#endif /* CUSIM_ERROR_H */
