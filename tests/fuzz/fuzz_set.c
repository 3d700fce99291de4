/*
 * fuzz_set.c — `--set` overrides: each line of the input is one PATH=VALUE
 * argument (cusim_set_parse; at most 16), applied to a shipped profile and
 * a shipped kernel of two dispatches. Loading with the overrides and
 * applying them to the loaded configs (cusim_hw_apply, cusim_kernel_apply)
 * must give the same echo, or the same first error at the same place, as
 * cusim.h promises.
 */
#include "fuzz.h"

#include "cusim.h"

#ifndef CUSIM_FUZZ_ROOT
#define CUSIM_FUZZ_ROOT "."
#endif

#define MAX_SETS 16

static const char hw_path[] = CUSIM_FUZZ_ROOT "/configs/hw/seed-cu.yaml";
static const char kernel_path[] = CUSIM_FUZZ_ROOT "/workloads/reduction.yaml";

static void same_error(const char *what, int rc1, const cusim_error *e1,
                       int rc2, const cusim_error *e2)
{
    if (rc1 != rc2)
        fuzz_fail(what, rc1 ? e1->message : e2->message);
    if (rc1 && (strcmp(e1->file, e2->file) != 0 || e1->line != e2->line
                || e1->column != e2->column
                || strcmp(e1->message, e2->message) != 0)) {
        fprintf(stderr, "load:  %s:%d:%d: %s\napply: %s:%d:%d: %s\n",
                e1->file, e1->line, e1->column, e1->message, e2->file,
                e2->line, e2->column, e2->message);
        fuzz_fail(what, "different errors");
    }
}

static void check_hw(const cusim_set *sets, size_t n)
{
    cusim_hw loaded, applied;
    cusim_error e1, e2;
    int rc1 = cusim_hw_load(hw_path, sets, n, &loaded, &e1);
    if (cusim_hw_load(hw_path, NULL, 0, &applied, &e2) != 0)
        fuzz_fail("the shipped profile does not load", e2.message);
    int rc2 = cusim_hw_apply(&applied, sets, n, &e2);
    same_error("hw load and apply disagree", rc1, &e1, rc2, &e2);
    if (rc1)
        fuzz_check_error(&e1);
    if (rc1 == 0) {
        char *a, *b;
        FUZZ_CAPTURE(cusim_hw_echo, &loaded, a);
        FUZZ_CAPTURE(cusim_hw_echo, &applied, b);
        if (strcmp(a, b) != 0)
            fuzz_fail("hw load and apply echo differently", a);
        free(a);
        free(b);
    }
}

static void check_kernel(const cusim_set *sets, size_t n)
{
    cusim_kernel loaded, applied;
    cusim_error e1, e2;
    int rc1 = cusim_kernel_load(kernel_path, sets, n, &loaded, &e1);
    if (cusim_kernel_load(kernel_path, NULL, 0, &applied, &e2) != 0)
        fuzz_fail("the shipped kernel does not load", e2.message);
    int rc2 = cusim_kernel_apply(&applied, sets, n, &e2);
    same_error("kernel load and apply disagree", rc1, &e1, rc2, &e2);
    if (rc1)
        fuzz_check_error(&e1);
    if (rc1 == 0) {
        char *a, *b;
        FUZZ_CAPTURE(cusim_kernel_echo, &loaded, a);
        FUZZ_CAPTURE(cusim_kernel_echo, &applied, b);
        if (strcmp(a, b) != 0)
            fuzz_fail("kernel load and apply echo differently", a);
        free(a);
        free(b);
        cusim_kernel_free(&loaded);
    }
    cusim_kernel_free(&applied);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    cusim_set sets[MAX_SETS];
    size_t n = 0;
    cusim_error err;
    for (char *line = text, *next; line && n < MAX_SETS; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        if (cusim_set_parse(line, (int)n + 1, &sets[n], &err) == 0)
            n++;
        else
            fuzz_check_error(&err);
    }
    check_hw(sets, n);
    check_kernel(sets, n);
    free(text);
    return 0;
}
