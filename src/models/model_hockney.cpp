#include "model_hockney.h"

#include "common_error.h"
#include "model_check.h"

#include <algorithm>
#include <cmath>

namespace cpm::models {

const std::vector<RecordSpec> &Hockney::schema()
{
    static const std::vector<RecordSpec> s = {
        {"alpha", Index::Pair, {"value", "ci"}, true},
        {"beta", Index::Pair, {"value", "ci"}, true},
        // "segment I J FROM alpha alpha_ci beta beta_ci": pair I,J's line
        // from FROM bytes on (a size segment after the first); none in a
        // model with one line per pair.
        {"segment", Index::PairSize,
         {"alpha", "alpha_ci", "beta", "beta_ci"}, false},
    };
    return s;
}

bool Hockney::segmented() const
{
    for (const auto &v : pieces)
        if (!v.empty())
            return true;
    return false;
}

ModelData Hockney::to_data() const
{
    ModelData d;
    d.model = name();
    d.n = n;
    d.provenance = provenance;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            int p = pair_index(n, i, j);
            d.add("alpha", {i, j}, {alpha[p].value, alpha[p].ci});
            d.add("beta", {i, j}, {beta[p].value, beta[p].ci});
        }
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            int p = pair_index(n, i, j);
            if (std::size_t(p) >= pieces.size())
                continue;
            for (const HockneyPiece &c : pieces[std::size_t(p)])
                d.add("segment", {i, j, int(c.from)},
                      {c.alpha.value, c.alpha.ci, c.beta.value, c.beta.ci});
        }
    return d;
}

Hockney Hockney::from_data(const ModelData &d)
{
    Hockney h;
    h.n = d.n;
    h.provenance = d.provenance;
    for (const auto &v : d.per_pair("alpha"))
        h.alpha.push_back({v.at(0), v.at(1), 1});
    for (const auto &v : d.per_pair("beta"))
        h.beta.push_back({v.at(0), v.at(1), 1});
    std::vector<const Record *> seg = d.find("segment");
    if (!seg.empty()) {
        h.pieces.assign(h.alpha.size(), {});
        for (const Record *r : seg) {
            if (r->index.at(2) <= 0)
                throw UsageError("Hockney: segment " +
                                 std::to_string(r->index[0]) + " " +
                                 std::to_string(r->index[1]) +
                                 " must start above 0 bytes (the first "
                                 "segment is alpha and beta)");
            HockneyPiece c;
            c.from = r->index[2];
            c.alpha = {r->values.at(0), r->values.at(1), 1};
            c.beta = {r->values.at(2), r->values.at(3), 1};
            h.pieces[std::size_t(pair_index(d.n, r->index[0], r->index[1]))]
                .push_back(c);
        }
        for (auto &v : h.pieces)
            std::sort(v.begin(), v.end(),
                      [](const HockneyPiece &a, const HockneyPiece &b) {
                          return a.from < b.from;
                      });
    }
    return h;
}

namespace {

stats::Estimate mean_of(const std::vector<stats::Estimate> &v, double cl)
{
    std::vector<double> x;
    for (const stats::Estimate &e : v)
        x.push_back(e.value);
    return stats::mean_estimate(x, cl);
}

int ceil_log2(int n)
{
    int k = 0;
    while ((1 << k) < n)
        ++k;
    return k;
}

} // namespace

stats::Estimate Hockney::alpha_mean() const
{
    return mean_of(alpha, provenance.precision.cl);
}

stats::Estimate Hockney::beta_mean() const
{
    if (!segmented())
        return mean_of(beta, provenance.precision.cl);
    // Each pair's time per byte of its last segment: the first one can
    // be a few bytes wide, its slope noise.
    std::vector<stats::Estimate> last = beta;
    for (std::size_t p = 0; p < pieces.size() && p < last.size(); ++p)
        if (!pieces[p].empty())
            last[p] = pieces[p].back().beta;
    return mean_of(last, provenance.precision.cl);
}

double Hockney::p2p(int i, int j, double M) const
{
    check_rank(n, i, "rank");
    check_rank(n, j, "rank");
    if (i == j)
        return 0;
    int p = pair_index(n, i, j);
    if (std::size_t(p) < pieces.size())
        for (auto c = pieces[std::size_t(p)].rbegin();
             c != pieces[std::size_t(p)].rend(); ++c)
            if (M >= double(c->from))
                return c->alpha.value + c->beta.value * M;
    return alpha[p].value + beta[p].value * M;
}

double Hockney::sg_linear_sequential(int root, double M) const
{
    check_rank(n, root, "root");
    double t = 0;
    for (int i = 0; i < n; ++i)
        if (i != root)
            t += p2p(root, i, M);
    return t;
}

double Hockney::sg_linear_parallel(int root, double M) const
{
    check_rank(n, root, "root");
    double t = 0;
    for (int i = 0; i < n; ++i)
        if (i != root)
            t = std::max(t, p2p(root, i, M));
    return t;
}

double Hockney::sg_binomial(int root, double M) const
{
    check_rank(n, root, "root");
    // arrival[v]: when relative rank v has its data; a node sends to
    // v + mask for decreasing masks below its lowest set bit.
    std::vector<double> arrival(n, 0.0);
    int top = 1 << ceil_log2(n);
    for (int v = 0; v < n; ++v) {
        int low = v == 0 ? top : (v & -v);
        double t = arrival[v];
        for (int mask = low / 2; mask > 0; mask >>= 1) {
            int c = v + mask;
            if (c >= n)
                continue;
            int blocks = std::min(mask, n - c);
            t += p2p((v + root) % n, (c + root) % n, blocks * M);
            arrival[c] = t;
        }
    }
    return *std::max_element(arrival.begin(), arrival.end());
}

double Hockney::h_p2p(double M) const
{
    if (!segmented())
        return alpha_mean().value + beta_mean().value * M;
    // The mean over the pairs of each pair's line at M.
    double t = 0;
    int k = 0;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j, ++k)
            t += p2p(i, j, M);
    return k ? t / k : 0;
}

double Hockney::h_sg_linear_sequential(double M) const
{
    return (n - 1) * h_p2p(M);
}

double Hockney::h_sg_linear_parallel(double M) const { return h_p2p(M); }

double Hockney::h_sg_binomial(double M) const
{
    return ceil_log2(n) * alpha_mean().value + (n - 1) * beta_mean().value * M;
}

namespace {

/* The line through pair p's points (x, y), fitted on the relative
 * residuals (stats::fit_time_line) so that every size of the segment
 * counts alike; two sizes fit exactly, and their intervals come from the
 * measurements (halved roundtrip intervals c0, c1). */
void fit_piece(const std::vector<double> &x, const std::vector<double> &y,
               double c0, double c1, double cl, stats::Estimate &a,
               stats::Estimate &b)
{
    stats::LineFit f = stats::fit_time_line(x, y, cl);
    a = {f.c0, f.ci0, f.n};
    b = {f.c1, f.ci1, f.n};
    if (x.size() == 2) {
        double dx = std::fabs(x[1] - x[0]);
        a.ci = x[0] == 0 ? c0 : x[1] == 0 ? c1 : (c0 + c1);
        b.ci = (c0 + c1) / dx;
    }
}

} // namespace

Hockney hockney_from_pair_sweeps(
    int n, const std::vector<std::vector<long>> &sizes,
    const std::vector<std::vector<bench::Result>> &rt, double cl,
    const std::vector<int> &pair_class,
    const std::vector<std::vector<long>> &segments)
{
    std::size_t pairs = std::size_t(n) * (n - 1) / 2;
    if (sizes.size() != pairs || rt.size() != pairs)
        CPM_THROW("Hockney: sweeps of " + std::to_string(sizes.size()) +
                  " pairs for " + std::to_string(pairs) + " pairs");
    bool any = false;
    for (const auto &s : segments)
        any = any || !s.empty();
    if ((any || !pair_class.empty()) && pair_class.size() != pairs)
        CPM_THROW("Hockney: " + std::to_string(pair_class.size()) +
                  " pair classes for " + std::to_string(pairs) + " pairs");
    Hockney h;
    h.n = n;
    if (any)
        h.pieces.assign(pairs, {});
    for (std::size_t p = 0; p < pairs; ++p) {
        const std::vector<long> &ms = sizes[p];
        if (rt[p].size() != ms.size())
            CPM_THROW("Hockney: pair " + std::to_string(p) + " has " +
                      std::to_string(rt[p].size()) + " roundtrips for " +
                      std::to_string(ms.size()) + " sizes");
        // Cut the sizes at the starts of the pair's class; a part of
        // fewer than two sizes joins the one before it.
        std::vector<long> cuts = {0};
        if (any)
            for (long b : segments.at(std::size_t(pair_class[p]))) {
                std::size_t in_last = 0, in_next = 0;
                for (long M : ms) {
                    if (M >= cuts.back() && M < b)
                        ++in_last;
                    if (M >= b)
                        ++in_next;
                }
                if (in_last >= 2 && in_next >= 2)
                    cuts.push_back(b);
            }
        for (std::size_t c = 0; c < cuts.size(); ++c) {
            long lo = cuts[c];
            long hi = c + 1 < cuts.size() ? cuts[c + 1] : -1;
            std::vector<double> x, y;
            double c0 = 0, c1 = 0;
            for (std::size_t s = 0; s < ms.size(); ++s)
                if (ms[s] >= lo && (hi < 0 || ms[s] < hi)) {
                    (x.empty() ? c0 : c1) = rt[p][s].ci / 2;
                    x.push_back(double(ms[s]));
                    y.push_back(rt[p][s].T / 2);
                }
            stats::Estimate a, b;
            fit_piece(x, y, c0, c1, cl, a, b);
            if (c == 0) {
                h.alpha.push_back(a);
                h.beta.push_back(b);
            } else {
                h.pieces[p].push_back({lo, a, b});
            }
        }
    }
    return h;
}

Hockney hockney_from_roundtrips(int n, const std::vector<long> &sizes,
                                const std::vector<std::vector<bench::Result>> &rt,
                                double cl, const std::vector<int> &pair_class,
                                const std::vector<std::vector<long>> &segments)
{
    std::size_t pairs = std::size_t(n) * (n - 1) / 2;
    if (rt.size() != sizes.size())
        CPM_THROW("Hockney: " + std::to_string(rt.size()) +
                  " sets of roundtrips for " + std::to_string(sizes.size()) +
                  " sizes");
    std::vector<std::vector<long>> ms(pairs, sizes);
    std::vector<std::vector<bench::Result>> rp(pairs);
    for (std::size_t s = 0; s < sizes.size(); ++s) {
        if (rt[s].size() != pairs)
            CPM_THROW("Hockney: roundtrips do not cover all pairs");
        for (std::size_t p = 0; p < pairs; ++p)
            rp[p].push_back(rt[s][p]);
    }
    return hockney_from_pair_sweeps(n, ms, rp, cl, pair_class, segments);
}

Hockney hockney_from_roundtrips(int n, const std::vector<long> &sizes,
                                const std::vector<std::vector<bench::Result>> &rt,
                                double cl)
{
    return hockney_from_roundtrips(n, sizes, rt, cl, {}, {});
}

} // namespace cpm::models
