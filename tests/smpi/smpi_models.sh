#!/bin/bash
# SMPI ground-truth check of the models: the model tool (built with smpicxx
# as tests/smpi/smpi_model) runs under smpirun on a heterogeneous platform
# with one link per pair and per-host processing delays, and smpi_truth
# compares what it finds with the platform (smpi_truth.cpp gives the
# equations).
#
# Platform: smpi_platform, 5 hosts, seed fixed, then os = ois = or on every
# host (C_i + t_i m: LMO's one processing delay per processor). SMPI adds a
# 16-byte envelope to every message: one-way i -> j of m bytes is
# C_i + L_ij + (m+16)/B_ij + C_j + m (t_i + t_j), so the truth is
#   Hockney  alpha_ij = C_i + C_j + L_ij + 16/B_ij,  beta_ij = t_i + t_j + 1/B_ij
#   LMO      C_i, t_i; L_ij + 16/B_ij (the envelope is part of the latency);
#            beta_ij = B_ij
#
# What is asserted (tolerance 1%):
#   1. model -M Hockney recovers every alpha_ij and beta_ij (in fact to
#      ~1e-12).
#   2. model -M LMO does NOT recover the platform today, and this test does
#      not assert that it does. The LMO manual's one-to-two equation
#          T_r(M) = 4 C_r + 2 M t_r + max_x (2 L_rx + 2 C_x + M/beta_rx + M t_x)
#      serialises both of the root's receive overheads after the later
#      reply, but in SMPI (as in an MPI whose replies arrive apart) the
#      earlier reply is processed while the later one is in flight:
#          T = max(min(X_a,X_b) + C_r, max(X_a,X_b)) + C_r,
#          X_a = C_r + t_r M + path_a,  X_b = 2 (C_r + t_r M) + path_b
#      (a, the lower rank, is sent to first). The manual's solution then
#      gives C_r/2 or less, and L, t, beta follow it off (errors of 50% to
#      several 100% here; the table is printed). What IS asserted is that
#      the LMO model equals, within 1e-6, the manual's estimation applied to
#      SMPI's exact times ("smpi_truth lmo-manual"): the library implements
#      the manual faithfully. MISSING: an estimation that uses the exact
#      one-to-two equation (or the proposed send order, below). Once
#      lmo_solve_p2p has it, assert "smpi_truth lmo" (truth within 1%)
#      instead of lmo-manual.
#   3. Two corrected estimations, prototyped in smpi_truth on raw times
#      measured by smpi_lmo_data with the library's measurement functions,
#      recover every C_i, t_i, L_ij, beta_ij within 1% (in fact ~1e-11):
#      A, solving the one-to-two equation in its exact piecewise form per
#      triplet (skipping triplets where the root's delays are hidden), and
#      B, sending to the peer with the longer roundtrip second, where
#      C_r = T_r(0) - max_x T_rx(0) and t_r = (T_r(M) - C_r - max_x T1_rx(M))/M.
#   4. Negative control: the same files against a truth with L_01 5% off
#      must fail checks 1, 2 and 3.
#
# Run by make check through tests/run-test (SMPIRUN, top_builddir,
# CPM_R_DIR in the environment). Never skipped: without SimGrid it fails.
set -u

if [ -z "${SMPICXX:-}" ] || [ -z "${SMPIRUN:-}" ]; then
    echo "SimGrid SMPI not found: install libsimgrid-dev and run configure again" >&2
    exit 1
fi
bin=${top_builddir:?}/tests/smpi
for p in smpi_platform smpi_model smpi_lmo_data smpi_truth; do
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
M=
if [ $lmo_built -eq 1 ]; then
    echo "(not asserted: the LMO model against the platform; known to be off," \
         "see the head of this script)"
    check lmo "$tmp/lmo.model"
    check lmo-manual "$tmp/lmo.model" 1e-6 || fail=1
    M=$(awk '$1 == "measured" && $2 == "p2p-size" { print $3 }' "$tmp/lmo.model")
fi

# 3. The corrected estimations on raw times, at the size the LMO builder
# used (4096 if it did not run).
smpi "$bin/smpi_lmo_data" "${M:-4096}" "$tmp/lmo.data" || fail=1
check lmo-exact "$tmp/lmo.data" || fail=1

# 4. Negative control: 5% more latency on link 0-1 in the truth only.
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
    control lmo-manual "$tmp/lmo.model" 1e-6
fi
control lmo-exact "$tmp/lmo.data" 0.01

[ $fail -eq 0 ] && echo "smpi_models.sh: PASS" || echo "smpi_models.sh: FAIL"
exit $fail
