# shards.sh — what scripts/parallel.sh and scripts/slurm-array.sh share,
# sourced by both (not run): their command line, EXPERIMENT [--shards N]
# [--out DIR] followed by the engine's own options, and the cusim binary the
# shards run.

# shards_help SCRIPT: the script's header comment, its help.
shards_help() {
    sed -n '2,/^[^#]/p' "$1" | sed '$d' | sed 's/^# \{0,1\}//'
}

# shards_args NAME SCRIPT ARGS...: parses ARGS into exp, shards (default
# 16), out (default results/BASENAME) and rest (an array: the options left
# for the engine), and sets CUSIM (default: this checkout's
# build/release/cusim when built, else cusim on the PATH). A bad command
# line: a message naming NAME, exit status 2; --help: the help, exit 0.
shards_args() {
    local name=$1 script=$2 here
    shift 2
    if (($# == 0)); then shards_help "$script" >&2; exit 2; fi
    case $1 in -h|--help) shards_help "$script"; exit 0;; esac
    exp=$1
    shift
    [[ -f $exp ]] || { echo "$name: $exp: no such experiment file" >&2; exit 2; }
    shards=16
    out=results/$(basename "$exp" .yaml)
    while (($#)); do
        case $1 in
        --shards|--out)
            (($# >= 2)) || { echo "$name: $1 needs a value" >&2; exit 2; }
            if [[ $1 == --shards ]]; then shards=$2; else out=$2; fi
            shift 2;;
        *) break;;
        esac
    done
    [[ $shards =~ ^[1-9][0-9]*$ ]] || {
        echo "$name: --shards expects a positive number, got '$shards'" >&2; exit 2; }
    [[ -n $out ]] || { echo "$name: --out needs a DIR" >&2; exit 2; }
    rest=("$@")
    if [[ -z ${CUSIM:-} ]]; then
        here=$(cd "$(dirname "$script")/.." && pwd)
        if [[ -x $here/build/release/cusim ]]; then CUSIM=$here/build/release/cusim
        else CUSIM=cusim; fi
    fi
}
