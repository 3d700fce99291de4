# c22-stride-cost.gp: a claims figure (written by scripts/claims; edit freely to restyle).
# Figure: C22: a warp load costs one L1 cycle per line it touches
# Re-render: gnuplot c22-stride-cost.gp (writes c22-stride-cost.png and c22-stride-cost.svg next to this script).

if (!exists("png_out") || !exists("svg_out")) {
    here = ''
    if (exists("ARG0")) {
        do for [i = strlen(ARG0):1:-1] {
            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }
        }
    }
    png_out = here.'c22-stride-cost.png'
    svg_out = here.'c22-stride-cost.svg'
}

# Panel 1, curve 1: nvidia-sm80 (this model)
$p1_c1 << EOD
1 1.085952759
2 2.022796631
4 4.002883911
8 8.002426147
16 16.0018158
32 32.00157166
EOD
# Panel 1, curve 2: A100: gpu-benches gpu-strides/a100.txt
$p1_c2 << EOD
1 1.02
2 2
4 4
8 8
16 16
32 32
EOD
# Panel 1, curve 3: nvidia-h200 (this model)
$p1_c3 << EOD
1 1.09387207
2 2.015899658
4 4.002151489
8 8.000976562
16 16.00085449
32 32.00061035
EOD
# Panel 1, curve 4: H200: gpu-benches gpu-strides/h200.txt
$p1_c4 << EOD
1 1.01
2 2
4 4
8 8
16 16
32 32
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
        set terminal pngcairo size 800,500 noenhanced font 'Sans,11'
        set output png_out
    } else {
        set terminal svg size 800,500 dynamic noenhanced font 'Sans,11'
        set output svg_out
    }
    set multiplot layout 1,1 title 'C22: a warp load costs one L1 cycle per line it touches' font 'Sans,13'
    set title 'cycles per warp load against the stride (L1-resident data, one SM)' font 'Sans,12'
    set xlabel 'stride between lanes (4-byte elements)'
    set ylabel 'cycles per warp-level load'
    unset logscale
    set xtics ('1' 1, '2' 2, '4' 4, '8' 8, '16' 16, '32' 32)
    set key inside top left vertical Left reverse
    set yrange [*:*]
    set logscale x 2
    set logscale y 2
    plot $p1_c1 using 1:2 with linespoints lt 1 pt 7 title 'nvidia-sm80 (this model)', \
         $p1_c2 using 1:2 with points lt 1 pt 6 ps 1.8 title 'A100: gpu-benches gpu-strides/a100.txt', \
         $p1_c3 using 1:2 with linespoints lt 2 pt 7 title 'nvidia-h200 (this model)', \
         $p1_c4 using 1:2 with points lt 2 pt 6 ps 1.8 title 'H200: gpu-benches gpu-strides/h200.txt'
    unset multiplot
    set output
}
