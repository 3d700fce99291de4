// copy: dst[i] = src[i] with 16-byte (vec4) accesses, the computation of
// workloads/copy.yaml (workgroups of 256); the GLSL twin of ../copy.cl.
#version 450
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer Src { vec4 src[]; };
layout(std430, binding = 1) writeonly buffer Dst { vec4 dst[]; };

void main()
{
    uint i = gl_GlobalInvocationID.x;
    dst[i] = src[i];
}
