# c6a-arithmetic-intensity.gp: a cusim experiment figure (written by plot_write; edit freely to restyle).
# Figure: C6a: 256 multiply-adds per load, ~25% occupancy hides the latency
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
0.0625 87953
0.125 61012
0.1875 52255
0.25 47096
0.3125 44756
0.375 43339
0.4375 41886
0.5 40723
0.5625 40445
0.625 39492
0.6875 39120
0.75 38803
0.8125 38303
0.875 38324
0.9375 37989
1 37519
EOD
# Panel 1, curve 2: cycles against occupancy.theoretical, hw.cu.policy = lrr (16 points)
$p1_c2 << EOD
0.0625 87953
0.125 59888
0.1875 40907
0.25 38263
0.3125 36254
0.375 36084
0.4375 35503
0.5 35238
0.5625 35144
0.625 35110
0.6875 35091
0.75 35070
0.8125 35047
0.875 35025
0.9375 35002
1 34990
EOD

# Panel 2, curve 1: issue.utilization against occupancy.theoretical, hw.cu.policy = gto (16 points)
$p2_c1 << EOD
0.0625 0.387115846
0.125 0.5580541533
0.1875 0.6515740121
0.25 0.7229488704
0.3125 0.7607471624
0.375 0.785620342
0.4375 0.8128730363
0.5 0.8360877146
0.5625 0.8418345902
0.625 0.8621492961
0.6875 0.8703476483
0.75 0.8774579285
0.8125 0.8889120957
0.875 0.8884250078
0.9375 0.8962594435
1 0.9074868733
EOD
# Panel 2, curve 2: issue.utilization against occupancy.theoretical, hw.cu.policy = lrr (16 points)
$p2_c2 << EOD
0.0625 0.387115846
0.125 0.5685279188
0.1875 0.8323269856
0.25 0.8898413611
0.3125 0.9391515419
0.375 0.9435761002
0.4375 0.9590175478
0.5 0.9662296385
0.5625 0.9688140223
0.625 0.9697522073
0.6875 0.9702772791
0.75 0.9708582834
0.8125 0.9714954204
0.875 0.9721056388
0.9375 0.9727444146
1 0.9730780223
EOD

set style line 100 lc rgb '#dcdcdc' lw 1 dt solid
set grid ls 100
set key below center horizontal samplen 2 width 2 height 1
set border 3 lw 1.2
set tics nomirror out
set pointsize 1.1
do for [i = 1:8] { set linetype i lw 2 }

# The figure, drawn once per terminal: PNG, then SVG.
do for [fmt in "png svg"] {
    if (fmt eq "png") {
        set terminal pngcairo size 800,1000 noenhanced font 'Sans,11'
        set output png_out
    } else {
        set terminal svg size 800,1000 dynamic noenhanced font 'Sans,11'
        set output svg_out
    }
    set multiplot layout 2,1 title 'C6a: 256 multiply-adds per load, ~25% occupancy hides the latency' font 'Sans,13'
    # Panel 1
    set title 'Time vs occupancy' font 'Sans,13'
    set xlabel 'occupancy (fraction of the 64 subgroup slots)'
    set ylabel 'kernel time (cycles)'
    set format x '% h'
    set format y '%.0f'
    unset logscale
    plot $p1_c1 using 1:2 with linespoints lt 1 pt 7 title 'hw.cu.policy = gto', \
         $p1_c2 using 1:2 with linespoints lt 2 pt 5 title 'hw.cu.policy = lrr'
    # Panel 2
    set title 'Issue utilisation saturates early' font 'Sans,13'
    set xlabel 'occupancy (fraction of the 64 subgroup slots)'
    set ylabel 'issue slots used (fraction)'
    set format x '% h'
    set format y '% h'
    unset logscale
    plot $p2_c1 using 1:2 with linespoints lt 1 pt 7 title 'hw.cu.policy = gto', \
         $p2_c2 using 1:2 with linespoints lt 2 pt 5 title 'hw.cu.policy = lrr'
    unset multiplot
    set output
}
