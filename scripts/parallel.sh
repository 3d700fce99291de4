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

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
usage() {
    sed -n '4,8p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

(($# >= 1)) || usage
case $1 in -h|--help) sed -n '2,31p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0;; esac
exp=$1
shift
[[ -f $exp ]] || { echo "parallel.sh: $exp: no such experiment file" >&2; exit 2; }
shards=16
out=results/$(basename "$exp" .yaml)
while (($#)); do
    case $1 in
    --shards) shards=${2:-}; shift 2 || usage;;
    --out) out=${2:-}; shift 2 || usage;;
    *) break;;
    esac
done
[[ $shards =~ ^[1-9][0-9]*$ ]] || { echo "parallel.sh: --shards expects a positive number, got '$shards'" >&2; exit 2; }
[[ -n $out ]] || { echo "parallel.sh: --out needs a DIR" >&2; exit 2; }
command -v parallel >/dev/null 2>&1 || {
    echo "parallel.sh: GNU parallel is not installed (Debian package parallel)" >&2; exit 2; }

if [[ -z ${CUSIM:-} ]]; then
    if [[ -x $here/build/release/cusim ]]; then CUSIM=$here/build/release/cusim
    else CUSIM=cusim; fi
fi

mkdir -p "$out"
set +e
parallel --will-cite --halt never --joblog "$out/parallel.joblog" \
    --resume-failed --workdir "$PWD" "$@" \
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
