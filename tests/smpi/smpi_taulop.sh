#!/bin/bash
# SMPI ground-truth check of the tau-Lop measurement (benchmark_ring.h,
# model_taulop_build.cpp): smpi/model -M taulop on a switch platform of two
# hosts with two ranks each (the hostfile repeats each host), so that there
# is a channel 0 (ranks of one host) and a channel 1 (the two hosts).
#
# Platform (cpm-smpi-platform --topology switch --hosts 2): host h has the
# delays ois_h(m) = C_ois + t_ois m (taken by MPI_Isend) and or_h(m) =
# C_or + t_or m (by the receive), a private full-duplex link to the switch
# (lat_h, bw_h); one-way 0 -> 1 crosses both: L = lat_0 + lat_1,
# B = min(bw_0, bw_1); SMPI adds a 16-byte envelope, w(m) = (m+16)/B.
#
# What the platform implies and is asserted (relative tolerance 1e-6):
#   1. o^c(m) (MPI_Isend call) = ois_0(m) on both channels (rank 0 sends).
#   2. Ring^1_1(m) = o^1(m) + L^1(m,1) (network direct) = L + w(m) + or_1(m):
#      SimGrid 3.32 starts the transfer when the Isend is called and
#      charges ois to the caller alongside, so ois is not on the path.
# and, with 5% tolerance, the contention of the network ring (ranks
# h0 h1 h0 h1):
#   3. Ring^1_3(m) - Ring^1_1(m) = w(m) at 65536 bytes: with tau = 3 two
#      transfers go h0 -> h1 and share h0's up channel (the third goes the
#      other way on the other channels), so one more w.
# Ring^1_2 and Ring^1_4 are printed, not asserted: each process starts its
# ring when it leaves the barrier, and the barrier lets the hosts go at
# times a link latency apart, which the rings of two directions expose
# (doc/model-taulop.md). Negative control: the same model against a truth
# with or_1 1 us larger must fail check 2.
#
# Run by make check through tests/run-test (SMPIRUN, top_builddir in the
# environment). Never skipped: without SimGrid it fails.
set -u
name=smpi_taulop.sh
if [ -z "${SMPICXX:-}" ] || [ -z "${SMPIRUN:-}" ]; then
    echo "SimGrid SMPI not found: install libsimgrid-dev and run configure again" >&2
    exit 1
fi
top=${top_builddir:?}
for p in "$top/cpm-smpi-platform" "$top/cpm-smpirun" "$top/smpi/model"; do
    if [ ! -x "$p" ]; then
        echo "$name: $p is not built (run make check)" >&2
        exit 1
    fi
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cpm-smpi-taulop.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

"$top/cpm-smpi-platform" --topology switch --hosts 2 --seed 3 \
    --ois-const 2e-6 --ois-slope 1e-10 --or-const 3e-6 --or-slope 2e-10 \
    --prefix "$tmp/p" || exit 1
printf 'host0\nhost0\nhost1\nhost1\n' > "$tmp/p.hosts"
grep -v '^#' "$tmp/p.truth"

CPM_TAULOP_NETWORK=direct TMPDIR=$tmp "$top/cpm-smpirun" "$tmp/p" -np 4 \
    "$top/smpi/model" -M taulop --sizes 0,1024,65536 -r 2 -R 2 -t max \
    -o "$tmp/m" > "$tmp/out" 2>&1 || { cat "$tmp/out"; exit 1; }
grep -v '^#\|^measured' "$tmp/m"

# check TRUTH: 0 if checks 1-3 hold; prints every comparison.
check() {
    awk -v tol=1e-6 -v ctol=0.05 '
        FNR == NR && $1 == "host" { ois_c[$2] = $6; ois_t[$2] = $7
                                    or_c[$2] = $8; or_t[$2] = $9 }
        FNR == NR && $1 == "link" { L = $4; B = $5 }
        FNR == NR { next }
        $1 == "processor" { host[$2] = $3 }
        $1 == "o" { o[$2 " " $3 " " $4] = $5 }
        $1 ~ /^L[0-9]+$/ { tau = substr($1, 2)
                           ring[$2 " " $3 " " $4 " " tau] = o[$2 " " $3 " " $4] + $5 }
        function rel(a, b) { return (a - b) / b }
        function report(what, got, want, t) {
            r = rel(got, want)
            bad = (r > t || r < -t)
            printf "%-34s %.9e %.9e %+.2e %s\n", what, got, want, r,
                   bad ? "FAIL" : "ok"
            fail += bad
        }
        END {
            printf "%-34s %-15s %-15s %s\n", "quantity", "measured", "truth", "rel"
            for (k in o) {
                split(k, x, " ")
                report("o " k, o[k], ois_c[0] + ois_t[0] * x[3], tol)
            }
            for (m = 0; m <= 65536; m = (m ? m * 64 : 1024)) {
                w = (m + 16) / B
                report("Ring1_1 0 2 " m, ring["0 2 " m " 1"],
                       L + w + or_c[1] + or_t[1] * m, tol)
                for (tau = 2; tau <= 4; ++tau)
                    printf "%-34s %.9e (not asserted)\n", "Ring1_" tau " 0 2 " m,
                           ring["0 2 " m " " tau]
            }
            m = 65536
            report("Ring1_3 - Ring1_1 0 2 65536",
                   ring["0 2 " m " 3"] - ring["0 2 " m " 1"], (m + 16) / B, ctol)
            exit fail ? 1 : 0
        }' "$1" "$tmp/m"
}

fail=0
echo "== checks against $tmp/p.truth"
check "$tmp/p.truth" || fail=1
echo "== negative control: or of host 1 +1 us in the truth"
awk '$1 == "host" && $2 == 1 { $8 = sprintf("%.17g", $8 + 1e-6) } { print }' \
    "$tmp/p.truth" > "$tmp/perturbed.truth"
if check "$tmp/perturbed.truth" > "$tmp/control"; then
    cat "$tmp/control"
    echo "$name: a wrong truth passed the check" >&2
    fail=1
else
    grep FAIL "$tmp/control"
    echo "(failed as it should)"
fi
[ $fail -eq 0 ] && echo "$name: PASS" || echo "$name: FAIL"
exit $fail
