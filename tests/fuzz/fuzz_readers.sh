#!/bin/bash
# Fuzzing of the readers (issue 13; doc/testing.md, "Fuzzing"): the
# mutation driver tests/fuzz/fuzz_readers over the seed files of
# tests/data/fuzz/{model,output,config,truth}, FUZZ_EXECUTIONS mutants each
# (default 3000: make check; make fuzz runs 100000), seed FUZZ_SEED. A
# crash, a hang (2 s per input), an exception other than a one-line
# refusal, or a property of an accepted input that does not hold fails
# (fuzz_readers.cpp says which); the failing input is kept in the log.
#
# Then what `model -E` prints for the fuzzed model files whose predictions
# are not finite positive times (kept by the driver): no data row may show
# such a value as a time: each is "M nan nan nan" after a "# not a time"
# comment. A negative control: a data row with a negative time is caught
# by the same check.
set -u
name=fuzz_readers.sh
driver=${top_builddir:?}/tests/fuzz/fuzz_readers
model=$top_builddir/model
corpus=${top_srcdir:?}/tests/data/fuzz
execs=${FUZZ_EXECUTIONS:-3000}
seed=${FUZZ_SEED:-1}
for p in "$driver" "$model"; do
    [ -x "$p" ] || { echo "$name: $p is not built" >&2; exit 1; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cpm-fuzz.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/marked"
fail=0

for target in model output config truth; do
    extra=()
    [ $target = model ] && extra=(--marked "$tmp/marked")
    if ! (cd "$tmp" && "$driver" $target "$corpus/$target" "$execs" \
        --seed "$seed" "${extra[@]}"); then
        fail=1
        f=$tmp/fuzz-$target-failure
        if [ -f "$f" ]; then
            echo "== the failing input ($(wc -c < "$f") bytes), escaped:"
            od -c "$f" | head -60
        fi
    fi
done

# bad_rows FILE: the data rows of a prediction output whose T is neither
# "nan" after a "# not a time" line nor a finite positive number.
bad_rows() {
    awk '
        /^# not a time/ { marked = 1; next }
        /^#/ || NF == 0 { next }
        {
            t = $2
            if (t == "nan" && marked) { marked = 0; next }
            if (t ~ /^[0-9]+(\.[0-9]*)?([eE][-+]?[0-9]+)?$/ && t + 0 > 0) { marked = 0; next }
            print FILENAME ": " $0
        }' "$1"
}

checked=0
for f in "$tmp"/marked/*.model; do
    [ -e "$f" ] || continue
    op=$(basename "$f" .model)
    op=${op#*.}
    M=$(sed -n 's/^model //p' "$f" | head -1)
    n=$(sed -n 's/^n //p' "$f" | head -1)
    for subject in "--pair 0,1" "--pair 1,0" "--pair $((n - 1)),0" "--root 0" "--root $((n - 1))"; do
        # shellcheck disable=SC2086 # two words
        if "$model" -M "$M" -i "$f" -E "$op" $subject \
            --sizes 0,1,1000,65536,1048576,1073741824 > "$tmp/pred" 2> "$tmp/err"; then
            checked=$((checked + 1))
            if [ -n "$(bad_rows "$tmp/pred")" ]; then
                echo "$name: model -E $op $subject prints a time that is not finite and positive:" >&2
                bad_rows "$tmp/pred" >&2
                fail=1
            fi
        elif [ "$(wc -l < "$tmp/err")" -ne 1 ] || ! grep -q '^model: ' "$tmp/err"; then
            echo "$name: model -E $op $subject failed without one line:" >&2
            cat "$tmp/err" >&2
            fail=1
        fi
    done
done
echo "model -E on the kept model files with marked predictions: $checked outputs checked"
[ "$checked" -gt 0 ] || { echo "$name: no marked model file was kept to check" >&2; fail=1; }

# negative control: the row check catches a negative and an infinite time
printf '# x\n0 1e-5 1e-5 1e-5\n1 -1e-5 0 0\n2 inf inf inf\n' > "$tmp/control"
[ "$(bad_rows "$tmp/control" | wc -l)" -eq 2 ] ||
    { echo "$name: the negative control of the row check failed" >&2; fail=1; }

[ $fail -eq 0 ] && echo "$name: PASS"
exit $fail
