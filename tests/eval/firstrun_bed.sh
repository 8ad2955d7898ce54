# firstrun_bed.sh: the simulated cluster of ./quickstart and the options of
# its cpm-validate run, in one place (sourced by ./quickstart and by
# tests/eval/eval_beds.sh, bed smpi-firstrun16), so that the mu table of a
# first run is the one doc/results/evaluation.md gives for the same bed
# (simulated times are exact: the same build gives the same table).
# 16 hosts, one link per pair, --seed 21, three size segments with their
# own latencies and bandwidths, rendezvous from 64 KiB.
# shellcheck shell=bash
firstrun_platform=(-n 16 --seed 21 -t full --one-delay
    --segments 8192,65536 --bw-factors 1,0.8,0.55 --lat-factors 1,1.6,4
    --rendezvous 65536)
# Every model with its default sizes (what a user's first build uses:
# adaptive 0-4 MiB, PLogP's log plan).
firstrun_validate=(--p2p-sizes 1500,15000,150000,750000
    --coll-sizes 1500,15000,150000,750000)
firstrun_np=16
