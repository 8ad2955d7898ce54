#!/bin/bash
# Benchmark (not a test): what building each model costs. For every n, on
# a simulated cluster written by cpm-smpi-platform (topology full, seed
# $CPM_BENCH_SEED, default 1, default ranges), the SMPI build of the model
# tool (smpi/model) builds Hockney, LMO, PLogP and LogGP (and, if
# CPM_BENCH_MODELS names them, HLogGP and taulop) with the same options,
# with the experiments in parallel rounds (-p 1) and one at a time
# (-p 0), and in parallel with the rounds of before list scheduling
# (-p 1 with CPM_SCHEDULE=rounds, rows "-p r"; CPM_BENCH_ROUNDS=0: not),
# with each model's default sizes (no size option: the adaptive sweeps of
# Hockney, LMO and HLogGP, PLogP's log plan, tau-Lop's refined sizes),
# or with CPM_BENCH_SIZES=explicit
#   Hockney, LMO, taulop   -s 32768 -m 1048576   (33 sizes, 0 to 1 MiB)
#   PLogP, LogGP, HLogGP   --sizes 1,1024,8192,65536,262144,1048576
#                          (0 added)
# (the sizes of the 2026-11-23 record);
# default precision (-r 5 -R 100 -c 0.95 -e 0.025). Per (model, n, -p) it
# reports
#   - the simulated build time: "measured build-time" of the model file,
#     MPI_Wtime on rank 0 around the build, i.e. what the build would take
#     on a real cluster with the platform's parameters;
#   - the wall time and the CPU time (user + sys) of the simulation: bash's
#     `time` around cpm-smpirun, which counts every process it waited for
#     (smpirun and the simulator). Under SMPI all n ranks run in ONE
#     process, so this is the CPU time of the whole simulated run, not of a
#     rank;
#   - the number of experiments, derived from the code (the functions
#     below say how);
#   - for n <= $CPM_BENCH_COUNT_MAX_N (default 16): the repetitions and
#     messages counted in a second, traced run of the same command
#     (SimGrid's time-independent trace, one line per MPI call per rank;
#     the counting run is not timed).
# For LMO it also times the two sweeps alone (smpi/collective with
# MPIB_Scatter_linear and MPIB_Gather_linear over the same sizes, the same
# measure_collective calls as the build), and for Hockney it computes from
# the truth file the work of 6 repetitions per experiment (5 timed, 1
# warm-up), the
# lower bound of -p 1 it implies (per size, the busiest process) and so
# the best speed-up -p 1 can have.
#
# usage: bench_model_cost.sh [N...]          (default: 4 8 16)
#   make bench-models                        (BENCH_MODEL_SIZES="4 8 16")
#   make bench-models BENCH_MODEL_SIZES="4 8 16 64"
# Duration on a 2-core machine with little other load: about 1.5 min for
# 4 8 16 (counting runs included), and 16 min more for 64 (LMO alone
# about 4.5 min per -p; no counting runs at 64).
# environment: SMPIRUN, top_builddir, top_srcdir (make bench-models sets
#   them); CPM_R_DIR (default $top_srcdir/R: LMO's R code);
#   CPM_BENCH_MODELS (default "Hockney LMO PLogP LogGP");
#   CPM_BENCH_SEED (default 1); CPM_BENCH_COUNT_MAX_N (default 16, 0: no
#   counting runs); CPM_BENCH_ROUNDS (default 1: also the -p r runs);
#   CPM_BENCH_SIZES (default: the models' default sizes; explicit: the
#   lists above; the experiments derived from the code, Hockney's bound
#   from the truth and LMO's sweeps alone need explicit sizes).
# Writes a markdown report on stdout, progress on stderr. Results and the
# analysis: doc/results/model-cost.md.
set -u

if [ -z "${SMPIRUN:-}" ]; then
    echo "SimGrid SMPI not found: install libsimgrid-dev and run configure again" >&2
    exit 1
fi
b=${top_builddir:?}
src=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
for p in "$b/cpm-smpi-platform" "$b/cpm-smpirun" "$b/smpi/model" \
         "$b/smpi/collective"; do
    [ -x "$p" ] || { echo "bench_model_cost.sh: $p is not built (make smpi-tools)" >&2; exit 1; }
done
export CPM_R_DIR=${CPM_R_DIR:-$src/R}
sizes=${*:-4 8 16}
models=${CPM_BENCH_MODELS:-Hockney LMO PLogP LogGP}
seed=${CPM_BENCH_SEED:-1}
count_max=${CPM_BENCH_COUNT_MAX_N:-16}
schedules="1 0"
[ "${CPM_BENCH_ROUNDS:-1}" = 1 ] && schedules="1 r 0"
for n in $sizes; do
    case $n in
    '' | *[!0-9]*) echo "bench_model_cost.sh: bad size '$n'" >&2; exit 1 ;;
    esac
    [ "$n" -ge 3 ] || { echo "bench_model_cost.sh: size $n < 3 (LMO needs 3)" >&2; exit 1; }
done
for m in $models; do
    case $m in
    Hockney | LMO | PLogP | LogGP | HLogGP | taulop) ;;
    *) echo "bench_model_cost.sh: unknown model '$m'" >&2; exit 1 ;;
    esac
done

size_mode=${CPM_BENCH_SIZES:-default}
case $size_mode in
default) HL_OPTS="" PL_OPTS="" ;;
explicit)
    HL_OPTS="-s 32768 -m 1048576"
    PL_OPTS="--sizes 1,1024,8192,65536,262144,1048576"
    ;;
*) echo "bench_model_cost.sh: CPM_BENCH_SIZES must be default or explicit, got '$size_mode'" >&2; exit 1 ;;
esac
HL_NSIZES=33 # 0, 32768, ..., 1048576
PL_NSIZES=7  # 0 (added by the builder) and the 6 sizes
TRACE_CFG="--cfg=tracing:yes --cfg=tracing/smpi:yes --cfg=tracing/smpi/format:TI"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cpm-bench-models.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT

opts_of() {
    case $1 in
    Hockney | LMO | taulop) echo "$HL_OPTS" ;;
    *) echo "$PL_OPTS" ;;
    esac
}

# The experiments a build makes, from the code:
#   Hockney (model_hockney_build.cpp): one measure_roundtrips batch per
#     size, C(n,2) roundtrips each.
#   LMO (model_lmo_build.cpp): the two sweeps (one measure_collective per
#     size, each 1 warm-up + its repetitions), then C(n,2) empty
#     roundtrips, 3 C(n,3) empty one-to-two (a triplet's three roots), and
#     at the p2p size M 3 C(n,3) one-to-two + 6 C(n,3) one-to-one
#     (benchmark_p2p.cpp, measure_triplets). Bisection for M1 adds gather
#     measurements only if the gather times jump tenfold (reported).
#   PLogP, LogGP (model_plogp_build.cpp, benchmark_plogp.cpp): per pair
#     and size (0 added) one experiment of three measurements: RTT and os
#     (one loop), or (each repetition waits 2 RTT + 10 us), g (the train
#     length k searched with pairs of trains of k, then repetitions of
#     trains of k and 2k). LogGP makes exactly PLogP's measurements.
# Prints: experiments, p2p experiments, a description.
experiments() {
    if [ "$size_mode" = default ]; then # chosen from the data
        echo "- - default_sizes"
        return
    fi
    case $1 in
    HLogGP | taulop) echo "- - not_derived"; return ;;
    esac
    awk -v m="$1" -v n="$2" -v hs="$HL_NSIZES" -v ps="$PL_NSIZES" 'BEGIN {
        c2 = n * (n - 1) / 2; c3 = n * (n - 1) * (n - 2) / 6
        if (m == "Hockney") {
            printf "%d %d %d_sizes_x_C(n,2)_roundtrips\n", hs * c2, hs * c2, hs
        } else if (m == "LMO") {
            p = c2 + 12 * c3
            printf "%d %d 2x%d_collective+C(n,2)+3C(n,3)+9C(n,3)\n", p + 2 * hs, p, hs
        } else {
            printf "%d %d %d_sizes_x_C(n,2)_x_(RTT/os,or,g)\n", ps * c2, ps * c2, ps
        }
    }'
}

# Counts, from a time-independent trace (one file per rank, lines
# "RANK ACTION PEER TAG SIZE ..."), what the build did. Tags: 7201 data,
# 7202 stop, 7203 ready (benchmark_p2p.cpp); 7301 the linear
# scatter/gather of the sweeps (rank 0 isends/irecvs one per peer); 7302
# RTT, 7303 or, 7304 train, 7305 last of a train, 7306 stop
# (benchmark_plogp.cpp).
# Prints "key=value" fields.
count_trace() { # family nranks trace-files...
    local family=$1 n=$2
    shift 2
    awk -v fam="$family" -v n="$n" '
    FNR == 1 { prev = "" }
    {
        a = $2; t = $4; line = a " " t
        if (a == "send" || a == "isend") msgs++
        if (fam == "p2p") {
            if (a == "send" && t == 7201) s7201++
            if (a == "isend" && t == 7201) i7201++
            # what follows the ready message tells the experiment
            if (prev == "recv 7203" && line == "send 7201") rt_exp++
            if (prev == "recv 7203" && a == "irecv" && t == 7201) o2t_exp++
            if ($1 == 0 && a == "isend" && t == 7301) sc++
            if ($1 == 0 && a == "irecv" && t == 7301) ga++
        } else {
            if (a == "send" && t == 7302) rtt++
            if (a == "send" && t == 7303) orr++
            if (a == "send" && t == 7304) len[$3]++
            if (a == "send" && t == 7305) {
                L[++nt] = len[$3] + 1; len[$3] = 0; trains++
            }
            if (a == "send" && t == 7306) { # the experiment is over
                exps++; mx = 0; c = 0
                for (q = 1; q <= nt; ++q) if (L[q] > mx) mx = L[q]
                for (q = 1; q <= nt; ++q) if (L[q] == mx) c++
                g += c; search += nt - 2 * c; nt = 0
            }
        }
        prev = line
    }
    END {
        if (fam == "p2p") {
            rt = (s7201 - i7201) / 2; o2t = i7201 / 2
            printf "rt_exp=%d rt_reps=%d o2t_exp=%d o2t_reps=%d scatter_runs=%d gather_runs=%d msgs=%d\n",
                rt_exp, rt, o2t_exp, o2t, sc / (n - 1), ga / (n - 1), msgs
        } else {
            printf "exps=%d rtt_reps=%d or_reps=%d g_reps=%d search_trains=%d trains=%d msgs=%d\n",
                exps, rtt, orr, g, search, trains, msgs
        }
    }' "$@"
}

field() { # key "k=v k=v ..."
    echo "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"
}

# Hockney from the truth: work of 6 repetitions of every roundtrip (the
# default 5 timed and 1 warm-up, Precision::warmup)
# (M bytes each way: os_i + L + (M+16)/B + or_j, and back), the -p 1 lower
# bound (per size, the largest sum over one process's pairs; sizes are
# separate batches) and their ratio. Prints "work bound".
hockney_truth() { # truth-file
    awk -v step=32768 -v max=1048576 -v reps=6 '
    $1 == "hosts" { n = $2 }
    $1 == "host" { Cos[$2] = $4; tos[$2] = $5; Cor[$2] = $8; tor[$2] = $9 }
    $1 == "link" { ++np; I[np] = $2; J[np] = $3; Lat[np] = $4; B[np] = $5 }
    END {
        for (M = 0; M <= max; M += step) {
            delete load
            for (e = 1; e <= np; ++e) {
                i = I[e]; j = J[e]
                rt = Cos[i] + tos[i] * M + Lat[e] + (M + 16) / B[e] + Cor[j] + tor[j] * M \
                   + Cos[j] + tos[j] * M + Lat[e] + (M + 16) / B[e] + Cor[i] + tor[i] * M
                w = reps * rt; work += w; load[i] += w; load[j] += w
            }
            mx = 0
            for (p = 0; p < n; ++p) if (load[p] > mx) mx = load[p]
            bound += mx
        }
        printf "%.6g %.6g\n", work, bound
    }' "$1"
}

loadavg() { cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo "?"; }

# Runs a command under bash's time; sets WALL USER SYS. Output of the
# command goes to $tmp/out and $tmp/err.
timed() {
    local TIMEFORMAT='%3R %3U %3S' t
    t=$( { time "$@" > "$tmp/out" 2> "$tmp/err"; } 2>&1 ) || return 1
    read -r WALL USER SYS <<< "$t"
}

start=$(date -u '+%Y-%m-%d %H:%M UTC')
t_all0=$(date +%s)
: > "$tmp/rows"
: > "$tmp/counts"
: > "$tmp/sweeps"
: > "$tmp/truth"
: > "$tmp/walls"
: > "$tmp/busiest"
for n in $sizes; do
    plat=$tmp/c$n
    "$b/cpm-smpi-platform" --hosts "$n" --seed "$seed" --topology full \
        --prefix "$plat" > /dev/null || exit 1
    t_n0=$(date +%s)
    for m in $models; do
        opts=$(opts_of "$m")
        read -r exps p2pexps _ <<< "$(experiments "$m" "$n")"
        for p in $schedules; do
            echo "bench_model_cost.sh: $m n=$n -p $p ..." >&2
            load=$(loadavg)
            # p = r: -p 1 with CPM_SCHEDULE=rounds, the rounds without
            # durations (the schedule before list scheduling)
            pp=$p sched=
            [ "$p" = r ] && pp=1 sched=rounds
            # shellcheck disable=SC2086
            if ! CPM_SCHEDULE=$sched timed "$b/cpm-smpirun" "$plat" \
                    "$b/smpi/model" -M "$m" $opts -p "$pp" -v \
                    --warnings "$tmp/warnings" -o "$tmp/model"; then
                cat "$tmp/err" >&2
                echo "bench_model_cost.sh: $m n=$n -p $p failed" >&2
                exit 1
            fi
            bt=$(sed -n 's/^measured build-time \([^ ]*\) s$/\1/p' "$tmp/model")
            [ -n "$bt" ] || { echo "bench_model_cost.sh: no build-time in the $m model" >&2; exit 1; }
            extra=-
            if [ "$m" = LMO ]; then
                ps=$(sed -n 's/^measured p2p-size //p' "$tmp/model")
                S=$(sed -n 's/^S //p' "$tmp/model")
                esc=$(grep -c 'escalation between' "$tmp/err")
                extra="p2p-size=$ps,S=${S:-none},bisections=$esc"
            fi
            bw=$(sed -n 's/^measured busiest-work \([^ ]*\) s$/\1/p' "$tmp/model")
            echo "$m $n $p ${bw:--}" >> "$tmp/busiest"
            warn=$(wc -l <"$tmp/warnings")
            echo "$m $n $p $exps $p2pexps $bt $WALL $USER $SYS $load $warn $extra" >> "$tmp/rows"
            echo "bench_model_cost.sh: $m n=$n -p $p: build-time $bt s, wall $WALL s, cpu $USER + $SYS s" >&2
            # (the traces are counted for the four models whose
            # experiments count_trace knows)
            case $m in HLogGP | taulop) counted=0 ;; *) counted=1 ;; esac
            if [ "$counted" = 1 ] && [ "$n" -le "$count_max" ] && [ "$p" != r ]; then
                mkdir -p "$tmp/tr" && rm -rf "$tmp/tr"/*
                # shellcheck disable=SC2086
                if ! (cd "$tmp/tr" && "$b/cpm-smpirun" $TRACE_CFG \
                        "--cfg=tracing/filename:$tmp/tr/t" "$plat" \
                        "$b/smpi/model" -M "$m" $opts -p "$p" \
                        -o "$tmp/tr/model" > /dev/null 2> "$tmp/tr/err"); then
                    cat "$tmp/tr/err" >&2
                    echo "bench_model_cost.sh: traced $m n=$n -p $p failed" >&2
                    exit 1
                fi
                bt2=$(sed -n 's/^measured build-time \([^ ]*\) s$/\1/p' "$tmp/tr/model")
                case $m in Hockney | LMO) fam=p2p ;; *) fam=plogp ;; esac
                c=$(count_trace "$fam" "$n" "$tmp/tr/t_files"/*)
                echo "$m $n $p $bt2 $c" >> "$tmp/counts"
            fi
        done
    done
    case "$size_mode $models " in
    "explicit "*" LMO "*)
        # The sweeps alone: the same measure_collective calls as LMO's
        # steps 1 (one-to-many) and 2 (many-to-one).
        for op in MPIB_Scatter_linear MPIB_Gather_linear; do
            # shellcheck disable=SC2086
            timed "$b/cpm-smpirun" "$plat" "$b/smpi/collective" -O "$op" \
                $HL_OPTS -o "$tmp/coll" || { cat "$tmp/err" >&2; exit 1; }
            tt=$(sed -n 's/^# total benchmarking time: \([^ ]*\) s$/\1/p' "$tmp/coll")
            reps=$(awk '!/^#/ { r += $4 } END { print r }' "$tmp/coll")
            echo "$n $op $tt $reps $WALL $USER $SYS" >> "$tmp/sweeps"
        done
        ;;
    esac
    case "$size_mode $models " in
    "explicit "*" Hockney "*) echo "$n $(hockney_truth "$plat.truth")" >> "$tmp/truth" ;;
    esac
    echo "$n $(( $(date +%s) - t_n0 ))" >> "$tmp/walls"
done
t_all=$(( $(date +%s) - t_all0 ))

echo "## Measured $start"
echo
echo "Command: \`tests/eval/bench_model_cost.sh $sizes\` (\`make bench-models"
echo "BENCH_MODEL_SIZES=\"$sizes\"\`), models: $models; on $(uname -srm),"
echo "$(nproc) cores ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)),"
echo "$($SMPIRUN -version 2>&1 | head -1). Total wall time of the script: $t_all s."
echo "Platforms: \`cpm-smpi-platform --hosts N --seed $seed --topology full\`"
echo "(default ranges). Run with \`cpm-smpirun PREFIX smpi/model -M MODEL OPTS -p P -v\`,"
if [ "$size_mode" = default ]; then
    echo "OPTS empty: each model's default sizes (CPM_BENCH_SIZES=default),"
else
    echo "OPTS \`$HL_OPTS\` (Hockney, LMO, taulop) or \`$PL_OPTS\` (PLogP, LogGP, HLogGP),"
fi
echo "default precision; cpm-smpirun's settings:"
echo "\`$("$b/cpm-smpirun" --settings | tr '\n' ' ' | sed 's/ $//')\`."
echo
echo "Build time: simulated seconds (\`measured build-time\` of the model file)."
echo "Wall and CPU (user + sys): of the simulation, all n ranks in one process."
echo "Load: the machine's 1-minute load average when the run started."
echo "Experiments: derived from the code (for LMO each size of each sweep"
echo "counts as one; - with the default sizes, which the data choose: the"
echo "counted ones are in the raw counts below). Reps: counted in a traced rerun of the same command"
echo "(n <= $count_max): timed repetitions of all experiments (LMO: the sweeps'"
echo "warm-up runs not included, and with the default sizes none of the sweeps' runs; PLogP, LogGP: RTT/os + or + g, a g repetition"
echo "being two trains, the trains of the search for k not included)."
echo
echo "| model | n | -p | experiments | reps (counted) | build time (s, simulated) | wall (s) | CPU user+sys (s) | load |"
echo "|---|---|---|---|---|---|---|---|---|"
# Reps: roundtrip + one-to-two repetitions; for LMO also the sweeps' timed
# runs (one warm-up per measure_collective call, i.e. per size, taken off;
# a bisection for M1 would add calls: the raw rows say if one happened);
# for PLogP and LogGP the RTT/os, or and g repetitions (a g repetition is
# two trains; the search for k is not counted).
hs=$HL_NSIZES
[ "$size_mode" = default ] && hs=0 # LMO: the sweeps' runs not counted
awk -v hs="$hs" 'FILENAME == ARGV[1] {
        delete v
        for (k = 5; k <= NF; ++k) { split($k, kv, "="); v[kv[1]] = kv[2] }
        if ($1 == "Hockney" || $1 == "LMO") {
            r = v["rt_reps"] + v["o2t_reps"]
            if ($1 == "LMO" && hs > 0) r += v["scatter_runs"] + v["gather_runs"] - 2 * hs
        } else {
            r = v["rtt_reps"] + v["or_reps"] + v["g_reps"]
        }
        reps[$1 " " $2 " " $3] = r; next
     }
     {
        key = $1 " " $2 " " $3
        rp = (key in reps) ? reps[key] : "-"
        printf "| %s | %d | %s | %s | %s | %.4g | %.2f | %.2f | %s |\n",
            $1, $2, $3, $4, rp, $6, $7, $8 + $9, $10
     }' "$tmp/counts" "$tmp/rows"
echo
echo "Parallel rounds: speed-up of -p 1 over -p 0 in simulated build time,"
echo "and the ratio of CPU times (-p 0 / -p 1)."
echo
echo "ideal = floor(n/2) for pairs, floor(n/3) for LMO (its triplets; its"
echo "sweeps and empty roundtrips are not counted apart); speed-up / ideal"
echo "is the fraction of it reached (the target is 0.8, or -p 1 within 1.25"
echo "times the bound from the truth, below, for Hockney)."
echo
echo "-p r: the rounds without durations (CPM_SCHEDULE=rounds), i.e. the"
echo "schedule before list scheduling, for comparison (- if not run)."
echo
echo "| model | n | T -p 0 (s) | T -p r (s) | speed-up -p r | T -p 1 (s) | speed-up -p 1 | ideal | speed-up / ideal | CPU -p 0 / -p 1 |"
echo "|---|---|---|---|---|---|---|---|---|---|"
awk '{ key = $1 " " $2; if (!(key in seen)) { seen[key] = 1; o[++k] = key }
       T[key, $3] = $6; C[key, $3] = $8 + $9 }
     END { for (i = 1; i <= k; ++i) { split(o[i], f, " ")
        ideal = int(f[2] / (f[1] == "LMO" ? 3 : 2)); sp = T[o[i], 0] / T[o[i], 1]
        tr = "-"; spr = "-"
        if ((o[i], "r") in T) {
            tr = sprintf("%.4g", T[o[i], "r"]); spr = sprintf("%.2f", T[o[i], 0] / T[o[i], "r"])
        }
        printf "| %s | %d | %.4g | %s | %s | %.4g | %.2f | %d | %.2f | %.2f |\n", f[1], f[2],
            T[o[i], 0], tr, spr, T[o[i], 1], sp, ideal, sp / ideal,
            C[o[i], 0] / C[o[i], 1] } }' "$tmp/rows"
echo
if [ -s "$tmp/truth" ]; then
    echo "Hockney from the truth file (6 repetitions of every roundtrip: 5"
    echo "timed and the warm-up; no"
    echo "messages or barriers of the schedule): work = the sum over all"
    echo "experiments, i.e. -p 0 without its overheads; bound = per size, the"
    echo "largest sum over one process's pairs, added over the 33 sizes (a lower"
    echo "bound of -p 1); work / bound = the best speed-up -p 1 can have."
    echo
    echo "| n | work (s) | T -p 0 (s) | bound (s) | T -p r / bound | T -p 1 (s) | work / bound | floor(n/2) | T -p 1 / bound | target met |"
    echo "|---|---|---|---|---|---|---|---|---|---|"
    awk 'FNR == NR { w[$1] = $2; bd[$1] = $3; next }
         $1 == "Hockney" { T[$2, $3] = $6; if (!($2 in s)) { s[$2] = 1; o[++k] = $2 } }
         END { for (i = 1; i <= k; ++i) { n = o[i]; h = int(n / 2)
            r = T[n, 1] / bd[n]; sp = T[n, 0] / T[n, 1]
            met = (sp >= 0.8 * h || r <= 1.25) ? "yes" : "no"
            rr = ((n, "r") in T) ? sprintf("%.3f", T[n, "r"] / bd[n]) : "-"
            printf "| %d | %.4g | %.4g | %.4g | %s | %.4g | %.2f | %d | %.3f | %s |\n", n, w[n],
                T[n, 0], bd[n], rr, T[n, 1], w[n] / bd[n], h, r, met } }' \
        "$tmp/truth" "$tmp/rows"
    echo
fi
echo "Against the bound of the model's own experiments: busiest = the"
echo "model file's \`measured busiest-work\` (per measure call the largest work"
echo "of one process, repetitions and warm-ups at their mean time, added over"
echo "the calls; doc/formats.md): no schedule of those experiments, the calls"
echo "one after another, takes less. Issue 12's target: speed-up >= 0.8 of"
echo "the ideal, or -p 1 within 1.25 times the bound."
echo
echo "| model | n | T -p 1 (s) | busiest (s) | T -p 1 / busiest | speed-up / ideal | target met |"
echo "|---|---|---|---|---|---|---|"
awk 'FNR == NR { B[$1, $2, $3] = $4; next }
     { key = $1 " " $2; if (!(key in seen)) { seen[key] = 1; o[++k] = key }
       T[key, $3] = $6 }
     END { for (i = 1; i <= k; ++i) { split(o[i], f, " ")
        b = B[f[1], f[2], 1]; if (b == "" || b == "-") b = B[f[1], f[2], 0]
        if (!((o[i], 1) in T) || b == "" || b == "-") continue
        ideal = int(f[2] / (f[1] == "LMO" ? 3 : 2))
        sp = ((o[i], 0) in T) ? T[o[i], 0] / T[o[i], 1] / ideal : -1
        r = T[o[i], 1] / b
        met = (r <= 1.25 || sp >= 0.8) ? "yes" : "no"
        printf "| %s | %d | %.4g | %.4g | %.3f | %s | %s |\n", f[1], f[2],
            T[o[i], 1], b, r, (sp < 0 ? "-" : sprintf("%.2f", sp)), met } }' \
    "$tmp/busiest" "$tmp/rows"
echo
echo "Growth with n (-p 0 and -p 1 build times relative to the smallest n,"
echo "next to the number of pairs and to C(n,2) + 3 C(n,3)):"
echo
echo "| model | n | C(n,2) | C(n,2) + 3C(n,3) | experiments | T -p 0 / T(n0) | T -p 1 / T(n0) | CPU -p 0 / CPU(n0) |"
echo "|---|---|---|---|---|---|---|---|"
awk '{ key = $1; n = $2
       if (!(key in n0)) { n0[key] = n; o[++k] = key }
       if (!((key, n) in seen)) { seen[key, n] = 1; ns[key] = ns[key] " " n }
       T[key, n, $3] = $6; C[key, n, $3] = $8 + $9; E[key, n] = $4 }
     END { for (i = 1; i <= k; ++i) { m = o[i]; c = split(ns[m], nn, " ")
        for (j = 1; j <= c; ++j) { n = nn[j]; a = n0[m]
            c2 = n * (n - 1) / 2; c3 = n * (n - 1) * (n - 2) / 6
            printf "| %s | %d | %d | %d | %s | %.2f | %.2f | %.2f |\n", m, n,
                c2, c2 + 3 * c3, E[m, n], T[m, n, 0] / T[m, a, 0],
                T[m, n, 1] / T[m, a, 1], C[m, n, 0] / C[m, a, 0] } } }' "$tmp/rows"
echo
if [ -s "$tmp/sweeps" ]; then
    echo "LMO's two sweeps alone (smpi/collective, the same measure_collective"
    echo "calls over the same 33 sizes, root 0, timing max), against LMO's build:"
    echo
    echo "rest = LMO -p 0 minus the sweeps: the point-to-point part (C(n,2) empty"
    echo "roundtrips, 3 C(n,3) empty one-to-two, 9 C(n,3) experiments with M bytes,"
    echo "M = the p2p size, the largest size of the sweep below the threshold S)."
    echo
    echo "| n | scatter sweep (s) | gather sweep (s) | sweeps / LMO -p 0 | sweeps / LMO -p 1 | M (bytes) | rest -p 0 (s) | rest / (C(n,2) + 3C(n,3)) (ms) | same per MiB of M (ms) |"
    echo "|---|---|---|---|---|---|---|---|---|"
    awk 'FNR == NR { if ($2 == "MPIB_Scatter_linear") sc[$1] = $3; else ga[$1] = $3; next }
         $1 == "LMO" { T[$2, $3] = $6; if (!($2 in s)) { s[$2] = 1; o[++k] = $2 }
             split($12, x, ","); sub("p2p-size=", "", x[1]); M[$2] = x[1] }
         END { for (i = 1; i <= k; ++i) { n = o[i]; sw = sc[n] + ga[n]
            c = n * (n - 1) / 2 + n * (n - 1) * (n - 2) / 2; rest = T[n, 0] - sw
            printf "| %d | %.4g | %.4g | %.0f %% | %.0f %% | %d | %.4g | %.3g | %.3g |\n",
                n, sc[n], ga[n], 100 * sw / T[n, 0], 100 * sw / T[n, 1], M[n],
                rest, 1e3 * rest / c, 1e3 * rest / c / (M[n] / 1048576) } }' \
        "$tmp/sweeps" "$tmp/rows"
    echo
fi
if [ -s "$tmp/counts" ]; then
    echo "Counted in the traced reruns (all ranks' trace files): experiments and"
    echo "their repetitions; msgs = point-to-point sends and isends of all ranks"
    echo "(collective operations of MPI itself not included)."
    echo
    echo '```'
    cat "$tmp/counts"
    echo '```'
    echo
fi
echo "Wall time of each n (all runs, counting runs included) (s):"
echo
awk '{ printf "- n=%s: %s\n", $1, $2 }' "$tmp/walls"
echo
echo "Raw rows (model n p experiments p2p_experiments build_time wall user sys load warnings extra):"
echo
echo '```'
cat "$tmp/rows"
echo '```'
