#!/bin/sh
# unity_source.sh OUT DIR TOP SOURCE...: writes OUT, a C++ source that
# includes (by TOP/SOURCE) each SOURCE that lies directly in DIR, in the
# order given, so that one compilation makes the objects of a whole
# directory (src/unity/local.mk, src/testbeds/smpi/local.mk). OUT is
# replaced only when its text changes, so that its object is not made
# again for nothing. The sources of one directory must not share private
# names (anonymous namespaces, static): the compiler names both on a
# clash.
set -e
out=$1 dir=$2 top=$3
shift 3
tmp=$out.tmp
trap 'rm -f "$tmp"' EXIT
: >"$tmp"
n=0
for s in "$@"; do
    case $s in
    "$dir"/*/*) ;;
    "$dir"/*) printf '#include "%s/%s"\n' "$top" "$s" >>"$tmp"; n=$((n + 1)) ;;
    esac
done
if [ "$n" -eq 0 ]; then
    echo "unity_source.sh: no source of the list lies in $dir (for $out)" >&2
    exit 1
fi
if cmp -s "$tmp" "$out"; then
    rm -f "$tmp"
else
    mv "$tmp" "$out"
fi
