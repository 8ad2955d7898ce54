#!/bin/bash
# eval_segments.sh: the point-to-point models on simulated platforms whose
# times are piecewise in the message size (make eval-segments; not a test).
#
#   top_builddir=BUILD bash tests/eval/eval_segments.sh [SEED...]
#
# For each seed (default: 21 22 23), a 16-host platform of each topology
# (full, switch) with size segments from 8192 and 65536 bytes (bandwidth
# factors 1, 0.8, 0.55; latency factors 1, 1.6, 4; rendezvous from 65536):
# each model is built with its default sizes with and without size
# segments (--segments yes|no), p2p is measured at 20 sizes it did not
# use (log-spaced 900 B - 3 MB, none a boundary) with -p 0, and
# `model --compare` gives mean and max mu. Writes a markdown table on
# stdout; progress on stderr. Needs smpi-tools.
set -u
: "${top_builddir:?set top_builddir to the build directory}"
b=$top_builddir
for p in "$b/cpm-smpi-platform" "$b/cpm-smpirun" "$b/smpi/model" "$b/smpi/p2p" "$b/model"; do
    [ -x "$p" ] || { echo "eval_segments.sh: $p is not built (make smpi-tools)" >&2; exit 1; }
done
seeds=("$@")
[ ${#seeds[@]} -gt 0 ] || seeds=(21 22 23)
models=(Hockney)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cpm-eval-segments.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
unseen=$(awk 'BEGIN { for (k = 0; k < 20; k++) { m = int(900 * exp(k * log(3e6 / 900) / 19));
    if (m == 8192 || m == 65536) m++; printf "%s%d", (k ? "," : ""), m } }')
mu() { awk '/^# summary/ { for (k = 1; k <= NF; k++) { if ($k == "mean_mu") a = $(k+1); if ($k == "max_mu") x = $(k+1); if ($k == "no_mu") z = $(k+1) } }
            END { printf "%s | %s | %s", a, x, z }' "$1"; }
echo "| seed | topology | model | segments | found | p2p mean mu | max mu | not positive |"
echo "|---|---|---|---|---|---|---|---|"
for seed in "${seeds[@]}"; do
    for topo in full switch; do
        plat=$tmp/p$seed$topo
        "$b/cpm-smpi-platform" -n 16 -t $topo --seed "$seed" -o "$plat" \
            --segments 8192,65536 --bw-factors 1,0.8,0.55 --lat-factors 1,1.6,4 \
            --rendezvous 65536 || exit 1
        echo "seed $seed $topo: p2p at unseen sizes" >&2
        "$b/cpm-smpirun" "$plat" "$b/smpi/p2p" -p 0 --sizes "$unseen" -o "$plat.p2p" 2>/dev/null || exit 1
        for M in "${models[@]}"; do
            for seg in yes no; do
                echo "seed $seed $topo: $M --segments $seg" >&2
                "$b/cpm-smpirun" "$plat" "$b/smpi/model" -M "$M" --segments $seg \
                    -o "$plat.$M.$seg" 2>/dev/null || { echo "| $seed | $topo | $M | $seg | build failed | | | |"; continue; }
                found=$(sed -n 's/^measured segments \(.*\)$/\1/p' "$plat.$M.$seg")
                "$b/model" -M "$M" -i "$plat.$M.$seg" --compare "$plat.p2p" > "$tmp/cmp" 2>/dev/null
                echo "| $seed | $topo | $M | $seg | ${found:--} | $(mu "$tmp/cmp") |"
            done
        done
    done
done
