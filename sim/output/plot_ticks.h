/*
 * plot_ticks.h — the ticks of a figure's linear y axis, chosen by cusim
 * rather than gnuplot: a 1, 2 or 5 x 10^k step giving 4 to 10 ticks, and
 * labels with as many digits as it takes to tell every one apart (a sweep
 * spanning 645,300 to 645,900 cycles is labelled 645.3k ... 645.9k, never
 * 645k five times).
 */
#ifndef CUSIM_PLOT_TICKS_H
#define CUSIM_PLOT_TICKS_H

#define PLOT_MAX_TICKS 12

typedef struct plot_tick {
    double at;
    char label[32];
} plot_tick;

typedef struct plot_axis {
    double lo, hi;                    /* the range drawn: whole steps */
    plot_tick ticks[PLOT_MAX_TICKS];
    int n;
} plot_axis;

/* The axis over data from `lo` to `hi` (lo <= hi, both finite), from 0
 * when `zero` and the data are not negative. Labels use k, M, G from
 * 100,000 on (as 150k), plain numbers below. */
void plot_axis_ticks(double lo, double hi, int zero, plot_axis *out);

#endif /* CUSIM_PLOT_TICKS_H */
