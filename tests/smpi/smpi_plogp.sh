#!/bin/bash
# SMPI check of the PLogP experiments (benchmark_plogp.h) against a known
# platform: RTT, os, or and g of every pair at 0 B, 1 KiB, 64 KiB and 1 MiB
# must equal, within 1e-6 relative, what the simulated platform implies
# (smpi_plogp.cpp gives the relations), in SMPI's default mode, where a
# transfer starts when its receive is posted, and in eager mode
# (smpi/async-small-thresh above every size), where it starts when sent.
# A negative control then checks that a truth file with 1 us more receive
# overhead on host 0 fails.
#
# Run by make check through tests/run-test (SMPICXX, SMPIRUN, top_builddir
# in the environment). Never skipped: without SimGrid it fails.
set -u

if [ -z "${SMPICXX:-}" ] || [ -z "${SMPIRUN:-}" ]; then
    echo "SimGrid SMPI not found: install libsimgrid-dev and run configure again" >&2
    exit 1
fi
bin=${top_builddir:?}/tests/smpi
for p in "$top_builddir/cpm-smpi-platform" "$top_builddir/cpm-smpirun" \
         "$bin/smpi_plogp"; do
    if [ ! -x "$p" ]; then
        echo "smpi_plogp.sh: $p is not built (run make check)" >&2
        exit 1
    fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cpm-smpi-plogp.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# Eager mode: every send starts its transfer at once.
eager_cfg=(--cfg=smpi/async-small-thresh:1000000000)

# run MODE TRUTH [PREFIX NP]: runs smpi_plogp on the platform PREFIX (default
# $tmp/p, 5 hosts; cpm-smpirun: the exact settings, plus eager_cfg in eager
# mode); 0 if it passed.
run() {
    local mode=$1 truth=$2 prefix=${3:-$tmp/p} np=${4:-5} extra=()
    [ "$mode" = eager ] && extra=("${eager_cfg[@]}")
    TMPDIR=$tmp "$top_builddir/cpm-smpirun" -v ${extra[@]+"${extra[@]}"} \
        "$prefix" -np "$np" "$bin/smpi_plogp" "$truth" "$mode" > "$tmp/out" 2>&1
    local rc=$?
    cat "$tmp/out"
    [ $rc -eq 0 ] && grep -q '^smpi_plogp: PASS' "$tmp/out"
}

fail=0
"$top_builddir/cpm-smpi-platform" --hosts 5 --seed 20240 --prefix "$tmp/p" ||
    exit 1
run rendezvous "$tmp/p.truth" || fail=1
run eager "$tmp/p.truth" || fail=1

# Equal links and receive delays that hardly grow with the size: the
# answer's own way (RTT', m bytes back) is up to twice the request's
# (RTT), so the delay before or's wait must cover RTT' (with 2 RTT + 10 us
# alone or came out up to 5 times too large here, at 64 KiB and 1 MiB).
"$top_builddir/cpm-smpi-platform" --hosts 16 --seed 1 --bandwidth 1.25e9:1.25e9 \
    --or-slope 1e-10:1e-10 --prefix "$tmp/q" || exit 1
run rendezvous "$tmp/q.truth" "$tmp/q" 16 || fail=1

# Negative control: C_or of host 0 is 1 us larger in the truth only.
awk '$1 == "host" && $2 == 0 { $8 = sprintf("%.17g", $8 + 1e-6) }
     { print }' "$tmp/p.truth" > "$tmp/perturbed.truth"
for mode in rendezvous eager; do
    echo "== negative control ($mode): host 0 C_or +1 us in the truth file"
    if run $mode "$tmp/perturbed.truth" > "$tmp/control" 2>&1; then
        cat "$tmp/control"
        echo "smpi_plogp.sh: a wrong truth file passed the check" >&2
        fail=1
    elif ! grep -q '^smpi_plogp: FAIL' "$tmp/control"; then
        cat "$tmp/control"
        echo "smpi_plogp.sh: the negative control failed to run" >&2
        fail=1
    else
        grep '^smpi_plogp: FAIL\|FAIL$' "$tmp/control"
        echo "(failed as it should)"
    fi
done

[ $fail -eq 0 ] && echo "smpi_plogp.sh: PASS" || echo "smpi_plogp.sh: FAIL"
exit $fail
