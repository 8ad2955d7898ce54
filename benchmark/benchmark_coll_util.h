/* Private helpers of the collective implementations: typed block addressing,
 * temporary buffers for any datatype, and local copies. */
#ifndef CPM_BENCHMARK_COLL_UTIL_H
#define CPM_BENCHMARK_COLL_UTIL_H

#include <mpi.h>

#include <vector>

namespace cpm::bench::coll {

/** Tag of the module's collective messages. */
const int kCollTag = 7301;

/** Extent of a datatype in bytes. */
MPI_Aint extent_of(MPI_Datatype type);

/** Address of block b of a buffer of blocks of count elements of type. */
inline char *block(const void *buf, long b, int count, MPI_Aint extent)
{
    return static_cast<char *>(const_cast<void *>(buf)) + b * count * extent;
}

/** Room for `elements` elements of type, addressed from data(). */
class TypedBuffer {
public:
    TypedBuffer(long elements, MPI_Datatype type);
    char *data() { return origin_; }

private:
    std::vector<char> bytes_;
    char *origin_ = nullptr;
};

/** Copies scount elements of stype at src to rcount elements of rtype at
 *  dst (same type signature), as a message to self. Returns an MPI code. */
int local_copy(const void *src, int scount, MPI_Datatype stype, void *dst,
               int rcount, MPI_Datatype rtype);

} // namespace cpm::bench::coll

#endif
