#!/bin/bash
# A 16-host build killed half-way and resumed (issue 13): on a simulated
# 16-host platform (exact times), for Hockney and LMO:
#   1. an uninterrupted build: the reference model file;
#   2. the same build killed by SIGTERM after K of its T journalled
#      measurement calls (CPM_JOURNAL_STOP_AFTER=K, the test hook of
#      benchmark_journal.cpp), K = T/2: exit non-zero, K entries;
#   3. resumed from a copy of that journal (--resume): the model file is
#      the reference byte for byte but for the lines `measured date`,
#      `measured resumed` and `measured command`;
#   4. T is what this test says: the same command resumes from the K
#      entries and is stopped again after T - K more (so the journal then
#      holds T), then a last run replays the T entries with
#      CPM_JOURNAL_STOP_AFTER=1 (it would be stopped had it measured
#      anything more) and ends with the reference model again.
# T, from the builds themselves (step 4 checks it): Hockney 30 (a
# roundtrip call per size of all pairs, 31 sizes, the first two in one
# call: measure_roundtrip_sizes), LMO 67 (the collective sweeps, the
# many-to-one bisection, the point-to-point sweep on two pairs as one call,
# and the one-to-one and one-to-two calls per segment) with seed 4242.
set -u
name=smpi_resume16.sh
# shellcheck source=smpi_common.sh
. "$(dirname "$0")/smpi_common.sh"
smpi_setup
fail=0
make_platform p --hosts 16 --seed 4242 > /dev/null
echo "== platform p: 16 hosts, seed 4242"

if ! (ulimit -s unlimited) 2>/dev/null; then
    echo "$name: cannot raise the stack limit, which R under smpirun needs" >&2
    exit 1
fi

# identical A B: the same but for the date, resumed and command lines.
identical() {
    grep -v -E "^measured (date|resumed|command) " "$1" > "$tmp/a"
    grep -v -E "^measured (date|resumed|command) " "$2" > "$tmp/b"
    if cmp -s "$tmp/a" "$tmp/b"; then
        echo "$(basename "$1") vs $(basename "$2"): identical but for the date, resumed and command lines"
        return 0
    fi
    echo "$name: $(basename "$1") and $(basename "$2") are not identical:" >&2
    diff "$tmp/a" "$tmp/b" | head -10 >&2
    return 1
}
# entries JOURNAL: its number of entries (0 if there is none)
entries() {
    local k
    k=$(grep -c '^e ' "$1" 2>/dev/null)
    echo "${k:-0}"
}

for spec in Hockney:30 LMO:67; do
    model=${spec%%:*}
    T=${spec#*:}
    K=$((T / 2))
    echo "== $model: uninterrupted"
    if ! smpi p -M "$model" "${sizes[@]}" -o "$model.ref" > /dev/null; then
        grep -q 'built without R' "$tmp/out" &&
            echo "$name: CPM is built without R: no LMO model" >&2
        tail -5 "$tmp/out"
        fail=1
        continue
    fi
    echo "== $model: killed after $K of $T journalled measurements"
    CPM_JOURNAL_STOP_AFTER=$K smpi p -M "$model" "${sizes[@]}" -o "$model.model" > /dev/null
    rc=$?
    [ $rc -ne 0 ] || { echo "$name: the killed build exited 0" >&2; fail=1; }
    [ "$(entries "$tmp/$model.model.journal")" -eq $K ] ||
        { echo "$name: journal has $(entries "$tmp/$model.model.journal") entries, expected $K" >&2; fail=1; }
    [ -e "$tmp/$model.model" ] && { echo "$name: the killed build left an output" >&2; fail=1; }
    cp "$tmp/$model.model.journal" "$tmp/$model.j"

    echo "== $model: resumed (--resume)"
    smpi p -M "$model" "${sizes[@]}" --resume "$model.j" -o "$model.resumed" > /dev/null || fail=1
    grep -q "^measured resumed .*($K measurements replayed)" "$tmp/$model.resumed" ||
        { echo "$name: the model does not record the resumption" >&2; fail=1; }
    identical "$tmp/$model.ref" "$tmp/$model.resumed" || fail=1

    echo "== $model: the build has $T measurements"
    CPM_JOURNAL_STOP_AFTER=$((T - K)) smpi p -M "$model" "${sizes[@]}" -o "$model.model" > /dev/null
    rc=$?
    [ $rc -ne 0 ] && [ "$(entries "$tmp/$model.model.journal")" -eq "$T" ] ||
        { echo "$name: stopped after $((T - K)) more: exit $rc, $(entries "$tmp/$model.model.journal") entries, expected $T" >&2; fail=1; }
    CPM_JOURNAL_STOP_AFTER=1 smpi p -M "$model" "${sizes[@]}" -o "$model.model" > /dev/null ||
        { echo "$name: the build measured more than $T calls" >&2; fail=1; }
    grep -q "^measured resumed .*($T measurements replayed)" "$tmp/$model.model" ||
        { echo "$name: all $T measurements were not replayed" >&2; fail=1; }
    identical "$tmp/$model.ref" "$tmp/$model.model" || fail=1
done

[ $fail -eq 0 ] && echo "$name: PASS"
exit $fail
