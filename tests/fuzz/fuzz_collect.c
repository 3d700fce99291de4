/*
 * fuzz_collect.c — cusim collect (cli_collect_dirs, in process) over a
 * crafted results directory: its run.yaml, its point results and
 * timelines, what `run --resume` reads too (cli_origin_read, cli_origin_other,
 * results_point_done, results_point_damaged).
 *
 * The input is a scratch tree written as files, each after a line
 *   %% PATH           a regular file PATH holding the lines up to the
 *                     next %% line
 *   %% fifo PATH      a FIFO (nothing cusim reads may block on one)
 *   %% link PATH TO   a symbolic link to TO (relative, without "..")
 *   %% out            collect into a directory of its own (--out)
 * PATH lies under d/ (the results directory), d2/ (a second one, given
 * when it has a run.yaml) or exp/ (the experiment and whatever else),
 * each component of letters, digits and "._-" (no "." or ".."). The tree
 * is made in a scratch directory, next to repo/, a link to the
 * repository (so exp/e.yaml may name ../repo/configs/hw/seed-cu.yaml),
 * and collect runs from there: run.yaml's `directory: "."` is the tree.
 * tests/fuzz/run's seeds are what `cusim run` writes for a tiny
 * experiment, in this form.
 *
 * Besides no crash, hang, leak or undefined behaviour:
 *  - every message is one printable line (fuzz_check_said: collect
 *    prints them, so its stderr is read back);
 *  - nothing changed but the output directory (with collect in place, d/
 *    but its points/, timelines/ and run.yaml, unless it imports points
 *    from d2/);
 *  - a collect that succeeds round-trips: its output collected again into
 *    another directory gives the same CSV and JSON Lines, byte for byte;
 *  - once, at start: what `cusim run` writes (results_point_run,
 *    cli_origin_write, results_assemble) for a tiny experiment, collect
 *    reads back to the same CSV.
 */
#define _XOPEN_SOURCE 700   /* nftw */
#include "fuzz.h"

#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "experiment.h"
#include "hmap.h"
#include "results.h"
#include "strbuf.h"
#include "xalloc.h"

#ifndef CUSIM_FUZZ_ROOT
#define CUSIM_FUZZ_ROOT "."
#endif

enum { MAX_ENTRIES = 64, MAX_DEPTH = 4 };

/* The scratch directory (made once per process), and the tree in it. */
static char scratch[64];
static char tree[96];

static int remove_entry(const char *path, const struct stat *st, int flag,
                        struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

static void remove_tree(const char *path)
{
    nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static void remove_scratch(void)
{
    if (scratch[0])
        remove_tree(scratch);
}

/* ------------------------------------------------------------- the tree */

/* Whether `path` is a PATH the input may name: under d/, d2/ or exp/, at
 * most MAX_DEPTH components of [A-Za-z0-9._-], none "." or "..". */
static bool good_path(const char *path, bool top_ok)
{
    if (strncmp(path, "d/", 2) != 0 && strncmp(path, "d2/", 3) != 0
        && strncmp(path, "exp/", 4) != 0)
        return false;
    int depth = 0;
    for (const char *c = path; *c;) {
        size_t n = strspn(c, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRS"
                          "TUVWXYZ0123456789._-");
        if (n == 0 || (n == 1 && c[0] == '.')
            || (n == 2 && c[0] == '.' && c[1] == '.'))
            return false;
        if (++depth > MAX_DEPTH)
            return false;
        c += n;
        if (*c == '/')
            c++;
        else if (*c)
            return false;
    }
    return top_ok || depth > 1;
}

/* A link's target: relative, no "..". */
static bool good_target(const char *to)
{
    return *to && *to != '/' && !strstr(to, "..") && !strchr(to, '\n');
}

/* Makes the directories above `path` (relative to the tree). */
static bool make_parents(const char *path)
{
    char *p = xstrdup(path);
    bool ok = true;
    for (char *s = strchr(p, '/'); s && ok; s = strchr(s + 1, '/')) {
        *s = '\0';
        struct stat st;
        ok = mkdir(p, 0777) == 0 || (lstat(p, &st) == 0 && S_ISDIR(st.st_mode));
        *s = '/';
    }
    free(p);
    return ok;
}

/* Writes the input's tree into the current directory (the tree). Sets
 * *separate for a line "%% out". In place, a link at the top of d/ is not
 * made: collect writes there, and a write through the user's own link is
 * not one outside the output. */
static void make_tree(char *text, bool *separate)
{
    *separate = false;
    int entries = 0;
    char *at = strncmp(text, "%% ", 3) == 0 ? text : strstr(text, "\n%% ");
    while (at && entries < MAX_ENTRIES) {
        if (*at == '\n')
            at++;
        char *head = at + 3, *eol = strchr(head, '\n');
        char *body = eol ? eol + 1 : head + strlen(head);
        char *end = strstr(body, "\n%% ");
        char *next = end;
        if (eol)
            *eol = '\0';
        size_t body_len = end ? (size_t)(end - body + 1)
                              : strlen(body);
        if (strcmp(head, "out") == 0) {
            *separate = true;
        } else if (strncmp(head, "fifo ", 5) == 0
                   && good_path(head + 5, false)) {
            if (make_parents(head + 5))
                mkfifo(head + 5, 0666);
            entries++;
        } else if (strncmp(head, "link ", 5) == 0) {
            char *path = head + 5, *to = strchr(path, ' ');
            if (to) {
                *to++ = '\0';
                bool top_of_d = strncmp(path, "d/", 2) == 0
                                && !strchr(path + 2, '/');
                if (good_path(path, false) && good_target(to)
                    && !(top_of_d && !*separate) && make_parents(path))
                    symlink(to, path);
                to[-1] = ' ';
            }
            entries++;
        } else if (good_path(head, false) && make_parents(head)) {
            int fd = open(head, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW,
                          0666);
            if (fd >= 0) {
                if (write(fd, body, body_len) < 0)
                    abort();
                close(fd);
            }
            entries++;
        }
        if (eol)
            *eol = '\n';
        at = next;
    }
}

/* ------------------------------------------------------------ snapshots */

/* Appends every file under `dir` (not following links) to `b`: its path,
 * kind and, for a regular file, its size and sum; directories by what
 * they hold (one made empty is no change). `skip` says what to leave out. */
/* Where collect writes: into out/ (--out), into d/ alone, or into d/
 * from d2/ too (then into d/points and d/timelines). */
typedef enum mode { SEPARATE, IN_PLACE, IN_PLACE_FROM_D2 } mode;

typedef bool skip_fn(const char *path, mode m);

static void snapshot(sbuf *b, const char *dir, skip_fn *skip, mode m)
{
    struct dirent **names;
    int n = scandir(dir, &names, NULL, alphasort);
    for (int i = 0; i < n; i++) {
        const char *name = names[i]->d_name;
        if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0) {
            free(names[i]);
            continue;
        }
        char *path = strcmp(dir, ".") == 0 ? xstrdup(name)
                     : xasprintf("%s/%s", dir, name);
        struct stat st;
        if (!skip(path, m) && lstat(path, &st) == 0) {
            if (S_ISDIR(st.st_mode)) {
                snapshot(b, path, skip, m);
            } else if (S_ISREG(st.st_mode)) {
                char *text;
                size_t len;
                cusim_error err;
                unsigned long long sum = 0;
                if (fio_read_file(path, 1 << 24, "a file", &text, &len,
                                  &err) == 0) {
                    sum = hmap_fnv(text, len, HMAP_FNV_SEED);
                    free(text);
                }
                sb_printf(b, "%s file %lld %016llx\n", path,
                          (long long)st.st_size, sum);
            } else if (S_ISLNK(st.st_mode)) {
                char to[4096];
                ssize_t got = readlink(path, to, sizeof to - 1);
                to[got > 0 ? got : 0] = '\0';
                sb_printf(b, "%s link %s\n", path, to);
            } else {
                sb_printf(b, "%s other %o\n", path, (unsigned)st.st_mode);
            }
        }
        free(path);
        free(names[i]);
    }
    free(names);
}

/* What collect may write: out/ and out2/; in place, d/ (but the points
 * and timelines already there when it has nothing to import, and
 * run.yaml). */
static bool written(const char *path, mode m)
{
    if (strcmp(path, "out") == 0 || strcmp(path, "out2") == 0
        || strcmp(path, "repo") == 0)
        return true;
    if (m == IN_PLACE_FROM_D2 && strcmp(path, "d") == 0)
        return true;
    if (m == SEPARATE || strncmp(path, "d/", 2) != 0 || strchr(path + 2, '/'))
        return false;
    return strcmp(path, "d/points") != 0 && strcmp(path, "d/timelines") != 0
           && strcmp(path, "d/run.yaml") != 0;
}

static char *snapshot_tree(mode m)
{
    sbuf b = { 0 };
    snapshot(&b, ".", written, m);
    return b.s ? sb_take(&b) : xstrdup("");
}

/* ------------------------------------------------------------- messages */

/* Runs collect of `dirs` into `out` (NULL: in place) with its stderr
 * captured into *said (the caller frees it). Returns its exit status. The
 * working directory is the tree before and after. */
static int collect(const char *const *dirs, int n, const char *out,
                   char **said)
{
    cli_args args;
    memset(&args, 0, sizeof args);
    for (int i = 0; i < n; i++)
        args.files[args.n_files++] = dirs[i];
    args.out = out;
    size_t len;
    FILE *saved = stderr;
    stderr = open_memstream(said, &len);
    if (!stderr)
        abort();
    int status = cli_collect_dirs(&args);
    fclose(stderr);
    stderr = saved;
    if (chdir(tree) != 0)
        abort();
    return status;
}

/* The bytes of `path` (NULL when not a readable regular file). */
static char *slurp(const char *path)
{
    char *text;
    size_t len;
    cusim_error err;
    return fio_read_file(path, 1 << 26, "a file", &text, &len, &err) == 0
           ? text : NULL;
}

/* Whether `a` and `b` hold the same CSV and JSON Lines of output `name`
 * (each present in both, or in neither). */
static void same_outputs(const char *a, const char *b, const char *name,
                         const char *what)
{
    static const char *const ext[] = { "csv", "jsonl" };
    for (int i = 0; i < 2; i++) {
        char *pa = xasprintf("%s/%s.%s", a, name, ext[i]);
        char *pb = xasprintf("%s/%s.%s", b, name, ext[i]);
        char *ta = slurp(pa), *tb = slurp(pb);
        if (!ta || !tb || strcmp(ta, tb) != 0) {
            fprintf(stderr, "%s:\n%s\n%s:\n%s\n", pa, ta ? ta : "(none)",
                    pb, tb ? tb : "(none)");
            fuzz_fail(what, ext[i]);
        }
        free(ta);
        free(tb);
        free(pa);
        free(pb);
    }
}

/* The `output:` name of the experiment run.yaml in `dir` names, or NULL. */
static char *output_name(const char *dir)
{
    cli_origin o;
    cusim_error err;
    if (cli_origin_read(dir, &o, &err) != 0)
        return NULL;
    experiment *e;
    char *name = NULL;
    char *path = o.experiment[0] == '/' ? xstrdup(o.experiment)
                 : xasprintf("%s/%s", o.directory, o.experiment);
    if (exp_load(path, NULL, 0, &e, &err) == 0) {
        name = xstrdup(exp_output(e));
        exp_free(e);
    }
    free(path);
    cli_origin_free(&o);
    return name;
}

/* ---------------------------------------------------- run, then collect */

/* A tiny experiment, as a file of exp/: two points of seed-cu running a
 * copy of 512 elements. */
static const char tiny[] =
    "name: tiny\n"
    "hardware: ../repo/configs/hw/seed-cu.yaml\n"
    "kernel: ../repo/workloads/copy.yaml\n"
    "set:\n"
    "  hw.compute_units: 1\n"
    "  kernel.elements: 512\n"
    "sweep:\n"
    "  kernel.registers: [16, 32]\n"
    "output: tiny\n";

/* What `cusim run` writes into d/ for the tiny experiment, collect reads
 * back into out/ to the same CSV and JSON Lines. */
static void run_then_collect(void)
{
    cusim_error err;
    experiment *e;
    if (mkdir("exp", 0777) != 0 || mkdir("d", 0777) != 0)
        abort();
    FILE *f = fopen("exp/e.yaml", "w");
    if (!f || fputs(tiny, f) < 0 || fclose(f) != 0)
        abort();
    if (exp_load("exp/e.yaml", NULL, 0, &e, &err) != 0)
        fuzz_fail("the tiny experiment does not load", err.message);
    int lock = -1;
    cli_args none;
    memset(&none, 0, sizeof none);
    size_t failed;
    if (results_prepare(e, "d", false, &lock, &err) != 0)
        fuzz_fail("cannot prepare d/", err.message);
    for (size_t p = 0; p < exp_n_points(e); p++)
        if (results_point_run(e, "d", p, &err) != 0)
            fuzz_fail("a tiny point did not run", err.message);
    if (cli_origin_write("d", "exp/e.yaml", &none, false, &err) != 0
        || results_assemble(e, "d", &failed, &err) != 0)
        fuzz_fail("cannot write the tiny run's outputs", err.message);
    close(lock);
    exp_free(e);
    char *said;
    char *d = xasprintf("%s/d", tree), *out = xasprintf("%s/out", tree);
    const char *dirs[] = { d };
    int status = collect(dirs, 1, out, &said);
    if (status != 0) {
        fprintf(stderr, "%s", said);
        fuzz_fail("collect of what run wrote failed", NULL);
    }
    same_outputs("d", "out", "tiny", "collect does not read back what "
                 "run wrote");
    free(said);
    free(d);
    free(out);
}

/* Makes the scratch directory and its link to the repository, once. */
static void setup(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(scratch, sizeof scratch, "%s/cusim-fuzz.XXXXXX",
             tmp && *tmp && strlen(tmp) < 32 ? tmp : "/tmp");
    if (!mkdtemp(scratch))
        abort();
    atexit(remove_scratch);
    snprintf(tree, sizeof tree, "%s/t", scratch);
    char *repo = xasprintf("%s/repo", scratch);
    char *root = realpath(CUSIM_FUZZ_ROOT, NULL);
    if (!root || symlink(root, repo) != 0)
        abort();
    free(root);
    free(repo);
}

/* A fresh tree: t/, with t/repo the link to the repository. */
static void fresh_tree(void)
{
    remove_tree(tree);
    char *root = xasprintf("%s/repo", scratch);
    char *repo = xasprintf("%s/repo", tree);
    if (mkdir(tree, 0777) != 0 || symlink(root, repo) != 0
        || chdir(tree) != 0)
        abort();
    free(root);
    free(repo);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bool ready;
    int cwd = open(".", O_RDONLY | O_DIRECTORY);
    if (cwd < 0)
        abort();
    if (!ready) {
        setup();
        fresh_tree();
        run_then_collect();
        ready = true;
    }
    fresh_tree();
    char *text = fuzz_text(data, size);
    bool separate;
    make_tree(text, &separate);
    free(text);

    char *d = xasprintf("%s/d", tree), *d2 = xasprintf("%s/d2", tree);
    char *out = xasprintf("%s/out", tree), *out2 = xasprintf("%s/out2", tree);
    const char *dirs[] = { d, d2 };
    struct stat st;
    int n = lstat("d2/run.yaml", &st) == 0 ? 2 : 1;
    mode m = separate ? SEPARATE : n == 2 ? IN_PLACE_FROM_D2 : IN_PLACE;
    char *before = snapshot_tree(m);
    char *said;
    int status = collect(dirs, n, separate ? out : NULL, &said);
    fuzz_check_said(said, "collected ");
    free(said);
    char *after = snapshot_tree(m);
    if (strcmp(before, after) != 0) {
        fprintf(stderr, "before:\n%s\nafter:\n%s\n", before, after);
        fuzz_fail("collect changed something outside its output", NULL);
    }
    if (status == 0) {
        /* its output, collected again elsewhere, is the same */
        const char *from = separate ? out : d;
        char *name = output_name(from);
        const char *again[] = { from };
        int status2 = collect(again, 1, out2, &said);
        fuzz_check_said(said, "collected ");
        if (status2 != 0 || !name) {
            fprintf(stderr, "%s", said);
            fuzz_fail("a collected directory does not collect again", NULL);
        }
        free(said);
        same_outputs(from, out2, name, "a collected directory collects "
                     "again to other outputs");
        free(name);
    }
    free(before);
    free(after);
    free(d);
    free(d2);
    free(out);
    free(out2);
    if (fchdir(cwd) != 0)
        abort();
    close(cwd);
    return 0;
}
