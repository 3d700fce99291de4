/*
 * hmap.c — FNV-1a and a string -> index map (see hmap.h).
 */
#include "hmap.h"

#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

uint64_t hmap_fnv(const void *p, size_t n, uint64_t h)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++) {
        h ^= c[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

/* The slot of `key`, or the empty slot where it would go. */
static size_t str_slot(const hmap_str *m, const char *key)
{
    size_t i = (size_t)hmap_fnv(key, strlen(key), HMAP_FNV_SEED)
               & (m->cap - 1);
    while (m->keys[i] && strcmp(m->keys[i], key) != 0)
        i = (i + 1) & (m->cap - 1);
    return i;
}

long hmap_str_get(const hmap_str *m, const char *key)
{
    if (!m->cap)
        return -1;
    size_t i = str_slot(m, key);
    return m->keys[i] ? (long)m->vals[i] : -1;
}

void hmap_str_put(hmap_str *m, char *key, uint32_t val)
{
    if (2 * (m->n + 1) > m->cap) {
        hmap_str old = *m;
        m->cap = old.cap ? 2 * old.cap : 64;
        m->keys = xcalloc(m->cap, sizeof *m->keys);
        m->vals = xcalloc(m->cap, sizeof *m->vals);
        m->n = 0;
        for (size_t i = 0; i < old.cap; i++)
            if (old.keys[i]) {
                size_t j = str_slot(m, old.keys[i]);
                m->keys[j] = old.keys[i];
                m->vals[j] = old.vals[i];
                m->n++;
            }
        free(old.keys);
        free(old.vals);
    }
    size_t i = str_slot(m, key);
    if (m->keys[i])
        free(m->keys[i]);
    else
        m->n++;
    m->keys[i] = key;
    m->vals[i] = val;
}

void hmap_str_free(hmap_str *m)
{
    for (size_t i = 0; i < m->cap; i++)
        free(m->keys[i]);
    free(m->keys);
    free(m->vals);
    memset(m, 0, sizeof *m);
}
