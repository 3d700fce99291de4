/*
 * fuzz_import.c — `cusim import` (imp_import) on any listing. The input is
 * written to a file and imported four ways: the format detected, as AMD
 * assembly with a --trip and a --cond on labels it may or may not hold,
 * as SASS with the listing as its own --resources under --strict, and as
 * a RADV listing with a --trip of RADV's first loop label. An
 * import either succeeds, with a kernel YAML (imp_import has checked that
 * it loads) and warnings of whole printable lines, or fails with one
 * printable line (fuzz_check_error) that is never the importer's own
 * failure ("an importer bug").
 */
#include "fuzz.h"

#include <unistd.h>

#include "import.h"

/* Whether every line of `w` ends with '\n' and holds no control byte. */
static bool lines_printable(const char *w)
{
    size_t n = strlen(w);
    if (n && w[n - 1] != '\n')
        return false;
    for (const unsigned char *c = (const unsigned char *)w; *c; c++)
        if ((*c < 0x20 && *c != '\n') || *c == 0x7f)
            return false;
    return true;
}

static void import_once(const imp_options *o)
{
    char *yaml = NULL, *warnings = NULL;
    cusim_error err;
    if (imp_import(o, &yaml, &warnings, &err) == 0) {
        if (!yaml || !yaml[0])
            fuzz_fail("an import succeeded with no kernel", NULL);
        if (!warnings || !lines_printable(warnings))
            fuzz_fail("warnings that are not whole printable lines",
                      warnings);
        free(yaml);
        free(warnings);
    } else {
        fuzz_check_error(&err);
        /* a listing's problem or an option's is the user's: the message
         * for a kernel the importer itself got wrong must not be reached
         * (issue 42: what was one is now named at its line or option) */
        if (strstr(err.message, "an importer bug"))
            fuzz_fail("an input reached the importer's own failure",
                      err.message);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[] = "/tmp/cusim-fuzz-import-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0)
        abort();
    if (size && write(fd, data, size) != (ssize_t)size)
        abort();
    close(fd);

    imp_options o = { .file = path, .format = IMP_FORMAT_AUTO };
    import_once(&o);

    o.format = IMP_FORMAT_AMDGCN;
    o.trips[0] = (imp_label_opt){ ".LBB0_1", "workgroup_size / 16",
                                  "--trip .LBB0_1=workgroup_size / 16" };
    o.n_trips = 1;
    o.conds[0] = (imp_label_opt){ ".LBB0_2", "lid < 64",
                                  "--cond .LBB0_2=lid < 64" };
    o.n_conds = 1;
    o.elements = 4096;
    import_once(&o);

    imp_options s = { .file = path, .format = IMP_FORMAT_SASS,
                      .resources = path, .strict = true,
                      .workgroup = { 16, 16 }, .workgroup_dims = 2 };
    import_once(&s);

    imp_options r = { .file = path, .format = IMP_FORMAT_RADV };
    r.trips[0] = (imp_label_opt){ "BB1", "8", "--trip BB1=8" };
    r.n_trips = 1;
    import_once(&r);

    unlink(path);
    return 0;
}
