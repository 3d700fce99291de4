# cusim portability: blur-tiled, relative time (1 = the device's best size), sizes x devices; a cell a device cannot run is left blank.
$cells << EOD
0 0 1.854911
1 0 1.682333
2 0 1.063872
3 0 1.015074
4 0 1.131128
5 0 1.000000
6 0 1.023785
7 0 1.000000
8 0 1.001042
9 0 1.000402
10 0 1.000272
11 0 1.001232
12 0 1.148684
13 0 1.144256
14 0 1.027954
15 0 1.000517
16 0 1.268447
17 0 1.122998
18 0 1.267925
19 0 1.000000
20 0 1.029109
21 0 1.000000
0 1 1.000000
1 1 1.000000
2 1 1.017268
3 1 1.000000
4 1 1.000000
5 1 1.000383
6 1 1.016905
7 1 1.000781
8 1 1.000000
9 1 1.000000
10 1 1.000657
11 1 1.000672
12 1 1.000000
13 1 1.000000
14 1 1.000000
15 1 1.000000
16 1 1.000000
17 1 1.000000
18 1 1.003994
19 1 1.000266
20 1 1.000000
21 1 1.000000
0 2 1.000000
1 2 1.000000
2 2 1.017268
3 2 1.000000
4 2 1.000000
5 2 1.000383
6 2 1.016905
7 2 1.000781
8 2 1.000000
9 2 1.000000
10 2 1.000657
11 2 1.000672
12 2 1.000000
13 2 1.000000
14 2 1.000000
15 2 1.000000
16 2 1.000000
17 2 1.000000
18 2 1.003994
19 2 1.000266
20 2 1.000000
21 2 1.000000
0 3 1.022867
1 3 1.021889
2 3 1.009674
3 3 1.002228
4 3 1.000623
5 3 1.000639
6 3 1.002883
7 3 1.001128
8 3 1.003387
9 3 1.000318
10 3 1.000000
11 3 1.000000
12 3 1.023931
13 3 1.015088
14 3 1.002541
15 3 1.000310
16 3 1.005070
17 3 1.005135
18 3 1.000000
19 3 1.001420
20 3 1.003797
21 3 1.000000
0 4 1.039900
1 4 1.075986
2 4 1.000000
3 4 1.007471
4 4 1.001868
5 4 1.003257
6 4 1.000000
7 4 1.004684
8 4 1.003647
9 4 1.011289
10 4 1.004738
11 4 1.004928
12 4 1.082059
13 4 1.056390
14 4 1.013977
15 4 1.003414
16 4 1.008239
17 4 1.012471
18 4 1.005792
19 4 1.004437
20 4 1.017244
21 4 1.000000
0 5 1.039900
1 5 1.075986
2 5 1.000000
3 5 1.007471
4 5 1.001868
5 5 1.003257
6 5 1.000000
7 5 1.004684
8 5 1.003647
9 5 1.011289
10 5 1.004738
11 5 1.004928
12 5 1.082059
13 5 1.056390
14 5 1.013977
15 5 1.003414
16 5 1.008239
17 5 1.012471
18 5 1.005792
19 5 1.004437
20 5 1.017244
21 5 1.000000
1 6 1.329235
2 6 1.026735
3 6 1.060821
4 6 1.123969
5 6 1.017052
6 6 1.035841
7 6 1.028019
8 6 1.014416
9 6 1.051437
10 6 1.126649
11 6 1.078181
12 6 1.238969
14 6 1.137230
15 6 1.149509
16 6 1.186872
17 6 1.271060
18 6 1.170062
19 6 1.085197
20 6 1.143806
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
set cbrange [1:1.8549]
set label 1 'blank cell: the device cannot run that workgroup size (portability.csv says why)' at screen 0.02, screen 0.02 left font ',9'
do for [t = 1:2] {
  if (t == 1) { set terminal pngcairo size 1432,600 noenhanced; set output png_out }
  if (t == 2) { set terminal svg size 1432,600 noenhanced; set output svg_out }
  plot $cells using 1:2:(0.5):(0.5):3 with boxxyerror fc palette fs solid border lc rgb 'white', \
       $cells using 1:2:(sprintf('%.2f', $3)) with labels font ',9'
  set output
}
