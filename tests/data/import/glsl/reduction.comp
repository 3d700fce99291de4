// reduction: each workgroup of 256 sums its 256 elements through shared
// memory in a tree of log2(256) = 8 steps and writes one partial, the
// first pass of workloads/reduction.yaml; the GLSL twin of
// ../reduction.cl.
#version 450
#define WG 256
layout(local_size_x = WG) in;
layout(std430, binding = 0) readonly buffer In { float inp[]; };
layout(std430, binding = 1) writeonly buffer Out { float outp[]; };
shared float part[WG];

void main()
{
    uint lid = gl_LocalInvocationID.x;
    uint wg = gl_WorkGroupID.x;
    part[lid] = inp[wg * WG + lid];
    for (uint s = WG / 2; s > 0; s >>= 1) {
        barrier();
        if (lid < s)
            part[lid] += part[lid + s];
    }
    if (lid == 0)
        outp[wg] = part[0];
}
