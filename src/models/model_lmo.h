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
 * Variants (not the published formulas; named operations
 * scatter_positional, gather_queue, scatter_shared and gather_shared),
 * with the other processes x_1, x_2, ... in rank order and the root's
 * delay o_r(M) = C_r + t_r M:
 *
 *   one-to-many, the k-th send's delay before the k-th transfer only:
 *     max_k ( k o_r(M) + T'_{r x_k}(M) )
 *   many-to-one, the root's receive delays one after another, in the
 *   order of arrival (y_1, y_2, ... by increasing T'_{r y}(M)), each after
 *   its message has arrived:
 *     F_k = max(F_{k-1}, T'_{r y_k}(M)) + o_r(M),  F_0 = -inf;  F_{n-1}
 *   and both with the transfers sharing the root's interface, of capacity
 *   B_r = max_i beta_ri, weighted by 1/L_ri (scatter_shared, gather_shared;
 *   model_sharing.h): transfer k moves M bytes from s_k on, at most at
 *   beta_{r x_k}, and arrives at a_k;
 *     scatter: s_k = k o_r(M) + L_{r x_k},       max_k ( a_k + o_{x_k}(M) )
 *     gather:  s_k = o_{x_k}(M) + L_{r x_k},     F_k as above with a_k
 *                                                 for T'_{r y_k}(M)
 *   (o_x(M) = C_x + t_x M).
 *
 * (doc/results/collectives-accuracy.md: where they predict better).
 *
 * Where the point-to-point time is piecewise in M (model_segments.h), every
 * parameter has a value per size segment, C_i^s, t_i^s, L_ij^s, beta_ij^s,
 * start_s <= M < start_{s+1}, and every prediction takes the segment of
 * each message's size (an empty message: segment 0).
 *
 * Estimation (the paper's experiment set, per segment at two sizes
 * Ma < Mb inside it, Ma = 0 in segment 0): the one-to-one experiments
 * i -M-> j with empty replies once per ordered pair, the one-to-two experiments
 * r -M-> a,b with empty replies once per root of every triplet; each
 * triplet's system gives C_r, t_r of its roots, averaged over the
 * C(n-1,2) systems of each processor (accumulated per parameter, not
 * stored per triplet) with a Student-t interval; L_ij, beta_ij are the
 * pair's one-way line less those means.
 * S and M2 are Bai-Perron breakpoints of linear scatter and gather sweeps
 * (R strucchange), kept where the sweep's slope changes form (max to sum
 * of the legs), M1 the first tenfold jump of the gather sweep; kappa1,
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

/** The parameters of one size segment after the first. */
struct LmoSegment {
    long from = 0;                    /**< first size of the segment (B) */
    std::vector<stats::Estimate> C;   /**< fixed delay per processor (s) */
    std::vector<stats::Estimate> t;   /**< delay per byte per processor */
    std::vector<stats::Estimate> L;   /**< latency per pair (s) */
    std::vector<stats::Estimate> beta;/**< transmission rate per pair */
};

/** The LMO model of n processes. */
struct LMO {
    int n = 0;                        /**< number of processes */
    std::vector<stats::Estimate> C;   /**< fixed delay per processor (s),
                                           the first size segment */
    std::vector<stats::Estimate> t;   /**< delay per byte per processor
                                           (s/B), the first segment */
    std::vector<stats::Estimate> L;   /**< latency per pair (s), the first
                                           segment */
    std::vector<stats::Estimate> beta;/**< transmission rate per pair (B/s),
                                           the first segment */
    /** The segments after the first, by increasing first size (empty: one
     *  segment for every size, the model of CPM 1.0.1). */
    std::vector<LmoSegment> segments;
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

    /** The segment of size M: 0 for the first (C, t, L, beta), k > 0 for
     *  segments[k-1]. */
    int segment_of(double M) const;
    /** C_i in the segment of M (s). */
    double C_at(int i, double M) const;
    /** t_i in the segment of M (s/B). */
    double t_at(int i, double M) const;
    /** L of pair p (pair_index order) in the segment of M (s). */
    double L_at(int p, double M) const;
    /** beta of pair p in the segment of M (B/s). */
    double beta_at(int p, double M) const;
    /** The time of leg root -> i of the collectives, T'_ri(M) = L_ri + C_i
     *  + M (1/beta_ri + t_i), in the segment of M. */
    double leg(int root, int i, double M) const;

    /** One-way time i -> j of M bytes. */
    double p2p(int i, int j, double M) const;
    /** Scatter of M bytes per process from root (one-to-many). */
    double one2many(int root, double M) const;
    /** Gather of M bytes per process to root (many-to-one). */
    double many2one(int root, double M) const;
    /** Scatter, the per-position variant: the k-th send's delay
     *  precedes the k-th transfer only (rank order). */
    double one2many_positional(int root, double M) const;
    /** Gather, the queue variant: the root's receive delays one after
     *  another in the order of arrival, each after its message arrived. */
    double many2one_queue(int root, double M) const;
    /** Scatter, the shared variant: the per-position variant with the
     *  transfers sharing the root's interface (model_sharing.h). */
    double one2many_shared(int root, double M) const;
    /** Gather, the shared variant: the queue variant with the transfers
     *  sharing the root's interface (model_sharing.h). */
    double many2one_shared(int root, double M) const;

    /** Expected time of a roundtrip i <-> j, M1 bytes out, M2 back. */
    double roundtrip(int i, int j, double M1, double M2) const;
    /** Expected time of a one-to-two experiment r -> a,b with M bytes and
     *  empty replies, sent to the nearer peer first: with s = C_r + t_r M
     *  (the segment of M), R = C_r^0 and f_x = L_rx + C_x +
     *  M (1/beta_rx + t_x) + C_x^0 + L_rx^0 (x's message and reply),
     *  max(s + f_near + R, 2 s + f_far) + R; that is
     *  2 s + max_x f_x + R where the farther reply lags by R - s or more
     *  (always in the first segment, where s = R). */
    double one_to_two(int r, int a, int b, double M) const;
};

/** The point-to-point experiments of one size segment, at two sizes
 *  Ma < Mb inside it. */
struct LmoSegmentData {
    long from = 0;  /**< first size of the segment (0 for the first) */
    double Ma = 0;  /**< smaller size (0 in the first segment) */
    double Mb = 0;  /**< larger size */
    /** One-to-one experiments, Ma bytes out, empty reply, 2 C(n,2): i -> j
     *  for the pairs (i < j) of all_pairs, then j -> i in the same order;
     *  in the first segment (Ma = 0) the empty roundtrips. */
    std::vector<bench::Result> o2oA;
    std::vector<bench::Result> o2oB; /**< the same with Mb bytes */
    /** One-to-two with Ma bytes and empty replies, 3 per triplet of
     *  all_triplets(n), roots i, j, k (measure_triplets' order). */
    std::vector<bench::Result> o2tA;
    std::vector<bench::Result> o2tB; /**< the same with Mb bytes */
};

/** The point-to-point measurements the LMO solver needs. */
struct LmoP2pData {
    int n = 0;                            /**< processes */
    std::vector<LmoSegmentData> segments; /**< by increasing from; the first
                                               from 0 with Ma = 0 */
};

/** Solves C, t, L, beta of every segment (with confidence intervals at
 *  level cl) from the measurements: in each segment, per triplet,
 *  X_r(M) = T_r(M) - max(T_rx(M), T_ry(M)) = C_r + t_r M (one-to-two minus
 *  the larger one-to-one) gives C_r, t_r from Ma and Mb, averaged over the
 *  triplets of r (accumulated per parameter: O(n^2) memory, O(n^3) time;
 *  in a later segment, for a root whose mean X_r does not exceed its
 *  first-segment C_r, only the triplets whose farther one-to-one time
 *  exceeds the nearer by that C_r at both sizes, where X_r is the send
 *  delay whatever it is, or all if fewer than 2 do: doc/models.md);
 *  the pair's one-way line, the mean of T_ij(M) - T_ij^0/2 over its two
 *  directions (the empty reply taken off),
 *  less C_i + C_j and t_i + t_j gives L_ij and 1/beta_ij, so that every
 *  p2p prediction is the pair's measured line.
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
 * First drops S (M2) if the sweep does not change form there: if the
 * slope of the fit above it exceeds that below (below M1 for M2, if
 * set) by less than half of what serialising the transfers adds in the
 * model over the sizes above (slope of the sum of the legs minus that of
 * their max, root 0). Needs the point-to-point parameters.
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
