# roofline.gp: a cusim experiment figure (written by plot_write; edit freely to restyle).
# Figure: Six workloads on the roofline, one panel per GPU
# Data: roofline.csv (12 rows), columns:
#   panel 1: x = arithmetic_intensity, y = roofline.performance (log x and y) (roofline), where hardware = ../hw/seed-cu.yaml, hw.name = seed-cu
#   panel 2: x = arithmetic_intensity, y = roofline.performance (log x and y) (roofline), where hardware = ../hw/nvidia-h200.yaml, hw.name = nvidia-h200
# Re-render: gnuplot roofline.gp
#   writes roofline.png (pngcairo, 800 px wide) and roofline.svg next to this script.
#   The data is inlined below, so this file alone reproduces the figure.

if (!exists("png_out") || !exists("svg_out")) {
    here = ''
    if (exists("ARG0")) {
        do for [i = strlen(ARG0):1:-1] {
            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }
        }
    }
    png_out = here.'roofline.png'
    svg_out = here.'roofline.svg'
}

# Panel 1: the roof of seed-cu (per cycle x clock_mhz 1500 = per second):
#   alu peak = compute_units 30 x cu.schedulers 4 x min(cu.issue_per_cycle 1 x simd_width 32, cu.lanes.alu 32) = 30 x 4 x 32 = 3840 lane instructions/cycle = 5760000000000/s
#   memory = memory.bandwidth = 64 bytes/cycle = 96000000000 bytes/s; ridge at 60 instructions/byte
$p1_roof1 << EOD
0.01 960000000
60 5760000000000
EOD
$p1_compute << EOD
60 5760000000000
1000 5760000000000
EOD
# Panel 1: each point is "x y label side", side 0 to 5 placing its label right above, right below, left above, left below, above or below its mark
# Panel 1, points 1: x arithmetic_intensity, y roofline.performance x 1500000000 (6 points)
$p1_c1 << EOD
0.03125 2999376426 "stream-copy" 0
0.25 23926252695 "elementwise-scale" 0
1.166666667 111766924845 "blur-tiled" 2
1.25 118744726455 "reduction" 5
2.132352941 112011064305 "latency-bound" 0
97 5371396663500 "compute-bound" 1
EOD

# Panel 2: the roof of nvidia-h200 (per cycle x clock_mhz 1980 = per second):
#   alu peak = compute_units 132 x cu.schedulers 4 x min(cu.issue_per_cycle 1 x simd_width 32, cu.lanes.alu 32) = 132 x 4 x 32 = 16896 lane instructions/cycle = 33454080000000/s
#   DRAM = dram.bytes_per_cycle = 2424 bytes/cycle = 4799520000000 bytes/s; ridge at 6.97029702970297 instructions/byte
#   L2 = cache.l2.bytes_per_cycle = 4899 bytes/cycle = 9700020000000 bytes/s; ridge at 3.44886711573791 instructions/byte
#   L1 = compute_units x cache.l1.lines_per_cycle x cache.l1.line = 16896 bytes/cycle = 33454080000000 bytes/s; ridge at 1 instructions/byte
$p2_roof1 << EOD
0.01 47995200000
6.97029702970297 33454080000000
EOD
$p2_roof2 << EOD
0.01 97000200000
3.44886711573791 33454080000000
EOD
$p2_roof3 << EOD
0.01 334540800000
1 33454080000000
EOD
$p2_compute << EOD
1 33454080000000
1000 33454080000000
EOD
# Panel 2: each point is "x y label side", side 0 to 5 placing its label right above, right below, left above, left below, above or below its mark
# Panel 2, points 1: x roofline.dram_intensity, y roofline.performance x 1980000000 (6 points)
$p2_c1 << EOD
0.03884705986 160941104240.4 "stream-copy" 1
0.5 539618058540 "elementwise-scale" 1
1.75 2007495456120 "blur-tiled" 2
2.265625 725762221866 "latency-bound" 0
2.509765625 1460303061822 "reduction" 0
194 27335777475600 "compute-bound" 1
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
    set multiplot layout 2,1 title 'Six workloads on the roofline, one panel per GPU' font 'Sans,13'
    # Panel 1 (roofline)
    set title 'hw.name = seed-cu' font 'Sans,13'
    set xlabel 'arithmetic intensity (arithmetic lane instructions per DRAM byte)'
    set ylabel 'arithmetic lane instructions per second'
    unset logscale
    set logscale xy 10
    set xrange [0.00999000999000999:1001]
    set yrange [999000999.000999:100100000000000]
    set xtics ('0.01' 0.01, '0.1' 0.1, '1' 1, '10' 10, '100' 100, '1000' 1000)
    set mxtics 10
    set ytics ('1 G' 1000000000, '10 G' 10000000000, '100 G' 100000000000, '1 T' 1000000000000, '10 T' 10000000000000, '100 T' 100000000000000)
    set mytics 10
    set label 2 'memory 96 GB/s' at 0.0165093040881366,1584893192.46111 rotate by 26.6 left offset 0,0.6 font ',9' tc rgb '#d95f02'
    set label 1 'alu peak 5.76 T/s' at 1000,5760000000000 right offset -1,0.7 font ',9' tc rgb '#333333'
    set key on
    plot $p1_compute using 1:2 with lines lc rgb '#333333' lw 2 title 'alu peak 5.76 T/s', \
         $p1_roof1 using 1:2 with lines lc rgb '#d95f02' lw 2 title 'memory 96 GB/s', \
         $p1_c1 using 1:2 with points lt 1 pt 7 ps 1.4 title 'simulated runs', \
         $p1_c1 using 1:($4 == 0 ? $2 : NaN):3 with labels left offset 0.8,0.5 font ',9' tc lt 1 notitle, \
         $p1_c1 using 1:($4 == 1 ? $2 : NaN):3 with labels left offset 0.8,-0.5 font ',9' tc lt 1 notitle, \
         $p1_c1 using 1:($4 == 2 ? $2 : NaN):3 with labels right offset -0.8,0.5 font ',9' tc lt 1 notitle, \
         $p1_c1 using 1:($4 == 3 ? $2 : NaN):3 with labels right offset -0.8,-0.5 font ',9' tc lt 1 notitle, \
         $p1_c1 using 1:($4 == 4 ? $2 : NaN):3 with labels center offset 0,0.9 font ',9' tc lt 1 notitle, \
         $p1_c1 using 1:($4 == 5 ? $2 : NaN):3 with labels center offset 0,-0.9 font ',9' tc lt 1 notitle
    unset label
    unset mxtics
    unset mytics
    set xtics autofreq
    set ytics autofreq
    set xrange [*:*]
    set yrange [*:*]
    # Panel 2 (roofline)
    set title 'hw.name = nvidia-h200' font 'Sans,13'
    set xlabel 'arithmetic intensity (arithmetic lane instructions per DRAM byte)'
    set ylabel 'arithmetic lane instructions per second'
    unset logscale
    set logscale xy 10
    set xrange [0.00999000999000999:1001]
    set yrange [9990009990.00999:1.001e+15]
    set xtics ('0.01' 0.01, '0.1' 0.1, '1' 1, '10' 10, '100' 100, '1000' 1000)
    set mxtics 10
    set ytics ('10 G' 10000000000, '100 G' 100000000000, '1 T' 1000000000000, '10 T' 10000000000000, '100 T' 100000000000000, '1 P' 1e+15)
    set mytics 10
    set label 2 'DRAM 4.8 TB/s' at 0.0158489319246111,76067265750.8096 rotate by 26.6 left offset 0,0.6 font ',9' tc rgb '#d95f02'
    set label 3 'L2 9.7 TB/s' at 0.0158489319246111,153734956647.367 rotate by 26.6 left offset 0,0.6 font ',9' tc rgb '#00838f'
    set label 4 'L1 33.5 TB/s' at 0.0158489319246111,530211436520.495 rotate by 26.6 left offset 0,0.6 font ',9' tc rgb '#8c564b'
    set label 1 'alu peak 33.5 T/s' at 1000,33454080000000 right offset -1,0.7 font ',9' tc rgb '#333333'
    set key on
    plot $p2_compute using 1:2 with lines lc rgb '#333333' lw 2 title 'alu peak 33.5 T/s', \
         $p2_roof1 using 1:2 with lines lc rgb '#d95f02' lw 2 title 'DRAM 4.8 TB/s', \
         $p2_roof2 using 1:2 with lines lc rgb '#00838f' lw 2 title 'L2 9.7 TB/s', \
         $p2_roof3 using 1:2 with lines lc rgb '#8c564b' lw 2 title 'L1 33.5 TB/s', \
         $p2_c1 using 1:2 with points lt 1 pt 7 ps 1.4 title 'simulated runs', \
         $p2_c1 using 1:($4 == 0 ? $2 : NaN):3 with labels left offset 0.8,0.5 font ',9' tc lt 1 notitle, \
         $p2_c1 using 1:($4 == 1 ? $2 : NaN):3 with labels left offset 0.8,-0.5 font ',9' tc lt 1 notitle, \
         $p2_c1 using 1:($4 == 2 ? $2 : NaN):3 with labels right offset -0.8,0.5 font ',9' tc lt 1 notitle, \
         $p2_c1 using 1:($4 == 3 ? $2 : NaN):3 with labels right offset -0.8,-0.5 font ',9' tc lt 1 notitle, \
         $p2_c1 using 1:($4 == 4 ? $2 : NaN):3 with labels center offset 0,0.9 font ',9' tc lt 1 notitle, \
         $p2_c1 using 1:($4 == 5 ? $2 : NaN):3 with labels center offset 0,-0.9 font ',9' tc lt 1 notitle
    unset label
    unset mxtics
    unset mytics
    set xtics autofreq
    set ytics autofreq
    set xrange [*:*]
    set yrange [*:*]
    unset multiplot
    set output
}
