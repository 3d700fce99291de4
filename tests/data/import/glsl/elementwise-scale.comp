// elementwise-scale: y[i] = a * x[i], the computation of
// workloads/elementwise-scale.yaml (workgroups of 64); the GLSL twin of
// ../elementwise-scale.cl, its scalar argument a push constant.
#version 450
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer X { float x[]; };
layout(std430, binding = 1) writeonly buffer Y { float y[]; };
layout(push_constant) uniform Args { float a; };

void main()
{
    uint i = gl_GlobalInvocationID.x;
    y[i] = a * x[i];
}
