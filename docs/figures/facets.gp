# facets.gp: a cusim experiment figure (written by plot_write; edit freely to restyle).
# Figure: Occupancy by workgroup size and registers, one panel per GPU
# Data: facets.csv (28 rows; 2 failed rows left out), columns:
#   panel 1: x = kernel.workgroup_size, y = occupancy.theoretical, series = kernel.registers (log x), where hardware = ../hw/nvidia-sm80.yaml, hw.name = nvidia-sm80
#   panel 2: x = kernel.workgroup_size, y = occupancy.theoretical, series = kernel.registers (log x), where hardware = ../hw/nvidia-sm90.yaml, hw.name = nvidia-sm90
#   panel 3: x = kernel.workgroup_size, y = cycles, series = kernel.registers (log x), where hardware = ../hw/nvidia-sm80.yaml, hw.name = nvidia-sm80
#   panel 4: x = kernel.workgroup_size, y = cycles, series = kernel.registers (log x), where hardware = ../hw/nvidia-sm90.yaml, hw.name = nvidia-sm90
# Re-render: gnuplot facets.gp
#   writes facets.png (pngcairo, 800 px wide) and facets.svg next to this script.
#   The data is inlined below, so this file alone reproduces the figure.

if (!exists("png_out") || !exists("svg_out")) {
    here = ''
    if (exists("ARG0")) {
        do for [i = strlen(ARG0):1:-1] {
            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }
        }
    }
    png_out = here.'facets.png'
    svg_out = here.'facets.svg'
}

# Panel 1, curve 1: occupancy.theoretical against kernel.workgroup_size, kernel.registers = 32 (5 points)
$p1_c1 << EOD
64 1
128 1
256 1
512 1
1024 1
EOD
# Panel 1, curve 2: occupancy.theoretical against kernel.workgroup_size, kernel.registers = 64 (5 points)
$p1_c2 << EOD
64 0.5
128 0.5
256 0.5
512 0.5
1024 0.5
EOD
# Panel 1, curve 3: occupancy.theoretical against kernel.workgroup_size, kernel.registers = 128 (4 points)
$p1_c3 << EOD
64 0.25
128 0.25
256 0.25
512 0.25
EOD

# Panel 2, curve 1: occupancy.theoretical against kernel.workgroup_size, kernel.registers = 32 (5 points)
$p2_c1 << EOD
64 1
128 1
256 1
512 1
1024 1
EOD
# Panel 2, curve 2: occupancy.theoretical against kernel.workgroup_size, kernel.registers = 64 (5 points)
$p2_c2 << EOD
64 0.5
128 0.5
256 0.5
512 0.5
1024 0.5
EOD
# Panel 2, curve 3: occupancy.theoretical against kernel.workgroup_size, kernel.registers = 128 (4 points)
$p2_c3 << EOD
64 0.25
128 0.25
256 0.25
512 0.25
EOD

# Panel 3, curve 1: cycles against kernel.workgroup_size, kernel.registers = 32 (5 points)
$p3_c1 << EOD
64 10329
128 10352
256 10427
512 10654
1024 11136
EOD
# Panel 3, curve 2: cycles against kernel.workgroup_size, kernel.registers = 64 (5 points)
$p3_c2 << EOD
64 14669
128 14699
256 14807
512 15002
1024 15607
EOD
# Panel 3, curve 3: cycles against kernel.workgroup_size, kernel.registers = 128 (4 points)
$p3_c3 << EOD
64 23304
128 23350
256 23484
512 23800
EOD

# Panel 4, curve 1: cycles against kernel.workgroup_size, kernel.registers = 32 (5 points)
$p4_c1 << EOD
64 7885
128 7904
256 7964
512 8130
1024 8487
EOD
# Panel 4, curve 2: cycles against kernel.workgroup_size, kernel.registers = 64 (5 points)
$p4_c2 << EOD
64 12050
128 12076
256 12151
512 12351
1024 12802
EOD
# Panel 4, curve 3: cycles against kernel.workgroup_size, kernel.registers = 128 (4 points)
$p4_c3 << EOD
64 20672
128 20756
256 20880
512 21110
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
    set multiplot layout 2,2 title 'Occupancy by workgroup size and registers, one panel per GPU' font 'Sans,13'
    # Panel 1
    set title 'hw.name = nvidia-sm80' font 'Sans,13'
    set xlabel 'invocations per workgroup'
    set ylabel 'occupancy.theoretical (fraction)'
    set format x '%.0f'
    set format y '% h'
    unset logscale
    set logscale x 2
    set yrange [0:1]
    set ytics ('0.0' 0, '0.2' 0.2, '0.4' 0.4, '0.6' 0.6, '0.8' 0.8, '1.0' 1)
    set key on
    plot $p1_c1 using 1:2 with linespoints lt 1 pt 7 title 'kernel.registers = 32', \
         $p1_c2 using 1:2 with linespoints lt 2 pt 5 title 'kernel.registers = 64', \
         $p1_c3 using 1:2 with linespoints lt 3 pt 9 title 'kernel.registers = 128'
    set ytics autofreq
    set yrange [*:*]
    # Panel 2
    set title 'hw.name = nvidia-sm90' font 'Sans,13'
    set xlabel 'invocations per workgroup'
    set ylabel 'occupancy.theoretical (fraction)'
    set format x '%.0f'
    set format y '% h'
    unset logscale
    set logscale x 2
    set yrange [0:1]
    set ytics ('0.0' 0, '0.2' 0.2, '0.4' 0.4, '0.6' 0.6, '0.8' 0.8, '1.0' 1)
    set key on
    plot $p2_c1 using 1:2 with linespoints lt 1 pt 7 title 'kernel.registers = 32', \
         $p2_c2 using 1:2 with linespoints lt 2 pt 5 title 'kernel.registers = 64', \
         $p2_c3 using 1:2 with linespoints lt 3 pt 9 title 'kernel.registers = 128'
    set ytics autofreq
    set yrange [*:*]
    # Panel 3
    set title 'hw.name = nvidia-sm80' font 'Sans,13'
    set xlabel 'invocations per workgroup'
    set ylabel 'simulated time in compute-unit clock cycles (cycles)'
    set format x '%.0f'
    set format y '%.0f'
    unset logscale
    set logscale x 2
    set yrange [0:25000]
    set ytics ('0' 0, '5000' 5000, '10000' 10000, '15000' 15000, '20000' 20000, '25000' 25000)
    set key on
    plot $p3_c1 using 1:2 with linespoints lt 1 pt 7 title 'kernel.registers = 32', \
         $p3_c2 using 1:2 with linespoints lt 2 pt 5 title 'kernel.registers = 64', \
         $p3_c3 using 1:2 with linespoints lt 3 pt 9 title 'kernel.registers = 128'
    set ytics autofreq
    set yrange [*:*]
    # Panel 4
    set title 'hw.name = nvidia-sm90' font 'Sans,13'
    set xlabel 'invocations per workgroup'
    set ylabel 'simulated time in compute-unit clock cycles (cycles)'
    set format x '%.0f'
    set format y '%.0f'
    unset logscale
    set logscale x 2
    set yrange [0:25000]
    set ytics ('0' 0, '5000' 5000, '10000' 10000, '15000' 15000, '20000' 20000, '25000' 25000)
    set key on
    plot $p4_c1 using 1:2 with linespoints lt 1 pt 7 title 'kernel.registers = 32', \
         $p4_c2 using 1:2 with linespoints lt 2 pt 5 title 'kernel.registers = 64', \
         $p4_c3 using 1:2 with linespoints lt 3 pt 9 title 'kernel.registers = 128'
    set ytics autofreq
    set yrange [*:*]
    unset multiplot
    set output
}
