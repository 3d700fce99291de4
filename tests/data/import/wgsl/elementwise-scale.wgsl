// elementwise-scale: y[i] = a * x[i], the computation of
// workloads/elementwise-scale.yaml (workgroups of 64); the WGSL twin of
// ../glsl/elementwise-scale.comp, its scalar argument a uniform (WGSL has
// no push constants without an extension).
@group(0) @binding(0) var<storage, read> x: array<f32>;
@group(0) @binding(1) var<storage, read_write> y: array<f32>;
@group(0) @binding(2) var<uniform> a: f32;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    y[i] = a * x[i];
}
