/*
 * cmd_sweep.c — `cusim sweep HW KERNEL --vary PATH=LIST ...`: a quick
 * sweep without an experiment file. The options are written as the
 * experiment file they stand for (a hardware, a kernel, `set:` from --set,
 * one `sweep:` key per --vary, a plot from --plot), which is loaded and run
 * exactly as `cusim run` runs a file, and the results are printed as a
 * table. --save (or --out, which keeps DIR/sweep.yaml) writes that file,
 * so `cusim run` reproduces the sweep.
 *
 * The text is emitted, never pasted: a key is written plain only when it
 * is a dotted key path (else quoted), and each value (a --set value, each
 * value of a --vary list) is parsed as the config loader parses a --set
 * value (ydoc_load_string: what `cusim sim --set` refuses, the sweep
 * refuses, with the same reason) and written back by the one YAML
 * emitter (yamlout_node) as one line of flow text that reads back to the
 * same value. So no option, whatever it holds (a newline, `: `, `#`),
 * becomes more YAML than its one key and value.
 *
 * Errors in the options come back from the experiment loader located in
 * the text written for them; each line of that text remembers the option
 * it came from, so the message names the option instead (one printable
 * line: cli_say).
 */
#define _XOPEN_SOURCE 700   /* nftw */
#include <ftw.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "csv.h"
#include "error.h"
#include "experiment.h"
#include "fileio.h"
#include "num.h"
#include "strbuf.h"
#include "suggest.h"
#include "xalloc.h"
#include "yamldoc.h"
#include "yamlout.h"

/* The result columns a text table shows when --fields is not given. */
static const char default_fields[] =
    "cycles,occupancy.theoretical,occupancy.achieved,issue.ipc,bound";

/* What the experiment the options stand for is called in messages that
 * are not an option's (the file it is written as, when there is none). */
static const char sweep_label[] = "cusim-sweep";

/* The most values one --vary may list. */
enum { VARY_MAX_VALUES = 4096 };

/* ------------------------------------------------------ the experiment */

/* The experiment text being written, and for each of its lines the
 * option it comes from, as a message names it (NULL: none, such as a
 * comment). */
typedef struct gen {
    sbuf text;
    char **origin;     /* owned */
    int n_lines, cap;
} gen;

/* Appends a line (`fmt`, printf-style) that option `origin` (copied; NULL:
 * none) wrote. */
static void gen_line(gen *g, const char *origin, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void gen_line(gen *g, const char *origin, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(&g->text, fmt, ap);
    va_end(ap);
    sb_putc(&g->text, '\n');
    if (g->n_lines == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 64;
        g->origin = xrealloc_array(g->origin, (size_t)g->cap,
                                   sizeof *g->origin);
    }
    g->origin[g->n_lines++] = origin ? xstrdup(origin) : NULL;
}

static void gen_free(gen *g)
{
    free(g->text.s);
    for (int i = 0; i < g->n_lines; i++)
        free(g->origin[i]);
    free(g->origin);
    memset(g, 0, sizeof *g);
}

/* `s` as a YAML double-quoted scalar (the caller frees it). */
static char *quoted(const char *s)
{
    sbuf b = { 0 };
    yamlout_quoted(&b, s, strlen(s), YAMLOUT_UNICODE_BREAKS);
    return sb_take(&b);
}

/* Prints "cusim sweep: OPTION: MESSAGE" on one line, OPTION as
 * printable text. Returns -1. */
static int option_failed(const char *option, const char *message)
{
    cli_say("cusim sweep: %s: %s\n", option, message);
    return -1;
}

/* Key `path` of a --set or --vary (the caller frees it): plain when it is
 * a dotted key path (letters, digits, '_', '.', '[', ']', starting with a
 * letter), else a double-quoted scalar, so that the loader reads exactly
 * `path` (and says the key is unknown) whatever it holds. */
static char *key_text(const char *path)
{
    bool plain = (*path >= 'a' && *path <= 'z') || (*path >= 'A'
                                                     && *path <= 'Z');
    for (const char *c = path; *c && plain; c++)
        plain = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z')
                || (*c >= '0' && *c <= '9') || strchr("_.[]", *c);
    return plain ? xstrdup(path) : quoted(path);
}

/* Appends `value`, the YAML text of option `option` for key `path`, to
 * `b` as one line of flow text that reads back to the same value: parsed
 * as the config loader parses a --set value (ydoc_load_string), written
 * back by yamlout_node (`top`: a whole value; else an item of a flow
 * list). Returns 0, or -1 after printing why not, naming the option. */
static int value_text(sbuf *b, const char *option, const char *path,
                      const char *value, bool top)
{
    cusim_mark at = { "--set", 1, 1 };
    cusim_error err;
    sbuf label = { 0 };
    sb_puts(&label, path);
    ydoc d;
    int rc = ydoc_load_string(&d, value, &at, label.s, &err);
    if (rc != 0) {
        option_failed(option, err.message);
    } else if (yamlout_node(b, &d, ydoc_root(&d), top) != 0) {
        char *why = xasprintf("%s: a value nested more than %d levels or "
                              "longer than %d bytes", label.s,
                              YAMLOUT_MAX_DEPTH, YAMLOUT_MAX_BYTES);
        rc = option_failed(option, why);
        free(why);
    }
    ydoc_free(&d);
    free(label.s);
    return rc;
}

/* Splits an absolute path into its components, "." and ".." resolved
 * lexically. Returns the count; `parts` point into `buf`. */
static int components(char *buf, char **parts, int max)
{
    int n = 0;
    for (char *tok = strtok(buf, "/"); tok; tok = strtok(NULL, "/")) {
        if (strcmp(tok, ".") == 0)
            continue;
        if (strcmp(tok, "..") == 0) {
            n -= n > 0;
            continue;
        }
        if (n < max)
            parts[n++] = tok;
    }
    return n;
}

/* `file` as a path relative to directory `dir` (both absolute, or
 * relative to the working directory); the caller frees it. */
static char *relative_to(const char *dir, const char *file)
{
    enum { MAX = 256 };
    char *d = fio_absolute(dir), *f = fio_absolute(file);
    char *dp[MAX], *fp[MAX];
    int nd = components(d, dp, MAX), nf = components(f, fp, MAX), common = 0;
    while (common < nd && common < nf - 1
           && strcmp(dp[common], fp[common]) == 0)
        common++;
    sbuf b = { 0 };
    for (int i = common; i < nd; i++)
        sb_puts(&b, "../");
    for (int i = common; i < nf; i++)
        sb_printf(&b, "%s%s", fp[i], i + 1 < nf ? "/" : "");
    free(d);
    free(f);
    return sb_take(&b);
}

/* Splits `list` at its top-level commas (not inside [], {} or quotes)
 * into `values` (copies). Returns the count, or -1 when a bracket or a
 * quote is not closed or a value is empty. */
static int split_values(const char *list, char **values, int max)
{
    int n = 0, depth = 0;
    char quote = 0;
    const char *start = list;
    for (const char *c = list;; c++) {
        if (quote) {
            if (!*c)
                break;
            if (*c == quote)
                quote = 0;
            continue;
        }
        if (*c == '"' || *c == '\'')
            quote = *c;
        else if (*c == '[' || *c == '{')
            depth++;
        else if ((*c == ']' || *c == '}') && --depth < 0)
            break;
        else if ((*c == ',' && depth == 0) || !*c) {
            size_t len = (size_t)(c - start);
            while (len && (*start == ' ' || *start == '\t')) {
                start++;
                len--;
            }
            while (len && (start[len - 1] == ' ' || start[len - 1] == '\t'))
                len--;
            if (len == 0 || n == max)
                break;
            values[n++] = xstrndup(start, len);
            if (!*c && depth == 0)
                return n;
            if (!*c)
                break;               /* a bracket left open */
            start = c + 1;
        }
    }
    for (int i = 0; i < n; i++)
        free(values[i]);
    return -1;
}

/* Whether `list` is a range FROM..TO[:STEP] of integers (the one number
 * parser's: no blank, no '+', no overflow); then its YAML in *yaml and 1.
 * 0: not written as a range (no ".."), a list of values; -1 after
 * printing why a text with ".." is not a range. */
static int range_yaml(const char *vary, const char *list, char **yaml)
{
    const char *dots = strstr(list, "..");
    if (!dots || strpbrk(list, ",[]{}\"'"))
        return 0;
    const char *colon = strchr(dots + 2, ':');
    const char *to_end = colon ? colon : dots + 2 + strlen(dots + 2);
    int64_t from, to, step = 1;
    int rc[3] = {
        num_parse_i64(list, (size_t)(dots - list), 0, &from),
        num_parse_i64(dots + 2, (size_t)(to_end - dots - 2), 0, &to),
        colon ? num_parse_i64(colon + 1, strlen(colon + 1), 0, &step) : NUM_OK
    };
    for (int i = 0; i < 3; i++)
        if (rc[i] != NUM_OK) {
            cli_say("cusim sweep: --vary %s: the range's %s %s "
                    "(FROM..TO[:STEP]: integers, digits with an optional "
                    "'-' and no blank or '+')\n", vary,
                    i == 0 ? "FROM" : i == 1 ? "TO" : "STEP",
                    rc[i] == NUM_RANGE ? "does not fit in 64 bits"
                               : "is not an integer");
            return -1;
        }
    *yaml = xasprintf("{ from: %" PRId64 ", to: %" PRId64 ", step: %" PRId64
                      " }", from, to, step);
    return 1;
}

/* Writes the experiment the options describe into `g`, the files it names
 * relative to directory `dir` ("" or NULL: as given). Returns 0, or -1
 * after printing why an option is malformed. */
static int gen_experiment(gen *g, const cli_args *args, const char *dir)
{
    char *hw = dir ? relative_to(dir, args->files[0])
                   : xstrdup(args->files[0]);
    char *k = dir ? relative_to(dir, args->files[1])
                  : xstrdup(args->files[1]);
    char *qhw = quoted(hw), *qk = quoted(k), *origin;
    gen_line(g, NULL, "# The experiment of a cusim sweep (cusim %s):",
             CUSIM_VERSION);
    gen_line(g, NULL, "# `cusim run` on this file runs the same sweep.");
    gen_line(g, NULL, "name: sweep");
    origin = xasprintf("HW.yaml %s", args->files[0]);
    gen_line(g, origin, "hardware: %s", qhw);
    free(origin);
    origin = xasprintf("KERNEL.yaml %s", args->files[1]);
    gen_line(g, origin, "kernel: %s", qk);
    free(origin);
    free(hw);
    free(k);
    free(qhw);
    free(qk);
    int rc = 0;
    if (args->n_sets)
        gen_line(g, NULL, "set:");
    for (int i = 0; i < args->n_sets && rc == 0; i++) {
        const cusim_set *set = &args->sets[i];
        origin = xasprintf("--set %s=%s", set->path, set->value);
        char *key = key_text(set->path);
        sbuf b = { 0 };
        rc = value_text(&b, origin, set->path, set->value, true);
        if (rc == 0)
            gen_line(g, origin, "  %s: %s", key, b.s);
        free(b.s);
        free(key);
        free(origin);
    }
    if (rc == 0)
        gen_line(g, NULL, "sweep:");
    for (int i = 0; i < args->n_varies && rc == 0; i++) {
        const char *v = args->varies[i], *eq = strchr(v, '=');
        char *path = xstrndup(v, (size_t)(eq - v));
        char *key = key_text(path);
        char *range = NULL;
        int is_range = range_yaml(v, eq + 1, &range);
        origin = xasprintf("--vary %s", v);
        if (is_range < 0) {
            rc = -1;
        } else if (range) {
            gen_line(g, origin, "  %s: %s", key, range);
        } else {
            char **values = xcalloc(VARY_MAX_VALUES, sizeof *values);
            int n = split_values(eq + 1, values, VARY_MAX_VALUES);
            if (n < 0) {
                cli_say("cusim sweep: --vary %s: expected values "
                        "separated by commas (at most %d, none empty, "
                        "brackets and quotes closed) or FROM..TO[:STEP]\n", v,
                        VARY_MAX_VALUES);
                rc = -1;
            } else {
                sbuf b = { 0 };
                sb_putc(&b, '[');
                for (int j = 0; j < n && rc == 0; j++) {
                    if (j)
                        sb_puts(&b, ", ");
                    rc = value_text(&b, origin, path, values[j], false);
                }
                sb_putc(&b, ']');
                if (rc == 0)
                    gen_line(g, origin, "  %s: %s", key, b.s);
                free(b.s);
            }
            for (int j = 0; j < n; j++)
                free(values[j]);
            free(values);
        }
        free(origin);
        free(range);
        free(key);
        free(path);
    }
    gen_line(g, NULL, "output: sweep");
    if (rc == 0 && args->plot) {
        char *spec = xstrdup(args->plot);
        char *x = spec, *y = strchr(spec, ':') + 1, *series = strchr(y, ':');
        y[-1] = '\0';
        if (series)
            *series++ = '\0';
        char *qx = quoted(x), *qy = quoted(y);
        origin = xasprintf("--plot %s", args->plot);
        gen_line(g, NULL, "plots:");
        gen_line(g, origin, "  - file: sweep");
        gen_line(g, origin, "    x: %s", qx);
        gen_line(g, origin, "    y: %s", qy);
        if (series && *series) {
            char *qs = quoted(series);
            gen_line(g, origin, "    series: %s", qs);
            free(qs);
        }
        free(origin);
        free(qx);
        free(qy);
        free(spec);
    }
    return rc;
}

/* Prints a load error: at the option its line came from when it is in
 * the generated text `label`, else as it is. Returns CLI_BAD_INPUT. */
static int option_error(const gen *g, const char *label,
                        const cusim_error *err)
{
    if (strcmp(err->file, label) != 0 || err->line < 1
        || err->line > g->n_lines || !g->origin[err->line - 1])
        return cli_bad_input(err);
    option_failed(g->origin[err->line - 1], err->message);
    return CLI_BAD_INPUT;
}

/* ------------------------------------------------------------ the table */

/* Splits --fields (or the default) into result columns, each checked
 * against the experiment's. Returns the count, or -1 after printing the
 * first unknown one. */
static int pick_fields(const experiment *e, const cli_args *args,
                       char **fields, int max)
{
    char *list = xstrdup(args->fields ? args->fields : default_fields);
    int n = 0, rc = 0;
    for (char *tok = strtok(list, ","); tok && rc == 0;
         tok = strtok(NULL, ",")) {
        bool known = strcmp(tok, "status") == 0 || strcmp(tok, "error") == 0;
        for (size_t i = 0; i < exp_n_metrics(e) && !known; i++)
            known = strcmp(exp_metric(e, i), tok) == 0;
        if (!known) {
            size_t nc = exp_n_metrics(e) + 2;
            const char **cands = xcalloc(nc, sizeof *cands);
            for (size_t i = 0; i + 2 < nc; i++)
                cands[i] = exp_metric(e, i);
            cands[nc - 2] = "status";
            cands[nc - 1] = "error";
            const char *near = suggest_nearest(tok, cands, nc);
            if (near)
                cli_say("cusim sweep: --fields: '%s' is not a result column "
                        "(did you mean '%s'?)\n", tok, near);
            else
                cli_say("cusim sweep: --fields: '%s' is not a result "
                        "column (cusim fields sim lists them)\n", tok);
            free(cands);
            rc = -1;
        } else if (n < max) {
            fields[n++] = xstrdup(tok);
        }
    }
    free(list);
    if (rc != 0)
        for (int i = 0; i < n; i++)
            free(fields[i]);
    return rc ? -1 : n;
}

/* Prints the results CSV `csv` as a table: the parameter columns, then
 * `fields`, then status when some point is not ok. */
/* An infeasible point's reason from its key on: without the option it
 * came from ("--vary PATH=LIST: ") or the place in the saved experiment
 * ("FILE:LINE:COLUMN: "), which the row's parameters already say. */
static const char *reason_from_key(const char *t)
{
    const char *colon = strstr(t, ": ");
    if (!colon)
        return t;
    if (strncmp(t, "--", 2) == 0)
        return colon + 2;
    /* FILE:LINE:COLUMN: the two numbers before the ": " */
    const char *p = colon;
    for (int k = 0; k < 2; k++) {
        const char *d = p;
        while (d > t && d[-1] >= '0' && d[-1] <= '9')
            d--;
        if (d == p || d == t || d[-1] != ':')
            return t;
        p = d - 1;
    }
    return colon + 2;
}

static void print_table(const experiment *e, const csv_table *csv,
                        char **fields, int n_fields, cusim_format fmt)
{
    enum { MAX_COLS = 512 };
    int cols[MAX_COLS], n = 0;
    for (size_t c = 0; c < exp_n_columns(e) && n < MAX_COLS; c++)
        cols[n++] = (int)c;
    for (int i = 0; i < n_fields && n < MAX_COLS; i++)
        cols[n++] = csv_column(csv, fields[i]);
    int status = csv_column(csv, "status");
    bool all_ok = true;
    for (int r = 1; r < csv->n_rows; r++)
        all_ok = all_ok && strcmp(csv_at(csv, r, status)->text, "ok") == 0;
    if (!all_ok && n < MAX_COLS)
        cols[n++] = status;
    if (fmt == CUSIM_FORMAT_CSV) {
        sbuf b = { 0 };
        for (int r = 0; r < csv->n_rows; r++) {
            for (int i = 0; i < n; i++) {
                if (i)
                    sb_putc(&b, ',');
                csv_field(&b, csv_at(csv, r, cols[i])->text);
            }
            sb_putc(&b, '\n');
        }
        fwrite(b.s, 1, b.n, stdout);
        free(b.s);
        return;
    }
    size_t width[MAX_COLS] = { 0 };
    for (int r = 0; r < csv->n_rows; r++)
        for (int i = 0; i < n; i++) {
            const char *t = csv_at(csv, r, cols[i])->text;
            size_t len = *t ? strlen(t) : 1;
            width[i] = len > width[i] ? len : width[i];
        }
    /* a point that is not ok says why, after its status: the reason from
     * its key on (the option it came from is the row's own parameters),
     * cut to a line */
    int why = all_ok ? -1 : csv_column(csv, "error");
    bool asked = false;
    for (int i = 0; i < n_fields; i++)
        asked = asked || strcmp(fields[i], "error") == 0;
    if (asked)
        why = -1;   /* --fields error shows it whole */
    for (int r = 0; r < csv->n_rows; r++) {
        bool says = why >= 0 && (r == 0 || strcmp(csv_at(csv, r, status)->text,
                                                  "ok") != 0);
        for (int i = 0; i < n; i++) {
            const char *t = csv_at(csv, r, cols[i])->text;
            printf("%s%-*s", i ? "  " : "",
                   i + 1 < n || says ? (int)width[i] : 0, *t ? t : "-");
        }
        if (says) {
            const char *t = r == 0 ? "why" : csv_at(csv, r, why)->text;
            if (r > 0)
                t = reason_from_key(t);
            printf("  %.*s%s", 96, t, strlen(t) > 96 ? "..." : "");
        }
        putchar('\n');
    }
}

/* Copies the file at `path` to standard output. */
static int print_file(const char *path)
{
    char *text;
    size_t n;
    cusim_error err;
    if (fio_read_file(path, CSV_MAX_BYTES, "the sweep's results", &text, &n,
                      &err) != 0) {
        cusim_error_print(&err, stderr);
        return CLI_FAILURE;
    }
    fwrite(text, 1, n, stdout);
    free(text);
    return CLI_OK;
}

/* Prints DIR/sweep.jsonl as one JSON array. */
static int print_json(const char *dir)
{
    char *path = xasprintf("%s/sweep.jsonl", dir), *text;
    size_t n;
    cusim_error err;
    int rc = fio_read_file(path, CSV_MAX_BYTES, "the sweep's results", &text,
                           &n, &err);
    free(path);
    if (rc != 0) {
        cusim_error_print(&err, stderr);
        return CLI_FAILURE;
    }
    fputs("[", stdout);
    for (char *line = text, *end; *line; line = end + 1) {
        end = strchr(line, '\n');
        if (!end)
            break;
        printf("%s\n  %.*s", line == text ? "" : ",", (int)(end - line),
               line);
    }
    fputs("\n]\n", stdout);
    free(text);
    return CLI_OK;
}

/* ------------------------------------------------------------ the command */

static int remove_entry(const char *path, const struct stat *st, int flag,
                        struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

/* Loads the experiment the options describe, as if written at `label`
 * (its files relative to `label`'s directory, or as given when `dir` is
 * NULL). Returns CLI_OK, or the exit status after printing why not. */
static int load(const cli_args *args, const char *label, const char *dir,
                gen *g, experiment **e)
{
    if (gen_experiment(g, args, dir) != 0)
        return CLI_BAD_INPUT;
    cusim_error err;
    exp_options eo = { .max_instructions = args->max_instructions,
                       .line_names = (const char *const *)g->origin,
                       .n_line_names = (size_t)g->n_lines };
    if (exp_load_opts(label, g->text.s, NULL, 0, &eo, e, &err) != 0)
        return option_error(g, label, &err);
    return CLI_OK;
}

int cli_sweep_experiment(const cli_args *args, experiment **e, char **text)
{
    gen g = { 0 };
    *e = NULL;
    int status = load(args, sweep_label, NULL, &g, e);
    *text = status == CLI_OK ? sb_take(&g.text) : NULL;
    gen_free(&g);
    return status;
}

int cli_sweep(int argc, char **argv)
{
    const cli_command *cmd = cli_find("sweep");
    cli_args args;
    int status;
    const unsigned opts = CLI_OPT_SET | CLI_OPT_FORMAT | CLI_OPT_RUN
                          | CLI_OPT_SWEEP | CLI_OPT_BUDGET;
    if (!cli_begin(cmd, argc, argv, opts, &args, &status))
        return status;
    if (args.n_files != 2) {
        cli_say("cusim sweep: expected HW.yaml KERNEL.yaml, got %d "
                "file%s (see cusim sweep --help)\n", args.n_files,
                args.n_files == 1 ? "" : "s");
        return CLI_BAD_INPUT;
    }
    if (cli_pair_swapped(cmd, &args))
        return CLI_BAD_INPUT;
    if (args.n_varies == 0) {
        fputs("cusim sweep: expected at least one --vary PATH=V1,V2,... "
              "(see cusim sweep --help)\n", stderr);
        return CLI_BAD_INPUT;
    }
    /* the files the generated experiment names, and where it is written:
     * YAML holds only UTF-8, so a path that is not cannot be recorded */
    const char *const named[][2] = {
        { "HW.yaml", args.files[0] }, { "KERNEL.yaml", args.files[1] },
        { "--save", args.save }, { "--out", args.out } };
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (named[i][1] && !err_is_utf8(named[i][1])) {
            cli_say("cusim sweep: %s %s: not UTF-8 text, which the "
                    "experiment the options are written as must record "
                    "(YAML holds only UTF-8): rename it", named[i][0],
                    named[i][1]);
            return CLI_BAD_INPUT;
        }
    cusim_error cerr;
    int where = cli_origin_check("", &cerr);   /* run.yaml records it */
    if (where != CLI_OK) {
        cusim_error_print(&cerr, stderr);
        return where;
    }
    if (args.resume && !args.out) {
        fputs("cusim sweep: --resume needs --out DIR (the results to "
              "resume)\n", stderr);
        return CLI_BAD_INPUT;
    }

    /* the options first, as one experiment with its files as given: every
     * mistake is found before anything is written */
    const char *label = sweep_label;
    gen g = { 0 };
    experiment *e = NULL;
    char *text = NULL;
    status = cli_sweep_experiment(&args, &e, &text);
    free(text);
    enum { MAX_FIELDS = 256 };
    char *fields[MAX_FIELDS];
    int n_fields = status == CLI_OK
                   ? pick_fields(e, &args, fields, MAX_FIELDS) : 0;
    if (n_fields < 0)
        status = CLI_BAD_INPUT;
    if (status != CLI_OK) {
        exp_free(e);
        gen_free(&g);
        return status;
    }

    /* where it runs: --out (default results/sweep with --plot, else a
     * temporary directory), and the file it is written as: --save, else
     * DIR/sweep.yaml in a directory that stays */
    char tmpl[] = "/tmp/cusim-sweep.XXXXXX";
    const char *tmpdir = getenv("TMPDIR");
    char *scratch = NULL;
    char *dir = args.out ? xstrdup(args.out)
                : args.plot ? xstrdup("results/sweep") : NULL;
    if (!dir) {
        scratch = tmpdir && *tmpdir
                  ? xasprintf("%s/cusim-sweep.XXXXXX", tmpdir)
                  : xstrdup(tmpl);
        if (!mkdtemp(scratch)) {
            perror("cusim sweep: cannot make a temporary directory");
            free(scratch);
            exp_free(e);
            gen_free(&g);
            return CLI_FAILURE;
        }
        dir = xstrdup(scratch);
    }
    char *file = args.save ? xstrdup(args.save)
                 : scratch ? NULL : xasprintf("%s/sweep.yaml", dir);
    cusim_error err;
    if (file) {
        /* neither the experiment file nor the results replace an input,
         * nor another experiment's results: asked before either is
         * written */
        fio_inputs in = { 0 };
        fio_inputs_add(&in, args.files[0], "the hardware profile");
        fio_inputs_add(&in, args.files[1], "the kernel");
        status = cli_check_output(cmd, args.save ? "--save" : "--out", file,
                                  &in);
        fio_inputs_add(&in, file, "the experiment");
        if (status == CLI_OK && !scratch)
            status = cli_check_results_dir(cmd, e, file, dir,
                                           args.out ? "--out" : NULL, false,
                                           &in);
        fio_inputs_free(&in);
    }
    if (file && status == CLI_OK) {
        const char *slash = strrchr(file, '/');
        char *fdir = slash ? xstrndup(file, (size_t)(slash - file))
                           : xstrdup(".");
        gen_free(&g);
        exp_free(e);
        e = NULL;
        status = gen_experiment(&g, &args, fdir) != 0 ? CLI_BAD_INPUT : CLI_OK;
        if (status == CLI_OK
            && (fio_make_dirs(fdir, &err) != 0
                || fio_write_file(file, g.text.s, g.text.n, &err) != 0)) {
            cusim_error_print(&err, stderr);
            status = CLI_FAILURE;
        }
        exp_options eo = { .max_instructions = args.max_instructions };
        if (status == CLI_OK
            && exp_load_opts(file, NULL, NULL, 0, &eo, &e, &err) != 0)
            status = cli_bad_input(&err);
        free(fdir);
    }
    if (status == CLI_OK) {
        cli_args run_args = args;
        run_args.n_sets = 0;    /* they are in the experiment's set: */
        status = cli_run_experiment(cmd, e, file ? file : label, dir,
                                    args.out ? "--out" : NULL, &run_args,
                                    args.out || args.plot);
    }
    if (status == CLI_OK || status == CLI_FAILURE) {
        char *csv_path = xasprintf("%s/sweep.csv", dir);
        csv_table csv;
        if (access(csv_path, F_OK) != 0) {
            /* the run could not finish: it said why */
        } else if (args.format == CUSIM_FORMAT_JSON) {
            int jrc = print_json(dir);
            status = jrc != CLI_OK ? jrc : status;
        } else if (args.format == CUSIM_FORMAT_CSV && !args.fields) {
            int crc = print_file(csv_path);   /* every column */
            status = crc != CLI_OK ? crc : status;
        } else if (csv_read(csv_path, "the sweep's results", &csv, &err)) {
            cusim_error_print(&err, stderr);
            status = CLI_FAILURE;
        } else {
            print_table(e, &csv, fields, n_fields, args.format);
            csv_free(&csv);
        }
        free(csv_path);
    }
    if (scratch)
        nftw(scratch, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    for (int i = 0; i < n_fields; i++)
        free(fields[i]);
    free(scratch);
    free(file);
    free(dir);
    exp_free(e);
    gen_free(&g);
    return status;
}
