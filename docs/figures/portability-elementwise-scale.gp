# cusim portability: elementwise-scale, relative time (1 = the device's best size), sizes x devices; a cell a device cannot run is left blank.
$cells << EOD
0 0 1.813729
1 0 1.285417
2 0 1.427080
3 0 1.258080
4 0 1.001665
5 0 1.013468
6 0 1.009869
7 0 1.035660
8 0 1.000000
9 0 1.000000
10 0 1.000018
11 0 1.000231
12 0 1.012906
13 0 1.006209
14 0 1.551787
15 0 1.194851
16 0 1.513294
17 0 1.416788
18 0 1.810376
19 0 1.142631
20 0 1.525682
21 0 1.000000
0 1 1.008474
1 1 1.018668
2 1 1.000000
3 1 1.000000
4 1 1.020452
5 1 1.012904
6 1 1.009562
7 1 1.001862
8 1 1.000900
9 1 1.000006
10 1 1.000000
11 1 1.000000
12 1 1.000000
13 1 1.000000
14 1 1.000000
15 1 1.001351
16 1 1.000000
17 1 1.000000
18 1 1.180875
19 1 1.000000
20 1 1.000000
21 1 1.000000
0 2 1.000000
1 2 1.005276
2 2 1.004359
3 2 1.004040
4 2 1.003171
5 2 1.012372
6 2 1.012167
7 2 1.004930
8 2 1.003072
9 2 1.000006
10 2 1.000018
11 2 1.003702
12 2 1.002878
13 2 1.010680
14 2 1.002469
15 2 1.002418
16 2 1.003702
17 2 1.001936
18 2 1.000000
19 2 1.000061
20 2 1.002283
21 2 1.000000
0 3 1.001585
1 3 1.000000
2 3 1.018525
3 3 1.011263
4 3 1.011891
5 3 1.016287
6 3 1.006804
7 3 1.000000
8 3 1.004131
9 3 1.000006
10 3 1.000080
11 3 1.017124
12 3 1.005246
13 3 1.006925
14 3 1.008967
15 3 1.002845
16 3 1.010962
17 3 1.009488
18 3 1.006782
19 3 1.000366
20 3 1.009765
21 3 1.000000
0 4 1.002661
1 4 1.000414
2 4 1.051671
3 4 1.026077
4 4 1.000000
5 4 1.000000
6 4 1.003862
7 4 1.037029
8 4 1.005772
9 4 1.002061
10 4 1.001823
11 4 1.039338
12 4 1.060396
13 4 1.015065
14 4 1.025601
15 4 1.000000
16 4 1.027694
17 4 1.030400
18 4 1.022041
19 4 1.000548
20 4 1.031198
21 4 1.001148
0 5 1.007527
1 5 1.001739
2 5 1.120051
3 5 1.054848
4 5 1.014784
5 5 1.007768
6 5 1.000000
7 5 1.034126
8 5 1.005719
9 5 1.012964
10 5 1.008496
11 5 1.082842
12 5 1.099206
14 5 1.061339
15 5 1.020196
16 5 1.060724
17 5 1.079195
18 5 1.260088
19 5 1.092488
20 5 1.076221
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
set cbrange [1:1.8137]
set label 1 'blank cell: the device cannot run that workgroup size (portability.csv says why)' at screen 0.02, screen 0.02 left font ',9'
do for [t = 1:2] {
  if (t == 1) { set terminal pngcairo size 1432,600 noenhanced; set output png_out }
  if (t == 2) { set terminal svg size 1432,600 noenhanced; set output svg_out }
  plot $cells using 1:2:(0.5):(0.5):3 with boxxyerror fc palette fs solid border lc rgb 'white', \
       $cells using 1:2:(sprintf('%.2f', $3)) with labels font ',9'
  set output
}
