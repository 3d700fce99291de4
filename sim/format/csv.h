/*
 * csv.h — the library's CSV: the reader (RFC 4180, for the figures drawn
 * from a results CSV) and the writer of one field (for the results CSV).
 *
 * Reader: fields may be quoted; a quoted field may hold commas, line
 * breaks and doubled quotes; records end at LF, CR or CRLF; empty lines
 * are skipped; every record must have the header's number of fields.
 *
 * Writer: a field holding a comma, a quote, LF or CR is quoted, its quotes
 * doubled; any other is written as is. The one CSV field writer: the
 * results CSV and report.c's printers (`--format csv`, `cusim fields`).
 */
#ifndef CUSIM_CSV_H
#define CUSIM_CSV_H

#include <stdio.h>

#include "cusim.h"
#include "strbuf.h"

/* Files larger than this are refused (1 GiB: a million points of about a
 * thousand bytes each). */
#define CSV_MAX_BYTES ((size_t)1 << 30)

/* One field: its unescaped text (inside csv_table.buf) and where it starts
 * in the file (1-based line and character column), for error messages. */
typedef struct csv_cell {
    const char *text;
    int line, column;
} csv_cell;

/* A parsed CSV. Invariant: every record, the header included, has exactly
 * n_cols cells; cell (r, c) is cells[r * n_cols + c]; row 0 is the header;
 * n_rows >= 1. */
typedef struct csv_table {
    const char *path;   /* as given to csv_read (not owned) */
    char *buf;          /* the file's bytes, unescaped in place */
    csv_cell *cells;
    int n_cols, n_rows; /* n_rows counts the header */
} csv_table;

/* Reads and parses the CSV at `path`, which must outlive `csv`; `what`
 * names it in messages ("the results CSV"). On success the caller owns
 * `csv` (csv_free). Returns 0, or -1 with `err` set at the fault: the file
 * cannot be read or is larger than CSV_MAX_BYTES, a quoted field is not
 * terminated or is followed by something other than ',' or a line break,
 * a row's field count differs from the header's, there is no header. */
int csv_read(const char *path, const char *what, csv_table *csv,
             cusim_error *err);

/* Frees what csv_read allocated; safe twice. */
void csv_free(csv_table *csv);

/* Cell (`row`, `col`), both in range; row 0 is the header. */
const csv_cell *csv_at(const csv_table *csv, int row, int col);

/* The index of the header column named `name`, or -1. */
int csv_column(const csv_table *csv, const char *name);

/* Appends `s` to `b` as one CSV field (quoted when it must be). */
void csv_field(sbuf *b, const char *s);

/* Writes the same bytes as csv_field to `out`. */
void csv_write_field(FILE *out, const char *s);

#endif /* CUSIM_CSV_H */
