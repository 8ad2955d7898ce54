#!/bin/bash
# SMPI check that the schedule does not change what is measured: on a
# platform with one link per pair (topology full, 8 hosts, heterogeneous
# links and host delays, then os = ois = or), the models built with the
# experiments in parallel rounds (-p 1: list-scheduled from the durations
# of the earlier sizes from the third size on, benchmark_schedule.h) and
# one at a time (-p 0) must have the same parameters, and both must equal
# the platform's truth (smpi_truth, 1%).
#
# Asserted:
#   1. Hockney (31 sizes, 0..60 KiB): every value of the -p 1 and -p 0
#      model files equal to 1e-9 of the line's largest value (the run's
#      date, command, -p and build time aside; the two runs differ at
#      rounding level, ~1e-13, since the simulated clock differs),
#      and both within 1% of the truth.
#   2. LMO (the same sizes; its empty roundtrips, then its triplets, the
#      triplets list-scheduled from the roundtrips): the same (with a
#      message, not checked, if CPM is built without R).
#   3. Each file's busiest-work (the bound of its experiments under any
#      schedule, formats.md) is above 0 and at most its build-time, and
#      the same in both (compared with the other values).
#   4. Negative control: the comparison fails on two files one of whose
#      values differs by 1e-6 relative.
#
# Run by make check through tests/run-test. Never skipped: without SimGrid
# it fails.
set -u
name=smpi_schedule.sh
# shellcheck source=smpi_common.sh
. "$(dirname "$0")/smpi_common.sh"
smpi_setup

# same A B: 0 if model files A and B have the same lines with the same
# numbers to 1e-9 of the largest non-integer value of each line, the lines that name the
# run (measured date, command, parallel, build-time, p2p-time) and comments
# skipped; prints the first difference.
same() {
    awk -v tol=1e-9 '
    function num(x) { return x ~ /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/ }
    /^measured (date|command|parallel|build-time|p2p-time) |^# / { next }
    FNR == NR { a[++na] = $0; next }
    { b[++nb] = $0 }
    END {
        if (na != nb) { printf "%d lines against %d\n", na, nb; exit 1 }
        for (l = 1; l <= na; ++l) {
            n1 = split(a[l], x, /[ \t,:\[\]{}"]+/); n2 = split(b[l], y, /[ \t,:\[\]{}"]+/)
            if (n1 != n2) { print "line " l ": " a[l] " | " b[l]; exit 1 }
            # scale: the largest non-integer value of the line (a
            # parameter next to its confidence interval, which is
            # rounding noise on an exact bed)
            s = 0
            for (k = 1; k <= n1; ++k)
                if (num(x[k]) && x[k] ~ /[.eE]/) {
                    v = x[k] < 0 ? -x[k] : x[k]; if (v > s) s = v
                }
            for (k = 1; k <= n1; ++k) {
                if (num(x[k]) && num(y[k])) {
                    d = x[k] - y[k]; if (d < 0) d = -d
                    if (d > tol * s && d > 1e-300) {
                        print "line " l ": " x[k] " against " y[k]; exit 1
                    }
                } else if (x[k] != y[k]) {
                    print "line " l ": " a[l] " | " b[l]; exit 1
                }
            }
        }
    }' "$1" "$2"
}

fail=0
make_platform p --hosts 8 --seed 4711 --topology full

for p in 1 0; do
    smpi p -M Hockney "${sizes[@]}" -p $p -o "$tmp/hockney$p.model" > /dev/null ||
        { cat "$tmp/out"; fail=1; }
done
echo "== Hockney -p 1 against -p 0"
if same "$tmp/hockney1.model" "$tmp/hockney0.model"; then
    echo "same values"
else
    echo "$name: Hockney differs between -p 1 and -p 0" >&2
    fail=1
fi
for p in 1 0; do
    check hockney "$tmp/p.truth" "$tmp/hockney$p.model" > "$tmp/c" || fail=1
    tail -1 "$tmp/c"
done
grep 'build-time' "$tmp/hockney1.model" "$tmp/hockney0.model"

# bounded F: the model file's busiest-work (the bound of its experiments
# under any schedule) is above 0 and at most its build-time
bounded() {
    awk '/^measured busiest-work / { b = $3 } /^measured build-time / { t = $3 }
         END { if (!(b > 0) || !(b <= t)) { print "busiest-work " b " s, build-time " t " s"; exit 1 }
               printf "busiest-work %s s <= build-time %s s (%.3f)\n", b, t, t / b }' "$1"
}
echo "== the bound of the experiments under any schedule"
for f in "$tmp/hockney1.model" "$tmp/hockney0.model"; do
    bounded "$f" || { echo "$name: $f: busiest-work is not a bound of build-time" >&2; fail=1; }
done

# LMO: build_lmo's checks (stack limit, built without R), then -p 0.
build_lmo p "$tmp/lmo1.model" > /dev/null
lmo=$?
if [ $lmo -eq 0 ]; then
    smpi p -M LMO "${sizes[@]}" -p 0 -o "$tmp/lmo0.model" > /dev/null || lmo=1
fi
[ $lmo -eq 1 ] && { cat "$tmp/out"; fail=1; }
if [ $lmo -eq 2 ]; then
    echo "(built without R: no LMO model, LMO not compared)"
elif [ $lmo -eq 0 ]; then
    echo "== LMO -p 1 against -p 0"
    if same "$tmp/lmo1.model" "$tmp/lmo0.model"; then
        echo "same values"
    else
        echo "$name: LMO differs between -p 1 and -p 0" >&2
        fail=1
    fi
    check lmo "$tmp/p.truth" "$tmp/lmo1.model" > "$tmp/c" || fail=1
    tail -1 "$tmp/c"
    grep 'build-time' "$tmp/lmo1.model" "$tmp/lmo0.model"
    for f in "$tmp/lmo1.model" "$tmp/lmo0.model"; do
        bounded "$f" || { echo "$name: $f: busiest-work is not a bound of build-time" >&2; fail=1; }
    done
fi

echo "== negative control: one value 1e-6 larger"
awk '!done && $1 !~ /^#/ && /[0-9]\.[0-9]+e-/ {
        for (k = 1; k <= NF; ++k) if ($k ~ /^[0-9]\.[0-9]+e-[0-9]+$/) {
            $k = sprintf("%.12e", $k * (1 + 1e-6)); done = 1; break }
     } { print }' "$tmp/hockney1.model" > "$tmp/perturbed.model"
if cmp -s "$tmp/perturbed.model" "$tmp/hockney1.model"; then
    echo "$name: the negative control changed nothing" >&2
    fail=1
elif same "$tmp/perturbed.model" "$tmp/hockney1.model"; then
    echo "$name: a changed value passed the comparison" >&2
    fail=1
else
    echo "(failed as it should)"
fi
exit $fail
