/*
 * fuzz_kernel.c — the kernel loader (cusim_kernel_load_string, which also
 * parses every dispatch's program) on any text. An accepted kernel must
 * echo as YAML that loads back to the same echo, and its clone must echo
 * the same and free independently. Its echo with the program four times
 * as big (fuzz_program_times), when that loads too, takes at most about
 * four times the allocations to load (fuzz_check_linear).
 */
#include "fuzz.h"

#include "cusim.h"

/* The work of loading kernel `text` and freeing it, *loaded whether it
 * loaded. */
static fuzz_work load_work(const char *text, bool *loaded)
{
    cusim_kernel k;
    cusim_error err;
    fuzz_work start = fuzz_work_now();
    *loaded = cusim_kernel_load_string(text, "fuzz.yaml", NULL, 0, &k,
                                       &err) == 0;
    if (*loaded)
        cusim_kernel_free(&k);
    return fuzz_work_since(start);
}

/* `echo` (an accepted kernel's, whose program is `program`) with its
 * first dispatch's program four times as big, when the echo writes it as
 * a literal block ("program: |"); else NULL. The caller frees it. */
static char *program_four_times(const char *echo, const char *program)
{
    static const char key[] = "\nprogram: |\n";
    const char *at = strstr(echo, key);
    if (!at)
        return NULL;
    const char *from = at + strlen(key), *to = from;
    while (*to == '\n' || strncmp(to, "  ", 2) == 0)
        to += strcspn(to, "\n") + (to[strcspn(to, "\n")] == '\n');
    char *big = fuzz_program_times(program, 4);
    size_t n = strlen(echo) + 3 * strlen(big) + 16;
    char *out = malloc(n), *o = out;
    if (!out)
        abort();
    memcpy(o, echo, (size_t)(from - echo));
    o += from - echo;
    for (const char *l = big; *l;) {
        size_t len = strcspn(l, "\n");
        if (len) {
            memcpy(o, "  ", 2);
            o += 2;
        }
        memcpy(o, l, len);
        o += len;
        *o++ = '\n';
        l += len + (l[len] == '\n');
    }
    strcpy(o, to);
    free(big);
    return out;
}

static void check_growth(const char *echo, const char *program)
{
    char *big = program_four_times(echo, program);
    bool ok1, ok4;
    if (!big)
        return;
    fuzz_work one = load_work(echo, &ok1);
    fuzz_work four = load_work(big, &ok4);
    if (ok1 && ok4)
        fuzz_check_linear("cusim_kernel_load_string", one, four);
    free(big);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    cusim_kernel k, again, copy;
    cusim_error err;
    if (cusim_kernel_load_string(text, "fuzz.yaml", NULL, 0, &k, &err) == 0) {
        char *echo, *echo2, *echo3;
        FUZZ_CAPTURE(cusim_kernel_echo, &k, echo);
        if (cusim_kernel_load_string(echo, "fuzz.yaml", NULL, 0, &again, &err))
            fuzz_fail("the echo of an accepted kernel does not load",
                      err.message);
        FUZZ_CAPTURE(cusim_kernel_echo, &again, echo2);
        if (strcmp(echo, echo2) != 0)
            fuzz_fail("the echo does not load back to the same kernel", echo);
        check_growth(echo, k.program);
        cusim_kernel_clone(&copy, &k);
        cusim_kernel_free(&k);
        FUZZ_CAPTURE(cusim_kernel_echo, &copy, echo3);
        if (strcmp(echo, echo3) != 0)
            fuzz_fail("a clone echoes differently", echo3);
        cusim_kernel_free(&copy);
        cusim_kernel_free(&again);
        free(echo);
        free(echo2);
        free(echo3);
    } else {
        fuzz_check_error(&err);
    }
    free(text);
    return 0;
}
