// stencil-arg (CUDA twin of stencil-arg.cl): y[i] = x[i] + x[i + n] +
// x[i + 2 n], n an unsigned kernel argument
#define WG 64
extern "C" __global__ void __launch_bounds__(WG)
stencil_arg(const float *__restrict__ x, float *__restrict__ y, unsigned n)
{
    unsigned i = blockIdx.x * WG + threadIdx.x;
    y[i] = x[i] + x[i + n] + x[i + 2 * n];
}
