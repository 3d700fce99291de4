# cusim portability: reduction, relative time (1 = the device's best size), sizes x devices; a cell a device cannot run is left blank.
$cells << EOD
0 0 2.641345
1 0 2.562381
2 0 1.204357
3 0 1.183537
4 0 1.001674
5 0 1.010990
6 0 1.009758
7 0 1.014878
8 0 1.015836
9 0 1.018742
10 0 1.016050
11 0 1.000000
12 0 1.014636
13 0 1.008216
14 0 1.251389
15 0 1.000000
16 0 1.139200
17 0 1.164214
18 0 1.389163
19 0 1.002105
20 0 1.201153
21 0 1.017390
0 1 1.454106
1 1 1.424724
2 1 1.000000
3 1 1.000000
4 1 1.005891
5 1 1.000000
6 1 1.000000
7 1 1.000000
8 1 1.000000
9 1 1.000183
10 1 1.000000
11 1 1.038072
12 1 1.000000
13 1 1.000000
14 1 1.000000
15 1 1.026199
16 1 1.000000
17 1 1.000000
18 1 1.012548
19 1 1.000000
20 1 1.000000
21 1 1.003793
0 2 1.000000
1 2 1.000000
2 2 1.028397
3 2 1.027623
4 2 1.011161
5 2 1.041971
6 2 1.043439
7 2 1.018855
8 2 1.071297
9 2 1.000000
10 2 1.001012
11 2 1.079523
12 2 1.005128
13 2 1.001568
14 2 1.041962
15 2 1.034592
16 2 1.010399
17 2 1.024167
18 2 1.000000
19 2 1.001169
20 2 1.030254
21 2 1.000565
0 3 1.127713
1 3 1.112964
2 3 1.057443
3 3 1.069522
4 3 1.000000
5 3 1.065656
6 3 1.027001
7 3 1.058555
8 3 1.059218
9 3 1.003851
10 3 1.008699
11 3 1.129514
12 3 1.019443
13 3 1.070078
14 3 1.127227
15 3 1.055348
16 3 1.039940
17 3 1.081022
18 3 1.005418
19 3 1.007873
20 3 1.103728
21 3 1.000357
0 4 1.261181
1 4 1.244666
2 4 1.138615
3 4 1.162032
4 4 1.019905
5 4 1.063714
6 4 1.033870
7 4 1.063342
8 4 1.086175
9 4 1.013423
10 4 1.120341
11 4 1.221313
12 4 1.036376
13 4 1.190532
14 4 1.225139
15 4 1.022343
16 4 1.083662
17 4 1.158482
18 4 1.055798
19 4 1.017538
20 4 1.192869
21 4 1.000208
0 5 1.589992
1 5 1.698090
2 5 1.295384
3 5 1.275677
4 5 1.058721
5 5 1.095831
6 5 1.048271
7 5 1.112543
8 5 1.067614
9 5 1.522000
10 5 1.665565
11 5 1.366483
12 5 1.066343
14 5 1.387814
15 5 1.132925
16 5 1.217741
17 5 1.345469
18 5 1.387072
19 5 1.139839
20 5 1.353863
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
set cbrange [1:2.6413]
do for [t = 1:2] {
  if (t == 1) { set terminal pngcairo size 1432,600 noenhanced; set output png_out }
  if (t == 2) { set terminal svg size 1432,600 noenhanced; set output svg_out }
  plot $cells using 1:2:(0.5):(0.5):3 with boxxyerror fc palette fs solid border lc rgb 'white', \
       $cells using 1:2:(sprintf('%.2f', $3)) with labels font ',9'
  set output
}
