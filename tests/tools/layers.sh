#!/bin/bash
# The layers of the library are enforced by the build: each directory is
# compiled with the include path of its own layer and of the layers below
# it (Makefile.am, INC_*). This test preprocesses every header of the tree
# with each layer's include path: a header of the layer or below must be
# found, a header of a layer above must not (an include that points up a
# layer does not compile). The layers' include paths come from the build
# (tests/layers.env, written by make check).
set -u
: "${top_builddir:?run through make check}"
env=$top_builddir/tests/layers.env
[ -r "$env" ] || { echo "FAIL: $env missing (make check writes it)"; exit 1; }
# shellcheck disable=SC1090
. "$env"
failures=0
checked=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# layer: the directories whose headers it may include (itself and below).
declare -A below=(
    [common]="src/common"
    [stats]="src/common src/stats"
    [rbridge]="src/common src/rbridge"
    [kernels]="src/common src/kernels"
    [benchmark]="src/common src/stats src/kernels benchmark"
    [models]="src/common src/stats src/kernels benchmark src/rbridge src/models"
    [coll]="src/common src/stats src/kernels benchmark src/rbridge src/models src/coll"
    [capi]="src/common src/stats src/kernels benchmark src/rbridge src/models src/coll src/capi"
    [registry]="src/common src/stats src/kernels benchmark src/rbridge src/models src/coll src/registry"
    [tools]="src/common src/stats src/kernels benchmark src/rbridge src/models src/coll src/capi src/registry src/tools"
)
dirs="src/common src/stats src/rbridge src/kernels benchmark src/models src/coll src/capi src/registry src/tools"

# found FLAGS HEADER: whether HEADER (and what it includes) is found.
found() {
    # shellcheck disable=SC2086
    printf '#include "%s"\n' "$2" |
        $CXX -E $BASE $1 -x c++ - -o /dev/null 2>/dev/null
}

for layer in "${!below[@]}"; do
    var=INC_$(echo "$layer" | tr '[:lower:]' '[:upper:]')
    flags=${!var:-}
    [ -n "$flags" ] || { fail "no include path $var in $env"; continue; }
    for d in $dirs; do
        allowed=no
        for a in ${below[$layer]}; do [ "$a" = "$d" ] && allowed=yes; done
        for h in "$top_srcdir/$d"/*.h; do
            name=$(basename "$h")
            checked=$((checked + 1))
            if [ $allowed = yes ]; then
                found "$flags" "$name" || fail "$layer cannot include $d/$name"
            else
                found "$flags" "$name" && fail "$layer can include $d/$name (a layer above it)"
            fi
        done
    done
done
# A negative control: the tools' path finds everything.
found "$INC_TOOLS" model_data.h || fail "the tools cannot include model_data.h"
echo "$checked layer/header pairs checked, $failures failed"
[ $failures -eq 0 ]
