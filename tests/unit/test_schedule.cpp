// Schedules: every pair and triplet exactly once, no process twice in a
// round, and the number of rounds near the minimum, for n = 2..17.
#include "benchmark_schedule.h"
#include "common_error.h"

#include <gtest/gtest.h>
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

TEST(Schedule, Choose)
{
    EXPECT_EQ(choose(16, 2), 120);
    EXPECT_EQ(choose(16, 3), 560);
    EXPECT_EQ(choose(64, 3), 41664);
    EXPECT_EQ(choose(2, 3), 0);
}

} // namespace
