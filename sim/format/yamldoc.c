/*
 * yamldoc.c — one YAML document in memory (see yamldoc.h).
 *
 * libyaml reports positions as 0-based marks, except for reader errors
 * (bad encoding, control characters), which carry a byte offset; both are
 * turned into 1-based line and column here, counting columns in characters
 * as libyaml does.
 */
#include "yamldoc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "fileio.h"
#include "xalloc.h"

/* ------------------------------------------------------------ raw text */

/* Length of the line break starting at p (0 when there is none), by
 * libyaml's rules: LF, CR, CRLF, and in UTF-8 NEL, LS and PS. */
static size_t break_len(const unsigned char *p, const unsigned char *end)
{
    if (p >= end)
        return 0;
    if (p[0] == '\r')
        return (p + 1 < end && p[1] == '\n') ? 2 : 1;
    if (p[0] == '\n')
        return 1;
    if (p[0] == 0xC2 && p + 1 < end && p[1] == 0x85)
        return 2;
    if (p[0] == 0xE2 && p + 2 < end && p[1] == 0x80
        && (p[2] == 0xA8 || p[2] == 0xA9))
        return 3;
    return 0;
}

static bool is_utf16(const ydoc *d)
{
    const unsigned char *t = (const unsigned char *)d->text;
    return d->size >= 2 && ((t[0] == 0xFE && t[1] == 0xFF)
                            || (t[0] == 0xFF && t[1] == 0xFE));
}

/* Bytes of a UTF-8 byte order mark at the start of the text (libyaml skips
 * it without counting a column). */
static size_t bom_len(const ydoc *d)
{
    return d->size >= 3 && memcmp(d->text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

const char *ydoc_line(const ydoc *d, int line, size_t *len)
{
    if (d->fixed || !d->text || line < 0 || is_utf16(d))
        return NULL;
    const unsigned char *p = (const unsigned char *)d->text + bom_len(d);
    const unsigned char *end = (const unsigned char *)d->text + d->size;
    for (int l = 0; l < line; l++) {
        size_t b;
        while (p < end && (b = break_len(p, end)) == 0)
            p++;
        if (p >= end)
            return NULL;
        p += b;
    }
    const unsigned char *q = p;
    while (q < end && break_len(q, end) == 0)
        q++;
    *len = (size_t)(q - p);
    return (const char *)p;
}

/* 1-based line and column of byte `offset` of a UTF-8 text. */
static void offset_position(const ydoc *d, size_t offset, int *line,
                            int *column)
{
    const unsigned char *p = (const unsigned char *)d->text + bom_len(d);
    const unsigned char *end = (const unsigned char *)d->text
                               + (offset < d->size ? offset : d->size);
    *line = 1;
    *column = 1;
    while (p < end) {
        size_t b = break_len(p, end);
        if (b) {
            ++*line;
            *column = 1;
            p += b;
            continue;
        }
        if ((*p & 0xC0) != 0x80)   /* not a UTF-8 continuation byte */
            ++*column;
        p++;
    }
}

/* libyaml takes time quadratic in the nesting of flow collections (each
 * token revisits every open level), so a file of a million '[' would take
 * hours. This scan finds the deepest '[' / '{' before parsing, skipping
 * comments and quoted strings roughly. It also counts brackets inside
 * plain words and block text (a program's `repeat {`), hence a limit far
 * above any real config. Returns the byte offset of the first bracket
 * deeper than YDOC_MAX_DEPTH, or (size_t)-1. */
static size_t too_deep(const char *text, size_t size)
{
    size_t depth = 0;
    char prev = '\n';
    for (size_t i = 0; i < size; i++) {
        char c = text[i];
        bool after_space = prev == '\n' || prev == '\r' || prev == ' '
                           || prev == '\t';
        if (c == '#' && after_space) {
            while (i + 1 < size && text[i + 1] != '\n' && text[i + 1] != '\r')
                i++;
        } else if ((c == '\'' || c == '"')
                   && (after_space || (prev && strchr("[{,:-?", prev)))) {
            for (i++; i < size && text[i] != c; i++)
                if (c == '"' && text[i] == '\\')
                    i++;
        } else if (c == '[' || c == '{') {
            if (++depth > YDOC_MAX_DEPTH)
                return i;
        } else if ((c == ']' || c == '}') && depth > 0) {
            depth--;
        }
        prev = i < size ? text[i] : '\n';
    }
    return (size_t)-1;
}

/* The first place past YDOC_MAX_BLANK_LINES blank lines in a row (the
 * start of the line past them) or YDOC_MAX_BLANK_RUN spaces and tabs in a
 * row (the blank past them), yamldoc.h says why: its byte offset, with
 * `*lines` true for a run of lines; or (size_t)-1. A
 * line break is one of libyaml's (break_len); UTF-16 text is read by
 * 16-bit units, its breaks LF, CR, CRLF, NEL, LS and PS. */
static size_t too_blank(const ydoc *d, bool *lines)
{
    const unsigned char *t = (const unsigned char *)d->text;
    const unsigned char *end = t + d->size;
    bool wide = is_utf16(d), le = wide && t[0] == 0xFF;
    size_t step = wide ? 2 : 1;
    size_t blank_lines = 0, run = 0;
    bool line_blank = true;
    const unsigned char *line = t + (wide ? 2 : 0);
    for (const unsigned char *p = line; p + step <= end;) {
        unsigned u = wide ? (le ? p[0] | p[1] << 8 : p[0] << 8 | p[1]) : *p;
        size_t b = wide ? (u == '\n' || u == 0x85 || u == 0x2028
                           || u == 0x2029 ? 2 : u == '\r'
                           ? (p + 4 <= end && (le ? p[2] : p[3]) == '\n'
                              && (le ? p[3] : p[2]) == 0 ? 4 : 2) : 0)
                        : break_len(p, end);
        if (b) {
            if (line_blank && ++blank_lines > YDOC_MAX_BLANK_LINES) {
                *lines = true;
                return (size_t)(line - t);
            }
            if (!line_blank)
                blank_lines = 0;
            line_blank = true;
            run = 0;
            p += b;
            line = p;
            continue;
        }
        if (u == ' ' || u == '\t') {
            if (++run > YDOC_MAX_BLANK_RUN) {
                *lines = false;
                return (size_t)(p - t);
            }
        } else {
            run = 0;
            line_blank = false;
            blank_lines = 0;
        }
        p += step;
    }
    return (size_t)-1;
}

/* ------------------------------------------------------------- loading */

void ydoc_free(ydoc *d)
{
    if (d->loaded)
        yaml_document_delete(&d->doc);
    d->loaded = false;
    free(d->text);
    d->text = NULL;
    d->size = 0;
}

/* Turns the parser's failure into `err`. */
static int parser_error(const ydoc *d, const yaml_parser_t *p,
                        const char *label, cusim_error *err)
{
    const char *problem = p->problem ? p->problem : "malformed YAML";
    char detail[64] = "";
    int line, column;

    if (p->error == YAML_MEMORY_ERROR)
        problem = "out of memory";
    if (p->error == YAML_READER_ERROR) {
        if (p->problem_value != -1)
            snprintf(detail, sizeof detail, " (0x%02X)", p->problem_value);
        if (!d->fixed && !is_utf16(d)) {
            /* a bad trailing octet is reported at itself: point at the
             * start of its character instead */
            size_t at = p->problem_offset;
            const unsigned char *t = (const unsigned char *)d->text;
            if (strcmp(problem, "invalid trailing UTF-8 octet") == 0) {
                while (at > 0 && at <= d->size && (t[at - 1] & 0xC0) == 0x80)
                    at--;
                if (at > 0 && at <= d->size && t[at - 1] >= 0xC0)
                    at--;
            }
            offset_position(d, at, &line, &column);
        } else {
            line = 1;
            column = 1;
        }
    } else {
        line = (int)p->problem_mark.line + 1;
        column = (int)p->problem_mark.column + 1;
    }
    if (d->fixed)
        return err_at(err, &d->at, "%s: YAML syntax error: %s%s", label,
                      problem, detail);
    return err_set(err, d->file, line, column, "YAML syntax error: %s%s",
                   problem, detail);
}

void ydoc_scalar(ydoc *d, const char *text, const cusim_mark *at)
{
    memset(d, 0, sizeof *d);
    d->fixed = true;
    d->at = *at;
    d->file = at->file;
    if (!yaml_document_initialize(&d->doc, NULL, NULL, NULL, 1, 1)
        || !yaml_document_add_scalar(&d->doc, NULL,
                                     (const yaml_char_t *)text,
                                     (int)strlen(text),
                                     YAML_PLAIN_SCALAR_STYLE))
        xalloc_die();   /* libyaml fails here only when memory runs out */
    d->loaded = true;
}

/* Parses d->text; on failure frees `d`. */
static int parse(ydoc *d, const char *what, const char *label,
                 cusim_error *err)
{
    yaml_parser_t p;
    yaml_document_t second;
    int rc = -1;

    size_t deep = too_deep(d->text, d->size);
    if (deep != (size_t)-1) {
        int line = 1, column = 1;
        if (!d->fixed && !is_utf16(d))
            offset_position(d, deep, &line, &column);
        if (d->fixed)
            err_at(err, &d->at, "%s: YAML syntax error: lists or mappings "
                   "nested more than %d deep", label, YDOC_MAX_DEPTH);
        else
            err_set(err, d->file, line, column, "YAML syntax error: lists "
                    "or mappings nested more than %d deep", YDOC_MAX_DEPTH);
        ydoc_free(d);
        return -1;
    }
    bool lines = false;
    size_t blank = too_blank(d, &lines);
    if (blank != (size_t)-1) {
        int line = 1, column = 1;
        char why[160];
        snprintf(why, sizeof why, "more than %d %s in a row (the YAML "
                 "parser's time grows with such a run times the lines "
                 "after it)", lines ? YDOC_MAX_BLANK_LINES
                                    : YDOC_MAX_BLANK_RUN,
                 lines ? "blank lines" : "spaces and tabs");
        if (!d->fixed && !is_utf16(d))
            offset_position(d, blank, &line, &column);
        if (d->fixed)
            err_at(err, &d->at, "%s: %s", label, why);
        else
            err_set(err, d->file, line, column, "%s", why);
        ydoc_free(d);
        return -1;
    }
    if (!yaml_parser_initialize(&p))
        xalloc_die();   /* only fails when memory runs out */
    yaml_parser_set_input_string(&p, (const unsigned char *)d->text,
                                 d->size);
    if (!yaml_parser_load(&p, &d->doc)) {
        parser_error(d, &p, label, err);
        goto done;
    }
    d->loaded = true;
    yaml_node_t *root = yaml_document_get_root_node(&d->doc);
    if (!root || (!d->fixed && ydoc_is_null(root))) {
        if (!d->fixed) {
            err_set(err, d->file, 1, 1, "empty file (expected %s)", what);
            goto done;
        }
        yaml_document_delete(&d->doc);
        d->loaded = false;
        cusim_mark at = d->at;
        char *text = d->text;
        d->text = NULL;
        ydoc_scalar(d, "", &at);
        d->text = text;
    }
    if (!yaml_parser_load(&p, &second)) {
        parser_error(d, &p, label, err);
        goto done;
    }
    bool more = yaml_document_get_root_node(&second) != NULL;
    yaml_mark_t at = second.start_mark;
    yaml_document_delete(&second);
    if (more) {
        if (d->fixed)
            err_at(err, &d->at, "%s: expected one value, found a second "
                   "YAML document", label);
        else
            err_set(err, d->file, (int)at.line + 1, (int)at.column + 1,
                    "a second YAML document starts here (expected %s "
                    "alone in the file)", what);
        goto done;
    }
    rc = 0;
done:
    yaml_parser_delete(&p);
    if (rc != 0)
        ydoc_free(d);
    return rc;
}

/* The error for a file of YDOC_MAX_BYTES or more. */
static int too_large(const char *file, cusim_error *err)
{
    return err_set(err, file, 1, 1, "file is larger than %u MiB (expected "
                   "a small YAML file)", YDOC_MAX_BYTES >> 20);
}

int ydoc_read(const char *path, const char *file, char **text, size_t *size,
              cusim_error *err)
{
    switch (fio_read(path, YDOC_MAX_BYTES - 1, text, size)) {
    case FIO_CANNOT_OPEN:
    case FIO_CANNOT_READ:
        return err_set(err, file, 1, 1, "cannot read: %s", strerror(errno));
    case FIO_TOO_LARGE:
        return too_large(file, err);
    }
    return 0;
}

int ydoc_load_file(ydoc *d, const char *path, const char *file,
                   const char *what, cusim_error *err)
{
    memset(d, 0, sizeof *d);
    d->file = file;
    if (ydoc_read(path, file, &d->text, &d->size, err) != 0)
        return -1;
    return parse(d, what, NULL, err);
}

int ydoc_load_read(ydoc *d, char *text, size_t size, const char *file,
                   const char *what, cusim_error *err)
{
    memset(d, 0, sizeof *d);
    d->file = file;
    d->text = text;
    d->size = size;
    if (size >= YDOC_MAX_BYTES) {   /* as a file that size */
        free(text);
        d->text = NULL;
        return too_large(file, err);
    }
    return parse(d, what, NULL, err);
}

int ydoc_load_text(ydoc *d, const char *text, const char *file,
                   const char *what, cusim_error *err)
{
    return ydoc_load_bytes(d, text, strlen(text), file, what, err);
}

int ydoc_load_bytes(ydoc *d, const char *text, size_t size, const char *file,
                    const char *what, cusim_error *err)
{
    memset(d, 0, sizeof *d);
    d->file = file;
    if (size >= YDOC_MAX_BYTES)   /* as a file that size */
        return too_large(file, err);
    d->text = xmalloc(size + 1);
    memcpy(d->text, text, size);
    d->text[size] = '\0';
    d->size = size;
    return parse(d, what, NULL, err);
}

int ydoc_load_string(ydoc *d, const char *text, const cusim_mark *at,
                     const char *label, cusim_error *err)
{
    memset(d, 0, sizeof *d);
    d->fixed = true;
    d->at = *at;
    d->file = at->file;
    d->size = strlen(text);
    d->text = xstrdup(text);
    return parse(d, "a value", label, err);
}

/* --------------------------------------------------------------- nodes */

yaml_node_t *ydoc_root(ydoc *d)
{
    return yaml_document_get_root_node(&d->doc);
}

yaml_node_t *ydoc_node(ydoc *d, int index)
{
    return yaml_document_get_node(&d->doc, index);
}

cusim_mark ydoc_mark(const ydoc *d, const yaml_node_t *n)
{
    if (d->fixed)
        return d->at;
    cusim_mark m = { d->file, (int)n->start_mark.line + 1,
                     (int)n->start_mark.column + 1 };
    return m;
}

bool ydoc_is_null(const yaml_node_t *n)
{
    if (n->type != YAML_SCALAR_NODE
        || n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
        return false;
    const char *s = (const char *)n->data.scalar.value;
    return n->data.scalar.length == 0 || strcmp(s, "~") == 0
           || strcmp(s, "null") == 0 || strcmp(s, "Null") == 0
           || strcmp(s, "NULL") == 0;
}

const char *ydoc_describe(const yaml_node_t *n, bool show_quoted,
                          char *buf, size_t size)
{
    enum { SHOWN = 40 };   /* longer text is cut, with "..." */

    if (n->type == YAML_SEQUENCE_NODE)
        return n->data.sequence.items.start == n->data.sequence.items.top
               ? "an empty list" : "a list";
    if (n->type == YAML_MAPPING_NODE)
        return "a mapping";
    if (n->type != YAML_SCALAR_NODE)
        return "nothing";
    if (ydoc_is_null(n))
        return "nothing";
    yaml_scalar_style_t style = n->data.scalar.style;
    if (!show_quoted && (style == YAML_SINGLE_QUOTED_SCALAR_STYLE
                         || style == YAML_DOUBLE_QUOTED_SCALAR_STYLE))
        return "a quoted string";
    if (!show_quoted && (style == YAML_LITERAL_SCALAR_STYLE
                         || style == YAML_FOLDED_SCALAR_STYLE))
        return "a block of text";

    const unsigned char *s = n->data.scalar.value;
    size_t len = n->data.scalar.length, o = 0, i = 0;
    char text[SHOWN * 4 + 8];
    size_t chars = 0;
    while (i < len && chars < SHOWN) {
        size_t w = 1;                       /* bytes of this character */
        if (s[i] >= 0xF0)
            w = 4;
        else if (s[i] >= 0xE0)
            w = 3;
        else if (s[i] >= 0xC0)
            w = 2;
        if (i + w > len)
            break;
        memcpy(text + o, s + i, w);       /* err_set escapes what is not */
        o += w;                            /* printable, as \xHH */
        i += w;
        chars++;
    }
    if (i < len) {
        memcpy(text + o, "...", 3);
        o += 3;
    }
    text[o] = '\0';
    snprintf(buf, size, "'%s'", text);
    return buf;
}

/* ------------------------------------------------ quoted scalar origins */

/* The bytes of the UTF-8 character starting with byte c. */
static size_t utf8_len(unsigned char c)
{
    return c < 0xC0 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
}

/* The bytes a code point takes in UTF-8. */
static size_t code_point_len(unsigned long cp)
{
    return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/* The output bytes of the double-quoted escape at s[0] == '\\' (the
 * escape is `*src_len` bytes of source); 0 for an escaped line break. */
static size_t escape_len(const char *s, size_t n, size_t *src_len)
{
    *src_len = 2;
    if (n < 2)
        return 1;
    switch (s[1]) {
    case 'N': case '_':
        return 2;
    case 'L': case 'P':
        return 3;
    case 'x': case 'u': case 'U': {
        size_t digits = s[1] == 'x' ? 2 : s[1] == 'u' ? 4 : 8;
        unsigned long cp = 0;
        for (size_t i = 0; i < digits && 2 + i < n; i++) {
            char c = s[2 + i];
            int d = c >= 'a' ? c - 'a' + 10 : c >= 'A' ? c - 'A' + 10
                    : c - '0';
            cp = cp * 16 + (unsigned long)d;
        }
        *src_len = 2 + digits;
        return code_point_len(cp);
    }
    case '\r': case '\n':
        *src_len = 1;       /* the break itself is whitespace handling's */
        return 0;
    default:
        return 1;
    }
}

/* Records that output bytes [*out, *out + len) come from line `ln`,
 * column `col` (map entries of 2 ints), as far as `value_len` goes. */
static void map_put(int *map, size_t value_len, size_t *out, size_t len,
                    int ln, int col)
{
    for (size_t k = 0; k < len && *out < value_len; k++, (*out)++) {
        map[2 * *out] = ln;
        map[2 * *out + 1] = col;
    }
}

int ydoc_quoted_map(const char *src, size_t n, size_t value_len, int *map)
{
    if (n == 0 || (src[0] != '"' && src[0] != '\''))
        return -1;
    const char quote = src[0];
    size_t i = 1, out = 0;
    int ln = 0, col = 1;             /* of src[i]: lines after the quote's */
    bool join_escaped = false;       /* after "\" at a line's end */
    bool closed = false;
    while (i < n && !closed) {
        /* the characters up to a blank, a break or the closing quote */
        while (i < n && src[i] != ' ' && src[i] != '\t' && src[i] != '\n'
               && src[i] != '\r') {
            size_t len, src_len;
            if (quote == '\'' && src[i] == '\''
                && (i + 1 >= n || src[i + 1] != '\'')) {
                closed = true;
                break;
            }
            if (quote == '"' && src[i] == '"') {
                closed = true;
                break;
            }
            if (quote == '\'' && src[i] == '\'') {
                len = 1;             /* '' */
                src_len = 2;
            } else if (quote == '"' && src[i] == '\\') {
                len = escape_len(src + i, n - i, &src_len);
                if (len == 0) {      /* an escaped line break */
                    i++;
                    col++;
                    join_escaped = true;
                    break;
                }
            } else {
                len = utf8_len((unsigned char)src[i]);
                src_len = len;
            }
            map_put(map, value_len, &out, len, ln, col);
            /* an escape or '' is that many characters, any other
             * character one, however many bytes */
            col += src[i] == '\\' || src[i] == '\'' ? (int)src_len : 1;
            i += src_len;
        }
        if (closed)
            break;
        /* blanks and breaks: a blank run inside a line is kept, a single
         * break folds into a space, n breaks into n - 1 newlines, the
         * blanks around breaks go */
        size_t blanks = 0, breaks = 0;
        int blank_line = ln, blank_col = col, break_line = ln, break_col = col;
        bool leading = false;
        while (i < n && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n'
                         || src[i] == '\r')) {
            if (src[i] == ' ' || src[i] == '\t') {
                if (!leading)
                    blanks++;
                i++;
                col++;
                continue;
            }
            if (!leading) {
                break_line = ln;
                break_col = col;
            }
            breaks += leading;
            leading = true;
            i += src[i] == '\r' && i + 1 < n && src[i + 1] == '\n' ? 2 : 1;
            ln++;
            col = 1;
        }
        size_t len = leading ? (join_escaped || breaks ? breaks : 1) : blanks;
        join_escaped = false;
        /* a blank run just before the closing quote is the value's too */
        map_put(map, value_len, &out, len, leading ? break_line : blank_line,
                leading ? break_col : blank_col);
    }
    return out == value_len ? 0 : -1;
}
