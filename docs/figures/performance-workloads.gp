# performance-workloads.gp: written by scripts/bench (make bench): every shipped workload, measured.
# Re-render: gnuplot performance-workloads.gp (writes performance-workloads.svg next to this script;
# the data is inlined below, so this file alone reproduces the figure).
$hipw << EOD
blend-index 1468.44
blur-tiled 806.552
compute-bound 766.366
copy 2001.11
elementwise-scale 1675.75
gemm-tile16 711.63
gemm-tile64 741.841
gemm-tiled 711.025
latency-bound 787.949
latency-ilp4 1233.2
occupancy-slots 943.949
reduction 799.762
reduction-consolidate 800.644
shared-8k 1044.28
stencil-halo 916.764
table-latency 771.751
transpose-tile 935.588
transpose-tile-padded 914.16
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
