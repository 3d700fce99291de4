# c6b-tile-reuse.gp: a cusim experiment figure (written by plot_write; edit freely to restyle).
# Figure: C6b: matrix multiply, a 64x64 tile (4x the reuse, fewer groups) vs 16x16
# Data: c6b.csv (12 rows), columns:
#   panel 1: x = hw.memory.bandwidth, y = time_us, series = kernel.name (log x and y)
#   panel 2: x = hw.memory.bandwidth, y = occupancy.achieved, series = kernel.name (log x)
# Re-render: gnuplot c6b-tile-reuse.gp
#   writes c6b-tile-reuse.png (pngcairo, 800 px wide) and c6b-tile-reuse.svg next to this script.
#   The data is inlined below, so this file alone reproduces the figure.

if (!exists("png_out") || !exists("svg_out")) {
    here = ''
    if (exists("ARG0")) {
        do for [i = strlen(ARG0):1:-1] {
            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }
        }
    }
    png_out = here.'c6b-tile-reuse.png'
    svg_out = here.'c6b-tile-reuse.svg'
}

# Panel 1, curve 1: time_us against hw.memory.bandwidth, kernel.name = gemm-tile16 (6 points)
$p1_c1 << EOD
1 11535.83267
2 5768.935333
4 2885.481333
8 1453.762667
16 758.148
64 709.4326667
EOD
# Panel 1, curve 2: time_us against hw.memory.bandwidth, kernel.name = gemm-tile64 (6 points)
$p1_c2 << EOD
1 3148.034
2 1577.524
4 793.5933333
8 422.2106667
16 281.358
64 262.368
EOD

# Panel 2, curve 1: occupancy.achieved against hw.memory.bandwidth, kernel.name = gemm-tile16 (6 points)
$p2_c1 << EOD
1 0.9968217798
2 0.9965067789
4 0.9964422747
8 0.9955250032
16 0.9975554465
64 0.9934626166
EOD
# Panel 2, curve 2: occupancy.achieved against hw.memory.bandwidth, kernel.name = gemm-tile64 (6 points)
$p2_c2 << EOD
1 0.6023953363
2 0.6032723327
4 0.6000315023
8 0.5965369184
16 0.5981383149
64 0.5969767019
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
    set multiplot layout 2,1 title 'C6b: matrix multiply, a 64x64 tile (4x the reuse, fewer groups) vs 16x16' font 'Sans,13'
    # Panel 1
    set title 'Time vs memory bandwidth' font 'Sans,13'
    set xlabel 'memory bandwidth available to the CU (bytes / cycle)'
    set ylabel 'kernel time (microseconds)'
    set format x '%.0f'
    set format y '% h'
    unset logscale
    set logscale x 2
    set logscale y 2
    set key on
    plot $p1_c1 using 1:2 with linespoints lt 1 pt 7 title 'kernel.name = gemm-tile16', \
         $p1_c2 using 1:2 with linespoints lt 2 pt 5 title 'kernel.name = gemm-tile64'
    # Panel 2
    set title 'Occupancy: the large tile runs lower' font 'Sans,13'
    set xlabel 'memory bandwidth available to the CU (bytes / cycle)'
    set ylabel 'achieved occupancy (fraction)'
    set format x '%.0f'
    set format y '% h'
    unset logscale
    set logscale x 2
    set yrange [0:1]
    set ytics ('0.0' 0, '0.2' 0.2, '0.4' 0.4, '0.6' 0.6, '0.8' 0.8, '1.0' 1)
    set key on
    plot $p2_c1 using 1:2 with linespoints lt 1 pt 7 title 'kernel.name = gemm-tile16', \
         $p2_c2 using 1:2 with linespoints lt 2 pt 5 title 'kernel.name = gemm-tile64'
    set ytics autofreq
    set yrange [*:*]
    unset multiplot
    set output
}
