// HLogGP: predictions against values computed by hand on a small
// heterogeneous model, exact recovery of the parameters from synthetic
// measurements, the kernels' rule on hand-built phases, and the model
// files (save-load-save, JSON, bad records).
#include "common_error.h"
#include "kernel_config.h"
#include "model_data.h"
#include "model_hloggp.h"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <random>
#include <sstream>

using namespace cpm;
using namespace cpm::models;

namespace {

const double us = 1e-6, ns = 1e-9;

// Three processors, everything different:
//   os = 1, 2, 3 us; or = 4, 5, 6 us; g = 10, 3, 20 us
//   L01 = 10 us, L02 = 20 us, L12 = 30 us
//   G (ns/B): 0->1 1, 1->0 2, 0->2 3, 2->0 4, 1->2 5, 2->1 6
HLogGP three()
{
    HLogGP m;
    m.n = 3;
    m.os = {{1 * us, 0, 1}, {2 * us, 0, 1}, {3 * us, 0, 1}};
    m.or_ = {{4 * us, 0, 1}, {5 * us, 0, 1}, {6 * us, 0, 1}};
    m.g = {{10 * us, 0, 1}, {3 * us, 0, 1}, {20 * us, 0, 1}};
    m.L = {{10 * us, 0, 1}, {20 * us, 0, 1}, {30 * us, 0, 1}};
    m.G.assign(9, {});
    m.G[0 * 3 + 1] = {1 * ns, 0, 1};
    m.G[1 * 3 + 0] = {2 * ns, 0, 1};
    m.G[0 * 3 + 2] = {3 * ns, 0, 1};
    m.G[2 * 3 + 0] = {4 * ns, 0, 1};
    m.G[1 * 3 + 2] = {5 * ns, 0, 1};
    m.G[2 * 3 + 1] = {6 * ns, 0, 1};
    m.provenance.date = "2026-11-23T00:00:00Z";
    m.provenance.mpi = "synthetic";
    m.provenance.processors = {"a", "b", "c"};
    return m;
}

void near(double got, double want)
{
    EXPECT_NEAR(got, want, 1e-12 + 1e-12 * std::fabs(want));
}

TEST(HLogGP, PointToPointByHand)
{
    HLogGP m = three();
    // 0 -> 1, 1000 B: 1 + 10 + 1000*1e-3 + 5 = 17 us
    near(m.p2p(0, 1, 1000), 17 * us);
    // 1 -> 0, 1000 B: 2 + 10 + 2 + 4 = 18 us (G differs by direction)
    near(m.p2p(1, 0, 1000), 18 * us);
    // 2 -> 1, 0 B: 3 + 30 + 0 + 5 = 38 us
    near(m.p2p(2, 1, 0), 38 * us);
    EXPECT_EQ(m.p2p(2, 2, 1e6), 0);
    EXPECT_THROW(m.p2p(0, 3, 1), UsageError);
    EXPECT_THROW(m.p2p(0, 1, -1), UsageError);
}

TEST(HLogGP, IntervalsByHand)
{
    HLogGP m = three();
    // send 0 -> 2, 1000 B: max(g0 = 10, os0 + 3 = 4) = 10 us
    near(m.send_interval(0, 2, 1000), 10 * us);
    // send 0 -> 2, 10000 B: max(10, 1 + 30) = 31 us
    near(m.send_interval(0, 2, 10000), 31 * us);
    // receive at 1 from 0, 1000 B: max(g1 = 3, or1 + 1 = 6) = 6 us
    near(m.recv_interval(0, 1, 1000), 6 * us);
}

TEST(HLogGP, LinearScatterGatherByHand)
{
    HLogGP m = three();
    // Scatter from 0, 1000 B: to 1 at 0: T01 = 17; to 2 after
    // s01 = max(10, 1 + 1) = 10: T02 = 1 + 20 + 3 + 6 = 30 -> 40 us.
    near(m.scatter_linear(0, 1000), 40 * us);
    // Scatter from 1, 10000 B: to 0: T10 = 2 + 10 + 20 + 4 = 36;
    // s10 = max(3, 2 + 20) = 22; T12 = 2 + 30 + 50 + 6 = 88 -> 110 us.
    near(m.scatter_linear(1, 10000), 110 * us);
    // Gather to 0, 1000 B: A1 = 2 + 10 + 2 = 14, F1 = 14 + 4 = 18;
    // A2 = 3 + 20 + 4 = 27: F2 = max(27 + 4, 18 + max(10, 4 + 4)) = 31 us.
    near(m.gather_linear(0, 1000), 31 * us);
    // Gather to 2, 10000 B: A0 = 1 + 20 + 30 = 51, F1 = 57;
    // A1 = 2 + 30 + 50 = 82: F2 = max(88, 57 + max(20, 6 + 50)) = 113 us.
    near(m.gather_linear(2, 10000), 113 * us);
}

TEST(HLogGP, BinomialByHand)
{
    HLogGP m = three();
    // n = 3, root 0: relative 0 sends 1 block to 2 (mask 2), then 1 block
    // to 1 (mask 1); 2 and 1 have no children.
    // 1000 B: T02 = 30 at 0; s02 = max(10, 1 + 3) = 10; T01 = 17 arrives
    // at 10 + 17 = 27: the scatter ends with the later arrival, 30 us.
    near(m.scatter_binomial(0, 1000), 30 * us);
    // Root 1: relative v -> rank (v + 1) mod 3: 0 -> 1, 1 -> 2, 2 -> 0.
    // 1 sends to 0 (rel 2) then to 2 (rel 1). 1000 B: T10 = 18;
    // s10 = max(3, 2 + 2) = 4; T12 = 2 + 30 + 5 + 6 = 43 -> 47 us.
    near(m.scatter_binomial(1, 1000), 47 * us);
    // Gather to 0: 0 receives from 1 (mask 1) then from 2 (mask 2).
    // 1000 B: A1 = 14, F = 18; A2 = 27: max(31, 18 + 8) = 31 us.
    near(m.gather_binomial(0, 1000), 31 * us);
    // Four processors: a chain of subtrees. Make it alike: os = or = 1,
    // g = 2, L = 10 us, G = 0: root 0 sends 2 blocks to 2, then 1 to 1;
    // 2 forwards 1 to 3. T = 12 us. 2 has its data at 12, 3 at 24;
    // 1 at s + T = max(2, 1) + 12 = 14. Scatter = 24 us.
    HLogGP h;
    h.n = 4;
    h.os.assign(4, {1 * us, 0, 1});
    h.or_.assign(4, {1 * us, 0, 1});
    h.g.assign(4, {2 * us, 0, 1});
    h.L.assign(6, {10 * us, 0, 1});
    h.G.assign(16, {0, 0, 1});
    near(h.scatter_binomial(0, 100), 24 * us);
    // Gather: 3 -> 2 arrives 11, 2 has it at 12; 2 -> 0 arrives at
    // 12 + 11 = 23; 1 -> 0 arrives 11, completed 12; then from 2:
    // max(23 + 1, 12 + 2) = 24 us.
    near(h.gather_binomial(0, 100), 24 * us);
    // Linear on alike processors: (n-2) s + T = 2 * 2 + 12 = 16 us.
    near(h.scatter_linear(0, 100), 16 * us);
    near(h.gather_linear(3, 100), 16 * us);
}

TEST(HLogGP, KernelPhasesSumOverNeighboursMaxOverProcesses)
{
    HLogGP m = three();
    kernels::Phase p1, p2;
    // Phase 1: 0 sends 10 units to 1 and 20 to 2 (unit 100 B);
    // 2 sends 5 units to 1, concurrently (HLogGP sums anyway).
    p1.senders.push_back({0, false, {{1, 10}, {2, 20}}});
    p1.senders.push_back({2, true, {{1, 5}}});
    // 0: T01(1000) + T02(2000) = 17 + (1 + 20 + 6 + 6) = 50 us
    // 2: T21(500) = 3 + 30 + 3 + 5 = 41 us
    near(m.phase(p1, 100), 50 * us);
    // Phase 2: 1 sends 1 unit to 0: 2 + 10 + 0.2 + 4 = 16.2 us
    p2.senders.push_back({1, false, {{0, 1}}});
    near(m.phase(p2, 100), 16.2 * us);
    near(m.kernel({{p1, p2}, {p2}}, 100), (50 + 16.2 + 16.2) * us);
    kernels::Phase bad;
    bad.senders.push_back({0, false, {{5, 1}}});
    EXPECT_THROW(m.phase(bad, 100), UsageError);
    EXPECT_EQ(m.phase(kernels::Phase{}, 100), 0);
}

bench::Result res(double T, double ci = 0)
{
    bench::Result r;
    r.T = T;
    r.ci = ci;
    r.reps = 10;
    return r;
}

// Synthetic measurements of a known HLogGP (random, fixed seed): the
// experiments' results as the model's own equations give them, partners
// disagreeing about os, or and g only by noise that averages out.
TEST(HLogGP, SolveRecoversTheParameters)
{
    const int n = 5;
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> o(1 * us, 5 * us),
        gap(6 * us, 9 * us), lat(10 * us, 50 * us), G(0.1 * ns, 2 * ns);
    HLogGP t;
    t.n = n;
    for (int i = 0; i < n; ++i) {
        t.os.push_back({o(rng), 0, 1});
        t.or_.push_back({o(rng), 0, 1});
        t.g.push_back({gap(rng), 0, 1});
    }
    for (int p = 0; p < n * (n - 1) / 2; ++p)
        t.L.push_back({lat(rng), 0, 1});
    t.G.assign(n * n, {});
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            if (i != j)
                t.G[i * n + j] = {G(rng), 0, 1};
    HLogGPData d;
    d.n = n;
    d.sizes = {0, 1024, 65536, 1048576};
    d.os.resize(n * n);
    d.or_.resize(n * n);
    d.g.resize(n * n);
    for (std::size_t k = 0; k < d.sizes.size(); ++k) {
        d.rtt.emplace_back(n * n);
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j)
                if (i != j)
                    d.rtt[k][i * n + j] =
                        res(t.p2p(i, j, double(d.sizes[k])) + t.p2p(j, i, 0),
                            1e-8);
    }
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            if (i == j)
                continue;
            // +e for even partners, -e for odd ones, balanced per row.
            int idx = j - (j > i);
            double e = (idx % 2 ? -1 : 1) * 0.1 * us;
            d.os[i * n + j] = res(t.os[i].value + e);
            d.or_[i * n + j] = res(t.or_[i].value - e);
            d.g[i * n + j] = res(t.g[i].value + e);
        }
    HLogGP m = hloggp_solve(d, 0.95);
    ASSERT_EQ(m.n, n);
    for (int i = 0; i < n; ++i) {
        near(m.send_overhead(i), t.send_overhead(i));
        near(m.recv_overhead(i), t.recv_overhead(i));
        near(m.gap(i), t.gap(i));
        EXPECT_GT(m.os[i].ci, 0);
        for (int j = 0; j < n; ++j) {
            EXPECT_NEAR(m.latency(i, j), t.latency(i, j), 1e-15);
            EXPECT_NEAR(m.gap_per_byte(i, j), t.gap_per_byte(i, j), 1e-20);
            EXPECT_NEAR(m.p2p(i, j, 5000), t.p2p(i, j, 5000), 1e-14);
        }
    }
    EXPECT_TRUE(m.warnings.empty());

    // A roundtrip shorter than the overheads gives a negative L: warned.
    HLogGPData w = d;
    w.rtt[0][0 * n + 1] = res(1 * us);
    w.rtt[0][1 * n + 0] = res(1 * us);
    HLogGP bad = hloggp_solve(w, 0.95);
    ASSERT_FALSE(bad.warnings.empty());
    EXPECT_NE(bad.warnings[0].find("L(0,1)"), std::string::npos);

    // Inconsistent data.
    HLogGPData x = d;
    x.sizes = {1, 2, 3, 4};
    EXPECT_THROW(hloggp_solve(x, 0.95), Error);
    x = d;
    x.rtt.pop_back();
    EXPECT_THROW(hloggp_solve(x, 0.95), Error);
    x = d;
    x.os.pop_back();
    EXPECT_THROW(hloggp_solve(x, 0.95), Error);
}

// Two processes: each has a single partner, so the intervals of os, or
// and g are the measurements' own, not 0.
TEST(HLogGP, SolveTwoProcessesKeepsMeasurementIntervals)
{
    const int n = 2;
    HLogGPData d;
    d.n = n;
    d.sizes = {0, 1000};
    d.os.resize(n * n);
    d.or_.resize(n * n);
    d.g.resize(n * n);
    d.os[0 * n + 1] = res(2 * us, 0.1 * us);
    d.os[1 * n + 0] = res(3 * us, 0.2 * us);
    d.or_[0 * n + 1] = res(4 * us, 0.3 * us);
    d.or_[1 * n + 0] = res(5 * us, 0.4 * us);
    d.g[0 * n + 1] = res(6 * us, 0.5 * us);
    d.g[1 * n + 0] = res(7 * us, 0.6 * us);
    // T01(M) = 2 + L + M G + 5, T10(0) = 3 + L + 4 with L = 10 us,
    // G = 1 ns/B both ways.
    d.rtt = {std::vector<bench::Result>(n * n),
             std::vector<bench::Result>(n * n)};
    for (int k = 0; k < 2; ++k) {
        double M = double(d.sizes[k]);
        d.rtt[k][0 * n + 1] = res(17 * us + M * 1e-9 + 17 * us, 1e-8);
        d.rtt[k][1 * n + 0] = res(17 * us + M * 1e-9 + 17 * us, 1e-8);
    }
    HLogGP m = hloggp_solve(d, 0.95);
    near(m.send_overhead(0), 2 * us);
    near(m.recv_overhead(1), 5 * us);
    EXPECT_DOUBLE_EQ(m.os[0].ci, 0.1 * us);
    EXPECT_DOUBLE_EQ(m.os[1].ci, 0.2 * us);
    EXPECT_DOUBLE_EQ(m.or_[0].ci, 0.3 * us);
    EXPECT_DOUBLE_EQ(m.or_[1].ci, 0.4 * us);
    EXPECT_DOUBLE_EQ(m.g[0].ci, 0.5 * us);
    EXPECT_DOUBLE_EQ(m.g[1].ci, 0.6 * us);
    EXPECT_EQ(m.os[0].n, 1u);
    // L's interval includes the overheads' intervals.
    EXPECT_GT(m.L[0].ci, (0.1 + 0.3 + 0.2 + 0.4) / 2 * us);
}

std::string save(const HLogGP &m)
{
    std::ostringstream s;
    write_text(s, m.to_data(), HLogGP::schema());
    return s.str();
}

HLogGP load(const std::string &text)
{
    std::istringstream in(text);
    return HLogGP::from_data(
        read_text(in, "t.model", HLogGP::name(), HLogGP::schema()));
}

TEST(HLogGP, FileRoundTrip)
{
    HLogGP m = three();
    m.os[1].ci = 1e-8;
    m.G[2 * 3 + 1].ci = 3e-12;
    std::string a = save(m);
    EXPECT_NE(a.find("model HLogGP"), std::string::npos);
    EXPECT_NE(a.find("\nG 1 2 "), std::string::npos);
    HLogGP l = load(a);
    EXPECT_EQ(save(l), a);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            EXPECT_EQ(l.p2p(i, j, 777), m.p2p(i, j, 777));
    EXPECT_EQ(l.G[2 * 3 + 1].ci, 3e-12);
    std::ostringstream js;
    write_json(js, m.to_data(), HLogGP::schema());
    EXPECT_NE(js.str().find("\"HLogGP\""), std::string::npos);
    EXPECT_NE(js.str().find("\"ci_ji\""), std::string::npos);
}

// Replaces the first line starting with `prefix` by `line` (or drops it).
std::string edit(std::string text, const std::string &prefix,
                 const std::string &line)
{
    std::size_t at = text.find("\n" + prefix);
    EXPECT_NE(at, std::string::npos) << prefix;
    std::size_t end = text.find('\n', at + 1);
    text.replace(at + 1, end - at, line.empty() ? "" : line + "\n");
    return text;
}

TEST(HLogGP, BadRecords)
{
    std::string a = save(three());
    // A missing processor record, a missing link, a short G record,
    // a processor out of range, a pair out of range, a non-number, a
    // processor record with a pair index.
    EXPECT_THROW(load(edit(a, "or 1 ", "")), UsageError);
    EXPECT_THROW(load(edit(a, "L 0 2 ", "")), UsageError);
    EXPECT_THROW(load(edit(a, "G 0 1 ", "G 0 1 1e-09 0 2e-09")), UsageError);
    EXPECT_THROW(load(edit(a, "g 2 ", "g 3 2e-05 0")), UsageError);
    EXPECT_THROW(load(edit(a, "L 1 2 ", "L 1 3 3e-05 0")), UsageError);
    EXPECT_THROW(load(edit(a, "os 0 ", "os 0 fast 0")), UsageError);
    EXPECT_THROW(load(edit(a, "os 0 ", "os 0 1 1e-06 0")), UsageError);
    // A negative measured value (noise) is kept, so that every file the
    // tool writes loads again.
    HLogGP neg = load(edit(a, "G 0 1 ", "G 0 1 -1e-09 0 2e-09 0"));
    EXPECT_EQ(neg.gap_per_byte(0, 1), -1e-09);
    // Another model's file.
    std::string other = a;
    other.replace(other.find("model HLogGP"), 12, "model LogGP");
    EXPECT_THROW(load(other), UsageError);
}

// A piecewise HLogGP: from 8192 and from 65536 bytes each link has
// another L and G. Roundtrips over sizes on both sides of each start give
// back every L and G of every segment exactly, and the predictions take
// the segment of each message's size; save-load keeps the pieces.
TEST(HLogGP, SegmentsRecoveredAndUsed)
{
    HLogGP t = three();
    const int n = 3;
    t.pieces.assign(3, {});
    for (int p = 0; p < 3; ++p) {
        double f = 1 + p;
        t.pieces[p].push_back({8192, {25 * us * f, 0, 1}, {1.5 * ns * f, 0, 1},
                               {2.5 * ns * f, 0, 1}});
        t.pieces[p].push_back({65536, {80 * us * f, 0, 1}, {3 * ns * f, 0, 1},
                               {4 * ns * f, 0, 1}});
    }
    // By hand: 0 -> 1, 20000 B (segment 1, pair 0): 1 + 25 + 30 + 5 = 61 us.
    near(t.p2p(0, 1, 20000), 61 * us);
    // 1 -> 0, 1e5 B (segment 2, G_ji = 4 ns): 2 + 80 + 400 + 4 = 486 us.
    near(t.p2p(1, 0, 1e5), 486 * us);
    // Below 8192 the first segment: 17 us at 1000 B as before.
    near(t.p2p(0, 1, 1000), 17 * us);

    HLogGPData d;
    d.n = n;
    d.sizes = {0, 1024, 8191, 8192, 32768, 65535, 65536, 1048576};
    d.starts.assign(3, {8192, 65536});
    d.os.resize(n * n);
    d.or_.resize(n * n);
    d.g.resize(n * n);
    for (std::size_t k = 0; k < d.sizes.size(); ++k) {
        d.rtt.emplace_back(n * n);
        for (int i = 0; i < n; ++i)
            for (int j = 0; j < n; ++j)
                if (i != j)
                    d.rtt[k][i * n + j] =
                        res(t.p2p(i, j, double(d.sizes[k])) + t.p2p(j, i, 0));
    }
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            if (i != j) {
                d.os[i * n + j] = res(t.os[i].value);
                d.or_[i * n + j] = res(t.or_[i].value);
                d.g[i * n + j] = res(t.g[i].value);
            }
    HLogGP m = hloggp_solve(d, 0.95);
    ASSERT_EQ(m.pieces.size(), 3u);
    for (int p = 0; p < 3; ++p) {
        ASSERT_EQ(m.pieces[p].size(), 2u);
        for (int c = 0; c < 2; ++c) {
            EXPECT_EQ(m.pieces[p][c].from, t.pieces[p][c].from);
            EXPECT_NEAR(m.pieces[p][c].L.value, t.pieces[p][c].L.value, 1e-15);
            EXPECT_NEAR(m.pieces[p][c].Gij.value, t.pieces[p][c].Gij.value,
                        1e-20);
            EXPECT_NEAR(m.pieces[p][c].Gji.value, t.pieces[p][c].Gji.value,
                        1e-20);
        }
    }
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j)
            for (double M : {0.0, 500.0, 8000.0, 9000.0, 60000.0, 70000.0,
                             4e6}) {
                EXPECT_NEAR(m.p2p(i, j, M), t.p2p(i, j, M), 1e-13)
                    << i << " " << j << " " << M;
                EXPECT_NEAR(m.send_interval(i, j, M), t.send_interval(i, j, M),
                            1e-13);
            }
    near(m.scatter_linear(1, 1e5), t.scatter_linear(1, 1e5));
    near(m.gather_binomial(2, 20000), t.gather_binomial(2, 20000));
    // Control: without the starts one line per direction misses.
    HLogGPData flat = d;
    flat.starts.clear();
    HLogGP one = hloggp_solve(flat, 0.95);
    EXPECT_TRUE(one.pieces.empty());
    double miss = 0;
    for (double M : {500.0, 8000.0, 9000.0, 20000.0, 60000.0, 70000.0, 4e6})
        miss = std::max(miss, std::fabs(one.p2p(0, 1, M) - t.p2p(0, 1, M)) /
                                  t.p2p(0, 1, M));
    EXPECT_GT(miss, 0.05);
    // The file keeps the pieces.
    m.provenance = t.provenance;
    std::string a = save(m);
    EXPECT_NE(a.find("\nsegment 0 1 8192 "), std::string::npos);
    EXPECT_EQ(a, save(load(a)));
    near(load(a).p2p(2, 0, 1e5), m.p2p(2, 0, 1e5));
}

} // namespace
