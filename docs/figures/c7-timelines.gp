# c7-timelines.gp: a cusim experiment figure (written by plot_write; edit freely to restyle).
# Figure: C7 over time: what each change does to residency and bytes in flight
# Data: c7.csv (6 rows), columns:
#   panel 1: x = cycle, y = resident_subgroups, series = kernel.name (timelines)
#   panel 2: x = cycle, y = bytes_in_flight, series = kernel.name (timelines)
# Re-render: gnuplot c7-timelines.gp
#   writes c7-timelines.png (pngcairo, 800 px wide) and c7-timelines.svg next to this script.
#   The data is inlined below, so this file alone reproduces the figure.

if (!exists("png_out") || !exists("svg_out")) {
    here = ''
    if (exists("ARG0")) {
        do for [i = strlen(ARG0):1:-1] {
            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }
        }
    }
    png_out = here.'c7-timelines.png'
    svg_out = here.'c7-timelines.svg'
}

# Panel 1, curve 1: resident_subgroups against cycle, point 0 (00000.csv), kernel.name = latency-bound (114 points)
$p1_c1 << EOD
2000 8
4000 8
6000 8
8000 8
10000 8
12000 8
14000 8
16000 8
18000 8
20000 8
22000 8
24000 8
26000 8
28000 8
30000 8
32000 8
34000 8
36000 8
38000 8
40000 8
42000 8
44000 8
46000 8
48000 8
50000 8
52000 8
54000 8
56000 8
58000 8
60000 8
62000 8
64000 8
66000 8
68000 8
70000 8
72000 8
74000 8
76000 8
78000 8
80000 8
82000 8
84000 8
86000 8
88000 8
90000 8
92000 8
94000 8
96000 8
98000 8
100000 8
102000 8
104000 8
106000 8
108000 8
110000 8
112000 8
114000 8
116000 8
118000 8
120000 8
122000 8
124000 8
126000 8
128000 8
130000 8
132000 8
134000 8
136000 8
138000 8
140000 8
142000 8
144000 8
146000 8
148000 8
150000 8
152000 8
154000 8
156000 8
158000 8
160000 8
162000 8
164000 8
166000 8
168000 8
170000 8
172000 8
174000 8
176000 8
178000 8
180000 8
182000 8
184000 8
186000 8
188000 8
190000 8
192000 8
194000 8
196000 8
198000 8
200000 8
202000 8
204000 8
206000 8
208000 8
210000 8
212000 8
214000 8
216000 8
218000 8
220000 8
222000 8
224000 8
226000 7.218
226228 0
EOD
# Panel 1, curve 2: resident_subgroups against cycle, point 1 (00001.csv), kernel.name = latency-bound, 1/2 shared (58 points)
$p1_c2 << EOD
2000 16
4000 16
6000 16
8000 16
10000 16
12000 16
14000 16
16000 16
18000 16
20000 16
22000 16
24000 16
26000 16
28000 16
30000 16
32000 16
34000 16
36000 16
38000 16
40000 16
42000 16
44000 16
46000 16
48000 16
50000 16
52000 16
54000 16
56000 16
58000 16
60000 16
62000 16
64000 16
66000 16
68000 16
70000 16
72000 16
74000 16
76000 16
78000 16
80000 16
82000 16
84000 16
86000 16
88000 16
90000 16
92000 16
94000 16
96000 16
98000 16
100000 16
102000 16
104000 16
106000 16
108000 16
110000 16
112000 16
114000 16
114596 3.55704698
EOD

# Panel 2, curve 1: bytes_in_flight against cycle, point 3 (00003.csv), kernel.name = copy (66 points)
$p2_c1 << EOD
2000 245084.16
4000 245760
6000 245760
8000 245760
10000 245760
12000 245760
14000 245760
16000 245760
18000 244981.76
20000 231654.4
22000 245760
24000 245760
26000 245760
28000 245760
30000 245760
32000 245760
34000 245685.76
36000 245611.52
38000 245760
40000 245760
42000 245760
44000 245760
46000 245760
48000 245760
50000 245588.224
52000 245709.056
54000 245760
56000 245760
58000 245760
60000 245760
62000 245760
64000 245760
66000 245537.28
68000 245760
70000 245760
72000 245760
74000 245760
76000 245760
78000 245760
80000 245699.584
82000 245597.696
84000 245760
86000 245760
88000 245760
90000 245760
92000 245760
94000 245760
96000 245598.976
98000 245698.304
100000 245760
102000 245760
104000 245760
106000 245760
108000 245760
110000 245760
112000 245537.28
114000 245760
116000 245760
118000 245760
120000 245760
122000 245760
124000 245760
126000 245620.736
128000 211696.64
130000 138488.832
131476 43897.40921
EOD
# Panel 2, curve 2: bytes_in_flight against cycle, point 5 (00005.csv), kernel.name = copy, 2x bandwidth (34 points)
$p2_c2 << EOD
2000 245084.16
4000 245760
6000 245760
8000 245760
10000 238282.24
12000 245757.44
14000 245760
16000 245760
18000 245760
20000 245760
22000 245760
24000 245760
26000 245760
28000 245760
30000 245760
32000 245760
34000 245760
36000 245760
38000 245760
40000 245760
42000 245760
44000 245760
46000 245760
48000 245760
50000 245760
52000 245760
54000 245760
56000 245760
58000 245760
60000 245760
62000 245760
64000 236743.68
66000 93982.72
66460 4149.426087
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
    set multiplot layout 2,1 title 'C7 over time: what each change does to residency and bytes in flight' font 'Sans,13'
    # Panel 1
    set title 'latency-bound: halving shared memory doubles residency and halves the time' font 'Sans,13'
    set xlabel 'cycle'
    set ylabel 'resident subgroups (1 CU)'
    set format x '%.0s%c'
    set format y '% h'
    unset logscale
    set yrange [0:16]
    set ytics ('0' 0, '2' 2, '4' 4, '6' 6, '8' 8, '10' 10, '12' 12, '14' 14, '16' 16)
    set key on
    plot $p1_c1 using 1:2 with lines lt 1 dt 1 title 'kernel.name = latency-bound', \
         $p1_c2 using 1:2 with lines lt 2 dt 1 title 'kernel.name = latency-bound, 1/2 shared'
    set ytics autofreq
    set yrange [*:*]
    # Panel 2
    set title 'copy: twice the bandwidth halves the time' font 'Sans,13'
    set xlabel 'cycle'
    set ylabel 'bytes in flight (30 CUs)'
    set format x '%.0s%c'
    set format y '% h'
    unset logscale
    set yrange [0:250000]
    set ytics ('0' 0, '50k' 50000, '100k' 100000, '150k' 150000, '200k' 200000, '250k' 250000)
    set key on
    plot $p2_c1 using 1:2 with lines lt 1 dt 1 title 'kernel.name = copy', \
         $p2_c2 using 1:2 with lines lt 2 dt 1 title 'kernel.name = copy, 2x bandwidth'
    set ytics autofreq
    set yrange [*:*]
    unset multiplot
    set output
}
