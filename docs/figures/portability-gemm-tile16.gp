# cusim portability: gemm-tile16, relative time (1 = the device's best size), sizes x devices; a cell a device cannot run is left blank.
$cells << EOD
0 0 1.952014
1 0 1.956885
2 0 1.261032
3 0 1.000000
4 0 1.603333
5 0 1.000000
6 0 1.000000
7 0 1.000000
8 0 1.000000
9 0 1.000000
10 0 1.019666
11 0 1.000000
12 0 1.053420
13 0 1.000000
14 0 1.000000
15 0 1.000000
16 0 1.533633
17 0 1.000000
18 0 1.595753
19 0 1.000000
20 0 1.000000
21 0 1.018176
0 1 1.000000
1 1 1.015372
2 1 1.030286
3 1 1.049623
4 1 1.135965
5 1 1.060322
6 1 1.041225
7 1 1.045507
8 1 1.020050
9 1 1.003224
10 1 1.006516
11 1 1.034558
12 1 1.147405
13 1 1.000430
14 1 1.032347
15 1 1.014513
16 1 1.027291
17 1 1.040538
18 1 1.062325
19 1 1.148439
20 1 1.043233
21 1 1.018572
0 2 1.000000
1 2 1.015372
2 2 1.030286
3 2 1.049623
4 2 1.135965
5 2 1.060322
6 2 1.041225
7 2 1.045507
8 2 1.020050
9 2 1.003224
10 2 1.006516
11 2 1.034558
12 2 1.147405
13 2 1.000430
14 2 1.032347
15 2 1.014513
16 2 1.027291
17 2 1.040538
18 2 1.062325
19 2 1.148439
20 2 1.043233
21 2 1.018572
0 3 1.069250
1 3 1.000000
2 3 1.028133
3 3 1.053298
4 3 1.024924
5 3 1.027764
6 3 1.027610
7 3 1.012665
8 3 1.010057
9 3 1.012782
10 3 1.000000
11 3 1.033920
12 3 1.040235
13 3 1.000127
14 3 1.016320
15 3 1.015979
16 3 1.000000
17 3 1.055135
18 3 1.000000
19 3 1.069723
20 3 1.020518
21 3 1.000000
0 4 1.087135
1 4 1.026727
2 4 1.000000
3 4 1.056691
4 4 1.000000
5 4 1.034971
6 4 1.020171
7 4 1.025108
8 4 1.014035
9 4 1.137142
10 4 1.165209
11 4 1.039087
12 4 1.030056
13 4 1.000514
14 4 1.021579
15 4 1.067752
16 4 1.006908
17 4 1.049158
18 4 1.068471
19 4 1.102212
20 4 1.025865
21 4 1.003043
0 5 1.087135
1 5 1.026727
2 5 1.000000
3 5 1.056691
4 5 1.000000
5 5 1.034971
6 5 1.020171
7 5 1.025108
8 5 1.014035
9 5 1.137142
10 5 1.165209
11 5 1.039087
12 5 1.030056
13 5 1.000514
14 5 1.021579
15 5 1.067752
16 5 1.006908
17 5 1.049158
18 5 1.068471
19 5 1.102212
20 5 1.025865
21 5 1.003043
0 6 1.723612
1 6 1.662525
2 6 1.109842
3 6 1.109198
4 6 1.290467
5 6 1.499091
6 6 1.087210
7 6 1.517312
8 6 1.098848
9 6 1.447249
10 6 1.616821
11 6 1.465090
12 6 1.000000
14 6 1.561459
15 6 1.298793
16 6 1.546089
17 6 1.679353
18 6 1.440334
19 6 1.522118
20 6 1.583088
21 6 1.041999
EOD
if (!exists("png_out")) png_out = 'portability-gemm-tile16.png'
if (!exists("svg_out")) svg_out = 'portability-gemm-tile16.svg'
set xtics ('adreno-a650' 0, 'adreno-a740' 1, 'amd-cdna2-gfx90a' 2, 'amd-cdna3-gfx942' 3, 'amd-gcn' 4, 'amd-rdna2-gfx1030-cu' 5, 'amd-rdna2-gfx1030' 6, 'amd-rdna3-gfx1100-cu' 7, 'amd-rdna3-gfx1100' 8, 'apple-m1' 9, 'apple-m3' 10, 'intel-xe-hpc' 11, 'intel-xe-hpg' 12, 'intel-xe-lp' 13, 'nvidia-h200' 14, 'nvidia-sm70' 15, 'nvidia-sm75' 16, 'nvidia-sm80' 17, 'nvidia-sm86' 18, 'nvidia-sm89' 19, 'nvidia-sm90' 20, 'seed-cu' 21) rotate by -45
set ytics ('8x4' 0, '8x8' 1, '16x4' 2, '16x8' 3, '16x16' 4, '32x8' 5, '32x32' 6)
set xrange [-0.5:21.5]
set yrange [-0.5:6.5]
set title 'gemm-tile16: time relative to each device''s best workgroup size'
set xlabel 'device'
set ylabel 'workgroup size'
set cblabel 'relative time'
set palette defined (0 '#2c7bb6', 0.5 '#ffffbf', 1 '#d7191c')
set tics nomirror
unset key
set cbrange [1:1.9569]
set label 1 'blank cell: the device cannot run that workgroup size (portability.csv says why)' at screen 0.02, screen 0.02 left font ',9'
do for [t = 1:2] {
  if (t == 1) { set terminal pngcairo size 1432,600 noenhanced; set output png_out }
  if (t == 2) { set terminal svg size 1432,600 noenhanced; set output svg_out }
  plot $cells using 1:2:(0.5):(0.5):3 with boxxyerror fc palette fs solid border lc rgb 'white', \
       $cells using 1:2:(sprintf('%.2f', $3)) with labels font ',9'
  set output
}
