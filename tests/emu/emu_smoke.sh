#!/bin/bash
# The emulated cluster end to end: emucluster brings up 4 hosts, host 3 on
# a slow link (100 Mbit/s, 0.5 ms one way; the others 1 Gbit/s, no delay),
# and under it
#   1. p2p measures every pair: pairs with host 3 must be clearly slower at
#      every size (1.5x the others' median; 3x over all sizes, about 8x
#      configured), and no faster than the configured links allow;
#   2. model -M Hockney: pairs with host 3 must have a larger alpha and a
#      larger beta (smaller bandwidth) than the other pairs (medians, and
#      each pair with 3 against the others' median);
#   3. teardown leaves nothing behind: no namespace, link, process or run
#      directory, after a normal end, after SIGTERM, and after SIGKILL
#      once emucluster --cleanup has run;
#   4. bad specs and options get one line and exit 2.
# Bounds are generous ratios (the machine is small and shared); the
# configured times are only lower bounds.
#
# Run by make check through tests/run-test (top_builddir, MPIEXEC,
# CPM_MPI_KIND in the environment). Needs root, Open MPI, iproute2,
# iptables and emu_delay (libnetfilter-queue): without any of them it
# fails with a message, it is never skipped. About 30 s.
set -u
: "${top_builddir:?run through make check}"
me=emu_smoke.sh
stop() { echo "$me: $*" >&2; exit 1; }

emucluster=$top_builddir/src/testbeds/emu/emucluster
[ "$(id -u)" -eq 0 ] || stop "needs root (network namespaces): run make check as root"
[ -x "$emucluster" ] || stop "$emucluster is not built (run make)"
[ -x "$top_builddir/src/testbeds/emu/emu_delay" ] ||
    stop "emu_delay is not built: install libnetfilter-queue-dev (Debian) and run configure again"
for t in ip iptables unshare setpriv; do
    command -v $t >/dev/null ||
        stop "'$t' not found (Debian: iproute2, iptables, util-linux)"
done
[ "${CPM_MPI_KIND:-}" = openmpi ] ||
    stop "emucluster sets up Open MPI; this CPM is built with '${CPM_MPI_KIND:-?}'"
[ -n "${MPIEXEC:-}" ] || stop "no mpirun found at configure time"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cpm-emu-smoke.XXXXXX") || exit 1
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

# --- 1 and 2: measurements on 4 hosts, host 3 slow ----------------------
spec='*=1gbit/0,3=100mbit/0.5ms'
# Sizes below Open MPI's TCP eager limit (64 KiB): no rendezvous step.
sizes="-s 12288 -m 61440"
cat >"$tmp/job" <<EOF
set -e
echo "\${CPM_EMU_NS_PREFIX#cpmemu}" >"$tmp/pid"
"$MPIEXEC" -np 4 "$top_builddir/p2p" $sizes -r 5 -R 20 -p 0 -o "$tmp/p2p.out"
"$MPIEXEC" -np 4 "$top_builddir/model" -M Hockney $sizes -r 5 -R 20 -p 0 -o "$tmp/hockney.model"
EOF
echo "== emucluster -n 4 '$spec' -- mpirun -np 4 p2p $sizes -r 5 -R 20 -p 0; then model -M Hockney"
start=$(date +%s)
timeout 300 "$emucluster" -v -n 4 "$spec" -- bash "$tmp/job" 2>"$tmp/err" &
pid=$!
wait $pid
rc=$?
grep -v '^+ ' "$tmp/err"
# $pid is timeout's; emucluster's own (in its names) is in $tmp/pid
[ -s "$tmp/pid" ] && pid=$(cat "$tmp/pid")
echo "(emucluster pid $pid, exit $rc, $(($(date +%s) - start)) s)"
[ $rc -eq 0 ] || fail "emucluster exited with $rc"
left_behind $pid "after the measurements"

if [ -s "$tmp/p2p.out" ]; then
    for i in 0 1 2 3; do
        grep -q "^# processor $i: emu$i$" "$tmp/p2p.out" ||
            fail "rank $i did not run on host emu$i"
    done
    # one-way times (us) per size: pairs with 3 against the others
    awk '!/^#/ { printf "%7d  %d-%d  %10.1f us\n", $1, $2, $3, $4 * 1e6 }' "$tmp/p2p.out"
    : >"$tmp/p2p.fail"
    awk -v fail_file="$tmp/p2p.fail" '
        !/^#/ {
            M = $1; sizes[M] = 1
            if ($3 == 3) { n = ++ns[M]; slow[M, n] = $4 }
            else { n = ++nf[M]; fast[M, n] = $4 }
        }
        END {
            bad = 0
            for (M in sizes) {
                if (ns[M] != 3 || nf[M] != 3) { print "size " M ": not 6 pairs" > fail_file; bad++; continue }
                # median of the fast pairs; the fastest slow pair
                a = fast[M, 1]; b = fast[M, 2]; c = fast[M, 3]
                med = (a > b) ? ((b > c) ? b : ((a > c) ? c : a)) : ((a > c) ? a : ((b > c) ? c : b))
                lo = slow[M, 1]; hi = lo
                for (k = 2; k <= 3; k++) { if (slow[M, k] < lo) lo = slow[M, k]; if (slow[M, k] > hi) hi = slow[M, k] }
                # configured: 0.5 ms + M bytes at 100 Mbit/s (a lower bound)
                conf = 0.5e-3 + M * 8 / 100e6
                printf "size %6d: fastest pair with 3 %.1f us, median other %.1f us (ratio %.1f), configured %.1f us\n", M, lo * 1e6, med * 1e6, lo / med, conf * 1e6
                if (!(lo > 1.5 * med)) { printf "size %d: pairs with host 3 not clearly slower (%.1f us vs %.1f us)\n", M, lo * 1e6, med * 1e6 > fail_file; bad++ }
                sum_slow += lo; sum_fast += med
                if (!(lo > 0.9 * conf)) { printf "size %d: a pair with host 3 faster than its link allows (%.1f us < %.1f us)\n", M, lo * 1e6, conf * 1e6 > fail_file; bad++ }
                if (!(hi < 20 * conf)) { printf "size %d: a pair with host 3 took %.1f us, over 20x the configured %.1f us\n", M, hi * 1e6, conf * 1e6 > fail_file; bad++ }
            }
            # over all sizes: configured about 8x
            printf "all sizes: pairs with 3 %.1f times the others\n", sum_slow / sum_fast
            if (!(sum_slow > 3 * sum_fast)) { printf "over all sizes pairs with host 3 are only %.1f times slower\n", sum_slow / sum_fast > fail_file; bad++ }
            exit bad != 0
        }' "$tmp/p2p.out" >"$tmp/p2p.check"
    rc=$?
    sort -k2n "$tmp/p2p.check"
    [ $rc -eq 0 ] || fail "p2p: $(tr '\n' ';' <"$tmp/p2p.fail")"
else
    fail "p2p wrote no output"
fi

if [ -s "$tmp/hockney.model" ]; then
    grep -E '^(alpha|beta) ' "$tmp/hockney.model"
    awk '
        function median3(x, p) { # of x[p, 1..3]
            a = x[p, 1]; b = x[p, 2]; c = x[p, 3]
            return (a > b) ? ((b > c) ? b : ((a > c) ? c : a)) : ((a > c) ? a : ((b > c) ? c : b))
        }
        function min3(x, p) { m = x[p, 1]; if (x[p, 2] < m) m = x[p, 2]; if (x[p, 3] < m) m = x[p, 3]; return m }
        $1 == "alpha" || $1 == "beta" {
            if ($3 == 3) slow[$1, ++ns[$1]] = $4
            else fast[$1, ++nf[$1]] = $4
        }
        END {
            if (ns["alpha"] != 3 || nf["alpha"] != 3 || ns["beta"] != 3 || nf["beta"] != 3) {
                print "not 6 pairs of alpha and beta"; exit 1
            }
            sa = median3(slow, "alpha"); fa = median3(fast, "alpha"); sa_min = min3(slow, "alpha")
            sb = median3(slow, "beta"); fb = median3(fast, "beta"); sb_min = min3(slow, "beta")
            printf "Hockney, median over the pairs with host 3 / the others: alpha %.1f / %.1f us (smallest with 3: %.1f us), beta %.3g / %.3g s/B (%.0f / %.0f Mbit/s)\n",
                sa * 1e6, fa * 1e6, sa_min * 1e6, sb, fb, 8e-6 / sb, 8e-6 / fb
            bad = 0
            # configured: 0.5 ms more latency and 10x the time per byte with host 3
            if (!(sa > fa + 0.2e-3)) { print "alpha with host 3 not larger by 0.2 ms"; bad++ }
            if (!(sa_min > fa && sa_min > 0.4e-3)) { print "a pair with host 3 has alpha under 0.4 ms or under the others"; bad++ }
            if (!(sb > 3 * fb)) { print "beta with host 3 not 3x larger"; bad++ }
            if (!(sb_min > 2 * fb)) { print "a pair with host 3 has beta under 2x the others"; bad++ }
            exit bad != 0
        }' "$tmp/hockney.model" || fail "the Hockney model does not tell host 3 apart"
else
    fail "model wrote no Hockney model"
fi

# --- 3. teardown after SIGTERM and after SIGKILL --------------------------
# wait_up PID: until run PID has its namespaces and launcher (10 s at most).
wait_up() {
    for _ in $(seq 100); do
        [ -n "$(ls "${TMPDIR:-/tmp}/cpmemu$1".*/rsh-agent 2>/dev/null)" ] &&
            [ "$(ip netns list | grep -c "^cpmemu$1-")" -eq 5 ] && return 0
        sleep 0.1
    done
    return 1
}
echo "== SIGTERM while the command runs"
"$emucluster" -n 4 "$spec" -- sleep 60 2>"$tmp/err" &
pid=$!
if wait_up $pid; then
    kill -TERM $pid
    wait $pid
    rc=$?
    [ $rc -eq 143 ] || fail "after SIGTERM emucluster exited with $rc, not 143"
    grep -q "caught SIGTERM, tearing down" "$tmp/err" || fail "no teardown message after SIGTERM"
    cat "$tmp/err"
else
    fail "emucluster -- sleep 60 did not come up"
    kill -TERM $pid
    wait $pid
fi
left_behind $pid "after SIGTERM"

echo "== SIGKILL, then emucluster --cleanup"
"$emucluster" -n 4 "$spec" -- sleep 60 2>"$tmp/err" &
pid=$!
if wait_up $pid; then
    kill -KILL $pid
    wait $pid 2>/dev/null
    [ "$(ip netns list | grep -c "^cpmemu$pid-")" -eq 5 ] ||
        fail "after SIGKILL the namespaces were not there to clean"
    "$emucluster" --cleanup 2>"$tmp/err" || fail "emucluster --cleanup exited with $?"
    cat "$tmp/err"
    grep -q "killed run (pid $pid)" "$tmp/err" || fail "--cleanup did not name the killed run"
else
    fail "emucluster -- sleep 60 did not come up"
    kill -KILL $pid
    "$emucluster" --cleanup
fi
left_behind $pid "after SIGKILL and --cleanup"

# --- 4. errors: one line, exit 2 (1 for not root) -------------------------
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
expect_error 2 "bad SPEC item '3=100mbyte/1ms': rate '100mbyte' must be" "$e" -n 4 '3=100mbyte/1ms' -- true
expect_error 2 "bad SPEC item '4=1gbit': host 4 does not exist (hosts are 0..3)" "$e" -n 4 '4=1gbit' -- true
expect_error 2 "bad SPEC item '1=1gbit/5': delay '5' must be 0 or a number with ns, us, ms or s" "$e" -n 4 '1=1gbit/5' -- true
expect_error 2 "bad SPEC item '2-1=1gbit': host range 2-1 is empty" "$e" -n 4 '2-1=1gbit' -- true
expect_error 2 "bad SPEC item 'x': want HOSTS=RATE[/DELAY]" "$e" -n 4 'x' -- true
expect_error 2 "bad SPEC item '0=0mbit': rate '0mbit' is zero" "$e" -n 4 '0=0mbit' -- true
expect_error 2 "give the number of hosts: -n N" "$e" -- true
expect_error 2 "bad number of hosts '1' (2..253)" "$e" -n 1 -- true
expect_error 2 "no command: emucluster -n N [SPEC] -- COMMAND..." "$e" -n 4 '*=1gbit'
expect_error 2 "unknown option '--foo'" "$e" --foo
expect_error 2 "bad MTU '100' (576..65535)" "$e" -n 2 --mtu 100 -- true
expect_error 1 "needs root" setpriv --reuid=65534 --regid=65534 --clear-groups "$e" -n 2 -- true
# COMMAND's exit status is emucluster's
"$e" -n 2 -- sh -c 'exit 7'
rc=$?
[ $rc -eq 7 ] || fail "emucluster -- sh -c 'exit 7' exited with $rc"
left_behind x "at the end"

echo "$failures failure(s)"
[ $failures -eq 0 ] && echo "emu_smoke.sh: PASS" || echo "emu_smoke.sh: FAIL"
[ $failures -eq 0 ]
