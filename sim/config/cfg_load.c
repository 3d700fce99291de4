/*
 * cfg_load.c — loading hardware profiles and kernels from YAML, and
 * applying overrides to loaded ones.
 *
 * Loading runs in passes, so the error reported is the first one a reader
 * of the file would meet:
 *   1. walk the file's mappings building dotted paths ("cu.lanes.alu") and
 *      pick each key's value node: unknown, duplicated and misplaced keys
 *      stop here (nested mappings are implied by the paths' prefixes);
 *   2. walk each `--set` of this kind the same way; its node replaces the
 *      file's;
 *   3. convert the picked nodes in the order they were written (types and
 *      ranges: cfg_convert.c), report the first missing required key, then
 *      convert each remaining key's default text through the same code;
 *   4. check the rules that tie two keys together;
 * then a kernel's further dispatches are loaded (load_dispatches, below).
 *
 * Applying overrides to a loaded config (cusim_hw_apply, cfg_kernel_apply)
 * runs pass 2 on the overrides alone, then pass 3 on the values they wrote
 * and pass 4, on a copy of the config: the file's values were converted
 * and checked when it was loaded, so the first error is the one loading
 * the file with the same overrides reports.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cfg_int.h"
#include "error.h"
#include "suggest.h"
#include "xalloc.h"

/* Writes `s` for a message, cut when long (the message formatter, err_set,
 * escapes its control bytes as \xHH). */
static const char *shown_text(const char *s, size_t len, char *buf,
                              size_t size)
{
    size_t o = 0;
    for (size_t i = 0; i < len && o + 4 < size; i++)
        buf[o++] = s[i];
    if (o + 4 >= size && o < len)
        memcpy(buf + o, "...", 3), o += 3;
    buf[o] = '\0';
    return buf;
}

/* The key or mapping name of `t` closest to `path` (see suggest_path),
 * written to `buf`, or NULL. */
static const char *suggest_key(const cfg_table *t, const char *path, char *buf,
                               size_t size)
{
    const char *paths[CUSIM_MAX_KEYS];
    for (int i = 0; i < t->n; i++)
        paths[i] = t->keys[i].path;
    return suggest_path(path, paths, (size_t)t->n, buf, size);
}

static int unknown_key(const cfg_loader *L, const char *path, size_t len,
                       const cusim_mark *at)
{
    char shown[96], near[CFG_MAX_PATH + 1], valid[512];
    shown_text(path, len, shown, sizeof shown);
    if (len <= CFG_MAX_PATH && strlen(path) == len
        && suggest_key(L->t, path, near, sizeof near))
        return err_at(L->err, at, "unknown key '%s%s' (did you mean "
                      "'%s%s'?)", L->shown, shown, L->shown, near);
    char parent[CFG_MAX_PATH + 1] = "";
    size_t plen = len <= CFG_MAX_PATH ? cfg_parent_len(path) : 0;
    memcpy(parent, path, plen);
    parent[plen] = '\0';
    if (!cfg_is_parent(L->t, parent))
        parent[0] = '\0';
    cfg_list_children(L->t, parent, valid, sizeof valid);
    if (parent[0])
        return err_at(L->err, at, "unknown key '%s%s' (valid keys under "
                      "'%s%s': %s)", L->shown, shown, L->shown, parent,
                      valid);
    return err_at(L->err, at, "unknown key '%s%s' (valid keys: %s)",
                  L->shown, shown, valid);
}

static int walk(cfg_loader *L, const yaml_node_t *map, const char *parent);

/* Handles `path: value`, written at `key_mark`: picks the value for a key,
 * walks into a nested mapping, or reports an unknown key. */
static int visit(cfg_loader *L, const char *path, const cusim_mark *key_mark,
                 const yaml_node_t *value)
{
    for (int j = 0; j < L->t->n && L->doc->fixed; j++) {
        size_t n = strlen(L->t->keys[j].path);
        char shown[96];
        if (L->t->keys[j].type != T_DISPATCHES
            || strncmp(path, L->t->keys[j].path, n) != 0
            || (path[n] != '\0' && path[n] != '.' && path[n] != '['))
            continue;
        return err_at(L->err, key_mark, "%s%s: --set cannot change the "
                      "list of dispatches or its entries (write them in "
                      "the kernel file)", L->shown,
                      shown_text(path, strlen(path), shown, sizeof shown));
    }
    int i = cfg_key_index(L->t, path);
    if (i >= 0) {
        cfg_slot *s = &L->slots[i];
        s->doc = L->doc;
        s->value = value;
        s->mark = ydoc_mark(L->doc, value);
        s->key_mark = *key_mark;
        s->rank = L->rank;
        s->shown = L->shown;
        return 0;
    }
    if (cfg_is_parent(L->t, path)) {
        if (value->type == YAML_MAPPING_NODE)
            return walk(L, value, path);
        char got[200], keys[512];
        cusim_mark m = ydoc_mark(L->doc, value);
        cfg_list_children(L->t, path, keys, sizeof keys);
        return err_at(L->err, &m, "%s%s: expected a mapping (of %s), got %s",
                      L->shown, path, keys,
                      ydoc_describe(value, false, got, sizeof got));
    }
    return unknown_key(L, path, strlen(path), key_mark);
}

/* Visits every pair of mapping `map` of L->doc, whose keys sit under
 * `parent` ("" at the top level), picking each key's value node into
 * L->slots (pass 1; pass 2 for a --set). */
static int walk(cfg_loader *L, const yaml_node_t *map, const char *parent)
{
    const yaml_node_pair_t *start = map->data.mapping.pairs.start;
    const yaml_node_pair_t *top = map->data.mapping.pairs.top;

    for (const yaml_node_pair_t *pr = start; pr < top; pr++) {
        const yaml_node_t *k = ydoc_node(L->doc, pr->key);
        const yaml_node_t *v = ydoc_node(L->doc, pr->value);
        char got[200], path[CFG_MAX_PATH + 2];
        assert(k && v);
        cusim_mark km = ydoc_mark(L->doc, k);
        if (k->type != YAML_SCALAR_NODE)
            return err_at(L->err, &km, "expected a key name%s%s%s, got %s",
                          *parent ? " under '" : "", parent,
                          *parent ? "'" : "",
                          ydoc_describe(k, false, got, sizeof got));
        const char *name = (const char *)k->data.scalar.value;
        size_t len = k->data.scalar.length;

        for (const yaml_node_pair_t *q = start; q < pr; q++) {
            const yaml_node_t *e = ydoc_node(L->doc, q->key);
            if (e->type != YAML_SCALAR_NODE || e->data.scalar.length != len
                || memcmp(e->data.scalar.value, name, len) != 0)
                continue;
            char shown[96];
            shown_text(name, len, shown, sizeof shown);
            cusim_mark first = ydoc_mark(L->doc, e);
            if (L->doc->fixed)
                return err_at(L->err, &km, "duplicate key '%s%s%s%s'",
                              L->shown, parent, *parent ? "." : "", shown);
            return err_at(L->err, &km, "duplicate key '%s%s%s%s' (first "
                          "written at line %d, column %d)", L->shown,
                          parent, *parent ? "." : "", shown, first.line,
                          first.column);
        }
        if (memchr(name, '.', len)) {
            char shown[96];
            shown_text(name, len, shown, sizeof shown);
            size_t head = strcspn(shown, ".");
            return err_at(L->err, &km, "key '%s%s%s%s' contains '.' (write "
                          "nested mappings: %.*s: { %s: ... })", L->shown,
                          parent, *parent ? "." : "", shown, (int)head,
                          shown, shown + head + 1);
        }
        int w = snprintf(path, sizeof path, "%s%s%.*s", parent,
                         *parent ? "." : "", (int)len, name);
        if (strlen(name) != len || w < 0 || (size_t)w >= sizeof path - 1)
            return unknown_key(L, name, len, &km);
        if (visit(L, path, &km, v) != 0)
            return -1;
    }
    return 0;
}

/* The mark kept in the struct for `m`: NULL for the config's own file. */
static cusim_mark kept_mark(const cfg_loader *L, cusim_mark m)
{
    if (m.file == L->file)
        m.file = NULL;
    return m;
}

/* Whether mark `a` (of rank ra) was written after `b` (rank rb). */
static bool later(const cusim_mark *a, int ra, const cusim_mark *b, int rb)
{
    if (ra != rb)
        return ra > rb;
    if (a->line != b->line)
        return a->line > b->line;
    return a->column > b->column;
}

/* The file's base name without its extension, cut to fit `size`. */
static void base_name(const char *path, char *out, size_t size)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    const char *dot = strrchr(b, '.');
    size_t len = (dot && dot != b) ? (size_t)(dot - b) : strlen(b);
    if (len >= size) {
        len = size - 1;
        while (len > 0 && ((unsigned char)b[len] & 0xC0) == 0x80)
            len--;   /* do not cut a UTF-8 character in two */
    }
    memcpy(out, b, len);
    out[len] = '\0';
}

/* ------------------------------------------------- memory hierarchy */

/* Row `path` of the table L loads (a hardware key that exists). */
static int hw_row(const cfg_loader *L, const char *path)
{
    int i = cfg_key_index(L->t, path);
    assert(i >= 0);
    return i;
}

static uint32_t hw_u32(const cfg_loader *L, int i)
{
    return *(const uint32_t *)cfg_field(L, L->t->keys[i].offset);
}

/* The one of rows a and b written later (a default is written first). */
static int later_row(const cfg_loader *L, int a, int b)
{
    return later(&L->marks[a], L->slots[a].rank, &L->marks[b],
                 L->slots[b].rank) ? a : b;
}

/* Where row i's value was written, made whole. */
static cusim_mark row_mark(const cfg_loader *L, int i)
{
    return cfg_mark_in(L->file, &L->marks[i]);
}

static bool pow2(uint32_t v)
{
    return v && !(v & (v - 1));
}

/* Row `prefix`.line is a power of two; `prefix`.sector a power of two
 * that divides it, at most 32 sectors to a line (a 32-bit mask). */
static int check_line(const cfg_loader *L, const char *prefix)
{
    char path[64];
    snprintf(path, sizeof path, "%s.line", prefix);
    int li = hw_row(L, path);
    snprintf(path, sizeof path, "%s.sector", prefix);
    int si = hw_row(L, path);
    uint32_t line = hw_u32(L, li), sector = hw_u32(L, si);
    cusim_mark m = row_mark(L, li);
    if (!pow2(line))
        return err_at(L->err, &m, "%s.line (%u) is not a power of two "
                      "(expected 32, 64, 128, ... bytes)", prefix, line);
    m = row_mark(L, si);
    if (!pow2(sector))
        return err_at(L->err, &m, "%s.sector (%u) is not a power of two "
                      "(expected 32, 64, ... bytes, dividing %s.line)",
                      prefix, sector, prefix);
    m = row_mark(L, later_row(L, si, li));
    if (sector > line)
        return err_at(L->err, &m, "%s.sector (%u) does not divide %s.line "
                      "(%u); expected a power of two at most %u", prefix,
                      sector, prefix, line, line);
    if (line / sector > 32)
        return err_at(L->err, &m, "%s.line (%u) holds %u sectors of %s."
                      "sector (%u); expected at most 32 sectors per line "
                      "(%s.sector at least %u)", prefix, line, line / sector,
                      prefix, sector, prefix, line / 32);
    return 0;
}

/* Row `size` (a cache's bytes, or the L1's unified pool) is a whole number
 * of sets: a multiple of [slices x] ways x line, or of [slices x] line
 * when fully associative (ways 0). `slices` is -1 for the L1. */
static int check_sets(const cfg_loader *L, int size, int slices, int ways,
                      int line)
{
    uint64_t n = hw_u32(L, slices >= 0 ? slices : line);
    uint64_t unit = (uint64_t)hw_u32(L, line)
                    * (hw_u32(L, ways) ? hw_u32(L, ways) : 1)
                    * (slices >= 0 ? n : 1);
    uint32_t bytes = hw_u32(L, size);
    if (bytes % unit == 0)
        return 0;
    int at = later_row(L, size, later_row(L, ways, line));
    if (slices >= 0)
        at = later_row(L, at, slices);
    cusim_mark m = row_mark(L, at);
    const char *p = L->t->keys[size].path;
    char lp[48];
    snprintf(lp, sizeof lp, "%.*s", (int)cfg_parent_len(p), p);
    if (hw_u32(L, ways) == 0 && slices >= 0)
        return err_at(L->err, &m, "%s (%u) is not a multiple of %s.slices x "
                      "%s.line (%u x %u = %llu): each slice holds whole "
                      "lines", p, bytes, lp, lp, hw_u32(L, slices),
                      hw_u32(L, line), (unsigned long long)unit);
    if (hw_u32(L, ways) == 0)
        return err_at(L->err, &m, "%s (%u) is not a multiple of %s.line "
                      "(%llu): a fully associative cache holds whole lines",
                      p, bytes, lp, (unsigned long long)unit);
    if (slices >= 0)
        return err_at(L->err, &m, "%s (%u) is not a multiple of %s.slices x "
                      "%s.ways x %s.line (%u x %u x %u = %llu): each slice "
                      "holds whole sets", p, bytes, lp, lp, lp,
                      hw_u32(L, slices), hw_u32(L, ways), hw_u32(L, line),
                      (unsigned long long)unit);
    return err_at(L->err, &m, "%s (%u) is not a multiple of %s.ways x "
                  "%s.line (%u x %u = %llu): the cache holds whole sets", p,
                  bytes, lp, lp,
                  hw_u32(L, ways), hw_u32(L, line), (unsigned long long)unit);
}

/* The address hashes (addrmap.h): xor needs a power-of-two count (the
 * channels for dram.hash, a channel's slices for cache.l2.hash); xor and
 * ipoly need one of cache.l2.slices and dram.channels to divide the other,
 * so that each slice is one channel's. Each reported at the later of the
 * hash and the count. */
static int check_hashes(const cfg_loader *L)
{
    const int lh = hw_row(L, "cache.l2.hash"), dh = hw_row(L, "dram.hash");
    const int sl = hw_row(L, "cache.l2.slices");
    const int ch = hw_row(L, "dram.channels");
    const int l2h = *(const int *)cfg_field(L, L->t->keys[lh].offset);
    const int dmh = *(const int *)cfg_field(L, L->t->keys[dh].offset);
    const uint32_t s = hw_u32(L, sl), c = hw_u32(L, ch);
    cusim_mark m;
    if (dmh == CUSIM_HASH_XOR && !pow2(c)) {
        m = row_mark(L, later_row(L, dh, ch));
        return err_at(L->err, &m, "dram.hash xor needs a power-of-two "
                      "dram.channels, got %u (expected 1, 2, 4, ... "
                      "channels, or dram.hash ipoly or linear)", c);
    }
    if ((l2h != CUSIM_HASH_LINEAR || dmh != CUSIM_HASH_LINEAR)
        && s % c != 0 && c % s != 0) {
        int h = dmh != CUSIM_HASH_LINEAR ? dh : lh;
        m = row_mark(L, later_row(L, h, later_row(L, sl, ch)));
        return err_at(L->err, &m, "%s %s needs each slice to be one "
                      "channel's, got cache.l2.slices %u and dram.channels "
                      "%u (expected one a multiple of the other, or both "
                      "hashes linear)", L->t->keys[h].path,
                      cfg_enums[CFG_ENUM_HASH].names[h == dh ? dmh : l2h],
                      s, c);
    }
    if (l2h == CUSIM_HASH_XOR && s > c && !pow2(s / c)) {
        m = row_mark(L, later_row(L, lh, later_row(L, sl, ch)));
        return err_at(L->err, &m, "cache.l2.hash xor needs a power-of-two "
                      "number of slices per channel, got cache.l2.slices / "
                      "dram.channels = %u / %u = %u (expected 1, 2, 4, ... "
                      "slices per channel, or cache.l2.hash ipoly or "
                      "linear)", s, c, s / c);
    }
    return 0;
}

/* A key the hierarchy needs once it is on, left at 0 (unset): the
 * message of a missing required key, at the key that asked for it. */
static int needs(const cfg_loader *L, int i, int by)
{
    if (hw_u32(L, i) != 0)
        return 0;
    cusim_mark m = row_mark(L, by);
    return err_at(L->err, &m, "missing required key '%s' (%s)",
                  L->t->keys[i].path, L->t->keys[i].help);
}

/* Latency row `hi` (end to end) is more than row `lo`'s. */
static int check_order(const cfg_loader *L, int hi, int lo, const char *why)
{
    if (hw_u32(L, hi) > hw_u32(L, lo))
        return 0;
    cusim_mark m = row_mark(L, later_row(L, hi, lo));
    return err_at(L->err, &m, "%s (%u) must be more than %s (%u): both "
                  "are end to end from issue, %s", L->t->keys[hi].path,
                  hw_u32(L, hi), L->t->keys[lo].path, hw_u32(L, lo), why);
}

/* The memory hierarchy's keys (docs/model.md, "Memory hierarchy"). Off
 * (cache.l2.bytes 0), no other cache.* or dram.* key may be written,
 * unless an override of cache.l2.bytes written after it turned the
 * hierarchy off (a sweep of flat against cached); on, the caches' shapes must hold whole sets and
 * the latencies and bandwidths must be given. */
static int check_hierarchy(const cfg_loader *L)
{
    const int l2 = hw_row(L, "cache.l2.bytes");
    if (hw_u32(L, l2) == 0) {
        for (int i = 0; i < L->t->n; i++) {
            const char *p = L->t->keys[i].path;
            bool l1 = strncmp(p, "cache.l1.", 9) == 0
                      || strncmp(p, "cache.scalar.", 13) == 0;
            bool dram = strncmp(p, "dram.", 5) == 0;
            if (i == l2 || (!l1 && !dram && strncmp(p, "cache.l2.", 9) != 0)
                || L->slots[i].rank == 0
                || L->slots[l2].rank > L->slots[i].rank)
                continue;
            cusim_mark m = row_mark(L, i);
            return err_at(L->err, &m, "%s: %s needs cache.l2 (expected "
                          "cache.l2.bytes > 0: without an L2 the flat "
                          "memory.* model runs and reads no cache.* or "
                          "dram.* key)", p, l1 ? (p[6] == 's' ? "cache.scalar"
                          : "cache.l1") : dram ? "dram" : "cache.l2");
        }
        return 0;
    }

    const int l1b = hw_row(L, "cache.l1.bytes");
    const int uni = hw_row(L, "cache.l1.unified");
    const int l1line = hw_row(L, "cache.l1.line");
    const int l1ways = hw_row(L, "cache.l1.ways");
    const int l1lat = hw_row(L, "cache.l1.latency");
    const int shm = hw_row(L, "cu.shared_memory");
    const int l2line = hw_row(L, "cache.l2.line");
    const int l2ways = hw_row(L, "cache.l2.ways");
    const int slices = hw_row(L, "cache.l2.slices");
    const int inter = hw_row(L, "cache.l2.interleave");
    const int l2lat = hw_row(L, "cache.l2.latency");
    const int l2bw = hw_row(L, "cache.l2.bytes_per_cycle");
    const int dlat = hw_row(L, "dram.latency");
    const int dbw = hw_row(L, "dram.bytes_per_cycle");
    const int row = hw_row(L, "dram.row");
    cusim_mark m;

    /* L1: one of bytes and unified (or neither: no L1) */
    if (check_line(L, "cache.l1") != 0)
        return -1;
    if (hw_u32(L, l1b) && hw_u32(L, uni)) {
        m = row_mark(L, later_row(L, l1b, uni));
        return err_at(L->err, &m, "cache.l1.bytes (%u) and cache.l1.unified "
                      "(%u) are both set; expected one of them (unified: the "
                      "L1 gets what shared memory leaves of the pool)",
                      hw_u32(L, l1b), hw_u32(L, uni));
    }
    if (check_sets(L, l1b, -1, l1ways, l1line) != 0
        || check_sets(L, uni, -1, l1ways, l1line) != 0)
        return -1;
    if (hw_u32(L, uni) && hw_u32(L, uni) < hw_u32(L, shm)) {
        m = row_mark(L, later_row(L, uni, shm));
        return err_at(L->err, &m, "cache.l1.unified (%u) is less than "
                      "cu.shared_memory (%u): the pool holds the largest "
                      "shared memory carveout; expected at least %u",
                      hw_u32(L, uni), hw_u32(L, shm), hw_u32(L, shm));
    }
    bool has_l1 = hw_u32(L, l1b) || hw_u32(L, uni);
    if (has_l1 && needs(L, l1lat, hw_u32(L, l1b) ? l1b : uni) != 0)
        return -1;

    /* L2 */
    if (check_line(L, "cache.l2") != 0
        || check_sets(L, l2, slices, l2ways, l2line) != 0)
        return -1;
    m = row_mark(L, inter);
    if (!pow2(hw_u32(L, inter)))
        return err_at(L->err, &m, "cache.l2.interleave (%u) is not a power "
                      "of two (expected 256, 4096, ... bytes per slice)",
                      hw_u32(L, inter));
    /* the L2 keeps the L1's sectors of a line in a 32-bit mask */
    const int l1sec = hw_row(L, "cache.l1.sector");
    if (hw_u32(L, l2line) / hw_u32(L, l1sec) > 32) {
        m = row_mark(L, later_row(L, l2line, l1sec));
        return err_at(L->err, &m, "cache.l2.line (%u) holds %u of "
                      "cache.l1.sector (%u): the L2 keeps a line's L1 "
                      "sectors, at most 32; expected cache.l1.sector at "
                      "least %u or cache.l2.line at most %u",
                      hw_u32(L, l2line), hw_u32(L, l2line) / hw_u32(L, l1sec),
                      hw_u32(L, l1sec), hw_u32(L, l2line) / 32,
                      32 * hw_u32(L, l1sec));
    }
    if (hw_u32(L, inter) < hw_u32(L, l2line)) {
        m = row_mark(L, later_row(L, inter, l2line));
        return err_at(L->err, &m, "cache.l2.interleave (%u) is less than "
                      "cache.l2.line (%u): a line lives in one slice; "
                      "expected at least %u", hw_u32(L, inter),
                      hw_u32(L, l2line), hw_u32(L, l2line));
    }
    if (needs(L, l2lat, l2) != 0 || needs(L, l2bw, l2) != 0)
        return -1;
    if (has_l1 && check_order(L, l2lat, l1lat, "an L2 hit includes the "
                              "L1 miss") != 0)
        return -1;

    /* the scalar cache: whole sets of L1 lines, faster than the L2 */
    const int kb = hw_row(L, "cache.scalar.bytes");
    const int kways = hw_row(L, "cache.scalar.ways");
    const int klat = hw_row(L, "cache.scalar.latency");
    if (hw_u32(L, kb)) {
        uint64_t set = (uint64_t)hw_u32(L, l1line)
                       * (hw_u32(L, kways) ? hw_u32(L, kways) : 1);
        if (hw_u32(L, kb) % set != 0) {
            m = row_mark(L, later_row(L, kb, later_row(L, kways, l1line)));
            return err_at(L->err, &m, "cache.scalar.bytes (%u) is not a "
                          "multiple of cache.scalar.ways x cache.l1.line "
                          "(%u x %u = %llu): the cache holds whole sets of "
                          "the L1's lines", hw_u32(L, kb), hw_u32(L, kways),
                          hw_u32(L, l1line), (unsigned long long)set);
        }
        if (needs(L, klat, kb) != 0
            || check_order(L, l2lat, klat, "an L2 hit includes the scalar "
                           "cache's miss") != 0)
            return -1;
    }

    /* DRAM */
    if (needs(L, dlat, l2) != 0 || needs(L, dbw, l2) != 0
        || check_order(L, dlat, l2lat, "a DRAM access includes the L2 "
                       "miss") != 0)
        return -1;
    m = row_mark(L, row);
    if (!pow2(hw_u32(L, row)))
        return err_at(L->err, &m, "dram.row (%u) is not a power of two "
                      "(expected 1024, 2048, ... bytes)", hw_u32(L, row));
    return check_hashes(L);
}

/* The rules that tie two hardware keys together: each reported at the
 * later of the two keys. */
int cfg_check_hw(const cfg_loader *L)
{
    static const char *const divided[] = { "cu.registers",
                                           "cu.max_subgroups" };
    int sched = cfg_key_index(L->t, "cu.schedulers");
    uint32_t parts = *(const uint32_t *)cfg_field(L, L->t->keys[sched].offset);

    for (size_t d = 0; d < sizeof divided / sizeof divided[0]; d++) {
        int i = cfg_key_index(L->t, divided[d]);
        uint32_t v = *(const uint32_t *)cfg_field(L, L->t->keys[i].offset);
        if (v % parts == 0)
            continue;
        int at = later(&L->marks[i], L->slots[i].rank, &L->marks[sched],
                       L->slots[sched].rank) ? i : sched;
        cusim_mark m = cfg_mark_in(L->file, &L->marks[at]);
        return err_at(L->err, &m, "%s (%u) must divide evenly among "
                      "cu.schedulers (%u)", divided[d], v, parts);
    }

    /* A partition keeps its ready subgroups in age order, an array: its
     * cost per issue grows with how many it holds, so they are bounded
     * (16 on every shipped GPU; 1024 keeps a run linear in its work). */
    int ms = cfg_key_index(L->t, "cu.max_subgroups");
    uint32_t per = *(const uint32_t *)cfg_field(L, L->t->keys[ms].offset)
                   / parts;
    if (per > CUSIM_MAX_SUBGROUPS_PER_PARTITION) {
        int at = later(&L->marks[ms], L->slots[ms].rank, &L->marks[sched],
                       L->slots[sched].rank) ? ms : sched;
        cusim_mark m = cfg_mark_in(L->file, &L->marks[at]);
        return err_at(L->err, &m, "cu.max_subgroups (%u) over cu.schedulers "
                      "(%u) is %u subgroups per scheduler (expected at most "
                      "%u)", per * parts, parts, per,
                      CUSIM_MAX_SUBGROUPS_PER_PARTITION);
    }

    /* Hardware barrier slots are an AMD and Intel resource (sim/rules/rule_amd.c,
     * sim/rules/rule_intel.c). */
    int rules = cfg_key_index(L->t, "cu.rules");
    int bar = cfg_key_index(L->t, "cu.max_barrier_workgroups");
    cusim_rules family = *(const cusim_rules *)cfg_field(L, L->t->keys[rules].offset);
    uint32_t cap = *(const uint32_t *)cfg_field(L, L->t->keys[bar].offset);
    if (cap != 0 && family != CUSIM_RULES_AMD && family != CUSIM_RULES_INTEL) {
        int at = later(&L->marks[bar], L->slots[bar].rank, &L->marks[rules],
                       L->slots[rules].rank) ? bar : rules;
        cusim_mark m = cfg_mark_in(L->file, &L->marks[at]);
        return err_at(L->err, &m, "cu.max_barrier_workgroups (%u) applies "
                      "only to cu.rules amd and intel (this profile's rules are %s; "
                      "expected 0)", cap, cusim_rules_name(family));
    }

    /* A workgroup cannot address more shared memory than its CU has: a
     * profile that says so is wrong. Only as written, though: an override
     * of either key (a sweep of cu.shared_memory) makes the cap the smaller
     * of the two, as the admission rule takes it. */
    int shm = cfg_key_index(L->t, "cu.shared_memory");
    int per_wg = cfg_key_index(L->t, "cu.max_shared_per_workgroup");
    uint32_t total = *(const uint32_t *)cfg_field(L, L->t->keys[shm].offset);
    uint32_t wg_cap = *(const uint32_t *)cfg_field(L, L->t->keys[per_wg].offset);
    if (wg_cap > total && L->slots[shm].rank < L->set_rank
        && L->slots[per_wg].rank < L->set_rank) {
        int at = later(&L->marks[per_wg], L->slots[per_wg].rank, &L->marks[shm],
                       L->slots[shm].rank) ? per_wg : shm;
        cusim_mark m = cfg_mark_in(L->file, &L->marks[at]);
        return err_at(L->err, &m, "cu.max_shared_per_workgroup (%u) is more "
                      "than the CU's cu.shared_memory (%u); expected at most "
                      "%u, or 0 for no separate limit", wg_cap, total, total);
    }
    return check_hierarchy(L);
}

void cfg_free_dispatches(cusim_kernel *d)
{
    while (d) {
        cusim_kernel *next = d->next;
        free(d->program);
        free(d->program_map);
        free(d);
        d = next;
    }
}

/* Frees the text fields and the dispatch chain of a half-built struct. */
static void free_texts(const cfg_loader *L)
{
    for (int i = 0; i < L->t->n; i++)
        if (L->t->keys[i].type == T_TEXT) {
            char **p = cfg_field(L, L->t->keys[i].offset);
            int **map = cfg_field(L, L->t->keys[i].aux + 2 * sizeof(int));
            free(*p);
            free(*map);        /* a quoted text's byte map (convert_text) */
            *p = NULL;
            *map = NULL;
        } else if (L->t->keys[i].type == T_DISPATCHES) {
            cusim_kernel **p = cfg_field(L, L->t->keys[i].offset);
            cfg_free_dispatches(*p);
            *p = NULL;
        }
}

/* Applies the overrides of this kind (pass 2); docs[i] keeps set i's
 * value alive. */
static int walk_sets(cfg_loader *L, const cusim_set *sets, size_t n_sets,
                     ydoc *docs)
{
    size_t plen = strlen(L->t->prefix);
    for (size_t i = 0; i < n_sets; i++) {
        const cusim_set *set = &sets[i];
        const char *path = set->path ? set->path : "";
        const char *value = set->value ? set->value : "";
        cusim_mark at = { set->file ? set->file : "--set",
                          set->line > 0 ? set->line : 1,
                          set->column > 0 ? set->column : 1 };
        char shown[96], shown_value[96];
        if (strncmp(path, L->t->other, strlen(L->t->other)) == 0)
            continue;
        shown_text(path, strlen(path), shown, sizeof shown);
        if (strncmp(path, L->t->prefix, plen) != 0)
            return err_at(L->err, &at, "'%s=%s': a --set path starts with "
                          "'hw.' or 'kernel.'", shown,
                          shown_text(value, strlen(value), shown_value,
                                     sizeof shown_value));
        if (ydoc_load_string(&docs[i], value, &at, shown, L->err) != 0)
            return -1;
        L->doc = &docs[i];
        L->rank = L->set_rank + (int)i;
        L->shown = L->t->prefix;
        if (strlen(path + plen) > CFG_MAX_PATH)
            return unknown_key(L, path + plen, strlen(path + plen), &at);
        if (visit(L, path + plen, &at, ydoc_root(&docs[i])) != 0)
            return -1;
    }
    return 0;
}

/* Pass 3, first half: converts the values written, in the order they
 * were written, and marks where each came from. */
static int convert_written(cfg_loader *L)
{
    int order[CUSIM_MAX_KEYS], n = 0;

    for (int i = 0; i < L->t->n; i++) {   /* insertion sort by position */
        if (!L->slots[i].doc)
            continue;
        int j = n++;
        for (; j > 0; j--) {
            const cfg_slot *p = &L->slots[order[j - 1]];
            if (!later(&p->mark, p->rank, &L->slots[i].mark,
                       L->slots[i].rank))
                break;
            order[j] = order[j - 1];
        }
        order[j] = i;
    }
    for (int j = 0; j < n; j++) {
        if (cfg_convert(L, order[j]) != 0)
            return -1;
        L->marks[order[j]] = kept_mark(L, L->slots[order[j]].mark);
    }
    return 0;
}

/* A kernel's further dispatches. The `dispatches` row (the last of
 * kernel_keys) holds a list of mappings, one per further dispatch. Pass 3
 * checks only the list's shape (cfg_convert.c); once the first dispatch
 * is fully resolved, each entry is loaded with the same walk and
 * conversions over cfg_dispatch_table (kernel_keys without that last row,
 * so row i means the same key in both) into a cusim_kernel that starts as
 * a copy of the previous dispatch: a key the entry does not write keeps
 * the previous dispatch's value and mark. Only `elements` must be
 * written; in an entry it may be an expression of `workgroups` and
 * `elements` (the previous dispatch's), whose syntax is checked when it
 * is converted and which is evaluated when the dispatch runs
 * (cusim_dispatch_elements). Messages name an entry's keys
 * `dispatches[I].KEY`, I counted from 0. A `--set` cannot reach the list
 * (visit). cfg_dispatch.c works on the chain once it is loaded. */

void cfg_dispatch_name(const char *first, long position, char *out,
                       size_t size)
{
    char suffix[24];
    snprintf(suffix, sizeof suffix, ".%ld", position);
    size_t len = strlen(first), room = size - 1 - strlen(suffix);
    if (len > room) {
        len = room;
        while (len > 0 && ((unsigned char)first[len] & 0xC0) == 0x80)
            len--;   /* do not cut a UTF-8 character in two */
    }
    memcpy(out, first, len);
    strcpy(out + len, suffix);
}

/* Loads the entries of the list in slot `row` (its shape already checked
 * by cfg_convert) into the chain at obj's `next`, once the first dispatch
 * is resolved, each entry starting from a copy of the dispatch before it.
 * A dispatch joins the chain before it is filled, so a failure leaves
 * everything to free_texts. */
static int load_dispatches(cfg_loader *L, int row)
{
    const cfg_slot *s = &L->slots[row];
    const cfg_key *k = &L->t->keys[row];
    if (!s->doc)
        return 0;
    assert(k->type == T_DISPATCHES && row == cfg_dispatch_table.n);
    const int name = cfg_key_index(&cfg_dispatch_table, "name");
    const int elements = cfg_key_index(&cfg_dispatch_table, "elements");
    const int program = cfg_key_index(&cfg_dispatch_table, "program");
    const cusim_kernel *first = (const cusim_kernel *)L->obj;
    cusim_kernel *prev = (cusim_kernel *)L->obj;
    const yaml_node_item_t *it = s->value->data.sequence.items.start;
    long count = s->value->data.sequence.items.top - it;

    for (long i = 0; i < count; i++) {
        const yaml_node_t *entry = ydoc_node((ydoc *)s->doc, it[i]);
        cusim_kernel *d = xmalloc(sizeof *d);
        memcpy(d, prev, sizeof *d);
        d->program = NULL;
        d->program_map = NULL;
        d->ast = NULL;
        d->next = NULL;
        d->elements = 0;
        d->elements_expr[0] = '\0';
        prev->next = d;

        cfg_loader E;
        memset(&E, 0, sizeof E);
        E.t = &cfg_dispatch_table;
        E.obj = (char *)d;
        E.marks = d->marks;
        E.file = L->file;   /* the document's name, as in its marks */
        E.doc = (ydoc *)s->doc;
        E.rank = s->rank;
        E.err = L->err;
        E.entry = (int)i;
        snprintf(E.entry_shown, sizeof E.entry_shown, "%s%s[%ld].",
                 s->shown, k->path, i);
        E.shown = E.entry_shown;
        if (walk(&E, entry, "") != 0 || convert_written(&E) != 0)
            return -1;
        if (!E.slots[elements].doc) {
            cusim_mark m = ydoc_mark(s->doc, entry);
            return err_at(L->err, &m, "missing required key '%selements' "
                          "(%s)", E.shown,
                          cfg_dispatch_table.keys[elements].help);
        }
        if (!E.slots[name].doc) {
            cfg_dispatch_name(first->name, i + 2, d->name, sizeof d->name);
            d->marks[name] = (cusim_mark){ NULL, 0, 0 };
        }
        if (!E.slots[program].doc) {
            size_t len = strlen(prev->program);
            d->program = xmalloc(len + 1);
            memcpy(d->program, prev->program, len + 1);
            if (prev->program_map) {
                d->program_map = xcalloc(2 * len + 1, sizeof(int));
                memcpy(d->program_map, prev->program_map,
                       2 * len * sizeof(int));
            }
        }
        prev = d;
    }
    return 0;
}

/* Passes 3 and 4: converts what was written, then the defaults; checks the
 * rules across keys; then loads the further dispatches of a kernel. */
static int resolve(cfg_loader *L)
{
    if (convert_written(L) != 0)
        return -1;

    for (int i = 0; i < L->t->n; i++) {
        const cfg_key *k = &L->t->keys[i];
        if (!L->slots[i].doc && !k->def)
            return err_set(L->err, L->file, 1, 1, "missing required key "
                           "'%s' (%s)", k->path, k->help);
    }

    cusim_mark def = { L->file, 0, 0 };
    for (int i = 0; i < L->t->n; i++) {
        const cfg_key *k = &L->t->keys[i];
        if (L->slots[i].doc || k->type == T_DISPATCHES
            || k->type == T_BUFFERS)
            continue;   /* no further dispatches: `next` stays NULL; no
                           buffer: n_buffers stays 0 */
        if (k->type == T_NAME && !*k->def) {
            base_name(L->file, cfg_field(L, k->offset), k->max + 1);
            continue;
        }
        ydoc d;
        ydoc_scalar(&d, k->def, &def);
        cfg_slot *s = &L->slots[i];
        s->doc = &d;
        s->value = ydoc_root(&d);
        s->mark = def;
        s->shown = "";
        int rc = cfg_convert(L, i);
        assert(rc == 0 && "a default is out of its own range");
        s->doc = NULL;
        ydoc_free(&d);
        if (rc != 0)
            return -1;
    }
    if (L->t->check && L->t->check(L) != 0)
        return -1;
    for (int i = 0; i < L->t->n; i++)
        if (L->t->keys[i].type == T_DISPATCHES
            && load_dispatches(L, i) != 0)
            return -1;
    return 0;
}

/* Loads the file at `path`, or when `text` is non-NULL its `len` bytes
 * under the name `path`, with the overrides `sets`, into `obj`. */
static int load(const cfg_table *t, const char *path, const char *text,
                size_t len, const cusim_set *sets, size_t n_sets, void *obj,
                cusim_error *err)
{
    cfg_loader L;
    ydoc file;
    ydoc *docs = NULL;
    int rc = -1;

    memset(obj, 0, t->size);
    memset(&L, 0, sizeof L);
    L.entry = -1;
    L.t = t;
    L.obj = obj;
    L.marks = (cusim_mark *)cfg_field(&L, t->marks);
    L.err = err;
    char *fname = cfg_field(&L, t->file);
    L.file = fname;
    L.set_rank = 2;
    if (!path)
        path = "";
    if (strlen(path) >= sizeof ((cusim_hw *)0)->file)
        return err_set(err, path, 1, 1, "cannot read: the file name is "
                       "longer than %zu bytes",
                       sizeof ((cusim_hw *)0)->file - 1);
    strcpy(fname, path);
    for (int i = 0; i < t->n; i++)
        L.marks[i] = (cusim_mark){ NULL, 0, 0 };

    if ((text ? ydoc_load_bytes(&file, text, len, fname, t->what, err)
              : ydoc_load_file(&file, path, fname, t->what, err)) != 0)
        return -1;
    docs = xmalloc(n_sets * sizeof *docs);
    memset(docs, 0, n_sets * sizeof *docs);

    const yaml_node_t *root = ydoc_root(&file);
    if (root->type != YAML_MAPPING_NODE) {
        char got[200];
        cusim_mark m = ydoc_mark(&file, root);
        err_at(err, &m, "expected %s, got %s", t->what,
               ydoc_describe(root, true, got, sizeof got));
        goto done;
    }
    L.doc = &file;
    L.rank = 1;
    L.shown = "";
    if (walk(&L, root, "") != 0 || walk_sets(&L, sets, n_sets, docs) != 0
        || resolve(&L) != 0)
        goto done;
    rc = 0;
done:
    for (size_t i = 0; i < n_sets; i++)
        ydoc_free(&docs[i]);
    free(docs);
    ydoc_free(&file);
    if (rc != 0)
        free_texts(&L);
    return rc;
}

int cfg_hw_load(const char *path, const cusim_set *sets, size_t n_sets,
                cusim_hw *out, cusim_error *err)
{
    return load(&cfg_hw_table, path, NULL, 0, sets, n_sets, out, err);
}

int cfg_kernel_load(const char *path, const cusim_set *sets, size_t n_sets,
                    cusim_kernel *out, cusim_error *err)
{
    return load(&cfg_kernel_table, path, NULL, 0, sets, n_sets, out, err);
}

int cusim_hw_load_string(const char *text, const char *name,
                         const cusim_set *sets, size_t n_sets, cusim_hw *out,
                         cusim_error *err)
{
    return cusim_hw_load_bytes(text ? text : "", text ? strlen(text) : 0,
                               name, sets, n_sets, out, err);
}

int cusim_hw_load_bytes(const char *text, size_t len, const char *name,
                        const cusim_set *sets, size_t n_sets, cusim_hw *out,
                        cusim_error *err)
{
    return load(&cfg_hw_table, name, text, len, sets, n_sets, out, err);
}

int cfg_kernel_load_string(const char *text, const char *name,
                           const cusim_set *sets, size_t n_sets,
                           cusim_kernel *out, cusim_error *err)
{
    return cfg_kernel_load_bytes(text ? text : "", text ? strlen(text) : 0,
                                 name, sets, n_sets, out, err);
}

int cfg_kernel_load_bytes(const char *text, size_t len, const char *name,
                          const cusim_set *sets, size_t n_sets,
                          cusim_kernel *out, cusim_error *err)
{
    return load(&cfg_kernel_table, name, text, len, sets, n_sets, out, err);
}

/* ------------------------------------------------------ loaded configs */

/* Applies the overrides of `t`'s kind to `obj`, a loaded config the caller
 * may change: passes 2 to 4 (see the file comment). On failure `obj` may
 * hold some of the new values; the caller throws it away. */
int cfg_apply_sets(const cfg_table *t, void *obj, const cusim_set *sets,
                   size_t n_sets, cusim_error *err)
{
    cfg_loader L;
    memset(&L, 0, sizeof L);
    L.entry = -1;
    L.t = t;
    L.obj = obj;
    L.marks = (cusim_mark *)cfg_field(&L, t->marks);
    L.err = err;
    L.file = cfg_field(&L, t->file);
    L.set_rank = 3;
    for (int i = 0; i < t->n; i++)   /* the rank each value was loaded at */
        L.slots[i].rank = L.marks[i].line == 0 ? 0 : !L.marks[i].file ? 1
                          : 2;
    ydoc *docs = xcalloc(n_sets ? n_sets : 1, sizeof *docs);
    int rc = walk_sets(&L, sets, n_sets, docs) == 0
             && convert_written(&L) == 0
             && (!t->check || t->check(&L) == 0) ? 0 : -1;
    for (size_t i = 0; i < n_sets; i++)
        ydoc_free(&docs[i]);
    free(docs);
    return rc;
}

int cusim_hw_apply(cusim_hw *hw, const cusim_set *sets, size_t n_sets,
                   cusim_error *err)
{
    cusim_hw copy = *hw;
    if (cfg_apply_sets(&cfg_hw_table, &copy, sets, n_sets, err) != 0)
        return -1;
    *hw = copy;
    return 0;
}

/* ------------------------------------------------------------ --set */

int cusim_set_parse(char *arg, int index, cusim_set *set, cusim_error *err)
{
    char *eq = arg ? strchr(arg, '=') : NULL;
    if (!eq || eq == arg)
        return err_set(err, "--set", index, 1, "expected PATH=VALUE, got "
                       "'%.200s'", arg ? arg : "");
    *eq = '\0';
    set->path = arg;
    set->value = eq + 1;
    set->file = "--set";
    set->line = index;
    set->column = 1;
    return 0;
}
