# collective.plot: several collectives against message size, each with its
# confidence interval, from outputs of the `collective` tool
# (doc/formats.md), e.g. native vs MPIB vs model-based (CPM_*_opt).
#
#   gnuplot -e "dir='results'; ops='MPI_Scatter MPIB_Scatter_linear CPM_Scatter_linear_opt'" collective.plot
#
# Variables: dir (required: the directory of the files OP.out), ops (the
# operations, i.e. file names without .out; default the four linear and
# native scatters and gathers that cpm-validate measures, in
# dir/observed/ if they are there), out (default dir), name (file name of
# the figure without extension, default "collective"), title, terms (any
# of "png pdf eps", default all three). Runs from any directory.

if (!exists("dir")) { print "collective.plot: give the data directory: gnuplot -e \"dir='DIR'\" collective.plot"; exit status 2 }
if (!exists("ops")) ops = "MPI_Scatter MPIB_Scatter_linear MPI_Gather MPIB_Gather_linear"
if (!exists("out")) out = dir
if (!exists("name")) name = "collective"
if (!exists("title")) title = "Collective operations: observed times (95% confidence intervals)"
if (!exists("terms")) terms = "png pdf eps"

# OP.out in dir, or in dir/observed (a cpm-validate directory)
has(f) = system(sprintf("test -s '%s' && echo 1 || echo 0", f)) + 0
file(op) = has(sprintf("%s/%s.out", dir, op)) ? sprintf("%s/%s.out", dir, op) \
                                                : sprintf("%s/observed/%s.out", dir, op)

set logscale xy
set format x "10^{%L}"
set format y "10^{%L}"
set xlabel "message size per process (bytes)"
set ylabel "time (s)"
set key top left reverse Left box opaque noenhanced
set grid
set pointsize 0.9
set bars small

# The terminals, sizes and fonts shared by every script (style.gp).
load sprintf("%s/style.gp", system(sprintf("dirname '%s'", ARG0)))

do for [t in terms] {
    eval setterm(t, name)
    set title title noenhanced
    # columns of a collective output: M T wtick reps ci
    plot for [k = 1:words(ops)] file(word(ops, k)) using 1:($2 > 0 ? $2 : 1/0) \
            with lines lw 1.5 lc k notitle, \
         for [k = 1:words(ops)] file(word(ops, k)) using 1:($2 > 0 ? $2 : 1/0):5 \
            with yerrorbars pt k lc k title word(ops, k)
    set output
}

# The caption, out/NAME.caption.txt: what the figure shows, with units,
# and the command that measured each operation.
set print sprintf("%s/%s.caption.txt", out, name)
print sprintf("%s: %s; time (s) against the message size per process (bytes), log-log, each with its 95%% confidence interval.", name, title)
do for [k = 1:words(ops)] {
    print sprintf("%s: %s", word(ops, k), system(sprintf("sed -n 's/^# command: //p' '%s' | head -1", file(word(ops, k)))))
}
print sprintf("Drawn by plots/collective.plot (PNG, PDF, EPS: %s.*).", name)
set print
