// pair-sum (CUDA twin of pair-sum.cl): y[i] = x[i] + x[i + n] for i < n:
// two halves of x, n a kernel argument that is also the bounds check's
// (the launch covers n threads, rounded up to whole blocks)
#define WG 256
extern "C" __global__ void __launch_bounds__(WG)
pair_sum(const float *__restrict__ x, float *__restrict__ y, unsigned n)
{
    unsigned i = blockIdx.x * WG + threadIdx.x;
    if (i < n)
        y[i] = x[i] + x[i + n];
}
