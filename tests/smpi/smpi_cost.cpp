/*
 * smpi_cost: the cost of measuring a whole cluster, in simulated seconds
 * (MPI_Wtime under SMPI), with the experiments run in parallel rounds or
 * one at a time. Built with smpicxx from the library sources; a benchmark,
 * not a test (tests/smpi/smpi_cost.sh runs it).
 *
 * For each experiment set, in this order (all pairs with sizes 0/0,
 * 65536/65536 and 32768/32768, all triplets one-to-two with M = 65536,
 * then PLogP's experiments of all pairs at 0, 1 and 262144 bytes, the
 * sizes the PLogP build measures on all pairs of a linear platform)
 * and each scheduling it prints the following. In parallel pairs-0,
 * pairs-65536, plogp-0 and plogp-1 have no earlier durations at their
 * size and use the circle method; the others are list-scheduled from the
 * durations measured before them (benchmark_schedule.h, DurationHistory;
 * so a PREFIX must keep the earlier sets of the same kind):
 * pairs-32768 on the line through the pairs at 0 and 65536 bytes each
 * way, the triplets from their pairs, plogp-262144 from each pair's RTT,
 * RTT', or and g at 0 and 1 byte (expected_plogp). A PLogP item's work
 * is plogp_work (benchmark_plogp.h).
 *   rounds       rounds of the schedule; lb, the lower bound
 *                (pairs: n-1 for even n, n for odd; triplets:
 *                ceil(C(n,3) / floor(n/3)))
 *   T            simulated time of the whole library call (barrier
 *                before), the final exchange of results included
 *   T_last       when rank 0 ended its last round (progress callback).
 *                One at a time, a barrier ends every round, so T - T_last
 *                is the final exchange alone; in parallel, rounds are not
 *                separated and T_last is rank 0's own end only
 *   work         sum over schedule items (a pair, or a triplet's three
 *                one-to-two experiments, run one after another) of
 *                reps * mean time: the timed repetitions alone
 *   busiest      the largest sum of such times over the items of one
 *                process: a lower bound on the experiments' time under any
 *                schedule that keeps each process in one experiment at once
 *   path         the time of the rounds if ready and stop messages cost
 *                nothing: every item starts when all its processes ended
 *                their previous items (rounds in order, no barrier), as
 *                in the parallel schedule. (One at a time, the barriers
 *                serialise everything: the time is work + overheads.)
 * One barrier over all ranks is also timed, to set the per-round overhead
 * of the one-at-a-time schedule against.
 *
 * usage: smpi_cost [LABEL [PREFIX]]   (LABEL is copied into every row;
 *        with PREFIX only the sets whose names start with it, e.g. plogp)
 */
#include "benchmark_p2p.h"
#include "benchmark_plogp.h"
#include "benchmark_precision.h"
#include "benchmark_schedule.h"
#include "common_error.h"

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

namespace {

using cpm::bench::Result;
using cpm::bench::Round;

struct Cost {
    long experiments = 0;
    std::size_t rounds = 0;
    double T = 0, T_last = 0, work = 0, busiest = 0, path = 0;
    int max_reps = 0;
};

/** Timed repetitions of one schedule item: sum of reps * mean time of
 *  its experiments (run one after another), and the most repetitions. */
struct ItemTime {
    double t = 0;
    int reps = 0;
    void add(const Result &r)
    {
        t += r.reps * r.T;
        reps = std::max(reps, r.reps);
    }
};

/** Fills work, busiest, path and max_reps; item(e) gives the timed
 *  repetitions of schedule item e, procs(e) its processes. */
template <class F, class P>
void summarise(Cost &c, int n, const std::vector<Round> &rounds, F item,
               P procs)
{
    std::vector<double> load(n, 0.0), ready(n, 0.0);
    for (const Round &round : rounds) {
        for (std::size_t e : round) {
            ItemTime it = item(e);
            c.work += it.t;
            c.max_reps = std::max(c.max_reps, it.reps);
            double start = 0;
            for (int q : procs(e))
                start = std::max(start, ready[q]);
            for (int q : procs(e)) {
                load[q] += it.t;
                ready[q] = start + it.t;
            }
        }
    }
    c.busiest = *std::max_element(load.begin(), load.end());
    c.path = *std::max_element(ready.begin(), ready.end());
}

/** Times fn between a barrier and its return; T_last from rank 0's
 *  progress callback of the last round. */
template <class F>
void timed(Cost &c, F fn)
{
    double last = 0;
    cpm::bench::ProgressFn progress = [&](long) { last = MPI_Wtime(); };
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    fn(progress);
    c.T = MPI_Wtime() - t0;
    c.T_last = last - t0;
}

/** The cost of a call measuring all pairs: expected are the durations
 *  its schedule uses (empty: rounds), measure(progress) makes the call
 *  and work(e) gives pair e's timed work after it. */
template <class Measure, class Work>
Cost all_pairs_cost(int n, bool parallel, const std::vector<double> &expected,
                    Measure measure, Work work)
{
    std::vector<cpm::bench::Pair> pairs = cpm::bench::all_pairs(n);
    Cost c;
    timed(c, measure);
    std::vector<Round> rounds =
        cpm::bench::schedule_pairs(n, pairs, parallel, expected);
    c.experiments = long(pairs.size());
    c.rounds = rounds.size();
    summarise(c, n, rounds, work, [&](std::size_t e) {
        return std::vector<int>{pairs[e].i, pairs[e].j};
    });
    return c;
}

Cost pairs_cost(int n, long M, bool parallel, const cpm::bench::Precision &p)
{
    std::vector<cpm::bench::Pair> pairs = cpm::bench::all_pairs(n);
    std::vector<Result> res;
    // The schedule the call uses: from the durations measured before it.
    std::vector<double> expected =
        parallel ? cpm::bench::expected_pairs(
                       cpm::bench::duration_history(MPI_COMM_WORLD), pairs,
                       2.0 * double(M))
                 : std::vector<double>();
    return all_pairs_cost(
        n, parallel, expected,
        [&](const cpm::bench::ProgressFn &progress) {
            res = cpm::bench::measure_roundtrips(MPI_COMM_WORLD, pairs, M, M,
                                                 parallel, p, progress);
        },
        [&](std::size_t e) {
            ItemTime it;
            it.add(res[e]);
            return it;
        });
}

Cost triplets_cost(int n, long M, bool parallel,
                   const cpm::bench::Precision &p)
{
    std::vector<cpm::bench::Triplet> trips = cpm::bench::all_triplets(n);
    cpm::bench::TripletResults res;
    Cost c;
    std::vector<double> expected =
        parallel ? cpm::bench::expected_triplets(
                       cpm::bench::duration_history(MPI_COMM_WORLD), trips,
                       M, false)
                 : std::vector<double>();
    timed(c, [&](const cpm::bench::ProgressFn &progress) {
        res = cpm::bench::measure_triplets(MPI_COMM_WORLD, trips, M, false,
                                           parallel, p, progress);
    });
    std::vector<Round> rounds =
        cpm::bench::schedule_triplets(n, trips, parallel, expected);
    c.experiments = 3 * long(trips.size());
    c.rounds = rounds.size();
    // The three one-to-two experiments of a triplet run one after another.
    summarise(
        c, n, rounds,
        [&](std::size_t e) {
            ItemTime it;
            for (int q = 0; q < 3; ++q)
                it.add(res.one_to_two[3 * e + q]);
            return it;
        },
        [&](std::size_t e) {
            return std::vector<int>{trips[e].i, trips[e].j, trips[e].k};
        });
    return c;
}

Cost plogp_cost(int n, long m, bool parallel, const cpm::bench::Precision &p)
{
    std::vector<cpm::bench::Pair> pairs = cpm::bench::all_pairs(n);
    std::vector<cpm::bench::PLogPResult> res;
    std::vector<double> expected =
        parallel ? cpm::bench::expected_plogp(
                       cpm::bench::duration_history(MPI_COMM_WORLD), pairs, m,
                       p.min_reps)
                 : std::vector<double>();
    return all_pairs_cost(
        n, parallel, expected,
        [&](const cpm::bench::ProgressFn &progress) {
            res = cpm::bench::measure_plogp(MPI_COMM_WORLD, pairs, m, parallel,
                                            p, progress);
        },
        [&](std::size_t e) {
            ItemTime it;
            it.t = cpm::bench::plogp_work(res[e]);
            it.reps = res[e].g.reps;
            return it;
        });
}

double barrier_time(int reps)
{
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = MPI_Wtime();
    for (int r = 0; r < reps; ++r)
        MPI_Barrier(MPI_COMM_WORLD);
    return (MPI_Wtime() - t0) / reps;
}

} // namespace

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank = 0, n = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &n);
    std::string label = argc > 1 ? argv[1] : "-";
    std::string only = argc > 2 ? argv[2] : "";
    int status = 0;
    try {
        if (n < 3)
            throw cpm::UsageError("smpi_cost needs at least 3 ranks");
        cpm::bench::Precision prec;
        double barrier = barrier_time(10);
        if (rank == 0)
            std::printf("# label n set experiments sched rounds lb T T_last "
                        "work busiest path max_reps barrier\n");
        enum Kind { kPairs, kTriplets, kPLogP };
        struct Set {
            const char *name;
            Kind kind;
            long M;
        };
        const Set sets[] = {{"pairs-0", kPairs, 0},
                            {"pairs-65536", kPairs, 65536},
                            {"pairs-32768", kPairs, 32768},
                            {"triplets-65536", kTriplets, 65536},
                            {"plogp-0", kPLogP, 0},
                            {"plogp-1", kPLogP, 1},
                            {"plogp-262144", kPLogP, 262144}};
        for (const Set &s : sets) {
            if (std::string(s.name).compare(0, only.size(), only) != 0)
                continue;
            const bool triplets = s.kind == kTriplets;
            long lb = triplets
                          ? (cpm::bench::choose(n, 3) + n / 3 - 1) / (n / 3)
                          : (n % 2 ? n : n - 1);
            for (bool parallel : {true, false}) {
                Cost c = triplets         ? triplets_cost(n, s.M, parallel, prec)
                         : s.kind == kPLogP ? plogp_cost(n, s.M, parallel, prec)
                                          : pairs_cost(n, s.M, parallel, prec);
                if (rank == 0) {
                    std::printf("%s %d %s %ld %s %zu %ld %.9g %.9g %.9g %.9g "
                                "%.9g %d %.9g\n",
                                label.c_str(), n, s.name, c.experiments,
                                parallel ? "parallel" : "serial", c.rounds,
                                parallel ? lb : c.experiments /
                                                    (triplets ? 3 : 1),
                                c.T, c.T_last, c.work, c.busiest, c.path,
                                c.max_reps, barrier);
                    std::fflush(stdout);
                }
            }
        }
    } catch (const cpm::Error &e) {
        if (rank == 0)
            std::fprintf(stderr, "smpi_cost: error: %s\n", e.what());
        status = 1;
    }
    MPI_Finalize();
    return status;
}
