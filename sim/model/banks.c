/*
 * banks.c — shared-memory bank conflicts: the passes one subgroup's
 * ld.shared / st.shared takes (banks.h states the model).
 */
#include "banks.h"
#include "coalesce.h"
#include "lanes.h"

#include <assert.h>

/* Where the lanes' bytes are: the instruction's pattern (lanes.h), or its
 * at=shared[EXPR] evaluated for subgroup 0 of workgroup 0 at iteration 0
 * (a lane that divides by zero there counts as address 0). */
typedef struct lane_src {
    isa_pattern pattern;
    uint32_t stride, bytes;
    uint64_t seed;
    const addr_expr *at;               /* NULL: the pattern */
    bool atomic;                       /* lanes on one word take turns (no
                                          broadcast) */
    bool paired;                       /* a load under cu.shared_wide_loads
                                          paired */
    const uint64_t *list;              /* at's lanes' addresses, all at
                                          once (coal_lane_addresses) */
} lane_src;

static uint64_t src_address(const lane_src *s, uint32_t lane)
{
    if (s->list)
        return s->list[lane];
    if (!s->at)
        return lane_address(s->pattern, s->stride, s->bytes, s->seed, lane);
    const addr_ctx c = { .wg = 0, .sg = 0, .width = 1 };
    int div0;
    return addr_lane(s->at, &c, lane, &div0);
}

/* Distinct words one phase can touch: its lanes x (bytes / bank_bytes + 2)
 * <= banks + 2 x lanes <= 3 x banks (a phase has at most `banks` lanes and
 * at most banks x bank_bytes of their bytes). */
#define PHASE_WORDS (3 * BANK_MAX_BANKS)

static bool active(const uint64_t *mask, uint32_t lane)
{
    return !mask || (mask[lane / 64] >> (lane % 64) & 1);
}

/* The passes of lanes [first, first + n) (those of `mask` among them,
 * when it is not NULL) as one phase: the most distinct words any bank
 * holds. */
static uint32_t phase_passes(uint32_t banks, uint32_t bank_bytes,
                             const lane_src *src, const uint64_t *mask,
                             uint32_t first, uint32_t n)
{
    uint64_t words[PHASE_WORDS];
    uint32_t n_words = 0;
    uint32_t bytes = src->bytes;
    for (uint32_t i = first; i < first + n; i++) {
        if (!active(mask, i))
            continue;
        uint64_t a = src_address(src, i);
        for (uint64_t w = a / bank_bytes; w <= (a + bytes - 1) / bank_bytes; w++) {
            uint32_t k = 0;
            while (!src->atomic && k < n_words && words[k] != w)
                k++;
            if (src->atomic || k == n_words) {   /* a new word, or an
                                                    atomic's turn */
                assert(n_words < PHASE_WORDS);
                words[n_words++] = w;
            }
        }
    }
    uint32_t per_bank[BANK_MAX_BANKS] = { 0 };
    uint32_t most = 0;
    for (uint32_t k = 0; k < n_words; k++) {
        uint32_t c = ++per_bank[words[k] % banks];
        if (c > most)
            most = c;
    }
    return most;
}

/* Whether every active lane i among lanes 0 .. lanes-1 whose partner
 * i ^ x is active too reads the address its partner reads. */
static bool pairs_share(const lane_src *src, const uint64_t *mask,
                        uint32_t lanes, uint32_t x)
{
    for (uint32_t i = 0; i < lanes; i++) {
        uint32_t j = i ^ x;
        if (j < lanes && active(mask, i) && active(mask, j)
            && src_address(src, i) != src_address(src, j))
            return false;
    }
    return true;
}

/* bank_passes for lanes 0 .. lanes-1 of `src` (those of `mask` among
 * them, when it is not NULL). */
static uint32_t src_passes(uint32_t banks, uint32_t bank_bytes,
                           const lane_src *at_src, const uint64_t *mask,
                           uint32_t lanes)
{
    uint32_t bytes = at_src->bytes;
    if (banks == 0 || lanes == 0)
        return 1;
    /* an expression's lanes evaluated together, once */
    uint64_t list[ADDR_MAX_LANES];
    lane_src with_list = *at_src;
    const lane_src *src = at_src;
    if (at_src->at && lanes <= ADDR_MAX_LANES) {
        const addr_ctx c = { .wg = 0, .sg = 0, .width = 1 };
        coal_lane_addresses(at_src->at, &c, lanes, list);
        with_list.list = list;
        src = &with_list;
    }
    assert(banks <= BANK_MAX_BANKS && bank_bytes >= 1 && bytes >= 1);
    uint64_t row = (uint64_t)banks * bank_bytes;   /* bytes one pass moves */
    uint32_t passes = 0;
    if (bytes > row) {
        /* Each lane alone is wider than a pass: its consecutive words go
         * round the banks, ceil(words / banks) passes (at most one more
         * when its start is not word-aligned). */
        for (uint32_t i = 0; i < lanes; i++) {
            if (!active(mask, i))
                continue;
            uint64_t a = src_address(src, i);
            uint64_t n = (a + bytes - 1) / bank_bytes - a / bank_bytes + 1;
            passes += (uint32_t)((n + banks - 1) / banks);
        }
        return passes;
    }
    uint32_t per_phase = (uint32_t)(row / (bytes > bank_bytes ? bytes : bank_bytes));
    /* NVIDIA packs the data of lanes that pair up (banks.h): twice the
     * lanes a phase */
    if (src->paired && bytes > bank_bytes
        && (pairs_share(src, mask, lanes, 1)
            || pairs_share(src, mask, lanes, 2)))
        per_phase *= 2;
    for (uint32_t first = 0; first < lanes; first += per_phase) {
        uint32_t n = lanes - first < per_phase ? lanes - first : per_phase;
        passes += phase_passes(banks, bank_bytes, src, mask, first, n);
    }
    return passes ? passes : 1;
}

uint32_t bank_passes(uint32_t banks, uint32_t bank_bytes, isa_pattern pattern,
                     uint32_t stride, uint32_t bytes, uint64_t seed,
                     uint32_t lanes)
{
    const lane_src src = { pattern, stride, bytes, seed, NULL, false, false,
                           NULL };
    return src_passes(banks, bank_bytes, &src, NULL, lanes);
}

uint32_t bank_insn_passes(const cusim_hw *hw, const prog_insn *in, uint32_t pc,
                          uint32_t lanes)
{
    return bank_insn_passes_mask(hw, in, pc, NULL, lanes);
}

uint32_t bank_insn_passes_mask(const cusim_hw *hw, const prog_insn *in,
                               uint32_t pc, const uint64_t *mask,
                               uint32_t lanes)
{
    if (in->op != ISA_OP_LD_SHARED && in->op != ISA_OP_ST_SHARED
        && in->op != ISA_OP_ATOM_SHARED)
        return 1;
    const lane_src src = { (isa_pattern)in->pattern, in->stride, in->bytes,
                           lane_seed(pc), in->at,
                           in->op == ISA_OP_ATOM_SHARED,
                           in->op == ISA_OP_LD_SHARED
                               && hw->cu.shared_wide == CUSIM_WIDE_PAIRED,
                           NULL };
    return src_passes(hw->cu.shared_banks, hw->cu.shared_bank_bytes, &src,
                      mask, lanes);
}
