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

. "$(dirname "${BASH_SOURCE[0]}")/shards.sh"
shards_args slurm-array.sh "${BASH_SOURCE[0]}" "$@"
command -v sbatch >/dev/null 2>&1 || {
    echo "slurm-array.sh: sbatch not found (Slurm's client commands, Debian package slurm-client)" >&2; exit 2; }
q() { printf '%q' "$1"; }

mkdir -p "$out/slurm"
name=cusim-$(basename "$exp" .yaml)
array=$(sbatch --parsable --job-name="$name" --array=1-"$shards" \
    --chdir="$PWD" --output="$out/slurm/shard-%A_%a.out" "${rest[@]}" \
    --wrap "$(q "$CUSIM") run $(q "$exp") --shard \$SLURM_ARRAY_TASK_ID/$shards --out $(q "$out") -j \${SLURM_CPUS_PER_TASK:-1}")
array=${array%%;*}
collect=$(sbatch --parsable --job-name="$name-collect" \
    --dependency=afterok:"$array" --chdir="$PWD" \
    --output="$out/slurm/collect-%j.out" "${rest[@]}" \
    --wrap "$(q "$CUSIM") collect $(q "$out")")
collect=${collect%%;*}
echo "$array $collect"
