// subgroup-sum: y[i] = exp(a x[i]) + sqrt(a x[i]) and the sum of all
// a x[i] into one counter, a subgroup's at a time: no workload twin, but
// what RADV makes of naga's subgroup arithmetic, a storage atomic by the
// subgroup's first invocation (naga 30 has no subgroupElect),
// transcendentals and a uniform buffer; the WGSL twin of
// ../glsl/subgroup-sum.comp. `enable subgroups;` as WGSL asks (Tint
// wants it; naga 30 refuses it, "not yet supported", and takes the
// builtins without it: scripts/wgsl-to-spirv blanks the line for naga).
enable subgroups;
struct Params { a: f32, n: u32 }
@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read_write> x: array<f32>;
@group(0) @binding(2) var<storage, read_write> total: atomic<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>,
        @builtin(subgroup_invocation_id) sid: u32) {
    let i = gid.x;
    var v = 0.0;
    if (i < p.n) { v = p.a * x[i]; }
    let s = subgroupAdd(v);
    if (sid == 0u) {
        atomicAdd(&total, u32(s));
    }
    x[i] = exp(v) + sqrt(v);
}
