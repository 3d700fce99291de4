# performance-workloads.gp: written by scripts/bench (make bench): every shipped workload, measured.
# Re-render: gnuplot performance-workloads.gp (writes performance-workloads.svg next to this script;
# the data is inlined below, so this file alone reproduces the figure).
$hipw << EOD
blend-index 1205.1
blur-tiled 631.835
compute-bound 559.449
copy 1589.14
elementwise-scale 1339.68
gemm-tile16 527.133
gemm-tile64 579.679
gemm-tiled 526.813
latency-bound 596.94
latency-ilp4 1031.54
occupancy-slots 826.84
reduction 614.897
reduction-consolidate 615.323
shared-8k 848.305
stencil-halo 732.466
table-latency 593.526
transpose-tile 764.038
transpose-tile-padded 737.924
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
