# performance-kernels.gp: written by scripts/bench (make bench): the standard kernels, measured.
# Re-render: gnuplot performance-kernels.gp (writes performance-kernels.svg next to this script;
# the data is inlined below, so this file alone reproduces the figure).
$speed << EOD
latency-bound 8.14915e+06 7.23805e+06 7.65045e+06
copy 3.30653e+06 ? 2.18767e+06
compute-bound 1.21091e+07 ? 1.40656e+07
elementwise-scale 3.05446e+06 ? 3.44093e+06
reduction 5.28269e+06 ? 7.67685e+06
gemm-tiled 8.2437e+06 ? 6.4278e+06
stencil-halo 4.34994e+06 ? 6.98669e+06
EOD
$hipw << EOD
latency-bound 566.015 603.308 530.925
copy 1529.89 ? 819.755
compute-bound 385.181 ? 350.697
elementwise-scale 1289.33 ? 798.564
reduction 546.932 ? 509.427
gemm-tiled 422.628 ? 448.67
stencil-halo 648.729 ? 509.3
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
