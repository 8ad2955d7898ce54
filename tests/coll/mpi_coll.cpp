// The model-based collectives under mpirun: correct data for every root,
// several counts and datatypes (contiguous, derived contiguous, strided,
// different types of one signature, MPI_IN_PLACE), in their C++ forms and
// under their C names, with synthetic models whose orders and mappings
// are not MPIB's; and the messages each process sends and receives, traced
// through the MPI profiling interface, are those the model implies.
#include "coll_ops.h"
#include "coll_plan.h"
#include "common_error.h"
#include "cpm.h"
#include "cpm_coll.h"

#include <gtest/gtest.h>
#include <mpi.h>

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

/* ---- Tracing: this program's MPI_Send, MPI_Isend, MPI_Recv and
 * MPI_Irecv stand in for the library's (PMPI), recording the peer, the
 * communicator and the number of bytes of each message while on. */
namespace {

struct Event {
    char kind; // 's' send, 'r' receive
    int peer;
    MPI_Comm comm;
    long bytes;
};

bool g_tracing = false;
std::vector<Event> g_events;

void record(char kind, int peer, MPI_Comm comm, int count, MPI_Datatype t)
{
    if (!g_tracing)
        return;
    int size = 0;
    PMPI_Type_size(t, &size);
    g_events.push_back({kind, peer, comm, long(count) * size});
}

} // namespace

extern "C" {
int MPI_Send(const void *buf, int count, MPI_Datatype t, int dest, int tag,
             MPI_Comm comm)
{
    record('s', dest, comm, count, t);
    return PMPI_Send(buf, count, t, dest, tag, comm);
}
int MPI_Isend(const void *buf, int count, MPI_Datatype t, int dest, int tag,
              MPI_Comm comm, MPI_Request *req)
{
    record('s', dest, comm, count, t);
    return PMPI_Isend(buf, count, t, dest, tag, comm, req);
}
int MPI_Recv(void *buf, int count, MPI_Datatype t, int source, int tag,
             MPI_Comm comm, MPI_Status *status)
{
    record('r', source, comm, count, t);
    return PMPI_Recv(buf, count, t, source, tag, comm, status);
}
int MPI_Irecv(void *buf, int count, MPI_Datatype t, int source, int tag,
              MPI_Comm comm, MPI_Request *req)
{
    record('r', source, comm, count, t);
    return PMPI_Irecv(buf, count, t, source, tag, comm, req);
}
}

namespace {

using namespace cpm;
using namespace cpm::coll;

struct Tracer {
    Tracer()
    {
        g_events.clear();
        g_tracing = true;
    }
    ~Tracer() { g_tracing = false; }
};

/* (kind, peer) of the events on comm. */
std::vector<std::pair<char, int>> trace_on(MPI_Comm comm)
{
    std::vector<std::pair<char, int>> t;
    for (const Event &e : g_events) {
        int same = MPI_UNEQUAL;
        MPI_Comm_compare(e.comm, comm, &same);
        if (same == MPI_IDENT)
            t.push_back({e.kind, e.peer});
    }
    return t;
}

struct Rank {
    int rank, n;
    Rank()
    {
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        MPI_Comm_size(MPI_COMM_WORLD, &n);
    }
};

stats::Estimate e(double v) { return {v, 0, 0}; }

/* An LMO model of n processes whose legs differ from pair to pair, so
 * that the orders are not rank orders; M1 = 100 and M2 = 5000 bytes make
 * the counts below small, medium (split) and large. */
models::LMO synthetic_lmo(int n)
{
    models::LMO m;
    m.n = n;
    for (int i = 0; i < n; ++i) {
        m.C.push_back(e((1 + (7 * i) % 5) * 1e-6));
        m.t.push_back(e((1 + (3 * i) % 4) * 1e-9));
    }
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            m.L.push_back(e((1 + (i + 2 * j) % 3) * 1e-6));
            m.beta.push_back(e(1e9 / (1 + (i * j + j) % 3)));
        }
    m.M1 = 100;
    m.M2 = 5000;
    return m;
}

/* A Hockney model of n processes with uneven links. */
models::Hockney synthetic_hockney(int n)
{
    models::Hockney h;
    h.n = n;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            h.alpha.push_back(e((1 + (3 * i + 5 * j) % 7) * 1e-6));
            h.beta.push_back(e((1 + (i * j + i + 2 * j) % 5) * 1e-9));
        }
    return h;
}

/* ---- Data: as tests/mpi/mpi_collectives.cpp. A datatype built from
 * MPI_INT: `extent` ints per element, of which those at `slots` carry
 * data and the others are holes. */
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

// Bytes per process: MPI_INT 0 4 20 1200 24000, contiguous(3) three
// times that, vector(2,1,2) twice: small, medium (100 < M <= 5000) and
// large for the LMO model above.
const int kCounts[] = {0, 1, 5, 300, 6000};
const int kHole = -7;

int value(int block, int element, int slot)
{
    return 1 + block * 100000 + element * 10 + slot;
}

std::vector<int> make_buffer(const TypeCase &t, int blocks, int count,
                             bool fill)
{
    std::vector<int> buf(std::size_t(blocks) * count * t.extent + 1, kHole);
    if (fill)
        for (int b = 0; b < blocks; ++b)
            for (int x = 0; x < count; ++x)
                for (int s : t.slots)
                    buf[(std::size_t(b) * count + x) * t.extent + s] =
                        value(b, x, s);
    return buf;
}

int mismatches(const TypeCase &t, const std::vector<int> &buf, int b,
               int count, int expect_block)
{
    int bad = 0;
    for (int x = 0; x < count; ++x)
        for (int k = 0; k < t.extent; ++k) {
            bool data = std::find(t.slots.begin(), t.slots.end(), k) !=
                        t.slots.end();
            int got = buf[(std::size_t(b) * count + x) * t.extent + k];
            bad += got != (data ? value(expect_block, x, k) : kHole);
        }
    bad += buf.back() != kHole; // nothing written past the end
    return bad;
}

using CollFn = std::function<int(const void *, int, MPI_Datatype, void *,
                                 int, MPI_Datatype, int, MPI_Comm)>;

void check_scatter(const CollFn &f, const std::string &name, bool in_place)
{
    Rank me;
    for (const TypeCase &t : type_cases())
        for (int count : kCounts)
            for (int root = 0; root < me.n; ++root) {
                SCOPED_TRACE(name + " " + t.name + " count=" +
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

void check_gather(const CollFn &f, const std::string &name, bool in_place)
{
    Rank me;
    for (const TypeCase &t : type_cases())
        for (int count : kCounts)
            for (int root = 0; root < me.n; ++root) {
                SCOPED_TRACE(name + " " + t.name + " count=" +
                             std::to_string(count) + " root=" +
                             std::to_string(root) +
                             (in_place ? " in place" : ""));
                bool is_root = me.rank == root;
                std::vector<int> mine = make_buffer(t, me.n, count, true);
                const int *sbuf =
                    &mine[std::size_t(me.rank) * count * t.extent];
                std::vector<int> recv = make_buffer(t, me.n, count, false);
                const void *send = sbuf;
                if (is_root && in_place) {
                    send = MPI_IN_PLACE;
                    for (int k = 0; k < count * t.extent; ++k)
                        recv[std::size_t(root) * count * t.extent + k] =
                            sbuf[k];
                }
                ASSERT_EQ(f(send, count, t.type, recv.data(), count, t.type,
                            root, MPI_COMM_WORLD),
                          MPI_SUCCESS);
                if (is_root) {
                    for (int b = 0; b < me.n; ++b)
                        EXPECT_EQ(mismatches(t, recv, b, count, b), 0)
                            << "block " << b;
                }
            }
}

/* Root and leaves describe the same data with different datatypes: 8
 * doubles as MPI_DOUBLE on one side and 4 pairs on the other. */
void check_different_types(const CollFn &f, const std::string &name,
                           bool scatter)
{
    Rank me;
    MPI_Datatype pair;
    MPI_Type_contiguous(2, MPI_DOUBLE, &pair);
    MPI_Type_commit(&pair);
    for (int root = 0; root < me.n; ++root) {
        SCOPED_TRACE(name + " root=" + std::to_string(root));
        std::vector<double> all(std::size_t(me.n) * 8), one(8, -1);
        for (std::size_t k = 0; k < all.size(); ++k)
            all[k] = 0.5 + double(k);
        if (scatter) {
            ASSERT_EQ(f(all.data(), 8, MPI_DOUBLE, one.data(), 4, pair, root,
                        MPI_COMM_WORLD),
                      MPI_SUCCESS);
            for (int k = 0; k < 8; ++k)
                EXPECT_EQ(one[std::size_t(k)], 0.5 + me.rank * 8 + k);
        } else {
            std::vector<double> got(all.size(), -1);
            ASSERT_EQ(f(&all[std::size_t(me.rank) * 8], 4, pair, got.data(),
                        8, MPI_DOUBLE, root, MPI_COMM_WORLD),
                      MPI_SUCCESS);
            if (me.rank == root) {
                EXPECT_EQ(got, all);
            }
        }
    }
    MPI_Type_free(&pair);
}

template <class Model, class Fn>
CollFn with(const Model &m, Fn f)
{
    return [&m, f](const void *s, int sc, MPI_Datatype st, void *r, int rc,
                   MPI_Datatype rt, int root, MPI_Comm c) {
        return f(m, s, sc, st, r, rc, rt, root, c);
    };
}

/* ---- Data correctness, C++ forms. */

TEST(LinearOpt, Scatter)
{
    Rank me;
    models::LMO m = synthetic_lmo(me.n);
    check_scatter(with(m, scatter_linear_opt), "scatter_linear_opt", false);
    check_scatter(with(m, scatter_linear_opt), "scatter_linear_opt", true);
    check_different_types(with(m, scatter_linear_opt), "scatter_linear_opt",
                          true);
}

TEST(LinearOpt, Gather)
{
    Rank me;
    models::LMO m = synthetic_lmo(me.n);
    check_gather(with(m, gather_linear_opt), "gather_linear_opt", false);
    check_gather(with(m, gather_linear_opt), "gather_linear_opt", true);
    check_different_types(with(m, gather_linear_opt), "gather_linear_opt",
                          false);
    // 64 bytes in 7 pieces of 9 or 10 bytes: pieces cut through doubles.
    m.M1 = 10;
    check_different_types(with(m, gather_linear_opt), "gather split 7",
                          false);
    check_gather(with(m, gather_linear_opt), "gather_linear_opt M1=10", true);
}

TEST(BinomialOpt, Scatter)
{
    Rank me;
    models::Hockney h = synthetic_hockney(me.n);
    for (auto [f, name] :
         {std::pair{scatter_binomial_opt, "scatter_binomial_opt"},
          std::pair{scatter_binomial_cor, "scatter_binomial_cor"}}) {
        check_scatter(with(h, f), name, false);
        check_scatter(with(h, f), name, true);
        check_different_types(with(h, f), name, true);
    }
}

TEST(BinomialOpt, Gather)
{
    Rank me;
    models::Hockney h = synthetic_hockney(me.n);
    for (auto [f, name] :
         {std::pair{gather_binomial_opt, "gather_binomial_opt"},
          std::pair{gather_binomial_cor, "gather_binomial_cor"}}) {
        check_gather(with(h, f), name, false);
        check_gather(with(h, f), name, true);
        check_different_types(with(h, f), name, false);
    }
}

/* ---- The messages are those the model implies. */

TEST(Trace, ScatterLinearSendsInTheModelsOrder)
{
    Rank me;
    models::LMO m = synthetic_lmo(me.n);
    std::vector<char> send(std::size_t(me.n) * 400), recv(400);
    for (int root = 0; root < me.n; ++root)
        for (int M : {0, 40, 400}) {
            Tracer on;
            ASSERT_EQ(scatter_linear_opt(m, send.data(), M, MPI_BYTE,
                                         recv.data(), M, MPI_BYTE, root,
                                         MPI_COMM_WORLD),
                      MPI_SUCCESS);
            std::vector<std::pair<char, int>> want;
            if (me.rank == root)
                for (int i : scatter_linear_order(m, root, M))
                    want.push_back({'s', i});
            else
                want.push_back({'r', root});
            EXPECT_EQ(trace_on(MPI_COMM_WORLD), want)
                << "root " << root << " M " << M;
        }
}

TEST(Trace, GatherLinearReceivesInOrderAndPieces)
{
    Rank me;
    models::LMO m = synthetic_lmo(me.n);
    std::vector<char> mine(4000), all(std::size_t(me.n) * 4000);
    for (int root = 0; root < me.n; ++root)
        for (int M : {0, 100, 101, 1000, 4000}) {
            long K = gather_linear_pieces(m, M);
            EXPECT_EQ(K, M > 100 ? (M + 99) / 100 : 1);
            Tracer on;
            ASSERT_EQ(gather_linear_opt(m, mine.data(), M, MPI_BYTE,
                                        all.data(), M, MPI_BYTE, root,
                                        MPI_COMM_WORLD),
                      MPI_SUCCESS);
            std::vector<std::pair<char, int>> want;
            std::vector<long> sizes;
            for (long p = 0; p < K; ++p) {
                long len = piece_offset(M, K, p + 1) - piece_offset(M, K, p);
                if (me.rank == root)
                    for (int i : gather_linear_order(m, root, double(M / K))) {
                        want.push_back({'r', i});
                        sizes.push_back(len);
                    }
                else {
                    want.push_back({'s', root});
                    sizes.push_back(len);
                }
            }
            EXPECT_EQ(trace_on(MPI_COMM_WORLD), want)
                << "root " << root << " M " << M;
            std::vector<long> got;
            for (const Event &ev : g_events)
                got.push_back(ev.bytes);
            EXPECT_EQ(got, sizes) << "root " << root << " M " << M;
        }
}

/* The messages of position v of a binomial tree on mapping order. */
std::vector<std::pair<char, int>> tree_messages(const std::vector<int> &order,
                                                int rank, bool scatter)
{
    int n = int(order.size());
    int v = int(std::find(order.begin(), order.end(), rank) - order.begin());
    int top = 1;
    while (top < n)
        top <<= 1;
    int low = v == 0 ? top : (v & -v);
    std::vector<std::pair<char, int>> kids, out;
    for (int mask = low / 2; mask > 0; mask >>= 1)
        if (v + mask < n)
            kids.push_back({scatter ? 's' : 'r', order[std::size_t(v + mask)]});
    if (!scatter)
        std::reverse(kids.begin(), kids.end());
    std::pair<char, int> up{scatter ? 'r' : 's',
                            v ? order[std::size_t(v - (v & -v))] : -1};
    if (v && scatter)
        out.push_back(up);
    out.insert(out.end(), kids.begin(), kids.end());
    if (v && !scatter)
        out.push_back(up);
    return out;
}

TEST(Trace, BinomialFollowsTheModelsMapping)
{
    Rank me;
    models::Hockney h = synthetic_hockney(me.n);
    std::vector<char> a(std::size_t(me.n) * 1000), b(std::size_t(me.n) * 1000);
    int moved = 0;
    for (int root = 0; root < me.n; ++root)
        for (int M : {0, 1000})
            for (TreeMap kind : {TreeMap::Optimal, TreeMap::Worst})
                for (bool scatter : {true, false}) {
                    TreeOp op = scatter ? TreeOp::Scatter : TreeOp::Gather;
                    std::vector<int> order =
                        binomial_mapping(h, root, M, op, kind);
                    moved += order != binomial_mapping(h, root, M, op,
                                                       TreeMap::Plain);
                    auto f = scatter ? (kind == TreeMap::Optimal
                                            ? scatter_binomial_opt
                                            : scatter_binomial_cor)
                                     : (kind == TreeMap::Optimal
                                            ? gather_binomial_opt
                                            : gather_binomial_cor);
                    Tracer on;
                    ASSERT_EQ(f(h, a.data(), M, MPI_BYTE, b.data(), M,
                                MPI_BYTE, root, MPI_COMM_WORLD),
                              MPI_SUCCESS);
                    EXPECT_EQ(trace_on(MPI_COMM_WORLD),
                              tree_messages(order, me.rank, scatter))
                        << "root " << root << " M " << M
                        << (scatter ? " scatter" : " gather");
                }
    if (me.n >= 3) {
        EXPECT_GT(moved, 0) << "every mapping was MPIB's: a weak test";
    }
}

/* ---- The C names, with the models set from C++ and from C structs. */

TEST(CNames, LinearWithModelSetFromCpp)
{
    Rank me;
    models::LMO m = synthetic_lmo(me.n);
    lmo_initialize(MPI_COMM_WORLD, me.rank == 0 ? &m : nullptr);
    ASSERT_NE(lmo_instance(), nullptr);
    check_scatter(CPM_Scatter_linear_opt, "CPM_Scatter_linear_opt", false);
    check_gather(CPM_Gather_linear_opt, "CPM_Gather_linear_opt", false);
    check_gather(CPM_Gather_linear_opt, "CPM_Gather_linear_opt", true);
    EXPECT_EQ(LMO_finalize(MPI_COMM_WORLD), MPI_SUCCESS);
    int x = 0;
    EXPECT_EQ(CPM_Scatter_linear_opt(&x, 1, MPI_INT, &x, 1, MPI_INT, 0,
                                     MPI_COMM_WORLD),
              MPI_ERR_OTHER);
    EXPECT_NE(std::string(CPM_error_message()).find("LMO_initialize"),
              std::string::npos);
}

TEST(CNames, LinearWithModelFromCStruct)
{
    Rank me;
    models::LMO s = synthetic_lmo(me.n);
    LMO_model *c = nullptr;
    if (me.rank == 0) { // significant at rank 0 only
        c = LMO_alloc(me.n);
        ASSERT_NE(c, nullptr);
        for (int i = 0; i < me.n; ++i) {
            c->C[i] = s.C[std::size_t(i)].value;
            c->t[i] = s.t[std::size_t(i)].value;
        }
        for (std::size_t p = 0; p < s.L.size(); ++p) {
            c->L[p] = s.L[p].value;
            c->b[p] = s.beta[p].value;
        }
        c->M1 = 100;
        c->M2 = 5000;
    }
    ASSERT_EQ(LMO_initialize(MPI_COMM_WORLD, c), MPI_SUCCESS)
        << CPM_error_message();
    const models::LMO *got = lmo_instance();
    ASSERT_NE(got, nullptr);
    EXPECT_EQ(got->n, me.n);
    EXPECT_TRUE(got->M1 && *got->M1 == 100);
    EXPECT_TRUE(got->M2 && *got->M2 == 5000);
    EXPECT_FALSE(got->S);
    for (int root = 0; root < me.n; ++root)
        EXPECT_EQ(scatter_linear_order(*got, root, 1000),
                  scatter_linear_order(s, root, 1000));
    check_scatter(CPM_Scatter_linear_opt, "CPM_Scatter_linear_opt", true);
    check_gather(CPM_Gather_linear_opt, "CPM_Gather_linear_opt", false);
    LMO_free(c);
    LMO_finalize(MPI_COMM_WORLD);
}

TEST(CNames, BinomialWithModelFromCStruct)
{
    Rank me;
    models::Hockney s = synthetic_hockney(me.n);
    Hockney_model *c = nullptr;
    if (me.rank == 0) {
        c = Hockney_alloc(me.n);
        ASSERT_NE(c, nullptr);
        for (std::size_t p = 0; p < s.alpha.size(); ++p) {
            c->a[p] = s.alpha[p].value;
            c->b[p] = s.beta[p].value;
        }
    }
    ASSERT_EQ(Hockney_initialize(MPI_COMM_WORLD, c), MPI_SUCCESS)
        << CPM_error_message();
    Hockney_free(c);
    for (auto [f, name] :
         {std::pair{CPM_Scatter_binomial_opt, "CPM_Scatter_binomial_opt"},
          std::pair{CPM_Scatter_binomial_cor, "CPM_Scatter_binomial_cor"}})
        check_scatter(f, name, false);
    for (auto [f, name] :
         {std::pair{CPM_Gather_binomial_opt, "CPM_Gather_binomial_opt"},
          std::pair{CPM_Gather_binomial_cor, "CPM_Gather_binomial_cor"}})
        check_gather(f, name, true);
    // The C names remember the mappings: the same as the search's.
    std::vector<char> a(std::size_t(me.n) * 64), b(64);
    for (int root = 0; root < me.n; ++root) {
        Tracer on;
        ASSERT_EQ(CPM_Scatter_binomial_opt(a.data(), 64, MPI_BYTE, b.data(),
                                           64, MPI_BYTE, root, MPI_COMM_WORLD),
                  MPI_SUCCESS);
        EXPECT_EQ(trace_on(MPI_COMM_WORLD),
                  tree_messages(binomial_mapping(s, root, 64, TreeOp::Scatter,
                                                 TreeMap::Optimal),
                                me.rank, true));
    }
    Hockney_finalize(MPI_COMM_WORLD);
}

TEST(CNames, ReorderedCommunicator)
{
    Rank me;
    models::Hockney h = synthetic_hockney(me.n);
    hockney_initialize(MPI_COMM_WORLD, &h);
    for (int opt : {1, 0})
        for (int root = 0; root < me.n; ++root) {
            SCOPED_TRACE("opt=" + std::to_string(opt) + " root=" +
                         std::to_string(root));
            ASSERT_EQ(CPM_p2p_initialize(MPI_COMM_WORLD, root, opt),
                      MPI_SUCCESS)
                << CPM_error_message();
            const ReorderedComm *r = p2p_instance();
            ASSERT_NE(r, nullptr);
            std::vector<int> order = binomial_mapping(
                h, root, kReorderSize, TreeOp::Scatter,
                opt ? TreeMap::Optimal : TreeMap::Worst);
            EXPECT_EQ(r->order(), order);
            // The process at position v has rank (v + root) mod n there.
            int v = int(std::find(order.begin(), order.end(), me.rank) -
                        order.begin());
            int new_rank = -1;
            MPI_Comm_rank(r->comm(), &new_rank);
            EXPECT_EQ(new_rank, (v + root) % me.n);
            // Data in the order of MPI_COMM_WORLD, messages on r->comm().
            for (const TypeCase &t : type_cases())
                for (int count : {0, 1, 300}) {
                    bool is_root = me.rank == root;
                    std::vector<int> send =
                        make_buffer(t, me.n, count, is_root);
                    std::vector<int> recv = make_buffer(t, 1, count, false);
                    Tracer on;
                    ASSERT_EQ(CPM_Scatter_binomial(send.data(), count, t.type,
                                                   recv.data(), count, t.type,
                                                   root, MPI_COMM_WORLD),
                              MPI_SUCCESS)
                        << CPM_error_message();
                    EXPECT_EQ(mismatches(t, recv, 0, count, me.rank), 0)
                        << t.name << " count " << count;
                    // On the reordered communicator position v is rank
                    // (v + root) mod n: MPIB's tree with root `root`.
                    std::vector<int> plain(std::size_t(me.n));
                    for (int u = 0; u < me.n; ++u)
                        plain[std::size_t(u)] = (u + root) % me.n;
                    EXPECT_EQ(trace_on(r->comm()),
                              tree_messages(plain, new_rank, true));
                }
            // A duplicate of the communicator is the same processes in the
            // same order; another root is refused on every process.
            MPI_Comm dup;
            MPI_Comm_dup(MPI_COMM_WORLD, &dup);
            int x[64] = {0};
            EXPECT_EQ(CPM_Scatter_binomial(x, 1, MPI_INT, x + 32, 1, MPI_INT,
                                           root, dup),
                      MPI_SUCCESS);
            EXPECT_EQ(CPM_Scatter_binomial(x, 1, MPI_INT, x + 32, 1, MPI_INT,
                                           (root + 1) % me.n, dup),
                      me.n > 1 ? MPI_ERR_ROOT : MPI_SUCCESS);
            MPI_Comm_free(&dup);
        }
    EXPECT_EQ(CPM_p2p_finalize(MPI_COMM_WORLD), MPI_SUCCESS);
    EXPECT_EQ(p2p_instance(), nullptr);
    hockney_finalize();
}

/* ---- Errors on every process alike, no hang. */

TEST(Errors, ModelOfAnotherSize)
{
    Rank me;
    models::LMO m = synthetic_lmo(me.n + 1);
    int x[8] = {0};
    EXPECT_EQ(scatter_linear_opt(m, x, 1, MPI_INT, x + 4, 1, MPI_INT, 0,
                                 MPI_COMM_WORLD),
              MPI_ERR_ARG);
    EXPECT_EQ(gather_linear_opt(synthetic_lmo(me.n), x, 1, MPI_INT, x + 4, 1,
                                MPI_INT, me.n, MPI_COMM_WORLD),
              MPI_ERR_ROOT);
    models::Hockney h = synthetic_hockney(me.n + 1);
    EXPECT_EQ(gather_binomial_opt(h, x, 1, MPI_INT, x + 4, 1, MPI_INT, 0,
                                  MPI_COMM_WORLD),
              MPI_ERR_ARG);
    EXPECT_THROW(lmo_initialize(MPI_COMM_WORLD, &m), UsageError);
    EXPECT_EQ(lmo_instance(), nullptr);
    // None at rank 0: every process fails.
    EXPECT_EQ(LMO_initialize(MPI_COMM_WORLD, nullptr), MPI_ERR_ARG);
    EXPECT_NE(std::string(CPM_error_message()).find("rank 0"),
              std::string::npos);
    EXPECT_EQ(CPM_p2p_initialize(MPI_COMM_WORLD, 0, 1), MPI_ERR_ARG);
    EXPECT_EQ(CPM_Scatter_binomial(x, 1, MPI_INT, x + 4, 1, MPI_INT, 0,
                                   MPI_COMM_WORLD),
              MPI_ERR_OTHER);
}

} // namespace
