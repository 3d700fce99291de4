// copy: dst[i] = src[i] with 16-byte (vec4) accesses, the computation of
// workloads/copy.yaml (workgroups of 256); the WGSL twin of ../glsl/copy.comp.
@group(0) @binding(0) var<storage, read> src: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> dst: array<vec4<f32>>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    dst[i] = src[i];
}
