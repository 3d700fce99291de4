#!/usr/bin/env bash
# parallel.sh — run an experiment's points as shards with GNU parallel,
# locally or on other machines over ssh, then assemble the outputs.
#
#   scripts/parallel.sh EXPERIMENT.yaml [--shards N] [--out DIR]
#                       [GNU parallel options: -S hosts, --sshloginfile FILE,
#                        -j N, ...]
#
# Runs `cusim run EXPERIMENT --shard K/N --out DIR -j 1` for K = 1..N as GNU
# parallel jobs (one cusim worker each: parallel decides how many run at
# once, by default one per CPU of each machine), then `cusim collect DIR`,
# which writes DIR/OUTPUT.csv, .jsonl, manifest.yaml and figures/ exactly as
# one `cusim run` of the whole experiment would. cusim does the work;
# parallel only schedules it.
#
#   --shards N   shards (default 16; more shards than job slots balance
#                points of unequal cost)
#   --out DIR    results directory (default results/NAME, NAME the
#                experiment file's base name); on other machines it must be
#                on a file system they share, at the same path
#
# The job log is DIR/parallel.joblog and parallel runs with --resume-failed:
# run the same command again after a failure (or a kill) and only the shards
# that did not finish run again, each keeping the points it already wrote.
# On remote machines (-S, --sshloginfile) the jobs start in this directory
# ($PWD, which must exist there too) and run `cusim` from CUSIM (default:
# this checkout's build/release/cusim when built, else cusim on the PATH).
#
# Exit status: cusim collect's (0 all points done, 1 some missing or failed,
# 2 bad input), or parallel's when the shards could not be started.
set -euo pipefail

. "$(dirname "${BASH_SOURCE[0]}")/shards.sh"
shards_args parallel.sh "${BASH_SOURCE[0]}" "$@"
command -v parallel >/dev/null 2>&1 || {
    echo "parallel.sh: GNU parallel is not installed (Debian package parallel)" >&2; exit 2; }

mkdir -p "$out"
set +e
parallel --will-cite --halt never --joblog "$out/parallel.joblog" \
    --resume-failed --workdir "$PWD" "${rest[@]}" \
    "$CUSIM" run "$exp" --shard '{}'/"$shards" --out "$out" -j 1 \
    ::: $(seq 1 "$shards")
jobs_rc=$?
set -e
# a shard exits 1 when one of its points failed: its other points are
# written, and collect lists the failures
if ((jobs_rc > 100)); then
    echo "parallel.sh: GNU parallel failed (status $jobs_rc)" >&2
    exit "$jobs_rc"
fi
exec "$CUSIM" collect "$out"
