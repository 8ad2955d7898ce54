// LMO: exact recovery of every parameter from synthetic measurements that
// a known model implies; collectives, thresholds and slope corrections;
// the model file.
#include "benchmark_schedule.h"
#include "common_error.h"
#include "model_lmo.h"

#include <cmath>
#include <gtest/gtest.h>
#include <random>
#include <sstream>

using namespace cpm;
using namespace cpm::models;

namespace {

double rel(double a, double b) { return std::fabs(a - b) / std::fabs(b); }

LMO truth(int n, unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> C(5e-6, 5e-5), t(1e-10, 2e-9),
        L(1e-6, 1e-4), beta(1e7, 1.25e9);
    LMO m;
    m.n = n;
    for (int i = 0; i < n; ++i) {
        m.C.push_back({C(rng), 0, 1});
        m.t.push_back({t(rng), 0, 1});
    }
    for (int p = 0; p < n * (n - 1) / 2; ++p) {
        m.L.push_back({L(rng), 0, 1});
        m.beta.push_back({beta(rng), 0, 1});
    }
    m.provenance.date = "2026-11-22T00:00:00Z";
    m.provenance.mpi = "synthetic";
    m.provenance.processors.assign(n, "node");
    return m;
}

bench::Result result(double T)
{
    bench::Result r;
    r.T = T;
    r.reps = 5;
    return r;
}

// The measurements that the model implies exactly, in the library's order.
LmoP2pData measurements(const LMO &m, double M)
{
    LmoP2pData d;
    d.n = m.n;
    d.M = M;
    for (const bench::Pair &p : bench::all_pairs(m.n))
        d.rt0.push_back(result(m.roundtrip(p.i, p.j, 0, 0)));
    for (const bench::Triplet &tr : bench::all_triplets(m.n)) {
        int v[3] = {tr.i, tr.j, tr.k};
        for (int r = 0; r < 3; ++r) {
            int a = v[(r + 1) % 3], b = v[(r + 2) % 3];
            if (a > b)
                std::swap(a, b);
            d.o2t0.push_back(result(m.one_to_two(v[r], a, b, 0)));
            d.o2tM.push_back(result(m.one_to_two(v[r], a, b, M)));
            d.o2oM.push_back(result(m.roundtrip(v[r], a, M, 0)));
            d.o2oM.push_back(result(m.roundtrip(v[r], b, M, 0)));
        }
    }
    return d;
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
    for (auto *v : {&d.rt0, &d.o2t0, &d.o2tM, &d.o2oM})
        for (bench::Result &r : *v)
            r.T *= noise(rng);
    lmo_solve_p2p(m, d, 0.95);
    for (int i = 0; i < 5; ++i) {
        EXPECT_GT(m.C[i].ci, 0.0);
        EXPECT_EQ(m.C[i].n, 6u); // C(4,2) triplets contain processor i
    }
    EXPECT_EQ(m.L[0].n, 3u); // n-2 triplets contain a pair
    // A processor that answers faster than its links allow: negative C.
    LmoP2pData bad = measurements(t, 32768);
    for (bench::Result &r : bad.o2t0)
        r.T *= 0.5;
    LMO w;
    lmo_solve_p2p(w, bad, 0.95);
    ASSERT_FALSE(w.warnings.empty());
    EXPECT_NE(w.warnings[0].find("C_0"), std::string::npos) << w.warnings[0];
    EXPECT_NE(w.warnings[0].find("negative"), std::string::npos);
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
}

} // namespace
