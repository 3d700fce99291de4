// gemm-tile16: C = A x B, 1024 x 1024 floats with K = 256, tiled through
// shared memory 16 x 16 at a time, the computation of
// workloads/gemm-tile16.yaml.
#define T 16
#define N 1024
#define K 256
extern "C" __global__ void __launch_bounds__(T * T)
gemm_tile16(const float *__restrict__ A, const float *__restrict__ B,
            float *__restrict__ C)
{
    __shared__ float ta[T][T], tb[T][T];
    unsigned lx = threadIdx.x, ly = threadIdx.y;
    unsigned row = blockIdx.y * T + ly, col = blockIdx.x * T + lx;
    float acc = 0.0f;
    for (unsigned t = 0; t < K / T; t++) {
        ta[ly][lx] = A[row * K + t * T + lx];
        tb[ly][lx] = B[(t * T + ly) * N + col];
        __syncthreads();
        for (unsigned k = 0; k < T; k++)
            acc += ta[ly][k] * tb[k][lx];
        __syncthreads();
    }
    C[row * N + col] = acc;
}
