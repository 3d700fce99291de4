/*
 * cli.c — the command table and the option parser shared by commands.
 */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "experiment.h"
#include "fileio.h"
#include "num.h"
#include "plot_gnuplot.h"
#include "results.h"
#include "strbuf.h"
#include "xalloc.h"
#include "yamldoc.h"

static const cli_command commands[] = {
    { "sim", cli_sim,
      "usage: cusim sim HW.yaml KERNEL.yaml [--set PATH=VALUE]... "
      "[--format text|json|csv]\n"
      "                 [--trace FILE] [--trace-window FROM:TO] [--trace-cus LIST]\n"
      "                 [--trace-max-bytes N] [--timeline FILE] [--timeline-every N]\n"
      "                 [--watchdog CYCLES] [--watchdog-dump FILE]\n"
      "                 [--max-instructions N] [--progress | --no-progress]\n"
      "\n"
      "Simulates KERNEL on HW cycle by cycle: subgroups issuing from each\n"
      "compute unit's schedulers, a scoreboard per subgroup, registers and\n"
      "shared memory allocated per workgroup, global memory through a\n"
      "bandwidth-limited latency queue. Reports cycles, occupancy\n"
      "(theoretical and achieved), issue rate, the stall classes (fractions\n"
      "of scheduler-cycles, summing to 1), memory traffic and the bound;\n"
      "the text report ends with the findings (uncoalesced accesses, bank\n"
      "conflicts, the occupancy limiter, a tail, divergence, contended\n"
      "atomics), each with the kernel's line; JSON's object ends with them\n"
      "as \"findings\", an array.\n"
      "On a terminal, a run longer than 2 seconds shows its progress on\n"
      "stderr (--progress: a line every 10 s wherever stderr goes). FILE -\n"
      "is standard output (the report then goes to stderr).\n"
      "\n"
      "  --set PATH=VALUE   override a key (repeatable)\n"
      "  --format FORMAT    text (default), json or csv\n"
      "  --trace FILE       write one line per issued instruction:\n"
      "                     cycle, CU, partition, subgroup, pc, opcode;\n"
      "                     a FILE ending in .json gets Chrome trace-event\n"
      "                     JSON instead (Perfetto, chrome://tracing): a track\n"
      "                     per subgroup slot with its issue and warp-state\n"
      "                     slices, counters per CU; 1 us shown = 1 cycle\n"
      "  --trace-window FROM:TO  the JSON trace's cycles [FROM, TO) (default\n"
      "                     the whole run; either side may be left out)\n"
      "  --trace-cus LIST   the JSON trace's CUs: all, or such as 0-3,8\n"
      "                     (default 0-3)\n"
      "  --trace-max-bytes N  the JSON trace's size cap (default 48000000):\n"
      "                     events past it are left out, and it says so\n"
      "  --timeline FILE    write GPU-wide counters as CSV, one row per\n"
      "                     window: resident subgroups, occupancy, issue rate,\n"
      "                     bytes and transactions in flight; with caches,\n"
      "                     hit rates and bytes per level\n"
      "  --timeline-every N  the window of the timeline and of the JSON\n"
      "                     trace's counters, in cycles (default 100)\n"
      "  --watchdog CYCLES  stop a run in which nothing issues, retires or\n"
      "                     moves in memory for this many cycles past the\n"
      "                     last result due (default 10000000), printing\n"
      "                     a screenful of its state (the subgroups by\n"
      "                     state, the first ones); exit status 1\n"
      "  --watchdog-dump FILE  when the watchdog stops the run, write its\n"
      "                     whole state there: a line per CU and per\n"
      "                     subgroup (no file otherwise)\n"
      "  --max-instructions N  refuse, before simulating, a run that would\n"
      "                     issue more than N warp-instructions (default\n"
      "                     10000000000); exit status 2\n"
      "  --progress         a progress line every 10 s on stderr, also\n"
      "                     when it is not a terminal (a pipe, a batch log)\n"
      "  --no-progress      no progress at all (default: a live line on a\n"
      "                     terminal only)\n" },
    { "occupancy", cli_occupancy,
      "usage: cusim occupancy HW.yaml KERNEL.yaml [--set PATH=VALUE]... "
      "[--format text|json|csv]\n"
      "                       [--graphs DIR]\n"
      "\n"
      "Static occupancy of KERNEL on one compute unit of HW: how many\n"
      "workgroups, subgroups and invocations fit at once, what each resource\n"
      "allows (occupancy.limits.*, in workgroups; - in text, null in json,\n"
      "empty in csv: no limit) and which\n"
      "one runs out first (occupancy.limiter). occupancy.theoretical is\n"
      "resident subgroups / cu.max_subgroups. occupancy.best_workgroup_size\n"
      "is the 1-D size with the most resident invocations, searched as\n"
      "cudaOccupancyMaxPotentialBlockSize searches.\n"
      "\n"
      "  --set PATH=VALUE   override a key, e.g. kernel.registers=72 or\n"
      "                     hw.cu.shared_memory=32768 (repeatable)\n"
      "  --format FORMAT    text (default), json or csv\n"
      "  --graphs DIR       also draw the CUDA Occupancy Calculator's three\n"
      "                     graphs: occupancy against the workgroup size,\n"
      "                     the registers per invocation and the shared\n"
      "                     memory per workgroup, the kernel's point marked\n"
      "                     (DIR/occupancy.csv, .gp, and .png and .svg when\n"
      "                     gnuplot is on the PATH)\n" },
    { "diagnose", cli_diagnose,
      "usage: cusim diagnose HW.yaml KERNEL.yaml [--set PATH=VALUE]... [-j N]\n"
      "                      [--format text|json] [--max-instructions N]\n"
      "                      [--progress | --no-progress]\n"
      "\n"
      "Finds what bounds KERNEL on HW by experiment: simulates it as given\n"
      "(the baseline) and again with one change at a time, the same\n"
      "simulator each time: residency up and down (halving or doubling what\n"
      "limits it: registers per invocation, shared memory per workgroup, or\n"
      "the CU's slot caps), memory bandwidth x2, global latency /2, issue\n"
      "rate x2, schedulers x2 (each with its own issue and pipes), the\n"
      "memory in-flight cap x2 and elements per invocation x2; with a\n"
      "memory hierarchy (cache.l2.bytes > 0) also the L1 x2, the L2 x2 and\n"
      "no L1 (n/a on a flat profile), and then bandwidth x2 doubles\n"
      "dram.bytes_per_cycle and latency /2 halves every level's latency.\n"
      "Reports each variant's speedup over the baseline and what changed\n"
      "(resident subgroups, bandwidth and issue utilization, the top stall),\n"
      "a variant that cannot launch as n/a; before them the findings\n"
      "(uncoalesced accesses, bank conflicts, the occupancy limiter, a\n"
      "tail, divergence: Nsight's rules, each with its line); then the\n"
      "verdict (bandwidth, latency, compute, small_grid or balanced) with\n"
      "the speedups as its evidence, with a hierarchy the level it names\n"
      "(L1, L2 or DRAM) and why, whether it agrees with the baseline's\n"
      "bound, the first thing to try, and Little's law: the bytes in\n"
      "flight the memory needs (latency x bandwidth; with a hierarchy one\n"
      "line per level and only the levels the misses reach), those\n"
      "achieved, and the subgroups that takes.\n"
      "\n"
      "  --set PATH=VALUE   override a key of the baseline (repeatable)\n"
      "  -j N, --jobs N     run the variants on N worker processes (default\n"
      "                     1); the output is the same bytes whatever N\n"
      "  --format FORMAT    text (default) or json\n"
      "  --max-instructions N  refuse a run (the baseline or a variant) that\n"
      "                     would issue more than N warp-instructions\n"
      "                     (default 10000000000)\n"
      "  --progress         a progress line every 10 s on stderr, also\n"
      "                     when it is not a terminal (a pipe, a batch log)\n"
      "  --no-progress      no progress at all (default: a live line on a\n"
      "                     terminal only)\n" },
    { "run", cli_run,
      "usage: cusim run EXPERIMENT.yaml [-j N] [--out DIR] [--resume] "
      "[--set PATH=VALUE]...\n"
      "                 [--list] [--shard K/N | --point ID] "
      "[--max-instructions N]\n"
      "\n"
      "Runs every point of an experiment (configs/experiments/*.yaml): its\n"
      "sweep expanded into points (the last sweep key varies fastest; zip\n"
      "after the sweep keys, points entries slowest), every point's hardware\n"
      "and kernel validated before anything runs, then the points simulated\n"
      "on N worker processes. Writes into DIR:\n"
      "  OUTPUT.csv      one row per point, in point order: the varying\n"
      "                  parameters, every field of cusim sim but sim.*,\n"
      "                  status (ok, failed or infeasible) and error\n"
      "  OUTPUT.jsonl    one JSON object per point, sim.* included\n"
      "  manifest.yaml   each point's fully resolved configuration\n"
      "  figures/        the experiment's plots (gnuplot script, PNG, SVG)\n"
      "  points/         one result file per point, written as it finishes\n"
      "  timelines/      each point's timeline CSV (with the experiment's\n"
      "                  timeline: key)\n"
      "  run.yaml        the experiment and --set options (cusim collect\n"
      "                  reads it)\n"
      "The CSV and the manifest are the same bytes whatever N, and after a\n"
      "killed run is resumed. A point that cannot run on its hardware (its\n"
      "workgroup does not fit, a width the profile lacks, a program that does\n"
      "not resolve for that shape) is infeasible: a result with its reason,\n"
      "a gap in the plots. A progress bar is drawn on stderr when it is a\n"
      "terminal; a summary line is printed at the end. Exit status: 0 every\n"
      "point ran or is infeasible, 1 some point failed (the others still\n"
      "ran), 2 bad input, 130 or 143 when SIGINT or SIGTERM stopped the run\n"
      "between points (the points done are kept: --resume finishes it).\n"
      "\n"
      "A sweep too big for one machine runs as shards: each --shard K/N (or\n"
      "--point ID) writes only its points' results into DIR/points, with no\n"
      "lock and nothing removed, so many processes on many machines can\n"
      "share one DIR on a shared file system; a shard keeps the results DIR\n"
      "already holds, so running it again finishes what a killed one left.\n"
      "Then cusim collect DIR writes the outputs (scripts/parallel.sh and\n"
      "scripts/slurm-array.sh do both).\n"
      "\n"
      "  -j N, --jobs N     worker processes (default: the online CPUs)\n"
      "  --out DIR          results directory (default: results/OUTPUT)\n"
      "  --resume           keep the points DIR already holds for this exact\n"
      "                     configuration and run only the others\n"
      "  --set PATH=VALUE   override a key for every point, after the\n"
      "                     experiment's own set: (repeatable; not a key the\n"
      "                     experiment varies)\n"
      "  --list             print one line per point and run nothing: its id\n"
      "                     (16 hex digits, a hash of the point's resolved\n"
      "                     hardware and kernel, not of its position) and\n"
      "                     its parameters, tab-separated\n"
      "  --shard K/N        run shard K of N (1 <= K <= N): the points whose\n"
      "                     position modulo N is K - 1\n"
      "  --point ID         run the point (or points) of this id\n"
      "  --max-instructions N  the instruction budget of each point: one\n"
      "                     that would issue more warp-instructions is\n"
      "                     infeasible (default 10000000000)\n" },
    { "sweep", cli_sweep,
      "usage: cusim sweep HW.yaml KERNEL.yaml --vary PATH=V1,V2,...\n"
      "                   [--vary PATH=FROM..TO[:STEP]]... [--set PATH=VALUE]...\n"
      "                   [--plot X:Y[:SERIES]] [--fields LIST] [-j N]\n"
      "                   [--format text|csv|json] [--out DIR] [--resume]\n"
      "                   [--save EXP.yaml] [--max-instructions N]\n"
      "\n"
      "A quick sweep, without an experiment file: runs KERNEL on HW at every\n"
      "combination of the --vary values (the last --vary varies fastest), as\n"
      "cusim run runs the experiment these options stand for, and prints one\n"
      "row per point: the varied keys, then the result columns of --fields\n"
      "(default cycles, occupancy.theoretical, occupancy.achieved, issue.ipc\n"
      "and bound), then status when some point is not ok. A point that cannot\n"
      "run (its workgroup does not fit, ...) is infeasible: a row, not an\n"
      "error. Every value is checked before anything runs; a mistake is\n"
      "reported naming the option. Exit status as for cusim run.\n"
      "\n"
      "  --vary PATH=LIST   a key (hw.* or kernel.*) and its values, separated\n"
      "                     by commas (commas inside [] or {} belong to a\n"
      "                     value: --vary 'kernel.workgroup_size=[8, 8],[16, 16]'),\n"
      "                     or an integer range FROM..TO[:STEP] (TO included\n"
      "                     when reached); repeatable, at most 16\n"
      "  --set PATH=VALUE   override a key at every point (repeatable)\n"
      "  --plot X:Y[:SERIES]  also draw Y against X, a line per SERIES value\n"
      "                     (result or varied columns) into DIR/figures\n"
      "  --fields LIST      the result columns of the table, comma-separated\n"
      "                     (cusim fields sim lists them)\n"
      "  -j N, --jobs N     worker processes (default: the online CPUs)\n"
      "  --format FORMAT    text (default: aligned columns), csv (every\n"
      "                     column of cusim run's CSV, or those of --fields)\n"
      "                     or json (an array of cusim run's JSON Lines\n"
      "                     objects)\n"
      "  --out DIR          keep the results directory, as cusim run writes\n"
      "                     it, with the experiment as DIR/sweep.yaml unless\n"
      "                     --save names another file (default: a temporary\n"
      "                     directory, removed at the end; results/sweep\n"
      "                     with --plot)\n"
      "  --resume           with --out: keep the points DIR already holds\n"
      "  --save EXP.yaml    write the experiment these options stand for\n"
      "                     (its files relative to it): cusim run EXP.yaml\n"
      "                     runs the same sweep\n"
      "  --max-instructions N  the instruction budget of each point, as for\n"
      "                     cusim run (default 10000000000)\n" },
    { "collect", cli_collect,
      "usage: cusim collect DIR... [--out DIR]\n"
      "\n"
      "Assembles the outputs of an experiment whose points ran as shards\n"
      "(cusim run --shard K/N or --point ID) into one results directory:\n"
      "OUTPUT.csv, OUTPUT.jsonl, manifest.yaml and figures/, the same bytes\n"
      "as one cusim run of the whole experiment writes. Each DIR holds\n"
      "point results and the run.yaml cusim run wrote there; they must all\n"
      "name the same experiment and --set options, which collect loads again\n"
      "(from the directory the run started in when the experiment's path is\n"
      "relative). Each point's result is taken from the first DIR that has a\n"
      "complete one, and copied into the output directory when it is\n"
      "elsewhere. Points with no complete result anywhere are listed (the\n"
      "first 20) with their ids, and nothing is assembled; failed points are\n"
      "listed too, and assembled as cusim run does.\n"
      "\n"
      "Exit status: 0 every point has a result and none failed, 1 some are\n"
      "missing or failed, 2 bad input (no run.yaml, directories of different\n"
      "runs, an experiment that no longer loads).\n"
      "\n"
      "  --out DIR          where the outputs go (default: the first DIR)\n" },
    { "portability", cli_portability,
      "usage: cusim portability KERNEL.yaml [--hw HW.yaml]... [--sizes LIST]\n"
      "                         [--set PATH=VALUE]... [-j N]\n"
      "                         [--format text|json|csv] [--out DIR]\n"
      "                         [--max-instructions N] [--progress | --no-progress]\n"
      "\n"
      "Which workgroup size is safe on every GPU: simulates KERNEL at each\n"
      "workgroup size on each profile, then reports each size's time\n"
      "relative to each device's best size, each device's best, and the\n"
      "size whose worst case (its largest relative time) is smallest. A\n"
      "size a device cannot run (it does not fit, or the program does not\n"
      "resolve for it) is marked with the reason, not an error.\n"
      "\n"
      "  --hw FILE          a hardware profile (repeatable; default: every\n"
      "                     configs/hw/*.yaml under the current directory)\n"
      "  --sizes LIST       workgroup sizes, e.g. 32,64,128 or 8x8,16x4,64x1\n"
      "                     (default: 32 to 1024 in powers of two; for a\n"
      "                     2-D kernel 8x4,8x8,16x4,16x8,16x16,32x8,32x32)\n"
      "  --set PATH=VALUE   override a key of the kernel or of every profile\n"
      "                     (repeatable)\n"
      "  -j N, --jobs N     worker processes (default 1); the output is the\n"
      "                     same bytes whatever N\n"
      "  --format FORMAT    text (default), json or csv\n"
      "  --out DIR          also write DIR/portability.csv and the heatmap\n"
      "                     DIR/figures/portability.gp (.png and .svg when\n"
      "                     gnuplot is on the PATH)\n"
      "  --max-instructions N  a size that would issue more than N\n"
      "                     warp-instructions on a device is not simulated\n"
      "                     but marked, with the reason (default\n"
      "                     10000000000)\n"
      "  --progress         a progress line every 10 s on stderr, also\n"
      "                     when it is not a terminal (a pipe, a batch log)\n"
      "  --no-progress      no progress at all (default: a live line on a\n"
      "                     terminal only)\n" },
    { "check", cli_check,
      "usage: cusim check FILE.yaml... [--set PATH=VALUE]... [--echo]\n"
      "\n"
      "Validates hardware profiles, kernels and experiments (told apart by\n"
      "their keys); an experiment is expanded and every point's hardware\n"
      "and kernel loaded, as cusim run would before running anything.\n"
      "Each kernel is also resolved against each profile given: its counts\n"
      "evaluated for that launch shape, its workgroup checked to fit, and\n"
      "everything cusim sim checks before it starts (later dispatches'\n"
      "element counts, the memory in-flight cap against each global access,\n"
      "the default instruction budget, the simulator's state bound).\n"
      "Prints one line per file; every problem is one line\n"
      "FILE:LINE:COLUMN: message, and the exit status is 2 if any.\n"
      "\n"
      "  --set PATH=VALUE   override a key before checking (repeatable)\n"
      "  --echo             print each resolved config as YAML (status lines\n"
      "                     become # comments, so one file's echo loads back)\n" },
    { "import", cli_import, cli_import_help },
    { "keys", cli_keys,
      "usage: cusim keys [hw|kernel]\n"
      "\n"
      "Lists every key of hardware profiles (hw) and kernels (kernel): its\n"
      "dotted path (as used by --set, with a hw. or kernel. prefix), type,\n"
      "default, range and meaning.\n" },
    { "fields", cli_fields,
      "usage: cusim fields [sim|occupancy] [--format text|json|csv]\n"
      "\n"
      "Lists every output field of cusim sim and cusim occupancy (both when\n"
      "neither is named), in the order each prints them: its dotted key (as\n"
      "in csv headers; json nests at the dots), type, unit and meaning. json\n"
      "and csv also say where each value comes from.\n"
      "\n"
      "  --format FORMAT    text (default), json or csv\n" },
};

const cli_command *cli_find(const char *name)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

int cli_bad_input(const cusim_error *err)
{
    cusim_error_print(err, stderr);
    return CLI_BAD_INPUT;
}

void cli_experiment_inputs(const experiment *e, fio_inputs *in)
{
    fio_inputs_add(in, exp_file(e), "the experiment");
    size_t nh = exp_n_hw_configs(e), nk = exp_n_kernel_configs(e);
    bool *hw_seen = xcalloc(nh ? nh : 1, sizeof *hw_seen);
    bool *k_seen = xcalloc(nk ? nk : 1, sizeof *k_seen);
    for (size_t p = 0; p < exp_n_points(e); p++) {
        size_t h = exp_point_hw_config(e, p), k = exp_point_kernel_config(e, p);
        if (!hw_seen[h])
            fio_inputs_add(in, exp_point_hw_file(e, p),
                           "a hardware profile of the experiment");
        if (!k_seen[k])
            fio_inputs_add(in, exp_point_kernel_file(e, p),
                           "a kernel of the experiment");
        hw_seen[h] = k_seen[k] = true;
    }
    free(hw_seen);
    free(k_seen);
}

/* Prints the refusal `b` holds as one line (cli_say: the user's text in
 * it made printable). Returns CLI_BAD_INPUT. */
static int refuse(sbuf *b)
{
    cli_say("%s\n", b->s);
    free(b->s);
    return CLI_BAD_INPUT;
}

int cli_check_output(const cli_command *cmd, const char *option,
                     const char *path, const fio_inputs *in)
{
    const fio_input *hit = fio_inputs_file(in, path);
    if (!hit)
        return CLI_OK;
    sbuf b = { 0 };
    sb_printf(&b, "cusim %s: %s ", cmd->name, option);
    sb_puts(&b, path);
    sb_printf(&b, ": refused: it is %s the command reads (", hit->what);
    sb_puts(&b, hit->path);
    sb_puts(&b, "), which an output never replaces; nothing was written");
    return refuse(&b);
}

int cli_check_results_dir(const cli_command *cmd, const experiment *e,
                          const char *exp_path, const char *dir,
                          const char *option, bool shard,
                          const fio_inputs *in)
{
    sbuf b = { 0 };
    sb_printf(&b, "cusim %s: %s%s", cmd->name, option ? option : "",
              option ? " " : "");
    sb_puts(&b, dir);
    const fio_input *hit = results_overwrites(e, dir, in);
    if (hit) {
        sb_printf(&b, ": refused: writing the results there would replace "
                  "%s the command reads (", hit->what);
        sb_puts(&b, hit->path);
        sb_puts(&b, "); nothing was written");
        return refuse(&b);
    }
    char *other;
    if (shard || !cli_origin_other(dir, exp_path, &other)) {
        free(b.s);
        return CLI_OK;
    }
    sb_puts(&b, ": refused: it holds the results of another experiment (");
    sb_puts(&b, other);
    sb_printf(&b, ", its run.yaml says), which a run never replaces; "
              "nothing was written (give another %s DIR, or remove it)",
              option ? option : "--out");
    free(other);
    return refuse(&b);
}

int cli_input_read(cli_input *in, const char *path)
{
    memset(in, 0, sizeof *in);
    return ydoc_read(path, path, &in->text, &in->len, &in->err);
}

void cli_input_free(cli_input *in)
{
    free(in->text);
    in->text = NULL;
}

/* cli_pair_swapped of the two files as read. */
static bool pair_swapped(const cli_command *cmd, const cli_args *args,
                         const cli_input in[2])
{
    cusim_error err;
    cusim_file_kind first, second;
    if (in[0].text && in[1].text
        && cusim_bytes_sniff(in[0].text, in[0].len, args->files[0], &first,
                             &err) == 0
        && cusim_bytes_sniff(in[1].text, in[1].len, args->files[1], &second,
                             &err) == 0
        && first == CUSIM_FILE_KERNEL && second == CUSIM_FILE_HW) {
        cli_say("%s:1:1: this is a kernel and %s a hardware profile:"
                " the arguments are swapped (expected cusim %s HW.yaml "
                "KERNEL.yaml)\n", args->files[0], args->files[1], cmd->name);
        return true;
    }
    return false;
}

bool cli_pair_swapped(const cli_command *cmd, const cli_args *args)
{
    cli_input in[2];
    cli_input_read(&in[0], args->files[0]);
    cli_input_read(&in[1], args->files[1]);
    bool swapped = pair_swapped(cmd, args, in);
    cli_input_free(&in[0]);
    cli_input_free(&in[1]);
    return swapped;
}

int cli_load_pair(const cli_command *cmd, const cli_args *args,
                  cusim_hw *hw, cusim_kernel *k)
{
    if (args->n_files != 2) {
        cli_say("cusim %s: expected HW.yaml KERNEL.yaml, got %d "
                "file%s (see cusim %s --help)\n", cmd->name, args->n_files,
                args->n_files == 1 ? "" : "s", cmd->name);
        return CLI_BAD_INPUT;
    }
    /* each file read once (it may be a pipe); a profile's errors before
     * the kernel's, as each is loaded in turn */
    cli_input in[2];
    cli_input_read(&in[0], args->files[0]);
    cli_input_read(&in[1], args->files[1]);
    cusim_error err;
    int status = CLI_OK;
    if (pair_swapped(cmd, args, in))
        status = CLI_BAD_INPUT;
    else if (!in[0].text)
        status = cli_bad_input(&in[0].err);
    else if (cusim_hw_load_bytes(in[0].text, in[0].len, args->files[0],
                                 args->sets, (size_t)args->n_sets, hw,
                                 &err) != 0)
        status = cli_bad_input(&err);
    else if (!in[1].text)
        status = cli_bad_input(&in[1].err);
    else if (cusim_kernel_load_bytes(in[1].text, in[1].len, args->files[1],
                                     args->sets, (size_t)args->n_sets, k,
                                     &err) != 0)
        status = cli_bad_input(&err);
    cli_input_free(&in[0]);
    cli_input_free(&in[1]);
    return status;
}

int cli_parse_count(const char *v, uint64_t *n)
{
    return v && num_parse_u64(v, strlen(v), 0, n) == NUM_OK ? 0 : -1;
}

/* --trace-window FROM:TO, either side possibly empty (0; the end). */
static int parse_window(const char *v, cli_args *args)
{
    const char *colon = v ? strchr(v, ':') : NULL;
    if (!colon)
        return -1;
    char from[32];
    size_t len = (size_t)(colon - v);
    if (len >= sizeof from)
        return -1;
    memcpy(from, v, len);
    from[len] = '\0';
    args->trace_from = args->trace_to = 0;
    if ((len && cli_parse_count(from, &args->trace_from) != 0)
        || (colon[1] && cli_parse_count(colon + 1, &args->trace_to) != 0)
        || (colon[1] && args->trace_to <= args->trace_from))
        return -1;
    args->trace_window = true;
    return 0;
}

/* --trace-cus LIST: "all", or CUs and ranges such as "0-3,8". */
static int parse_cus(const char *v, cli_args *args)
{
    args->n_trace_cus = 0;
    if (v && strcmp(v, "all") == 0) {
        args->trace_cus[0][0] = 0;
        args->trace_cus[0][1] = UINT32_MAX;
        args->n_trace_cus = 1;
        return 0;
    }
    /* no empty item: strtok_r would skip it */
    if (!v || !*v || v[0] == ',' || strstr(v, ",,"))
        return -1;
    char buf[256];
    if (strlen(v) >= sizeof buf)
        return -1;
    strcpy(buf, v);
    for (char *save = NULL, *item = strtok_r(buf, ",", &save); item;
         item = strtok_r(NULL, ",", &save)) {
        char *dash = strchr(item, '-');
        uint64_t a, b;
        if (dash)
            *dash = '\0';
        if (cli_parse_count(item, &a) != 0
            || (dash ? cli_parse_count(dash + 1, &b) : (b = a, 0)) != 0
            || a > b || b >= UINT32_MAX
            || args->n_trace_cus == CUSIM_TRACE_RANGES)
            return -1;
        args->trace_cus[args->n_trace_cus][0] = (uint32_t)a;
        args->trace_cus[args->n_trace_cus][1] = (uint32_t)b;
        args->n_trace_cus++;
    }
    return args->n_trace_cus > 0 && v[strlen(v) - 1] != ',' ? 0 : -1;
}

/* The value of option `name` given as "--name=V" or "--name V". */
static const char *option_value(const char *name, int argc, char **argv,
                                int *i)
{
    size_t len = strlen(name);
    if (argv[*i][len] == '=')
        return argv[*i] + len + 1;
    if (*i + 1 < argc)
        return argv[++*i];
    return NULL;
}

static int is_option(const char *arg, const char *name)
{
    size_t len = strlen(name);
    return strncmp(arg, name, len) == 0 && (arg[len] == '\0' || arg[len] == '=');
}

/* --shard K/N: two counts, 1 <= K <= N <= CLI_MAX_SHARDS. */
static int parse_shard(const char *v, cli_args *args)
{
    uint64_t k, n;
    const char *slash = v ? strchr(v, '/') : NULL;
    if (!slash || num_parse_u64(v, (size_t)(slash - v), 0, &k) != NUM_OK
        || cli_parse_count(slash + 1, &n) != 0 || k < 1 || k > n
        || n > CLI_MAX_SHARDS)
        return -1;
    args->shard_k = (unsigned)k;
    args->shard_n = (unsigned)n;
    return 0;
}

int cli_parse(const cli_command *cmd, int argc, char **argv, unsigned opts,
              cli_args *args)
{
    memset(args, 0, sizeof *args);
    args->format = CUSIM_FORMAT_TEXT;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            args->help = true;
        } else if ((opts & CLI_OPT_SET) && is_option(a, "--set")) {
            char *v = (char *)option_value("--set", argc, argv, &i);
            if (!v) {
                cli_say("cusim %s: --set needs PATH=VALUE\n", cmd->name);
                return CLI_BAD_INPUT;
            }
            if (args->n_sets == CLI_MAX_SETS) {
                cli_say("cusim %s: more than %d --set options\n",
                        cmd->name, CLI_MAX_SETS);
                return CLI_BAD_INPUT;
            }
            cusim_error err;
            if (cusim_set_parse(v, args->n_sets + 1,
                                &args->sets[args->n_sets], &err) != 0)
                return cli_bad_input(&err);
            args->n_sets++;
        } else if ((opts & CLI_OPT_FORMAT) && is_option(a, "--format")) {
            const char *v = option_value("--format", argc, argv, &i);
            if (!v || cusim_format_parse(v, &args->format) != 0) {
                cli_say("cusim %s: --format expects text, json or "
                        "csv, got '%s'\n", cmd->name, v ? v : "");
                return CLI_BAD_INPUT;
            }
        } else if ((opts & CLI_OPT_TRACE) && is_option(a, "--trace")) {
            args->trace = option_value("--trace", argc, argv, &i);
            if (!args->trace || !*args->trace) {
                cli_say("cusim %s: --trace needs a FILE\n", cmd->name);
                return CLI_BAD_INPUT;
            }
        } else if ((opts & CLI_OPT_TRACE) && is_option(a, "--trace-window")) {
            const char *v = option_value("--trace-window", argc, argv, &i);
            if (parse_window(v, args) != 0) {
                cli_say("cusim %s: --trace-window expects FROM:TO, "
                        "cycles with FROM < TO (either may be left out), "
                        "got '%s'\n", cmd->name, v ? v : "");
                return CLI_BAD_INPUT;
            }
        } else if ((opts & CLI_OPT_TRACE) && is_option(a, "--trace-cus")) {
            const char *v = option_value("--trace-cus", argc, argv, &i);
            if (parse_cus(v, args) != 0) {
                cli_say("cusim %s: --trace-cus expects all or a list "
                        "of CUs and ranges such as 0-3,8 (at most %d), got "
                        "'%s'\n", cmd->name, CUSIM_TRACE_RANGES, v ? v : "");
                return CLI_BAD_INPUT;
            }
        } else if ((opts & CLI_OPT_TRACE) && is_option(a, "--trace-max-bytes")) {
            const char *v = option_value("--trace-max-bytes", argc, argv, &i);
            if (cli_parse_count(v, &args->trace_max_bytes) != 0
                || args->trace_max_bytes < CLI_TRACE_MIN_BYTES) {
                cli_say("cusim %s: --trace-max-bytes expects a number "
                        "of bytes, at least %d, got '%s'\n", cmd->name,
                        CLI_TRACE_MIN_BYTES, v ? v : "");
                return CLI_BAD_INPUT;
            }
        } else if ((opts & CLI_OPT_TRACE) && is_option(a, "--timeline")) {
            args->timeline = option_value("--timeline", argc, argv, &i);
            if (!args->timeline || !*args->timeline) {
                cli_say("cusim %s: --timeline needs a FILE\n",
                        cmd->name);
                return CLI_BAD_INPUT;
            }
        } else if ((opts & CLI_OPT_TRACE) && is_option(a, "--timeline-every")) {
            const char *v = option_value("--timeline-every", argc, argv, &i);
            if (cli_parse_count(v, &args->timeline_every) != 0
                || args->timeline_every == 0) {
                cli_say("cusim %s: --timeline-every expects a "
                        "positive number of cycles, got '%s'\n", cmd->name,
                        v ? v : "");
                return CLI_BAD_INPUT;
            }
        } else if ((opts & CLI_OPT_TRACE)
                   && is_option(a, "--watchdog-dump")) {
            args->watchdog_dump = option_value("--watchdog-dump", argc, argv,
                                               &i);
            if (!args->watchdog_dump || !*args->watchdog_dump) {
                cli_say("cusim %s: --watchdog-dump needs a FILE\n",
                        cmd->name);
                return CLI_BAD_INPUT;
            }
        } else if ((opts & CLI_OPT_TRACE) && is_option(a, "--watchdog")) {
            const char *v = option_value("--watchdog", argc, argv, &i);
            uint64_t n = 0;
            if (cli_parse_count(v, &n) != 0 || n == 0) {
                cli_say("cusim %s: --watchdog expects a positive "
                        "number of cycles, got '%s'\n", cmd->name, v ? v : "");
                return CLI_BAD_INPUT;
            }
            args->watchdog = n;
        } else if ((opts & CLI_OPT_PROGRESS)
                   && (strcmp(a, "--progress") == 0
                       || strcmp(a, "--no-progress") == 0)) {
            int mode = a[2] == 'n' ? CLI_PROGRESS_OFF : CLI_PROGRESS_ON;
            if (args->progress != CLI_PROGRESS_AUTO
                && args->progress != mode) {
                cli_say("cusim %s: --progress and --no-progress contradict "
                        "each other: give one", cmd->name);
                return CLI_BAD_INPUT;
            }
            args->progress = mode;
        } else if ((opts & CLI_OPT_BUDGET) && is_option(a, "--max-instructions")) {
            const char *v = option_value("--max-instructions", argc, argv, &i);
            if (cli_parse_count(v, &args->max_instructions) != 0
                || args->max_instructions == 0) {
                cli_say("cusim %s: --max-instructions expects a "
                        "positive number of warp-instructions, got '%s'\n",
                        cmd->name, v ? v : "");
                return CLI_BAD_INPUT;
            }
        } else if ((opts & (CLI_OPT_RUN | CLI_OPT_JOBS | CLI_OPT_PORT))
                   && (is_option(a, "--jobs") || strncmp(a, "-j", 2) == 0)) {
            const char *v = a[1] == 'j' && a[2] ? a + 2
                            : option_value(a[1] == 'j' ? "-j" : "--jobs",
                                           argc, argv, &i);
            uint64_t n = 0;
            if (cli_parse_count(v, &n) != 0 || n < 1 || n > 4096) {
                cli_say("cusim %s: -j expects a number of workers "
                        "from 1 to 4096, got '%s'\n", cmd->name, v ? v : "");
                return CLI_BAD_INPUT;
            }
            args->jobs = (int)n;
        } else if ((opts & CLI_OPT_GRAPHS) && is_option(a, "--graphs")) {
            args->graphs = option_value("--graphs", argc, argv, &i);
            if (!args->graphs || !*args->graphs) {
                cli_say("cusim %s: --graphs needs a DIR\n",
                        cmd->name);
                return CLI_BAD_INPUT;
            }
        } else if ((opts & CLI_OPT_PORT) && is_option(a, "--hw")) {
            const char *v = option_value("--hw", argc, argv, &i);
            if (!v || !*v) {
                cli_say("cusim %s: --hw needs a FILE\n", cmd->name);
                return CLI_BAD_INPUT;
            }
            if (args->n_hws == CLI_MAX_FILES) {
                cli_say("cusim %s: more than %d --hw files\n",
                        cmd->name, CLI_MAX_FILES);
                return CLI_BAD_INPUT;
            }
            args->hws[args->n_hws++] = v;
        } else if ((opts & CLI_OPT_PORT) && is_option(a, "--sizes")) {
            args->sizes = option_value("--sizes", argc, argv, &i);
            if (!args->sizes || !*args->sizes) {
                cli_say("cusim %s: --sizes needs a LIST such as "
                        "32,64,128\n", cmd->name);
                return CLI_BAD_INPUT;
            }
        } else if ((opts & (CLI_OPT_RUN | CLI_OPT_PORT | CLI_OPT_OUT))
                   && is_option(a, "--out")) {
            args->out = option_value("--out", argc, argv, &i);
            if (!args->out || !*args->out) {
                cli_say("cusim %s: --out needs a DIR\n", cmd->name);
                return CLI_BAD_INPUT;
            }
        } else if ((opts & CLI_OPT_RUN) && strcmp(a, "--resume") == 0) {
            args->resume = true;
        } else if ((opts & CLI_OPT_SHARD) && strcmp(a, "--list") == 0) {
            args->list = true;
        } else if ((opts & CLI_OPT_SHARD) && is_option(a, "--shard")) {
            const char *v = option_value("--shard", argc, argv, &i);
            if (parse_shard(v, args) != 0) {
                cli_say("cusim %s: --shard expects K/N, shard K of "
                        "N with 1 <= K <= N <= %d, got '%s'\n", cmd->name,
                        CLI_MAX_SHARDS, v ? v : "");
                return CLI_BAD_INPUT;
            }
        } else if ((opts & CLI_OPT_SHARD) && is_option(a, "--point")) {
            args->point_id = option_value("--point", argc, argv, &i);
            if (!args->point_id || strlen(args->point_id) != 16
                || strspn(args->point_id, "0123456789abcdef") != 16) {
                cli_say("cusim %s: --point expects a point id, 16 "
                        "hexadecimal digits as --list prints them, got "
                        "'%s'\n", cmd->name,
                        args->point_id ? args->point_id : "");
                return CLI_BAD_INPUT;
            }
        } else if ((opts & CLI_OPT_SWEEP) && is_option(a, "--vary")) {
            const char *v = option_value("--vary", argc, argv, &i);
            const char *eq = v ? strchr(v, '=') : NULL;
            if (!eq || eq == v || !eq[1]) {
                cli_say("cusim %s: --vary expects PATH=V1,V2,... or "
                        "PATH=FROM..TO[:STEP], got '%s'\n", cmd->name,
                        v ? v : "");
                return CLI_BAD_INPUT;
            }
            if (args->n_varies == CLI_MAX_VARIES) {
                cli_say("cusim %s: more than %d --vary options\n",
                        cmd->name, CLI_MAX_VARIES);
                return CLI_BAD_INPUT;
            }
            args->varies[args->n_varies++] = v;
        } else if ((opts & CLI_OPT_SWEEP) && is_option(a, "--plot")) {
            args->plot = option_value("--plot", argc, argv, &i);
            if (!args->plot || !strchr(args->plot, ':')) {
                cli_say("cusim %s: --plot expects X:Y or X:Y:SERIES "
                        "(result columns), got '%s'\n", cmd->name,
                        args->plot ? args->plot : "");
                return CLI_BAD_INPUT;
            }
        } else if ((opts & CLI_OPT_SWEEP) && is_option(a, "--save")) {
            args->save = option_value("--save", argc, argv, &i);
            if (!args->save || !*args->save) {
                cli_say("cusim %s: --save needs a FILE\n", cmd->name);
                return CLI_BAD_INPUT;
            }
        } else if ((opts & CLI_OPT_SWEEP) && is_option(a, "--fields")) {
            args->fields = option_value("--fields", argc, argv, &i);
            if (!args->fields || !*args->fields) {
                cli_say("cusim %s: --fields needs a LIST of result "
                        "columns such as cycles,issue.ipc\n", cmd->name);
                return CLI_BAD_INPUT;
            }
        } else if ((opts & CLI_OPT_ECHO) && strcmp(a, "--echo") == 0) {
            args->echo = true;
        } else if (a[0] == '-' && a[1] != '\0') {
            cli_say("cusim %s: unknown option '%s' (see cusim %s "
                    "--help)\n", cmd->name, a, cmd->name);
            return CLI_BAD_INPUT;
        } else {
            if (args->n_files == CLI_MAX_FILES) {
                cli_say("cusim %s: more than %d files\n", cmd->name,
                        CLI_MAX_FILES);
                return CLI_BAD_INPUT;
            }
            args->files[args->n_files++] = a;
        }
    }
    return CLI_OK;
}

bool cli_begin(const cli_command *cmd, int argc, char **argv, unsigned opts,
               cli_args *args, int *status)
{
    *status = cli_parse(cmd, argc, argv, opts, args);
    if (*status != CLI_OK)
        return false;
    if (args->help) {
        fputs(cmd->help, stdout);
        return false;
    }
    return true;
}

void cli_say(const char *fmt, ...)
{
    sbuf b = { 0 };
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&b, fmt, ap);
    va_end(ap);
    size_t n = b.n && b.s[b.n - 1] == '\n' ? b.n - 1 : b.n;
    char *line = xmalloc(CLI_SAY_MAX);
    err_escape_n(line, CLI_SAY_MAX, b.s ? b.s : "", n);
    fprintf(stderr, "%s\n", line);
    free(line);
    free(b.s);
}

void cli_warn_auto_registers(const char *command, const cusim_hw *hw,
                             const cusim_occupancy *o)
{
    if (o->registers_source != CUSIM_REGISTERS_AUTO
        || o->subgroups_per_cu != hw->cu.max_subgroups)
        return;
    cli_say("%s: warning: registers: auto counts %u registers per "
            "invocation, a lower bound (the program's peak of live values), "
            "and the kernel's full theoretical occupancy rests on it: give "
            "the compiler's count (kernel.registers) to trust the "
            "occupancy\n", command, o->registers_per_invocation);
}

int cli_read_full(int fd, void *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(fd, (char *)buf + got, n - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return got == 0 && r == 0 ? 0 : -1;
        got += (size_t)r;
    }
    return 1;
}

int cli_write_full(int fd, const void *buf, size_t n)
{
    size_t put = 0;
    while (put < n) {
        ssize_t r = write(fd, (const char *)buf + put, n - put);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1;
        put += (size_t)r;
    }
    return 0;
}

/* Writes `path` through write(f, ctx), atomically. */
static int write_one(const char *path, void (*write)(FILE *f, const void *),
                     const void *ctx, cusim_error *err)
{
    fio_out o = { 0 };
    if (fio_open(&o, xstrdup(path), err) != 0) {
        fio_close(&o, false, NULL);
        return -1;
    }
    write(o.f, ctx);
    return fio_close(&o, true, err);
}

/* The files of a figure (cli_write_figure): DIR/BASE.csv, then
 * FIGURES/BASE.gp, .png and .svg, FIGURES being DIR/FIGDIR (FIGDIR NULL:
 * DIR); and FIGURES itself. The caller frees each. */
static void figure_paths(const char *dir, const char *figdir,
                         const char *base, char *paths[4], char **figures)
{
    *figures = figdir ? xasprintf("%s/%s", dir, figdir) : xstrdup(dir);
    paths[0] = xasprintf("%s/%s.csv", dir, base);
    paths[1] = xasprintf("%s/%s.gp", *figures, base);
    paths[2] = xasprintf("%s/%s.png", *figures, base);
    paths[3] = xasprintf("%s/%s.svg", *figures, base);
}

int cli_check_figure(const cli_command *cmd, const char *option,
                     const char *dir, const char *figdir, const char *base,
                     const fio_inputs *in)
{
    char *paths[4], *figures;
    figure_paths(dir, figdir, base, paths, &figures);
    int status = CLI_OK;
    for (int i = 0; i < 4; i++) {
        if (status == CLI_OK)
            status = cli_check_output(cmd, option, paths[i], in);
        free(paths[i]);
    }
    free(figures);
    return status;
}

int cli_write_figure(const cli_command *cmd, const char *dir,
                     const char *figdir, const char *base,
                     void (*csv)(FILE *f, const void *ctx),
                     void (*gp)(FILE *f, const void *ctx), const void *ctx)
{
    char *paths[4], *figures;
    figure_paths(dir, figdir, base, paths, &figures);
    char *csv_path = paths[0], *gp_path = paths[1], *png = paths[2];
    char *svg = paths[3];
    cusim_error err;
    int status = CLI_OK;
    if (fio_make_dirs(figures, &err) != 0
        || write_one(csv_path, csv, ctx, &err) != 0
        || write_one(gp_path, gp, ctx, &err) != 0) {
        cusim_error_print(&err, stderr);
        status = CLI_FAILURE;
    } else {
        plot_spec spec;
        memset(&spec, 0, sizeof spec);
        snprintf(spec.file, sizeof spec.file, "%s", base);
        if (plot_gp_run(gp_path, png, svg, csv_path, &spec, &err) != 0)
            cli_say("cusim %s: warning: %s (the script is written: "
                    "gnuplot %s draws it)\n", cmd->name, err.message,
                    gp_path);
    }
    free(figures);
    free(csv_path);
    free(gp_path);
    free(png);
    free(svg);
    return status;
}
