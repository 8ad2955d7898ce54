#include "benchmark_coll_util.h"

namespace cpm::bench::coll {

MPI_Aint extent_of(MPI_Datatype type)
{
    MPI_Aint lb = 0, extent = 0;
    MPI_Type_get_extent(type, &lb, &extent);
    return extent;
}

TypedBuffer::TypedBuffer(long elements, MPI_Datatype type)
{
    MPI_Aint lb = 0, extent = 0, true_lb = 0, true_extent = 0;
    MPI_Type_get_extent(type, &lb, &extent);
    MPI_Type_get_true_extent(type, &true_lb, &true_extent);
    long bytes = elements > 0 ? (elements - 1) * extent + true_extent : 1;
    bytes_.resize(bytes > 0 ? bytes : 1);
    origin_ = bytes_.data() - true_lb;
}

int local_copy(const void *src, int scount, MPI_Datatype stype, void *dst,
               int rcount, MPI_Datatype rtype)
{
    return MPI_Sendrecv(src, scount, stype, 0, kCollTag, dst, rcount, rtype,
                        0, kCollTag, MPI_COMM_SELF, MPI_STATUS_IGNORE);
}

} // namespace cpm::bench::coll
