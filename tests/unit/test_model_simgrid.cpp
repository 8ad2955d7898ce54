// The SimGrid export: the writer's size rules (common_simgrid), and each
// model's platform against the model's p2p on synthetic models whose
// structure the platform can hold exactly (Hockney with per-host delays
// per segment and global factors, LMO), plus the refusals.
#include "common_error.h"
#include "common_simgrid.h"
#include "model_simgrid.h"

#include <cmath>
#include <functional>
#include <gtest/gtest.h>
#include <random>
#include <string>

using namespace cpm;
using namespace cpm::models;

namespace {

double rel(double a, double b) { return std::fabs(a - b) / std::fabs(b); }

TEST(SimgridWriter, SizeRulesAndSettings)
{
    SimgridPlatform p;
    p.comment = "c";
    p.hosts = {{"a", {{0, 1e-6, 1e-9}, {8192, 2e-6, 0}}, {}, {}},
               {"b", {}, {}, {}}};
    p.links = {{1e-5, 1e8}};
    p.segments = {{0, 1, 1}, {8192, 0.5, 2}};
    p.detached = 65536;
    std::string xml = simgrid_platform_xml(p);
    // a delay piece from FROM is written at FROM - 1 (applies above it)
    EXPECT_NE(xml.find("value=\"0:9.9999999999999995e-07:1.0000000000000001e-09;"
                       "8191:1.9999999999999999e-06:0\""),
              std::string::npos)
        << xml;
    EXPECT_EQ(xml.find("smpi/ois"), std::string::npos); // empty: not written
    EXPECT_NE(xml.find("<link id=\"l0_1\" bandwidth=\"100000000Bps\" "
                       "latency=\"1.0000000000000001e-05s\"/>"),
              std::string::npos);
    std::string cfg = simgrid_settings(p);
    // a factor of a segment from FROM is written at FROM + 15 (envelope)
    EXPECT_NE(cfg.find("--cfg=smpi/bw-factor:0:1;8207:0.5\n"), std::string::npos)
        << cfg;
    EXPECT_NE(cfg.find("--cfg=smpi/lat-factor:0:1;8207:2\n"), std::string::npos);
    EXPECT_NE(cfg.find("--cfg=smpi/send-is-detached-thresh:65536\n"),
              std::string::npos);
    EXPECT_EQ(simgrid_hostfile(p), "a\nb\n");
    // one way: os_a + FLAT L + (m + 16)/(FBW B) (no or on b); none from D on
    EXPECT_DOUBLE_EQ(simgrid_one_way(p, 0, 1, 100),
                     1e-6 + 1e-9 * 100 + 1e-5 + 116 / 1e8);
    EXPECT_DOUBLE_EQ(simgrid_one_way(p, 0, 1, 8192),
                     2e-6 + 2 * 1e-5 + 8208 / 0.5e8);
    EXPECT_DOUBLE_EQ(simgrid_one_way(p, 0, 1, 70000), 2 * 1e-5 + 70016 / 0.5e8);
}

// A piecewise Hockney model with the test bed's structure: per segment s,
// alpha_ij = C_i + C_j + FLAT_s L_ij + 16 w_ij / FBW_s,
// beta_ij = t_i + t_j + w_ij / FBW_s, host delays drawn per segment.
Hockney segmented_hockney(int n)
{
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> C(1e-6, 2e-5), t(1e-10, 2e-9),
        L(1e-6, 1e-4), B(1e7, 1.25e9);
    const long from[] = {0, 8192, 65536};
    const double fbw[] = {1, 0.8, 0.55}, flat[] = {1, 1.6, 4};
    std::vector<std::vector<double>> c(3), tt(3);
    for (int s = 0; s < 3; ++s)
        for (int i = 0; i < n; ++i) {
            c[s].push_back(C(rng));
            tt[s].push_back(t(rng));
        }
    Hockney h;
    h.n = n;
    h.pieces.resize(std::size_t(n * (n - 1) / 2));
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            double l = L(rng), w = 1 / B(rng);
            for (int s = 0; s < 3; ++s) {
                double a = c[s][i] + c[s][j] + flat[s] * l + 16 * w / fbw[s];
                double b = tt[s][i] + tt[s][j] + w / fbw[s];
                if (s == 0) {
                    h.alpha.push_back({a, 0, 1});
                    h.beta.push_back({b, 0, 1});
                } else {
                    h.pieces[std::size_t(pair_index(n, i, j))].push_back(
                        {from[s], {a, 0, 1}, {b, 0, 1}});
                }
            }
        }
    return h;
}

void expect_reproduces(const SimgridExport &e, int n,
                       const std::function<double(int, int, double)> &p2p)
{
    for (double m : {0.0, 100.0, 8191.0, 8192.0, 30000.0, 65535.0, 65536.0,
                     1048576.0})
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j)
                if (i != j)
                    EXPECT_LT(rel(simgrid_one_way(e.platform, i, j, m),
                                  p2p(i, j, m)),
                              1e-9)
                        << "m=" << m << " " << i << "->" << j;
    EXPECT_LT(e.max_rel, 1e-9);
}

// The test bed's three segments found (factors 0.8 and 4 of its second
// and third), and no host delay below 0.
void expect_bed_segments(const SimgridExport &e)
{
    ASSERT_EQ(e.platform.segments.size(), 3u);
    EXPECT_LT(rel(e.platform.segments[1].bw, 0.8), 1e-9);
    EXPECT_LT(rel(e.platform.segments[2].lat, 4), 1e-9);
    for (const SimgridHost &host : e.platform.hosts)
        for (const SimgridDelay &d : host.os) {
            EXPECT_GE(d.c, 0);
            EXPECT_GE(d.t, 0);
        }
}

TEST(SimgridExport, HockneySegmentedIsExact)
{
    const int n = 6;
    Hockney h = segmented_hockney(n);
    SimgridExport e = simgrid_export(h, {});
    expect_bed_segments(e);
    for (const SimgridLink &l : e.platform.links) {
        EXPECT_GE(l.latency, 0);
        EXPECT_GT(l.bandwidth, 0);
    }
    expect_reproduces(e, n, [&](int i, int j, double m) { return h.p2p(i, j, m); });
}

TEST(SimgridExport, HockneyLinearHasNoHostDelays)
{
    Hockney h = segmented_hockney(4);
    h.pieces.clear();
    SimgridExport e = simgrid_export(h, {});
    EXPECT_TRUE(e.platform.segments.empty());
    EXPECT_TRUE(e.platform.hosts[0].os.empty());
    expect_reproduces(e, 4, [&](int i, int j, double m) { return h.p2p(i, j, m); });
}

TEST(SimgridExport, LmoIsExact)
{
    const int n = 5;
    LMO m;
    m.n = n;
    for (int i = 0; i < n; ++i) {
        m.C.push_back({1e-6 * (i + 1), 0, 1});
        m.t.push_back({1e-10 * (i + 2), 0, 1});
    }
    for (int p = 0; p < n * (n - 1) / 2; ++p) {
        m.L.push_back({2e-5 + 1e-6 * p, 0, 1});
        m.beta.push_back({1e8 * (p + 1), 0, 1});
    }
    SimgridExport e = simgrid_export(m, {});
    expect_reproduces(e, n, [&](int i, int j, double M) { return m.p2p(i, j, M); });
    EXPECT_EQ(e.platform.hosts[2].os.size(), 1u);
}

// A piecewise LMO of a platform with segments and a rendezvous size, as
// the test bed's (host delays per segment, none from the rendezvous on,
// links scaled by global factors), with the split that LMO's one-to-two
// experiments give where they cannot separate a host's delays: host 1's
// C in segment 8192 too large by d, every L of host 1 too small by d (the
// sums, the p2p times, exact). The export reproduces the p2p times and
// takes the pattern back out of the host delays.
TEST(SimgridExport, LmoSegmentedIsExact)
{
    const int n = 6;
    const long R = 65536;
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> C(1e-6, 2e-5), t(1e-10, 2e-9),
        L(1e-6, 1e-4), B(1e7, 1.25e9);
    const long from[] = {0, 8192, R};
    const double fbw[] = {1, 0.8, 0.55}, flat[] = {1, 1.6, 4};
    std::vector<std::vector<double>> c(3), tt(3);
    for (int s = 0; s < 3; ++s)
        for (int i = 0; i < n; ++i) {
            c[s].push_back(s == 2 ? 0 : C(rng)); // rendezvous: no delays
            tt[s].push_back(s == 2 ? 0 : t(rng));
        }
    const double d = 3e-6;
    LMO m;
    m.n = n;
    m.segments.resize(2);
    for (int s = 0; s < 3; ++s) {
        std::vector<stats::Estimate> Cs, ts, Ls, bs;
        for (int i = 0; i < n; ++i) {
            Cs.push_back({c[s][i] + (s == 1 && i == 1 ? d : 0), 0, 1});
            // in the rendezvous segment, any split with the right sums
            ts.push_back({tt[s][i] + (s == 2 ? 1e-10 * i : 0), 0, 1});
        }
        std::mt19937 lr(5); // the same links in every segment
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j) {
                double l = L(lr), w = 1 / B(lr);
                double Lij = flat[s] * l + 16 * w / fbw[s] -
                             (s == 1 && (i == 1 || j == 1) ? d : 0);
                double slope = w / fbw[s] - (s == 2 ? 1e-10 * (i + j) : 0);
                Ls.push_back({Lij, 0, 1});
                bs.push_back({1 / slope, 0, 1});
            }
        if (s == 0) {
            m.C = Cs;
            m.t = ts;
            m.L = Ls;
            m.beta = bs;
        } else {
            m.segments[std::size_t(s - 1)] = {from[s], Cs, ts, Ls, bs};
        }
    }
    SimgridExportOptions o;
    o.rendezvous = R;
    SimgridExport e = simgrid_export(m, o);
    ASSERT_EQ(e.platform.segments.size(), 3u);
    EXPECT_LT(rel(e.platform.segments[1].bw, 0.8), 1e-9);
    EXPECT_LT(rel(e.platform.segments[2].lat, 4), 1e-9);
    // host 1's delay of segment 8192 is the platform's, not LMO's
    ASSERT_EQ(e.platform.hosts[1].os.size(), 3u);
    EXPECT_LT(rel(e.platform.hosts[1].os[1].c, c[1][1]), 1e-6);
    EXPECT_EQ(e.platform.detached, R);
    expect_reproduces(e, n, [&](int i, int j, double M) { return m.p2p(i, j, M); });
}

// The refusals: one message naming the record.
template <class F>
std::string refusal(F f)
{
    try {
        f();
    } catch (const UsageError &e) {
        return e.what();
    }
    return "(not refused)";
}

// Appends pair i-j (i < j, the lower rank initiating) of a platform whose
// one-way time is T(m) and whose hosts' delays are osi(m) and osj(m)
// (os = or, as on SMPI's one-delay hosts) to pl, at every size of
// pl.sizes, as PLogP's experiments measure them.
void add_plogp_pair(PLogP &pl, const std::function<double(double)> &osi,
                    const std::function<double(double)> &osj,
                    const std::function<double(double)> &T)
{
    std::vector<stats::Estimate> vos, vor, vg, vrtt;
    for (long m : pl.sizes) {
        double M = double(m);
        vos.push_back({osi(M), 0, 1});
        vor.push_back({osj(M), 0, 1});
        vg.push_back({T(M), 0, 1});
        vrtt.push_back({T(M) + T(0), 0, 1});
    }
    pl.L.push_back({T(0) / 2, 0, 1});
    pl.os.push_back(vos);
    pl.or_.push_back(vor);
    pl.g.push_back(vg);
    pl.rtt.push_back(vrtt);
}

// A PLogP model of a platform with three size segments: host delays
// os_i^s = c + t m (one per host, as os = or on SMPI's one-delay hosts),
// links scaled by global factors per segment. PLogP measures os on the
// lower rank only, so the last rank's delay is not in the file (the
// export's median of its pairs' os is another host's): the host
// corrections of the fit must take that out, and the export is exact.
TEST(SimgridExport, PlogpSegmentedIsExact)
{
    const int n = 5;
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> C(1e-6, 2e-5), t(1e-10, 2e-9),
        L(1e-6, 1e-4), B(1e7, 1.25e9);
    const long from[] = {0, 8192, 65536};
    const double fbw[] = {1, 0.8, 0.55}, flat[] = {1, 1.6, 4};
    auto seg = [&](double m) { return m >= 65536 ? 2 : m >= 8192 ? 1 : 0; };
    std::vector<std::vector<double>> c(3), tt(3);
    for (int s = 0; s < 3; ++s)
        for (int i = 0; i < n; ++i) {
            c[s].push_back(C(rng));
            tt[s].push_back(t(rng));
        }
    auto os = [&](int i, double m) {
        return c[seg(m)][i] + tt[seg(m)][i] * m;
    };
    PLogP pl;
    pl.n = n;
    pl.sizes = {0, 1024, 4096, 8192, 16384, 65536, 131072, 1048576};
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            double l = L(rng), w = 1 / B(rng);
            auto T = [&](double m) {
                int s = seg(m);
                return os(i, m) + flat[s] * l + (m + 16) * w / fbw[s] +
                       os(j, m);
            };
            add_plogp_pair(
                pl, [&](double m) { return os(i, m); },
                [&](double m) { return os(j, m); }, T);
            pl.starts.push_back({from[1], from[2]});
        }
    SimgridExport e = simgrid_export(pl, {});
    expect_bed_segments(e);
    expect_reproduces(e, n, [&](int i, int j, double m) { return pl.p2p(i, j, m); });
}

// Rendezvous from R (SMPI: no host delays from there on) and a last rank
// whose delay is far below its partners': PLogP measures os on the lower
// rank only, so the file has no os of the last rank, and the median of
// its pairs' os (its partners') is 7 times its own. The segment from R
// shows the links alone, so the export fits the first segment's host
// corrections too and recovers the last rank's delay: exact.
TEST(SimgridExport, PlogpRendezvousGivesTheLastRanksDelay)
{
    const int n = 5;
    const long R = 65536;
    std::mt19937 rng(37);
    std::uniform_real_distribution<double> C(1e-5, 2e-5), t(1e-10, 2e-9),
        L(1e-6, 1e-4), B(1e7, 1.25e9);
    std::vector<double> c, tt;
    for (int i = 0; i < n; ++i) {
        c.push_back(i == n - 1 ? 2e-6 : C(rng));
        tt.push_back(t(rng));
    }
    auto os = [&](int i, double m) {
        return m >= double(R) ? 0.0 : c[std::size_t(i)] + tt[std::size_t(i)] * m;
    };
    PLogP pl;
    pl.n = n;
    pl.sizes = {0, 1, 1024, 65024, 65536, 262144, 1048576};
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            double l = L(rng), w = 1 / B(rng);
            auto T = [&](double m) { return os(i, m) + l + (m + 16) * w + os(j, m); };
            add_plogp_pair(
                pl, [&](double m) { return os(i, m); },
                [&](double m) { return os(j, m); }, T);
            pl.starts.push_back({R});
        }
    SimgridExportOptions o;
    o.rendezvous = R;
    SimgridExport e = simgrid_export(pl, o);
    const SimgridHost &last = e.platform.hosts[std::size_t(n - 1)];
    ASSERT_FALSE(last.os.empty());
    EXPECT_LT(rel(last.os[0].c, c[std::size_t(n - 1)]), 1e-6);
    EXPECT_LT(rel(last.os[0].t, tt[std::size_t(n - 1)]), 1e-6);
    expect_reproduces(e, n, [&](int i, int j, double m) { return pl.p2p(i, j, m); });
}

// A send call that holds the transfer (os = the whole one-way time, as
// in a rendezvous): nothing is left for the link, and the export says so
// instead of writing a negative bandwidth.
TEST(SimgridExport, PlogpOsHoldingTheTransferIsRefused)
{
    const int n = 3;
    PLogP pl;
    pl.n = n;
    pl.sizes = {0, 1024, 65536, 1048576};
    for (int p = 0; p < n * (n - 1) / 2; ++p) {
        std::vector<stats::Estimate> T, rtt;
        for (long m : pl.sizes) {
            double t = 1e-5 + double(m) * 1e-9;
            T.push_back({t, 0, 1});
            rtt.push_back({t + 1e-5, 0, 1});
        }
        pl.L.push_back({5e-6, 0, 1});
        pl.os.push_back(T);
        pl.or_.push_back(T);
        pl.g.push_back(T);
        pl.rtt.push_back(rtt);
        pl.starts.push_back({});
    }
    try {
        simgrid_export(pl, {});
        ADD_FAILURE() << "exported a link with no time left";
    } catch (const cpm::UsageError &e) {
        EXPECT_NE(std::string(e.what()).find("cannot export: link 0 1"),
                  std::string::npos)
            << e.what();
    }
}

TEST(SimgridExport, Refusals)
{
    Hockney h = segmented_hockney(3);
    h.pieces.clear();
    h.alpha[1].value = -1e-3;
    EXPECT_NE(refusal([&] { simgrid_export(h, {}); }).find("alpha 0 2 = -0.001"),
              std::string::npos);
    h = segmented_hockney(3);
    h.pieces.clear();
    h.beta[0].value = -2e-9;
    EXPECT_NE(refusal([&] { simgrid_export(h, {}); })
                  .find("cannot export: beta 0 1 = -2e-09"),
              std::string::npos);
    h = segmented_hockney(3);
    h.pieces[2][0].beta.value = NAN;
    EXPECT_NE(refusal([&] { simgrid_export(h, {}); })
                  .find("segment 1 2 8192 beta = nan"),
              std::string::npos);
    LMO m;
    m.n = 2;
    m.C = {{1e-6, 0, 1}, {-1e-6, 0, 1}};
    m.t = {{0, 0, 1}, {0, 0, 1}};
    m.L = {{1e-5, 0, 1}};
    m.beta = {{1e8, 0, 1}};
    EXPECT_NE(refusal([&] { simgrid_export(m, {}); }).find("C 1 = -1e-06"),
              std::string::npos);
    m.C[1].value = 0;
    m.L[0].value = 1e-8; // below 16/beta = 1.6e-7
    EXPECT_NE(refusal([&] { simgrid_export(m, {}); }).find("L 0 1 = 1e-08"),
              std::string::npos);
}

} // namespace
