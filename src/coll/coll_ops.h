/**
 * \file coll_ops.h
 * \brief The model-based collectives in C++, the model an argument; the
 *        models and the reordered communicator behind the C names of
 *        cpm_coll.h.
 *
 * Each collective has the arguments and the semantics of MPI_Scatter or
 * MPI_Gather (any root, any datatypes of matching signatures, any number
 * of processes, MPI_IN_PLACE at the root), preceded by the model, and
 * returns an MPI error code. Every process must pass the same model, of
 * the communicator's size: the processes make the same decisions from it
 * without communicating (coll_plan.h). A model of another size is
 * MPI_ERR_ARG, a root out of range MPI_ERR_ROOT, on every process.
 *
 * The message size M of the model is the number of bytes of data per
 * process: sendcount * MPI_Type_size(sendtype) at a scatter's root,
 * recvcount * MPI_Type_size(recvtype) elsewhere, and the other way round
 * for gather.
 */
#ifndef CPM_COLL_OPS_H
#define CPM_COLL_OPS_H

#include "coll_plan.h"

#include <mpi.h>

#include <vector>

/** \addtogroup coll
 *  @{ */

namespace cpm::coll {

/** Linear scatter, the root sending in the order of
 *  scatter_linear_order() (LMO). */
int scatter_linear_opt(const models::LMO &model, const void *sendbuf,
                       int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       int recvcount, MPI_Datatype recvtype, int root,
                       MPI_Comm comm);

/** Linear gather, the root receiving in the order of
 *  gather_linear_order(), medium blocks in gather_linear_pieces() pieces
 *  gathered one round after another (LMO). A split block travels as
 *  bytes (MPI_BYTE; packed with MPI_Pack unless its datatype is a
 *  predefined one without holes or contiguous types of one), which
 *  assumes one data representation on all processes, as CPM's
 *  measurements do. */
int gather_linear_opt(const models::LMO &model, const void *sendbuf,
                      int sendcount, MPI_Datatype sendtype, void *recvbuf,
                      int recvcount, MPI_Datatype recvtype, int root,
                      MPI_Comm comm);

/** Binomial scatter on the mapping binomial_mapping(..., Scatter,
 *  Optimal) (Hockney). */
int scatter_binomial_opt(const models::Hockney &model, const void *sendbuf,
                         int sendcount, MPI_Datatype sendtype, void *recvbuf,
                         int recvcount, MPI_Datatype recvtype, int root,
                         MPI_Comm comm);

/** Binomial scatter on the worst mapping (Hockney), for comparison. */
int scatter_binomial_cor(const models::Hockney &model, const void *sendbuf,
                         int sendcount, MPI_Datatype sendtype, void *recvbuf,
                         int recvcount, MPI_Datatype recvtype, int root,
                         MPI_Comm comm);

/** Binomial gather on the mapping binomial_mapping(..., Gather,
 *  Optimal) (Hockney). */
int gather_binomial_opt(const models::Hockney &model, const void *sendbuf,
                        int sendcount, MPI_Datatype sendtype, void *recvbuf,
                        int recvcount, MPI_Datatype recvtype, int root,
                        MPI_Comm comm);

/** Binomial gather on the worst mapping (Hockney), for comparison. */
int gather_binomial_cor(const models::Hockney &model, const void *sendbuf,
                        int sendcount, MPI_Datatype sendtype, void *recvbuf,
                        int recvcount, MPI_Datatype recvtype, int root,
                        MPI_Comm comm);

/**
 * A communicator whose rank order lays the binomial tree of
 * MPIB_Scatter_binomial rooted at `root` onto the processes as a mapping
 * of the Hockney model says (CPM 1.0.1's CPM_p2p_initialize): the process
 * at tree position v gets rank (v + root) mod n, so the root keeps its
 * rank.
 */
class ReorderedComm {
public:
    /** Collective over comm. The mapping is binomial_mapping(h, root, M,
     *  Scatter, opt ? Optimal : Worst). Throws cpm::UsageError (a model
     *  of another size, a bad root) or cpm::Error on every process. */
    ReorderedComm(MPI_Comm comm, const models::Hockney &h, int root,
                  bool opt, double M = kReorderSize);
    ~ReorderedComm();
    ReorderedComm(const ReorderedComm &) = delete;
    ReorderedComm &operator=(const ReorderedComm &) = delete;

    /** The reordered communicator. */
    MPI_Comm comm() const { return comm_; }
    /** The root it was made for. */
    int root() const { return root_; }
    /** order[v]: the rank (in the original communicator) at position v. */
    const std::vector<int> &order() const { return order_; }

    /**
     * MPI_Scatter over comm, along the binomial tree of the reordered
     * communicator (its messages travel on it). comm must have the
     * processes of the original communicator in the same order (a
     * duplicate of it, for example) and root must be root(); else
     * MPI_ERR_COMM or MPI_ERR_ROOT.
     */
    int scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                MPI_Comm comm) const;

private:
    MPI_Comm comm_ = MPI_COMM_NULL;
    MPI_Group group_ = MPI_GROUP_NULL; // of the original communicator
    int root_ = 0;
    std::vector<int> order_;
};

/** \name The models and the communicator of the C names (cpm_coll.h)
 *  Per process, not thread-safe, like CPM 1.0.1's globals.
 *  @{ */

/** Sets the LMO model of CPM_Scatter_linear_opt and
 *  CPM_Gather_linear_opt on every process of comm to rank 0's model
 *  (broadcast; model is read at rank 0 only). Collective; throws
 *  cpm::UsageError on every process if rank 0 has none or it is not of
 *  comm's size. */
void lmo_initialize(MPI_Comm comm, const models::LMO *model);
/** Forgets the LMO model. */
void lmo_finalize();
/** The LMO model set, or nullptr. */
const models::LMO *lmo_instance();

/** Sets the Hockney model of the binomial collectives and
 *  CPM_p2p_initialize, as lmo_initialize(). */
void hockney_initialize(MPI_Comm comm, const models::Hockney *model);
/** Forgets the Hockney model (and the mappings found with it). */
void hockney_finalize();
/** The Hockney model set, or nullptr. */
const models::Hockney *hockney_instance();
/** The mapping of the model set for (root, M, op, kind), remembered
 *  after the first search; throws cpm::UsageError without a model. */
const std::vector<int> &hockney_mapping(int root, double M, TreeOp op,
                                        TreeMap kind);

/** Makes the reordered communicator of CPM_Scatter_binomial from comm
 *  with the Hockney model set (ReorderedComm; opt: the optimal mapping,
 *  else the worst). Collective; replaces the one there was. */
void p2p_initialize(MPI_Comm comm, int root, bool opt);
/** Frees the reordered communicator (call it before MPI_Finalize). */
void p2p_finalize();
/** The reordered communicator, or nullptr. */
const ReorderedComm *p2p_instance();

/** @} */

} // namespace cpm::coll

/** @} */

#endif
