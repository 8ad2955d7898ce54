#!/bin/bash
# SMPI check of the kernel tool (benchmark/benchmark_kernel.h): on
# simulated stars whose latencies and bandwidths are known, the measured
# communication time of SUMMA and of the 2D wave grows with the unit size
# exactly as the platform implies.
#
# Platforms (cpm-smpi-platform --from-truth, switch topology, no
# processing delays): a message i -> j crosses i's up and j's down
# channel, each of bandwidth bw_i; flows sharing a channel share its
# bandwidth equally. Each iteration starts with a barrier whose exit times
# differ between processes by a fixed amount, so T(U) carries a constant
# that the check removes by differences: with units of U1 < U2 bytes,
#     slope = (T(U2) - T(U1)) / (U2 - U1)
# is the time per byte of a unit along the kernel's critical path:
#   1. 2 hosts, bw 1e8 and 5e8 (B = 1e8), two columns of an 8 x 8 grid:
#      SUMMA sends, in each of its 8 iterations, the 8 rows of the pivot
#      column one way (no pivot row message: both own every row):
#      slope 8 * 8 / 1e8; the 2D wave sends 8 units each way at once
#      (up and down channels apart): slope 8 / 1e8.
#   2. 4 hosts of bw 1e8, four 4 x 4 quadrants of an 8 x 8 grid: in every
#      SUMMA iteration the pivot column (4 units to the row neighbour, by
#      Isend) and the pivot row (4 units to the column neighbour, by Send)
#      leave some host together, two flows on its up channel, so each
#      takes 8 U / 1e8: slope 8 * 8 / 1e8; the 2D wave sends two
#      4-unit messages per host at once: slope 8 / 1e8.
# Tolerance 1e-6 relative (exact runs agree to ~1e-12). Negative control:
# the slope of case 1 is not that of the faster host (5e8).
#
# Run by make check through tests/run-test (SMPICXX, SMPIRUN,
# top_builddir in the environment). Never skipped: without SimGrid it
# fails.
set -u
name=smpi_kernel.sh
# shellcheck source=smpi_common.sh
. "$(dirname "$0")/smpi_common.sh"
: "${top_builddir:?run through make check}"
kernel=${SMPI_KERNEL:-$top_builddir/smpi/kernel}
smpi_require "$top_builddir/cpm-smpi-platform" "$top_builddir/cpm-smpirun" "$kernel"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cpm-smpi-kernel.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# star NAME "lat bw" ...: a switch platform of one host per pair.
star() {
    local n=$1 r=0 hl
    shift
    {
        echo "cpm-smpi-truth 1"
        echo "topology switch"
        echo "hosts $#"
        for hl in "$@"; do echo "host $r host$r 0 0 0 0 0 0"; r=$((r + 1)); done
        r=0
        for hl in "$@"; do echo "hostlink $r $hl"; r=$((r + 1)); done
    } >"$tmp/$n.truth"
    "$top_builddir/cpm-smpi-platform" --from-truth "$tmp/$n.truth" -o "$tmp/$n" >/dev/null ||
        fail "cpm-smpi-platform $n"
}
# conf NAME KERNEL "node type x y w h" ...
conf() {
    local n=$1 k=$2
    shift 2
    { echo "kernel $k"; echo "N 8"; printf '%s\n' "$@"; } >"$tmp/$n.conf"
}
# slope PLATFORM CONF: the measured slope per byte of a unit.
slope() {
    "$top_builddir/cpm-smpirun" "$tmp/$1" "$kernel" --config "$tmp/$2.conf" \
        --sizes 1000,11000 -r 3 -R 3 -o "$tmp/$2.out" >"$tmp/$2.log" 2>&1 ||
        { fail "kernel on $1 with $2: $(tail -2 "$tmp/$2.log")"; echo nan; return; }
    awk 'BEGIN { n = 0 } !/^#/ { M[n] = $1; T[n++] = $2 }
         END { printf "%.17g\n", (T[1] - T[0]) / (M[1] - M[0]) }' "$tmp/$2.out"
}
# check WHAT GOT WANT: |GOT - WANT| <= 1e-6 WANT
check() {
    if awk -v a="$2" -v b="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 1e-6 * b) }'; then
        echo "ok: $1: slope $2 s/B (platform: $3)"
    else
        fail "$1: slope $2 s/B, platform implies $3"
    fi
}

star star2 "1e-5 1e8" "2e-5 5e8"
conf s2 summa "host0 a 0 0 4 8" "host1 a 4 0 4 8"
conf w2 wave2d "host0 a 0 0 4 8" "host1 a 4 0 4 8"
s=$(slope star2 s2)
check "SUMMA, 2 hosts" "$s" 6.4e-7
if awk -v a="$s" 'BEGIN { d = a - 1.28e-7; if (d < 0) d = -d; exit !(d <= 1e-6 * 1.28e-7) }'; then
    fail "negative control: the slope also matches the faster host's bandwidth"
fi
check "2D wave, 2 hosts" "$(slope star2 w2)" 8e-8

star star4 "1e-5 1e8" "1e-5 1e8" "1e-5 1e8" "1e-5 1e8"
quads=("host0 a 0 0 4 4" "host1 a 4 0 4 4" "host2 a 0 4 4 4" "host3 a 4 4 4 4")
conf s4 summa "${quads[@]}"
conf w4 wave2d "${quads[@]}"
check "SUMMA, 4 quadrants" "$(slope star4 s4)" 6.4e-7
check "2D wave, 4 quadrants" "$(slope star4 w4)" 8e-8
grep -q "^# layout: the configuration's nodes match the processors$" "$tmp/s4.out" ||
    fail "layout line: $(grep '^# layout' "$tmp/s4.out")"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
