// The tau-Lop cost algebra with synthetic parameters: eqs. 1-3, the
// assumptions A1, A2 and A3 one by one, the paper's derivations (5) -> (7)
// and (8)-(10) (each side evaluated independently: the left through the
// phase evaluator, the right term by term with transmission()), and edge
// cases (one transmission, zero bytes, equal sizes).
#include "common_error.h"
#include "taulop_cost.h"

#include <cmath>
#include <gtest/gtest.h>

using namespace cpm;
using namespace cpm::models::taulop;

namespace {

// Synthetic parameters: overheads affine in m, L^0 proportional to m with a
// per-type rate, L^1 affine, both growing with tau less than linearly.
class Synthetic : public Params {
public:
    bool rdma = false;
    double overhead(const Link &l, double m) const override
    {
        return (l.channel == 0 ? 1e-6 : 3e-6) + 1e-11 * m;
    }
    double transfer0(int t, double m, int tau) const override
    {
        return m * (t == 0 ? 2e-10 : 3e-10) * (1 + 0.7 * (tau - 1));
    }
    double transfer1(int s, int r, double m, int tau) const override
    {
        return 5e-6 + m * (s == r ? 1e-9 : 1.5e-9) * (1 + 0.9 * (tau - 1));
    }
    bool direct() const override { return rdma; }
};

const Link c0{0, 0, 0};
const Link c1{1, 0, 0};

double T(const Params &p, const Link &l, double m, int k = 1)
{
    return transmission(p, l, m, k);
}

double tol(double v) { return 1e-12 * std::fabs(v) + 1e-18; }

} // namespace

TEST(TaulopCost, TransmissionEquations)
{
    Synthetic p;
    double m = 4096;
    // eq. 1: o^0 + 2 L^0(m, 1); with k: every transfer at tau = k.
    EXPECT_DOUBLE_EQ(T(p, c0, m), 1e-6 + 1e-11 * m + 2 * m * 2e-10);
    EXPECT_DOUBLE_EQ(T(p, c0, m, 3),
                     1e-6 + 1e-11 * m + 2 * m * 2e-10 * (1 + 0.7 * 2));
    // eq. 2: o^1 + 2 L^0 + L^1 (staged), types 0 and 1 at the two ends.
    Link h{1, 0, 1};
    double staged = 3e-6 + 1e-11 * m + m * 2e-10 + m * 3e-10 + 5e-6 + m * 1.5e-9;
    EXPECT_DOUBLE_EQ(T(p, h, m), staged);
    // eq. 3: o^1 + L^1 (direct).
    p.rdma = true;
    EXPECT_DOUBLE_EQ(T(p, h, m), 3e-6 + 1e-11 * m + 5e-6 + m * 1.5e-9);
    // the direction does not matter
    EXPECT_DOUBLE_EQ(T(p, h, m), T(p, Link{1, 1, 0}, m));
    EXPECT_THROW(T(p, c0, m, 0), UsageError);
    EXPECT_THROW(T(p, c0, -1), UsageError);
    EXPECT_THROW(T(p, Link{2, 0, 0}, m), UsageError);
}

TEST(TaulopCost, A1SameChannelSequenceIsOneTransmission)
{
    Synthetic p;
    // one stream: T^0(a) + T^0(b) = T^0(a + b)
    Expr e = phase(p, {{{c0, 1000}, {c0, 3000}}});
    ASSERT_EQ(e.size(), 1u);
    EXPECT_NEAR(evaluate(p, e), T(p, c0, 4000), tol(T(p, c0, 4000)));
    // A || T(a) + A || T(b) = A || T(a + b) across phases
    std::vector<Stream> two_a = {{{c1, 1000}}, {{c1, 1000}}};
    std::vector<Stream> two_b = {{{c1, 500}}, {{c1, 500}}};
    Expr joined = phases(p, {two_a, two_b}, true);
    ASSERT_EQ(joined.size(), 1u);
    EXPECT_EQ(joined[0].k, 2);
    EXPECT_NEAR(evaluate(p, joined), T(p, c1, 1500, 2), tol(T(p, c1, 1500, 2)));
    // without A1 the overheads of both are paid
    Expr apart = phases(p, {two_a, two_b}, false);
    EXPECT_NEAR(evaluate(p, apart), T(p, c1, 1000, 2) + T(p, c1, 500, 2),
                tol(evaluate(p, apart)));
    EXPECT_GT(evaluate(p, apart), evaluate(p, joined));
    // interleaved channels of one stream still join per channel
    Expr mixed = phase(p, {{{c0, 100}, {c1, 200}, {c0, 300}, {c1, 400}}});
    double want = T(p, c0, 400) + T(p, c1, 600);
    EXPECT_NEAR(evaluate(p, mixed), want, tol(want));
}

TEST(TaulopCost, OneStreamOverTwoNetworkLinksIsNotContention)
{
    Synthetic p;
    // One process sends over the network to a node of type 0, then to one
    // of type 1: one stream, one transfer at a time on channel 1, each
    // message on its own link: T^1_00(100) + T^1_01(100), not
    // 2||T^1_00(100) + 2||T^1_01(100).
    const Link aa{1, 0, 0}, ab{1, 0, 1};
    Expr e = phase(p, {{{aa, 100}, {ab, 100}}});
    EXPECT_EQ(to_string(e), "T^1_00(100) + T^1_01(100)");
    double want = T(p, aa, 100) + T(p, ab, 100);
    EXPECT_NEAR(evaluate(p, e), want, tol(want));
}

TEST(TaulopCost, ThreeNodesTwoTypes)
{
    Synthetic p;
    // Nodes n0, n1 of type 0, n2 of type 1. In one phase: a process of n0
    // sends 300 B to n1 (link 00) and then 200 B to n2 (link 01); a process
    // of n1 sends 100 B to n2 (link 01); a process of n2 sends 1000 B to
    // another process of n2 (channel 0 of type 1). Channel 1 has two
    // streams of 500 and 100 B: 2||(100 B), then the first alone for
    // 400 B, of which 200 B are still on link 00 and 200 B on link 01.
    const Link aa{1, 0, 0}, ab{1, 0, 1}, b0{0, 1, 1};
    std::vector<Stream> s = {{{aa, 300}, {ab, 200}}, {{ab, 100}}, {{b0, 1000}}};
    std::vector<Expr> per = phase_terms(s);
    ASSERT_EQ(per.size(), 3u);
    EXPECT_EQ(to_string(per[0]), "2||T^1_00(100) + T^1_00(200) + T^1_01(200)");
    EXPECT_EQ(to_string(per[1]), "2||T^1_01(100)");
    EXPECT_EQ(to_string(per[2]), "T^0_1(1000)");
    double first = T(p, aa, 100, 2) + T(p, aa, 200) + T(p, ab, 200);
    double second = T(p, ab, 100, 2);
    double third = T(p, b0, 1000);
    EXPECT_NEAR(evaluate(p, per[0]), first, tol(first));
    EXPECT_NEAR(evaluate(p, per[1]), second, tol(second));
    EXPECT_NEAR(evaluate(p, per[2]), third, tol(third));
    double want = std::max({first, second, third});
    EXPECT_NEAR(evaluate(p, phase(p, s)), want, tol(want));
    // the first stream's network bytes, 500, are what it contends with:
    // swapping its two messages moves the shared 100 B to link 01
    std::vector<Expr> swapped = phase_terms({{{ab, 200}, {aa, 300}}, {{ab, 100}}});
    EXPECT_EQ(to_string(swapped[0]), "2||T^1_01(100) + T^1_01(100) + T^1_00(300)");
}

TEST(TaulopCost, A2ConcurrentSameChannel)
{
    Synthetic p;
    double m1 = 2000, m2 = 7000;
    // T(m1) || T(m2) = 2 || T(m1) + T(m2 - m1), either order of the streams
    double want = T(p, c0, m1, 2) + T(p, c0, m2 - m1);
    for (auto streams : {std::vector<Stream>{{{c0, m1}}, {{c0, m2}}},
                         std::vector<Stream>{{{c0, m2}}, {{c0, m1}}}}) {
        Expr e = phase(p, streams);
        EXPECT_NEAR(evaluate(p, e), want, tol(want));
        ASSERT_EQ(e.size(), 2u);
        EXPECT_EQ(e[0].k, 2);
        EXPECT_DOUBLE_EQ(e[0].bytes, m1);
        EXPECT_EQ(e[1].k, 1);
        EXPECT_DOUBLE_EQ(e[1].bytes, m2 - m1);
    }
    // the shorter stream pays only the shared part
    std::vector<Expr> per = phase_terms({{{c1, m1}}, {{c1, m2}}});
    EXPECT_NEAR(evaluate(p, per[0]), T(p, c1, m1, 2), tol(T(p, c1, m1, 2)));
}

TEST(TaulopCost, A3DifferentChannelsDoNotInterfere)
{
    Synthetic p;
    // T^0(m1) || T^1(m2) = max{T^0(m1), T^1(m2)}: the network one is larger
    double a = T(p, c0, 100000), b = T(p, c1, 100);
    ASSERT_GT(a, b);
    EXPECT_DOUBLE_EQ(evaluate(p, phase(p, {{{c0, 100000}}, {{c1, 100}}})), a);
    double a2 = T(p, c0, 100), b2 = T(p, c1, 100000);
    ASSERT_GT(b2, a2);
    EXPECT_DOUBLE_EQ(evaluate(p, phase(p, {{{c0, 100}}, {{c1, 100000}}})), b2);
    // each channel keeps its own contention: 2 on c0 and 1 on c1
    Expr e = phase(p, {{{c0, 5000}}, {{c0, 5000}}, {{c1, 10}}});
    double want = std::max(T(p, c0, 5000, 2), T(p, c1, 10));
    EXPECT_DOUBLE_EQ(evaluate(p, e), want);
}

TEST(TaulopCost, Derivation5To7)
{
    Synthetic p;
    // [T^0(ma) + T^1(mb)] || [T^0(mc) + T^1(md)], mc >= ma, mb >= md,
    // T^1(mb - md) >= T^0(mc - ma): (7) = 2||T^0(ma) + 2||T^1(md) + T^1(mb-md)
    double ma = 10000, mb = 60000, mc = 14000, md = 20000;
    ASSERT_GE(T(p, c1, mb - md), T(p, c0, mc - ma));
    Expr e = phase(p, {{{c0, ma}, {c1, mb}}, {{c0, mc}, {c1, md}}});
    double rhs = T(p, c0, ma, 2) + T(p, c1, md, 2) + T(p, c1, mb - md);
    EXPECT_NEAR(evaluate(p, e), rhs, tol(rhs));
    // the simplest case ma = mc, mb = md: 2||T^0(ma) + 2||T^1(mb)
    Expr s = phase(p, {{{c0, ma}, {c1, mb}}, {{c0, ma}, {c1, mb}}});
    double simple = T(p, c0, ma, 2) + T(p, c1, mb, 2);
    EXPECT_NEAR(evaluate(p, s), simple, tol(simple));
    // when the c0 residue outweighs the c1 one, the stream that pays it is
    // the slower (the paper's "drops out" would underestimate)
    double mc2 = 9000000, md2 = 59000;
    ASSERT_LT(T(p, c1, mb - md2), T(p, c0, mc2 - ma));
    Expr e2 = phase(p, {{{c0, ma}, {c1, mb}}, {{c0, mc2}, {c1, md2}}});
    double slow = T(p, c0, ma, 2) + T(p, c0, mc2 - ma) + T(p, c1, md2, 2);
    EXPECT_NEAR(evaluate(p, e2), slow, tol(slow));
}

TEST(TaulopCost, SummaIteration80Derivations8To10)
{
    Synthetic p;
    const double b = 8 * 32 * 32; // one block of 32 x 32 doubles
    // (8): p1 sends 134 blocks to p0 (c0) and 158 over the network (to p3
    // and p5), p4 sends 116 on c0 and 104 on the network.
    std::vector<Stream> pbc = {
        {{c0, 134 * b}, {c1, 100 * b}, {c1, 58 * b}},
        {{c0, 116 * b}, {c1, 104 * b}},
    };
    double rhs8 = T(p, c0, 116 * b, 2) + T(p, c0, 18 * b) +
                  T(p, c1, 104 * b, 2) + T(p, c1, 54 * b);
    Expr e8 = phase(p, pbc);
    EXPECT_NEAR(evaluate(p, e8), rhs8, tol(rhs8));
    // (9): T^1(124) || T^1(97) || T^1(35) = 3||T^1(35) + 2||T^1(62) + T^1(27)
    std::vector<Stream> pbr = {{{c1, 124 * b}}, {{c1, 97 * b}}, {{c1, 35 * b}}};
    double rhs9 = T(p, c1, 35 * b, 3) + T(p, c1, 62 * b, 2) + T(p, c1, 27 * b);
    Expr e9 = phase(p, pbr);
    EXPECT_NEAR(evaluate(p, e9), rhs9, tol(rhs9));
    // (10): (8) + (9) with A1: 3||T^1(35) + 2||T^1(166) + T^1(81)
    //       + 2||T^0(116) + T^0(18)
    double rhs10 = T(p, c1, 35 * b, 3) + T(p, c1, 166 * b, 2) +
                   T(p, c1, 81 * b) + T(p, c0, 116 * b, 2) + T(p, c0, 18 * b);
    Expr e10 = phases(p, {pbc, pbr}, true);
    EXPECT_NEAR(evaluate(p, e10), rhs10, tol(rhs10));
    EXPECT_EQ(e10.size(), 5u) << to_string(e10);
    // and without A1 it is (8) + (9)
    EXPECT_NEAR(evaluate(p, phases(p, {pbc, pbr}, false)), rhs8 + rhs9,
                tol(rhs8 + rhs9));
}

TEST(TaulopCost, Wave2DAllConcurrent)
{
    Synthetic p;
    // (13)-(14): every transmission of every process at once; per channel
    // the A2 chain, across channels the max.
    std::vector<Stream> s;
    for (double m : {64.0, 48.0, 96.0})
        s.push_back({{c1, 8 * m}});
    for (double m : {64.0, 64.0, 64.0, 16.0})
        s.push_back({{c0, 8 * m}});
    double net = T(p, c1, 8 * 48, 3) + T(p, c1, 8 * 16, 2) + T(p, c1, 8 * 32);
    double shm = T(p, c0, 8 * 16, 4) + T(p, c0, 8 * 48, 3);
    EXPECT_NEAR(evaluate(p, phase(p, s)), std::max(net, shm),
                tol(std::max(net, shm)));
}

TEST(TaulopCost, EdgeCases)
{
    Synthetic p;
    // one transmission
    EXPECT_DOUBLE_EQ(evaluate(p, phase(p, {{{c1, 777}}})), T(p, c1, 777));
    // zero bytes: the overhead (and L^1's constant) only
    EXPECT_DOUBLE_EQ(T(p, c0, 0), 1e-6);
    EXPECT_DOUBLE_EQ(evaluate(p, phase(p, {{{c0, 0}}})), 1e-6);
    EXPECT_DOUBLE_EQ(evaluate(p, phase(p, {{{c0, 0}}, {{c0, 0}}})),
                     T(p, c0, 0, 2));
    // equal sizes: one term k || T(m), no zero-sized remainder
    Expr eq = phase(p, {{{c0, 512}}, {{c0, 512}}, {{c0, 512}}});
    ASSERT_EQ(eq.size(), 1u);
    EXPECT_EQ(eq[0].k, 3);
    EXPECT_DOUBLE_EQ(evaluate(p, eq), T(p, c0, 512, 3));
    // nothing sent: zero
    EXPECT_EQ(evaluate(p, phase(p, {})), 0.0);
    EXPECT_EQ(evaluate(p, phase(p, {{}, {}})), 0.0);
    EXPECT_THROW(phase(p, {{{c0, -5}}}), UsageError);
    // readable form
    EXPECT_EQ(to_string(eq), "3||T^0_0(512)");
}
