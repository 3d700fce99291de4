# c12-c13-simd-efficiency.gp: a cusim experiment figure (written by plot_write; edit freely to restyle).
# Figure: C12/C13: useful lanes per group size; 64 is the first 100% on both widths
# Data: c12-c13.csv (256 rows), columns:
#   panel 1: x = kernel.workgroup_size, y = simd_efficiency, series = hw.name
# Re-render: gnuplot c12-c13-simd-efficiency.gp
#   writes c12-c13-simd-efficiency.png (pngcairo, 800 px wide) and c12-c13-simd-efficiency.svg next to this script.
#   The data is inlined below, so this file alone reproduces the figure.

if (!exists("png_out") || !exists("svg_out")) {
    here = ''
    if (exists("ARG0")) {
        do for [i = strlen(ARG0):1:-1] {
            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }
        }
    }
    png_out = here.'c12-c13-simd-efficiency.png'
    svg_out = here.'c12-c13-simd-efficiency.svg'
}

# Panel 1, curve 1: simd_efficiency against kernel.workgroup_size, hw.name = nvidia-sm80 (128 points)
$p1_c1 << EOD
1 0.03125
2 0.0625
3 0.09375
4 0.125
5 0.15625
6 0.1875
7 0.21875
8 0.25
9 0.28125
10 0.3125
11 0.34375
12 0.375
13 0.40625
14 0.4375
15 0.46875
16 0.5
17 0.53125
18 0.5625
19 0.59375
20 0.625
21 0.65625
22 0.6875
23 0.71875
24 0.75
25 0.78125
26 0.8125
27 0.84375
28 0.875
29 0.90625
30 0.9375
31 0.96875
32 1
33 0.515625
34 0.53125
35 0.546875
36 0.5625
37 0.578125
38 0.59375
39 0.609375
40 0.625
41 0.640625
42 0.65625
43 0.671875
44 0.6875
45 0.703125
46 0.71875
47 0.734375
48 0.75
49 0.765625
50 0.78125
51 0.796875
52 0.8125
53 0.828125
54 0.84375
55 0.859375
56 0.875
57 0.890625
58 0.90625
59 0.921875
60 0.9375
61 0.953125
62 0.96875
63 0.984375
64 1
65 0.6770833333
66 0.6875
67 0.6979166667
68 0.7083333333
69 0.71875
70 0.7291666667
71 0.7395833333
72 0.75
73 0.7604166667
74 0.7708333333
75 0.78125
76 0.7916666667
77 0.8020833333
78 0.8125
79 0.8229166667
80 0.8333333333
81 0.84375
82 0.8541666667
83 0.8645833333
84 0.875
85 0.8854166667
86 0.8958333333
87 0.90625
88 0.9166666667
89 0.9270833333
90 0.9375
91 0.9479166667
92 0.9583333333
93 0.96875
94 0.9791666667
95 0.9895833333
96 1
97 0.7578125
98 0.765625
99 0.7734375
100 0.78125
101 0.7890625
102 0.796875
103 0.8046875
104 0.8125
105 0.8203125
106 0.828125
107 0.8359375
108 0.84375
109 0.8515625
110 0.859375
111 0.8671875
112 0.875
113 0.8828125
114 0.890625
115 0.8984375
116 0.90625
117 0.9140625
118 0.921875
119 0.9296875
120 0.9375
121 0.9453125
122 0.953125
123 0.9609375
124 0.96875
125 0.9765625
126 0.984375
127 0.9921875
128 1
EOD
# Panel 1, curve 2: simd_efficiency against kernel.workgroup_size, hw.name = amd-gcn (128 points)
$p1_c2 << EOD
1 0.015625
2 0.03125
3 0.046875
4 0.0625
5 0.078125
6 0.09375
7 0.109375
8 0.125
9 0.140625
10 0.15625
11 0.171875
12 0.1875
13 0.203125
14 0.21875
15 0.234375
16 0.25
17 0.265625
18 0.28125
19 0.296875
20 0.3125
21 0.328125
22 0.34375
23 0.359375
24 0.375
25 0.390625
26 0.40625
27 0.421875
28 0.4375
29 0.453125
30 0.46875
31 0.484375
32 0.5
33 0.515625
34 0.53125
35 0.546875
36 0.5625
37 0.578125
38 0.59375
39 0.609375
40 0.625
41 0.640625
42 0.65625
43 0.671875
44 0.6875
45 0.703125
46 0.71875
47 0.734375
48 0.75
49 0.765625
50 0.78125
51 0.796875
52 0.8125
53 0.828125
54 0.84375
55 0.859375
56 0.875
57 0.890625
58 0.90625
59 0.921875
60 0.9375
61 0.953125
62 0.96875
63 0.984375
64 1
65 0.5078125
66 0.515625
67 0.5234375
68 0.53125
69 0.5390625
70 0.546875
71 0.5546875
72 0.5625
73 0.5703125
74 0.578125
75 0.5859375
76 0.59375
77 0.6015625
78 0.609375
79 0.6171875
80 0.625
81 0.6328125
82 0.640625
83 0.6484375
84 0.65625
85 0.6640625
86 0.671875
87 0.6796875
88 0.6875
89 0.6953125
90 0.703125
91 0.7109375
92 0.71875
93 0.7265625
94 0.734375
95 0.7421875
96 0.75
97 0.7578125
98 0.765625
99 0.7734375
100 0.78125
101 0.7890625
102 0.796875
103 0.8046875
104 0.8125
105 0.8203125
106 0.828125
107 0.8359375
108 0.84375
109 0.8515625
110 0.859375
111 0.8671875
112 0.875
113 0.8828125
114 0.890625
115 0.8984375
116 0.90625
117 0.9140625
118 0.921875
119 0.9296875
120 0.9375
121 0.9453125
122 0.953125
123 0.9609375
124 0.96875
125 0.9765625
126 0.984375
127 0.9921875
128 1
EOD

set style line 100 lc rgb '#dcdcdc' lw 1 dt solid
set grid ls 100
set key below center horizontal samplen 2 width 2 height 1
set border 3 lw 1.2
set tics nomirror out
set pointsize 1.1
set linetype 1 lc rgb '#1f77b4' lw 2
set linetype 2 lc rgb '#d62728' lw 2
set linetype 3 lc rgb '#2ca02c' lw 2
set linetype 4 lc rgb '#9467bd' lw 2
set linetype 5 lc rgb '#d95f02' lw 2
set linetype 6 lc rgb '#00838f' lw 2
set linetype 7 lc rgb '#8c564b' lw 2
set linetype 8 lc rgb '#c2185b' lw 2

# The figure, drawn once per terminal: PNG, then SVG.
do for [fmt in "png svg"] {
    if (fmt eq "png") {
        set terminal pngcairo size 800,500 noenhanced font 'Sans,11'
        set output png_out
    } else {
        set terminal svg size 800,500 dynamic noenhanced font 'Sans,11'
        set output svg_out
    }
    set multiplot layout 1,1 title 'C12/C13: useful lanes per group size; 64 is the first 100% on both widths' font 'Sans,13'
    # Panel 1
    unset title
    set xlabel 'workgroup size (invocations)'
    set ylabel 'SIMD efficiency (useful lanes / issued lanes)'
    set format x '%.0f'
    set format y '% h'
    unset logscale
    set yrange [0:1]
    set ytics ('0.0' 0, '0.2' 0.2, '0.4' 0.4, '0.6' 0.6, '0.8' 0.8, '1.0' 1)
    set key on
    plot $p1_c1 using 1:2 with linespoints lt 1 pt 7 title 'hw.name = nvidia-sm80', \
         $p1_c2 using 1:2 with linespoints lt 2 pt 5 title 'hw.name = amd-gcn'
    set ytics autofreq
    set yrange [*:*]
    unset multiplot
    set output
}
