#!/bin/bash
# eval_beds.sh: the evaluation of CPM's models on its test beds (make eval).
# For each bed, cpm-validate builds every model, measures p2p, scatter and
# gather at sizes not used for building and compares; on the simulated
# beds the recovered Hockney and LMO parameters are also compared with the
# platform's truth. Writes OUT/BED/ (cpm-validate's directory) and
# OUT/evaluation.md (every summary table, with the commands and the date).
# EVAL_KERNELS=K: the kernels' grid side (default 32; 0: no kernels).
# EVAL_EXPORT=0: no SimGrid exports (default: each bed's models exported
# and its observed runs simulated on them, tests/eval/eval_export.sh).
# EVAL_COLL_TIMING=T: cpm-validate --coll-timing T (default sync).
#
#   eval_beds.sh OUT [BED...]
#
# Beds (default: all):
#   smpi-full16     SMPI, one link per pair, 16 hosts, --one-delay
#   smpi-full16-3d  the same links, three independent host delays (os, ois, or)
#   smpi-switch16   SMPI, a switch with private links, 16 hosts, --one-delay
#   smpi-firstrun16 the simulated cluster of ./quickstart (size segments,
#                   rendezvous) with its options (tests/eval/firstrun_bed.sh)
#   emu4            emulated, 4 hosts: '*=1gbit/0,3=100mbit/0.5ms'
#   emu8            emulated, 8 hosts: '*=1gbit/0,4-7=200mbit,7=100mbit/0.5ms'
#   emu4r2          emu4's links with 2 ranks per host (8 ranks: shared
#                   memory inside a host, TCP between hosts)
#   local4          this machine, 4 processes (oversubscribed)
# Environment (set by make eval): top_builddir, top_srcdir, MPIRUN_LOCAL.
set -euo pipefail
: "${top_builddir:?run through make eval}" "${top_srcdir:?}"
out=${1:?usage: eval_beds.sh OUT [BED...]}
shift
beds=("$@")
[ ${#beds[@]} -gt 0 ] || beds=(smpi-full16 smpi-full16-3d smpi-switch16 smpi-firstrun16 emu4 emu8 emu4r2 local4)
b=$top_builddir
# SUMMA and 2D-wave kernels on a K x K grid (cpm-validate --kernels): the
# concurrent, contending transfers of the evaluation; 0 turns them off
kern=${EVAL_KERNELS:-32}
export CPM_R_DIR=${CPM_R_DIR:-$top_srcdir/R}
export CPM_PLOTS_DIR=${CPM_PLOTS_DIR:-$top_srcdir/plots}
mkdir -p "$out"
report=$out/evaluation.md.tmp
: >"$report"

# truth_errors TRUTH DIR: max relative parameter errors of Hockney, LMO
truth_errors() {
    local truth=$1 dir=$2 m
    echo
    echo "Parameters against the platform's truth (\`tests/smpi/smpi_truth MODEL $truth MODELFILE\`):"
    echo
    echo "| model | parameters | max relative error |"
    echo "|---|---:|---:|"
    for m in Hockney LMO; do
        local lc
        lc=$(echo "$m" | tr 'A-Z' 'a-z')
        "$b/tests/smpi/smpi_truth" "$lc" "$truth" "$dir/models/$m.model" 0.01 >"$dir/truth-$m.txt" 2>&1 || true
        sed -n "s/^ *\([0-9]*\) parameters, max rel err \([^,]*\),.*/| $m | \1 | \2 |/p" "$dir/truth-$m.txt"
    done
}

run_bed() {
    local bed=$1 dir=$out/$1 cmd
    rm -rf "$dir"
    local start
    start=$(date -u +%Y-%m-%dT%H:%M:%SZ)
    case $bed in
    smpi-full16 | smpi-full16-3d | smpi-switch16)
        local topo=full extra=(--one-delay)
        [ $bed = smpi-switch16 ] && topo=switch
        [ $bed = smpi-full16-3d ] && extra=()
        "$b/cpm-smpi-platform" -n 16 -s 1 -t $topo "${extra[@]}" -o "$out/$bed-platform"
        cmd=("$b/cpm-validate" -o "$dir" --kernels "$kern" --tools "$b/smpi" --offline-model "$b/model"
             -- "$b/cpm-smpirun" "$out/$bed-platform" -np 16)
        ;;
    smpi-firstrun16)
        # shellcheck source=tests/eval/firstrun_bed.sh
        . "$top_srcdir/tests/eval/firstrun_bed.sh"
        "$b/cpm-smpi-platform" "${firstrun_platform[@]}" -o "$out/$bed-platform"
        cmd=("$b/cpm-validate" -o "$dir" --tools "$b/smpi" --offline-model "$b/model"
             --truth "$out/$bed-platform.truth" "${firstrun_validate[@]}"
             -- "$b/cpm-smpirun" "$out/$bed-platform" -np "$firstrun_np")
        ;;
    emu4)
        cmd=("$b/cpm-validate" -o "$dir" --kernels "$kern" --measure "-R 20"
             -- "$b/src/testbeds/emu/emucluster" -n 4 '*=1gbit/0,3=100mbit/0.5ms' -- mpirun -np 4)
        ;;
    emu8)
        cmd=("$b/cpm-validate" -o "$dir" --kernels "$kern" --measure "-R 20"
             -- "$b/src/testbeds/emu/emucluster" -n 8 '*=1gbit/0,4-7=200mbit,7=100mbit/0.5ms' -- mpirun -np 8)
        ;;
    emu4r2)
        cmd=("$b/cpm-validate" -o "$dir" --kernels "$kern" --measure "-R 20"
             -- "$b/src/testbeds/emu/emucluster" -n 4 -r 2 '*=1gbit/0,3=100mbit/0.5ms' -- mpirun -np 8)
        ;;
    local4)
        cmd=("$b/cpm-validate" -o "$dir" --kernels "$kern" --measure "-R 20" -- $MPIRUN_LOCAL -np 4)
        ;;
    *)
        echo "eval_beds.sh: unknown bed '$bed'" >&2
        exit 2
        ;;
    esac
    echo "== $bed: ${cmd[*]}" >&2
    cmd=("${cmd[0]}" --coll-timing "${EVAL_COLL_TIMING:-sync}" "${cmd[@]:1}")
    "${cmd[@]}" >/dev/null
    {
        echo "## $bed"
        echo
        echo "Run $start: \`${cmd[*]}\`"
        echo
        sed -n '/^| model/,/^$/p' "$dir/summary.md"
        sed -n '/^Build times/,$p' "$dir/summary.md"
        case $bed in smpi-*) truth_errors "$out/$bed-platform.truth" "$dir" ;; esac
        echo
    } >>"$report"
    [ "${EVAL_EXPORT:-1}" = 0 ] && return 0
    # The models exported as SimGrid platforms, the observed runs again on
    # each export (issue 15); a simulated bed's rendezvous size is passed on
    local rdv=""
    [ -f "$out/$bed-platform.truth" ] &&
        rdv=$(sed -n 's/^rendezvous \([0-9]*\)$/\1/p' "$out/$bed-platform.truth")
    echo "== $bed: SimGrid exports" >&2
    {
        echo "SimGrid exports (\`model --export simgrid${rdv:+ --rendezvous $rdv}\`), each observed run again on the export under cpm-smpirun, against the observation (\`tests/eval/eval_export.sh\`):"
        echo
        EXPORT_RENDEZVOUS=$rdv bash "$top_srcdir/tests/eval/eval_export.sh" "$dir" "$out/$bed-export"
        echo
    } >>"$report"
}

for bed in "${beds[@]}"; do
    run_bed "$bed"
done
mv "$report" "$out/evaluation.md"
cat "$out/evaluation.md"
