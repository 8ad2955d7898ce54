/**
 * \file model_lmo.h
 * \brief The LMO heterogeneous model (Lastovetsky, Mkwawa, O'Flynn). No MPI.
 *
 * Point to point, i -> j, M bytes:
 *
 *     T_ij(M) = C_i + L_ij + C_j + M (t_i + 1/beta_ij + t_j)
 *
 * C_i, t_i: fixed and per-byte processing delays of processor i;
 * L_ij, beta_ij: latency and transmission rate of the link (symmetric).
 *
 * Experiments (all times measured on the initiator):
 *   empty roundtrip       T_ij(0)  = 2 (C_i + L_ij + C_j)
 *   empty one-to-two      T_i(0)   = 3 C_i + max_x 2 (L_ix + C_x)
 *                                  = C_i + max_x T_ix(0)
 *   one-to-one, M out, empty reply
 *                         T1_ij(M) = 2 (C_i + L_ij + C_j) + M (t_i + 1/beta_ij + t_j)
 *   one-to-two, M out, empty replies
 *                         T_i(M)   = 3 C_i + 2 M t_i + max_x (2 L_ix + 2 C_x + M/beta_ix + M t_x)
 *                                  = C_i + M t_i + max_x T1_ix(M)
 * In a one-to-two experiment the root sends to the farther peer second;
 * its two sends are serialised, and it processes the nearer peer's reply
 * while the farther one's is still on its way, so only one of the two
 * receive delays shows (CPM 1.0.1's manual counts both, 4 C_i: exact only
 * if both replies arrive together; see doc/models.md).
 * For each triplet i < j < k the six equations of each kind are solved:
 *   C_i = T_i(0) - max_x T_ix(0),   L_ij = T_ij(0)/2 - C_i - C_j,
 *   t_i = (T_i(M) - max_x T1_ix(M) - C_i) / M,
 *   1/beta_ij = (T1_ij(M) - 2 C_i - 2 L_ij - 2 C_j) / M - t_i - t_j,
 * and every parameter is the mean of its estimates over the triplets that
 * contain it, with a Student-t confidence interval.
 *
 * Collectives with root r over the other n-1 processes (manual 4.4.2.10-11,
 * paper section 3):
 *   one-to-many (scatter): (n-1)(C_r + t_r M) + max_i T'_ri(M)  if M <= S
 *                          (n-1)(C_r + t_r M) + sum_i T'_ri(M)  if M > S
 *   many-to-one (gather):  (n-1)(C_r + t_r M) + max_i T'_ri(M) + kappa1 M
 *                                                              if M <= M2
 *                          (n-1)(C_r + t_r M) + sum_i T'_ri(M) + kappa2 M
 *                                                              if M > M2
 * with T'_ri(M) = L_ri + C_i + M (1/beta_ri + t_i). Between M1 and M2 the
 * gather time escalates irregularly; the model predicts the time without
 * escalations there. S, M1, M2 are found from one-to-many and many-to-one
 * timings over message sizes (Bai-Perron breakpoints and the escalation
 * search); kappa1, kappa2 correct the slopes to those of linear fits of the
 * small and large regions.
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
 *  (The paper compares with the first size, T[k] > 10 T[0]; over a sweep
 *  that starts near 0 bytes, ordinary linear growth passes that test.) */
std::optional<std::size_t> first_escalation(const Sweep &s);

} // namespace cpm::models

/** @} */

#endif
