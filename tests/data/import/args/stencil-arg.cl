// stencil-arg: y[i] = x[i] + x[i + n] + x[i + 2 n], n a kernel argument
#define WG 64
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void stencil_arg(__global const float *restrict x,
                 __global float *restrict y, uint n)
{
    uint i = __builtin_amdgcn_workgroup_id_x() * WG
           + __builtin_amdgcn_workitem_id_x();
    y[i] = x[i] + x[i + n] + x[i + 2 * n];
}
