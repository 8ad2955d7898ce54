#!/bin/bash
# eval_local.sh: CPM on this machine's own processes, beside NetPIPE
# (make eval-local; doc/results/local.md). Not a test: minutes, and the
# numbers are only meaningful on a machine with nothing else running.
#
#   eval_local.sh OUT
#
# 1. p2p against NetPIPE (Debian netpipe-openmpi, NPopenmpi) on 2 local
#    ranks at 1 B, 1 KiB, 64 KiB and 1 MiB: they alternate, ROUNDS times
#    per size (default 5), and the median of each is compared (one-way time:
#    NetPIPE's time is half its roundtrip, as p2p's T is; read from its
#    throughput column, bits / (t * 2^20) with 6 decimals, as its time
#    column, 8 decimals of seconds, rounds to 10 ns). NetPIPE's
#    time is the fastest of its trials, each a train of ping-pongs timed as
#    a whole; p2p's (default) the median of trains of roundtrips timed as a
#    whole (--train auto); p2p --train 1, CPM 1.0.1's single roundtrips, is
#    run beside them for comparison. Every run is listed too, with the
#    fastest run of each tool compared (a virtual machine's host can run a
#    whole launch at one of two speeds). The p2p outputs are kept in OUT.
# 2. The point-to-point models on NP local ranks for NP = 2 .. MAX_NP
#    (default: the number of cores; more ranks than cores are
#    oversubscribed, where the tools measure one experiment at a time and
#    the ranks in none sleep, doc/measurement.md), in
#    MODEL_ROUNDS rounds (default 3): p2p measured at 24 log-spaced sizes
#    from 1 B to 4 MiB that no default build uses (odd sizes), then each
#    model built with its default sizes and compared with that round's p2p
#    (`model --compare`: mean and max of mu = max(r,e)/min(r,e)); the
#    median over rounds is reported, and beside it the mu of one round's p2p
#    against the next (the host's own drift between runs).
# The 1-minute load average before and after each part is recorded.
# Environment (set by make eval-local): top_builddir; MPIRUN (default
# mpirun, with Open MPI's run-as-root variables when root); ROUNDS;
# MODEL_ROUNDS; MAX_NP; MODELS
# (default "Hockney PLogP LogGP LMO"; LMO needs 3 ranks).
set -euo pipefail
: "${top_builddir:?run through make eval-local}"
out=${1:?usage: eval_local.sh OUT}
b=$top_builddir
rounds=${ROUNDS:-5}
models=${MODELS:-Hockney PLogP LogGP LMO}
command -v NPopenmpi >/dev/null ||
    { echo "eval_local.sh: NPopenmpi not found (Debian package netpipe-openmpi)" >&2; exit 1; }
if [ "$(id -u)" -eq 0 ]; then
    export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
read -r -a mpirun <<<"${MPIRUN:-mpirun}"
cores=$(nproc)
max_np=${MAX_NP:-$cores}
case $max_np in
'' | *[!0-9]*) echo "eval_local.sh: MAX_NP must be a number of ranks >= 2, got '$max_np'" >&2; exit 2 ;;
esac
[ "$max_np" -ge 2 ] || { echo "eval_local.sh: MAX_NP must be >= 2, got $max_np" >&2; exit 2; }
# More ranks than cores (MAX_NP): Open MPI's mpirun refuses them unless told
if [ "$max_np" -gt "$cores" ] && "${mpirun[0]}" --version 2>&1 | grep -q "Open MPI"; then
    mpirun+=(--oversubscribe)
fi
mkdir -p "$out"
work=$(mktemp -d "${TMPDIR:-/tmp}/cpm-eval-local.XXXXXX")
trap 'rm -rf "$work"' EXIT
report=$work/local.md
load() { cut -d' ' -f1 /proc/loadavg; }
median() { sort -g | awk '{v[NR]=$1} END {if (NR % 2) print v[(NR+1)/2]; else printf "%.9g\n", (v[NR/2]+v[NR/2+1])/2}'; }

{
    echo "# CPM on local processes, beside NetPIPE"
    echo
    echo "Measured $(date -u +%Y-%m-%d) on a ${cores}-core $(uname -m) host, $("${mpirun[@]}" --version 2>/dev/null | head -1), with"
    echo
    echo '```sh'
    echo "make eval-local        # tests/eval/eval_local.sh, ROUNDS=$rounds"
    echo '```'
} >"$report"

# --- 1. p2p beside NetPIPE ----------------------------------------------------
echo "eval_local: p2p beside NetPIPE, $rounds rounds" >&2
l0=$(load)
sizes="1 1024 65536 1048576"
rm -f "$out/p2p-netpipe.out" "$out/p2p-train1-netpipe.out"
for r in $(seq "$rounds"); do
    for s in $sizes; do
        (cd "$work" && "${mpirun[@]}" -np 2 NPopenmpi -l "$s" -u "$s" -p 0 -o "np.$s.$r" >/dev/null 2>&1)
        # the time from the throughput column, bits / (t * 2^20), printed
        # with 6 decimals: the time column rounds to the nearest 10 ns
        # (up to 5 ns, 3% of a 1-byte time)
        awk -v s="$s" '$1 == s && $2 > 0 {printf "%.9g\n", 8 * s / ($2 * 1048576)}' "$work/np.$s.$r" >>"$work/np.$s"
        "${mpirun[@]}" -np 2 "$b/p2p" --pair 0,1 --sizes "$s" -o "$work/p2p.$s.$r" 2>/dev/null
        awk -v s="$s" '!/^#/ && $1 == s {print $4}' "$work/p2p.$s.$r" >>"$work/p2p.$s"
        "${mpirun[@]}" -np 2 "$b/p2p" --pair 0,1 --sizes "$s" --train 1 -o "$work/one.$s.$r" 2>/dev/null
        awk -v s="$s" '!/^#/ && $1 == s {print $4}' "$work/one.$s.$r" >>"$work/one.$s"
        cat "$work/p2p.$s.$r" >>"$out/p2p-netpipe.out"
        cat "$work/one.$s.$r" >>"$out/p2p-train1-netpipe.out"
    done
done
l1=$(load)
{
    echo
    echo "## p2p beside NetPIPE (2 ranks, one-way time, median of $rounds alternating runs)"
    echo
    echo "Load average (1 min): $l0 before, $l1 after."
    echo
    echo "| size (B) | NetPIPE (us) | p2p (us) | p2p / NetPIPE | p2p --train 1 (us) | --train 1 / NetPIPE |"
    echo "|---:|---:|---:|---:|---:|---:|"
    for s in $sizes; do
        np=$(median <"$work/np.$s")
        cp=$(median <"$work/p2p.$s")
        c1=$(median <"$work/one.$s")
        awk -v s="$s" -v a="$np" -v c="$cp" -v d="$c1" 'BEGIN {printf "| %d | %.3f | %.3f | %.3f | %.3f | %.3f |\n", s, a*1e6, c*1e6, c/a, d*1e6, d/a}'
    done
    # A virtual machine's host can run a whole launch of either tool at
    # one of two speeds (seen: 1 B at 0.23 or 0.49 us, for both tools):
    # every run is listed, and the fastest of each tool compared too.
    echo
    echo "Every run (us), in the order run, and the fastest of each tool:"
    echo
    echo "| size (B) | NetPIPE runs | p2p runs | fastest NetPIPE | fastest p2p | fastest p2p / fastest NetPIPE |"
    echo "|---:|---|---|---:|---:|---:|"
    runs() { awk '{printf "%s%.3f", (NR > 1 ? ", " : ""), $1 * 1e6}' "$1"; }
    fastest() { sort -g "$1" | head -1; }
    for s in $sizes; do
        awk -v s="$s" -v nr="$(runs "$work/np.$s")" -v pr="$(runs "$work/p2p.$s")" \
            -v a="$(fastest "$work/np.$s")" -v c="$(fastest "$work/p2p.$s")" \
            'BEGIN {printf "| %d | %s | %s | %.3f | %.3f | %.3f |\n", s, nr, pr, a*1e6, c*1e6, c/a}'
    done
} >>"$report"

# --- 2. the models on 2 .. MAX_NP local ranks --------------------------------
# MODEL_ROUNDS rounds (default 3), each: p2p at the unseen sizes, then every
# model built and compared with that round's p2p, so that a model and the
# times it is judged by are measured in the same minute. A host whose speed
# changes between runs (a virtual machine's) moves both; the mean mu of one
# round's p2p against the next round's is that floor, printed beside them.
mrounds=${MODEL_ROUNDS:-3}
unseen=$(awk 'BEGIN {for (k = 0; k < 24; k++) {s = int(exp(log(4194304) * k / 23)); if (s % 2 == 0) s++; printf "%s%d", (k ? "," : ""), s}}')
# obs_mu A B: mean and max of max(a,b)/min(a,b) over the rows of two p2p
# outputs at the same sizes and pairs
obs_mu() {
    awk '!/^#/ && NF >= 4 {k = $1 " " $2 " " $3; if (FNR == NR) a[k] = $4; else if (k in a && a[k] > 0 && $4 > 0) {
             m = a[k] > $4 ? a[k] / $4 : $4 / a[k]; s += m; n++; if (m > x) x = m } }
         END {if (n) printf "%.4f %.4f\n", s / n, x; else print "- -"}' "$1" "$2"
}
{
    echo
    echo "## The point-to-point models, default sizes, compared at 24 unseen sizes (1 B to 4 MiB)"
    echo
    echo "$mrounds rounds; in each, p2p at the unseen sizes, then each model built and compared with that p2p."
    echo "host: the mean / max mu of one round's p2p against the next round's (the same tool, the same sizes)."
    echo
    echo "| ranks | round | model | build (s, wall) | mean mu | max mu | not positive | load before/after |"
    echo "|---:|---:|---|---:|---:|---:|---:|---|"
} >>"$report"
summary=$work/summary
: >"$summary"
for np in $(seq 2 "$max_np"); do
    for r in $(seq "$mrounds"); do
        echo "eval_local: $np ranks, round $r, p2p at unseen sizes" >&2
        "${mpirun[@]}" -np "$np" "$b/p2p" --sizes "$unseen" -o "$work/obs.$np.$r" 2>/dev/null
        cp "$work/obs.$np.$r" "$out/p2p-np$np-r$r.out"
        if [ "$r" -gt 1 ]; then
            read -r hm hx <<<"$(obs_mu "$work/obs.$np.$((r - 1))" "$work/obs.$np.$r")"
            echo "| $np | $((r - 1))-$r | host | | $hm | $hx | | |" >>"$report"
            echo "$np host $hm $hx" >>"$summary"
        fi
        for m in $models; do
            [ "$m" = LMO ] && [ "$np" -lt 3 ] && continue
            echo "eval_local: $np ranks, round $r, $m" >&2
            l0=$(load)
            t0=$(date +%s.%N)
            if ! "${mpirun[@]}" -np "$np" "$b/model" -M "$m" -o "$work/$m.$np.model" 2>"$work/$m.$np.log"; then
                echo "| $np | $r | $m | failed: $(tail -1 "$work/$m.$np.log") | | | | |" >>"$report"
                continue
            fi
            t1=$(date +%s.%N)
            cp "$work/$m.$np.model" "$out/$m-np$np-r$r.model"
            "$b/model" -M "$m" -i "$work/$m.$np.model" --compare "$work/obs.$np.$r" >"$work/cmp.$m.$np" 2>/dev/null || true
            l1=$(load)
            line=$(sed -n 's/.*mean_mu \([^ ]*\) max_mu \([^ ]*\) no_mu \([^ ]*\).*/\1 \2 \3/p' "$work/cmp.$m.$np" | tail -1)
            [ -n "$line" ] || line="- - -"
            echo "$np $m $line" >>"$summary"
            echo "$line" | awk -v np="$np" -v r="$r" -v m="$m" -v t="$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')" -v l="$l0/$l1" \
                '{printf "| %d | %d | %s | %.1f | %s | %s | %s | %s |\n", np, r, m, t, $1, $2, $3, l}' >>"$report"
        done
    done
done
{
    echo
    echo "Median over the rounds (mean mu, max mu):"
    echo
    echo "| ranks | model | median mean mu | median max mu | rounds |"
    echo "|---:|---|---:|---:|---:|"
    awk '$3 != "-" {k = $1 " " $2; n[k]++; a[k, n[k]] = $3; b[k, n[k]] = $4; if (!(k in seen)) {seen[k] = 1; order[++o] = k}}
         function med(arr, k, c,   i, j, t, v) {for (i = 1; i <= c; i++) v[i] = arr[k, i];
             for (i = 1; i <= c; i++) for (j = i + 1; j <= c; j++) if (v[j] < v[i]) {t = v[i]; v[i] = v[j]; v[j] = t}
             return c % 2 ? v[(c + 1) / 2] : (v[c / 2] + v[c / 2 + 1]) / 2}
         END {for (i = 1; i <= o; i++) {k = order[i]; split(k, f, " ");
             printf "| %s | %s | %.4f | %.4f | %d |\n", f[1], f[2], med(a, k, n[k]), med(b, k, n[k]), n[k]}}' "$summary"
} >>"$report"
if [ "$max_np" -lt 3 ]; then
    echo >>"$report"
    echo "With $cores cores, 3 ranks would be oversubscribed: LMO (3 ranks at least) is not measured here (MAX_NP=3 measures them anyway)." >>"$report"
elif [ "$max_np" -gt "$cores" ]; then
    echo >>"$report"
    echo "Rows of more than $cores ranks are oversubscribed (MAX_NP=$max_np): the tools measured one experiment at a time, the ranks in none sleeping." >>"$report"
fi
mv "$report" "$out/local.md"
cat "$out/local.md"
