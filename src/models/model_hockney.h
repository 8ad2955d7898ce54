/**
 * \file model_hockney.h
 * \brief The Hockney model, heterogeneous and homogeneous. No MPI.
 *
 *     T_ij(M) = alpha_ij + beta_ij * M          (one-way, i -> j)
 *
 * alpha_ij is the latency and beta_ij the time per byte of the link
 * between i and j (symmetric). Estimated from roundtrips i <-> j with M
 * bytes each way, whose half is the one-way time: a GSL least-squares fit
 * of T_ij(M)/2 on M over the measured sizes gives alpha_ij and beta_ij
 * with confidence intervals (with the two sizes 0 and M this is the
 * two-point solution alpha = T(0)/2, beta = (T(M) - T(0)) / 2M). The
 * homogeneous model uses the averages alpha and beta over all pairs.
 *
 * Predictions for scatter and gather with root r and M bytes per process
 * (CPM 1.0.1 manual, section Hockney):
 *   linear, sequential:  sum_{i != r} (alpha_ri + beta_ri M)
 *   linear, parallel:    max_{i != r} (alpha_ri + beta_ri M)
 *   binomial:            the tree of MPIB_Scatter_binomial: a node sends
 *                        to its children one after another (subtree of s
 *                        processes: alpha + beta s M), subtrees in parallel
 *   homogeneous:         (n-1)(alpha + beta M), alpha + beta M,
 *                        ceil(log2 n) alpha + (n-1) beta M.
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

/** The Hockney model of n processes. */
struct Hockney {
    int n = 0;                          /**< number of processes */
    std::vector<stats::Estimate> alpha; /**< latency per pair (s) */
    std::vector<stats::Estimate> beta;  /**< time per byte per pair (s/B) */
    Provenance provenance;              /**< how it was measured */

    /** "Hockney". */
    static const char *name() { return "Hockney"; }
    /** The records of a Hockney model file. */
    static const std::vector<RecordSpec> &schema();
    /** Converts to records. */
    ModelData to_data() const;
    /** Converts from records (checked by read_text against schema()). */
    static Hockney from_data(const ModelData &d);

    /** Mean latency over all pairs, with its confidence interval. */
    stats::Estimate alpha_mean() const;
    /** Mean time per byte over all pairs, with its confidence interval. */
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

} // namespace cpm::models

/** @} */

#endif
