#!/bin/bash
# SMPI ground-truth check of the HLogGP model (src/models/model_hloggp.h):
# smpi/model -M HLogGP (built with smpicxx, make smpi-tools) runs under
# cpm-smpirun on a heterogeneous platform of 5 hosts with one link per pair
# (cpm-smpi-platform, topology full, fixed seed; os, or drawn apart per
# host), and the model file is compared with the truth file.
#
# On the platform an m-byte message i -> j takes
#   os_i(m) + L_ij + (m+16)/B_ij + or_j(m),   x_h(m) = C_x,h + t_x,h m
# and the PLogP experiments the builder runs in both directions give
# (tests/smpi/smpi_plogp.cpp), in eager mode (smpi/async-small-thresh above
# every size: a transfer starts when it is sent, as small messages do on
# real MPI libraries):
#   os_ij(0) = C_os,i    or_ij(0) = C_or,i    RTT_ij(m) = T_ij(m) + T_ji(0)
# so HLogGP's estimates must be exactly
#   os_i = C_os,i,  or_i = C_or,i,
#   L_ij = L_ij(platform) + 16/B_ij  (the envelope is a fixed cost),
#   G_ij = t_os,i + 1/B_ij + t_or,j  (every per-byte cost of i -> j),
# and T_ij(m) = os_i + L_ij + m G_ij + or_j the platform's one-way time.
# g_i (mean over j of the trains' gap g_ij(0)) must lie between the means
# over j of the bounds smpi_plogp.cpp gives for g_ij(0) in eager mode:
# max(C_os,i, C_or,j) if C_os,i >= 16/B_ij, else 16/B_ij .. 16/B_ij + C_or,j.
#
# In SMPI's default (rendezvous) mode a transfer starts when its receive is
# posted; or is timed on a receive posted before the request, so os, or,
# L, G and p2p must be exact there too, and so must the empty roundtrips
# T_ij(0) + T_ji(0). (g differs: each message of a train crosses after the
# previous receive, tests/smpi/smpi_plogp.cpp; it is checked in eager mode
# only.)
#
# The model tool's -E p2p, -E summa and -E wave2d (2 x 2 grid on ranks 0
# and 1) must equal the hand computation from the file's parameters to
# 1e-8 (the tool prints 10 digits), and a configuration of more processes
# than the model must be refused.
#
# Tolerance 1e-6 relative: the simulation is exact, runs come out to
# ~1e-12; the numbers pass through 17-digit text. Negative controls: the
# eager model against a truth with link 0-1's latency 1 ns higher, and
# with host 2's C_or 1 ns higher, must fail.
#
# Run by make check through tests/run-test (SMPIRUN, SMPICXX, top_builddir
# in the environment). Never skipped: without SimGrid it fails.
set -u
name=smpi_hloggp.sh
# shellcheck source=smpi_common.sh
. "$(dirname "$0")/smpi_common.sh"
smpi_setup

tol=1e-6
eager_cfg=(--cfg=smpi/async-small-thresh:1000000000)

# build MODE OUT [SIZES]: smpi/model -M HLogGP on platform p, eager or
# rendezvous, with --sizes SIZES (0,1024,65536,1048576 if not given;
# "adaptive": no size option, the adaptive plan).
build() {
    local extra=() sizes=(--sizes "${3:-0,1024,65536,1048576}")
    [ "$1" = eager ] && extra=("${eager_cfg[@]}")
    [ "${3:-}" = adaptive ] && sizes=()
    echo "== model -M HLogGP ${sizes[*]:-(adaptive sizes)} ($1 mode)"
    (cd "$tmp" && TMPDIR=$tmp "$top_builddir/cpm-smpirun" -v \
        ${extra[@]+"${extra[@]}"} "$tmp/p" "$top_builddir/smpi/model" \
        -M HLogGP ${sizes[@]+"${sizes[@]}"} -o "$2") > "$tmp/out" 2>&1
    local rc=$?
    cat "$tmp/out"
    [ $rc -eq 0 ] && [ -s "$2" ]
}

# compare MODE TRUTH MODEL: prints each parameter against the truth with
# its relative error; status 0 if all within tol. Both modes check os, or,
# L, G and p2p; eager also g, rendezvous also the empty roundtrips.
compare() {
    awk -v mode="$1" -v tol="$tol" '
    function abs(x) { return x < 0 ? -x : x }
    function check(what, got, want,   e) {
        e = want != 0 ? abs(got - want) / abs(want) : abs(got)
        if (e > worst) worst = e
        printf "%-22s %.10e %.10e %.2e%s\n", what, got, want, e,
            (e > tol ? "  above tolerance" : "")
        if (e > tol) bad++
    }
    FNR == 1 { file++ }
    file == 1 && $1 == "host" {
        r = $2; Cos[r] = $4; tos[r] = $5; Cor[r] = $8; tor[r] = $9
        if (r + 1 > n) n = r + 1
    }
    file == 1 && $1 == "link" { Lt[$2, $3] = $4; B[$2, $3] = $5 }
    file == 2 && $1 == "os" { os[$2] = $3 }
    file == 2 && $1 == "or" { orr[$2] = $3 }
    file == 2 && $1 == "g" { g[$2] = $3 }
    file == 2 && $1 == "L" { L[$2, $3] = $4 }
    file == 2 && $1 == "G" { G[$2, $3] = $4; G[$3, $2] = $6 }
    END {
        for (i = 0; i < n; i++)
            for (j = i + 1; j < n; j++) {
                Lt[j, i] = Lt[i, j]; B[j, i] = B[i, j]; L[j, i] = L[i, j]
            }
        for (i = 0; i < n; i++) {
            for (j = 0; j < n; j++)
                if (i != j)
                    check("G " i "->" j, G[i, j],
                          tos[i] + 1 / B[i, j] + tor[j])
        }
        for (i = 0; i < n; i++) {
            check("os " i, os[i], Cos[i])
            check("or " i, orr[i], Cor[i])
        }
        for (i = 0; i < n; i++)
            for (j = i + 1; j < n; j++)
                check("L " i "," j, L[i, j], Lt[i, j] + 16 / B[i, j])
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++) {
                if (i == j) continue
                m = 65536
                got = os[i] + L[i, j] + m * G[i, j] + orr[j]
                want = Cos[i] + tos[i] * m + Lt[i, j]
                want += (m + 16) / B[i, j] + Cor[j] + tor[j] * m
                check("T " i "->" j " 64KiB", got, want)
            }
        if (mode == "eager") {
            for (i = 0; i < n; i++) {
                lo = hi = 0
                for (j = 0; j < n; j++) {
                    if (j == i) continue
                    w = 16 / B[i, j]
                    if (Cos[i] >= w) {
                        m = Cos[i] > Cor[j] ? Cos[i] : Cor[j]
                        lo += m; hi += m
                    } else { lo += w; hi += w + Cor[j] }
                }
                lo /= n - 1; hi /= n - 1
                e = g[i] < lo ? (lo - g[i]) / lo : g[i] > hi ? (g[i] - hi) / hi : 0
                printf "%-22s %.10e in [%.10e, %.10e]%s\n", "g " i, g[i], lo,
                    hi, (e > tol ? "  outside" : "")
                if (e > tol) bad++
            }
        } else {
            for (i = 0; i < n; i++)
                for (j = i + 1; j < n; j++) {
                    got = os[i] + orr[j] + os[j] + orr[i] + 2 * L[i, j]
                    want = Cos[i] + Cor[j] + Cos[j] + Cor[i]
                    want += 2 * (Lt[i, j] + 16 / B[i, j])
                    check("RTT(0) " i "," j, got, want)
                }
        }
        printf "smpi_hloggp %s: worst relative error %.2e, %d above %g: %s\n",
            mode, worst, bad, tol, bad ? "FAIL" : "PASS"
        exit bad ? 1 : 0
    }' "$2" "$3"
}

fail=0
"$platform" --hosts 5 --seed 6060 --prefix "$tmp/p" || exit 1
echo "== platform: cpm-smpi-platform --hosts 5 --seed 6060"
grep -v '^#' "$tmp/p.truth"

if build eager "$tmp/eager.model"; then
    compare eager "$tmp/p.truth" "$tmp/eager.model" || fail=1
else
    fail=1
fi
# The default (adaptive) sizes: a sweep on a few pairs, every ordered
# pair at two sizes of the one segment; the same exact parameters.
if build eager "$tmp/adaptive.model" adaptive; then
    compare eager "$tmp/p.truth" "$tmp/adaptive.model" || fail=1
    grep -q '^measured pair-sizes two nodes 0,' "$tmp/adaptive.model" ||
        { echo "$name: the adaptive build records no pair-sizes" >&2; fail=1; }
    grep -E '^measured (sizes|pair-sizes|segments)' "$tmp/adaptive.model"
else
    fail=1
fi
if build rendezvous "$tmp/rdv.model"; then
    compare rendezvous "$tmp/p.truth" "$tmp/rdv.model" || fail=1
else
    fail=1
fi

# Predictions through the model tool (-i, no MPI) equal the file's
# parameters: p2p 2 -> 4 of 64 KiB from the eager model.
if [ -s "$tmp/eager.model" ]; then
    want=$(awk '$1=="os"&&$2==2{o=$3} $1=="or"&&$2==4{r=$3}
                $1=="L"&&$2==2&&$3==4{L=$4} $1=="G"&&$2==2&&$3==4{G=$4}
                END{printf "%.9e", o + L + 65536 * G + r}' "$tmp/eager.model")
    got=$("$top_builddir/model" -M HLogGP -i "$tmp/eager.model" -E p2p \
          --pair 2,4 --sizes 65536 | awk '!/^#/{print $2}')
    echo "== model -E p2p --pair 2,4 --sizes 65536: $got (file: $want)"
    if ! awk -v a="$got" -v b="$want" 'BEGIN {
            d = (a - b) / b; exit !(a != "" && d < 1e-8 && d > -1e-8) }'; then
        echo "$name: the model tool's p2p differs from the file's parameters" >&2
        fail=1
    fi
fi

# Kernels through the model tool, on ranks 0 and 1 of the eager model: a
# 2 x 2 grid in two columns. SUMMA: iteration 0, rank 0 sends its 2-unit
# pivot column to 1; iteration 1, rank 1 to 0; no pivot row message (each
# owns all rows of its columns): T_01(2U) + T_10(2U). 2D wave: each sends
# its 2-unit edge to the other: max(T_01(2U), T_10(2U)). U = 1000 bytes.
# A configuration of more processes than the model has is refused.
if [ -s "$tmp/eager.model" ]; then
    printf 'kernel summa\nN 2\nh0 a 0 0 1 2\nh1 a 1 0 1 2\n' > "$tmp/summa.cfg"
    printf 'kernel wave2d\nN 2\nh0 a 0 0 1 2\nh1 a 1 0 1 2\n' > "$tmp/wave.cfg"
    for k in summa wave; do
        want=$(awk -v k=$k '$1=="os"{os[$2]=$3} $1=="or"{orr[$2]=$3}
            $1=="L"&&$2==0&&$3==1{L=$4} $1=="G"&&$2==0&&$3==1{a=$4; b=$6}
            END { t01 = os[0] + L + 2000 * a + orr[1]
                  t10 = os[1] + L + 2000 * b + orr[0]
                  t = t01 > t10 ? t01 : t10
                  if (k == "summa") t = t01 + t10
                  printf "%.12e", t }' "$tmp/eager.model")
        op=$k; [ $k = wave ] && op=wave2d
        got=$("$top_builddir/model" -M HLogGP -i "$tmp/eager.model" -E $op \
              --config "$tmp/$k.cfg" --sizes 1000 | awk '!/^#/{print $2}')
        echo "== model -E $op --config (2 x 2 grid) --sizes 1000: $got (by hand: $want)"
        if ! awk -v a="$got" -v b="$want" 'BEGIN {
                d = (a - b) / b; exit !(a != "" && d < 1e-8 && d > -1e-8) }'; then
            echo "$name: -E $op differs from the hand computation" >&2
            fail=1
        fi
    done
    { printf 'kernel wave2d\nN 6\n'
      for r in 0 1 2 3 4 5; do echo "h$r a $r 0 1 6"; done; } > "$tmp/six.cfg"
    if "$top_builddir/model" -M HLogGP -i "$tmp/eager.model" -E wave2d \
           --config "$tmp/six.cfg" --sizes 8 > /dev/null 2> "$tmp/err"; then
        echo "$name: a 6-process configuration was accepted by a 5-process model" >&2
        fail=1
    else
        echo "== 6-process configuration refused: $(cat "$tmp/err")"
    fi
fi

# Negative controls: a truth 1 ns off must fail.
if [ -s "$tmp/eager.model" ]; then
    perturb_link "$tmp/p.truth" "$tmp/lat.truth" 1e-9
    awk '$1 == "host" && $2 == 2 { $8 = sprintf("%.17g", $8 + 1e-9) }
         { print }' "$tmp/p.truth" > "$tmp/or.truth"
    for t in lat or; do
        echo "== negative control: truth $t +1 ns"
        if compare eager "$tmp/$t.truth" "$tmp/eager.model" > "$tmp/control" 2>&1; then
            cat "$tmp/control"
            echo "$name: a wrong truth file ($t) passed" >&2
            fail=1
        elif ! grep -q '^smpi_hloggp eager: .*FAIL$' "$tmp/control"; then
            cat "$tmp/control"
            echo "$name: the negative control ($t) failed to run" >&2
            fail=1
        else
            grep -E "above|outside|^smpi_hloggp" "$tmp/control"
            echo "(failed as it should)"
        fi
    done
fi

[ $fail -eq 0 ] && echo "$name: PASS" || echo "$name: FAIL"
exit $fail
