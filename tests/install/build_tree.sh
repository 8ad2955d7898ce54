#!/bin/bash
# The programs of the build tree read the source tree's R code (rbridge.cpp,
# r_dir), so that the README's usage works right after ./quickstart, before
# or without `make install`: `mpirun -np 4 ./model -M LMO` in the build
# directory, with no CPM_R_DIR (run-test sets it for the other tests),
# builds LMO, whose thresholds need R. Negative control: CPM_R_DIR naming a
# directory without the R code makes the same build fail, naming it.
# (Where an older CPM is installed under the configured prefix, that copy
# would also let the build pass: CI has none.)
set -u
: "${top_builddir:?run through make check}"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
fast="-s 2048 -m 40960 -r 3 -R 10"
unset CPM_R_DIR

cd "$top_builddir" || exit 99
if timeout 600 $MPIRUN_LOCAL -np 4 ./model -M LMO $fast -o "$tmp/lmo.out" 2>"$tmp/err"; then
    grep -q '^model LMO$' "$tmp/lmo.out" && grep -q '^n 4$' "$tmp/lmo.out" &&
        [ "$(tail -1 "$tmp/lmo.out")" = end ] || fail "malformed LMO model file"
    echo "built LMO from the build tree without CPM_R_DIR"
else
    fail "mpirun -np 4 ./model -M LMO without CPM_R_DIR: exit $?"
    cat "$tmp/err"
fi

mkdir "$tmp/none"
if CPM_R_DIR=$tmp/none timeout 600 $MPIRUN_LOCAL -np 3 ./model -M LMO $fast \
    -o "$tmp/bad.out" 2>"$tmp/err"; then
    fail "LMO built with CPM_R_DIR naming a directory without R code"
elif ! grep -q -F "$tmp/none/cpm_breakpoints.R" "$tmp/err"; then
    fail "CPM_R_DIR=$tmp/none: the error does not name the file: $(cat "$tmp/err")"
fi
[ -e "$tmp/bad.out" ] && fail "a failed build left $tmp/bad.out"

[ $failures -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "build_tree: all passed"
