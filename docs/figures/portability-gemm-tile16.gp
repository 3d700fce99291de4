# cusim portability: gemm-tile16, relative time (1 = the device's best size), sizes x devices; a cell a device cannot run is left blank.
$cells << EOD
0 0 1.956234
1 0 1.960040
2 0 1.222834
3 0 1.000000
4 0 1.564983
5 0 1.000000
6 0 1.000000
7 0 1.000000
8 0 1.000000
9 0 1.002368
10 0 1.014448
11 0 1.000000
12 0 1.039719
13 0 1.000000
14 0 1.021040
15 0 1.026903
16 0 1.581241
17 0 1.009998
18 0 1.592382
19 0 1.033288
20 0 1.040443
21 0 1.018176
0 1 1.000000
1 1 1.016807
2 1 1.000000
3 1 1.042856
4 1 1.070440
5 1 1.020466
6 1 1.018540
7 1 1.033797
8 1 1.021310
9 1 1.000000
10 1 1.000000
11 1 1.028804
12 1 1.022932
13 1 1.000749
14 1 1.002068
15 1 1.009790
16 1 1.058009
17 1 1.000000
18 1 1.033372
19 1 1.020902
20 1 1.000000
21 1 1.018572
0 2 1.000000
1 2 1.016807
2 2 1.000000
3 2 1.042856
4 2 1.070440
5 2 1.020466
6 2 1.018540
7 2 1.033797
8 2 1.021310
9 2 1.000000
10 2 1.000000
11 2 1.028804
12 2 1.022932
13 2 1.000749
14 2 1.002068
15 2 1.009790
16 2 1.058009
17 2 1.000000
18 2 1.033372
19 2 1.020902
20 2 1.000000
21 2 1.018572
0 3 1.071747
1 3 1.000000
2 3 1.001693
3 3 1.047886
4 3 1.000000
5 3 1.022719
6 3 1.014965
7 3 1.022531
8 3 1.018694
9 3 1.015405
10 3 1.001380
11 3 1.025743
12 3 1.029822
13 3 1.000275
14 3 1.000000
15 3 1.000000
16 3 1.047256
17 3 1.028936
18 3 1.000000
19 3 1.000000
20 3 1.012624
21 3 1.000000
0 4 1.089235
1 4 1.024243
2 4 1.014345
3 4 1.171337
4 4 1.031812
5 4 1.060670
6 4 1.027272
7 4 1.037251
8 4 1.029672
9 4 1.143358
10 4 1.171443
11 4 1.109297
12 4 1.031029
13 4 1.000632
14 4 1.035399
15 4 1.093764
16 4 1.000000
17 4 1.021956
18 4 1.095244
19 4 1.098942
20 4 1.022517
21 4 1.003043
0 5 1.089235
1 5 1.024243
2 5 1.014345
3 5 1.171337
4 5 1.031812
5 5 1.060670
6 5 1.027272
7 5 1.037251
8 5 1.029672
9 5 1.143358
10 5 1.171443
11 5 1.109297
12 5 1.031029
13 5 1.000632
14 5 1.035399
15 5 1.093764
16 5 1.000000
17 5 1.021956
18 5 1.095244
19 5 1.098942
20 5 1.022517
21 5 1.003043
0 6 1.720323
1 6 1.665635
2 6 1.154251
3 6 1.118904
4 6 1.388226
5 6 1.569221
6 6 1.121524
7 6 1.552923
8 6 1.119689
9 6 1.487571
10 6 1.644419
11 6 1.487282
12 6 1.000000
14 6 1.564235
15 6 1.419111
16 6 1.393117
17 6 1.594746
18 6 1.461910
19 6 1.501087
20 6 1.547448
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
set cbrange [1:1.9600]
set label 1 'blank cell: the device cannot run that workgroup size (portability.csv says why)' at screen 0.02, screen 0.02 left font ',9'
do for [t = 1:2] {
  if (t == 1) { set terminal pngcairo size 1432,600 noenhanced; set output png_out }
  if (t == 2) { set terminal svg size 1432,600 noenhanced; set output svg_out }
  plot $cells using 1:2:(0.5):(0.5):3 with boxxyerror fc palette fs solid border lc rgb 'white', \
       $cells using 1:2:(sprintf('%.2f', $3)) with labels font ',9'
  set output
}
