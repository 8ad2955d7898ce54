#include "model_plogp.h"

#include "common_error.h"
#include "model_check.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

namespace cpm::models {

namespace {

using stats::Estimate;

/* Piecewise-linear v(M) through the points (sizes[k], v[k]) for k in
 * [lo, hi) (one size segment), extended by the nearest pair of points
 * beyond both ends; exact at the measured sizes. */
double interpolate(const std::vector<long> &sizes,
                   const std::vector<Estimate> &v, double M,
                   std::pair<std::size_t, std::size_t> span)
{
    std::size_t lo = span.first, hi = span.second;
    if (sizes.empty() || v.size() != sizes.size() || lo >= hi ||
        hi > sizes.size())
        CPM_THROW("PLogP: no measured sizes");
    if (hi - lo == 1)
        return v[lo].value;
    std::size_t b = std::size_t(
        std::lower_bound(sizes.begin() + long(lo), sizes.begin() + long(hi),
                         M, [](long s, double x) { return double(s) < x; }) -
        sizes.begin());
    if (b < hi && double(sizes[b]) == M)
        return v[b].value;
    b = std::min(std::max(b, lo + 1), hi - 1);
    std::size_t a = b - 1;
    double slope = (v[b].value - v[a].value) / double(sizes[b] - sizes[a]);
    return v[a].value + (M - double(sizes[a])) * slope;
}

Estimate measured(const bench::Result &r)
{
    return {r.T, r.ci, std::size_t(r.reps)};
}

std::string seconds(double t)
{
    std::ostringstream s;
    s.precision(3);
    s << t * 1e6 << " us";
    return s.str();
}

} // namespace

const std::vector<RecordSpec> &PLogP::schema()
{
    static const std::vector<RecordSpec> s = {
        {"L", Index::Pair, {"value", "ci"}, true},
        {"os", Index::PairSize, {"value", "ci"}, true},
        {"or", Index::PairSize, {"value", "ci"}, true},
        {"g", Index::PairSize, {"value", "ci"}, true},
        // "segment I J FROM BEFORE": pair I,J's size segment that starts at
        // the measured size FROM; BEFORE is the last measured size of the
        // segment before (the two sides of the break). None in a model
        // with one segment.
        {"segment", Index::PairSize, {"before"}, false},
        // "rtt I J M value ci": the roundtrip, M bytes out and an empty
        // reply; absent from files saved before it was recorded.
        {"rtt", Index::PairSize, {"value", "ci"}, false},
    };
    return s;
}

ModelData PLogP::to_data() const
{
    ModelData d;
    d.model = name();
    d.n = n;
    d.provenance = provenance;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            int p = pair_index(n, i, j);
            d.add("L", {i, j}, {L[p].value, L[p].ci});
            for (std::size_t k = 0; k < sizes.size(); ++k) {
                std::vector<int> idx{i, j, int(sizes[k])};
                d.add("os", idx, {os[p][k].value, os[p][k].ci});
                d.add("or", idx, {or_[p][k].value, or_[p][k].ci});
                d.add("g", idx, {g[p][k].value, g[p][k].ci});
                if (std::size_t(p) < rtt.size())
                    d.add("rtt", idx, {rtt[p][k].value, rtt[p][k].ci});
            }
        }
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            std::size_t p = std::size_t(pair_index(n, i, j));
            if (p >= starts.size())
                continue;
            for (long b : starts[p]) {
                auto it = std::lower_bound(sizes.begin(), sizes.end(), b);
                long before = it == sizes.begin() ? 0 : *(it - 1);
                d.add("segment", {i, j, int(b)}, {double(before)});
            }
        }
    return d;
}

PLogP PLogP::from_data(const ModelData &d)
{
    PLogP m;
    m.n = d.n;
    m.provenance = d.provenance;
    for (const auto &v : d.per_pair("L"))
        m.L.push_back({v.at(0), v.at(1), 1});
    std::set<long> ms;
    for (const Record *r : d.find("os"))
        ms.insert(r->index.at(2));
    m.sizes.assign(ms.begin(), ms.end());
    std::size_t pairs = std::size_t(d.n) * (d.n - 1) / 2, K = m.sizes.size();
    auto fill = [&](const char *key, std::vector<std::vector<Estimate>> &out) {
        out.assign(pairs, std::vector<Estimate>(K));
        std::vector<std::vector<char>> got(pairs, std::vector<char>(K, 0));
        for (const Record *r : d.find(key)) {
            int p = pair_index(d.n, r->index.at(0), r->index.at(1));
            auto it = std::lower_bound(m.sizes.begin(), m.sizes.end(),
                                       long(r->index.at(2)));
            if (it == m.sizes.end() || *it != r->index.at(2))
                CPM_THROW("PLogP: '" + std::string(key) + "' at size " +
                          std::to_string(r->index.at(2)) +
                          ", which 'os' does not have");
            std::size_t k = std::size_t(it - m.sizes.begin());
            out[p][k] = {r->values.at(0), r->values.at(1), 1};
            got[p][k] = 1;
        }
        for (const auto &row : got)
            if (std::count(row.begin(), row.end(), 0))
                CPM_THROW("PLogP: '" + std::string(key) +
                          "' is missing for some pair and size");
    };
    fill("os", m.os);
    fill("or", m.or_);
    fill("g", m.g);
    if (!d.find("rtt").empty())
        fill("rtt", m.rtt);
    std::vector<const Record *> seg = d.find("segment");
    if (!seg.empty()) {
        m.starts.assign(pairs, {});
        for (const Record *r : seg) {
            long b = r->index.at(2);
            std::string at = "PLogP: segment " + std::to_string(r->index[0]) +
                             " " + std::to_string(r->index[1]) + " " +
                             std::to_string(b);
            auto it = std::lower_bound(m.sizes.begin(), m.sizes.end(), b);
            if (b <= 0 || it == m.sizes.end() || *it != b)
                throw UsageError(at + " must start at a measured size above "
                                      "0 bytes");
            if (double(*(it - 1)) != r->values.at(0))
                throw UsageError(at + ": the measured size before it is " +
                                 std::to_string(*(it - 1)) + ", not " +
                                 std::to_string(long(r->values.at(0))));
            m.starts[std::size_t(
                         pair_index(d.n, r->index[0], r->index[1]))]
                .push_back(b);
        }
        for (auto &v : m.starts)
            std::sort(v.begin(), v.end());
    }
    return m;
}

bool PLogP::segmented() const
{
    for (const auto &v : starts)
        if (!v.empty())
            return true;
    return false;
}

std::pair<std::size_t, std::size_t> PLogP::span(int p, double M) const
{
    std::size_t lo = 0, hi = sizes.size();
    if (std::size_t(p) >= starts.size())
        return {lo, hi};
    for (long b : starts[std::size_t(p)]) {
        auto at = std::size_t(std::lower_bound(sizes.begin(), sizes.end(), b) -
                              sizes.begin());
        if (double(b) <= M)
            lo = at;
        else {
            hi = at;
            break;
        }
    }
    return {lo, hi};
}

namespace {

/* Table t (per pair, per measured size) of model m at pair i, j and size M,
 * interpolated inside the segment of M; what names the table in the error
 * of a model without it. */
double table_at(const PLogP &m, const std::vector<std::vector<Estimate>> &t,
                const char *what, int i, int j, double M)
{
    check_rank(m.n, i, "rank");
    check_rank(m.n, j, "rank");
    check_size(M);
    int p = pair_index(m.n, i, j);
    if (std::size_t(p) >= t.size())
        CPM_THROW(std::string("PLogP: the ") + what + " are not recorded");
    return interpolate(m.sizes, t[std::size_t(p)], M, m.span(p, M));
}

} // namespace

double PLogP::os_at(int i, int j, double M) const
{
    return table_at(*this, os, "send overheads", i, j, M);
}

double PLogP::or_at(int i, int j, double M) const
{
    return table_at(*this, or_, "receive overheads", i, j, M);
}

double PLogP::g_at(int i, int j, double M) const
{
    return table_at(*this, g, "gaps", i, j, M);
}

double PLogP::rtt_at(int i, int j, double M) const
{
    return table_at(*this, rtt, "roundtrips", i, j, M);
}

double PLogP::g_rtt(std::size_t p, std::size_t k) const
{
    if (p >= rtt.size() || sizes.empty() || sizes[0] != 0)
        return g.at(p).at(k).value;
    return rtt[p].at(k).value - rtt[p][0].value + g.at(p).at(0).value;
}

double PLogP::p2p(int i, int j, double M) const
{
    check_rank(n, i, "rank");
    check_rank(n, j, "rank");
    check_size(M);
    if (i == j)
        return 0;
    int p = pair_index(n, i, j);
    if (std::size_t(p) < rtt.size() && !sizes.empty() && sizes[0] == 0)
        return rtt_at(i, j, M) - rtt[std::size_t(p)][0].value / 2;
    return L.at(p).value + g_at(i, j, M);
}

double PLogP::sg_linear(int root, double M) const
{
    check_rank(n, root, "root");
    check_size(M);
    // The k-th message leaves after the gaps of those before it and
    // arrives one message time later.
    double busy = 0, t = 0;
    for (int x = 0; x < n; ++x) {
        if (x == root)
            continue;
        t = std::max(t, busy + p2p(root, x, M));
        busy += g_at(root, x, M);
    }
    return t;
}

double PLogP::scatter_positional(int root, double M) const
{
    check_rank(n, root, "root");
    check_size(M);
    double busy = 0, t = 0;
    for (int x = 0; x < n; ++x) {
        if (x == root)
            continue;
        t = std::max(t, busy + p2p(root, x, M));
        busy += os_at(root, x, M);
    }
    return t;
}

double PLogP::gather_queue(int root, double M) const
{
    check_rank(n, root, "root");
    check_size(M);
    std::vector<std::pair<double, double>> arrival; // (arrival, or)
    for (int x = 0; x < n; ++x) {
        if (x == root)
            continue;
        double o = or_at(root, x, M);
        arrival.emplace_back(p2p(x, root, M) - o, o);
    }
    std::sort(arrival.begin(), arrival.end());
    double F = -HUGE_VAL;
    for (const auto &a : arrival)
        F = std::max(F, a.first) + a.second;
    return n > 1 ? F : 0;
}

PLogP plogp_solve(const PLogPData &data)
{
    const int n = data.n;
    const std::vector<long> &sizes = data.sizes;
    std::size_t K = sizes.size(), pairs = std::size_t(n) * (n - 1) / 2;
    if (n < 2)
        CPM_THROW("PLogP: needs at least 2 processes");
    if (K == 0 || sizes[0] != 0)
        CPM_THROW("PLogP: the sizes must start with 0 (L comes from the "
                  "empty roundtrip)");
    for (std::size_t k = 1; k < K; ++k)
        if (sizes[k] <= sizes[k - 1])
            CPM_THROW("PLogP: the sizes must increase");
    for (const auto *q : {&data.rtt, &data.os, &data.or_, &data.g}) {
        if (q->size() != K)
            CPM_THROW("PLogP: measurements do not cover all sizes");
        for (const auto &row : *q)
            if (row.size() != pairs)
                CPM_THROW("PLogP: measurements do not cover all pairs");
    }
    if (!data.starts.empty() && data.starts.size() != pairs)
        CPM_THROW("PLogP: segments do not cover all pairs");
    for (const auto &v : data.starts)
        for (std::size_t k = 0; k < v.size(); ++k)
            if (v[k] <= 0 || !std::binary_search(sizes.begin(), sizes.end(),
                                                 v[k]) ||
                (k > 0 && v[k] <= v[k - 1]))
                CPM_THROW("PLogP: segment start " + std::to_string(v[k]) +
                          " is not a measured size above 0 in order");
    PLogP m;
    m.n = n;
    m.sizes = sizes;
    m.starts = data.starts;
    m.os.assign(pairs, {});
    m.or_.assign(pairs, {});
    m.g.assign(pairs, {});
    m.rtt.assign(pairs, {});
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            std::size_t p = std::size_t(pair_index(n, i, j));
            const bench::Result &rtt0 = data.rtt[0][p], &g0 = data.g[0][p];
            Estimate L{rtt0.T / 2 - g0.T, rtt0.ci / 2 + g0.ci,
                       std::size_t(rtt0.reps)};
            m.L.push_back(L);
            std::string pair = std::to_string(i) + "," + std::to_string(j);
            if (!(L.value >= 0))
                m.warnings.push_back("PLogP: L(" + pair + ") = " +
                                     seconds(L.value) +
                                     " is negative: RTT(0)/2 < g(0)");
            for (std::size_t k = 0; k < K; ++k) {
                Estimate os = measured(data.os[k][p]),
                         orr = measured(data.or_[k][p]),
                         g = measured(data.g[k][p]);
                m.os[p].push_back(os);
                m.or_[p].push_back(orr);
                m.g[p].push_back(g);
                Estimate r = measured(data.rtt[k][p]);
                if (!data.rtt_back.empty()) {
                    // Both directions: the mean of the two roundtrips.
                    const bench::Result &b = data.rtt_back.at(k).at(p);
                    r = {(r.value + b.T) / 2, (r.ci + b.ci) / 2, r.n};
                }
                m.rtt[p].push_back(r);
                std::string at = "(" + pair + ", " +
                                 std::to_string(sizes[k]) + " B) = ";
                if (os.value - os.ci > g.value + g.ci)
                    m.warnings.push_back("PLogP: os" + at + seconds(os.value) +
                                         " exceeds g = " + seconds(g.value));
                if (orr.value - orr.ci > g.value + g.ci)
                    m.warnings.push_back("PLogP: or" + at + seconds(orr.value) +
                                         " exceeds g = " + seconds(g.value));
            }
        }
    return m;
}

const std::vector<RecordSpec> &LogGP::schema()
{
    static const std::vector<RecordSpec> s = {
        {"L", Index::Pair, {"value", "ci"}, true},
        {"o", Index::Pair, {"value", "ci"}, true},
        {"G", Index::Pair, {"value", "ci"}, true},
        // "segment I J FROM L L_ci o o_ci G G_ci": pair I,J's parameters
        // from FROM bytes on (a size segment after the first); none in a
        // model with one segment.
        {"segment", Index::PairSize,
         {"L", "L_ci", "o", "o_ci", "G", "G_ci"}, false},
    };
    return s;
}

ModelData LogGP::to_data() const
{
    ModelData d;
    d.model = name();
    d.n = n;
    d.provenance = provenance;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            int p = pair_index(n, i, j);
            d.add("L", {i, j}, {L[p].value, L[p].ci});
            d.add("o", {i, j}, {o[p].value, o[p].ci});
            d.add("G", {i, j}, {G[p].value, G[p].ci});
        }
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            std::size_t p = std::size_t(pair_index(n, i, j));
            if (p >= pieces.size())
                continue;
            for (const LogGPPiece &c : pieces[p])
                d.add("segment", {i, j, int(c.from)},
                      {c.L.value, c.L.ci, c.o.value, c.o.ci, c.G.value,
                       c.G.ci});
        }
    return d;
}

LogGP LogGP::from_data(const ModelData &d)
{
    LogGP m;
    m.n = d.n;
    m.provenance = d.provenance;
    for (const auto &v : d.per_pair("L"))
        m.L.push_back({v.at(0), v.at(1), 1});
    for (const auto &v : d.per_pair("o"))
        m.o.push_back({v.at(0), v.at(1), 1});
    for (const auto &v : d.per_pair("G"))
        m.G.push_back({v.at(0), v.at(1), 1});
    std::vector<const Record *> seg = d.find("segment");
    if (!seg.empty()) {
        m.pieces.assign(m.L.size(), {});
        for (const Record *r : seg) {
            if (r->index.at(2) <= 0)
                throw UsageError("LogGP: segment " +
                                 std::to_string(r->index[0]) + " " +
                                 std::to_string(r->index[1]) +
                                 " must start above 0 bytes (the first "
                                 "segment is L, o and G)");
            const std::vector<double> &v = r->values;
            LogGPPiece c;
            c.from = r->index[2];
            c.L = {v.at(0), v.at(1), 1};
            c.o = {v.at(2), v.at(3), 1};
            c.G = {v.at(4), v.at(5), 1};
            m.pieces[std::size_t(pair_index(d.n, r->index[0], r->index[1]))]
                .push_back(c);
        }
        for (auto &v : m.pieces)
            std::sort(v.begin(), v.end(),
                      [](const LogGPPiece &a, const LogGPPiece &b) {
                          return a.from < b.from;
                      });
    }
    return m;
}

double LogGP::p2p(int i, int j, double M) const
{
    check_rank(n, i, "rank");
    check_rank(n, j, "rank");
    check_size(M);
    if (i == j)
        return 0;
    int p = pair_index(n, i, j);
    if (std::size_t(p) < pieces.size())
        for (auto c = pieces[std::size_t(p)].rbegin();
             c != pieces[std::size_t(p)].rend(); ++c)
            if (M >= double(c->from))
                return c->L.value + 2 * c->o.value + c->G.value * (M - 1);
    return L.at(p).value + 2 * o.at(p).value + G.at(p).value * (M - 1);
}

LogGP loggp_from_plogp(const PLogP &pl)
{
    auto first = std::find_if(pl.sizes.begin(), pl.sizes.end(),
                              [](long s) { return s >= 1; });
    if (first == pl.sizes.end())
        throw UsageError("LogGP needs a PLogP model measured at a message "
                         "size of at least 1 byte");
    std::size_t u = std::size_t(first - pl.sizes.begin());
    std::size_t top = pl.sizes.size() - 1;
    double Mmax = double(pl.sizes[top]);
    LogGP m;
    m.n = pl.n;
    m.provenance = pl.provenance;
    std::string one = "1 byte: measured";
    if (pl.sizes[u] != 1) {
        one = "1 byte not measured: the smallest measured size, " +
              std::to_string(pl.sizes[u]) + " bytes, stands for 1";
        m.warnings.push_back("LogGP: " + one);
    }
    m.provenance.extra["derivation"] =
        "from PLogP (CPM 1.0.1 manual 4.6.2.4): L = L_p + g_p(1) - os_p(1) - "
        "or_p(1), 2o = os_p(1) + or_p(1), G = g_p(Mmax)/Mmax, Mmax = " +
        std::to_string(pl.sizes[top]) + " bytes; " + one;
    if (!pl.rtt.empty() && pl.sizes[0] == 0)
        one += "; g_p(m) = RTT_p(m) - RTT_p(0) + g_p(0), from the roundtrips";
    if (!pl.rtt.empty() && pl.sizes[0] == 0 && !pl.segmented())
        m.provenance.extra["derivation"] +=
            "; g_p(m) = RTT_p(m) - RTT_p(0) + g_p(0), from the roundtrips";
    if (pl.segmented()) {
        m.provenance.extra["derivation"] =
            "from PLogP per size segment s (a_s its first size >= 1, c0 + "
            "c1 M the least-squares line of g_p over its sizes >= 1): G = c1, "
            "2o = os_p(a_s) + or_p(a_s), L = L_p + c0 + c1 - 2o; " + one;
        m.pieces.assign(pl.L.size(), {});
    }
    for (std::size_t p = 0; p < pl.L.size(); ++p) {
        // g of a message: from the roundtrips where they are recorded.
        const Estimate &os = pl.os.at(p).at(u), &orr = pl.or_.at(p).at(u);
        Estimate g1 = pl.g.at(p).at(u), gmax = pl.g.at(p).at(top);
        g1.value = pl.g_rtt(p, u);
        gmax.value = pl.g_rtt(p, top);
        if (!pl.segmented()) {
            m.L.push_back({pl.L[p].value + g1.value - os.value - orr.value,
                           pl.L[p].ci + g1.ci + os.ci + orr.ci, 1});
            m.o.push_back(
                {(os.value + orr.value) / 2, (os.ci + orr.ci) / 2, 1});
            m.G.push_back({gmax.value / Mmax, gmax.ci / Mmax, 1});
            continue;
        }
        // The segments' index ranges of sizes >= 1; one with fewer than
        // two sizes joins the one before it.
        std::vector<std::pair<std::size_t, std::size_t>> parts;
        std::vector<long> cuts = {0};
        if (p < pl.starts.size())
            cuts.insert(cuts.end(), pl.starts[p].begin(), pl.starts[p].end());
        for (std::size_t c = 0; c < cuts.size(); ++c) {
            auto lo = std::size_t(
                std::lower_bound(pl.sizes.begin(), pl.sizes.end(),
                                 std::max<long>(cuts[c], 1)) -
                pl.sizes.begin());
            auto hi = c + 1 < cuts.size()
                          ? std::size_t(std::lower_bound(pl.sizes.begin(),
                                                         pl.sizes.end(),
                                                         cuts[c + 1]) -
                                        pl.sizes.begin())
                          : pl.sizes.size();
            if (!parts.empty() &&
                (hi < lo + 2 || parts.back().second < parts.back().first + 2))
                parts.back().second = hi;
            else
                parts.push_back({lo, hi});
        }
        for (std::size_t c = 0; c < parts.size(); ++c) {
            std::size_t lo = parts[c].first, hi = parts[c].second;
            const Estimate &oa = pl.os.at(p).at(lo), &ra = pl.or_.at(p).at(lo);
            Estimate o{(oa.value + ra.value) / 2, (oa.ci + ra.ci) / 2, 1};
            Estimate G{0, 0, 1}, c0 = pl.g.at(p).at(lo);
            c0.value = pl.g_rtt(p, lo);
            if (hi >= lo + 2) {
                std::vector<double> x, y;
                for (std::size_t k = lo; k < hi; ++k) {
                    x.push_back(double(pl.sizes[k]));
                    y.push_back(pl.g_rtt(p, k));
                }
                stats::LineFit f =
                    stats::fit_time_line(x, y, pl.provenance.precision.cl);
                G = {f.c1, f.ci1, 1};
                c0 = {f.c0, f.ci0, 1};
                if (x.size() == 2) {
                    // Two sizes: the line is exact; its intervals come
                    // from the measurements.
                    double dx = x[1] - x[0], e0 = pl.g[p][lo].ci,
                           e1 = pl.g[p][lo + 1].ci;
                    G.ci = (e0 + e1) / dx;
                    c0.ci = e0 + x[0] * G.ci;
                }
            }
            Estimate Ls{pl.L[p].value + c0.value + G.value - 2 * o.value,
                        pl.L[p].ci + c0.ci + G.ci + 2 * o.ci, 1};
            if (c == 0) {
                m.L.push_back(Ls);
                m.o.push_back(o);
                m.G.push_back(G);
            } else {
                m.pieces[p].push_back({pl.sizes[parts[c].first], Ls, o, G});
            }
        }
    }
    return m;
}

} // namespace cpm::models
