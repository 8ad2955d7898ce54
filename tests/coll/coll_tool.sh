#!/bin/bash
# collective with the model-based operations: -O CPM_* -M MODEL -i FILE at
# 3 processes with model files written here (chosen parameters), the
# output's header and rows; and bad model input: one line from rank 0, a
# non-zero exit of every process, no hang, no output file.
set -u
: "${top_builddir:?run through make check}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
coll="$top_builddir/collective"

# write_model FILE MODEL N: the header of a model file of N processes.
header() {
    printf 'cpm-model 1\nmodel %s\nn %d\n' "$2" "$3"
    for ((r = 0; r < $3; r++)); do echo "processor $r test"; done
    echo "measured date 2026-01-01T00:00:00Z"
    echo "measured mpi test"
    echo "measured precision min_reps=5 max_reps=100 cl=0.95 eps=0.025"
}
lmo() { # N: an LMO model with uneven links, M1 = 1000, M2 = 30000
    header "$1" LMO "$1"
    for ((i = 0; i < $1; i++)); do
        echo "C $i $(( (7 * i) % 5 + 1 ))e-06 0"
        echo "t $i $(( (3 * i) % 4 + 1 ))e-09 0"
    done
    for ((i = 0; i < $1; i++)); do for ((j = i + 1; j < $1; j++)); do
        echo "L $i $j $(( (i + 2 * j) % 3 + 1 ))e-06 0"
        echo "beta $i $j $(( 1000 / ((i * j + j) % 3 + 1) ))e6 0"
    done; done
    printf 'M1 1000\nM2 30000\nkappa1 0\nkappa2 0\nend\n'
}
hockney() { # N
    header "$1" Hockney "$1"
    for ((i = 0; i < $1; i++)); do for ((j = i + 1; j < $1; j++)); do
        echo "alpha $i $j $(( (3 * i + 5 * j) % 7 + 1 ))e-06 0"
        echo "beta $i $j $(( (i * j + i + 2 * j) % 5 + 1 ))e-09 0"
    done; done
    echo end
}
lmo 3 >"$tmp/lmo3"
lmo 4 >"$tmp/lmo4"
hockney 3 >"$tmp/hockney3"

# Every operation with its model, root 1, sizes small to large (gather
# pieces between 1000 and 30000 bytes).
for spec in CPM_Scatter_linear_opt:LMO:lmo3 CPM_Gather_linear_opt:LMO:lmo3 \
    CPM_Scatter_binomial_opt:Hockney:hockney3 \
    CPM_Scatter_binomial_cor:Hockney:hockney3 \
    CPM_Gather_binomial_opt:Hockney:hockney3 \
    CPM_Gather_binomial_cor:Hockney:hockney3 \
    CPM_Scatter_binomial:Hockney:hockney3; do
    IFS=: read -r op model file <<<"$spec"
    timeout 300 $MPIRUN_LOCAL -np 3 "$coll" -O "$op" -M "$model" -i "$tmp/$file" \
        --root 1 --sizes 0,1024,5000,40000 -r 2 -R 5 -o "$tmp/$op.out" \
        2>"$tmp/err" || { fail "$op: exit $?"; cat "$tmp/err"; continue; }
    grep -q "^# operation: $op (" "$tmp/$op.out" || fail "$op: no operation line"
    grep -q "^# model: $model from $tmp/$file$" "$tmp/$op.out" ||
        fail "$op: no model line"
    grep -q "^# root: 1$" "$tmp/$op.out" || fail "$op: no root line"
    awk '!/^#/ { rows++; if (NF != 5 || !($2 > 0)) bad++ }
         END { exit (rows != 4 || bad > 0) }' "$tmp/$op.out" || fail "$op: rows"
    # model --compare predicts the operation itself (not plain scatter or
    # gather), with the numbers of model -E OP
    "$top_builddir/model" -M "$model" -i "$tmp/$file" --compare "$tmp/$op.out" \
        >"$tmp/$op.cmp" 2>"$tmp/err" || { fail "$op: model --compare exit $?"; cat "$tmp/err"; }
    grep -q "^# summary: model $model op $op observed $op rows 4 " "$tmp/$op.cmp" ||
        fail "$op: --compare summary: $(tail -1 "$tmp/$op.cmp")"
    want=$("$top_builddir/model" -M "$model" -i "$tmp/$file" -E "$op" --root 1 \
        --sizes 5000 | grep -v '^#' | cut -d' ' -f2)
    got=$(awk '$1 == 5000 { print $4 }' "$tmp/$op.cmp")
    [ -n "$want" ] && [ "$want" = "$got" ] || fail "$op: -E gives '$want', --compare '$got'"
done
# The worst mapping is predicted no faster than the best one.
for o in Scatter Gather; do
    best=$("$top_builddir/model" -M Hockney -i "$tmp/hockney3" -E CPM_${o}_binomial_opt \
        --root 1 --sizes 40000 | grep -v '^#' | cut -d' ' -f2)
    worst=$("$top_builddir/model" -M Hockney -i "$tmp/hockney3" -E CPM_${o}_binomial_cor \
        --root 1 --sizes 40000 | grep -v '^#' | cut -d' ' -f2)
    awk -v b="$best" -v w="$worst" 'BEGIN { exit !(b > 0 && w >= b) }' ||
        fail "$o: predicted best $best, worst $worst"
done
# The model from standard input (read on rank 0).
timeout 300 $MPIRUN_LOCAL -np 3 "$coll" -O CPM_Gather_linear_opt -M LMO -i - \
    --sizes 2000 -r 2 -R 3 <"$tmp/lmo3" >"$tmp/stdin.out" 2>"$tmp/err" ||
    { fail "-i -: exit $?"; cat "$tmp/err"; }
grep -q "^# model: LMO from <stdin>$" "$tmp/stdin.out" || fail "-i -: no model line"
# -h lists the operations and the model options without mpirun.
"$coll" -h >"$tmp/help" || fail "collective -h exited with $?"
for word in CPM_Gather_linear_opt CPM_Scatter_binomial_cor "--model" "--input"; do
    grep -q -- "$word" "$tmp/help" || fail "collective -h lacks $word"
done

# expect NP 'message' ARGS...: bad input fails cleanly.
expect() {
    local np=$1 message=$2
    shift 2
    rm -f "$tmp/out.txt"
    timeout 120 $MPIRUN_LOCAL -np "$np" "$coll" "$@" --sizes 0,1024 -r 2 -R 3 \
        -o "$tmp/out.txt" >"$tmp/stdout" 2>"$tmp/stderr"
    local rc=$? lines
    lines=$(grep -c "^collective: " "$tmp/stderr")
    if [ $rc -eq 0 ] || [ $rc -eq 124 ]; then
        fail "collective $* at np $np: exit status $rc (expected an error)"
    elif [ "$lines" -ne 1 ]; then
        fail "collective $* at np $np: $lines error lines (expected 1)"
        cat "$tmp/stderr"
    elif ! grep -q -F -- "$message" "$tmp/stderr"; then
        fail "collective $* at np $np: message lacks '$message':"
        grep "^collective: " "$tmp/stderr"
    elif [ -e "$tmp/out.txt" ]; then
        fail "collective $* at np $np: left an output file"
    else
        echo "ok: $* -> $(grep '^collective: ' "$tmp/stderr")"
    fi
}
printf 'cpm-model 1\nmodel LMO\nn 3\nC 0 1e-6\n' >"$tmp/truncated"
sed 's/^beta 0 2 .*/beta 0 2 fast 0/' "$tmp/lmo3" >"$tmp/garbled"
: >"$tmp/empty"
expect 3 "cannot open model file '$tmp/none'" -O CPM_Gather_linear_opt -M LMO -i "$tmp/none"
expect 3 "the model is of 4 processes, this run has 3" -O CPM_Gather_linear_opt -M LMO -i "$tmp/lmo4"
expect 3 "holds a Hockney model, not LMO" -O CPM_Scatter_linear_opt -M LMO -i "$tmp/hockney3"
expect 3 "uses the Hockney model, not 'LMO'" -O CPM_Gather_binomial_opt -M LMO -i "$tmp/lmo3"
expect 3 "needs the LMO model (-M LMO -i FILE)" -O CPM_Gather_linear_opt
expect 3 "needs a model file (-i FILE)" -O CPM_Gather_linear_opt -M LMO
expect 3 "MPIB_Gather_linear uses no model" -O MPIB_Gather_linear -M LMO -i "$tmp/lmo3"
expect 3 "$tmp/truncated:" -O CPM_Gather_linear_opt -M LMO -i "$tmp/truncated"
expect 3 "$tmp/garbled:" -O CPM_Gather_linear_opt -M LMO -i "$tmp/garbled"
expect 3 "$tmp/empty" -O CPM_Gather_linear_opt -M LMO -i "$tmp/empty"
expect 2 "unknown option '--json'" -O CPM_Gather_linear_opt -M LMO -i "$tmp/lmo3" --json
expect 2 "root 3 is outside 0..1" -O CPM_Scatter_binomial -M Hockney -i "$tmp/hockney3" --root 3

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
