/*
 * xalloc.h — memory allocation for the whole library.
 *
 * Running out of memory is not a user error and no caller can do anything
 * useful about it, so it aborts here, in one place, with a message; callers
 * carry no dead error paths (as Redis's zmalloc does).
 */
#ifndef CUSIM_XALLOC_H
#define CUSIM_XALLOC_H

#include <stddef.h>

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
