# c10-elements-per-invocation.gp: a cusim experiment figure (written by plot_write; edit freely to restyle).
# Figure: C10: more elements per invocation, lower occupancy, faster (blend-index)
# Data: c10.csv (4 rows), columns:
#   panel 1: x = kernel.elements_per_invocation, y = cycles (log x)
#   panel 2: x = kernel.elements_per_invocation, y = occupancy.theoretical, occupancy.achieved (log x)
# Re-render: gnuplot c10-elements-per-invocation.gp
#   writes c10-elements-per-invocation.png (pngcairo, 800 px wide) and c10-elements-per-invocation.svg next to this script.
#   The data is inlined below, so this file alone reproduces the figure.

if (!exists("png_out") || !exists("svg_out")) {
    here = ''
    if (exists("ARG0")) {
        do for [i = strlen(ARG0):1:-1] {
            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }
        }
    }
    png_out = here.'c10-elements-per-invocation.png'
    svg_out = here.'c10-elements-per-invocation.svg'
}

# Panel 1, curve 1: cycles against kernel.elements_per_invocation (4 points)
$p1_c1 << EOD
1 18423
2 10478
4 10335
8 10361
EOD

# Panel 2, curve 1: occupancy.theoretical against kernel.elements_per_invocation (4 points)
$p2_c1 << EOD
1 1
2 1
4 0.75
8 0.375
EOD
# Panel 2, curve 2: occupancy.achieved against kernel.elements_per_invocation (4 points)
$p2_c2 << EOD
1 0.9651488628
2 0.935680712
4 0.6929305757
8 0.3467992954
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
    set multiplot layout 2,1 title 'C10: more elements per invocation, lower occupancy, faster (blend-index)' font 'Sans,13'
    # Panel 1
    set title 'Time' font 'Sans,13'
    set xlabel 'elements (pixels) per invocation'
    set ylabel 'kernel time (cycles)'
    set format x '%.0f'
    set format y '%.0f'
    unset logscale
    set logscale x 2
    set yrange [0:20000]
    set ytics ('0' 0, '2000' 2000, '4000' 4000, '6000' 6000, '8000' 8000, '10000' 10000, '12000' 12000, '14000' 14000, '16000' 16000, '18000' 18000, '20000' 20000)
    set key off
    plot $p1_c1 using 1:2 with linespoints lt 1 pt 7 title 'cycles'
    set ytics autofreq
    set yrange [*:*]
    # Panel 2
    set title 'Occupancy' font 'Sans,13'
    set xlabel 'elements (pixels) per invocation'
    set ylabel 'occupancy (fraction of subgroup slots)'
    set format x '%.0f'
    set format y '% h'
    unset logscale
    set logscale x 2
    set yrange [0:1]
    set ytics ('0.0' 0, '0.2' 0.2, '0.4' 0.4, '0.6' 0.6, '0.8' 0.8, '1.0' 1)
    set key on
    plot $p2_c1 using 1:2 with linespoints lt 1 pt 7 title 'occupancy.theoretical', \
         $p2_c2 using 1:2 with linespoints lt 2 pt 5 title 'occupancy.achieved'
    set ytics autofreq
    set yrange [*:*]
    unset multiplot
    set output
}
