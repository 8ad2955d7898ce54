#!/bin/bash
# The fast accuracy check of the evaluation (doc/results/evaluation.md) on a
# simulated 16-host cluster: one link per pair, one processing delay per
# host (cpm-smpi-platform --one-delay), seed 1. cpm-validate builds every
# model, measures p2p, scatter and gather at sizes not used for building
# and compares. Asserted (mean mu = max(r,e)/min(r,e) over the rows):
#   - Hockney and LMO, built with the default sizes, recover every
#     parameter of the truth (rel. 1e-6, LMO 1e-8);
#   - p2p: Hockney and LMO mean mu <= 1.05 (the target), and every
#     heterogeneous model beats homogeneous Hockney;
#   - gather: LMO mean mu <= 1.15, better than every Hockney form;
#   - scatter: LMO better than Hockney's sequential and homogeneous forms.
# LMO's scatter does not reach the 1.05 target on this bed; the report
# explains why. A negative control swaps the model files of two beds.
set -u
name=smpi_eval.sh
# shellcheck source=smpi_common.sh
. "$(dirname "$0")/smpi_common.sh"
b=${top_builddir:?}
smpi_require "$b/cpm-smpi-platform" "$b/cpm-smpirun" "$b/cpm-validate" "$b/model" \
    "$b/smpi/model" "$b/smpi/p2p" "$b/smpi/collective" "$b/tests/smpi/smpi_truth"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cpm-smpi-eval.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
export CPM_PLOTS_DIR="$top_srcdir/plots"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

"$b/cpm-smpi-platform" -n 16 -s 1 --one-delay -o "$tmp/p" || exit 1
# Hockney and LMO with the model tool's default sizes (adaptive to 4 MiB,
# LMO's thresholds over 0-100 KiB).
"$b/cpm-validate" -o "$tmp/v" --no-plots --tools "$b/smpi" --offline-model "$b/model" \
    --plogp "--sizes 1,1024,8192,65536,262144,1048576" \
    -- "$b/cpm-smpirun" "$tmp/p" -np 16 || { echo "$name: cpm-validate failed"; exit 1; }
cat "$tmp/v/summary.md"

# mean LABEL OBSERVED: the mean mu of that row of summary.tsv
mean() { awk -F'\t' -v m="$1" -v o="$2" '$1 == m && $3 == o { print $5 }' "$tmp/v/summary.tsv"; }
# check 'A OP B' description: a numeric comparison
check() {
    if awk -v a="$1" -v b="$3" -v op="$2" 'BEGIN {
            ok = (op == "<=") ? (a + 0 <= b + 0) : (a + 0 < b + 0)
            exit !(a != "" && b != "" && ok) }'; then
        echo "ok: $4: $1 $2 $3"
    else
        fail "$4: $1 $2 $3"
    fi
}

# LMO to 1e-8: with its slope sizes at 1 byte (an interval of 0 taken as
# no error) t_i came out to 1.9e-6, with them at least eps of the empty
# time's size part to 1.3e-9 (doc/models.md, LMO).
for m in Hockney LMO; do
    lc=$(echo $m | tr 'A-Z' 'a-z')
    tol=1e-6
    [ $m = LMO ] && tol=1e-8
    "$b/tests/smpi/smpi_truth" $lc "$tmp/p.truth" "$tmp/v/models/$m.model" $tol >"$tmp/truth" 2>&1 ||
        { fail "$m parameters against the truth"; tail -5 "$tmp/truth"; }
    tail -2 "$tmp/truth"
done
hom=$(mean Hockney-homogeneous p2p)
for m in Hockney LMO; do
    check "$(mean $m p2p)" "<=" 1.05 "$m p2p mean mu"
done
for m in Hockney LMO PLogP LogGP; do
    check "$(mean $m p2p)" "<" "$hom" "$m p2p beats homogeneous Hockney"
done
for o in MPIB_Gather_linear MPI_Gather; do
    check "$(mean LMO $o)" "<=" 1.15 "LMO $o mean mu"
    for h in Hockney Hockney-parallel Hockney-homogeneous; do
        check "$(mean LMO $o)" "<" "$(mean $h $o)" "LMO $o beats $h"
    done
done
for o in MPIB_Scatter_linear MPI_Scatter; do
    for h in Hockney Hockney-homogeneous; do
        check "$(mean LMO $o)" "<" "$(mean $h $o)" "LMO $o beats $h"
    done
done

# Negative control: the LMO model of another platform (seed 2) must not
# pass the p2p target on this one.
"$b/cpm-smpi-platform" -n 16 -s 2 --one-delay -o "$tmp/q" || exit 1
"$b/cpm-smpirun" "$tmp/q" -np 16 "$b/smpi/model" -M LMO \
    -o "$tmp/other.model" >/dev/null 2>&1 || fail "LMO on the seed-2 platform"
other=$("$b/model" -M LMO -i "$tmp/other.model" --compare "$tmp/v/observed/p2p.out" |
    sed -n 's/.* mean_mu \([^ ]*\) .*/\1/p')
if awk -v a="$other" 'BEGIN { exit !(a + 0 > 1.05) }'; then
    echo "ok: negative control: another platform's LMO gives mean mu $other here"
else
    fail "negative control: another platform's LMO gives mean mu '$other' here"
fi

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
