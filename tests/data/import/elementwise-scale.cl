// elementwise-scale: y[i] = a * x[i], the computation of
// workloads/elementwise-scale.yaml (workgroups of 64).
#define WG 64
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void elementwise_scale(__global const float *restrict x,
                       __global float *restrict y, float a)
{
    uint i = __builtin_amdgcn_workgroup_id_x() * WG
           + __builtin_amdgcn_workitem_id_x();
    y[i] = a * x[i];
}
