/*
 * yamlout.c — YAML double-quoted scalars and flow text (see yamlout.h).
 */
#include "yamlout.h"

#include <stdlib.h>
#include <string.h>

/* The length of the UTF-8 sequence at `p` when it is one of the code
 * points YAMLOUT_UNICODE_BREAKS escapes, else 0; `*esc` is its escape. */
static size_t unicode_break(const unsigned char *p, size_t left,
                            const char **esc)
{
    if (left >= 2 && p[0] == 0xC2 && p[1] == 0x85) {
        *esc = "\\N";
        return 2;
    }
    if (left >= 3 && p[0] == 0xE2 && p[1] == 0x80
        && (p[2] == 0xA8 || p[2] == 0xA9)) {
        *esc = p[2] == 0xA8 ? "\\L" : "\\P";
        return 3;
    }
    if (left >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF) {
        *esc = "\\uFEFF";
        return 3;
    }
    return 0;
}

void yamlout_quoted(sbuf *b, const char *s, size_t n, unsigned flags)
{
    sb_putc(b, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        const char *esc;
        size_t len;
        if ((flags & YAMLOUT_UNICODE_BREAKS)
            && (len = unicode_break((const unsigned char *)s + i, n - i,
                                    &esc)) != 0) {
            sb_puts(b, esc);
            i += len - 1;
        } else if (c == '"' || c == '\\') {
            sb_putc(b, '\\');
            sb_putc(b, (char)c);
        } else if (c == '\n') {
            sb_puts(b, "\\n");
        } else if (c == '\t') {
            sb_puts(b, "\\t");
        } else if (c < 0x20 || c == 0x7F) {
            sb_printf(b, "\\x%02X", c);
        } else {
            sb_putc(b, (char)c);
        }
    }
    sb_putc(b, '"');
}

void yamlout_write_quoted(FILE *out, const char *s, size_t n, unsigned flags)
{
    sbuf b = { 0 };
    yamlout_quoted(&b, s, n, flags);
    fwrite(b.s, 1, b.n, out);
    free(b.s);
}

bool yamlout_literal_ok(const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    const char *esc;
    bool blank = true;
    for (size_t i = 0; i < n; i++) {
        if ((p[i] < 0x20 && p[i] != '\n' && p[i] != '\t') || p[i] == 0x7F
            || unicode_break(p + i, n - i, &esc))
            return false;
        blank = blank && (p[i] == ' ' || p[i] == '\t' || p[i] == '\n');
    }
    return !blank;
}

/* Whether plain text would read differently inside a flow collection. */
static bool flow_unsafe(const char *s, size_t n)
{
    if (n == 0)
        return false;
    for (size_t i = 0; i < n; i++)
        if (strchr(",[]{}", s[i]) || (s[i] == ':' && (i + 1 == n
                                                       || s[i + 1] == ' '))
            || (s[i] == '#' && i > 0 && s[i - 1] == ' '))
            return true;
    return false;
}

static int emit(sbuf *b, ydoc *d, const yaml_node_t *n, int depth, bool top)
{
    if (depth > YAMLOUT_MAX_DEPTH || b->n > YAMLOUT_MAX_BYTES)
        return -1;
    switch (n->type) {
    case YAML_SCALAR_NODE: {
        const char *s = (const char *)n->data.scalar.value;
        size_t len = n->data.scalar.length;
        if (n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE
            && (top || !flow_unsafe(s, len)))
            sb_putn(b, len || top ? s : "~", len || top ? len : 1);
        else
            yamlout_quoted(b, s, len, 0);
        return 0;
    }
    case YAML_SEQUENCE_NODE: {
        sb_putc(b, '[');
        for (const yaml_node_item_t *it = n->data.sequence.items.start;
             it < n->data.sequence.items.top; it++) {
            if (it > n->data.sequence.items.start)
                sb_puts(b, ", ");
            if (emit(b, d, ydoc_node(d, *it), depth + 1, false) != 0)
                return -1;
        }
        sb_putc(b, ']');
        return 0;
    }
    case YAML_MAPPING_NODE: {
        sb_putc(b, '{');
        for (const yaml_node_pair_t *pr = n->data.mapping.pairs.start;
             pr < n->data.mapping.pairs.top; pr++) {
            if (pr > n->data.mapping.pairs.start)
                sb_puts(b, ", ");
            if (emit(b, d, ydoc_node(d, pr->key), depth + 1, false) != 0)
                return -1;
            sb_puts(b, ": ");
            if (emit(b, d, ydoc_node(d, pr->value), depth + 1, false) != 0)
                return -1;
        }
        sb_putc(b, '}');
        return 0;
    }
    default:
        sb_puts(b, "~");
        return 0;
    }
}

int yamlout_node(sbuf *b, ydoc *d, const yaml_node_t *n, bool top)
{
    return emit(b, d, n, 0, top);
}
