/**
 * \file model_lmo.h
 * \brief The LMO heterogeneous model (Lastovetsky, Mkwawa, O'Flynn 2006;
 *        as CPM 1.0.1 estimates it, Lastovetsky, Rychkov, O'Flynn 2008).
 *        No MPI.
 *
 * Point to point, i -> j, M bytes:
 *
 *     T_ij(M) = C_i + L_ij + C_j + M (t_i + 1/beta_ij + t_j)
 *
 * C_i, t_i: fixed and per-byte processing delays of processor i;
 * L_ij, beta_ij: latency and transmission rate of the link (symmetric).
 * Collectives with root r over the other n-1 processes, with
 * T'_ri(M) = L_ri + C_i + M (1/beta_ri + t_i):
 *
 *   one-to-many (scatter):
 *     (n-1)(C_r + t_r M) + max_i T'_ri(M)               if M <= S
 *     (n-1)(C_r + t_r M) + sum_i T'_ri(M)               if M >  S
 *   many-to-one (gather):
 *     (n-1)(C_r + t_r M) + max_i T'_ri(M) + kappa1 M    if M <= M2
 *     (n-1)(C_r + t_r M) + sum_i T'_ri(M) + kappa2 M    if M >  M2
 *
 * (between M1 and M2 the gather escalates irregularly; the prediction is
 * the time without escalations).
 *
 * Estimation: empty roundtrips, and one-to-two and one-to-one experiments
 * on every triplet i < j < k, whose equations are solved per triplet;
 * each parameter is the mean of its estimates, with a Student-t interval.
 * S and M2 are Bai-Perron breakpoints of linear scatter and gather sweeps
 * (R strucchange), M1 the first tenfold jump of the gather sweep; kappa1,
 * kappa2 correct the slopes to least-squares fits of the sweeps. The
 * experiments, their equations and solutions: doc/models.md, section LMO.
 */
#ifndef CPM_MODEL_LMO_H
#define CPM_MODEL_LMO_H

#include "benchmark_precision.h"
#include "model_data.h"
#include "stats_fit.h"

#include <optional>
#include <string>
#include <vector>

/** \addtogroup models
 *  @{ */

namespace cpm::models {

/** The LMO model of n processes. */
struct LMO {
    int n = 0;                        /**< number of processes */
    std::vector<stats::Estimate> C;   /**< fixed delay per processor (s) */
    std::vector<stats::Estimate> t;   /**< delay per byte per processor (s/B) */
    std::vector<stats::Estimate> L;   /**< latency per pair (s) */
    std::vector<stats::Estimate> beta;/**< transmission rate per pair (B/s) */
    std::optional<double> S;          /**< scatter threshold (B) */
    std::optional<double> M1;         /**< gather: end of small sizes (B) */
    std::optional<double> M2;         /**< gather: start of large sizes (B) */
    /** Line fitted to the one-to-many sweep for M <= S (all sizes if no S). */
    std::optional<stats::LineFit> one2many_small;
    /** Line fitted to the one-to-many sweep for M > S. */
    std::optional<stats::LineFit> one2many_large;
    /** Line fitted to the many-to-one sweep for M <= M1 (else M <= M2). */
    std::optional<stats::LineFit> many2one_small;
    /** Line fitted to the many-to-one sweep for M > M2. */
    std::optional<stats::LineFit> many2one_large;
    double kappa1 = 0;                /**< gather slope correction, small */
    double kappa2 = 0;                /**< gather slope correction, large */
    Provenance provenance;            /**< how it was measured */
    std::vector<std::string> warnings;/**< suspicious estimates (not saved) */

    /** "LMO". */
    static const char *name() { return "LMO"; }
    /** The records of an LMO model file. */
    static const std::vector<RecordSpec> &schema();
    /** Converts to records. */
    ModelData to_data() const;
    /** Converts from records (checked by read_text against schema()). */
    static LMO from_data(const ModelData &d);

    /** One-way time i -> j of M bytes. */
    double p2p(int i, int j, double M) const;
    /** Scatter of M bytes per process from root (one-to-many). */
    double one2many(int root, double M) const;
    /** Gather of M bytes per process to root (many-to-one). */
    double many2one(int root, double M) const;

    /** Expected time of a roundtrip i <-> j, M1 bytes out, M2 back. */
    double roundtrip(int i, int j, double M1, double M2) const;
    /** Expected time of a one-to-two experiment r -> a,b with M bytes. */
    double one_to_two(int r, int a, int b, double M) const;
};

/** The point-to-point measurements the LMO solver needs. */
struct LmoP2pData {
    int n = 0;                         /**< processes */
    double M = 0;                      /**< size of the non-empty experiments */
    std::vector<bench::Result> rt0;    /**< empty roundtrips, all_pairs order */
    std::vector<bench::Result> o2t0;   /**< empty one-to-two, 3 per triplet */
    std::vector<bench::Result> o2tM;   /**< one-to-two with M, 3 per triplet */
    std::vector<bench::Result> o2oM;   /**< one-to-one with M, 6 per triplet */
};

/** Solves C, t, L, beta (with confidence intervals at level cl) from the
 *  measurements, for all_triplets(n) in the order of measure_triplets.
 *  Negative or non-finite estimates are reported in LMO::warnings. */
void lmo_solve_p2p(LMO &model, const LmoP2pData &data, double cl);

/** Times of a collective over message sizes. */
struct Sweep {
    std::vector<double> M; /**< sizes, increasing */
    std::vector<double> T; /**< times */
};

/**
 * Fits the small and large regions of the one-to-many and many-to-one
 * sweeps (root 0) split at the thresholds already set, and the slope
 * corrections kappa1, kappa2 against the point-to-point parameters.
 */
void lmo_fit_collectives(LMO &model, const Sweep &one2many,
                         const Sweep &many2one, double cl);

/** The escalation test of the M1 search: the first index k > 0 with
 *  T[k] > 10 T[k-1], a tenfold jump between neighbouring sizes, if any.
 *  (A test against the first size, T[k] > 10 T[0], would pass ordinary
 *  linear growth over a sweep that starts near 0 bytes.) */
std::optional<std::size_t> first_escalation(const Sweep &s);

} // namespace cpm::models

/** @} */

#endif
