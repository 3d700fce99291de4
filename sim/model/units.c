/*
 * units.c — the units a run's speeds of light name (CUSIM_SOL_UNITS in
 * cusim.h): their names, their pipes, and their ranking, the one order
 * bound_unit, sol.top_units and `cusim diagnose` read.
 */
#include "cusim.h"

static const char *const unit_names[] = {
#define NAME_(id, name, pipe) name,
    CUSIM_SOL_UNITS(NAME_)
#undef NAME_
};

static const cusim_unit unit_pipes[] = {
#define PIPE_(id, name, pipe) pipe,
    CUSIM_SOL_UNITS(PIPE_)
#undef PIPE_
};

_Static_assert(sizeof unit_names / sizeof unit_names[0]
               == CUSIM_SOL_UNIT_COUNT, "one name per unit");

const char *cusim_sol_unit_name(cusim_sol_unit u)
{
    return u >= 0 && u < CUSIM_SOL_UNIT_COUNT ? unit_names[u] : "?";
}

cusim_unit cusim_sol_unit_pipe(cusim_sol_unit u)
{
    return u >= 0 && u < CUSIM_SOL_UNIT_COUNT ? unit_pipes[u]
                                              : CUSIM_UNIT_COUNT;
}

/* The order that breaks a tie: the table's, but mem last. The global
 * load/store pipe and the L1 it feeds often run at one rate (a 128-byte
 * access keeps 8 mem lanes 4 cycles in each of 4 partitions and the L1's
 * tags one cycle per line: the same share), and the level is the more
 * telling name; mem last also keeps bound_unit what it was before mem
 * was ranked, unless mem is strictly the busiest. */
static const cusim_sol_unit tie_order[CUSIM_SOL_UNIT_COUNT] = {
    CUSIM_SOL_ALU, CUSIM_SOL_SFU, CUSIM_SOL_SHARED, CUSIM_SOL_SCALAR,
    CUSIM_SOL_L1, CUSIM_SOL_L2, CUSIM_SOL_ATOMIC, CUSIM_SOL_DRAM,
    CUSIM_SOL_MEM,
};

int cusim_sol_ranking(const cusim_result *r,
                      cusim_sol_unit order[CUSIM_SOL_UNIT_COUNT])
{
    int n = 0;
    /* insertion in tie order, behind every unit of an equal or higher
     * share: a tie keeps that order */
    for (int t = 0; t < CUSIM_SOL_UNIT_COUNT; t++) {
        cusim_sol_unit u = tie_order[t];
        double share = r->sol_unit[u];
        if (share < 0)
            continue;   /* an absent level */
        int at = n;
        while (at > 0 && r->sol_unit[order[at - 1]] < share) {
            order[at] = order[at - 1];
            at--;
        }
        order[at] = u;
        n++;
    }
    return n;
}
