// Schedules: every pair and triplet exactly once, no process twice in a
// round, and the number of rounds near the minimum, for n = 2..17; list
// scheduling by expected durations within 10% of the busiest process's
// work on heterogeneous durations; the duration history's predictions,
// of roundtrips and of PLogP's experiments.
#include "benchmark_plogp.h"
#include "benchmark_schedule.h"
#include "common_error.h"

#include <gtest/gtest.h>
#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <vector>

using namespace cpm::bench;

namespace {

template <class Item, class Members>
void check_rounds(int n, const std::vector<Item> &items,
                  const std::vector<Round> &rounds, Members members)
{
    std::vector<int> seen(items.size(), 0);
    for (const Round &round : rounds) {
        EXPECT_FALSE(round.empty());
        std::vector<int> busy(n, 0);
        for (std::size_t e : round) {
            ASSERT_LT(e, items.size());
            ++seen[e];
            for (int p : members(items[e])) {
                ASSERT_GE(p, 0);
                ASSERT_LT(p, n);
                EXPECT_EQ(busy[p]++, 0) << "process " << p << " twice in a round";
            }
        }
    }
    for (std::size_t e = 0; e < items.size(); ++e)
        EXPECT_EQ(seen[e], 1) << "experiment " << e << " scheduled " << seen[e]
                              << " times";
}

std::vector<int> pair_members(const Pair &p) { return {p.i, p.j}; }
std::vector<int> triplet_members(const Triplet &t) { return {t.i, t.j, t.k}; }

TEST(Schedule, AllPairsInMinimumRounds)
{
    for (int n = 2; n <= 17; ++n) {
        SCOPED_TRACE("n=" + std::to_string(n));
        std::vector<Pair> pairs = all_pairs(n);
        ASSERT_EQ(long(pairs.size()), choose(n, 2));
        std::vector<Round> rounds = schedule_pairs(n, pairs, true);
        check_rounds(n, pairs, rounds, pair_members);
        EXPECT_EQ(int(rounds.size()), n % 2 ? n : n - 1);
        std::vector<Round> serial = schedule_pairs(n, pairs, false);
        check_rounds(n, pairs, serial, pair_members);
        EXPECT_EQ(serial.size(), pairs.size());
    }
}

TEST(Schedule, GivenPairList)
{
    std::vector<Pair> pairs = {{0, 1}, {2, 3}, {1, 2}, {3, 0}, {1, 0}};
    std::vector<Round> rounds = schedule_pairs(4, pairs, true);
    check_rounds(4, pairs, rounds, pair_members);
    EXPECT_LE(rounds.size(), 3u);
    EXPECT_THROW(schedule_pairs(4, {{0, 4}}, true), cpm::UsageError);
    EXPECT_THROW(schedule_pairs(4, {{2, 2}}, true), cpm::UsageError);
}

TEST(Schedule, AllTripletsNearMinimumRounds)
{
    for (int n = 3; n <= 17; ++n) {
        SCOPED_TRACE("n=" + std::to_string(n));
        std::vector<Triplet> triplets = all_triplets(n);
        ASSERT_EQ(long(triplets.size()), choose(n, 3));
        std::vector<Round> rounds = schedule_triplets(n, triplets, true);
        check_rounds(n, triplets, rounds, triplet_members);
        long lower = (long(triplets.size()) + n / 3 - 1) / (n / 3);
        EXPECT_GE(long(rounds.size()), lower);
        // Greedy packing stays close to the bound (see doc/measurement.md).
        EXPECT_LE(double(rounds.size()), 1.25 * lower + 2) << "lower bound "
                                                            << lower;
        std::vector<Round> serial = schedule_triplets(n, triplets, false);
        check_rounds(n, triplets, serial, triplet_members);
        EXPECT_EQ(serial.size(), triplets.size());
    }
}

/* Durations of a heterogeneous cluster: per host a delay, per pair a
 * latency and a bandwidth drawn over a factor 125 (as cpm-smpi-platform's
 * default ranges), 5 roundtrips of 512 KiB each way. */
std::vector<std::vector<double>> pair_durations(int n, unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0, 1);
    const double M = 524288;
    std::vector<double> host(n);
    for (double &h : host)
        h = (1 + 19 * u(rng)) * 1e-6 + (0.1 + 1.9 * u(rng)) * 1e-9 * M;
    std::vector<std::vector<double>> c(n, std::vector<double>(n, 0.0));
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            double L = (1 + 99 * u(rng)) * 1e-6;
            double B = 1e7 + (1.25e9 - 1e7) * u(rng);
            c[i][j] = c[j][i] = 5 * 2 * (host[i] + host[j] + L + M / B);
        }
    return c;
}

TEST(Schedule, ListSchedulingOfPairsNearTheBound)
{
    for (int n : {2, 3, 5, 8, 16, 17, 32}) {
        for (unsigned seed : {1u, 2u, 3u}) {
            SCOPED_TRACE("n=" + std::to_string(n) + " seed=" +
                         std::to_string(seed));
            std::vector<Pair> pairs = all_pairs(n);
            std::vector<std::vector<double>> c = pair_durations(n, seed);
            std::vector<double> cost;
            std::vector<std::vector<int>> members;
            for (const Pair &p : pairs) {
                cost.push_back(c[p.i][p.j]);
                members.push_back(pair_members(p));
            }
            std::vector<Round> rounds = schedule_pairs(n, pairs, true, cost);
            check_rounds(n, pairs, rounds, pair_members);
            double bound = schedule_bound(n, members, cost);
            double list = schedule_makespan(n, rounds, members, cost);
            double circle = schedule_makespan(
                n, schedule_pairs(n, pairs, true), members, cost);
            EXPECT_GE(list, bound * (1 - 1e-12));
            // No idle rounds: within 10% of the busiest process's work
            // (the circle method's rounds chain: 1.3-1.5 times it here).
            EXPECT_LE(list, 1.10 * bound) << "circle " << circle / bound;
            EXPECT_LE(list, circle * (1 + 1e-12));
            // Serial ignores the durations.
            EXPECT_EQ(schedule_pairs(n, pairs, false, cost).size(),
                      pairs.size());
        }
    }
}

TEST(Schedule, ListSchedulingOfTripletsNearTheBound)
{
    for (int n : {3, 4, 7, 12, 16}) {
        SCOPED_TRACE("n=" + std::to_string(n));
        std::vector<Triplet> triplets = all_triplets(n);
        std::vector<std::vector<double>> c = pair_durations(n, 7);
        std::vector<double> cost;
        std::vector<std::vector<int>> members;
        for (const Triplet &t : triplets) {
            cost.push_back(c[t.i][t.j] + c[t.i][t.k] + c[t.j][t.k]);
            members.push_back(triplet_members(t));
        }
        std::vector<Round> rounds =
            schedule_triplets(n, triplets, true, cost);
        check_rounds(n, triplets, rounds, triplet_members);
        double bound = schedule_bound(n, members, cost);
        double list = schedule_makespan(n, rounds, members, cost);
        double greedy = schedule_makespan(
            n, schedule_triplets(n, triplets, true), members, cost);
        EXPECT_LE(list, 1.10 * bound) << "greedy " << greedy / bound;
        EXPECT_LE(list, greedy * (1 + 1e-12));
    }
}

TEST(Schedule, ListSchedulingOfEqualDurations)
{
    // Equal durations: as many rounds as the circle method, and the
    // makespan of those rounds; bad durations count as the mean.
    for (int n : {4, 6, 10}) {
        std::vector<Pair> pairs = all_pairs(n);
        std::vector<double> cost(pairs.size(), 2.0);
        cost[0] = -1;
        cost[1] = std::numeric_limits<double>::quiet_NaN();
        std::vector<std::vector<int>> members;
        for (const Pair &p : pairs)
            members.push_back(pair_members(p));
        std::vector<Round> rounds = schedule_pairs(n, pairs, true, cost);
        check_rounds(n, pairs, rounds, pair_members);
        EXPECT_EQ(int(rounds.size()), n - 1);
        std::vector<double> two(pairs.size(), 2.0);
        EXPECT_DOUBLE_EQ(schedule_makespan(n, rounds, members, two),
                         2.0 * (n - 1));
    }
    EXPECT_THROW(schedule_pairs(4, all_pairs(4), true, {1.0, 2.0}),
                 cpm::Error);
    EXPECT_THROW(schedule_triplets(4, all_triplets(4), true, {1.0}),
                 cpm::Error);
}

TEST(Schedule, DurationHistory)
{
    DurationHistory h;
    EXPECT_TRUE(std::isnan(h.predict({1, 0, 1}, 0)));
    h.record({1, 0, 1}, 0, 2.0);
    EXPECT_DOUBLE_EQ(h.predict({1, 0, 1}, 0), 2.0);
    EXPECT_TRUE(std::isnan(h.predict({1, 0, 1}, 100))); // one size only
    h.record({1, 0, 1}, 100, 4.0);
    EXPECT_DOUBLE_EQ(h.predict({1, 0, 1}, 100), 4.0);
    EXPECT_DOUBLE_EQ(h.predict({1, 0, 1}, 0), 2.0);
    EXPECT_DOUBLE_EQ(h.predict({1, 0, 1}, 300), 8.0); // on the line
    h.record({1, 0, 1}, 200, 7.0); // keeps the two most recent sizes
    EXPECT_DOUBLE_EQ(h.predict({1, 0, 1}, 300), 10.0);
    EXPECT_DOUBLE_EQ(h.predict({1, 0, 1}, 0), 4.0); // not below 4 s
    EXPECT_TRUE(std::isnan(h.predict({2, 0, 1}, 100))); // another kind
    h.record({1, 0, 1}, 200, 6.0); // the same size again: replaced
    EXPECT_DOUBLE_EQ(h.predict({1, 0, 1}, 200), 6.0);
}

PLogPResult plogp_at(double rtt, double back, double orr, double g,
                     int train, int reps)
{
    PLogPResult x;
    Result *f[4] = {&x.rtt, &x.rtt_back, &x.or_, &x.g};
    const double t[4] = {rtt, back, orr, g};
    for (int q = 0; q < 4; ++q) {
        f[q]->T = t[q];
        f[q]->reps = reps;
    }
    x.train = train;
    return x;
}

TEST(Schedule, PLogPWork)
{
    // RTT 100 us, RTT' 120 us, or 10 us, g 20 us, k = 4, 5 repetitions:
    // 5 (100 + 120) + 5 (2 * 120 + 10 + 10) + 5 (10 * 20 + 2 * 100) us
    // (or's delay covers the longer roundtrip, RTT'),
    // and the search's trains of 1, 2 and 4, two each:
    // 2 (100 + 120 + 160) us.
    PLogPResult x = plogp_at(100e-6, 120e-6, 10e-6, 20e-6, 4, 5);
    EXPECT_NEAR(plogp_work(x), 1100e-6 + 1300e-6 + 2000e-6 + 760e-6, 1e-12);
    // os needed 7 roundtrips: RTT's loop ran 7 times.
    x.os.reps = 7;
    EXPECT_NEAR(plogp_work(x), 1300e-6 + 1300e-6 + 2000e-6 + 760e-6, 1e-12);
    // k = 1024, the cap: the search timed the ten lengths 1, 2, ... 512
    // only, two each: 2 (10 RTT + (0 + 1 + 3 + ... + 511) g), the sum of
    // len - 1 being 1023 - 10 = 1013 (g 1 us, one repetition of each part).
    x = plogp_at(100e-6, 100e-6, 10e-6, 1e-6, 1024, 1);
    EXPECT_NEAR(plogp_work(x),
                100e-6 + 100e-6 + 220e-6 + (3070 * 1e-6 + 200e-6) +
                    2 * (1000e-6 + 1013 * 1e-6),
                1e-12);
}

TEST(Schedule, PLogPExpectedWork)
{
    DurationHistory h;
    const std::vector<Pair> pairs = {{0, 1}, {2, 3}};
    // At 0 and 1 byte trains of 64 (g 20 us, RTT 50 us); per byte RTT and
    // RTT' grow by 10 ns, or by 1 ns, g by 8 ns.
    for (long m : {0L, 1L})
        for (const Pair &p : pairs)
            record_plogp_history(h, p, m,
                                 plogp_at(50e-6 + 10e-9 * m,
                                          50e-6 + 10e-9 * m, 5e-6 + 1e-9 * m,
                                          20e-6 + 8e-9 * m, 64, 5));
    EXPECT_TRUE(expected_plogp(h, pairs, 1 << 20, 5).size() == 2);
    EXPECT_TRUE(expected_plogp(h, {{0, 2}}, 1 << 20, 5).empty()); // no record
    EXPECT_TRUE(expected_plogp(h, {{1, 0}}, 1 << 20, 5).empty()); // initiator 1
    // At 1 MiB: RTT 10.536 ms, g 8.408 ms, so a train of one lasts 1 ms
    // or more and k = 1; 5 repetitions each (the minimum passed).
    const long M = 1 << 20;
    PLogPResult y = plogp_at(50e-6 + 10e-9 * M, 50e-6 + 10e-9 * M,
                             5e-6 + 1e-9 * M, 20e-6 + 8e-9 * M, 1, 5);
    EXPECT_NEAR(expected_plogp(h, pairs, M, 5)[0], plogp_work(y), 1e-12);
    // At 1 KiB: (k - 1) 28.2 us + 60.2 us >= 1 ms first at k = 64.
    const long K = 1024;
    y = plogp_at(50e-6 + 10e-9 * K, 50e-6 + 10e-9 * K, 5e-6 + 1e-9 * K,
                 20e-6 + 8e-9 * K, 64, 5);
    EXPECT_NEAR(expected_plogp(h, pairs, K, 5)[1], plogp_work(y), 1e-12);
    h.enabled = false;
    EXPECT_TRUE(expected_plogp(h, pairs, M, 5).empty());
}

TEST(Schedule, Choose)
{
    EXPECT_EQ(choose(16, 2), 120);
    EXPECT_EQ(choose(16, 3), 560);
    EXPECT_EQ(choose(64, 3), 41664);
    EXPECT_EQ(choose(2, 3), 0);
}

} // namespace
