# c15-c16-group-size.gp: a cusim experiment figure (written by plot_write; edit freely to restyle).
# Figure: C15/C16: without shared memory, bigger groups only cost (seed GPU, 30 CUs)
# Data: c15-c16.csv (10 rows), columns:
#   panel 1: x = kernel.workgroup_size, y = cycles, series = kernel.name (log x and y)
#   panel 2: x = kernel.workgroup_size, y = stalls.tail, series = kernel.name (log x)
# Re-render: gnuplot c15-c16-group-size.gp
#   writes c15-c16-group-size.png (pngcairo, 800 px wide) and c15-c16-group-size.svg next to this script.
#   The data is inlined below, so this file alone reproduces the figure.

if (!exists("png_out") || !exists("svg_out")) {
    here = ''
    if (exists("ARG0")) {
        do for [i = strlen(ARG0):1:-1] {
            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }
        }
    }
    png_out = here.'c15-c16-group-size.png'
    svg_out = here.'c15-c16-group-size.svg'
}

# Panel 1, curve 1: cycles against kernel.workgroup_size, kernel.name = high-intensity (5 points)
$p1_c1 << EOD
64 3161
128 3945
256 3945
512 7083
1024 13353
EOD
# Panel 1, curve 2: cycles against kernel.workgroup_size, kernel.name = elementwise-scale (5 points)
$p1_c2 << EOD
64 2488
128 2488
256 2497
512 2527
1024 2685
EOD

# Panel 2, curve 1: stalls.tail against kernel.workgroup_size, kernel.name = high-intensity (5 points)
$p2_c1 << EOD
64 0.2213856375
128 0.3759695817
256 0.4108660752
512 0.69102546
1024 0.8412616391
EOD
# Panel 2, curve 2: stalls.tail against kernel.workgroup_size, kernel.name = elementwise-scale (5 points)
$p2_c2 << EOD
64 0.1626205788
128 0.1626205788
256 0.1635295688
512 0.1632502308
1024 0.2238112973
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
    set multiplot layout 2,1 title 'C15/C16: without shared memory, bigger groups only cost (seed GPU, 30 CUs)' font 'Sans,13'
    # Panel 1
    set title 'Time' font 'Sans,13'
    set xlabel 'workgroup size (invocations)'
    set ylabel 'kernel time (cycles)'
    set format x '%.0f'
    set format y '%.0f'
    unset logscale
    set logscale x 2
    set logscale y 2
    set key on
    plot $p1_c1 using 1:2 with linespoints lt 1 pt 7 title 'kernel.name = high-intensity', \
         $p1_c2 using 1:2 with linespoints lt 2 pt 5 title 'kernel.name = elementwise-scale'
    # Panel 2
    set title 'Dispatch tail (idle CUs, final drain)' font 'Sans,13'
    set xlabel 'workgroup size (invocations)'
    set ylabel 'fraction of scheduler cycles in the tail'
    set format x '%.0f'
    set format y '% h'
    unset logscale
    set logscale x 2
    set yrange [0:0.9]
    set ytics ('0.0' 0, '0.1' 0.1, '0.2' 0.2, '0.3' 0.3, '0.4' 0.4, '0.5' 0.5, '0.6' 0.6, '0.7' 0.7, '0.8' 0.8, '0.9' 0.9)
    set key on
    plot $p2_c1 using 1:2 with linespoints lt 1 pt 7 title 'kernel.name = high-intensity', \
         $p2_c2 using 1:2 with linespoints lt 2 pt 5 title 'kernel.name = elementwise-scale'
    set ytics autofreq
    set yrange [*:*]
    unset multiplot
    set output
}
