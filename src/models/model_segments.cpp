/* Size segments of point-to-point times (model_segments.h). */
#include "model_segments.h"

#include "common_error.h"
#include "stats_fit.h"

#include <algorithm>
#include <cmath>

namespace cpm::models {

int Segments::of(double M) const
{
    return int(std::upper_bound(starts.begin(), starts.end(), M,
                                [](double m, long s) { return m < double(s); }) -
               starts.begin());
}

std::string Segments::text() const
{
    std::string s = "0";
    for (long b : starts)
        s += "," + std::to_string(b);
    return s;
}

void Segments::validate() const
{
    for (std::size_t k = 0; k < starts.size(); ++k)
        if (starts[k] <= (k ? starts[k - 1] : 0))
            throw UsageError("segment starts must be positive and increasing, "
                             "got " + text());
}

std::vector<int> pair_classes(const std::vector<std::string> &processors)
{
    std::vector<int> c;
    std::size_t n = processors.size();
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j < n; ++j)
            c.push_back(processors[i] == processors[j] ? 0 : 1);
    return c;
}

const char *pair_class_name(int c) { return c == 0 ? "one node" : "two nodes"; }

Segments find_segments(const std::vector<double> &x,
                       const std::vector<double> &y,
                       const rbridge::BreakpointOptions &options)
{
    Segments s;
    for (std::size_t k : rbridge::segments(x, y, y, options))
        if (k + 1 < x.size())
            s.starts.push_back(long(x[k + 1]));
    return s;
}

namespace {

/* The largest |y - line| / w over x in [lo, hi) (hi < 0: no upper end)
 * of the line through those points by least squares weighted by 1 / w^2
 * (0 for fewer than 3). */
double merged_misfit(const std::vector<long> &x, const std::vector<double> &y,
                     const std::vector<double> &w, long lo, long hi)
{
    std::vector<double> X, Y, W, weight;
    for (std::size_t s = 0; s < x.size(); ++s)
        if (x[s] >= lo && (hi < 0 || x[s] < hi)) {
            X.push_back(double(x[s]));
            Y.push_back(y[s]);
            W.push_back(w[s]);
            weight.push_back(1 / (w[s] * w[s]));
        }
    if (X.size() < 3)
        return 0;
    const stats::LineFit line = stats::fit_weighted_line(X, Y, weight);
    double worst = 0;
    for (std::size_t s = 0; s < X.size(); ++s)
        worst = std::max(worst, std::fabs(Y[s] - line(X[s])) / W[s]);
    return worst;
}

} // namespace

double neighbour_scatter(const std::vector<long> &x,
                         const std::vector<double> &y)
{
    if (x.size() != y.size() || x.size() < 3)
        return 0;
    for (double v : y)
        if (!(v > 0) || !std::isfinite(v))
            return 0;
    std::vector<double> d;
    for (std::size_t k = 1; k + 1 < x.size(); ++k) {
        double span = double(x[k + 1] - x[k - 1]);
        if (!(span > 0))
            continue;
        double b = double(x[k] - x[k - 1]) / span, a = 1 - b;
        double line = a * y[k - 1] + b * y[k + 1];
        // unit relative noise on each time: the deviation's variance is
        // y_k^2 + a^2 y_{k-1}^2 + b^2 y_{k+1}^2
        double sd = std::sqrt(y[k] * y[k] + a * a * y[k - 1] * y[k - 1] +
                              b * b * y[k + 1] * y[k + 1]);
        d.push_back(std::fabs(y[k] - line) / sd);
    }
    if (d.empty())
        return 0;
    std::nth_element(d.begin(), d.begin() + long(d.size() / 2), d.end());
    return 1.4826 * d[d.size() / 2];
}

std::vector<double> scatter_band(const std::vector<long> &x,
                                 const std::vector<double> &y,
                                 std::vector<double> h)
{
    const double scatter = neighbour_scatter(x, y);
    for (std::size_t s = 0; s < h.size() && s < y.size(); ++s)
        h[s] = std::max(h[s], kScatterBand * scatter * y[s]);
    return h;
}

std::vector<long> supported_starts(const std::vector<long> &x,
                                   const std::vector<double> &y,
                                   const std::vector<double> &h,
                                   std::vector<long> starts)
{
    if (y.size() != x.size() || h.size() != x.size())
        CPM_THROW("supported_starts: " + std::to_string(x.size()) +
                  " sizes, " + std::to_string(y.size()) + " times, " +
                  std::to_string(h.size()) + " half-widths");
    std::vector<double> w(x.size());
    for (std::size_t s = 0; s < x.size(); ++s) {
        w[s] = std::max(0.0, h[s]) + 1e-9 * std::fabs(y[s]);
        if (!(w[s] > 0) || !std::isfinite(w[s]))
            return starts; // a time of 0 or not finite: nothing to judge by
    }
    for (;;) {
        double best = HUGE_VAL;
        std::size_t drop = starts.size();
        for (std::size_t k = 0; k < starts.size(); ++k) {
            long lo = k == 0 ? 0 : starts[k - 1];
            long hi = k + 1 < starts.size() ? starts[k + 1] : -1;
            double m = merged_misfit(x, y, w, lo, hi);
            if (m <= 1 && m < best) {
                best = m;
                drop = k;
            }
        }
        if (drop == starts.size())
            return starts;
        starts.erase(starts.begin() + long(drop));
    }
}

} // namespace cpm::models
