/*
 * enums.c — the names of cusim's enums (scheduler policies, rule families,
 * limiters, stall classes, warp states, bounds, register sources), generated from their
 * tables in cusim.h: the one place a name is spelled.
 */
#include <string.h>

#include "cusim.h"

#define NAME_(id, name, meaning) name,

static const char *const policy_names[] = { CUSIM_POLICIES(NAME_) };
static const char *const rules_names[] = { CUSIM_RULES(NAME_) };
static const char *const store_names[] = { CUSIM_STORE_POLICIES(NAME_) };
static const char *const dram_sched_names[] = { CUSIM_DRAM_SCHEDULERS(NAME_) };
static const char *const limiter_names[] = { CUSIM_LIMITERS(NAME_) };
static const char *const stall_names[] = { CUSIM_STALLS(NAME_) };
static const char *const warp_state_names[] = { CUSIM_WARP_STATES(NAME_) };
static const char *const bound_names[] = { CUSIM_BOUNDS(NAME_) };
static const char *const regsrc_names[] = { CUSIM_REGISTER_SOURCES(NAME_) };

_Static_assert(sizeof policy_names / sizeof policy_names[0]
               == CUSIM_POLICY_COUNT, "one name per policy");
_Static_assert(sizeof rules_names / sizeof rules_names[0]
               == CUSIM_RULES_COUNT, "one name per rule family");
_Static_assert(sizeof limiter_names / sizeof limiter_names[0]
               == CUSIM_LIMIT_COUNT, "one name per limiter");
_Static_assert(sizeof stall_names / sizeof stall_names[0]
               == CUSIM_STALL_COUNT, "one name per stall class");
_Static_assert(sizeof warp_state_names / sizeof warp_state_names[0]
               == CUSIM_WS_COUNT, "one name per warp state");
_Static_assert(sizeof bound_names / sizeof bound_names[0]
               == CUSIM_BOUND_COUNT, "one name per bound");
_Static_assert(sizeof regsrc_names / sizeof regsrc_names[0]
               == CUSIM_REGISTERS_SOURCE_COUNT, "one name per register "
               "source");

/* names[v], or "?" when v is not below n. */
static const char *name_of(const char *const *names, int n, int v)
{
    return v >= 0 && v < n ? names[v] : "?";
}

/* The index of `name` in names[0..n), or -1. */
static int index_of(const char *const *names, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return i;
    return -1;
}

const char *cusim_policy_name(cusim_policy p)
{
    return name_of(policy_names, CUSIM_POLICY_COUNT, (int)p);
}

int cusim_policy_parse(const char *name, cusim_policy *p)
{
    int i = index_of(policy_names, CUSIM_POLICY_COUNT, name);
    if (i < 0)
        return -1;
    *p = (cusim_policy)i;
    return 0;
}

const char *cusim_rules_name(cusim_rules r)
{
    return name_of(rules_names, CUSIM_RULES_COUNT, (int)r);
}

const char *cusim_store_policy_name(cusim_store_policy p)
{
    return name_of(store_names, CUSIM_STORES_COUNT, (int)p);
}

const char *cusim_dram_sched_name(cusim_dram_sched s)
{
    return name_of(dram_sched_names, CUSIM_DRAM_SCHED_COUNT, (int)s);
}

const char *cusim_limiter_name(cusim_limiter l)
{
    return name_of(limiter_names, CUSIM_LIMIT_COUNT, (int)l);
}

int cusim_limiter_parse(const char *name, cusim_limiter *l)
{
    int i = index_of(limiter_names, CUSIM_LIMIT_COUNT, name);
    if (i < 0)
        return -1;
    *l = (cusim_limiter)i;
    return 0;
}

const char *cusim_register_source_name(cusim_register_source s)
{
    return name_of(regsrc_names, CUSIM_REGISTERS_SOURCE_COUNT, (int)s);
}

const char *cusim_stall_name(cusim_stall s)
{
    return name_of(stall_names, CUSIM_STALL_COUNT, (int)s);
}

const char *cusim_warp_state_name(cusim_warp_state s)
{
    return name_of(warp_state_names, CUSIM_WS_COUNT, (int)s);
}

const char *cusim_bound_name(cusim_bound b)
{
    return name_of(bound_names, CUSIM_BOUND_COUNT, (int)b);
}

int cusim_bound_parse(const char *name, cusim_bound *b)
{
    int i = index_of(bound_names, CUSIM_BOUND_COUNT, name);
    if (i < 0)
        return -1;
    *b = (cusim_bound)i;
    return 0;
}
