/**
 * \file stats_ci.h
 * \brief Student-t quantiles and confidence intervals (GSL), no MPI.
 *
 * For a sample x_1..x_n with mean m and standard deviation s, the two-sided
 * confidence interval at level cl is m +/- h with
 *   h = t_{(1+cl)/2, n-1} * s / sqrt(n),
 * where t_{p,d} is the p-quantile of Student's t distribution with d degrees
 * of freedom.
 */
#ifndef CPM_STATS_CI_H
#define CPM_STATS_CI_H

#include <cstddef>
#include <vector>

/** \defgroup stats Statistics: GSL wrappers for quantiles and CIs
 *  No MPI. GSL's abort-on-error handler is off while these functions run.
 *  @{ */

namespace cpm::stats {

/** p-quantile of Student's t with dof degrees of freedom (dof > 0). */
double t_quantile(double p, double dof);

/** Mean, sample standard deviation and CI half-width of a sample. */
struct Summary {
    std::size_t n = 0;   /**< sample size */
    double mean = 0;     /**< arithmetic mean */
    double sd = 0;       /**< sample standard deviation (n-1 in the divisor) */
    double ci = 0;       /**< half-width of the confidence interval; 0 if n<2 */
};

/** Summarises a sample at confidence level cl (0 < cl < 1). */
Summary summarize(const double *x, std::size_t n, double cl);
/** Summarises a sample held in a vector at confidence level cl. */
Summary summarize(const std::vector<double> &x, double cl);

} // namespace cpm::stats

/** @} */

#endif
