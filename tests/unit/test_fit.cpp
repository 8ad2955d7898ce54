// Line fits against reference data (NIST StRD "Norris", certified values)
// and exact recovery of a synthetic line.
#include "common_error.h"
#include "stats_fit.h"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <vector>

namespace {

double rel(double a, double b) { return std::fabs(a - b) / std::fabs(b); }

TEST(LineFit, NistNorris)
{
    const std::vector<double> y = {
        0.1, 338.8, 118.1, 888.0, 9.2, 228.1, 668.5, 998.5, 449.1, 778.9,
        559.2, 0.3, 0.1, 778.1, 668.8, 339.3, 448.9, 10.8, 557.7, 228.3,
        998.0, 888.8, 119.6, 0.3, 0.6, 557.6, 339.3, 888.0, 998.5, 778.9,
        10.2, 117.6, 228.9, 668.4, 449.2, 0.2};
    const std::vector<double> x = {
        0.2, 337.4, 118.2, 884.6, 10.1, 226.5, 666.3, 996.3, 448.6, 777.0,
        558.2, 0.4, 0.6, 775.5, 666.9, 338.0, 447.5, 11.6, 556.0, 228.1,
        995.8, 887.6, 120.2, 0.3, 0.3, 556.8, 339.1, 887.2, 999.0, 779.0,
        11.1, 118.3, 229.2, 669.1, 448.9, 0.5};
    cpm::stats::LineFit f = cpm::stats::fit_line(x, y, 0.95);
    // Certified: b0 = -0.262323073774029, b1 = 1.00211681802045,
    // se(b0) = 0.232818234301152, se(b1) = 0.429796848199937E-03,
    // residual sum of squares 26.6173985294224.
    EXPECT_LT(rel(f.c0, -0.262323073774029), 1e-9);
    EXPECT_LT(rel(f.c1, 1.00211681802045), 1e-9);
    EXPECT_LT(rel(f.rss, 26.6173985294224), 1e-9);
    double t = 2.032244509; // t_{0.975, 34}
    EXPECT_LT(rel(f.ci0, t * 0.232818234301152), 1e-7);
    EXPECT_LT(rel(f.ci1, t * 0.429796848199937E-03), 1e-7);
}

TEST(LineFit, ExactLine)
{
    std::vector<double> x, y;
    for (int k = 0; k < 20; ++k) {
        x.push_back(1024.0 * k);
        y.push_back(3.5e-5 + 8e-9 * x.back());
    }
    cpm::stats::LineFit f = cpm::stats::fit_line(x, y, 0.95);
    EXPECT_LT(rel(f.c0, 3.5e-5), 1e-9);
    EXPECT_LT(rel(f.c1, 8e-9), 1e-9);
    EXPECT_LT(f.ci1, 1e-15);
    EXPECT_DOUBLE_EQ(f(1000.0), f.c0 + 1000.0 * f.c1);
}

TEST(LineFit, RejectsDegenerateInput)
{
    EXPECT_THROW(cpm::stats::fit_line({1}, {1}, 0.95), cpm::Error);
    EXPECT_THROW(cpm::stats::fit_line({2, 2, 2}, {1, 2, 3}, 0.95), cpm::Error);
    EXPECT_THROW(cpm::stats::fit_line({1, 2}, {1}, 0.95), cpm::Error);
}

TEST(LineFit, WeightedFit)
{
    // An exact line is recovered whatever the weights.
    std::vector<double> x = {0, 1, 2, 3}, y = {1, 3, 5, 7};
    cpm::stats::LineFit f = cpm::stats::fit_weighted_line(x, y, {1, 4, 0.5, 2});
    EXPECT_NEAR(f.c0, 1, 1e-12);
    EXPECT_NEAR(f.c1, 2, 1e-12);
    EXPECT_NEAR(f.rss, 0, 1e-20);
    // Three points on y = x and an outlier: a tiny weight leaves the line
    // at y = x, an equal weight does not.
    x = {0, 1, 2, 3};
    y = {0, 1, 2, 13};
    f = cpm::stats::fit_weighted_line(x, y, {1, 1, 1, 1e-12});
    EXPECT_NEAR(f.c1, 1, 1e-6);
    EXPECT_GT(cpm::stats::fit_weighted_line(x, y, {1, 1, 1, 1}).c1, 3);
    EXPECT_THROW(cpm::stats::fit_weighted_line(x, y, {1, 1, 0, 1}), cpm::Error);
    EXPECT_THROW(cpm::stats::fit_weighted_line(x, y, {1, 1, 1}), cpm::Error);
    EXPECT_THROW(cpm::stats::fit_weighted_line({1, 1}, {1, 2}, {1, 1}), cpm::Error);
}

// The relative fit recovers an exact line, as the ordinary one; over sizes
// spanning decades with a few percent of noise it keeps the small sizes
// within that noise where the ordinary fit, decided by the largest sizes,
// leaves them far off (here with a negative intercept).
TEST(LineFit, RelativeFit)
{
    std::vector<double> x, exact, noisy;
    for (double M = 1; M <= 4194304; M *= 2) {
        x.push_back(M);
        exact.push_back(2e-7 + 1e-10 * M); // shared memory's order
    }
    cpm::stats::LineFit f = cpm::stats::fit_relative_line(x, exact, 0.95);
    EXPECT_LT(rel(f.c0, 2e-7), 1e-9);
    EXPECT_LT(rel(f.c1, 1e-10), 1e-9);
    EXPECT_LT(f.ci0, 1e-15);
    EXPECT_EQ(f.n, x.size());
    // +-3% alternating, and the two largest sizes 3% slow together (a
    // host's slow phase): the ordinary fit's intercept goes negative.
    for (std::size_t k = 0; k < x.size(); ++k)
        noisy.push_back(exact[k] * (k + 2 >= x.size() ? 1.03 : k % 2 ? 1.03 : 0.97));
    cpm::stats::LineFit o = cpm::stats::fit_line(x, noisy, 0.95);
    f = cpm::stats::fit_relative_line(x, noisy, 0.95);
    EXPECT_LT(o.c0, 0);
    EXPECT_LT(rel(f.c0, 2e-7), 0.05);
    EXPECT_LT(rel(f.c1, 1e-10), 0.05);
    double worst = 0;
    for (std::size_t k = 0; k < x.size(); ++k)
        worst = std::max(worst, std::fabs(f(x[k]) - noisy[k]) / noisy[k]);
    EXPECT_LT(worst, 0.07);
    // R's lm(y ~ x, weights = 1 / y^2) and confint(level = 0.95) on
    // these points: 1.99206132358690e-07, 1.00299428937468e-10; interval
    // half-widths 4.13452229666020e-09, 2.07256496155754e-12.
    EXPECT_LT(rel(f.c0, 1.99206132358690e-07), 1e-9);
    EXPECT_LT(rel(f.c1, 1.00299428937468e-10), 1e-9);
    EXPECT_LT(rel(f.ci0, 4.13452229666020e-09), 1e-6);
    EXPECT_LT(rel(f.ci1, 2.07256496155754e-12), 1e-6);
    // The intervals come from the relative scatter: wider than 0, and they
    // hold the true values.
    EXPECT_GT(f.ci0, 0);
    EXPECT_LT(std::fabs(f.c0 - 2e-7), f.ci0);
    EXPECT_LT(std::fabs(f.c1 - 1e-10), f.ci1);
    EXPECT_THROW(cpm::stats::fit_relative_line({1, 2, 3}, {1, 0, 2}, 0.95), cpm::Error);
    EXPECT_THROW(cpm::stats::fit_relative_line({1, 2}, {1}, 0.95), cpm::Error);
    EXPECT_THROW(cpm::stats::fit_relative_line({2, 2}, {1, 2}, 0.95), cpm::Error);
    // fit_time_line: the relative fit of positive times, the ordinary one
    // where a time is not positive.
    cpm::stats::LineFit t = cpm::stats::fit_time_line(x, noisy, 0.95);
    EXPECT_EQ(t.c0, f.c0);
    EXPECT_EQ(t.c1, f.c1);
    std::vector<double> neg = noisy;
    neg[0] = -1e-9;
    t = cpm::stats::fit_time_line(x, neg, 0.95);
    o = cpm::stats::fit_line(x, neg, 0.95);
    EXPECT_EQ(t.c0, o.c0);
    EXPECT_EQ(t.c1, o.c1);
}

TEST(MeanEstimate, IntervalOfRepeatedEstimates)
{
    cpm::stats::Estimate e = cpm::stats::mean_estimate({1, 2, 3, 4, 5}, 0.95);
    EXPECT_DOUBLE_EQ(e.value, 3.0);
    EXPECT_NEAR(e.ci, 2.776445105 * std::sqrt(2.5 / 5), 1e-8);
    EXPECT_EQ(e.n, 5u);
}

} // namespace
