#!/bin/bash
# cpm-validate end to end on 3 local processes with small sizes: every
# model is built (all seven), every observed file measured (with the
# SUMMA and 2D-wave kernels) and compared, the summary
# has a row per model and operation with mu >= 1; bad input gets one line
# and leaves no directory behind.
set -u
: "${top_builddir:?run through make check}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
validate="$top_builddir/cpm-validate"
export CPM_PLOTS_DIR="$top_srcdir/plots"

timeout 900 "$validate" -o "$tmp/v" --measure "-r 3 -R 10" \
    --build "-s 2048 -m 40960" --plogp "--sizes 1,4096,32768" \
    --dimemas "--sizes 0,262144,524288,1048576" \
    --taulop "--sizes 0,4096,32768 --tau-max 3" \
    --p2p-sizes 3000,30000 --coll-sizes 3000,30000 \
    --kernels 8 --kernel-sizes 3000,30000 \
    -- $MPIRUN_LOCAL -np 3 >"$tmp/stdout" 2>"$tmp/stderr" ||
    { fail "cpm-validate: exit $?"; cat "$tmp/stderr"; }
cat "$tmp/stdout"
for f in summary.md summary.tsv log.txt observed/p2p.out observed/MPI_Gather.out \
    models/Hockney.model models/LMO.model models/PLogP.model models/LogGP.model \
    models/HLogGP.model models/Dimemas.model models/taulop.model \
    observed/MPI_Bcast.out observed/MPIB_Gather_binomial.out \
    observed/summa.conf observed/kernel-wave2d.out \
    compare/LMO-MPIB_Scatter_linear.txt compare/Hockney-homogeneous-p2p.txt \
    compare/Dimemas-MPI_Bcast.txt compare/taulop-kernel-summa.txt \
    compare/HLogGP-kernel-wave2d.txt compare/LMO-gather_shared-MPI_Gather.txt \
    compare/LMO-scatter_shared-MPIB_Scatter_linear.txt \
    compare/Hockney-sg_binomial-MPI_Scatter.txt \
    compare/HLogGP-gather_binomial-MPI_Gather.txt; do
    [ -s "$tmp/v/$f" ] || fail "missing or empty: $f"
done
# rows: Hockney 2 + 4 + 3x4, LMO 5 + 8 (the variants scatter_positional,
# scatter_shared, gather_queue, gather_shared), PLogP 5 + 4
# (scatter_positional, gather_queue), LogGP 1, HLogGP 1 + 4 + 2 + 4,
# Dimemas 1 + 6, taulop 1 + 4 + 2 + 2 + 4 = 72 (plus the header); the
# binomial forms (Hockney's sg_binomial, HLogGP's and taulop's
# scatter_binomial, gather_binomial) against the binomial and the native
# scatter and gather
[ "$(wc -l <"$tmp/v/summary.tsv")" -eq 73 ] || fail "summary.tsv has $(wc -l <"$tmp/v/summary.tsv") lines, not 73"
awk -F'\t' 'NR > 1 { want = ($3 == "p2p") ? 3 * 2 : 2
                     if ($4 != want) { print "rows " $0; bad++ }
                     if ($5 != "nan" && $5 < 1) { print "mean " $0; bad++ }
                     if ($6 != "nan" && $6 < $5) { print "max " $0; bad++ } }
            END { exit bad > 0 }' "$tmp/v/summary.tsv" || fail "summary.tsv values"
grep -q '^| LMO | gather | MPIB_Gather_linear | 2' "$tmp/v/summary.md" || fail "summary.md lacks the LMO gather row"
grep -q '^# timing: sync$' "$tmp/v/observed/MPI_Gather.out" || fail "the observed collectives are not timed with sync (the default)"
# 3 ranks on fewer than 3 processors are oversubscribed, and said so once
# (this host's form; p2p's note in the log agrees); on 3 or more, not said
over=$(grep -c '^- [0-9]* ranks ran on ' "$tmp/v/summary.md")
if [ "$(nproc)" -lt 3 ]; then
    [ "$over" = 1 ] || fail "$over oversubscription warnings on $(nproc) processors (one expected)"
    grep -q "^- 3 ranks ran on this host's $(nproc) cores (oversubscribed)" "$tmp/v/summary.md" ||
        fail "no warning of 3 ranks on this host's $(nproc) cores"
    grep -q '^p2p: 3 ranks on a machine of [0-9]* processors: ' "$tmp/v/log.txt" ||
        fail "log.txt lacks p2p's note of one experiment at a time"
else
    [ "$over" = 0 ] || fail "$over oversubscription warnings on $(nproc) processors (none expected)"
fi
ls -A "$tmp" | grep -q '^\.cpm-validate' && fail "a work directory was left behind"
if command -v gnuplot >/dev/null; then
    for f in p2p scatter gather; do
        [ -s "$tmp/v/figures/$f.png" ] || fail "figure $f.png missing"
    done
fi

# expect_error 'message' ARGS...: non-zero exit, one line naming it.
expect_error() {
    local message=$1
    shift
    "$validate" "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ $rc -eq 0 ] || [ "$(wc -l <"$tmp/err")" -ne 1 ] || ! grep -q -F -- "$message" "$tmp/err"; then
        fail "expected '$message' from: cpm-validate $* (exit $rc)"
        cat "$tmp/err"
    else
        echo "ok: $(cat "$tmp/err")"
    fi
}
expect_error "output directory '$tmp/v' exists and is not empty" -o "$tmp/v" -- true
expect_error "no output directory given" -- true
expect_error "no launcher given" -o "$tmp/w"
expect_error "unknown model 'Foo'" -o "$tmp/w" -M Hockney,Foo -- true
expect_error "option --kernels: expected a grid side >= 0, got 'x'" -o "$tmp/w" --kernels x -- true
expect_error "bad size list '1,x'" -o "$tmp/w" --p2p-sizes 1,x -- true
expect_error "unknown option '--bogus'" -o "$tmp/w" --bogus -- true
expect_error "option --coll-timing: expected span, sync, max, global or root, got 'mean'" -o "$tmp/w" --coll-timing mean -- true
expect_error "option --jobs: expected a number of runs from 1 to 9999, got '0'" -o "$tmp/w" --jobs 0 -- true
expect_error "option --jobs: expected a number of runs from 1 to 9999, got '99999999999999999999'" -o "$tmp/w" --jobs 99999999999999999999 -- true
expect_error "option --jobs 2: runs at once measure each other on real processes" -o "$tmp/w" -j 2 -- cpm-smpirun p --cfg=smpi/simulate-computation:yes -np 2
expect_error "model 'LMO' given twice (-M)" -o "$tmp/w" -M LMO,Hockney,LMO -- true
expect_error "option --jobs 2: runs at once measure each other on real processes" -o "$tmp/w" -j 2 -- mpirun -np 2
expect_error "option --jobs 2: runs at once measure each other on real processes" -o "$tmp/w" -j 2 -- smpirun -np 2
# a failing measurement: exit 1, the command named, no directory left
"$validate" -o "$tmp/w" -M Hockney -- false >/dev/null 2>"$tmp/err" && fail "a failing launcher passed"
grep -q "failed: false" "$tmp/err" || { fail "the failing command is not named"; cat "$tmp/err"; }
[ -e "$tmp/w" ] && fail "a failed run left its output directory"
ls -A "$tmp" | grep -q '^\.cpm-validate' && fail "a failed run left a work directory"
# the same with runs at once (--jobs 2, a launcher named as a simulator
# whose every run fails, the first one last): the first failed step in
# the order started is named, with its output
mkdir "$tmp/bin"
printf '#!/bin/sh\necho "launcher output: $*"\ncase "$*" in *"-M Hockney"*) sleep 2 ;; esac\nexit 3\n' >"$tmp/bin/smpirun"
chmod +x "$tmp/bin/smpirun"
"$validate" -o "$tmp/w" -M Hockney,LMO -j 2 -- "$tmp/bin/smpirun" \
    --cfg=smpi/simulate-computation:no >/dev/null 2>"$tmp/err" && fail "a failing launcher passed with --jobs 2"
grep -q "failed: $tmp/bin/smpirun --cfg=smpi/simulate-computation:no .* -M Hockney" "$tmp/err" &&
    grep -q "^launcher output: .* -M Hockney" "$tmp/err" ||
    { fail "--jobs 2: the first failing step is not named with its output"; cat "$tmp/err"; }
[ -e "$tmp/w" ] && fail "a failed run with --jobs 2 left its output directory"
ls -A "$tmp" | grep -q '^\.cpm-validate' && fail "a failed run with --jobs 2 left a work directory"
# stopped (SIGTERM) while its runs are under way: the runs are stopped
# too (the launcher's child never writes its mark), nothing is left
mkdir "$tmp/slow"
printf '#!/bin/sh\nsleep 4\ntouch "%s/mark.$$"\n' "$tmp" >"$tmp/slow/smpirun"
chmod +x "$tmp/slow/smpirun"
"$validate" -o "$tmp/w" -M Hockney,LMO -j 2 -- "$tmp/slow/smpirun" \
    --cfg=smpi/simulate-computation:no >/dev/null 2>&1 &
pid=$!
sleep 1
kill -TERM $pid
wait $pid
rc=$?
sleep 5
[ $rc -eq 143 ] || fail "cpm-validate stopped by SIGTERM: exit $rc, not 143"
ls "$tmp"/mark.* >/dev/null 2>&1 && fail "a run went on after cpm-validate was stopped"
[ -e "$tmp/w" ] && fail "a stopped run left its output directory"
ls -A "$tmp" | grep -q '^\.cpm-validate' && fail "a stopped run left a work directory"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
