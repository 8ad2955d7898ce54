#!/bin/bash
# SMPI check of the measurement module against a known platform: the mean
# roundtrip and one-to-two times measured by the library must equal, within
# 1e-6 relative, what the simulated platform implies (smpi_roundtrip.cpp
# gives the equations; one-way i->j of m bytes is
# os_i(m) + L_ij + (m+16)/B_ij + or_j(m)).
#
# Runs two platforms written by cpm-smpi-platform, under cpm-smpirun: 5
# hosts with every parameter drawn at random (seed fixed), and 4 hosts with
# equal links and large receive delays, where the two replies of a
# one-to-two arrive close together (this is what shows the root's receive
# delays are serialised).
# A negative control then checks that a truth file off by 1 us fails.
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
         "$bin/smpi_roundtrip"; do
    if [ ! -x "$p" ]; then
        echo "smpi_roundtrip.sh: $p is not built (run make check)" >&2
        exit 1
    fi
done
platform=$top_builddir/cpm-smpi-platform

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cpm-smpi.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# run NAME TRUTH: runs smpi_roundtrip on every host of platform NAME
# against TRUTH (cpm-smpirun: the exact settings); returns 0 if it passed.
run() {
    local name=$1 truth=$2
    TMPDIR=$tmp "$top_builddir/cpm-smpirun" -v "$tmp/$name" \
        "$bin/smpi_roundtrip" "$truth" > "$tmp/out" 2>&1
    local rc=$?
    cat "$tmp/out"
    [ $rc -eq 0 ] && grep -q '^smpi_roundtrip: PASS' "$tmp/out"
}

fail=0
"$platform" --hosts 5 --seed 20240 --prefix "$tmp/random" || exit 1
run random "$tmp/random.truth" || fail=1

"$platform" --hosts 4 --seed 7 --prefix "$tmp/close" \
    --latency 2e-5 --bandwidth 1e9 --os-const 1e-6:2e-6 --os-slope 1e-10 \
    --ois-const 1e-7:5e-7 --ois-slope 0:1e-11 \
    --or-const 1e-5:3e-5 --or-slope 1e-10:2e-10 || exit 1
run close "$tmp/close.truth" || fail=1

# Negative control: 1 us more latency on link 0-1 in the truth only.
awk '$1 == "link" && $2 == 0 && $3 == 1 { $4 = sprintf("%.17g", $4 + 1e-6) }
     { print }' "$tmp/random.truth" > "$tmp/perturbed.truth"
echo "== negative control: link 0-1 latency +1 us in the truth file"
if run random "$tmp/perturbed.truth" > "$tmp/control" 2>&1; then
    cat "$tmp/control"
    echo "smpi_roundtrip.sh: a wrong truth file passed the check" >&2
    fail=1
elif ! grep -q '^smpi_roundtrip: FAIL' "$tmp/control"; then
    cat "$tmp/control"
    echo "smpi_roundtrip.sh: the negative control failed to run" >&2
    fail=1
else
    grep '^smpi_roundtrip: FAIL' "$tmp/control"
    echo "(failed as it should)"
fi

[ $fail -eq 0 ] && echo "smpi_roundtrip.sh: PASS" || echo "smpi_roundtrip.sh: FAIL"
exit $fail
