#!/bin/bash
# A build killed inside a long measurement call and resumed (issue 13):
# the one-to-two experiments of all triplets at a size are one call, whose
# rounds the journal records in parts (benchmark_p2p.cpp, kPartRounds), so
# that a kill inside it loses one part at most. On a simulated 24-host
# platform (exact times; 2024 triplets, two parts per call), LMO:
#   1. an uninterrupted build: the reference model file;
#   2. the same build killed after T - 1 of its T journalled calls
#      (CPM_JOURNAL_STOP_AFTER, the test hook of benchmark_journal.cpp):
#      the journal's last entry is the first part of the last one-to-two
#      call (3 results per triplet, fewer than the 6072 of all triplets);
#   3. resumed from a copy of that journal: the reference model byte for
#      byte but for the lines `measured date`, `measured resumed` and
#      `measured command`, the last part measured after the replay;
#   4. negative control: the same journal with one replayed time of that
#      first part changed in its last digits gives another model (so the
#      resumed build takes the part from the journal, not measured anew).
# T = 69 with seed 4242 and the sizes below (step 2 checks that the killed
# build had not finished).
set -u
name=smpi_resume_parts.sh
# shellcheck source=smpi_common.sh
. "$(dirname "$0")/smpi_common.sh"
smpi_setup
fail=0
make_platform p --hosts 24 --seed 4242 > /dev/null
echo "== platform p: 24 hosts, seed 4242"

if ! (ulimit -s unlimited) 2>/dev/null; then
    echo "$name: cannot raise the stack limit, which R under smpirun needs" >&2
    exit 1
fi

T=69
K=$((T - 1))
all=$((3 * 24 * 23 * 22 / 6)) # one-to-two results of all triplets

# identical A B: the same but for the date, resumed and command lines.
identical() {
    grep -v -E "^measured (date|resumed|command) " "$1" > "$tmp/a"
    grep -v -E "^measured (date|resumed|command) " "$2" > "$tmp/b"
    cmp -s "$tmp/a" "$tmp/b"
}

echo "== LMO: uninterrupted"
if ! smpi p -M LMO "${sizes[@]}" -o LMO.ref > /dev/null; then
    grep -q 'built without R' "$tmp/out" &&
        echo "$name: CPM is built without R: no LMO model" >&2
    tail -5 "$tmp/out"
    exit 1
fi

echo "== LMO: killed after $K of $T journalled calls"
CPM_JOURNAL_STOP_AFTER=$K smpi p -M LMO "${sizes[@]}" -o LMO.model > /dev/null
rc=$?
[ $rc -ne 0 ] || { echo "$name: the killed build exited 0" >&2; fail=1; }
[ -e "$tmp/LMO.model" ] && { echo "$name: the killed build left an output" >&2; fail=1; }
j=$tmp/LMO.model.journal
last=$(grep '^e ' "$j" | tail -1)
echo "last entry: $last"
set -- $last
if [ "${2:-}" != "$((K - 1))" ] || [ "${4:-0}" -le 0 ] || [ "${4:-0}" -ge $all ] ||
    [ $((${4:-1} % 3)) -ne 0 ]; then
    echo "$name: the journal's last entry ($last) is not entry $((K - 1)) of a part of the one-to-two experiments (3 results per triplet, fewer than $all)" >&2
    fail=1
fi
cp "$j" "$tmp/LMO.j"
cp "$j" "$tmp/LMO.kept" # a resumed build removes its journal once saved

echo "== LMO: resumed (--resume)"
smpi p -M LMO "${sizes[@]}" --resume LMO.j -o LMO.resumed > /dev/null || fail=1
grep -q "^measured resumed .*($K measurements replayed)" "$tmp/LMO.resumed" ||
    { echo "$name: the model does not record $K measurements replayed" >&2; fail=1; }
if identical "$tmp/LMO.ref" "$tmp/LMO.resumed"; then
    echo "LMO.resumed: identical to LMO.ref but for the date, resumed and command lines"
else
    echo "$name: LMO.ref and LMO.resumed are not identical:" >&2
    diff "$tmp/a" "$tmp/b" | head -10 >&2
    fail=1
fi

echo "== negative control: one time of the replayed part changed"
# The first r line of the last entry: its time (field 3) with the last two
# hexadecimal digits of the mantissa replaced.
start=$(grep -n '^e ' "$tmp/LMO.kept" | tail -2 | head -1 | cut -d: -f1)
awk -v s="$start" 'NR > s && !done && $1 == "r" {
        p = index($3, "p")
        $3 = substr($3, 1, p - 3) (substr($3, p - 2, 2) == "ff" ? "00" : "ff") substr($3, p)
        done = 1 }
    { print }' "$tmp/LMO.kept" > "$tmp/LMO.bad"
cmp -s "$tmp/LMO.kept" "$tmp/LMO.bad" && { echo "$name: the control changed nothing" >&2; fail=1; }
smpi p -M LMO "${sizes[@]}" --resume LMO.bad -o LMO.control > /dev/null || fail=1
if [ ! -s "$tmp/LMO.control" ]; then
    echo "$name: the control build saved no model" >&2
    fail=1
elif identical "$tmp/LMO.ref" "$tmp/LMO.control"; then
    echo "$name: a changed replayed time left the model unchanged" >&2
    fail=1
else
    echo "LMO.control: differs from LMO.ref, as it should"
fi

[ $fail -eq 0 ] && echo "$name: PASS"
exit $fail
