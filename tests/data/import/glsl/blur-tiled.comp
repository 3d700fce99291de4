// blur-tiled: a 3x3 box blur over a 1024 x 1024 float image, the
// computation of workloads/blur-tiled.yaml: each 16 x 16 group copies its
// tile and a one-pixel halo (18 x 18 floats, 1296 bytes) into shared
// memory, every invocation loading every 256th pixel (2 loads for some,
// 1 for the others), waits at a barrier, then sums its nine neighbours
// from the tile. The image's edge is clamped.
#version 450
#define T 16
#define S (T + 2)
#define W 1024
layout(local_size_x = T, local_size_y = T) in;
layout(std430, binding = 0) readonly buffer Img { float img[]; };
layout(std430, binding = 1) writeonly buffer Out { float outp[]; };
shared float tile[S * S];

void main()
{
    uint lx = gl_LocalInvocationID.x, ly = gl_LocalInvocationID.y;
    int x0 = int(gl_WorkGroupID.x) * T - 1, y0 = int(gl_WorkGroupID.y) * T - 1;
    for (uint k = ly * T + lx; k < S * S; k += T * T) {
        int x = clamp(x0 + int(k % S), 0, W - 1);
        int y = clamp(y0 + int(k / S), 0, W - 1);
        tile[k] = img[y * W + x];
    }
    barrier();
    float s = 0.0;
    for (uint dy = 0; dy < 3; dy++)
        for (uint dx = 0; dx < 3; dx++)
            s += tile[(ly + dy) * S + lx + dx] * (1.0 / 9.0);
    outp[(x0 + 1 + lx) + (y0 + 1 + ly) * W] = s;
}
