// reduction: each workgroup of 256 sums its 256 elements through shared
// memory in a tree of log2(256) = 8 steps and writes one partial, the
// first pass of workloads/reduction.yaml.
#define WG 256
static inline void group_barrier(void)
{
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
    __builtin_amdgcn_s_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void reduction(__global const float *restrict in, __global float *restrict out)
{
    __local float part[WG];
    uint lid = __builtin_amdgcn_workitem_id_x();
    uint wg = __builtin_amdgcn_workgroup_id_x();
    part[lid] = in[wg * WG + lid];
    for (uint s = WG / 2; s > 0; s >>= 1) {
        group_barrier();
        if (lid < s)
            part[lid] += part[lid + s];
    }
    if (lid == 0)
        out[wg] = part[0];
}
