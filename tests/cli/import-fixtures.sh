# shellcheck shell=bash disable=SC2034
# import-fixtures.sh — the fixtures of tests/data/import/ and how each is
# imported, for tests/cli/run-import (its checks, at a quick size) and
# tests/cli/run-import-twins (the cycles against the hand-written twins at
# the twins' own sizes: docs/import.md's tables). Sourced; defines the
# tables below and fixture_import, fixture_profile, fixture_twin.
#
# Sections: amd (clang's listings), sass (nvcc's, dumped by cuobjdump),
# radv (glslang and Mesa 22.3.6's RADV), radv25 (Mesa 25.0.7's RADV),
# wgsl (naga, then Mesa 22.3.6's RADV) and tint (Tint, then the same).
# Each table has a row per fixture: TARGET KERNEL and the numbers the
# compiler reported, read by hand.

# The twins' own element counts (workloads/*.yaml): copy 4 Mi, the others
# 1 Mi.
declare -A twin_elements=([copy]=4194304 [elementwise-scale]=1048576
                          [reduction]=1048576 [gemm-tile16]=1048576
                          [gemm-tile16-async]=1048576 [blur-tiled]=1048576
                          [subgroup-sum]=65536)

# TARGET KERNEL REGISTERS SHARED WAVE WORKGROUP (read by hand from the .s;
# gfx1030-wave64 and gfx1100-wave64: the same kernels compiled with
# -mwavefrontsize64, scripts/compile-amd --wave64)
expected='
gfx900  copy               7  0    64 256
gfx900  elementwise-scale  4  0    64 64
gfx900  reduction          4  1024 64 256
gfx900  gemm-tile16        21 2048 64 [16, 16]
gfx90a  copy               7  0    64 256
gfx90a  elementwise-scale  4  0    64 64
gfx90a  reduction          4  1024 64 256
gfx90a  gemm-tile16        64 2048 64 [16, 16]
gfx1030 copy               6  0    32 256
gfx1030 elementwise-scale  4  0    32 64
gfx1030 reduction          4  1024 32 256
gfx1030 gemm-tile16        27 2048 32 [16, 16]
gfx942  copy               6  0    64 256
gfx942  elementwise-scale  4  0    64 64
gfx942  reduction          4  1024 64 256
gfx942  gemm-tile16        48 2048 64 [16, 16]
gfx1100 copy               6  0    32 256
gfx1100 elementwise-scale  4  0    32 64
gfx1100 reduction          4  1024 32 256
gfx1100 gemm-tile16        47 2048 32 [16, 16]
gfx900  blur-tiled         11 1296 64 [16, 16]
gfx90a  blur-tiled         13 1296 64 [16, 16]
gfx1030 blur-tiled         11 1296 32 [16, 16]
gfx942  blur-tiled         12 1296 64 [16, 16]
gfx1100 blur-tiled         12 1296 32 [16, 16]
gfx1030-wave64 copy               6  0    64 256
gfx1030-wave64 elementwise-scale  4  0    64 64
gfx1030-wave64 reduction          4  1024 64 256
gfx1030-wave64 gemm-tile16        27 2048 64 [16, 16]
gfx1030-wave64 blur-tiled         11 1296 64 [16, 16]
gfx1100-wave64 copy               6  0    64 256
gfx1100-wave64 elementwise-scale  4  0    64 64
gfx1100-wave64 reduction          4  1024 64 256
gfx1100-wave64 gemm-tile16        47 2048 64 [16, 16]
gfx1100-wave64 blur-tiled         12 1296 64 [16, 16]
'
declare -A profile=([gfx900]=amd-gcn [gfx90a]=amd-cdna2-gfx90a
                    [gfx1030]=amd-rdna2-gfx1030 [gfx942]=amd-cdna3-gfx942
                    [gfx1100]=amd-rdna3-gfx1100
                    [gfx1030-wave64]=amd-rdna2-gfx1030
                    [gfx1100-wave64]=amd-rdna3-gfx1100)

declare -A extra=([gemm-tile16]="--trip .LBB0_1=8")

# TARGET KERNEL REG SHARED BLOCK LOOP (REG and SHARED read by hand from each
# .res; the block is the kernel's __launch_bounds__, which SASS does not
# say; gemm's loop counter counts 0 to 0x10 by 1: 16 trips to its label)
expected_sass='
sm_70 copy               12 0    256   -
sm_70 elementwise-scale  10 0    64    -
sm_70 reduction          12 1024 256   -
sm_70 gemm-tile16        32 2048 16,16 0x110
sm_80 copy               12 0    256   -
sm_80 elementwise-scale  10 0    64    -
sm_80 reduction          12 1024 256   -
sm_80 gemm-tile16        32 2048 16,16 0x100
sm_90 copy               14 0    256   -
sm_90 elementwise-scale  10 0    64    -
sm_90 reduction          12 2048 256   -
sm_90 gemm-tile16        32 3072 16,16 0x180
sm_80 gemm-tile16-async  32 2048 16,16 0x100
sm_90 gemm-tile16-async  32 3072 16,16 0x180
sm_70 blur-tiled         26 1296 16,16 -
sm_80 blur-tiled         26 1296 16,16 -
sm_90 blur-tiled         28 2320 16,16 -
sm_90-cuda13 copy               14 0    256   -
sm_90-cuda13 elementwise-scale  10 0    64    -
sm_90-cuda13 reduction          12 1024 256   -
sm_90-cuda13 gemm-tile16        32 2048 16,16 0x1a0
'
# blur's tile loop (k = lid; k < 324; k += 256): nvcc guards a peeled
# first trip with lid >= 324 (read from the code: it never runs), then
# unrolls the loop four times (the if to LABEL4: never, 0), runs a
# remainder of two (LABEL2: the lanes with two trips, lid < 68) and one of
# one: the second if to LABEL1 (lid >= 68), the first guarding the whole
# loop (lid < 324); one label, two ifs, so two --cond in order.
declare -A sass_extra=(
  [sm_70/blur-tiled]="--cond 0x8b0=lid<324 --cond 0x8b0=lid>=68 --cond 0x5a0=0 --cond 0x7c0=lid<68 --trip 0x260=1"
  [sm_80/blur-tiled]="--cond 0x880=lid<324 --cond 0x880=lid>=68 --cond 0x580=0 --cond 0x790=lid<68 --trip 0x240=1"
  [sm_90/blur-tiled]="--cond 0x8b0=lid<324 --cond 0x8b0=lid>=68 --cond 0x5b0=0 --cond 0x7c0=lid<68 --trip 0x270=1")

# FAMILY KERNEL VGPRS LDS WAVE WORKGROUP (VGPRs and LDS size read by hand
# from each listing's statistics, the wave its subgroup_size, the
# workgroup its local_size; the reduction's while loop BB1 runs
# log2(256) = 8 times: RADV did not unroll it; blur-tiled's halo loop BB1
# copies 324 pixels 256 at a time: 1 + (lid < 68) trips; both counts read
# from the code, no --trip)
expected_radv='
navi21  copy               8  0    64 256
navi21  elementwise-scale  8  0    64 64
navi21  reduction          8  1024 64 256
navi21  gemm-tile16        32 2048 64 [16, 16]
navi21  blur-tiled         16 1536 64 [16, 16]
gfx1100 copy               12 0    64 256
gfx1100 elementwise-scale  12 0    64 64
gfx1100 reduction          12 1024 64 256
gfx1100 gemm-tile16        48 2048 64 [16, 16]
gfx1100 blur-tiled         12 1536 64 [16, 16]
'
declare -A radv_profile=([navi21]=amd-rdna2-gfx1030 [gfx1100]=amd-rdna3-gfx1100)

# The GLSL kernels again through a newer RADV (tests/data/import/README.md
# says how): its family names (navi31 for gfx1100), its unpacking of the
# packed ids on gfx11 (v_lshrrev_b32 v1, 10, v0; v_and_b32 v0, 15, v0),
# its ifs that set exec from vcc with no save (s_mov_b64 exec, vcc: the
# reduction, unrolled, its eight ifs' conditions all from the code), and
# its disassembler's "(then repeated 7 times)". FAMILY KERNEL VGPRS LDS
# WAVE WORKGROUP, read by hand from the statistics as above.
expected_radv25='
navi21  copy               8  0    64 256
navi21  elementwise-scale  8  0    64 64
navi21  reduction          8  1024 64 256
navi21  gemm-tile16        32 2048 64 [16, 16]
navi21  blur-tiled         16 1536 64 [16, 16]
navi21  subgroup-sum       32 0    64 64
navi31  copy               12 0    64 256
navi31  elementwise-scale  12 0    64 64
navi31  reduction          12 1024 64 256
navi31  gemm-tile16        48 2048 64 [16, 16]
navi31  blur-tiled         12 1536 64 [16, 16]
navi31  subgroup-sum       48 0    64 64
'
declare -A radv25_profile=([navi21]=amd-rdna2-gfx1030 [navi31]=amd-rdna3-gfx1100)

# The same kernels in WGSL (tests/data/import/wgsl/), made SPIR-V by naga
# and compiled by RADV as the GLSL ones: the keys from the statistics as
# above, the listing's `; frontend:` line in the header. naga's code
# keeps the loops RADV unrolled from GLSL, each with the counter naga
# adds to bound every loop, and zeroes the shared arrays first (WGSL
# says they start at zero): one invocation stores them 16 bytes at a
# time under `if BB3`, lid == 0, read from the code (the reduction's 0 ==
# lid_x; the 2-D groups' flat index as ACO forms it: v_mbcnt_lo, _hi,
# v_and_or_b32 with 0xfc0 of the wave's index, 0 == lid_x + 16 lid_y). The
# loops: the reduction's BB7 runs 8 times, the GEMM's BB7 16 (its tile
# steps), the blur's BB7 copies 324 pixels 256 at a time (1 + (lid < 68)
# each), each read from the code; each has two exits, naga's bound (a
# 64-bit counter, not read) and the loop's own, so each count is at most
# and warns.
expected_wgsl='
navi21  copy               8  0    64 256
navi21  elementwise-scale  8  0    64 64
navi21  reduction          8  1024 64 256
navi21  gemm-tile16        16 2048 64 [16, 16]
navi21  blur-tiled         16 1536 64 [16, 16]
gfx1100 copy               12 0    64 256
gfx1100 elementwise-scale  12 0    64 64
gfx1100 reduction          12 1024 64 256
gfx1100 gemm-tile16        24 2048 64 [16, 16]
gfx1100 blur-tiled         12 1536 64 [16, 16]
'
declare -A wgsl_opts=()
# The same five kernels' WGSL through Tint as Chrome's WebGPU compiles it
# (Dawn, the webgpu package 0.6.2, on Mesa 25's lavapipe), then the same
# RADV (Mesa 22.3.6): scripts/compile-vulkan --tint. Tint's code zeroes
# the shared arrays through the driver (an OpConstantNull initializer,
# which RADV lowers to every lane storing 16 bytes in a loop of its own:
# BB1, a per-lane count), and bounds every loop as naga does (a 64-bit
# counter in SGPRs: a second exit, so the count is at most).
expected_tint='
navi21  copy               8  0    64 256
navi21  elementwise-scale  8  0    64 64
navi21  reduction          8  1024 64 256
navi21  gemm-tile16        32 2048 64 [16, 16]
navi21  blur-tiled         16 1536 64 [16, 16]
gfx1100 copy               12 0    64 256
gfx1100 elementwise-scale  12 0    64 64
gfx1100 reduction          12 1024 64 256
gfx1100 gemm-tile16        48 2048 64 [16, 16]
gfx1100 blur-tiled         12 1536 64 [16, 16]
'

# fixture_import SECTION TARGET KERNEL [BLOCK LOOP]: sets the array `imp`
# to the listing and the options `cusim import` takes for the fixture,
# but --elements and --out (BLOCK and LOOP: the sass table's columns)
fixture_import() {
  local s=$1 t=$2 k=$3 block=${4:-} loop=${5:-} d=tests/data/import
  case $s in
    amd)
      # shellcheck disable=SC2206
      imp=("$d/$t/$k.s" --strict ${extra[$k]:-}) ;;
    sass)
      imp=("$d/$t/$k.sass" --resources "$d/$t/$k.res" --strict --workgroup-size "$block")
      if [[ -n ${sass_extra[$t/$k]:-} ]]; then
        # shellcheck disable=SC2206
        imp+=(${sass_extra[$t/$k]})
      elif [[ $loop != - ]]; then
        imp+=(--trip "$loop=16")
      fi
      # a 16 x 16 group's addresses read its row: 1024 / 16 groups a row
      [[ $block == 16,16 ]] && imp+=(--grid-x 64) ;;
    radv) imp=("$d/radv-$t/$k.radv" --strict) ;;
    radv25) imp=("$d/radv25-$t/$k.radv" --strict) ;;
    wgsl)
      # shellcheck disable=SC2206
      imp=("$d/wgsl-$t/$k.radv" --strict ${wgsl_opts[$k]:-}) ;;
    tint) imp=("$d/tint-$t/$k.radv" --strict) ;;
  esac
}

# fixture_profile SECTION TARGET: the profile the fixture runs on
fixture_profile() {
  case $1 in
    amd) echo "configs/hw/${profile[$2]}.yaml" ;;
    sass) local arch=${2%%-*}              # sm_90-cuda13: nvcc 13.0's, for sm_90
          echo "configs/hw/nvidia-${arch/_/}.yaml" ;;
    radv|wgsl|tint) echo "configs/hw/${radv_profile[$2]}.yaml" ;;
    radv25) echo "configs/hw/${radv25_profile[$2]}.yaml" ;;
  esac
}

# fixture_twin KERNEL: its hand-written twin. The reductions' twin is
# reduction-tree.yaml: reduction.yaml's first pass with its active lanes
# halving at every step, as the compiled ifs do; the async GEMM's is the
# GEMM's.
fixture_twin() {
  case $1 in
    reduction) echo workloads/reduction-tree.yaml ;;
    *) echo "workloads/${1%-async}.yaml" ;;
  esac
}
