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
16 42114
17 42114
18 42114
19 42114
20 42114
21 42114
22 42114
23 42114
24 42114
25 42114
26 42114
27 42114
28 42114
29 42114
30 42114
31 42114
32 42114
33 43119
34 43119
35 43119
36 43119
37 43119
38 43119
39 43119
40 43119
41 50195
42 50195
43 50195
44 50195
45 50195
46 50195
47 50195
48 50195
49 63742
50 63742
51 63742
52 63742
53 63742
54 63742
55 63742
56 63742
57 63742
58 63742
59 63742
60 63742
61 63742
62 63742
63 63742
64 63742
65 82696
66 82696
67 82696
68 82696
69 82696
70 82696
71 82696
72 82696
73 82696
74 82696
75 82696
76 82696
77 82696
78 82696
79 82696
80 82696
81 118817
82 118817
83 118817
84 118817
85 118817
86 118817
87 118817
88 118817
89 118817
90 118817
91 118817
92 118817
93 118817
94 118817
95 118817
96 118817
97 118817
98 118817
99 118817
100 118817
101 118817
102 118817
103 118817
104 118817
105 118817
106 118817
107 118817
108 118817
109 118817
110 118817
111 118817
112 118817
113 118817
114 118817
115 118817
116 118817
117 118817
118 118817
119 118817
120 118817
121 118817
122 118817
123 118817
124 118817
125 118817
126 118817
127 118817
128 118817
EOD

set style line 100 lc rgb '#dcdcdc' lw 1 dt solid
set grid ls 100
set key below center horizontal samplen 2 width 2 height 1
set border 3 lw 1.2
set tics nomirror out
set pointsize 1.1
do for [i = 1:8] { set linetype i lw 2 }

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
    plot $p1_c1 using 1:2 with linespoints lt 1 pt 7 title 'occupancy.workgroups_per_cu'
    # Panel 2
    set title 'Time: flat within a step, a jump at each dropped group' font 'Sans,13'
    set xlabel 'registers per invocation'
    set ylabel 'kernel time (cycles)'
    set format x '%.0f'
    set format y '%.0s%c'
    unset logscale
    plot $p2_c1 using 1:2 with linespoints lt 1 pt 7 title 'cycles'
    unset multiplot
    set output
}
