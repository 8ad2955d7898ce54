#include "model_lmo.h"

#include "model_check.h"
#include "model_sharing.h"
#include "benchmark_schedule.h"
#include "common_error.h"
#include "stats_ci.h"

#include <algorithm>
#include <cmath>
#include <map>
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
        // "segment I J FROM L L_ci beta beta_ci C_i C_i_ci t_i t_i_ci C_j
        // C_j_ci t_j t_j_ci": the parameters of pair I,J's time from FROM
        // bytes on (a size segment after the first), every pair at every
        // segment start; none in a model of one segment.
        {"segment", Index::PairSize,
         {"L", "L_ci", "beta", "beta_ci", "C_i", "C_i_ci", "t_i", "t_i_ci",
          "C_j", "C_j_ci", "t_j", "t_j_ci"},
         false},
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
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            int p = pair_index(n, i, j);
            for (const LmoSegment &g : segments) {
                const stats::Estimate &l = g.L.at(p), &b = g.beta.at(p),
                                      &ci = g.C.at(i), &ti = g.t.at(i),
                                      &cj = g.C.at(j), &tj = g.t.at(j);
                d.add("segment", {i, j, int(g.from)},
                      {l.value, l.ci, b.value, b.ci, ci.value, ci.ci,
                       ti.value, ti.ci, cj.value, cj.ci, tj.value, tj.ci});
            }
        }
    return d;
}

namespace {

/* The segments of "segment" records: every pair at every start, the
 * processor values the same in all pairs of a processor. */
std::vector<LmoSegment> segments_from(const ModelData &d)
{
    const int n = d.n;
    const std::size_t np = std::size_t(n) * std::size_t(n - 1) / 2;
    std::map<long, LmoSegment> by;
    std::map<long, std::vector<char>> have_p, have_i;
    auto fail = [](const std::string &what) {
        throw UsageError("LMO: segment records: " + what);
    };
    for (const Record *r : d.find("segment")) {
        int i = r->index.at(0), j = r->index.at(1);
        long from = r->index.at(2);
        const std::vector<double> &v = r->values;
        std::string at = std::to_string(i) + " " + std::to_string(j) + " " +
                         std::to_string(from);
        if (from <= 0)
            fail("segment " + at + " must start above 0 bytes (the first "
                 "segment is C, t, L and beta)");
        LmoSegment &g = by[from];
        if (g.C.empty()) {
            g.from = from;
            g.C.resize(std::size_t(n));
            g.t.resize(std::size_t(n));
            g.L.resize(np);
            g.beta.resize(np);
            have_p[from].assign(np, 0);
            have_i[from].assign(std::size_t(n), 0);
        }
        std::size_t p = std::size_t(pair_index(n, i, j));
        g.L[p] = {v.at(0), v.at(1), 1};
        g.beta[p] = {v.at(2), v.at(3), 1};
        have_p[from][p] = 1;
        for (int side = 0; side < 2; ++side) {
            int x = side == 0 ? i : j;
            stats::Estimate c{v.at(4 + 4 * side), v.at(5 + 4 * side), 1},
                t{v.at(6 + 4 * side), v.at(7 + 4 * side), 1};
            std::size_t k = std::size_t(x);
            if (have_i[from][k] &&
                (g.C[k].value != c.value || g.C[k].ci != c.ci ||
                 g.t[k].value != t.value || g.t[k].ci != t.ci))
                fail("processor " + std::to_string(x) + " has two values of "
                     "C or t in the segment from " + std::to_string(from));
            g.C[k] = c;
            g.t[k] = t;
            have_i[from][k] = 1;
        }
    }
    std::vector<LmoSegment> out;
    for (auto &kv : by) {
        for (char h : have_p[kv.first])
            if (!h)
                fail("the segment from " + std::to_string(kv.first) +
                     " lacks a pair (every pair needs every segment start)");
        out.push_back(std::move(kv.second));
    }
    return out;
}

} // namespace

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
    m.segments = segments_from(d);
    return m;
}

int LMO::segment_of(double M) const
{
    int k = 0;
    while (std::size_t(k) < segments.size() &&
           M >= double(segments[std::size_t(k)].from))
        ++k;
    return k;
}

namespace {

/* Parameter x of segment k: the first segment's vector or segments[k-1]'s. */
double in_segment(const LMO &m, int k, std::size_t at,
                  std::vector<stats::Estimate> LMO::*first,
                  std::vector<stats::Estimate> LmoSegment::*later)
{
    if (k == 0)
        return (m.*first).at(at).value;
    return (m.segments[std::size_t(k - 1)].*later).at(at).value;
}

} // namespace

double LMO::C_at(int i, double M) const
{
    return in_segment(*this, segment_of(M), std::size_t(i), &LMO::C,
                      &LmoSegment::C);
}

double LMO::t_at(int i, double M) const
{
    return in_segment(*this, segment_of(M), std::size_t(i), &LMO::t,
                      &LmoSegment::t);
}

double LMO::L_at(int p, double M) const
{
    return in_segment(*this, segment_of(M), std::size_t(p), &LMO::L,
                      &LmoSegment::L);
}

double LMO::beta_at(int p, double M) const
{
    return in_segment(*this, segment_of(M), std::size_t(p), &LMO::beta,
                      &LmoSegment::beta);
}

double LMO::leg(int root, int i, double M) const
{
    if (i == root)
        return 0;
    int p = pair_index(n, root, i);
    return L_at(p, M) + C_at(i, M) + M * (1 / beta_at(p, M) + t_at(i, M));
}

double LMO::p2p(int i, int j, double M) const
{
    check_rank(n, i, "rank");
    check_rank(n, j, "rank");
    if (i == j)
        return 0;
    int p = pair_index(n, i, j);
    return C_at(i, M) + L_at(p, M) + C_at(j, M) +
           M * (t_at(i, M) + 1 / beta_at(p, M) + t_at(j, M));
}

double LMO::roundtrip(int i, int j, double M1, double M2) const
{
    return p2p(i, j, M1) + p2p(j, i, M2);
}

double LMO::one_to_two(int r, int a, int b, double M) const
{
    // x's message and its empty reply (first segment) up to the root.
    auto flight = [&](int x) {
        return leg(r, x, M) + C[x].value + L[pair_index(n, r, x)].value;
    };
    const double s = C_at(r, M) + t_at(r, M) * M, R = C[r].value;
    const double fa = flight(a), fb = flight(b);
    const double near = std::min(fa, fb), far = std::max(fa, fb);
    // Sent to the nearer first; the nearer reply is received (R) on
    // arrival (the model does not hold the root busy with its second
    // send, as tests/smpi/smpi_roundtrip.cpp's truth does not), the
    // farther after its arrival and the nearer's.
    return std::max(s + near + R, 2 * s + far) + R;
}

namespace {

/* Processor i's delay in the segment of M, o_i(M) = C_i + t_i M. */
double delay(const LMO &m, int i, double M)
{
    return m.C_at(i, M) + m.t_at(i, M) * M;
}

/* The root's receive delays o one after another in the order of the
 * arrivals, each after its message arrived (0 without arrivals). */
double queue(std::vector<double> arrival, double o)
{
    std::sort(arrival.begin(), arrival.end());
    double F = -HUGE_VAL;
    for (double a : arrival)
        F = std::max(F, a) + o;
    return arrival.empty() ? 0 : F;
}

/* The root's serialised part and the receivers' legs T'_ri(M). */
struct Legs {
    double root = 0, max = 0, sum = 0;
};

Legs legs(const LMO &m, int root, double M)
{
    Legs g;
    g.root = (m.n - 1) * delay(m, root, M);
    for (int i = 0; i < m.n; ++i) {
        if (i == root)
            continue;
        double leg = m.leg(root, i, M);
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

double LMO::one2many_positional(int root, double M) const
{
    check_rank(n, root, "root");
    const double o = delay(*this, root, M);
    double busy = 0, t = 0;
    for (int i = 0; i < n; ++i) {
        if (i == root)
            continue;
        busy += o;
        t = std::max(t, busy + leg(root, i, M));
    }
    return t;
}

double LMO::many2one_queue(int root, double M) const
{
    check_rank(n, root, "root");
    std::vector<double> arrival;
    for (int i = 0; i < n; ++i)
        if (i != root)
            arrival.push_back(leg(root, i, M));
    return queue(arrival, delay(*this, root, M));
}

namespace {

/* When the transfers of root's linear scatter (out = true: the k-th
 * leaves after k of the root's delays) or gather (after the senders'
 * delays) arrive through the root's interface of capacity B = max_i
 * beta_ri, weighted by 1 / L_ri (equally if a latency is not positive),
 * in rank order of the other processes; NaN if the parameters make no
 * times. */
std::vector<double> shared_arrivals(const LMO &m, int root, double M,
                                    bool out)
{
    std::vector<Transfer> v;
    double B = 0;
    bool latencies = true;
    for (int i = 0; i < m.n; ++i) {
        if (i == root)
            continue;
        const int p = pair_index(m.n, root, i);
        const double L = m.L_at(p, M);
        Transfer x;
        x.weight = 1 / L;
        x.start = L + (out ? double(v.size() + 1) * delay(m, root, M)
                           : delay(m, i, M));
        x.bytes = M;
        x.rate = m.beta_at(p, M);
        latencies = latencies && L > 0;
        B = std::max(B, x.rate);
        v.push_back(x);
    }
    if (!latencies)
        for (Transfer &x : v)
            x.weight = 1;
    return shared_finish_times(v, B);
}

bool any_nan(const std::vector<double> &v)
{
    return std::any_of(v.begin(), v.end(),
                       [](double a) { return std::isnan(a); });
}

} // namespace

double LMO::one2many_shared(int root, double M) const
{
    check_rank(n, root, "root");
    std::vector<double> arrival = shared_arrivals(*this, root, M, true);
    if (any_nan(arrival))
        return NAN; // parameters that make no times (marked by -E)
    double T = 0;
    std::size_t k = 0;
    for (int i = 0; i < n; ++i)
        if (i != root)
            T = std::max(T, arrival[k++] + delay(*this, i, M));
    return T;
}

double LMO::many2one_shared(int root, double M) const
{
    check_rank(n, root, "root");
    std::vector<double> arrival = shared_arrivals(*this, root, M, false);
    if (any_nan(arrival))
        return NAN; // parameters that make no times (marked by -E)
    return queue(arrival, delay(*this, root, M));
}

namespace {

/* A negative or non-finite estimate, as a warning; a negative one of at
 * most `negligible` (the simulator's rounding, 1e-9 of the largest value
 * of its kind in the segment) is not reported. */
void warn_if_bad(LMO &m, const stats::Estimate &e, const std::string &what,
                 double negligible = 0)
{
    if (!std::isfinite(e.value) || e.value < -negligible) {
        std::ostringstream s;
        s << "LMO: " << what << " = " << e.value
          << (std::isfinite(e.value) ? " is negative" : " is not finite")
          << " (measurement noise or a platform the model does not fit)";
        m.warnings.push_back(s.str());
    }
}

} // namespace

namespace {

/* Running mean and variance (Welford) of one parameter's estimates. */
struct Acc {
    double n = 0, mean = 0, m2 = 0;
    void add(double x)
    {
        n += 1;
        double d = x - mean;
        mean += d / n;
        m2 += d * (x - mean);
    }
    stats::Estimate estimate(double cl) const
    {
        stats::Estimate e;
        e.value = mean;
        e.n = std::size_t(n);
        if (n >= 2)
            e.ci = stats::t_quantile((1 + cl) / 2, n - 1) *
                   std::sqrt(m2 / (n - 1)) / std::sqrt(n);
        return e;
    }
};

/* The parameters of one segment, solved from its measurements. */
struct Solved {
    std::vector<stats::Estimate> C, t, L, beta;
};

/* Solves one segment. recv0: in a later segment, each root's receive
 * delay of an empty reply (C_r of the first segment; empty in the first).
 * There the root's one-to-two time is T1_ry + max(s_r, recv0_r - D), with
 * s_r = C_r + t_r M its send delay and D = T1_ry - T1_rx >= 0 the lag of
 * the farther reply: X_r = s_r only where D >= recv0_r (the nearer reply
 * is processed before the farther arrives). A root whose X_r over all its
 * triplets does not exceed recv0_r has its C_r, t_r averaged over those
 * triplets (at both sizes); with fewer than 2 of them, over all, and its
 * rank is added to unseparated. */
Solved solve_segment(LMO &m, const LmoSegmentData &g,
                     const std::vector<bench::Result> &rt0, int n,
                     const std::vector<bench::Triplet> &trip, double cl,
                     const std::vector<double> &recv0,
                     std::vector<int> &unseparated)
{
    const std::size_t np = std::size_t(n) * std::size_t(n - 1) / 2;
    const std::size_t nt = trip.size();
    const std::string at =
        g.from > 0 ? " (segment from " + std::to_string(g.from) + ")" : "";
    if (g.o2oA.size() != 2 * np || g.o2oB.size() != 2 * np ||
        g.o2tA.size() != 3 * nt || g.o2tB.size() != 3 * nt)
        CPM_THROW("LMO: measurements do not match " + std::to_string(n) +
                  " processes" + at);
    if (!(g.Mb > g.Ma) || !(g.Ma >= 0))
        CPM_THROW("LMO: the sizes of a segment's experiments must satisfy "
                  "0 <= Ma < Mb" + at);
    const double dM = g.Mb - g.Ma;
    std::vector<Acc> C(static_cast<std::size_t>(n)),
        t(static_cast<std::size_t>(n));
    // The one-way line of each pair: the mean of its two directions, the
    // empty replies (the empty roundtrip) taken off, at Ma and Mb.
    std::vector<double> slope(np), icpt(np);
    for (std::size_t p = 0; p < np; ++p) {
        double R = (rt0[p].T + rt0[np + p].T) / 2;
        double pa = (g.o2oA[p].T + g.o2oA[np + p].T - R) / 2,
               pb = (g.o2oB[p].T + g.o2oB[np + p].T - R) / 2;
        slope[p] = (pb - pa) / dM;
        icpt[p] = pa - g.Ma * slope[p];
    }
    // The one-to-one time r -> x (the first C(n,2) go from the lower rank).
    auto T1 = [&](const std::vector<bench::Result> &v, int r, int x) {
        return v[std::size_t(pair_index(n, r, x)) + (r < x ? 0 : np)].T;
    };
    // The triplets' estimates of every root; with recv0, twice: those
    // whose farther reply lags by the receive delay (at both sizes), and
    // all of them, the fallback.
    std::vector<Acc> Cs(recv0.empty() ? 0 : std::size_t(n)),
        ts(recv0.empty() ? 0 : std::size_t(n));
    for (std::size_t e = 0; e < nt; ++e) {
        int v[3] = {trip[e].i, trip[e].j, trip[e].k};
        for (int r = 0; r < 3; ++r) {
            int x = v[(r + 1) % 3], y = v[(r + 2) % 3];
            double ax = T1(g.o2oA, v[r], x), ay = T1(g.o2oA, v[r], y),
                   bx = T1(g.o2oB, v[r], x), by = T1(g.o2oB, v[r], y);
            // X_r(M) = one-to-two - the larger one-to-one = C_r + t_r M.
            double xa = g.o2tA[3 * e + std::size_t(r)].T - std::max(ax, ay);
            double xb = g.o2tB[3 * e + std::size_t(r)].T - std::max(bx, by);
            double tr = (xb - xa) / dM;
            std::size_t i = std::size_t(v[r]);
            C[i].add(xa - g.Ma * tr);
            t[i].add(tr);
            if (!recv0.empty()) {
                double need = std::max(recv0[i], 0.0);
                if (std::fabs(ax - ay) >= need && std::fabs(bx - by) >= need) {
                    Cs[i].add(xa - g.Ma * tr);
                    ts[i].add(tr);
                }
            }
        }
    }
    // Over all triplets X_r >= s_r, and X_r <= R_r where s_r < R_r: a
    // root whose mean over all reaches its receive delay sends at least
    // that long, and all its triplets show it; the others take the
    // selected triplets.
    for (std::size_t i = 0; i < Cs.size(); ++i) {
        double all = C[i].mean + t[i].mean * g.Ma, R = recv0[i];
        if (all > R + 1e-9 * std::fabs(R))
            continue;
        if (Cs[i].n >= 2) {
            C[i] = Cs[i];
            t[i] = ts[i];
        } else {
            unseparated.push_back(int(i));
        }
    }
    Solved s;
    double top_icpt = 0, top_slope = 0; // the scales of C_i and t_i
    for (std::size_t p = 0; p < np; ++p) {
        top_icpt = std::max(top_icpt, std::fabs(icpt[p]));
        top_slope = std::max(top_slope, std::fabs(slope[p]));
    }
    for (int i = 0; i < n; ++i) {
        s.C.push_back(C[std::size_t(i)].estimate(cl));
        s.t.push_back(t[std::size_t(i)].estimate(cl));
        warn_if_bad(m, s.C.back(), "C_" + std::to_string(i) + at,
                    1e-9 * top_icpt);
        warn_if_bad(m, s.t.back(), "t_" + std::to_string(i) + at,
                    1e-9 * top_slope);
    }
    // The pair's parameters from its own line and the processors' means
    // (each over the C(n-1,2) triplets of the processor), so that C_i +
    // L_ij + C_j and t_i + 1/beta_ij + t_j are the pair's measured line
    // whatever the triplets' spread; the intervals add the processors'.
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            std::size_t p = std::size_t(pair_index(n, i, j));
            const stats::Estimate &ci = s.C[std::size_t(i)],
                                  &cj = s.C[std::size_t(j)],
                                  &ti = s.t[std::size_t(i)],
                                  &tj = s.t[std::size_t(j)];
            std::size_t k = std::min(ci.n, cj.n);
            s.L.push_back({icpt[p] - ci.value - cj.value,
                           std::hypot(ci.ci, cj.ci), k});
            warn_if_bad(m, s.L.back(), "L_" + std::to_string(i) + "," +
                                           std::to_string(j) + at);
            stats::Estimate ib{slope[p] - ti.value - tj.value,
                               std::hypot(ti.ci, tj.ci), k};
            warn_if_bad(m, ib, "1/beta_" + std::to_string(i) + "," +
                                   std::to_string(j) + at);
            // beta = 1 / mean(1/beta); its interval by the delta method.
            s.beta.push_back(
                {1 / ib.value, ib.ci / (ib.value * ib.value), ib.n});
        }
    return s;
}

} // namespace

void lmo_solve_p2p(LMO &m, const LmoP2pData &d, double cl)
{
    const int n = d.n;
    if (n < 3)
        throw UsageError("the LMO model needs at least 3 processes, got " +
                         std::to_string(n));
    if (d.segments.empty() || d.segments[0].from != 0 ||
        d.segments[0].Ma != 0)
        CPM_THROW("LMO: the first segment's measurements must start at 0 "
                  "bytes with empty experiments (Ma = 0)");
    for (std::size_t k = 1; k < d.segments.size(); ++k)
        if (!(d.segments[k].from > d.segments[k - 1].from) ||
            !(d.segments[k].Ma >= double(d.segments[k].from)))
            CPM_THROW("LMO: segments must start at increasing sizes, with "
                      "their experiments inside them");
    std::vector<bench::Triplet> trip = bench::all_triplets(n);
    m.n = n;
    m.warnings.clear();
    m.segments.clear();
    // Empty replies are in the first segment: its empty roundtrips.
    const std::vector<bench::Result> &rt0 = d.segments[0].o2oA;
    // Each root's receive delay of an empty reply: C_r of the first
    // segment, used to pick a later segment's informative triplets.
    std::vector<double> recv0;
    std::vector<std::vector<int>> unseparated(d.segments.size());
    for (std::size_t k = 0; k < d.segments.size(); ++k) {
        Solved s = solve_segment(m, d.segments[k], rt0, n, trip, cl, recv0,
                                 unseparated[k]);
        if (k == 0) {
            for (const stats::Estimate &c : s.C)
                recv0.push_back(c.value);
            m.C = std::move(s.C);
            m.t = std::move(s.t);
            m.L = std::move(s.L);
            m.beta = std::move(s.beta);
        } else {
            LmoSegment g;
            g.from = d.segments[k].from;
            g.C = std::move(s.C);
            g.t = std::move(s.t);
            g.L = std::move(s.L);
            g.beta = std::move(s.beta);
            m.segments.push_back(std::move(g));
        }
    }
    // A root whose send delay may be shorter than its receive delay, with
    // fewer than 2 triplets whose farther reply lags by that receive
    // delay: its one-to-two times may not show its send (doc/models.md).
    for (std::size_t k = 1; k < d.segments.size(); ++k) {
        const LmoSegment &g = m.segments[k - 1];
        std::string roots;
        for (int r : unseparated[k])
            roots += (roots.empty() ? "" : ",") + std::to_string(r);
        if (!roots.empty())
            m.warnings.push_back(
                "LMO: C_r, t_r of root(s) " + roots +
                " in the segment from " + std::to_string(g.from) +
                ": the send delay C_r + t_r M comes out no longer than the "
                "receive delay C_r of the first segment and fewer than 2 of "
                "the root's triplets have replies far enough apart, so C_r, "
                "t_r there (and L, beta of their pairs) may be off; "
                "point-to-point predictions are not");
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
    return stats::fit_time_line(x, y, cl);
}

} // namespace

void lmo_fit_collectives(LMO &m, const Sweep &o2m, const Sweep &m2o, double cl)
{
    const double inf = HUGE_VAL, below = -1;
    double span[2];
    // kappa = fitted slope - the model's mean slope (root 0, no kappa) over
    // the fitted sizes; the max of the legs may switch legs inside.
    auto model_slope = [&](bool sum) {
        auto f = [&](double M) {
            Legs g = legs(m, 0, M);
            return g.root + (sum ? g.sum : g.max);
        };
        return (f(span[1]) - f(span[0])) / (span[1] - span[0]);
    };
    // A break is a change of form (the transfers serialise: max -> sum of
    // the legs) only if the slope above it exceeds the slope below by at
    // least half of what the model says serialising adds over the sizes
    // above; else it is dropped (Bai-Perron splits any line that is not
    // exactly straight, e.g. where the max switches legs).
    auto changes_form = [&](const Sweep &s, double small_end, double from) {
        auto small = fit_region(s, below, small_end, cl, span);
        auto large = fit_region(s, from, inf, cl, span);
        if (!small || !large)
            return true; // too few sizes to judge: the break stands
        return large->c1 - small->c1 >=
               (model_slope(true) - model_slope(false)) / 2;
    };
    if (m.S && !changes_form(o2m, *m.S, *m.S))
        m.S.reset();
    if (m.M2 && !changes_form(m2o, m.M1.value_or(*m.M2), *m.M2))
        m.M2.reset();
    double S = m.S.value_or(inf);
    m.one2many_small = fit_region(o2m, below, S, cl, span);
    m.one2many_large = m.S ? fit_region(o2m, S, inf, cl, span) : std::nullopt;
    double small_end = m.M1 ? *m.M1 : m.M2 ? *m.M2 : inf;
    m.many2one_small = fit_region(m2o, below, small_end, cl, span);
    m.kappa1 = m.many2one_small ? m.many2one_small->c1 - model_slope(false) : 0;
    m.many2one_large =
        m.M2 ? fit_region(m2o, *m.M2, inf, cl, span) : std::nullopt;
    m.kappa2 = m.many2one_large ? m.many2one_large->c1 - model_slope(true) : 0;
}

} // namespace cpm::models
