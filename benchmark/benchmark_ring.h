/**
 * \file benchmark_ring.h
 * \brief The experiments of the tau-Lop model: Ring_tau and the overhead
 *        of a send call (Rico-Gallego et al. 2017, section 5.2).
 *
 * - Ring_tau(M) on a ring q_0, ..., q_{R-1} of ranks (R >= 2) and
 *   1 <= tau <= R: q_0 .. q_{tau-1} each send M bytes to their successor
 *   q_{k+1 mod R} at once, and every process whose predecessor sends
 *   receives from it (with tau = R the whole ring, with tau < R a chain of
 *   tau transfers). Each process posts its receive and its send without
 *   blocking and waits for both; the time of a repetition is taken over
 *   the ring's processes with the timing method (benchmark_timing.h,
 *   barrier first). The ring's order decides the channel: the ranks of one
 *   node (shared memory), or the ranks of two nodes alternately (every
 *   transfer crosses the network when R is even).
 * - Overhead o(M) from rank a to rank b: b posts a non-blocking receive,
 *   then both pass a barrier, a times its MPI_Isend call of M bytes (from
 *   the call to its return, before any wait), then both complete. This is tau-Lop's "time from the invocation
 *   of a transmission until the data starts to be injected" as a process
 *   sees it.
 *
 * Both are repeated under the stopping rule of Precision, are collective
 * over the whole communicator (processes outside the ring or pair wait)
 * and return the same Result on every rank.
 */
#ifndef CPM_BENCHMARK_RING_H
#define CPM_BENCHMARK_RING_H

#include "benchmark_precision.h"
#include "benchmark_timing.h"

#include <mpi.h>

#include <vector>

/** \addtogroup benchmark
 *  @{ */

namespace cpm::bench {

/** Ring_tau(M) on the ring of ranks `ring` of comm (collective over comm).
 *  Throws cpm::UsageError if the ring has fewer than 2 distinct ranks or
 *  tau is outside 1..ring.size(). */
Result measure_ring(MPI_Comm comm, const std::vector<int> &ring, int tau,
                    long M, Timing timing, const Precision &precision);

/** The send overhead o(M) of rank a towards rank b (collective). */
Result measure_send_overhead(MPI_Comm comm, int a, int b, long M,
                             const Precision &precision);

} // namespace cpm::bench

/** @} */

#endif
