/**
 * \file benchmark_idle.h
 * \brief Waiting without a processor: how processes that are in no
 *        experiment wait for the others.
 *
 * A blocking MPI call polls: Open MPI's progress loop keeps its processor
 * busy (yielding it at most) until the call ends. On a machine that runs
 * more ranks than it has processors (two ranks per host of an emulated
 * cluster on one machine, three local ranks on two cores), the ranks that
 * wait for the end of a round take processor time from the two that
 * measure, and the measured times are partly the scheduler's.
 *
 * The waits here are for those ranks. Each is a nonblocking operation
 * (MPI_Ibarrier, MPI_Ibcast) completed by idle_wait(), which tests the
 * request, then tests it again after each sleep of kIdleNap. The naps do
 * not start short: the experiments of an oversubscribed machine's
 * shared-memory pairs last about a millisecond, and short first naps of six
 * waiting ranks (a spin of 50 us and naps doubling from 20 us, first
 * tried) woke them dozens of times inside it. A nonblocking barrier
 * advances only when its ranks test it, so a wait may end a few naps
 * (about log2 of the ranks) after the last rank arrived: that delays the
 * next round, never a timed operation, since no timed message is received
 * or answered in these waits.
 *
 * Under SimGrid SMPI (a simulator: a sleep takes no simulated time, a test
 * does) the waits are the blocking MPI_Barrier and MPI_Bcast, and
 * idle_gather_barrier() does nothing, so simulated results and build times
 * are those of blocking waits. With the environment variable CPM_IDLE=poll
 * (for comparisons) idle_wait() is MPI_Wait; the MPI calls are the same
 * whatever CPM_IDLE is, so ranks that see different values (a variable not
 * passed to remote ranks) still match.
 */
#ifndef CPM_BENCHMARK_IDLE_H
#define CPM_BENCHMARK_IDLE_H

#include <mpi.h>

/** \addtogroup benchmark
 *  @{ */

namespace cpm::bench {

/** The sleep between two tests of an idle wait (s). */
const double kIdleNap = 1e-3;

/** True where idle waits sleep: not under SMPI, and CPM_IDLE is not
 *  "poll". Read once per process. */
bool idle_sleeps();

/** Completes *req (as MPI_Wait, status ignored), sleeping between tests
 *  where idle_sleeps(). Throws cpm::Error on an MPI error. */
void idle_wait(MPI_Request *req);

/** A barrier over comm (collective): MPI_Ibarrier and idle_wait;
 *  MPI_Barrier under SMPI. */
void idle_barrier(MPI_Comm comm);

/** idle_barrier(comm), except under SMPI, where it does nothing: the
 *  barrier before results are gathered, so that the ranks done first wait
 *  in it rather than polling in the gather. Collective over comm. */
void idle_gather_barrier(MPI_Comm comm);

/** MPI_Bcast of count items of type from root over comm, the others
 *  waiting in an idle wait (MPI_Ibcast); MPI_Bcast under SMPI. */
void idle_bcast(void *buf, int count, MPI_Datatype type, int root,
                MPI_Comm comm);

} // namespace cpm::bench

/** @} */

#endif
