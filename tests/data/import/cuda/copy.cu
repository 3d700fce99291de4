// copy: dst[i] = src[i] with 16-byte (float4) accesses, the computation of
// workloads/copy.yaml (blocks of 256).
extern "C" __global__ void __launch_bounds__(256)
copy(const float4 *__restrict__ src, float4 *__restrict__ dst)
{
    unsigned i = blockIdx.x * 256 + threadIdx.x;
    dst[i] = src[i];
}
