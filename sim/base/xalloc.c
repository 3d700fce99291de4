/*
 * xalloc.c — allocation that ends the process on failure (see xalloc.h).
 */
#include "xalloc.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Allocations left before the injected failure; negative: none injected;
 * the process the hook belongs to; allocations and bytes so far. Test-
 * and debug-only state (see xalloc.h). */
static long fail_countdown = -1;
static pid_t fail_pid;
static long n_allocations;
static unsigned long long n_bytes;

void xalloc_fail_after(long n)
{
    fail_countdown = n < 0 ? -1 : n;
    fail_pid = getpid();
}

long xalloc_count(void)
{
    return n_allocations;
}

unsigned long long xalloc_bytes(void)
{
    return n_bytes;
}

_Noreturn void xalloc_die(void)
{
    fputs("cusim: out of memory\n", stderr);
    exit(1);
}

static void *out_of_memory(void)
{
    xalloc_die();
}

/* True when the test hook says this allocation fails. */
static int injected_failure(void)
{
    n_allocations++;
    if (fail_countdown < 0 || getpid() != fail_pid)
        return 0;
    if (fail_countdown == 0)
        return 1;
    fail_countdown--;
    return 0;
}

void *xrealloc_array(void *old, size_t n, size_t size)
{
    if (n == 0)
        n = 1;
    if (size == 0)
        size = 1;
    if (size > SIZE_MAX / n || injected_failure())
        return out_of_memory();
    void *p = realloc(old, n * size);
    n_bytes += n * size;
    return p ? p : out_of_memory();
}

void *xmalloc(size_t size)
{
    return xrealloc_array(NULL, 1, size);
}

void *xcalloc(size_t n, size_t size)
{
    if (injected_failure())
        return out_of_memory();
    void *p = calloc(n ? n : 1, size ? size : 1);
    n_bytes += (unsigned long long)(n ? n : 1) * (size ? size : 1);
    return p ? p : out_of_memory();
}

char *xstrndup(const char *s, size_t n)
{
    size_t len = strnlen(s, n);
    char *p = xmalloc(len + 1);
    memcpy(p, s, len);
    p[len] = '\0';
    return p;
}

char *xstrdup(const char *s)
{
    return xstrndup(s, SIZE_MAX);
}

char *xasprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = xmalloc(n > 0 ? (size_t)n + 1 : 1);
    va_start(ap, fmt);
    vsnprintf(s, n > 0 ? (size_t)n + 1 : 1, fmt, ap);
    va_end(ap);
    return s;
}
