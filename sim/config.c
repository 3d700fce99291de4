/*
 * config.c — hardware profiles and kernels from YAML.
 *
 * Everything cusim knows about a config key is one row of hw_keys[] or
 * kernel_keys[] below: dotted path, type, field, default, range and help.
 * The loader, the range checks, the defaults, `--set`, `cusim keys` and the
 * echo of a resolved config are all driven by those rows.
 *
 * Loading runs in passes, so the error reported is the first one a reader
 * of the file would meet:
 *   1. walk the file's mappings building dotted paths ("cu.lanes.alu") and
 *      pick each key's value node: unknown, duplicated and misplaced keys
 *      stop here (nested mappings are implied by the paths' prefixes);
 *   2. walk each `--set` of this kind the same way; its node replaces the
 *      file's;
 *   3. convert the picked nodes in the order they were written (types and
 *      ranges), report the first missing required key, then convert each
 *      remaining key's default text through the same code;
 *   4. check the rules that tie two keys together.
 *
 * Kernels of several dispatches: the `dispatches` row (the last of
 * kernel_keys) holds a list of mappings, one per further dispatch. Pass 3
 * checks only the list's shape; once the first dispatch is fully resolved,
 * each entry is loaded with the same walk and conversions over
 * dispatch_table (kernel_keys without that last row, so row i means the
 * same key in both) into a cusim_kernel that starts as a copy of the
 * previous dispatch: a key the entry does not write keeps the previous
 * dispatch's value and mark. Only `elements` must be written; in an entry
 * it may be an expression of `workgroups` and `elements` (the previous
 * dispatch's), whose syntax is checked here and which is evaluated when the
 * dispatch runs (cusim_dispatch_elements). Messages name an entry's keys
 * `dispatches[I].KEY`, I counted from 0. A `--set` cannot reach the list.
 *
 * Marks: marks[i] belongs to row i and says where that key's value came
 * from. Its `file` is NULL for the config's own file (values from the file,
 * and defaults, line 0), resolved to the struct's `file` by cfg_hw_mark and
 * cfg_kernel_mark, or the cusim_set's `file` string (for overrides; the
 * caller keeps it alive). No mark points into the struct, so a cusim_hw
 * copies by assignment.
 *
 * Applying overrides to a loaded config (cfg_hw_apply, cfg_kernel_apply)
 * runs pass 2 on the overrides alone, then pass 3 on the values they wrote
 * and pass 4, on a copy of the config: the file's values were converted
 * and checked when it was loaded, so the first error is the one loading
 * the file with the same overrides reports. A kernel's later dispatches
 * then take again from the dispatch before them each key they inherited
 * (a key whose mark equals the previous dispatch's).
 */
#include "config.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "suggest.h"
#include "xalloc.h"
#include "expr.h"
#include "yamldoc.h"

/* ----------------------------------------------------------- key table */

typedef enum cfg_type {
    T_NAME,    /* char[64]: 1..max bytes of printable text; the default ""
                  means the file's base name without its extension */
    T_UINT,    /* uint32_t in min..max, plain decimal digits */
    T_UINT64,  /* uint64_t in min..max */
    T_POLICY,  /* cusim_policy, by the names in policy_names[] */
    T_WIDTHS,  /* uint32_t[CUSIM_MAX_WIDTHS] in min..max, one number or a
                  list of distinct ones, stored ascending; aux: int count */
    T_SHAPE,   /* uint32_t[3]: one number or a list of 1..3, product at
                  most max, unused dimensions 1; aux: int dimensions */
    T_REGS,    /* uint32_t in min..max or the plain word `auto` (stored as
                  0); aux: bool auto */
    T_TEXT,    /* char *, malloc'd, not blank; aux: int line, followed by
                  int column (where the text starts in the file) */
    T_COUNT,   /* uint64_t in min..max; in a dispatches entry also an
                  expression of workgroups and elements, whose text goes to
                  aux, a char[128] ("" for a number; the number is then 0) */
    T_DISPATCHES /* cusim_kernel *: the chain of further dispatches, from a
                  list of at most max mappings (see the file comment) */
} cfg_type;

typedef struct cfg_key {
    const char *path;     /* dotted, e.g. "cu.lanes.alu" */
    cfg_type type;
    size_t offset;        /* the field in cusim_hw / cusim_kernel */
    size_t aux;           /* a second field, by type (see cfg_type) */
    const char *def;      /* the default as YAML text; NULL: required */
    uint64_t min, max;    /* numbers and list items; T_NAME: length */
    const char *help;     /* shown by `cusim keys`; for required keys also
                             in "missing required key 'x' (help)" */
} cfg_key;

static const char *const policy_names[] = {
    [CUSIM_POLICY_GTO] = "gto",
    [CUSIM_POLICY_LRR] = "lrr",
    [CUSIM_POLICY_OLDEST] = "oldest",
};
#define N_POLICIES (sizeof policy_names / sizeof policy_names[0])

#define HW(f) offsetof(cusim_hw, f)
#define KN(f) offsetof(cusim_kernel, f)

/* Rows that share a prefix ("cu.", "cu.lanes.") must be contiguous: the
 * echo writes each nested mapping once. When adding a key: add its field
 * to cusim.h and its row here; nothing else spells its default. */
static const cfg_key hw_keys[] = {
    { "name", T_NAME, HW(name), 0, "", 1, sizeof ((cusim_hw *)0)->name - 1,
      "shown in outputs" },
    { "simd_width", T_WIDTHS, HW(simd_widths), HW(n_simd_widths), NULL,
      1, 1024, "lanes per subgroup; a list lets the compiler model choose" },
    { "compute_units", T_UINT, HW(compute_units), 0, NULL, 1, 1000000,
      "compute units on the GPU" },
    { "clock_mhz", T_UINT, HW(clock_mhz), 0, "1500", 1, 100000,
      "core clock in MHz (turns cycles into time)" },
    { "cu.max_invocations", T_UINT, HW(cu.max_invocations), 0, NULL,
      1, 1048576, "resident invocations per CU" },
    { "cu.max_subgroups", T_UINT, HW(cu.max_subgroups), 0, NULL, 1, 65536,
      "resident subgroups per CU" },
    { "cu.max_workgroups", T_UINT, HW(cu.max_workgroups), 0, NULL,
      1, 65536, "resident workgroups per CU" },
    { "cu.max_barrier_workgroups", T_UINT, HW(cu.max_barrier_workgroups), 0,
      "0", 0, 65536, "resident workgroups of several subgroups per CU, "
      "which need a hardware barrier (0: no separate limit)" },
    { "cu.max_workgroup_size", T_UINT, HW(cu.max_workgroup_size), 0, "1024",
      1, 1048576, "largest workgroup a kernel may launch" },
    { "cu.registers", T_UINT, HW(cu.registers), 0, NULL, 1, 67108864,
      "32-bit registers per CU" },
    { "cu.register_granularity", T_UINT, HW(cu.register_granularity), 0,
      "256", 1, 1048576, "per-subgroup allocation unit, in registers" },
    { "cu.max_registers_per_invocation", T_UINT,
      HW(cu.max_registers_per_invocation), 0, "255", 1, 65536,
      "most registers one invocation may use" },
    { "cu.shared_memory", T_UINT, HW(cu.shared_memory), 0, NULL,
      0, 1073741824, "shared memory bytes per CU" },
    { "cu.shared_granularity", T_UINT, HW(cu.shared_granularity), 0, "256",
      1, 1048576, "shared memory allocation unit, in bytes" },
    { "cu.shared_reserved", T_UINT, HW(cu.shared_reserved), 0, "0",
      0, 1048576, "bytes reserved per workgroup (1 KiB from sm_80)" },
    { "cu.max_shared_per_workgroup", T_UINT,
      HW(cu.max_shared_per_workgroup), 0, "0", 0, 1073741824,
      "most shared bytes one workgroup may use (0: cu.shared_memory)" },
    { "cu.schedulers", T_UINT, HW(cu.schedulers), 0, "4", 1, 64,
      "partitions; registers and subgroup slots divide evenly among them" },
    { "cu.issue_per_cycle", T_UINT, HW(cu.issue_per_cycle), 0, "1", 1, 16,
      "instructions each scheduler may issue per cycle" },
    { "cu.policy", T_POLICY, HW(cu.policy), 0, "gto", 0, 0,
      "scheduling: greedy-then-oldest, loose round robin, oldest first" },
    { "cu.lanes.alu", T_UINT, HW(cu.lanes[CUSIM_UNIT_ALU]), 0, "32",
      1, 1024, "ALU lanes (an instruction takes simd_width/lanes cycles)" },
    { "cu.lanes.sfu", T_UINT, HW(cu.lanes[CUSIM_UNIT_SFU]), 0, "8",
      1, 1024, "special-function unit lanes" },
    { "cu.lanes.mem", T_UINT, HW(cu.lanes[CUSIM_UNIT_MEM]), 0, "32",
      1, 1024, "global memory unit lanes" },
    { "cu.lanes.shared", T_UINT, HW(cu.lanes[CUSIM_UNIT_SHARED]), 0, "32",
      1, 1024, "shared memory unit lanes" },
    { "latency.alu", T_UINT, HW(latency[CUSIM_LAT_ALU]), 0, "4",
      1, 1000000, "cycles from issue to result: alu, fma" },
    { "latency.sfu", T_UINT, HW(latency[CUSIM_LAT_SFU]), 0, "20",
      1, 1000000, "cycles from issue to result: sfu" },
    { "latency.shared", T_UINT, HW(latency[CUSIM_LAT_SHARED]), 0, "30",
      1, 1000000, "cycles from issue to result: ld.shared, st.shared" },
    { "latency.global", T_UINT, HW(latency[CUSIM_LAT_GLOBAL]), 0, "400",
      1, 1000000, "cycles from issue to result: ld.global, before queueing" },
    { "latency.barrier", T_UINT, HW(latency[CUSIM_LAT_BARRIER]), 0, "1",
      1, 1000000, "cycles from the last arrival to release: barrier" },
    { "memory.bandwidth", T_UINT, HW(memory.bandwidth), 0, "64", 1, 1048576,
      "bytes per cycle, whole GPU" },
    { "memory.transaction", T_UINT, HW(memory.transaction), 0, "32",
      1, 4096, "bytes per memory transaction" },
    { "memory.max_inflight", T_UINT, HW(memory.max_inflight), 0, "256",
      1, 1048576, "transactions in flight per CU" },
};

static const cfg_key kernel_keys[] = {
    { "name", T_NAME, KN(name), 0, "", 1,
      sizeof ((cusim_kernel *)0)->name - 1, "shown in outputs" },
    { "workgroup_size", T_SHAPE, KN(workgroup), KN(workgroup_dims), NULL,
      1, 1048576, "invocations per workgroup: x, [x, y] or [x, y, z]" },
    { "registers", T_REGS, KN(registers), KN(registers_auto), "auto",
      1, 65536, "registers per invocation, or auto (from live values)" },
    { "shared_bytes", T_UINT, KN(shared_bytes), 0, "0", 0, 1073741824,
      "shared memory bytes per workgroup" },
    { "elements", T_COUNT, KN(elements), KN(elements_expr), NULL,
      1, (uint64_t)1 << 48, "work items in the dispatch" },
    { "elements_per_invocation", T_UINT, KN(elements_per_invocation), 0,
      "1", 1, 4096, "elements each invocation processes" },
    { "subgroup_size", T_UINT, KN(subgroup_size), 0, "0", 0, 1024,
      "subgroup width to use (0: the hardware model chooses)" },
    { "program", T_TEXT, KN(program), KN(program_line), NULL, 0, 0,
      "the synthetic ISA program text" },
    /* must stay the last row: dispatch_table is the rows before it */
    { "dispatches", T_DISPATCHES, KN(next), 0, "[]", 0, 8,
      "further dispatches, run in order after the first (in the file "
      "only, not by --set; their keys follow)" },
};

_Static_assert(sizeof hw_keys / sizeof hw_keys[0] <= CUSIM_MAX_KEYS,
               "cusim_hw.marks is too small for hw_keys");
_Static_assert(sizeof kernel_keys / sizeof kernel_keys[0] <= CUSIM_MAX_KEYS,
               "cusim_kernel.marks is too small for kernel_keys");
_Static_assert(offsetof(cusim_kernel, program_column)
               == offsetof(cusim_kernel, program_line) + sizeof(int),
               "T_TEXT expects the column right after the line");

#define N_KERNEL_KEYS ((int)(sizeof kernel_keys / sizeof kernel_keys[0]))
#define EXPR_CAP sizeof ((cusim_kernel *)0)->elements_expr

typedef struct loader loader;

/* One kind of config: its table and where its common fields are. */
typedef struct cfg_table {
    const cfg_key *keys;
    int n;
    const char *prefix;   /* of its --set paths: "hw." */
    const char *other;    /* the other kind's prefix: ignored in --set */
    const char *what;     /* "a hardware profile mapping" */
    size_t size;          /* sizeof the struct */
    size_t file;          /* its char file[256] */
    size_t marks;         /* its cusim_mark marks[CUSIM_MAX_KEYS] */
    int (*check)(const loader *L);   /* rules across keys, or NULL */
} cfg_table;

static int check_hw(const loader *L);

static const cfg_table hw_table = {
    hw_keys, (int)(sizeof hw_keys / sizeof hw_keys[0]), "hw.", "kernel.",
    "a hardware profile mapping", sizeof(cusim_hw), HW(file), HW(marks),
    check_hw,
};

static const cfg_table kernel_table = {
    kernel_keys, N_KERNEL_KEYS, "kernel.", "hw.", "a kernel mapping",
    sizeof(cusim_kernel), KN(file), KN(marks), NULL,
};

/* The keys of one entry of `dispatches`: every kernel key but that list. */
static const cfg_table dispatch_table = {
    kernel_keys, N_KERNEL_KEYS - 1, "kernel.", "hw.", "a dispatch mapping",
    sizeof(cusim_kernel), KN(file), KN(marks), NULL,
};

static int key_index(const cfg_table *t, const char *path)
{
    for (int i = 0; i < t->n; i++)
        if (strcmp(t->keys[i].path, path) == 0)
            return i;
    return -1;
}

/* Whether `path` names a nested mapping: a proper prefix of some key. */
static bool is_parent(const cfg_table *t, const char *path)
{
    size_t len = strlen(path);
    for (int i = 0; i < t->n; i++)
        if (strncmp(t->keys[i].path, path, len) == 0
            && t->keys[i].path[len] == '.')
            return true;
    return false;
}

/* Writes "a, b, c": the distinct next components of the keys under
 * `parent` ("" for the top level), in table order. */
static void list_children(const cfg_table *t, const char *parent, char *buf,
                          size_t size)
{
    size_t plen = strlen(parent), o = 0;
    buf[0] = '\0';
    for (int i = 0; i < t->n; i++) {
        const char *p = t->keys[i].path;
        if (plen && (strncmp(p, parent, plen) != 0 || p[plen] != '.'))
            continue;
        const char *c = plen ? p + plen + 1 : p;
        size_t clen = strcspn(c, ".");
        bool seen = false;
        for (int j = 0; j < i && !seen; j++) {
            const char *q = t->keys[j].path;
            if (plen && (strncmp(q, parent, plen) != 0 || q[plen] != '.'))
                continue;
            const char *d = plen ? q + plen + 1 : q;
            seen = strcspn(d, ".") == clen && strncmp(c, d, clen) == 0;
        }
        if (seen)
            continue;
        int w = snprintf(buf + o, size - o, "%s%.*s", o ? ", " : "",
                         (int)clen, c);
        if (w < 0 || (size_t)w >= size - o)
            return;
        o += (size_t)w;
    }
}

/* ------------------------------------------------------- did you mean */

enum { MAX_PATH = 200 };   /* longer key paths are unknown by length */

/* Edit distance between two key paths. */
static size_t levenshtein(const char *a, const char *b)
{
    return suggest_distance(a, strlen(a), b, strlen(b));
}

/* Length of the parent part of a path ("cu.lanes" of "cu.lanes.x"; 0 at
 * the top level). */
static size_t parent_len(const char *path)
{
    const char *dot = strrchr(path, '.');
    return dot ? (size_t)(dot - path) : 0;
}

/* Whether `abbr` could abbreviate `word`: same first letter, and its
 * letters appear in `word` in order ("regs" of "registers"). */
static bool abbreviates(const char *abbr, const char *word)
{
    if (strlen(abbr) < 2 || abbr[0] != word[0])
        return false;
    for (; *word && *abbr; word++)
        if (*word == *abbr)
            abbr++;
    return *abbr == '\0';
}

/* The closest key or mapping name to `path`, or NULL when none is close.
 * First among its siblings (same parent): the last components must be
 * within Levenshtein distance max(2, len/3), or the typed one must
 * abbreviate the other. Then among the others (a key under the wrong
 * mapping, or a misspelt mapping; not a mapping `path` is under): the
 * last components must be that close, and the whole path nearest wins.
 * Written to buf. */
static const char *suggest(const cfg_table *t, const char *path, char *buf,
                           size_t size)
{
    size_t len = strlen(path), plen = parent_len(path);
    const char *leaf = plen ? path + plen + 1 : path;
    size_t llen = strlen(leaf);
    size_t limit = llen / 3 > 2 ? llen / 3 : 2;

    if (llen == 0 || len > MAX_PATH)
        return NULL;
    for (int pass = 0; pass < 2; pass++) {
        size_t best = (size_t)-1;
        for (int i = 0; i < t->n; i++) {
            /* the key itself, then each mapping above it */
            char cand[MAX_PATH + 1];
            snprintf(cand, sizeof cand, "%s", t->keys[i].path);
            for (;;) {
                size_t cplen = parent_len(cand);
                const char *cleaf = cplen ? cand + cplen + 1 : cand;
                bool sibling = cplen == plen
                               && strncmp(cand, path, plen) == 0;
                size_t d = levenshtein(leaf, cleaf);
                bool near_enough = d <= limit && d < llen;
                if (pass == 0 && sibling
                    && (near_enough || abbreviates(leaf, cleaf))
                    && d < best) {
                    best = d;
                    snprintf(buf, size, "%s", cand);
                } else if (pass == 1 && !sibling && near_enough
                           && !(strncmp(path, cand, strlen(cand)) == 0
                                && path[strlen(cand)] == '.')
                           && (d = levenshtein(path, cand)) < best) {
                    best = d;
                    snprintf(buf, size, "%s", cand);
                }
                if (!cplen)
                    break;
                cand[cplen] = '\0';
            }
        }
        if (best != (size_t)-1)
            return buf;
    }
    return NULL;
}

/* ------------------------------------------------------------- loading */

/* The value node picked for one key. */
typedef struct slot {
    const ydoc *doc;          /* NULL: not written (default or missing) */
    const yaml_node_t *value;
    cusim_mark mark;          /* the value's */
    cusim_mark key_mark;      /* the key's: block scalars indent from it */
    int rank;                 /* 0 default, 1 the file, 2 an earlier
                                 override (of a loaded config), then
                                 set_rank + i for --set i */
    const char *shown;        /* "" or "hw.": how messages name the key */
} slot;

struct loader {
    const cfg_table *t;
    char *obj;                /* the cusim_hw / cusim_kernel being filled */
    cusim_mark *marks;
    const char *file;         /* obj's own copy of the path */
    ydoc *doc;                /* the document being walked */
    int rank;
    int set_rank;             /* the rank of the first --set */
    const char *shown;
    slot slots[CUSIM_MAX_KEYS];
    cusim_error *err;
    int entry;                /* -1, or which entry of `dispatches` obj is */
    char entry_shown[32];     /* "dispatches[3].": `shown` for an entry */
};

static void *field(const loader *L, size_t offset)
{
    return L->obj + offset;
}

/* Writes `s` for a message: control characters as '?', cut when long. */
static const char *shown_text(const char *s, size_t len, char *buf,
                              size_t size)
{
    size_t o = 0;
    for (size_t i = 0; i < len && o + 4 < size; i++)
        buf[o++] = ((unsigned char)s[i] < 0x20 || s[i] == 0x7F) ? '?' : s[i];
    if (o + 4 >= size && o < len)
        memcpy(buf + o, "...", 3), o += 3;
    buf[o] = '\0';
    return buf;
}

static int unknown_key(const loader *L, const char *path, size_t len,
                       const cusim_mark *at)
{
    char shown[96], near[MAX_PATH + 1], valid[512];
    shown_text(path, len, shown, sizeof shown);
    if (len <= MAX_PATH && strlen(path) == len
        && suggest(L->t, path, near, sizeof near))
        return err_at(L->err, at, "unknown key '%s%s' (did you mean "
                      "'%s%s'?)", L->shown, shown, L->shown, near);
    char parent[MAX_PATH + 1] = "";
    size_t plen = len <= MAX_PATH ? parent_len(path) : 0;
    memcpy(parent, path, plen);
    parent[plen] = '\0';
    if (!is_parent(L->t, parent))
        parent[0] = '\0';
    list_children(L->t, parent, valid, sizeof valid);
    if (parent[0])
        return err_at(L->err, at, "unknown key '%s%s' (valid keys under "
                      "'%s%s': %s)", L->shown, shown, L->shown, parent,
                      valid);
    return err_at(L->err, at, "unknown key '%s%s' (valid keys: %s)",
                  L->shown, shown, valid);
}

static int walk(loader *L, const yaml_node_t *map, const char *parent);

/* Handles `path: value`, written at `key_mark`: picks the value for a key,
 * walks into a nested mapping, or reports an unknown key. */
static int visit(loader *L, const char *path, const cusim_mark *key_mark,
                 const yaml_node_t *value)
{
    for (int j = 0; j < L->t->n && L->doc->fixed; j++) {
        size_t n = strlen(L->t->keys[j].path);
        char shown[96];
        if (L->t->keys[j].type != T_DISPATCHES
            || strncmp(path, L->t->keys[j].path, n) != 0
            || (path[n] != '\0' && path[n] != '.' && path[n] != '['))
            continue;
        return err_at(L->err, key_mark, "%s%s: --set cannot change the "
                      "list of dispatches or its entries (write them in "
                      "the kernel file)", L->shown,
                      shown_text(path, strlen(path), shown, sizeof shown));
    }
    int i = key_index(L->t, path);
    if (i >= 0) {
        slot *s = &L->slots[i];
        s->doc = L->doc;
        s->value = value;
        s->mark = ydoc_mark(L->doc, value);
        s->key_mark = *key_mark;
        s->rank = L->rank;
        s->shown = L->shown;
        return 0;
    }
    if (is_parent(L->t, path)) {
        if (value->type == YAML_MAPPING_NODE)
            return walk(L, value, path);
        char got[200], keys[512];
        cusim_mark m = ydoc_mark(L->doc, value);
        list_children(L->t, path, keys, sizeof keys);
        return err_at(L->err, &m, "%s%s: expected a mapping (of %s), got %s",
                      L->shown, path, keys,
                      ydoc_describe(value, false, got, sizeof got));
    }
    return unknown_key(L, path, strlen(path), key_mark);
}

/* Visits every pair of mapping `map`, whose keys sit under `parent` ("" at
 * the top level). */
static int walk(loader *L, const yaml_node_t *map, const char *parent)
{
    const yaml_node_pair_t *start = map->data.mapping.pairs.start;
    const yaml_node_pair_t *top = map->data.mapping.pairs.top;

    for (const yaml_node_pair_t *pr = start; pr < top; pr++) {
        const yaml_node_t *k = ydoc_node(L->doc, pr->key);
        const yaml_node_t *v = ydoc_node(L->doc, pr->value);
        char got[200], path[MAX_PATH + 2];
        assert(k && v);
        cusim_mark km = ydoc_mark(L->doc, k);
        if (k->type != YAML_SCALAR_NODE)
            return err_at(L->err, &km, "expected a key name%s%s%s, got %s",
                          *parent ? " under '" : "", parent,
                          *parent ? "'" : "",
                          ydoc_describe(k, false, got, sizeof got));
        const char *name = (const char *)k->data.scalar.value;
        size_t len = k->data.scalar.length;

        for (const yaml_node_pair_t *q = start; q < pr; q++) {
            const yaml_node_t *e = ydoc_node(L->doc, q->key);
            if (e->type != YAML_SCALAR_NODE || e->data.scalar.length != len
                || memcmp(e->data.scalar.value, name, len) != 0)
                continue;
            char shown[96];
            shown_text(name, len, shown, sizeof shown);
            cusim_mark first = ydoc_mark(L->doc, e);
            if (L->doc->fixed)
                return err_at(L->err, &km, "duplicate key '%s%s%s%s'",
                              L->shown, parent, *parent ? "." : "", shown);
            return err_at(L->err, &km, "duplicate key '%s%s%s%s' (first "
                          "written at line %d, column %d)", L->shown,
                          parent, *parent ? "." : "", shown, first.line,
                          first.column);
        }
        if (memchr(name, '.', len)) {
            char shown[96];
            shown_text(name, len, shown, sizeof shown);
            size_t head = strcspn(shown, ".");
            return err_at(L->err, &km, "key '%s%s%s%s' contains '.' (write "
                          "nested mappings: %.*s: { %s: ... })", L->shown,
                          parent, *parent ? "." : "", shown, (int)head,
                          shown, shown + head + 1);
        }
        int w = snprintf(path, sizeof path, "%s%s%.*s", parent,
                         *parent ? "." : "", (int)len, name);
        if (strlen(name) != len || w < 0 || (size_t)w >= sizeof path - 1)
            return unknown_key(L, name, len, &km);
        if (visit(L, path, &km, v) != 0)
            return -1;
    }
    return 0;
}

/* --------------------------------------------------------- conversion */

/* Parses plain decimal digits with an optional '+': 0, or -1 when `s` is
 * not such a number, or 1 when it does not fit in 64 bits. */
static int parse_decimal(const char *s, size_t len, uint64_t *v)
{
    size_t i = (len > 0 && s[0] == '+') ? 1 : 0;
    if (i == len)
        return -1;
    *v = 0;
    int overflow = 0;
    for (; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        unsigned d = (unsigned)(s[i] - '0');
        if (*v > (UINT64_MAX - d) / 10)
            overflow = 1;
        else
            *v = *v * 10 + d;
    }
    return overflow;
}

/* The policy names joined by `sep` ("gto, lrr, oldest"). */
static const char *policy_list(const char *sep, char *buf, size_t size)
{
    size_t o = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < N_POLICIES; i++) {
        int w = snprintf(buf + o, size - o, "%s%s", i ? sep : "",
                         policy_names[i]);
        if (w < 0 || (size_t)w >= size - o)
            break;
        o += (size_t)w;
    }
    return buf;
}

/* What a key accepts, for "expected ..." in messages. */
static const char *expectation(const cfg_key *k, char *buf, size_t size)
{
    unsigned long long lo = k->min, hi = k->max;
    switch (k->type) {
    case T_NAME:
        snprintf(buf, size, "a name of %llu to %llu printable characters",
                 lo, hi);
        break;
    case T_UINT:
    case T_UINT64:
    case T_COUNT:
        snprintf(buf, size, "an integer from %llu to %llu", lo, hi);
        break;
    case T_POLICY: {
        char names[64];
        snprintf(buf, size, "one of %s",
                 policy_list(", ", names, sizeof names));
        break;
    }
    case T_WIDTHS:
        snprintf(buf, size, "an integer from %llu to %llu or a list of them",
                 lo, hi);
        break;
    case T_SHAPE:
        snprintf(buf, size, "an integer from %llu to %llu or a list of 1 "
                 "to 3 of them", lo, hi);
        break;
    case T_REGS:
        snprintf(buf, size, "an integer from %llu to %llu or 'auto'", lo,
                 hi);
        break;
    case T_TEXT:
        snprintf(buf, size, "the program text");
        break;
    case T_DISPATCHES:
        snprintf(buf, size, "a list of up to %llu dispatch mappings", hi);
        break;
    }
    return buf;
}

/* What key `k` accepts where `L` reads it: in a dispatches entry, a count
 * may also be an expression. */
static const char *expectation_in(const loader *L, const cfg_key *k,
                                  char *buf, size_t size)
{
    expectation(k, buf, size);
    if (k->type == T_COUNT && L->entry >= 0) {
        size_t len = strlen(buf);
        snprintf(buf + len, size - len, " or an expression of workgroups "
                 "and elements");
    }
    return buf;
}

/* Reads node `n` (the slot's value or one of its list items) as an
 * integer from k->min to k->max. */
static int get_uint(const loader *L, const slot *s, const cfg_key *k,
                    const yaml_node_t *n, uint64_t *v)
{
    char want[160], got[200];
    cusim_mark m = ydoc_mark(s->doc, n);
    expectation_in(L, k, want, sizeof want);
    if (n->type != YAML_SCALAR_NODE
        || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
        return err_at(L->err, &m, "%s%s: expected %s, got %s", s->shown,
                      k->path, want, ydoc_describe(n, false, got,
                                                   sizeof got));
    int rc = parse_decimal((const char *)n->data.scalar.value,
                           n->data.scalar.length, v);
    if (rc > 0)
        return err_at(L->err, &m, "%s%s: %s does not fit in 64 bits "
                      "(expected %s)", s->shown, k->path,
                      ydoc_describe(n, false, got, sizeof got), want);
    if (rc < 0 || *v < k->min || *v > k->max)
        return err_at(L->err, &m, "%s%s: expected %s, got %s", s->shown,
                      k->path, want, ydoc_describe(n, false, got,
                                                   sizeof got));
    return 0;
}

/* Reads a one-number-or-list key into `v` (at most `max_items`). */
static int get_list(const loader *L, const slot *s, const cfg_key *k,
                    const char *items, int max_items, uint32_t *v, int *n)
{
    const yaml_node_t *node = s->value;
    char want[160], got[200];
    uint64_t x;

    if (node->type == YAML_SCALAR_NODE) {
        if (get_uint(L, s, k, node, &x) != 0)
            return -1;
        v[0] = (uint32_t)x;
        *n = 1;
        return 0;
    }
    if (node->type != YAML_SEQUENCE_NODE)
        return err_at(L->err, &s->mark, "%s%s: expected %s, got %s",
                      s->shown, k->path, expectation(k, want, sizeof want),
                      ydoc_describe(node, false, got, sizeof got));
    const yaml_node_item_t *it = node->data.sequence.items.start;
    long count = node->data.sequence.items.top - it;
    if (count == 0)
        return err_at(L->err, &s->mark, "%s%s: expected a list of 1 to %d "
                      "%s, got an empty list", s->shown, k->path, max_items,
                      items);
    if (count > max_items)
        return err_at(L->err, &s->mark, "%s%s: expected a list of 1 to %d "
                      "%s, got %ld", s->shown, k->path, max_items, items,
                      count);
    for (long i = 0; i < count; i++) {
        if (get_uint(L, s, k, ydoc_node((ydoc *)s->doc, it[i]), &x) != 0)
            return -1;
        v[i] = (uint32_t)x;
    }
    *n = (int)count;
    return 0;
}

static int convert_widths(const loader *L, const slot *s, const cfg_key *k)
{
    uint32_t v[CUSIM_MAX_WIDTHS];
    int n;
    if (get_list(L, s, k, "widths", CUSIM_MAX_WIDTHS, v, &n) != 0)
        return -1;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i; j++)
            if (v[i] == v[j]) {
                const yaml_node_item_t *it =
                    s->value->data.sequence.items.start;
                cusim_mark m = ydoc_mark(s->doc,
                                         ydoc_node((ydoc *)s->doc, it[i]));
                return err_at(L->err, &m, "%s%s: %u is listed twice "
                              "(expected distinct widths)", s->shown,
                              k->path, v[i]);
            }
    for (int i = 1; i < n; i++)   /* insertion sort: at most 8 */
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            uint32_t tmp = v[j];
            v[j] = v[j - 1];
            v[j - 1] = tmp;
        }
    memcpy(field(L, k->offset), v, (size_t)n * sizeof v[0]);
    *(int *)field(L, k->aux) = n;
    return 0;
}

static int convert_shape(const loader *L, const slot *s, const cfg_key *k)
{
    uint32_t v[3] = { 1, 1, 1 };
    int n;
    if (get_list(L, s, k, "sizes", 3, v, &n) != 0)
        return -1;
    uint64_t product = (uint64_t)v[0] * v[1] * v[2];
    if (product > k->max) {
        char dims[64];
        if (n == 2)
            snprintf(dims, sizeof dims, "%u x %u", v[0], v[1]);
        else
            snprintf(dims, sizeof dims, "%u x %u x %u", v[0], v[1], v[2]);
        return err_at(L->err, &s->mark, "%s%s: %s = %llu invocations "
                      "(expected at most %llu)", s->shown, k->path, dims,
                      (unsigned long long)product,
                      (unsigned long long)k->max);
    }
    memcpy(field(L, k->offset), v, sizeof v);
    *(int *)field(L, k->aux) = n;
    return 0;
}

/* Reads a scalar that may be any text (names, the policy, the program);
 * returns NULL after reporting a list, a mapping or nothing. */
static const char *get_text(const loader *L, const slot *s,
                            const cfg_key *k, size_t *len)
{
    char want[160], got[200];
    const yaml_node_t *n = s->value;
    if (n->type != YAML_SCALAR_NODE || ydoc_is_null(n)) {
        err_at(L->err, &s->mark, "%s%s: expected %s, got %s", s->shown,
               k->path, expectation(k, want, sizeof want),
               ydoc_describe(n, true, got, sizeof got));
        return NULL;
    }
    *len = n->data.scalar.length;
    return (const char *)n->data.scalar.value;
}

static int convert_name(const loader *L, const slot *s, const cfg_key *k)
{
    char want[160], got[200];
    size_t len;
    const char *text = get_text(L, s, k, &len);
    if (!text)
        return -1;
    bool printable = strlen(text) == len;
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)text[i] < 0x20 || text[i] == 0x7F)
            printable = false;
    if (len > k->max)
        return err_at(L->err, &s->mark, "%s%s: expected %s, got %zu bytes",
                      s->shown, k->path, expectation(k, want, sizeof want),
                      len);
    if (!printable || len < k->min)
        return err_at(L->err, &s->mark, "%s%s: expected %s, got %s",
                      s->shown, k->path, expectation(k, want, sizeof want),
                      ydoc_describe(s->value, true, got, sizeof got));
    memcpy(field(L, k->offset), text, len + 1);
    return 0;
}

static int convert_policy(const loader *L, const slot *s, const cfg_key *k)
{
    char want[160], got[200];
    size_t len;
    const char *text = get_text(L, s, k, &len);
    if (!text)
        return -1;
    for (size_t i = 0; i < N_POLICIES; i++)
        if (strcmp(text, policy_names[i]) == 0 && len == strlen(text)) {
            *(cusim_policy *)field(L, k->offset) = (cusim_policy)i;
            return 0;
        }
    return err_at(L->err, &s->mark, "%s%s: expected %s, got %s", s->shown,
                  k->path, expectation(k, want, sizeof want),
                  ydoc_describe(s->value, true, got, sizeof got));
}

static int convert_regs(const loader *L, const slot *s, const cfg_key *k)
{
    const yaml_node_t *n = s->value;
    uint64_t v;
    if (n->type == YAML_SCALAR_NODE
        && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE
        && strcmp((const char *)n->data.scalar.value, "auto") == 0) {
        *(uint32_t *)field(L, k->offset) = 0;
        *(bool *)field(L, k->aux) = true;
        return 0;
    }
    if (get_uint(L, s, k, n, &v) != 0)
        return -1;
    *(uint32_t *)field(L, k->offset) = (uint32_t)v;
    *(bool *)field(L, k->aux) = false;
    return 0;
}

/* Byte offset of character `column` (0-based) in a UTF-8 line. */
static size_t column_offset(const char *line, size_t len, int column)
{
    size_t i = 0;
    for (int c = 0; i < len && c < column; c++) {
        i++;
        while (i < len && ((unsigned char)line[i] & 0xC0) == 0x80)
            i++;
    }
    return i;
}

/* Where the text of a scalar starts in its file, so that a program's
 * line k, column c sits at line + k - 1, column + c - 1. */
static void text_origin(const slot *s, int *line, int *column)
{
    const yaml_node_t *n = s->value;
    *line = s->mark.line;
    *column = s->mark.column;
    if (s->doc->fixed)
        return;
    switch (n->data.scalar.style) {
    case YAML_SINGLE_QUOTED_SCALAR_STYLE:
    case YAML_DOUBLE_QUOTED_SCALAR_STYLE:
        *column += 1;
        return;
    case YAML_LITERAL_SCALAR_STYLE:
    case YAML_FOLDED_SCALAR_STYLE:
        break;
    default:
        return;
    }
    /* A block scalar: the text starts on the line after its indicator, at
     * the block's indentation, which is either given by a digit in the
     * indicator (relative to the key's column) or that of the first line
     * that is not blank. */
    *line = s->mark.line + 1;
    *column = s->key_mark.column + 2;   /* a guess, if the bytes are odd */
    size_t len;
    const char *ln = ydoc_line(s->doc, s->mark.line - 1, &len);
    if (!ln)
        return;
    size_t i = column_offset(ln, len, s->mark.column - 1);
    while (i < len && (ln[i] == '&' || ln[i] == '!')) {   /* anchor, tag */
        while (i < len && ln[i] != ' ' && ln[i] != '\t')
            i++;
        while (i < len && (ln[i] == ' ' || ln[i] == '\t'))
            i++;
    }
    if (i < len && (ln[i] == '|' || ln[i] == '>')) {
        for (size_t j = i + 1; j < len && j <= i + 2; j++)
            if (ln[j] >= '1' && ln[j] <= '9') {
                *column = s->key_mark.column + (ln[j] - '0');
                return;
            }
    }
    for (int l = s->mark.line; (ln = ydoc_line(s->doc, l, &len)); l++) {
        size_t sp = 0;
        while (sp < len && ln[sp] == ' ')
            sp++;
        size_t rest = sp;
        while (rest < len && (ln[rest] == ' ' || ln[rest] == '\t'))
            rest++;
        if (rest < len) {
            *column = (int)sp + 1;
            return;
        }
    }
}

static int convert_text(const loader *L, const slot *s, const cfg_key *k)
{
    char want[160];
    size_t len;
    const char *text = get_text(L, s, k, &len);
    if (!text)
        return -1;
    if (strlen(text) != len)
        return err_at(L->err, &s->mark, "%s%s: the text contains a NUL "
                      "character (expected %s)", s->shown, k->path,
                      expectation(k, want, sizeof want));
    if (strspn(text, " \t\r\n") == len)
        return err_at(L->err, &s->mark, "%s%s: expected %s, got %s",
                      s->shown, k->path, expectation(k, want, sizeof want),
                      len ? "only blank text" : "an empty text");
    char *copy = xmalloc(len + 1);
    memcpy(copy, text, len + 1);
    char **dst = field(L, k->offset);
    free(*dst);
    *dst = copy;
    int *where = field(L, k->aux);
    text_origin(s, &where[0], &where[1]);
    return 0;
}

/* The column of byte `offset` of a plain scalar's value: counted from
 * the value's start when the file holds the value as it reads, on one
 * line; else the value's own column (a value folded over several lines). */
static int scalar_column(const slot *s, size_t offset)
{
    const yaml_node_t *n = s->value;
    const char *value = (const char *)n->data.scalar.value;
    size_t vlen = n->data.scalar.length, len;
    const char *ln = s->doc->fixed ? NULL
                     : ydoc_line(s->doc, s->mark.line - 1, &len);
    if (!ln)
        return s->mark.column;
    size_t at = column_offset(ln, len, s->mark.column - 1);
    if (len - at < vlen || memcmp(ln + at, value, vlen) != 0)
        return s->mark.column;
    int column = s->mark.column;
    for (size_t i = 0; i < offset && i < vlen; i++)
        if (((unsigned char)value[i] & 0xC0) != 0x80)
            column++;
    return column;
}

/* An entry's count written as an expression: checks its syntax and names
 * and keeps its text (the number becomes 0 until it is evaluated). */
static int convert_expression(const loader *L, const slot *s,
                              const cfg_key *k)
{
    const yaml_node_t *n = s->value;
    const char *text = (const char *)n->data.scalar.value;
    size_t len = n->data.scalar.length;
    char want[160];
    expr_error xe;

    if (strlen(text) != len)
        return err_at(L->err, &s->mark, "%s%s: the text contains a NUL "
                      "character (expected %s)", s->shown, k->path,
                      expectation_in(L, k, want, sizeof want));
    expr *e = expr_parse_names(text, len, EXPR_NAMES_DISPATCH, &xe);
    if (!e) {
        cusim_mark m = s->mark;
        m.column = scalar_column(s, xe.offset);
        return err_at(L->err, &m, "%s%s: %s", s->shown, k->path,
                      xe.message);
    }
    size_t tlen = strlen(expr_text(e));
    if (tlen >= EXPR_CAP) {
        expr_free(e);
        return err_at(L->err, &s->mark, "%s%s: the expression is %zu "
                      "characters long (at most %zu)", s->shown, k->path,
                      tlen, EXPR_CAP - 1);
    }
    memcpy(field(L, k->aux), expr_text(e), tlen + 1);
    expr_free(e);
    *(uint64_t *)field(L, k->offset) = 0;
    return 0;
}

static int convert_count(const loader *L, const slot *s, const cfg_key *k)
{
    const yaml_node_t *n = s->value;
    uint64_t v;
    *(char *)field(L, k->aux) = '\0';
    if (L->entry >= 0 && n->type == YAML_SCALAR_NODE
        && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE
        && !ydoc_is_null(n)
        && parse_decimal((const char *)n->data.scalar.value,
                         n->data.scalar.length, &v) < 0)
        return convert_expression(L, s, k);
    if (get_uint(L, s, k, n, &v) != 0)
        return -1;
    *(uint64_t *)field(L, k->offset) = v;
    return 0;
}

/* Checks the shape of the list of dispatches: at most k->max entries,
 * each a mapping. The entries are loaded once the first dispatch is
 * resolved (load_dispatches). */
static int convert_dispatches(const loader *L, const slot *s,
                              const cfg_key *k)
{
    const yaml_node_t *n = s->value;
    char want[160], got[200], keys[512];
    if (n->type != YAML_SEQUENCE_NODE)
        return err_at(L->err, &s->mark, "%s%s: expected %s, got %s",
                      s->shown, k->path, expectation(k, want, sizeof want),
                      ydoc_describe(n, false, got, sizeof got));
    const yaml_node_item_t *it = n->data.sequence.items.start;
    long count = n->data.sequence.items.top - it;
    for (long i = 0; i < count; i++) {
        const yaml_node_t *e = ydoc_node((ydoc *)s->doc, it[i]);
        cusim_mark m = ydoc_mark(s->doc, e);
        if (i == (long)k->max)
            return err_at(L->err, &m, "%s%s[%ld]: too many dispatches (at "
                          "most %llu may follow the first, got %ld)",
                          s->shown, k->path, i,
                          (unsigned long long)k->max, count);
        if (e->type != YAML_MAPPING_NODE) {
            list_children(&dispatch_table, "", keys, sizeof keys);
            return err_at(L->err, &m, "%s%s[%ld]: expected a dispatch "
                          "mapping (of %s), got %s", s->shown, k->path, i,
                          keys, ydoc_describe(e, false, got, sizeof got));
        }
    }
    return 0;
}

/* Converts slot `i`'s value into its field, checking type and range. */
static int convert(const loader *L, int i)
{
    const cfg_key *k = &L->t->keys[i];
    const slot *s = &L->slots[i];
    uint64_t v;

    switch (k->type) {
    case T_NAME:
        return convert_name(L, s, k);
    case T_UINT:
        if (get_uint(L, s, k, s->value, &v) != 0)
            return -1;
        *(uint32_t *)field(L, k->offset) = (uint32_t)v;
        return 0;
    case T_UINT64:
        if (get_uint(L, s, k, s->value, &v) != 0)
            return -1;
        *(uint64_t *)field(L, k->offset) = v;
        return 0;
    case T_POLICY:
        return convert_policy(L, s, k);
    case T_WIDTHS:
        return convert_widths(L, s, k);
    case T_SHAPE:
        return convert_shape(L, s, k);
    case T_REGS:
        return convert_regs(L, s, k);
    case T_TEXT:
        return convert_text(L, s, k);
    case T_COUNT:
        return convert_count(L, s, k);
    case T_DISPATCHES:
        return convert_dispatches(L, s, k);
    }
    return -1;
}

/* Mark `m` of a struct whose file name is `file`, made whole. */
static cusim_mark mark_in(const char *file, const cusim_mark *m)
{
    cusim_mark r = *m;
    if (!r.file)
        r.file = file;
    return r;
}

/* The mark kept in the struct for `m`: NULL for the config's own file. */
static cusim_mark kept_mark(const loader *L, cusim_mark m)
{
    if (m.file == L->file)
        m.file = NULL;
    return m;
}

/* Whether mark `a` (of rank ra) was written after `b` (rank rb). */
static bool later(const cusim_mark *a, int ra, const cusim_mark *b, int rb)
{
    if (ra != rb)
        return ra > rb;
    if (a->line != b->line)
        return a->line > b->line;
    return a->column > b->column;
}

/* The file's base name without its extension, cut to fit `size`. */
static void base_name(const char *path, char *out, size_t size)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    const char *dot = strrchr(b, '.');
    size_t len = (dot && dot != b) ? (size_t)(dot - b) : strlen(b);
    if (len >= size) {
        len = size - 1;
        while (len > 0 && ((unsigned char)b[len] & 0xC0) == 0x80)
            len--;   /* do not cut a UTF-8 character in two */
    }
    memcpy(out, b, len);
    out[len] = '\0';
}

/* The rules that tie two hardware keys together: each reported at the
 * later of the two keys. */
static int check_hw(const loader *L)
{
    static const char *const divided[] = { "cu.registers",
                                           "cu.max_subgroups" };
    int sched = key_index(L->t, "cu.schedulers");
    uint32_t parts = *(const uint32_t *)field(L, L->t->keys[sched].offset);

    for (size_t d = 0; d < sizeof divided / sizeof divided[0]; d++) {
        int i = key_index(L->t, divided[d]);
        uint32_t v = *(const uint32_t *)field(L, L->t->keys[i].offset);
        if (v % parts == 0)
            continue;
        int at = later(&L->marks[i], L->slots[i].rank, &L->marks[sched],
                       L->slots[sched].rank) ? i : sched;
        cusim_mark m = mark_in(L->file, &L->marks[at]);
        return err_at(L->err, &m, "%s (%u) must divide evenly among "
                      "cu.schedulers (%u)", divided[d], v, parts);
    }
    return 0;
}

/* Frees a chain of further dispatches as the loader builds it (their
 * programs are not parsed yet). */
static void free_dispatches(cusim_kernel *d)
{
    while (d) {
        cusim_kernel *next = d->next;
        free(d->program);
        free(d);
        d = next;
    }
}

/* Frees the text fields and the dispatch chain of a half-built struct. */
static void free_texts(const loader *L)
{
    for (int i = 0; i < L->t->n; i++)
        if (L->t->keys[i].type == T_TEXT) {
            char **p = field(L, L->t->keys[i].offset);
            free(*p);
            *p = NULL;
        } else if (L->t->keys[i].type == T_DISPATCHES) {
            cusim_kernel **p = field(L, L->t->keys[i].offset);
            free_dispatches(*p);
            *p = NULL;
        }
}

/* Applies the overrides of this kind (pass 2); docs[i] keeps set i's
 * value alive. */
static int walk_sets(loader *L, const cusim_set *sets, size_t n_sets,
                     ydoc *docs)
{
    size_t plen = strlen(L->t->prefix);
    for (size_t i = 0; i < n_sets; i++) {
        const cusim_set *set = &sets[i];
        const char *path = set->path ? set->path : "";
        const char *value = set->value ? set->value : "";
        cusim_mark at = { set->file ? set->file : "--set",
                          set->line > 0 ? set->line : 1,
                          set->column > 0 ? set->column : 1 };
        char shown[96], shown_value[96];
        if (strncmp(path, L->t->other, strlen(L->t->other)) == 0)
            continue;
        shown_text(path, strlen(path), shown, sizeof shown);
        if (strncmp(path, L->t->prefix, plen) != 0)
            return err_at(L->err, &at, "'%s=%s': a --set path starts with "
                          "'hw.' or 'kernel.'", shown,
                          shown_text(value, strlen(value), shown_value,
                                     sizeof shown_value));
        if (ydoc_load_string(&docs[i], value, &at, shown, L->err) != 0)
            return -1;
        L->doc = &docs[i];
        L->rank = L->set_rank + (int)i;
        L->shown = L->t->prefix;
        if (strlen(path + plen) > MAX_PATH)
            return unknown_key(L, path + plen, strlen(path + plen), &at);
        if (visit(L, path + plen, &at, ydoc_root(&docs[i])) != 0)
            return -1;
    }
    return 0;
}

/* Pass 3, first half: converts the values written, in the order they
 * were written, and marks where each came from. */
static int convert_written(loader *L)
{
    int order[CUSIM_MAX_KEYS], n = 0;

    for (int i = 0; i < L->t->n; i++) {   /* insertion sort by position */
        if (!L->slots[i].doc)
            continue;
        int j = n++;
        for (; j > 0; j--) {
            const slot *p = &L->slots[order[j - 1]];
            if (!later(&p->mark, p->rank, &L->slots[i].mark,
                       L->slots[i].rank))
                break;
            order[j] = order[j - 1];
        }
        order[j] = i;
    }
    for (int j = 0; j < n; j++) {
        if (convert(L, order[j]) != 0)
            return -1;
        L->marks[order[j]] = kept_mark(L, L->slots[order[j]].mark);
    }
    return 0;
}

/* The default name of the dispatch at `position` (2 for the second) of a
 * kernel named `first`: "first.2", the name cut to make room. */
static void dispatch_name(const char *first, long position, char *out,
                          size_t size)
{
    char suffix[24];
    snprintf(suffix, sizeof suffix, ".%ld", position);
    size_t len = strlen(first), room = size - 1 - strlen(suffix);
    if (len > room) {
        len = room;
        while (len > 0 && ((unsigned char)first[len] & 0xC0) == 0x80)
            len--;   /* do not cut a UTF-8 character in two */
    }
    memcpy(out, first, len);
    strcpy(out + len, suffix);
}

/* Loads the entries of the list in slot `row` (already checked by
 * convert_dispatches) into the chain at obj's `next`, each entry starting
 * from a copy of the dispatch before it. A dispatch joins the chain before
 * it is filled, so a failure leaves everything to free_texts. */
static int load_dispatches(loader *L, int row)
{
    const slot *s = &L->slots[row];
    const cfg_key *k = &L->t->keys[row];
    if (!s->doc)
        return 0;
    assert(k->type == T_DISPATCHES && row == dispatch_table.n);
    const int name = key_index(&dispatch_table, "name");
    const int elements = key_index(&dispatch_table, "elements");
    const int program = key_index(&dispatch_table, "program");
    const cusim_kernel *first = (const cusim_kernel *)L->obj;
    cusim_kernel *prev = (cusim_kernel *)L->obj;
    const yaml_node_item_t *it = s->value->data.sequence.items.start;
    long count = s->value->data.sequence.items.top - it;

    for (long i = 0; i < count; i++) {
        const yaml_node_t *entry = ydoc_node((ydoc *)s->doc, it[i]);
        cusim_kernel *d = xmalloc(sizeof *d);
        memcpy(d, prev, sizeof *d);
        d->program = NULL;
        d->ast = NULL;
        d->next = NULL;
        d->elements = 0;
        d->elements_expr[0] = '\0';
        prev->next = d;

        loader E;
        memset(&E, 0, sizeof E);
        E.t = &dispatch_table;
        E.obj = (char *)d;
        E.marks = d->marks;
        E.file = L->file;   /* the document's name, as in its marks */
        E.doc = (ydoc *)s->doc;
        E.rank = s->rank;
        E.err = L->err;
        E.entry = (int)i;
        snprintf(E.entry_shown, sizeof E.entry_shown, "%s%s[%ld].",
                 s->shown, k->path, i);
        E.shown = E.entry_shown;
        if (walk(&E, entry, "") != 0 || convert_written(&E) != 0)
            return -1;
        if (!E.slots[elements].doc) {
            cusim_mark m = ydoc_mark(s->doc, entry);
            return err_at(L->err, &m, "missing required key '%selements' "
                          "(%s)", E.shown, kernel_keys[elements].help);
        }
        if (!E.slots[name].doc) {
            dispatch_name(first->name, i + 2, d->name, sizeof d->name);
            d->marks[name] = (cusim_mark){ NULL, 0, 0 };
        }
        if (!E.slots[program].doc) {
            size_t len = strlen(prev->program);
            d->program = xmalloc(len + 1);
            memcpy(d->program, prev->program, len + 1);
        }
        prev = d;
    }
    return 0;
}

/* Passes 3 and 4: converts what was written, then the defaults; checks the
 * rules across keys; then loads the further dispatches of a kernel. */
static int resolve(loader *L)
{
    if (convert_written(L) != 0)
        return -1;

    for (int i = 0; i < L->t->n; i++) {
        const cfg_key *k = &L->t->keys[i];
        if (!L->slots[i].doc && !k->def)
            return err_set(L->err, L->file, 1, 1, "missing required key "
                           "'%s' (%s)", k->path, k->help);
    }

    cusim_mark def = { L->file, 0, 0 };
    for (int i = 0; i < L->t->n; i++) {
        const cfg_key *k = &L->t->keys[i];
        if (L->slots[i].doc || k->type == T_DISPATCHES)
            continue;   /* no further dispatches: `next` stays NULL */
        if (k->type == T_NAME && !*k->def) {
            base_name(L->file, field(L, k->offset), k->max + 1);
            continue;
        }
        ydoc d;
        ydoc_scalar(&d, k->def, &def);
        slot *s = &L->slots[i];
        s->doc = &d;
        s->value = ydoc_root(&d);
        s->mark = def;
        s->shown = "";
        int rc = convert(L, i);
        assert(rc == 0 && "a default is out of its own range");
        s->doc = NULL;
        ydoc_free(&d);
        if (rc != 0)
            return -1;
    }
    if (L->t->check && L->t->check(L) != 0)
        return -1;
    for (int i = 0; i < L->t->n; i++)
        if (L->t->keys[i].type == T_DISPATCHES && load_dispatches(L, i) != 0)
            return -1;
    return 0;
}

/* Loads the file at `path`, or when `text` is non-NULL that text under
 * the name `path`, with the overrides `sets`, into `obj`. */
static int load(const cfg_table *t, const char *path, const char *text,
                const cusim_set *sets, size_t n_sets, void *obj,
                cusim_error *err)
{
    loader L;
    ydoc file;
    ydoc *docs = NULL;
    int rc = -1;

    memset(obj, 0, t->size);
    memset(&L, 0, sizeof L);
    L.entry = -1;
    L.t = t;
    L.obj = obj;
    L.marks = (cusim_mark *)field(&L, t->marks);
    L.err = err;
    char *fname = field(&L, t->file);
    L.file = fname;
    L.set_rank = 2;
    if (!path)
        path = "";
    if (strlen(path) >= sizeof ((cusim_hw *)0)->file)
        return err_set(err, path, 1, 1, "cannot read: the file name is "
                       "longer than %zu bytes",
                       sizeof ((cusim_hw *)0)->file - 1);
    strcpy(fname, path);
    for (int i = 0; i < t->n; i++)
        L.marks[i] = (cusim_mark){ NULL, 0, 0 };

    if ((text ? ydoc_load_text(&file, text, fname, t->what, err)
              : ydoc_load_file(&file, path, fname, t->what, err)) != 0)
        return -1;
    docs = xmalloc(n_sets * sizeof *docs);
    memset(docs, 0, n_sets * sizeof *docs);

    const yaml_node_t *root = ydoc_root(&file);
    if (root->type != YAML_MAPPING_NODE) {
        char got[200];
        cusim_mark m = ydoc_mark(&file, root);
        err_at(err, &m, "expected %s, got %s", t->what,
               ydoc_describe(root, true, got, sizeof got));
        goto done;
    }
    L.doc = &file;
    L.rank = 1;
    L.shown = "";
    if (walk(&L, root, "") != 0 || walk_sets(&L, sets, n_sets, docs) != 0
        || resolve(&L) != 0)
        goto done;
    rc = 0;
done:
    for (size_t i = 0; i < n_sets; i++)
        ydoc_free(&docs[i]);
    free(docs);
    ydoc_free(&file);
    if (rc != 0)
        free_texts(&L);
    return rc;
}

int cfg_hw_load(const char *path, const cusim_set *sets, size_t n_sets,
                cusim_hw *out, cusim_error *err)
{
    return load(&hw_table, path, NULL, sets, n_sets, out, err);
}

int cfg_kernel_load(const char *path, const cusim_set *sets, size_t n_sets,
                    cusim_kernel *out, cusim_error *err)
{
    return load(&kernel_table, path, NULL, sets, n_sets, out, err);
}

int cfg_hw_load_string(const char *text, const char *name,
                       const cusim_set *sets, size_t n_sets, cusim_hw *out,
                       cusim_error *err)
{
    return load(&hw_table, name, text ? text : "", sets, n_sets, out, err);
}

int cfg_kernel_load_string(const char *text, const char *name,
                           const cusim_set *sets, size_t n_sets,
                           cusim_kernel *out, cusim_error *err)
{
    return load(&kernel_table, name, text ? text : "", sets, n_sets, out,
                err);
}

/* ------------------------------------------------------ loaded configs */

/* Bytes of key `k`'s field and of its second field (see cfg_type). */
static size_t value_size(const cfg_key *k, size_t *aux)
{
    *aux = 0;
    switch (k->type) {
    case T_NAME:
        return k->max + 1;
    case T_UINT:
        return sizeof(uint32_t);
    case T_UINT64:
        return sizeof(uint64_t);
    case T_POLICY:
        return sizeof(cusim_policy);
    case T_WIDTHS:
        *aux = sizeof(int);
        return CUSIM_MAX_WIDTHS * sizeof(uint32_t);
    case T_SHAPE:
        *aux = sizeof(int);
        return 3 * sizeof(uint32_t);
    case T_REGS:
        *aux = sizeof(bool);
        return sizeof(uint32_t);
    case T_TEXT:
        *aux = 2 * sizeof(int);
        return sizeof(char *);
    case T_COUNT:
        *aux = EXPR_CAP;
        return sizeof(uint64_t);
    case T_DISPATCHES:
        break;
    }
    return 0;
}

/* Copies key `k`'s value from struct `src` to struct `dst` (a text is
 * duplicated, the one it replaces freed; the dispatch chain is not a value
 * and stays). */
static void copy_value(const cfg_key *k, char *dst, const char *src)
{
    size_t aux, size = value_size(k, &aux);
    if (k->type == T_TEXT) {
        char **to = (char **)(dst + k->offset);
        const char *from = *(char *const *)(src + k->offset);
        free(*to);
        *to = from ? xstrdup(from) : NULL;
    } else {
        memcpy(dst + k->offset, src + k->offset, size);
    }
    memcpy(dst + k->aux, src + k->aux, aux);
}

static bool same_mark(const cusim_mark *a, const cusim_mark *b)
{
    return a->file == b->file && a->line == b->line
           && a->column == b->column;
}

/* Applies the overrides of `t`'s kind to `obj`, a loaded config the caller
 * may change: passes 2 to 4 (see the file comment). On failure `obj` may
 * hold some of the new values; the caller throws it away. */
static int apply_sets(const cfg_table *t, void *obj, const cusim_set *sets,
                      size_t n_sets, cusim_error *err)
{
    loader L;
    memset(&L, 0, sizeof L);
    L.entry = -1;
    L.t = t;
    L.obj = obj;
    L.marks = (cusim_mark *)field(&L, t->marks);
    L.err = err;
    L.file = field(&L, t->file);
    L.set_rank = 3;
    for (int i = 0; i < t->n; i++)   /* the rank each value was loaded at */
        L.slots[i].rank = L.marks[i].line == 0 ? 0 : !L.marks[i].file ? 1
                          : 2;
    ydoc *docs = xcalloc(n_sets ? n_sets : 1, sizeof *docs);
    int rc = walk_sets(&L, sets, n_sets, docs) == 0
             && convert_written(&L) == 0
             && (!t->check || t->check(&L) == 0) ? 0 : -1;
    for (size_t i = 0; i < n_sets; i++)
        ydoc_free(&docs[i]);
    free(docs);
    return rc;
}

/* After overrides changed the first dispatch of `k` (a copy of `old`),
 * gives each later dispatch again what it took from the one before it
 * when it was loaded: each key whose mark equals the previous dispatch's,
 * and a default name. */
static void inherit_again(cusim_kernel *k, const cusim_kernel *old)
{
    const int name = key_index(&dispatch_table, "name");
    long position = 2;
    const cusim_kernel *prev_old = old;
    for (cusim_kernel *prev = k, *d = k->next; d;
         prev = d, d = d->next, prev_old = prev_old->next, position++) {
        const cusim_kernel *d_old = prev_old->next;
        for (int i = 0; i < dispatch_table.n; i++) {
            if (i == name || !same_mark(&d_old->marks[i],
                                        &prev_old->marks[i]))
                continue;
            copy_value(&kernel_keys[i], (char *)d, (const char *)prev);
            d->marks[i] = prev->marks[i];
        }
        if (d->marks[name].line == 0)
            dispatch_name(k->name, position, d->name, sizeof d->name);
    }
}

int cfg_hw_apply(cusim_hw *hw, const cusim_set *sets, size_t n_sets,
                 cusim_error *err)
{
    cusim_hw copy = *hw;
    if (apply_sets(&hw_table, &copy, sets, n_sets, err) != 0)
        return -1;
    *hw = copy;
    return 0;
}

void cfg_kernel_clone(cusim_kernel *dst, const cusim_kernel *src)
{
    cusim_kernel *to = dst;
    for (const cusim_kernel *from = src; from; from = from->next) {
        memcpy(to, from, sizeof *to);
        to->program = from->program ? xstrdup(from->program) : NULL;
        to->ast = NULL;
        to->next = from->next ? xmalloc(sizeof *to->next) : NULL;
        to = to->next;
    }
}

void cfg_kernel_free(cusim_kernel *k)
{
    if (!k)
        return;
    free(k->program);
    free_dispatches(k->next);
    k->program = NULL;
    k->next = NULL;
}

int cfg_kernel_apply(const cusim_kernel *k, const cusim_set *sets,
                     size_t n_sets, cusim_kernel *out, cusim_error *err)
{
    cfg_kernel_clone(out, k);
    if (apply_sets(&kernel_table, out, sets, n_sets, err) != 0) {
        cfg_kernel_free(out);
        return -1;
    }
    inherit_again(out, k);
    return 0;
}

cusim_mark cfg_hw_mark(const cusim_hw *hw, const char *path)
{
    int i = key_index(&hw_table, path);
    return i < 0 ? (cusim_mark){ NULL, 0, 0 }
                 : mark_in(hw->file, &hw->marks[i]);
}

cusim_mark cfg_kernel_mark(const cusim_kernel *k, const char *path)
{
    int i = key_index(&kernel_table, path);
    return i < 0 ? (cusim_mark){ NULL, 0, 0 }
                 : mark_in(k->file, &k->marks[i]);
}

/* ------------------------------------------------------------ --set */

int cusim_set_parse(char *arg, int index, cusim_set *set, cusim_error *err)
{
    char *eq = arg ? strchr(arg, '=') : NULL;
    if (!eq || eq == arg)
        return err_set(err, "--set", index, 1, "expected PATH=VALUE, got "
                       "'%.200s'", arg ? arg : "");
    *eq = '\0';
    set->path = arg;
    set->value = eq + 1;
    set->file = "--set";
    set->line = index;
    set->column = 1;
    return 0;
}

/* ------------------------------------------------------------- sniffing */

int cfg_sniff(const char *path, cfg_kind *kind, cusim_error *err)
{
    static const char what[] = "a hardware profile or kernel mapping";
    ydoc d;
    char got[200];
    bool hw = false, kernel = false;

    if (ydoc_load_file(&d, path, path, what, err) != 0)
        return -1;
    const yaml_node_t *root = ydoc_root(&d);
    if (root->type != YAML_MAPPING_NODE) {
        cusim_mark m = ydoc_mark(&d, root);
        err_at(err, &m, "expected %s, got %s", what,
               ydoc_describe(root, true, got, sizeof got));
        ydoc_free(&d);
        return -1;
    }
    for (const yaml_node_pair_t *pr = root->data.mapping.pairs.start;
         pr < root->data.mapping.pairs.top; pr++) {
        const yaml_node_t *k = ydoc_node(&d, pr->key);
        if (k->type != YAML_SCALAR_NODE)
            continue;
        const char *name = (const char *)k->data.scalar.value;
        kernel |= strcmp(name, "program") == 0;
        hw |= strcmp(name, "cu") == 0 || strcmp(name, "simd_width") == 0;
    }
    ydoc_free(&d);
    if (kernel || hw) {
        *kind = kernel ? CFG_KERNEL : CFG_HW;
        return 0;
    }
    return err_set(err, path, 1, 1, "neither a kernel (no 'program' key) "
                   "nor a hardware profile (no 'cu' or 'simd_width' key)");
}

/* ---------------------------------------------------------- printing */

static const char *type_name(const cfg_key *k, char *buf, size_t size)
{
    switch (k->type) {
    case T_NAME:
    case T_TEXT:
        return "text";
    case T_UINT:
    case T_UINT64:
    case T_COUNT:
        return "integer";
    case T_POLICY:
        return policy_list("|", buf, size);
    case T_WIDTHS:
    case T_SHAPE:
        return "integer list";
    case T_REGS:
        return "integer|auto";
    case T_DISPATCHES:
        return "list";
    }
    return "?";
}

static const char *range_text(const cfg_key *k, char *buf, size_t size)
{
    unsigned long long lo = k->min, hi = k->max;
    switch (k->type) {
    case T_NAME:
        snprintf(buf, size, "%llu..%llu chars", lo, hi);
        break;
    case T_UINT:
    case T_UINT64:
    case T_REGS:
    case T_COUNT:
        snprintf(buf, size, "%llu..%llu", lo, hi);
        break;
    case T_DISPATCHES:
        snprintf(buf, size, "up to %llu", hi);
        break;
    case T_WIDTHS:
        snprintf(buf, size, "%llu..%llu, up to %d", lo, hi,
                 CUSIM_MAX_WIDTHS);
        break;
    case T_SHAPE:
        snprintf(buf, size, "%llu..%llu, up to 3", lo, hi);
        break;
    case T_POLICY:
    case T_TEXT:
        snprintf(buf, size, "-");
        break;
    }
    return buf;
}

static const char *default_text(const cfg_key *k)
{
    if (!k->def)
        return "required";
    if (k->type == T_NAME && !*k->def)
        return "file name";
    return k->def;
}

/* One line of `cusim keys`. */
typedef struct key_line {
    char path[MAX_PATH + 16];
    char type[64];
    const char *def;
    char range[64];
    const char *help;
} key_line;

/* Fills `line` for row `k`; `entry`: as a key of a dispatches entry,
 * whose keys default to the previous dispatch's values. */
static void key_line_of(const cfg_key *k, bool entry, key_line *line)
{
    char type[64];
    snprintf(line->path, sizeof line->path, "%s%s",
             entry ? "dispatches[]." : "", k->path);
    snprintf(line->type, sizeof line->type, "%s",
             type_name(k, type, sizeof type));
    range_text(k, line->range, sizeof line->range);
    line->def = default_text(k);
    line->help = k->help;
    if (!entry)
        return;
    if (k->type == T_COUNT) {
        snprintf(line->type, sizeof line->type, "integer|expression");
        line->help = "work items in the dispatch: a number, or an "
                     "expression of workgroups and elements (the previous "
                     "dispatch's counts)";
    } else if (k->type == T_NAME) {
        line->def = "<name>.N";
        line->help = "shown in outputs (by default the kernel's name and "
                     "the dispatch's position: reduction.2)";
    } else {
        line->def = "previous";
    }
}

void cfg_print_keys(FILE *out, cfg_kind kind)
{
    const cfg_table *t = kind == CFG_HW ? &hw_table : &kernel_table;
    key_line lines[2 * CUSIM_MAX_KEYS];
    int n = 0, wp = 0, wt = 0, wd = 0, wr = 0;

    for (int i = 0; i < t->n; i++) {
        key_line_of(&t->keys[i], false, &lines[n++]);
        if (t->keys[i].type != T_DISPATCHES)
            continue;
        for (int j = 0; j < dispatch_table.n; j++)
            key_line_of(&dispatch_table.keys[j], true, &lines[n++]);
    }
    for (int i = 0; i < n; i++) {
        int a = (int)strlen(lines[i].path), b = (int)strlen(lines[i].type);
        int c = (int)strlen(lines[i].def), d = (int)strlen(lines[i].range);
        wp = a > wp ? a : wp;
        wt = b > wt ? b : wt;
        wd = c > wd ? c : wd;
        wr = d > wr ? d : wr;
    }
    for (int i = 0; i < n; i++)
        fprintf(out, "%-*s  %-*s  %-*s  %-*s  %s\n", wp, lines[i].path, wt,
                lines[i].type, wd, lines[i].def, wr, lines[i].range,
                lines[i].help);
}

/* ------------------------------------------------------------- echo */

/* Whether a UTF-8 sequence at s is one YAML treats specially inside text:
 * NEL, LS, PS (line breaks) or a byte order mark. */
static size_t special_utf8(const unsigned char *s)
{
    if (s[0] == 0xC2 && s[1] == 0x85)
        return 2;
    if (s[0] == 0xE2 && s[1] == 0x80 && (s[2] == 0xA8 || s[2] == 0xA9))
        return 3;
    if (s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF)
        return 3;
    return 0;
}

/* Writes `s` as a double-quoted YAML scalar. */
static void echo_quoted(FILE *out, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    fputc('"', out);
    while (*p) {
        size_t sp = special_utf8(p);
        if (sp) {
            fputs(p[0] == 0xC2 ? "\\N" : p[0] == 0xEF ? "\\uFEFF"
                  : p[2] == 0xA8 ? "\\L" : "\\P", out);
            p += sp;
            continue;
        }
        if (*p == '"' || *p == '\\')
            fprintf(out, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", out);
        else if (*p == '\t')
            fputs("\\t", out);
        else if (*p < 0x20 || *p == 0x7F)
            fprintf(out, "\\x%02X", *p);
        else
            fputc(*p, out);
        p++;
    }
    fputc('"', out);
}

/* Writes `s` as a literal block scalar indented by `indent` when that
 * reads back exactly, else as a double-quoted scalar. */
static void echo_text(FILE *out, const char *s, int indent)
{
    const unsigned char *p = (const unsigned char *)s;
    bool literal = strspn(s, " \t\n") < strlen(s);
    for (; *p && literal; p++)
        if ((*p < 0x20 && *p != '\n' && *p != '\t') || *p == 0x7F
            || special_utf8(p))
            literal = false;
    if (!literal) {
        echo_quoted(out, s);
        fputc('\n', out);
        return;
    }
    /* An indentation digit is needed when the first line that is not
     * blank starts with white space, or a blank line before it is not
     * empty: YAML would otherwise guess the indentation wrong. */
    size_t lead = 0;
    while (s[lead] == '\n')
        lead++;
    bool digit = s[lead] == ' ' || s[lead] == '\t';
    size_t len = strlen(s), trailing = 0;
    while (trailing < len && s[len - 1 - trailing] == '\n')
        trailing++;
    fprintf(out, "|%s%s\n", digit ? "2" : "",
            trailing == 0 ? "-" : trailing == 1 ? "" : "+");
    for (const char *line = s; *line;) {
        size_t n = strcspn(line, "\n");
        if (n)
            fprintf(out, "%*s%.*s", indent, "", (int)n, line);
        fputc('\n', out);
        line += n;
        if (*line == '\n')
            line++;
    }
}

/* Writes one key's value after "key: ". */
static void echo_value(FILE *out, const cfg_key *k, const char *obj,
                       int indent)
{
    const void *f = obj + k->offset;
    switch (k->type) {
    case T_NAME:
        echo_quoted(out, f);
        fputc('\n', out);
        return;
    case T_UINT:
        fprintf(out, "%u\n", *(const uint32_t *)f);
        return;
    case T_UINT64:
        fprintf(out, "%llu\n", (unsigned long long)*(const uint64_t *)f);
        return;
    case T_POLICY: {
        unsigned v = (unsigned)*(const cusim_policy *)f;
        fprintf(out, "%s\n", v < N_POLICIES ? policy_names[v] : "?");
        return;
    }
    case T_WIDTHS:
    case T_SHAPE: {
        const uint32_t *v = f;
        int n = *(const int *)(obj + k->aux);
        if (n == 1) {
            fprintf(out, "%u\n", v[0]);
            return;
        }
        for (int i = 0; i < n; i++)
            fprintf(out, "%s%u", i ? ", " : "[", v[i]);
        fputs("]\n", out);
        return;
    }
    case T_REGS:
        if (*(const bool *)(obj + k->aux))
            fputs("auto\n", out);
        else
            fprintf(out, "%u\n", *(const uint32_t *)f);
        return;
    case T_TEXT: {
        const char *text = *(char *const *)f;
        echo_text(out, text ? text : "", indent);
        return;
    }
    case T_COUNT: {
        const char *text = obj + k->aux;
        if (*text)   /* an expression: it was read as a plain scalar */
            fprintf(out, "%s\n", text);
        else
            fprintf(out, "%llu\n", (unsigned long long)*(const uint64_t *)f);
        return;
    }
    case T_DISPATCHES:
        break;   /* written by echo() */
    }
}

/* Starts a line indented by `indent`; with `*item`, as the first line of
 * a list item ("- " in the last two columns of the indentation), once. */
static void echo_lead(FILE *out, int indent, bool *item)
{
    if (*item && indent >= 2)
        fprintf(out, "%*s- ", indent - 2, "");
    else
        fprintf(out, "%*s", indent, "");
    *item = false;
}

static void echo(FILE *out, const cfg_table *t, const void *obj, int base,
                 bool item);

/* Writes the value of `dispatches:` (the key already written): each
 * further dispatch of `first` as an item of a block list whose key is
 * indented by `indent`, or an empty flow list. */
static void echo_dispatches(FILE *out, const cusim_kernel *first, int indent)
{
    if (!first->next) {
        fputs(" []\n", out);
        return;
    }
    fputc('\n', out);
    for (const cusim_kernel *d = first->next; d; d = d->next)
        echo(out, &dispatch_table, d, indent + 4, true);
}

/* Writes the keys of `t` from `obj` as nested YAML mappings indented by
 * `base`, two spaces per level: a nested mapping's name is written when
 * the first of its keys is (the rows of a mapping are contiguous in the
 * table). With `item`, the mapping is an item of a block list. */
static void echo(FILE *out, const cfg_table *t, const void *obj, int base,
                 bool item)
{
    const char *prev = "";
    for (int i = 0; i < t->n; i++) {
        const char *path = t->keys[i].path;
        /* components shared with the previous key's parents */
        size_t same = 0, pl = parent_len(path), ql = parent_len(prev);
        int depth = 0;
        while (same < pl && same < ql) {
            size_t a = strcspn(path + same, "."), b = strcspn(prev + same, ".");
            if (a != b || strncmp(path + same, prev + same, a) != 0)
                break;
            same += a + 1;
            depth++;
        }
        const char *c = path + same;
        for (const char *dot; (dot = strchr(c, '.')); c = dot + 1, depth++) {
            echo_lead(out, base + 2 * depth, &item);
            fprintf(out, "%.*s:\n", (int)(dot - c), c);
        }
        echo_lead(out, base + 2 * depth, &item);
        fprintf(out, "%s:", c);
        if (t->keys[i].type == T_DISPATCHES) {
            echo_dispatches(out, obj, base + 2 * depth);
        } else {
            fputc(' ', out);
            echo_value(out, &t->keys[i], obj, base + 2 * depth + 2);
        }
        prev = path;
    }
}

void cfg_echo_hw(FILE *out, const cusim_hw *hw)
{
    echo(out, &hw_table, hw, 0, false);
}

void cfg_echo_kernel(FILE *out, const cusim_kernel *k)
{
    echo(out, &kernel_table, k, 0, false);
}
