/*
 * origin.c — DIR/run.yaml, what a results directory was run from: the
 * experiment file as the command line gave it, the working directory it
 * was given in, and the command line's --set options. `cusim run` writes
 * it; `cusim collect` reads it to load the same experiment again, so the
 * outputs it assembles are the bytes a local run writes. Shards writing
 * into one directory (--shard, --point) must agree on it.
 *
 *   # written by cusim VERSION run: what cusim collect loads
 *   experiment: "configs/experiments/c2.yaml"
 *   directory: "/home/me/cusim"
 *   set:
 *     - "hw.cu.schedulers=1"
 *   max_instructions: 100000000000     # only when --max-instructions is
 */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "error.h"
#include "fileio.h"
#include "num.h"
#include "strbuf.h"
#include "xalloc.h"
#include "yamldoc.h"
#include "yamlout.h"

static char *origin_path(const char *dir)
{
    return xasprintf("%s/run.yaml", dir);
}

static void quoted(sbuf *b, const char *s)
{
    yamlout_quoted(b, s, strlen(s), 0);
}

/* Whether `o` names the same experiment with the same overrides as the
 * command line (`experiment`, `args`). */
static bool same_run(const cli_origin *o, const char *experiment,
                     const cli_args *args)
{
    if (strcmp(o->experiment, experiment) != 0 || o->n_sets != args->n_sets
        || o->max_instructions != args->max_instructions)
        return false;
    for (int i = 0; i < o->n_sets; i++) {
        const cusim_set *s = &args->sets[i];
        size_t n = strlen(s->path);
        if (strncmp(o->sets[i], s->path, n) != 0 || o->sets[i][n] != '='
            || strcmp(o->sets[i] + n + 1, s->value) != 0)
            return false;
    }
    return true;
}

int cli_origin_write(const char *dir, const char *experiment,
                     const cli_args *args, bool shared, cusim_error *err)
{
    char *path = origin_path(dir);
    int rc = 0;
    if (shared && access(path, F_OK) == 0) {
        cli_origin o;
        cusim_error ignored;
        if (cli_origin_read(dir, &o, &ignored) == 0) {
            bool same = same_run(&o, experiment, args);
            if (!same)
                rc = err_set(err, path, 1, 1, "this directory holds the "
                             "points of %s%s, not of %s with these --set "
                             "and --max-instructions options: give the "
                             "shards one --out each experiment", o.experiment,
                             o.n_sets || o.max_instructions
                             ? " with other options" : "", experiment);
            cli_origin_free(&o);
            free(path);
            return rc;     /* the same run: already written */
        }
    }
    char *cwd = fio_cwd();
    if (!cwd) {
        rc = err_noplace(err, path, "cannot record the working directory in "
                         "%s: %s", path, strerror(errno));
        free(path);
        return rc;
    }
    sbuf b = { 0 };
    sb_printf(&b, "# written by cusim %s run: the experiment the points in "
              "points/ ran, which\n# cusim collect loads again (from "
              "`directory` when its path is relative)\nexperiment: ",
              CUSIM_VERSION);
    quoted(&b, experiment);
    sb_puts(&b, "\ndirectory: ");
    quoted(&b, cwd);
    sb_puts(&b, "\nset:");
    if (args->n_sets == 0)
        sb_puts(&b, " []");
    for (int i = 0; i < args->n_sets; i++) {
        char *s = xasprintf("%s=%s", args->sets[i].path, args->sets[i].value);
        sb_puts(&b, "\n  - ");
        quoted(&b, s);
        free(s);
    }
    sb_putc(&b, '\n');
    if (args->max_instructions)
        sb_printf(&b, "max_instructions: %llu\n",
                  (unsigned long long)args->max_instructions);
    rc = fio_replace_file(path, b.s, b.n, err);
    free(b.s);
    free(cwd);
    free(path);
    return rc;
}

int cli_origin_check(const char *experiment, cusim_error *err)
{
    char *cwd = fio_cwd();
    int rc = CLI_OK;
    if (!cwd) {
        err_noplace(err, NULL, "cannot name the working directory, which "
                    "run.yaml records: %s", strerror(errno));
        rc = CLI_FAILURE;
    } else if (!err_is_utf8(cwd)) {
        err_noplace(err, NULL, "the working directory %s is not UTF-8 text, "
                    "which run.yaml must record it as (YAML holds only "
                    "UTF-8): run from a directory whose path is", cwd);
        rc = CLI_BAD_INPUT;
    } else if (!err_is_utf8(experiment)) {
        err_noplace(err, NULL, "the experiment's path %s is not UTF-8 text, "
                    "which run.yaml and the manifest must record it as "
                    "(YAML holds only UTF-8): rename it", experiment);
        rc = CLI_BAD_INPUT;
    }
    free(cwd);
    return rc;
}

/* The scalar value of `key` in mapping `map`, or NULL. */
static yaml_node_t *lookup(ydoc *d, yaml_node_t *map, const char *key)
{
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
         p < map->data.mapping.pairs.top; p++) {
        yaml_node_t *k = ydoc_node(d, p->key);
        if (k && k->type == YAML_SCALAR_NODE
            && strcmp((const char *)k->data.scalar.value, key) == 0)
            return ydoc_node(d, p->value);
    }
    return NULL;
}

static char *scalar(yaml_node_t *n)
{
    return n && n->type == YAML_SCALAR_NODE
           ? xstrdup((const char *)n->data.scalar.value) : NULL;
}

int cli_origin_read(const char *dir, cli_origin *o, cusim_error *err)
{
    memset(o, 0, sizeof *o);
    char *path = origin_path(dir);
    ydoc d;
    if (access(path, F_OK) != 0) {
        int rc = err_noplace(err, dir, "%s holds no run.yaml: not a "
                             "results directory of cusim run", dir);
        free(path);
        return rc;
    }
    /* Read as a results directory's file (a regular one: a FIFO there
     * would block), then parsed. */
    char *text;
    size_t len;
    if (fio_read_file(path, YDOC_MAX_BYTES - 1, "run.yaml", &text, &len, err)
        != 0) {
        free(path);
        return -1;
    }
    if (ydoc_load_read(&d, text, len, path, "a run.yaml mapping", err)
        != 0) {
        free(path);
        return -1;
    }
    yaml_node_t *root = ydoc_root(&d);
    yaml_node_t *sets = root->type == YAML_MAPPING_NODE
                        ? lookup(&d, root, "set") : NULL;
    int rc = 0;
    if (root->type == YAML_MAPPING_NODE) {
        o->experiment = scalar(lookup(&d, root, "experiment"));
        o->directory = scalar(lookup(&d, root, "directory"));
        yaml_node_t *bn = lookup(&d, root, "max_instructions");
        char *budget = scalar(bn);
        /* validated as on the command line (cli_parse_count, the same
         * parser with the same flags): digits, no overflow. Called here
         * directly, so that origin.c calls nothing of cli.c, which calls
         * it (cli_check_results_dir) */
        if (bn && (!budget
                   || num_parse_u64(budget, strlen(budget), 0,
                                    &o->max_instructions) != NUM_OK))
            rc = err_set(err, path, (int)bn->start_mark.line + 1,
                         (int)bn->start_mark.column + 1,
                         "max_instructions: expected a whole number below "
                         "2^64, as --max-instructions takes");
        free(budget);
    }
    size_t n = sets && sets->type == YAML_SEQUENCE_NODE
               ? (size_t)(sets->data.sequence.items.top
                          - sets->data.sequence.items.start) : 0;
    if (rc != 0) {
        /* reported above */
    } else if (!o->experiment || !o->directory || !sets
               || sets->type != YAML_SEQUENCE_NODE) {
        rc = err_set(err, path, 1, 1, "expected the experiment, directory "
                     "and set keys cusim run writes");
    } else if (n > CLI_MAX_SETS) {
        /* each becomes one of a command line's --set options */
        rc = err_set(err, path, (int)sets->start_mark.line + 1,
                     (int)sets->start_mark.column + 1,
                     "set: %zu entries, more than the %d --set options a "
                     "command line may give", n, CLI_MAX_SETS);
    } else {
        o->sets = xcalloc(n ? n : 1, sizeof *o->sets);
        for (size_t i = 0; i < n && rc == 0; i++) {
            yaml_node_item_t item = sets->data.sequence.items.start[i];
            char *s = scalar(ydoc_node(&d, item));
            if (!s || !strchr(s, '='))
                rc = err_set(err, path, 1, 1, "set: expected PATH=VALUE "
                             "strings");
            else
                o->sets[o->n_sets++] = s;
            if (rc)
                free(s);
        }
    }
    ydoc_free(&d);
    free(path);
    if (rc != 0)
        cli_origin_free(o);
    return rc;
}

bool cli_origin_other(const char *dir, const char *exp_path, char **other)
{
    *other = NULL;
    char *path = origin_path(dir), *text;
    size_t len;
    cusim_error ignored;
    ydoc d;
    bool loaded = access(path, F_OK) == 0
                  && fio_read_file(path, YDOC_MAX_BYTES - 1, "run.yaml",
                                   &text, &len, &ignored) == 0
                  && ydoc_load_read(&d, text, len, path, "a run.yaml mapping",
                                    &ignored) == 0;
    free(path);
    if (!loaded)
        return false;
    /* only which experiment: a run.yaml bad otherwise is still its own */
    yaml_node_t *root = ydoc_root(&d);
    char *exp = NULL, *from = NULL;
    if (root->type == YAML_MAPPING_NODE) {
        exp = scalar(lookup(&d, root, "experiment"));
        from = scalar(lookup(&d, root, "directory"));
    }
    ydoc_free(&d);
    if (exp && *exp && (exp[0] == '/' || (from && *from))) {
        char *recorded = exp[0] == '/' ? xstrdup(exp)
                         : xasprintf("%s/%s", from, exp);
        if (!fio_same_file(recorded, exp_path))
            *other = xstrdup(exp);
        free(recorded);
    }
    free(exp);
    free(from);
    return *other != NULL;
}

void cli_origin_free(cli_origin *o)
{
    free(o->experiment);
    free(o->directory);
    for (int i = 0; i < o->n_sets; i++)
        free(o->sets[i]);
    free(o->sets);
    memset(o, 0, sizeof *o);
}
