/**
 * \file benchmark_plogp.h
 * \brief The experiments of the parameterised LogP model (PLogP), after
 *        Kielmann, Bal and Verstoep, "Fast measurement of LogP parameters
 *        for message passing platforms" (IPDPS workshops 2000).
 *
 * For a pair (i initiator, j partner) and a message size m, all times are
 * taken on i with MPI_Wtime, each experiment repeated under the stopping
 * rule of Precision:
 *
 *   RTT(m)  roundtrip: i sends m bytes, j answers with an empty message;
 *           the time from the start of the send to the end of the receive.
 *   os(m)   the time of the MPI_Send call of those roundtrips.
 *   RTT'(m) the reverse roundtrip: i sends an empty request, j answers
 *           with m bytes at once; T_ij(0) + T_ji(m). With RTT(m) it gives
 *           the mean of both directions' one-way times,
 *           (RTT(m) + RTT'(m))/2 - RTT(0)/2, which is what a roundtrip
 *           of m bytes each way measures (p2p) where the two directions
 *           differ (send and receive overheads of other hosts).
 *   or(m)   i sends an empty request, j answers with m bytes; i waits
 *           delta = 2 RTT(m) + 10 us (longer than the answer needs to
 *           arrive) before it calls MPI_Recv, and times that call. This is
 *           the receive overhead of i for messages j -> i.
 *   g(m)    trains: i sends k messages of m bytes back to back and then
 *           waits for an empty acknowledgement that j sends when the last
 *           message has arrived. In PLogP terms the messages leave i one
 *           gap g(m) apart, the last arrives L + g(m) after it left and the
 *           acknowledgement takes L + g(0), so a train of k takes
 *               T_k = k g(m) + 2L + g(0)
 *           (T_1 is RTT(m)). Each repetition times a train of k and one of
 *           2k and takes
 *               g(m) = (T_2k - T_k) / k,
 *           in which the latency, the acknowledgement and any fixed start-up
 *           cost cancel exactly. k is found by untimed trains of 1, 2, 4,
 *           ... messages (two of each): the first length at which both
 *           last 1 ms or more, at most 1024 (a large message alone lasts
 *           that long: k = 1 keeps its trains short).
 *
 * The model (model_plogp.h) takes L = RTT(0)/2 - g(0) from the empty
 * roundtrip, which the same relation gives: RTT(m) = 2L + g(m) + g(0).
 *
 * The delay before the receive polls MPI_Wtime with no MPI call (as in
 * Kielmann et al.'s logp_mpi), yielding the processor meanwhile; under
 * SimGrid SMPI, where computation takes no simulated time, it is a
 * simulated sleep.
 *
 * Pairs are run in the rounds of benchmark_schedule.h with the ready
 * handshake of benchmark_p2p.h: one at a time (parallel false) with a
 * barrier after each round, or several at once. Results are returned on
 * every rank.
 *
 * A call is one entry of the measurement journal (benchmark_journal.h):
 * kPLogPResults results per pair (rtt, rtt_back, os, or, g) and the
 * pairs' train lengths k, replayed whole by a resumed build. The pair
 * schedule keeps no duration history here (schedule_pairs without
 * expected durations), so a replay has none to feed.
 */
#ifndef CPM_BENCHMARK_PLOGP_H
#define CPM_BENCHMARK_PLOGP_H

#include "benchmark_p2p.h"
#include "benchmark_precision.h"
#include "benchmark_schedule.h"

#include <mpi.h>

#include <vector>

/** \addtogroup benchmark
 *  @{ */

namespace cpm::bench {

/** Results per pair in measure_plogp's journal entry: rtt, rtt_back, os,
 *  or_, g in that order. */
const int kPLogPResults = 5;

/** The PLogP experiments of one pair at one message size. */
struct PLogPResult {
    Result rtt; /**< roundtrip, m bytes out, empty reply */
    Result rtt_back; /**< roundtrip, empty request, m bytes back */
    Result os;  /**< send call of those roundtrips */
    Result or_; /**< delayed receive call of m bytes */
    Result g;   /**< gap per message, (T_2k - T_k) / k */
    int train = 0; /**< k, the shorter train */
};

/** Runs the PLogP experiments of message size m for each pair (i
 *  initiator); one result per pair, in the order of pairs, on every rank.
 *  Throws cpm::UsageError for fewer than 2 processes, a bad pair or a
 *  size outside 0..2^30. */
std::vector<PLogPResult> measure_plogp(MPI_Comm comm,
                                       const std::vector<Pair> &pairs, long m,
                                       bool parallel,
                                       const Precision &precision,
                                       const ProgressFn &progress = {});

} // namespace cpm::bench

/** @} */

#endif
