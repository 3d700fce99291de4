# histogram-bins.gp: a cusim experiment figure (written by plot_write; edit freely to restyle).
# Figure: Histogram: time against bins (atomics take turns per address)
# Data: histogram-bins.csv (15 rows), columns:
#   panel 1: x = kernel.buffers, y = time_us, series = hw.name (log y) (x categorical)
# Re-render: gnuplot histogram-bins.gp
#   writes histogram-bins.png (pngcairo, 800 px wide) and histogram-bins.svg next to this script.
#   The data is inlined below, so this file alone reproduces the figure.

if (!exists("png_out") || !exists("svg_out")) {
    here = ''
    if (exists("ARG0")) {
        do for [i = strlen(ARG0):1:-1] {
            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }
        }
    }
    png_out = here.'histogram-bins.png'
    svg_out = here.'histogram-bins.svg'
}

# Panel 1: x categories, by index: 0 {data: 4 MiB, hist: 64}, 1 {data: 4 MiB, hist: 1 KiB}, 2 {data: 4 MiB, hist: 16 KiB}, 3 {data: 4 MiB, hist: 64 KiB}, 4 {data: 4 MiB, hist: 256 KiB}
# Panel 1, curve 1: time_us against kernel.buffers, hw.name = nvidia-h200 (5 points)
$p1_c1 << EOD
0 68.18030303
1 49.86818182
2 11.22171717
3 7.488888889
4 7.399494949
EOD
# Panel 1, curve 2: time_us against kernel.buffers, hw.name = amd-rdna3-gfx1100 (5 points)
$p1_c2 << EOD
0 28.582
1 16.87
2 19.13
3 19.352
4 19.5232
EOD
# Panel 1, curve 3: time_us against kernel.buffers, hw.name = seed-cu (5 points)
$p1_c3 << EOD
0 87.74533333
1 284.256
2 393.58
3 393.58
4 393.58
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
    set multiplot layout 1,1 title 'Histogram: time against bins (atomics take turns per address)' font 'Sans,13'
    # Panel 1
    unset title
    set xlabel 'kernel.buffers (hist: 4 bytes a bin: 16 to 65,536 bins)'
    set ylabel 'time (us)'
    set format x '%.0f'
    set format y '% h'
    set xtics ('hist 64 B' 0, 'hist 1 KiB' 1, 'hist 16 KiB' 2, 'hist 64 KiB' 3, 'hist 256 KiB' 4)
    set xrange [-0.5:4.5]
    unset logscale
    set logscale y 2
    set key on
    plot $p1_c1 using 1:2 with linespoints lt 1 pt 7 title 'hw.name = nvidia-h200', \
         $p1_c2 using 1:2 with linespoints lt 2 pt 5 title 'hw.name = amd-rdna3-gfx1100', \
         $p1_c3 using 1:2 with linespoints lt 3 pt 9 title 'hw.name = seed-cu'
    set xtics autofreq
    set xrange [*:*]
    unset multiplot
    set output
}
