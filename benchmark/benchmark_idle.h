/**
 * \file benchmark_idle.h
 * \brief Waiting without a processor: how processes that are in no
 *        experiment wait for the others.
 *
 * A blocking MPI call polls: Open MPI's progress loop keeps its processor
 * busy (yielding it at most) until the call ends. On a node that runs more
 * ranks than it has processors (two ranks per host of an emulated cluster
 * on one machine, three local ranks on two cores), the ranks that wait at
 * the end of a round of one experiment take processor time from the two
 * that measure, and the measured times are partly the scheduler's.
 *
 * The waits here are for those ranks: idle_wait() tests the request for a
 * short while (kIdleSpin), then tests it between sleeps that double from
 * kIdleFirstNap to kIdleLongestNap. A wait ends at most about a nap after
 * its request completes, which delays the next round, never a timed
 * operation: no timed message is received or answered in these waits.
 *
 * Under SimGrid SMPI (a simulator: a sleep takes no simulated time, a
 * test does) and with the environment variable CPM_IDLE=poll (for
 * comparisons) they are MPI_Wait and MPI_Barrier.
 */
#ifndef CPM_BENCHMARK_IDLE_H
#define CPM_BENCHMARK_IDLE_H

#include <mpi.h>

/** \addtogroup benchmark
 *  @{ */

namespace cpm::bench {

/** How long an idle wait tests its request without sleeping (s). */
const double kIdleSpin = 50e-6;
/** The first sleep of an idle wait (s). */
const double kIdleFirstNap = 20e-6;
/** The longest sleep of an idle wait (s): the most a wait adds to a round. */
const double kIdleLongestNap = 1e-3;

/** True where idle waits sleep: not under SMPI, and CPM_IDLE is not
 *  "poll". Read once per process. */
bool idle_sleeps();

/** Completes *req (as MPI_Wait, status ignored), sleeping between tests
 *  where idle_sleeps(). Throws cpm::Error on an MPI error. */
void idle_wait(MPI_Request *req);

/** A barrier over comm whose waiting sleeps where idle_sleeps()
 *  (MPI_Ibarrier, then idle_wait). */
void idle_barrier(MPI_Comm comm);

} // namespace cpm::bench

/** @} */

#endif
