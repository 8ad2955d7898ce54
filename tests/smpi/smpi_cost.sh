#!/bin/bash
# Benchmark (not a test): the cost, in simulated seconds, of measuring all
# pairs (roundtrips 0/0 and 65536/65536) and all triplets (one-to-two,
# M = 65536) of n processes on SimGrid SMPI, with the experiments in
# parallel rounds (-p 1) or one at a time (-p 0). The ideal speed-up is
# floor(n/2) for pairs and floor(n/3) for triplets.
#
# usage: smpi_cost.sh [N...]        (default: 16 64)
# environment: SMPIRUN, top_builddir (make bench-measurement sets them);
#   CPM_BENCH_PLATFORMS="het hom" (default both):
#   het  every parameter drawn by smpi_platform's default ranges, seed 1
#   hom  every host and link alike (L 50 us, B 625 MB/s, all delays
#        10 us + 1 ns/byte), so only the schedule and overheads matter
# Writes a markdown report on stdout, progress on stderr.
set -u

if [ -z "${SMPIRUN:-}" ]; then
    echo "SimGrid SMPI not found: install libsimgrid-dev and run configure again" >&2
    exit 1
fi
bin=${top_builddir:?}/tests/smpi
for p in smpi_platform smpi_cost; do
    [ -x "$bin/$p" ] || { echo "smpi_cost.sh: $bin/$p is not built" >&2; exit 1; }
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

smpi_cfg=(--cfg=network/model:CM02 --cfg=network/crosstraffic:0
          --cfg=network/TCP-gamma:0 --cfg=smpi/wtime:0
          --cfg=smpi/simulate-computation:no --cfg=surf/precision:1e-12
          --cfg=smpi/send-is-detached-thresh:1000000000
          --log=root.thres:warning)

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
        "$bin/smpi_platform" --hosts "$n" --prefix "$tmp/$plat$n" $args || exit 1
        echo "smpi_cost.sh: $plat n=$n ..." >&2
        t0=$(date +%s.%N)
        TMPDIR=$tmp "$SMPIRUN" -np "$n" -platform "$tmp/$plat$n.xml" \
            -hostfile "$tmp/$plat$n.hosts" "${smpi_cfg[@]}" \
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
echo "smpirun settings: \`${smpi_cfg[*]}\`."
echo
echo "Times are simulated seconds (MPI_Wtime under SMPI), default precision"
echo "(every experiment stopped at its 5 minimum repetitions: simulated"
echo "repetitions are identical). T = time of the rounds (up to the last"
echo "round's barrier); the final exchange of results is listed apart."
echo
echo "| platform | n | experiments | set | rounds -p 1 (lower bound) | rounds -p 0 | T -p 0 (s) | T -p 1 (s) | speed-up | ideal | work/crit | overhead per round -p 0 / -p 1 (ms) | barrier (ms) | exchange (s) |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
# Row fields: label n set experiments sched rounds lb T T_rounds work crit
# max_reps barrier (see smpi_cost.cpp).
awk '
{
    key = $1 " " $2 " " $3
    if (!(key in seen)) { seen[key] = 1; order[++k] = key }
    s = $5
    exps[key] = $4; rounds[key, s] = $6; lb[key] = ($5 == "parallel") ? $7 : lb[key]
    T[key, s] = $8; Tr[key, s] = $9; work[key, s] = $10; crit[key, s] = $11
    barrier[key] = $13
}
END {
    for (i = 1; i <= k; ++i) {
        key = order[i]; split(key, f, " ")
        n = f[2]; set = f[3]
        per = (set ~ /^triplets/) ? 3 : 2
        ideal = int(n / per)
        sp = Tr[key, "serial"] / Tr[key, "parallel"]
        wc = work[key, "parallel"] / crit[key, "parallel"]
        ohs = (Tr[key, "serial"] - work[key, "serial"]) / rounds[key, "serial"] * 1e3
        ohp = (Tr[key, "parallel"] - crit[key, "parallel"]) / rounds[key, "parallel"] * 1e3
        ex = T[key, "parallel"] - Tr[key, "parallel"]
        printf "| %s | %d | %d | %s | %d (%d) | %d | %.4g | %.4g | %.2f | %d | %.2f | %.3f / %.3f | %.3f | %.3g |\n",
            f[1], n, exps[key], set, rounds[key, "parallel"], lb[key],
            rounds[key, "serial"], Tr[key, "serial"], Tr[key, "parallel"],
            sp, ideal, wc, ohs, ohp, barrier[key] * 1e3, ex
    }
}' "$tmp/rows"
echo
echo "Wall time of each simulation (s):"
echo
awk '{ printf "- %s n=%s: %.1f\n", $1, $2, $3 }' "$tmp/walls"
echo
echo "Raw rows (label n set experiments sched rounds lb T T_rounds work crit max_reps barrier):"
echo
echo '```'
cat "$tmp/rows"
echo '```'
