#include "model_lmo.h"

#include "model_check.h"
#include "benchmark_schedule.h"
#include "common_error.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace cpm::models {

const std::vector<RecordSpec> &LMO::schema()
{
    static const std::vector<RecordSpec> s = {
        {"C", Index::Processor, {"value", "ci"}, true},
        {"t", Index::Processor, {"value", "ci"}, true},
        {"L", Index::Pair, {"value", "ci"}, true},
        {"beta", Index::Pair, {"value", "ci"}, true},
        {"S", Index::None, {"value"}, false},
        {"M1", Index::None, {"value"}, false},
        {"M2", Index::None, {"value"}, false},
        {"one2many_small", Index::None, {"c0", "c1", "ci0", "ci1"}, false},
        {"one2many_large", Index::None, {"c0", "c1", "ci0", "ci1"}, false},
        {"many2one_small", Index::None, {"c0", "c1", "ci0", "ci1"}, false},
        {"many2one_large", Index::None, {"c0", "c1", "ci0", "ci1"}, false},
        {"kappa1", Index::None, {"value"}, true},
        {"kappa2", Index::None, {"value"}, true},
    };
    return s;
}

ModelData LMO::to_data() const
{
    ModelData d;
    d.model = name();
    d.n = n;
    d.provenance = provenance;
    for (int i = 0; i < n; ++i) {
        d.add("C", {i}, {C[i].value, C[i].ci});
        d.add("t", {i}, {t[i].value, t[i].ci});
    }
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            int p = pair_index(n, i, j);
            d.add("L", {i, j}, {L[p].value, L[p].ci});
            d.add("beta", {i, j}, {beta[p].value, beta[p].ci});
        }
    auto opt = [&](const char *key, const std::optional<double> &v) {
        if (v)
            d.add(key, {}, {*v});
    };
    opt("S", S);
    opt("M1", M1);
    opt("M2", M2);
    auto fit = [&](const char *key, const std::optional<stats::LineFit> &f) {
        if (f)
            d.add(key, {}, {f->c0, f->c1, f->ci0, f->ci1});
    };
    fit("one2many_small", one2many_small);
    fit("one2many_large", one2many_large);
    fit("many2one_small", many2one_small);
    fit("many2one_large", many2one_large);
    d.add("kappa1", {}, {kappa1});
    d.add("kappa2", {}, {kappa2});
    return d;
}

LMO LMO::from_data(const ModelData &d)
{
    LMO m;
    m.n = d.n;
    m.provenance = d.provenance;
    auto est = [](const std::vector<double> &v) {
        return stats::Estimate{v.at(0), v.at(1), 1};
    };
    for (const auto &v : d.per_processor("C"))
        m.C.push_back(est(v));
    for (const auto &v : d.per_processor("t"))
        m.t.push_back(est(v));
    for (const auto &v : d.per_pair("L"))
        m.L.push_back(est(v));
    for (const auto &v : d.per_pair("beta"))
        m.beta.push_back(est(v));
    auto opt = [&](const char *key) -> std::optional<double> {
        if (d.find(key).empty())
            return std::nullopt;
        return d.scalar(key).at(0);
    };
    m.S = opt("S");
    m.M1 = opt("M1");
    m.M2 = opt("M2");
    auto fit = [&](const char *key) -> std::optional<stats::LineFit> {
        if (d.find(key).empty())
            return std::nullopt;
        const std::vector<double> &v = d.scalar(key);
        stats::LineFit f;
        f.c0 = v.at(0);
        f.c1 = v.at(1);
        f.ci0 = v.at(2);
        f.ci1 = v.at(3);
        return f;
    };
    m.one2many_small = fit("one2many_small");
    m.one2many_large = fit("one2many_large");
    m.many2one_small = fit("many2one_small");
    m.many2one_large = fit("many2one_large");
    m.kappa1 = d.scalar("kappa1").at(0);
    m.kappa2 = d.scalar("kappa2").at(0);
    return m;
}

double LMO::p2p(int i, int j, double M) const
{
    check_rank(n, i, "rank");
    check_rank(n, j, "rank");
    if (i == j)
        return 0;
    int p = pair_index(n, i, j);
    return C[i].value + L[p].value + C[j].value +
           M * (t[i].value + 1 / beta[p].value + t[j].value);
}

double LMO::roundtrip(int i, int j, double M1, double M2) const
{
    return p2p(i, j, M1) + p2p(j, i, M2);
}

double LMO::one_to_two(int r, int a, int b, double M) const
{
    auto leg = [&](int x) {
        int p = pair_index(n, r, x);
        return 2 * L[p].value + 2 * C[x].value + M / beta[p].value +
               M * t[x].value;
    };
    return 3 * C[r].value + 2 * M * t[r].value + std::max(leg(a), leg(b));
}

namespace {

/* The root's serialised part and the receivers' legs T'_ri(M). */
struct Legs {
    double root = 0, max = 0, sum = 0;
};

Legs legs(const LMO &m, int root, double M)
{
    Legs g;
    g.root = (m.n - 1) * (m.C[root].value + m.t[root].value * M);
    for (int i = 0; i < m.n; ++i) {
        if (i == root)
            continue;
        int p = pair_index(m.n, root, i);
        double leg = m.L[p].value + m.C[i].value +
                     M * (1 / m.beta[p].value + m.t[i].value);
        g.max = std::max(g.max, leg);
        g.sum += leg;
    }
    return g;
}

} // namespace

double LMO::one2many(int root, double M) const
{
    check_rank(n, root, "root");
    Legs g = legs(*this, root, M);
    return g.root + (S && M > *S ? g.sum : g.max);
}

double LMO::many2one(int root, double M) const
{
    check_rank(n, root, "root");
    Legs g = legs(*this, root, M);
    if (M2 && M > *M2)
        return g.root + g.sum + kappa2 * M;
    return g.root + g.max + kappa1 * M;
}

namespace {

void warn_if_bad(LMO &m, const stats::Estimate &e, const std::string &what)
{
    if (!std::isfinite(e.value) || e.value < 0) {
        std::ostringstream s;
        s << "LMO: " << what << " = " << e.value
          << (std::isfinite(e.value) ? " is negative" : " is not finite")
          << " (measurement noise or a platform the model does not fit)";
        m.warnings.push_back(s.str());
    }
}

} // namespace

void lmo_solve_p2p(LMO &m, const LmoP2pData &d, double cl)
{
    const int n = d.n;
    if (n < 3)
        throw UsageError("the LMO model needs at least 3 processes, got " +
                         std::to_string(n));
    std::vector<bench::Triplet> trip = bench::all_triplets(n);
    std::size_t np = std::size_t(n) * (n - 1) / 2, nt = trip.size();
    if (d.rt0.size() != np || d.o2t0.size() != 3 * nt ||
        d.o2tM.size() != 3 * nt || d.o2oM.size() != 6 * nt)
        CPM_THROW("LMO: measurements do not match " + std::to_string(n) +
                  " processes");
    if (!(d.M > 0))
        CPM_THROW("LMO: the size of the non-empty experiments must be > 0");
    const double M = d.M;
    std::vector<std::vector<double>> C(n), t(n), L(np), inv(np);
    auto T0 = [&](int a, int b) { return d.rt0[pair_index(n, a, b)].T; };
    for (std::size_t e = 0; e < nt; ++e) {
        int v[3] = {trip[e].i, trip[e].j, trip[e].k};
        // One-to-one with M, from root v[r] to its two others (a < b):
        // o2oM[6e + 2r + 0] to a, [6e + 2r + 1] to b.
        auto T1 = [&](int r, int x) {
            int a = v[(r + 1) % 3], b = v[(r + 2) % 3];
            if (a > b)
                std::swap(a, b);
            return d.o2oM[6 * e + 2 * r + (x == a ? 0 : 1)].T;
        };
        double c[3], tt[3];
        for (int r = 0; r < 3; ++r) {
            int x = v[(r + 1) % 3], y = v[(r + 2) % 3];
            c[r] = d.o2t0[3 * e + r].T - std::max(T0(v[r], x), T0(v[r], y));
            C[v[r]].push_back(c[r]);
        }
        auto slot = [&](int x) { return x == v[0] ? 0 : x == v[1] ? 1 : 2; };
        double l[3][3];
        for (int a = 0; a < 3; ++a)
            for (int b = a + 1; b < 3; ++b) {
                l[a][b] = l[b][a] = T0(v[a], v[b]) / 2 - c[a] - c[b];
                L[pair_index(n, v[a], v[b])].push_back(l[a][b]);
            }
        for (int r = 0; r < 3; ++r) {
            int x = v[(r + 1) % 3], y = v[(r + 2) % 3];
            tt[r] = (d.o2tM[3 * e + r].T - std::max(T1(r, x), T1(r, y)) -
                     c[r]) / M;
            t[v[r]].push_back(tt[r]);
        }
        // 1/beta from both directions of every pair of the triplet.
        for (int r = 0; r < 3; ++r)
            for (int q = 1; q <= 2; ++q) {
                int x = v[(r + q) % 3], s = slot(x);
                double ib = (T1(r, x) - 2 * c[r] - 2 * l[r][s] - 2 * c[s]) / M -
                            tt[r] - tt[s];
                inv[pair_index(n, v[r], x)].push_back(ib);
            }
    }
    m.n = n;
    m.C.clear();
    m.t.clear();
    m.L.clear();
    m.beta.clear();
    for (int i = 0; i < n; ++i) {
        m.C.push_back(stats::mean_estimate(C[i], cl));
        m.t.push_back(stats::mean_estimate(t[i], cl));
        warn_if_bad(m, m.C[i], "C_" + std::to_string(i));
        warn_if_bad(m, m.t[i], "t_" + std::to_string(i));
    }
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            int p = pair_index(n, i, j);
            m.L.push_back(stats::mean_estimate(L[p], cl));
            warn_if_bad(m, m.L[p], "L_" + std::to_string(i) + "," +
                                       std::to_string(j));
            stats::Estimate ib = stats::mean_estimate(inv[p], cl);
            warn_if_bad(m, ib, "1/beta_" + std::to_string(i) + "," +
                                   std::to_string(j));
            // beta = 1 / mean(1/beta); its interval by the delta method.
            m.beta.push_back({1 / ib.value, ib.ci / (ib.value * ib.value), ib.n});
        }
}

std::optional<std::size_t> first_escalation(const Sweep &s)
{
    for (std::size_t k = 1; k < s.T.size(); ++k)
        if (s.T[k] > 10 * s.T[k - 1])
            return k;
    return std::nullopt;
}

namespace {

/* Fit of the points of s with lo < M <= hi, if there are two sizes; span
 * receives the smallest and largest size fitted. */
std::optional<stats::LineFit> fit_region(const Sweep &s, double lo, double hi,
                                         double cl, double span[2])
{
    std::vector<double> x, y;
    for (std::size_t k = 0; k < s.M.size(); ++k)
        if (s.M[k] > lo && s.M[k] <= hi) {
            x.push_back(s.M[k]);
            y.push_back(s.T[k]);
        }
    if (x.size() < 2)
        return std::nullopt;
    span[0] = x.front();
    span[1] = x.back();
    return stats::fit_line(x, y, cl);
}

} // namespace

void lmo_fit_collectives(LMO &m, const Sweep &o2m, const Sweep &m2o, double cl)
{
    const double inf = HUGE_VAL, below = -1;
    double span[2];
    double S = m.S.value_or(inf);
    m.one2many_small = fit_region(o2m, below, S, cl, span);
    m.one2many_large = m.S ? fit_region(o2m, S, inf, cl, span) : std::nullopt;
    // kappa = fitted slope - the model's mean slope (root 0, no kappa) over
    // the fitted sizes; the max of the legs may switch legs inside.
    auto model_slope = [&](bool sum) {
        auto f = [&](double M) {
            Legs g = legs(m, 0, M);
            return g.root + (sum ? g.sum : g.max);
        };
        return (f(span[1]) - f(span[0])) / (span[1] - span[0]);
    };
    double small_end = m.M1 ? *m.M1 : m.M2 ? *m.M2 : inf;
    m.many2one_small = fit_region(m2o, below, small_end, cl, span);
    m.kappa1 = m.many2one_small ? m.many2one_small->c1 - model_slope(false) : 0;
    m.many2one_large =
        m.M2 ? fit_region(m2o, *m.M2, inf, cl, span) : std::nullopt;
    m.kappa2 = m.many2one_large ? m.many2one_large->c1 - model_slope(true) : 0;
}

} // namespace cpm::models
