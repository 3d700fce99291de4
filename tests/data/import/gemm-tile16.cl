// gemm-tile16: C = A x B, 1024 x 1024 floats with K = 256, tiled through
// shared memory 16 x 16 at a time, the computation of
// workloads/gemm-tile16.yaml: one element of C per invocation, a 16 x 16
// group, K / 16 = 16 tile steps of two tile loads, a barrier, 16
// multiply-adds and a barrier.
#define T 16
#define N 1024
#define K 256
static inline void group_barrier(void)
{
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
    __builtin_amdgcn_s_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

__kernel __attribute__((reqd_work_group_size(T, T, 1)))
void gemm_tile16(__global const float *restrict A,
                 __global const float *restrict B, __global float *restrict C)
{
    __local float ta[T][T], tb[T][T];
    uint lx = __builtin_amdgcn_workitem_id_x();
    uint ly = __builtin_amdgcn_workitem_id_y();
    uint row = __builtin_amdgcn_workgroup_id_y() * T + ly;
    uint col = __builtin_amdgcn_workgroup_id_x() * T + lx;
    float acc = 0.0f;
    for (uint t = 0; t < K / T; t++) {
        ta[ly][lx] = A[row * K + t * T + lx];
        tb[ly][lx] = B[(t * T + ly) * N + col];
        group_barrier();
        for (uint k = 0; k < T; k++)
            acc += ta[ly][k] * tb[k][lx];
        group_barrier();
    }
    C[row * N + col] = acc;
}
