/*
 * experiment_int.h — what the results directory (results.c) needs of a
 * loaded experiment beyond experiment.h: the metric columns, each point's
 * fingerprint, and the manifest's text. Library-internal: the command line
 * and the tests use experiment.h and results.h.
 */
#ifndef CUSIM_EXPERIMENT_INT_H
#define CUSIM_EXPERIMENT_INT_H

#include <stddef.h>
#include <stdint.h>

#include "experiment.h"

/* The metric columns, in order: every field cusim_report_result fills but
 * sim.* (host timing, which varies run to run). The strings are the
 * report's static keys. */
size_t exp_n_metrics(const experiment *e);
const char *exp_metric(const experiment *e, size_t i);

/* The fingerprint of point `p`'s configuration: the cusim version, every
 * report key (sim.* included) and the echo of the point's resolved
 * hardware and kernel. A result of another fingerprint is not this
 * point's. */
uint64_t exp_point_fingerprint(const experiment *e, size_t p);

/* The text of DIR/manifest.yaml (see results.h): every point's parameters,
 * files and fully resolved hardware and kernel (cusim_hw_echo /
 * cusim_kernel_echo), a configuration several points share written once
 * with a YAML anchor and referred to by alias. The caller frees it. */
char *exp_manifest(const experiment *e);

#endif /* CUSIM_EXPERIMENT_INT_H */
