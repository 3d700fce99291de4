/*
 * cutest.h — what every tests/check_<module>.c shares.
 *
 * Each test file builds one Check Suite and ends with
 *     CUTEST_MAIN(make_suite)
 * which runs it and exits non-zero on any failure. CUSIM_ROOT (set by the
 * Makefile) is the repository root, so tests can open shipped files with
 * cutest_path("configs/hw/seed-cu.yaml").
 */
#ifndef CUTEST_H
#define CUTEST_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Returns CUSIM_ROOT/rel in a static buffer (tests are single-threaded). */
static inline const char *cutest_path(const char *rel)
{
    static char buf[4096];
    const char *root = getenv("CUSIM_ROOT");
    snprintf(buf, sizeof buf, "%s/%s", root ? root : ".", rel);
    return buf;
}

#define CUTEST_MAIN(make_suite)                                   \
    int main(void)                                                \
    {                                                             \
        SRunner *sr = srunner_create(make_suite());               \
        srunner_run_all(sr, CK_NORMAL);                           \
        int failed = srunner_ntests_failed(sr);                   \
        srunner_free(sr);                                         \
        return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;         \
    }

#endif /* CUTEST_H */
