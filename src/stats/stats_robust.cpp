#include "stats_robust.h"

#include "common_error.h"
#include "stats_ci.h"
#include "stats_gsl_guard.h"

#include <algorithm>
#include <cmath>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>
#include <string>

namespace cpm::stats {

namespace {

void check_level(double cl)
{
    if (!(cl > 0 && cl < 1))
        CPM_THROW("confidence level must lie in (0,1), got " +
                  std::to_string(cl));
}

} // namespace

double Location::half_width() const
{
    return has_ci ? std::max(value - lo, hi - value) : 0;
}

Location median_ci(std::vector<double> x, double cl)
{
    check_level(cl);
    Location e;
    std::size_t n = x.size();
    if (n == 0)
        return e;
    std::sort(x.begin(), x.end());
    GslErrorGuard guard;
    e.value = gsl_stats_median_from_sorted_data(x.data(), 1, n);
    // The largest l with 2 P(B <= l-1) <= 1 - cl; l = 0 means none.
    double alpha = 1 - cl;
    std::size_t l = 0;
    for (std::size_t k = 1; k <= (n + 1) / 2; ++k) {
        double tail = gsl_cdf_binomial_P(unsigned(k - 1), 0.5, unsigned(n));
        if (2 * tail <= alpha)
            l = k;
        else
            break;
    }
    if (l == 0)
        return e;
    e.lo = x[l - 1];
    e.hi = x[n - l];
    e.has_ci = true;
    return e;
}

Location trimmed_mean_ci(std::vector<double> x, double g, double cl)
{
    check_level(cl);
    if (!(g >= 0 && g < 0.5))
        CPM_THROW("trimming fraction must lie in [0, 0.5), got " +
                  std::to_string(g));
    Location e;
    std::size_t n = x.size();
    if (n == 0)
        return e;
    std::sort(x.begin(), x.end());
    std::size_t k = std::size_t(std::floor(g * double(n)));
    double sum = 0;
    for (std::size_t i = k; i < n - k; ++i)
        sum += x[i];
    e.value = sum / double(n - 2 * k);
    if (n - 2 * k < 2)
        return e;
    std::vector<double> w(x);
    for (std::size_t i = 0; i < k; ++i) {
        w[i] = x[k];
        w[n - 1 - i] = x[n - 1 - k];
    }
    GslErrorGuard guard;
    double sw = gsl_stats_sd(w.data(), 1, n);
    double h = t_quantile((1 + cl) / 2, double(n - 2 * k - 1)) * sw /
               ((1 - 2 * g) * std::sqrt(double(n)));
    e.lo = e.value - h;
    e.hi = e.value + h;
    e.has_ci = true;
    return e;
}

std::size_t count_outliers(std::vector<double> x)
{
    if (x.size() < 4)
        return 0;
    std::sort(x.begin(), x.end());
    GslErrorGuard guard;
    double q1 = gsl_stats_quantile_from_sorted_data(x.data(), 1, x.size(), 0.25);
    double q3 = gsl_stats_quantile_from_sorted_data(x.data(), 1, x.size(), 0.75);
    double iqr = q3 - q1;
    std::size_t c = 0;
    for (double v : x)
        if (v < q1 - 3 * iqr || v > q3 + 3 * iqr)
            ++c;
    return c;
}

} // namespace cpm::stats
