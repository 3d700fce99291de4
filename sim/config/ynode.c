/*
 * ynode.c — checks on parsed YAML nodes (see ynode.h).
 */
#include "ynode.h"

#include "error.h"

int yn_check_keys(ydoc *d, const yaml_node_t *map, const char *what,
                  cusim_error *err)
{
    const yaml_node_pair_t *start = map->data.mapping.pairs.start;
    for (const yaml_node_pair_t *pr = start; pr < map->data.mapping.pairs.top;
         pr++) {
        const yaml_node_t *k = ydoc_node(d, pr->key);
        cusim_mark m = ydoc_mark(d, k);
        char got[200];
        if (!yn_is_scalar(k) || strlen(yn_scalar(k)) != k->data.scalar.length)
            return err_at(err, &m, "%s: expected a key name, got %s",
                          what, ydoc_describe(k, false, got, sizeof got));
        for (const yaml_node_pair_t *q = start; q < pr; q++) {
            const yaml_node_t *o = ydoc_node(d, q->key);
            if (yn_is_scalar(o) && strcmp(yn_scalar(o), yn_scalar(k)) == 0) {
                cusim_mark f = ydoc_mark(d, o);
                return err_at(err, &m, "%s: duplicate key '%s' (first "
                              "written at line %d, column %d)", what,
                              yn_scalar(k), f.line, f.column);
            }
        }
    }
    return 0;
}
