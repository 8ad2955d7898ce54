#include "coll_util.h"

namespace cpm::coll::detail {

long bytes_of(int count, MPI_Datatype type)
{
    int size = 0;
    MPI_Type_size(type, &size);
    return long(count) * size;
}

BlockList::BlockList(const void *buf, const int *blocks, int k, int count,
                     MPI_Datatype type)
{
    MPI_Aint ext = extent_of(type);
    bool consecutive = true;
    for (int i = 1; i < k; ++i)
        consecutive = consecutive && blocks[i] == blocks[0] + i;
    if (consecutive || count == 0 || k == 0) {
        buf_ = block(buf, k ? blocks[0] : 0, count, ext);
        count_ = k * count;
        type_ = type;
        return;
    }
    // One element: k blocks of count elements, block i at blocks[i] in
    // units of the block's extent (count * ext).
    MPI_Datatype blk = MPI_DATATYPE_NULL;
    rc_ = MPI_Type_contiguous(count, type, &blk);
    if (rc_ != MPI_SUCCESS)
        return;
    rc_ = MPI_Type_create_indexed_block(k, 1, blocks, blk, &derived_);
    MPI_Type_free(&blk);
    if (rc_ == MPI_SUCCESS)
        rc_ = MPI_Type_commit(&derived_);
    buf_ = const_cast<void *>(buf);
    count_ = 1;
    type_ = derived_;
}

BlockList::~BlockList()
{
    if (derived_ != MPI_DATATYPE_NULL)
        MPI_Type_free(&derived_);
}

bool dense_in_order(MPI_Datatype type)
{
    int ni = 0, na = 0, nd = 0, combiner = 0;
    if (MPI_Type_get_envelope(type, &ni, &na, &nd, &combiner) != MPI_SUCCESS)
        return false;
    if (combiner == MPI_COMBINER_NAMED) {
        int size = 0;
        MPI_Aint lb = 0, extent = 0;
        MPI_Type_size(type, &size);
        MPI_Type_get_extent(type, &lb, &extent);
        return lb == 0 && extent == size; // not MPI_DOUBLE_INT and the like
    }
    if (combiner != MPI_COMBINER_CONTIGUOUS && combiner != MPI_COMBINER_DUP)
        return false;
    std::vector<int> ints(ni > 0 ? ni : 1);
    std::vector<MPI_Aint> addrs(na > 0 ? na : 1);
    std::vector<MPI_Datatype> types(nd > 0 ? nd : 1);
    if (nd != 1 || MPI_Type_get_contents(type, ni, na, nd, ints.data(),
                                         addrs.data(), types.data()) !=
                       MPI_SUCCESS)
        return false;
    MPI_Datatype old = types[0];
    bool dense = dense_in_order(old);
    int oni = 0, ona = 0, ond = 0, ocomb = 0;
    MPI_Type_get_envelope(old, &oni, &ona, &ond, &ocomb);
    if (ocomb != MPI_COMBINER_NAMED)
        MPI_Type_free(&old); // get_contents returned a new handle
    return dense;
}

ByteView::ByteView(const void *buf, int count, MPI_Datatype type,
                   bool for_send, MPI_Comm comm)
    : buf_(const_cast<void *>(buf)), count_(count), type_(type), comm_(comm)
{
    size_ = bytes_of(count, type);
    if (dense_in_order(type)) {
        data_ = static_cast<char *>(buf_);
        return;
    }
    int room = 0;
    rc_ = MPI_Pack_size(count, type, comm, &room);
    if (rc_ != MPI_SUCCESS)
        return;
    packed_.resize(std::size_t(room > size_ ? room : size_) + 1);
    data_ = packed_.data();
    if (!for_send)
        return;
    int pos = 0;
    rc_ = MPI_Pack(buf_, count, type, data_, int(packed_.size()), &pos, comm);
    if (rc_ == MPI_SUCCESS && pos != size_)
        rc_ = MPI_ERR_INTERN; // packing is not the data's bytes here
}

int ByteView::unpack()
{
    if (data_ == buf_)
        return MPI_SUCCESS;
    int pos = 0;
    return MPI_Unpack(data_, int(size_), &pos, buf_, count_, type_, comm_);
}

} // namespace cpm::coll::detail
