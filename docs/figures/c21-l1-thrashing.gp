# c21-l1-thrashing.gp: a cusim experiment figure (written by plot_write; edit freely to restyle).
# Figure: C21: past the L1's capacity, more resident subgroups are slower (nvidia-sm80, one SM)
# Data: c21.csv (15 rows), columns:
#   panel 1: x = occupancy.subgroups_per_cu, y = cycles
#   panel 2: x = occupancy.subgroups_per_cu, y = l1.hit_rate
# Re-render: gnuplot c21-l1-thrashing.gp
#   writes c21-l1-thrashing.png (pngcairo, 800 px wide) and c21-l1-thrashing.svg next to this script.
#   The data is inlined below, so this file alone reproduces the figure.

if (!exists("png_out") || !exists("svg_out")) {
    here = ''
    if (exists("ARG0")) {
        do for [i = strlen(ARG0):1:-1] {
            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }
        }
    }
    png_out = here.'c21-l1-thrashing.png'
    svg_out = here.'c21-l1-thrashing.svg'
}

# Panel 1, curve 1: cycles against occupancy.subgroups_per_cu (15 points)
$p1_c1 << EOD
2 6312317
4 3155967
8 1580912
12 1086322
16 792751
20 691485
24 592605
28 495137
32 398708
36 403271
40 811658
44 971771
48 1033835
56 1019113
64 926622
EOD

# Panel 2, curve 1: l1.hit_rate against occupancy.subgroups_per_cu (15 points)
$p2_c1 << EOD
2 0.984375
4 0.984375
8 0.984375
12 0.984375
16 0.984375
20 0.984375
24 0.984375
28 0.984375
32 0.984375
36 0.984375
40 0.6829681396
44 0.438419342
48 0.2970848083
56 0.1261024475
64 0.002403259277
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
    set multiplot layout 2,1 title 'C21: past the L1''s capacity, more resident subgroups are slower (nvidia-sm80, one SM)' font 'Sans,13'
    # Panel 1
    set title 'Time: fastest below the maximum occupancy' font 'Sans,13'
    set xlabel 'resident subgroups per SM (x 4 KiB working set)'
    set ylabel 'kernel time (cycles)'
    set format x '%.0f'
    set format y '%.0s%c'
    unset logscale
    set yrange [0:7000000]
    set ytics ('0' 0, '1M' 1000000, '2M' 2000000, '3M' 3000000, '4M' 4000000, '5M' 5000000, '6M' 6000000, '7M' 7000000)
    set key off
    plot $p1_c1 using 1:2 with linespoints lt 1 pt 7 title 'cycles'
    set ytics autofreq
    set yrange [*:*]
    # Panel 2
    set title 'L1 hit rate falls once the working sets overflow the L1' font 'Sans,13'
    set xlabel 'resident subgroups per SM (x 4 KiB working set)'
    set ylabel 'L1 hit rate (sectors)'
    set format x '%.0f'
    set format y '% h'
    unset logscale
    set yrange [0:1]
    set ytics ('0.0' 0, '0.2' 0.2, '0.4' 0.4, '0.6' 0.6, '0.8' 0.8, '1.0' 1)
    set key off
    plot $p2_c1 using 1:2 with linespoints lt 1 pt 7 title 'l1.hit_rate'
    set ytics autofreq
    set yrange [*:*]
    unset multiplot
    set output
}
