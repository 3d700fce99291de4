# cusim portability: elementwise-scale, relative time (1 = the device's best size), sizes x devices; a cell a device cannot run is left blank.
$cells << EOD
0 0 1.811716
1 0 1.284157
2 0 1.020005
3 0 1.152765
4 0 1.000000
5 0 1.000000
6 0 1.015864
7 0 1.032493
8 0 1.003355
9 0 1.000019
10 0 1.000027
11 0 1.000000
12 0 1.013783
13 0 1.006725
14 0 1.339531
15 0 1.026576
16 0 1.174249
17 0 1.165747
18 0 1.253500
19 0 1.000000
20 0 1.343930
21 0 1.000000
0 1 1.008179
1 1 1.019236
2 1 1.021037
3 1 1.000000
4 1 1.028017
5 1 1.028662
6 1 1.006181
7 1 1.000000
8 1 1.007135
9 1 1.000000
10 1 1.000000
11 1 1.000000
12 1 1.000000
13 1 1.000000
14 1 1.000000
15 1 1.013360
16 1 1.000000
17 1 1.000000
18 1 1.000000
19 1 1.000000
20 1 1.000000
21 1 1.000000
0 2 1.000000
1 2 1.000923
2 2 1.010479
3 2 1.000255
4 2 1.029706
5 2 1.005480
6 2 1.000000
7 2 1.013260
8 2 1.000000
9 2 1.000032
10 2 1.000062
11 2 1.000205
12 2 1.016660
13 2 1.007809
14 2 1.001067
15 2 1.013506
16 2 1.000106
17 2 1.000208
18 2 1.000136
19 2 1.000122
20 2 1.000606
21 2 1.000000
0 3 1.000327
1 3 1.000000
2 3 1.000000
3 3 1.000766
4 3 1.062753
5 3 1.014993
6 3 1.064066
7 3 1.022027
8 3 1.008679
9 3 1.000116
10 3 1.000204
11 3 1.000616
12 3 1.040002
13 3 1.013996
14 3 1.004877
15 3 1.013796
16 3 1.000317
17 3 1.000729
18 3 1.000476
19 3 1.000426
20 3 1.004693
21 3 1.000000
0 4 1.001507
1 4 1.000758
2 4 1.008970
3 4 1.005876
4 4 1.035483
5 4 1.015085
6 4 1.061387
7 4 1.011288
8 4 1.019649
9 4 1.000289
10 4 1.000540
11 4 1.001437
12 4 1.066407
13 4 1.017071
14 4 1.012953
15 4 1.013433
16 4 1.005501
17 4 1.001666
18 4 1.001223
19 4 1.001036
20 4 1.013473
21 4 1.001148
0 5 1.003823
1 5 1.002012
2 5 1.004366
3 5 1.024396
4 5 1.012456
5 5 1.003787
6 5 1.053622
7 5 1.032767
8 5 1.009585
9 5 1.002177
10 5 1.002912
11 5 1.000103
12 5 1.057126
14 5 1.040689
15 5 1.000000
16 5 1.027190
17 5 1.012077
18 5 1.026369
19 5 1.020472
20 5 1.048289
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
set cbrange [1:1.8117]
set label 1 'blank cell: the device cannot run that workgroup size (portability.csv says why)' at screen 0.02, screen 0.02 left font ',9'
do for [t = 1:2] {
  if (t == 1) { set terminal pngcairo size 1432,600 noenhanced; set output png_out }
  if (t == 2) { set terminal svg size 1432,600 noenhanced; set output svg_out }
  plot $cells using 1:2:(0.5):(0.5):3 with boxxyerror fc palette fs solid border lc rgb 'white', \
       $cells using 1:2:(sprintf('%.2f', $3)) with labels font ',9'
  set output
}
