# performance-workloads.gp: written by scripts/bench (make bench): every shipped workload, measured.
# Re-render: gnuplot performance-workloads.gp (writes performance-workloads.svg next to this script;
# the data is inlined below, so this file alone reproduces the figure).
$hipw << EOD
blend-index 1209.61
blur-tiled 634.74
compute-bound 561.47
copy 1597.05
elementwise-scale 1346.81
gemm-tile16 529.402
gemm-tile64 582.002
gemm-tiled 529.083
latency-bound 600.451
latency-ilp4 1034.84
occupancy-slots 830.846
reduction 617.244
reduction-consolidate 617.67
shared-8k 852.038
stencil-halo 736.395
table-latency 596.903
transpose-tile 767.026
transpose-tile-padded 740.752
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
set terminal svg size 900,500 dynamic noenhanced font 'Sans,11'
set output 'performance-workloads.svg'
set title 'Host instructions per simulated warp-instruction, every shipped workload on seed-cu (target: 120)' font 'Sans,12'
set ylabel 'host instructions / warp-instruction'
set yrange [10:10000]
plot $hipw using 2:xtic(1) title 'seed-cu' lc rgb '#4472c4', \
     120 with lines dt 2 lw 2 lc rgb '#c00000' title 'target 120'
set output
