/*
 * num.c — strict whole numbers (num.h).
 */
#include "num.h"

/* Digits [s, s + len), at least one, into *v: NUM_OK, NUM_SYNTAX or
 * NUM_RANGE (all digits, but past `max`). */
static int digits(const char *s, size_t len, uint64_t max, uint64_t *v)
{
    if (len == 0)
        return NUM_SYNTAX;
    uint64_t x = 0;
    int rc = NUM_OK;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9')
            return NUM_SYNTAX;
        unsigned d = (unsigned)(s[i] - '0');
        if (rc == NUM_OK && x > (max - d) / 10)
            rc = NUM_RANGE;
        else if (rc == NUM_OK)
            x = x * 10 + d;
    }
    if (rc == NUM_OK)
        *v = x;
    return rc;
}

int num_parse_u64(const char *s, size_t len, unsigned flags, uint64_t *out)
{
    if (!s)
        return NUM_SYNTAX;
    if ((flags & NUM_PLUS) && len > 0 && s[0] == '+') {
        s++;
        len--;
    }
    return digits(s, len, UINT64_MAX, out);
}

int num_parse_i64(const char *s, size_t len, unsigned flags, int64_t *out)
{
    if (!s)
        return NUM_SYNTAX;
    int neg = len > 0 && s[0] == '-';
    if (neg || ((flags & NUM_PLUS) && len > 0 && s[0] == '+')) {
        s++;
        len--;
    }
    uint64_t v;
    int rc = digits(s, len, neg ? (uint64_t)INT64_MAX + 1 : INT64_MAX, &v);
    if (rc != NUM_OK)
        return rc;
    *out = neg ? (v == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)v)
               : (int64_t)v;
    return NUM_OK;
}
