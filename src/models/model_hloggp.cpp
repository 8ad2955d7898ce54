// HLogGP: equations and estimation at the top of model_hloggp.h; the
// collectives and kernels as doc/model-hloggp.md explains them.
#include "model_hloggp.h"

#include "benchmark_coll_tree.h"
#include "common_error.h"
#include "model_check.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace cpm::models {

namespace {

using stats::Estimate;

using bench::coll::lowbit;
using bench::coll::pow2_at_least;

std::string micro(double t)
{
    std::ostringstream s;
    s.precision(3);
    s << t * 1e6 << " us";
    return s.str();
}

// The mean over partners of one processor's measurements. With one
// partner (n = 2) there is no spread over partners: the interval is the
// measurement's own.
Estimate mean_of(const std::vector<bench::Result> &r, double cl)
{
    if (r.empty())
        return {0, 0, 0};
    if (r.size() == 1)
        return {r[0].T, r[0].ci, 1};
    std::vector<double> v;
    for (const bench::Result &x : r)
        v.push_back(x.T);
    return stats::mean_estimate(v, cl);
}

} // namespace

const std::vector<RecordSpec> &HLogGP::schema()
{
    static const std::vector<RecordSpec> s = {
        {"os", Index::Processor, {"value", "ci"}, true},
        {"or", Index::Processor, {"value", "ci"}, true},
        {"g", Index::Processor, {"value", "ci"}, true},
        {"L", Index::Pair, {"value", "ci"}, true},
        {"G", Index::Pair, {"ij", "ci_ij", "ji", "ci_ji"}, true},
        // "segment I J FROM L L_ci ij ci_ij ji ci_ji": link I,J's L and G
        // from FROM bytes on (a size segment after the first); none in a
        // model with one segment.
        {"segment", Index::PairSize,
         {"L", "L_ci", "ij", "ci_ij", "ji", "ci_ji"}, false},
    };
    return s;
}

ModelData HLogGP::to_data() const
{
    ModelData d;
    d.model = name();
    d.n = n;
    d.provenance = provenance;
    for (int i = 0; i < n; ++i) {
        d.add("os", {i}, {os[i].value, os[i].ci});
        d.add("or", {i}, {or_[i].value, or_[i].ci});
        d.add("g", {i}, {g[i].value, g[i].ci});
    }
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            int p = pair_index(n, i, j);
            const Estimate &a = G[std::size_t(i) * n + j],
                           &b = G[std::size_t(j) * n + i];
            d.add("L", {i, j}, {L[p].value, L[p].ci});
            d.add("G", {i, j}, {a.value, a.ci, b.value, b.ci});
        }
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            std::size_t p = std::size_t(pair_index(n, i, j));
            if (p >= pieces.size())
                continue;
            for (const HLogGPPiece &c : pieces[p])
                d.add("segment", {i, j, int(c.from)},
                      {c.L.value, c.L.ci, c.Gij.value, c.Gij.ci, c.Gji.value,
                       c.Gji.ci});
        }
    return d;
}

HLogGP HLogGP::from_data(const ModelData &d)
{
    HLogGP m;
    m.n = d.n;
    m.provenance = d.provenance;
    auto proc = [&](const char *key, std::vector<Estimate> &out) {
        for (const auto &v : d.per_processor(key))
            out.push_back({v.at(0), v.at(1), 1});
    };
    proc("os", m.os);
    proc("or", m.or_);
    proc("g", m.g);
    for (const auto &v : d.per_pair("L"))
        m.L.push_back({v.at(0), v.at(1), 1});
    m.G.assign(std::size_t(m.n) * m.n, Estimate{});
    std::vector<std::vector<double>> G = d.per_pair("G");
    for (int i = 0; i < m.n; ++i)
        for (int j = i + 1; j < m.n; ++j) {
            const std::vector<double> &v = G.at(pair_index(m.n, i, j));
            m.G[std::size_t(i) * m.n + j] = {v.at(0), v.at(1), 1};
            m.G[std::size_t(j) * m.n + i] = {v.at(2), v.at(3), 1};
        }
    std::vector<const Record *> seg = d.find("segment");
    if (!seg.empty()) {
        m.pieces.assign(m.L.size(), {});
        for (const Record *r : seg) {
            if (r->index.at(2) <= 0)
                throw UsageError("HLogGP: segment " +
                                 std::to_string(r->index[0]) + " " +
                                 std::to_string(r->index[1]) +
                                 " must start above 0 bytes (the first "
                                 "segment is L and G)");
            const std::vector<double> &v = r->values;
            HLogGPPiece c;
            c.from = r->index[2];
            c.L = {v.at(0), v.at(1), 1};
            c.Gij = {v.at(2), v.at(3), 1};
            c.Gji = {v.at(4), v.at(5), 1};
            m.pieces[std::size_t(pair_index(m.n, r->index[0], r->index[1]))]
                .push_back(c);
        }
        for (auto &v : m.pieces)
            std::sort(v.begin(), v.end(),
                      [](const HLogGPPiece &a, const HLogGPPiece &b) {
                          return a.from < b.from;
                      });
    }
    return m;
}

namespace {

/* The piece of link i,j for M bytes, or nullptr for the first segment. */
const HLogGPPiece *piece_of(const HLogGP &h, int i, int j, double M)
{
    if (i == j)
        return nullptr;
    std::size_t p = std::size_t(pair_index(h.n, i, j));
    if (p >= h.pieces.size())
        return nullptr;
    const HLogGPPiece *c = nullptr;
    for (const HLogGPPiece &x : h.pieces[p])
        if (M >= double(x.from))
            c = &x;
    return c;
}

} // namespace

double HLogGP::latency(int i, int j, double M) const
{
    const HLogGPPiece *c = piece_of(*this, i, j, M);
    return c ? c->L.value : latency(i, j);
}

double HLogGP::gap_per_byte(int i, int j, double M) const
{
    const HLogGPPiece *c = piece_of(*this, i, j, M);
    if (!c)
        return gap_per_byte(i, j);
    return i < j ? c->Gij.value : c->Gji.value;
}

double HLogGP::send_overhead(int i) const
{
    check_rank(n, i, "rank");
    return os.at(i).value;
}

double HLogGP::recv_overhead(int i) const
{
    check_rank(n, i, "rank");
    return or_.at(i).value;
}

double HLogGP::gap(int i) const
{
    check_rank(n, i, "rank");
    return g.at(i).value;
}

double HLogGP::latency(int i, int j) const
{
    check_rank(n, i, "rank");
    check_rank(n, j, "rank");
    return i == j ? 0 : L.at(pair_index(n, i, j)).value;
}

double HLogGP::gap_per_byte(int i, int j) const
{
    check_rank(n, i, "rank");
    check_rank(n, j, "rank");
    return i == j ? 0 : G.at(std::size_t(i) * n + j).value;
}

double HLogGP::p2p(int i, int j, double M) const
{
    check_rank(n, i, "rank");
    check_rank(n, j, "rank");
    check_size(M);
    if (i == j)
        return 0;
    return os[i].value + latency(i, j, M) + M * gap_per_byte(i, j, M) +
           or_[j].value;
}

double HLogGP::send_interval(int i, int j, double M) const
{
    check_size(M);
    return std::max(g.at(i).value,
                    os.at(i).value + M * gap_per_byte(i, j, M));
}

double HLogGP::recv_interval(int i, int j, double M) const
{
    check_size(M);
    return std::max(g.at(j).value,
                    or_.at(j).value + M * gap_per_byte(i, j, M));
}

double HLogGP::scatter_linear(int root, double M) const
{
    check_rank(n, root, "root");
    check_size(M);
    double start = 0, t = 0;
    for (int x = 0; x < n; ++x) {
        if (x == root)
            continue;
        t = std::max(t, start + p2p(root, x, M));
        start += send_interval(root, x, M);
    }
    return t;
}

double HLogGP::gather_linear(int root, double M) const
{
    check_rank(n, root, "root");
    check_size(M);
    double F = -INFINITY;
    for (int x = 0; x < n; ++x) {
        if (x == root)
            continue;
        double A = os[x].value + latency(x, root, M) +
                   M * gap_per_byte(x, root, M);
        F = std::max(A + or_[root].value, F + recv_interval(x, root, M));
    }
    return n > 1 ? F : 0;
}

double HLogGP::scatter_binomial(int root, double M) const
{
    check_rank(n, root, "root");
    check_size(M);
    // arrival[v]: when relative rank v has its blocks.
    std::vector<double> arrival(n, 0.0);
    int top = pow2_at_least(n);
    for (int v = 0; v < n; ++v) {
        int a = (v + root) % n;
        double start = arrival[v];
        for (int mask = (v == 0 ? top : lowbit(v)) / 2; mask > 0; mask >>= 1) {
            int c = v + mask;
            if (c >= n)
                continue;
            int b = (c + root) % n;
            double bytes = double(std::min(mask, n - c)) * M;
            arrival[c] = start + p2p(a, b, bytes);
            start += send_interval(a, b, bytes);
        }
    }
    return *std::max_element(arrival.begin(), arrival.end());
}

double HLogGP::gather_binomial(int root, double M) const
{
    check_rank(n, root, "root");
    check_size(M);
    // ready[v]: when relative rank v has its subtree's blocks; children
    // (v + mask) have higher relative ranks, so go down from n - 1.
    std::vector<double> ready(n, 0.0);
    int top = pow2_at_least(n);
    for (int v = n - 1; v >= 0; --v) {
        int a = (v + root) % n;
        int lb = v == 0 ? top : lowbit(v);
        double F = -INFINITY;
        bool any = false;
        for (int mask = 1; mask < lb && v + mask < n; mask <<= 1) {
            int c = v + mask, b = (c + root) % n;
            double bytes = double(std::min(mask, n - c)) * M;
            double A = ready[c] + os[b].value + latency(b, a, bytes) +
                       bytes * gap_per_byte(b, a, bytes);
            F = std::max(A + or_[a].value, F + recv_interval(b, a, bytes));
            any = true;
        }
        ready[v] = any ? F : 0;
    }
    return ready[0];
}

double HLogGP::phase(const kernels::Phase &p, double unit_bytes) const
{
    check_size(unit_bytes);
    double worst = 0;
    for (const kernels::Sends &s : p.senders) {
        check_rank(n, s.src, "sending rank");
        double sum = 0;
        for (const kernels::Message &m : s.messages) {
            check_rank(n, m.dst, "receiving rank");
            if (m.units < 0)
                throw UsageError("a message of " + std::to_string(m.units) +
                                 " units");
            sum += p2p(s.src, m.dst, double(m.units) * unit_bytes);
        }
        worst = std::max(worst, sum);
    }
    return worst;
}

double
HLogGP::kernel(const std::vector<std::vector<kernels::Phase>> &iterations,
               double unit_bytes) const
{
    double t = 0;
    for (const auto &it : iterations)
        for (const kernels::Phase &p : it)
            t += phase(p, unit_bytes);
    return t;
}

HLogGP hloggp_solve(const HLogGPData &data, double cl)
{
    const int n = data.n;
    const std::vector<long> &sizes = data.sizes;
    const std::size_t K = sizes.size(), nn = std::size_t(n) * n;
    if (n < 2)
        CPM_THROW("HLogGP: needs at least 2 processes");
    if (K < 2 || sizes[0] != 0)
        CPM_THROW("HLogGP: the sizes must start with 0 and include a size "
                  "above 0");
    for (std::size_t k = 1; k < K; ++k)
        if (sizes[k] <= sizes[k - 1])
            CPM_THROW("HLogGP: the sizes must increase");
    if (data.rtt.size() != K)
        CPM_THROW("HLogGP: roundtrips do not cover all sizes");
    for (const auto &row : data.rtt)
        if (row.size() != nn)
            CPM_THROW("HLogGP: roundtrips do not cover all ordered pairs");
    if (data.os.size() != nn || data.or_.size() != nn || data.g.size() != nn)
        CPM_THROW("HLogGP: overheads and gaps do not cover all ordered pairs");

    HLogGP m;
    m.n = n;
    for (int i = 0; i < n; ++i) {
        std::vector<bench::Result> os, orr, g;
        for (int j = 0; j < n; ++j) {
            if (j == i)
                continue;
            std::size_t e = std::size_t(i) * n + j;
            os.push_back(data.os[e]);
            orr.push_back(data.or_[e]);
            g.push_back(data.g[e]);
        }
        m.os.push_back(mean_of(os, cl));
        m.or_.push_back(mean_of(orr, cl));
        m.g.push_back(mean_of(g, cl));
        std::string who = "HLogGP: processor " + std::to_string(i) + ": ";
        if (m.os[i].value - m.os[i].ci > m.g[i].value + m.g[i].ci)
            m.warnings.push_back(who + "os = " + micro(m.os[i].value) +
                                 " exceeds g = " + micro(m.g[i].value));
    }
    const std::size_t pairs = std::size_t(n) * (n - 1) / 2;
    if (!data.starts.empty() && data.starts.size() != pairs)
        CPM_THROW("HLogGP: segments do not cover all pairs");
    // The index ranges of the sizes of pair p's segments; a segment of
    // fewer than two sizes joins the one before it.
    auto parts_of = [&](std::size_t p) {
        std::vector<std::pair<std::size_t, std::size_t>> parts = {{0, K}};
        if (p >= data.starts.size())
            return parts;
        for (long b : data.starts[p]) {
            auto at = std::size_t(
                std::lower_bound(sizes.begin(), sizes.end(), b) -
                sizes.begin());
            if (at >= parts.back().first + 2 && K >= at + 2) {
                parts.back().second = at;
                parts.push_back({at, K});
            }
        }
        return parts;
    };
    auto fit = [&](std::size_t e, std::size_t lo, std::size_t hi) {
        std::vector<double> x, y;
        for (std::size_t k = lo; k < hi; ++k) {
            x.push_back(double(sizes[k]));
            y.push_back(data.rtt[k][e].T);
        }
        return stats::fit_time_line(x, y, cl);
    };
    m.G.assign(nn, Estimate{});
    bool segmented = false;
    for (std::size_t p = 0; p < pairs; ++p)
        segmented = segmented || parts_of(p).size() > 1;
    if (segmented)
        m.pieces.assign(pairs, {});
    for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) {
            if (i == j)
                continue;
            std::size_t e = std::size_t(i) * n + j;
            auto part0 = parts_of(std::size_t(pair_index(n, i, j)))[0];
            stats::LineFit f = fit(e, part0.first, part0.second);
            m.G[e] = {f.c1, f.ci1, f.n};
            if (f.c1 + f.ci1 < 0)
                m.warnings.push_back("HLogGP: G(" + std::to_string(i) + "->" +
                                     std::to_string(j) +
                                     ") is negative: the roundtrip shrinks "
                                     "with the size");
        }
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            const bench::Result &a = data.rtt[0][std::size_t(i) * n + j],
                                &b = data.rtt[0][std::size_t(j) * n + i];
            double over = (m.os[i].value + m.or_[i].value + m.os[j].value +
                           m.or_[j].value) / 2;
            double over_ci =
                (m.os[i].ci + m.or_[i].ci + m.os[j].ci + m.or_[j].ci) / 2;
            Estimate L{(a.T + b.T) / 4 - over, (a.ci + b.ci) / 4 + over_ci,
                       std::size_t(std::min(a.reps, b.reps))};
            if (L.value + L.ci < 0)
                m.warnings.push_back("HLogGP: L(" + std::to_string(i) + "," +
                                     std::to_string(j) + ") = " +
                                     micro(L.value) +
                                     " is negative: the overheads exceed "
                                     "half the empty roundtrip");
            m.L.push_back(L);
            std::size_t p = std::size_t(pair_index(n, i, j));
            auto parts = parts_of(p);
            for (std::size_t c = 1; c < parts.size(); ++c) {
                stats::LineFit fij = fit(std::size_t(i) * n + j,
                                         parts[c].first, parts[c].second),
                               fji = fit(std::size_t(j) * n + i,
                                         parts[c].first, parts[c].second);
                HLogGPPiece pc;
                pc.from = sizes[parts[c].first];
                // RTT_ij(M) = T_ij(M) + T_ji(0): the empty reply stays in
                // the first segment, whose L is L above.
                pc.L = {(fij.c0 + fji.c0) / 2 - (a.T + b.T) / 4 - over,
                        (fij.ci0 + fji.ci0) / 2 + (a.ci + b.ci) / 4 + over_ci,
                        fij.n};
                pc.Gij = {fij.c1, fij.ci1, fij.n};
                pc.Gji = {fji.c1, fji.ci1, fji.n};
                m.pieces[p].push_back(pc);
            }
        }
    return m;
}

} // namespace cpm::models
