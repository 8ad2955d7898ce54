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
 *   or(m)   i posts the receive of m bytes, sends an empty request, j
 *           answers with m bytes; i waits delta = 2 max(RTT(m), RTT'(m))
 *           + 10 us (longer than the answer needs to arrive) before it
 *           completes the receive (MPI_Wait), and times that call. RTT'
 *           is in the delay because it is the answer's own way: where j's
 *           sending costs more per byte, RTT alone is too short. This is
 *           the receive overhead of i for messages j -> i. (Kielmann et
 *           al.'s logp_mpi calls the receive after the delay; where a
 *           message crosses only into a posted receive, as under SMPI,
 *           that receive times the transfer too. doc/models.md, PLogP.)
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
 * The delay before the wait polls MPI_Wtime with no MPI call (as in
 * Kielmann et al.'s logp_mpi), yielding the processor meanwhile; under
 * SimGrid SMPI, where computation takes no simulated time, it is a
 * simulated sleep.
 *
 * Pairs are run in the rounds of benchmark_schedule.h with the ready
 * handshake of benchmark_p2p.h: one at a time (parallel false) with a
 * barrier after each round, or several at once. In parallel the pairs are
 * list-scheduled (schedule_pairs with expected durations) when the
 * duration history of comm (duration_history in benchmark_p2p.h) predicts
 * every pair's work at size m (expected_plogp: a size already measured on
 * the same pairs, or a third one); otherwise they run in schedule_pairs'
 * rounds without durations.
 * Results are returned on every rank.
 *
 * A call is one entry of the measurement journal (benchmark_journal.h):
 * kPLogPResults results per pair (rtt, rtt_back, os, or, g) and the
 * pairs' train lengths k, replayed whole by a resumed build; a replayed
 * call feeds the duration history as the measured call did.
 */
#ifndef CPM_BENCHMARK_PLOGP_H
#define CPM_BENCHMARK_PLOGP_H

#include "benchmark_p2p.h"
#include "benchmark_precision.h"
#include "benchmark_schedule.h"

#include <mpi.h>

#include <algorithm>
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
    Result or_; /**< completion of a posted receive of m bytes, delayed */
    Result g;   /**< gap per message, (T_2k - T_k) / k */
    int train = 0; /**< k, the shorter train */
};

/** A pair's PLogP experiments from its kPLogPResults results in journal
 *  order (r[0] .. r[4]: rtt, rtt_back, os, or_, g) and its train length
 *  (measure_plogp's journal entry; the convergence tally reads it too). */
inline PLogPResult plogp_from_results(const Result *r, long train)
{
    PLogPResult x;
    x.rtt = r[0];
    x.rtt_back = r[1];
    x.os = r[2];
    x.or_ = r[3];
    x.g = r[4];
    x.train = int(train);
    return x;
}

/** The longest train of the gap's measurement (messages). */
const int kMaxPLogPTrain = 1024;

/** The time an initiator waits before it completes its timed receive of
 *  or(m): twice the longer of the roundtrips rtt (m bytes out) and
 *  rtt_back (m bytes back: the answer's own way, longer where the
 *  partner's sending costs more per byte) plus 10 us. */
inline double or_delay(double rtt, double rtt_back)
{
    return 2 * std::max(rtt, rtt_back) + 1e-5;
}

/** The work of one pair's experiments at one size, estimated from their
 *  results alone (so that it is the same on every rank and after a
 *  replay): the timed repetitions of RTT (as many as RTT or os made), RTT'
 *  and or (each with its delay before the receive), and the trains,
 *  T_k + T_2k = (3k - 2) g + 2 RTT per repetition of g plus two of each
 *  length 1, 2, ..., k in the search for k (up to 512 when k is the cap,
 *  1024). Warm-ups and handshakes are left out: the duration history
 *  only orders experiments. */
inline double plogp_work(const PLogPResult &x)
{
    const double rtt = x.rtt.T, g = x.g.T;
    const int k = std::max(x.train, 1);
    // RTT and os come from the same roundtrips, as many as either needs.
    double w = std::max(x.rtt.reps, x.os.reps) * rtt +
               x.rtt_back.reps * x.rtt_back.T +
               x.or_.reps * (or_delay(rtt, x.rtt_back.T) + x.or_.T) +
               x.g.reps * ((3.0 * k - 2) * g + 2 * rtt);
    // The search timed lengths 1, 2, ... k, but not the cap itself.
    for (int len = 1; len <= k && len < kMaxPLogPTrain; len *= 2)
        w += 2 * ((len - 1) * g + rtt);
    return w;
}

/** Records in the duration history the mean RTT, RTT', or and g of pair
 *  p's experiments at size m (measure_plogp does, for every pair it
 *  measures or replays). */
void record_plogp_history(DurationHistory &history, const Pair &p, long m,
                          const PLogPResult &x);

/** Expected work of the pairs' PLogP experiments at size m: each of RTT,
 *  RTT', or and g predicted by the duration history on its own line (two
 *  earlier sizes of the same pair), the train length chosen as the
 *  measurement would (the shortest of 1, 2, 4, ... 1024 messages with
 *  (k - 1) g + RTT >= 1 ms), reps repetitions of each (the precision's
 *  minimum), then plogp_work.
 *  Empty unless every pair has a prediction. (A line through the works
 *  themselves would not do: at small sizes the trains are long, so the
 *  work's growth from 0 to 1 byte is that of k messages, not of the few
 *  that a large size's trains hold.) */
std::vector<double> expected_plogp(const DurationHistory &history,
                                   const std::vector<Pair> &pairs, long m,
                                   int reps);

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
