/*
 * findings.h — what a run shows that a programmer can fix, one finding a
 * rule, as Nsight Compute's rules give them: uncoalesced global accesses,
 * shared-memory bank conflicts, occupancy limited by a named resource,
 * achieved occupancy well under the theoretical, a tail effect,
 * divergent branches, and global atomics contending at the L2. Each finding says what was measured against the
 * ideal and names the line of the kernel's file it comes from: the
 * instruction (the worst of its kind) or the key (registers, shared_bytes,
 * elements). Drawn from one run's figures (cusim_result's global_*,
 * shared_*, worst_*), never by running again; `cusim diagnose` prints
 * them with the gain a counterfactual measured where one does.
 */
#ifndef CUSIM_FINDINGS_H
#define CUSIM_FINDINGS_H

#include <stdbool.h>
#include <stdio.h>

#include "cusim.h"

/* The findings' ids, in the order they are drawn and printed:
 * X(ID, id). */
#define FINDINGS(X)                                                         \
    X(UNCOALESCED, "uncoalesced_global")                                    \
    X(BANK_CONFLICTS, "shared_bank_conflicts")                              \
    X(OCCUPANCY_LIMIT, "occupancy_limiter")                                 \
    X(ACHIEVED_OCCUPANCY, "achieved_occupancy")                             \
    X(TAIL, "tail_effect")                                                  \
    X(DIVERGENCE, "divergence")                                             \
    X(ATOMICS, "contended_atomics")                                         \
    X(SCALAR, "scalar_overhead")

typedef enum finding_id {
#define FINDING_ID_ROW_(id, name) FINDING_##id,
    FINDINGS(FINDING_ID_ROW_)
#undef FINDING_ID_ROW_
    FINDING_COUNT
} finding_id;

/* The thresholds (docs/cli.md's findings table): a finding is drawn when
 * its measure is past them. */
#define FINDING_MIN_UNCOALESCED 1.25    /* sectors asked for / the fewest */
#define FINDING_MIN_CONFLICTS 1.10 /* passes / conflict-free passes */
#define FINDING_MIN_ACHIEVED 0.80      /* achieved / theoretical occupancy */
#define FINDING_MIN_TAIL 0.10          /* the last wave's idle share of the
                                       run: (1 - its fill) / waves */
#define FINDING_MIN_BRANCHES 0.90      /* branch efficiency */
#define FINDING_MIN_ATOMIC 0.80        /* sol.unit.atomic: the busiest L2
                                          slice's atomic unit's busy share
                                          (a speed of light's bound) */
#define FINDING_MIN_SCALAR 0.80        /* sol.unit.scalar: the scalar
                                          unit's busy share */

typedef struct finding {
    finding_id id;
    int line;               /* the kernel file's line it comes from; 0:
                               none (a default, or a --set) */
    double measured, ideal; /* in `unit` */
    const char *unit;       /* "sectors per request", "passes per access",
                               "occupancy", "waves", "branch efficiency",
                               "atomic unit busy", "scalar unit busy" */
    char what[320];         /* one sentence: what, the measure, the fix */
} finding;

/* "uncoalesced_global", ...; "?" out of range. */
const char *finding_name(finding_id id);

/* The findings of run `r` of kernel `k` (its first dispatch's keys) on
 * `hw`, into out[0 .. FINDING_COUNT): how many, in FINDINGS order. */
int findings_of(const cusim_result *r, const cusim_hw *hw,
                const cusim_kernel *k, finding *out);

/* Writes f[0 .. n) as a JSON array of {"id", "line", "what", "measured",
 * "ideal", "unit"} objects, with "gain" where gain[i] > 0 (gain may be
 * NULL: none). `spaced` puts a space after each ':' and ',' (diagnose's
 * JSON), else none (`cusim sim`'s). */
void findings_json(FILE *out, const finding *f, int n, const double *gain,
                   bool spaced);

#endif /* CUSIM_FINDINGS_H */
