# c2-stall-breakdown.gp: a cusim experiment figure (written by plot_write; edit freely to restyle).
# Figure: C2: where the cycles go as residency grows
# Data: c2.csv (15 rows), columns:
#   panel 1: x = occupancy.subgroups_per_cu, y = stalls.issued, stalls.memory, stalls.dependency, stalls.barrier, stalls.memory_throttle, stalls.pipe_busy, stalls.idle, stalls.tail (stacked)
#   panel 2: x = occupancy.subgroups_per_cu, y = warp_states.issued, warp_states.eligible, warp_states.long_scoreboard, warp_states.short_scoreboard, warp_states.barrier, warp_states.memory_throttle, warp_states.pipe_busy (stacked)
# Re-render: gnuplot c2-stall-breakdown.gp
#   writes c2-stall-breakdown.png (pngcairo, 800 px wide) and c2-stall-breakdown.svg next to this script.
#   The data is inlined below, so this file alone reproduces the figure.

if (!exists("png_out") || !exists("svg_out")) {
    here = ''
    if (exists("ARG0")) {
        do for [i = strlen(ARG0):1:-1] {
            if (here eq '' && ARG0[i:i] eq '/') { here = ARG0[1:i] }
        }
    }
    png_out = here.'c2-stall-breakdown.png'
    svg_out = here.'c2-stall-breakdown.svg'
}

# Panel 1: 15 bars of 8 stacked columns, sorted by x
$p1_bars << EOD
"8" 0.1834833161 0.8156251936 4.424269774e-06 0 0 0 0 0.0008870660897
"12" 0.2714713535 0.7272096486 6.545894906e-06 0 0 0 0 0.001312451929
"16" 0.3625364967 0.6357020473 8.741717223e-06 0 0 0 0 0.001752714303
"20" 0.4437263944 0.5541176722 1.069942116e-05 0 0 0 0 0.002145233943
"24" 0.5216013282 0.4758643676 1.257719252e-05 0 0 0 0 0.0025217271
"28" 0.6006647983 0.3964167518 1.448362264e-05 0 0 0 0 0.00290396634
"32" 0.7079791048 0.2885810372 1.707125542e-05 0 0 0 0 0.003422786712
"36" 0.7528113343 0.2435309814 1.815227947e-05 0 0 0 0 0.003639532034
"40" 0.861979735 0.1338321642 2.078461938e-05 0 0 0 0 0.004167316186
"44" 0.9257142857 0.06934151786 0.00046875 0 0 0 0 0.004475446429
"48" 0.9330663487 0.06213017751 0.0002924831822 0 0 0 0 0.004510990618
"52" 0.9474982865 0.04774960018 0.0001713502399 0 0 0 0 0.00458076308
"56" 0.9475632326 0.04759293532 0.0002627550438 0 0 0 0 0.004581077067
"60" 0.9467304334 0.04844140576 0.0002511100204 0 0 0 0 0.004577050827
"64" 0.9434674796 0.05159587779 0.0003753668358 0 0 0 0 0.004561275792
EOD

# Panel 2: 15 bars of 7 stacked columns, sorted by x
$p2_bars << EOD
"8" 0.02296017512 0.00597810501 0.9094093978 0.06165232209 0 0 0
"12" 0.02283274213 0.01149399974 0.9043631172 0.06131014089 0 0 0
"16" 0.0227077105 0.01690594303 0.8994119386 0.06097440783 0 0 0
"20" 0.02258502468 0.02221634071 0.8945536609 0.06064497367 0 0 0
"24" 0.02246463088 0.02742752026 0.8897861548 0.06032169403 0 0 0
"28" 0.02234647708 0.03254173395 0.8851073598 0.06000442921 0 0 0
"32" 0.02223051292 0.03756116178 0.8805152813 0.05969304396 0 0 0
"36" 0.02211668964 0.04159011703 0.8759941231 0.05938740737 0 0.0009116628314 0
"40" 0.02200496003 0.04561657079 0.8715655718 0.05908739267 0 0.001725504678 0
"44" 0.02176723929 0.05694952653 0.8622216472 0.05844906845 0 0.0006125185245 0
"48" 0.0205465658 0.11004095 0.8138824572 0.05517133409 0 0.0003586929408 0
"52" 0.019269222 0.1654280737 0.763286445 0.05174142945 0 0.0002748298808 0
"56" 0.01793445827 0.2232014513 0.7104511724 0.04815734166 0 0.0002555764091 0
"60" 0.01681188361 0.2715499043 0.6659592801 0.0451430208 0 0.0005359112203 0
"64" 0.01580336336 0.3145988485 0.6260042149 0.04243495717 0 0.001158616085 0
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
    set multiplot layout 2,1 title 'C2: where the cycles go as residency grows' font 'Sans,13'
    set key on
    # Panel 1 (stacked)
    set title 'Issue slots: the scheduler issues, or why not (stalls.*)' font 'Sans,13'
    set xlabel 'resident subgroups per CU (of 64)'
    set ylabel 'share of issue slots'
    set format y '% h'
    unset logscale
    set style data histograms
    set style histogram rowstacked
    set style fill solid border -1
    set boxwidth 0.75 relative
    set grid noxtics ytics ls 100
    set yrange [0:1]
    plot $p1_bars using 2:xtic(1) lc rgb '#4e79a7' lw 1 title 'issued', \
         $p1_bars using 3 lc rgb '#f28e2b' lw 1 title 'memory', \
         $p1_bars using 4 lc rgb '#e15759' lw 1 title 'dependency', \
         $p1_bars using 5 lc rgb '#76b7b2' lw 1 title 'barrier', \
         $p1_bars using 6 lc rgb '#59a14f' lw 1 title 'memory_throttle', \
         $p1_bars using 7 lc rgb '#edc948' lw 1 title 'pipe_busy', \
         $p1_bars using 8 lc rgb '#b07aa1' lw 1 title 'idle', \
         $p1_bars using 9 lc rgb '#ff9da7' lw 1 title 'tail'
    set yrange [*:*]
    set grid xtics ytics ls 100
    set style fill empty
    set style data points
    set key on
    # Panel 2 (stacked)
    set title 'Subgroups: what each resident one is doing (warp_states.*)' font 'Sans,13'
    set xlabel 'resident subgroups per CU (of 64)'
    set ylabel 'share of subgroup-cycles'
    set format y '% h'
    unset logscale
    set style data histograms
    set style histogram rowstacked
    set style fill solid border -1
    set boxwidth 0.75 relative
    set grid noxtics ytics ls 100
    set yrange [0:1]
    plot $p2_bars using 2:xtic(1) lc rgb '#4e79a7' lw 1 title 'issued', \
         $p2_bars using 3 lc rgb '#9c755f' lw 1 title 'eligible', \
         $p2_bars using 4 lc rgb '#d37295' lw 1 title 'long_scoreboard', \
         $p2_bars using 5 lc rgb '#8cd17d' lw 1 title 'short_scoreboard', \
         $p2_bars using 6 lc rgb '#76b7b2' lw 1 title 'barrier', \
         $p2_bars using 7 lc rgb '#59a14f' lw 1 title 'memory_throttle', \
         $p2_bars using 8 lc rgb '#edc948' lw 1 title 'pipe_busy'
    set yrange [*:*]
    set grid xtics ytics ls 100
    set style fill empty
    set style data points
    unset multiplot
    set output
}
