/**
 * \file model_hockney.h
 * \brief The Hockney model (Hockney 1994), heterogeneous and homogeneous.
 *        No MPI.
 *
 *     T_ij(M) = alpha_ij + beta_ij M          (one way, i -> j)
 *
 * alpha_ij: latency, beta_ij: time per byte of the link i - j (symmetric).
 * Estimated per pair by a least-squares line (GSL) through the points
 * (M, RTT_ij(M)/2) of roundtrips with M bytes each way, fitted on the
 * relative residuals (stats::fit_time_line: every size counts alike,
 * where an ordinary fit is decided by the largest sizes), with the fit's
 * confidence intervals; the homogeneous model uses the means alpha and
 * beta over all pairs. Where the times are piecewise in M (model_segments.h)
 * a pair has a line per size segment,
 *
 *     T_ij(M) = alpha_ij^s + beta_ij^s M,   start_s <= M < start_{s+1},
 *
 * fitted to the sizes of the segment, and every prediction takes the
 * segment of each message's size. Scatter and gather predictions, and the
 * details: doc/models.md, section Hockney.
 */
#ifndef CPM_MODEL_HOCKNEY_H
#define CPM_MODEL_HOCKNEY_H

#include "benchmark_precision.h"
#include "model_data.h"
#include "stats_fit.h"

#include <vector>

/** \addtogroup models
 *  @{ */

namespace cpm::models {

/** The line of a pair from a message size on: a size segment above the
 *  first. */
struct HockneyPiece {
    long from = 0;          /**< first size of the segment (bytes) */
    stats::Estimate alpha;  /**< latency in the segment (s) */
    stats::Estimate beta;   /**< time per byte in the segment (s/B) */
};

/** The Hockney model of n processes. */
struct Hockney {
    int n = 0;                          /**< number of processes */
    std::vector<stats::Estimate> alpha; /**< latency per pair (s), the
                                             first size segment */
    std::vector<stats::Estimate> beta;  /**< time per byte per pair (s/B),
                                             the first size segment */
    /** Per pair, the lines of the segments after the first, by increasing
     *  first size (empty: one line for every size). */
    std::vector<std::vector<HockneyPiece>> pieces;
    Provenance provenance;              /**< how it was measured */

    /** Whether some pair has more than one size segment. */
    bool segmented() const;

    /** "Hockney". */
    static const char *name() { return "Hockney"; }
    /** The records of a Hockney model file. */
    static const std::vector<RecordSpec> &schema();
    /** Converts to records. */
    ModelData to_data() const;
    /** Converts from records (checked by read_text against schema()). */
    static Hockney from_data(const ModelData &d);

    /** Mean latency over all pairs, with its confidence interval (the
     *  first size segment's). */
    stats::Estimate alpha_mean() const;
    /** Mean time per byte over all pairs, with its confidence interval;
     *  with size segments, of each pair's last segment (the largest
     *  messages). */
    stats::Estimate beta_mean() const;

    /** One-way time i -> j of M bytes. */
    double p2p(int i, int j, double M) const;
    /** Linear scatter/gather, point-to-point messages one after another. */
    double sg_linear_sequential(int root, double M) const;
    /** Linear scatter/gather, point-to-point messages all at once. */
    double sg_linear_parallel(int root, double M) const;
    /** Binomial scatter/gather on the tree of MPIB_Scatter_binomial. */
    double sg_binomial(int root, double M) const;
    /** Homogeneous one-way time alpha + beta M. */
    double h_p2p(double M) const;
    /** Homogeneous linear sequential scatter/gather: (n-1)(alpha+beta M). */
    double h_sg_linear_sequential(double M) const;
    /** Homogeneous linear parallel scatter/gather: alpha + beta M. */
    double h_sg_linear_parallel(double M) const;
    /** Homogeneous binomial: ceil(log2 n) alpha + (n-1) beta M. */
    double h_sg_binomial(double M) const;
};

/**
 * Solves the Hockney model from roundtrips measured over message sizes:
 * rt[s][p] is the roundtrip (M = sizes[s] each way) of pair p of
 * all_pairs(n). Needs at least two distinct sizes.
 */
Hockney hockney_from_roundtrips(int n, const std::vector<long> &sizes,
                                const std::vector<std::vector<bench::Result>> &rt,
                                double cl);

/**
 * As hockney_from_roundtrips, with size segments: pair p's sizes are cut
 * at the starts of segments[pair_class[p]] and a line is fitted to each
 * segment's sizes (a segment with fewer than two sizes joins the one
 * before it).
 */
Hockney hockney_from_roundtrips(int n, const std::vector<long> &sizes,
                                const std::vector<std::vector<bench::Result>> &rt,
                                double cl, const std::vector<int> &pair_class,
                                const std::vector<std::vector<long>> &segments);

/**
 * As hockney_from_roundtrips with segments, each pair with its own sizes
 * (an adaptive sweep, model_build.h: sizes of the pair's class):
 * rt[p][s] is pair p's roundtrip at sizes[p][s] (increasing, at least
 * two). pair_class may be empty if no class has segments.
 */
Hockney hockney_from_pair_sweeps(
    int n, const std::vector<std::vector<long>> &sizes,
    const std::vector<std::vector<bench::Result>> &rt, double cl,
    const std::vector<int> &pair_class,
    const std::vector<std::vector<long>> &segments);

} // namespace cpm::models

/** @} */

#endif
