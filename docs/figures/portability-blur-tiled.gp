# cusim portability: blur-tiled, relative time (1 = the device's best size), sizes x devices; a cell a device cannot run is left blank.
$cells << EOD
0 0 1.902963
1 0 1.747922
2 0 1.201451
3 0 1.015074
4 0 1.256732
5 0 1.000000
6 0 1.020445
7 0 1.000000
8 0 1.000000
9 0 1.000000
10 0 1.000248
11 0 1.000452
12 0 1.157675
13 0 1.099910
14 0 1.027893
15 0 1.089494
16 0 1.377175
17 0 1.160989
18 0 1.484803
19 0 1.066542
20 0 1.030124
21 0 1.000000
0 1 1.000000
1 1 1.000000
2 1 1.000000
3 1 1.000000
4 1 1.000000
5 1 1.000383
6 1 1.012803
7 1 1.000346
8 1 1.000260
9 1 1.002746
10 1 1.000000
11 1 1.000000
12 1 1.000000
13 1 1.000000
14 1 1.000000
15 1 1.000000
16 1 1.000000
17 1 1.000000
18 1 1.089392
19 1 1.000000
20 1 1.000000
21 1 1.000000
0 2 1.000000
1 2 1.000000
2 2 1.000000
3 2 1.000000
4 2 1.000000
5 2 1.000383
6 2 1.012803
7 2 1.000346
8 2 1.000260
9 2 1.002746
10 2 1.000000
11 2 1.000000
12 2 1.000000
13 2 1.000000
14 2 1.000000
15 2 1.000000
16 2 1.000000
17 2 1.000000
18 2 1.089392
19 2 1.000000
20 2 1.000000
21 2 1.000000
0 3 1.049859
1 3 1.047342
2 3 1.003956
3 3 1.000131
4 3 1.000311
5 3 1.000511
6 3 1.011823
7 3 1.000779
8 3 1.000433
9 3 1.009159
10 3 1.002437
11 3 1.004741
12 3 1.011091
13 3 1.020805
14 3 1.002077
15 3 1.007680
16 3 1.003996
17 3 1.003150
18 3 1.000000
19 3 1.000355
20 3 1.004282
21 3 1.000000
0 4 1.075001
1 4 1.078007
2 4 1.013078
3 4 1.006292
4 4 1.004669
5 4 1.002874
6 4 1.000000
7 4 1.005715
8 4 1.004416
9 4 1.015020
10 4 1.008889
11 4 1.013208
12 4 1.062645
13 4 1.064906
14 4 1.015282
15 4 1.018841
16 4 1.021643
17 4 1.015749
18 4 1.023341
19 4 1.007630
20 4 1.018458
21 4 1.000000
0 5 1.075001
1 5 1.078007
2 5 1.013078
3 5 1.006292
4 5 1.004669
5 5 1.002874
6 5 1.000000
7 5 1.005715
8 5 1.004416
9 5 1.015020
10 5 1.008889
11 5 1.013208
12 5 1.062645
13 5 1.064906
14 5 1.015282
15 5 1.018841
16 5 1.021643
17 5 1.015749
18 5 1.023341
19 5 1.007630
20 5 1.018458
21 5 1.000000
1 6 1.423086
2 6 1.098692
3 6 1.029755
4 6 1.261401
5 6 1.101290
6 6 1.002809
7 6 1.050654
8 6 1.018009
9 6 1.116946
10 6 1.156555
11 6 1.061639
12 6 1.257908
14 6 1.113353
15 6 1.321524
16 6 1.166653
17 6 1.327578
18 6 1.292114
19 6 1.154112
20 6 1.136740
21 6 1.005347
EOD
if (!exists("png_out")) png_out = 'portability-blur-tiled.png'
if (!exists("svg_out")) svg_out = 'portability-blur-tiled.svg'
set xtics ('adreno-a650' 0, 'adreno-a740' 1, 'amd-cdna2-gfx90a' 2, 'amd-cdna3-gfx942' 3, 'amd-gcn' 4, 'amd-rdna2-gfx1030-cu' 5, 'amd-rdna2-gfx1030' 6, 'amd-rdna3-gfx1100-cu' 7, 'amd-rdna3-gfx1100' 8, 'apple-m1' 9, 'apple-m3' 10, 'intel-xe-hpc' 11, 'intel-xe-hpg' 12, 'intel-xe-lp' 13, 'nvidia-h200' 14, 'nvidia-sm70' 15, 'nvidia-sm75' 16, 'nvidia-sm80' 17, 'nvidia-sm86' 18, 'nvidia-sm89' 19, 'nvidia-sm90' 20, 'seed-cu' 21) rotate by -45
set ytics ('8x4' 0, '8x8' 1, '16x4' 2, '16x8' 3, '16x16' 4, '32x8' 5, '32x32' 6)
set xrange [-0.5:21.5]
set yrange [-0.5:6.5]
set title 'blur-tiled: time relative to each device''s best workgroup size'
set xlabel 'device'
set ylabel 'workgroup size'
set cblabel 'relative time'
set palette defined (0 '#2c7bb6', 0.5 '#ffffbf', 1 '#d7191c')
set tics nomirror
unset key
set cbrange [1:1.9030]
set label 1 'blank cell: the device cannot run that workgroup size (portability.csv says why)' at screen 0.02, screen 0.02 left font ',9'
do for [t = 1:2] {
  if (t == 1) { set terminal pngcairo size 1432,600 noenhanced; set output png_out }
  if (t == 2) { set terminal svg size 1432,600 noenhanced; set output svg_out }
  plot $cells using 1:2:(0.5):(0.5):3 with boxxyerror fc palette fs solid border lc rgb 'white', \
       $cells using 1:2:(sprintf('%.2f', $3)) with labels font ',9'
  set output
}
