/*
 * ynode.c — checks on parsed YAML nodes (see ynode.h).
 */
#include "ynode.h"

#include <stdlib.h>

#include "error.h"
#include "hmap.h"
#include "xalloc.h"

int yn_check_keys(ydoc *d, const yaml_node_t *map, const char *what,
                  cusim_error *err)
{
    const yaml_node_pair_t *start = map->data.mapping.pairs.start;
    size_t n = (size_t)(map->data.mapping.pairs.top - start);
    /* The keys seen so far, as pair index + 1 (0: an empty slot), in a
     * table of a power of two at least twice their number, probed
     * linearly from the key's hash: a key is compared with the few of its
     * hash, so n keys take O(n) (comparing each with every earlier one
     * took 8 s at 32,000 sweep keys, 60 s past 80,000). */
    size_t cap = 16;
    while (cap < 2 * n)
        cap *= 2;
    size_t *seen = xcalloc(cap, sizeof *seen);
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        const yaml_node_t *k = ydoc_node(d, start[i].key);
        char got[200];
        if (!yn_is_scalar(k) || strlen(yn_scalar(k)) != k->data.scalar.length) {
            cusim_mark m = ydoc_mark(d, k);
            rc = err_at(err, &m, "%s: expected a key name, got %s", what,
                        ydoc_describe(k, false, got, sizeof got));
            break;
        }
        size_t s = (size_t)hmap_fnv(yn_scalar(k), k->data.scalar.length,
                                    HMAP_FNV_SEED) & (cap - 1);
        for (; seen[s] && rc == 0; s = (s + 1) & (cap - 1)) {
            const yaml_node_t *o = ydoc_node(d, start[seen[s] - 1].key);
            if (strcmp(yn_scalar(o), yn_scalar(k)) == 0) {
                cusim_mark m = ydoc_mark(d, k), f = ydoc_mark(d, o);
                rc = err_at(err, &m, "%s: duplicate key '%s' (first "
                            "written at line %d, column %d)", what,
                            yn_scalar(k), f.line, f.column);
            }
        }
        if (rc == 0)
            seen[s] = i + 1;
    }
    free(seen);
    return rc;
}
