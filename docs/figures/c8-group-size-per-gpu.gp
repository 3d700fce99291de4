# c8-group-size-per-gpu.gp: a cusim experiment figure (written by plot_write; edit freely to restyle).
# Figure: C8: the best workgroup size depends on the GPU (same kernel)
# Data: c8.csv (24 rows), columns:
#   panel 1: x = kernel.workgroup_size, y = time_us, series = hw.name (log x and y)
#   panel 2: x = kernel.workgroup_size, y = occupancy.theoretical, series = hw.name (log x)
# Re-render: gnuplot c8-group-size-per-gpu.gp
#   writes c8-group-size-per-gpu.png (pngcairo, 800 px wide) and c8-group-size-per-gpu.svg next to this script.
#   The data is inlined below, so this file alone reproduces the figure.

if (!exists("png_out") || !exists("svg_out")) {
    here = ''
    if (exists("ARG0")) {
        do for [i = strlen(ARG0):1:-1] {
            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }
        }
    }
    png_out = here.'c8-group-size-per-gpu.png'
    svg_out = here.'c8-group-size-per-gpu.svg'
}

# Panel 1, curve 1: time_us against kernel.workgroup_size, hw.name = nvidia-sm70 (3 points)
$p1_c1 << EOD
64 23.78169935
128 15.99803922
256 17.73464052
EOD
# Panel 1, curve 2: time_us against kernel.workgroup_size, hw.name = nvidia-sm80 (3 points)
$p1_c2 << EOD
64 17.91489362
128 15.92269504
256 18.0070922
EOD
# Panel 1, curve 3: time_us against kernel.workgroup_size, hw.name = nvidia-sm90 (3 points)
$p1_c3 << EOD
64 9.806565657
128 9.829292929
256 11.49848485
EOD
# Panel 1, curve 4: time_us against kernel.workgroup_size, hw.name = amd-gcn (3 points)
$p1_c4 << EOD
64 59.39391979
128 32.50582147
256 29.10349288
EOD
# Panel 1, curve 5: time_us against kernel.workgroup_size, hw.name = amd-rdna3-gfx1100 (3 points)
$p1_c5 << EOD
64 24.282
128 13.8312
256 12.2236
EOD
# Panel 1, curve 6: time_us against kernel.workgroup_size, hw.name = intel-xe-hpg (3 points)
$p1_c6 << EOD
64 43.82619048
128 29.62047619
256 30.25761905
EOD
# Panel 1, curve 7: time_us against kernel.workgroup_size, hw.name = apple-m1 (3 points)
$p1_c7 << EOD
64 306.3059468
128 173.4773083
256 213.771518
EOD
# Panel 1, curve 8: time_us against kernel.workgroup_size, hw.name = adreno-a740 (3 points)
$p1_c8 << EOD
64 1471.241176
128 769.9823529
256 396.8264706
EOD

# Panel 2, curve 1: occupancy.theoretical against kernel.workgroup_size, hw.name = nvidia-sm70 (3 points)
$p2_c1 << EOD
64 0.25
128 0.4375
256 0.375
EOD
# Panel 2, curve 2: occupancy.theoretical against kernel.workgroup_size, hw.name = nvidia-sm80 (3 points)
$p2_c2 << EOD
64 0.375
128 0.4375
256 0.375
EOD
# Panel 2, curve 3: occupancy.theoretical against kernel.workgroup_size, hw.name = nvidia-sm90 (3 points)
$p2_c3 << EOD
64 0.4375
128 0.4375
256 0.375
EOD
# Panel 2, curve 4: occupancy.theoretical against kernel.workgroup_size, hw.name = amd-gcn (3 points)
$p2_c4 << EOD
64 0.125
128 0.25
256 0.3
EOD
# Panel 2, curve 5: occupancy.theoretical against kernel.workgroup_size, hw.name = amd-rdna3-gfx1100 (3 points)
$p2_c5 << EOD
64 0.15625
128 0.3125
256 0.625
EOD
# Panel 2, curve 6: occupancy.theoretical against kernel.workgroup_size, hw.name = intel-xe-hpg (3 points)
$p2_c6 << EOD
64 0.5
128 1
256 1
EOD
# Panel 2, curve 7: occupancy.theoretical against kernel.workgroup_size, hw.name = apple-m1 (3 points)
$p2_c7 << EOD
64 0.3125
128 0.625
256 0.5
EOD
# Panel 2, curve 8: occupancy.theoretical against kernel.workgroup_size, hw.name = adreno-a740 (3 points)
$p2_c8 << EOD
64 0.125
128 0.125
256 0.25
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
    set multiplot layout 2,1 title 'C8: the best workgroup size depends on the GPU (same kernel)' font 'Sans,13'
    # Panel 1
    set title 'Time per GPU' font 'Sans,13'
    set xlabel 'workgroup size (invocations)'
    set ylabel 'kernel time (microseconds)'
    set format x '%.0f'
    set format y '% h'
    unset logscale
    set logscale x 2
    set logscale y 2
    set key on
    plot $p1_c1 using 1:2 with linespoints lt 1 pt 7 title 'hw.name = nvidia-sm70', \
         $p1_c2 using 1:2 with linespoints lt 2 pt 5 title 'hw.name = nvidia-sm80', \
         $p1_c3 using 1:2 with linespoints lt 3 pt 9 title 'hw.name = nvidia-sm90', \
         $p1_c4 using 1:2 with linespoints lt 4 pt 11 title 'hw.name = amd-gcn', \
         $p1_c5 using 1:2 with linespoints lt 5 pt 13 title 'hw.name = amd-rdna3-gfx1100', \
         $p1_c6 using 1:2 with linespoints lt 6 pt 15 title 'hw.name = intel-xe-hpg', \
         $p1_c7 using 1:2 with linespoints lt 7 pt 7 title 'hw.name = apple-m1', \
         $p1_c8 using 1:2 with linespoints lt 8 pt 5 title 'hw.name = adreno-a740'
    # Panel 2
    set title 'Occupancy per GPU' font 'Sans,13'
    set xlabel 'workgroup size (invocations)'
    set ylabel 'occupancy (fraction of subgroup slots)'
    set format x '%.0f'
    set format y '% h'
    unset logscale
    set logscale x 2
    set yrange [0:1]
    set ytics ('0.0' 0, '0.2' 0.2, '0.4' 0.4, '0.6' 0.6, '0.8' 0.8, '1.0' 1)
    set key on
    plot $p2_c1 using 1:2 with linespoints lt 1 pt 7 title 'hw.name = nvidia-sm70', \
         $p2_c2 using 1:2 with linespoints lt 2 pt 5 title 'hw.name = nvidia-sm80', \
         $p2_c3 using 1:2 with linespoints lt 3 pt 9 title 'hw.name = nvidia-sm90', \
         $p2_c4 using 1:2 with linespoints lt 4 pt 11 title 'hw.name = amd-gcn', \
         $p2_c5 using 1:2 with linespoints lt 5 pt 13 title 'hw.name = amd-rdna3-gfx1100', \
         $p2_c6 using 1:2 with linespoints lt 6 pt 15 title 'hw.name = intel-xe-hpg', \
         $p2_c7 using 1:2 with linespoints lt 7 pt 7 title 'hw.name = apple-m1', \
         $p2_c8 using 1:2 with linespoints lt 8 pt 5 title 'hw.name = adreno-a740'
    set ytics autofreq
    set yrange [*:*]
    unset multiplot
    set output
}
