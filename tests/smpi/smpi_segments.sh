#!/bin/bash
# SMPI check of the test bed with size segments (cpm-smpi-platform
# --segments, doc/testbed-smpi.md) and of the piecewise Hockney model on
# it. The bed: p2p's times on both sides of every
# segment start and of the rendezvous size equal the piecewise truth,
#   T_ij(m) = [m < D] (os_i^s(m) + or_j^s(m)) + FLAT_s L_ij
#             + (m + 16) / (FBW_s B_ij),   s the segment of m,
# (half the roundtrip of the pair, Truth::p2p), on a full and on a switch
# platform, with parallel rounds off and on (full) — to 1e-8, the
# precision of p2p's printed times. A platform without segments keeps its
# version-1 truth file and an empty PREFIX.cfg. Negative controls: the
# same times against the truth with the factors of segment 1 and 2
# swapped, and against the truth without its rendezvous line, fail.
# The model: `model -M Hockney` with its default sizes (the adaptive sweep
# of model_build.h: log-spaced 0 - 4 MiB, bisected at each break) finds
# the segments 8192 and 65536 with the size measured before each start
# within 1% of it (the plan's resolution), and every pair's alpha and beta
# in each to 1e-6 of the truth, and predicts p2p at sizes it did not
# measure (0.9 KB - 3 MB) with mu <= 1.000001; with --segments no it
# cannot (mean mu > 1.05). Two more layouts: starts 4096 and 262144 with
# rendezvous from 32768 (three breaks, found exactly, parameters to 1e-6),
# and starts 6000 and 300000 that no initial size hits (each found start
# the first measured size at or after the truth's, within 1% of it, and
# p2p predicted to mu <= 1.000001 outside those brackets). -s/-m still
# force their explicit sizes (no refinement). The adaptive sweep runs on
# two pairs; the other pairs measure two sizes per segment (measured
# pair-sizes: each segment's start and a later size of it), and their
# lines match the truth as well.
#
# Run by make check through tests/run-test. Never skipped: without SimGrid
# it fails.
set -u
name=smpi_segments.sh
# shellcheck source=smpi_common.sh
. "$(dirname "$0")/smpi_common.sh"
bin=${top_builddir:?}/tests/smpi
platform=$top_builddir/cpm-smpi-platform
run=$top_builddir/cpm-smpirun
p2p=$top_builddir/smpi/p2p
smpi_require "$platform" "$run" "$p2p" "$bin/smpi_truth"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cpm-smpi-segments.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

sizes=0,1,1000,8191,8192,8193,20000,65535,65536,65537,1048576,4194304
seg=(--segments 8192,65536 --bw-factors 1,0.8,0.55 --lat-factors 1,1.6,4
     --rendezvous 65536)

check() { # TAG TRUTH OUTPUT: smpi_truth p2p to 1e-8
    if ! "$bin/smpi_truth" p2p "$2" "$3" 1e-8 > "$tmp/$1.cmp"; then
        fail "$1: p2p times differ from the piecewise truth"
        grep FAIL "$tmp/$1.cmp" | head -5
    fi
}

# Full platform, 5 hosts, both schedules.
"$platform" -n 5 --seed 7 -o "$tmp/full" "${seg[@]}" ||
    fail "cpm-smpi-platform --segments (full)"
grep -q '^cpm-smpi-truth 2$' "$tmp/full.truth" || fail "full: truth not version 2"
grep -q 'smpi/bw-factor:0:1;8207:' "$tmp/full.cfg" ||
    fail "full: PREFIX.cfg lacks the bandwidth factors"
for p in 0 1; do
    "$run" "$tmp/full" "$p2p" --sizes $sizes -p $p -o "$tmp/full$p.out" \
        2> "$tmp/full$p.err" || { fail "p2p -p $p on full"; cat "$tmp/full$p.err"; }
    check "full -p $p" "$tmp/full.truth" "$tmp/full$p.out"
done
tail -1 "$tmp/full -p 0.cmp" 2>/dev/null || tail -2 "$tmp/full -p 1.cmp"

# Switch platform, 4 hosts, one pair at a time (parallel pairs share the
# private links).
"$platform" -n 4 -t switch --seed 3 -o "$tmp/sw" "${seg[@]}" ||
    fail "cpm-smpi-platform --segments (switch)"
"$run" "$tmp/sw" "$p2p" --sizes $sizes -p 0 -o "$tmp/sw.out" 2> "$tmp/sw.err" ||
    { fail "p2p on switch"; cat "$tmp/sw.err"; }
check switch "$tmp/sw.truth" "$tmp/sw.out"

# --from-truth keeps the segments: the same platform files.
"$platform" --from-truth "$tmp/full.truth" -o "$tmp/again" ||
    fail "--from-truth of a segmented truth"
for ext in xml cfg; do
    cmp -s "$tmp/full.$ext" "$tmp/again.$ext" || fail "--from-truth changed PREFIX.$ext"
done

# Without segments: version 1 and no settings.
"$platform" -n 3 -o "$tmp/lin" || fail "cpm-smpi-platform without segments"
grep -q '^cpm-smpi-truth 1$' "$tmp/lin.truth" || fail "linear: truth not version 1"
grep -q -- '--cfg' "$tmp/lin.cfg" && fail "linear: PREFIX.cfg has settings"

# Bad options: one line, exit 2.
for bad in "--segments 8192,4096" "--segments 0" "--bw-factors 1,1" \
    "--segments 8192 --bw-factors 1" "--segments 8192 --bw-factors 1,0"; do
    # shellcheck disable=SC2086
    if "$platform" -n 3 -o "$tmp/bad" $bad 2> "$tmp/bad.err"; then
        fail "accepted: $bad"
    elif [ "$(wc -l < "$tmp/bad.err")" -ne 1 ]; then
        fail "not one line for: $bad"
    fi
done

# The piecewise Hockney model, built with its default sizes (adaptive).
model=$top_builddir/smpi/model
smpi_require "$model" "$top_builddir/model"
"$run" "$tmp/full" "$model" -M Hockney -o "$tmp/full.hockney" 2> "$tmp/h.err" ||
    { fail "model -M Hockney on the segmented platform"; cat "$tmp/h.err"; }

# located FILE TRUTH_STARTS: each truth start B has a found start S (of
# the file's segments) with S >= B, and the size measured before S below
# B and within 1% of S (the break bracketed within the resolution).
located() {
    awk -v want="$2" '
        /^measured segments / { sub(/^measured segments (two nodes |one node )?/, ""); ns = split($0, seg, ",") }
        /^measured sizes / { sub(/^measured sizes (adaptive )?(two nodes |one node )?/, ""); nz = split($0, sz, ",") }
        END {
            nw = split(want, w, ",")
            if (ns != nw + 1) { print "found " ns - 1 " starts, want " nw; exit 1 }
            for (k = 1; k <= nw; k++) {
                S = seg[k + 1] + 0; B = w[k] + 0; before = -1
                for (i = 1; i <= nz; i++) if (sz[i] + 0 < S) before = sz[i] + 0
                if (S < B || S - before > 0.01 * S || before >= B) {
                    print "break " B ": found " S ", measured before it " before; exit 1 }
            }
        }' "$1"
}
located "$tmp/full.hockney" 8192,65536 || fail "Hockney: breaks 8192,65536 not located"
grep -q '^measured sizes adaptive ' "$tmp/full.hockney" ||
    fail "Hockney: default sizes not adaptive: $(grep '^measured sizes' "$tmp/full.hockney")"
# The pairs outside the sweep (8 of the 10): two sizes per segment, each
# a size of the sweep and at or after its segment's start
# (segment_sizes); the truth comparison below covers their lines too.
pair_sizes() { # FILE: exit 0 if pair-sizes has two sizes per segment
    awk '
        /^measured segments / { sub(/^measured segments (two nodes |one node )?/, ""); ns = split($0, seg, ",") }
        /^measured sizes / { sub(/^measured sizes (adaptive )?(two nodes |one node )?/, "")
            nz = split($0, sz, ","); for (i = 1; i <= nz; i++) swept[sz[i] + 0] = 1 }
        /^measured pair-sizes / { sub(/^measured pair-sizes (two nodes |one node )?/, ""); np = split($0, ps, ",") }
        END {
            if (ns < 1 || np != 2 * ns) { print "pair-sizes " np " for " ns " segments"; exit 1 }
            for (k = 1; k <= ns; k++) {
                a = ps[2 * k - 1] + 0; b = ps[2 * k] + 0
                if (a != seg[k] + 0 || b <= a || (k < ns && b >= seg[k + 1] + 0) || !(a in swept) || !(b in swept)) {
                    print "segment " seg[k] ": pair sizes " a ", " b; exit 1 }
            }
        }' "$1"
}
pair_sizes "$tmp/full.hockney" ||
    fail "Hockney: pair-sizes: $(grep '^measured pair-sizes' "$tmp/full.hockney")"
grep '^measured pair-sizes' "$tmp/full.hockney"
"$bin/smpi_truth" hockney "$tmp/full.truth" "$tmp/full.hockney" 1e-6 \
    > "$tmp/h.cmp" || { fail "Hockney segments differ from the truth"; grep FAIL "$tmp/h.cmp" | head -5; }
tail -2 "$tmp/h.cmp" | head -1
unseen=900,5000,8000,9000,20000,60000,70000,200000,1000000,3000000
"$run" "$tmp/full" "$p2p" --sizes $unseen -o "$tmp/unseen.out" 2> /dev/null ||
    fail "p2p at unseen sizes"
"$top_builddir/model" -M Hockney -i "$tmp/full.hockney" --compare "$tmp/unseen.out" \
    > "$tmp/h.mu" || fail "model --compare"
tail -1 "$tmp/h.mu"
awk '/^# summary/ { for (k = 1; k <= NF; k++) if ($k == "max_mu") m = $(k + 1) }
     END { exit !(m + 0 > 0 && m + 0 <= 1.000001) }' "$tmp/h.mu" ||
    fail "piecewise Hockney mispredicts unseen sizes: $(tail -1 "$tmp/h.mu")"
"$run" "$tmp/full" "$model" -M Hockney --segments no -o "$tmp/line.hockney" 2> /dev/null ||
    fail "model -M Hockney --segments no"
"$top_builddir/model" -M Hockney -i "$tmp/line.hockney" --compare "$tmp/unseen.out" \
    > "$tmp/l.mu" 2> /dev/null
awk '/^# summary/ { for (k = 1; k <= NF; k++) if ($k == "mean_mu") m = $(k + 1) }
     END { exit !(m + 0 > 1.05) }' "$tmp/l.mu" ||
    fail "control: one line per pair predicts as well: $(tail -1 "$tmp/l.mu")"

# Layout B: starts 4096, 262144, rendezvous from 32768 (three breaks).
"$platform" -n 4 --seed 31 -o "$tmp/b" --segments 4096,262144 \
    --bw-factors 1,0.7,0.9 --lat-factors 1,2.5,1.5 --rendezvous 32768 ||
    fail "cpm-smpi-platform (layout B)"
"$run" "$tmp/b" "$model" -M Hockney -o "$tmp/b.hockney" 2> "$tmp/b.err" ||
    { fail "model -M Hockney on layout B"; cat "$tmp/b.err"; }
located "$tmp/b.hockney" 4096,32768,262144 || fail "layout B: breaks not located"
"$bin/smpi_truth" hockney "$tmp/b.truth" "$tmp/b.hockney" 1e-6 > "$tmp/b.cmp" ||
    { fail "layout B: Hockney segments differ from the truth"; grep FAIL "$tmp/b.cmp" | head -5; }
tail -2 "$tmp/b.cmp" | head -1

# Layout C: starts 6000, 300000 (no initial size hits them).
"$platform" -n 3 --seed 41 -o "$tmp/c" --segments 6000,300000 \
    --bw-factors 0.9,0.75,1 --lat-factors 1,1.8,3 --rendezvous 300000 ||
    fail "cpm-smpi-platform (layout C)"
"$run" "$tmp/c" "$model" -M Hockney -o "$tmp/c.hockney" 2> "$tmp/c.err" ||
    { fail "model -M Hockney on layout C"; cat "$tmp/c.err"; }
located "$tmp/c.hockney" 6000,300000 || fail "layout C: breaks not bracketed within 1%"
grep '^measured segments' "$tmp/c.hockney"
"$run" "$tmp/c" "$p2p" --sizes 100,3000,5900,7000,100000,290000,320000,4000000 \
    -o "$tmp/c.p2p" 2> /dev/null || fail "p2p on layout C"
"$top_builddir/model" -M Hockney -i "$tmp/c.hockney" --compare "$tmp/c.p2p" \
    > "$tmp/c.mu" || fail "model --compare (layout C)"
awk '/^# summary/ { for (k = 1; k <= NF; k++) if ($k == "max_mu") m = $(k + 1) }
     END { exit !(m + 0 > 0 && m + 0 <= 1.000001) }' "$tmp/c.mu" ||
    fail "layout C: Hockney mispredicts: $(tail -1 "$tmp/c.mu")"

# -s/-m force an explicit set: no refinement.
"$run" "$tmp/c" "$model" -M Hockney -s 4096 -m 131072 -o "$tmp/s.hockney" 2> /dev/null ||
    fail "model -M Hockney -s 4096 -m 131072"
grep -q '^measured sizes 0:4096:131072$' "$tmp/s.hockney" ||
    fail "-s/-m: sizes not the explicit set: $(grep '^measured sizes' "$tmp/s.hockney")"

# Negative controls: a wrong truth must not pass.
awk '$1 == "segment" && $2 == 1 { $3 = 8193 } { print }' "$tmp/full.truth" \
    > "$tmp/shift.truth"
awk '$1 == "segment" && $2 == 2 { $4 = 0.6 } { print }' "$tmp/full.truth" \
    > "$tmp/factor.truth"
grep -v '^rendezvous' "$tmp/full.truth" > "$tmp/norv.truth"
for t in shift factor norv; do
    if "$bin/smpi_truth" p2p "$tmp/$t.truth" "$tmp/full0.out" 1e-8 > /dev/null; then
        fail "negative control $t passed"
    fi
done
# ... pair_sizes() one size too few or a size outside its segment ...
sed 's/^\(measured pair-sizes [^,]*\),[^,]*,/\1,/' "$tmp/full.hockney" > "$tmp/few.hockney"
pair_sizes "$tmp/few.hockney" > /dev/null &&
    fail "negative control: pair_sizes accepted one size too few"
sed 's/^\(measured pair-sizes [a-z ]*\)0,[0-9]*,/\10,9000,/' "$tmp/full.hockney" > "$tmp/out.hockney"
cmp -s "$tmp/full.hockney" "$tmp/out.hockney" &&
    fail "negative control: no pair size to move (pair-sizes changed?)"
pair_sizes "$tmp/out.hockney" > /dev/null &&
    fail "negative control: pair_sizes accepted a size past its segment"
# ... and located() must refuse a missed or a coarse break.
located "$tmp/full.hockney" 8192,65536,1048576 > /dev/null &&
    fail "negative control: located accepted a missing break"
sed 's/,7168,7680,7936,8064,8128,8192,/,8192,/' "$tmp/full.hockney" > "$tmp/coarse.hockney"
cmp -s "$tmp/full.hockney" "$tmp/coarse.hockney" &&
    fail "negative control: no bisection sizes to remove (sizes changed?)"
located "$tmp/coarse.hockney" 8192,65536 > /dev/null &&
    fail "negative control: located accepted a bracket of 2048 bytes"

echo "$name: $failures failure(s)"
[ $failures -eq 0 ]
