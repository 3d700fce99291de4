# cusim portability: elementwise-scale, relative time (1 = the device's best size), sizes x devices; a cell a device cannot run is left blank.
$cells << EOD
0 0 1.908880
1 0 1.258518
2 0 1.065107
3 0 1.195837
4 0 1.000000
5 0 1.000000
6 0 1.000000
7 0 1.002661
8 0 1.000000
9 0 1.000000
10 0 1.000000
11 0 1.027141
12 0 1.000000
13 0 1.000000
14 0 1.392685
15 0 1.000000
16 0 1.014216
17 0 1.059394
18 0 1.099830
19 0 1.000000
20 0 1.146054
21 0 1.000000
0 1 1.002112
1 1 1.000846
2 1 1.000000
3 1 1.000000
4 1 1.000000
5 1 1.000000
6 1 1.000000
7 1 1.000000
8 1 1.000000
9 1 1.000403
10 1 1.002048
11 1 1.021752
12 1 1.000432
13 1 1.000110
14 1 1.000000
15 1 1.004090
16 1 1.000000
17 1 1.000000
18 1 1.000000
19 1 1.000000
20 1 1.000000
21 1 1.000000
0 2 1.000553
1 2 1.000000
2 2 1.000000
3 2 1.000000
4 2 1.007962
5 2 1.002560
6 2 1.012694
7 2 1.000000
8 2 1.016673
9 2 1.000895
10 2 1.001776
11 2 1.022329
12 2 1.016372
13 2 1.001465
14 2 1.000000
15 2 1.012133
16 2 1.000000
17 2 1.000000
18 2 1.008105
19 2 1.003007
20 2 1.000000
21 2 1.000000
0 3 1.000000
1 3 1.000188
2 3 1.000000
3 3 1.000000
4 3 1.018033
5 3 1.002560
6 3 1.012667
7 3 1.000000
8 3 1.000000
9 3 1.000920
10 3 1.001231
11 3 1.024062
12 3 1.008571
13 3 1.001709
14 3 1.001095
15 3 1.012951
16 3 1.000000
17 3 1.000000
18 3 1.013445
19 3 1.000000
20 3 1.001057
21 3 1.000000
0 4 1.000250
1 4 1.000364
2 4 1.000000
3 4 1.000000
4 4 1.018033
5 4 1.002560
6 4 1.015788
7 4 1.000000
8 4 1.000000
9 4 1.000649
10 4 1.001802
11 4 1.012127
12 4 1.005951
13 4 1.002456
14 4 1.003723
15 4 1.009134
16 4 1.000000
17 4 1.000000
18 4 1.012440
19 4 1.000740
20 4 1.002290
21 4 1.001148
0 5 1.002308
1 5 1.001598
2 5 1.000000
3 5 1.043283
4 5 1.000000
5 5 1.000000
6 5 1.012641
7 5 1.001242
8 5 1.000000
9 5 1.000000
10 5 1.003041
11 5 1.000000
12 5 1.016248
14 5 1.014236
15 5 1.000000
16 5 1.000000
17 5 1.000000
18 5 1.001382
19 5 1.000000
20 5 1.013390
21 5 1.000426
EOD
if (!exists("png_out")) png_out = 'portability-elementwise-scale.png'
if (!exists("svg_out")) svg_out = 'portability-elementwise-scale.svg'
set xtics ('adreno-a650' 0, 'adreno-a740' 1, 'amd-cdna2-gfx90a' 2, 'amd-cdna3-gfx942' 3, 'amd-gcn' 4, 'amd-rdna2-gfx1030-cu' 5, 'amd-rdna2-gfx1030' 6, 'amd-rdna3-gfx1100-cu' 7, 'amd-rdna3-gfx1100' 8, 'apple-m1' 9, 'apple-m3' 10, 'intel-xe-hpc' 11, 'intel-xe-hpg' 12, 'intel-xe-lp' 13, 'nvidia-h200' 14, 'nvidia-sm70' 15, 'nvidia-sm75' 16, 'nvidia-sm80' 17, 'nvidia-sm86' 18, 'nvidia-sm89' 19, 'nvidia-sm90' 20, 'seed-cu' 21) rotate by -45
set ytics ('32' 0, '64' 1, '128' 2, '256' 3, '512' 4, '1024' 5)
set xrange [-0.5:21.5]
set yrange [-0.5:5.5]
set title 'elementwise-scale: time relative to each device''s best workgroup size'
set xlabel 'device'
set ylabel 'workgroup size'
set cblabel 'relative time'
set palette defined (0 '#2c7bb6', 0.5 '#ffffbf', 1 '#d7191c')
set tics nomirror
unset key
set cbrange [1:1.9089]
do for [t = 1:2] {
  if (t == 1) { set terminal pngcairo size 1432,600 noenhanced; set output png_out }
  if (t == 2) { set terminal svg size 1432,600 noenhanced; set output svg_out }
  plot $cells using 1:2:(0.5):(0.5):3 with boxxyerror fc palette fs solid border lc rgb 'white', \
       $cells using 1:2:(sprintf('%.2f', $3)) with labels font ',9'
  set output
}
