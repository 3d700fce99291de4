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
