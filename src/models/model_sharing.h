/**
 * \file model_sharing.h
 * \brief Transfers that share one channel (a host's network interface):
 *        a fluid model of their finish times. No MPI.
 *
 * Transfer k moves V_k bytes from time s_k on, at most at its own rate
 * c_k (the rest of its route), through a channel of capacity B that it
 * shares with the other transfers moving at the same time. While a set A
 * of transfers moves, their rates are the weighted max-min share of the
 * channel (progressive filling):
 *
 *     r_k = min(c_k, w_k x),   x the largest value with sum_{k in A} r_k <= B,
 *
 * and the rates change only when a transfer starts or ends. The weights
 * w_k are those of TCP-like sharing, in inverse proportion to each
 * transfer's latency (round-trip unfairness; SimGrid's CM02 network model
 * shares a link the same way). Used by the collectives' "shared" variants
 * (a gather into one root, whose transfers all enter its interface).
 */
#ifndef CPM_MODEL_SHARING_H
#define CPM_MODEL_SHARING_H

#include <vector>

/** \addtogroup models
 *  @{ */

namespace cpm::models {

/** One transfer through the shared channel. */
struct Transfer {
    double start = 0;  /**< time its bytes start to move, s_k (s) */
    double bytes = 0;  /**< V_k (B), >= 0 */
    double rate = 0;   /**< its own maximal rate c_k (B/s), > 0 */
    double weight = 1; /**< its share weight w_k, > 0 */
};

/** The time each transfer's last byte arrives (in the order given) when
 *  they share a channel of capacity B (B/s, > 0; infinite: no bound of
 *  its own, nor is an infinite rate); an empty transfer arrives at its
 *  start, whatever its rate. All NaN if B is not positive, a start, size
 *  or weight is not finite, a size is negative, or a transfer with bytes
 *  has a rate or weight that is not positive. */
std::vector<double> shared_finish_times(const std::vector<Transfer> &t,
                                        double B);

} // namespace cpm::models

/** @} */

#endif
