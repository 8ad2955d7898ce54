/**
 * \file model_hloggp.h
 * \brief The HLogGP model (Bosque, Pastor 2006): LogGP with per-processor
 *        overheads and gaps and per-link latencies and gaps per byte.
 *        No MPI.
 *
 * Parameters: os_i, or_i, g_i per processor (send and receive overhead,
 * gap); L_ij per link (symmetric) and G_ij per direction (gap per byte).
 * One-way time of M bytes i -> j, and the least spacing of a processor's
 * consecutive sends (s) and receives (r):
 *
 *     T_ij(M) = os_i + L_ij + M G_ij + or_j
 *     s_ij(M) = max(g_i, os_i + M G_ij)     r_ij(M) = max(g_j, or_j + M G_ij)
 *
 * Estimated from the PLogP experiments (benchmark_plogp.h) in both
 * directions of every pair: RTT_ij(M) (M bytes i -> j, empty reply),
 * os_ij(0), or_ij(0), g_ij(0), timed by i:
 *
 *     os_i = mean_j os_ij(0),  or_i = mean_j or_ij(0),  g_i = mean_j g_ij(0)
 *     G_ij = least-squares slope of RTT_ij(M) over the measured sizes
 *     L_ij = (RTT_ij(0) + RTT_ji(0))/4 - (os_i + or_i + os_j + or_j)/2
 *
 * Where the roundtrips are piecewise in M (size segments found by
 * model_segments.h on the sweep of each transport class), G_ij is fitted
 * per segment and L_ij too, from the intercepts c_ij^s of the segment's
 * roundtrip lines (segment 0 keeps RTT(0); the empty reply of a roundtrip
 * is in segment 0):
 *
 *     L_ij^s = (c_ij^s + c_ji^s)/2 - (RTT_ij(0) + RTT_ji(0))/4
 *              - (os_i + or_i + os_j + or_j)/2
 *
 * and every prediction takes the L and G of the segment of each message's
 * size. Scatter, gather and kernel predictions, intervals and
 * measurements: doc/model-hloggp.md.
 */
#ifndef CPM_MODEL_HLOGGP_H
#define CPM_MODEL_HLOGGP_H

#include "benchmark_precision.h"
#include "kernel_config.h"
#include "model_data.h"
#include "stats_fit.h"

#include <string>
#include <vector>

/** \addtogroup models
 *  @{ */

namespace cpm::models {

/** The link parameters of a pair i < j from a message size on: a size
 *  segment above the first. */
struct HLogGPPiece {
    long from = 0;        /**< first size of the segment (bytes) */
    stats::Estimate L;    /**< latency in the segment (s) */
    stats::Estimate Gij;  /**< gap per byte i -> j in the segment (s/B) */
    stats::Estimate Gji;  /**< gap per byte j -> i in the segment (s/B) */
};

/** The HLogGP model of n processors. */
struct HLogGP {
    int n = 0;                        /**< number of processors */
    std::vector<stats::Estimate> os;  /**< send overhead per processor (s) */
    std::vector<stats::Estimate> or_; /**< receive overhead per processor */
    std::vector<stats::Estimate> g;   /**< gap per processor (s) */
    std::vector<stats::Estimate> L;   /**< latency per pair i < j (s) */
    /** Gap per byte of i -> j at i * n + j (s/B); the diagonal unused. */
    std::vector<stats::Estimate> G;
    /** Per pair i < j, the segments after the first by increasing first
     *  size (empty: one L and G per link for every size). */
    std::vector<std::vector<HLogGPPiece>> pieces;
    Provenance provenance;            /**< how it was measured */
    std::vector<std::string> warnings; /**< suspicious estimates (not saved) */

    /** "HLogGP". */
    static const char *name() { return "HLogGP"; }
    /** The records: os, or, g per processor; L and G (both directions) per
     *  pair. */
    static const std::vector<RecordSpec> &schema();
    /** Converts to records. */
    ModelData to_data() const;
    /** Converts from records (checked by read_text against schema()).
     *  Negative values are kept: they are what was measured (the build
     *  warned about them). */
    static HLogGP from_data(const ModelData &d);

    /** os_i. */
    double send_overhead(int i) const;
    /** or_i. */
    double recv_overhead(int i) const;
    /** g_i. */
    double gap(int i) const;
    /** L_ij (symmetric). */
    double latency(int i, int j) const;
    /** G_ij, the gap per byte of i -> j. */
    double gap_per_byte(int i, int j) const;
    /** L_ij in the size segment of M. */
    double latency(int i, int j, double M) const;
    /** G_ij in the size segment of M. */
    double gap_per_byte(int i, int j, double M) const;
    /** One-way time i -> j of M bytes: os_i + L_ij + M G_ij + or_j. */
    double p2p(int i, int j, double M) const;
    /** s_ij(M) = max(g_i, os_i + M G_ij): consecutive sends of i. */
    double send_interval(int i, int j, double M) const;
    /** r_ij(M) = max(g_j, or_j + M G_ij): consecutive receives of j. */
    double recv_interval(int i, int j, double M) const;
    /** Linear scatter from root, M bytes per process. */
    double scatter_linear(int root, double M) const;
    /** Linear gather to root, M bytes per process. */
    double gather_linear(int root, double M) const;
    /** Binomial scatter (MPIB_Scatter_binomial's tree). */
    double scatter_binomial(int root, double M) const;
    /** Binomial gather (MPIB_Gather_binomial's tree). */
    double gather_binomial(int root, double M) const;
    /** A phase: max over senders of the sum of their messages' T, a unit
     *  being unit_bytes bytes. Throws cpm::UsageError for a rank outside
     *  the model. */
    double phase(const kernels::Phase &p, double unit_bytes) const;
    /** A kernel: the sum over iterations of the sum of their phases. */
    double kernel(const std::vector<std::vector<kernels::Phase>> &iterations,
                  double unit_bytes) const;
};

/** The measurements hloggp_solve needs, per ordered pair e = i * n + j
 *  (i initiator, j partner; the diagonal unused). */
struct HLogGPData {
    int n = 0;               /**< processes */
    std::vector<long> sizes; /**< increasing, distinct, starting with 0 */
    /** RTT_ij at [size k][i * n + j]: sizes[k] bytes out, empty reply. */
    std::vector<std::vector<bench::Result>> rtt;
    std::vector<bench::Result> os;  /**< os_ij(0) at i * n + j */
    std::vector<bench::Result> or_; /**< or_ij(0) at i * n + j */
    std::vector<bench::Result> g;   /**< g_ij(0) at i * n + j */
    /** Per pair i < j (pair_index order), the first sizes of its segments
     *  after the first (empty: one segment). */
    std::vector<std::vector<long>> starts;
};

/** Solves HLogGP from measurements (the equations at the top of this
 *  file); cl is the confidence level of the intervals of means and fits.
 *  Throws cpm::Error if the data are inconsistent (no size 0, fewer than
 *  two sizes, missing pairs). Negative L or G and a send overhead above
 *  the gap beyond their intervals are reported in warnings. */
HLogGP hloggp_solve(const HLogGPData &data, double cl);

} // namespace cpm::models

/** @} */

#endif
