/* Binomial-tree scatter, gather and broadcast for any root and any number
 * of processes. With v = (rank - root) mod n, the parent of v > 0 is
 * v - lowbit(v) and its subtree holds ranks v .. v + min(lowbit(v), n-v) - 1,
 * so a subtree's blocks are contiguous in root-relative order. */
#include "benchmark_coll.h"
#include "benchmark_coll_tree.h"
#include "benchmark_coll_util.h"

#include <algorithm>

using namespace cpm::bench::coll;

namespace {

int absolute(int v, int root, int n) { return (v + root) % n; }

/* Moves n blocks between absolute order (block r = rank r) and
 * root-relative order (block v = rank (v+root) mod n). */
int rotate(const void *src, MPI_Aint sext, int scount, MPI_Datatype stype,
           void *dst, MPI_Aint dext, int dcount, MPI_Datatype dtype, int root,
           int n, bool to_relative)
{
    // absolute root..n-1 <-> relative 0..n-1-root;
    // absolute 0..root-1 <-> relative n-root..n-1
    int first = n - root;
    const long from_a = to_relative ? root : 0, to_a = to_relative ? 0 : root;
    const long from_b = to_relative ? 0 : first, to_b = to_relative ? first : 0;
    int rc = local_copy(block(src, from_a, scount, sext), first * scount,
                        stype, block(dst, to_a, dcount, dext), first * dcount,
                        dtype);
    if (rc != MPI_SUCCESS || root == 0)
        return rc;
    return local_copy(block(src, from_b, scount, sext), root * scount, stype,
                      block(dst, to_b, dcount, dext), root * dcount, dtype);
}

} // namespace

extern "C" int MPIB_Scatter_binomial(const void *sendbuf, int sendcount,
                                     MPI_Datatype sendtype, void *recvbuf,
                                     int recvcount, MPI_Datatype recvtype,
                                     int root, MPI_Comm comm)
{
    int rank, n, rc;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &n);
    int v = (rank - root + n) % n;
    if (v == 0) {
        MPI_Aint ext = extent_of(sendtype);
        TypedBuffer tmp(root ? long(n) * sendcount : 0, sendtype);
        const void *src = sendbuf;
        if (root) {
            rc = rotate(sendbuf, ext, sendcount, sendtype, tmp.data(), ext,
                        sendcount, sendtype, root, n, true);
            if (rc != MPI_SUCCESS)
                return rc;
            src = tmp.data();
        }
        for (int mask = pow2_at_least(n) / 2; mask > 0; mask >>= 1) {
            if (mask >= n)
                continue;
            int blocks = std::min(mask, n - mask);
            rc = MPI_Send(block(src, mask, sendcount, ext), blocks * sendcount,
                          sendtype, absolute(mask, root, n), kCollTag, comm);
            if (rc != MPI_SUCCESS)
                return rc;
        }
        if (recvbuf == MPI_IN_PLACE)
            return MPI_SUCCESS;
        return local_copy(src, sendcount, sendtype, recvbuf, recvcount,
                          recvtype);
    }
    int lb = lowbit(v), sub = std::min(lb, n - v);
    int parent = absolute(v - lb, root, n);
    if (sub == 1)
        return MPI_Recv(recvbuf, recvcount, recvtype, parent, kCollTag, comm,
                        MPI_STATUS_IGNORE);
    MPI_Aint ext = extent_of(recvtype);
    TypedBuffer tmp(long(sub) * recvcount, recvtype);
    rc = MPI_Recv(tmp.data(), sub * recvcount, recvtype, parent, kCollTag,
                  comm, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS)
        return rc;
    for (int mask = lb / 2; mask > 0; mask >>= 1) {
        if (v + mask >= n)
            continue;
        int blocks = std::min(mask, n - v - mask);
        rc = MPI_Send(block(tmp.data(), mask, recvcount, ext),
                      blocks * recvcount, recvtype,
                      absolute(v + mask, root, n), kCollTag, comm);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    return local_copy(tmp.data(), recvcount, recvtype, recvbuf, recvcount,
                      recvtype);
}

extern "C" int MPIB_Gather_binomial(const void *sendbuf, int sendcount,
                                    MPI_Datatype sendtype, void *recvbuf,
                                    int recvcount, MPI_Datatype recvtype,
                                    int root, MPI_Comm comm)
{
    int rank, n, rc;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &n);
    int v = (rank - root + n) % n;
    if (v == 0) {
        MPI_Aint ext = extent_of(recvtype);
        TypedBuffer tmp(root ? long(n) * recvcount : 0, recvtype);
        void *dst = root ? static_cast<void *>(tmp.data()) : recvbuf;
        if (sendbuf != MPI_IN_PLACE)
            rc = local_copy(sendbuf, sendcount, sendtype, dst, recvcount,
                            recvtype);
        else if (root)
            rc = local_copy(block(recvbuf, root, recvcount, ext), recvcount,
                            recvtype, dst, recvcount, recvtype);
        else
            rc = MPI_SUCCESS;
        if (rc != MPI_SUCCESS)
            return rc;
        for (int mask = 1; mask < n; mask <<= 1) {
            int blocks = std::min(mask, n - mask);
            rc = MPI_Recv(block(dst, mask, recvcount, ext), blocks * recvcount,
                          recvtype, absolute(mask, root, n), kCollTag, comm,
                          MPI_STATUS_IGNORE);
            if (rc != MPI_SUCCESS)
                return rc;
        }
        if (!root)
            return MPI_SUCCESS;
        return rotate(dst, ext, recvcount, recvtype, recvbuf, ext, recvcount,
                      recvtype, root, n, false);
    }
    int lb = lowbit(v), sub = std::min(lb, n - v);
    int parent = absolute(v - lb, root, n);
    if (sub == 1)
        return MPI_Send(sendbuf, sendcount, sendtype, parent, kCollTag, comm);
    MPI_Aint ext = extent_of(sendtype);
    TypedBuffer tmp(long(sub) * sendcount, sendtype);
    rc = local_copy(sendbuf, sendcount, sendtype, tmp.data(), sendcount,
                    sendtype);
    if (rc != MPI_SUCCESS)
        return rc;
    for (int mask = 1; mask < lb; mask <<= 1) {
        if (v + mask >= n)
            break;
        int blocks = std::min(mask, n - v - mask);
        rc = MPI_Recv(block(tmp.data(), mask, sendcount, ext),
                      blocks * sendcount, sendtype,
                      absolute(v + mask, root, n), kCollTag, comm,
                      MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    return MPI_Send(tmp.data(), sub * sendcount, sendtype, parent, kCollTag,
                    comm);
}

extern "C" int MPIB_Bcast_binomial(void *buffer, int count,
                                   MPI_Datatype datatype, int root,
                                   MPI_Comm comm)
{
    int rank, n, rc;
    MPI_Comm_rank(comm, &rank);
    MPI_Comm_size(comm, &n);
    int v = (rank - root + n) % n;
    int top = pow2_at_least(n) / 2;
    if (v != 0) {
        int lb = lowbit(v);
        rc = MPI_Recv(buffer, count, datatype, absolute(v - lb, root, n),
                      kCollTag, comm, MPI_STATUS_IGNORE);
        if (rc != MPI_SUCCESS)
            return rc;
        top = lb / 2;
    }
    for (int mask = top; mask > 0; mask >>= 1) {
        if (v + mask >= n)
            continue;
        rc = MPI_Send(buffer, count, datatype, absolute(v + mask, root, n),
                      kCollTag, comm);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    return MPI_SUCCESS;
}
