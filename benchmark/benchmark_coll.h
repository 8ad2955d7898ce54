/**
 * \file benchmark_coll.h
 * \brief The module's own scatter, gather and broadcast implementations.
 *
 * Same signatures and semantics as MPI_Scatter, MPI_Gather and MPI_Bcast
 * (any root, any datatype, any number of processes, MPI_IN_PLACE at the
 * root). They exist so that the algorithm being measured is known exactly:
 *
 * - linear: the root posts a nonblocking send (scatter, bcast) or receive
 *   (gather) for every other rank in rank order and waits for all of them;
 *   a linear scatter of M bytes to n-1 ranks costs, in the Hockney model,
 *   between max_i(a_ri + b_ri M) (fully parallel) and the sum over i
 *   (fully serialised).
 * - binomial: ranks are renumbered relative to the root, v = (rank-root)
 *   mod n; rank v receives from v - 2^k where 2^k is its lowest set bit and
 *   serves the subtrees v + 2^j, j < k, largest first. A scatter moves
 *   the blocks of a whole subtree in one message; ceil(log2 n) steps.
 */
#ifndef CPM_BENCHMARK_COLL_H
#define CPM_BENCHMARK_COLL_H

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/** \addtogroup benchmark
 *  @{ */

/** Linear scatter: the root sends each rank its block directly. */
int MPIB_Scatter_linear(const void *sendbuf, int sendcount,
                        MPI_Datatype sendtype, void *recvbuf, int recvcount,
                        MPI_Datatype recvtype, int root, MPI_Comm comm);
/** Linear gather: the root receives each rank's block directly. */
int MPIB_Gather_linear(const void *sendbuf, int sendcount,
                       MPI_Datatype sendtype, void *recvbuf, int recvcount,
                       MPI_Datatype recvtype, int root, MPI_Comm comm);
/** Binomial-tree scatter. */
int MPIB_Scatter_binomial(const void *sendbuf, int sendcount,
                          MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, int root, MPI_Comm comm);
/** Binomial-tree gather. */
int MPIB_Gather_binomial(const void *sendbuf, int sendcount,
                         MPI_Datatype sendtype, void *recvbuf, int recvcount,
                         MPI_Datatype recvtype, int root, MPI_Comm comm);
/** Linear broadcast: the root sends the buffer to every rank directly. */
int MPIB_Bcast_linear(void *buffer, int count, MPI_Datatype datatype,
                      int root, MPI_Comm comm);
/** Binomial-tree broadcast. */
int MPIB_Bcast_binomial(void *buffer, int count, MPI_Datatype datatype,
                        int root, MPI_Comm comm);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
