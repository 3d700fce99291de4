/*
 * hmap.h — hashing for the experiment loader: the FNV-1a hash (also the
 * fingerprint of a point's configuration) and a string -> index map, with
 * open addressing and linear probing, doubling when half full; a zeroed
 * map is empty.
 */
#ifndef CUSIM_HMAP_H
#define CUSIM_HMAP_H

#include <stddef.h>
#include <stdint.h>

/* The FNV-1a offset basis: the `h` to start a hash with. */
#define HMAP_FNV_SEED 0xcbf29ce484222325ull

/* FNV-1a, 64 bits, of the `n` bytes at `p`, continuing from `h`
 * (HMAP_FNV_SEED for a fresh hash). The values are part of the results
 * format (point fingerprints): never change the function. */
uint64_t hmap_fnv(const void *p, size_t n, uint64_t h);

/* A string -> index map. Invariant: `cap` is 0 or a power of two above
 * 2 * n; keys[i] is NULL for an empty slot. The map owns its keys. */
typedef struct hmap_str {
    char **keys;
    uint32_t *vals;
    size_t cap, n;
} hmap_str;

/* The index stored for `key`, or -1 when there is none. */
long hmap_str_get(const hmap_str *m, const char *key);

/* Maps `key` (a malloc'd string; the map takes it over) to `val`,
 * replacing (and freeing) an equal key already there. */
void hmap_str_put(hmap_str *m, char *key, uint32_t val);

/* Frees the keys and the table and zeroes `m`. */
void hmap_str_free(hmap_str *m);

#endif /* CUSIM_HMAP_H */
