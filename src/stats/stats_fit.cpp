#include "stats_fit.h"

#include "common_error.h"
#include "stats_ci.h"
#include "stats_gsl_guard.h"

#include <cmath>
#include <gsl/gsl_fit.h>

namespace cpm::stats {

namespace {

void require_distinct(const std::vector<double> &x)
{
    bool distinct = false;
    for (double v : x)
        distinct = distinct || v != x.front();
    if (x.size() < 2 || !distinct)
        CPM_THROW("line fit needs at least two distinct x values, got " +
                  std::to_string(x.size()) + " points");
}

/* gsl_fit_wlinear on checked input: the line, its weighted rss and n,
 * and the covariances of c0 and c1 as GSL gives them (weights taken as
 * 1 / sigma^2). */
LineFit wlinear(const std::vector<double> &x, const std::vector<double> &y,
                const std::vector<double> &w, double &cov00, double &cov11,
                const char *kind)
{
    GslErrorGuard guard;
    LineFit f;
    double cov01 = 0;
    int rc = gsl_fit_wlinear(x.data(), 1, w.data(), 1, y.data(), 1, x.size(),
                             &f.c0, &f.c1, &cov00, &cov01, &cov11, &f.rss);
    if (rc != GSL_SUCCESS || !std::isfinite(f.c0) || !std::isfinite(f.c1))
        CPM_THROW(std::string("GSL ") + kind + " line fit failed: " +
                  gsl_strerror(rc));
    f.n = x.size();
    return f;
}

} // namespace

LineFit fit_line(const std::vector<double> &x, const std::vector<double> &y,
                 double cl)
{
    if (x.size() != y.size())
        CPM_THROW("line fit: " + std::to_string(x.size()) + " x values but " +
                  std::to_string(y.size()) + " y values");
    require_distinct(x);
    GslErrorGuard guard;
    LineFit f;
    double cov00 = 0, cov01 = 0, cov11 = 0;
    int rc = gsl_fit_linear(x.data(), 1, y.data(), 1, x.size(), &f.c0, &f.c1,
                            &cov00, &cov01, &cov11, &f.rss);
    if (rc != GSL_SUCCESS || !std::isfinite(f.c0) || !std::isfinite(f.c1))
        CPM_THROW(std::string("GSL line fit failed: ") + gsl_strerror(rc));
    f.n = x.size();
    if (f.n >= 3) {
        double t = t_quantile((1 + cl) / 2, double(f.n - 2));
        f.ci0 = t * std::sqrt(cov00);
        f.ci1 = t * std::sqrt(cov11);
    }
    return f;
}

LineFit fit_weighted_line(const std::vector<double> &x,
                          const std::vector<double> &y,
                          const std::vector<double> &w)
{
    if (x.size() != y.size() || w.size() != x.size())
        CPM_THROW("weighted line fit: " + std::to_string(x.size()) +
                  " x values, " + std::to_string(y.size()) + " y values, " +
                  std::to_string(w.size()) + " weights");
    require_distinct(x);
    for (double v : w)
        if (!(v > 0) || !std::isfinite(v))
            CPM_THROW("weighted line fit: a weight is not positive and finite");
    double cov00 = 0, cov11 = 0;
    return wlinear(x, y, w, cov00, cov11, "weighted");
}

LineFit fit_relative_line(const std::vector<double> &x,
                          const std::vector<double> &y, double cl)
{
    if (x.size() != y.size())
        CPM_THROW("relative line fit: " + std::to_string(x.size()) +
                  " x values but " + std::to_string(y.size()) + " y values");
    require_distinct(x);
    std::vector<double> w(y.size());
    for (std::size_t k = 0; k < y.size(); ++k) {
        if (!(y[k] > 0) || !std::isfinite(y[k]))
            CPM_THROW("relative line fit: y value " + std::to_string(y[k]) +
                      " is not positive and finite");
        w[k] = 1 / (y[k] * y[k]);
    }
    double cov00 = 0, cov11 = 0;
    LineFit f = wlinear(x, y, w, cov00, cov11, "relative");
    if (f.n >= 3) {
        // gsl_fit_wlinear's covariance takes the weights as 1 / sigma^2;
        // the relative scatter is unknown, so it is estimated from the
        // residuals (chi^2 / (n - 2)).
        double s2 = f.rss / double(f.n - 2);
        double t = t_quantile((1 + cl) / 2, double(f.n - 2));
        f.ci0 = t * std::sqrt(cov00 * s2);
        f.ci1 = t * std::sqrt(cov11 * s2);
    }
    return f;
}

LineFit fit_time_line(const std::vector<double> &x,
                      const std::vector<double> &y, double cl)
{
    for (double v : y)
        if (!(v > 0) || !std::isfinite(v))
            return fit_line(x, y, cl);
    return fit_relative_line(x, y, cl);
}

Estimate mean_estimate(const std::vector<double> &values, double cl)
{
    Summary s = summarize(values, cl);
    Estimate e;
    e.value = s.mean;
    e.ci = s.ci;
    e.n = s.n;
    return e;
}

} // namespace cpm::stats
