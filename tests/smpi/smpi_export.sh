#!/bin/bash
# Closed-loop SMPI check of `model --export simgrid` (issue 15): on a
# simulated platform, build Hockney, LMO and PLogP (smpi/model), export
# each (model -i FILE --export simgrid -o DIR), run smpi/p2p and
# smpi/collective (linear, binomial and native scatter, gather and bcast)
# on the export and on the original, and compare the times row by row:
# mu = max(a, b) / min(a, b), averaged over the rows of each run.
#
#   every export reproduces its model: the export's p2p times against
#     the model's own p2p prediction (model --compare), mean mu <= 1.02
#     (every model with its default sizes: PLogP's log plan finds the
#     segments, and its export has a line per link and segment);
#   linear platform (full, 8 hosts, os = ois = or, no segments): LMO's
#     export must give mean mu <= 1.02 on p2p and <= 1.05 on each
#     collective against the original; Hockney's p2p <= 1.02 (its
#     collectives are shown: with one segment Hockney cannot tell the
#     processors' delays from the links', and the root's serialised
#     sends are missing);
#   segmented platform (the same with --segments 8192,65536 and size
#     factors): Hockney and LMO, piecewise, must pass both bounds (their
#     segments identify the processors' part; LMO's export fits host
#     corrections where its one-to-two experiments do not separate the
#     processors' delays of a segment); so must PLogP on both platforms
#     (its host delays: the medians of its per-pair os, doc/formats.md,
#     "SimGrid export");
#   negative control: Hockney's export of the segmented platform without
#     its size factors (smpirun.cfg's factor lines removed) must fail the
#     p2p bound;
#   bad input: a model with a negative parameter, an unknown format, a
#     model without an export, an -o that is not an export directory: one
#     line naming the problem, exit status 2, nothing written.
#
# Run by make check through tests/run-test. Never skipped: without SimGrid
# it fails.
set -u
name=smpi_export.sh
# shellcheck source=smpi_common.sh
. "$(dirname "$0")/smpi_common.sh"
platform=${top_builddir:?}/cpm-smpi-platform
run=$top_builddir/cpm-smpirun
model=$top_builddir/model
smodel=$top_builddir/smpi/model
p2p=$top_builddir/smpi/p2p
coll=$top_builddir/smpi/collective
smpi_require "$platform" "$run" "$model" "$smodel" "$p2p" "$coll"
if ! (ulimit -s unlimited) 2>/dev/null; then
    echo "$name: cannot raise the stack limit (ulimit -s unlimited)," \
         "which R under smpirun needs" >&2
    exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cpm-smpi-export.XXXXXX") || exit 1
trap '[ -n "${CPM_EXPORT_KEEP:-}" ] || rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# The measurement of doc/formats.md runs the same script on larger
# platforms: CPM_EXPORT_HOSTS (default 8), CPM_EXPORT_TOPOLOGY (full),
# and on other random platforms: CPM_EXPORT_SEED (default 5).
hosts=${CPM_EXPORT_HOSTS:-8}
topology=${CPM_EXPORT_TOPOLOGY:-full}
seed=${CPM_EXPORT_SEED:-5}
# CPM_EXPORT_RENDEZVOUS=D: the platforms rendezvous from D bytes
# (cpm-smpi-platform --rendezvous D) and the exports say so (--rendezvous D)
rdv=()
[ -n "${CPM_EXPORT_RENDEZVOUS:-}" ] && rdv=(--rendezvous "$CPM_EXPORT_RENDEZVOUS")
p2p_sizes=0,100,5000,8191,8192,30000,65535,65536,200000,1048576
coll_sizes=100,5000,30000,200000
ops="MPIB_Scatter_linear MPIB_Scatter_binomial MPI_Scatter
     MPIB_Gather_linear MPIB_Gather_binomial MPI_Gather
     MPIB_Bcast_linear MPIB_Bcast_binomial MPI_Bcast"
seg=(--segments 8192,65536 --bw-factors 1,0.8,0.55 --lat-factors 1,1.6,4)

# mu_mean KEYCOLS A B: mean of max/min of the T column over the rows of
# A and B that have the same key (p2p: M i j, columns 1-3; collective: M).
mu_mean() {
    awk -v keys="$1" '
        /^#/ { next }
        { k = $1; if (keys == 3) k = $1 " " $2 " " $3
          t = (keys == 3) ? $4 : $2 }
        FNR == NR { a[k] = t; next }
        (k in a) && a[k] > 0 && t > 0 {
            m = a[k] > t ? a[k] / t : t / a[k]; s += m; n++
            if (m > w) w = m }
        END { if (n == 0) { print "nan 0 nan"; exit }
              printf "%.4f %d %.4f\n", s / n, n, w }' "$2" "$3"
}

# le X BOUND: X <= BOUND (numbers; false for nan).
le() { awk -v x="$1" -v b="$2" 'BEGIN { exit !(x == x + 0 && x <= b) }'; }

# runs PLATFORM TAG: p2p and every collective on PLATFORM (a prefix or
# an export directory), outputs $tmp/TAG.p2p and $tmp/TAG.OP.
runs() {
    "$run" "$1" "$p2p" --sizes $p2p_sizes -p 0 -r 3 -R 3 \
        -o "$tmp/$2.p2p" 2> "$tmp/$2.err" ||
        { fail "p2p on $2"; cat "$tmp/$2.err"; }
    local op
    for op in $ops; do
        "$run" "$1" "$coll" -O "$op" --sizes $coll_sizes -r 3 -R 3 \
            -o "$tmp/$2.$op" 2> "$tmp/$2.err" ||
            { fail "$op on $2"; cat "$tmp/$2.err"; }
    done
}

# compare ORIG EXPORT P2P COLL: the mu table of the export against the
# original; fails above the bounds where P2P (1.02) or COLL (1.05) is yes.
compare() {
    local r mean rows worst op
    r=$(mu_mean 3 "$tmp/$1.p2p" "$tmp/$2.p2p")
    read -r mean rows worst <<< "$r"
    printf '  %-24s mean mu %s  max %s  (%s rows)\n' p2p "$mean" "$worst" "$rows"
    if [ "$3" = yes ] && ! le "$mean" 1.02; then
        fail "$2: p2p mean mu $mean > 1.02"
    fi
    for op in $ops; do
        r=$(mu_mean 1 "$tmp/$1.$op" "$tmp/$2.$op")
        read -r mean rows worst <<< "$r"
        printf '  %-24s mean mu %s  max %s  (%s rows)\n' "$op" "$mean" "$worst" "$rows"
        if [ "$4" = yes ] && ! le "$mean" 1.05; then
            fail "$2: $op mean mu $mean > 1.05"
        fi
    done
}

# reproduces MODEL-FILE MODEL EXPORT ASSERT: the export's p2p times
# against the model's own prediction (model --compare); with ASSERT=yes,
# fails above mean mu 1.02.
reproduces() {
    local line mean
    line=$("$model" -M "$2" -i "$1" --compare "$tmp/$3.p2p" | tail -1)
    echo "  export against the model's p2p (asserted: $4): ${line#\# summary: }"
    mean=$(echo "$line" | sed -n 's/.*mean_mu \([^ ]*\).*/\1/p')
    if [ "$4" = yes ] && ! le "$mean" 1.02; then
        fail "$3: p2p against the $2 model: mean mu $mean > 1.02"
    fi
}

# build PLATFORM MODEL: smpi/model -M MODEL on PLATFORM into
# $tmp/PLATFORM.MODEL, then its export into $tmp/PLATFORM.MODEL.x.
build() {
    (cd "$tmp" && "$run" "$tmp/$1" "$smodel" -M "$2" \
        -o "$tmp/$1.$2") > "$tmp/build.log" 2>&1 ||
        { fail "smpi/model -M $2 on $1"; cat "$tmp/build.log"; return 1; }
    "$model" -M "$2" -i "$tmp/$1.$2" --export simgrid -o "$tmp/$1.$2.x" \
        ${rdv[@]+"${rdv[@]}"} 2> "$tmp/export.log" ||
        { fail "export of $2 on $1"; cat "$tmp/export.log"; return 1; }
    sed 's/^/  /' "$tmp/export.log"
}

for plat in lin seg; do
    opts=()
    [ $plat = seg ] && opts=("${seg[@]}")
    "$platform" -n "$hosts" -t "$topology" --seed "$seed" --one-delay \
        -o "$tmp/$plat" ${opts[@]+"${opts[@]}"} ${rdv[@]+"${rdv[@]}"} ||
        fail "cpm-smpi-platform $plat"
    echo "== platform $plat: cpm-smpi-platform -n $hosts -t $topology" \
         "--seed $seed --one-delay ${opts[*]:-} ${rdv[*]:-}"
    runs "$tmp/$plat" "$plat"
    for m in Hockney LMO PLogP; do
        echo "== $m on $plat: export"
        build $plat $m || continue
        runs "$tmp/$plat.$m.x" "$plat.$m.x"
        reproduces "$tmp/$plat.$m" $m "$plat.$m.x" yes
        line=$("$model" -M $m -i "$tmp/$plat.$m" --compare "$tmp/$plat.p2p" |
               tail -1)
        echo "  the model's own p2p against the original: ${line#\# summary: }"
        # Asserted against the original where the model can be exact:
        # p2p for every model but Hockney on the linear platform also the
        # collectives: where the model has the processors' delays (LMO;
        # PLogP's os; Hockney with segments, which identify them).
        p=no c=no
        case $plat.$m in
        lin.Hockney) p=yes ;;
        seg.Hockney | lin.LMO | seg.LMO | lin.PLogP | seg.PLogP) p=yes c=yes ;;
        esac
        echo "== $m on $plat: export against original" \
             "(asserted: p2p $p, collectives $c)"
        compare $plat "$plat.$m.x" $p $c
    done
done

# Negative control: the segmented Hockney export without its factors.
echo "== negative control: Hockney's export of seg without size factors"
if [ -d "$tmp/seg.Hockney.x" ]; then
    cp -r "$tmp/seg.Hockney.x" "$tmp/wrong"
    grep -v -e 'factor:' -e 'network/model:SMPI' "$tmp/seg.Hockney.x/smpirun.cfg" \
        > "$tmp/wrong/smpirun.cfg"
    "$run" "$tmp/wrong" "$p2p" --sizes $p2p_sizes -p 0 -r 3 -R 3 \
        -o "$tmp/wrong.p2p" 2> "$tmp/wrong.err" || fail "p2p on wrong"
    read -r mean rows worst <<< "$(mu_mean 3 "$tmp/seg.p2p" "$tmp/wrong.p2p")"
    echo "  p2p mean mu $mean max $worst ($rows rows)"
    if le "$mean" 1.02; then
        fail "a wrong export passed the p2p bound (mean mu $mean)"
    else
        echo "  (fails the bound, as it should)"
    fi
else
    fail "no Hockney export of seg for the negative control"
fi

# Bad input: one line, exit 2, nothing written.
echo "== bad input"
# the measured model with pair 0,1's alpha made negative
awk '$1 == "alpha" && $2 == 0 && $3 == 1 { $4 = -1e-3 } { print }' \
    "$tmp/lin.Hockney" > "$tmp/neg.hockney"
bad() { # EXPECTED-TEXT DIR ARGS...
    local want=$1 dir=$2
    shift 2
    "$model" "$@" > "$tmp/bad.out" 2> "$tmp/bad.err"
    local rc=$?
    if [ $rc -ne 2 ] || [ "$(wc -l < "$tmp/bad.err")" -ne 1 ] ||
        ! grep -q -- "$want" "$tmp/bad.err"; then
        fail "model $*: exit $rc, wanted 2 and one line with '$want'"
        cat "$tmp/bad.err"
    else
        echo "  $(cat "$tmp/bad.err")"
    fi
    if [ -n "$dir" ] && [ -e "$dir" ]; then
        fail "model $*: wrote $dir"
    fi
    if ls "$tmp" | grep -q '\.tmp\.'; then
        fail "model $*: left a temporary directory"
    fi
}
bad "alpha 0 1 = -0.001" "$tmp/neg.x" -M Hockney -i "$tmp/neg.hockney" \
    --export simgrid -o "$tmp/neg.x"
bad "unknown format 'dimemas'" "$tmp/fmt.x" -M Hockney -i "$tmp/lin.Hockney" \
    --export dimemas -o "$tmp/fmt.x"
bad "needs an output directory" "" -M Hockney -i "$tmp/lin.Hockney" \
    --export simgrid
bad "needs a model file" "" -M Hockney --export simgrid -o "$tmp/nofile.x"
bad "applies with --export only" "" -M Hockney -i "$tmp/lin.Hockney" \
    --rendezvous 65536
mkdir "$tmp/busy" && echo keep > "$tmp/busy/notes.txt"
bad "not only an earlier export" "" -M Hockney -i "$tmp/lin.Hockney" \
    --export simgrid -o "$tmp/busy"
[ -f "$tmp/busy/notes.txt" ] || fail "the export touched a foreign directory"
# An earlier export is replaced whole.
"$model" -M Hockney -i "$tmp/lin.Hockney" --export simgrid \
    -o "$tmp/lin.LMO.x" 2> /dev/null || fail "replacing an earlier export"
grep -q 'the Hockney model' "$tmp/lin.LMO.x/platform.xml" ||
    fail "an earlier export was not replaced"

if [ $failures -ne 0 ]; then
    echo "$name: $failures failure(s)"
    exit 1
fi
echo "$name: PASS"
