// blur-tiled: a 3x3 blur over a 1024 x 1024 float image through an 18 x 18
// shared tile, the computation of workloads/blur-tiled.yaml (as
// ../blur-tiled.cl).
#define T 16
#define TW (T + 2)
#define W 1024
extern "C" __global__ void __launch_bounds__(T * T)
blur_tiled(const float *__restrict__ img, float *__restrict__ out, float w)
{
    __shared__ float tile[TW * TW];
    unsigned lx = threadIdx.x, ly = threadIdx.y;
    unsigned x0 = blockIdx.x * T, y0 = blockIdx.y * T;
    for (unsigned k = ly * T + lx; k < TW * TW; k += T * T) {
        unsigned x = (x0 + k % TW - 1) & (W - 1);
        unsigned y = (y0 + k / TW - 1) & (W - 1);
        tile[k] = img[y * W + x];
    }
    __syncthreads();
    float s = 0.0f;
    for (unsigned dy = 0; dy < 3; dy++)
        for (unsigned dx = 0; dx < 3; dx++)
            s = fmaf(tile[(ly + dy) * TW + lx + dx], w, s);
    out[(y0 + ly) * W + x0 + lx] = s;
}
