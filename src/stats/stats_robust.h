/**
 * \file stats_robust.h
 * \brief Robust location estimates with confidence intervals, and outlier
 *        counts, for samples of times (GSL, no MPI).
 *
 * Median: the sample median with the distribution-free interval of order
 * statistics [x_(l), x_(u)], u = n + 1 - l, where l is the largest rank
 * with 2 P(B <= l - 1) <= 1 - cl for B ~ Binomial(n, 1/2); such an
 * interval exists once 2 (1/2)^n <= 1 - cl (n >= 6 at cl = 0.95).
 *
 * Trimmed mean: the mean of the sample without the floor(g n) smallest and
 * the floor(g n) largest values, with the Tukey-McLaughlin interval
 *   h = t_{(1+cl)/2, n-2k-1} s_w / ((1 - 2g) sqrt(n)),
 * where s_w is the standard deviation of the g-winsorized sample.
 *
 * Outliers: values beyond Tukey's outer fences, below Q1 - 3 IQR or above
 * Q3 + 3 IQR (quartiles as GSL interpolates them).
 */
#ifndef CPM_STATS_ROBUST_H
#define CPM_STATS_ROBUST_H

#include <cstddef>
#include <vector>

/** \addtogroup stats
 *  @{ */

namespace cpm::stats {

/** A location estimate and its confidence interval [lo, hi]. */
struct Location {
    double value = 0;  /**< the estimate */
    double lo = 0;     /**< lower end of the interval */
    double hi = 0;     /**< upper end of the interval */
    bool has_ci = false; /**< false if the sample is too small for one */
    /** Half-width as the stopping rule reads it: the larger distance from
     *  the estimate to an end of the interval (0 without an interval). */
    double half_width() const;
};

/** The median of x and its order-statistics interval at level cl. */
Location median_ci(std::vector<double> x, double cl);

/** The g-trimmed mean of x (0 <= g < 0.5) and its Tukey-McLaughlin
 *  interval at level cl. */
Location trimmed_mean_ci(std::vector<double> x, double g, double cl);

/** The number of values of x beyond Tukey's outer fences (3 IQR); 0 for
 *  fewer than 4 values. */
std::size_t count_outliers(std::vector<double> x);

} // namespace cpm::stats

/** @} */

#endif
