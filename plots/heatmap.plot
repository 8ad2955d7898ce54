# heatmap.plot: per-pair latency and bandwidth matrices, as mpiGraph draws
# them, from the output of `model --heatmap FILE` (a model file or a p2p
# output; doc/formats.md, "Heatmap"). Draws, for each terminal of `terms`:
#   NAME-latency.EXT    one-way time of each pair i -> j at the first size
#   NAME-bandwidth.EXT  size / one-way time at the last size
# and NAME.caption.txt: what each figure shows and the data's header lines.
#
#   model --heatmap lmo.model -o lmo.heat
#   gnuplot -e "file='lmo.heat'" heatmap.plot
#   gnuplot -e "file='p2p.heat'; out='figs'; name='p2p'; terms='pdf'" heatmap.plot
#
# Variables: file (the heatmap, required), out (default: file's
# directory), name (default: file's name without its extension), terms
# (any of "png pdf eps", default all three), title (default: the file's
# first header line). Runs from any directory.

if (!exists("file")) { print "heatmap.plot: give the data file: gnuplot -e \"file='FILE'\" heatmap.plot"; exit status 2 }
base = system(sprintf("basename '%s'", file))
if (!exists("out")) out = system(sprintf("dirname '%s'", file))
if (!exists("name")) name = (strstrt(base, ".") > 0) ? base[1:strstrt(base, ".") - 1] : base
if (!exists("terms")) terms = "png pdf eps"
if (!exists("title")) title = system(sprintf("sed -n '1s/^# CPM heatmap of //p' '%s'", file))
n = int(system(sprintf("sed -n 's/^# processes: //p' '%s'", file)))
if (n < 2) { print sprintf("heatmap.plot: %s has no '# processes:' line of 2 or more", file); exit status 1 }
lat_head = system(sprintf("sed -n 's/^# block 0: //p' '%s'", file))
bw_head = system(sprintf("sed -n 's/^# block 1: //p' '%s'", file))

load sprintf("%s/style.gp", system(sprintf("dirname '%s'", ARG0)))

set size ratio -1
set xrange [-0.5:n - 0.5]
set yrange [n - 0.5:-0.5]
set xlabel "receiver rank j"
set ylabel "sender rank i"
set tics out nomirror
tstep = (n <= 16) ? 1 : int(n / 8)
set xtics 0, tstep
set ytics 0, tstep
set palette defined (0 "#fff5eb", 0.35 "#fdae6b", 0.7 "#e6550d", 1 "#7f2704")
set format cb "%g"
set cblabel offset 1, 0
unset key
# what has no value (the diagonal) shows grey
set object 1 rectangle from graph 0, 0 to graph 1, 1 behind fillcolor rgb "#bdbdbd" fillstyle solid noborder
# The diagonal and other missing entries are "nan" in the file: read as
# -1 and drawn as undefined (blank), without gnuplot's warning about
# missing values in a matrix.
block(k) = sprintf("< awk 'BEGIN { b = 0 } /^$/ { e++; next } e >= 2 { b++; e = 0 } { e = 0 } !/^#/ && b == %d { gsub(/nan/, \"-1\"); print }' '%s'", k, file)

do for [t in terms] {
    eval setterm_square(t, name."-latency")
    set title noenhanced sprintf("%s\n%s", title, lat_head)
    set cblabel "one-way time ({/Symbol m}s)"
    plot block(0) matrix using 1:2:($3 < 0 ? 1/0 : $3 * 1e6) with image
    set output
    eval setterm_square(t, name."-bandwidth")
    set title noenhanced sprintf("%s\n%s", title, bw_head)
    set cblabel "bandwidth (MB/s, 10^6 bytes/s)"
    plot block(1) matrix using 1:2:($3 < 0 ? 1/0 : $3 / 1e6) with image
    set output
}

set print sprintf("%s/%s.caption.txt", out, name)
print sprintf("%s-latency: per-pair latency of %s: %s; row i is the sender, column j the receiver, the diagonal (no value) grey.", name, title, lat_head)
print sprintf("%s-bandwidth: per-pair bandwidth of %s: %s.", name, title, bw_head)
print sprintf("Data: %s, written by: %s", base, system(sprintf("sed -n 's/^# command: //p' '%s' | head -1", file)))
print sprintf("Drawn by plots/heatmap.plot (PNG, PDF, EPS: %s-latency.*, %s-bandwidth.*).", name, name)
set print
