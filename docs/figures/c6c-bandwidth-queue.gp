# c6c-bandwidth-queue.gp: a cusim experiment figure (written by plot_write; edit freely to restyle).
# Figure: C6c: past the bandwidth limit, more residency only lengthens the queue
# Data: c6c.csv (12 rows), columns:
#   panel 1: x = hw.cu.max_workgroups, y = memory.bandwidth_utilization, series = hw.compute_units (log x)
#   panel 2: x = hw.cu.max_workgroups, y = memory.avg_latency, series = hw.compute_units (log x and y)
# Re-render: gnuplot c6c-bandwidth-queue.gp
#   writes c6c-bandwidth-queue.png (pngcairo, 800 px wide) and c6c-bandwidth-queue.svg next to this script.
#   The data is inlined below, so this file alone reproduces the figure.

if (!exists("png_out") || !exists("svg_out")) {
    here = ''
    if (exists("ARG0")) {
        do for [i = strlen(ARG0):1:-1] {
            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }
        }
    }
    png_out = here.'c6c-bandwidth-queue.png'
    svg_out = here.'c6c-bandwidth-queue.svg'
}

# Panel 1, curve 1: memory.bandwidth_utilization against hw.cu.max_workgroups, hw.compute_units = 30 (6 points)
$p1_c1 << EOD
1 0.9779157216
2 0.9878210539
4 0.9878210539
8 0.9878210539
16 0.9878210539
32 0.9878210539
EOD
# Panel 1, curve 2: memory.bandwidth_utilization against hw.cu.max_workgroups, hw.compute_units = 15 (6 points)
$p1_c2 << EOD
1 0.5697989845
2 0.9779157216
4 0.9878210539
8 0.9878210539
16 0.9878210539
32 0.9878210539
EOD

# Panel 2, curve 1: memory.avg_latency against hw.cu.max_workgroups, hw.compute_units = 30 (6 points)
$p2_c1 << EOD
1 470.722168
2 935.0732422
4 1837.958984
8 3517.138672
16 6369.160156
32 10047.38281
EOD
# Panel 2, curve 2: memory.avg_latency against hw.cu.max_workgroups, hw.compute_units = 15 (6 points)
$p2_c2 << EOD
1 406.604248
2 470.722168
4 935.0732422
8 1837.944336
16 3517.080078
32 6368.691406
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
    set multiplot layout 2,1 title 'C6c: past the bandwidth limit, more residency only lengthens the queue' font 'Sans,13'
    # Panel 1
    set title 'Bandwidth plateaus at the peak' font 'Sans,13'
    set xlabel 'resident subgroups per CU'
    set ylabel 'fraction of the 64 B/cycle peak'
    set format x '%.0f'
    set format y '% h'
    unset logscale
    set logscale x 2
    set yrange [0:1]
    set ytics ('0.0' 0, '0.2' 0.2, '0.4' 0.4, '0.6' 0.6, '0.8' 0.8, '1.0' 1)
    set key on
    plot $p1_c1 using 1:2 with linespoints lt 1 pt 7 title 'hw.compute_units = 30', \
         $p1_c2 using 1:2 with linespoints lt 2 pt 5 title 'hw.compute_units = 15'
    set ytics autofreq
    set yrange [*:*]
    # Panel 2
    set title 'Queueing latency grows with occupancy' font 'Sans,13'
    set xlabel 'resident subgroups per CU'
    set ylabel 'average load latency (cycles, 400 + queueing)'
    set format x '%.0f'
    set format y '% h'
    unset logscale
    set logscale x 2
    set logscale y 2
    set key on
    plot $p2_c1 using 1:2 with linespoints lt 1 pt 7 title 'hw.compute_units = 30', \
         $p2_c2 using 1:2 with linespoints lt 2 pt 5 title 'hw.compute_units = 15'
    unset multiplot
    set output
}
