# cusim portability: reduction, relative time (1 = the device's best size), sizes x devices; a cell a device cannot run is left blank.
$cells << EOD
0 0 2.568064
1 0 2.392778
2 0 1.106317
3 0 1.072406
4 0 1.016215
5 0 1.000000
6 0 1.000000
7 0 1.026289
8 0 1.027253
9 0 1.000494
10 0 1.000000
11 0 1.000000
12 0 1.016742
13 0 1.000000
14 0 1.134897
15 0 1.047666
16 0 1.284787
17 0 1.093939
18 0 1.350590
19 0 1.000000
20 0 1.133993
21 0 1.017390
0 1 1.470316
1 1 1.409607
2 1 1.000000
3 1 1.000000
4 1 1.000000
5 1 1.006473
6 1 1.008068
7 1 1.000000
8 1 1.000000
9 1 1.000000
10 1 1.000605
11 1 1.019003
12 1 1.022047
13 1 1.139015
14 1 1.000000
15 1 1.000000
16 1 1.000000
17 1 1.000000
18 1 1.086306
19 1 1.006351
20 1 1.000000
21 1 1.003793
0 2 1.000000
1 2 1.000000
2 2 1.003968
3 2 1.011818
4 2 1.007564
5 2 1.013509
6 2 1.013321
7 2 1.008688
8 2 1.008576
9 2 1.007894
10 2 1.014289
11 2 1.041961
12 2 1.000000
13 2 1.284557
14 2 1.030626
15 2 1.005114
16 2 1.033231
17 2 1.023907
18 2 1.000000
19 2 1.013453
20 2 1.028778
21 2 1.000565
0 3 1.113448
1 3 1.095278
2 3 1.026957
3 3 1.030294
4 3 1.016111
5 3 1.023735
6 3 1.025516
7 3 1.021550
8 3 1.017491
9 3 1.024739
10 3 1.032780
11 3 1.065131
12 3 1.046187
13 3 1.431268
14 3 1.077435
15 3 1.021178
16 3 1.087690
17 3 1.044016
18 3 1.051771
19 3 1.025173
20 3 1.076436
21 3 1.000357
0 4 1.245266
1 4 1.221946
2 4 1.077219
3 4 1.064552
4 4 1.037093
5 4 1.040105
6 4 1.035647
7 4 1.040393
8 4 1.031654
9 4 1.068495
10 4 1.134781
11 4 1.097203
12 4 1.131795
13 4 1.585212
14 4 1.127522
15 4 1.076580
16 4 1.168558
17 4 1.082689
18 4 1.094892
19 4 1.041224
20 4 1.131340
21 4 1.000283
0 5 1.531332
1 5 1.475374
2 5 1.149713
3 5 1.098212
4 5 1.126353
5 5 1.055115
6 5 1.045075
7 5 1.093535
8 5 1.045365
9 5 1.249575
10 5 1.348519
11 5 1.155623
12 5 1.172969
14 5 1.211206
15 5 1.197351
16 5 1.309833
17 5 1.157643
18 5 1.369783
19 5 1.159180
20 5 1.217981
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
set cbrange [1:2.5681]
set label 1 'blank cell: the device cannot run that workgroup size (portability.csv says why)' at screen 0.02, screen 0.02 left font ',9'
do for [t = 1:2] {
  if (t == 1) { set terminal pngcairo size 1432,600 noenhanced; set output png_out }
  if (t == 2) { set terminal svg size 1432,600 noenhanced; set output svg_out }
  plot $cells using 1:2:(0.5):(0.5):3 with boxxyerror fc palette fs solid border lc rgb 'white', \
       $cells using 1:2:(sprintf('%.2f', $3)) with labels font ',9'
  set output
}
