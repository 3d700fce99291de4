# performance-workloads.gp: written by scripts/bench (make bench): every shipped workload, measured.
# Re-render: gnuplot performance-workloads.gp (writes performance-workloads.svg next to this script;
# the data is inlined below, so this file alone reproduces the figure).
$hipw << EOD
blend-index 1074.09
blur-tiled 541.58
compute-bound 385.181
copy 1529.89
elementwise-scale 1289.33
gemm-tile16 422.866
gemm-tile64 422.495
gemm-tiled 422.628
latency-bound 566.015
latency-ilp4 723.681
occupancy-slots 784.608
reduction 546.932
reduction-consolidate 547.253
shared-8k 764.434
stencil-halo 648.729
table-latency 558.047
transpose-tile 671.49
transpose-tile-padded 638.933
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
