/**
 * \file stats_fit.h
 * \brief Least-squares line fits with confidence intervals (GSL), and means
 *        of repeated estimates with their confidence intervals. No MPI.
 *
 * The fit is y = c0 + c1 x by ordinary least squares (gsl_fit_linear).
 * With n points and residual sum of squares RSS, the standard errors are
 * the square roots of the diagonal of the covariance matrix
 * sigma^2 (X'X)^-1, sigma^2 = RSS/(n-2), and the half-width of the
 * confidence interval of c_k at level cl is t_{(1+cl)/2, n-2} * se(c_k).
 *
 * The relative fit (fit_relative_line) minimises the squared relative
 * residuals sum ((y_k - c0 - c1 x_k) / y_k)^2: least squares weighted by
 * 1 / y_k^2 (gsl_fit_wlinear), for times whose error grows with the time
 * itself, over sizes spanning decades, where an ordinary fit is decided by
 * the largest sizes alone and may leave the smallest ones far off (or a
 * negative intercept). Its intervals take the relative scatter from the
 * data: se(c_k)^2 = (chi^2 / (n-2)) [(X'WX)^-1]_kk.
 */
#ifndef CPM_STATS_FIT_H
#define CPM_STATS_FIT_H

#include <cstddef>
#include <vector>

/** \addtogroup stats
 *  @{ */

namespace cpm::stats {

/** A fitted line y = c0 + c1 x. */
struct LineFit {
    double c0 = 0;     /**< intercept */
    double c1 = 0;     /**< slope */
    double ci0 = 0;    /**< CI half-width of c0 (0 if n < 3) */
    double ci1 = 0;    /**< CI half-width of c1 (0 if n < 3) */
    double rss = 0;    /**< residual sum of squares (weighted: chi^2) */
    std::size_t n = 0; /**< number of points */
    /** The fitted value at x. */
    double operator()(double x) const { return c0 + c1 * x; }
};

/** Fits a line to the points (x_k, y_k) at confidence level cl. Needs at
 *  least two distinct x; throws cpm::Error otherwise. */
LineFit fit_line(const std::vector<double> &x, const std::vector<double> &y,
                 double cl);

/** Fits a line to the points (x_k, y_k) by least squares weighted by w_k
 *  (gsl_fit_wlinear: w_k = 1 / sigma_k^2): c0, c1, rss (the weighted sum
 *  of squared residuals, chi^2) and n; no intervals (ci0 = ci1 = 0). Needs
 *  at least two distinct x and positive finite weights; throws cpm::Error
 *  otherwise. */
LineFit fit_weighted_line(const std::vector<double> &x,
                          const std::vector<double> &y,
                          const std::vector<double> &w);

/** Fits a line to the points (x_k, y_k > 0) by least squares on the
 *  relative residuals (weights 1 / y_k^2), with intervals at level cl
 *  from the relative scatter of the points (0 if n < 3); rss is the sum
 *  of squared relative residuals. An exact line is recovered as by
 *  fit_line. Needs at least two distinct x and every y positive and
 *  finite; throws cpm::Error otherwise. */
LineFit fit_relative_line(const std::vector<double> &x,
                          const std::vector<double> &y, double cl);

/** The line of a time over message sizes, as every model fits one:
 *  fit_relative_line if every y is positive, else (no relative residual
 *  to take) fit_line. */
LineFit fit_time_line(const std::vector<double> &x,
                      const std::vector<double> &y, double cl);

/** A value with the half-width of its confidence interval. */
struct Estimate {
    double value = 0; /**< the (mean) estimate */
    double ci = 0;    /**< CI half-width; 0 if from fewer than 2 values */
    std::size_t n = 0;/**< number of values averaged */
};

/** The mean of repeated estimates of one parameter with its Student-t
 *  confidence interval at level cl. */
Estimate mean_estimate(const std::vector<double> &values, double cl);

} // namespace cpm::stats

/** @} */

#endif
