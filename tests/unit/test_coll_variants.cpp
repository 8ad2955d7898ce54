// The scatter and gather variants (LMO scatter_positional / gather_queue,
// PLogP scatter_positional / gather_queue) on exact synthetic parameters
// whose predictions are worked out by hand below; the published LMO forms
// beside them, unchanged.
#include "model_lmo.h"
#include "model_plogp.h"

#include <gtest/gtest.h>

using namespace cpm::models;

namespace {

const double us = 1e-6;

// 3 processes, pairs (0,1) (0,2) (1,2); no per-byte delays, links so fast
// that M / beta vanishes: T'_01 = L_01 + C_1 = 6 us, T'_02 = 1 + 2 = 3 us.
LMO lmo3(double C0)
{
    LMO m;
    m.n = 3;
    for (double c : {C0, 1 * us, 2 * us}) {
        m.C.push_back({c, 0, 1});
        m.t.push_back({0, 0, 1});
    }
    for (double l : {5 * us, 1 * us, 7 * us}) {
        m.L.push_back({l, 0, 1});
        m.beta.push_back({1e30, 0, 1});
    }
    return m;
}

} // namespace

TEST(LmoVariants, ScatterPositional)
{
    // k-th send after k root delays: max(10 + 6, 20 + 3) = 23 us; the
    // published form puts both delays before the longest leg: 20 + 6.
    LMO m = lmo3(10 * us);
    EXPECT_NEAR(m.one2many_positional(0, 0), 23 * us, 1e-15);
    EXPECT_NEAR(m.one2many(0, 0), 26 * us, 1e-15);
    // a fast root: the first leg decides, max(1 + 6, 2 + 3) = 7 us
    m = lmo3(1 * us);
    EXPECT_NEAR(m.one2many_positional(0, 0), 7 * us, 1e-15);
}

TEST(LmoVariants, GatherQueue)
{
    // arrivals 3 and 6 us; the root's 10 us receive delays in turn:
    // 3 + 10 = 13, max(13, 6) + 10 = 23 us (published: 20 + 6 = 26 us)
    LMO m = lmo3(10 * us);
    EXPECT_NEAR(m.many2one_queue(0, 0), 23 * us, 1e-15);
    EXPECT_NEAR(m.many2one(0, 0), 26 * us, 1e-15);
    // a fast root waits for the later arrival: max(3 + 1, 6) + 1 = 7 us
    m = lmo3(1 * us);
    EXPECT_NEAR(m.many2one_queue(0, 0), 7 * us, 1e-15);
}

TEST(LmoVariants, PerByteAndSegment)
{
    // t_0 = 1 ns/B at M = 1000: the root's delay is 10 + 1 = 11 us,
    // legs unchanged: max(11 + 6, 22 + 3) = 25 us; queue 3 + 11, + 11 = 25
    LMO m = lmo3(10 * us);
    m.t[0].value = 1e-9;
    EXPECT_NEAR(m.one2many_positional(0, 1000), 25 * us, 1e-15);
    EXPECT_NEAR(m.many2one_queue(0, 1000), 25 * us, 1e-15);
    // a segment from 1500 B where C_0 = 30 us and t_0 = 0: at 2000 B
    // max(30 + 6, 60 + 3) = 63 us; queue 3 + 30, + 30 = 63 us
    LmoSegment s;
    s.from = 1500;
    s.C = m.C;
    s.t = m.t;
    s.C[0].value = 30 * us;
    s.t[0].value = 0;
    s.L = m.L;
    s.beta = m.beta;
    m.segments.push_back(s);
    EXPECT_NEAR(m.one2many_positional(0, 2000), 63 * us, 1e-15);
    EXPECT_NEAR(m.many2one_queue(0, 2000), 63 * us, 1e-15);
    // below the segment the first one's parameters still hold
    EXPECT_NEAR(m.one2many_positional(0, 1000), 25 * us, 1e-15);
}

TEST(LmoVariants, OtherRootAndOneProcess)
{
    // root 2: legs T'_20 = L_02 + C_0 = 11 us, T'_21 = L_12 + C_1 = 8 us
    // (C_0 = 10 us), root delay 2 us: positional max(2 + 11, 4 + 8) = 13;
    // queue: 8 + 2 = 10, max(10, 11) + 2 = 13 us
    LMO m = lmo3(10 * us);
    EXPECT_NEAR(m.one2many_positional(2, 0), 13 * us, 1e-15);
    EXPECT_NEAR(m.many2one_queue(2, 0), 13 * us, 1e-15);
    EXPECT_ANY_THROW(m.one2many_positional(3, 0));
    LMO one;
    one.n = 1;
    one.C.push_back({1 * us, 0, 1});
    one.t.push_back({0, 0, 1});
    EXPECT_EQ(one.one2many_positional(0, 100), 0);
    EXPECT_EQ(one.many2one_queue(0, 100), 0);
}

namespace {

// 3 processes, one size (0 and 1000 B alike: constant parameters); no
// roundtrips recorded, so T = L + g: T_01 = 5 + 20 = 25 us, T_02 = 1 + 15
// = 16 us; os 10 us, or 4 us on both pairs of root 0.
PLogP plogp3()
{
    PLogP p;
    p.n = 3;
    p.sizes = {0, 1000};
    struct Pair { double L, os, orr, g; };
    for (Pair q : {Pair{5 * us, 10 * us, 4 * us, 20 * us},
                   Pair{1 * us, 10 * us, 4 * us, 15 * us},
                   Pair{2 * us, 3 * us, 3 * us, 9 * us}}) {
        p.L.push_back({q.L, 0, 1});
        p.os.push_back({{q.os, 0, 1}, {q.os, 0, 1}});
        p.or_.push_back({{q.orr, 0, 1}, {q.orr, 0, 1}});
        p.g.push_back({{q.g, 0, 1}, {q.g, 0, 1}});
    }
    return p;
}

} // namespace

TEST(PlogpVariants, ScatterPositional)
{
    PLogP p = plogp3();
    ASSERT_NEAR(p.p2p(0, 1, 500), 25 * us, 1e-15);
    // transfers after their own send: max(10 - 10 + 25, 20 - 10 + 16) =
    // 26 us; the published form spaces the messages by g: max(25, 20 + 16)
    EXPECT_NEAR(p.scatter_positional(0, 500), 26 * us, 1e-15);
    EXPECT_NEAR(p.sg_linear(0, 500), 36 * us, 1e-15);
}

TEST(PlogpVariants, GatherQueue)
{
    PLogP p = plogp3();
    // arrivals T - or: 21 and 12 us; 12 + 4 = 16, max(16, 21) + 4 = 25 us
    EXPECT_NEAR(p.gather_queue(0, 500), 25 * us, 1e-15);
}
