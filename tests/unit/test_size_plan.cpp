// The builders' adaptive size plan (model_build.h): the initial log-spaced
// sizes, and the refinement at breaks and misfits, driven as sweep_sizes
// drives it (Bai-Perron through the embedded R, then refine_sizes) on
// synthetic piecewise-linear times: every break is located within the
// plan's resolution, a linear function takes no refinement.
#include "common_error.h"
#include "model_build.h"
#include "model_segments.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <gtest/gtest.h>
#include <vector>

namespace {

using cpm::models::SizePlan;

struct Piece {
    long from;
    double a, b; // T = a + b M from `from` on
};

// Piecewise-linear time with a jump at each piece's start.
double piecewise(const std::vector<Piece> &p, long M)
{
    const Piece *at = &p.front();
    for (const Piece &q : p)
        if (M >= q.from)
            at = &q;
    return at->a + at->b * double(M);
}

struct Outcome {
    std::vector<long> sizes;
    std::vector<long> starts;
    int rounds = 0;
};

// The loop of sweep_sizes for one class, without MPI.
Outcome sweep(const SizePlan &plan, const std::function<double(long)> &T)
{
    Outcome o;
    o.sizes = plan.initial();
    for (;; ++o.rounds) {
        std::vector<double> y;
        for (long M : o.sizes)
            y.push_back(T(M));
        o.starts = cpm::models::class_segments(
            o.sizes, y, std::vector<double>(y.size(), 0.0)); // exact times
        if (o.rounds >= plan.max_rounds)
            break;
        std::vector<long> add =
            cpm::models::refine_sizes(o.sizes, y, o.starts, plan);
        if (add.empty())
            break;
        for (long M : add)
            EXPECT_FALSE(std::binary_search(o.sizes.begin(), o.sizes.end(), M))
                << M << " measured again";
        o.sizes.insert(o.sizes.end(), add.begin(), add.end());
        std::sort(o.sizes.begin(), o.sizes.end());
    }
    return o;
}

// The start found for a true break B: the first measured size at or
// after B, the size measured before it below B, and the bracket within
// the plan's resolution.
void expect_located(const Outcome &o, long B, long found, double resolution)
{
    auto it = std::lower_bound(o.sizes.begin(), o.sizes.end(), B);
    ASSERT_NE(it, o.sizes.end());
    EXPECT_EQ(found, *it) << "break " << B;
    ASSERT_NE(it, o.sizes.begin());
    long before = *(it - 1);
    EXPECT_LT(before, B);
    EXPECT_LE(found - before, std::max(1.0, resolution * double(found)))
        << "break " << B << " bracketed by (" << before << ", " << found << "]";
}

TEST(SizePlan, InitialSizes)
{
    SizePlan p;
    std::vector<long> v = p.initial();
    // 0, the powers of two below 1 KiB, two sizes per octave from 1 KiB
    // (2^k and 1.5 2^k) to 256 KiB, the powers of two from there to 4 MiB.
    ASSERT_EQ(v.size(), 1u + 10u + 8u * 2u + 5u);
    EXPECT_EQ(v[0], 0);
    EXPECT_EQ(v[1], 1);
    EXPECT_EQ(v[10], 512);
    EXPECT_EQ(v[11], 1024);
    EXPECT_EQ(v[12], 1536);
    EXPECT_EQ(v[v.size() - 6], 196608);
    EXPECT_EQ(v[v.size() - 5], 262144);
    EXPECT_EQ(v[v.size() - 4], 524288);
    EXPECT_EQ(v.back(), 4194304);
    EXPECT_TRUE(std::is_sorted(v.begin(), v.end()));
    EXPECT_EQ(std::adjacent_find(v.begin(), v.end()), v.end());
    p.max_size = 100000; // not a power of two: it ends the list
    p.per_octave = 4;
    v = p.initial();
    EXPECT_EQ(v.back(), 100000);
    EXPECT_EQ(v[12], 1280);
    EXPECT_LT(v[v.size() - 2], 100000);
}

TEST(SizePlan, BadFieldsAreRefused)
{
    SizePlan p;
    p.max_size = 0;
    EXPECT_THROW(p.initial(), cpm::UsageError);
    p = SizePlan();
    p.per_octave = 0;
    EXPECT_THROW(p.initial(), cpm::UsageError);
    p = SizePlan();
    p.resolution = 0;
    EXPECT_THROW(p.initial(), cpm::UsageError);
    p = SizePlan();
    p.sparse_from = 512; // below dense_from
    EXPECT_THROW(p.initial(), cpm::UsageError);
}

TEST(SizePlan, LinearNeedsNoRefinement)
{
    SizePlan plan;
    Outcome o = sweep(plan, [](long M) { return 2e-5 + 8e-9 * double(M); });
    EXPECT_TRUE(o.starts.empty());
    EXPECT_EQ(o.rounds, 0);
    EXPECT_EQ(o.sizes, plan.initial());
}

TEST(SizePlan, BreaksAtMeasuredSizesAreExact)
{
    // The segments of the test beds: 8 KiB and 64 KiB, both measured.
    std::vector<Piece> p = {{0, 3e-5, 8e-9},
                            {8192, 5e-5, 1.0e-8},
                            {65536, 1.2e-4, 1.5e-8}};
    SizePlan plan;
    Outcome o = sweep(plan, [&](long M) { return piecewise(p, M); });
    ASSERT_EQ(o.starts, (std::vector<long>{8192, 65536}));
    expect_located(o, 8192, o.starts[0], plan.resolution);
    expect_located(o, 65536, o.starts[1], plan.resolution);
    EXPECT_LE(o.sizes.size(), plan.initial().size() + 20);
}

TEST(SizePlan, BreaksBetweenSizesAreBisected)
{
    // Starts that no initial size hits: 5000 B and 300000 B, and a third
    // (a drop, as a switch to a faster copy) at 1.2 MB.
    std::vector<Piece> p = {{0, 2e-5, 1e-8},
                            {5000, 4e-5, 1.2e-8},
                            {300000, 2e-4, 1.6e-8},
                            {1200000, 1e-4, 1.5e-8}};
    for (double res : {0.01, 0.001}) {
        SizePlan plan;
        plan.resolution = res;
        plan.max_rounds = 20;
        Outcome o = sweep(plan, [&](long M) { return piecewise(p, M); });
        ASSERT_EQ(o.starts.size(), 3u) << "resolution " << res;
        expect_located(o, 5000, o.starts[0], res);
        expect_located(o, 300000, o.starts[1], res);
        expect_located(o, 1200000, o.starts[2], res);
        // Bisection: a few sizes per break, not a dense sweep.
        EXPECT_LE(o.sizes.size(), plan.initial().size() + 3 * 12)
            << "resolution " << res;
    }
}

TEST(SizePlan, ShortSegmentFoundThroughMisfit)
{
    // A segment of less than one octave (6000-9000 B): too few initial
    // sizes for Bai-Perron (4 per segment); the misfit of the line over
    // it adds sizes until both breaks are found.
    std::vector<Piece> p = {{0, 2e-5, 1e-8},
                            {6000, 6e-5, 1e-8},
                            {9000, 3e-5, 1.1e-8}};
    SizePlan plan;
    plan.max_rounds = 20;
    Outcome o = sweep(plan, [&](long M) { return piecewise(p, M); });
    ASSERT_EQ(o.starts.size(), 2u);
    expect_located(o, 6000, o.starts[0], plan.resolution);
    expect_located(o, 9000, o.starts[1], plan.resolution);
}

TEST(SizePlan, RefineSizesRules)
{
    SizePlan plan;
    std::vector<long> x = {0, 1, 2, 4, 8, 16, 1024, 2048, 4096, 8192};
    std::vector<double> line;
    for (long M : x)
        line.push_back(1e-5 + 1e-9 * double(M));
    // A straight line with a start at 4096: bisect (2048, 4096].
    EXPECT_EQ(cpm::models::refine_sizes(x, line, {4096}, plan),
              (std::vector<long>{3072}));
    // No start, no misfit: nothing.
    EXPECT_TRUE(cpm::models::refine_sizes(x, line, {}, plan).empty());
    // A point off the line by 10%: the midpoints on both sides of it.
    std::vector<double> bent = line;
    bent[7] *= 1.1; // 2048
    EXPECT_EQ(cpm::models::refine_sizes(x, bent, {}, plan),
              (std::vector<long>{1536, 3072}));
    // ... unless the scatter between calls covers the misfits (the line
    // is pulled by the point: the others miss it too).
    std::vector<double> slack;
    for (double t : line)
        slack.push_back(0.1 * t);
    EXPECT_TRUE(cpm::models::refine_sizes(x, bent, {}, plan, slack).empty());
    slack.assign(x.size(), 0.0);
    slack[7] = 0.02 * line[7];
    EXPECT_EQ(cpm::models::refine_sizes(x, bent, {}, plan, slack),
              (std::vector<long>{1536, 3072}));
    // slack of the wrong length: nothing
    EXPECT_TRUE(cpm::models::refine_sizes(x, bent, {}, plan, {1.0}).empty());
    plan.tolerance = 0.5;
    EXPECT_TRUE(cpm::models::refine_sizes(x, bent, {}, plan).empty());
    // A bracket already within the resolution: nothing (8191, 8192].
    std::vector<long> z = {0, 1, 2, 4, 8191, 8192, 9000, 10000};
    std::vector<double> yz;
    for (long M : z)
        yz.push_back(1e-5 + 1e-9 * double(M));
    EXPECT_TRUE(cpm::models::refine_sizes(z, yz, {8192}, plan).empty());
    // A time that is not positive: no refinement.
    line[3] = 0;
    EXPECT_TRUE(cpm::models::refine_sizes(x, line, {4096}, plan).empty());
}

// tau-Lop's refinement: where the linear interpolation between the
// neighbours of a size misses it (beyond the tolerance of the scale plus
// the intervals), the midpoints on both sides; nothing on a line, within
// the intervals, or once the intervals are within the resolution.
TEST(SizePlan, InterpolationSizesRules)
{
    using cpm::models::interpolation_sizes;
    SizePlan plan; // tolerance 0.01, resolution 0.01
    std::vector<long> x = {0, 1024, 2048, 4096, 8192};
    std::vector<double> t, zero(x.size(), 0.0);
    for (long M : x)
        t.push_back(1e-5 + 1e-9 * double(M));
    // A line (and a second series that is one too): nothing.
    EXPECT_TRUE(interpolation_sizes(x, {t, t}, {zero, zero}, t, plan).empty());
    // A step after 2048 (a protocol break): the triples (1024, 2048, 4096)
    // and (2048, 4096, 8192) miss, so both sides of 2048 and of 4096.
    std::vector<double> step = t;
    step[3] += 5e-6;
    step[4] += 5e-6;
    EXPECT_EQ(interpolation_sizes(x, {t, step}, {zero, zero}, step, plan),
              (std::vector<long>{1536, 3072, 6144}));
    // The same step inside the measurement's intervals: nothing.
    std::vector<double> wide(x.size(), 3e-6);
    EXPECT_TRUE(interpolation_sizes(x, {step}, {wide}, step, plan).empty());
    // A bracket within the resolution is not split again.
    std::vector<long> z = {4000, 4030, 4060};
    std::vector<double> yz = {1e-5, 2e-5, 2e-5}, z0(3, 0.0);
    EXPECT_TRUE(interpolation_sizes(z, {yz}, {z0}, yz, plan).empty());
    // Series that do not match the sizes are an error.
    EXPECT_THROW(interpolation_sizes(x, {t}, {zero}, {1.0}, plan),
                 cpm::Error);
}

// The sizes of the pairs that are not swept: per segment its first size
// and the first later one whose time is at least twice the first's and
// whose line fits every sweep pair; all the segment's sizes where none
// fits.
TEST(SizePlan, SegmentSizesRules)
{
    using cpm::models::segment_sizes;
    std::vector<long> x = {0,    1,     2,     4,     1024,  2048,  4096,
                           8192, 16384, 32768, 65536, 131072, 262144};
    auto times = [&](const std::vector<Piece> &p) {
        std::vector<double> y;
        for (long M : x)
            y.push_back(piecewise(p, M));
        return y;
    };
    // One line, 10 us + 1 ns/B: the first size whose time is twice
    // 10 us is 16384 (26.4 us; 8192 gives 18.2 us).
    std::vector<double> a = times({{0, 1e-5, 1e-9}});
    EXPECT_EQ(segment_sizes(x, {a}, {}, 0.01), (std::vector<long>{0, 16384}));
    // Two sweep pairs: the slower line (0.1 ns/B) reaches twice its
    // time later, at 131072; both lines must fit.
    std::vector<double> b = times({{0, 1e-5, 1e-10}});
    EXPECT_EQ(segment_sizes(x, {a, b}, {}, 0.01),
              (std::vector<long>{0, 131072}));
    // Two segments (starts at 4096): each its own first size; the first
    // segment never doubles its time and takes its largest size.
    std::vector<double> c = times({{0, 1e-5, 1e-9}, {4096, 3e-5, 2e-9}});
    EXPECT_EQ(segment_sizes(x, {c}, {4096}, 0.01),
              (std::vector<long>{0, 2048, 4096, 32768}));
    // A point off the line by 5% (tolerance 1%): no two sizes fit that
    // segment, all its sizes are kept.
    std::vector<double> d = a;
    d[9] *= 1.05; // 32768
    EXPECT_EQ(segment_sizes(x, {d}, {}, 0.01), x);
    EXPECT_EQ(segment_sizes(x, {d}, {}, 0.1), (std::vector<long>{0, 16384}));
    // Times that do not match the sizes, or are not positive: nothing.
    EXPECT_TRUE(segment_sizes(x, {{1.0, 2.0}}, {}, 0.01).empty());
    d[2] = 0;
    EXPECT_TRUE(segment_sizes(x, {d}, {}, 0.01).empty());
    EXPECT_TRUE(segment_sizes(x, {}, {}, 0.01).empty());
}

// The sweep pairs: the first of each class, then one more per class that
// shares no process with those chosen for the class.
TEST(SizePlan, ClassSweepPairs)
{
    // all_pairs(4): (0,1) (0,2) (0,3) (1,2) (1,3) (2,3); ranks 0,1 on one
    // node, 2,3 on another: class 0 = (0,1) and (2,3); class 1: (0,2),
    // then (1,3).
    std::vector<int> cls = {0, 1, 1, 1, 1, 0};
    EXPECT_EQ(cpm::models::class_sweep_pairs(cls, 4),
              (std::vector<std::size_t>{0, 1, 5, 4}));
    // One class (all nodes apart): (0,1) then (2,3).
    std::vector<int> one(6, 1);
    EXPECT_EQ(cpm::models::class_sweep_pairs(one, 4),
              (std::vector<std::size_t>{0, 5}));
    EXPECT_EQ(cpm::models::class_sweep_pairs(one, 4, 1),
              (std::vector<std::size_t>{0}));
    EXPECT_THROW(cpm::models::class_sweep_pairs({1, 1}, 4), cpm::Error);
}

} // namespace

// A break the times' intervals cannot tell from one line is dropped, one
// they can is kept; exact times keep every break that is not an exact
// line; the best-fitting merge goes first.
TEST(SizePlan, SupportedStarts)
{
    using cpm::models::supported_starts;
    std::vector<long> x;
    for (long M = 0; M <= 160; M += 10)
        x.push_back(M);
    // One line, 50e-6 + 1e-9 M, with +-1% noise alternating.
    std::vector<double> y, wide, narrow, none(x.size(), 0.0);
    for (std::size_t s = 0; s < x.size(); ++s) {
        double t = 50e-6 + 1e-9 * double(x[s]);
        y.push_back(t * (s % 2 ? 1.01 : 0.99));
        wide.push_back(0.03 * t);    // intervals of +-3%: noise, one line
        narrow.push_back(0.001 * t); // +-0.1%: the spread is real
    }
    EXPECT_EQ(supported_starts(x, y, wide, {40, 100}), std::vector<long>());
    EXPECT_EQ(supported_starts(x, y, narrow, {40, 100}),
              (std::vector<long>{40, 100}));
    // A real step of 20% at 80: kept even with wide intervals, the
    // spurious break at 30 dropped.
    std::vector<double> step = y;
    for (std::size_t s = 0; s < x.size(); ++s)
        if (x[s] >= 80)
            step[s] *= 1.2;
    EXPECT_EQ(supported_starts(x, step, wide, {30, 80}),
              std::vector<long>{80});
    // Exact times (a simulator's): an exact line loses its breaks, a
    // kink of 1e-6 relative keeps its own.
    std::vector<double> line, kink;
    for (long M : x) {
        line.push_back(50e-6 + 1e-9 * double(M));
        kink.push_back(50e-6 + 1e-9 * double(M) +
                       (M >= 90 ? 1e-6 * 50e-6 * double(M - 80) / 80 : 0));
    }
    EXPECT_EQ(supported_starts(x, line, none, {90}), std::vector<long>());
    EXPECT_EQ(supported_starts(x, kink, none, {90}), std::vector<long>{90});
    EXPECT_THROW(supported_starts(x, y, {1.0}, {40}), cpm::Error);
}

// The scatter between neighbouring sizes: 0 for exact piecewise-linear
// times (only the sizes next to a break deviate, fewer than half), about
// the relative noise for noisy ones; and class_segments keeps no break in
// a noisy line whose sizes' intervals are narrow (a host whose speed
// changes between sizes), but keeps a real step.
TEST(SizePlan, NeighbourScatter)
{
    using cpm::models::neighbour_scatter;
    std::vector<long> x;
    for (long M = 0; M <= 4194304; M = M ? M * 2 : 1)
        x.push_back(M);
    std::vector<double> exact, noisy, ci;
    unsigned r = 12345;
    for (long M : x) {
        exact.push_back(M < 65536 ? 1e-6 + 1e-10 * double(M)
                                  : 5e-6 + 2e-10 * double(M));
        // multiplicative noise of about 5% (a fixed pseudo-random sequence)
        r = r * 1103515245u + 12345u;
        double u = double((r >> 8) % 10000) / 10000.0 - 0.5;
        noisy.push_back(exact.back() * (1 + 0.17 * u));
        ci.push_back(0.001 * exact.back());
    }
    EXPECT_LT(neighbour_scatter(x, exact), 1e-12);
    // 0.0635 for this sequence (its noise's standard deviation is 0.049;
    // the deviations of three uniform variables have lighter tails than a
    // normal's): without the factor 1.4826 it would be 0.043, without
    // each deviation's normalisation 0.076.
    double s = neighbour_scatter(x, noisy);
    EXPECT_GT(s, 0.055);
    EXPECT_LT(s, 0.072);
    EXPECT_EQ(neighbour_scatter({1, 2}, {1.0, 2.0}), 0);
    EXPECT_EQ(neighbour_scatter({1, 2, 3}, {1.0, -1.0, 2.0}), 0);
    // supported_starts alone (no R): with the sizes' narrow intervals a
    // spurious break at 256 stays; widened to 3 scatters, as
    // class_segments widens them, it goes and the real one stays.
    std::vector<double> band = cpm::models::scatter_band(x, noisy, ci);
    EXPECT_DOUBLE_EQ(band[5], cpm::models::kScatterBand * s * noisy[5]);
    EXPECT_EQ(cpm::models::supported_starts(x, noisy, ci, {256, 65536}),
              (std::vector<long>{256, 65536}));
    EXPECT_EQ(cpm::models::supported_starts(x, noisy, band, {256, 65536}),
              std::vector<long>{65536});
    // The noisy times with narrow intervals: the real break at 65536 is
    // kept and nothing else; the exact times keep it too.
    EXPECT_EQ(cpm::models::class_segments(x, noisy, ci), std::vector<long>{65536});
    EXPECT_EQ(cpm::models::class_segments(x, exact, std::vector<double>(x.size(), 0.0)),
              std::vector<long>{65536});
}

namespace {

// The loop of sweep_sizes for one class, without MPI, over calls whose
// times differ by more than the scatter within a call: T(M, call), call 0
// the initial sizes, each refinement call with or without its anchors.
Outcome sweep_calls(const SizePlan &plan,
                    const std::function<double(long, int)> &T, bool anchors)
{
    Outcome o;
    cpm::models::ClassTimes times;
    auto call = [&](const std::vector<long> &sizes, int c) {
        std::vector<double> t, h;
        for (long M : sizes) {
            t.push_back(T(M, c));
            h.push_back(0.001 * t.back()); // narrow intervals
        }
        times.record(sizes, t, h);
    };
    call(plan.initial(), 0);
    for (;; ++o.rounds) {
        o.sizes = times.sizes();
        std::vector<double> y = times.times();
        o.starts = cpm::models::class_segments(o.sizes, y, times.width());
        if (o.rounds >= plan.max_rounds)
            break;
        std::vector<long> add = cpm::models::refine_sizes(
            o.sizes, y, o.starts, plan, times.slacks());
        if (add.empty())
            break;
        if (anchors) {
            std::vector<long> a = times.anchors(add);
            add.insert(add.end(), a.begin(), a.end());
            std::sort(add.begin(), add.end());
        }
        call(add, o.rounds + 1);
    }
    return o;
}

} // namespace

// A host whose speed changes between the sweep's calls (as the emulated
// clusters' do, by tens of microseconds on a roundtrip): each refinement
// call is up to 40 us slower or faster than the first (one-way times of
// 50 us + 80 ns/B, steps of 50 us at 9000 B and 100 us at 64 KiB, noise
// of +-0.1% within a call). With anchors the sweep finds the two steps and
// nothing else; without, the calls' shifts make breaks of their own.
TEST(SizePlan, ScatterBetweenCalls)
{
    std::vector<Piece> p = {{0, 5e-5, 8e-8}, {9000, 1e-4, 8e-8},
                            {65536, 2e-4, 8e-8}};
    SizePlan plan;
    for (double shift : {0.0, 1e-5, 4e-5}) {
        int wrong_without = 0;
        for (unsigned seed = 1; seed <= 4; ++seed) {
            auto T = [&](long M, int c) {
                // a fixed pseudo-random sequence of the size, call and seed
                unsigned r = unsigned(M) * 2654435761u ^
                             (unsigned(c) * 40503u + seed * 7919u);
                r = r * 1103515245u + 12345u;
                double u = double((r >> 8) % 10000) / 10000.0 - 0.5;
                double off = c == 0 ? 0 : (c % 2 ? shift : -0.6 * shift);
                return (piecewise(p, M) + off) * (1 + 0.002 * u);
            };
            Outcome o = sweep_calls(plan, T, true);
            ASSERT_EQ(o.starts.size(), 2u)
                << "shift " << shift << " seed " << seed << ": "
                << cpm::models::Segments{o.starts}.text();
            expect_located(o, 9000, o.starts[0], plan.resolution);
            EXPECT_EQ(o.starts[1], 65536);
            Outcome plain = sweep_calls(plan, T, false);
            wrong_without += plain.starts != o.starts;
        }
        if (shift > 0) {
            EXPECT_GE(wrong_without, 3) << "shift " << shift;
        }
    }
}

// The anchors of a refinement call: the size of the first call below
// each new size (above it for one below all); and what ClassTimes keeps:
// an anchor's first time; a new size's time less its anchor's change
// since the first call, and that change (its absolute value) as the
// slack of the anchor and of the new size.
TEST(SizePlan, AnchorsAndClassTimes)
{
    using cpm::models::anchor_sizes;
    std::vector<long> x = {0, 8, 16, 1024};
    EXPECT_EQ(anchor_sizes(x, {12, 14, 20, 2048}),
              (std::vector<long>{8, 16, 1024}));
    EXPECT_EQ(anchor_sizes({8, 16}, {4, 12}), (std::vector<long>{8}));
    EXPECT_TRUE(anchor_sizes({}, {4}).empty());
    EXPECT_TRUE(anchor_sizes(x, {}).empty());

    cpm::models::ClassTimes t;
    t.record({0, 8, 16, 1024}, {1.0, 2.0, 3.0, 9.0}, {0.1, 0.1, 0.1, 0.1});
    EXPECT_EQ(t.slacks(), std::vector<double>(4, 0.0));
    // A call 0.5 slower at 8 and 0.2 faster at 1024.
    t.record({8, 12, 1024, 2048}, {2.5, 2.7, 8.8, 20.0},
             {0.1, 0.2, 0.1, 0.3});
    EXPECT_EQ(t.sizes(), (std::vector<long>{0, 8, 12, 16, 1024, 2048}));
    // 12 and 2048 on the first call's footing: 2.7 - 0.5, 20 + 0.2.
    std::vector<double> y = t.times();
    ASSERT_EQ(y.size(), 6u);
    EXPECT_EQ(y[0], 1.0);
    EXPECT_EQ(y[1], 2.0); // an anchor keeps its first time
    EXPECT_DOUBLE_EQ(y[2], 2.2);
    EXPECT_EQ(y[3], 3.0);
    EXPECT_EQ(y[4], 9.0);
    EXPECT_DOUBLE_EQ(y[5], 20.2);
    std::vector<double> s = t.slacks();
    ASSERT_EQ(s.size(), 6u);
    EXPECT_EQ(s[0], 0);
    EXPECT_DOUBLE_EQ(s[1], 0.5); // anchor
    EXPECT_DOUBLE_EQ(s[2], 0.5); // anchored by 8
    EXPECT_EQ(s[3], 0);
    EXPECT_NEAR(s[4], 0.2, 1e-12); // anchor
    EXPECT_NEAR(s[5], 0.2, 1e-12); // anchored by 1024
    std::vector<double> w = t.width();
    EXPECT_DOUBLE_EQ(w[0], 0.1);
    EXPECT_DOUBLE_EQ(w[1], 0.5);
    EXPECT_DOUBLE_EQ(w[5], 0.3); // its half-width is the wider
    // Anchors are the first call's sizes: 8 (not 12) below 14.
    EXPECT_EQ(t.anchors({14, 3000}), (std::vector<long>{8, 1024}));
    // A third call, 0.1 slower at 8: 14 at 2.4 - 0.1; 8 keeps the
    // largest change seen as its slack.
    t.record({8, 14}, {2.1, 2.4}, {0.1, 0.1});
    y = t.times();
    s = t.slacks();
    ASSERT_EQ(y.size(), 7u);
    EXPECT_DOUBLE_EQ(y[3], 2.3);
    EXPECT_NEAR(s[3], 0.1, 1e-12);
    EXPECT_DOUBLE_EQ(s[1], 0.5);
    EXPECT_THROW(t.record({1, 2}, {1.0}, {0.0, 0.0}), cpm::Error);
}
