#!/bin/bash
# The Doxygen API reference (`make doc`) builds without a warning: doxygen,
# as configure found it, runs on doc/Doxyfile of the build tree (both
# named in tests/doc/doxygen.env, written by doc/local.mk) with the HTML
# going to a temporary directory; any line on its standard error fails
# the test and is shown. Negative control: the same configuration with one
# undocumented header added must warn, so that a configuration that
# silenced doxygen would not pass.
set -u
: "${top_builddir:?run through make check}"
. "$top_builddir/tests/doc/doxygen.env" || exit 99
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# doxygen - reads the configuration from standard input; a later setting
# overrides an earlier one.
doxy() { { cat "$DOXYFILE"; printf '%s\n' "$@"; } | (cd "$tmp" && "$DOXYGEN" -); }

doxy "OUTPUT_DIRECTORY = $tmp/api" >"$tmp/out" 2>"$tmp/warnings"
rc=$?
[ $rc -eq 0 ] || fail "doxygen exited with $rc"
if [ -s "$tmp/warnings" ]; then
    fail "doxygen warned $(wc -l <"$tmp/warnings") time(s):"
    cat "$tmp/warnings"
fi
[ -f "$tmp/api/html/index.html" ] || fail "no $tmp/api/html/index.html"

cat >"$tmp/undocumented.h" <<'H'
/** \file undocumented.h A header with one undocumented member. */
/** A documented struct. */
struct Documented {
    int undocumented_member;
};
H
doxy "OUTPUT_DIRECTORY = $tmp/api2" "INPUT += $tmp/undocumented.h" \
    >/dev/null 2>"$tmp/warnings2"
grep -q "undocumented_member" "$tmp/warnings2" ||
    fail "doxygen did not warn about an undocumented member: warnings are not reported"

[ $failures -eq 0 ] || exit 1
echo "api_reference: doxygen $("$DOXYGEN" --version) built the reference without a warning"
