# c17-reduction-crossover.gp: a cusim experiment figure (written by plot_write; edit freely to restyle).
# Figure: C17: a two-dispatch reduction, groups of 64 vs 256 (seed GPU)
# Data: c17.csv (18 rows), columns:
#   panel 1: x = kernel.elements, y = time_us, series = kernel.workgroup_size (log x and y)
# Re-render: gnuplot c17-reduction-crossover.gp
#   writes c17-reduction-crossover.png (pngcairo, 800 px wide) and c17-reduction-crossover.svg next to this script.
#   The data is inlined below, so this file alone reproduces the figure.

if (!exists("png_out") || !exists("svg_out")) {
    here = ''
    if (exists("ARG0")) {
        do for [i = strlen(ARG0):1:-1] {
            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }
        }
    }
    png_out = here.'c17-reduction-crossover.png'
    svg_out = here.'c17-reduction-crossover.svg'
}

# Panel 1, curve 1: time_us against kernel.elements, kernel.workgroup_size = 64 (9 points)
$p1_c1 << EOD
4096 2.470666667
8192 2.642
16384 3.251333333
32768 4.62
65536 7.474
131072 12.84
262144 23.80133333
524288 45.724
1048576 90.81533333
EOD
# Panel 1, curve 2: time_us against kernel.elements, kernel.workgroup_size = 256 (9 points)
$p1_c2 << EOD
4096 2.616
8192 2.861333333
16384 3.251333333
32768 4.616666667
65536 7.347333333
131072 12.812
262144 23.74933333
524288 45.608
1048576 89.33733333
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
    set multiplot layout 1,1 title 'C17: a two-dispatch reduction, groups of 64 vs 256 (seed GPU)' font 'Sans,13'
    # Panel 1
    unset title
    set xlabel 'elements reduced'
    set ylabel 'time, both dispatches (microseconds)'
    set format x '%.0b%B'
    set format y '% h'
    unset logscale
    set logscale x 2
    set logscale y 2
    set key on
    plot $p1_c1 using 1:2 with linespoints lt 1 pt 7 title 'kernel.workgroup_size = 64', \
         $p1_c2 using 1:2 with linespoints lt 2 pt 5 title 'kernel.workgroup_size = 256'
    unset multiplot
    set output
}
