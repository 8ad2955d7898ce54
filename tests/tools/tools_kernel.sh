#!/bin/bash
# The kernel tool and cpm-kernel-config: a generated configuration is
# valid and tiles the grid; kernel measures SUMMA at 4 processes, the 2D
# wave at 3 and the paper's Fig. 8 at 6, with the documented header and
# rows that the model tool's --compare reader accepts; bad input fails
# with one line and exit 2.
set -u
: "${top_builddir:?run through make check}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
run() { timeout 300 $MPIRUN_LOCAL "$@"; }
kc="$top_builddir/cpm-kernel-config"
kernel="$top_builddir/kernel"

# cpm-kernel-config: 4 processes on two nodes, speeds 2 2 1 1, N 12.
cat >"$tmp/layout" <<'EOF'
# node type speed [count]
n0 fast 2 2
n1 slow 1 2
EOF
"$kc" -k summa -N 12 -o "$tmp/summa.conf" "$tmp/layout" || fail "cpm-kernel-config exited with $?"
grep -q '^kernel summa$' "$tmp/summa.conf" || fail "no kernel line"
grep -q '^N 12$' "$tmp/summa.conf" || fail "no N line"
# The rectangles tile the 12 x 12 grid: areas add up to 144, and the
# faster processes have twice the area of the slower within rounding.
awk '!/^#/ && NF >= 6 && $1 != "kernel" && $1 != "N" {
        a[n++] = $5 * $6; total += $5 * $6 }
     END { exit !(n == 4 && total == 144 && a[0] > 1.5 * a[2] && a[1] > 1.5 * a[3]) }' \
    "$tmp/summa.conf" || fail "generated partition: $(cat "$tmp/summa.conf")"
"$kc" -k wave2d -N 40 -c 3 "$tmp/layout" >"$tmp/wave.conf" 2>/dev/null ||
    fail "cpm-kernel-config to stdout exited with $?"
grep -q '^kernel wave2d$' "$tmp/wave.conf" || fail "-k wave2d: no kernel line"
[ "$(awk '!/^#/ && NF >= 6 { print $3 }' "$tmp/wave.conf" | sort -u | wc -l)" -eq 3 ] ||
    fail "-c 3 did not give 3 columns: $(cat "$tmp/wave.conf")"
# The 2D wave at 3 processes: a hand-written T-shaped partition.
cat >"$tmp/wave3.conf" <<'EOF'
kernel wave2d
N 16
n0 a 0 0 16 6     # top band
n0 a 0 6 10 10    # bottom left
n1 b 10 6 6 10    # bottom right
EOF

# SUMMA at 4 processes, two unit sizes.
run -np 4 "$kernel" --config "$tmp/summa.conf" --sizes 0,4096 -r 3 -R 6 \
    -o "$tmp/summa.out" 2>"$tmp/err" || fail "kernel summa exited with $?: $(cat "$tmp/err")"
for key in "# CPM kernel " "# command: kernel --config" "# processes: 4" \
    "# operation: summa (" "# config: /" "# N: 12" "# iterations: 12" \
    "# messages: " "# layout: " "# timing: max" "# M: bytes per unit" \
    "# converged: " "# config-line: kernel summa" "# config-line: N 12" \
    "# columns: M T wtick reps ci"; do
    grep -q -F -- "$key" "$tmp/summa.out" || fail "kernel summa header lacks '$key'"
done
awk '!/^#/ { rows++
        if (NF != 5 || !($2 > 0 && $2 < 10) || !($4 >= 3 && $4 <= 6)) bad++
        m[rows] = $1 }
     END { exit (rows != 2 || bad > 0 || m[1] != 0 || m[2] != 4096) }' \
    "$tmp/summa.out" || fail "kernel summa rows: $(grep -v '^#' "$tmp/summa.out")"

# The 2D wave at 3 processes, -s/-m sizes.
run -np 3 "$kernel" --config "$tmp/wave3.conf" -s 512 -m 1024 -r 3 -R 6 \
    -o "$tmp/wave.out" 2>"$tmp/err" || fail "kernel wave2d exited with $?: $(cat "$tmp/err")"
grep -q '^# operation: wave2d (' "$tmp/wave.out" || fail "wave2d: no operation line"
grep -q '^# iterations: 1$' "$tmp/wave.out" || fail "wave2d: not one iteration"
# 3 neighbour pairs (top-left 10 units, top-right 6, left-right 10), each
# both ways: 6 messages of 52 units in all.
grep -q '^# messages: 6 of 52 units in all$' "$tmp/wave.out" ||
    fail "wave2d: messages line: $(grep '^# messages' "$tmp/wave.out")"
awk '!/^#/ { rows++; if (NF != 5 || !($2 > 0)) bad++ }
     END { exit (rows != 3 || bad > 0) }' "$tmp/wave.out" || fail "kernel wave2d rows"

# The configuration of the paper's Fig. 8 at 6 processes (its 256
# iterations with empty messages): 2304 messages of 196608 blocks.
run -np 6 "$kernel" --config "$top_srcdir/tests/data/kernel_fig8.conf" --sizes 0 \
    -r 2 -R 2 -o "$tmp/fig8.out" 2>"$tmp/err" || fail "kernel fig8 exited with $?: $(cat "$tmp/err")"
grep -q '^# messages: 2304 of 196608 units in all$' "$tmp/fig8.out" ||
    fail "fig8: messages line: $(grep '^# messages' "$tmp/fig8.out")"
awk '!/^#/ { rows++; if (NF != 5 || !($2 > 0) || $4 != 2) bad++ }
     END { exit (rows != 1 || bad > 0) }' "$tmp/fig8.out" || fail "kernel fig8 rows"

# The model tool's --compare reader accepts the output (it needs a model:
# with none of the kernel's operations it must say so, not misread).
if [ -x "$top_builddir/model" ]; then
    run -np 2 "$top_builddir/model" -M Hockney --sizes 0,1024 -r 3 -R 5 \
        -o "$tmp/h.model" 2>/dev/null || fail "model -M Hockney exited with $?"
    "$top_builddir/model" -M Hockney -i "$tmp/h.model" --compare "$tmp/summa.out" \
        >"$tmp/cmp" 2>"$tmp/cmp.err"
    rc=$?
    [ $rc -eq 2 ] || fail "model --compare of a kernel output with Hockney: exit $rc"
    grep -q "summa" "$tmp/cmp.err" || fail "compare error does not name summa: $(cat "$tmp/cmp.err")"
    grep -q "summa.out:[0-9]" "$tmp/cmp.err" && fail "compare misread the output: $(cat "$tmp/cmp.err")"
fi

# The output holds its configuration (# config-line:): model --compare
# rebuilds it from there, so a compare gives the same rows after the
# configuration file has changed or is gone.
grep -q '^# config-line: kernel wave2d$' "$tmp/wave.out" || fail "wave2d: no '# config-line: kernel wave2d'"
[ "$(grep -c '^# config-line: n[01] ' "$tmp/wave.out")" -eq 3 ] ||
    fail "wave2d: not 3 process lines in '# config-line:'"
grep -q '^# config-line: ' "$tmp/summa.out" || fail "summa: no '# config-line:' lines"
if [ -x "$top_builddir/model" ]; then
    run -np 3 "$top_builddir/model" -M HLogGP --sizes 0,1024 -r 3 -R 5 \
        -o "$tmp/h3.model" 2>/dev/null || fail "model -M HLogGP exited with $?"
    "$top_builddir/model" -M HLogGP -i "$tmp/h3.model" --compare "$tmp/wave.out" \
        >"$tmp/cmp1" 2>"$tmp/cmp.err" || fail "compare wave2d: $(cat "$tmp/cmp.err")"
    grep -q '^# summary: model HLogGP op wave2d .* rows 3 ' "$tmp/cmp1" ||
        fail "compare wave2d: no summary of 3 rows: $(cat "$tmp/cmp1")"
    # Another valid partition under the same name, then no file at all.
    printf 'kernel wave2d\nN 16\nn0 a 0 0 8 16\nn0 a 8 0 8 8\nn1 b 8 8 8 8\n' \
        >"$tmp/wave3.conf"
    "$top_builddir/model" -M HLogGP -i "$tmp/h3.model" --compare "$tmp/wave.out" \
        >"$tmp/cmp2" 2>"$tmp/cmp.err" || fail "compare after a change: $(cat "$tmp/cmp.err")"
    cmp -s "$tmp/cmp1" "$tmp/cmp2" || fail "compare changed with the configuration file"
    rm -f "$tmp/wave3.conf"
    "$top_builddir/model" -M HLogGP -i "$tmp/h3.model" --compare "$tmp/wave.out" \
        >"$tmp/cmp3" 2>"$tmp/cmp.err" || fail "compare without the configuration file: $(cat "$tmp/cmp.err")"
    cmp -s "$tmp/cmp1" "$tmp/cmp3" || fail "compare differs without the configuration file"
    # A damaged embedded configuration is named by the output's line.
    sed 's/^# config-line: n1 b /# config-line: n0 b /' "$tmp/wave.out" >"$tmp/wave-bad.out"
    line=$(grep -n '^# config-line: n0 b ' "$tmp/wave-bad.out" | cut -d: -f1)
    "$top_builddir/model" -M HLogGP -i "$tmp/h3.model" --compare "$tmp/wave-bad.out" \
        >/dev/null 2>"$tmp/cmp.err" && fail "compare accepted a damaged configuration"
    grep -q "wave-bad.out:$line: rank 2: node n0 has type a" "$tmp/cmp.err" ||
        fail "damaged configuration (line $line): $(cat "$tmp/cmp.err")"
fi

# Bad input: one line from the tool (rank 0) naming the problem, a
# non-zero exit (2 without mpirun), no output file left behind.
expect_usage() {
    local what=$1 tool=$2 pattern=$3
    shift 3
    rm -f "$tmp"/bad.out*
    "$@" >"$tmp/out" 2>"$tmp/err"
    local rc=$?
    if [ $rc -eq 0 ] || [ $rc -eq 124 ]; then
        fail "$what: exit $rc, expected an error"
    elif [ "$1" != run ] && [ $rc -ne 2 ]; then
        fail "$what: exit $rc, expected 2"
    fi
    [ "$(grep -c "^$tool: " "$tmp/err")" -eq 1 ] ||
        fail "$what: not one error line: $(cat "$tmp/err")"
    grep "^$tool: " "$tmp/err" | grep -q -F -- "$pattern" ||
        fail "$what: stderr lacks '$pattern': $(cat "$tmp/err")"
    if ls "$tmp"/bad.out* >/dev/null 2>&1; then
        fail "$what: left an output file behind"
    fi
}
expect_usage "np differs" kernel "has 4 processes, the job 3" \
    run -np 3 "$kernel" --config "$tmp/summa.conf" --sizes 0 -o "$tmp/bad.out"
expect_usage "no config" kernel "no kernel configuration" \
    run -np 2 "$kernel" --sizes 0 -o "$tmp/bad.out"
expect_usage "missing config" kernel "cannot open" \
    run -np 2 "$kernel" --config "$tmp/none.conf" --sizes 0 -o "$tmp/bad.out"
printf 'kernel summa\nN 4\nn t 0 0 4 2\nn t 0 1 4 3\n' >"$tmp/bad.conf"
expect_usage "overlap" kernel "bad.conf:4: rank 1: rectangle 0 1 4 3 overlaps" \
    run -np 2 "$kernel" --config "$tmp/bad.conf" --sizes 0 -o "$tmp/bad.out"
expect_usage "model option" kernel "unknown option '-E'" \
    run -np 2 "$kernel" --config "$tmp/summa.conf" -E summa -o "$tmp/bad.out"
expect_usage "model name" kernel "unknown option '-M'" \
    run -np 2 "$kernel" --config "$tmp/summa.conf" -M LMO -o "$tmp/bad.out"
expect_usage "tau-Lop network" kernel "unknown option '--network'" \
    run -np 2 "$kernel" --config "$tmp/summa.conf" --network direct -o "$tmp/bad.out"
if [ -x "$top_builddir/collective" ]; then
    expect_usage "collective --network" collective "unknown option '--network'" \
        run -np 2 "$top_builddir/collective" -O MPI_Scatter --network x -o "$tmp/bad.out"
    expect_usage "collective --config" collective "unknown option '--config'" \
        run -np 2 "$top_builddir/collective" -O MPI_Scatter --config "$tmp/summa.conf" -o "$tmp/bad.out"
fi
expect_usage "generator without kernel" cpm-kernel-config "no kernel given" \
    "$kc" -N 4 -o "$tmp/bad.out" "$tmp/layout"
echo 'n0 a -1' >"$tmp/layout2"
expect_usage "generator bad layout" cpm-kernel-config "layout2:1: bad speed" \
    "$kc" -k summa -N 4 -o "$tmp/bad.out" "$tmp/layout2"
expect_usage "generator grid too small" cpm-kernel-config "do not fit" \
    "$kc" -k summa -N 1 -o "$tmp/bad.out" "$tmp/layout"
# tau-Lop refuses a kernel operation on the other kernel's configuration.
if [ -x "$top_builddir/model" ]; then
    run -np 2 "$top_builddir/model" -M taulop --sizes 0 -r 2 -R 2 \
        -o "$tmp/tau.model" 2>/dev/null || fail "model -M taulop exited with $?"
    expect_usage "taulop summa on wave2d" model "-E summa needs a configuration of that kernel" \
        "$top_builddir/model" -M taulop -i "$tmp/tau.model" -E summa \
        --config "$tmp/wave.conf" --sizes 8 -o "$tmp/bad.out"
fi

# -h works without mpirun.
"$kernel" -h | grep -q -- "--config FILE" || fail "kernel -h lacks --config"
"$kc" -h | grep -q -- "--columns" || fail "cpm-kernel-config -h lacks --columns"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
