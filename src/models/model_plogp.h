/**
 * \file model_plogp.h
 * \brief The parameterised LogP model (PLogP; Kielmann, Bal, Verstoep
 *        2000) and the LogGP model derived from it as the CPM 1.0.1
 *        manual does (section 4.6). No MPI.
 *
 * PLogP, one way i -> j, M bytes:
 *
 *     T_ij(M) = L_ij + g_ij(M),   g_ij(M) = RTT_ij(M) - RTT_ij(0) + g_ij(0)
 *
 * for the time of a message: g(M) derived from the roundtrips as
 * Kielmann et al.'s logp_mpi does by default, so that T_ij(M) =
 * RTT_ij(M) - RTT_ij(0)/2. The gaps measured directly from trains (logp_mpi's
 * direct option), kept as the table g, are the spacing of consecutive
 * messages (scatter, gather); where the transport pipelines a train they
 * are shorter than the g of a single message.
 *
 * L_ij: end-to-end latency; os_ij(M), or_ij(M): the times the sender and
 * the receiver are busy in the send and the receive call; g_ij(M) >= os,
 * or: the gap, the least time between consecutive messages. os, or and g
 * are measured at sizes m_1 < ... < m_K (benchmark_plogp.h), piecewise
 * linear in between and extended by the two nearest sizes' line; L_ij =
 * RTT_ij(0)/2 - g_ij(0). Pairs are symmetric, measured with the lower
 * rank as initiator. Where the transport changes protocol the sizes of a
 * pair fall into size segments (model_segments.h) starting at measured
 * sizes; the interpolation then stays inside the segment of M (its two
 * nearest sizes in that segment), never drawing a line across a break.
 *
 * LogGP, one way i -> j, M bytes, derived per pair (Mmax: the largest
 * measured size):
 *
 *     T_ij(M) = L'_ij + 2 o_ij + G_ij (M - 1)
 *     L' = L + g(1) - os(1) - or(1),  2 o = os(1) + or(1),  G = g(Mmax) / Mmax
 *
 * and, for a PLogP model with size segments, per segment s (a_s its first
 * size >= 1; c0_s + c1_s M the least-squares line of g over its sizes >= 1):
 *
 *     G^s = c1_s,  2 o^s = os(a_s) + or(a_s),  L'^s = L + c0_s + c1_s - 2 o^s
 *
 * so that T_ij(M) = L + c0_s + c1_s M in segment s.
 *
 * Experiments, intervals, the scatter/gather prediction and the size that
 * stands for 1 byte when it was not measured: doc/models.md, sections
 * PLogP and LogGP.
 */
#ifndef CPM_MODEL_PLOGP_H
#define CPM_MODEL_PLOGP_H

#include "benchmark_precision.h"
#include "model_data.h"
#include "stats_fit.h"

#include <string>
#include <utility>
#include <vector>

/** \addtogroup models
 *  @{ */

namespace cpm::models {

/** The PLogP model of n processes. */
struct PLogP {
    int n = 0;                       /**< number of processes */
    std::vector<long> sizes;         /**< measured sizes m_k, increasing */
    std::vector<stats::Estimate> L;  /**< latency per pair (s) */
    /** Per pair, per size k: send overhead os(m_k) (s). */
    std::vector<std::vector<stats::Estimate>> os;
    /** Per pair, per size k: receive overhead or(m_k) (s). */
    std::vector<std::vector<stats::Estimate>> or_;
    /** Per pair, per size k: gap g(m_k) (s). */
    std::vector<std::vector<stats::Estimate>> g;
    /** Per pair, per size k: roundtrip RTT(m_k), the mean of m_k bytes
     *  out with an empty reply and an empty request with m_k bytes back
     *  (s); empty in a model saved before it was recorded. */
    std::vector<std::vector<stats::Estimate>> rtt;
    /** Per pair, the first sizes of its size segments after the first
     *  (measured sizes, increasing; empty: one segment for every size). */
    std::vector<std::vector<long>> starts;
    Provenance provenance;           /**< how it was measured */
    std::vector<std::string> warnings; /**< suspicious estimates (not saved) */

    /** "PLogP". */
    static const char *name() { return "PLogP"; }
    /** The records: L per pair; os, or, g per pair and size. */
    static const std::vector<RecordSpec> &schema();
    /** Converts to records. */
    ModelData to_data() const;
    /** Converts from records (checked by read_text against schema()). */
    static PLogP from_data(const ModelData &d);

    /** Whether some pair has more than one size segment. */
    bool segmented() const;
    /** The indices [first, second) of the sizes of the segment of pair p
     *  that holds M (all sizes if the pair has one segment). */
    std::pair<std::size_t, std::size_t> span(int p, double M) const;

    /** os_ij(M), interpolated. */
    double os_at(int i, int j, double M) const;
    /** or_ij(M), interpolated. */
    double or_at(int i, int j, double M) const;
    /** g_ij(M), interpolated. */
    double g_at(int i, int j, double M) const;
    /** RTT_ij(M), interpolated (throws cpm::Error if not recorded). */
    double rtt_at(int i, int j, double M) const;
    /** One-way time i -> j of M bytes: L + g_RTT(M) = RTT(M) - RTT(0)/2
     *  if the roundtrips are recorded, else L + g(M). */
    double p2p(int i, int j, double M) const;
    /** g_RTT(k): the gap at size k as logp_mpi derives it from the
     *  roundtrips, RTT(m_k) - RTT(0) + g(0) (g(m_k) if the roundtrips are
     *  not recorded or size 0 was not measured). */
    double g_rtt(std::size_t p, std::size_t k) const;
    /** Linear scatter or gather from root r, M bytes per process. */
    double sg_linear(int root, double M) const;
    /** Linear scatter, the root's send overheads one after another (rank
     *  order), each transfer after its own send:
     *  max_k (sum_{j <= k} os_{r x_j}(M) + T_{r x_k}(M) - os_{r x_k}(M)). */
    double scatter_positional(int root, double M) const;
    /** Linear gather, the root's receive overheads one after another in
     *  the order of arrival A_x = T_{x r}(M) - or_{r x}(M), each after its
     *  message arrived: F_k = max(F_{k-1}, A_{y_k}) + or_{r y_k}(M), the
     *  y_k by increasing A. */
    double gather_queue(int root, double M) const;
};

/** The LogGP parameters of a pair from a message size on: a size
 *  segment above the first. */
struct LogGPPiece {
    long from = 0;        /**< first size of the segment (bytes) */
    stats::Estimate L;    /**< latency L' in the segment (s) */
    stats::Estimate o;    /**< overhead o in the segment (s) */
    stats::Estimate G;    /**< gap per byte in the segment (s/B) */
};

/** The LogGP model of n processes, derived from a PLogP model. */
struct LogGP {
    int n = 0;                      /**< number of processes */
    std::vector<stats::Estimate> L; /**< latency L' per pair (s), the
                                         first size segment */
    std::vector<stats::Estimate> o; /**< overhead o per pair (s), the
                                         first size segment */
    std::vector<stats::Estimate> G; /**< gap per byte per pair (s/B), the
                                         first size segment */
    /** Per pair, the parameters of the segments after the first, by
     *  increasing first size (empty: one set for every size). */
    std::vector<std::vector<LogGPPiece>> pieces;
    Provenance provenance;          /**< the PLogP's, with `derivation` */
    std::vector<std::string> warnings; /**< notes on the derivation (not saved) */

    /** "LogGP". */
    static const char *name() { return "LogGP"; }
    /** The records: L, o, G per pair. */
    static const std::vector<RecordSpec> &schema();
    /** Converts to records. */
    ModelData to_data() const;
    /** Converts from records (checked by read_text against schema()). */
    static LogGP from_data(const ModelData &d);

    /** One-way time i -> j of M bytes: L + 2o + G (M - 1), with the
     *  parameters of the segment of M. */
    double p2p(int i, int j, double M) const;
};

/** Derives LogGP as the manual says (see the top of this file), per size
 *  segment if the PLogP model has segments (a segment with fewer than two
 *  sizes >= 1 joins the one before it). Throws cpm::UsageError if no size
 *  >= 1 was measured. */
LogGP loggp_from_plogp(const PLogP &p);

/** The PLogP measurements the solver needs: [size][pair], pairs in the
 *  order of all_pairs(n), the lower rank the initiator. */
struct PLogPData {
    int n = 0;                 /**< processes */
    std::vector<long> sizes;   /**< increasing, distinct, with 0 */
    std::vector<std::vector<bench::Result>> rtt; /**< m out, empty reply */
    std::vector<std::vector<bench::Result>> os;  /**< send calls */
    std::vector<std::vector<bench::Result>> or_; /**< delayed receives */
    std::vector<std::vector<bench::Result>> g;   /**< gaps from trains */
    /** Empty request, m back (may be empty: then RTT is rtt alone). */
    std::vector<std::vector<bench::Result>> rtt_back;
    /** Per pair, the first sizes of its segments after the first (each a
     *  measured size above 0); empty: one segment. */
    std::vector<std::vector<long>> starts;
};

/** Solves PLogP from measurements: L = RTT(0)/2 - g(0); os, or, g as
 *  measured; the segments as given. Throws cpm::Error if the data are
 *  inconsistent (no size 0, missing pairs, a segment start that is not a
 *  measured size above 0). Negative L and os or or above g beyond their intervals
 *  are reported in PLogP::warnings. */
PLogP plogp_solve(const PLogPData &data);

} // namespace cpm::models

/** @} */

#endif
