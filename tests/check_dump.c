/*
 * check_dump.c — the watchdog's dump (dump.h): a screenful by default,
 * the whole state on request, on a state built by hand.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cutest.h"
#include "dump.h"

/* A stalled run's state: 4 CUs of 8 workgroup slots and 4 schedulers.
 * Slots 0-24 hold unfinished workgroups of 4 subgroups each (100
 * subgroups), slot 25 a finished one (its 4 subgroups are not listed),
 * slots 26-31 nothing. Slot wi is on CU wi / 8, so the CUs hold 8, 8, 8
 * and 2 workgroups (26) and 32, 32, 32 and 8 subgroups (104). Subgroup j
 * of the unfinished ones is running when j % 3 == 0 (j = 0, 3, ..., 99:
 * 34 of them), at a barrier when j % 3 == 1 (33) and done when j % 3 == 2
 * (33); its pc is j % 7, its registers ready at 1000 + j, its partition
 * j, so p(j % 4). */
typedef struct fixture {
    cusim_hw hw;
    gpu g;
    cu cus[4];
    wg wgs[32];
    sg sgs[104];
    uint32_t lists[32][4];
    dispatch disp;
} fixture;

static void build(fixture *f, uint32_t unfinished_wgs)
{
    memset(f, 0, sizeof *f);
    f->hw.compute_units = 4;
    f->hw.cu.max_workgroups = 8;
    f->hw.cu.schedulers = 4;
    f->disp.n_wg = 40;
    f->g.hw = &f->hw;
    f->g.cus = f->cus;
    f->g.wgs = f->wgs;
    f->g.sgs = f->sgs;
    f->g.dispatches = &f->disp;
    f->g.n_dispatches = 1;
    f->g.cur = 0;
    f->g.next_wg = 26;
    f->g.retired_wg = 14;
    f->g.now = 123456;
    for (uint32_t wi = 0; wi <= unfinished_wgs; wi++) {
        wg *w = &f->wgs[wi];
        w->sgs = f->lists[wi];
        w->n_sg = 4;
        w->cu = wi / 8;
        w->finished = wi == unfinished_wgs ? 4 : 0;   /* the last: done */
        f->cus[w->cu].resident_wg++;
        f->cus[w->cu].resident_sg += 4;
        for (uint32_t i = 0; i < 4; i++) {
            uint32_t j = wi * 4 + i;
            w->sgs[i] = j;
            sg *s = &f->sgs[j];
            s->state = w->finished ? SG_DONE
                       : j % 3 == 0 ? SG_RUN : j % 3 == 1 ? SG_BARRIER
                       : SG_DONE;
            s->pc = j % 7;
            s->ready_at = 1000 + j;
            s->part = j;
            s->wg = wi;
        }
    }
}

/* The dump of f's state as text (the caller frees it), its line count in
 * *lines and what dump_state returned in *left. */
static char *dump_text(const fixture *f, size_t max_lines, const char *how,
                       size_t *lines, size_t *left)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    ck_assert_ptr_nonnull(out);
    *left = dump_state(&f->g, out, max_lines, how);
    fclose(out);
    *lines = 0;
    for (size_t i = 0; i < len; i++)
        *lines += buf[i] == '\n';
    return buf;
}

START_TEST(a_screenful_by_default)
{
    static fixture f;
    build(&f, 25);
    size_t lines, left;
    char *t = dump_text(&f, DUMP_SCREEN_LINES, "cusim sim --watchdog-dump "
                        "FILE", &lines, &left);
    /* 24 lines: the header, two of counts, 24 - 3 - 1 = 20 subgroups and
     * the closing line; 100 - 20 = 80 subgroups left out */
    ck_assert_uint_eq(lines, 24);
    ck_assert_uint_eq(left, 80);
    ck_assert_msg(strstr(t, "state at cycle 123456 (dispatch 1 of 1, 26 of "
                         "40 workgroups handed out, 14 retired):\n") == t,
                  "%s", t);
    ck_assert_msg(strstr(t, "\n  CUs holding work: 4 of 4 (26 workgroups, "
                         "104 subgroups resident)\n"), "%s", t);
    ck_assert_msg(strstr(t, "\n  unfinished workgroups' subgroups: 100 (34 "
                         "running, 33 at a barrier, 33 done)\n"), "%s", t);
    /* the first subgroup and the 20th (j = 19: 19 % 3 = 1, a barrier;
     * pc 19 % 7 = 5; p 19 % 4 = 3; on CU 0, slot 19 / 4 = 4) */
    ck_assert_msg(strstr(t, "\n    cu0 wg0 sg0 p0: running at pc 0, "
                         "registers ready at 1000\n"), "%s", t);
    ck_assert_msg(strstr(t, "\n    cu0 wg4 sg19 p3: barrier at pc 5, "
                         "registers ready at 1019\n"), "%s", t);
    ck_assert_msg(!strstr(t, "sg20 "), "%s", t);
    ck_assert_msg(!strstr(t, "\n  cu0:"), "no per-CU line when capped: %s",
                  t);
    const char *last = "  ... 80 more subgroups left out (the whole "
                       "state: cusim sim --watchdog-dump FILE)\n";
    ck_assert_msg(strlen(t) > strlen(last)
                  && strcmp(t + strlen(t) - strlen(last), last) == 0,
                  "%s", t);
    free(t);
}
END_TEST

START_TEST(the_whole_state_on_request)
{
    static fixture f;
    build(&f, 25);
    size_t lines, left;
    char *t = dump_text(&f, 0, NULL, &lines, &left);
    /* 3 + 4 CUs + 100 subgroups = 107 lines, nothing left out */
    ck_assert_uint_eq(lines, 107);
    ck_assert_uint_eq(left, 0);
    ck_assert_msg(strstr(t, "\n  cu3: 2 workgroups, 8 subgroups resident\n"),
                  "%s", t);
    /* the last unfinished subgroup, j = 99: running, pc 99 % 7 = 1, p3,
     * slot 24 on CU 3; the finished slot 25's are not listed */
    ck_assert_msg(strstr(t, "\n    cu3 wg24 sg99 p3: running at pc 1, "
                         "registers ready at 1099\n"), "%s", t);
    ck_assert_msg(!strstr(t, "sg100 "), "%s", t);
    ck_assert_msg(!strstr(t, "left out"), "%s", t);
    free(t);
}
END_TEST

START_TEST(a_small_state_whole_on_a_screen)
{
    static fixture f;
    build(&f, 5);   /* 20 subgroups: 3 + 20 = 23 lines fit in 24 */
    size_t lines, left;
    char *t = dump_text(&f, DUMP_SCREEN_LINES, "X", &lines, &left);
    ck_assert_uint_eq(lines, 23);
    ck_assert_uint_eq(left, 0);
    ck_assert_msg(strstr(t, "\n    cu0 wg4 sg19 p3: barrier at pc 5, "
                         "registers ready at 1019\n"), "%s", t);
    ck_assert_msg(!strstr(t, "left out"), "%s", t);
    free(t);
}
END_TEST

static Suite *make_suite(void)
{
    Suite *s = suite_create("dump");
    TCase *tc = tcase_create("dump");
    tcase_add_test(tc, a_screenful_by_default);
    tcase_add_test(tc, the_whole_state_on_request);
    tcase_add_test(tc, a_small_state_whole_on_a_screen);
    suite_add_tcase(s, tc);
    return s;
}

CUTEST_MAIN(make_suite)
