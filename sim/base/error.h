/*
 * error.h — building cusim_error values inside the library.
 *
 * Library code never prints or exits on bad input: it fills a cusim_error
 * with err_set() and returns -1; the command line decides the exit status.
 */
#ifndef CUSIM_ERROR_H
#define CUSIM_ERROR_H

#include "cusim.h"

/* Fills `err` (when non-NULL) with a location and a printf-style message.
 * Always returns -1 so callers can write `return err_set(...);`. */
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

#endif /* CUSIM_ERROR_H */
