/*
 * num.h — the one parser of whole numbers written as text: every count
 * and integer of the command line, and the integers of the keys the
 * experiment and plot loaders read as text.
 *
 * Strict: decimal digits only, with no blank before, after or inside, a
 * '-' only where a negative number is allowed, a '+' only where the caller
 * says so (YAML's integers may carry one), and a value out of range is
 * refused, never wrapped or saturated.
 */
#ifndef CUSIM_NUM_H
#define CUSIM_NUM_H

#include <stddef.h>
#include <stdint.h>

/* What num_parse_u64 and num_parse_i64 return. */
enum {
    NUM_OK = 0,
    NUM_SYNTAX = -1,   /* not a number of the kind asked for */
    NUM_RANGE = 1      /* a number, but not one of 64 bits */
};

/* Flags. */
enum {
    NUM_PLUS = 1       /* a leading '+' is allowed (a YAML integer) */
};

/* Parses the `len` bytes at `s` as a number below 2^64 into *out
 * (unchanged unless NUM_OK). */
int num_parse_u64(const char *s, size_t len, unsigned flags, uint64_t *out);

/* The same from -2^63 to 2^63 - 1, with an optional leading '-'. */
int num_parse_i64(const char *s, size_t len, unsigned flags, int64_t *out);

#endif /* CUSIM_NUM_H */
