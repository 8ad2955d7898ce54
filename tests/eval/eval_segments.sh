#!/bin/bash
# eval_segments.sh: the point-to-point models on simulated platforms whose
# times are piecewise in the message size (make eval-segments; not a test).
#
#   top_builddir=BUILD bash tests/eval/eval_segments.sh [LAYOUT:SEED...]
#
# Layouts of size segments (cpm-smpi-platform --segments ... ; each host's
# delays and each link differ per seed):
#   A  starts 8192,65536, bandwidth factors 1,0.8,0.55, latency factors
#      1,1.6,4, rendezvous from 65536 (two breaks, powers of two);
#   B  starts 4096,262144, factors 1,0.7,0.9 and 1,2.5,1.5, rendezvous
#      from 32768 (three breaks: 4096, 32768, 262144);
#   C  starts 6000,300000, factors 0.9,0.75,1 and 1,1.8,3, rendezvous from
#      300000 (breaks that no power of two hits).
# Default runs: A:21 B:31 C:41. For each, a 16-host platform of each
# topology (full, switch); each model (Hockney, LMO, PLogP, LogGP) is
# built with its default sizes (no -s, -m or --sizes) with and without
# size segments (--segments yes|no); p2p is measured at 24 sizes no build
# uses (log-spaced 900 B - 4 MB, none a boundary) with -p 0, and
# `model --compare` gives mean and max mu. Per build: the sizes measured
# (count; "adaptive" if the builder planned them; for LMO those of its
# point-to-point sweep, `measured p2p-sweep`), the simulated build
# time, the segments found against the truth's breaks, and for Hockney
# the largest relative error of its per-segment alpha and beta against
# the truth (smpi_truth hockney; "-" where a found start is not the
# truth's exactly, as in C, whose starts are only bracketed). Writes a
# markdown table on stdout; progress on stderr. Needs smpi-tools and
# tests/smpi/smpi_truth. Environment: EVAL_SEGMENTS_MODELS (the models),
# EVAL_SEGMENTS_TOPOLOGIES (full switch), EVAL_SEGMENTS_NO (the models
# also built with --segments no; default all).
set -u
: "${top_builddir:?set top_builddir to the build directory}"
b=$top_builddir
for p in "$b/cpm-smpi-platform" "$b/cpm-smpirun" "$b/smpi/model" "$b/smpi/p2p" "$b/model" \
    "$b/tests/smpi/smpi_truth"; do
    [ -x "$p" ] || { echo "eval_segments.sh: $p is not built (make smpi-tools check_PROGRAMS)" >&2; exit 1; }
done
runs=("$@")
[ ${#runs[@]} -gt 0 ] || runs=(A:21 B:31 C:41)
models=(${EVAL_SEGMENTS_MODELS:-Hockney LMO PLogP LogGP})
topos=(${EVAL_SEGMENTS_TOPOLOGIES:-full switch})
no_models=" ${EVAL_SEGMENTS_NO:-${models[*]}} "
layout() {
    case $1 in
    A) echo "--segments 8192,65536 --bw-factors 1,0.8,0.55 --lat-factors 1,1.6,4 --rendezvous 65536" ;;
    B) echo "--segments 4096,262144 --bw-factors 1,0.7,0.9 --lat-factors 1,2.5,1.5 --rendezvous 32768" ;;
    C) echo "--segments 6000,300000 --bw-factors 0.9,0.75,1 --lat-factors 1,1.8,3 --rendezvous 300000" ;;
    *) echo "eval_segments.sh: unknown layout '$1' (A, B or C)" >&2; return 1 ;;
    esac
}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cpm-eval-segments.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
mu() { awk '/^# summary/ { for (k = 1; k <= NF; k++) { if ($k == "mean_mu") a = $(k+1); if ($k == "max_mu") x = $(k+1); if ($k == "no_mu") z = $(k+1) } }
            END { printf "%s | %s | %s", a, x, z }' "$1"; }
echo "| layout:seed | topology | model | segments | sizes | build s | found | truth | param err | p2p mean mu | max mu | not positive |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
for run in "${runs[@]}"; do
    lay=${run%%:*} seed=${run#*:}
    opts=$(layout "$lay") || exit 1
    for topo in "${topos[@]}"; do
        plat=$tmp/p$lay$seed$topo
        # shellcheck disable=SC2086
        "$b/cpm-smpi-platform" -n 16 -t "$topo" --seed "$seed" -o "$plat" $opts || exit 1
        truth=$(awk '$1 == "segment" && $3 > 0 { print $3 } $1 == "rendezvous" { print $2 }' "$plat.truth" |
            sort -n -u | paste -sd, -)
        # 24 log-spaced sizes from 900 B to 4 MB, moved off every boundary.
        unseen=$(awk -v t="$truth" 'BEGIN { n = split(t, b, ",");
            for (k = 0; k < 24; k++) { m = int(900 * exp(k * log(4e6 / 900) / 23));
                for (i = 1; i <= n; i++) if (m == b[i]) m++;
                printf "%s%d", (k ? "," : ""), m } }')
        echo "$lay:$seed $topo: p2p at unseen sizes" >&2
        "$b/cpm-smpirun" "$plat" "$b/smpi/p2p" -p 0 --sizes "$unseen" -o "$plat.p2p" 2>/dev/null || exit 1
        for M in "${models[@]}"; do
            for seg in yes no; do
                [ $seg = no ] && [ "${no_models/ $M /}" = "$no_models" ] && continue
                echo "$lay:$seed $topo: $M --segments $seg" >&2
                f=$plat.$M.$seg
                if ! "$b/cpm-smpirun" "$plat" "$b/smpi/model" -M "$M" --segments $seg \
                    -o "$f" 2>/dev/null; then
                    echo "| $lay:$seed | $topo | $M | $seg | | | build failed | $truth | | | | |"
                    continue
                fi
                found=$(sed -n 's/^measured segments \(.*\)$/\1/p' "$f")
                # LMO: the sizes of its p2p sweep (its `measured sizes`
                # are those of the thresholds' collective sweeps).
                key=sizes
                grep -q '^measured p2p-sweep ' "$f" && key=p2p-sweep
                sizes=$(sed -n "s/^measured $key \(.*\)\$/\1/p" "$f" |
                    awk '{ a = ($1 == "adaptive") ? "adaptive " : ""; n = gsub(/,/, ",");
                           s = $0; if (s ~ /^[0-9]+:[0-9]+:[0-9]+$/) { split(s, q, ":"); n = (q[3] - q[1]) / q[2] }
                           printf "%s%d", a, n + 1 }')
                btime=$(sed -n 's/^measured build-time \([^ ]*\).*$/\1/p' "$f")
                perr=-
                if [ "$M" = Hockney ] && [ $seg = yes ]; then
                    # "N parameters, max rel err E, K above 0.01": E if
                    # K = 0, else "-" (a start not the truth's: no record
                    # to compare, counted in K) with K of N.
                    perr=$("$b/tests/smpi/smpi_truth" hockney "$plat.truth" "$f" 0.01 |
                        awk '/max rel err/ { n = $1; e = $6; sub(/,$/, "", e); k = $7 }
                             END { if (n == "") print "-"; else if (k == 0) print e;
                                   else printf "- (%d of %d unmatched or > 1%%)", k, n }')
                fi
                "$b/model" -M "$M" -i "$f" --compare "$plat.p2p" > "$tmp/cmp" 2>/dev/null
                echo "| $lay:$seed | $topo | $M | $seg | ${sizes:--} | ${btime:--} | ${found:--} | 0,$truth | $perr | $(mu "$tmp/cmp") |"
            done
        done
    done
done
