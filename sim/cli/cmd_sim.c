/*
 * cmd_sim.c — `cusim sim HW KERNEL`: a timing simulation and its report,
 * and what --trace and --timeline record of it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "fileio.h"
#include "findings.h"
#include "xalloc.h"

/* cusim_sim_options.progress: the share of workgroups retired and the
 * time left (cli_progress). */
static void show_progress(void *ctx, uint64_t done, uint64_t total)
{
    cli_progress_show(ctx, done, total);
}

/* Whether a --trace or --timeline FILE is "-", standard output. */
static bool is_stdout(const char *name)
{
    return name && strcmp(name, "-") == 0;
}

/* Whether `name` ends in ".json" (the Chrome trace-event format). */
static int is_json_name(const char *name)
{
    size_t n = strlen(name);
    return n >= 5 && strcmp(name + n - 5, ".json") == 0;
}

/* The trace and timeline options that need another: 0, or one error line
 * and CLI_BAD_INPUT. `hw` is loaded, for the CUs of --trace-cus. */
static int check_recording(const cli_args *args, const cusim_hw *hw)
{
    if (is_stdout(args->trace) && is_stdout(args->timeline)) {
        fputs("cusim sim: --trace - and --timeline - would both write to "
              "standard output: give one of them a FILE\n", stderr);
        return CLI_BAD_INPUT;
    }
    if (is_stdout(args->watchdog_dump)
        && (is_stdout(args->trace) || is_stdout(args->timeline))) {
        cli_say("cusim sim: --watchdog-dump - and %s - would both write to "
                "standard output: give one of them a FILE\n",
                is_stdout(args->trace) ? "--trace" : "--timeline");
        return CLI_BAD_INPUT;
    }
    int json = args->trace && is_json_name(args->trace);
    const char *needs_json = args->trace_window ? "--trace-window"
                             : args->n_trace_cus ? "--trace-cus"
                             : args->trace_max_bytes ? "--trace-max-bytes"
                             : NULL;
    if (needs_json && !json) {
        cli_say("cusim sim: %s needs --trace FILE.json\n", needs_json);
        return CLI_BAD_INPUT;
    }
    if (args->timeline_every && !json && !args->timeline) {
        cli_say("cusim sim: --timeline-every needs --timeline FILE "
                "or --trace FILE.json\n");
        return CLI_BAD_INPUT;
    }
    for (uint32_t r = 0; r < args->n_trace_cus; r++)
        if (args->trace_cus[r][1] != UINT32_MAX
            && args->trace_cus[r][1] >= hw->compute_units) {
            cli_say("cusim sim: --trace-cus expects CUs from 0 to %u "
                    "(%s has %u), got %u\n", hw->compute_units - 1, hw->name,
                    hw->compute_units, args->trace_cus[r][1]);
            return CLI_BAD_INPUT;
        }
    return CLI_OK;
}

/* The files the options name (--trace, --timeline, --watchdog-dump: the
 * REC_* slots), opened for writing into `opt` (each under a temporary
 * name until close_recording: fileio.h; "-" is standard output, flushed
 * by main); on failure says why and closes what it opened. */
enum { REC_TRACE, REC_TIMELINE, REC_DUMP, REC_FILES };

static int open_recording(const cli_args *args, cusim_sim_options *opt,
                          fio_out files[REC_FILES])
{
    FILE **slots[REC_FILES] = { NULL, &opt->timeline, &opt->watchdog_dump };
    const char *names[REC_FILES] = { args->trace, args->timeline,
                                     args->watchdog_dump };
    if (args->trace)
        slots[0] = is_json_name(args->trace) ? &opt->trace_json : &opt->trace;
    for (int i = 0; i < REC_FILES; i++) {
        if (!names[i])
            continue;
        if (is_stdout(names[i])) {     /* the report goes to stderr */
            *slots[i] = stdout;
            continue;
        }
        cusim_error err;
        if (fio_open(&files[i], xstrdup(names[i]), &err) != 0) {
            cusim_error_print(&err, stderr);
            for (int j = 0; j <= i; j++)
                fio_close(&files[j], false, NULL);
            return CLI_FAILURE;
        }
        *slots[i] = files[i].f;
    }
    return CLI_OK;
}

/* Closes the recording files, putting the trace and timeline in place
 * when `commit`, and the watchdog's dump when `stalled` (it holds nothing
 * otherwise), else removing them; -1 (with a message) when writing one
 * failed. */
static int close_recording(fio_out files[REC_FILES], bool commit,
                           bool stalled)
{
    int rc = 0;
    for (int i = 0; i < REC_FILES; i++) {
        cusim_error err;
        if (fio_close(&files[i], i == REC_DUMP ? stalled : commit,
                      &err) != 0) {
            cusim_error_print(&err, stderr);
            rc = -1;
        }
    }
    return rc;
}

int cli_sim(int argc, char **argv)
{
    const cli_command *cmd = cli_find("sim");
    cli_args args;
    int status;
    const unsigned opts = CLI_OPT_SET | CLI_OPT_FORMAT | CLI_OPT_TRACE
                          | CLI_OPT_BUDGET | CLI_OPT_PROGRESS;
    if (!cli_begin(cmd, argc, argv, opts, &args, &status))
        return status;
    cusim_hw hw;
    cusim_kernel k;
    if ((status = cli_load_pair(cmd, &args, &hw, &k)) != CLI_OK)
        return status;
    if ((status = check_recording(&args, &hw)) != CLI_OK) {
        cusim_kernel_free(&k);
        return status;
    }
    /* the recordings replace neither input */
    fio_inputs in = { 0 };
    fio_inputs_add(&in, args.files[0], "the hardware profile");
    fio_inputs_add(&in, args.files[1], "the kernel");
    if (args.trace && !is_stdout(args.trace))
        status = cli_check_output(cmd, "--trace", args.trace, &in);
    if (status == CLI_OK && args.timeline && !is_stdout(args.timeline))
        status = cli_check_output(cmd, "--timeline", args.timeline, &in);
    if (status == CLI_OK && args.watchdog_dump
        && !is_stdout(args.watchdog_dump))
        status = cli_check_output(cmd, "--watchdog-dump", args.watchdog_dump,
                                  &in);
    fio_inputs_free(&in);
    if (status != CLI_OK) {
        cusim_kernel_free(&k);
        return status;
    }
    cusim_error err;

    cusim_sim_options opt = {
        .watchdog_cycles = args.watchdog,
        .max_instructions = args.max_instructions,
        .trace_from = args.trace_from,
        .trace_to = args.trace_to,
        .n_trace_cus = args.n_trace_cus,
        .trace_max_bytes = args.trace_max_bytes,
        .timeline_every = args.timeline_every,
    };
    memcpy(opt.trace_cus, args.trace_cus, sizeof opt.trace_cus);
    fio_out files[REC_FILES] = { { 0 }, { 0 }, { 0 } };
    if ((status = open_recording(&args, &opt, files)) != CLI_OK) {
        cusim_kernel_free(&k);
        return status;
    }
    cli_progress bar;
    cli_progress_start(&bar, "cusim sim", "workgroups", args.progress);
    if (bar.live || bar.lines) {
        opt.progress = show_progress;
        opt.progress_ctx = &bar;
    }
    cusim_result res;
    uint64_t elements = k.elements;
    uint32_t epi = k.elements_per_invocation ? k.elements_per_invocation : 1;
    int rc = cusim_simulate(&hw, &k, &opt, &res, stderr, &err);
    cli_progress_end(&bar);
    /* the findings read the kernel's keys: drawn before it is freed */
    finding found[FINDING_COUNT];
    int n_found = rc == 0 ? findings_of(&res, &hw, &k, found) : 0;
    cusim_kernel_free(&k);
    /* bad input found before the run leaves no new file behind */
    int closed = close_recording(files, rc >= 0, rc > 0);
    if (rc < 0)
        return cli_bad_input(&err);
    if (closed != 0)
        return CLI_FAILURE;
    if (rc > 0) {
        cusim_error_print(&err, stderr);
        return CLI_FAILURE;
    }

    /* elements_per_invocation's rounding, said once the run has gone well
     * (a bad input's one line stays one line) */
    if (elements % epi != 0)
        cli_say("cusim sim: warning: kernel.elements (%llu) is not a "
                "multiple of kernel.elements_per_invocation (%u): each "
                "invocation does %u, so the run does %llu elements of work, "
                "as a kernel without a bounds check would\n",
                (unsigned long long)elements, epi, epi,
                (unsigned long long)((elements + epi - 1) / epi * epi));
    cli_warn_auto_registers("cusim sim", &hw, &res.occupancy);
    if (res.dead_if_line)
        cli_say("%s:%d:%d: warning: if: the condition is false for every "
                "lane at this launch shape (its first side never runs)\n",
                args.files[1], res.dead_if_line, res.dead_if_column);
    if (res.wrap_line)
        cli_say("%s:%d:%d: warning: at=shared[...]: workgroup 0 indexes "
                "element %lld, outside the %llu that shared_bytes holds at "
                "this launch shape (the index wraps: is shared_bytes too "
                "small?)\n", args.files[1], res.wrap_line, res.wrap_column,
                (long long)res.wrap_index,
                (unsigned long long)res.wrap_elements);
    if (res.timeline_cut_at)
        fprintf(stderr, "cusim sim: --timeline: %llu rows written, the "
                "windows from cycle %llu on left out (at most %llu rows; a "
                "larger --timeline-every gives fewer)\n",
                CUSIM_TIMELINE_MAX_ROWS, (unsigned long long)res.timeline_cut_at,
                CUSIM_TIMELINE_MAX_ROWS);
    cusim_report *r = xcalloc(1, sizeof *r);
    cusim_report_string(r, "hw", hw.name);
    cusim_report_string(r, "kernel", k.name);
    cusim_report_result(r, &res);
    /* with a recording on standard output, the report goes to stderr */
    bool report_aside = is_stdout(args.trace) || is_stdout(args.timeline);
    FILE *out = report_aside ? stderr : stdout;
    /* the JSON object ends with the findings, an array */
    if (args.format == CUSIM_FORMAT_JSON) {
        cusim_report_print_json_open(r, out);
        fputs(",\"findings\":", out);
        findings_json(out, found, n_found, NULL, false);
        fputs("}\n", out);
    } else {
        cusim_report_print(r, args.format, out);
    }
    free(r);
    /* the text report ends with the findings, a line each */
    for (int i = 0; args.format == CUSIM_FORMAT_TEXT && i < n_found; i++) {
        char key[64];
        snprintf(key, sizeof key, "finding.%s", finding_name(found[i].id));
        if (found[i].line)
            fprintf(out, "%-33s line %d: %s\n", key, found[i].line,
                    found[i].what);
        else
            fprintf(out, "%-33s %s\n", key, found[i].what);
    }
    return CLI_OK;
}
