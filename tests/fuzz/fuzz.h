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
