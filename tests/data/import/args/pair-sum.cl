// pair-sum: y[i] = x[i] + x[i + n] for i < n: two halves of x, n a
// kernel argument that is also the bounds check's (the launch covers n
// work-items, rounded up to whole workgroups)
#define WG 256
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void pair_sum(__global const float *restrict x, __global float *restrict y,
              uint n)
{
    uint i = __builtin_amdgcn_workgroup_id_x() * WG
           + __builtin_amdgcn_workitem_id_x();
    if (i < n)
        y[i] = x[i] + x[i + n];
}
