// gemm-tile16-async: gemm-tile16.cu with its tile loads as asynchronous
// global-to-shared copies (cp.async: LDGSTS on sm_80 and later), the way
// CUTLASS and cuBLAS stage tiles: the computation of
// workloads/gemm-tile16.yaml again.
#include <cuda_pipeline.h>
#define T 16
#define N 1024
#define K 256
extern "C" __global__ void __launch_bounds__(T * T)
gemm_tile16_async(const float *__restrict__ A, const float *__restrict__ B,
                  float *__restrict__ C)
{
    __shared__ float ta[T][T], tb[T][T];
    unsigned lx = threadIdx.x, ly = threadIdx.y;
    unsigned row = blockIdx.y * T + ly, col = blockIdx.x * T + lx;
    float acc = 0.0f;
    for (unsigned t = 0; t < K / T; t++) {
        __pipeline_memcpy_async(&ta[ly][lx], &A[row * K + t * T + lx], 4);
        __pipeline_memcpy_async(&tb[ly][lx], &B[(t * T + ly) * N + col], 4);
        __pipeline_commit();
        __pipeline_wait_prior(0);
        __syncthreads();
        for (unsigned k = 0; k < T; k++)
            acc += ta[ly][k] * tb[k][lx];
        __syncthreads();
    }
    C[row * N + col] = acc;
}
