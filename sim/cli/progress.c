/*
 * progress.c — the progress of a long command on stderr (cli_progress,
 * cli.h): sim's workgroups, diagnose's and portability's runs, as a live
 * line on a terminal or, with --progress, a line every 10 seconds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

static double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void cli_progress_start(cli_progress *p, const char *what, const char *unit,
                        int mode)
{
    double now = wall_seconds();
    const char *hook = getenv("CUSIM_TEST_PROGRESS_EVERY");
    double every = hook ? atof(hook) : CLI_PROGRESS_EVERY;
    const char *hook_after = getenv("CUSIM_TEST_PROGRESS_AFTER");
    double after = hook_after ? atof(hook_after) : CLI_PROGRESS_AFTER;
    *p = (cli_progress){ .what = what, .unit = unit, .start = now,
                         .last = now, .every = every >= 0 ? every : 0,
                         .after = after >= 0 ? after : 0,
                         .live = mode == CLI_PROGRESS_AUTO
                                 && isatty(STDERR_FILENO),
                         .lines = mode == CLI_PROGRESS_ON };
}

void cli_progress_show(cli_progress *p, uint64_t done, uint64_t total)
{
    if ((!p->live && !p->lines) || total == 0)
        return;
    double t = wall_seconds(), spent = t - p->start;
    if (p->live ? spent < p->after || (t - p->last < 0.1 && done < total)
                : t - p->last < p->every)
        return;
    p->last = t;
    p->shown = p->live;
    double left = done ? spent * (double)(total - done) / (double)done : 0;
    fprintf(stderr, "%s%s: %.0f%% (%llu of %llu %s), %.1f s, about %.0f s "
            "left%s", p->live ? "\r\033[K" : "", p->what,
            100.0 * (double)done / (double)total, (unsigned long long)done,
            (unsigned long long)total, p->unit, spent, left,
            p->live ? "" : "\n");
    fflush(stderr);
}

void cli_progress_end(cli_progress *p)
{
    if (p->shown)
        fputs("\r\033[K", stderr);
    p->shown = false;
}
