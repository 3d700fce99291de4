/*
 * results.c — the results directory of `cusim run` (see results.h for the
 * layout and the columns).
 *
 * A point's result is one line of JSON in DIR/points/NNNNN.json, written
 * by whichever process ran it (temporary name, then rename). It carries
 * the fingerprint of the point's resolved configuration
 * (exp_point_fingerprint), so --resume never reuses a result of a
 * different configuration, plus the CSV row and the JSON object of its
 * fields, already formatted: assembling the outputs is then copying text
 * in point order, which is what makes them the same bytes whatever the
 * number of workers and however often a run was killed.
 *
 * The manifest is written from the experiment's public accessors
 * (experiment.h), its scalars quoted by yamlout.h; CSV fields by csv.h.
 */
#include "results.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "csv.h"
#include "error.h"
#include "fileio.h"
#include "hmap.h"
#include "json.h"
#include "strbuf.h"
#include "xalloc.h"
#include "yamlout.h"

/* ------------------------------------------------------------ directory */

static char *point_path(const char *dir, size_t p)
{
    return xasprintf("%s/points/%05zu.json", dir, p);
}

/* Point p's timeline (the experiment's `timeline:`). */
static char *timeline_path(const char *dir, size_t p)
{
    return xasprintf("%s/timelines/%05zu.csv", dir, p);
}

static bool is_point_file(const char *name)
{
    size_t digits = strspn(name, "0123456789");
    return digits >= 5 && strcmp(name + digits, ".json") == 0;
}

static bool is_timeline_file(const char *name)
{
    size_t digits = strspn(name, "0123456789");
    return digits >= 5 && strcmp(name + digits, ".csv") == 0;
}

/* What remove_files removes. */
typedef enum pick {
    PICK_TEMP,         /* temporary files */
    PICK_POINTS,       /* temporary files and point results */
    PICK_TIMELINES,    /* temporary files and point timelines */
    PICK_OUTPUTS       /* temporary files of the outputs (ctx: OUTPUT.),
                          the manifest and run.yaml */
} pick;

static bool picked(const char *name, pick what, const char *ctx)
{
    switch (what) {
    case PICK_TEMP:
        return fio_is_temp(name, "");
    case PICK_POINTS:
        return fio_is_temp(name, "") || is_point_file(name);
    case PICK_TIMELINES:
        return fio_is_temp(name, "") || is_timeline_file(name);
    case PICK_OUTPUTS:
        return fio_is_temp(name, ctx) || fio_is_temp(name, "manifest.yaml.")
               || fio_is_temp(name, "run.yaml.");
    }
    return false;
}

/* Removes the files of `dir` that `what` selects. */
static int remove_files(const char *dir, pick what, const char *ctx,
                        cusim_error *err)
{
    DIR *d = opendir(dir);
    if (!d)
        return fio_error(err, dir, "read the directory");
    int rc = 0;
    struct dirent *de;
    while ((de = readdir(d)) && rc == 0)
        if (picked(de->d_name, what, ctx)) {
            char *path = xasprintf("%s/%s", dir, de->d_name);
            if (unlink(path) != 0 && errno != ENOENT)
                rc = fio_error(err, path, "remove");
            free(path);
        }
    closedir(d);
    return rc;
}

/* Locks DIR (its .lock file) against a second run or collect; the lock
 * is `*lock_fd`. Returns 0, or -1 with `err` set. */
static int lock_dir(const char *dir, int *lock_fd, cusim_error *err)
{
    char *lock = xasprintf("%s/.lock", dir);
    int rc = 0;
    int fd = open(lock, O_RDWR | O_CREAT, 0666);
    struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
    if (fd < 0) {
        rc = fio_error(err, lock, "open");
    } else if (fcntl(fd, F_SETLK, &fl) != 0) {
        rc = errno == EACCES || errno == EAGAIN
             ? err_set(err, dir, 1, 1, "another cusim run is writing "
                       "into this directory")
             : fio_error(err, lock, "lock");
        close(fd);
    } else {
        *lock_fd = fd;
    }
    free(lock);
    return rc;
}

/* Makes DIR/points and, with timelines, DIR/timelines. */
static int make_dirs(const experiment *e, const char *dir, cusim_error *err)
{
    char *points = xasprintf("%s/points", dir);
    char *timelines = xasprintf("%s/timelines", dir);
    int rc = fio_make_dirs(points, err);
    if (rc == 0 && exp_timeline(e))
        rc = fio_make_dirs(timelines, err);
    free(points);
    free(timelines);
    return rc;
}

/* Removes the temporary files of the outputs (and figures) an earlier
 * run was writing when it was killed. */
static int remove_output_temps(const experiment *e, const char *dir,
                               cusim_error *err)
{
    char *outputs = xasprintf("%s.", exp_output(e));
    char *figures = xasprintf("%s/figures", dir);
    struct stat st;
    int rc = remove_files(dir, PICK_OUTPUTS, outputs, err);
    if (rc == 0 && stat(figures, &st) == 0 && S_ISDIR(st.st_mode))
        rc = remove_files(figures, PICK_TEMP, NULL, err);
    free(figures);
    free(outputs);
    return rc;
}

int results_prepare(const experiment *e, const char *dir, bool resume,
                    int *lock_fd, cusim_error *err)
{
    *lock_fd = -1;
    char *points = xasprintf("%s/points", dir);
    char *timelines = xasprintf("%s/timelines", dir);
    int rc = make_dirs(e, dir, err);
    if (rc == 0)
        rc = lock_dir(dir, lock_fd, err);
    if (rc == 0)
        rc = remove_files(points, resume ? PICK_TEMP : PICK_POINTS, NULL, err);
    /* timelines of an earlier run go with its points; without timelines
     * now, a timelines/ left over is emptied all the same */
    struct stat st;
    if (rc == 0 && (exp_timeline(e) || stat(timelines, &st) == 0))
        rc = remove_files(timelines, resume ? PICK_TEMP : PICK_TIMELINES,
                          NULL, err);
    if (rc == 0)
        rc = remove_output_temps(e, dir, err);
    if (rc != 0 && *lock_fd >= 0) {
        close(*lock_fd);
        *lock_fd = -1;
    }
    free(points);
    free(timelines);
    return rc;
}

int results_prepare_shared(const experiment *e, const char *dir,
                           cusim_error *err)
{
    return make_dirs(e, dir, err);
}

int results_prepare_collect(const experiment *e, const char *dir,
                            int *lock_fd, cusim_error *err)
{
    *lock_fd = -1;
    int rc = make_dirs(e, dir, err);
    if (rc == 0)
        rc = lock_dir(dir, lock_fd, err);
    if (rc == 0)
        rc = remove_output_temps(e, dir, err);
    if (rc != 0 && *lock_fd >= 0) {
        close(*lock_fd);
        *lock_fd = -1;
    }
    return rc;
}

/* ------------------------------------------------- what a run replaces */

/* What one directory of DIR is written with: the experiment and which. */
typedef struct at_risk {
    const experiment *e;
    pick what;           /* PICK_OUTPUTS: DIR itself; PICK_POINTS and
                            PICK_TIMELINES: those; PICK_TEMP: figures/ */
} at_risk;

/* Whether a run or collect writes or removes file `name` of the
 * directory `ctx` (an at_risk) describes. */
static bool replaced(const char *name, const void *ctx)
{
    const at_risk *r = ctx;
    const char *out = exp_output(r->e);
    size_t n = strlen(out);
    switch (r->what) {
    case PICK_OUTPUTS:
        return strcmp(name, "manifest.yaml") == 0
               || strcmp(name, "run.yaml") == 0 || strcmp(name, ".lock") == 0
               || (strncmp(name, out, n) == 0
                   && (strcmp(name + n, ".csv") == 0
                       || strcmp(name + n, ".jsonl") == 0))
               || fio_is_temp(name, "");
    case PICK_POINTS:
    case PICK_TIMELINES:
        return picked(name, r->what, NULL);
    case PICK_TEMP:
        for (size_t i = 0; i < exp_n_plots(r->e); i++) {
            const char *file = exp_plot(r->e, i)->file;
            size_t len = strlen(file);
            if (strncmp(name, file, len) == 0
                && (strcmp(name + len, ".gp") == 0
                    || strcmp(name + len, ".png") == 0
                    || strcmp(name + len, ".svg") == 0))
                return true;
        }
        return fio_is_temp(name, "");
    }
    return false;
}

const fio_input *results_overwrites(const experiment *e, const char *dir,
                                    const fio_inputs *inputs)
{
    static const struct { const char *sub; pick what; } parts[] = {
        { "", PICK_OUTPUTS }, { "/points", PICK_POINTS },
        { "/timelines", PICK_TIMELINES }, { "/figures", PICK_TEMP },
    };
    const fio_input *hit = NULL;
    for (size_t i = 0; i < sizeof parts / sizeof parts[0] && !hit; i++) {
        char *path = xasprintf("%s%s", dir, parts[i].sub);
        at_risk r = { e, parts[i].what };
        hit = fio_inputs_in_dir(inputs, path, replaced, &r);
        free(path);
    }
    return hit;
}

/* ---------------------------------------------------------- point files */

/* Reads a JSON string at *p (as json_string writes them) into `out`;
 * advances *p. Returns -1 on anything else. */
static int json_read_string(const char **p, sbuf *out)
{
    const char *s = *p;
    if (*s++ != '"')
        return -1;
    while (*s && *s != '"') {
        if (*s != '\\') {
            sb_putc(out, *s++);
            continue;
        }
        s++;
        if (*s == 'u') {
            unsigned v = 0;
            for (int i = 1; i <= 4; i++) {
                char c = s[i];
                unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0')
                           : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                           : 99;
                if (d > 15)
                    return -1;
                v = v * 16 + d;
            }
            if (v == 0 || v > 0x7F)
                return -1;
            sb_putc(out, (char)v);
            s += 5;
        } else if (*s == '"' || *s == '\\') {
            sb_putc(out, *s++);
        } else {
            return -1;
        }
    }
    if (*s != '"')
        return -1;
    *p = s + 1;
    return 0;
}

static bool skip(const char **p, const char *lit)
{
    size_t n = strlen(lit);
    if (strncmp(*p, lit, n) != 0)
        return false;
    *p += n;
    return true;
}

/* A point's result file:
 *   {"cusim":VERSION,"point":P,"config":"%016x",
 *    "status":"ok"|"failed"|"crashed"|"infeasible","error":null|"...",
 *    "csv":null|"...","json":null|{...},"sum":"%016x"}
 * on one line. `csv` is the metric part of the CSV row; `json` the
 * result's fields as cusim sim --format json prints them. "crashed": the
 * worker died (`status` "crashed" instead of "failed"); the outputs show
 * it as failed, and --resume runs the point again. "infeasible": the point
 * cannot run on its hardware (exp_point_infeasible), a result like "ok".
 * `sum` is the FNV-1a hash (hmap_fnv) of every byte before `,"sum":`: a
 * file whose bytes were changed after it was written (a separator in its
 * row, a digit) is damaged, not a result, and is run again. */
static int point_write(const experiment *e, const char *dir, size_t p,
                       const char *status, const char *error,
                       const char *csv, const char *json, cusim_error *err)
{
    sbuf b = { 0 };
    sb_puts(&b, "{\"cusim\":");
    json_string_sb(&b, CUSIM_VERSION);
    sb_printf(&b, ",\"point\":%zu,\"config\":\"%016llx\",\"status\":\"%s\","
              "\"error\":", p, (unsigned long long)exp_point_fingerprint(e, p),
              status);
    if (error)
        json_string_sb(&b, error);
    else
        sb_puts(&b, "null");
    sb_puts(&b, ",\"csv\":");
    if (csv)
        json_string_sb(&b, csv);
    else
        sb_puts(&b, "null");
    sb_puts(&b, ",\"json\":");
    sb_puts(&b, json ? json : "null");
    sb_printf(&b, ",\"sum\":\"%016llx\"}\n",
              (unsigned long long)hmap_fnv(b.s, b.n, HMAP_FNV_SEED));
    char *path = point_path(dir, p);
    int rc = fio_replace_file(path, b.s, b.n, err);
    free(path);
    free(b.s);
    return rc;
}

/* A point's result as read back. */
typedef struct point_rec {
    bool failed;
    bool crashed;      /* failed because its worker died */
    bool infeasible;   /* could not run there: `error` says why */
    char *error;       /* failed: the message */
    char *csv;         /* ok: the metric part of the CSV row */
    char *json;        /* ok: {...} */
} point_rec;

static void rec_free(point_rec *r)
{
    free(r->error);
    free(r->csv);
    free(r->json);
    memset(r, 0, sizeof *r);
}

enum { POINT_FILE_MAX = 1 << 20 };

/* What point_read finds. */
enum {
    POINT_OK = 0,
    POINT_NONE = -1,      /* no file, a torn one, or a result of another
                             version or configuration, or one an older
                             cusim wrote without a `sum` */
    POINT_DAMAGED = -2    /* this point's result, its bytes changed since
                             they were written (`sum` does not match, or
                             the row has not one cell per metric) */
};

/* The end of a point file: ,"sum":"<16 hex digits>"}\n */
static const char sum_key[] = ",\"sum\":\"";
enum { SUM_TAIL = sizeof sum_key - 1 + 16 + 3 };

/* The cells of CSV row `row` (commas outside double quotes, plus one). */
static size_t csv_cells(const char *row)
{
    size_t n = 1;
    bool quoted = false;
    for (const char *c = row; *c; c++)
        if (*c == '"')
            quoted = !quoted;
        else if (*c == ',' && !quoted)
            n++;
    return n;
}

/* Reads point p's result file into `r`: POINT_OK, or POINT_NONE or
 * POINT_DAMAGED (then `r` holds nothing). */
static int point_read(const experiment *e, const char *dir, size_t p,
                      point_rec *r)
{
    memset(r, 0, sizeof *r);
    char *path = point_path(dir, p);
    char *text;
    size_t n;
    cusim_error unread;      /* any reason is the same: not a result */
    int got = fio_read_file(path, POINT_FILE_MAX - 1, "the point result",
                            &text, &n, &unread);
    free(path);
    if (got != 0)
        return POINT_NONE;

    char head[128];
    snprintf(head, sizeof head, "{\"cusim\":\"%s\",\"point\":%zu,\"config\":"
             "\"%016llx\",\"status\":\"", CUSIM_VERSION, p,
             (unsigned long long)exp_point_fingerprint(e, p));
    const char *s = text;
    sbuf b = { 0 };
    int rc = POINT_NONE;
    if (strlen(text) != n || n < strlen(head) + SUM_TAIL || !skip(&s, head)
        || strncmp(text + n - SUM_TAIL, sum_key, sizeof sum_key - 1) != 0
        || strcmp(text + n - 3, "\"}\n") != 0)
        goto done;
    /* this point's result: from here on, anything amiss is damage */
    rc = POINT_DAMAGED;
    char want[17];
    snprintf(want, sizeof want, "%016llx",
             (unsigned long long)hmap_fnv(text, n - SUM_TAIL, HMAP_FNV_SEED));
    if (memcmp(text + n - SUM_TAIL + sizeof sum_key - 1, want, 16) != 0)
        goto done;
    n -= SUM_TAIL - 2;               /* parsed as if it ended at the json */
    memcpy(text + n - 2, "}\n", 3);
    if (skip(&s, "ok\",\"error\":null,\"csv\":")) {
        if (json_read_string(&s, &b) != 0 || !skip(&s, ",\"json\":{")
            || csv_cells(b.s ? b.s : "") != exp_n_metrics(e))
            goto done;
        r->csv = sb_take(&b);
        r->json = xstrndup(s - 1, (size_t)(text + n - 2 - (s - 1)));
        rc = POINT_OK;
    } else if (skip(&s, "failed\",\"error\":")
               || (r->crashed = skip(&s, "crashed\",\"error\":"))
               || (r->infeasible = skip(&s, "infeasible\",\"error\":"))) {
        if (json_read_string(&s, &b) != 0
            || strcmp(s, ",\"csv\":null,\"json\":null}\n") != 0)
            goto done;
        r->failed = !r->infeasible;
        r->error = sb_take(&b);
        rc = POINT_OK;
    }
done:
    free(b.s);
    free(text);
    if (rc != POINT_OK)
        rec_free(r);
    return rc;
}

/* Whether point p's timeline is there (written whole or not at all). */
static bool timeline_present(const char *dir, size_t p)
{
    char *path = timeline_path(dir, p);
    struct stat st;
    bool there = stat(path, &st) == 0 && S_ISREG(st.st_mode);
    free(path);
    return there;
}

bool results_point_done(const experiment *e, const char *dir, size_t p)
{
    point_rec r;
    if (p >= exp_n_points(e) || point_read(e, dir, p, &r) != 0)
        return false;
    /* an infeasible result stands while the point is infeasible (another
     * instruction budget may make it feasible, or not) */
    bool done = !r.crashed
                && r.infeasible == (exp_point_infeasible(e, p) != NULL)
                && (r.failed || r.infeasible || !exp_timeline(e)
                    || timeline_present(dir, p));
    rec_free(&r);
    return done;
}

bool results_point_damaged(const experiment *e, const char *dir, size_t p)
{
    point_rec r;
    int got = p < exp_n_points(e) ? point_read(e, dir, p, &r) : POINT_NONE;
    if (got == POINT_OK)
        rec_free(&r);
    return got == POINT_DAMAGED;
}

bool results_point_failed(const experiment *e, const char *dir, size_t p)
{
    point_rec r;
    if (p >= exp_n_points(e) || point_read(e, dir, p, &r) != 0)
        return false;
    bool failed = r.failed;
    rec_free(&r);
    return failed;
}

/* Copies regular file `from` to `to` (written atomically). */
static int copy_file(const char *from, const char *to, cusim_error *err)
{
    FILE *in = NULL;
    switch (fio_open_regular(from, &in)) {
    case FIO_CANNOT_OPEN:
        return fio_error(err, from, "open");
    case FIO_NOT_REGULAR:
        return err_noplace(err, from, "cannot copy %s: not a regular file "
                           "(a FIFO, a device or a directory)", from);
    }
    fio_out o = { 0 };
    int rc = fio_open_replace(&o, xstrdup(to), err);
    char buf[1 << 14];
    size_t n;
    while (rc == 0 && (n = fread(buf, 1, sizeof buf, in)) > 0)
        rc = fio_write(&o, buf, n, err);
    if (rc == 0 && ferror(in))
        rc = fio_error(err, from, "read");
    fclose(in);
    int crc = fio_close(&o, rc == 0, rc == 0 ? err : NULL);
    return rc || crc ? -1 : 0;
}

int results_import(const experiment *e, const char *from, const char *to,
                   size_t p, cusim_error *err)
{
    if (!results_point_done(e, from, p))
        return 0;
    int rc = 0;
    if (exp_timeline(e) && timeline_present(from, p)) {
        char *src = timeline_path(from, p), *dst = timeline_path(to, p);
        rc = copy_file(src, dst, err);
        free(src);
        free(dst);
    }
    if (rc == 0) {    /* the result last: it implies the timeline */
        char *src = point_path(from, p), *dst = point_path(to, p);
        rc = copy_file(src, dst, err);
        free(src);
        free(dst);
    }
    return rc == 0 ? 1 : -1;
}

/* What cusim_report_print writes, as a string (the caller frees it). */
static char *print_report(const cusim_report *r, cusim_format fmt)
{
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);   /* fails only out of memory */
    if (!f)
        xalloc_die();
    cusim_report_print(r, fmt, f);
    if (fclose(f) != 0)
        xalloc_die();
    return text;
}

int results_point_run(const experiment *e, const char *dir, size_t p,
                      cusim_error *err)
{
    const char *why = exp_point_infeasible(e, p);
    if (why) {
        /* nothing to simulate; a timeline of an earlier run would lie */
        char *path = exp_timeline(e) ? timeline_path(dir, p) : NULL;
        int trc = path && unlink(path) != 0 && errno != ENOENT
                  ? fio_error(err, path, "remove") : 0;
        free(path);
        if (trc != 0)
            return -1;
        return point_write(e, dir, p, "infeasible", why, NULL, NULL, err);
    }
    cusim_sim_options opt;
    cusim_result res;
    cusim_error serr;
    memset(&opt, 0, sizeof opt);
    opt.max_instructions = exp_max_instructions(e);
    char *tl_text = NULL;
    size_t tl_size = 0;
    if (exp_timeline(e)) {
        opt.timeline = open_memstream(&tl_text, &tl_size);
        if (!opt.timeline)            /* fails only out of memory */
            xalloc_die();
        opt.timeline_every = exp_timeline_every(e);
    }
    int rc = cusim_simulate(exp_point_hw(e, p), exp_point_kernel(e, p), &opt,
                            &res, NULL, &serr);
    if (opt.timeline && fclose(opt.timeline) != 0)
        xalloc_die();
    /* the timeline first: a point's result implies its timeline is there */
    if (opt.timeline) {
        char *path = timeline_path(dir, p);
        int trc = rc == 0 ? fio_replace_file(path, tl_text, tl_size, err)
                  : unlink(path) != 0 && errno != ENOENT
                  ? fio_error(err, path, "remove") : 0;
        free(path);
        free(tl_text);
        if (trc != 0)
            return -1;
    }
    if (rc != 0) {
        char *msg = xasprintf("%s:%d:%d: %s", serr.file, serr.line,
                              serr.column, serr.message);
        int wrc = point_write(e, dir, p, "failed", msg, NULL, NULL, err);
        free(msg);
        if (wrc != 0)
            return -1;
        *err = serr;
        return 1;
    }
    cusim_report *all = xcalloc(1, sizeof *all);
    cusim_report *csv = xcalloc(1, sizeof *csv);
    cusim_report_result(all, &res);
    for (int i = 0; i < all->n; i++)     /* the metrics: all but sim.* and
                                            dispatch[N].* */
        if (strncmp(all->fields[i].key, "sim.", 4) != 0
            && strncmp(all->fields[i].key, "dispatch[", 9) != 0)
            csv->fields[csv->n++] = all->fields[i];
    char *json = print_report(all, CUSIM_FORMAT_JSON);
    char *table = print_report(csv, CUSIM_FORMAT_CSV);
    json[strcspn(json, "\n")] = '\0';
    char *row = strchr(table, '\n');      /* after the header */
    row = row ? row + 1 : table + strlen(table);
    row[strcspn(row, "\n")] = '\0';
    rc = point_write(e, dir, p, "ok", NULL, row, json, err);
    free(json);
    free(table);
    free(all);
    free(csv);
    return rc;
}

int results_point_fail(const experiment *e, const char *dir, size_t p,
                       const char *message, cusim_error *err)
{
    return point_write(e, dir, p, "crashed", message, NULL, NULL, err);
}

/* ------------------------------------------------------------ manifest */

/* Writes `s` as a YAML double-quoted scalar. */
static void yaml_quoted(sbuf *b, const char *s)
{
    yamlout_quoted(b, s, strlen(s), 0);
}

/* Writes a config's echo `text` (freed) indented by `indent` (lines left
 * empty stay empty, so block text reads back the same). */
static void echo_indented(sbuf *b, char *text, int indent)
{
    for (const char *line = text; *line;) {
        size_t n = strcspn(line, "\n");
        if (n)
            sb_printf(b, "%*s%.*s", indent, "", (int)n, line);
        sb_putc(b, '\n');
        line += n + (line[n] == '\n');
    }
    free(text);
}

/* The text of DIR/manifest.yaml (see results.h): every point's parameters,
 * files and fully resolved hardware and kernel, a configuration several
 * points share written once with a YAML anchor and referred to by alias.
 * The caller frees it. */
static char *manifest_text(const experiment *e)
{
    sbuf b = { 0 };
    bool *hw_seen = xcalloc(exp_n_hw_configs(e), sizeof *hw_seen);
    bool *k_seen = xcalloc(exp_n_kernel_configs(e), sizeof *k_seen);
    sb_printf(&b, "# The fully resolved configuration of every point of the "
              "experiment, written\n# by cusim %s run. A configuration "
              "several points share is written at the\n# first of them "
              "(&hwN, &kernelN) and referred to after (*hwN, *kernelN).\n",
              CUSIM_VERSION);
    sb_puts(&b, "experiment: ");
    yaml_quoted(&b, exp_file(e));
    sb_puts(&b, "\nname: ");
    yaml_quoted(&b, exp_name(e));
    sb_printf(&b, "\npoints:\n");
    for (size_t p = 0; p < exp_n_points(e); p++) {
        sb_printf(&b, "  - point: %zu\n", p);
        bool any = false;
        for (size_t c = 0; c < exp_n_columns(e); c++) {
            bool is_file;
            const char *text = exp_param_text(e, p, c, &is_file);
            if (!text)
                continue;
            if (!any)
                sb_puts(&b, "    params:\n");
            any = true;
            sb_printf(&b, "      %s: ", exp_column(e, c));
            if (is_file)
                yaml_quoted(&b, text);
            else
                sb_puts(&b, text);
            sb_putc(&b, '\n');
        }
        sb_puts(&b, "    hardware_file: ");
        yaml_quoted(&b, exp_point_hw_file(e, p));
        sb_puts(&b, "\n    kernel_file: ");
        yaml_quoted(&b, exp_point_kernel_file(e, p));
        size_t h = exp_point_hw_config(e, p);
        size_t k = exp_point_kernel_config(e, p);
        if (hw_seen[h]) {
            sb_printf(&b, "\n    hw: *hw%zu\n", h);
        } else {
            sb_printf(&b, "\n    hw: &hw%zu\n", h);
            echo_indented(&b, exp_point_hw_echo(e, p), 6);
            hw_seen[h] = true;
        }
        if (k_seen[k]) {
            sb_printf(&b, "    kernel: *kernel%zu\n", k);
        } else {
            sb_printf(&b, "    kernel: &kernel%zu\n", k);
            echo_indented(&b, exp_point_kernel_echo(e, p), 6);
            k_seen[k] = true;
        }
    }
    free(hw_seen);
    free(k_seen);
    return sb_take(&b);
}

/* ------------------------------------------------------------ assembly */

/* Whether `s` is a JSON integer. */
static bool json_integer(const char *s)
{
    if (*s == '-')
        s++;
    if (s[0] == '0')
        return s[1] == '\0';
    return *s >= '1' && *s <= '9' && strspn(s, "0123456789") == strlen(s);
}

/* Appends point p's CSV row and JSONL line. */
static void assemble_point(const experiment *e, size_t p, const point_rec *r,
                           sbuf *csv, sbuf *jsonl)
{
    sb_printf(jsonl, "{\"point\":%zu,\"params\":{", p);
    for (size_t c = 0; c < exp_n_columns(e); c++) {
        const char *v = exp_param(e, p, c);
        csv_field(csv, v);
        sb_putc(csv, ',');
        if (c)
            sb_putc(jsonl, ',');
        json_string_sb(jsonl, exp_column(e, c));
        sb_putc(jsonl, ':');
        if (!*v)
            sb_puts(jsonl, "null");
        else if (json_integer(v))
            sb_puts(jsonl, v);
        else
            json_string_sb(jsonl, v);
    }
    if (r->failed || r->infeasible) {
        const char *status = r->infeasible ? "infeasible" : "failed";
        for (size_t i = 1; i < exp_n_metrics(e); i++)
            sb_putc(csv, ',');
        sb_printf(csv, ",%s,", status);
        csv_field(csv, r->error);
        sb_printf(jsonl, "},\"status\":\"%s\",\"error\":", status);
        json_string_sb(jsonl, r->error);
        sb_puts(jsonl, "}\n");
    } else {
        sb_puts(csv, r->csv);
        sb_puts(csv, ",ok,");
        sb_puts(jsonl, "},\"status\":\"ok\",\"error\":null");
        if (strcmp(r->json, "{}") != 0) {
            sb_putc(jsonl, ',');
            sb_puts(jsonl, r->json + 1);
        } else {
            sb_putc(jsonl, '}');
        }
        sb_putc(jsonl, '\n');
    }
    sb_putc(csv, '\n');
}

/* Writes out what `b` holds and empties it. */
static int flush(fio_out *o, sbuf *b, cusim_error *err)
{
    int rc = fio_write(o, b->s, b->n, err);
    sb_clear(b);
    return rc;
}

int results_assemble(const experiment *e, const char *dir, size_t *n_failed,
                     cusim_error *err)
{
    const char *output = exp_output(e);
    fio_out csv = { 0 }, jsonl = { 0 };
    sbuf cb = { 0 }, jb = { 0 };
    *n_failed = 0;
    int rc = fio_open_replace(&csv, xasprintf("%s/%s.csv", dir, output), err);
    if (rc == 0)
        rc = fio_open_replace(&jsonl, xasprintf("%s/%s.jsonl", dir, output), err);

    for (size_t c = 0; c < exp_n_columns(e); c++) {
        csv_field(&cb, exp_column(e, c));
        sb_putc(&cb, ',');
    }
    for (size_t i = 0; i < exp_n_metrics(e); i++)
        sb_printf(&cb, "%s,", exp_metric(e, i));
    sb_puts(&cb, "status,error\n");

    for (size_t p = 0; p < exp_n_points(e) && rc == 0; p++) {
        point_rec r;
        int got = point_read(e, dir, p, &r);
        if (got != POINT_OK) {
            char *path = point_path(dir, p);
            rc = err_set(err, path, 1, 1, got == POINT_DAMAGED
                         ? "the result of point %zu is damaged (its sum does "
                         "not match its bytes; run again with --resume)"
                         : "no complete result for point %zu (run again with "
                         "--resume)", p);
            free(path);
            break;
        }
        *n_failed += r.failed;
        assemble_point(e, p, &r, &cb, &jb);
        rec_free(&r);
        if (cb.n > (1u << 16) || jb.n > (1u << 16))
            rc = flush(&csv, &cb, err) || flush(&jsonl, &jb, err) ? -1 : 0;
    }
    if (rc == 0)
        rc = flush(&csv, &cb, err) || flush(&jsonl, &jb, err) ? -1 : 0;
    free(cb.s);
    free(jb.s);
    if (rc == 0) {
        char *text = manifest_text(e);
        char *path = xasprintf("%s/manifest.yaml", dir);
        rc = fio_replace_file(path, text, strlen(text), err);
        free(path);
        free(text);
    }
    int c1 = fio_close(&csv, rc == 0, err);
    int c2 = fio_close(&jsonl, rc == 0 && c1 == 0, err);
    return rc || c1 || c2 ? -1 : 0;
}

int results_plot_all(const experiment *e, const char *dir, size_t *no_images,
                     size_t *undrawn, cusim_error *err)
{
    *no_images = 0;
    *undrawn = 0;
    if (exp_n_plots(e) == 0)
        return 0;
    if (exp_n_infeasible(e) == exp_n_points(e)) {
        /* nor left from an earlier run, as if they were these results' */
        static const char *const exts[] = { "gp", "png", "svg" };
        *undrawn = exp_n_plots(e);
        for (size_t i = 0; i < exp_n_plots(e); i++)
            for (int x = 0; x < 3; x++) {
                char *path = xasprintf("%s/figures/%s.%s", dir,
                                       exp_plot(e, i)->file, exts[x]);
                int rc = unlink(path) != 0 && errno != ENOENT
                         ? fio_error(err, path, "remove") : 0;
                free(path);
                if (rc != 0)
                    return -1;
            }
        return 0;
    }
    char *figures = xasprintf("%s/figures", dir);
    char *csv = xasprintf("%s/%s.csv", dir, exp_output(e));
    size_t n = exp_n_points(e);
    char **paths = xcalloc(n ? n : 1, sizeof *paths);
    for (size_t p = 0; p < n && exp_timeline(e); p++)
        if (timeline_present(dir, p))
            paths[p] = timeline_path(dir, p);
    plot_timelines tl = { (const char *const *)paths, n, exp_n_columns(e) };
    const cusim_hw **hws = xcalloc(n ? n : 1, sizeof *hws);
    for (size_t p = 0; p < n; p++)
        hws[p] = exp_point_hw(e, p);
    plot_profiles pf = { hws, n };
    int rc = fio_make_dirs(figures, err);
    cusim_error one;
    size_t n_plots = rc == 0 ? exp_n_plots(e) : 0;
    for (size_t i = 0; i < n_plots; i++) {
        /* every plot is drawn, whatever became of the ones before */
        int prc = plot_write(exp_plot(e, i), csv, exp_timeline(e) ? &tl : NULL,
                             &pf, figures, &one);
        if (prc < 0 && rc == 0) {
            *err = one;   /* the first failure is the one reported */
            rc = -1;
        } else if (prc > 0 && (*no_images)++ == 0 && rc == 0) {
            *err = one;
        }
    }
    for (size_t p = 0; p < n; p++)
        free(paths[p]);
    free(paths);
    free(hws);
    free(figures);
    free(csv);
    return rc;
}

