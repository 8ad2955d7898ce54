#!/bin/bash
# Benchmark (not a test): the cost, in simulated seconds, of measuring all
# pairs (roundtrips 0/0, 65536/65536, then 32768/32768, list-scheduled from
# the durations of the first two), all triplets (one-to-two, M = 65536,
# list-scheduled from the pairs' durations) and PLogP's experiments of all
# pairs (0 and 1 byte, then 262144 bytes list-scheduled from the first
# two) of n processes on SimGrid SMPI,
# with the experiments in
# parallel rounds (-p 1, no barrier between rounds) or one at a time (-p 0,
# a barrier after every experiment). With equal experiments and free
# messages and barriers the speed-up would be floor(n/2) for pairs and
# floor(n/3) for triplets; the barriers that only -p 0 pays can push it
# above that, unequal experiments pull it below.
#
# usage: smpi_cost.sh [N...]        (default: 16 64)
# environment: SMPIRUN, top_builddir (make bench-measurement sets them);
#   CPM_BENCH_PLATFORMS="het hom" (default both):
#   het  every parameter drawn by cpm-smpi-platform's default ranges, seed 1
#   hom  every host and link alike (L 50 us, B 625 MB/s, all delays
#        10 us + 1 ns/byte), so only the schedule and overheads matter
# Writes a markdown report on stdout, progress on stderr.
set -u

if [ -z "${SMPIRUN:-}" ]; then
    echo "SimGrid SMPI not found: install libsimgrid-dev and run configure again" >&2
    exit 1
fi
bin=${top_builddir:?}/tests/smpi
for p in "$top_builddir/cpm-smpi-platform" "$top_builddir/cpm-smpirun" \
         "$bin/smpi_cost"; do
    [ -x "$p" ] || { echo "smpi_cost.sh: $p is not built" >&2; exit 1; }
done
sizes=${*:-16 64}
platforms=${CPM_BENCH_PLATFORMS:-het hom}
for n in $sizes; do
    case $n in
    '' | *[!0-9]*) echo "smpi_cost.sh: bad size '$n'" >&2; exit 1 ;;
    esac
    [ "$n" -ge 3 ] || { echo "smpi_cost.sh: size $n < 3" >&2; exit 1; }
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cpm-smpi-cost.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT


platform_args() {
    case $1 in
    het) echo "--seed 1" ;;
    hom) echo "--latency 5e-5 --bandwidth 6.25e8 --os-const 1e-5 --os-slope 1e-9" \
              "--ois-const 1e-5 --ois-slope 1e-9 --or-const 1e-5 --or-slope 1e-9" ;;
    *) echo "smpi_cost.sh: unknown platform '$1'" >&2; return 1 ;;
    esac
}

start=$(date -u '+%Y-%m-%d %H:%M UTC')
: > "$tmp/rows"
: > "$tmp/walls"
for plat in $platforms; do
    args=$(platform_args "$plat") || exit 1
    for n in $sizes; do
        # shellcheck disable=SC2086
        "$top_builddir/cpm-smpi-platform" --hosts "$n" \
            --prefix "$tmp/$plat$n" $args || exit 1
        echo "smpi_cost.sh: $plat n=$n ..." >&2
        t0=$(date +%s.%N)
        TMPDIR=$tmp "$top_builddir/cpm-smpirun" "$tmp/$plat$n" \
            "$bin/smpi_cost" "$plat" > "$tmp/out" 2> "$tmp/err"
        rc=$?
        t1=$(date +%s.%N)
        wall=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
        if [ $rc -ne 0 ]; then
            cat "$tmp/err" >&2
            echo "smpi_cost.sh: smpirun failed for $plat n=$n (exit $rc)" >&2
            exit 1
        fi
        grep -v '^#' "$tmp/out" >> "$tmp/rows"
        echo "$plat $n $wall" >> "$tmp/walls"
        echo "smpi_cost.sh: $plat n=$n done in $wall s" >&2
    done
done

echo "## Measured $start"
echo
echo "Command: \`make bench-measurement\`, i.e. \`tests/smpi/smpi_cost.sh $sizes\`"
echo "(platforms: $platforms), on $(uname -srm), $($SMPIRUN -version 2>&1 | head -1)."
echo "Run with \`cpm-smpirun\`, i.e. smpirun with" \
     "\`$("$top_builddir/cpm-smpirun" --settings | tr '\n' ' ' | sed 's/ $//')\`."
echo
echo "Times are simulated seconds (MPI_Wtime under SMPI), default precision"
echo "(every experiment stopped at its 5 minimum repetitions: simulated"
echo "repetitions are identical). T = the whole library call, final exchange"
echo "of results included (the exchange alone, measured with -p 0 where a"
echo "barrier ends the last round, is listed apart). An item is a pair, or"
echo "a triplet's three one-to-two experiments (run one after another), or"
echo "a pair's PLogP experiments (plogp-*: RTT, RTT', or with its delays, g"
echo "with its trains and the search for k; plogp_work in benchmark_plogp.h)."
echo "Timed work of an item = its reps x mean time. busiest = the largest sum"
echo "of timed work over the items of one process (no schedule does better);"
echo "path = time of the -p 1 rounds if ready/stop messages cost nothing"
echo "(each item starts when all its processes ended their previous ones);"
echo "path / T = efficiency of -p 1. Overhead per item -p 0 = (T - exchange"
echo "- total timed work) / items: a barrier and the ready/stop messages."
echo
echo "| platform | n | set | experiments | rounds -p 1 (lower bound) | T -p 0 (s) | T -p 1 (s) | speed-up | floor(n/2), floor(n/3) | busiest (s) | path (s) | path / T -p 1 | overhead per item -p 0 (ms) | barrier (ms) | exchange (s) |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
# Row fields: label n set experiments sched rounds lb T T_last work busiest
# path max_reps barrier (see smpi_cost.cpp).
awk '
{
    key = $1 " " $2 " " $3
    if (!(key in seen)) { seen[key] = 1; order[++k] = key }
    s = $5
    exps[key] = $4; rounds[key, s] = $6; if (s == "parallel") lb[key] = $7
    T[key, s] = $8; Tl[key, s] = $9; work[key, s] = $10
    busiest[key, s] = $11; path[key, s] = $12; barrier[key] = $14
}
END {
    for (i = 1; i <= k; ++i) {
        key = order[i]; split(key, f, " ")
        n = f[2]; set = f[3]
        per = (set ~ /^triplets/) ? 3 : 2
        ideal = int(n / per)
        sp = T[key, "serial"] / T[key, "parallel"]
        eff = path[key, "parallel"] / T[key, "parallel"]
        ohs = (Tl[key, "serial"] - work[key, "serial"]) / rounds[key, "serial"] * 1e3
        ex = T[key, "serial"] - Tl[key, "serial"]
        printf "| %s | %d | %s | %d | %d (%d) | %.4g | %.4g | %.2f | %d | %.4g | %.4g | %.0f %% | %.3f | %.3f | %.3g |\n",
            f[1], n, set, exps[key], rounds[key, "parallel"], lb[key],
            T[key, "serial"], T[key, "parallel"], sp, ideal,
            busiest[key, "parallel"], path[key, "parallel"], eff * 100,
            ohs, barrier[key] * 1e3, ex
    }
}' "$tmp/rows"
echo
echo "Wall time of each simulation (s):"
echo
awk '{ printf "- %s n=%s: %.1f\n", $1, $2, $3 }' "$tmp/walls"
echo
echo "Raw rows (label n set experiments sched rounds lb T T_last work busiest path max_reps barrier):"
echo
echo '```'
cat "$tmp/rows"
echo '```'
