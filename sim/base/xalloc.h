/*
 * xalloc.h — memory allocation for the whole library.
 *
 * Running out of memory is not a user error and no caller can do anything
 * useful about it, so it ends the process here, in one place, with a
 * message; callers carry no dead error paths (as Redis's zmalloc does).
 * This is the one out-of-memory policy of the library and the command
 * line: every allocation goes through these functions, and code that
 * learns of an exhausted memory some other way (libyaml) calls xalloc_die.
 * The policy: one line `cusim: out of memory` on stderr and exit status 1,
 * through exit(), so what the process holds is still reachable when the
 * leak checker of a sanitizer build looks, and an output file being
 * written stays under its temporary name (fileio.h): no final file is ever
 * torn.
 *
 * Fault injection (SQLite's test_malloc idea): xalloc_fail_after(n) lets
 * the next n allocations succeed and makes the one after fail, as if
 * memory had run out, so a test can drive every allocation's failure. It
 * applies to the process that set it only: a process it forks (a worker of
 * cusim run) allocates without it. It and the counts below are the one
 * piece of process-wide state in the library, and exist for tests and
 * debug checks only; the command line sets
 * it from CUSIM_FAIL_ALLOC=N and reports xalloc_count() when
 * CUSIM_COUNT_ALLOC is set (tests/cli/run-faults).
 */
#ifndef CUSIM_XALLOC_H
#define CUSIM_XALLOC_H

#include <stddef.h>

/* Reports "cusim: out of memory" on stderr and exits with status 1. */
_Noreturn void xalloc_die(void);

/* Test hook: the next `n` allocations of this process succeed, the one
 * after fails (xalloc_die). A negative n turns the hook off (the
 * default). */
void xalloc_fail_after(long n);

/* The allocations this process has asked for so far (a fork child's count
 * starts from its parent's), failed ones included. */
long xalloc_count(void);

/* The bytes this process's allocations have taken so far (a reallocation
 * counts its new size; nothing is subtracted when freed): debug builds
 * check with it that a run's state takes what was foreseen (gpu.c). */
unsigned long long xalloc_bytes(void);

/* realloc of an array of n elements of `size` bytes (n = 0 allocates one
 * element's worth, so the result is never NULL); overflow-checked. */
void *xrealloc_array(void *old, size_t n, size_t size);

void *xmalloc(size_t size);                 /* never NULL */
void *xcalloc(size_t n, size_t size);       /* zeroed; never NULL */
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);    /* at most n bytes, terminated */

/* A new string formatted as printf would (the caller frees it). */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif /* CUSIM_XALLOC_H */
