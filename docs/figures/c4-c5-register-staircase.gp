# c4-c5-register-staircase.gp: a cusim experiment figure (written by plot_write; edit freely to restyle).
# Figure: C4/C5: registers per invocation set resident groups in steps (blur 16x16, seed CU)
# Data: c4-c5.csv (113 rows), columns:
#   panel 1: x = kernel.registers, y = occupancy.workgroups_per_cu
#   panel 2: x = kernel.registers, y = cycles
# Re-render: gnuplot c4-c5-register-staircase.gp
#   writes c4-c5-register-staircase.png (pngcairo, 800 px wide) and c4-c5-register-staircase.svg next to this script.
#   The data is inlined below, so this file alone reproduces the figure.

if (!exists("png_out") || !exists("svg_out")) {
    here = ''
    if (exists("ARG0")) {
        do for [i = strlen(ARG0):1:-1] {
            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }
        }
    }
    png_out = here.'c4-c5-register-staircase.png'
    svg_out = here.'c4-c5-register-staircase.svg'
}

# Panel 1, curve 1: occupancy.workgroups_per_cu against kernel.registers (113 points)
$p1_c1 << EOD
16 8
17 8
18 8
19 8
20 8
21 8
22 8
23 8
24 8
25 8
26 8
27 8
28 8
29 8
30 8
31 8
32 8
33 6
34 6
35 6
36 6
37 6
38 6
39 6
40 6
41 5
42 5
43 5
44 5
45 5
46 5
47 5
48 5
49 4
50 4
51 4
52 4
53 4
54 4
55 4
56 4
57 4
58 4
59 4
60 4
61 4
62 4
63 4
64 4
65 3
66 3
67 3
68 3
69 3
70 3
71 3
72 3
73 3
74 3
75 3
76 3
77 3
78 3
79 3
80 3
81 2
82 2
83 2
84 2
85 2
86 2
87 2
88 2
89 2
90 2
91 2
92 2
93 2
94 2
95 2
96 2
97 2
98 2
99 2
100 2
101 2
102 2
103 2
104 2
105 2
106 2
107 2
108 2
109 2
110 2
111 2
112 2
113 2
114 2
115 2
116 2
117 2
118 2
119 2
120 2
121 2
122 2
123 2
124 2
125 2
126 2
127 2
128 2
EOD

# Panel 2, curve 1: cycles against kernel.registers (113 points)
$p2_c1 << EOD
16 41398
17 41398
18 41398
19 41398
20 41398
21 41398
22 41398
23 41398
24 41398
25 41398
26 41398
27 41398
28 41398
29 41398
30 41398
31 41398
32 41398
33 42613
34 42613
35 42613
36 42613
37 42613
38 42613
39 42613
40 42613
41 49117
42 49117
43 49117
44 49117
45 49117
46 49117
47 49117
48 49117
49 62273
50 62273
51 62273
52 62273
53 62273
54 62273
55 62273
56 62273
57 62273
58 62273
59 62273
60 62273
61 62273
62 62273
63 62273
64 62273
65 80858
66 80858
67 80858
68 80858
69 80858
70 80858
71 80858
72 80858
73 80858
74 80858
75 80858
76 80858
77 80858
78 80858
79 80858
80 80858
81 116257
82 116257
83 116257
84 116257
85 116257
86 116257
87 116257
88 116257
89 116257
90 116257
91 116257
92 116257
93 116257
94 116257
95 116257
96 116257
97 116257
98 116257
99 116257
100 116257
101 116257
102 116257
103 116257
104 116257
105 116257
106 116257
107 116257
108 116257
109 116257
110 116257
111 116257
112 116257
113 116257
114 116257
115 116257
116 116257
117 116257
118 116257
119 116257
120 116257
121 116257
122 116257
123 116257
124 116257
125 116257
126 116257
127 116257
128 116257
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
        set terminal pngcairo size 800,1000 noenhanced font 'Sans,11'
        set output png_out
    } else {
        set terminal svg size 800,1000 dynamic noenhanced font 'Sans,11'
        set output svg_out
    }
    set multiplot layout 2,1 title 'C4/C5: registers per invocation set resident groups in steps (blur 16x16, seed CU)' font 'Sans,13'
    # Panel 1
    set title 'Resident groups (the seeds'' versions A and B: 40 and 72 registers)' font 'Sans,13'
    set xlabel 'registers per invocation'
    set ylabel 'resident workgroups per CU'
    set format x '%.0f'
    set format y '%.0f'
    unset logscale
    set yrange [0:8]
    set ytics ('0' 0, '1' 1, '2' 2, '3' 3, '4' 4, '5' 5, '6' 6, '7' 7, '8' 8)
    set key off
    plot $p1_c1 using 1:2 with linespoints lt 1 pt 7 title 'occupancy.workgroups_per_cu'
    set ytics autofreq
    set yrange [*:*]
    # Panel 2
    set title 'Time: flat within a step, a jump at each dropped group' font 'Sans,13'
    set xlabel 'registers per invocation'
    set ylabel 'kernel time (cycles)'
    set format x '%.0f'
    set format y '%.0s%c'
    unset logscale
    set yrange [0:120000]
    set ytics ('0' 0, '20k' 20000, '40k' 40000, '60k' 60000, '80k' 80000, '100k' 100000, '120k' 120000)
    set key off
    plot $p2_c1 using 1:2 with linespoints lt 1 pt 7 title 'cycles'
    set ytics autofreq
    set yrange [*:*]
    unset multiplot
    set output
}
