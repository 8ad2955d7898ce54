// The scatter and gather variants (LMO scatter_positional / gather_queue /
// scatter_shared / gather_shared, PLogP scatter_positional /
// gather_queue) and the shared channel that the shared ones rest on, on
// exact synthetic parameters
// whose predictions are worked out by hand below; the published LMO forms
// beside them, unchanged.
#include "model_lmo.h"
#include "model_plogp.h"
#include "model_sharing.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

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

TEST(SharedChannel, WeighsByInverseLatencyAsSimGridDoes)
{
    // doc/testbed-smpi.md: two 1000016-byte flows into one 100 MB/s
    // channel, latencies 30 and 50 us (moving from then on), weights 1/30
    // and 1/50: the first alone for 20 us (2000 B), then 5/8 and 3/8 of
    // the channel; SimGrid gave 0.016018256 and 0.02003032 s.
    std::vector<Transfer> t(2);
    t[0] = {30 * us, 1000016, 1e8, 1 / 30.0};
    t[1] = {50 * us, 1000016, 1e8, 1 / 50.0};
    std::vector<double> f = shared_finish_times(t, 1e8);
    ASSERT_EQ(f.size(), 2u);
    EXPECT_NEAR(f[0], 0.016018256, 1e-12);
    EXPECT_NEAR(f[1], 0.02003032, 1e-12);
}

TEST(SharedChannel, CapsEmptyAndLateTransfers)
{
    // equal weights, channel 1e8 B/s: a slow transfer (2e7) keeps its own
    // rate, the other takes the remaining 8e7 and ends at 1e6 / 8e7; the
    // slow one ends as if alone, 1e6 / 2e7
    std::vector<Transfer> t(2);
    t[0] = {0, 1e6, 2e7, 1};
    t[1] = {0, 1e6, 1e9, 1};
    std::vector<double> f = shared_finish_times(t, 1e8);
    EXPECT_NEAR(f[0], 0.05, 1e-12);
    EXPECT_NEAR(f[1], 0.0125, 1e-12);
    // an empty transfer arrives at its start; one that starts after the
    // others ended has the channel to itself
    t.push_back({0.002, 0, 1e8, 1});
    t.push_back({1.0, 1e6, 1e8, 1});
    f = shared_finish_times(t, 1e8);
    EXPECT_NEAR(f[2], 0.002, 1e-15);
    EXPECT_NEAR(f[3], 1.01, 1e-12);
    EXPECT_TRUE(shared_finish_times({}, 1e8).empty());
    // values that are no times or rates give no finish times (a fuzzed
    // model file with t_i = 1e308 once made the start infinite and the
    // loop endless)
    for (double bad : {double(HUGE_VAL), double(NAN)}) {
        std::vector<Transfer> u = {{bad, 1e6, 1e8, 1}, {0, 1e6, 1e8, 1}};
        f = shared_finish_times(u, 1e8);
        EXPECT_TRUE(std::isnan(f[0]) && std::isnan(f[1]));
    }
    // a channel capacity that is not a number or not positive is refused;
    // an infinite one is no bound (the transfer's own rate alone)
    EXPECT_TRUE(std::isnan(shared_finish_times({{0, 1e6, 1e8, 1}}, NAN)[0]));
    EXPECT_TRUE(std::isnan(shared_finish_times({{0, 1e6, 1e8, 1}}, 0)[0]));
    EXPECT_NEAR(shared_finish_times({{0, 1e6, 1e8, 1}}, HUGE_VAL)[0], 0.01, 1e-15);
    // a rate that is not a number is refused; an infinite one is no bound
    // of its own (the channel's alone)
    EXPECT_TRUE(std::isnan(shared_finish_times({{0, 1e6, NAN, 1}}, 1e8)[0]));
    EXPECT_NEAR(shared_finish_times({{0, 1e6, HUGE_VAL, 1}}, 1e8)[0], 0.01, 1e-15);
    EXPECT_TRUE(std::isnan(shared_finish_times({{0, 1e6, 0, 1}}, 1e8)[0]));
    // an empty transfer needs no rate
    EXPECT_EQ(shared_finish_times({{3 * us, 0, 0, 0}}, 1e8)[0], 3 * us);
    EXPECT_TRUE(std::isnan(shared_finish_times({{0, 1e6, 1e8, 0}}, 1e8)[0]));
    EXPECT_TRUE(std::isnan(shared_finish_times({{0, -1, 1e8, 1}}, 1e8)[0]));
}

TEST(SharedChannel, KeepsTheChannelFullAndNoMore)
{
    // six 1e6-byte transfers into a 1e8 B/s channel, starting at spread
    // times while the first still moves: the channel is busy from the
    // first start until all have ended, 6e6 / 1e8 s later (these starts
    // once rounded an extra round per start and hit the round cap: NaN)
    std::vector<Transfer> t;
    for (double s : {1.0655, 3.0368, 6.8811, 14.605, 29.877, 61.022})
        t.push_back({s * us, 1e6, 1e9, 1});
    std::vector<double> f = shared_finish_times(t, 1e8);
    EXPECT_NEAR(*std::max_element(f.begin(), f.end()), 1.0655 * us + 0.06, 1e-12);
    // weights 1e20 : 6000 : 6000 (a running difference of the weights
    // once gave the last transfers the whole channel again): the heavy
    // one first, alone at 1e8 B/s, then the others; the last end at 0.03
    t = {{0, 1e6, 1e9, 1e20}, {0, 1e6, 1e9, 6000}, {0, 1e6, 1e9, 6000}};
    f = shared_finish_times(t, 1e8);
    EXPECT_NEAR(f[0], 0.01, 1e-12);
    EXPECT_NEAR(f[1], 0.03, 1e-12);
    EXPECT_NEAR(f[2], 0.03, 1e-12);
    // an infinite channel and rate: no bound at all, it ends at its start
    EXPECT_NEAR(shared_finish_times({{2 * us, 1e6, HUGE_VAL, 1}}, HUGE_VAL)[0],
                2 * us, 1e-18);
}

TEST(LmoVariants, GatherShared)
{
    // root 0 with a 10 us receive delay; legs 0 -> 1 and 0 -> 2 with
    // latencies 30 and 50 us, no sender delays, 1e8 B/s each (the root's
    // interface: the largest, 1e8): the two transfers of the SimGrid case
    // above arrive at 0.016018256 and 0.02003032 s, then the queue:
    // max(0.016028256, 0.02003032) + 10 us
    LMO m = lmo3(10 * us);
    m.C[1].value = m.C[2].value = 0;
    m.L[0].value = 30 * us; // (0,1)
    m.L[1].value = 50 * us; // (0,2)
    m.beta[0].value = m.beta[1].value = 1e8;
    const double M = 1000016;
    EXPECT_NEAR(m.many2one_shared(0, M), 0.02003032 + 10 * us, 1e-12);
    // without sharing (gather_queue) the legs would end at 30 us + M/1e8
    // and 50 us + M/1e8, so the shared variant is the slower
    EXPECT_NEAR(m.many2one_queue(0, M), 50 * us + M / 1e8 + 10 * us, 1e-12);
    // empty messages share nothing: the queue's own time
    EXPECT_NEAR(m.many2one_shared(0, 0), m.many2one_queue(0, 0), 1e-15);
}

TEST(LmoVariants, ScatterShared)
{
    // the same two transfers out of root 0, whose delay is 0 here (the
    // k-th leaves after k root delays): they move from 30 and 50 us on,
    // share the root's 1e8 B/s and arrive at 0.016018256 and 0.02003032 s;
    // then each receiver's delay (C_1 = 0, C_2 = 5 us)
    LMO m = lmo3(0);
    m.C[1].value = 0;
    m.C[2].value = 5 * us;
    m.L[0].value = 30 * us;
    m.L[1].value = 50 * us;
    m.beta[0].value = m.beta[1].value = 1e8;
    const double M = 1000016;
    EXPECT_NEAR(m.one2many_shared(0, M), 0.02003032 + 5 * us, 1e-12);
    // with a root delay of 10 us the transfers leave at 10 + 30 and
    // 20 + 50 us; empty messages: the positional form exactly
    m.C[0].value = 10 * us;
    EXPECT_NEAR(m.one2many_shared(0, 0), m.one2many_positional(0, 0), 1e-15);
    EXPECT_GT(m.one2many_shared(0, M), m.one2many_positional(0, M));
    EXPECT_ANY_THROW(m.one2many_shared(3, 0));
    // a per-byte delay of 1e308 s/B: no finite time, not an endless loop
    m.t[1].value = 1e308;
    EXPECT_FALSE(std::isfinite(m.one2many_shared(0, M)));
    EXPECT_FALSE(std::isfinite(m.many2one_shared(0, M)));
    EXPECT_ANY_THROW(m.many2one_shared(-1, 0));
}
