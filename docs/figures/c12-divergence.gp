# c12-divergence.gp: a cusim experiment figure (written by plot_write; edit freely to restyle).
# Figure: C12: a branch on the row, groups of 256 in every shape
# Data: c12-divergence.csv (18 rows), columns:
#   panel 1: x = kernel.workgroup_size, y = warp_instructions, series = hw.name (x categorical)
#   panel 2: x = kernel.workgroup_size, y = branch_efficiency, series = hw.name (x categorical)
# Re-render: gnuplot c12-divergence.gp
#   writes c12-divergence.png (pngcairo, 800 px wide) and c12-divergence.svg next to this script.
#   The data is inlined below, so this file alone reproduces the figure.

if (!exists("png_out") || !exists("svg_out")) {
    here = ''
    if (exists("ARG0")) {
        do for [i = strlen(ARG0):1:-1] {
            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }
        }
    }
    png_out = here.'c12-divergence.png'
    svg_out = here.'c12-divergence.svg'
}

# Panel 1: x categories, by index: 0 [1, 256], 1 [2, 128], 2 [4, 64], 3 [8, 32], 4 [16, 16], 5 [32, 8], 6 [64, 4], 7 [128, 2], 8 [256, 1]
# Panel 1, curve 1: warp_instructions against kernel.workgroup_size, hw.name = nvidia-sm80 (9 points)
$p1_c1 << EOD
0 2112
1 2112
2 2112
3 2112
4 2112
5 1088
6 1088
7 1088
8 1088
EOD
# Panel 1, curve 2: warp_instructions against kernel.workgroup_size, hw.name = amd-gcn (9 points)
$p1_c2 << EOD
0 1056
1 1056
2 1056
3 1056
4 1056
5 1056
6 544
7 544
8 544
EOD

# Panel 2: x categories, by index: 0 [1, 256], 1 [2, 128], 2 [4, 64], 3 [8, 32], 4 [16, 16], 5 [32, 8], 6 [64, 4], 7 [128, 2], 8 [256, 1]
# Panel 2, curve 1: branch_efficiency against kernel.workgroup_size, hw.name = nvidia-sm80 (9 points)
$p2_c1 << EOD
0 0
1 0
2 0
3 0
4 0
5 1
6 1
7 1
8 1
EOD
# Panel 2, curve 2: branch_efficiency against kernel.workgroup_size, hw.name = amd-gcn (9 points)
$p2_c2 << EOD
0 0
1 0
2 0
3 0
4 0
5 0
6 1
7 1
8 1
EOD

set style line 100 lc rgb '#dcdcdc' lw 1 dt solid
set grid ls 100
set key below center horizontal samplen 2 width 2 height 1
set border 3 lw 1.2
set tics nomirror out
set pointsize 1.1
set linetype 1 lc rgb '#1f77b4' lw 2
set linetype 2 lc rgb '#d62728' lw 2
set linetype 3 lc rgb '#2ca02c' lw 2
set linetype 4 lc rgb '#9467bd' lw 2
set linetype 5 lc rgb '#d95f02' lw 2
set linetype 6 lc rgb '#00838f' lw 2
set linetype 7 lc rgb '#8c564b' lw 2
set linetype 8 lc rgb '#c2185b' lw 2

# The figure, drawn once per terminal: PNG, then SVG.
do for [fmt in "png svg"] {
    if (fmt eq "png") {
        set terminal pngcairo size 800,1000 noenhanced font 'Sans,11'
        set output png_out
    } else {
        set terminal svg size 800,1000 dynamic noenhanced font 'Sans,11'
        set output svg_out
    }
    set multiplot layout 2,1 title 'C12: a branch on the row, groups of 256 in every shape' font 'Sans,13'
    # Panel 1
    set title 'Issued instructions' font 'Sans,13'
    set xlabel 'workgroup shape [X, Y] (rows X invocations wide)'
    set ylabel 'subgroup instructions issued (instructions)'
    set format x '%.0f'
    set format y '%.0f'
    set xtics ('1x256' 0, '2x128' 1, '4x64' 2, '8x32' 3, '16x16' 4, '32x8' 5, '64x4' 6, '128x2' 7, '256x1' 8)
    set xrange [-0.5:8.5]
    unset logscale
    set yrange [0:2500]
    set ytics ('0' 0, '500' 500, '1000' 1000, '1500' 1500, '2000' 2000, '2500' 2500)
    set key on
    plot $p1_c1 using 1:2 with linespoints lt 1 pt 7 title 'hw.name = nvidia-sm80', \
         $p1_c2 using 1:2 with linespoints lt 2 pt 5 title 'hw.name = amd-gcn'
    set xtics autofreq
    set xrange [*:*]
    set ytics autofreq
    set yrange [*:*]
    # Panel 2
    set title 'Branches that did not diverge' font 'Sans,13'
    set xlabel 'workgroup shape [X, Y] (rows X invocations wide)'
    set ylabel 'branches that did not diverge, per branch (fraction)'
    set format x '%.0f'
    set format y '%.0f'
    set xtics ('1x256' 0, '2x128' 1, '4x64' 2, '8x32' 3, '16x16' 4, '32x8' 5, '64x4' 6, '128x2' 7, '256x1' 8)
    set xrange [-0.5:8.5]
    unset logscale
    set yrange [0:1]
    set ytics ('0.0' 0, '0.2' 0.2, '0.4' 0.4, '0.6' 0.6, '0.8' 0.8, '1.0' 1)
    set key on
    plot $p2_c1 using 1:2 with linespoints lt 1 pt 7 title 'hw.name = nvidia-sm80', \
         $p2_c2 using 1:2 with linespoints lt 2 pt 5 title 'hw.name = amd-gcn'
    set xtics autofreq
    set xrange [*:*]
    set ytics autofreq
    set yrange [*:*]
    unset multiplot
    set output
}
