# performance-kernels.gp: written by scripts/bench (make bench): the standard kernels, measured.
# Re-render: gnuplot performance-kernels.gp (writes performance-kernels.svg next to this script;
# the data is inlined below, so this file alone reproduces the figure).
$speed << EOD
latency-bound 1.018e+07 1.20232e+07 8.52351e+06
copy 4.01778e+06 ? 2.55493e+06
compute-bound 1.1698e+07 ? 9.06475e+06
elementwise-scale 4.03369e+06 ? 4.81078e+06
reduction 7.93908e+06 ? 8.40171e+06
gemm-tiled 8.76341e+06 ? 7.47349e+06
stencil-halo 7.73655e+06 ? 1.09449e+07
EOD
$hipw << EOD
latency-bound 600.451 638.089 563.178
copy 1597.05 ? 860.039
compute-bound 561.47 ? 492.284
elementwise-scale 1346.81 ? 842.448
reduction 617.244 ? 580.352
gemm-tiled 529.083 ? 539.856
stencil-halo 736.395 ? 588.28
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
