# c9-ilp.gp: a cusim experiment figure (written by plot_write; edit freely to restyle).
# Figure: C9: four independent loads (ILP 4) hide as much as 4x the residency
# Data: c9.csv (10 rows), columns:
#   panel 1: x = occupancy.subgroups_per_cu, y = time_us, series = kernel.name (log x and y)
# Re-render: gnuplot c9-ilp.gp
#   writes c9-ilp.png (pngcairo, 800 px wide) and c9-ilp.svg next to this script.
#   The data is inlined below, so this file alone reproduces the figure.

if (!exists("png_out") || !exists("svg_out")) {
    here = ''
    if (exists("ARG0")) {
        do for [i = strlen(ARG0):1:-1] {
            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }
        }
    }
    png_out = here.'c9-ilp.png'
    svg_out = here.'c9-ilp.svg'
}

# Panel 1, curve 1: time_us against occupancy.subgroups_per_cu, kernel.name = latency-bound (5 points)
$p1_c1 << EOD
2 1197.494
4 599.0533333
8 301.368
16 152.5253333
32 78.104
EOD
# Panel 1, curve 2: time_us against occupancy.subgroups_per_cu, kernel.name = latency-ilp4 (5 points)
$p1_c2 << EOD
2 310.8806667
4 161.554
8 87.74066667
16 63.288
32 62.08466667
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
        set terminal pngcairo size 800,500 noenhanced font 'Sans,11'
        set output png_out
    } else {
        set terminal svg size 800,500 dynamic noenhanced font 'Sans,11'
        set output svg_out
    }
    set multiplot layout 1,1 title 'C9: four independent loads (ILP 4) hide as much as 4x the residency' font 'Sans,13'
    # Panel 1
    unset title
    set xlabel 'resident subgroups per CU'
    set ylabel 'kernel time (microseconds)'
    set format x '%.0f'
    set format y '% h'
    unset logscale
    set logscale x 2
    set logscale y 2
    set key on
    plot $p1_c1 using 1:2 with linespoints lt 1 pt 7 title 'kernel.name = latency-bound', \
         $p1_c2 using 1:2 with linespoints lt 2 pt 5 title 'kernel.name = latency-ilp4'
    unset multiplot
    set output
}
