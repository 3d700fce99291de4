/*
 * main.c — the `cusim` command line: argument parsing and dispatch.
 *
 * Each command loads its inputs completely and computes its whole result
 * before printing anything, so bad input never leaves partial output. Exit
 * status: 0 success, 1 simulation or internal failure, 2 bad input.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cusim.h"
#include "xalloc.h"

static const char usage_text[] =
    "usage: cusim COMMAND [ARGS]\n"
    "\n"
    "cusim simulates GPU compute units running synthetic kernels, and reports\n"
    "occupancy, stalls and what bounds the kernel.\n"
    "\n"
    "Commands:\n"
    "  sim HW.yaml KERNEL.yaml         simulate KERNEL on HW cycle by cycle\n"
    "  occupancy HW.yaml KERNEL.yaml   static occupancy of KERNEL on one\n"
    "                                  compute unit of HW\n"
    "  diagnose HW.yaml KERNEL.yaml    what bounds KERNEL on HW, by\n"
    "                                  counterfactual runs\n"
    "  portability KERNEL.yaml         the workgroup size that is safe on\n"
    "                                  every profile, by simulating each\n"
    "  run EXPERIMENT.yaml             run every point of an experiment\n"
    "                                  on N workers: CSV, JSON Lines,\n"
    "                                  manifest and plots\n"
    "  sweep HW.yaml KERNEL.yaml ...   a quick sweep of the keys it is\n"
    "                                  told to vary, without an\n"
    "                                  experiment file\n"
    "  collect DIR...                  assemble the outputs of an\n"
    "                                  experiment run as shards\n"
    "  check FILE.yaml...              validate hardware profiles, kernels\n"
    "                                  and experiments (each kernel also\n"
    "                                  against each profile given)\n"
    "  import FILE                     a compiler's listing of a real\n"
    "                                  kernel (AMD GCN/RDNA assembly,\n"
    "                                  NVIDIA SASS) as a cusim kernel\n"
    "  keys [hw|kernel]                every configuration key: type,\n"
    "                                  default, range and meaning\n"
    "  fields [sim|occupancy]          every output field: type, unit\n"
    "                                  and meaning\n"
    "  help [COMMAND]                  this text, or a command's options\n"
    "\n"
    "Options:\n"
    "  --help, -h     help (also after a command: cusim check --help)\n"
    "  --version      print the version\n"
    "\n"
    "Exit status: 0 success, 1 simulation or internal failure, 2 bad input\n"
    "(reported as one line FILE:LINE:COLUMN: message).\n";

static int usage(FILE *out, int status)
{
    fputs(usage_text, out);
    return status;
}

/* CUSIM_COUNT_ALLOC's report, at exit: "cusim: N allocations" on stderr.
 * A worker process ends with _exit and reports nothing. */
static void report_allocations(void)
{
    cli_say("cusim: %ld allocations\n", xalloc_count());
}

/* The exit status `status` once standard output is flushed: 1, with
 * "cusim: cannot write standard output: reason", when writing it failed
 * (a full disk), so no output is lost
 * silently. */
static int stdout_status(int status)
{
    int failed = ferror(stdout);
    errno = 0;
    if (fflush(stdout) != 0 || failed) {
        cli_say("cusim: cannot write standard output: %s\n",
                errno ? strerror(errno) : "a write failed");
        return status ? status : 1;
    }
    return status;
}

/* Runs the command line's command; returns its exit status. */
static int run_command(int argc, char **argv)
{
    /* Fault injection for tests (xalloc.h): CUSIM_FAIL_ALLOC=N lets N
     * allocations succeed and fails the next; CUSIM_COUNT_ALLOC (any
     * value) reports how many a command made, so a test knows every N to
     * try (tests/cli/run-faults). */
    const char *fail = getenv("CUSIM_FAIL_ALLOC");
    if (fail && *fail)
        xalloc_fail_after(strtol(fail, NULL, 10));
    if (getenv("CUSIM_COUNT_ALLOC"))
        atexit(report_allocations);
    if (argc < 2)
        return usage(stderr, 2);
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0)
        return usage(stdout, 0);
    if (strcmp(cmd, "--version") == 0) {
        printf("cusim %s\n", CUSIM_VERSION);
        return 0;
    }
    if (strcmp(cmd, "help") == 0) {
        if (argc < 3 || argv[2][0] == '-')
            return usage(stdout, 0);
        const cli_command *c = cli_find(argv[2]);
        if (!c) {
            cli_say("cusim: unknown command '%s'\n", argv[2]);
            return 2;
        }
        fputs(c->help, stdout);
        return 0;
    }
    const cli_command *c = cli_find(cmd);
    if (!c) {
        cli_say("cusim: unknown command '%s' (see cusim --help)\n",
                cmd);
        return 2;
    }
    return c->run(argc - 2, argv + 2);
}

int main(int argc, char **argv)
{
    return stdout_status(run_command(argc, argv));
}
