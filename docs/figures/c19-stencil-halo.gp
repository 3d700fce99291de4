# c19-stencil-halo.gp: a cusim experiment figure (written by plot_write; edit freely to restyle).
# Figure: C19: 3x3 stencil, groups of 64 in three shapes (seed GPU)
# Data: c19.csv (12 rows), columns:
#   panel 1: x = hw.memory.bandwidth, y = cycles, series = kernel.workgroup_size (log x and y)
#   panel 2: x = hw.memory.bandwidth, y = memory.bytes, series = kernel.workgroup_size (log x)
# Re-render: gnuplot c19-stencil-halo.gp
#   writes c19-stencil-halo.png (pngcairo, 800 px wide) and c19-stencil-halo.svg next to this script.
#   The data is inlined below, so this file alone reproduces the figure.

if (!exists("png_out") || !exists("svg_out")) {
    here = ''
    if (exists("ARG0")) {
        do for [i = strlen(ARG0):1:-1] {
            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }
        }
    }
    png_out = here.'c19-stencil-halo.png'
    svg_out = here.'c19-stencil-halo.svg'
}

# Panel 1, curve 1: cycles against hw.memory.bandwidth, kernel.workgroup_size = [8, 8] (4 points)
$p1_c1 << EOD
64 49562
256 13029
1024 6145
4096 6284
EOD
# Panel 1, curve 2: cycles against hw.memory.bandwidth, kernel.workgroup_size = [16, 4] (4 points)
$p1_c2 << EOD
64 65946
256 17302
1024 8230
4096 8390
EOD
# Panel 1, curve 3: cycles against hw.memory.bandwidth, kernel.workgroup_size = [64, 1] (4 points)
$p1_c3 << EOD
64 82384
256 21538
1024 10269
4096 10401
EOD

# Panel 2, curve 1: memory.bytes against hw.memory.bandwidth, kernel.workgroup_size = [8, 8] (4 points)
$p2_c1 << EOD
64 3145728
256 3145728
1024 3145728
4096 3145728
EOD
# Panel 2, curve 2: memory.bytes against hw.memory.bandwidth, kernel.workgroup_size = [16, 4] (4 points)
$p2_c2 << EOD
64 4194304
256 4194304
1024 4194304
4096 4194304
EOD
# Panel 2, curve 3: memory.bytes against hw.memory.bandwidth, kernel.workgroup_size = [64, 1] (4 points)
$p2_c3 << EOD
64 5242880
256 5242880
1024 5242880
4096 5242880
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
    set multiplot layout 2,1 title 'C19: 3x3 stencil, groups of 64 in three shapes (seed GPU)' font 'Sans,13'
    # Panel 1
    set title 'Time' font 'Sans,13'
    set xlabel 'memory bandwidth (bytes / cycle, whole GPU)'
    set ylabel 'kernel time (cycles)'
    set format x '%.0f'
    set format y '%.0f'
    unset logscale
    set logscale x 2
    set logscale y 2
    set key on
    plot $p1_c1 using 1:2 with linespoints lt 1 pt 7 title 'kernel.workgroup_size = 8x8', \
         $p1_c2 using 1:2 with linespoints lt 2 pt 5 title 'kernel.workgroup_size = 16x4', \
         $p1_c3 using 1:2 with linespoints lt 3 pt 9 title 'kernel.workgroup_size = 64x1'
    # Panel 2
    set title 'Traffic: own pixels + halo + output' font 'Sans,13'
    set xlabel 'memory bandwidth (bytes / cycle, whole GPU)'
    set ylabel 'global memory traffic (bytes)'
    set format x '%.0f'
    set format y '%.0b%B'
    unset logscale
    set logscale x 2
    set yrange [0:6000000]
    set ytics ('0' 0, '1M' 1000000, '2M' 2000000, '3M' 3000000, '4M' 4000000, '5M' 5000000, '6M' 6000000)
    set key on
    plot $p2_c1 using 1:2 with linespoints lt 1 pt 7 title 'kernel.workgroup_size = 8x8', \
         $p2_c2 using 1:2 with linespoints lt 2 pt 5 title 'kernel.workgroup_size = 16x4', \
         $p2_c3 using 1:2 with linespoints lt 3 pt 9 title 'kernel.workgroup_size = 64x1'
    set ytics autofreq
    set yrange [*:*]
    unset multiplot
    set output
}
