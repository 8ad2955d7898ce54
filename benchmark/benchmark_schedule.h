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
 * share no process; if the list is all_pairs(n) they are the circle method's
 * n-1 (even n) or n (odd n) rounds.
 */
std::vector<Round> schedule_pairs(int n, const std::vector<Pair> &pairs,
                                  bool parallel);

/** Rounds for triplet experiments; as schedule_pairs, by greedy packing. */
std::vector<Round> schedule_triplets(int n,
                                     const std::vector<Triplet> &triplets,
                                     bool parallel);

/** Index of pair (i, j), i != j, in all_pairs(n): the pairs in
 *  lexicographic order of (min, max). Throws cpm::Error if there is no
 *  such pair. */
int pair_index(int n, int i, int j);

/** Binomial coefficient C(n,k) for small k. */
long choose(long n, int k);

} // namespace cpm::bench

/** @} */

#endif
