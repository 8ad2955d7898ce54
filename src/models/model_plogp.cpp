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

/* Piecewise-linear v(M) through the points (sizes[k], v[k]), extended by
 * the nearest segment beyond both ends; exact at the measured sizes. */
double interpolate(const std::vector<long> &sizes,
                   const std::vector<Estimate> &v, double M)
{
    std::size_t K = sizes.size();
    if (K == 0 || v.size() != K)
        CPM_THROW("PLogP: no measured sizes");
    if (K == 1)
        return v[0].value;
    std::size_t b = std::lower_bound(sizes.begin(), sizes.end(), M,
                                     [](long s, double x) { return s < x; }) -
                    sizes.begin();
    if (b < K && double(sizes[b]) == M)
        return v[b].value;
    b = std::min(std::max<std::size_t>(b, 1), K - 1);
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
    return m;
}

double PLogP::os_at(int i, int j, double M) const
{
    check_rank(n, i, "rank");
    check_rank(n, j, "rank");
    check_size(M);
    return interpolate(sizes, os.at(pair_index(n, i, j)), M);
}

double PLogP::or_at(int i, int j, double M) const
{
    check_rank(n, i, "rank");
    check_rank(n, j, "rank");
    check_size(M);
    return interpolate(sizes, or_.at(pair_index(n, i, j)), M);
}

double PLogP::g_at(int i, int j, double M) const
{
    check_rank(n, i, "rank");
    check_rank(n, j, "rank");
    check_size(M);
    return interpolate(sizes, g.at(pair_index(n, i, j)), M);
}

double PLogP::p2p(int i, int j, double M) const
{
    check_rank(n, i, "rank");
    check_rank(n, j, "rank");
    check_size(M);
    if (i == j)
        return 0;
    return L.at(pair_index(n, i, j)).value + g_at(i, j, M);
}

double PLogP::sg_linear(int root, double M) const
{
    check_rank(n, root, "root");
    check_size(M);
    double busy = 0, t = 0;
    for (int x = 0; x < n; ++x) {
        if (x == root)
            continue;
        busy += g_at(root, x, M);
        t = std::max(t, busy + L.at(pair_index(n, root, x)).value);
    }
    return t;
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
    PLogP m;
    m.n = n;
    m.sizes = sizes;
    m.os.assign(pairs, {});
    m.or_.assign(pairs, {});
    m.g.assign(pairs, {});
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
    for (std::size_t p = 0; p < pl.L.size(); ++p) {
        const Estimate &os = pl.os.at(p).at(u), &orr = pl.or_.at(p).at(u),
                       &g1 = pl.g.at(p).at(u), &gmax = pl.g.at(p).at(top);
        m.L.push_back({pl.L[p].value + g1.value - os.value - orr.value,
                       pl.L[p].ci + g1.ci + os.ci + orr.ci, 1});
        m.o.push_back({(os.value + orr.value) / 2, (os.ci + orr.ci) / 2, 1});
        m.G.push_back({gmax.value / Mmax, gmax.ci / Mmax, 1});
    }
    return m;
}

} // namespace cpm::models
