/* Private to src/coll: typed block addressing, temporary buffers for any
 * datatype, local copies, derived types that pick blocks in a given
 * order, and byte views of a block for the split gather. */
#ifndef CPM_COLL_UTIL_H
#define CPM_COLL_UTIL_H

#include "benchmark_coll_util.h"

#include <mpi.h>

#include <vector>

namespace cpm::coll::detail {

/** Tag of the model-based collectives' messages. */
const int kTag = 7311;

// Typed block addressing, temporary buffers and local copies are the
// measurement module's (benchmark_coll_util.h).
using bench::coll::block;
using bench::coll::extent_of;
using bench::coll::local_copy;
using bench::coll::TypedBuffer;

/** Size (bytes of data) of count elements of type. */
long bytes_of(int count, MPI_Datatype type);

/**
 * The blocks blocks[0], blocks[1], ... (each count elements of type, block
 * b at buf + b * count * extent) as one message: (buf + blocks[0]..., k *
 * count, type) if the indices are consecutive and ascending, else one
 * element of a derived type that lists them in this order. Freed on scope
 * exit.
 */
class BlockList {
public:
    BlockList(const void *buf, const int *blocks, int k, int count,
              MPI_Datatype type);
    ~BlockList();
    BlockList(const BlockList &) = delete;
    BlockList &operator=(const BlockList &) = delete;
    /** MPI_SUCCESS, or the code of the failed type constructor. */
    int status() const { return rc_; }
    void *buf() const { return buf_; }
    int count() const { return count_; }
    MPI_Datatype type() const { return type_; }

private:
    void *buf_ = nullptr;
    int count_ = 0;
    MPI_Datatype type_ = MPI_DATATYPE_NULL;
    MPI_Datatype derived_ = MPI_DATATYPE_NULL;
    int rc_ = MPI_SUCCESS;
};

/**
 * One block (count elements of type at buf) as a stream of bytes in the
 * order of the type map: the block's own memory if the type is dense and
 * in memory order (a predefined type without holes, or contiguous types of
 * one), else a packed copy (MPI_Pack; unpack() writes it back). On the
 * homogeneous systems CPM measures, a packed stream is the data's bytes,
 * so either side may use either form.
 */
class ByteView {
public:
    /** For sending (pack now) or receiving (unpack later). */
    ByteView(const void *buf, int count, MPI_Datatype type, bool for_send,
             MPI_Comm comm);
    /** MPI_SUCCESS, or the code of a failed MPI_Pack. */
    int status() const { return rc_; }
    char *data() { return data_; }
    /** Length of the stream in bytes. */
    long size() const { return size_; }
    /** After receiving into data(): copies a packed stream into the block
     *  (nothing if the view is the block itself). An MPI code. */
    int unpack();

private:
    void *buf_;
    int count_;
    MPI_Datatype type_;
    MPI_Comm comm_;
    std::vector<char> packed_;
    char *data_ = nullptr;
    long size_ = 0;
    int rc_ = MPI_SUCCESS;
};

/** True if count elements of type are their size() bytes of memory in
 *  type-map order from the address of the first (see ByteView). */
bool dense_in_order(MPI_Datatype type);

} // namespace cpm::coll::detail

#endif
