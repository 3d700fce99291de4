/*
 * cli.h — what the command-line front end's files share: the command table
 * and the option parser every command uses.
 */
#ifndef CUSIM_CLI_H
#define CUSIM_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "cusim.h"
#include "fileio.h"

/* Exit statuses (docs/cli.md, "Exit status"). */
enum { CLI_OK = 0, CLI_FAILURE = 1, CLI_BAD_INPUT = 2 };

typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);   /* argv: the arguments after name */
    const char *help;                     /* printed by --help */
} cli_command;

/* The command named `name`, or NULL. */
const cli_command *cli_find(const char *name);

/* The smallest --trace-max-bytes: room for the tracks' names of a CU. */
#define CLI_TRACE_MIN_BYTES 4096

#define CLI_MAX_SETS 256
#define CLI_MAX_SHARDS 1000000   /* --shard K/N: N at most this */
#define CLI_MAX_FILES 256
#define CLI_MAX_VARIES 16        /* --vary options of cusim sweep */

/* The options commands share, parsed from argv by cli_parse. */
typedef struct cli_args {
    const char *files[CLI_MAX_FILES];  /* positional arguments, in order */
    int n_files;
    cusim_set sets[CLI_MAX_SETS];      /* --set PATH=VALUE, in order */
    int n_sets;
    cusim_format format;               /* --format, default text */
    bool echo;                         /* --echo */
    const char *trace;                 /* --trace FILE (FILE.json: the
                                          Chrome trace-event JSON) */
    bool trace_window;                 /* --trace-window FROM:TO given */
    uint64_t trace_from, trace_to;     /* its cycles; to 0: the end */
    uint32_t trace_cus[CUSIM_TRACE_RANGES][2];  /* --trace-cus LIST */
    uint32_t n_trace_cus;              /* 0: not given */
    uint64_t trace_max_bytes;          /* --trace-max-bytes N, 0: default */
    const char *timeline;              /* --timeline FILE */
    uint64_t timeline_every;           /* --timeline-every N, 0: default */
    uint64_t watchdog;                 /* --watchdog CYCLES, 0 = default */
    const char *watchdog_dump;         /* --watchdog-dump FILE */
    uint64_t max_instructions;         /* --max-instructions N, 0 = default */
    int jobs;                          /* -j N, 0 = one per online CPU */
    const char *out;                   /* --out DIR, NULL = default */
    bool resume;                       /* --resume */
    bool list;                         /* --list */
    unsigned shard_k, shard_n;         /* --shard K/N (1 <= K <= N); N 0:
                                          not given */
    const char *point_id;              /* --point ID */
    const char *varies[CLI_MAX_VARIES];/* --vary PATH=LIST, in order */
    int n_varies;
    const char *plot;                  /* --plot X:Y[:SERIES] */
    const char *save;                  /* --save FILE */
    const char *fields;                /* --fields LIST */
    const char *hws[CLI_MAX_FILES];    /* --hw FILE, in order */
    int n_hws;
    const char *sizes;                 /* --sizes LIST, NULL = default */
    const char *graphs;                /* --graphs DIR */
    int progress;                      /* CLI_PROGRESS_*: --progress,
                                          --no-progress, else auto */
    bool help;                         /* --help / -h */
} cli_args;

/* Option flags a command accepts beyond --help. */
enum {
    CLI_OPT_SET = 1,
    CLI_OPT_FORMAT = 2,
    CLI_OPT_ECHO = 4,
    CLI_OPT_TRACE = 8,      /* --trace FILE, --trace-window, --trace-cus,
                               --trace-max-bytes, --timeline FILE,
                               --timeline-every, --watchdog CYCLES and
                               --watchdog-dump FILE */
    CLI_OPT_RUN = 16,       /* -j N, --out DIR, --resume */
    CLI_OPT_JOBS = 32,      /* -j N alone */
    CLI_OPT_PORT = 64,      /* --hw FILE (repeatable), --sizes LIST, and
                               --out DIR */
    CLI_OPT_GRAPHS = 128,   /* --graphs DIR */
    CLI_OPT_BUDGET = 256,   /* --max-instructions N */
    CLI_OPT_SHARD = 512,    /* --list, --shard K/N, --point ID */
    CLI_OPT_OUT = 1024,     /* --out DIR alone */
    CLI_OPT_SWEEP = 2048,   /* --vary PATH=LIST, --plot X:Y[:S], --save
                               FILE, --fields LIST */
    CLI_OPT_PROGRESS = 4096 /* --progress, --no-progress */
};

/* Parses argv (modifying it: --set values are split in place). Returns 0,
 * or prints one error line to stderr and returns CLI_BAD_INPUT. */
int cli_parse(const cli_command *cmd, int argc, char **argv, unsigned opts,
              cli_args *args);

/* How every command starts: parses its arguments (cli_parse) and answers
 * --help. Returns true when the command goes on; false with `*status` the
 * exit status when it is done (a bad option: CLI_BAD_INPUT; --help
 * printed: CLI_OK). */
bool cli_begin(const cli_command *cmd, int argc, char **argv, unsigned opts,
               cli_args *args, int *status);

/* Prints one line to stderr: `fmt` formatted printf-style, through the
 * one message formatter (err_escape: a control byte or a byte that is not
 * UTF-8 as \xHH, so a value the user gave never spans lines or repaints
 * the terminal; a line past CLI_SAY_MAX bytes shortened in its middle). A
 * newline ending the text ends the line; it is added when missing. Every
 * message of the command line goes through it or cusim_error_print. */
void cli_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#define CLI_SAY_MAX 16384

/* The warning `cusim sim` and `cusim occupancy` (`command`) print once,
 * on stderr, when the occupancy `o` of a kernel on `hw` is full (every
 * subgroup slot of a CU held: occupancy.subgroups_per_cu ==
 * cu.max_subgroups) with a register count from `registers: auto`, the
 * program's peak of live values: a lower bound of what a compiler
 * allocates, so the full occupancy may be the count's doing. Silent
 * otherwise (a given count, or an occupancy under full). */
void cli_warn_auto_registers(const char *command, const cusim_hw *hw,
                             const cusim_occupancy *o);

/* Prints `err` as one line to stderr and returns CLI_BAD_INPUT. */
int cli_bad_input(const cusim_error *err);

/* Pipes between a command and its worker processes. cli_read_full reads
 * exactly n bytes: 1 read whole, 0 end of file before any byte, -1 an
 * error or a short read. cli_write_full writes all n bytes: 0, or -1. Both
 * retry on EINTR. */
int cli_read_full(int fd, void *buf, size_t n);
int cli_write_full(int fd, const void *buf, size_t n);

/* When a long command shows its progress on stderr: AUTO (no option) a
 * live line while stderr is a terminal, from 2 seconds into the work on,
 * redrawn at most ten times a second, "WHAT: 42% (5 of 12 UNIT), 3.1 s,
 * about 4 s left", cleared by cli_progress_end; ON (--progress) the same
 * words as a line of their own every CLI_PROGRESS_EVERY seconds, whatever
 * stderr is (a pipe, a batch job's log); OFF (--no-progress) nothing. */
enum { CLI_PROGRESS_AUTO, CLI_PROGRESS_ON, CLI_PROGRESS_OFF };
#define CLI_PROGRESS_EVERY 10.0
#define CLI_PROGRESS_AFTER 2.0

typedef struct cli_progress {
    const char *what, *unit;   /* "cusim diagnose", "runs" */
    double start, last;        /* seconds */
    double every;              /* --progress: seconds between lines
                                  (CLI_PROGRESS_EVERY; the test hook
                                  CUSIM_TEST_PROGRESS_EVERY=S sets it, 0:
                                  a line each time work ends) */
    double after;              /* the live line's first showing, in
                                  seconds (CLI_PROGRESS_AFTER; the test
                                  hook CUSIM_TEST_PROGRESS_AFTER=S sets
                                  it) */
    bool live, lines, shown;   /* the live line; lines every 10 s */
} cli_progress;

/* `mode`: CLI_PROGRESS_* (cli_args.progress). */
void cli_progress_start(cli_progress *p, const char *what, const char *unit,
                        int mode);
void cli_progress_show(cli_progress *p, uint64_t done, uint64_t total);
void cli_progress_end(cli_progress *p);

/* Tasks 0 .. n-1 for cli_pool_run: `run` computes task i into `msg` (size
 * bytes, zeroed first; it may run in a forked worker, so it must not
 * change what the parent sees), `record` takes task i's msg in the
 * parent, or NULL when no result came back (its worker died). With
 * `progress`, the line shows the tasks recorded so far. */
typedef struct cli_pool_tasks {
    int n;
    size_t size;
    void *ctx;
    void (*run)(void *ctx, int i, void *msg);
    void (*record)(void *ctx, int i, const void *msg);
    cli_progress *progress;
} cli_pool_tasks;

/* Runs the tasks on `jobs` forked workers (1 or fewer: in this process).
 * Every task is recorded exactly once, whatever the number of workers. */
void cli_pool_run(const cli_pool_tasks *t, int jobs);

/* Writes a command's figure: DIR/BASE.csv through csv(f, ctx) and the
 * gnuplot script DIR/FIGDIR/BASE.gp through gp(f, ctx) (FIGDIR NULL: DIR
 * itself), each under a temporary name renamed into place, then draws
 * BASE.png and BASE.svg beside the script with gnuplot; without gnuplot,
 * or when it fails, a warning on stderr (the script stays: `gnuplot
 * BASE.gp` draws it). Returns CLI_OK, or CLI_FAILURE after printing why a
 * file could not be written. */
int cli_write_figure(const cli_command *cmd, const char *dir,
                     const char *figdir, const char *base,
                     void (*csv)(FILE *f, const void *ctx),
                     void (*gp)(FILE *f, const void *ctx), const void *ctx);

/* A file named on the command line as an input (a hardware profile, a
 * kernel, an experiment), read whole once, whatever its kind: a regular
 * file, a FIFO, /dev/stdin, a process substitution's /dev/fd/N (a pipe
 * gives its bytes once, so telling what the file holds and loading it
 * both read these bytes, never the file again). The limit is the
 * loaders' (YDOC_MAX_BYTES). Only the files cusim finds by itself in a
 * results directory are read as regular files only, without blocking
 * (fio_open_regular). */
typedef struct cli_input {
    char *text;        /* its bytes, NUL-terminated after them; NULL when
                          it could not be read */
    size_t len;
    cusim_error err;   /* why not, when text is NULL: "cannot read: ..."
                          or too large, at the file as named */
} cli_input;

/* Reads the file at `path` into `in` (the reason in `in->err` when it
 * cannot: cusim_hw_load's message for that file). Returns 0 or -1;
 * cli_input_free releases `in` either way. */
int cli_input_read(cli_input *in, const char *path);
void cli_input_free(cli_input *in);

/* Whether the two files of `args` are a kernel and a hardware profile,
 * the wrong way round; then prints so (not what the first one's keys lack
 * as a profile). */
bool cli_pair_swapped(const cli_command *cmd, const cli_args *args);

/* A whole decimal number without sign or blanks, below 2^64 (the one
 * parser of the command line's counts; origin.c reads what run.yaml
 * records of them with the same num_parse_u64 call): 0 and *n, or -1. */
int cli_parse_count(const char *v, uint64_t *n);

/* Loads the HW.yaml KERNEL.yaml pair of a command's arguments, with its
 * --set overrides. Returns CLI_OK (the caller frees `k`), or prints one
 * error line (wrong number of files, or the load's FILE:LINE:COLUMN
 * message) and returns CLI_BAD_INPUT. */
int cli_load_pair(const cli_command *cmd, const cli_args *args,
                  cusim_hw *hw, cusim_kernel *k);

/* DIR/run.yaml (origin.c): the experiment a results directory was run
 * from, as the command line gave it, the working directory it was given
 * in, the command line's --set options as PATH=VALUE and its
 * --max-instructions. */
typedef struct cli_origin {
    char *experiment;
    char *directory;
    char **sets;
    int n_sets;
    uint64_t max_instructions;   /* --max-instructions, 0: not given */
} cli_origin;

/* Writes DIR/run.yaml for a run of `experiment` with `args`' --set
 * options. `shared` (shards, which many processes may run into one DIR):
 * when DIR already has one, it must name the same experiment and options
 * (then nothing is written), else an error at DIR/run.yaml. Returns 0, or
 * -1 with `err` set. */
int cli_origin_write(const char *dir, const char *experiment,
                     const cli_args *args, bool shared, cusim_error *err);

/* Whether run.yaml can record a run of `experiment` from the working
 * directory: both named, both UTF-8 (what YAML holds). Returns CLI_OK, or
 * the exit status (CLI_BAD_INPUT: a path that is not UTF-8; CLI_FAILURE:
 * the working directory cannot be named) with `err` set. Checked before
 * anything is written. */
int cli_origin_check(const char *experiment, cusim_error *err);

/* Reads DIR/run.yaml into `o` (the caller frees it with cli_origin_free).
 * Returns 0, or -1 with `err` set (none there, or not as written). */
int cli_origin_read(const char *dir, cli_origin *o, cusim_error *err);
void cli_origin_free(cli_origin *o);

/* Whether DIR/run.yaml names an experiment file other than `exp_path`
 * (compared as files: fio_same_file, the recorded path taken relative to
 * the recorded directory): then `*other` is the experiment as run.yaml
 * writes it (the caller frees it) and DIR holds another experiment's
 * results. No run.yaml, or one that does not say which experiment, is
 * not another's (false). */
bool cli_origin_other(const char *dir, const char *exp_path, char **other);

/* --------------------------------------------------------------------
 * A command never writes over one of its own inputs, nor over the results
 * of another experiment (issue 25, class 3): each command that writes
 * collects what it reads (fio_inputs) and asks these before it writes
 * anything; each refusal is one line naming the option, exit status 2.
 */

struct experiment;

/* Adds the files experiment `e` reads to `in`: the experiment's own file
 * and every hardware and kernel file its points name. */
void cli_experiment_inputs(const struct experiment *e, fio_inputs *in);

/* CLI_OK when output file `path` (given as option `option`, such as
 * "--timeline") is none of `in`; else prints "cusim CMD: OPTION PATH:
 * refused: it is WHAT the command reads (INPUT) ..." and returns
 * CLI_BAD_INPUT. */
int cli_check_output(const cli_command *cmd, const char *option,
                     const char *path, const fio_inputs *in);

/* cli_check_output of each file cli_write_figure writes for DIR, FIGDIR
 * and BASE. */
int cli_check_figure(const cli_command *cmd, const char *option,
                     const char *dir, const char *figdir, const char *base,
                     const fio_inputs *in);

/* CLI_OK when experiment `e`, run from `exp_path`, may write its results
 * into `dir` (`option` "--out", or NULL for the default directory): none
 * of `in` is a file it would write over or remove there
 * (results_overwrites), and DIR holds no other experiment's results
 * (cli_origin_other; not asked for a `shard`, which cli_origin_write
 * holds to the same experiment and options, exit status 1 as before).
 * Else one line and CLI_BAD_INPUT. */
int cli_check_results_dir(const cli_command *cmd, const struct experiment *e,
                          const char *exp_path, const char *dir,
                          const char *option, bool shard,
                          const fio_inputs *in);

/* Runs experiment `e` (loaded from `exp_path`, named so in DIR/run.yaml)
 * into results directory `dir` as `cusim run` does, on `args`' -j
 * workers: every point (with --resume, those not done), then the outputs
 * and plots, then (with `summary`) the summary line; or with --shard or
 * --point only those points' results. First, cli_check_results_dir (with
 * `option`, "--out" or NULL). Returns the exit status. */
int cli_run_experiment(const cli_command *cmd, const struct experiment *e,
                       const char *exp_path, const char *dir,
                       const char *option, const cli_args *args,
                       bool summary);

/* Commands (one file each). */
int cli_sim(int argc, char **argv);
int cli_occupancy(int argc, char **argv);
int cli_check(int argc, char **argv);
int cli_keys(int argc, char **argv);
int cli_fields(int argc, char **argv);
int cli_run(int argc, char **argv);
int cli_diagnose(int argc, char **argv);
int cli_portability(int argc, char **argv);
int cli_collect(int argc, char **argv);
int cli_import(int argc, char **argv);
extern const char cli_import_help[];   /* cmd_import.c */

/* What cusim collect does once its options are parsed: the results
 * directories `args->files` (at least one) assembled into `args->out`
 * (NULL: the first), every message one line on stderr. It may change the
 * working directory (to the run's, which run.yaml records). Returns the
 * exit status. tests/fuzz/fuzz_collect.c calls it in process. */
int cli_collect_dirs(const cli_args *args);

int cli_sweep(int argc, char **argv);

/* The experiment cusim sweep's options (`args`: its HW.yaml, KERNEL.yaml,
 * --set, --vary, --plot, --max-instructions) stand for, its files as
 * given: loaded into `*e` and its text into `*text` (the caller frees
 * both; exp_free, free). Returns CLI_OK, or the exit status after
 * printing why not (one line naming the option; `*e` and `*text` NULL).
 * tests/fuzz/fuzz_sweep.c calls it in process. */
int cli_sweep_experiment(const cli_args *args, struct experiment **e,
                         char **text);

#endif /* CUSIM_CLI_H */
