#!/bin/bash
# Clean stops (issue 13): a tool stopped by SIGTERM or SIGINT, or a job one
# of whose ranks is killed, ends within seconds, non-zero, with a line
# naming the rank, no temporary file (`*.tmp.*`) beside the output, and the
# old output intact; the same for the whole job stopped through its
# launcher (SIGTERM, as timeout(1) sends; Open MPI ends it with SIGKILLs to the
# ranks: the outputs are in memory until complete, so nothing is left);
# finished outputs get the umask's mode.
set -u
: "${top_builddir:?run through make check}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# The p2p processes under process $1 (the launcher), as "RANK PID" lines:
# the rank from the environment mpirun gives each process (Open MPI's
# OMPI_COMM_WORLD_RANK, MPICH's PMI_RANK).
ranks_of() {
    local p c
    for c in $(ps -o pid= --ppid "$1"); do
        if [ "$(ps -o comm= -p "$c")" = p2p ]; then
            tr '\0' '\n' < "/proc/$c/environ" 2>/dev/null |
                sed -n -E "s/^(OMPI_COMM_WORLD_RANK|PMI_RANK)=([0-9]+)$/\2 $c/p" |
                head -1
        else
            ranks_of "$c"
        fi
    done
}

# stop CASE SIGNAL WHO: runs a 3-rank p2p long enough to be stopped, waits
# for its journal (the measurements have begun), sends SIGNAL to rank WHO
# (0 or 1; "launcher": the launcher's process), then checks the end of
# the job.
stop() {
    local case=$1 sig=$2 who=$3 out=$tmp/$1.out
    echo "old output" > "$out"
    $MPIRUN_LOCAL -np 3 "$top_builddir/p2p" --sizes 65536 -r 100000 \
        -R 100000 -o "$out" > "$tmp/$case.log" 2>&1 &
    local job=$! k pids=""
    for k in $(seq 600); do # up to 60 s to start
        if [ -e "$out.journal" ]; then
            pids=$(ranks_of $job)
            [ "$(echo "$pids" | wc -l)" -eq 3 ] && break
        fi
        sleep 0.1
    done
    if [ "$(echo "$pids" | wc -l)" -ne 3 ]; then
        fail "$case: the job did not start (no journal $out.journal, ranks: $pids)"
        kill -TERM $job 2>/dev/null
        wait $job
        return
    fi
    local target=$job
    [ "$who" = launcher ] ||
        target=$(echo "$pids" | awk -v r="$who" '$1 == r { print $2 }')
    sleep 0.5
    local start
    start=$(date +%s)
    kill "-$sig" "$target"
    local waited=0
    while kill -0 $job 2>/dev/null && [ $waited -lt 300 ]; do
        sleep 0.1
        waited=$((waited + 1))
    done
    if kill -0 $job 2>/dev/null; then
        fail "$case: job still running 30 s after SIG$sig"
        kill -TERM $job 2>/dev/null
    fi
    wait $job
    local rc=$? took=$(( $(date +%s) - start ))
    echo "== $case: SIG$sig to pid $target: exit $rc after ${took}s"
    grep -v '^ *$' "$tmp/$case.log" | grep -v -- '------' | head -5
    [ $rc -ne 0 ] || fail "$case: exit status 0"
    [ "$who" = launcher ] ||
        grep -q -E "p2p: rank $who: stopped by signal|process rank $who .*(exited|signal)" \
            "$tmp/$case.log" || fail "$case: no line naming rank $who"
    [ -e "$out.journal" ] || fail "$case: the journal is gone"
    rm -f "$out.journal"
    [ "$(cat "$out")" = "old output" ] || fail "$case: old output changed"
    if ls "$tmp" | grep -q '\.tmp\.'; then
        fail "$case: temporary file left: $(ls "$tmp" | grep '\.tmp\.')"
        rm -f "$tmp"/*.tmp.*
    fi
}

stop term-rank0 TERM 0   # the writer stopped
stop int-rank0 INT 0     # Ctrl-C of the writer
stop term-rank1 TERM 1   # another rank stopped: mpirun stops rank 0
stop kill-rank1 KILL 1   # another rank killed: mpirun stops rank 0
stop term-launcher TERM launcher # the launcher stopped (timeout(1), a batch system)

# umask: finished outputs get 0666 less the umask, not mkstemp's 0600.
for mask in 022 027 002; do
    (umask $mask && $MPIRUN_LOCAL -np 2 "$top_builddir/p2p" --sizes 0 -r 2 -R 2 \
        -o "$tmp/mode.out" 2>/dev/null) || fail "p2p under umask $mask exited non-zero"
    want=$(printf '%o' $(( 0666 & ~0$mask )))
    got=$(stat -c %a "$tmp/mode.out")
    [ "$got" = "$want" ] || fail "umask $mask: mode $got, expected $want"
    echo "umask $mask: mode $got"
    rm -f "$tmp/mode.out"
done

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
