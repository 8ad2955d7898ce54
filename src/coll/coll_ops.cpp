// The model-based collectives: linear ones on an order, binomial ones on a
// mapping of the tree (coll_plan.h chooses them), the C++ forms that take
// the model as an argument, and the reordered communicator.
#include "coll_ops.h"

#include "benchmark_coll_tree.h"
#include "coll_internal.h"
#include "coll_util.h"
#include "common_error.h"

#include <algorithm>
#include <memory>
#include <new>

namespace cpm::coll {

namespace detail {

namespace {

using bench::coll::lowbit;
using bench::coll::pow2_at_least;

} // namespace

int position_of(const std::vector<int> &order, int rank)
{
    for (std::size_t v = 0; v < order.size(); ++v)
        if (order[v] == rank)
            return int(v);
    return -1;
}

int check_call(int model_n, int root, MPI_Comm comm, int &rank, int &size)
{
    int rc = MPI_Comm_rank(comm, &rank);
    if (rc == MPI_SUCCESS)
        rc = MPI_Comm_size(comm, &size);
    if (rc != MPI_SUCCESS)
        return rc;
    if (root < 0 || root >= size)
        return MPI_ERR_ROOT;
    if (model_n != size)
        return MPI_ERR_ARG;
    return MPI_SUCCESS;
}

long data_bytes(bool is_scatter, bool is_root, int sendcount,
                MPI_Datatype sendtype, int recvcount, MPI_Datatype recvtype)
{
    // The root's own buffer of the n blocks describes every block.
    bool send_side = is_scatter == is_root;
    return send_side ? bytes_of(sendcount, sendtype)
                     : bytes_of(recvcount, recvtype);
}

int scatter_linear_ordered(const std::vector<int> &order, const void *sendbuf,
                           int sendcount, MPI_Datatype sendtype,
                           void *recvbuf, int recvcount,
                           MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int rank = 0, rc = MPI_Comm_rank(comm, &rank);
    if (rc != MPI_SUCCESS)
        return rc;
    if (rank != root)
        return MPI_Recv(recvbuf, recvcount, recvtype, root, kTag, comm,
                        MPI_STATUS_IGNORE);
    MPI_Aint ext = extent_of(sendtype);
    std::vector<MPI_Request> req(order.size(), MPI_REQUEST_NULL);
    for (std::size_t k = 0; k < order.size(); ++k) {
        rc = MPI_Isend(block(sendbuf, order[k], sendcount, ext), sendcount,
                       sendtype, order[k], kTag, comm, &req[k]);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    if (recvbuf != MPI_IN_PLACE) {
        rc = local_copy(block(sendbuf, root, sendcount, ext), sendcount,
                        sendtype, recvbuf, recvcount, recvtype);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    return MPI_Waitall(int(req.size()), req.data(), MPI_STATUSES_IGNORE);
}

int gather_linear_ordered(const std::vector<int> &order, long pieces,
                          const void *sendbuf, int sendcount,
                          MPI_Datatype sendtype, void *recvbuf, int recvcount,
                          MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    int rank = 0, rc = MPI_Comm_rank(comm, &rank);
    if (rc != MPI_SUCCESS)
        return rc;
    bool split = pieces > 1;
    if (rank != root) {
        if (!split)
            return MPI_Send(sendbuf, sendcount, sendtype, root, kTag, comm);
        ByteView view(sendbuf, sendcount, sendtype, true, comm);
        if (view.status() != MPI_SUCCESS)
            return view.status();
        long M = view.size();
        for (long p = 0; p < pieces; ++p) {
            long off = piece_offset(M, pieces, p);
            rc = MPI_Send(view.data() + off,
                          int(piece_offset(M, pieces, p + 1) - off), MPI_BYTE,
                          root, kTag, comm);
            if (rc != MPI_SUCCESS)
                return rc;
        }
        return MPI_SUCCESS;
    }
    MPI_Aint ext = extent_of(recvtype);
    if (sendbuf != MPI_IN_PLACE) {
        rc = local_copy(sendbuf, sendcount, sendtype,
                        block(recvbuf, root, recvcount, ext), recvcount,
                        recvtype);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    std::vector<MPI_Request> req(order.size(), MPI_REQUEST_NULL);
    if (!split) {
        for (std::size_t k = 0; k < order.size(); ++k) {
            rc = MPI_Irecv(block(recvbuf, order[k], recvcount, ext),
                           recvcount, recvtype, order[k], kTag, comm, &req[k]);
            if (rc != MPI_SUCCESS)
                return rc;
        }
        return MPI_Waitall(int(req.size()), req.data(), MPI_STATUSES_IGNORE);
    }
    std::vector<std::unique_ptr<ByteView>> views;
    for (int i : order) {
        views.push_back(std::make_unique<ByteView>(
            block(recvbuf, i, recvcount, ext), recvcount, recvtype, false,
            comm));
        if (views.back()->status() != MPI_SUCCESS)
            return views.back()->status();
    }
    long M = bytes_of(recvcount, recvtype);
    for (long p = 0; p < pieces; ++p) {
        long off = piece_offset(M, pieces, p);
        int len = int(piece_offset(M, pieces, p + 1) - off);
        for (std::size_t k = 0; k < order.size(); ++k) {
            rc = MPI_Irecv(views[k]->data() + off, len, MPI_BYTE, order[k],
                           kTag, comm, &req[k]);
            if (rc != MPI_SUCCESS)
                return rc;
        }
        rc = MPI_Waitall(int(req.size()), req.data(), MPI_STATUSES_IGNORE);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    for (auto &v : views) {
        rc = v->unpack();
        if (rc != MPI_SUCCESS)
            return rc;
    }
    return MPI_SUCCESS;
}

int scatter_tree(const std::vector<int> &peer, const std::vector<int> &blockof,
                 int me, const void *sendbuf, int sendcount,
                 MPI_Datatype sendtype, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, MPI_Comm comm)
{
    int n = int(peer.size()), rc;
    if (me == 0) {
        MPI_Aint ext = extent_of(sendtype);
        for (int mask = pow2_at_least(n) / 2; mask > 0; mask >>= 1) {
            if (mask >= n)
                continue;
            int blocks = std::min(mask, n - mask);
            BlockList list(sendbuf, &blockof[std::size_t(mask)], blocks,
                           sendcount, sendtype);
            if (list.status() != MPI_SUCCESS)
                return list.status();
            rc = MPI_Send(list.buf(), list.count(), list.type(),
                          peer[std::size_t(mask)], kTag, comm);
            if (rc != MPI_SUCCESS)
                return rc;
        }
        if (recvbuf == MPI_IN_PLACE)
            return MPI_SUCCESS;
        return local_copy(block(sendbuf, blockof[0], sendcount, ext),
                          sendcount, sendtype, recvbuf, recvcount, recvtype);
    }
    int lb = lowbit(me), sub = std::min(lb, n - me);
    int parent = peer[std::size_t(me - lb)];
    if (sub == 1)
        return MPI_Recv(recvbuf, recvcount, recvtype, parent, kTag, comm,
                        MPI_STATUS_IGNORE);
    MPI_Aint ext = extent_of(recvtype);
    TypedBuffer tmp(long(sub) * recvcount, recvtype);
    rc = MPI_Recv(tmp.data(), sub * recvcount, recvtype, parent, kTag, comm,
                  MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS)
        return rc;
    for (int mask = lb / 2; mask > 0; mask >>= 1) {
        if (me + mask >= n)
            continue;
        int blocks = std::min(mask, n - me - mask);
        rc = MPI_Send(block(tmp.data(), mask, recvcount, ext),
                      blocks * recvcount, recvtype,
                      peer[std::size_t(me + mask)], kTag, comm);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    return local_copy(tmp.data(), recvcount, recvtype, recvbuf, recvcount,
                      recvtype);
}

int gather_tree(const std::vector<int> &peer, const std::vector<int> &blockof,
                int me, const void *sendbuf, int sendcount,
                MPI_Datatype sendtype, void *recvbuf, int recvcount,
                MPI_Datatype recvtype, MPI_Comm comm)
{
    int n = int(peer.size()), rc;
    if (me == 0) {
        MPI_Aint ext = extent_of(recvtype);
        if (sendbuf != MPI_IN_PLACE) {
            rc = local_copy(sendbuf, sendcount, sendtype,
                            block(recvbuf, blockof[0], recvcount, ext),
                            recvcount, recvtype);
            if (rc != MPI_SUCCESS)
                return rc;
        }
        for (int mask = 1; mask < n; mask <<= 1) {
            int blocks = std::min(mask, n - mask);
            BlockList list(recvbuf, &blockof[std::size_t(mask)], blocks,
                           recvcount, recvtype);
            if (list.status() != MPI_SUCCESS)
                return list.status();
            rc = MPI_Recv(list.buf(), list.count(), list.type(),
                          peer[std::size_t(mask)], kTag, comm,
                          MPI_STATUS_IGNORE);
            if (rc != MPI_SUCCESS)
                return rc;
        }
        return MPI_SUCCESS;
    }
    int lb = lowbit(me), sub = std::min(lb, n - me);
    int parent = peer[std::size_t(me - lb)];
    if (sub == 1)
        return MPI_Send(sendbuf, sendcount, sendtype, parent, kTag, comm);
    MPI_Aint ext = extent_of(sendtype);
    TypedBuffer tmp(long(sub) * sendcount, sendtype);
    rc = local_copy(sendbuf, sendcount, sendtype, tmp.data(), sendcount,
                    sendtype);
    if (rc != MPI_SUCCESS)
        return rc;
    for (int mask = 1; mask < lb; mask <<= 1) {
        if (me + mask >= n)
            break;
        int blocks = std::min(mask, n - me - mask);
        rc = MPI_Recv(block(tmp.data(), mask, sendcount, ext),
                      blocks * sendcount, sendtype,
                      peer[std::size_t(me + mask)], kTag, comm,
                      MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    return MPI_Send(tmp.data(), sub * sendcount, sendtype, parent, kTag, comm);
}

} // namespace detail

using namespace detail;

namespace {

/* Runs a body that returns an MPI code; exceptions become codes. */
template <class F>
int guarded(F &&body)
{
    try {
        return body();
    } catch (const UsageError &) {
        return MPI_ERR_ARG;
    } catch (const std::bad_alloc &) {
        return MPI_ERR_NO_MEM;
    } catch (...) {
        return MPI_ERR_OTHER;
    }
}

int binomial(const models::Hockney &model, TreeOp op, TreeMap kind,
             const void *sendbuf, int sendcount, MPI_Datatype sendtype,
             void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
             MPI_Comm comm)
{
    return guarded([&]() -> int {
        int rank = 0, n = 0;
        int rc = check_call(model.n, root, comm, rank, n);
        if (rc != MPI_SUCCESS)
            return rc;
        bool scatter = op == TreeOp::Scatter;
        long M = data_bytes(scatter, rank == root, sendcount, sendtype,
                            recvcount, recvtype);
        std::vector<int> order =
            binomial_mapping(model, root, double(M), op, kind);
        int me = position_of(order, rank);
        return scatter ? scatter_tree(order, order, me, sendbuf, sendcount,
                                      sendtype, recvbuf, recvcount, recvtype,
                                      comm)
                       : gather_tree(order, order, me, sendbuf, sendcount,
                                     sendtype, recvbuf, recvcount, recvtype,
                                     comm);
    });
}

} // namespace

int scatter_linear_opt(const models::LMO &model, const void *sendbuf,
                       int sendcount, MPI_Datatype sendtype, void *recvbuf,
                       int recvcount, MPI_Datatype recvtype, int root,
                       MPI_Comm comm)
{
    return guarded([&]() -> int {
        int rank = 0, n = 0;
        int rc = check_call(model.n, root, comm, rank, n);
        if (rc != MPI_SUCCESS)
            return rc;
        std::vector<int> order;
        if (rank == root)
            order = scatter_linear_order(model, root,
                                         double(bytes_of(sendcount, sendtype)));
        return scatter_linear_ordered(order, sendbuf, sendcount, sendtype,
                                      recvbuf, recvcount, recvtype, root,
                                      comm);
    });
}

int gather_linear_opt(const models::LMO &model, const void *sendbuf,
                      int sendcount, MPI_Datatype sendtype, void *recvbuf,
                      int recvcount, MPI_Datatype recvtype, int root,
                      MPI_Comm comm)
{
    return guarded([&]() -> int {
        int rank = 0, n = 0;
        int rc = check_call(model.n, root, comm, rank, n);
        if (rc != MPI_SUCCESS)
            return rc;
        long M = data_bytes(false, rank == root, sendcount, sendtype,
                            recvcount, recvtype);
        long pieces = gather_linear_pieces(model, M);
        std::vector<int> order;
        if (rank == root) // receives ordered for the size of a piece
            order = gather_linear_order(model, root, double(M / pieces));
        return gather_linear_ordered(order, pieces, sendbuf, sendcount,
                                     sendtype, recvbuf, recvcount, recvtype,
                                     root, comm);
    });
}

int scatter_binomial_opt(const models::Hockney &model, const void *sendbuf,
                         int sendcount, MPI_Datatype sendtype, void *recvbuf,
                         int recvcount, MPI_Datatype recvtype, int root,
                         MPI_Comm comm)
{
    return binomial(model, TreeOp::Scatter, TreeMap::Optimal, sendbuf,
                    sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                    comm);
}

int scatter_binomial_cor(const models::Hockney &model, const void *sendbuf,
                         int sendcount, MPI_Datatype sendtype, void *recvbuf,
                         int recvcount, MPI_Datatype recvtype, int root,
                         MPI_Comm comm)
{
    return binomial(model, TreeOp::Scatter, TreeMap::Worst, sendbuf,
                    sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                    comm);
}

int gather_binomial_opt(const models::Hockney &model, const void *sendbuf,
                        int sendcount, MPI_Datatype sendtype, void *recvbuf,
                        int recvcount, MPI_Datatype recvtype, int root,
                        MPI_Comm comm)
{
    return binomial(model, TreeOp::Gather, TreeMap::Optimal, sendbuf,
                    sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                    comm);
}

int gather_binomial_cor(const models::Hockney &model, const void *sendbuf,
                        int sendcount, MPI_Datatype sendtype, void *recvbuf,
                        int recvcount, MPI_Datatype recvtype, int root,
                        MPI_Comm comm)
{
    return binomial(model, TreeOp::Gather, TreeMap::Worst, sendbuf,
                    sendcount, sendtype, recvbuf, recvcount, recvtype, root,
                    comm);
}

ReorderedComm::ReorderedComm(MPI_Comm comm, const models::Hockney &h,
                             int root, bool opt, double M)
    : root_(root)
{
    int rank = 0, n = 0;
    CPM_MPI(MPI_Comm_rank(comm, &rank));
    CPM_MPI(MPI_Comm_size(comm, &n));
    if (root < 0 || root >= n)
        throw UsageError("root " + std::to_string(root) + " is outside 0.." +
                         std::to_string(n - 1));
    if (h.n != n)
        throw UsageError("the Hockney model is of " + std::to_string(h.n) +
                         " processes, the communicator of " +
                         std::to_string(n));
    order_ = binomial_mapping(h, root, M, TreeOp::Scatter,
                              opt ? TreeMap::Optimal : TreeMap::Worst);
    int v = position_of(order_, rank);
    CPM_MPI(MPI_Comm_split(comm, 0, (v + root) % n, &comm_));
    int rc = MPI_Comm_group(comm, &group_);
    if (rc != MPI_SUCCESS) {
        MPI_Comm_free(&comm_);
        throw_mpi_error(rc, "MPI_Comm_group", __FILE__, __LINE__);
    }
}

ReorderedComm::~ReorderedComm()
{
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (finalized)
        return;
    if (comm_ != MPI_COMM_NULL)
        MPI_Comm_free(&comm_);
    if (group_ != MPI_GROUP_NULL)
        MPI_Group_free(&group_);
}

int ReorderedComm::scatter(const void *sendbuf, int sendcount,
                           MPI_Datatype sendtype, void *recvbuf,
                           int recvcount, MPI_Datatype recvtype, int root,
                           MPI_Comm comm) const
{
    return guarded([&]() -> int {
        MPI_Group g = MPI_GROUP_NULL;
        int rc = MPI_Comm_group(comm, &g), same = MPI_UNEQUAL;
        if (rc != MPI_SUCCESS)
            return rc;
        rc = MPI_Group_compare(g, group_, &same);
        MPI_Group_free(&g);
        if (rc != MPI_SUCCESS)
            return rc;
        if (same != MPI_IDENT)
            return MPI_ERR_COMM;
        if (root != root_)
            return MPI_ERR_ROOT;
        int n = int(order_.size()), rank = 0;
        rc = MPI_Comm_rank(comm_, &rank);
        if (rc != MPI_SUCCESS)
            return rc;
        // On the reordered communicator position v has rank (v + root) % n
        // and takes block order[v] of the root's buffer.
        std::vector<int> peer(std::size_t(n), 0);
        for (int v = 0; v < n; ++v)
            peer[std::size_t(v)] = (v + root_) % n;
        return scatter_tree(peer, order_, (rank - root_ + n) % n, sendbuf,
                            sendcount, sendtype, recvbuf, recvcount, recvtype,
                            comm_);
    });
}

} // namespace cpm::coll
