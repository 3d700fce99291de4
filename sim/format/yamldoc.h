/*
 * yamldoc.h — one YAML document in memory, for the config loader and the
 * other readers of YAML (experiments, plots, run.yaml).
 *
 * A thin layer over libyaml's document API (yaml_parser_load): it reads a
 * file (or a `--set` value), insists on exactly one document, turns
 * libyaml's problems into cusim_error values at 1-based positions, and
 * answers the few questions the loader asks about a node: where it is, what
 * it is (for "got ..." in messages), whether it is null. Nodes are libyaml's
 * own yaml_node_t; tags are ignored.
 */
#ifndef CUSIM_YAMLDOC_H
#define CUSIM_YAMLDOC_H

#include <stdbool.h>
#include <stddef.h>
#include <yaml.h>

#include "cusim.h"

/* Files larger than this are refused before parsing (a config is small;
 * this keeps `cusim check /dev/zero` from eating memory). */
#define YDOC_MAX_BYTES (64u << 20)

/* Flow lists and mappings ([...], {...}) nested deeper than this are
 * refused before parsing: libyaml's time grows with the square of it. */
#define YDOC_MAX_DEPTH 256

/* Lines in a row that are empty or hold only spaces and tabs, and spaces
 * and tabs in a row within a line: more of either is refused before
 * parsing. libyaml keeps a scalar's run of line breaks (and of blanks) in
 * a buffer that only grows, and clears all of it at every later line of
 * the scalar, so its time grows with the longest run times the lines
 * after it: 10^6 blank lines then 10^6 more lines took 47 s. */
#define YDOC_MAX_BLANK_LINES 1024
#define YDOC_MAX_BLANK_RUN 1024

/* A loaded document. Invariant: after a successful load, the root node
 * exists (an empty `--set` value becomes an empty plain scalar). */
typedef struct ydoc {
    yaml_document_t doc;
    bool loaded;          /* `doc` holds a document to delete */
    char *text;           /* the raw bytes, NUL-terminated (owned) */
    size_t size;          /* bytes in `text`, without the NUL */
    const char *file;     /* named by marks and errors (not owned) */
    bool fixed;           /* every node is reported at `at` (--set, defaults) */
    cusim_mark at;
} ydoc;

/* Reads and parses the file at `path`; marks and errors name `file`, which
 * must outlive `d`. `what` completes "empty file (expected ...)", e.g.
 * "a hardware profile mapping". Returns 0, or -1 with `err` set (and `d`
 * already freed): the file cannot be read or is too large; it is empty,
 * only comments or a null document (`---` alone); libyaml rejects it (its
 * problem text at its position) or nests flow collections too deeply; or
 * it holds a second document (reported where that one starts). */
int ydoc_load_file(ydoc *d, const char *path, const char *file,
                   const char *what, cusim_error *err);

/* Reads the file at `path` whole, whatever its kind (a FIFO, /dev/stdin
 * too: it is read once, to its end), as ydoc_load_file reads it: `*text`
 * (NUL-terminated after its `*size` bytes; the caller frees it), or -1
 * with `err` set at `file` ("cannot read: REASON", or larger than
 * YDOC_MAX_BYTES - 1 bytes) and nothing allocated. */
int ydoc_read(const char *path, const char *file, char **text, size_t *size,
              cusim_error *err);

/* Parses the NUL-terminated `text` as ydoc_load_file parses a file's
 * bytes (the text is copied): the same document, the same errors, at the
 * same places, naming `file` (which must outlive `d`). */
int ydoc_load_text(ydoc *d, const char *text, const char *file,
                   const char *what, cusim_error *err);

/* ydoc_load_text of the `size` bytes at `text`, NUL bytes among them
 * included (copied): what ydoc_read read, parsed as the file would be. */
int ydoc_load_bytes(ydoc *d, const char *text, size_t size, const char *file,
                    const char *what, cusim_error *err);

/* Parses the `size` bytes at `text` (read by the caller, NUL-terminated
 * after them; `d` takes it over and frees it, whatever the outcome) as
 * ydoc_load_file parses a file's bytes, NUL bytes among them included:
 * for a file the caller read itself (a results directory's run.yaml,
 * read as a regular file only). */
int ydoc_load_read(ydoc *d, char *text, size_t size, const char *file,
                   const char *what, cusim_error *err);

/* Parses `text` (a `--set` value). Every node, and every error, is placed
 * at `*at` (copied; its `file` string must outlive `d`); `label` starts
 * error messages, e.g. "hw.cu.registers". Empty text (or only a comment) is
 * an empty plain scalar. */
int ydoc_load_string(ydoc *d, const char *text, const cusim_mark *at,
                     const char *label, cusim_error *err);

/* Makes a document of one plain scalar `text`, placed at `*at` (copied):
 * how a key's default text goes through the same checks as a written
 * value. Cannot fail on input; aborts if memory runs out. */
void ydoc_scalar(ydoc *d, const char *text, const cusim_mark *at);

/* Frees what a load allocated; safe on a zeroed or already freed ydoc. */
void ydoc_free(ydoc *d);

yaml_node_t *ydoc_root(ydoc *d);
yaml_node_t *ydoc_node(ydoc *d, int index);   /* NULL when out of range */

/* Where `n` starts, 1-based (or the fixed mark of a string document). */
cusim_mark ydoc_mark(const ydoc *d, const yaml_node_t *n);

/* A plain scalar that YAML reads as null: empty, `~` or `null`. */
bool ydoc_is_null(const yaml_node_t *n);

/* How a message says what was found instead: "'72'", "nothing", "a list",
 * "a mapping", "a block of text", and for quoted scalars "a quoted string"
 * unless `show_quoted` (where strings are fine, show the text itself).
 * Long text is shortened; control characters are kept, for the message
 * formatter (err_set) to escape as \xHH. */
const char *ydoc_describe(const yaml_node_t *n, bool show_quoted,
                          char *buf, size_t size);

/* The raw bytes of 0-based line `line` of a file document (without its line
 * break), counting line breaks the way libyaml does (LF, CR, CRLF, NEL, LS,
 * PS). Returns NULL when there is no such line or the file is not UTF-8. */
const char *ydoc_line(const ydoc *d, int line, size_t *len);

/* Where each byte of a single- or double-quoted scalar's value comes from
 * in its source text `src` (`n` bytes, starting at the opening quote):
 * map[2 i] lines after the quote's line, map[2 i + 1] the 1-based
 * character column in that line, counted from the line's start, or on the
 * quote's line (0) from the character after the quote; for each of the
 * value's `value_len` bytes. Follows YAML's folding of flow scalars (a line
 * break becomes a space, n breaks n - 1 newlines, the blanks around them
 * go) and the double-quoted escapes. Returns 0, or -1 when `src` is not a
 * quoted scalar of that many bytes (then `map` is partly filled). */
int ydoc_quoted_map(const char *src, size_t n, size_t value_len, int *map);

#endif /* CUSIM_YAMLDOC_H */
