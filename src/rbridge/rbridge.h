/**
 * \file rbridge.h
 * \brief The one embedded R (RInside) and the R functions CPM calls.
 *
 * R runs in the calling process (rank 0's main thread in the tools): one
 * instance per process, created on first use or by rbridge::init(). Data go
 * in as numeric vectors and come back as vectors; R code lives in the
 * installed file cpm_breakpoints.R (directory from the CPM_R_DIR variable,
 * else the package data directory). An error in R becomes a cpm::Error that
 * carries R's message. Without R (configure --without-R) every call throws
 * a cpm::Error saying so.
 */
#ifndef CPM_RBRIDGE_H
#define CPM_RBRIDGE_H

#include <cstddef>
#include <string>
#include <vector>

/** \defgroup rbridge R bridge: strucchange breakpoints through RInside
 *  No MPI. Depends on common.
 *  @{ */

namespace cpm::rbridge {

/** True if this build embeds R. */
bool available();

/** Starts R and loads CPM's R code; later calls do nothing. */
void init();

/** Settings of the Bai-Perron breakpoint search. */
struct BreakpointOptions {
    /** Minimal segment: a fraction of the observations if < 1, else a
     *  number of observations. */
    double h = 0.15;
    /** Largest number of breaks considered; 0: as many as h allows. */
    int max_breaks = 0;
    /** Information criterion choosing the number of breaks: BIC or LWZ. */
    std::string criterion = "BIC";
};

/**
 * Bai-Perron breakpoints (R package strucchange) of y regressed on x
 * (constant false: piecewise linear) or on a constant (constant true: level
 * shifts). x must be increasing. Returns the 0-based index of the last
 * observation of every segment but the last; empty if no break is chosen.
 */
std::vector<std::size_t> breakpoints(const std::vector<double> &x,
                                     const std::vector<double> &y,
                                     bool constant,
                                     const BreakpointOptions &options);

/**
 * Bai-Perron segments of point-to-point times y over sizes x (R package
 * strucchange): the breaks of y = a_s + b_s x fitted relatively, each
 * observation divided by its scale w (all > 0; e.g. the times themselves),
 * so that every size counts alike. Data fitted exactly by some number of
 * breaks (a simulator's) take the smallest such number; otherwise the
 * information criterion of options picks it. x must be increasing.
 * Returns the 0-based index of the last observation of every segment but
 * the last; empty if one line fits.
 */
std::vector<std::size_t> segments(const std::vector<double> &x,
                                  const std::vector<double> &y,
                                  const std::vector<double> &w,
                                  const BreakpointOptions &options);

} // namespace cpm::rbridge

/** @} */

#endif
