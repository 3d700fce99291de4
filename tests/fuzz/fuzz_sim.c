/*
 * fuzz_sim.c — simulates whatever the loaders accept. The input is a
 * hardware profile, a line "#%%", and a kernel; when both load, the
 * occupancy is computed and, within a budget of 100,000 warp-instructions
 * (10,000 with a memory hierarchy; cusim_sim_options.max_instructions) and
 * a 100,000-cycle watchdog, the
 * kernel is simulated. The simulator must never crash, hang, assert or
 * deadlock (the watchdog) on a run cusim_validate accepts, and its result
 * must keep cusim.h's identities (stall classes and warp states sum to 1,
 * retired = issued, every fraction within [0, 1]). Profiles of more than
 * 256 compute units are validated but not simulated (their state alone is
 * slow to set up each run).
 */
#include "fuzz.h"

#include <math.h>

#include "cusim.h"

#define SEPARATOR "\n#%%\n"

static double sum(const double *v, size_t n)
{
    double s = 0;
    for (size_t i = 0; i < n; i++)
        s += v[i];
    return s;
}

static void simulate(const cusim_hw *hw, const cusim_kernel *k)
{
    /* With a memory hierarchy a warp-instruction may take a line per
     * lane through the L1, the L2 and DRAM, each line costing about what
     * an instruction does: a tenth of the budget keeps an input within
     * the fuzzer's per-input timeout (a wave128 copy on adreno-a740 ran
     * about 100,000 warp-instructions per host second at -O2, and much
     * slower instrumented). */
    cusim_sim_options opt = { .watchdog_cycles = 100000,
                              .max_instructions = hw->cache.l2.bytes > 0
                                                  ? 10000 : 100000 };
    cusim_occupancy occ;
    cusim_result res;
    cusim_error err;
    if (cusim_occupancy_compute(hw, k, &occ, &err) == 0)
        cusim_occupancy_best(hw, k, &occ);
    int valid = cusim_validate(hw, k, &opt, &err);
    if (valid != 0 || hw->compute_units > 256)
        return;
    int rc = cusim_simulate(hw, k, &opt, &res, NULL, &err);
    if (rc != 0)
        fuzz_fail("a run cusim_validate accepted failed", err.message);
    if (res.retired_instructions != res.warp_instructions)
        fuzz_fail("retired != issued warp-instructions", NULL);
    if (fabs(sum(res.stalls, CUSIM_STALL_COUNT) - 1) > 1e-6)
        fuzz_fail("stall classes do not sum to 1", NULL);
    if (res.warp_instructions
        && fabs(sum(res.warp_states, CUSIM_WS_COUNT) - 1) > 1e-6)
        fuzz_fail("warp states do not sum to 1", NULL);
    cusim_report rep = { .n = 0 };
    cusim_report_result(&rep, &res);
    const char *bad = cusim_report_bad_fraction(&rep);
    if (bad)
        fuzz_fail("a fraction outside [0, 1]", bad);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    char *sep = strstr(text, SEPARATOR);
    if (sep) {
        *sep = '\0';
        cusim_hw hw;
        cusim_kernel k;
        cusim_error err;
        if (cusim_hw_load_string(text, "hw.yaml", NULL, 0, &hw, &err) == 0
            && cusim_kernel_load_string(sep + strlen(SEPARATOR), "kernel.yaml",
                                        NULL, 0, &k, &err) == 0) {
            simulate(&hw, &k);
            cusim_kernel_free(&k);
        }
    }
    free(text);
    return 0;
}
