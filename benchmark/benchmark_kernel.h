/**
 * \file benchmark_kernel.h
 * \brief Measured communication time of the SUMMA and 2D-wave kernels on
 *        a configuration (Rico-Gallego et al. 2017, section 5.4,
 *        Algorithm 1).
 *
 * Every process performs the communication pattern of its rank
 * (kernel_config.h), with messages of units * unit_bytes bytes:
 * - SUMMA iteration k: the pivot block column with MPI_Irecv/MPI_Isend to
 *   and from every overlapping process, then the pivot block row with
 *   blocking MPI_Send, one receiver after another, and MPI_Recv (MPI_Irecv
 *   and MPI_Waitall if a process receives the row from several owners,
 *   which the column arrangement never does), and last MPI_Waitall of the
 *   column's requests: the column and the row overlap in time as in
 *   Algorithm 1.
 * - 2D wave: MPI_Irecv and MPI_Isend of every halo segment, MPI_Waitall.
 * Each iteration is timed by the timing method (benchmark_timing.h; max is
 * Algorithm 1: a barrier, local times, their maximum), and one repetition
 * of the experiment is the sum over the kernel's iterations: N for SUMMA
 * (t = sum_n t_n, compared with eq. 11), one for the 2D wave. Repetitions
 * follow the stopping rule of benchmark_precision.h.
 */
#ifndef CPM_BENCHMARK_KERNEL_H
#define CPM_BENCHMARK_KERNEL_H

#include "benchmark_precision.h"
#include "benchmark_timing.h"
#include "kernel_config.h"

#include <mpi.h>

/** \addtogroup benchmark
 *  @{ */

namespace cpm::bench {

/** What one process does in one kernel iteration. */
struct KernelStep {
    /** A message to or from a peer. */
    struct Peer {
        int rank = 0;    /**< the other process */
        long units = 0;  /**< size in units */
    };
    std::vector<Peer> isend;  /**< non-blocking sends (pbc, halo) */
    std::vector<Peer> irecv;  /**< non-blocking receives (pbc, halo) */
    std::vector<Peer> send;   /**< blocking sends, in order (pbr) */
    std::vector<Peer> recv;   /**< blocking receives (pbr) */
};

/** The steps of process rank in every iteration of c's kernel (SUMMA:
 *  phase 1 non-blocking, phase 2 blocking; 2D wave: non-blocking). */
std::vector<KernelStep> kernel_steps(const kernels::Config &c, int rank);

/** Measures the kernel's communication time with units of unit_bytes
 *  bytes (collective over comm, whose size must be the configuration's
 *  number of processes: else cpm::UsageError). Result: M = unit_bytes,
 *  T = mean over repetitions of the sum of the iterations' times. A
 *  journal entry (benchmark_journal.h), keyed by the unit size, the
 *  timing method, the precision, the kernel, N and the rectangles. */
Result measure_kernel(MPI_Comm comm, const kernels::Config &c,
                      long unit_bytes, Timing timing,
                      const Precision &precision);


} // namespace cpm::bench

/** @} */

#endif
