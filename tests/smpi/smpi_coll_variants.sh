#!/bin/bash
# The named scatter/gather variants of LMO against the simulated linear
# scatter and gather (doc/results/collectives-accuracy.md). On a 16-host
# platform with one link per pair and one processing delay per host
# (cpm-smpi-platform -n 16 -s 1 --one-delay), LMO is built with its default
# options and MPIB_Scatter_linear / MPIB_Gather_linear are measured at 7
# sizes no build uses (1500 B - 1 MB; simulated, so exact and the same on
# every run). Asserted (mean mu over the rows, model --compare):
#   - scatter_positional <= 1.10 and below the published one2many;
#   - gather_queue <= 1.05 and below the published many2one.
# The bounds fail if a form regresses (the rank-order queue measured 1.45,
# the published one2many 1.43). A negative control scales the observed
# times by 1.2: the same comparisons must then fail the bounds.
# Timed with sync (every process starts together, as the models assume)
# both variants are exact on this platform (mean mu <= 1.0001), while the
# default max timing's barrier skew keeps gather_queue above that (1.023).
# On a switched platform (-t switch: a private link per host, so the
# transfers of a scatter or gather share the root's interface), timed with
# sync, the shared variants (scatter_shared, gather_shared) are within 1.05
# and below the positional and queue forms, which leave the sharing out
# (seed 3: 1.005 and 1.002 against 1.20 and 1.53).
set -u
name=smpi_coll_variants.sh
# shellcheck source=smpi_common.sh
. "$(dirname "$0")/smpi_common.sh"
b=${top_builddir:?}
smpi_require "$b/cpm-smpi-platform" "$b/cpm-smpirun" "$b/model" "$b/smpi/model" "$b/smpi/collective"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cpm-smpi-coll.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

"$b/cpm-smpi-platform" -n 16 -s 1 --one-delay -o "$tmp/p" || exit 1
# run PLATFORM PROGRAM ARGS...: on 16 ranks of that platform
run() {
    local p=$1
    shift
    "$b/cpm-smpirun" "$p" -np 16 "$@" 2>"$tmp/err" || { cat "$tmp/err"; exit 1; }
}
run "$tmp/p" "$b/smpi/model" -M LMO -o "$tmp/lmo.model"
for op in MPIB_Scatter_linear MPIB_Gather_linear; do
    for t in max sync; do
        run "$tmp/p" "$b/smpi/collective" -O $op --sizes 1500,5000,15000,50000,150000,500000,1000000 \
            -t $t -o "$tmp/$op.$t.out"
    done
    mv "$tmp/$op.max.out" "$tmp/$op.out"
done
# mean OP OBSERVED [MODEL]: the LMO model's (default lmo.model) mean mu
# of -E OP against that file
mean() {
    "$b/model" -M LMO -i "${3:-$tmp/lmo.model}" -E "$1" --compare "$2" |
        sed -n 's/^# summary: .* mean_mu \([^ ]*\) .*$/\1/p'
}
# check A OP B what: a numeric comparison (OP is <= or <)
check() {
    if awk -v a="$1" -v b="$3" -v op="$2" 'BEGIN {
            ok = (op == "<=") ? (a + 0 <= b + 0) : (a + 0 < b + 0)
            exit !(a != "" && b != "" && ok) }'; then
        echo "ok: $4: $1 $2 $3"
    else
        fail "$4: $1 $2 $3"
    fi
}
sc=$tmp/MPIB_Scatter_linear.out ga=$tmp/MPIB_Gather_linear.out
check "$(mean scatter_positional "$sc")" "<=" 1.10 "scatter_positional mean mu"
check "$(mean scatter_positional "$sc")" "<" "$(mean one2many "$sc")" "scatter_positional beats one2many"
check "$(mean gather_queue "$ga")" "<=" 1.05 "gather_queue mean mu"
check "$(mean gather_queue "$ga")" "<" "$(mean many2one "$ga")" "gather_queue beats many2one"
check "$(mean scatter_positional "${sc%.out}.sync.out")" "<=" 1.0001 "scatter_positional exact with sync"
check "$(mean gather_queue "${ga%.out}.sync.out")" "<=" 1.0001 "gather_queue exact with sync"
check 1.0001 "<" "$(mean gather_queue "$ga")" "gather_queue not exact with max (barrier skew)"

# the switched platform
"$b/cpm-smpi-platform" -n 16 -s 3 -t switch --one-delay -o "$tmp/sw" || exit 1
run "$tmp/sw" "$b/smpi/model" -M LMO -o "$tmp/sw.model"
for op in MPIB_Scatter_linear MPIB_Gather_linear; do
    run "$tmp/sw" "$b/smpi/collective" -O $op --sizes 1500,5000,15000,50000,150000,500000,1000000 \
        -t sync -o "$tmp/sw.$op.out"
done
ssc=$tmp/sw.MPIB_Scatter_linear.out sga=$tmp/sw.MPIB_Gather_linear.out
check "$(mean scatter_shared "$ssc" "$tmp/sw.model")" "<=" 1.05 "switch: scatter_shared mean mu"
check "$(mean scatter_shared "$ssc" "$tmp/sw.model")" "<" "$(mean scatter_positional "$ssc" "$tmp/sw.model")" "switch: scatter_shared beats scatter_positional"
check "$(mean gather_shared "$sga" "$tmp/sw.model")" "<=" 1.05 "switch: gather_shared mean mu"
check "$(mean gather_shared "$sga" "$tmp/sw.model")" "<" "$(mean gather_queue "$sga" "$tmp/sw.model")" "switch: gather_shared beats gather_queue"

# negative control: observed times 1.2 times longer must fail the bounds
for f in "$sc" "$ga"; do
    awk '/^#/ || NF == 0 { print; next } { $2 = sprintf("%.10e", $2 * 1.2); print }' "$f" >"$f.slow"
done
for c in "scatter_positional $sc.slow 1.10" "gather_queue $ga.slow 1.05"; do
    read -r op f bound <<<"$c"
    m=$(mean "$op" "$f")
    if awk -v a="$m" -v b="$bound" 'BEGIN { exit !(a != "" && a + 0 > b + 0) }'; then
        echo "ok: negative control: $op against times x1.2: $m > $bound"
    else
        fail "negative control: $op against times x1.2: '$m' not above $bound"
    fi
done
[ $failures -eq 0 ] || { echo "$name: $failures failure(s)"; exit 1; }
echo "$name: PASS"
