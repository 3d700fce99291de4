# c11-simd-width.gp: a cusim experiment figure (written by plot_write; edit freely to restyle).
# Figure: C11: the SIMD width each family's compiler picks
# Data: c11.csv (27 rows), columns:
#   panel 1: x = kernel.workgroup_size, y = simd_width, series = hw.name (log x)
# Re-render: gnuplot c11-simd-width.gp
#   writes c11-simd-width.png (pngcairo, 800 px wide) and c11-simd-width.svg next to this script.
#   The data is inlined below, so this file alone reproduces the figure.

if (!exists("png_out") || !exists("svg_out")) {
    here = ''
    if (exists("ARG0")) {
        do for [i = strlen(ARG0):1:-1] {
            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }
        }
    }
    png_out = here.'c11-simd-width.png'
    svg_out = here.'c11-simd-width.svg'
}

# Panel 1, curve 1: simd_width against kernel.workgroup_size, hw.name = nvidia-sm90 (3 points)
$p1_c1 << EOD
16 32
64 32
256 32
EOD
# Panel 1, curve 2: simd_width against kernel.workgroup_size, hw.name = amd-gcn (3 points)
$p1_c2 << EOD
16 64
64 64
256 64
EOD
# Panel 1, curve 3: simd_width against kernel.workgroup_size, hw.name = amd-cdna3-gfx942 (3 points)
$p1_c3 << EOD
16 64
64 64
256 64
EOD
# Panel 1, curve 4: simd_width against kernel.workgroup_size, hw.name = amd-rdna3-gfx1100 (3 points)
$p1_c4 << EOD
16 32
64 64
256 64
EOD
# Panel 1, curve 5: simd_width against kernel.workgroup_size, hw.name = apple-m1 (3 points)
$p1_c5 << EOD
16 32
64 32
256 32
EOD
# Panel 1, curve 6: simd_width against kernel.workgroup_size, hw.name = intel-xe-lp (3 points)
$p1_c6 << EOD
16 16
64 32
256 32
EOD
# Panel 1, curve 7: simd_width against kernel.workgroup_size, hw.name = intel-xe-hpg (3 points)
$p1_c7 << EOD
16 16
64 32
256 32
EOD
# Panel 1, curve 8: simd_width against kernel.workgroup_size, hw.name = adreno-a650 (3 points)
$p1_c8 << EOD
16 64
64 64
256 128
EOD
# Panel 1, curve 9: simd_width against kernel.workgroup_size, hw.name = adreno-a740 (3 points)
$p1_c9 << EOD
16 64
64 64
256 128
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
    set multiplot layout 1,1 title 'C11: the SIMD width each family''s compiler picks' font 'Sans,13'
    # Panel 1
    unset title
    set xlabel 'workgroup size (invocations)'
    set ylabel 'SIMD width used (lanes)'
    set format x '%.0f'
    set format y '%.0f'
    unset logscale
    set logscale x 2
    set yrange [0:140]
    set ytics ('0' 0, '20' 20, '40' 40, '60' 60, '80' 80, '100' 100, '120' 120, '140' 140)
    set key on
    plot $p1_c1 using 1:2 with linespoints lt 1 pt 7 title 'hw.name = nvidia-sm90', \
         $p1_c2 using 1:2 with linespoints lt 2 pt 5 title 'hw.name = amd-gcn', \
         $p1_c3 using 1:2 with linespoints lt 3 pt 9 title 'hw.name = amd-cdna3-gfx942', \
         $p1_c4 using 1:2 with linespoints lt 4 pt 11 title 'hw.name = amd-rdna3-gfx1100', \
         $p1_c5 using 1:2 with linespoints lt 5 pt 13 title 'hw.name = apple-m1', \
         $p1_c6 using 1:2 with linespoints lt 6 pt 15 title 'hw.name = intel-xe-lp', \
         $p1_c7 using 1:2 with linespoints lt 7 pt 7 title 'hw.name = intel-xe-hpg', \
         $p1_c8 using 1:2 with linespoints lt 8 pt 5 title 'hw.name = adreno-a650', \
         $p1_c9 using 1:2 with linespoints lt 9 pt 9 title 'hw.name = adreno-a740'
    set ytics autofreq
    set yrange [*:*]
    unset multiplot
    set output
}
