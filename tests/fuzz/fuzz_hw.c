/*
 * fuzz_hw.c — the hardware-profile loader (cusim_hw_load_string) on any
 * text. An accepted profile must echo (cusim_hw_echo) as YAML that loads
 * back to the same echo, as cusim.h promises.
 */
#include "fuzz.h"

#include "cusim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    cusim_hw hw, again;
    cusim_error err;
    if (cusim_hw_load_string(text, "fuzz.yaml", NULL, 0, &hw, &err) == 0) {
        char *echo, *echo2;
        FUZZ_CAPTURE(cusim_hw_echo, &hw, echo);
        if (cusim_hw_load_string(echo, "fuzz.yaml", NULL, 0, &again, &err))
            fuzz_fail("the echo of an accepted profile does not load",
                      err.message);
        FUZZ_CAPTURE(cusim_hw_echo, &again, echo2);
        if (strcmp(echo, echo2) != 0)
            fuzz_fail("the echo does not load back to the same profile", echo);
        free(echo);
        free(echo2);
    } else {
        fuzz_check_error(&err);
    }
    free(text);
    return 0;
}
