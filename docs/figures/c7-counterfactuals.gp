# c7-counterfactuals.gp: a cusim experiment figure (written by plot_write; edit freely to restyle).
# Figure: C7: more residency helps the latency-bound kernel, more bandwidth the copy
# Data: c7.csv (6 rows), columns:
#   panel 1: x = kernel.name, y = warp_states.issued, warp_states.eligible, warp_states.long_scoreboard, warp_states.short_scoreboard, warp_states.barrier, warp_states.memory_throttle, warp_states.pipe_busy (stacked)
# Re-render: gnuplot c7-counterfactuals.gp
#   writes c7-counterfactuals.png (pngcairo, 800 px wide) and c7-counterfactuals.svg next to this script.
#   The data is inlined below, so this file alone reproduces the figure.

if (!exists("png_out") || !exists("svg_out")) {
    here = ''
    if (exists("ARG0")) {
        do for [i = strlen(ARG0):1:-1] {
            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }
        }
    }
    png_out = here.'c7-counterfactuals.png'
    svg_out = here.'c7-counterfactuals.svg'
}

# Panel 1: 6 bars of 7 stacked columns, in the results' order
$p1_bars << EOD
"latency-bound" 0.02296116666 0.005932963492 0.9094508853 0.06165498455 0 0 0
"latency-bound, 1/2 shared" 0.02271363037 0.0166452704 0.8996507955 0.06099030377 0 0 0
"latency-bound, 2x bandwidth" 0.02301514364 0.005944690845 0.9092402428 0.06179992275 0 0 0
"copy" 0.000422397983 0.0005179944016 0.527382238 0.000422397983 0 0.4712549716 0
"copy, 1/2 shared" 0.0002505222067 0.0008185601073 0.3129901473 0.0002505222067 0 0.6856902482 0
"copy, 2x bandwidth" 0.0006935312185 0.001063775749 0.4352060783 0.0006935312185 0 0.5623430835 0
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
    set multiplot layout 1,1 title 'C7: more residency helps the latency-bound kernel, more bandwidth the copy' font 'Sans,13'
    set key on
    # Panel 1 (stacked)
    set title 'Where the resident subgroups spend their cycles' font 'Sans,13'
    set xlabel 'kernel.name'
    set ylabel 'share of resident subgroup-cycles'
    set format y '% h'
    unset logscale
    set style data histograms
    set style histogram rowstacked
    set style fill solid border -1
    set boxwidth 0.75 relative
    set grid noxtics ytics ls 100
    set yrange [0:1]
    set xtics rotate by -45
    plot $p1_bars using 2:xtic(1) lc rgb '#4e79a7' lw 1 title 'issued', \
         $p1_bars using 3 lc rgb '#f28e2b' lw 1 title 'eligible', \
         $p1_bars using 4 lc rgb '#e15759' lw 1 title 'long_scoreboard', \
         $p1_bars using 5 lc rgb '#76b7b2' lw 1 title 'short_scoreboard', \
         $p1_bars using 6 lc rgb '#59a14f' lw 1 title 'barrier', \
         $p1_bars using 7 lc rgb '#edc948' lw 1 title 'memory_throttle', \
         $p1_bars using 8 lc rgb '#b07aa1' lw 1 title 'pipe_busy'
    set xtics norotate
    set yrange [*:*]
    set grid xtics ytics ls 100
    set style fill empty
    set style data points
    unset multiplot
    set output
}
