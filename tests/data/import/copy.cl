// copy: dst[i] = src[i] with 16-byte (float4) accesses, the computation of
// workloads/copy.yaml (workgroups of 256). Built without the device
// libraries (-nogpulib): the ids come from __builtin_amdgcn_* and the
// group size is fixed by reqd_work_group_size.
#define WG 256
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void copy(__global const float4 *restrict src, __global float4 *restrict dst)
{
    uint i = __builtin_amdgcn_workgroup_id_x() * WG
           + __builtin_amdgcn_workitem_id_x();
    dst[i] = src[i];
}
