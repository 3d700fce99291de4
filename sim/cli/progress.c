/*
 * progress.c — the progress line of a long command on a terminal
 * (cli_progress, cli.h): sim's workgroups, diagnose's and portability's
 * runs.
 */
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

static double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void cli_progress_start(cli_progress *p, const char *what, const char *unit)
{
    *p = (cli_progress){ .what = what, .unit = unit,
                         .start = wall_seconds(),
                         .tty = isatty(STDERR_FILENO) };
}

void cli_progress_show(cli_progress *p, uint64_t done, uint64_t total)
{
    if (!p->tty || total == 0)
        return;
    double t = wall_seconds(), spent = t - p->start;
    if (spent < 2.0 || (t - p->last < 0.1 && done < total))
        return;
    p->last = t;
    p->shown = true;
    double left = done ? spent * (double)(total - done) / (double)done : 0;
    fprintf(stderr, "\r\033[K%s: %.0f%% (%llu of %llu %s), %.1f s, about "
            "%.0f s left", p->what, 100.0 * (double)done / (double)total,
            (unsigned long long)done, (unsigned long long)total, p->unit,
            spent, left);
    fflush(stderr);
}

void cli_progress_end(cli_progress *p)
{
    if (p->shown)
        fputs("\r\033[K", stderr);
    p->shown = false;
}
