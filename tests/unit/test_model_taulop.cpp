// The heterogeneous tau-Lop model: exact recovery of synthetic parameters
// from the Ring_tau measurements they imply, interpolation over sizes and
// tau, model files (save-load-save, JSON, errors), and the predictions
// (p2p, tau concurrent, binomial broadcast eq. 4, linear and binomial
// scatter/gather, kernel phases) against hand-expanded expressions.
#include "common_error.h"
#include "kernel_config.h"
#include "model_data.h"
#include "model_taulop.h"

#include <cmath>
#include <gtest/gtest.h>
#include <sstream>

using namespace cpm;
using namespace cpm::models;
using taulop::Link;

namespace {

const std::vector<long> kSizes = {0, 1024, 65536};

// The truth: two node types (A, B) on three nodes, a1 and a2 of type A,
// b1 of type B, two ranks each.
struct Truth : taulop::Params {
    bool rdma = false;
    double overhead(const Link &l, double m) const override
    {
        if (l.channel == 0)
            return (l.src_type == 0 ? 1e-6 : 1.5e-6) + 2e-11 * m;
        return (l.src_type == l.dst_type ? 4e-6 : 5e-6) + 3e-11 * m;
    }
    double transfer0(int t, double m, int tau) const override
    {
        return m * (t == 0 ? 1e-10 : 2e-10) * (1 + 0.5 * (tau - 1));
    }
    double transfer1(int s, int r, double m, int tau) const override
    {
        return 2e-6 * (1 + 0.1 * (tau - 1)) +
               m * (s == r ? 1e-9 : 1.2e-9) * (1 + 0.8 * (tau - 1));
    }
    bool direct() const override { return rdma; }
};

TauLopData measurements(const Truth &t, const std::string &network)
{
    TauLopData d;
    d.n = 6;
    d.nodes = {"a1", "a1", "b1", "b1", "a2", "a2"};
    d.type = {0, 0, 1, 1, 0, 0};
    d.type_names = {"A", "B"};
    d.network = network;
    auto add = [&](int c, int s, int r, int i, int j, int taus) {
        TauLopMeasured x;
        x.channel = c;
        x.s = s;
        x.r = r;
        x.rank_i = i;
        x.rank_j = j;
        x.sizes = kSizes;
        Link l{c, s, r};
        for (long m : kSizes)
            x.o.push_back(t.overhead(l, m));
        for (int tau = 1; tau <= taus; ++tau) {
            x.ring.emplace_back();
            for (long m : kSizes)
                x.ring.back().push_back(
                    taulop::transmission(t, l, double(m), tau));
        }
        d.channels.push_back(x);
    };
    add(0, 0, 0, 0, 1, 2);
    add(0, 1, 1, 2, 3, 2);
    add(1, 0, 0, 0, 4, 4); // ring a1 a2 a1 a2
    add(1, 0, 1, 0, 2, 4); // ring a1 b1 a1 b1
    return d;
}

TauLop model(bool rdma = false)
{
    Truth t;
    t.rdma = rdma;
    TauLop m = taulop_solve(measurements(t, rdma ? "direct" : "staged"));
    m.provenance.date = "2026-11-23T00:00:00Z";
    m.provenance.mpi = "synthetic";
    m.provenance.sizes = "0,1024,65536";
    return m;
}

double tol(double v) { return 1e-12 * std::fabs(v) + 1e-20; }

std::string saved(const TauLop &m)
{
    std::ostringstream s;
    write_text(s, m.to_data(), TauLop::schema());
    return s.str();
}

TauLop loaded(const std::string &text)
{
    std::istringstream in(text);
    return TauLop::from_data(read_text(in, "t.model", "taulop", TauLop::schema()));
}

} // namespace

TEST(ModelTaulop, RecoversParametersFromRings)
{
    for (bool rdma : {false, true}) {
        Truth t;
        t.rdma = rdma;
        TauLop m = model(rdma);
        EXPECT_EQ(m.direct(), rdma);
        EXPECT_TRUE(m.warnings.empty());
        for (long s : kSizes)
            for (int tau = 1; tau <= 2; ++tau) {
                EXPECT_NEAR(m.transfer0(0, s, tau), t.transfer0(0, s, tau),
                            tol(t.transfer0(0, s, tau)));
                EXPECT_NEAR(m.transfer0(1, s, tau), t.transfer0(1, s, tau),
                            tol(t.transfer0(1, s, tau)));
            }
        for (long s : kSizes)
            for (int tau = 1; tau <= 4; ++tau) {
                EXPECT_NEAR(m.transfer1(0, 1, s, tau), t.transfer1(0, 1, s, tau),
                            tol(t.transfer1(0, 1, s, tau)));
                EXPECT_NEAR(m.transfer1(0, 0, s, tau), t.transfer1(0, 0, s, tau),
                            tol(t.transfer1(0, 0, s, tau)));
                EXPECT_DOUBLE_EQ(m.overhead({1, 1, 0}, s),
                                 t.overhead({1, 0, 1}, s));
            }
    }
}

TEST(ModelTaulop, AutoNetworkIsStagedOnlyWithChannelZero)
{
    Truth t;
    TauLopData d = measurements(t, "auto");
    EXPECT_FALSE(taulop_solve(d).direct());
    d.channels.erase(d.channels.begin() + 1); // no channel 0 for type B
    EXPECT_TRUE(taulop_solve(d).direct());
    d.network = "staged";
    EXPECT_THROW(taulop_solve(d), UsageError);
    d.network = "sideways";
    EXPECT_THROW(taulop_solve(d), UsageError);
}

TEST(ModelTaulop, InterpolationOverSizesAndTau)
{
    TauLop m = model();
    const TauLopTable &c1 = m.table(1, 0, 1);
    // linear between measured sizes
    double a = TauLop::L_at(c1, 1024, 2), b = TauLop::L_at(c1, 65536, 2);
    EXPECT_NEAR(TauLop::L_at(c1, 33280, 2), (a + b) / 2, tol(b));
    // beyond the largest: L(A m) = A L(m)
    EXPECT_NEAR(TauLop::L_at(c1, 4 * 65536.0, 3), 4 * TauLop::L_at(c1, 65536, 3),
                tol(b));
    // o: the line through the two largest sizes
    double o1 = TauLop::o_at(c1, 1024), o2 = TauLop::o_at(c1, 65536);
    EXPECT_NEAR(TauLop::o_at(c1, 2 * 65536.0 - 1024), 2 * o2 - o1, tol(o2));
    // tau beyond the measured: the line through the last two tau
    double l3 = TauLop::L_at(c1, 1024, 3), l4 = TauLop::L_at(c1, 1024, 4);
    EXPECT_NEAR(TauLop::L_at(c1, 1024, 6), l4 + 2 * (l4 - l3), tol(l4));
    // below the smallest size when it is not 0: proportional
    TauLopTable t = c1;
    t.sizes = {100, 200};
    t.o = {1, 2};
    t.L = {{10, 30}};
    EXPECT_DOUBLE_EQ(TauLop::L_at(t, 50, 1), 5);
    EXPECT_DOUBLE_EQ(TauLop::L_at(t, 150, 1), 20);
    EXPECT_DOUBLE_EQ(TauLop::L_at(t, 5, 2), 2 * 0.5); // tau_max 1: A L
    EXPECT_THROW(TauLop::L_at(t, -1, 1), UsageError);
    EXPECT_THROW(TauLop::L_at(t, 1, 0), UsageError);
}

TEST(ModelTaulop, SaveLoadSaveAndJson)
{
    TauLop m = model();
    std::string one = saved(m);
    TauLop back = loaded(one);
    EXPECT_EQ(saved(back), one);
    EXPECT_EQ(back.type_names, m.type_names);
    EXPECT_EQ(back.type, m.type);
    EXPECT_DOUBLE_EQ(back.p2p(0, 2, 5000), m.p2p(0, 2, 5000));
    EXPECT_DOUBLE_EQ(back.concurrent(1, 5, 70000, 3), m.concurrent(1, 5, 70000, 3));
    std::ostringstream js;
    write_json(js, m.to_data(), TauLop::schema());
    EXPECT_NE(js.str().find("\"L4\""), std::string::npos);
    EXPECT_NE(js.str().find("\"types\": \"A B\""), std::string::npos);
}

TEST(ModelTaulop, FileErrors)
{
    std::string good = saved(model());
    auto without = [&](const std::string &line) {
        std::string s = good;
        std::size_t at = s.find(line);
        EXPECT_NE(at, std::string::npos) << line;
        s.erase(at, s.find('\n', at) + 1 - at);
        return s;
    };
    // an L at one size missing
    EXPECT_THROW(loaded(without("L2 0 1 1024 ")), UsageError);
    // L2 without L1
    std::string s = good;
    for (long m : kSizes) {
        std::size_t at = s.find("L1 2 3 " + std::to_string(m) + " ");
        ASSERT_NE(at, std::string::npos);
        s.erase(at, s.find('\n', at) + 1 - at);
    }
    EXPECT_THROW(loaded(s), UsageError);
    // two pairs for channel 0 of type A (ranks 4 5 are on node a2)
    std::string two = good;
    std::size_t at = two.find("o 0 1 0 ");
    std::string extra;
    for (std::string key : {"o", "L1"})
        for (long m : kSizes)
            extra += key + " 4 5 " + std::to_string(m) + " 1e-06\n";
    two.insert(at, extra);
    EXPECT_THROW(loaded(two), UsageError);
    // a rank without a processor name (its node): refused, not taken as
    // sharing one node with the other unnamed ranks
    ModelData unnamed = model().to_data();
    unnamed.provenance.processors[2] = "";
    EXPECT_THROW(TauLop::from_data(unnamed), UsageError);
    unnamed.provenance.processors.clear();
    EXPECT_THROW(TauLop::from_data(unnamed), UsageError);
    EXPECT_NO_THROW(TauLop::from_data(model().to_data()));
    // a channel the model does not have
    TauLop m = model();
    m.tables.pop_back();
    EXPECT_THROW(m.p2p(0, 2, 10), UsageError);
    EXPECT_NO_THROW(m.p2p(0, 4, 10));
}

TEST(ModelTaulop, PointToPointAndConcurrent)
{
    Truth t;
    TauLop m = model();
    EXPECT_NEAR(m.p2p(0, 1, 1024), t.overhead({0, 0, 0}, 1024) + 2 * t.transfer0(0, 1024, 1),
                tol(1e-5));
    double net = t.overhead({1, 0, 1}, 1024) + t.transfer0(0, 1024, 1) +
                 t.transfer0(1, 1024, 1) + t.transfer1(0, 1, 1024, 1);
    EXPECT_NEAR(m.p2p(3, 0, 1024), net, tol(net));
    EXPECT_NEAR(m.concurrent(0, 4, 65536, 3),
                taulop::transmission(t, {1, 0, 0}, 65536, 3), tol(1e-4));
    EXPECT_THROW(m.p2p(1, 1, 10), UsageError);
    EXPECT_THROW(m.p2p(0, 6, 10), UsageError);
    EXPECT_THROW(m.p2p(0, 1, -1), UsageError);
}

TEST(ModelTaulop, Collectives)
{
    Truth t;
    TauLop m = model();
    double M = 1024;
    Link A{0, 0, 0}, B{0, 1, 1}, AA{1, 0, 0}, AB{1, 0, 1};
    auto T = [&](Link l, double x, int k = 1) {
        return taulop::transmission(t, l, x, k);
    };
    // 6 ranks, root 0 (nodes a1 a1 b1 b1 a2 a2); tree masks 4, 2, 1:
    // stage 1: 0->4 (AA); stage 2: 0->2 (AB), 4->6? no (6 >= n);
    // stage 3: 0->1 (A), 2->3 (B), 4->5 (A): three on channel 0, which is
    // one contention domain as in the paper's (8)
    double bcast = T(AA, M) + T(AB, M) + std::max(T(A, M, 3), T(B, M, 3));
    EXPECT_NEAR(m.bcast_binomial(0, M), bcast, tol(bcast));
    // binomial scatter: 0->4 two blocks, 0->2 two blocks, then one each
    double sc = T(AA, 2 * M) + T(AB, 2 * M) + std::max(T(A, M, 3), T(B, M, 3));
    EXPECT_NEAR(m.scatter_binomial(0, M), sc, tol(sc));
    // binomial gather: stages 1, 2, 4 reversed
    double ga = std::max(T(A, M, 3), T(B, M, 3)) + T(AB, 2 * M) + T(AA, 2 * M);
    EXPECT_NEAR(m.gather_binomial(0, M), ga, tol(ga));
    // linear scatter: each message in turn
    double ls = T(A, M) + 2 * T(AB, M) + 2 * T(AA, M);
    EXPECT_NEAR(m.scatter_linear(0, M), ls, tol(ls));
    // linear gather: 1 on channel 0, 4 on channel 1 (AB and AA links share
    // the network): each stream pays 4||T^1 on its own link
    double lg = std::max({T(A, M), T(AB, M, 4), T(AA, M, 4)});
    EXPECT_NEAR(m.gather_linear(0, M), lg, tol(lg));
    EXPECT_THROW(m.bcast_binomial(6, M), UsageError);
}

TEST(ModelTaulop, BinomialBroadcastEq4OneChannel)
{
    // 8 ranks on one node: eq. (4) = sum_{i=0}^{2} 2^i || T^0(m)
    Truth t;
    TauLopData d;
    d.n = 8;
    d.nodes.assign(8, "n");
    d.type.assign(8, 0);
    d.type_names = {"A"};
    TauLopMeasured x;
    x.sizes = kSizes;
    x.rank_j = 1;
    for (long s : kSizes)
        x.o.push_back(t.overhead({0, 0, 0}, s));
    for (int tau = 1; tau <= 4; ++tau) {
        x.ring.emplace_back();
        for (long s : kSizes)
            x.ring.back().push_back(taulop::transmission(t, {0, 0, 0}, s, tau));
    }
    d.channels.push_back(x);
    TauLop m = taulop_solve(d);
    double want = 0;
    for (int i = 0; i < 3; ++i)
        want += taulop::transmission(t, {0, 0, 0}, 1024, 1 << i);
    EXPECT_NEAR(m.bcast_binomial(3, 1024), want, tol(want));
}

TEST(ModelTaulop, KernelPhasesByHand)
{
    // The paper's SUMMA iteration 80 (Fig. 8) as hand-built phases (only
    // the channels matter): pbc p1 -> p0 (c0, 134 blocks), p1 -> p3, p5
    // (c1, 100 + 58), p4 -> p2 (c0, 116), p4 -> p0 (c1, 104); pbr down
    // three columns on the network (124, 97, 35); expected: eq. (10).
    TauLop m = model();
    kernels::Config c;
    c.N = 1;
    for (const char *node : {"x", "x", "y", "z", "y", "w"})
        c.procs.push_back({node, "A"});
    const double u = 8192;
    kernels::Phase pbc, pbr;
    pbc.senders.push_back({1, false, {{0, 134}, {3, 100}, {5, 58}}});
    pbc.senders.push_back({4, false, {{2, 116}, {0, 104}}});
    pbr.senders.push_back({1, false, {{4, 124}}});
    pbr.senders.push_back({0, false, {{5, 97}}});
    pbr.senders.push_back({3, false, {{2, 35}}});
    Link c0{0, 0, 0}, c1{1, 0, 0};
    // the model's own parameters (these sizes lie beyond the measured
    // ones, where the model extrapolates L(A m) = A L(m), not the truth)
    auto T = [&](Link l, double x, int k = 1) {
        return taulop::transmission(m, l, x * u, k);
    };
    double eq10 = T(c1, 35, 3) + T(c1, 166, 2) + T(c1, 81) + T(c0, 116, 2) +
                  T(c0, 18);
    taulop::Expr e = m.iteration(c, {pbc, pbr}, u);
    EXPECT_NEAR(taulop::evaluate(m, e), eq10, tol(eq10)) << taulop::to_string(e);
    // concurrent sends are one stream each: the 2D wave (13)-(14)
    kernels::Phase w;
    w.senders.push_back({1, true, {{0, 64}, {3, 48}}});
    w.senders.push_back({0, true, {{1, 64}}});
    double want = std::max(T(c0, 64, 2), T(c1, 48));
    EXPECT_NEAR(taulop::evaluate(m, m.iteration(c, {w}, u)), want, tol(want));
    // a type the two-type model does not know
    c.procs[0].type = "GPU";
    EXPECT_THROW(m.iteration(c, {pbc}, u), UsageError);
}

TEST(ModelTaulop, KernelsOnATinyConfiguration)
{
    // N = 2, two processes on one node, one grid column each: SUMMA
    // iteration k: the owner of column k sends its 2 rows to the other (no
    // pbr message: the columns do not overlap); the 2D wave: each sends its
    // 2-unit edge to the other at once.
    Truth t;
    TauLop m = model();
    kernels::Config c;
    c.kernel = kernels::Kernel::Summa;
    c.N = 2;
    c.procs = {{"a1", "A"}, {"a1", "A"}};
    c.rects = {{0, 0, 1, 2}, {1, 0, 1, 2}};
    double u = 100;
    Link c0{0, 0, 0};
    double summa = 2 * taulop::transmission(t, c0, 2 * u);
    EXPECT_NEAR(m.kernel(c, kernels::Kernel::Summa, u), summa, tol(summa));
    double wave = taulop::transmission(t, c0, 2 * u, 2);
    EXPECT_NEAR(m.kernel(c, kernels::Kernel::Wave2D, u), wave, tol(wave));
}

TEST(ModelTaulop, Fig8ConfigurationIteration80IsEq10)
{
    // The configuration of the paper's Fig. 8 (tests/data/kernel_fig8.conf)
    // through the kernel pattern of kernel_config.h: iteration 80 must be
    // eq. (10) = 3||T^1(35) + 2||T^1(166) + T^1(81) + 2||T^0(116) + T^0(18)
    // with a one-type model (white and grey map to its type).
    std::istringstream conf("kernel summa\nN 256\n"
                            "node0 white 124   0  97 134\n"
                            "node0 white   0   0 124 146\n"
                            "node0 white 221 152  35 104\n"
                            "node1 grey  221   0  35 152\n"
                            "node1 grey    0 146 124 110\n"
                            "node1 grey  124 134  97 122\n");
    kernels::Config c = kernels::read_config(conf, "fig8");
    Truth t;
    TauLopData d = measurements(t, "staged");
    d.type = {0, 0, 0, 0, 0, 0};
    d.type_names = {"one"};
    d.channels.erase(d.channels.begin() + 1); // type B's channel 0
    d.channels.pop_back();                   // channel 1 A-B
    TauLop m = taulop_solve(d);
    const double u = 8192;
    Link c0{0, 0, 0}, c1{1, 0, 0};
    auto T = [&](Link l, double x, int k = 1) {
        return taulop::transmission(m, l, x * u, k);
    };
    double eq10 = T(c1, 35, 3) + T(c1, 166, 2) + T(c1, 81) + T(c0, 116, 2) +
                  T(c0, 18);
    taulop::Expr e = m.iteration(c, kernels::summa_iteration(c, 80), u);
    EXPECT_NEAR(taulop::evaluate(m, e), eq10, tol(eq10)) << taulop::to_string(e);
}

TEST(ModelTaulop, SummaKernelSumsDifferentIterationsByHand)
{
    // N = 3 on two nodes: p0 (a1, A) holds columns 0-1 of rows 0-1, p1
    // (b1, B) column 2 of rows 0-2, p2 (a1, A) columns 0-1 of row 2.
    // Iterations 0 and 1: pbc p0 -> p1 (2 units) || p2 -> p1 (1 unit),
    // both on the A-B network: 2||T^1_AB(u) + T^1_AB(u); pbr p0 -> p2 (2
    // units, same node): T^0_A(2u). Iteration 2: pbc p1 -> p0 (2), p1 -> p2
    // (1), one stream on one link: T^1_AB(3u); pbr p2 -> p0 (2): T^0_A(2u).
    // Eq. 11: the kernel is the sum of the three.
    Truth t;
    TauLop m = model();
    kernels::Config c;
    c.kernel = kernels::Kernel::Summa;
    c.N = 3;
    c.procs = {{"a1", "A"}, {"b1", "B"}, {"a1", "A"}};
    c.rects = {{0, 0, 2, 2}, {2, 0, 1, 3}, {0, 2, 2, 1}};
    const double u = 1000;
    Link A{0, 0, 0}, AB{1, 0, 1};
    auto T = [&](Link l, double x, int k = 1) {
        return taulop::transmission(t, l, x * u, k);
    };
    double first = T(AB, 1, 2) + T(AB, 1) + T(A, 2);
    double last = T(AB, 3) + T(A, 2);
    double want = 2 * first + last;
    EXPECT_NEAR(m.kernel(c, kernels::Kernel::Summa, u), want, tol(want));
}
