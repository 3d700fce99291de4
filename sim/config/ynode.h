/*
 * ynode.h — the questions the experiment file's parsers (exp_parse.c,
 * plot_spec.c) ask of a parsed YAML node (yamldoc.h): is it a scalar, its
 * text, what is it (for a message), is it a given plain word, are a
 * mapping's keys names written once.
 */
#ifndef CUSIM_YNODE_H
#define CUSIM_YNODE_H

#include <stdbool.h>
#include <string.h>

#include "cusim.h"
#include "yamldoc.h"

static inline bool yn_is_scalar(const yaml_node_t *n)
{
    return n->type == YAML_SCALAR_NODE;
}

/* The scalar's text; "" for other nodes. */
static inline const char *yn_scalar(const yaml_node_t *n)
{
    return yn_is_scalar(n) ? (const char *)n->data.scalar.value : "";
}

/* How a message says what node `n` is ("'72'", "a list", "a quoted
 * string"): ydoc_describe, a quoted scalar named as such, in `buf`. */
static inline const char *yn_describe(const yaml_node_t *n, char *buf,
                                      size_t size)
{
    return ydoc_describe(n, false, buf, size);
}

/* A plain (unquoted) scalar equal to `word`. */
static inline bool yn_is_plain(const yaml_node_t *n, const char *word)
{
    return yn_is_scalar(n) && n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE
           && strcmp(yn_scalar(n), word) == 0;
}

/* Checks mapping `map`'s keys: scalars, no '\0' inside, none twice.
 * `what` names the mapping in messages ("sweep", "points[2]"). Returns 0,
 * or -1 with `err` set at the first bad key. */
int yn_check_keys(ydoc *d, const yaml_node_t *map, const char *what,
                  cusim_error *err);

#endif /* CUSIM_YNODE_H */
