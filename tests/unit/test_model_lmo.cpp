// LMO: exact recovery of every parameter from synthetic measurements that
// a known model implies; collectives, thresholds and slope corrections;
// the model file.
#include "benchmark_schedule.h"
#include "common_error.h"
#include "model_lmo.h"
#include "model_lmo_build.h"
#include "lmo_synthetic.h"

#include <cmath>
#include <cstdio>
#include <ctime>
#include <gtest/gtest.h>
#include <map>
#include <optional>
#include <random>
#include <sstream>

using namespace cpm;
using namespace cpm::models;
using cpm::models::synthetic::segment_data;
using cpm::models::synthetic::truth;

namespace {

double rel(double a, double b) { return std::fabs(a - b) / std::fabs(b); }

// One segment: empty experiments and M bytes.
LmoP2pData measurements(const LMO &m, double M)
{
    LmoP2pData d;
    d.n = m.n;
    d.segments.push_back(segment_data(m, 0, 0, M));
    return d;
}

// A truth with segments from 8192 and 65536 (other parameters in each).
LMO segmented_truth(int n, unsigned seed)
{
    LMO m = truth(n, seed);
    for (long from : {8192L, 65536L}) {
        LMO o = truth(n, seed + unsigned(from));
        // A send at least as long as the first segment's receive delay
        // (the one-to-two experiments' condition; doc/models.md, LMO).
        for (int i = 0; i < n; ++i)
            o.C[std::size_t(i)].value += m.C[std::size_t(i)].value;
        m.segments.push_back({from, o.C, o.t, o.L, o.beta});
    }
    return m;
}

// Each segment at its start (0 in the first) and 1000 bytes above it.
LmoP2pData segmented_measurements(const LMO &m)
{
    LmoP2pData d;
    d.n = m.n;
    d.segments.push_back(segment_data(m, 0, 0, 1000));
    for (const LmoSegment &g : m.segments)
        d.segments.push_back(
            segment_data(m, g.from, double(g.from), double(g.from) + 1000));
    return d;
}

void expect_same(const std::vector<stats::Estimate> &got,
                 const std::vector<stats::Estimate> &want, const char *what,
                 long from)
{
    ASSERT_EQ(got.size(), want.size()) << what;
    for (std::size_t k = 0; k < want.size(); ++k)
        EXPECT_LT(rel(got[k].value, want[k].value), 1e-9)
            << what << "[" << k << "] from " << from;
}

TEST(LMO, RecoversEveryParameterExactly)
{
    for (int n : {3, 4, 7}) {
        LMO t = truth(n, 7 + n), m;
        lmo_solve_p2p(m, measurements(t, 32768), 0.95);
        ASSERT_EQ(m.n, n);
        for (int i = 0; i < n; ++i) {
            EXPECT_LT(rel(m.C[i].value, t.C[i].value), 1e-9) << "C_" << i;
            EXPECT_LT(rel(m.t[i].value, t.t[i].value), 1e-9) << "t_" << i;
            EXPECT_LT(m.C[i].ci, 1e-12);
        }
        for (int p = 0; p < n * (n - 1) / 2; ++p) {
            EXPECT_LT(rel(m.L[p].value, t.L[p].value), 1e-9) << "L pair " << p;
            EXPECT_LT(rel(m.beta[p].value, t.beta[p].value), 1e-9)
                << "beta pair " << p;
        }
        EXPECT_TRUE(m.warnings.empty());
    }
}

TEST(LMO, IntervalsAndWarningsFromNoisyData)
{
    LMO t = truth(5, 3), m;
    LmoP2pData d = measurements(t, 32768);
    std::mt19937 rng(1);
    std::normal_distribution<double> noise(1.0, 0.01);
    LmoSegmentData &g = d.segments[0];
    for (auto *v : {&g.o2oA, &g.o2oB, &g.o2tA, &g.o2tB})
        for (bench::Result &r : *v)
            r.T *= noise(rng);
    lmo_solve_p2p(m, d, 0.95);
    for (int i = 0; i < 5; ++i) {
        EXPECT_GT(m.C[i].ci, 0.0);
        EXPECT_EQ(m.C[i].n, 6u); // C(4,2) triplets contain processor i
    }
    // A pair's L: its own line less the processors' means (6 systems each).
    EXPECT_EQ(m.L[0].n, 6u);
    EXPECT_GT(m.L[0].ci, 0.0);
    // A processor that answers faster than its links allow: negative C.
    LmoP2pData bad = measurements(t, 32768);
    for (bench::Result &r : bad.segments[0].o2tA)
        r.T *= 0.5;
    LMO w;
    lmo_solve_p2p(w, bad, 0.95);
    ASSERT_FALSE(w.warnings.empty());
    EXPECT_NE(w.warnings[0].find("C_0"), std::string::npos) << w.warnings[0];
    EXPECT_NE(w.warnings[0].find("negative"), std::string::npos);
}

TEST(LMO, RecoversEveryParameterOfEverySegment)
{
    for (int n : {3, 5, 8}) {
        LMO t = segmented_truth(n, 20 + unsigned(n)), m;
        lmo_solve_p2p(m, segmented_measurements(t), 0.95);
        ASSERT_EQ(m.segments.size(), 2u);
        expect_same(m.C, t.C, "C", 0);
        expect_same(m.t, t.t, "t", 0);
        expect_same(m.L, t.L, "L", 0);
        expect_same(m.beta, t.beta, "beta", 0);
        for (std::size_t k = 0; k < 2; ++k) {
            const LmoSegment &g = m.segments[k], &w = t.segments[k];
            EXPECT_EQ(g.from, w.from);
            expect_same(g.C, w.C, "C", g.from);
            expect_same(g.t, w.t, "t", g.from);
            expect_same(g.L, w.L, "L", g.from);
            expect_same(g.beta, w.beta, "beta", g.from);
        }
        EXPECT_TRUE(m.warnings.empty());
        // Every prediction takes the segment of its size.
        for (double M : {0.0, 500.0, 8191.0, 8192.0, 30000.0, 1e6})
            EXPECT_LT(rel(m.p2p(0, n - 1, M), t.p2p(0, n - 1, M)), 1e-9) << M;
    }
    // A later segment whose sends are shorter than the first's receive
    // delay (the data follow the one-to-two's two branches): exact from
    // the root's triplets whose farther reply lags by the receive delay
    // at both sizes, of which there are enough (checked) at n = 8 ...
    LMO s = segmented_truth(8, 9), w;
    s.segments[0].C[1].value = s.C[1].value / 4;
    s.segments[0].t[1].value = 1e-12;
    // Hosts 2 and 3 alike as seen from 1: their replies come together.
    auto twin = [](auto &C, auto &t, auto &L, auto &beta) {
        C[3] = C[2];
        t[3] = t[2];
        L[std::size_t(pair_index(8, 1, 3))] = L[std::size_t(pair_index(8, 1, 2))];
        beta[std::size_t(pair_index(8, 1, 3))] =
            beta[std::size_t(pair_index(8, 1, 2))];
    };
    twin(s.C, s.t, s.L, s.beta);
    for (LmoSegment &g : s.segments)
        twin(g.C, g.t, g.L, g.beta);
    int lagging = 0, close = 0;
    auto one_to_one = [&](int x, double M) {
        return s.roundtrip(1, x, M, 0);
    };
    for (int a = 0; a < 8; ++a)
        for (int b = a + 1; b < 8; ++b) {
            if (a == 1 || b == 1)
                continue;
            bool far_enough = true;
            for (double M : {8192.0, 9192.0})
                far_enough = far_enough &&
                             std::fabs(one_to_one(a, M) - one_to_one(b, M)) >=
                                 s.C[1].value;
            ++(far_enough ? lagging : close);
        }
    ASSERT_GE(lagging, 2);
    ASSERT_GE(close, 1); // ... and some triplets that would mislead
    lmo_solve_p2p(w, segmented_measurements(s), 0.95);
    EXPECT_TRUE(w.warnings.empty()) << w.warnings[0];
    expect_same(w.segments[0].C, s.segments[0].C, "C", 8192);
    expect_same(w.segments[0].t, s.segments[0].t, "t", 8192);
    expect_same(w.segments[0].L, s.segments[0].L, "L", 8192);
    expect_same(w.segments[0].beta, s.segments[0].beta, "beta", 8192);
    // ... and warned at n = 3, where each root has one triplet.
    LMO s3 = segmented_truth(3, 9), w3;
    s3.segments[0].C[1].value = s3.C[1].value / 4;
    s3.segments[0].t[1].value = 1e-12;
    lmo_solve_p2p(w3, segmented_measurements(s3), 0.95);
    ASSERT_EQ(w3.warnings.size(), 1u);
    EXPECT_NE(w3.warnings[0].find("from 8192"), std::string::npos);
    EXPECT_NE(w3.warnings[0].find("root(s) 1 "), std::string::npos)
        << w3.warnings[0];
    // The first segment alone is not the truth above 8192 bytes.
    LMO t = segmented_truth(4, 3), one = t;
    one.segments.clear();
    EXPECT_GT(rel(one.p2p(0, 1, 30000), t.p2p(0, 1, 30000)), 1e-3);
}

TEST(LMO, PredictionsBySegment)
{
    LMO m = segmented_truth(4, 31);
    EXPECT_EQ(m.segment_of(0), 0);
    EXPECT_EQ(m.segment_of(8191), 0);
    EXPECT_EQ(m.segment_of(8192), 1);
    EXPECT_EQ(m.segment_of(65535), 1);
    EXPECT_EQ(m.segment_of(65536), 2);
    const LmoSegment &g = m.segments[0];
    const double M = 10000;
    int p = pair_index(4, 1, 3);
    EXPECT_DOUBLE_EQ(m.p2p(1, 3, M),
                     g.C[1].value + g.L[p].value + g.C[3].value +
                         M * (g.t[1].value + 1 / g.beta[p].value +
                              g.t[3].value));
    // One-to-many: the root's part and every leg in the segment of M.
    double root = 3 * (g.C[0].value + g.t[0].value * M), mx = 0;
    for (int i = 1; i < 4; ++i) {
        int q = pair_index(4, 0, i);
        mx = std::max(mx, g.L[q].value + g.C[i].value +
                              M * (1 / g.beta[q].value + g.t[i].value));
    }
    EXPECT_DOUBLE_EQ(m.one2many(0, M), root + mx);
    EXPECT_DOUBLE_EQ(m.many2one(0, M), root + mx);
    // One-to-two: sends in the segment of M, empty replies in the first.
    auto flight = [&](const LMO &w, int x) {
        const LmoSegment &h = w.segments[0];
        int q = pair_index(4, 2, x);
        return h.L[q].value + h.C[x].value +
               M * (1 / h.beta[q].value + h.t[x].value) + w.C[x].value +
               w.L[q].value;
    };
    // segmented_truth's sends outlast the receive delay: the farther
    // reply's branch.
    double s = g.C[2].value + g.t[2].value * M;
    EXPECT_DOUBLE_EQ(m.one_to_two(2, 0, 3, M),
                     2 * s + std::max(flight(m, 0), flight(m, 3)) +
                         m.C[2].value);
    // A send shorter than the receive delay, replies close together: the
    // nearer reply's receive delay shows, not the second send.
    LMO c = m;
    c.segments[0].C[2].value = m.C[2].value / 10;
    c.segments[0].t[2].value = 0;
    c.segments[0].L[pair_index(4, 2, 3)] = c.segments[0].L[pair_index(4, 2, 0)];
    c.segments[0].beta[pair_index(4, 2, 3)] =
        c.segments[0].beta[pair_index(4, 2, 0)];
    c.segments[0].C[3] = c.segments[0].C[0];
    c.segments[0].t[3] = c.segments[0].t[0];
    c.C[3] = c.C[0];
    c.L[pair_index(4, 2, 3)] = c.L[pair_index(4, 2, 0)];
    double sc = c.segments[0].C[2].value, R = c.C[2].value;
    ASSERT_DOUBLE_EQ(flight(c, 0), flight(c, 3));
    EXPECT_DOUBLE_EQ(c.one_to_two(2, 0, 3, M),
                     sc + flight(c, 0) + 2 * R);
}

TEST(LMO, SolverScales)
{
    // n = 96: C(96,3) = 142880 triplet systems, aggregated per parameter.
    const int n = 96;
    LMO t = truth(n, 41), m;
    LmoP2pData d = measurements(t, 4096);
    std::clock_t c0 = std::clock();
    lmo_solve_p2p(m, d, 0.95);
    double cpu = double(std::clock() - c0) / CLOCKS_PER_SEC;
    RecordProperty("solve_cpu_seconds_n96", std::to_string(cpu));
    std::printf("LMO solve, n = %d, one segment: %.3f s CPU\n", n, cpu);
    expect_same(m.C, t.C, "C", 0);
    expect_same(m.beta, t.beta, "beta", 0);
    EXPECT_EQ(m.C[0].n, std::size_t((n - 1) * (n - 2) / 2));
    EXPECT_EQ(m.L[0].n, std::size_t((n - 1) * (n - 2) / 2));
}

TEST(LMO, BadSegmentData)
{
    LMO t = segmented_truth(3, 5), m;
    LmoP2pData d = segmented_measurements(t);
    d.segments[0].Ma = 10;
    EXPECT_THROW(lmo_solve_p2p(m, d, 0.95), Error);
    d = segmented_measurements(t);
    std::swap(d.segments[1], d.segments[2]);
    EXPECT_THROW(lmo_solve_p2p(m, d, 0.95), Error);
    d = segmented_measurements(t);
    d.segments[1].o2tB.pop_back();
    EXPECT_THROW(lmo_solve_p2p(m, d, 0.95), Error);
}

TEST(LMO, TooFewProcesses)
{
    LmoP2pData d;
    d.n = 2;
    LMO m;
    EXPECT_THROW(lmo_solve_p2p(m, d, 0.95), UsageError);
}

TEST(LMO, PredictionsFollowTheEquations)
{
    LMO m = truth(4, 11);
    const double M = 5000;
    auto leg = [&](int r, int i) {
        int p = pair_index(4, r, i);
        return m.L[p].value + m.C[i].value +
               M * (1 / m.beta[p].value + m.t[i].value);
    };
    double root = 3 * (m.C[2].value + m.t[2].value * M);
    double mx = std::max({leg(2, 0), leg(2, 1), leg(2, 3)});
    double sum = leg(2, 0) + leg(2, 1) + leg(2, 3);
    EXPECT_NEAR(m.p2p(2, 0, M),
                m.C[2].value + m.C[0].value + m.L[pair_index(4, 0, 2)].value +
                    M * (m.t[2].value + m.t[0].value +
                         1 / m.beta[pair_index(4, 0, 2)].value),
                1e-15);
    EXPECT_NEAR(m.one2many(2, M), root + mx, 1e-15); // no S: small formula
    m.S = 4096;
    EXPECT_NEAR(m.one2many(2, M), root + sum, 1e-15);
    // At M = S the small formula still holds.
    auto at = [&](double X) {
        double r = 3 * (m.C[2].value + m.t[2].value * X), mx2 = 0;
        for (int i : {0, 1, 3}) {
            int p = pair_index(4, 2, i);
            mx2 = std::max(mx2, m.L[p].value + m.C[i].value +
                                    X * (1 / m.beta[p].value + m.t[i].value));
        }
        return r + mx2;
    };
    EXPECT_NEAR(m.one2many(2, 4096), at(4096), 1e-15);
    m.kappa1 = 1e-9;
    m.kappa2 = 2e-9;
    m.M2 = 8192;
    EXPECT_NEAR(m.many2one(2, M), root + mx + 1e-9 * M, 1e-15);
    EXPECT_NEAR(m.many2one(2, 10000),
                3 * (m.C[2].value + m.t[2].value * 10000) + [&] {
                    double s = 0;
                    for (int i : {0, 1, 3}) {
                        int p = pair_index(4, 2, i);
                        s += m.L[p].value + m.C[i].value +
                             10000 * (1 / m.beta[p].value + m.t[i].value);
                    }
                    return s;
                }() + 2e-9 * 10000,
                1e-15);
    EXPECT_THROW(m.one2many(4, M), UsageError);
}

TEST(LMO, CollectiveFitsAndSlopeCorrections)
{
    LMO m = truth(4, 5);
    m.S = 40960;
    m.M1 = 20480;
    m.M2 = 61440;
    Sweep o2m, m2o;
    const double k1 = 3e-10, k2 = 7e-10;
    for (double M = 0; M <= 102400; M += 1024) {
        o2m.M.push_back(M);
        o2m.T.push_back(m.one2many(0, M));
        m2o.M.push_back(M);
        // small: the model plus k1 M; medium: escalations; large: plus k2 M
        LMO exact = m;
        exact.kappa1 = k1;
        exact.kappa2 = k2;
        double T = exact.many2one(0, M);
        if (M > 20480 && M <= 61440)
            T *= 20; // an escalation level
        m2o.T.push_back(T);
    }
    lmo_fit_collectives(m, o2m, m2o, 0.95);
    ASSERT_TRUE(m.one2many_small && m.one2many_large);
    ASSERT_TRUE(m.many2one_small && m.many2one_large);
    EXPECT_LT(rel(m.kappa2, k2), 1e-6);
    // The max of the legs bends the small region, so kappa1 is recovered
    // as the mean slope correction, close to k1.
    EXPECT_LT(std::fabs(m.kappa1 - k1), 0.05 * std::fabs(k1) + 1e-12);
    EXPECT_EQ(first_escalation(m2o).value_or(0), 21u); // 21 KiB
    EXPECT_FALSE(first_escalation(o2m).has_value());
}

// Breaks where the sweeps do not change form (Bai-Perron splits any line
// that is not exactly straight): S and M2 dropped, one fit each; the same
// breaks over sweeps that do change form (the test above) stand.
TEST(LMO, BreaksWithoutAChangeOfFormDropped)
{
    LMO m = truth(4, 5);
    const double k1 = 3e-10;
    LMO exact = m; // no S, M1, M2: max of the legs at every size
    exact.kappa1 = k1;
    Sweep o2m, m2o;
    for (double M = 0; M <= 102400; M += 4096) {
        o2m.M.push_back(M);
        o2m.T.push_back(exact.one2many(0, M));
        m2o.M.push_back(M);
        m2o.T.push_back(exact.many2one(0, M));
    }
    m.S = 40960;
    m.M2 = 61440;
    lmo_fit_collectives(m, o2m, m2o, 0.95);
    EXPECT_FALSE(m.S.has_value());
    EXPECT_FALSE(m.M2.has_value());
    ASSERT_TRUE(m.one2many_small && m.many2one_small);
    EXPECT_FALSE(m.one2many_large || m.many2one_large);
    for (double M : {1000.0, 50000.0, 100000.0}) {
        EXPECT_LT(rel(m.one2many(0, M), exact.one2many(0, M)), 1e-3);
        EXPECT_LT(rel(m.many2one(0, M), exact.many2one(0, M)), 1e-3);
    }
    // A break of the gather with M1 set: judged against the fit below M1.
    LMO e = truth(4, 5);
    e.M1 = 20480;
    e.M2 = 61440;
    lmo_fit_collectives(e, o2m, m2o, 0.95);
    EXPECT_FALSE(e.M2.has_value());
    EXPECT_EQ(e.M1.value_or(0), 20480);
}

TEST(LMO, FileRoundTrip)
{
    LMO m = truth(4, 9);
    m.S = 40960;
    m.M2 = 61440;
    m.kappa1 = 1.5e-10;
    stats::LineFit f;
    f.c0 = 1e-5;
    f.c1 = 2e-9;
    m.many2one_large = f;
    std::ostringstream a, b;
    write_text(a, m.to_data(), LMO::schema());
    std::istringstream in(a.str());
    LMO back = LMO::from_data(read_text(in, "lmo.out", "LMO", LMO::schema()));
    write_text(b, back.to_data(), LMO::schema());
    EXPECT_EQ(a.str(), b.str());
    EXPECT_FALSE(back.M1.has_value());
    EXPECT_EQ(*back.S, 40960);
    EXPECT_EQ(back.many2one(1, 70000), m.many2one(1, 70000));
    EXPECT_EQ(a.str().find("segment"), std::string::npos);
}

TEST(LMO, SegmentedFileRoundTrip)
{
    LMO m = segmented_truth(4, 17);
    m.segments[1].C[2].ci = 3e-7;
    std::ostringstream a, b, j;
    write_text(a, m.to_data(), LMO::schema());
    EXPECT_NE(a.str().find("\nsegment 0 1 8192 "), std::string::npos);
    std::istringstream in(a.str());
    LMO back = LMO::from_data(read_text(in, "lmo.out", "LMO", LMO::schema()));
    write_text(b, back.to_data(), LMO::schema());
    EXPECT_EQ(a.str(), b.str());
    ASSERT_EQ(back.segments.size(), 2u);
    EXPECT_EQ(back.segments[1].C[2].ci, 3e-7);
    for (double M : {100.0, 9000.0, 70000.0})
        EXPECT_EQ(back.p2p(3, 1, M), m.p2p(3, 1, M));
    write_json(j, m.to_data(), LMO::schema());
    EXPECT_NE(j.str().find("\"t_j_ci\""), std::string::npos);
    // A pair missing at a start, and a processor with two values: errors.
    std::string text = a.str();
    std::string cut = text;
    std::size_t at = cut.find("segment 0 2 8192 ");
    cut.erase(at, cut.find('\n', at) + 1 - at);
    std::istringstream in2(cut);
    EXPECT_THROW(LMO::from_data(read_text(in2, "x", "LMO", LMO::schema())),
                 UsageError);
    m.segments[0].C[0].value *= 2;
    std::ostringstream c;
    write_text(c, m.to_data(), LMO::schema());
    std::string two = c.str();
    // pair 0,1 carries the doubled C_0; make pair 0,2 disagree
    std::size_t p01 = two.find("segment 0 1 8192 ");
    std::size_t p02 = two.find("segment 0 2 8192 ");
    std::string l01 = two.substr(p01, two.find('\n', p01) - p01);
    std::string l02 = two.substr(p02, two.find('\n', p02) - p02);
    std::istringstream w01(l01), w02(l02);
    std::vector<std::string> f01, f02;
    for (std::string x; w01 >> x;)
        f01.push_back(x);
    for (std::string x; w02 >> x;)
        f02.push_back(x);
    f02[8] = "1e-3"; // C_i of pair 0,2 in the segment: processor 0
    std::string nl;
    for (const std::string &x : f02)
        nl += (nl.empty() ? "" : " ") + x;
    two.replace(p02, l02.size(), nl);
    std::istringstream in3(two);
    EXPECT_THROW(LMO::from_data(read_text(in3, "x", "LMO", LMO::schema())),
                 UsageError);
}

// A file of the format before segments (no "segment" records) loads and
// saves byte for byte.
TEST(LMO, OldFormatLoads)
{
    const std::string old =
        "# CPM model file; format described in doc/formats.md\n"
        "cpm-model 1\n"
        "model LMO\n"
        "n 3\n"
        "processor 0 node0\n"
        "processor 1 node1\n"
        "processor 2 node2\n"
        "measured date 2026-11-20T10:00:00Z\n"
        "measured mpi Open MPI v4.1.6\n"
        "measured command model -M LMO -o lmo.out\n"
        "measured precision min_reps=5 max_reps=100 cl=0.95 eps=0.025\n"
        "measured timing max\n"
        "measured parallel 1\n"
        "measured sizes 0:1024:102400\n"
        "measured p2p-size 65536\n"
        "C 0 1e-05 0\n"
        "C 1 2e-05 0\n"
        "C 2 3e-05 0\n"
        "t 0 1e-09 0\n"
        "t 1 2e-09 0\n"
        "t 2 3e-09 0\n"
        "L 0 1 5e-05 0\n"
        "L 0 2 6e-05 0\n"
        "L 1 2 7e-05 0\n"
        "beta 0 1 125000000 0\n"
        "beta 0 2 100000000 0\n"
        "beta 1 2 80000000 0\n"
        "S 40960\n"
        "kappa1 0\n"
        "kappa2 0\n"
        "end\n";
    std::istringstream in(old);
    LMO m = LMO::from_data(read_text(in, "old.lmo", "LMO", LMO::schema()));
    EXPECT_TRUE(m.segments.empty());
    EXPECT_EQ(m.segment_of(1e9), 0);
    EXPECT_DOUBLE_EQ(m.p2p(0, 1, 1000),
                     1e-5 + 5e-5 + 2e-5 + 1000 * (1e-9 + 1 / 125e6 + 2e-9));
    std::ostringstream out;
    write_text(out, m.to_data(), LMO::schema());
    EXPECT_EQ(out.str(), old);
}

} // namespace

// The sizes of a segment's experiments (lmo_experiment_sizes) from a sweep
// of two pairs over 0, 1, 2, 4, ..., 4 MiB: T(M) = 10 us + M ns (times a
// factor where given, with an interval of that fraction of T where given).
namespace {

LmoSweepResults affine_sweep(const std::map<long, double> &factor = {},
                             const std::map<long, double> &ci = {})
{
    LmoSweepResults sw;
    std::vector<long> sizes{0};
    for (long M = 1; M <= 4194304; M *= 2)
        sizes.push_back(M);
    for (long M : sizes)
        for (int p = 0; p < 2; ++p) {
            bench::Result r;
            r.M = M;
            r.T = 10e-6 + double(M) * 1e-9;
            if (factor.count(M))
                r.T *= factor.at(M);
            if (ci.count(M))
                r.ci = ci.at(M) * r.T;
            sw.r[M].push_back(r);
            sw.have[M].push_back(1);
        }
    return sw;
}

double chosen_mb(const LmoSweepResults &sw, long from = 0, long hi = -1,
                 std::optional<double> S = std::nullopt)
{
    LmoSegmentData g;
    g.from = from;
    lmo_experiment_sizes(g, hi, sw, S, 0.025);
    EXPECT_EQ(g.Ma, double(from));
    return g.Mb;
}

} // namespace

TEST(LMO, ExperimentSizesAffineSegment)
{
    // dT >= eps T(0) = 0.25 us first at 256 bytes; that chord is exact.
    EXPECT_EQ(chosen_mb(affine_sweep()), 256);
    EXPECT_EQ(chosen_mb(affine_sweep(), 1024), 2048);
    // A segment's end bounds what its chord must meet: other times above
    // 4096 bytes do not move Mb.
    EXPECT_EQ(chosen_mb(affine_sweep({{8192, 3}, {1048576, 0.5}}), 0, 4096),
              256);
}

TEST(LMO, ExperimentSizesChordMeetsTheSweep)
{
    // 256 bytes read 10% high: its chord from 0 gives 5 times the slope
    // and misses every larger size; the next pinned size's chord misses
    // 256 alone, and least.
    EXPECT_EQ(chosen_mb(affine_sweep({{256, 1.1}})), 512);
    // Both 256 and 512 high and S at 1000: no chord below S meets the
    // sweep, and the one to 1024 (above S) misses least.
    EXPECT_EQ(chosen_mb(affine_sweep({{256, 1.1}, {512, 1.1}}), 0, -1, 1000.0),
              1024);
    // Where a chord below S meets the sweep, S is respected.
    EXPECT_EQ(chosen_mb(affine_sweep({{2048, 1.1}}), 0, -1, 1000.0), 256);
    // A miss within the swept size's interval is no miss: 8% high at
    // 2048 with an interval of 10%.
    EXPECT_EQ(chosen_mb(affine_sweep({{2048, 1.08}}, {{2048, 0.10}})), 256);
    // 8% beyond an interval of 1% is a miss (2 eps = 5%) that every chord
    // but the one to 2048 makes alike: the first pinned size stays.
    EXPECT_EQ(chosen_mb(affine_sweep({{2048, 1.08}}, {{2048, 0.01}})), 256);
}

TEST(LMO, ExperimentSizesCurvedSegment)
{
    // A break the segment search missed: the slope triples from 256 KiB.
    // Every chord misses; the first pinned size's (256 bytes) misses 4 MiB
    // 2.87 times, the one chosen, to 512 KiB, misses 256 KiB 1.96 times
    // and 4 MiB 1.44 times: the least largest miss.
    std::map<long, double> f;
    for (long M = 524288; M <= 4194304; M *= 2)
        f[M] = (10e-6 + double(M) * 1e-9 + double(M - 262144) * 2e-9) /
               (10e-6 + double(M) * 1e-9);
    EXPECT_EQ(chosen_mb(affine_sweep(f)), 524288);
}

TEST(LMO, ExperimentSizesWithinReach)
{
    // Nothing pinned (intervals of the size of the times): the largest
    // swept size within reach, 1/8 of the sweep's largest (512 KiB), not
    // the segment's largest.
    std::map<long, double> wide;
    for (long M = 1; M <= 4194304; M *= 2)
        wide[M] = 1;
    EXPECT_EQ(chosen_mb(affine_sweep({}, wide)), 524288);
    // Pinned only from 1 MiB (beyond reach): the first pinned size.
    std::map<long, double> upto;
    for (long M = 1; M <= 524288; M *= 2)
        upto[M] = 1;
    EXPECT_EQ(chosen_mb(affine_sweep({}, upto)), 1048576);
}
