#!/bin/bash
# The validation workflow under SMPI on 3 simulated hosts, figures
# included (issue 5): cpm-validate builds every model, measures p2p,
# scatter and gather at sizes not used for building, writes the summary
# and renders the figures. On a platform with one link per pair and one
# processing delay per host Hockney and LMO are exact, so their p2p rows
# must have mu = 1 to 1e-6, whereas the homogeneous Hockney row must not
# (the platform is heterogeneous): a workflow that compared the wrong
# files or columns would fail one of the two. Run with --jobs 2 (runs at
# once, their outputs logged in order).
set -u
name=smpi_validate.sh
# shellcheck source=smpi_common.sh
. "$(dirname "$0")/smpi_common.sh"
command -v gnuplot >/dev/null ||
    { echo "$name: gnuplot not found: install gnuplot-nox" >&2; exit 1; }
b=${top_builddir:?}
smpi_require "$b/cpm-smpi-platform" "$b/cpm-smpirun" "$b/cpm-validate" "$b/model" \
    "$b/smpi/model" "$b/smpi/p2p" "$b/smpi/collective"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cpm-smpi-validate.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
export CPM_PLOTS_DIR="$top_srcdir/plots"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

"$b/cpm-smpi-platform" -n 3 -s 5 --one-delay -o "$tmp/p" || exit 1
"$b/cpm-validate" -o "$tmp/v" --jobs 2 --tools "$b/smpi" --offline-model "$b/model" \
    --build "-s 16384 -m 524288" --p2p-sizes 10000,100000,1000000 \
    --coll-sizes 10000,100000,1000000 \
    -- "$b/cpm-smpirun" "$tmp/p" -np 3 >"$tmp/stdout" 2>"$tmp/stderr" ||
    { echo "$name: cpm-validate failed"; cat "$tmp/stderr"; exit 1; }
cat "$tmp/v/summary.md"

for f in summary.md summary.tsv log.txt observed/p2p.out observed/MPI_Scatter.out \
    observed/MPI_Gather.out models/Hockney.model models/LMO.model \
    models/PLogP.model models/LogGP.model; do
    [ -s "$tmp/v/$f" ] || fail "missing or empty: $f"
done
for f in p2p scatter gather; do
    for t in png eps pdf; do
        [ -s "$tmp/v/figures/$f.$t" ] || fail "figure $f.$t missing or empty"
    done
done
# PNG signature: a real image, not an error text
head -c 8 "$tmp/v/figures/p2p.png" | od -An -tx1 | grep -q '89 50 4e 47' ||
    fail "figures/p2p.png is not a PNG"

# field LABEL OP COLUMN: a field of a summary.tsv row (5 mean, 6 max)
field() { awk -F'\t' -v m="$1" -v o="$2" -v c="$3" '$1 == m && $3 == o { print $c }' "$tmp/v/summary.tsv"; }
for m in Hockney LMO; do
    max=$(field $m p2p 6)
    if awk -v a="$max" 'BEGIN { exit !(a != "" && a + 0 >= 1 && a + 0 <= 1 + 1e-6) }'; then
        echo "ok: $m p2p max mu $max"
    else
        fail "$m p2p max mu '$max' (exact model expected: 1)"
    fi
done
hom=$(field Hockney-homogeneous p2p 6)
if awk -v a="$hom" 'BEGIN { exit !(a + 0 > 1.01) }'; then
    echo "ok: homogeneous Hockney p2p max mu $hom (> 1.01 on a heterogeneous platform)"
else
    fail "homogeneous Hockney p2p max mu '$hom': the platform should not look homogeneous"
fi
# --jobs 2: the runs are in the log in the order they started (the
# models of `model --list`, then p2p); LogGP is not built but derived
# from PLogP's file (validate_report.sh checks how)
built=$(sed -n 's|^+ .*/smpi/model -M \([^ ]*\) .*|\1|p' "$tmp/v/log.txt" | paste -sd, -)
listed=$("$b/model" --list | cut -f1 | uniq | grep -v -x LogGP | paste -sd, -)
[ "$built" = "$listed" ] || fail "log.txt's builds in the order $built, not $listed"
first_p2p=$(grep -n '^+ .*/smpi/p2p ' "$tmp/v/log.txt" | head -1 | cut -d: -f1)
last_build=$(grep -n '^+ .*/smpi/model -M ' "$tmp/v/log.txt" | tail -1 | cut -d: -f1)
[ -n "$first_p2p" ] && [ "$first_p2p" -gt "$last_build" ] || fail "log.txt: p2p's run is not after the builds"
ls -A "$tmp" | grep -q '^\.cpm-validate' && fail "a work directory was left behind"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
