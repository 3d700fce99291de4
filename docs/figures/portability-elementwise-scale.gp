# cusim portability: elementwise-scale, relative time (1 = the device's best size), sizes x devices; a cell a device cannot run is left blank.
$cells << EOD
0 0 1.813729
1 0 1.285417
2 0 1.427468
3 0 1.258080
4 0 1.020384
5 0 1.009266
6 0 1.009573
7 0 1.060315
8 0 1.004115
9 0 1.000000
10 0 1.000018
11 0 1.000231
12 0 1.019312
13 0 1.006209
14 0 1.551657
15 0 1.229878
16 0 1.520204
17 0 1.416691
18 0 1.814349
19 0 1.142631
20 0 1.525682
21 0 1.000000
0 1 1.008474
1 1 1.018668
2 1 1.000000
3 1 1.000000
4 1 1.034609
5 1 1.018687
6 1 1.013341
7 1 1.000000
8 1 1.000000
9 1 1.000006
10 1 1.000000
11 1 1.000000
12 1 1.000000
13 1 1.000000
14 1 1.000000
15 1 1.000219
16 1 1.000000
17 1 1.000000
18 1 1.208433
19 1 1.000000
20 1 1.000000
21 1 1.000000
0 2 1.000000
1 2 1.005276
2 2 1.004451
3 2 1.004040
4 2 1.012472
5 2 1.018251
6 2 1.015742
7 2 1.000000
8 2 1.003429
9 2 1.000006
10 2 1.000018
11 2 1.003702
12 2 1.002878
13 2 1.010680
14 2 1.002599
15 2 1.000219
16 2 1.002071
17 2 1.002227
18 2 1.000000
19 2 1.000061
20 2 1.002410
21 2 1.000000
0 3 1.001585
1 3 1.000000
2 3 1.019439
3 3 1.011263
4 3 1.000000
5 3 1.012313
6 3 1.008874
7 3 1.000000
8 3 1.003376
9 3 1.000006
10 3 1.000080
11 3 1.017124
12 3 1.004782
13 3 1.006925
14 3 1.008707
15 3 1.000000
16 3 1.009006
17 3 1.009488
18 3 1.014757
19 3 1.000366
20 3 1.010019
21 3 1.000000
0 4 1.002661
1 4 1.000414
2 4 1.050958
3 4 1.026077
4 4 1.013953
5 4 1.000000
6 4 1.000000
7 4 1.063107
8 4 1.002479
9 4 1.002061
10 4 1.001823
11 4 1.039338
12 4 1.060396
13 4 1.015065
14 4 1.025731
15 4 1.001384
16 4 1.024418
17 4 1.031465
18 4 1.045087
19 4 1.000548
20 4 1.031072
21 4 1.001148
0 5 1.007527
1 5 1.001739
2 5 1.119448
3 5 1.054848
4 5 1.023462
5 5 1.015826
6 5 1.005805
7 5 1.063778
8 5 1.005961
9 5 1.012964
10 5 1.008496
11 5 1.082842
12 5 1.099206
14 5 1.061339
15 5 1.026877
16 5 1.083562
17 5 1.078130
18 5 1.292214
19 5 1.092427
20 5 1.076347
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
set cbrange [1:1.8143]
set label 1 'blank cell: the device cannot run that workgroup size (portability.csv says why)' at screen 0.02, screen 0.02 left font ',9'
do for [t = 1:2] {
  if (t == 1) { set terminal pngcairo size 1432,600 noenhanced; set output png_out }
  if (t == 2) { set terminal svg size 1432,600 noenhanced; set output svg_out }
  plot $cells using 1:2:(0.5):(0.5):3 with boxxyerror fc palette fs solid border lc rgb 'white', \
       $cells using 1:2:(sprintf('%.2f', $3)) with labels font ',9'
  set output
}
