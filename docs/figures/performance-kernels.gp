# performance-kernels.gp: written by scripts/bench (make bench): the standard kernels, measured.
# Re-render: gnuplot performance-kernels.gp (writes performance-kernels.svg next to this script;
# the data is inlined below, so this file alone reproduces the figure).
$speed << EOD
latency-bound 8.32079e+06 9.29108e+06 6.34558e+06
copy 5.99882e+06 ? 3.54866e+06
compute-bound 8.75239e+06 ? 7.99375e+06
elementwise-scale 3.2492e+06 ? 4.46325e+06
reduction 7.42662e+06 ? 8.74793e+06
gemm-tiled 9.41463e+06 ? 6.39019e+06
stencil-halo 5.22942e+06 ? 8.50363e+06
EOD
$hipw << EOD
latency-bound 596.94 634.65 560.273
copy 1589.14 ? 856.344
compute-bound 559.449 ? 490.265
elementwise-scale 1339.68 ? 838.814
reduction 614.897 ? 578.237
gemm-tiled 526.813 ? 537.478
stencil-halo 732.466 ? 585.783
EOD
set style line 100 lc rgb '#dcdcdc' lw 1 dt solid
set grid ytics ls 100
set key below center horizontal samplen 2 width 2 height 1
set border 3 lw 1.2
set tics nomirror out
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set datafile missing '?'
set xtics rotate by 30 right noenhanced
set logscale y 10
set format y '%.0s%c'
set terminal svg size 900,900 dynamic noenhanced font 'Sans,11'
set output 'performance-kernels.svg'
set multiplot layout 2,1 title 'cusim speed on the standard kernels (--quick, 1 repetition)' font 'Sans,13'
set title 'Simulated warp-instructions per host second at 1 M elements (target: 50 M)' font 'Sans,12'
set ylabel 'warp-instructions / second'
set yrange [1e5:2e8]
plot $speed using 2:xtic(1) title 'seed-cu' lc rgb '#4472c4', \
     '' using 3 title 'seed-cu, 1 scheduler' lc rgb '#a5a5a5', \
     '' using 4 title 'nvidia-h200' lc rgb '#ed7d31', \
     50e6 with lines dt 2 lw 2 lc rgb '#c00000' title 'target 50 M'
set title 'Host instructions per simulated warp-instruction, steady state (callgrind; target: 60)' font 'Sans,12'
set ylabel 'host instructions / warp-instruction'
set yrange [10:10000]
plot $hipw using 2:xtic(1) title 'seed-cu' lc rgb '#4472c4', \
     '' using 3 title 'seed-cu, 1 scheduler' lc rgb '#a5a5a5', \
     '' using 4 title 'nvidia-h200' lc rgb '#ed7d31', \
     60 with lines dt 2 lw 2 lc rgb '#c00000' title 'target 60'
unset multiplot
set output
