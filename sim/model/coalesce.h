/*
 * coalesce.h — coalescing: the lines and sectors a subgroup's access
 * touches, from where its lanes' bytes are. One module for every kind of
 * access: the L1's lines and sector masks of a global access (and the
 * flat model's transactions), from its at= expression (sim/program/addr.h
 * evaluates it: a run in closed form or a list of the lanes' addresses)
 * or from its pattern (lanes.h); an atomic's turns per line.
 *
 * A lane touches [address, address + bytes). The lines an access touches
 * are the distinct `line`-byte aligned blocks its lanes' bytes fall in, in
 * ascending order; a line's sector mask has bit s set when some lane
 * touches a byte of its sector s (`sector`-byte aligned). `line` and
 * `sector` are powers of two, sector <= line, at most 32 sectors a line.
 * Worked by hand: 32 lanes x 4 B from byte 0 touch 1 line of 128 B, its 4
 * sectors of 32 B; at a stride of 2 elements, 2 lines and 8 sectors.
 *
 * Nothing allocates; a run costs a step per line (per lane when its lanes
 * are further apart than a sector), a list one pass over its lanes plus
 * one over the sectors they span (a sort where they spread over more than
 * COAL_WINDOW sectors).
 */
#ifndef CUSIM_COALESCE_H
#define CUSIM_COALESCE_H

#include <stdint.h>

#include "addr.h"
#include "isa.h"

/* The most sectors a list's lanes may span to be coalesced through a
 * bitmap (above it they are sorted). */
#define COAL_WINDOW 2048

/* The lines of `a` (a list with its lo and hi set, as addr_eval sets
 * them) into out[0 .. cap), ascending, with their sector masks (`ops`
 * 0): how many (the first cap of them when there are more; the caller
 * gives cap >= addr_max_lines). */
uint32_t coal_lines(const addr_lanes *a, uint32_t line, uint32_t sector,
                    addr_line *out, uint32_t cap);

/* How many lines coal_lines gives for `a` (a run, or a list with its lo
 * and hi set), without working out their sectors: the flat model's
 * transactions, in closed form for a run. */
uint32_t coal_count(const addr_lanes *a, uint32_t line);

/* coal_access's count alone (coal_count): ADDR_DIV0 as coal_access. */
uint32_t coal_access_count(const addr_expr *x, const addr_ctx *c,
                           uint32_t lanes, const uint64_t *mask,
                           uint32_t line);

/* coal_lines by sorting the lanes' addresses, whatever their spread: the
 * reference the run and the bitmap are tested against. With `ops`, each
 * line's `ops` is the most lanes whose element starts at one address of
 * it (an atomic's lanes on one address take turns). `a` is a list. */
uint32_t coal_lines_sorted(const addr_lanes *a, uint32_t line,
                           uint32_t sector, addr_line *out, uint32_t cap,
                           bool ops);

/* The lines subgroup `c`'s lanes 0 .. lanes-1 (or those of `mask`, of
 * c->width lanes, when it is not NULL) touch through `x`: addr_eval then
 * coal_lines. Returns their count, or ADDR_DIV0 when a lane divides by
 * zero. */
uint32_t coal_access(const addr_expr *x, const addr_ctx *c, uint32_t lanes,
                     const uint64_t *mask, uint32_t line, uint32_t sector,
                     addr_line *out, uint32_t cap);

/* The same by the lanes' list and a sort whatever the expression (the
 * reference for the closed form and the bitmap: same answer, same
 * order). */
uint32_t coal_access_lanes(const addr_expr *x, const addr_ctx *c,
                           uint32_t lanes, const uint64_t *mask,
                           uint32_t line, uint32_t sector, addr_line *out,
                           uint32_t cap);

/* The lines of an atomic access (lanes 0 .. lanes-1, or those of `mask`),
 * each with its `ops` (coal_lines_sorted). ADDR_DIV0 as coal_access. */
uint32_t coal_access_atomic(const addr_expr *x, const addr_ctx *c,
                            uint32_t lanes, const uint64_t *mask,
                            uint32_t line, uint32_t sector, addr_line *out,
                            uint32_t cap);

/* The first byte each of lanes 0 .. lanes-1 (lanes <= ADDR_MAX_LANES) of
 * subgroup `c` touches through `x`, in lane order, into at[0 .. lanes): all
 * lanes at once (addr_eval's list); a lane that divides by zero at 0. The
 * shared-memory banks' lanes (banks.h). */
void coal_lane_addresses(const addr_expr *x, const addr_ctx *c,
                         uint32_t lanes, uint64_t *at);

/* The distinct `segment`-byte aligned segments (segment >= 1) lanes
 * 0 .. lanes-1 touch, `bytes` (>= 1) each, laid out by `pattern`
 * (lanes.h); random lanes count their own segments each, as if no two
 * lanes' draws shared one (the flat model's rule, docs/model.md
 * "Memory"). 0 when lanes is 0. Exact for any element size (an element
 * that straddles a segment boundary touches both). */
uint32_t coal_segments(uint32_t segment, isa_pattern pattern, uint32_t stride,
                       uint32_t bytes, uint64_t seed, uint32_t lanes);

#endif /* CUSIM_COALESCE_H */
