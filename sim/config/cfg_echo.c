/*
 * cfg_echo.c — a resolved config as YAML that loads back to the same value
 * (`cusim check --echo`, and the config written into every result).
 *
 * Driven by the descriptor tables: keys in table order, nested mappings
 * written once (the rows of a mapping are contiguous), each value in the
 * form its type reads back from.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cfg_int.h"
#include "yamlout.h"

/* Writes `s` as a literal block scalar indented by `indent` when that
 * reads back exactly, else as a double-quoted scalar. */
static void echo_text(FILE *out, const char *s, int indent)
{
    if (!yamlout_literal_ok(s, strlen(s))) {
        yamlout_write_quoted(out, s, strlen(s), YAMLOUT_UNICODE_BREAKS);
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
        yamlout_write_quoted(out, f, strlen(f), YAMLOUT_UNICODE_BREAKS);
        fputc('\n', out);
        return;
    case T_UINT:
        fprintf(out, "%u\n", *(const uint32_t *)f);
        return;
    case T_UINT64:
        fprintf(out, "%llu\n", (unsigned long long)*(const uint64_t *)f);
        return;
    case T_ENUM: {
        const cfg_enum *en = &cfg_enums[k->aux];
        int v = *(const int *)f;
        fprintf(out, "%s\n", v >= 0 && v < en->n ? en->names[v] : "?");
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
    case T_SIZE: {
        const cusim_shape_expr *x = (const void *)(obj + k->aux);
        if (x->text[0])   /* an expression: it was read as a plain scalar */
            fprintf(out, "%s\n", x->text);
        else
            fprintf(out, "%u\n", *(const uint32_t *)f);
        return;
    }
    case T_BUFFERS: {
        const cusim_buffer *b = f;
        int n = *(const int *)(obj + k->aux);
        fputs("{", out);
        for (int i = 0; i < n; i++) {
            fprintf(out, "%s %s: ", i ? "," : "", b[i].name);
            size_t len = strlen(b[i].size);
            if (strspn(b[i].size, "0123456789") == len)
                fputs(b[i].size, out);
            else
                yamlout_write_quoted(out, b[i].size, len,
                                     YAMLOUT_UNICODE_BREAKS);
        }
        fputs(n ? " }\n" : "}\n", out);
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

/* Keys added after results were first written (addresses: `buffers`,
 * `grid_x`) are left out at their defaults, so the echo of a kernel that
 * does not use them, and every result holding it, stays as it was; left
 * out, they load back to the same default. */
static bool echo_omitted(const cfg_key *k, const char *obj)
{
    if (k->type == T_BUFFERS)
        return *(const int *)(obj + k->aux) == 0;
    return strcmp(k->path, "grid_x") == 0
           && *(const uint32_t *)(obj + k->offset) == 0;
}

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
        echo(out, &cfg_dispatch_table, d, indent + 4, true);
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
        if (t->echo_omits && t->echo_omits(obj, i))
            continue;   /* `prev` stays the last key written */
        const char *path = t->keys[i].path;
        if (echo_omitted(&t->keys[i], (const char *)obj))
            continue;
        /* components shared with the previous key's parents */
        size_t same = 0, pl = cfg_parent_len(path), ql = cfg_parent_len(prev);
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
    echo(out, &cfg_hw_table, hw, 0, false);
}

void cfg_echo_kernel(FILE *out, const cusim_kernel *k)
{
    echo(out, &cfg_kernel_table, k, 0, false);
}
