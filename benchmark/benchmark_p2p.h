/**
 * \file benchmark_p2p.h
 * \brief Point-to-point roundtrips and one-to-two experiments.
 *
 * - Roundtrip i <-> j with sizes (M1, M2): i sends M1 bytes to j, j replies
 *   with M2 bytes; the time is the whole roundtrip, measured on i.
 * - One-to-two r -> a,b with size M: r posts receives of two empty replies,
 *   sends M bytes to a and to b without blocking and waits for all four
 *   operations; the time is measured on r. The peer expected to answer
 *   later is sent to second, so that the root's processing of the first
 *   reply overlaps the second's flight in a known way (doc/models.md).
 *
 * Every experiment is repeated under the stopping rule of Precision. Pairs
 * and triplets are run in the rounds of benchmark_schedule.h; each partner
 * sends a ready message before the timed repetitions. One at a time
 * (parallel false), a barrier separates the rounds; in parallel, each
 * process goes on to its next round as soon as its experiment is over.
 * Results are returned on every rank.
 */
#ifndef CPM_BENCHMARK_P2P_H
#define CPM_BENCHMARK_P2P_H

#include "benchmark_precision.h"
#include "benchmark_schedule.h"

#include <mpi.h>

#include <functional>
#include <vector>

/** \addtogroup benchmark
 *  @{ */

namespace cpm::bench {

/**
 * The durations of the experiments measured on comm so far (an attribute
 * of comm, the same on every rank since it is filled from the shared
 * results). In parallel, measure_roundtrips, measure_triplets and
 * measure_plogp (benchmark_plogp.h) schedule by list scheduling when it
 * predicts the duration of every experiment of the call, and record after
 * it the timed work (repetitions x mean) of every experiment (of a PLogP
 * pair: the mean of each of its four parts); a call replayed from a measurement
 * journal (benchmark_journal.h) records its results the same way, so that
 * the calls after a replay schedule as in the interrupted build. With
 * CPM_SCHEDULE=rounds in the environment of any process when the
 * attribute is made (the first call on comm; agreed over comm by an
 * allreduce), the calls on comm keep the rounds of schedule_pairs without
 * durations (for comparisons).
 */
DurationHistory &duration_history(MPI_Comm comm);

/** Kinds of experiment in the duration history's keys (the kind, then the
 *  experiment's processes: a pair unordered, a triplet i < j < k, a PLogP
 *  pair as initiator and partner). */
enum HistoryKind : int {
    kRoundtripKind = 1, /**< measure_roundtrips */
    kOneToTwoKind = 2,  /**< measure_triplets without one-to-one */
    kTripletKind = 3,   /**< measure_triplets with one-to-one */
    kPLogPKind = 4      /**< measure_plogp (benchmark_plogp.h) */
};

/** Expected durations of roundtrips of the pairs with M1 + M2 = size bytes,
 *  from the history; empty unless every pair has one. */
std::vector<double> expected_pairs(const DurationHistory &history,
                                   const std::vector<Pair> &pairs,
                                   double size);

/** Expected durations of the triplets' experiments with M bytes (those of
 *  measure_triplets): from the history of the same experiments, else from
 *  the pairs' roundtrips at size M (a one-to-one experiment of each ordered
 *  pair if with_one_to_one, and from each root a one-to-two as long as its
 *  longer roundtrip). Empty unless every triplet has one. */
std::vector<double> expected_triplets(const DurationHistory &history,
                                      const std::vector<Triplet> &triplets,
                                      long M, bool with_one_to_one);

/** Called on rank 0 after each round with the experiments it completed. */
using ProgressFn = std::function<void(long experiments_done)>;

/** Roundtrip times, one per pair, in the order of pairs (M1 bytes out,
 *  M2 back). measure_roundtrip_sizes with one size. */
std::vector<Result> measure_roundtrips(MPI_Comm comm,
                                       const std::vector<Pair> &pairs,
                                       long M1, long M2, bool parallel,
                                       const Precision &precision,
                                       const ProgressFn &progress = {});

/** The sizes of a roundtrip: M1 bytes out, M2 bytes back. */
struct RoundtripSize {
    long out = 0;  /**< M1 */
    long back = 0; /**< M2 */
};

/** Roundtrip sizes of a sweep, one per M of sizes, in order: M bytes each
 *  way with echo (Hockney's), else M bytes out and an empty reply (LMO's
 *  and HLogGP's). */
std::vector<RoundtripSize> sweep_sizes(const std::vector<long> &sizes,
                                       bool echo);

/**
 * Roundtrip times of the pairs at several sizes: result [s][e] for
 * sizes[s] and pairs[e]. A few pairs (no more than the processes of comm,
 * as the few pairs a build's sweep runs on) make one call: a pair's
 * experiment is its roundtrips at every
 * size in order, each size under the stopping rule with its own warm-up,
 * between one ready message and one stop (a next-size message between
 * sizes, before the warm-up); the results are gathered once, at the end,
 * and journalled as one entry. A sweep of k sizes thus synchronises comm
 * once rather than k times (the trade-off: one journal entry for all the
 * sizes, and no list scheduling size by size). More pairs (they share
 * processes) are measured a size per call, as measure_roundtrips (a
 * journal entry per size, each list-scheduled from the sizes before it),
 * but the first two sizes make one call when the history predicts
 * neither. In parallel (and unless
 * CPM_SCHEDULE=rounds) a first call the history cannot predict (the first
 * size, with the second if that is not predicted either) is preceded by a
 * probe, one roundtrip per pair and size without warm-up (not journalled,
 * not in the convergence tally, skipped when the journal replays the
 * call), whose times list-schedule it unless they are all equal.
 * Progress counts one experiment per pair and size. Throws cpm::UsageError for a size outside
 * 0..2^30 or no sizes.
 */
std::vector<std::vector<Result>>
measure_roundtrip_sizes(MPI_Comm comm, const std::vector<Pair> &pairs,
                        const std::vector<RoundtripSize> &sizes, bool parallel,
                        const Precision &precision,
                        const ProgressFn &progress = {});

/** Results of the experiments on a list of triplets. */
struct TripletResults {
    /** Three per triplet (i,j,k): roots i -> j,k, then j -> i,k, then
     *  k -> i,j. */
    std::vector<Result> one_to_two;
    /** Six per triplet if requested, roundtrips with M bytes out and an
     *  empty reply: i->j, i->k, j->i, j->k, k->i, k->j. Empty otherwise. */
    std::vector<Result> one_to_one;
};

/** One-to-two experiments from every root of every triplet, and, with
 *  with_one_to_one, the one-to-one experiments between the same processes
 *  (CPM 1.0.1's CPM_measure_p2pp and CPM_measure_p2pp_p2p).
 *
 *  Each root sends to the farther of its two peers second: with
 *  with_one_to_one, the one-to-one experiments run first and their times
 *  decide; otherwise pair_cost (one value per pair of all_pairs order, e.g.
 *  empty roundtrip times) decides, and without it the lower rank is sent
 *  to first.
 *
 *  In parallel the triplets are list-scheduled when duration_history(comm)
 *  predicts them all (expected_triplets). With with_one_to_one and no
 *  prediction, a subset of the triplets covering every pair runs first;
 *  its one-to-one results are shared at once, recorded as the pairs'
 *  durations at size M, and predict the others (doc/measurement.md). */
TripletResults measure_triplets(MPI_Comm comm,
                                const std::vector<Triplet> &triplets, long M,
                                bool with_one_to_one, bool parallel,
                                const Precision &precision,
                                const ProgressFn &progress = {},
                                const std::vector<double> &pair_cost = {});

/** Experiments that measure_triplets runs per triplet (3 or 9). */
inline int experiments_per_triplet(bool with_one_to_one)
{
    return with_one_to_one ? 9 : 3;
}

} // namespace cpm::bench

/** @} */

#endif
