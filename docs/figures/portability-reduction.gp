# cusim portability: reduction, relative time (1 = the device's best size), sizes x devices; a cell a device cannot run is left blank.
$cells << EOD
0 0 2.438918
1 0 2.262209
2 0 1.095769
3 0 1.071733
4 0 1.006734
5 0 1.000000
6 0 1.000000
7 0 1.013201
8 0 1.013655
9 0 1.001328
10 0 1.000000
11 0 1.000000
12 0 1.024154
13 0 1.000000
14 0 1.130435
15 0 1.041825
16 0 1.276056
17 0 1.103614
18 0 1.319224
19 0 1.000000
20 0 1.103521
21 0 1.017390
0 1 1.401575
1 1 1.361805
2 1 1.000000
3 1 1.000000
4 1 1.000000
5 1 1.006331
6 1 1.009378
7 1 1.000000
8 1 1.000000
9 1 1.000000
10 1 1.001735
11 1 1.020042
12 1 1.013538
13 1 1.139712
14 1 1.000000
15 1 1.000000
16 1 1.000000
17 1 1.000000
18 1 1.067564
19 1 1.006351
20 1 1.000000
21 1 1.003793
0 2 1.000000
1 2 1.000000
2 2 1.003967
3 2 1.011818
4 2 1.007821
5 2 1.013507
6 2 1.016270
7 2 1.008575
8 2 1.008576
9 2 1.008306
10 2 1.015252
11 2 1.038244
12 2 1.000000
13 2 1.285357
14 2 1.030013
15 2 1.005638
16 2 1.035902
17 2 1.022798
18 2 1.000000
19 2 1.012992
20 2 1.007001
21 2 1.000565
0 3 1.114090
1 3 1.096820
2 3 1.023863
3 3 1.030294
4 3 1.016264
5 3 1.023591
6 3 1.025976
7 3 1.022284
8 3 1.017379
9 3 1.026257
10 3 1.034919
11 3 1.063598
12 3 1.047042
13 3 1.432144
14 3 1.080481
15 3 1.025502
16 3 1.091743
17 3 1.045807
18 3 1.027426
19 3 1.025232
20 3 1.056511
21 3 1.000357
0 4 1.249179
1 4 1.206690
2 4 1.075809
3 4 1.064552
4 4 1.037087
5 4 1.038786
6 4 1.034604
7 4 1.039377
8 4 1.031146
9 4 1.054431
10 4 1.113875
11 4 1.096955
12 4 1.132749
13 4 1.586183
14 4 1.129099
15 4 1.074538
16 4 1.161779
17 4 1.082792
18 4 1.079086
19 4 1.041284
20 4 1.104921
21 4 1.000208
0 5 1.537720
1 5 1.484098
2 5 1.148218
3 5 1.098212
4 5 1.125350
5 5 1.054967
6 5 1.044732
7 5 1.091335
8 5 1.044688
9 5 1.255094
10 5 1.349935
11 5 1.156232
12 5 1.173070
14 5 1.214102
15 5 1.198899
16 5 1.311130
17 5 1.160361
18 5 1.348904
19 5 1.140828
20 5 1.190238
21 5 1.000000
EOD
if (!exists("png_out")) png_out = 'portability-reduction.png'
if (!exists("svg_out")) svg_out = 'portability-reduction.svg'
set xtics ('adreno-a650' 0, 'adreno-a740' 1, 'amd-cdna2-gfx90a' 2, 'amd-cdna3-gfx942' 3, 'amd-gcn' 4, 'amd-rdna2-gfx1030-cu' 5, 'amd-rdna2-gfx1030' 6, 'amd-rdna3-gfx1100-cu' 7, 'amd-rdna3-gfx1100' 8, 'apple-m1' 9, 'apple-m3' 10, 'intel-xe-hpc' 11, 'intel-xe-hpg' 12, 'intel-xe-lp' 13, 'nvidia-h200' 14, 'nvidia-sm70' 15, 'nvidia-sm75' 16, 'nvidia-sm80' 17, 'nvidia-sm86' 18, 'nvidia-sm89' 19, 'nvidia-sm90' 20, 'seed-cu' 21) rotate by -45
set ytics ('32' 0, '64' 1, '128' 2, '256' 3, '512' 4, '1024' 5)
set xrange [-0.5:21.5]
set yrange [-0.5:5.5]
set title 'reduction: time relative to each device''s best workgroup size'
set xlabel 'device'
set ylabel 'workgroup size'
set cblabel 'relative time'
set palette defined (0 '#2c7bb6', 0.5 '#ffffbf', 1 '#d7191c')
set tics nomirror
unset key
set cbrange [1:2.4389]
do for [t = 1:2] {
  if (t == 1) { set terminal pngcairo size 1432,600 noenhanced; set output png_out }
  if (t == 2) { set terminal svg size 1432,600 noenhanced; set output svg_out }
  plot $cells using 1:2:(0.5):(0.5):3 with boxxyerror fc palette fs solid border lc rgb 'white', \
       $cells using 1:2:(sprintf('%.2f', $3)) with labels font ',9'
  set output
}
