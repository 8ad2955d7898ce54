#!/bin/bash
# bench_coll.sh: the scatter and gather benchmark (make bench-coll): on
# each bed, builds the LMO and Hockney models, then measures over message
# sizes spanning three decades the native MPI_Scatter and MPI_Gather,
# MPIB's linear and binomial ones and the model-based CPM_* ones
# (src/coll, doc/collectives.md), and draws one figure per operation
# (plots/collective.plot). Writes OUT/BED/ and OUT/collectives.md (every
# table, with the commands, the date and the machine's load).
#
#   bench_coll.sh OUT [BED...]
#
# Beds (default: all):
#   smpi-switch16  SMPI, a switch with a private link per host, 16 hosts,
#                  --one-delay (flows out of or into one host share its link)
#   smpi-full16    SMPI, one link per pair, 16 hosts, --one-delay
#   emu8           emulated, 8 hosts: '*=1gbit/0,4-7=200mbit,7=100mbit/0.5ms'
#                  (needs root)
# The beds are those of eval_beds.sh (make eval).
#
# OUT/BED/: models/{Hockney,LMO}.model, observed/OP.out (collective's
# output), figures/{scatter,gather}.{png,pdf}, tables.md, log.txt (every
# command with its wall time and the load average before and after it);
# on the SMPI beds also platform.{xml,hosts,truth}. A bed's directory
# appears only when the bed is complete; OUT/collectives.md at the end.
#
# Environment: top_builddir, top_srcdir (set by make bench-coll);
# COLL_SIZES (sizes per process, comma separated; default 1 KiB .. 1 MiB,
# powers of 2 on the SMPI beds, of 4 on emu8); GNUPLOT (default gnuplot).
set -euo pipefail
prog=bench_coll.sh
die() {
    echo "$prog: $*" >&2
    exit 2
}

[ -n "${top_builddir:-}" ] && [ -n "${top_srcdir:-}" ] ||
    die "top_builddir and top_srcdir must be set (run through make bench-coll)"
[ $# -ge 1 ] && [ -n "$1" ] || die "usage: bench_coll.sh OUT [BED...] (beds: smpi-switch16 smpi-full16 emu8)"
out=$1
shift
beds=("$@")
[ ${#beds[@]} -gt 0 ] || beds=(smpi-switch16 smpi-full16 emu8)
b=$(cd "$top_builddir" 2>/dev/null && pwd) || die "top_builddir '$top_builddir' is not a directory"
src=$(cd "$top_srcdir" 2>/dev/null && pwd) || die "top_srcdir '$top_srcdir' is not a directory"
gnuplot=${GNUPLOT:-gnuplot}

# Check everything before measuring anything.
need_smpi=0 need_emu=0
for bed in "${beds[@]}"; do
    case $bed in
    smpi-switch16 | smpi-full16) need_smpi=1 ;;
    emu8) need_emu=1 ;;
    *) die "unknown bed '$bed' (valid: smpi-switch16 smpi-full16 emu8)" ;;
    esac
done
if [ -n "${COLL_SIZES:-}" ]; then
    [[ $COLL_SIZES =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] ||
        die "COLL_SIZES '$COLL_SIZES' is not a comma-separated list of positive sizes in bytes (e.g. 1024,65536; the figures are log-log)"
fi
need_exe() { [ -x "$1" ] || die "no executable $1 ($2)"; }
if [ $need_smpi = 1 ]; then
    need_exe "$b/cpm-smpi-platform" "make cpm-smpi-platform"
    need_exe "$b/cpm-smpirun" "make cpm-smpirun"
    need_exe "$b/smpi/model" "make smpi-tools"
    need_exe "$b/smpi/collective" "make smpi-tools"
fi
if [ $need_emu = 1 ]; then
    [ "$(id -u)" = 0 ] || die "bed emu8 needs root (emucluster creates network namespaces)"
    need_exe "$b/src/testbeds/emu/emucluster" "make src/testbeds/emu/emucluster"
    need_exe "$b/model" "make model"
    need_exe "$b/collective" "make collective"
fi
command -v "$gnuplot" >/dev/null || die "no gnuplot ('$gnuplot'; set GNUPLOT)"
[ -f "$src/plots/collective.plot" ] || die "no $src/plots/collective.plot"
export CPM_R_DIR=${CPM_R_DIR:-$src/R}
mkdir -p "$out" || die "cannot create directory '$out'"
out=$(cd "$out" && pwd)

scatters=(MPI_Scatter MPIB_Scatter_linear MPIB_Scatter_binomial CPM_Scatter_linear_opt
          CPM_Scatter_binomial_opt CPM_Scatter_binomial_cor CPM_Scatter_binomial)
gathers=(MPI_Gather MPIB_Gather_linear MPIB_Gather_binomial CPM_Gather_linear_opt
         CPM_Gather_binomial_opt CPM_Gather_binomial_cor)
# model_of OP: the model an operation needs, or nothing
model_of() {
    case $1 in
    CPM_*_linear_opt) echo LMO ;;
    CPM_*) echo Hockney ;;
    esac
}

work=""
report=""
cleanup() {
    [ -z "$work" ] || rm -rf "$work"
    [ -z "$report" ] || rm -f "$report"
}
trap cleanup EXIT

# run CMD...: runs CMD with its output to the bed's log, noting its wall
# time and the load average before and after; a failure ends the run.
run() {
    local t0 t1 l0 l1
    l0=$(cut -d' ' -f1-3 /proc/loadavg)
    t0=$(date +%s.%N)
    echo "+ $*" >>"$log"
    if ! "$@" >>"$log" 2>&1; then
        echo "$prog: failed: $*" >&2
        tail -n 15 "$log" >&2
        exit 1
    fi
    t1=$(date +%s.%N)
    l1=$(cut -d' ' -f1-3 /proc/loadavg)
    awk -v t0="$t0" -v t1="$t1" -v l0="$l0" -v l1="$l1" 'BEGIN {
        printf "# wall %.1f s, load average before %s, after %s\n", t1 - t0, l0, l1 }' >>"$log"
    echo "$l0 $l1" | awk '{ print $1; print $4 }' >>"$work/load1.txt"
}

# table TITLE OPS...: the mean times in microseconds per size, one column
# per operation ("*": the 95% confidence interval is wider than 2.5% of
# the mean, i.e. the measurement did not converge within its repetitions).
table() {
    local title=$1 op files=()
    shift
    for op in "$@"; do files+=("$dir/observed/$op.out"); done
    echo "$title"
    echo
    awk -v ops="$*" '
        BEGIN { n = split(ops, op, " ") }
        FNR == 1 { f++ }
        /^#/ { next }
        { if (f == 1) size[++ns] = $1
          t[f, $1] = $2; star[f, $1] = ($5 > 0.025 * $2) ? "*" : "" }
        END {
            printf "| M (bytes) |"; for (k = 1; k <= n; k++) printf " %s |", op[k]; print ""
            printf "|---:|"; for (k = 1; k <= n; k++) printf "---:|"; print ""
            for (i = 1; i <= ns; i++) {
                m = size[i]; printf "| %d |", m
                for (k = 1; k <= n; k++)
                    printf ((k, m) in t) ? " %.1f%s |" : " - |", t[k, m] * 1e6, star[k, m]
                print ""
            }
        }' "${files[@]}"
    echo
}

# speedup TITLE PAIRS...: T(reference) / T(operation) per size, for pairs
# OP/REF ("2.00": the operation takes half the reference's time).
speedup() {
    local title=$1
    shift
    echo "$title"
    echo
    local files=() labels=() p
    for p in "$@"; do
        files+=("$dir/observed/${p%%/*}.out" "$dir/observed/${p##*/}.out")
        labels+=("${p%%/*} vs ${p##*/}")
    done
    awk -v labels="$(printf '%s;' "${labels[@]}")" '
        BEGIN { n = split(labels, lab, ";") - 1 }
        FNR == 1 { f++ }
        /^#/ { next }
        { if (f == 1) size[++ns] = $1; t[f, $1] = $2 }
        END {
            printf "| M (bytes) |"; for (k = 1; k <= n; k++) printf " %s |", lab[k]; print ""
            printf "|---:|"; for (k = 1; k <= n; k++) printf "---:|"; print ""
            for (i = 1; i <= ns; i++) {
                m = size[i]; printf "| %d |", m
                for (k = 1; k <= n; k++) {
                    o = t[2 * k - 1, m]; r = t[2 * k, m]
                    printf (o > 0 && r > 0) ? " %.2f |" : " - |", r / o
                }
                print ""
            }
        }' "${files[@]}"
    echo
}

run_bed() {
    local bed=$1 sizes measure launcher tools spec shown
    dir=$out/$bed
    work=$(mktemp -d "$out/.$bed.XXXXXX")
    log=$work/log.txt
    mkdir "$work/models" "$work/observed" "$work/figures"
    local start load0
    start=$(date -u +%Y-%m-%dT%H:%M:%SZ)
    load0=$(cut -d' ' -f1 /proc/loadavg)
    : >"$log"
    case $bed in
    smpi-*)
        local topo=switch
        [ "$bed" = smpi-full16 ] && topo=full
        sizes=${COLL_SIZES:-1024,2048,4096,8192,16384,32768,65536,131072,262144,524288,1048576}
        measure=(-t global)
        tools=$b/smpi
        run "$b/cpm-smpi-platform" -n 16 -s 1 -t $topo --one-delay -o "$work/platform"
        launcher=("$b/cpm-smpirun" "$work/platform" -np 16)
        shown="${launcher[*]}"
        ;;
    emu8)
        spec='*=1gbit/0,4-7=200mbit,7=100mbit/0.5ms'
        sizes=${COLL_SIZES:-1024,4096,16384,65536,262144,1048576}
        measure=(-t global -R 20)
        tools=$b
        launcher=("$b/src/testbeds/emu/emucluster" -n 8 "$spec" -- mpirun -np 8)
        shown="$b/src/testbeds/emu/emucluster -n 8 '$spec' -- mpirun -np 8"
        ;;
    esac
    # the models as cpm-validate builds them (its --build default)
    local build=("${measure[@]:2}")
    echo "== $bed: ${launcher[*]}" >&2
    local m op
    for m in Hockney LMO; do
        echo "   building $m" >&2
        run "${launcher[@]}" "$tools/model" -M "$m" -s 32768 -m 1048576 "${build[@]}" \
            -o "$work/models/$m.model"
    done
    for op in "${scatters[@]}" "${gathers[@]}"; do
        local args=()
        m=$(model_of "$op")
        [ -z "$m" ] || args=(-M "$m" -i "$work/models/$m.model")
        echo "   measuring $op" >&2
        run "${launcher[@]}" "$tools/collective" -O "$op" "${args[@]}" --sizes "$sizes" \
            "${measure[@]}" -o "$work/observed/$op.out"
    done
    # colours of collective.plot's curves k = 1..7 (the order of the
    # operations above): native black, MPIB blue and green, CPM_*_opt red
    # and orange, _cor grey, the reordered communicator purple; the x range
    # a little wider than the sizes
    local what ops lo hi
    local colours="set linetype 1 lc rgb '#000000'; set linetype 2 lc rgb '#1f5fbf'; \
set linetype 3 lc rgb '#2ca02c'; set linetype 4 lc rgb '#d62728'; set linetype 5 lc rgb '#ff7f0e'; \
set linetype 6 lc rgb '#7f7f7f'; set linetype 7 lc rgb '#9467bd'"
    lo=$(tr , '\n' <<<"$sizes" | sort -g | head -n 1)
    hi=$(tr , '\n' <<<"$sizes" | sort -g | tail -n 1)
    for what in scatter gather; do
        if [ $what = scatter ]; then ops="${scatters[*]}"; else ops="${gathers[*]}"; fi
        run "$gnuplot" -e "$colours; set xrange [$lo/1.3:$hi*1.3]; dir='$work/observed'; \
out='$work/figures'; name='$what'; terms='png pdf'; ops='$ops'; \
title='$bed: $what, root 0, mean times with 95% confidence intervals'" "$src/plots/collective.plot"
    done
    local end loadmax
    end=$(date -u +%Y-%m-%dT%H:%M:%SZ)
    loadmax=$(sort -g "$work/load1.txt" | tail -n 1)
    # the tables, from the work directory (its files are the bed's)
    local final=$dir
    dir=$work
    # paths in the report and the log: relative to the build directory,
    # the bed's directory under its final name
    local rel="s|$work|$final|g; s|$b/||g"
    sed -i "$rel" "$log"
    {
        echo "## $bed"
        echo
        echo "Run $start .. $end, in the build directory. Launcher: \`$shown\`"
        echo "with \`$tools/model -M Hockney|LMO -s 32768 -m 1048576${build[*]:+ ${build[*]}}\`, then"
        echo "\`$tools/collective -O OP [-M MODEL -i MODELFILE] --sizes $sizes ${measure[*]}\`"
        echo "(root 0). 1-minute load average at the start: $load0; highest seen before or"
        echo "after a command: $loadmax (it counts the bed's own processes too)."
        echo
        table "Scatter, mean time (us):" "${scatters[@]}"
        speedup "Scatter, speedup of the model-based operations (T(reference) / T(operation)):" \
            CPM_Scatter_linear_opt/MPI_Scatter CPM_Scatter_linear_opt/MPIB_Scatter_linear \
            CPM_Scatter_binomial_opt/MPI_Scatter CPM_Scatter_binomial_opt/MPIB_Scatter_binomial \
            CPM_Scatter_binomial_opt/CPM_Scatter_binomial_cor CPM_Scatter_binomial/MPIB_Scatter_binomial
        table "Gather, mean time (us):" "${gathers[@]}"
        speedup "Gather, speedup of the model-based operations (T(reference) / T(operation)):" \
            CPM_Gather_linear_opt/MPI_Gather CPM_Gather_linear_opt/MPIB_Gather_linear \
            CPM_Gather_binomial_opt/MPI_Gather CPM_Gather_binomial_opt/MPIB_Gather_binomial \
            CPM_Gather_binomial_opt/CPM_Gather_binomial_cor
    } | sed "$rel" >"$work/tables.md"
    dir=$final
    rm -rf "$dir"
    mv "$work" "$dir"
    work=""
    cat "$dir/tables.md" >>"$report"
}

report=$(mktemp "$out/.collectives.md.XXXXXX")
{
    echo "# Scatter and gather: native, MPIB and model-based"
    echo
    echo "bench_coll.sh $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -n), $(nproc) cores; beds: ${beds[*]}"
    echo
} >"$report"
for bed in "${beds[@]}"; do
    run_bed "$bed"
done
mv "$report" "$out/collectives.md"
report=""
cat "$out/collectives.md"
