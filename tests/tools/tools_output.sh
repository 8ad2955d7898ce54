#!/bin/bash
# The tools' output: header lines, one row per measurement with the
# documented columns, positive finite times; standard output works; -h.
set -u
: "${top_builddir:?run through make check}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
run() { timeout 300 $MPIRUN_LOCAL "$@"; }

# p2p at 3 processes, sizes 0, 1024, 2048: 3 pairs x 3 sizes.
run -np 3 "$top_builddir/p2p" -s 1024 -m 2048 -r 3 -R 10 -o "$tmp/p2p.out" 2>"$tmp/p2p.err" ||
    fail "p2p exited with $?"
for key in "# CPM p2p" "# command: p2p" "# date: " "# mpi: " "# processes: 3" \
    "# processor 2: " "# precision: min_reps=3 max_reps=10 cl=0.95 eps=0.025 estimator=median warmup=1 train=auto" \
    "# total benchmarking time: " \
    "# converged: " "# outliers: " "# columns: M i j T wtick reps ci"; do
    grep -q -F -- "$key" "$tmp/p2p.out" || fail "p2p header lacks '$key'"
done
# Without -p, experiments run one at a time where 3 ranks outnumber this
# machine's processors, and p2p says so; else in parallel rounds, the
# third size list-scheduled from the first two's durations (unless all
# three pairs' predictions are equal, which real timings hardly are).
# (tests/mpirun-local binds no rank: each may run on this shell's processors)
note="p2p: 3 ranks on a machine of $(nproc) processors: experiments run one at a time (-p 1 runs them in parallel rounds)"
if [ "$(nproc)" -lt 3 ]; then
    grep -q -x -F "$note" "$tmp/p2p.err" || fail "p2p: no note of one at a time: $(cat "$tmp/p2p.err")"
    grep -q -x -F "# parallel: 0 (3 rounds per size)" "$tmp/p2p.out" ||
        fail "p2p parallel line (oversubscribed): $(grep '^# parallel' "$tmp/p2p.out")"
    run -np 3 "$top_builddir/p2p" -p 1 -s 1024 -m 2048 -r 3 -R 10 -o "$tmp/p2p.out" 2>"$tmp/p2p.err" ||
        fail "p2p -p 1 exited with $?"
fi
grep -q -F "one at a time" "$tmp/p2p.err" && fail "p2p noted one at a time: $(cat "$tmp/p2p.err")"
grep -q -x -E "# parallel: 1 \(3 rounds (per size|at 2 sizes, list-scheduled by expected duration at 1 size)\)" "$tmp/p2p.out" ||
    fail "p2p parallel line: $(grep '^# parallel' "$tmp/p2p.out")"
awk '!/^#/ {
        rows++
        if (NF != 7) { print "bad field count: " $0; bad++ }
        if (!($4 > 0 && $4 < 1)) { print "bad T: " $0; bad++ }
        if (!($6 >= 3 && $6 <= 10)) { print "bad reps: " $0; bad++ }
        if (!($2 < $3)) { print "bad pair: " $0; bad++ }
        sizes[$1] = 1
    }
    END {
        if (rows != 9) { print "expected 9 rows, got " rows; bad++ }
        if (length(sizes) != 3) { print "expected 3 sizes"; bad++ }
        exit bad > 0
    }' "$tmp/p2p.out" || fail "p2p rows"

# collective: every operation, every timing method, to standard output.
for op in MPI_Scatter MPIB_Scatter_binomial MPIB_Gather_linear MPI_Gatherv MPIB_Bcast_binomial; do
    for t in max root global span sync; do
        run -np 3 "$top_builddir/collective" -O $op -t $t --root 1 \
            -s 4096 -m 8192 -r 3 -R 10 >"$tmp/coll.out" 2>/dev/null ||
            fail "collective -O $op -t $t exited with $?"
        grep -q "^# operation: $op " "$tmp/coll.out" || fail "$op: no operation line"
        grep -q "^# timing: $t$" "$tmp/coll.out" || fail "$op: no timing line"
        awk '!/^#/ { rows++; if (NF != 5 || !($2 > 0)) bad++ }
             END { exit (rows != 3 || bad > 0) }' "$tmp/coll.out" ||
            fail "collective -O $op -t $t rows"
        # sync: the late starts of all its timed repetitions (each row's
        # counted ones and its one warm-up), the other methods none
        late=$(sed -n 's/^# late starts: \([0-9]*\) of \([0-9]*\) sync repetitions (.*)$/\1 \2/p' "$tmp/coll.out")
        if [ $t = sync ]; then
            reps=$(awk '!/^#/ { r += $4 + 1 } END { print r + 0 }' "$tmp/coll.out")
            set -- $late
            [ "${2:-}" = "$reps" ] && [ "${1:-x}" -ge 0 ] 2>/dev/null && [ "$1" -le "$2" ] ||
                fail "collective -O $op -t sync: late starts line '$late', expected L of $reps"
        elif [ -n "$late" ]; then
            fail "collective -O $op -t $t: a late starts line"
        fi
    done
done

# sync with more ranks than cores (here: 3 on 2): processes that knew the
# start but were not scheduled in time began late at nearly every
# repetition, and the window doubled each time until a rank slept for
# minutes; now it doubles only when the start was learnt late, at most
# 64-fold. The default precision (up to 100 repetitions per size) must
# end well within the timeout.
timeout 120 $MPIRUN_LOCAL -np 3 "$top_builddir/collective" -O MPI_Gather -t sync \
    -s 4096 -m 8192 -o "$tmp/sync3.out" 2>/dev/null ||
    fail "collective -t sync at 3 processes did not end within 120 s (exit $?)"

# -h prints the options and exits 0, without mpirun too.
"$top_builddir/collective" -h >"$tmp/help" 2>&1 || fail "collective -h exited with $?"
grep -q "MPIB_Gather_binomial" "$tmp/help" || fail "collective -h lacks the operations"
"$top_builddir/p2p" -h | grep -q -- "--pair" || fail "p2p -h lacks --pair"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
