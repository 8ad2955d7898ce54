#include "stats_ci.h"

#include "common_error.h"
#include "stats_gsl_guard.h"

#include <cmath>
#include <gsl/gsl_cdf.h>
#include <gsl/gsl_statistics_double.h>
#include <string>

namespace cpm::stats {

double t_quantile(double p, double dof)
{
    if (!(p > 0 && p < 1) || !(dof > 0))
        CPM_THROW("t quantile needs 0 < p < 1 and dof > 0 (p=" +
                  std::to_string(p) + ", dof=" + std::to_string(dof) + ")");
    GslErrorGuard guard;
    double q = gsl_cdf_tdist_Pinv(p, dof);
    if (!std::isfinite(q))
        CPM_THROW("GSL returned a non-finite t quantile");
    return q;
}

Summary summarize(const double *x, std::size_t n, double cl)
{
    if (!(cl > 0 && cl < 1))
        CPM_THROW("confidence level must lie in (0,1), got " +
                  std::to_string(cl));
    Summary s;
    s.n = n;
    if (n == 0)
        return s;
    GslErrorGuard guard;
    s.mean = gsl_stats_mean(x, 1, n);
    if (n < 2)
        return s;
    s.sd = gsl_stats_sd_m(x, 1, n, s.mean);
    s.ci = t_quantile((1 + cl) / 2, double(n - 1)) * s.sd / std::sqrt(double(n));
    return s;
}

Summary summarize(const std::vector<double> &x, double cl)
{
    return summarize(x.data(), x.size(), cl);
}

} // namespace cpm::stats
