#!/bin/bash
# The gnuplot scripts of plots/ render non-empty PNG, PDF and EPS files
# from a small fixed data set (tests/data/plots), from another directory,
# without a gnuplot warning; every figure opens and shows data and has a
# caption (tests/tools/check-figures); model.plot's captions name each
# model and the command that built it; without the data directory (or
# file) they stop with a message and an error.
set -u
: "${top_srcdir:?run through make check}"
command -v gnuplot >/dev/null || { echo "gnuplot not found: install gnuplot-nox" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
data=$top_srcdir/tests/data/plots
cd "$tmp" || exit 1

# kind FILE: png, pdf, eps or "?" by the first bytes
kind() {
    case $(head -c 10 "$1" | od -An -c | tr -d ' \n') in
    *PNG*) echo png ;;
    %PDF*) echo pdf ;;
    %!PS-Adobe*) echo eps ;;
    *) echo "?" ;;
    esac
}
check() {
    local f=$1 want=$2
    if [ ! -s "$f" ]; then fail "$f missing or empty"
    elif [ "$(kind "$f")" != "$want" ]; then fail "$f is not $want"
    elif [ "$want" = png ] && [ "$(stat -c %s "$f")" -lt 10000 ]; then fail "$f is suspiciously small"
    else echo "ok: $f ($(stat -c %s "$f") bytes)"; fi
}

mkdir m c
gnuplot -e "dir='$data'; out='m'" "$top_srcdir/plots/model.plot" 2>"$tmp/err" ||
    { fail "model.plot: exit $?"; cat "$tmp/err"; }
grep -i "warning\|error" "$tmp/err" && fail "model.plot printed warnings"
for f in p2p scatter gather; do
    for t in png pdf eps; do check "m/$f.$t" $t; done
done
grep -q '^Model LMO (compare/LMO-p2p.txt): built by model -M LMO ' m/p2p.caption.txt ||
    fail "p2p caption: $(cat m/p2p.caption.txt)"
grep -q '^Observed: observed/MPIB_Gather_linear.out: collective -O MPIB_Gather_linear ' m/gather.caption.txt ||
    fail "gather caption: $(cat m/gather.caption.txt)"
"$top_srcdir/tests/tools/check-figures" m || fail "model.plot's figures"

# heatmap.plot: a model's and a p2p output's matrices
mkdir h
for k in observed Hockney; do
    gnuplot -e "file='$data/heatmap/$k.txt'; out='h'; name='$k'" "$top_srcdir/plots/heatmap.plot" 2>"$tmp/err" ||
        { fail "heatmap.plot $k: exit $?"; cat "$tmp/err"; }
    grep -i "warning\|error" "$tmp/err" && fail "heatmap.plot $k printed warnings"
    for f in latency bandwidth; do
        for t in png pdf eps; do check "h/$k-$f.$t" $t; done
    done
    grep -q "^Data: $k.txt, written by: model --heatmap " "h/$k.caption.txt" ||
        fail "heatmap caption $k: $(cat "h/$k.caption.txt")"
done
"$top_srcdir/tests/tools/check-figures" h || fail "heatmap.plot's figures"

gnuplot -e "dir='$data'; out='c'; name='sg'" "$top_srcdir/plots/collective.plot" 2>"$tmp/err" ||
    { fail "collective.plot: exit $?"; cat "$tmp/err"; }
grep -i "warning\|error" "$tmp/err" && fail "collective.plot printed warnings"
for t in png pdf eps; do check "c/sg.$t" $t; done
grep -q '^MPI_Gather: collective -O MPI_Gather ' c/sg.caption.txt || fail "collective caption: $(cat c/sg.caption.txt)"
"$top_srcdir/tests/tools/check-figures" c || fail "collective.plot's figures"
gnuplot -e "dir='$data'; out='c'; terms='pdf'; name='one'; ops='MPI_Gather'" \
    "$top_srcdir/plots/collective.plot" || fail "collective.plot with ops and terms"
check c/one.pdf pdf
[ -e c/one.png ] && fail "terms='pdf' wrote a PNG"

for s in model collective heatmap; do
    if gnuplot "$top_srcdir/plots/$s.plot" >"$tmp/out" 2>&1; then
        fail "$s.plot without dir succeeded"
    elif ! grep -q "give the data" "$tmp/out"; then
        fail "$s.plot without dir: no message"; cat "$tmp/out"
    else
        echo "ok: $s.plot without its data: $(grep 'give the data' "$tmp/out")"
    fi
done

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
