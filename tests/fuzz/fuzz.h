/*
 * fuzz.h — what the libFuzzer harnesses of tests/fuzz/ share: the input as
 * a NUL-terminated string, and the stop on a broken invariant.
 *
 * Each harness is one fuzz_NAME.c defining LLVMFuzzerTestOneInput; `make
 * fuzz` builds it with clang (-fsanitize=fuzzer,address,undefined) against
 * the library and runs it (tests/fuzz/run). A harness returns normally for
 * every input the library accepts or rejects with an error; it aborts
 * (fuzz_fail) only when a contract of cusim.h is broken, which libFuzzer
 * then reports as a crash with the input that caused it.
 */
#ifndef CUSIM_FUZZ_H
#define CUSIM_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stdbool.h>

#include "error.h"
#include "xalloc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A copy of the input with a NUL after it (the caller frees it). */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    memcpy(s, data, size);
    s[size] = '\0';
    return s;
}

/* Reports a broken contract and aborts. */
static inline _Noreturn void fuzz_fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz: %s%s%s\n", what, detail ? ": " : "",
            detail ? detail : "");
    abort();
}

/* The message contract (issue 25): an error is one line of printable
 * text, its control bytes and bytes that are not UTF-8 escaped (\xHH) by
 * the one message formatter, whatever bytes the input held. */
static inline void fuzz_check_error(const cusim_error *err)
{
    const char *const parts[2] = { err->file, err->message };
    for (int i = 0; i < 2; i++) {
        for (const unsigned char *c = (const unsigned char *)parts[i]; *c; c++)
            if (*c < 0x20 || *c == 0x7f)
                fuzz_fail("a message with a control byte", parts[i]);
        if (!err_is_utf8(parts[i]))
            fuzz_fail("a message that is not UTF-8", parts[i]);
    }
    if (!err->message[0])
        fuzz_fail("an error without a message", err->file);
}

/* Whether line [l, e) holds "FILE:LINE:COLUMN: ", a located message. */
static inline bool fuzz_located(const char *l, const char *e)
{
    for (const char *c = l; c < e; c++) {
        if (*c != ':')
            continue;
        size_t n1 = strspn(c + 1, "0123456789");
        if (!n1 || c[1 + n1] != ':')
            continue;
        size_t n2 = strspn(c + 2 + n1, "0123456789");
        if (n2 && strncmp(c + 2 + n1 + n2, ": ", 2) == 0)
            return true;
    }
    return false;
}

/* The message contract on what a command printed on stderr, `said`
 * (read back; the harnesses of command-line code): lines of printable
 * UTF-8, each a whole message: it begins as the command line's do
 * ("cusim", or `also` when not NULL) or is located (FILE:LINE:COLUMN:),
 * so a message split over lines shows as a line that is neither. */
static inline void fuzz_check_said(const char *said, const char *also)
{
    if (!err_is_utf8(said))
        fuzz_fail("a message that is not UTF-8", said);
    for (const char *l = said; *l;) {
        const char *e = strchr(l, '\n');
        if (!e)
            fuzz_fail("a message without its newline", l);
        for (const char *c = l; c < e; c++)
            if ((unsigned char)*c < 0x20 || *c == 0x7f)
                fuzz_fail("a message with a control byte", said);
        if (strncmp(l, "cusim", 5) != 0
            && !(also && strncmp(l, also, strlen(also)) == 0)
            && !fuzz_located(l, e))
            fuzz_fail("a message line that is no message's start", said);
        l = e + 1;
    }
}

/* The growth contract (issue 25): loading an input `times` times as big
 * allocates at most about `times` times as much. The allocations
 * (xalloc_count) and their bytes (xalloc_bytes) a piece of work took,
 * counted rather than timed so that the check is deterministic. */
typedef struct fuzz_work {
    long allocs;
    unsigned long long bytes;
} fuzz_work;

static inline fuzz_work fuzz_work_now(void)
{
    return (fuzz_work){ xalloc_count(), xalloc_bytes() };
}

static inline fuzz_work fuzz_work_since(fuzz_work start)
{
    fuzz_work now = fuzz_work_now();
    return (fuzz_work){ now.allocs - start.allocs, now.bytes - start.bytes };
}

/* Fails when `big`, the work of an input 4 times as big, is more than
 * linear in `one`'s: at most 4 times the allocations (a few more for
 * arrays that double), and 10 times the bytes (an array that doubles may
 * have just fit at 1x and need twice its room at 4x: 8 times; quadratic
 * growth is 16). 4x rather than 2x for that reason: at 2x, doubling's
 * slack and quadratic growth both give 4. */
static inline void fuzz_check_linear(const char *what, fuzz_work one,
                                     fuzz_work big)
{
    if (big.allocs > 4 * one.allocs + 64
        || big.bytes > 10 * one.bytes + 65536) {
        fprintf(stderr, "fuzz: %s: 1x %ld allocations, %llu bytes; 4x %ld "
                "allocations, %llu bytes\n", what, one.allocs, one.bytes,
                big.allocs, big.bytes);
        fuzz_fail("work grows faster than the input", what);
    }
}

/* One line of program text at `l`: its code is [*a, *b) (blanks and a
 * comment left out); returns the start of the next line. */
static inline const char *fuzz_line(const char *l, const char **a,
                                    const char **b)
{
    const char *end = l + strcspn(l, "\n");
    const char *x = l + strspn(l, " \t"), *y = x;
    while (y < end && *y != '#')
        y++;
    while (y > x && (y[-1] == ' ' || y[-1] == '\t' || y[-1] == '\r'))
        y--;
    *a = x;
    *b = y;
    return *end ? end + 1 : end;
}

/* Program text `text` made `times` times as big (the caller frees it): the
 * inside of each top-level `once { }` and `body { }` block repeated
 * `times` times, and each run of other top-level lines (with the blocks
 * they open) repeated after itself. A program the parser accepts stays
 * one it may accept (it may still refuse: a program past the size limit,
 * say). */
static inline char *fuzz_program_times(const char *text, int times)
{
    size_t len = strlen(text), n = 0;
    char *out = malloc(len * (size_t)times + (size_t)times + 1);
    if (!out)
        abort();
#define FUZZ_PUT(from, to)                                                  \
    do {                                                                    \
        memcpy(out + n, (from), (size_t)((to) - (from)));                   \
        n += (size_t)((to) - (from));                                       \
    } while (0)
    const char *loose = NULL;    /* the start of a run of other lines */
    int depth = 0;
    for (const char *line = text; *line;) {
        const char *a, *b, *next = fuzz_line(line, &a, &b);
        bool opens = b > a && b[-1] == '{';
        bool closes = b - a == 1 && *a == '}';
        bool block = depth == 0 && opens && (strncmp(a, "once", 4) == 0
                                             || strncmp(a, "body", 4) == 0);
        if (block && loose) {
            for (int t = 0; t < times; t++)
                FUZZ_PUT(loose, line);
            loose = NULL;
        }
        if (block) {
            /* the header, the inside `times` times, the closing line */
            FUZZ_PUT(line, next);
            const char *l = next;
            for (int d = 1; *l;) {
                const char *x, *y, *nx = fuzz_line(l, &x, &y);
                if (y - x == 1 && *x == '}' && --d == 0)
                    break;
                if (y > x && y[-1] == '{' && !(y - x == 1 && *x == '}'))
                    d++;
                l = nx;
            }
            for (int t = 0; t < times; t++)
                FUZZ_PUT(next, l);
            const char *x, *y, *after = *l ? fuzz_line(l, &x, &y) : l;
            FUZZ_PUT(l, after);
            line = after;
            continue;
        }
        if (!loose)
            loose = line;
        depth += opens ? 1 : closes && depth > 0 ? -1 : 0;
        line = next;
    }
    if (loose) {
        size_t rest = (size_t)(text + len - loose);
        for (int t = 0; t < times; t++) {
            FUZZ_PUT(loose, text + len);
            if (rest && text[len - 1] != '\n' && t + 1 < times)
                out[n++] = '\n';
        }
    }
#undef FUZZ_PUT
    out[n] = '\0';
    return out;
}

/* What `print` writes for `obj`, as a new string (the caller frees it). */
#define FUZZ_CAPTURE(print, obj, out)                                       \
    do {                                                                    \
        size_t len_;                                                        \
        FILE *f_ = open_memstream(&(out), &len_);                           \
        if (!f_)                                                            \
            abort();                                                        \
        print(f_, obj);                                                     \
        fclose(f_);                                                         \
    } while (0)

#endif /* CUSIM_FUZZ_H */
