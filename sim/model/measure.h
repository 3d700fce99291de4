/*
 * measure.h — a run's figures from its counters (measure.c).
 */
#ifndef CUSIM_MEASURE_H
#define CUSIM_MEASURE_H

#include "cusim.h"
#include "gpu.h"

/* Fills `r` (zeroed by the caller) from the counters of g's finished run;
 * `end` is their tally at its end. */
void measure_run(const gpu *g, const tally *end, cusim_result *r);

#endif /* CUSIM_MEASURE_H */
