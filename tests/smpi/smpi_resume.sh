#!/bin/bash
# Long builds survive a kill (issue 13): the journal of finished
# measurements (benchmark/benchmark_journal.*) lets a build killed part-way
# resume and end with the same model as an uninterrupted build.
#
# On a simulated 5-host platform (exact times), for every model that is
# built by measurement: Hockney, Dimemas (built from a Hockney build), LMO,
# PLogP, LogGP and HLogGP (these three measure with measure_plogp: LogGP
# is built from a PLogP build, HLogGP runs the PLogP experiments in both
# directions) and tau-Lop:
#   1. an uninterrupted build with -o FILE: the model; no journal left.
#   2. the same build killed by SIGTERM after K journalled measurement
#      calls (CPM_JOURNAL_STOP_AFTER=K, a test hook: rank 0 raises SIGTERM
#      after fsync'ing the K-th entry): non-zero exit, a line naming the
#      rank, the journal with K entries, no temporary output file, and the
#      old output (a marker file) intact.
#   3. the same command again (same -o): it resumes ("resuming from"),
#      replays the K entries, measures the rest, and writes the model file
#      of 1 byte for byte but for the line that dates the run (measured
#      date) and the line that records the resumption (identical() below);
#      no journal left.
#   4. --resume JOURNAL with another output name gives the same model.
#      For PLogP, HLogGP and tau-Lop also the total T of journalled calls: resumed
#      from the K entries and stopped again after T - K more (the journal
#      then holds T), then a last run replays all T with
#      CPM_JOURNAL_STOP_AFTER=1 (it would be stopped had it measured
#      anything more) and ends with the same model.
#   5. Negative controls: a journal of another build (sizes changed), a
#      file that is not a journal and a PLogP journal with a bad train
#      length are refused with one line, exit 2; a
#      model file with one value changed in its last bit fails
#      identical(); a PLogP build resumed from its journal with one
#      replayed value (an os time) changed in its last bit gives a model
#      that fails identical() (the replayed values are the ones used).
#   6. A build whose experiments do not converge (-r 1 -R 1) names the
#      parameters resting on them in 'measured unconverged' (text, JSON)
#      and says so in one line at the end; so does a PLogP build (its
#      experiments are in the tally since they are journalled).
set -u
name=smpi_resume.sh
# shellcheck source=smpi_common.sh
. "$(dirname "$0")/smpi_common.sh"
smpi_setup
fail=0
make_platform p --hosts 5 --seed 4242

# identical A B [command]: A and B are the same byte for byte but for the
# lines `measured date` and `measured resumed` (and the command line, with
# a third argument). A resumed build reads the same simulated clocks as the
# interrupted one: each replayed call sets every rank's clock to the end
# the journal recorded (its `t` line) and feeds the pair schedule's
# duration history as the measured call did (benchmark_p2p.cpp), so the
# later calls run the same rounds at the same simulated times and measure
# the same times to the last bit (even build-time is the same).
identical() {
    grep -v -E "^measured (date|resumed${3:+|command}) " "$1" > "$tmp/a"
    grep -v -E "^measured (date|resumed${3:+|command}) " "$2" > "$tmp/b"
    if cmp -s "$tmp/a" "$tmp/b"; then
        echo "$(basename "$1") vs $(basename "$2"): identical but for the date and resumed lines" >&2
        return 0
    fi
    echo "$name: $(basename "$1") and $(basename "$2") are not identical:" >&2
    diff "$tmp/a" "$tmp/b" | head -10 >&2
    return 1
}

if ! (ulimit -s unlimited) 2>/dev/null; then
    echo "$name: cannot raise the stack limit, which R under smpirun needs" >&2
    exit 1
fi

# MODEL:K[:T] -- K: the calls after which the build is killed, about half
# of its journalled measurement calls; T: the total (checked).
for spec in Hockney:15:30 Dimemas:15:30 LMO:33:67 PLogP:31:62 LogGP:31 HLogGP:31:62 taulop:46:93; do
    model=${spec%%:*}
    K=$(echo "$spec" | cut -d: -f2)
    T=$(echo "$spec" | cut -d: -f3)
    out=$tmp/$model.model
    echo "== $model: uninterrupted"
    # The same -o (relative to $tmp, where smpi runs) in every build, so
    # that the command lines agree.
    smpi p -M "$model" "${sizes[@]}" -o "$model.model" > /dev/null || {
        if grep -q 'built without R' "$tmp/out"; then
            echo "$name: CPM is built without R: no LMO model" >&2
        fi
        cat "$tmp/out"
        fail=1
        continue
    }
    [ -e "$tmp/$model.model.journal" ] && { echo "$name: journal left after a finished build" >&2; fail=1; }
    mv "$tmp/$model.model" "$tmp/$model.ref"
    # Hockney makes one measurement call per size, the first two sizes
    # in one (30 calls), LMO its collective sweeps over the sizes, the
    # many-to-one bisection and its p2p calls (67), PLogP and
    # LogGP one measure_plogp call per size on the probe pairs and again
    # on the other pairs (62), HLogGP one per size and direction (62),
    # tau-Lop a send overhead and two rings (tau 1, 2) per size (93):
    # stop about half-way.
    echo "old output" > "$out"
    echo "== $model: killed after $K journalled measurements"
    start=$(date +%s)
    CPM_JOURNAL_STOP_AFTER=$K smpi p -M "$model" "${sizes[@]}" -o "$model.model" > /dev/null
    rc=$?
    took=$(( $(date +%s) - start ))
    tail -3 "$tmp/out"
    [ $rc -ne 0 ] || { echo "$name: killed build exited 0" >&2; fail=1; }
    grep -q "model: rank 0: stopped by signal 15" "$tmp/out" ||
        { echo "$name: no line naming the stopped rank" >&2; fail=1; }
    [ "$(cat "$out")" = "old output" ] || { echo "$name: old output changed" >&2; fail=1; }
    ls "$tmp" | grep -q '\.tmp\.' && { echo "$name: temporary file left: $(ls "$tmp" | grep '\.tmp\.')" >&2; fail=1; }
    entries=$(grep -c '^e ' "$out.journal" 2>/dev/null)
    [ "${entries:-0}" -eq $K ] || { echo "$name: journal has ${entries:-no} entries, expected $K" >&2; fail=1; }
    echo "(exit $rc after ${took}s, journal with $entries entries)"
    cp "$out.journal" "$tmp/$model.saved-journal"

    echo "== $model: resumed (same command)"
    smpi p -M "$model" "${sizes[@]}" -o "$model.model" > /dev/null || fail=1
    grep -q "resuming from $model.model.journal: $K measurements recorded" "$tmp/out" ||
        { echo "$name: no resumption line" >&2; fail=1; }
    [ -e "$out.journal" ] && { echo "$name: journal left after the resumed build" >&2; fail=1; }
    grep -q "^measured resumed .*($K measurements replayed)" "$out" ||
        { echo "$name: the model does not record the resumption" >&2; fail=1; }
    identical "$tmp/$model.ref" "$out" || fail=1

    echo "== $model: --resume JOURNAL"
    cp "$tmp/$model.saved-journal" "$tmp/$model.j"
    smpi p -M "$model" "${sizes[@]}" --resume "$tmp/$model.j" -o "$tmp/$model.2" > /dev/null || fail=1
    identical "$tmp/$model.ref" "$tmp/$model.2" command || fail=1

    [ -n "$T" ] || continue
    echo "== $model: the build has $T journalled measurements"
    cp "$tmp/$model.saved-journal" "$tmp/$model.3.journal"
    CPM_JOURNAL_STOP_AFTER=$((T - K)) smpi p -M "$model" "${sizes[@]}" -o "$model.3" > /dev/null
    rc=$?
    entries=$(grep -c '^e ' "$tmp/$model.3.journal" 2>/dev/null)
    [ $rc -ne 0 ] && [ "${entries:-0}" -eq "$T" ] ||
        { echo "$name: stopped after $((T - K)) more: exit $rc, ${entries:-no} entries, expected $T" >&2; fail=1; }
    # PLogP's entries (PLogP's and HLogGP's builds): one train length per
    # pair beside the results
    case $model in
    PLogP | HLogGP)
        [ "$(grep -c '^x ' "$tmp/$model.3.journal")" -eq "$T" ] ||
            { echo "$name: not every entry has its train lengths (x line)" >&2; fail=1; } ;;
    esac
    CPM_JOURNAL_STOP_AFTER=1 smpi p -M "$model" "${sizes[@]}" -o "$model.3" > /dev/null ||
        { echo "$name: the build measured more than $T calls" >&2; fail=1; }
    grep -q "^measured resumed .*($T measurements replayed)" "$tmp/$model.3" ||
        { echo "$name: all $T measurements were not replayed" >&2; fail=1; }
    identical "$tmp/$model.ref" "$tmp/$model.3" command || fail=1
done

echo "== negative control: a journal of another build"
if [ -e "$tmp/Hockney.saved-journal" ]; then
    cp "$tmp/Hockney.saved-journal" "$tmp/other.j"
    smpi p -M Hockney -s 1024 -m 61440 --resume "$tmp/other.j" -o "$tmp/other.model" > /dev/null
    rc=$?
    [ $rc -eq 2 ] || { echo "$name: another build's journal: exit $rc, expected 2" >&2; fail=1; }
    grep -q "^model: journal .* was recorded by another measurement" "$tmp/out" ||
        { echo "$name: no one-line refusal of another build's journal" >&2; fail=1; }
    [ -e "$tmp/other.model" ] && { echo "$name: output written despite the refusal" >&2; fail=1; }
fi
echo "== negative control: a value changed in its last bit"
if [ -e "$tmp/Hockney.ref" ]; then
    # the first alpha's estimate with the last digit of its mantissa
    # changed (17 significant digits: a few units in the last place)
    awk '!done && $1 == "alpha" { m = $4; e = ""
                                  if (match(m, /[eE]/)) { e = substr(m, RSTART); m = substr(m, 1, RSTART - 1) }
                                  d = substr(m, length(m)); d = d == "1" ? "2" : "1"
                                  $4 = substr(m, 1, length(m) - 1) d e; done = 1 }
         { print }' "$tmp/Hockney.ref" > "$tmp/Hockney.changed"
    if cmp -s "$tmp/Hockney.ref" "$tmp/Hockney.changed"; then
        echo "$name: the negative control changed nothing" >&2
        fail=1
    elif identical "$tmp/Hockney.ref" "$tmp/Hockney.changed" 2> /dev/null; then
        echo "$name: identical() passed a changed model file" >&2
        fail=1
    else
        echo "(failed as it should)"
    fi
fi
echo "== negative control: a PLogP build resumed with one replayed value changed"
if [ -e "$tmp/PLogP.saved-journal" ]; then
    # the third result of entry 0: os(0) of the first probe pair, its
    # time's last hexadecimal digit changed (one or two units in the last
    # place)
    awk '$1 == "r" && ++n == 3 { t = $3; p = index(t, "p"); d = substr(t, p - 1, 1)
                                 $3 = substr(t, 1, p - 2) (d == "1" ? "2" : "1") substr(t, p) }
         { print }' "$tmp/PLogP.saved-journal" > "$tmp/PLogP.changed-journal"
    if cmp -s "$tmp/PLogP.saved-journal" "$tmp/PLogP.changed-journal"; then
        echo "$name: the negative control changed nothing in the journal" >&2
        fail=1
    else
        smpi p -M PLogP "${sizes[@]}" --resume "$tmp/PLogP.changed-journal" -o PLogP.changed > /dev/null || fail=1
        if identical "$tmp/PLogP.ref" "$tmp/PLogP.changed" command 2> /dev/null; then
            echo "$name: a changed replayed value left the model identical" >&2
            fail=1
        else
            echo "(failed as it should)"
        fi
    fi
fi
echo "== unconverged experiments: -r 1 -R 1 (one repetition: no interval)"
# Every experiment (5 sizes 0..8192 x 10 pairs) stops at one repetition
# without converging: the model
# file names every parameter (each pair's alpha and beta) in 'measured
# unconverged', also in JSON, and model says so in one line at the end.
# The uninterrupted builds above converged: no such line.
if [ -e "$tmp/Hockney.ref" ]; then
    grep -q '^measured unconverged' "$tmp/Hockney.ref" &&
        { echo "$name: a converged build has a 'measured unconverged' line" >&2; fail=1; }
    smpi p -M Hockney -s 2048 -m 8192 -r 1 -R 1 -o u.model > /dev/null || fail=1
    line=$(grep '^measured unconverged' "$tmp/u.model")
    want="measured unconverged 50 of 50 experiments did not converge; parameters resting on them: alpha 0 1, alpha 0 2, alpha 0 3, alpha 0 4, alpha 1 2, alpha 1 3, alpha 1 4, alpha 2 3, alpha 2 4, alpha 3 4, beta 0 1, beta 0 2, beta 0 3, beta 0 4, beta 1 2, beta 1 3, beta 1 4, beta 2 3, beta 2 4, beta 3 4"
    [ "$line" = "$want" ] || { echo "$name: unconverged line: '$line'" >&2; fail=1; }
    grep -q '^model: 50 of 50 experiments did not converge (the model file' "$tmp/out" ||
        { echo "$name: no line at the end saying the experiments did not converge" >&2; fail=1; }
    "$top_builddir/model" -M Hockney -i "$tmp/u.model" --json |
        grep -q '"unconverged": "50 of 50 experiments did not converge; parameters resting on them: alpha 0 1,' ||
        { echo "$name: no unconverged field in the JSON" >&2; fail=1; }
    "$top_builddir/model" -M Hockney -i "$tmp/u.model" -o "$tmp/u2.model" &&
        cmp -s "$tmp/u.model" "$tmp/u2.model" ||
        { echo "$name: the file with the line does not save again the same" >&2; fail=1; }
fi

# PLogP: 5 sizes 0..8192 x 10 pairs x 5 experiments (rtt, rtt', os, or, g)
if [ -e "$tmp/PLogP.ref" ]; then
    grep -q '^measured unconverged' "$tmp/PLogP.ref" &&
        { echo "$name: a converged PLogP build has a 'measured unconverged' line" >&2; fail=1; }
    smpi p -M PLogP -s 2048 -m 8192 -r 1 -R 1 -o up.model > /dev/null || fail=1
    grep -q '^measured unconverged 250 of 250 experiments did not converge; parameters resting on them: L 0 1, L 0 2,' "$tmp/up.model" ||
        { echo "$name: PLogP unconverged line: '$(grep '^measured unconverged' "$tmp/up.model" | cut -c1-120)'" >&2; fail=1; }
fi

echo "== bad journal"
printf 'not a journal\n' > "$tmp/bad.j"
smpi p -M Hockney "${sizes[@]}" --resume "$tmp/bad.j" -o "$tmp/bad.model" > /dev/null
rc=$?
[ $rc -eq 2 ] && grep -q "bad.j:1: not a CPM journal" "$tmp/out" ||
    { echo "$name: a file that is not a journal: exit $rc" >&2; fail=1; }
if [ -e "$tmp/PLogP.saved-journal" ]; then
    # PLogP's train lengths: entry 0's x line (2 probe pairs) with a
    # length 0, then with one that is not a number
    for x in "x 0 1:entry 0: PLogP experiments of 2 pairs with 10 results and 2 train lengths, not all in 1..1024" \
             "x 1 a:bad-x.j:[0-9]*: bad integer 'a'"; do
        awk -v x="${x%%:*}" '$1 == "x" && !done { $0 = x; done = 1 } { print }' \
            "$tmp/PLogP.saved-journal" > "$tmp/bad-x.j"
        smpi p -M PLogP "${sizes[@]}" --resume "$tmp/bad-x.j" -o "$tmp/bad-x.model" > /dev/null
        rc=$?
        [ $rc -eq 2 ] && [ "$(grep '^model: ' "$tmp/out" | grep -vc '^model: resuming from')" -eq 1 ] &&
            grep -q "^model: .*${x#*:}" "$tmp/out" && [ ! -e "$tmp/bad-x.model" ] ||
            { echo "$name: journal with '${x%%:*}': exit $rc, $(grep '^model: ' "$tmp/out" | head -2)" >&2; fail=1; }
        grep '^model: ' "$tmp/out" | grep -v '^model: resuming from'
    done
fi

[ $fail -eq 0 ] && echo "$name: PASS"
exit $fail
