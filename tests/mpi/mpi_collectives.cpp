// Data correctness of the module's scatter, gather and broadcast (and the
// native ones, as a reference) for every root, several counts and
// datatypes, including non-contiguous ones and MPI_IN_PLACE.
#include "benchmark_coll.h"

#include <gtest/gtest.h>
#include <mpi.h>
#include <string>
#include <vector>

namespace {

using ScatterFn = int (*)(const void *, int, MPI_Datatype, void *, int,
                          MPI_Datatype, int, MPI_Comm);
using BcastFn = int (*)(void *, int, MPI_Datatype, int, MPI_Comm);

/* A datatype built from MPI_INT: `extent` ints per element, of which the
 * ints at `slots` carry data and the others are holes. */
struct TypeCase {
    std::string name;
    MPI_Datatype type;
    int extent;
    std::vector<int> slots;
};

std::vector<TypeCase> &type_cases()
{
    static std::vector<TypeCase> cases;
    if (!cases.empty())
        return cases;
    cases.push_back({"MPI_INT", MPI_INT, 1, {0}});
    MPI_Datatype triple, strided;
    MPI_Type_contiguous(3, MPI_INT, &triple);
    MPI_Type_commit(&triple);
    cases.push_back({"contiguous(3,int)", triple, 3, {0, 1, 2}});
    MPI_Type_vector(2, 1, 2, MPI_INT, &strided); // ints 0 and 2 of 3
    MPI_Type_commit(&strided);
    cases.push_back({"vector(2,1,2,int)", strided, 3, {0, 2}});
    return cases;
}

const int kHole = -7;

int value(int block, int element, int slot)
{
    return 1 + block * 100000 + element * 10 + slot;
}

// A buffer of `blocks` blocks of `count` elements, holes set to kHole.
std::vector<int> make_buffer(const TypeCase &t, int blocks, int count,
                             bool fill)
{
    std::vector<int> buf(std::size_t(blocks) * count * t.extent + 1, kHole);
    if (fill)
        for (int b = 0; b < blocks; ++b)
            for (int e = 0; e < count; ++e)
                for (int s : t.slots)
                    buf[(std::size_t(b) * count + e) * t.extent + s] =
                        value(b, e, s);
    return buf;
}

// Counts the ints of block `b` of buf (blocks of count elements) that do
// not hold value(expect_block, ...), holes included.
int mismatches(const TypeCase &t, const std::vector<int> &buf, int b,
               int count, int expect_block)
{
    int bad = 0;
    for (int e = 0; e < count; ++e)
        for (int x = 0; x < t.extent; ++x) {
            bool data = false;
            for (int s : t.slots)
                data = data || s == x;
            int got = buf[(std::size_t(b) * count + e) * t.extent + x];
            bad += got != (data ? value(expect_block, e, x) : kHole);
        }
    return bad;
}

struct Rank {
    int rank, n;
    Rank()
    {
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        MPI_Comm_size(MPI_COMM_WORLD, &n);
    }
};

const int kCounts[] = {0, 1, 5, 300};

void check_scatter(ScatterFn f, const char *name, bool in_place)
{
    Rank me;
    for (const TypeCase &t : type_cases())
        for (int count : kCounts)
            for (int root = 0; root < me.n; ++root) {
                SCOPED_TRACE(std::string(name) + " " + t.name + " count=" +
                             std::to_string(count) + " root=" +
                             std::to_string(root) +
                             (in_place ? " in place" : ""));
                bool is_root = me.rank == root;
                std::vector<int> send = make_buffer(t, me.n, count, is_root);
                std::vector<int> recv = make_buffer(t, 1, count, false);
                void *rbuf = is_root && in_place ? MPI_IN_PLACE : recv.data();
                ASSERT_EQ(f(send.data(), count, t.type, rbuf, count, t.type,
                            root, MPI_COMM_WORLD),
                          MPI_SUCCESS);
                if (is_root && in_place)
                    EXPECT_EQ(mismatches(t, send, root, count, root), 0);
                else
                    EXPECT_EQ(mismatches(t, recv, 0, count, me.rank), 0);
            }
}

void check_gather(ScatterFn f, const char *name, bool in_place)
{
    Rank me;
    for (const TypeCase &t : type_cases())
        for (int count : kCounts)
            for (int root = 0; root < me.n; ++root) {
                SCOPED_TRACE(std::string(name) + " " + t.name + " count=" +
                             std::to_string(count) + " root=" +
                             std::to_string(root) +
                             (in_place ? " in place" : ""));
                bool is_root = me.rank == root;
                // Rank r sends block r's values.
                std::vector<int> mine = make_buffer(t, me.n, count, true);
                const int *sbuf = &mine[std::size_t(me.rank) * count * t.extent];
                std::vector<int> recv = make_buffer(t, me.n, count, false);
                const void *send = sbuf;
                if (is_root && in_place) {
                    send = MPI_IN_PLACE;
                    recv = make_buffer(t, me.n, count, false);
                    for (int e = 0; e < count * t.extent; ++e)
                        recv[std::size_t(root) * count * t.extent + e] =
                            sbuf[e];
                }
                ASSERT_EQ(f(send, count, t.type, recv.data(), count, t.type,
                            root, MPI_COMM_WORLD),
                          MPI_SUCCESS);
                if (is_root)
                    for (int b = 0; b < me.n; ++b)
                        EXPECT_EQ(mismatches(t, recv, b, count, b), 0)
                            << "block " << b;
            }
}

void check_bcast(BcastFn f, const char *name)
{
    Rank me;
    for (const TypeCase &t : type_cases())
        for (int count : kCounts)
            for (int root = 0; root < me.n; ++root) {
                SCOPED_TRACE(std::string(name) + " " + t.name + " count=" +
                             std::to_string(count) + " root=" +
                             std::to_string(root));
                std::vector<int> buf =
                    make_buffer(t, 1, count, me.rank == root);
                ASSERT_EQ(f(buf.data(), count, t.type, root, MPI_COMM_WORLD),
                          MPI_SUCCESS);
                EXPECT_EQ(mismatches(t, buf, 0, count, 0), 0);
            }
}

int native_scatter(const void *s, int sc, MPI_Datatype st, void *r, int rc,
                   MPI_Datatype rt, int root, MPI_Comm c)
{
    return MPI_Scatter(s, sc, st, r, rc, rt, root, c);
}
int native_gather(const void *s, int sc, MPI_Datatype st, void *r, int rc,
                  MPI_Datatype rt, int root, MPI_Comm c)
{
    return MPI_Gather(s, sc, st, r, rc, rt, root, c);
}

TEST(Scatter, Linear) { check_scatter(MPIB_Scatter_linear, "linear", false); }
TEST(Scatter, Binomial)
{
    check_scatter(MPIB_Scatter_binomial, "binomial", false);
}
TEST(Scatter, InPlace)
{
    check_scatter(MPIB_Scatter_linear, "linear", true);
    check_scatter(MPIB_Scatter_binomial, "binomial", true);
}
TEST(Scatter, NativeReference)
{
    check_scatter(native_scatter, "MPI_Scatter", false);
}
TEST(Gather, Linear) { check_gather(MPIB_Gather_linear, "linear", false); }
TEST(Gather, Binomial) { check_gather(MPIB_Gather_binomial, "binomial", false); }
TEST(Gather, InPlace)
{
    check_gather(MPIB_Gather_linear, "linear", true);
    check_gather(MPIB_Gather_binomial, "binomial", true);
}
TEST(Gather, NativeReference) { check_gather(native_gather, "MPI_Gather", false); }
TEST(Bcast, Linear) { check_bcast(MPIB_Bcast_linear, "linear"); }
TEST(Bcast, Binomial) { check_bcast(MPIB_Bcast_binomial, "binomial"); }

// Root and leaves may describe the same data with different datatypes.
TEST(Scatter, DifferentTypesSameSignature)
{
    Rank me;
    MPI_Datatype pair;
    MPI_Type_contiguous(2, MPI_DOUBLE, &pair);
    MPI_Type_commit(&pair);
    for (auto f : {MPIB_Scatter_linear, MPIB_Scatter_binomial})
        for (int root = 0; root < me.n; ++root) {
            std::vector<double> send(std::size_t(me.n) * 8), recv(8, -1);
            for (std::size_t k = 0; k < send.size(); ++k)
                send[k] = 0.5 + double(k);
            ASSERT_EQ(f(send.data(), 8, MPI_DOUBLE, recv.data(), 4, pair, root,
                        MPI_COMM_WORLD),
                      MPI_SUCCESS);
            for (int k = 0; k < 8; ++k)
                EXPECT_EQ(recv[k], 0.5 + me.rank * 8 + k) << "root " << root;
        }
    MPI_Type_free(&pair);
}

} // namespace
