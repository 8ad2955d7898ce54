# Sourced (not run) by the SMPI tests (smpi_require: SimGrid and the
# programs built) and by smpi_models.sh and smpi_switch.sh: the model tool
# built with smpicxx (smpi/model, make smpi-tools) under cpm-smpirun, and
# smpi_truth's comparisons with a platform's truth file. The caller sets
# name (for messages) and then calls smpi_setup.
#
# The platforms have os = ois = or = C_i + t_i m on every host (LMO's one
# processing delay per processor). SMPI adds a 16-byte envelope to every
# message, so one-way i -> j of m bytes is
#   C_i + L_ij + (m+16)/B_ij + C_j + m (t_i + t_j)
# and the envelope is a fixed cost of every message: it goes into the
# latencies. The truth (from the link lines of the truth file) is
#   Hockney  alpha_ij = C_i + C_j + L_ij + 16/B_ij,  beta_ij = t_i + t_j + 1/B_ij
#   LMO      C_i, t_i;  L_ij + 16/B_ij;  beta_ij = B_ij
# (smpi_truth.cpp). The tolerance is 1%; exact runs come out to ~1e-11.

# smpi_require PROGRAM...: exits 1 with one line unless SimGrid was found
# by configure and every PROGRAM (a path) is built. Never a skip.
# shellcheck disable=SC2154 # name is set by the caller
smpi_require() {
    if [ -z "${SMPICXX:-}" ] || [ -z "${SMPIRUN:-}" ]; then
        echo "SimGrid SMPI not found: install libsimgrid-dev and run configure again" >&2
        exit 1
    fi
    local p
    for p in "$@"; do
        if [ ! -x "$p" ]; then
            echo "$name: $p is not built (run make check)" >&2
            exit 1
        fi
    done
}

# smpi_setup: checks SimGrid and the programs; sets bin, platform, tmp
# (removed on exit), sizes.
# shellcheck disable=SC2154 # name is set by the caller
smpi_setup() {
    bin=${top_builddir:?}/tests/smpi
    platform=$top_builddir/cpm-smpi-platform
    smpi_require "$platform" "$top_builddir/cpm-smpirun" \
        "$top_builddir/smpi/model" "$bin/smpi_truth"
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/cpm-smpi-models.XXXXXX") || exit 1
    trap 'rm -rf "$tmp"' EXIT
    # 31 sizes 0..60 KiB: enough for Bai-Perron with the default --bp-h 0.15.
    sizes=(-s 2048 -m 61440)
}

# make_platform NAME CPM-SMPI-PLATFORM-OPTIONS...: draws a platform, then
# sets ois and or to os on every host; writes $tmp/NAME.{xml,hosts,truth}.
make_platform() {
    local out=$1
    shift
    "$platform" "$@" --prefix "$tmp/$out-drawn" || exit 1
    awk '$1 == "host" { $6 = $4; $7 = $5; $8 = $4; $9 = $5 } { print }' \
        "$tmp/$out-drawn.truth" > "$tmp/$out-equal.truth"
    "$platform" --from-truth "$tmp/$out-equal.truth" --prefix "$tmp/$out" ||
        exit 1
    echo "== platform $out: cpm-smpi-platform $*, then os = ois = or"
    grep -v '^#' "$tmp/$out.truth"
}

# smpi PLATFORM ARGS...: runs smpi/model ARGS on every host of $tmp/PLATFORM
# under cpm-smpirun (the exact settings; it also raises the stack limit,
# which RInside at rank 0 needs under SimGrid); output in $tmp/out (and
# shown).
smpi() {
    local plat=$1
    shift
    (cd "$tmp" && TMPDIR=$tmp "$top_builddir/cpm-smpirun" -v "$tmp/$plat" \
        "$top_builddir/smpi/model" "$@") > "$tmp/out" 2>&1
    local rc=$?
    cat "$tmp/out"
    return $rc
}

# build_lmo PLATFORM OUT: builds the LMO model into OUT. Returns 0 if
# built, 1 if it failed, 2 if CPM is built without R (no LMO model then:
# said so, not a failure).
build_lmo() {
    if ! (ulimit -s unlimited) 2>/dev/null; then
        echo "$name: cannot raise the stack limit (ulimit -s unlimited)," \
             "which R under smpirun needs" >&2
        return 1
    fi
    if smpi "$1" -M LMO "${sizes[@]}" -o "$2"; then
        return 0
    elif grep -q 'built without R' "$tmp/out"; then
        echo "(this CPM is built without R: the LMO thresholds, hence the LMO" \
             "model, are not available; the checks of the LMO model file are" \
             "left out)"
        return 2
    fi
    return 1
}

# check MODE TRUTH MODEL: smpi_truth at 1%; returns its status.
check() {
    echo "== smpi_truth $1 $(basename "$2") $(basename "$3") 0.01"
    "$bin/smpi_truth" "$1" "$2" "$3" 0.01
}

# control MODE TRUTH MODEL: a negative control, TRUTH being wrong: returns
# 0 if smpi_truth fails as it should.
control() {
    if check "$@" > "$tmp/control" 2>&1; then
        cat "$tmp/control"
        echo "$name: a wrong truth file passed smpi_truth $1" >&2
        return 1
    elif ! grep -q "^smpi_truth $1: FAIL" "$tmp/control"; then
        cat "$tmp/control"
        echo "$name: the negative control of $1 failed to run" >&2
        return 1
    fi
    grep -E "above|^smpi_truth" "$tmp/control"
    echo "(failed as it should)"
}

# perturb_link TRUTH OUT [SECONDS]: OUT = TRUTH with the latency of link
# 0-1 5% higher, or SECONDS higher if given.
perturb_link() {
    awk -v add="${3:-0}" '
        $1 == "link" && $2 == 0 && $3 == 1 {
            $4 = sprintf("%.17g", add > 0 ? $4 + add : $4 * 1.05)
        }
        { print }' "$1" > "$2"
}
