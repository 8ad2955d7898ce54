// Bai-Perron through the embedded R: planted breaks are found within one
// stride; R's errors become cpm::Error with R's message.
#include "common_error.h"
#include "rbridge.h"

#include <cmath>
#include <gtest/gtest.h>
#include <random>
#include <string>
#include <vector>

namespace {

using cpm::rbridge::BreakpointOptions;

// Sizes 0, 1024, ..., 100 KiB; times with a small deterministic noise.
std::vector<double> sizes()
{
    std::vector<double> x;
    for (double m = 0; m <= 102400; m += 1024)
        x.push_back(m);
    return x;
}

std::vector<double> noisy(std::vector<double> y, double sd, unsigned seed)
{
    std::mt19937 rng(seed);
    std::normal_distribution<double> noise(0.0, sd);
    for (double &v : y)
        v += noise(rng);
    return y;
}

TEST(RBridge, Available) { EXPECT_TRUE(cpm::rbridge::available()); }

TEST(RBridge, FindsPlantedSlopeBreak)
{
    std::vector<double> x = sizes(), y;
    const double S = 40960; // the leap of a scatter, as in the LMO model
    for (double m : x)
        y.push_back(m <= S ? 2e-5 + 1e-9 * m : 9e-5 + 4e-9 * m);
    auto b = cpm::rbridge::breakpoints(x, noisy(y, 2e-7, 1), false,
                                       BreakpointOptions());
    ASSERT_EQ(b.size(), 1u);
    EXPECT_LE(std::fabs(x[b[0]] - S), 1024.0) << "break at " << x[b[0]];
}

TEST(RBridge, FindsLevelShiftsOnAConstant)
{
    std::vector<double> x = sizes(), y;
    for (double m : x)
        y.push_back(m < 30720 ? 1e-3 : m < 71680 ? 4e-3 : 2e-3);
    BreakpointOptions o;
    o.h = 0.1;
    auto b = cpm::rbridge::breakpoints(x, noisy(y, 1e-5, 2), true, o);
    ASSERT_EQ(b.size(), 2u);
    EXPECT_LE(std::fabs(x[b[0]] - 30720), 1024.0);
    EXPECT_LE(std::fabs(x[b[1]] - 71680), 1024.0);
    o.criterion = "LWZ";
    EXPECT_EQ(cpm::rbridge::breakpoints(x, noisy(y, 1e-5, 2), true, o).size(),
              2u);
}

TEST(RBridge, NoBreakInALine)
{
    std::vector<double> x = sizes(), y;
    for (double m : x)
        y.push_back(1e-5 + 1e-9 * m);
    EXPECT_TRUE(cpm::rbridge::breakpoints(x, noisy(y, 1e-8, 3), false,
                                          BreakpointOptions())
                    .empty());
}

TEST(RBridge, ErrorsCarryRsMessage)
{
    std::vector<double> x = {1, 2, 3, 4, 5}, y = {1, 2, 3, 4, 5};
    BreakpointOptions o;
    o.h = 3; // segments of 3 of 5 observations: impossible
    try {
        cpm::rbridge::breakpoints(x, y, false, o);
        ADD_FAILURE() << "no error";
    } catch (const cpm::Error &e) {
        EXPECT_NE(std::string(e.what()).find("minimum segment size"),
                  std::string::npos)
            << e.what();
    }
    o = BreakpointOptions();
    o.criterion = "AIC";
    EXPECT_THROW(cpm::rbridge::breakpoints(x, y, false, o), cpm::UsageError);
    EXPECT_THROW(cpm::rbridge::breakpoints({1, 1}, {1, 2}, false,
                                           BreakpointOptions()),
                 cpm::Error);
}

// Point-to-point segments on log-spaced sizes: three exact segments
// (breaks after 8192 and 65536 bytes, a jump at the second, as eager and
// rendezvous protocols make) are found where they are, whatever the range
// of the times; one exact line gives no break; noise around one line
// gives none either.
std::vector<double> log_sizes()
{
    std::vector<double> x = {0};
    for (int k = 0; k <= 44; ++k)
        x.push_back(std::round(std::pow(2.0, k / 2.0)));
    x.erase(std::unique(x.begin(), x.end()), x.end());
    return x;
}

double three_segments(double m)
{
    if (m <= 8192)
        return 2e-6 + 1e-9 * m;
    if (m <= 65536)
        return 4e-6 + 1.25e-9 * m;
    return 6e-5 + 1.8e-9 * m;
}

TEST(RBridge, SegmentsOfExactPiecewiseTimes)
{
    std::vector<double> x = log_sizes(), y;
    for (double m : x)
        y.push_back(three_segments(m));
    BreakpointOptions o;
    o.h = 4;
    std::vector<std::size_t> b = cpm::rbridge::segments(x, y, y, o);
    ASSERT_EQ(b.size(), 2u);
    EXPECT_EQ(x[b[0]], 8192);
    EXPECT_EQ(x[b[1]], 65536);
    std::vector<double> line;
    for (double m : x)
        line.push_back(3e-6 + 1e-9 * m);
    EXPECT_TRUE(cpm::rbridge::segments(x, line, line, o).empty());
    // Relative noise of 1% (measured times scatter in proportion).
    std::mt19937 gen(5);
    std::normal_distribution<double> e(0, 0.01);
    std::vector<double> n = line;
    for (double &v : n)
        v *= 1 + e(gen);
    EXPECT_TRUE(cpm::rbridge::segments(x, n, n, o).empty());
    EXPECT_THROW(cpm::rbridge::segments(x, y, std::vector<double>(x.size(), 0), o),
                 cpm::Error);
}

} // namespace
