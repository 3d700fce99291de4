# cusim portability: elementwise-scale, relative time (1 = the device's best size), sizes x devices; a cell a device cannot run is left blank.
$cells << EOD
0 0 1.813255
1 0 1.285694
2 0 1.233285
3 0 1.152765
4 0 1.000000
5 0 1.029668
6 0 1.013199
7 0 1.047009
8 0 1.006286
9 0 1.000019
10 0 1.000027
11 0 1.000000
12 0 1.016044
13 0 1.015083
14 0 1.385088
15 0 1.041432
16 0 1.182375
17 0 1.165209
18 0 1.288968
19 0 1.000000
20 0 1.359179
21 0 1.000000
0 1 1.008969
1 1 1.019948
2 1 1.000000
3 1 1.000000
4 1 1.010096
5 1 1.000000
6 1 1.000000
7 1 1.012754
8 1 1.008291
9 1 1.000000
10 1 1.000000
11 1 1.000231
12 1 1.000000
13 1 1.000000
14 1 1.000000
15 1 1.000000
16 1 1.000000
17 1 1.000000
18 1 1.021659
19 1 1.000000
20 1 1.000000
21 1 1.000000
0 2 1.000000
1 2 1.000000
2 2 1.000677
3 2 1.000255
4 2 1.048326
5 2 1.063638
6 2 1.082026
7 2 1.017381
8 2 1.063892
9 2 1.000032
10 2 1.000062
11 2 1.003933
12 2 1.033896
13 2 1.011380
14 2 1.002049
15 2 1.000668
16 2 1.000106
17 2 1.000104
18 2 1.000000
19 2 1.000122
20 2 1.002145
21 2 1.000000
0 3 1.000155
1 3 1.003115
2 3 1.009289
3 3 1.000766
4 3 1.216050
5 3 1.074908
6 3 1.137592
7 3 1.026185
8 3 1.063296
9 3 1.000116
10 3 1.000204
11 3 1.011916
12 3 1.074469
13 3 1.015640
14 3 1.007724
15 3 1.001262
16 3 1.000585
17 3 1.000625
18 3 1.000559
19 3 1.000426
20 3 1.008581
21 3 1.000000
0 4 1.001335
1 4 1.003080
2 4 1.049927
3 4 1.006003
4 4 1.240153
5 4 1.090352
6 4 1.130730
7 4 1.000000
8 4 1.033924
9 4 1.000289
10 4 1.000673
11 4 1.026261
12 4 1.199202
13 4 1.019482
14 4 1.022383
15 4 1.004529
16 4 1.006280
17 4 1.001562
18 4 1.002026
19 4 1.001036
20 4 1.019920
21 4 1.001148
0 5 1.003757
1 5 1.004525
2 5 2.150460
3 5 1.024396
4 5 2.741051
5 5 1.840809
6 5 1.087902
7 5 1.034650
8 5 1.000000
9 5 1.002177
10 5 1.002912
11 5 1.055877
12 5 1.193777
14 5 1.051230
15 5 1.009133
16 5 1.029589
17 5 1.011451
18 5 1.047509
19 5 1.019497
20 5 1.053478
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
set cbrange [1:2.7411]
do for [t = 1:2] {
  if (t == 1) { set terminal pngcairo size 1432,600 noenhanced; set output png_out }
  if (t == 2) { set terminal svg size 1432,600 noenhanced; set output svg_out }
  plot $cells using 1:2:(0.5):(0.5):3 with boxxyerror fc palette fs solid border lc rgb 'white', \
       $cells using 1:2:(sprintf('%.2f', $3)) with labels font ',9'
  set output
}
