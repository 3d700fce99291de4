// gemm-tile16: C = A x B, 1024 x 1024 floats with K = 256, tiled through
// shared memory 16 x 16 at a time, the computation of
// workloads/gemm-tile16.yaml: one element of C per invocation, a 16 x 16
// group, K / 16 = 16 tile steps of two tile loads, a barrier, 16
// multiply-adds and a barrier; the WGSL twin of ../glsl/gemm-tile16.comp.
const T: u32 = 16u;
const N: u32 = 1024u;
const K: u32 = 256u;
@group(0) @binding(0) var<storage, read> A: array<f32>;
@group(0) @binding(1) var<storage, read> B: array<f32>;
@group(0) @binding(2) var<storage, read_write> C: array<f32>;
var<workgroup> ta: array<array<f32, 16>, 16>;
var<workgroup> tb: array<array<f32, 16>, 16>;

@compute @workgroup_size(16, 16)
fn main(@builtin(local_invocation_id) lid: vec3<u32>,
        @builtin(workgroup_id) wgid: vec3<u32>) {
    let lx = lid.x;
    let ly = lid.y;
    let row = wgid.y * T + ly;
    let col = wgid.x * T + lx;
    var acc = 0.0;
    for (var t = 0u; t < K / T; t++) {
        ta[ly][lx] = A[row * K + t * T + lx];
        tb[ly][lx] = B[(t * T + ly) * N + col];
        workgroupBarrier();
        for (var k = 0u; k < T; k++) {
            acc += ta[ly][k] * tb[k][lx];
        }
        workgroupBarrier();
    }
    C[row * N + col] = acc;
}
