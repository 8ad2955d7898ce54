#!/bin/bash
# Long builds survive a kill (issue 13): the journal of finished
# measurements (benchmark/benchmark_journal.*) lets a build killed part-way
# resume and end with the same model as an uninterrupted build.
#
# On a simulated 5-host platform (exact times), for Hockney and LMO:
#   1. an uninterrupted build with -o FILE: the model; no journal left.
#   2. the same build killed by SIGTERM after K journalled measurement
#      calls (CPM_JOURNAL_STOP_AFTER=K, a test hook: rank 0 raises SIGTERM
#      after fsync'ing the K-th entry): non-zero exit, a line naming the
#      rank, the journal with K entries, no temporary output file, and the
#      old output (a marker file) intact.
#   3. the same command again (same -o): it resumes ("resuming from"),
#      replays the K entries, measures the rest, and writes a model file
#      identical to 1's but for the lines that date the run (measured date,
#      build-time) and the line that records the resumption; no journal
#      left.
#   4. --resume JOURNAL with another output name gives the same model.
#   5. Negative control: a journal of another build (Hockney's journal for
#      an LMO build, or sizes changed) is refused with one line, exit 2.
set -u
name=smpi_resume.sh
# shellcheck source=smpi_common.sh
. "$(dirname "$0")/smpi_common.sh"
smpi_setup
fail=0
make_platform p --hosts 5 --seed 4242

# same A B: the model files A and B agree but for the dating lines and
# the resumption line.
strip() { grep -v -E '^measured (date|build-time|resumed) ' "$1"; }
same() {
    if ! diff <(strip "$1") <(strip "$2") > "$tmp/diff"; then
        echo "$name: $(basename "$1") and $(basename "$2") differ:" >&2
        head -20 "$tmp/diff" >&2
        return 1
    fi
}

if ! (ulimit -s unlimited) 2>/dev/null; then
    echo "$name: cannot raise the stack limit, which R under smpirun needs" >&2
    exit 1
fi

for model in Hockney LMO; do
    out=$tmp/$model.model
    echo "== $model: uninterrupted"
    smpi p -M "$model" "${sizes[@]}" -o "$tmp/$model.ref" > /dev/null || {
        if grep -q 'built without R' "$tmp/out"; then
            echo "$name: CPM is built without R: no LMO model" >&2
        fi
        cat "$tmp/out"
        fail=1
        continue
    }
    [ -e "$tmp/$model.ref.journal" ] && { echo "$name: journal left after a finished build" >&2; fail=1; }
    # Hockney makes one measurement call per size (31 calls), LMO two
    # collective sweeps over the sizes and three p2p calls (65): stop about
    # half-way.
    K=15
    [ "$model" = LMO ] && K=33
    echo "old output" > "$out"
    echo "== $model: killed after $K journalled measurements"
    start=$(date +%s)
    CPM_JOURNAL_STOP_AFTER=$K smpi p -M "$model" "${sizes[@]}" -o "$out" > /dev/null
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
    smpi p -M "$model" "${sizes[@]}" -o "$out" > /dev/null || fail=1
    grep -q "resuming from $out.journal: $K measurements recorded" "$tmp/out" ||
        { echo "$name: no resumption line" >&2; fail=1; }
    [ -e "$out.journal" ] && { echo "$name: journal left after the resumed build" >&2; fail=1; }
    grep -q "^measured resumed .*($K measurements replayed)" "$out" ||
        { echo "$name: the model does not record the resumption" >&2; fail=1; }
    same "$tmp/$model.ref" "$out" && echo "identical to the uninterrupted build" || fail=1

    echo "== $model: --resume JOURNAL"
    cp "$tmp/$model.saved-journal" "$tmp/$model.j"
    smpi p -M "$model" "${sizes[@]}" --resume "$tmp/$model.j" -o "$tmp/$model.2" > /dev/null || fail=1
    same "$tmp/$model.ref" "$tmp/$model.2" && echo "identical to the uninterrupted build" || fail=1
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
echo "== bad journal"
printf 'not a journal\n' > "$tmp/bad.j"
smpi p -M Hockney "${sizes[@]}" --resume "$tmp/bad.j" -o "$tmp/bad.model" > /dev/null
rc=$?
[ $rc -eq 2 ] && grep -q "bad.j:1: not a CPM journal" "$tmp/out" ||
    { echo "$name: a file that is not a journal: exit $rc" >&2; fail=1; }

[ $fail -eq 0 ] && echo "$name: PASS"
exit $fail
