/*
 * csv.c — the library's CSV reader and writer (see csv.h).
 */
#include "csv.h"

#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "fileio.h"
#include "xalloc.h"

void csv_free(csv_table *csv)
{
    free(csv->buf);
    free(csv->cells);
    csv->buf = NULL;
    csv->cells = NULL;
}

const csv_cell *csv_at(const csv_table *csv, int row, int col)
{
    return &csv->cells[(size_t)row * (size_t)csv->n_cols + (size_t)col];
}

int csv_read(const char *path, const char *what, csv_table *csv,
             cusim_error *err)
{
    memset(csv, 0, sizeof *csv);
    csv->path = path;
    size_t len = 0;
    if (fio_read_file(path, CSV_MAX_BYTES, what, &csv->buf, &len, err) < 0)
        return -1;

    /* Fields are unescaped in place: the write cursor `w` never passes the
     * read cursor `r`, since unescaping only ever shortens text. */
    char *r = csv->buf, *w = csv->buf, *end = csv->buf + len;
    int line = 1;
    const char *line_start = r;
    size_t n_cells = 0, cap = 64, row_first = 0;
    csv->cells = xrealloc_array(NULL, cap, sizeof *csv->cells);

    while (r < end) {
        /* A record: fields until a line break or the end of the file. */
        if (*r == '\n' || *r == '\r') {         /* an empty line */
            r += (*r == '\r' && r + 1 < end && r[1] == '\n') ? 2 : 1;
            line++;
            line_start = r;
            continue;
        }
        int rec_line = line;
        row_first = n_cells;
        for (;;) {
            if (n_cells == cap) {
                cap *= 2;
                csv->cells = xrealloc_array(csv->cells, cap, sizeof *csv->cells);
            }
            csv_cell *cell = &csv->cells[n_cells++];
            cell->text = w;
            cell->line = line;
            cell->column = (int)(r - line_start) + 1;
            if (r < end && *r == '"') {
                r++;
                for (;;) {
                    if (r >= end) {
                        int at_line = cell->line, at_col = cell->column;
                        csv_free(csv);
                        return err_set(err, path, at_line, at_col,
                                       "unterminated quoted field");
                    }
                    if (*r == '"') {
                        if (r + 1 < end && r[1] == '"') {
                            *w++ = '"';
                            r += 2;
                            continue;
                        }
                        r++;
                        break;
                    }
                    if (*r == '\n') {
                        line++;
                        line_start = r + 1;
                    }
                    *w++ = *r++;
                }
                if (r < end && *r != ',' && *r != '\n' && *r != '\r') {
                    int col = (int)(r - line_start) + 1;
                    csv_free(csv);
                    return err_set(err, path, line, col,
                                   "expected ',' or the end of the line after"
                                   " a closing quote");
                }
            } else {
                while (r < end && *r != ',' && *r != '\n' && *r != '\r')
                    *w++ = *r++;
            }
            /* r now sits on ',', a line break or the end; read it before
             * terminating the field, since w may equal r. */
            char sep = r < end ? *r : '\0';
            *w++ = '\0';
            if (sep == ',') {
                r++;
                continue;
            }
            if (sep == '\r')
                r += (r + 1 < end && r[1] == '\n') ? 2 : 1;
            else if (sep == '\n')
                r++;
            if (sep) {
                line++;
                line_start = r;
            }
            break;
        }
        int fields = (int)(n_cells - row_first);
        if (csv->n_rows == 0) {
            csv->n_cols = fields;
        } else if (fields != csv->n_cols) {
            csv_free(csv);
            return err_set(err, path, rec_line, 1,
                           "this row has %d field%s, the header has %d",
                           fields, fields == 1 ? "" : "s", csv->n_cols);
        }
        csv->n_rows++;
    }
    if (csv->n_rows == 0) {
        csv_free(csv);
        return err_set(err, path, 1, 1, "%s is empty (no header row)", what);
    }
    return 0;
}

int csv_column(const csv_table *csv, const char *name)
{
    for (int c = 0; c < csv->n_cols; c++)
        if (strcmp(csv_at(csv, 0, c)->text, name) == 0)
            return c;
    return -1;
}

void csv_field(sbuf *b, const char *s)
{
    if (!strpbrk(s, ",\"\n\r")) {
        sb_puts(b, s);
        return;
    }
    sb_put_doubled(b, s, '"');
}

void csv_write_field(FILE *out, const char *s)
{
    sbuf b = { 0 };
    csv_field(&b, s);
    if (b.n)
        fwrite(b.s, 1, b.n, out);
    free(b.s);
}
