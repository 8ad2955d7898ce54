// The stopping rule and the statistics it rests on, on synthetic samples.
#include "benchmark_precision.h"
#include "benchmark_timing.h"
#include "common_error.h"
#include "stats_ci.h"
#include "stats_robust.h"

#include <cmath>
#include <limits>
#include <gtest/gtest.h>
#include <vector>

using cpm::bench::Precision;
using cpm::bench::Sampler;

namespace {

// Reference values of Student's t quantiles (printed tables).
TEST(TQuantile, MatchesTables)
{
    EXPECT_NEAR(cpm::stats::t_quantile(0.975, 4), 2.776445105, 1e-8);
    EXPECT_NEAR(cpm::stats::t_quantile(0.975, 10), 2.228138852, 1e-8);
    EXPECT_NEAR(cpm::stats::t_quantile(0.995, 1), 63.65674116, 1e-6);
    EXPECT_THROW(cpm::stats::t_quantile(1.0, 4), cpm::Error);
    EXPECT_THROW(cpm::stats::t_quantile(0.9, 0), cpm::Error);
}

TEST(Summary, MeanSdAndInterval)
{
    std::vector<double> x = {1, 2, 3, 4, 5};
    cpm::stats::Summary s = cpm::stats::summarize(x, 0.95);
    EXPECT_EQ(s.n, 5u);
    EXPECT_DOUBLE_EQ(s.mean, 3.0);
    EXPECT_NEAR(s.sd, std::sqrt(2.5), 1e-12);
    EXPECT_NEAR(s.ci, 2.776445105 * std::sqrt(2.5) / std::sqrt(5.0), 1e-8);
    EXPECT_EQ(cpm::stats::summarize(std::vector<double>{7}, 0.95).ci, 0.0);
}

Precision precision(int min_reps, int max_reps, double cl, double eps)
{
    Precision p;
    p.min_reps = min_reps;
    p.max_reps = max_reps;
    p.cl = cl;
    p.eps = eps;
    p.warmup = 0;
    p.estimator = cpm::bench::Estimator::Mean;
    return p;
}

TEST(Sampler, ConstantSampleStopsAtMinimum)
{
    Sampler s(precision(7, 100, 0.95, 0.025));
    int reps = 0;
    while (!s.done()) {
        s.add(1e-5);
        ++reps;
    }
    EXPECT_EQ(reps, 7);
    EXPECT_TRUE(s.result().converged);
    EXPECT_EQ(s.result().reps, 7);
    EXPECT_DOUBLE_EQ(s.result().T, 1e-5);
    EXPECT_EQ(s.result().ci, 0.0);
}

TEST(Sampler, NoisySampleStopsAtMaximumUnconverged)
{
    Sampler s(precision(5, 40, 0.95, 0.025));
    int reps = 0;
    while (!s.done())
        s.add(++reps % 2 ? 1.0 : 3.0); // sd stays ~1, mean 2
    EXPECT_EQ(reps, 40);
    EXPECT_FALSE(s.result().converged);
    EXPECT_GT(s.result().ci, 0.025 * s.result().T);
}

TEST(Sampler, StopsAtFirstRepetitionWithinError)
{
    // A wide start, then values at the mean shrink the interval.
    std::vector<double> x = {0.5, 1.5, 0.5, 1.5, 1.0};
    for (int k = 0; k < 200; ++k)
        x.push_back(1.0);
    const double eps = 0.05, cl = 0.95;
    // First r >= min_reps at which the interval is within eps of the mean.
    std::size_t expected = 0;
    for (std::size_t r = 5; r <= x.size() && !expected; ++r) {
        cpm::stats::Summary s = cpm::stats::summarize(x.data(), r, cl);
        if (s.ci <= eps * s.mean)
            expected = r;
    }
    ASSERT_GT(expected, 6u);
    Sampler s(precision(5, 1000, cl, eps));
    std::size_t r = 0;
    while (!s.done())
        s.add(x[r++]);
    EXPECT_EQ(r, expected);
    EXPECT_TRUE(s.result().converged);
    EXPECT_LE(s.result().ci, eps * s.result().T);
}

TEST(Sampler, AddAfterDoneThrows)
{
    Sampler s(precision(1, 1, 0.95, 0.025));
    s.add(1.0);
    EXPECT_TRUE(s.done());
    EXPECT_FALSE(s.result().converged); // one repetition: no interval
    EXPECT_THROW(s.add(1.0), cpm::Error);
}

TEST(Precision, RejectsBadValues)
{
    EXPECT_NO_THROW(Precision().validate());
    EXPECT_THROW(precision(0, 10, 0.95, 0.025).validate(), cpm::UsageError);
    EXPECT_THROW(precision(10, 5, 0.95, 0.025).validate(), cpm::UsageError);
    EXPECT_THROW(precision(5, 10, 1.0, 0.025).validate(), cpm::UsageError);
    EXPECT_THROW(precision(5, 10, 0.0, 0.025).validate(), cpm::UsageError);
    EXPECT_THROW(precision(5, 10, 0.95, 0.0).validate(), cpm::UsageError);
    EXPECT_THROW(precision(5, 10, 0.95, 1.0).validate(), cpm::UsageError);
    Precision t;
    t.train = -1;
    EXPECT_THROW(t.validate(), cpm::UsageError);
    t.train = cpm::bench::kMaxTrain + 1;
    EXPECT_THROW(t.validate(), cpm::UsageError);
    t.train = cpm::bench::kMaxTrain;
    EXPECT_NO_THROW(t.validate());
}

// Trains of roundtrips: a fixed length is kept; auto is the fewest
// roundtrips lasting kTrainClocks (1000) clock costs, within 1..kMaxTrain.
TEST(TrainLength, FixedAutoAndBounds)
{
    using cpm::bench::train_length;
    EXPECT_EQ(train_length(1, 1e-7, 3e-8), 1);
    EXPECT_EQ(train_length(7, 1e-7, 3e-8), 7);
    // 1000 x 30 ns = 30 us: 0.36 us roundtrips -> ceil(83.3) = 84
    EXPECT_EQ(train_length(0, 0.36e-6, 30e-9), 84);
    // exactly the target: one train of 30 roundtrips of 1 us
    EXPECT_EQ(train_length(0, 1e-6, 30e-9), 30);
    // a roundtrip longer than the target is timed alone
    EXPECT_EQ(train_length(0, 40e-6, 30e-9), 1);
    // a clock that costs nothing (SMPI), or no roundtrip time: alone
    EXPECT_EQ(train_length(0, 1e-7, 0.0), 1);
    EXPECT_EQ(train_length(0, 0.0, 30e-9), 1);
    EXPECT_EQ(train_length(0, std::numeric_limits<double>::infinity(), 3e-8),
              1);
    // never longer than kMaxTrain
    EXPECT_EQ(train_length(0, 1e-12, 30e-9), cpm::bench::kMaxTrain);
}

// Median interval by order statistics: for n = 10 at 0.95, l = 2
// (2 P(B <= 1) = 0.0215 <= 0.05 < 2 P(B <= 2) = 0.109), so [x(2), x(9)].
TEST(Robust, MedianOrderStatisticsInterval)
{
    std::vector<double> x = {10, 1, 9, 2, 8, 3, 7, 4, 6, 5};
    cpm::stats::Location e = cpm::stats::median_ci(x, 0.95);
    EXPECT_DOUBLE_EQ(e.value, 5.5);
    ASSERT_TRUE(e.has_ci);
    EXPECT_DOUBLE_EQ(e.lo, 2);
    EXPECT_DOUBLE_EQ(e.hi, 9);
    EXPECT_DOUBLE_EQ(e.half_width(), 3.5);
    // Five values cannot give a 95% interval: 2 (1/2)^5 > 0.05.
    EXPECT_FALSE(cpm::stats::median_ci({1, 2, 3, 4, 5}, 0.95).has_ci);
    EXPECT_TRUE(cpm::stats::median_ci({1, 2, 3, 4, 5, 6}, 0.95).has_ci);
}

// 20% trimmed mean of 10 values drops 2 at each end; the winsorized
// sample is {3,3,3,4,5,6,7,8,8,8}.
TEST(Robust, TrimmedMeanAndWinsorizedInterval)
{
    std::vector<double> x = {1, 2, 3, 4, 5, 6, 7, 8, 9, 100};
    cpm::stats::Location e = cpm::stats::trimmed_mean_ci(x, 0.2, 0.95);
    EXPECT_DOUBLE_EQ(e.value, 5.5);
    std::vector<double> w = {3, 3, 3, 4, 5, 6, 7, 8, 8, 8};
    double sw = cpm::stats::summarize(w, 0.95).sd;
    double h = cpm::stats::t_quantile(0.975, 5) * sw / (0.6 * std::sqrt(10.0));
    EXPECT_NEAR(e.hi - e.value, h, 1e-12);
    EXPECT_THROW(cpm::stats::trimmed_mean_ci(x, 0.5, 0.95), cpm::Error);
}

TEST(Robust, OutliersBeyondOuterFences)
{
    std::vector<double> x = {1, 1.1, 1.2, 1.0, 0.9, 1.05, 50};
    EXPECT_EQ(cpm::stats::count_outliers(x), 1u);
    EXPECT_EQ(cpm::stats::count_outliers({1, 2, 3, 4, 5}), 0u);
}

// The warm-up repetitions are not counted, whatever their times.
TEST(Sampler, WarmupNotCounted)
{
    Precision p = precision(5, 100, 0.95, 0.025);
    p.warmup = 2;
    Sampler s(p);
    s.add(1000);
    s.add(500);
    for (int k = 0; k < 5; ++k)
        s.add(1.0);
    EXPECT_TRUE(s.done());
    EXPECT_EQ(s.result().reps, 5);
    EXPECT_DOUBLE_EQ(s.result().T, 1.0);
}

// The median ignores one slow repetition that drags the mean far away;
// equal times converge before an interval exists.
TEST(Sampler, MedianResistsAnOutlier)
{
    Precision p = precision(5, 100, 0.95, 0.025);
    p.estimator = cpm::bench::Estimator::Median;
    Sampler eq(p);
    for (int k = 0; k < 5; ++k)
        eq.add(2.0);
    EXPECT_TRUE(eq.done());
    EXPECT_TRUE(eq.result().converged);
    EXPECT_EQ(eq.result().ci, 0.0);

    Sampler s(p);
    std::vector<double> t = {1.00, 1.01, 0.99, 1.00, 40.0, 1.00, 1.01,
                             0.99, 1.00, 1.00};
    for (double v : t)
        if (!s.done())
            s.add(v);
    EXPECT_TRUE(s.result().converged);
    EXPECT_NEAR(s.result().T, 1.0, 0.011);
    EXPECT_EQ(s.result().outliers, 1);
    EXPECT_THROW(cpm::bench::parse_estimator("mode"), cpm::UsageError);
    EXPECT_EQ(cpm::bench::parse_estimator("trimmed"),
              cpm::bench::Estimator::Trimmed);
}

} // namespace
