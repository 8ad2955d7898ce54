#!/bin/bash
# The installed tree, used as a user uses it: `make installcheck` after
# `make install` (also run by `make distcheck`; doc/testing.md). From a
# temporary directory outside the source and build trees, with the
# installation's bin/ first on PATH, its pkgconfig/ on PKG_CONFIG_PATH, no
# CPM_R_DIR and no LD_LIBRARY_PATH unless said:
#   - every installed program finds libcpm (libtool's rpath);
#   - `mpirun -np 4 model -M LMO` builds the model, with CPM's R code read
#     from where it was installed; `model -i` reloads it byte for byte and
#     `-E` predicts;
#   - a C program (cpm.h) and a C++ program (model_hockney_build.h)
#     compiled with the MPI compilers and `pkg-config --cflags --libs cpm`
#     run under mpirun, linked with the shared libcpm (found through
#     LD_LIBRARY_PATH for C, an rpath for C++) and with libcpm.a
#     (`pkg-config --static`); the C program builds LMO too;
#   - `man -M MANDIR` finds every installed man page.
# The make rule (tests/install/local.mk) passes the installation
# directories and the configured tools in the environment; MPICC (the MPI
# C compiler) defaults to the C wrapper beside MPICXX (mpicxx.mpich ->
# mpicc.mpich). Prints PASS or FAIL per check; exits with 1 if any failed.
set -u
for v in bindir libdir includedir pkgdatadir mandir VERSION MPICXX top_srcdir \
    abs_top_builddir; do
    [ -n "${!v:-}" ] || { echo "install_tree.sh: $v is not set (run it with make installcheck)" >&2; exit 2; }
done
: "${PKG_CONFIG:=pkg-config}" "${CPM_HAVE_R:=yes}" "${MPIEXEC:=mpirun}"
export MPIEXEC
mpirun_local="$top_srcdir/tests/mpirun-local"
here=$(cd "$(dirname "$0")" && pwd)

failures=0
checks=0
pass() { checks=$((checks + 1)); echo "PASS: $*"; }
fail() { checks=$((checks + 1)); failures=$((failures + 1)); echo "FAIL: $*"; }
finish() {
    if [ "$failures" -eq 0 ]; then
        echo "install_tree: all $checks checks passed"
        exit 0
    fi
    echo "install_tree: $failures of $checks checks failed"
    exit 1
}

if [ -n "${DESTDIR:-}" ]; then
    echo "install_tree.sh: DESTDIR is set: the tree was not installed where it will run" >&2
    exit 2
fi
if [ ! -x "$bindir/model" ]; then
    echo "install_tree.sh: no $bindir/model: run make install first" >&2
    exit 2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cpm-installcheck.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 2
unset CPM_R_DIR CPM_PLOTS_DIR LD_LIBRARY_PATH
export PATH="$bindir:$PATH"
export PKG_CONFIG_PATH="$libdir/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
export MANPAGER=cat PAGER=cat MANWIDTH=80
run() { timeout 600 "$mpirun_local" "$@"; }

# --- The installation itself ----------------------------------------------
case "$(cd "$bindir" && pwd -P)/" in
"$(cd "$abs_top_builddir" && pwd -P)"/*)
    fail "the prefix lies in the build tree ($bindir): its programs would read the source tree's R code; install elsewhere" ;;
*) pass "the installed programs lie outside the build tree" ;;
esac
missing=
for f in "$includedir/cpm/cpm.h" "$includedir/cpm/cpm_coll.h" \
    "$includedir/cpm/model_hockney_build.h" "$libdir/pkgconfig/cpm.pc" \
    "$pkgdatadir/R/cpm_breakpoints.R" "$pkgdatadir/plots/model.plot" \
    "$bindir/cpm-validate"; do
    [ -f "$f" ] || missing="$missing $f"
done
[ -z "$missing" ] && pass "headers, cpm.pc, R code, plots installed" ||
    fail "not installed:$missing"
shared=no static=no
[ -e "$libdir/libcpm.so" ] && shared=yes
[ -e "$libdir/libcpm.a" ] && static=yes
[ $shared = yes ] || echo "note: no $libdir/libcpm.so (configured --disable-shared?): shared links not tested"
[ $static = yes ] || echo "note: no $libdir/libcpm.a (configured --disable-static?): static links not tested"
[ $shared = yes ] || [ $static = yes ] || fail "neither libcpm.so nor libcpm.a in $libdir"

# Every installed program starts without LD_LIBRARY_PATH: ldd finds all
# its libraries, libcpm (for those linked with it) in the installation.
for p in "$bindir"/*; do
    [ "$(head -c 4 "$p" | tail -c 3)" = ELF ] || continue
    out=$(ldd "$p" 2>&1)
    if echo "$out" | grep -q "not found"; then
        fail "$(basename "$p"): ldd: $(echo "$out" | grep "not found" | tr '\n' ' ')"
    elif readelf -d "$p" | grep NEEDED | grep -q libcpm &&
        ! echo "$out" | grep -q -F "$libdir/libcpm.so"; then
        fail "$(basename "$p") does not load $libdir/libcpm.so: $(echo "$out" | grep libcpm)"
    else
        pass "$(basename "$p") finds its libraries"
    fi
done

# --- model -M LMO under mpirun, R code from the installation ---------------
fast="-s 2048 -m 40960 -r 3 -R 10"
if [ "$CPM_HAVE_R" = yes ]; then
    M=LMO
    # The compiled-in R directory is the installed one (the programs read it
    # when CPM_R_DIR is unset and they are not in the build tree).
    lib=$libdir/libcpm.so
    [ -e "$lib" ] || lib=$bindir/model
    if grep -a -q -F "$pkgdatadir/R" "$lib"; then
        pass "libcpm looks for its R code in $pkgdatadir/R"
    else
        fail "libcpm does not name $pkgdatadir/R"
    fi
else
    # Built without R: LMO says so, Hockney stands in for the rest.
    if run -np 3 model -M LMO $fast -o lmo.out 2>err.txt; then
        fail "model -M LMO succeeded although CPM was built without R"
    elif grep -q "without R" err.txt; then
        pass "model -M LMO: built without R, says so"
    else
        fail "model -M LMO without R: $(cat err.txt)"
    fi
    M=Hockney
fi
out=$(echo "$M" | tr 'A-Z' 'a-z').out
if run -np 4 model -M $M $fast -o "$out" 2>err.txt; then
    if grep -q "^model $M$" "$out" && grep -q '^n 4$' "$out" && [ "$(tail -1 "$out")" = end ]; then
        pass "mpirun -np 4 model -M $M"
    else
        fail "mpirun -np 4 model -M $M: malformed $out"
    fi
else
    fail "mpirun -np 4 model -M $M: exit status $?: $(tail -3 err.txt)"
fi
if [ -f "$out" ]; then
    if model -M $M -i "$out" -o again.out && cmp -s "$out" again.out; then
        pass "model -M $M -i: saved again byte for byte"
    else
        fail "model -M $M -i $out -o again.out: differs or failed"
    fi
    model -M $M -i "$out" -E p2p --pair 0,3 --sizes 0,1024,65536 >p2p.pred 2>err.txt
    # a time > 0, or nan after its "# not a time" line (a model measured on
    # an oversubscribed machine may have negative estimates)
    if awk '/^# not a time at M=/ { why++ }
            !/^#/ { rows++
                    if ($2 == "nan") nan++
                    else if (!($2 == $2 + 0) || $2 == "inf" || $2 + 0 <= 0) bad++ }
            END { exit !(rows == 3 && bad == 0 && nan == why) }' p2p.pred; then
        pass "model -M $M -i -E p2p"
    else
        fail "model -M $M -i -E p2p: $(cat p2p.pred err.txt)"
    fi
    model -M $M -i "$out" -E scatter --root 0 -s 1024 -m 4096 >scatter.pred 2>err.txt
    [ "$(grep -vc '^#' scatter.pred)" -eq 5 ] && pass "model -M $M -i -E scatter" ||
        fail "model -M $M -i -E scatter: $(cat scatter.pred err.txt)"
fi

# --- Programs compiled against the installation -----------------------------
# MPICXX may carry flags (configure's CXX: "mpicxx -std=c++17").
read -r -a cxx <<<"$MPICXX"
if [ -z "${MPICC:-}" ]; then
    d=$(dirname "${cxx[0]}") b=$(basename "${cxx[0]}")
    b=$(echo "$b" | sed 's/mpicxx/mpicc/; s/mpic++/mpicc/; s/mpiCC/mpicc/')
    [ "$d" = . ] && MPICC=$b || MPICC=$d/$b
fi
read -r -a cc <<<"$MPICC"
for c in "${cc[0]}" "${cxx[0]}" "$PKG_CONFIG"; do
    command -v "$c" >/dev/null || fail "no $c (MPICC=, MPICXX=, PKG_CONFIG= name them)"
done
if [ "$($PKG_CONFIG --modversion cpm 2>&1)" = "$VERSION" ]; then
    pass "pkg-config finds cpm $VERSION"
else
    fail "pkg-config --modversion cpm: $($PKG_CONFIG --modversion cpm 2>&1)"
fi
cflags=$($PKG_CONFIG --cflags cpm)
libs=$($PKG_CONFIG --libs cpm)
static_libs=$($PKG_CONFIG --static --libs cpm)
# libcpm.a rather than libcpm.so, where both are installed.
static_libs=${static_libs/-lcpm/-Wl,-Bstatic -lcpm -Wl,-Bdynamic}
cp "$here/hello_capi.c" "$here/hello_cxx.cpp" .
lmo_arg=
[ "$CPM_HAVE_R" = yes ] && lmo_arg=lmo

# try NAME NP COMMAND... : compiles with COMMAND (output NAME), checks
# how it links libcpm, runs it at NP processes.
try() {
    local name=$1 np=$2 kind
    shift 2
    case $name in *static*) kind=static ;; *) kind=shared ;; esac
    if ! "$@" -o "$name" >build.txt 2>&1; then
        fail "$name: compile: $* : $(cat build.txt)"
        return
    fi
    local needed
    needed=$(readelf -d "$name" 2>/dev/null | grep NEEDED | grep -c libcpm)
    if [ $kind = static ] && [ "$needed" -ne 0 ]; then
        fail "$name: linked against libcpm.so, not libcpm.a"
        return
    elif [ $kind = shared ] && [ "$needed" -eq 0 ]; then
        fail "$name: not linked against libcpm.so"
        return
    fi
    if [ $kind = shared ] && ! ldd "$name" | grep -q -F "$libdir/libcpm.so"; then
        fail "$name: ldd: libcpm not from $libdir: $(ldd "$name" | grep libcpm)"
        return
    fi
    if run -np "$np" "./$name" $lmo_arg >run.txt 2>&1 && grep -q ": ok$" run.txt; then
        pass "$name ($kind) under mpirun -np $np: $(grep -v ': ok$' run.txt | head -2 | tr '\n' ' ')"
    else
        fail "$name under mpirun -np $np: $(tail -5 run.txt)"
    fi
}
if [ $shared = yes ]; then
    # C: libcpm found at run time through LD_LIBRARY_PATH
    LD_LIBRARY_PATH=$libdir try hello_c 4 "${cc[@]}" -std=c99 -Wall hello_capi.c $cflags $libs
    # C++: through an rpath
    try hello_cxx 3 "${cxx[@]}" -std=c++17 -Wall hello_cxx.cpp $cflags $libs \
        -Wl,-rpath,"$($PKG_CONFIG --variable=libdir cpm)"
fi
if [ $static = yes ]; then
    try hello_c_static 4 "${cc[@]}" -std=c99 -Wall hello_capi.c $cflags $static_libs
    try hello_cxx_static 3 "${cxx[@]}" -std=c++17 -Wall hello_cxx.cpp $cflags $static_libs
fi

# --- Man pages -------------------------------------------------------------
if ! command -v man >/dev/null; then
    fail "no man command to read the installed pages (Debian: man-db)"
else
    pages=$(cd "$mandir/man1" 2>/dev/null && ls *.1 2>/dev/null | sed 's/\.1$//')
    for want in p2p collective model kernel cpm-kernel-config cpm-validate; do
        echo "$pages" | grep -qx "$want" || fail "man page $want.1 not installed in $mandir/man1"
    done
    for p in $pages; do
        where=$(man -M "$mandir" -w "$p" 2>&1)
        text=$(man -M "$mandir" "$p" 2>/dev/null)
        if [ "$where" = "$mandir/man1/$p.1" ] && echo "$text" | grep -q "^NAME" &&
            echo "$text" | grep -q -F "$p"; then
            pass "man -M $mandir $p"
        else
            fail "man -M $mandir $p: found '$where'; $(echo "$text" | head -3)"
        fi
    done
fi

finish
