/*
 * plot_ticks.c — a linear axis's ticks and their labels (plot_ticks.h).
 */
#include "plot_ticks.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The step, 1, 2 or 5 x 10^k, that cuts `span` into 4 to 10 parts. */
static double nice_step(double span)
{
    double raw = span / 6, mag = pow(10, floor(log10(raw)));
    double norm = raw / mag;
    return (norm < 1.5 ? 1 : norm < 3.5 ? 2 : norm < 7.5 ? 5 : 10) * mag;
}

void plot_axis_ticks(double lo, double hi, int zero, plot_axis *out)
{
    memset(out, 0, sizeof *out);
    if (zero && lo > 0)
        lo = 0;
    if (hi - lo <= fabs(hi) * 1e-12) {
        /* one value: a range around it */
        double pad = hi != 0 ? fabs(hi) * 0.05 : 1;
        lo = zero && hi >= 0 ? 0 : hi - pad;
        hi += pad;
    }
    double step = nice_step(hi - lo);
    double first = floor(lo / step + 1e-9), last = ceil(hi / step - 1e-9);
    while (last - first > PLOT_MAX_TICKS - 1) {   /* (rounding) */
        step *= 2;
        first = floor(lo / step + 1e-9);
        last = ceil(hi / step - 1e-9);
    }
    out->lo = first * step;
    out->hi = last * step;
    /* the unit of the labels, and the decimals the step needs in it */
    double most = fabs(out->lo) > fabs(out->hi) ? fabs(out->lo) : fabs(out->hi);
    static const char *const prefix[] = { "", "k", "M", "G", "T" };
    int p = 0;
    double unit = 1;
    if (most >= 1e5)
        while (p < 4 && most / unit >= 1e3) {
            unit *= 1e3;
            p++;
        }
    int decimals = 0;
    double s = step / unit;
    for (;;) {
        double x = s * pow(10, decimals);
        if (decimals >= 15 || (x >= 0.5 && fabs(x - round(x)) <= 1e-6 * x))
            break;
        decimals++;
    }
    for (double k = first; k <= last; k++) {
        plot_tick *t = &out->ticks[out->n++];
        t->at = k * step;
        double v = t->at / unit;
        if (fabs(v) < s * 1e-9)
            v = 0;   /* no "-0" */
        snprintf(t->label, sizeof t->label, "%.*f%s", decimals, v,
                 v == 0 ? "" : prefix[p]);
    }
}
