# c23-latency-staircase.gp: a claims figure (written by scripts/claims; edit freely to restyle).
# Figure: C23: pointer-chase latency is a staircase in footprint
# Re-render: gnuplot c23-latency-staircase.gp (writes c23-latency-staircase.png and c23-latency-staircase.svg next to this script).

if (!exists("png_out") || !exists("svg_out")) {
    here = ''
    if (exists("ARG0")) {
        do for [i = strlen(ARG0):1:-1] {
            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }
        }
    }
    png_out = here.'c23-latency-staircase.png'
    svg_out = here.'c23-latency-staircase.svg'
}

# Panel 1, curve 1: nvidia-sm70 (this model)
$p1_c1 << EOD
4 30.03127289
8 30.03127289
16 30.03127289
32 30.03127289
64 30.03127289
128 30.03127289
256 215.0312729
512 215.0312729
1024 215.0312729
2048 215.0312729
4096 215.0312729
8192 434.2177963
16384 436.4223862
32768 436.5588608
65536 436.4643784
131072 436.5262184
262144 437.0084724
524288 437.0301247
1048576 437.0312729
EOD
# Panel 1, curve 2: V100: gpu-benches gpu-latency/v100.txt (plateaus)
$p1_c2 << EOD
16 30
1024 215
1048576 437
EOD
# Panel 1, curve 3: nvidia-sm80 (this model)
$p1_c3 << EOD
4 36.03127289
8 36.03127289
16 36.03127289
32 36.03127289
64 36.03127289
128 36.03127289
256 212.0312729
512 212.0312729
1024 212.0312729
2048 212.0312729
4096 212.0312729
8192 212.0312729
16384 212.0312729
32768 212.0312729
65536 570.7928696
131072 570.7712021
262144 571.1834946
524288 571.215538
1048576 571.9081345
EOD
# Panel 1, curve 4: A100: gpu-benches gpu-latency/a100_40.txt, a100_80.txt (plateaus)
$p1_c4 << EOD
16 36
1024 213
1048576 575
EOD
# Panel 1, curve 5: nvidia-sm90 (this model)
$p1_c5 << EOD
4 34.0156517
8 34.0156517
16 34.0156517
32 34.0156517
64 34.0156517
128 34.0156517
256 265.0156517
512 265.0156517
1024 265.0156517
2048 265.0156517
4096 265.0156517
8192 265.0156517
16384 265.0156517
32768 265.0156517
65536 654.2726097
131072 654.2596092
262144 654.5069847
524288 654.5262108
1048576 654.9417686
EOD
# Panel 1, curve 6: H100 PCIe: gpu-benches gpu-latency/h100_pcie.txt (plateaus)
$p1_c6 << EOD
16 34
1024 265
1048576 650
EOD

set style line 100 lc rgb '#dcdcdc' lw 1 dt solid
set grid ls 100
set key below center horizontal samplen 2 width 2 height 1
set border 3 lw 1.2
set tics nomirror out
set pointsize 1.1
do for [i = 1:8] { set linetype i lw 2 }

do for [fmt in "png svg"] {
    if (fmt eq "png") {
        set terminal pngcairo size 800,600 noenhanced font 'Sans,11'
        set output png_out
    } else {
        set terminal svg size 800,600 dynamic noenhanced font 'Sans,11'
        set output svg_out
    }
    set multiplot layout 1,1 title 'C23: pointer-chase latency is a staircase in footprint' font 'Sans,13'
    set title 'one subgroup, one dependent load at a time' font 'Sans,12'
    set xlabel 'footprint (bytes walked)'
    set ylabel 'cycles per load'
    unset logscale
    set xtics ('4K' 4, '16K' 16, '64K' 64, '256K' 256, '1M' 1024, '4M' 4096, '16M' 16384, '64M' 65536, '256M' 262144, '1G' 1048576)
    set key inside top left vertical Left reverse
    set yrange [0:1000]
    set logscale x 2
    plot $p1_c1 using 1:2 with linespoints lt 1 pt 7 title 'nvidia-sm70 (this model)', \
         $p1_c2 using 1:2 with points lt 1 pt 6 ps 1.8 title 'V100: gpu-benches gpu-latency/v100.txt (plateaus)', \
         $p1_c3 using 1:2 with linespoints lt 2 pt 7 title 'nvidia-sm80 (this model)', \
         $p1_c4 using 1:2 with points lt 2 pt 6 ps 1.8 title 'A100: gpu-benches gpu-latency/a100_40.txt, a100_80.txt (plateaus)', \
         $p1_c5 using 1:2 with linespoints lt 3 pt 7 title 'nvidia-sm90 (this model)', \
         $p1_c6 using 1:2 with points lt 3 pt 6 ps 1.8 title 'H100 PCIe: gpu-benches gpu-latency/h100_pcie.txt (plateaus)'
    unset multiplot
    set output
}
