// reduction: each workgroup of 256 sums its 256 elements through shared
// memory in a tree of log2(256) = 8 steps and writes one partial, the
// first pass of workloads/reduction.yaml; the WGSL twin of
// ../glsl/reduction.comp.
const WG: u32 = 256u;
@group(0) @binding(0) var<storage, read> inp: array<f32>;
@group(0) @binding(1) var<storage, read_write> outp: array<f32>;
var<workgroup> part: array<f32, WG>;

@compute @workgroup_size(256)
fn main(@builtin(local_invocation_index) lid: u32,
        @builtin(workgroup_id) wgid: vec3<u32>) {
    let wg = wgid.x;
    part[lid] = inp[wg * WG + lid];
    for (var s = WG / 2u; s > 0u; s = s >> 1u) {
        workgroupBarrier();
        if (lid < s) {
            part[lid] += part[lid + s];
        }
    }
    if (lid == 0u) {
        outp[wg] = part[0];
    }
}
