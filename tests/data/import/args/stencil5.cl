// a 5-point stencil, 8 outputs per work-item, stride argument n:
// y[g + k n] = x[g + k n + 2 + 1] + x[.. + 2 - 1] + x[.. + 2 + n] + x[.. + 2 - n] + x[.. + 2]
#define WG 256
__kernel __attribute__((reqd_work_group_size(WG, 1, 1)))
void stencil5(__global const float *restrict x, __global float *restrict y,
              uint n)
{
    uint g = __builtin_amdgcn_workgroup_id_x() * WG
           + __builtin_amdgcn_workitem_id_x();
#pragma unroll
    for (uint k = 0; k < 8; k++) {
        uint i = g + k * n + 2;
        y[i] = x[i + 1] + x[i - 1] + x[i + n] + x[i - n] + x[i];
    }
}
