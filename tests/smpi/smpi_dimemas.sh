#!/bin/bash
# SMPI check of the Dimemas collective model (src/models/model_dimemas.h):
# `model -M Dimemas` built under cpm-smpirun on a homogeneous simulated
# platform whose L and B are known exactly, then its predictions recomputed
# here from the Hockney averages.
#
# Platform: cpm-smpi-platform, 6 hosts (not a power of two), every link
# Lnk = 20 us and Bnk = 1e8 B/s, every host os = ois = or = C + t m with
# C = 1 us, t = 0.1 ns/B. One-way time of m bytes (SMPI adds a 16-byte
# envelope): 2 C + Lnk + 16/Bnk + m (2 t + 1/Bnk), so Hockney's alpha and
# beta of every pair, hence Dimemas' L = mean alpha and B = 1 / mean beta,
# are
#     L = 2 C + Lnk + 16/Bnk = 22.16 us,   B = 1 / (2 t + 1/Bnk)
# With P = 6 the binomial phases send 1, 2, 2 messages; the default
# round(0.6 P) = 4 buses give Nsteps = 3, one bus 1 + 2 + 2 = 5.
#
# What is asserted:
#   1. model -M Dimemas finds L and B (1e-6 relative), buses = 4, n = 6,
#      the paper's table, and the same L and B as the means of
#      model -M Hockney's alpha_ij and 1/beta_ij built on the same platform.
#   2. -E p2p, bcast, scatter, gather equal L + M/B, 3 (L + M/B),
#      3 (L + 3.5 M/B) and 3 (L + 3.5 M/B) (scatter: S = 6M, R = M; gather:
#      S = M, R = 6M; MEAN = 3.5 M) with L, B from the Hockney file (1e-8).
#   3. The file edited to one bus and bcast as LIN 2MAX + CT MAX predicts
#      6 (L + 2M/B) + (L + M/B) and scatter 5 (L + 3.5 M/B); the edited file
#      survives load-save-load byte for byte.
#   4. A malformed table record (3 values) and a bad code (in_factor 7)
#      are refused with FILE:LINE or the record named, nothing written.
#   5. Negative control: the checks of 1 and 2 against a truth with Lnk
#      5% larger fail.
#
# Run by make check through tests/run-test (SMPICXX, SMPIRUN, top_builddir
# in the environment). Never skipped: without SimGrid it fails.
set -u
name=smpi_dimemas.sh
# shellcheck source=smpi_common.sh
. "$(dirname "$0")/smpi_common.sh"
smpi_setup
model=$top_builddir/model
[ -x "$model" ] || { echo "$name: $model is not built (run make check)" >&2; exit 1; }

failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

C=1e-6 t=1e-10 Lnk=2e-5 Bnk=1e8
"$platform" -n 6 --latency $Lnk --bandwidth $Bnk \
    --os-const $C --os-slope $t --ois-const $C --ois-slope $t \
    --or-const $C --or-slope $t -o "$tmp/h" > /dev/null || exit 1
grep -v '^#' "$tmp/h.truth" | head -9

opts=(--sizes 0,1024,65536 -r 3 -R 3)
smpi h -M Dimemas "${opts[@]}" -o "$tmp/d.model" > /dev/null || fail "model -M Dimemas"
smpi h -M Hockney "${opts[@]}" -o "$tmp/h.model" > /dev/null || fail "model -M Hockney"
echo "== the Dimemas model file"
grep -v '^measured\|^processor\|^#' "$tmp/d.model"

# rec FILE KEY [FIELD]: the FIELD-th word (default 2) of record KEY.
rec() { awk -v k="$2" -v f="${3:-2}" '$1 == k { print $f }' "$1"; }
# close A B TOL WHAT: |A - B| <= TOL |B|
close() {
    if awk -v a="$1" -v b="$2" -v tol="$3" 'BEGIN {
            d = a - b; if (d < 0) d = -d; m = b < 0 ? -b : b
            exit !(a != "" && b != "" && d <= tol * m) }'; then
        echo "ok: $4: $1 vs $2"
    else
        fail "$4: $1 vs $2 (tolerance $3)"
    fi
}

# check_truth MODEL LNK: L and B of MODEL against the platform with link
# latency LNK; prints the failures' count on the last line.
check_truth() {
    local before=$failures
    close "$(rec "$1" L)" "$(awk -v c=$C -v l="$2" -v b=$Bnk \
        'BEGIN { printf "%.17g", 2 * c + l + 16 / b }')" 1e-6 "L = 2C + Lnk + 16/Bnk"
    close "$(rec "$1" B)" "$(awk -v t=$t -v b=$Bnk \
        'BEGIN { printf "%.17g", 1 / (2 * t + 1 / b) }')" 1e-6 "B = 1/(2t + 1/Bnk)"
    echo "truth failures: $((failures - before))"
}

echo "== 1. L, B, buses, table"
check_truth "$tmp/d.model" $Lnk
[ "$(rec "$tmp/d.model" buses)" = 4 ] && echo "ok: buses = 4" || fail "buses $(rec "$tmp/d.model" buses), not 4"
[ "$(rec "$tmp/d.model" n)" = 6 ] && echo "ok: n = 6" || fail "n is not 6"
table=$(awk '$1 ~ /^(barrier|bcast|gather|gatherv|scatter|scatterv|allgather|allgatherv|alltoall|alltoallv|reduce|allreduce|reduce_scatter|scan)$/' \
    "$tmp/d.model" | tr '\n' ';')
want='barrier 2 1 2 1;bcast 3 1 0 1;gather 3 3 0 1;gatherv 3 3 0 1;scatter 0 1 3 3;scatterv 0 1 3 3;allgather 3 3 3 3;allgatherv 3 3 3 3;alltoall 3 3 3 1;alltoallv 3 3 3 1;reduce 3 4 0 1;allreduce 3 4 3 1;reduce_scatter 3 4 3 2;scan 3 1 3 1;'
[ "$table" = "$want" ] && echo "ok: the paper's Table 3" || fail "table: $table"
hL=$(awk '$1 == "alpha" { s += $4; k++ } END { printf "%.17g", s / k }' "$tmp/h.model")
hB=$(awk '$1 == "beta" { s += $4; k++ } END { printf "%.17g", k / s }' "$tmp/h.model")
close "$(rec "$tmp/d.model" L)" "$hL" 1e-12 "L = mean Hockney alpha"
close "$(rec "$tmp/d.model" B)" "$hB" 1e-12 "B = 1 / mean Hockney beta"

# predicted FILE OP: "M T" lines of model -E OP.
predicted() {
    "$model" -M Dimemas -i "$1" -E "$2" --sizes 0,1000,100000,1048576 | grep -v '^#'
}
# check_op FILE OP A K WHAT: every T = A (L + K M / B), L and B from Hockney.
check_op() {
    local M T want
    while read -r M T; do
        want=$(awk -v a="$3" -v k="$4" -v l="$hL" -v b="$hB" -v m="$M" \
            'BEGIN { printf "%.17g", a * (l + k * m / b) }')
        close "$T" "$want" 1e-8 "$5 at M=$M"
    done < <(predicted "$1" "$2")
}

echo "== 2. predictions against the Hockney averages"
check_op "$tmp/d.model" p2p 1 1 "p2p = L + M/B"
check_op "$tmp/d.model" bcast 3 1 "bcast = 3 (L + M/B)"
check_op "$tmp/d.model" scatter 3 3.5 "scatter = 3 (L + 3.5 M/B)"
check_op "$tmp/d.model" gather 3 3.5 "gather = 3 (L + 3.5 M/B)"

echo "== 3. a user-edited table: one bus, bcast LIN 2MAX + CT MAX"
sed -e 's/^buses .*/buses 1/' -e 's/^bcast .*/bcast 2 4 1 1/' \
    "$tmp/d.model" > "$tmp/edited.model"
while read -r M T; do
    want=$(awk -v l="$hL" -v b="$hB" -v m="$M" \
        'BEGIN { printf "%.17g", 6 * (l + 2 * m / b) + (l + m / b) }')
    close "$T" "$want" 1e-8 "edited bcast = 6 (L + 2M/B) + L + M/B at M=$M"
done < <(predicted "$tmp/edited.model" bcast)
check_op "$tmp/edited.model" scatter 5 3.5 "one bus: scatter = 5 (L + 3.5 M/B)"
"$model" -M Dimemas -i "$tmp/edited.model" -o "$tmp/edited2.model" &&
    "$model" -M Dimemas -i "$tmp/edited2.model" -o "$tmp/edited3.model" &&
    cmp "$tmp/edited2.model" "$tmp/edited3.model" &&
    echo "ok: the edited file saves, loads and saves byte for byte" ||
    fail "save-load-save of the edited file"

echo "== 4. malformed table records"
# refused FILE PATTERN WHAT: model -i FILE must fail, say PATTERN, write nothing.
refused() {
    rm -f "$tmp/none"
    if "$model" -M Dimemas -i "$1" -o "$tmp/none" 2> "$tmp/err"; then
        fail "$3: accepted"
    elif ! grep -q -- "$2" "$tmp/err" || [ -e "$tmp/none" ]; then
        fail "$3: $(cat "$tmp/err")"
    else
        echo "ok: $3: $(cat "$tmp/err")"
    fi
}
line=$(grep -n '^scatter ' "$tmp/d.model" | cut -d: -f1)
sed 's/^scatter .*/scatter 0 1 3/' "$tmp/d.model" > "$tmp/short.model"
refused "$tmp/short.model" "short.model:$line: 'scatter' needs 0 indices and 4 values" "3 values"
sed 's/^scatter .*/scatter 7 1 3 3/' "$tmp/d.model" > "$tmp/code.model"
refused "$tmp/code.model" "'scatter' record: in_factor 7 is not 0" "in_factor 7"

echo "== 5. negative control: Lnk 5% larger in the truth"
# In a subshell: its failures are expected and must not count here.
(check_truth "$tmp/d.model" "$(awk -v l=$Lnk 'BEGIN { print l * 1.05 }')") \
    > "$tmp/control" 2>&1
if grep -q '^truth failures: [1-9]' "$tmp/control"; then
    grep '^FAIL' "$tmp/control"
    echo "(failed as it should)"
else
    cat "$tmp/control"
    fail "a wrong truth passed"
fi

echo "$name: $([ "$failures" -eq 0 ] && echo PASS || echo FAIL)"
[ "$failures" -eq 0 ]
