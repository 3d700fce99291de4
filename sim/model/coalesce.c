/*
 * coalesce.c — the lines and sectors of an access (coalesce.h states the
 * model): a run in closed form, a list through a bitmap of the sectors it
 * spans or by sorting, and the flat model's segments of a pattern.
 */
#include <assert.h>
#include <stdbool.h>
#include <string.h>

#include "coalesce.h"
#include "heap.h"
#include "intmath.h"
#include "lanes.h"

/* The lines being written: out[0 .. n) ascending; the tail is one
 * contiguous run of lines covering the last range emitted. */
typedef struct emitter {
    addr_line *out;
    uint32_t n, cap;
    uint32_t line_shift, spl;          /* log2(line), sectors per line */
    uint32_t sector_shift;
} emitter;

/* Emits the sectors of bytes [lo, hi] (inclusive). Requires: lo is at
 * least the previous range's lo and hi at least its hi. */
static void emit_range(emitter *m, uint64_t lo, uint64_t hi)
{
    uint64_t s0 = lo >> m->sector_shift, s1 = hi >> m->sector_shift;
    uint32_t lsh = m->line_shift - m->sector_shift;
    uint64_t l0 = s0 >> lsh, l1 = s1 >> lsh;
    for (uint64_t l = l0; l <= l1; l++) {
        uint32_t a = l == l0 ? (uint32_t)(s0 & (m->spl - 1)) : 0;
        uint32_t b = l == l1 ? (uint32_t)(s1 & (m->spl - 1)) : m->spl - 1;
        uint32_t mask = (uint32_t)(((2ull << b) - 1) & ~((1ull << a) - 1));
        if (m->n > 0 && l <= m->out[m->n - 1].line) {
            uint64_t back = m->out[m->n - 1].line - l;
            assert(back < m->n && m->out[m->n - 1 - back].line == l);
            m->out[m->n - 1 - back].sectors |= mask;
        } else if (m->n < m->cap) {
            m->out[m->n++] = (addr_line){ l, mask, 0, 0 };
        }
    }
}

static void emitter_init(emitter *m, uint32_t line, uint32_t sector,
                         addr_line *out, uint32_t cap)
{
    *m = (emitter){ .out = out, .cap = cap, .line_shift = ceil_log2(line),
                    .sector_shift = ceil_log2(sector), .spl = line / sector };
}

static bool larger(const uint64_t *a, const uint64_t *b)
{
    return *a > *b;
}

HEAP_DEFINE(max_heap, uint64_t, void *, larger, HEAP_STORE)

/* Sorts v[0 .. n) ascending: insertion sort for a warp, heap sort above. */
static void sort_u64(uint64_t *v, uint32_t n)
{
    if (n <= 64) {
        for (uint32_t i = 1; i < n; i++) {
            uint64_t t = v[i];
            uint32_t j = i;
            for (; j > 0 && v[j - 1] > t; j--)
                v[j] = v[j - 1];
            v[j] = t;
        }
        return;
    }
    /* heap sort: a heap with the largest first, its first moved to the
     * end of the shrinking heap each time */
    for (uint32_t start = n / 2; start-- > 0;)
        max_heap_down(NULL, v, n, start, v[start]);
    for (uint32_t end = n - 1; end > 0; end--) {
        uint64_t t = v[end];
        v[end] = v[0];
        max_heap_down(NULL, v, end, 0, t);
    }
}

/* Emits n lanes of `bytes` bytes from lo, step bytes apart: one range
 * when they are at most a sector apart (every sector between the first
 * byte and the last is touched), else a range per lane. */
static void emit_lanes(emitter *m, uint64_t lo, uint64_t n, uint64_t step,
                       uint32_t bytes)
{
    uint64_t k = n - 1, end = bytes - 1;
    if (step <= (uint64_t)1 << m->sector_shift) {
        emit_range(m, lo, lo + k * step + end);
        return;
    }
    for (uint64_t i = 0, at = lo; i <= k; i++, at += step)
        emit_range(m, at, at + end);
}

/* coal_lines of a run: one range when its lanes are at most a sector
 * apart (every sector between its first and last byte is touched), else a
 * range per lane. */
static uint32_t lines_run(const addr_lanes *a, emitter *m)
{
    if (a->n == 0)
        return 0;
    uint64_t k = a->n - 1;
    if (a->step <= (uint64_t)1 << m->sector_shift) {
        /* one range into no line yet: every line whole but its ends */
        uint64_t s0 = a->lo >> m->sector_shift;
        uint64_t s1 = (a->lo + k * a->step + a->bytes - 1) >> m->sector_shift;
        uint32_t lsh = m->line_shift - m->sector_shift, spl = m->spl;
        uint64_t l0 = s0 >> lsh, count = (s1 >> lsh) - l0 + 1;
        uint32_t n = count < m->cap ? (uint32_t)count : m->cap;
        uint32_t whole = (uint32_t)((2ull << (spl - 1)) - 1);
        if (n == 0)
            return 0;
        for (uint32_t i = 0; i < n; i++)
            m->out[i] = (addr_line){ l0 + i, whole, 0, 0 };
        m->out[0].sectors &= whole << (s0 & (spl - 1));
        if (n == count)
            m->out[n - 1].sectors &= whole >> (spl - 1 - (s1 & (spl - 1)));
        m->n = n;
        return n;
    }
    emit_lanes(m, a->lo, a->n, a->step, a->bytes);
    return m->n;
}

/* lines_run, then a run's second part (n2 lanes from lo2, above the
 * first's bytes) appended: its first line shared with the first part's
 * last when they meet there. */
static uint32_t lines_runs(const addr_lanes *a, emitter *m)
{
    lines_run(a, m);
    if (a->n2 > 0)
        emit_lanes(m, a->lo2, a->n2, a->step, a->bytes);
    return m->n;
}

uint32_t coal_lines_sorted(const addr_lanes *a, uint32_t line,
                           uint32_t sector, addr_line *out, uint32_t cap,
                           bool ops)
{
    uint64_t start[ADDR_MAX_LANES];
    uint32_t n = a->n;
    assert(!a->run && n <= ADDR_MAX_LANES);
    memcpy(start, a->at, n * sizeof *start);
    sort_u64(start, n);
    emitter m;
    emitter_init(&m, line, sector, out, cap);
    for (uint32_t l = 0; l < n; l++) {
        if (l > 0 && start[l] == start[l - 1])
            continue;
        emit_range(&m, start[l], start[l] + a->bytes - 1);
        if (!ops)
            continue;
        /* the run of lanes on this address, counted on its first line
         * (the tail of an emitted range: the line is one of its last) */
        uint32_t run = 1;
        while (l + run < n && start[l + run] == start[l])
            run++;
        uint64_t ln = start[l] >> m.line_shift;
        uint32_t k = m.n;
        while (k > 0 && m.out[k - 1].line > ln)
            k--;
        if (k > 0 && m.out[k - 1].line == ln) {
            if (run > m.out[k - 1].ops)
                m.out[k - 1].ops = (uint16_t)run;
            m.out[k - 1].lanes = (uint16_t)(m.out[k - 1].lanes + run);
        }
    }
    return m.n;
}

/* coal_lines of a list whose lanes span at most COAL_WINDOW sectors from
 * the first line they touch: each lane sets its sectors' bits, then the
 * lines come out of the bitmap in ascending order (the same lines and
 * masks as sorting). Returns UINT32_MAX when they span more. */
static uint32_t lines_bitmap(const addr_lanes *a, emitter *m)
{
    uint64_t lo = a->lo, hi = a->hi;
    uint32_t ss = m->sector_shift, ls = m->line_shift;
    uint64_t last = hi + a->bytes - 1;
    if (last < hi)
        return UINT32_MAX;            /* past the address space: sort */
    uint64_t s0 = (lo >> ls) << (ls - ss);   /* the first line's sector 0 */
    uint64_t span = (last >> ss) - s0 + 1;
    if (span > COAL_WINDOW)
        return UINT32_MAX;
    uint64_t bits[COAL_WINDOW / 64];
    uint32_t words = (uint32_t)((span + 63) / 64);
    uint64_t end = a->bytes - 1;
    if (words == 1 && a->aligned && a->bytes <= ((uint32_t)1 << ss)
        && (a->bytes & (a->bytes - 1)) == 0) {
        /* one word, each lane in one sector (an aligned power of two no
         * wider than a sector): a bit a lane */
        uint64_t v = 0;
        for (uint32_t l = 0; l < a->n; l++)
            v |= 1ull << ((a->at[l] >> ss) - s0);
        bits[0] = v;
    } else if (words == 1) {
        /* one word: a lane's sectors f .. e are (2 << e) - (1 << f) */
        uint64_t v = 0;
        for (uint32_t l = 0; l < a->n; l++) {
            uint64_t f = (a->at[l] >> ss) - s0;
            uint64_t e = ((a->at[l] + end) >> ss) - s0;
            v |= (2ull << e) - (1ull << f);
        }
        bits[0] = v;
    } else {
        memset(bits, 0, words * sizeof *bits);
        for (uint32_t l = 0; l < a->n; l++) {
            uint64_t f = (a->at[l] >> ss) - s0;
            uint64_t e = ((a->at[l] + end) >> ss) - s0;
            bits[f / 64] |= 1ull << (f % 64);
            for (uint64_t s = f + 1; s <= e; s++)   /* across sectors */
                bits[s / 64] |= 1ull << (s % 64);
        }
    }
    /* a line's sectors are spl consecutive bits, never across a word
     * (spl is a power of two of at most 32) */
    uint32_t spl = m->spl;
    uint64_t whole = spl == 64 ? ~0ull : (1ull << spl) - 1;
    uint64_t line0 = lo >> ls;
    for (uint32_t w = 0; w < words && m->n < m->cap; w++)
        for (uint64_t v = bits[w]; v && m->n < m->cap;) {
            uint32_t b = (uint32_t)__builtin_ctzll(v) / spl * spl;
            uint32_t mask = (uint32_t)(v >> b & whole);
            m->out[m->n++] = (addr_line){ line0 + (w * 64 + b) / spl, mask,
                                          0, 0 };
            v &= b + spl >= 64 ? 0 : ~0ull << (b + spl);
        }
    return m->n;
}

uint32_t coal_lines(const addr_lanes *a, uint32_t line, uint32_t sector,
                    addr_line *out, uint32_t cap)
{
    emitter m;
    emitter_init(&m, line, sector, out, cap);
    if (a->run)
        return lines_runs(a, &m);
    if (a->n == 0)
        return 0;
    uint32_t n = lines_bitmap(a, &m);
    if (n != UINT32_MAX)
        return n;
    return coal_lines_sorted(a, line, sector, out, cap, false);
}

/* The lines of a run: one range when no gap between lanes holds a whole
 * line (step < line + bytes), else lane by lane, a lane's first line
 * shared with the one before when it ends there. */
static inline __attribute__((always_inline)) uint32_t
count_run(uint64_t lo, uint32_t n, const addr_lanes *a, uint32_t ls)
{
    if (n == 0)
        return 0;
    uint64_t k = n - 1, end = a->bytes - 1;
    if (a->step < ((uint64_t)1 << ls) + a->bytes)
        return (uint32_t)(((lo + k * a->step + end) >> ls) - (lo >> ls) + 1);
    uint64_t count = 0, last = 0;
    for (uint64_t i = 0, at = lo; i <= k; i++, at += a->step) {
        uint64_t f = at >> ls, e = (at + end) >> ls;
        count += e - f + 1 - (i > 0 && f == last);
        last = e;
    }
    return (uint32_t)count;
}

/* The lines of a list: a bitmap of them where they span at most
 * COAL_WINDOW, else its lanes sorted. */
static uint32_t count_list(const addr_lanes *a, uint32_t ls)
{
    uint64_t end = a->bytes - 1, last = a->hi + end;
    uint64_t l0 = a->lo >> ls;
    if (last >= a->hi && (last >> ls) - l0 < COAL_WINDOW) {
        uint64_t bits[COAL_WINDOW / 64];
        uint32_t words = (uint32_t)(((last >> ls) - l0) / 64 + 1);
        memset(bits, 0, words * sizeof *bits);
        for (uint32_t l = 0; l < a->n; l++) {
            uint64_t f = (a->at[l] >> ls) - l0;
            uint64_t e = ((a->at[l] + end) >> ls) - l0;
            for (uint64_t s = f; s <= e; s++)
                bits[s / 64] |= 1ull << (s % 64);
        }
        uint32_t count = 0;
        for (uint32_t w = 0; w < words; w++)
            count += (uint32_t)__builtin_popcountll(bits[w]);
        return count;
    }
    uint64_t start[ADDR_MAX_LANES];
    memcpy(start, a->at, a->n * sizeof *start);
    sort_u64(start, a->n);
    uint64_t count = 0, top = 0;
    for (uint32_t l = 0; l < a->n; l++) {
        uint64_t f = start[l] >> ls, e = (start[l] + end) >> ls;
        if (l > 0 && f <= top)
            f = top + 1;
        if (e >= f)
            count += e - f + 1;
        if (l == 0 || e > top)
            top = e;
    }
    return (uint32_t)count;
}

/* The lines of a run's second part (count_runs), less the one it shares
 * with the first when the first ends where it starts. Out of line: the
 * first part's count stays inlined in coal_count. */
static __attribute__((noinline)) uint32_t count_second(const addr_lanes *a,
                                                       uint32_t ls)
{
    uint64_t last = (a->lo + (uint64_t)(a->n - 1) * a->step + a->bytes - 1)
                    >> ls;
    return count_run(a->lo2, a->n2, a, ls) - (last == a->lo2 >> ls);
}

/* The lines of a run (a's step and bytes) in one or two parts: each
 * part's, less the line they share. */
static uint32_t count_runs(const addr_lanes *a, uint32_t ls)
{
    uint32_t count = count_run(a->lo, a->n, a, ls);
    return a->n2 == 0 ? count : count + count_second(a, ls);
}

uint32_t coal_count(const addr_lanes *a, uint32_t line)
{
    uint32_t ls = ceil_log2(line);
    if (a->run)
        return count_runs(a, ls);
    return a->n == 0 ? 0 : count_list(a, ls);
}

uint32_t coal_access_count(const addr_expr *x, const addr_ctx *c,
                           uint32_t lanes, const uint64_t *mask,
                           uint32_t line)
{
    addr_lanes a;
    if (addr_eval(x, c, lanes, mask, false, &a) == ADDR_DIV0)
        return ADDR_DIV0;
    return coal_count(&a, line);
}

uint32_t coal_access(const addr_expr *x, const addr_ctx *c, uint32_t lanes,
                     const uint64_t *mask, uint32_t line, uint32_t sector,
                     addr_line *out, uint32_t cap)
{
    addr_lanes a;
    if (addr_eval(x, c, lanes, mask, false, &a) == ADDR_DIV0)
        return ADDR_DIV0;
    return coal_lines(&a, line, sector, out, cap);
}

uint32_t coal_access_lanes(const addr_expr *x, const addr_ctx *c,
                           uint32_t lanes, const uint64_t *mask,
                           uint32_t line, uint32_t sector, addr_line *out,
                           uint32_t cap)
{
    addr_lanes a;
    if (addr_eval(x, c, lanes, mask, true, &a) == ADDR_DIV0)
        return ADDR_DIV0;
    return coal_lines_sorted(&a, line, sector, out, cap, false);
}

uint32_t coal_access_atomic(const addr_expr *x, const addr_ctx *c,
                            uint32_t lanes, const uint64_t *mask,
                            uint32_t line, uint32_t sector, addr_line *out,
                            uint32_t cap)
{
    addr_lanes a;
    if (addr_eval(x, c, lanes, mask, true, &a) == ADDR_DIV0)
        return ADDR_DIV0;
    return coal_lines_sorted(&a, line, sector, out, cap, true);
}

void coal_lane_addresses(const addr_expr *x, const addr_ctx *c,
                         uint32_t lanes, uint64_t *at)
{
    addr_lanes a;
    assert(lanes <= ADDR_MAX_LANES);
    if (addr_eval(x, c, lanes, NULL, true, &a) != ADDR_DIV0) {
        assert(!a.run && a.n == lanes);
        memcpy(at, a.at, lanes * sizeof *at);
        return;
    }
    for (uint32_t l = 0; l < lanes; l++) {   /* some lane divides by zero */
        int div0;
        at[l] = addr_lane(x, c, l, &div0);
    }
}

uint32_t coal_segments(uint32_t segment, isa_pattern pattern, uint32_t stride,
                       uint32_t bytes, uint64_t seed, uint32_t lanes)
{
    if (lanes == 0)
        return 0;
    if (pattern == ISA_PATTERN_COALESCED) {
        /* One contiguous range from byte 0. */
        return (uint32_t)(((uint64_t)bytes * lanes + segment - 1) / segment);
    }
    /* The lanes' ranges in lane order: strided ones start ever higher, so
     * a segment a lane shares with an earlier one can only be the last
     * segment counted; random lanes share none by the model's rule. */
    uint64_t count = 0, last = 0;
    for (uint32_t i = 0; i < lanes; i++) {
        uint64_t a = lane_address(pattern, stride, bytes, seed, i);
        uint64_t first = a / segment, end = (a + bytes - 1) / segment;
        if (pattern == ISA_PATTERN_STRIDED && i > 0 && first <= last)
            first = last + 1;
        if (end >= first)
            count += end - first + 1;
        last = end;
    }
    return (uint32_t)count;
}
