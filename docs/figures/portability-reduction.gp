# cusim portability: reduction, relative time (1 = the device's best size), sizes x devices; a cell a device cannot run is left blank.
$cells << EOD
0 0 2.564732
1 0 2.390167
2 0 1.180929
3 0 1.103972
4 0 1.109879
5 0 1.000000
6 0 1.000000
7 0 1.028104
8 0 1.028607
9 0 1.001126
10 0 1.000000
11 0 1.000000
12 0 1.015090
13 0 1.000000
14 0 1.219800
15 0 1.185195
16 0 1.388332
17 0 1.164370
18 0 1.504949
19 0 1.147423
20 0 1.216997
21 0 1.017390
0 1 1.471372
1 1 1.412777
2 1 1.000000
3 1 1.000000
4 1 1.000000
5 1 1.006473
6 1 1.008771
7 1 1.000000
8 1 1.000000
9 1 1.000000
10 1 1.000574
11 1 1.007568
12 1 1.018972
13 1 1.139260
14 1 1.000000
15 1 1.000000
16 1 1.000000
17 1 1.000000
18 1 1.132992
19 1 1.000000
20 1 1.000000
21 1 1.003793
0 2 1.000000
1 2 1.000000
2 2 1.025055
3 2 1.013838
4 2 1.007356
5 2 1.013509
6 2 1.014634
7 2 1.009312
8 2 1.008802
9 2 1.009021
10 2 1.013726
11 2 1.029345
12 2 1.000000
13 2 1.284557
14 2 1.027205
15 2 1.005614
16 2 1.028643
17 2 1.018308
18 2 1.000000
19 2 1.006083
20 2 1.029271
21 2 1.000565
0 3 1.113303
1 3 1.098445
2 3 1.052727
3 3 1.034483
4 3 1.015593
5 3 1.023313
6 3 1.020779
7 3 1.021783
8 3 1.017661
9 3 1.027213
10 3 1.031533
11 3 1.058047
12 3 1.045660
13 3 1.430465
14 3 1.074445
15 3 1.052810
16 3 1.071055
17 3 1.051615
18 3 1.042157
19 3 1.025881
20 3 1.073373
21 3 1.000357
0 4 1.262095
1 4 1.228224
2 4 1.103397
3 4 1.069340
4 4 1.045796
5 4 1.037947
6 4 1.031379
7 4 1.040914
8 4 1.032444
9 4 1.081467
10 4 1.152661
11 4 1.093317
12 4 1.096996
13 4 1.581376
14 4 1.114025
15 4 1.118872
16 4 1.146140
17 4 1.096946
18 4 1.104286
19 4 1.049524
20 4 1.120792
21 4 1.000283
0 5 1.545612
1 5 1.482673
2 5 1.178560
3 5 1.102102
4 5 1.216598
5 5 1.072377
6 5 1.043058
7 5 1.131208
8 5 1.053208
9 5 1.329062
10 5 1.389567
11 5 1.145438
12 5 1.164055
14 5 1.191514
15 5 1.267903
16 5 1.264117
17 5 1.164302
18 5 1.409514
19 5 1.274647
20 5 1.201581
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
set cbrange [1:2.5647]
set label 1 'blank cell: the device cannot run that workgroup size (portability.csv says why)' at screen 0.02, screen 0.02 left font ',9'
do for [t = 1:2] {
  if (t == 1) { set terminal pngcairo size 1432,600 noenhanced; set output png_out }
  if (t == 2) { set terminal svg size 1432,600 noenhanced; set output svg_out }
  plot $cells using 1:2:(0.5):(0.5):3 with boxxyerror fc palette fs solid border lc rgb 'white', \
       $cells using 1:2:(sprintf('%.2f', $3)) with labels font ',9'
  set output
}
