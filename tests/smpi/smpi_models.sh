#!/bin/bash
# SMPI ground-truth check of the models: the model tool (built with smpicxx
# as tests/smpi/smpi_model) runs under smpirun on a heterogeneous platform
# with one link per pair and per-host processing delays, and smpi_truth
# compares what it finds with the platform.
#
# Platform: smpi_platform, 5 hosts, seed fixed, then os = ois = or on every
# host (C_i + t_i m: LMO's one processing delay per processor). SMPI adds a
# 16-byte envelope to every message, so one-way i -> j of m bytes is
#   C_i + L_ij + (m+16)/B_ij + C_j + m (t_i + t_j)
# and the envelope is a fixed cost of every message: it goes into the
# latencies. The truth is
#   Hockney  alpha_ij = C_i + C_j + L_ij + 16/B_ij,  beta_ij = t_i + t_j + 1/B_ij
#   LMO      C_i, t_i;  L_ij + 16/B_ij;  beta_ij = B_ij
# LMO is exact here because in its one-to-two experiments the root sends to
# the farther peer second: it processes the nearer peer's reply while the
# farther one's is in flight, so one receive delay is exposed, which is what
# the library's equations count (src/models/model_lmo.h, doc/models.md).
#
# What is asserted (tolerance 1%; Hockney comes out to ~1e-13, LMO ~1e-11):
#   1. model -M Hockney recovers every alpha_ij and beta_ij.
#   2. model -M LMO recovers every C_i, t_i, L_ij and beta_ij (not checked,
#      with a message, if CPM is built without R: no LMO model then).
#   3. Negative control: the same model files against a truth with the
#      latency of link 0-1 5% higher must fail both checks.
#
# Run by make check through tests/run-test (SMPIRUN, top_builddir,
# CPM_R_DIR in the environment). Never skipped: without SimGrid it fails.
set -u

if [ -z "${SMPICXX:-}" ] || [ -z "${SMPIRUN:-}" ]; then
    echo "SimGrid SMPI not found: install libsimgrid-dev and run configure again" >&2
    exit 1
fi
bin=${top_builddir:?}/tests/smpi
for p in smpi_platform smpi_model smpi_truth; do
    if [ ! -x "$bin/$p" ]; then
        echo "smpi_models.sh: $bin/$p is not built (run make check)" >&2
        exit 1
    fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cpm-smpi-models.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

# Exactly linear times (doc: TESTBEDS, SimGrid SMPI); log only warnings.
smpi_cfg=(--cfg=network/model:CM02 --cfg=network/crosstraffic:0
          --cfg=network/TCP-gamma:0 --cfg=smpi/wtime:0
          --cfg=smpi/simulate-computation:no --cfg=surf/precision:1e-12
          --cfg=smpi/send-is-detached-thresh:1000000000
          --log=root.thres:warning)
# 31 sizes 0..60 KiB: enough for Bai-Perron with the default --bp-h 0.15.
sizes=(-s 2048 -m 61440)

# smpi PROGRAM ARGS...: runs PROGRAM on 5 ranks of the platform; output in
# $tmp/out (and shown).
smpi() {
    echo "== $SMPIRUN -np 5 -platform p.xml -hostfile p.hosts" \
         "${smpi_cfg[*]} $(basename "$1") ${*:2}"
    # smpirun's own -tmpdir is broken in 3.32 (the value is not consumed);
    # its per-rank copies of the program go to $TMPDIR.
    (cd "$tmp" && TMPDIR=$tmp "$SMPIRUN" -np 5 -platform "$tmp/p.xml" \
        -hostfile "$tmp/p.hosts" "${smpi_cfg[@]}" "$@") > "$tmp/out" 2>&1
    local rc=$?
    cat "$tmp/out"
    return $rc
}

# check MODE FILE [TOL] [TRUTH]: smpi_truth; returns its status.
check() {
    local truth=${4:-$tmp/p.truth}
    echo "== smpi_truth $1 $(basename "$truth") $(basename "$2") ${3:-0.01}"
    "$bin/smpi_truth" "$1" "$truth" "$2" "${3:-0.01}"
}

fail=0
# The platform: random delays and links, then os = ois = or per host.
"$bin/smpi_platform" --hosts 5 --seed 31337 --prefix "$tmp/drawn" || exit 1
awk '$1 == "host" { $6 = $4; $7 = $5; $8 = $4; $9 = $5 } { print }' \
    "$tmp/drawn.truth" > "$tmp/equal.truth"
"$bin/smpi_platform" --from-truth "$tmp/equal.truth" --prefix "$tmp/p" || exit 1

# 1. Hockney.
smpi "$bin/smpi_model" -M Hockney "${sizes[@]}" -o "$tmp/hockney.model" || fail=1
check hockney "$tmp/hockney.model" || fail=1

# 2. LMO. RInside at rank 0 needs an unlimited stack under SimGrid
# (otherwise R's C stack check fires).
lmo_built=0
if ! (ulimit -s unlimited) 2>/dev/null; then
    echo "smpi_models.sh: cannot raise the stack limit (ulimit -s unlimited)," \
         "which R under smpirun needs" >&2
    fail=1
elif (ulimit -s unlimited && smpi "$bin/smpi_model" -M LMO "${sizes[@]}" \
        -o "$tmp/lmo.model"); then
    lmo_built=1
elif grep -q 'built without R' "$tmp/out"; then
    echo "(this CPM is built without R: the LMO thresholds, hence the LMO" \
         "model, are not available; the checks of the LMO model file are" \
         "left out)"
else
    fail=1
fi
if [ $lmo_built -eq 1 ]; then
    check lmo "$tmp/lmo.model" || fail=1
fi

# 3. Negative control: 5% more latency on link 0-1 in the truth only.
awk '$1 == "link" && $2 == 0 && $3 == 1 { $4 = sprintf("%.17g", $4 * 1.05) }
     { print }' "$tmp/p.truth" > "$tmp/perturbed.truth"
echo "== negative control: link 0-1 latency +5% in the truth file"
control() {
    if check "$@" "$tmp/perturbed.truth" > "$tmp/control" 2>&1; then
        cat "$tmp/control"
        echo "smpi_models.sh: a wrong truth file passed smpi_truth $1" >&2
        fail=1
    elif ! grep -q "^smpi_truth $1: FAIL" "$tmp/control"; then
        cat "$tmp/control"
        echo "smpi_models.sh: the negative control of $1 failed to run" >&2
        fail=1
    else
        grep -E "above|^smpi_truth" "$tmp/control"
        echo "(failed as it should)"
    fi
}
control hockney "$tmp/hockney.model" 0.01
if [ $lmo_built -eq 1 ]; then
    control lmo "$tmp/lmo.model" 0.01
fi

[ $fail -eq 0 ] && echo "smpi_models.sh: PASS" || echo "smpi_models.sh: FAIL"
exit $fail
