/* Private to src/coll: the collectives on an order or a mapping already
 * chosen, shared by the C++ forms (coll_ops.cpp) and the C names with
 * their remembered mappings (coll_capi.cpp). Arguments as MPI_Scatter /
 * MPI_Gather; MPI error codes. */
#ifndef CPM_COLL_INTERNAL_H
#define CPM_COLL_INTERNAL_H

#include "coll_plan.h"

#include <mpi.h>

#include <vector>

namespace cpm::coll::detail {

/** Linear scatter: the root sends to the ranks of order (all others) in
 *  that order. order is read at the root only. */
int scatter_linear_ordered(const std::vector<int> &order, const void *sendbuf,
                           int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, int root, MPI_Comm comm);

/** Linear gather: the root posts its receives in the order of order (read
 *  at the root only); if pieces > 1 (the same on every process), every
 *  block travels as bytes in that many pieces (piece_offset), gathered one
 *  round after another. */
int gather_linear_ordered(const std::vector<int> &order, long pieces,
                          const void *sendbuf, int sendcount,
                          MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, int root, MPI_Comm comm);

/** Binomial scatter over comm: the process of rank peer[v] of comm holds
 *  position v (peer[0] the root), and position v's block is block
 *  blockof[v] of the root's buffer. me: this process's position. peer and
 *  blockof are the same on every process. */
int scatter_tree(const std::vector<int> &peer, const std::vector<int> &blockof,
                 int me, const void *sendbuf, int sendcount,
                 MPI_Datatype sendtype, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, MPI_Comm comm);

/** Binomial gather over comm, positions and blocks as scatter_tree. */
int gather_tree(const std::vector<int> &peer, const std::vector<int> &blockof,
                int me, const void *sendbuf, int sendcount,
                MPI_Datatype sendtype, void *recvbuf, int recvcount,
                MPI_Datatype recvtype, MPI_Comm comm);

/** Position of rank in a mapping (order[v] = rank), -1 if absent. */
int position_of(const std::vector<int> &order, int rank);

/** Checks the communicator against a model of n processes and the root:
 *  MPI_SUCCESS, MPI_ERR_ARG (another size) or MPI_ERR_ROOT; sets
 *  rank and size. */
int check_call(int model_n, int root, MPI_Comm comm, int &rank, int &size);

/** Bytes of data per process of a scatter (is_scatter) or gather on this
 *  process (see coll_ops.h). */
long data_bytes(bool is_scatter, bool is_root, int sendcount,
                MPI_Datatype sendtype, int recvcount, MPI_Datatype recvtype);

} // namespace cpm::coll::detail

#endif
