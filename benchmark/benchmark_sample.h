/**
 * \file benchmark_sample.h
 * \brief One experiment repeated under the stopping rule decided on one
 *        rank, and its result shared with every rank (MPI).
 *
 * The stopping rule and the result are those of benchmark_precision.h,
 * which has no MPI; this is the part that needs a communicator.
 */
#ifndef CPM_BENCHMARK_SAMPLE_H
#define CPM_BENCHMARK_SAMPLE_H

#include "benchmark_precision.h"

#include <mpi.h>

#include <functional>

/** \addtogroup benchmark
 *  @{ */

namespace cpm::bench {

/** Rank root's r on every rank of comm (collective). */
Result bcast_result(MPI_Comm comm, int root, const Result &r);

/**
 * Repeats one experiment under the stopping rule decided on rank root of
 * comm: every rank calls repetition() (which returns the time root's
 * timing method gives), root records it, and root's decision to stop is
 * broadcast after each repetition. Returns root's result on every rank,
 * with M = M and wtick = MPI_Wtick() (collective).
 */
Result sample_on_root(MPI_Comm comm, int root, long M,
                      const Precision &precision,
                      const std::function<double()> &repetition);

} // namespace cpm::bench

/** @} */

#endif
