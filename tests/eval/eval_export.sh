#!/bin/bash
# eval_export.sh: the SimGrid exports of a validation's models against the
# validation's own observations (issue 15). Not a test: minutes.
#
#   eval_export.sh VALIDATION_DIR OUT
#
# VALIDATION_DIR is a cpm-validate output directory (models/, observed/).
# Each model of EXPORT_MODELS (default "LMO Hockney PLogP") found in
# models/ is exported (model --export simgrid, with --rendezvous D if
# EXPORT_RENDEZVOUS=D), and every observed run (observed/*.out: p2p, the
# collectives, the kernels) is run again on the export with the command
# its header records (`# command:`), by the SMPI build of the tool under
# cpm-smpirun. Each export run is compared with the observation row by row
# (the columns before T are the key): mean and max of
# mu = max(a, b) / min(a, b). Prints a markdown table on standard output;
# OUT keeps the exports and their runs.
# Environment (as make eval sets it): top_builddir.
set -euo pipefail
: "${top_builddir:?run through make eval (top_builddir)}"
vdir=${1:?usage: eval_export.sh VALIDATION_DIR OUT}
out=${2:?usage: eval_export.sh VALIDATION_DIR OUT}
b=$top_builddir
models=${EXPORT_MODELS:-LMO Hockney PLogP}
rdv=()
[ -n "${EXPORT_RENDEZVOUS:-}" ] && rdv=(--rendezvous "$EXPORT_RENDEZVOUS")
[ -d "$vdir/models" ] && [ -d "$vdir/observed" ] ||
    { echo "eval_export.sh: $vdir is not a cpm-validate directory (models/, observed/)" >&2; exit 2; }
mkdir -p "$out"

# mu OBSERVED EXPORT: "mean max rows" over the rows present in both, the
# key being the columns before T (from the '# columns:' header).
mu() {
    awk '
        /^# columns:/ { if (FNR == NR) for (k = 3; k <= NF; k++) if ($k == "T") tcol = k - 2; next }
        /^#/ { next }
        { key = ""; for (k = 1; k < tcol; k++) key = key " " $k }
        FNR == NR { a[key] = $tcol; next }
        (key in a) && a[key] > 0 && $tcol > 0 {
            m = a[key] > $tcol ? a[key] / $tcol : $tcol / a[key]
            s += m; n++; if (m > w) w = m }
        END { if (n == 0) print "- - 0"; else printf "%.4f %.4f %d\n", s / n, w, n }' "$1" "$2"
}

# rerun OBSERVED EXPORT_DIR RESULT: the observed run's command on the export.
rerun() {
    local cmd tool args=() a next=""
    cmd=$(sed -n 's/^# command: //p' "$1" | head -1)
    read -r -a words <<<"$cmd"
    tool=${words[0]}
    for a in "${words[@]:1}"; do
        case $next in
        o) next=""; continue ;;
        config) args+=("$vdir/observed/$(basename "$a")"); next=""; continue ;;
        esac
        case $a in
        -o) next=o ;;
        --config) args+=("$a"); next=config ;;
        *) args+=("$a") ;;
        esac
    done
    "$b/cpm-smpirun" "$2" "$b/smpi/$tool" "${args[@]}" -o "$3" 2>>"$out/runs.log"
}

echo "| model | observed | rows | mean mu | max mu |"
echo "|---|---|---:|---:|---:|"
for m in $models; do
    f=$vdir/models/$m.model
    [ -f "$f" ] || continue
    x=$out/$m.x
    rm -rf "$x"
    if ! "$b/model" -M "$m" -i "$f" --export simgrid ${rdv[@]+"${rdv[@]}"} -o "$x" 2>"$out/$m.export.log"; then
        echo "| $m | (export refused: $(tail -1 "$out/$m.export.log" | sed 's/|/\\|/g')) | | | |"
        continue
    fi
    for obs in "$vdir"/observed/*.out; do
        name=$(basename "$obs" .out)
        if rerun "$obs" "$x" "$out/$m.$name.out"; then
            read -r mean worst rows <<<"$(mu "$obs" "$out/$m.$name.out")"
            echo "| $m | $name | $rows | $mean | $worst |"
        else
            echo "| $m | $name | (run failed: $out/runs.log) | | |"
        fi
    done
done
