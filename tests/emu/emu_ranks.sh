#!/bin/bash
# Several ranks per emulated host (emucluster -r): 2 hosts x 2 ranks, host 1
# on a slow link (100 Mbit/s, no delay; host 0 1 Gbit/s), and under it
#   1. mpirun -np 4 maps in blocks: ranks 0,1 on emu0 and 2,3 on emu1, as
#      MPI_Get_processor_name says (p2p's "# processor I:" lines), which
#      is how CPM groups ranks by node;
#   2. p2p at 1 MiB: the pairs inside a host (0,1 and 2,3, the latter on
#      the slow host) are over 10x faster than the pairs across hosts (0,2
#      and 1,3: about 85 ms configured), which are no faster than the link
#      allows; the default btl has vader (shared memory), and vader alone
#      connects two ranks of one host (OMPI_MCA_btl=self,vader, -np 2).
#      The pairs inside a host take ~0.1 ms undisturbed, but one
#      preemption on a busy machine costs milliseconds: they run up to 200
#      repetitions, so that a few of those do not make the mean;
#   3. teardown leaves nothing behind: no namespace, link, process or run
#      directory, after a normal end and after SIGTERM with 4 ranks up;
#   4. bad -r values get one line and exit 2.
# Bounds are generous ratios (the machine is small and shared).
#
# Run by make check through tests/run-test (top_builddir, MPIEXEC,
# CPM_MPI_KIND in the environment). Needs root, Open MPI, iproute2,
# iptables and emu_delay (libnetfilter-queue): without any of them it
# fails with a message, it is never skipped. About 10-15 s.
set -u
: "${top_builddir:?run through make check}"
me=emu_ranks.sh
stop() { echo "$me: $*" >&2; exit 1; }

emucluster=$top_builddir/src/testbeds/emu/emucluster
[ "$(id -u)" -eq 0 ] || stop "needs root (network namespaces): run make check as root"
[ -x "$emucluster" ] || stop "$emucluster is not built (run make)"
[ -x "$top_builddir/src/testbeds/emu/emu_delay" ] ||
    stop "emu_delay is not built: install libnetfilter-queue-dev (Debian) and run configure again"
for t in ip iptables unshare; do
    command -v $t >/dev/null ||
        stop "'$t' not found (Debian: iproute2, iptables, util-linux)"
done
[ "${CPM_MPI_KIND:-}" = openmpi ] ||
    stop "emucluster sets up Open MPI; this CPM is built with '${CPM_MPI_KIND:-?}'"
[ -n "${MPIEXEC:-}" ] || stop "no mpirun found at configure time"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cpm-emu-ranks.XXXXXX") || exit 1
chmod 755 "$tmp"
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# The emulated-cluster tests compare the system before and after, so they
# run one at a time (make -j check starts tests in parallel): an exclusive
# lock, held until this test ends, 10 minutes of waiting at most.
exec 9>"${TMPDIR:-/tmp}/cpm-emu-tests.lock"
flock -w 600 9 || { echo "FAIL: another emulated-cluster test held the lock for 10 minutes"; exit 1; }

# Another emulated cluster running now would change the system under the
# before/after comparison and the timings: wait for it (2 minutes at most).
live_runs() {
    ip netns list | sed -n 's/^cpmemu\([0-9][0-9]*\)-sw.*/\1/p' | while read -r p; do
        tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null | grep -q emucluster && echo "$p"
    done
}
for _ in $(seq 120); do
    others=$(live_runs | tr '\n' ' ')
    [ -n "$others" ] || break
    [ -n "${said_wait:-}" ] || { echo "waiting for another emulated cluster to end (pid $others)"; said_wait=1; }
    sleep 1
done

# What the root namespace has before: it must have the same after.
snapshot() {
    {
        echo "== namespaces"
        ip netns list | awk '{ print $1 }' | sort
        echo "== links"
        ip -o link show | awk -F': ' '{ print $2 }' | sed 's/@.*//' | sort
        echo "== iptables"
        iptables-save 2>/dev/null | grep -v '^#' | sed 's/\[[0-9:]*\]//'
        command -v iptables-legacy-save >/dev/null &&
            iptables-legacy-save 2>/dev/null | grep -v '^#' | sed 's/\[[0-9:]*\]//'
        echo "== processes"
        ps -e -o comm= | grep -E -x 'emu_delay|orted' | sort
    } >"$1"
}
# left_behind PID WHEN: nothing of run PID, and the root namespace as before.
left_behind() {
    snapshot "$tmp/after"
    if ! cmp -s "$tmp/before" "$tmp/after"; then
        fail "$2: the system differs from before:"
        diff "$tmp/before" "$tmp/after"
    fi
    ip netns list | grep -q "^cpmemu$1-" && fail "$2: namespaces of run $1 left"
    ls -d "${TMPDIR:-/tmp}/cpmemu$1".* >/dev/null 2>&1 && fail "$2: run directory of run $1 left"
    return 0
}
snapshot "$tmp/before"

# --- 1 and 2: 2 hosts x 2 ranks, host 1 slow -----------------------------
spec='*=1gbit/0,1=100mbit'
intra="--pair 0,1 --pair 2,3"
inter="--pair 0,2 --pair 1,3"
cat >"$tmp/job" <<EOF
set -e
echo "btl=\$OMPI_MCA_btl ranks_per_host=\$CPM_EMU_RANKS_PER_HOST" >"$tmp/env"
echo "\${CPM_EMU_NS_PREFIX#cpmemu}" >"$tmp/pid"
cat "\$CPM_EMU_HOSTFILE" >"$tmp/hostfile"
"$MPIEXEC" -np 4 "$top_builddir/p2p" --sizes 1048576 -r 10 -R 200 -p 0 $intra -o "$tmp/intra.out"
"$MPIEXEC" -np 4 "$top_builddir/p2p" --sizes 1048576 -r 5 -R 10 -p 0 $inter -o "$tmp/inter.out"
OMPI_MCA_btl=self,vader "$MPIEXEC" -np 2 "$top_builddir/p2p" --sizes 1048576 -r 5 -R 10 -p 0 -o "$tmp/vader.out"
EOF
echo "== emucluster -n 2 -r 2 '$spec' -- mpirun -np 4 p2p --sizes 1048576 -r 10 -R 200 -p 0 $intra; the same with -r 5 -R 10 $inter; then with OMPI_MCA_btl=self,vader, -np 2"
start=$(date +%s)
timeout 300 "$emucluster" -v -n 2 -r 2 "$spec" -- bash "$tmp/job" 2>"$tmp/err" &
pid=$!
wait $pid
rc=$?
grep -v '^+ ' "$tmp/err"
# $pid is timeout's; emucluster's own (in its names) is in $tmp/pid
[ -s "$tmp/pid" ] && pid=$(cat "$tmp/pid")
echo "(emucluster pid $pid, exit $rc, $(($(date +%s) - start)) s)"
[ $rc -eq 0 ] || fail "emucluster exited with $rc"
left_behind $pid "after the measurements"

if [ -s "$tmp/env" ]; then
    cat "$tmp/env" "$tmp/hostfile"
    grep -q '^btl=self,vader,tcp ranks_per_host=2$' "$tmp/env" ||
        fail "COMMAND's environment: want OMPI_MCA_btl=self,vader,tcp and CPM_EMU_RANKS_PER_HOST=2"
    [ "$(cat "$tmp/hostfile")" = "$(printf 'emu0 slots=2\nemu1 slots=2')" ] ||
        fail "the hostfile is not emu0 slots=2, emu1 slots=2"
else
    fail "the job did not start"
fi

[ -s "$tmp/intra.out" ] && [ -s "$tmp/inter.out" ] &&
    grep -h -v '^#' "$tmp/intra.out" "$tmp/inter.out" >"$tmp/p2p.data"
if [ -s "$tmp/p2p.data" ]; then
    grep '^# processor' "$tmp/intra.out"
    for r in 0 1 2 3; do
        h=$((r / 2))
        for f in intra inter; do
            grep -q "^# processor $r: emu$h$" "$tmp/$f.out" ||
                fail "rank $r is not on host emu$h in $f.out (processor names must group {0,1} and {2,3})"
        done
    done
    awk '{ printf "%7d  %d-%d  %10.1f us  (%d repetitions)\n", $1, $2, $3, $4 * 1e6, $6 }' "$tmp/p2p.data"
    awk '
        $1 == 1048576 { t[$2 "-" $3] = $4 }
        END {
            n = 0; for (p in t) n++
            if (n != 4) { print "not 4 pairs at 1 MiB"; exit 1 }
            intra = (t["0-1"] > t["2-3"]) ? t["0-1"] : t["2-3"]
            inter = (t["0-2"] < t["1-3"]) ? t["0-2"] : t["1-3"]
            # configured: 1 MiB and its headers at 100 Mbit/s
            conf = 1048576 * 8 / 100e6
            printf "1 MiB: slowest pair inside a host %.1f us, fastest across hosts %.1f us (ratio %.0f), configured across %.1f us\n",
                intra * 1e6, inter * 1e6, inter / intra, conf * 1e6
            bad = 0
            if (!(intra * 10 < inter)) { print "a pair inside a host is not 10x faster than the pairs across hosts"; bad++ }
            if (!(inter > 0.9 * conf)) { print "a pair across hosts is faster than the 100 Mbit/s link allows"; bad++ }
            exit bad != 0
        }' "$tmp/p2p.data" >"$tmp/p2p.check"
    rc=$?
    cat "$tmp/p2p.check"
    [ $rc -eq 0 ] || fail "p2p: $(tail -n +2 "$tmp/p2p.check" | tr '\n' ';')"
else
    fail "p2p wrote no output"
fi

if [ -s "$tmp/vader.out" ]; then
    grep -q '^# processor 1: emu0$' "$tmp/vader.out" || fail "with -np 2 rank 1 is not on emu0"
    awk '!/^#/ { printf "self,vader only: %7d  %d-%d  %10.1f us\n", $1, $2, $3, $4 * 1e6 }' "$tmp/vader.out"
    grep -q '^1048576 0 1 ' "$tmp/vader.out" || fail "with btl self,vader p2p measured no 1 MiB 0-1"
else
    fail "with OMPI_MCA_btl=self,vader two ranks of one host did not communicate"
fi

# --- 3. teardown after SIGTERM with 2 ranks on each host ------------------
# wait_up PID: until run PID has 2 sleeps in each host (20 s at most).
wait_up() {
    local h n ok
    for _ in $(seq 200); do
        ok=1
        for h in 0 1; do
            n=0
            for p in $(ip netns pids "cpmemu$1-h$h" 2>/dev/null); do
                [ "$(cat "/proc/$p/comm" 2>/dev/null)" = sleep ] && n=$((n + 1))
            done
            [ $n -eq 2 ] || ok=0
        done
        [ $ok -eq 1 ] && return 0
        sleep 0.1
    done
    return 1
}
echo "== SIGTERM while mpirun -np 4 sleep 60 runs on 2 hosts x 2 ranks"
"$emucluster" -n 2 -r 2 "$spec" -- "$MPIEXEC" -np 4 sleep 60 2>"$tmp/err" &
pid=$!
if wait_up $pid; then
    echo "up: 2 sleeps in each host"
    kill -TERM $pid
    wait $pid
    rc=$?
    [ $rc -eq 143 ] || fail "after SIGTERM emucluster exited with $rc, not 143"
    grep -q "caught SIGTERM, tearing down" "$tmp/err" || fail "no teardown message after SIGTERM"
    grep -v 'setpgid' "$tmp/err"
else
    fail "emucluster -r 2 -- mpirun -np 4 sleep 60 did not put 2 ranks on each host"
    cat "$tmp/err"
    kill -TERM $pid
    wait $pid
fi
left_behind $pid "after SIGTERM"

# --- 4. errors: one line, exit 2 --------------------------------------------
# expect_error STATUS 'message' ARGS...
expect_error() {
    local status=$1 message=$2
    shift 2
    "$@" >"$tmp/stdout" 2>"$tmp/stderr"
    local rc=$?
    if [ $rc -ne "$status" ] || [ "$(wc -l <"$tmp/stderr")" -ne 1 ] ||
        ! grep -q -F -- "$message" "$tmp/stderr"; then
        fail "expected '$message' (exit $status) from: ${*#"$emucluster"} (exit $rc)"
        cat "$tmp/stderr"
    else
        echo "ok: $(cat "$tmp/stderr")"
    fi
}
e=$emucluster
expect_error 2 "bad number of ranks per host '0' (1..64)" "$e" -n 2 -r 0 -- true
expect_error 2 "bad number of ranks per host '65' (1..64)" "$e" -n 2 -r 65 -- true
expect_error 2 "bad number of ranks per host 'two' (1..64)" "$e" -n 2 --ranks-per-host two -- true
expect_error 2 "bad number of ranks per host '-1' (1..64)" "$e" -n 2 --ranks-per-host=-1 -- true
expect_error 2 "--ranks-per-host needs a number of ranks per host" "$e" --ranks-per-host
left_behind x "at the end"

echo "$failures failure(s)"
[ $failures -eq 0 ] && echo "emu_ranks.sh: PASS" || echo "emu_ranks.sh: FAIL"
[ $failures -eq 0 ]
