# c2-latency-hiding.gp: a cusim experiment figure (written by plot_write; edit freely to restyle).
# Figure: C2: hiding a 400-cycle load every 10 instructions takes ~40 subgroups
# Data: c2.csv (15 rows), columns:
#   panel 1: x = occupancy.subgroups_per_cu, y = issue.ipc
#   panel 2: x = occupancy.subgroups_per_cu, y = time_us (log y)
# Re-render: gnuplot c2-latency-hiding.gp
#   writes c2-latency-hiding.png (pngcairo, 800 px wide) and c2-latency-hiding.svg next to this script.
#   The data is inlined below, so this file alone reproduces the figure.

if (!exists("png_out") || !exists("svg_out")) {
    here = ''
    if (exists("ARG0")) {
        do for [i = strlen(ARG0):1:-1] {
            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }
        }
    }
    png_out = here.'c2-latency-hiding.png'
    svg_out = here.'c2-latency-hiding.svg'
}

# Panel 1, curve 1: issue.ipc against occupancy.subgroups_per_cu (15 points)
$p1_c1 << EOD
8 0.1834833161
12 0.2714713535
16 0.3625364967
20 0.4437263944
24 0.5216013282
28 0.6006647983
32 0.7079791048
36 0.7528113343
40 0.861979735
44 0.9257142857
48 0.9330663487
52 0.9474982865
56 0.9475632326
60 0.9467304334
64 0.9434674796
EOD

# Panel 2, curve 1: time_us against occupancy.subgroups_per_cu (15 points)
$p2_c1 << EOD
8 301.368
12 203.69
16 152.5253333
20 124.6173333
24 106.012
28 92.058
32 78.104
36 73.45266667
40 64.15
44 59.73333333
48 59.26266667
52 58.36
56 58.356
60 58.40733333
64 58.60933333
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
    set multiplot layout 2,1 title 'C2: hiding a 400-cycle load every 10 instructions takes ~40 subgroups' font 'Sans,13'
    # Panel 1
    set title 'Throughput rises with residency, flattens near 40' font 'Sans,13'
    set xlabel 'resident subgroups per CU (of 64)'
    set ylabel 'throughput (warp instructions / cycle / CU)'
    set format x '%.0f'
    set format y '% h'
    unset logscale
    set yrange [0:1]
    set ytics ('0.0' 0, '0.2' 0.2, '0.4' 0.4, '0.6' 0.6, '0.8' 0.8, '1.0' 1)
    set key off
    plot $p1_c1 using 1:2 with linespoints lt 1 pt 7 title 'issue.ipc'
    set ytics autofreq
    set yrange [*:*]
    # Panel 2
    set title 'The same instructions at every point: time' font 'Sans,13'
    set xlabel 'resident subgroups per CU (of 64)'
    set ylabel 'kernel time (microseconds)'
    set format x '%.0f'
    set format y '% h'
    unset logscale
    set logscale y 2
    set key off
    plot $p2_c1 using 1:2 with linespoints lt 1 pt 7 title 'time_us'
    unset multiplot
    set output
}
