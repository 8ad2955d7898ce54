/**
 * \file cpm_coll.h
 * \brief CPM 1.0.1's model-based collectives under their C names.
 *
 * The collectives have the arguments and the semantics of MPI_Scatter and
 * MPI_Gather (any root, datatypes of matching signatures, any number of
 * processes, MPI_IN_PLACE at the root) and return an MPI error code:
 * MPI_SUCCESS (0), MPI_ERR_ARG for a model not of the communicator's
 * size, MPI_ERR_ROOT for a bad root, MPI_ERR_OTHER if no model was set, or
 * the code of a failed MPI call; CPM_error_message() (cpm.h) says which,
 * as for every call of the C API. They use the models set by
 * LMO_initialize() and Hockney_initialize() on every process of the communicator; the C++
 * forms in coll_ops.h take the model as an argument instead. What each
 * one does and its predicted time: coll_plan.h and doc/collectives.md.
 *
 * Differences from CPM 1.0.1: the calls that returned void return an MPI
 * error code; the models and the reordered communicator are held inside
 * the library, not in the variables LMO_instance, Hockney_model_instance
 * and CPM_comm_instance; the model given to LMO_initialize() is copied
 * from its public fields (C, t, L, b, S, M1, M2; the slope corrections
 * kappa1 and kappa2, which only change predicted times, are 0).
 *
 * Usable from C99 and C++. The model types are those of cpm.h; this
 * header needs only their names.
 */
#ifndef CPM_CAPI_CPM_COLL_H
#define CPM_CAPI_CPM_COLL_H

#include <mpi.h>

#ifdef __cplusplus
extern "C" {
#endif

/** \addtogroup capi
 *  @{ */

struct LMO_model;
struct Hockney_model;

/** \name LMO: linear scatter and gather
 *  @{ */

/** Sets the LMO model of the linear collectives on every process of comm
 *  to rank 0's model (read at rank 0 only; broadcast). Collective;
 *  MPI_ERR_ARG on every process if rank 0 has none or it is not of
 *  comm's size. */
int LMO_initialize(MPI_Comm comm, const struct LMO_model *model);

/** Forgets the LMO model. MPI_SUCCESS. */
int LMO_finalize(MPI_Comm comm);

/** Linear MPI_Scatter; the root sends to the processes with the longest
 *  predicted transfers first. */
int CPM_Scatter_linear_opt(const void *sendbuf, int sendcount,
                           MPI_Datatype sendtype, void *recvbuf,
                           int recvcount, MPI_Datatype recvtype, int root,
                           MPI_Comm comm);

/** Linear MPI_Gather; the root receives in the predicted order of
 *  arrival, and blocks of medium size (M1 < M <= M2) travel in pieces of
 *  at most M1 bytes, gathered one round after another. */
int CPM_Gather_linear_opt(const void *sendbuf, int sendcount,
                          MPI_Datatype sendtype, void *recvbuf,
                          int recvcount, MPI_Datatype recvtype, int root,
                          MPI_Comm comm);

/** @} */

/** \name Hockney: binomial scatter and gather
 *  @{ */

/** Sets the Hockney model of the binomial collectives and of
 *  CPM_p2p_initialize, as LMO_initialize(). */
int Hockney_initialize(MPI_Comm comm, const struct Hockney_model *model);

/** Forgets the Hockney model. MPI_SUCCESS. */
int Hockney_finalize(MPI_Comm comm);

/** Binomial MPI_Scatter on the mapping of the tree onto the processes
 *  with the least predicted time. */
int CPM_Scatter_binomial_opt(const void *sendbuf, int sendcount,
                             MPI_Datatype sendtype, void *recvbuf,
                             int recvcount, MPI_Datatype recvtype, int root,
                             MPI_Comm comm);

/** Binomial MPI_Scatter on the mapping with the greatest predicted time
 *  ("corrupted"), for comparison. */
int CPM_Scatter_binomial_cor(const void *sendbuf, int sendcount,
                             MPI_Datatype sendtype, void *recvbuf,
                             int recvcount, MPI_Datatype recvtype, int root,
                             MPI_Comm comm);

/** Binomial MPI_Gather on the mapping with the least predicted time. */
int CPM_Gather_binomial_opt(const void *sendbuf, int sendcount,
                            MPI_Datatype sendtype, void *recvbuf,
                            int recvcount, MPI_Datatype recvtype, int root,
                            MPI_Comm comm);

/** Binomial MPI_Gather on the mapping with the greatest predicted
 *  time. */
int CPM_Gather_binomial_cor(const void *sendbuf, int sendcount,
                            MPI_Datatype sendtype, void *recvbuf,
                            int recvcount, MPI_Datatype recvtype, int root,
                            MPI_Comm comm);

/**
 * Makes the reordered communicator of CPM_Scatter_binomial() from comm:
 * the binomial tree rooted at root laid onto the processes by the mapping
 * of the Hockney model with the least (opt non-zero) or the greatest (opt
 * 0) predicted time for 65536 bytes per process; root keeps its rank.
 * Needs Hockney_initialize(). Collective; replaces the one there was.
 */
int CPM_p2p_initialize(MPI_Comm comm, int root, int opt);

/** Frees the reordered communicator; call it before MPI_Finalize.
 *  MPI_SUCCESS. */
int CPM_p2p_finalize(MPI_Comm comm);

/** MPI_Scatter over comm (the communicator given to CPM_p2p_initialize,
 *  or one with the same processes in the same order), root the root given
 *  there, along the binomial tree of the reordered communicator. */
int CPM_Scatter_binomial(const void *sendbuf, int sendcount,
                         MPI_Datatype sendtype, void *recvbuf, int recvcount,
                         MPI_Datatype recvtype, int root, MPI_Comm comm);

/** @} */

/** @} */

#ifdef __cplusplus
}
#endif

#endif
