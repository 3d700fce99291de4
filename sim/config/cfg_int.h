/*
 * cfg_int.h — what the pieces of the config loader share (internal: only
 * sim/cfg_*.c include it).
 *
 *   cfg_keys.c      the descriptor tables, key lookup, `cusim keys`
 *   cfg_load.c      the walk over a YAML document, did-you-mean, --set,
 *                   in-memory overrides, a kernel's further dispatches
 *   cfg_convert.c   the conversion of a key's value node by its type
 *   cfg_dispatch.c  a loaded kernel's chain of further dispatches:
 *                   copies, overrides, freeing
 *   cfg_echo.c      the echo of a resolved config as YAML
 *
 * Marks: marks[i] belongs to row i of the table and says where that key's
 * value came from. Its `file` is NULL for the config's own file (values
 * from the file, and defaults, line 0), resolved to the struct's `file` by
 * cfg_mark_in (cfg_hw_mark, cfg_kernel_mark, errors), or the cusim_set's
 * `file` string (for overrides; the caller keeps it alive). No mark points
 * into the struct, so a cusim_hw copies by assignment.
 */
#ifndef CUSIM_CFG_INT_H
#define CUSIM_CFG_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "cusim.h"
#include "yamldoc.h"

/* ----------------------------------------------------------- key table */

/* The kinds of value a key holds. When adding one, also: cfg_convert()
 * and cfg_expectation() in cfg_convert.c, value_size() in cfg_dispatch.c,
 * echo_value() in cfg_echo.c, type_name() and range_text() in cfg_keys.c. */
typedef enum cfg_type {
    T_NAME,    /* char[64]: 1..max bytes of printable text; the default ""
                  means the file's base name without its extension */
    T_UINT,    /* uint32_t in min..max, plain decimal digits */
    T_UINT64,  /* uint64_t in min..max */
    T_ENUM,    /* an enum (int-sized), by its names: aux is its row in
                  cfg_enums[] (the name's index is the value) */
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
    T_SIZE,    /* uint32_t in min..max, or an expression of the launch
                  shape (a repeat count's grammar and names, EXPR_NAMES_
                  SHAPE) kept in aux, a cusim_shape_expr (text "" for a
                  number; the number is then 0), evaluated for each launch
                  shape (cusim_kernel_shared_bytes) */
    T_BUFFERS, /* cusim_buffer[CUSIM_MAX_BUFFERS]: a mapping of at most max
                  names to sizes (an integer, an integer with KiB, MiB or
                  GiB, or an expression of the launch shape), kept as
                  written; aux: int count. Its default "{}" is no buffer. */
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

/* The enums a T_ENUM key may hold, and their value names (cfg_keys.c). */
enum { CFG_ENUM_POLICY, CFG_ENUM_RULES, CFG_ENUM_STORES, CFG_ENUM_DRAM_SCHED,
       CFG_ENUM_SHUFFLE, CFG_ENUM_REGORIGIN, CFG_ENUM_SERVES,
       CFG_ENUM_HASH, CFG_ENUM_SHARED_WIDE, CFG_ENUM_SCALAR_ISSUE };
typedef struct cfg_enum {
    const char *const *names;
    int n;
} cfg_enum;
extern const cfg_enum cfg_enums[];


enum { CFG_MAX_PATH = 200 };   /* longer key paths are unknown by length */

/* Bytes of a later dispatch's `elements` expression, NUL included. */
#define CFG_EXPR_CAP sizeof ((cusim_kernel *)0)->elements_expr

typedef struct cfg_loader cfg_loader;

/* One kind of config: its table and where its common fields are. */
typedef struct cfg_table {
    const cfg_key *keys;
    int n;
    const char *prefix;   /* of its --set paths: "hw." */
    const char *other;    /* the other kind's prefix: ignored in --set */
    const char *what;     /* "a hardware profile mapping" */
    size_t size;          /* sizeof the struct */
    size_t file;          /* its char file[CUSIM_PATH_MAX] */
    size_t marks;         /* its cusim_mark marks[CUSIM_MAX_KEYS] */
    int (*check)(const cfg_loader *L);   /* rules across keys, or NULL */
    /* Whether the echo leaves out row i for `obj` (a key whose value is
     * implied, kept out so older configs echo as before), or NULL: none
     * is left out. */
    bool (*echo_omits)(const void *obj, int i);
} cfg_table;

/* The tables (cfg_keys.c): profiles, kernels, and one entry of a kernel's
 * `dispatches` (kernel_keys without that last row, so row i means the same
 * key in both). */
extern const cfg_table cfg_hw_table;
extern const cfg_table cfg_kernel_table;
extern const cfg_table cfg_dispatch_table;

/* The row of key `path` in `t`, or -1. */
int cfg_key_index(const cfg_table *t, const char *path);

/* Whether `path` names a nested mapping: a proper prefix of some key. */
bool cfg_is_parent(const cfg_table *t, const char *path);

/* Writes "a, b, c": the distinct next components of the keys under
 * `parent` ("" for the top level), in table order. */
void cfg_list_children(const cfg_table *t, const char *parent, char *buf,
                       size_t size);

/* Length of the parent part of a path ("cu.lanes" of "cu.lanes.x"; 0 at
 * the top level). */
size_t cfg_parent_len(const char *path);

/* A T_ENUM key's value names joined by `sep` ("gto, lrr, oldest"), in
 * `buf`. */
const char *cfg_enum_list(const cfg_key *k, const char *sep, char *buf,
                          size_t size);

/* Mark `m` of a struct whose file name is `file`, made whole. */
cusim_mark cfg_mark_in(const char *file, const cusim_mark *m);

/* ------------------------------------------------------------- loading */

/* The value node picked for one key. */
typedef struct cfg_slot {
    const ydoc *doc;          /* NULL: not written (default or missing) */
    const yaml_node_t *value;
    cusim_mark mark;          /* the value's */
    cusim_mark key_mark;      /* the key's: block scalars indent from it */
    int rank;                 /* 0 default, 1 the file, 2 an earlier
                                 override (of a loaded config), then
                                 set_rank + i for --set i */
    const char *shown;        /* "" or "hw.": how messages name the key */
} cfg_slot;

struct cfg_loader {
    const cfg_table *t;
    char *obj;                /* the cusim_hw / cusim_kernel being filled */
    cusim_mark *marks;
    const char *file;         /* obj's own copy of the path */
    ydoc *doc;                /* the document being walked */
    int rank;
    int set_rank;             /* the rank of the first --set */
    const char *shown;
    cfg_slot slots[CUSIM_MAX_KEYS];
    cusim_error *err;
    int entry;                /* -1, or which entry of `dispatches` obj is */
    char entry_shown[32];     /* "dispatches[3].": `shown` for an entry */
};

/* The field at `offset` of the struct L is building. */
static inline void *cfg_field(const cfg_loader *L, size_t offset)
{
    return L->obj + offset;
}

/* cfg_convert.c: converts the node picked for table row i (or the row's
 * default text) into its field. Returns 0, or -1 with L->err set. */
int cfg_convert(const cfg_loader *L, int i);

/* What a key accepts, for "expected ..." in messages, in `buf`. */
const char *cfg_expectation(const cfg_key *k, char *buf, size_t size);

/* Fails with "KEY: expected WHAT IT ACCEPTS, got WHAT `n` IS" at `at`
 * (see ydoc_describe for `show_quoted`); returns -1. */
int cfg_wrong(const cfg_loader *L, const cfg_slot *s, const cfg_key *k,
              const cusim_mark *at, const yaml_node_t *n, bool show_quoted);

/* The rules that tie two hardware keys together (cfg_hw_table.check). */
int cfg_check_hw(const cfg_loader *L);

/* Applies the overrides of `t`'s kind to `obj`, a loaded config the caller
 * may change: passes 2 to 4 of cfg_load.c. On failure `obj` may hold some
 * of the new values; the caller throws it away. */
int cfg_apply_sets(const cfg_table *t, void *obj, const cusim_set *sets,
                   size_t n_sets, cusim_error *err);

/* Frees a chain of further dispatches whose programs are not parsed (as
 * the loader builds it); NULL-safe. */
void cfg_free_dispatches(cusim_kernel *d);

/* The default name of the dispatch at `position` (2 for the second) of a
 * kernel named `first`, into `out` (`size` bytes): "first.2", the name cut
 * to make room. */
void cfg_dispatch_name(const char *first, long position, char *out,
                       size_t size);

#endif /* CUSIM_CFG_INT_H */
