// blur-tiled: a 3x3 blur over a 1024 x 1024 float image through an 18 x 18
// shared tile (the 16 x 16 group's pixels and a one-pixel halo), the
// computation of workloads/blur-tiled.yaml: each invocation loads the
// tile's pixels lid, lid + 256, ... (324 of them: two rounds, the second
// by the first 68 invocations), a barrier, nine reads of the tile and
// nine multiply-adds, one store. Rows and columns outside the image wrap
// around (the twin's buffer wraps the same way).
// (__builtin_fmaf: without device libraries fma() would be a call.)
#define T 16
#define TW (T + 2)
#define W 1024
static inline void group_barrier(void)
{
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
    __builtin_amdgcn_s_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

__kernel __attribute__((reqd_work_group_size(T, T, 1)))
void blur_tiled(__global const float *restrict img,
                __global float *restrict out, float w)
{
    __local float tile[TW * TW];
    uint lx = __builtin_amdgcn_workitem_id_x();
    uint ly = __builtin_amdgcn_workitem_id_y();
    uint x0 = __builtin_amdgcn_workgroup_id_x() * T;
    uint y0 = __builtin_amdgcn_workgroup_id_y() * T;
    for (uint k = ly * T + lx; k < TW * TW; k += T * T) {
        uint x = (x0 + k % TW - 1) & (W - 1);
        uint y = (y0 + k / TW - 1) & (W - 1);
        tile[k] = img[y * W + x];
    }
    group_barrier();
    float s = 0.0f;
    for (uint dy = 0; dy < 3; dy++)
        for (uint dx = 0; dx < 3; dx++)
            s = __builtin_fmaf(tile[(ly + dy) * TW + lx + dx], w, s);
    out[(y0 + ly) * W + x0 + lx] = s;
}
