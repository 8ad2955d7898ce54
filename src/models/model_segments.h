/**
 * \file model_segments.h
 * \brief Size segments of point-to-point times: where a transport changes
 *        protocol or copy mode, found from the measurements. No MPI.
 *
 * Point-to-point time is piecewise linear in the message size M:
 *
 *     T_ij(M) = a_ij^s + b_ij^s M,   for start_s <= M < start_{s+1},
 *
 * with start_0 = 0 and the last segment unbounded. The segments of a
 * class of pairs that share a transport (ranks on one node, ranks on two
 * nodes) are found by Bai-Perron (rbridge::segments) on the class's mean
 * time over a sweep of sizes, fitted relatively so that every size counts
 * alike; a segment starts at the first measured size after a break. A
 * model with one segment is the linear model of CPM 1.0.1.
 */
#ifndef CPM_MODEL_SEGMENTS_H
#define CPM_MODEL_SEGMENTS_H

#include "rbridge.h"

#include <string>
#include <vector>

/** \addtogroup models
 *  @{ */

namespace cpm::models {

/** The segments of the message size: segment 0 starts at 0, segment s > 0
 *  at starts[s-1] (increasing, positive). */
struct Segments {
    std::vector<long> starts; /**< first size of segments 1, 2, ... */

    /** Number of segments (starts.size() + 1). */
    int count() const { return int(starts.size()) + 1; }
    /** The segment of size M: the number of starts <= M. */
    int of(double M) const;
    /** First size of segment s (0 for s = 0). */
    long start(int s) const { return s == 0 ? 0 : starts[std::size_t(s - 1)]; }
    /** "0" for one segment, else the starts as "0,8192,65536". */
    std::string text() const;
    /** Throws cpm::UsageError unless the starts are positive and
     *  increasing. */
    void validate() const;
};

/** Transport classes of the pairs of n ranks, in pair_index order: 0 if
 *  both ranks have the same processor name (one node), 1 otherwise. */
std::vector<int> pair_classes(const std::vector<std::string> &processors);

/** The name of a transport class of pair_classes in model files and
 *  messages: "one node" (0) or "two nodes" (1). */
const char *pair_class_name(int c);

/** The segments of a class's times y (> 0) over increasing sizes x:
 *  Bai-Perron on the relative fit; a segment starts at the first size
 *  after a break. Throws cpm::Error (from R) where R cannot decide. */
Segments find_segments(const std::vector<double> &x,
                       const std::vector<double> &y,
                       const rbridge::BreakpointOptions &options);

/** The starts whose breaks the measurements support, of the starts found
 *  on times y over increasing sizes x with interval half-widths h (each
 *  y's, >= 0): a break is dropped when one line through the sizes of
 *  the two segments it separates (least squares weighted by 1 / w^2)
 *  passes within w = h + 1e-9 y of every one of them, i.e. when the
 *  times cannot tell the two segments from one (noise of a loaded host
 *  splits a flat range); the break whose merged line fits best goes
 *  first, and so on while one fits. Exact times (h = 0, a simulator's)
 *  keep every break that is not an exact line. */
std::vector<long> supported_starts(const std::vector<long> &x,
                                   const std::vector<double> &y,
                                   const std::vector<double> &h,
                                   std::vector<long> starts);

/** The relative scatter of times y (> 0) from one size to the next, over
 *  increasing sizes x: the robust standard deviation (1.4826 times the
 *  median absolute value) of each inner size's relative deviation from
 *  the straight line through its two neighbours, each deviation divided
 *  by the standard deviation it would have with unit relative noise on
 *  the three times. A piecewise-linear T leaves deviations only at the
 *  sizes next to a break, so exact times give 0 (a simulator's) while
 *  fewer than half the inner sizes straddle a break, and a
 *  host whose speed changes between sizes (more than the interval of
 *  each size shows) gives its noise. 0 for fewer than 3 sizes or a time
 *  that is not positive. */
double neighbour_scatter(const std::vector<long> &x,
                         const std::vector<double> &y);

/** How many neighbour_scatter()s of a class's times a break or a misfit
 *  must stand out by to count (class_segments, refine_sizes). */
const double kScatterBand = 3;

/** The interval half-widths h of times y over increasing sizes x, each
 *  widened to at least kScatterBand neighbour_scatter(x, y) y: what
 *  supported_starts judges a class's breaks by (class_segments). */
std::vector<double> scatter_band(const std::vector<long> &x,
                                 const std::vector<double> &y,
                                 std::vector<double> h);

} // namespace cpm::models

/** @} */

#endif
