#!/bin/bash
# Why cpm-smpirun has each of its settings: runs smpi/p2p (one-way times =
# half roundtrips, all pairs, several sizes) under cpm-smpirun with every
# setting, then with each setting put back to SimGrid's default, and
# compares the times with the platform's truth:
#   T_ij(M) = (os_i(M) + or_i(M) + os_j(M) + or_j(M)) / 2 + L_ij + (M+16)/B_ij
# Prints a markdown report (doc/testbed-smpi.md quotes it).
#
# usage: smpi_settings.sh           (make smpi-settings runs it)
# environment: top_builddir (the build directory: cpm-smpi-platform,
#   cpm-smpirun, smpi/p2p), SMPIRUN (optional).
set -u
b=${top_builddir:?set top_builddir to the build directory}
for p in "$b/cpm-smpi-platform" "$b/cpm-smpirun" "$b/smpi/p2p"; do
    [ -x "$p" ] || { echo "smpi_settings.sh: $p is not built (make smpi-tools)" >&2; exit 1; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cpm-smpi-settings.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

sizes=0,1024,16384,65536,262144,1048576
# LAN: default ranges (L 1 us..100 us, B 10 MB/s..1.25 GB/s), 4 hosts.
"$b/cpm-smpi-platform" --hosts 4 --seed 1 --prefix "$tmp/lan" > /dev/null || exit 1
# WAN-like latencies (5..10 ms), where a TCP window bound shows.
"$b/cpm-smpi-platform" --hosts 4 --seed 1 --latency 5e-3:1e-2 \
    --prefix "$tmp/wan" > /dev/null || exit 1

# compare TRUTH P2P-OUTPUT [NOENV]: "max-rel-err M i j" over the rows.
compare() {
    awk -v noenv="${3:-0}" '
        FNR == NR {
            if ($1 == "host") { os[$2] = $4 " " $5; or[$2] = $8 " " $9 }
            if ($1 == "link") { L[$2 " " $3] = $4; B[$2 " " $3] = $5 }
            next
        }
        function d(cs, M,   f) { split(cs, f, " "); return f[1] + f[2] * M }
        /^#/ { next }
        {
            M = $1; i = $2; j = $3; k = i " " j
            env = noenv ? 0 : 16
            want = (d(os[i], M) + d(or[i], M) + d(os[j], M) + d(or[j], M)) / 2 \
                   + L[k] + (M + env) / B[k]
            e = ($4 - want) / want; if (e < 0) e = -e
            if (e >= max) { max = e; at = M " " i " " j }
            rows++
        }
        END { if (!rows) print "no-rows"; else printf "%.3g %s\n", max, at }
    ' "$1" "$2"
}

# row PLATFORM LABEL DEFAULT CFG...: one table row.
row() {
    local plat=$1 label=$2 default=$3
    shift 3
    local t0 t1 err m i j
    t0=$(date +%s.%N)
    if ! (cd "$tmp" && "$b/cpm-smpirun" "$@" "$tmp/$plat" "$b/smpi/p2p" \
            --sizes $sizes -r 3 -R 3 -o "$tmp/out" > "$tmp/log" 2>&1); then
        echo "| $plat | $label | $default | run failed: $(head -1 "$tmp/log") | | |"
        return
    fi
    t1=$(date +%s.%N)
    read -r err m i j <<< "$(compare "$tmp/$plat.truth" "$tmp/out")"
    printf '| %s | %s | %s | %s | M=%s, %s->%s | %.2f |\n' "$plat" "$label" \
        "$default" "$err" "$m" "$i" "$j" "$(echo "$t1 - $t0" | bc)"
}

echo "## Each setting of cpm-smpirun, measured"
echo
echo "\`top_builddir=$b bash tests/eval/smpi_settings.sh\` on $(uname -srm),"
echo "$("${SMPIRUN:-smpirun}" -version 2>&1 | head -1). smpi/p2p --sizes $sizes"
echo "-r 3 -R 3 on 4 hosts (one row per pair i<j and size: 36 rows; p2p"
echo "prints 10 significant digits), one-way time compared with the truth."
echo "lan: cpm-smpi-platform --hosts 4 --seed 1; wan: the same with"
echo "--latency 5e-3:1e-2. A setting put back to its default is passed to"
echo "cpm-smpirun as --cfg=NAME:VALUE (after its own, so it wins)."
echo
echo "| platform | run | SimGrid default | max rel err | where | wall (s) |"
echo "|---|---|---|---|---|---|"
row lan "all settings" "-"
row wan "all settings" "-"
row lan "network/model:SMPI" "SMPI (smpirun)" --cfg=network/model:SMPI
row lan "network/crosstraffic:1" "1" --cfg=network/crosstraffic:1
row lan "network/TCP-gamma:4194304" "4194304" --cfg=network/TCP-gamma:4194304
row wan "network/TCP-gamma:4194304" "4194304" --cfg=network/TCP-gamma:4194304
row lan "smpi/wtime:1e-8" "1e-8" --cfg=smpi/wtime:1e-8
row lan "smpi/simulate-computation:yes" "yes" --cfg=smpi/simulate-computation:yes
row lan "surf/precision:1e-9" "1e-9 (smpirun)" --cfg=surf/precision:1e-9
row lan "smpi/send-is-detached-thresh:65536" "65536" \
    --cfg=smpi/send-is-detached-thresh:65536

# The envelope: the same run predicted without its 16 bytes.
(cd "$tmp" && "$b/cpm-smpirun" "$tmp/lan" "$b/smpi/p2p" --sizes $sizes \
    -r 3 -R 3 -o "$tmp/exact1" > /dev/null 2>&1)
read -r err m i j <<< "$(compare "$tmp/lan.truth" "$tmp/exact1" 1)"
echo "| lan | all settings, truth without the 16-byte envelope | - | $err | M=$m, $i->$j | |"
# Determinism: the same run again, byte for byte (but the date and
# command lines); then twice with simulate-computation on.
# same CFG...: "identical" or "different" for two runs.
same() {
    local k
    for k in 1 2; do
        (cd "$tmp" && "$b/cpm-smpirun" "$@" "$tmp/lan" "$b/smpi/p2p" \
            --sizes $sizes -r 3 -R 3 -o "$tmp/run$k" > /dev/null 2>&1)
        grep -v -e '^# date' -e '^# command' "$tmp/run$k" > "$tmp/rows$k"
    done
    cmp -s "$tmp/rows1" "$tmp/rows2" && echo identical || echo different
}
echo
echo "Two runs with all settings: output $(same) (apart from the date and"
echo "command lines); two runs with smpi/simulate-computation:yes:"
echo "$(same --cfg=smpi/simulate-computation:yes)."
