// blur-tiled: a 3x3 box blur over a 1024 x 1024 float image, the
// computation of workloads/blur-tiled.yaml: each 16 x 16 group copies its
// tile and a one-pixel halo (18 x 18 floats, 1296 bytes) into shared
// memory, every invocation loading every 256th pixel (2 loads for some,
// 1 for the others), waits at a barrier, then sums its nine neighbours
// from the tile. The image's edge is clamped. The WGSL twin of
// ../glsl/blur-tiled.comp.
const T: u32 = 16u;
const S: u32 = 18u;
const W: i32 = 1024;
@group(0) @binding(0) var<storage, read> img: array<f32>;
@group(0) @binding(1) var<storage, read_write> outp: array<f32>;
var<workgroup> tile: array<f32, 324>;

@compute @workgroup_size(16, 16)
fn main(@builtin(local_invocation_id) lid: vec3<u32>,
        @builtin(workgroup_id) wgid: vec3<u32>) {
    let lx = lid.x;
    let ly = lid.y;
    let x0 = i32(wgid.x * T) - 1;
    let y0 = i32(wgid.y * T) - 1;
    for (var k = ly * T + lx; k < S * S; k += T * T) {
        let x = clamp(x0 + i32(k % S), 0, W - 1);
        let y = clamp(y0 + i32(k / S), 0, W - 1);
        tile[k] = img[y * W + x];
    }
    workgroupBarrier();
    var s = 0.0;
    for (var dy = 0u; dy < 3u; dy++) {
        for (var dx = 0u; dx < 3u; dx++) {
            s += tile[(ly + dy) * S + lx + dx] * (1.0 / 9.0);
        }
    }
    outp[(x0 + 1 + i32(lx)) + (y0 + 1 + i32(ly)) * W] = s;
}
