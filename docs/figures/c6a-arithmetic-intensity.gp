# c6a-arithmetic-intensity.gp: a cusim experiment figure (written by plot_write; edit freely to restyle).
# Figure: C6a: 384 multiply-adds per load, ~25% occupancy hides the latency
# Data: c6a.csv (32 rows), columns:
#   panel 1: x = occupancy.theoretical, y = cycles, series = hw.cu.policy
#   panel 2: x = occupancy.theoretical, y = issue.utilization, series = hw.cu.policy
# Re-render: gnuplot c6a-arithmetic-intensity.gp
#   writes c6a-arithmetic-intensity.png (pngcairo, 800 px wide) and c6a-arithmetic-intensity.svg next to this script.
#   The data is inlined below, so this file alone reproduces the figure.

if (!exists("png_out") || !exists("svg_out")) {
    here = ''
    if (exists("ARG0")) {
        do for [i = strlen(ARG0):1:-1] {
            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }
        }
    }
    png_out = here.'c6a-arithmetic-intensity.png'
    svg_out = here.'c6a-arithmetic-intensity.svg'
}

# Panel 1, curve 1: cycles against occupancy.theoretical, hw.cu.policy = gto (16 points)
$p1_c1 << EOD
0.0625 104337
0.125 77396
0.1875 68639
0.25 63480
0.3125 61140
0.375 59723
0.4375 58270
0.5 57107
0.5625 56829
0.625 55876
0.6875 55504
0.75 55187
0.8125 54687
0.875 54708
0.9375 54373
1 53903
EOD
# Panel 1, curve 2: cycles against occupancy.theoretical, hw.cu.policy = lrr (16 points)
$p1_c2 << EOD
0.0625 104337
0.125 76272
0.1875 58433
0.25 54934
0.3125 52115
0.375 51822
0.4375 51607
0.5 51535
0.5625 51513
0.625 51494
0.6875 51475
0.75 51454
0.8125 51431
0.875 51409
0.9375 51386
1 51371
EOD

# Panel 2, curve 1: issue.utilization against occupancy.theoretical, hw.cu.policy = gto (16 points)
$p2_c1 << EOD
0.0625 0.4833568149
0.125 0.6516099023
0.1875 0.734742639
0.25 0.7944549464
0.3125 0.8248609748
0.375 0.8444317934
0.4375 0.8654882444
0.5 0.8831141541
0.5625 0.8874342325
0.625 0.9025699764
0.6875 0.9086191986
0.75 0.913838404
0.8125 0.9221935743
0.875 0.9218395847
0.9375 0.9275191731
1 0.9356065525
EOD
# Panel 2, curve 2: issue.utilization against occupancy.theoretical, hw.cu.policy = lrr (16 points)
$p2_c2 << EOD
0.0625 0.4833568149
0.125 0.6612125026
0.1875 0.8630739479
0.25 0.9180471111
0.3125 0.9677060347
0.375 0.973177415
0.4375 0.9772317709
0.5 0.97859707
0.5625 0.9790150059
0.625 0.979376238
0.6875 0.9797377368
0.75 0.9801375986
0.8125 0.9805759172
0.875 0.9809955455
0.9375 0.981434632
1 0.9817212046
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
    set multiplot layout 2,1 title 'C6a: 384 multiply-adds per load, ~25% occupancy hides the latency' font 'Sans,13'
    # Panel 1
    set title 'Time vs occupancy' font 'Sans,13'
    set xlabel 'occupancy (fraction of the 64 subgroup slots)'
    set ylabel 'kernel time (cycles)'
    set format x '% h'
    set format y '%.0s%c'
    unset logscale
    set yrange [0:120000]
    set ytics ('0' 0, '20k' 20000, '40k' 40000, '60k' 60000, '80k' 80000, '100k' 100000, '120k' 120000)
    set key on
    plot $p1_c1 using 1:2 with linespoints lt 1 pt 7 title 'hw.cu.policy = gto', \
         $p1_c2 using 1:2 with linespoints lt 2 pt 5 title 'hw.cu.policy = lrr'
    set ytics autofreq
    set yrange [*:*]
    # Panel 2
    set title 'Issue utilisation saturates early' font 'Sans,13'
    set xlabel 'occupancy (fraction of the 64 subgroup slots)'
    set ylabel 'issue slots used (fraction)'
    set format x '% h'
    set format y '% h'
    unset logscale
    set yrange [0:1]
    set ytics ('0.0' 0, '0.2' 0.2, '0.4' 0.4, '0.6' 0.6, '0.8' 0.8, '1.0' 1)
    set key on
    plot $p2_c1 using 1:2 with linespoints lt 1 pt 7 title 'hw.cu.policy = gto', \
         $p2_c2 using 1:2 with linespoints lt 2 pt 5 title 'hw.cu.policy = lrr'
    set ytics autofreq
    set yrange [*:*]
    unset multiplot
    set output
}
