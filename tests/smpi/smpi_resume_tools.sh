#!/bin/bash
# The measurement tools killed part-way and resumed (issue 13): on a
# simulated 8-host platform (exact times), p2p over all pairs,
# collective (MPI_Scatter, sync timing) and kernel (SUMMA, sync timing)
# are
#   1. run uninterrupted: the reference output;
#   2. stopped by SIGTERM after K of their T journalled calls
#      (CPM_JOURNAL_STOP_AFTER=K, the test hook of benchmark_journal.cpp):
#      exit non-zero, no output, OUT.journal with K entries;
#   3. run again with the same command: they resume from OUT.journal, say
#      so on stderr and in a `# resumed:` header line, and write the
#      reference output but for the date, command and resumed lines (the
#      sync method's late starts and repetitions included, which the
#      journal records beside each result); OUT.journal is then removed;
#   4. a journal recorded on 8 processes is refused on 4, a kernel
#      journal of another configuration is refused, and a run that
#      needs fewer entries than the journal holds says so;
#   5. --resume naming no file is refused with one line.
# T: p2p one roundtrip call per size (4 sizes), collective one call per
# size (17 sizes: 0, 4096, ... 65536), kernel one call per size (3).
set -u
name=smpi_resume_tools.sh
# shellcheck source=smpi_common.sh
. "$(dirname "$0")/smpi_common.sh"
smpi_setup
smpi_require "$top_builddir/smpi/p2p" "$top_builddir/smpi/collective" \
    "$top_builddir/smpi/kernel"
fail=0
"$platform" --hosts 8 --seed 77 --prefix "$tmp/p" > /dev/null || exit 1
echo "== platform p: 8 hosts, seed 77"
# SUMMA on an 8 x 8 grid, a 2 x 4 block of the grid per host
{ echo "kernel summa"; echo "N 8"
  for r in 0 1 2 3 4 5 6 7; do echo "host$r a $((r % 4 * 2)) $((r / 4 * 4)) 2 4"; done
} > "$tmp/s.conf"

# tool NAME OUT ARGS...: smpi/NAME ARGS -o OUT on platform p (NP ranks,
# default all 8), in $tmp
tool() {
    local t=$1 out=$2
    shift 2
    (cd "$tmp" && TMPDIR=$tmp "$top_builddir/cpm-smpirun" "$tmp/p" \
        -np "${NP:-8}" "$top_builddir/smpi/$t" "$@" -o "$out") > "$tmp/log" 2>&1
}
same() {
    grep -v -E '^# (date|command|resumed):' "$1" > "$tmp/a"
    grep -v -E '^# (date|command|resumed):' "$2" > "$tmp/b"
    cmp -s "$tmp/a" "$tmp/b" && return 0
    diff "$tmp/a" "$tmp/b" | head -6 >&2
    return 1
}

for spec in "p2p:4:2:--sizes 0,1024,16384,65536" \
            "collective:17:8:-O MPI_Scatter -t sync -s 4096 -m 65536" \
            "kernel:3:2:--config s.conf -t sync --sizes 64,1024,4096"; do
    IFS=: read -r t T K args <<<"$spec"
    # shellcheck disable=SC2086 # args are words
    tool "$t" "$t.ref" $args || { cat "$tmp/log"; echo "FAIL: $t: reference run"; fail=1; continue; }
    # shellcheck disable=SC2086
    CPM_JOURNAL_STOP_AFTER=$K tool "$t" "$t.out" $args && { echo "FAIL: $t: not stopped"; fail=1; }
    k=$(grep -c '^e ' "$tmp/$t.out.journal" 2>/dev/null)
    [ -e "$tmp/$t.out" ] && { echo "FAIL: $t: an output after the stop"; fail=1; }
    [ "${k:-0}" = "$K" ] || { echo "FAIL: $t: $k journal entries after the stop, expected $K"; fail=1; }
    # shellcheck disable=SC2086
    tool "$t" "$t.out" $args || { cat "$tmp/log"; echo "FAIL: $t: resumed run"; fail=1; continue; }
    grep -q "^$t: resuming from $t.out.journal: $K measurements recorded$" "$tmp/log" ||
        { cat "$tmp/log"; echo "FAIL: $t: no resuming line"; fail=1; }
    grep -q "^# resumed: '$t.out.journal' ($K measurements replayed)$" "$tmp/$t.out" ||
        { echo "FAIL: $t: no resumed header line"; fail=1; }
    [ -e "$tmp/$t.out.journal" ] && { echo "FAIL: $t: journal left after the output was saved"; fail=1; }
    # p2p on 8 processes, 4 sizes: 7 rounds (of 4 pairs each) at the
    # first two, then the pairs list-scheduled
    [ "$t" != p2p ] || grep -q "^# parallel: 1 (7 rounds at 2 sizes, list-scheduled by expected duration at 2 sizes)$" "$tmp/$t.ref" ||
        { grep '^# parallel' "$tmp/$t.ref"; echo "FAIL: p2p: parallel header line"; fail=1; }
    if same "$tmp/$t.ref" "$tmp/$t.out"; then
        echo "$t: stopped after $K of $T calls, resumed: the reference output but for the date, command and resumed lines"
    else
        echo "FAIL: $t: resumed output differs from the reference"
        fail=1
    fi
    # T calls: the hook stops a run after its T-th entry, not a run told
    # to stop after the (T+1)-th.
    rm -f "$tmp/$t.x" "$tmp/$t.x.journal"
    # shellcheck disable=SC2086
    CPM_JOURNAL_STOP_AFTER=$((T + 1)) tool "$t" "$t.x" $args ||
        { echo "FAIL: $t: stopped with a stop after $((T + 1)) calls: more than $T"; fail=1; }
    rm -f "$tmp/$t.x" "$tmp/$t.x.journal"
    # shellcheck disable=SC2086
    CPM_JOURNAL_STOP_AFTER=$T tool "$t" "$t.x" $args &&
        { echo "FAIL: $t: not stopped after $T calls: fewer than $T"; fail=1; }
done
# With CPM_SCHEDULE=rounds every size keeps the rounds.
if CPM_SCHEDULE=rounds tool p2p rounds.out --sizes 0,1024,16384,65536 &&
    grep -q "^# parallel: 1 (7 rounds per size)$" "$tmp/rounds.out"; then
    echo "p2p with CPM_SCHEDULE=rounds: $(grep '^# parallel' "$tmp/rounds.out")"
else
    cat "$tmp/log"; echo "FAIL: p2p with CPM_SCHEDULE=rounds: $(grep '^# parallel' "$tmp/rounds.out")"; fail=1
fi
# refused WHAT TOOL OUT REASON NP ARGS...: TOOL run on NP processes with
# ARGS -o OUT, whose journal OUT.journal is of another run, is refused
# with exit 2, one line "TOOL: journal 'OUT.journal': entry 0 REASON: the
# journal is of another run (remove it to start afresh)" and no output.
refused() {
    local what=$1 t=$2 out=$3 reason=$4 np=$5 rc
    shift 5
    NP=$np tool "$t" "$out" "$@"
    rc=$?
    if [ $rc = 2 ] && [ "$(grep -c "^$t: journal " "$tmp/log")" = 1 ] &&
        grep -q -F -x "$t: journal '$out.journal': entry 0 $reason: the journal is of another run (remove it to start afresh)" "$tmp/log" &&
        [ ! -e "$tmp/$out" ]; then
        echo "$what: $(grep "^$t: journal" "$tmp/log")"
    else
        cat "$tmp/log"; echo "FAIL: $what: exit $rc"; fail=1
    fi
}
# A journal recorded on 8 processes, resumed on 4.
rm -f "$tmp"/np.out*
CPM_JOURNAL_STOP_AFTER=3 tool collective np.out -O MPI_Scatter -s 4096 -m 65536
refused "8-process journal on 4" collective np.out \
    "was recorded on 8 processes, this run has 4" 4 -O MPI_Scatter -s 4096 -m 65536
# A kernel journal resumed with another configuration (the same grid,
# the hosts' blocks in another order).
rm -f "$tmp"/kc.out*
CPM_JOURNAL_STOP_AFTER=1 tool kernel kc.out --config s.conf --sizes 64,1024
[ "$(grep -c '^e ' "$tmp/kc.out.journal" 2>/dev/null)" = 1 ] ||
    { echo "FAIL: kernel: no journal of 1 entry after the stop"; fail=1; }
{ echo "kernel summa"; echo "N 8"
  for r in 7 6 5 4 3 2 1 0; do echo "host$((7 - r)) a $((r % 4 * 2)) $((r / 4 * 4)) 2 4"; done
} > "$tmp/r.conf"
refused "kernel journal of another configuration" kernel kc.out \
    "was recorded by another measurement than this run's" 8 --config r.conf --sizes 64,1024
# A journal of 4 sizes, a rerun needing 2 of them: it says so.
rm -f "$tmp"/few.out*
CPM_JOURNAL_STOP_AFTER=4 tool p2p few.out --sizes 0,1024,16384,65536
if tool p2p few.out --sizes 0,1024 &&
    grep -q "^p2p: the journal held 4 measurements, this run replayed 2 (it needed no more of them)$" "$tmp/log" &&
    grep -q "^# resumed: 'few.out.journal' (2 measurements replayed)$" "$tmp/few.out"; then
    echo "a journal of 4 sizes, a run of 2: $(grep 'journal held' "$tmp/log")"
else
    cat "$tmp/log"; echo "FAIL: a journal of 4 sizes resumed by a run of 2"; fail=1
fi

# --resume names a journal that must exist: one line, nothing written.
if tool p2p y.out --sizes 0 --resume none.journal; then
    echo "FAIL: p2p --resume none.journal succeeded"; fail=1
elif ! grep -q "^p2p: option --resume: no journal 'none.journal'$" "$tmp/log" || [ -e "$tmp/y.out" ]; then
    cat "$tmp/log"; echo "FAIL: p2p --resume none.journal: not one clear line, or an output"; fail=1
else
    echo "p2p --resume none.journal: $(grep '^p2p:' "$tmp/log")"
fi
exit $fail
