// three-kernels: copy.cu, reduction.cu and gemm-tile16.cu of this directory
// in one file, compiled into one cubin (tests/data/import/README.md,
// "several kernels in one cubin").

// copy: dst[i] = src[i] with 16-byte (float4) accesses, the computation of
// workloads/copy.yaml (blocks of 256).
extern "C" __global__ void __launch_bounds__(256)
copy(const float4 *__restrict__ src, float4 *__restrict__ dst)
{
    unsigned i = blockIdx.x * 256 + threadIdx.x;
    dst[i] = src[i];
}

// reduction: each block of 256 sums its 256 elements through shared memory
// in a tree of log2(256) = 8 steps and writes one partial, the first pass
// of workloads/reduction.yaml.
#define WG 256
extern "C" __global__ void __launch_bounds__(WG)
reduction(const float *__restrict__ in, float *__restrict__ out)
{
    __shared__ float part[WG];
    unsigned lid = threadIdx.x, wg = blockIdx.x;
    part[lid] = in[wg * WG + lid];
    for (unsigned s = WG / 2; s > 0; s >>= 1) {
        __syncthreads();
        if (lid < s)
            part[lid] += part[lid + s];
    }
    if (lid == 0)
        out[wg] = part[0];
}

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
