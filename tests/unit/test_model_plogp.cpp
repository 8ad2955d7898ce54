// PLogP and LogGP: exact recovery from synthetic measurements, interpolation
// and predictions against hand values, the LogGP derivation, and the model
// files (save-load-save, errors of the pair-and-size records).
#include "common_error.h"
#include "model_data.h"
#include "model_plogp.h"

#include <cmath>
#include <gtest/gtest.h>
#include <random>
#include <sstream>

using namespace cpm;
using namespace cpm::models;

namespace {

double rel(double a, double b) { return std::fabs(a - b) / std::fabs(b); }

const std::vector<long> kSizes = {0, 1, 1024, 65536, 1048576};

// A heterogeneous "truth" with fixed seed: L 10-100 us; os, or linear in m
// (0.5-3 us + 0.1-0.5 ns/B); g a little above both plus 1-10 ns/B.
PLogP truth(int n, const std::vector<long> &sizes = kSizes)
{
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> lat(1e-5, 1e-4), c(5e-7, 3e-6),
        t(1e-10, 5e-10), b(1e-9, 1e-8);
    PLogP p;
    p.n = n;
    p.sizes = sizes;
    int pairs = n * (n - 1) / 2;
    p.os.resize(pairs);
    p.or_.resize(pairs);
    p.g.resize(pairs);
    for (int q = 0; q < pairs; ++q) {
        p.L.push_back({lat(rng), 0, 1});
        double cs = c(rng), ts = t(rng), cr = c(rng), tr = t(rng), tb = b(rng);
        for (long m : sizes) {
            double os = cs + ts * m, orr = cr + tr * m;
            p.os[q].push_back({os, 0, 1});
            p.or_[q].push_back({orr, 0, 1});
            p.g[q].push_back({std::max(os, orr) + 2e-7 + tb * m, 0, 1});
        }
    }
    p.provenance.date = "2026-11-22T00:00:00Z";
    p.provenance.mpi = "synthetic";
    p.provenance.processors.assign(n, "node");
    p.provenance.sizes = "0,1,1024,65536,1048576";
    return p;
}

bench::Result result(long m, double T, double ci = 0)
{
    bench::Result r;
    r.M = m;
    r.T = T;
    r.ci = ci;
    r.reps = 5;
    return r;
}

// The exact measurements a PLogP platform gives: RTT(m) = 2L + g(m) + g(0),
// os, or, g as they are.
PLogPData measurements(const PLogP &p)
{
    PLogPData d;
    d.n = p.n;
    d.sizes = p.sizes;
    for (std::size_t k = 0; k < p.sizes.size(); ++k) {
        long m = p.sizes[k];
        d.rtt.emplace_back();
        d.os.emplace_back();
        d.or_.emplace_back();
        d.g.emplace_back();
        for (std::size_t q = 0; q < p.L.size(); ++q) {
            d.rtt.back().push_back(
                result(m, 2 * p.L[q].value + p.g[q][k].value + p.g[q][0].value));
            d.os.back().push_back(result(m, p.os[q][k].value));
            d.or_.back().push_back(result(m, p.or_[q][k].value));
            d.g.back().push_back(result(m, p.g[q][k].value));
        }
    }
    return d;
}

TEST(PLogP, RecoversParametersExactly)
{
    PLogP t = truth(6);
    PLogP p = plogp_solve(measurements(t));
    ASSERT_EQ(p.sizes, kSizes);
    ASSERT_EQ(p.L.size(), 15u);
    for (int q = 0; q < 15; ++q) {
        EXPECT_LT(rel(p.L[q].value, t.L[q].value), 1e-9) << q;
        for (std::size_t k = 0; k < kSizes.size(); ++k) {
            EXPECT_LT(rel(p.os[q][k].value, t.os[q][k].value), 1e-9);
            EXPECT_LT(rel(p.or_[q][k].value, t.or_[q][k].value), 1e-9);
            EXPECT_LT(rel(p.g[q][k].value, t.g[q][k].value), 1e-9);
        }
    }
    EXPECT_TRUE(p.warnings.empty());
    // One-way times are L + g(m): half the roundtrip of m bytes both ways.
    for (long m : kSizes)
        EXPECT_LT(rel(p.p2p(2, 4, double(m)), t.p2p(4, 2, double(m))), 1e-9);
}

TEST(PLogP, IntervalsAndWarnings)
{
    // n = 2, sizes 0 and 100: RTT(0) = 10 +- 1, g(0) = 6 +- 0.5, so
    // L = -1 +- 1 (negative: warned); os(100) = 9 > g(100) = 7: warned.
    PLogPData d;
    d.n = 2;
    d.sizes = {0, 100};
    d.rtt = {{result(0, 10, 1)}, {result(100, 20)}};
    d.os = {{result(0, 1)}, {result(100, 9, 0.5)}};
    d.or_ = {{result(0, 1)}, {result(100, 2)}};
    d.g = {{result(0, 6, 0.5)}, {result(100, 7, 0.5)}};
    PLogP p = plogp_solve(d);
    EXPECT_DOUBLE_EQ(p.L[0].value, -1);
    EXPECT_DOUBLE_EQ(p.L[0].ci, 1);
    EXPECT_DOUBLE_EQ(p.os[0][1].ci, 0.5);
    ASSERT_EQ(p.warnings.size(), 2u);
    EXPECT_NE(p.warnings[0].find("L(0,1)"), std::string::npos);
    EXPECT_NE(p.warnings[1].find("os(0,1, 100 B)"), std::string::npos);
    // No size 0, sizes not increasing, missing pairs: errors.
    PLogPData bad = d;
    bad.sizes = {1, 100};
    EXPECT_THROW(plogp_solve(bad), Error);
    bad = d;
    bad.sizes = {0, 0};
    EXPECT_THROW(plogp_solve(bad), Error);
    bad = d;
    bad.g[1].clear();
    EXPECT_THROW(plogp_solve(bad), Error);
}

// n = 3, sizes 0, 100, 1000; pair (0,1): g = 2, 4, 22 us; L_01 = 10 us.
PLogP hand()
{
    PLogP p;
    p.n = 3;
    p.sizes = {0, 100, 1000};
    auto us = [](double a, double b, double c) {
        return std::vector<stats::Estimate>{{a * 1e-6, 0, 1}, {b * 1e-6, 0, 1},
                                            {c * 1e-6, 0, 1}};
    };
    p.L = {{10e-6, 0, 1}, {20e-6, 0, 1}, {30e-6, 0, 1}};
    p.g = {us(2, 4, 22), us(1, 1, 1), us(3, 3, 12)};
    p.os = {us(1, 2, 11), us(1, 1, 1), us(1, 1, 1)};
    p.or_ = {us(1, 3, 3), us(1, 1, 1), us(1, 1, 1)};
    return p;
}

TEST(PLogP, InterpolationAndPredictions)
{
    PLogP p = hand();
    EXPECT_NEAR(p.g_at(0, 1, 0), 2e-6, 1e-18);
    EXPECT_NEAR(p.g_at(1, 0, 50), 3e-6, 1e-18);    // halfway 0..100
    EXPECT_NEAR(p.g_at(0, 1, 100), 4e-6, 1e-18);   // measured
    EXPECT_NEAR(p.g_at(0, 1, 550), 13e-6, 1e-18);  // halfway 100..1000
    EXPECT_NEAR(p.g_at(0, 1, 1900), 40e-6, 1e-18); // beyond: 0.02 us/B
    EXPECT_NEAR(p.os_at(0, 1, 1000), 11e-6, 1e-18);
    EXPECT_NEAR(p.or_at(0, 1, 10), 1.2e-6, 1e-18);
    EXPECT_NEAR(p.p2p(1, 0, 550), 23e-6, 1e-18);
    EXPECT_EQ(p.p2p(2, 2, 550), 0);
    // Linear scatter from root 0 at 1000 B: to 1 after g01 = 22, arrives
    // 22 + 10; to 2 after 22 + g02 = 23, arrives 23 + 20 = 43 us.
    EXPECT_NEAR(p.sg_linear(0, 1000), 43e-6, 1e-18);
    // From root 2: g20(1000) = 1, g21 = 12: max(1 + 20, 13 + 30) = 43 us.
    EXPECT_NEAR(p.sg_linear(2, 1000), 43e-6, 1e-18);
    EXPECT_THROW(p.p2p(0, 3, 1), UsageError);
    EXPECT_THROW(p.g_at(0, 1, -1), UsageError);
    EXPECT_THROW(p.sg_linear(-1, 1), UsageError);
    // Below the smallest measured size: the first segment, extended.
    PLogP q = hand();
    q.sizes = {100, 200, 1000};
    EXPECT_NEAR(q.g_at(0, 1, 0), 0, 1e-18);
    // One size: constant.
    PLogP one = hand();
    one.sizes = {100};
    for (auto *v : {&one.g, &one.os, &one.or_})
        for (auto &row : *v)
            row.resize(1);
    EXPECT_NEAR(one.g_at(0, 1, 5000), 2e-6, 1e-18);
}

TEST(LogGP, DerivedAsTheManualSays)
{
    // n = 2, sizes 0, 1, 4096: L = 10, os(1) = 1, or(1) = 2, g(1) = 4,
    // g(4096) = 40.96 us. L' = 10 + 4 - 1 - 2 = 11 us, o = 1.5 us,
    // G = 40.96 us / 4096 = 10 ns/B.
    PLogP p;
    p.n = 2;
    p.sizes = {0, 1, 4096};
    p.L = {{10e-6, 1e-7, 1}};
    p.os = {{{0.5e-6, 0, 1}, {1e-6, 2e-8, 1}, {9e-6, 0, 1}}};
    p.or_ = {{{0.5e-6, 0, 1}, {2e-6, 4e-8, 1}, {9e-6, 0, 1}}};
    p.g = {{{3e-6, 0, 1}, {4e-6, 1e-8, 1}, {40.96e-6, 4.096e-8, 1}}};
    LogGP l = loggp_from_plogp(p);
    ASSERT_EQ(l.L.size(), 1u);
    EXPECT_NEAR(l.L[0].value, 11e-6, 1e-18);
    EXPECT_NEAR(l.o[0].value, 1.5e-6, 1e-18);
    EXPECT_NEAR(l.G[0].value, 1e-8, 1e-22);
    EXPECT_NEAR(l.L[0].ci, 1.7e-7, 1e-20);
    EXPECT_NEAR(l.o[0].ci, 3e-8, 1e-20);
    EXPECT_NEAR(l.G[0].ci, 1e-11, 1e-24);
    // T = L' + 2o + G (M - 1): 11 + 3 + 0.01 * 1000 = 24 us at 1001 B.
    EXPECT_NEAR(l.p2p(1, 0, 1001), 24e-6, 1e-18);
    EXPECT_TRUE(l.warnings.empty());
    EXPECT_NE(l.provenance.extra.at("derivation").find("1 byte: measured"),
              std::string::npos);

    // Without a 1-byte measurement the smallest size >= 1 stands for 1.
    p.sizes = {0, 1024, 4096};
    LogGP w = loggp_from_plogp(p);
    EXPECT_NEAR(w.L[0].value, 11e-6, 1e-18);
    ASSERT_EQ(w.warnings.size(), 1u);
    EXPECT_NE(w.warnings[0].find("1024 bytes, stands for 1"), std::string::npos);
    EXPECT_NE(w.provenance.extra.at("derivation").find("1024 bytes"),
              std::string::npos);

    // Nothing measured at 1 byte or more: an error.
    PLogP zero = p;
    zero.sizes = {0};
    for (auto *v : {&zero.g, &zero.os, &zero.or_})
        (*v)[0].resize(1);
    EXPECT_THROW(loggp_from_plogp(zero), UsageError);
}

template <class Model> std::string save(const Model &m)
{
    std::ostringstream s;
    write_text(s, m.to_data(), Model::schema());
    return s.str();
}

template <class Model> Model load(const std::string &text)
{
    std::istringstream s(text);
    return Model::from_data(
        read_text(s, "m.txt", Model::name(), Model::schema()));
}

TEST(ModelFile, PLogPSaveLoadSaveIsByteForByte)
{
    PLogP t = truth(4);
    t.os[2][3].ci = 1.25e-9;
    t.provenance.extra["experiments"] = "synthetic, two words";
    std::string once = save(t);
    EXPECT_NE(once.find("\nos 0 1 1048576 "), std::string::npos);
    EXPECT_NE(once.find("\nL 2 3 "), std::string::npos);
    std::string twice = save(load<PLogP>(once));
    EXPECT_EQ(once, twice);
    PLogP back = load<PLogP>(once);
    EXPECT_EQ(back.sizes, kSizes);
    EXPECT_EQ(back.os[2][3].ci, 1.25e-9);
    EXPECT_EQ(back.g[5][4].value, t.g[5][4].value);
    EXPECT_EQ(back.L[1].value, t.L[1].value);
    EXPECT_EQ(back.provenance.extra.at("experiments"), "synthetic, two words");
}

TEST(ModelFile, LogGPSaveLoadSaveIsByteForByte)
{
    LogGP t = loggp_from_plogp(truth(4, {0, 1024, 65536}));
    std::string once = save(t);
    EXPECT_NE(once.find("\nmeasured derivation from PLogP"), std::string::npos);
    EXPECT_NE(once.find("\nG 0 3 "), std::string::npos);
    EXPECT_EQ(once, save(load<LogGP>(once)));
    LogGP back = load<LogGP>(once);
    EXPECT_EQ(back.o[4].value, t.o[4].value);
    EXPECT_EQ(back.p2p(1, 2, 5000), t.p2p(1, 2, 5000));
}

TEST(ModelFile, Json)
{
    std::ostringstream s;
    write_json(s, truth(3, {0, 64}).to_data(), PLogP::schema());
    std::string j = s.str();
    for (const char *key : {"\"model\": \"PLogP\"", "\"os\": [", "\"or\": [",
                            "\"g\": [", "\"L\": [", "\"m\": 64", "\"j\": 2"})
        EXPECT_NE(j.find(key), std::string::npos) << key;
}

// Expects loading `text` as PLogP to fail with "m.txt:LINE: ..." holding
// `what`.
void expect_bad(const std::string &text, int line, const std::string &what,
                const std::string &model = "PLogP")
{
    std::istringstream s(text);
    try {
        read_text(s, "m.txt", model, PLogP::schema());
        ADD_FAILURE() << "no error for: " << what;
    } catch (const UsageError &e) {
        std::string msg = e.what();
        EXPECT_EQ(msg.rfind("m.txt:" + std::to_string(line) + ": ", 0), 0u)
            << msg;
        EXPECT_NE(msg.find(what), std::string::npos) << msg;
    }
}

std::string replace(std::string s, const std::string &a, const std::string &b)
{
    std::size_t p = s.find(a);
    EXPECT_NE(p, std::string::npos) << a;
    return s.replace(p, a.size(), b);
}

std::string drop_line(std::string s, const std::string &prefix)
{
    std::size_t p = s.find("\n" + prefix) + 1;
    return s.erase(p, s.find('\n', p) - p + 1);
}

int line_of(const std::string &s, const std::string &prefix)
{
    std::istringstream in(s);
    int n = 0;
    for (std::string l; std::getline(in, l);) {
        ++n;
        if (l.rfind(prefix, 0) == 0)
            return n;
    }
    return -1;
}

TEST(ModelFile, MalformedPairSizeRecords)
{
    std::string good = save(truth(3, {0, 1024}));
    int end = line_of(good, "end");
    int os = line_of(good, "os 0 1 1024 ");
    expect_bad(replace(good, "os 0 1 1024 ", "os 0 1 -1 "), os,
               "message size -1 outside 0..2147483647");
    expect_bad(replace(good, "os 0 1 1024 ", "os 0 1 4294967296 "), os,
               "message size 4294967296 outside");
    expect_bad(replace(good, "os 0 1 1024 ", "os 0 1 1k "), os,
               "bad message size '1k'");
    expect_bad(replace(good, "os 0 1 1024 ", "os 1 0 1024 "), os,
               "pair indices must be i < j");
    expect_bad(replace(good, "os 0 1 1024 ", "os 0 3 1024 "), os,
               "index 3 outside 0..2");
    expect_bad(replace(good, "os 0 1 1024 ", "os 0 1 0 "), os, "given twice");
    expect_bad(replace(good, "os 0 1 1024 ", "os 0 1 "), os,
               "'os' needs 3 indices and 2 values, got 4 fields");
    // A pair without one of the sizes: the count is short.
    expect_bad(drop_line(good, "g 1 2 0 "), end - 1,
               "'g' given for 5 of 6 (pair, size) combinations");
    // A size that only one record has: every other key is short.
    expect_bad(replace(good, "g 1 2 1024 ", "g 1 2 2048 "), end,
               "'os' given for 6 of 9 (pair, size) combinations");
    // No pair-size records at all.
    std::string none = good;
    for (const char *k : {"os", "or", "g"})
        for (const char *q : {"0 1", "0 2", "1 2"})
            for (const char *m : {"0", "1024"})
                none = drop_line(none, std::string(k) + " " + q + " " + m + " ");
    expect_bad(none, line_of(none, "end"), "'os' given for 0 of 3");
    // A LogGP file is not a PLogP file.
    std::string loggp = save(loggp_from_plogp(truth(3, {0, 1024})));
    expect_bad(loggp, 3, "holds a LogGP model, not PLogP");
}

// A piecewise "truth": three size segments starting at 8192 and 65536 in
// which os, or and g are lines with a jump at each start (the measured
// sizes bracket every break: 8191 | 8192, 65535 | 65536).
const std::vector<long> kSegSizes = {0,     1,     1024,  8191,  8192,
                                     16384, 65535, 65536, 262144};
const std::vector<long> kStarts = {8192, 65536};

struct Line {
    double a, b; // a + b m
    double at(double m) const { return a + b * m; }
};

// Segment s of pair q: os, or, g lines (q varies them).
Line seg_line(int what, int s, int q)
{
    static const double base[3][3][2] = {
        {{1e-6, 1e-10}, {2e-6, 2e-10}, {30e-6, 1e-9}},   // os
        {{1.5e-6, 1e-10}, {3e-6, 3e-10}, {40e-6, 1e-9}}, // or
        {{3e-6, 2e-9}, {9e-6, 2.5e-9}, {60e-6, 3.6e-9}}, // g
    };
    double f = 1 + 0.1 * q;
    return {base[what][s][0] * f, base[what][s][1] * f};
}

int seg_of(double m) { return m >= 65536 ? 2 : m >= 8192 ? 1 : 0; }

PLogP piecewise(int n)
{
    PLogP p;
    p.n = n;
    p.sizes = kSegSizes;
    int pairs = n * (n - 1) / 2;
    p.os.resize(pairs);
    p.or_.resize(pairs);
    p.g.resize(pairs);
    p.starts.assign(pairs, kStarts);
    for (int q = 0; q < pairs; ++q) {
        p.L.push_back({(10 + q) * 1e-6, 0, 1});
        for (long m : kSegSizes) {
            int s = seg_of(double(m));
            p.os[q].push_back({seg_line(0, s, q).at(double(m)), 0, 1});
            p.or_[q].push_back({seg_line(1, s, q).at(double(m)), 0, 1});
            p.g[q].push_back({seg_line(2, s, q).at(double(m)), 0, 1});
        }
    }
    p.provenance.date = "2026-11-22T00:00:00Z";
    p.provenance.mpi = "synthetic";
    p.provenance.processors.assign(n, "node");
    p.provenance.sizes = "0,1,1024,8191,8192,16384,65535,65536,262144";
    return p;
}

const std::vector<double> kUnseen = {2,     500,    5000,   8000,   8191.5,
                                     9000,  20000,  60000,  65535.5, 70000,
                                     2e5,   1e6,    3e6,    4194304};

TEST(PLogPSegments, InterpolationStaysInsideEachSegment)
{
    PLogP p = piecewise(4);
    ASSERT_TRUE(p.segmented());
    for (int q = 0; q < 6; ++q) {
        auto [i, j] = std::pair<int, int>{bench::all_pairs(4)[q].i,
                                          bench::all_pairs(4)[q].j};
        for (double m : kUnseen) {
            int s = seg_of(m);
            EXPECT_LT(rel(p.os_at(i, j, m), seg_line(0, s, q).at(m)), 1e-12)
                << q << " " << m;
            EXPECT_LT(rel(p.or_at(i, j, m), seg_line(1, s, q).at(m)), 1e-12);
            EXPECT_LT(rel(p.g_at(j, i, m), seg_line(2, s, q).at(m)), 1e-12);
            EXPECT_LT(rel(p.p2p(j, i, m), p.L[q].value + seg_line(2, s, q).at(m)),
                      1e-12);
        }
    }
    // The segment spans: M = 8191.5 is in segment 0 (sizes 0..8191),
    // 8192 in segment 1 (8192..65535), 1e6 in segment 2.
    EXPECT_EQ(p.span(0, 8191.5), (std::pair<std::size_t, std::size_t>(0, 4)));
    EXPECT_EQ(p.span(0, 8192), (std::pair<std::size_t, std::size_t>(4, 7)));
    EXPECT_EQ(p.span(0, 1e6), (std::pair<std::size_t, std::size_t>(7, 9)));
    // Control: the same tables without segments draw a line across each
    // jump between its two sides.
    PLogP flat = p;
    flat.starts.clear();
    EXPECT_GT(rel(flat.g_at(0, 1, 8191.5), seg_line(2, 0, 0).at(8191.5)), 0.1);
    EXPECT_GT(rel(flat.g_at(0, 1, 65535.5), seg_line(2, 1, 0).at(65535.5)),
              0.1);
}

TEST(PLogPSegments, SolverTakesAndChecksTheStarts)
{
    PLogP t = piecewise(3);
    PLogPData d = measurements(t);
    d.starts = t.starts;
    PLogP p = plogp_solve(d);
    EXPECT_EQ(p.starts, t.starts);
    for (double m : kUnseen)
        EXPECT_LT(rel(p.p2p(0, 2, m), t.p2p(0, 2, m)), 1e-12) << m;
    PLogPData bad = d;
    bad.starts[1] = {8000}; // not a measured size
    EXPECT_THROW(plogp_solve(bad), Error);
    bad.starts[1] = {65536, 8192}; // not increasing
    EXPECT_THROW(plogp_solve(bad), Error);
    bad.starts.resize(2); // not every pair
    EXPECT_THROW(plogp_solve(bad), Error);
}

TEST(PLogPSegments, LogGPPerSegmentPredictsAsPLogP)
{
    // With os, or, g linear in each segment, LogGP per segment is exact:
    // L' + 2o + G (M - 1) = L + g(M) in every segment.
    PLogP p = piecewise(4);
    LogGP l = loggp_from_plogp(p);
    ASSERT_EQ(l.pieces.size(), 6u);
    for (const auto &v : l.pieces) {
        ASSERT_EQ(v.size(), 2u);
        EXPECT_EQ(v[0].from, 8192);
        EXPECT_EQ(v[1].from, 65536);
    }
    for (int q = 0; q < 6; ++q) {
        const bench::Pair pr = bench::all_pairs(4)[q];
        for (double m : kUnseen)
            EXPECT_LT(rel(l.p2p(pr.i, pr.j, m), p.p2p(pr.i, pr.j, m)), 1e-9)
                << q << " " << m;
        // G is the slope of g in each segment; o from the first size.
        EXPECT_LT(rel(l.G[q].value, seg_line(2, 0, q).b), 1e-9);
        EXPECT_LT(rel(l.pieces[q][1].G.value, seg_line(2, 2, q).b), 1e-9);
        EXPECT_LT(rel(2 * l.pieces[q][0].o.value,
                      seg_line(0, 1, q).at(8192) + seg_line(1, 1, q).at(8192)),
                  1e-12);
    }
    EXPECT_NE(l.provenance.extra.at("derivation").find("per size segment"),
              std::string::npos);
    // Control: the same tables derived as one segment (the manual's G =
    // g(Mmax)/Mmax) miss the small sizes by far.
    PLogP flat = p;
    flat.starts.clear();
    LogGP one = loggp_from_plogp(flat);
    EXPECT_TRUE(one.pieces.empty());
    EXPECT_GT(rel(one.p2p(0, 1, 20000), p.p2p(0, 1, 20000)), 0.1);
}

TEST(PLogPSegments, FilesKeepTheSegmentsAndOldFilesLoad)
{
    PLogP t = piecewise(3);
    std::string once = save(t);
    EXPECT_NE(once.find("\nsegment 0 1 8192 8191\n"), std::string::npos) << once;
    EXPECT_NE(once.find("\nsegment 1 2 65536 65535\n"), std::string::npos);
    EXPECT_EQ(once, save(load<PLogP>(once)));
    PLogP back = load<PLogP>(once);
    EXPECT_EQ(back.starts, t.starts);
    for (double m : kUnseen)
        EXPECT_EQ(back.p2p(1, 2, m), t.p2p(1, 2, m));
    // A file without segment records (the format before) loads with one
    // segment per pair.
    std::string old = save(truth(3, {0, 1024}));
    EXPECT_EQ(old.find("\nsegment "), std::string::npos);
    EXPECT_FALSE(load<PLogP>(old).segmented());
    // Bad segment records: a start that is not a measured size, a wrong
    // size before it.
    EXPECT_THROW(load<PLogP>(replace(once, "segment 0 1 8192 8191",
                                     "segment 0 1 8000 1024")),
                 UsageError);
    try {
        load<PLogP>(replace(once, "segment 0 1 8192 8191",
                            "segment 0 1 8192 1024"));
        ADD_FAILURE() << "a wrong 'before' loaded";
    } catch (const UsageError &e) {
        EXPECT_NE(std::string(e.what()).find("the measured size before it is "
                                             "8191, not 1024"),
                  std::string::npos)
            << e.what();
    }
    // LogGP: the pieces are saved and loaded.
    LogGP l = loggp_from_plogp(t);
    std::string lt = save(l);
    EXPECT_NE(lt.find("\nsegment 0 2 65536 "), std::string::npos);
    EXPECT_EQ(lt, save(load<LogGP>(lt)));
    LogGP lb = load<LogGP>(lt);
    for (double m : kUnseen)
        EXPECT_EQ(lb.p2p(0, 2, m), l.p2p(0, 2, m));
    std::string one = save(loggp_from_plogp(truth(3, {0, 1, 1024})));
    EXPECT_FALSE(load<LogGP>(one).pieces.size() > 0);
}

TEST(PLogPSegments, MessageTimeFromTheRoundtrips)
{
    // A pipelining transport: trains overlap the stages of a message, so
    // the measured gap g(m) is below the time a single message adds. The
    // one-way time is RTT(m) - RTT(0)/2 (logp_mpi's g from the
    // roundtrips); g from the trains stays the spacing of a scatter.
    PLogP t = piecewise(3);
    PLogPData d = measurements(t);
    d.starts = t.starts;
    // One-way T(m) = L + g(m) + extra(m), extra 1 ns/B: RTT grows by it.
    for (std::size_t k = 0; k < d.sizes.size(); ++k)
        for (auto &r : d.rtt[k])
            r.T += 1e-9 * double(d.sizes[k]);
    PLogP p = plogp_solve(d);
    for (double m : kUnseen) {
        int s = seg_of(m);
        double want = p.L[1].value + seg_line(2, s, 1).at(m) + 1e-9 * m;
        EXPECT_LT(rel(p.p2p(0, 2, m), want), 1e-12) << m;
        EXPECT_LT(rel(p.g_at(0, 2, m), seg_line(2, s, 1).at(m)), 1e-12);
    }
    // Scatter from 0: to 1 at T01(M); to 2 after the gap g01(M).
    double M = 20000;
    EXPECT_NEAR(p.sg_linear(0, M),
                std::max(p.p2p(0, 1, M), p.g_at(0, 1, M) + p.p2p(0, 2, M)),
                1e-15);
    // LogGP takes the message's g as well: exact in every segment.
    LogGP l = loggp_from_plogp(p);
    for (double m : kUnseen)
        EXPECT_LT(rel(l.p2p(2, 0, m), p.p2p(0, 2, m)), 1e-9) << m;
    // Directions that differ: m bytes back takes 3 ns/B more than m bytes
    // out; the model's one-way time is the mean of both directions'.
    PLogPData both = d;
    both.rtt_back = d.rtt;
    for (std::size_t k = 0; k < d.sizes.size(); ++k)
        for (auto &r : both.rtt_back[k])
            r.T += 3e-9 * double(d.sizes[k]);
    PLogP pb = plogp_solve(both);
    for (double m : kUnseen)
        EXPECT_LT(rel(pb.p2p(0, 2, m), p.p2p(0, 2, m) + 1.5e-9 * m), 1e-12)
            << m;
    EXPECT_EQ(pb.L[1].value, p.L[1].value);
    // The roundtrips are saved and loaded; a file without them (before)
    // predicts L + g(M).
    p.provenance = t.provenance;
    std::string once = save(p);
    EXPECT_NE(once.find("\nrtt 0 2 65536 "), std::string::npos);
    EXPECT_EQ(once, save(load<PLogP>(once)));
    EXPECT_EQ(load<PLogP>(once).p2p(0, 2, 3e6), p.p2p(0, 2, 3e6));
    std::string old;
    std::istringstream in(once);
    for (std::string line; std::getline(in, line);)
        if (line.rfind("rtt ", 0) != 0)
            old += line + "\n";
    PLogP before = load<PLogP>(old);
    EXPECT_TRUE(before.rtt.empty());
    EXPECT_LT(rel(before.p2p(0, 2, 3e6),
                  p.L[1].value + seg_line(2, 2, 1).at(3e6)),
              1e-12);
}

} // namespace
