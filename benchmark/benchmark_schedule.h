/**
 * \file benchmark_schedule.h
 * \brief Rounds of independent experiments (no MPI).
 *
 * On a switched cluster, experiments that share no process can run at the
 * same time without disturbing each other. A schedule splits a list of pair
 * or triplet experiments into rounds in which every process takes part in at
 * most one experiment. All pairs of n processes need at least n-1 rounds
 * (n even) or n rounds (n odd), which the circle method attains; all
 * triplets need at least ceil(C(n,3) / floor(n/3)) rounds, which a greedy
 * packing approaches.
 */
#ifndef CPM_BENCHMARK_SCHEDULE_H
#define CPM_BENCHMARK_SCHEDULE_H

#include <cstddef>
#include <map>
#include <vector>

/** \addtogroup benchmark
 *  @{ */

namespace cpm::bench {

/** Two processes. In a roundtrip, i initiates and times, j answers. */
struct Pair {
    int i; /**< initiator */
    int j; /**< partner */
};
/** Three processes, i < j < k. */
struct Triplet {
    int i; /**< lowest rank */
    int j; /**< middle rank */
    int k; /**< highest rank */
};

/** A round: indices into the experiment list, sharing no process. */
using Round = std::vector<std::size_t>;

/** All C(n,2) pairs in lexicographic order. */
std::vector<Pair> all_pairs(int n);
/** All C(n,3) triplets in lexicographic order. */
std::vector<Triplet> all_triplets(int n);

/** Throws cpm::UsageError unless every pair names two distinct ranks < n. */
void check_pairs(int n, const std::vector<Pair> &pairs);

/**
 * Rounds for the pair experiments of the list. With parallel false every
 * round holds one experiment, in list order. With parallel true the rounds
 * share no process. Without cost, if the list is all_pairs(n) they are the
 * circle method's n-1 (even n) or n (odd n) rounds, otherwise a greedy
 * packing. With cost (the expected duration of each experiment, one per
 * list entry, any unit; non-finite or negative entries count as the mean)
 * they come from list scheduling: a simulation in which every experiment
 * starts as soon as its processes are free, the processes with the most
 * work left served first; the experiments are in order of their simulated
 * start, cut into rounds of disjoint experiments. A process that runs its
 * experiments in round order without waiting for rounds to end (as the
 * measurement functions do in parallel) then follows the simulation if the
 * durations are as expected. Durations that are all equal schedule as no
 * durations. Throws cpm::Error if cost has another size.
 */
std::vector<Round> schedule_pairs(int n, const std::vector<Pair> &pairs,
                                  bool parallel,
                                  const std::vector<double> &cost = {});

/** Whether schedule_pairs and schedule_triplets list-schedule with these
 *  expected durations (some valid ones differ), rather than making the
 *  rounds of no durations. */
bool list_scheduled(const std::vector<double> &cost);

/** Rounds for triplet experiments; as schedule_pairs, by greedy packing
 *  without cost, by list scheduling with it. */
std::vector<Round> schedule_triplets(int n,
                                     const std::vector<Triplet> &triplets,
                                     bool parallel,
                                     const std::vector<double> &cost = {});

/**
 * The time each process ends its last experiment if it runs its
 * experiments in round order, each experiment starting when all its
 * processes have ended their previous ones and lasting cost[e] (rounds not
 * separated). members(e) gives the processes of experiment e.
 */
double schedule_makespan(int n, const std::vector<Round> &rounds,
                         const std::vector<std::vector<int>> &members,
                         const std::vector<double> &cost);

/** A lower bound on the makespan of any schedule that keeps a process in
 *  one experiment at a time: the larger of the busiest process's work (the
 *  largest sum of cost over the experiments of one process) and the total
 *  work over the most experiments that fit at once (floor(n/k) for
 *  experiments of k processes). */
double schedule_bound(int n, const std::vector<std::vector<int>> &members,
                      const std::vector<double> &cost);

/**
 * Expected durations of experiments from those of earlier ones: per
 * experiment (a key naming its kind and processes), the durations at the
 * two most recent distinct sizes, and a line through them.
 */
class DurationHistory {
public:
    /** False: predictions are not used for scheduling (the caller's
     *  choice; see duration_history in benchmark_p2p.h). */
    bool enabled = true;
    /** measure_roundtrips' calls whose pairs were list-scheduled (the
     *  others ran the rounds of no durations). Replayed calls count as
     *  they were measured, but for a call measure_roundtrip_sizes probed
     *  (a replay makes no probe, so the call counts as not listed). */
    long listed_calls = 0;
    /** Records that experiment key lasted seconds at this size. */
    void record(const std::vector<int> &key, double size, double seconds);
    /** The expected duration at size: exact at a recorded size, else on
     *  the line through the two recorded sizes (at least the smaller of
     *  their durations when extrapolating down); NaN if key has no record
     *  at size and fewer than two sizes. */
    double predict(const std::vector<int> &key, double size) const;

private:
    struct Point {
        double size = 0, t = 0;
    };
    struct Entry {
        Point p[2];
        int count = 0;
    };
    std::map<std::vector<int>, Entry> entries_;
};

/** Index of pair (i, j), i != j, in all_pairs(n): the pairs in
 *  lexicographic order of (min, max). Throws cpm::Error if there is no
 *  such pair. */
int pair_index(int n, int i, int j);

/** Binomial coefficient C(n,k) for small k. */
long choose(long n, int k);

} // namespace cpm::bench

/** @} */

#endif
