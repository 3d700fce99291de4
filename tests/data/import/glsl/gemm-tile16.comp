// gemm-tile16: C = A x B, 1024 x 1024 floats with K = 256, tiled through
// shared memory 16 x 16 at a time, the computation of
// workloads/gemm-tile16.yaml: one element of C per invocation, a 16 x 16
// group, K / 16 = 16 tile steps of two tile loads, a barrier, 16
// multiply-adds and a barrier; the GLSL twin of ../gemm-tile16.cl.
#version 450
#define T 16
#define N 1024
#define K 256
layout(local_size_x = T, local_size_y = T) in;
layout(std430, binding = 0) readonly buffer MA { float A[]; };
layout(std430, binding = 1) readonly buffer MB { float B[]; };
layout(std430, binding = 2) writeonly buffer MC { float C[]; };
shared float ta[T][T];
shared float tb[T][T];

void main()
{
    uint lx = gl_LocalInvocationID.x, ly = gl_LocalInvocationID.y;
    uint row = gl_WorkGroupID.y * T + ly;
    uint col = gl_WorkGroupID.x * T + lx;
    float acc = 0.0;
    for (uint t = 0; t < K / T; t++) {
        ta[ly][lx] = A[row * K + t * T + lx];
        tb[ly][lx] = B[(t * T + ly) * N + col];
        barrier();
        for (uint k = 0; k < T; k++)
            acc += ta[ly][k] * tb[k][lx];
        barrier();
    }
    C[row * N + col] = acc;
}
