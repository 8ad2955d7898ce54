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
    };
    return s;
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
    return mean_of(beta, provenance.precision.cl);
}

double Hockney::p2p(int i, int j, double M) const
{
    check_rank(n, i, "rank");
    check_rank(n, j, "rank");
    if (i == j)
        return 0;
    int p = pair_index(n, i, j);
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
    return alpha_mean().value + beta_mean().value * M;
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

Hockney hockney_from_roundtrips(int n, const std::vector<long> &sizes,
                                const std::vector<std::vector<bench::Result>> &rt,
                                double cl)
{
    std::size_t pairs = std::size_t(n) * (n - 1) / 2;
    if (rt.size() != sizes.size())
        CPM_THROW("Hockney: " + std::to_string(rt.size()) +
                  " sets of roundtrips for " + std::to_string(sizes.size()) +
                  " sizes");
    Hockney h;
    h.n = n;
    for (std::size_t p = 0; p < pairs; ++p) {
        std::vector<double> x, y;
        for (std::size_t s = 0; s < sizes.size(); ++s) {
            if (rt[s].size() != pairs)
                CPM_THROW("Hockney: roundtrips do not cover all pairs");
            x.push_back(double(sizes[s]));
            y.push_back(rt[s][p].T / 2);
        }
        stats::LineFit f = stats::fit_line(x, y, cl);
        stats::Estimate a{f.c0, f.ci0, f.n}, b{f.c1, f.ci1, f.n};
        if (sizes.size() == 2) {
            // Two sizes: the fit is exact; the intervals come from the
            // measurements (halved roundtrip intervals).
            double dx = std::fabs(x[1] - x[0]);
            double c0 = rt[0][p].ci / 2, c1 = rt[1][p].ci / 2;
            a.ci = x[0] == 0 ? c0 : x[1] == 0 ? c1 : (c0 + c1);
            b.ci = (c0 + c1) / dx;
        }
        h.alpha.push_back(a);
        h.beta.push_back(b);
    }
    return h;
}

} // namespace cpm::models
