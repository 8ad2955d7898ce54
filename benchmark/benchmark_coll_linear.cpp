/* Linear scatter, gather and broadcast: the root talks to every other rank
 * directly, posting all nonblocking operations in rank order before waiting
 * for them. */
#include "benchmark_coll.h"
#include "benchmark_coll_util.h"

#include <vector>

using namespace cpm::bench::coll;

extern "C" int MPIB_Scatter_linear(const void *sendbuf, int sendcount,
                                   MPI_Datatype sendtype, void *recvbuf,
                                   int recvcount, MPI_Datatype recvtype,
                                   int root, MPI_Comm comm)
{
    int rank, n, rc;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &n);
    if (rank != root)
        return MPI_Recv(recvbuf, recvcount, recvtype, root, kCollTag, comm,
                        MPI_STATUS_IGNORE);
    MPI_Aint ext = extent_of(sendtype);
    std::vector<MPI_Request> req;
    req.reserve(n);
    for (int i = 0; i < n; ++i) {
        if (i == root)
            continue;
        req.emplace_back();
        rc = MPI_Isend(block(sendbuf, i, sendcount, ext), sendcount, sendtype,
                       i, kCollTag, comm, &req.back());
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

extern "C" int MPIB_Gather_linear(const void *sendbuf, int sendcount,
                                  MPI_Datatype sendtype, void *recvbuf,
                                  int recvcount, MPI_Datatype recvtype,
                                  int root, MPI_Comm comm)
{
    int rank, n, rc;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &n);
    if (rank != root)
        return MPI_Send(sendbuf, sendcount, sendtype, root, kCollTag, comm);
    MPI_Aint ext = extent_of(recvtype);
    std::vector<MPI_Request> req;
    req.reserve(n);
    for (int i = 0; i < n; ++i) {
        if (i == root)
            continue;
        req.emplace_back();
        rc = MPI_Irecv(block(recvbuf, i, recvcount, ext), recvcount, recvtype,
                       i, kCollTag, comm, &req.back());
        if (rc != MPI_SUCCESS)
            return rc;
    }
    if (sendbuf != MPI_IN_PLACE) {
        rc = local_copy(sendbuf, sendcount, sendtype,
                        block(recvbuf, root, recvcount, ext), recvcount,
                        recvtype);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    return MPI_Waitall(int(req.size()), req.data(), MPI_STATUSES_IGNORE);
}

extern "C" int MPIB_Bcast_linear(void *buffer, int count,
                                 MPI_Datatype datatype, int root,
                                 MPI_Comm comm)
{
    int rank, n;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &n);
    if (rank != root)
        return MPI_Recv(buffer, count, datatype, root, kCollTag, comm,
                        MPI_STATUS_IGNORE);
    std::vector<MPI_Request> req;
    req.reserve(n);
    for (int i = 0; i < n; ++i) {
        if (i == root)
            continue;
        req.emplace_back();
        int rc = MPI_Isend(buffer, count, datatype, i, kCollTag, comm,
                           &req.back());
        if (rc != MPI_SUCCESS)
            return rc;
    }
    return MPI_Waitall(int(req.size()), req.data(), MPI_STATUSES_IGNORE);
}
