#!/bin/bash
# The model tool on local processes: every model of `model --list`
# (Hockney, LMO, PLogP, LogGP, HLogGP, Dimemas, tau-Lop today) builds,
# saves, loads and predicts every one of its operations at 3 and 4
# processes; files survive save-load-save; --list and -h describe the
# models; bad input gets one line and a non-zero exit.
set -u
: "${top_builddir:?run through make check}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
model="$top_builddir/model"
fast="-s 2048 -m 40960 -r 3 -R 10"

# --list: MODEL OPERATION SUBJECT HELP, tab-separated, one line each
"$model" --list >"$tmp/list" || fail "--list: exit $?"
awk -F'\t' 'NF != 4 || $3 !~ /^(pair|root|none|config)$/ || $4 == "" { print "bad --list line: " $0; bad++ }
             END { exit bad > 0 || NR == 0 }' "$tmp/list" || fail "--list format"
models=$(cut -f1 "$tmp/list" | uniq)
[ "$(echo "$models" | sort | uniq -d)" = "" ] || fail "--list: a model's lines are not together"
# has_op MODEL OP: whether the model predicts OP
has_op() { awk -F'\t' -v m="$1" -v o="$2" '$1 == m && $2 == o { f = 1 } END { exit !f }' "$tmp/list"; }
for M in $models; do
    "$model" --list -M "$M" >"$tmp/list1" || fail "--list -M $M: exit $?"
    grep -v "^$M	" "$tmp/list1" && fail "--list -M $M lists other models"
    [ "$(grep -c "^$M	" "$tmp/list")" -eq "$(wc -l <"$tmp/list1")" ] || fail "--list -M $M: not all its lines"
done
# -h: each model, and each operation name apart from its help
"$model" -h >"$tmp/help" || fail "-h: exit $?"
while IFS=$'\t' read -r M op subject help; do
    grep -q "^  $M: " "$tmp/help" || fail "-h lacks the model $M"
    grep -q -F -- "      $op  " "$tmp/help" || fail "-h: $M's $op is not followed by two blanks"
done <"$tmp/list"
# kernel configurations for the operations of subject config, per np
for np in 3 4; do
    for ((r = 0; r < np; r++)); do echo "n0 default 1"; done >"$tmp/layout$np"
    "$top_builddir/cpm-kernel-config" -k summa -N 8 -o "$tmp/summa$np.conf" "$tmp/layout$np" &&
        "$top_builddir/cpm-kernel-config" -k wave2d -N 8 -o "$tmp/wave2d$np.conf" "$tmp/layout$np" ||
        fail "cpm-kernel-config for np $np"
done

for np in 3 4; do
    for M in $models; do
        out="$tmp/$M-$np.out"
        opts=$fast
        # PLogP (and HLogGP, from its experiments) measures trains at every
        # size, tau-Lop rings of every tau: a short list suffices.
        case $M in
        PLogP | LogGP | HLogGP) opts="--sizes 1,4096,32768 -r 3 -R 10" ;;
        taulop) opts="--sizes 0,4096,32768 -r 3 -R 10 --tau-max 3" ;;
        # B = 1/mean beta must come out positive on a loaded machine
        Dimemas) opts="--sizes 0,262144,524288,1048576 -r 3 -R 10" ;;
        esac
        timeout 600 $MPIRUN_LOCAL -np $np "$model" -M $M $opts -o "$out" \
            2>"$tmp/err" || { fail "$M at np $np: exit $?"; cat "$tmp/err"; continue; }
        grep -q "^model $M$" "$out" || fail "$M at np $np: no model line"
        grep -q "^n $np$" "$out" || fail "$M at np $np: no n line"
        tail -1 "$out" | grep -q '^end$' || fail "$M at np $np: no end line"
        # save-load-save, byte for byte
        "$model" -M $M -i "$out" -o "$tmp/again" || fail "$M: reload exit $?"
        cmp -s "$out" "$tmp/again" || fail "$M at np $np: reloaded file differs"
        "$model" -M $M -i - <"$out" >"$tmp/stdin" || fail "$M: stdin exit $?"
        cmp -s "$out" "$tmp/stdin" || fail "$M: file read from stdin differs"
        # predictions of every operation: sizes as asked, finite numbers
        while IFS=$'\t' read -r op subject; do
            case $subject in
            pair) on=(--pair $((np - 1)),0) ;;
            root) on=(--root 1) ;;
            config) on=(--config "$tmp/$op$np.conf") ;;
            *) on=() ;;
            esac
            "$model" -M $M -i "$out" -E "$op" "${on[@]}" --sizes 0,1024,65536 \
                >"$tmp/pred" 2>"$tmp/err" || { fail "$M: -E $op exit $?"; cat "$tmp/err"; continue; }
            # a time > 0, or nan after a "# not a time" line (negative
            # estimates on a loaded machine)
            awk '/^# not a time at M=/ { why++ }
                 !/^#/ { rows++
                         if ($2 == "nan") nan++
                         else if (!($2 == $2 + 0) || $2 == "inf" || $2 + 0 <= 0) bad++ }
                 END { exit !(rows == 3 && bad == 0 && nan == why) }' "$tmp/pred" ||
                fail "$M: -E $op rows: $(cat "$tmp/pred")"
        done < <(grep "^$M	" "$tmp/list" | cut -f2,3)
        if has_op $M scatter; then
            "$model" -M $M -i "$out" -E scatter --root 1 -s 1024 -m 4096 >"$tmp/sc" ||
                fail "$M: -E scatter exit $?"
            [ "$(grep -vc '^#' "$tmp/sc")" -eq 5 ] || fail "$M: -E scatter rows"
        fi
        "$model" -M $M -i "$out" --json >"$tmp/json" || fail "$M: --json exit $?"
        grep -q "\"model\": \"$M\"" "$tmp/json" || fail "$M: JSON lacks the model"
    done
done

# --compare: observed p2p and scatter times against the models at np 3.
timeout 300 $MPIRUN_LOCAL -np 3 "$top_builddir/p2p" --sizes 0,2048,16384 -r 3 -R 10 \
    -o "$tmp/p2p.obs" || fail "p2p for --compare: exit $?"
timeout 300 $MPIRUN_LOCAL -np 3 "$top_builddir/collective" -O MPIB_Scatter_linear \
    --sizes 2048,16384 -r 3 -R 10 -o "$tmp/sc.obs" || fail "collective for --compare: exit $?"
for M in $models; do
    "$model" -M $M -i "$tmp/$M-3.out" --compare "$tmp/p2p.obs" >"$tmp/cmp" ||
        fail "$M --compare p2p: exit $?"
    # 3 pairs x 3 sizes; mu >= 1 wherever there is one; the summary agrees
    awk -v M=$M '!/^#/ { rows++; if ($7 != "nan" && $7 < 1) bad++
                         if ($7 != "nan" && $7 > max) max = $7 }
         /^# summary:/ { s = $0; srows = $10; smax = $14 }
         END { d = smax - max; if (d < 0) d = -d
               if (rows != 9 || bad || srows != 9 || (max > 0 && d > 1e-4))
                   { print M ": bad comparison: rows " rows " bad " bad " max " max " / " s; exit 1 } }' \
        "$tmp/cmp" || fail "$M --compare p2p table"
    # the predicted column is what -E p2p prints for that pair and size
    row=$(grep -v '^#' "$tmp/cmp" | awk '$1 == 16384 && $2 == 1 && $3 == 2')
    want=$("$model" -M $M -i "$tmp/$M-3.out" -E p2p --pair 1,2 --sizes 16384 | grep -v '^#' | cut -d' ' -f2)
    [ "$(echo "$row" | cut -d' ' -f6)" = "$want" ] ||
        fail "$M: --compare predicted '$row', -E p2p '$want'"
    if has_op $M scatter; then
        "$model" -M $M -i "$tmp/$M-3.out" --compare "$tmp/sc.obs" >"$tmp/cmp" ||
            fail "$M --compare scatter: exit $?"
        grep -q "^# summary: model $M op scatter observed MPIB_Scatter_linear rows 2 " "$tmp/cmp" ||
            fail "$M --compare scatter summary"
    fi
done

# expect_error 'message' COMMAND...: non-zero exit, one line naming it.
expect_error() {
    local message=$1
    shift
    "$@" >"$tmp/stdout" 2>"$tmp/stderr"
    local rc=$?
    if [ $rc -eq 0 ] || [ "$(grep -c '^model: ' "$tmp/stderr")" -ne 1 ] ||
        ! grep -q -F -- "$message" "$tmp/stderr"; then
        fail "expected '$message' from: $* (exit $rc)"
        cat "$tmp/stderr"
    else
        echo "ok: $(cat "$tmp/stderr")"
    fi
}
h="$tmp/Hockney-3.out"
valid=$(echo $models | sed 's/ /, /g')
expect_error "unknown model 'Foo' (valid: $valid)" "$model" -M Foo -i "$h"
expect_error "unknown model 'Foo' (valid: $valid)" "$model" -M Foo --list
expect_error "--list excludes -i, -E, --json and --compare" "$model" --list -i "$h"
expect_error "no model given" "$model" -i "$h"
expect_error "does not predict 'bcast' (valid: p2p" "$model" -M LMO -i "$tmp/LMO-3.out" -E bcast
expect_error "holds a Hockney model, not LMO" "$model" -M LMO -i "$h"
expect_error "holds a LogGP model, not PLogP" "$model" -M PLogP -i "$tmp/LogGP-3.out"
expect_error "holds an LMO model, not LogGP" "$model" -M LogGP -i "$tmp/LMO-3.out"
# LogGP from a PLogP file: derived as a LogGP build derives it from its
# PLogP measurements (tests/smpi/smpi_plogp_segments.sh: the same file)
if "$model" -M LogGP -i "$tmp/PLogP-3.out" -o "$tmp/derived.LogGP" 2>"$tmp/stderr"; then
    sed -n 3p "$tmp/derived.LogGP" | grep -q -x 'model LogGP' ||
        fail "-M LogGP -i a PLogP file: not a LogGP file: $(sed -n 3p "$tmp/derived.LogGP")"
    "$model" -M LogGP -i "$tmp/derived.LogGP" -E p2p --sizes 1024 >/dev/null ||
        fail "-M LogGP -i a PLogP file: the LogGP file it wrote does not load"
else
    fail "-M LogGP -i a PLogP file: $(cat "$tmp/stderr")"
fi
# its --warnings file is saved with the output, not without it; never
# the output itself
"$model" -M LogGP -i "$tmp/PLogP-3.out" -o "$tmp/none/derived" --warnings "$tmp/derived.warn" 2>/dev/null &&
    fail "-M LogGP -i with -o in a missing directory: exit 0"
[ -e "$tmp/derived.warn" ] && fail "a derivation that saved no model left its --warnings file"
"$model" -M LogGP -i "$tmp/PLogP-3.out" -o "$tmp/derived2.LogGP" --warnings "$tmp/derived2.warn" 2>/dev/null ||
    fail "-M LogGP -i a PLogP file --warnings: failed"
[ -f "$tmp/derived2.warn" ] || fail "-M LogGP -i a PLogP file --warnings: no warnings file"
expect_error "option --warnings applies when building (not with -i) or deriving (-M LogGP -i a PLogP model file)" \
    "$model" -M LogGP -i "$tmp/LogGP-3.out" --warnings "$tmp/w"
expect_error "option --warnings: expected a file name, got ''" \
    "$model" -M LogGP -i "$tmp/PLogP-3.out" --warnings ''
expect_error "option --warnings: '$tmp/./same' is the output file (-o) too" \
    "$model" -M LogGP -i "$tmp/PLogP-3.out" -o "$tmp/same" --warnings "$tmp/./same"
[ -e "$tmp/same" ] && fail "a refused derivation left its output"
expect_error "does not predict 'scatter' (valid: p2p)" "$model" -M LogGP -i "$tmp/LogGP-3.out" -E scatter --root 0
expect_error "cannot open model file" "$model" -M LMO -i "$tmp/none"
expect_error "names a rank outside 0..2" "$model" -M Hockney -i "$h" -E p2p --pair 0,3
sed 's/^alpha 0 1 .*/alpha 0 1 zero 0/' "$h" >"$tmp/bad.out"
expect_error "bad.out:$(grep -n '^alpha 0 1' "$h" | cut -d: -f1): bad number 'zero'" \
    "$model" -M Hockney -i "$tmp/bad.out" -o "$tmp/x"
head -n 12 "$h" >"$tmp/cut.out"
expect_error "truncated file" "$model" -M Hockney -i "$tmp/cut.out"
[ -e "$tmp/x" ] && fail "an output file was left behind"
expect_error "--json and -E exclude each other" "$model" -M LMO -i "$h" --json -E p2p
expect_error "--compare needs a model file (-i FILE)" "$model" -M LMO --compare "$tmp/p2p.obs"
expect_error "Hockney-3.out:1: not an output of p2p or collective" "$model" -M Hockney -i "$h" --compare "$h"
expect_error "predicts a point-to-point time; $tmp/sc.obs holds MPIB_Scatter_linear" \
    "$model" -M Hockney -i "$h" --compare "$tmp/sc.obs" -E p2p
expect_error "the LogGP model does not predict 'scatter'" \
    "$model" -M LogGP -i "$tmp/LogGP-3.out" --compare "$tmp/sc.obs"
expect_error "the Hockney model has 4 processes, $tmp/p2p.obs 3" \
    "$model" -M Hockney -i "$tmp/Hockney-4.out" --compare "$tmp/p2p.obs"
head -n -2 "$tmp/p2p.obs" > "$tmp/cut.obs"; echo "16384 0 1 zz 1e-9 5 0" >> "$tmp/cut.obs"
expect_error "cut.obs:$(wc -l < "$tmp/cut.obs"): bad number 'zz'" \
    "$model" -M Hockney -i "$h" --compare "$tmp/cut.obs"
expect_error "the LMO model needs at least 3 processes, got 2" \
    timeout 120 $MPIRUN_LOCAL -np 2 "$model" -M LMO $fast -o "$tmp/y"
[ -e "$tmp/y" ] && fail "LMO at np 2 left an output file"
expect_error "unknown option '-Q'" timeout 120 $MPIRUN_LOCAL -np 2 "$model" -M LMO -Q
# A model's own build options (tau-Lop's, LMO's Bai-Perron settings):
# refused for other models and with -i, their values checked before
# anything is measured; an unreadable layout stops every rank before
# anything is measured
expect_error "option --network applies to -M taulop only" \
    timeout 120 $MPIRUN_LOCAL -np 2 "$model" -M Hockney --network direct $fast -o "$tmp/y"
expect_error "option --bp-h applies to -M LMO only" \
    timeout 120 $MPIRUN_LOCAL -np 2 "$model" -M taulop --bp-h 0.2 $fast -o "$tmp/y"
expect_error "option --bp-ic: expected BIC or LWZ, got 'AIC'" \
    timeout 120 $MPIRUN_LOCAL -np 3 "$model" -M LMO --bp-ic AIC $fast -o "$tmp/y"
expect_error "option --bp-h applies when building (not with -i)" \
    "$model" -M LMO -i "$tmp/LMO-3.out" --bp-h 0.2
expect_error "option --tau-max applies when building (not with -i)" \
    "$model" -M taulop -i "$tmp/taulop-3.out" --tau-max 2
expect_error "cannot open" \
    timeout 120 $MPIRUN_LOCAL -np 2 "$model" -M taulop --config "$tmp/none.conf" $fast -o "$tmp/y"
[ -e "$tmp/y" ] && fail "a refused build left an output file"
# Issue 13's minor points: a clear message for each.
expect_error "building a model needs at least 2 processes" "$model" -M Hockney -E p2p
expect_error "model file '$tmp' is a directory" "$model" -M Hockney -i "$tmp"
expect_error "observed file '$tmp' is a directory" "$model" -M Hockney -i "$h" --compare "$tmp"
expect_error "option --config does not apply to -E p2p" "$model" -M Hockney -i "$h" -E p2p --config "$tmp/summa3.conf"
expect_error "option --config applies to -E OP" "$model" -M Hockney -i "$h" --config "$tmp/summa3.conf"
expect_error "option --config does not apply to -E p2p" \
    timeout 120 $MPIRUN_LOCAL -np 2 "$model" -M Hockney -E p2p --config "$tmp/summa3.conf" $fast -o "$tmp/y"
expect_error "option --tau: expected an integer in [1, 2147483647], got '4294967297'" "$model" -M taulop -i "$tmp/taulop-3.out" -E p2p --tau 4294967297
expect_error "option --pair: expected an integer in [0, 2147483647], got '4294967297'" "$model" -M Hockney -i "$h" -E p2p --pair 4294967297,1
expect_error "gives more than 100000 message sizes" "$model" -M Hockney -i "$h" -E p2p -s 1 -m 9223372036854775807
expect_error "option --resume applies when building (not with -i)" "$model" -M Hockney -i "$h" --resume "$h"
expect_error "option --resume: no journal" \
    timeout 120 $MPIRUN_LOCAL -np 2 "$model" -M Hockney --resume "$tmp/none.journal" $fast -o "$tmp/y"
expect_error "message size 1073741825 exceeds 1073741824 bytes" \
    timeout 120 $MPIRUN_LOCAL -np 2 "$model" -M Hockney --sizes 0,1073741825 -o "$tmp/y"
# --warnings FILE: a file, when building; refused before anything is
# measured, no model file left
expect_error "option --warnings applies when building (not with -i)" "$model" -M Hockney -i "$h" --warnings "$tmp/w"
expect_error "option --warnings: expected a file name, got '-'" \
    timeout 120 $MPIRUN_LOCAL -np 2 "$model" -M Hockney --warnings - $fast -o "$tmp/y"
expect_error "cannot create output file '$tmp/none/w'" \
    timeout 120 $MPIRUN_LOCAL -np 2 "$model" -M Hockney --warnings "$tmp/none/w" $fast -o "$tmp/y"
[ -e "$tmp/y" ] && fail "a build refused for its --warnings left an output file"
# A late error (-E summa on a configuration of other processes) writes no
# header lines to standard output.
"$model" -M HLogGP -i "$tmp/HLogGP-3.out" -E summa --config "$tmp/summa4.conf" > "$tmp/late.out" 2> /dev/null &&
    fail "-E summa with a 4-process configuration on a 3-process model: exit 0"
[ -s "$tmp/late.out" ] && fail "header lines written before a late error: $(head -2 "$tmp/late.out")"
[ -e "$tmp/y" ] && fail "a refused build left an output file"

# A prediction that is not a positive time is never printed as one: a
# Hockney file with every alpha -1 ms and every beta 1 ns/B (one segment)
# predicts "nan" at 0 bytes, after a
# comment naming the negative parameters, with a warning; the positive
# rows stay times.
awk '$1 == "alpha" { $4 = -1e-3 } $1 == "beta" { $4 = 1e-9 } $1 != "segment" { print }' \
    "$tmp/Hockney-3.out" > "$tmp/neg.out"
"$model" -M Hockney -i "$tmp/neg.out" -E p2p --pair 0,1 --sizes 0,100000000 \
    > "$tmp/neg.pred" 2> "$tmp/neg.err" || fail "-E on negative alphas: exit $?"
grep -q '^0 nan nan nan$' "$tmp/neg.pred" || fail "-E printed a non-positive time: $(cat "$tmp/neg.pred")"
grep -q '^# not a time at M=0: predicted -.* (negative parameters: alpha 0 1' "$tmp/neg.pred" ||
    fail "-E did not say why: $(grep '^#' "$tmp/neg.pred")"
grep -q '^100000000 [0-9]' "$tmp/neg.pred" || fail "-E lost the positive row"
grep -q "1 of 2 predictions of p2p are not positive times" "$tmp/neg.err" ||
    fail "no warning: $(cat "$tmp/neg.err")"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
