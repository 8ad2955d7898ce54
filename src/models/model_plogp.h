/**
 * \file model_plogp.h
 * \brief The parameterised LogP model (PLogP; Kielmann, Bal, Verstoep
 *        2000) and the LogGP model derived from it as the CPM 1.0.1
 *        manual does (section 4.6). No MPI.
 *
 * PLogP, one way i -> j, M bytes:
 *
 *     T_ij(M) = L_ij + g_ij(M)
 *
 * L_ij: end-to-end latency; os_ij(M), or_ij(M): the times the sender and
 * the receiver are busy in the send and the receive call; g_ij(M) >= os,
 * or: the gap, the least time between consecutive messages. os, or and g
 * are measured at sizes m_1 < ... < m_K (benchmark_plogp.h), piecewise
 * linear in between and extended by the two nearest sizes' line; L_ij =
 * RTT_ij(0)/2 - g_ij(0). Pairs are symmetric, measured with the lower
 * rank as initiator.
 *
 * LogGP, one way i -> j, M bytes, derived per pair (Mmax: the largest
 * measured size):
 *
 *     T_ij(M) = L'_ij + 2 o_ij + G_ij (M - 1)
 *     L' = L + g(1) - os(1) - or(1),  2 o = os(1) + or(1),  G = g(Mmax) / Mmax
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

    /** os_ij(M), interpolated. */
    double os_at(int i, int j, double M) const;
    /** or_ij(M), interpolated. */
    double or_at(int i, int j, double M) const;
    /** g_ij(M), interpolated. */
    double g_at(int i, int j, double M) const;
    /** One-way time i -> j of M bytes: L + g(M). */
    double p2p(int i, int j, double M) const;
    /** Linear scatter or gather from root r, M bytes per process. */
    double sg_linear(int root, double M) const;
};

/** The LogGP model of n processes, derived from a PLogP model. */
struct LogGP {
    int n = 0;                      /**< number of processes */
    std::vector<stats::Estimate> L; /**< latency L' per pair (s) */
    std::vector<stats::Estimate> o; /**< overhead o per pair (s) */
    std::vector<stats::Estimate> G; /**< gap per byte per pair (s/B) */
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

    /** One-way time i -> j of M bytes: L + 2o + G (M - 1). */
    double p2p(int i, int j, double M) const;
};

/** Derives LogGP as the manual says (see the top of this file). Throws
 *  cpm::UsageError if no size >= 1 was measured. */
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
};

/** Solves PLogP from measurements: L = RTT(0)/2 - g(0); os, or, g as
 *  measured. Throws cpm::Error if the data are inconsistent (no size 0,
 *  missing pairs). Negative L and os or or above g beyond their intervals
 *  are reported in PLogP::warnings. */
PLogP plogp_solve(const PLogPData &data);

} // namespace cpm::models

/** @} */

#endif
