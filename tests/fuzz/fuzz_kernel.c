/*
 * fuzz_kernel.c — the kernel loader (cusim_kernel_load_string, which also
 * parses every dispatch's program) on any text. An accepted kernel must
 * echo as YAML that loads back to the same echo, and its clone must echo
 * the same and free independently.
 */
#include "fuzz.h"

#include "cusim.h"

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
