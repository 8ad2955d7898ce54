# model.plot: observed against predicted times from a cpm-validate
# directory (doc/workflow.md). Draws, for each terminal of `terms`:
#   p2p.EXT      one-way time of the pair (pair_i, pair_j) against message size:
#                observed (with its confidence interval) and each model
#   scatter.EXT  linear and native scatter observed, each model's scatter
#   gather.EXT   the same for gather
#
#   gnuplot -e "dir='results'" model.plot
#   gnuplot -e "dir='results'; out='figs'; terms='pdf'; pair_i=0; pair_j=3" model.plot
#
# Each model's predictions are drawn with a band, the interval that its
# parameters' confidence intervals imply (columns lo hi of the compare
# files, `model --compare`).
#
# Variables: dir (the cpm-validate directory, required), out (default
# dir/figures), terms (any of "png pdf eps", default all three), pair_i, pair_j
# (the pair, default 0 1), best_scatter, best_gather (the stem of a compare
# file, e.g. LMO-scatter_positional: drawn as a thick dashed black line,
# "best", the model the report names for the linear operation; default
# none). Runs from any directory.

if (!exists("dir")) { print "model.plot: give the data directory: gnuplot -e \"dir='DIR'\" model.plot"; exit status 2 }
if (!exists("out")) out = dir."/figures"
if (!exists("terms")) terms = "png pdf eps"
if (!exists("pair_i")) pair_i = 0
if (!exists("pair_j")) pair_j = 1
if (!exists("best_scatter")) best_scatter = ""
if (!exists("best_gather")) best_gather = ""

# Each model keeps its colour and point type (its position in `models`)
# in every figure; LogGP predicts p2p only, Hockney-parallel (the max form
# of the linear collectives) collectives only, Dimemas (native, tree-based
# collectives) p2p only here. A model whose compare file is missing (not
# in cpm-validate -M) is left out with a gnuplot warning.
models = "Hockney Hockney-homogeneous LMO PLogP LogGP Hockney-parallel HLogGP Dimemas taulop"
colours = "#9400d3 #009e73 #56b4e9 #e69f00 #c8b400 #0072b2 #e51e10 #8b4513 #ff1493"
p2p_models = "1 2 3 4 5 7 8 9"
coll_models = "1 6 2 3 4 7 9"
obsf(obs) = sprintf("%s/observed/%s.out", dir, obs)
cmp(m, obs) = sprintf("%s/compare/%s-%s.txt", dir, m, obs)
# The rows of the pair, through awk, so that each model's line is unbroken.
pair_rows(f) = sprintf("< awk '!/^#/ && (($2 == %d && $3 == %d) || ($2 == %d && $3 == %d))' '%s'", \
                       pair_i, pair_j, pair_j, pair_i, f)
is_pair(i, j) = (i == pair_i && j == pair_j) || (i == pair_j && j == pair_i)

set logscale xy
set format x "10^{%L}"
set format y "10^{%L}"
set xlabel "message size (bytes)"
set key outside right top reverse Left box noenhanced font ",9" spacing 0.9
set grid
set style data linespoints
set pointsize 0.9
set bars small

# The terminals, sizes and fonts shared by every script (style.gp, next
# to this one): setterm(t, name) sets the terminal t and out/name.EXT.
load sprintf("%s/style.gp", system(sprintf("dirname '%s'", ARG0)))
# A band: the interval of a model's predictions that its parameters'
# confidence intervals imply (columns lo hi of the compare files), in the
# model's colour; undefined where the lower end is not positive (log y).
# (EPS has no transparency: hatched there.)

do for [t in terms] {
    if (t eq "eps") { set style fill transparent pattern 4 noborder } else { set style fill transparent solid 0.18 noborder }
    # --- point to point -------------------------------------------------
    eval setterm(t, "p2p")
    set title sprintf("Point-to-point %d -> %d: observed and predicted", pair_i, pair_j)
    set ylabel "one-way time (s)"
    plot for [k in p2p_models] pair_rows(cmp(word(models, k + 0), "p2p")) \
            using 1:($8 > 0 ? $8 : 1/0):9 with filledcurves lc rgb word(colours, k + 0) notitle, \
         obsf("p2p") using 1:(is_pair($2, $3) ? $4 : 1/0):7 \
            with yerrorbars lw 2 pt 7 lc rgb "black" title "observed (95% CI)", \
         for [k in p2p_models] pair_rows(cmp(word(models, k + 0), "p2p")) \
            using 1:6 with linespoints lw 1.5 lc rgb word(colours, k + 0) pt (k + 0) title word(models, k + 0)
    set output

    # --- scatter and gather ---------------------------------------------
    do for [c in "scatter gather"] {
        eval setterm(t, c)
        lin = (c eq "scatter") ? "MPIB_Scatter_linear" : "MPIB_Gather_linear"
        nat = (c eq "scatter") ? "MPI_Scatter" : "MPI_Gather"
        bests = (c eq "scatter") ? best_scatter : best_gather
        set title sprintf("%s: observed (linear and native) and predicted (linear)", c eq "scatter" ? "Scatter" : "Gather")
        set ylabel "time (s)"
        set xlabel "message size per process (bytes)"
            plot for [k in coll_models] cmp(word(models, k + 0), lin) \
                using 1:($6 > 0 ? $6 : 1/0):7 with filledcurves lc rgb word(colours, k + 0) notitle, \
             obsf(lin) using 1:2:5 with yerrorbars lw 2 pt 7 lc rgb "black" \
                title sprintf("observed %s (95%% CI)", lin), \
             obsf(nat) using 1:2:5 with yerrorbars lw 2 pt 5 lc rgb "gray40" \
                title sprintf("observed %s (95%% CI)", nat), \
             for [k in coll_models] cmp(word(models, k + 0), lin) \
                using 1:($4 > 0 ? $4 : 1/0) with linespoints lw 1.5 lc rgb word(colours, k + 0) pt (k + 0) \
                title word(models, k + 0), \
             cmp(bests ne "" ? bests : word(models, 1), lin) \
                using 1:(bests ne "" && $4 > 0 ? $4 : 1/0) with lines lw 3 dt 2 lc rgb "black" \
                title (bests ne "" ? sprintf("best: %s", bests) : "")
        set output
        set xlabel "message size (bytes)"
    }
}

# --- captions: out/NAME.caption.txt -------------------------------------
# What each figure shows, with units, every model drawn and the commands
# that produced the data (the `# command:` line of the observed file, the
# `measured command` of each model file in dir/models, where present).
exists_file(f) = system(sprintf("test -s '%s' && echo 1 || echo 0", f)) + 0
obs_command(f) = system(sprintf("sed -n 's/^# command: //p' '%s' | head -1", f))
base_model(m) = (strstrt(m, "-") > 0) ? m[1:strstrt(m, "-") - 1] : m
model_command(m) = system(sprintf("sed -n 's/^measured command //p' '%s/models/%s.model' 2>/dev/null | head -1", dir, base_model(m)))
do for [c in "p2p scatter gather"] {
    lin = (c eq "p2p") ? "p2p" : (c eq "scatter") ? "MPIB_Scatter_linear" : "MPIB_Gather_linear"
    nat = (c eq "scatter") ? "MPI_Scatter" : (c eq "gather") ? "MPI_Gather" : ""
    set print sprintf("%s/%s.caption.txt", out, c)
    if (c eq "p2p") {
        print sprintf("p2p: point-to-point one-way time of the pair %d -> %d (s) against the message size (bytes), log-log: observed (black, with its 95%% confidence interval) and predicted by each model, with the band that the model's parameters' confidence intervals imply.", pair_i, pair_j)
    } else {
        print sprintf("%s: time of the %s (s) against the message size per process (bytes), log-log: observed %s and %s (with their 95%% confidence intervals) and the linear %s predicted by each model, with the band that the model's parameters' confidence intervals imply.", c, c, lin, nat, c)
    }
    print sprintf("Observed: observed/%s.out: %s", lin, obs_command(obsf(lin)))
    if (nat ne "") { print sprintf("Observed: observed/%s.out: %s", nat, obs_command(obsf(nat))) }
    ks = (c eq "p2p") ? p2p_models : coll_models
    do for [k in ks] {
        m = word(models, k + 0)
        if (exists_file(cmp(m, lin))) {
            mc = model_command(m)
            print sprintf("Model %s (compare/%s-%s.txt): %s", m, m, lin, (mc ne "") ? "built by ".mc : "its model file is not in the directory")
        }
    }
    bests = (c eq "scatter") ? best_scatter : (c eq "gather") ? best_gather : ""
    if (bests ne "" && exists_file(cmp(bests, lin))) {
        mc = model_command(bests)
        print sprintf("Best (dashed black; the report's choice for %s): %s (compare/%s-%s.txt): %s", lin, bests, bests, lin, (mc ne "") ? "built by ".mc : "its model file is not in the directory")
    }
    print sprintf("Drawn by plots/model.plot (PNG, PDF, EPS: %s.*).", c)
    set print
}
