/*
 * fuzz_sweep.c — cusim sweep's options turned into the experiment they
 * stand for: each line of the input is one option, "s" --set, "v" --vary,
 * "p" --plot, the rest of the line its value (at most 24 options; other
 * lines are left out), given with seed-cu.yaml and reduction.yaml to the
 * command line's parser (cli_begin) and then to cli_sweep_experiment, the
 * code cusim sweep runs before anything is written.
 *
 * Besides no crash, hang, leak or undefined behaviour:
 *  - an option refused is refused in printable lines, each a whole
 *    message (fuzz_check_said: stderr read back);
 *  - an accepted set of options gives YAML that loads: as the sweep loads
 *    it, and again as `cusim run` loads the file --save writes;
 *  - no option becomes more than its one key: the generated experiment's
 *    `set:` keys are the --set paths and its `sweep:` keys the --vary
 *    paths, in order, and it holds no other key than those the sweep
 *    writes.
 */
#include "fuzz.h"

#include "cli.h"
#include "experiment.h"
#include "strbuf.h"
#include "yamldoc.h"

#ifndef CUSIM_FUZZ_ROOT
#define CUSIM_FUZZ_ROOT "."
#endif

enum { MAX_OPTIONS = 24 };

static char hw_path[] = CUSIM_FUZZ_ROOT "/configs/hw/seed-cu.yaml";
static char kernel_path[] = CUSIM_FUZZ_ROOT "/workloads/reduction.yaml";

/* The keys of mapping `key` of root mapping `root`, one a line, into `b`;
 * false when `key` is there and not a mapping. */
static bool keys_of(ydoc *d, yaml_node_t *root, const char *key, sbuf *b)
{
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start;
         p < root->data.mapping.pairs.top; p++) {
        yaml_node_t *k = ydoc_node(d, p->key), *v = ydoc_node(d, p->value);
        if (!k || k->type != YAML_SCALAR_NODE
            || strcmp((const char *)k->data.scalar.value, key) != 0)
            continue;
        if (!v || v->type != YAML_MAPPING_NODE)
            return false;
        for (yaml_node_pair_t *q = v->data.mapping.pairs.start;
             q < v->data.mapping.pairs.top; q++) {
            yaml_node_t *kk = ydoc_node(d, q->key);
            if (!kk || kk->type != YAML_SCALAR_NODE)
                return false;
            sb_printf(b, "%s\n", (const char *)kk->data.scalar.value);
        }
    }
    return true;
}

/* The generated experiment `text` has exactly the options' keys. */
static void check_keys(const char *text, const cli_args *args)
{
    ydoc d;
    cusim_error err;
    if (ydoc_load_text(&d, text, "cusim-sweep", "an experiment mapping",
                       &err) != 0)
        fuzz_fail("the generated experiment is not YAML", err.message);
    yaml_node_t *root = ydoc_root(&d);
    if (root->type != YAML_MAPPING_NODE)
        fuzz_fail("the generated experiment is not a mapping", text);
    static const char *const allowed[] = { "name", "hardware", "kernel",
                                           "set", "sweep", "output",
                                           "plots" };
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start;
         p < root->data.mapping.pairs.top; p++) {
        yaml_node_t *k = ydoc_node(&d, p->key);
        bool known = false;
        for (size_t i = 0; i < sizeof allowed / sizeof allowed[0]; i++)
            known = known || (k && k->type == YAML_SCALAR_NODE
                              && strcmp((const char *)k->data.scalar.value,
                                        allowed[i]) == 0);
        if (!known)
            fuzz_fail("the generated experiment has a key no option wrote",
                      text);
    }
    sbuf got_set = { 0 }, got_sweep = { 0 }, want_set = { 0 },
         want_sweep = { 0 };
    if (!keys_of(&d, root, "set", &got_set)
        || !keys_of(&d, root, "sweep", &got_sweep))
        fuzz_fail("set: or sweep: is not a mapping of keys", text);
    for (int i = 0; i < args->n_sets; i++)
        sb_printf(&want_set, "%s\n", args->sets[i].path);
    for (int i = 0; i < args->n_varies; i++)
        sb_printf(&want_sweep, "%.*s\n",
                  (int)strcspn(args->varies[i], "="), args->varies[i]);
    if (strcmp(got_set.s ? got_set.s : "", want_set.s ? want_set.s : "") != 0
        || strcmp(got_sweep.s ? got_sweep.s : "",
                  want_sweep.s ? want_sweep.s : "") != 0) {
        fprintf(stderr, "set:\n%s-- wanted:\n%ssweep:\n%s-- wanted:\n%s",
                got_set.s ? got_set.s : "", want_set.s ? want_set.s : "",
                got_sweep.s ? got_sweep.s : "",
                want_sweep.s ? want_sweep.s : "");
        fuzz_fail("an option became other keys than its own", text);
    }
    free(got_set.s);
    free(got_sweep.s);
    free(want_set.s);
    free(want_sweep.s);
    ydoc_free(&d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    char *argv[2 + 2 * MAX_OPTIONS];     /* after `cusim sweep` */
    int argc = 0;
    argv[argc++] = hw_path;
    argv[argc++] = kernel_path;
    for (char *line = text, *next; line && argc + 2 <= 2 + 2 * MAX_OPTIONS;
         line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        char *option = *line == 's' ? "--set" : *line == 'v' ? "--vary"
                       : *line == 'p' ? "--plot" : NULL;
        if (option) {
            argv[argc++] = option;
            argv[argc++] = line + 1;
        }
    }

    char *said;
    size_t len;
    FILE *saved = stderr;
    stderr = open_memstream(&said, &len);
    if (!stderr)
        abort();
    cli_args args;
    int status;
    experiment *e = NULL;
    char *gen = NULL;
    bool begun = cli_begin(cli_find("sweep"), argc, argv, CLI_OPT_SET
                           | CLI_OPT_SWEEP, &args, &status);
    if (begun && args.n_varies > 0)
        status = cli_sweep_experiment(&args, &e, &gen);
    fclose(stderr);
    stderr = saved;

    if (!*said && (!begun || (args.n_varies > 0 && status != CLI_OK)))
        fuzz_fail("options refused without a word", NULL);
    fuzz_check_said(said, NULL);
    if (begun && args.n_varies > 0 && status == CLI_OK) {
        if (!e || !gen || exp_n_points(e) == 0)
            fuzz_fail("an accepted sweep without its experiment", NULL);
        check_keys(gen, &args);
        /* what --save writes, cusim run loads: the same points */
        experiment *again;
        cusim_error err;
        if (exp_load_text(CUSIM_FUZZ_ROOT "/sweep.yaml", gen, NULL, 0,
                          &again, &err) != 0) {
            fuzz_check_error(&err);
            fuzz_fail("the generated experiment does not load as a file",
                      err.message);
        }
        if (exp_n_points(again) != exp_n_points(e))
            fuzz_fail("the generated experiment loads to other points", gen);
        exp_free(again);
    }
    exp_free(e);
    free(gen);
    free(said);
    free(text);
    return 0;
}
