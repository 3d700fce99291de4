#!/usr/bin/env bash
# slurm-array.sh — submit an experiment's points to Slurm as a job array of
# shards, plus a job that assembles the outputs once every shard succeeded.
#
#   scripts/slurm-array.sh EXPERIMENT.yaml [--shards N] [--out DIR]
#                          [sbatch options: --partition P, --time T, ...]
#
# Submits `sbatch --array=1-N`, whose task K runs
#   cusim run EXPERIMENT --shard K/N --out DIR -j C
# (K from SLURM_ARRAY_TASK_ID, C from SLURM_CPUS_PER_TASK, default 1), then
# `sbatch --dependency=afterok:ARRAY` running `cusim collect DIR`, which
# writes DIR/OUTPUT.csv, .jsonl, manifest.yaml and figures/ exactly as one
# `cusim run` of the whole experiment would. The sbatch options given are
# passed to both jobs. Prints the two job ids ("ARRAY COLLECT").
#
#   --shards N   array tasks (default 16)
#   --out DIR    results directory (default results/NAME, NAME the
#                experiment file's base name), on a file system the nodes
#                share; the jobs' logs go to DIR/slurm/
#
# The jobs start in this directory ($PWD) and run CUSIM (default: this
# checkout's build/release/cusim when built, else cusim on the PATH). A
# shard exits 1 when one of its points failed; then afterok holds the
# collect job back: look at DIR/slurm/, resubmit, or run `cusim collect DIR`
# (it lists the failed points). Resubmitting is cheap: every shard keeps the
# points it already wrote.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
usage() {
    sed -n '4,6p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

(($# >= 1)) || usage
case $1 in -h|--help) sed -n '2,27p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0;; esac
exp=$1
shift
[[ -f $exp ]] || { echo "slurm-array.sh: $exp: no such experiment file" >&2; exit 2; }
shards=16
out=results/$(basename "$exp" .yaml)
while (($#)); do
    case $1 in
    --shards) shards=${2:-}; shift 2 || usage;;
    --out) out=${2:-}; shift 2 || usage;;
    *) break;;
    esac
done
[[ $shards =~ ^[1-9][0-9]*$ ]] || { echo "slurm-array.sh: --shards expects a positive number, got '$shards'" >&2; exit 2; }
[[ -n $out ]] || { echo "slurm-array.sh: --out needs a DIR" >&2; exit 2; }
command -v sbatch >/dev/null 2>&1 || {
    echo "slurm-array.sh: sbatch not found (Slurm's client commands, Debian package slurm-client)" >&2; exit 2; }

if [[ -z ${CUSIM:-} ]]; then
    if [[ -x $here/build/release/cusim ]]; then CUSIM=$here/build/release/cusim
    else CUSIM=cusim; fi
fi
q() { printf '%q' "$1"; }

mkdir -p "$out/slurm"
name=cusim-$(basename "$exp" .yaml)
array=$(sbatch --parsable --job-name="$name" --array=1-"$shards" \
    --chdir="$PWD" --output="$out/slurm/shard-%A_%a.out" "$@" \
    --wrap "$(q "$CUSIM") run $(q "$exp") --shard \$SLURM_ARRAY_TASK_ID/$shards --out $(q "$out") -j \${SLURM_CPUS_PER_TASK:-1}")
array=${array%%;*}
collect=$(sbatch --parsable --job-name="$name-collect" \
    --dependency=afterok:"$array" --chdir="$PWD" \
    --output="$out/slurm/collect-%j.out" "$@" \
    --wrap "$(q "$CUSIM") collect $(q "$out")")
collect=${collect%%;*}
echo "$array $collect"
