// subgroup-sum: y[i] = exp(a x[i]) + sqrt(a x[i]) and the sum of all
// a x[i] into one counter, a subgroup's at a time: no workload twin, but
// what RADV makes of subgroup arithmetic (DPP adds, v_permlanex16,
// v_readlane), a subgroup election, a buffer atomic, transcendentals and
// a uniform buffer (s_buffer_load), so that the mapping table meets them.
// Needs SPIR-V 1.3: glslangValidator -V --target-env vulkan1.1.
#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x = 64) in;
layout(std140, binding = 0) uniform Params { float a; uint n; };
layout(std430, binding = 1) buffer Data { float x[]; };
layout(std430, binding = 2) buffer Sum { uint total; };

void main()
{
    uint i = gl_GlobalInvocationID.x;
    float v = i < n ? a * x[i] : 0.0;
    float s = subgroupAdd(v);
    if (subgroupElect())
        atomicAdd(total, uint(s));
    x[i] = exp(v) + sqrt(v);
}
