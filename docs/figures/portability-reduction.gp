# cusim portability: reduction, relative time (1 = the device's best size), sizes x devices; a cell a device cannot run is left blank.
$cells << EOD
0 0 2.438699
1 0 2.261890
2 0 1.137374
3 0 1.071733
4 0 1.006364
5 0 1.000000
6 0 1.000000
7 0 1.013088
8 0 1.013937
9 0 1.001201
10 0 1.000000
11 0 1.000000
12 0 1.008093
13 0 1.000000
14 0 1.154883
15 0 1.042555
16 0 1.274979
17 0 1.101609
18 0 1.320216
19 0 1.000000
20 0 1.128966
21 0 1.017390
0 1 1.402056
1 1 1.361082
2 1 1.000000
3 1 1.000000
4 1 1.000000
5 1 1.006521
6 1 1.022930
7 1 1.000000
8 1 1.000000
9 1 1.000000
10 1 1.001781
11 1 1.021330
12 1 1.007899
13 1 1.139712
14 1 1.000000
15 1 1.000000
16 1 1.000000
17 1 1.000000
18 1 1.067866
19 1 1.006584
20 1 1.000000
21 1 1.003793
0 2 1.000000
1 2 1.000000
2 2 1.025108
3 2 1.011818
4 2 1.006674
5 2 1.013745
6 2 1.052706
7 2 1.008575
8 2 1.008576
9 2 1.008306
10 2 1.015222
11 2 1.048100
12 2 1.000000
13 2 1.285343
14 2 1.055470
15 2 1.005836
16 2 1.034648
17 2 1.023920
18 2 1.000000
19 2 1.013226
20 2 1.032549
21 2 1.000565
0 3 1.114038
1 3 1.098452
2 3 1.059566
3 3 1.030294
4 3 1.042684
5 3 1.023831
6 3 1.082059
7 3 1.022284
8 3 1.017379
9 3 1.026257
10 3 1.034980
11 3 1.074869
12 3 1.066534
13 3 1.432144
14 3 1.077802
15 3 1.025769
16 3 1.081545
17 3 1.046924
18 3 1.028450
19 3 1.025585
20 3 1.077380
21 3 1.000357
0 4 1.244536
1 4 1.209853
2 4 1.110109
3 4 1.064552
4 4 1.080039
5 4 1.039030
6 4 1.072212
7 4 1.039377
8 4 1.031146
9 4 1.054443
10 4 1.113814
11 4 1.102140
12 4 1.224074
13 4 1.586114
14 4 1.122775
15 4 1.076454
16 4 1.164359
17 4 1.082416
18 4 1.080336
19 4 1.041525
20 4 1.128352
21 4 1.000208
0 5 1.538326
1 5 1.485654
2 5 1.881457
3 5 1.098212
4 5 3.085006
5 5 1.905944
6 5 1.069868
7 5 1.091335
8 5 1.044688
9 5 1.255094
10 5 1.349600
11 5 1.155536
12 5 1.267106
14 5 1.203561
15 5 1.197692
16 5 1.310786
17 5 1.160034
18 5 1.351548
19 5 1.155414
20 5 1.216581
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
set cbrange [1:3.0850]
do for [t = 1:2] {
  if (t == 1) { set terminal pngcairo size 1432,600 noenhanced; set output png_out }
  if (t == 2) { set terminal svg size 1432,600 noenhanced; set output svg_out }
  plot $cells using 1:2:(0.5):(0.5):3 with boxxyerror fc palette fs solid border lc rgb 'white', \
       $cells using 1:2:(sprintf('%.2f', $3)) with labels font ',9'
  set output
}
